"""Running cells in the browser: output, edits, keys, errors, Stop, namespace, display.

One page is booted once for the module (booting Pyodide costs seconds); the tests use the
playground's last cell ("your turn") as a scratch cell and check the other cells' hooks.
"""

import pytest
from conftest import BOOT_TIMEOUT_MS, cell, output_text, run_and_wait, set_code, shot, wait_cells

SCRATCH = -1


@pytest.fixture(scope="module")
def booted(browser, server, offline_fallback):
    from conftest import PageSession

    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    page = session.page
    page.goto(server.url + "playground/")
    wait_cells(page)
    n = page.evaluate("window.lessonRunner.cells")
    yield session, page, n
    foreign = session.foreign
    session.close()
    assert not foreign, f"requests left the site's origin: {foreign}"


def test_pure_python_cell_runs_and_prints(booted):
    session, page, n = booted
    c = run_and_wait(page, 0)
    assert c.get_attribute("data-state") == "done"
    out = output_text(page, 0)
    assert "নমস্কার, পাঠক! এটা 3 নম্বর লাইন" in out
    assert "মিলেছে" in out  # matches the page's expected block
    assert c.locator('[data-role="counter"]').inner_text() != "[ ]"
    assert "মি.সে." in c.locator('[data-role="status"]').inner_text()
    shot(page, "runner-first-cell", full_page=False)


def test_output_that_differs_from_the_page_is_not_marked_as_matching(booted):
    """Edited so that it prints something else, the cell loses the ✓ (and says nothing wrong)."""
    session, page, n = booted
    set_code(page, 0, 'print("অন্য কিছু")')
    c = run_and_wait(page, 0)
    assert c.get_attribute("data-state") == "done"
    assert c.get_attribute("data-matches-expected") == "false"
    assert "মিলেছে" not in output_text(page, 0)
    c.locator('[data-role="reset"]').click()
    c = run_and_wait(page, 0)
    assert c.get_attribute("data-matches-expected") == "true"


def test_boot_progress_counts_downloaded_megabytes(booted):
    """The boot panel shows megabytes as Pyodide's wasm and standard library arrive."""
    session, page, n = booted
    page.evaluate("window.lessonRunner.ready().catch(() => null)")
    bytes_line = page.locator('[data-role="boot-bytes"]')
    page.wait_for_function("""() => Number(document.querySelector('[data-role="boot-bytes"]')
                                      ?.dataset.loaded || 0) > 9e6""")
    text = bytes_line.text_content()
    assert text.startswith("ডাউনলোড:") and text.endswith("MB") and " / " in text, text
    done, total = (
        float(part.strip().split()[0].translate(str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789")))
        for part in text.split(":", 1)[1].split("/")
    )
    assert 9 < done <= total < 60, text
    # the panel is a polite live region, but its ticking parts are not read out
    assert page.locator('[data-role="boot-progress"]').get_attribute("aria-live") == "polite"
    assert bytes_line.get_attribute("aria-live") == "off"


def test_edit_and_rerun_with_shift_and_ctrl_enter(booted):
    session, page, n = booted
    i = n + SCRATCH
    set_code(page, i, "print(6 * 7)")
    run_and_wait(page, i, via="shift-enter")
    assert output_text(page, i).strip() == "42"
    set_code(page, i, "print('আবার', 6 * 8)")
    run_and_wait(page, i, via="ctrl-enter")
    assert output_text(page, i).strip() == "আবার 48"


def test_shared_namespace_across_cells(booted):
    session, page, n = booted
    run_and_wait(page, 0)  # defines নাম
    i = n + SCRATCH
    set_code(page, i, "print(নাম, i)")
    run_and_wait(page, i)
    assert output_text(page, i).strip() == "পাঠক 2"
    result = page.evaluate(f"window.lessonRunner.run({i})")
    assert result["stdout"] == "পাঠক 2\n" and result["error"] is None and result["ms"] >= 0


def test_traceback_is_trimmed_and_explained(booted):
    session, page, n = booted
    i = n + SCRATCH
    set_code(page, i, "def f(x):\n    return x / 0\n\nprint('আগে')\nf(1)")
    c = run_and_wait(page, i)
    assert c.get_attribute("data-state") == "error"
    out = output_text(page, i)
    assert out.startswith("আগে")
    assert "শূন্য দিয়ে ভাগ" in out  # Bengali explanation ...
    tb = c.locator(".lr-traceback").inner_text()
    assert tb.startswith("Traceback (most recent call last):")  # ... above the verbatim traceback
    assert tb.rstrip().endswith("ZeroDivisionError: division by zero")
    assert 'File "<cell ' in tb and "return x / 0" in tb
    assert "harness.py" not in tb and "pyodide" not in tb.lower()
    result = page.evaluate(f"window.lessonRunner.run({i})")
    assert result["error"] == "ZeroDivisionError: division by zero"
    assert result["stdout"] == "আগে\n"


def test_pytorch_worded_error_is_explained(booted, numpy_in_site):
    session, page, n = booted
    i = n + SCRATCH
    set_code(
        page,
        i,
        "import pyautograd as torch\nx = torch.tensor(2.0, requires_grad=True)\n"
        "y = x * x\ny.backward()\ny.backward()",
    )
    run_and_wait(page, i)
    out = output_text(page, i)
    assert "দ্বিতীয়বার backward()" in out and "retain_graph=True" in out
    assert "RuntimeError: Trying to backward through the graph a second time" in out
    shot(page, "runner-backward-twice-error", full_page=False)


def test_printed_html_is_text(booted):
    session, page, n = booted
    i = n + SCRATCH
    set_code(page, i, "print('<img src=x onerror=\"window.__pwned=1\"><b>মোটা</b>')")
    run_and_wait(page, i)
    out = cell(page, i).locator('[data-role="output"]')
    assert out.locator("img, b").count() == 0
    assert "<b>মোটা</b>" in out.inner_text()
    assert page.evaluate("window.__pwned") is None


def test_huge_output_is_capped(booted):
    session, page, n = booted
    i = n + SCRATCH
    set_code(page, i, "for k in range(300000):\n    print('লাইন', k)")
    run_and_wait(page, i)
    out = output_text(page, i)
    assert "আউটপুট অনেক বড়" in out
    assert len(out) < 260000
    assert page.evaluate("1 + 1") == 2


def test_stop_interrupts_and_state_survives(booted):
    session, page, n = booted
    assert page.evaluate("crossOriginIsolated")
    i = n + SCRATCH
    set_code(page, i, "kept = 'রয়ে গেছে'")
    run_and_wait(page, i)
    set_code(page, i, "while True:\n    pass")
    c = cell(page, i)
    c.locator('[data-role="run"]').click()
    page.wait_for_function(
        """i => { const c = document.querySelector(`[data-cell="${i}"]`);
        return c.dataset.state === 'running' && c.querySelector('[data-role=status]').textContent.includes('চলছে'); }""",
        arg=i,
    )
    page.wait_for_timeout(500)
    assert page.evaluate("1 + 1") == 2  # the page itself is not frozen
    c.locator('[data-role="stop"]').click()
    page.wait_for_function(
        f"document.querySelector('[data-cell=\"{i}\"]').dataset.state === 'error'", timeout=10000
    )
    out = output_text(page, i)
    stop = page.evaluate("window.lessonRunner.lastStop")
    assert "KeyboardInterrupt" in out and "থামানো" in out, stop
    # interrupted, not restarted; on a slow machine the cell may take over a second to end
    # after taking the first signal, and the runner then signals once more, by design
    assert stop["outcome"] == "interrupted" and stop["signals"] <= 2, stop
    set_code(page, i, "print(kept)")
    run_and_wait(page, i)
    assert output_text(page, i).strip() == "রয়ে গেছে"  # namespace survived the interrupt


def _run_then_stop(page, i):
    """Run cell ``i``, press Stop 0.3 s into the run, wait for its error: (output, lastStop)."""
    c = cell(page, i)
    c.locator('[data-role="run"]').click()
    page.wait_for_function(
        """i => document.querySelector(`[data-cell="${i}"]`).dataset.state === 'running'""", arg=i
    )
    page.wait_for_timeout(300)
    c.locator('[data-role="stop"]').click()
    page.wait_for_function(
        f"document.querySelector('[data-cell=\"{i}\"]').dataset.state === 'error'", timeout=15000
    )
    return output_text(page, i), page.evaluate("window.lessonRunner.lastStop")


def test_stop_signals_again_when_the_cell_swallows_the_interrupt(booted):
    session, page, n = booted
    i = n + SCRATCH
    set_code(
        page,
        i,
        "caught = 0\ntry:\n    while True:\n        pass\nexcept KeyboardInterrupt:\n"
        "    caught += 1\nwhile True:\n    pass",
    )
    out, stop = _run_then_stop(page, i)
    assert "KeyboardInterrupt" in out and "নতুন করে চালু" not in out, stop  # a second signal, no restart
    assert stop["outcome"] == "interrupted" and stop["seen"] and stop["signals"] >= 2, stop
    set_code(page, i, "print(caught)")
    run_and_wait(page, i)
    assert output_text(page, i).strip() == "1"


def test_stop_signals_once_when_the_cell_has_ended_but_its_report_is_slow(booted):
    """Once the cell's own code is over (here it turned the interrupt into an error whose
    message takes two seconds to write, as a loaded machine can take over a second to report
    a plain KeyboardInterrupt), Stop waits for the report instead of signalling again: a
    second signal would land in the report, not in the cell."""
    session, page, n = booted
    i = n + SCRATCH
    set_code(
        page,
        i,
        "import time\nclass Slow:\n    def __str__(self):\n        t0 = time.monotonic()\n"
        "        while time.monotonic() - t0 < 2:\n            pass\n        return 'ধীর বার্তা'\n"
        "try:\n    while True:\n        pass\nexcept KeyboardInterrupt:\n    raise ValueError(Slow())",
    )
    out, stop = _run_then_stop(page, i)
    assert "ValueError: ধীর বার্তা" in out, (out, stop)
    assert stop["outcome"] == "interrupted" and stop["seen"] and stop["signals"] == 1, stop


def test_stop_on_a_queued_cell_takes_it_out_of_the_queue(booted):
    session, page, n = booted
    i = n + SCRATCH
    set_code(page, i, "import time\nt0 = time.time()\nwhile time.time() - t0 < 3:\n    pass\nprint('শেষ')")
    cell(page, i).locator('[data-role="run"]').click()
    page.wait_for_function(
        """i => document.querySelector(`[data-cell="${i}"] [data-role=status]`).textContent.includes('চলছে')""",
        arg=i,
    )
    cell(page, 0).locator('[data-role="run"]').click()  # queued behind it
    assert "অপেক্ষায়" in cell(page, 0).locator('[data-role="status"]').inner_text()
    cell(page, 0).locator('[data-role="stop"]').click()
    assert cell(page, 0).get_attribute("data-state") == "idle"
    page.wait_for_function(f"document.querySelector('[data-cell=\"{i}\"]').dataset.state === 'done'")
    assert output_text(page, i).strip() == "শেষ"  # the running cell was not touched
    page.wait_for_timeout(300)
    assert cell(page, 0).get_attribute("data-state") == "idle"
    assert "বাতিল" in cell(page, 0).locator('[data-role="status"]').inner_text()


def test_display_protocol_draws_graph_and_plot(booted):
    session, page, n = booted
    i = n + SCRATCH
    set_code(
        page,
        i,
        "from lessonkit import show, plot\n"
        "show('digraph { a [URL=\"javascript:alert(1)\" label=\"<b>x</b>\"]; a -> b }', title='গ্রাফ')\n"
        "plot([3, 2, 1.5, 1.2], title='ক্ষতি', xlabel='ধাপ', ylabel='loss')\n"
        "print('এঁকেছি')",
    )
    run_and_wait(page, i)
    out = cell(page, i).locator('[data-role="output"]')
    out.locator(".lr-out-display-dot svg").wait_for()
    out.locator(".lr-out-display-plot canvas").first.wait_for()
    svg = out.locator(".lr-out-display-dot svg")
    assert svg.locator("a, script, foreignObject").count() == 0
    assert "javascript" not in svg.evaluate("e => e.outerHTML")
    assert "<b>x</b>" in svg.locator("text").all_text_contents()
    assert "এঁকেছি" in out.inner_text()
    shot(page, "runner-display", full_page=False)


def test_instant_navigation_rescans_cells(booted, server, numpy_in_site):
    session, page, n = booted
    page.locator('a[href$="playground/"]').first.wait_for(state="attached")
    links = page.locator("nav.md-nav--primary a.md-nav__link[href*='lessons/']")
    assert links.count() >= 6, "the nav should list the six lessons"
    links.first.click()
    page.wait_for_function("location.pathname.includes('lessons/')")
    wait_cells(page)
    assert page.evaluate("document.querySelectorAll('[data-cell=\"0\"]').length") == 1
    assert page.evaluate("window.lessonRunner.cells") == page.locator(".lr-cell").count()
    # a fresh page: cell 2 needs the x that cell 1 makes, and says which cell that is
    page.evaluate("window.lessonRunner.run(2)")
    notice = cell(page, 2).locator('[data-role="notice"]')
    assert "এখনও চালানো হয়নি" in notice.inner_text() and "সেল ২-এ" in notice.inner_text()
    assert cell(page, 2).locator('[data-role="run-above"]').is_visible()
    result = page.evaluate("window.lessonRunner.run(0)")
    assert result["error"] is None, result
    # a fresh namespace per page: the playground's names are gone
    assert cell(page, 0).get_attribute("data-state") == "done"


def test_worker_requests_stay_on_the_site(booted):
    """The request log covers the worker too (Pyodide, wheels), and nothing left the origin."""
    session, page, n = booted
    page.evaluate("window.lessonRunner.run(0)")
    assert any(u.endswith("/pyodide.asm.wasm") for u in session.requests), session.requests
    assert any("/wheels/pyautograd-" in u for u in session.requests)
    assert not session.foreign


def test_service_worker_isolates_pages_on_a_plain_host(browser, plain_server):
    """A static host sends no COOP/COEP; the site's own service worker adds them."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(plain_server.url + "playground/")
        page.wait_for_function("window.crossOriginIsolated === true", timeout=30000)
        wait_cells(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert page.evaluate("typeof SharedArrayBuffer") == "function"
    finally:
        context.close()


def test_stop_without_isolation_restarts_python_with_a_notice(browser, plain_server, offline_fallback):
    from conftest import PageSession

    session = PageSession(
        browser, plain_server.url.rstrip("/"), allow=offline_fallback, service_workers="block"
    )
    page = session.page
    try:
        page.goto(plain_server.url + "playground/")
        wait_cells(page)
        assert page.evaluate("crossOriginIsolated") is False
        n = page.evaluate("window.lessonRunner.cells")
        i = n - 1
        set_code(page, i, "while True:\n    pass")
        cell(page, i).locator('[data-role="run"]').click()
        page.wait_for_function(
            """i => { const c = document.querySelector(`[data-cell="${i}"]`);
            return c.querySelector('[data-role=status]').textContent.includes('চলছে'); }""",
            arg=i,
            timeout=BOOT_TIMEOUT_MS,
        )
        cell(page, i).locator('[data-role="stop"]').click()
        page.wait_for_function(
            f"document.querySelector('[data-cell=\"{i}\"]').dataset.state === 'error'", timeout=10000
        )
        assert "নতুন করে চালু" in output_text(page, i)
        assert page.evaluate("window.lessonRunner.lastStop")["outcome"] == "restarted"
        result = page.evaluate("window.lessonRunner.run(0)")
        assert result["error"] is None and "নমস্কার" in result["stdout"]
        assert not session.foreign
    finally:
        session.close()
