"""Tensors made under ``inference_mode`` are inference tensors, as in PyTorch: they may not be
saved for backward (the error fires at the op), nor changed in place outside inference mode,
nor be made to require grad there. Every case is compared with PyTorch."""

import pytest

import pyautograd

torch = pytest.importorskip("torch")


def _inference_ones(L, n=3):
    with L.inference_mode():
        return L.ones(n)


def _w(L):
    return L.tensor([1.0, 2, 3], requires_grad=True)


def flags(L):
    t = _inference_ones(L)
    normal = L.ones(2)
    with L.inference_mode():
        inside = (t * 2).is_inference()
        view_of_normal = normal[0:1].is_inference()
    return t.is_inference(), L.ones(2).is_inference(), (t * 2).is_inference(), inside, view_of_normal


def saved_by_mul(L):
    w = _w(L)
    t = _inference_ones(L)
    try:
        y = w * t
    except RuntimeError as e:
        return "at the op", str(e).replace("pyautograd.", "torch.")
    y.sum().backward()
    return w.grad.tolist()


def saved_by_matmul(L):
    _w(L) @ _inference_ones(L)


def saved_by_div(L):
    _w(L) / _inference_ones(L)


def saved_by_linear(L):
    L.nn.functional.linear(_w(L), _inference_ones(L, 6).view(2, 3), _inference_ones(L, 2))


def saved_by_a_custom_function(L):
    class Scale(L.autograd.Function):
        @staticmethod
        def forward(ctx, a, b):
            ctx.save_for_backward(b)
            return a * b

        @staticmethod
        def backward(ctx, g):
            (b,) = ctx.saved_tensors
            return g * b, None

    t = _inference_ones(L)
    with L.no_grad():
        Scale.apply(_w(L), t)  # nothing recorded, nothing saved
    Scale.apply(_w(L), t)


def not_saved_by_add(L):
    w = _w(L)
    (w + _inference_ones(L)).sum().backward()
    return w.grad.tolist()


def not_saved_when_no_grad_needed(L):
    """``w * t`` saves ``w`` only for t's gradient, which nobody needs; mul by a scalar saves nothing."""
    w = _w(L)
    t = _inference_ones(L)
    (t * 3).sum()
    y = t * w.detach()
    return y.tolist()


def clone_is_normal(L):
    w = _w(L)
    c = _inference_ones(L).clone()
    (w * c).sum().backward()
    return c.is_inference(), w.grad.tolist()


def in_place_outside(L):
    _inference_ones(L).add_(1)


def in_place_outside_under_no_grad(L):
    t = _inference_ones(L)
    with L.no_grad():
        t.mul_(2)


def setitem_outside(L):
    t = _inference_ones(L)
    t[0] = 5.0


def operator_outside(L):
    t = _inference_ones(L)
    t += 1


def zero_outside(L):
    _inference_ones(L).zero_()


def view_of_inference_outside(L):
    _inference_ones(L)[0:2].mul_(2)


def in_place_inside(L):
    t = _inference_ones(L)
    with L.inference_mode():
        t.add_(1)
        t[0] = 7.0
    return t.tolist()


def requires_grad_outside(L):
    _inference_ones(L).requires_grad_()


CASES = [
    flags,
    saved_by_mul,
    saved_by_matmul,
    saved_by_div,
    saved_by_linear,
    saved_by_a_custom_function,
    not_saved_by_add,
    not_saved_when_no_grad_needed,
    clone_is_normal,
    in_place_outside,
    in_place_outside_under_no_grad,
    setitem_outside,
    operator_outside,
    zero_outside,
    view_of_inference_outside,
    in_place_inside,
    requires_grad_outside,
]


def outcome(case, L):
    try:
        return "ok", case(L)
    except Exception as e:  # the error is the answer to compare
        return type(e).__name__, str(e).replace("pyautograd.", "torch.")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.__name__)
def test_like_torch(case):
    got, want = outcome(case, pyautograd), outcome(case, torch)
    assert got == want


def test_saving_error_fires_at_the_op():
    """The message without PyTorch, and no tensor comes out of the op."""
    kind, (where, message) = outcome(saved_by_mul, pyautograd)
    assert (kind, where) == ("ok", "at the op")
    assert message.startswith("Inference tensors cannot be saved for backward.")
