"""Seeded random numbers are PyTorch's: same values, same dtype, same order of consumption.

Three layers: the recorded cases (``random_cases.py``) against the golden file everywhere and
against live torch where it is installed; a wider live sweep over seeds, sizes and dtypes; and
checks of the generator API itself (state, errors) that need no numbers from torch.
"""

import json
import pathlib
import warnings

import numpy as np
import pytest
import random_cases

import pyautograd as pag

GOLDEN = json.loads((pathlib.Path(__file__).resolve().parents[1] / "golden" / "random.json").read_text())


def _ours(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return json.loads(json.dumps(random_cases.CASES[name](pag)))


def test_golden_covers_every_case():
    assert sorted(GOLDEN) == sorted(random_cases.CASES)


@pytest.mark.parametrize("name", sorted(random_cases.CASES))
def test_case_matches_pytorch_golden(name):
    assert _ours(name) == GOLDEN[name]


def test_golden_agrees_with_live_torch():
    """Guard against a stale file: regenerate with tests/make_random_golden.py."""
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    import make_random_golden

    live = json.loads(json.dumps(make_random_golden.record(torch)))
    stale = sorted(name for name in live if live[name] != GOLDEN.get(name))
    assert not stale, f"golden out of date for {stale[:5]}; run tests/make_random_golden.py"


# ---- a wider live sweep ------------------------------------------------------------------------------
SWEEP_SEEDS = [0, 7, 42, 99, 2**31 - 1, 2**32 + 5, -5, 2**63 + 11]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("size", [1, 5, 15, 16, 17, 47, 48, 49, 257, 4099])
def test_randn_sweep_matches_live_torch(size, dtype):
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    for seed in SWEEP_SEEDS:
        results = []
        for L in (torch, pag):
            L.manual_seed(seed)
            d = getattr(L, dtype)
            results.append([L.randn(size, dtype=d).numpy(), L.randn(3, dtype=d).numpy(), L.rand(2).numpy()])
        for theirs, ours in zip(*results):
            np.testing.assert_array_equal(ours, theirs)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_scaled_normal_and_uniform_sweep_matches_live_torch(dtype):
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    for seed, (mean, std), (low, high) in zip(
        SWEEP_SEEDS, [(0.3, 0.5), (-2.0, 3.7), (10.0, 0.01), (0, 2.5)] * 2, [(-0.3, 0.3), (2.5, 7.1)] * 4
    ):
        results = []
        for L in (torch, pag):
            L.manual_seed(seed)
            d = getattr(L, dtype)
            results.append(
                [
                    L.empty(1000, dtype=d).normal_(mean, std).numpy(),
                    L.empty(7, dtype=d).normal_(mean, std).numpy(),
                    L.empty(1000, dtype=d).uniform_(low, high).numpy(),
                ]
            )
        for theirs, ours in zip(*results):
            np.testing.assert_array_equal(ours, theirs)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_trunc_normal_sweep_matches_live_torch(dtype):
    """Both rejection samplers, bounds that reject often and rarely, sizes around 16 and large."""
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    settings = [
        (),
        (0.0, 0.02),
        (0.0, 1.0, -0.5, 0.5),
        (0.3, 1.0, -0.1, 0.1),
        (0.0, 1.0, 0.5, 3.0),
        (1.0, 2.0, -1.0, 1.0),
    ]
    for seed, shape in zip(SWEEP_SEEDS, [(15,), (16,), (17,), (40, 30), (1, 49), (8, 3, 3), (5, 5), (300,)]):
        for args in settings:
            results = []
            for L in (torch, pag):
                L.manual_seed(seed)
                w = L.nn.init.trunc_normal_(L.empty(*shape, dtype=getattr(L, dtype)), *args)
                results.append([w.numpy(), L.rand(2).numpy()])
            for theirs, ours in zip(*results):
                np.testing.assert_array_equal(ours, theirs)


# ---- the generator API -------------------------------------------------------------------------------
def test_state_is_pytorchs_byte_layout():
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    for draws in (0, 1, 623, 624, 625, 1300):
        torch.manual_seed(9)
        pag.manual_seed(9)
        torch.rand(draws)
        pag.rand(draws)
        torch.randn(1, dtype=torch.float64)
        pag.randn(1, dtype=pag.float64)
        np.testing.assert_array_equal(pag.get_rng_state().numpy(), torch.get_rng_state().numpy())


def test_state_from_torch_continues_torchs_stream():
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    torch.manual_seed(4)
    torch.randn(5)
    pag.set_rng_state(pag.tensor(torch.get_rng_state().numpy()))
    np.testing.assert_array_equal(pag.randn(7).numpy(), torch.randn(7).numpy())


def test_seed_range_and_errors():
    for bad in (2**64, -(2**63) - 1):
        with pytest.raises(RuntimeError, match="Overflow when unpacking long long"):
            pag.manual_seed(bad)
    pag.manual_seed(-1)
    assert pag.initial_seed() == 2**64 - 1
    g = pag.Generator()
    assert g.initial_seed() == 67280421310721 and g.device == "cpu"
    assert g.manual_seed(3) is g
    with pytest.raises(RuntimeError, match="input RNG state size"):
        g.set_state(pag.zeros(10, dtype=pag.uint8))


def test_seed_returns_a_fresh_64_bit_seed_and_reseeds():
    s = pag.random.seed()
    assert 0 <= s < 2**64 and pag.initial_seed() == s
    g = pag.Generator()
    t = g.seed()
    assert g.initial_seed() == t


def test_fork_rng_restores_and_can_be_disabled():
    pag.manual_seed(1)
    with pag.random.fork_rng():
        inside = pag.rand(3).tolist()
    assert pag.rand(3).tolist() == inside
    with pag.random.fork_rng(enabled=False):
        pag.rand(1)
    assert pag.rand(3).tolist() != inside


def test_random_fills_keep_pytorchs_errors():
    with pytest.raises(NotImplementedError, match="\"normal_kernel_cpu\" not implemented for 'Long'"):
        pag.randn(2, dtype=pag.int64)
    with pytest.raises(NotImplementedError, match="\"check_uniform_bounds\" not implemented for 'Long'"):
        pag.rand(2, dtype=pag.int64)
    with pytest.raises(RuntimeError, match="random_ expects 'from' to be less than 'to'"):
        pag.randint(5, 2, (3,))
    with pytest.raises(RuntimeError, match=r"uniform_ expects to return a \[from, to\) range"):
        pag.empty(3).uniform_(2, 1)
    with pytest.raises(RuntimeError, match="normal expects std >= 0.0, but found std -1"):
        pag.empty(3).normal_(0, -1)
    with pytest.raises(RuntimeError, match="without replacement"):
        pag.multinomial(pag.tensor([0.2, 0.8]), 3)
    with pytest.raises(RuntimeError, match="a leaf Variable that requires grad"):
        pag.randn(3, requires_grad=True).normal_()
    with pytest.raises(ValueError, match="dropout probability has to be between 0 and 1, but got 1.5"):
        pag.nn.functional.dropout(pag.ones(2), 1.5)


def test_dropout_in_eval_mode_returns_the_input_itself():
    x = pag.ones(3)
    assert pag.nn.functional.dropout(x, 0.5, training=False) is x
    assert repr(pag.nn.Dropout(0.2)) == "Dropout(p=0.2, inplace=False)"
