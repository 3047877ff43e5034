"""Exercises of lesson 12 (your own tensor engine): the reader extends the page's ``Tensor``.

Each judge builds tensors of shapes and values the page never uses (12.3 draws its shapes,
indices and values when ``check`` runs), reduces the reader's op
to a number with a random upstream weight (so a backward that forgets ``out.grad`` is seen),
runs the reader's ``backward()`` and compares every gradient, shape first, with the formula
worked out here in NumPy.
"""

import numpy as np

from .exercises import Exercise, Mismatch, written


def _same(got, want, what):
    got = np.asarray(got)
    if got.shape != want.shape:
        raise Mismatch(f"{what}-এর আকার হওয়া উচিত {want.shape}, কিন্তু পেলাম {got.shape}")
    return bool(np.allclose(got, want, rtol=1e-9, atol=1e-9))


def _judge_exp(Tensor):
    written(getattr(Tensor, "exp", None))
    rng = np.random.default_rng(1201)
    for shape in ((2, 3), (5,), (3, 1, 2)):
        x = rng.normal(size=shape)
        upstream = rng.normal(size=shape)
        t = Tensor(x)
        out = t.exp()
        if not _same(out.data, np.exp(x), "exp-এর আউটপুট"):
            return False
        (out * t * upstream).sum().backward()  # t reaches the root on two paths
        if not _same(t.grad, upstream * np.exp(x) * (x + 1), "grad"):
            return False
    return True


def _unbroadcast(grad, shape):
    while grad.ndim > len(shape):
        grad = grad.sum(axis=0)
    for axis, size in enumerate(shape):
        if size == 1:
            grad = grad.sum(axis=axis, keepdims=True)
    return grad


def _judge_divide(Tensor):
    written(getattr(Tensor, "__truediv__", None))
    rng = np.random.default_rng(1202)
    for a_shape, b_shape in (((4, 3), (4, 1)), ((2, 5), (5,)), ((1, 4), (3, 1)), ((3,), (2, 3))):
        x = rng.normal(size=a_shape)
        y = rng.uniform(0.5, 2.0, size=b_shape) * rng.choice((-1.0, 1.0), size=b_shape)
        upstream = rng.normal(size=np.broadcast_shapes(a_shape, b_shape))
        a, b = Tensor(x), Tensor(y)
        out = a / b
        if not _same(out.data, x / y, "a / b-এর আউটপুট"):
            return False
        (out * upstream).sum().backward()
        if not _same(a.grad, _unbroadcast(upstream / y, a_shape), "a.grad"):
            return False
        if not _same(b.grad, _unbroadcast(-upstream * x / y**2, b_shape), "b.grad"):
            return False
    x = rng.normal(size=(2, 3))
    upstream = rng.normal(size=(2, 3))
    a = Tensor(x)
    (a / 2.5 * upstream).sum().backward()  # a plain number as the divisor
    return _same(a.grad, upstream / 2.5, "a.grad (ভাজক সাধারণ সংখ্যা)")


def _judge_rows(Tensor):
    written(getattr(Tensor, "rows", None))
    rng = np.random.default_rng()
    for repeat in (True, True, False):
        shape = (int(rng.integers(3, 9)), int(rng.integers(1, 6)))
        if repeat:  # some row taken two or more times: its contributions must add up
            index = rng.integers(0, shape[0], size=int(rng.integers(3, 8)))
            index[int(rng.integers(1, len(index)))] = index[0]
        else:  # every row at most once, in a shuffled order
            index = rng.permutation(shape[0])[: int(rng.integers(1, shape[0] + 1))]
        table_data = rng.normal(size=shape)
        upstream = rng.normal(size=(len(index), shape[1]))
        table = Tensor(table_data)
        out = table.rows(index)
        if not _same(out.data, table_data[index], "তুলে আনা সারিগুলো"):
            return False
        (out * upstream).sum().backward()
        want = np.zeros(shape)
        np.add.at(want, index, upstream)
        if not _same(table.grad, want, "table.grad"):
            last_write = np.zeros(shape)
            last_write[index] += upstream
            if np.allclose(table.grad, last_write):
                counts = np.bincount(index)
                row = int(np.argmax(counts))
                raise Mismatch(
                    f"সারি {row} তোলা হয়েছে {counts[row]} বার, কিন্তু তার গ্রেডিয়েন্টে এসেছে শুধু একবারের অবদান"
                )
            return False
    return True


EXERCISES = {
    "12.1": Exercise(
        expected=None,
        judge=_judge_exp,
        level=1,
        hint="tanh সেলটি নমুনা হিসেবে নিন: নতুন Tensor(np.exp(a.data), (a,), ...), তার local_backward, শেষে return "
        "out। eᵃ-এর ডেরিভেটিভ নিজেই, তাই out.data আবার কাজে লাগে; আপস্ট্রিম out.grad দিয়ে গুণ করতে আর += "
        "দিয়ে যোগ করতে ভুলবেন না।",
    ),
    "12.2": Exercise(
        expected=None,
        judge=_judge_divide,
        level=2,
        hint="mul সেলটির মতো গঠন: দুটি ইনপুটকেই as_tensor দিয়ে নিন। a-এর দিকে লোকাল ডেরিভেটিভ 1/b, আর b-এর দিকে "
        "a/b-কে b-এর সাপেক্ষে ডিফারেনশিয়েট করুন (চিহ্নটা খেয়াল করুন)। প্রতিটিকে out.grad দিয়ে গুণ করে "
        "unbroadcast(..., নিজের আকার) দিয়ে ফেরান, তারপর += দিয়ে যোগ।",
    ),
    "12.3": Exercise(
        expected=None,
        judge=_judge_rows,
        level=3,
        hint="ফরওয়ার্ডে table.data[index]। ব্যাকওয়ার্ডে একই সারি কয়েকবার তোলা হলে প্রতিবারের অবদান যোগ হওয়ার কথা "
        "(৪ক-এর += নিয়ম), কিন্তু NumPy-তে grad[index] += g প্রতিটি সারিতে একবারই লেখে। np.add.at(গ্রেডিয়েন্ট, "
        "index, out.grad) ঠিক এই কাজের জন্য, যা একই সূচকে বারবার যোগ করে।",
    ),
}
