"""Small helpers shared by the ops: input conversion, broadcasting, and the "generic"
functions that backward formulas use so they run on arrays and on tensors alike."""

import functools

import numpy as np

from .. import dtypes
from ..tensor import Tensor


def as_tensor_arg(x, like=None):
    """Tensors pass through; numbers and arrays become constants (Python scalars stay scalars).

    NumPy scalars (``np.float64(2)``, ``np.sqrt(2)``) become the Python numbers they hold:
    PyTorch treats them as numbers, so they never upcast a float32 tensor."""
    if type(x) is Tensor or type(x) is float or type(x) is int:
        return x
    if isinstance(x, np.generic) and x.dtype.kind in "biuf":
        return x.item()
    if isinstance(x, (Tensor, int, float, bool)):
        return x
    data = np.asarray(x)
    if data.dtype == np.float64 and not isinstance(x, np.ndarray):
        data = data.astype(dtypes.get_default_dtype().numpy)
    return Tensor._make(data)


_CATEGORY = {"b": 0, "u": 1, "i": 1, "f": 2}  # bool < integer < floating


def _widest(dtypes_):
    """The promoted dtype of the highest category present (PyTorch: int64 and float16 give
    float16, where NumPy would give float64)."""
    top = max(_CATEGORY[d.kind] for d in dtypes_)
    result = None
    for d in dtypes_:
        if _CATEGORY[d.kind] == top:
            result = d if result is None else np.promote_types(result, d)
    return result


def result_dtype(*operands):
    """PyTorch's type promotion over tensors and Python numbers (None is skipped).

    Operands come in three tiers: tensors with dimensions, 0-d tensors, numbers. A later
    tier decides only when it brings a higher category (bool < integer < floating): an
    integer tensor times 2.5 is float32 (the default dtype), a float32 tensor times a 0-d
    float64 tensor stays float32, a 0-d float64 tensor times an integer tensor is float64.
    """
    tiers = ([], [], [])
    for x in operands:
        if isinstance(x, Tensor):
            tiers[0 if x._data.ndim else 1].append(x._data.dtype)
        elif isinstance(x, bool):
            tiers[2].append(np.dtype(np.bool_))
        elif isinstance(x, int):
            tiers[2].append(np.dtype(np.int64))
        elif x is not None:
            tiers[2].append(dtypes.get_default_dtype().numpy)
    result = None
    for tier in tiers:
        if tier:
            d = _widest(tier)
            if result is None or _CATEGORY[d.kind] > _CATEGORY[result.kind]:
                result = d
    return result


def floating(dtype):
    """The dtype of a floating-point op's result: integers and bools give the default dtype."""
    return dtype if dtype.kind == "f" else dtypes.get_default_dtype().numpy


def cast_all(operands, target):
    """Each tensor operand as ``target`` (a NumPy dtype); numbers pass through (NumPy keeps an
    array's dtype against a Python number)."""
    return [x.to(target) if isinstance(x, Tensor) and x._data.dtype != target else x for x in operands]


def tensor_input(a, name):
    """``a`` if it is a tensor; else PyTorch's TypeError naming the function: ``torch.exp(2.0)``,
    written by a reader used to ``math.exp``, should say what is wrong, not fail deep inside.
    Callers check ``type(a) is not Tensor`` first, so tensors never pay for the call."""
    if isinstance(a, Tensor):
        return a
    raise TypeError(f"{name}(): argument 'input' (position 1) must be Tensor, not {type(a).__name__}")


def as_floating(a):
    """A tensor an op like exp or sqrt may run on: integer and bool tensors become the
    default dtype, as in PyTorch (``torch.exp(torch.arange(3))`` is float32)."""
    return a if a._data.dtype.kind == "f" else a.to(dtypes.get_default_dtype())


def broadcast_shapes(a, b):
    """NumPy broadcasting, with PyTorch's error message when shapes disagree."""
    sa, sb = np.shape(a), np.shape(b)
    if sa == sb:
        return sa
    n = max(len(sa), len(sb))
    pa, pb = (1,) * (n - len(sa)) + tuple(sa), (1,) * (n - len(sb)) + tuple(sb)
    for i in range(n - 1, -1, -1):
        if pa[i] != pb[i] and pa[i] != 1 and pb[i] != 1:
            raise RuntimeError(
                f"The size of tensor a ({pa[i]}) must match the size of tensor b "
                f"({pb[i]}) at non-singleton dimension {i}"
            )
    return tuple(max(x, y) for x, y in zip(pa, pb))


def is_tensor(x):
    return isinstance(x, Tensor)


def shape_of(x):
    """``np.shape(x)`` for what ops and backward formulas handle (an array, a NumPy scalar, a
    tensor, a number) without ``np.shape``'s dispatch, which costs more than a scalar op."""
    shape = getattr(x, "shape", None)
    if shape is not None:
        return shape
    return () if type(x) is float or type(x) is int or type(x) is bool else np.shape(x)


def sum_to(g, shape):
    """Sum a broadcast gradient back down to ``shape`` (the input's shape)."""
    if shape is None or g.shape == shape:
        return g
    if g.shape[1:] == shape and type(g) is np.ndarray:  # one added leading axis: a batch over a bias
        return np.add.reduce(g, axis=0)
    extra = len(g.shape) - len(shape)
    lead = tuple(range(extra))  # dimensions broadcasting added in front
    ones = tuple(i + extra for i, n in enumerate(shape) if n == 1 and g.shape[i + extra] != 1)
    if is_tensor(g):  # as PyTorch's sum_to: a view only where leading dims go
        if not shape:
            return g.sum()
        s = g.sum(dim=lead + ones, keepdim=True) if lead or ones else g
        return s.reshape(shape) if extra else s
    if ones:
        return np.add.reduce(g, axis=lead + ones, keepdims=True).reshape(shape)
    return np.add.reduce(g, axis=lead) if lead else g.reshape(shape)


def sum_like(g, x):
    """``sum_to(g, shape_of(x))``: the gradient of input ``x`` from a broadcast ``g``."""
    shape = getattr(x, "shape", None)
    if shape is None:
        shape = shape_of(x)
    return g if g.shape == shape else sum_to(g, shape)


def expand(g, shape):
    """Broadcast ``g`` to ``shape`` (a read-only view for arrays)."""
    if is_tensor(g):
        return g.expand(*shape)
    return np.broadcast_to(g, shape)


def reshape(g, shape):
    return g.reshape(shape)


def permute(g, axes):
    return g.permute(*axes) if is_tensor(g) else np.transpose(g, axes)


def matrix_t(g):
    """The transpose in PyTorch's mm/addmm/linear formulas: ``t()`` of a matrix
    (``TBackward0`` when recorded), the last two axes of a batch."""
    if isinstance(g, Tensor) and g.ndim == 2:
        return g.t()
    return swap_last(g)


def swap_last(g):
    """Swap the last two axes (matrix transpose of a batch)."""
    if isinstance(g, Tensor):
        return g.transpose(-1, -2)
    return g.T if g.ndim == 2 else g.swapaxes(-1, -2)  # methods: np.swapaxes's dispatch costs ~1 µs


def _generic(name, numpy_func):
    def apply(x):
        if is_tensor(x):
            return getattr(x, name)()
        return numpy_func(x)

    apply.__name__ = name
    return apply


exp = _generic("exp", np.exp)
log = _generic("log", np.log)
cos = _generic("cos", np.cos)
sin = _generic("sin", np.sin)
sqrt = _generic("sqrt", np.sqrt)
sinh = _generic("sinh", np.sinh)
cosh = _generic("cosh", np.cosh)
abs = _generic("abs", np.abs)
reciprocal = _generic("reciprocal", np.reciprocal)


def sign_of(x):
    """PyTorch's sign on arrays: -1, 0 or 1, and 0 for NaN (NumPy's ``np.sign`` gives NaN)."""
    return np.where(x != x, 0, np.sign(x))


sign = _generic("sign", sign_of)


def zeros_like(g):
    """A zero gradient shaped like ``g`` (PyTorch's ``zeros_like(grad)``): 0 even where ``g``
    is inf or NaN, and on a tensor (create_graph) made outside the graph."""
    if is_tensor(g):
        return Tensor._make(np.zeros_like(g._data))
    return np.zeros_like(g)


# the integer type of each float width: a float's bits, ANDed with all ones or all zeros
_BITS_OF = {2: np.int16, 4: np.int32, 8: np.int64}


def keep_where(mask, g):
    """``g`` where ``mask`` is true, else +0 (PyTorch's ``mask ? grad : 0``), on arrays: the
    values of ``np.where(mask, g, 0)``. For a float ``g`` the mask becomes words of all ones
    (kept) or all zeros (+0), ANDed with ``g``'s bits: two passes, every value exact (a kept
    -0, inf or NaN stays as it is), where ``np.where`` is ~5x slower and a product ``g *
    mask`` makes -0 or NaN off the mask. The result is a fresh array (no view), so a leaf can
    keep it as its ``.grad``."""
    g = np.asarray(g)
    if g.dtype.kind == "f" and mask.dtype == bool and (mask.ndim or g.ndim):
        bits = _BITS_OF[g.dtype.itemsize]
        # np.broadcast_shapes builds arrays in Python: only for shapes that differ
        shape = g.shape if mask.shape == g.shape else np.broadcast_shapes(mask.shape, g.shape)
        out = np.empty(shape, dtype=g.dtype)
        words = out.view(bits)
        np.negative(mask, dtype=bits, out=words, casting="unsafe")  # True -> -1: all ones
        words &= g.view(bits)
        return out
    return np.where(mask, g, np.zeros((), g.dtype))


def masked_zero(x, mask):
    """``x.masked_fill(mask, 0)`` inside a derivative rule (PyTorch's ``masked_fill_`` of a
    zero norm or deviation): ``MaskedFillBackward0`` on tensors, ``np.where`` on arrays."""
    if is_tensor(x):
        return x.masked_fill(Tensor._make(np.asarray(mask)), 0)
    return keep_where(~mask, x)


def data_of(x):
    """The raw array of a tensor or array (for masks, which are never differentiated)."""
    return x._data if is_tensor(x) else x


def normalize_dims(dim, ndim):
    """``dim`` (int, tuple or None) -> a sorted tuple of non-negative axes."""
    if dim is None:
        return tuple(range(ndim))
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    out = []
    for d in dims:
        if not -max(ndim, 1) <= d < max(ndim, 1):
            raise IndexError(
                f"Dimension out of range (expected to be in range of "
                f"[{-max(ndim, 1)}, {max(ndim, 1) - 1}], but got {d})"
            )
        out.append(d % max(ndim, 1))
    return tuple(sorted(set(out))) if ndim else ()


def reduce_keepdim(ufunc, x, dim):
    """``ufunc.reduce`` over one axis of an array, keeping it as size 1.

    NumPy reduces a short contiguous last axis slowly (one inner loop per row: 15 µs for
    the max over the 10 classes of 128 rows). For such a matrix, reducing its transposed
    copy along axis 0 runs across rows at once and is ~3x faster.
    """
    if x.ndim == 2 and dim == 1 and x.shape[1] <= 16 and x.shape[0] >= 4 * x.shape[1]:
        return ufunc.reduce(np.ascontiguousarray(x.T), axis=0)[:, None]
    return ufunc.reduce(x, axis=dim, keepdims=True)


def sum_keepdim(x, dims):
    """Sum over ``dims`` keeping them as size-1 axes (arrays or tensors)."""
    if is_tensor(x):
        return x.sum(dim=dims, keepdim=True)
    if isinstance(dims, int):
        return reduce_keepdim(np.add, x, dims)
    return np.sum(x, axis=dims, keepdims=True)


def numpy_names(func):
    """Accept NumPy's ``axis=`` and ``keepdims=`` for ``dim=`` and ``keepdim=``, as PyTorch
    does (``x.sum(axis=0)`` is common in code written by NumPy users)."""

    @functools.wraps(func)
    def with_numpy_names(*args, **kwargs):
        if kwargs:
            if "axis" in kwargs:
                kwargs["dim"] = kwargs.pop("axis")
            if "keepdims" in kwargs:
                kwargs["keepdim"] = kwargs.pop("keepdims")
        return func(*args, **kwargs)

    return with_numpy_names
