"""``log`` and ``sin``/``cos`` in float32, step for step as PyTorch's vectorised CPU kernel does;
fused multiply-adds in float32 and float64 (``fma``, ``fma64``), which ``arange`` uses too.

Why: PyTorch fills float32 normal tensors of 16 or more elements with a Box-Muller kernel
written in AVX2 intrinsics, whose logarithm and sine/cosine are the Cephes single-precision
polynomials (Pommier's ``avx_mathfun``), not the C library's correctly rounded ones. Their last
bit differs from ``np.log``/``np.cos`` for a few numbers in a hundred, so to print PyTorch's
exact ``randn`` we evaluate the same polynomials with the same float32 roundings.

Every step below is one float32 operation, in the order the kernel does them. PyTorch's build
lets the compiler fuse a multiply and the add that follows into one fused multiply-add (FMA,
rounded once); ``fma`` below does the same where it does (found by comparing with PyTorch: with
these fusions 120 000 of 120 000 normals agree bit for bit, without them about 1 in 100 does not).
Only positive finite inputs occur here (``1 - u`` with ``u`` in [0, 1), and ``2 * pi * u``).

Speed (randn is the hot path): the callers work in cache-sized chunks; steps run in place;
fused multiply-adds keep a float64 twin of their value instead of mixing float32 and float64 in
one ufunc; choices are bitwise instead of masked. tests/core/test_float32_math.py checks every
possible input against the plain step-by-step version.
"""

import numpy as np

f32 = np.float32

# log(m) for m in [sqrt(1/2), sqrt(2)) - 1: a degree-9 polynomial (Cephes ``logf``)
_LOG_POLY = tuple(
    f32(c)
    for c in (
        7.0376836292e-2,
        -1.1514610310e-1,
        1.1676998740e-1,
        -1.2420140846e-1,
        1.4249322787e-1,
        -1.6668057665e-1,
        2.0000714765e-1,
        -2.4999993993e-1,
        3.3333331174e-1,
    )
)
_LN2_LOW, _LN2_HIGH = f32(-2.12194440e-4), f32(0.693359375)  # ln 2 split in two for accuracy
_SQRT_HALF = f32(0.707106781186547524)

# sin and cos on [-pi/4, pi/4] (Cephes ``sinf``/``cosf``), pi/4 split in three for the reduction
_SIN_POLY = (f32(-1.9515295891e-4), f32(8.3321608736e-3), f32(-1.6666654611e-1))
_COS_POLY = (f32(2.443315711809948e-005), f32(-1.388731625493765e-003), f32(4.166664568298827e-002))
_PI4_PARTS = (f32(-0.78515625), f32(-2.4187564849853515625e-4), f32(-3.77489497744594108e-8))
_FOUR_OVER_PI = f32(1.27323954473516)


def fma(a, b, c):
    """``a * b + c`` rounded once to float32: the product of two float32 numbers is exact in
    float64, so only the sum rounds before the final rounding to float32."""
    return (np.multiply(a, b, dtype=np.float64) + c).astype(f32)


def fma64(a, b, c):
    """``a * b + c`` for float64 arrays, rounded (almost always) once, as a hardware fused
    multiply-add does: the product's rounding error comes from Dekker's split (each factor
    in two 26-bit halves, whose products are exact) and the sum's from Knuth's two-sum."""
    product = a * b
    a_high, a_low = _split(a)
    b_high, b_low = _split(b)
    product_error = ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low
    total = product + c
    part = total - product
    sum_error = (product - (total - part)) + (c - part)
    return total + (product_error + sum_error)


def _split(x):
    scaled = 134217729.0 * x  # 2^27 + 1
    high = scaled - (scaled - x)
    return high, x - high


class _Float32InFloat64:
    """A float32 array and its float64 twin, for chains of fused multiply-adds.

    NumPy's ufuncs are slow when they mix float32 and float64 operands (they cast through
    buffers), so a chain keeps its value in float64 and rounds it to float32 after each step
    with two plain casts."""

    def __init__(self, value32, value64=None):
        self.f32 = value32
        self.f64 = value32.astype(np.float64) if value64 is None else value64

    @classmethod
    def horner(cls, x64, coefficients):
        """c0 x^n + c1 x^(n-1) + ... + cn, one fused multiply-add per coefficient after c0."""
        first = cls(np.empty(x64.shape, f32), np.multiply(x64, float(coefficients[0])))
        first.f64 += coefficients[1]
        first._round()
        for c in coefficients[2:]:
            first.fma(x64, c)
        return first

    def _round(self):
        np.copyto(self.f32, self.f64, casting="same_kind")
        np.copyto(self.f64, self.f32)
        return self

    def fma(self, factor64, addend):
        """self = self * factor + addend, rounded once to float32 (``factor64`` holds float32 values)."""
        np.multiply(self.f64, factor64, out=self.f64)
        self.f64 += addend
        return self._round()

    def add_product(self, a64, b):
        """self = a * b + self, rounded once to float32."""
        self.f64 += np.multiply(a64, b)
        return self._round()


def log(x):
    """Natural logarithm of positive normal float32 numbers."""
    bits = x.view(np.int32)
    exponent = np.right_shift(bits, 23)
    exponent -= 126
    exponent = exponent.astype(f32)
    mantissa_bits = np.bitwise_and(bits, ~0x7F800000)
    mantissa_bits |= 0x3F000000
    mantissa = mantissa_bits.view(f32)  # in [0.5, 1)
    # below sqrt(1/2), use 2m in [sqrt(1/2), 1) and one less in the exponent
    small = (mantissa < _SQRT_HALF).astype(f32)
    exponent -= small
    m = mantissa - f32(1)
    small *= mantissa
    m += small
    m2 = m * m
    y = _Float32InFloat64.horner(m.astype(np.float64), _LOG_POLY)
    y.f32 *= m
    y = _Float32InFloat64(y.f32).fma(m2.astype(np.float64), (exponent * _LN2_LOW).astype(np.float64))
    y = y.f32
    m2 *= f32(0.5)
    y -= m2
    y += m
    exponent *= _LN2_HIGH
    y += exponent
    return y


def sincos(x):
    """(sin x, cos x) of non-negative float32 numbers (one shared range reduction)."""
    octant = np.multiply(x, _FOUR_OVER_PI).astype(np.int32)
    octant += 1
    octant &= ~1  # round up to even: the nearest multiple of pi/2 below is the centre
    # x - j pi/4 with pi/4 in three parts (Cody and Waite). The first two parts have 8 and 11
    # significant bits, so j (an even number up to 8) times them is exact in float32 and their
    # fused multiply-adds round like a plain product and sum; the third needs the fusion.
    j = octant.astype(f32)
    r = j * _PI4_PARTS[0]
    r += x
    part = j * _PI4_PARTS[1]
    r += part
    r = _Float32InFloat64(r).add_product(j.astype(np.float64), float(_PI4_PARTS[2]))
    z = r.f32 * r.f32
    z64 = z.astype(np.float64)
    cos_r = _Float32InFloat64.horner(z64, _COS_POLY)
    cos_r.f32 *= z
    np.copyto(cos_r.f64, cos_r.f32)
    half_z = z * f32(0.5)
    cos_r.fma(z64, -half_z.astype(np.float64))
    cos_r = cos_r.f32
    cos_r += f32(1)
    sin_r = _Float32InFloat64.horner(z64, _SIN_POLY)
    sin_r.f32 *= z
    np.copyto(sin_r.f64, sin_r.f32)
    sin_r = sin_r.fma(r.f64, r.f64).f32
    # octants 2 and 6 swap the two polynomials (a bitwise swap: NumPy's masked where/copyto
    # cost ten times as much on a random mask); signs are flipped by xor on the sign bit
    sin, cos = sin_r.view(np.int32), cos_r.view(np.int32)
    swap = np.left_shift(octant, 30)
    swap >>= 31  # -1 where bit 1 of the octant is set, else 0
    swap &= sin ^ cos
    sin ^= swap
    cos ^= swap
    flip = octant & 4  # sin is negative in octants 4 and 6
    flip <<= 29
    sin ^= flip
    octant += 2  # cos is negative in octants 2 and 4
    octant &= 4
    octant <<= 29
    cos ^= octant
    return sin_r, cos_r
