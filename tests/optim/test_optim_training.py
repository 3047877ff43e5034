"""SGD and Adam: training the lessons' networks matches PyTorch step for step (20 steps)."""

import numpy as np
import pytest

import pyautograd as pag
from pyautograd import nn, optim

try:
    import torch
except ImportError:
    torch = None
needs_torch = pytest.mark.skipif(torch is None, reason="PyTorch (the oracle) is not installed")


def lesson_model(L):
    """The lessons' network: h = sigmoid(w1 x1 + w2 x2 + b1), yhat = w3 h + b2."""
    model = L.nn.Sequential(L.nn.Linear(2, 1), L.nn.Sigmoid(), L.nn.Linear(1, 1))
    with L.no_grad():
        model[0].weight.copy_(L.tensor([[0.5, -0.5]]))
        model[0].bias.copy_(L.tensor([0.5]))
        model[2].weight.copy_(L.tensor([[2.0]]))
        model[2].bias.copy_(L.tensor([0.0]))
    return model


def mlp(L, sizes, activation):
    layers = []
    for i, (a, b) in enumerate(zip(sizes, sizes[1:])):
        layers.append(L.nn.Linear(a, b))
        if i < len(sizes) - 2:
            layers.append(getattr(L.nn, activation)())
    return L.nn.Sequential(*layers)


def copy_weights(src, dst):
    with torch.no_grad():
        for p, q in zip(src.parameters(), dst.parameters()):
            q.copy_(torch.tensor(p.detach().numpy()))


def train(L, model, make_optimizer, loss_fn, x, y, steps=20):
    opt = make_optimizer(L, model.parameters())
    losses, params = [], []
    for _ in range(steps):
        opt.zero_grad()
        loss = loss_fn(L)(model(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
        params.append([p.detach().numpy().copy() for p in model.parameters()])
    return losses, params


OPTIMIZERS = {
    "sgd": lambda L, ps: L.optim.SGD(ps, lr=0.1),
    "sgd_momentum": lambda L, ps: L.optim.SGD(ps, lr=0.05, momentum=0.9),
    "sgd_nesterov_wd": lambda L, ps: L.optim.SGD(ps, lr=0.05, momentum=0.8, nesterov=True, weight_decay=1e-2),
    "sgd_dampening_maximize": lambda L, ps: L.optim.SGD(
        ps, lr=0.01, momentum=0.5, dampening=0.3, maximize=True
    ),
    "adam": lambda L, ps: L.optim.Adam(ps, lr=0.05),
    "adam_wd_amsgrad": lambda L, ps: L.optim.Adam(
        ps, lr=0.02, betas=(0.8, 0.99), weight_decay=1e-2, amsgrad=True
    ),
}


def assert_same_run(ours, theirs, rtol):
    np.testing.assert_allclose(ours[0], theirs[0], rtol=rtol, atol=1e-7)
    for step_ours, step_theirs in zip(ours[1], theirs[1]):
        for a, b in zip(step_ours, step_theirs):
            np.testing.assert_allclose(a, b, rtol=rtol, atol=1e-6)


@needs_torch
@pytest.mark.parametrize("opt", list(OPTIMIZERS))
def test_lesson_network_trains_like_pytorch(opt):
    runs = []
    for L in (pag, torch):
        x, y = L.tensor([[1.0, 2.0]]), L.tensor([[0.0]])
        runs.append(train(L, lesson_model(L), OPTIMIZERS[opt], lambda L: L.nn.MSELoss(), x, y))
    assert_same_run(*runs, rtol=1e-5)
    if opt == "sgd":
        assert runs[0][0][0] == pytest.approx(1.0)  # the lessons' starting loss


@needs_torch
@pytest.mark.parametrize("opt", ["sgd_momentum", "adam"])
@pytest.mark.parametrize("task", ["regression", "classification"])
def test_mlp_trains_like_pytorch(opt, task):
    rng = np.random.default_rng(0)
    if task == "regression":
        sizes, act, loss = (2, 16, 16, 1), "Tanh", (lambda L: L.nn.MSELoss())
        x = rng.normal(size=(32, 2))
        y = np.sin(x[:, :1]) + x[:, 1:] ** 2
    else:
        sizes, act, loss = (8, 32, 4), "ReLU", (lambda L: L.nn.CrossEntropyLoss())
        x = rng.normal(size=(64, 8))
        y = rng.integers(0, 4, 64)
    pag.manual_seed(3)
    ours_model = mlp(pag, sizes, act).double()
    theirs_model = mlp(torch, sizes, act).double()
    copy_weights(ours_model, theirs_model)
    ours = train(pag, ours_model, OPTIMIZERS[opt], loss, pag.tensor(x), pag.tensor(y))
    theirs = train(torch, theirs_model, OPTIMIZERS[opt], loss, torch.tensor(x), torch.tensor(y))
    assert_same_run(ours, theirs, rtol=1e-9)
    assert ours[0][-1] < ours[0][0]


def test_sgd_by_hand():
    w = pag.tensor([1.0, -2.0], requires_grad=True)
    opt = optim.SGD([w], lr=0.1, momentum=0.5)
    for _ in range(2):
        opt.zero_grad()
        (w * w).sum().backward()  # gradient 2w
        opt.step()
    # step 1: buf = 2w0 = [2, -4], w1 = w0 - 0.1 buf = [0.8, -1.6]
    # step 2: buf = 0.5 buf + 2 w1 = [2.6, -5.2], w2 = w1 - 0.26... = [0.54, -1.08]
    np.testing.assert_allclose(w.detach().numpy(), [0.54, -1.08], rtol=1e-6)
    assert w.is_leaf and w._version == 2


def test_zero_grad_set_to_none_and_zeros():
    w = nn.Parameter(pag.tensor([1.0]))
    opt = optim.Adam([w])
    (w * 3).sum().backward()
    opt.zero_grad(set_to_none=False)
    assert w.grad.tolist() == [0.0]
    opt.zero_grad()
    assert w.grad is None
    opt.step()  # no gradient: nothing moves
    assert w.tolist() == [1.0]


def test_param_groups_and_errors():
    a, b = nn.Parameter(pag.ones(1)), nn.Parameter(pag.ones(1))
    opt = optim.SGD([{"params": [a]}, {"params": [b], "lr": 1.0}], lr=0.1)
    (a + b).sum().backward()
    opt.step()
    assert a.tolist() == pytest.approx([0.9]) and b.tolist() == pytest.approx([0.0])
    assert [g["lr"] for g in opt.param_groups] == [0.1, 1.0]
    with pytest.raises(ValueError, match="optimizer got an empty parameter list"):
        optim.SGD([], lr=0.1)
    with pytest.raises(ValueError, match="Invalid learning rate"):
        optim.Adam([a], lr=-1)
    with pytest.raises(ValueError, match="Nesterov momentum requires a momentum and zero dampening"):
        optim.SGD([a], lr=0.1, nesterov=True)
    with pytest.raises(ValueError, match="can't optimize a non-leaf Tensor"):
        optim.SGD([a * 2], lr=0.1)


def test_step_closure_returns_the_loss():
    w = nn.Parameter(pag.tensor([2.0]))
    opt = optim.SGD([w], lr=0.25)

    def closure():
        opt.zero_grad()
        loss = (w * w).sum()
        loss.backward()
        return loss

    assert opt.step(closure).item() == 4.0
    assert w.tolist() == [1.0]
