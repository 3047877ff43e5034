"""``bincount``, ``histc``, ``unique`` and ``result_type``: answers about values and dtypes, never differentiable."""

import numpy as np

from .. import dtypes
from ..function import Function
from ..tensor import Tensor
from .common import result_dtype


def bincount(input, weights=None, minlength=0):
    """How often each non-negative integer occurs in a 1-d integer tensor (or the sum of its
    ``weights``), with at least ``minlength`` counts."""
    values = input._data
    if values.dtype.kind == "f":
        name = dtypes.scalar_type_name(values.dtype)
        raise NotImplementedError(f"\"bincount_cpu\" not implemented for '{name}'")
    if values.ndim != 1 or values.dtype.kind not in "iu" or (values.size and values.min() < 0):
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if weights is None:
        return Tensor._make(np.bincount(values, minlength=minlength).astype(np.int64))
    weight_data = weights._data if isinstance(weights, Tensor) else np.asarray(weights)
    counts = np.bincount(values, weights=weight_data, minlength=minlength)
    return Tensor._make(counts.astype(weight_data.dtype if weight_data.dtype.kind == "f" else np.float64))


def histc(input, bins=100, min=0, max=0):
    """Counts of a float tensor's values in ``bins`` equal bins over ``[min, max]`` (the data's
    own range when both are 0; widened by 1 each side when it is one point). Values outside
    are not counted; ``max`` itself falls in the last bin. No gradient, as in PyTorch."""
    data = input._data
    if data.dtype.kind != "f":
        name = dtypes.scalar_type_name(data.dtype)
        raise NotImplementedError(f"\"histogram_cpu\" not implemented for '{name}'")
    if bins <= 0:
        raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
    low, high = float(min), float(max)
    if low == high == 0 and data.size:
        low, high = float(data.min()), float(data.max())
    if high < low:
        raise RuntimeError("torch.histc: max must be larger than min")
    if not (np.isfinite(low) and np.isfinite(high)):
        lo, hi = ("-nan" if np.isnan(v) else repr(v) for v in (low, high))
        raise RuntimeError(f"torch.histc: range of [{lo}, {hi}] is not finite")
    if low == high:
        low, high = low - 1, high + 1
    dtype = data.dtype.type
    values = data.ravel()
    values = values[(values >= dtype(low)) & (values <= dtype(high))]  # NaN is never counted
    edges = np.linspace(low, high, bins + 1).astype(data.dtype)
    # the bin from the value's position, then moved by one where rounding put it past an edge
    pos = ((values - dtype(low)) * dtype(bins) / (dtype(high) - dtype(low))).astype(np.int64)
    pos = np.minimum(pos, bins - 1)
    pos -= (pos > 0) & (edges[pos] > values)
    pos += (pos < bins - 1) & (edges[np.minimum(pos + 1, bins)] <= values)
    return Tensor._make(np.bincount(pos, minlength=bins).astype(data.dtype))


class _Unique(Function):
    """The distinct values. PyTorch records them under a node whose backward refuses (there is
    no derivative), so a loss built on them fails loudly instead of giving a silent zero."""

    n_options = 1

    @staticmethod
    def forward(ctx, a, values):
        return values

    @staticmethod
    def backward(ctx, g):
        raise NotImplementedError(f"the derivative for '{ctx.derivative_of}' is not implemented.")


class Unique(_Unique):
    backward_name = "Unique2Backward0"
    derivative_of = "_unique2"


class UniqueDim(_Unique):
    backward_name = "UniqueDimBackward0"
    derivative_of = "unique_dim"


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """The distinct values in ascending order (along ``dim``: the distinct slices); with
    ``return_inverse`` where each element went, with ``return_counts`` how often each occurs.
    Every NaN counts as distinct, as in PyTorch."""
    data = input._data
    if dim is None:
        flat = data.reshape(-1)
        values, inverse, counts = np.unique(flat, return_inverse=True, return_counts=True, equal_nan=False)
        inverse = inverse.reshape(data.shape)
        op = Unique
    else:
        axis = dim % max(data.ndim, 1)
        values, inverse, counts = np.unique(data, return_inverse=True, return_counts=True, axis=axis)
        inverse = inverse.reshape(-1)
        op = UniqueDim
    out = op.apply(input, values.astype(data.dtype, copy=False))
    extra = (Tensor._make(inverse.astype(np.int64)),) * return_inverse + (
        Tensor._make(counts.astype(np.int64)),
    ) * return_counts
    return (out, *extra) if extra else out


def result_type(tensor1, tensor2):
    """The dtype ``tensor1 (op) tensor2`` computes in, by PyTorch's promotion rules."""
    return dtypes.from_numpy_dtype(result_dtype(tensor1, tensor2))


def nonzero(input, *, as_tuple=False):
    """Where the non-zero elements are: one row of indices per element (a 0-d tensor counts as
    one element of a 1-d one), or with ``as_tuple`` one index tensor per dimension."""
    data = input._data
    found = np.nonzero(data.reshape(1) if not data.ndim else data)
    if as_tuple:
        return tuple(Tensor._make(i.astype(np.int64)) for i in found)
    rows = np.stack(found, axis=1) if data.ndim else np.zeros((len(found[0]), 0), np.int64)
    return Tensor._make(rows.astype(np.int64))


def argwhere(input):
    return nonzero(input)


def count_nonzero(input, dim=None):
    counts = np.count_nonzero(input._data, axis=dim)
    return Tensor._make(np.asarray(counts, dtype=np.int64))


def _sizes(shape):
    return "[" + ", ".join(str(n) for n in shape) + "]"


def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None):
    """Where each value of ``input`` would go in ``sorted_sequence`` (its last dim, row by row
    for a batch of sequences) to keep it sorted: the first such place, or the last with
    ``right=True`` / ``side="right"``."""
    if side is not None and side not in ("left", "right"):
        raise RuntimeError(f"pyautograd.searchsorted(): side can only be 'left' or 'right' but got {side}")
    if side is not None and (side == "right") != bool(right) and right:
        raise RuntimeError(
            f"pyautograd.searchsorted(): side and right can't be set to opposites, got side of {side} while right was True"
        )
    which = "right" if right or side == "right" else "left"
    boundaries = sorted_sequence._data
    if sorter is not None:
        boundaries = np.take_along_axis(boundaries, sorter._data, -1)
    scalar = not isinstance(input, Tensor)
    values = np.asarray(input) if scalar else input._data
    if boundaries.ndim > 1 and (values.ndim != boundaries.ndim or values.shape[:-1] != boundaries.shape[:-1]):
        raise RuntimeError(
            "pyautograd.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of "
            "boundaries tensor and input value tensor must match, but we got boundaries tensor "
            f"{_sizes(boundaries.shape)} and input value tensor {_sizes(values.shape)}"
        )
    if boundaries.ndim <= 1:
        out = np.searchsorted(boundaries, values, side=which)
    else:
        rows_b = boundaries.reshape(-1, boundaries.shape[-1])
        rows_v = values.reshape(-1, values.shape[-1])
        out = np.stack([np.searchsorted(b, v, side=which) for b, v in zip(rows_b, rows_v)]).reshape(
            values.shape
        )
    return Tensor._make(np.asarray(out, dtype=np.int32 if out_int32 else np.int64))


def bucketize(input, boundaries, *, out_int32=False, right=False):
    """The bucket of each value between 1-d sorted ``boundaries``: ``searchsorted`` of them."""
    if boundaries._data.ndim != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({boundaries._data.ndim})")
    return searchsorted(boundaries, input, out_int32=out_int32, right=right)
