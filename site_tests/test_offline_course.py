""" "Save the whole course for offline" (runtime/src/offline-course.js, hooks/offline_course.py):
the size is shown before anything is fetched and is what the save then downloads; progress
shows while it runs; Stop cancels it and keeps what came; a save the reader did not cancel goes
on after a reload; afterwards every page opens offline and a NumPy cell runs there."""

import json
import time

from conftest import PageSession, cell, output_text, run_and_wait, wait_cells, write_metric

ACTION = '[data-role="offline-course"]'


def bengali_mb(n):
    """Megabytes as the site writes them (strings.js bn, to a tenth)."""
    return f"{round(n / 1e5) / 10:g}".translate(str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯"))


def action(page):
    return page.locator(ACTION)


def wait_state(page, *states):
    page.wait_for_function(
        "([sel, states]) => states.includes(document.querySelector(sel)?.dataset.state)",
        arg=[ACTION, list(states)],
    )
    return action(page).get_attribute("data-state")


def course_list(built_site):
    return json.loads((built_site / "assets" / "offline-course.json").read_text())


def test_the_list_names_every_page_the_runtime_and_numpy(built_site, numpy_in_site, manifest):
    listing = course_list(built_site)
    paths = {f[0] for f in listing["files"]}
    assert "" in listing["pages"] and "lessons/01-computational-graph/" in listing["pages"]
    assert set(listing["pages"]) <= paths
    assert f"assets/runtime/pyodide/{numpy_in_site['file']}" in paths
    assert "assets/runtime/pyodide/pyodide.asm.wasm" in paths and "search/search_index.json" in paths
    for path, size, *sha in listing["files"]:
        on_disk = built_site / path / "index.html" if path == "" or path.endswith("/") else built_site / path
        assert on_disk.stat().st_size == size, path
        if sha:
            assert manifest["files"].get(path, {"sha256": sha[0]})["sha256"] == sha[0], path


def saves_requested(session):
    """Paths the page asked for to keep them itself (the header offline-course.js sends)."""
    seen = []

    def record(route):
        if "x-lr-offline-save" in route.request.headers:
            seen.append(route.request.url)
        route.fallback()

    session.context.route("**/*", record)
    return seen


def hold_saves(session, pattern):
    """Requests of the save matching ``pattern`` wait until released (the save is caught midway)."""
    held = {"routes": [], "on": True}

    def hold(route):
        if held["on"] and "x-lr-offline-save" in route.request.headers:
            held["routes"].append(route)
        else:
            route.fallback()

    session.context.route(pattern, hold)
    return held


def release(held):
    held["on"] = False
    for route in held["routes"]:
        try:
            route.fallback()
        except Exception:  # the page that asked is gone: its request was cancelled
            pass
    held["routes"].clear()


def wait_held(page, held):
    for _ in range(1200):
        if held["routes"]:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the save never asked for the held file")


def test_save_the_whole_course_then_every_page_opens_offline(
    browser, server, built_site, numpy_in_site, offline_fallback
):
    listing = course_list(built_site)
    sizes = {f[0]: f[1] for f in listing["files"]}
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    page = session.page
    asked = saves_requested(session)
    try:
        page.goto(server.url)
        wait_cells(page)
        page.evaluate("window.lessonRunner.offlineReady()")  # Python up, the runtime kept
        page.reload()
        wait_cells(page)
        wait_state(page, "none", "partial")
        to_fetch = int(action(page).get_attribute("data-to-fetch"))
        total = int(action(page).get_attribute("data-total"))
        assert total == sum(sizes.values())
        assert 0 < to_fetch <= total
        # the size is on the button before anything is fetched, in Bengali digits
        save = action(page).locator('[data-role="offline-save"]')
        assert bengali_mb(to_fetch) in save.inner_text(), (save.inner_text(), to_fetch)
        assert bengali_mb(total) in action(page).inner_text()
        started = time.monotonic()
        save.click()
        wait_state(page, "saved")
        seconds = time.monotonic() - started
        text = action(page).inner_text()
        assert "✓ হয়ে গেছে" in text and "ইন্টারনেট ছাড়াই" in text, text
        # what was shown is what came: the bytes read, and the files asked for
        assert int(action(page).get_attribute("data-fetched")) == to_fetch
        paths = [u[len(server.url) :] for u in asked if not u.endswith("offline-course.json")]
        assert len(paths) == len(set(paths)) and sum(sizes[p] for p in paths) == to_fetch, paths

        # the state survives a reload, offline too
        session.context.set_offline(True)
        page.reload()
        assert wait_state(page, "saved", "partial", "none") == "saved"
        assert "রাখা আছে" in action(page).inner_text()

        # every page opens offline, styled, with its cells
        for address in listing["pages"]:
            page.goto(server.url + address)
            assert page.locator("body[data-role=offline-page]").count() == 0, address
            assert page.locator("article h1").count() == 1, address
            position = page.evaluate("getComputedStyle(document.querySelector('.md-header')).position")
            assert position == "sticky", address
        page.goto(server.url + "lessons/07-matrix-backprop/")
        wait_cells(page)
        run_and_wait(page, 0)
        assert cell(page, 0).get_attribute("data-state") == "done", output_text(page, 0)
    finally:
        session.context.set_offline(False)
        session.close()
    write_metric("offline_course_bytes", total)
    write_metric("offline_course_saved_after_one_visit_bytes", to_fetch)
    write_metric("offline_course_files", len(listing["files"]))
    write_metric("offline_course_save_after_one_visit_s", round(seconds, 2))


def test_stop_cancels_the_save_and_a_reload_goes_on_with_it(browser, server, numpy_in_site, offline_fallback):
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    page = session.page
    held = hold_saves(session, "**/lessons/01-computational-graph/")
    try:
        page.goto(server.url)
        wait_cells(page)
        wait_state(page, "none", "partial")
        action(page).locator('[data-role="offline-save"]').click()
        wait_state(page, "saving")
        assert action(page).locator("progress").is_visible()
        assert "নামানো হয়েছে" in action(page).locator('[data-role="offline-bytes"]').inner_text()
        wait_held(page, held)
        action(page).locator('[data-role="offline-cancel"]').click()
        state = wait_state(page, "partial", "none")
        text = action(page).inner_text()
        assert "নামানো থামানো হয়েছে" in text, text
        assert int(action(page).get_attribute("data-to-fetch")) > 0
        release(held)
        held["on"] = True
        # cancelled stays cancelled: a reload shows what is kept and starts nothing
        page.reload()
        wait_cells(page)
        assert wait_state(page, "partial", "none", "saving") == state
        assert page.evaluate("localStorage.getItem('pyautograd-lessons:offline-saving')") is None

        # a save the reader did not cancel goes on after a reload
        resume = action(page).locator('[data-role="offline-save"]')
        assert "বাকিটা নামান" in resume.inner_text() or state == "none", resume.inner_text()
        resume.click()
        wait_state(page, "saving")
        wait_held(page, held)
        page.reload()
        wait_cells(page)
        wait_state(page, "saving")
        release(held)
        wait_state(page, "saved")
    finally:
        release(held)
        session.close()
