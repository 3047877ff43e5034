"""Reductions beyond sum and mean: prod, var, std, logsumexp, and the running sum cumsum.
Each backward is written with operators and generic helpers, so it also runs on tensors
(create_graph) and gives second derivatives."""

import warnings

import numpy as np

from .. import dtypes
from ..function import Function
from ..tensor import Tensor
from . import common
from .common import expand, is_tensor, masked_zero, normalize_dims, numpy_names
from .gather import scatter_add_into
from .index import where
from .reduce import _return_type
from .shape import cat
from .with_number import times_number


def _keep(g, shape, dims, keepdim):
    """Give a reduced gradient back its reduced axes (size 1), ready to broadcast."""
    if keepdim:
        return g
    kept = tuple(1 if (dims is None or i in dims) else n for i, n in enumerate(shape))
    return g.reshape(kept)


def _unsqueeze_reduced(x, shape, dims, keepdim):
    """``_keep`` as PyTorch's logsumexp formula records it on tensors: one ``unsqueeze``
    per reduced dim, in increasing order."""
    if keepdim or not is_tensor(x) or not shape:
        return _keep(x, shape, dims, keepdim)
    for d in sorted(range(len(shape)) if dims is None else dims):
        x = x.unsqueeze(d)
    return x


def _mean_keepdim(x, dims):
    if is_tensor(x):
        return x.mean(dim=dims, keepdim=True)
    return np.mean(x, axis=dims, keepdims=True)


def _float_only(a, name):
    if a._data.dtype.kind != "f":
        raise RuntimeError(f"{name} only support floating point and complex dtypes")


class Prod(Function):
    """Product over ``dims``. The gradient of each factor is the product of the others,
    computed without dividing (exclusive products from both ends), so zeros are fine."""

    n_options = 2

    @staticmethod
    def forward(ctx, a, dim, keepdim):
        ctx.dim, ctx.keepdim = dim, keepdim
        out = np.prod(a, axis=dim, keepdims=keepdim)
        out = out if a.dtype.kind != "b" else out.astype(np.int64)
        ctx.save_for_backward(a, out)  # PyTorch's rule reads the result too: it is checked as saved
        return out

    @staticmethod
    def backward(ctx, g):
        a, _ = ctx.saved_tensors
        others = _product_of_others(common.data_of(a), ctx.dim)
        if is_tensor(a) and (common.data_of(a) != 0).all():
            # differentiable form for second derivatives (no zero factor to divide by)
            whole = a.prod(dim=ctx.dim, keepdim=True) if ctx.dim is not None else a.prod()
            others = whole / a
        g = _keep(g, np.shape(a), None if ctx.dim is None else (ctx.dim,), ctx.keepdim)
        return expand(g, np.shape(a)) * others, None, None

    @staticmethod
    def jvp(ctx, t):
        a, _ = ctx.saved_tensors
        return np.sum(t * _product_of_others(a, ctx.dim), axis=ctx.dim, keepdims=ctx.keepdim)


def _product_of_others(a, dim):
    if dim is None:
        flat = a.reshape(-1)
        return _product_of_others(flat, 0).reshape(a.shape) if flat.size else a.copy()
    ones = np.ones_like(np.take(a, [0], axis=dim)) if a.shape[dim] else np.ones_like(a)
    before = np.cumprod(
        np.concatenate([ones, np.take(a, range(a.shape[dim] - 1), axis=dim)], axis=dim), axis=dim
    )
    rev = np.flip(a, dim)
    after = np.flip(
        np.cumprod(
            np.concatenate([ones, np.take(rev, range(a.shape[dim] - 1), axis=dim)], axis=dim), axis=dim
        ),
        dim,
    )
    return before * after


class ProdAll(Prod):
    backward_name = "ProdBackward0"


class ProdDim(Prod):
    backward_name = "ProdBackward1"


class Var(Function):
    """Variance over ``dims`` with ``correction`` (1: Bessel's, the default)."""

    backward_name = "VarBackward0"
    n_options = 4  # dims, correction, keepdim, and (correction, dims) as PyTorch's node shows them
    may_overflow = True

    @staticmethod
    def forward(ctx, a, dims, correction, keepdim, shown):
        ctx.save_for_backward(a)
        ctx.dims, ctx.keepdim, ctx.shown = dims, keepdim, shown
        ctx.divisor = _divisor(a.shape, dims, correction)
        return (
            np.var(a, axis=dims, keepdims=keepdim, ddof=correction)
            if ctx.divisor > 0
            else _nan_like(a, dims, keepdim)
        )

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        g = _keep(g, np.shape(a), ctx.dims, ctx.keepdim)
        centred = a - _mean_keepdim(a, ctx.dims)
        return times_number(g, 2.0 / ctx.divisor) * centred, None, None, None, None  # PyTorch's order

    @staticmethod
    def jvp(ctx, t):
        (a,) = ctx.saved_tensors
        centred = a - np.mean(a, axis=ctx.dims, keepdims=True)
        return np.sum(t * centred, axis=ctx.dims, keepdims=ctx.keepdim) * (2.0 / ctx.divisor)


class Std(Function):
    backward_name = "StdBackward0"
    n_options = 4  # dims, correction, keepdim, and (correction, dims) as PyTorch's node shows them
    may_overflow = True

    @staticmethod
    def forward(ctx, a, dims, correction, keepdim, shown):
        ctx.dims, ctx.keepdim, ctx.shown = dims, keepdim, shown
        ctx.divisor = _divisor(a.shape, dims, correction)
        if ctx.divisor > 0:
            # in float64, then rounded once: float32 results agree with PyTorch's digits
            out = np.asarray(
                np.std(a, axis=dims, keepdims=keepdim, ddof=correction, dtype=np.float64), a.dtype
            )
        else:
            out = _nan_like(a, dims, keepdim)
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, g):
        """PyTorch's std_backward: the variance's gradient g / (2 std), 0 where the values are
        all equal (not 0 / 0), then var_backward's (2 / divisor) g (x - mean)."""
        a, out = ctx.saved_tensors
        g = masked_zero(g / times_number(out, 2), common.data_of(out) == 0)
        if ctx.dims is not None or not is_tensor(g):  # a full reduction broadcasts as it is
            g = _unsqueeze_reduced(g, np.shape(a), ctx.dims, ctx.keepdim)
        centred = a - _mean_keepdim(a, ctx.dims)
        return times_number(g, 2.0 / ctx.divisor) * centred, None, None, None, None

    @staticmethod
    def jvp(ctx, t):
        a, out = ctx.saved_tensors
        centred = a - np.mean(a, axis=ctx.dims, keepdims=True)
        zero = out == 0
        return np.sum(t * centred, axis=ctx.dims, keepdims=ctx.keepdim) / (ctx.divisor * (out + zero)) * ~zero


def _divisor(shape, dims, correction):
    count = int(np.prod([shape[d] for d in dims])) if dims is not None else int(np.prod(shape))
    return count - correction


def _nan_like(a, dims, keepdim):
    return np.full(np.sum(a, axis=dims, keepdims=keepdim).shape, np.nan, dtype=a.dtype)


class Cumsum(Function):
    """Running sum along ``dim``; the gradient is the running sum from the other end."""

    backward_name = "CumsumBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        out = np.cumsum(a, axis=dim)
        return out if a.dtype.kind != "b" else out.astype(np.int64)

    @staticmethod
    def backward(ctx, g):
        d = ctx.dim
        if is_tensor(g):
            return g.flip(d).cumsum(d).flip(d), None
        return np.flip(np.cumsum(np.flip(g, d), axis=d), d), None

    @staticmethod
    def jvp(ctx, t):
        return np.cumsum(t, axis=ctx.dim)


class Logcumsumexp(Function):
    """log of the running sum of exp along ``dim``, without overflow (NumPy's
    ``logaddexp.accumulate``). Its gradient is PyTorch's ``logcumsumexp_backward``: the
    positive and negative parts of the gradient each through a reversed logcumsumexp in log
    space, so that no exp overflows."""

    backward_name = "LogcumsumexpBackward0"
    n_options = 1
    may_overflow = True

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        out = np.logaddexp.accumulate(a, axis=dim) if a.ndim else a.copy()
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, g):
        a, out = ctx.saved_tensors
        if np.ndim(g) == 0 or np.size(g) == 0:
            return g, None
        d = ctx.dim
        lowest = np.finfo(common.data_of(g).dtype).min
        if is_tensor(g):
            log_abs = g.abs().log()
            floor = Tensor._make(np.asarray(lowest, dtype=g._data.dtype))
            positive = where(common.data_of(g) > 0, log_abs, floor)
            negative = where(common.data_of(g) < 0, log_abs, floor)

            def reverse(x):
                return logcumsumexp(x.flip(d), d).flip(d)

            return (reverse(positive - out) + a).exp() - (reverse(negative - out) + a).exp(), None
        with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
            log_abs = np.log(np.abs(g))
            positive = np.where(g > 0, log_abs, lowest)
            negative = np.where(g < 0, log_abs, lowest)

            def reverse_array(x):
                return np.flip(np.logaddexp.accumulate(np.flip(x, d), axis=d), d)

            return np.exp(reverse_array(positive - out) + a) - np.exp(reverse_array(negative - out) + a), None

    @staticmethod
    def jvp(ctx, t):
        """d out_k = sum over j <= k of softmax weights exp(a_j - out_k) t_j."""
        a, out = ctx.saved_tensors
        if not np.ndim(a):
            return t
        d = ctx.dim
        shift = np.max(a, axis=d, keepdims=True)
        with np.errstate(over="ignore", invalid="ignore"):
            weights = np.exp(a - shift)
            return np.cumsum(weights * t, axis=d) / np.cumsum(weights, axis=d)


def logcumsumexp(input, dim):
    if input._data.dtype.kind != "f":
        legacy = input.dtype.legacy_name[: -len("Tensor")]
        raise NotImplementedError(f"\"logcumsumexp_out_cpu\" not implemented for '{legacy}'")
    d = normalize_dims(dim, input._data.ndim)[0] if input._data.ndim else 0
    out = Logcumsumexp.apply(input, d)
    if out.grad_fn is not None:
        out.grad_fn.given_dim = int(dim)  # PyTorch's node keeps the dim as given
    return out


class Cummax(Function):
    """Running maximum along ``dim``, with the index each value came from (PyTorch's kernel:
    a tie or a NaN takes over, so the index is the latest). Its gradient adds ``g`` at those
    indices (PyTorch's ``zeros.scatter_add_``: ScatterAddBackward0 under create_graph)."""

    backward_name = "CummaxBackward0"
    n_options = 3
    takes_over = staticmethod(np.greater_equal)

    @staticmethod
    def forward(ctx, a, dim, index, given_dim):
        ctx.save_for_backward(a)  # PyTorch saves the input (and the indices, an output)
        ctx.shape, ctx.dim, ctx.index, ctx.given_dim = a.shape, dim, index, given_dim
        return np.take_along_axis(a, index, dim) if a.ndim else a.copy()

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        if not ctx.index.ndim:
            return g, None, None, None
        return scatter_add_into(g, ctx.shape, ctx.dim, ctx.index), None, None, None

    @staticmethod
    def jvp(ctx, t):
        return np.take_along_axis(t, ctx.index, ctx.dim) if t.ndim else t


class Cummin(Cummax):
    backward_name = "CumminBackward0"
    takes_over = staticmethod(np.less_equal)


def _running_index(a, dim, takes_over):
    """Where each running extremum came from, as PyTorch's kernel walks ``dim``: an element
    takes over when it is NaN, or when the extremum so far is not NaN and
    ``takes_over(element, extremum)``."""
    moved = np.moveaxis(a, dim, -1)
    index = np.zeros(moved.shape, dtype=np.int64)
    best = moved[..., 0].copy()
    at = np.zeros(best.shape, dtype=np.int64)
    with np.errstate(invalid="ignore"):
        for k in range(moved.shape[-1]):
            x = moved[..., k]
            if x.dtype.kind == "f":
                take = np.isnan(x) | (~np.isnan(best) & takes_over(x, best))
            else:
                take = takes_over(x, best)
            best = np.where(take, x, best)
            at = np.where(take, k, at)
            index[..., k] = at
    return np.moveaxis(index, -1, dim)


def _cumulative_extremum(op, name, input, dim):
    if not input._data.ndim and dim not in (0, -1):
        raise IndexError(f"{name}(): Expected reduction dim -1 or 0 for scalar but got {dim}")
    d = normalize_dims(dim, input._data.ndim)[0] if input._data.ndim else 0
    data = input._data
    index = _running_index(data, d, op.takes_over) if data.ndim else np.zeros((), np.int64)
    values = op.apply(input, d, index, int(dim))
    return _RETURN_TYPES.setdefault(name, _return_type(name))(values, Tensor._make(index))


_RETURN_TYPES = {}


def cummax(input, dim):
    return _cumulative_extremum(Cummax, "cummax", input, dim)


def cummin(input, dim):
    return _cumulative_extremum(Cummin, "cummin", input, dim)


class Cumprod(Function):
    """Running product along ``dim``. Its gradient at ``k`` sums, over the outputs from ``k``
    on, the upstream gradient times the product of the other factors. Without a zero in the
    input that is PyTorch's reversed running sum of ``result * g`` divided by the input; with
    a zero it is PyTorch's product of the factors before ``k`` and the running product after
    ``k``, written out one ``k`` at a time (no division, so a zero factor is fine)."""

    backward_name = "CumprodBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        out = np.cumprod(a, axis=dim) if a.ndim else a.copy()
        out = out if a.dtype.kind != "b" else out.astype(np.int64)
        ctx.save_for_backward(a, out)  # PyTorch saves both: either changed in place is an error
        return out

    @staticmethod
    def backward(ctx, g):
        a, out = ctx.saved_tensors
        values = common.data_of(a)
        if values.size <= 1 or values.shape[ctx.dim] == 1:
            return g, None
        d = ctx.dim % values.ndim
        if (values != 0).all():
            w = out * g
            if is_tensor(w):
                return w.flip(d).cumsum(d).flip(d) / a, None
            return np.flip(np.cumsum(np.flip(w, d), axis=d), d) / a, None
        if is_tensor(g) or is_tensor(a):
            return _cumprod_grad_tensors(g, a, d), None
        return _cumprod_grad_arrays(g, a, out, d), None

    @staticmethod
    def jvp(ctx, t):
        """The tangent at ``j`` sums ``t[i]`` times the product of the factors up to ``j``
        other than ``i``: the product before ``i`` times the running product after it."""
        a, _ = ctx.saved_tensors
        if a.ndim == 0:
            return t.copy()
        d, n = ctx.dim % a.ndim, a.shape[ctx.dim]
        before = np.cumprod(
            np.concatenate([np.ones_like(np.take(a, [0], d)), np.take(a, range(n - 1), d)], d), d
        )
        out = np.zeros(np.broadcast_shapes(a.shape, np.shape(t)), np.result_type(a, t))
        for i in range(n):
            after = np.cumprod(np.take(a, range(i + 1, n), d), d)
            run = np.concatenate([np.ones_like(np.take(a, [i], d)), after], d)
            index = (slice(None),) * d + (slice(i, None),)
            out[index] += np.take(t, [i], d) * np.take(before, [i], d) * run
        return out


def _cumprod_grad_arrays(g, a, out, d):
    """PyTorch's gradient without a graph when the input has a zero, in one pass of masks:
    before the first zero, the reversed running sum of ``result * g`` over the input (zeros
    of ``g``'s mask left out, so an inf there stays out); at the first zero, the running
    product up to the next zero times ``g`` there, times the result just before it; after
    it, 0 (every product there has two zero factors)."""
    zeros_seen = np.cumsum(a == 0, axis=d)
    before = zeros_seen == 0
    w = np.where(before, out * g, 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        grad = np.where(before, np.flip(np.cumsum(np.flip(w, d), axis=d), d) / a, 0)
    between = zeros_seen == 1
    first = np.argmax(between, axis=d)[(slice(None),) * d + (None,)]
    at_first = np.zeros_like(between)
    np.put_along_axis(at_first, first, True, axis=d)
    at_first &= between
    between &= ~at_first
    run = np.cumprod(np.where(between, a, 1), axis=d) * np.where(between | at_first, g, 0)
    previous = np.take_along_axis(out, np.maximum(first - 1, 0), axis=d)
    value = np.sum(run, axis=d, keepdims=True) * np.where(first == 0, 1, previous)
    return np.where(at_first, value, grad)


def _cumprod_grad_tensors(g, a, d):
    """The same on tensors, in PyTorch's order of ops, so the graph of a create_graph backward
    is PyTorch's (slices, prod, cumprod, cat, each ``k`` copied into a zero tensor)."""
    a = a if is_tensor(a) else Tensor._make(a)
    n = a.shape[d]
    grad = Tensor._make(np.zeros(np.broadcast_shapes(a.shape, np.shape(g)), common.data_of(a).dtype))
    ones = Tensor._make(
        np.ones(tuple(1 if i == d else s for i, s in enumerate(a.shape)), common.data_of(a).dtype)
    )
    for k in range(n):
        if k == 0:
            omitted = cat([ones, a.narrow(d, 1, n - 1).cumprod(d)], d)
        elif k == n - 1:
            omitted = a.narrow(d, 0, k).prod(d, keepdim=True)
        else:
            until = a.narrow(d, 0, k).prod(d, keepdim=True)
            after = a.narrow(d, k + 1, n - k - 1).cumprod(d)
            omitted = cat([until, until.expand_as(after) * after], d)
        grad.select(d, k).copy_((g.narrow(d, k, n - k) * omitted).sum(d))
    return grad


class Logsumexp(Function):
    """log(sum(exp(a))) over ``dims``, shifted by the maximum so exp cannot overflow."""

    backward_name = "LogsumexpBackward0"
    n_options = 2
    may_overflow = True

    @staticmethod
    def forward(ctx, a, dims, keepdim):
        top = np.max(a, axis=dims, keepdims=True) if a.size else np.zeros((1,) * a.ndim, a.dtype)
        top = np.where(np.isfinite(top), top, 0)
        out = np.log(np.sum(np.exp(a - top), axis=dims, keepdims=True)) + top
        ctx.dims, ctx.keepdim = dims, keepdim
        out = np.asarray(out if keepdim else np.squeeze(out, axis=dims))
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, g):
        a, out = ctx.saved_tensors
        g = _unsqueeze_reduced(g, np.shape(a), ctx.dims, ctx.keepdim)
        out = _unsqueeze_reduced(out, np.shape(a), ctx.dims, ctx.keepdim)
        return g * common.exp(a - out), None, None

    @staticmethod
    def jvp(ctx, t):
        a, out = ctx.saved_tensors
        out = out if ctx.keepdim else np.expand_dims(out, ctx.dims)
        return np.sum(t * np.exp(a - out), axis=ctx.dims, keepdims=ctx.keepdim)


# ---- public functions -----------------------------------------------------------------------
@numpy_names
def prod(a, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        a = a.to(dtype)
    if a._data.dtype.kind in "bi" and a._data.dtype != np.int64 and dtype is None:
        a = a.long()
    if dim is None:
        return ProdAll.apply(a, None, False)
    return ProdDim.apply(a, normalize_dims(dim, a._data.ndim)[0] if a._data.ndim else None, keepdim)


def _correction(unbiased, correction):
    if correction is not None:
        return int(correction)
    return 1 if unbiased is None or unbiased else 0


def _dims(a, dim):
    if dim is None or (isinstance(dim, (tuple, list)) and len(dim) == 0):
        return None
    return normalize_dims(dim, a._data.ndim) or None


def _unbiased_in_dim(dim, unbiased):
    """``x.std(False)``: PyTorch reads a lone bool as ``unbiased``, not as a dim."""
    if isinstance(dim, bool):
        return None, dim
    return dim, unbiased


@numpy_names
def var(a, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dim, unbiased = _unbiased_in_dim(dim, unbiased)
    _float_only(a, "std and var")
    c = _correction(unbiased, correction)
    dims = _dims(a, dim)
    _warn_dof(a, dims, c, "var")
    return Var.apply(a, dims, c, keepdim, _shown(dim, unbiased, correction, c, dims))


@numpy_names
def std(a, dim=None, unbiased=None, keepdim=False, *, correction=None):
    dim, unbiased = _unbiased_in_dim(dim, unbiased)
    _float_only(a, "std and var")
    c = _correction(unbiased, correction)
    dims = _dims(a, dim)
    _warn_dof(a, dims, c, "std")
    return Std.apply(a, dims, c, keepdim, _shown(dim, unbiased, correction, c, dims))


def _shown(dim, unbiased, correction, c, dims):
    """(correction, dims) as PyTorch's node keeps them: the correction None when the call
    named neither a dim nor ``unbiased`` nor ``correction`` (its overload without them),
    the dims as given (-1 stays -1; None for all)."""
    shown = None if correction is None and unbiased is None and dim is None else c
    if dims is None:
        return shown, None
    return shown, (int(dim),) if isinstance(dim, (int, np.integer)) else tuple(int(d) for d in dim)


def _warn_dof(a, dims, correction, name):
    if _divisor(a._data.shape, dims, correction) <= 0:
        warnings.warn(
            f"{name}(): degrees of freedom is <= 0. Correction should be strictly less than the "
            "reduction factor (input numel divided by output numel).",
            UserWarning,
            stacklevel=3,
        )


@numpy_names
def std_mean(a, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return std(a, dim, unbiased, keepdim, correction=correction), _mean(a, dim, keepdim)


@numpy_names
def var_mean(a, dim=None, unbiased=None, keepdim=False, *, correction=None):
    return var(a, dim, unbiased, keepdim, correction=correction), _mean(a, dim, keepdim)


def _mean(a, dim, keepdim):
    return a.mean() if dim is None else a.mean(dim=dim, keepdim=keepdim)


@numpy_names
def cumsum(a, dim, dtype=None):
    if dtype is not None:
        a = a.to(dtype)
    if a._data.dtype.kind in "bi" and a._data.dtype != np.int64 and dtype is None:
        a = a.long()
    d = normalize_dims(dim, a._data.ndim)[0] if a._data.ndim else None
    if d is None:
        return Cumsum.apply(a.reshape(1), 0).reshape(())
    return Cumsum.apply(a, int(dim))  # as given (NumPy takes a negative axis): the node shows it


def cumprod(a, dim, dtype=None):
    if dtype is not None:
        a = a.to(dtype)
    if a._data.dtype.kind in "bi" and a._data.dtype != np.int64 and dtype is None:
        a = a.long()
    if a._data.ndim:
        normalize_dims(dim, a._data.ndim)
    elif dim not in (0, -1):
        normalize_dims(dim, 0)  # PyTorch's IndexError for a 0-d tensor's dim
    return Cumprod.apply(a, int(dim))  # as given (NumPy takes a negative axis): the node shows it


@numpy_names
def logsumexp(a, dim, keepdim=False):
    if a._data.dtype.kind != "f":
        a = a.to(dtypes.get_default_dtype())
    dims = normalize_dims(dim, a._data.ndim) if a._data.ndim else ()
    return Logsumexp.apply(a, dims, keepdim)


__all__ = ["prod", "var", "std", "std_mean", "var_mean", "cumsum", "logsumexp"]
