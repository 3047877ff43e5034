"""pyautograd against PyTorch's recorded answers (golden files) and live torch.

The golden comparison runs everywhere; the live one only where torch imports.
Cases are defined once in make_golden.py and run on both modules.
"""

import json
import pathlib

import make_golden as mg
import numpy as np
import pytest

import pyautograd

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
OPS = json.loads((GOLDEN / "ops.json").read_text())["cases"]


def _close(a, b):
    if a is None or b is None:
        return a is None and b is None
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return a.shape == b.shape and np.allclose(a, b, rtol=1e-9, atol=1e-12, equal_nan=True)


def test_golden_covers_every_case():
    assert set(OPS) == set(mg.OP_CASES)


@pytest.mark.parametrize("name", sorted(mg.OP_CASES))
def test_op_values_and_grads_match_golden(name):
    want = OPS[name]
    got = mg.run_op_case(pyautograd, name)
    assert got["shape"] == want["shape"]
    assert _close(got["value"], want["value"]), (got["value"], want["value"])
    assert len(got["grads"]) == len(want["grads"])
    for i, (g, w) in enumerate(zip(got["grads"], want["grads"])):
        assert _close(g, w), f"grad of input {i}: {g} != {w}"


@pytest.mark.parametrize("name", sorted(mg.OP_CASES))
def test_op_grad_fn_name_matches_torch(name):
    got = mg.run_op_case(pyautograd, name)
    assert got["grad_fn"] == OPS[name]["grad_fn"]


@pytest.mark.parametrize("name", sorted(mg.OP_CASES))
def test_op_float32_default_dtype_matches_golden(name):
    """The same case in float32 (the default dtype) agrees to float32 precision."""
    fn = mg.OP_CASES[name][0]
    xs = [
        pyautograd.tensor(x.detach().numpy().astype(np.float32), requires_grad=True)
        for x in mg.make_inputs(pyautograd, name, requires_grad=False)
    ]
    out = fn(pyautograd, *xs)
    assert out.dtype == pyautograd.float32
    np.testing.assert_allclose(
        np.asarray(out.tolist(), dtype=float),
        np.asarray(OPS[name]["value"], dtype=float),
        rtol=2e-5,
        atol=2e-6,
    )
    w = pyautograd.tensor(mg.arr(999, tuple(out.shape)).astype(np.float32))
    (out * w).sum().backward()
    for x, g in zip(xs, OPS[name]["grads"]):
        assert x.grad.dtype == pyautograd.float32
        np.testing.assert_allclose(np.asarray(x.grad.tolist()), np.asarray(g), rtol=1e-4, atol=1e-5)


def test_golden_files_agree_with_live_torch():
    """Guard against stale golden files: regenerate with tests/make_golden.py."""
    torch = pytest.importorskip("torch")
    stale = []
    for name in mg.OP_CASES:
        live = mg.run_op_case(torch, name)
        want = OPS[name]
        if (
            live["grad_fn"] != want["grad_fn"]
            or not _close(live["value"], want["value"])
            or not all(_close(a, b) for a, b in zip(live["grads"], want["grads"]))
        ):
            stale.append(name)
    pr = json.loads((GOLDEN / "printing.json").read_text())["cases"]
    stale += [n for n in mg.PRINT_CASES if mg.run_print_case(torch, n) != pr.get(n)]
    er = json.loads((GOLDEN / "errors.json").read_text())["cases"]
    stale += [n for n in mg.ERROR_CASES if mg.run_error_case(torch, n) != er.get(n)]
    assert not stale, f"golden out of date for {stale}; run tests/make_golden.py"
