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

# exercise id -> (page, setup the answer names, {"right"|"wrong"|"raises": source that defines them})
_LOCAL_BACKWARD = """
def {name}({args}):
    out = Value({forward}, ({inputs},), "{name}")

    def local_backward():
{body}

    out.local_backward = local_backward
    return out
"""


def _op(name, args, forward, inputs, *body):
    lines = "\n".join("        " + line for line in body)
    return _LOCAL_BACKWARD.format(name=name, args=args, forward=forward, inputs=inputs, body=lines)


CASES = {
    "4.2": (
        "04-automatic-differentiation.md",
        "answer = numeric_grad",
        {
            "right": """
def numeric_grad(f, point, eps=1e-6):
    grads = []
    for i in range(len(point)):
        up, down = list(point), list(point)
        up[i] += eps
        down[i] -= eps
        grads.append((f(*up) - f(*down)) / (2 * eps))
    return grads
""",
            # a forward difference: off by about eps
            "wrong": """
def numeric_grad(f, point, eps=1e-6):
    grads = []
    for i in range(len(point)):
        up = list(point)
        up[i] += eps
        grads.append((f(*up) - f(*point)) / eps)
    return grads
""",
            "raises": "def numeric_grad(f, point, eps=1e-6):\n    return [f(point)]\n",
        },
    ),
    "4a.1": (
        "04a-build-your-own-autograd.md",
        "Value.tanh = tanh\nanswer = Value",
        {
            "right": _op("tanh", "a", "math.tanh(a.data)", "a", "a.grad += (1 - out.data**2) * out.grad"),
            # overwrites instead of adding: caught because the judge uses its input twice
            "wrong": _op("tanh", "a", "math.tanh(a.data)", "a", "a.grad = (1 - out.data**2) * out.grad"),
            "raises": "def tanh(a):\n    return a.data.tanh()\n",
        },
    ),
    "4a.2": (
        "04a-build-your-own-autograd.md",
        "Value.exp = exp\nValue.__pow__ = power\nanswer = Value",
        {
            "right": _op("exp", "a", "math.exp(a.data)", "a", "a.grad += out.data * out.grad")
            + _op("power", "a, k", "a.data**k", "a", "a.grad += k * a.data ** (k - 1) * out.grad"),
            # the power rule forgets to lower the exponent
            "wrong": _op("exp", "a", "math.exp(a.data)", "a", "a.grad += out.data * out.grad")
            + _op("power", "a, k", "a.data**k", "a", "a.grad += k * a.data**k * out.grad"),
            "raises": _op("exp", "a", "math.exp(a)", "a", "a.grad += out.data * out.grad")
            + _op("power", "a, k", "a.data**k", "a", "a.grad += k * a.data ** (k - 1) * out.grad"),
        },
    ),
    "4a.3": (
        "04a-build-your-own-autograd.md",
        "Value.__truediv__ = divide\nanswer = Value",
        {
            "right": _op(
                "divide",
                "a, b",
                "a.data / b.data",
                "a, b",
                "a.grad += out.grad / b.data",
                "b.grad += -out.grad * a.data / b.data**2",
            ),
            "wrong": _op(  # the page's broken version, unchanged
                "divide",
                "a, b",
                "a.data / b.data",
                "a, b",
                "a.grad += out.grad / b.data",
                "b.grad += out.grad * a.data / b.data**2",
            ),
            "raises": _op(
                "divide", "a, b", "a.data / b.data", "a, b", "a.grad += out.grad / b", "b.grad += 0.0"
            ),
        },
    ),
    "4a.4": (
        "04a-build-your-own-autograd.md",
        "answer = pass_counts",
        {
            "right": "def pass_counts(n, m):\n    return m, n\n",
            "wrong": "def pass_counts(n, m):\n    return n, m\n",
            "raises": "def pass_counts(n, m):\n    return m, n, n[0]\n",
        },
    ),
}

_pages = {}


def _namespace(page):
    """A fresh namespace in which every cell of ``page`` has run (cells parsed once)."""
    if page not in _pages:
        _pages[page] = parse_cells((LESSONS / page).read_text(encoding="utf-8"))
    ns = {"__name__": "__main__"}
    run_page(_pages[page], ns)
    return ns


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


def test_every_judged_exercise_has_cases():
    assert sorted(_judged()) == sorted(CASES)


@pytest.mark.parametrize("ex_id", sorted(CASES))
def test_right_answer_passes(ex_id):
    page, setup, answers = CASES[ex_id]
    ns = _namespace(page)
    exec(answers["right"] + "\n" + setup, ns)
    ok, out = _check(ex_id, ns)
    assert ok is True and "✅" in out, out


@pytest.mark.parametrize("ex_id", sorted(CASES))
def test_wrong_answer_fails_with_the_hint(ex_id):
    from lessonkit.exercises import _lookup

    page, setup, answers = CASES[ex_id]
    ns = _namespace(page)
    exec(answers["wrong"] + "\n" + setup, ns)
    ok, out = _check(ex_id, ns)
    assert ok is False and "❌ এখনও মেলেনি" in out and _lookup(ex_id).hint in out, out


@pytest.mark.parametrize("ex_id", sorted(CASES))
def test_raising_answer_is_reported_not_crashed(ex_id):
    from lessonkit.exercises import _lookup

    page, setup, answers = CASES[ex_id]
    ns = _namespace(page)
    exec(answers["raises"] + "\n" + setup, ns)
    ok, out = _check(ex_id, ns)
    assert ok is False and "ত্রুটি হলো" in out and "Error" in out and _lookup(ex_id).hint in out, out


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
