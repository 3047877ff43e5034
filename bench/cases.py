"""One training step (forward + backward + SGD update) per framework and per case.

Every ``make_*`` function builds the model once and returns ``step()``, which runs one
step and returns the loss (in the framework's own type). All frameworks start from the
same weights and data (float32, drawn with NumPy), so their losses can be compared.

(a) the lessons' scalar network: h = sigmoid(w1 x1 + w2 x2 + b1), yhat = w3 h + b2,
    loss (yhat - y)^2, at x1=1, x2=2, y=0, w1=.5, w2=-.5, b1=.5, w3=2, b2=0.
(b) an MLP 784-256-10 (ReLU), softmax cross-entropy, batch 128.
(c) an MLP 2-64-64-1 (tanh), mean squared error, batch 32.

pyautograd and PyTorch run the same code (one function taking the library). The MLPs run in
three styles: ``nn.Linear`` with ``"optim"`` (``opt.zero_grad()``, ``opt.step()``), with
``"manual"``, the update the lessons teach, and ``"raw"``: weight tensors, ``X @ W + b`` and an
elementary loss, with the manual update::

    with torch.no_grad():
        for p in params:
            p -= lr * p.grad
            p.grad.zero_()

The other peers have one way to update (by hand), used for both styles.
"""

import numpy as np

LR = 0.1
SCALAR = dict(x1=1.0, x2=2.0, y=0.0, w1=0.5, w2=-0.5, b1=0.5, w3=2.0, b2=0.0)
PARAMS = ("w1", "w2", "b1", "w3", "b2")
STYLES = ("optim", "manual", "raw")
SCALAR_STYLES = ("optim", "manual")  # the scalar network is written in raw ops already


def _updater(lib, params, style):
    """(zero_grad, update) for ``lib`` (pyautograd or torch) in the given style."""
    params = list(params)
    if style == "optim":
        opt = lib.optim.SGD(params, lr=LR)
        return opt.zero_grad, opt.step

    def update():
        with lib.no_grad():
            for p in params:
                p -= LR * p.grad
                p.grad.zero_()

    return (lambda: None), update


def mlp_problem(sizes, batch, classification, seed=0):
    """Weights like PyTorch's default init, inputs and targets; all float32 NumPy arrays."""
    rng = np.random.default_rng(seed)
    weights = []
    for fan_in, fan_out in zip(sizes, sizes[1:]):
        bound = 1 / np.sqrt(fan_in)
        weights.append(
            (
                rng.uniform(-bound, bound, (fan_out, fan_in)).astype(np.float32),
                rng.uniform(-bound, bound, fan_out).astype(np.float32),
            )
        )
    x = rng.normal(size=(batch, sizes[0])).astype(np.float32)
    if classification:
        y = rng.integers(0, sizes[-1], batch)
    else:
        y = rng.normal(size=(batch, sizes[-1])).astype(np.float32)
    return weights, x, y


# ---- (a) the scalar network ---------------------------------------------------------------------
def scalar_autograd(lib, style="optim"):
    """The lessons' scalar network in ``lib`` (pyautograd or torch: the same code)."""
    p = {k: lib.tensor(SCALAR[k], requires_grad=True) for k in PARAMS}
    x1, x2, y = (lib.tensor(SCALAR[k]) for k in ("x1", "x2", "y"))
    zero_grad, update = _updater(lib, p.values(), style)

    def step():
        zero_grad()
        h = lib.sigmoid(p["w1"] * x1 + p["w2"] * x2 + p["b1"])
        loss = (p["w3"] * h + p["b2"] - y) ** 2
        loss.backward()
        update()
        return loss

    return step


def scalar_numpy():
    """Backprop by hand on Python floats: the lesson 2 formulas, no graph."""
    import math

    p = {k: SCALAR[k] for k in PARAMS}
    x1, x2, y = SCALAR["x1"], SCALAR["x2"], SCALAR["y"]

    def step():
        z1 = p["w1"] * x1 + p["w2"] * x2 + p["b1"]
        h = 1 / (1 + math.exp(-z1))
        yhat = p["w3"] * h + p["b2"]
        loss = (yhat - y) ** 2
        d_yhat = 2 * (yhat - y)
        d_z1 = d_yhat * p["w3"] * h * (1 - h)
        grads = {"w1": d_z1 * x1, "w2": d_z1 * x2, "b1": d_z1, "w3": d_yhat * h, "b2": d_yhat}
        for k in PARAMS:
            p[k] -= LR * grads[k]
        return loss

    return step


def scalar_hips():
    import autograd.numpy as anp
    from autograd import value_and_grad

    x1, x2, y = SCALAR["x1"], SCALAR["x2"], SCALAR["y"]

    def loss_fn(w):
        h = 1 / (1 + anp.exp(-(w[0] * x1 + w[1] * x2 + w[2])))
        return (w[3] * h + w[4] - y) ** 2

    vg = value_and_grad(loss_fn)
    w = np.array([SCALAR[k] for k in PARAMS])

    def step():
        nonlocal w
        loss, g = vg(w)
        w = w - LR * g
        return loss

    return step


def scalar_micrograd():
    """micrograd has no sigmoid (nor exp): ReLU stands in for it."""
    from micrograd.engine import Value

    p = {k: Value(SCALAR[k]) for k in PARAMS}
    x1, x2, y = SCALAR["x1"], SCALAR["x2"], SCALAR["y"]

    def step():
        for v in p.values():
            v.grad = 0.0
        h = (p["w1"] * x1 + p["w2"] * x2 + p["b1"]).relu()
        loss = (p["w3"] * h + p["b2"] - y) ** 2
        loss.backward()
        for v in p.values():
            v.data -= LR * v.grad
        return loss

    return step


# ---- (b), (c) MLPs -----------------------------------------------------------------------------------
def mlp_autograd(lib, problem, classification, style="optim"):
    """The MLP in ``lib`` (pyautograd or torch: the same code) in one of the three styles:
    ``nn.Linear`` layers with an optimizer or the manual update, or ``"raw"``: weight
    tensors, ``X @ W + b``, the activation function and an elementary loss, the style of
    d2l's from-scratch chapters and most classroom code."""
    weights, x, y = problem
    xt, yt = lib.tensor(x), lib.tensor(y)
    if style == "raw":
        params = []
        for w, b in weights:
            params += [lib.tensor(w.T.copy(), requires_grad=True), lib.tensor(b, requires_grad=True)]
        zero_grad, update = _updater(lib, params, "manual")
        act = lib.relu if classification else lib.tanh
        rows = lib.arange(x.shape[0])

        def forward():
            a = xt
            for i in range(0, len(params), 2):
                a = a @ params[i] + params[i + 1]
                if i < len(params) - 2:
                    a = act(a)
            if classification:  # softmax, then the log-probability of each row's class
                e = lib.exp(a - a.max(dim=1, keepdim=True).values)
                p = e / e.sum(dim=1, keepdim=True)
                return -lib.log(p[rows, yt]).mean()
            return ((a - yt) ** 2).mean()

    else:
        layers = []
        for i, (w, b) in enumerate(weights):
            layer = lib.nn.Linear(w.shape[1], w.shape[0])
            layer.load_state_dict({"weight": lib.tensor(w), "bias": lib.tensor(b)})
            layers.append(layer)
            if i < len(weights) - 1:
                layers.append(lib.nn.ReLU() if classification else lib.nn.Tanh())
        model = lib.nn.Sequential(*layers)
        loss_fn = lib.nn.CrossEntropyLoss() if classification else lib.nn.MSELoss()
        zero_grad, update = _updater(lib, model.parameters(), style)

        def forward():
            return loss_fn(model(xt), yt)

    def step():
        zero_grad()
        loss = forward()
        loss.backward()
        update()
        return loss

    return step


def mlp_numpy(problem, classification):
    """Backprop by hand: the same math as the frameworks, written out, no graph."""
    weights, x, y = problem
    params = [(w.copy(), b.copy()) for w, b in weights]
    n = x.shape[0]
    onehot = np.eye(weights[-1][0].shape[0], dtype=np.float32)[y] if classification else None

    def step():
        acts, pre = [x], []
        for i, (w, b) in enumerate(params):
            z = acts[-1] @ w.T + b
            pre.append(z)
            if i < len(params) - 1:
                acts.append(np.maximum(z, 0) if classification else np.tanh(z))
        out = pre[-1]
        if classification:
            shifted = out - out.max(axis=1, keepdims=True)
            exp = np.exp(shifted)
            probs = exp / exp.sum(axis=1, keepdims=True)
            loss = -np.log(probs[np.arange(n), y]).mean()
            g = (probs - onehot) / n
        else:
            diff = out - y
            loss = (diff * diff).mean()
            g = 2 * diff / diff.size
        for i in range(len(params) - 1, -1, -1):
            w, b = params[i]
            gw, gb = g.T @ acts[i], g.sum(axis=0)
            if i:
                g = g @ w
                g = g * (pre[i - 1] > 0) if classification else g * (1 - acts[i] * acts[i])
            w -= LR * gw
            b -= LR * gb
        return loss

    return step


def mlp_hips(problem, classification):
    import autograd.numpy as anp
    from autograd import value_and_grad

    weights, x, y = problem
    n = x.shape[0]
    onehot = np.eye(weights[-1][0].shape[0], dtype=np.float32)[y] if classification else None

    def loss_fn(params):
        a = x
        for i, (w, b) in enumerate(params):
            a = anp.dot(a, w.T) + b
            if i < len(params) - 1:
                a = anp.maximum(a, 0) if classification else anp.tanh(a)
        if classification:
            shifted = a - anp.max(a, axis=1, keepdims=True)
            logp = shifted - anp.log(anp.sum(anp.exp(shifted), axis=1, keepdims=True))
            return -anp.sum(logp * onehot) / n
        return anp.mean((a - y) ** 2)

    vg = value_and_grad(loss_fn)
    params = [(w.copy(), b.copy()) for w, b in weights]

    def step():
        nonlocal params
        loss, grads = vg(params)
        params = [(w - LR * gw, b - LR * gb) for (w, b), (gw, gb) in zip(params, grads)]
        return loss

    return step


def scalar_loss(value):
    """A framework's loss as a float (None when it does not hand one back)."""
    if value is None:
        return None
    if hasattr(value, "item"):
        return float(value.item())
    if hasattr(value, "data") and not hasattr(value, "shape"):
        return float(value.data)  # micrograd's Value
    return float(value)


FRAMEWORKS = ("pyautograd", "numpy", "torch", "hips", "micrograd")
LABELS = {
    "pyautograd": "pyautograd",
    "numpy": "NumPy by hand",
    "torch": "PyTorch eager (1 thread)",
    "hips": "HIPS autograd",
    "micrograd": "micrograd",
}


def build(case, framework, sizes=None, style="optim"):
    """``step`` for a case ("a", "b", "c"), framework and update style, or None if it does
    not apply."""
    if framework in ("pyautograd", "torch"):
        lib = __import__(framework)
    if case == "a":
        if framework in ("pyautograd", "torch"):
            return scalar_autograd(lib, style)
        return {"numpy": scalar_numpy, "hips": scalar_hips, "micrograd": scalar_micrograd}[framework]()
    if framework == "micrograd":
        return None  # scalar engine: the MLP cases are out of its reach
    classification = case == "b"
    shape, batch = sizes[case]
    problem = mlp_problem(shape, batch, classification)
    if framework in ("pyautograd", "torch"):
        return mlp_autograd(lib, problem, classification, style)
    return {"numpy": mlp_numpy, "hips": mlp_hips}[framework](problem, classification)
