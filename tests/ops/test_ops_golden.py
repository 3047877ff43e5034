"""Every case of the op-case table (``op_cases.py``) against PyTorch's recorded answers
(golden/ops.json, everywhere: machines without torch compare too) and live torch (where it
imports). A case without a recorded answer fails: run ``tests/make_golden.py``."""

import json
import pathlib

import make_golden as mg
import numpy as np
import op_cases
import pytest
from torch_compare import as_ours, close, same_op_result

import pyautograd

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
OPS = json.loads((GOLDEN / "ops.json").read_text())["cases"]
NAMES = sorted(op_cases.BY_NAME)


def test_golden_covers_every_case():
    missing = sorted(set(NAMES) - set(OPS))
    assert not missing, f"no PyTorch answers recorded for {missing}: run tests/make_golden.py"
    assert not set(OPS) - set(NAMES), "golden/ops.json has cases the table no longer has"


@pytest.mark.parametrize("name", NAMES)
def test_op_matches_recorded_pytorch(name):
    assert not same_op_result(op_cases.run_op_case(pyautograd, name), OPS[name])


@pytest.mark.parametrize("name", NAMES)
def test_op_float32_default_dtype_matches_golden(name):
    """The same case in float32 (the default dtype) agrees to float32 precision."""
    if name in op_cases.FLOAT64_ONLY:
        pytest.skip(op_cases.FLOAT64_ONLY[name])
    fn, shapes = op_cases.BY_NAME[name]
    xs = [pyautograd.tensor(x.astype(np.float32), requires_grad=True) for x in op_cases.inputs(name, shapes)]
    out = fn(pyautograd, *xs)
    if out.dtype != pyautograd.float32:  # a case that casts on purpose (to_float32) or counts
        pytest.skip(f"{name} gives {out.dtype} from float32 inputs")
    np.testing.assert_allclose(
        np.asarray(out.tolist(), dtype=float),
        np.asarray(OPS[name]["value"], dtype=float),
        rtol=2e-5,
        atol=2e-6,
    )
    (out * pyautograd.tensor(op_cases.weights(tuple(out.shape)).astype(np.float32))).sum().backward()
    for x, g in zip(xs, OPS[name]["grads"]):
        if g is None:
            continue
        assert x.grad.dtype == pyautograd.float32
        np.testing.assert_allclose(np.asarray(x.grad.tolist()), np.asarray(g), rtol=1e-4, atol=1e-5)


def test_golden_files_agree_with_live_torch():
    """Guard against stale golden files: regenerate with tests/make_golden.py."""
    torch = pytest.importorskip("torch")
    stale = [name for name in NAMES if same_op_result(as_ours(op_cases.run_op_case(torch, name)), OPS[name])]
    printing = json.loads((GOLDEN / "printing.json").read_text())["cases"]
    stale += [n for n in mg.PRINT_CASES if mg.run_print_case(torch, n) != printing.get(n)]
    errors = json.loads((GOLDEN / "errors.json").read_text())["cases"]
    stale += [n for n in mg.ERROR_CASES if mg.run_error_case(torch, n) != errors.get(n)]
    assert not stale, f"golden out of date for {stale}; run tests/make_golden.py"


def test_comparison_can_fail():
    result = {"grad_fn": "A", "shape": [2], "value": [1.0, 2.0], "grads": [[1.0, 1.0]]}
    assert not same_op_result(result, dict(result, value=[1.0, 2.0 + 1e-15]))
    assert same_op_result(result, dict(result, grads=[[1.0, 1.5]]))
    assert same_op_result(result, dict(result, grad_fn="B"))
    assert close([1.0, float("nan")], [1.0, float("nan")])
    assert not close(None, [1.0])
