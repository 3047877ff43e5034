"""A tensor's memory as PyTorch shows it: ``stride()``, ``storage_offset()`` and ``storage()``.

Tensors hold NumPy arrays, and views (``t()``, slices, ``view``) are NumPy views of one
buffer, so strides and offsets are read off NumPy's (in bytes, divided by the item size).
``storage()`` is the whole buffer that views share, printed as PyTorch 2 prints its (deprecated)
TypedStorage: one value per line, then its dtype and size.
"""

import warnings

import numpy as np

from . import dtypes

_DEPRECATED = (
    "TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the "
    "only storage class. This should only matter to you if you are using storages directly.  To "
    "access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()"
)


def _root(array):
    """The array that owns the memory ``array`` looks into."""
    while isinstance(array.base, np.ndarray):
        array = array.base
    return array


def stride(self, dim=None):
    steps = tuple(s // self._data.itemsize for s in self._data.strides)
    if dim is None:
        return steps
    if not -max(len(steps), 1) <= dim < max(len(steps), 1):
        raise IndexError(
            f"Dimension out of range (expected to be in range of [{-len(steps)}, {len(steps) - 1}], but got {dim})"
        )
    return steps[dim]


def storage_offset(self):
    data = self._data
    root = _root(data)
    start = data.__array_interface__["data"][0] - root.__array_interface__["data"][0]
    return start // data.itemsize


class TypedStorage:
    """The flat buffer of a tensor and of its views."""

    def __init__(self, array):
        self._array = _root(array).reshape(-1)
        self.dtype = dtypes.from_numpy_dtype(self._array.dtype)
        self.device = "cpu"

    def size(self):
        return self._array.size

    __len__ = size

    def __getitem__(self, index):
        return self._array[index].item() if isinstance(index, int) else self._array[index].tolist()

    def __iter__(self):
        return iter(self._array.tolist())

    def tolist(self):
        return self._array.tolist()

    def data_ptr(self):
        return self._array.__array_interface__["data"][0]

    def __repr__(self):
        lines = [f" {v}" for v in self._array.tolist()]
        lines.append(
            f"[pyautograd.storage.TypedStorage(dtype={self.dtype}, device=cpu) of size {self.size()}]"
        )
        return "\n".join(lines)

    __str__ = __repr__


def storage(self):
    warnings.warn(_DEPRECATED, UserWarning, stacklevel=2)
    return TypedStorage(self._data)
