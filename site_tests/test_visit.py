"""One Python per visit: instant navigation keeps the booted worker, each page gets a fresh
namespace, leaving a page stops its run, a crashed worker is replaced, the boot panel
shows only for a run. Plain-Python cells only (the playground's first cell), so these run
with or without NumPy's wheel in the site.
"""

from conftest import PageSession, cell, output_text, run_and_wait, set_code, wait_cells


def _sent(server, suffix):
    return sum(1 for path, _ in list(server.paths_sent) if path.split("?")[0].endswith(suffix))


def _outputs(page):
    return "\n".join(page.locator('[data-role="output"]').all_inner_texts())


def _open(browser, server, offline_fallback, path):
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    session.page.goto(server.url + path)
    wait_cells(session.page)
    return session


def _follow(page, go, path_part):
    """Leave the page (go: a link selector, or "back" / "forward") and wait until Material
    has swapped the next page in and its cells are set up (the old cells are marked)."""
    page.evaluate("document.querySelectorAll('[data-cell]').forEach(c => c.dataset.left = '1')")
    if go == "back":
        page.go_back()
    elif go == "forward":
        page.go_forward()
    else:
        page.locator(go).first.click()
    page.wait_for_function(
        """p => location.pathname.includes(p) && window.lessonRunner.cells > 0
               && document.querySelector('[data-cell="0"]:not([data-left])')?.dataset.state""",
        arg=path_part,
    )


def test_nav_click_reuses_the_booted_worker_with_a_fresh_namespace(browser, server, offline_fallback):
    session = _open(browser, server, offline_fallback, "lessons/01-computational-graph/")
    page = session.page
    try:
        page.evaluate("window.lessonRunner.ready().catch(() => null)")
        page.wait_for_function("window.lessonRunner.workersStarted === 1")
        # After the boot the page keeps the runtime for offline use and takes the memory
        # snapshot in the background; in a fresh (in-memory cache) context the service
        # worker's precache downloads pyodide.asm.wasm once more and the snapshot worker may
        # load it too. Let both finish first, so the count below sees only the navigation.
        page.evaluate("window.lessonRunner.offlineReady()")
        wasm_before = _sent(server, "/pyodide.asm.wasm")
        page.evaluate("window.visitMarker = 'same document'")
        _follow(page, "nav.md-nav--primary a.md-nav__link[href$='playground/']", "playground/")
        n = page.evaluate("window.lessonRunner.cells")
        run_and_wait(page, 0)
        assert "নমস্কার" in output_text(page, 0)
        set_code(page, n - 1, "left_here = 1")
        run_and_wait(page, n - 1)
        assert page.evaluate("window.visitMarker") == "same document"  # no reload
        assert page.evaluate("window.lessonRunner.workersStarted") == 1  # no second boot
        assert _sent(server, "/pyodide.asm.wasm") == wasm_before  # no second download

        _follow(page, "back", "lessons/01-computational-graph/")
        _follow(page, "forward", "playground/")
        assert page.evaluate("window.visitMarker") == "same document"
        set_code(page, n - 1, "print('left_here' in dir())")
        run_and_wait(page, n - 1)
        assert output_text(page, n - 1).strip() == "False"  # a fresh namespace for the new view
        assert page.evaluate("window.lessonRunner.workersStarted") == 1
        assert not session.errors, session.errors
    finally:
        session.close()


def test_leaving_a_page_stops_its_run_and_its_output_stays_behind(browser, server, offline_fallback):
    session = _open(browser, server, offline_fallback, "playground/")
    page = session.page
    try:
        n = page.evaluate("window.lessonRunner.cells")
        i = n - 1
        set_code(
            page,
            i,
            "i = 0\nwhile True:\n    i += 1\n    if i % 200000 == 0:\n        print('LEFT-BEHIND', i)",
        )
        cell(page, i).locator('[data-role="run"]').click()
        page.wait_for_function(
            """i => document.querySelector(`[data-cell="${i}"] [data-role=output]`).textContent
                   .includes('LEFT-BEHIND')""",
            arg=i,
        )
        _follow(page, "nav.md-nav--primary a.md-nav__link[href*='lessons/']", "lessons/")
        page.wait_for_function(
            "window.lessonRunner.lastStop && window.lessonRunner.lastStop.outcome !== 'pending'"
        )
        assert page.evaluate("window.lessonRunner.lastStop.outcome") == "interrupted"
        assert "LEFT-BEHIND" not in _outputs(page)
        _follow(page, "back", "playground/")
        run_and_wait(page, 0)  # the same worker runs the next cell
        assert "LEFT-BEHIND" not in _outputs(page)
        assert page.evaluate("window.lessonRunner.workersStarted") == 1
    finally:
        session.close()


def test_worker_crash_fails_the_cell_cancels_the_queue_and_restarts(browser, server, offline_fallback):
    session = _open(browser, server, offline_fallback, "playground/")
    page = session.page
    try:
        n = page.evaluate("window.lessonRunner.cells")
        i = n - 1
        run_and_wait(page, 0)
        # Pyodide's own fatal-error path (what a JavaScript stack overflow deep in the
        # interpreter ends in), taken on purpose so the crash does not depend on stack sizes.
        set_code(
            page, i, "import js, pyodide_js\npyodide_js._api.fatal_error(js.Error.new('simulated crash'))"
        )
        # cell 0 is queued behind the crashing cell
        result, waiting = page.evaluate(
            f"Promise.all([window.lessonRunner.run({i}), window.lessonRunner.run(0)])"
        )
        assert result["crashed"] and result["error"] == "WorkerCrash: simulated crash", result
        assert "অচল" in output_text(page, i)
        # not the stack's running out, so neither of its causes is offered
        assert "setrecursionlimit" not in output_text(page, i)
        assert cell(page, i).get_attribute("data-state") == "error"
        assert waiting.get("cancelled") and waiting["stdout"] == "", waiting
        assert "চালানো হয়নি" in cell(page, 0).locator('[data-role="notice"]').inner_text()
        assert cell(page, 0).get_attribute("data-state") == "idle"
        again = page.evaluate("window.lessonRunner.run(0)")  # a fresh worker answers
        assert again["error"] is None and "নমস্কার" in again["stdout"], again
        assert page.evaluate("window.lessonRunner.workersStarted") == 2
    finally:
        session.close()


def test_boot_panel_appears_only_for_a_run_and_inside_the_cell(browser, server, offline_fallback, manifest):
    session = _open(browser, server, offline_fallback, "playground/")
    page = session.page
    try:
        cell(page, 0).locator(".cm-content").hover()  # intent: Python warms up silently
        page.wait_for_function("window.lessonRunner.workersStarted === 1")
        assert page.locator(".lr-boot:visible").count() == 0
        cell(page, 0).locator('[data-role="run"]').click()
        page.wait_for_function(
            """() => document.querySelector('[data-cell="0"]').dataset.state === 'done'
                     || document.querySelector('[data-cell="0"] .lr-boot:not([hidden])')"""
        )
        panel = page.locator(".lr-boot")
        if panel.count():  # still booting when clicked: the panel sits in the cell, not over output
            assert panel.evaluate("e => e.closest('[data-cell=\"0\"]') !== null")
        page.wait_for_function("document.querySelector('[data-cell=\"0\"]').dataset.state === 'done'")
        if manifest["numpy"]["local"]:  # without NumPy the panel stays to say why (in the cell)
            assert page.locator(".lr-boot:visible").count() == 0
        else:
            assert page.locator(".lr-boot:visible").evaluate_all(
                "els => els.every(e => e.closest('[data-cell]') !== null)"
            )
    finally:
        session.close()


def test_offline_reload_runs_the_cells_of_visited_pages(browser, server, offline_fallback, manifest):
    """After one visit (Python booted once), the service worker holds the pages seen and the
    whole runtime: with the network off, a reload and a nav click still run every cell."""
    session = _open(browser, server, offline_fallback, "playground/")
    page = session.page
    try:
        run_and_wait(page, 0)
        _follow(page, "nav.md-nav--primary a.md-nav__link[href*='lessons/']", "lessons/")
        lesson = page.evaluate("location.pathname")
        _follow(page, "back", "playground/")
        kept = page.evaluate("window.lessonRunner.offlineReady()")
        assert kept and kept["missing"] == [] and kept["build"] == manifest["build"], kept
        assert page.evaluate("navigator.serviceWorker.controller !== null")

        session.context.set_offline(True)
        page.reload()
        wait_cells(page)
        results = page.evaluate("window.lessonRunner.runAll()")
        numpy = manifest["numpy"]["local"]
        for i, result in enumerate(results):
            if cell(page, i).get_attribute("data-expect-error") is not None:
                continue
            if not numpy and any(m in (result["error"] or "") for m in ("No module named", "NameError")):
                continue  # without NumPy's wheel a NumPy cell fails, and so do cells using its names
            assert result["error"] is None, (i, result)
        assert "নমস্কার" in output_text(page, 0)
        if numpy:
            _follow(page, f"nav.md-nav--primary a.md-nav__link[href$='{lesson.split('/')[-2]}/']", lesson)
            results = page.evaluate("window.lessonRunner.runAll()")
            for i, result in enumerate(results):
                expected = cell(page, i).get_attribute("data-expect-error") is not None
                assert expected or result["error"] is None, (i, result)
    finally:
        session.context.set_offline(False)
        session.close()
