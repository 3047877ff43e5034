"""Reference computations the code exercises compare the reader's code against.

Each ``judge_*`` receives what the reader passed to ``check`` (a function), runs it on
inputs the pages never show, and returns True or False. ``written`` raises
``NotAnswered`` while the reader's function is still the page's ``...`` stub. The
references use pyautograd in float64, so a right answer agrees to ~1e-9.
"""

import math
from contextlib import contextmanager

from .exercises import Mismatch, NotAnswered, close, written


def _torch():
    import pyautograd as torch

    return torch


# ---------------------------------------------------------------- lesson 1: counting graph nodes


def _graphs():
    """Small graphs, two of them with an operation whose output is used twice."""
    torch = _torch()
    p = torch.tensor(0.3, requires_grad=True)
    q = torch.tensor(-1.2, requires_grad=True)
    t = torch.tensor(0.8, requires_grad=True)
    a = t * t
    shared = a.sin() * a + a  # Mul(a), Sin, Mul, Add: a is one node met on three paths
    return [((p * q).exp() + p, 3), (shared, 4), (t**2, 1), ((p * q) * (p * q), 3)]


def judge_count_ops(count_ops):
    written(count_ops)
    return all(count_ops(root) == want for root, want in _graphs())


# ---------------------------------------------------------------- lesson 2: backward by hand


def _two_layer_grads(x1, x2, y, w1, w2, b1, w3, b2):
    torch = _torch()
    params = [torch.tensor(v, dtype=torch.float64, requires_grad=True) for v in (w1, w2, b1, w3, b2)]
    tw1, tw2, tb1, tw3, tb2 = params
    L = (tw3 * torch.sigmoid(tw1 * x1 + tw2 * x2 + tb1) + tb2 - y) ** 2
    L.backward()
    return [p.grad.item() for p in params]


_POINTS = [
    (0.4, -1.5, 1.0, 0.9, 0.2, -0.3, -1.1, 0.5),
    (2.0, 0.5, -0.5, -0.6, 1.4, 0.1, 0.7, -0.2),
    (-1.0, 3.0, 0.25, 0.05, -0.35, 0.8, 2.2, 1.0),
]


def judge_two_layer_grads(two_layer_grads):
    written(two_layer_grads)
    for point in _POINTS:
        if not close(list(two_layer_grads(*point)), _two_layer_grads(*point), 1e-7):
            return False
    return True


# ---------------------------------------------------------------- lesson 3: a training loop


def _train_reference(p, lr, steps):
    p = dict(p)
    for _ in range(steps):
        grads = _two_layer_grads(1.0, 2.0, 0.0, p["w1"], p["w2"], p["b1"], p["w3"], p["b2"])
        for name, g in zip(("w1", "w2", "b1", "w3", "b2"), grads):
            p[name] = p[name] - lr * g
    return p


def judge_train(train):
    written(train)
    starts = [
        ({"w1": 0.1, "w2": 0.3, "b1": -0.2, "w3": -1.0, "b2": 0.4}, 0.05, 7),
        ({"w1": -0.8, "w2": 0.6, "b1": 0.9, "w3": 1.5, "b2": -0.3}, 0.3, 3),
    ]
    for start, lr, steps in starts:
        got = train(dict(start), lr, steps)
        want = _train_reference(start, lr, steps)
        if not isinstance(got, dict) or not close([float(got[k]) for k in want], list(want.values()), 1e-7):
            return False
    return True


# ---------------------------------------------------------------- lesson 5: Jacobian from one-hot VJPs


def judge_full_jacobian(full_jacobian):
    """``full_jacobian(f, x)``: the rows of f's Jacobian at x, one backward pass each. The
    functions' sizes, matrix and points are drawn at check time; every function has two or
    more outputs, so rows that are not cleared between passes pile up. The library's
    ``jacobian``, which the exercise forbids and the judge uses, is refused."""
    import numpy as np

    written(full_jacobian)
    if "jacobian" in _names_used(full_jacobian.__code__):
        raise Mismatch("এখানে jacobian চলবে না: প্রতিটি সারি নিজে বের করুন, ওয়ান-হট gradient দিয়ে backward() ডেকে")
    torch = _torch()
    from pyautograd.autograd.functional import jacobian

    rng = np.random.default_rng()
    n, m, k, j = (int(v) for v in rng.integers(2, 6, size=4))
    A = torch.tensor(rng.normal(size=(m, n)))
    c = torch.tensor(rng.uniform(-2, 2, size=k))
    functions = [
        (lambda x: A @ torch.sin(x), n),
        (lambda x: x * x * c, k),
        (lambda x: torch.exp(x).sum() * x, j),
    ]
    for f, size in functions:
        point = rng.uniform(-1.5, 1.5, size=size)
        want = jacobian(f, torch.tensor(point)).tolist()
        x = torch.tensor(point, requires_grad=True)
        if not close(full_jacobian(f, x), want, 1e-7):
            return False
    return True


# ---------------------------------------------------------------- lesson 6: a training loop with nn and optim


def _model(seed):
    torch = _torch()
    from pyautograd import nn

    torch.manual_seed(seed)
    return nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1), nn.Sigmoid())


def _fit_reference(model, X, Y, lr, steps):
    from pyautograd import nn, optim

    loss_fn = nn.BCELoss()
    optimizer = optim.SGD(model.parameters(), lr=lr)
    history = []
    for _ in range(steps):
        optimizer.zero_grad()
        loss = loss_fn(model(X), Y)
        loss.backward()
        optimizer.step()
        history.append(loss.item())
    return history


def judge_fit(fit):
    written(fit)
    torch = _torch()
    X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    for Y, lr, steps, seed in (
        (torch.tensor([[0.0], [1.0], [1.0], [1.0]]), 0.5, 25, 3),  # OR
        (torch.tensor([[0.0], [0.0], [0.0], [1.0]]), 2.0, 12, 7),  # AND
    ):
        got = fit(_model(seed), X, Y, lr, steps)
        want = _fit_reference(_model(seed), X, Y, lr, steps)
        if not close([float(v) for v in got], want, 1e-5):
            return False
    return True


# ---------------------------------------------------------------- lesson 7: a linear layer's backward


def _as_array(value):
    """A reader's tensor, array or nested list as a float64 NumPy array."""
    import numpy as np

    from .exercises import _to_plain

    return np.asarray(_to_plain(value), dtype=float)


def judge_linear_backward(linear_backward):
    """``linear_backward(X, W, delta) -> (dW, dX, db)`` against autograd on random layers.

    The sizes N, D, M differ from each other (so a wrong transpose fails on its shape) except
    in the last layer, where every shape is square and only the numbers can tell.
    """
    import numpy as np

    written(linear_backward)
    torch = _torch()
    rng = np.random.default_rng(2718)
    for n, d, m in ((5, 3, 2), (1, 4, 6), (6, 2, 7), (3, 3, 3)):
        X, W, b, delta = (rng.normal(size=s) for s in ((n, d), (d, m), (m,), (n, m)))
        Xt, Wt, bt = (torch.tensor(a, requires_grad=True) for a in (X, W, b))
        ((Xt @ Wt + bt) * torch.tensor(delta)).sum().backward()
        got = linear_backward(X.copy(), W.copy(), delta.copy())
        if not isinstance(got, (tuple, list)) or len(got) != 3:
            raise Mismatch("ফাংশনটি তিনটি জিনিস ফেরত দেবে, এই ক্রমে: dW, dX, db")
        where = f"X {n}×{d}, W {d}×{m}"
        for name, mine, want in zip(("dW", "dX", "db"), got, (Wt.grad, Xt.grad, bt.grad)):
            mine, want = _as_array(mine), want.numpy()
            if mine.shape != want.shape:
                raise Mismatch(f"{where} হলে {name}-এর আকার হওয়া উচিত {want.shape}, কিন্তু পেলাম {mine.shape}")
            if not np.allclose(mine, want, rtol=1e-7, atol=1e-9):
                raise Mismatch(f"{where} হলে {name}-এর আকার ঠিক আছে, কিন্তু সংখ্যাগুলো মেলেনি")
    return True


def judge_relu_backward(backward_relu):
    """``backward_relu(X, T, W1, b1, W2, b2) -> dW1`` for a ReLU MLP with mean squared error,
    against autograd on random networks. Random weights put Z1 on both sides of zero, so
    a missing or wrong mask (all ones, tanh's slope) changes the numbers."""
    import numpy as np

    written(backward_relu)
    torch = _torch()
    rng = np.random.default_rng(1618)
    for n, d, m, k in ((6, 3, 4, 2), (9, 2, 5, 3), (4, 5, 3, 1)):
        X, T, W1, b1, W2, b2 = (rng.normal(size=s) for s in ((n, d), (n, k), (d, m), (m,), (m, k), (k,)))
        W1t = torch.tensor(W1, requires_grad=True)
        H = torch.relu(torch.tensor(X) @ W1t + torch.tensor(b1))
        ((H @ torch.tensor(W2) + torch.tensor(b2) - torch.tensor(T)) ** 2).mean().backward()
        got = backward_relu(X.copy(), T.copy(), W1.copy(), b1.copy(), W2.copy(), b2.copy())
        if got is Ellipsis:  # the page's cell still returns its ... placeholder
            raise NotAnswered
        got, want = _as_array(got), W1t.grad.numpy()
        if got.shape != want.shape:
            raise Mismatch(
                f"X {n}×{d} আর W1 {d}×{m} হলে dW1-এর আকার হওয়া উচিত {want.shape}, কিন্তু পেলাম {got.shape}"
            )
        if not np.allclose(got, want, rtol=1e-7, atol=1e-12):
            return False
    return True


def judge_deep_backward(deep_backward):
    """``deep_backward(X, T, Ws, bs) -> (dWs, dbs)`` for a tanh MLP of any depth (linear last
    layer, mean squared error), against autograd on networks of one to four layers whose widths
    all differ, so a layer taken out of order fails on its shape. Batch sizes, data and weights
    are drawn at check time."""
    import numpy as np

    written(deep_backward)
    torch = _torch()
    rng = np.random.default_rng()
    for widths in ((3, 2), (4, 5, 2), (2, 6, 3, 4, 1), (5, 3, 7, 2)):
        n = int(rng.integers(2, 7))
        X, T = rng.normal(size=(n, widths[0])), rng.normal(size=(n, widths[-1]))
        Ws = [rng.normal(size=(a, b)) for a, b in zip(widths, widths[1:])]
        bs = [rng.normal(size=b) for b in widths[1:]]
        Wt = [torch.tensor(W, requires_grad=True) for W in Ws]
        bt = [torch.tensor(b, requires_grad=True) for b in bs]
        H = torch.tensor(X)
        for i, (W, b) in enumerate(zip(Wt, bt)):
            H = H @ W + b
            if i < len(Wt) - 1:
                H = torch.tanh(H)
        ((H - torch.tensor(T)) ** 2).mean().backward()
        got = deep_backward(X.copy(), T.copy(), [W.copy() for W in Ws], [b.copy() for b in bs])
        if not isinstance(got, (tuple, list)) or len(got) != 2:
            raise Mismatch("ফাংশনটি দুটি তালিকা ফেরত দেবে, এই ক্রমে: dWs, dbs")
        sizes = "-".join(str(w) for w in widths)
        for name, mine, want in (("dWs", got[0], Wt), ("dbs", got[1], bt)):
            if len(mine) != len(want):
                raise Mismatch(f"{sizes} নেটওয়ার্কে {len(want)}টি স্তর, কিন্তু {name}-এ পেলাম {len(mine)}টি")
            for layer, (m, w) in enumerate(zip(mine, want), start=1):
                m, w = _as_array(m), w.grad.numpy()
                if m.shape != w.shape:
                    raise Mismatch(
                        f"{sizes} নেটওয়ার্কে স্তর {layer}-এর {name[:-1]}-এর আকার হওয়া উচিত {w.shape}, "
                        f"কিন্তু পেলাম {m.shape}"
                    )
                if not np.allclose(m, w, rtol=1e-7, atol=1e-12):
                    raise Mismatch(f"{sizes} নেটওয়ার্কে স্তর {layer}-এর {name[:-1]}-এর সংখ্যাগুলো মেলেনি")
    return True


# ---------------------------------------------------------------- lesson 8: He initialisation


_FORBIDDEN_INITS = {"kaiming_normal_", "kaiming_uniform_"}


def _names_used(code):
    """Every global and attribute name a function's code (and the code nested in it) uses."""
    names = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= _names_used(const)
    return names


@contextmanager
def _refusing(module, names):
    """While inside, calling ``module.<name>`` for any of ``names`` raises ``Mismatch``."""

    def refuse(*args, **kwargs):
        raise Mismatch("এখানে nn.init.kaiming_normal_ (বা kaiming_uniform_) চলবে না: বিচ্যুতিটা নিজে হিসাব করুন")

    saved = {name: getattr(module, name) for name in names}
    try:
        for name in names:
            setattr(module, name, refuse)
        yield
    finally:
        for name, fn in saved.items():
            setattr(module, name, fn)


def judge_he_init(he_init):
    """``he_init(weight)`` fills an ``nn.Linear`` weight (n_out × n_in) in place from
    N(0, 2 / n_in). With 16,000+ draws the sample deviation is within ~1% of the true one,
    so 5% tells He from n_out-based or Xavier scales (off by 40% or more here). The
    library's own ``kaiming_*`` initialisers, which the exercise forbids, are refused."""
    written(he_init)
    torch = _torch()
    from pyautograd import nn

    if _FORBIDDEN_INITS & _names_used(he_init.__code__):
        raise Mismatch("এখানে nn.init.kaiming_normal_ (বা kaiming_uniform_) চলবে না: বিচ্যুতিটা নিজে হিসাব করুন")
    for n_in, n_out in ((50, 320), (800, 40), (128, 500)):
        layer = nn.Linear(n_in, n_out)
        before = layer.weight.detach().clone()
        torch.manual_seed(n_in)
        with _refusing(nn.init, _FORBIDDEN_INITS):
            he_init(layer.weight)
        weight = layer.weight.detach()
        if bool((weight == before).all()):
            raise Mismatch(
                f"nn.Linear({n_in}, {n_out})-এর ওজন একটুও বদলায়নি: নতুন টেনসর বানালে হবে না, "
                "যে ওজনটা দেওয়া হয়েছে সেটাকেই জায়গায় বসে ভরাতে হবে"
            )
        if not (layer.weight.is_leaf and layer.weight.requires_grad):
            raise Mismatch("ওজনটা আর প্রশিক্ষণযোগ্য পাতা নেই: বদলাতে হবে torch.no_grad()-এর ভেতরে")
        want = math.sqrt(2 / n_in)
        got = weight.std().item()
        if abs(got / want - 1) > 0.05:
            raise Mismatch(
                f"nn.Linear({n_in}, {n_out})-এর ওজনে আদর্শ বিচ্যুতি পেলাম {got:.4f}, চাই প্রায় {want:.4f}"
            )
        if abs(weight.mean().item()) > 0.05 * want:
            raise Mismatch(f"nn.Linear({n_in}, {n_out})-এর ওজনের গড় শূন্যের কাছে নয়")
    return True


# ---------------------------------------------------------------- lesson 9: accuracy in minibatches


def _watched(inner):
    """``inner`` wrapped so the judge sees every batch the reader's code feeds it."""
    torch = _torch()
    from pyautograd import nn

    class Model(nn.Module):  # the name a reader sees in an error message
        def __init__(self):
            super().__init__()
            self.inner = inner
            self.calls = []  # (grad mode on?, rows)

        def forward(self, x):
            self.calls.append((torch.is_grad_enabled(), len(x)))
            return self.inner(x)

    return Model()


def judge_evaluate(evaluate):
    """``evaluate(model, X, y, batch_size)``: the share of right answers over *all* rows, fed
    to the model in batches of at most ``batch_size`` with gradients off. The sizes leave a
    short last batch, so averaging the batches' accuracies comes out different."""
    written(evaluate)
    torch = _torch()
    from pyautograd import nn

    for n, features, classes, batch_size in ((103, 6, 4, 25), (58, 3, 3, 16), (40, 5, 2, 7)):
        torch.manual_seed(n)
        inner = nn.Linear(features, classes)
        X = torch.randn(n, features)
        y = torch.randint(0, classes, (n,))
        with torch.no_grad():
            want = (inner(X).argmax(dim=1) == y).float().mean().item()
        model = _watched(inner)
        got = float(evaluate(model, X, y, batch_size))
        rows = sum(r for _, r in model.calls)
        biggest = max((r for _, r in model.calls), default=0)
        if rows != n:
            raise Mismatch(f"{n}টি উদাহরণের মধ্যে মডেল দেখল {rows}টি: প্রতিটি উদাহরণ ঠিক একবার চাই")
        if biggest > batch_size:
            raise Mismatch(f"batch_size {batch_size}, অথচ মডেলকে একবারে {biggest}টি উদাহরণ দেওয়া হলো")
        if any(grad_on for grad_on, _ in model.calls):
            raise Mismatch("মডেল চলেছে গ্রেডিয়েন্টের হিসাব চালু রেখে: মূল্যায়নে গ্রাফ বানানোর দরকার নেই")
        if not math.isclose(got, want, abs_tol=1e-6):
            raise Mismatch(
                f"{n}টি উদাহরণ, batch_size {batch_size}: নির্ভুলতা পেলাম {got:.4f}, হওয়া উচিত {want:.4f}"
            )
    return True


# ---------------------------------------------------------------- lesson 10: a broken training loop


def _line_data(seed, n, slope, intercept):
    """``n`` noisy points of a line; ``seed`` is a number or a generator already drawing."""
    import numpy as np

    torch = _torch()
    rng = np.random.default_rng(seed)
    xs = torch.tensor(rng.uniform(-2, 2, n), dtype=torch.float32)
    noise = torch.tensor(rng.normal(0, 0.1, n), dtype=torch.float32)
    return xs, slope * xs + intercept + noise


def _fit_line_reference(xs, ys, lr, steps):
    torch = _torch()
    from pyautograd import optim

    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    optimizer = optim.SGD([w, b], lr=lr)
    losses = []
    for _ in range(steps):
        optimizer.zero_grad()
        loss = ((w * xs + b - ys) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def judge_fit_line(fit_line):
    """``fit_line(xs, ys, lr, steps)`` returns the loss of every step of plain SGD on a line.
    The learning rates are small enough that the right loop's loss falls at every step, so a
    flat loss (no gradient reached ``step()``) and a rising one (stale gradients) are named."""
    written(fit_line)
    for seed, n, slope, intercept, lr, steps in (
        (11, 12, 1.5, -0.5, 0.05, 30),
        (12, 20, -2.0, 1.0, 0.1, 25),
        (13, 8, 0.7, 2.0, 0.08, 40),
    ):
        xs, ys = _line_data(seed, n, slope, intercept)
        want = _fit_line_reference(xs, ys, lr, steps)
        got = [float(v) for v in fit_line(xs.clone(), ys.clone(), lr, steps)]
        if len(got) != steps:
            raise Mismatch(f"{steps} ধাপে {steps}টি লস চাই, পেলাম {len(got)}টি")
        if max(got) - min(got) < 1e-9:
            raise Mismatch(
                f"{steps} ধাপে লস একটুও কমেনি ({got[0]:.4f}-এই আটকে আছে): step()-এর সময় গ্রেডিয়েন্ট কোথায়?"
            )
        rise = next((k for k in range(1, steps) if got[k] > got[k - 1] + 1e-7), None)
        if rise is not None:
            raise Mismatch(
                f"ধাপ {rise}-এ লস বেড়ে গেল ({got[rise - 1]:.4f} থেকে {got[rise]:.4f}): "
                "আগের ধাপগুলোর গ্রেডিয়েন্ট কি এখনো জমে আছে?"
            )
        if not close(got, want, 1e-5):
            raise Mismatch("লস কমছে, কিন্তু ধাপে ধাপে সংখ্যাগুলো সাধারণ SGD-র সঙ্গে মিলছে না")
    return True


def _momentum_line_reference(xs, ys, lr, beta, steps):
    torch = _torch()
    from pyautograd import optim

    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    optimizer = optim.SGD([w, b], lr=lr, momentum=beta)
    losses = []
    for _ in range(steps):
        optimizer.zero_grad()
        loss = ((w * xs + b - ys) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


def judge_momentum_line(fit_line_momentum):
    """``fit_line_momentum(xs, ys, lr, beta, steps)``: the losses of SGD with momentum written by
    hand, against ``optim.SGD(momentum=beta)`` on lines drawn at check time (sizes, slopes,
    learning rates, β and step counts included). Any use of ``optim`` is refused, since the
    exercise is to write the update itself."""
    import numpy as np

    written(fit_line_momentum)
    if {"optim", "SGD"} & _names_used(fit_line_momentum.__code__):
        raise Mismatch("এখানে optim চলবে না: হালনাগাদ আর বেগ দুটোই নিজে লিখুন")
    rng = np.random.default_rng()
    for _ in range(3):
        n, steps = int(rng.integers(6, 21)), int(rng.integers(20, 41))
        slope = round(float(rng.uniform(0.5, 2.5)) * float(rng.choice((-1.0, 1.0))), 2)
        intercept = round(float(rng.uniform(-1.5, 1.5)), 2)
        # lr · (the loss's largest curvature, at most 8 here) stays far below 2(1 + β): no blow-up
        lr, beta = round(float(rng.uniform(0.01, 0.05)), 3), round(float(rng.uniform(0.5, 0.9)), 2)
        xs, ys = _line_data(rng, n, slope, intercept)
        want = _momentum_line_reference(xs, ys, lr, beta, steps)
        got = [float(v) for v in fit_line_momentum(xs.clone(), ys.clone(), lr, beta, steps)]
        if len(got) != steps:
            raise Mismatch(f"{steps} ধাপে {steps}টি লস চাই, পেলাম {len(got)}টি")
        if max(got) - min(got) < 1e-9:
            raise Mismatch(f"{steps} ধাপে লস একটুও বদলায়নি ({got[0]:.4f}): w আর b কি আসলে বদলাচ্ছে?")
        if not close(got, want, 1e-5):
            first = next(k for k in range(steps) if not close(got[k], want[k], 1e-5))
            raise Mismatch(
                f"β = {beta} হলে ধাপ {first}-এ লস হওয়া উচিত {want[first]:.4f}, কিন্তু পেলাম {got[first]:.4f}"
            )
    return True


__all__ = [
    "judge_count_ops",
    "judge_two_layer_grads",
    "judge_train",
    "judge_full_jacobian",
    "judge_fit",
    "judge_linear_backward",
    "judge_he_init",
    "judge_evaluate",
    "judge_fit_line",
    "judge_momentum_line",
]
