"""Run the runnable cells of a docs page in CPython and compare them with their expected output.

This is the CPython side of the Markdown cell contract (see /work/notes/COMMON.md):

* ```` ```python {.run} ```` opens a runnable cell; ```` ```python {.run .expect-error} ````
  a cell that must raise. All cells of one page share one namespace and run in order.
* An optional ```` ```text {.expected} ```` fence right after a cell (only blank lines may
  come between) holds exactly what the cell prints on stdout; for an expect-error cell, the
  stdout (if any) followed by the last traceback line, ``Type: message``.
* Fences may be indented (inside ``!!! note`` admonitions or ``=== "tab"`` blocks); the
  fence's own indentation is removed from every line of its body.
* Plain ```` ```python ```` fences (no ``{.run}``) are not run.

Interface (all that lesson writers and the site tests need)::

    from doc_cells import parse_cells, run_page, compare

    cells = parse_cells(markdown_text)          # list[Cell]
    results = run_page(cells)                   # list[Result], same order
    for cell, result in zip(cells, results):
        problem = compare(cell, result)         # None when the cell behaves as written
        if problem:
            print(problem)

``Cell`` has ``index`` (0-based, among runnable cells), ``code``, ``expect_error``,
``expected`` (``str`` or ``None`` when there is no expected block) and ``line`` (1-based
line of the opening fence). ``Result`` has ``stdout``, ``stderr``, ``error`` (the last
traceback line ``"Type: message"`` or ``None``) and ``traceback`` (the full text, for
failure messages).

``run_page`` puts ``runtime/python`` (for ``lessonkit``) and the repository root (for
``pyautograd``) on ``sys.path``. It does not seed random generators: callers do that
(``tests/docs/test_docs_cells.py`` calls ``pyautograd.manual_seed(0)`` and
``numpy.random.seed(0)`` before every page).

To check one page by hand::

    .venv/bin/python tests/doc_cells.py docs/lessons/01-computational-graph.md
"""

from __future__ import annotations

import contextlib
import difflib
import io
import re
import sys
import traceback
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
RUNTIME_PYTHON = REPO_ROOT / "runtime" / "python"

# An opening fence: indentation, at least three backticks or tildes, then the info string.
_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


@dataclass(frozen=True)
class Cell:
    index: int  # 0-based position among the page's runnable cells
    code: str
    expect_error: bool
    expected: str | None  # body of the ```text {.expected} fence, or None
    line: int  # 1-based line number of the opening fence


@dataclass(frozen=True)
class Result:
    stdout: str
    stderr: str
    error: str | None  # "Type: message" (last traceback line) or None
    traceback: str | None  # full formatted traceback, for failure reports


def _info(info: str) -> tuple[str, set[str]]:
    """Split a fence info string into (language, classes).

    Accepts ``python {.run .expect-error}``, ``python{.run}`` and ``{.python .run}``.
    """
    info = info.strip()
    lang, attrs = info, ""
    brace = info.find("{")
    if brace >= 0 and info.endswith("}"):
        lang, attrs = info[:brace].strip(), info[brace + 1 : -1]
    classes = {tok[1:] for tok in attrs.split() if tok.startswith(".")}
    if not lang:
        for candidate in ("python", "text"):
            if candidate in classes:
                lang = candidate
                classes.discard(candidate)
                break
    return lang.lower(), classes


def _expand_tabs(line: str) -> str:
    return line.expandtabs(4)


def _strip_indent(line: str, width: int) -> str:
    """Remove up to ``width`` leading spaces (the fence's indentation) from ``line``."""
    n = 0
    while n < width and n < len(line) and line[n] == " ":
        n += 1
    return line[n:]


def _fences(lines: list[str]):
    """Yield (line_no, language, classes, body) for every fenced block, in order."""
    i = 0
    while i < len(lines):
        m = _FENCE_OPEN.match(lines[i])
        if not m or (m.group("fence")[0] == "`" and "`" in m.group("info")):
            i += 1
            continue
        indent = len(m.group("indent"))
        fence = m.group("fence")
        close = re.compile(r"^[ ]*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$")
        lang, classes = _info(m.group("info"))
        start = i
        body = []
        i += 1
        while i < len(lines) and not close.match(lines[i]):
            body.append(_strip_indent(lines[i], indent))
            i += 1
        i += 1  # skip the closing fence (or run past the end of an unclosed block)
        yield start + 1, lang, classes, "\n".join(body) + ("\n" if body else ""), i


def parse_cells(markdown_text: str) -> list[Cell]:
    """Return the runnable cells of a page, each with its expected output (if any)."""
    lines = [_expand_tabs(l) for l in markdown_text.splitlines()]
    blocks = list(_fences(lines))
    cells: list[Cell] = []
    k = 0
    while k < len(blocks):
        line_no, lang, classes, body, end = blocks[k]
        if lang == "python" and "run" in classes:
            expected = None
            if k + 1 < len(blocks):
                nxt_line, nxt_lang, nxt_classes, nxt_body, _ = blocks[k + 1]
                between = lines[end : nxt_line - 1]
                if nxt_lang == "text" and "expected" in nxt_classes and all(not l.strip() for l in between):
                    expected = nxt_body
                    k += 1
            cells.append(
                Cell(
                    index=len(cells),
                    code=body,
                    expect_error="expect-error" in classes,
                    expected=expected,
                    line=line_no,
                )
            )
        k += 1
    return cells


def _ensure_paths() -> None:
    for path in (str(RUNTIME_PYTHON), str(REPO_ROOT)):
        if path not in sys.path:
            sys.path.insert(0, path)


def _last_line(exc: BaseException) -> str:
    return "".join(traceback.format_exception_only(type(exc), exc)).rstrip()


def run_page(cells: list[Cell], namespace: dict | None = None) -> list[Result]:
    """Execute ``cells`` in order in one namespace; never raises for a cell's own error."""
    _ensure_paths()
    ns = {"__name__": "__main__"} if namespace is None else namespace
    results = []
    for cell in cells:
        out, err = io.StringIO(), io.StringIO()
        error = tb = None
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                exec(compile(cell.code, f"<cell {cell.index}>", "exec"), ns)
            except Exception as exc:  # a cell's failure is data, not a harness failure
                error = _last_line(exc)
                tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        results.append(Result(stdout=out.getvalue(), stderr=err.getvalue(), error=error, traceback=tb))
    return results


def _normalise(text: str) -> list[str]:
    lines = [l.rstrip() for l in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def compare(cell: Cell, result: Result) -> str | None:
    """``None`` if the cell behaved as the page says; otherwise a readable explanation."""
    if cell.expect_error:
        if result.error is None:
            return "the cell is marked .expect-error but raised no exception"
        actual = (
            result.stdout + ("" if not result.stdout or result.stdout.endswith("\n") else "\n") + result.error
        )
    else:
        if result.error is not None:
            return f"the cell raised an exception:\n{result.traceback}"
        actual = result.stdout
    if cell.expected is None:
        return None
    want, got = _normalise(cell.expected), _normalise(actual)
    if want == got:
        return None
    diff = difflib.unified_diff(want, got, "expected (in the page)", "actual (CPython)", lineterm="")
    return "output differs:\n" + "\n".join(diff)


def check_text(markdown_text: str) -> list[tuple[Cell, str]]:
    """Run a page's cells and return ``(cell, problem)`` for every cell that fails."""
    cells = parse_cells(markdown_text)
    results = run_page(cells)
    return [(c, p) for c, r in zip(cells, results) if (p := compare(c, r))]


if __name__ == "__main__":
    status = 0
    for name in sys.argv[1:]:
        text = Path(name).read_text(encoding="utf-8")
        n = len(parse_cells(text))
        problems = check_text(text)
        print(f"{name}: {n} cells, {len(problems)} failing")
        for cell, problem in problems:
            status = 1
            print(f"--- cell {cell.index} (line {cell.line})\n{problem}\n")
    sys.exit(status)
