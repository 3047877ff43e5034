"""Indexing (``x[...]``), writing through an index, and ``where``."""

import warnings

import numpy as np

from ..fast_paths import index_tensors_only
from ..function import Function
from ..tensor import Tensor
from ..views import mark_view
from .common import (
    as_tensor_arg,
    broadcast_shapes,
    cast_all,
    data_of,
    keep_where,
    masked_zero,
    result_dtype,
    sum_to,
)

_INDEX_DTYPES = (np.dtype(np.int64), np.dtype(np.int32), np.dtype(np.uint8), np.dtype(np.bool_))


def normalize_index(index):
    """Tensors and lists inside an index become NumPy arrays. PyTorch's rules first: index
    tensors are long, int, byte (a mask, deprecated) or bool; a float is no index at all."""
    if isinstance(index, tuple):
        return tuple(normalize_index(i) for i in index)
    if isinstance(index, Tensor):
        if index._data.dtype not in _INDEX_DTYPES:
            raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
        if index._data.dtype == np.uint8:
            warnings.warn(
                "indexing with dtype pyautograd.uint8 is now deprecated, please use a dtype pyautograd.bool instead.",
                UserWarning,
                stacklevel=3,
            )
            return index._data.astype(bool)
        return index._data
    if isinstance(index, float):
        raise IndexError(
            "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid "
            "indices (got float)"
        )
    if isinstance(index, list):
        array = np.asarray([data_of(i) if isinstance(i, Tensor) else i for i in index])
        # PyTorch makes an index list a long tensor (unless it is all bools): floats truncate
        return array.astype(np.int64) if array.dtype.kind == "f" else array
    return index


def _is_advanced(i):
    return isinstance(i, np.ndarray) and (i.ndim > 0 or i.dtype == bool)


def with_tensors(key, index):
    """``index`` (NumPy's, from ``normalize_index(key)``) as a tuple with each index tensor of
    ``key`` (of at least one dim) back in its place. The op unwraps them (``numpy_index``) and
    saves them, as PyTorch saves ``indices``: a tensor changed in place after the forward then
    stops the backward (``Function._bind_saved``). PyTorch saves a 0-d index as a tensor of its
    own, so it stays an array here."""
    parts = key if isinstance(key, (tuple, list)) and isinstance(index, tuple) else (key,)
    arrays = index if isinstance(index, tuple) else (index,)
    return tuple(p if isinstance(p, Tensor) and p._data.ndim else i for p, i in zip(parts, arrays))


def numpy_index(ctx, key):
    """The NumPy index of a key made by ``with_tensors`` (a byte mask read as a bool one),
    after saving its index arrays for backward: the tensors' own arrays, bound to them."""
    ctx.save_for_backward(
        *(p._data if isinstance(p, Tensor) else p for p in key if isinstance(p, Tensor) or _is_advanced(p))
    )
    return tuple(
        (p._data.astype(bool) if p._data.dtype == np.uint8 else p._data) if isinstance(p, Tensor) else p
        for p in key
    )


def index_kind(index):
    """PyTorch's node name: Select (ints), Slice (slices), Index (arrays or masks)."""
    parts = index if isinstance(index, tuple) else (index,)
    if any(_is_advanced(i) for i in parts):
        return IndexAdvanced
    kind = Slice  # PyTorch applies the parts left to right:
    for i in parts:  # the last real one names the node
        if isinstance(i, (int, np.integer)) or (isinstance(i, np.ndarray) and i.ndim == 0):
            kind = Select
        elif isinstance(i, slice) and i != slice(None):
            kind = Slice
    return kind


class Index(Function):
    n_options = 1

    @staticmethod
    def forward(ctx, a, index):
        ctx.shape, ctx.dtype, ctx.index = a.shape, a.dtype, index
        return a[index]

    @staticmethod
    def backward(ctx, g):
        return index_put_grad(g, ctx.shape, ctx.dtype, ctx.index), None

    @staticmethod
    def jvp(ctx, t):
        return t[ctx.index]


class Select(Index):
    backward_name = "SelectBackward0"


class Slice(Index):
    backward_name = "SliceBackward0"


class IndexAdvanced(Index):
    """``x[index]`` with index tensors, arrays or masks: it saves them (``with_tensors``)."""

    backward_name = "IndexBackward0"

    @staticmethod
    def forward(ctx, a, key):
        index = numpy_index(ctx, key)
        ctx.shape, ctx.dtype, ctx.index, ctx.key = a.shape, a.dtype, index, key
        return a[index]

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        return index_put_grad(g, ctx.shape, ctx.dtype, ctx.index), None


class IndexAddInto(Function):
    """zeros(shape) with ``g`` added at ``index``: the gradient of indexing, as an op
    so that it can itself be differentiated (create_graph)."""

    backward_name = "IndexPutBackward0"
    n_options = 3

    @staticmethod
    def forward(ctx, g, shape, dtype, index):
        ctx.index = index
        out = np.zeros(shape, dtype=dtype)
        np.add.at(out, index, g)
        return out

    @staticmethod
    def backward(ctx, gg):
        return gg[ctx.index]

    @staticmethod
    def jvp(ctx, t):
        return index_put_grad(t, *ctx.options)


def index_put_grad(g, shape, dtype, index):
    if type(g) is Tensor:
        return IndexAddInto.apply(g, shape, dtype, index)
    out = np.zeros(shape, dtype=dtype)
    np.add.at(out, index, g)
    return out


class IndexPut(Function):
    """``a`` with ``a[index] = value``: the out-of-place form of ``__setitem__`` with an index
    tensor (PyTorch's ``index_put_`` on the tensor itself)."""

    backward_name = "IndexPutBackward0"
    n_options = 1
    saves_indices = True  # a key made by ``with_tensors``

    @staticmethod
    def forward(ctx, a, value, index):
        if ctx.saves_indices:
            ctx.key, ctx.ndim = index, a.ndim
            index = numpy_index(ctx, index)
        ctx.index, ctx.value_shape = index, np.shape(value)
        out = a.copy()
        out[index] = value
        return out

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        mask = np.ones(np.shape(data_of(g)), dtype=bool)
        mask[ctx.index] = False
        return masked_zero(g, ~mask), sum_to(g[ctx.index], ctx.value_shape) if ctx.needs_input_grad[
            1
        ] else None

    @staticmethod
    def jvp(ctx, ta, tv):
        out = ta.copy()
        out[ctx.index] = tv
        return out


class IndexPutAccumulate(Function):
    """``a`` with ``value`` added at ``index`` (``index_put_(..., accumulate=True)``): repeated
    positions add up. Every element of ``a`` stays in the result, so its gradient is ``g``."""

    backward_name = "IndexPutBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, value, index):
        ctx.key, ctx.ndim = index, a.ndim
        index = numpy_index(ctx, index)
        ctx.index, ctx.value_shape = index, np.shape(value)
        out = a.copy()
        np.add.at(out, index, value)
        return out

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        return g, sum_to(g[ctx.index], ctx.value_shape) if ctx.needs_input_grad[1] else None

    @staticmethod
    def jvp(ctx, ta, tv):
        out = ta.copy()
        np.add.at(out, ctx.index, tv)
        return out


class CopySlices(IndexPut):
    """The same for a basic index (ints, slices), which PyTorch writes through a view: the
    node that rewrites a base's history after a write into its view (``view_writes.py``)."""

    backward_name = "CopySlices"
    saves_indices = False  # it writes at a view's positions: PyTorch's CopySlices saves none

    def name(self):
        return "pyautograd::autograd::CopySlices"  # PyTorch: torch::autograd::CopySlices


class Where(Function):
    backward_name = "WhereBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, b, condition):
        ctx.save_for_backward(condition)
        ctx.shapes = (np.shape(a), np.shape(b))
        return np.where(condition, a, b)

    @staticmethod
    def backward(ctx, g):
        (condition,) = ctx.saved_tensors
        sa, sb = ctx.shapes
        need_a, need_b = ctx.needs_input_grad
        return (
            (sum_to(select_where(condition, g, 0.0), sa) if need_a else None),  # PyTorch's where:
            (sum_to(select_where(condition, 0.0, g), sb) if need_b else None),  # 0, even for inf
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        (condition,) = ctx.saved_tensors
        return np.where(condition, ta, tb)


def _reject_index_of_0d(index):
    """PyTorch's messages for an int or a slice into a 0-d tensor (``loss[0]`` for ``loss.item()``)."""
    if type(index) is int:
        if index >= 0:
            raise IndexError(
                "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` "
                "in C++ to convert a 0-dim tensor to a number"
            )
        raise IndexError(f"index {index} is out of bounds for dimension 0 with size 0")
    if type(index) is slice:
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")


def check_masks(shape, index):
    """A boolean mask must have the shape of the dims it covers; PyTorch words the mismatch
    against the tensor left after the integer parts of the index are applied."""
    parts = index if isinstance(index, tuple) else (index,)
    if any(p is Ellipsis for p in parts):
        return
    reduced, masks, d = [], [], 0
    for p in parts:
        if isinstance(p, np.ndarray) and p.dtype == bool and p.ndim:
            masks.append((p, len(reduced)))
            reduced.extend(shape[d : d + p.ndim])
            d += p.ndim
        elif p is None:
            reduced.append(1)
        elif isinstance(p, (int, np.integer)) or (isinstance(p, np.ndarray) and p.ndim == 0):
            d += 1
        else:
            reduced.extend(shape[d : d + 1])
            d += 1
    reduced.extend(shape[d:])
    for mask, start in masks:
        for j, n in enumerate(mask.shape):
            if start + j < len(reduced) and n != reduced[start + j]:
                raise IndexError(
                    f"The shape of the mask {list(mask.shape)} at index {j} does not match the shape of "
                    f"the indexed tensor {list(reduced)} at index {start + j}"
                )


def getitem(a, index):
    if index_tensors_only(index, a._data.ndim):  # ``p[rows, labels]``: what the lines below give
        kind = IndexAdvanced
    else:
        if a._data.ndim == 0:
            _reject_index_of_0d(index)
        key, index = index, normalize_index(index)
        check_masks(a._data.shape, index)
        if type(index) is int or (
            type(index) is tuple and all(type(i) is int for i in index) and len(index) == a._data.ndim
        ):
            # an element: NumPy would return a copy (a scalar); with ``...`` it is a 0-d view, so
            # ``y[0].add_(1)`` changes y, as in PyTorch
            index = (*index, ...) if type(index) is tuple else (index, ...)
        kind = index_kind(index)
        if kind is IndexAdvanced:
            index = with_tensors(key, index)
    try:
        out = kind.apply(a, index)
    except IndexError as e:
        if str(e).startswith("too many indices"):
            raise IndexError(f"too many indices for tensor of dimension {a._data.ndim}") from None
        raise IndexError(str(e).replace("axis", "dimension")) from None
    if kind is not IndexAdvanced:
        mark_view(out, a)  # basic indexing gives a view
    return out


def where(condition, a=None, b=None):
    if a is None and b is None:
        return tuple(Tensor._make(i) for i in np.nonzero(data_of(condition)))
    condition = np.asarray(data_of(condition), dtype=bool)
    a, b = as_tensor_arg(a), as_tensor_arg(b)
    target = result_dtype(a, b)
    a, b = (
        Tensor._make(np.asarray(x, dtype=target)) if x is not None and not isinstance(x, Tensor) else x
        for x in cast_all((a, b), target)
    )
    try:
        return Where.apply(a, b, condition)
    except ValueError as e:  # checked outside the handler: no chained traceback
        error = e
    broadcast_shapes(condition, broadcast_shapes(data_of(a), data_of(b)))  # PyTorch's message
    raise error


def select_where(mask, a, b):
    """``a`` where ``mask`` else ``b`` inside a derivative rule: ``where`` on tensors (so a
    ``create_graph`` backward records it), NumPy's on arrays (a plain backward)."""
    if isinstance(a, Tensor) or isinstance(b, Tensor):
        return where(mask, a, b)
    if type(b) is float and b == 0 and type(a) is np.ndarray:  # a gradient kept where mask is
        return keep_where(mask, a)
    return np.where(mask, a, b)


def index_put_key(a, indices, values, name, position):
    """The NumPy index of ``index_put``'s ``indices`` (a tuple of index tensors), after
    PyTorch's checks of the indices and of the values' dtype and shape."""
    if not isinstance(indices, (tuple, list)):
        raise TypeError(
            f"{name}(): argument 'indices' (position {position}) must be tuple of Tensors, not "
            f"{type(indices).__name__}"
        )
    key = tuple(normalize_index(i if isinstance(i, Tensor) else Tensor._make(np.asarray(i))) for i in indices)
    values = as_tensor_arg(values)
    if values._data.dtype != a._data.dtype:
        names = [t.dtype.legacy_name[: -len("Tensor")] for t in (a, values)]
        raise RuntimeError(
            "Index put requires the source and destination dtypes match, got "
            f"{names[0]} for the destination and {names[1]} for the source."
        )
    covered = sum(k.ndim if k.dtype == bool else 1 for k in key)
    if covered > a._data.ndim:
        raise IndexError(f"too many indices for tensor of dimension {a._data.ndim} (got {covered})")
    try:
        target = np.empty(a._data.shape, dtype=bool)[key].shape
    except IndexError as e:  # checked outside the handler: one error, not two
        error = str(e).replace("axis", "dimension")
    else:
        error = None
    if error is not None:
        raise IndexError(error)
    try:
        np.broadcast_to(np.empty(values._data.shape, dtype=bool), target)
    except ValueError:
        broadcastable = False
    else:
        broadcastable = True
    if not broadcastable:
        raise RuntimeError(
            f"shape mismatch: value tensor of shape {list(values._data.shape)} cannot be broadcast to "
            f"indexing result of shape {list(target)}"
        )
    return key, values


def index_put(input, indices, values, accumulate=False):
    """``input`` with ``values`` written (or, with ``accumulate``, added) at ``indices``."""
    key, values = index_put_key(input, indices, values, "index_put", 2)
    return (IndexPutAccumulate if accumulate else IndexPut).apply(input, values, with_tensors(indices, key))
