"""What each op saves for backward decides whether changing a tensor in place after the op
breaks the backward: it must break exactly where PyTorch's does. Table: every op, each of its
inputs and its output changed in place after the op, with every choice of which inputs
require grad; the outcome (PyTorch's error, or the same gradients) is compared with PyTorch."""

import itertools

import numpy as np
import pytest

import pyautograd

torch = pytest.importorskip("torch")

A = [[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]]
B = [[1.25, 0.5, -2.0], [0.75, -1.5, 1.0]]
BT = [[1.25, 0.5], [0.5, -2.0], [0.75, -1.5]]

# name: (op of the inputs, the inputs' values)
OPS = {
    "add": (lambda L, a, b: a + b, (A, B)),
    "sub": (lambda L, a, b: a - b, (A, B)),
    "mul": (lambda L, a, b: a * b, (A, B)),
    "mul_scalar": (lambda L, a: a * 3.0, (A,)),
    "div": (lambda L, a, b: a / b, (A, B)),
    "div_scalar": (lambda L, a: a / 4.0, (A,)),
    "pow_scalar": (lambda L, a: a**2, (A,)),
    "pow_tensor": (lambda L, a, b: a.abs() ** b, (A, B)),
    "neg": (lambda L, a: -a, (A,)),
    "exp": (lambda L, a: a.exp(), (A,)),
    "log": (lambda L, a: a.abs().log(), (A,)),
    "sqrt": (lambda L, a: a.abs().sqrt(), (A,)),
    "tanh": (lambda L, a: a.tanh(), (A,)),
    "sigmoid": (lambda L, a: a.sigmoid(), (A,)),
    "relu": (lambda L, a: a.relu(), (A,)),
    "softmax": (lambda L, a: a.softmax(dim=1), (A,)),
    "matmul": (lambda L, a, b: a @ b, (A, BT)),
    "linear": (lambda L, a, b: L.nn.functional.linear(a, b.t()), (A, BT)),
    "scalar_pow": (lambda L, a: 2.0**a, (A,)),
    "rsub": (lambda L, a: 1.0 - a, (A,)),
    "square": (lambda L, a: a.square(), (A,)),
    "abs": (lambda L, a: a.abs(), (A,)),
    "clamp": (lambda L, a: a.clamp(-0.5, 1.0), (A,)),
    "max_dim": (lambda L, a: a.max(dim=1).values, (A,)),
    "log_softmax": (lambda L, a: a.log_softmax(dim=1), (A,)),
    "cross_entropy": (lambda L, a: L.nn.functional.cross_entropy(a, L.tensor([2, 0])), (A,)),
    "mse_loss": (lambda L, a, b: L.nn.functional.mse_loss(a, b), (A, B)),
    "sum": (lambda L, a: a.sum(), (A,)),
    "sum_dim": (lambda L, a: a.sum(dim=0), (A,)),
    "mean": (lambda L, a: a.mean(), (A,)),
    "fmod": (lambda L, a, b: L.fmod(a, b), (A, B)),
    "fmod_scalar": (lambda L, a: a.fmod(0.3), (A,)),
    "remainder": (lambda L, a, b: a % b, (A, B)),
    "nan_to_num": (lambda L, a: a.nan_to_num(), (A,)),
    "nansum": (lambda L, a: a.nansum(dim=1), (A,)),
    "kthvalue": (lambda L, a: a.kthvalue(2, dim=1).values, (A,)),
    "inv": (lambda L, a: L.linalg.inv(a[:, :2]), (A,)),
    "index_put": (lambda L, a, b: L.index_put(a, (L.tensor([1, 1]),), b[0], True), (A, B)),
    "det": (lambda L, a: L.linalg.det(a[:, :2]), (A,)),
    "solve": (lambda L, a, b: L.linalg.solve(a[:, :2], b[:, :2]), (A, B)),
    "repeat_interleave": (lambda L, a: a.repeat_interleave(L.tensor([2, 0, 1]), dim=1), (A,)),
    "view": (lambda L, a: a.view(6), (A,)),
    "transpose": (lambda L, a: a.t(), (A,)),
    "slice": (lambda L, a: a[0:1], (A,)),
    "reshape": (lambda L, a: a.reshape(3, 2), (A,)),
}


def _cases():
    for name, (_, values) in OPS.items():
        n = len(values)
        for needs in itertools.product((True, False), repeat=n):
            if not any(needs):
                continue
            for target in [f"input {k}" for k in range(n)] + ["output"]:
                yield name, needs, target


def run(L, name, needs, target):
    """The op on non-leaf inputs, then ``target`` doubled in place, then backward."""
    op, values = OPS[name]
    leaves = [L.tensor(v, requires_grad=need) for v, need in zip(values, needs)]
    inputs = [leaf * 1 for leaf in leaves]
    out = op(L, *inputs)
    changed = out if target == "output" else inputs[int(target.split()[1])]
    try:
        changed.mul_(2)
        out.sum().backward()
    except RuntimeError as e:
        return "error", str(e).replace("pyautograd::", "torch::").replace("pyautograd.", "torch.")
    return "ok", [leaf.grad.tolist() if need else None for leaf, need in zip(leaves, needs)]


@pytest.mark.parametrize(
    "name, needs, target",
    list(_cases()),
    ids=lambda v: v if isinstance(v, str) else "".join("gn"[not x] for x in v),
)
def test_in_place_after_the_op_like_torch(name, needs, target):
    got, want = run(pyautograd, name, needs, target), run(torch, name, needs, target)
    assert got[0] == want[0], (got, want)
    if got[0] == "error":
        assert got[1] == want[1]
    else:
        for g, w in zip(got[1], want[1]):
            assert (g is None) == (w is None)
            if g is not None:
                assert np.allclose(g, w, rtol=1e-5, atol=1e-6)
