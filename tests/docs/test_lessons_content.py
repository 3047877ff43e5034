"""What the lesson pages must contain, beyond "every cell runs" (tests/docs/test_docs_cells.py).

Conventions every lesson writer must follow (these tests enforce them):

1. **Seed numbers** (``/work/shared/seeds/README.md``), and the numbers a lesson's prose
   reasons from, appear in the *expected output blocks* (```` ```text {.expected} ````) of
   the lesson listed in ``SEED_NUMBERS``:
   * a requirement with a label (e.g. ``"dL/dw1"``) needs an expected-output line where
     the label is followed by ``=`` or ``:`` and then the number(s), e.g. ``dL/dw1 = 1.0``
     or ``x.grad = tensor(7.)`` (lesson 3 prints the seed's lines ``L = ...``,
     ``dL/dw1 = ...``, ``dL/dw2 = ...``, ``dL/db1 = ...``, ``dL/dw3 = ...``, ``dL/db2 = ...``
     in its PyTorch cell; lessons 1 and 4a print ``z = ...``, ``x.grad = ...``, ``y.grad = ...``);
   * a requirement without a label needs the numbers as *consecutive numbers* inside one
     expected block, e.g. ``tensor([3.0000e-01, 3.0000e+00, 3.0000e-04])`` for
     ``(0.3, 3, 3e-4)``, or three lines ``tensor(3.)``, ``tensor(4.)``, ``tensor(10.)``
     printed by one cell for ``(3, 4, 10)``. Digits inside identifiers (``w1``,
     ``AddBackward0``) are not numbers. Relative tolerance 1e-3.
2. **Prose is Bengali**: on every page under ``docs/``, Bengali letters outnumber Latin
   letters in the prose (text outside code fences, ``$math$``/``$$math$$``, inline
   ``code``, HTML tags, link targets, attribute lists and admonition/tab keywords), and
   every Markdown heading contains Bengali.
3. **Every lesson** in ``LESSONS`` (``docs/lessons/0N-*.md``, lesson 4a ``04a-*.md``) has
   * a heading ``## অনুশীলনী`` (exercises) with at least 3 exercises: runnable cells that
     call ``check("N.k", answer)`` with the lesson's own number N; every id used must exist
     in ``runtime/python/lessonkit/ex0N.py`` (``ex04a.py``) and every exercise there must be used on
     the page. Ship the cells with ``answer = ...`` so they print the "not answered yet"
     line, which is their expected output;
   * a summary section with the exact heading ``## যা শিখলাম`` ("what we learned"),
     after the exercises heading.
4. **Exercises are solvable and hints are real**: for every ``lessonkit/exNN.py``, the
   expected answer passes ``check``, a wrong answer fails and prints the hint, and the hint
   is Bengali, not trivially short, and does not contain the answer. Exercises graded by a
   ``judge`` (the reader's code runs on unseen inputs) are tested with a right, a wrong and
   a raising answer in ``test_exercise_checkers.py``.
"""

import importlib
import io
import math
import re
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from doc_cells import REPO_ROOT, RUNTIME_PYTHON, lesson_pages, parse_cells, run_page  # noqa: E402

sys.path.insert(0, str(RUNTIME_PYTHON))

DOCS = REPO_ROOT / "docs"
LESSONS = lesson_pages()  # from mkdocs.yml's nav: a new lesson needs no edit here
EXERCISES_HEADING = "## অনুশীলনী"
SUMMARY_HEADING = "## যা শিখলাম"

_TWO_LAYER = [
    ("L", (1.0,)),
    ("dL/dw1", (1.0,)),
    ("dL/dw2", (2.0,)),
    ("dL/db1", (1.0,)),
    ("dL/dw3", (1.0,)),
    ("dL/db2", (2.0,)),
]

# lesson file -> list of (label or None, numbers). The two-layer network's numbers (seed 002) are
# worked out by hand in lesson 2 and reproduced, with the seed's PyTorch cell and finite
# differences, in lesson 3; later lessons refer back rather than derive them again.
SEED_NUMBERS = {
    "01-computational-graph.md": [("z", (10.0,)), ("x.grad", (7.0,)), ("y.grad", (2.0,))],
    "03-two-layer-network.md": _TWO_LAYER,
    "04a-build-your-own-autograd.md": [("z", (10.0,)), ("x.grad", (7.0,)), ("y.grad", (2.0,))],
    "05-backward-gradient.md": [
        (None, (0.3, 3.0, 3e-4)),  # a.grad with gradient=[0.1, 1, 1e-4]
        (None, (1.2, 16.0, 2e-3)),  # b.grad
        (None, (1.6667e-2, 1.4286e-1, 1.25e-5)),  # c.grad
        (None, (3.0, 4.0, 10.0)),  # scalars a=0.1, b=1, c=0.1
        (None, (6.0, 8.0, 2.0)),  # two backward calls at a=b=c=1
        (None, (2.0, 0.0, 0.0, 0.0)),  # one-hot row 1 of z = 2*x
        (None, (0.0, 2.0, 0.0, 0.0)),  # one-hot row 2
        (None, (2.0, 2.0, 2.0, 2.0)),  # ones / z.sum(dim=1)
    ],
    # the numbers lesson 15's prose reasons from
    "15-diagnose.md": [
        (None, (2.324, 10.0, 2.303)),  # first loss against ln 10
        (None, (4.537,)),  # the same model with its last layer twenty times larger
        (None, (2.381, 0.006)),  # one batch of 16 learned by heart
        (None, (0.863, 0.841, 0.840, 0.839, 0.841, 0.838)),  # tanh stds stuck near 0.84 (scale 3)
        (None, (-4.21, -4.15)),  # log10 update/weight ratio at lr = 0.001
        (None, (-2.23, -2.16)),  # ... at lr = 0.1: near 1e-3, healthy
        ("y", (2.0,)),  # forward fine, gradient nan
        ("শেষে", (0.011, 1.354)),  # overfitting 30 pictures
        (None, (50.0, 1.245)),  # the best validation loss and its step
        (None, (0.01, 0.060, 1.123)),  # weight decay
        (None, (2.271, 1.461)),  # softmax before CrossEntropyLoss, and its floor ln(9 + e) - 1
        ("total_right", (23.0098,)),
    ],
}

_NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?(?![\w])")
_BENGALI = re.compile(r"[\u0980-\u09FF]")
_LATIN = re.compile(r"[A-Za-z]")


def _lesson_path(name):
    return DOCS / "lessons" / name


def _numbers(text):
    return [float(m.group()) for m in _NUMBER.finditer(text)]


def _has_run(tokens, values):
    n = len(values)
    return any(
        all(math.isclose(t, v, rel_tol=1e-3, abs_tol=1e-12) for t, v in zip(tokens[i : i + n], values))
        for i in range(len(tokens) - n + 1)
    )


def _found(blocks, label, values):
    if label is None:
        return any(_has_run(_numbers(block), values) for block in blocks)
    pattern = re.compile(r"(?<![\w.])" + re.escape(label) + r"\s*[=:]\s*(.*)")
    for block in blocks:
        for line in block.splitlines():
            m = pattern.search(line)
            if m and _has_run(_numbers(m.group(1))[: len(values)], values):
                return True
    return False


def test_number_matcher_is_strict_enough():
    blocks = [
        "z = tensor(10., grad_fn=<AddBackward0>)\nx.grad = tensor(7.)\n",
        "tensor([3.0000e-01, 3.0000e+00, 3.0000e-04])\n",
    ]
    assert _found(blocks, "z", (10.0,)) and _found(blocks, "x.grad", (7.0,))
    assert not _found(blocks, "z", (0.0,))  # the 0 of AddBackward0 is not a number
    assert not _found(blocks, "y.grad", (7.0,))
    assert _found(blocks, None, (0.3, 3.0, 3e-4))
    assert not _found(blocks, None, (0.3, 3e-4))  # must be consecutive
    assert _found(["dL/dw1 = 1.0\ndL/dw2 = 2.0"], "dL/dw2", (2.0,))
    assert not _found(["dL/dw1 = 1.0\ndL/dw2 = 2.5"], "dL/dw2", (2.0,))


@pytest.mark.parametrize(
    "lesson,label,values",
    [(lesson, label, values) for lesson, reqs in SEED_NUMBERS.items() for label, values in reqs],
)
def test_seed_numbers_appear_in_expected_outputs(lesson, label, values):
    page = _lesson_path(lesson)
    assert page.exists(), f"{page.relative_to(REPO_ROOT)} is missing"
    blocks = [c.expected for c in parse_cells(page.read_text(encoding="utf-8")) if c.expected]
    assert _found(blocks, label, values), (
        f"{page.name}: no expected output shows {label or 'the numbers'} {values}"
    )


# the lessons that work out the two-layer network's gradients (1, 2, 1, 1, 2): lesson 2 by
# hand, lesson 3 as functions, with the seed's PyTorch cell and finite differences
TWO_LAYER_DERIVED_IN = {"02-backprop-by-hand.md", "03-two-layer-network.md"}


@pytest.mark.parametrize("page", LESSONS, ids=[p.name for p in LESSONS])
def test_the_two_layer_gradients_are_derived_in_lessons_2_and_3_only(page):
    """Elsewhere a lesson refers back to them, or gives its idea an example of its own."""
    if page.name in TWO_LAYER_DERIVED_IN:
        return
    blocks = [c.expected for c in parse_cells(page.read_text(encoding="utf-8")) if c.expected]
    assert not all(_found(blocks, label, values) for label, values in _TWO_LAYER), (
        f"{page.name} prints the two-layer network's loss and gradients again"
    )


# ---------------------------------------------------------------- Bengali prose


def prose_of(markdown_text):
    """The reader-facing prose of a page: code, math, markup and URLs removed."""
    text = re.sub(r"\A---\n.*?\n---\n", "", markdown_text, flags=re.S)  # front matter
    out, fence = [], None
    for line in text.splitlines():
        m = re.match(r"^\s*(`{3,}|~{3,})", line)
        if fence is None and m:
            fence = m.group(1)
            continue
        if fence is not None:
            if re.match(r"^\s*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}\s*$", line):
                fence = None
            continue
        out.append(line)
    text = "\n".join(out)
    text = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.S)
    text = re.sub(r"(?<!\\)\$[^$\n]+?\$", " ", text)
    text = re.sub(r"`[^`\n]*`", " ", text)
    text = re.sub(r"<!--.*?-->", " ", text, flags=re.S)
    text = re.sub(r"<[^>\n]+>", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"\{[^}\n]*\}", " ", text)
    text = re.sub(r"https?://\S+", " ", text)
    text = re.sub(r"^\s*(!!!|\?\?\?\+?)\s+[\w-]+(\s+[\w-]+)*", " ", text, flags=re.M)
    return text


def headings_of(markdown_text):
    return [l for l in prose_of(markdown_text).splitlines() if re.match(r"^#{1,6}\s", l)]


ALL_PAGES = sorted(DOCS.rglob("*.md"))


def test_prose_filter_keeps_only_prose():
    page = (
        "# শিরোনাম\n\nএটা `torch.tensor` আর $x^2$ নিয়ে।\n\n```python {.run}\nprint('hello world')\n```\n"
        '!!! note "টীকা"\n    [লিংক](https://example.org/abc)\n'
    )
    prose = prose_of(page)
    assert not _LATIN.search(prose) and "শিরোনাম" in prose and "টীকা" in prose


@pytest.mark.parametrize("page", ALL_PAGES, ids=[str(p.relative_to(DOCS)) for p in ALL_PAGES])
def test_page_prose_is_mostly_bengali(page):
    text = page.read_text(encoding="utf-8")
    prose = prose_of(text)
    bn, latin = len(_BENGALI.findall(prose)), len(_LATIN.findall(prose))
    assert bn > latin, f"{page.name}: {bn} Bengali vs {latin} Latin letters in prose"
    english_headings = [h for h in headings_of(text) if not _BENGALI.search(h)]
    assert not english_headings, f"{page.name}: headings without Bengali: {english_headings}"


# ---------------------------------------------------------------- exercises and summary

_CHECK_CALL = re.compile(r"""check\(\s*["'](\d+[a-z]?\.\d+)["']""")


def _exercise_module_name(lesson):
    """Lesson "4" -> "ex04", lesson "4a" -> "ex04a"."""
    digits = lesson.rstrip("abcdefghijklmnopqrstuvwxyz")
    return f"ex{int(digits):02d}{lesson[len(digits) :]}"


def test_every_lesson_is_in_the_nav():
    on_disk = sorted((DOCS / "lessons").glob("*.md"))
    assert sorted(LESSONS) == on_disk, "every lesson file must be listed in mkdocs.yml's nav (and only once)"


@pytest.mark.parametrize("page", LESSONS, ids=[p.name for p in LESSONS])
def test_lesson_has_exercises_and_summary(page):
    assert page.exists(), f"{page.relative_to(REPO_ROOT)} is missing"
    text = page.read_text(encoding="utf-8")
    lines = [l.rstrip() for l in text.splitlines()]
    assert EXERCISES_HEADING in lines, f"{page.name}: no '{EXERCISES_HEADING}' heading"
    assert SUMMARY_HEADING in lines, f"{page.name}: no '{SUMMARY_HEADING}' heading"
    assert lines.index(SUMMARY_HEADING) > lines.index(EXERCISES_HEADING)

    used = []
    for cell in parse_cells(text):
        used += _CHECK_CALL.findall(cell.code)
    assert len(set(used)) >= 3, f"{page.name}: only {sorted(set(used))} exercises"
    prefixes = {i.split(".")[0] for i in used}
    assert len(prefixes) == 1, f"{page.name}: exercise ids from several lessons: {sorted(set(used))}"
    name = _exercise_module_name(prefixes.pop())
    module = importlib.import_module(f"lessonkit.{name}")
    assert set(used) == set(module.EXERCISES), (
        f"{page.name}: page uses {sorted(set(used))}, {name}.py defines {sorted(module.EXERCISES)}"
    )


def _exercise_modules():
    return sorted(p.stem for p in (RUNTIME_PYTHON / "lessonkit").glob("ex[0-9][0-9]*.py"))


def _all_exercises():
    for name in _exercise_modules():
        module = importlib.import_module(f"lessonkit.{name}")
        yield from sorted(module.EXERCISES.items())


def _wrong(value):
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, str):
        return value + " নয়"
    if isinstance(value, bool):
        return not value
    if isinstance(value, (list, tuple)):
        return [_wrong(value[0])] + list(value[1:]) if value else [1.0]
    return float(value) * 3 + 17.5


class _Unreadable:
    """An answer whose conversion to a number raises, as a broken tensor-like might."""

    def __float__(self):
        raise RuntimeError("cannot be read")

    def tolist(self):
        raise RuntimeError("cannot be read")


def _run_check(ex_id, answer):
    from lessonkit import check

    buf = io.StringIO()
    with redirect_stdout(buf):
        ok = check(ex_id, answer)
    return ok, buf.getvalue()


EXERCISES = list(_all_exercises())


VALUE_EXERCISES = [(i, e) for i, e in EXERCISES if e.judge is None]


@pytest.mark.parametrize("ex_id,exercise", VALUE_EXERCISES, ids=[e[0] for e in VALUE_EXERCISES])
def test_exercise_is_solvable_and_hint_helps(ex_id, exercise):
    answer = exercise.expected
    ok, out = _run_check(ex_id, answer)
    assert ok and "✅" in out, f"{ex_id}: the correct answer {answer!r} is rejected: {out}"

    ok, out = _run_check(ex_id, _wrong(answer))
    assert not ok and "❌" in out and exercise.hint in out, f"{ex_id}: a wrong answer: {out}"

    ok, out = _run_check(ex_id, ...)
    assert not ok and "এখনও উত্তর লেখা হয়নি" in out

    ok, out = _run_check(ex_id, _Unreadable())  # e.g. a reader's object that fails when read
    assert not ok and "❌" in out and exercise.hint in out, f"{ex_id}: a raising answer: {out}"

    hint = exercise.hint
    assert len(hint) >= 25 and _BENGALI.search(hint), f"{ex_id}: hint too thin: {hint!r}"
    plain = answer.tolist() if hasattr(answer, "tolist") else answer
    if isinstance(plain, str):
        assert plain.strip().lower() not in hint.lower(), f"{ex_id}: the hint gives the answer away"
    elif isinstance(plain, (int, float)) and not isinstance(plain, bool) and not float(plain).is_integer():
        assert not _has_run(_numbers(hint), (float(plain),)), f"{ex_id}: the hint gives the answer away"
    elif isinstance(plain, (int, float)) and abs(plain) >= 10:
        assert not _has_run(_numbers(hint), (float(plain),)), f"{ex_id}: the hint gives the answer away"


# ---------------------------------------------------------------- lesson 1 draws its graph


def test_lesson1_draws_z_from_to_dot_and_walks_next_functions():
    """Issue 5, item 1: z = x*y + x**2 drawn in the page from pyautograd.viz.to_dot."""
    import lessonkit

    from pyautograd.viz import to_dot

    page = _lesson_path("01-computational-graph.md").read_text(encoding="utf-8")
    assert "next_functions" in page and "to_dot" in page
    namespace = {"__name__": "__main__"}
    before = len(lessonkit.displayed)
    results = run_page(parse_cells(page), namespace)
    cells = parse_cells(page)
    assert all(r.error is None for c, r in zip(cells, results) if not c.expect_error)
    shown = [m["dot"] for m in lessonkit.displayed[before:] if m["kind"] == "dot"]
    assert to_dot(namespace["z"]) in shown, "lesson 1 never shows to_dot(z)"
    assert to_dot(namespace["out_a"]) in shown and to_dot(namespace["out_b"]) in shown
    assert to_dot(namespace["out_a"]) != to_dot(namespace["out_b"]), "the if should change the graph"


# ---------------------------------------------------------------- exercises, second edition

# Lessons whose exercises follow the second edition (issue 10): difficulty in every exercise
# heading, matching the exercise's ``level``, and at least one exercise that takes code.
SECOND_EDITION = [p.name for p in LESSONS]  # every lesson in the nav marks difficulty
# ...and every lesson also has an exercise judged by running the learner's code on unseen inputs
JUDGES_CODE = SECOND_EDITION


@pytest.mark.parametrize("name", SECOND_EDITION)
def test_exercise_headings_mark_difficulty_and_one_takes_code(name):
    from lessonkit.exercises import _lookup, label

    text = _lesson_path(name).read_text(encoding="utf-8")
    ids = sorted({i for cell in parse_cells(text) for i in _CHECK_CALL.findall(cell.code)})
    for ex_id in ids:
        heading = re.search(r"^### অনুশীলন " + re.escape(label(ex_id)) + r"(?![০-৯]).*$", text, flags=re.M)
        assert heading, f"{name}: no heading for exercise {ex_id}"
        stars = re.search(r"\((★+)\)\s*$", heading.group())
        assert stars and len(stars.group(1)) == _lookup(ex_id).level, f"{name}: {heading.group()!r}"
    if name in JUDGES_CODE:
        assert any(_lookup(i).judge is not None for i in ids), f"{name}: no exercise takes code"


# From lesson 4 on, difficulty rises to a hard exercise (★★★) whose answer is code, judged on
# inputs the page never shows.
HARD_CODE = [p.name for p in LESSONS if p.name >= "04"]


@pytest.mark.parametrize("name", HARD_CODE)
def test_a_hard_exercise_takes_code_from_lesson_4_on(name):
    from lessonkit.exercises import _lookup

    text = _lesson_path(name).read_text(encoding="utf-8")
    ids = {i for cell in parse_cells(text) for i in _CHECK_CALL.findall(cell.code)}
    assert any(_lookup(i).level == 3 and _lookup(i).judge is not None for i in ids), (
        f"{name}: no ★★★ exercise that takes code"
    )


# ---------------------------------------------------------------- one term per concept (glossary.md)


def _prose_without_glosses(text):
    """Prose with the English glosses in brackets, e.g. "(backward pass)", taken out."""
    return re.sub(r"\([A-Za-z][A-Za-z ,\-]*\)", " ", prose_of(text))


# a second word for a concept the glossary names once -> the glossary's word
COMPETING = {
    "স্থানীয়": "লোকাল",
    "দ্বৈত": "ডুয়াল",
    "পাওনা": "অবদান",
    "জায়গায় দাঁড়িয়ে": "জায়গায় বসে",
    "ইন-প্লেস": "জায়গায় বসে",
    "ভরবেগ": "মোমেন্টাম",
}
# "ত্রুটি" is an exception; a numeric error (of a formula, a difference, rounding) is "ভুল"
NUMERIC_ERROR = re.compile(r"(?:পার্থক্যের|সূত্রের|রাউন্ডিং(?:য়ের)?|বর্গ|আপেক্ষিক|পরম|আনুমানিক) ত্রুটি|ত্রুটি (?:কমে|বাড়ে)")
# "নির্ভুলতা" is accuracy (right answers); how many digits a number keeps is "সূক্ষ্মতা"
PRECISION_AS_ACCURACY = re.compile(r"(?:দশমিক|সীমিত|পুরো|সংখ্যার)[-\s]+নির্ভুলতা|float\d*`?-এর নির্ভুলতা|নির্ভুলতার সমস্যা")
# a case ending written apart from the code, maths or English before it (the reader sees
# printed strings too, so the whole page is read): "`x` এর", "$w$ কে", "L এর" -> "-এর", "-কে"
DETACHED_CASE_ENDING = re.compile(r"(?<=[A-Za-z0-9`$)\]]) (?:এর|কে|তে)(?![\u0980-\u09FF])")


def test_term_rules_catch_what_they_name():
    assert NUMERIC_ERROR.search("কেন্দ্রীয় পার্থক্যের ত্রুটি কমে") and not NUMERIC_ERROR.search("কোনো ত্রুটি আসে না")
    assert PRECISION_AS_ACCURACY.search("দশমিক-নির্ভুলতার সীমা") and PRECISION_AS_ACCURACY.search(
        "`float32`-এর নির্ভুলতা"
    )
    assert not PRECISION_AS_ACCURACY.search("পরীক্ষায় নির্ভুলতা 0.95")
    for wrong in ("z.grad_fn এর নাম", "$w$ কে", "`x` এর", "backward() এর পরে", "L এর"):
        assert DETACHED_CASE_ENDING.search(wrong), wrong
    for right in ("z.grad_fn-এর নাম", "$w$-কে", "`x`-এর", "x এবং y", "2 কেজি"):
        assert not DETACHED_CASE_ENDING.search(right), right


READER_TEXTS = sorted(RUNTIME_PYTHON.glob("lessonkit/*.py")) + [
    REPO_ROOT / "runtime" / "src" / name for name in ("explain.js", "strings.js")
]


@pytest.mark.parametrize("path", READER_TEXTS, ids=[p.name for p in READER_TEXTS])
def test_hints_and_messages_use_the_glossarys_words(path):
    """Hints, a judge's reasons and the page's messages are prose the reader sees, too."""
    text = path.read_text(encoding="utf-8")
    problems = [
        f'"{word}" (the glossary\'s word is "{ours}")' for word, ours in COMPETING.items() if word in text
    ]
    problems += [m.group() for m in NUMERIC_ERROR.finditer(text)]
    problems += [m.group() for m in PRECISION_AS_ACCURACY.finditer(text)]
    problems += [text[max(0, m.start() - 20) : m.end()] for m in DETACHED_CASE_ENDING.finditer(text)]
    assert not problems, f"{path.name}: {problems}"


@pytest.mark.parametrize("page", ALL_PAGES, ids=[str(p.relative_to(DOCS)) for p in ALL_PAGES])
def test_one_term_per_concept(page):
    text = page.read_text(encoding="utf-8")
    prose = _prose_without_glosses(text)
    problems = []
    if "কিনা" in prose:
        problems.append('"কিনা": write "কি না"')
    if re.search(r"\bbackward\b", prose) and page.name != "glossary.md":  # its English column
        problems.append('"backward" in prose: write "ব্যাকওয়ার্ড" (English only as a gloss in brackets)')
    if re.search(
        r"(?<=[A-Za-z0-9`)]) এর\b", prose_of(text).replace("  ", " ")
    ) or DETACHED_CASE_ENDING.search(text):
        problems.append(
            'a case ending after code, maths or English: write "-এর", "-কে" (e.g. `x`-এর, $w$-কে)'
        )
    if page.name != "glossary.md":  # its rules name the words they refuse
        problems += [
            f'"{word}": the glossary\'s word is "{ours}"' for word, ours in COMPETING.items() if word in text
        ]
    problems += [f'"{m.group()}": a numeric error is "ভুল"' for m in NUMERIC_ERROR.finditer(text)]
    problems += [f'"{m.group()}": numeric precision is "সূক্ষ্মতা"' for m in PRECISION_AS_ACCURACY.finditer(text)]
    ascii_headings = [h for h in headings_of(text) if re.search(r"[0-9]", h)]
    if ascii_headings:
        problems.append(f"headings number in Bengali digits: {ascii_headings}")
    assert not problems, f"{page.name}: " + "; ".join(problems)
