"""F.linear records PyTorch's graph: node names and the order of next_functions (AddmmBackward0
over bias, input and TBackward0 -> weight; MmBackward0 without a bias; the views around them
for 1-D and 3-D inputs), and the same gradients."""

import itertools

import numpy as np
import pytest

import pyautograd as pag

torch = pytest.importorskip("torch")


def _walk(node):
    """Every node below ``node``, depth first, as (name, names along its edges)."""
    if node is None:
        return [None]
    edges = [None if child is None else type(child).__name__ for child, _ in node.next_functions]
    out = [(type(node).__name__, edges)]
    for child, _ in node.next_functions:
        out += _walk(child)
    return out


SHAPES = [(3,), (2, 3), (0, 3), (2, 2, 3), (2, 1, 2, 3)]
CASES = [c for c in itertools.product(SHAPES, (True, False), (True, False), (True, False)) if any(c[1:])]


def _linear(L, shape, bias, x_grad, w_grad):
    g = np.random.default_rng(len(shape))
    x = L.tensor(g.standard_normal(shape), requires_grad=x_grad)
    w = L.tensor(g.standard_normal((4, 3)), requires_grad=w_grad)
    b = L.tensor(g.standard_normal(4), requires_grad=True) if bias else None
    y = L.nn.functional.linear(x * 1 if x_grad else x, w, b)
    graph = _walk(y.grad_fn)
    (y * y).sum().backward()
    grads = [t.grad.tolist() for t in (x, w, b) if t is not None and t.requires_grad]
    return graph, grads, tuple(y.shape)


@pytest.mark.parametrize("shape, bias, x_grad, w_grad", CASES, ids=str)
def test_linear_graph_and_gradients_as_pytorch(shape, bias, x_grad, w_grad):
    ours, theirs = _linear(pag, shape, bias, x_grad, w_grad), _linear(torch, shape, bias, x_grad, w_grad)
    assert ours[0] == theirs[0]
    assert ours[2] == theirs[2]
    assert len(ours[1]) == len(theirs[1])
    for a, b in zip(ours[1], theirs[1]):
        np.testing.assert_allclose(np.asarray(a, float), np.asarray(b, float), rtol=1e-12, atol=1e-12)


def _count_nodes(L):
    """Nodes met walking next_functions from the loss of a small MLP (every path, as a
    learner's recursive walk counts them)."""
    L.manual_seed(0)
    net = L.nn.Sequential(L.nn.Linear(3, 5), L.nn.Tanh(), L.nn.Linear(5, 5), L.nn.ReLU(), L.nn.Linear(5, 1))
    loss = net(L.ones(4, 3)).pow(2).mean()

    def count(node):
        return 0 if node is None else 1 + sum(count(child) for child, _ in node.next_functions)

    return count(loss.grad_fn)


def test_node_count_of_a_network_as_pytorch():
    assert _count_nodes(pag) == _count_nodes(torch)


def test_the_weight_gradient_is_kept_without_a_copy_and_stays_its_own():
    """The weight's gradient reaches .grad as the array Addmm computed (no copy), and later
    steps neither alias it nor each other's."""
    lin = pag.nn.Linear(3, 2)
    x = pag.ones(4, 3)
    lin(x).sum().backward()
    first = lin.weight.grad
    assert first._data.base is None and first._data.flags.c_contiguous
    kept = first.clone()
    lin(x * 2).sum().backward()  # accumulates into the same .grad in place
    np.testing.assert_array_equal(lin.weight.grad._data, kept._data * 3)
