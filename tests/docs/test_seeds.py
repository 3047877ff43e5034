"""The seeds' PyTorch snippets, run with ``import pyautograd as torch``.

Each snippet below is the code of a PyTorch cell in /work/shared/seeds/*.txt, with
its import lines swapped for pyautograd's.  The expected text is what PyTorch 2.13
prints (also checked live against torch where it is installed).
"""

import contextlib
import io

import pytest

OURS = "import pyautograd as torch\nfrom pyautograd.autograd import Variable\n"
THEIRS = "import torch\nfrom torch.autograd import Variable\n"

# 000: computational graph and gradients
SEED_000 = """
x = torch.tensor(2.0, requires_grad=True)
y = torch.tensor(3.0, requires_grad=True)

z = x * y + x ** 2

print(z)

z.backward()

print(x.grad)
print(y.grad)
"""
SEED_000_OUT = """\
tensor(10., grad_fn=<AddBackward0>)
tensor(7.)
tensor(2.)
"""

# 002: the lesson-21 two-layer network with autograd
SEED_002 = """
x1, x2 = torch.tensor(1.0), torch.tensor(2.0)
y = torch.tensor(0.0)

w1 = torch.tensor(0.5, requires_grad=True)
w2 = torch.tensor(-0.5, requires_grad=True)
b1 = torch.tensor(0.5, requires_grad=True)
w3 = torch.tensor(2.0, requires_grad=True)
b2 = torch.tensor(0.0, requires_grad=True)

z1 = w1 * x1 + w2 * x2 + b1
h  = torch.sigmoid(z1)
yhat = w3 * h + b2
L = (yhat - y) ** 2

L.backward()

print("L =", L.item())
print("dL/dw1 =", w1.grad.item())
print("dL/dw2 =", w2.grad.item())
print("dL/db1 =", b1.grad.item())
print("dL/dw3 =", w3.grad.item())
print("dL/db2 =", b2.grad.item())
"""
SEED_002_OUT = """\
L = 1.0
dL/dw1 = 1.0
dL/dw2 = 2.0
dL/db1 = 1.0
dL/dw3 = 1.0
dL/db2 = 2.0
"""

# 003, example 1: backward(gradient) on a 3-vector
SEED_003_EX1 = """
a = torch.tensor([1.0, 2.0, 3.0], requires_grad = True)
b = torch.tensor([3.0, 4.0, 5.0], requires_grad = True)
c = torch.tensor([6.0, 7.0, 8.0], requires_grad = True)
y=3*a + 2*b*b + torch.log(c)
gradients = torch.FloatTensor([0.1, 1.0, 0.0001])
y.backward(gradients,retain_graph=True)
print(a.grad) # tensor([3.0000e-01, 3.0000e+00, 3.0000e-04])
print(b.grad) # tensor([1.2000e+00, 1.6000e+01, 2.0000e-03])
print(c.grad) # tensor([1.6667e-02, 1.4286e-01, 1.2500e-05])
"""
SEED_003_EX1_OUT = """\
tensor([3.0000e-01, 3.0000e+00, 3.0000e-04])
tensor([1.2000e+00, 1.6000e+01, 2.0000e-03])
tensor([1.6667e-02, 1.4286e-01, 1.2500e-05])
"""

# 003, example 2: scalars, no gradient argument
SEED_003_EX2 = """
a = torch.tensor(0.1, requires_grad = True)
b = torch.tensor(1.0, requires_grad = True)
c = torch.tensor(0.1, requires_grad = True)
y=3*a + 2*b*b + torch.log(c)
y.backward()
print(a.grad) # tensor(3.)
print(b.grad) # tensor(4.)
print(c.grad) # tensor(10.)
"""
SEED_003_EX2_OUT = """\
tensor(3.)
tensor(4.)
tensor(10.)
"""

# 003, example 3: torch.empty -- uninitialised memory, so only shapes are checked
SEED_003_EX3 = """
a = torch.empty(1, requires_grad = True, pin_memory=True)
b = torch.empty(1, requires_grad = True, pin_memory=True)
c = torch.empty(1, requires_grad = True, pin_memory=True)
y=3*a + 2*b*b + torch.log(c)
gradients = torch.FloatTensor([0.1, 1.0, 0.0001])
y.backward(gradients)
print(a.grad) # tensor([3.3003])
print(b.grad) # tensor([0.])
print(c.grad) # tensor([inf])
"""

# 003, example 4: gradients accumulate over two backward calls
SEED_003_EX4 = """
a = torch.tensor(1.0, requires_grad = True)
b = torch.tensor(1.0, requires_grad = True)
c = torch.tensor(1.0, requires_grad = True)
y=3*a + 2*b*b + torch.log(c)
y.backward(retain_graph=True)
y.backward()
print(a.grad) # tensor(6.)
print(b.grad) # tensor(8.)
print(c.grad) # tensor(2.)
"""
SEED_003_EX4_OUT = """\
tensor(6.)
tensor(8.)
tensor(2.)
"""

# 003: Variable and one-hot gradient vectors
SEED_003_ONE_HOT = """
x = Variable(torch.FloatTensor([[1, 2, 3, 4]]), requires_grad=True)
z = 2*x
loss = z.sum(dim=1)
# do backward for first element of z
z.backward(torch.FloatTensor([[1, 0, 0, 0]]), retain_graph=True)
print(x.grad.data)
x.grad.data.zero_() #remove gradient in x.grad, or it will be accumulated
# do backward for second element of z
z.backward(torch.FloatTensor([[0, 1, 0, 0]]), retain_graph=True)
print(x.grad.data)
x.grad.data.zero_()
# do backward for all elements of z, with weight equal to the derivative of
# loss w.r.t z_1, z_2, z_3 and z_4
z.backward(torch.FloatTensor([[1, 1, 1, 1]]), retain_graph=True)
print(x.grad.data)
x.grad.data.zero_()
# or we can directly backprop using loss
loss.backward() # equivalent to loss.backward(torch.FloatTensor([1.0]))
print(x.grad.data)
"""
SEED_003_ONE_HOT_OUT = """\
tensor([[2., 0., 0., 0.]])
tensor([[0., 2., 0., 0.]])
tensor([[2., 2., 2., 2.]])
tensor([[2., 2., 2., 2.]])
"""

SNIPPETS = {
    "000": (SEED_000, SEED_000_OUT),
    "002": (SEED_002, SEED_002_OUT),
    "003_ex1": (SEED_003_EX1, SEED_003_EX1_OUT),
    "003_ex2": (SEED_003_EX2, SEED_003_EX2_OUT),
    "003_ex4": (SEED_003_EX4, SEED_003_EX4_OUT),
    "003_one_hot": (SEED_003_ONE_HOT, SEED_003_ONE_HOT_OUT),
}


def run(prelude, code):
    ns = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(prelude + code, "<seed>", "exec"), ns)
    return out.getvalue(), ns


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_seed_snippet_prints_what_pytorch_prints(name):
    code, expected = SNIPPETS[name]
    out, _ = run(OURS, code)
    assert out == expected


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_expected_text_is_live_pytorch_output(name):
    pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    code, expected = SNIPPETS[name]
    assert run(THEIRS, code)[0] == expected


def test_seed_000_numbers():
    _, ns = run(OURS, SEED_000)
    assert ns["z"].item() == 10.0 and ns["x"].grad.item() == 7.0 and ns["y"].grad.item() == 2.0


def test_seed_002_numbers():
    _, ns = run(OURS, SEED_002)
    grads = [ns[k].grad.item() for k in ("w1", "w2", "b1", "w3", "b2")]
    assert ns["L"].item() == 1.0 and grads == [1.0, 2.0, 1.0, 1.0, 2.0]
    assert ns["h"].item() == 0.5
    assert ns["h"].grad_fn.name() == "SigmoidBackward0"


def test_seed_003_example1_numbers():
    _, ns = run(OURS, SEED_003_EX1)
    a, b, c = (ns[k].grad.tolist() for k in "abc")
    assert a == pytest.approx([0.3, 3.0, 3e-4], rel=1e-6)
    assert b == pytest.approx([1.2, 16.0, 2e-3], rel=1e-6)
    assert c == pytest.approx([0.1 / 6, 1 / 7, 1.25e-5], rel=1e-6)
    assert ns["gradients"].dtype == ns["torch"].float32


def test_seed_003_example2_and_4_numbers():
    _, ns = run(OURS, SEED_003_EX2)
    assert [ns[k].grad.item() for k in "abc"] == pytest.approx([3.0, 4.0, 10.0], rel=1e-6)
    _, ns = run(OURS, SEED_003_EX4)
    assert [ns[k].grad.item() for k in "abc"] == [6.0, 8.0, 2.0]


def _split_example3():
    lines = SEED_003_EX3.strip().splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith("y.backward"))
    return "\n".join(lines[:cut]) + "\n", "\n".join(lines[cut:]) + "\n"


def test_seed_003_example3_runs_and_has_shapes():
    """torch.empty holds whatever memory had: only shapes and dtypes are stable.

    The seed passes a 3-element gradient for a 1-element y; old PyTorch let that
    through, PyTorch 2.13 (and pyautograd) refuse it with the shape-mismatch error.
    """
    head, tail = _split_example3()
    out, ns = run(OURS, head)
    assert out == ""
    for k in "abc":
        assert ns[k].shape == (1,) and ns[k].requires_grad and ns[k].is_leaf
        assert ns[k].dtype == ns["torch"].float32
    assert ns["y"].shape == (1,) and ns["gradients"].shape == (3,)
    with pytest.raises(RuntimeError) as e:
        exec(tail, ns)
    assert str(e.value) == (
        "Mismatch in shape: grad_output[0] has a shape of pyautograd.Size([3]) "
        "and output[0] has a shape of pyautograd.Size([1])."
    )


def test_seed_003_example3_fails_the_same_way_in_pytorch():
    pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    head, tail = _split_example3()
    # pin_memory=True needs an accelerator in PyTorch 2.13; on CPU drop it to reach backward
    _, ns = run(THEIRS, head.replace(", pin_memory=True", ""))
    with pytest.raises(RuntimeError) as e:
        exec(tail, ns)
    assert str(e.value) == (
        "Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) "
        "and output[0] has a shape of torch.Size([1])."
    )


def test_seed_003_one_hot_loss_equals_ones_gradient():
    _, ns = run(OURS, SEED_003_ONE_HOT)
    assert ns["loss"].shape == (1,)
    assert ns["loss"].grad_fn.name() == "SumBackward1"
    assert ns["x"].grad.tolist() == [[2.0, 2.0, 2.0, 2.0]]
