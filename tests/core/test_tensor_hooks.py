"""Tensor.register_hook: see or replace a gradient as it flows, as in PyTorch."""

import pytest

import pyautograd as T


def test_hook_on_leaf_can_replace_the_gradient_and_be_removed():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    handle = x.register_hook(lambda g: g * 10)
    (x * x).sum().backward()
    assert x.grad.tolist() == [20.0, 40.0]
    handle.remove()
    x.grad = None
    (x * x).sum().backward()
    assert x.grad.tolist() == [2.0, 4.0]


def test_hooks_on_intermediate_run_before_retain_grad_and_flow_on():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    z = x * 3
    seen = []
    z.register_hook(lambda g: seen.append(g.tolist()))  # returns None: only looks
    z.retain_grad()
    z.register_hook(lambda g: g + 1)
    z.sum().backward()
    assert seen == [[1.0, 1.0]]
    assert z.grad.tolist() == [2.0, 2.0]  # retain_grad sees the hooked gradient (PyTorch)
    assert x.grad.tolist() == [6.0, 6.0]


def test_hook_needs_requires_grad():
    with pytest.raises(
        RuntimeError, match=r"^cannot register a hook on a tensor that doesn't require gradient$"
    ):
        T.ones(2).register_hook(lambda g: g)


def test_hook_sees_the_summed_gradient_once():
    x = T.tensor(2.0, requires_grad=True)
    calls = []
    x.register_hook(lambda g: calls.append(g.item()))
    (x * 3 + x * 4).backward()
    assert calls == [7.0] and x.grad.item() == 7.0


def test_leaf_hook_returning_a_tensor_does_not_alias_it():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    kept = T.tensor([5.0, 5.0])
    x.register_hook(lambda g: kept)
    (x * 1).sum().backward()
    x.grad.zero_()
    assert kept.tolist() == [5.0, 5.0]


def test_matches_pytorch():
    torch = pytest.importorskip("torch")
    for lib in (T, torch):
        x = lib.tensor([1.0, -2.0, 3.0], requires_grad=True)
        y = x.tanh()
        y.register_hook(lambda g: g * 2)
        x.register_hook(lambda g: g - 1)
        (y * y).sum().backward()
        if lib is T:
            ours = x.grad.tolist()
        else:
            assert ours == pytest.approx(x.grad.tolist(), rel=1e-6)
