"""Every runnable cell of every docs page runs in CPython and prints what the page says.

The harness itself (parsing fences, running, comparing) is in ``doc_cells.py``; the
first tests below pin its behaviour on small pages so a broken parser cannot make the
page tests pass vacuously.
"""

import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from doc_cells import (  # noqa: E402
    DOCS,
    REPO_ROOT,
    Cell,
    CellSyntaxError,
    Result,
    compare,
    nav_pages,
    parse_cells,
    run_page,
)

PAGES = nav_pages()


# ---------------------------------------------------------------- the harness itself

SAMPLE = textwrap.dedent("""\
    # title

    ```python
    print("not run")
    ```

    ```python {.run}
    x = 2
    print(x * 3)
    ```

    ```text {.expected}
    6
    ```

    !!! note "inside an admonition"

        ```python {.run .expect-error}
        print("before")
        1 / 0
        ```
        ```text {.expected}
        before
        ZeroDivisionError: division by zero
        ```

    === "tab"

        ```python {.run}
        print(x)
        ```

    ```text {.expected}
    orphan: not right after a runnable cell? it is (only blank lines between)
    ```

    ```python {.run}
    y = 1
    ```
    some prose
    """)


def test_parse_cells_finds_runnable_cells_with_their_expected_output():
    cells = parse_cells(SAMPLE)
    assert [c.index for c in cells] == [0, 1, 2, 3]
    assert cells[0] == Cell(0, "x = 2\nprint(x * 3)\n", False, "6\n", 7)
    assert cells[1].expect_error and cells[1].code == 'print("before")\n1 / 0\n'
    assert cells[1].expected == "before\nZeroDivisionError: division by zero\n"
    assert cells[1].line == 18
    assert cells[2].code == "print(x)\n" and not cells[2].expect_error
    assert cells[2].expected.startswith("orphan")
    assert cells[3].expected is None


def test_run_page_shares_one_namespace_and_captures_errors():
    cells = parse_cells(SAMPLE)
    results = run_page(cells)
    assert results[0] == Result("6\n", "", None, None)
    assert results[1].stdout == "before\n"
    assert results[1].error == "ZeroDivisionError: division by zero"
    assert results[2].stdout == "2\n"
    assert compare(cells[0], results[0]) is None
    assert compare(cells[1], results[1]) is None
    assert "output differs" in compare(cells[2], results[2])
    assert compare(cells[3], results[3]) is None


def test_compare_ignores_trailing_whitespace_but_not_content():
    cell = Cell(0, "", False, "a  \nb\n\n\n", 1)
    assert compare(cell, Result("a\nb   \n", "", None, None)) is None
    assert compare(cell, Result("a\nc\n", "", None, None)) is not None
    assert compare(cell, Result("a\n\nb\n", "", None, None)) is not None


def test_compare_fails_on_unexpected_and_missing_errors():
    plain = Cell(0, "", False, None, 1)
    assert "raised" in compare(plain, Result("", "", "ValueError: x", "Traceback...\nValueError: x"))
    wants_error = Cell(0, "", True, None, 1)
    assert "no exception" in compare(wants_error, Result("", "", None, None))
    assert compare(wants_error, Result("", "", "ValueError: x", "tb")) is None


def test_unknown_classes_and_orphan_expected_blocks_fail_loudly():
    with pytest.raises(CellSyntaxError, match="line 1: unknown class .expect-eror"):
        parse_cells("```python {.run .expect-eror}\n1/0\n```\n")
    with pytest.raises(CellSyntaxError, match="line 5: an {.expected} block must follow a runnable cell"):
        parse_cells("```python {.run}\nx = 1\n```\nprose\n```text {.expected}\n1\n```\n")
    with pytest.raises(CellSyntaxError, match="unknown class .wide"):
        parse_cells("```python {.run}\nx = 1\n```\n```text {.expected .wide}\n1\n```\n")


def test_every_docs_page_is_in_the_nav():
    assert sorted(PAGES) == sorted(DOCS.rglob("*.md")), "a page missing from mkdocs.yml's nav is never tested"


def test_lessonkit_is_importable_from_cells():
    results = run_page(
        parse_cells("```python {.run}\nfrom lessonkit import check\nprint(callable(check))\n```\n")
    )
    assert results[0].stdout == "True\n" and results[0].error is None


# ---------------------------------------------------------------- the pages


def _seed():
    import numpy

    import pyautograd

    pyautograd.manual_seed(0)
    numpy.random.seed(0)


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(DOCS)) for p in PAGES])
def test_page_cells_print_what_the_page_says(page):
    cells = parse_cells(page.read_text(encoding="utf-8"))
    _seed()
    results = run_page(cells)
    problems = []
    for cell, result in zip(cells, results):
        problem = compare(cell, result)
        if problem:
            rel = page.relative_to(REPO_ROOT)
            problems.append(f"{rel}: cell {cell.index} (line {cell.line}):\n{problem}")
    assert not problems, "\n\n".join(problems)
