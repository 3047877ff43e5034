"""sort, argsort, topk: values in order with the indices they came from. The
values are a gather of the input at those indices, and their gradient goes back there."""

import numpy as np

from ..function import Function
from ..tensor import Tensor
from .common import normalize_dims, numpy_names
from .gather import PickAlong, scatter_add_into
from .reduce import ExtremumAll, _return_type

return_types = {name: _return_type(name) for name in ("sort", "topk", "kthvalue")}


class SortValues(PickAlong):
    """The node keeps the dim as given too (PyTorch's ``_saved_dim``: -1 stays -1)."""

    backward_name = "SortBackward0"
    n_options = 3

    @staticmethod
    def forward(ctx, a, dim, index, given_dim):
        ctx.given_dim = given_dim
        return PickAlong.forward(ctx, a, dim, index)

    @staticmethod
    def backward(ctx, g):
        return PickAlong.backward(ctx, g) + (None,)


class TopkValues(SortValues):
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
    return return_types["sort"](SortValues.apply(input, d, order, int(dim)), Tensor._make(order))


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
    return return_types["topk"](TopkValues.apply(input, d, order, int(dim)), Tensor._make(order))


class Kthvalue(Function):
    """The k-th smallest along ``dim``: a gather at the chosen indices, so the gradient goes
    to the element whose index is returned. PyTorch saves the indices, not the input."""

    backward_name = "KthvalueBackward0"
    n_options = 4  # dim, keepdim, the indices, and the dim as given (the node shows it)

    @staticmethod
    def forward(ctx, a, dim, keepdim, index, given_dim):
        ctx.shape, ctx.dim, ctx.index, ctx.keepdim = a.shape, dim, index, keepdim
        ctx.given_dim = given_dim
        out = np.take_along_axis(a, index, axis=dim)
        return out if keepdim else np.squeeze(out, dim)

    @staticmethod
    def backward(ctx, g):
        g = g.reshape(ctx.index.shape)
        return scatter_add_into(g, ctx.shape, ctx.dim, ctx.index), None, None, None, None

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
    tied = np.flatnonzero(np.count_nonzero(equal, axis=-1) > 1)
    if len(tied) >= _LOCKSTEP_ROWS_PER_VALUE * rows.shape[1]:
        chosen[tied] = _select_rows(rows[tied], k)
    else:
        for r in tied:
            chosen[r] = _select(rows[r].tolist(), k)
    return chosen


# The lockstep quickselect takes some NumPy calls per step along a row (microseconds each, for
# all rows at once); the Python loop about a microsecond per value of each row. Measured on
# rows of small integers: lockstep 4x quicker for 10000 rows of 10, even for 1000 rows of 100,
# 15x slower for 10 rows of 10000. So it runs where the tied rows outnumber 20 per value
_LOCKSTEP_ROWS_PER_VALUE = 20


def _select_rows(values, k):
    """``_select`` for every row of ``values`` at once: each row goes through the same
    quickselect, its own pivots and swaps, all rows advancing together."""
    v = np.array(values, copy=True)
    order = np.tile(np.arange(v.shape[1]), (v.shape[0], 1))
    low = np.zeros(v.shape[0], dtype=np.int64)
    high = np.full(v.shape[0], v.shape[1] - 1, dtype=np.int64)
    out = np.empty(v.shape[0], dtype=np.int64)
    live = np.ones(v.shape[0], dtype=bool)
    nan_aware = v.dtype.kind == "f"

    def greater(x, y):
        return (np.isnan(x) & ~np.isnan(y)) | (x > y) if nan_aware else x > y

    def swap(r, a, b):
        for array in (v, order):
            kept = array[r, a]
            array[r, a] = array[r, b]
            array[r, b] = kept

    def swap_if_greater(r, a, b):  # swap where v[a] > v[b]
        s = greater(v[r, a], v[r, b])
        swap(r[s], a[s], b[s])

    while live.any():
        r = np.flatnonzero(live)
        lo, hi = low[r], high[r]
        short = hi <= lo + 1  # one or two values left: order them, and the row is done
        pair = r[hi == lo + 1]
        swap_if_greater(pair, low[pair], high[pair])
        done = r[short]
        out[done] = order[done, k]
        live[done] = False
        r, lo, hi = r[~short], lo[~short], hi[~short]
        if not r.size:
            break
        swap(r, lo + (hi - lo) // 2, lo + 1)
        swap_if_greater(r, lo + 1, hi)
        swap_if_greater(r, lo, hi)
        swap_if_greater(r, lo + 1, lo)
        i, j, pivot = lo + 1, hi.copy(), v[r, lo]
        going = np.arange(r.size)
        while going.size:
            i[going] += 1
            m = going
            while m.size:  # i moves right past values below the pivot
                m = m[greater(pivot[m], v[r[m], i[m]])]
                i[m] += 1
            j[going] -= 1
            m = going
            while m.size:  # j moves left past values above it
                m = m[greater(v[r[m], j[m]], pivot[m])]
                j[m] -= 1
            going = going[j[going] >= i[going]]
            swap(r[going], i[going], j[going])
        swap(r, lo, j)
        low[r[j <= k]] = i[j <= k]
        high[r[j >= k]] = j[j >= k] - 1
    return out


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
    values = Kthvalue.apply(input, d, keepdim, index, int(dim))
    return return_types["kthvalue"](values, Tensor._make(index if keepdim else np.squeeze(index, d)))


return_types.update({name: _return_type(name) for name in ("median", "nanmedian")})


class MedianAll(ExtremumAll):
    """The lower median of all elements; elements equal to it share the gradient (PyTorch's
    evenly_distribute_backward, as for max())."""

    backward_name = "MedianBackward0"


class NanmedianAll(ExtremumAll):
    backward_name = "NanmedianBackward0"


class MedianDim(Kthvalue):
    """The median along ``dim`` is a pick at the returned index, as kthvalue's; a 0-d input
    is its own median."""

    backward_name = "MedianBackward1"

    @staticmethod
    def forward(ctx, a, dim, keepdim, index, given_dim):
        if a.ndim == 0:
            ctx.shape, ctx.dim, ctx.index, ctx.keepdim, ctx.given_dim = (), 0, index, keepdim, given_dim
            return a.copy()
        return Kthvalue.forward(ctx, a, dim, keepdim, index, given_dim)

    @staticmethod
    def backward(ctx, g):
        if not ctx.shape:
            return g, None, None, None, None
        return Kthvalue.backward(ctx, g)

    @staticmethod
    def jvp(ctx, t):
        return t.copy() if not ctx.shape else Kthvalue.jvp(ctx, t)


class NanmedianDim(MedianDim):
    backward_name = "NanmedianBackward1"


def _median_indices(rows, ignore_nan):
    """For each row, the index PyTorch's kernel returns: the element at position (n - 1) // 2
    when the row is ordered by value and then by index (so ties give the lower index first,
    and -0.0 ties with 0.0); ``median`` returns a row's first NaN instead, ``nanmedian``
    leaves the NaNs out (n counts the others; a row of NaNs gives its first)."""
    order = np.argsort(rows, axis=-1, kind="stable")  # NaN sorts last
    nan = np.isnan(rows) if rows.dtype.kind == "f" else np.zeros(rows.shape, dtype=bool)
    n = rows.shape[-1] - (np.count_nonzero(nan, axis=-1) if ignore_nan else 0)
    position = np.maximum(n - 1, 0) // 2
    chosen = np.take_along_axis(order, np.asarray(position).reshape(-1, 1), axis=-1)[:, 0]
    if not ignore_nan:
        chosen = np.where(nan.any(axis=-1), np.argmax(nan, axis=-1), chosen)
    return chosen


def _median(input, dim, keepdim, ignore_nan):
    name = "nanmedian" if ignore_nan else "median"
    data = input._data
    if data.dtype == np.bool_:
        raise NotImplementedError(f"\"median_{'cpu' if dim is None else 'out'}\" not implemented for 'Bool'")
    if dim is None:
        if data.size == 0:
            return Tensor._make(
                np.array(np.nan if data.dtype.kind == "f" else np.iinfo(data.dtype).min, data.dtype)
            )
        flat = data.reshape(1, -1)
        value = flat[0, _median_indices(flat, ignore_nan)[0]]
        return (NanmedianAll if ignore_nan else MedianAll).apply(input, lambda a: np.asarray(value, a.dtype))
    d = _dim(input, dim)
    if data.ndim and data.shape[d] == 0:
        raise IndexError(f"median(): Expected reduction dim {d} to have non-zero size.")  # nanmedian too
    op = NanmedianDim if ignore_nan else MedianDim
    if data.ndim == 0:
        index = np.zeros((), dtype=np.int64)
        return return_types[name](op.apply(input, 0, keepdim, index, int(dim)), Tensor._make(index))
    rows = np.moveaxis(data, d, -1).reshape(-1, data.shape[d])
    shape = np.moveaxis(data, d, -1).shape[:-1]
    index = np.expand_dims(_median_indices(rows, ignore_nan).reshape(shape), d)
    values = op.apply(input, d, keepdim, index, int(dim))
    return return_types[name](values, Tensor._make(index if keepdim else np.squeeze(index, d)))


def median(input, dim=None, keepdim=False):
    return _median(input, dim, keepdim, ignore_nan=False)


def nanmedian(input, dim=None, keepdim=False):
    return _median(input, dim, keepdim, ignore_nan=True)
