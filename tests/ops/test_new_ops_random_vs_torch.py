"""fmod, remainder, nan_to_num, kthvalue and repeat_interleave against live PyTorch on random
shapes and values, edges included (signed zeros, ±inf, NaN, ties, empty and 0-d tensors):
values bit for bit (a zero's sign too), gradients, node names and index choices."""

import numpy as np
import pytest
from torch_compare import as_numpy, close

import pyautograd

torch = pytest.importorskip("torch")

INF, NAN = float("inf"), float("nan")
SPECIAL = [0.0, -0.0, INF, -INF, NAN, 1.0, -1.0, 2.5, -3.0, 1e-40, 1e30]


def _random_shape(rng, max_dims=3):
    return tuple(int(n) for n in rng.integers(0, 4, size=rng.integers(0, max_dims + 1)))


def _values(rng, shape, special_share=0.3):
    x = rng.normal(scale=3.0, size=shape)
    picks = rng.random(shape) < special_share
    x[picks] = rng.choice(SPECIAL, size=int(picks.sum()))
    return x


def _bits(t):
    """Values with the sign of zero kept: NaN and signed zeros compared exactly."""
    x = as_numpy(t)
    nan = np.isnan(x)  # a NaN's sign bit is not part of its value (both print nan)
    return np.stack([np.where(nan, 7.0, x), nan, np.signbit(x) & ~nan]) if x.size else x


def _same_run(fn, *arrays, dtype="float64", grad=True, exact=True):
    """``fn(L, *tensors)`` on both libraries: same dtype, same bits, same node, same gradients.
    ``exact=False`` (sums, whose order of additions differs): values within a few ulps."""
    results = []
    for L in (pyautograd, torch):
        xs = [L.tensor(a, dtype=getattr(L, dtype), requires_grad=grad) for a in arrays]
        y = fn(L, *xs)
        grads = L.autograd.grad(y.sum(), xs, allow_unused=True) if grad and y.requires_grad else ()
        results.append((str(y.dtype).split(".")[-1], y.grad_fn and y.grad_fn.name(), _bits(y), grads))
    (dtype_a, node_a, bits_a, grads_a), (dtype_b, node_b, bits_b, grads_b) = results
    assert (dtype_a, node_a) == (dtype_b, node_b.replace("torch::", "pyautograd::") if node_b else None)
    if exact:
        np.testing.assert_array_equal(bits_a, bits_b)
    else:
        assert close(bits_a, bits_b, rtol={"float64": 1e-14, "float32": 1e-6}[dtype], atol=0)
    for g, h in zip(grads_a, grads_b):
        assert close(None if g is None else as_numpy(g), None if h is None else as_numpy(h))


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_fmod_and_remainder_at_random_and_at_the_edges(seed, dtype):
    rng = np.random.default_rng(seed)
    shape = _random_shape(rng)
    a, b = _values(rng, shape), _values(rng, shape[rng.integers(0, len(shape) + 1) :])
    _same_run(lambda L, x, y: L.fmod(x, y), a, b, dtype=dtype)
    _same_run(lambda L, x, y: L.remainder(x, y), a, b, dtype=dtype)
    number = float(rng.choice(SPECIAL[1:]))
    _same_run(lambda L, x: L.fmod(x, number), a, dtype=dtype)
    _same_run(lambda L, x: x % number, a, dtype=dtype)


@pytest.mark.parametrize("seed", range(20))
def test_fmod_of_integers(seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(-20, 20, size=(3, 4))
    b = rng.integers(1, 7, size=(4,)) * rng.choice([-1, 1], size=4)
    _same_run(lambda L, x, y: L.fmod(x, y), a, b, dtype="int64", grad=False)
    _same_run(lambda L, x: L.fmod(x, int(b[0])), a, dtype="int32", grad=False)


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_nan_to_num_and_nansum_at_random(seed, dtype):
    rng = np.random.default_rng(seed)
    x = _values(rng, _random_shape(rng), special_share=0.5)
    grad = dtype != "float16"
    _same_run(lambda L, t: L.nan_to_num(t), x, dtype=dtype, grad=grad)
    _same_run(lambda L, t: t.nan_to_num(nan=-1.5, posinf=2.0), x, dtype=dtype, grad=grad)
    if grad:
        _same_run(lambda L, t: t.nansum(), x, dtype=dtype, exact=False)
        if x.ndim:
            _same_run(lambda L, t: L.nansum(t, dim=-1, keepdim=True), x, dtype=dtype, exact=False)


@pytest.mark.parametrize("seed", range(60))
def test_kthvalue_picks_pytorchs_index_among_ties(seed):
    rng = np.random.default_rng(seed)
    shape = tuple(int(n) for n in rng.integers(1, 9, size=rng.integers(1, 4)))
    x = rng.integers(0, 3, size=shape).astype(float)  # many ties
    x[rng.random(shape) < 0.15] = NAN
    dim = int(rng.integers(-len(shape), len(shape)))
    k = int(rng.integers(1, shape[dim] + 1))
    keepdim = bool(rng.integers(0, 2))
    _same_run(lambda L, t: t.kthvalue(k, dim, keepdim).values, x)
    ours = pyautograd.tensor(x).kthvalue(k, dim, keepdim).indices.tolist()
    assert ours == torch.tensor(x).kthvalue(k, dim, keepdim).indices.tolist()


@pytest.mark.parametrize("seed", range(40))
def test_repeat_interleave_at_random(seed):
    rng = np.random.default_rng(seed)
    shape = _random_shape(rng)
    x = rng.normal(size=shape)
    repeats = int(rng.integers(0, 4))
    _same_run(lambda L, t: t.repeat_interleave(repeats), x)
    if x.ndim:
        dim = int(rng.integers(-x.ndim, x.ndim))
        counts = rng.integers(0, 4, size=shape[dim]).tolist()
        _same_run(lambda L, t: t.repeat_interleave(repeats, dim=dim), x)
        _same_run(lambda L, t: L.repeat_interleave(t, L.tensor(counts, dtype=L.int64), dim=dim), x)


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_inv_and_det_of_random_batches(seed, dtype):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 5))
    batch = tuple(int(b) for b in rng.integers(1, 3, size=rng.integers(0, 3)))
    a = rng.normal(size=batch + (n, n)) + 2 * n * np.eye(n)  # well away from singular
    tol = {"float64": 1e-12, "float32": 1e-5}[dtype]
    for fn in (lambda L, x: L.linalg.inv(x), lambda L, x: L.linalg.det(x)):
        got = [fn(L, L.tensor(a, dtype=getattr(L, dtype), requires_grad=True)) for L in (pyautograd, torch)]
        assert got[0].grad_fn.name() == got[1].grad_fn.name()
        assert close(as_numpy(got[0]), as_numpy(got[1]), rtol=tol, atol=tol)
        _same_grads(fn, a, dtype, tol)


@pytest.mark.parametrize("seed", range(20))
def test_det_of_singular_integer_matrices(seed):
    """Rank-deficient integer matrices: the determinant is exactly 0 in both, and so is a plain
    backward's gradient (PyTorch's rule); create_graph gives the cofactors in both."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 4))  # larger: the last bits of a rounded zero differ by kernel
    a = rng.integers(-3, 4, size=(n, n)).astype(float)
    a[-1] = a[0] * int(rng.integers(-2, 3)) + (a[1] if n > 2 else 0)  # a repeated row
    assert as_numpy(pyautograd.linalg.det(pyautograd.tensor(a))) == as_numpy(
        torch.linalg.det(torch.tensor(a))
    )
    _same_grads(lambda L, x: L.linalg.det(x), a, "float64", 1e-9)


def test_det_gradient_of_a_large_nearly_singular_matrix():
    """7 x 7 with a dependent row: the determinant rounds to about 1e-13, not 0, and the LU
    meets a zero pivot; the gradient is still the cofactor matrix, as PyTorch's."""
    rng = np.random.default_rng(2)
    a = rng.integers(-3, 4, size=(7, 7)).astype(float)
    a[-1] = a[0] * 2 + a[1]
    _same_grads(lambda L, x: L.linalg.det(x), a, "float64", 1e-6)


def _same_grads(fn, a, dtype, tol):
    """The gradient of ``fn``'s sum, plain and with create_graph, in both libraries."""
    for create_graph in (False, True):
        grads = []
        for L in (pyautograd, torch):
            x = L.tensor(a, dtype=getattr(L, dtype), requires_grad=True)
            (g,) = L.autograd.grad(fn(L, x).sum(), x, create_graph=create_graph)
            grads.append(as_numpy(g))
        assert close(grads[0], grads[1], rtol=tol, atol=tol)


def test_numbers_beyond_a_dtype_become_inf_without_a_warning():
    """PyTorch casts 1e30 to float16 (and 1e300 to float32) as inf, silently."""
    import warnings

    def made(L):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return [
                repr(L.tensor([1e30, -1e30], dtype=L.float16)),
                repr(L.tensor([1e300], dtype=L.float64).float()),
                repr(L.tensor([1e300], dtype=L.float64).to(L.float16)),
            ]

    assert made(pyautograd) == [r.replace("torch.", "pyautograd.") for r in made(torch)]
