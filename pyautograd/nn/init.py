"""Initial values for weights, drawn like PyTorch's (same numbers after the same ``manual_seed``).

Why the defaults matter: with ``n`` inputs a layer sums ``n`` products, so weights of size
about ``1/sqrt(n)`` keep the outputs' scale the same from layer to layer.
"""

import math
import warnings

import numpy as np

from ..creation import empty, empty_like
from ..grad_mode import no_grad
from ..ops.index import where


def calculate_gain(nonlinearity, param=None):
    """How much an activation shrinks the variance, to be undone by the weights' scale."""
    if nonlinearity in (
        "linear",
        "conv1d",
        "conv2d",
        "conv3d",
        "conv_transpose1d",
        "conv_transpose2d",
        "conv_transpose3d",
        "sigmoid",
    ):
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            slope = 0.01
        elif isinstance(param, (int, float)) and not isinstance(param, bool):
            slope = param
        else:
            raise ValueError(f"negative_slope {param} not a valid number")
        return math.sqrt(2.0 / (1 + slope**2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def _calculate_fan_in_and_fan_out(tensor):
    if tensor.dim() < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 dimensions")
    receptive = 1
    for n in tensor.shape[2:]:
        receptive *= n
    return tensor.shape[1] * receptive, tensor.shape[0] * receptive


def _fill(tensor, values):
    tensor._data[...] = values
    tensor._bump_version()
    return tensor


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    with no_grad():
        return tensor.uniform_(a, b, generator=generator)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    with no_grad():
        return tensor.normal_(mean, std, generator=generator)


def constant_(tensor, val):
    return _fill(tensor, val)


def zeros_(tensor):
    return _fill(tensor, 0)


def ones_(tensor):
    return _fill(tensor, 1)


def _fan(tensor, mode):
    mode = mode.lower()
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"Mode {mode} not supported, please use one of ['fan_in', 'fan_out']")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def _no_elements(tensor):
    """PyTorch skips (with a warning) the Kaiming initialisers on empty tensors, e.g. Linear(0, n)."""
    if 0 in tensor.shape:
        warnings.warn("Initializing zero-element tensors is a no-op", stacklevel=3)
        return True
    return False


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    """Uniform in [-b, b] with b = gain * sqrt(3 / fan): variance gain^2 / fan (He et al.)."""
    if _no_elements(tensor):
        return tensor
    std = calculate_gain(nonlinearity, a) / math.sqrt(_fan(tensor, mode))
    bound = math.sqrt(3.0) * std  # PyTorch's order of operations: the bound's last bit matters
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    if _no_elements(tensor):
        return tensor
    return normal_(tensor, 0, calculate_gain(nonlinearity, a) / math.sqrt(_fan(tensor, mode)), generator)


def xavier_uniform_(tensor, gain=1.0, generator=None):
    """Uniform with variance 2 / (fan_in + fan_out) (Glorot and Bengio)."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    bound = math.sqrt(3.0) * (gain * math.sqrt(2.0 / float(fan_in + fan_out)))
    return uniform_(tensor, -bound, bound, generator)


def xavier_normal_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return normal_(tensor, 0, gain * math.sqrt(2.0 / float(fan_in + fan_out)), generator)


def _normal_cdf(x):
    return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0, generator=None):
    """Normal numbers restricted to [a, b], drawn as PyTorch 2.13 draws them, by rejection:
    when [a, b] holds more than 30% of the mass, whole fresh normal tensors replace the
    entries that fell outside until none is left; otherwise uniform proposals in [a, b] are
    kept with probability pdf / peak pdf (a log-uniform test), redrawn where refused."""
    if (mean < a - 2 * std) or (mean > b + 2 * std):
        warnings.warn(
            "mean is more than 2 std from [a, b] in nn.init.trunc_normal_. "
            "The distribution of values may be incorrect.",
            stacklevel=2,
        )
    with no_grad():
        if _normal_cdf((b - mean) / std) - _normal_cdf((a - mean) / std) > 0.3:
            low, high = (float(tensor._data.dtype.type(bound)) for bound in (a, b))
            result = tensor.normal_(mean, std, generator=generator)
            while True:
                outside = (result < low) | (result > high)
                if not outside.any():
                    break
                fresh = empty_like(tensor).normal_(  # tensor's layout, as result's in PyTorch
                    mean, std, generator=generator
                )
                result = where(outside, fresh, result)
            if tensor is not result:
                tensor.copy_(result)
            return tensor
        log_peak = -0.5 * ((max(a, min(mean, b)) - mean) / std) ** 2
        candidates, accept = empty_like(tensor), empty_like(tensor)

        def minus_log_density(x):  # log pdf(x) - log pdf(peak), step for step as PyTorch
            return x.sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)

        tensor.uniform_(a, b, generator=generator)
        candidates.copy_(tensor)
        pending = accept.uniform_(generator=generator).log_().gt(minus_log_density(candidates))
        if pending.any():
            result = tensor
            while True:
                candidates.uniform_(a, b, generator=generator)
                result = where(pending, candidates, result)
                refused = accept.uniform_(generator=generator).log_().gt(minus_log_density(candidates))
                pending = where(pending, refused, pending)
                if not pending.any():
                    break
            tensor.copy_(result)
        return tensor


def orthogonal_(tensor, gain=1, generator=None):
    """A (semi-)orthogonal matrix, as PyTorch draws it: standard normals in a (rows, rest)
    matrix (transposed when wider than tall), its QR, and Q's columns signed by R's diagonal
    so that the answer is the one QR always gives. The QR runs in float64, so float32 results
    agree with PyTorch's float32 LAPACK within float32 rounding."""
    if tensor.dim() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.shape[0]
    cols = tensor.numel() // rows
    with no_grad():
        drawn = empty(rows, cols, dtype=tensor.dtype).normal_(0, 1, generator=generator)._data
    flat = drawn.T if rows < cols else drawn
    q, r = np.linalg.qr(flat.astype(np.float64))
    q = q * np.sign(np.diagonal(r))
    if rows < cols:
        q = q.T
    return _fill(tensor, (q * gain).reshape(tensor._data.shape).astype(tensor._data.dtype))
