"""What a cell says besides its output (runtime/src/cell.js): an exercise's run has one verdict,
check()'s own (no green "matches the expected output" under a "not yet" or an unanswered
exercise); output that differs from the expected block shows the lines that differ; while the
editor has focus, the way out of it (Esc, then Tab) is written under it. Python restores on
each page from a stored snapshot (``open_warm``): none of this is about its start."""

from conftest import cell, run_and_wait, set_code, wait_cells

MATCHED = "প্রত্যাশিত আউটপুটের সাথে মিলেছে"


def test_an_exercise_run_shows_one_verdict(server, open_warm, numpy_in_site):
    s = open_warm(server.url + "lessons/10-common-bugs/")
    page = s.page
    wait_cells(page)
    index = page.evaluate(
        """() => [...document.querySelectorAll('.lr-cell')]
                 .findIndex(c => (c.dataset.src || '').includes('check("10.4"'))"""
    )
    assert index >= 0
    page.evaluate("async n => { for (let i = 0; i < n; i++) await window.lessonRunner.run(i); }", index)
    run_and_wait(page, index)  # unchanged: the page's code still has the bug to find
    out = cell(page, index).locator('[data-role="output"]').inner_text()
    assert "এখনও মেলেনি" in out, out
    assert cell(page, index).locator('[data-role="output"] .lr-verdict-no').count() == 1  # the ❌, drawn
    assert cell(page, index).get_attribute("data-matches-expected") == "true"
    assert MATCHED not in out, out


def test_the_editor_says_how_to_leave_it_while_it_has_focus(server, open_warm):
    s = open_warm(server.url + "playground/")
    page = s.page
    wait_cells(page)
    hint = cell(page, 0).locator('[data-role="keys-hint"]')
    assert not hint.is_visible()
    height = cell(page, 0).bounding_box()["height"]
    cell(page, 0).locator(".cm-content").click()
    assert hint.is_visible()
    # it floats: a click that takes the focus away must find the page where it was
    assert cell(page, 0).bounding_box()["height"] == height
    text = hint.inner_text()
    assert "Esc" in text and "Tab" in text, text
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("!document.activeElement.closest('.cm-editor')")
    assert not hint.is_visible()


def test_output_that_differs_from_the_expected_block_shows_the_lines(server, open_warm, numpy_in_site):
    s = open_warm(server.url)
    page = s.page
    wait_cells(page)
    code = page.evaluate("document.querySelector('[data-cell=\"0\"]').dataset.src")
    assert "y = x**3" in code
    set_code(page, 0, code.replace("y = x**3", "y = x**2"))
    run_and_wait(page, 0)
    c = cell(page, 0)
    assert c.get_attribute("data-matches-expected") == "false"
    diff = c.locator('[data-role="expected-diff"]')
    text = diff.inner_text()
    assert "আলাদা" in text, text
    assert diff.locator(".lr-diff-expected", has_text="tensor(12.)").count() == 1, text
    assert diff.locator(".lr-diff-printed", has_text="tensor(4.)").count() == 1, text
    assert MATCHED not in c.locator('[data-role="output"]').inner_text()
    # the author's code again: no difference, no diff
    c.locator('[data-role="reset"]').click()
    run_and_wait(page, 0)
    assert c.locator('[data-role="expected-diff"]').count() == 0
    assert MATCHED in c.locator('[data-role="output"]').inner_text()
