"""Cell timings in the page: how long each cell of lessons 7-10 runs in Chromium, and whether
a long one shows progress (printed lines, a figure redrawn) while it runs.

    .venv/bin/python bench/cell_times.py             # writes its section of bench/RESULTS.md
    .venv/bin/python bench/cell_times.py --no-write  # print only
    .venv/bin/python bench/cell_times.py --pages 09-real-data

Builds the site into a temporary folder, serves it on 127.0.0.1 (with COOP/COEP) and drives
headless Chromium (as bench/boot.py does). Each page is opened in a fresh browser context,
Python is booted first (boot time is bench/boot.py's business, not a cell's), then every cell
runs in order, as a reader pressing "run" from the top would. For each cell it records:

* ``ms``: the run time the worker measures around the cell's code (what the cell's status
  line shows: "done in … ms");
* first output: seconds from pressing run until anything appears in the cell's output;
* longest silence: the longest stretch of the run in which the output did not change (the
  wait before the first output counts). A cell "shows progress" when that stretch is at most
  ``PROGRESS_GAP_S``: the reader is never left without a sign of life for longer;
* the peer: the same cell's time in CPython on this machine, measured in the same run just
  before the browser's (so a loaded machine slows both), and the ratio page / CPython.

The issue's rule: a training cell finishes within a few seconds, or shows progress while it
runs. Cells longer than ``PROGRESS_GAP_S`` that stay silent longer are listed as failures.
Needs NumPy's Pyodide wheel (PYODIDE_PACKAGES_DIR or ~/.cache/pyodide-packages).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import pathlib
import platform
import shutil
import sys
import tempfile
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from boot import CHROMIUM, CHROMIUM_ARGS, REPO, build  # noqa: E402
from results import RESULTS, write_section  # noqa: E402

sys.path.insert(0, str(REPO / "scripts"))
sys.path.insert(0, str(REPO / "tests"))
from doc_cells import parse_cells  # noqa: E402  (also puts lessonkit and pyautograd on the path)
from serve_site import make_server  # noqa: E402

PAGES = ["07-matrix-backprop", "08-depth", "09-real-data", "10-common-bugs"]
PROGRESS_GAP_S = 3.0  # "a few seconds": the longest a cell may run without a sign of life
TIMEOUT_MS = 600_000
SECTION = "## Cell times in the page, lessons 7-10 (`bench/cell_times.py`)"

# Runs cell i and watches its output: every change (a line printed, a figure drawn or redrawn)
# is timestamped, so the longest silence of the run can be computed after it ends.
RUN_WATCHED_JS = """async (i) => {
  const output = document.querySelector(`[data-cell="${i}"] [data-role="output"]`);
  const changes = [];
  // something shown: nodes added, text changed, or a figure redrawn in place (data-draws);
  // clearing the previous run's output at the start is not a sign of progress
  const shows = (m) => m.addedNodes?.length || m.type === "characterData" || m.attributeName === "data-draws";
  const watch = new MutationObserver((records) => {
    if (records.some(shows)) changes.push(performance.now());
  });
  watch.observe(output, { childList: true, subtree: true, characterData: true, attributeFilter: ["data-draws"] });
  const started = performance.now();
  const result = await window.lessonRunner.run(i);
  // output written in the same task as the run's end is still queued for the observer
  if (watch.takeRecords().some(shows)) changes.push(performance.now());
  const ended = performance.now();
  watch.disconnect();
  const during = changes.filter((t) => t <= ended);
  const marks = [started, ...during, ended];
  let silence = 0;
  for (let k = 1; k < marks.length; k++) silence = Math.max(silence, marks[k] - marks[k - 1]);
  return {
    ms: result.ms, error: result.error,
    wall_s: (ended - started) / 1000,
    first_output_s: during.length ? (during[0] - started) / 1000 : null,
    silence_s: silence / 1000,
    updates: during.length,
  };
}"""


def first_line(code: str) -> str:
    """A short name for a cell: its first line that is not an import, blank or comment."""
    for line in code.splitlines():
        text = line.strip()
        if text and not text.startswith(("import ", "from ", "#")):
            return text[:48]
    return code.strip().splitlines()[0][:48] if code.strip() else "(empty)"


def page_cells(name: str):
    return parse_cells((REPO / "docs" / "lessons" / f"{name}.md").read_text(encoding="utf-8"))


def measure_cpython(name: str) -> list[float]:
    """Seconds per cell in CPython, one namespace, seeded as the tests seed a page."""
    import numpy
    from lessonkit.cells import execute

    import pyautograd

    pyautograd.manual_seed(0)
    numpy.random.seed(0)
    ns = {"__name__": "__main__"}
    seconds = []
    for cell in page_cells(name):
        started = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            execute(cell.code, cell.index + 1, ns)
        seconds.append(time.perf_counter() - started)
    return seconds


def measure_page(browser, url: str, name: str) -> list[dict]:
    cells = page_cells(name)
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    rows = []
    try:
        page.goto(f"{url}lessons/{name}/")
        page.wait_for_function("window.lessonRunner && window.lessonRunner.cells > 0")
        page.evaluate("window.lessonRunner.ready()")
        for cell in cells:
            row = page.evaluate(RUN_WATCHED_JS, cell.index)
            row.update(index=cell.index + 1, what=first_line(cell.code), expect_error=cell.expect_error)
            rows.append(row)
            print(f"{name} cell {row['index']:2d}: {row['ms'] / 1000:6.2f} s  {row['what']}", flush=True)
    finally:
        context.close()
    return rows


def progress_ok(row: dict) -> bool:
    return row["silence_s"] <= PROGRESS_GAP_S


def table(results: dict[str, list[dict]]) -> tuple[str, list[str]]:
    lines = [
        "| page | cell | what it starts with | run time in the page | CPython (peer) | page / CPython "
        "| first output | longest silence | updates |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    failures = []
    for name, rows in results.items():
        for row in rows:
            first = "—" if row["first_output_s"] is None else f"{row['first_output_s']:.2f} s"
            flag = "" if progress_ok(row) else " **(no progress)**"
            what = row["what"].replace("|", "\\|")
            peer = row["cpython_s"]
            ratio = f"{row['ms'] / 1000 / peer:.1f}×" if peer >= 0.01 else "—"  # below 10 ms: noise
            lines.append(
                f"| {name} | {row['index']} | `{what}` | {row['ms'] / 1000:.2f} s | {row['cpython_s']:.3f} s | "
                f"{ratio} | {first} | {row['silence_s']:.2f} s{flag} | {row['updates']} |"
            )
            if row["error"] and not row["expect_error"]:
                failures.append(f"{name} cell {row['index']} raised {row['error']}")
            if not progress_ok(row):
                failures.append(
                    f"{name} cell {row['index']} ran {row['ms'] / 1000:.1f} s with {row['silence_s']:.1f} s "
                    "without any output"
                )
    totals = [
        "| page | cells | all cells in the page | all cells in CPython (peer) | slowest cell in the page |",
        "|---|---|---|---|---|",
    ]
    for name, rows in results.items():
        slowest = max(rows, key=lambda r: r["ms"])
        totals.append(
            f"| {name} | {len(rows)} | {sum(r['ms'] for r in rows) / 1000:.1f} s | "
            f"{sum(r['cpython_s'] for r in rows):.2f} s | {slowest['ms'] / 1000:.1f} s (cell {slowest['index']}) |"
        )
    return "\n".join(totals) + "\n\n" + "\n".join(lines), failures


def write_results(path: pathlib.Path, text: str, failures: list[str], load: tuple[float, ...]) -> None:
    verdict = (
        f"Every cell either ends within {PROGRESS_GAP_S:g} s or changes its output at least every "
        f"{PROGRESS_GAP_S:g} s: **{'met' if not failures else 'MISSED'}**"
    )
    body = (
        f"{SECTION}\n\nCommand: `python bench/cell_times.py` (one run; headless Chromium, one local "
        f"static server with COOP/COEP; every cell of each page in order after Python booted; load "
        f"average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} on {os.cpu_count()} logical cores, "
        f"{platform.machine()}). Run time is the worker's own measure around the cell's code; first "
        "output and longest silence are seen from the page.\n\n"
        f"{text}\n\n{verdict}\n" + "".join(f"\n- {f}" for f in failures)
    )
    write_section("cell-times", body, path)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", nargs="*", default=PAGES)
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    parser.add_argument("--output", default=str(RESULTS))
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    site = pathlib.Path(tempfile.mkdtemp(prefix="cell-times-"))
    server = make_server(site, 0, isolation=True)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    results = {}
    try:
        build(site, url)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name in args.pages:
                peer = measure_cpython(name)
                results[name] = measure_page(browser, url, name)
                for row, seconds in zip(results[name], peer):
                    row["cpython_s"] = seconds
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
    load = os.getloadavg()  # 1, 5 and 15 minutes: the 15-minute one spans the whole run
    text, failures = table(results)
    print(text)
    print(f"load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    print("\n".join(failures) or f"every cell shows progress at least every {PROGRESS_GAP_S:g} s")
    if not args.no_write:
        write_results(pathlib.Path(args.output), text, failures, load)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
