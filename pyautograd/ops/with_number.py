"""The ops PyTorch's derivative formulas use where user code would use others:
``tensor * number``, ``tensor + number`` and ``tensor - number`` with a Scalar,
``number - tensor`` as C++ writes it, and ``sgn`` for the sign.

Inside its C++ formulas PyTorch multiplies or adds a plain number with the Scalar overloads
(``mul(Tensor, Scalar)``, ``add(Tensor, Scalar)``), whose nodes are ``MulBackward1`` and
``AddBackward1``; user code's ``x * 2`` wraps the number into a tensor (``MulBackward0``).
A backward rule that PyTorch writes with a Scalar calls ``times_number`` / ``plus_number``,
so the graph of a ``create_graph`` backward has PyTorch's nodes. C++'s ``1 - x`` fills a
tensor with the number and subtracts in place (``SubBackward0``), where Python's is
``RsubBackward1``: a formula that writes it calls ``number_minus``. On arrays (a plain
backward) they are just the operator. abs's formula is ``grad * self.sgn()``
(``SgnBackward0``), where user code's ``sign`` is ``SignBackward0``.
"""

import numpy as np

from ..function import Function
from ..tensor import Tensor
from .common import sign_of


class MulByNumber(Function):
    backward_name = "MulBackward1"
    scalar_forward = True
    n_options = 1

    @staticmethod
    def forward(ctx, a, number):
        ctx.number = number
        return a * number

    @staticmethod
    def backward(ctx, g):
        return times_number(g, ctx.number), None

    @staticmethod
    def jvp(ctx, t):
        return t * ctx.number


class AddNumber(Function):
    backward_name = "AddBackward1"
    scalar_forward = True
    n_options = 1

    @staticmethod
    def forward(ctx, a, number):
        return a + number

    @staticmethod
    def backward(ctx, g):
        return g, None

    @staticmethod
    def jvp(ctx, t):
        return t


class SubtractNumber(Function):
    backward_name = "SubBackward1"
    scalar_forward = True
    n_options = 1

    @staticmethod
    def forward(ctx, a, number):
        return a - number

    @staticmethod
    def backward(ctx, g):
        return g, None

    @staticmethod
    def jvp(ctx, t):
        return t


def times_number(x, number):
    """``x * number``, recorded as ``MulBackward1`` when ``x`` is a tensor."""
    return MulByNumber.apply(x, number) if type(x) is Tensor else x * number


def plus_number(x, number):
    """``x + number``, recorded as ``AddBackward1`` when ``x`` is a tensor."""
    return AddNumber.apply(x, number) if type(x) is Tensor else x + number


def minus_number(x, number):
    """``x - number``, recorded as ``SubBackward1`` when ``x`` is a tensor."""
    return SubtractNumber.apply(x, number) if type(x) is Tensor else x - number


def number_minus(number, x):
    """``number - x``, recorded as C++ computes it: a tensor full of ``number`` (no grad)
    minus ``x``, ``SubBackward0``; the same bits as ``number - x`` on the array."""
    if type(x) is Tensor:
        return Tensor._make(np.full_like(x._data, number)) - x
    return number - x


class Sgn(Function):
    """``sgn`` of a real tensor: -1, 0 or 1 (0 for NaN), a step: its gradient is zeros,
    outside the graph (PyTorch's ``zeros_like(grad)``)."""

    backward_name = "SgnBackward0"

    @staticmethod
    def forward(ctx, a):
        out = sign_of(a).astype(a.dtype, copy=False)
        ctx.save_for_backward(a, out)  # as PyTorch's node (its complex formula reads both)
        return out

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (read, so a value changed in place fails as in PyTorch)
        return Tensor._make(np.zeros_like(g._data)) if type(g) is Tensor else np.zeros_like(g)

    @staticmethod
    def jvp(ctx, t):
        return t * 0
