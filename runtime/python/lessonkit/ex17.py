"""Exercises of lesson 17 (the map to PyTorch's engine): reading the graph, version counters.

17.1 runs the reader's ``leaves_of(root)`` on graphs the page never builds (a leaf used twice,
constants that have no node, a leaf reached only through a long branch) and asks for exactly
the tensors whose ``AccumulateGrad`` the graph reaches, each once, in any order.
"""

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
}
