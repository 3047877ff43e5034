"""sort, argsort, topk: values in order with the indices they came from. The
values are a gather of the input at those indices, and their gradient goes back there."""

import numpy as np

from ..function import Function
from ..tensor import Tensor
from .common import normalize_dims, numpy_names
from .gather import Gather, scatter_add_into
from .reduce import _return_type

return_types = {name: _return_type(name) for name in ("sort", "topk", "kthvalue")}


class SortValues(Gather):
    backward_name = "SortBackward0"


class TopkValues(Gather):
    backward_name = "TopkBackward0"


def _order(data, dim, descending, stable=True):
    """Indices that sort ``data`` along ``dim``; NaN counts as the largest, as in PyTorch."""
    if descending:
        # sort the negation (stable), so equal values keep their original order
        key = -data if data.dtype.kind != "b" else ~data
        if data.dtype.kind == "f":
            key = np.where(np.isnan(data), -np.inf, key)
            order = np.argsort(key, axis=dim, kind="stable")
            nan_first = np.take_along_axis(np.isnan(data), order, axis=dim)
            return np.take_along_axis(order, np.argsort(~nan_first, axis=dim, kind="stable"), axis=dim)
        return np.argsort(key, axis=dim, kind="stable")
    return np.argsort(data, axis=dim, kind="stable")


def _dim(a, dim):
    return normalize_dims(dim, a._data.ndim)[0] if a._data.ndim else 0


@numpy_names
def sort(input, dim=-1, descending=False, stable=False):
    if input._data.ndim == 0:
        return return_types["sort"](input.clone(), Tensor._make(np.zeros((), dtype=np.int64)))
    d = _dim(input, dim)
    order = _order(input._data, d, descending)
    return return_types["sort"](SortValues.apply(input, d, order), Tensor._make(order))


@numpy_names
def argsort(input, dim=-1, descending=False, stable=False):
    if input._data.ndim == 0:
        return Tensor._make(np.zeros((), dtype=np.int64))
    return Tensor._make(_order(input._data, _dim(input, dim), descending))


def msort(input):
    return sort(input, 0).values


@numpy_names
def topk(input, k, dim=-1, largest=True, sorted=True):
    d = _dim(input, dim)
    size = input._data.shape[d] if input._data.ndim else 1
    if not 0 <= k <= size:
        raise RuntimeError("selected index k out of range")
    if input._data.ndim == 0:
        return return_types["topk"](input.clone(), Tensor._make(np.zeros((), dtype=np.int64)))
    order = np.take(_order(input._data, d, largest), np.arange(k), axis=d)
    return return_types["topk"](TopkValues.apply(input, d, order), Tensor._make(order))


class Kthvalue(Function):
    """The k-th smallest along ``dim``: a gather at the chosen indices, so the gradient goes
    to the element whose index is returned. PyTorch saves the indices, not the input."""

    backward_name = "KthvalueBackward0"
    n_options = 3

    @staticmethod
    def forward(ctx, a, dim, keepdim, index):
        ctx.shape, ctx.dim, ctx.index = a.shape, dim, index
        out = np.take_along_axis(a, index, axis=dim)
        return out if keepdim else np.squeeze(out, dim)

    @staticmethod
    def backward(ctx, g):
        g = g.reshape(ctx.index.shape)
        return scatter_add_into(g, ctx.shape, ctx.dim, ctx.index), None, None, None

    @staticmethod
    def jvp(ctx, t):
        out = np.take_along_axis(t, ctx.index, axis=ctx.dim)
        return out if ctx.options[1] else np.squeeze(out, ctx.dim)


def _greater_or_nan(x, y):
    """PyTorch's order for selection: NaN above every number."""
    return (x != x and y == y) or x > y


def _select(values, k):
    """The index, among ``values`` (a list), of the k-th smallest (0-based) as PyTorch's CPU
    kernel finds it: a quickselect with a median-of-three pivot, swapping values and indices
    together. Which of equal values it returns depends on those swaps, so this follows them."""
    order = list(range(len(values)))

    def swap(i, j):
        values[i], values[j] = values[j], values[i]
        order[i], order[j] = order[j], order[i]

    low, high = 0, len(values) - 1
    while True:
        if high <= low:
            return order[k]
        if high == low + 1:
            if _greater_or_nan(values[low], values[high]):
                swap(low, high)
            return order[k]
        middle = low + (high - low) // 2
        swap(middle, low + 1)
        if _greater_or_nan(values[low + 1], values[high]):
            swap(low + 1, high)
        if _greater_or_nan(values[low], values[high]):
            swap(low, high)
        if _greater_or_nan(values[low + 1], values[low]):
            swap(low + 1, low)
        i, j, pivot = low + 1, high, values[low]
        while True:
            i += 1
            while _greater_or_nan(pivot, values[i]):
                i += 1
            j -= 1
            while _greater_or_nan(values[j], pivot):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(low, j)
        if j <= k:
            low = i
        if j >= k:
            high = j - 1


def _kth_indices(rows, k):
    """For each row, the index of its k-th smallest (0-based) as PyTorch's kernel returns it.
    A value that occurs once in its row has one index, found for all rows at once; where the
    k-th value is tied (NaN with NaN, -0.0 with 0.0 included), the kernel's swaps decide which
    of the equal values is returned, so those rows follow them one by one (``_select``)."""
    kth = np.partition(rows, k, axis=-1)[:, k]  # NumPy puts NaN last, as PyTorch's order does
    equal = rows == kth[:, None]
    if rows.dtype.kind in "fc":
        equal |= np.isnan(rows) & np.isnan(kth)[:, None]
    chosen = np.argmax(equal, axis=-1).astype(np.int64)
    for r in np.flatnonzero(np.count_nonzero(equal, axis=-1) > 1):
        chosen[r] = _select(rows[r].tolist(), k)
    return chosen


@numpy_names
def kthvalue(input, k, dim=-1, keepdim=False):
    if type(k) is not int:
        raise TypeError(f"kthvalue(): argument 'k' (position 1) must be int, not {type(k).__name__}")
    data = input._data
    if data.dtype == np.bool_:
        raise NotImplementedError("\"kthvalue_cpu\" not implemented for 'Bool'")
    d = _dim(input, dim)
    size = data.shape[d] if data.ndim else 1
    if data.ndim and size == 0:
        raise IndexError(f"kthvalue(): Expected reduction dim {d} to have non-zero size.")
    if not 1 <= k <= size:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {d}")
    if data.ndim == 0:
        return return_types["kthvalue"](input.clone(), Tensor._make(np.zeros((), dtype=np.int64)))
    rows = np.moveaxis(data, d, -1).reshape(-1, size)
    chosen = _kth_indices(rows, k - 1)
    shape = np.moveaxis(data, d, -1).shape[:-1]
    index = np.expand_dims(chosen.reshape(shape), d)
    values = Kthvalue.apply(input, d, keepdim, index)
    return return_types["kthvalue"](values, Tensor._make(index if keepdim else np.squeeze(index, d)))
