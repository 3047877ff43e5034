"""A lesson as a Jupyter notebook: the built file beside the page, and the page's button
that puts the reader's edits into it (runtime/src/notebook.js)."""

import json
import sys

import nbformat
from conftest import REPO, cell, set_code, wait_cells

sys.path.insert(0, str(REPO / "hooks"))
from notebooks import to_torch  # noqa: E402

LESSON = "lessons/06-training/"
# every import form the rules rewrite, so the page's rewriting is checked against the build's
EDIT = (
    "import pyautograd as torch\nfrom pyautograd import nn, optim\n"
    "from pyautograd.autograd.functional import jacobian, count_passes\n"
    "from lessonkit import check, plot\n    import pyautograd.autograd.forward_ad as fwAD\n"
    "print('আমার সংস্করণ', torch.ones(2))"
)


def assert_nbformat_4(nb):
    nbformat.validate(nbformat.from_dict(nb))  # Jupyter's own schema
    assert (nb["nbformat"], nb["nbformat_minor"]) == (4, 5)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    for c in nb["cells"]:
        assert c["cell_type"] in ("markdown", "code") and isinstance(c["source"], list)
        assert isinstance(c["id"], str) and isinstance(c["metadata"], dict)
        if c["cell_type"] == "code":
            assert c["outputs"] == [] and c["execution_count"] is None


def code_of(nb, index):
    return "".join(next(c for c in nb["cells"] if c["metadata"].get("lesson_cell") == index)["source"])


def download(page, locator):
    with page.expect_download() as info:
        locator.click()
    return json.loads(open(info.value.path(), encoding="utf-8").read())


def test_download_with_the_readers_edit_is_a_notebook_for_real_pytorch(server, open_page):
    s = open_page(server.url + LESSON)
    page = s.page
    wait_cells(page)
    bar = page.locator('[data-role="notebook"]')
    original = download(page, bar.locator("a"))
    assert_nbformat_4(original)
    assert code_of(original, 1).startswith("import torch\n")
    cell(page, 1).scroll_into_view_if_needed()
    set_code(page, 1, EDIT)
    edited = download(page, bar.locator('[data-role="notebook-edits"]'))
    assert_nbformat_4(edited)
    assert code_of(edited, 1) == to_torch(EDIT)
    assert code_of(edited, 1).startswith("import torch\nfrom torch import nn, optim\n")
    assert code_of(edited, 0) == code_of(original, 0)  # cells the reader left alone stay the lesson's
    assert edited["metadata"]["lesson"]["edited_cells"] == [1]
    assert "সেল ২" in "".join(edited["cells"][0]["source"])
    assert "১টি সেলে" in bar.locator('[data-role="notebook-status"]').inner_text()


def test_every_lesson_has_its_notebook_and_pages_without_cells_have_none(server, open_page):
    s = open_page(server.url + "glossary/")
    page = s.page
    assert page.locator('[data-role="notebook"]').count() == 0
    for lesson in (
        "lessons/01-computational-graph/01-computational-graph.ipynb",
        LESSON + "06-training.ipynb",
    ):
        nb = page.evaluate(f"fetch('{server.url}{lesson}').then(r => r.json())")
        assert_nbformat_4(nb)
