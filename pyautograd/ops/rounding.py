"""Rounding and integer division: floor, ceil, trunc, round, sign, ``//``, ``%`` and
``div(rounding_mode=...)``. Their values jump, so almost everywhere their derivative is
zero; PyTorch still records them (``FloorBackward0`` ...), so a graph passes through them."""

import numpy as np

from .. import dtypes
from ..function import Function
from ..tensor import Tensor
from . import common
from .common import sum_to, zeros_like
from .elementwise import _binary


def _integer_divisor_check(a, b):
    """Integers divided by zero have no value: PyTorch raises (NumPy would give 0)."""
    if np.result_type(a, b).kind in "iub" and np.any(np.asarray(b) == 0):
        raise RuntimeError("ZeroDivisionError")


class _Piecewise(Function):
    """A step function of one input: gradient and tangent are zero."""

    @staticmethod
    def forward(ctx, a):
        return ctx.numpy_op(a)

    @staticmethod
    def backward(ctx, g):
        return zeros_like(g)

    @staticmethod
    def jvp(ctx, t):
        return t * 0


class Floor(_Piecewise):
    backward_name = "FloorBackward0"
    numpy_op = staticmethod(np.floor)


class Ceil(_Piecewise):
    backward_name = "CeilBackward0"
    numpy_op = staticmethod(np.ceil)


class Trunc(_Piecewise):
    backward_name = "TruncBackward0"
    numpy_op = staticmethod(np.trunc)


class Round(_Piecewise):
    """Half to even, like PyTorch (and NumPy): round(2.5) == 2."""

    backward_name = "RoundBackward0"
    numpy_op = staticmethod(np.round)


class Sign(_Piecewise):
    backward_name = "SignBackward0"
    numpy_op = staticmethod(common.sign_of)


class RoundDecimals(Function):
    backward_name = "RoundBackward1"
    n_options = 1

    @staticmethod
    def forward(ctx, a, decimals):
        return np.round(a, decimals)

    @staticmethod
    def backward(ctx, g):
        return zeros_like(g), None

    @staticmethod
    def jvp(ctx, t):
        return t * 0


def _mod(a, b):
    """Python's ``a % b`` as PyTorch computes it for floats: C's fmod, moved by ``b`` when
    the signs differ, so a zero result keeps the dividend's sign (-0.0 % 3 is -0.0)."""
    if np.result_type(a, b).kind != "f":
        return np.mod(a, b)
    m = np.fmod(a, b)
    return np.where((m != 0) & ((np.asarray(b) < 0) != (m < 0)), m + b, m)[()]


def _trunc_divide(a, b):
    if np.result_type(a, b).kind == "f":
        return np.trunc(np.true_divide(a, b))
    quotient = np.floor_divide(a, b)  # integers: round toward zero, not down
    return quotient + ((np.mod(a, b) != 0) & ((a < 0) != (b < 0)))


class Remainder(Function):
    """``a % b`` with the sign of ``b`` (Python's rule): a - floor(a / b) * b."""

    backward_name = "RemainderBackward1"
    may_overflow = True
    saved_for = (1, 1)  # only b's gradient reads a and b
    result = staticmethod(_mod)  # a - quotient(a, b) * b
    quotient = staticmethod(np.floor_divide)

    @staticmethod
    def forward(ctx, a, b):
        _integer_divisor_check(a, b)
        ctx.save_for_backward(a, b)
        return ctx.result(a, b)

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        # PyTorch's formula divides with rounding (``div(a, b, rounding_mode=...)``), so
        # with create_graph the quotient is a node (DivBackward2) whose gradient is zero
        if type(a) is Tensor or type(b) is Tensor:
            quotient = ctx.quotient_op.apply(a, b)
        else:
            quotient = ctx.quotient(a, b)
        return (
            sum_to(g, np.shape(a)) if need_a else None,
            sum_to(-g * quotient, np.shape(b)) if need_b else None,
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b = ctx.saved_tensors
        return ta - tb * ctx.quotient(a, b)


class RemainderScalar(Function):
    backward_name = "RemainderBackward0"
    n_options = 1
    may_overflow = True
    result = staticmethod(_mod)

    @staticmethod
    def forward(ctx, a, number):
        _integer_divisor_check(a, number)
        return ctx.result(a, number)

    @staticmethod
    def backward(ctx, g):
        return g, None

    @staticmethod
    def jvp(ctx, t):
        return t


class Fmod(Remainder):
    """``fmod(a, b)``, C's remainder: the sign of ``a``, a - trunc(a / b) * b."""

    backward_name = "FmodBackward1"
    result = staticmethod(np.fmod)
    quotient = staticmethod(_trunc_divide)


class FmodScalar(RemainderScalar):
    backward_name = "FmodBackward0"
    result = staticmethod(np.fmod)


class DivFloor(Function):
    """``div(a, b, rounding_mode="floor")``: a step function of both inputs."""

    backward_name = "DivBackward2"
    may_overflow = True
    saved_for = (1, 0)  # PyTorch's formulas: a for b's gradient, b for a's
    numpy_op = staticmethod(np.floor_divide)

    @staticmethod
    def forward(ctx, a, b):
        _integer_divisor_check(a, b)
        ctx.shapes = (np.shape(a), np.shape(b))
        ctx.save_for_backward(a, b)  # unread (the gradient is zero), but PyTorch saves them
        return ctx.numpy_op(a, b)

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        sa, sb = ctx.shapes
        need_a, need_b = ctx.needs_input_grad
        zero = zeros_like(g)
        return (sum_to(zero, sa) if need_a else None), (sum_to(zero, sb) if need_b else None)

    @staticmethod
    def jvp(ctx, ta, tb):
        return ta * 0 + tb * 0


class DivTrunc(DivFloor):
    numpy_op = staticmethod(_trunc_divide)


Remainder.quotient_op = DivFloor  # a % b == a - div(a, b, rounding_mode="floor") * b
Fmod.quotient_op = DivTrunc


class FloorDivide(Function):
    """``a // b``. PyTorch has no derivative for it: the result is recorded under a node
    whose backward refuses, so the mistake shows up instead of a silent zero."""

    backward_name = "pyautograd::autograd::NotImplemented"
    may_overflow = True
    op_name = "floor_divide"
    numpy_op = staticmethod(np.floor_divide)

    @staticmethod
    def forward(ctx, a, b):
        _integer_divisor_check(a, b)
        return ctx.numpy_op(a, b)

    @staticmethod
    def backward(ctx, g):
        raise RuntimeError(f"derivative for aten::{ctx.op_name} is not implemented")


class RemainderReversed(FloorDivide):
    """``number % tensor``: no derivative in PyTorch either."""

    op_name = "remainder"
    numpy_op = staticmethod(_mod)


# ---- public functions -----------------------------------------------------------------------
def floor(a):
    return Floor.apply(a) if a._data.dtype.kind == "f" else a.clone()


def ceil(a):
    return Ceil.apply(a) if a._data.dtype.kind == "f" else a.clone()


def trunc(a):
    return Trunc.apply(a) if a._data.dtype.kind == "f" else a.clone()


def round(a, decimals=0):
    if decimals:
        if a._data.dtype.kind != "f":
            raise NotImplementedError(f"\"round_cpu\" not implemented for '{a.dtype.legacy_name[:-6]}'")
        return RoundDecimals.apply(a, decimals)
    return Round.apply(a) if a._data.dtype.kind == "f" else a.clone()


def sign(a):
    return Sign.apply(a)


def _number_as_tensor(x):
    """A Python number on the left of ``%`` or ``//``, as the 0-d tensor PyTorch makes."""
    if isinstance(x, Tensor):
        return x
    if isinstance(x, float):
        return Tensor._make(np.asarray(x, dtype=dtypes.get_default_dtype().numpy))
    return Tensor._make(np.asarray(x))


def remainder(a, b):
    if not isinstance(a, Tensor):
        return _binary(RemainderReversed, _number_as_tensor(a), b)
    if isinstance(b, (int, float)) and not isinstance(b, bool):
        if type(b) is float and a._data.dtype.kind != "f":
            a = a.to(dtypes.get_default_dtype())
        return RemainderScalar.apply(a, b)
    return _binary(Remainder, a, b)


def fmod(input, other):
    if not isinstance(input, Tensor):
        kind = "Tensor" if isinstance(other, Tensor) else type(other).__name__
        raise TypeError(
            f"fmod() received an invalid combination of arguments - got ({type(input).__name__}, {kind}), "
            "but expected one of:\n * (Tensor input, Tensor other, *, Tensor out = None)\n"
            " * (Tensor input, Number other, *, Tensor out = None)\n"
        )
    if isinstance(other, (np.number, np.bool_)):
        other = other.item()  # a NumPy scalar is a Python number to PyTorch
    if isinstance(other, (int, float)):
        if type(other) is float and input._data.dtype.kind != "f":
            input = input.to(dtypes.get_default_dtype())
        return FmodScalar.apply(input, other)
    return _binary(Fmod, input, other)


def floor_divide(a, b):
    return _binary(FloorDivide, _number_as_tensor(a), b)


def div_rounded(a, b, rounding_mode):
    """``div(a, b, rounding_mode=...)`` for "floor" and "trunc" (None is true division)."""
    ops = {"floor": DivFloor, "trunc": DivTrunc}
    if rounding_mode not in ops:
        raise RuntimeError(
            f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{rounding_mode}'"
        )
    return _binary(ops[rounding_mode], _number_as_tensor(a), b)
