"""Cell links: a cell's code in the address's fragment, shown in its cell, run only by Run.

A link is made in a returning reader's profile, where Python restores from the stored
snapshot (``open_warm``); it is opened in a fresh profile, as its recipient's would be."""

import random
import string

from conftest import (
    BOOT_TIMEOUT_MS,
    cell,
    output_text,
    run_and_wait,
    serve_html_instead,
    set_code,
    wait_cells,
)

CLIP = ["clipboard-read", "clipboard-write"]
SHARED = "print('ভাগ করা কোড', 6 * 7)"


def make_link(server, open_warm, index=0, code=SHARED):
    """Write ``code`` into cell ``index`` of the playground and press its link button (in a
    returning reader's profile, where Python restores: making a link needs no Python)."""
    s = open_warm(server.url + "playground/", permissions=CLIP)
    page = s.page
    wait_cells(page)
    set_code(page, index, code)
    cell(page, index).locator('[data-role="link"]').click()
    notice = cell(page, index).locator('[data-role="notice"]')
    notice.wait_for(state="visible")
    assert "লিংক কপি হয়েছে" in notice.inner_text()
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(server.url + "playground/#share=1.")
    return link


def editor_text(page, index):
    return cell(page, index).locator(".cm-content").inner_text()


def wait_shared(page, index):
    page.wait_for_selector(f'[data-cell="{index}"][data-shared] [data-role="shared"]')


def serve_changed(s, server, change):
    """Answer the playground's address with its page changed by ``change(html)``."""
    html = s.page.evaluate("fetch(location.href).then(r => r.text())")
    changed = change(html)
    assert changed != html
    serve_html_instead(s.context, server.url + "playground/", changed)


def test_link_round_trip_shows_the_code_and_runs_it_only_on_run(server, open_page, open_warm):
    link = make_link(server, open_warm)
    s = open_page(link)  # a fresh browser profile: nothing saved
    page = s.page
    wait_cells(page)
    wait_shared(page, 0)
    assert editor_text(page, 0) == SHARED
    assert "শেয়ার করা কোড" in cell(page, 0).locator('[data-role="shared"]').inner_text()
    # neither "run all" nor "run all above" from a later cell starts it
    page.evaluate("window.lessonRunner.runAll()")
    cell(page, 2).locator('[data-role="run-above"]').click()
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-cell]')].slice(1)
                 .every(c => ['done', 'error', 'idle'].includes(c.dataset.state))
               && document.querySelector('[data-cell="1"]').dataset.state !== 'idle'""",
        timeout=BOOT_TIMEOUT_MS,
    )
    c0 = cell(page, 0)
    assert c0.locator('[data-role="counter"]').inner_text() == "[ ]"
    assert "শেয়ার করা কোড" in c0.locator('[data-role="status"]').inner_text()
    assert "ভাগ করা কোড" not in output_text(page, 0)
    # the shared code was not saved: it is not the reader's edit
    assert "ভাগ করা কোড" not in page.evaluate("JSON.stringify(localStorage)")
    run_and_wait(page, 0)
    assert "ভাগ করা কোড 42" in output_text(page, 0)
    # back to the lesson's code in one click: the banner and the link go
    c0.locator('[data-role="shared-original"]').click()
    assert "range(3)" in editor_text(page, 0) and "ভাগ" not in editor_text(page, 0)
    assert c0.get_attribute("data-shared") is None
    assert "share=" not in page.url


def test_link_keeps_a_way_back_to_the_readers_own_edit(server, open_page, open_warm):
    link = make_link(server, open_warm)
    s = open_page(link.split("#")[0])
    page = s.page
    wait_cells(page)
    set_code(page, 0, "print('আমার নিজের')")
    page.wait_for_function("JSON.stringify(localStorage).includes('আমার নিজের')", timeout=10000)
    page.goto(link)
    page.reload()  # a fragment-only change is no new page load
    wait_cells(page)
    wait_shared(page, 0)
    assert editor_text(page, 0) == SHARED
    cell(page, 0).locator('[data-role="shared-own"]').click()
    assert editor_text(page, 0) == "print('আমার নিজের')"
    page.reload()
    wait_cells(page)
    assert editor_text(page, 0) == "print('আমার নিজের')"


def test_tampered_and_truncated_links_are_refused_with_a_message(server, open_page, open_warm):
    link = make_link(server, open_warm)
    head, payload = link.split("#share=1.")
    middle = len(payload) // 2
    swapped = "A" if payload[middle] != "A" else "B"
    for bad in (
        payload[:middle] + swapped + payload[middle + 1 :],
        payload[: len(payload) - 6],
        payload + "%%",
    ):
        s = open_page(f"{head}#share=1.{bad}")
        page = s.page
        wait_cells(page)
        problem = page.locator('[data-role="share-problem"]')
        problem.wait_for(state="visible")
        assert "ভাঙা" in problem.inner_text()
        assert page.locator("[data-shared]").count() == 0
        assert "range(3)" in cell(page, 0).inner_text()


def test_oversized_code_and_links_are_refused(server, open_page, open_warm):
    s = open_warm(server.url + "playground/", permissions=CLIP)
    page = s.page
    wait_cells(page)
    rng = random.Random(7)
    noise = "".join(rng.choices(string.ascii_letters + string.digits, k=20000))
    set_code(page, 0, f"x = '{noise}'")
    cell(page, 0).locator('[data-role="link"]').click()
    notice = cell(page, 0).locator('[data-role="notice"]')
    notice.wait_for(state="visible")
    assert "সীমা ৮০০০" in notice.inner_text()
    s2 = open_page(server.url + "playground/#share=1." + "A" * 9000)
    page2 = s2.page
    wait_cells(page2)
    problem = page2.locator('[data-role="share-problem"]')
    problem.wait_for(state="visible")
    assert "লম্বা" in problem.inner_text()


def test_an_old_link_finds_its_cell_after_the_lesson_changed(server, open_page, open_warm):
    link = make_link(server, open_warm, index=1, code="print('দ্বিতীয় সেলের কোড')")
    s = open_page(server.url + "playground/")
    first = '<div class="lr-cell"'
    # a cell added above: the link still finds its cell, now one place further down
    serve_changed(
        s, server, lambda h: h.replace(first, '<div class="lr-cell" data-src="print(0)"></div>' + first, 1)
    )
    s.page.goto(link)
    s.page.reload()
    wait_cells(s.page, 7)
    wait_shared(s.page, 2)
    assert editor_text(s.page, 2) == "print('দ্বিতীয় সেলের কোড')"
    assert "বদলেছে" not in cell(s.page, 2).locator('[data-role="shared"]').inner_text()
    # the linked cell's own code rewritten by the author: shown at its old place, with a warning
    s2 = open_page(server.url + "playground/")
    serve_changed(s2, server, lambda h: h.replace("print(a * b)", "print(a + b)", 1))
    s2.page.goto(link)
    s2.page.reload()
    wait_cells(s2.page)
    wait_shared(s2.page, 1)
    banner = cell(s2.page, 1).locator('[data-role="shared"]').inner_text()
    assert "পাঠটি বদলেছে" in banner and "সেল ২" in banner
