"""What a lesson page leaves undone while Python starts (bench/boot.py: the page's own work
competes for the CPU with Pyodide's start-up): editors of cells out of view wait off the
page, their code shown as the build highlighted it, until the cell comes near the view or
Python is up and idle; prose out of view is not laid out (content-visibility). Works with or
without NumPy's wheel in the site.
"""

from conftest import PageSession, cell, wait_cells

LESSON = "lessons/01-computational-graph/"
LAST = 19  # lesson 1's last cell, far below the first screen


def _editors(page):
    return page.locator("[data-cell] .cm-editor").count()


def test_editors_out_of_view_wait_until_their_cell_comes_near(browser, server, offline_fallback):
    # Python cannot start here (its WebAssembly is refused), so only scrolling brings editors
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    session.context.route("**/pyodide/pyodide.asm.wasm", lambda route: route.abort())
    page = session.page
    try:
        page.goto(server.url + LESSON)
        wait_cells(page)
        last = cell(page, LAST)
        page.wait_for_timeout(500)  # give an eager page time to attach everything: it must not
        assert last.locator(".cm-editor").count() == 0
        # the cell holds the code (the build's highlighted copy) and its buttons; off screen
        # that copy is not laid out either (content-visibility), which innerText would show
        # as empty, so its text is read from the DOM
        rendered = "(el) => el.checkVisibility({contentVisibilityAuto: true})"
        static = last.locator(':scope > .highlight[data-role="editor"]')
        assert static.count() == 1
        original = last.get_attribute("data-src")
        assert static.text_content().strip() == original.strip()
        assert not static.locator("code").first.evaluate(rendered)
        assert last.locator('[data-role="run"]').count() == 1
        assert _editors(page) < page.evaluate("window.lessonRunner.cells")

        # a paragraph far below is not laid out yet; it is once it comes into view
        far = page.locator(".md-content__inner > p:has(> *)").last.locator("> *").first
        assert not far.evaluate(rendered)

        last.scroll_into_view_if_needed()
        last.locator(".cm-editor").wait_for()
        assert last.locator(":scope > .highlight").count() == 0
        assert last.locator('[data-role="editor"]').count() == 1
        assert last.locator(".cm-content").inner_text().strip() == original.strip()
        far.scroll_into_view_if_needed()
        page.wait_for_function(rendered, arg=far.element_handle(), polling=100)
    finally:
        session.close()


def test_every_editor_joins_the_page_once_python_is_up(browser, server, offline_fallback):
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    page = session.page
    try:
        page.goto(server.url + LESSON)
        wait_cells(page)
        # without NumPy's wheel in the site (CI) the boot ends limited and ready() rejects
        page.evaluate("window.lessonRunner.ready().catch(() => null)")
        page.wait_for_function(
            "document.querySelectorAll('[data-cell] .cm-editor').length === window.lessonRunner.cells",
            timeout=30_000,
        )
        assert page.locator(".lr-cell > .highlight").count() == 0
        assert not session.errors, session.errors
    finally:
        session.close()
