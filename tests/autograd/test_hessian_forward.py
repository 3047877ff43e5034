"""hessian(outer_jacobian_strategy="forward-mode", vectorize=True): forward-over-reverse, one sweep per input."""

import numpy as np
import pytest

import pyautograd as T
from pyautograd.autograd.functional import count_passes, hessian

CASES = {
    "cubic_and_cross": lambda L: lambda x: (x**3).sum() + x[0] * x[1],
    "exp": lambda L: lambda x: x.exp().sum(),
    "tanh_times_x": lambda L: lambda x: (x.tanh() * x).sum(),
    "sigmoid_squared": lambda L: lambda x: (x.sigmoid() * x.sigmoid()).sum(),
    "log_softmax_entry": lambda L: lambda x: x.log_softmax(0)[1],
    "sqrt": lambda L: lambda x: (x * x + 1).sqrt().sum(),
    "quotient": lambda L: lambda x: x[0] / (x[1] + 3) * x[2],
    "matmul": lambda L: lambda x: (x.reshape(1, 3) @ (x.reshape(3, 1) * x.reshape(1, 3))).sum(),
    "relu_mix": lambda L: lambda x: (x.relu() * x * x).sum(),
}
X = [0.3, -0.7, 1.1]


@pytest.mark.parametrize("name", sorted(CASES))
def test_forward_over_reverse_equals_reverse_over_reverse(name):
    f = CASES[name](T)
    forward = hessian(f, T.tensor(X, dtype=T.float64), outer_jacobian_strategy="forward-mode", vectorize=True)
    reverse = hessian(f, T.tensor(X, dtype=T.float64))
    np.testing.assert_allclose(forward.numpy(), reverse.numpy(), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("name", sorted(CASES))
def test_forward_over_reverse_matches_pytorch(name):
    torch = pytest.importorskip("torch")
    ours = hessian(
        CASES[name](T), T.tensor(X, dtype=T.float64), outer_jacobian_strategy="forward-mode", vectorize=True
    )
    theirs = torch.autograd.functional.hessian(CASES[name](torch), torch.tensor(X, dtype=torch.float64))
    np.testing.assert_allclose(ours.numpy(), theirs.numpy(), rtol=1e-10, atol=1e-12)


def test_one_forward_sweep_per_input_element():
    with count_passes() as n:
        h = hessian(
            lambda x: (x**4).sum(),
            T.tensor([1.0, 2.0], dtype=T.float64),
            outer_jacobian_strategy="forward-mode",
            vectorize=True,
        )
    assert h.tolist() == [[12.0, 0.0], [0.0, 48.0]]
    assert n.jvp == 2 and n.vjp == 2  # each sweep carries one reverse pass inside it


def test_tangents_do_not_outlive_the_computation():
    x = T.tensor([0.5, 1.5], dtype=T.float64)
    hessian(lambda x: x.exp().sum(), x, outer_jacobian_strategy="forward-mode", vectorize=True)
    assert x._tangent is None and "tangent" not in repr(x)


def test_unknown_strategy_is_refused():
    with pytest.raises(AssertionError, match="forward-mode"):
        hessian(lambda x: x.sum(), T.tensor([1.0]), outer_jacobian_strategy="sideways")
