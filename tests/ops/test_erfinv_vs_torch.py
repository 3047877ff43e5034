"""``erfinv`` against PyTorch over a million values per dtype.

PyTorch's x86 build computes erfinv with Intel MKL (``vsErfInv``/``vdErfInv``), whose last bit
no NumPy formula reproduces: ours is correctly rounded in float32 and within 2 units in the last
place in float64, and MKL is off by one unit now and then. These tests pin the measured
agreement (docs/reference.md quotes it), so a change that makes it worse fails.
"""

import numpy as np
import pytest

import pyautograd as pag


def _inputs(dtype, seed=0):
    rng = np.random.default_rng(seed)
    n = 1_000_000
    parts = [
        rng.uniform(-1, 1, n),
        1 - rng.uniform(0, 1e-4, n // 10),  # the tail, where erfc takes over
        -(1 - rng.uniform(0, 1e-6, n // 10)),
        rng.uniform(-1e-6, 1e-6, n // 10),
    ]
    return np.concatenate(parts).astype(dtype)


def _ulps(ours, theirs, int_type):
    return np.abs(ours.view(int_type).astype(np.int64) - theirs.view(int_type).astype(np.int64))


@pytest.mark.parametrize(
    ("dtype", "int_type", "max_ulps", "max_rate"),
    [(np.float32, np.int32, 1, 0.01), (np.float64, np.int64, 2, 0.15)],
)
def test_erfinv_agrees_with_torch(dtype, int_type, max_ulps, max_rate):
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    y = _inputs(dtype)
    theirs = torch.from_numpy(y).erfinv().numpy()
    ours = pag.tensor(y).erfinv().numpy()
    ulps = _ulps(ours, theirs, int_type)
    assert ulps.max() <= max_ulps
    assert np.mean(ulps != 0) <= max_rate


def test_erfinv_edges():
    y = pag.tensor([0.0, -0.0, 1.0, -1.0, 1.0000001, -1.5, float("nan"), float("inf")])
    out = y.erfinv().numpy()
    assert out[0] == 0 and not np.signbit(out[0]) and out[1] == 0 and np.signbit(out[1])
    assert out[2] == np.inf and out[3] == -np.inf
    assert np.isnan(out[4:]).all()
    assert out.dtype == np.float32


def test_erfinv_inverts_erf_and_keeps_tiny_values():
    import math

    x = np.array([1e-300, 5e-320, -3e-8, 0.1, 0.9, 2.5, -4.0, 3.0])
    y = np.array([math.erf(v) for v in x])
    back = pag.tensor(y).erfinv().numpy()
    np.testing.assert_allclose(back[:6], x[:6], rtol=1e-14)
    np.testing.assert_allclose(back[6:], x[6:], rtol=1e-8)  # erf(x) rounds near +-1: x is known only so well
