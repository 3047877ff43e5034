"""pyautograd.nn against torch.nn: initialisation, bookkeeping, printing, losses."""

import math
from collections import OrderedDict

import numpy as np
import pytest

import pyautograd as pag
from pyautograd import nn
from pyautograd.nn import functional as F

try:
    import torch
except ImportError:
    torch = None
needs_torch = pytest.mark.skipif(torch is None, reason="PyTorch (the oracle) is not installed")


def lesson_net(L):
    return L.nn.Sequential(L.nn.Linear(2, 1), L.nn.Sigmoid(), L.nn.Linear(1, 1))


# ---- Linear's default initialisation ----------------------------------------------------------
def test_linear_init_is_pytorchs_default_two_uniform_fills():
    """kaiming_uniform_(a=sqrt(5)) on the weight, then the bias from the same range, in that
    order (the numbers themselves are compared with PyTorch in core/test_random_vs_torch.py)."""
    pag.manual_seed(7)
    layer = nn.Linear(5, 3)
    pag.manual_seed(7)
    bound = math.sqrt(3.0) * (math.sqrt(2.0 / (1 + 5)) / math.sqrt(5))
    weight = pag.empty(3, 5).uniform_(-bound, bound)
    bias = pag.empty(3).uniform_(-1 / math.sqrt(5), 1 / math.sqrt(5))
    assert layer.weight.tolist() == weight.tolist() and layer.bias.tolist() == bias.tolist()
    assert layer.weight.dtype == pag.float32 and layer.weight.requires_grad and layer.weight.is_leaf


def test_seed_makes_models_repeatable():
    pag.manual_seed(1)
    a = nn.Linear(4, 4).weight.tolist()
    pag.manual_seed(1)
    assert nn.Linear(4, 4).weight.tolist() == a


def test_kaiming_bound_covers_the_range():
    pag.manual_seed(0)
    w = nn.Linear(100, 200).weight.detach().numpy()
    assert np.abs(w).max() <= 0.1 and np.abs(w).max() > 0.099


# ---- bookkeeping --------------------------------------------------------------------------------
@needs_torch
def test_repr_and_names_match_torch():
    ours, theirs = lesson_net(pag), lesson_net(torch)
    assert repr(ours) == repr(theirs)
    assert [n for n, _ in ours.named_parameters()] == [n for n, _ in theirs.named_parameters()]
    assert list(ours.state_dict()) == list(theirs.state_dict())
    assert repr(nn.ReLU()) == repr(torch.nn.ReLU()) and repr(nn.MSELoss()) == repr(torch.nn.MSELoss())
    assert repr(nn.Linear(3, 2, bias=False)) == repr(torch.nn.Linear(3, 2, bias=False))


@needs_torch
def test_parameter_prints_like_torch():
    p = nn.Parameter(pag.tensor([1.0, 2.0]))
    q = torch.nn.Parameter(torch.tensor([1.0, 2.0]))
    assert repr(p) == repr(q)
    assert isinstance(p, pag.Tensor) and isinstance(p, nn.Parameter)
    assert not isinstance(p * 2, nn.Parameter)


def test_custom_module_registers_attributes():
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.hidden = nn.Linear(2, 3)
            self.out = nn.Linear(3, 1)
            self.scale = nn.Parameter(pag.tensor(1.0))
            self.note = "not a parameter"

        def forward(self, x):
            return self.out(pag.tanh(self.hidden(x))) * self.scale

    net = Net()
    assert [n for n, _ in net.named_parameters()] == [
        "scale",
        "hidden.weight",
        "hidden.bias",
        "out.weight",
        "out.bias",
    ]
    assert len(list(net.parameters())) == 5 and [n for n, _ in net.named_children()] == ["hidden", "out"]
    assert net(pag.ones(4, 2)).shape == (4, 1)
    with pytest.raises(TypeError, match="cannot assign 'pyautograd.FloatTensor' as parameter 'scale'"):
        net.scale = pag.tensor(2.0)
    with pytest.raises(AttributeError, match="'Net' object has no attribute 'missing'"):
        net.missing


def test_shared_parameters_are_listed_once():
    layer = nn.Linear(2, 2)
    assert len(list(nn.Sequential(layer, layer).parameters())) == 2


def test_zero_grad_train_eval():
    net = lesson_net(pag)
    net(pag.ones(1, 2)).sum().backward()
    assert all(p.grad is not None for p in net.parameters())
    net.zero_grad(set_to_none=False)
    assert all(p.grad.abs().sum().item() == 0 for p in net.parameters())
    net.zero_grad()
    assert all(p.grad is None for p in net.parameters())
    assert net.eval() is net and not net.training and not net[0].training
    assert net.train().training and net[2].training


@needs_torch
def test_state_dict_round_trip_and_errors_match_torch():
    src, dst = lesson_net(pag), lesson_net(pag)
    result = dst.load_state_dict(src.state_dict())
    assert repr(result) == "<All keys matched successfully>"
    assert all(a.tolist() == b.tolist() for a, b in zip(src.parameters(), dst.parameters()))
    sd = src.state_dict()
    assert not sd["0.weight"].requires_grad
    messages = []
    for L, net in ((pag, lesson_net(pag)), (torch, lesson_net(torch))):
        bad = OrderedDict(net.state_dict())
        del bad["2.bias"]
        bad["extra"] = L.zeros(1)
        bad["0.weight"] = L.zeros(3, 3)
        with pytest.raises(RuntimeError) as e:
            net.load_state_dict(bad)
        messages.append(str(e.value).replace("torch.", "pyautograd."))
    assert messages[0] == messages[1]
    loose = lesson_net(pag).load_state_dict({"0.bias": pag.zeros(1)}, strict=False)
    assert loose.missing_keys == ["0.weight", "2.weight", "2.bias"] and loose.unexpected_keys == []


def test_double_converts_parameters():
    net = lesson_net(pag).double()
    assert all(p.dtype == pag.float64 for p in net.parameters())
    assert net(pag.ones(1, 2, dtype=pag.float64)).dtype == pag.float64


# ---- layers and losses against torch ---------------------------------------------------------------
def _pair(array, dtype=np.float64):
    a = np.asarray(array, dtype=dtype)
    return pag.tensor(a, requires_grad=True), torch.tensor(a, requires_grad=True)


LOSS_CASES = [
    ("mse", lambda L, x, y: L.nn.functional.mse_loss(x, y), "float"),
    ("mse_sum", lambda L, x, y: L.nn.MSELoss(reduction="sum")(x, y), "float"),
    ("mse_none", lambda L, x, y: L.nn.MSELoss(reduction="none")(x, y).sum(), "float"),
    ("bce", lambda L, x, y: L.nn.BCELoss()(L.sigmoid(x), y), "prob"),
    (
        "bce_weight",
        lambda L, x, y: L.nn.functional.binary_cross_entropy(
            L.sigmoid(x), y, weight=L.tensor([0.5, 2.0, 1.0], dtype=L.float64)
        ),
        "prob",
    ),
    ("bce_logits", lambda L, x, y: L.nn.BCEWithLogitsLoss()(x * 30, y), "prob"),
    (
        "bce_logits_pos_weight",
        lambda L, x, y: L.nn.BCEWithLogitsLoss(
            pos_weight=L.tensor([3.0, 1.0, 0.5], dtype=L.float64), reduction="sum"
        )(x, y),
        "prob",
    ),
    ("ce", lambda L, x, y: L.nn.CrossEntropyLoss()(x, y), "class"),
    ("ce_big_logits", lambda L, x, y: L.nn.CrossEntropyLoss()(x * 1000, y), "class"),
    (
        "ce_weight",
        lambda L, x, y: L.nn.CrossEntropyLoss(weight=L.tensor([1.0, 2.0, 0.5], dtype=L.float64))(x, y),
        "class",
    ),
    ("ce_ignore", lambda L, x, y: L.nn.CrossEntropyLoss(ignore_index=1)(x, y), "class"),
    ("ce_none", lambda L, x, y: L.nn.CrossEntropyLoss(reduction="none")(x, y).sum(), "class"),
    ("ce_smoothing", lambda L, x, y: L.nn.CrossEntropyLoss(label_smoothing=0.1)(x, y), "class"),
    ("ce_probs", lambda L, x, y: L.nn.CrossEntropyLoss()(x, L.softmax(y * 1.0, dim=1)), "float"),
    ("nll", lambda L, x, y: L.nn.NLLLoss()(L.log_softmax(x, dim=1), y), "class"),
]


@needs_torch
@pytest.mark.parametrize("name,fn,kind", LOSS_CASES, ids=[c[0] for c in LOSS_CASES])
def test_loss_value_and_gradient_match_torch(name, fn, kind):
    rng = np.random.default_rng(3)
    x = rng.normal(size=(4, 3))
    px, tx = _pair(x)
    if kind == "class":
        y = np.array([0, 2, 1, 1])
        py, ty = pag.tensor(y), torch.tensor(y)
    else:
        y = rng.uniform(size=(4, 3)) if kind == "prob" else rng.normal(size=(4, 3))
        py, ty = _pair(y)
    ours, theirs = fn(pag, px, py), fn(torch, tx, ty)
    if name != "ce_probs":  # PyTorch divides by N with a scalar op of its own (DivBackward1)
        assert ours.grad_fn.name() == theirs.grad_fn.name()
    np.testing.assert_allclose(ours.item(), theirs.item(), rtol=1e-10)
    ours.backward()
    theirs.backward()
    np.testing.assert_allclose(px.grad.numpy(), tx.grad.numpy(), rtol=1e-9, atol=1e-12)
    if kind != "class" and theirs is not None and ty.grad is not None:
        np.testing.assert_allclose(py.grad.numpy(), ty.grad.numpy(), rtol=1e-9, atol=1e-12)


def test_losses_pass_gradcheck_and_gradgradcheck():
    from pyautograd.autograd import gradcheck, gradgradcheck

    x = pag.tensor([[0.3, -1.2, 0.8], [1.5, 0.1, -0.4]], dtype=pag.float64, requires_grad=True)
    y = pag.tensor([[0.2, 0.9, 0.4], [0.6, 0.1, 0.7]], dtype=pag.float64, requires_grad=True)
    classes = pag.tensor([2, 0])
    w = pag.tensor([[0.5, -0.2, 0.1], [0.3, 0.3, -0.6]], dtype=pag.float64, requires_grad=True)
    b = pag.tensor([0.1, -0.2], dtype=pag.float64, requires_grad=True)
    for fn, args in [
        (lambda x, y: F.mse_loss(x, y), (x, y)),
        (lambda x, y: F.binary_cross_entropy(pag.sigmoid(x), y), (x, y)),
        (
            lambda x, y: F.binary_cross_entropy_with_logits(
                x, y, pos_weight=pag.tensor([2.0, 1.0, 0.5], dtype=pag.float64)
            ),
            (x, y),
        ),
        (lambda x: F.cross_entropy(x, classes), (x,)),
        (lambda x: F.cross_entropy(x, classes, reduction="none"), (x,)),
        (lambda x, w, b: F.linear(x, w, b), (x, w, b)),
    ]:
        assert gradcheck(fn, args, check_forward_ad=True)
        assert gradgradcheck(fn, args)


@needs_torch
def test_linear_forward_backward_match_torch():
    ours, theirs = nn.Linear(3, 2), torch.nn.Linear(3, 2)
    with torch.no_grad():
        theirs.weight.copy_(torch.tensor(ours.weight.tolist()))
        theirs.bias.copy_(torch.tensor(ours.bias.tolist()))
    x = np.random.default_rng(0).normal(size=(5, 3)).astype(np.float32)
    o, t = ours(pag.tensor(x)), theirs(torch.tensor(x))
    assert o.grad_fn.name() == t.grad_fn.name() == "AddmmBackward0"
    np.testing.assert_allclose(o.detach().numpy(), t.detach().numpy(), rtol=1e-6)
    (o * o).sum().backward()
    (t * t).sum().backward()
    np.testing.assert_allclose(ours.weight.grad.numpy(), theirs.weight.grad.numpy(), rtol=1e-5)
    np.testing.assert_allclose(ours.bias.grad.numpy(), theirs.bias.grad.numpy(), rtol=1e-5)


def test_loss_argument_errors():
    with pytest.raises(ValueError, match="is not a valid value for reduction"):
        F.mse_loss(pag.ones(2), pag.ones(2), reduction="avg")
    with pytest.raises(ValueError, match="Using a target size"):
        F.binary_cross_entropy(pag.ones(2) * 0.5, pag.ones(3))
    with pytest.raises(IndexError, match="Target 5 is out of bounds."):
        F.cross_entropy(pag.ones(2, 3), pag.tensor([0, 5]))
    with pytest.warns(UserWarning, match="Using a target size"):
        F.mse_loss(pag.ones(2, 1), pag.ones(2))
