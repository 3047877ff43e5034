"""The worker's Python side (runtime/python/lessonkit/harness.py) in CPython: no browser needed.

What crosses to JavaScript must be strict JSON, a runaway recursion must not produce a
traceback of a million frames, a raised recursion limit must not outlive its cell, and the
patched time.sleep must sleep in slices that Stop can cut short.
"""

import importlib.util
import json
import math
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def harness(monkeypatch):
    monkeypatch.syspath_prepend(str(REPO / "runtime" / "python"))  # lessonkit
    spec = importlib.util.spec_from_file_location(
        "lessonkit.harness", REPO / "runtime" / "python" / "lessonkit" / "harness.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(time, "sleep", time.sleep)  # setup() replaces it; undone after the test
    return module


def run(harness, code, counter=1, key="page#1"):
    return json.loads(harness.run_cell(key, counter, code))


def test_display_messages_become_strict_json(harness):
    text = harness._strict_json({"kind": "x", "values": [1.0, math.nan, [math.inf, -math.inf]], "t": "ক"})
    assert json.loads(text) == {"kind": "x", "values": [1.0, None, [None, None]], "t": "ক"}
    assert "NaN" not in text and "Infinity" not in text


def test_cells_are_named_by_their_run_counter(harness):
    result = run(harness, "def f():\n    return 1 / 0\nf()", counter=7)
    assert result["kind"] == "ZeroDivisionError"
    assert 'File "<cell 7>", line 3' in result["traceback"]
    assert 'File "<cell 7>", line 2, in f' in result["traceback"]


def test_a_runaway_recursion_shows_a_short_traceback(harness):
    result = run(harness, "import sys\nsys.setrecursionlimit(5000)\ndef f(n):\n    return f(n + 1)\nf(0)")
    assert result["kind"] == "RecursionError"
    tb = result["traceback"]
    omitted = [line for line in tb.splitlines() if "earlier calls not shown" in line]
    assert len(omitted) == 1 and int(omitted[0].split()[1]) > 4000, omitted
    assert tb.count('File "<cell 1>"') <= harness.TRACEBACK_FRAMES
    assert len(tb) < 5000
    assert tb.rstrip().endswith("RecursionError: maximum recursion depth exceeded")


def test_a_short_traceback_is_left_whole(harness):
    tb = run(harness, "raise KeyError('k')")["traceback"]
    assert "not shown" not in tb
    assert (
        tb == 'Traceback (most recent call last):\n  File "<cell 1>", line 1, in <module>\n'
        "    raise KeyError('k')\nKeyError: 'k'\n"
    )


def test_a_raised_recursion_limit_ends_with_its_cell(harness):
    before = sys.getrecursionlimit()
    assert run(harness, "import sys\nsys.setrecursionlimit(12345)")["error"] is None
    assert sys.getrecursionlimit() == before
    run(harness, "import sys\nsys.setrecursionlimit(23456)\n1 / 0")
    assert sys.getrecursionlimit() == before


def test_sleep_waits_in_slices_that_stop_can_interrupt(harness, monkeypatch):
    waits = []

    def wait_for_interrupt(seconds):
        waits.append(seconds)
        if len(waits) == 3:  # Stop pressed during the third slice
            raise KeyboardInterrupt

    import builtins

    monkeypatch.setattr(builtins, "input", builtins.input)
    monkeypatch.setattr(sys.stdout, "reconfigure", lambda **kw: None, raising=False)
    monkeypatch.setattr(sys.stderr, "reconfigure", lambda **kw: None, raising=False)
    import lessonkit

    monkeypatch.setattr(lessonkit.display, "_sink", lessonkit.display._sink)
    clock = iter(range(100))
    monkeypatch.setattr(time, "monotonic", lambda: next(clock) * 0.25)
    harness.setup(lambda message: None, wait_for_interrupt)
    result = run(harness, "import time\ntime.sleep(30)")
    assert result["kind"] == "KeyboardInterrupt"
    assert waits == [0.25, 0.25, 0.25]
    with pytest.raises(ValueError, match="sleep length must be non-negative"):
        time.sleep(-1)


def test_expected_output_is_compared_by_the_cpython_tests_rule(harness):
    """The page's ✓ uses lessonkit.cells' normaliser, the one the CPython cell tests use."""
    assert harness.matches_expected("a = 1\nb\n\n", "a = 1   \nb\n", None)
    assert not harness.matches_expected("a = 1\n", "a = 2\n", None)
    assert not harness.matches_expected("  a\n", "a\n", None)  # leading space counts
    # an expected error's last line follows the printed text, newline or not
    assert harness.matches_expected("x\nValueError: bad", "x", "ValueError: bad")
    assert harness.matches_expected("x\nValueError: bad", "x\n", "ValueError: bad")
    assert not harness.matches_expected("x\n", "x\n", "ValueError: bad")


def test_a_recursion_deep_in_library_code_still_shows_the_readers_error(harness):
    """The last frames are all the library's (copy.py): none is the reader's, and the
    formatter still gives the error, with the reader's own line."""
    code = "import copy\na = []\nfor _ in range(100000):\n    a = [a]\ncopy.deepcopy(a)"
    result = run(harness, code, counter=3)
    assert result["kind"] == "RecursionError"
    assert result["error"].startswith("RecursionError: maximum recursion depth exceeded"), result
    assert "RecursionError: maximum recursion depth exceeded" in result["traceback"]
    assert 'File "<cell 3>", line 5' in result["traceback"]  # copy.deepcopy(a)
    assert "calls inside libraries not shown" in result["traceback"]
    assert "harness.py" not in result["traceback"] and "list.index" not in result["traceback"]


def test_the_traceback_formatter_never_fails_itself(harness, monkeypatch):
    """Whatever goes wrong while formatting, the reader's error line is what they see."""

    def broken(*args, **kwargs):
        raise ValueError("list.index(x): x not in list")

    monkeypatch.setattr(harness, "_only_cells", broken)
    result = run(harness, "1 / 0")
    assert result["kind"] == "ZeroDivisionError"
    assert result["traceback"].strip().endswith("ZeroDivisionError: division by zero"), result
