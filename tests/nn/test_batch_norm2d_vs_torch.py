"""nn.BatchNorm2d (and F.batch_norm on 4-D input) against PyTorch: outputs, gradients and
running statistics over several training steps, evaluation, every constructor switch, errors
and the printed form."""

import numpy as np
import pytest
from torch_compare import same_error

import pyautograd as pag

torch = pytest.importorskip("torch")

SWITCHES = [
    {},
    {"momentum": 0.3, "eps": 1e-3},
    {"momentum": None},
    {"affine": False},
    {"track_running_stats": False},
    {"affine": False, "track_running_stats": False, "momentum": None},
]


def _run(L, kwargs, batches, eval_batch):
    layer = L.nn.BatchNorm2d(3, dtype=L.float64, **kwargs)
    if layer.weight is not None:
        with L.no_grad():
            layer.weight.copy_(L.tensor([0.5, -1.5, 2.0], dtype=L.float64))
            layer.bias.copy_(L.tensor([0.1, 0.0, -0.3], dtype=L.float64))
    seen = []
    for x in batches:
        t = L.tensor(x, requires_grad=True)
        y = layer(t)
        (y * L.tensor(np.arange(y.numel()).reshape(tuple(y.shape)) % 5)).sum().backward()
        state = [v.detach().numpy().copy() for v in layer.state_dict().values()]
        seen.append((y.detach().numpy(), t.grad.numpy(), state, y.grad_fn.name()))
    layer.eval()
    t = L.tensor(eval_batch, requires_grad=True)
    y = layer(t)
    y.sum().backward()
    seen.append((y.detach().numpy(), t.grad.numpy(), list(layer.state_dict().keys()), None))
    if layer.weight is not None:
        seen.append((layer.weight.grad.numpy(), layer.bias.grad.numpy(), [], None))
    return seen


@pytest.mark.parametrize("kwargs", SWITCHES)
def test_training_steps_then_eval(kwargs):
    rng = np.random.default_rng(0)
    batches = [rng.standard_normal((4, 3, 5, 6)) * (i + 1) + i for i in range(3)]
    eval_batch = rng.standard_normal((2, 3, 4, 4))
    ours, theirs = _run(pag, kwargs, batches, eval_batch), _run(torch, kwargs, batches, eval_batch)
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs):
        np.testing.assert_allclose(a[0], b[0], rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(a[1], b[1], rtol=1e-10, atol=1e-12)
        if a[2] and isinstance(a[2][0], str):
            assert a[2] == b[2]
        else:
            for s, r in zip(a[2], b[2]):
                np.testing.assert_allclose(s, r, rtol=1e-12)
        assert a[3] == b[3]


def test_float32_default_and_repr():
    for kwargs in SWITCHES:
        assert repr(pag.nn.BatchNorm2d(4, **kwargs)) == repr(torch.nn.BatchNorm2d(4, **kwargs))
    x = np.random.default_rng(1).standard_normal((2, 4, 3, 3)).astype(np.float32)
    ours, theirs = pag.nn.BatchNorm2d(4), torch.nn.BatchNorm2d(4)
    np.testing.assert_allclose(
        ours(pag.tensor(x)).detach().numpy(), theirs(torch.tensor(x)).detach().numpy(), atol=2e-6
    )
    np.testing.assert_allclose(ours.running_var.numpy(), theirs.running_var.numpy(), rtol=1e-6)
    assert ours.num_batches_tracked.item() == theirs.num_batches_tracked.item() == 1


def test_second_order():
    x = np.random.default_rng(2).standard_normal((2, 2, 3, 3))
    out = []
    for L in (pag, torch):
        t = L.tensor(x, requires_grad=True)
        w = L.tensor([1.5, -0.5], dtype=L.float64, requires_grad=True)
        y = L.nn.functional.batch_norm(t, None, None, w, None, training=True)
        (gx,) = L.autograd.grad((y**3).sum(), t, create_graph=True)
        (gw,) = L.autograd.grad((gx * gx).sum(), w)
        out.append(gw.numpy())
    np.testing.assert_allclose(out[0], out[1], rtol=1e-10)


ERRORS = [
    lambda L: L.nn.BatchNorm2d(3)(L.randn(2, 3, 4)),
    lambda L: L.nn.BatchNorm2d(3)(L.randn(2, 4, 4, 4)),
    lambda L: L.nn.BatchNorm2d(3)(L.randn(1, 3, 1, 1)),
    lambda L: L.nn.BatchNorm1d(3)(L.randn(2, 3, 4, 4)),
    lambda L: L.nn.functional.batch_norm(L.randn(3), None, None, training=True),
]


@pytest.mark.parametrize("case", range(len(ERRORS)))
def test_errors_as_pytorch(case):
    same_error(lambda L: lambda: ERRORS[case](L))
