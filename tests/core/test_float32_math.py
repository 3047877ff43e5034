"""The fast float32 log/sincos (chunks, in-place steps, float64 twins for the fused
multiply-adds, bitwise selects) against a plain step-by-step version of the same kernel, on
every uniform number PyTorch's float32 ``randn`` can feed them (k * 2**-24, k < 2**24).

The plain version is the one first verified against PyTorch's numbers; this exhaustive check
keeps any later speed-up bit for bit the same, beyond what sampled comparisons can see.
"""

import numpy as np

from pyautograd import float32_math as fast

f32 = np.float32


def _fma(a, b, c):
    return (np.multiply(a, b, dtype=np.float64) + c).astype(f32)


def _plain_log(x):
    bits = x.view(np.int32)
    exponent = ((bits >> 23) - 126).astype(f32)
    mantissa = ((bits & ~0x7F800000) | 0x3F000000).view(f32)
    small = (mantissa < fast._SQRT_HALF).astype(f32)
    exponent -= small
    m = (mantissa - f32(1)) + mantissa * small
    m2 = m * m
    y = _fma(fast._LOG_POLY[0], m, fast._LOG_POLY[1])
    for c in fast._LOG_POLY[2:]:
        y = _fma(y, m, c)
    y = _fma(y * m, m2, exponent * fast._LN2_LOW)
    y -= m2 * f32(0.5)
    y += m
    y += exponent * fast._LN2_HIGH
    return y


def _plain_sincos(x):
    octant = (x * fast._FOUR_OVER_PI).astype(np.int32)
    octant = (octant + 1) & ~1
    j = octant.astype(f32)
    r = x
    for part in fast._PI4_PARTS:
        r = _fma(j, part, r)
    z = r * r
    c0, c1, c2 = fast._COS_POLY
    cos_r = _fma(_fma(c0, z, c1), z, c2) * z
    cos_r = _fma(cos_r, z, -(z * f32(0.5))) + f32(1)
    s0, s1, s2 = fast._SIN_POLY
    sin_r = _fma(_fma(_fma(s0, z, s1), z, s2) * z, r, r)
    swap = (octant & 2) != 0
    sin, cos = np.where(swap, cos_r, sin_r), np.where(swap, sin_r, cos_r)
    sin.view(np.int32)[...] ^= (octant & 4) << 29
    cos.view(np.int32)[...] ^= (~(octant - 2) & 4) << 29
    return sin, cos


def _every_uniform():
    """All 2**24 of them, a quarter at a time (to keep the memory small)."""
    for start in range(0, 2**24, 2**22):
        yield np.arange(start, start + 2**22, dtype=f32) * f32(2.0**-24)


def _bits(x):
    return x.view(np.int32)


def test_log_is_the_plain_kernel_on_every_input():
    for u in _every_uniform():
        x = f32(1) - u
        np.testing.assert_array_equal(_bits(fast.log(x)), _bits(_plain_log(x)))


def test_sincos_is_the_plain_kernel_on_every_input():
    for u in _every_uniform():
        theta = f32(2 * np.pi) * u
        sin, cos = fast.sincos(theta)
        plain_sin, plain_cos = _plain_sincos(theta)
        np.testing.assert_array_equal(_bits(sin), _bits(plain_sin))
        np.testing.assert_array_equal(_bits(cos), _bits(plain_cos))
