"""The pages in a real browser, without running Python: language, fonts, math, layout,
dark mode, editors, persistence of edits, keyboard use.

None of this is about Python's start, so the pages open in the returning reader's profile
(``open_warm``: Python restores instead of starting cold), except where the test needs a
profile of its own: a phone's (its context is a mobile one) and one whose page the test
answers with a changed lesson."""

from conftest import cell, serve_html_instead, shot, wait_cells


def test_bengali_page_and_math_render(server, open_warm):
    s = open_warm(server.url + "playground/")
    page = s.page
    wait_cells(page)
    assert page.get_attribute("html", "lang") == "bn"
    assert "খেলার মাঠ" in page.inner_text("h1")
    page.wait_for_function("document.querySelectorAll('.arithmatex[data-katex=ok]').length >= 2")
    assert page.locator(".arithmatex .katex").count() >= 2
    page.evaluate("document.fonts.ready")
    assert page.evaluate("document.fonts.check('16px \"Noto Sans Bengali\"', 'বাংলা')")
    assert page.evaluate(
        "[...document.fonts].some(f => f.family.includes('Noto Sans Bengali') && f.status === 'loaded')"
    )
    assert page.evaluate("getComputedStyle(document.body).fontFamily").startswith('"Noto Sans Bengali"')
    shot(page, "playground-light")
    assert not s.errors, s.errors


def test_cells_carry_the_stable_hooks(server, open_warm):
    s = open_warm(server.url + "playground/")
    page = s.page
    wait_cells(page)
    n = page.evaluate("window.lessonRunner.cells")
    assert n == page.locator(".lr-cell").count() >= 5
    for i in range(n):
        c = cell(page, i)
        assert c.get_attribute("data-state") == "idle"
        for role in ("editor", "run", "stop", "reset", "output"):
            assert c.locator(f'[data-role="{role}"]').count() == 1, (i, role)
    out = cell(page, 0).locator('[data-role="output"]')
    assert out.get_attribute("aria-live") == "polite"
    assert cell(page, 0).locator('[data-role="stop"]').is_disabled()
    assert page.evaluate(
        "typeof window.lessonRunner.ready === 'function' && typeof window.lessonRunner.runAll === 'function'"
    )


def test_expect_error_cells_are_marked(server, open_warm, built_site):
    pages = [p for p in (built_site / "lessons").rglob("index.html") if "data-expect-error" in p.read_text()]
    assert pages, "lessons 1, 3, 5 and 6 have .expect-error cells; none was marked in the built HTML"
    rel = pages[0].parent.relative_to(built_site)
    s = open_warm(f"{server.url}{rel}/")
    wait_cells(s.page)
    marked = s.page.locator(".lr-cell[data-expect-error]")
    assert marked.count() >= 1
    assert marked.first.get_attribute("data-cell") is not None


def test_dark_mode(server, open_warm):
    s = open_warm(server.url + "playground/", color_scheme="light")
    page = s.page
    wait_cells(page)
    assert page.get_attribute("body", "data-md-color-scheme") == "default"
    page.locator("form[data-md-component=palette] label:visible").first.click()
    page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate'")
    bg = page.evaluate("getComputedStyle(document.querySelector('.lr-cell .cm-editor')).backgroundColor")
    body = page.evaluate("getComputedStyle(document.body).backgroundColor")

    # dark background in the page and around the editor
    def lum(rgb):
        import re

        r, g, b = [float(x) for x in re.findall(r"[\d.]+", rgb)[:3]]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    assert lum(body) < 80
    assert bg == "rgba(0, 0, 0, 0)" or lum(bg) < 80
    shot(page, "playground-dark")


def test_phone_width_375(server, open_page):
    s = open_page(
        server.url + "playground/", viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True
    )
    page = s.page
    wait_cells(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    box = cell(page, 1).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375
    run = cell(page, 1).locator('[data-role="run"]').bounding_box()
    assert run["x"] + run["width"] <= 375 and run["height"] >= 28
    shot(page, "playground-375px")


def wait_saved(page, text):
    """Wait until an edit containing ``text`` has reached localStorage."""
    page.wait_for_function(
        """text => Object.keys(localStorage).some(
        k => (localStorage.getItem(k) || '').includes(text))""",
        arg=text,
        timeout=10000,
    )


def test_edits_survive_reload_and_reset_restores(server, open_warm):
    s = open_warm(server.url + "playground/")
    page = s.page
    wait_cells(page)
    editor = cell(page, 1).locator(".cm-content")
    original = editor.inner_text()
    editor.click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\nprint('আমার সম্পাদনা')")
    wait_saved(page, "আমার সম্পাদনা")  # edits are saved after a short pause
    page.reload()
    wait_cells(page)
    editor = cell(page, 1).locator(".cm-content")
    assert "আমার সম্পাদনা" in editor.inner_text()
    assert "সম্পাদিত" in cell(page, 1).locator('[data-role="notice"]').inner_text()
    cell(page, 1).locator('[data-role="reset"]').click()
    assert editor.inner_text() == original
    page.reload()
    wait_cells(page)
    assert cell(page, 1).locator(".cm-content").inner_text() == original
    # Reset is one undoable change: nothing typed is lost for good.
    editor = cell(page, 1).locator(".cm-content")
    editor.click()
    page.keyboard.type("# x")
    cell(page, 1).locator('[data-role="reset"]').click()
    editor.click()
    page.keyboard.press("Control+z")
    assert "# x" in editor.inner_text()


def test_keyboard_only(server, open_warm):
    s = open_warm(server.url + "playground/")
    page = s.page
    wait_cells(page)
    # Tab from the page reaches the first cell's buttons and editor.
    run = cell(page, 0).locator('[data-role="run"]')
    run.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # stop is disabled and skipped: reset, then editor
    focused = page.evaluate("document.activeElement.closest('[data-cell]')?.dataset.cell")
    assert focused == "0"
    cell(page, 0).locator(".cm-content").focus()
    page.keyboard.press("Tab")  # Tab indents inside the editor
    assert page.evaluate("document.activeElement.classList.contains('cm-content')")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")  # Esc then Tab leaves it
    assert not page.evaluate("document.activeElement.classList.contains('cm-content')")


def test_edits_follow_their_cell_when_the_lesson_changes(server, open_page):
    """A new cell above moves nothing; a rewritten cell keeps the reader's old edit, with a notice."""
    s = open_page(server.url + "playground/")
    page = s.page
    wait_cells(page)
    for index, text in ((1, "# সম্পাদনা এক"), (2, "# সম্পাদনা দুই")):
        editor = cell(page, index).locator(".cm-content")
        editor.click()
        page.keyboard.press("Control+End")
        page.keyboard.insert_text("\n" + text)
    wait_saved(page, "সম্পাদনা এক")
    wait_saved(page, "সম্পাদনা দুই")
    html = page.evaluate("fetch(location.href).then(r => r.text())")
    first = html.index('<div class="lr-cell"')
    # the author inserts a cell at the top and rewrites (what was) cell 1
    changed = html[:first] + '<div class="lr-cell" data-src="print(0)"></div>' + html[first:]
    changed = changed.replace("print(a * b)", "print(a + b)", 1)
    serve_html_instead(s.context, server.url + "playground/", changed)
    page.reload()
    wait_cells(page)
    assert page.evaluate("window.lessonRunner.cells") == 7
    moved = cell(page, 3).locator(".cm-content").inner_text()
    assert "# সম্পাদনা দুই" in moved  # followed its cell down one place
    adopted = cell(page, 2).locator(".cm-content").inner_text()
    assert "# সম্পাদনা এক" in adopted and "print(a * b)" in adopted
    assert "লেখক" in cell(page, 2).locator('[data-role="notice"]').inner_text()
    cell(page, 2).locator('[data-role="reset"]').click()
    assert "print(a + b)" in cell(page, 2).locator(".cm-content").inner_text()
