"""Reductions (sum, mean, max, min) and the normalisations built on them (softmax)."""

from collections import namedtuple

import numpy as np

from ..fast_paths import FLOAT32, FLOAT64, mean_values, one_path
from ..function import Function
from ..tensor import Tensor
from . import common
from .common import (
    data_of,
    expand,
    is_tensor,
    masked_zero,
    normalize_dims,
    numpy_names,
    reduce_keepdim,
    sum_keepdim,
)
from .elementwise import maximum, minimum
from .index import select_where


def _return_type(op):
    """``(values, indices)`` of max/min along a dim, printed like PyTorch's return types."""
    base = namedtuple(op, ["values", "indices"])

    def __repr__(self):
        return f"pyautograd.return_types.{op}(\nvalues={self.values!r},\nindices={self.indices!r})"

    return type(op, (base,), {"__slots__": (), "__repr__": __repr__, "__str__": __repr__})


return_types = {"max": _return_type("max"), "min": _return_type("min")}


def _keepdim_shape(shape, dims):
    if dims is None:  # a reduction over every dim
        return (1,) * len(shape)
    return tuple(1 if i in dims else n for i, n in enumerate(shape))


class Sum(Function):
    """Sum over ``dims``: every summed element gets the output's gradient."""

    n_options = 2
    may_overflow = True  # inf + -inf is NaN, silently, as in PyTorch

    @staticmethod
    def forward(ctx, a, dims, keepdim):
        ctx.shape, ctx.dims, ctx.keepdim = a.shape, dims, keepdim
        out = np.add.reduce(a, axis=dims, keepdims=keepdim)  # np.sum on an array, without its wrapper
        return out if a.dtype.kind != "b" else out.astype(np.int64)

    @staticmethod
    def backward(ctx, g):
        if is_tensor(g):  # PyTorch's sum_backward: unsqueeze each summed dim, then expand
            if not ctx.keepdim and ctx.dims is not None and len(ctx.shape):
                for d in sorted(ctx.dims):
                    g = g.unsqueeze(d)
            return g.expand(*ctx.shape), None, None
        g = g.reshape(_keepdim_shape(ctx.shape, ctx.dims))
        return expand(g, ctx.shape), None, None

    @staticmethod
    def jvp(ctx, t):
        dims, keepdim = ctx.options
        return np.sum(t, axis=dims, keepdims=keepdim)


class SumAll(Sum):
    backward_name = "SumBackward0"


class SumDim(Sum):
    """The node keeps the dims as given too (PyTorch's ``_saved_dim``: -1 stays -1)."""

    backward_name = "SumBackward1"
    n_options = 3

    @staticmethod
    def forward(ctx, a, dims, keepdim, given_dims):
        ctx.given_dims = given_dims
        return Sum.forward(ctx, a, dims, keepdim)

    @staticmethod
    def backward(ctx, g):
        return Sum.backward(ctx, g) + (None,)

    @staticmethod
    def jvp(ctx, t):
        return np.sum(t, axis=ctx.dims, keepdims=ctx.keepdim)


class Nansum(Sum):
    """A sum that skips NaN: the NaNs get no gradient, every other element the output's."""

    backward_name = "NansumBackward0"
    n_options = 3  # dims, keepdim, and the dims as given (the node shows them)

    @staticmethod
    def forward(ctx, a, dims, keepdim, given_dims):
        ctx.shape, ctx.dims, ctx.given_dims = a.shape, dims, given_dims
        ctx.save_for_backward(a)  # as PyTorch: changing it in place breaks the backward
        return Sum.forward(ctx, np.nan_to_num(a, nan=0, posinf=np.inf, neginf=-np.inf), dims, keepdim)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        return Sum.backward(ctx, g)[0] * ~np.isnan(data_of(a)), None, None, None

    @staticmethod
    def jvp(ctx, t):
        (a,) = ctx.saved_tensors
        return np.sum(t * ~np.isnan(a), axis=ctx.dims, keepdims=ctx.keepdim)


class Mean(Sum):
    """A sum divided by the number of summed elements, and so is its gradient."""

    @staticmethod
    def forward(ctx, a, dims, keepdim):
        ctx.shape, ctx.dims, ctx.keepdim = a.shape, dims, keepdim
        ctx.count = int(np.prod([a.shape[d] for d in dims])) if dims is not None else a.size
        if ctx.count == 0:  # PyTorch: nan, silently (NumPy would warn "Mean of empty slice")
            return np.add.reduce(a, axis=dims, keepdims=keepdim) * a.dtype.type(np.nan)
        if a.dtype is FLOAT32 or a.dtype is FLOAT64:
            return mean_values(a, dims, keepdim, ctx.count)
        return np.mean(a, axis=dims, keepdims=keepdim)

    @staticmethod
    def backward(ctx, g):
        return Sum.backward(ctx, g / ctx.count)

    @staticmethod
    def jvp(ctx, t):
        dims, keepdim = ctx.options
        return np.mean(t, axis=dims, keepdims=keepdim)


class MeanAll(Mean):
    backward_name = "MeanBackward0"


class MeanDim(Mean):
    backward_name = "MeanBackward1"


_mean_all = one_path(MeanAll, None)  # ``x.mean()``: its caller passes float tensors only


class ExtremumAll(Function):
    """max() / min() of all elements; ties share the gradient equally, as in PyTorch."""

    n_options = 1

    @staticmethod
    def forward(ctx, a, numpy_reduce):
        if a.size == 0:
            raise RuntimeError(
                "max(): Expected reduction dim to be specified for input.numel() == 0. "
                "Specify the reduction dim with the 'dim' argument."
            )
        out = numpy_reduce(a)
        ctx.save_for_backward(a, out)  # as PyTorch: the shares are found again in backward
        return out

    @staticmethod
    def _share(ctx):
        a, out = (data_of(x) for x in ctx.saved_tensors)
        winners = np.isnan(a) if np.isnan(out) else a == out  # a NaN result: the NaNs win
        return (winners / np.count_nonzero(winners)).astype(a.dtype)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's zeros masked_fill_(winners, grad / count): 0 off the winners, even for
        an inf gradient."""
        a, out = (data_of(x) for x in ctx.saved_tensors)
        winners = np.isnan(a) if np.isnan(out) else a == out
        return select_where(winners, g / np.count_nonzero(winners), 0.0), None

    @staticmethod
    def jvp(ctx, t):
        return np.sum(t * ExtremumAll._share(ctx))


class MaxAll(ExtremumAll):
    backward_name = "MaxBackward1"


class MinAll(ExtremumAll):
    backward_name = "MinBackward1"


class Amax(Function):
    """amax/amin over ``dims``: ties share the gradient equally. When the result is NaN no
    element equals it, the share is 0/0 and every gradient is NaN, as in PyTorch."""

    backward_name = "AmaxBackward0"
    may_overflow = True  # 0/0 shares
    n_options = 4  # the dims, keepdim, the reduction, and the dims as given (the node shows them)

    @staticmethod
    def forward(ctx, a, dims, keepdim, numpy_reduce, given_dims):
        out = numpy_reduce(a, axis=dims, keepdims=True)
        out = out if keepdim else np.squeeze(out, dims)
        ctx.save_for_backward(a, out)  # as PyTorch: the shares are found again in backward
        ctx.shape, ctx.dims, ctx.keepdim, ctx.given_dims = a.shape, dims, keepdim, given_dims
        return out

    @staticmethod
    def _share(ctx):
        a, out = (data_of(x) for x in ctx.saved_tensors)
        winners = a == np.reshape(out, _keepdim_shape(ctx.shape, ctx.dims))
        return (winners / np.sum(winners, axis=ctx.dims, keepdims=True)).astype(a.dtype)

    @staticmethod
    def backward(ctx, g):
        g = g.reshape(_keepdim_shape(ctx.shape, ctx.dims))
        return expand(g, ctx.shape) * Amax._share(ctx), None, None, None, None

    @staticmethod
    def jvp(ctx, t):
        return np.sum(t * Amax._share(ctx), axis=ctx.dims, keepdims=ctx.options[1])


class Amin(Amax):
    backward_name = "AminBackward0"


class ExtremumDim(Function):
    """max(dim) / min(dim): the gradient goes to the element whose index is returned.

    ``index`` is ``numpy_arg(a, axis=dim, keepdims=True)``, found once by the caller, which
    returns it as ``indices`` too. The node keeps it, as PyTorch keeps ``indices``: its
    backward scatters ``g`` into zeros there, one pass over a row-sized index rather than
    masks the size of the input."""

    n_options = 4  # dim, keepdim, the index, and the dim as given (the node shows it)

    @staticmethod
    def forward(ctx, a, dim, keepdim, index, given_dim):
        out = _gather(a, index, dim)
        ctx.save_for_backward(index)
        ctx.shape, ctx.dim, ctx.keepdim, ctx.given_dim = a.shape, dim, keepdim, given_dim
        return out if keepdim else np.squeeze(out, dim)

    @staticmethod
    def backward(ctx, g):
        (index,) = ctx.saved_tensors
        g = g.reshape(_keepdim_shape(ctx.shape, (ctx.dim,)))
        if type(g) is Tensor:  # recorded (create_graph): a masked fill, differentiable in g
            return (
                masked_zero(expand(g, ctx.shape), ~_index_mask(index, ctx.shape, ctx.dim)),
                None,
                None,
                None,
                None,
            )
        out = np.zeros(ctx.shape, dtype=g.dtype)  # PyTorch's scatter into zeros
        if ctx.dim == len(ctx.shape) - 1:  # the last dim (softmax's): flat positions, no index grids
            out.reshape(-1)[_last_dim_positions(index, out.size)] = g
        else:
            np.put_along_axis(out, index, g, axis=ctx.dim)
        return out, None, None, None, None

    @staticmethod
    def jvp(ctx, t):
        (index,) = ctx.saved_tensors  # PyTorch's gather of the tangent at the indices
        out = _gather(t, index, ctx.dim)
        return out if ctx.options[1] else np.squeeze(out, ctx.dim)


def _last_dim_positions(index, size):
    """Where ``index`` (one position per line along the last dim, keepdim shape) points in
    the flattened C-ordered array of ``size`` elements."""
    return index + np.arange(0, size, size // index.size if index.size else 1).reshape(index.shape)


def _gather(a, index, dim):
    """``np.take_along_axis(a, index, dim)``; along the last dim of a C-contiguous array as
    one fancy index of the flattened array (take_along_axis builds an index grid per dim)."""
    if dim == a.ndim - 1 and a.flags.c_contiguous:
        return a.reshape(-1)[_last_dim_positions(index, a.size)]
    return np.take_along_axis(a, index, axis=dim)


def _index_mask(index, shape, dim):
    """True where ``index`` (one position per line along ``dim``) points."""
    mask = np.zeros(shape, dtype=bool)
    np.put_along_axis(mask, index, True, axis=dim)
    return mask


class MaxDim(ExtremumDim):
    backward_name = "MaxBackward0"


class MinDim(ExtremumDim):
    backward_name = "MinBackward0"


class Softmax(Function):
    backward_name = "SoftmaxBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim  # as given: the node shows it (-1 stays -1)
        ctx.axis = dim = dim + a.ndim if dim is not None and dim < 0 else dim
        shifted = np.exp(a - reduce_keepdim(np.maximum, a, dim))
        out = shifted / reduce_keepdim(np.add, shifted, dim)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, g):
        (out,) = ctx.saved_tensors
        if type(g) is Tensor:  # recorded: one node, as PyTorch's
            return SoftmaxBackwardData.apply(g, out, ctx.axis), None
        return out * (g - sum_keepdim(g * out, ctx.axis)), None

    @staticmethod
    def jvp(ctx, t):
        (out,) = ctx.saved_tensors
        return out * (t - np.sum(t * out, axis=ctx.axis, keepdims=True))


class LogSoftmax(Function):
    backward_name = "LogSoftmaxBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim  # as given: the node shows it (-1 stays -1)
        ctx.axis = dim = dim + a.ndim if dim is not None and dim < 0 else dim
        shifted = a - reduce_keepdim(np.maximum, a, dim)
        out = shifted - np.log(reduce_keepdim(np.add, np.exp(shifted), dim))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, g):
        (out,) = ctx.saved_tensors
        if type(g) is Tensor:  # recorded: one node, as PyTorch's
            return LogSoftmaxBackwardData.apply(g, out, ctx.axis), None
        return g - np.exp(out) * sum_keepdim(g, ctx.axis), None

    @staticmethod
    def jvp(ctx, t):
        (out,) = ctx.saved_tensors
        return t - np.sum(np.exp(out) * t, axis=ctx.axis, keepdims=True)


class SoftmaxBackwardData(Function):
    """Softmax's backward ``y (g - sum(g y))`` as a node (recorded with create_graph)."""

    backward_name = "SoftmaxBackwardDataBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, g, y, dim):
        ctx.save_for_backward(g, y)
        ctx.dim = dim
        return y * (g - sum_keepdim(g * y, dim))

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        gg_y = sum_keepdim(gg * y, ctx.dim)
        return y * (gg - gg_y), gg * (g - sum_keepdim(g * y, ctx.dim)) - g * gg_y, None

    @staticmethod
    def jvp(ctx, tg, ty):
        g, y = ctx.saved_tensors
        s = np.sum(g * y, axis=ctx.dim, keepdims=True)
        return ty * (g - s) + y * (tg - np.sum(tg * y + g * ty, axis=ctx.dim, keepdims=True))


class LogSoftmaxBackwardData(Function):
    """LogSoftmax's backward ``g - exp(y) sum(g)`` as a node (recorded with create_graph)."""

    backward_name = "LogSoftmaxBackwardDataBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, g, y, dim):
        ctx.save_for_backward(g, y)
        ctx.dim = dim
        return g - np.exp(y) * sum_keepdim(g, dim)

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        p = common.exp(y)
        return gg - sum_keepdim(gg * p, ctx.dim), -gg * p * sum_keepdim(g, ctx.dim), None

    @staticmethod
    def jvp(ctx, tg, ty):
        g, y = ctx.saved_tensors
        p = np.exp(y)
        return (
            tg - p * np.sum(tg, axis=ctx.dim, keepdims=True) - ty * p * np.sum(g, axis=ctx.dim, keepdims=True)
        )


# ---- public functions -----------------------------------------------------------------------
@numpy_names
def sum(a, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        a = a.to(dtype)
    if dim is None:
        return SumAll.apply(a, None, False)
    dims = normalize_dims(dim, a._data.ndim)
    return SumDim.apply(a, dims, keepdim, dim if dims == dim else _given_dims(dim))


@numpy_names
def nansum(input, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        input = input.to(dtype)
    dims = None if dim is None else normalize_dims(dim, input._data.ndim)
    return Nansum.apply(input, dims, keepdim, None if dim is None else _given_dims(dim))


def nanmean(input, dim=None, keepdim=False, *, dtype=None):
    """The mean of the values that are not NaN, as PyTorch composes it: ``nansum`` divided by
    the count of non-NaN values (an int64 tensor: DivBackward0 saves it as it is)."""
    if input._data.dtype.kind != "f":
        raise RuntimeError(
            "nanmean(): expected input to have floating point or complex dtype but got "
            + input.dtype.legacy_name[: -len("Tensor")]
        )
    total = nansum(input, dim, keepdim, dtype)
    counts = ~np.isnan(input._data)
    axes = None if dim is None else normalize_dims(dim, input._data.ndim)
    count = Tensor._make(
        np.asarray(np.sum(counts, axis=axes, keepdims=keepdim and dim is not None), np.int64)
    )
    return DivByCount.apply(total, count)


class DivByCount(Function):
    """``tensor / counts`` with int64 counts (nanmean's divisor): PyTorch divides in the
    tensor's dtype and saves the counts as they are (``DivBackward0``'s ``other``)."""

    backward_name = "DivBackward0"
    saved_for = (1, None)  # self is read only for other's gradient (never needed: counts)

    @staticmethod
    def forward(ctx, a, counts):
        ctx.save_for_backward(a, counts)
        with np.errstate(divide="ignore", invalid="ignore"):
            return a / counts.astype(a.dtype)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formula for self: grad / other (in the gradient's dtype)."""
        _, counts = ctx.saved_tensors
        if is_tensor(g):
            return g / counts, None
        with np.errstate(divide="ignore", invalid="ignore"):
            return g / counts.astype(g.dtype), None

    @staticmethod
    def jvp(ctx, ta, tc):
        _, counts = ctx.saved_tensors
        with np.errstate(divide="ignore", invalid="ignore"):
            return ta / counts.astype(ta.dtype)


@numpy_names
def mean(a, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        a = a.to(dtype)
    if a._data.dtype.kind != "f":
        raise RuntimeError(
            "mean(): could not infer output dtype. Input dtype must be either a floating "
            f"point or complex dtype. Got: {a.dtype.legacy_name[: -len('Tensor')]}"
        )
    if dim is None:
        return _mean_all(a, None, False)
    return MeanDim.apply(a, normalize_dims(dim, a._data.ndim), keepdim)


def _extremum(a, dim, keepdim, other, all_op, dim_op, numpy_reduce, numpy_arg, binary):
    if isinstance(dim, Tensor):  # torch.max(a, b): element-wise
        return binary(a, dim)
    if other is not None:
        return binary(a, other)
    if dim is None:
        return all_op.apply(a, numpy_reduce)
    d = normalize_dims(dim, a._data.ndim)
    d = d[0] if d else 0
    index = numpy_arg(a._data, axis=d, keepdims=True)  # ndarray.argmax: np.argmax's wrapper, skipped
    values = dim_op.apply(a, d, keepdim, index, int(dim) if a._data.ndim else 0)
    # the caller's indices are its own: changing them in place leaves the backward's alone
    indices = Tensor._make(index.copy() if keepdim else index.squeeze(d).copy())
    return return_types["max" if dim_op is MaxDim else "min"](values, indices)


@numpy_names
def max(a, dim=None, keepdim=False, other=None):
    return _extremum(a, dim, keepdim, other, MaxAll, MaxDim, np.max, np.ndarray.argmax, maximum)


@numpy_names
def min(a, dim=None, keepdim=False, other=None):
    return _extremum(a, dim, keepdim, other, MinAll, MinDim, np.min, np.ndarray.argmin, minimum)


@numpy_names
def amax(a, dim=(), keepdim=False):
    return Amax.apply(a, _all_if_empty(dim, a._data.ndim), keepdim, np.max, _given_dims(dim))


@numpy_names
def amin(a, dim=(), keepdim=False):
    return Amin.apply(a, _all_if_empty(dim, a._data.ndim), keepdim, np.min, _given_dims(dim))


def _given_dims(dim):
    """A dim argument as PyTorch's int list keeps it (an int as a list of one)."""
    if dim is None:
        return ()
    return (int(dim),) if isinstance(dim, (int, np.integer)) else tuple(int(d) for d in dim)


def _all_if_empty(dim, ndim):
    """amax/amin reduce over every dim when given none (``dim=()``, PyTorch's default)."""
    return normalize_dims(None if dim is None or dim == () or dim == [] else dim, ndim)


@numpy_names
def argmax(a, dim=None, keepdim=False):
    if dim is None:
        return Tensor._make(np.argmax(a._data))
    return Tensor._make(np.argmax(a._data, axis=dim, keepdims=keepdim))


@numpy_names
def argmin(a, dim=None, keepdim=False):
    if dim is None:
        return Tensor._make(np.argmin(a._data))
    return Tensor._make(np.argmin(a._data, axis=dim, keepdims=keepdim))


def _given_dim(a, dim):
    """One dim as given, after checking its range (None for a 0-d tensor)."""
    if not a._data.ndim:
        return None
    normalize_dims(dim, a._data.ndim)
    return int(dim)


@numpy_names
def softmax(a, dim, dtype=None):
    return Softmax.apply(a, _given_dim(a, dim))


@numpy_names
def log_softmax(a, dim, dtype=None):
    return LogSoftmax.apply(a, _given_dim(a, dim))
