"""When Python starts (runtime/src/start-policy.js): on a page with code cells at once, in
the background, from a script in the page's head (early.js) that page.js takes over; not
at all on a page without cells; on intent (focus or pointer on a cell) when the reader's
browser asks to save data, unless the runtime is already in the service worker's cache.
The boot panel appears only for a run, and then with the steps done so far. Plain-Python
cells only (the playground), so these run with or without NumPy's wheel in the site.
"""

import pytest
from conftest import PageSession, cell, output_text, run_and_wait, set_code, wait_cells

# Emulates a browser that asks to save data (Chrome's "Lite mode"; Save-Data: on) or a
# slow link: navigator.connection says so before any script of the page runs.
SAVE_DATA = """Object.defineProperty(Navigator.prototype, "connection", {
  configurable: true, get: () => ({ saveData: %s, effectiveType: "%s" }) });"""


def _sent(session, part):
    return [u for u in session.requests if part in u]


def _open(browser, server, offline_fallback, path, init_script=None, route=None):
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    if init_script:
        session.context.add_init_script(init_script)
    if route:
        session.context.route(*route)
    session.page.goto(server.url + path)
    wait_cells(session.page, minimum=0)
    return session


def _no_panel(page):
    return page.locator(".lr-boot:visible").count() == 0


def test_a_page_with_cells_starts_python_before_any_interaction(browser, server, offline_fallback):
    session = _open(browser, server, offline_fallback, "playground/")
    page = session.page
    try:
        assert page.locator("head > script[data-runtime]").count() == 1
        page.wait_for_function("window.lessonRunner.workersStarted === 1")
        assert page.evaluate("window.lessonRunner.startedBy") == "early"  # the head script's worker
        page.wait_for_function("window.lessonRunner.pythonStart !== null")
        timeline = page.evaluate("window.lessonRunner.bootTimeline")
        assert timeline[0][0] == "worker created"
        assert _no_panel(page)  # nothing shown: the reader has run nothing
        c = run_and_wait(page, 0)
        assert c.get_attribute("data-state") == "done"
        assert "নমস্কার" in output_text(page, 0)
        assert page.evaluate("window.lessonRunner.workersStarted") == 1  # the same worker ran it
        assert _no_panel(page)
        assert not session.errors, session.errors
    finally:
        session.close()


def test_a_page_without_cells_starts_no_python(browser, server, offline_fallback):
    session = _open(browser, server, offline_fallback, "glossary/")
    page = session.page
    try:
        page.wait_for_load_state("networkidle")
        assert page.locator(".lr-cell").count() == 0
        assert page.locator("head > script[data-runtime]").count() == 0
        assert page.evaluate("window.lessonRunnerEarly === undefined")
        assert page.evaluate("window.lessonRunner.workersStarted") == 0
        assert not _sent(session, "/assets/runtime/worker.js")
        assert not _sent(session, "/pyodide/")
        # an instant navigation to a page with cells starts it there (no head script runs then)
        page.evaluate("window.visitMarker = 'same document'")
        page.locator("nav.md-nav--primary a.md-nav__link[href$='playground/']").first.click()
        wait_cells(page)
        page.wait_for_function("window.lessonRunner.workersStarted === 1")
        assert page.evaluate("window.visitMarker") == "same document"
        assert page.evaluate("window.lessonRunner.startedBy") == "page"
        assert _no_panel(page)
    finally:
        session.close()


@pytest.mark.parametrize(("save_data", "link"), [("true", "4g"), ("false", "3g")], ids=["save-data", "3g"])
def test_saving_data_waits_for_intent(browser, server, offline_fallback, save_data, link):
    session = _open(
        browser, server, offline_fallback, "playground/", init_script=SAVE_DATA % (save_data, link)
    )
    page = session.page
    try:
        wait_cells(page)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("navigator.connection.effectiveType") == link
        assert page.evaluate("window.lessonRunner.workersStarted") == 0
        assert not _sent(session, "/assets/runtime/worker.js")
        assert not _sent(session, "/pyodide/")
        cell(page, 0).locator(".cm-content").hover()  # intent
        page.wait_for_function("window.lessonRunner.workersStarted === 1")
        assert page.evaluate("window.lessonRunner.startedBy") == "page"
        assert _no_panel(page)  # warming up on intent is silent too
        run_and_wait(page, 0)
        assert "নমস্কার" in output_text(page, 0)
    finally:
        session.close()


def test_a_cached_runtime_starts_at_once_even_when_saving_data(browser, server, offline_fallback):
    session = _open(browser, server, offline_fallback, "playground/")
    page = session.page
    try:
        wait_cells(page)
        kept = page.evaluate("window.lessonRunner.offlineReady()")
        assert kept and kept["missing"] == [], kept
        session.context.add_init_script(SAVE_DATA % ("true", "2g"))
        page.reload()
        wait_cells(page)
        assert page.evaluate("navigator.connection.saveData") is True
        page.wait_for_function("window.lessonRunner.workersStarted === 1")
        assert page.evaluate("window.lessonRunner.startedBy") == "early"  # costs no data now
        assert _no_panel(page)
    finally:
        session.close()


def test_a_run_during_the_background_boot_shows_the_panel_with_its_progress(
    browser, server, offline_fallback
):
    held = []
    session = _open(
        browser,
        server,
        offline_fallback,
        "playground/",
        route=("**/pyodide/pyodide.asm.wasm", lambda route: held.append(route)),
    )
    page = session.page
    try:
        wait_cells(page)
        page.wait_for_function("window.lessonRunner.workersStarted === 1")
        while not held:  # Playwright takes the held request while it waits
            page.wait_for_timeout(50)
        assert _no_panel(page)  # booting in the background, Python's wasm still on its way
        cell(page, 0).locator('[data-role="run"]').click()
        panel = cell(page, 0).locator(".lr-boot")
        panel.wait_for(state="visible")
        # the steps the worker reported before anyone ran anything are on the panel
        assert panel.locator('li[data-step="python"]').get_attribute("data-state") == "start"
        assert cell(page, 0).get_attribute("data-state") == "booting"
        held[0].continue_()
        page.wait_for_function("document.querySelector('[data-cell=\"0\"]').dataset.state === 'done'")
        assert "নমস্কার" in output_text(page, 0)
        assert page.evaluate("window.lessonRunner.workersStarted") == 1
    finally:
        session.close()


def test_a_failed_background_boot_shows_nothing_until_a_run(browser, server, offline_fallback):
    session = _open(
        browser,
        server,
        offline_fallback,
        "playground/",
        route=("**/pyodide/pyodide.mjs", lambda route: route.fulfill(status=503, body="down")),
    )
    page = session.page
    try:
        wait_cells(page)
        page.wait_for_function("window.lessonRunner.bootProblem !== null")
        assert _no_panel(page)
        assert page.locator('[data-role="notice"]:visible').count() == 0
        assert all(
            s in ("idle", None)
            for s in page.locator("[data-cell]").evaluate_all("els => els.map(e => e.dataset.state)")
        )
        cell(page, 0).locator('[data-role="run"]').click()
        page.wait_for_function("document.querySelector('[data-cell=\"0\"]').dataset.state === 'error'")
        assert cell(page, 0).locator(".lr-boot:visible").count() == 1  # the panel says it failed
        assert "পাইথন চালু করা যায়নি" in cell(page, 0).inner_text()
    finally:
        session.close()


def test_the_worker_boots_before_the_page_says_so(browser, server, offline_fallback):
    """worker.js starts Python the moment it runs: the page's boot message (Stop's interrupt
    buffer) reaches a new worker only once the page's main thread is free, which during a
    first load waits behind the page's own parsing and layout. It is awaited only at the end:
    the worker says ready after it, never before."""
    session = _open(browser, server, offline_fallback, "glossary/")  # no cells: starts nothing
    page = session.page
    try:
        steps = page.evaluate(
            """async () => {
              const worker = new Worker(new URL("../assets/runtime/worker.js", location.href),
                                        { type: "module" });
              const seen = [];
              let ready = null;
              const readyOnce = new Promise((resolve) => { ready = resolve; });
              const done = new Promise((resolve) => {
                worker.onmessage = (e) => {
                  const m = e.data;
                  seen.push(m.type === "progress" ? `${m.step}:${m.state}` : m.type);
                  if (m.type === "progress" && m.step === "python" && m.state === "done") resolve();
                  if (m.type === "ready" || (m.type === "boot-error" && !m.partial)) ready(m.type);
                };
              });
              await done;  // Python is up, and nobody has told the worker to boot
              await new Promise((r) => setTimeout(r, 200));
              const before = [...seen];
              worker.postMessage({ type: "boot", interruptBuffer: null });
              const last = await readyOnce;
              worker.terminate();
              return { before, last };
            }"""
        )
        assert "python:done" in steps["before"], steps
        assert "ready" not in steps["before"], steps
        assert steps["last"] == "ready", steps
        assert not session.errors, session.errors
    finally:
        session.close()


GRAPHVIZ_LOADED = (
    "performance.getEntriesByType('resource').some((e) => /\\/chunks\\/graph-[^/]*\\.js$/.test(e.name))"
)


def test_graphviz_loads_while_python_starts_on_a_page_whose_cells_draw_graphs(
    browser, server, offline_fallback
):
    """Lesson 1's cells call show(): Graphviz is fetched and compiled once Python has started,
    before any cell runs, so the first graph appears as soon as its cell has run (it came
    0.3 s after that when Graphviz loaded at the first graph)."""
    session = _open(browser, server, offline_fallback, "lessons/01-computational-graph/")
    page = session.page
    try:
        page.wait_for_function("window.lessonRunner.pythonStart !== null")
        page.wait_for_function(GRAPHVIZ_LOADED, timeout=30_000)  # asked for when Python started
        assert page.locator("[data-cell][data-state=done], [data-cell][data-state=error]").count() == 0
        assert _no_panel(page)
        assert not session.errors, session.errors
    finally:
        session.close()


def test_a_page_whose_cells_draw_no_graph_loads_graphviz_only_for_a_graph(browser, server, offline_fallback):
    """Lesson 6 draws plots, no graph: no Graphviz download until a cell draws one; then the
    figure is marked as drawing until its SVG is in (bench/boot.py waits on that mark)."""
    session = _open(browser, server, offline_fallback, "lessons/06-training/")
    page = session.page
    try:
        page.wait_for_function("window.lessonRunner.pythonStart !== null")
        page.wait_for_timeout(1500)  # a prepared Graphviz would have been asked for by now
        assert not page.evaluate(GRAPHVIZ_LOADED)
        set_code(page, 0, 'from lessonkit import show\nshow("digraph { a -> b }", title="দুটি নোড")')
        page.evaluate(
            """() => new MutationObserver(() => {
                 if (document.querySelector('[data-cell="0"] [data-drawing]')) window.sawDrawing = true;
               }).observe(document.querySelector('[data-cell="0"]'),
                          { subtree: true, childList: true, attributes: true })"""
        )
        run_and_wait(page, 0)
        figure = cell(page, 0).locator(".lr-out-display-dot")
        figure.locator("svg").wait_for()
        page.wait_for_function("!document.querySelector('[data-cell=\"0\"] [data-drawing]')")
        assert page.evaluate("window.sawDrawing === true")  # marked while Graphviz loaded
        assert page.evaluate(GRAPHVIZ_LOADED)
        assert figure.get_attribute("data-draws") == "1"
        assert not session.errors, session.errors
    finally:
        session.close()
