"""The runner under real use on a phone: a cell's toolbar in one row at 375 px, wide graphs
that fit the screen with a way to see them at full size, tips and tables at body size,
verdict marks drawn by CSS (never colour emoji), and an honest page after coming back to it.
"""

import re

import pytest
from conftest import CONTRAST_JS, PageSession, cell, output_text, run_and_wait, set_code, shot, wait_cells
from test_exercises import ANSWER as ANSWER_4A4  # one right answer to 4a.4 for every browser test

BN = str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")
PHONE = {"viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True}


def phone_page(browser, server, offline_fallback, path, scheme="light"):
    session = PageSession(
        browser, server.url.rstrip("/"), allow=offline_fallback, color_scheme=scheme, **PHONE
    )
    session.page.goto(server.url + path)
    return session


# ---------------------------------------------------------------- text at body size


@pytest.mark.parametrize("width", [1280, 375])
def test_tips_and_tables_read_at_body_size(server, open_page, width):
    """Material sets admonitions and tables at 0.64rem (80% of the text around them)."""
    size = {"viewport": {"width": width, "height": 900}}
    sizes = {}
    for path, selector in (("playground/", ".admonition p"), ("", "table td")):
        page = open_page(server.url + path, **size).page
        sizes[path] = page.evaluate(
            """sel => [
                getComputedStyle(document.querySelector('.md-content__inner > p:not([class])')).fontSize,
                getComputedStyle(document.querySelector('.md-content__inner ' + sel)).fontSize,
            ]""",
            selector,
        )
    for path, (body, inner) in sizes.items():
        assert inner == body, (path or "index", width, inner, body)


# ---------------------------------------------------------------- the toolbar at 375 px


TOOLBAR_ACTIONS = ("run", "reset", "run-above", "copy", "link")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_toolbar_is_one_row_of_named_buttons_at_375px(browser, server, offline_fallback, scheme):
    session = phone_page(browser, server, offline_fallback, "playground/", scheme)
    page = session.page
    try:
        wait_cells(page, 2)
        bar = cell(page, 1).locator(".lr-toolbar")
        buttons = bar.locator("button")
        boxes = [b.bounding_box() for b in buttons.all()]
        tops = {round(box["y"]) for box in boxes}
        assert len(tops) == 1, boxes  # every button in one row (three rows before)
        height = bar.bounding_box()["height"]
        row = max(box["height"] for box in boxes)
        assert height <= 2.5 * row, (height, row)  # the buttons' row, and the status's
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        for box in boxes:
            assert box["x"] >= 0 and box["x"] + box["width"] <= 375 and box["width"] >= 28, box

        # each action is named by its Bengali word, for a screen reader and as a tooltip
        for role in (*TOOLBAR_ACTIONS, "stop"):
            b = bar.locator(f'[data-role="{role}"]')
            label = b.locator(".lr-btn-label").text_content()
            assert re.search("[\u0980-\u09ff]", label), (role, label)
            assert re.search("[\u0980-\u09ff]", b.get_attribute("title")), role
            assert f'button "{label}"' in b.aria_snapshot(), (role, b.aria_snapshot())

        # reachable by the keyboard, in order, and by a tap
        bar.locator('[data-role="run"]').focus()
        reached = [page.evaluate("document.activeElement.dataset.role")]
        for _ in TOOLBAR_ACTIONS[1:]:
            page.keyboard.press("Tab")
            reached.append(page.evaluate("document.activeElement.dataset.role"))
        assert tuple(reached) == TOOLBAR_ACTIONS, reached
        for role in TOOLBAR_ACTIONS:
            bar.locator(f'[data-role="{role}"]').click(trial=True)  # visible, not covered
        # the symbols are drawn in the text's colour, not as colour emoji
        icon_style = bar.locator('[data-role="run"] .lr-btn-icon').evaluate(
            "el => getComputedStyle(el).fontVariantEmoji"
        )
        assert icon_style == "text", icon_style
        shot(page, f"phone-toolbar-{scheme}", full_page=False)
    finally:
        session.close()
    assert not session.foreign


def test_copy_on_a_phone_says_so_in_the_symbol(browser, server, offline_fallback):
    session = PageSession(
        browser,
        server.url.rstrip("/"),
        allow=offline_fallback,
        permissions=["clipboard-read", "clipboard-write"],
        **PHONE,
    )
    page = session.page
    try:
        page.goto(server.url + "playground/")
        wait_cells(page)
        copy = cell(page, 0).locator('[data-role="copy"]')
        copy.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(
            "document.querySelector('[data-cell=\"0\"] [data-role=copy] .lr-btn-icon').textContent === '✓'"
        )
        assert "কপি হয়েছে" in copy.text_content()
        assert page.evaluate("navigator.clipboard.readText()").startswith('নাম = "পাঠক"')
    finally:
        session.close()


# ---------------------------------------------------------------- wide graphs


LONG_CHAIN = (
    "from lessonkit import show\n"
    "chain = ' -> '.join(f'ধাপ_{k}' for k in range(12))\n"
    "show('digraph { rankdir=LR; ' + chain + ' }', title='লম্বা গ্রাফ')\n"
    "show('digraph { a -> b }', title='ছোট গ্রাফ')"
)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_wide_graph_fits_the_phone_and_opens_at_full_size(
    browser, server, offline_fallback, numpy_in_site, scheme
):
    session = phone_page(browser, server, offline_fallback, "playground/", scheme)
    page = session.page
    try:
        wait_cells(page)
        i = page.evaluate("window.lessonRunner.cells") - 1
        set_code(page, i, LONG_CHAIN)
        c = run_and_wait(page, i)
        wide, small = c.locator(".lr-out-display-dot").all()
        svg = wide.locator("svg")
        svg.wait_for()
        box = wide.locator('[data-role="graph-box"]')
        page_width = "document.documentElement.scrollWidth"

        # by default the whole graph is in view, shrunk to the box, with a note saying so
        assert svg.bounding_box()["width"] <= box.bounding_box()["width"] + 0.5
        assert box.evaluate("b => b.scrollWidth <= b.clientWidth")
        note = wide.locator('[data-role="graph-size"]')
        assert note.is_visible() and "ছোট করে" in note.inner_text()
        assert page.evaluate(page_width) <= 375
        shot(page, f"phone-graph-fit-{scheme}", full_page=False)

        # full size: readable labels, scrolling inside its own box, the page as wide as before
        toggle = wide.locator('[data-role="graph-toggle"]')
        toggle.click()
        px_per_unit = svg.evaluate("s => s.getBoundingClientRect().width / s.viewBox.baseVal.width")
        font = float(svg.locator("text").first.get_attribute("font-size"))
        assert font * px_per_unit >= 12, font * px_per_unit
        assert box.evaluate("b => b.scrollWidth > b.clientWidth")
        assert box.evaluate("b => getComputedStyle(b).overflowX") == "auto"
        assert "টেনে" in note.inner_text() and "জুম" in note.inner_text()
        assert page.evaluate(page_width) <= 375
        box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
        assert box.evaluate("b => b.scrollLeft") > 0
        assert page.evaluate("window.scrollX") == 0
        shot(page, f"phone-graph-full-{scheme}", full_page=False)

        # and back, by the keyboard
        toggle.focus()
        page.keyboard.press("Enter")
        assert box.evaluate("b => b.scrollWidth <= b.clientWidth")
        assert "ছোট করে" in note.inner_text()

        # a graph that fits needs neither note nor button
        small.locator("svg").wait_for()
        assert not small.locator('[data-role="graph-size"]').is_visible()
    finally:
        session.close()
    assert not session.foreign


# ---------------------------------------------------------------- verdict marks


LESSON_4A = "lessons/04a-build-your-own-autograd/"

# Each verdict mark: [its text, its size, disc against the page, check/cross against the disc].
MARKS_JS = (
    CONTRAST_JS
    + """
els => els.map(el => {
    const box = el.getBoundingClientRect();
    const disc = channels(getComputedStyle(el).backgroundColor);
    const before = getComputedStyle(el, '::before');
    const ink = channels(el.classList.contains('lr-verdict-ok') ? before.borderRightColor : before.backgroundColor);
    return [el.textContent, box.width, box.height, contrast(disc, backgroundOf(el.parentElement)), contrast(ink, disc)];
})"""
)
EMOJI_JS = (
    "els => els.filter(el => /\\p{Extended_Pictographic}/u.test(el.textContent)).map(el => el.textContent)"
)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_verdicts_are_drawn_marks_not_emoji(browser, server, offline_fallback, numpy_in_site, scheme):
    session = phone_page(browser, server, offline_fallback, LESSON_4A, scheme)
    page = session.page
    try:
        wait_cells(page)
        sources = page.evaluate("[...document.querySelectorAll('.lr-cell')].map(c => c.dataset.src)")
        index = next(i for i, src in enumerate(sources) if 'check("4a.4"' in src)
        # the page's own expected block of a "not yet" verdict
        expected = page.locator(".lr-expected", has=page.locator('[data-role="verdict"]'))
        assert expected.count() >= 1
        expected.first.scroll_into_view_if_needed()
        shot(page, f"phone-verdict-expected-{scheme}", full_page=False)
        set_code(page, index, ANSWER_4A4.replace("return 1, n", "return n, 1"))
        run_and_wait(page, index)
        assert "এখনও মেলেনি" in output_text(page, index)
        set_code(page, index, ANSWER_4A4)
        run_and_wait(page, index)
        # what the cell printed is still check()'s own text, emoji and all
        assert "✅ ঠিক হয়েছে" in page.evaluate(f"window.lessonRunner.run({index})")["stdout"]
        out = cell(page, index).locator('[data-role="output"]')
        assert out.locator(".lr-verdict-ok").count() == 1 and "ঠিক হয়েছে" in output_text(page, index)

        lines = page.locator('[data-role="output"] pre, .lr-expected code, .lr-out-notice-ok')
        assert lines.evaluate_all(EMOJI_JS) == []
        marks = page.locator('[data-role="verdict"]')
        assert marks.count() >= 2
        for text, width, height, disc, ink in marks.evaluate_all(MARKS_JS):
            assert text == "" and width >= 10 and height >= 10, (text, width, height)
            assert disc >= 3 and ink >= 3, (scheme, disc, ink)
        names = marks.evaluate_all(
            "els => els.map(el => [el.getAttribute('role'), el.getAttribute('aria-label')])"
        )
        assert {tuple(n) for n in names} <= {("img", "ঠিক"), ("img", "মেলেনি")} and len(
            set(map(tuple, names))
        ) == 2
        out.scroll_into_view_if_needed()
        shot(page, f"phone-verdicts-{scheme}", full_page=False)
    finally:
        session.close()
    assert not session.foreign


# ---------------------------------------------------------------- coming back to a page


def _outputs_shown(page):
    return page.locator('[data-role="output"]:not([hidden])').count()


def _leave_and_come_back(page, how):
    """Leave the playground and come back to it: by instant navigation (a nav link, then the
    browser's Back; the same document and worker) or by a reload (a fresh document)."""
    page.evaluate("document.querySelectorAll('[data-cell]').forEach(c => c.dataset.left = '1')")
    if how == "instant":
        page.evaluate("window.sameDocument = true")
        page.locator("nav.md-nav--primary a.md-nav__link[href$='glossary/']").first.click()
        page.wait_for_function("location.pathname.includes('glossary/') && window.lessonRunner.cells === 0")
        page.go_back()
    else:
        page.reload()
    page.wait_for_function(
        """() => location.pathname.endsWith('playground/') && window.lessonRunner.cells > 0
               && document.querySelector('[data-cell="0"]:not([data-left])')?.dataset.state"""
    )
    if how == "instant":
        assert page.evaluate("window.sameDocument") is True  # Python was kept, its namespace was not


@pytest.mark.parametrize("how", ["instant", "reload"])
def test_coming_back_says_python_starts_afresh_and_runs_the_cells_again(
    browser, server, offline_fallback, how
):
    # the reload on a phone in dark mode, the instant navigation on a desktop in light mode
    looks = {**PHONE, "color_scheme": "dark"} if how == "reload" else {}
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback, **looks)
    page = session.page
    try:
        page.goto(server.url + "playground/")
        wait_cells(page)
        note = page.locator('[data-role="fresh-state"]')
        assert note.count() == 0  # nothing was run on this page in this tab yet
        n = page.evaluate("window.lessonRunner.cells")
        run_and_wait(page, 0)
        set_code(page, n - 1, "আগের_মান = 41")
        run_and_wait(page, n - 1)
        assert "নমস্কার" in output_text(page, 0)

        _leave_and_come_back(page, how)
        # no output claims a state Python no longer has, and the note says why
        assert _outputs_shown(page) == 0
        assert note.count() == 1 and note.is_visible()
        text = note.inner_text()
        assert "নতুন করে শুরু" in text and f"সেল ১–{str(n).translate(BN)}" in text, text
        # the note sits at the first cell
        assert note.evaluate("el => el.nextElementSibling.dataset.cell") == "0"
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        note.scroll_into_view_if_needed()
        shot(page, f"fresh-note-{how}", full_page=False)
        # Python's state really is fresh
        set_code(page, n - 1, "print('আগের_মান' in dir())")
        run_and_wait(page, n - 1)
        assert output_text(page, n - 1).strip() == "False"

        again = note.locator('[data-role="run-again"]')
        text_contrast = CONTRAST_JS + "el => contrast(channels(getComputedStyle(el).color), backgroundOf(el))"
        assert again.evaluate(text_contrast) >= 4.5
        again.focus()
        page.keyboard.press("Enter")  # by the keyboard
        assert note.count() == 0
        page.wait_for_function(
            "n => [...Array(n).keys()].every(i => document.querySelector(`[data-cell='${i}']`)"
            ".dataset.state === 'done' || document.querySelector(`[data-cell='${i}']`).dataset.state === 'error')",
            arg=n,
        )
        assert "নমস্কার" in output_text(page, 0)
        assert not session.errors, session.errors
    finally:
        session.close()
    assert not session.foreign
