"""Exercises of lesson 6: gradient descent steps, learning rate, model size, training XOR."""

from .exercises import Exercise, Mismatch, written
from .judges import _names_used, judge_fit


def _step_case(rng):
    """A model, a loss, data and a learning rate drawn now; the model is built by a function,
    so the judge can build its twin for the reference. One case in two freezes the first
    layer's bias (``requires_grad=False``), whose ``.grad`` then stays ``None``."""
    import pyautograd as torch
    from pyautograd import nn

    n, d, h = (int(v) for v in rng.integers((3, 2, 2), (9, 5, 6)))
    seed = int(rng.integers(0, 10_000))
    frozen = bool(rng.integers(0, 2))
    classify = bool(rng.integers(0, 2))
    k = int(rng.integers(2, 5)) if classify else 1

    def build():
        torch.manual_seed(seed)
        model = nn.Sequential(nn.Linear(d, h), nn.Tanh(), nn.Linear(h, k)).double()
        if frozen:
            model[0].bias.requires_grad_(False)
        return model

    X = torch.tensor(rng.normal(size=(n, d)))
    if classify:
        Y, loss_fn = torch.tensor(rng.integers(0, k, size=n)), nn.CrossEntropyLoss()
    else:
        Y, loss_fn = torch.tensor(rng.normal(size=(n, 1))), nn.MSELoss()
    return build, loss_fn, X, Y, float(rng.uniform(0.05, 0.5)), int(rng.integers(3, 6))


def _length(grads):
    """The length of the whole gradient: every entry of every parameter's gradient at once."""
    import math

    return math.sqrt(sum(float((g.double() ** 2).sum()) for g in grads if g is not None))


def _moved(start, grads, lr, scales):
    """Parameters after ``p - lr * scale * g``, one scale per parameter (None: no gradient)."""
    return [p if g is None else p - lr * c * g for p, g, c in zip(start, grads, scales)]


def _judge_train_step(train_step):
    """``train_step(model, loss_fn, X, Y, lr, max_norm)``: one step of gradient descent written
    by hand, with the gradient clipped to length ``max_norm`` (the length of all parameters'
    gradients at once, as ``nn.utils.clip_grad_norm_`` measures it), gradients cleared, the
    step's loss returned. Models, data, learning rates and limits are drawn at check time; in
    two cases of three the limit is below the first gradient's length (the clip bites), in one
    far above (the step is plain). After every step the loss, every parameter and the cleared
    gradients are compared with the same step worked out here, and the common slips (no clip,
    always scaled, each parameter clipped alone) are named. ``optim`` and the library's
    clipping are refused: the exercise is the step itself."""
    import numpy as np

    import pyautograd as torch

    written(train_step)
    if {"optim", "SGD", "clip_grad_norm_", "clip_grad_value_"} & _names_used(train_step.__code__):
        raise Mismatch("এখানে optim বা লাইব্রেরির ক্লিপিং চলবে না: ছাঁটা আর হালনাগাদ দুটোই নিজের হাতে লিখুন")
    rng = np.random.default_rng()
    plain = int(rng.integers(0, 3))
    for case in range(3):
        build, loss_fn, X, Y, lr, steps = _step_case(rng)
        probe = build()
        loss_fn(probe(X), Y).backward()
        first = _length([p.grad for p in probe.parameters()])
        max_norm = first * float(rng.uniform(3.0, 6.0) if case == plain else rng.uniform(0.2, 0.7))
        mine, reference = build(), build()
        for step in range(1, steps + 1):
            start = [q.detach().clone() for q in reference.parameters()]
            got = float(train_step(mine, loss_fn, X.clone(), Y.clone(), lr, max_norm))
            for q in reference.parameters():
                q.grad = None
            want = loss_fn(reference(X), Y)
            want.backward()
            grads = [None if q.grad is None else q.grad.detach().clone() for q in reference.parameters()]
            length = _length(grads)
            scale = min(1.0, max_norm / length)
            with torch.no_grad():
                for q, g in zip(reference.parameters(), grads):
                    if g is not None:
                        q -= lr * scale * g
                    q.grad = None
            if not np.isclose(got, want.item(), rtol=1e-9, atol=1e-12):
                raise Mismatch(f"ধাপ {step}-এ লস পেলাম {got:.6f}, হওয়া উচিত {want.item():.6f}")
            params = list(mine.parameters())
            if any(
                not p.is_leaf or p.requires_grad != q.requires_grad
                for p, q in zip(params, reference.parameters())
            ):
                raise Mismatch("একটি প্যারামিটার আর প্রশিক্ষণযোগ্য পাতা নেই: হালনাগাদ হবে torch.no_grad()-এর ভেতরে")
            if any(p.grad is not None and bool((p.grad != 0).any()) for p in params):
                raise Mismatch(
                    f"ধাপ {step}-এর শেষে গ্রেডিয়েন্ট শূন্য হয়নি: পরের ধাপের গ্রেডিয়েন্ট এর সঙ্গে যোগ হয়ে যাবে"
                )
            if all(bool((p.detach() == b).all()) for p, b in zip(params, start)):
                raise Mismatch(
                    f"ধাপ {step}-এর পরেও একটি প্যারামিটারও বদলায়নি: হালনাগাদের মুহূর্তে গ্রেডিয়েন্ট কি ছিল, "
                    "আর হালনাগাদ কি মডেলের প্যারামিটারেই, জায়গায় বসে, হলো?"
                )

            def matches(after, params=params):
                return all(
                    np.allclose(p.detach().numpy(), a.numpy(), rtol=1e-6, atol=1e-9)
                    for p, a in zip(params, after)
                )

            if matches([q.detach() for q in reference.parameters()]):
                continue
            if any(
                not q.requires_grad and not np.array_equal(p.detach().numpy(), q.detach().numpy())
                for p, q in zip(params, reference.parameters())
            ):
                raise Mismatch("requires_grad=False দেওয়া প্যারামিটার বদলে গেছে: তার গ্রেডিয়েন্ট নেই, তাকে ছোঁয়া যাবে না")
            where = f"ধাপ {step}-এ গ্রেডিয়েন্টের দৈর্ঘ্য {length:.4g}, সীমা {max_norm:.4g}"
            if scale < 1 and matches(_moved(start, grads, lr, [1.0] * len(grads))):
                raise Mismatch(f"{where}: সীমা ছাড়িয়েছে, কিন্তু ধাপটি ছাঁটা হয়নি")
            if scale == 1 and matches(_moved(start, grads, lr, [max_norm / length] * len(grads))):
                raise Mismatch(f"{where}: দৈর্ঘ্য সীমার নিচে, তবু গ্রেডিয়েন্ট বদলানো হয়েছে; ছাঁটতে হয় শুধু সীমা ছাড়ালে")
            alone = [1.0 if g is None else min(1.0, max_norm / _length([g])) for g in grads]
            if matches(_moved(start, grads, lr, alone)):
                raise Mismatch(
                    f"{where}: প্রতিটি প্যারামিটারকে আলাদা করে ছাঁটা হয়েছে; দৈর্ঘ্য মাপতে হয় সব প্যারামিটারের "
                    "গ্রেডিয়েন্ট একসঙ্গে নিয়ে"
                )
            raise Mismatch(f"{where}: ধাপের পরে প্যারামিটারগুলো ছাঁটা গ্রেডিয়েন্ট ডিসেন্টের সঙ্গে মিলছে না")
    return True


EXERCISES = {
    "6.1": Exercise(
        expected=2.6,
        hint="প্রথমে গ্রেডিয়েন্ট বের করুন: (w - 1)²-এর ডেরিভেটিভ 2(w - 1), w = 3 বসান। তারপর "
        "w থেকে শেখার হার গুণ গ্রেডিয়েন্ট বিয়োগ করুন।",
    ),
    "6.2": Exercise(
        level=2,
        expected=0.5,
        hint="একটি ধাপের পরে নতুন w - 1 লিখুন পুরোনো w - 1-এর গুণিতক হিসেবে: (w - 1) থেকে "
        "η·2(w - 1) বাদ দিলে কী থাকে? সেই গুণকটি শূন্য হতে হবে।",
    ),
    "6.3": Exercise(
        expected=17,
        hint="একটি Linear(a, b) স্তরে a×b-টি ওজন আর b-টি বায়াস থাকে। দুটি স্তরের সংখ্যা যোগ করুন; "
        "Tanh আর Sigmoid-এর কোনো প্যারামিটার নেই। কোডে: p.numel() সব প্যারামিটারের জন্য যোগ করুন।",
    ),
    "6.4": Exercise(
        expected=None,
        judge=judge_fit,
        level=2,
        hint="ওপরের XOR-এর সেলের লুপটি দেখুন: লস আর অপটিমাইজার একবার বানান, তারপর প্রতি ধাপে চারটি কাজ, "
        "ঠিক সেই ক্রমে। zero_grad বাদ পড়লে গ্রেডিয়েন্ট জমতে থাকে আর লসের সারি মিলবে না। প্রতিটি ধাপের "
        "loss.item() তালিকায় যোগ করে শেষে তালিকাটি ফেরত দিন।",
    ),
    "6.5": Exercise(
        expected=None,
        judge=_judge_train_step,
        level=3,
        hint="লুপের একটি পাক দিয়ে শুরু করুন, তারপর backward()-এর পরে আর হালনাগাদের আগে একটি কাজ যোগ করুন: যেসব "
        "প্যারামিটারের grad আছে, তাদের সব ঘরের বর্গের যোগফলের বর্গমূল — পুরো গ্রেডিয়েন্টের দৈর্ঘ্য, প্যারামিটার ধরে "
        "আলাদা আলাদা নয়। দৈর্ঘ্য max_norm ছাড়ালে প্রতিটি grad-কে একই সংখ্যা max_norm / দৈর্ঘ্য দিয়ে গুণ করুন, না "
        "ছাড়ালে যেমন আছে তেমনই। জমিয়ে রাখা প্যারামিটারের grad থাকে None: তাকে বাদ দিন। শেষে গ্রেডিয়েন্ট মুছে লসের "
        "সংখ্যাটা (.item()) ফেরত দিন।",
    ),
}
