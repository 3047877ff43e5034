"""lessonkit.show_backward: the steps are pyautograd's own backward pass, node by node."""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from doc_cells import RUNTIME_PYTHON  # noqa: E402

sys.path.insert(0, str(RUNTIME_PYTHON))

from lessonkit.backward_steps import backward_steps  # noqa: E402

import pyautograd as torch  # noqa: E402


def _shared_input_graph():
    x = torch.tensor(2.0, requires_grad=True)
    y = torch.tensor(3.0, requires_grad=True)
    x.name, y.name = "x", "y"
    a = x * y
    a.name = "a"
    b = x * x
    b.name = "b"
    z = a + b
    z.name = "z"
    return x, y, z


def test_shared_input_accumulates_and_matches_autograd():
    x, y, z = _shared_input_graph()
    message = backward_steps(z, title="z")
    assert message["kind"] == "backward" and message["title"] == "z"
    texts = [step["text"] for step in message["steps"]]
    assert len(texts) == 5  # z, a, b, then the leaves y and x
    assert texts[0].startswith("z: শুরু মূল থেকে")
    assert "x-এর দিকে 1.0 × 3.0 = 3.0" in texts[1]
    assert "x-এ জমা 3.0 + 2.0 = 5.0" in texts[2] and "x-এ জমা 5.0 + 2.0 = 7.0" in texts[2]
    assert texts[-1].startswith("x: সব পথ থেকে মোট জমা হলো 7.0")
    assert x.grad is None and y.grad is None, "the display must not write any .grad"
    z.backward()
    final = message["steps"][-1]["grads"]
    ids = _node_ids(message)
    assert final[ids["x"]] == "grad=7.0" and x.grad.item() == 7.0
    assert final[ids["y"]] == "grad=2.0" and y.grad.item() == 2.0


def _node_ids(message):
    """Node name (the label's first line) -> its id in the drawing."""
    found = re.findall(r'(n\d+) \[id="bw-n\d+", label="([^"\\]+)', message["dot"])
    return {name.split("  [")[0]: node for node, name in found}


def test_gradients_arrive_step_by_step():
    """At each step a node shows only what has reached it by then: nothing before its first
    contribution, a partial sum marked as unfinished, and its final gradient only once every
    consumer has sent (x: nothing, then 3.0 with more to come, then 7.0)."""
    x, y, z = _shared_input_graph()
    message = backward_steps(z)
    ids = _node_ids(message)
    ids["a"], ids["b"] = message["steps"][1]["node"], message["steps"][2]["node"]  # x·y, x·x
    shown = [step["grads"] for step in message["steps"]]
    assert all(set(g) == set(ids.values()) for g in shown), shown
    assert [g[ids["x"]] for g in shown] == ["", "grad=3.0, আরও আসছে", "grad=7.0", "grad=7.0", "grad=7.0"]
    assert [g[ids["y"]] for g in shown] == ["", "grad=2.0", "grad=2.0", "grad=2.0", "grad=2.0"]
    assert [g[ids["z"]] for g in shown] == ["grad=1.0"] * 5
    assert shown[0][ids["a"]] == "grad=1.0" and shown[0][ids["b"]] == "grad=1.0"


def test_every_edge_has_its_local_derivative_and_ids_for_the_page():
    _, _, z = _shared_input_graph()
    message = backward_steps(z)
    edges = re.findall(r'(n\d+) -> (n\d+) \[id="bw-(e\d+)", label="([^"]+)"', message["dot"])
    assert len(edges) == 6  # x -> b appears twice: x is both inputs of x * x
    assert sorted(label for *_, label in edges) == ["1.0", "1.0", "2.0", "2.0", "2.0", "3.0"]
    step_edges = [e for step in message["steps"] for e in step["edges"]]
    assert sorted(step_edges) == sorted(e for _, _, e, _ in edges)
    ids = re.findall(r'\[id="bw-(n\d+)"', message["dot"])
    assert sorted(step["node"] for step in message["steps"]) == sorted(ids)


def test_order_waits_for_every_consumer():
    """u is used by w directly and through 3u: u's step comes after 3u's (lesson 4a)."""
    x = torch.tensor(2.0, requires_grad=True)
    x.name = "x"
    u = x + 1
    u.name = "u"
    three_u = 3 * u
    three_u.name = "3u"
    w = u + three_u
    w.name = "w"
    names = [step["text"].split(":")[0] for step in backward_steps(w)["steps"]]
    assert names.index("u") > names.index("3u")
    assert backward_steps(w)["steps"][-1]["text"].startswith("x: সব পথ থেকে মোট জমা হলো 4.0")


def test_vector_graph_shows_contributions_without_scalar_locals():
    v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    v.name = "v"
    s = (v * v).sum()
    message = backward_steps(s)
    assert "v-এর দিকে ভেক্টর-জ্যাকোবিয়ান গুণফল [1., 2., 3.]" in message["steps"][1]["text"]
    assert "v-এ জমা [1., 2., 3.] + [1., 2., 3.] = [2., 4., 6.]" in message["steps"][1]["text"]
    assert message["steps"][-1]["text"].startswith("v: সব পথ থেকে মোট জমা হলো [2., 4., 6.]")


def test_a_leaf_or_a_constant_is_refused():
    with pytest.raises(ValueError, match="requires_grad"):
        backward_steps(torch.tensor(1.0, requires_grad=True))


def test_lessonkit_imports_where_numpy_did_not_load():
    """The browser still runs plain Python cells when NumPy failed to load: lessonkit must import."""
    import subprocess

    code = (
        "import builtins, sys\n"
        f"sys.path.insert(0, {str(RUNTIME_PYTHON)!r})\n"
        "real = builtins.__import__\n"
        "def blocked(name, *args, **kwargs):\n"
        "    if name.split('.')[0] == 'numpy':\n"
        "        raise ModuleNotFoundError(\"No module named 'numpy'\")\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = blocked\n"
        "import lessonkit\n"
        "print(callable(lessonkit.show_backward), callable(lessonkit.check))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "True True\n", done.stderr
