"""viz.to_dot on the lessons' graphs: exact DOT text, stable order, names, values, grads."""

import re

import pyautograd as torch
from pyautograd.viz import to_dot

HEAD = 'digraph {\n  rankdir=LR;\n  node [fontname="Helvetica", fontsize=11];\n'
OUT = 'shape=box, style="rounded,filled", fillcolor="#fde2b8"'
LEAF = 'shape=box, style="rounded,filled", fillcolor="#cfe6ff"'
MID = 'shape=box, style="rounded,filled", fillcolor="#eeeeee"'
OP = 'shape=ellipse, style="filled", fillcolor="#ffffff"'


def lesson1():
    x = torch.tensor(2.0, requires_grad=True)
    y = torch.tensor(3.0, requires_grad=True)
    z = x * y + x**2
    x.name, y.name, z.name = "x", "y", "z"
    return x, y, z


def test_lesson1_graph_before_and_after_backward():
    x, y, z = lesson1()
    assert to_dot(z) == HEAD + (
        f'  n0 [label="z\\nvalue=10.0", {OUT}];\n'
        f'  n1 [label="AddBackward0", {OP}];\n'
        f'  n2 [label="MulBackward0", {OP}];\n'
        f'  n3 [label="x\\nvalue=2.0", {LEAF}];\n'
        f'  n4 [label="y\\nvalue=3.0", {LEAF}];\n'
        f'  n5 [label="PowBackward0", {OP}];\n'
        "  n3 -> n2;\n  n4 -> n2;\n  n2 -> n1;\n  n3 -> n5;\n  n5 -> n1;\n  n1 -> n0;\n}\n"
    )
    z.backward()
    after = to_dot(z)
    assert '"x\\nvalue=2.0\\ngrad=7.0"' in after and '"y\\nvalue=3.0\\ngrad=2.0"' in after
    assert '"x\\nvalue=2.0"' in to_dot(z, show_grads=False)


def test_same_graph_same_text():
    assert to_dot(lesson1()[2]) == to_dot(lesson1()[2])


def test_lesson3_network_with_named_intermediates():
    w1, w2, b1, w3, b2 = (torch.tensor(v, requires_grad=True) for v in (0.5, -0.5, 0.5, 2.0, 0.0))
    x1, x2, y = torch.tensor(1.0), torch.tensor(2.0), torch.tensor(0.0)
    z1 = w1 * x1 + w2 * x2 + b1
    h = torch.sigmoid(z1)
    yhat = w3 * h + b2
    loss = (yhat - y) ** 2
    loss.backward()
    for t, name in [
        (w1, "w1"),
        (w2, "w2"),
        (b1, "b1"),
        (w3, "w3"),
        (b2, "b2"),
        (x1, "x1"),
        (z1, "z1"),
        (h, "h"),
        (yhat, "yhat"),
        (loss, "L"),
    ]:
        t.name = name
    dot = to_dot(loss)
    labels = re.findall(r'label="([^"]*)"', dot)
    assert labels == [
        "L\\nvalue=1.0",
        "PowBackward0",
        "SubBackward0",
        "yhat\\nvalue=1.0",
        "AddBackward0",
        "MulBackward0",
        "w3\\nvalue=2.0\\ngrad=1.0",
        "h\\nvalue=0.5",
        "SigmoidBackward0",
        "z1\\nvalue=0.0",
        "AddBackward0",
        "AddBackward0",
        "MulBackward0",
        "w1\\nvalue=0.5\\ngrad=1.0",
        "MulBackward0",
        "w2\\nvalue=-0.5\\ngrad=2.0",
        "b1\\nvalue=0.5\\ngrad=1.0",
        "b2\\nvalue=0.0\\ngrad=2.0",
    ]
    # data flows op -> named tensor -> next op, and every edge points at a declared node
    assert "  n8 -> n7;\n" in dot and "  n7 -> n5;\n" in dot  # sigmoid -> h -> mul
    nodes = set(re.findall(r"^  (n\d+) \[", dot, re.M))
    for src, dst in re.findall(r"^  (n\d+) -> (n\d+);", dot, re.M):
        assert src in nodes and dst in nodes
    assert "x1" not in dot  # constants are not part of the graph
    assert dot.count("MulBackward0") == 3 and dot.count("AddBackward0") == 3


def test_big_tensors_show_shapes_and_escape_names():
    w = torch.ones(3, 4, requires_grad=True)
    w.name = 'weight "W"'
    out = (w @ torch.ones(4, 2)).sum()
    dot = to_dot(out, show_values=True)
    assert f'label="weight \\"W\\"\\nshape=(3, 4)", {LEAF}' in dot
    assert 'label="value=24.0"' in dot  # unnamed output: just its value
    assert 'label="shape=()"' in to_dot(out, show_values=False)


def test_small_vectors_show_values_and_leaf_alone():
    v = torch.tensor([1.0, 2.0], requires_grad=True)
    assert 'label="value=[1., 2.]"' in to_dot(v)
    assert to_dot(v).count("->") == 0


def test_several_outputs_share_leaves():
    a = torch.tensor(1.0, requires_grad=True)
    a.name = "a"
    dot = to_dot([a * 2, a + 1])
    assert dot.count('label="a\\nvalue=1.0"') == 1
    assert len(re.findall(r"fde2b8", dot)) == 2


def test_a_5000_step_graph_is_walked_without_recursion():
    """to_dot walks the graph with its own stack: a long chain (a loop of ``s = s + x``)
    gives its DOT text, not a RecursionError."""
    x = torch.tensor(1.0, requires_grad=True)
    s = x
    for _ in range(5000):
        s = s + x
    dot = to_dot(s)
    assert dot.count("AddBackward0") == 5000
    assert dot.count(" -> ") == 2 * 5000  # each add: from s and from x (the leaf drawn once)
    assert dot.count("value=1.0") == 1


def test_a_long_chain_keeps_the_depth_first_numbering():
    """The walk's order is the recursive one's: output, then its op, then down the first input."""
    x = torch.tensor(1.0, requires_grad=True)
    x.name = "x"
    s = x * 2
    s = s + x
    assert to_dot(s) == HEAD + (
        f'  n0 [label="value=3.0", {OUT}];\n'
        f'  n1 [label="AddBackward0", {OP}];\n'
        f'  n2 [label="MulBackward0", {OP}];\n'
        f'  n3 [label="x\\nvalue=1.0", {LEAF}];\n'
        "  n3 -> n2;\n  n2 -> n1;\n  n3 -> n1;\n  n1 -> n0;\n}\n"
    )
