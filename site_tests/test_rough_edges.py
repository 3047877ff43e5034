"""Rough edges a new reader hit (issue 9): each one as it looked from the page.

Most tests share one booted playground page (booting Pyodide costs seconds) and use its
last cell as a scratch cell; the ones that break or restart Python, or need another
viewport, open their own page.
"""

import re

import pytest
from conftest import (
    BOOT_TIMEOUT_MS,
    CONTRAST_JS,
    PageSession,
    WarmPage,
    cell,
    output_text,
    reset_warm_storage,
    run_and_wait,
    set_code,
    shot,
    wait_cells,
)

SCRATCH = -1
BENGALI_DIGITS = str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789")


@pytest.fixture(scope="module")
def booted(warm_context, server):
    """The playground in the returning reader's profile (Python restores: these tests are
    about what a run shows, not Python's start)."""
    reset_warm_storage(warm_context, server)
    foreign_before = len(warm_context.foreign)
    warm = WarmPage(warm_context, server.url + "playground/")
    page = warm.page
    wait_cells(page)
    n = page.evaluate("window.lessonRunner.cells")
    yield warm, page, n + SCRATCH
    warm.close()
    foreign = warm_context.foreign[foreign_before:]
    assert not foreign, f"requests left the site's origin: {foreign}"


def counter_of(page, index):
    text = cell(page, index).locator('[data-role="counter"]').inner_text()
    return int(text.strip("[] ").translate(BENGALI_DIGITS))


def wait_state(page, index, states, timeout=BOOT_TIMEOUT_MS):
    page.wait_for_function(
        '([i, states]) => states.includes(document.querySelector(`[data-cell="${i}"]`).dataset.state)',
        arg=[index, states],
        timeout=timeout,
    )


def start_and_wait_running(page, index):
    cell(page, index).locator('[data-role="run"]').click()
    page.wait_for_function(
        """i => document.querySelector(`[data-cell="${i}"] [data-role=status]`).textContent.includes('চলছে')""",
        arg=index,
        timeout=BOOT_TIMEOUT_MS,
    )


# ---------------------------------------------------------------- plots and figures


def test_plot_with_nan_and_inf_draws_gaps_and_says_so(booted):
    """Lesson 6 with lr = 1e300: the losses overflow; the chart still draws."""
    session, page, i = booted
    set_code(
        page,
        i,
        "from lessonkit import plot\n"
        "losses = [0.7, 0.5, 1e308 * 10, float('nan'), 0.4]\n"
        "plot(losses, title='লস', xlabel='ধাপ', ylabel='লস')\nprint('আঁকা হলো')",
    )
    c = run_and_wait(page, i)
    assert c.get_attribute("data-state") == "done", output_text(page, i)
    out = c.locator('[data-role="output"]')
    out.locator(".lr-out-display-plot canvas").first.wait_for()
    note = out.locator('[data-role="plot-gaps"]')
    assert "২টি" in note.inner_text() and "NaN" in note.inner_text()
    assert "SyntaxError" not in out.inner_text() and "আঁকা হলো" in out.inner_text()
    assert not [e for e in session.errors if "JSON" in e], session.errors


def test_more_than_fifty_figures_say_the_rest_were_dropped(booted):
    session, page, i = booted
    set_code(page, i, "from lessonkit import plot\nfor k in range(55):\n    plot([k, k + 1])")
    c = run_and_wait(page, i)
    notice = c.locator('[data-role="displays-capped"]')
    assert "৫০" in notice.inner_text() and "৫টি" in notice.inner_text()
    page.wait_for_function(
        f"document.querySelectorAll('[data-cell=\"{i}\"] .lr-out-display-plot canvas').length >= 50"
    )
    assert c.locator(".lr-out-display-plot").count() == 50


def test_graphviz_failure_says_why(booted):
    session, page, i = booted
    set_code(page, i, "from lessonkit import show\nshow('digraph { a -> }', title='ভাঙা গ্রাফ')")
    c = run_and_wait(page, i)
    graph = c.locator('[data-role="graph"]')
    graph.wait_for()
    text = graph.inner_text()
    assert "DOT লেখাটা পড়তে পারেনি" in text and "syntax error in line 1" in text, text


def test_ansi_colour_codes_and_carriage_returns(booted):
    session, page, i = booted
    set_code(
        page,
        i,
        "print('\\x1b[1;31mলাল লেখা\\x1b[0m শেষ')\n"
        "for k in range(5):\n    print(f'\\rএগোচ্ছে {k * 25}%', end='')\nprint()\n"
        "print('শেষ লাইন', end='\\r')",
    )
    run_and_wait(page, i)
    lines = output_text(page, i).strip().splitlines()
    assert lines[:3] == ["লাল লেখা শেষ", "এগোচ্ছে 100%", "শেষ লাইন"], lines
    result = page.evaluate(f"window.lessonRunner.run({i})")
    assert "\x1b[1;31m" in result["stdout"]  # what the cell printed is kept as printed


def test_dark_mode_figures_titles_and_redrawn_charts(booted):
    session, page, i = booted
    set_code(
        page,
        i,
        "from lessonkit import show, plot\n"
        "show('digraph { a -> b }', title='গ্রাফের শিরোনাম')\n"
        "plot([3, 2, 1], title='চার্টের শিরোনাম', xlabel='ধাপ', ylabel='লস')",
    )
    c = run_and_wait(page, i)
    out = c.locator('[data-role="output"]')
    out.locator(".lr-out-display-dot svg").wait_for()
    canvas_box = out.locator(".lr-plot-canvas")
    canvas_box.locator("canvas").first.wait_for()
    # one title per chart (the caption), none inside uPlot
    assert out.get_by_text("চার্টের শিরোনাম", exact=True).count() == 1
    assert out.locator(".u-title").count() == 0
    # the y label is horizontal text above the chart, not rotated on the canvas
    ylabel = out.locator(".lr-plot-ylabel")
    assert ylabel.inner_text() == "↑ লস"
    assert ylabel.evaluate("e => getComputedStyle(e).transform") == "none"
    light_ink = canvas_box.get_attribute("data-ink")
    assert canvas_box.get_attribute("data-scheme") == "default"

    page.locator("form[data-md-component=palette] label:visible").first.click()
    page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'slate'")
    page.wait_for_function(
        "document.querySelector('.lr-plot-canvas[data-scheme]')?.dataset.scheme === 'slate'"
    )
    assert canvas_box.get_attribute("data-ink") != light_ink  # redrawn with the dark palette
    assert canvas_box.locator("canvas").count() >= 1
    for title in ("গ্রাফের শিরোনাম", "চার্টের শিরোনাম"):
        ratio = out.get_by_text(title, exact=True).evaluate(
            CONTRAST_JS + "el => contrast(channels(getComputedStyle(el).color), backgroundOf(el))"
        )
        assert ratio >= 4.5, (title, ratio)
    shot(page, "rough-edges-dark-figures", full_page=False)
    page.locator("form[data-md-component=palette] label:visible").first.click()
    page.wait_for_function("document.body.getAttribute('data-md-color-scheme') === 'default'")


# ---------------------------------------------------------------- errors and tracebacks


def test_traceback_names_the_cell_by_its_place_on_the_page(booted):
    """The number the page's notes give a cell ("সেল N"), whatever its run counter says."""
    session, page, i = booted
    set_code(page, i, "def f():\n    return 1 / 0\n\nf()")
    run_and_wait(page, i)
    run_and_wait(page, i)  # a second run: a new counter, the same name
    n = i + 1
    if counter_of(page, i) == n:  # the counter must differ from the place for this to tell
        run_and_wait(page, i)
    tb = cell(page, i).locator(".lr-traceback").inner_text()
    assert f'File "<cell {n}>", line 4' in tb and f'File "<cell {n}>", line 2, in f' in tb, (n, tb)
    label = cell(page, i).get_attribute("aria-label").translate(BENGALI_DIGITS)
    assert label.endswith(f" {n}"), label


def test_size_errors_are_explained_without_numpy(booted):
    session, page, i = booted
    set_code(page, i, "x = [0] * 10**10")
    c = run_and_wait(page, i)
    assert "সংখ্যাটি আকার বা সূচক হিসেবে অনেক বড়" in c.locator(".lr-explain-title").inner_text()
    assert "OverflowError" in c.locator(".lr-traceback").inner_text()


def test_numpy_memory_errors_are_explained(booted, numpy_in_site):
    session, page, i = booted
    cases = {
        "import numpy as np\nnp.zeros(10**10)": "অ্যারের আকার এখানে সম্ভবের চেয়েও বড়",
        "import numpy as np\nnp.ones((40000, 40000))": "অ্যারের আকার এখানে সম্ভবের চেয়েও বড়",
        # the real exception NumPy raises when the allocation itself fails
        "import numpy as np\nfrom numpy._core._exceptions import _ArrayMemoryError\n"
        "raise _ArrayMemoryError((10**9,), np.dtype(np.float64))": "এত বড় অ্যারের জন্য মেমোরি নেই",
    }
    for code, title in cases.items():
        set_code(page, i, code)
        c = run_and_wait(page, i)
        assert c.locator(".lr-explain-title").inner_text() == title, code
    assert "Unable to allocate 7.45 GiB" in c.locator(".lr-traceback").inner_text()


def test_diverging_training_prints_no_internal_warning(booted, numpy_in_site):
    session, page, i = booted
    set_code(
        page,
        i,
        "import pyautograd as torch\nfrom pyautograd import nn, optim\n"
        "torch.manual_seed(0)\nmodel = nn.Linear(2, 1)\n"
        "optimizer = optim.SGD(model.parameters(), lr=1e300)\nx = torch.randn(8, 2)\n"
        "for _ in range(3):\n    optimizer.zero_grad()\n    loss = (model(x) ** 2).mean()\n"
        "    loss.backward()\n    optimizer.step()\nprint(loss.item())",
    )
    run_and_wait(page, i)
    result = page.evaluate(f"window.lessonRunner.run({i})")
    assert result["error"] is None and result["stdout"].strip() in ("nan", "inf"), result
    assert result["stderr"] == "", result["stderr"]


def test_recursion_traceback_is_capped_and_the_limit_does_not_leak(booted):
    session, page, i = booted
    set_code(page, i, "import sys\nsys.setrecursionlimit(3000)\ndef f(n):\n    return f(n + 1)\nf(0)")
    c = run_and_wait(page, i)
    tb = c.locator(".lr-traceback").inner_text()
    assert "earlier calls not shown" in tb and len(tb) < 6000, len(tb)
    assert tb.rstrip().endswith("RecursionError: maximum recursion depth exceeded")
    assert "ফাংশন নিজেকে অসংখ্যবার ডেকেছে" in c.locator(".lr-explain-title").inner_text()
    set_code(page, i, "import sys\nprint(sys.getrecursionlimit())")
    run_and_wait(page, i)
    assert output_text(page, i).strip() == "1000"


def test_freeing_a_graph_thousands_of_steps_long_keeps_python_alive(booted, numpy_in_site):
    """A sum kept across a loop is a chain as long as the loop; freeing it must not exhaust
    the browser's stack (Chromium ran out at about 800 nodes), and names set before stay."""
    session, page, i = booted
    set_code(page, i, "kept = 'শৃঙ্খলের আগের মান'")
    run_and_wait(page, i)
    set_code(
        page,
        i,
        "import pyautograd as torch\nfrom pyautograd import nn, optim\n"
        "x = torch.ones(2, requires_grad=True)\ns = x\nfor _ in range(3000):\n    s = s + x\n"
        "print(s[0].item())\ns = None\n"
        "torch.manual_seed(0)\nmodel = nn.Linear(2, 1)\n"
        "optimizer = optim.SGD(model.parameters(), lr=0.01)\ndata = torch.randn(4, 2)\n"
        "total = 0\nfor _ in range(1500):\n    optimizer.zero_grad()\n"
        "    loss = (model(data) ** 2).mean()\n    loss.backward()\n    optimizer.step()\n"
        "    total = total + loss\n"
        "print(total.grad_fn is not None)\ndel total, loss",
    )
    c = run_and_wait(page, i)
    assert c.locator('[data-role="crashed"]').count() == 0, output_text(page, i)
    assert output_text(page, i).split() == ["3001.0", "True"], output_text(page, i)
    set_code(page, i, "print(kept)")
    c = run_and_wait(page, i)
    assert output_text(page, i).strip() == "শৃঙ্খলের আগের মান"
    assert c.get_attribute("data-state") == "done"


# ---------------------------------------------------------------- Stop


def test_stop_also_cancels_the_same_cells_queued_run(booted):
    """Shift+Enter twice on a running cell, then Stop once: nothing runs afterwards."""
    session, page, i = booted
    set_code(page, i, "import time\nt0 = time.time()\nwhile time.time() - t0 < 3:\n    pass\nprint('শেষ')")
    start_and_wait_running(page, i)
    first = counter_of(page, i)
    cell(page, i).locator(".cm-content").focus()
    page.keyboard.press("Shift+Enter")  # asked again while it runs: queued
    cell(page, i).locator('[data-role="stop"]').click()
    wait_state(page, i, ["error"], timeout=15000)
    # everything queued so far has been dealt with once another cell's run comes back
    assert page.evaluate("window.lessonRunner.run(0).then(r => r.error)") is None
    assert cell(page, i).get_attribute("data-state") == "error"
    assert counter_of(page, i) == first
    assert "শেষ" not in output_text(page, i)


def test_sleep_is_interrupted_and_state_survives(booted):
    session, page, i = booted
    set_code(page, i, "kept = 'ঘুমের আগের মান'")
    run_and_wait(page, i)
    set_code(page, i, "import time\ntime.sleep(30)")
    start_and_wait_running(page, i)
    page.wait_for_timeout(300)  # let it fall asleep
    cell(page, i).locator('[data-role="stop"]').click()
    wait_state(page, i, ["error"], timeout=15000)
    stop = page.evaluate("window.lessonRunner.lastStop")
    assert stop["outcome"] == "interrupted" and stop["signals"] == 1, stop
    assert "KeyboardInterrupt" in output_text(page, i)
    set_code(page, i, "print(kept)")
    run_and_wait(page, i)
    assert output_text(page, i).strip() == "ঘুমের আগের মান"


def test_a_fatal_pyodide_error_restarts_python_and_explains(browser, server, offline_fallback):
    """A raised recursion limit lets Python outgrow the browser's own stack: Pyodide dies.
    The page notices, starts a fresh Python, says why in Bengali, and later cells run."""
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    page = session.page
    try:
        page.goto(server.url + "playground/")
        wait_cells(page)
        i = page.evaluate("window.lessonRunner.cells") + SCRATCH
        set_code(page, i, "before = 1")
        run_and_wait(page, i)
        set_code(
            page,
            i,
            "import sys\nsys.setrecursionlimit(20000)\ndef f(n):\n    return f(n + 1)\n"
            "try:\n    f(0)\nexcept RecursionError as e:\n    print('ধরা পড়েছে', e)",
        )
        c = run_and_wait(page, i)
        crashed = c.locator('[data-role="crashed"]')
        assert crashed.count() == 1, output_text(page, i)
        said = crashed.inner_text()
        assert "নতুন করে চালু" in said and "setrecursionlimit" in said, said
        assert "total = total + loss" in said and ".item()" in said and ".detach()" in said, said
        assert "Stack (most recent call first)" not in output_text(page, i)
        assert "harness.py" not in output_text(page, i)
        set_code(page, i, "import sys\nprint(sys.getrecursionlimit(), 'before' in globals())")
        run_and_wait(page, i)
        assert output_text(page, i).strip() == "1000 False"  # a fresh Python, default limit
    finally:
        session.close()
    assert not session.foreign


# ---------------------------------------------------------------- phone, accessibility


def test_buttons_are_named_by_words_and_status_is_live(server, open_page):
    page = open_page(server.url + "playground/").page
    wait_cells(page)
    n = page.evaluate("window.lessonRunner.cells")
    for name in ("চালান", "থামান", "মূল কোড", "কপি"):
        assert page.get_by_role("button", name=name, exact=True).count() == n, name
    run = cell(page, 0).locator('[data-role="run"]')
    assert run.locator('[aria-hidden="true"]').inner_text() == "▶"
    snapshot = cell(page, 0).locator(".lr-toolbar").aria_snapshot()
    assert not re.search("[▶■↺⤒❐]", snapshot), snapshot
    status = cell(page, 0).locator('[data-role="status"]')
    assert status.get_attribute("role") == "status" and status.get_attribute("aria-live") == "polite"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_run_button_hover_and_focus_meet_wcag_aa(server, open_page, scheme):
    page = open_page(server.url + "playground/", color_scheme=scheme).page
    wait_cells(page)
    run = cell(page, 0).locator('[data-role="run"]')
    text_contrast = CONTRAST_JS + "el => contrast(channels(getComputedStyle(el).color), backgroundOf(el))"
    assert run.evaluate(text_contrast) >= 4.5
    run.hover()
    hovered = run.evaluate(text_contrast)
    assert hovered >= 4.5, hovered
    page.mouse.move(0, 0)
    # reach it with the keyboard, so :focus-visible applies
    cell(page, 0).locator(".cm-content").focus()
    page.keyboard.press("Escape")  # Tab indents inside the editor; Esc lets it move focus
    page.keyboard.press("Shift+Tab")
    for _ in range(8):
        if page.evaluate("document.activeElement.dataset.role") == "run":
            break
        page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.role") == "run"
    assert run.evaluate(text_contrast) >= 4.5
    ring = run.evaluate(
        CONTRAST_JS
        + "el => contrast(channels(getComputedStyle(el).outlineColor), backgroundOf(el.parentElement))"
    )
    assert run.evaluate("el => getComputedStyle(el).outlineStyle") == "solid"
    assert ring >= 3, ring  # non-text contrast of the focus ring against the toolbar


# ---------------------------------------------------------------- copy, print, search


def test_copy_button_copies_the_edited_code(server, open_page):
    s = open_page(server.url + "playground/", permissions=["clipboard-read", "clipboard-write"])
    page = s.page
    wait_cells(page)
    editor = cell(page, 0).locator(".cm-content")
    editor.click()
    page.keyboard.press("Control+End")
    page.keyboard.insert_text("\n# আমার লাইন")
    cell(page, 0).locator('[data-role="copy"]').click()
    page.wait_for_function(
        "document.querySelector('[data-cell=\"0\"] [data-role=copy]').textContent.includes('কপি হয়েছে')"
    )
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith('নাম = "পাঠক"') and copied.endswith("# আমার লাইন"), copied


def test_printing_hides_the_toolbars(server, open_page):
    page = open_page(server.url + "playground/").page
    wait_cells(page)
    toolbar = cell(page, 0).locator(".lr-toolbar")
    assert toolbar.is_visible()
    page.emulate_media(media="print")
    assert not toolbar.is_visible()
    assert cell(page, 0).locator(".cm-content").is_visible()  # the code itself prints
    page.emulate_media(media="screen")
    assert toolbar.is_visible()


@pytest.mark.parametrize("how", ["paste", "ime"])
def test_search_reacts_to_pasted_and_composed_input(server, open_page, how):
    page = open_page(server.url + "playground/").page
    wait_cells(page)
    query = page.locator("[data-md-component=search-query]")
    query.click(timeout=20000)
    if how == "paste":
        query.fill("গ্রেডিয়েন্ট")  # sets the value and fires input, as a mouse paste does: no keys
    else:
        query.evaluate(
            """el => {
            el.dispatchEvent(new CompositionEvent('compositionstart', {data: ''}));
            el.value = 'গ্রেডিয়েন্ট';
            el.dispatchEvent(new InputEvent('input', {data: el.value, isComposing: true}));
            el.dispatchEvent(new CompositionEvent('compositionend', {data: el.value, bubbles: true}));
        }"""
        )
    page.locator(".md-search-result__item").first.wait_for(timeout=20000)
    assert page.locator(".md-search-result__item").count() >= 1
