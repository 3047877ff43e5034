"""The gated linear unit: ``glu(x, dim) = a * sigmoid(b)`` for the two halves ``a, b`` of ``x``
along ``dim``. Its backward is one node (``GluBackwardBackward0``) when it is recorded, as in
PyTorch; that node's own backward uses the generic ops, so higher orders stay right."""

import numpy as np

from ..function import Function
from ..ops.common import is_tensor, normalize_dims, tensor_input
from ..ops.elementwise import sigmoid_values
from ..ops.shape import cat
from ..tensor import Tensor


def _halves(x, axis):
    if is_tensor(x):
        return x.chunk(2, axis)
    return np.split(x, 2, axis=axis)


def _joined(a, b, axis):
    if is_tensor(a) or is_tensor(b):
        return cat([t if is_tensor(t) else Tensor._make(t) for t in (a, b)], axis)
    return np.concatenate([a, b], axis=axis)


def _sigmoid(b):
    return b.sigmoid() if is_tensor(b) else sigmoid_values(b)


def _gradient(g, x, axis):
    """glu_backward: g s for a, g a s (1 - s) for b, with s = sigmoid(b)."""
    a, b = _halves(x, axis)
    s = _sigmoid(b)
    return _joined(g * s, g * a * s * (1 - s), axis)


def _curvature(g, x, v, axis):
    """The change of that gradient in x along v (and, the Hessian being symmetric, the
    backward of it for x with v the incoming gradient): for a, v_b g s'; for b,
    v_a g s' + v_b g a s'', with s' = s (1 - s) and s'' = s' (1 - 2 s)."""
    a, b = _halves(x, axis)
    va, vb = _halves(v, axis)
    s = _sigmoid(b)
    ds = s * (1 - s)
    return _joined(vb * g * ds, va * g * ds + vb * g * a * ds * (1 - 2 * s), axis)


class Glu(Function):
    backward_name = "GluBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, x, dim):
        ctx.dim = dim  # as given: the node shows it (-1 stays -1)
        ctx.axis = normalize_dims(dim, x.ndim)[0]
        ctx.save_for_backward(x)
        a, b = np.split(x, 2, axis=ctx.axis)
        return a * sigmoid_values(b)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        if is_tensor(g):  # recorded: one node, as PyTorch's
            return GluBackward.apply(g, x, ctx.dim), None
        return _gradient(g, x, ctx.axis), None

    @staticmethod
    def jvp(ctx, t):
        (x,) = ctx.saved_tensors
        a, b = np.split(x, 2, axis=ctx.axis)
        ta, tb = np.split(t, 2, axis=ctx.axis)
        s = sigmoid_values(b)
        return ta * s + a * s * (1 - s) * tb


class GluBackward(Function):
    """glu's backward as a node (recorded with create_graph)."""

    backward_name = "GluBackwardBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, g, x, dim):
        ctx.dim = dim
        ctx.axis = normalize_dims(dim, x.ndim)[0]
        ctx.save_for_backward(g, x)
        return _gradient(g, x, ctx.axis)

    @staticmethod
    def backward(ctx, gg):
        g, x = ctx.saved_tensors
        a, b = _halves(x, ctx.axis)
        gga, ggb = _halves(gg, ctx.axis)
        s = _sigmoid(b)
        grad_g = gga * s + ggb * a * s * (1 - s)  # glu_double_backward_grad_output
        return grad_g, _curvature(g, x, gg, ctx.axis), None

    @staticmethod
    def jvp(ctx, tg, tx):
        g, x = ctx.saved_tensors
        return _gradient(tg, x, ctx.axis) + _curvature(g, x, tx, ctx.axis)


def glu(input, dim=-1):
    """a * sigmoid(b), the halves of ``input`` along ``dim`` (PyTorch's errors for a 0-d input,
    an odd size and an integer dtype)."""
    if type(input) is not Tensor:
        input = tensor_input(input, "glu")
    if input.dim() == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    axis = normalize_dims(dim, input.dim())[0]
    size = input.shape[axis]
    if size % 2:
        raise RuntimeError(f"Halving dimension must be even, but dimension {axis} is size {size}")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"\"glu_cpu\" not implemented for '{input.dtype.legacy_name[:-6]}'")
    return Glu.apply(input, dim)
