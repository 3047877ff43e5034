"""Exercises of lesson 14 (a custom ``autograd.Function``): the reader writes a stable softplus.

The judge runs the reader's ``Function`` on float64 tensors of shapes and values the page never
uses, the tails (±800) included, weighs the output with a random upstream gradient (so a
backward that ignores ``grad_out`` is seen) and compares output and gradient with the formulas
worked out here in NumPy.
"""

import numpy as np

from .exercises import Exercise, Mismatch, written


def _softplus(x):
    return np.logaddexp(0.0, x)


def _sigmoid(x):
    return 0.5 * (1.0 + np.tanh(0.5 * x))


def _compare(got, want, what):
    got = np.asarray(got.detach().numpy() if hasattr(got, "detach") else got, dtype=float)
    if got.shape != want.shape:
        raise Mismatch(f"{what}-এর আকার হওয়া উচিত {want.shape}, কিন্তু পেলাম {got.shape}")
    if not np.all(np.isfinite(got)):
        raise Mismatch(f"{what}-এ inf বা nan এসেছে; বড় ইনপুটেও (যেমন ৮০০) মান সসীম থাকা চাই")
    return bool(np.allclose(got, want, rtol=1e-9, atol=1e-12))


def _judge_softplus(function):
    import pyautograd as torch

    written(getattr(function, "forward", None))
    written(getattr(function, "backward", None))
    rng = np.random.default_rng(1401)
    inputs = (
        rng.normal(scale=3.0, size=(3, 4)),
        np.array([800.0, -800.0, 35.5, -40.25, 0.0, 1e-3]),
        rng.normal(size=(2, 1, 3)),
    )
    for values in inputs:
        upstream = rng.normal(size=values.shape)
        x = torch.tensor(values, dtype=torch.float64, requires_grad=True)
        out = function.apply(x)
        if not _compare(out, _softplus(values), "আউটপুট"):
            return False
        (out * torch.tensor(upstream, dtype=torch.float64)).sum().backward()
        if x.grad is None:
            raise Mismatch("x.grad এখনও None: backward থেকে ইনপুটের গ্রেডিয়েন্ট ফেরত দিন")
        if not _compare(x.grad, upstream * _sigmoid(values), "x.grad"):
            return False
    return True


def _judge_hypot(function):
    import pyautograd as torch

    written(getattr(function, "forward", None))
    written(getattr(function, "backward", None))
    rng = np.random.default_rng(1403)
    for shape in ((4,), (2, 3), (3, 1, 2)):
        a = rng.normal(size=shape) * rng.choice((1.0, 3.0), size=shape)
        b = rng.normal(size=shape)
        upstream = rng.normal(size=shape)
        x = torch.tensor(a, dtype=torch.float64, requires_grad=True)
        y = torch.tensor(b, dtype=torch.float64, requires_grad=True)
        out = function.apply(x, y)
        h = np.hypot(a, b)
        if not _compare(out, h, "আউটপুট"):
            return False
        (out * torch.tensor(upstream, dtype=torch.float64)).sum().backward()
        for name, t, want in (("x.grad", x, upstream * a / h), ("y.grad", y, upstream * b / h)):
            if t.grad is None:
                raise Mismatch(f"{name} এখনও None: backward থেকে দুই ইনপুটেরই গ্রেডিয়েন্ট ফেরত দিন")
            if not _compare(t.grad, want, name):
                return False
    return True


EXERCISES = {
    "14.1": Exercise(
        expected=None,
        judge=_judge_softplus,
        level=2,
        hint="log(1 + e^x)-কে x-এর সাপেক্ষে ডিফারেনশিয়েট করলে পাওয়া যায় e^x / (1 + e^x): এটি চেনা একটি ফাংশন, আর "
        "torch-এ তার স্থিতিশীল রূপ আছে। ফরওয়ার্ডে বড় x-এ e^x উপচে পড়ে; x ধনাত্মক হলে log(1 + e^x) = x + log(1 + e^(-x)) "
        "লিখুন, দুই ক্ষেত্র একসঙ্গে: max(x, 0) + log1p(e^(-|x|))। ব্যাকওয়ার্ডে grad_out দিয়ে গুণ করতে ভুলবেন না।",
    ),
    "14.2": Exercise(
        expected=-0.10650697891920075,
        # the page's float32 node gives -0.1065070033; the exact value is the one above
        tol=1e-5,
        hint="ব্যাকওয়ার্ড (p - ওয়ান-হট) / N। প্রথম সারির সম্ভাবনা তিনটি e^লজিট-কে তাদের যোগফল দিয়ে ভাগ করে পাবেন; "
        "সঠিক শ্রেণির ঘরে ওয়ান-হট এক, আর N হলো সারির সংখ্যা। উত্তর ঋণাত্মক হওয়া উচিত।",
    ),
    "14.3": Exercise(
        expected=None,
        judge=_judge_hypot,
        level=2,
        hint="h = sqrt(x² + y²) হলে ∂h/∂x = x / h আর ∂h/∂y = y / h। তাই ফরওয়ার্ডে x, y আর আউটপুট h তিনটিই রেখে দিন, "
        "আর backward থেকে দুটি গ্রেডিয়েন্ট ফেরত দিন, প্রতিটি grad_out দিয়ে গুণ করে, ইনপুটের ক্রমে।",
    ),
}
