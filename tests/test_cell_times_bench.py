"""bench/cell_times.py: the per-cell table, the progress rule and its own RESULTS.md section."""

import importlib.util
import pathlib

import pytest

CELL_TIMES = pathlib.Path(__file__).resolve().parents[1] / "bench" / "cell_times.py"


@pytest.fixture(scope="module")
def bench():
    pytest.importorskip("playwright", reason="bench/cell_times.py drives Chromium through Playwright")
    spec = importlib.util.spec_from_file_location("cell_times_bench", CELL_TIMES)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _row(index, ms, silence, first=0.1, cpython=0.5, error=None, expect_error=False):
    return {
        "index": index,
        "what": "for epoch in range(10):",
        "ms": ms,
        "cpython_s": cpython,
        "first_output_s": first,
        "silence_s": silence,
        "updates": 3,
        "error": error,
        "expect_error": expect_error,
    }


def test_a_long_silent_cell_is_a_failure_and_a_long_talkative_one_is_not(bench):
    results = {
        "09-real-data": [
            _row(1, 9000, 0.8),
            _row(2, 7000, 7.0, first=None),
            _row(3, 20, 0.02, cpython=0.001),
        ],
        "10-common-bugs": [_row(1, 30, 0.03, error="RuntimeError: x", expect_error=True)],
    }
    text, failures = bench.table(results)
    assert failures == ["09-real-data cell 2 ran 7.0 s with 7.0 s without any output"]
    assert "| 09-real-data | 3 | 16.0 s | 1.00 s | 9.0 s (cell 1) |" in text
    assert (
        "| 09-real-data | 1 | `for epoch in range(10):` | 9.00 s | 0.500 s | 18.0× | 0.10 s | 0.80 s | 3 |"
        in text
    )
    assert "7.00 s **(no progress)**" in text and "| — | 7.00 s" in text
    assert "| 0.001 s | — |" in text  # a ratio against under 10 ms of CPython is noise: not shown


def test_an_unexpected_error_is_a_failure(bench):
    _, failures = bench.table({"07-matrix-backprop": [_row(4, 10, 0.01, error="NameError: X")]})
    assert failures == ["07-matrix-backprop cell 4 raised NameError: X"]


def test_only_its_own_section_is_rewritten(bench, tmp_path):
    path = tmp_path / "RESULTS.md"
    path.write_text("# Benchmarks\n\n<!-- begin boot -->\nboot numbers\n<!-- end boot -->\n")
    bench.write_results(path, "| first |", [], (1.0, 2.0, 3.0))
    bench.write_results(path, "| second |", ["09-real-data cell 2 ran 7.0 s"], (4.0, 5.0, 6.0))
    text = path.read_text()
    assert text.startswith("# Benchmarks\n\n<!-- begin boot -->\nboot numbers\n<!-- end boot -->\n")
    assert text.count(bench.SECTION) == 1 and "| second |" in text and "| first |" not in text
    assert "load average 4.0 / 5.0 / 6.0" in text and "**MISSED**" in text
    assert "- 09-real-data cell 2 ran 7.0 s" in text


def test_first_line_skips_imports_and_comments(bench):
    assert bench.first_line("import numpy as np\n\n# seed\nrng = np.random.default_rng(7)\n") == (
        "rng = np.random.default_rng(7)"
    )
