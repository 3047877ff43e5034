"""Element-wise functions of one input, each with its derivative written once.

An element-wise op has a diagonal Jacobian, so the same rule gives its backward (J^T g)
and its forward-mode tangent (J t): ``rule(g, saved)`` multiplies by the local derivative,
read from the saved input or output. A table of one-line rules, as HIPS autograd has::

    Exp = unary("Exp", np.exp, lambda g, out: g * out, saves="output")

The rule is written with operators and ``ops.common`` helpers, so it runs on arrays (plain
backward, tangents) and on tensors (``create_graph=True``: the backward is recorded).
"""

import sys

from ..function import Function
from ..tensor import Tensor
from .common import data_of


class Unary(Function):
    """The node of an element-wise op of one input (see ``unary``)."""

    saves = "input"  # what the rule reads: "input", "output" or None
    scalar_forward = True  # every ``numpy`` function here works on a NumPy scalar as on an array

    @staticmethod
    def numpy(a):
        raise NotImplementedError

    @staticmethod
    def rule(g, saved):
        raise NotImplementedError

    @staticmethod
    def forward(ctx, a):
        out = ctx.numpy(a)
        if ctx.saves is not None:
            ctx.save_for_backward(out if ctx.saves == "output" else a)
        return out

    @staticmethod
    def backward(ctx, g):
        return ctx.rule(g, ctx.saved_tensors[0] if ctx.saves is not None else None)

    @staticmethod
    def jvp(ctx, t):
        return ctx.rule(t, ctx.saved_tensors[0] if ctx.saves is not None else None)


def unary(name, numpy, rule, saves="input", may_overflow=False, backward_name=None):
    """A ``Unary`` op class: ``numpy`` computes it on arrays, ``rule(g, saved)`` is its
    derivative applied to ``g``; the node is named ``{name}Backward0`` as in PyTorch."""
    return type(
        name,
        (Unary,),
        {
            "__module__": sys._getframe(1).f_globals["__name__"],  # as namedtuple does
            "__qualname__": name,
            "backward_name": backward_name or f"{name}Backward0",
            "numpy": staticmethod(numpy),
            "rule": staticmethod(rule),
            "saves": saves,
            "may_overflow": may_overflow,
        },
    )


# ---- backward formulas that PyTorch records as nodes of their own ------------------------------
# With create_graph, PyTorch's sigmoid backward is one node (SigmoidBackwardBackward0), not a
# product of three; relu's keeps a path to the input (its second derivative is zero, not
# missing, so grad(grad(relu(x)), x) works). These ops do the same; on arrays (a plain
# backward, tangents) the rule uses their ``formula`` directly.
class SigmoidBackward(Function):
    """``g * y * (1 - y)`` for the output ``y`` of a sigmoid."""

    backward_name = "SigmoidBackwardBackward0"

    @staticmethod
    def formula(g, y):
        return g * y * (1 - y)

    @staticmethod
    def forward(ctx, g, y):
        ctx.save_for_backward(g, y)
        return g * y * (1 - y)

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        return gg * y * (1 - y), gg * g * (1 - 2 * y)

    @staticmethod
    def jvp(ctx, tg, ty):
        g, y = ctx.saved_tensors
        return tg * y * (1 - y) + ty * g * (1 - 2 * y)


class TanhBackward(Function):
    """``g * (1 - y^2)`` for the output ``y`` of a tanh."""

    backward_name = "TanhBackwardBackward0"

    @staticmethod
    def formula(g, y):
        return g * (1 - y * y)

    @staticmethod
    def forward(ctx, g, y):
        ctx.save_for_backward(g, y)
        return g * (1 - y * y)

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        return gg * (1 - y * y), -2 * gg * g * y

    @staticmethod
    def jvp(ctx, tg, ty):
        g, y = ctx.saved_tensors
        return tg * (1 - y * y) - 2 * ty * g * y


class ThresholdBackward(Function):
    """``g`` where the relu's output ``y`` is positive, else 0. Nothing flows to ``y``, but
    its gradient is zero rather than absent."""

    backward_name = "ThresholdBackwardBackward0"

    @staticmethod
    def formula(g, y):
        return g * (data_of(y) > 0)

    @staticmethod
    def forward(ctx, g, y):
        ctx.save_for_backward(y)
        return g * (y > 0)

    @staticmethod
    def backward(ctx, gg):
        (y,) = ctx.saved_tensors
        return gg * (data_of(y) > 0), gg * 0

    @staticmethod
    def jvp(ctx, tg, ty):
        (y,) = ctx.saved_tensors
        return tg * (y > 0)


def _recorded(op):
    """The rule that applies ``op``: as a node when the backward is recorded (tensors), as
    its formula on arrays."""

    def rule(g, y):
        if type(g) is Tensor or type(y) is Tensor:
            return op.apply(g, y)
        return op.formula(g, y)

    return rule


sigmoid_backward = _recorded(SigmoidBackward)
tanh_backward = _recorded(TanhBackward)
threshold_backward = _recorded(ThresholdBackward)
