"""A boot whose download fails never hangs (runtime/src/worker.js, worker-client.js).

A refused or stalled request for Python's core files (pyodide.asm.wasm, the standard
library) ends the boot within the manifest's stall time: the cell says why in Bengali and
offers to try again, ``lessonRunner.bootProblem`` says what failed, and the download line
does not claim to be complete. Trying again after the link is back runs the cell. The total
shown is known from the start (the build manifest's sizes), so it never changes.
Plain-Python cells only (the playground): these run with or without NumPy's wheel.
"""

from __future__ import annotations

import json
import re

from conftest import BOOT_TIMEOUT_MS, PageSession, cell, wait_cells

WASM = "**/pyodide/pyodide.asm.wasm"
BIG = re.compile(r"\.(wasm|zip|whl)$")
DIGITS = str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789")
# a failed boot ends well within this; before the fix it never ended (checked at 181 s)
ENDS_WITHIN_MS = 60_000


def _mb(text):
    """(loaded, total) megabytes of the boot panel's download line, total None if not shown."""
    numbers = [float(n.translate(DIGITS)) for n in re.findall(r"[০-৯0-9]+(?:\.[০-৯0-9]+)?", text)]
    return (numbers[0], numbers[1] if len(numbers) > 1 else None)


def _failed_run(page):
    cell(page, 0).locator('[data-role="run"]').click()
    page.wait_for_function(
        "document.querySelector('[data-cell=\"0\"]').dataset.state === 'error'", timeout=ENDS_WITHIN_MS
    )


def _check_failed(page):
    problem = page.evaluate("window.lessonRunner.bootProblem")
    assert problem and problem["stage"] == "python", problem
    notice = cell(page, 0).locator('[data-role="output"]').inner_text()
    assert "ডাউনলোড" in notice and "আবার চেষ্টা" in notice, notice
    panel = cell(page, 0).locator(".lr-boot")
    assert panel.get_attribute("data-state") == "failed"
    assert "পাইথন চালু করা যায়নি" in panel.inner_text()
    loaded, total = _mb(panel.locator('[data-role="boot-bytes"]').inner_text())
    assert total is None or loaded < total, (loaded, total)  # not shown as complete
    return cell(page, 0).locator('[data-role="retry-boot"]')


def test_a_refused_wasm_download_fails_the_boot_and_a_retry_runs_the_cell(browser, server, offline_fallback):
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    session.context.route(WASM, lambda route: route.abort("internetdisconnected"))
    page = session.page
    try:
        page.goto(server.url + "playground/")
        wait_cells(page)
        _failed_run(page)
        retry = _check_failed(page)
        assert retry.is_visible() and retry.inner_text() == "আবার চেষ্টা করুন"
        session.context.unroute(WASM)
        retry.click()
        page.wait_for_function("document.querySelector('[data-cell=\"0\"]').dataset.state === 'done'")
        assert "নমস্কার" in cell(page, 0).locator('[data-role="output"]').inner_text()
        assert page.evaluate("window.lessonRunner.bootProblem") is None
        assert retry.count() == 0
    finally:
        session.close()


def test_a_stalled_wasm_download_fails_the_boot_after_the_stall_time(browser, server, manifest):
    body = json.dumps({**manifest, "download_stall_ms": 3000})
    hung = []
    session = PageSession(browser, server.url.rstrip("/"))
    session.context.route(
        "**/assets/runtime/manifest.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=body),
    )
    session.context.route(WASM, lambda route: hung.append(route))  # never answered
    page = session.page
    try:
        page.goto(server.url + "playground/")
        wait_cells(page)
        _failed_run(page)
        assert hung, "the wasm was not asked for"
        _check_failed(page)
        assert "stalled" in page.evaluate("window.lessonRunner.bootProblem.message")
    finally:
        session.close()


def test_the_download_total_is_known_from_the_start(browser, server, offline_fallback, manifest):
    """Every download line of a boot names the same total: the manifest's big files."""
    planned = sum(f["size"] for path, f in manifest["files"].items() if BIG.search(path))
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    session.context.add_init_script(
        """window.__lines = [];
        new MutationObserver(() => {
          const line = document.querySelector('[data-role="boot-bytes"]');
          if (line && !line.hidden && line.textContent !== window.__lines.at(-1))
            window.__lines.push(line.textContent);
        }).observe(document, {subtree: true, childList: true, characterData: true});"""
    )
    held = []  # the wasm waits until the panel is on the page, so it sees every line
    session.context.route(WASM, lambda route: held.append(route))
    page = session.page
    try:
        page.goto(server.url + "playground/")
        wait_cells(page)
        page.evaluate("() => { window.lessonRunner.ready().then(() => { window.__ready = true; }); }")
        page.locator(".lr-boot").wait_for(timeout=ENDS_WITHIN_MS)
        page.wait_for_function("() => true", timeout=ENDS_WITHIN_MS)  # the route has had its turn
        for _ in range(ENDS_WITHIN_MS // 50):
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the wasm was not asked for"
        held[0].continue_()
        page.wait_for_function("window.__ready === true", timeout=BOOT_TIMEOUT_MS)
        lines = page.evaluate("window.__lines")
        assert lines, "no download line was shown"
        totals = {_mb(line)[1] for line in lines}
        assert totals == {round(planned / 1e6, 1)}, lines
    finally:
        session.close()
