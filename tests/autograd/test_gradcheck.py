"""gradcheck / gradgradcheck: pass on every op of the engine in float64, fail usefully
(with PyTorch's message) on a wrong backward, warn like PyTorch on float32 inputs."""

import warnings

import numpy as np
import pytest
from op_cases import CASES, NO_SECOND_ORDER, NOT_THE_DERIVATIVE, inputs

import pyautograd as pag
from pyautograd.autograd import Function, GradcheckError, gradcheck, gradgradcheck

try:
    import torch
except ImportError:
    torch = None


def _tolerance(name):
    """The float32 round trip loses precision: finite differences see float32 rounding."""
    return {"atol": 5e-2, "rtol": 5e-2} if name.startswith("to_float32") else {}


def _leaves(name, shapes):
    return tuple(pag.tensor(x, requires_grad=True) for x in inputs(name, shapes))


@pytest.mark.parametrize("name,fn,shapes", CASES, ids=[c[0] for c in CASES])
def test_every_op_passes_gradcheck(name, fn, shapes):
    if name in NOT_THE_DERIVATIVE:
        pytest.skip(NOT_THE_DERIVATIVE[name])
    assert gradcheck(lambda *x: fn(pag, *x), _leaves(name, shapes), check_forward_ad=True, **_tolerance(name))


@pytest.mark.parametrize("name,fn,shapes", CASES, ids=[c[0] for c in CASES])
def test_every_op_passes_gradgradcheck(name, fn, shapes):
    if name in NOT_THE_DERIVATIVE:
        pytest.skip(NOT_THE_DERIVATIVE[name])
    if name in NO_SECOND_ORDER:
        with pytest.raises(RuntimeError, match=f"^{NO_SECOND_ORDER[name]}$"):
            gradgradcheck(lambda *x: fn(pag, *x), _leaves(name, shapes))
        return
    assert gradgradcheck(lambda *x: fn(pag, *x), _leaves(name, shapes), **_tolerance(name))


class SquareWithWrongBackward(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * x  # should be 2 * g * x


def test_wrong_backward_fails_with_both_jacobians():
    x = pag.tensor([1.0, 2.0], dtype=pag.float64, requires_grad=True)
    with pytest.raises(GradcheckError) as e:
        gradcheck(SquareWithWrongBackward.apply, (x,))
    assert str(e.value) == (
        "Jacobian mismatch for output 0 with respect to input 0,\n"
        "numerical:tensor([[2.0000, 0.0000],\n        [0.0000, 4.0000]], dtype=pyautograd.float64)\n"
        "analytical:tensor([[1., 0.],\n        [0., 2.]], dtype=pyautograd.float64)\n"
    )
    assert isinstance(e.value, RuntimeError)
    assert gradcheck(SquareWithWrongBackward.apply, (x,), raise_exception=False) is False


@pytest.mark.skipif(torch is None, reason="PyTorch (the oracle) is not installed")
def test_message_is_pytorchs():
    def bug(L):
        return lambda t, u: (t * t.detach() + u, (u * 3).sum())

    xs = [np.array([1.0, 2.0, 3.0]), np.array([0.5, 0.25, 1.0])]
    messages = []
    for L in (pag, torch):
        args = tuple(L.tensor(x, dtype=L.float64, requires_grad=True) for x in xs)
        with pytest.raises(Exception) as e:
            (gradcheck if L is pag else torch.autograd.gradcheck)(bug(L), args)
        messages.append(str(e.value).replace("torch.", "pyautograd."))
    assert messages[0] == messages[1]


def test_second_input_and_second_output_are_named():
    a = pag.tensor([1.0], dtype=pag.float64, requires_grad=True)
    b = pag.tensor([2.0], dtype=pag.float64, requires_grad=True)
    with pytest.raises(GradcheckError, match="for output 1 with respect to input 1"):
        gradcheck(lambda a, b: (a * 2, a + b * b.detach()), (a, b))


def test_lesson_network_passes():
    x1, x2, y = (pag.tensor(v, dtype=pag.float64) for v in (1.0, 2.0, 0.0))

    def network_loss(w1, w2, b1, w3, b2):
        h = pag.sigmoid(w1 * x1 + w2 * x2 + b1)
        return (w3 * h + b2 - y) ** 2

    params = tuple(pag.tensor(v, dtype=pag.float64, requires_grad=True) for v in (0.5, -0.5, 0.5, 2.0, 0.0))
    assert gradcheck(network_loss, params) is True
    assert gradgradcheck(network_loss, params) is True


def test_float32_warns_like_pytorch_and_fails():
    x = pag.tensor([1.0, 2.0], requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(GradcheckError) as e:
            gradcheck(lambda t: (t * 2).sum(), (x,))
    assert [str(w.message) for w in caught] == [
        "Input #0 requires gradient and is not a double precision floating point or complex. "
        "This check will likely fail if all the inputs are not of double precision floating "
        "point or complex. "
    ]
    assert "numerical:tensor([[1.9073],\n        [1.9073]])" in str(e.value)


def test_needs_an_input_that_requires_grad():
    with pytest.raises(ValueError, match="at least one input tensor to require gradient"):
        gradcheck(lambda t: t * 2, (pag.tensor([1.0], dtype=pag.float64),))


def test_inputs_are_left_unchanged():
    x = pag.tensor([1.0, 2.0], dtype=pag.float64, requires_grad=True)
    gradcheck(lambda t: t.exp(), (x,))
    assert x.tolist() == [1.0, 2.0] and x.grad is None


def test_forward_ad_mismatch_is_reported():
    class WrongTangent(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 3

        @staticmethod
        def backward(ctx, g):
            return g * 3

        @staticmethod
        def jvp(ctx, t):
            return t * 2

    x = pag.tensor([1.0], dtype=pag.float64, requires_grad=True)
    assert gradcheck(WrongTangent.apply, (x,))
    with pytest.raises(GradcheckError, match="Jacobian computed with forward mode mismatch for output 0"):
        gradcheck(WrongTangent.apply, (x,), check_forward_ad=True)
