"""Memory: saved buffers are freed by backward, graphs die with their tensors,
and a long training loop does not grow.

Measured with tracemalloc (NumPy reports its data buffers to it), so the tests
do not depend on how the engine stores what it saves.
"""

import gc
import tracemalloc
import weakref

import numpy as np
import pytest

import pyautograd as T

N = 400 * 400  # float64 elements per buffer
BUF = N * 8  # bytes per buffer (1.28 MB)


@pytest.fixture
def traced():
    gc.collect()
    tracemalloc.start()
    yield
    tracemalloc.stop()


def _current():
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def _graph(x):
    # a chain of unary ops: each one saves a full-size buffer (its input or output)
    return x.exp().sin().tanh().sigmoid().sqrt().sum()


def test_graph_holds_saved_buffers_until_backward(traced):
    x = T.tensor(np.linspace(0.1, 1.0, N).reshape(400, 400), requires_grad=True)
    base = _current()
    loss = _graph(x)
    held = _current() - base
    assert held > 3 * BUF  # the graph really keeps saved buffers alive
    loss.backward()
    after = _current() - base
    # only x.grad (one buffer) remains, plus small change
    assert after < BUF + BUF // 4, f"{after / BUF:.2f} buffers still held after backward"
    assert loss.grad_fn is not None  # the graph object itself is still reachable


def test_retain_graph_keeps_saved_buffers(traced):
    x = T.tensor(np.linspace(0.1, 1.0, N).reshape(400, 400), requires_grad=True)
    base = _current()
    loss = _graph(x)
    loss.backward(retain_graph=True)
    kept = _current() - base
    assert kept > 3 * BUF + BUF  # saved buffers + x.grad
    loss.backward()  # the last backward frees them
    assert _current() - base < BUF + BUF // 4


def test_autograd_grad_frees_saved_buffers(traced):
    x = T.tensor(np.linspace(0.1, 1.0, N), requires_grad=True)
    base = _current()
    loss = _graph(x)
    (g,) = T.autograd.grad(loss, x)
    assert _current() - base < N * 8 + N * 2  # just g
    assert g.shape == (N,)


def test_dropping_the_output_frees_the_graph_without_gc():
    """The graph has no reference cycles: refcounting alone frees it."""
    gc.disable()
    try:
        x = T.tensor([1.0, 2.0], requires_grad=True)
        y = (x.exp() * x).sum()
        node = weakref.ref(y.grad_fn)
        inner = weakref.ref(y.grad_fn.next_functions[0][0])
        del y
        assert node() is None and inner() is None
        y = (x * x).sum()
        y.backward()
        node = weakref.ref(y.grad_fn)
        del y
        assert node() is None
    finally:
        gc.enable()


def test_leaf_does_not_keep_graph_alive():
    gc.disable()
    try:
        x = T.tensor([1.0, 2.0], requires_grad=True)
        y = x * 3
        node = weakref.ref(y.grad_fn)
        del y
        assert node() is None
        assert x.grad is None
    finally:
        gc.enable()


def _train(steps, record_at):
    """A small 2-layer network trained with plain SGD, as the lessons do it."""
    T.manual_seed(0)
    X = T.randn(32, 3)
    Y = (X @ T.tensor([[1.0], [-2.0], [0.5]])).tanh()
    w1 = (T.randn(3, 8) * 0.5).requires_grad_()
    b1 = T.zeros(8, requires_grad=True)
    w2 = (T.randn(8, 1) * 0.5).requires_grad_()
    b2 = T.zeros(1, requires_grad=True)
    params = [w1, b1, w2, b2]
    marks, losses = {}, [None, None]  # first and last loss only: a list would grow
    for step in range(steps):
        h = (X @ w1 + b1).tanh()
        pred = h @ w2 + b2
        loss = ((pred - Y) ** 2).mean()
        for p in params:
            p.grad = None
        loss.backward()
        with T.no_grad():
            for p in params:
                p -= 0.1 * p.grad
        losses[min(step, 1)] = loss.item()
        if step in record_at:
            marks[step] = _current()
    return marks, losses


def test_training_loop_memory_does_not_grow(traced):
    marks, losses = _train(2000, {199, 1999})
    growth = marks[1999] - marks[199]
    assert growth < 32 * 1024, f"memory grew by {growth} bytes over 1800 steps"
    assert losses[-1] < 0.2 * losses[0]  # it really trained


def test_training_loop_with_zero_grad_does_not_grow(traced):
    T.manual_seed(1)
    w = T.randn(50, requires_grad=True)
    target = T.ones(50)
    marks = {}
    for step in range(2000):
        loss = ((w - target) ** 2).sum()
        if w.grad is not None:
            w.grad.zero_()
        loss.backward()
        with T.no_grad():
            w -= 0.01 * w.grad
        if step in (199, 1999):
            marks[step] = _current()
    assert marks[1999] - marks[199] < 16 * 1024
    assert ((w - target) ** 2).sum().item() < 1e-6
