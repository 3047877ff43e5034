"""Everyday expressions outside the op table, against PyTorch (golden + live):
method/function forms, (values, indices), extreme inputs, dtype promotion,
item/tolist/format/iteration, setitem, and no NumPy warnings where PyTorch is silent.
"""

import json
import pathlib
import warnings

import make_golden as mg
import pytest
from torch_compare import as_ours, same_value

import pyautograd

GOLDEN = json.loads((pathlib.Path(__file__).resolve().parents[1] / "golden" / "misc.json").read_text())[
    "cases"
]


def same(got, want):
    """Strings exactly (our module name for torch's), floats to float32 precision, a bool or
    None wanted matched by ``==``."""
    return same_value(got, as_ours(want), rel_tol=1e-6, abs_tol=1e-7, loose_bools=True)


@pytest.mark.parametrize("name", sorted(mg.MISC_CASES))
def test_misc_matches_golden(name):
    got = mg.run_misc_case(pyautograd, name)["value"]
    assert same(got, GOLDEN[name]["value"]), (got, GOLDEN[name]["value"])


@pytest.mark.parametrize("name", sorted(mg.MISC_CASES))
def test_misc_matches_live_torch(name):
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    got = mg.run_misc_case(pyautograd, name)["value"]
    want = mg.run_misc_case(torch, name)["value"]
    assert same(got, want), (got, want)


# PyTorch itself warns here (deprecated 1-d .T; backward(create_graph=True) reference cycle)
TORCH_WARNS = {"T_1d", "grad_after_create_graph"}


def _torch_warnings(torch, name):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            mg.MISC_CASES[name](torch)
        finally:
            torch.set_grad_enabled(True)
    return caught


def test_torch_warns_only_where_listed():
    """(Some of torch's warnings are once per process, so this checks a subset.)"""
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    assert {n for n in mg.MISC_CASES if _torch_warnings(torch, n)} <= TORCH_WARNS


@pytest.mark.parametrize("name", sorted(set(mg.MISC_CASES) - TORCH_WARNS))
def test_no_python_warnings_where_torch_is_silent(name):
    """log(0), 1/0, exp(1000) ... give inf/nan quietly in PyTorch; NumPy would warn."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            mg.MISC_CASES[name](pyautograd)
        finally:
            pyautograd.set_grad_enabled(True)


def test_same_is_strict():
    """The comparison helper itself can fail (guards against a tautological test)."""
    assert not same(1.0, 1.1) and not same([1, 2], [1, 2, 3]) and not same("tensor(1.)", "tensor(2.)")
    assert not same(1, 1.0) and not same(float("nan"), 1.0)
    assert same("tensor([1.], dtype=pyautograd.float64)", "tensor([1.], dtype=torch.float64)")
