"""Vector norms: ``Tensor.norm``, ``pyautograd.norm`` and ``pyautograd.linalg.norm`` /
``vector_norm`` / ``matrix_norm`` ('fro', 1, inf, -1, -inf). PyTorch computes them all as
``linalg_vector_norm`` (or a composition of reductions), and so does this module."""

import math

import numpy as np

from ..function import Function
from . import common
from .common import expand, normalize_dims, numpy_names


def _keep(g, shape, dims, keepdim):
    if keepdim:
        return g
    return g.reshape(tuple(1 if (dims is None or i in dims) else n for i, n in enumerate(shape)))


class VectorNorm(Function):
    """(sum |a|^p)^(1/p) over ``dims``; p = inf / -inf is the max / min of |a|."""

    backward_name = "LinalgVectorNormBackward0"
    n_options = 3
    may_overflow = True

    @staticmethod
    def forward(ctx, a, p, dims, keepdim):
        ctx.p, ctx.dims, ctx.keepdim = p, dims, keepdim
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
        a, out = ctx.saved_tensors
        p, shape = ctx.p, np.shape(a)
        g = expand(_keep(g, shape, ctx.dims, ctx.keepdim), shape)
        out = _keep(out, shape, ctx.dims, ctx.keepdim)
        raw_a, raw_out = common.data_of(a), common.data_of(out)
        if p == 0:
            return g * 0, None, None, None
        if p == 1:
            return g * common.sign(a), None, None, None
        if p in (math.inf, -math.inf):  # ties at the extreme share the gradient evenly
            hits = (np.abs(raw_a) == raw_out).astype(raw_a.dtype)
            share = hits / np.sum(hits, axis=ctx.dims, keepdims=True)
            return g * common.sign(a) * share, None, None, None
        safe = raw_out != 0  # PyTorch: a zero norm gives a zero gradient, not nan
        out_safe = out + (~safe).astype(raw_out.dtype)
        if p == 2:
            return g * a / out_safe * safe, None, None, None
        magnitude = common.sign(a) * a
        return g * a * magnitude ** (p - 2) / out_safe ** (p - 1) * safe, None, None, None

    @staticmethod
    def jvp(ctx, t):
        g = VectorNorm.backward(ctx, np.ones(np.shape(ctx.saved_tensors[1]), dtype=t.dtype))[0]
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


@numpy_names
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    if dtype is not None:
        x = x.to(dtype)
    _check_float(x, "linalg.vector_norm")
    dims = None if dim is None else (normalize_dims(dim, x._data.ndim) or None)
    return VectorNorm.apply(x, _ord_value(ord), dims, keepdim)


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
