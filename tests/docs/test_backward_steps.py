"""lessonkit.show_backward: the steps are pyautograd's own backward pass, node by node."""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from doc_cells import RUNTIME_PYTHON  # noqa: E402

sys.path.insert(0, str(RUNTIME_PYTHON))

from lessonkit.backward_steps import _fmt, backward_steps  # noqa: E402

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


def _vector_graph():
    """Lesson 5's y = 3a + 2b² + log(c) on three-element vectors, weighted by v and summed:
    b reaches the root by two paths (2b times b), so its gradient arrives in two parts."""
    a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = torch.tensor([3.0, 4.0, 5.0], requires_grad=True)
    c = torch.tensor([6.0, 7.0, 8.0], requires_grad=True)
    v = torch.tensor([0.1, 1.0, 0.0001])
    y = 3 * a + 2 * b * b + torch.log(c)
    z = (v * y).sum()
    return dict(a=a, b=b, c=c, v=v, y=y, z=z)


def _step_of(message, text_start):
    return next(k for k, step in enumerate(message["steps"]) if step["text"].startswith(text_start))


def test_vector_graph_shows_only_the_contributions_that_have_arrived():
    """b's line: nothing, then the part through the direct factor b (computed here on its own
    by autograd, with the other path cut), marked unfinished, then the total once 2b has sent
    its part; a and c: nothing until their one consumer has run, then the total."""
    t = _vector_graph()
    message = backward_steps(t["z"], names=t)
    ids = _node_ids(message)
    shown = [step["grads"] for step in message["steps"]]
    a, b, c = t["a"], t["b"], t["c"]
    first_part = torch.autograd.grad((t["v"] * (3 * a + (2 * b).detach() * b + torch.log(c))).sum(), b)[0]
    t["z"].backward(retain_graph=True)
    product = _step_of(message, "×₃:")  # (2b)·b sends to b directly and to 2b
    doubling = _step_of(message, "×₄:")  # 2·b sends the rest
    assert product < doubling
    lines_b = [g[ids["b"]] for g in shown]
    assert lines_b[:product] == [""] * product
    assert lines_b[product:doubling] == [f"grad={_fmt(first_part.numpy())}, আরও আসছে"] * (doubling - product)
    assert lines_b[doubling:] == [f"grad={_fmt(b.grad.numpy())}"] * (len(shown) - doubling)
    assert _fmt(b.grad.numpy()) == "[1.2, 16., 0.002]"
    for leaf, consumer in ((a, "×₂:"), (c, "log:")):
        k = _step_of(message, consumer)
        lines = [g[ids["a" if leaf is a else "c"]] for g in shown]
        assert lines == [""] * k + [f"grad={_fmt(leaf.grad.numpy())}"] * (len(shown) - k)
    for name in "abc":  # the leaf's own step states the total, equal to autograd's .grad
        assert message["steps"][_step_of(message, f"{name}:")]["text"].startswith(
            f"{name}: সব পথ থেকে মোট জমা হলো {_fmt(t[name].grad.numpy())};"
        )


def test_vector_steps_say_the_product_in_words():
    t = _vector_graph()
    texts = [step["text"] for step in backward_steps(t["z"], names=t)["steps"]]
    assert texts[0].startswith("z: শুরু মূল থেকে, ∂মূল/∂মূল = 1.0; ×₁-এর দিকে: যোগফলে প্রতিটি ঘরের")
    assert "() → (3,) = [1., 1., 1.]" in texts[0]
    assert "y-এর দিকে: grad_y = grad(×₁) ⊙ v, ঘরে ঘরে গুণ, আকার (3,) = [0.1, 1., 0.0001]" in texts[1]
    assert "c-এর দিকে: grad_c = grad(log) ⊙ (1/c)" in "".join(texts)
    assert "b-এর দিকে: grad_b = grad(×₃) ⊙ [6., 8., 10.]" in "".join(texts)  # 2b has no name: its value
    assert "b-এ জমা [0.6, 8., 0.001] + [0.6, 8., 0.001] = [1.2, 16., 0.002]" in "".join(texts)
    assert not any("ভেক্টর-জ্যাকোবিয়ান গুণফল" in text for text in texts)  # every op here is explained


def _matrix_graph():
    """Lesson 7's layer: X (2×3, data) @ W (3×2) + b (2,), then relu and the mean."""
    X = torch.tensor([[1.0, 2.0, -1.0], [0.0, 1.0, 2.0]])
    W = torch.tensor([[0.5, -1.0], [1.0, 0.0], [-0.5, 1.0]], requires_grad=True)
    b = torch.tensor([0.1, -0.2], requires_grad=True)
    XW = X @ W
    Y = XW + b
    H = torch.relu(Y)
    L = H.mean()
    return dict(X=X, W=W, b=b, XW=XW, Y=Y, H=H, L=L)


def _labels(message):
    """Node id -> its drawn label lines."""
    found = re.findall(r'(n\d+) \[id="bw-n\d+", label="((?:[^"\\]|\\.)*)"', message["dot"])
    return {node: label.split("\\n") for node, label in found}


def test_shapes_and_small_values_on_the_nodes():
    t = _matrix_graph()
    message = backward_steps(t["L"], names=t)
    labels = {lines[0].split("  [")[0]: lines for lines in _labels(message).values()}
    assert labels["W"][1] == "shape=(3, 2)" and not any(line.startswith("value=") for line in labels["W"])
    assert labels["b"][1:3] == ["shape=(2,)", "value=[0.1, -0.2]"]
    assert labels["XW"][:3] == ["XW  [MmBackward0]", "shape=(2, 2)", "value=[[3., -2.], [0., 2.]]"]
    assert labels["L"][:2] == ["L  [MeanBackward0]", "value=1.25"]  # one number: no shape line
    v = _vector_graph()
    unnamed = {lines[0]: lines for lines in _labels(backward_steps(v["z"], names=v)).values()}
    assert unnamed["log  [LogBackward0]"][1] == "shape=(3,)"  # an op's shape is its gradient's


def test_matrix_steps_explain_the_product_and_the_bias_sum():
    t = _matrix_graph()
    message = backward_steps(t["L"], names=t)
    texts = [step["text"] for step in message["steps"]]
    assert "H-এর দিকে: গড়ে প্রতিটি ঘরের ভাগ 1/4, তাই প্রতিটি ঘরে পৌঁছায় grad_L / 4" in texts[0]
    assert "grad_Y = grad_H ⊙ (Y > 0)" in texts[1] and "⊙ [[1., 0.], [1., 1.]]" in texts[1]
    assert "b-এর দিকে: grad_b = Σ grad_Y; ব্রডকাস্টিং-এ b-এর" in texts[2]
    assert "(2, 2) → (2,) = [0.5, 0.25]" in texts[2]
    assert "W-এর দিকে: grad_W = Xᵀ · grad_XW, আকারে (2, 3)ᵀ · (2, 2) → (3, 2)।" in texts[3]
    edges = dict(re.findall(r'\[id="bw-(e\d+)", label="([^"]+)"', message["dot"]))
    assert sorted(edges.values()) == sorted(["÷4", "⊙(Y > 0)", "1", "Σ→(2,)", "Xᵀ·"])


def test_matrix_gradient_is_never_shown_before_it_arrives_and_ends_as_autograds():
    t = _matrix_graph()
    message = backward_steps(t["L"], names=t)
    ids = {lines[0].split("  [")[0]: node for node, lines in _labels(message).items()}
    shown = [step["grads"] for step in message["steps"]]
    t["L"].backward()
    W_grad, b_grad = t["W"].grad.numpy(), t["b"].grad.numpy()
    assert _fmt(W_grad) == "[[0.25, 0.], [0.75, 0.25], [0.25, 0.5]]"
    arrives = {"W": 3, "b": 2}  # the steps of XW (W's one consumer) and of Y (b's)
    finals = {"W": f"grad=[{_fmt(W_grad[0])}, …]", "b": f"grad={_fmt(b_grad)}"}  # W: 6 numbers, its first row
    for name, k in arrives.items():
        assert [g[ids[name]] for g in shown] == [""] * k + [finals[name]] * (len(shown) - k), name
    assert message["steps"][-1]["text"].startswith(f"W: সব পথ থেকে মোট জমা হলো {_fmt(W_grad)};")


def test_names_work_where_name_cannot_be_set_and_must_be_a_dict():
    t = _matrix_graph()
    assert all(tensor.name is None for tensor in t.values())  # nothing was named on the tensors
    with pytest.raises(TypeError, match="names must be a dict"):
        backward_steps(t["L"], names=[t["W"]])


def test_big_gradients_show_their_start_or_their_norm():
    x = torch.ones(2, 2, 2, requires_grad=True)
    v = torch.arange(6.0, requires_grad=True)
    s = (x * 2).sum() + (v * v).sum()
    message = backward_steps(s, names={"x": x, "v": v})
    final = message["steps"][-1]["grads"]
    ids = _node_ids(message)
    assert final[ids["v"]] == "grad=[0., 2., 4., …]"
    assert final[ids["x"]] == f"‖grad‖={(8 * 4) ** 0.5:.4g}"
    assert "v: সব পথ থেকে মোট জমা হলো [0., 2., 4., 6., 8., 10.]" in "".join(
        s["text"] for s in message["steps"]
    )


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


def test_transpose_expand_sum_over_a_dim_and_tanh_in_words():
    W = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
    b = torch.tensor([0.5, -0.5, 1.0], requires_grad=True)
    Wt = W.t()
    B = b.expand(2, 3)
    H = torch.tanh(Wt.t() + B)
    s = H.sum(dim=0)
    loss = s.mean()
    message = backward_steps(loss, names=dict(W=W, b=b, Wt=Wt, B=B, H=H, s=s, loss=loss))
    text = " ".join(step["text"] for step in message["steps"])
    assert "গড়ে প্রতিটি ঘরের ভাগ 1/3, তাই প্রতিটি ঘরে পৌঁছায় grad_loss / 3 (সব ঘরে কপি): () → (3,)" in text
    assert "পৌঁছায় grad_s (যে মাত্রা ধরে হিসাব হয়েছিল, সেই মাত্রা বরাবর কপি): (3,) → (2, 3)" in text
    assert "grad(+) = grad_H ⊙ (1 − H²), ঘরে ঘরে গুণ, আকার (2, 3)" in text
    assert "grad_b = Σ grad_B; ব্রডকাস্টিং-এ b-এর একই সংখ্যা" in text and "(2, 3) → (3,) = " in text
    assert "grad_W = (grad_Wt)ᵀ: গ্রেডিয়েন্ট উল্টো ঘুরে ইনপুটের আকারে ফেরে, (3, 2) → (2, 3)" in text
    heads = re.findall(r'label="([^"\\]+?)\\n', message["dot"])
    assert {"T  [TBackward0]", "B  [ExpandBackward0]", "s  [SumBackward1]"} <= set(heads), heads
    loss.backward()
    final = message["steps"][-1]["grads"]
    ids = _node_ids(message)
    assert final[ids["b"]] == f"grad={_fmt(b.grad.numpy())}"
    assert final[ids["W"]] == f"grad=[{_fmt(W.grad.numpy()[0])}, …]"
