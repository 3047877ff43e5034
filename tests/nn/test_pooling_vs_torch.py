"""F.max_pool2d and nn.MaxPool2d against PyTorch: values, indices, gradients, printed form."""

import numpy as np
import pytest

import pyautograd as pag

torch = pytest.importorskip("torch")

SETTINGS = [
    {"kernel_size": 2},
    {"kernel_size": 3, "stride": 2, "padding": 1},
    {"kernel_size": (3, 2), "stride": 2, "dilation": 2, "ceil_mode": True},
    {"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True},
    {"kernel_size": (2, 3), "stride": (1, 2), "dilation": (2, 1)},
]


@pytest.mark.parametrize("kwargs", SETTINGS)
@pytest.mark.parametrize("shape", [(2, 3, 9, 8), (3, 7, 10)])
def test_values_indices_and_gradients(kwargs, shape):
    x = np.random.default_rng(0).standard_normal(shape)
    results = []
    for L in (pag, torch):
        t = L.tensor(x, requires_grad=True)
        y, idx = L.nn.functional.max_pool2d(t, return_indices=True, **kwargs)
        g = np.random.default_rng(1).standard_normal(tuple(y.shape))
        (gx,) = L.autograd.grad(y, t, L.tensor(g))
        results.append((y.detach().numpy(), idx.numpy(), gx.numpy(), y.grad_fn.name()))
    for a, b in zip(*results):
        np.testing.assert_array_equal(a, b)


def test_second_order_through_the_gradient():
    x = np.random.default_rng(2).standard_normal((1, 2, 6, 6))
    out = []
    for L in (pag, torch):
        t = L.tensor(x, requires_grad=True)
        g = L.tensor(np.random.default_rng(3).standard_normal((1, 2, 3, 3)), requires_grad=True)
        (gx,) = L.autograd.grad(L.nn.functional.max_pool2d(t * t, 2), t, g, create_graph=True)
        (gg,) = L.autograd.grad((gx * gx).sum(), g)
        out.append(gg.numpy())
    np.testing.assert_allclose(out[0], out[1], rtol=1e-12)


def test_module_repr_and_output():
    ours, theirs = pag.nn.MaxPool2d(3, 2, 1), torch.nn.MaxPool2d(3, 2, 1)
    assert repr(ours) == repr(theirs)
    x = np.random.default_rng(4).standard_normal((2, 1, 7, 7)).astype(np.float32)
    np.testing.assert_array_equal(ours(pag.tensor(x)).numpy(), theirs(torch.tensor(x)).numpy())
