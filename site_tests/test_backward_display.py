"""The backward-pass step-through (lessonkit.show_backward) in a real browser: buttons and
arrow keys, the text version of every step, a shared input's accumulation, dark mode and a
375 px phone, where a wide graph scrolls inside its figure instead of widening the page; after a
click on a button the arrow keys scroll the page, and focus never falls to <body>. Lesson 7's
matrix layer: shapes on the nodes, and no gradient on a node before the step that sends it.
Each test opens its own page in one profile that keeps the memory snapshot (``open_warm``):
none of them is about Python's first start."""

from conftest import shot, wait_cells

LESSON = "lessons/04a-build-your-own-autograd/"


def _open_stepper(open_warm, server, lesson=LESSON, **page_args):
    s = open_warm(server.url + lesson, **page_args)
    page = s.page
    wait_cells(page)
    sources = page.evaluate("[...document.querySelectorAll('.lr-cell')].map(c => c.dataset.src)")
    index = next(i for i, src in enumerate(sources) if "show_backward(" in src)
    # the cells before it make the tensors it draws (one by one: each uses the last)
    for earlier in range(index if lesson != LESSON else 0):
        page.evaluate(f"window.lessonRunner.run({earlier})")
    result = page.evaluate(f"window.lessonRunner.run({index})")
    assert result["error"] is None, result
    stepper = page.locator(".lr-bw").first
    stepper.wait_for()
    return s, page, stepper


def test_keyboard_and_buttons_step_through_the_backward_pass(server, open_warm, numpy_in_site):
    s, page, stepper = _open_stepper(open_warm, server)
    counter = stepper.locator(".lr-bw-counter")
    now = stepper.locator(".lr-bw-now")
    assert counter.inner_text() == "ধাপ ১ / ৫"
    assert "শুরু মূল থেকে" in now.inner_text()
    assert stepper.locator(".lr-bw-current").count() == 1
    assert stepper.get_by_role("button", name="আগের ধাপ").is_disabled()

    stepper.focus()
    page.keyboard.press("ArrowRight")
    assert counter.inner_text() == "ধাপ ২ / ৫"
    assert "1.0 × 3.0 = 3.0" in now.inner_text()  # upstream × local = contribution
    assert stepper.locator(".lr-bw-active").count() == 2  # the two edges it sends along
    page.keyboard.press("ArrowLeft")
    assert counter.inner_text() == "ধাপ ১ / ৫"
    page.keyboard.press("End")
    assert counter.inner_text() == "ধাপ ৫ / ৫"
    assert stepper.get_by_role("button", name="পরের ধাপ").is_disabled()
    assert stepper.locator(".lr-bw-done").count() == 4
    page.keyboard.press("Home")
    stepper.get_by_role("button", name="পরের ধাপ").click()
    assert counter.inner_text() == "ধাপ ২ / ৫"
    assert now.get_attribute("aria-live") == "polite"
    shot(page, "backward-stepper", full_page=False)
    assert not s.errors, s.errors


def _grad_line(stepper, name):
    """The last line drawn in the node whose first line is ``name``: its gradient line."""
    return stepper.locator(".lr-bw-graph svg g.node").evaluate_all(
        """(nodes, name) => {
            const node = nodes.find((g) => g.querySelector("text")?.textContent === name);
            const texts = node.querySelectorAll("text");
            return texts[texts.length - 1].textContent;
        }""",
        name,
    )


def test_gradients_arrive_step_by_step_on_the_nodes(server, open_warm, numpy_in_site):
    """x is used twice: at step 1 it shows no gradient, at step 2 the 3.0 that has arrived
    (with more to come), and 7.0 only once both paths have sent theirs; stepping back undoes it."""
    s, page, stepper = _open_stepper(open_warm, server)
    assert _grad_line(stepper, "x") == ""
    assert "7.0" not in stepper.locator(".lr-bw-graph svg").text_content()
    stepper.focus()
    page.keyboard.press("ArrowRight")
    assert _grad_line(stepper, "x") == "grad=3.0, আরও আসছে"
    assert _grad_line(stepper, "y") == "grad=2.0"
    page.keyboard.press("ArrowRight")
    assert _grad_line(stepper, "x") == "grad=7.0"
    page.keyboard.press("Home")
    assert _grad_line(stepper, "x") == "" and _grad_line(stepper, "y") == ""
    assert not s.errors, s.errors


def test_every_step_has_a_text_version_and_the_shared_input_adds_up(server, open_warm, numpy_in_site):
    s, page, stepper = _open_stepper(open_warm, server)
    items = stepper.locator(".lr-bw-list li")
    assert items.count() == 5
    texts = items.all_inner_texts()
    assert any("x-এ জমা 3.0 + 2.0 = 5.0" in t and "x-এ জমা 5.0 + 2.0 = 7.0" in t for t in texts), texts
    assert texts[-1].startswith("x: সব পথ থেকে মোট জমা হলো 7.0")
    # hidden from sight (not from screen readers) until the reader asks for it
    assert stepper.locator(".lr-bw-list").bounding_box()["height"] <= 1
    toggle = stepper.get_by_role("button", name="সব ধাপ লেখায় দেখুন")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert stepper.locator(".lr-bw-list").bounding_box()["height"] > 40
    page.emulate_media(media="print")
    assert stepper.locator(".lr-bw-controls").is_hidden()
    assert stepper.locator(".lr-bw-list").is_visible()
    assert not s.errors, s.errors


def test_dark_mode_and_phone_width(server, open_warm, numpy_in_site):
    s, page, stepper = _open_stepper(
        open_warm, server, viewport={"width": 375, "height": 740}, color_scheme="dark"
    )
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"
    svg_filter = stepper.locator(".lr-bw-graph svg").evaluate("el => getComputedStyle(el).filter")
    assert "invert" in svg_filter
    graph = stepper.locator(".lr-bw-graph")
    box = stepper.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375 + 1
    overflow = graph.evaluate("el => [el.scrollWidth, el.clientWidth, getComputedStyle(el).overflowX]")
    assert overflow[2] == "auto"
    assert overflow[0] > overflow[1], "the graph should scroll inside its figure on a phone"
    assert page.evaluate("document.documentElement.scrollWidth") <= 376, (
        "the page itself must not scroll sideways"
    )
    stepper.get_by_role("button", name="পরের ধাপ").click()
    assert stepper.locator(".lr-bw-counter").inner_text() == "ধাপ ২ / ৫"
    shot(page, "backward-stepper-phone-dark", full_page=False)
    assert not s.errors, s.errors


def test_after_a_click_arrow_keys_scroll_and_focus_stays_on_a_button(server, open_warm, numpy_in_site):
    s, page, stepper = _open_stepper(open_warm, server)
    counter = stepper.locator(".lr-bw-counter")
    next_button = stepper.get_by_role("button", name="পরের ধাপ")
    next_button.click()
    assert counter.inner_text() == "ধাপ ২ / ৫"
    # focus is on the button, not the step-through: the arrow keys are the page's again
    for key in ("ArrowDown", "ArrowUp", "ArrowRight", "ArrowLeft"):
        page.keyboard.press(key)
        assert counter.inner_text() == "ধাপ ২ / ৫", key
    for _ in range(3):
        next_button.click()
    assert counter.inner_text() == "ধাপ ৫ / ৫"
    assert next_button.is_disabled()
    # the disabled button cannot keep focus; it goes to the other one, not to <body>
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "আগের ধাপ"
    page.keyboard.press("Enter")
    assert counter.inner_text() == "ধাপ ৪ / ৫"
    assert not s.errors, s.errors


MATRIX_LESSON = "lessons/07-matrix-backprop/"
# lesson 7's Y = XW + b, L = mean(Y²): the step (from 0) at which each node's gradient is
# complete, read off the graph (L → ** → Y → XW and b → X and W), and the finals of the leaves
# as the page's own expected block prints them (W and X: 6 numbers, so their first row)
ARRIVES = {"L": 0, "**": 0, "Y": 1, "XW": 2, "b": 2, "X": 3, "W": 3}
LEAF_FINALS = {"W": "grad=[[1.55, -1.1], …]", "X": "grad=[[1.875, 1.55, -1.875], …]", "b": "grad=[1.6, -0.2]"}


def _node_lines(stepper):
    """Each node's drawn lines, keyed by its name (the first line up to the node's kind)."""
    return stepper.locator(".lr-bw-graph svg g.node").evaluate_all(
        """(nodes) => Object.fromEntries(nodes.map((g) => {
            const lines = [...g.querySelectorAll("text")].map((t) => t.textContent);
            return [lines[0].split(/\\s+\\[/)[0], lines];
        }))"""
    )


def test_matrix_gradients_never_show_before_they_arrive(server, open_warm, numpy_in_site):
    """Stepping with the arrow keys through lesson 7's layer: every node is blank before the
    step that completes its gradient and shows its final line from then on; the leaves' finals
    are the numbers the page's next cell prints as .grad; the shapes are on the nodes."""
    s, page, stepper = _open_stepper(open_warm, server, lesson=MATRIX_LESSON)
    counter = stepper.locator(".lr-bw-counter")
    assert counter.inner_text() == "ধাপ ১ / ৭"
    stepper.focus()
    page.keyboard.press("End")
    finals = {name: lines[-1] for name, lines in _node_lines(stepper).items()}
    assert set(finals) == set(ARRIVES), finals
    assert {name: finals[name] for name in LEAF_FINALS} == LEAF_FINALS
    page.keyboard.press("Home")
    for step in range(7):
        assert counter.inner_text() == f"ধাপ {'১২৩৪৫৬৭'[step]} / ৭"
        shown = {name: lines[-1] for name, lines in _node_lines(stepper).items()}
        for name, line in shown.items():
            if step < ARRIVES[name]:
                assert line == "", f"step {step + 1}: {name} shows {line!r} before its gradient arrives"
            else:
                assert line == finals[name], f"step {step + 1}: {name} shows {line!r}"
        page.keyboard.press("ArrowRight")
    lines = _node_lines(stepper)
    assert lines["W"][1] == "shape=(3, 2)" and lines["X"][1] == "shape=(2, 3)"
    assert lines["b"][1:3] == ["shape=(2,)", "value=[0.1, -0.2]"]
    assert lines["XW"][1] == "shape=(2, 2)" and lines["**"][1] == "shape=(2, 2)"
    texts = stepper.locator(".lr-bw-list li").all_inner_texts()
    assert "grad_W = Xᵀ · grad_XW, আকারে (2, 3)ᵀ · (2, 2) → (3, 2)" in texts[3]
    assert "grad_X = grad_XW · Wᵀ, আকারে (2, 2) · (3, 2)ᵀ → (2, 3)" in texts[3]
    assert "(2, 2) → (2,) = [1.6, -0.2]" in texts[2]  # the bias: the batch summed back to its shape
    assert not s.errors, s.errors


def test_matrix_stepper_fits_a_phone(server, open_warm, numpy_in_site):
    """At 375 px the matrix graph scrolls inside its own box; neither the graph nor the long
    sentences of the steps widen the page, at any step."""
    s, page, stepper = _open_stepper(
        open_warm, server, lesson=MATRIX_LESSON, viewport={"width": 375, "height": 740}
    )
    graph = stepper.locator(".lr-bw-graph")
    assert graph.evaluate("el => getComputedStyle(el).overflowX") == "auto"
    next_button = stepper.get_by_role("button", name="পরের ধাপ")
    for step in range(7):
        box = stepper.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375 + 1, step
        assert page.evaluate("document.documentElement.scrollWidth") <= 376, (
            f"step {step + 1} widens the page"
        )
        now = stepper.locator(".lr-bw-now").evaluate("el => [el.scrollWidth, el.clientWidth]")
        assert now[0] <= now[1] + 1, f"step {step + 1}: the sentence overflows its line"
        if step < 6:
            next_button.click()
    shot(page, "backward-stepper-matrix-phone", full_page=False)
    assert not s.errors, s.errors
