"""Nested Python data that cannot become a tensor, rejected with PyTorch's errors.

NumPy turns strings, ``None`` and ragged rows into string or object arrays (or a message
about "inhomogeneous shapes"); a learner should instead read what PyTorch says, e.g.
``expected sequence of length 2 at dim 1 (got 1)``.  Only called once NumPy has failed or
produced a non-numeric array, so well-formed data pays nothing.
"""

import numbers

import numpy as np

from .tensor import Tensor


def _is_sequence(x):
    return isinstance(x, (list, tuple))


def reject(data):
    """Raise PyTorch's error for ``data``; return quietly if PyTorch would accept it."""
    if isinstance(data, str):
        raise TypeError("new(): invalid data type 'str'")
    sizes, first = [], data
    while _is_sequence(first) or isinstance(first, str):  # PyTorch sizes the data by its first items
        if isinstance(first, str):
            raise ValueError("too many dimensions 'str'")
        sizes.append(len(first))
        if not first:
            break
        first = first[0]
    _check_scalars(data)
    _check_lengths(data, sizes, 0)


def _check_scalars(x):
    if _is_sequence(x):
        for item in x:
            _check_scalars(item)
    elif isinstance(x, str):
        raise TypeError("new(): invalid data type 'str'")
    elif not isinstance(x, (numbers.Number, np.generic, np.ndarray, Tensor)):
        raise RuntimeError(f"Could not infer dtype of {type(x).__name__}")


def _check_lengths(x, sizes, dim):
    if dim == len(sizes):
        if _is_sequence(x):
            raise TypeError(f"'{type(x).__name__}' object cannot be interpreted as an integer")
        return
    if not _is_sequence(x):
        raise TypeError("not a sequence")
    if len(x) != sizes[dim]:
        raise ValueError(f"expected sequence of length {sizes[dim]} at dim {dim} (got {len(x)})")
    for item in x:
        _check_lengths(item, sizes, dim + 1)
