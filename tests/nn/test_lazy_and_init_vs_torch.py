"""nn.LazyLinear, nn.init.orthogonal_, multinomial's ties, random_split and
WeightedRandomSampler against live PyTorch, over more seeds and shapes than the golden cases."""

import numpy as np
import pytest
from torch_compare import same_error

import pyautograd as pag

torch = pytest.importorskip("torch")


@pytest.mark.parametrize("shape", [(3, 5), (6, 4), (4, 2, 3), (5, 5), (20, 100), (1, 7), (7, 1)])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_orthogonal_same_numbers_and_stream(shape, dtype):
    out = []
    for L in (pag, torch):
        L.manual_seed(3)
        t = L.empty(*shape, dtype=getattr(L, dtype))
        L.nn.init.orthogonal_(t, 1.5)
        out.append((t.numpy(), L.rand(3).numpy()))
    tol = 1e-6 if dtype == "float32" else 1e-13  # float32: PyTorch's QR rounds in float32
    np.testing.assert_allclose(out[0][0], out[1][0], atol=tol)
    np.testing.assert_array_equal(out[0][1], out[1][1])


def test_orthogonal_errors_and_empty():
    for L in (pag, torch):
        with pytest.raises(ValueError, match="Only tensors with 2 or more dimensions are supported"):
            L.nn.init.orthogonal_(L.empty(3))
        assert L.nn.init.orthogonal_(L.empty(0, 3)).shape == (0, 3)


def _lazy_story(L):
    seen = []

    def note(f):
        try:
            seen.append(repr(f()).replace("torch", "pyautograd"))
        except Exception as e:  # noqa: BLE001  (the type and wording are what is compared)
            seen.append((type(e).__name__, str(e).replace("torch", "pyautograd")))

    L.manual_seed(0)
    m = L.nn.LazyLinear(3)
    note(lambda: m)
    note(lambda: m.weight)
    note(lambda: m.weight.shape)
    note(lambda: sum(p.numel() for p in m.parameters()))
    note(lambda: m.in_features)
    note(lambda: list(m.state_dict()))
    note(lambda: m.has_uninitialized_params())
    note(lambda: L.nn.LazyLinear(3, bias=False))
    note(lambda: L.nn.Sequential(L.nn.LazyLinear(2), L.nn.ReLU()))
    opt = L.optim.SGD(m.parameters(), lr=0.1)
    y = m(L.ones(2, 4))
    y.sum().backward()
    opt.step()
    note(lambda: m)
    note(lambda: (type(m).__name__, type(m.weight).__name__, m.in_features, tuple(m.weight.shape)))
    note(lambda: type(y.grad_fn).__name__)
    note(lambda: m(L.randn(2, 5)))
    return seen, m.weight.detach().numpy(), m.bias.detach().numpy()


def test_lazy_linear_as_a_learner_sees_it():
    ours, theirs = _lazy_story(pag), _lazy_story(torch)
    assert ours[0] == theirs[0]
    np.testing.assert_array_equal(ours[1], theirs[1])
    np.testing.assert_array_equal(ours[2], theirs[2])


@pytest.mark.parametrize("seed", range(60))
def test_multinomial_without_replacement_running_out(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.choice([3, 8, 17, 40, 70, 130, 300, 1000]))
    p = rng.random(n)
    p[rng.random(n) < rng.random()] = 0
    p[0] += p.sum() == 0
    nonzero = int((p > 0).sum())
    k = int(rng.integers(max(1, nonzero - 2), min(n, nonzero + int(rng.integers(1, 40))) + 1))
    dtype = ["float32", "float64"][seed % 2]
    out = []
    for L in (pag, torch):
        L.manual_seed(seed)
        rows = L.tensor(np.stack([p, p[::-1]]), dtype=getattr(L, dtype))
        out.append((L.multinomial(rows, k).numpy(), L.rand(1).numpy()))
    np.testing.assert_array_equal(out[0][0], out[1][0])
    np.testing.assert_array_equal(out[0][1], out[1][1])


@pytest.mark.parametrize("seed", range(10))
def test_random_split_and_weighted_sampler(seed):
    out = []
    for L in (pag, torch):
        data = L.utils.data
        L.manual_seed(seed)
        splits = data.random_split(L.utils.data.TensorDataset(L.arange(13)), [0.6, 0.2, 0.2])
        g = L.Generator().manual_seed(seed + 100)
        out.append(
            [
                [len(s) for s in splits],
                [[s[i][0].item() for i in range(len(s))] for s in splits],
                [list(s.indices) for s in data.random_split(range(9), [4, 5], generator=g)],
                list(data.WeightedRandomSampler(np.arange(6.0), 20)),
                list(data.WeightedRandomSampler([3, 0, 1, 0, 2], 5, replacement=False, generator=g)),
                L.rand(2).tolist(),
            ]
        )
    assert out[0] == out[1]


DATA_ERRORS = [
    lambda d: d.WeightedRandomSampler([[1.0, 2.0]], 3),
    lambda d: d.WeightedRandomSampler([1.0, 2.0], 0),
    lambda d: d.WeightedRandomSampler([1.0, 2.0], True),
    lambda d: d.WeightedRandomSampler([1.0, 2.0], 2, replacement=1),
    lambda d: d.random_split(range(10), [3, 3]),
    lambda d: d.random_split(range(10), [0.5, 0.6]),
    lambda d: d.random_split(range(10), [1.2, -0.2]),
]


@pytest.mark.parametrize("case", range(len(DATA_ERRORS)))
def test_data_errors_as_pytorch(case):
    same_error(lambda L: lambda: DATA_ERRORS[case](L.utils.data), spell=str)


def test_random_split_warns_of_an_empty_split():
    for L in (pag, torch):
        with pytest.warns(UserWarning, match="Length of split at index 1 is 0"):
            L.utils.data.random_split(range(2), [0.05, 0.05, 0.9])


def _outcome(f):
    """What ``f()`` gives, as a learner reads it: the repr, or the exception's type and words."""
    try:
        return repr(f()).replace("torch", "pyautograd")
    except Exception as e:  # noqa: BLE001  (the type and wording are what is compared)
        return (type(e).__name__, str(e).replace("torch", "pyautograd"))


def _state(L, m):
    """A module's class, in_features and each parameter's class and shape (or repr if lazy)."""
    params = []
    for name, p in m._parameters.items():
        lazy = p is None or type(p).__name__ == "UninitializedParameter"
        params.append((name, repr(p) if lazy else (type(p).__name__, tuple(p.shape), p.dtype == L.float64)))
    return type(m).__name__, getattr(m, "in_features", None), params


def _checkpoint(L, dtype="float32"):
    g = np.random.default_rng(0)
    return {
        "weight": L.tensor(g.standard_normal((3, 4)), dtype=getattr(L, dtype)),
        "bias": L.tensor(g.standard_normal(3), dtype=getattr(L, dtype)),
    }


# Loading into a LazyLinear that has never run: each case gives (make the module, its state_dict,
# keyword arguments of load_state_dict). PyTorch materialises every uninitialised parameter whose
# key is in the state_dict with the loaded shape, then copies (casting to the module's dtype).
LAZY_LOADS = {
    "full": lambda L: (L.nn.LazyLinear(3), _checkpoint(L), {}),
    "from_a_linear": lambda L: (L.nn.LazyLinear(3), L.nn.Linear(4, 3).state_dict(), {}),
    "float64_into_float32": lambda L: (L.nn.LazyLinear(3), _checkpoint(L, "float64"), {}),
    "float32_into_float64": lambda L: (L.nn.LazyLinear(3, dtype=L.float64), _checkpoint(L), {}),
    "no_bias": lambda L: (L.nn.LazyLinear(3, bias=False), {"weight": _checkpoint(L)["weight"]}, {}),
    "missing_bias_strict": lambda L: (L.nn.LazyLinear(3), {"weight": _checkpoint(L)["weight"]}, {}),
    "missing_bias_loose": lambda L: (
        L.nn.LazyLinear(3),
        {"weight": _checkpoint(L)["weight"]},
        {"strict": False},
    ),
    "unexpected_key": lambda L: (L.nn.LazyLinear(3), {**_checkpoint(L), "scale": L.ones(1)}, {}),
    "unexpected_key_loose": lambda L: (
        L.nn.LazyLinear(3),
        {**_checkpoint(L), "scale": L.ones(1)},
        {"strict": False},
    ),
    "out_features_disagree": lambda L: (L.nn.LazyLinear(3), {"weight": L.ones(2, 4), "bias": L.ones(3)}, {}),
    "in_a_sequential": lambda L: (
        L.nn.Sequential(L.nn.LazyLinear(3), L.nn.ReLU(), L.nn.LazyLinear(1)),
        L.nn.Sequential(L.nn.Linear(4, 3), L.nn.ReLU(), L.nn.Linear(3, 1)).state_dict(),
        {},
    ),
    "after_first_call_size_mismatch": lambda L: (
        _called(L.nn.LazyLinear(3), L.ones(2, 5)),
        _checkpoint(L),
        {},
    ),
}


def _called(m, x):
    m(x)
    return m


def _lazy_load_story(L, case):
    L.manual_seed(0)
    m, sd, kw = LAZY_LOADS[case](L)
    seen = [_outcome(lambda: m.load_state_dict(sd, **kw))]
    layers = list(m) if isinstance(m, L.nn.Sequential) else [m]
    seen += [_state(L, layer) for layer in layers]
    seen.append(_outcome(lambda: m))
    values = [
        p.detach().numpy().copy()
        for layer in layers
        for p in layer._parameters.values()
        if p is not None and type(p).__name__ != "UninitializedParameter"
    ]
    seen.append(_outcome(lambda: m(L.ones(2, 4)).shape))  # the first call after loading
    seen += [_state(L, layer) for layer in layers]
    seen.append(_outcome(lambda: m))
    return seen, values


@pytest.mark.parametrize("case", sorted(LAZY_LOADS))
def test_loading_into_an_uninitialised_lazy_linear(case):
    ours, theirs = _lazy_load_story(pag, case), _lazy_load_story(torch, case)
    assert ours[0] == theirs[0]
    assert len(ours[1]) == len(theirs[1])
    for a, b in zip(ours[1], theirs[1]):
        np.testing.assert_array_equal(a, b)


def test_uninitialised_state_dict_as_pytorch():
    for keep_vars in (False, True):
        ours = _outcome(lambda: pag.nn.LazyLinear(3).state_dict(keep_vars=keep_vars))
        theirs = _outcome(lambda: torch.nn.LazyLinear(3).state_dict(keep_vars=keep_vars))
        assert ours == theirs
