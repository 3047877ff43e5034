"""Gradient clipping: keep one bad batch from throwing the parameters far away. The
gradients are changed in place (outside the graph), as in PyTorch."""

import math

import numpy as np

from ...tensor import Tensor


def _with_grads(parameters):
    if isinstance(parameters, Tensor):
        parameters = [parameters]
    return [p for p in parameters if p._grad is not None]


def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """The norm of all the tensors together, as if concatenated into one vector."""
    tensors = [tensors] if isinstance(tensors, Tensor) else list(tensors)
    norm_type = float(norm_type)
    if not tensors:
        return Tensor._make(np.asarray(0.0, dtype=np.float32))
    dtype = tensors[0]._data.dtype
    if norm_type == math.inf:
        total = max(float(np.max(np.abs(t._data))) if t._data.size else 0.0 for t in tensors)
    else:
        # the norm of the per-tensor norms, each computed in the tensor's own precision
        norms = np.array(
            [np.linalg.norm(t._data.reshape(-1).astype(dtype), ord=norm_type) for t in tensors], dtype=dtype
        )
        total = np.linalg.norm(norms, ord=norm_type)
    total = np.asarray(total, dtype=dtype)
    if error_if_nonfinite and not np.isfinite(total):
        raise RuntimeError(
            f"The total norm of order {norm_type} for gradients from `parameters` is non-finite, so it "
            "cannot be clipped. To disable this error and scale the gradients by the non-finite norm "
            "anyway, set `error_if_nonfinite=False`"
        )
    return Tensor._make(total)


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Scale all gradients by ``max_norm / total_norm`` when the total norm is larger;
    return the total norm from before clipping."""
    params = _with_grads(parameters)
    total = get_total_norm([p._grad for p in params], norm_type, error_if_nonfinite)
    coefficient = float(max_norm) / (float(total._data) + 1e-6)
    if coefficient < 1:
        for p in params:
            p._grad._data *= np.asarray(coefficient, dtype=p._grad._data.dtype)
            p._grad._bump_version()
    return total


def clip_grad_value_(parameters, clip_value, foreach=None):
    """Clamp every gradient element into [-clip_value, clip_value]."""
    clip_value = float(clip_value)
    for p in _with_grads(parameters):
        np.clip(p._grad._data, -clip_value, clip_value, out=p._grad._data)
        p._grad._bump_version()
