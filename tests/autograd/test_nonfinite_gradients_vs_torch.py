"""Gradients when the gradient arriving at an op's output is inf or NaN (a diverging
training run): for every op case, each input's gradient against PyTorch's (live torch where
it imports, golden/nonfinite.json everywhere). Where PyTorch's rule writes a 0 (a mask, a
step function, the loser of max, the rows nll_loss does not pick) the 0 must stay 0, not
become ``inf * 0 = NaN``."""

import json
import pathlib

import numpy as np
import op_cases
import pytest

import pyautograd

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
RECORDED = json.loads((GOLDEN / "nonfinite.json").read_text())["cases"]
NAMES = sorted(op_cases.BY_NAME)

# Cases whose gradients differ from PyTorch's, with the reason; the list is kept exact.
KNOWN_DIFFERENCES = {
    "linalg_det": "PyTorch's det backward solves with the LU factors, where an inf gradient "
    "meets inf - inf (NaN); ours multiplies by the inverse and keeps the infinities",
    "det_batched": "the same LU solve against our product with the inverse",
}


def _same(ours, theirs):
    if ours is None or theirs is None:
        return ours is None and theirs is None
    return all(
        (a is None and b is None)
        or (a is not None and b is not None and np.array_equal(np.array(a), np.array(b), equal_nan=True))
        for fill in ("inf", "nan")
        for a, b in zip(ours[fill], theirs[fill], strict=True)
    )


def _check(name, theirs):
    ours = op_cases.nonfinite_gradients_of_case(pyautograd, name)
    if name in KNOWN_DIFFERENCES:
        assert not _same(ours, theirs), f"{name} now matches PyTorch: take it off KNOWN_DIFFERENCES"
    else:
        assert _same(ours, theirs)


def test_golden_covers_every_case():
    assert sorted(RECORDED) == NAMES, "run tests/make_golden.py --new-only"


@pytest.mark.parametrize("name", NAMES)
def test_nonfinite_gradients_match_recorded_pytorch(name):
    _check(name, RECORDED[name])


@pytest.mark.parametrize("name", NAMES)
def test_nonfinite_gradients_match_live_torch(name):
    torch = pytest.importorskip("torch")
    _check(name, op_cases.nonfinite_gradients_of_case(torch, name))
