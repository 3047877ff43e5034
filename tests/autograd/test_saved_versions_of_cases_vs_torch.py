"""Every op case of the table (op_cases.py), each of its tensors changed in place after the
forward (``add_(0)`` under no_grad: only the version moves), then backward: the backward
must stop exactly where PyTorch's does, with PyTorch's error (the node, the shape and the
versions it names), or run where PyTorch's runs. This is what saving for backward exactly
what PyTorch saves means. Compared with PyTorch's recorded answers (golden/versions.json,
made by tests/make_golden.py) everywhere, and with live torch where it imports."""

import functools
import json
import pathlib

import op_cases
import pytest
from torch_compare import norm_message

import pyautograd

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
VERSIONS = json.loads((GOLDEN / "versions.json").read_text())["cases"]
NAMES = sorted(op_cases.BY_NAME)

# (case, tensor changed) where we still differ from PyTorch, with the reason. The tests fail
# when one of them stops differing, so the list only shrinks.
KNOWN_DIFFERENCES = {}


def _outcome(result):
    """An outcome as both libraries should give it (message in PyTorch's words)."""
    return result if result is None else dict(result, message=norm_message(result["message"]))


@functools.cache
def _ours(name):
    """Our outcomes of a case, target by target (once for both tests)."""
    return {
        t: _outcome(op_cases.modified_after_forward(pyautograd, name, t))
        for t in op_cases.version_targets(pyautograd, name)
    }


def _differences(name, theirs):
    """The targets of a case whose outcome differs from ``theirs`` (target -> outcome)."""
    return {target for target, ours in _ours(name).items() if ours != _outcome(theirs[target])}


def _known(name):
    return {target for case, target in KNOWN_DIFFERENCES if case == name}


def test_golden_covers_every_case():
    assert sorted(VERSIONS) == NAMES, "run tests/make_golden.py --new-only"
    assert all(sorted(VERSIONS[n]) == sorted(op_cases.version_targets(pyautograd, n)) for n in NAMES)


def test_known_differences_are_cases():
    assert all(target in op_cases.version_targets(pyautograd, case) for case, target in KNOWN_DIFFERENCES)


@pytest.mark.parametrize("name", NAMES)
def test_in_place_after_forward_like_recorded_pytorch(name):
    assert _differences(name, VERSIONS[name]) == _known(name)


@pytest.mark.parametrize("name", NAMES)
def test_in_place_after_forward_like_live_torch(name):
    torch = pytest.importorskip("torch")
    theirs = {
        t: op_cases.modified_after_forward(torch, name, t) for t in op_cases.version_targets(pyautograd, name)
    }
    assert _differences(name, theirs) == _known(name)
