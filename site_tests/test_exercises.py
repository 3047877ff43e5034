"""Exercises in the browser: a passing check() marks the exercise as solved, on its heading
and in the navigation, and the browser remembers it across visits. None of them is about
Python's first start: each opens its pages in one profile that keeps the memory snapshot
(``open_warm``), where Python restores instead of starting cold."""

import pytest
from conftest import set_code, shot, wait_cells

LESSON = "lessons/04a-build-your-own-autograd/"
ANSWER = "from lessonkit import check\n\n\ndef pass_counts(n, m):\n    return 1, n\n\n\ncheck('4a.4', pass_counts)\n"


def _exercise_cell(page, exercise_id):
    sources = page.evaluate("[...document.querySelectorAll('.lr-cell')].map(c => c.dataset.src)")
    return next(i for i, src in enumerate(sources) if f'check("{exercise_id}"' in src)


def test_solved_exercise_is_marked_and_remembered(server, open_warm, numpy_in_site):
    s = open_warm(server.url + LESSON)
    page = s.page
    wait_cells(page)
    heading = page.locator("h3", has_text="অনুশীলন ৪ক.৪")
    nav_badge = page.locator("nav .md-nav__link--active .lr-solved-count").first
    assert heading.locator(".lr-solved-mark").count() == 0

    index = _exercise_cell(page, "4a.4")
    wrong = ANSWER.replace("return 1, n", "return m, n")  # the full Jacobian's counts
    set_code(page, index, wrong)
    result = page.evaluate(f"window.lessonRunner.run({index})")
    assert "❌" in result["stdout"], result
    assert heading.locator(".lr-solved-mark").count() == 0, "a wrong answer must not mark the exercise"

    set_code(page, index, ANSWER)
    result = page.evaluate(f"window.lessonRunner.run({index})")
    assert "✅" in result["stdout"], result
    heading.locator(".lr-solved-mark").wait_for()
    assert "4a.4" in page.evaluate("localStorage.getItem('pyautograd-lessons:solved:v1')")
    assert "✓ ১" in nav_badge.inner_text()
    assert page.locator("nav .lr-solved-count").count() == 1, "only the lesson's own link gets a count"
    shot(page, "exercise-solved", full_page=False)

    page.reload()
    wait_cells(page)
    assert page.locator("h3", has_text="অনুশীলন ৪ক.৪").locator(".lr-solved-mark").count() == 1
    assert page.locator("h3", has_text="অনুশীলন ৪ক.৩").locator(".lr-solved-mark").count() == 0
    assert "✓ ১" in page.locator(".lr-solved-count").first.inner_text()
    assert not s.errors, s.errors


LINEAR_BACKWARD = (
    "from lessonkit import check\n\n\n"
    "def linear_backward(X, W, delta):\n"
    "    return X.T @ delta, delta @ W.T, delta.sum(axis=0)\n\n\n"
    "check('7.5', linear_backward)\n"
)


def test_code_exercise_on_a_new_page_names_what_is_wrong(server, open_warm, numpy_in_site):
    """Lesson 7's linear_backward, judged on layers the page never shows: a db summed over
    the wrong axis is told its shape (and the hint), the right code marks the exercise."""
    s = open_warm(server.url + "lessons/07-matrix-backprop/")
    page = s.page
    wait_cells(page)
    heading = page.locator("h3", has_text="অনুশীলন ৭.৫")
    index = _exercise_cell(page, "7.5")

    set_code(page, index, LINEAR_BACKWARD.replace("axis=0", "axis=1"))
    result = page.evaluate(f"window.lessonRunner.run({index})")
    assert result["error"] is None, result
    assert "❌ এখনও মেলেনি: X 5×3, W 3×2 হলে db-এর আকার হওয়া উচিত (2,), কিন্তু পেলাম (5,)" in result["stdout"]
    assert "ইঙ্গিত:" in result["stdout"], result
    assert heading.locator(".lr-solved-mark").count() == 0

    set_code(page, index, LINEAR_BACKWARD)
    result = page.evaluate(f"window.lessonRunner.run({index})")
    assert "অনুশীলন ৭.৫: ✅ ঠিক হয়েছে!" in result["stdout"], result
    heading.locator(".lr-solved-mark").wait_for()
    assert "7.5" in page.evaluate("localStorage.getItem('pyautograd-lessons:solved:v1')")
    assert not s.errors, s.errors


def _code_exercises_by_page():
    """Every exercise judged on code (tests/exercise_answers.py, the answers the CPython checker
    tests use), grouped by its page: slug -> [(id, setup, right answer)], in id order."""
    from exercise_answers import CASES

    by_page = {}
    for ex_id, (page_file, setup, answers) in sorted(CASES.items()):
        by_page.setdefault(page_file.removesuffix(".md"), []).append((ex_id, setup, answers["right"]))
    return dict(sorted(by_page.items()))


CODE_EXERCISES = _code_exercises_by_page()


# One test per page, so the site-test processes can share the pages out (SPLIT_BY_TEST).
@pytest.mark.parametrize("slug", list(CODE_EXERCISES), ids=list(CODE_EXERCISES))
def test_every_code_exercise_accepts_its_right_answer_in_the_browser(server, open_warm, numpy_in_site, slug):
    """Every exercise judged on code passes in Pyodide too: on its page, after the page's cells
    ran, the right answer typed into the exercise cell prints ✅ and marks the heading solved."""
    exercises = CODE_EXERCISES[slug]
    s = open_warm(f"{server.url}lessons/{slug}/")
    page = s.page
    wait_cells(page)
    page.evaluate("window.lessonRunner.runAll()")  # the namespace the CPython tests answer in
    for ex_id, setup, right in exercises:
        index = _exercise_cell(page, ex_id)
        code = f"{right}\n{setup}\n\nfrom lessonkit import check\n\ncheck({ex_id!r}, answer)\n"
        set_code(page, index, code)
        result = page.evaluate(f"window.lessonRunner.run({index})")
        assert result["error"] is None and "✅" in result["stdout"], (ex_id, result)
        assert ex_id in page.evaluate("localStorage.getItem('pyautograd-lessons:solved:v1')"), ex_id
    # each solved exercise's heading on this page gets its mark
    page.wait_for_function(f"document.querySelectorAll('.lr-solved-mark').length >= {len(exercises)}")
    assert not s.errors, s.errors
