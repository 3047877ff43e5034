"""What the page does beside Python's start, so that the start gets the machine's CPU: fonts
preloaded from the head (hooks/site_build.py), so they do not each lay the page out again;
Material's search index is built only once the boot is over (runtime/src/search-worker.js,
search-hold.js), or at once on a page that boots nothing, or the moment the reader goes for
the search box; NumPy's modules are imported from bytecode built with the site
(hooks/wheels.py numpy_bytecode), not compiled at every start; the site's NumPy wheel is
unpacked, not loaded with Pyodide's loadPackage, so only the extension modules an import
needs are loaded (runtime/src/worker.js boot), and loadPackage is the fallback.
"""

import re

from conftest import PageSession, cell, output_text, run_and_wait, set_code, wait_cells

LESSON = "lessons/01-computational-graph/"
HELD = re.compile(r"/assets/javascripts/workers/search-held\.[0-9a-f]+\.js$")
REAL = re.compile(r"/assets/javascripts/workers/search\.[0-9a-f]+\.min\.js$")

# Run in a cell after NumPy is up: the flags of the pyc each imported NumPy module came from
# (PEP 552: 1 = unchecked hash, as the build writes them; Python's own are 0), and how many.
NUMPY_FROM_BYTECODE = """import sys
mods = [m for n, m in sys.modules.items() if n.split(".")[0] == "numpy" and getattr(m, "__cached__", None)]
flags = set()
for m in mods:
    with open(m.__cached__, "rb") as f:
        flags.add(int.from_bytes(f.read(8)[4:8], "little"))
print(len(mods) > 50, sorted(flags))"""


def _sent(session, pattern):
    return [u for u in session.requests if pattern.search(u)]


def _open(browser, server, offline_fallback, path, hold_wasm=None):
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    if hold_wasm is not None:
        session.context.route("**/pyodide/pyodide.asm.wasm", lambda route: hold_wasm.append(route))
    session.page.goto(server.url + path)
    wait_cells(session.page, minimum=0)
    return session


def _wait_sent(page, session, pattern):
    while not _sent(session, pattern):
        page.wait_for_timeout(50)


def _search(page, query="গ্রেডিয়েন্ট"):
    box = page.locator("[data-md-component=search-query]")
    box.click()
    box.fill(query)
    page.locator(".md-search-result__item").first.wait_for(timeout=20000)
    return page.locator(".md-search-result__item").count()


def test_the_search_index_waits_for_pythons_start_unless_the_reader_searches(
    browser, server, offline_fallback
):
    held = []
    session = _open(browser, server, offline_fallback, LESSON, hold_wasm=held)
    page = session.page
    try:
        wait_cells(page)
        while not held:  # Python's start is under way, and stays so
            page.wait_for_timeout(50)
        assert page.evaluate("window.lessonRunner.pythonStart") is None
        assert _sent(session, HELD)  # Material's config names the held worker
        assert not _sent(session, REAL)  # whose real index builder has not been loaded
        assert _search(page) >= 1  # going for the search box lets it build the index now
        assert _sent(session, REAL)
        assert page.evaluate("window.lessonRunner.pythonStart") is None  # still booting
        held[0].continue_()
        page.wait_for_function("window.lessonRunner.pythonStart !== null")
        assert not session.errors, session.errors
    finally:
        session.close()


def test_the_search_index_is_built_once_python_is_up(browser, server, offline_fallback):
    session = _open(browser, server, offline_fallback, "playground/")
    page = session.page
    try:
        wait_cells(page)
        page.wait_for_function("window.lessonRunner.pythonStart !== null")
        _wait_sent(page, session, REAL)  # nobody touched the search box
        assert _search(page) >= 1
        assert not session.errors, session.errors
    finally:
        session.close()


def test_a_page_without_cells_builds_the_search_index_at_once(browser, server, offline_fallback):
    session = _open(browser, server, offline_fallback, "glossary/")
    page = session.page
    try:
        _wait_sent(page, session, REAL)
        assert page.evaluate("window.lessonRunner.workersStarted") == 0
        assert _search(page) >= 1
        assert not session.errors, session.errors
    finally:
        session.close()


def _run_in_playground(page, code):
    """Run `code` in the playground's last cell: that cell's index, its output, the boot's steps."""
    wait_cells(page)
    last = page.evaluate("window.lessonRunner.cells") - 1
    set_code(page, last, code)
    run_and_wait(page, last)
    steps = [step for step, _ in page.evaluate("window.lessonRunner.bootTimeline")]
    return last, output_text(page, last).strip(), steps


def test_numpy_is_imported_from_the_bytecode_built_with_the_site(browser, server, numpy_in_site):
    assert numpy_in_site["bytecode"]["file"].startswith("numpy-pyc-")
    session = _open(browser, server, (), "playground/")
    try:
        last, output, _ = _run_in_playground(session.page, NUMPY_FROM_BYTECODE)
        assert output == "True [1]"
        assert cell(session.page, last).get_attribute("data-state") == "done"
        assert not session.errors, session.errors
    finally:
        session.close()


# Run before anything imported numpy.random or numpy.fft: which of their modules are loaded,
# whether Pyodide's package loader installed NumPy, then both used.
NUMPY_MODULES_ON_IMPORT = """import sys, pyodide_js
print(sorted(n for n in sys.modules if n.split(".")[:2] in (["numpy", "random"], ["numpy", "fft"])))
print("numpy" in pyodide_js.loadedPackages.object_keys())
import numpy as np
print(np.random.default_rng(0).integers(0, 1000, 3).tolist(), np.fft.fft([1.0, 2.0]).real.tolist())"""


def _numpy_modules_expected():
    import numpy as np

    rng = np.random.default_rng(0).integers(0, 1000, 3).tolist()
    return f"{rng} {np.fft.fft([1.0, 2.0]).real.tolist()}"


def test_numpys_wheel_is_unpacked_and_its_modules_load_when_imported(browser, server, numpy_in_site):
    session = _open(browser, server, (), "playground/")
    try:
        _, output, steps = _run_in_playground(session.page, NUMPY_MODULES_ON_IMPORT)
        assert output.splitlines() == ["[]", "False", _numpy_modules_expected()]
        assert steps.index("numpy unpacked") < steps.index("numpy imported"), steps
        assert not session.errors, session.errors
    finally:
        session.close()


def test_numpy_falls_back_to_pyodides_loader_when_its_wheel_fails_to_download(browser, server, numpy_in_site):
    refused = []

    def refuse_once(route):
        if refused:
            return route.fallback()
        refused.append(route.request.url)
        return route.abort()

    session = PageSession(browser, server.url.rstrip("/"))
    session.context.route(f"**/pyodide/{numpy_in_site['file']}", refuse_once)
    try:
        session.page.goto(server.url + "playground/")
        _, output, steps = _run_in_playground(session.page, NUMPY_MODULES_ON_IMPORT)
        assert refused, "the wheel was never asked for"
        assert output.splitlines() == ["[]", "True", _numpy_modules_expected()]
        assert "numpy unpacked" not in steps and "numpy imported" in steps, steps
    finally:
        session.close()


FONT_ENTRIES_JS = """async () => {
  await document.fonts.ready;
  return performance.getEntriesByType("resource")
    .filter((e) => /\\.woff2$/.test(e.name))
    .map((e) => [e.name.split("/").pop(), e.initiatorType]);
}"""


def test_the_fonts_a_lesson_uses_are_preloaded_from_its_head(browser, server, offline_fallback):
    """Each font file arriving after the first layout lays the whole page out again, on the CPU
    Python's start needs: the head preloads the ones the text uses (KaTeX's only with math)."""
    session = _open(browser, server, offline_fallback, LESSON)
    page = session.page
    try:
        wait_cells(page)
        fonts = page.evaluate(FONT_ENTRIES_JS)
        names = {name for name, _ in fonts}
        assert {"noto-sans-bengali-bengali-400-normal.woff2", "KaTeX_Main-Regular.woff2"} <= names, fonts
        late = [name for name, initiator in fonts if initiator != "link"]
        assert not late, f"fonts fetched by the stylesheets, not preloaded: {late}"
        page.goto(server.url + "progress/")  # no math there: no KaTeX font is preloaded
        preloaded = page.eval_on_selector_all("head link[rel=preload][as=font]", "ls => ls.map(l => l.href)")
        assert preloaded and not [h for h in preloaded if "KaTeX" in h], preloaded
        late = [name for name, initiator in page.evaluate(FONT_ENTRIES_JS) if initiator != "link"]
        assert not late, late
        assert not session.errors, session.errors
    finally:
        session.close()


def test_a_run_asked_for_during_the_boot_comes_before_the_search_index(browser, server, offline_fallback):
    """The reader's run, asked for while Python starts, has the machine first: Material's search
    index (and the offline copy) wait until no run is pending (page.js afterRuns)."""
    held = []
    session = _open(browser, server, offline_fallback, "playground/", hold_wasm=held)
    page = session.page
    try:
        wait_cells(page)
        while not held:
            page.wait_for_timeout(50)
        set_code(
            page, 0, "import time\nt0 = time.time()\nwhile time.time() - t0 < 2:\n    pass\nprint('শেষ')"
        )
        cell(page, 0).locator('[data-role="run"]').click()  # waits for Python
        held[0].continue_()
        page.wait_for_function("window.lessonRunner.pythonStart !== null")
        page.wait_for_function("document.querySelector('[data-cell=\"0\"]').dataset.state === 'running'")
        page.wait_for_timeout(500)  # Python is up and the run is on: the index still waits
        assert cell(page, 0).get_attribute("data-state") == "running"
        assert not _sent(session, REAL)
        page.wait_for_function("document.querySelector('[data-cell=\"0\"]').dataset.state === 'done'")
        assert output_text(page, 0).strip() == "শেষ"
        _wait_sent(page, session, REAL)  # and is built once the run is over
        assert not session.errors, session.errors
    finally:
        session.close()
