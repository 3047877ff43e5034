"""Every op case (tests/op_cases.py, including its 0-d, 1-d and broadcast variants) against
live PyTorch: the value, its dtype, the first derivatives and the second derivatives
(a Hessian-vector product through ``create_graph=True``)."""

import numpy as np
import pytest
from op_cases import CASES, NO_SECOND_ORDER, inputs

import pyautograd

torch = pytest.importorskip("torch")


def _derivatives(L, fn, xs, w, v):
    """value, d<w, f>/dx and d<d<w, f>/dx, v>/dx, as float64 NumPy arrays (None for unused;
    the second is the error's message where it raises)."""
    leaves = [L.tensor(x, requires_grad=True) for x in xs]
    out = fn(L, *leaves)
    first = L.autograd.grad((out * L.tensor(w)).sum(), leaves, create_graph=True)
    product = sum((g * L.tensor(d)).sum() for g, d in zip(first, v))
    try:
        second = (
            L.autograd.grad(product, leaves, allow_unused=True)
            if product.requires_grad
            else [None] * len(leaves)
        )
    except RuntimeError as error:
        return out.detach().numpy(), str(out.dtype).split(".")[-1], arrays_of(first), str(error)
    return out.detach().numpy(), str(out.dtype).split(".")[-1], arrays_of(first), arrays_of(second)


def arrays_of(ts):
    return [None if t is None else t.detach().numpy(force=True) for t in ts]


def _zero_if_none(a, like):
    return np.zeros_like(like) if a is None else a


@pytest.mark.parametrize("name,fn,shapes", CASES, ids=[c[0] for c in CASES])
def test_first_and_second_order_match_pytorch(name, fn, shapes):
    xs = inputs(name, shapes)
    probe = fn(pyautograd, *[pyautograd.tensor(x) for x in xs])
    w = inputs(name + "w", [tuple(probe.shape)], seed=2)[0]
    v = inputs(name + "v", shapes, seed=3)
    got = _derivatives(pyautograd, fn, xs, w, v)
    want = _derivatives(torch, fn, xs, w, v)
    tol = {"rtol": 1e-5, "atol": 1e-6} if name.startswith("to_float32") else {"rtol": 1e-10, "atol": 1e-12}
    np.testing.assert_allclose(got[0], want[0], **tol)
    assert np.shape(got[0]) == np.shape(want[0])
    assert got[1] == want[1]
    if name in NO_SECOND_ORDER:  # both refuse the second derivative, with one message
        assert got[3] == want[3] == NO_SECOND_ORDER[name]
    for i, x in enumerate(xs):
        assert np.shape(got[2][i]) == np.shape(x), f"first derivative {i}"
        np.testing.assert_allclose(got[2][i], want[2][i], **tol, err_msg=f"first derivative {i}")
        if name in NO_SECOND_ORDER:
            continue
        np.testing.assert_allclose(
            _zero_if_none(got[3][i], x), _zero_if_none(want[3][i], x), **tol, err_msg=f"second derivative {i}"
        )
