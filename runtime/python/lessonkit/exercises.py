"""``check(exercise_id, answer)``: tell the reader right or wrong, with a hint, in Bengali.

Each lesson N keeps its exercises in ``lessonkit/ex0N.py`` as a dict
``EXERCISES = {"N.k": Exercise(...)}``. The expected answer stays in that module, so
the page only ever shows the verdict and the hint, never the answer itself.
"""

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Exercise:
    expected: Any  # a number, a sequence of numbers, or a string
    hint: str  # said when the answer is wrong (Bengali)
    tol: float = 1e-4  # relative/absolute tolerance for numbers
    judge: Callable[[Any], bool] | None = None  # custom test instead of ``expected``


def _to_plain(value):
    """Tensors and arrays become Python numbers / lists, so answers can be anything."""
    if hasattr(value, "detach"):
        value = value.detach()
    if hasattr(value, "tolist"):
        value = value.tolist()
    return value


def _close(got, want, tol):
    got, want = _to_plain(got), _to_plain(want)
    if isinstance(want, str):
        return isinstance(got, str) and got.strip().lower() == want.strip().lower()
    if isinstance(want, (list, tuple)):
        if not isinstance(got, (list, tuple)) or len(got) != len(want):
            return False
        return all(_close(g, w, tol) for g, w in zip(got, want))
    if isinstance(want, bool):
        return got is want or got == want
    try:
        g, w = float(got), float(want)
    except (TypeError, ValueError):
        return False
    return math.isclose(g, w, rel_tol=tol, abs_tol=tol)


def _lookup(exercise_id):
    lesson = str(exercise_id).split(".")[0]
    try:
        module = importlib.import_module(f"lessonkit.ex{int(lesson):02d}")
        return module.EXERCISES[str(exercise_id)]
    except (ValueError, ImportError, KeyError):
        raise KeyError(f"অনুশীলন '{exercise_id}' খুঁজে পাওয়া গেল না") from None


def check(exercise_id, answer):
    """Print a verdict for ``answer`` and return True/False."""
    exercise = _lookup(exercise_id)
    if answer is None or answer is Ellipsis:
        print(f"অনুশীলন {exercise_id}: এখনও উত্তর লেখা হয়নি। ... এর জায়গায় আপনার উত্তর বসান।")
        return False
    ok = exercise.judge(answer) if exercise.judge else _close(answer, exercise.expected, exercise.tol)
    if ok:
        print(f"অনুশীলন {exercise_id}: ✅ ঠিক হয়েছে!")
    else:
        print(f"অনুশীলন {exercise_id}: ❌ এখনও মেলেনি। ইঙ্গিত: {exercise.hint}")
    return bool(ok)
