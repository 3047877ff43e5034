"""Exercises of lesson 17 (the map to PyTorch's engine): reading the graph, version counters.

17.1 runs the reader's ``leaves_of(root)`` on graphs the page never builds (a leaf used twice,
constants that have no node, a leaf reached only through a long branch) and asks for exactly
the tensors whose ``AccumulateGrad`` the graph reaches, each once, in any order.
"""

import numpy as np

from .exercises import Exercise, Mismatch, written


def _graphs():
    import pyautograd as torch

    a = torch.tensor([0.5, -1.0], requires_grad=True)
    b = torch.tensor(2.0, requires_grad=True)
    c = torch.tensor(3.0)  # no gradient: no node for it
    d = torch.tensor(-0.25, requires_grad=True)
    yield (a * b + a).sum() * c, [a, b]
    h = d
    for _ in range(5):
        h = torch.tanh(h) + c
    yield (h * a).sum(), [d, a]
    yield (b * b).exp(), [b]


def _judge_leaves(leaves_of):
    written(leaves_of)
    for root, want in _graphs():
        got = leaves_of(root)
        try:
            got = list(got)
        except TypeError:
            raise Mismatch(f"leaves_of একটি তালিকা ফেরত দেবে, কিন্তু পেলাম {type(got).__name__}") from None
        if len({id(t) for t in got}) != len(got):
            raise Mismatch("একই পাতা তালিকায় দুবার এসেছে; প্রতিটি পাতা একবারই চাই")
        if {id(t) for t in got} != {id(t) for t in want}:
            return False
    return True


def _clip_case(rng):
    """A float64 MLP, data, and a limit drawn now: the limit is the median size of the true
    gradients' entries, so about half of them are clipped and half are not."""
    import pyautograd as torch
    from pyautograd import nn

    d, h, k, n = (int(v) for v in rng.integers((2, 2, 1, 3), (6, 7, 4, 9)))
    torch.manual_seed(int(rng.integers(0, 10_000)))
    model = nn.Sequential(nn.Linear(d, h), nn.Tanh(), nn.Linear(h, k)).double()
    X, Y = torch.tensor(rng.normal(size=(n, d))), torch.tensor(rng.normal(size=(n, k)))

    def grads():
        model.zero_grad()
        ((model(X) - Y) ** 2).sum().backward()
        return [p.grad.detach().clone() for p in model.parameters()]

    true = grads()
    limit = float(np.median(np.concatenate([g.abs().numpy().ravel() for g in true])))
    for p in model.parameters():  # the reader's function comes before any backward pass
        p.grad = None
    return model, grads, true, limit


def _judge_clip_hooks(clip_with_hooks):
    """``clip_with_hooks(model, limit)``: registers on every parameter a hook that clamps its
    gradient into [-limit, limit] as it arrives, and returns the handles. Called before any
    backward pass (so clamping ``.grad`` afterwards is not possible), then compared with the
    clamped true gradients; the handles must then remove every hook."""
    written(clip_with_hooks)
    rng = np.random.default_rng()
    for _ in range(3):
        model, grads, true, limit = _clip_case(rng)
        params = list(model.parameters())
        handles = clip_with_hooks(model, limit)
        try:
            handles = list(handles)
        except TypeError:
            raise Mismatch(
                "ফাংশনটি প্রতিটি হুকের handle-এর একটি তালিকা ফেরত দেবে, যাতে পরে হুকগুলো সরানো যায়"
            ) from None
        if len(handles) != len(params):
            raise Mismatch(
                f"মডেলে প্যারামিটার {len(params)}টি, কিন্তু handle পেলাম {len(handles)}টি: প্রতিটিতে একটি হুক"
            )
        got = grads()
        for p, g, t in zip(params, got, true):
            want = t.clamp(-limit, limit)
            if bool((g == t).all()) and not bool((t == want).all()):
                raise Mismatch(
                    f"{tuple(p.shape)} আকারের প্যারামিটারের গ্রেডিয়েন্ট একটুও ছাঁটা হয়নি: হুক কি নতুন গ্রেডিয়েন্ট ফেরত দিচ্ছে?"
                )
            if not np.allclose(g.numpy(), want.numpy(), rtol=1e-12, atol=0.0):
                raise Mismatch(
                    f"{tuple(p.shape)} আকারের প্যারামিটারের গ্রেডিয়েন্ট [-limit, limit]-এর মধ্যে ঠিকভাবে ছাঁটা হয়নি"
                )
        for handle in handles:
            handle.remove()
        if not all(bool((g == t).all()) for g, t in zip(grads(), true)):
            raise Mismatch("handle.remove()-এর পরেও গ্রেডিয়েন্ট ছাঁটা হচ্ছে: ফেরত দেওয়া handle-গুলো এই হুকগুলোর নয়")
    return True


EXERCISES = {
    "17.1": Exercise(
        expected=None,
        judge=_judge_leaves,
        level=2,
        hint="root.grad_fn থেকে next_functions ধরে সব নোডে যান (একটি stack আর দেখা নোডের set দিয়ে); None এলে বাদ দিন। "
        "যে নোডের variable ঘর আছে, সেটি AccumulateGrad: তার variable-ই একটি পাতা। একই পাতা দুবার না তুলতে id দিয়ে মনে রাখুন।",
    ),
    "17.2": Exercise(
        expected=3,
        level=1,
        hint="প্রতিটি ইন-প্লেস বদল (নাম _ দিয়ে শেষ) সংস্করণ এক বাড়ায়। আর ভিউ আর তার মূল টেনসর একটিই গণক ভাগ করে, তাই ভিউয়ের "
        "ওপর বদলও মূল টেনসরের গণকে ওঠে।",
    ),
    "17.3": Exercise(
        expected=4,
        level=1,
        hint="প্রতিটি নোড তার প্রতিটি ইনপুটের জন্য next_functions-এ একটি জোড়া রাখে, ইনপুটটির গ্রেডিয়েন্ট লাগুক বা না লাগুক; যার "
        "গ্রেডিয়েন্ট লাগে না, তার জায়গায় None। তাই গুনুন নোডটির ইনপুট কয়টি।",
    ),
    "17.4": Exercise(
        expected=None,
        judge=_judge_clip_hooks,
        level=3,
        hint="হুক বসে প্রতিটি প্যারামিটারে, model.parameters() থেকে; register_hook দেয় একটি handle, সেগুলো জমিয়ে ফেরত দিন। "
        "হুক যা ফেরত দেয়, ব্যাকওয়ার্ড সেটাকেই নতুন গ্রেডিয়েন্ট ধরে; কিছু ফেরত না দিলে কিছুই বদলায় না। ছাঁটা মানে দুই "
        "দিকেই: ঋণাত্মক গ্রেডিয়েন্টও -limit-এর নিচে নামবে না।",
    ),
}
