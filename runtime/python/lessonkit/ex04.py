"""Exercises of lesson 4: forward vs reverse mode, autograd on the two-layer network, finite differences."""

import math

from .exercises import Exercise, close, written


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
        level=2,
        expected=3.4496362,
        hint="'একই নেটওয়ার্ক, PyTorch-এর কোডে' অংশের সেলটি কপি করে x1-কে torch.tensor(3.0) করুন, "
        "L.backward() চালিয়ে w1.grad.item() নিন। হাতে করলে মনে রাখুন: z1 এখন আর শূন্য নয়, "
        "তাই sigmoid-এর মান 0.5 থাকে না।",
        tol=1e-4,
    ),
    "4.4": Exercise(
        expected=12.006001,
        hint="সম্মুখ পার্থক্যের সূত্রে x = 2 আর ε = 0.001 বসান, যেখানে f(x) = x ** 3। কেন্দ্রীয় "
        "পার্থক্য নয়, সম্মুখ পার্থক্য চাই; আর ফলটি গোল করবেন না।",
        tol=3e-4,  # a float32 answer (12.0049) passes; 12 and the central difference do not
    ),
}
