"""Exercises of lesson 16 (why reverse mode): counting paths in the graph, and choosing the mode.

16.1 runs the reader's ``count_paths(root, leaf)`` on graphs the page never builds (a chain of
diamonds, a leaf used several times, a second leaf on other branches) and compares with a count
by dynamic programming over ``next_functions``. 16.2 runs the reader's ``cheaper_jacobian`` on
functions with more inputs than outputs and the other way round, and asks both for the right
Jacobian and for the passes of the cheaper mode, ``min(inputs, outputs)``, counted by
``count_passes``. 16.3 asks for the bytes the page's network keeps for the backward pass at a
batch of 1024: 65792 of weights, which do not grow, and 1024 * (64 + 128 + 64 + 1) * 4 bytes of
inputs to the matrix products and the tanh outputs and the differences, which do.
"""

import numpy as np

from .exercises import Exercise, Mismatch, written


def _reference_paths(root, leaf):
    """Paths from ``root.grad_fn`` to ``leaf``'s AccumulateGrad, each node counted once (memo)."""
    memo = {}

    def paths(node):
        if node is None:
            return 0
        if getattr(node, "variable", None) is leaf:
            return 1
        key = id(node)
        if key not in memo:
            memo[key] = sum(paths(nxt) for nxt, _ in node.next_functions)
        return memo[key]

    return paths(root.grad_fn)


def _graphs():
    import pyautograd as torch

    x = torch.tensor(0.7, requires_grad=True)
    w = torch.tensor(-1.3, requires_grad=True)
    h = x
    for _ in range(6):  # six diamonds in a row: 2**6 paths
        h = torch.sin(h) * torch.cos(h)
    yield h, x
    u = x * w + x
    v = u * u + w
    yield v * x, x
    yield v * x, w
    yield (x.exp() + w).tanh() * w, w
    z = torch.tensor(2.0, requires_grad=True)
    yield x * w + z * 3.0, z


def _judge_count_paths(count_paths):
    written(count_paths)
    for root, leaf in _graphs():
        want = _reference_paths(root, leaf)
        got = count_paths(root, leaf)
        if not isinstance(got, (int, np.integer)) or isinstance(got, bool):
            raise Mismatch(f"count_paths একটি পূর্ণসংখ্যা ফেরত দেবে, কিন্তু পেলাম {type(got).__name__}")
        if got != want:
            return False
    return True


def _functions():
    import pyautograd as torch

    a = torch.tensor(np.random.default_rng(1602).normal(size=(3, 7)), dtype=torch.float64)
    yield (lambda x: torch.tanh(a @ x)), torch.linspace(-1.0, 1.0, 7, dtype=torch.float64)  # 7 -> 3
    yield (
        (lambda x: (x.unsqueeze(0) * torch.arange(1.0, 6.0).unsqueeze(1)).sin().reshape(-1)),
        torch.tensor([0.3, -0.8]),
    )  # 2 -> 10
    yield (lambda x: (x**2).sum()), torch.arange(5.0)  # 5 -> 1


def _judge_cheaper_jacobian(cheaper_jacobian):
    from pyautograd.autograd.functional import count_passes, jacobian

    written(cheaper_jacobian)
    for f, x in _functions():
        n, m = x.numel(), f(x).numel()
        want = jacobian(f, x).detach().numpy()
        with count_passes() as passes:
            got = cheaper_jacobian(f, x)
        got = np.asarray(got.detach().numpy() if hasattr(got, "detach") else got, dtype=float)
        if got.shape != want.shape:
            raise Mismatch(f"জ্যাকোবিয়ানের আকার হওয়া উচিত {want.shape}, কিন্তু পেলাম {got.shape}")
        if not np.allclose(got, want, rtol=1e-5, atol=1e-7):
            return False
        used = passes.vjp + passes.jvp
        if used != min(n, m):
            raise Mismatch(
                f"{n}টি ইনপুট আর {m}টি আউটপুটের ফাংশনে পাস লাগল {used}টি (vjp {passes.vjp}, jvp {passes.jvp}); "
                f"সস্তা মোডে লাগে {min(n, m)}টি"
            )
    return True


EXERCISES = {
    "16.1": Exercise(
        expected=None,
        judge=_judge_count_paths,
        level=2,
        hint="root.grad_fn থেকে শুরু করে next_functions ধরে হাঁটুন। যে নোডের variable ঠিক leaf (is দিয়ে মেলান), সেখান থেকে "
        "পথ একটি; None বা অন্য পাতা থেকে শূন্য; বাকি নোডে তার সব পরের নোডের পথসংখ্যা যোগ করুন। একই নোড বারবার এলে "
        "আগের উত্তর মনে রাখলে (dict-এ) কাজ অনেক কমে।",
    ),
    "16.2": Exercise(
        expected=None,
        judge=_judge_cheaper_jacobian,
        level=3,
        hint="ইনপুটের সংখ্যা x.numel(), আউটপুটের সংখ্যা f(x).numel()। রিভার্স মোডে প্রতিটি আউটপুটের জন্য একটি পাস, "
        "ফরওয়ার্ড মোডে প্রতিটি ইনপুটের জন্য একটি। যেটি ছোট, সেই মোড বেছে jacobian(f, x, strategy=...) ডাকুন; "
        "ফরওয়ার্ড মোডে vectorize=True লাগে।",
    ),
    "16.3": Exercise(
        expected=1118464,
        level=2,
        tol=0,  # a byte count is exact: a relative 1e-4 (±111 bytes) would pass an answer a few floats off
        hint="ওজনের বাইট ব্যাচে বদলায় না। বাকিগুলো প্রতিটি উদাহরণের জন্য একবার করে: প্রথম ম্যাট্রিক্স গুণের ইনপুটের ৬৪টি, দুই "
        "tanh-এর আউটপুটের ১২৮ আর ৬৪টি, আর বিয়োগফলের একটি সংখ্যা, প্রতিটি ৪ বাইট। ব্যাচ ৩২-এর হিসাব থেকে ওজনের অংশ আলাদা করে "
        "বাকিটা ব্যাচের অনুপাতে বাড়ান।",
    ),
}
