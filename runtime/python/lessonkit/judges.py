"""Reference computations the code exercises compare the reader's code against.

Each ``judge_*`` receives what the reader passed to ``check`` (a function), runs it on
inputs the pages never show, and returns True or False. ``written`` raises
``NotAnswered`` while the reader's function is still the page's ``...`` stub. The
references use pyautograd in float64, so a right answer agrees to ~1e-9.
"""

from .exercises import close, written


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
    written(full_jacobian)
    torch = _torch()
    from pyautograd.autograd.functional import jacobian

    A = torch.tensor([[1.0, -2.0, 0.5], [0.0, 3.0, 1.0]], dtype=torch.float64)
    functions = [
        (lambda x: A @ torch.sin(x), [0.2, -0.7, 1.1]),
        (lambda x: x * x * torch.tensor([1.0, 2.0], dtype=torch.float64), [1.5, -0.5]),
        (lambda x: torch.exp(x).sum() * x, [0.1, 0.4, -0.3, 0.9]),
    ]
    for f, point in functions:
        want = jacobian(f, torch.tensor(point, dtype=torch.float64)).tolist()
        x = torch.tensor(point, dtype=torch.float64, requires_grad=True)
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


__all__ = ["judge_count_ops", "judge_two_layer_grads", "judge_train", "judge_full_jacobian", "judge_fit"]
