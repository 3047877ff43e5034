"""Exercises of lesson 4: counting passes, finite differences, forward mode with dual numbers."""

import math

from .exercises import Exercise, Mismatch, close, written


def _judge_central_difference(numeric_grad):
    """The reader's ``numeric_grad(f, point, eps)`` on functions the page never shows.

    With eps = 1e-3 a central difference is off by about eps² (1e-6) and a forward
    difference by about eps (1e-3), so the tolerance tells the two apart.
    """
    written(numeric_grad)
    cases = [
        (lambda a, b, c: a * b + math.sin(c), [0.7, -1.3, 0.4], lambda a, b, c: [b, a, math.cos(c)]),
        (lambda a, b: math.exp(a) * b**2, [0.2, 1.5], lambda a, b: [math.exp(a) * b**2, 2 * b * math.exp(a)]),
        (lambda t: t**3 - 2 * t, [1.1], lambda t: [3 * t**2 - 2]),
    ]
    for f, point, grad in cases:
        got = numeric_grad(f, list(point), 1e-3)
        if not close(list(got), grad(*point), 2e-5):
            return False
    return True


# ---------------------------------------------------------------- 4.5: forward mode with dual numbers


def _random_outputs(rng, n, m):
    """m polynomials of n inputs, drawn now: each output a product of two inputs, a product of
    three, a linear term and a constant. They use only +, * and numbers on the right or left,
    so they run on the page's ``Dual`` and on pyautograd's tensors alike."""
    terms = []
    for _ in range(m):
        i, j, k, a, b, c = (int(v) for v in rng.integers(0, n, size=6))
        coef = [float(v) for v in rng.uniform(-2, 2, size=4)]
        terms.append((i, j, k, a, b, c, coef))

    def f(*xs):
        return [
            coef[0] * xs[i] * xs[j] + xs[k] * xs[a] * xs[b] * coef[1] + coef[2] * xs[c] + coef[3]
            for i, j, k, a, b, c, coef in terms
        ]

    return f


# ---------------------------------------------------------------- 4.3: one pass gives J·ẋ


def _counted(f, calls):
    """``f`` that records each call and refuses pyautograd's tensors: the exercises of this
    section carry the tangents by hand, on the page's ``Dual``."""
    import pyautograd as torch

    def counted(*xs):
        if any(isinstance(x, torch.Tensor) for x in xs):
            raise Mismatch("f পেল pyautograd-এর টেনসর: এখানে ট্যানজেন্ট নিজে বইতে হবে, পাতার Dual দিয়ে")
        calls.append(len(xs))
        return f(*xs)

    return counted


def _judge_jvp(jvp):
    """``jvp(f, point, tangent)``: J·ẋ of ``f`` (n numbers in, a list of m out) at ``point``
    along ``tangent``, from a single forward pass with the page's ``Dual``. Sizes, functions,
    points and directions are drawn at check time (more outputs than inputs, fewer, and as
    many); the reference is pyautograd's float64 ``jacobian`` times the direction. Named
    mistakes: more than one call of ``f`` (n one-hot passes combined, or a finite difference
    along the direction), every tangent 1 instead of the direction's numbers, and the value
    part returned instead of the ε-part."""
    import numpy as np

    import pyautograd as torch
    from pyautograd.autograd.functional import jacobian

    written(jvp)
    rng = np.random.default_rng()
    a, b = (int(v) for v in rng.integers(2, 5, size=2))
    for n, m in ((a, a + int(rng.integers(1, 3))), (b + int(rng.integers(1, 3)), b), (a, a)):
        f = _random_outputs(rng, n, m)
        point = [float(v) for v in rng.uniform(-1.5, 1.5, size=n)]
        # every entry between 1.2 and 2.5 in size, either sign: never 0 or ±1, so neither a
        # one-hot nor an all-ones tangent can pass by chance
        size = rng.uniform(1.2, 2.5, size=n) * rng.choice([-1.0, 1.0], size=n)
        tangent = [float(v) for v in size]
        calls = []
        got = list(jvp(_counted(f, calls), list(point), list(tangent)))
        J = jacobian(lambda x, f=f: torch.stack(f(*x.unbind())), torch.tensor(point, dtype=torch.float64))
        J = J.numpy()
        if any(hasattr(v, "eps") for v in got):
            raise Mismatch("ফেরত এসেছে Dual সংখ্যা: চাই শুধু তাদের ε-অংশ, সাধারণ সংখ্যা হিসেবে")
        got = np.array(got, dtype=float)
        if got.shape != (m,):
            raise Mismatch(
                f"{n}টি ইনপুট আর {m}টি আউটপুট হলে J·ẋ-এ থাকে {m}টি সংখ্যা, প্রতিটি আউটপুটের একটি; "
                f"পেলাম আকার {got.shape}"
            )
        if len(calls) != 1:
            raise Mismatch(
                f"f চলল {len(calls)} বার: J·ẋ-এর জন্য ফরওয়ার্ড মোডের একটি পাসই যথেষ্ট, "
                "জ্যাকোবিয়ানের কলামগুলো আলাদা করে লাগে না"
            )
        if np.allclose(got, J @ tangent, rtol=1e-9, atol=1e-9):
            continue
        if np.allclose(got, J @ np.ones(n), rtol=1e-9, atol=1e-9):
            raise Mismatch("ফল মেলে সব ট্যানজেন্ট 1 ধরলে যা আসে তার সঙ্গে: tangent-এর সংখ্যাগুলো কাজে লাগেনি")
        if np.allclose(got, f(*point), rtol=1e-9, atol=1e-9):
            raise Mismatch("ফেরত এসেছে আউটপুটগুলোর মান, তাদের ε-অংশ নয়")
        return False
    return True


def _judge_forward_jacobian(forward_jacobian):
    """``forward_jacobian(f, point)``: the m × n Jacobian of ``f`` (n numbers in, a list of m
    out) at ``point`` by forward mode, one pass of ``f`` per input with the page's ``Dual``.
    Sizes, functions and points are drawn at check time; one case has more outputs than
    inputs, one fewer (so a transposed answer fails on its shape) and one is square. The
    reference is pyautograd's own ``jacobian`` in float64. ``f`` counts its calls, so finite
    differences (2n calls) and a single pass with every tangent 1 are named, and refuses
    tensors, since the exercise is to carry the tangents by hand."""
    import numpy as np

    import pyautograd as torch
    from pyautograd.autograd.functional import jacobian

    written(forward_jacobian)
    rng = np.random.default_rng()
    a, b = (int(v) for v in rng.integers(2, 5, size=2))
    for n, m in ((a, a + int(rng.integers(1, 3))), (b + int(rng.integers(1, 3)), b), (a, a)):
        f = _random_outputs(rng, n, m)
        point = [float(v) for v in rng.uniform(-1.5, 1.5, size=n)]
        calls = []
        got = forward_jacobian(_counted(f, calls), list(point))
        want = jacobian(
            lambda x, f=f: torch.stack(f(*x.unbind())), torch.tensor(point, dtype=torch.float64)
        ).numpy()
        got = np.array([[float(v) for v in row] for row in got])
        if got.shape != want.shape:
            raise Mismatch(
                f"{n}টি ইনপুট আর {m}টি আউটপুট হলে জ্যাকোবিয়ানের আকার হওয়া উচিত ({m}, {n}): "
                f"প্রতিটি আউটপুটের একটি সারি; পেলাম {got.shape}"
            )
        if len(calls) != n:
            raise Mismatch(
                f"{n}টি ইনপুটের জন্য f চলল {len(calls)} বার: ফরওয়ার্ড মোডে প্রতিটি ইনপুটের জন্য ঠিক একটি পাস"
            )
        if not np.allclose(got, want, rtol=1e-9, atol=1e-9):
            return False
    return True


EXERCISES = {
    "4.1": Exercise(
        expected=10,
        hint="রিভার্স মোডের একটি পাসে জ্যাকোবিয়ানের একটি সারি পাওয়া যায়, আর প্রতিটি আউটপুটের জন্য "
        "একটি সারি। ইনপুটের সংখ্যা এখানে কোনো ভূমিকা রাখে না।",
    ),
    "4.2": Exercise(
        expected=None,
        judge=_judge_central_difference,
        level=2,
        hint="প্রতিটি i-এর জন্য point-এর একটি কপি বানিয়ে শুধু i-তম সংখ্যাটি eps বাড়ান, আরেকটি কপিতে eps কমান; "
        "f(*কপি) দিয়ে দুই মান বের করে পার্থক্যকে দুই দিকের মোট দূরত্ব দিয়ে ভাগ করুন। সম্মুখ পার্থক্য "
        "এখানে যথেষ্ট নির্ভুল নয়। ফেরত দিন point-এর সমান দৈর্ঘ্যের একটি তালিকা।",
    ),
    "4.3": Exercise(
        expected=None,
        judge=_judge_jvp,
        level=2,
        hint="হাতে লেখা ফরওয়ার্ড মোডে শুরুর ট্যানজেন্ট ছিল dx = 1, dy = 0, আর ফলের ট্যানজেন্টে এসেছিল জ্যাকোবিয়ানের "
        "একটি কলাম। শুরুর ট্যানজেন্টগুলো যদি যেকোনো সংখ্যা হয়, প্রতিটি ধাপের চেইন রুল মেনে ফলের ε-অংশে কী জমে? "
        "উত্তরটা ভেবে নিলে পুরো জ্যাকোবিয়ান না বানিয়েই f একবার চালিয়ে কাজ হয়ে যায়।",
    ),
    "4.4": Exercise(
        expected=12.006001,
        hint="সম্মুখ পার্থক্যের সূত্রে x = 2 আর ε = 0.001 বসান, যেখানে f(x) = x ** 3। কেন্দ্রীয় "
        "পার্থক্য নয়, সম্মুখ পার্থক্য চাই; আর ফলটি গোল করবেন না।",
        tol=3e-4,  # a float32 answer (12.0049) passes; 12 and the central difference do not
    ),
    "4.5": Exercise(
        expected=None,
        judge=_judge_forward_jacobian,
        level=3,
        hint="প্রতিটি ইনপুট j-এর জন্য একটি করে পাস: point-এর প্রতিটি সংখ্যাকে Dual বানান, যার ε-অংশ j-তম ঘরে 1 আর "
        "বাকি সব ঘরে 0; তারপর f(*সেই_তালিকা) একবার চালান। ফেরত আসা প্রতিটি আউটপুটের ε-অংশ (.eps) জ্যাকোবিয়ানের "
        "j-তম কলামের একটি ঘর। সব কলাম জমিয়ে শেষে সাজান যাতে প্রতিটি সারি একটি আউটপুটের: আকার (আউটপুট, ইনপুট)।",
    ),
}
