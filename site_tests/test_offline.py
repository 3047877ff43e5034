"""Offline, a page not yet saved opens as the service worker's Bengali offline page (not the
browser's English error), with links to the pages that are saved (runtime/src/sw-cache.js)."""

from conftest import PageSession, wait_cells

UNVISITED = "lessons/08-depth/"


def test_an_unvisited_page_offline_shows_the_bengali_offline_page(
    browser, server, offline_fallback, manifest
):
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    page = session.page
    try:
        page.goto(server.url + "playground/")
        wait_cells(page)
        kept = page.evaluate("window.lessonRunner.offlineReady()")
        assert kept and kept["build"] == manifest["build"], kept
        title = page.title()
        session.context.set_offline(True)
        page.goto(server.url + UNVISITED)
        assert page.locator("body[data-role=offline-page]").count() == 1
        text = page.locator("body").inner_text()
        assert "ইন্টারনেট সংযোগ নেই" in text and "এখনও এই ডিভাইসে রাখা হয়নি" in text, text
        saved = page.locator("li a", has_text=title)
        assert saved.count() == 1, text
        saved.click()  # a saved page opens from the cache
        wait_cells(page)
        assert page.title() == title
    finally:
        session.context.set_offline(False)
        session.close()


def test_offline_the_progress_page_and_the_lessons_notebook_still_work(
    browser, server, offline_fallback, manifest
):
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    page = session.page
    try:
        page.goto(server.url + "lessons/06-training/")
        wait_cells(page)
        kept = page.evaluate("window.lessonRunner.offlineReady()")
        assert kept and kept["build"] == manifest["build"], kept
        session.context.set_offline(True)
        page.goto(server.url + "progress/")
        page.wait_for_selector('tr[data-lesson="/lessons/06-training/"] [data-role="visited"]')
        visited = page.locator('tr[data-lesson="/lessons/06-training/"] [data-role="visited"]').inner_text()
        assert visited != "এখনও দেখা হয়নি"
        page.goto(server.url + "lessons/06-training/")
        wait_cells(page)
        with page.expect_download() as info:
            page.locator('[data-role="notebook-edits"]').click()
        assert '"nbformat": 4' in open(info.value.path(), encoding="utf-8").read()
    finally:
        session.context.set_offline(False)
        session.close()
