"""The lessons as Jupyter notebooks for real PyTorch (hooks/notebooks.py).

Every page's notebook is nbformat 4 with no import of pyautograd or lessonkit left; the
notebooks of the lessons written only with PyTorch's API (plus the course helpers that the
first cell defines) run under real PyTorch and print what their pages' expected blocks say.
Cells that call an exercise checker (``check``, ``hint``) are not compared: the checkers stay
on the course site.
"""

import ast
import contextlib
import io
import sys
import traceback
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "hooks"))
import notebooks  # noqa: E402
from doc_cells import DOCS, compare, nav_pages, parse_cells  # noqa: E402
from lessonkit.cells import Result, last_line  # noqa: E402

SITE = "http://127.0.0.1:8000/"
# lessons whose cells use only PyTorch's API and the helpers of the notebook's first cell
ALL_TORCH = [
    "lessons/05-backward-gradient.md",
    "lessons/06-training.md",
    "lessons/07-matrix-backprop.md",
    "lessons/08-depth.md",
    "lessons/09-real-data.md",
    "lessons/10-common-bugs.md",
    "lessons/11-scalar-engine-learns.md",
    "lessons/13-capstone-digits.md",
    "lessons/14-custom-function.md",
    "lessons/15-diagnose.md",
    "lessons/17-map-to-pytorch.md",
]


def page_notebook(src):
    markdown = (DOCS / src).read_text(encoding="utf-8")
    url = src.removesuffix(".md").removesuffix("index") + "/"
    return notebooks.notebook(markdown, src, src, url, SITE), parse_cells(markdown)


def pages_with_cells():
    return [str(p.relative_to(DOCS)) for p in nav_pages() if parse_cells(p.read_text(encoding="utf-8"))]


def test_rules_turn_pyautograd_imports_into_torch_and_helpers_into_comments():
    code = (
        "import pyautograd as torch\nfrom pyautograd import nn, optim\n"
        "import pyautograd.autograd.forward_ad as fwAD\n"
        "from pyautograd.autograd.functional import jacobian, count_passes\n"
        "    from lessonkit import check, plot\nfrom pyautograd.viz import to_dot\nx = 1  # pyautograd\n"
    )
    assert notebooks.to_torch(code).splitlines() == [
        "import torch",
        "from torch import nn, optim",
        "import torch.autograd.forward_ad as fwAD",
        "from torch.autograd.functional import jacobian",
        "    # from lessonkit import check, plot  (নোটবুকের প্রথম সেলে দেওয়া আছে)",
        "# from pyautograd.viz import to_dot  (নোটবুকের প্রথম সেলে দেওয়া আছে)",
        "x = 1  # pyautograd",
    ]


def test_the_first_cell_defines_every_helper_a_page_imports():
    prelude = {
        n.name
        for n in ast.parse(notebooks.PRELUDE.read_text(encoding="utf-8")).body
        if isinstance(n, ast.FunctionDef)
    }
    imported = set()
    for src in pages_with_cells():
        for cell in parse_cells((DOCS / src).read_text(encoding="utf-8")):
            for node in ast.walk(ast.parse(cell.code)):
                if isinstance(node, ast.ImportFrom) and (
                    node.module.startswith("lessonkit") or node.module == "pyautograd.viz"
                ):
                    imported |= {a.name for a in node.names}
    assert imported and imported <= prelude, imported - prelude


@pytest.mark.parametrize("src", pages_with_cells())
def test_each_page_notebook_is_nbformat_4_without_course_imports(src):
    nb, cells = page_notebook(src)
    nbformat = pytest.importorskip("nbformat", reason="the schema check needs nbformat")
    nbformat.validate(nbformat.from_dict(nb))  # Jupyter's own schema of nbformat 4
    assert (nb["nbformat"], nb["nbformat_minor"]) == (4, 5)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert nb["cells"][0]["cell_type"] == "markdown" and "import torch" in "".join(nb["cells"][0]["source"])
    ids = [c["id"] for c in nb["cells"]]
    assert len(set(ids)) == len(ids)
    for c in nb["cells"]:
        assert set(c) >= {"id", "cell_type", "metadata", "source"}
        assert all(isinstance(line, str) for line in c["source"])
        if c["cell_type"] == "code":
            assert c["outputs"] == [] and c["execution_count"] is None
            for node in ast.walk(notebooks._parse("".join(c["source"]))):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
                if isinstance(node, ast.ImportFrom):
                    names = [node.module or ""]
                assert not any(n.startswith(("pyautograd", "lessonkit")) for n in names), src
    placed = [c["metadata"]["lesson_cell"] for c in nb["cells"] if "lesson_cell" in c["metadata"]]
    assert placed == list(range(len(cells)))
    tagged = [
        c["metadata"]["lesson_cell"]
        for c in nb["cells"]
        if "raises-exception" in c["metadata"].get("tags", [])
    ]
    assert tagged == [c.index for c in cells if c.expect_error]


def test_the_first_cell_names_the_helpers_a_page_calls_but_not_their_private_parts():
    first, names = notebooks.prelude(["check(1, None)\nplot([1, 2])"], SITE)
    assert names == ["plot", "check"]
    assert "def _label(" in first  # check() needs it, so the cell defines it unnamed


def test_prose_keeps_admonitions_as_quotes_and_links_as_site_addresses():
    text = notebooks.prose(
        ['!!! note "মনে রাখুন"', "", "    ভেতরের [পাঠ](02-backprop-by-hand.md#x) { .lr }", "বাইরে"],
        "lessons/01-computational-graph.md",
        SITE,
    )
    assert text.splitlines() == [
        "> **মনে রাখুন**",
        ">",
        f"> ভেতরের [পাঠ]({SITE}lessons/02-backprop-by-hand/#x)",
        "বাইরে",
    ]


def run_notebook(nb):
    """Run the code cells in order in one namespace: {lesson cell: Result}."""
    namespace = {"__name__": "__main__"}
    results = {}
    for c in nb["cells"]:
        if c["cell_type"] != "code":
            continue
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            try:
                exec(compile("".join(c["source"]), "<notebook cell>", "exec"), namespace)
                exc = None
            except Exception as error:
                exc = error
        if "lesson_cell" not in c["metadata"]:
            assert exc is None, f"the first cell failed: {exc!r}"
            continue
        tb = "".join(traceback.format_exception(exc)) if exc else None
        results[c["metadata"]["lesson_cell"]] = Result(
            out.getvalue(), "", last_line(exc) if exc else None, tb
        )
    return results


@pytest.mark.parametrize("src", ALL_TORCH)
def test_all_pytorch_lessons_run_under_real_pytorch(src, monkeypatch):
    torch = pytest.importorskip("torch", reason="running the notebooks needs torch installed")
    nb, cells = page_notebook(src)
    first = "".join(nb["cells"][1]["source"]) if nb["cells"][1]["metadata"].get("lesson_prelude") else ""
    if "matplotlib" in first:
        pytest.importorskip("matplotlib", reason="the notebook's charts need matplotlib")
        monkeypatch.setenv("MPLBACKEND", "Agg")
    if "sklearn" in first:
        pytest.importorskip("sklearn", reason="the notebook's digits come from scikit-learn")
    torch.manual_seed(0)
    results = run_notebook(nb)
    problems = []
    for cell in cells:
        if "check(" in cell.code or "hint(" in cell.code:
            continue
        want = replace(cell, expected=notebooks.torch_printed(cell.expected) if cell.expected else None)
        problem = compare(want, results[cell.index])
        if problem:
            problems.append(f"cell {cell.index} (line {cell.line}): {problem}")
    assert not problems, "\n\n".join(problems)


def test_the_notebooks_data_helpers_give_the_sites_data():
    np = pytest.importorskip("numpy")
    from lessonkit import datasets

    helpers = {}
    exec(notebooks.PRELUDE.read_text(encoding="utf-8"), helpers)
    for args in ((), (64, 0.2, 3)):
        for got, want in zip(helpers["moons"](*args), datasets.moons(*args)):
            assert got.dtype == want.dtype and np.array_equal(got, want), args
    pytest.importorskip("sklearn", reason="the notebook's digits come from scikit-learn")
    for got, want in zip(helpers["load_digits"](), datasets.load_digits()):
        assert got.dtype == want.dtype and np.array_equal(got, want)
