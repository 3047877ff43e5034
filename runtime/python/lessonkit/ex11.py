"""Exercises of lesson 11 (the scalar engine learns): the reader's code runs on network sizes,
data and points the page never uses; 11.3's points are drawn when ``check`` runs.

``11.2`` builds its network with the page's own ``MLP`` (found in the namespace where the
reader's ``train_step`` was defined) and computes every expected number independently, with
pyautograd's matrices in float64, from the weights the network holds before each step.
"""

import math
import random

from .exercises import Exercise, Mismatch, close, written


def _judge_count_parameters(count_parameters):
    written(count_parameters)
    for n_inputs, sizes in ((3, [5, 2]), (10, [1]), (4, [7, 7, 3]), (1, [2, 6, 1])):
        widths = [n_inputs, *sizes]
        want = sum((a + 1) * b for a, b in zip(widths, widths[1:]))
        got = count_parameters(n_inputs, list(sizes))
        if not close(got, want, 0):
            weights_only = sum(a * b for a, b in zip(widths, widths[1:]))
            if close(got, weights_only, 0):
                raise Mismatch(f"MLP({n_inputs}, {sizes})-এ শুধু ওজনগুলো গোনা হয়েছে, বায়াস বাদ পড়েছে")
            raise Mismatch(f"MLP({n_inputs}, {sizes})-এ পেলাম {got!r}, সংখ্যাটি ঠিক নয়")
    return True


def _reference_step(model, xs, ys, lr):
    """The mean hinge loss of ``model`` on (xs, ys), and its parameters after one step of
    gradient descent, in the order of ``model.parameters()``; computed with pyautograd."""
    import pyautograd as torch

    h = torch.tensor(xs, dtype=torch.float64)
    tensors = []
    for layer in model.layers:
        W = torch.tensor(
            [[w.data for w in n.w] for n in layer.neurons], dtype=torch.float64, requires_grad=True
        )
        b = torch.tensor([n.b.data for n in layer.neurons], dtype=torch.float64, requires_grad=True)
        tensors.append((W, b))
        h = h @ W.T + b
        if layer.neurons[0].use_relu:
            h = torch.relu(h)
    loss = torch.relu(1 - torch.tensor(ys, dtype=torch.float64) * h.reshape(-1)).mean()
    loss.backward()
    after = []
    for W, b in tensors:
        W_new = (W - lr * W.grad).tolist()
        b_new = (b - lr * b.grad).tolist()
        for row, bias in zip(W_new, b_new):
            after += row + [bias]
    return loss.item(), after


def _judge_train_step(train_step):
    written(train_step)
    MLP = getattr(train_step, "__globals__", {}).get("MLP")
    if MLP is None:
        raise Mismatch("এই পাতার MLP ক্লাস পাওয়া গেল না; পাতার ওপরের সেলগুলো আগে চালান")
    model = MLP(3, [4, 1], random.Random(5))
    data = random.Random(23)
    xs = [[data.uniform(-2, 2) for _ in range(3)] for _ in range(7)]
    ys = [data.choice((-1.0, 1.0)) for _ in range(7)]
    lr = 0.2
    for step in range(1, 4):
        before = [p.data for p in model.parameters()]
        want_loss, want_params = _reference_step(model, xs, ys, lr)
        got = train_step(model, xs, ys, lr)
        if isinstance(got, bool) or not isinstance(got, (int, float)):
            raise Mismatch(f"train_step ফেরত দিল {type(got).__name__}; লসটি সাধারণ float হিসেবে দিন")
        if not close(got, want_loss, 1e-9):
            raise Mismatch(f"ধাপ {step}-এ ফেরত দেওয়া লস {got:.6f}, কিন্তু সরানোর আগের লস {want_loss:.6f}")
        params = [p.data for p in model.parameters()]
        if close(params, before, 0):
            raise Mismatch(f"ধাপ {step}-এ প্যারামিটারগুলো একটুও সরেনি")
        if not close(params, want_params, 1e-9):
            if step > 1:
                raise Mismatch(f"ধাপ 1 ঠিক ছিল, কিন্তু ধাপ {step}-এর পরে প্যারামিটার মেলেনি")
            raise Mismatch("প্রথম ধাপের পরেই প্যারামিটার মেলেনি")
    return True


def _softplus(a):
    return max(a, 0.0) + math.log1p(math.exp(-abs(a)))


def _sigmoid(a):
    e = math.exp(-abs(a))
    return 1 / (1 + e) if a >= 0 else e / (1 + e)


def _softplus_points():
    """Points drawn at check time: ordinary ones, moderate tails (±30 to ±60, where e^(-a)
    vanishes next to 1) and far tails (±710 to ±1000, past where e^a fits in a float), in a
    shuffled order so no fixed point decides the verdict."""
    import numpy as np

    rng = np.random.default_rng()
    points = [
        *rng.normal(scale=3.0, size=3),
        *(rng.uniform(30.0, 60.0, size=2) * (1.0, -1.0)),
        *(rng.uniform(710.0, 1000.0, size=2) * (1.0, -1.0)),
    ]
    return [round(float(a), 3) for a in rng.permutation(points)]


def _judge_softplus(Value):
    written(getattr(Value, "softplus", None))
    for a in _softplus_points():
        leaf = Value(a)
        try:
            out = leaf.softplus() * 2 + leaf  # the leaf reaches the root on two paths
            out.backward()
        except OverflowError:
            raise Mismatch(f"a = {a:g}-এ OverflowError: কোথাও e-এর সূচক খুব বড় হয়ে গেছে") from None
        if not (math.isfinite(out.data) and math.isfinite(leaf.grad)):
            raise Mismatch(f"a = {a:g}-এ মান বা গ্রেডিয়েন্ট অসীম বা NaN হয়ে গেল")
        if not close(out.data, 2 * _softplus(a) + a, 1e-9):
            raise Mismatch(f"a = {a:g}-এ softplus-এর মান মেলেনি")
        if not close(leaf.grad, 2 * _sigmoid(a) + 1, 1e-9):
            raise Mismatch(f"a = {a:g}-এ গ্রেডিয়েন্ট মেলেনি")
    return True


EXERCISES = {
    "11.1": Exercise(
        expected=None,
        judge=_judge_count_parameters,
        level=1,
        hint="পাশাপাশি দুটি চওড়াই a আর b (প্রথমটি n_inputs, তারপর sizes-এর সংখ্যাগুলো) হলে সেই স্তরে b-টি "
        "নিউরন, প্রত্যেকের a-টি ওজন আর একটি বায়াস। [n_inputs] + sizes তালিকার পাশাপাশি জোড়াগুলোর ওপর "
        "যোগফল নিন, যেমন zip(widths, widths[1:]) দিয়ে।",
    ),
    "11.2": Exercise(
        expected=None,
        judge=_judge_train_step,
        level=2,
        hint="ওপরের প্রশিক্ষণ লুপের ভেতরের অংশটাই, একই ক্রমে: লস আর স্কোর (পাতার hinge_loss), গ্রেডিয়েন্ট মোছা, "
        "backward(), তারপর প্রতিটি প্যারামিটার সরানো। ফেরত দিন Value নয়, তার data। দ্বিতীয় ধাপে গোলমাল হলে "
        "ভাবুন, আগের ধাপের গ্রেডিয়েন্ট কি মোছা হয়েছিল, আর মোছা হয়েছিল কি backward()-এর আগে?",
    ),
    "11.3": Exercise(
        expected=None,
        judge=_judge_softplus,
        level=3,
        hint="a বড় ও ধনাত্মক হলে লগারিদমের ভেতর থেকে eᵃ গুণনীয়ক হিসেবে বের করে আনুন: ভেতরে থাকে শুধু "
        "e^(−a), যা ছোট। a ঋণাত্মক হলে সরাসরি সূত্রই নিরাপদ। দুই দিক max(a, 0) আর |a| দিয়ে এক সূত্রে লেখা যায়, "
        "আর ছোট x-এ ln(1 + x)-এর জন্য math.log1p। সিগময়েডও দুই দিকে আলাদা করে লিখুন, যাতে e-এর সূচক কখনো "
        "ধনাত্মক না হয়। শেষে লোকাল ব্যাকওয়ার্ডে += দিয়ে যোগ।",
    ),
}
