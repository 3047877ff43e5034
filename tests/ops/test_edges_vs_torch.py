"""Every declared element-wise op at the edges (``edge_cases.py``) against PyTorch: its
recorded answers (``golden/edges.json``, everywhere) and live torch (where it imports)."""

import json
import pathlib
import warnings

import edge_cases as E
import pytest

import pyautograd

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden" / "edges.json"
CASES = [(name, dtype) for name in E.OPS for dtype in E.DTYPES]


def _golden():
    return json.loads(GOLDEN.read_text())["cases"] if GOLDEN.exists() else {}


def test_golden_covers_every_declared_op():
    missing = sorted({f"{n}/{d}" for n, d in CASES} - set(_golden()))
    assert not missing, f"no PyTorch answers recorded for {missing}: run tests/make_golden.py"


@pytest.mark.parametrize("name, dtype", CASES)
def test_edges_match_recorded_pytorch(name, dtype):
    want = _golden().get(f"{name}/{dtype}")
    if want is None:
        pytest.fail(f"{name}/{dtype} is not in golden/edges.json: run tests/make_golden.py")
    got = E.run_edge_case(pyautograd, name, dtype)
    assert got["dtype"] == want["dtype"].replace("torch.", "pyautograd.")
    assert not E.differences(got, want, name, dtype)


@pytest.mark.parametrize("name, dtype", CASES)
def test_edges_match_live_pytorch(name, dtype):
    torch = pytest.importorskip("torch")
    assert not E.differences(
        E.run_edge_case(pyautograd, name, dtype), E.run_edge_case(torch, name, dtype), name, dtype
    )


def test_known_differences_are_still_different():
    """Each exemption names a value where we really differ: once PyTorch's answer and ours
    agree, the exemption must go (it would hide a regression)."""
    golden = _golden()
    for name, dtype, x in E.KNOWN_DIFFERENCES:
        got = E.run_edge_case(pyautograd, name, dtype)
        want = golden[f"{name}/{dtype}"]
        i = E.VALUES.index(x)
        assert not (
            E.same_number(got["value"][i], want["value"][i], dtype)
            and E.same_number(got["grad"][i], want["grad"][i], dtype)
        ), (name, dtype, x)


def test_sigmoid_keeps_its_lower_tail():
    """The numbers of the issue that found the tail lost (PyTorch 2.13's own)."""
    x = pyautograd.tensor([-10.0, -17.0, -20.0])
    assert pyautograd.sigmoid(x).tolist() == pytest.approx([4.5398e-05, 4.1399e-08, 2.0612e-09], rel=1e-4)
    wide = pyautograd.tensor([-50.0], dtype=pyautograd.float64)
    assert pyautograd.log(pyautograd.sigmoid(wide)).item() == pytest.approx(-50.0, rel=1e-15)


@pytest.mark.parametrize("name, dtype", CASES)
def test_edges_raise_no_warnings(name, dtype):
    """PyTorch computes NaN and inf silently; a NumPy warning in a learner's cell would be noise."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        E.run_edge_case(pyautograd, name, dtype)
