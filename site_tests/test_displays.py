"""The pictures lessonkit draws in the page: image grids, decision boundaries, figures updated
in place while a cell runs, light and dark mode, a 375 px phone, and bad input.

The cells use plain lists (no NumPy), so these tests run with or without NumPy's wheel.
"""

import pytest
from conftest import (
    ARTIFACTS,
    PageSession,
    WarmPage,
    cell,
    output_text,
    reset_warm_storage,
    run_and_wait,
    set_code,
    wait_cells,
)

SCRATCH = -1

PICTURES = """
from lessonkit import images, boundary
digit = [[0, 4, 8, 4], [0, 0, 8, 0], [0, 0, 8, 0], [0, 8, 8, 8]]
images([digit, [[8 - v for v in row] for row in digit], [[0] * 4] * 4], labels=["এক", "উল্টো", "ফাঁকা"],
       title="তিনটি ছবি")
probs = [[min(1.0, max(0.0, (x - y) / 20 + 0.5)) for x in range(20)] for y in range(20)]
boundary(probs, (0, 1, 0, 1), points=[[0.2, 0.8], [0.8, 0.2]], classes=[0, 1], title="সীমানা")
"""


@pytest.fixture(scope="module")
def booted(warm_context, server):
    """The playground in the returning reader's profile (Python restores: these tests are
    about drawing, not Python's start)."""
    reset_warm_storage(warm_context, server)
    foreign_before = len(warm_context.foreign)
    warm = WarmPage(warm_context, server.url + "playground/")
    page = warm.page
    wait_cells(page)
    yield page, page.evaluate("window.lessonRunner.cells") + SCRATCH
    warm.close()
    foreign = warm_context.foreign[foreign_before:]
    assert not foreign, f"requests left the site's origin: {foreign}"


def shot_output(page, index, name):
    """Screenshot of one cell's output only (the figures), for the closing note."""
    ARTIFACTS.mkdir(exist_ok=True)
    cell(page, index).locator('[data-role="output"]').screenshot(path=str(ARTIFACTS / f"{name}.png"))


def pixel(page, index, selector, x, y):
    """RGB of one canvas pixel (x, y as fractions of the canvas) inside cell ``index``'s output."""
    return page.evaluate(
        """([i, sel, fx, fy]) => {
             const c = document.querySelector(`[data-cell="${i}"] ${sel}`);
             const px = c.getContext("2d").getImageData(Math.floor(fx * (c.width - 1)),
                                                        Math.floor(fy * (c.height - 1)), 1, 1).data;
             return [px[0], px[1], px[2]]; }""",
        [index, selector, x, y],
    )


def test_image_grid_and_boundary_are_drawn(booted, numpy_in_site):
    page, i = booted
    set_code(page, i, PICTURES)
    run_and_wait(page, i)
    out = cell(page, i).locator('[data-role="output"]')
    grid = out.locator(".lr-out-display-images")
    grid.locator("canvas").nth(2).wait_for()  # figures draw after the run ends (lazy renderers)
    assert grid.locator("canvas").count() == 3
    assert grid.locator(".lr-image-label").all_inner_texts() == ["এক", "উল্টো", "ফাঁকা"]
    # each label is said once: by the picture, not again by its caption
    assert grid.locator('canvas[role="img"]').evaluate_all(
        "cs => cs.map((c) => c.getAttribute('aria-label'))"
    ) == [
        "এক",
        "উল্টো",
        "ফাঁকা",
    ]
    assert grid.locator('.lr-image-label[aria-hidden="true"]').count() == 3
    assert grid.locator(".lr-figure-title").inner_text() == "তিনটি ছবি"
    canvas = out.locator(".lr-out-display-boundary canvas")
    assert out.locator(".lr-out-display-boundary").get_attribute("aria-label") == "সীমানা"
    assert canvas.get_attribute("aria-label") == "সিদ্ধান্তের সীমানা"  # what it is; the title names the figure
    assert page.evaluate(f'document.querySelector(`[data-cell="{i}"] .lr-boundary`).width') >= 120
    # light theme: value 0 is the paper (light), the largest value is the ink (dark)
    assert sum(pixel(page, i, ".lr-image canvas", 0, 0)) > 600
    assert sum(pixel(page, i, ".lr-image canvas", 0.67, 0)) < 200
    # the boundary: P(class 1) is high bottom-right, low top-left; the two tints differ
    right, left = pixel(page, i, ".lr-boundary", 0.98, 0.98), pixel(page, i, ".lr-boundary", 0.02, 0.02)
    assert right[0] > right[2] and left[2] > left[0], (right, left)
    shot_output(page, i, "display-images-boundary")


def test_dark_mode_redraws_with_the_theme(booted, numpy_in_site):
    page, i = booted
    set_code(page, i, PICTURES)
    run_and_wait(page, i)
    light = pixel(page, i, ".lr-image canvas", 0, 0)
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    try:
        page.wait_for_function(
            f"""() => {{ const c = document.querySelector('[data-cell="{i}"] .lr-image canvas');
                        const p = c.getContext('2d').getImageData(0, 0, 1, 1).data;
                        return p[0] + p[1] + p[2] < 200; }}"""
        )
        dark = pixel(page, i, ".lr-image canvas", 0, 0)
        ink = pixel(page, i, ".lr-image canvas", 0.67, 0)
        assert sum(light) > 600 and sum(dark) < 200 and sum(ink) > 400, (light, dark, ink)
        shot_output(page, i, "display-dark-mode")
    finally:
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")


def test_a_figure_updates_in_place_while_the_cell_runs(booted):
    page, i = booted
    set_code(
        page,
        i,
        "import time\nfrom lessonkit import plot, boundary\nlosses = []\n"
        "for step in range(40):\n"
        "    losses.append(1 / (step + 1))\n"
        "    plot(losses, key='loss', title=f'ধাপ {step}')\n"
        "    boundary([[step / 39, 1 - step / 39]], (0, 1, 0, 1), key='b')\n"
        "    time.sleep(0.05)\n"
        "print('শেষ')",
    )
    c = cell(page, i)
    c.locator('[data-role="run"]').click()
    # while the loop still runs, the one loss figure has already been redrawn
    page.wait_for_function(
        f"""() => {{ const c = document.querySelector('[data-cell="{i}"]');
                    const f = c.querySelector('.lr-out-display-plot');
                    return c.dataset.state === 'running' && f && Number(f.dataset.draws) >= 2; }}""",
        timeout=120_000,
    )
    page.wait_for_function(f"""() => document.querySelector('[data-cell="{i}"]').dataset.state === 'done'""")
    out = c.locator('[data-role="output"]')
    assert out.locator(".lr-out-display-plot").count() == 1
    assert out.locator(".lr-out-display-boundary").count() == 1
    draws = int(out.locator(".lr-out-display-plot").get_attribute("data-draws"))
    assert 2 <= draws <= 40, draws  # updates are thinned, never one figure per step
    # the last update is never lost: the title and the field show step 39
    page.wait_for_function(
        f"""() => document.querySelector('[data-cell="{i}"] .lr-out-display-plot .lr-figure-title')
                    .textContent === 'ধাপ 39'"""
    )
    left = pixel(page, i, ".lr-boundary", 0.1, 0.5)
    assert left[0] > left[2], left  # probability 1 (class-1 tint) at the left after the last step
    assert output_text(page, i).strip().endswith("শেষ")
    shot_output(page, i, "display-in-place")


GROWING = """
from lessonkit import plot, boundary
losses = []
for epoch in range(1, 13):
    losses.append(1 / epoch)
    plot(None, x=list(range(1, epoch + 1)), series={"লস": losses, "নির্ভুলতা": [1 - v for v in losses]},
         title="প্রতি ইপকে লস আর নির্ভুলতা", xlabel="ইপক", key="curves")
    boundary([[epoch / 12, 1 - epoch / 12]], (0, 1, 0, 1), points=[[0.2, 0.5]], classes=[1],
             title=f"ধাপ {epoch * 20}: লস {1 / epoch:.3f}", key="moons")
"""


def figure_titles_said_more_than_once(page, scope):
    """Figures under ``scope`` whose title is not shown exactly once and said exactly once
    (the accessibility tree a screen reader reads): "title (shown n, said m)" for each.
    Figures out of sight (in a tab not selected) are left out: they are neither."""
    figures = page.locator(f'{scope} [role="figure"][aria-label]')
    problems = []
    for k in range(figures.count()):
        figure = figures.nth(k)
        if not figure.is_visible():
            continue
        title = figure.get_attribute("aria-label")
        shown, said = figure.inner_text().count(title), figure.aria_snapshot().count(title)
        if (shown, said) != (1, 1) or figure.locator(".u-title").count():
            problems.append(f"{title} (shown {shown}, said {said})")
    return problems


def test_a_growing_chart_and_an_updated_figure_give_their_title_once(booted):
    """Lessons 8-9's growing loss/accuracy chart and the boundary redrawn in place: one title
    each, to the eye and to a screen reader, in light and in dark mode."""
    page, i = booted
    set_code(page, i, GROWING)
    run_and_wait(page, i)
    scope = f'[data-cell="{i}"] [data-role="output"]'
    page.wait_for_function(
        f"""() => [...document.querySelectorAll('{scope} .lr-figure-title')].map(e => e.textContent)
                    .includes('ধাপ 240: লস 0.083')"""
    )
    assert page.locator(f"{scope} [role='figure']").count() == 2
    assert figure_titles_said_more_than_once(page, scope) == []
    page.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
    try:
        page.wait_for_function(f'() => document.querySelector(`{scope} [data-scheme="slate"]`)')
        assert figure_titles_said_more_than_once(page, scope) == []
    finally:
        page.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")


def test_bad_input_gives_a_bengali_message(booted):
    page, i = booted
    set_code(page, i, "from lessonkit import images\nimages([[[1.0, float('nan')], [0.0, 1.0]]])")
    run_and_wait(page, i)
    text = output_text(page, i)
    assert "ValueError: ছবি 0, ঘর (0, 1): মানটি NaN" in text, text
    set_code(page, i, "from lessonkit import boundary\nboundary([0.1, 0.9], (0, 1, 0, 1))")
    run_and_wait(page, i)
    assert "২-মাত্রার (সারি × কলাম) অ্যারে হতে হবে" in output_text(page, i)
    # a message that bypasses Python's checks is refused by the renderer, also in Bengali
    set_code(
        page,
        i,
        "from lessonkit.display import send\nsend({'kind': 'images', 'images': [{'w': 2, 'h': 2, 'pixels': [1]}]})",
    )
    run_and_wait(page, i)
    page.wait_for_function(
        f"""() => document.querySelector('[data-cell="{i}"] .lr-out-display-images')
                    ?.textContent.includes('ছবি আঁকা গেল না')"""
    )
    assert "মাপ আর পিক্সেলের সংখ্যা মেলে না" in output_text(page, i)
    shot_output(page, i, "display-bad-input")


def test_pictures_fit_a_375px_phone(browser, server, offline_fallback):
    session = PageSession(
        browser, server.url.rstrip("/"), allow=offline_fallback, viewport={"width": 375, "height": 740}
    )
    page = session.page
    try:
        page.goto(server.url + "playground/")
        wait_cells(page)
        i = page.evaluate("window.lessonRunner.cells") + SCRATCH
        many = "images([[[(r * c + k) % 9 for c in range(8)] for r in range(8)] for k in range(40)])\n"
        set_code(page, i, PICTURES + many + "from lessonkit import plot\nplot([3, 2, 1], title='লস')")
        run_and_wait(page, i)
        out = cell(page, i).locator('[data-role="output"]')
        assert out.locator(".lr-out-display-images").count() == 2
        out.locator(".lr-out-display-plot canvas").first.wait_for()
        assert page.evaluate("document.documentElement.scrollWidth") <= 375
        for selector in (".lr-out-display-images", ".lr-boundary", ".lr-out-display-plot"):
            for box in (b.bounding_box() for b in out.locator(selector).all()):
                assert box["x"] >= 0 and box["x"] + box["width"] <= 375, (selector, box)
        tile = out.locator(".lr-image canvas").first.bounding_box()
        assert tile["width"] >= 30  # the small images are scaled up, not left at 8 px
        shot_output(page, i, "display-phone-375")
        assert not session.foreign, session.foreign
    finally:
        session.close()
