"""Exercises whose answer is code: every checker accepts a right answer, rejects a wrong one
with its hint, reports an answer that raises as the reader's error, and says "not answered
yet" for the page's own ``...`` stub.

Answers are source text run in the lesson page's namespace (after all its cells ran), the
way a reader types them into the exercise cell; so the checks run against the page's own
``Value`` engine, not a copy.
"""

import io
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from doc_cells import REPO_ROOT, RUNTIME_PYTHON, parse_cells, run_page  # noqa: E402

sys.path.insert(0, str(RUNTIME_PYTHON))

LESSONS = REPO_ROOT / "docs" / "lessons"

from exercise_answers import CASES  # noqa: E402  (shared with the browser test)

# exercise id -> what the judge's own reason (lessonkit.exercises.Mismatch) must say about
# the "wrong" answer above, before the general hint: where it went wrong, in Bengali
WRONG_SAYS = {
    "17.4": "গ্রেডিয়েন্ট একটুও ছাঁটা হয়নি: হুক কি নতুন গ্রেডিয়েন্ট ফেরত দিচ্ছে?",
    "15.5": "আউটপুটে, কিন্তু আপনার উত্তর",
    "14.4": "শুধু জ্যাকোবিয়ানের কর্ণটুকু এসেছে",
    "4a.5": "কিন্তু পাতার গ্রেডিয়েন্ট মেলেনি",
    "4.5": "আউটপুট হলে জ্যাকোবিয়ানের আকার হওয়া উচিত",
    "4.3": "সব ট্যানজেন্ট 1 ধরলে যা আসে",
    "6.5": "ধাপ 1-এর শেষে গ্রেডিয়েন্ট শূন্য হয়নি",
    "7.5": "db-এর আকার হওয়া উচিত (2,), কিন্তু পেলাম (5,)",
    "8.6": "পুরোনো গ্রেডিয়েন্ট মোছা হয়নি",
    "8.5": "আদর্শ বিচ্যুতি পেলাম 0.0783, চাই প্রায় 0.2000",
    "9.6": "চরম লজিটে (যেমন ±1000) ফলে inf বা nan এসেছে",
    "9.5": "নির্ভুলতা পেলাম 0.1680, হওয়া উচিত 0.2039",
    "10.4": "ধাপ 4-এ লস বেড়ে গেল",
    "11.1": "শুধু ওজনগুলো গোনা হয়েছে, বায়াস বাদ পড়েছে",
    "11.2": "ধাপ 1 ঠিক ছিল, কিন্তু ধাপ 2-এর পরে প্যারামিটার মেলেনি",
    "11.3": "এ OverflowError: কোথাও e-এর সূচক খুব বড় হয়ে গেছে",
    "12.2": "b.grad-এর আকার হওয়া উচিত (4, 1), কিন্তু পেলাম (4, 3)",
    "12.3": "বার, কিন্তু তার গ্রেডিয়েন্টে এসেছে শুধু একবারের অবদান",
    "13.2": "ধাপ 1 ঠিক ছিল, কিন্তু ধাপ 2-এ মেলেনি",
    "13.3": "বড় লজিটে আউটপুটে inf বা nan এসেছে",
    "16.3": "10-32-1 নেটওয়ার্কে ব্যাচ 1024: হিসাবে পেলাম 356352 বাইট, মেপে দেখা গেল 177536 বাইট",
    "17.2": "x-এর ওপর add_, mul_, clamp_ চালালে x-এর গণক বাড়ে 3, কিন্তু পেলাম 5",
}

_pages = {}
_namespaces = {}


def _namespace(page):
    """The namespace in which every cell of ``page`` has run, once per page: each test
    defines (or redefines) every name its answer needs, so the tests may share it."""
    if page not in _namespaces:
        _pages[page] = parse_cells((LESSONS / page).read_text(encoding="utf-8"))
        _namespaces[page] = {"__name__": "__main__"}
        run_page(_pages[page], _namespaces[page])
    return _namespaces[page]


def _check(ex_id, ns):
    from lessonkit import check

    buf = io.StringIO()
    with redirect_stdout(buf):
        ok = check(ex_id, ns["answer"])
    return ok, buf.getvalue()


def _judged():
    import lessonkit
    from lessonkit.exercises import _lookup

    root = Path(lessonkit.__file__).parent
    ids = []
    for module in sorted(root.glob("ex[0-9][0-9]*.py")):
        text = module.read_text(encoding="utf-8")
        ids += [i for i in _ids_in(text) if _lookup(i).judge is not None]
    return ids


def _ids_in(text):
    import re

    return re.findall(r'^    "(\d+[a-z]?\.\d+)": Exercise\(', text, flags=re.M)


def _offers_hint(ex_id, out):
    """The hint is printed, or (code shipped to repair) how to ask for it, never the hint itself."""
    from lessonkit.exercises import _lookup

    exercise = _lookup(ex_id)
    if exercise.hint_on_request:
        return exercise.hint not in out and f'hint("{ex_id}")' in out
    return exercise.hint in out


def test_hint_prints_the_hint_on_request():
    from lessonkit import hint
    from lessonkit.exercises import _lookup

    buf = io.StringIO()
    with redirect_stdout(buf):
        hint("10.4")
    assert buf.getvalue() == f"অনুশীলন ১০.৪-এর ইঙ্গিত: {_lookup('10.4').hint}\n"


def test_no_expected_block_prints_a_hint():
    """Before the reader has tried anything, no page prints an exercise's hint."""
    import lessonkit
    from lessonkit.exercises import _lookup

    root = Path(lessonkit.__file__).parent
    hints = {}
    for module in sorted(root.glob("ex[0-9][0-9]*.py")):
        hints |= {i: _lookup(i).hint for i in _ids_in(module.read_text(encoding="utf-8"))}
    for page in sorted(LESSONS.glob("*.md")):
        for cell in parse_cells(page.read_text(encoding="utf-8")):
            shown = [i for i, h in hints.items() if cell.expected and h in cell.expected]
            assert not shown, f"{page.name}: an expected block prints the hint of {shown}"


def test_every_judged_exercise_has_cases():
    assert sorted(_judged()) == sorted(CASES)


def test_a_judges_reason_comes_before_the_hint():
    from lessonkit.exercises import Exercise, Mismatch, check

    def judge(answer):
        raise Mismatch("আকার ভুল")

    import lessonkit.ex07 as module

    module.EXERCISES["7.99"] = Exercise(expected=None, judge=judge, hint="ইঙ্গিতটা এখানে")
    try:
        buf = io.StringIO()
        with redirect_stdout(buf):
            ok = check("7.99", lambda: None)
    finally:
        del module.EXERCISES["7.99"]
    assert ok is False
    assert buf.getvalue() == "অনুশীলন ৭.৯৯: ❌ এখনও মেলেনি: আকার ভুল\nইঙ্গিত: ইঙ্গিতটা এখানে\n"


@pytest.mark.parametrize("ex_id", sorted(CASES))
def test_right_answer_passes(ex_id):
    page, setup, answers = CASES[ex_id]
    ns = _namespace(page)
    exec(answers["right"] + "\n" + setup, ns)
    ok, out = _check(ex_id, ns)
    assert ok is True and "✅" in out, out


@pytest.mark.parametrize("ex_id", sorted(CASES))
def test_wrong_answer_fails_with_the_hint(ex_id):

    page, setup, answers = CASES[ex_id]
    ns = _namespace(page)
    exec(answers["wrong"] + "\n" + setup, ns)
    ok, out = _check(ex_id, ns)
    assert ok is False and "❌ এখনও মেলেনি" in out and _offers_hint(ex_id, out), out
    if ex_id in WRONG_SAYS:
        assert WRONG_SAYS[ex_id] in out.split("ইঙ্গিত:", 1)[0], out


def _lookup_level(ex_id):
    from lessonkit.exercises import _lookup

    return _lookup(ex_id).level


ALSO_WRONG = [(i, k) for i in sorted(CASES) for k in range(len(CASES[i][2].get("also wrong", ())))]


@pytest.mark.parametrize("ex_id,k", ALSO_WRONG, ids=[f"{i}-{k}" for i, k in ALSO_WRONG])
def test_other_wrong_answers_fail(ex_id, k):
    page, setup, answers = CASES[ex_id]
    ns = _namespace(page)
    exec(answers["also wrong"][k] + "\n" + setup, ns)
    ok, out = _check(ex_id, ns)
    assert ok is False and "❌ এখনও মেলেনি" in out, out


# From lesson 4 on, a ★★★ exercise judges code on inputs drawn when check runs (CONTRIBUTING.md):
# a fixed seed would let an answer tuned to the inputs one run showed pass every later run.
HARD = [i for i in sorted(CASES) if CASES[i][0] >= "04" and _lookup_level(i) == 3]


@pytest.mark.parametrize("ex_id", HARD)
def test_a_hard_judge_draws_its_inputs_unseeded(ex_id, monkeypatch):
    import numpy as np

    draw = np.random.default_rng
    seeds = []

    def spy(*args, **kwargs):
        if sys._getframe(1).f_globals.get("__name__", "").startswith("lessonkit"):
            seeds.append(args[0] if args else kwargs.get("seed"))
        return draw(*args, **kwargs)

    page, setup, answers = CASES[ex_id]
    ns = _namespace(page)
    exec(answers["right"] + "\n" + setup, ns)
    monkeypatch.setattr(np.random, "default_rng", spy)
    ok, out = _check(ex_id, ns)
    assert ok is True, out
    assert None in seeds, f"{ex_id}'s judge draws only from seeded generators: {seeds}"


@pytest.mark.parametrize("ex_id", sorted(CASES))
def test_raising_answer_is_reported_not_crashed(ex_id):

    page, setup, answers = CASES[ex_id]
    ns = _namespace(page)
    exec(answers["raises"] + "\n" + setup, ns)
    ok, out = _check(ex_id, ns)
    assert ok is False and "ত্রুটি হলো" in out and "Error" in out and _offers_hint(ex_id, out), out


@pytest.mark.parametrize("ex_id", sorted(CASES))
def test_page_stub_is_not_answered_yet(ex_id):
    page, _, _ = CASES[ex_id]
    ns = _namespace(page)
    cell = next(c for c in _pages[page] if f'check("{ex_id}"' in c.code)
    stub_code = cell.code.replace(f'check("{ex_id}", ', "answer = (").rstrip() + "\n"
    exec(stub_code, ns)
    ok, out = _check(ex_id, ns)
    if "...\n" in cell.code:  # shipped as a stub
        assert ok is False and "এখনও উত্তর লেখা হয়নি" in out, out
    else:  # shipped with code to repair (find-the-bug): it must fail
        assert ok is False and "❌" in out, out


# ---------------------------------------------------------------- answers given as a number

# exercise id -> answers that were once accepted although they are wrong
FOOLED = {
    "8.2": [0, 0.0, 0.25**5, 1e-4, 1e-6],  # expected (1/4)**10, about 9.5e-7
    "8.4": [0.023103306174889364 * 1.004, 0.023103306174889364 * 0.996],
    "10.2": [3, 3.0],  # the minimum itself: typed without running the loop
}


def _value_exercises():
    import lessonkit
    from lessonkit.exercises import _lookup

    root = Path(lessonkit.__file__).parent
    ids = []
    for module in sorted(root.glob("ex[0-9][0-9]*.py")):
        ids += [i for i in _ids_in(module.read_text(encoding="utf-8")) if _lookup(i).judge is None]
    return sorted(ids)


def _check_value(ex_id, answer):
    from lessonkit import check

    with redirect_stdout(io.StringIO()):
        return check(ex_id, answer)


@pytest.mark.parametrize("ex_id", sorted(FOOLED))
def test_answers_that_once_fooled_the_checker_fail(ex_id):
    for answer in FOOLED[ex_id]:
        assert _check_value(ex_id, answer) is False, f"{ex_id} accepts {answer!r}"


def _flat(value):
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _flat(v)]
    return [value]


def _decoys(expected, hint):
    """Answers a reader could type without solving: constants, zero, the hint's own numbers,
    the expected answer off by a factor (sign, 2, 10, a 0.4% slip) and, for a count, by one."""
    import re

    numbers = [float(n) for n in re.findall(r"(?<![\w.])-?\d+(?:\.\d+)?(?:e-?\d+)?", hint)]
    if isinstance(expected, (list, tuple)):
        base = [float(v) for v in expected]
        size = len(base)
        scaled = [[v * f for v in base] for f in (-1, 2, 0.5, 10, 0.1, 1.004)]
        constants = [[c] * size for c in (0.0, 1.0, -1.0, *numbers)]
        # the hint's numbers read off in a row, as many as the answer has entries
        runs = [numbers[i : i + size] for i in range(len(numbers) - size + 1)]
        off_by_one = [
            base[:i] + [v + d] + base[i + 1 :] for i, v in enumerate(base) if v.is_integer() for d in (-1, 1)
        ]
        return scaled + constants + runs + off_by_one + [list(reversed(base))]
    w = float(expected)
    off_by_one = [w - 1, w + 1] if w.is_integer() else []
    return [0.0, 1.0, -1.0, *numbers, -w, 2 * w, w / 2, 10 * w, w / 10, w * 1.004, w * 0.996, *off_by_one]


@pytest.mark.parametrize("ex_id", _value_exercises())
def test_a_value_exercise_refuses_decoys(ex_id):
    from lessonkit.exercises import _lookup

    exercise = _lookup(ex_id)
    want = _flat(exercise.expected)
    for decoy in _decoys(exercise.expected, exercise.hint):
        if _flat(decoy) == want:  # the decoy happens to be the answer (e.g. a reversed [1, 1])
            continue
        assert _check_value(ex_id, decoy) is False, (
            f"{ex_id} (expected {exercise.expected!r}) accepts {decoy!r}"
        )


# ---------------------------------------------------------------- judges that count what PyTorch counts


def test_version_and_edge_counts_agree_with_pytorch():
    """17.2 and 17.3 judge by pyautograd's own version counters and ``next_functions``: the
    counts they expect must be the ones a reader would see in PyTorch."""
    torch = pytest.importorskip("torch", reason="the comparison needs torch installed")
    import numpy as np
    from lessonkit import ex17

    import pyautograd

    for what, fn in ex17._CHANGERS:
        counts = []
        for lib in (pyautograd, torch):
            x = lib.tensor(np.arange(6.0).reshape(2, 3), dtype=lib.float32)
            start = x._version
            fn(x)
            counts.append(x._version - start)
        assert counts[0] == counts[1], (what, counts)
    ours, theirs = list(ex17._edge_graphs()), list(ex17._edge_graphs(torch))
    assert [ex17._edge_counts(r) for r in ours] == [ex17._edge_counts(r) for r in theirs]
    assert all(ex17._edge_counts(r)[1] > 0 for r in ours[:3]), "the graphs with constants have None pairs"
