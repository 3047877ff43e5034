"""Reductions and element-wise max/min at ties and at NaN, against live PyTorch: who gets
the gradient, and the node's name (amax/amin split ties evenly; max(dim) picks the index
it returns; a NaN maximum gives PyTorch's gradient)."""

import numpy as np
import pytest

import pyautograd

torch = pytest.importorskip("torch")

NAN = float("nan")
CASES = {
    "amax_all_ties": (lambda L, x: x.amax(), [1.0, 3.0, 3.0, 2.0]),
    "amax_dim_ties": (lambda L, x: x.amax(dim=1), [[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]]),
    "amin_keepdim_ties": (lambda L, x: x.amin(dim=0, keepdim=True), [[1.0, 3.0, 3.0], [1.0, 2.0, 0.0]]),
    "amax_two_dims": (lambda L, x: x.amax(dim=(0, 1)), [[1.0, 3.0, 3.0], [3.0, 2.0, 0.0]]),
    "amax_function": (lambda L, x: L.amax(x, 1), [[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]]),
    "amax_0d": (lambda L, x: x.amax(), 2.0),
    "amax_nan": (lambda L, x: x.amax(), [1.0, NAN, 3.0, 2.0]),
    "amin_dim_nans": (lambda L, x: x.amin(dim=0), [1.0, NAN, NAN, 2.0]),
    "max_all_ties": (lambda L, x: x.max(), [1.0, 3.0, 3.0, 2.0]),
    "max_all_nan": (lambda L, x: x.max(), [1.0, NAN, 3.0, 2.0]),
    "max_all_two_nans": (lambda L, x: x.max(), [1.0, NAN, NAN, 2.0]),
    "min_all_nan": (lambda L, x: x.min(), [1.0, NAN, 3.0, 2.0]),
    "max_dim_nan": (lambda L, x: x.max(dim=0).values, [1.0, NAN, 3.0, 2.0]),
    "max_dim_ties": (lambda L, x: x.max(dim=1).values, [[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]]),
    "kthvalue_ties": (
        lambda L, x: x.kthvalue(2).values,
        [[2.0, 1.0, 2.0, 1.0, 1.0], [0.0, 0.0, 0.0, 1.0, 0.0]],
    ),
    "kthvalue_nan": (lambda L, x: x.kthvalue(4, dim=0).values, [1.0, NAN, 3.0, NAN, 2.0]),
    "kthvalue_keepdim_ties": (
        lambda L, x: x.kthvalue(1, 0, True).values,
        [[1.0, 3.0], [1.0, 3.0], [1.0, 2.0]],
    ),
    "maximum_nan_and_ties": (
        lambda L, x: L.maximum(x, L.tensor([NAN, 0.0, 5.0, 2.0, NAN])),
        [1.0, NAN, 3.0, 2.0, NAN],
    ),
    "minimum_nan_and_ties": (
        lambda L, x: L.minimum(L.tensor([NAN, 0.0, 5.0, 2.0, NAN]), x),
        [1.0, NAN, 3.0, 2.0, NAN],
    ),
}


def _run(L, fn, data):
    x = L.tensor(data, requires_grad=True)
    y = fn(L, x)
    y.sum().backward()
    return type(y.grad_fn).__name__, np.asarray(y.tolist()), np.asarray(x.grad.tolist())


@pytest.mark.parametrize("name", sorted(CASES))
def test_ties_and_nan_match_pytorch(name):
    fn, data = CASES[name]
    got, want = _run(pyautograd, fn, data), _run(torch, fn, data)
    assert got[0] == want[0]
    np.testing.assert_array_equal(got[1], want[1])
    np.testing.assert_array_equal(got[2], want[2])


def _max_dim_bits(L, fw_ad, fn, dim, keepdim):
    """max/min(dim)'s input gradient and forward-mode tangent, as bytes: a -0 and an inf in
    the output's gradient land at the returned indices as they are, and an inf tangent off
    them does not reach the result (PyTorch scatters and gathers; a mask product would turn
    -0 into +0 and inf * 0 into NaN)."""
    a = np.array([[1.0, 5.0, 2.0], [0.0, -3.0, 4.0], [7.0, 7.0, 1.0]], dtype=np.float32)
    x = L.tensor(a, requires_grad=True)
    values = getattr(x, fn)(dim=dim, keepdim=keepdim).values
    g = np.full(values.shape, 0.5, dtype=np.float32).reshape(-1)
    g[0], g[-1] = -0.0, np.inf
    values.backward(L.tensor(g.reshape(values.shape)))
    t = np.full(a.shape, np.inf, dtype=np.float32)
    t[0, 0] = t[1, 1] = t[2, 1] = -0.0
    with fw_ad.dual_level():
        dual = fw_ad.make_dual(L.tensor(a), L.tensor(t))
        tangent = fw_ad.unpack_dual(getattr(dual, fn)(dim=dim, keepdim=keepdim).values).tangent
    return np.asarray(x.grad.tolist(), np.float32).tobytes(), np.asarray(
        tangent.tolist(), np.float32
    ).tobytes()


@pytest.mark.parametrize("fn", ["max", "min"])
@pytest.mark.parametrize("dim", [0, 1, -1])
@pytest.mark.parametrize("keepdim", [False, True])
def test_max_dim_gradient_and_tangent_bits_match_pytorch(fn, dim, keepdim):
    from torch.autograd import forward_ad as theirs

    from pyautograd.autograd import forward_ad as ours

    assert _max_dim_bits(pyautograd, ours, fn, dim, keepdim) == _max_dim_bits(torch, theirs, fn, dim, keepdim)


SPECIAL = [0.0, -0.0, float("inf"), -float("inf"), NAN, 1.5, -2.5]


def _masked_gradient_bits(L, fn, dtype, inputs, grads):
    """The input gradient of a piecewise op whose backward keeps ``g`` on a mask (PyTorch's
    ``mask ? grad : 0``), for inputs and gradients at -0, +-inf and NaN: bytes, so a -0 kept
    as +0 or a NaN made off the mask shows."""
    xs = np.array([v for v in inputs for _ in grads], dtype=dtype)
    gs = np.array([v for _ in inputs for v in grads], dtype=dtype)
    x = L.tensor(xs, requires_grad=True)
    fn(L, x).backward(L.tensor(gs))
    return np.asarray(x.grad.tolist(), dtype).tobytes()


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize(
    "name, fn, inputs",
    [
        ("relu", lambda L, x: L.relu(x), SPECIAL),
        # hardtanh's inputs leave out NaN: there PyTorch's gradient is 0 and ours passes g on
        ("hardtanh", lambda L, x: L.nn.functional.hardtanh(x), [v for v in SPECIAL if v == v]),
        ("clamp", lambda L, x: x.clamp(-1.0, 1.0), SPECIAL),
    ],
)
@pytest.mark.parametrize("grads", [SPECIAL, [0.0, -0.0, 1.5, -2.5]], ids=["special", "finite"])
def test_masked_gradient_bits_match_pytorch(name, fn, inputs, dtype, grads):
    ours = _masked_gradient_bits(pyautograd, fn, dtype, inputs, grads)
    assert ours == _masked_gradient_bits(torch, fn, dtype, inputs, grads)


def test_keep_where_is_np_where_bit_for_bit():
    from pyautograd.ops.common import keep_where

    rng = np.random.default_rng(0)
    for dtype in (np.float16, np.float32, np.float64):
        for g_shape, mask_shape in [
            ((40,), (40,)),
            ((7, 1), (7, 5)),
            ((7, 5), (1, 5)),
            ((), (4,)),
            ((3,), ()),
        ]:
            g = np.asarray(rng.choice(SPECIAL, size=g_shape)).astype(dtype)
            mask = rng.random(mask_shape) < 0.5
            got, want = keep_where(mask, g), np.where(mask, g, np.zeros((), dtype))
            assert got.dtype == want.dtype and got.shape == want.shape
            assert got.tobytes() == want.tobytes()
            assert got.base is None  # a fresh array: a leaf may keep it as its .grad
