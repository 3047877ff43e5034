"""log1p, expm1, log2, log10: logarithms and exponentials in other forms. ``log1p`` and
``expm1`` keep their precision for tiny x, where ``log(1 + x)`` would round x away."""

import math

import numpy as np

from .unary import unary
from .with_number import plus_number, times_number

_LN2, _LN10 = math.log(2.0), math.log(10.0)

log1p = unary(
    "log1p", np.log1p, lambda g, x: g / plus_number(x, 1), backward_name="Log1PBackward0", may_overflow=True
)
expm1 = unary("expm1", np.expm1, lambda g, out: g * plus_number(out, 1), saves="output", may_overflow=True)
log2 = unary("log2", np.log2, lambda g, x: g / times_number(x, _LN2), may_overflow=True)
log10 = unary("log10", np.log10, lambda g, x: g / times_number(x, _LN10), may_overflow=True)
