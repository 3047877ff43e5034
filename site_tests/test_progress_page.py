"""The progress page: lessons with their solved exercises, edited cells and last visit; its
export, import (in another browser profile) and clearing, on a phone, in dark mode, by keyboard
(runtime/src/progress-page.js)."""

import json

import pytest
from conftest import REPO, cell, set_code, shot, wait_cells
from test_rough_edges import CONTRAST_JS

LESSON = "lessons/06-training/"
# the lesson's exercises, in the page's Bengali digits: the progress page counts its headings
EXERCISES = str(
    (REPO / "docs" / "lessons" / "06-training.md").read_text(encoding="utf-8").count("### অনুশীলন ৬.")
)
EXERCISES = EXERCISES.translate(str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯"))
EDIT = "print('অন্য ডিভাইসে আমার কোড')"
STORE = """() => Object.fromEntries(Object.keys(localStorage)
             .filter(k => k.startsWith('pyautograd-lessons:')).sort()
             .map(k => [k, localStorage.getItem(k)]))"""


def solve(page, exercise, path):
    """The record exercises.js keeps when check() passes (as recordSolved writes it)."""
    page.evaluate(
        """([id, path]) => { const k = 'pyautograd-lessons:solved:v1';
             const s = JSON.parse(localStorage.getItem(k) || '{}');
             s[id] = {page: path, at: Date.now()}; localStorage.setItem(k, JSON.stringify(s)); }""",
        [exercise, path],
    )


def open_progress(open_page, server, **kw):
    s = open_page(server.url + "progress/", **kw)
    s.page.wait_for_selector('[data-role="course-progress"] tbody tr')
    return s


def row(page, path):
    return page.locator(f'tr[data-lesson="{path}"]')


def edit_lesson(s, server):
    page = s.page
    page.goto(server.url + LESSON)
    wait_cells(page)
    cell(page, 1).scroll_into_view_if_needed()
    set_code(page, 1, EDIT)
    page.wait_for_function("() => JSON.stringify(localStorage).includes('অন্য ডিভাইসে')")
    solve(page, "6.1", "/" + LESSON)


def test_export_then_import_in_a_fresh_profile_restores_edits_and_solved(server, open_page, tmp_path):
    a = open_page(server.url)
    edit_lesson(a, server)
    a.page.goto(server.url + "progress/")
    page = a.page
    page.wait_for_selector('[data-role="course-progress"] tbody tr')
    lesson = row(page, "/" + LESSON)
    assert lesson.locator('[data-role="solved"]').inner_text() == f"১ / {EXERCISES}"
    assert lesson.locator('[data-role="edited"]').inner_text() == "১"
    assert lesson.locator('[data-role="visited"]').inner_text() != "এখনও দেখা হয়নি"
    assert (
        row(page, "/lessons/07-matrix-backprop/").locator('[data-role="visited"]').inner_text()
        == "এখনও দেখা হয়নি"
    )
    assert lesson.locator("a").get_attribute("href").endswith("06-training/")
    with page.expect_download() as info:
        page.locator('[data-role="progress-export"]').click()
    saved = tmp_path / "progress.json"
    saved.write_bytes(open(info.value.path(), "rb").read())
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == ("pyautograd-lessons-progress", 1)

    b = open_progress(open_page, server)  # another browser profile: nothing saved
    page = b.page
    assert row(page, "/" + LESSON).locator('[data-role="solved"]').inner_text() == f"০ / {EXERCISES}"
    page.locator('[data-role="progress-file"]').set_input_files(str(saved))
    status = page.locator('[data-role="progress-status"]')
    status.filter(has_text="আনা হলো").wait_for()
    assert "১টি সেলের সম্পাদনা আর ১টি নতুন" in status.inner_text()
    assert row(page, "/" + LESSON).locator('[data-role="solved"]').inner_text() == f"১ / {EXERCISES}"
    # the navigation's count follows at once
    page.wait_for_selector('a.md-nav__link[href$="06-training/"] .lr-solved-count')
    page.goto(server.url + LESSON)
    wait_cells(page)
    cell(page, 1).scroll_into_view_if_needed()
    page.wait_for_function(
        "() => document.querySelector('[data-cell=\"1\"] .cm-content')?.innerText.includes('অন্য ডিভাইসে')"
    )
    assert page.locator("h3 .lr-solved-mark").count() == 1


def test_a_malformed_or_foreign_file_is_refused_and_changes_nothing(server, open_page, tmp_path):
    s = open_page(server.url)
    edit_lesson(s, server)
    s.page.goto(server.url + "progress/")
    page = s.page
    page.wait_for_selector('[data-role="course-progress"] tbody tr')
    before = page.evaluate(STORE)
    good = {"format": "pyautograd-lessons-progress", "version": 1, "solved": {}, "visits": {}}
    files = {
        "broken.json": '{"format": "pyautograd-lessons-progress", "vers',
        "foreign.json": json.dumps({"cells": [], "nbformat": 4}),
        "tampered.json": json.dumps(
            {
                **good,
                "edits": {"pyautograd-lessons:cell:v2:/lessons/06-training/:zz:0": {"code": 1, "saved": 5}},
            }
        ),
        "newer.json": json.dumps({**good, "version": 2, "edits": {}}),
    }
    expected = {
        "broken.json": "JSON নয়",
        "foreign.json": "অগ্রগতির ফাইল নয়",
        "tampered.json": "ভাঙা বা বদলানো",
        "newer.json": "নতুন কোনো সংস্করণে",
    }
    status = page.locator('[data-role="progress-status"]')
    for name, text in files.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        page.locator('[data-role="progress-file"]').set_input_files(str(path))
        status.filter(has_text=expected[name]).wait_for()
        assert "কিছুই বদলানো হয়নি" in status.inner_text()
        assert status.get_attribute("data-kind") == "error"
        assert page.evaluate(STORE) == before, name


def test_clear_asks_first_and_then_forgets_everything(server, open_page):
    s = open_page(server.url)
    edit_lesson(s, server)
    s.page.goto(server.url + "progress/")
    page = s.page
    page.wait_for_selector('[data-role="course-progress"] tbody tr')
    before = page.evaluate(STORE)
    page.locator('[data-role="progress-clear"]').click()
    confirm = page.locator('[data-role="progress-confirm"]')
    assert confirm.is_visible()
    assert page.evaluate("document.activeElement.dataset.role") == "progress-clear-no"
    page.keyboard.press("Enter")  # "no", by keyboard
    assert not confirm.is_visible() and page.evaluate(STORE) == before
    page.locator('[data-role="progress-clear"]').click()
    page.locator('[data-role="progress-clear-yes"]').click()
    assert "মুছে ফেলা হলো" in page.locator('[data-role="progress-status"]').inner_text()
    left = page.evaluate(STORE)
    assert not [
        k
        for k in left
        if k.startswith(
            ("pyautograd-lessons:cell:", "pyautograd-lessons:solved", "pyautograd-lessons:visits")
        )
    ]
    assert row(page, "/" + LESSON).locator('[data-role="solved"]').inner_text() == f"০ / {EXERCISES}"
    assert row(page, "/" + LESSON).locator('[data-role="edited"]').inner_text() == "০"
    assert page.locator(".lr-solved-count").count() == 0


def test_another_tab_s_changes_show_on_an_open_progress_page(server, open_page):
    s = open_progress(open_page, server)
    page = s.page
    other = s.context.new_page()
    other.goto(server.url + LESSON)
    solve(other, "6.2", "/" + LESSON)
    row(page, "/" + LESSON).locator('[data-role="solved"]', has_text=f"১ / {EXERCISES}").wait_for()
    other.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_on_a_phone_in_either_scheme_it_fits_reads_and_works_by_keyboard(server, open_page, tmp_path, scheme):
    s = open_progress(
        open_page,
        server,
        viewport={"width": 375, "height": 740},
        is_mobile=True,
        has_touch=True,
        color_scheme=scheme,
    )
    page = s.page
    dark = page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    assert dark == (scheme == "dark")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375  # a wide table scrolls inside
    for role in ("progress-export", "progress-clear"):
        box = page.locator(f'[data-role="{role}"]').bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375 and box["height"] >= 28, role
    text_contrast = CONTRAST_JS + "el => contrast(channels(getComputedStyle(el).color), backgroundOf(el))"
    assert row(page, "/" + LESSON).locator('[data-role="solved"]').evaluate(text_contrast) >= 4.5

    # by keyboard alone: export, the file picker, clear, and the question's "no" first
    page.locator('[data-role="progress-export"]').focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.role") == "progress-file"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.role") == "progress-clear"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.role") == "progress-clear-no"

    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    page.locator('[data-role="progress-file"]').set_input_files(str(broken))
    status = page.locator('[data-role="progress-status"][data-kind="error"]')
    status.wait_for()
    assert status.evaluate(text_contrast) >= 4.5  # the refusal reads in both schemes
    shot(page, f"progress-375px-{scheme}")
