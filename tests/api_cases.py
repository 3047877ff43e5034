"""Cases for the API that outside teaching code uses, run on PyTorch and on pyautograd (its
differentiable ops are cases of ``op_cases.py``). ``make_golden.py`` records PyTorch's answers
in ``golden/api.json``; the tests in ``ops/test_api_vs_torch.py`` compare with that file and,
where torch imports, live.

Each table entry is a function of the module ``L`` (``torch`` or ``pyautograd``):
- VALUES: ``fn(L) -> JSON-able`` (printed forms, integer results, Python values);
- ERRORS: ``fn(L)`` that raises: type and message must be PyTorch's.
"""

import math
import warnings

import distribution_cases


def _kthvalue_many_rows(L):
    """kthvalue over many rows at once, each row its own case: distinct values, ties at the
    k-th value (the kernel's quickselect picks the index), NaN, -0.0 beside 0.0, integers,
    float64, every dim, keepdim, and the gradient (to the index returned)."""
    state, rows = 7, []
    for r in range(40):
        row = []
        for _ in range(9):
            state = (state * 1103515245 + 12345) % 2**31
            row.append(state % 1000 / 10 - 50 if r % 3 else float(state % 4))
        rows.append(row)
    rows[5][2] = rows[5][7] = float("nan")
    rows[8] = [float("nan")] * 9
    rows[11][:4] = [0.0, -0.0, 0.0, -0.0]
    x = L.tensor(rows, requires_grad=True)
    out = []
    for k in (1, 3, 5, 9):
        got = x.kthvalue(k, dim=1)
        out += [got.values.tolist(), got.indices.tolist()]
    for k in (1, 17, 40):
        got = x.kthvalue(k, dim=0, keepdim=True)
        out += [got.values.tolist(), got.indices.tolist()]
    x.kthvalue(4, dim=1).values.sum().backward()
    out.append(x.grad.tolist())
    ints = L.tensor([[int(v) % 5 for v in row] for row in rows[12:]])
    wide = L.tensor(rows, dtype=L.float64).reshape(4, 10, 9)
    out += [list(ints.kthvalue(3).indices.tolist()), wide.kthvalue(6, dim=1).indices.tolist()]
    return out


def _grads(L, make, *shapes_rg):
    """Gradient after backward of a tiny expression, as a list."""
    x = L.tensor([0.5, -1.5, 2.0], requires_grad=True)
    make(L, x).backward()
    return x.grad.tolist()


def _chunk_shapes(L):
    return [list(c.shape) for c in L.arange(10).chunk(3)] + [list(c.shape) for c in L.arange(5).chunk(2)]


def _sort_indices(L):
    s = L.tensor([[3.0, 1.0, 2.0, 1.0], [0.0, -1.0, 5.0, 5.0]]).sort(dim=1, descending=True)
    return [s.values.tolist(), s.indices.tolist(), L.tensor([2, 0, 1]).argsort().tolist()]


def _to_device(L):
    x = L.ones(2)
    device = "cuda" if L.cuda.is_available() else "cpu"
    y = x.to(device)
    return [
        y is x,
        str(y.device),
        repr(y.device),
        x.to("cpu", L.float64).dtype == L.float64,
        repr(x.to(L.device("cpu"))),
        x.device.type,
        x.is_cuda,
    ]


def _new_factories(L):
    x = L.tensor([1.0, 2.0], dtype=L.float64)
    return [
        repr(x.new_zeros(2, 3)),
        repr(x.new_ones((2,))),
        repr(x.new_tensor([1, 2])),
        repr(x.new_full((2,), 7.0)),
        repr(L.tensor([1, 2]).new_tensor([0.5])),
    ]


def _inference_like(L):
    x = L.tensor([1.0, 2.0], requires_grad=True)
    with L.no_grad():
        y = x * 2
    return [y.requires_grad, repr(y)]


def _fixed(L, module):
    """Deterministic parameters (the generators of the two libraries differ)."""
    import numpy as np

    with L.no_grad():
        for i, p in enumerate(module.parameters()):
            p.copy_(L.tensor(np.linspace(-1.0, 1.0, p.numel()).reshape(tuple(p.shape)) * (i + 1) / 3))
    return module


def _grad_lists(module):
    return [[name, p.grad.tolist()] for name, p in module.named_parameters() if p.grad is not None]


def _train_step(L, module, x):
    out = module(x)
    (out * out).sum().backward()
    return [repr(out), _grad_lists(module)]


def _batchnorm_running(L):
    bn = _fixed(L, L.nn.BatchNorm1d(3))
    x = L.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [2.0, 0.0, -1.0]])
    train_out = bn(x)
    bn.eval()
    return [
        train_out.tolist(),
        bn.running_mean.tolist(),
        bn.running_var.tolist(),
        repr(bn.num_batches_tracked),
        bn(x).tolist(),
        list(bn.state_dict()),
        repr(bn),
    ]


def _hooks(L):
    seen = []
    model = L.nn.Sequential(L.nn.Linear(2, 3), L.nn.ReLU(), L.nn.Linear(3, 1))
    _fixed(L, model)
    handle = model[0].register_forward_hook(lambda m, inp, out: seen.append(["fwd", list(out.shape)]))
    model[1].register_forward_pre_hook(lambda m, inp: seen.append(["pre", len(inp)]))
    model[2].register_full_backward_hook(
        lambda m, gin, gout: seen.append(["bwd", [g.tolist() for g in gin], [g.tolist() for g in gout]])
    )
    x = L.tensor([[1.0, -2.0]], requires_grad=True)
    y = model(x)
    y.sum().backward()
    handle.remove()
    model(x)
    return [seen, repr(y.grad_fn.name()), x.grad.tolist()]


def _backward_hook_replaces(L):
    lin = _fixed(L, L.nn.Linear(2, 2))
    lin.register_full_backward_hook(lambda m, gin, gout: (gin[0] * 10,))
    x = L.tensor([[1.0, 2.0]], requires_grad=True)
    lin(x).sum().backward()
    return x.grad.tolist()


def _forward_hook_replaces(L):
    lin = _fixed(L, L.nn.Linear(2, 2))
    lin.register_forward_hook(lambda m, inp, out: out * 0)
    return lin(L.ones(1, 2)).tolist()


def _named_modules_apply(L):
    model = L.nn.Sequential(L.nn.Linear(2, 2), L.nn.Sequential(L.nn.Tanh(), L.nn.Linear(2, 1)))
    names = [[n, type(m).__name__] for n, m in model.named_modules()]
    visited = []
    model.apply(lambda m: visited.append(type(m).__name__))
    return [names, visited]


def _sequential_editing(L):
    s = L.nn.Sequential(L.nn.Linear(1, 2), L.nn.ReLU(), L.nn.Linear(2, 1), L.nn.Tanh())
    s[1] = L.nn.Sigmoid()
    del s[2]
    sliced = s[0:2]
    s.append(L.nn.Identity())
    s.insert(1, L.nn.ReLU())
    return [repr(s), repr(sliced), len(s), list(dict(s.named_children()))]


def _module_containers(L):
    layers = L.nn.ModuleList([L.nn.Linear(2, 2) for _ in range(3)])
    layers.append(L.nn.ReLU())
    heads = L.nn.ModuleDict({"a": L.nn.Linear(2, 1), "b": L.nn.Tanh()})
    holder = L.nn.Module()
    holder.layers, holder.heads = layers, heads
    return [
        repr(layers),
        repr(heads),
        len(list(holder.parameters())),
        [n for n, _ in holder.named_parameters()],
        len(layers[1:]),
        "a" in heads,
        list(heads.keys()),
        repr(L.nn.ModuleList()),
    ]


def _module_reprs(L):
    nn = L.nn
    return [
        repr(m)
        for m in (
            nn.LeakyReLU(),
            nn.LeakyReLU(0.2, inplace=True),
            nn.GELU(),
            nn.GELU(approximate="tanh"),
            nn.ELU(alpha=0.5),
            nn.Softplus(beta=2),
            nn.SiLU(),
            nn.L1Loss(),
            nn.SmoothL1Loss(beta=0.5),
            nn.HuberLoss(),
            nn.NLLLoss(),
            nn.Embedding(10, 3),
            nn.Embedding(10, 3, padding_idx=0),
            nn.LayerNorm(4),
            nn.LayerNorm((2, 3), elementwise_affine=False),
            nn.BatchNorm1d(5),
            nn.BatchNorm1d(5, affine=False),
            nn.Flatten(),
            nn.Identity(),
        )
    ]


def _clip(L):
    a = L.nn.Parameter(L.tensor([3.0, 4.0]))
    b = L.nn.Parameter(L.tensor([[1.0, -12.0]]))
    a.grad, b.grad = L.tensor([3.0, 4.0]), L.tensor([[0.0, 12.0]])
    total = L.nn.utils.clip_grad_norm_([a, b], max_norm=1.0)
    c = L.nn.Parameter(L.tensor([1.0, 2.0, 3.0]))
    c.grad = L.tensor([-5.0, 0.5, 5.0])
    L.nn.utils.clip_grad_value_([c], clip_value=1.0)
    d = L.nn.Parameter(L.tensor([1.0]))
    d.grad = L.tensor([0.5])
    small = L.nn.utils.clip_grad_norm_(d, 2.0, norm_type=1)
    inf = L.nn.utils.clip_grad_norm_([c], 0.5, norm_type="inf")
    return [
        repr(total),
        a.grad.tolist(),
        b.grad.tolist(),
        c.grad.tolist(),
        repr(small),
        d.grad.tolist(),
        repr(inf),
    ]


def _embedding_module(L):
    emb = L.nn.Embedding(4, 2, padding_idx=1)
    pad_row = emb.weight[1].tolist()
    _fixed(L, emb)
    out = emb(L.tensor([[1, 3], [0, 3]]))
    out.sum().backward()
    return [pad_row, out.grad_fn.name(), emb.weight.grad.tolist()]


def _module_list_editing(L):
    nn = L.nn
    layers = nn.ModuleList([nn.ReLU(), nn.Tanh()])
    layers += [nn.Sigmoid()]
    layers.insert(1, nn.Identity())
    layers[0] = nn.ELU()
    popped = layers.pop(1)
    del layers[0]
    joined = layers + nn.ModuleList([nn.SiLU()])
    return [repr(layers), repr(popped), [type(m).__name__ for m in joined], repr(layers[-1])]


def _module_dict_editing(L):
    nn = L.nn
    heads = nn.ModuleDict()
    heads.update([("x", nn.ReLU()), ("y", nn.Tanh())])
    heads["z"] = nn.Sigmoid()
    popped = heads.pop("x")
    del heads["y"]
    kinds = [[k, type(v).__name__] for k, v in heads.items()]
    values = [type(v).__name__ for v in heads.values()]
    keys = list(heads)
    size = len(heads)
    heads.clear()
    return [repr(popped), kinds, values, keys, size, repr(heads)]


def _parameter_vector(L):
    lin = _fixed(L, L.nn.Linear(2, 2))
    vec = L.nn.utils.parameters_to_vector(lin.parameters())
    L.nn.utils.vector_to_parameters(vec * 2, lin.parameters())
    return [vec.tolist(), lin.weight.tolist(), lin.bias.tolist()]


def _trajectory(L, make, steps=5):
    """Parameters after a few steps of ``make(params)`` on a fixed quadratic-ish loss."""
    w = L.nn.Parameter(L.tensor([1.0, -2.0, 0.5]))
    b = L.nn.Parameter(L.tensor([0.3]))
    opt = make([w, b])
    x = L.tensor([[1.0, 2.0, -1.0], [0.5, -0.5, 2.0]])
    out = []
    for _ in range(steps):
        opt.zero_grad()
        loss = ((x @ w + b) ** 2).sum() + (w**4).sum()
        loss.backward()
        opt.step()
        out.append(w.tolist() + b.tolist())
    return out


def _schedule(L, make_scheduler, epochs=8, lr=0.1, groups=1):
    params = [L.nn.Parameter(L.tensor([1.0])) for _ in range(groups)]
    opt = L.optim.SGD([{"params": [p]} for p in params], lr=lr)
    scheduler = make_scheduler(opt)
    rates = [scheduler.get_last_lr()]
    for _ in range(epochs):
        opt.step()
        scheduler.step()
        rates.append(scheduler.get_last_lr())
    return [rates, [g["lr"] for g in opt.param_groups], [g["initial_lr"] for g in opt.param_groups]]


def _round_trip(L, obj, **load_args):
    import io

    buffer = io.BytesIO()
    L.save(obj, buffer)
    buffer.seek(0)
    return L.load(buffer, **load_args)


def _save_load(L):
    x = L.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=L.float64)
    got = _round_trip(L, {"x": x, "ids": L.tensor([1, 2]), "meta": [1, "two", 3.5, None, (True,)]})
    p = _round_trip(L, L.nn.Parameter(L.tensor([0.5])))
    rg = _round_trip(L, L.tensor([1.0], requires_grad=True))
    return [repr(got["x"]), repr(got["ids"]), got["meta"], repr(p), type(p).__name__, repr(rg), got["x"] is x]


def _save_load_state_dict(L):
    source = _fixed(L, L.nn.Sequential(L.nn.Linear(2, 3), L.nn.BatchNorm1d(3)))
    source(L.tensor([[1.0, 2.0], [3.0, -1.0]]))  # moves the running statistics
    state = _round_trip(L, source.state_dict())
    target = L.nn.Sequential(L.nn.Linear(2, 3), L.nn.BatchNorm1d(3))
    result = target.load_state_dict(state)
    return [
        list(state),
        type(state).__name__,
        repr(result),
        repr(target[1].running_mean),
        target[0].weight.tolist(),
    ]


def _save_load_file(L):
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "model.pt")
        L.save([L.ones(2), L.zeros(1)], path)
        return [repr(t) for t in L.load(path, map_location="cpu")]


def _save_load_optimizer(L):
    w = L.nn.Parameter(L.tensor([1.0, 2.0]))
    opt = L.optim.Adam([w], lr=0.1)
    (w**2).sum().backward()
    opt.step()
    state = _round_trip(L, opt.state_dict())
    fresh = L.optim.Adam([L.nn.Parameter(L.tensor([1.0, 2.0]))], lr=0.5)
    fresh.load_state_dict(state)
    fresh_w = fresh.param_groups[0]["params"][0]
    (fresh_w**2).sum().backward()
    fresh.step()
    return [
        fresh.param_groups[0]["lr"],
        fresh_w.tolist(),
        sorted(state),
        state["param_groups"][0]["lr"],
        sorted(state["state"][0]),
    ]


def _refuses_pickle(L):
    import pickle

    try:
        _round_trip(L, L.nn.Linear(1, 1))
    except pickle.UnpicklingError as e:
        return ["UnpicklingError", str(e).split(".")[0]]
    return "loaded"


def _post_accumulate(L):
    seen = []
    w = L.tensor([1.0, 2.0], requires_grad=True)
    handle = w.register_post_accumulate_grad_hook(lambda t: seen.append(t.grad.tolist()))
    (w * 3).sum().backward()
    (w * w).sum().backward()
    handle.remove()
    (w * 1).sum().backward()
    return [seen, w.grad.tolist()]


def _inference(L):
    x = L.tensor([1.0, 2.0], requires_grad=True)
    with L.inference_mode():
        y = x * 2
        inside = L.is_inference_mode_enabled()
    with L.inference_mode(False):
        z = x * 2

    @L.inference_mode()
    def predict(t):
        return t * 3

    return [
        y.requires_grad,
        repr(y),
        inside,
        L.is_inference_mode_enabled(),
        z.requires_grad,
        repr(predict(x)),
    ]


def _func_transforms(L):
    func = L.func
    x = L.arange(6.0).reshape(3, 2)
    w = L.tensor([1.0, -1.0])
    per_sample_grads = func.vmap(func.grad(lambda w, xi: (xi @ w).tanh()), in_dims=(None, 0))(w, x)
    pairs = func.vmap(lambda a, b: (a * b, a.sum()), in_dims=(0, None), out_dims=(1, 0))(x, w)
    value_and_grad = func.grad_and_value(lambda v: (v**3).sum())(L.tensor([1.0, 2.0]))
    with_aux = func.grad_and_value(lambda v: ((v**2).sum(), v.mean()), has_aux=True)(L.tensor([1.0, 3.0]))
    blocks = func.hessian(lambda a, b: (a * a * b).sum(), argnums=(0, 1))(
        L.tensor([1.0, 2.0]), L.tensor([3.0, 4.0])
    )
    return [
        repr(func.vmap(L.dot)(x, x)),
        repr(per_sample_grads),
        [repr(t) for t in pairs],
        [repr(t) for t in value_and_grad],
        [repr(with_aux[0]), [repr(t) for t in with_aux[1]]],
        [[repr(b) for b in row] for row in blocks],
        repr(func.hessian(lambda v: (v**3).sum())(L.tensor([1.0, 2.0]))),
        repr(func.vmap(lambda row: row.sum(), in_dims=1)(x)),
    ]


def _functional_call(L):
    model = _fixed(L, L.nn.Linear(2, 1))
    params = {k: v.detach() for k, v in model.named_parameters()}
    x = L.tensor([[1.0, 2.0]])

    def loss(p):
        return L.func.functional_call(model, p, (x,)).sum()

    grads = L.func.grad(loss)(params)
    return [repr(loss(params)), {k: v.tolist() for k, v in grads.items()}, model.weight.tolist()]


def _grad_of(L, make, values, dtype="float32"):
    """The gradient of ``make(x).sum()`` at ``values``, each number written out exactly."""
    x = L.tensor(values, dtype=getattr(L, dtype), requires_grad=True)
    make(L, x).sum().backward()
    return [repr(v) for v in x.grad.tolist()]


def _micrograd_readme(L):
    """micrograd's README example, word for word in PyTorch: ``+=`` on non-leaf tensors."""
    a = L.tensor([-4.0], dtype=L.float64, requires_grad=True)
    b = L.tensor([2.0], dtype=L.float64, requires_grad=True)
    c = a + b
    d = a * b + b**3
    c += c + 1
    c += 1 + c + (-a)
    d += d * 2 + (b + a).relu()
    d += 3 * d + (b - a).relu()
    e = c - d
    f = e**2
    g = f / 2.0
    g += 10.0 / f
    g.backward()
    return [g.item(), a.grad.item(), b.grad.item()]


def _lesson6_large_learning_rate(L):
    """Lesson 6 trains XOR with lr = 20 and says the loss jumps (14, 4, 17 ...) for eight steps,
    then sticks at 50: the saturated sigmoid's tail decides that path."""
    X = L.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    Y = L.tensor([[0.0], [1.0], [1.0], [0.0]])
    L.manual_seed(0)
    model = L.nn.Sequential(L.nn.Linear(2, 4), L.nn.Tanh(), L.nn.Linear(4, 1), L.nn.Sigmoid())
    optimizer = L.optim.SGD(model.parameters(), lr=20.0)
    losses = []
    for _ in range(12):
        optimizer.zero_grad()
        loss = L.nn.BCELoss()(model(X), Y)
        loss.backward()
        optimizer.step()
        losses.append(round(loss.item(), 1))  # lr = 20 amplifies last-bit differences: the path, not digits
    return losses


def _tied_state_dict(L):
    net = L.nn.Sequential(L.nn.Linear(2, 2), L.nn.Linear(2, 2))
    net[1].weight = net[0].weight
    return list(net.state_dict())


def _storage_printed(L):
    """Karpathy prints ``a.storage()``: its text, and that it warns as PyTorch 2 does."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = repr(L.arange(3.0).storage())
    return [text, [str(w.category.__name__) for w in caught]]


def _memory_layout(L):
    x = L.arange(12.0).reshape(3, 4)
    return [x.stride(), x.t().stride(), x[1:].storage_offset(), x[:, 2].storage_offset(), x.stride(-1)]


VALUES = {
    "micrograd_readme": _micrograd_readme,
    "lesson6_large_learning_rate": _lesson6_large_learning_rate,
    "requires_grad_on_non_leaf": lambda L: (lambda y: [y.requires_grad_() is y, y.requires_grad])(
        L.tensor([1.0], requires_grad=True) * 2
    ),
    "state_dict_of_tied_weights": _tied_state_dict,
    "factories_with_size_keyword": lambda L: [
        list(f(size=(2, 3)).shape) for f in (L.rand, L.randn, L.zeros, L.ones, L.empty)
    ],
    "result_type": lambda L: [
        str(L.result_type(L.tensor([1]), 1.0)),
        str(L.result_type(2, 3.0)),
        str(L.result_type(L.tensor([1.0], dtype=L.float64), L.tensor(1.0))),
        str(L.result_type(L.tensor([1], dtype=L.int32), 5)),
    ],
    "bincount": lambda L: [
        L.bincount(L.tensor([0, 1, 1, 3])).tolist(),
        L.bincount(L.tensor([0, 1, 1, 3]), minlength=6).tolist(),
        L.bincount(L.tensor([0, 1, 1]), weights=L.tensor([0.5, 1.0, 2.0])).tolist(),
        str(L.bincount(L.tensor([0, 1]), weights=L.tensor([1.0, 2.0])).dtype),
    ],
    "memory_layout": _memory_layout,
    "storage_printed": lambda L: _storage_printed(L),
    "cosine_similarity": lambda L: L.nn.functional.cosine_similarity(
        L.tensor([[1.0, 2.0], [3.0, 4.0], [0.0, 0.0]]), L.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    ).tolist(),
    "cosine_similarity_dim0": lambda L: L.nn.functional.cosine_similarity(
        L.tensor([[1.0, 2.0], [3.0, 4.0]]), L.tensor([[1e30, 0.0], [0.0, 1e30]]), dim=0
    ).tolist(),
    # numbers at the edges, written out exactly (repr): a tail or a sign must not move
    "sigmoid_lower_tail": lambda L: repr(L.sigmoid(L.tensor([-10.0, -17.0, -20.0, -50.0]))),
    "log_sigmoid_float64_tail": lambda L: repr(L.log(L.sigmoid(L.tensor([-50.0, -700.0], dtype=L.float64)))),
    "shrink_modules": lambda L: [
        repr(L.nn.Hardshrink()),
        repr(L.nn.Softshrink(0.3)),
        repr(L.nn.Tanhshrink()),
    ],
    "shrink_graphs": lambda L: [
        repr(L.nn.functional.tanhshrink(L.tensor([0.5], requires_grad=True))),
        L.tensor([[1.0, -0.2]]).hardshrink(0.1).tolist(),
        L.nn.functional.softshrink(L.tensor([-0.5, 0.5, 2.0], dtype=L.float64)).tolist(),
    ],
    "relu6_hardtanh_of_integers": lambda L: [
        repr(L.nn.functional.relu6(L.tensor([1, 8, -2]))),
        repr(L.nn.functional.hardtanh(L.tensor([1, 8, 0, 3], dtype=L.uint8), 1.7, 2.9)),
        repr(L.nn.functional.threshold(L.tensor([1, 8, -2]), 2, 5)),
    ],
    "hyperbolic_of_integers": lambda L: [
        repr(L.sinh(L.tensor([0, 1]))),
        repr(L.tensor([180, -90]).deg2rad()),
        repr(L.exp2(L.tensor([3]))),
        repr(L.logit(L.tensor([0.0, 0.25, 1.0]), eps=1e-6)),
    ],
    "layer_norm_equal_values": lambda L: L.nn.functional.layer_norm(L.tensor([-1000.0] * 3), (3,)).tolist(),
    "std_of_equal_values_grad": lambda L: _grad_of(L, lambda L, x: x.std(), [2.0, 2.0, 2.0]),
    "std_dim_equal_row_grad": lambda L: _grad_of(
        L, lambda L, x: x.reshape(2, 2).std(dim=1), [2.0, 2.0, 1.0, 3.0]
    ),
    "arange_around_zero": lambda L: [repr(v) for v in L.arange(-8.0, 8.0, 0.1)[80:83].tolist()],
    "arange_float64": lambda L: [repr(v) for v in L.arange(-1.0, 1.0, 0.1, dtype=L.float64).tolist()],
    "arange_relu_grad_at_zero": lambda L: (lambda x: (L.relu(x).sum().backward(), x.grad[80].item())[1])(
        L.arange(-8.0, 8.0, 0.1, requires_grad=True)
    ),
    "relu_abs_grad_at_nan": lambda L: [
        _grad_of(L, lambda L, x: L.relu(x), [math.nan, 1.0]),
        _grad_of(L, lambda L, x: L.abs(x), [math.nan, -1.0]),
    ],
    "bce_grad_at_ends_float64": lambda L: (
        lambda p: (
            L.nn.functional.binary_cross_entropy(p, L.tensor([1.0, 0.0], dtype=L.float64)).backward(),
            [repr(v) for v in p.grad.tolist()],
        )[1]
    )(L.tensor([0.0, 1.0], dtype=L.float64, requires_grad=True)),
    "softplus_grad_far_left": lambda L: _grad_of(
        L, lambda L, x: L.nn.functional.softplus(x), [-100.0, -50.0]
    ),
    "gelu_tanh_at_minus_one": lambda L: repr(L.nn.functional.gelu(L.tensor([-1.0, 0.5]), approximate="tanh")),
    "floordiv_ints": lambda L: repr(L.tensor([7, -7, 5]) // 2),
    "floordiv_floats": lambda L: repr(L.tensor([7.5, -7.5]) // 2),
    "rfloordiv": lambda L: repr(7 // L.tensor([2, -3])),
    "mod_ints": lambda L: repr(L.tensor([7, -7]) % 3),
    "mod_floats": lambda L: repr(L.tensor([7.5, -7.5]) % 2),
    "mod_int_by_float": lambda L: repr(L.tensor([7, -7]) % 2.5),
    "rmod": lambda L: repr(7 % L.tensor([2, -3])),
    "div_modes_ints": lambda L: [
        repr(L.tensor([7, -7]).div(2, rounding_mode="trunc")),
        repr(L.div(L.tensor([7, -7]), 2, rounding_mode="floor")),
        repr(L.divide(L.tensor([7, -7]), 2)),
    ],
    "round_half_even": lambda L: repr(L.tensor([0.5, 1.5, 2.5, -0.5, -1.5])),
    "round_values": lambda L: repr(L.tensor([0.5, 1.5, 2.5, -0.5, -1.5]).round()),
    "round_ints": lambda L: repr(L.tensor([1, 2]).round()),
    "floor_ints": lambda L: repr(L.tensor([1, -2]).floor()),
    "sign_repr": lambda L: repr(L.tensor([-2.0, 0.0, 3.0], requires_grad=True).sign()),
    "sign_ints": lambda L: repr(L.tensor([-2, 0, 3]).sign()),
    "log1p_int": lambda L: repr(L.tensor([1, 2]).log1p()),
    "log1p_tiny": lambda L: L.tensor(1e-10, dtype=L.float64).log1p().item(),
    "expm1_tiny": lambda L: L.tensor(1e-10, dtype=L.float64).expm1().item(),
    "erfinv_edges": lambda L: repr(L.tensor([0.0, -0.0, 1.0, -1.0, 1.5, -2.0, math.nan, math.inf]).erfinv()),
    "erfinv_signed_zero": lambda L: [math.copysign(1, v) for v in L.tensor([0.0, -0.0]).erfinv().tolist()],
    "erfinv_ints": lambda L: repr(L.erfinv(L.tensor([0, 1, -1, 2]))),
    "erfinv_in_place": lambda L: repr(L.tensor([0.5, -0.25], dtype=L.float64).erfinv_()),
    "prod_ints": lambda L: repr(L.tensor([1, 2, 3]).prod()),
    "prod_grad_zeros": lambda L: _grads(L, lambda L, x: (x * L.tensor([1.0, 0.0, 0.0])).prod()),
    "prod_grad_one_zero": lambda L: _grads(L, lambda L, x: (x * L.tensor([1.0, 0.0, 1.0])).prod()),
    "std_repr": lambda L: repr(L.tensor([1.0, 2.0, 4.0]).std()),
    "std_bool_positional": lambda L: L.tensor([1.0, 2.0, 4.0]).std(False).item(),
    "var_mean": lambda L: [t.tolist() for t in L.var_mean(L.tensor([[1.0, 2.0], [4.0, 8.0]]), dim=1)],
    "std_mean": lambda L: [t.tolist() for t in L.std_mean(L.tensor([1.0, 2.0, 4.0]))],
    "cumsum_ints": lambda L: repr(L.tensor([1, 2, 3]).cumsum(0)),
    "cumsum_bool": lambda L: repr(L.tensor([True, False, True]).cumsum(0)),
    "logsumexp_large": lambda L: L.tensor([1000.0, 1000.0]).logsumexp(0).item(),
    "logsumexp_neg_inf": lambda L: L.tensor([-math.inf, -math.inf]).logsumexp(0).item(),
    "norm_repr": lambda L: repr(L.tensor([3.0, 4.0], requires_grad=True).norm()),
    "norm_zero_grad": lambda L: _grads(L, lambda L, x: (x * 0).norm()),
    "norm_inf_tie_grad": lambda L: (lambda x: (x.norm(p=math.inf).backward(), x.grad.tolist())[1])(
        L.tensor([1.0, -3.0, 3.0, 2.0], requires_grad=True)
    ),
    "norm_fro_dims": lambda L: L.norm(L.arange(6.0).reshape(2, 3), p="fro", dim=(0, 1)).item(),
    "matrix_norm_ord1": lambda L: L.linalg.norm(L.tensor([[1.0, -2.0], [3.0, 4.0]]), ord=1).item(),
    "matrix_norm_ord1_grad": lambda L: (lambda x: (L.linalg.norm(x, ord=1).backward(), x.grad.tolist())[1])(
        L.tensor([[1.0, -2.0], [3.0, 4.0]], requires_grad=True)
    ),
    "matrix_norm_inf_grad": lambda L: (
        lambda x: (L.linalg.norm(x, ord=math.inf).backward(), x.grad.tolist())[1]
    )(L.tensor([[1.0, -2.0], [3.0, 4.5]], requires_grad=True)),
    "any_all": lambda L: [
        repr(L.tensor([0.0, 1.0]).any()),
        repr(L.tensor([[True, False], [True, True]]).all(dim=1)),
        repr(L.any(L.tensor([0, 0]))),
        repr(L.all(L.tensor([[1.0, 0.0]]), dim=0)),
        repr(L.tensor([1.0, 2.0]).any(0, keepdim=True)),
    ],
    "isclose_allclose_equal": lambda L: [
        repr(L.isclose(L.tensor([1.0, 2.0]), L.tensor([1.0 + 1e-7, 2.1]))),
        L.allclose(L.tensor([1.0, 2.0]), L.tensor([1.0, 2.0 + 1e-6])),
        L.allclose(L.tensor([1.0, float("nan")]), L.tensor([1.0, float("nan")]), equal_nan=True),
        L.equal(L.tensor([1, 2]), L.tensor([1, 2])),
        L.equal(L.tensor([1, 2]), L.tensor([1, 3])),
        L.tensor([1.0]).allclose(L.tensor([1.1]), atol=0.2),
    ],
    "sort_indices": _sort_indices,
    "sort_repr": lambda L: repr(L.sort(L.tensor([3.0, 1.0, 2.0]), descending=True)),
    "topk_repr": lambda L: repr(L.tensor([1.0, 5.0, 3.0]).topk(2)),
    "topk_tuple": lambda L: [t.tolist() for t in L.topk(L.tensor([[1.0, 5.0, 3.0]]), 1)],
    "argsort_desc": lambda L: L.argsort(L.tensor([1.0, 5.0, 3.0]), descending=True).tolist(),
    "sort_nan": lambda L: L.tensor([2.0, float("nan"), 1.0]).sort().indices.tolist(),
    "chunk_shapes": _chunk_shapes,
    "split_shapes": lambda L: [list(p.shape) for p in L.arange(7).split(3)],
    "chunk_is_view": lambda L: (lambda x: (x.chunk(2)[0].add_(10), x.tolist())[1])(L.zeros(4)),
    "repeat_ints": lambda L: L.tensor([1, 2]).repeat(2, 2).tolist(),
    "expand_minus_one": lambda L: list(L.ones(3, 1).expand(-1, 4).shape),
    "masked_fill_ints": lambda L: repr(L.tensor([1, 2, 3]).masked_fill(L.tensor([True, False, True]), 0)),
    "scatter_add_counts": lambda L: L.zeros(3).scatter_add(0, L.tensor([0, 2, 2, 2]), L.ones(4)).tolist(),
    "gather_ce_pattern": lambda L: (lambda p: p.gather(1, L.tensor([1, 0]).unsqueeze(1)).squeeze(1).tolist())(
        L.tensor([[0.1, 0.9], [0.8, 0.2]])
    ),
    "flip_ints": lambda L: L.arange(6).reshape(2, 3).flip(1).tolist(),
    "tril_ones": lambda L: repr(L.tril(L.ones(3, 3))),
    "triu_mask": lambda L: repr(L.triu(L.ones(3, 3), diagonal=1).bool()),
    "diag_eye": lambda L: repr(L.diag(L.tensor([1.0, 2.0]))),
    "einsum_attention": lambda L: L.einsum(
        "bqd,bkd->bqk", L.arange(12.0).reshape(1, 3, 4), L.arange(8.0).reshape(1, 2, 4)
    ).tolist(),
    "outer_ints": lambda L: repr(L.outer(L.tensor([1, 2]), L.tensor([3, 4]))),
    "bmm_shape": lambda L: list(L.bmm(L.ones(4, 2, 3), L.ones(4, 3, 5)).shape),
    "contiguous_flags": lambda L: [
        L.ones(2, 3).is_contiguous(),
        L.ones(2, 3).t().is_contiguous(),
        L.ones(2, 3).t().contiguous().is_contiguous(),
        (lambda x: x.contiguous() is x)(L.ones(2)),
    ],
    "to_device": _to_device,
    "cuda_available": lambda L: [L.cuda.is_available(), L.cuda.device_count(), L.backends.mps.is_available()],
    "device_repr": lambda L: [
        repr(L.device("cpu")),
        str(L.device("cpu")),
        L.device("cpu") == L.device("cpu"),
        repr(L.device("cuda:1")),
        L.device("cpu") == "cpu",
    ],
    "set_default_device_cpu": lambda L: (L.set_default_device("cpu"), repr(L.ones(1)))[1],
    "to_copy_and_other": lambda L: [
        (lambda x: x.to(x.dtype, copy=True) is x)(L.ones(1)),
        repr(L.ones(1).to(L.tensor([1], dtype=L.float64))),
        repr(L.ones(1).to(dtype=L.int64)),
    ],
    "new_factories": _new_factories,
    "axis_keepdims": lambda L: [
        L.tensor([[1.0, 2.0], [3.0, 4.0]]).sum(axis=0).tolist(),
        L.tensor([[1.0, 2.0], [3.0, 4.0]]).mean(axis=1, keepdims=True).tolist(),
        L.argmax(L.tensor([[1.0, 2.0], [3.0, 0.0]]), axis=1).tolist(),
        L.tensor([[1.0, 2.0], [3.0, 4.0]]).std(axis=0).tolist(),
    ],
    "in_place_chain": lambda L: (lambda x: x.add_(1).mul_(2).clamp_(max=5.0).tolist())(
        L.tensor([0.0, 1.0, 2.0])
    ),
    "inplace_floor_": lambda L: repr(L.tensor([1.5, -1.5]).floor_()),
    "ifloordiv_imod": lambda L: (lambda x: (x.__ifloordiv__(2), repr(x))[1])(L.tensor([7, -7])),
    "no_grad_reference": _inference_like,
    # nn
    "one_hot": lambda L: [
        repr(L.nn.functional.one_hot(L.tensor([0, 2, 1]))),
        repr(L.nn.functional.one_hot(L.tensor([[0], [1]]), num_classes=3)),
    ],
    "batchnorm_running": _batchnorm_running,
    "layernorm_module": lambda L: _train_step(L, _fixed(L, L.nn.LayerNorm(3)), L.tensor([[1.0, 2.0, 4.0]])),
    "embedding_module": _embedding_module,
    "activation_modules": lambda L: [
        repr(m(L.tensor([-2.0, -0.5, 0.0, 1.5])))
        for m in (L.nn.LeakyReLU(0.2), L.nn.GELU(), L.nn.ELU(), L.nn.Softplus(), L.nn.SiLU())
    ],
    "leaky_relu_inplace_module": lambda L: (lambda x: (L.nn.LeakyReLU(0.5, inplace=True)(x), repr(x))[1])(
        L.tensor([-2.0, 3.0])
    ),
    "loss_modules": lambda L: [
        repr(loss(L.tensor([0.5, 2.0, -3.0], requires_grad=True), L.tensor([0.0, 0.0, 0.0])))
        for loss in (
            L.nn.L1Loss(),
            L.nn.SmoothL1Loss(),
            L.nn.HuberLoss(delta=2.0),
            L.nn.L1Loss(reduction="sum"),
        )
    ],
    "nll_loss_module": lambda L: repr(
        L.nn.NLLLoss()(L.tensor([[-0.5, -1.0], [-2.0, -0.1]], requires_grad=True), L.tensor([1, 0]))
    ),
    "forward_and_backward_hooks": _hooks,
    "backward_hook_replaces_grad": _backward_hook_replaces,
    "forward_hook_replaces_output": _forward_hook_replaces,
    "named_modules_apply": _named_modules_apply,
    "sequential_editing": _sequential_editing,
    "module_containers": _module_containers,
    "module_reprs": _module_reprs,
    "clip_grad": _clip,
    "module_list_editing": _module_list_editing,
    "module_dict_editing": _module_dict_editing,
    "parameter_vector": _parameter_vector,
    "tensor_split_flips_narrow": lambda L: [
        [p.tolist() for p in L.tensor_split(L.arange(7), 3)],
        [p.tolist() for p in L.arange(7).tensor_split([2, 5])],
        L.fliplr(L.arange(4).reshape(2, 2)).tolist(),
        L.arange(4).reshape(2, 2).flipud().tolist(),
        L.narrow(L.arange(6), 0, -2, 2).tolist(),
        L.roll(L.arange(6).reshape(2, 3), 1).tolist(),
        L.arange(6).reshape(2, 3).roll([1, 1], [0, 1]).tolist(),
    ],
    "logical_family": lambda L: [
        repr(L.logical_not(L.tensor([True, False]))),
        repr(L.logical_and(L.tensor([1, 0]), L.tensor([1, 1]))),
        repr(L.tensor([1, 0]).logical_or(L.tensor([0, 0]))),
        repr(L.logical_xor(L.tensor([True, True]), L.tensor([False, True]))),
        repr(L.isinf(L.tensor([1.0, float("inf")]))),
        repr(L.isnan(L.tensor([float("nan")]))),
        repr(L.isfinite(L.tensor([1.0, float("-inf")]))),
    ],
    "zero_dim_ordering": lambda L: [
        repr(L.tensor(2.0).sort()),
        repr(L.tensor(2.0).argsort()),
        repr(L.tensor(2.0).gather(0, L.tensor(0))),
        repr(L.tensor(3.0).cumsum(0)),
        repr(L.tensor(3.0).logsumexp(0)),
        repr(L.tensor(3.0).prod(0)),
    ],
    "masked_fill_zero_dim_value": lambda L: (
        L.ones(3).masked_fill(L.tensor([True, False, True]), L.tensor(5.0)).tolist()
    ),
    "norm_variants": lambda L: [
        L.tensor([3.0, -4.0]).norm(p=0).item(),
        L.tensor([3.0, -4.0]).norm(p=-math.inf).item(),
        L.linalg.norm(L.tensor([[1.0, -2.0], [3.0, 4.0]]), ord=-1).item(),
        L.linalg.norm(L.tensor([[1.0, -2.0], [3.0, 4.0]]), ord="fro", dim=(0, 1), keepdim=True).tolist(),
        L.linalg.norm(L.tensor([1.0, -2.0]), ord=3).item(),
        L.linalg.vector_norm(L.tensor([1.0, 2.0]), dtype=L.float64).dtype == L.float64,
    ],
    "cuda_module": lambda L: [L.cuda.is_initialized(), L.cuda.manual_seed(0), L.backends.mps.is_built()],
    "device_forms": lambda L: [
        repr(L.device("cpu", 0)),
        repr(L.device(L.device("cpu"))),
        str(L.device("cuda", 1)),
        hash(L.device("cpu")) == hash(L.device("cpu")),
        repr(L.zeros(1).new_zeros(1, device="cpu")),
    ],
    "rmsprop": lambda L: _trajectory(L, lambda p: L.optim.RMSprop(p, lr=0.01)),
    "rmsprop_momentum_centered": lambda L: _trajectory(
        L, lambda p: L.optim.RMSprop(p, lr=0.01, momentum=0.9, centered=True, weight_decay=0.1)
    ),
    "rmsprop_maximize": lambda L: _trajectory(L, lambda p: L.optim.RMSprop(p, alpha=0.9, maximize=True)),
    "adagrad": lambda L: _trajectory(L, lambda p: L.optim.Adagrad(p, lr=0.1)),
    "adagrad_decay": lambda L: _trajectory(
        L,
        lambda p: L.optim.Adagrad(p, lr=0.1, lr_decay=0.1, weight_decay=0.05, initial_accumulator_value=0.5),
    ),
    "adamw": lambda L: _trajectory(L, lambda p: L.optim.AdamW(p, lr=0.05)),
    "adamw_amsgrad": lambda L: _trajectory(
        L, lambda p: L.optim.AdamW(p, lr=0.05, weight_decay=0.5, amsgrad=True)
    ),
    "adagrad_state": lambda L: (lambda opt: [sorted(s) for s in opt.state.values()])(
        L.optim.Adagrad([L.nn.Parameter(L.ones(2))])
    ),
    "step_lr": lambda L: _schedule(L, lambda o: L.optim.lr_scheduler.StepLR(o, step_size=3, gamma=0.5)),
    "multistep_lr": lambda L: _schedule(
        L, lambda o: L.optim.lr_scheduler.MultiStepLR(o, [2, 5, 5], gamma=0.1)
    ),
    "exponential_lr": lambda L: _schedule(L, lambda o: L.optim.lr_scheduler.ExponentialLR(o, gamma=0.9)),
    "cosine_lr": lambda L: _schedule(
        L, lambda o: L.optim.lr_scheduler.CosineAnnealingLR(o, T_max=4), epochs=11
    ),
    "cosine_lr_eta_min": lambda L: _schedule(
        L, lambda o: L.optim.lr_scheduler.CosineAnnealingLR(o, T_max=3, eta_min=0.01), epochs=7
    ),
    "lambda_lr": lambda L: _schedule(L, lambda o: L.optim.lr_scheduler.LambdaLR(o, lambda e: 0.95**e)),
    "lambda_lr_per_group": lambda L: _schedule(
        L, lambda o: L.optim.lr_scheduler.LambdaLR(o, [lambda e: 1 / (e + 1), lambda e: e]), groups=2
    ),
    "save_load": _save_load,
    "save_load_state_dict": _save_load_state_dict,
    "save_load_file": _save_load_file,
    "save_load_optimizer": _save_load_optimizer,
    "load_refuses_pickled_module": _refuses_pickle,
    "load_weights_only_false": lambda L: repr(_round_trip(L, L.nn.Linear(2, 1), weights_only=False)),
    "post_accumulate_grad_hook": _post_accumulate,
    "inference_mode": _inference,
    "func_transforms": _func_transforms,
    "size_keyword": lambda L: [
        list(L.zeros(size=(2, 3)).shape),
        list(L.ones(size=[2]).shape),
        list(L.empty(size=(1, 2), dtype=L.float64).shape),
        repr(L.zeros(2, device="cpu")),
        repr(L.ones(1, device=L.device("cpu"))),
        repr(L.tensor([1.0], device="cpu")),
        repr(L.arange(2, device="cpu")),
        repr(L.zeros_like(L.ones(1), device="cpu")),
        repr(L.full((1,), 2.0, device="cpu")),
    ],
    "scheduler_state_dict": lambda L: (
        lambda opt: (
            lambda sched: (
                sched.step(),
                sched.step(),
                [sched.state_dict()["last_epoch"], sched.get_last_lr(), opt.param_groups[0]["lr"]],
            )[2]
        )(L.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5))
    )(L.optim.SGD([L.nn.Parameter(L.ones(1))], lr=1.0)),
    "scheduler_resume_cosine": lambda L: (
        lambda opt: (
            opt.param_groups[0].__setitem__("initial_lr", 1.0),
            L.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=4, last_epoch=1).get_last_lr(),
        )[1]
    )(L.optim.SGD([L.nn.Parameter(L.ones(1))], lr=0.5)),
    "scheduler_resume": lambda L: (
        lambda opt: (
            opt.param_groups[0].__setitem__("initial_lr", 1.0),
            L.optim.lr_scheduler.ExponentialLR(opt, gamma=0.5, last_epoch=2).get_last_lr(),
        )[1]
    )(L.optim.SGD([L.nn.Parameter(L.ones(1))], lr=1.0)),
    "vmap_out_of_tuple_and_dims": lambda L: [
        repr(L.func.vmap(lambda r: r * 2, out_dims=1)(L.arange(6.0).reshape(3, 2))),
        repr(L.func.vmap(lambda a, s: a * s, in_dims=(0, None))(L.ones(2, 2), 3.0)),
        repr(L.func.vmap(L.func.vmap(L.dot))(L.ones(2, 3, 2), L.ones(2, 3, 2))),
    ],
    "module_to_device": lambda L: repr(L.nn.Linear(1, 1).to("cpu").to(device="cpu").weight.device),
    # fmod: C's remainder (the dividend's sign, -0.0 kept), against remainder's Python rule
    "atan2_hypot_logaddexp": lambda L: [
        repr(L.atan2(L.tensor([1, -1]), L.tensor(2))),
        repr(L.tensor([0.0, -0.0, 1.0]).arctan2(L.tensor([-1.0, -1.0, 0.0], dtype=L.float64))),
        repr(L.hypot(L.tensor([3.0, 1e30]), L.tensor([4.0, 1e30]))),
        repr(L.logaddexp(L.tensor([1000.0, -float("inf")]), L.tensor([1000.0, -float("inf")]))),
        repr((lambda x: (x.hypot_(L.tensor(4.0)), x)[1])(L.tensor([3.0, 0.0]))),
        repr(L.atan2(L.tensor([1.0], requires_grad=True), L.tensor([2.0]))),
    ],
    "broadcast_to_swapaxes": lambda L: [
        repr(L.broadcast_to(L.tensor([1, 2]), (2, 2))),
        repr(L.tensor([[1.0], [2.0]]).broadcast_to([2, -1, 3]).shape),
        repr(L.swapdims(L.arange(6).reshape(2, 3), 0, 1)),
        repr(L.ones(2, requires_grad=True).broadcast_to(2, 2).grad_fn.name()),
    ],
    "addmm_values": lambda L: [
        repr(
            L.addmm(
                L.ones(2, 1, dtype=L.int64),
                L.ones(2, 2, dtype=L.int64),
                L.ones(2, 3, dtype=L.int64),
                beta=2,
                alpha=3,
            )
        ),
        repr(L.addmm(L.tensor([float("nan"), 1.0]), L.eye(2), L.ones(2, 2), beta=0)),
        repr(L.ones(2, requires_grad=True).addmm(L.ones(2, 2), L.ones(2, 2), alpha=0.5)),
    ],
    "xlogy_lerp_addcmul": lambda L: [
        repr(L.xlogy(L.tensor([0.0, 0.0, 2.0, float("nan")]), L.tensor([0.0, float("nan"), 0.0, 1.0]))),
        repr(L.xlogy(L.tensor([1, 2]), 2)),
        repr(L.xlogy(3, L.tensor([1.0, 2.0], dtype=L.float64))),
        repr(L.lerp(L.tensor([1.0, 2.0]), L.tensor([3.0, 5.0]), L.tensor(0.5, dtype=L.float64))),
        repr(L.lerp(L.tensor([1.0, -float("inf")]), L.tensor([1e38, 0.0]), 1.0)),
        repr(L.addcmul(L.tensor([1, 1]), L.tensor([2, 3]), L.tensor([4, 5]), value=2)),
        repr(L.addcmul(L.ones(2), L.ones(2, dtype=L.float64), L.ones(2))),
        repr(L.addcdiv(L.zeros(3), L.tensor([1.0, 0.0, -1.0]), L.tensor([0.0, 0.0, 0.0]), value=0.5)),
        repr(L.true_divide(L.tensor([1, 2]), 4)),
        repr((lambda x: (x.lerp_(L.tensor([4.0, 4.0]), 0.25), x)[1])(L.tensor([0.0, 8.0]))),
    ],
    "fmod_vs_remainder": lambda L: [
        repr(L.fmod(L.tensor([5.0, -5.0, -0.0, 0.0, 3.0]), L.tensor([3.0, 3.0, 2.0, -2.0, 0.0]))),
        repr(L.remainder(L.tensor([5.0, -5.0, -0.0]), 3)),
        repr(L.fmod(L.tensor([5, -5]), 3)),
        repr(L.tensor([5, -5]).fmod(2.5)),
        repr(L.fmod(L.tensor([5, -5], dtype=L.int32), L.tensor(3))),
        repr(L.fmod(L.tensor([True, False]), 2)),
        repr(L.fmod(L.tensor([float("inf"), 1.0, float("nan")]), float("inf"))),
        repr((lambda x: (x.fmod_(2), x)[1])(L.tensor([7.5, -7.5]))),
        repr(L.fmod(L.tensor([1.0], requires_grad=True), L.tensor([2.0]))),
    ],
    "nan_to_num_defaults_per_dtype": lambda L: (
        [
            repr(L.nan_to_num(L.tensor([1.0, float("nan"), float("inf"), -float("inf"), -0.0], dtype=d)))
            for d in (L.float16, L.float32, L.float64)
        ]
        + [
            repr(L.tensor([float("nan"), float("inf"), -float("inf")]).nan_to_num(2.0, posinf=1, neginf=-1)),
            repr(L.nan_to_num(L.tensor([float("inf")]), posinf=1e40)),
            repr(L.nan_to_num(L.tensor([1, 2]), nan=1.5)),
            repr(L.nan_to_num(L.tensor(float("nan")))),
            repr((lambda x: (L.nan_to_num_(x, 3.0), x)[1])(L.tensor([float("nan")]))),
            repr(L.nan_to_num(L.tensor([float("nan"), 1.0], requires_grad=True))),
        ]
    ),
    "repeat_interleave_forms": lambda L: [
        repr(L.tensor([1, 2]).repeat_interleave(2)),
        repr(L.repeat_interleave(L.tensor([[1, 2], [3, 4]]), L.tensor([1, 2]), dim=0)),
        repr(L.repeat_interleave(L.tensor([2, 3]))),
        repr(L.repeat_interleave(L.tensor([1, 2], dtype=L.int32))),
        repr(L.tensor([1, 2]).repeat_interleave(L.tensor([1, 2], dtype=L.int32))),
        repr(L.tensor([1, 2]).repeat_interleave(0)),
        repr(L.tensor([1, 2]).repeat_interleave(L.tensor([0, 2]))),
        repr(L.tensor(3.0).repeat_interleave(2)),
        repr(L.tensor(3.0).repeat_interleave(L.tensor(2))),
        repr(L.tensor([]).repeat_interleave(2)),
        repr(L.repeat_interleave(L.tensor([], dtype=L.long))),
        repr(L.tensor([[1, 2], [3, 4]]).repeat_interleave(L.tensor([3]), dim=1)),
        repr(L.tensor([[1, 2], [3, 4]]).repeat_interleave(2, dim=-1)),
        repr(L.repeat_interleave(L.tensor([1, 2]), repeats=2, dim=0)),
        repr(L.tensor([[1.0, 2.0]], requires_grad=True).repeat_interleave(2)),
        repr(L.tensor([[1.0, 2.0]], requires_grad=True).repeat_interleave(L.tensor([2, 1]), dim=1)),
    ],
    "kthvalue_forms": lambda L: [
        repr(L.tensor([3.0, 1.0, 4.0, 1.0, 5.0]).kthvalue(1)),
        repr(L.tensor([3.0, 1.0, 4.0, 1.0, 5.0, 1.0]).kthvalue(2)),
        repr(L.tensor(5.0).kthvalue(1)),
        repr(L.ones(0, 3).kthvalue(1)),
        repr(L.tensor([3, 1, 2]).kthvalue(2)),
        repr(L.tensor([1.0, float("nan"), 0.5]).kthvalue(3)),
        repr(L.kthvalue(L.tensor([[1.0, 5.0, 2.0], [0.0, -1.0, 3.0]]), 2, 0, True)),
        repr(L.kthvalue(L.tensor([[1.0, 5.0, 2.0], [0.0, -1.0, 3.0]]), k=2, dim=-1)),
        repr(
            L.tensor([[3.0, 1.0, 4.0], [1.0, 5.0, 9.0]], requires_grad=True).kthvalue(2, dim=1, keepdim=True)
        ),
        repr(tuple(L.tensor([3.0, 1.0, 2.0]).kthvalue(2))),
        type(L.tensor([3.0, 1.0, 2.0]).kthvalue(2)).__name__,
    ],
    "kthvalue_ties_pick_the_kernels_index": lambda L: [
        L.tensor([[2.0, 1.0, 2.0, 1.0, 1.0, 2.0, 0.0, 2.0]]).kthvalue(k).indices.tolist() for k in range(1, 9)
    ],
    "kthvalue_many_rows": lambda L: _kthvalue_many_rows(L),
    # more tied rows than 20 per value: they go through the quickselect in lockstep
    "kthvalue_many_tied_rows": lambda L: (
        [
            L.tensor([[(r * 7 + c * c * 3 + r // 5) % 4 for c in range(6)] for r in range(150)], dtype=dtype)
            .kthvalue(k, dim=1)
            .indices.tolist()
            for dtype in (L.float32, L.int64)
            for k in (1, 3, 6)
        ]
        + [
            L.tensor(
                [[float("nan") if (r + c) % 3 == 0 else float(c % 2) for c in range(5)] for r in range(120)]
            )
            .kthvalue(5)
            .indices.tolist()
        ]
    ),
    "inv_and_det_forms": lambda L: [
        repr(L.linalg.inv(L.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True))),
        repr(L.linalg.det(L.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True))),
        repr(L.det(L.tensor([[4.0, 7.0, 1.0], [2.0, 6.0, 0.0], [1.0, 1.0, 1.0]], dtype=L.float64))),
        repr(L.inverse(L.tensor([[2.0, 0.0], [0.0, 4.0]]))),
        repr(L.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]).det()),
        repr(L.tensor([[2.0, 1.0], [1.0, 3.0]], dtype=L.float64).inverse()),
        repr(L.linalg.det(L.ones(0, 0))),
        repr(L.linalg.inv(L.ones(0, 0))),
        repr(L.linalg.det(L.ones(2, 0, 0))),
        repr(L.linalg.inv(L.tensor([[[2.0, 1.0], [1.0, 3.0]], [[1.0, 0.0], [0.0, 2.0]]], dtype=L.float64))),
        [issubclass(L.linalg.LinAlgError, RuntimeError), L.linalg.LinAlgError.__name__],
    ],
    # singular in exact arithmetic, but the factorization's last pivot rounds to 1.1e-16, not
    # to 0: PyTorch inverts it (values near 4.5e15) rather than raise, and so must we
    "solve_forms": lambda L: [
        repr(L.linalg.solve(L.tensor([[2.0, 1.0], [1.0, 3.0]], requires_grad=True), L.tensor([1.0, 2.0]))),
        repr(L.linalg.solve(L.tensor([[2.0, 1.0], [1.0, 3.0]], dtype=L.float64), L.eye(2, dtype=L.float64))),
        repr(L.linalg.solve(L.tensor([[2.0, 1.0], [1.0, 3.0]]), L.tensor([[1.0, 2.0]]), left=False)),
        list(L.linalg.solve(L.eye(2).expand(4, 2, 2), L.ones(4, 2)).shape),
        list(L.linalg.solve(L.eye(2).expand(4, 2, 2), L.ones(2)).shape),
        # nearly singular: solved, not refused (the digits themselves are noise of the last bit)
        list(
            L.linalg.solve(
                L.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]], dtype=L.float64),
                L.ones(3, dtype=L.float64),
            ).shape
        ),
    ],
    "inv_nearly_singular_float64": lambda L: L.linalg.inv(
        L.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]], dtype=L.float64)
    ).tolist(),
    "det_gradient_of_singular_matrices": lambda L: (
        [
            (lambda A: (L.linalg.det(A).sum().backward(), A.grad.tolist())[1])(
                L.tensor(m, dtype=L.float64, requires_grad=True)
            )
            for m in ([[1.0, 1.0], [1.0, 1.0]], [[[2.0, 1.0], [4.0, 2.0]], [[1.0, 2.0], [3.0, 4.0]]])
        ]
        + [
            L.autograd.grad(L.linalg.det(A), A, create_graph=True)[0].tolist()
            for A in [L.tensor([[1.0, 1.0], [1.0, 1.0]], dtype=L.float64, requires_grad=True)]
        ]
    ),
    "index_put_forms": lambda L: [
        repr(L.zeros(4).index_put_((L.tensor([1, 3, 1]),), L.tensor([1.0, 5.0, 2.0]), accumulate=True)),
        repr(L.zeros(4).index_put_([L.tensor([1, 3])], L.tensor([1.0, 5.0]))),
        repr(L.zeros(4).index_put_((L.tensor([1, 3]),), L.tensor(7.0))),
        repr(L.zeros(3, 2).index_put_((L.tensor([0, 2]),), L.tensor([1.0, 2.0]), accumulate=True)),
        repr(
            L.zeros(3, 3).index_put_((L.tensor([0, 2, 0]), L.tensor([1, 1, 1])), L.tensor([1.0, 2, 3]), True)
        ),
        repr(L.zeros(4).index_put_((L.tensor([True, False, True, False]),), L.tensor(2.0))),
        repr(L.index_put(L.zeros(4), (L.tensor([0, 0]),), L.tensor([1.0, 2.0]), True)),
        repr(L.zeros(4).index_put((L.tensor([0, 0]),), L.tensor([1.0, 2.0]), accumulate=True)),
        repr(L.index_put_(L.zeros(2), (L.tensor([0, 0]),), L.tensor([1.0, 2.0]), True)),
        repr(L.zeros(3, dtype=L.int64).index_put_((L.tensor([0, 0]),), L.tensor([1, 2]), accumulate=True)),
        repr(L.zeros(4).index_put_((L.tensor([-1, -1]),), L.tensor([1.0, 2.0]), accumulate=True)),
        repr(L.zeros(4).index_put_((L.tensor([], dtype=L.long),), L.tensor([]))),
        repr((L.zeros(4, requires_grad=True) * 1).index_put_((L.tensor([1]),), L.tensor([2.0]), True)),
    ],
    "index_put_inside_the_graph": lambda L: _index_put_graph(L),
    "nansum_forms": lambda L: [
        repr(L.tensor([1.0, float("nan"), float("inf"), -float("inf")]).nansum()),
        repr(L.nansum(L.tensor([[1.0, float("nan")], [2.0, 3.0]]), dim=1, keepdim=True)),
        repr(L.nansum(L.tensor([[1, 2]]), 0)),
        repr(L.tensor([True, True]).nansum()),
        repr(L.nansum(L.tensor([]))),
        repr(L.tensor([float("nan"), 2.0], requires_grad=True).nansum()),
    ],
    "select_forms": lambda L: [
        repr(L.select(L.arange(6.0).reshape(2, 3), 1, -1)),
        repr(L.arange(6).reshape(2, 3).select(0, 1)),
        repr(L.ones(2, 3, requires_grad=True).select(-1, 0)),
    ],
    "movedim_forms": lambda L: [
        repr(L.movedim(L.arange(6.0).reshape(1, 2, 3), 0, -1)),
        list(L.arange(24).reshape(2, 3, 4).movedim((0, 1), (2, 0)).shape),
        list(L.moveaxis(L.ones(2, 3, 4), -1, 0).shape),
        repr(L.ones(2, 3, requires_grad=True).moveaxis(0, 1)),
    ],
    "cumprod_forms": lambda L: [
        repr(L.cumprod(L.arange(1, 5), 0)),
        repr(L.tensor([True, False, True]).cumprod(0)),
        repr(L.cumprod(L.tensor(2.5), -1)),
        repr(L.tensor([1.0, 2.0]).cumprod(dim=0, dtype=L.float64)),
        repr(L.tensor([[1.0, 2.0], [3.0, 0.0]], requires_grad=True).cumprod(-1)),
    ],
    "median_forms": lambda L: [
        repr(L.tensor([[1.0, 2.0, 2.0], [3.0, 3.0, 3.0]], requires_grad=True).median()),
        repr(L.tensor([[1.0, 2.0, 2.0], [3.0, 3.0, 3.0]], requires_grad=True).median(1)),
        repr(L.median(L.tensor([2.0, 1.0, 2.0, 1.0, 2.0, 1.0]), 0)),
        repr(L.tensor([0.0, -0.0, 0.0, -0.0]).median(0)),
        repr(L.tensor([[1, 3, 2, 2], [2, 3, 1, 2]]).median(dim=-1, keepdim=True)),
        repr(L.tensor([3.0, float("nan"), 1.0, float("nan")]).median(0)),
        repr(L.tensor([3.0, float("nan"), 1.0, float("nan")]).median()),
        repr(L.tensor([3.0, float("nan"), 1.0, float("nan")]).nanmedian(0)),
        repr(L.nanmedian(L.tensor([float("nan"), float("nan")]), 0)),
        repr(L.tensor([3.0, float("nan"), 1.0, float("nan")], requires_grad=True).nanmedian()),
        repr(L.tensor(2.0, requires_grad=True).median(0)),
        repr(L.tensor([]).median()),
    ],
    "median_gradients_share_ties_and_nan": lambda L: (
        [
            L.autograd.grad(x.median(), x)[0].tolist()
            for x in (
                L.tensor([[1.0, 2.0, 2.0], [3.0, 3.0, 3.0]], requires_grad=True),
                L.tensor([1.0, float("nan"), 2.0, float("nan")], requires_grad=True),
            )
        ]
        + [
            L.autograd.grad(x.nanmedian(), x)[0].tolist()
            for x in (
                L.tensor([1.0, float("nan"), 2.0, 1.0], requires_grad=True),
                L.tensor([float("nan"), float("nan")], requires_grad=True),
            )
        ]
    ),
}


def _index_put_graph(L):
    """Values and gradients of index_put_ with repeated positions, in place and out of place,
    accumulating or not, and through a view of a row."""
    out = []
    x = L.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
    v = L.tensor([10.0, 20.0, 30.0], requires_grad=True)
    for accumulate in (True, False):
        y = x * 1
        y.index_put_((L.tensor([1, 3, 1]),), v, accumulate=accumulate)
        (y * L.tensor([1.0, 2.0, 3.0, 4.0])).sum().backward()
        out += [repr(y), x.grad.tolist(), v.grad.tolist()]
        x.grad = v.grad = None
        z = L.index_put(x, (L.tensor([0, 0]),), v[:2] * 2, accumulate=accumulate)
        z.sum().backward()
        out += [repr(z), x.grad.tolist(), v.grad.tolist()]
        x.grad = v.grad = None
    b = L.zeros(2, 3, requires_grad=True) * 1
    row = b[0]
    row.index_put_((L.tensor([0, 0]),), L.tensor([1.0, 2.0]), accumulate=True)
    return out + [repr(b), repr(row)]


def _floordiv_backward(L):
    x = L.tensor([1.0, 2.0], requires_grad=True)
    (x // 2).sum().backward()


def _sign_grad_fn(L):
    return (L.tensor([1.0], requires_grad=True) // 2).grad_fn.name()


ERRORS = {
    "fmod_int_by_zero": lambda L: L.fmod(L.tensor([5, 3]), 0),
    "fmod_int_by_zero_tensor": lambda L: L.tensor([5, 3]).fmod(L.tensor([1, 0])),
    "fmod_number_first": lambda L: L.fmod(2, L.tensor([3.0])),
    "fmod_inplace_float_into_int": lambda L: L.tensor([5, 3]).fmod_(2.5),
    "fmod_shapes": lambda L: L.fmod(L.ones(2), L.ones(3)),
    "atan2_number_other": lambda L: L.atan2(L.tensor([1.0]), 2.0),
    "arctan2_number_input": lambda L: L.arctan2(2, L.tensor([1.0])),
    "atan2_inplace_into_int": lambda L: L.tensor([1, 2]).atan2_(L.tensor([1.0, 2.0])),
    "hypot_ints": lambda L: L.hypot(L.tensor([3, 5]), L.tensor([4, 12])),
    "hypot_shapes": lambda L: L.hypot(L.ones(2), L.ones(3)),
    "logaddexp_ints": lambda L: L.logaddexp(L.tensor([1]), L.tensor([True])),
    "logaddexp_number_other": lambda L: L.logaddexp(L.tensor([1.0]), 0.5),
    "broadcast_to_fewer_dims": lambda L: L.broadcast_to(L.ones(3, 1), (2,)),
    "broadcast_to_mismatch": lambda L: L.ones(3, 1).broadcast_to((2, 4)),
    "broadcast_to_sizes_apart": lambda L: L.broadcast_to(L.ones(2), 2, 2),
    "swapaxes_out_of_range": lambda L: L.ones(3, 1).swapaxes(0, 3),
    "addmm_shapes": lambda L: L.addmm(L.ones(3), L.ones(2, 4), L.ones(2, 4)),
    "addmm_input_shape": lambda L: L.addmm(L.ones(5), L.ones(2, 4), L.ones(4, 3)),
    "addmm_vector": lambda L: L.addmm(L.ones(3), L.ones(4), L.ones(4, 3)),
    "addmm_dtypes": lambda L: L.addmm(L.ones(3, dtype=L.float64), L.ones(2, 4), L.ones(4, 3)),
    "masked_select_int_mask": lambda L: L.masked_select(L.ones(3), L.tensor([1, 0, 1])),
    "masked_select_shapes": lambda L: L.masked_select(L.ones(3, 1), L.ones(2, 2, dtype=L.bool)),
    "take_along_dim_float_index": lambda L: L.take_along_dim(L.ones(2, 3), L.ones(2, 2), 1),
    "take_along_dim_ndim": lambda L: L.take_along_dim(L.ones(2, 3), L.tensor([0, 1]), 1),
    "take_along_dim_dim_range": lambda L: L.take_along_dim(L.ones(2, 3), L.tensor([[0]]), 2),
    "xlogy_two_numbers": lambda L: L.xlogy(2.0, 3.0),
    "lerp_end_dtype": lambda L: L.lerp(L.ones(2), L.ones(2, dtype=L.float64), 0.5),
    "lerp_weight_dtype": lambda L: L.lerp(L.ones(2), L.ones(2), L.ones(2, dtype=L.float64)),
    "lerp_ints": lambda L: L.lerp(L.tensor([1, 2]), L.tensor([3, 4]), 0.5),
    "lerp_number_end": lambda L: L.lerp(L.ones(2), 2.0, 0.5),
    "lerp_shapes": lambda L: L.lerp(L.ones(2), L.ones(3), 0.5),
    "addcmul_number": lambda L: L.addcmul(L.ones(2), L.ones(2), 2.0),
    "addcmul_shapes": lambda L: L.addcmul(L.ones(2), L.ones(3), L.ones(2)),
    "addcdiv_ints": lambda L: L.addcdiv(L.tensor([1]), L.tensor([2]), L.tensor([3])),
    "nan_to_num_inplace_leaf": lambda L: L.ones(2, requires_grad=True).nan_to_num_(),
    # the same matrix, transposed: its factorization meets an exactly zero pivot
    "inv_singular_transposed_123_float64": lambda L: L.linalg.inv(
        L.tensor([[1.0, 4.0, 7.0], [2.0, 5.0, 8.0], [3.0, 6.0, 9.0]], dtype=L.float64)
    ),
    "inv_singular_2x2_float64": lambda L: L.linalg.inv(L.tensor([[1.0, 2.0], [2.0, 4.0]], dtype=L.float64)),
    "solve_singular": lambda L: L.linalg.solve(L.ones(2, 2), L.ones(2)),
    "solve_singular_in_a_batch": lambda L: L.linalg.solve(L.stack([L.eye(2), L.ones(2, 2)]), L.ones(2, 2)),
    "solve_singular_transposed_123_float64": lambda L: L.linalg.solve(
        L.tensor([[1.0, 4.0, 7.0], [2.0, 5.0, 8.0], [3.0, 6.0, 9.0]], dtype=L.float64),
        L.ones(3, dtype=L.float64),
    ),
    "solve_integers": lambda L: L.linalg.solve(L.ones(2, 2, dtype=L.long), L.ones(2)),
    "solve_not_square": lambda L: L.linalg.solve(L.ones(2, 3), L.ones(2)),
    "solve_vector_a": lambda L: L.linalg.solve(L.ones(2), L.ones(2)),
    "solve_dtypes_differ": lambda L: L.linalg.solve(L.eye(2), L.ones(2, dtype=L.float64)),
    "solve_wrong_rows": lambda L: L.linalg.solve(L.eye(2), L.ones(3, 2)),
    "solve_wrong_vector": lambda L: L.linalg.solve(L.eye(2), L.ones(3)),
    "solve_right_wrong_columns": lambda L: L.linalg.solve(L.eye(2), L.ones(2, 3), left=False),
    "solve_right_vector": lambda L: L.linalg.solve(L.eye(2), L.ones(2), left=False),
    "solve_right_vector_1x1": lambda L: L.linalg.solve(L.tensor([[4.0]]), L.tensor([2.0]), left=False),
    "inv_singular": lambda L: L.linalg.inv(L.ones(2, 2)),
    "inv_singular_3x3_float32": lambda L: L.linalg.inv(
        L.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
    ),
    "inv_singular_zeros": lambda L: L.linalg.inv(L.zeros(3, 3)),
    "inv_singular_in_a_batch": lambda L: L.linalg.inv(L.stack([L.eye(3), L.ones(3, 3)])),
    "inverse_singular": lambda L: L.inverse(L.ones(2, 2)),
    "inverse_method_singular": lambda L: L.ones(2, 2).inverse(),
    "inv_not_square": lambda L: L.linalg.inv(L.ones(2, 3)),
    "det_not_square": lambda L: L.det(L.ones(2, 3)),
    "det_vector": lambda L: L.linalg.det(L.ones(3)),
    "inv_vector": lambda L: L.linalg.inv(L.ones(3)),
    "inv_integers": lambda L: L.linalg.inv(L.ones(2, 2, dtype=L.int64)),
    "det_integers": lambda L: L.det(L.ones(2, 2, dtype=L.int64)),
    "index_put_dtypes_differ": lambda L: L.zeros(4).index_put_((L.tensor([0]),), L.tensor([1])),
    "index_put_double_into_float": lambda L: L.zeros(4).index_put_(
        (L.tensor([0]),), L.tensor([1.0], dtype=L.float64)
    ),
    "index_put_indices_not_a_tuple": lambda L: L.zeros(4).index_put_(L.tensor([0]), L.tensor([1.0])),
    "index_put_fn_indices_not_a_tuple": lambda L: L.index_put(L.zeros(2), L.tensor([0]), L.tensor([1.0])),
    "index_put_float_index": lambda L: L.zeros(4).index_put_((L.tensor([0.0]),), L.tensor([1.0])),
    "index_put_out_of_bounds": lambda L: L.zeros(4).index_put_((L.tensor([5]),), L.tensor([1.0])),
    "index_put_shape_mismatch": lambda L: L.zeros(4).index_put_((L.tensor([0, 1]),), L.tensor([1.0, 2, 3])),
    "index_put_too_many_indices": lambda L: L.zeros(4).index_put_(
        (L.tensor([0]), L.tensor([0])), L.tensor([1.0])
    ),
    "index_put_leaf": lambda L: L.zeros(2, requires_grad=True).index_put_((L.tensor([0]),), L.tensor([1.0])),
    "kthvalue_k_zero": lambda L: L.tensor([1.0, 2.0]).kthvalue(0),
    "kthvalue_k_too_big": lambda L: L.tensor([[1.0, 2.0]]).kthvalue(3),
    "kthvalue_0d_k2": lambda L: L.tensor(5.0).kthvalue(2),
    "kthvalue_empty": lambda L: L.tensor([]).kthvalue(1),
    "kthvalue_bool": lambda L: L.tensor([True, False]).kthvalue(1),
    "kthvalue_bad_dim": lambda L: L.tensor([1.0, 2.0]).kthvalue(1, dim=1),
    "kthvalue_float_k": lambda L: L.tensor([1.0, 2.0]).kthvalue(1.5),
    "repeat_interleave_negative": lambda L: L.tensor([1, 2]).repeat_interleave(-1),
    "repeat_interleave_negative_counts": lambda L: L.tensor([1, 2]).repeat_interleave(L.tensor([1, -1])),
    "repeat_interleave_counts_length": lambda L: L.tensor([1, 2]).repeat_interleave(L.tensor([1, 2, 3])),
    "repeat_interleave_counts_2d": lambda L: L.tensor([1, 2]).repeat_interleave(L.tensor([[1, 2]])),
    "repeat_interleave_float_counts": lambda L: L.tensor([1, 2]).repeat_interleave(L.tensor([1.0, 2.0])),
    "repeat_interleave_index_2d": lambda L: L.repeat_interleave(L.tensor([[1, 2]])),
    "repeat_interleave_index_0d": lambda L: L.repeat_interleave(L.tensor(2)),
    "repeat_interleave_index_negative": lambda L: L.repeat_interleave(L.tensor([1, -2])),
    "repeat_interleave_bad_dim": lambda L: L.tensor([1, 2]).repeat_interleave(2, dim=1),
    "repeat_interleave_0d_dim": lambda L: L.tensor(3.0).repeat_interleave(2, dim=0),
    "repeat_interleave_output_size": lambda L: L.tensor([1, 2]).repeat_interleave(2, output_size=3),
    "repeat_interleave_output_size_counts": lambda L: L.tensor([1, 2]).repeat_interleave(
        L.tensor([1, 2]), output_size=4
    ),
    "repeat_interleave_float_repeats": lambda L: L.tensor([1, 2]).repeat_interleave(2.0),
    "repeat_interleave_list_repeats_fn": lambda L: L.repeat_interleave(L.tensor([1, 2]), [1, 2]),
    "requires_grad_false_on_non_leaf": lambda L: (L.tensor([1.0], requires_grad=True) * 2).requires_grad_(
        False
    ),
    "requires_grad_attribute_on_non_leaf": lambda L: setattr(
        L.tensor([1.0], requires_grad=True) * 2, "requires_grad", True
    ),
    "cross_entropy_with_n_by_1_target": lambda L: L.nn.functional.cross_entropy(
        L.zeros(4, 3), L.tensor([[0], [1], [2], [0]])
    ),
    "bincount_negative": lambda L: L.bincount(L.tensor([-1, 2])),
    "bincount_2d": lambda L: L.bincount(L.tensor([[1, 2]])),
    "bincount_float": lambda L: L.bincount(L.tensor([1.0, 2.0])),
    "zeros_size_twice": lambda L: L.zeros(2, size=(3,)),
    "arange_zero_step": lambda L: L.arange(0.0, 1.0, 0.0),
    "arange_wrong_sign": lambda L: L.arange(0, 5, -1),
    "vmap_non_tensor_output": lambda L: L.func.vmap(lambda r: 1.0)(L.ones(2)),
    "scheduler_resume_without_initial_lr": lambda L: L.optim.lr_scheduler.StepLR(
        L.optim.SGD([L.nn.Parameter(L.ones(1))], lr=1.0), 1, last_epoch=3
    ),
    "zeros_on_cuda": lambda L: L.zeros(2, device="cuda"),
    "tensor_on_cuda": lambda L: L.tensor([1.0], device="cuda"),
    "arange_on_cuda": lambda L: L.arange(3, device="cuda"),
    "ones_like_on_cuda": lambda L: L.ones_like(L.ones(1), device="cuda"),
    "zeros_unknown_keyword": lambda L: L.zeros(2, colour="red"),
    "optimizer_load_wrong_groups": lambda L: L.optim.SGD([L.nn.Parameter(L.ones(1))], lr=0.1).load_state_dict(
        {"state": {}, "param_groups": []}
    ),
    "vmap_sizes_differ": lambda L: L.func.vmap(L.add)(L.ones(2), L.ones(3)),
    "post_hook_non_leaf": lambda L: (L.ones(1, requires_grad=True) * 2).register_post_accumulate_grad_hook(
        print
    ),
    "rmsprop_bad_alpha": lambda L: L.optim.RMSprop([L.nn.Parameter(L.ones(1))], alpha=-1),
    "rmsprop_bad_lr": lambda L: L.optim.RMSprop([L.nn.Parameter(L.ones(1))], lr=-1),
    "adagrad_bad_decay": lambda L: L.optim.Adagrad([L.nn.Parameter(L.ones(1))], lr_decay=-1),
    "adagrad_bad_eps": lambda L: L.optim.Adagrad([L.nn.Parameter(L.ones(1))], eps=-1),
    "scheduler_not_optimizer": lambda L: L.optim.lr_scheduler.StepLR(object(), 1),
    "lambda_lr_count": lambda L: L.optim.lr_scheduler.LambdaLR(
        L.optim.SGD([L.nn.Parameter(L.ones(1))], lr=0.1), [lambda e: 1, lambda e: 2]
    ),
    "cuda_synchronize": lambda L: L.cuda.synchronize(),
    "cuda_current_device": lambda L: L.cuda.current_device(),
    "cuda_device_name": lambda L: L.cuda.get_device_name(),
    "module_to_cuda": lambda L: L.nn.Linear(1, 1).to("cuda"),
    "zeros_like_on_cuda": lambda L: L.ones(1).new_ones(2, device="cuda"),
    "to_bad_argument": lambda L: L.ones(1).to([1]),
    "device_index_only": lambda L: L.ones(1).to(0),
    "module_list_index": lambda L: L.nn.ModuleList([L.nn.ReLU()])[2],
    "gather_float_index": lambda L: L.ones(2).gather(0, L.tensor([0.0])),
    "index_select_2d": lambda L: L.ones(3).index_select(0, L.tensor([[0, 1]])),
    "softshrink_negative_lambda": lambda L: L.nn.functional.softshrink(L.tensor([1.0]), -1.0),
    "softshrink_negative_lambda_float64": lambda L: L.nn.functional.softshrink(
        L.tensor([1.0], dtype=L.float64), -0.25
    ),
    "hardsigmoid_of_integers": lambda L: L.nn.functional.hardsigmoid(L.tensor([1, 2])),
    "hardswish_of_bools": lambda L: L.nn.functional.hardswish(L.tensor([True])),
    "celu_of_integers": lambda L: L.nn.functional.celu(L.tensor([1, 2])),
    "celu_top_level_has_no_inplace": lambda L: L.celu(L.ones(2), inplace=True),
    "selu_top_level_has_no_inplace": lambda L: L.selu(L.ones(2), inplace=True),
    "celu_top_level_third_argument": lambda L: L.celu(L.ones(2), 1.0, True),
    "glu_of_a_scalar": lambda L: L.nn.functional.glu(L.tensor(1.0)),
    "glu_odd_size": lambda L: L.nn.functional.glu(L.ones(2, 3)),
    "glu_dim_out_of_range": lambda L: L.nn.functional.glu(L.ones(2, 4), 2),
    "glu_of_integers": lambda L: L.nn.functional.glu(L.ones(2, 4, dtype=L.long)),
    "relu6_of_bools": lambda L: L.nn.functional.relu6(L.tensor([True])),
    "threshold_without_value": lambda L: L.nn.functional.threshold(L.tensor([1.0]), 0.5),
    "one_hot_negative": lambda L: L.nn.functional.one_hot(L.tensor([0, -1])),
    "one_hot_too_big": lambda L: L.nn.functional.one_hot(L.tensor([0, 3]), 2),
    "one_hot_float": lambda L: L.nn.functional.one_hot(L.tensor([0.0, 1.0])),
    "embedding_out_of_range": lambda L: L.nn.Embedding(3, 2)(L.tensor([3])),
    "layer_norm_bad_shape": lambda L: L.nn.functional.layer_norm(L.ones(2, 3), (4,)),
    "batch_norm_one_value": lambda L: L.nn.BatchNorm1d(3)(L.ones(1, 3)),
    "sequential_index": lambda L: L.nn.Sequential(L.nn.ReLU())[3],
    "gelu_bad_approximate": lambda L: L.nn.functional.gelu(L.ones(1), approximate="fast"),
    "floordiv_backward": _floordiv_backward,
    "rmod_backward": lambda L: (3 % L.tensor([1.0, 2.0], requires_grad=True)).sum().backward(),
    "div_bad_mode": lambda L: L.tensor([1.0]).div(2, rounding_mode="round"),
    "std_int": lambda L: L.tensor([1, 2]).std(),
    "norm_int": lambda L: L.tensor([1, 2]).norm(),
    "linalg_norm_3d_ord": lambda L: L.linalg.norm(L.ones(2, 2, 2), ord=2),
    "gather_int32_index": lambda L: L.ones(2, 2).gather(1, L.tensor([[0], [1]], dtype=L.int32)).tolist(),
    "gather_out_of_range": lambda L: L.ones(2, 2).gather(1, L.tensor([[0], [2]])),
    "index_select_2d_index": lambda L: L.ones(2, 2).index_select(0, L.tensor([[0]])),
    "masked_fill_float_mask": lambda L: L.ones(2).masked_fill(L.tensor([1.0, 0.0]), 0.0),
    "masked_fill_vector_value": lambda L: L.ones(2).masked_fill(
        L.tensor([True, False]), L.tensor([1.0, 2.0])
    ),
    "repeat_too_few": lambda L: L.ones(2, 2).repeat(2),
    "split_bad_sizes": lambda L: L.ones(5).split([2, 2]),
    "chunk_zero": lambda L: L.ones(5).chunk(0),
    "topk_too_big": lambda L: L.ones(3).topk(4),
    "bmm_2d": lambda L: L.bmm(L.ones(2, 2), L.ones(2, 2)),
    "bmm_mismatch": lambda L: L.bmm(L.ones(2, 2, 3), L.ones(2, 2, 3)),
    "to_cuda": lambda L: L.ones(1).to("cuda"),
    "cuda_method": lambda L: L.ones(1).cuda(),
    "bad_device": lambda L: L.device("gpu"),
    "isclose_dtypes": lambda L: L.isclose(L.tensor([1.0]), L.tensor([1.0], dtype=L.float64)),
    "fill_vector_value": lambda L: L.ones(2).fill_(L.tensor([1.0, 2.0])),
    "inplace_relu_leaf": lambda L: L.ones(2, requires_grad=True).relu_(),
    "round_decimals_int": lambda L: L.tensor([1, 2]).round(decimals=1),
    "diag_3d": lambda L: L.diag(L.ones(2, 2, 2)),
    "floordiv_grad_fn": _sign_grad_fn,
    # a number or a list where a tensor belongs (a reader used to math.exp)
    "exp_of_a_float": lambda L: L.exp(2.0),
    "tanh_of_a_list": lambda L: L.tanh([0.5, 1.0]),
    "sigmoid_of_an_int": lambda L: L.sigmoid(3),
    "log1p_of_a_float": lambda L: L.log1p(0.5),
    "functional_relu_of_a_float": lambda L: L.nn.functional.relu(-1.0),
    "neg_of_a_float": lambda L: L.neg(1.5),
    "select_index_out_of_range": lambda L: L.ones(2, 3, 4).select(1, 3),
    "select_negative_index_out_of_range": lambda L: L.select(L.ones(2, 3, 4), -2, -4),
    "select_dim_out_of_range": lambda L: L.ones(2, 3).select(2, 0),
    "select_of_0d": lambda L: L.tensor(1.0).select(0, 0),
    "movedim_lengths_differ": lambda L: L.ones(2, 3).movedim((0, 1), (1,)),
    "movedim_repeated_source": lambda L: L.movedim(L.ones(2, 3), (0, 0), (0, 1)),
    "movedim_repeated_destination": lambda L: L.ones(2, 3).moveaxis((0, 1), (1, -1)),
    "movedim_dim_out_of_range": lambda L: L.ones(2, 3).movedim(0, 2),
    "cumprod_dim_out_of_range": lambda L: L.ones(2, 3).cumprod(2),
    "cumprod_dim_of_0d": lambda L: L.cumprod(L.tensor(1.0), 1),
    "median_empty_dim": lambda L: L.ones(2, 0).median(1),
    "nanmedian_empty_dim": lambda L: L.nanmedian(L.tensor([]), 0),
    "median_dim_out_of_range": lambda L: L.ones(2, 3).median(2),
    "median_of_bool": lambda L: L.tensor([True]).median(),
    "median_dim_of_bool": lambda L: L.tensor([True]).median(0),
}

# NumPy's names, signs and NaN-ignoring extremes (their differentiable forms are op cases)
VALUES.update(
    {
        "aliases_record_the_original_node": lambda L: (
            [
                repr(f(L.tensor([0.5, -0.25], requires_grad=True)))
                for f in (L.arcsin, L.arccos, L.arctan, L.arcsinh, L.absolute, lambda x: x.arctanh())
            ]
            + [repr(L.arccosh(L.tensor([1.5], requires_grad=True))), repr(L.absolute(L.tensor([-2, 3])))]
        ),
        "alias_in_place": lambda L: [
            repr(L.arcsin_(L.tensor([0.5, -0.25]))),
            repr(L.tensor([-1.5, 2.0]).absolute_()),
            repr(L.tensor([0.5]).arccos_()),
            hasattr(L, "absolute_"),
        ],
        "sgn_and_signbit": lambda L: [
            repr(L.sgn(L.tensor([2.5, -0.0, 0.0, -3.0, float("nan"), -float("inf")]))),
            repr(L.tensor([3, -2, 0]).sgn()),
            repr(L.sgn(L.tensor([True, False]))),
            repr(L.signbit(L.tensor([-0.0, 0.0, -1.5, float("-inf"), float("nan"), -float("nan")]))),
            repr(L.tensor([-2, 0, 5]).signbit()),
            repr(L.signbit(L.tensor([True, False]))),
            repr(L.tensor([1.5, -2.0], requires_grad=True).sgn()),
        ],
        "frac_values": lambda L: [
            repr(L.frac(L.tensor([2.75, -2.75, -0.0, 1e10 + 0.5, -0.5], dtype=L.float64))),
            repr(L.tensor([3.25, -1.5], requires_grad=True).frac()),
        ],
        "copysign_values": lambda L: [
            repr(L.copysign(L.tensor([1.0, -2.0, 3.0, 0.0]), L.tensor([-0.0, 0.0, -1.0, -5.0]))),
            repr(L.copysign(L.tensor([1, -2]), -3)),
            repr(L.copysign(L.tensor([1, -2]), L.tensor([2, -1]))),
            repr(L.tensor([1.5, 2.0]).copysign(L.tensor([-1.0, 1.0], dtype=L.float64))),
            repr(L.copysign(L.tensor([2.0, -3.0], requires_grad=True), 1)),
        ],
        "copysign_gradient_at_zero": lambda L: (
            lambda x, y: (L.copysign(x, y).sum().backward(), [x.grad.tolist(), y.grad.tolist()])[1]
        )(L.tensor([0.0, -2.0, 3.0], requires_grad=True), L.tensor([-1.0, 1.0, -1.0], requires_grad=True)),
        "fmax_fmin_values": lambda L: [
            repr(
                L.fmax(
                    L.tensor([1.0, float("nan"), float("nan"), 2.0]),
                    L.tensor([float("nan"), 3.0, float("nan"), 1.0]),
                )
            ),
            repr(
                L.fmin(
                    L.tensor([1.0, float("nan"), float("nan"), 2.0]),
                    L.tensor([float("nan"), 3.0, float("nan"), 1.0]),
                )
            ),
            repr(L.fmax(L.tensor([1, 5]), L.tensor([3, 2]))),
            repr(L.tensor([1, 5]).fmin(L.tensor([3.5, 2.0]))),
        ],
        "fmax_fmin_gradients_at_ties_and_nan": lambda L: [
            (lambda a, b: (op(a, b).sum().backward(), [a.grad.tolist(), b.grad.tolist()])[1])(
                L.tensor([1.0, 2.0, float("nan"), 4.0, float("nan")], requires_grad=True),
                L.tensor([1.0, 3.0, 1.0, float("nan"), float("nan")], requires_grad=True),
            )
            for op in (L.fmax, L.fmin)
        ],
        "logaddexp2_values": lambda L: [
            repr(
                L.logaddexp2(
                    L.tensor([0.0, 100.0, -float("inf"), float("inf")]),
                    L.tensor([0.0, 1.0, -float("inf"), float("inf")]),
                )
            ),
            repr(L.tensor([1.0], dtype=L.float64).logaddexp2(L.tensor([3.0], dtype=L.float64))),
        ],
        "rsub_values": lambda L: [
            repr(L.rsub(L.tensor([1, 2]), L.tensor([10, 20]), alpha=3)),
            repr(L.rsub(L.tensor([1, 2]), 1.5)),
            repr(L.rsub(L.tensor([1.0, 2.0]), 5, alpha=2)),
            repr(L.rsub(L.tensor([1.0], requires_grad=True), L.tensor([4.0]))),
            L.rsub(L.tensor([1.0, 2.0], requires_grad=True), L.tensor([4.0]), alpha=2).grad_fn._saved_alpha,
        ],
        "positive_is_the_tensor": lambda L: (
            lambda x: [L.positive(x) is x, x.positive() is x, (+x) is x, repr(L.positive(L.tensor([1, -2])))]
        )(L.tensor([1.0, -2.0], requires_grad=True)),
        "row_stack_clamp_square_in_place": lambda L: [
            repr(L.row_stack([L.tensor([1.0, 2.0]), L.tensor([[3.0, 4.0]])])),
            (lambda x: [L.clamp_(x, min=-1.0, max=1.5) is x, repr(x)])(L.tensor([-3.0, 0.5, 2.0])),
            (lambda x: [L.square_(x) is x, repr(x)])(L.tensor([-3.0, 0.5])),
        ],
    }
)
ERRORS.update(
    {
        "arcsin_of_a_float": lambda L: L.arcsin(0.5),
        "absolute_of_a_list": lambda L: L.absolute([1.0]),
        "frac_of_integers": lambda L: L.frac(L.tensor([3, 4])),
        "frac_of_bools": lambda L: L.tensor([True]).frac(),
        "sgn_of_a_float": lambda L: L.sgn(1.0),
        "copysign_number_first": lambda L: L.copysign(2.0, L.tensor([1.0])),
        "copysign_shapes": lambda L: L.copysign(L.ones(2), L.ones(3)),
        "copysign_in_place_into_ints": lambda L: L.tensor([1, 2]).copysign_(L.tensor([-1.0, 1.0])),
        "fmax_number_other": lambda L: L.fmax(L.tensor([1.0]), 2.0),
        "fmin_number_input": lambda L: L.fmin(2.0, L.tensor([1.0])),
        "fmax_shapes": lambda L: L.fmax(L.ones(2), L.ones(3)),
        "logaddexp2_ints": lambda L: L.logaddexp2(L.tensor([1]), L.tensor([2])),
        "logaddexp2_number_other": lambda L: L.logaddexp2(L.tensor([1.0]), 2.0),
        "rsub_number_first": lambda L: L.rsub(2, L.tensor([1.0])),
        "rsub_bools": lambda L: L.rsub(L.tensor([True]), L.tensor([False])),
        "rsub_bool_and_number": lambda L: L.rsub(L.tensor([True]), 1),
        "rsub_shapes": lambda L: L.rsub(L.ones(2), L.ones(3)),
        "positive_of_bools": lambda L: L.positive(L.tensor([True])),
        "unary_plus_of_bools": lambda L: +L.tensor([True]),
        "row_stack_of_a_tensor": lambda L: L.row_stack(L.ones(2)),
        "row_stack_of_nothing": lambda L: L.row_stack([]),
    }
)

# differences, cross products, running extremes, means without NaN
VALUES.update(
    {
        "diff_values": lambda L: [
            repr(L.diff(L.tensor([1, 4, 9, 16]))),
            repr(L.diff(L.tensor([True, False, False, True]))),
            repr(L.tensor([[1.0, 3.0, 2.0], [0.0, 5.0, 5.0]]).diff(n=5)),
            (lambda x: [L.diff(x, n=0) is x, repr(L.diff(x, n=0)), repr(L.diff(x * 2, n=0).grad_fn)[:14]])(
                L.ones(3, requires_grad=True)
            ),
            repr(L.diff(L.tensor([[1.0, 3.0]]), dim=0, append=L.tensor([[2.0, 2.0]], dtype=L.float64))),
            repr(L.diff(L.tensor([1.0, 2.0], requires_grad=True), prepend=L.tensor([0.5]))),
        ],
        "cross_values": lambda L: [
            repr(L.cross(L.tensor([1, 0, 0]), L.tensor([0, 1, 0]), dim=0)),
            repr(L.linalg.cross(L.tensor([[1.0, 2.0, 3.0]]), L.tensor([[4.0, 5.0, 6.0], [0.0, 0.0, 1.0]]))),
            repr(L.tensor([[1.0, 0.0, 0.0]], requires_grad=True).cross(L.tensor([[0.0, 0.0, 1.0]]), dim=1)),
            L.linalg.cross(L.ones(2, 3, requires_grad=True), L.ones(2, 3)).grad_fn._saved_dim,
        ],
        "cummax_cummin_values": lambda L: [
            repr(L.cummax(L.tensor([[1.0, 3.0, 2.0], [0.0, 5.0, 5.0]]), 1)),
            repr(L.tensor([3, 1, 1, 2, 0]).cummin(0)),
            repr(L.cummax(L.tensor([1.0, float("nan"), 2.0, float("nan"), 0.0]), 0)),
            repr(L.cummin(L.tensor(2.0, requires_grad=True), 0)),
            [t.tolist() for t in L.cummax(L.tensor([[2.0, 1.0], [2.0, 3.0]]), dim=-2)],
        ],
        "cummax_gradient_goes_to_the_index": lambda L: (
            lambda x: (L.cummax(x, 0).values.sum().backward(), x.grad.tolist())[1]
        )(L.tensor([1.0, 3.0, 3.0, 2.0, float("nan"), 5.0], requires_grad=True)),
        "nanmean_values": lambda L: [
            repr(L.nanmean(L.tensor([1.0, float("nan"), 3.0]))),
            repr(L.tensor([[float("nan"), float("nan")], [1.0, float("nan")]]).nanmean(dim=1)),
            repr(L.nanmean(L.tensor([[1.0, 2.0], [3.0, float("nan")]], requires_grad=True), 0, True)),
            repr(L.nanmean(L.tensor(float("nan"), dtype=L.float64))),
        ],
    }
)
ERRORS.update(
    {
        "diff_of_0d": lambda L: L.diff(L.tensor(1.0)),
        "diff_negative_order": lambda L: L.ones(3).diff(n=-1),
        "diff_prepend_dims": lambda L: L.diff(L.ones(2, 3), prepend=L.ones(2)),
        "diff_prepend_number": lambda L: L.diff(L.ones(3), prepend=0.5),
        "diff_dim_out_of_range": lambda L: L.diff(L.ones(2, 3), dim=2),
        "diff_prepend_shape": lambda L: L.diff(L.ones(2, 3), dim=1, prepend=L.ones(3, 1)),
        "cross_ndim_differ": lambda L: L.cross(L.ones(2, 3), L.ones(3), dim=1),
        "cross_length_not_3": lambda L: L.cross(L.ones(2, 4), L.ones(2, 4), dim=1),
        "cross_length_differs": lambda L: L.linalg.cross(L.ones(2, 3), L.ones(2, 4)),
        "cross_dtypes": lambda L: L.cross(L.ones(2, 3), L.ones(2, 3, dtype=L.float64), dim=1),
        "cross_dim_out_of_range": lambda L: L.cross(L.ones(2, 3), L.ones(2, 3), dim=2),
        "cross_batch_shapes": lambda L: L.linalg.cross(L.ones(2, 3), L.ones(4, 3)),
        "cummax_dim_out_of_range": lambda L: L.cummax(L.ones(2, 3), 2),
        "cummin_of_0d_dim_1": lambda L: L.tensor(1.0).cummin(1),
        "nanmean_of_integers": lambda L: L.nanmean(L.tensor([1, 2])),
    }
)


# F.pad, the losses PyTorch composes and their modules
def _losses_of_modules(L):
    nn = L.nn
    a = L.tensor([[0.5, -1.2, 0.3], [1.5, 0.2, -0.7]], dtype=L.float64)
    b = L.tensor([[0.1, 0.4, -0.2], [0.3, -0.9, 0.8]], dtype=L.float64)
    signs = L.tensor([[1.0, -1.0, 1.0], [-1.0, 1.0, 1.0]], dtype=L.float64)
    sign_rows = L.tensor([1.0, -1.0], dtype=L.float64)
    results = [
        [repr(m) for m in (nn.KLDivLoss(reduction="batchmean", log_target=True), nn.MarginRankingLoss(0.5))],
        nn.KLDivLoss(reduction="batchmean")(a.log_softmax(1), b.softmax(1)).item(),
        nn.MarginRankingLoss(margin=0.2)(a, b, signs).item(),
        nn.HingeEmbeddingLoss(margin=0.8, reduction="sum")(a, signs).item(),
        nn.SoftMarginLoss()(a, signs).item(),
        nn.CosineEmbeddingLoss(margin=0.1)(a, b, sign_rows).item(),
        nn.PoissonNLLLoss(full=True)(a, b.abs() + 1).item(),
        nn.GaussianNLLLoss(full=True)(a, b, sign_rows.abs() * 2).item(),
        nn.TripletMarginLoss(margin=2.0, swap=True)(a, b, a * 2).item(),
        nn.PairwiseDistance(p=1.0, keepdim=True)(a, b).flatten().tolist(),
    ]
    # rounded: float64 sums in another order may differ in the last bit
    numbers = [round(v, 12) for v in results[1:-1]] + [[round(v, 12) for v in results[-1]]]
    return [results[0], *numbers, repr(nn.PairwiseDistance()), repr(nn.TripletMarginLoss())]


VALUES.update(
    {
        "pad_values": lambda L: [
            repr(L.nn.functional.pad(L.tensor([[1, 2], [3, 4]]), (1, 0, 0, 1), value=2.5)),
            repr(L.nn.functional.pad(L.arange(6.0).reshape(1, 2, 3), (2, 1), mode="reflect")),
            repr(L.nn.functional.pad(L.arange(6).reshape(2, 3), (1, 2), mode="replicate")),
            repr(L.nn.functional.pad(L.arange(6.0, requires_grad=True).reshape(2, 3), [1, -2])),
            repr(L.nn.functional.pad(L.ones(2, requires_grad=True), (1, 1), mode="constant", value=None)),
            L.nn.functional.pad(
                L.ones(1, 2, 3, requires_grad=True), (1, 2), mode="reflect"
            ).grad_fn._saved_padding,
            L.nn.functional.pad(L.ones(2, 3, requires_grad=True), (1, 2, 0, 1)).grad_fn._saved_pad,
        ],
        "pad_modules": lambda L: (
            [
                repr(m)
                for m in (
                    L.nn.ZeroPad2d(1),
                    L.nn.ZeroPad1d((1, 2)),
                    L.nn.ConstantPad1d((1, 2), 3.5),
                    L.nn.ConstantPad2d(1, -1.0),
                    L.nn.ReflectionPad1d(2),
                    L.nn.ReflectionPad2d((1, 0, 2, 0)),
                    L.nn.ReplicationPad1d(1),
                    L.nn.ReplicationPad3d(1),
                )
            ]
            + [
                repr(L.nn.ZeroPad2d((1, 0, 0, 1))(L.ones(1, 2, 2))),
                repr(L.nn.ConstantPad1d(1, 3.5)(L.ones(1, 2))),
                repr(L.nn.ReflectionPad2d(1)(L.arange(9.0).reshape(1, 3, 3))),
                repr(L.nn.ReplicationPad1d((0, 2))(L.arange(3.0).reshape(1, 3))),
            ]
        ),
        "losses_of_modules": _losses_of_modules,
        "kl_div_of_zero_target": lambda L: [
            repr(L.nn.functional.kl_div(L.tensor([-1.0, -2.0]), L.tensor([0.0, 1.0]), reduction="sum")),
            repr(L.nn.functional.kl_div(L.tensor(-1.0), L.tensor(0.5), reduction="batchmean")),
        ],
    }
)
ERRORS.update(
    {
        "pad_odd_length": lambda L: L.nn.functional.pad(L.ones(2, 3), (1,)),
        "pad_too_long": lambda L: L.nn.functional.pad(L.ones(2, 3), (1, 1, 1, 1, 1, 1)),
        "pad_float_amount": lambda L: L.nn.functional.pad(L.ones(2, 3), (1.5, 1)),
        "pad_unknown_mode": lambda L: L.nn.functional.pad(L.ones(1, 2, 3), (1, 1), mode="foo"),
        "pad_reflect_too_wide": lambda L: L.nn.functional.pad(L.ones(1, 2, 3), (3, 3), mode="reflect"),
        "pad_reflect_too_high": lambda L: L.nn.functional.pad(
            L.ones(1, 2, 3, 4), (0, 0, 3, 0), mode="reflect"
        ),
        "pad_reflect_value": lambda L: L.nn.functional.pad(
            L.ones(1, 2, 3), (1, 1), mode="reflect", value=2.0
        ),
        "pad_reflect_1d_input": lambda L: L.nn.functional.pad(L.ones(3), (1, 1), mode="reflect"),
        "pad_replicate_size_6_of_3d": lambda L: L.nn.functional.pad(
            L.ones(1, 2, 3), (1,) * 6, mode="replicate"
        ),
        "pad_crop_too_much": lambda L: L.nn.functional.pad(L.ones(2, 3), (-4, 1)),
        "kl_div_bad_reduction": lambda L: L.nn.functional.kl_div(L.ones(2), L.ones(2), reduction="avg"),
        "kl_div_integers": lambda L: L.nn.functional.kl_div(L.ones(2), L.tensor([1, 0]), reduction="sum"),
        "margin_ranking_dims": lambda L: L.nn.functional.margin_ranking_loss(
            L.ones(2), L.ones(2), L.ones(1, 2)
        ),
        "margin_ranking_bad_reduction": lambda L: L.nn.functional.margin_ranking_loss(
            L.ones(2), L.ones(2), L.ones(2), reduction="avg"
        ),
        "cosine_embedding_2d_target": lambda L: L.nn.functional.cosine_embedding_loss(
            L.ones(2, 3), L.ones(2, 3), L.ones(2, 1)
        ),
        "cosine_embedding_1d_inputs": lambda L: L.nn.functional.cosine_embedding_loss(
            L.ones(3), L.ones(3), L.ones(2)
        ),
        "cosine_embedding_0d_target": lambda L: L.nn.functional.cosine_embedding_loss(
            L.ones(2, 3), L.ones(2, 3), L.tensor(1.0)
        ),
        "triplet_margin_not_positive": lambda L: L.nn.functional.triplet_margin_loss(
            L.ones(2, 3), L.ones(2, 3), L.ones(2, 3), margin=0.0
        ),
        "triplet_dims": lambda L: L.nn.functional.triplet_margin_loss(L.ones(2, 3), L.ones(3), L.ones(2, 3)),
        "gaussian_negative_var": lambda L: L.nn.functional.gaussian_nll_loss(
            L.ones(2), L.ones(2), L.tensor([1.0, -1.0])
        ),
        "gaussian_negative_float_var": lambda L: L.nn.functional.gaussian_nll_loss(
            L.ones(2), L.ones(2), -1.0
        ),
        "gaussian_var_size": lambda L: L.nn.functional.gaussian_nll_loss(
            L.ones(2, 3), L.ones(2, 3), L.ones(3, 2)
        ),
        "gaussian_bad_reduction": lambda L: L.nn.functional.gaussian_nll_loss(
            L.ones(2), L.ones(2), L.ones(2), reduction="avg"
        ),
        "poisson_bad_reduction": lambda L: L.nn.functional.poisson_nll_loss(
            L.ones(2), L.ones(2), reduction="avg"
        ),
        "soft_margin_target_requires_grad": lambda L: L.nn.functional.soft_margin_loss(
            L.ones(2), L.ones(2, requires_grad=True)
        ),
    }
)

# at least n dims, stacking, splitting, searching and index grids
VALUES.update(
    {
        "atleast_forms": lambda L: [
            repr(L.atleast_1d(L.tensor(2.0), L.tensor([1.0]))),
            repr(L.atleast_2d([L.tensor(2.0), L.ones(2)])),
            repr(L.atleast_3d(L.tensor(1.5, requires_grad=True))),
            [list(t.shape) for t in L.atleast_3d(L.ones(2), L.ones(2, 3), L.ones(1, 2, 3, 4))],
            (lambda x: L.atleast_2d(x) is x)(L.ones(2, 2)),
        ],
        "dstack_column_stack": lambda L: [
            repr(L.dstack([L.tensor([1, 2]), L.tensor([3, 4])])),
            repr(L.column_stack([L.tensor([1.0, 2.0]), L.tensor([[3.0, 4.0], [5.0, 6.0]])])),
            repr(L.column_stack([L.tensor(1), L.tensor(2)])),
        ],
        "hsplit_vsplit_dsplit": lambda L: [
            repr(L.hsplit(L.arange(6.0).reshape(2, 3), 3)),
            repr(L.arange(6).hsplit([2, 5])),
            repr(L.vsplit(L.arange(6.0).reshape(3, 2), [1, 2])),
            [list(t.shape) for t in L.arange(8.0).reshape(1, 2, 4).dsplit(2)],
        ],
        "searchsorted_bucketize": lambda L: [
            repr(
                L.searchsorted(
                    L.tensor([[1, 3, 5, 7, 9], [2, 4, 6, 8, 10]]), L.tensor([[3, 6, 9], [3, 6, 9]])
                )
            ),
            repr(
                L.searchsorted(
                    L.tensor([1.0, 2.0, 3.0]),
                    L.tensor([2.0, float("nan"), 0.5]),
                    side="right",
                    out_int32=True,
                )
            ),
            repr(L.searchsorted(L.tensor([1.0, 2.0, 3.0]), 2.5)),
            repr(L.searchsorted(L.tensor([3.0, 1.0, 2.0]), L.tensor([2.5]), sorter=L.tensor([1, 2, 0]))),
            repr(L.bucketize(L.tensor([[1, 5], [9, 3]]), L.tensor([1, 3, 5, 7, 9]), right=True)),
            repr(L.bucketize(3, L.tensor([1, 3, 5]))),
        ],
        "triangle_indices_and_logspace": lambda L: [
            repr(L.tril_indices(3, 4, 1)),
            repr(L.triu_indices(3, 3, -1)),
            repr(L.tril_indices(3, 3, dtype=L.int32)),
            repr(L.triu_indices(0, 3)),
            repr(L.logspace(0, 2, 5)),
            L.logspace(0, 3, 7).tolist(),
            repr(L.logspace(-1, 1, 3, base=2, dtype=L.float64)),
            repr(L.logspace(0, 1, 1, requires_grad=True)),
        ],
    }
)
ERRORS.update(
    {
        "hsplit_not_divisible": lambda L: L.hsplit(L.ones(2, 3), 2),
        "hsplit_of_0d": lambda L: L.hsplit(L.tensor(1.0), 1),
        "hsplit_zero_sections": lambda L: L.hsplit(L.ones(2, 3), 0),
        "vsplit_of_a_vector": lambda L: L.vsplit(L.ones(3), 1),
        "dsplit_of_a_matrix": lambda L: L.ones(2, 2).dsplit(1),
        "dstack_of_nothing": lambda L: L.dstack([]),
        "column_stack_of_nothing": lambda L: L.column_stack([]),
        "dstack_of_a_tensor": lambda L: L.dstack(L.ones(2)),
        "searchsorted_shapes": lambda L: L.searchsorted(L.ones(2, 5), L.ones(3, 1)),
        "searchsorted_side_and_right": lambda L: L.searchsorted(
            L.ones(3), L.ones(2), side="left", right=True
        ),
        "searchsorted_bad_side": lambda L: L.searchsorted(L.ones(3), L.ones(2), side="middle"),
        "bucketize_2d_boundaries": lambda L: L.bucketize(L.ones(2), L.ones(2, 2)),
        "tril_indices_float": lambda L: L.tril_indices(3, 3, dtype=L.float32),
        "triu_indices_negative_row": lambda L: L.triu_indices(-1, 3),
        "tril_indices_negative_col": lambda L: L.tril_indices(2, -3),
    }
)

# running log-sum-exp and PReLU
VALUES.update(
    {
        "logcumsumexp_values": lambda L: [
            repr(L.logcumsumexp(L.tensor([[0.5, -1.0, 2.0], [1e3, 1e3, -5.0]], dtype=L.float64), -1)),
            repr(L.logcumsumexp(L.tensor(2.0, requires_grad=True), 0)),
            repr(L.tensor([-float("inf"), 0.0, float("inf")]).logcumsumexp(0)),
        ],
        "prelu_values": lambda L: [
            repr(L.nn.PReLU()),
            repr(L.nn.PReLU(3, init=0.1)),
            list(L.nn.PReLU(2).state_dict()),
            repr(L.prelu(L.tensor([-1.0, 2.0]), L.tensor([0.5]))),
            repr(L.nn.functional.prelu(L.tensor([[-1.0, 2.0]], requires_grad=True), L.tensor(0.5))),
            (lambda m, x: (m(x).sum().backward(), m.weight.grad.tolist())[1])(
                L.nn.PReLU(2), L.tensor([[[-1.0, 2.0], [3.0, -4.0]]])
            ),
        ],
    }
)
ERRORS.update(
    {
        "logcumsumexp_of_integers": lambda L: L.logcumsumexp(L.tensor([1, 2]), 0),
        "logcumsumexp_dim_out_of_range": lambda L: L.ones(2, 3).logcumsumexp(2),
        "prelu_dtypes": lambda L: L.prelu(L.ones(2), L.ones(1, dtype=L.float64)),
        "prelu_channels": lambda L: L.nn.functional.prelu(L.ones(2, 3), L.ones(2)),
        "prelu_weight_2d": lambda L: L.prelu(L.ones(2, 1), L.ones(1, 1)),
        "prelu_0d_input": lambda L: L.prelu(L.tensor(1.0), L.ones(2)),
    }
)

# addmv, addr, baddbmm, addbmm
VALUES.update(
    {
        "scaled_products": lambda L: [
            repr(L.addmv(L.tensor([1, 2]), L.tensor([[1, 2], [3, 4]]), L.tensor([1, 1]), beta=2, alpha=3)),
            repr(L.addmv(L.tensor([1, 2]), L.tensor([[1, 2], [3, 4]]), L.tensor([1, 1]), beta=0.5)),
            repr(L.addr(L.ones(2, 4), L.ones(2), L.ones(4, dtype=L.float64))),
            repr(L.addr(L.zeros(2, 2), L.tensor([1.0, 2.0]), L.tensor([3.0, 4.0]), beta=0, alpha=2)),
            repr(L.addmv(L.tensor([float("nan")]), L.ones(1, 2), L.ones(2), beta=0)),
            list(L.baddbmm(L.ones(2, 2), L.ones(3, 2, 4), L.ones(3, 4, 2)).shape),
            repr(L.addbmm(L.zeros(2, 2), L.ones(3, 2, 4), L.ones(3, 4, 2), alpha=0.5)),
            (lambda x: [x.addmv_(L.ones(2, 3), L.ones(3)) is x, repr(x)])(L.zeros(2)),
            (
                lambda r: [
                    r.grad_fn._saved_alpha,
                    r.grad_fn._saved_beta,
                    r.grad_fn._saved_batch1_sym_argsize_0,
                ]
            )(L.addbmm(L.ones(2, 2), L.ones(3, 2, 4, requires_grad=True), L.ones(3, 4, 2), beta=0.5)),
        ],
    }
)
ERRORS.update(
    {
        "addmv_size_mismatch": lambda L: L.addmv(L.ones(3), L.ones(2, 3), L.ones(3)),
        "addmv_vec_size": lambda L: L.addmv(L.ones(2), L.ones(2, 3), L.ones(4)),
        "addmv_mat_3d": lambda L: L.addmv(L.ones(2), L.ones(2, 3, 1), L.ones(3)),
        "addmv_dtypes": lambda L: L.addmv(L.ones(2), L.ones(2, 3), L.ones(3, dtype=L.float64)),
        "addr_vec_2d": lambda L: L.addr(L.ones(2, 4), L.ones(2, 1), L.ones(4)),
        "addr_input_shape": lambda L: L.addr(L.ones(3, 4), L.ones(2), L.ones(4)),
        "baddbmm_batch_sizes": lambda L: L.baddbmm(L.ones(2, 2, 2), L.ones(2, 2, 3), L.ones(2, 4, 2)),
        "baddbmm_input_shape": lambda L: L.baddbmm(L.ones(3, 2, 2), L.ones(2, 2, 3), L.ones(2, 3, 2)),
        "baddbmm_2d": lambda L: L.baddbmm(L.ones(2, 2), L.ones(2, 3), L.ones(3, 2)),
        "addbmm_sizes": lambda L: L.addbmm(L.ones(2, 2), L.ones(2, 2, 3), L.ones(2, 4, 2)),
        "addbmm_input_shape": lambda L: L.addbmm(L.ones(3, 2), L.ones(2, 2, 3), L.ones(2, 3, 2)),
    }
)

# tensordot, inner, kron
VALUES.update(
    {
        "tensordot_inner_kron": lambda L: [
            repr(L.tensordot(L.arange(6.0).reshape(2, 3), L.arange(12.0).reshape(3, 4), dims=1)),
            repr(L.tensordot(L.arange(6).reshape(2, 3), L.arange(6).reshape(2, 3))),
            repr(L.tensordot(L.ones(2, 3), L.ones(4), dims=0).shape),
            repr(L.inner(L.tensor([1.0, 2.0]), L.tensor([3.0, 4.0], requires_grad=True))),
            repr(L.inner(L.tensor(2.0), L.tensor([3.0, 4.0]))),
            repr(L.kron(L.tensor([[1, 2], [3, 4]]), L.tensor([[0, 1], [1, 0]]))),
            repr(L.tensor([1.0, 2.0]).kron(L.ones(2, 2))),
        ],
    }
)
ERRORS.update(
    {
        "tensordot_sizes": lambda L: L.tensordot(L.ones(2, 3), L.ones(4, 3), dims=([1], [0])),
        "tensordot_list_lengths": lambda L: L.tensordot(L.ones(2, 3), L.ones(3), dims=([1, 0], [0])),
        "tensordot_dtypes": lambda L: L.tensordot(L.ones(2, 3), L.ones(3, dtype=L.float64), dims=1),
        "tensordot_negative_dims": lambda L: L.tensordot(L.ones(2, 3), L.ones(3, 2), dims=-1),
        "tensordot_too_many_dims": lambda L: L.tensordot(L.ones(2, 3), L.ones(3, 2), dims=3),
        "inner_last_dims": lambda L: L.inner(L.ones(2, 3), L.ones(4)),
    }
)


def _backward_through_in_place(L, name, shift):
    """``name_`` on a tensor that needs a gradient, then backward: PyTorch records the
    in-place variant's node and refuses to differentiate it."""
    y = L.tensor([0.5, 0.7], requires_grad=True) * 2 + shift
    getattr(y, name)()
    return repr(y), y.sum().backward()


# PyTorch's in-place asinh_/acosh_/atanh_ record *Backward1, whose backward is not implemented
ERRORS.update(
    {
        f"{name}_backward": lambda L, name=name, shift=shift: _backward_through_in_place(L, name, shift)
        for name, shift in (("asinh_", 0), ("acosh_", 1), ("atanh_", -0.5), ("arcsinh_", 0))
    }
)

# torch.distributions has its own module of cases, recorded with these
VALUES.update(distribution_cases.VALUES)
ERRORS.update(distribution_cases.ERRORS)
