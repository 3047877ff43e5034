"""Questions about values, answered with bool tensors or Python bools: any, all, isclose,
allclose, equal, and the logical operators. None of them has a gradient."""

import numpy as np

from ..tensor import Tensor
from .common import as_tensor_arg, normalize_dims, numpy_names


def _data(x):
    return x._data if isinstance(x, Tensor) else np.asarray(x)


def _reduce(numpy_op, a, dim, keepdim):
    if dim is None:
        return Tensor._make(np.asarray(numpy_op(a._data)))
    dims = normalize_dims(dim, a._data.ndim) if a._data.ndim else None
    return Tensor._make(np.asarray(numpy_op(a._data, axis=dims, keepdims=keepdim)))


@numpy_names
def any(a, dim=None, keepdim=False):
    return _reduce(np.any, a, dim, keepdim)


@numpy_names
def all(a, dim=None, keepdim=False):
    return _reduce(np.all, a, dim, keepdim)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    b = as_tensor_arg(b)
    x, y = _data(a), _data(b)
    if isinstance(b, Tensor) and x.dtype != y.dtype:
        raise RuntimeError(f"{a.dtype.legacy_name[:-6]} did not match {b.dtype.legacy_name[:-6]}")
    return Tensor._make(np.asarray(np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return bool(isclose(a, b, rtol, atol, equal_nan)._data.all())


def equal(a, b):
    """Same shape and same values (a Python bool)."""
    return a._data.shape == b._data.shape and bool(np.array_equal(a._data, b._data))


def logical_not(a):
    return Tensor._make(np.logical_not(a._data))


def logical_and(a, b):
    return Tensor._make(np.logical_and(a._data, _data(b)))


def logical_or(a, b):
    return Tensor._make(np.logical_or(a._data, _data(b)))


def logical_xor(a, b):
    return Tensor._make(np.logical_xor(a._data, _data(b)))


def isnan(a):
    return Tensor._make(np.isnan(a._data))


def signbit(input):
    """Whether the sign bit is set (True for -0.0 and -inf; a NaN's own sign bit), as bools."""
    if input._data.dtype == np.bool_:
        return Tensor._make(np.zeros(input._data.shape, dtype=bool))
    return Tensor._make(np.signbit(input._data))


def isinf(a):
    return Tensor._make(np.isinf(a._data))


def isfinite(a):
    return Tensor._make(np.isfinite(a._data))
