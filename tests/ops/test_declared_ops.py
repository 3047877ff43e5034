"""What ``ops/unary.py``'s declarations publish: each declared op appears where PyTorch has
it (torch.<name>, Tensor.<name>, nn.functional.<name>, the ``_`` in-place variants), its
in-place forms change the tensor and record PyTorch's node, and bad settings fail as there."""

import numpy as np
import pytest

import pyautograd
from pyautograd.ops.unary import DECLARED

torch = pytest.importorskip("torch")
NAMES = [d.name for d in DECLARED]


def _places(L, d):
    """The published names of ``d`` in ``L``: (namespace, attribute) pairs that exist."""
    spaces = {"torch": L, "Tensor": L.Tensor, "F": L.nn.functional}
    wanted = [(space, name) for space in spaces for name in (d.name, d.name + "_")]
    return {(space, name) for space, name in wanted if hasattr(spaces[space], name)}


@pytest.mark.parametrize("name", NAMES)
def test_published_where_pytorch_has_it(name):
    d = next(d for d in DECLARED if d.name == name)
    theirs, ours = _places(torch, d), _places(pyautograd, d)
    assert theirs <= ours, f"PyTorch has {sorted(theirs - ours)}, pyautograd does not"


@pytest.mark.parametrize(
    "call",
    [
        lambda L, x: L.nn.functional.selu(x, inplace=True),
        lambda L, x: L.nn.functional.hardtanh(x, -0.5, 0.5, True),
        lambda L, x: L.nn.functional.leaky_relu_(x, 0.3),
        lambda L, x: L.nn.functional.elu(x, alpha=0.5, inplace=True),
        lambda L, x: L.atan_(x),
        lambda L, x: x.rsqrt_(),
        lambda L, x: x.erf_(),
    ],
)
def test_in_place_forms_match_pytorch(call):
    results = []
    for L in (pyautograd, torch):
        leaf = L.tensor([-1.5, -0.2, 0.3, 2.0], dtype=L.float64, requires_grad=True)
        x = leaf * 1
        out = call(L, x)
        out.sum().backward()
        results.append((out is x, x.tolist(), type(x.grad_fn).__name__, leaf.grad.tolist(), x._version))
    (same, values, node, grad, version), (t_same, t_values, t_node, t_grad, t_version) = results
    assert same and t_same and node == t_node and version == t_version
    np.testing.assert_allclose(values, t_values, rtol=1e-12)
    np.testing.assert_allclose(grad, t_grad, rtol=1e-12)


@pytest.mark.parametrize(
    "call",
    [
        lambda L: L.nn.functional.hardtanh(L.tensor([1.0]), 2.0, 1.0),
        lambda L: L.nn.functional.leaky_relu(L.tensor([1.0]), 0.1, False, 3),
        lambda L: L.nn.functional.elu(L.tensor([1.0]), alpha=1.0, beta=2.0),
        lambda L: L.atan(2.0),
        lambda L: -L.tensor([True]),
        lambda L: L.nn.functional.leaky_relu(L.tensor([1.0], requires_grad=True), inplace=True),
    ],
)
def test_misuse_fails_as_in_pytorch(call):
    errors = []
    for L in (pyautograd, torch):
        with pytest.raises(Exception) as e:
            call(L)
        errors.append(e.value)
    ours, theirs = errors
    assert type(ours) is type(theirs)
    if not isinstance(ours, TypeError):  # PyTorch's TypeErrors list its overloads; ours name the argument
        assert str(ours) == str(theirs)
