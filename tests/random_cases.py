"""Seeded random-number cases, each a function of the module ``L`` (``torch`` or ``pyautograd``).

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
    def case(L):
        L.manual_seed(seed)
        return plain(draw(L))

    return case


def _state_roundtrip(L):
    L.manual_seed(5)
    L.randn(3)  # leaves a cached normal in the generator: the state must carry it
    state = L.get_rng_state()
    first = [L.randn(3), L.rand(2)]
    L.set_rng_state(state)
    return plain([first, L.randn(3), L.rand(2), list(state.shape), state[:8]])


def _generator_object(L):
    g = L.Generator().manual_seed(7)
    h = L.Generator()
    return plain(
        [
            L.rand(3, generator=g),
            L.randn(4, generator=g),
            L.randint(0, 9, (3,), generator=g),
            L.randperm(5, generator=g),
            L.empty(3).normal_(generator=g),
            g.initial_seed(),
            h.initial_seed(),
            L.rand(2, generator=h),
        ]
    )


def _fork(L):
    L.manual_seed(3)
    with L.random.fork_rng():
        L.rand(5)
    return plain([L.rand(2), L.initial_seed()])


def _init_functions(L):
    init = L.nn.init
    w = L.empty(6, 5)
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
        lambda: init.normal_(L.empty(40), -1.0, 0.25),
    ):
        out.append(fill().clone())
    return plain(out)


def _trunc_normal(L):
    """Both of PyTorch 2.13's rejection samplers: fresh normals while [a, b] holds more than 30%
    of the mass, else uniform proposals kept by a log-uniform test; views fill in memory order."""
    init = L.nn.init
    out = []
    for make, args in (
        (lambda: L.empty(6, 5), ()),
        (lambda: L.empty(40, 30), (0.0, 0.02)),
        (lambda: L.empty(7), (0.5, 1.0, -1.0, 1.0)),
        (lambda: L.empty(20, 30).t(), (0.0, 1.0, -0.5, 0.5)),
        (lambda: L.empty(50), (0.3, 1.0, -0.1, 0.1)),
        (lambda: L.empty(33, dtype=L.float64), (0.0, 1.0, 0.5, 3.0)),
        (lambda: L.empty(9, 8)[:, ::2], (0.0, 1.0, 1.5, 4.0)),
    ):
        out.append(init.trunc_normal_(make(), *args).clone())
    out.append(L.rand(2))
    return plain(out)


def _layers(L):
    nn = L.nn
    return plain(
        [
            nn.Linear(3, 2).weight.detach(),
            nn.Linear(3, 2).bias.detach(),
            nn.Linear(20, 30).weight.detach(),
            nn.Linear(4, 1, bias=False).weight.detach(),
            nn.Linear(2, 2, dtype=L.float64).weight.detach(),
        ]
    )


def _dropout(L):
    F = L.nn.functional
    x = L.randn(4, 5, requires_grad=True)
    y = F.dropout(x, 0.3)
    y.sum().backward()
    layer = L.nn.Dropout(0.5)
    first = layer(L.ones(20))
    layer.eval()
    z = L.ones(6)
    F.dropout(z, 0.2, inplace=True)
    return plain(
        [
            y.detach(),
            x.grad,
            first,
            layer(L.ones(3)),
            F.dropout(L.ones(3, dtype=L.float64), 0.7),
            F.dropout(L.ones(2), 1.0),
            z,
            L.rand(2),
        ]
    )


def _sequence(L):
    """Mixed calls: the cached normal from randn(3) must feed the next small normal draw."""
    return [
        L.randn(3),
        L.randn(1),
        L.rand(2),
        L.randn(17),
        L.randn(5, dtype=L.float64),
        L.randint(0, 100, (4,)),
        L.randn(2),
        L.randperm(7),
        L.empty(3).normal_(),
        L.rand(1),
    ]


def _normal_forms(L):
    return [
        L.normal(L.zeros(3), L.ones(3) * 2),
        L.normal(2.0, 3.0, size=(2,)),
        L.normal(2.0, 3.0, (20,)),
        L.normal(L.arange(20.0).reshape(4, 5), 0.5),
        L.normal(1.0, L.full((3,), 0.1, dtype=L.float64)),
        L.empty(4).normal_(0.5, 2.0),
        L.empty(20, dtype=L.float64).normal_(-1.0, 0.3),
    ]


def _views(L):
    """Filling a transposed view: PyTorch walks memory order, not the view's order."""
    a, b = L.empty(3, 4).t(), L.empty(3, 20).t()
    a.uniform_()
    b.normal_()
    return [a, b]


def _like_layouts(L):
    """``*_like`` keeps a transposed or permuted input's memory order (preserve_format) and is
    contiguous for an expanded one, so random fills of the result walk memory as PyTorch's."""
    out = []
    for make in (
        lambda: L.ones(4, 5).t(),
        lambda: L.ones(2, 3, 4).permute(2, 0, 1),
        lambda: L.ones(6, 8)[:, ::2],
        lambda: L.ones(3).expand(2, 3),
        lambda: L.ones(1, 20).expand(3, 20),
    ):
        out += [
            L.empty_like(make()).normal_(),
            L.zeros_like(make()).uniform_(),
            L.ones_like(make()).normal_(),
        ]
    return out


def _integers(L):
    return [
        L.randint(10, (5,)),
        L.randint(-5, 5, (2, 3)),
        L.randint(0, 2**33, (4,)),
        L.randint(-(2**40), 2**40, (3,)),
        L.randint(3, 10, (2,), dtype=L.float32),
        L.randint(0, 7, (3,), dtype=L.int32),
        L.randint_like(L.ones(2, 2), 5),
        L.randint_like(L.ones(3), 2, 9),
        L.empty(4, dtype=L.int64).random_(),
        L.empty(4, dtype=L.int32).random_(),
        L.empty(4).random_(),
        L.empty(4, dtype=L.float64).random_(),
        L.empty(4, dtype=L.bool).random_(),
        L.empty(4, dtype=L.uint8).random_(),
        L.empty(3, dtype=L.int64).random_(5, 9),
        L.empty(3).random_(4),
    ]


def _random_from(L):
    """``random_(from, None)``: from ``from`` up to the largest number the dtype holds exactly
    (int32 draws 64-bit words there, unlike ``random_()``)."""
    dtypes = ("float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8")
    out = [L.empty(5, dtype=getattr(L, d)).random_(low, None) for d in dtypes for low in (0, 5, 100)]
    out += [L.empty(5, dtype=getattr(L, d)).random_(-3, None) for d in dtypes if d != "uint8"]
    out += [L.empty(6, dtype=L.bool).random_(0, None), L.empty(4, dtype=L.bool).random_(1, None), L.rand(2)]
    return out


def _permutations(L):
    return [L.randperm(n) for n in (0, 1, 2, 5, 10, 100, 1000)] + [L.randperm(4, dtype=L.float32)]


def _other_distributions(L):
    p = L.tensor([[0.1, 0.5, 0.9, 0.3], [0.0, 1.0, 0.5, 0.25]])
    return [
        L.bernoulli(p),
        L.bernoulli(p.double()),
        L.bernoulli(p, 0.3),
        L.empty(30).bernoulli_(0.6),
        L.empty(5).bernoulli_(L.full((5,), 0.5)),
        p.bernoulli(),
        L.empty(50).exponential_(),
        L.empty(20, dtype=L.float64).exponential_(2.5),
        L.empty(20).uniform_(-0.3, 0.7),
        L.empty(20, dtype=L.float64).uniform_(2.5, 7.0),
        L.rand_like(L.ones(2, 3)),
        L.randn_like(L.ones(20, dtype=L.float64)),
    ]


def _distribution_objects(L):
    """``torch.distributions`` draw through the generator: sample, rsample, expanded, in turn."""
    D = L.distributions
    loc = L.tensor([0.0, 10.0, -3.0], requires_grad=True)
    return [
        D.Normal(loc, 2.0).sample((2,)),
        D.Normal(loc, 2.0).rsample().detach(),
        D.Normal(0.0, L.tensor([1.0, 0.5], dtype=L.float64)).expand((17, 2)).sample(),
        D.Uniform(-1.0, L.tensor([1.0, 3.0])).rsample((3,)),
        D.Uniform(0.0, 1.0).expand((5,)).sample(),
        D.Bernoulli(L.tensor([0.1, 0.5, 0.9])).sample((4,)),
        D.Bernoulli(logits=L.tensor(0.3)).expand((6,)).sample(),
        D.Categorical(L.tensor([[0.1, 0.6, 0.3], [0.5, 0.0, 0.5]])).sample((5,)),
        D.Categorical(logits=L.tensor([0.0, 1.0, 2.0, 3.0])).expand((2, 3)).sample(),
        L.rand(2),
    ]


def _multinomial(L):
    w = L.tensor([[0.1, 0.2, 0.7, 0.05, 0.3], [1.0, 0.0, 2.0, 3.0, 0.5]])
    return [
        L.multinomial(w, 1),
        L.multinomial(w, 1, replacement=True),
        L.multinomial(w, 3),
        L.multinomial(w, 5),
        L.multinomial(w, 8, replacement=True),
        L.multinomial(w[0].double(), 4, replacement=True),
        L.multinomial(w[1], 2),
        w.multinomial(2),
    ]


def _multinomial_ties(L):
    """More categories asked for than have a non-zero weight: the zero keys tie, and PyTorch's
    top-k (nth_element + sort, or partial_sort when k * 64 <= n) decides their order."""
    w = L.tensor([0.0, 0.2, 0.0, 0.0, 0.5, 0.0, 0.1, 0.0])
    wide = L.zeros(40, dtype=L.float64)
    wide[[3, 17, 30]] = L.tensor([1.0, 2.0, 0.5], dtype=L.float64)
    huge = L.zeros(1000)
    huge[[5, 500]] = 1.0
    rows = L.tensor([[0.0, 1.0, 0.0, 0.0, 0.0], [0.3, 0.0, 0.0, 0.7, 0.0]])
    return [
        L.multinomial(w, 8),
        L.multinomial(w, 5),
        L.multinomial(L.tensor([1.0, 0.0, 0.0]), 3),
        L.multinomial(wide, 40),
        L.multinomial(wide, 25),
        L.multinomial(huge, 10),
        L.multinomial(rows, 4),
        L.rand(1),
    ]


def _data_splits(L):
    data = L.utils.data
    g = L.Generator().manual_seed(3)
    return [
        [list(s.indices) for s in data.random_split(range(10), [3, 7])],
        [list(s.indices) for s in data.random_split(range(11), [0.5, 0.3, 0.2])],
        [list(s.indices) for s in data.random_split(range(7), [0.25, 0.75], generator=g)],
        list(data.WeightedRandomSampler([0.1, 0.9, 0.4, 0.0], 12)),
        list(data.WeightedRandomSampler([1.0, 2.0, 0.0, 3.0], 4, replacement=False, generator=g)),
        list(data.WeightedRandomSampler([0.5, 0.5], 1)),
        L.rand(1),
    ]


CASES = {}
for _seed, _size, _dtype in itertools.product(SEEDS, SIZES, ("float32", "float64")):
    CASES[f"randn_{_dtype}_{_size}_seed{_seed}"] = _seeded(
        _seed, lambda L, n=_size, d=_dtype: [L.randn(n, dtype=getattr(L, d)), L.rand(1)]
    )
for _seed, _dtype in itertools.product(SEEDS, ("float32", "float64")):
    CASES[f"rand_{_dtype}_seed{_seed}"] = _seeded(
        _seed, lambda L, d=_dtype: [L.rand(5, 3, dtype=getattr(L, d)), L.rand(1)]
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
    CASES[f"distribution_objects_seed{_seed}"] = _seeded(_seed, _distribution_objects)
    CASES[f"multinomial_seed{_seed}"] = _seeded(_seed, _multinomial)
    CASES[f"multinomial_ties_seed{_seed}"] = _seeded(_seed, _multinomial_ties)
    CASES[f"data_splits_seed{_seed}"] = _seeded(_seed, _data_splits)
CASES["permutations"] = _seeded(11, _permutations)
CASES["views"] = _seeded(2, _views)
CASES["like_layouts"] = _seeded(3, _like_layouts)
CASES["randn_1000x1000_corner"] = _seeded(0, lambda L: [L.randn(1000, 1000)[::97, ::89], L.rand(1)])
CASES["state_roundtrip"] = _state_roundtrip
CASES["generator_object"] = _generator_object
CASES["fork_rng"] = _fork


def _data_loader(L):
    """Shuffled batches in RandomSampler's order; every pass also draws a base seed."""
    data = L.utils.data if hasattr(L, "utils") else None
    X = L.arange(20.0).reshape(10, 2)
    y = L.arange(10)
    ds = data.TensorDataset(X, y)
    out = [[xb, yb] for xb, yb in data.DataLoader(ds, batch_size=4, shuffle=True)]
    out.append([yb for _, yb in data.DataLoader(ds, batch_size=3, drop_last=True)])
    out.append(L.rand(2))
    g = L.Generator().manual_seed(5)
    out.append([b[1] for b in data.DataLoader(ds, batch_size=5, shuffle=True, generator=g)])
    out.append([b for b in data.DataLoader([1.5, 2.5, 3.5], batch_size=2)])
    out.append(L.rand(1))
    return out


for _seed in (0, 42, -7):
    CASES[f"data_loader_seed{_seed}"] = _seeded(_seed, _data_loader)
