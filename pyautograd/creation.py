"""Creating tensors: from data, filled with constants or ranges (random ones: ``random_tensors``)."""

import math
import warnings

import numpy as np

from . import devices, dtypes, float32_math, nested
from .tensor import Tensor, _unwrap


def _finish(data, dtype, requires_grad):
    if dtype is not None:
        target = dtypes.to_numpy_dtype(dtype)
        if data.dtype.kind == "f" and target.kind == "f" and target.itemsize < data.itemsize:
            with np.errstate(over="ignore"):  # too large for the dtype: inf, silently, as in PyTorch
                data = data.astype(target, copy=False)
        else:
            data = data.astype(target, copy=False)
    t = Tensor._make(data)
    if requires_grad:
        if data.dtype.kind != "f":  # PyTorch's factory wording differs from requires_grad_
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        t.requires_grad_(True)
    return t


def _array_of(data):
    """``np.array`` of nested Python data, or PyTorch's error for data it would refuse."""
    try:
        array = np.array(_unwrap(data))
    except (ValueError, TypeError) as e:  # rejected outside the handler: no chained traceback
        error = e
    else:
        error = None
    if error is not None:
        nested.reject(data)
        raise error from None
    if array.dtype.kind not in "biufc":
        nested.reject(data)
    return array


def _infer(data):
    """NumPy array of Python data with PyTorch's dtype choice (floats -> default dtype)."""
    array = _array_of(data)
    if array.dtype.kind == "f" and not isinstance(data, np.ndarray) and not _has_float64_tensor(data):
        array = array.astype(dtypes.get_default_dtype().numpy)
    elif array.dtype.kind in "iu" and not isinstance(data, np.ndarray):
        array = array.astype(np.int64)
    return array


def _has_float64_tensor(data):
    if isinstance(data, Tensor):
        return data._data.dtype == np.float64
    if isinstance(data, (list, tuple)):
        return any(_has_float64_tensor(d) for d in data)
    return False


def tensor(data, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A new leaf tensor holding a copy of ``data`` (numbers, nested lists, arrays, tensors)."""
    devices.check(device)
    if isinstance(data, Tensor):
        warnings.warn(
            "To copy construct from a tensor, it is recommended to use "
            "sourceTensor.detach().clone() or sourceTensor.detach().clone()."
            "requires_grad_(True), rather than torch.tensor(sourceTensor).",
            UserWarning,
            stacklevel=2,
        )
        array = data._data.copy()
    elif isinstance(data, (np.ndarray, np.generic)):  # NumPy scalars keep their dtype too
        array = np.array(data)
    else:  # with an explicit dtype, do not round through the default
        array = _infer(data) if dtype is None else _array_of(data)
    return _finish(array, dtype, requires_grad)


def as_tensor(data, dtype=None, device=None):
    """Like ``tensor`` but without a copy when it can: a tensor is returned as is (or converted
    with ``to``, which autograd tracks), a NumPy array of the right dtype is shared."""
    if isinstance(data, Tensor):
        return data if dtype is None else data.to(dtype)
    if isinstance(data, np.ndarray) and (dtype is None or dtypes.to_numpy_dtype(dtype) == data.dtype):
        return from_numpy(data)
    return tensor(data, dtype=dtype)


def from_numpy(array):
    """A tensor sharing memory with ``array``."""
    return Tensor._make(array)


def _size(size):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    return tuple(int(s) for s in size)


def _float_dtype(dtype):
    return dtypes.to_numpy_dtype(dtype or dtypes.get_default_dtype())


def _shape_of(name, size, keywords, device):
    """The shape from ``f(2, 3)``, ``f((2, 3))`` or ``f(size=(2, 3))``; the device must be the CPU.
    (``size`` comes in ``**keywords``: Python cannot name it both ways in one signature.)"""
    devices.check(device)
    keyword = keywords.pop("size", None)
    if keywords:
        raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(keywords))}'")
    if keyword is not None:
        if size:
            raise TypeError(f"{name}() got multiple values for argument 'size'")
        size = (keyword,)
    return _size(size)


def zeros(*size, dtype=None, requires_grad=False, device=None, pin_memory=False, **keyword):
    shape = _shape_of("zeros", size, keyword, device)
    return _finish(np.zeros(shape, _float_dtype(dtype)), None, requires_grad)


def ones(*size, dtype=None, requires_grad=False, device=None, pin_memory=False, **keyword):
    shape = _shape_of("ones", size, keyword, device)
    return _finish(np.ones(shape, _float_dtype(dtype)), None, requires_grad)


def empty(*size, dtype=None, requires_grad=False, device=None, pin_memory=False, **keyword):
    """Uninitialised memory: whatever bytes happen to be there (as in PyTorch)."""
    shape = _shape_of("empty", size, keyword, device)
    return _finish(np.empty(shape, _float_dtype(dtype)), None, requires_grad)


def full(size, fill_value, dtype=None, requires_grad=False, device=None, pin_memory=False):
    devices.check(device)
    if dtype is None:
        dtype = (
            dtypes.bool
            if isinstance(fill_value, bool)
            else dtypes.int64
            if isinstance(fill_value, int)
            else dtypes.get_default_dtype()
        )
    return _finish(np.full(_size((size,)), fill_value, dtypes.to_numpy_dtype(dtype)), None, requires_grad)


def _like(maker):
    """A ``*_like`` factory. It keeps the input's memory layout (a transposed input gives a
    transposed result), as PyTorch's default ``memory_format=torch.preserve_format`` does: a
    random fill of the result walks memory in that order. An expanded input (a stride of 0)
    gives a contiguous result, as in PyTorch."""

    def like(t, dtype=None, requires_grad=False, device=None, pin_memory=False):
        devices.check(device)
        order = "C" if 0 in t._data.strides else "K"
        return _finish(maker(t._data, dtypes.to_numpy_dtype(dtype or t.dtype), order), None, requires_grad)

    return like


zeros_like = _like(np.zeros_like)
ones_like = _like(np.ones_like)
empty_like = _like(np.empty_like)


def full_like(t, fill_value, dtype=None, requires_grad=False):
    return _finish(
        np.full(t._data.shape, fill_value, dtypes.to_numpy_dtype(dtype or t.dtype)), None, requires_grad
    )


def arange(start, end=None, step=1, dtype=None, requires_grad=False, device=None, pin_memory=False):
    """``start + i * step`` for i = 0, 1, ... while below ``end``, as PyTorch computes it.

    NumPy steps by ``(start + step) - start``, which puts ``arange(-8.0, 8.0, 0.1)[80]`` at
    -2.8e-14, where PyTorch has 4.4e-16 (and a ReLU's gradient there is 0, not 1). PyTorch's
    x86 kernel works in vectors of 4 float64 (8 float32) values: each vector starts at
    ``start + step * i`` (a fused multiply-add in float64), its lanes add ``lane * step`` (fused,
    in the output's dtype), and the elements after the last whole vector take the first form.
    Built so, 99.9% of float64 and 98.9% of float32 values have PyTorch's bits (random ranges).
    """
    devices.check(device)
    if end is None:
        start, end = 0, start
    start, end, step = (x.item() if isinstance(x, Tensor) else x for x in (start, end, step))
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if (end - start) * step < 0:
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    is_float = any(isinstance(x, float) for x in (start, end, step))
    if dtype is None:
        dtype = dtypes.get_default_dtype() if is_float else dtypes.int64
    target = dtypes.to_numpy_dtype(dtype)
    if not is_float and target.kind != "f":
        return _finish(np.arange(start, end, step), dtype, requires_grad)
    return _finish(
        _float_range(float(start), float(step), math.ceil((end - start) / step), target), dtype, requires_grad
    )


def _float_range(start, step, count, target):
    width = 8 if target == np.float32 else 4  # values per vector of PyTorch's kernel
    index = np.arange(count, dtype=np.float64)
    lane = index % width
    vector_start = float32_math.fma64(np.float64(step), index - lane, np.float64(start))
    if target == np.float32:
        values = float32_math.fma(lane, np.float32(step), vector_start.astype(np.float32))
    else:
        values = float32_math.fma64(lane, np.float64(step), vector_start)
    whole = count - count % width
    values[whole:] = float32_math.fma64(np.float64(step), index[whole:], np.float64(start)).astype(
        values.dtype
    )
    return values


def linspace(start, end, steps, dtype=None, requires_grad=False):
    return _finish(np.linspace(start, end, steps), dtype or dtypes.get_default_dtype(), requires_grad)


def logspace(start, end, steps, base=10.0, dtype=None, requires_grad=False):
    """``steps`` numbers from ``base**start`` to ``base**end``, evenly spaced in their exponent."""
    return _finish(
        np.power(float(base), np.linspace(start, end, steps)),
        dtype or dtypes.get_default_dtype(),
        requires_grad,
    )


def _triangle_indices(name, numpy_indices, row, col, offset, dtype):
    if dtype is not None and dtype not in (dtypes.int64, dtypes.int32):
        raise NotImplementedError(f"\"{name}\" not implemented for '{dtype.legacy_name[: -len('Tensor')]}'")
    if row < 0:
        raise RuntimeError(f"row must be non-negative, got{row}")
    if col < 0:
        raise RuntimeError(f"col must be non-negative, got{col}")
    indices = np.stack(numpy_indices(row, offset, col)) if row and col else np.zeros((2, 0))
    return Tensor._make(indices.astype(np.int32 if dtype is dtypes.int32 else np.int64))


def tril_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    """The (row, column) indices of the lower triangle of a row x col matrix, row by row."""
    return _triangle_indices("tril_indices", np.tril_indices, row, col, offset, dtype)


def triu_indices(row, col, offset=0, *, dtype=None, device=None, layout=None):
    """The (row, column) indices of the upper triangle of a row x col matrix, row by row."""
    return _triangle_indices("triu_indices", np.triu_indices, row, col, offset, dtype)


def eye(n, m=None, dtype=None, requires_grad=False):
    return _finish(np.eye(n, m), dtype or dtypes.get_default_dtype(), requires_grad)


def _legacy(dtype):
    """``FloatTensor([1, 2])`` copies data; ``FloatTensor(2, 3)`` is uninitialised."""

    def make(*args):
        if len(args) == 1 and not isinstance(args[0], (int, np.integer)):
            return tensor(args[0], dtype=dtype)
        return empty(*args, dtype=dtype)

    make.__name__ = dtype.legacy_name
    return make


FloatTensor = _legacy(dtypes.float32)
DoubleTensor = _legacy(dtypes.float64)
LongTensor = _legacy(dtypes.int64)
