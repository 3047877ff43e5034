"""F.avg_pool2d, F.adaptive_avg_pool2d and their modules against PyTorch on random shapes and
settings: values, gradients, second order, forward mode, errors and printed forms."""

import numpy as np
import pytest
from torch_compare import norm_message, same_error

import pyautograd as pag

torch = pytest.importorskip("torch")


def _random_avg_settings(rng):
    kernel = tuple(int(v) for v in rng.integers(1, 4, 2))
    return {
        "kernel_size": kernel,
        "stride": tuple(int(v) for v in rng.integers(1, 4, 2)),
        "padding": tuple(int(rng.integers(0, k // 2 + 1)) for k in kernel),
        "ceil_mode": bool(rng.integers(2)),
        "count_include_pad": bool(rng.integers(2)),
        "divisor_override": [None, 3][int(rng.integers(2))],
    }


def _first_order(L, x, pool, g_seed):
    t = L.tensor(x, requires_grad=True)
    y = pool(L, t)
    g = np.random.default_rng(g_seed).standard_normal(tuple(y.shape))
    (gx,) = L.autograd.grad(y, t, L.tensor(g))
    return y.detach().numpy(), gx.numpy(), y.grad_fn.name()


def _same(pool, x, g_seed=1, rtol=1e-13):
    ours, theirs = _first_order(pag, x, pool, g_seed), _first_order(torch, x, pool, g_seed)
    assert ours[2] == theirs[2]
    np.testing.assert_allclose(ours[0], theirs[0], rtol=rtol, atol=1e-15)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=rtol, atol=1e-15)


@pytest.mark.parametrize("seed", range(40))
def test_avg_pool2d_random_settings(seed):
    rng = np.random.default_rng(seed)
    kwargs = _random_avg_settings(rng)
    shape = tuple(int(v) for v in rng.integers(1, 3, 2)) + tuple(int(v) for v in rng.integers(4, 10, 2))
    if seed % 3 == 0:
        shape = shape[1:]  # unbatched (C, H, W)
    _same(lambda L, t: L.nn.functional.avg_pool2d(t, **kwargs), rng.standard_normal(shape))


@pytest.mark.parametrize("seed", range(30))
def test_adaptive_avg_pool2d_random_sizes(seed):
    rng = np.random.default_rng(100 + seed)
    shape = (2, 3) + tuple(int(v) for v in rng.integers(1, 10, 2))
    out = tuple(int(v) for v in rng.integers(1, 12, 2))  # smaller and larger than the input
    if seed % 5 == 0:
        out = (out[0], None)
    _same(lambda L, t: L.nn.functional.adaptive_avg_pool2d(t, out), rng.standard_normal(shape))


def test_adaptive_to_one_pixel_is_the_mean():
    x = np.random.default_rng(5).standard_normal((2, 3, 5, 4))
    _same(lambda L, t: L.nn.functional.adaptive_avg_pool2d(t, 1), x)


@pytest.mark.parametrize(
    "pool",
    [
        lambda L, t: L.nn.functional.avg_pool2d(t, 3, 2, 1, ceil_mode=True, count_include_pad=False),
        lambda L, t: L.nn.functional.adaptive_avg_pool2d(t, (4, 3)),
    ],
)
def test_second_order_and_node_names(pool):
    x = np.random.default_rng(2).standard_normal((1, 2, 6, 5))
    out = []
    for L in (pag, torch):
        t = L.tensor(x, requires_grad=True)
        y = pool(L, t * t)
        g = L.tensor(np.random.default_rng(3).standard_normal(tuple(y.shape)), requires_grad=True)
        (gx,) = L.autograd.grad(y, t, g, create_graph=True)
        (gg, gt) = L.autograd.grad((gx * gx).sum(), (g, t), create_graph=True)
        (ggg,) = L.autograd.grad((gg * gg).sum(), g)  # through the transpose's own gradient
        names = gx.grad_fn.next_functions[0][0].name() if gx.grad_fn.next_functions[0][0] else None
        out.append((gg.detach().numpy(), gt.detach().numpy(), ggg.numpy(), names))
    for a, b in zip(out[0][:3], out[1][:3]):
        np.testing.assert_allclose(a, b, rtol=1e-12)
    assert out[0][3] == out[1][3]


def test_float32_and_infinite_inputs():
    x = np.random.default_rng(6).standard_normal((2, 2, 7, 7)).astype(np.float32)
    x[0, 0, 0, 0] = np.inf  # only the windows holding it become inf
    for fn in (
        lambda L, t: L.nn.functional.avg_pool2d(t, 3, 2, 1),
        lambda L, t: L.nn.functional.adaptive_avg_pool2d(t, (3, 5)),
    ):
        ours, theirs = fn(pag, pag.tensor(x)), fn(torch, torch.tensor(x))
        assert ours.dtype == pag.float32
        np.testing.assert_allclose(ours.numpy(), theirs.numpy(), rtol=2e-6, atol=1e-6)


def test_integer_input_divides_as_pytorch():
    x = np.random.default_rng(7).integers(-20, 20, (1, 5, 5))
    for kwargs in ({"kernel_size": 2}, {"kernel_size": 3, "stride": 1, "padding": 1}):
        ours = pag.nn.functional.avg_pool2d(pag.tensor(x), **kwargs)
        theirs = torch.nn.functional.avg_pool2d(torch.tensor(x), **kwargs)
        np.testing.assert_array_equal(ours.numpy(), theirs.numpy())


def test_forward_mode():
    x = np.random.default_rng(8).standard_normal((1, 1, 5, 6))
    v = np.random.default_rng(9).standard_normal((1, 1, 5, 6))
    for pool in (
        lambda L, t: L.nn.functional.avg_pool2d(t, 2, 1, 1, count_include_pad=False),
        lambda L, t: L.nn.functional.adaptive_avg_pool2d(t, (2, 4)),
    ):
        tangents = []
        for L in (pag, torch):
            fwad = L.autograd.forward_ad
            with fwad.dual_level():
                y = pool(L, fwad.make_dual(L.tensor(x), L.tensor(v)))
                tangents.append(fwad.unpack_dual(y).tangent.numpy())
        np.testing.assert_allclose(tangents[0], tangents[1], rtol=1e-13)


ERRORS = [
    lambda L: L.nn.functional.avg_pool2d(L.randn(2, 3, 7, 6), 0, 1),
    lambda L: L.nn.functional.avg_pool2d(L.randn(2, 3, 7, 6), 2, 0),
    lambda L: L.nn.functional.avg_pool2d(L.randn(2, 3, 7, 6), 4, 1, 3),
    lambda L: L.nn.functional.avg_pool2d(L.randn(2, 3, 7, 6), 2, padding=-1),
    lambda L: L.nn.functional.avg_pool2d(L.randn(2, 3, 7, 6), 10),
    lambda L: L.nn.functional.avg_pool2d(L.randn(2, 3, 7, 6), (2, 2, 2)),
    lambda L: L.nn.functional.avg_pool2d(L.randn(2, 3, 7, 6), 2, divisor_override=0),
    lambda L: L.nn.functional.avg_pool2d(L.randn(3, 4), 2),
    lambda L: L.nn.functional.avg_pool2d(L.randn(1, 2, 3, 4, 5), 2),
    lambda L: L.nn.functional.adaptive_avg_pool2d(L.randn(3, 4), 2),
    lambda L: L.nn.functional.adaptive_avg_pool2d(L.randn(2, 3, 4), (2, 2, 2)),
    lambda L: L.nn.functional.adaptive_avg_pool2d(L.randn(1, 2, 3, 4), (2, 2, 2)),
    lambda L: L.nn.functional.adaptive_avg_pool2d(L.randn(2, 3, 4), -1),
    lambda L: L.nn.functional.adaptive_avg_pool2d(L.ones(1, 4, 4, dtype=L.long), 2),
]


@pytest.mark.parametrize("case", range(len(ERRORS)))
def test_errors_as_pytorch(case):
    same_error(lambda L: lambda: ERRORS[case](L), spell=norm_message)


@pytest.mark.parametrize(
    "make",
    [
        lambda nn: nn.AvgPool2d(3),
        lambda nn: nn.AvgPool2d((3, 2), 2, 1, True, False, 5),
        lambda nn: nn.AdaptiveAvgPool2d((3, None)),
        lambda nn: nn.AdaptiveAvgPool2d(1),
        lambda nn: nn.AdaptiveAvgPool2d((2, 3)),
    ],
)
def test_modules_repr_and_output(make):
    ours, theirs = make(pag.nn), make(torch.nn)
    assert repr(ours) == repr(theirs)
    x = np.random.default_rng(4).standard_normal((2, 1, 7, 7))
    np.testing.assert_allclose(ours(pag.tensor(x)).numpy(), theirs(torch.tensor(x)).numpy(), rtol=1e-13)
