"""Printed forms, warnings and errors of ``fidelity_cases.py`` against PyTorch: recorded
answers (``golden/fidelity.json``, everywhere) and live torch (where it imports)."""

import json
import pathlib
import re
import warnings

import fidelity_cases
import make_golden as mg
import pytest
from torch_compare import as_ours, norm_message

import pyautograd

GOLDEN = json.loads((pathlib.Path(__file__).resolve().parents[1] / "golden" / "fidelity.json").read_text())[
    "cases"
]


def normalised(outcome):
    """Messages without PyTorch's C++ locations, our module name for torch's (on both sides)."""
    outcome = as_ours(json.loads(json.dumps(outcome, default=str)))
    if outcome.get("message"):
        outcome["message"] = as_ours(norm_message(outcome["message"]))
    outcome["warnings"] = [[c, as_ours(norm_message(m))] for c, m in outcome.get("warnings", [])]
    return outcome


def test_golden_covers_every_case():
    assert set(GOLDEN["values"]) == set(fidelity_cases.VALUES)
    assert set(GOLDEN["errors"]) == set(fidelity_cases.ERRORS)


@pytest.mark.parametrize("name", sorted(fidelity_cases.VALUES))
def test_value_matches_golden(name):
    got = json.loads(json.dumps(mg.run_misc_case(pyautograd, name, fidelity_cases.VALUES)["value"]))
    assert got == as_ours(GOLDEN["values"][name]["value"])


@pytest.mark.parametrize("name", sorted(fidelity_cases.ERRORS))
def test_error_matches_golden(name):
    got = normalised(mg.run_error_case(pyautograd, name, fidelity_cases.ERRORS))
    assert got == normalised(GOLDEN["errors"][name])


def test_golden_agrees_with_live_torch():
    """Guard against a stale golden file: regenerate with tests/make_golden.py."""
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    live = json.loads(json.dumps(mg.fidelity_table(torch), default=str))
    stale = [
        f"{table}/{name}"
        for table in ("values", "errors")
        for name, answer in live[table].items()
        if json.dumps(answer, sort_keys=True) != json.dumps(GOLDEN[table][name], sort_keys=True)
    ]
    assert not stale, stale


@pytest.mark.parametrize(
    "shape, message",
    [
        (
            (2, 3, 4),
            "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated",
        ),
        ((3,), "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated"),
        ((), "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases."),
    ],
)
def test_T_on_a_non_matrix_warns_at_the_learners_line(shape, message):
    """PyTorch words (it warns once per process, which a shared test process cannot compare)."""
    with pytest.warns(UserWarning, match=re.escape(message)) as caught:
        pyautograd.ones(*shape).T  # noqa: B018
    assert caught[0].filename == __file__


def test_T_on_a_matrix_is_quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert pyautograd.ones(2, 3).T.shape == (3, 2)
