"""Gradients accumulating into ``.grad`` across backward calls, with and without
``create_graph=True``, against PyTorch: the value, whether ``.grad`` keeps a graph (its node
and edges as PyTorch prints them), whether it is the same tensor, its version, and the
second-order gradients taken through it."""

import warnings

import pytest

import pyautograd as pag

torch = pytest.importorskip("torch")


def _graph(t):
    """A tensor's printed form, requires_grad, and its node with the names along its edges
    (the nodes below belong to the backward formulas of the ops, not to accumulation)."""
    if t.grad_fn is None:
        return repr(t), t.requires_grad, None
    edges = [None if child is None else type(child).__name__ for child, _ in t.grad_fn.next_functions]
    return repr(t).replace("torch", "pyautograd"), t.requires_grad, type(t.grad_fn).__name__, edges


def _twice_create_graph(L):
    x = L.tensor(1.0, requires_grad=True)
    y = x**3
    y.backward(create_graph=True)
    first = x.grad
    y.backward(create_graph=True)
    seen = [_graph(x.grad), x.grad is first]
    x.grad.backward()
    return [*seen, _graph(x.grad)]


def _grad_of_grad(L):
    x = L.tensor(1.0, requires_grad=True)
    (x**2).backward(create_graph=True)
    seen = [_graph(x.grad)]
    g = x.grad
    x.grad.backward()
    return [*seen, _graph(x.grad), x.grad is g]


def _plain_then_create_graph(L):
    x = L.tensor(2.0, requires_grad=True)
    (x**3).backward()
    first = x.grad
    (x**3).backward(create_graph=True)
    return [_graph(first), _graph(x.grad), x.grad is first]


def _create_graph_then_plain(L):
    x = L.tensor(2.0, requires_grad=True)
    (x**3).backward(create_graph=True)
    first, version = x.grad, x.grad._version
    (x**3).backward()
    return [_graph(x.grad), x.grad is first, x.grad._version - version]


def _second_order_through_accumulated(L):
    x = L.tensor([2.0, 3.0], requires_grad=True)
    (x**3).sum().backward(create_graph=True)
    (x.sin() * x).sum().backward(create_graph=True)
    (gx,) = L.autograd.grad((x.grad * x.grad).sum(), x, create_graph=True)
    (gxx,) = L.autograd.grad(gx.sum(), x)
    return [_graph(x.grad), _graph(gx), gx.tolist(), gxx.tolist()]


def _two_leaves(L):
    w = L.tensor([2.0, 3.0], requires_grad=True)
    b = L.tensor([1.0, -1.0], requires_grad=True)
    (w * b).sum().backward(create_graph=True)
    return [_graph(w.grad), _graph(b.grad)]


def _saved_grad_changed_by_a_later_backward(L):
    x = L.tensor([1.0, 2.0], requires_grad=True)
    w = L.tensor([3.0, 4.0], requires_grad=True)
    (x**2).sum().backward()
    y = (w * x.grad).sum()  # saves x.grad for w's gradient
    (x**2).sum().backward()  # adds into x.grad in place
    try:
        y.backward()
    except RuntimeError as e:
        return ["RuntimeError", str(e).replace("torch", "pyautograd")]
    return [w.grad.tolist()]


CASES = {
    "twice_create_graph": _twice_create_graph,
    "grad_of_grad": _grad_of_grad,
    "plain_then_create_graph": _plain_then_create_graph,
    "create_graph_then_plain": _create_graph_then_plain,
    "second_order_through_accumulated": _second_order_through_accumulated,
    "two_leaves": _two_leaves,
    "saved_grad_changed_by_a_later_backward": _saved_grad_changed_by_a_later_backward,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_grad_accumulation_as_pytorch(case):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PyTorch's note on the reference cycle of create_graph
        theirs = CASES[case](torch)
    assert CASES[case](pag) == theirs
