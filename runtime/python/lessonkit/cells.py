"""The cell contract, written once: how a Markdown page declares runnable cells, how a cell
runs, and how its output is compared with the page.

Everything that handles cells uses this module: the build hook (hooks/cells_fence.py
checks every page with ``parse_cells`` and renders the same classes), the CPython tests
(tests/doc_cells.py), the browser tests (site_tests/test_lessons.py) and the worker's
runner in Pyodide (lessonkit/harness.py runs each cell through ``execute``).

The contract
------------
* ```` ```python {.run} ```` opens a runnable cell; ```` ```python {.run .expect-error} ````
  a cell whose exception is the point of the lesson. All cells of one page share one
  namespace and run in order; the cell at 0-based position ``i`` is compiled as the file
  ``<cell i+1>``, however often and in whatever order it runs: tracebacks and the page's
  notes ("সেল N") number a cell the same way. (A function kept from an earlier version of
  a cell shows that cell's current lines in a traceback, as the file name is the same.)
* An optional ```` ```text {.expected} ```` fence right after a cell (only blank lines may
  come between) holds exactly what the cell prints on stdout; for an expect-error cell, the
  stdout (if any) followed by the exception's last line, ``Type: message``.
* Fences may be indented (inside admonitions or tabs); the fence's own indentation is
  removed from every line of its body. Plain ```` ```python ```` fences are not run.
* Output matches when the lines agree after trailing whitespace and trailing blank lines are
  dropped (``normalise``).
* Any other class on a ``{.run}`` or ``{.expected}`` fence, or an expected block that follows
  no runnable cell, is an error: ``parse_cells`` raises ``CellSyntaxError`` (the build fails).
"""

from __future__ import annotations

import contextlib
import io
import re
import traceback
from dataclasses import dataclass

RUN = "run"  # class of a runnable python fence
EXPECT_ERROR = "expect-error"  # class of a runnable fence whose exception is expected
EXPECTED = "expected"  # class of the text fence holding a cell's expected output
KNOWN_CLASSES = {"python": {RUN, EXPECT_ERROR}, "text": {EXPECTED}}

# An opening fence: indentation, at least three backticks or tildes, then the info string.
_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


class CellSyntaxError(ValueError):
    """A page uses the cell fences in a way the contract does not define."""


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


def cell_filename(number: int) -> str:
    """The file name a cell is compiled under: ``<cell N>``, N being its position on the
    page from 1, the number the page's notes use, not the run's counter (``[N]``)."""
    return f"<cell {number}>"


def fence_info(info: str) -> tuple[str, set[str]]:
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


def _strip_indent(line: str, width: int) -> str:
    """Remove up to ``width`` leading spaces (the fence's indentation) from ``line``."""
    n = 0
    while n < width and n < len(line) and line[n] == " ":
        n += 1
    return line[n:]


def _fences(lines: list[str]):
    """Yield (line_no, language, classes, body, end) for every fenced block, in order."""
    i = 0
    while i < len(lines):
        m = _FENCE_OPEN.match(lines[i])
        if not m or (m.group("fence")[0] == "`" and "`" in m.group("info")):
            i += 1
            continue
        indent = len(m.group("indent"))
        fence = m.group("fence")
        close = re.compile(r"^[ ]*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$")
        lang, classes = fence_info(m.group("info"))
        start = i
        body = []
        i += 1
        while i < len(lines) and not close.match(lines[i]):
            body.append(_strip_indent(lines[i], indent))
            i += 1
        i += 1  # skip the closing fence (or run past the end of an unclosed block)
        yield start + 1, lang, classes, "\n".join(body) + ("\n" if body else ""), i


def cell_spans(markdown_text: str) -> list[tuple[int, int]]:
    """(first, end) 0-based line range of each runnable cell with its expected block, in
    order: what a page shows as one cell (hooks/notebooks.py cuts the prose around them)."""
    lines = [line.expandtabs(4) for line in markdown_text.splitlines()]
    blocks = list(_fences(lines))
    spans = []
    k = 0
    while k < len(blocks):
        line_no, lang, classes, _, end = blocks[k]
        if lang == "python" and RUN in classes:
            if k + 1 < len(blocks):
                nxt_line, nxt_lang, nxt_classes, _, nxt_end = blocks[k + 1]
                if (
                    nxt_lang == "text"
                    and EXPECTED in nxt_classes
                    and all(not s.strip() for s in lines[end : nxt_line - 1])
                ):
                    end = nxt_end
                    k += 1
            spans.append((line_no - 1, end))
        k += 1
    return spans


def _is_cell_fence(lang: str, classes: set[str]) -> bool:
    return (lang == "python" and RUN in classes) or (lang == "text" and EXPECTED in classes)


def parse_cells(markdown_text: str) -> list[Cell]:
    """Return the runnable cells of a page, each with its expected output (if any)."""
    lines = [line.expandtabs(4) for line in markdown_text.splitlines()]
    blocks = list(_fences(lines))
    cells: list[Cell] = []
    k = 0
    while k < len(blocks):
        line_no, lang, classes, body, end = blocks[k]
        if _is_cell_fence(lang, classes) and classes - KNOWN_CLASSES[lang]:
            unknown = ", ".join(f".{c}" for c in sorted(classes - KNOWN_CLASSES[lang]))
            raise CellSyntaxError(f"line {line_no}: unknown class {unknown} on a cell fence")
        if lang == "text" and EXPECTED in classes:
            raise CellSyntaxError(f"line {line_no}: an {{.expected}} block must follow a runnable cell")
        if lang == "python" and RUN in classes:
            expected = None
            if k + 1 < len(blocks):
                nxt_line, nxt_lang, nxt_classes, nxt_body, _ = blocks[k + 1]
                between = lines[end : nxt_line - 1]
                if nxt_lang == "text" and EXPECTED in nxt_classes and all(not s.strip() for s in between):
                    if nxt_classes - KNOWN_CLASSES["text"]:
                        unknown = ", ".join(f".{c}" for c in sorted(nxt_classes - KNOWN_CLASSES["text"]))
                        raise CellSyntaxError(f"line {nxt_line}: unknown class {unknown} on a cell fence")
                    expected = nxt_body
                    k += 1
            cells.append(Cell(len(cells), body, EXPECT_ERROR in classes, expected, line_no))
        k += 1
    return cells


def last_line(exc: BaseException) -> str:
    """``Type: message``, as the last line of a traceback shows it."""
    return "".join(traceback.format_exception_only(type(exc), exc)).rstrip()


def execute(code: str, number: int, namespace: dict) -> BaseException | None:
    """Run one cell's code in ``namespace`` as cell ``number`` (``<cell number>``).

    Returns the exception the cell raised (a cell's failure is data, not a harness
    failure), or ``None``. Output goes wherever ``sys.stdout`` points: the caller decides
    whether to capture it (tests) or stream it (the browser).
    """
    try:
        exec(compile(code, cell_filename(number), "exec"), namespace)
    except BaseException as exc:  # SystemExit and Stop's KeyboardInterrupt too: the caller decides
        return exc
    return None


def run_page(cells: list[Cell], namespace: dict | None = None) -> list[Result]:
    """Execute ``cells`` in order in one namespace, capturing each cell's output (CPython)."""
    ns = {"__name__": "__main__"} if namespace is None else namespace
    results = []
    for cell in cells:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            exc = execute(cell.code, cell.index + 1, ns)  # cell i is <cell i+1>, as in the browser
        if isinstance(exc, KeyboardInterrupt):
            raise exc
        error = tb = None
        if exc is not None:
            error = last_line(exc)
            tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        results.append(Result(out.getvalue(), err.getvalue(), error, tb))
    return results


def normalise(text: str | None) -> list[str]:
    """The lines that are compared: trailing whitespace and trailing blank lines dropped."""
    lines = [line.rstrip() for line in (text or "").splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def observed(stdout: str, error: str | None) -> str:
    """What a cell showed, in the expected block's terms: stdout, then the error's last line."""
    if error is None:
        return stdout
    return stdout + ("" if not stdout or stdout.endswith("\n") else "\n") + error


def compare(cell: Cell, result: Result) -> str | None:
    """``None`` if the cell behaved as the page says; otherwise a readable explanation."""
    if cell.expect_error and result.error is None:
        return "the cell is marked .expect-error but raised no exception"
    if not cell.expect_error and result.error is not None:
        return f"the cell raised an exception:\n{result.traceback}"
    if cell.expected is None:
        return None
    want, got = normalise(cell.expected), normalise(observed(result.stdout, result.error))
    if want == got:
        return None
    import difflib  # here, not at the top: its import is 40 ms of every page's start-up

    diff = difflib.unified_diff(want, got, "expected (in the page)", "actual", lineterm="")
    return "output differs:\n" + "\n".join(diff)
