"""Exercises of lesson 17 (the map to PyTorch's engine): reading the graph, version counters.

17.1 runs the reader's ``leaves_of(root)`` on graphs the page never builds (a leaf used twice,
constants that have no node, a leaf reached only through a long branch) and asks for exactly
the tensors whose ``AccumulateGrad`` the graph reaches, each once, in any order. 17.2 runs the
reader's ``inplace_changes(fn, x)`` on functions the page never shows (changes through views,
``x[i] = ...``, ``+=``, out-of-place work that only rebinds the name, clones) on tensors whose
version counter already stands above zero, and compares with the counter's own step. 17.3 runs the
reader's ``edge_counts(root)`` on graphs with constants, shared nodes and several-input nodes and
compares with a walk that visits every node once: all pairs of ``next_functions``, and the
``None`` ones among them.
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


def _view_then_whole(t):
    v = t[1:3]
    v.zero_()
    t.sub_(1.0)
    return v


def _rebinds(t):
    t = t + 1.0  # a new tensor: x itself is not touched
    t.mul_(3.0)
    return t


def _setitem_and_iadd(t):
    t[0] = 5.0
    t += 1.0
    return t * 2.0


def _through_reshape(t):
    t.view(-1)[0:2].fill_(0.0)
    return t.sum()


def _on_a_clone(t):
    c = t.clone()
    c.add_(1.0).mul_(2.0)
    return c


def _chain(t):
    return t.add_(1.0).mul_(2.0).clamp_(min=0.0)


_CHANGERS = [
    ("add_, mul_, clamp_", _chain),
    ("একটি ভিউয়ের zero_, তারপর sub_", _view_then_whole),
    ("t = t + 1, তারপর mul_", _rebinds),
    ("t[0] = ..., তারপর +=", _setitem_and_iadd),
    ("view(-1)[0:2].fill_", _through_reshape),
    ("clone()-এর ওপর add_, mul_", _on_a_clone),
]


def _judge_inplace_changes(inplace_changes):
    import pyautograd as torch

    written(inplace_changes)
    rng = np.random.default_rng(1702)
    for what, fn in _CHANGERS:
        x = torch.tensor(rng.normal(size=(2, 3)), dtype=torch.float32)
        for _ in range(int(rng.integers(1, 5))):  # a counter that already stands above zero
            x.mul_(1.0)
        probe = x.clone()
        start = probe._version
        fn(probe)
        want = probe._version - start
        got = inplace_changes(fn, x)
        if not isinstance(got, (int, np.integer)) or isinstance(got, bool):
            raise Mismatch(f"inplace_changes একটি পূর্ণসংখ্যা ফেরত দেবে, কিন্তু পেলাম {type(got).__name__}")
        if got != want:
            raise Mismatch(f"x-এর ওপর {what} চালালে x-এর গণক বাড়ে {want}, কিন্তু পেলাম {got}")
    return True


def _edge_graphs(torch=None):
    """The graphs 17.3 is judged on; ``torch`` is pyautograd unless a test passes PyTorch."""
    if torch is None:
        import pyautograd as torch

    a = torch.tensor([0.5, -1.0], requires_grad=True)
    b = torch.tensor([2.0, 0.25], requires_grad=True)
    c = torch.tensor([3.0, 3.0])  # a constant: an edge to None
    yield torch.cat([a, b, a * 2.0, c]).sum()
    shared = (a * c).exp()  # one node met on two paths: its edges count once
    yield (shared * shared + shared * b).sum()
    yield (torch.stack([a, c, c]) @ b).tanh().sum()
    yield (a * b).sum()


def _edge_counts(root):
    pairs = nones = 0
    seen, stack = set(), [root.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        for nxt, _ in node.next_functions:
            pairs += 1
            nones += nxt is None
            stack.append(nxt)
    return pairs, nones


def _judge_edge_counts(edge_counts):
    written(edge_counts)
    for root in _edge_graphs():
        got = edge_counts(root)
        if not isinstance(got, (tuple, list)) or len(got) != 2:
            raise Mismatch("edge_counts দুটি পূর্ণসংখ্যা ফেরত দেবে, এই ক্রমে: (সব জোড়া, None জোড়া)")
        if tuple(got) != _edge_counts(root):
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
        expected=None,
        judge=_judge_inplace_changes,
        level=1,
        hint="জায়গায় বসে প্রতিটি বদল x._version এক বাড়ায়, আর ভিউ তার মূল টেনসরের সঙ্গে একই গণক ভাগ করে। তাই fn-কে x-এর "
        "ওপরই চালান (কপি নয়), আর চালানোর আগের আর পরের x._version-এর পার্থক্য ফেরত দিন: গণক শূন্য থেকে শুরু হবে, এমন "
        "ধরে নেবেন না।",
    ),
    "17.3": Exercise(
        expected=None,
        judge=_judge_edge_counts,
        level=2,
        hint="প্রতিটি নোড তার প্রতিটি ইনপুটের জন্য next_functions-এ একটি জোড়া রাখে, ইনপুটটির গ্রেডিয়েন্ট লাগুক বা না লাগুক; যার "
        "লাগে না, তার জায়গায় None। root.grad_fn থেকে একটি stack আর দেখা নোডের set নিয়ে হাঁটুন, প্রতিটি নোডের জোড়া একবারই "
        "গুনুন (একই নোডে দুই পথে পৌঁছানো যায়), None-গুলো আলাদা করে গুনুন, কিন্তু None-এর ভেতরে ঢুকবেন না।",
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
