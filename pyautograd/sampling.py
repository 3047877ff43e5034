"""From raw bits to numbers: PyTorch's CPU transforms, drawn in PyTorch's order.

Each function takes a ``Generator`` and returns a NumPy array; the tensor-level functions in
``random_tensors`` (factories and ``Tensor`` methods) wraps them. The rules (all checked
against PyTorch 2.13, see ``tests/core/test_random_vs_torch.py``):

* uniform float32 = low 24 bits of one 32-bit word * 2**-24; float64 = low 53 bits of one 64-bit
  word (two 32-bit words, first one high) * 2**-53; then ``u * (high - low) + low`` as one fused
  multiply-add.
* normal, 16 or more elements in one contiguous block: first draw a uniform per element, then
  turn each block of 16 into 8 Box-Muller pairs (element j with j + 8); a last partial block is
  redrawn as 16 fresh uniforms that overwrite the last 16 elements. float32 uses the AVX2
  polynomials of ``float32_math``, float64 the C library's log/cos/sin.
* normal, fewer than 16 elements (or a strided view): one pair of float64 uniforms gives
  ``r = sqrt(-2 log(1 - u2))`` and ``theta = 2 pi u1``; ``r cos theta`` is returned now and
  ``r sin theta`` is kept in the generator for the next normal, even one in a later call.
* integers in [low, high): ``word % (high - low) + low`` with a 32-bit word, or a 64-bit one when
  the range is 2**32 or more (for int64, float and double tensors).
"""

import functools
import math

import numpy as np

from . import float32_math

NORMAL_BLOCK = 16  # PyTorch's vectorised normal path needs at least this many contiguous elements


def _libm(func, x):
    """``func`` of every element through Python's ``math`` (the C library, as PyTorch calls it):
    NumPy's own vectorised float64 log/sin/cos may differ from it in the last bit now and then
    (on this machine, log does for 0.35% of inputs: NumPy uses its own AVX-512 code there)."""
    ufunc = _ufunc_if_libm(func.__name__)
    if ufunc is not None:
        return ufunc(x)
    return np.fromiter(map(func, x.ravel().tolist()), np.float64, x.size).reshape(x.shape)


@functools.cache
def _ufunc_if_libm(name):
    """NumPy's float64 ufunc of that name if it gives the C library's results, else None.

    Where NumPy calls the C library itself (as for sin and cos today, and in Pyodide) the two
    always agree; NumPy's own vectorised code (up to 1 unit in the last place) differs for about
    one number in three hundred, so 4096 probes all agreeing tell the two apart. Decided once,
    on first use: the ufunc is some hundred times faster than calling ``math`` per element."""
    probe = np.random.default_rng(12345).random(4096)
    probe = 2 * np.pi * probe if name in ("sin", "cos") else (1 - probe if name == "log" else -probe)
    ufunc, func = getattr(np, name), getattr(math, name)
    with np.errstate(all="ignore"):
        same = np.array_equal(ufunc(probe), np.array([func(v) for v in probe.tolist()]))
    return ufunc if same else None


def _fma64(a, b, c):
    """``a * b + c`` with one rounding in float64, as the fused multiply-add PyTorch's compiler
    emits: the product's rounding error is recovered exactly (Dekker), then added back."""
    a, b, c = np.asarray(a, np.float64), np.asarray(b, np.float64), np.asarray(c, np.float64)
    product = a * b
    split = 134217729.0  # 2**27 + 1 splits a double into two 26-bit halves
    a_hi = a * split - (a * split - a)
    b_hi = b * split - (b * split - b)
    a_lo, b_lo = a - a_hi, b - b_hi
    product_error = ((a_hi * b_hi - product) + a_hi * b_lo + a_lo * b_hi) + a_lo * b_lo
    total = product + c
    back = total - product
    sum_error = (product - (total - back)) + (c - back)
    return total + (sum_error + product_error)


def uniform(gen, count, dtype, low=0.0, high=1.0):
    """``count`` numbers in [low, high) of NumPy ``dtype`` (float32 or float64)."""
    if dtype == np.float32:
        low32, high32 = np.float32(low), np.float32(high)
        u = gen.uniform32(count)
        if low32 == 0 and high32 == 1:
            return u
        return float32_math.fma(u, high32 - low32, low32)
    u = gen.uniform64(count)
    if low == 0 and high == 1:
        return u.astype(dtype, copy=False)
    return _fma64(u, float(high) - float(low), float(low)).astype(dtype, copy=False)


_CHUNK_ROWS = 2048  # blocks of 16 per step of the float32 path: its temporaries stay in cache


def _box_muller_blocks(u, dtype):
    """Blocks of 16 uniforms (rows) to blocks of 16 normals, in place: pairs (j, j + 8)."""
    if dtype == np.float32:
        for start in range(0, len(u), _CHUNK_ROWS):
            rows = u[start : start + _CHUNK_ROWS]
            _box_muller_float32(rows)
        return u
    radius = np.sqrt(-2 * _libm(math.log, 1 - u[:, :8]))
    theta = 2 * np.pi * u[:, 8:]
    sin, cos = _libm(math.sin, theta), _libm(math.cos, theta)
    np.multiply(radius, cos, out=u[:, :8])
    np.multiply(radius, sin, out=u[:, 8:])
    return u


def _box_muller_float32(u):
    radius = float32_math.log(np.subtract(np.float32(1), u[:, :8]))
    radius *= np.float32(-2)
    np.sqrt(radius, out=radius)
    sin, cos = float32_math.sincos(np.multiply(np.float32(2 * np.pi), u[:, 8:]))
    np.multiply(radius, cos, out=u[:, :8])
    np.multiply(radius, sin, out=u[:, 8:])


def _scale(z, dtype, mean, std):
    if mean == 0 and std == 1:
        return z
    if dtype == np.float32:
        return float32_math.fma(z, np.float32(std), np.float32(mean))
    return _fma64(z, std, mean).astype(dtype, copy=False)


def normal(gen, count, dtype, mean=0.0, std=1.0, contiguous=True):
    """``count`` normal numbers, by PyTorch's vectorised path or its pairwise cached one."""
    if count >= NORMAL_BLOCK and contiguous and dtype in (np.float32, np.float64):
        draw = gen.uniform32 if dtype == np.float32 else gen.uniform64
        out = draw(count)  # the normals replace their uniforms in place
        whole = count // NORMAL_BLOCK * NORMAL_BLOCK
        _box_muller_blocks(out[:whole].reshape(-1, NORMAL_BLOCK), dtype)
        if count % NORMAL_BLOCK:
            # the uniforms drawn for the last partial block are dropped (PyTorch draws them too):
            # 16 fresh ones give the last 16 normals
            tail = draw(NORMAL_BLOCK).reshape(1, NORMAL_BLOCK)
            out[count - NORMAL_BLOCK :] = _box_muller_blocks(tail, dtype).ravel()
        return _scale(out, dtype, mean, std)
    z = _cached_pairs(gen, count)
    return _fma64(z, std, mean).astype(dtype)


def _cached_pairs(gen, count):
    """``count`` float64 standard normals, starting with the generator's cached one."""
    out = np.empty(count)
    start = 0
    if count and gen._normal is not None:
        out[0], gen._normal, start = gen._normal, None, 1
    pairs = (count - start + 1) // 2
    if pairs:
        u = gen.uniform64(2 * pairs).reshape(pairs, 2)
        radius = np.sqrt(-2 * _libm(math.log1p, -u[:, 1]))
        theta = 2 * np.pi * u[:, 0]
        both = np.stack([radius * _libm(math.cos, theta), radius * _libm(math.sin, theta)], axis=1).ravel()
        out[start:] = both[: count - start]
        if (count - start) % 2:
            gen._normal = float(both[-1])
    return out


# ---- integers -------------------------------------------------------------------------------------
_FULL_RANGE = {  # random_() without bounds: word % (this + 1), as PyTorch's uniform_int
    np.dtype(np.int64): 2**63 - 1,
    np.dtype(np.int32): 2**31 - 1,
    np.dtype(np.int16): 2**15 - 1,
    np.dtype(np.int8): 2**7 - 1,
    np.dtype(np.uint8): 2**8 - 1,
    np.dtype(np.float64): 2**53,
    np.dtype(np.float32): 2**24,
    np.dtype(np.float16): 2**11,
}
_WIDE = (np.dtype(np.int64), np.dtype(np.float64))


def random_full(gen, count, dtype):
    """``Tensor.random_()``: integers from 0 to the largest the dtype holds exactly."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return (gen.random32(count) & np.uint64(1)).astype(np.bool_)
    words = gen.random64(count) if dtype in _WIDE else gen.random32(count)
    return (words % np.uint64(_FULL_RANGE[dtype] + 1)).astype(dtype)


def random_from(gen, count, dtype, low):
    """``Tensor.random_(from, None)``: integers from ``low`` to the largest the dtype holds
    exactly, ``word % range + low``; PyTorch 2.13 draws 64-bit words for int32 here (checked
    against it for every integer and float dtype)."""
    dtype = np.dtype(dtype)
    top = 1 if dtype == np.bool_ else _FULL_RANGE[dtype]
    return random_range(gen, count, dtype, low, top + 1, wide=dtype == np.int32 or None)


def random_range(gen, count, dtype, low, high, wide=None):
    """Integers in [low, high): ``word % range + low`` (64-bit words for wide ranges)."""
    dtype = np.dtype(dtype)
    span = int(high) - int(low)
    if wide is None:
        wide = span >= 2**32 and dtype in (*_WIDE, np.dtype(np.float32))
    words = gen.random64(count) if wide else gen.random32(count)
    offsets = words % np.uint64(span)
    return (offsets.astype(np.int64) + np.int64(low)).astype(dtype)


def randperm(gen, n):
    """A Fisher-Yates shuffle of 0..n-1: position i swaps with i + (word % (n - i))."""
    order = list(range(n))
    if n > 1:
        spans = np.arange(n, 1, -1, dtype=np.uint64)
        picks = (gen.random32(n - 1) % spans).astype(np.int64) + np.arange(n - 1)
        for i, j in enumerate(picks.tolist()):
            order[i], order[j] = order[j], order[i]
    return np.array(order, dtype=np.int64)


# ---- other distributions --------------------------------------------------------------------------
def bernoulli(gen, probabilities):
    """One draw per probability: 1 where a uniform falls below it (float64 uniforms for float64
    probabilities or a Python number, float32 ones for float32 probabilities)."""
    p = np.asarray(probabilities)
    if p.dtype == np.float32:
        u = gen.uniform32(p.size).reshape(p.shape)
    else:
        u = gen.uniform64(p.size).reshape(p.shape)
    return u < p


def exponential(gen, count, dtype, rate=1.0):
    """``-log(1 - u) / rate`` with float64 uniforms."""
    u = gen.uniform64(count)
    return ((-1.0 / rate) * _libm(math.log1p, -u)).astype(dtype)


def multinomial(gen, probs, num_samples, replacement):
    """Indices drawn from each row of ``probs`` (a 2-D array of non-negative weights)."""
    if not replacement or num_samples == 1:
        # PyTorch's shortcut: argmax / top-k of p / q with q ~ Exp(1) (the Gumbel trick)
        q = exponential(gen, probs.size, probs.dtype).reshape(probs.shape)
        keys = probs / q
        if num_samples == 1:
            return np.argmax(keys, axis=-1)[:, None]
        return np.stack([_top_k(row, num_samples) for row in keys])
    out = np.empty((probs.shape[0], num_samples), np.int64)
    for row, weights in enumerate(probs):
        cumulative = np.cumsum(weights)  # sequential, in the weights' dtype, like PyTorch
        cumulative = cumulative / cumulative[-1]
        cumulative[-1] = 1
        u = gen.uniform64(num_samples)
        out[row] = np.searchsorted(cumulative.astype(np.float64), u, side="left")
    return out


# ---- PyTorch's CPU top-k, ties included ---------------------------------------------------------
# multinomial without replacement returns topk(p / q): when it asks for more categories than
# have a non-zero probability, the zero keys tie, and which of them come out in which order is
# what PyTorch's CPU kernel does with them: std::nth_element then std::sort of the first k - 1
# (or std::partial_sort when k * 64 <= n), from GCC's libstdc++. The steps below follow those
# algorithms so that the same seed picks the same categories. Keys here are never NaN.
def _top_k(keys, k):
    order = np.argsort(-keys, kind="stable")
    top = keys[order[: k + 1]]
    if len(np.unique(top)) == len(top):  # no tie can change the answer: sorting decides it
        return order[:k]
    queue = [(float(v), i) for i, v in enumerate(keys.tolist())]
    if k * 64 <= len(queue):
        _partial_sort(queue, 0, k, len(queue))
    else:
        _nth_element(queue, 0, k - 1, len(queue))
        _sort(queue, 0, k - 1)
    return np.array([i for _, i in queue[:k]], dtype=np.int64)


def _before(x, y):  # the comparator of a largest-first top-k
    return x[0] > y[0]


def _insertion_sort(a, first, last):
    for i in range(first + 1, last):
        value = a[i]
        if _before(value, a[first]):
            a[first + 1 : i + 1] = a[first:i]
            a[first] = value
        else:
            j = i
            while _before(value, a[j - 1]):
                a[j] = a[j - 1]
                j -= 1
            a[j] = value


def _median_to_first(a, result, x, y, z):
    if _before(a[x], a[y]):
        if _before(a[y], a[z]):
            pick = y
        elif _before(a[x], a[z]):
            pick = z
        else:
            pick = x
    elif _before(a[x], a[z]):
        pick = x
    elif _before(a[y], a[z]):
        pick = z
    else:
        pick = y
    a[result], a[pick] = a[pick], a[result]


def _partition_pivot(a, first, last):
    _median_to_first(a, first, first + 1, first + (last - first) // 2, last - 1)
    pivot, lo, hi = a[first], first + 1, last
    while True:
        while _before(a[lo], pivot):
            lo += 1
        hi -= 1
        while _before(pivot, a[hi]):
            hi -= 1
        if not lo < hi:
            return lo
        a[lo], a[hi] = a[hi], a[lo]
        lo += 1


def _adjust_heap(a, first, hole, length, value):
    top = hole
    child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if _before(a[first + child], a[first + child - 1]):
            child -= 1
        a[first + hole] = a[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        a[first + hole] = a[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and _before(a[first + parent], value):
        a[first + hole] = a[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    a[first + hole] = value


def _heap_select(a, first, middle, last):
    length = middle - first
    if length >= 2:
        parent = (length - 2) // 2
        while True:
            _adjust_heap(a, first, parent, length, a[first + parent])
            if parent == 0:
                break
            parent -= 1
    for i in range(middle, last):
        if _before(a[i], a[first]):
            value = a[i]
            a[i] = a[first]
            _adjust_heap(a, first, 0, length, value)


def _partial_sort(a, first, middle, last):
    _heap_select(a, first, middle, last)
    while middle - first > 1:
        middle -= 1
        value = a[middle]
        a[middle] = a[first]
        _adjust_heap(a, first, 0, middle - first, value)


def _nth_element(a, first, nth, last):
    if first == last or nth == last:
        return
    depth = 2 * ((last - first).bit_length() - 1)
    while last - first > 3:
        if depth == 0:
            _heap_select(a, first, nth + 1, last)
            a[first], a[nth] = a[nth], a[first]
            return
        depth -= 1
        cut = _partition_pivot(a, first, last)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(a, first, last)


def _sort(a, first, last):
    if last - first < 2:
        return
    _introsort(a, first, last, 2 * ((last - first).bit_length() - 1))
    _insertion_sort(a, first, last)


def _introsort(a, first, last, depth):
    while last - first > 16:
        if depth == 0:
            _partial_sort(a, first, last, last)
            return
        depth -= 1
        cut = _partition_pivot(a, first, last)
        _introsort(a, cut, last, depth)
        last = cut
