"""On a slow link the page's own scripts come before Python's download (runtime/src/early.js,
worker.js): the reader gets the lesson's Run buttons while the 17 MB of Python are still on
their way, not after them. The link is throttled in Chromium (DevTools' network emulation) to
the 400 KB/s of a weak mobile connection; the test checks the order of events, not a time.
"""

from conftest import PageSession

KBPS_400 = 400 * 1024  # bytes per second
BIG = "pyodide.asm.wasm"


def test_run_buttons_come_before_pythons_download_on_a_slow_link(browser, server, offline_fallback):
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    page = session.page
    finished = []
    page.on("requestfinished", lambda r: finished.append(r.url))
    cdp = session.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 80, "downloadThroughput": KBPS_400, "uploadThroughput": KBPS_400},
    )
    try:
        page.goto(server.url + "lessons/01-computational-graph/", wait_until="commit")
        page.locator(".lr-cell.lr-ready [data-role=run]").first.wait_for(timeout=120_000)
        started = [u for u in session.requests if u.endswith(BIG)]
        assert started, "Python's download had not started when the Run buttons appeared"
        assert not [u for u in finished if u.endswith(BIG)], "the page waited for Python's download"
        assert not session.errors, session.errors
    finally:
        session.close()
