"""``check(exercise_id, answer)``: tell the reader right or wrong, with a hint, in Bengali.

Each lesson keeps its exercises in ``lessonkit/exNN.py`` (lesson 4a: ``ex04a.py``) as a
dict ``EXERCISES = {"N.k": Exercise(...)}``. The expected answer stays in that module, so
the page only ever shows the verdict and the hint, never the answer itself.

An exercise is either a value to compare (``expected``) or a ``judge`` that receives the
reader's answer, usually code (a function or the reader's class), runs it on inputs the
page never shows and says whether it behaves right. A judge that finds the ``...`` stub
the page ships with raises ``NotAnswered``; a judge that can say *what* is wrong (a shape,
a loss that rises) raises ``Mismatch`` with that reason in Bengali, printed before the hint;
any other exception raised while running the reader's code is reported as the reader's
error, with the hint. Where the page ships code to repair (``hint_on_request``), its first
run fails before the reader has tried anything, so the hint is printed only by ``hint(id)``.
"""

import importlib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .display import mark_solved

LEVELS = {1: "সহজ", 2: "মাঝারি", 3: "কঠিন"}


class NotAnswered(Exception):
    """The reader has not replaced the page's ``...`` yet."""


class Mismatch(Exception):
    """The reader's code runs but is wrong; the message (Bengali) says where, e.g. which shape."""


@dataclass(frozen=True)
class Exercise:
    expected: Any  # a number, a sequence of numbers, or a string (unused with a judge)
    hint: str  # said when the answer is wrong (Bengali)
    tol: float = 1e-4  # relative: float32 rounding (~1e-7) passes, a slip of 0.4% does not
    abs_tol: float = 0.0  # absolute tolerance, only where an exercise needs one (keep it tiny)
    judge: Callable[[Any], bool] | None = None  # runs the reader's code instead of comparing
    level: int = 1  # difficulty: 1 easy, 2 medium, 3 hard (shown on the page as ★)
    # the page ships code to repair, so its first run fails before any attempt: a failing
    # check then says only where it fails, and the hint waits until the reader asks, hint(id)
    hint_on_request: bool = False


def _stub(): ...


def is_stub(fn):
    """True when ``fn``'s body is only ``...`` (or it is ``...`` itself): not written yet."""
    if fn is None or fn is Ellipsis:
        return True
    code = getattr(fn, "__code__", None)
    return (
        code is not None
        and code.co_code == _stub.__code__.co_code
        and code.co_consts == _stub.__code__.co_consts
    )


def written(fn):
    """``fn`` itself, or ``NotAnswered`` when it is still the page's stub."""
    if is_stub(fn):
        raise NotAnswered
    return fn


def _to_plain(value):
    """Tensors and arrays become Python numbers / lists, so answers can be anything."""
    if hasattr(value, "detach"):
        value = value.detach()
    if hasattr(value, "tolist"):
        value = value.tolist()
    return value


def _numbers_in(value):
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _numbers_in(v)]
    try:
        return [abs(float(value))]
    except (TypeError, ValueError):
        return []


def close(got, want, tol=1e-4, abs_tol=0.0):
    """Numbers, or nested lists of them, equal within the relative tolerance ``tol``.

    A number is judged against its own size, so a tiny expected value (9.5e-7) refuses 0
    and 1e-4 alike. In a list the size is that of the list's largest entry, so an entry
    that should be 0 may be off by as much as float rounding makes the others. ``abs_tol``
    adds an absolute margin, for the few exercises that need one.
    """
    got, want = _to_plain(got), _to_plain(want)
    if isinstance(want, (list, tuple)):
        scale = max(_numbers_in(want), default=0.0)
        return _close(got, want, tol, max(abs_tol, tol * scale))
    return _close(got, want, tol, abs_tol)


def _close(got, want, tol, abs_tol):
    got = _to_plain(got)
    if isinstance(want, str):
        return isinstance(got, str) and got.strip().lower() == want.strip().lower()
    if isinstance(want, (list, tuple)):
        if not isinstance(got, (list, tuple)) or len(got) != len(want):
            return False
        return all(_close(g, w, tol, abs_tol) for g, w in zip(got, want))
    if isinstance(want, bool):
        return got is want or got == want
    try:
        g, w = float(got), float(want)
    except (TypeError, ValueError):
        return False
    return math.isclose(g, w, rel_tol=tol, abs_tol=abs_tol)


_BN_DIGITS = str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")


def label(exercise_id):
    """The id as the page's headings write it: "4a.1" -> "৪ক.১"."""
    return str(exercise_id).translate(_BN_DIGITS).replace("a", "ক")


def _lookup(exercise_id):
    m = re.fullmatch(r"(\d+)([a-z]?)\.\d+", str(exercise_id))
    try:
        if not m:
            raise ValueError(exercise_id)
        module = importlib.import_module(f"lessonkit.ex{int(m.group(1)):02d}{m.group(2)}")
        return module.EXERCISES[str(exercise_id)]
    except (ValueError, ImportError, KeyError):
        raise KeyError(f"অনুশীলন '{exercise_id}' খুঁজে পাওয়া গেল না") from None


def hint(exercise_id):
    """Print the exercise's hint (for exercises that give it only when asked)."""
    exercise = _lookup(exercise_id)
    print(f"অনুশীলন {label(exercise_id)}-এর ইঙ্গিত: {exercise.hint}")


def _hint_line(exercise_id, exercise):
    if exercise.hint_on_request:
        return f'আটকে গেলে ইঙ্গিত দেখতে চালান: hint("{exercise_id}")'
    return f"ইঙ্গিত: {exercise.hint}"


def check(exercise_id, answer):
    """Print a verdict for ``answer`` and return True/False."""
    exercise = _lookup(exercise_id)
    name = f"অনুশীলন {label(exercise_id)}"
    try:
        if answer is None or answer is Ellipsis:
            raise NotAnswered
        if exercise.judge:
            ok = bool(exercise.judge(answer))
        else:
            ok = close(answer, exercise.expected, exercise.tol, exercise.abs_tol)
    except NotAnswered:
        print(f"{name}: এখনও উত্তর লেখা হয়নি। ... এর জায়গায় আপনার উত্তর বসান।")
        return False
    except Mismatch as reason:
        print(f"{name}: ❌ এখনও মেলেনি: {reason}")
        print(_hint_line(exercise_id, exercise))
        return False
    except Exception as exc:  # the reader's code failed: that is feedback, not a crash
        print(f"{name}: ❌ আপনার কোড চালাতে গিয়ে ত্রুটি হলো: {type(exc).__name__}: {exc}")
        print(_hint_line(exercise_id, exercise))
        return False
    if ok:
        print(f"{name}: ✅ ঠিক হয়েছে!")
        mark_solved(exercise_id)
    elif exercise.hint_on_request:
        print(f"{name}: ❌ এখনও মেলেনি।")
        print(_hint_line(exercise_id, exercise))
    else:
        print(f"{name}: ❌ এখনও মেলেনি। ইঙ্গিত: {exercise.hint}")
    return ok
