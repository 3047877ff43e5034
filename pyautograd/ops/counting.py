"""``bincount`` and ``result_type``: answers about values and dtypes, never differentiable."""

import numpy as np

from .. import dtypes
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


def result_type(tensor1, tensor2):
    """The dtype ``tensor1 (op) tensor2`` computes in, by PyTorch's promotion rules."""
    return dtypes.from_numpy_dtype(result_dtype(tensor1, tensor2))
