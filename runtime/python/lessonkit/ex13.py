"""Exercises of lesson 13 (the capstone: digits on the reader's tensor engine).

The judges use weights, gradients and logits the page never shows. ``13.2`` runs the reader's
optimiser on stand-in parameters (anything with ``data`` and ``grad`` arrays) next to
pyautograd's ``optim.SGD`` with momentum; ``13.3`` runs the reader's ``Tensor.softmax`` on
shapes and logits drawn when ``check`` runs, with one row far above and one far below zero, and
compares value and gradient with a stable reference.
"""

from types import SimpleNamespace

import numpy as np

from .exercises import Exercise, Mismatch, written


def _judge_predict(predict):
    written(predict)
    rng = np.random.default_rng(1301)
    for n, d, h, k in ((7, 64, 32, 10), (5, 12, 6, 4), (1, 3, 2, 3)):
        W1, b1 = rng.normal(size=(d, h)), rng.normal(size=h)
        W2, b2 = rng.normal(size=(h, k)), rng.normal(size=k)
        X = rng.normal(size=(n, d))
        want = (np.maximum(X @ W1 + b1, 0.0) @ W2 + b2).argmax(axis=1)
        got = np.asarray(predict(W1, b1, W2, b2, X))
        if got.shape != want.shape:
            raise Mismatch(f"{n}টি ছবিতে উত্তরের আকার হওয়া উচিত {want.shape}, কিন্তু পেলাম {got.shape}")
        if not np.array_equal(got, want):
            return False
    return True


def _judge_momentum(Momentum):
    written(getattr(Momentum, "step", None))
    import pyautograd as torch
    from pyautograd import optim

    rng = np.random.default_rng(1302)
    shapes = ((3, 2), (4,))
    start = [rng.normal(size=s) for s in shapes]
    grads = [[rng.normal(size=s) for s in shapes] for _ in range(4)]
    lr, mu = 0.05, 0.8

    mine = [SimpleNamespace(data=x.copy(), grad=np.zeros_like(x)) for x in start]
    theirs = [torch.tensor(x.copy(), requires_grad=True) for x in start]
    optimizer = Momentum(mine, lr, mu)
    reference = optim.SGD(theirs, lr=lr, momentum=mu)
    for step, step_grads in enumerate(grads, 1):
        optimizer.zero_grad()
        reference.zero_grad()
        if any(np.any(p.grad != 0) for p in mine):
            raise Mismatch("zero_grad()-এর পরেও grad শূন্য হয়নি")
        for p, q, g in zip(mine, theirs, step_grads):
            p.grad = p.grad + g
            q.grad = torch.tensor(g.copy())
        optimizer.step()
        reference.step()
        if not all(
            np.allclose(p.data, q.detach().numpy(), rtol=1e-9, atol=1e-12) for p, q in zip(mine, theirs)
        ):
            if step == 1:
                raise Mismatch("প্রথম ধাপেই মেলেনি (প্রথম ধাপে v = g, তাই সরানো হয় lr × g)")
            raise Mismatch(f"ধাপ 1 ঠিক ছিল, কিন্তু ধাপ {step}-এ মেলেনি")
    return True


def _stable_softmax(z):
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _judge_softmax(Tensor):
    written(getattr(Tensor, "softmax", None))
    rng = np.random.default_rng()
    for _ in range(3):
        # a row shifted up by 750 to 1000 (past where exp fits in a float64) and one shifted down
        n, k = (int(v) for v in rng.integers(2, 7, size=2))
        z = rng.normal(scale=2.0, size=(n, k))
        up, down = rng.permutation(n)[:2]
        z[up] += rng.uniform(750.0, 1000.0)
        z[down] -= rng.uniform(750.0, 1000.0)
        upstream = rng.normal(size=z.shape)
        a = Tensor(z)
        with np.errstate(all="ignore"):
            out = a.softmax()
            got = np.asarray(out.data)
        if got.shape != z.shape:
            raise Mismatch(f"softmax-এর আউটপুটের আকার হওয়া উচিত {z.shape}, কিন্তু পেলাম {got.shape}")
        if not np.all(np.isfinite(got)):
            raise Mismatch("বড় লজিটে আউটপুটে inf বা nan এসেছে; সবচেয়ে বড় লজিট বিয়োগ করেছেন কি?")
        s = _stable_softmax(z)
        if not np.allclose(got, s, rtol=1e-9, atol=1e-12):
            return False
        (out * upstream).sum().backward()
        want = s * (upstream - (upstream * s).sum(axis=1, keepdims=True))
        if np.shape(a.grad) != z.shape:
            raise Mismatch(f"a.grad-এর আকার হওয়া উচিত {z.shape}, কিন্তু পেলাম {np.shape(a.grad)}")
        if not np.allclose(a.grad, want, rtol=1e-9, atol=1e-12):
            return False
    return True


EXERCISES = {
    "13.1": Exercise(
        expected=None,
        judge=_judge_predict,
        level=1,
        hint="test_accuracy ফাংশনের ভেতরের লজিট হিসাবটাই, কিন্তু X_test-এর জায়গায় X। তারপর প্রতিটি সারিতে সবচেয়ে "
        "বড় লজিটের সূচক: argmax, কোন অক্ষ ধরে তা ভাবুন (সারি প্রতি একটি উত্তর চাই)।",
    ),
    "13.2": Exercise(
        expected=None,
        judge=_judge_momentum,
        level=2,
        hint="__init__-এ প্যারামিটারের তালিকা, lr, momentum রাখুন, আর প্রতিটি প্যারামিটারের জন্য একটি বেগ: শুরুতে "
        "শূন্য অ্যারে (np.zeros_like) দিলে প্রথম ধাপে নিজে থেকেই v = g হয়। step()-এ আগে বেগ হালনাগাদ, তারপর "
        "data থেকে lr × বেগ বিয়োগ; বেগটি ধাপ থেকে ধাপে মনে রাখতে হবে। zero_grad()-এ প্রতিটি grad শূন্য।",
    ),
    "13.3": Exercise(
        expected=None,
        judge=_judge_softmax,
        level=3,
        hint="ফরওয়ার্ড: সারির সর্বোচ্চ (keepdims=True) বিয়োগ করে np.exp, তারপর সারির যোগফল দিয়ে ভাগ। ব্যাকওয়ার্ডে "
        "z_j-এর গ্রেডিয়েন্ট = Σᵢ s̄ᵢ sᵢ([i = j] − s_j): যোগফলটি দুই ভাগে ভাঙুন, একটিতে [i = j] শুধু একটি পদ রাখে, "
        "অন্যটিতে s_j যোগফলের বাইরে চলে আসে। প্রতিটি সারির জন্য একটি সংখ্যা (s̄ ⊙ s-এর যোগফল) লাগে, keepdims রাখুন।",
    ),
}
