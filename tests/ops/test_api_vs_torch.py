"""The API outside teaching code uses (``api_cases.py``), against PyTorch: recorded answers
(``golden/api.json``, everywhere) and live torch (where it imports). Values: printed forms and
Python results; errors: type and message. (Its differentiable ops are cases of op_cases.py.)"""

import json
import pathlib

import api_cases
import make_golden as mg
import pytest
from torch_compare import as_ours, in_our_words, norm_message, same_value

import pyautograd

GOLDEN = json.loads((pathlib.Path(__file__).resolve().parents[1] / "golden" / "api.json").read_text())[
    "cases"
]


# Floats to float32 precision; strings, ints and bools exactly.
F32 = {"rel_tol": 1e-6, "abs_tol": 1e-6}


def check_error(got, want):
    want = as_ours(want)
    if "message" in want:
        want["message"] = in_our_words(norm_message(want["message"]))
    assert json.loads(json.dumps(got, default=str)) == want


def test_golden_covers_every_case():
    assert set(GOLDEN["values"]) == set(api_cases.VALUES)
    assert set(GOLDEN["errors"]) == set(api_cases.ERRORS)


@pytest.mark.parametrize("name", sorted(api_cases.VALUES))
def test_value_matches_golden(name):
    got = json.loads(json.dumps(mg.run_misc_case(pyautograd, name, api_cases.VALUES)["value"]))
    want = as_ours(GOLDEN["values"][name]["value"])
    assert same_value(got, want, **F32), (got, want)


@pytest.mark.parametrize("name", sorted(api_cases.ERRORS))
def test_error_matches_golden(name):
    check_error(mg.run_error_case(pyautograd, name, api_cases.ERRORS), GOLDEN["errors"][name])


def test_golden_agrees_with_live_torch():
    """Guard against a stale golden file: regenerate with tests/make_golden.py."""
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    live = json.loads(json.dumps(mg.api_table(torch), default=str))
    stale = [
        f"{table}/{name}"
        for table in ("values", "errors")
        for name, answer in live[table].items()
        if not _torch_agrees(table, answer, GOLDEN[table][name])
    ]
    assert not stale, stale


def _torch_agrees(table, live, recorded):
    """Two PyTorch answers agree: names, shapes, texts exactly, floats to the tolerances the
    tests use (MKL's erfinv and the optimizers' vectorised loops round the last bit
    differently on Intel and AMD processors)."""
    if table == "values":
        return same_value(live["value"], recorded["value"], **F32) and live.keys() == recorded.keys()
    return json.dumps(live, sort_keys=True) == json.dumps(recorded, sort_keys=True)


def test_helpers_can_fail():
    assert not _torch_agrees("values", {"value": 1.0}, {"value": 1.5})
    assert not same_value(1.0, 1.01, **F32)
    assert not same_value([1, 2], [1, 2, 3], **F32) and not same_value(1, True, **F32)
