"""The error function ``erf``, its complement ``erfc`` and its inverse ``erfinv`` (which
``nn.init.trunc_normal_`` uses to turn uniform numbers into normal ones, as PyTorch does).

``erf``/``erfc``: NumPy has none, so each element goes through Python's ``math.erf``/``math.erfc``
(the C library's, correctly rounded in float64 and then rounded once to the input's dtype).


How it is computed: a rational first guess (the classic Pavlis/MATLAB coefficients, as in
PyTorch's own ``calc_erfinv``), then Halley steps on ``erf(x) = y``, in float64 whatever the
dtype. NumPy has no ``erf``, so the steps call Python's ``math.erf``/``math.erfc`` (the C
library's) element by element. Near |y| = 1 the step solves ``erfc(x) = 1 - |y|`` instead:
``1 - |y|`` is exact there, while ``erf(x) - y`` would lose every digit to cancellation.

PyTorch on x86 computes ``erfinv`` with Intel MKL's ``vsErfInv``/``vdErfInv``, whose last bit we
cannot reproduce; see docs/reference.md for the measured agreement.
"""

import math

import numpy as np

from . import common
from .unary import unary
from .with_number import times_number

# first guess: |y| <= 0.7 as y * P(y^2) / Q(y^2), beyond as R(t) / S(t) with t = sqrt(-log((1 - |y|) / 2))
_CENTRAL_NUM = (0.886226899, -1.645349621, 0.914624893, -0.140543331)
_CENTRAL_DEN = (1.0, -2.118377725, 1.442710462, -0.329097515, 0.012229801)
_TAIL_NUM = (-1.970840454, -1.624906493, 3.429567803, 1.641345311)
_TAIL_DEN = (1.0, 3.543889200, 1.637067800)
_CENTRAL_RANGE = 0.7
_TWO_OVER_SQRT_PI = 2 / math.sqrt(math.pi)


def _poly(coefficients, z):
    """c0 + c1 z + c2 z^2 + ... by Horner's rule."""
    value = np.full_like(z, coefficients[-1])
    for c in coefficients[-2::-1]:
        value = value * z + c
    return value


def _each(func, x):
    """``func`` (from ``math``) of every element of a float64 array."""
    return np.fromiter(map(func, x.tolist()), np.float64, x.size)


def _first_guess(magnitude):
    """erfinv(|y|) to about six digits."""
    z = magnitude * magnitude
    guess = magnitude * _poly(_CENTRAL_NUM, z) / _poly(_CENTRAL_DEN, z)
    tail = magnitude > _CENTRAL_RANGE
    t = np.sqrt(-np.log((1 - magnitude[tail]) / 2))
    guess[tail] = _poly(_TAIL_NUM, t) / _poly(_TAIL_DEN, t)
    return guess


def _halley(x, magnitude, tail):
    """One Halley step on erf(x) = |y| (f'' = -2x f', so the step is dx / (1 + x dx))."""
    residual = np.empty_like(x)
    residual[~tail] = _each(math.erf, x[~tail]) - magnitude[~tail]
    residual[tail] = (1 - magnitude[tail]) - _each(math.erfc, x[tail])
    dx = residual / (_TWO_OVER_SQRT_PI * np.exp(-x * x))
    return x - dx / (1 + x * dx)


def erfinv_array(y):
    """erfinv of a floating array, in its dtype: float32 results are correctly rounded (one
    Halley step from six digits gives about eighteen), float64 ones within 2 units in the
    last place (two steps; ``math.erf`` itself rounds once)."""
    y = np.asarray(y)
    flat = y.astype(np.float64).ravel()
    magnitude = np.abs(flat)
    inside = magnitude < 1  # and not NaN
    m = magnitude[inside]
    x = _first_guess(m)
    tail = m > 0.5
    for _ in range(1 if y.dtype.itemsize <= 4 else 2):
        x = _halley(x, m, tail)
    out = np.where(magnitude == 1, np.inf, np.nan)
    out[inside] = x
    return np.copysign(out, flat).reshape(y.shape).astype(y.dtype, copy=False)


def _each_in_dtype(func, a):
    """``func`` (from ``math``) of every element of ``a``, in ``a``'s dtype."""
    a = np.asarray(a)
    flat = a.astype(np.float64).ravel()
    return _each(func, flat).reshape(a.shape).astype(a.dtype, copy=False)


def erf_array(a):
    return _each_in_dtype(math.erf, a)


def _erf_derivative(g, x):
    """d/dx erf(x) = 2 / sqrt(pi) * exp(-x^2)."""
    return times_number(common.exp(-(x**2)), _TWO_OVER_SQRT_PI) * g  # PyTorch's order and nodes


erf = unary("erf", erf_array, _erf_derivative)
erfc = unary(
    "erfc",
    lambda a: _each_in_dtype(math.erfc, a),
    lambda g, x: times_number(common.exp(-(x**2)), -_TWO_OVER_SQRT_PI) * g,
)


def _erfinv_derivative(g, x):
    """d/dx erfinv(x) = sqrt(pi) / 2 * exp(erfinv(x)^2), with erfinv(x) found again from the
    saved input: PyTorch saves the input, not the result, so a later in-place change of the
    result does not break the backward, one of the input does."""
    out = erfinv(x) if common.is_tensor(x) else erfinv_array(x)
    return times_number(common.exp(out**2), math.sqrt(math.pi) / 2) * g


erfinv = unary("erfinv", erfinv_array, _erfinv_derivative, may_overflow=True)
