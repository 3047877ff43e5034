"""Answers to the exercises whose answer is code, shared by the CPython checker tests
(tests/docs/test_exercise_checkers.py) and the browser test (site_tests/test_exercises.py).

``CASES``: exercise id -> (page, setup that names the answer ``answer``, {"right" | "wrong" |
"raises": source that defines it}, and optionally "also wrong": more wrong answers, each
a way the exercise was once fooled). An answer is run in the namespace where every cell of
the page has run, as a reader's code in the exercise cell would be.
"""

_LOCAL_BACKWARD = """
def {name}({args}):
    out = Value({forward}, ({inputs},), "{name}")

    def local_backward():
{body}

    out.local_backward = local_backward
    return out
"""


def _op(name, args, forward, inputs, *body):
    lines = "\n".join("        " + line for line in body)
    return _LOCAL_BACKWARD.format(name=name, args=args, forward=forward, inputs=inputs, body=lines)


CASES = {
    "1.2": (
        "01-computational-graph.md",
        "answer = count_ops",
        {
            "right": """
def count_ops(root):
    seen = set()

    def visit(fn):
        if fn is None or hasattr(fn, "variable") or id(fn) in seen:
            return
        seen.add(id(fn))
        for child, _ in fn.next_functions:
            visit(child)

    visit(root.grad_fn)
    return len(seen)
""",
            # walks every path, so a node used twice is counted twice
            "wrong": """
def count_ops(root):
    def count(fn):
        if fn is None or hasattr(fn, "variable"):
            return 0
        return 1 + sum(count(child) for child, _ in fn.next_functions)

    return count(root.grad_fn)
""",
            "raises": "def count_ops(root):\n    return len(root.next_functions)\n",
        },
    ),
    "2.5": (
        "02-backprop-by-hand.md",
        "answer = two_layer_grads",
        {
            "right": """
def two_layer_grads(x1, x2, y, w1, w2, b1, w3, b2):
    h = 1 / (1 + np.exp(-(w1 * x1 + w2 * x2 + b1)))
    yhat = w3 * h + b2
    d_yhat = 2 * (yhat - y)
    d_z1 = d_yhat * w3 * h * (1 - h)
    return [d_z1 * x1, d_z1 * x2, d_z1, d_yhat * h, d_yhat]
""",
            # keeps the lesson's h = 0.5 in the sigmoid's local gradient
            "wrong": """
def two_layer_grads(x1, x2, y, w1, w2, b1, w3, b2):
    h = 1 / (1 + np.exp(-(w1 * x1 + w2 * x2 + b1)))
    yhat = w3 * h + b2
    d_yhat = 2 * (yhat - y)
    d_z1 = d_yhat * w3 * 0.25
    return [d_z1 * x1, d_z1 * x2, d_z1, d_yhat * h, d_yhat]
""",
            "raises": "def two_layer_grads(x1, x2, y, w1, w2, b1, w3, b2):\n    return grads[0]\n",
        },
    ),
    "3.5": (
        "03-two-layer-network.md",
        "answer = train",
        {
            "right": """
def train(p, lr, steps):
    for _ in range(steps):
        L, cache = forward(p)
        grads = backward(p, cache)
        p = {k: p[k] - lr * grads[k] for k in p}
    return p
""",
            # adds the gradient: gradient ascent
            "wrong": """
def train(p, lr, steps):
    for _ in range(steps):
        L, cache = forward(p)
        grads = backward(p, cache)
        p = {k: p[k] + lr * grads[k] for k in p}
    return p
""",
            "raises": "def train(p, lr, steps):\n    return forward(p, lr)\n",
        },
    ),
    "5.5": (
        "05-backward-gradient.md",
        "answer = full_jacobian",
        {
            "right": """
def full_jacobian(f, x):
    y = f(x)
    rows = []
    for i in range(y.shape[0]):
        one_hot = torch.zeros(y.shape[0], dtype=y.dtype)
        one_hot[i] = 1.0
        y.backward(one_hot, retain_graph=True)
        rows.append(x.grad.clone())
        x.grad.zero_()
    return rows
""",
            # forgets to clear x.grad between rows: they accumulate
            "wrong": """
def full_jacobian(f, x):
    y = f(x)
    rows = []
    for i in range(y.shape[0]):
        one_hot = torch.zeros(y.shape[0], dtype=y.dtype)
        one_hot[i] = 1.0
        y.backward(one_hot, retain_graph=True)
        rows.append(x.grad.clone())
    return rows
""",
            # no retain_graph: the second backward through the graph fails
            "raises": """
def full_jacobian(f, x):
    y = f(x)
    rows = []
    for i in range(y.shape[0]):
        one_hot = torch.zeros(y.shape[0], dtype=y.dtype)
        one_hot[i] = 1.0
        y.backward(one_hot)
        rows.append(x.grad.clone())
        x.grad.zero_()
    return rows
""",
            "also wrong": [
                # the library's jacobian, which the exercise forbids
                """
def full_jacobian(f, x):
    from pyautograd.autograd.functional import jacobian

    return jacobian(f, x.detach())
""",
            ],
        },
    ),
    "6.4": (
        "06-training.md",
        "answer = fit",
        {
            "right": """
def fit(model, X, Y, lr, steps):
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
""",
            # never clears the gradients
            "wrong": """
def fit(model, X, Y, lr, steps):
    loss_fn = nn.BCELoss()
    optimizer = optim.SGD(model.parameters(), lr=lr)
    history = []
    for _ in range(steps):
        loss = loss_fn(model(X), Y)
        loss.backward()
        optimizer.step()
        history.append(loss.item())
    return history
""",
            "raises": "def fit(model, X, Y, lr, steps):\n    return model(X, Y)\n",
        },
    ),
    "4.2": (
        "04-automatic-differentiation.md",
        "answer = numeric_grad",
        {
            "right": """
def numeric_grad(f, point, eps=1e-6):
    grads = []
    for i in range(len(point)):
        up, down = list(point), list(point)
        up[i] += eps
        down[i] -= eps
        grads.append((f(*up) - f(*down)) / (2 * eps))
    return grads
""",
            # a forward difference: off by about eps
            "wrong": """
def numeric_grad(f, point, eps=1e-6):
    grads = []
    for i in range(len(point)):
        up = list(point)
        up[i] += eps
        grads.append((f(*up) - f(*point)) / eps)
    return grads
""",
            "raises": "def numeric_grad(f, point, eps=1e-6):\n    return [f(point)]\n",
        },
    ),
    "4a.1": (
        "04a-build-your-own-autograd.md",
        "Value.tanh = tanh\nanswer = Value",
        {
            "right": _op("tanh", "a", "math.tanh(a.data)", "a", "a.grad += (1 - out.data**2) * out.grad"),
            # overwrites instead of adding: caught because the judge uses its input twice
            "wrong": _op("tanh", "a", "math.tanh(a.data)", "a", "a.grad = (1 - out.data**2) * out.grad"),
            "raises": "def tanh(a):\n    return a.data.tanh()\n",
        },
    ),
    "4a.2": (
        "04a-build-your-own-autograd.md",
        "Value.exp = exp\nValue.__pow__ = power\nanswer = Value",
        {
            "right": _op("exp", "a", "math.exp(a.data)", "a", "a.grad += out.data * out.grad")
            + _op("power", "a, k", "a.data**k", "a", "a.grad += k * a.data ** (k - 1) * out.grad"),
            # the power rule forgets to lower the exponent
            "wrong": _op("exp", "a", "math.exp(a.data)", "a", "a.grad += out.data * out.grad")
            + _op("power", "a, k", "a.data**k", "a", "a.grad += k * a.data**k * out.grad"),
            "raises": _op("exp", "a", "math.exp(a)", "a", "a.grad += out.data * out.grad")
            + _op("power", "a, k", "a.data**k", "a", "a.grad += k * a.data ** (k - 1) * out.grad"),
        },
    ),
    "4a.3": (
        "04a-build-your-own-autograd.md",
        "Value.__truediv__ = divide\nanswer = Value",
        {
            "right": _op(
                "divide",
                "a, b",
                "a.data / b.data",
                "a, b",
                "a.grad += out.grad / b.data",
                "b.grad += -out.grad * a.data / b.data**2",
            ),
            "wrong": _op(  # the page's broken version, unchanged
                "divide",
                "a, b",
                "a.data / b.data",
                "a, b",
                "a.grad += out.grad / b.data",
                "b.grad += out.grad * a.data / b.data**2",
            ),
            "raises": _op(
                "divide", "a, b", "a.data / b.data", "a, b", "a.grad += out.grad / b", "b.grad += 0.0"
            ),
        },
    ),
    "4a.4": (
        "04a-build-your-own-autograd.md",
        "answer = pass_counts",
        {
            "right": "def pass_counts(n, m):\n    return 1, n\n",
            # the full Jacobian's counts, read off lesson 4's table: not what is asked
            "wrong": "def pass_counts(n, m):\n    return m, n\n",
            "raises": "def pass_counts(n, m):\n    return 1, n, n[0]\n",
            "also wrong": [
                "def pass_counts(n, m):\n    return n, 1\n",
                "def pass_counts(n, m):\n    return 1, m\n",
                "def pass_counts(n, m):\n    return 1, 1\n",
            ],
        },
    ),
    "7.3": (
        "07-matrix-backprop.md",
        "answer = backward_relu",
        {
            "right": """
def backward_relu(X, T, W1, b1, W2, b2):
    Z1 = X @ W1 + b1
    H = np.maximum(Z1, 0)
    Yhat = H @ W2 + b2
    d2 = 2 * (Yhat - T) / Yhat.size
    dH = d2 @ W2.T
    d1 = dH * (Z1 > 0)
    return X.T @ d1
""",
            # keeps tanh's slope from the lesson's MLP
            "wrong": """
def backward_relu(X, T, W1, b1, W2, b2):
    Z1 = X @ W1 + b1
    H = np.maximum(Z1, 0)
    Yhat = H @ W2 + b2
    d2 = 2 * (Yhat - T) / Yhat.size
    dH = d2 @ W2.T
    d1 = dH * (1 - H**2)
    return X.T @ d1
""",
            "also wrong": [
                # no mask at all: the gradient flows through the zeros too
                """
def backward_relu(X, T, W1, b1, W2, b2):
    Yhat = np.maximum(X @ W1 + b1, 0) @ W2 + b2
    return X.T @ (2 * (Yhat - T) / Yhat.size @ W2.T)
""",
            ],
            # X @ d1 instead of X.T @ d1: the inner sizes do not match
            "raises": """
def backward_relu(X, T, W1, b1, W2, b2):
    Z1 = X @ W1 + b1
    Yhat = np.maximum(Z1, 0) @ W2 + b2
    return X @ ((2 * (Yhat - T) / Yhat.size @ W2.T) * (Z1 > 0))
""",
        },
    ),
    "7.5": (
        "07-matrix-backprop.md",
        "answer = linear_backward",
        {
            "right": """
def linear_backward(X, W, delta):
    return X.T @ delta, delta @ W.T, delta.sum(axis=0)
""",
            # sums db over the outputs instead of the examples: the shape gives it away
            "wrong": """
def linear_backward(X, W, delta):
    return X.T @ delta, delta @ W.T, delta.sum(axis=1)
""",
            "raises": "def linear_backward(X, W, delta):\n    return X @ delta, delta @ W, delta.sum()\n",
        },
    ),
    "7.6": (
        "07-matrix-backprop.md",
        "answer = deep_backward",
        {
            "right": """
def deep_backward(X, T, Ws, bs):
    inputs, H = [], X
    for i, (W, b) in enumerate(zip(Ws, bs)):
        inputs.append(H)
        H = H @ W + b
        if i < len(Ws) - 1:
            H = np.tanh(H)
    delta = 2 * (H - T) / H.size
    dWs, dbs = [], []
    for i in reversed(range(len(Ws))):
        dWs.insert(0, inputs[i].T @ delta)
        dbs.insert(0, delta.sum(axis=0))
        if i > 0:
            delta = (delta @ Ws[i].T) * (1 - inputs[i] ** 2)
    return dWs, dbs
""",
            # forgets tanh's slope between layers: right on a one-layer network only
            "wrong": """
def deep_backward(X, T, Ws, bs):
    inputs, H = [], X
    for i, (W, b) in enumerate(zip(Ws, bs)):
        inputs.append(H)
        H = H @ W + b
        if i < len(Ws) - 1:
            H = np.tanh(H)
    delta = 2 * (H - T) / H.size
    dWs, dbs = [], []
    for i in reversed(range(len(Ws))):
        dWs.insert(0, inputs[i].T @ delta)
        dbs.insert(0, delta.sum(axis=0))
        delta = delta @ Ws[i].T
    return dWs, dbs
""",
            "raises": "def deep_backward(X, T, Ws, bs):\n    return X.T @ (Ws @ T), bs\n",
            "also wrong": [
                # returns the layers last-first: the shapes give it away
                """
def deep_backward(X, T, Ws, bs):
    inputs, H = [], X
    for i, (W, b) in enumerate(zip(Ws, bs)):
        inputs.append(H)
        H = H @ W + b
        if i < len(Ws) - 1:
            H = np.tanh(H)
    delta = 2 * (H - T) / H.size
    dWs, dbs = [], []
    for i in reversed(range(len(Ws))):
        dWs.append(inputs[i].T @ delta)
        dbs.append(delta.sum(axis=0))
        if i > 0:
            delta = (delta @ Ws[i].T) * (1 - inputs[i] ** 2)
    return dWs, dbs
""",
                # takes the loss as a sum, not a mean: off by the factor N·K
                """
def deep_backward(X, T, Ws, bs):
    inputs, H = [], X
    for i, (W, b) in enumerate(zip(Ws, bs)):
        inputs.append(H)
        H = H @ W + b
        if i < len(Ws) - 1:
            H = np.tanh(H)
    delta = 2 * (H - T)
    dWs, dbs = [], []
    for i in reversed(range(len(Ws))):
        dWs.insert(0, inputs[i].T @ delta)
        dbs.insert(0, delta.sum(axis=0))
        if i > 0:
            delta = (delta @ Ws[i].T) * (1 - inputs[i] ** 2)
    return dWs, dbs
""",
            ],
        },
    ),
    "8.5": (
        "08-depth.md",
        "answer = he_init",
        {
            "right": """
def he_init(weight):
    n_in = weight.shape[1]
    with torch.no_grad():
        nn.init.normal_(weight, std=np.sqrt(2 / n_in))
""",
            # takes the layer's outputs for its inputs (weight is n_out x n_in)
            "wrong": """
def he_init(weight):
    n_in = weight.shape[0]
    with torch.no_grad():
        nn.init.normal_(weight, std=np.sqrt(2 / n_in))
""",
            "raises": "def he_init(weight):\n    weight.normal_(0, (2 / weight.shape[2]) ** 0.5)\n",
            # the exercise forbids the library's own He initialiser
            "also wrong": [
                """
def he_init(weight):
    nn.init.kaiming_normal_(weight, nonlinearity="relu")
""",
                """
def he_init(weight):
    from pyautograd.nn.init import kaiming_normal_ as fill

    fill(weight, nonlinearity="relu")
""",
            ],
        },
    ),
    "9.5": (
        "09-real-data.md",
        "answer = evaluate",
        {
            "right": """
def evaluate(model, X, y, batch_size):
    correct = 0
    with torch.no_grad():
        for start in range(0, len(y), batch_size):
            guess = model(X[start : start + batch_size]).argmax(dim=1)
            correct += (guess == y[start : start + batch_size]).sum().item()
    return correct / len(y)
""",
            # averages the batches' accuracies: the short last batch counts as much as a full one
            "wrong": """
def evaluate(model, X, y, batch_size):
    accuracies = []
    with torch.no_grad():
        for start in range(0, len(y), batch_size):
            guess = model(X[start : start + batch_size]).argmax(dim=1)
            accuracies.append((guess == y[start : start + batch_size]).float().mean().item())
    return sum(accuracies) / len(accuracies)
""",
            "raises": "def evaluate(model, X, y, batch_size):\n    return model(X, batch_size).mean()\n",
        },
    ),
    "10.4": (
        "10-common-bugs.md",
        "answer = fit_line",
        {
            "right": """
def fit_line(xs, ys, lr, steps):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    optimizer = optim.SGD([w, b], lr=lr)
    losses = []
    for step in range(steps):
        optimizer.zero_grad()
        loss = ((w * xs + b - ys) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses
""",
            # drops the clearing altogether: stale gradients pile up and the loss swings back up
            "wrong": """
def fit_line(xs, ys, lr, steps):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    optimizer = optim.SGD([w, b], lr=lr)
    losses = []
    for step in range(steps):
        loss = ((w * xs + b - ys) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses
""",
            # the update written as in bug 2: the second step multiplies None
            "raises": """
def fit_line(xs, ys, lr, steps):
    w = torch.zeros((), requires_grad=True)
    losses = []
    for step in range(steps):
        loss = ((w * xs - ys) ** 2).mean()
        loss.backward()
        w = w - lr * w.grad
        losses.append(loss.item())
    return losses
""",
        },
    ),
    "11.1": (
        "11-scalar-engine-learns.md",
        "answer = count_parameters",
        {
            "right": """
def count_parameters(n_inputs, sizes):
    widths = [n_inputs] + sizes
    return sum((a + 1) * b for a, b in zip(widths, widths[1:]))
""",
            # counts the weights and forgets one bias per neuron
            "wrong": """
def count_parameters(n_inputs, sizes):
    widths = [n_inputs] + sizes
    return sum(a * b for a, b in zip(widths, widths[1:]))
""",
            "raises": "def count_parameters(n_inputs, sizes):\n    return n_inputs + sizes\n",
        },
    ),
    "11.2": (
        "11-scalar-engine-learns.md",
        "answer = train_step",
        {
            "right": """
def train_step(model, xs, ys, lr):
    loss, _ = hinge_loss(model, xs, ys)
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data -= lr * p.grad
    return loss.data
""",
            # never clears the gradients: the first step is right, the second is not
            "wrong": """
def train_step(model, xs, ys, lr):
    loss, _ = hinge_loss(model, xs, ys)
    loss.backward()
    for p in model.parameters():
        p.data -= lr * p.grad
    return loss.data
""",
            "raises": """
def train_step(model, xs, ys, lr):
    loss, _ = hinge_loss(model, xs, ys)
    loss.backward()
    return loss.value
""",
        },
    ),
    "11.3": (
        "11-scalar-engine-learns.md",
        "Value.softplus = softplus\nanswer = Value",
        {
            "right": """
def softplus(a):
    out = Value(max(a.data, 0.0) + math.log1p(math.exp(-abs(a.data))), (a,), "softplus")

    def local_backward():
        e = math.exp(-abs(a.data))
        sigma = 1 / (1 + e) if a.data >= 0 else e / (1 + e)
        a.grad += sigma * out.grad

    out.local_backward = local_backward
    return out
""",
            # the formulas as written on paper: e**800 does not fit in a float
            "wrong": """
def softplus(a):
    out = Value(math.log(1 + math.exp(a.data)), (a,), "softplus")

    def local_backward():
        a.grad += 1 / (1 + math.exp(-a.data)) * out.grad

    out.local_backward = local_backward
    return out
""",
            "raises": """
def softplus(a):
    return Value(math.log1p(math.exp(a)), (a,), "softplus")
""",
            "also wrong": [
                # a stable forward, but the sigmoid as on paper: e^800 again at a = -800
                """
def softplus(a):
    out = Value(max(a.data, 0.0) + math.log1p(math.exp(-abs(a.data))), (a,), "softplus")

    def local_backward():
        a.grad += 1 / (1 + math.exp(-a.data)) * out.grad

    out.local_backward = local_backward
    return out
""",
                # assigns instead of adding: the leaf reaches the root on two paths
                """
def softplus(a):
    out = Value(max(a.data, 0.0) + math.log1p(math.exp(-abs(a.data))), (a,), "softplus")

    def local_backward():
        e = math.exp(-abs(a.data))
        a.grad = (1 / (1 + e) if a.data >= 0 else e / (1 + e)) * out.grad

    out.local_backward = local_backward
    return out
""",
            ],
        },
    ),
    "12.1": (
        "12-tensor-engine.md",
        "Tensor.exp = tensor_exp\nanswer = Tensor",
        {
            "right": """
def tensor_exp(a):
    out = Tensor(np.exp(a.data), (a,), "exp")

    def local_backward():
        a.grad += out.data * out.grad

    out.local_backward = local_backward
    return out
""",
            # overwrites instead of adding: caught because the judge uses its input twice
            "wrong": """
def tensor_exp(a):
    out = Tensor(np.exp(a.data), (a,), "exp")

    def local_backward():
        a.grad = out.data * out.grad

    out.local_backward = local_backward
    return out
""",
            "raises": "def tensor_exp(a):\n    return Tensor(a.exp())\n",
        },
    ),
    "12.2": (
        "12-tensor-engine.md",
        "Tensor.__truediv__ = divide\nanswer = Tensor",
        {
            "right": """
def divide(a, b):
    a, b = as_tensor(a), as_tensor(b)
    out = Tensor(a.data / b.data, (a, b), "/")

    def local_backward():
        a.grad += unbroadcast(out.grad / b.data, a.shape)
        b.grad += unbroadcast(-out.grad * a.data / b.data**2, b.shape)

    out.local_backward = local_backward
    return out
""",
            # right formulas, but the gradients keep the broadcast shape
            "wrong": """
def divide(a, b):
    a, b = as_tensor(a), as_tensor(b)
    out = Tensor(a.data / b.data, (a, b), "/")

    def local_backward():
        a.grad = a.grad + out.grad / b.data
        b.grad = b.grad - out.grad * a.data / b.data**2

    out.local_backward = local_backward
    return out
""",
            "raises": """
def divide(a, b):
    out = Tensor(a.data / b.data, (a, b), "/")

    def local_backward():
        a.grad += unbroadcast(out.grad / b.value, a.shape)

    out.local_backward = local_backward
    return out
""",
        },
    ),
    "12.3": (
        "12-tensor-engine.md",
        "Tensor.rows = rows\nanswer = Tensor",
        {
            "right": """
def rows(table, index):
    out = Tensor(table.data[index], (table,), "rows")

    def local_backward():
        np.add.at(table.grad, index, out.grad)

    out.local_backward = local_backward
    return out
""",
            # fancy-index assignment writes a repeated row once
            "wrong": """
def rows(table, index):
    out = Tensor(table.data[index], (table,), "rows")

    def local_backward():
        table.grad[index] += out.grad

    out.local_backward = local_backward
    return out
""",
            "raises": """
def rows(table, index):
    return Tensor(table[index], (table,), "rows")
""",
            "also wrong": [
                # adds one for every row taken, whatever the upstream gradient
                """
def rows(table, index):
    out = Tensor(table.data[index], (table,), "rows")

    def local_backward():
        np.add.at(table.grad, index, np.ones_like(out.grad))

    out.local_backward = local_backward
    return out
""",
            ],
        },
    ),
    "13.1": (
        "13-capstone-digits.md",
        "answer = predict",
        {
            "right": """
def predict(W1, b1, W2, b2, X):
    return (np.maximum(X @ W1 + b1, 0.0) @ W2 + b2).argmax(axis=1)
""",
            # the argmax over the whole batch instead of one per row
            "wrong": """
def predict(W1, b1, W2, b2, X):
    return (np.maximum(X @ W1 + b1, 0.0) @ W2 + b2).argmax()
""",
            "raises": """
def predict(W1, b1, W2, b2, X):
    return (np.maximum(X @ W2 + b1, 0.0) @ W1 + b2).argmax(axis=1)
""",
        },
    ),
    "13.2": (
        "13-capstone-digits.md",
        "answer = Momentum",
        {
            "right": """
class Momentum:
    def __init__(self, params, lr, momentum):
        self.params, self.lr, self.momentum = list(params), lr, momentum
        self.velocity = [np.zeros_like(p.data) for p in self.params]

    def step(self):
        for p, v in zip(self.params, self.velocity):
            v *= self.momentum
            v += p.grad
            p.data -= self.lr * v

    def zero_grad(self):
        for p in self.params:
            p.grad = np.zeros_like(p.data)
""",
            # a fresh velocity every step: plain gradient descent, right only on the first step
            "wrong": """
class Momentum:
    def __init__(self, params, lr, momentum):
        self.params, self.lr, self.momentum = list(params), lr, momentum

    def step(self):
        for p in self.params:
            v = self.momentum * np.zeros_like(p.data) + p.grad
            p.data -= self.lr * v

    def zero_grad(self):
        for p in self.params:
            p.grad = np.zeros_like(p.data)
""",
            "raises": """
class Momentum:
    def __init__(self, params, lr, momentum):
        self.params, self.lr, self.momentum = list(params), lr, momentum

    def step(self):
        for p in self.params:
            p.data -= self.lr * p.velocity

    def zero_grad(self):
        for p in self.params:
            p.grad = np.zeros_like(p.data)
""",
        },
    ),
    "13.3": (
        "13-capstone-digits.md",
        "Tensor.softmax = softmax\nanswer = Tensor",
        {
            "right": """
def softmax(a):
    e = np.exp(a.data - a.data.max(axis=1, keepdims=True))
    out = Tensor(e / e.sum(axis=1, keepdims=True), (a,), "softmax")

    def local_backward():
        s, g = out.data, out.grad
        a.grad += s * (g - (g * s).sum(axis=1, keepdims=True))

    out.local_backward = local_backward
    return out
""",
            # the formula as on paper: exp(800) overflows
            "wrong": """
def softmax(a):
    e = np.exp(a.data)
    out = Tensor(e / e.sum(axis=1, keepdims=True), (a,), "softmax")

    def local_backward():
        s, g = out.data, out.grad
        a.grad += s * (g - (g * s).sum(axis=1, keepdims=True))

    out.local_backward = local_backward
    return out
""",
            "raises": """
def softmax(a):
    e = np.exp(a.data - a.data.max(axis=1, keepdims=True))
    return Tensor(e / e.sum(axis=1, keepdims=True), (a,), "softmax", "extra")
""",
            "also wrong": [
                # the largest logit of the whole batch: a row far below it becomes 0 / 0
                """
def softmax(a):
    e = np.exp(a.data - a.data.max())
    out = Tensor(e / e.sum(axis=1, keepdims=True), (a,), "softmax")

    def local_backward():
        s, g = out.data, out.grad
        a.grad += s * (g - (g * s).sum(axis=1, keepdims=True))

    out.local_backward = local_backward
    return out
""",
                # only the Jacobian's diagonal
                """
def softmax(a):
    e = np.exp(a.data - a.data.max(axis=1, keepdims=True))
    out = Tensor(e / e.sum(axis=1, keepdims=True), (a,), "softmax")

    def local_backward():
        s = out.data
        a.grad += s * (1 - s) * out.grad

    out.local_backward = local_backward
    return out
""",
            ],
        },
    ),
    "10.5": (
        "10-common-bugs.md",
        "answer = fit_line_momentum",
        {
            "right": """
def fit_line_momentum(xs, ys, lr, beta, steps):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    vw, vb = torch.zeros(()), torch.zeros(())
    losses = []
    for step in range(steps):
        loss = ((w * xs + b - ys) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            vw.mul_(beta).add_(w.grad)
            vb.mul_(beta).add_(b.grad)
            w -= lr * vw
            b -= lr * vb
        w.grad = None
        b.grad = None
        losses.append(loss.item())
    return losses
""",
            # never clears .grad: every velocity takes in all earlier gradients again
            "wrong": """
def fit_line_momentum(xs, ys, lr, beta, steps):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    vw, vb = torch.zeros(()), torch.zeros(())
    losses = []
    for step in range(steps):
        loss = ((w * xs + b - ys) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            vw.mul_(beta).add_(w.grad)
            vb.mul_(beta).add_(b.grad)
            w -= lr * vw
            b -= lr * vb
        losses.append(loss.item())
    return losses
""",
            # the update written as in bug 2: the second step multiplies None
            "raises": """
def fit_line_momentum(xs, ys, lr, beta, steps):
    w = torch.zeros((), requires_grad=True)
    v = torch.zeros(())
    losses = []
    for step in range(steps):
        loss = ((w * xs - ys) ** 2).mean()
        loss.backward()
        v = beta * v + w.grad
        w = w - lr * v
        losses.append(loss.item())
    return losses
""",
            "also wrong": [
                # damps the gradient by 1 - beta, which this exercise's rule does not
                """
def fit_line_momentum(xs, ys, lr, beta, steps):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    vw, vb = torch.zeros(()), torch.zeros(())
    losses = []
    for step in range(steps):
        loss = ((w * xs + b - ys) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            vw.mul_(beta).add_((1 - beta) * w.grad)
            vb.mul_(beta).add_((1 - beta) * b.grad)
            w -= lr * vw
            b -= lr * vb
        w.grad = None
        b.grad = None
        losses.append(loss.item())
    return losses
""",
                # plain SGD: the velocity forgets its past
                """
def fit_line_momentum(xs, ys, lr, beta, steps):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    vw, vb = torch.zeros(()), torch.zeros(())
    losses = []
    for step in range(steps):
        loss = ((w * xs + b - ys) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            vw.mul_(0).add_(w.grad)
            vb.mul_(0).add_(b.grad)
            w -= lr * vw
            b -= lr * vb
        w.grad = None
        b.grad = None
        losses.append(loss.item())
    return losses
""",
                # moves the parameter with last step's velocity, then updates the velocity
                """
def fit_line_momentum(xs, ys, lr, beta, steps):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    vw, vb = torch.zeros(()), torch.zeros(())
    losses = []
    for step in range(steps):
        loss = ((w * xs + b - ys) ** 2).mean()
        loss.backward()
        with torch.no_grad():
            w -= lr * vw
            b -= lr * vb
            vw.mul_(beta).add_(w.grad)
            vb.mul_(beta).add_(b.grad)
        w.grad = None
        b.grad = None
        losses.append(loss.item())
    return losses
""",
                # the optimiser itself, which the exercise asks to write by hand
                """
def fit_line_momentum(xs, ys, lr, beta, steps):
    w = torch.zeros((), requires_grad=True)
    b = torch.zeros((), requires_grad=True)
    optimizer = optim.SGD([w, b], lr=lr, momentum=beta)
    losses = []
    for step in range(steps):
        optimizer.zero_grad()
        loss = ((w * xs + b - ys) ** 2).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses
""",
            ],
        },
    ),
    "14.1": (
        "14-custom-function.md",
        "answer = Softplus",
        {
            "right": """
class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0) + (-x.abs()).exp().log1p()

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * torch.sigmoid(x)
""",
            # the formula as on paper: e^800 overflows to inf
            "wrong": """
class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return (1 + x.exp()).log()

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * torch.sigmoid(x)
""",
            "raises": """
class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0) + (-x.abs()).exp().log1p()

    @staticmethod
    def backward(ctx, grad_out):
        (x, extra) = ctx.saved_tensors
        return grad_out * torch.sigmoid(x)
""",
            "also wrong": [
                # forgets the upstream gradient
                """
class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(min=0) + (-x.abs()).exp().log1p()

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return torch.sigmoid(x)
""",
            ],
        },
    ),
    "14.2": (
        "14-custom-function.md",
        "answer = ce_grad",
        {
            "right": """
def ce_grad(logits, target):
    z = logits - logits.max(axis=1, keepdims=True)
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    p[np.arange(len(target)), target] -= 1
    return p / len(target)
""",
            # the sum's gradient, not the mean's: N times too large
            "wrong": """
def ce_grad(logits, target):
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    p[np.arange(len(target)), target] -= 1
    return p
""",
            "raises": "def ce_grad(logits, target):\n    return logits.softmax(dim=1)\n",
            "also wrong": [
                # the probabilities alone: the one-hot is never subtracted
                """
def ce_grad(logits, target):
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    return p / len(target)
""",
                # the one-hot subtracted from the wrong axis's index (class as row)
                """
def ce_grad(logits, target):
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    p[:, 0] -= 1
    return p / len(target)
""",
            ],
        },
    ),
    "14.3": (
        "14-custom-function.md",
        "answer = Hypot",
        {
            "right": """
class Hypot(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        h = (x * x + y * y).sqrt()
        ctx.save_for_backward(x, y, h)
        return h

    @staticmethod
    def backward(ctx, grad_out):
        x, y, h = ctx.saved_tensors
        return grad_out * x / h, grad_out * y / h
""",
            # the two gradients swapped
            "wrong": """
class Hypot(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        h = (x * x + y * y).sqrt()
        ctx.save_for_backward(x, y, h)
        return h

    @staticmethod
    def backward(ctx, grad_out):
        x, y, h = ctx.saved_tensors
        return grad_out * y / h, grad_out * x / h
""",
            "raises": """
class Hypot(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        h = (x * x + y * y).sqrt()
        ctx.save_for_backward(x, y)
        return h

    @staticmethod
    def backward(ctx, grad_out):
        x, y, h = ctx.saved_tensors
        return grad_out * x / h, grad_out * y / h
""",
        },
    ),
    "15.1": (
        "15-diagnose.md",
        "answer = dead_fraction",
        {
            "right": """
def dead_fraction(h):
    return (h <= 0).all(dim=0).float().mean().item()
""",
            # counts zero entries, not units that are zero for the whole batch
            "wrong": """
def dead_fraction(h):
    return (h <= 0).float().mean().item()
""",
            "raises": "def dead_fraction(h):\n    return h.dead_units()\n",
        },
    ),
    "15.2": (
        "15-diagnose.md",
        "answer = update_ratio",
        {
            "right": """
def update_ratio(p, lr):
    with torch.no_grad():
        return ((lr * p.grad).std() / p.std()).item()
""",
            # forgets the learning rate
            "wrong": """
def update_ratio(p, lr):
    with torch.no_grad():
        return (p.grad.std() / p.std()).item()
""",
            "raises": "def update_ratio(p, lr):\n    return (lr * p.gradient).std()\n",
            "also wrong": [
                # takes the update step while measuring
                """
def update_ratio(p, lr):
    with torch.no_grad():
        ratio = ((lr * p.grad).std() / p.std()).item()
        p -= lr * p.grad
    return ratio
""",
            ],
        },
    ),
    "15.3": (
        "15-diagnose.md",
        "answer = evaluate",
        {
            "right": """
def evaluate(model, X, y):
    was_training = model.training
    model.eval()
    with torch.no_grad():
        logits = model(X)
        loss = nn.CrossEntropyLoss()(logits, y).item()
        accuracy = (logits.argmax(dim=1) == y).float().mean().item()
    model.train(was_training)
    return loss, accuracy
""",
            # measures with dropout on
            "wrong": """
def evaluate(model, X, y):
    with torch.no_grad():
        logits = model(X)
        loss = nn.CrossEntropyLoss()(logits, y).item()
        accuracy = (logits.argmax(dim=1) == y).float().mean().item()
    return loss, accuracy
""",
            "raises": "def evaluate(model, X, y):\n    return model.evaluate(X, y)\n",
            "also wrong": [
                # leaves the model in eval mode
                """
def evaluate(model, X, y):
    model.eval()
    with torch.no_grad():
        logits = model(X)
        loss = nn.CrossEntropyLoss()(logits, y).item()
        accuracy = (logits.argmax(dim=1) == y).float().mean().item()
    return loss, accuracy
""",
                # hands back the loss as a tensor with its graph
                """
def evaluate(model, X, y):
    was_training = model.training
    model.eval()
    logits = model(X)
    loss = nn.CrossEntropyLoss()(logits, y)
    accuracy = (logits.argmax(dim=1) == y).float().mean().item()
    model.train(was_training)
    return loss, accuracy
""",
            ],
        },
    ),
    "15.4": (
        "15-diagnose.md",
        "answer = step_ratios",
        {
            "right": """
def step_ratios(model, optimizer, loss_fn, X, y):
    before = {name: p.detach().clone() for name, p in model.named_parameters()}
    optimizer.zero_grad()
    loss_fn(model(X), y).backward()
    optimizer.step()
    with torch.no_grad():
        return {
            name: ((p - before[name]).std() / before[name].std()).item()
            for name, p in model.named_parameters()
        }
""",
            # page's SGD formula after the step: lr * grad is not Adam's or momentum's step
            "wrong": """
def step_ratios(model, optimizer, loss_fn, X, y):
    lr = optimizer.param_groups[0]["lr"]
    optimizer.zero_grad()
    loss_fn(model(X), y).backward()
    optimizer.step()
    with torch.no_grad():
        return {name: ((lr * p.grad).std() / p.std()).item() for name, p in model.named_parameters()}
""",
            # step() takes a closure that recomputes the loss, not the loss itself
            "raises": """
def step_ratios(model, optimizer, loss_fn, X, y):
    before = {name: p.detach().clone() for name, p in model.named_parameters()}
    loss = loss_fn(model(X), y)
    loss.backward()
    optimizer.step(loss)
    return {name: ((p - before[name]).std() / before[name].std()).item() for name, p in model.named_parameters()}
""",
            "also wrong": [
                # no zero_grad: the stale gradients join the step
                """
def step_ratios(model, optimizer, loss_fn, X, y):
    before = {name: p.detach().clone() for name, p in model.named_parameters()}
    loss_fn(model(X), y).backward()
    optimizer.step()
    with torch.no_grad():
        return {
            name: ((p - before[name]).std() / before[name].std()).item()
            for name, p in model.named_parameters()
        }
""",
                # detach() without clone(): the "before" moves with the step, the change reads 0
                """
def step_ratios(model, optimizer, loss_fn, X, y):
    before = {name: p.detach() for name, p in model.named_parameters()}
    optimizer.zero_grad()
    loss_fn(model(X), y).backward()
    optimizer.step()
    with torch.no_grad():
        return {
            name: ((p - before[name]).std() / before[name].std()).item()
            for name, p in model.named_parameters()
        }
""",
                # divides by the weights after the step
                """
def step_ratios(model, optimizer, loss_fn, X, y):
    before = {name: p.detach().clone() for name, p in model.named_parameters()}
    optimizer.zero_grad()
    loss_fn(model(X), y).backward()
    optimizer.step()
    with torch.no_grad():
        return {name: ((p - before[name]).std() / p.std()).item() for name, p in model.named_parameters()}
""",
                # only the weights, as lesson 15's update_ratios printed them
                """
def step_ratios(model, optimizer, loss_fn, X, y):
    before = {name: p.detach().clone() for name, p in model.named_parameters() if name.endswith("weight")}
    optimizer.zero_grad()
    loss_fn(model(X), y).backward()
    optimizer.step()
    with torch.no_grad():
        return {
            name: ((p - before[name]).std() / before[name].std()).item()
            for name, p in model.named_parameters()
            if name in before
        }
""",
            ],
        },
    ),
    "16.1": (
        "16-why-reverse-mode.md",
        "answer = count_paths",
        {
            "right": """
def count_paths(root, leaf):
    memo = {}

    def paths(node):
        if node is None:
            return 0
        if getattr(node, "variable", None) is leaf:
            return 1
        if id(node) not in memo:
            memo[id(node)] = sum(paths(nxt) for nxt, _ in node.next_functions)
        return memo[id(node)]

    return paths(root.grad_fn)
""",
            # counts the distinct nodes on the way, not the paths
            "wrong": """
def count_paths(root, leaf):
    seen, stack = set(), [root.grad_fn]
    while stack:
        node = stack.pop()
        if node is not None and id(node) not in seen:
            seen.add(id(node))
            stack.extend(nxt for nxt, _ in node.next_functions)
    return len(seen)
""",
            "raises": """
def count_paths(root, leaf):
    return sum(count_paths(nxt, leaf) for nxt, _ in root.next_functions)
""",
            "also wrong": [
                # every leaf ends a path, not only the one asked for
                """
def count_paths(root, leaf):
    def paths(node):
        if node is None:
            return 0
        if not node.next_functions:
            return 1
        return sum(paths(nxt) for nxt, _ in node.next_functions)

    return paths(root.grad_fn)
""",
            ],
        },
    ),
    "16.2": (
        "16-why-reverse-mode.md",
        "answer = cheaper_jacobian",
        {
            "right": """
def cheaper_jacobian(f, x):
    if x.numel() <= f(x).numel():
        return jacobian(f, x, strategy="forward-mode", vectorize=True)
    return jacobian(f, x, strategy="reverse-mode")
""",
            # the choice turned round: the dearer mode
            "wrong": """
def cheaper_jacobian(f, x):
    if x.numel() > f(x).numel():
        return jacobian(f, x, strategy="forward-mode", vectorize=True)
    return jacobian(f, x, strategy="reverse-mode")
""",
            # PyTorch's spelling is "forward-mode": jacobian refuses the rest
            "raises": """
def cheaper_jacobian(f, x):
    return jacobian(f, x, strategy="forward")
""",
            "also wrong": [
                # reverse mode always: one pass per output, dear when outputs outnumber inputs
                """
def cheaper_jacobian(f, x):
    return jacobian(f, x)
""",
                # forward mode always: one pass per input, dear when inputs outnumber outputs
                """
def cheaper_jacobian(f, x):
    return jacobian(f, x, strategy="forward-mode", vectorize=True)
""",
            ],
        },
    ),
    "16.3": (
        "16-why-reverse-mode.md",
        "answer = predict_bytes",
        {
            "right": """
def predict_bytes(loss_at, n):
    one, two = saved_bytes(loss_at(1)), saved_bytes(loss_at(2))
    per_example = two - one
    return one + (n - 1) * per_example
""",
            # scales a small batch in proportion: the weights grow with the batch too
            "wrong": """
def predict_bytes(loss_at, n):
    return saved_bytes(loss_at(8)) * n // 8
""",
            "raises": """
def predict_bytes(loss_at, n):
    return saved_bytes(loss_at) * n
""",
            "also wrong": [
                # off by one example: batch 1 already holds one example's bytes
                """
def predict_bytes(loss_at, n):
    one, two = saved_bytes(loss_at(1)), saved_bytes(loss_at(2))
    return one + n * (two - one)
""",
                # measures the big batch itself
                """
def predict_bytes(loss_at, n):
    return saved_bytes(loss_at(n))
""",
                # all of batch 1 taken as one example's bytes
                """
def predict_bytes(loss_at, n):
    return saved_bytes(loss_at(1)) * n
""",
            ],
        },
    ),
    "17.1": (
        "17-map-to-pytorch.md",
        "answer = leaves_of",
        {
            "right": """
def leaves_of(root):
    leaves, seen, stack = {}, set(), [root.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if hasattr(node, "variable"):
            leaves[id(node.variable)] = node.variable
        stack.extend(nxt for nxt, _ in node.next_functions)
    return list(leaves.values())
""",
            # stops one step back: misses the leaves behind longer branches
            "wrong": """
def leaves_of(root):
    return [nxt.variable for nxt, _ in root.grad_fn.next_functions if hasattr(nxt, "variable")]
""",
            "raises": """
def leaves_of(root):
    return [nxt.variable for nxt, _ in root.grad_fn.next_functions]
""",
            "also wrong": [
                # a leaf used twice comes back twice
                """
def leaves_of(root):
    found, stack = [], [root.grad_fn]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        if hasattr(node, "variable"):
            found.append(node.variable)
        stack.extend(nxt for nxt, _ in node.next_functions)
    return found
""",
            ],
        },
    ),
    "17.2": (
        "17-map-to-pytorch.md",
        "answer = inplace_changes",
        {
            "right": """
def inplace_changes(fn, x):
    before = x._version
    fn(x)
    return x._version - before
""",
            # reads the counter as if it started at zero
            "wrong": """
def inplace_changes(fn, x):
    fn(x)
    return x._version
""",
            "raises": """
def inplace_changes(fn, x):
    before = x.version
    fn(x)
    return x.version - before
""",
            "also wrong": [
                # reads the counter of what fn returns, not of x
                """
def inplace_changes(fn, x):
    before = x._version
    return fn(x)._version - before
""",
                # runs fn on a copy: x's counter never moves
                """
def inplace_changes(fn, x):
    before = x._version
    fn(x.clone())
    return x._version - before
""",
                # counts the in-place calls by name: misses x[i] = ... and +=, counts those on a clone
                """
def inplace_changes(fn, x):
    return sum(name.endswith("_") and not name.startswith("_") for name in fn.__code__.co_names)
""",
            ],
        },
    ),
    "17.3": (
        "17-map-to-pytorch.md",
        "answer = edge_counts",
        {
            "right": """
def edge_counts(root):
    pairs = nones = 0
    seen, stack = set(), [root.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        for nxt, _ in node.next_functions:
            pairs += 1
            if nxt is None:
                nones += 1
            stack.append(nxt)
    return pairs, nones
""",
            # walks every path: a node met twice has its pairs counted twice
            "wrong": """
def edge_counts(root):
    def count(node):
        if node is None:
            return 0, 0
        pairs = len(node.next_functions)
        nones = sum(nxt is None for nxt, _ in node.next_functions)
        for nxt, _ in node.next_functions:
            p, n = count(nxt)
            pairs, nones = pairs + p, nones + n
        return pairs, nones

    return count(root.grad_fn)
""",
            # steps into None
            "raises": """
def edge_counts(root):
    pairs = nones = 0
    seen, stack = set(), [root.grad_fn]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for nxt, _ in node.next_functions:
            pairs += 1
            nones += nxt is None
            stack.append(nxt)
    return pairs, nones
""",
            "also wrong": [
                # leaves out the None pairs: only the edges backward walks
                """
def edge_counts(root):
    pairs = nones = 0
    seen, stack = set(), [root.grad_fn]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        for nxt, _ in node.next_functions:
            if nxt is not None:
                pairs += 1
                stack.append(nxt)
    return pairs, nones
""",
                # counts the nodes, not their pairs
                """
def edge_counts(root):
    seen, nones, stack = set(), 0, [root.grad_fn]
    while stack:
        node = stack.pop()
        if node is None:
            nones += 1
            continue
        if id(node) not in seen:
            seen.add(id(node))
            stack.extend(nxt for nxt, _ in node.next_functions)
    return len(seen), nones
""",
                # only the root's own pairs, as the number exercise asked
                """
def edge_counts(root):
    pairs = root.grad_fn.next_functions
    return len(pairs), sum(nxt is None for nxt, _ in pairs)
""",
            ],
        },
    ),
    "4.3": (
        "04-automatic-differentiation.md",
        "answer = jvp",
        {
            "right": """
def jvp(f, point, tangent):
    return [out.eps for out in f(*[Dual(v, t) for v, t in zip(point, tangent)])]
""",
            # every tangent 1: the sum of the Jacobian's columns, whatever the direction
            "wrong": """
def jvp(f, point, tangent):
    return [out.eps for out in f(*[Dual(v, 1.0) for v in point])]
""",
            "raises": "def jvp(f, point, tangent):\n    return f(*point).eps\n",
            "also wrong": [
                # right numbers, but n one-hot passes combined: the full Jacobian's cost
                """
def jvp(f, point, tangent):
    total = None
    for j in range(len(point)):
        outs = f(*[Dual(v, 1.0 if i == j else 0.0) for i, v in enumerate(point)])
        column = [tangent[j] * out.eps for out in outs]
        total = column if total is None else [a + b for a, b in zip(total, column)]
    return total
""",
                # a central difference along the direction: two calls, and only approximate
                """
def jvp(f, point, tangent):
    h = 1e-6
    up = f(*[v + h * t for v, t in zip(point, tangent)])
    down = f(*[v - h * t for v, t in zip(point, tangent)])
    return [(u - d) / (2 * h) for u, d in zip(up, down)]
""",
                # the value part instead of the tangent
                """
def jvp(f, point, tangent):
    return [out.value for out in f(*[Dual(v, t) for v, t in zip(point, tangent)])]
""",
                # the Dual numbers themselves
                """
def jvp(f, point, tangent):
    return f(*[Dual(v, t) for v, t in zip(point, tangent)])
""",
                # only the first input moved: one column of the Jacobian, scaled
                """
def jvp(f, point, tangent):
    duals = [Dual(v, tangent[0] if i == 0 else 0.0) for i, v in enumerate(point)]
    return [out.eps for out in f(*duals)]
""",
            ],
        },
    ),
    "4.5": (
        "04-automatic-differentiation.md",
        "answer = forward_jacobian",
        {
            "right": """
def forward_jacobian(f, point):
    columns = []
    for j in range(len(point)):
        duals = [Dual(v, 1.0 if i == j else 0.0) for i, v in enumerate(point)]
        columns.append([out.eps for out in f(*duals)])
    return [list(row) for row in zip(*columns)]
""",
            # columns returned as rows: the Jacobian transposed
            "wrong": """
def forward_jacobian(f, point):
    columns = []
    for j in range(len(point)):
        duals = [Dual(v, 1.0 if i == j else 0.0) for i, v in enumerate(point)]
        columns.append([out.eps for out in f(*duals)])
    return columns
""",
            "raises": "def forward_jacobian(f, point):\n    return [[out.eps for out in f(point)]]\n",
            "also wrong": [
                # one pass with every tangent 1: each row sums the true row
                """
def forward_jacobian(f, point):
    outs = f(*[Dual(v, 1.0) for v in point])
    return [[out.eps] * len(point) for out in outs]
""",
                # central differences: 2n passes, and only approximately right
                """
def forward_jacobian(f, point):
    eps = 1e-6
    columns = []
    for j in range(len(point)):
        up, down = list(point), list(point)
        up[j] += eps
        down[j] -= eps
        columns.append([(u - d) / (2 * eps) for u, d in zip(f(*up), f(*down))])
    return [list(row) for row in zip(*columns)]
""",
                # the value part instead of the tangent
                """
def forward_jacobian(f, point):
    columns = []
    for j in range(len(point)):
        duals = [Dual(v, 1.0 if i == j else 0.0) for i, v in enumerate(point)]
        columns.append([out.value for out in f(*duals)])
    return [list(row) for row in zip(*columns)]
""",
            ],
        },
    ),
    "6.5": (
        "06-training.md",
        "answer = train_step",
        {
            "right": """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    with torch.no_grad():
        params = [p for p in model.parameters() if p.grad is not None]
        length = sum((p.grad**2).sum() for p in params) ** 0.5
        scale = min(1.0, max_norm / length.item())
        for p in params:
            p -= lr * scale * p.grad
            p.grad.zero_()
    return loss.item()
""",
            # never clears the gradients: they pile up from step to step
            "wrong": """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    with torch.no_grad():
        params = [p for p in model.parameters() if p.grad is not None]
        length = sum((p.grad**2).sum() for p in params) ** 0.5
        scale = min(1.0, max_norm / length.item())
        for p in params:
            p -= lr * scale * p.grad
    return loss.item()
""",
            # the update outside no_grad: an in-place change of a leaf that requires grad
            "raises": """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    for p in model.parameters():
        if p.grad is not None:
            p -= lr * p.grad
            p.grad.zero_()
    return loss.item()
""",
            "also wrong": [
                # the plain step of the lesson's loop: never clipped
                """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            if p.grad is not None:
                p -= lr * p.grad
                p.grad.zero_()
    return loss.item()
""",
                # always scales the gradient to length max_norm, even a shorter one
                """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    with torch.no_grad():
        params = [p for p in model.parameters() if p.grad is not None]
        length = sum((p.grad**2).sum() for p in params) ** 0.5
        for p in params:
            p -= lr * max_norm / length * p.grad
            p.grad.zero_()
    return loss.item()
""",
                # clips each parameter's gradient by its own length
                """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            if p.grad is not None:
                length = p.grad.norm().item()
                p -= lr * min(1.0, max_norm / length) * p.grad
                p.grad.zero_()
    return loss.item()
""",
                # adds up the parameters' lengths instead of their squares
                """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    with torch.no_grad():
        params = [p for p in model.parameters() if p.grad is not None]
        length = sum(p.grad.norm().item() for p in params)
        scale = min(1.0, max_norm / length)
        for p in params:
            p -= lr * scale * p.grad
            p.grad.zero_()
    return loss.item()
""",
                # clips each entry to [-max_norm, max_norm] instead of the whole length
                """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            if p.grad is not None:
                p -= lr * p.grad.clamp(-max_norm, max_norm)
                p.grad.zero_()
    return loss.item()
""",
                # adds the gradient: ascent
                """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    with torch.no_grad():
        params = [p for p in model.parameters() if p.grad is not None]
        length = sum((p.grad**2).sum() for p in params) ** 0.5
        scale = min(1.0, max_norm / length.item())
        for p in params:
            p += lr * scale * p.grad
            p.grad.zero_()
    return loss.item()
""",
                # rebinds the loop variable: the model's parameters never change
                """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    with torch.no_grad():
        params = [p for p in model.parameters() if p.grad is not None]
        length = sum((p.grad**2).sum() for p in params) ** 0.5
        scale = min(1.0, max_norm / length.item())
        for p in params:
            p = p - lr * scale * p.grad
    model.zero_grad()
    return loss.item()
""",
                # clears the gradients before the update: nothing moves
                """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    model.zero_grad()
    with torch.no_grad():
        for p in model.parameters():
            if p.grad is not None:
                p -= lr * p.grad
    return loss.item()
""",
                # clears at the start only: the step leaves its gradients behind
                """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    model.zero_grad()
    loss = loss_fn(model(X), Y)
    loss.backward()
    with torch.no_grad():
        params = [p for p in model.parameters() if p.grad is not None]
        length = sum((p.grad**2).sum() for p in params) ** 0.5
        scale = min(1.0, max_norm / length.item())
        for p in params:
            p -= lr * scale * p.grad
    return loss.item()
""",
                # the library's clipping and optimiser, which the exercise asks to write by hand
                """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    optimizer = optim.SGD(model.parameters(), lr=lr)
    optimizer.zero_grad()
    loss = loss_fn(model(X), Y)
    loss.backward()
    nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    optimizer.step()
    optimizer.zero_grad()
    return loss.item()
""",
                # the library's clipping, with the update by hand
                """
def train_step(model, loss_fn, X, Y, lr, max_norm):
    loss = loss_fn(model(X), Y)
    loss.backward()
    nn.utils.clip_grad_norm_(model.parameters(), max_norm)
    with torch.no_grad():
        for p in model.parameters():
            if p.grad is not None:
                p -= lr * p.grad
                p.grad.zero_()
    return loss.item()
""",
            ],
        },
    ),
    "8.6": (
        "08-depth.md",
        "answer = layer_grad_norms",
        {
            "right": """
def layer_grad_norms(model, X, Y):
    model.zero_grad()
    ((model(X) - Y) ** 2).mean().backward()
    return [layer.weight.grad.norm().item() for layer in model if isinstance(layer, nn.Linear)]
""",
            # keeps the gradients an earlier use left in the model
            "wrong": """
def layer_grad_norms(model, X, Y):
    ((model(X) - Y) ** 2).mean().backward()
    return [layer.weight.grad.norm().item() for layer in model if isinstance(layer, nn.Linear)]
""",
            # the activations have no weight
            "raises": """
def layer_grad_norms(model, X, Y):
    model.zero_grad()
    ((model(X) - Y) ** 2).mean().backward()
    return [layer.weight.grad.norm().item() for layer in model]
""",
            "also wrong": [
                # the summed loss
                """
def layer_grad_norms(model, X, Y):
    model.zero_grad()
    ((model(X) - Y) ** 2).sum().backward()
    return [layer.weight.grad.norm().item() for layer in model if isinstance(layer, nn.Linear)]
""",
                # squared norms
                """
def layer_grad_norms(model, X, Y):
    model.zero_grad()
    ((model(X) - Y) ** 2).mean().backward()
    return [(layer.weight.grad**2).sum().item() for layer in model if isinstance(layer, nn.Linear)]
""",
                # walked from the output back, as the backward pass does
                """
def layer_grad_norms(model, X, Y):
    model.zero_grad()
    ((model(X) - Y) ** 2).mean().backward()
    return [layer.weight.grad.norm().item() for layer in reversed(model) if isinstance(layer, nn.Linear)]
""",
                # every parameter, biases too
                """
def layer_grad_norms(model, X, Y):
    model.zero_grad()
    ((model(X) - Y) ** 2).mean().backward()
    return [p.grad.norm().item() for p in model.parameters()]
""",
                # the first layer's norm only, as the page's experiment
                """
def layer_grad_norms(model, X, Y):
    model.zero_grad()
    ((model(X) - Y) ** 2).mean().backward()
    return [model[0].weight.grad.norm().item()]
""",
            ],
        },
    ),
    "9.6": (
        "09-real-data.md",
        "answer = softmax_cross_entropy",
        {
            "right": """
def softmax_cross_entropy(logits, y):
    n = len(y)
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_total = np.log(np.exp(shifted).sum(axis=1))
    loss = (log_total - shifted[np.arange(n), y]).mean()
    grad = np.exp(shifted - log_total[:, None])
    grad[np.arange(n), y] -= 1.0
    return loss, grad / n
""",
            # the formula as written: e^1000 overflows
            "wrong": """
def softmax_cross_entropy(logits, y):
    n = len(y)
    p = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    loss = -np.log(p[np.arange(n), y]).mean()
    grad = p.copy()
    grad[np.arange(n), y] -= 1.0
    return loss, grad / n
""",
            "raises": """
def softmax_cross_entropy(logits, y):
    p = logits.softmax(axis=1)
    return -np.log(p[np.arange(len(y)), y]).mean(), p
""",
            "also wrong": [
                # a stable softmax, but the log of a probability that underflows to 0
                """
def softmax_cross_entropy(logits, y):
    n = len(y)
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    loss = -np.log(p[np.arange(n), y]).mean()
    grad = p.copy()
    grad[np.arange(n), y] -= 1.0
    return loss, grad / n
""",
                # the gradient of the summed loss
                """
def softmax_cross_entropy(logits, y):
    n = len(y)
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_total = np.log(np.exp(shifted).sum(axis=1))
    loss = (log_total - shifted[np.arange(n), y]).mean()
    grad = np.exp(shifted - log_total[:, None])
    grad[np.arange(n), y] -= 1.0
    return loss, grad
""",
                # the summed loss
                """
def softmax_cross_entropy(logits, y):
    n = len(y)
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_total = np.log(np.exp(shifted).sum(axis=1))
    loss = (log_total - shifted[np.arange(n), y]).sum()
    grad = np.exp(shifted - log_total[:, None])
    grad[np.arange(n), y] -= 1.0
    return loss, grad / n
""",
                # the one-hot one class off
                """
def softmax_cross_entropy(logits, y):
    n, k = logits.shape
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_total = np.log(np.exp(shifted).sum(axis=1))
    wrong = (y + 1) % k
    loss = (log_total - shifted[np.arange(n), wrong]).mean()
    grad = np.exp(shifted - log_total[:, None])
    grad[np.arange(n), wrong] -= 1.0
    return loss, grad / n
""",
                # the gradient without its one-hot
                """
def softmax_cross_entropy(logits, y):
    n = len(y)
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_total = np.log(np.exp(shifted).sum(axis=1))
    loss = (log_total - shifted[np.arange(n), y]).mean()
    return loss, np.exp(shifted - log_total[:, None]) / n
""",
                # the library's loss after all
                """
def softmax_cross_entropy(logits, y):
    z = torch.tensor(logits, requires_grad=True)
    loss = nn.CrossEntropyLoss()(z, torch.tensor(y))
    loss.backward()
    return loss.item(), z.grad.numpy()
""",
            ],
        },
    ),
    "4a.5": (
        "04a-build-your-own-autograd.md",
        "answer = backward_iterative",
        {
            "right": """
def backward_iterative(root):
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        node, inputs_done = stack.pop()
        if inputs_done:
            order.append(node)
            continue
        if id(node) in seen:
            continue
        seen.add(id(node))
        stack.append((node, True))
        for parent in node.inputs:
            stack.append((parent, False))
    root.grad = 1.0
    for node in reversed(order):
        node.local_backward()
""",
            # no recursion, but the page's breadth-first order: a shared node runs too early
            "wrong": """
def backward_iterative(root):
    backward_in(breadth_first_order(root))
""",
            # the page's own backward: recursion thousands of calls deep
            "raises": """
def backward_iterative(root):
    root.grad = 1.0
    for node in reversed(topological_order(root)):
        node.local_backward()
""",
            "also wrong": [
                # each node placed when first met, before its inputs: pre-order
                """
def backward_iterative(root):
    order, seen, stack = [], set(), [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        order.append(node)
        stack.extend(node.inputs)
    root.grad = 1.0
    for node in order:
        node.local_backward()
""",
                # the right order, but the root's gradient never set to 1
                """
def backward_iterative(root):
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        node, inputs_done = stack.pop()
        if inputs_done:
            order.append(node)
            continue
        if id(node) in seen:
            continue
        seen.add(id(node))
        stack.append((node, True))
        for parent in node.inputs:
            stack.append((parent, False))
    for node in reversed(order):
        node.local_backward()
""",
                # a node met on two paths runs twice
                """
def backward_iterative(root):
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        node, inputs_done = stack.pop()
        if inputs_done:
            order.append(node)
            continue
        stack.append((node, True))
        if id(node) in seen:
            continue
        seen.add(id(node))
        for parent in node.inputs:
            stack.append((parent, False))
    root.grad = 1.0
    for node in reversed(order):
        node.local_backward()
""",
                # a bigger recursion limit instead of no recursion
                """
def backward_iterative(root):
    import sys

    sys.setrecursionlimit(100_000)
    root.grad = 1.0
    for node in reversed(topological_order(root)):
        node.local_backward()
""",
            ],
        },
    ),
    "14.4": (
        "14-custom-function.md",
        "answer = Softmax",
        {
            "right": """
class Softmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        e = (z - z.max(dim=1, keepdim=True).values).exp()
        p = e / e.sum(dim=1, keepdim=True)
        ctx.save_for_backward(p)
        return p

    @staticmethod
    def backward(ctx, grad_out):
        (p,) = ctx.saved_tensors
        return p * (grad_out - (grad_out * p).sum(dim=1, keepdim=True))
""",
            # only the Jacobian's diagonal: each probability as if alone
            "wrong": """
class Softmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        e = (z - z.max(dim=1, keepdim=True).values).exp()
        p = e / e.sum(dim=1, keepdim=True)
        ctx.save_for_backward(p)
        return p

    @staticmethod
    def backward(ctx, grad_out):
        (p,) = ctx.saved_tensors
        return grad_out * p * (1 - p)
""",
            "raises": """
class Softmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        e = (z - z.max(dim=1, keepdim=True).values).exp()
        p = e / e.sum(dim=1, keepdim=True)
        ctx.save_for_backward(p)
        return p

    @staticmethod
    def backward(ctx, grad_out):
        p, z = ctx.saved_tensors
        return p * (grad_out - (grad_out * p).sum(dim=1, keepdim=True))
""",
            "also wrong": [
                # the formula as written: e^1000 overflows
                """
class Softmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        e = z.exp()
        p = e / e.sum(dim=1, keepdim=True)
        ctx.save_for_backward(p)
        return p

    @staticmethod
    def backward(ctx, grad_out):
        (p,) = ctx.saved_tensors
        return p * (grad_out - (grad_out * p).sum(dim=1, keepdim=True))
""",
                # the sum over the wrong axis: down the columns
                """
class Softmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        e = (z - z.max(dim=1, keepdim=True).values).exp()
        p = e / e.sum(dim=1, keepdim=True)
        ctx.save_for_backward(p)
        return p

    @staticmethod
    def backward(ctx, grad_out):
        (p,) = ctx.saved_tensors
        return p * (grad_out - (grad_out * p).sum(dim=0, keepdim=True))
""",
                # grad_out left out
                """
class Softmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        e = (z - z.max(dim=1, keepdim=True).values).exp()
        p = e / e.sum(dim=1, keepdim=True)
        ctx.save_for_backward(p)
        return p

    @staticmethod
    def backward(ctx, grad_out):
        (p,) = ctx.saved_tensors
        return p * (1 - p)
""",
                # the library's softmax
                """
class Softmax(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        p = torch.softmax(z, dim=1)
        ctx.save_for_backward(p)
        return p

    @staticmethod
    def backward(ctx, grad_out):
        (p,) = ctx.saved_tensors
        return p * (grad_out - (grad_out * p).sum(dim=1, keepdim=True))
""",
            ],
        },
    ),
    "15.5": (
        "15-diagnose.md",
        "answer = first_nonfinite_layer",
        {
            "right": """
def first_nonfinite_layer(model, X):
    h = X
    with torch.no_grad():
        for i, layer in enumerate(model):
            h = layer(h)
            if not torch.isfinite(h).all():
                return i
    return None
""",
            # looks for nan only: an overflow to inf goes unseen
            "wrong": """
def first_nonfinite_layer(model, X):
    h = X
    with torch.no_grad():
        for i, layer in enumerate(model):
            h = layer(h)
            if torch.isnan(h).any():
                return i
    return None
""",
            "raises": """
def first_nonfinite_layer(model, X):
    for i, layer in enumerate(model):
        if not torch.isfinite(layer.weight).all():
            return i
    return None
""",
            "also wrong": [
                # counts from 1
                """
def first_nonfinite_layer(model, X):
    h = X
    with torch.no_grad():
        for i, layer in enumerate(model, start=1):
            h = layer(h)
            if not torch.isfinite(h).all():
                return i
    return None
""",
                # judges by the weights
                """
def first_nonfinite_layer(model, X):
    for i, layer in enumerate(model):
        if isinstance(layer, nn.Linear) and not torch.isfinite(layer.weight).all():
            return i
    return None
""",
                # keeps going: the last bad layer, not the first
                """
def first_nonfinite_layer(model, X):
    h, bad = X, None
    with torch.no_grad():
        for i, layer in enumerate(model):
            h = layer(h)
            if not torch.isfinite(h).all():
                bad = i
    return bad
""",
            ],
        },
    ),
    "17.4": (
        "17-map-to-pytorch.md",
        "answer = clip_with_hooks",
        {
            "right": """
def clip_with_hooks(model, limit):
    return [p.register_hook(lambda g: g.clamp(-limit, limit)) for p in model.parameters()]
""",
            # the hook computes the clipped gradient but does not return it
            "wrong": """
def clip_with_hooks(model, limit):
    handles = []
    for p in model.parameters():

        def hook(g):
            g.clamp(-limit, limit)

        handles.append(p.register_hook(hook))
    return handles
""",
            "raises": """
def clip_with_hooks(model, limit):
    return [p.grad.clamp_(-limit, limit) for p in model.parameters()]
""",
            "also wrong": [
                # clips only from above
                """
def clip_with_hooks(model, limit):
    return [p.register_hook(lambda g: g.clamp(max=limit)) for p in model.parameters()]
""",
                # the weights only: biases are parameters too
                """
def clip_with_hooks(model, limit):
    return [layer.weight.register_hook(lambda g: g.clamp(-limit, limit)) for layer in model if hasattr(layer, "weight")]
""",
                # no handles: the hooks can never be taken off
                """
def clip_with_hooks(model, limit):
    for p in model.parameters():
        p.register_hook(lambda g: g.clamp(-limit, limit))
""",
                # handles of other hooks: the clipping ones stay
                """
def clip_with_hooks(model, limit):
    handles = []
    for p in model.parameters():
        p.register_hook(lambda g: g.clamp(-limit, limit))
        handles.append(p.register_hook(lambda g: g))
    return handles
""",
            ],
        },
    ),
}
