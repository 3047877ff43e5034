"""Boot benchmark: how close the site's start-up is to Pyodide's own floor, in one run.

    .venv/bin/python bench/boot.py              # 6 rounds, writes its section of bench/RESULTS.md
    .venv/bin/python bench/boot.py --rounds 1 --no-write

Builds the site into a temporary folder, serves it on 127.0.0.1 (with COOP/COEP) and drives
headless Chromium. Each round measures, in fresh browser contexts:

* floor: a bare page whose module worker runs ``loadPyodide({packages: ["numpy"]})`` and
  ``import numpy`` from the same server (navigation start -> NumPy imported);
* cold: lesson 1 opened with empty caches, its first cell run as soon as the page is up
  (navigation start -> the first cell's output is on the page, its graph drawn);
* reload: the same page reloaded in that context (service worker and caches warm, Python
  restored from the memory snapshot that ``offlineReady()`` waited for);
* next page: a click in the nav to lesson 2 -> that page's runner ready (Python booted);
* offline reload: the network switched off, the page reloaded, its first cell run.

Every round runs all five, so load changes on the machine hit them alike; the floor runs
before the site on odd rounds and after it on even ones, after one uncounted floor load that
warms the disk and the browser; each of the two cold loads starts once the machine is quiet
(settle). The medians go into bench/RESULTS.md under its own heading (other sections of that file are left alone).
Needs NumPy's Pyodide wheel (PYODIDE_PACKAGES_DIR or ~/.cache/pyodide-packages).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "scripts"))
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve_site import make_server  # noqa: E402

TIMEOUT_MS = 300_000
SECTION = "## Boot: Python once per visit (`bench/boot.py`)"
GOALS = {  # metric: (ratio against, at most)
    "cold / floor": 1.15,
    "reload / cold": 0.6,
}
NEXT_PAGE_GOAL_S = 1.0

FLOOR_HTML = """<!doctype html><meta charset="utf-8"><title>floor</title>
<script type="module">
const created = performance.now();
const worker = new Worker("./floor-worker.js", {type: "module"});
worker.onmessage = (e) => {
  const steps = [["worker created", created],
                 ...e.data.steps.map(([step, at]) => [step, at - performance.timeOrigin])];
  window.floorDone = {ok: e.data.ok, at: performance.now(), steps};
};
</script>"""
FLOOR_WORKER = """const steps = [["worker started", performance.timeOrigin + performance.now()]];
const mark = (step) => steps.push([step, performance.timeOrigin + performance.now()]);
const { loadPyodide } = await import("../assets/runtime/pyodide/pyodide.mjs");
mark("pyodide.mjs loaded");
const pyodide = await loadPyodide({ indexURL: new URL("../assets/runtime/pyodide/", import.meta.url).href,
                                    packages: ["numpy"] });
mark("python started");
pyodide.runPython("import numpy");
mark("numpy imported");
self.postMessage({ ok: true, steps });"""

FIRST_OUTPUT_JS = """async () => {
  const result = await window.lessonRunner.run(0);
  // the output is on the page once its figures are drawn too (output.js marks them until then)
  const cell = document.querySelector('[data-cell="0"]');
  while (cell && cell.querySelector("[data-drawing]")) await new Promise((r) => setTimeout(r, 4));
  return { at: performance.now(), error: result.error, stdout: result.stdout,
           start: window.lessonRunner.pythonStart, timeline: window.lessonRunner.bootTimeline };
}"""


def build(site: pathlib.Path, url: str) -> dict:
    env = {**os.environ, "SITE_URL": url, "NO_MKDOCS_2_WARNING": "1"}
    env.setdefault("PYODIDE_PACKAGES_DIR", str(pathlib.Path.home() / ".cache" / "pyodide-packages"))
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        sys.exit(f"mkdocs build failed:\n{proc.stdout}{proc.stderr}")
    manifest = json.loads((site / "assets/runtime/manifest.json").read_text())
    if not manifest["numpy"]["local"]:
        sys.exit("NumPy's Pyodide wheel is not in the build: set PYODIDE_PACKAGES_DIR (see README)")
    floor = site / "floor"
    floor.mkdir()
    (floor / "index.html").write_text(FLOOR_HTML)
    (floor / "floor-worker.js").write_text(FLOOR_WORKER)
    return manifest


def machine_busy_seconds() -> float | None:
    """CPU seconds the whole machine has spent busy since boot (Linux's /proc/stat), or None.

    The floor alone keeps most of this machine's cores busy (the worker, V8's compiler
    threads, the browser), so whatever else the site's page costs in CPU shows up in its
    start-up time: the report gives both totals, so a miss can be explained by figures."""
    try:
        with open("/proc/stat") as stat:
            fields = [int(x) for x in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    user, nice, system, _idle, _iowait, irq, softirq = fields[:7]
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


class MachineLoad:
    """Busy CPU seconds of the whole machine, and wall seconds, over a ``with`` block."""

    def __enter__(self):
        self.busy, self.wall = machine_busy_seconds(), time.monotonic()
        return self

    def __exit__(self, *exc):
        busy = machine_busy_seconds()
        self.seconds = time.monotonic() - self.wall
        self.cpu = None if busy is None or self.busy is None else busy - self.busy
        return False


SETTLED: list[float] = []  # what settle() waited, for the round lines


def settle(quiet_cores: float = 0.15, window: float = 0.25, longest: float = 15.0) -> float:
    """Wait until the machine is quiet (under `quiet_cores` busy over `window` seconds), at
    most `longest` seconds; returns the seconds waited.

    A closed context leaves work behind for a second or more (its renderer's exit, V8's
    compiler threads): in 10 rounds without this, the site loaded right after a floor took
    5.65 s (median) against 5.01 s right after another site load, and the floor 4.82 s
    after a floor against 4.60 s after a site. Each measured load starts on a quiet
    machine instead, so neither side pays for the one before it."""
    start = time.monotonic()
    while time.monotonic() - start < longest:
        before = machine_busy_seconds()
        time.sleep(window)
        after = machine_busy_seconds()
        if before is None or after is None or (after - before) / window < quiet_cores:
            break
    SETTLED.append(time.monotonic() - start)
    return SETTLED[-1]


def lesson_paths(site: pathlib.Path) -> list[str]:
    return sorted(p.parent.name for p in (site / "lessons").glob("*/index.html"))


def measure_floor(browser, url: str) -> tuple[float, list, tuple]:
    """Seconds to NumPy imported, the floor's own steps [[step, ms since navigation]], and
    (machine CPU seconds, wall seconds) over the load, as measure_site's "cold load"."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        settle()
        with MachineLoad() as load:
            page.goto(url + "floor/")
            page.wait_for_function("window.floorDone && window.floorDone.ok")
            done = page.evaluate("window.floorDone")
        return done["at"] / 1000, [[step, round(at)] for step, at in done["steps"]], (load.cpu, load.seconds)
    finally:
        context.close()


def measure_site(browser, url: str, lessons: list[str]) -> dict:
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    out = {}
    try:
        first = f"{url}lessons/{lessons[0]}/"
        settle()
        with MachineLoad() as load:
            page.goto(first, wait_until="commit")  # a reader can press Run once the cells are there,
            page.wait_for_function("window.lessonRunner && window.lessonRunner.cells > 0")  # not at "load"
            cold = page.evaluate(FIRST_OUTPUT_JS)
        assert cold["error"] is None, cold
        out["cold load"] = (load.cpu, load.seconds)
        out["cold"] = cold["at"] / 1000
        out["cold steps"] = cold["timeline"] + [["first output", round(cold["at"])]]
        kept = page.evaluate("window.lessonRunner.offlineReady()")
        assert kept and not kept["missing"], kept

        page.reload(wait_until="commit")
        page.wait_for_function("window.lessonRunner && window.lessonRunner.cells > 0")
        warm = page.evaluate(FIRST_OUTPUT_JS)
        assert warm["error"] is None, warm
        out["reload"] = warm["at"] / 1000
        out["reload steps"] = warm["timeline"] + [["first output", round(warm["at"])]]
        out["reload restored Python"] = warm["start"] == "restored"

        page.evaluate(
            """() => { document.querySelectorAll('[data-cell]').forEach(c => c.dataset.left = '1');
                       document.addEventListener('click', () => { window.navClickAt = performance.now(); },
                                                 { capture: true, once: true }); }"""
        )
        page.locator(f"nav.md-nav--primary a.md-nav__link[href$='{lessons[1]}/']").first.click()
        page.wait_for_function(
            "window.lessonRunner.cells > 0 && document.querySelector('[data-cell=\"0\"]:not([data-left])')"
        )
        ready_at = page.evaluate("window.lessonRunner.ready().then(() => performance.now())")
        out["next page"] = (ready_at - page.evaluate("window.navClickAt")) / 1000
        out["next page reused Python"] = page.evaluate("window.lessonRunner.workersStarted") == 1

        page.goto(first)
        page.wait_for_function("window.lessonRunner && window.lessonRunner.cells > 0")
        page.evaluate("window.lessonRunner.offlineReady()")
        context.set_offline(True)
        page.reload(wait_until="commit")
        page.wait_for_function("window.lessonRunner && window.lessonRunner.cells > 0")
        offline = page.evaluate(FIRST_OUTPUT_JS)
        out["offline reload works"] = offline["error"] is None  # lesson 1's first cell draws, prints nothing
        out["offline reload"] = offline["at"] / 1000
    finally:
        context.set_offline(False)
        context.close()
    return out


def cpu_line(rounds: list[dict], floor_loads: list) -> str | None:
    """The machine's busy CPU over the floor's load and over the cold load (medians), or None."""
    floor = [load for load in floor_loads if load and load[0] is not None]
    cold = [r["cold load"] for r in rounds if r.get("cold load") and r["cold load"][0] is not None]
    if not floor or not cold:
        return None
    (floor_cpu, floor_s), (cold_cpu, cold_s) = (
        (statistics.median(c for c, _ in loads), statistics.median(s for _, s in loads))
        for loads in (floor, cold)
    )
    return (
        f"- CPU the whole machine used during the load (medians): floor {floor_cpu:.2f} s "
        f"({floor_cpu / floor_s:.2f} of {os.cpu_count()} cores busy), cold {cold_cpu:.2f} s "
        f"({cold_cpu / cold_s:.2f} busy): the lesson page costs {cold_cpu - floor_cpu:+.2f} s of CPU "
        "against the floor's blank page"
    )


def report(
    rounds: list[dict], floors: list[float], floor_steps: list, floor_loads: list | None = None
) -> tuple[str, list[str]]:
    med = {
        key: statistics.median(r[key] for r in rounds)
        for key in ("cold", "reload", "next page", "offline reload")
    }
    floor = statistics.median(floors)
    ratios = {"cold / floor": med["cold"] / floor, "reload / cold": med["reload"] / med["cold"]}
    offline_ok = all(r["offline reload works"] for r in rounds)
    restored = all(r["reload restored Python"] for r in rounds)
    reused = all(r["next page reused Python"] for r in rounds)
    lines = [
        f"| floor: bare page, `loadPyodide({{packages: ['numpy']}})` + `import numpy` | {floor:.2f} s | — |",
        f"| lesson 1 cold: navigation → first cell's output | {med['cold']:.2f} s | **{ratios['cold / floor']:.2f}×** floor |",
        f"| the same page reloaded | {med['reload']:.2f} s | **{ratios['reload / cold']:.2f}×** cold "
        f"(Python restored from the memory snapshot: {'yes' if restored else 'NO'}) |",
        f"| nav click to lesson 2 → runner ready | {med['next page']:.2f} s | Python reused: {'yes' if reused else 'NO'} |",
        f"| reload with the network off | {med['offline reload']:.2f} s | cells run: {'yes' if offline_ok else 'NO'} |",
    ]
    verdicts = []
    for name, limit in GOALS.items():
        ok = ratios[name] <= limit
        verdicts.append(f"- {name} ≤ {limit}: {ratios[name]:.2f} — **{'met' if ok else 'MISSED'}**")
    ok = med["next page"] <= NEXT_PAGE_GOAL_S
    verdicts.append(
        f"- next page runner ready ≤ {NEXT_PAGE_GOAL_S:g} s: {med['next page']:.2f} s — **{'met' if ok else 'MISSED'}**"
    )
    verdicts.append(f"- offline reload runs cells: **{'met' if offline_ok else 'MISSED'}**")
    paired = [r["cold"] / f for r, f in zip(rounds, floors)]
    verdicts.append(
        f"- cold / floor of each round (floor measured just before on odd rounds, just after on even): "
        f"{', '.join(f'{x:.2f}' for x in paired)}; median {statistics.median(paired):.2f}"
    )
    cpu = cpu_line(rounds, floor_loads or [])
    if cpu:
        verdicts.append(cpu)
    last = rounds[-1]
    steps = ", ".join(f"{step} {ms / 1000:.2f}" for step, ms in floor_steps)
    verdicts.append(f"- floor, where the time went (last round, s since navigation): {steps}")
    for name in ("cold", "reload"):
        steps = ", ".join(f"{step} {ms / 1000:.2f}" for step, ms in last[f"{name} steps"])
        verdicts.append(f"- {name}, where the time went (last round, s since navigation): {steps}")
    return "\n".join(lines), verdicts


def write_results(
    path: pathlib.Path, table: str, verdicts: list[str], rounds: int, load_before: float | None = None
) -> None:
    """Rewrite the ``boot`` section of RESULTS.md (bench/results.py keeps the other sections)."""
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    from results import write_section

    after = os.getloadavg()[0]  # the run itself keeps both cores busy: this is not the machine's load
    load = (
        f"{load_before:.1f} before the run, {after:.1f} after it"
        if load_before is not None
        else f"{after:.1f}"
    )
    body = (
        f"{SECTION}\n\nCommand: `python bench/boot.py` (medians of {rounds} rounds, one run; headless "
        f"Chromium, one local static server with COOP/COEP; load average {load} on "
        f"{os.cpu_count()} logical cores, {platform.machine()}).\n\n"
        "| what | time | ratio |\n|---|---|---|\n"
        f"{table}\n\nGoals:\n\n" + "\n".join(verdicts) + "\n"
    )
    write_section("boot", body, path)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--no-write", action="store_true", help="print only; leave RESULTS.md alone")
    parser.add_argument("--output", default=str(pathlib.Path(__file__).with_name("RESULTS.md")))
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()[0]

    site = pathlib.Path(tempfile.mkdtemp(prefix="boot-bench-"))
    server = make_server(site, 0, isolation=True)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        build(site, url)
        lessons = lesson_paths(site)
        rounds, floors, floor_steps, floor_loads = [], [], [], []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            measure_floor(browser, url)  # warm-up, not counted: the first load reads from disk
            for i in range(args.rounds):
                # the order alternates, so neither side is always the one after a quiet spell
                if i % 2 == 0:
                    floor, floor_steps, load = measure_floor(browser, url)
                    rounds.append(measure_site(browser, url, lessons))
                else:
                    rounds.append(measure_site(browser, url, lessons))
                    floor, floor_steps, load = measure_floor(browser, url)
                floors.append(floor)
                floor_loads.append(load)
                summary = {k: v for k, v in rounds[-1].items() if not k.endswith(("steps", "load"))}
                ratio = rounds[-1]["cold"] / floors[-1]
                print(
                    f"round {i + 1}: floor {floors[-1]:.2f} s, cold/floor {ratio:.2f}, site {summary},"
                    f" waited for a quiet machine {SETTLED[-2]:.2f} + {SETTLED[-1]:.2f} s",
                    flush=True,
                )
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(site, ignore_errors=True)
    table, verdicts = report(rounds, floors, floor_steps, floor_loads)
    print(table)
    print("\n".join(verdicts))
    if not args.no_write:
        write_results(pathlib.Path(args.output), table, verdicts, args.rounds, load_before)


if __name__ == "__main__":
    main()
