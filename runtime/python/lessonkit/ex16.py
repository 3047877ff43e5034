"""Exercises of lesson 16 (why reverse mode): counting paths in the graph, and choosing the mode.

16.1 runs the reader's ``count_paths(root, leaf)`` on graphs the page never builds (a chain of
diamonds, a leaf used several times, a second leaf on other branches) and compares with a count
by dynamic programming over ``next_functions``. 16.2 runs the reader's ``cheaper_jacobian`` on
functions with more inputs than outputs and the other way round (sizes and values drawn when
``check`` runs), and asks both for the right
Jacobian and for the passes of the cheaper mode, ``min(inputs, outputs)``, counted by
``count_passes``. 16.3 runs the reader's ``predict_bytes(loss_at, n)`` on networks the page
never builds (other widths, depths, activations and dtypes) and asks for the bytes the graph of a
batch of ``n`` keeps for the backward pass, predicted from batches of at most 8: a part that does
not grow with the batch (the weights) plus a part per example (the inputs to the matrix products,
the activations' outputs, the differences). The judge measures the big batch itself, the way the
page's ``saved_bytes`` does, and refuses any batch above 8 the reader's code asks for.
"""

import numpy as np

from .exercises import Exercise, Mismatch, written


def _reference_paths(root, leaf):
    """Paths from ``root.grad_fn`` to ``leaf``'s AccumulateGrad, each node counted once (memo)."""
    memo = {}

    def paths(node):
        if node is None:
            return 0
        if getattr(node, "variable", None) is leaf:
            return 1
        key = id(node)
        if key not in memo:
            memo[key] = sum(paths(nxt) for nxt, _ in node.next_functions)
        return memo[key]

    return paths(root.grad_fn)


def _graphs():
    import pyautograd as torch

    x = torch.tensor(0.7, requires_grad=True)
    w = torch.tensor(-1.3, requires_grad=True)
    h = x
    for _ in range(6):  # six diamonds in a row: 2**6 paths
        h = torch.sin(h) * torch.cos(h)
    yield h, x
    u = x * w + x
    v = u * u + w
    yield v * x, x
    yield v * x, w
    yield (x.exp() + w).tanh() * w, w
    z = torch.tensor(2.0, requires_grad=True)
    yield x * w + z * 3.0, z


def _judge_count_paths(count_paths):
    written(count_paths)
    for root, leaf in _graphs():
        want = _reference_paths(root, leaf)
        got = count_paths(root, leaf)
        if not isinstance(got, (int, np.integer)) or isinstance(got, bool):
            raise Mismatch(f"count_paths একটি পূর্ণসংখ্যা ফেরত দেবে, কিন্তু পেলাম {type(got).__name__}")
        if got != want:
            return False
    return True


def _functions():
    """(f, x) with sizes and values drawn at check time: more inputs than outputs, more outputs
    than inputs, and one output only, in a shuffled order."""
    import pyautograd as torch

    rng = np.random.default_rng()
    n = int(rng.integers(4, 10))
    m = int(rng.integers(2, n))
    a = torch.tensor(rng.normal(size=(m, n)), dtype=torch.float64)
    wide = (lambda x: torch.tanh(a @ x)), torch.tensor(rng.uniform(-1.0, 1.0, n), dtype=torch.float64)
    k = int(rng.integers(3, 7))
    c = torch.tensor(rng.uniform(0.5, 3.0, k), dtype=torch.float64)
    tall = (
        (lambda x: (x.unsqueeze(0) * c.unsqueeze(1)).sin().reshape(-1)),
        torch.tensor(rng.uniform(-1.0, 1.0, int(rng.integers(1, 3))), dtype=torch.float64),
    )  # 1 or 2 inputs, 3 to 12 outputs
    one = (
        (lambda x: (x**2).sum()),
        torch.tensor(rng.normal(size=int(rng.integers(3, 9))), dtype=torch.float64),
    )
    cases = [wide, tall, one]
    for i in rng.permutation(3):
        yield cases[i]


def _judge_cheaper_jacobian(cheaper_jacobian):
    from pyautograd.autograd.functional import count_passes, jacobian

    written(cheaper_jacobian)
    for f, x in _functions():
        n, m = x.numel(), f(x).numel()
        want = jacobian(f, x).detach().numpy()
        with count_passes() as passes:
            got = cheaper_jacobian(f, x)
        got = np.asarray(got.detach().numpy() if hasattr(got, "detach") else got, dtype=float)
        if got.shape != want.shape:
            raise Mismatch(f"জ্যাকোবিয়ানের আকার হওয়া উচিত {want.shape}, কিন্তু পেলাম {got.shape}")
        if not np.allclose(got, want, rtol=1e-5, atol=1e-7):
            return False
        used = passes.vjp + passes.jvp
        if used != min(n, m):
            raise Mismatch(
                f"{n}টি ইনপুট আর {m}টি আউটপুটের ফাংশনে পাস লাগল {used}টি (vjp {passes.vjp}, jvp {passes.jvp}); "
                f"সস্তা মোডে লাগে {min(n, m)}টি"
            )
    return True


def _saved_bytes(root):
    """The page's ``saved_bytes``: bytes of the distinct arrays the graph's nodes keep."""
    seen, arrays, stack = set(), {}, [root.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        for a in getattr(node, "_saved", None) or ():
            if isinstance(a, np.ndarray):
                arrays[id(a)] = a
        stack.extend(nxt for nxt, _ in node.next_functions)
    return sum(a.nbytes for a in arrays.values())


SMALL_BATCH = 8  # the biggest batch the reader's code may build


def _networks():
    """(description, loss_at) for networks the page never builds: ``loss_at(k)`` is the loss of
    a fresh batch of ``k`` examples, through the same weights every time."""
    import pyautograd as torch

    rng = np.random.default_rng(1603)
    for widths, act, dtype in (
        ((10, 32, 1), torch.tanh, torch.float32),
        ((5, 16, 8, 3), torch.sigmoid, torch.float64),
        ((20, 7, 7, 7, 2), torch.relu, torch.float32),
    ):
        params = []
        for n_in, n_out in zip(widths, widths[1:]):
            params.append(torch.tensor(rng.normal(size=(n_in, n_out)), dtype=dtype, requires_grad=True))
            params.append(torch.zeros(n_out, dtype=dtype, requires_grad=True))

        def loss_at(k, params=params, act=act, widths=widths, dtype=dtype):
            k = int(k)
            h = torch.tensor(rng.normal(size=(k, widths[0])), dtype=dtype)
            target = torch.tensor(rng.normal(size=(k, widths[-1])), dtype=dtype)
            for i in range(0, len(params), 2):
                h = h @ params[i] + params[i + 1]
                if i + 2 < len(params):
                    h = act(h)
            return ((h - target) ** 2).mean()

        yield "-".join(map(str, widths)), loss_at


def _judge_predict_bytes(predict_bytes):
    written(predict_bytes)
    for sizes, loss_at in _networks():
        for n in (1024, 3, 5000):

            def small_only(k, loss_at=loss_at, sizes=sizes):
                if k > SMALL_BATCH:
                    raise Mismatch(
                        f"{sizes} নেটওয়ার্কে loss_at({k}) চাওয়া হলো; {SMALL_BATCH}টির বেশি উদাহরণের ব্যাচ "
                        "বানানো চলবে না, ছোট ব্যাচ মেপে বড়টার হিসাব বের করুন"
                    )
                return loss_at(k)

            got = predict_bytes(small_only, n)
            if not isinstance(got, (int, np.integer)) or isinstance(got, bool):
                raise Mismatch(f"predict_bytes একটি পূর্ণসংখ্যা (বাইট) ফেরত দেবে, কিন্তু পেলাম {type(got).__name__}")
            want = _saved_bytes(loss_at(n))
            if got != want:
                raise Mismatch(f"{sizes} নেটওয়ার্কে ব্যাচ {n}: হিসাবে পেলাম {got} বাইট, মেপে দেখা গেল {want} বাইট")
    return True


EXERCISES = {
    "16.1": Exercise(
        expected=None,
        judge=_judge_count_paths,
        level=2,
        hint="root.grad_fn থেকে শুরু করে next_functions ধরে হাঁটুন। যে নোডের variable ঠিক leaf (is দিয়ে মেলান), সেখান থেকে "
        "পথ একটি; None বা অন্য পাতা থেকে শূন্য; বাকি নোডে তার সব পরের নোডের পথসংখ্যা যোগ করুন। একই নোড বারবার এলে "
        "আগের উত্তর মনে রাখলে (dict-এ) কাজ অনেক কমে।",
    ),
    "16.2": Exercise(
        expected=None,
        judge=_judge_cheaper_jacobian,
        level=3,
        hint="ইনপুটের সংখ্যা x.numel(), আউটপুটের সংখ্যা f(x).numel()। রিভার্স মোডে প্রতিটি আউটপুটের জন্য একটি পাস, "
        "ফরওয়ার্ড মোডে প্রতিটি ইনপুটের জন্য একটি। যেটি ছোট, সেই মোড বেছে jacobian(f, x, strategy=...) ডাকুন; "
        "ফরওয়ার্ড মোডে vectorize=True লাগে।",
    ),
    "16.3": Exercise(
        expected=None,
        judge=_judge_predict_bytes,
        level=2,
        hint="রাখা বাইট দুই ভাগে: ওজন, যা ব্যাচে বদলায় না, আর প্রতিটি উদাহরণের জন্য একই সংখ্যক বাইট। দুটি ছোট ব্যাচ "
        "(যেমন ১ আর ২টি উদাহরণ) saved_bytes দিয়ে মাপুন: তাদের পার্থক্য এক উদাহরণের বাইট, আর ব্যাচ ১-এর মাপ থেকে সেটা "
        "বাদ দিলে স্থির অংশ। শুধু অনুপাতে বাড়ালে স্থির অংশটাও বেড়ে যায়।",
    ),
}
