"""Vector norms: ``Tensor.norm``, ``pyautograd.norm`` and ``pyautograd.linalg.norm`` /
``vector_norm`` / ``matrix_norm`` ('fro', 1, inf, -1, -inf). PyTorch computes them all as
``linalg_vector_norm`` (or a composition of reductions), and so does this module."""

import math

import numpy as np

from ..function import Function
from . import common
from .common import masked_zero, normalize_dims, numpy_names
from .with_number import Sgn


def _unsqueeze_reduced(x, dims):
    """A reduced result with its reduced dims back (size 1), one ``unsqueeze`` per dim in
    increasing order, as PyTorch's ``unsqueeze_multiple`` records it on tensors."""
    if not common.is_tensor(x):
        return np.expand_dims(x, dims)
    for d in sorted(dims):
        x = x.unsqueeze(d)
    return x


def _sgn(x):
    return Sgn.apply(x) if common.is_tensor(x) else common.sign_of(x)


class VectorNorm(Function):
    """(sum |a|^p)^(1/p) over ``dims``; p = inf / -inf is the max / min of |a|."""

    backward_name = "LinalgVectorNormBackward0"
    n_options = 4  # p, dims, keepdim, and the dims as given (the node shows them)
    may_overflow = True

    @staticmethod
    def forward(ctx, a, p, dims, keepdim, given_dims):
        ctx.p, ctx.dims, ctx.keepdim, ctx.given_dims = p, dims, keepdim, given_dims
        magnitude = np.abs(a)
        if p == 2:
            out = np.sqrt(np.sum(a * a, axis=dims, keepdims=keepdim))
        elif p == math.inf:
            out = np.max(magnitude, axis=dims, keepdims=keepdim)
        elif p == -math.inf:
            out = np.min(magnitude, axis=dims, keepdims=keepdim)
        elif p == 0:
            out = np.sum(magnitude != 0, axis=dims, keepdims=keepdim).astype(a.dtype)
        elif p == 1:
            out = np.sum(magnitude, axis=dims, keepdims=keepdim)
        else:
            out = np.sum(magnitude**p, axis=dims, keepdims=keepdim) ** (1.0 / p)
        out = np.asarray(out, dtype=a.dtype)
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, g):
        """PyTorch's norm_backward, formula by formula: a zero norm gives a zero gradient
        (masked_fill), p = 0 gives none at all (``.grad`` stays None), and at p = inf the
        largest entries and the NaNs share the gradient."""
        a, norm = ctx.saved_tensors
        p = ctx.p
        if ctx.dims is not None and not ctx.keepdim and np.ndim(a):
            g, norm = _unsqueeze_reduced(g, ctx.dims), _unsqueeze_reduced(norm, ctx.dims)
        raw_a, raw_norm = common.data_of(a), common.data_of(norm)
        if p == 0:
            grad = None
        elif p == 1:
            grad = _sgn(a) * g
        elif p == 2:
            grad = g * masked_zero(a / norm, raw_norm == 0)
        elif p in (math.inf, -math.inf):
            magnitude = np.abs(raw_a)
            mask = ((magnitude == raw_norm) | (magnitude != magnitude)).astype(raw_a.dtype)
            grad = _sgn(a) * ((g / np.sum(mask, axis=ctx.dims, keepdims=True)) * mask)
        elif p < 1:
            grad = _sgn(a) * masked_zero(common.abs(a) ** (p - 1), raw_a == 0) * g * norm ** (1 - p)
        elif p < 2:
            grad = _sgn(a) * common.abs(a) ** (p - 1) * masked_zero(g / norm ** (p - 1), raw_norm == 0)
        else:
            grad = a * common.abs(a) ** (p - 2) * masked_zero(g / norm ** (p - 1), raw_norm == 0)
        return grad, None, None, None, None

    @staticmethod
    def jvp(ctx, t):
        g = VectorNorm.backward(ctx, np.ones(np.shape(ctx.saved_tensors[1]), dtype=t.dtype))[0]
        if g is None:  # p = 0: a step function, its tangent is zero
            return np.zeros(np.shape(ctx.saved_tensors[1]), dtype=t.dtype)
        return np.sum(t * g, axis=ctx.dims, keepdims=ctx.keepdim)


def _ord_value(p):
    if p is None or p == "fro":
        return 2.0
    if isinstance(p, str):
        raise RuntimeError(f"linalg.vector_norm: ord must be a number, got '{p}'")
    return float(p)


def _check_float(a, name):
    if a._data.dtype.kind != "f":
        raise RuntimeError(
            f"{name}: Expected a floating point or complex tensor as input. Got "
            f"{a.dtype.legacy_name[: -len('Tensor')]}"
        )


class NormDim(VectorNorm):
    """``at::norm(x, p, dim, keepdim)`` as PyTorch's C++ composites call it (pairwise_distance):
    the same formula, recorded as ``NormBackward1``."""

    backward_name = "NormBackward1"


@numpy_names
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    if dtype is not None:
        x = x.to(dtype)
    _check_float(x, "linalg.vector_norm")
    dims = None if dim is None else (normalize_dims(dim, x._data.ndim) or None)
    given = (
        None
        if dims is None
        else ((int(dim),) if isinstance(dim, (int, np.integer)) else tuple(int(d) for d in dim))
    )
    return VectorNorm.apply(x, _ord_value(ord), dims, keepdim, given)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """'fro' and the induced norms 1, -1, inf, -inf (max/min column or row sum)."""
    if dtype is not None:
        A = A.to(dtype)
    _check_float(A, "linalg.matrix_norm")
    if A._data.ndim < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 dimensions.")
    rows, cols = normalize_dims(dim[0], A._data.ndim)[0], normalize_dims(dim[1], A._data.ndim)[0]
    if ord == "fro":
        return vector_norm(A, 2, (rows, cols), keepdim)
    if ord in (1, -1, math.inf, -math.inf):
        summed, over = (rows, cols) if ord in (1, -1) else (cols, rows)
        sums = A.abs().sum(dim=summed, keepdim=keepdim)
        if not keepdim and over > summed:
            over -= 1
        return sums.amax(dim=over, keepdim=keepdim) if ord > 0 else sums.amin(dim=over, keepdim=keepdim)
    raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")


@numpy_names
def linalg_norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """``linalg.norm``: a vector norm of the flattened input unless ``ord`` asks for a
    matrix norm (2-D input or two dims)."""
    if dim is not None and not isinstance(dim, (tuple, list)):
        dim = (dim,)
    if ord is None:
        return vector_norm(A, 2, dim, keepdim, dtype=dtype)
    if dim is None:
        if A._data.ndim not in (1, 2):
            raise RuntimeError(
                "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. "
                f"Got {A._data.ndim}D."
            )
        dim = tuple(range(A._data.ndim))
    if len(dim) == 2:
        return matrix_norm(A, ord, dim, keepdim, dtype=dtype)
    return vector_norm(A, ord, dim, keepdim, dtype=dtype)


@numpy_names
def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    """``torch.norm`` / ``Tensor.norm``: deprecated in PyTorch but everywhere in tutorials."""
    if isinstance(p, str) and p != "fro":
        raise RuntimeError(f"norm: unsupported p '{p}'")
    if p == "fro" and dim is not None and not isinstance(dim, int) and len(dim) == 2:
        return matrix_norm(input, "fro", dim, keepdim, dtype=dtype)
    return vector_norm(input, 2 if p == "fro" or p is None else p, dim, keepdim, dtype=dtype)
