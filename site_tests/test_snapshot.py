"""Python's memory snapshot (runtime/src/snapshot.js): after one boot the site keeps the
started interpreter in the build's runtime cache; a reload restores it instead of starting
Python again, with fresh random numbers and a fresh namespace; a snapshot that cannot be
restored is dropped and Python starts normally. Plain-Python cells (the playground's) run
with or without NumPy's wheel; the pyautograd check after a restore needs the wheel.
"""

from conftest import PageSession, output_text, run_and_wait, set_code, wait_cells
from test_boot_share import NUMPY_FROM_BYTECODE

SNAPSHOT = "assets/runtime/pyodide/memory-snapshot.bin"

HAS_SNAPSHOT_JS = (
    """([cache, url]) => caches.open(cache).then((c) => c.match(url)).then((r) => r !== undefined)"""
)


def _open(browser, server, offline_fallback):
    session = PageSession(browser, server.url.rstrip("/"), allow=offline_fallback)
    session.page.goto(server.url + "playground/")
    wait_cells(session.page)
    return session


def _reload(page):
    page.reload()
    wait_cells(page)


def _steps(page):
    return [step for step, _ in page.evaluate("window.lessonRunner.bootTimeline")]


def _random_number(page, last):
    set_code(page, last, "import random\nprint(random.random())")
    run_and_wait(page, last)
    return output_text(page, last).strip()


def test_reload_restores_python_from_the_snapshot(browser, server, offline_fallback, manifest):
    session = _open(browser, server, offline_fallback)
    page = session.page
    cache = f"lr-runtime-{manifest['build']}"
    try:
        last = page.evaluate("window.lessonRunner.cells") - 1
        run_and_wait(page, 0)
        assert page.evaluate("window.lessonRunner.pythonStart") == "started"
        # a first visit does not ask Cache Storage for a snapshot (snapshot-hint.js)
        assert "no snapshot" not in _steps(page), _steps(page)
        set_code(page, last, "left_here = 1")
        run_and_wait(page, last)
        page.evaluate("window.lessonRunner.offlineReady()")  # takes the snapshot too
        assert page.evaluate(HAS_SNAPSHOT_JS, [cache, server.url + SNAPSHOT])

        numbers = []
        for _ in range(2):
            _reload(page)
            run_and_wait(page, 0)
            assert page.evaluate("window.lessonRunner.pythonStart") == "restored"
            assert "নমস্কার" in output_text(page, 0)
            numbers.append(_random_number(page, last))
        # every restore starts from the same memory: without a reseed both would be equal
        assert numbers[0] != numbers[1], numbers
        set_code(page, last, "print('left_here' in dir())")
        run_and_wait(page, last)
        assert output_text(page, last).strip() == "False"

        if manifest["numpy"]["local"]:
            set_code(
                page,
                last,
                "import pyautograd as torch\nx = torch.tensor([1.0, 2.0], requires_grad=True)\n"
                "(x * x).sum().backward()\nprint(x.grad)",
            )
            run_and_wait(page, last)
            assert output_text(page, last).strip() == "tensor([2., 4.])"
            set_code(page, last, NUMPY_FROM_BYTECODE)  # NumPy after a restore: from our pycs too
            run_and_wait(page, last)
            assert output_text(page, last).strip() == "True [1]"
        assert not session.errors, session.errors
    finally:
        session.close()


def test_a_snapshot_that_cannot_be_restored_is_dropped(browser, server, offline_fallback, manifest):
    session = _open(browser, server, offline_fallback)
    page = session.page
    cache = f"lr-runtime-{manifest['build']}"
    url = server.url + SNAPSHOT
    try:
        page.evaluate("window.lessonRunner.offlineReady()")
        assert page.evaluate(HAS_SNAPSHOT_JS, [cache, url])
        page.evaluate(
            """([cache, url]) => caches.open(cache)
                 .then((c) => c.put(url, new Response(new Uint8Array(4096).fill(7))))""",
            [cache, url],
        )
        _reload(page)
        run_and_wait(page, 0)
        assert "নমস্কার" in output_text(page, 0)
        assert page.evaluate("window.lessonRunner.pythonStart") == "started"
        assert not page.evaluate(HAS_SNAPSHOT_JS, [cache, url])
        _reload(page)  # the page stored one before, so the worker looks, finds none, starts
        run_and_wait(page, 0)
        assert page.evaluate("window.lessonRunner.pythonStart") == "started"
        assert "no snapshot" in _steps(page), _steps(page)
        assert not session.errors, session.errors
    finally:
        session.close()
