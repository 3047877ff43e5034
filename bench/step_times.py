"""One training step in the page: the cases of bench/run.py timed in Pyodide in Chromium and in
CPython, in one run, so the speed a reader gets in the browser is measured, not assumed.

    .venv/bin/python bench/step_times.py             # writes its section of bench/RESULTS.md
    .venv/bin/python bench/step_times.py --no-write  # print only
    .venv/bin/python bench/step_times.py --quick     # tiny sizes, 2 rounds (a smoke test)

Builds the site into a temporary folder, serves it on 127.0.0.1 (with COOP/COEP) and drives
headless Chromium, as bench/boot.py does. The playground's first cell receives
bench/cases.py's source and ``ROUND_CODE``; each run of that cell is one round. The very same
code then runs in this CPython. Rounds alternate (CPython, page, CPython, page, ...) so load
changes on the machine hit both. Each figure is the median over rounds of the mean time of one
step in a loop sized to last ``LOOP_S``. Peers: NumPy by hand (bench/cases.py's
``mlp_numpy``/``scalar_numpy``), which runs in both; PyTorch, HIPS autograd and micrograd do
not run in Pyodide. Needs NumPy's Pyodide wheel (PYODIDE_PACKAGES_DIR or
~/.cache/pyodide-packages).
"""

from __future__ import annotations

import os

for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):  # before NumPy loads
    os.environ.setdefault(var, "1")  # Pyodide has one thread: so does CPython's BLAS here

import argparse  # noqa: E402
import json  # noqa: E402
import pathlib  # noqa: E402
import platform  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from boot import CHROMIUM, CHROMIUM_ARGS, REPO, build  # noqa: E402
from results import RESULTS, write_section  # noqa: E402
from run import CASE_NAMES, FULL_SIZES, QUICK_SIZES, SCALAR_STYLE_NAMES, STYLE_NAMES, styles_of  # noqa: E402

sys.path.insert(0, str(REPO / "scripts"))
from serve_site import make_server  # noqa: E402

SECTION = "## One training step in the page: Pyodide against CPython (`bench/step_times.py`)"
LOOP_S = 0.1
TIMEOUT_MS = 600_000

# One round: every row once. Runs unchanged in CPython and in the page's worker; ``cases``,
# ``SIZES`` and ``LOOP_S`` are given by the caller.
ROUND_CODE = """
import json, time

def _mean_step(step, loop_s):
    step()  # first call: warm caches and lazy imports
    n, took = 1, 0.0
    while True:
        started = time.perf_counter()
        for _ in range(n):
            step()
        took = time.perf_counter() - started
        if took >= loop_s:
            return took / n
        n *= 2

def bench_round(cases, sizes, rows, loop_s):
    out = {}
    for case, style, framework in rows:
        step = cases.build(case, framework, sizes, style)
        out[f"{case}/{style}/{framework}"] = _mean_step(step, loop_s)
    return out
"""


def rows_of():
    """(case, style, framework): pyautograd in every style, NumPy by hand once per case."""
    rows = []
    for case in "abc":
        rows.append((case, "manual", "numpy"))
        rows += [(case, style, "pyautograd") for style in styles_of(case)]
    return rows


def cell_program(sizes, rows, loop_s):
    """The playground cell's code: sets bench/cases.py up in the worker once, runs one round
    and prints its times as one JSON line."""
    source = (HERE / "cases.py").read_text(encoding="utf-8")
    return (
        "import sys, json\n"
        "if '_bench_round' not in globals():\n"
        "    with open('/tmp/bench_cases.py', 'w') as f:\n"
        f"        f.write({source!r})\n"
        "    sys.path.insert(0, '/tmp')\n"
        "    import bench_cases\n"
        f"    exec({ROUND_CODE!r})\n"
        "    _bench_round = bench_round\n"
        f"print('BENCH ' + json.dumps(_bench_round(bench_cases, {sizes!r}, {rows!r}, {loop_s!r})))\n"
    )


def cpython_round(sizes, rows, loop_s):
    import cases

    space = {}
    exec(ROUND_CODE, space)
    return space["bench_round"](cases, sizes, rows, loop_s)


def open_playground(browser, url):
    page = browser.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url + "playground/")
    page.wait_for_function("window.lessonRunner && window.lessonRunner.cells > 0")
    page.evaluate("window.lessonRunner.ready()")
    return page


def set_code(page, code):
    editor = page.locator('[data-cell="0"] .cm-content')
    editor.click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)  # exactly the text: typing would auto-indent


def page_round(page):
    result = page.evaluate("window.lessonRunner.run(0)")
    if result.get("error"):
        raise SystemExit(f"the benchmark cell failed in the page: {result['error']}")
    text = page.locator('[data-cell="0"] [data-role="output"]').inner_text()
    line = next(x for x in text.splitlines() if x.startswith("BENCH "))
    return json.loads(line[len("BENCH ") :])


def fmt(seconds):
    return f"{seconds * 1e6:.1f} µs" if seconds < 1e-3 else f"{seconds * 1e3:.2f} ms"


def table(cpython, pyodide, rows):
    lines = [
        "| case | style | pyautograd, CPython | pyautograd, page | page / CPython "
        "| NumPy by hand, page | pyautograd / NumPy, CPython | pyautograd / NumPy, page |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for case, style, framework in rows:
        if framework != "pyautograd":
            continue
        key, peer = f"{case}/{style}/pyautograd", f"{case}/manual/numpy"
        names = SCALAR_STYLE_NAMES if case == "a" else STYLE_NAMES
        lines.append(
            f"| {CASE_NAMES[case]} | {names[style]} | {fmt(cpython[key])} | {fmt(pyodide[key])} | "
            f"**{pyodide[key] / cpython[key]:.1f}×** | {fmt(pyodide[peer])} | "
            f"{cpython[key] / cpython[peer]:.1f}× | {pyodide[key] / pyodide[peer]:.1f}× |"
        )
    return "\n".join(lines)


def medians(rounds):
    return {key: statistics.median(r[key] for r in rounds) for key in rounds[0]}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="tiny sizes and 2 rounds; writes nothing")
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    parser.add_argument("--output", default=str(RESULTS))
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    sizes = QUICK_SIZES if args.quick else FULL_SIZES
    rounds = 2 if args.quick else args.rounds
    rows = rows_of()
    site = pathlib.Path(tempfile.mkdtemp(prefix="step-times-"))
    server = make_server(site, 0, isolation=True)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    in_cpython, in_page = [], []
    try:
        build(site, url)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = open_playground(browser, url)
            set_code(page, cell_program(sizes, rows, LOOP_S))
            for r in range(rounds):
                in_cpython.append(cpython_round(sizes, rows, LOOP_S))
                in_page.append(page_round(page))
                print(f"round {r + 1}/{rounds} done", flush=True)
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
    cpython, pyodide = medians(in_cpython), medians(in_page)
    text = table(cpython, pyodide, rows)
    load = os.getloadavg()
    print(text)
    if args.quick or args.no_write:
        return 0
    import numpy

    body = (
        f"{SECTION}\n\nCommand: `python bench/step_times.py` (one run, {rounds} rounds alternating "
        f"CPython and the page; headless Chromium, Pyodide from the site's build, the playground's "
        f"first cell; CPython {platform.python_version()}, numpy {numpy.__version__}, BLAS on one "
        f"thread; load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} on {os.cpu_count()} "
        f'logical cores, {platform.machine()}). Median time per step; "page / CPython" is how many '
        "times longer the same step takes in the reader's browser. NumPy by hand is the same "
        "math written out (bench/cases.py), the floor of what any engine could do there.\n\n"
        f"{text}\n"
    )
    write_section("step-pyodide", body, pathlib.Path(args.output))
    return 0


if __name__ == "__main__":
    sys.exit(main())
