"""log1p, expm1, log2, log10, exp2, logit: logarithms and exponentials in other forms.
``log1p`` and ``expm1`` keep their precision for tiny x, where ``log(1 + x)`` would round x
away."""

import math

import numpy as np

from .common import data_of, is_tensor
from .index import select_where
from .unary import unary
from .with_number import number_minus, plus_number, times_number

_LN2, _LN10 = math.log(2.0), math.log(10.0)

log1p = unary(
    "log1p", np.log1p, lambda g, x: g / plus_number(x, 1), backward_name="Log1PBackward0", may_overflow=True
)
expm1 = unary("expm1", np.expm1, lambda g, out: g * plus_number(out, 1), saves="output", may_overflow=True)
log2 = unary("log2", np.log2, lambda g, x: g / times_number(x, _LN2), may_overflow=True)
log10 = unary("log10", np.log10, lambda g, x: g / times_number(x, _LN10), may_overflow=True)
exp2 = unary("exp2", np.exp2, lambda g, out: times_number(g * out, _LN2), saves="output", may_overflow=True)


def _logit_bounds(dtype, eps):
    """[eps, 1 - eps] rounded in the input's dtype, as PyTorch's kernel forms them."""
    low = dtype.type(eps)
    return low, dtype.type(1) - low


def _logit(a, eps):
    """log(x / (1 - x)), x first clamped into [eps, 1 - eps] when eps is given (NaN stays)."""
    if eps is not None:
        low, high = _logit_bounds(a.dtype, eps)
        a = np.where(a < low, low, np.where(a > high, high, a))
    return np.log(a / (1 - a))


def _logit_derivative(g, x, eps):
    """1 / (x (1 - x)) inside the domain; outside it NaN (no eps) or 0 (beyond the clamp).
    A ``create_graph`` backward records PyTorch's differentiable formula, a ``where`` whose
    domain test is false at NaN (so NaN gets the fill there, as in PyTorch); a plain backward
    follows PyTorch's kernel, which only fills outside the domain."""
    array = data_of(x)
    if eps is None:
        low, high, fill = 0, 1, np.nan
    else:
        low, high = _logit_bounds(array.dtype, eps)
        fill = 0.0
    if is_tensor(x):
        return select_where((array >= low) & (array <= high), g / (x * number_minus(1, x)), fill)
    outside = (array < low) | (array > high)
    if not outside.any():
        return g / (x * (1 - x))
    inside = select_where(outside, 0.5, x)  # a finite slope where the fill replaces it: no inf * 0
    return select_where(outside, fill, g / (inside * (1 - inside)))


logit = unary("logit", _logit, _logit_derivative, settings=(("eps", None),), may_overflow=True)
