"""Operations that move values around without changing them: reshape, transpose, permute,
(un)squeeze, expand, cat, stack, dtype casts. Their backward moves the gradient back."""

import math
import warnings

import numpy as np

from .. import devices, dtypes
from ..function import Function
from ..tensor import Size, Tensor
from ..views import mark_view
from .common import cast_all, normalize_dims, numpy_names, result_dtype, sum_to
from .common import permute as permute_generic


def _shape_arg(shape):
    """Accept ``f(2, 3)``, ``f((2, 3))`` and ``f(pyautograd.Size([2, 3]))``."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    return tuple(int(s) for s in shape)


def _as_view(out, base):
    """Views share their base's memory and version counter; see ``views.py``."""
    return mark_view(out, base)


class View(Function):
    backward_name = "ViewBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, shape):
        ctx.shape = a.shape
        if sum(1 for n in shape if n == -1) > 1:
            raise RuntimeError("only one dimension can be inferred")
        try:
            return a.reshape(shape)
        except ValueError:
            raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {a.size}") from None

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formula: ``grad.reshape(self.sizes())``, recorded as its reshape records
        (``torch_reshape``): a gradient that arrives transposed is ``ReshapeAliasBackward0``."""
        if type(g) is Tensor:
            return torch_reshape(g, ctx.shape), None
        return g.reshape(ctx.shape), None

    @staticmethod
    def jvp(ctx, t):
        return t.reshape(ctx.options[0])


def torch_reshape(x, shape):
    """``x.reshape(shape)`` as PyTorch records it: a view where one exists (``ViewBackward0``,
    ``ReshapeAliasBackward0`` when not contiguous), else a clone (``CloneBackward0``, then
    ``UnsafeViewBackward0``); on arrays NumPy's reshape."""
    if type(x) is not Tensor:
        return np.reshape(x, shape)
    data = x._data
    if data.flags.c_contiguous:
        return reshape(x, *shape)
    try:
        np.reshape(data, shape, copy=False)
    except ValueError:
        return _UnsafeView.apply(clone(x), tuple(shape))
    return mark_view(_ReshapeAlias.apply(x, tuple(shape)), x)


class _UnsafeView(View):
    """PyTorch's ``_unsafe_view``: a reshape that is not tracked as a view."""

    backward_name = "UnsafeViewBackward0"


class _ReshapeAlias(View):
    """PyTorch's ``_reshape_alias``: the reshape of a non-contiguous tensor that has a view."""

    backward_name = "ReshapeAliasBackward0"


class Permute(Function):
    backward_name = "PermuteBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, axes):
        ctx.inverse = tuple(np.argsort(axes))
        return np.transpose(a, axes)

    @staticmethod
    def backward(ctx, g):
        return permute_generic(g, ctx.inverse), None

    @staticmethod
    def jvp(ctx, t):
        return np.transpose(t, ctx.options[0])


class Transpose(Function):
    """Two dims swapped; the node keeps them as given (PyTorch shows them so)."""

    backward_name = "TransposeBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, dims):
        ctx.dims = dims
        return np.swapaxes(a, *dims) if a.ndim else np.transpose(a, ())

    @staticmethod
    def backward(ctx, g):  # PyTorch's formula: grad.transpose(dim0, dim1)
        if type(g) is Tensor:
            return g.transpose(*ctx.dims), None
        return (np.swapaxes(g, *ctx.dims) if g.ndim else g), None

    @staticmethod
    def jvp(ctx, t):
        return np.swapaxes(t, *ctx.dims) if np.ndim(t) else t


class T(Permute):
    backward_name = "TBackward0"

    @staticmethod
    def backward(ctx, g):
        if type(g) is Tensor:  # PyTorch's formula: grad.t()
            return g.t(), None
        return Permute.backward(ctx, g)


class Unsqueeze(Function):
    """A dim of 1 inserted at ``dim``; the node keeps the dim as given (PyTorch shows it so)."""

    backward_name = "UnsqueezeBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, dim):
        ctx.dim = dim
        return np.expand_dims(a, dim)

    @staticmethod
    def backward(ctx, g):  # PyTorch's formula: grad.squeeze(dim)
        if type(g) is Tensor:
            return g.squeeze(ctx.dim), None
        return np.squeeze(g, ctx.dim), None

    @staticmethod
    def jvp(ctx, t):
        return np.expand_dims(t, ctx.dim)


class SqueezeAll(View):
    backward_name = "SqueezeBackward0"


class SqueezeDim(View):
    """``squeeze(dim)``; the node keeps the dim as given (an int, or PyTorch's
    ``SqueezeBackward2`` for a tuple)."""

    backward_name = "SqueezeBackward1"
    n_options = 2

    @staticmethod
    def forward(ctx, a, shape, dim):
        ctx.dim = dim
        return View.forward(ctx, a, shape)

    @staticmethod
    def backward(ctx, g):
        return g.reshape(ctx.shape), None, None


class SqueezeDims(SqueezeDim):
    backward_name = "SqueezeBackward2"


class Expand(Function):
    backward_name = "ExpandBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, shape):
        ctx.shape = a.shape
        try:
            return np.broadcast_to(a, shape)
        except ValueError:
            k = next(k for k in range(1, a.ndim + 1) if a.shape[-k] not in (1, shape[-k]))
            raise RuntimeError(
                f"The expanded size of the tensor ({shape[-k]}) must match the existing "
                f"size ({a.shape[-k]}) at non-singleton dimension {len(shape) - k}.  "
                f"Target sizes: {list(shape)}.  Tensor sizes: {list(a.shape)}"
            ) from None

    @staticmethod
    def backward(ctx, g):
        return sum_to(g, ctx.shape), None

    @staticmethod
    def jvp(ctx, t):
        return np.broadcast_to(t, ctx.options[0])


class Clone(Function):
    backward_name = "CloneBackward0"

    @staticmethod
    def forward(ctx, a):
        return a.copy()

    @staticmethod
    def backward(ctx, g):
        return g

    @staticmethod
    def jvp(ctx, t):
        return t.copy()


class ToCopy(Function):
    backward_name = "ToCopyBackward0"
    n_options = 1
    may_overflow = True  # a float64 beyond float32's range becomes inf, silently, as in PyTorch

    @staticmethod
    def forward(ctx, a, numpy_dtype):
        ctx.original = a.dtype
        return a.astype(numpy_dtype)

    @staticmethod
    def backward(ctx, g):
        if type(g) is Tensor:
            return g.to(dtypes.from_numpy_dtype(ctx.original)), None
        return g.astype(ctx.original), None

    @staticmethod
    def jvp(ctx, t):
        return t.astype(ctx.options[0])


class Cat(Function):
    backward_name = "CatBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, *arrays_then_dim):
        *arrays, dim = arrays_then_dim
        ctx.dim = dim
        ctx.bounds = np.cumsum([0] + [a.shape[dim] for a in arrays])
        return np.concatenate(arrays, axis=dim)

    @staticmethod
    def backward(ctx, g):
        lead = (slice(None),) * ctx.dim
        b = ctx.bounds
        return tuple(g[lead + (slice(b[i], b[i + 1]),)] for i in range(len(b) - 1))

    @staticmethod
    def jvp(ctx, *tangents):
        return np.concatenate(tangents, axis=ctx.dim)


class Stack(Function):
    backward_name = "StackBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, *arrays_then_dim):
        *arrays, dim = arrays_then_dim
        ctx.dim, ctx.count = dim, len(arrays)
        return np.stack(arrays, axis=dim)

    @staticmethod
    def backward(ctx, g):
        lead = (slice(None),) * ctx.dim
        return tuple(g[lead + (i,)] for i in range(ctx.count))

    @staticmethod
    def jvp(ctx, *tangents):
        return np.stack(tangents, axis=ctx.dim)


# ---- public functions -----------------------------------------------------------------------
def reshape(a, *shape):
    return _as_view(View.apply(a, _shape_arg(shape)), a)


def view(a, *shape):
    """``reshape`` that refuses when the data would have to be copied, as PyTorch's view does."""
    size = _shape_arg(shape)
    if sum(1 for n in size if n == -1) <= 1:
        try:
            np.reshape(a._data, size, copy=False)
        except ValueError as e:
            if "copy" in str(e):
                raise RuntimeError(
                    "view size is not compatible with input tensor's size and stride (at "
                    "least one dimension spans across two contiguous subspaces). Use "
                    ".reshape(...) instead."
                ) from None
    return reshape(a, *shape)


@numpy_names
def flatten(a, start_dim=0, end_dim=-1):
    n = a._data.ndim
    if n == 0:
        return reshape(a, 1)
    start, end = start_dim % n, end_dim % n
    shape = a._data.shape
    if start >= end:  # nothing to merge: PyTorch returns the tensor itself
        return a
    merged = math.prod(shape[start : end + 1])  # not -1: an empty tensor could not infer it
    return reshape(a, shape[:start] + (merged,) + shape[end + 1 :])


def unflatten(a, dim, sizes):
    """Dimension ``dim`` split into ``sizes`` (one of them may be -1, inferred)."""
    sizes = tuple(int(n) for n in sizes)
    if not sizes:
        raise RuntimeError("unflatten: sizes must be non-empty")
    if a._data.ndim == 0:
        raise RuntimeError(f"Dimension specified as {dim} but tensor has no dimensions")
    d = normalize_dims(dim, a._data.ndim)[0]
    n = a._data.shape[d]
    inferred = sizes.count(-1)
    if inferred > 1:
        raise RuntimeError("only one dimension can be inferred")
    known = math.prod(k for k in sizes if k != -1)
    fits = known == n if not inferred else known and n % known == 0
    if not fits:
        raise RuntimeError(
            f"unflatten: Provided sizes {list(sizes)} don't multiply up to the size of dim {d} ({n}) "
            "in the input tensor"
        )
    shape = a._data.shape
    return reshape(a, shape[:d] + sizes + shape[d + 1 :])


def ravel(a):
    """The elements as one dimension: always a ``view(-1)`` of the (contiguous) data."""
    return reshape(a, -1)


def permute(a, *dims):
    if len(_shape_arg(dims)) != a._data.ndim:
        raise RuntimeError(
            "permute(sparse_coo): number of dimensions in the tensor input does not match "
            "the length of the desired ordering of dimensions i.e. input.dim() = "
            f"{a._data.ndim} is not equal to len(dims) = {len(_shape_arg(dims))}"
        )
    axes = tuple(d % max(a._data.ndim, 1) for d in _shape_arg(dims))
    return _as_view(Permute.apply(a, axes), a)


def transpose(a, dim0, dim1):
    n = a._data.ndim
    if n:
        normalize_dims(dim0, n), normalize_dims(dim1, n)  # PyTorch's IndexError for a dim out of range
    return _as_view(Transpose.apply(a, (dim0, dim1)), a)


def t(a):
    if a._data.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {a._data.ndim}D")
    return _as_view(T.apply(a, tuple(reversed(range(a._data.ndim)))), a)


_T_NOT_2D = (
    "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it "
    "will throw an error in a future release. Consider `x.mT` to transpose batches of matrices or "
    "`x.permute(*pyautograd.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor."
)


def matrix_T(a):
    """``tensor.T``: reverse all dimensions (PyTorch warns unless the tensor is a matrix)."""
    if a._data.ndim != 2:
        message = (
            "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases."
            if a._data.ndim == 0
            else _T_NOT_2D
        )
        warnings.warn(message, UserWarning, stacklevel=2)
    return _as_view(Permute.apply(a, tuple(reversed(range(a._data.ndim)))), a)


@numpy_names
def unsqueeze(a, dim):
    n = a._data.ndim + 1
    if not -n <= dim < n:
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got {dim})"
        )
    return _as_view(Unsqueeze.apply(a, dim), a)


@numpy_names
def squeeze(a, dim=None):
    shape = a._data.shape
    if dim is None:
        return _as_view(SqueezeAll.apply(a, tuple(n for n in shape if n != 1)), a)
    dims = normalize_dims(dim, a._data.ndim)
    kept = tuple(n for i, n in enumerate(shape) if not (i in dims and n == 1))
    if isinstance(dim, (tuple, list)):
        return _as_view(SqueezeDims.apply(a, kept, tuple(int(d) for d in dim)), a)
    return _as_view(SqueezeDim.apply(a, kept, int(dim)), a)


def expand(a, *sizes):
    sizes = _shape_arg(sizes)
    lead = len(sizes) - a._data.ndim
    if lead < 0:
        raise RuntimeError(
            f"expand(pyautograd.{a.dtype.legacy_name}{{{list(a._data.shape)}}}, size={list(sizes)}): the number "
            f"of sizes provided ({len(sizes)}) must be greater or equal to the number of dimensions in the "
            f"tensor ({a._data.ndim})"
        )
    target = tuple(a._data.shape[i - lead] if s == -1 else s for i, s in enumerate(sizes))
    return _as_view(Expand.apply(a, target), a)


def expand_as(a, other):
    return expand(a, *other.shape)


def broadcast_to(input, size):
    """PyTorch's broadcast_to is expand (ExpandBackward0, a view)."""
    return expand(input, *_shape_arg((size,)))


def broadcast_to_method(self, *size):
    """``x.broadcast_to(2, 3)``: the method also takes the sizes one by one."""
    return expand(self, *_shape_arg(size))


def swapaxes(input, axis0, axis1):
    """NumPy's name for transpose (TransposeBackward0, a view)."""
    return transpose(input, axis0, axis1)


def swapdims(input, dim0, dim1):
    return transpose(input, dim0, dim1)


def clone(a):
    return Clone.apply(a)


def to(a, *args, dtype=None, device=None, non_blocking=False, copy=False, memory_format=None):
    """``.to(dtype)``, ``.to(device)``, ``.to(device, dtype)``, ``.to(other_tensor)``: a new
    tensor when the dtype changes (or ``copy=True``), else ``a`` itself. The only device is
    the CPU; asking for CUDA fails as PyTorch does without it."""
    for arg in args:
        if isinstance(arg, Tensor):
            dtype = arg.dtype
        elif isinstance(arg, (dtypes.dtype, np.dtype)) or isinstance(arg, type):
            dtype = arg
        elif devices.is_device(arg):
            devices.check(arg)
        elif isinstance(arg, int) and not isinstance(arg, bool):  # a device ordinal
            raise RuntimeError("Cannot access accelerator device when none is available.")
        else:
            raise TypeError(
                f"to() received an invalid combination of arguments - got ({type(arg).__name__}), but "
                "expected one of:\n * (pyautograd.device device = None, pyautograd.dtype dtype = None, bool "
                "non_blocking = False, bool copy = False, *, pyautograd.memory_format memory_format = None)\n"
                " * (pyautograd.dtype dtype, bool non_blocking = False, bool copy = False, *, "
                "pyautograd.memory_format memory_format = None)\n * (Tensor tensor, bool non_blocking = "
                "False, bool copy = False, *, pyautograd.memory_format memory_format = None)\n"
            )
    devices.check(device)
    if dtype is None:
        return Clone.apply(a) if copy else a
    target = dtypes.to_numpy_dtype(dtype)
    if target == a._data.dtype:
        return Clone.apply(a) if copy else a
    return ToCopy.apply(a, target)


def _tensor_sequence(name, tensors):
    """``torch.cat(a, b)`` (two tensors instead of one list) gets PyTorch's TypeError."""
    if isinstance(tensors, Tensor):
        raise TypeError(f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, not Tensor")
    return list(tensors)


@numpy_names
def cat(tensors, dim=0):
    tensors = _tensor_sequence("cat", tensors)
    if not tensors:
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    d = normalize_dims(dim, tensors[0]._data.ndim)[0]
    for number, t_ in enumerate(tensors[1:], 1):
        if t_._data.ndim != tensors[0]._data.ndim:
            raise RuntimeError(
                "Tensors must have same number of dimensions: got "
                f"{tensors[0]._data.ndim} and {t_._data.ndim}"
            )
        for i, (x, y) in enumerate(zip(tensors[0]._data.shape, t_._data.shape)):
            if i != d and x != y:
                raise RuntimeError(
                    f"Sizes of tensors must match except in dimension {d}. "
                    f"Expected size {x} but got size {y} for tensor number "
                    f"{number} in the list."
                )
    return Cat.apply(*cast_all(tensors, result_dtype(*tensors)), d)


concat = cat


@numpy_names
def stack(tensors, dim=0):
    tensors = _tensor_sequence("stack", tensors)
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    first = tensors[0]._data.shape
    for i, t_ in enumerate(tensors[1:], 1):
        if t_._data.shape != first:
            raise RuntimeError(
                f"stack expects each tensor to be equal size, but got {list(first)} "
                f"at entry 0 and {list(t_._data.shape)} at entry {i}"
            )
    return Stack.apply(*cast_all(tensors, result_dtype(*tensors)), dim % (len(first) + 1))


_MESHGRID_WARNING = (
    "torch.meshgrid: in an upcoming release, it will be required to pass the indexing argument."
)


def meshgrid(*tensors, indexing=None):
    """Coordinate grids: output ``i`` is input ``i`` (0-d counts as length 1) laid along axis
    ``i`` and expanded to every input's length, a view as in PyTorch. ``indexing="xy"`` swaps
    the first two axes (x across columns); without ``indexing`` PyTorch warns and uses "ij"."""
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    if indexing is None:
        warnings.warn(_MESHGRID_WARNING, UserWarning, stacklevel=2)
        indexing = "ij"
    if indexing not in ("xy", "ij"):
        raise RuntimeError(f'torch.meshgrid: indexing must be one of "xy" or "ij", but received: {indexing}')
    if not tensors:
        raise RuntimeError("meshgrid expects a non-empty TensorList")
    for t in tensors:
        if t._data.ndim > 1:
            shape = ",".join(str(n) for n in t._data.shape)
            raise RuntimeError(
                "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: "
                f"[ torch.{dtypes.from_numpy_dtype(t._data.dtype).legacy_name}{{{shape}}} ]"
            )
    if len({t._data.dtype for t in tensors}) > 1:
        raise RuntimeError("meshgrid expects all tensors to have the same dtype")
    swap = indexing == "xy" and len(tensors) >= 2
    order = [1, 0, *range(2, len(tensors))] if swap else list(range(len(tensors)))
    ordered = [tensors[i] for i in order]
    sizes = [t._data.size for t in ordered]
    grids = []
    for axis, t in enumerate(ordered):
        along = [1] * len(ordered)
        along[axis] = -1
        grids.append(expand(reshape(t, along), *sizes))
    return tuple(grids[order.index(i)] for i in range(len(tensors)))


def hstack(tensors):
    """Side by side: along dim 1, or dim 0 for vectors (0-d tensors count as vectors)."""
    tensors = _tensor_sequence("hstack", tensors)
    if not tensors:
        raise RuntimeError("hstack expects a non-empty TensorList")
    tensors = [reshape(t, 1) if not t._data.ndim else t for t in tensors]
    return cat(tensors, 0 if tensors[0]._data.ndim == 1 else 1)


def vstack(tensors, *, _name="vstack"):
    """One under another: along dim 0, vectors and 0-d tensors first made rows."""
    tensors = _tensor_sequence(_name, tensors)
    if not tensors:
        raise RuntimeError("vstack expects a non-empty TensorList")
    return cat([reshape(t, 1, -1) if t._data.ndim < 2 else t for t in tensors], 0)


def row_stack(tensors):
    """``vstack`` under NumPy's older name (its errors name ``row_stack`` where PyTorch's do)."""
    return vstack(tensors, _name="row_stack")


def broadcast_shapes(*shapes):
    """The shape that tensors of these shapes broadcast to, checked as PyTorch checks it:
    right to left, each argument against the shape so far."""
    shapes = [(s,) if isinstance(s, int) else s for s in shapes if s is not None]
    if not shapes:
        return Size([])
    common = [1] * max(len(s) for s in shapes)
    for index, shape in enumerate(shapes):
        for i in range(-1, -1 - len(shape), -1):
            if shape[i] == common[i]:
                continue
            if common[i] == 1:
                if shape[i] < 0:
                    raise ValueError("Attempting to broadcast a dimension with negative length!")
                common[i] = shape[i]
            elif shape[i] != 1:
                raise RuntimeError(
                    f"Attempting to broadcast a dimension of length {shape[i]} at {i}! Mismatching argument "
                    f"at index {index} had {shape}; but expected shape should be broadcastable to {common}"
                )
    return Size(common)


def _at_least(name, make, tensors):
    """``atleast_Nd``: one tensor gives one, several (or a sequence) a tuple, as PyTorch."""
    if len(tensors) == 1 and isinstance(tensors[0], Tensor):
        return make(tensors[0])
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    return tuple(make(t) for t in tensors)


def _atleast_1d(t):
    return reshape(t, 1) if t._data.ndim == 0 else t


def _atleast_2d(t):
    if t._data.ndim == 0:
        return reshape(t, 1, 1)
    return unsqueeze(t, 0) if t._data.ndim == 1 else t


def _atleast_3d(t):
    """PyTorch's: 0-d reshaped, a vector unsqueezed at 0 then -1, a matrix at -1."""
    ndim = t._data.ndim
    if ndim == 0:
        return reshape(t, 1, 1, 1)
    if ndim == 1:
        return unsqueeze(unsqueeze(t, 0), -1)
    return unsqueeze(t, -1) if ndim == 2 else t


def atleast_1d(*tensors):
    return _at_least("atleast_1d", _atleast_1d, tensors)


def atleast_2d(*tensors):
    return _at_least("atleast_2d", _atleast_2d, tensors)


def atleast_3d(*tensors):
    return _at_least("atleast_3d", _atleast_3d, tensors)


def dstack(tensors):
    """Along a third dim: each tensor made at least 3-d (``atleast_3d``), then joined on dim 2."""
    tensors = _tensor_sequence("dstack", tensors)
    if not tensors:
        raise RuntimeError("dstack expects a non-empty TensorList")
    return cat([_atleast_3d(t) for t in tensors], 2)


def column_stack(tensors):
    """Side by side as columns: 0-d and 1-d tensors first reshaped into one column each."""
    tensors = _tensor_sequence("column_stack", tensors)
    if not tensors:
        raise RuntimeError("column_stack expects a non-empty TensorList")
    return hstack([reshape(t, t._data.size, 1) if t._data.ndim <= 1 else t for t in tensors])
