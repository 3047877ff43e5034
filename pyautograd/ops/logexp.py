"""log1p, expm1, log2, log10: logarithms and exponentials in other forms. ``log1p`` and
``expm1`` keep their precision for tiny x, where ``log(1 + x)`` would round x away."""

import math

import numpy as np

from .. import dtypes
from ..function import Function
from ..tensor import Tensor
from .common import tensor_input


class Log1p(Function):
    backward_name = "Log1PBackward0"
    may_overflow = True

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return np.log1p(a)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        return g / (a + 1)

    @staticmethod
    def jvp(ctx, t):
        (a,) = ctx.saved_tensors
        return t / (a + 1)


class Expm1(Function):
    backward_name = "Expm1Backward0"
    may_overflow = True

    @staticmethod
    def forward(ctx, a):
        out = np.asarray(np.expm1(a))  # an array even for 0-d input: backward reuses it
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, g):
        (out,) = ctx.saved_tensors
        return g * (out + 1)

    @staticmethod
    def jvp(ctx, t):
        (out,) = ctx.saved_tensors
        return t * (out + 1)


class Log2(Function):
    backward_name = "Log2Backward0"
    may_overflow = True
    numpy_op = staticmethod(np.log2)
    log_of_base = math.log(2.0)

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return ctx.numpy_op(a)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        return g / (a * ctx.log_of_base)

    @staticmethod
    def jvp(ctx, t):
        (a,) = ctx.saved_tensors
        return t / (a * ctx.log_of_base)


class Log10(Log2):
    backward_name = "Log10Backward0"
    numpy_op = staticmethod(np.log10)
    log_of_base = math.log(10.0)


def _floating(a):
    """Integer inputs give the default float dtype, as in PyTorch."""
    return a if a._data.dtype.kind == "f" else a.to(dtypes.get_default_dtype())


def log1p(a):
    if type(a) is not Tensor:
        a = tensor_input(a, "log1p")
    return Log1p.apply(_floating(a))


def expm1(a):
    if type(a) is not Tensor:
        a = tensor_input(a, "expm1")
    return Expm1.apply(_floating(a))


def log2(a):
    if type(a) is not Tensor:
        a = tensor_input(a, "log2")
    return Log2.apply(_floating(a))


def log10(a):
    if type(a) is not Tensor:
        a = tensor_input(a, "log10")
    return Log10.apply(_floating(a))
