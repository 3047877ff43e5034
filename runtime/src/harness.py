"""Runs the reader's cells inside Pyodide; the site's worker imports this as ``_lessonrunner``.

One namespace per page visit (like a notebook kernel per page). Each cell runs through
``lessonkit.cells.execute``, the same function the CPython tests use, so tracebacks and
error lines read the same in both places; the traceback shown to the reader keeps only
frames of the reader's own cells.
"""

import json
import linecache
import sys
import traceback

from lessonkit.cells import cell_filename, execute, last_line

_namespaces = {}


def setup(post_display):
    """Line-buffer the streams (so prints appear as they happen) and route lessonkit displays."""
    sys.stdout.reconfigure(line_buffering=True)
    sys.stderr.reconfigure(line_buffering=True)
    import builtins

    builtins.input = _no_input
    import lessonkit

    def sink(message):
        sys.stdout.flush()
        sys.stderr.flush()
        post_display(json.dumps(message))

    lessonkit.set_sink(sink)


def _no_input(prompt=""):
    """Cells cannot ask the reader for input (the worker has no keyboard); say so clearly."""
    if prompt:
        print(prompt, end="", flush=True)
    raise OSError("input() is not available in the browser cells: write the value into the code instead")


def _seed():
    """Seed like tests/docs/test_docs_cells.py does before each page, so printed numbers match."""
    try:
        import numpy

        numpy.random.seed(0)
    except ImportError:
        pass
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


def run_cell(key, index, code):
    """Execute one cell; return JSON ``{"error": last line or null, "traceback": text or null}``."""
    if key not in _namespaces:
        new_namespace(key)
    ns = _namespaces[key]
    filename = cell_filename(index)
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    error = text = kind = None
    try:
        exc = execute(code, index, ns)  # the reader's error (or Stop's KeyboardInterrupt) is data
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    if exc is not None:
        kind = type(exc).__name__
        error = last_line(exc)
        te = traceback.TracebackException(type(exc), exc, exc.__traceback__, compact=True)
        _only_cells(te)
        text = "".join(te.format())
    return json.dumps({"error": error, "traceback": text, "kind": kind})
