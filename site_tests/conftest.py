"""Fixtures for the browser tests: build the site once, serve it, drive Debian's Chromium.

* ``built_site``: ``mkdocs build`` into a temporary folder (once per session).
* ``server`` / ``plain_server``: that folder on 127.0.0.1, on a free port, with and
  without COOP/COEP headers (the second is what an ordinary static host sends).
* ``browser``: Chromium launched by path (``CHROMIUM`` env var, default /usr/bin/chromium).
* ``open_page(url, ...)``: a fresh context + page that records console errors and every
  request, and fails the test if a request leaves the site's origin.
Screenshots go to test-artifacts/ (``shot(page, name)``).

With ``SITE_TEST_SHARD=k/n`` (scripts/site-test sets it) this process runs only the k-th of
n groups of test files (of single tests, for the files of SPLIT_BY_TEST); the groups are
balanced by each one's measured time (FILE_SECONDS, TEST_SECONDS).
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

# One thread for NumPy (OpenBLAS) in the CPython runs beside the browser (test_lessons runs
# every page's cells in CPython): beside two browsers on two cores its idle threads spin for
# CPU the pages need (every page's cells: 10.1 s of CPU with the default threads, 4.4 s with
# one). Set before NumPy is imported; tests/conftest.py does the same for the Python suite.
for _threads in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

REPO = Path(__file__).resolve().parent.parent
ARTIFACTS = REPO / "test-artifacts"
sys.path.insert(0, str(REPO / "scripts"))
sys.path.insert(0, str(REPO / "tests"))
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve_site import serve_in_thread  # noqa: E402

BOOT_TIMEOUT_MS = 180_000

# Seconds each test file took in one whole run of `bash .ci/run` from a fresh clone (two
# site-test processes side by side on 2 shared cores, beside the Python suite, other work on
# the machine at load average 12 on average, 4-20: only the ratios matter), for splitting the
# files between processes. The build (6-14 s, with the build lock's wait) and warm_context's
# warm-up (19-25 s, once in each process that uses it) are left out of the files that
# happened to pay them (the summary prints both). A file not listed counts as
# DEFAULT_FILE_SECONDS.
FILE_SECONDS = {
    "test_backward_display.py": 66,
    "test_boot_failure.py": 31,
    "test_boot_share.py": 115,
    "test_browser_flags.py": 1,
    "test_build.py": 2,
    "test_build_hook.py": 1,
    "test_cell_hints.py": 19,
    "test_displays.py": 35,
    "test_early_start.py": 140,
    "test_graph_budget.py": 20,
    "test_harness.py": 1,
    "test_notebook_download.py": 12,
    "test_offline.py": 57,
    "test_offline_course.py": 147,
    "test_page.py": 61,
    "test_phone_use.py": 182,
    "test_progress_page.py": 63,
    "test_reader_text.py": 15,
    "test_rough_edges.py": 90,
    "test_run_order.py": 20,
    "test_runner.py": 81,
    "test_search.py": 15,
    "test_share.py": 108,
    "test_slow_link.py": 16,
    "test_snapshot.py": 130,
    "test_start_up_work.py": 27,
    "test_sw_cache.py": 2,
    "test_tabs.py": 43,
    "test_visit.py": 146,
}
DEFAULT_FILE_SECONDS = 30


# Files whose tests are dealt out one by one rather than as a whole: each test stands alone
# (no fixture of the file's own is shared between them), and the file is too long to be one
# group's floor. Each of their tests weighs TEST_SECONDS (``file::test[id]``, from the same
# run as FILE_SECONDS), else DEFAULT_TEST_SECONDS.
SPLIT_BY_TEST = {"test_exercises.py", "test_lessons.py"}
TEST_SECONDS = {
    "test_exercises.py::test_code_exercise_on_a_new_page_names_what_is_wrong[chromium]": 11,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-01-computational-graph]": 8,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-02-backprop-by-hand]": 10,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-03-two-layer-network]": 9,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-04-automatic-differentiation]": 15,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-04a-build-your-own-autograd]": 16,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-05-backward-gradient]": 16,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-06-training]": 24,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-07-matrix-backprop]": 10,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-08-depth]": 17,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-09-real-data]": 16,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-10-common-bugs]": 11,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-11-scalar-engine-learns]": 11,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-12-tensor-engine]": 10,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-13-capstone-digits]": 14,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-14-custom-function]": 13,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-15-diagnose]": 22,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-16-why-reverse-mode]": 14,
    "test_exercises.py::test_every_code_exercise_accepts_its_right_answer_in_the_browser[chromium-17-map-to-pytorch]": 10,
    "test_exercises.py::test_solved_exercise_is_marked_and_remembered[chromium]": 18,
    "test_lessons.py::test_a_stalled_numpy_download_fails_soon_with_a_message[chromium]": 17,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-01-computational-graph]": 13,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-02-backprop-by-hand]": 14,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-03-two-layer-network]": 10,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-04-automatic-differentiation]": 12,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-04a-build-your-own-autograd]": 14,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-05-backward-gradient]": 15,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-06-training]": 21,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-07-matrix-backprop]": 13,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-08-depth]": 17,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-09-real-data]": 28,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-10-common-bugs]": 16,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-11-scalar-engine-learns]": 33,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-12-tensor-engine]": 8,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-13-capstone-digits]": 17,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-14-custom-function]": 14,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-15-diagnose]": 40,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-16-why-reverse-mode]": 10,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-17-map-to-pytorch]": 8,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-index]": 26,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-playground]": 6,
    "test_lessons.py::test_every_lesson_cell_matches_cpython[chromium-reference]": 12,
    "test_lessons.py::test_numpy_fallback_from_official_url[chromium]": 41,
    "test_lessons.py::test_the_nav_has_pages_with_cells": 1,
    "test_lessons.py::test_without_numpy_plain_python_runs_and_numpy_cells_explain[chromium]": 16,
}
DEFAULT_TEST_SECONDS = 20


def shard_unit(item):
    """What is dealt out whole: the test's file, or the test itself in a SPLIT_BY_TEST file."""
    name = item.path.name
    return f"{name}::{item.name}" if name in SPLIT_BY_TEST else name


def unit_seconds(unit):
    if "::" in unit:
        return TEST_SECONDS.get(unit, DEFAULT_TEST_SECONDS)
    return FILE_SECONDS.get(unit, DEFAULT_FILE_SECONDS)


def shard_of_units(units, shards):
    """Deal the units (shard_unit) out to ``shards`` groups, longest first, each to the group
    with the least time so far: every unit lands in exactly one group, the same one in every
    process."""
    groups = [[] for _ in range(shards)]
    totals = [0.0] * shards
    for unit in sorted(units, key=lambda u: (-unit_seconds(u), u)):
        k = totals.index(min(totals))
        groups[k].append(unit)
        totals[k] += unit_seconds(unit)
    return groups


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "first_in_process: run before the process's other tests (a measurement of a first "
        "visit that no other profile's background work may share the server with)",
    )


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: item.get_closest_marker("first_in_process") is None)  # stable
    shard = os.environ.get("SITE_TEST_SHARD")
    if not shard:
        return
    k, n = (int(x) for x in shard.split("/"))
    mine = set(shard_of_units({shard_unit(item) for item in items}, n)[k - 1])
    keep = [item for item in items if shard_unit(item) in mine]
    dropped = [item for item in items if shard_unit(item) not in mine]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = keep


class _Exclusive:
    """A lock file held by one test process at a time (shards run side by side)."""

    def __init__(self, path):
        self.path = path

    def __enter__(self):
        self.file = open(self.path, "w")  # held until __exit__
        fcntl.flock(self.file, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        fcntl.flock(self.file, fcntl.LOCK_UN)
        self.file.close()


@pytest.fixture(scope="session")
def _site_dir():
    out = Path(tempfile.mkdtemp(prefix="lesson-site-"))
    yield out
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture(scope="session")
def _isolated_server(_site_dir):
    """Listening before the build, so the build's site_url names its port (instant navigation)."""
    srv, url = serve_in_thread(_site_dir, isolation=True)
    srv.url = url
    yield srv
    srv.shutdown()


@pytest.fixture(scope="session")
def built_site(_site_dir, _isolated_server):
    # one build at a time: the build hook keeps compiled wheels in caches that a second
    # build would read while the first is still writing them
    with _Exclusive(Path(tempfile.gettempdir()) / "pyautograd-lessons-site-build.lock"):
        started = time.monotonic()
        proc = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(_site_dir)],
            cwd=REPO,
            capture_output=True,
            text=True,
            env={**os.environ, "SITE_URL": _isolated_server.url},
        )
    SHARED_SECONDS["build (waiting for the lock left out)"] = round(time.monotonic() - started, 1)
    assert proc.returncode == 0, f"mkdocs build failed:\n{proc.stdout}\n{proc.stderr}"
    return _site_dir


@pytest.fixture(scope="session")
def manifest(built_site):
    return json.loads((built_site / "assets" / "runtime" / "manifest.json").read_text())


@pytest.fixture(scope="session")
def numpy_in_site(manifest):
    numpy = manifest["numpy"]
    if not numpy["local"]:
        pytest.skip(
            f"NumPy's Pyodide wheel {numpy['file']} is not in the built site: PYODIDE_PACKAGES_DIR "
            "does not provide it (nor does the user cache), so tests that need NumPy in Pyodide "
            "are skipped. Set PYODIDE_PACKAGES_DIR to a folder holding that official wheel."
        )
    return numpy


@pytest.fixture(scope="session")
def server(built_site, _isolated_server):
    return _isolated_server


@pytest.fixture(scope="session")
def plain_server(built_site):
    srv, url = serve_in_thread(built_site, isolation=False)
    srv.url = url
    yield srv
    srv.shutdown()


@pytest.fixture(scope="session")
def playwright_instance():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (scripts/site-test does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


# Python boots per test file, for keeping the suite's cost in view: every Pyodide worker a
# page starts ("boots": restored from the build's memory snapshot, or started cold) and every
# snapshot worker (a second start that saves the snapshot). Printed at the end of the session
# and written to test-artifacts/site-boots-<shard>.json.
BOOTS: dict[str, dict[str, int]] = {}
# Seconds of this process's shared set-up (the build, each warm profile's warm-up), paid by
# whichever test came first and printed beside the boots: figures of FILE_SECONDS leave
# them out.
SHARED_SECONDS: dict[str, float] = {}
_CURRENT_FILE = ["(no test)"]

# The ready message of worker.js says whether Python was restored; the page's console says it
# to the counter. A subclass of Worker, so the page's own use of Worker is unchanged.
_BOOT_REPORT_JS = """
(() => {
  const Native = globalThis.Worker;
  if (!Native || Native.__countedBoots) return;
  class Counted extends Native {
    constructor(url, options) {
      super(url, options);
      this.addEventListener("message", (e) => {
        const d = e.data;
        if (d && typeof d === "object" && typeof d.restored === "boolean" && "timeline" in d)
          console.debug(`site-test boot: ${d.restored ? "restored" : "started"}`);
      });
    }
  }
  Counted.__countedBoots = true;
  globalThis.Worker = Counted;
})();
"""


def _count(what):
    row = BOOTS.setdefault(_CURRENT_FILE[0], {})
    row[what] = row.get(what, 0) + 1


def _watch_boots(page):
    def on_worker(worker):
        name = worker.url.rsplit("/", 1)[-1].split("?")[0]
        if name == "worker.js":
            _count("boots")
        elif name == "snapshot-worker.js":
            _count("snapshot_boots")

    def on_console(message):
        if message.text.startswith("site-test boot: "):
            _count(message.text.removeprefix("site-test boot: "))

    page.on("worker", on_worker)
    page.on("console", on_console)


@pytest.fixture(scope="module", autouse=True)
def _boots_of_this_file(request):
    """Module-scoped, so it comes before the file's other module fixtures (warm_context, a
    session fixture, counts its warm-up under its own name)."""
    _CURRENT_FILE[0] = request.node.path.name


@pytest.fixture(scope="session")
def browser(playwright_instance):
    b = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    new_context = b.new_context

    def counted_context(**context_args):
        context = new_context(**context_args)
        context.add_init_script(_BOOT_REPORT_JS)
        context.on("page", _watch_boots)
        return context

    b.new_context = counted_context
    yield b
    b.close()


def pytest_terminal_summary(terminalreporter):
    if not BOOTS:
        return
    shard = os.environ.get("SITE_TEST_SHARD", "1/1").replace("/", "-of-")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"site-boots-{shard}.json").write_text(json.dumps(BOOTS, indent=2, sort_keys=True))
    terminalreporter.section(
        "Python boots per file (started cold / restored / snapshot workers), shared set-up"
    )
    for name, row in sorted(BOOTS.items()):
        terminalreporter.write_line(
            f"{name}: {row.get('boots', 0)} boots ({row.get('started', 0)} cold, "
            f"{row.get('restored', 0)} restored), {row.get('snapshot_boots', 0)} snapshot workers"
        )
    for name, seconds in sorted(SHARED_SECONDS.items()):
        terminalreporter.write_line(f"{name}: {seconds} s")


class PageSession:
    """A context + page with request bookkeeping."""

    def __init__(self, browser, origin, allow=(), **context_args):
        self.context = browser.new_context(**context_args)
        self.context.set_default_timeout(BOOT_TIMEOUT_MS)
        self.origin = origin
        self.allow = tuple(allow)
        self.requests = []
        self.foreign = []
        self.errors = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))

    def _route(self, route):
        url = route.request.url
        self.requests.append(url)
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" == self.origin or parts.scheme in ("data", "blob"):
            return route.continue_()
        for prefix, handler in self.allow:
            if url.startswith(prefix):
                return handler(route)
        self.foreign.append(url)
        return route.abort()

    def close(self):
        self.context.close()


@pytest.fixture(scope="session")
def offline_fallback(manifest):
    """Pages may fetch nothing from other origins, except the one documented fallback: a site
    built without NumPy's wheel loads it from the official Pyodide URL. Tests answer that
    request as an offline machine would (refused), so plain-Python cells must still work.
    Use as ``PageSession(..., allow=offline_fallback)``."""
    numpy = manifest["numpy"]
    if numpy["local"]:
        return ()
    return ((numpy["remote_base"] + numpy["file"], lambda route: route.abort()),)


@pytest.fixture
def open_page(browser, offline_fallback):
    sessions = []
    fallback = offline_fallback

    def _open(url, allow=(), **context_args):
        parts = urlsplit(url)
        session = PageSession(
            browser, f"{parts.scheme}://{parts.netloc}", tuple(allow) + fallback, **context_args
        )
        sessions.append(session)
        session.page.goto(url)
        return session

    yield _open
    for s in sessions:
        foreign = s.foreign
        s.close()
        assert not foreign, f"requests left the site's origin: {foreign}"


class WarmPage:
    """One page of a ``warm_context``, with its own error list (as a PageSession's)."""

    def __init__(self, session, url, viewport=None, color_scheme=None, permissions=None, before_goto=None):
        self.context = session.context
        self._session, self._foreign_before = session, len(session.foreign)
        if permissions:
            self.context.grant_permissions(permissions)
        self.requests = session.requests
        self.errors = []
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        if viewport:
            self.page.set_viewport_size(viewport)
        if color_scheme:
            self.page.emulate_media(color_scheme=color_scheme)
        if before_goto:
            before_goto(self.page)  # e.g. listeners for what the page starts as it loads
        self.page.goto(url)

    @property
    def foreign(self):
        """Requests that left the site's origin since this page was opened (in its profile)."""
        return self._session.foreign[self._foreign_before :]

    def close(self):
        if not self.page.is_closed():
            self.page.close()


def _warm_profile(browser, server, offline_fallback, name, **context_args):
    counted_as, _CURRENT_FILE[0] = _CURRENT_FILE[0], f"{name} (once per process)"
    started = time.monotonic()
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback, **context_args)
    session.page.goto(server.url + "playground/")
    wait_cells(session.page)
    assert session.page.evaluate("window.lessonRunner.offlineReady()") is not None
    session.page.close()
    _CURRENT_FILE[0] = counted_as
    SHARED_SECONDS[f"{name} warm-up"] = round(time.monotonic() - started, 1)
    yield session
    foreign = session.foreign
    session.close()
    assert not foreign, f"requests left the site's origin: {foreign}"


@pytest.fixture(scope="session")
def warm_context(browser, server, offline_fallback):
    """One browser profile (per test process) for the tests that need Python on a fresh page
    but not a reader's first visit: the build's memory snapshot is stored in it first, as a
    first visit keeps it, so every page they open in it (``open_warm``) restores Python
    instead of starting it cold, and no page starts a snapshot worker of its own. The pages
    share the profile: its service worker and caches; ``open_warm`` resets its storage."""
    yield from _warm_profile(browser, server, offline_fallback, "warm_context")


# What a reader's browser keeps after one visit that stored the snapshot, and nothing else:
# the hint that one is stored (runtime/src/snapshot-hint.js; without it a page starts Python
# cold). Edits, solved exercises, visits and the palette of an earlier test are dropped.
SNAPSHOT_HINT = "pyautograd-lessons:snapshot-stored"
_KEEP_ONLY_SNAPSHOT_HINT_JS = """key => {
  const hint = localStorage.getItem(key);
  localStorage.clear();
  if (hint !== null) localStorage.setItem(key, hint);
  return hint;
}"""


def reset_warm_storage(warm_context, server):
    """Leave ``warm_context``'s storage as a reader's whose one visit stored the snapshot
    (cleared from a JSON file of the site, which runs no script)."""
    blank = warm_context.context.new_page()
    blank.goto(server.url + "assets/runtime/manifest.json")
    assert blank.evaluate(_KEEP_ONLY_SNAPSHOT_HINT_JS, SNAPSHOT_HINT) == "1", "no snapshot was stored"
    blank.close()


def _open_warm(warm_context, server):
    reset_warm_storage(warm_context, server)
    pages = []
    foreign_before = len(warm_context.foreign)

    def _open(url, **page_args):
        warm = WarmPage(warm_context, url, **page_args)
        pages.append(warm)
        return warm

    yield _open
    for warm in pages:
        warm.close()
    foreign = warm_context.foreign[foreign_before:]
    assert not foreign, f"requests left the site's origin: {foreign}"


@pytest.fixture
def open_warm(warm_context, server):
    """``open_warm(url, viewport=..., color_scheme=..., permissions=..., before_goto=...)``: a
    new page of ``warm_context`` (closed after the test), where Python restores from the
    stored snapshot. Each test starts from the storage of a reader whose one visit stored the
    snapshot (``reset_warm_storage``), and fails, as ``open_page``'s do, if a request left
    the site's origin while it ran. A module's page of its own is
    ``WarmPage(warm_context, url)`` after ``reset_warm_storage``."""
    yield from _open_warm(warm_context, server)


# WCAG relative luminance and contrast of two computed CSS colours, run in the page.
CONTRAST_JS = """
const channels = (css) => (css.match(/[\\d.]+/g) || []).map(Number);
const luminance = ([r, g, b]) => {
  const lin = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
const backgroundOf = (el) => {
  for (let e = el; e; e = e.parentElement) {
    const c = channels(getComputedStyle(e).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] > 0.5)) return c;
  }
  return channels(getComputedStyle(document.body).backgroundColor);
};
const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
"""


def shot(page, name, full_page=True):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def wait_cells(page, minimum=1):
    """Wait until the runner has scanned the page now in the address bar (after an instant
    navigation the address changes first, and `cells` still counts the previous page)."""
    page.wait_for_function(
        """m => window.lessonRunner && window.lessonRunner.cells >= m
               && window.lessonRunner.page === location.pathname.replace(/index\\.html$/, '')""",
        arg=minimum,
    )


def cell(page, index):
    return page.locator(f'[data-cell="{index}"]')


def set_code(page, index, code):
    """Replace a cell's code as a reader would (select all, delete, insert)."""
    editor = cell(page, index).locator(".cm-content")
    editor.click()
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    # insertText keeps the code exactly (typing would trigger auto-indent / bracket closing)
    page.keyboard.insert_text(code)


def run_and_wait(page, index, via="button"):
    """Run a cell (button, Shift+Enter or Ctrl+Enter) and wait until this run has ended."""
    c = cell(page, index)
    counter_before = c.locator('[data-role="counter"]').inner_text()
    if via == "button":
        c.locator('[data-role="run"]').click()
    elif via == "shift-enter":
        c.locator(".cm-content").focus()
        page.keyboard.press("Shift+Enter")
    elif via == "ctrl-enter":
        c.locator(".cm-content").focus()
        page.keyboard.press("Control+Enter")
    page.wait_for_function(
        """([i, before]) => { const c = document.querySelector(`[data-cell="${i}"]`);
             return ["done", "error"].includes(c.dataset.state)
               && c.querySelector('[data-role="counter"]').textContent !== before; }""",
        arg=[index, counter_before],
        timeout=BOOT_TIMEOUT_MS,
    )
    return c


def output_text(page, index):
    """What the cell printed, with its notices, but without the list of lines that differ
    from the page's expected block (a test that edits a cell reads what it printed)."""
    return (
        cell(page, index)
        .locator('[data-role="output"]')
        .evaluate(
            """el => {
            const diffs = [...el.querySelectorAll('[data-role="expected-diff"]')];
            diffs.forEach((d) => (d.style.display = "none"));
            const text = el.innerText;
            diffs.forEach((d) => (d.style.display = ""));
            return text;
        }"""
        )
    )


def update_metric(name, change):
    """Set test-artifacts/site-metrics.json's ``name`` to ``change(its value now, or None)``."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "site-metrics.json"
    # read-modify-write: a test in another shard may be writing its metric at the same time
    with _Exclusive(ARTIFACTS / ".site-metrics.lock"):
        data = json.loads(path.read_text()) if path.exists() else {}
        data[name] = change(data.get(name))
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False))


def write_metric(name, value):
    update_metric(name, lambda _old: value)


def serve_html_instead(context, url, html):
    """Answer ``url`` in ``context`` with ``html`` (a page as a later build would serve it), with
    the isolation headers the site's server sends, so Stop's shared memory still works."""
    context.route(
        url,
        lambda route: route.fulfill(
            status=200,
            content_type="text/html",
            body=html,
            headers={
                "Cross-Origin-Opener-Policy": "same-origin",
                "Cross-Origin-Embedder-Policy": "require-corp",
            },
        ),
    )
