"""Exercises of lesson 15 (diagnosing a network): three small measuring tools.

Each judge runs the reader's function on tensors and models the page never shows (other
shapes, seeds, learning rates) and compares with the same measure worked out here in NumPy;
the evaluation judge also checks that the model's mode is restored and no graph escapes.
15.4 hands the reader's ``step_ratios`` a model, an optimizer it has not seen (Adam, SGD with
momentum and weight decay, RMSprop), a loss and a batch, with stale gradients left in every
``.grad``; it must take exactly one clean step and report each parameter's real change against
its size, which ``lr * grad`` does not give for these optimizers.
"""

import numpy as np

from .exercises import Exercise, Mismatch, written


def _number(value, what):
    if hasattr(value, "requires_grad") and value.requires_grad:
        raise Mismatch(f"{what} এখনও গ্রাফের সঙ্গে জোড়া টেনসর; .item() দিয়ে একটি পাইথন সংখ্যা ফেরত দিন")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise Mismatch(f"{what} একটি সংখ্যা হওয়া চাই, কিন্তু পেলাম {type(value).__name__}") from None


def _judge_dead_fraction(fn):
    import pyautograd as torch

    written(fn)
    rng = np.random.default_rng(1501)
    for rows, cols, dead in ((7, 12, 5), (40, 9, 0), (3, 20, 20), (25, 6, 1)):
        h = np.maximum(rng.normal(size=(rows, cols)), 0.0)
        h[:, :dead] = 0.0
        h[:, dead:][rng.integers(rows), :] += 0.5  # every other column fires at least once
        h = h[:, rng.permutation(cols)]
        got = _number(fn(torch.tensor(h, dtype=torch.float32)), "ফলটি")
        if not np.isclose(got, dead / cols, rtol=1e-6, atol=1e-9):
            raise Mismatch(f"{rows}×{cols} একটি ব্যাচে {dead}টি একক পুরো ব্যাচে শূন্য, কিন্তু পেলাম {got:.4g}")
    return True


def _judge_update_ratio(fn):
    import pyautograd as torch

    written(fn)
    rng = np.random.default_rng(1502)
    for shape, lr in (((5, 7), 0.03), ((16,), 1.5), ((3, 4, 2), 1e-4)):
        w = rng.normal(scale=rng.uniform(0.1, 3.0), size=shape)
        g = rng.normal(scale=rng.uniform(0.01, 2.0), size=shape)
        p = torch.tensor(w, dtype=torch.float64, requires_grad=True)
        p.grad = torch.tensor(g, dtype=torch.float64)
        got = _number(fn(p, lr), "ফলটি")
        want = (lr * g).std(ddof=1) / w.std(ddof=1)
        if not np.isclose(got, want, rtol=1e-6):
            return False
        if not np.array_equal(p.detach().numpy(), w):
            raise Mismatch("প্যারামিটারটা বদলে গেছে: শুধু মাপুন, হালনাগাদ করবেন না")
    return True


def _judge_evaluate(fn):
    import pyautograd as torch
    from pyautograd import nn

    written(fn)
    rng = np.random.default_rng(1503)
    for n, width, p in ((23, 16, 0.5), (50, 8, 0.3)):
        torch.manual_seed(int(rng.integers(1000)))
        model = nn.Sequential(nn.Linear(5, width), nn.ReLU(), nn.Dropout(p), nn.Linear(width, 4))
        X = torch.tensor(rng.normal(size=(n, 5)), dtype=torch.float32)
        y = torch.tensor(rng.integers(0, 4, size=n))
        with torch.no_grad():
            model.eval()
            logits = model(X)
            want_loss = nn.CrossEntropyLoss()(logits, y).item()
            want_acc = (logits.argmax(dim=1) == y).float().mean().item()
        model.train()
        result = fn(model, X, y)
        if not isinstance(result, tuple) or len(result) != 2:
            raise Mismatch("ফেরত দিন দুটি সংখ্যার একটি tuple: (লস, নির্ভুলতা)")
        loss = _number(result[0], "লস")
        acc = _number(result[1], "নির্ভুলতা")
        if not model.training:
            raise Mismatch("মাপার পরে মডেল eval মোডেই রয়ে গেল; আগের মোডে (train) ফিরিয়ে দিন")
        if not (np.isclose(loss, want_loss, rtol=1e-5) and np.isclose(acc, want_acc, rtol=1e-6)):
            return False
    return True


def _step_cases(rng):
    """(what, build model, make optimizer, loss, X, y) for 15.4: models, optimizers and losses
    the page never uses, so only the measured change, not ``lr * grad``, gives the ratio. Batch
    sizes, widths and data are drawn from ``rng``, at check time; every layer has at least two
    outputs, so each bias has a standard deviation (ddof=1)."""
    import pyautograd as torch
    from pyautograd import nn, optim

    def size(low, high):
        return int(rng.integers(low, high + 1))

    def digits_like(n, features, classes):
        X = torch.tensor(rng.normal(size=(n, features)), dtype=torch.float32)
        return X, torch.tensor(rng.integers(0, classes, size=n))

    features, hidden, classes = size(4, 8), size(6, 12), size(3, 5)
    X, y = digits_like(size(12, 30), features, classes)
    yield (
        "Adam(lr=0.01)",
        lambda: nn.Sequential(nn.Linear(features, hidden), nn.Tanh(), nn.Linear(hidden, classes)),
        lambda ps: optim.Adam(ps, lr=0.01),
        nn.CrossEntropyLoss(),
        X,
        y,
    )
    n_in, width, n_out, n = size(2, 5), size(5, 10), size(2, 3), size(10, 25)
    X = torch.tensor(rng.normal(size=(n, n_in)), dtype=torch.float32)
    y = torch.tensor(rng.normal(size=(n, n_out)), dtype=torch.float32)
    yield (
        "SGD(lr=0.1, momentum=0.9, weight_decay=0.05)",
        lambda: nn.Sequential(
            nn.Linear(n_in, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU(), nn.Linear(width, n_out)
        ),
        lambda ps: optim.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.05),
        nn.MSELoss(),
        X,
        y,
    )
    features, hidden, classes = size(3, 7), size(4, 9), size(2, 4)
    X, y = digits_like(size(20, 40), features, classes)
    yield (
        "RMSprop(lr=0.003)",
        lambda: nn.Sequential(nn.Linear(features, hidden), nn.Sigmoid(), nn.Linear(hidden, classes)),
        lambda ps: optim.RMSprop(ps, lr=0.003),
        nn.CrossEntropyLoss(),
        X,
        y,
    )


def _with_stale_grads(model, seed):
    """Gradients a previous step left behind: the step must not add them to its own."""
    import pyautograd as torch

    rng = np.random.default_rng(seed)
    for p in model.parameters():
        p.grad = torch.tensor(rng.normal(size=tuple(p.shape)), dtype=p.dtype)
    return model


def _judge_step_ratios(step_ratios):
    import pyautograd as torch

    written(step_ratios)
    rng = np.random.default_rng()
    for what, build, make_optimizer, loss_fn, X, y in _step_cases(rng):
        # the reader's model and the reference start from the same weights and stale gradients
        weights, stale = (int(v) for v in rng.integers(0, 2**31, size=2))
        torch.manual_seed(weights)
        model = _with_stale_grads(build(), stale)
        torch.manual_seed(weights)
        reference = _with_stale_grads(build(), stale)
        before = {name: p.detach().numpy().astype(np.float64) for name, p in reference.named_parameters()}
        optimizer = make_optimizer(reference.parameters())
        optimizer.zero_grad()
        loss_fn(reference(X), y).backward()
        optimizer.step()
        after = {name: p.detach().numpy().astype(np.float64) for name, p in reference.named_parameters()}
        want = {name: (after[name] - w).std(ddof=1) / w.std(ddof=1) for name, w in before.items()}

        got = step_ratios(model, make_optimizer(model.parameters()), loss_fn, X, y)
        if not isinstance(got, dict) or set(got) != set(want):
            raise Mismatch(f"ফেরত দিন একটি dict, named_parameters()-এর প্রতিটি নামে একটি অনুপাত: {sorted(want)}")
        for name, p in model.named_parameters():
            if not np.allclose(p.detach().numpy(), after[name], rtol=1e-5, atol=1e-7):
                raise Mismatch(
                    f"{what}-এর এক ধাপের পরে {name} যেখানে পৌঁছানোর কথা, সেখানে নেই: ঠিক একটি পরিষ্কার ধাপ চাই "
                    "(আগের ধাপের .grad কি মুছেছেন?)"
                )
        for name, ratio in want.items():
            if not np.isclose(_number(got[name], f"{name}-এর অনুপাত"), ratio, rtol=1e-4):
                return False
    return True


def _faulty_model(rng, fault):
    """A float64 ``nn.Sequential`` of 3 to 5 Linear layers with ReLU between them, widths drawn
    now, and a fault planted at a random place. ``"nan"``: one weight is nan. ``"overflow"``:
    every number stays finite, but one layer's bias is 1e200 and the next layer's weights hold
    1e200, so that layer's output is ~1e400, inf. ``"input"``: X itself holds an inf. ``None``:
    nothing wrong. Returns the model, X and the index (in ``model``) of the first layer whose
    output is not finite, or None."""
    import pyautograd as torch
    from pyautograd import nn

    depth = int(rng.integers(3, 6))
    widths = [int(v) for v in rng.integers(2, 8, size=depth + 1)]
    layers = []
    for i, (a, b) in enumerate(zip(widths, widths[1:])):
        layers.append(nn.Linear(a, b))
        if i < depth - 1:
            layers.append(nn.ReLU())
    torch.manual_seed(int(rng.integers(0, 10_000)))
    model = nn.Sequential(*layers).double()
    X = torch.tensor(rng.normal(size=(int(rng.integers(2, 6)), widths[0])))
    linear = [i for i, m in enumerate(model) if isinstance(m, nn.Linear)]
    with torch.no_grad():
        if fault == "nan":
            # never the last Linear: the nan then reaches every layer after it, so an answer
            # that returns the last bad layer instead of the first is always caught
            where = linear[int(rng.integers(0, depth - 1))]
            model[where].weight[int(rng.integers(0, model[where].out_features)), 0] = float("nan")
            return model, X, where
        if fault == "overflow":
            k = int(rng.integers(0, depth - 1))
            model[linear[k]].bias.fill_(1e200)  # finite, and ReLU lets it through
            model[linear[k + 1]].weight.fill_(1e200)
            return model, X, linear[k + 1]
        if fault == "input":
            X[int(rng.integers(0, len(X))), int(rng.integers(0, widths[0]))] = float("inf")
            return model, X, 0
    return model, X, None


def _judge_first_nonfinite(first_nonfinite_layer):
    """``first_nonfinite_layer(model, X)``: the index of the first layer of an ``nn.Sequential``
    whose output holds nan or inf, or None. Models, data and faults are drawn at check time;
    one fault leaves every weight finite and only overflows in a layer's output, so looking
    at the weights, or only for nan, is not enough."""
    written(first_nonfinite_layer)
    rng = np.random.default_rng()
    faults = ["nan", "overflow", "input", None]
    for fault in [faults[int(i)] for i in rng.permutation(4)]:
        model, X, want = _faulty_model(rng, fault)
        with np.errstate(over="ignore", invalid="ignore"):  # the planted overflow is the point, not news
            got = first_nonfinite_layer(model, X.clone())
        if got is not None:
            got = int(got)
        if got != want:
            say = (
                "সব স্তরের আউটপুট সসীম"
                if want is None
                else f"প্রথম nan বা inf এসেছে model[{want}]-এর ({type(model[want]).__name__}) আউটপুটে"
            )
            raise Mismatch(f"{len(model)} স্তরের এক অচেনা মডেলে {say}, কিন্তু আপনার উত্তর {got}")
    return True


EXERCISES = {
    "15.1": Exercise(
        expected=None,
        judge=_judge_dead_fraction,
        level=1,
        hint="একটি একক মানে h-এর একটি কলাম। কলামটা মৃত যদি তার প্রতিটি সারিতে মান শূন্য বা ঋণাত্মক হয়: (h <= 0)-এর ওপর "
        "dim=0 ধরে all() নিন, তারপর সেই সত্য/মিথ্যাগুলোকে float করে গড়। শেষে .item() দিয়ে সংখ্যা ফেরত দিন।",
    ),
    "15.2": Exercise(
        expected=None,
        judge=_judge_update_ratio,
        level=1,
        hint="হালনাগাদ হলো lr * p.grad; তার std-কে p-এর std দিয়ে ভাগ করুন। torch-এর std() নমুনার std (n - 1 দিয়ে ভাগ), "
        "দুটোতেই সেটাই নিন। মাপার সময় গ্রাফ লাগে না, আর ফল একটি পাইথন সংখ্যা (.item())।",
    ),
    "15.3": Exercise(
        expected=None,
        judge=_judge_evaluate,
        level=2,
        hint="শুরুতে model.training মনে রাখুন, তারপর model.eval(); হিসাব torch.no_grad()-এর ভেতরে; লস nn.CrossEntropyLoss() "
        "দিয়ে, নির্ভুলতা argmax(dim=1) মিলিয়ে গড়; দুটোই .item()। ফেরার আগে model.train(আগের মোড) দিয়ে মোড ফিরিয়ে দিন।",
    ),
    "15.4": Exercise(
        expected=None,
        judge=_judge_step_ratios,
        level=3,
        hint="Adam বা মোমেন্টামে ধাপটা lr * grad নয়, তাই ধাপ নিয়েই মাপুন। ধাপের আগে প্রতিটি প্যারামিটারের একটি আলাদা কপি রাখুন "
        "(detach() একই মেমরি দেখায়, ধাপের পরে সেটাও বদলে যাবে; clone() লাগে)। তারপর optimizer.zero_grad(), লস, "
        "backward(), step(); শেষে প্রতিটি নামে (নতুন − পুরনো)-এর std ভাগ পুরনোর std, .item() দিয়ে সংখ্যা।",
    ),
    "15.5": Exercise(
        expected=None,
        judge=_judge_first_nonfinite,
        level=3,
        hint="nn.Sequential-এর স্তরগুলো একটি একটি করে নিজে চালান (h = layer(h)), আর প্রতিটির পরে দেখুন আউটপুট সসীম কি না; "
        "torch.isfinite nan আর inf দুটোই ধরে, শুধু isnan নয়। ওজন দেখে বিচার করবেন না: সসীম ওজন থেকেও আউটপুট উপচে "
        "পড়তে পারে। সূচক গোনা শুরু 0 থেকে, model[i]-এর মতো; প্রথম দোষী পেলেই থামুন।",
    ),
}
