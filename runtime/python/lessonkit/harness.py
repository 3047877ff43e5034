"""Runs the reader's cells inside Pyodide; the site's worker imports this module.

One namespace per page visit (like a notebook kernel per page). Each cell runs through
``lessonkit.cells.execute``, the same function the CPython tests use, so tracebacks and
error lines read the same in both places. A cell's code is named ``<cell N>``, N being its
position on the page from 1, the number the page's own notes give it ("সেল N"); the
CPython tests name cell i ``<cell i+1>`` too. The
traceback shown to the reader keeps only frames of the reader's own cells, and at most
``TRACEBACK_FRAMES`` of them (a runaway recursion has as many frames as the limit allows).
"""

import json
import linecache
import math
import sys
import time
import traceback

from lessonkit.cells import cell_filename, execute, last_line, normalise, observed

TRACEBACK_FRAMES = 50

_namespaces = {}
_code_ended = None  # setup's code_ended: tells the page the cell's own code is over


def setup(post_display, wait_for_interrupt=None, code_ended=None):
    """Line-buffer the streams (so prints appear as they happen), route lessonkit displays,
    and, when the page can interrupt Python, make ``time.sleep`` wake up for Stop.
    ``code_ended()`` is called as each cell's own code ends (raised or not), before its
    error is formatted: Stop signals again only while the cell's code still runs.

    ``wait_for_interrupt(seconds)`` blocks like a sleep but returns at once when Stop
    raises the interrupt (the worker waits on the shared interrupt buffer), raising the
    KeyboardInterrupt there."""
    sys.stdout.reconfigure(line_buffering=True)
    sys.stderr.reconfigure(line_buffering=True)
    import builtins

    builtins.input = _no_input
    import lessonkit

    def sink(message):
        sys.stdout.flush()
        sys.stderr.flush()
        post_display(_strict_json(message))

    lessonkit.set_sink(sink)
    if wait_for_interrupt is not None:
        time.sleep = _interruptible_sleep(wait_for_interrupt)
    global _code_ended
    _code_ended = code_ended


def _interruptible_sleep(wait_for_interrupt):
    """``time.sleep`` in slices that Stop can cut short: the KeyboardInterrupt arrives within
    one slice instead of after the whole sleep (which made Stop restart Python)."""
    monotonic = time.monotonic

    def sleep(seconds):
        seconds = float(seconds)
        if seconds < 0:
            raise ValueError("sleep length must be non-negative")
        deadline = monotonic() + seconds
        while (left := deadline - monotonic()) > 0:
            wait_for_interrupt(min(left, 0.25))

    sleep.__doc__ = time.sleep.__doc__
    return sleep


def _strict_json(message):
    """JSON that JavaScript's JSON.parse accepts: NaN and infinities (not JSON) become null."""
    try:
        return json.dumps(message, allow_nan=False)
    except ValueError:
        return json.dumps(_finite(message), allow_nan=False)


def _finite(value):
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def _no_input(prompt=""):
    """Cells cannot ask the reader for input (the worker has no keyboard); say so clearly."""
    if prompt:
        print(prompt, end="", flush=True)
    raise OSError("input() is not available in the browser cells: write the value into the code instead")


class _SeedNumpyRandomOnImport:
    """Seeds NumPy's global random state as ``numpy.random`` is first imported. The import
    takes 30 ms (and its compiled modules), on the way to every page's first output, while
    most pages never draw from it; a page that does gets the numbers of a seeded run."""

    def find_spec(self, name, path=None, target=None):
        if name != "numpy.random":
            return None
        sys.meta_path.remove(self)
        import importlib.util

        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None:
            load = spec.loader.exec_module

            def exec_module(module):
                load(module)
                module.seed(0)

            spec.loader.exec_module = exec_module
        return spec


def _seed():
    """Seed like tests/docs/test_docs_cells.py does before each page, so printed numbers match:
    NumPy's global state now if ``numpy.random`` is loaded, else as it loads."""
    if "numpy.random" in sys.modules:
        sys.modules["numpy.random"].seed(0)
    elif not any(isinstance(finder, _SeedNumpyRandomOnImport) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SeedNumpyRandomOnImport())
    try:
        import pyautograd

        pyautograd.manual_seed(0)
    except (ImportError, AttributeError):
        pass


def new_namespace(key):
    _namespaces[key] = {"__name__": "__main__"}
    _seed()


def drop_namespace(key):
    _namespaces.pop(key, None)


def _only_cells(tb_exc):
    """Keep only the frames that come from the reader's cells, through the whole chain."""
    todo, seen = [tb_exc], set()
    while todo:
        te = todo.pop()
        if te is None or id(te) in seen:
            continue
        seen.add(id(te))
        te.stack = traceback.StackSummary.from_list([f for f in te.stack if f.filename.startswith("<cell ")])
        todo += [te.__cause__, te.__context__, *(getattr(te, "exceptions", None) or [])]


def _frames(tb):
    count = 0
    while tb is not None:
        count, tb = count + 1, tb.tb_next
    return count


def _format_traceback(exc):
    """The reader's frames of ``exc``, the last TRACEBACK_FRAMES of them at most. Never
    fails: if formatting does, the reader still gets the error's own line."""
    try:
        return _cells_traceback(exc)
    except Exception:
        try:
            return "".join(traceback.format_exception_only(type(exc), exc))
        except Exception:
            return f"{type(exc).__name__}\n"


def _cells_traceback(exc):
    frames = _frames(exc.__traceback__)
    limit = -TRACEBACK_FRAMES if frames > TRACEBACK_FRAMES else None
    te = traceback.TracebackException(type(exc), exc, exc.__traceback__, limit=limit, compact=True)
    _only_cells(te)
    if limit is not None and not te.stack:
        # a recursion inside a library: the last frames are all its own; show the reader's
        # frames that led there, then say how many of the library's were left out
        cells = [
            (f, n)
            for f, n in traceback.walk_tb(exc.__traceback__)
            if f.f_code.co_filename.startswith("<cell ")
        ]
        te.stack = traceback.StackSummary.extract(iter(cells[-TRACEBACK_FRAMES:]))
        lines = list(te.format())
        tail = len(list(te.format_exception_only()))
        lines.insert(len(lines) - tail, f"  [... {frames - len(cells)} calls inside libraries not shown]\n")
        return "".join(lines)
    lines = list(te.format())
    if limit is not None:
        omitted = f"  [... {frames - TRACEBACK_FRAMES} earlier calls not shown]\n"
        lines.insert(lines.index("Traceback (most recent call last):\n") + 1, omitted)
    return "".join(lines)


def run_cell(key, number, code):
    """Execute one run of cell ``number`` (its position from 1), named ``<cell number>``; return JSON
    ``{"error": last line or null, "traceback": text or null, "kind": type name or null}``.
    A recursion limit the cell raised is put back afterwards, so it cannot follow the
    reader into later cells."""
    if key not in _namespaces:
        new_namespace(key)
    ns = _namespaces[key]
    filename = cell_filename(number)
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    error = text = kind = None
    recursion_limit = sys.getrecursionlimit()
    try:
        exc = execute(code, number, ns)  # the reader's error (or Stop's KeyboardInterrupt) is data
    finally:
        if _code_ended is not None:
            _code_ended()
        sys.setrecursionlimit(recursion_limit)
        sys.stdout.flush()
        sys.stderr.flush()
    if exc is not None:
        kind = type(exc).__name__
        error = last_line(exc)
        text = _format_traceback(exc)
    return json.dumps({"error": error, "traceback": text, "kind": kind})


def matches_expected(expected, stdout, error):
    """Whether a run printed what the page's expected block says: the CPython tests' rule."""
    return normalise(expected) == normalise(observed(stdout, error))
