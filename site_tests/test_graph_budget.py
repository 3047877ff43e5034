"""Drawing a graph never freezes the page (runtime/src/graph.js, graph-worker.js).

Graphviz lays graphs out in a worker of its own, ended when a layout takes too long, and a
graph over the node budget is not laid out at all: the reader gets a Bengali note with the
graph's size and what it is mostly made of. ``s = s + x`` 200 times made a graph whose
layout held the page's main thread for more than ten minutes. A layout still running shows
a Stop, which ends Graphviz's worker at once.

Not about Python's start: the pages open in the returning reader's profile (``open_warm``),
where Python restores.
"""

from __future__ import annotations

from conftest import cell, set_code, wait_cells

LONG_CHAIN = """import pyautograd as torch
from lessonkit import show
x = torch.tensor(1.0, requires_grad=True)
s = x
for _ in range(200):
    s = s + x
show(s)
"""
PROBE_MS = 5000  # the page answers within this while the graph is being dealt with
OUTCOME = (
    "[data-cell='0'] .lr-out-display-dot :is(svg, [data-role=graph-too-big], [data-role=graph-too-slow])"
)


def test_a_200_step_graph_leaves_the_page_responsive_and_says_why_it_is_not_drawn(
    server, open_warm, numpy_in_site
):
    session = open_warm(server.url + "playground/")
    page = session.page
    try:
        wait_cells(page)
        page.evaluate("window.lessonRunner.ready()")
        set_code(page, 0, LONG_CHAIN)
        page.evaluate("window.lessonRunner.run(0)")  # resolves when the cell's run is over
        for _ in range(60):
            # the main thread answers (a frame is drawn) within the bound, the whole time
            page.wait_for_function("() => true", polling="raf", timeout=PROBE_MS)
            if page.locator(OUTCOME).count():
                break
            page.wait_for_timeout(500)
        outcome = page.locator(OUTCOME)
        assert outcome.count() == 1, "neither a picture nor a note"
        note = cell(page, 0).locator(".lr-out-display-dot").inner_text()
        assert outcome.evaluate("el => el.dataset.role") == "graph-too-big", note
        assert "২০২টি নোড" in note and "AddBackward0" in note and "২০০" in note, note
        assert not session.errors, session.errors
    finally:
        session.close()


def chain(steps):
    return LONG_CHAIN.replace("range(200)", f"range({steps})")


def test_stop_ends_a_running_layout_and_the_next_graph_draws(server, open_warm, numpy_in_site):
    graph_workers = []

    def watch(page):
        page.on(
            "worker",
            lambda w: "graph-worker" in w.url and graph_workers.append({"worker": w, "closed": False}),
        )

    session = open_warm(server.url + "playground/", before_goto=watch)
    page = session.page
    try:
        wait_cells(page)
        page.evaluate("window.lessonRunner.ready()")
        set_code(page, 0, chain(130))  # under the node budget: Graphviz takes many seconds
        page.evaluate("window.lessonRunner.run(0)")
        figure = cell(page, 0).locator(".lr-out-display-dot")
        stop = figure.locator("[data-role=graph-stop]")
        stop.wait_for()
        assert "সাজাচ্ছে" in figure.inner_text()
        running = graph_workers[-1]
        running["worker"].on("close", lambda _: running.update(closed=True))
        stop.click()
        figure.locator("[data-role=graph-stopped]").wait_for()
        assert "থামানো হয়েছে" in figure.inner_text()
        assert figure.locator("svg").count() == 0
        for _ in range(100):  # the worker that was laying it out is ended
            if running["closed"]:
                break
            page.wait_for_timeout(100)
        assert running["closed"], "Stop left Graphviz's worker running"
        # a small graph draws next, in a new worker
        set_code(page, 0, chain(3))
        page.evaluate("window.lessonRunner.run(0)")
        figure.locator("svg").wait_for()
        assert not session.errors, session.errors
    finally:
        session.close()
