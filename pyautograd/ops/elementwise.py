"""Element-wise operations. Each gradient is (local derivative) x (upstream gradient),
summed back to the input's shape when the input was broadcast."""

import math
import operator

import numpy as np

from ..fast_paths import FLOAT32, FLOAT64, compute_outside_graph, one_path, pair_path
from ..function import Function
from ..grad_mode import state as grad_mode
from ..tangents import forward_ad_state
from ..tensor import Tensor
from . import common
from .common import (
    as_tensor_arg,
    broadcast_shapes,
    cast_all,
    data_of,
    floating,
    result_dtype,
    shape_of,
    sum_like,
    sum_to,
    tensor_input,
)
from .index import select_where
from .unary import alias, sigmoid_backward, tanh_backward, threshold_backward, unary
from .with_number import Sgn, minus_number, number_minus, plus_number, times_number


# ---- arithmetic ---------------------------------------------------------------------------
class Add(Function):
    backward_name = "AddBackward0"
    scalar_forward = True
    operator = staticmethod(operator.add)  # forward is this operator on the data

    @staticmethod
    def forward(ctx, a, b):
        ctx.shapes = (shape_of(a), shape_of(b))
        return a + b

    @staticmethod
    def backward(ctx, g):
        need_a, need_b = ctx.needs_input_grad
        sa, sb = ctx.shapes
        return (sum_to(g, sa) if need_a else None), (sum_to(g, sb) if need_b else None)

    @staticmethod
    def jvp(ctx, ta, tb):
        return ta + tb


class Sub(Function):
    backward_name = "SubBackward0"
    scalar_forward = True
    operator = staticmethod(operator.sub)  # forward is this operator on the data

    @staticmethod
    def forward(ctx, a, b):
        ctx.shapes = (shape_of(a), shape_of(b))
        return a - b

    @staticmethod
    def backward(ctx, g):
        need_a, need_b = ctx.needs_input_grad
        sa, sb = ctx.shapes
        return (sum_to(g, sa) if need_a else None), (sum_to(-g, sb) if need_b else None)

    @staticmethod
    def jvp(ctx, ta, tb):
        return ta - tb


class RSub(Function):
    """``number - tensor``."""

    backward_name = "RsubBackward1"
    scalar_forward = True
    n_options = 1

    @staticmethod
    def forward(ctx, a, number):
        return number - a

    @staticmethod
    def backward(ctx, g):
        return -g, None

    @staticmethod
    def jvp(ctx, t):
        return -t


class Mul(Function):
    backward_name = "MulBackward0"
    scalar_forward = True
    saved_for = (1, 0)  # a is read only for b's gradient, b only for a's
    operator = staticmethod(operator.mul)  # forward is this operator on the data

    @staticmethod
    def forward(ctx, a, b):
        ctx._saved = (a, b)  # save_for_backward, without its call: every ``*`` of a lesson
        return a * b

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        return (
            (sum_like(g * b, a) if need_a else None),
            (sum_like(g * a, b) if need_b else None),
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b = ctx.saved_tensors
        return ta * b + a * tb


class Div(Function):
    backward_name = "DivBackward0"
    scalar_forward = True
    saved_for = (1, None)  # a is read only for b's gradient
    may_overflow = True

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return a / b

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        return (
            (sum_like(g / b, a) if need_a else None),
            (sum_like(-g * ((a / b) / b), b) if need_b else None),  # PyTorch's order and nodes
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b = ctx.saved_tensors
        return ta / b - tb * a / (b * b)


class DivByNumber(Function):
    """``tensor / number`` where PyTorch's composite functions divide by a plain number (the
    mean of cross-entropy with class probabilities): one edge, named ``DivBackward1``. User code
    ``x / 2`` stays ``DivBackward0``, as in PyTorch."""

    backward_name = "DivBackward1"
    scalar_forward = True
    n_options = 1

    @staticmethod
    def forward(ctx, a, number):
        ctx.number = number
        return a / number

    @staticmethod
    def backward(ctx, g):
        return g / ctx.number, None

    @staticmethod
    def jvp(ctx, t):
        return t / ctx.number


class Pow(Function):
    """``tensor ** number``."""

    backward_name = "PowBackward0"
    scalar_forward = True
    may_overflow = True
    n_options = 1

    @staticmethod
    def forward(ctx, a, exponent):
        ctx._saved = (a,)  # save_for_backward, without its call
        ctx.exponent = exponent
        return _power(a, exponent)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        p = ctx.exponent
        if p == 0:
            return common.zeros_like(g), None  # PyTorch's zeros_like: 0 even for an inf gradient
        return g * times_number(a ** (p - 1), p), None  # PyTorch: grad * (p * a^(p-1))

    @staticmethod
    def jvp(ctx, t):
        (a,) = ctx.saved_tensors
        p = ctx.exponent
        return t * 0 if p == 0 else t * p * a ** (p - 1)


_NUMPY_VALUES = (np.ndarray, np.generic)  # an input's data: an array, or the scalar of a 0-d tensor
_BY_MULTIPLYING = {2: lambda a: a * a, 3: lambda a: a * a * a, -1: lambda a: 1 / a, -2: lambda a: 1 / (a * a)}


def _power(base, exponent):
    """``base ** exponent`` rounded as PyTorch rounds it (one of them is an array).

    PyTorch multiplies out small integer powers (``x**3`` is ``x*x*x``, ``x**-2`` is
    ``1/(x*x)``) and computes other float32 powers to within an ulp, where NumPy's float32
    power is often one ulp off: so those are computed in float64 from the float32 operands
    and rounded once. ``10.0 ** torch.arange(-1, -6, -1)`` then has PyTorch's digits.
    """
    array = base if isinstance(base, _NUMPY_VALUES) else exponent
    if array.dtype.kind == "b":  # NumPy's bool power gives int8
        return np.asarray(base**exponent).astype(np.bool_)
    if array.dtype.kind != "f":
        return base**exponent
    if array is base and exponent in _BY_MULTIPLYING:
        return _BY_MULTIPLYING[exponent](base)
    if array is base and exponent == 0.5:
        return np.sqrt(base)
    if isinstance(array, np.generic):  # NumPy's scalar power rounds unlike its array loop
        array = np.asarray(array)
        base, exponent = (array, exponent) if isinstance(base, np.generic) else (base, array)
    if array.dtype.itemsize >= 8:
        return base**exponent
    narrow = array.dtype.type
    wide_base, wide_exponent = (
        x.astype(np.float64) if isinstance(x, np.ndarray) else np.float64(narrow(x)) for x in (base, exponent)
    )
    return (wide_base**wide_exponent).astype(array.dtype)


class PowTensor(Function):
    """``tensor ** tensor``."""

    backward_name = "PowBackward1"
    may_overflow = True

    @staticmethod
    def forward(ctx, a, b):
        out = a**b
        ctx.save_for_backward(a, b, out)
        return out

    @staticmethod
    def backward(ctx, g):
        a, b, out = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        # PyTorch's formulas: where(b == 0, 0, g * (b * a^(b - 1))) for a (0 even at a = 0,
        # not 0 * inf), g * where(a == 0 and b >= 0, 0, out * log(a)) for b
        ga = gb = None
        if need_a:
            ga = sum_like(select_where(data_of(b) != 0, g * (b * a ** minus_number(b, 1)), 0.0), a)
        if need_b:
            positive_at_zero = (data_of(a) == 0) & (data_of(b) >= 0)
            gb = sum_like(g * select_where(~positive_at_zero, out * common.log(a), 0.0), b)
        return ga, gb

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b, out = ctx.saved_tensors
        zero_base = (a == 0) & (b >= 0)
        with np.errstate(divide="ignore", invalid="ignore"):
            return ta * b * (a + (b == 0)) ** (b - 1) + tb * out * np.log(a + zero_base) * ~zero_base


class RPow(Function):
    """``number ** tensor``."""

    backward_name = "PowBackward2"
    scalar_forward = True
    may_overflow = True
    n_options = 1

    @staticmethod
    def forward(ctx, exponent, base):
        out = _power(base, exponent)
        # PyTorch saves the exponent too (its formula reads it at zero bases), so changing it
        # in place before backward is an error there: keep the same rule
        ctx.save_for_backward(exponent, out)
        ctx.base = base
        return out

    @staticmethod
    def backward(ctx, g):
        _, out = ctx.saved_tensors
        return g * times_number(out, float(np.log(ctx.base))), None  # PyTorch: grad * (out * ln b)

    @staticmethod
    def jvp(ctx, t):
        _, out = ctx.saved_tensors
        return t * out * float(np.log(ctx.base))


# ---- functions of one input: each declared once (see unary.py) ------------------------------
_RADIANS_PER_DEGREE, _DEGREES_PER_RADIAN = math.pi / 180, 180 / math.pi


def sigmoid_values(a):
    """1 / (1 + e^-a) in the input's dtype, as PyTorch computes it: exact in both tails (e^-a
    overflows to inf far below zero, giving 0 as PyTorch does)."""
    return 1 / (1 + np.exp(-a))


def _no_bool_negation(input):
    if type(input) is Tensor and input._data.dtype == np.bool_:
        raise RuntimeError(
            "Negation, the `-` operator, on a bool tensor is not supported. "
            "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."
        )


def _rsqrt_derivative(g, out):
    """d/dx x^(-1/2) = -out^3 / 2, as PyTorch writes it: (-0.5 * grad) * out^3."""
    return times_number(g, -0.5) * (out**3 if type(out) is Tensor else _power(out, 3))


neg = unary("neg", np.negative, lambda g, _: -g, saves=None, floating=False, check=_no_bool_negation)
reciprocal = unary(
    "reciprocal", np.reciprocal, lambda g, out: -g * out * out, saves="output", may_overflow=True
)
exp = unary("exp", np.exp, lambda g, out: g * out, saves="output", may_overflow=True)
log = unary("log", np.log, lambda g, x: g / x, may_overflow=True)
sqrt = unary("sqrt", np.sqrt, lambda g, out: g / times_number(out, 2), saves="output", may_overflow=True)
rsqrt = unary("rsqrt", lambda a: 1 / np.sqrt(a), _rsqrt_derivative, saves="output", may_overflow=True)


def _abs_derivative(g, x):
    """g * sgn(x) (PyTorch's formula: its node is SgnBackward0)."""
    if type(x) is Tensor:
        return g * Sgn.apply(x)
    return g * common.sign(x)


abs = unary("abs", np.abs, _abs_derivative, floating=False)
sin = unary("sin", np.sin, lambda g, x: g * common.cos(x), may_overflow=True)
cos = unary("cos", np.cos, lambda g, x: g * -common.sin(x), may_overflow=True)
atan = unary("atan", np.arctan, lambda g, x: g / plus_number(x * x, 1))


def _sinc(a):
    """sin(pi x) / (pi x), and 1 at 0 (the product is rounded in the input's dtype first)."""
    product = a * math.pi
    return np.where(a == 0, 1, np.sin(product) / product)


def _sinc_derivative(g, x):
    """PyTorch's formula: g (pi x cos(pi x) - sin(pi x)) / (pi x^2), and 0 where pi x^2 is 0
    (at 0, and where x^2 underflows)."""
    x_pi = times_number(x, math.pi)
    x_squared_pi = times_number(x * x, math.pi)
    out = g * (x_pi * common.cos(x_pi) - common.sin(x_pi)) / x_squared_pi
    return select_where(common.data_of(x_squared_pi) == 0, 0.0, out)


sinc = unary("sinc", _sinc, _sinc_derivative, may_overflow=True)


def _rsqrt_of(x):
    return x.rsqrt() if type(x) is Tensor else 1 / np.sqrt(x)


# PyTorch's formulas: grad * (-x * x + 1).rsqrt(), and its negation for acos
asin = unary("asin", np.arcsin, lambda g, x: g * _rsqrt_of(plus_number(-x * x, 1)), may_overflow=True)
acos = unary("acos", np.arccos, lambda g, x: g * -_rsqrt_of(plus_number(-x * x, 1)), may_overflow=True)
tan = unary("tan", np.tan, lambda g, out: g * plus_number(out**2, 1), saves="output", may_overflow=True)
sinh = unary("sinh", np.sinh, lambda g, x: g * common.cosh(x), may_overflow=True)
cosh = unary("cosh", np.cosh, lambda g, x: g * common.sinh(x), may_overflow=True)
# PyTorch's formulas: grad * (x^2 + 1).rsqrt(), grad * (x * x - 1).rsqrt(), grad / (1 - x^2)


def _no_in_place_derivative(name):
    """The rule of an in-place variant PyTorch records but cannot differentiate (its node
    ``AsinhBackward1`` raises when the backward reaches it)."""

    def rule(g, _):
        raise NotImplementedError(f"the derivative for 'inplace version of {name}' is not implemented.")

    return rule


def _inverse_hyperbolic(name, numpy, rule):
    """asinh, acosh, atanh: PyTorch's in-place variants record a node that refuses a gradient."""
    return unary(
        name,
        numpy,
        rule,
        may_overflow=True,
        in_place_backward_name=f"{name.capitalize()}Backward1",
        in_place_rule=_no_in_place_derivative(name),
        in_place_saves=None,
    )


asinh = _inverse_hyperbolic("asinh", np.arcsinh, lambda g, x: g * _rsqrt_of(plus_number(x**2, 1)))
acosh = _inverse_hyperbolic("acosh", np.arccosh, lambda g, x: g * _rsqrt_of(minus_number(x * x, 1)))
atanh = _inverse_hyperbolic("atanh", np.arctanh, lambda g, x: g / number_minus(1, x**2))
# NumPy's names, which PyTorch also has: the same ops (PyTorch records the original's node)
arcsin, arccos, arctan = alias(asin, "arcsin"), alias(acos, "arccos"), alias(atan, "arctan")
arcsinh, arccosh, arctanh = alias(asinh, "arcsinh"), alias(acosh, "arccosh"), alias(atanh, "arctanh")
absolute = alias(abs, "absolute", top_level_in_place=False)  # PyTorch has x.absolute_(), no torch.absolute_


def _float_kernel_only(name):
    """PyTorch's error for a kernel that has no integer or bool loop (``frac`` of int64)."""

    def check(input, *settings):
        if isinstance(input, Tensor) and input._data.dtype.kind != "f":
            legacy = input.dtype.legacy_name[: -len("Tensor")]
            raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{legacy}'")

    return check


# x - trunc(x), PyTorch's kernel (frac(-0.0) is +0.0, frac(inf) NaN); its derivative is 1
frac = unary(
    "frac",
    lambda a: a - np.trunc(a),
    lambda g, _: g,
    saves=None,
    floating=False,
    may_overflow=True,  # inf - inf: NaN without NumPy's warning
    check=_float_kernel_only("frac"),
)
# degrees and radians: a product with one constant, rounded in the input's dtype as PyTorch does
deg2rad = unary(
    "deg2rad",
    lambda a: a * _RADIANS_PER_DEGREE,
    lambda g, _: times_number(g, _RADIANS_PER_DEGREE),
    saves=None,
    backward_name="Deg2RadBackward0",
)
rad2deg = unary(
    "rad2deg",
    lambda a: a * _DEGREES_PER_RADIAN,
    lambda g, _: times_number(g, _DEGREES_PER_RADIAN),
    saves=None,
    backward_name="Rad2DegBackward0",
)
tanh = unary("tanh", np.tanh, tanh_backward, saves="output")
sigmoid = unary("sigmoid", sigmoid_values, sigmoid_backward, saves="output", may_overflow=True)
relu = unary("relu", lambda a: np.maximum(a, 0), threshold_backward, saves="output", floating=False)
# NaN and the infinities become numbers (by default 0 and the dtype's extremes): the gradient
# passes where the input was finite and is 0 at the replaced values
nan_to_num = unary(
    "nan_to_num",
    lambda a, nan, posinf, neginf: np.nan_to_num(a, nan=nan, posinf=posinf, neginf=neginf),
    lambda g, x, *_: g * np.isfinite(data_of(x)),
    settings=(("nan", 0.0), ("posinf", None), ("neginf", None)),
    floating=False,
    may_overflow=True,
)


class Clamp(Function):
    backward_name = "ClampBackward1"
    n_options = 2

    @staticmethod
    def forward(ctx, a, low, high):
        ctx.save_for_backward(a)
        ctx.bounds = (low, high)
        return np.clip(a, low, high)

    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        low, high = ctx.bounds
        x = data_of(a)
        inside = np.ones(x.shape, dtype=bool)
        if low is not None:
            inside &= x >= low
        if high is not None:
            inside &= x <= high
        # PyTorch's where(inside, grad, 0): 0 outside even for an inf or NaN gradient
        return select_where(inside, g, 0.0), None, None

    @staticmethod
    def jvp(ctx, t):
        """The Jacobian is diagonal, so the tangent rule is the backward rule."""
        return Clamp.backward(ctx, t)[0]


class ClampMin(Clamp):
    backward_name = "ClampMinBackward0"


class ClampMax(Clamp):
    backward_name = "ClampMaxBackward0"


class Maximum(Function):
    """Element-wise max of two tensors. At ties each side gets half the gradient; where
    either side is NaN (so is the result) both get all of it, as in PyTorch."""

    backward_name = "MaximumBackward0"
    pick = staticmethod(np.maximum)
    loses = staticmethod(np.less)  # a loses to b where a < b

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return ctx.pick(a, b)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's where(a == b, grad / 2, grad).masked_fill_(a loses, 0): the loser's 0
        stays 0 for an inf or NaN gradient."""
        a, b = ctx.saved_tensors
        raw_a, raw_b = data_of(a), data_of(b)
        shared = select_where(raw_a == raw_b, g / 2, g)
        return (
            sum_like(common.masked_zero(shared, ctx.loses(raw_a, raw_b)), a),
            sum_like(common.masked_zero(shared, ctx.loses(raw_b, raw_a)), b),
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b = ctx.saved_tensors
        share_a, share_b = _shares(a, b, ctx.loses)
        return ta * share_a + tb * share_b


def _xlogy(x, y):
    """x * log(y), 0 where x is 0 unless y is NaN (PyTorch's kernel: NaN first, then x == 0)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        out = x * np.log(y)
    return np.where((x == 0) & ~np.isnan(y), np.zeros((), out.dtype), out)


class Xlogy(Function):
    """``xlogy(a, b)``: a * log(b), with 0 * log(0) taken as 0."""

    backward_name = "XlogyBackward0"
    may_overflow = True

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return _xlogy(a, b)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: xlogy(g, b).masked_fill((a == 0) & (b <= 0), 0) for a,
        g * a / b for b."""
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        ga = gb = None
        if need_a:
            gl = Xlogy.apply(g, b) if type(g) is Tensor or type(b) is Tensor else _xlogy(g, b)
            ga = sum_like(common.masked_zero(gl, (data_of(a) == 0) & (data_of(b) <= 0)), a)
        if need_b:
            gb = sum_like(g * a / b, b)
        return ga, gb

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b = ctx.saved_tensors
        first = np.where((a == 0) & (b <= 0), np.zeros((), np.result_type(a, b)), _xlogy(ta, b))
        with np.errstate(divide="ignore", invalid="ignore"):
            return first + tb * a / b


class XlogyNumberOther(Xlogy):
    """``xlogy(tensor, number)``; the number arrives as a 0-d tensor outside the graph."""

    backward_name = "XlogyBackward2"


class XlogyNumberSelf(Xlogy):
    """``xlogy(number, tensor)``."""

    backward_name = "XlogyBackward1"


def _lerp(a, b, w):
    """PyTorch's lerp kernel: from the nearer end, so the weights 0 and 1 give the ends exactly."""
    with np.errstate(invalid="ignore", over="ignore"):
        diff = b - a
        return np.where(np.abs(w) < 0.5, a + w * diff, b - diff * (1 - w))


class LerpNumber(Function):
    """``lerp(a, b, weight)`` with a number weight."""

    backward_name = "LerpBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, b, weight):
        ctx.weight = weight
        ctx.shapes = (np.shape(a), np.shape(b))
        return _lerp(a, b, weight).astype(np.result_type(a, b), copy=False)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: g * (1 - weight) for a, g * weight for b (numbers)."""
        need_a, need_b = ctx.needs_input_grad[:2]
        w = ctx.weight
        sa, sb = ctx.shapes
        return (
            sum_to(times_number(g, 1 - w), sa) if need_a else None,
            sum_to(times_number(g, w), sb) if need_b else None,
            None,
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        return ta * (1 - ctx.weight) + tb * ctx.weight


class Lerp(Function):
    """``lerp(a, b, weight)`` with a tensor weight."""

    backward_name = "LerpBackward1"
    saved_for = (2, 2, None)  # PyTorch's formulas: a and b only for the weight's gradient

    @staticmethod
    def forward(ctx, a, b, w):
        ctx.save_for_backward(a, b, w)
        return _lerp(a, b, w).astype(np.result_type(a, b), copy=False)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: g * (1 - w) for a, g * w for b, g * (b - a) for w."""
        a, b, w = ctx.saved_tensors
        need_a, need_b, need_w = ctx.needs_input_grad
        return (
            sum_like(g * number_minus(1, w), a) if need_a else None,
            sum_like(g * w, b) if need_b else None,
            sum_like(g * (b - a), w) if need_w else None,
        )

    @staticmethod
    def jvp(ctx, ta, tb, tw):
        a, b, w = ctx.saved_tensors
        return ta * (1 - w) + tb * w + tw * (b - a)


class Addcmul(Function):
    """``addcmul(x, t1, t2, value=v)``: x + v * t1 * t2."""

    backward_name = "AddcmulBackward0"
    n_options = 1
    saved_for = (2, 1)  # t1 is read only for t2's gradient, t2 only for t1's

    @staticmethod
    def forward(ctx, x, t1, t2, value):
        ctx.shape = np.shape(x)
        ctx.value = value
        ctx.save_for_backward(t1, t2)
        return x + value * t1 * t2

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: g for x, g * (t2 * value) for t1, g * (t1 * value) for t2."""
        t1, t2 = ctx.saved_tensors
        need_x, need_1, need_2 = ctx.needs_input_grad[:3]
        v = ctx.value
        return (
            sum_to(g, ctx.shape) if need_x else None,
            sum_like(g * times_number(t2, v), t1) if need_1 else None,
            sum_like(g * times_number(t1, v), t2) if need_2 else None,
            None,
        )

    @staticmethod
    def jvp(ctx, tx, t1_dot, t2_dot):
        t1, t2 = ctx.saved_tensors
        return tx + ctx.value * (t1_dot * t2 + t1 * t2_dot)


def _wrapped_number(number, like):
    """``number`` as C++ wraps a Scalar operand: a 0-d tensor outside the graph (on arrays,
    the number itself)."""
    if type(like) is Tensor:
        return Tensor._make(np.asarray(number, dtype=like._data.dtype))
    return number


class Addcdiv(Function):
    """``addcdiv(x, t1, t2, value=v)``: x + v * t1 / t2."""

    backward_name = "AddcdivBackward0"
    n_options = 1
    may_overflow = True

    @staticmethod
    def forward(ctx, x, t1, t2, value):
        ctx.shape = np.shape(x)
        ctx.value = value
        ctx.save_for_backward(t1, t2)
        return x + value * (t1 / t2)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: g for x, g * (value / t2) for t1 (C++'s number / tensor divides
        a 0-d tensor holding the number: DivBackward0), -g * (value * t1) / (t2 * t2) for t2."""
        t1, t2 = ctx.saved_tensors
        need_x, need_1, need_2 = ctx.needs_input_grad[:3]
        v = ctx.value
        return (
            sum_to(g, ctx.shape) if need_x else None,
            sum_like(g * (_wrapped_number(v, t2) / t2), t1) if need_1 else None,
            sum_like(-g * times_number(t1, v) / (t2 * t2), t2) if need_2 else None,
            None,
        )

    @staticmethod
    def jvp(ctx, tx, t1_dot, t2_dot):
        t1, t2 = ctx.saved_tensors
        v = ctx.value
        return tx + t1_dot * (v / t2) - t2_dot * (v * t1) / (t2 * t2)


def _shares(a, b, loses):
    """How much of the gradient of max(a, b) (or min) each side gets: 1/2 at ties, 0 to the
    loser, 1 otherwise (NaN compares false, so both sides of a NaN get all of it)."""
    tie = np.where(a == b, 0.5, 1.0).astype(np.result_type(a, b))
    return tie * ~loses(a, b), tie * ~loses(b, a)


class Minimum(Maximum):
    backward_name = "MinimumBackward0"
    pick = staticmethod(np.minimum)
    loses = staticmethod(np.greater)


class Atan2(Function):
    """``atan2(a, b)``: the angle of the point (b, a)."""

    backward_name = "Atan2Backward0"

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return np.arctan2(a, b)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's atan2_backward: recip = (a * a + b * b).reciprocal(), 0 where that is
        inf (the squares are 0 or underflow), then g * b * recip for a and g * -a * recip for b."""
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        recip = common.reciprocal(a * a + b * b)
        recip = common.masked_zero(recip, np.isinf(data_of(recip)))
        return (
            sum_like(g * b * recip, a) if need_a else None,
            sum_like(g * -a * recip, b) if need_b else None,
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b = ctx.saved_tensors
        with np.errstate(divide="ignore"):
            recip = np.reciprocal(a * a + b * b)
        recip = np.where(np.isinf(recip), 0, recip)
        return ta * b * recip + tb * -a * recip


class Hypot(Function):
    """``hypot(a, b)``: sqrt(a^2 + b^2) without overflow in the squares."""

    backward_name = "HypotBackward0"
    saved_for = (0, 1, None)  # PyTorch's formulas: a only for a's gradient, b only for b's

    @staticmethod
    def forward(ctx, a, b):
        out = np.hypot(a, b)
        ctx.save_for_backward(a, b, out)
        return out

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: g * a / result and g * b / result."""
        a, b, out = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        return (
            sum_like(g * a / out, a) if need_a else None,
            sum_like(g * b / out, b) if need_b else None,
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b, out = ctx.saved_tensors
        return ta * a / out + tb * b / out


def _two_to(x):
    """C++'s ``pow(2, x)`` in a formula: ``PowBackward2`` on a tensor."""
    if type(x) is Tensor:
        return RPow.apply(x, 2.0)
    return _power(2.0, x)


class LogAddExp(Function):
    """``logaddexp(a, b)``: log(exp(a) + exp(b)), computed without overflow (``LogAddExp2``:
    the same in base 2)."""

    backward_name = "LogaddexpBackward0"
    numpy = staticmethod(np.logaddexp)
    power = staticmethod(common.exp)  # the base to a power in the formula (a node on tensors)
    power_of_arrays = staticmethod(np.exp)

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return ctx.numpy(a, b)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: g / (1 + exp(b - a)) for a, g / (1 + exp(a - b)) for b
        (``pow(2, ...)`` for logaddexp2)."""
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        return (
            sum_like(g / plus_number(ctx.power(b - a), 1), a) if need_a else None,
            sum_like(g / plus_number(ctx.power(a - b), 1), b) if need_b else None,
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b = ctx.saved_tensors
        with np.errstate(over="ignore", invalid="ignore"):
            return ta / (ctx.power_of_arrays(b - a) + 1) + tb / (ctx.power_of_arrays(a - b) + 1)


class LogAddExp2(LogAddExp):
    """``logaddexp2(a, b)``: log2(2^a + 2^b), computed without overflow."""

    backward_name = "Logaddexp2Backward0"
    numpy = staticmethod(np.logaddexp2)
    power = staticmethod(_two_to)
    power_of_arrays = staticmethod(np.exp2)


class Fmax(Function):
    """``fmax(a, b)``: the larger, NaN only where both are. PyTorch gives a tie all of the
    gradient to ``a`` (not half to each, as maximum does), and a NaN ``b`` to ``a``."""

    backward_name = "FmaxBackward0"
    wins = staticmethod(np.greater_equal)  # a keeps the gradient where wins(a, b) or b is NaN
    pick = staticmethod(np.fmax)

    @staticmethod
    def forward(ctx, a, b):
        ctx.save_for_backward(a, b)
        return ctx.pick(a, b)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: g.masked_fill(~(a >= b | isnan(b)), 0) for a, and
        g.masked_fill(a >= b | isnan(b), 0) for b (``<=`` for fmin)."""
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        to_a = ctx.wins(data_of(a), data_of(b)) | np.isnan(data_of(b))
        return (
            sum_like(common.masked_zero(g, ~to_a), a) if need_a else None,
            sum_like(common.masked_zero(g, to_a), b) if need_b else None,
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b = ctx.saved_tensors
        to_a = ctx.wins(a, b) | np.isnan(b)
        return np.where(to_a, ta, tb)


class Fmin(Fmax):
    backward_name = "FminBackward0"
    wins = staticmethod(np.less_equal)
    pick = staticmethod(np.fmin)


class Copysign(Function):
    """``copysign(a, b)``: |a| with the sign of b. Its derivative in ``a`` is result / a (±1),
    0 at a = 0; in ``b`` it is 0 (PyTorch's ``zeros_like(other)``, outside the graph)."""

    backward_name = "CopysignBackward0"
    saved_for = (0, None)  # the input is read only for its own gradient

    @staticmethod
    def forward(ctx, a, b):
        out = np.copysign(a, b)
        ctx.save_for_backward(a, out)
        ctx.other_shape = shape_of(b)
        return out

    @staticmethod
    def backward(ctx, g):
        a, out = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad[:2]
        ga = sum_like(_copysign_self_backward(g, a, out), a) if need_a else None
        gb = None
        if need_b:
            zeros = np.zeros(ctx.other_shape, data_of(g).dtype)
            gb = Tensor._make(zeros) if type(g) is Tensor else zeros
        return ga, gb

    @staticmethod
    def jvp(ctx, ta, tb):
        a, out = ctx.saved_tensors
        return _copysign_self_backward(ta, a, out)


def _copysign_self_backward(g, a, out):
    """PyTorch's ``copysign_tensor_self_backward``: ratio = result / self, 0 where self is
    0 (``masked_fill_``), then g * ratio."""
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = out / a
    return g * common.masked_zero(ratio, data_of(a) == 0)


class CopysignNumber(Function):
    """``copysign(a, number)``."""

    backward_name = "CopysignBackward1"
    n_options = 1

    @staticmethod
    def forward(ctx, a, number):
        out = np.copysign(a, np.asarray(number, a.dtype))
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, g):
        a, out = ctx.saved_tensors
        return _copysign_self_backward(g, a, out), None

    @staticmethod
    def jvp(ctx, t):
        a, out = ctx.saved_tensors
        return _copysign_self_backward(t, a, out)


class RsubTensor(Function):
    """``rsub(input, other, alpha)``: other - alpha * input, of two tensors."""

    backward_name = "RsubBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, b, alpha):
        ctx.shapes = (shape_of(a), shape_of(b))
        ctx.alpha = alpha
        return b - a if alpha == 1 else b - alpha * a

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: -grad (times alpha unless it is 1) for input, grad for other."""
        need_a, need_b = ctx.needs_input_grad[:2]
        sa, sb = ctx.shapes
        ga = None
        if need_a:
            ga = sum_to(-g if ctx.alpha == 1 else times_number(-g, ctx.alpha), sa)
        return ga, (sum_to(g, sb) if need_b else None), None

    @staticmethod
    def jvp(ctx, ta, tb):
        return tb - ctx.alpha * ta


class RsubScaled(Function):
    """``rsub(input, number, alpha)``: number - alpha * input (alpha 1 is ``RSub``)."""

    backward_name = "RsubBackward1"
    n_options = 2

    @staticmethod
    def forward(ctx, a, number, alpha):
        ctx.alpha = alpha
        return number - alpha * a

    @staticmethod
    def backward(ctx, g):
        return times_number(-g, ctx.alpha), None, None

    @staticmethod
    def jvp(ctx, t):
        return -ctx.alpha * t


# ---- public functions -----------------------------------------------------------------------
def _binary(op, a, b):
    """``a (op) b`` with PyTorch's type promotion and broadcasting messages."""
    fast = (  # the lessons' case, checked first: float tensors of one dtype, or a tensor and a float
        type(a) is Tensor
        and op.operator is not None
        and ((dtype := a._data.dtype) is FLOAT32 or dtype is FLOAT64)
        and (type(b) is float or (type(b) is Tensor and b._data.dtype is dtype))
        and not forward_ad_state.levels
    )
    if fast:
        return PAIR_PATHS[op](a, b)
    a, b = _operands(op, a, b)
    try:
        if op.operator is not None and type(a) is Tensor and not forward_ad_state.levels:
            if not (grad_mode.enabled and (a._requires_grad or (isinstance(b, Tensor) and b._requires_grad))):
                return compute_outside_graph(op.operator, a, b)
        return op.apply(a, b)
    except ValueError as e:  # checked outside the handler: the learner sees one error, not two
        error = e
    broadcast_shapes(data_of_arg(a), data_of_arg(b))  # raises PyTorch's message
    raise error


def _operands(op, a, b):
    """``a`` and ``b`` as tensors (or numbers) of the dtype ``a (op) b`` computes in."""
    if type(a) is not Tensor:  # tensors and floats pass through as_tensor_arg unchanged
        a = as_tensor_arg(a)
    if type(b) is not Tensor and type(b) is not float:
        b = as_tensor_arg(b)
    if _needs_promotion(a, b, op is Div):
        target = result_dtype(a, b)
        a, b = cast_all((a, b), floating(target) if op is Div else target)
    return a, b


def _needs_promotion(a, b, true_division):
    """False in the common cases (same dtypes, a float tensor and a number), so that they
    skip ``result_dtype``; true division of integers always gives floats."""
    if not isinstance(a, Tensor):
        return True
    kind = a._data.dtype.kind
    if true_division and kind != "f":
        return True
    if isinstance(b, Tensor):
        return b._data.dtype != a._data.dtype
    return not (kind == "f" or (kind in "iu" and type(b) is int))


def _with_number(tensor, number):
    """``tensor`` cast to the dtype of ``tensor (op) number`` (``1.5 - int_tensor`` is float)."""
    if not _needs_promotion(tensor, number, False):
        return tensor
    return cast_all((tensor,), result_dtype(tensor, number))[0]


def data_of_arg(x):
    return x._data if type(x) is Tensor else x


def add(a, b, alpha=1):
    return _binary(Add, a, b if alpha == 1 else b * alpha)


def _is_bool(x):
    return x._data.dtype == np.bool_ if isinstance(x, Tensor) else type(x) is bool


def _reject_bool_subtraction(a, b):
    if _is_bool(a) and _is_bool(b):
        raise RuntimeError(
            "Subtraction, the `-` operator, with two bool tensors is not supported. "
            "Use the `^` or `logical_xor()` operator instead."
        )
    raise RuntimeError(
        "Subtraction, the `-` operator, with a bool tensor is not supported. "
        "If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."
    )


def sub(a, b, alpha=1):
    a = as_tensor_arg(a)
    if (type(a) is Tensor and a._data.dtype == np.bool_) or (type(b) is Tensor and b._data.dtype == np.bool_):
        _reject_bool_subtraction(a, b)
    if not isinstance(a, Tensor):
        return RSub.apply(_with_number(as_tensor_arg(b) if alpha == 1 else b * alpha, a), a)
    return _binary(Sub, a, b if alpha == 1 else b * alpha)


def mul(a, b):
    return _binary(Mul, a, b)


# ``a + b`` and ``add(a, b)`` of float tensors of one dtype (or a float tensor and a Python
# float): the one function per op of fast_paths.pair_path, with the functions above for the rest
PAIR_PATHS = {Add: pair_path(Add, add), Sub: pair_path(Sub, sub), Mul: pair_path(Mul, mul)}


def div(a, b):
    a = as_tensor_arg(a)
    if not isinstance(a, Tensor):
        return mul(reciprocal(as_tensor_arg(b)), a)
    return _binary(Div, a, b)


def pow(a, exponent):
    if type(a) is Tensor and type(exponent) is int and a._data.dtype.kind == "f":  # x ** 2: the common case
        return _integer_power(a, exponent)
    a, exponent = as_tensor_arg(a), as_tensor_arg(exponent)
    if type(exponent) is int and exponent < 0 and isinstance(a, Tensor) and a._data.dtype.kind in "iu":
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    if not isinstance(a, Tensor):
        return RPow.apply(_with_number(exponent, a), a)
    if not isinstance(exponent, Tensor):
        return Pow.apply(_with_number(a, exponent), exponent)
    return _binary(PowTensor, a, exponent)


def maximum(a, b):
    return _binary(Maximum, a, b)


def minimum(a, b):
    return _binary(Minimum, a, b)


def xlogy(input, other):
    input, other = as_tensor_arg(input), as_tensor_arg(other)
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        kinds = ", ".join(type(x).__name__ for x in (input, other))
        raise TypeError(
            f"xlogy() received an invalid combination of arguments - got ({kinds}), but expected one of:\n"
            " * (Tensor input, Tensor other, *, Tensor out = None)\n"
            " * (Number self, Tensor other, *, Tensor out = None)\n"
            " * (Tensor input, Number other, *, Tensor out = None)\n"
        )
    number = None if isinstance(other, Tensor) else other
    number_first = None if isinstance(input, Tensor) else input
    a, b = _floating_pair(input, other)
    if number is None and number_first is None:
        return _binary(Xlogy, a, b)
    if number is not None:  # a 0-d tensor of the result's dtype, outside the graph
        out = XlogyNumberOther.apply(a, Tensor._make(np.asarray(number, dtype=a._data.dtype)))
    else:
        out = XlogyNumberSelf.apply(Tensor._make(np.asarray(number_first, dtype=b._data.dtype)), b)
    if out.grad_fn is not None:
        out.grad_fn.number = number if number is not None else number_first  # shown as given
    return out


def _same_dtype(a, other, name):
    """PyTorch's lerp check; it names dtypes as C++ does (float, double)."""
    if other._data.dtype != a._data.dtype:
        expected, got = (t.dtype.legacy_name[: -len("Tensor")].lower() for t in (a, other))
        raise RuntimeError(f"expected dtype {expected} for `{name}` but got dtype {got}")


def lerp(input, end, weight):
    if not isinstance(input, Tensor) or not isinstance(end, Tensor):
        kinds = ", ".join(
            "Tensor" if isinstance(x, Tensor) else type(x).__name__ for x in (input, end, weight)
        )
        raise TypeError(
            f"lerp() received an invalid combination of arguments - got ({kinds}), but expected one of:\n"
            " * (Tensor input, Tensor end, Tensor weight, *, Tensor out = None)\n"
            " * (Tensor input, Tensor end, Number weight, *, Tensor out = None)\n"
        )
    _same_dtype(input, end, "end")
    if isinstance(weight, Tensor):
        if weight._data.ndim:
            _same_dtype(input, weight, "weight")
        elif weight._data.dtype != input._data.dtype:
            weight = weight.to(input._data.dtype)
    if input._data.dtype.kind != "f":
        kernel = "lerp_kernel_tensor" if isinstance(weight, Tensor) else "lerp_kernel_scalar"
        legacy = input.dtype.legacy_name[: -len("Tensor")]
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{legacy}'")
    try:
        if isinstance(weight, Tensor):
            return Lerp.apply(input, end, weight)
        return LerpNumber.apply(input, end, float(as_tensor_arg(weight)))
    except ValueError as e:  # checked outside the handler: the learner sees one error, not two
        error = e
    shape = broadcast_shapes(input._data, end._data)
    if isinstance(weight, Tensor):
        broadcast_shapes(np.empty(shape), weight._data)  # raises PyTorch's message
    raise error


def _three_tensors(name, input, tensor1, tensor2):
    for position, (arg, value) in enumerate(
        (("input", input), ("tensor1", tensor1), ("tensor2", tensor2)), 1
    ):
        if not isinstance(value, Tensor):
            raise TypeError(
                f"{name}(): argument '{arg}' (position {position}) must be Tensor, not {type(value).__name__}"
            )
    target = result_dtype(input, tensor1, tensor2)
    broadcast_shapes(np.empty(broadcast_shapes(input._data, tensor1._data)), tensor2._data)
    return cast_all((input, tensor1, tensor2), target)


def addcmul(input, tensor1, tensor2, *, value=1):
    input, tensor1, tensor2 = _three_tensors("addcmul", input, tensor1, tensor2)
    if input._data.dtype.kind != "f":
        value = int(value)  # PyTorch casts the number to the integer dtype
    return Addcmul.apply(input, tensor1, tensor2, value)


def addcdiv(input, tensor1, tensor2, *, value=1):
    input, tensor1, tensor2 = _three_tensors("addcdiv", input, tensor1, tensor2)
    if input._data.dtype.kind != "f":
        raise RuntimeError(
            "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will "
            "perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
            "implemented as (input + value * pyautograd.trunc(tensor1 / tensor2)).to(input.dtype) for integer "
            "inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv "
            "behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all dtypes."
        )
    return Addcdiv.apply(input, tensor1, tensor2, value)


def true_divide(input, other):
    return div(input, other)


def _floating_pair(a, b):
    """``a`` and ``b`` in the dtype of a floating-point op of both: integers give the default
    dtype (``atan2`` of two int64 tensors is float32, as in PyTorch)."""
    a, b = as_tensor_arg(a), as_tensor_arg(b)
    target = floating(result_dtype(a, b))
    return cast_all((a, b), target)


def _two_tensors(name, input, other):
    """PyTorch's TypeError for an op that takes only tensors (``atan2(x, 2.0)``)."""
    for position, (arg, value) in enumerate((("input", input), ("other", other)), 1):
        if not isinstance(value, Tensor):
            raise TypeError(
                f"{name}(): argument '{arg}' (position {position}) must be Tensor, not {type(value).__name__}"
            )


def _floating_only(name, a, b):
    """PyTorch's error for a float-only kernel given integers or bools (``hypot`` of two
    int64 tensors): it names the promoted dtype."""
    dtype = result_dtype(a, b)
    if dtype.kind != "f":
        legacy = Tensor._make(np.zeros((), dtype)).dtype.legacy_name[: -len("Tensor")]
        raise NotImplementedError(f"\"{name}_cpu\" not implemented for '{legacy}'")


def atan2(input, other):
    _two_tensors("atan2", input, other)
    return _binary(Atan2, *_floating_pair(input, other))


def arctan2(input, other):
    _two_tensors("arctan2", input, other)
    return _binary(Atan2, *_floating_pair(input, other))


def hypot(input, other):
    _two_tensors("hypot", input, other)
    _floating_only("hypot", input, other)
    return _binary(Hypot, input, other)


def logaddexp(input, other):
    _two_tensors("logaddexp", input, other)
    _floating_only("logaddexp", input, other)
    return _binary(LogAddExp, input, other)


def logaddexp2(input, other):
    _two_tensors("logaddexp2", input, other)
    _floating_only("logaddexp2", input, other)
    return _binary(LogAddExp2, input, other)


def fmax(input, other):
    _two_tensors("fmax", input, other)
    return _binary(Fmax, input, other)


def fmin(input, other):
    _two_tensors("fmin", input, other)
    return _binary(Fmin, input, other)


def copysign(input, other):
    if not isinstance(input, Tensor):
        kinds = ", ".join("Tensor" if isinstance(x, Tensor) else type(x).__name__ for x in (input, other))
        raise TypeError(
            f"copysign() received an invalid combination of arguments - got ({kinds}), but expected one of:\n"
            " * (Tensor input, Tensor other, *, Tensor out = None)\n"
            " * (Tensor input, Number other, *, Tensor out = None)\n"
        )
    other = as_tensor_arg(other)
    if isinstance(other, Tensor):
        return _binary(Copysign, *_floating_pair(input, other))
    (input,) = cast_all((input,), floating(result_dtype(input, other)))
    return CopysignNumber.apply(input, other)


def rsub(input, other, alpha=1):
    """``other - alpha * input`` (PyTorch's reversed subtraction)."""
    if not isinstance(input, Tensor):
        kinds = ", ".join("Tensor" if isinstance(x, Tensor) else type(x).__name__ for x in (input, other))
        raise TypeError(
            f"rsub() received an invalid combination of arguments - got ({kinds}), but expected one of:\n"
            " * (Tensor input, Tensor other, *, Number alpha = 1)\n"
            " * (Tensor input, Number other, Number alpha = 1)\n"
        )
    other = as_tensor_arg(other)
    if _is_bool(input) or _is_bool(other):
        _reject_bool_subtraction(input, other)
    if isinstance(other, Tensor):
        a, b = _operands(Sub, input, other)
        try:
            return RsubTensor.apply(a, b, alpha)
        except ValueError as e:  # checked outside the handler: the learner sees one error, not two
            error = e
        broadcast_shapes(b._data, a._data)  # raises PyTorch's message (it computes other - input)
        raise error
    input = _with_number(input, other)
    if alpha == 1:
        return RSub.apply(input, other)
    return RsubScaled.apply(input, other, alpha)


def positive(input):
    """``+x``: the tensor itself (no copy, no node), refused for bools as in PyTorch."""
    if type(input) is not Tensor:
        input = tensor_input(input, "positive")
    if input._data.dtype == np.bool_:
        raise RuntimeError("The `+` operator, on a bool tensor is not supported.")
    return input


def sgn(input):
    """The sign of a real tensor (-1, 0, 1; 0 for NaN): PyTorch's ``sgn``, whose node
    ``SgnBackward0`` saves the input and the result; its gradient is zeros."""
    if type(input) is not Tensor:
        input = tensor_input(input, "sgn")
    if input._data.dtype == np.bool_:
        return Tensor._make(input._data.copy())
    return Sgn.apply(input)


def _as_base(a):
    return a if type(a) is Tensor else tensor_input(a, "square")


# ``x ** 2`` and ``square(x)``: the path of fast_paths.one_path (``pow`` passes float tensors only)
_integer_power = one_path(Pow, _as_base)


def square(a):
    return _integer_power(a, 2)


def clamp(a, min=None, max=None):
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    min, max = (None if v is None else as_tensor_arg(v) for v in (min, max))
    return Clamp.apply(_with_number(_with_number(a, min), max), min, max)


clip = clamp


def clamp_min(a, min):
    return ClampMin.apply(a, min, None)


def clamp_max(a, max):
    return ClampMax.apply(a, None, max)


# ---- comparisons: never differentiable, they return bool tensors ---------------------------
def _compare(numpy_op):
    def compare(a, b):
        try:
            return Tensor._make(numpy_op(data_of_arg(a), data_of_arg(as_tensor_arg(b))))
        except ValueError as e:  # checked outside the handler: no chained traceback
            error = e
        broadcast_shapes(data_of_arg(a), data_of_arg(as_tensor_arg(b)))
        raise error

    compare.__name__ = numpy_op.__name__
    return compare


eq, ne = _compare(np.equal), _compare(np.not_equal)
lt, le = _compare(np.less), _compare(np.less_equal)
gt, ge = _compare(np.greater), _compare(np.greater_equal)
