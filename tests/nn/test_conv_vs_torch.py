"""Convolutions against PyTorch on random geometries: values, gradients, second order, errors."""

import numpy as np
import pytest
from torch_compare import same_error

import pyautograd as pag

torch = pytest.importorskip("torch")


def _geometry(rng):
    spatial = int(rng.integers(1, 3))
    groups = int(rng.integers(1, 4))

    def ints(lo, hi):
        return tuple(int(v) for v in rng.integers(lo, hi, spatial))

    return dict(
        spatial=spatial,
        groups=groups,
        cin=groups * int(rng.integers(1, 3)),
        cout=groups * int(rng.integers(1, 3)),
        kernel=ints(1, 4),
        stride=ints(1, 3),
        dilation=ints(1, 3),
        padding=ints(0, 3),
        size=ints(7, 10),
        n=int(rng.integers(1, 3)),
    )


def _conv(L, spatial):
    return L.nn.functional.conv2d if spatial == 2 else L.nn.functional.conv1d


@pytest.mark.parametrize("seed", range(24))
def test_random_geometry_first_and_second_order(seed):
    rng = np.random.default_rng(seed)
    g = _geometry(rng)
    x = rng.standard_normal((g["n"], g["cin"]) + g["size"])
    w = rng.standard_normal((g["cout"], g["cin"] // g["groups"]) + g["kernel"])
    b = rng.standard_normal(g["cout"])
    results = []
    for L in (pag, torch):
        xs = [L.tensor(a, requires_grad=True) for a in (x, w, b)]
        y = _conv(L, g["spatial"])(*xs, g["stride"], g["padding"], g["dilation"], g["groups"])
        gy = L.tensor(np.random.default_rng(seed + 100).standard_normal(tuple(y.shape)))
        grads = L.autograd.grad(y, xs, gy, create_graph=True)
        second = L.autograd.grad(sum((q * q).sum() for q in grads), xs[:2])
        results.append((y, y.grad_fn.name(), grads, grads[0].grad_fn.name(), second))
    ours, theirs = results
    assert ours[1] == theirs[1] and ours[3] == theirs[3]
    for a, t in zip([ours[0], *ours[2], *ours[4]], [theirs[0], *theirs[2], *theirs[4]]):
        np.testing.assert_allclose(a.detach().numpy(), t.detach().numpy(), rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("padding", ["same", "valid"])
def test_string_padding_float32(padding):
    rng = np.random.default_rng(3)
    x, w = rng.standard_normal((2, 3, 6, 7)), rng.standard_normal((4, 3, 2, 3))
    ys = [
        L.nn.functional.conv2d(
            L.tensor(x, dtype=L.float32),
            L.tensor(w, dtype=L.float32),
            padding=padding,
            dilation=(2, 1),
        )
        for L in (pag, torch)
    ]
    np.testing.assert_allclose(ys[0].numpy(), ys[1].numpy(), rtol=1e-5, atol=1e-5)
    assert ys[0].dtype == pag.float32


@pytest.mark.parametrize(
    "make",
    [
        lambda L: (L.randn(1, 3, 5, 5), L.randn(2, 2, 3, 3), {}),
        lambda L: (L.randn(3, 5), L.randn(2, 3, 3, 3), {}),
        lambda L: (L.randn(1, 1, 2, 2), L.randn(2, 1, 3, 3), {}),
        lambda L: (L.randn(1, 1, 5, 5), L.randn(2, 1, 3, 3), {"padding": "same", "stride": 2}),
        lambda L: (L.randn(1, 1, 5, 5), L.randn(2, 1, 3, 3), {"bias": L.randn(3)}),
        lambda L: (L.randn(1, 1, 5, 5), L.randn(2, 1, 3, 3, dtype=L.float64), {}),
    ],
)
def test_errors_match_torch(make):
    same_error(lambda L: lambda: L.nn.functional.conv2d(*make(L)[:2], **make(L)[2]), spell=str)


def test_bias_dtype_error_matches_torch():
    same_error(
        lambda L: (
            lambda: L.nn.functional.conv2d(
                L.randn(1, 1, 5, 5), L.randn(2, 1, 3, 3), L.randn(2, dtype=L.float64)
            )
        ),
        spell=str,
    )
