"""Seeded random-number cases, each a function of the module ``T`` (``torch`` or ``pyautograd``).

Every case seeds, draws a SEQUENCE of things and returns them as plain data, so a case checks
both the numbers and the order in which PyTorch consumes its generator. ``make_random_golden.py``
records PyTorch's answers in ``golden/random.json``; ``core/test_random_vs_torch.py`` compares
pyautograd with that file everywhere and with live torch where it is installed.
"""

from __future__ import annotations

import itertools

# seeds: zero, small, above 2**32 (only the low 32 bits seed the twister), negative, extremes
SEEDS = [0, 1, 42, 2**32 + 5, -1, -(2**63), 2**64 - 1, 123456789012345]
# sizes on both sides of PyTorch's vectorised-normal threshold (16) and of its 16-element blocks
SIZES = [1, 2, 3, 15, 16, 17, 31, 32, 33, 100]


def plain(value):
    """Tensors become (dtype name, shape, values); containers recurse."""
    if hasattr(value, "tolist") and hasattr(value, "dtype"):
        return [repr(value.dtype).split(".")[-1], list(value.shape), value.tolist()]
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def _seeded(seed, draw):
    def case(T):
        T.manual_seed(seed)
        return plain(draw(T))

    return case


def _state_roundtrip(T):
    T.manual_seed(5)
    T.randn(3)  # leaves a cached normal in the generator: the state must carry it
    state = T.get_rng_state()
    first = [T.randn(3), T.rand(2)]
    T.set_rng_state(state)
    return plain([first, T.randn(3), T.rand(2), list(state.shape), state[:8]])


def _generator_object(T):
    g = T.Generator().manual_seed(7)
    h = T.Generator()
    return plain(
        [
            T.rand(3, generator=g),
            T.randn(4, generator=g),
            T.randint(0, 9, (3,), generator=g),
            T.randperm(5, generator=g),
            T.empty(3).normal_(generator=g),
            g.initial_seed(),
            h.initial_seed(),
            T.rand(2, generator=h),
        ]
    )


def _fork(T):
    T.manual_seed(3)
    with T.random.fork_rng():
        T.rand(5)
    return plain([T.rand(2), T.initial_seed()])


def _init_functions(T):
    init = T.nn.init
    w = T.empty(6, 5)
    out = []
    for fill in (
        lambda: init.uniform_(w, -0.5, 2.0),
        lambda: init.normal_(w, 0.3, 1.7),
        lambda: init.kaiming_uniform_(w),
        lambda: init.kaiming_uniform_(w, a=0.1, mode="fan_out", nonlinearity="relu"),
        lambda: init.kaiming_normal_(w),
        lambda: init.kaiming_normal_(w, mode="fan_out"),
        lambda: init.xavier_uniform_(w),
        lambda: init.xavier_uniform_(w, gain=init.calculate_gain("tanh")),
        lambda: init.xavier_normal_(w),
        lambda: init.normal_(T.empty(40), -1.0, 0.25),
    ):
        out.append(fill().clone())
    return plain(out)


def _trunc_normal(T):
    """Both of PyTorch 2.13's rejection samplers: fresh normals while [a, b] holds more than 30%
    of the mass, else uniform proposals kept by a log-uniform test; views fill in memory order."""
    init = T.nn.init
    out = []
    for make, args in (
        (lambda: T.empty(6, 5), ()),
        (lambda: T.empty(40, 30), (0.0, 0.02)),
        (lambda: T.empty(7), (0.5, 1.0, -1.0, 1.0)),
        (lambda: T.empty(20, 30).t(), (0.0, 1.0, -0.5, 0.5)),
        (lambda: T.empty(50), (0.3, 1.0, -0.1, 0.1)),
        (lambda: T.empty(33, dtype=T.float64), (0.0, 1.0, 0.5, 3.0)),
        (lambda: T.empty(9, 8)[:, ::2], (0.0, 1.0, 1.5, 4.0)),
    ):
        out.append(init.trunc_normal_(make(), *args).clone())
    out.append(T.rand(2))
    return plain(out)


def _layers(T):
    nn = T.nn
    return plain(
        [
            nn.Linear(3, 2).weight.detach(),
            nn.Linear(3, 2).bias.detach(),
            nn.Linear(20, 30).weight.detach(),
            nn.Linear(4, 1, bias=False).weight.detach(),
            nn.Linear(2, 2, dtype=T.float64).weight.detach(),
        ]
    )


def _dropout(T):
    F = T.nn.functional
    x = T.randn(4, 5, requires_grad=True)
    y = F.dropout(x, 0.3)
    y.sum().backward()
    layer = T.nn.Dropout(0.5)
    first = layer(T.ones(20))
    layer.eval()
    z = T.ones(6)
    F.dropout(z, 0.2, inplace=True)
    return plain(
        [
            y.detach(),
            x.grad,
            first,
            layer(T.ones(3)),
            F.dropout(T.ones(3, dtype=T.float64), 0.7),
            F.dropout(T.ones(2), 1.0),
            z,
            T.rand(2),
        ]
    )


def _sequence(T):
    """Mixed calls: the cached normal from randn(3) must feed the next small normal draw."""
    return [
        T.randn(3),
        T.randn(1),
        T.rand(2),
        T.randn(17),
        T.randn(5, dtype=T.float64),
        T.randint(0, 100, (4,)),
        T.randn(2),
        T.randperm(7),
        T.empty(3).normal_(),
        T.rand(1),
    ]


def _normal_forms(T):
    return [
        T.normal(T.zeros(3), T.ones(3) * 2),
        T.normal(2.0, 3.0, size=(2,)),
        T.normal(2.0, 3.0, (20,)),
        T.normal(T.arange(20.0).reshape(4, 5), 0.5),
        T.normal(1.0, T.full((3,), 0.1, dtype=T.float64)),
        T.empty(4).normal_(0.5, 2.0),
        T.empty(20, dtype=T.float64).normal_(-1.0, 0.3),
    ]


def _views(T):
    """Filling a transposed view: PyTorch walks memory order, not the view's order."""
    a, b = T.empty(3, 4).t(), T.empty(3, 20).t()
    a.uniform_()
    b.normal_()
    return [a, b]


def _like_layouts(T):
    """``*_like`` keeps a transposed or permuted input's memory order (preserve_format) and is
    contiguous for an expanded one, so random fills of the result walk memory as PyTorch's."""
    out = []
    for make in (
        lambda: T.ones(4, 5).t(),
        lambda: T.ones(2, 3, 4).permute(2, 0, 1),
        lambda: T.ones(6, 8)[:, ::2],
        lambda: T.ones(3).expand(2, 3),
        lambda: T.ones(1, 20).expand(3, 20),
    ):
        out += [
            T.empty_like(make()).normal_(),
            T.zeros_like(make()).uniform_(),
            T.ones_like(make()).normal_(),
        ]
    return out


def _integers(T):
    return [
        T.randint(10, (5,)),
        T.randint(-5, 5, (2, 3)),
        T.randint(0, 2**33, (4,)),
        T.randint(-(2**40), 2**40, (3,)),
        T.randint(3, 10, (2,), dtype=T.float32),
        T.randint(0, 7, (3,), dtype=T.int32),
        T.randint_like(T.ones(2, 2), 5),
        T.randint_like(T.ones(3), 2, 9),
        T.empty(4, dtype=T.int64).random_(),
        T.empty(4, dtype=T.int32).random_(),
        T.empty(4).random_(),
        T.empty(4, dtype=T.float64).random_(),
        T.empty(4, dtype=T.bool).random_(),
        T.empty(4, dtype=T.uint8).random_(),
        T.empty(3, dtype=T.int64).random_(5, 9),
        T.empty(3).random_(4),
    ]


def _random_from(T):
    """``random_(from, None)``: from ``from`` up to the largest number the dtype holds exactly
    (int32 draws 64-bit words there, unlike ``random_()``)."""
    dtypes = ("float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8")
    out = [T.empty(5, dtype=getattr(T, d)).random_(low, None) for d in dtypes for low in (0, 5, 100)]
    out += [T.empty(5, dtype=getattr(T, d)).random_(-3, None) for d in dtypes if d != "uint8"]
    out += [T.empty(6, dtype=T.bool).random_(0, None), T.empty(4, dtype=T.bool).random_(1, None), T.rand(2)]
    return out


def _permutations(T):
    return [T.randperm(n) for n in (0, 1, 2, 5, 10, 100, 1000)] + [T.randperm(4, dtype=T.float32)]


def _other_distributions(T):
    p = T.tensor([[0.1, 0.5, 0.9, 0.3], [0.0, 1.0, 0.5, 0.25]])
    return [
        T.bernoulli(p),
        T.bernoulli(p.double()),
        T.bernoulli(p, 0.3),
        T.empty(30).bernoulli_(0.6),
        T.empty(5).bernoulli_(T.full((5,), 0.5)),
        p.bernoulli(),
        T.empty(50).exponential_(),
        T.empty(20, dtype=T.float64).exponential_(2.5),
        T.empty(20).uniform_(-0.3, 0.7),
        T.empty(20, dtype=T.float64).uniform_(2.5, 7.0),
        T.rand_like(T.ones(2, 3)),
        T.randn_like(T.ones(20, dtype=T.float64)),
    ]


def _multinomial(T):
    w = T.tensor([[0.1, 0.2, 0.7, 0.05, 0.3], [1.0, 0.0, 2.0, 3.0, 0.5]])
    return [
        T.multinomial(w, 1),
        T.multinomial(w, 1, replacement=True),
        T.multinomial(w, 3),
        T.multinomial(w, 5),
        T.multinomial(w, 8, replacement=True),
        T.multinomial(w[0].double(), 4, replacement=True),
        T.multinomial(w[1], 2),
        w.multinomial(2),
    ]


def _multinomial_ties(T):
    """More categories asked for than have a non-zero weight: the zero keys tie, and PyTorch's
    top-k (nth_element + sort, or partial_sort when k * 64 <= n) decides their order."""
    w = T.tensor([0.0, 0.2, 0.0, 0.0, 0.5, 0.0, 0.1, 0.0])
    wide = T.zeros(40, dtype=T.float64)
    wide[[3, 17, 30]] = T.tensor([1.0, 2.0, 0.5], dtype=T.float64)
    huge = T.zeros(1000)
    huge[[5, 500]] = 1.0
    rows = T.tensor([[0.0, 1.0, 0.0, 0.0, 0.0], [0.3, 0.0, 0.0, 0.7, 0.0]])
    return [
        T.multinomial(w, 8),
        T.multinomial(w, 5),
        T.multinomial(T.tensor([1.0, 0.0, 0.0]), 3),
        T.multinomial(wide, 40),
        T.multinomial(wide, 25),
        T.multinomial(huge, 10),
        T.multinomial(rows, 4),
        T.rand(1),
    ]


def _data_splits(T):
    data = T.utils.data
    g = T.Generator().manual_seed(3)
    return [
        [list(s.indices) for s in data.random_split(range(10), [3, 7])],
        [list(s.indices) for s in data.random_split(range(11), [0.5, 0.3, 0.2])],
        [list(s.indices) for s in data.random_split(range(7), [0.25, 0.75], generator=g)],
        list(data.WeightedRandomSampler([0.1, 0.9, 0.4, 0.0], 12)),
        list(data.WeightedRandomSampler([1.0, 2.0, 0.0, 3.0], 4, replacement=False, generator=g)),
        list(data.WeightedRandomSampler([0.5, 0.5], 1)),
        T.rand(1),
    ]


CASES = {}
for _seed, _size, _dtype in itertools.product(SEEDS, SIZES, ("float32", "float64")):
    CASES[f"randn_{_dtype}_{_size}_seed{_seed}"] = _seeded(
        _seed, lambda T, n=_size, d=_dtype: [T.randn(n, dtype=getattr(T, d)), T.rand(1)]
    )
for _seed, _dtype in itertools.product(SEEDS, ("float32", "float64")):
    CASES[f"rand_{_dtype}_seed{_seed}"] = _seeded(
        _seed, lambda T, d=_dtype: [T.rand(5, 3, dtype=getattr(T, d)), T.rand(1)]
    )
for _seed in (0, 42, 2**32 + 5, -7):
    CASES[f"sequence_seed{_seed}"] = _seeded(_seed, _sequence)
    CASES[f"linear_seed{_seed}"] = _seeded(_seed, _layers)
    CASES[f"init_seed{_seed}"] = _seeded(_seed, _init_functions)
    CASES[f"trunc_normal_seed{_seed}"] = _seeded(_seed, _trunc_normal)
    CASES[f"dropout_seed{_seed}"] = _seeded(_seed, _dropout)
    CASES[f"integers_seed{_seed}"] = _seeded(_seed, _integers)
    CASES[f"random_from_seed{_seed}"] = _seeded(_seed, _random_from)
    CASES[f"normal_forms_seed{_seed}"] = _seeded(_seed, _normal_forms)
    CASES[f"distributions_seed{_seed}"] = _seeded(_seed, _other_distributions)
    CASES[f"multinomial_seed{_seed}"] = _seeded(_seed, _multinomial)
    CASES[f"multinomial_ties_seed{_seed}"] = _seeded(_seed, _multinomial_ties)
    CASES[f"data_splits_seed{_seed}"] = _seeded(_seed, _data_splits)
CASES["permutations"] = _seeded(11, _permutations)
CASES["views"] = _seeded(2, _views)
CASES["like_layouts"] = _seeded(3, _like_layouts)
CASES["randn_1000x1000_corner"] = _seeded(0, lambda T: [T.randn(1000, 1000)[::97, ::89], T.rand(1)])
CASES["state_roundtrip"] = _state_roundtrip
CASES["generator_object"] = _generator_object
CASES["fork_rng"] = _fork


def _data_loader(T):
    """Shuffled batches in RandomSampler's order; every pass also draws a base seed."""
    data = T.utils.data if hasattr(T, "utils") else None
    X = T.arange(20.0).reshape(10, 2)
    y = T.arange(10)
    ds = data.TensorDataset(X, y)
    out = [[xb, yb] for xb, yb in data.DataLoader(ds, batch_size=4, shuffle=True)]
    out.append([yb for _, yb in data.DataLoader(ds, batch_size=3, drop_last=True)])
    out.append(T.rand(2))
    g = T.Generator().manual_seed(5)
    out.append([b[1] for b in data.DataLoader(ds, batch_size=5, shuffle=True, generator=g)])
    out.append([b for b in data.DataLoader([1.5, 2.5, 3.5], batch_size=2)])
    out.append(T.rand(1))
    return out


for _seed in (0, 42, -7):
    CASES[f"data_loader_seed{_seed}"] = _seeded(_seed, _data_loader)
