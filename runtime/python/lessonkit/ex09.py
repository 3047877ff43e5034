"""Exercises of lesson 9: training on handwritten 8×8 digits, softmax cross-entropy, minibatches."""

from .exercises import Exercise, Mismatch, written
from .judges import _names_used, judge_evaluate

# the library's own softmax cross-entropy, which the exercise asks the reader to write
_LIBRARY_LOSSES = {
    "cross_entropy",
    "CrossEntropyLoss",
    "log_softmax",
    "LogSoftmax",
    "logsumexp",
    "nll_loss",
    "NLLLoss",
}


def _logits(rng):
    """N × K logits and targets drawn now. Three rows are extreme: every logit near +1000 (e^z
    overflows), every logit near -1000 (every e^z underflows to 0), and a target 800 below
    its row's largest logit (e^-800 underflows to 0, so the log of its probability is -inf)."""
    n, k = int(rng.integers(5, 10)), int(rng.integers(3, 8))
    z = rng.normal(scale=3.0, size=(n, k))
    y = rng.integers(0, k, size=n)
    rows = rng.permutation(n)[:3]
    z[rows[0]] += 1000.0
    z[rows[1]] -= 1000.0
    z[rows[2], y[rows[2]]] = z[rows[2]].max() - 800.0
    return z, y


def _judge_softmax_cross_entropy(softmax_cross_entropy):
    """``softmax_cross_entropy(logits, y) -> (loss, dlogits)`` in NumPy: the mean softmax
    cross-entropy of a batch and its gradient with respect to the logits, against
    pyautograd's ``F.cross_entropy`` and its backward pass in float64, on logits drawn at check
    time that include extreme rows. The library's losses are refused; a wrong answer that is
    off by the batch size, or not finite, is named."""
    import numpy as np

    import pyautograd as torch
    from pyautograd.nn import functional as F

    written(softmax_cross_entropy)
    if _LIBRARY_LOSSES & _names_used(softmax_cross_entropy.__code__):
        raise Mismatch("এখানে লাইব্রেরির তৈরি ক্রস-এনট্রপি চলবে না: সফটম্যাক্স আর লগ NumPy দিয়ে নিজে লিখুন")
    rng = np.random.default_rng()
    for _ in range(3):
        z, y = _logits(rng)
        n, k = z.shape
        zt = torch.tensor(z, requires_grad=True)
        loss = F.cross_entropy(zt, torch.tensor(y))
        loss.backward()
        want_loss, want_grad = loss.item(), zt.grad.numpy()
        got = softmax_cross_entropy(z.copy(), y.copy())
        if not isinstance(got, (tuple, list)) or len(got) != 2:
            raise Mismatch("ফাংশনটি দুটি জিনিস ফেরত দেবে, এই ক্রমে: লস, লজিটের গ্রেডিয়েন্ট")
        got_loss, got_grad = float(np.asarray(got[0])), np.asarray(got[1], dtype=float)
        if got_grad.shape != (n, k):
            raise Mismatch(
                f"{n}টি উদাহরণ আর {k}টি শ্রেণিতে গ্রেডিয়েন্টের আকার হওয়া উচিত {(n, k)}, পেলাম {got_grad.shape}"
            )
        if not (np.isfinite(got_loss) and np.isfinite(got_grad).all()):
            raise Mismatch(
                "চরম লজিটে (যেমন ±1000) ফলে inf বা nan এসেছে: কোথাও কি e^z উপচে পড়ছে, "
                "বা শূন্য হয়ে যাওয়া কোনো সম্ভাবনার লগ নেওয়া হচ্ছে?"
            )
        if np.allclose(got_grad, want_grad * n, rtol=1e-7, atol=1e-12):
            raise Mismatch(f"গ্রেডিয়েন্ট {n} গুণ বড়: গড় লসের গ্রেডিয়েন্টে ব্যাচের মাপ দিয়ে ভাগ লাগে")
        if np.isclose(got_loss, want_loss * n, rtol=1e-7):
            raise Mismatch("লস হলো ব্যাচের যোগফল, গড় নয়")
        if not np.isclose(got_loss, want_loss, rtol=1e-7, atol=1e-12):
            raise Mismatch(f"{n}টি উদাহরণের গড় লস হওয়া উচিত {want_loss:.6f}, কিন্তু পেলাম {got_loss:.6f}")
        if not np.allclose(got_grad, want_grad, rtol=1e-7, atol=1e-12):
            raise Mismatch("লস ঠিক আছে, কিন্তু গ্রেডিয়েন্টের সংখ্যাগুলো মেলেনি")
    return True


EXERCISES = {
    "9.1": Exercise(
        expected=2410,
        hint="Linear(a, b)-তে a×b-টি ওজন আর b-টি বায়াস। দুটি রৈখিক স্তর: 64 থেকে 32, আর 32 থেকে 10; ReLU-র কোনো "
        "প্যারামিটার নেই। কোডে: sum(p.numel() for p in model.parameters())।",
    ),
    "9.2": Exercise(
        expected=[0.09003057317038046 - 1.0, 0.24472847105479764, 0.6652409557748219],
        hint="আগে সফটম্যাক্স: প্রতিটি e^z-কে তিনটির যোগফল দিয়ে ভাগ করুন। তারপর সঠিক শ্রেণির (প্রথম) ঘর থেকে 1 বিয়োগ "
        "করুন, বাকি দুটি যেমন আছে। একটিমাত্র উদাহরণ, তাই N দিয়ে ভাগ লাগবে না।",
    ),
    "9.3": Exercise(
        expected=29,
        hint="n_train-কে 50 দিয়ে ভাগ করে ওপরের দিকে গোল করুন: শেষের অসম্পূর্ণ দলটিও একটি মিনিব্যাচ। পাইথনে "
        "math.ceil, অথবা len(list(minibatches(n_train, 50, rng)))।",
    ),
    "9.4": Exercise(
        expected=3,
        hint="দুটি শর্ত একসঙ্গে: (truth == a) & (predicted == b) — দুটো অ্যারের একই জায়গায় তুলনা, তারপর np.sum "
        "দিয়ে True-গুলো গুনুন। উল্টো দিকের ভুল (আসল 9, উত্তর 4) গুনবেন না।",
    ),
    "9.5": Exercise(
        expected=None,
        judge=judge_evaluate,
        level=2,
        hint="পুরো কাজটা with torch.no_grad(): ব্লকের ভেতরে করুন। range(0, len(y), batch_size) দিয়ে টুকরোগুলো "
        "নিন (অথবা shuffle ছাড়া DataLoader), প্রতিটির সঠিক উত্তর গুনে একটি মোট সংখ্যায় যোগ করুন, আর শেষে "
        "উদাহরণের মোট সংখ্যা দিয়ে একবার ভাগ করুন। টুকরোগুলোর নির্ভুলতার গড় নেবেন না: শেষের ছোট টুকরোটা তাতে "
        "বাকিদের সমান গুরুত্ব পেয়ে যায়।",
    ),
    "9.6": Exercise(
        expected=None,
        judge=_judge_softmax_cross_entropy,
        level=3,
        hint="সব লজিট থেকে একই সংখ্যা বিয়োগ করলে সফটম্যাক্স বদলায় না; কোন সংখ্যা বিয়োগ করলে সবচেয়ে বড় e^z হয় ঠিক 1? "
        "লসের জন্য সম্ভাবনার লগ না নিয়ে সরাসরি লিখুন: -ln p_c = ln(Σ e^z) - z_c, তাহলে খুব ছোট সম্ভাবনাও শূন্য হয়ে "
        "-inf দেয় না। গ্রেডিয়েন্টের সূত্র পাঠেই আছে (p - ওয়ান-হট); গড় লস বলে শেষে N দিয়ে ভাগ।",
    ),
}
