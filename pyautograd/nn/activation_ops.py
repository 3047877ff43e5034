"""Activation functions beyond relu/tanh/sigmoid, each declared once (see ``ops/unary.py``):
leaky_relu, elu, selu, hardtanh, gelu (exact and tanh), softplus, silu, mish, logsigmoid,
hardshrink, softshrink, tanhshrink.

Each forward and derivative follows PyTorch's CPU kernel, so the tails agree: a saturated
unit gives PyTorch's tiny numbers, not 0, and NaN inputs give PyTorch's gradients. The
derivatives use operators and generic helpers, so they also work on tensors (second order).
"""

import math

import numpy as np

from ..dtypes import bool as bool_
from ..ops import common
from ..ops.common import data_of, is_tensor
from ..ops.elementwise import sigmoid_values
from ..ops.index import select_where
from ..ops.special import erf, erf_array
from ..ops.unary import FusedBackward, PiecewiseBackward, fused_rule, piecewise_rule, unary
from ..ops.with_number import number_minus, plus_number

_SQRT_2 = math.sqrt(2.0)
_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _sigmoid(x):
    return x.sigmoid() if is_tensor(x) else sigmoid_values(x)


def _softplus_values(x):
    """log(1 + e^x) as PyTorch's kernels write it (e^x overflows to inf only where it is x)."""
    return x.exp().log1p() if is_tensor(x) else np.log1p(np.exp(x))


def _tanh(x):
    return x.tanh() if is_tensor(x) else np.tanh(x)


# ---- piecewise-linear and exponential units -------------------------------------------------
def _leaky_relu(a, slope):
    return np.where(a > 0, a, a * slope).astype(a.dtype, copy=False)


class LeakyReluBackward(PiecewiseBackward):
    backward_name = "LeakyReluBackwardBackward0"

    @staticmethod
    def slope(x, negative_slope):
        return np.where(x > 0, 1.0, negative_slope).astype(x.dtype)


def _elu(a, alpha, scale=1.0):
    """x * scale above 0, (e^x - 1) * alpha * scale at and below (PyTorch's kernel)."""
    return np.where(a > 0, a * scale, np.expm1(np.minimum(a, 0)) * (alpha * scale)).astype(
        a.dtype, copy=False
    )


def _elu_derivative(g, x, alpha, scale=1.0):
    """scale for x > 0, scale * alpha * e^x at and below 0 (NaN counts as above, as in PyTorch)."""
    at_or_below = data_of(x) <= 0
    return g * select_where(
        at_or_below, common.exp(select_where(at_or_below, x, 0.0)) * (alpha * scale), scale
    )


def _elu_second(x, alpha, scale=1.0):
    """scale * alpha * e^x at and below 0, else 0 (NaN counts as above)."""
    at_or_below = data_of(x) <= 0
    return select_where(at_or_below, common.exp(select_where(at_or_below, x, 0.0)) * (alpha * scale), 0.0)


class EluBackward(FusedBackward):
    backward_name = "EluBackwardBackward0"
    first = staticmethod(_elu_derivative)
    second = staticmethod(_elu_second)


class SeluBackward(FusedBackward):
    backward_name = "EluBackwardBackward0"  # PyTorch computes selu as a scaled elu

    @staticmethod
    def first(g, x):
        return _elu_derivative(g, x, _SELU_ALPHA, _SELU_SCALE)

    @staticmethod
    def second(x):
        return _elu_second(x, _SELU_ALPHA, _SELU_SCALE)


def _elu_result_derivative(g, y, alpha, scale=1.0):
    """The derivative read from the output ``y`` (PyTorch's in-place elu saves only that):
    scale above 0, y + alpha * scale at and below (NaN counts as above)."""
    at_or_below = data_of(y) <= 0
    return g * select_where(at_or_below, y + alpha * scale, scale)


def _elu_result_second(y, *settings):
    """d/dy of that: 1 below 0, as a 0/1 factor (PyTorch's ``(y < 0).type_as(grad)``)."""
    y = data_of(y)
    return (y < 0).astype(y.dtype)


class EluResultBackward(FusedBackward):
    backward_name = "EluBackwardBackward0"
    first = staticmethod(_elu_result_derivative)
    second = staticmethod(_elu_result_second)


class SeluResultBackward(FusedBackward):
    backward_name = "EluBackwardBackward0"

    @staticmethod
    def first(g, y):
        return _elu_result_derivative(g, y, _SELU_ALPHA, _SELU_SCALE)

    @staticmethod
    def second(y):
        return _elu_result_second(y)


def _check_hardtanh(input, min_val, max_val, *rest):
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    if is_tensor(input) and input.dtype == bool_:
        raise RuntimeError("Bool inputs not supported for hardtanh")


def _hardtanh(a, min_val, max_val):
    """clamp to [min_val, max_val]; an integer input keeps its dtype, its bounds cut toward
    zero as C++ converts them (hardtanh(x, -0.5, 2.5) clamps to [0, 2])."""
    if a.dtype.kind == "f":
        return np.clip(a, min_val, max_val)
    return np.clip(a.astype(np.int64), int(min_val), int(max_val)).astype(a.dtype)


class HardtanhBackward(PiecewiseBackward):
    """``g`` strictly between the bounds, 0 at and beyond them (NaN passes ``g``, as in PyTorch)."""

    backward_name = "HardtanhBackwardBackward0"

    @staticmethod
    def slope(x, min_val, max_val):
        return ~((x <= min_val) | (x >= max_val))


leaky_relu = unary(
    "leaky_relu",
    _leaky_relu,
    piecewise_rule(LeakyReluBackward),
    settings=(("negative_slope", 0.01),),
    functional=True,
    in_place_backward_name="LeakyReluBackward1",
)
elu = unary(
    "elu",
    _elu,
    fused_rule(EluBackward),
    settings=(("alpha", 1.0),),
    functional=True,
    in_place_backward_name="EluBackward1",
    in_place_rule=fused_rule(EluResultBackward),
    may_overflow=True,
)
selu = unary(
    "selu",
    lambda a: _elu(a, _SELU_ALPHA, _SELU_SCALE),
    fused_rule(SeluBackward),
    backward_name="EluBackward0",  # PyTorch computes selu as a scaled elu
    in_place_backward_name="EluBackward1",
    in_place_rule=fused_rule(SeluResultBackward),
    functional=True,
    top_level=True,
    may_overflow=True,
)
hardtanh = unary(
    "hardtanh",
    _hardtanh,
    piecewise_rule(HardtanhBackward),
    settings=(("min_val", -1.0), ("max_val", 1.0)),
    functional=True,
    floating=False,
    check=_check_hardtanh,
)


# ---- shrinkage: values within lambd of zero become zero ---------------------------------------
def _inside(x, lambd):
    """-lambd <= x <= lambd: where both shrinkages give 0 and pass no gradient (NaN is outside)."""
    return (x >= -lambd) & (x <= lambd)


class HardshrinkBackward(PiecewiseBackward):
    backward_name = "HardshrinkBackwardBackward0"

    @staticmethod
    def slope(x, lambd):
        return ~_inside(x, lambd)


class SoftshrinkBackward(HardshrinkBackward):
    backward_name = "SoftshrinkBackwardBackward0"


def _check_softshrink(input, lambd):
    if is_tensor(input) and input.dtype.is_floating_point:
        limit = np.finfo(input._data.dtype).max
        if not 0 <= lambd <= limit:
            kind = "Float" if input._data.dtype == np.float32 else "Double"
            raise RuntimeError(
                f"lambda must be in range [0, {_cpp_number(limit)}] for input dtype {kind}, "
                f"but found {_cpp_number(lambd)}"
            )


def _cpp_number(value):
    """A double as C++'s stream writes it (6 significant digits): 3.40282e+38, -1, 0.5."""
    return f"{value:g}"


hardshrink = unary(
    "hardshrink",
    lambda a, lambd: np.where(_inside(a, lambd), a.dtype.type(0), a),
    piecewise_rule(HardshrinkBackward),
    settings=(("lambd", 0.5),),
    floating=False,
    in_place=False,
    top_level=True,
    method=True,
    functional=True,
    inplace_arg=False,
)
softshrink = unary(
    "softshrink",
    lambda a, lambd: np.where(a > lambd, a - lambd, np.where(a < -lambd, a + lambd, a * 0)),
    piecewise_rule(SoftshrinkBackward),
    settings=(("lambd", 0.5),),
    floating=False,
    in_place=False,
    functional=True,
    inplace_arg=False,
    check=_check_softshrink,
    may_overflow=True,  # inf * 0 in the branch np.where does not pick
)


def tanhshrink(input):
    """x - tanh(x), written with both ops as PyTorch writes it (its graph: SubBackward0 over
    the input and TanhBackward0)."""
    return input - input.tanh()


# ---- smooth units ---------------------------------------------------------------------------
def _softplus(a, beta, threshold):
    scaled = a * beta
    return np.where(scaled > threshold, a, np.log1p(np.exp(scaled)) / beta).astype(a.dtype, copy=False)


def _softplus_derivative(g, x, beta, threshold):
    """z / (z + 1) with z = e^(beta x), as PyTorch writes it: z keeps the far left tail
    (a subnormal where 1 / (1 + e^-x) has already overflowed to 0)."""
    linear = data_of(x) * beta > threshold
    z = common.exp(select_where(linear, 0.0, x * beta))  # e^(beta x) only where it is used: no inf / inf
    return g * (z / (z + 1) * ~linear + linear)


def _softplus_second(x, beta, threshold):
    """beta z / (z + 1)^2 with z = e^(beta x), 0 where softplus is linear."""
    linear = data_of(x) * beta > threshold
    z = common.exp(select_where(linear, 0.0, x * beta))
    return select_where(linear, 0.0, z / ((z + 1) * (z + 1)) * beta)


class SoftplusBackward(FusedBackward):
    backward_name = "SoftplusBackwardBackward0"
    first = staticmethod(_softplus_derivative)
    second = staticmethod(_softplus_second)


def _silu_derivative(g, x):
    s = _sigmoid(x)
    return g * s * plus_number(x * number_minus(1, s), 1)


def _mish(a):
    return a * np.tanh(np.log1p(np.exp(a)))


def _mish_derivative(g, x):
    t = _tanh(_softplus_values(x))
    return g * (t + x * _sigmoid(x) * number_minus(1, t * t))


def _logsigmoid(a):
    """min(x, 0) - log(1 + e^-|x|): exact in both tails (PyTorch's kernel)."""
    return np.minimum(a, 0) - np.log1p(np.exp(-np.abs(a)))


def _logsigmoid_derivative(g, x):
    """sigmoid(-x) as PyTorch's kernel writes it, from z = e^-|x|: 1 / (1 + z) below 0,
    z / (1 + z) above (so the right tail keeps e^-x instead of rounding to 0)."""
    negative = data_of(x) < 0
    sign = np.where(negative, -1, 1).astype(data_of(x).dtype)
    z = common.exp(-_abs(x))
    return g * (negative + sign * (z / (z + 1)))


class LogSigmoidBackward(FusedBackward):
    backward_name = "LogSigmoidBackwardBackward0"
    first = staticmethod(_logsigmoid_derivative)

    @staticmethod
    def second(x):
        """-sigmoid(x) sigmoid(-x), as PyTorch writes it: (s - 1) s with s = sigmoid(x) (in
        float32 it is 0 from x ~ 17 on, where s rounds to 1, as in PyTorch)."""
        s = _sigmoid(x)
        return (s - 1) * s


def _abs(x):
    return x.abs() if is_tensor(x) else np.abs(x)


softplus = unary(
    "softplus",
    _softplus,
    fused_rule(SoftplusBackward),
    settings=(("beta", 1.0), ("threshold", 20.0)),
    functional=True,
    inplace_arg=False,
    in_place=False,
    may_overflow=True,
)
silu = unary(
    "silu",
    lambda a: a / (1 + np.exp(-a)),
    _silu_derivative,
    functional=True,
    in_place=False,
    may_overflow=True,
)
mish = unary("mish", _mish, _mish_derivative, functional=True, in_place=False, may_overflow=True)
logsigmoid = unary(
    "logsigmoid",
    _logsigmoid,
    fused_rule(LogSigmoidBackward),
    backward_name="LogSigmoidBackward0",
    functional=True,
    inplace_arg=False,
    in_place=False,
    may_overflow=True,
)


# ---- gelu: x * Phi(x), exact (with erf) or with PyTorch's tanh approximation -----------------
def _normal_cdf(a):
    return (0.5 * (1.0 + erf_array(a / _SQRT_2))).astype(a.dtype, copy=False)


def _normal_pdf(x):
    return common.exp(x * x * -0.5) * _INV_SQRT_2PI


def _gelu_derivative(g, x):
    cdf = (erf(x / _SQRT_2) + 1.0) * 0.5 if is_tensor(x) else _normal_cdf(x)  # a tensor: differentiable
    return g * (cdf + x * _normal_pdf(x))


_KAPPA = 0.044715


def _gelu_tanh(a):
    """PyTorch's formula, 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), its inner sum in the
    input's dtype, the rest in float64 and rounded once: at x < -2, 1 + tanh cancels most digits,
    so one ulp of a float32 tanh moves the 5th digit of the result (PyTorch's tanh, 1-ulp
    accurate, gives -0.0036374331 at -3; the correctly rounded value is -0.0036373911)."""
    inner = _SQRT_2_OVER_PI * (a + _KAPPA * (a * a * a))
    wide = np.asarray(inner, dtype=np.float64)
    return (0.5 * np.asarray(a, dtype=np.float64) * (1 + np.tanh(wide))).astype(a.dtype)


def _gelu_tanh_derivative(g, x):
    inner = (x + x * x * x * _KAPPA) * _SQRT_2_OVER_PI
    t = _tanh(inner)
    d_inner = (x * x * (3 * _KAPPA) + 1.0) * _SQRT_2_OVER_PI
    return g * ((t + 1.0) * 0.5 + x * 0.5 * (1 - t * t) * d_inner)


class GeluBackward(FusedBackward):
    backward_name = "GeluBackwardBackward0"
    first = staticmethod(_gelu_derivative)

    @staticmethod
    def second(x):
        """pdf(x) (2 - x^2)."""
        return _normal_pdf(x) * (2 - x * x)


class GeluTanhBackward(FusedBackward):
    backward_name = "GeluBackwardBackward0"
    first = staticmethod(_gelu_tanh_derivative)

    @staticmethod
    def second(x):
        """(1 - t^2) (u' - x t u'^2 + x u'' / 2), with u the tanh's argument and t its tanh."""
        t = _tanh((x + x * x * x * _KAPPA) * _SQRT_2_OVER_PI)
        du = (x * x * (3 * _KAPPA) + 1.0) * _SQRT_2_OVER_PI
        return (1 - t * t) * (du - x * t * du * du + x * x * (3 * _KAPPA * _SQRT_2_OVER_PI))


_gelu = unary("gelu", lambda a: a * _normal_cdf(a), fused_rule(GeluBackward), public=False, may_overflow=True)
_gelu_approximated = unary(
    "gelu_tanh",
    _gelu_tanh,
    fused_rule(GeluTanhBackward),
    backward_name="GeluBackward0",
    public=False,
    may_overflow=True,
)


def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    return (_gelu_approximated if approximate == "tanh" else _gelu)(input)


# ---- relu6, hardsigmoid, hardswish, softsign, threshold, celu ----------------------------------
def relu6(input, inplace=False):
    """hardtanh(x, 0, 6), as PyTorch computes it (its node: HardtanhBackward0)."""
    return hardtanh(input, 0.0, 6.0, inplace)


def _hardsigmoid(a):
    """min(max(x + 3, 0), 6) / 6, as PyTorch's kernel (NaN stays NaN)."""
    return _clip_nan(a + 3, 6) / a.dtype.type(6)


def _clip_nan(a, top):
    """min(max(a, 0), top) with NaN kept (std::min/max as PyTorch's kernels order them)."""
    return np.minimum(np.maximum(a, a.dtype.type(0)), a.dtype.type(top))


class HardsigmoidBackward(PiecewiseBackward):
    """``g / 6`` strictly between -3 and 3, 0 elsewhere and at NaN (PyTorch's kernel).
    PyTorch has no derivative of this backward: a second derivative is its error, not 0."""

    backward_name = "pyautograd::autograd::NotImplemented"
    select_zero = True

    @staticmethod
    def backward(ctx, gg):
        raise RuntimeError("derivative for aten::hardsigmoid_backward is not implemented")

    @staticmethod
    def slope(x):
        inside = (x > -3) & (x < 3)
        # PyTorch's kernel writes 1/6 as 1.0f / 6.0f: a float32 sixth, in float64 too
        return np.where(inside, x.dtype.type(np.float32(1.0) / np.float32(6.0)), x.dtype.type(0))


def _hardswish(a):
    """x * min(max(x + 3, 0), 6) / 6, in PyTorch's order."""
    return a * _clip_nan(a + 3, 6) / a.dtype.type(6)


def _hardswish_derivative(g, x):
    """0 at and below -3, g (x / 3 + 0.5) strictly between -3 and 3, g at and above 3 (NaN:
    g), as PyTorch's kernel."""
    x_data = data_of(x)
    below, middle = x_data <= -3, x_data < 3
    middle_grad = g * plus_number(x / 3.0, 0.5)
    return select_where(below, 0.0, select_where(middle, middle_grad, g))


def _hardswish_second(x):
    """1/3 strictly between -3 and 3, else 0 (derivatives.yaml's hardswish_backward)."""
    x = data_of(x)
    return np.where((x > -3) & (x < 3), x.dtype.type(1.0 / 3.0), x.dtype.type(0))


class HardswishBackward(FusedBackward):
    backward_name = "HardswishBackwardBackward0"
    first = staticmethod(_hardswish_derivative)
    second = staticmethod(_hardswish_second)


def _floating_only(kernel):
    """PyTorch's kernel has no integer or bool form: refuse them as it does (no promotion)."""

    def check(input, *settings):
        if is_tensor(input) and not input.dtype.is_floating_point:
            raise NotImplementedError(
                f"\"{kernel}_cpu\" not implemented for '{input.dtype.legacy_name[:-6]}'"
            )

    return check


hardsigmoid = unary(
    "hardsigmoid",
    _hardsigmoid,
    piecewise_rule(HardsigmoidBackward),
    functional=True,
    in_place=False,
    check=_floating_only("hardsigmoid"),
)
hardswish = unary(
    "hardswish",
    _hardswish,
    fused_rule(HardswishBackward),
    functional=True,
    in_place=False,
    may_overflow=True,
    check=_floating_only("hardswish"),
)


def softsign(input):
    """x / (|x| + 1), written with PyTorch's ops (its graph: DivBackward0 over AbsBackward0)."""
    return input / (input.abs() + 1)


# threshold: x above the threshold, else the value; its nodes are relu's (ThresholdBackward0)
class ThresholdValueBackward(PiecewiseBackward):
    """``g`` where x is above the threshold (NaN passes ``g``), else 0."""

    backward_name = "ThresholdBackwardBackward0"

    @staticmethod
    def slope(x, threshold, value):
        return ~(x <= threshold)


def _threshold_values(a, threshold, value):
    return np.where(a <= threshold, np.asarray(value).astype(a.dtype), a)


_threshold_op = unary(
    "threshold",
    _threshold_values,
    piecewise_rule(ThresholdValueBackward),
    settings=(("threshold", None), ("value", None)),
    in_place_backward_name="ThresholdBackward1",
    in_place_saves="input",
    floating=False,
    public=False,
    functional=True,
)


def _threshold(input, threshold, value, inplace=False):
    """x where x > threshold, else value (PyTorch's F.threshold: both settings required)."""
    return _threshold_op(input, threshold, value, inplace)


threshold = _threshold  # PyTorch's F.threshold is its _threshold: errors name that


def threshold_(input, threshold, value):
    return _threshold_op(input, threshold, value, True)


# celu: elu with its input scaled by 1 / alpha, so the slope at 0 is 1 for every alpha
def _celu(a, alpha):
    return np.where(a > 0, a, np.expm1(np.minimum(a, 0) * (1.0 / alpha)) * alpha).astype(a.dtype, copy=False)


def _celu_derivative(g, x, alpha):
    """1 above 0, e^(x / alpha) at and below (elu_backward with input_scale 1 / alpha)."""
    at_or_below = data_of(x) <= 0
    inverse = 1.0 / alpha
    return g * select_where(
        at_or_below, common.exp(select_where(at_or_below, x, 0.0) * inverse) * (inverse * alpha), 1.0
    )


def _celu_second(x, alpha):
    """e^(x / alpha) / alpha at and below 0, else 0 (NaN counts as above)."""
    at_or_below = data_of(x) <= 0
    inverse = 1.0 / alpha
    return select_where(
        at_or_below,
        common.exp(select_where(at_or_below, x, 0.0) * inverse) * (alpha * inverse * inverse),
        0.0,
    )


class CeluBackward(FusedBackward):
    backward_name = "EluBackwardBackward0"  # PyTorch computes celu as an elu with input_scale
    first = staticmethod(_celu_derivative)
    second = staticmethod(_celu_second)


class CeluResultBackward(FusedBackward):
    """The derivative read from the result y: (y + alpha) / alpha at and below 0, else 1."""

    backward_name = "EluBackwardBackward0"

    @staticmethod
    def first(g, y, alpha):
        at_or_below = data_of(y) <= 0
        return g * select_where(at_or_below, plus_number(y, alpha) * (1.0 / alpha), 1.0)

    @staticmethod
    def second(y, alpha):
        y = data_of(y)
        return (y < 0).astype(y.dtype) * y.dtype.type(1.0 / alpha)


celu = unary(
    "celu",
    _celu,
    fused_rule(CeluBackward),
    settings=(("alpha", 1.0),),
    in_place_backward_name="CeluBackward1",
    in_place_rule=fused_rule(CeluResultBackward),
    functional=True,
    top_level=True,
    may_overflow=True,
    check=_floating_only("elu"),  # PyTorch's celu is its elu kernel
)
