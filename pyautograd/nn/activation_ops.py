"""Activation functions beyond relu/tanh/sigmoid: leaky_relu, elu, gelu (exact and tanh),
softplus and silu, each one graph node named as in PyTorch. Their backward formulas use
operators and generic helpers, so they also work on tensors (second derivatives)."""

import math

import numpy as np

from ..function import Function
from ..in_place import apply_in_place
from ..ops import common
from ..ops.common import data_of

_SQRT_2 = math.sqrt(2.0)
_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)


def _erf(x):
    """Error function on arrays (NumPy has none; ``math.erf`` element by element is exact)."""
    return np.vectorize(math.erf, otypes=[x.dtype])(x) if x.size else x.copy()


class LeakyRelu(Function):
    backward_name = "LeakyReluBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, slope):
        ctx.save_for_backward(a)
        ctx.slope = slope
        return np.where(a > 0, a, a * slope).astype(a.dtype, copy=False)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        positive = data_of(a) > 0
        return g * np.where(positive, 1.0, ctx.slope).astype(data_of(a).dtype), None

    @staticmethod
    def jvp(ctx, t):
        (a,) = ctx.saved_tensors
        return t * np.where(a > 0, 1.0, ctx.slope)


class Elu(Function):
    """x for x > 0, alpha (e^x - 1) otherwise."""

    backward_name = "EluBackward0"
    n_options = 1
    may_overflow = True

    @staticmethod
    def forward(ctx, a, alpha):
        ctx.save_for_backward(a)
        ctx.alpha = alpha
        return np.where(a > 0, a, alpha * np.expm1(np.minimum(a, 0))).astype(a.dtype, copy=False)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        positive = data_of(a) > 0
        below = common.exp(a * ~positive) * ctx.alpha  # exp of the negative part only
        return g * (below * ~positive + positive), None

    @staticmethod
    def jvp(ctx, t):
        (a,) = ctx.saved_tensors
        return t * np.where(a > 0, 1.0, ctx.alpha * np.exp(np.minimum(a, 0)))


class Gelu(Function):
    """x * Phi(x), Phi the standard normal CDF (exact, with erf)."""

    backward_name = "GeluBackward0"

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return (0.5 * a * (1.0 + _erf(a / _SQRT_2))).astype(a.dtype, copy=False)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        cdf = 0.5 * (1.0 + _erf(data_of(a) / _SQRT_2))
        if common.is_tensor(a):  # d/da of the derivative needs cdf as a function of a
            cdf = gelu_cdf(a)
        pdf = common.exp(a * a * -0.5) * _INV_SQRT_2PI
        return g * (cdf + a * pdf)

    @staticmethod
    def jvp(ctx, t):
        (a,) = ctx.saved_tensors
        return t * (0.5 * (1.0 + _erf(a / _SQRT_2)) + a * np.exp(-0.5 * a * a) * _INV_SQRT_2PI)


class NormalCdf(Function):
    """Phi(x) as an op, so that gelu's gradient can itself be differentiated."""

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return (0.5 * (1.0 + _erf(a / _SQRT_2))).astype(a.dtype, copy=False)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        return g * common.exp(a * a * -0.5) * _INV_SQRT_2PI

    @staticmethod
    def jvp(ctx, t):
        (a,) = ctx.saved_tensors
        return t * np.exp(-0.5 * a * a) * _INV_SQRT_2PI


def gelu_cdf(a):
    return NormalCdf.apply(a)


class GeluTanh(Function):
    """gelu(approximate='tanh'): 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))."""

    backward_name = "GeluBackward0"

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return 0.5 * a * (1.0 + np.tanh(_SQRT_2_OVER_PI * (a + 0.044715 * a * a * a)))

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        inner = (a + a * a * a * 0.044715) * _SQRT_2_OVER_PI
        th = inner.tanh() if common.is_tensor(inner) else np.tanh(inner)
        d_inner = (a * a * (3 * 0.044715) + 1.0) * _SQRT_2_OVER_PI
        return g * ((th + 1.0) * 0.5 + a * 0.5 * (1 - th * th) * d_inner)

    @staticmethod
    def jvp(ctx, t):
        return GeluTanh.backward(ctx, t)


class Softplus(Function):
    """log(1 + e^(beta x)) / beta, and x itself where beta x > threshold (as PyTorch)."""

    backward_name = "SoftplusBackward0"
    n_options = 2
    may_overflow = True

    @staticmethod
    def forward(ctx, a, beta, threshold):
        ctx.save_for_backward(a)
        ctx.beta, ctx.threshold = beta, threshold
        scaled = a * beta
        return np.where(scaled > threshold, a, np.logaddexp(0, scaled) / beta).astype(a.dtype, copy=False)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        linear = data_of(a) * ctx.beta > ctx.threshold
        s = (a * ctx.beta).sigmoid() if common.is_tensor(a) else 0.5 + 0.5 * np.tanh(0.5 * a * ctx.beta)
        return g * (s * ~linear + linear), None, None

    @staticmethod
    def jvp(ctx, t):
        return Softplus.backward(ctx, t)[0]


class Silu(Function):
    """x * sigmoid(x) (also called swish)."""

    backward_name = "SiluBackward0"

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return a * (0.5 + 0.5 * np.tanh(0.5 * a))

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        s = a.sigmoid() if common.is_tensor(a) else 0.5 + 0.5 * np.tanh(0.5 * a)
        return g * s * (1 + a * (1 - s))

    @staticmethod
    def jvp(ctx, t):
        return Silu.backward(ctx, t)


def _in_place_or_not(op, input, inplace, *options):
    if inplace:
        return apply_in_place(input, lambda current: op.apply(current, *options))
    return op.apply(input, *options)


def leaky_relu(input, negative_slope=0.01, inplace=False):
    return _in_place_or_not(LeakyRelu, input, inplace, negative_slope)


def elu(input, alpha=1.0, inplace=False):
    return _in_place_or_not(Elu, input, inplace, alpha)


def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    return (GeluTanh if approximate == "tanh" else Gelu).apply(input)


def softplus(input, beta=1.0, threshold=20.0):
    return Softplus.apply(input, beta, threshold)


def silu(input, inplace=False):
    return _in_place_or_not(Silu, input, inplace)
