"""sort, argsort, topk: values in order with the indices they came from. The
values are a gather of the input at those indices, and their gradient goes back there."""

import numpy as np

from ..tensor import Tensor
from .common import normalize_dims, numpy_names
from .gather import Gather
from .reduce import _return_type

return_types = {name: _return_type(name) for name in ("sort", "topk")}


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
