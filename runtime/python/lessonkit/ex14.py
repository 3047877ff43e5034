"""Exercises of lesson 14 (a custom ``autograd.Function``): the reader writes a stable softplus.

The judge runs the reader's ``Function`` on float64 tensors of shapes and values the page never
uses, the tails (±800) included, weighs the output with a random upstream gradient (so a
backward that ignores ``grad_out`` is seen) and compares output and gradient with the formulas
worked out here in NumPy.
"""

import numpy as np

from .exercises import Exercise, Mismatch, written
from .judges import _names_used


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


def _stable_softmax(z):
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _judge_softmax(function):
    """``Softmax.apply(z)``: the softmax of each row of a 2-D float64 tensor, with a backward
    that returns the vector-Jacobian product. Sizes, values and the upstream gradient are drawn
    at check time, with a row near +1000 and one near -1000. A gradient that keeps only the
    Jacobian's diagonal is named. The library's softmax
    is refused: the exercise is the node itself."""
    import pyautograd as torch

    written(getattr(function, "forward", None))
    written(getattr(function, "backward", None))
    used = _names_used(function.forward.__code__) | _names_used(function.backward.__code__)
    if {"softmax", "log_softmax", "jacobian"} & used:
        raise Mismatch("এখানে লাইব্রেরির softmax (বা jacobian) চলবে না: ফরওয়ার্ড আর ব্যাকওয়ার্ড দুটোই নিজে লিখুন")
    rng = np.random.default_rng()
    for _ in range(3):
        n, k = (int(v) for v in rng.integers(2, 7, size=2))
        values = rng.normal(scale=2.0, size=(n, k))
        rows = rng.permutation(n)
        values[rows[0]] += 1000.0
        values[rows[1]] -= 1000.0
        upstream = rng.normal(size=(n, k))
        z = torch.tensor(values, dtype=torch.float64, requires_grad=True)
        out = function.apply(z)
        p = _stable_softmax(values)
        if not _compare(out, p, "আউটপুট"):
            return False
        (out * torch.tensor(upstream, dtype=torch.float64)).sum().backward()
        if z.grad is None:
            raise Mismatch("z.grad এখনও None: backward থেকে ইনপুটের গ্রেডিয়েন্ট ফেরত দিন")
        want = p * (upstream - (upstream * p).sum(axis=1, keepdims=True))
        got = np.asarray(z.grad.numpy(), dtype=float)
        if got.shape == want.shape and np.allclose(got, p * (1 - p) * upstream, rtol=1e-9, atol=1e-12):
            raise Mismatch(
                "শুধু জ্যাকোবিয়ানের কর্ণটুকু এসেছে (p(1 - p)): একটি ঘরের লজিট বদলালে সারির অন্য সব সম্ভাবনাও বদলায়"
            )
        if not _compare(z.grad, want, "z.grad"):
            return False
    return True


def _judge_ce_grad(ce_grad):
    """``ce_grad(logits, target)``: the gradient of the mean cross-entropy with respect to the
    logits, in NumPy, for batch sizes, class counts, logits and targets drawn at check time
    and compared with pyautograd's ``F.cross_entropy`` backward. A gradient not divided by N,
    or without the one-hot subtracted, is named."""
    import pyautograd as torch
    import pyautograd.nn.functional as F

    written(ce_grad)
    rng = np.random.default_rng()
    for _ in range(3):
        n, c = int(rng.integers(2, 7)), int(rng.integers(2, 6))
        logits = rng.normal(size=(n, c)) * 2.0
        target = rng.integers(0, c, size=n)
        z = torch.tensor(logits, dtype=torch.float64, requires_grad=True)
        F.cross_entropy(z, torch.tensor(target)).backward()
        want = z.grad.numpy()
        got = np.asarray(ce_grad(logits.copy(), target.copy()), dtype=float)
        if got.shape != want.shape:
            raise Mismatch(f"গ্রেডিয়েন্টের আকার হওয়া উচিত লজিটের আকার {want.shape}, কিন্তু পেলাম {got.shape}")
        if np.allclose(got, want, rtol=1e-7, atol=1e-12):
            continue
        if np.allclose(got, want * n, rtol=1e-7, atol=1e-12):
            raise Mismatch(f"N = {n} সারির ব্যাচে উত্তর ঠিক N গুণ বড়: গড় লসের গ্রেডিয়েন্টে N দিয়ে ভাগ লাগে")
        onehot = np.eye(c)[target]
        if np.allclose(got, want + onehot / n, rtol=1e-7, atol=1e-12) or np.allclose(
            got, want * n + onehot, rtol=1e-7, atol=1e-12
        ):
            raise Mismatch("সম্ভাবনাগুলো এসেছে, কিন্তু সঠিক শ্রেণির ঘর থেকে ওয়ান-হটের ১ বাদ যায়নি")
        raise Mismatch(f"{n}×{c} লজিটের এক অচেনা ব্যাচে গ্রেডিয়েন্ট pyautograd-এর সঙ্গে মেলেনি")
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
        expected=None,
        judge=_judge_ce_grad,
        level=1,
        hint="প্রতিটি সারিতে সম্ভাবনা p = e^z / Σ e^z (আগে সারির সবচেয়ে বড় লজিট বাদ দিলে e^z উপচে পড়ে না); তারপর "
        "সঠিক শ্রেণির ঘর থেকে এক বাদ, আর গড় লস বলে সবকিছু সারির সংখ্যা দিয়ে ভাগ। ওপরের SoftmaxCrossEntropy-র ব্যাকওয়ার্ড "
        "যা করে, ঠিক তা-ই, শুধু NumPy-তে।",
    ),
    "14.3": Exercise(
        expected=None,
        judge=_judge_hypot,
        level=2,
        hint="h = sqrt(x² + y²) হলে ∂h/∂x = x / h আর ∂h/∂y = y / h। তাই ফরওয়ার্ডে x, y আর আউটপুট h তিনটিই রেখে দিন, "
        "আর backward থেকে দুটি গ্রেডিয়েন্ট ফেরত দিন, প্রতিটি grad_out দিয়ে গুণ করে, ইনপুটের ক্রমে।",
    ),
    "14.4": Exercise(
        expected=None,
        judge=_judge_softmax,
        level=3,
        hint="ফরওয়ার্ডে পাঠের সেলের মতোই প্রতিটি সারির সবচেয়ে বড় লজিট বিয়োগ করে নিন। ব্যাকওয়ার্ডে পুরো K × K জ্যাকোবিয়ান "
        "বানাতে হয় না: ∂p_i/∂z_j = p_i([i = j] - p_j) বসিয়ে Σ_i g_i ∂p_i/∂z_j কাগজে সরল করুন, একটি সারির যোগফল "
        "বেরিয়ে আসবে (keepdim=True রাখলে আকার মেলে)। কোনটি রাখলে ব্যাকওয়ার্ডে আর exp লাগে না, ভাবুন।",
    ),
}
