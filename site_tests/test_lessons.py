"""Every runnable cell of every lesson, run in the browser, prints what CPython prints.

Needs NumPy in Pyodide, so these tests run only when the build put NumPy's official
Pyodide wheel into the site (PYODIDE_PACKAGES_DIR); otherwise they skip and say so.
One test per page of the nav that has cells, so the site-test processes can share the pages
out; each page gets a fresh Python. The first page in reading order opens in a fresh profile,
as a reader's first visit does (its cold load is measured), and then keeps the build's memory
snapshot, as that visit does in the background. Every later page opens in a profile where
such a visit has kept the snapshot (conftest's ``warm_context``), so it restores Python as
that reader's would: a cold start is most of a page's time, and the page's own snapshot timer
would fire at a moment left to chance.
"""

import json
import time
from pathlib import Path

import pytest
from conftest import REPO, PageSession, cell, shot, update_metric, wait_cells, write_metric
from test_displays import figure_titles_said_more_than_once

DOCS = REPO / "docs"


def _pages():
    """The pages of mkdocs.yml's nav that have runnable cells, in reading order, with their
    cells."""
    import doc_cells

    found = []
    for md in doc_cells.nav_pages():
        cells = doc_cells.parse_cells(md.read_text(encoding="utf-8"))
        if cells:
            found.append(md)
    return found


PAGES = _pages()


def _url_path(md: Path) -> str:
    rel = md.relative_to(DOCS).with_suffix("")
    return "" if rel.name == "index" else f"{rel.as_posix()}/"


def _cpython(cells):
    import doc_cells
    import numpy

    import pyautograd

    pyautograd.manual_seed(0)
    numpy.random.seed(0)
    return doc_cells.run_page(cells)


def _record(metric, md, value):
    """One page's entry of a per-page metric, the entries in reading order (another process
    writes the pages it ran; a page no longer in the nav is dropped)."""

    def with_page(old):
        merged = {**(old if isinstance(old, dict) else {}), md.name: value}
        return {p.name: merged[p.name] for p in PAGES if p.name in merged}

    update_metric(metric, with_page)


def test_the_nav_has_pages_with_cells():
    assert PAGES, "no page of mkdocs.yml's nav has a runnable cell"


# The first page measures a cold load by the bytes the server sent: it runs before any other
# test of its process, so no other profile (the warm one's service worker keeping pages for
# offline) is fetching from the server meanwhile.
@pytest.mark.parametrize(
    "md",
    [pytest.param(md, marks=[pytest.mark.first_in_process] if md == PAGES[0] else []) for md in PAGES],
    ids=[md.stem for md in PAGES],
)
def test_every_lesson_cell_matches_cpython(md, request, browser, server, numpy_in_site):
    """The first page also measures its cold load (bytes served, time to the first output);
    the numbers go to test-artifacts/site-metrics.json for the closing note, with every
    page's time, cells' times and how its Python started."""
    import doc_cells

    cells = doc_cells.parse_cells(md.read_text(encoding="utf-8"))
    expected = _cpython(cells)
    first_page = md == PAGES[0]
    problems, counted = [], 0
    if first_page:
        with server.count_lock:
            server.bytes_sent = 0
            server.paths_sent.clear()
        session = PageSession(browser, server.url.rstrip("/"))
        foreign_before = 0
        started = time.monotonic()
        session.page.goto(server.url + _url_path(md))
        page = session.page
    else:
        session = request.getfixturevalue("warm_context")  # warmed up before the clock starts
        open_warm = request.getfixturevalue("open_warm")
        foreign_before = len(session.foreign)  # the profile is shared: this page's requests
        started = time.monotonic()
        page = open_warm(server.url + _url_path(md)).page
    try:
        wait_cells(page)
        assert page.evaluate("window.lessonRunner.cells") == len(cells), md.name
        if first_page:
            page.wait_for_load_state("load")
            before_run = server.bytes_sent
            first = page.evaluate("window.lessonRunner.run(0)")
            first_output = time.monotonic() - started
            page.evaluate("window.lessonRunner.ready()")
            by_file = {}
            for path, n in server.paths_sent:
                by_file[path] = by_file.get(path, 0) + n
            write_metric(
                "cold_load",
                {
                    "page": _url_path(md),
                    "bytes_before_running": before_run,
                    "bytes_after_first_run_incl_pyodide_numpy_pyautograd": server.bytes_sent,
                    "seconds_from_navigation_to_first_cell_output": round(first_output, 2),
                    "first_cell_error": first["error"],
                    "largest_files": sorted(by_file.items(), key=lambda kv: -kv[1])[:8],
                },
            )
        page.evaluate("window.lessonRunner.ready()")
        results = page.evaluate("window.lessonRunner.runAll()")
        _record("seconds_per_page_run_all", md, round(time.monotonic() - started, 1))
        _record("milliseconds_per_cell", md, [r.get("ms", 0) for r in results])
        _record("python_start_per_page", md, page.evaluate("window.lessonRunner.pythonStart"))
        if first_page:
            page.evaluate("window.lessonRunner.offlineReady()")  # keeps the snapshot too
        shot(page, f"lesson-{md.stem}")
        for said_twice in figure_titles_said_more_than_once(page, ".md-content"):
            problems.append(f"{md.relative_to(REPO)}: figure title {said_twice}")
        # Graphviz's own warnings are English and say nothing a reader can act on
        for note in page.locator("[data-role=graph-warnings]").all_inner_texts():
            problems.append(f"{md.relative_to(REPO)}: Graphviz warned: {note}")
        marks = page.evaluate(
            "[...document.querySelectorAll('.lr-cell')].map((c) => c.dataset.matchesExpected ?? null)"
        )
        for c, want, got, mark in zip(cells, expected, results, marks):
            counted += 1
            if c.expected is not None and mark != "true":  # the page's own ✓, decided in Pyodide
                problems.append(f"{md.relative_to(REPO)} cell {c.index}: page shows no ✓ ({mark!r})")
            where = f"{md.relative_to(REPO)} cell {c.index} (line {c.line})"
            if (want.error is None) != (got["error"] is None):
                problems.append(f"{where}: CPython error {want.error!r}, browser error {got['error']!r}")
                continue
            if want.error:
                # The lesson's point (expect-error): the whole last line must agree. Otherwise
                # the type must; messages may name file paths, which differ by design.
                w, g = want.error.splitlines()[-1], got["error"].splitlines()[-1]
                if (w if c.expect_error else w.split(":")[0]) != (g if c.expect_error else g.split(":")[0]):
                    problems.append(f"{where}: CPython {want.error!r} != browser {got['error']!r}")
            if c.expected is None and ("empty(" in c.code or "empty_like(" in c.code):
                continue  # uninitialised memory: no expected block, values differ by design
            if doc_cells.normalise(want.stdout) != doc_cells.normalise(got["stdout"]):
                problems.append(
                    f"{where}: stdout differs\nCPython: {want.stdout!r}\nbrowser: {got['stdout']!r}"
                )
        assert counted > 0
        assert not problems, "\n\n".join(problems)
        assert not session.foreign[foreign_before:], session.foreign[foreign_before:]
    finally:
        if first_page:
            session.close()


def test_numpy_fallback_from_official_url(browser, server, manifest, numpy_in_site, built_site):
    """With no local wheel, NumPy comes from the pinned official URL, integrity-checked;
    a tampered download gives a clear Bengali message and pure Python still runs."""
    numpy = manifest["numpy"]
    wheel = (built_site / "assets/runtime/pyodide" / numpy["file"]).read_bytes()
    remote = numpy["remote_base"] + numpy["file"]
    remote_manifest = json.dumps({**manifest, "numpy": {**numpy, "local": False}})

    def serve_manifest(route):
        route.fulfill(status=200, content_type="application/json", body=remote_manifest)

    for body, works in ((wheel, True), (wheel[:-10] + b"0123456789", False)):
        served = []

        def official(route, body=body, served=served):
            served.append(route.request.url)
            route.fulfill(
                status=200,
                body=body,
                content_type="application/octet-stream",
                headers={"Access-Control-Allow-Origin": "*"},
            )

        session = PageSession(browser, server.url.rstrip("/"), allow=[(remote, official)])
        session.context.route("**/assets/runtime/manifest.json", serve_manifest)
        session.context.route(f"{server.url}assets/runtime/pyodide/{numpy['file']}", lambda r: r.abort())
        page = session.page
        try:
            page.goto(server.url + "playground/")
            wait_cells(page)
            result = page.evaluate("window.lessonRunner.run(1)")  # the NumPy cell
            assert served == [remote]
            if works:
                assert result["error"] is None and "26.0" in result["stdout"], result
            else:
                assert result["error"] and "ModuleNotFoundError" in result["error"]
                assert "NumPy লোড করা যায়নি" in cell(page, 1).locator('[data-role="notice"]').inner_text()
                assert (
                    "NumPy বা pyautograd লোড হয়নি"
                    in cell(page, 1).locator('[data-role="output"]').inner_text()
                )
                assert page.locator(".lr-boot").inner_text().count("NumPy") >= 1
                pure = page.evaluate("window.lessonRunner.run(0)")
                assert pure["error"] is None and "নমস্কার" in pure["stdout"]
                shot(page, "numpy-fallback-integrity-failure", full_page=False)
        finally:
            session.close()


def test_without_numpy_plain_python_runs_and_numpy_cells_explain(browser, server, manifest):
    """A reader whose browser cannot get NumPy (offline, blocked): no hang, a Bengali
    explanation on the cells that need NumPy, and plain Python cells still work. Runs with
    or without the wheel in the site: both the local and the official URL are refused."""
    numpy = manifest["numpy"]
    refused = []

    def refuse(route):
        refused.append(route.request.url)
        route.abort()

    remote = numpy["remote_base"] + numpy["file"]
    session = PageSession(browser, server.url.rstrip("/"), allow=[(remote, refuse)])
    session.context.route(f"{server.url}assets/runtime/pyodide/{numpy['file']}", refuse)
    page = session.page
    try:
        page.goto(server.url + "playground/")
        wait_cells(page)
        needs_numpy = page.evaluate("window.lessonRunner.run(1)")
        assert refused, "the NumPy wheel was never requested"
        assert needs_numpy["error"] and "ModuleNotFoundError" in needs_numpy["error"], needs_numpy
        assert "NumPy লোড করা যায়নি" in cell(page, 1).locator('[data-role="notice"]').inner_text()
        assert "NumPy বা pyautograd লোড হয়নি" in cell(page, 1).locator('[data-role="output"]').inner_text()
        assert cell(page, 1).get_attribute("data-state") == "error"
        plain = page.evaluate("window.lessonRunner.run(0)")
        assert plain["error"] is None and "নমস্কার" in plain["stdout"], plain
        assert cell(page, 0).locator('[data-role="notice"]').is_hidden()
        shot(page, "numpy-unavailable", full_page=False)
        assert not session.foreign, session.foreign
    finally:
        session.close()


def test_a_stalled_numpy_download_fails_soon_with_a_message(browser, server, manifest):
    """A NumPy download that stops sending data is given up after the manifest's
    ``download_stall_ms`` (not a fixed two minutes); the reader is told, pure Python runs."""
    assert manifest["download_stall_ms"] == 30000
    numpy = manifest["numpy"]
    remote = numpy["remote_base"] + numpy["file"]
    body = json.dumps({**manifest, "numpy": {**numpy, "local": False}, "download_stall_ms": 3000})
    hung = []  # (route, when it arrived): the request is never answered

    def hang(route):
        hung.append((route, time.monotonic()))

    session = PageSession(browser, server.url.rstrip("/"), allow=[(remote, hang)])
    session.context.route(
        "**/assets/runtime/manifest.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    page = session.page
    try:
        page.goto(server.url + "playground/")
        wait_cells(page)
        result = page.evaluate("window.lessonRunner.run(1)")  # the NumPy cell
        assert [r.request.url for r, _ in hung] == [remote]
        # From the moment the download hung (not from the boot's start, which a loaded machine
        # stretches) to giving up: the manifest's 3 s, far from the default 30 s.
        waited = time.monotonic() - hung[0][1]
        assert waited < 20, (
            f"gave up {waited:.0f} s after the download hung: the manifest's 3 s were not used"
        )
        assert result["error"] and "ModuleNotFoundError" in result["error"]
        notice = cell(page, 1).locator('[data-role="notice"]').inner_text()
        assert "NumPy লোড করা যায়নি" in notice and "stalled" in notice, notice
        pure = page.evaluate("window.lessonRunner.run(0)")
        assert pure["error"] is None and "নমস্কার" in pure["stdout"]
    finally:
        session.close()
