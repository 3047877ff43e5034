"""Picking and placing values along a dimension by index: gather, scatter, scatter_add,
index_select, index_add and masked_fill. Gathering and scatter-adding are each other's
gradient, so each backward is the other op (recorded under create_graph)."""

import numpy as np

from .. import dtypes
from ..function import Function
from ..tensor import Tensor
from .common import broadcast_shapes, is_tensor, masked_zero, normalize_dims, sum_to
from .index import index_put_grad
from .shape import cat, expand


def _full_index(index, dim):
    """The NumPy index that addresses ``x[..., index[i, j], ...]`` for every position of
    ``index``, for ``np.add.at`` and item assignment."""
    grids = list(np.indices(index.shape, sparse=True))
    grids[dim] = index
    return tuple(grids)


def _check_index(a, dim, index, name):
    if index.dtype.kind not in "iu":
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index")
    if index.ndim != a.ndim and not (index.ndim <= 1 and a.ndim <= 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    size = a.shape[dim] if a.ndim else 1
    if index.size and (index.max() >= size or index.min() < -size):
        raise RuntimeError(f"index {index.max()} is out of bounds for dimension {dim} with size {size}")


def scatter_add_into(g, shape, dim, index):
    """zeros(shape) with ``g`` added at ``index`` along ``dim`` (the gradient of gather)."""
    if is_tensor(g):
        return ScatterAddInto.apply(g, shape, dim, index)
    out = np.zeros(shape, dtype=g.dtype)
    np.add.at(out, _full_index(index, dim), g)
    return out


def gather_from(g, dim, index):
    if is_tensor(g):
        return Gather.apply(g, dim, index)
    return g[_full_index(index, dim)]


class PickAlong(Function):
    """The values at ``index`` along ``dim``; its gradient scatters back. Sort and topk are
    this op under their own names (they save no input)."""

    backward_name = "GatherBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, a, dim, index):
        ctx.shape, ctx.dim, ctx.index = a.shape, dim, index
        return a[_full_index(index, dim)]

    @staticmethod
    def backward(ctx, g):
        return scatter_add_into(g, ctx.shape, ctx.dim, ctx.index), None, None

    @staticmethod
    def jvp(ctx, t):
        return t[_full_index(ctx.index, ctx.dim)]


class Gather(PickAlong):
    @staticmethod
    def forward(ctx, a, dim, index):
        ctx.save_for_backward(a, index)  # a unread (the shape is enough), but PyTorch saves it
        return PickAlong.forward(ctx, a, dim, index)

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        return PickAlong.backward(ctx, g)


class ScatterAddInto(Function):
    """The gradient of gather as an op of its own, so that it can be differentiated."""

    backward_name = "ScatterAddBackward0"
    n_options = 3

    @staticmethod
    def forward(ctx, g, shape, dim, index):
        ctx.dim, ctx.index = dim, index
        out = np.zeros(shape, dtype=g.dtype)
        np.add.at(out, _full_index(index, dim), g)
        return out

    @staticmethod
    def backward(ctx, gg):
        return gather_from(gg, ctx.dim, ctx.index), None, None, None

    @staticmethod
    def jvp(ctx, t):
        return scatter_add_into(t, *ctx.options)


class ScatterAdd(Function):
    """``a`` with ``src`` added at ``index`` along ``dim`` (repeated indices add up)."""

    backward_name = "ScatterAddBackward0"
    n_options = 2
    saved_for = (1,)  # the index, read for src's gradient

    @staticmethod
    def forward(ctx, a, src, dim, index):
        ctx.dim, ctx.index = dim, index
        ctx.save_for_backward(index)
        out = a.copy()
        np.add.at(out, _full_index(index, dim), src[tuple(slice(0, n) for n in index.shape)])
        ctx.src_shape = src.shape
        return out

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        need_a, need_src = ctx.needs_input_grad
        g_src = None
        if need_src:
            g_src = _pad_to(gather_from(g, ctx.dim, ctx.index), ctx.src_shape)
        return (g if need_a else None), g_src, None, None

    @staticmethod
    def jvp(ctx, ta, tsrc):
        out = ta.copy()
        np.add.at(out, _full_index(ctx.index, ctx.dim), tsrc[tuple(slice(0, n) for n in ctx.index.shape)])
        return out


def _pad_to(g, shape):
    """A gradient for ``src`` when ``index`` covered only its leading corner."""
    if tuple(np.shape(g)) == tuple(shape):
        return g
    if is_tensor(g):
        for axis, n in enumerate(shape):
            missing = n - g.shape[axis]
            if missing:
                filler_shape = list(g.shape)
                filler_shape[axis] = missing
                g = cat([g, Tensor._make(np.zeros(filler_shape, dtype=g._data.dtype))], axis)
        return g
    out = np.zeros(shape, dtype=g.dtype)
    out[tuple(slice(0, n) for n in g.shape)] = g
    return out


class Scatter(Function):
    """``a`` with ``src`` written at ``index`` (the last write wins on repeats)."""

    backward_name = "ScatterBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, a, src, dim, index):
        ctx.dim, ctx.index, ctx.src_shape = dim, index, np.shape(src)
        ctx.save_for_backward(index)
        out = a.copy()
        where = _full_index(index, dim)
        out[where] = src[tuple(slice(0, n) for n in index.shape)] if np.ndim(src) else src
        return out

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        need_a, need_src = ctx.needs_input_grad
        keep = np.ones(np.shape(g), dtype=bool)
        keep[_full_index(ctx.index, ctx.dim)] = False
        g_src = _pad_to(gather_from(g, ctx.dim, ctx.index), ctx.src_shape) if need_src else None
        return (masked_zero(g, ~keep) if need_a else None), g_src, None, None

    @staticmethod
    def jvp(ctx, ta, tsrc):
        out = ta.copy()
        out[_full_index(ctx.index, ctx.dim)] = tsrc[tuple(slice(0, n) for n in ctx.index.shape)]
        return out


class ScatterValue(Function):
    backward_name = "ScatterBackward1"
    n_options = 3

    @staticmethod
    def forward(ctx, a, dim, index, value):
        ctx.dim, ctx.index = dim, index
        ctx.save_for_backward(index)
        out = a.copy()
        out[_full_index(index, dim)] = value
        return out

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        keep = np.ones(np.shape(g), dtype=bool)
        keep[_full_index(ctx.index, ctx.dim)] = False
        return masked_zero(g, ~keep), None, None, None

    @staticmethod
    def jvp(ctx, t):
        out = t.copy()
        out[_full_index(ctx.index, ctx.dim)] = 0
        return out


class IndexSelect(Function):
    backward_name = "IndexSelectBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, a, dim, index):
        ctx.shape, ctx.dim, ctx.index = a.shape, dim, index
        ctx.save_for_backward(index)
        return np.take(a, index, axis=dim)

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        return index_add_into(g, ctx.shape, ctx.dim, ctx.index), None, None

    @staticmethod
    def jvp(ctx, t):
        return np.take(t, ctx.index, axis=ctx.dim)


def index_add_into(g, shape, dim, index):
    return index_put_grad(g, shape, g.dtype if not is_tensor(g) else g._data.dtype, _axis_index(dim, index))


def _axis_index(dim, index):
    return (slice(None),) * dim + (index,)


class IndexAdd(Function):
    backward_name = "IndexAddBackward0"
    n_options = 3
    saved_for = (1, 1)  # PyTorch saves the source and index for the source's gradient

    @staticmethod
    def forward(ctx, a, source, dim, index, alpha):
        ctx.dim, ctx.index, ctx.alpha, ctx.source_dim = dim, index, alpha, source.ndim
        ctx.save_for_backward(source, index)
        out = a.copy()
        np.add.at(out, _axis_index(dim, index), source * alpha)
        return out

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        need_a, need_src = ctx.needs_input_grad
        g_src = None
        if need_src:
            picked = (
                g.index_select(ctx.dim, Tensor._make(ctx.index))
                if is_tensor(g)
                else np.take(g, ctx.index, axis=ctx.dim)
            )
            g_src = picked * ctx.alpha
        return (g if need_a else None), g_src, None, None, None

    @staticmethod
    def jvp(ctx, ta, tsrc):
        out = ta.copy()
        np.add.at(out, _axis_index(ctx.dim, ctx.index), tsrc * ctx.alpha)
        return out


class MaskedFill(Function):
    """``a`` with ``value`` where the mask (broadcast to ``a``) is True. It saves the mask as
    given, as PyTorch does, so changing the mask in place after the forward stops the backward."""

    backward_name = "MaskedFillBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, a, mask, value):
        ctx.mask, ctx.shape = mask, a.shape
        ctx.save_for_backward(mask)
        return np.where(mask, np.asarray(value, dtype=a.dtype), a)

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        return masked_zero(g, ctx.mask), None, None  # PyTorch's grad.masked_fill(mask, 0)

    @staticmethod
    def jvp(ctx, t):
        return np.where(ctx.mask, 0, t)


class MaskedSelect(Function):
    """The entries of ``a`` where the mask is True (both broadcast), as a 1-d tensor. It
    saves the input and the mask, as PyTorch does."""

    backward_name = "MaskedSelectBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, mask):
        ctx.save_for_backward(a, mask)
        shape = np.broadcast_shapes(a.shape, mask.shape)
        ctx.shapes = (a.shape, shape)
        return np.broadcast_to(a, shape)[np.broadcast_to(mask, shape)]

    @staticmethod
    def backward(ctx, g):
        """PyTorch's masked_select_backward: zeros of the broadcast shape, masked_scatter of
        the gradient into them, summed back to the input's shape."""
        _, mask = ctx.saved_tensors
        a_shape, shape = ctx.shapes
        full = np.broadcast_to(mask._data if is_tensor(mask) else mask, shape)
        return sum_to(
            MaskedScatterIntoZeros.apply(g, full) if is_tensor(g) else _scatter(g, full), a_shape
        ), None

    @staticmethod
    def jvp(ctx, t):
        _, mask = ctx.saved_tensors
        shape = ctx.shapes[1]
        return np.broadcast_to(t, shape)[np.broadcast_to(mask, shape)]


def _scatter(g, mask):
    out = np.zeros(mask.shape, dtype=g.dtype)
    out[mask] = g
    return out


class MaskedScatterIntoZeros(Function):
    """``zeros.masked_scatter(mask, g)``, the step of masked_select's backward that a
    create_graph backward records (its own gradient is masked_select again)."""

    backward_name = "MaskedScatterBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, g, mask):
        ctx.mask = mask
        return _scatter(g, mask)

    @staticmethod
    def backward(ctx, gg):
        if is_tensor(gg):
            return MaskedSelect.apply(gg, Tensor._make(np.ascontiguousarray(ctx.mask))), None
        return gg[ctx.mask], None

    @staticmethod
    def jvp(ctx, t):
        return _scatter(t, ctx.mask)


# ---- public functions -----------------------------------------------------------------------
def _dim(a, dim):
    return normalize_dims(dim, a._data.ndim)[0] if a._data.ndim else 0


def _index_array(index):
    return index._data if isinstance(index, Tensor) else np.asarray(index, dtype=np.int64)


def _as_given(index, idx):
    """The index tensor itself where the op takes its array unchanged: the op saves it, so a
    later in-place change of it breaks the backward, as in PyTorch."""
    return index if isinstance(index, Tensor) and index._data is idx else idx


_SCALAR_TYPE_NAMES = {
    "float32": "float",
    "float64": "double",
    "int64": "long",
    "int32": "int",
    "uint8": "unsigned char",
}


def gather(input, dim, index, *, sparse_grad=False):
    idx = _index_array(index)
    d = _dim(input, dim)
    _check_index(input._data, d, idx, "gather")
    if input._data.ndim == 0:
        return Gather.apply(input.reshape(1), 0, idx.reshape(1)).reshape(idx.shape)
    return Gather.apply(input, d, _as_given(index, idx))


def scatter_add(input, dim, index, src):
    idx = _index_array(index)
    d = _dim(input, dim)
    _check_index(input._data, d, idx, "scatter_add")
    return ScatterAdd.apply(input, src, d, _as_given(index, idx))


def scatter(input, dim, index, src=None, *, value=None):
    idx = _index_array(index)
    d = _dim(input, dim)
    _check_index(input._data, d, idx, "scatter")
    if src is None:
        src = value
    if isinstance(src, Tensor):
        return Scatter.apply(input, src, d, _as_given(index, idx))
    return ScatterValue.apply(input, d, _as_given(index, idx), src)


def index_select(input, dim, index):
    idx = _index_array(index)
    if idx.ndim > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    return IndexSelect.apply(
        input, _dim(input, dim), _as_given(index, idx) if idx.ndim == 1 else idx.reshape(-1)
    )


def index_add(input, dim, index, source, *, alpha=1):
    idx = _index_array(index)
    return IndexAdd.apply(
        input, source, _dim(input, dim), _as_given(index, idx) if idx.ndim == 1 else idx.reshape(-1), alpha
    )


def masked_fill(input, mask, value):
    mask_data = mask._data if isinstance(mask, Tensor) else np.asarray(mask)
    if mask_data.dtype != np.bool_:
        kind = _SCALAR_TYPE_NAMES.get(mask_data.dtype.name, mask_data.dtype.name)
        raise RuntimeError(f"masked_fill_ only supports boolean masks, but got mask with dtype {kind}")
    if isinstance(value, Tensor):
        if value._data.ndim != 0:
            raise RuntimeError(
                "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                f"{value._data.ndim} dimension(s)."
            )
        value = value.item()
    try:
        shape = np.broadcast_shapes(mask_data.shape, input._data.shape)
    except ValueError:
        broadcast_shapes(input._data, mask_data)
        raise
    if shape != input._data.shape:
        input = expand(input, *shape)
    return MaskedFill.apply(input, mask if isinstance(mask, Tensor) else mask_data, value)


__all__ = ["gather", "scatter", "scatter_add", "index_select", "index_add", "masked_fill", "masked_select"]


class Fill(Function):
    """``fill_``: every element becomes ``value``; nothing flows back to the old values: their
    gradient is zeros made outside the graph (PyTorch's ``zeros_like(grad)``), 0 even where
    the incoming gradient is inf or NaN."""

    backward_name = "FillBackward2"
    n_options = 1

    @staticmethod
    def forward(ctx, a, value):
        return np.full(a.shape, value, dtype=a.dtype)

    @staticmethod
    def backward(ctx, g):
        return (Tensor._make(np.zeros_like(g._data)) if type(g) is Tensor else np.zeros_like(g)), None

    @staticmethod
    def jvp(ctx, t):
        return np.zeros_like(t)


class Zero(Fill):
    backward_name = "ZeroBackward0"


def filled(a, value):
    if isinstance(value, Tensor):
        if value._data.ndim != 0:
            raise RuntimeError(
                "fill_ only supports 0-dimension value tensor but got tensor with "
                f"{value._data.ndim} dimensions."
            )
        value = value.item()
    return Fill.apply(a, value)


def zeroed(a):
    return Zero.apply(a, 0)


def masked_select(input, mask):
    if mask._data.dtype != np.bool_:
        raise RuntimeError("masked_select: expected BoolTensor for mask")
    broadcast_shapes(mask._data, input._data)  # PyTorch's message names the mask first
    return MaskedSelect.apply(input, mask)


def take_along_dim(input, indices, dim=None):
    """PyTorch's take_along_dim: without a dim, gather from the flattened input; with one,
    input and indices broadcast against each other except along ``dim``, then gather."""
    if indices._data.dtype != np.int64:
        raise RuntimeError(
            "pyautograd.take_along_dim(): dtype of indices should be Long but got "
            f"{dtypes.scalar_type_name(indices._data.dtype)}"
        )
    if dim is None:
        return gather(input.view(-1), 0, indices.view(-1))
    if input._data.ndim != indices._data.ndim:
        raise RuntimeError(
            "pyautograd.take_along_dim(): input and indices should have the same number of dimensions, "
            f"but got {input._data.ndim} dimensions for input, and {indices._data.ndim} dimensions for indices"
        )
    d = _dim(input, dim)
    sizes = list(input._data.shape)
    sizes[d] = indices._data.shape[d]
    index_shape = broadcast_shapes(np.empty(sizes), indices._data)
    sizes = list(indices._data.shape)
    sizes[d] = input._data.shape[d]
    input_shape = broadcast_shapes(np.empty(sizes), input._data)
    # with a dim, PyTorch's backward does not check the version of the indices it was given
    # (changing them in place after the forward is no error there): gather gets a copy
    index = Tensor._make(indices._data.copy())
    return gather(expand(input, *input_shape), d, expand(index, *index_shape))
