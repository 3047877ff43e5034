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


def _judge_train_step(train_step):
    """``train_step(model, loss_fn, X, Y, lr)``: one step of plain gradient descent written by
    hand (forward pass, loss, backward pass, ``p -= lr * p.grad`` for every parameter that has
    a gradient, gradients cleared), returning the step's loss. Run for a few steps on models
    and data drawn at check time, next to the same model trained by ``optim.SGD``; after every
    step the loss, every parameter and the cleared gradients are compared. ``optim`` is refused:
    the exercise is the update itself."""
    import numpy as np

    from pyautograd import optim

    written(train_step)
    if {"optim", "SGD"} & _names_used(train_step.__code__):
        raise Mismatch("এখানে optim চলবে না: হালনাগাদটা নিজের হাতে লিখুন")
    rng = np.random.default_rng()
    for _ in range(3):
        build, loss_fn, X, Y, lr, steps = _step_case(rng)
        mine, reference = build(), build()
        optimizer = optim.SGD(reference.parameters(), lr=lr)
        for step in range(1, steps + 1):
            before = [p.detach().clone() for p in mine.parameters()]
            got = float(train_step(mine, loss_fn, X.clone(), Y.clone(), lr))
            optimizer.zero_grad()
            want = loss_fn(reference(X), Y)
            want.backward()
            optimizer.step()
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
            if all(bool((p.detach() == b).all()) for p, b in zip(params, before)):
                raise Mismatch(
                    f"ধাপ {step}-এর পরেও একটি প্যারামিটারও বদলায়নি: হালনাগাদের মুহূর্তে গ্রেডিয়েন্ট কি ছিল, "
                    "আর হালনাগাদ কি মডেলের প্যারামিটারেই, জায়গায় বসে, হলো?"
                )
            for p, q in zip(params, reference.parameters()):
                if not np.allclose(p.detach().numpy(), q.detach().numpy(), rtol=1e-9, atol=1e-12):
                    if not q.requires_grad:
                        raise Mismatch(
                            "requires_grad=False দেওয়া প্যারামিটার বদলে গেছে: তার গ্রেডিয়েন্ট নেই, তাকে ছোঁয়া যাবে না"
                        )
                    raise Mismatch(f"ধাপ {step}-এর পরে প্যারামিটারগুলো সাধারণ গ্রেডিয়েন্ট ডিসেন্টের সঙ্গে মিলছে না")
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
        hint="'autograd দিয়ে একই কাজ' অংশের লুপের একটি পাক মনে করুন, শুধু প্যারামিটারের তালিকা এবার "
        "model.parameters() থেকে আসে আর লস আসে loss_fn(model(X), Y) থেকে। হালনাগাদ হয় torch.no_grad()-এর ভেতরে, "
        "জায়গায় বসে (-=)। জমে যাওয়া প্যারামিটারের grad থাকে None: তাকে বাদ দিন, optim.SGD-ও তাই করে। "
        "শেষে গ্রেডিয়েন্ট মুছুন, আর লসের সংখ্যাটা (.item()) ফেরত দিন।",
    ),
}
