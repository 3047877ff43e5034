"""The backward-pass step-through (lessonkit.show_backward) in a real browser: buttons and
arrow keys, the text version of every step, a shared input's accumulation, dark mode and a
375 px phone, where a wide graph scrolls inside its figure instead of widening the page; after a
click on a button the arrow keys scroll the page, and focus never falls to <body>."""

from conftest import shot, wait_cells

LESSON = "lessons/04a-build-your-own-autograd/"


def _open_stepper(open_page, server, **context_args):
    s = open_page(server.url + LESSON, **context_args)
    page = s.page
    wait_cells(page)
    sources = page.evaluate("[...document.querySelectorAll('.lr-cell')].map(c => c.dataset.src)")
    index = next(i for i, src in enumerate(sources) if "show_backward(" in src)
    result = page.evaluate(f"window.lessonRunner.run({index})")
    assert result["error"] is None, result
    stepper = page.locator(".lr-bw").first
    stepper.wait_for()
    return s, page, stepper


def test_keyboard_and_buttons_step_through_the_backward_pass(server, open_page, numpy_in_site):
    s, page, stepper = _open_stepper(open_page, server)
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


def test_gradients_arrive_step_by_step_on_the_nodes(server, open_page, numpy_in_site):
    """x is used twice: at step 1 it shows no gradient, at step 2 the 3.0 that has arrived
    (with more to come), and 7.0 only once both paths have sent theirs; stepping back undoes it."""
    s, page, stepper = _open_stepper(open_page, server)
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


def test_every_step_has_a_text_version_and_the_shared_input_adds_up(server, open_page, numpy_in_site):
    s, page, stepper = _open_stepper(open_page, server)
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


def test_dark_mode_and_phone_width(server, open_page, numpy_in_site):
    s, page, stepper = _open_stepper(
        open_page, server, viewport={"width": 375, "height": 740}, color_scheme="dark"
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


def test_after_a_click_arrow_keys_scroll_and_focus_stays_on_a_button(server, open_page, numpy_in_site):
    s, page, stepper = _open_stepper(open_page, server)
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
