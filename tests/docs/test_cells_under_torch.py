"""Lesson cells written only with PyTorch's API print the same numbers under real PyTorch.

A page says "run this in PyTorch and you get exactly these numbers" only about cells listed
in ``UNDER_TORCH``: cells that use no course-only helper (no ``plot``, no ``check``). The
page's cells up to the last listed one run in one namespace with pyautograd's imports
swapped for torch's (earlier cells only set the scene: their output is not compared, since
it may print ``pyautograd.Size``); each listed cell must print its expected block.
"""

import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from doc_cells import DOCS, compare, parse_cells, run_page  # noqa: E402

# page -> a piece of code that picks out each cell to compare under PyTorch
UNDER_TORCH = {
    "lessons/04-automatic-differentiation.md": [
        'print("relu\'(0) =", x.grad)',
        "def central(f, x, eps=1e-3):",
        "gradcheck(torch.relu, ",
        "values, index = x.max(dim=0)",
        "torch.sqrt(x * x).backward()",
    ],
    "lessons/09-real-data.md": ["loader = DataLoader(train_set, batch_size=32, shuffle=True)"],
    "reference.md": ["TensorDataset(torch.arange(10.0), torch.arange(10) % 2)"],
}

# pyautograd's import lines -> torch's (longest first, so a module path is swapped whole)
IMPORTS = [
    ("from pyautograd.utils.data import", "from torch.utils.data import"),
    ("from pyautograd.autograd import", "from torch.autograd import"),
    ("from pyautograd import", "from torch import"),
    ("import pyautograd as torch", "import torch"),
]


def as_torch(code):
    """A cell's code with pyautograd's imports swapped for PyTorch's."""
    for ours, theirs in IMPORTS:
        code = code.replace(ours, theirs)
    return code


def test_import_swap_covers_the_lessons_import_forms():
    code = (
        "import pyautograd as torch\nfrom pyautograd import nn, optim\n"
        "from pyautograd.utils.data import DataLoader\nfrom pyautograd.autograd import gradcheck\n"
    )
    assert as_torch(code) == (
        "import torch\nfrom torch import nn, optim\n"
        "from torch.utils.data import DataLoader\nfrom torch.autograd import gradcheck\n"
    )


@pytest.mark.parametrize("page", sorted(UNDER_TORCH))
def test_listed_cells_print_the_same_under_pytorch(page):
    torch = pytest.importorskip("torch", reason="the PyTorch comparison needs torch installed")
    cells = parse_cells((DOCS / page).read_text(encoding="utf-8"))
    picked = [next(c for c in cells if marker in c.code) for marker in UNDER_TORCH[page]]
    for cell in picked:
        assert "pyautograd" not in as_torch(cell.code), f"cell {cell.index} still uses pyautograd"
        assert cell.expected, f"cell {cell.index} has no expected block to compare"
    last = max(c.index for c in picked)
    swapped = [replace(c, code=as_torch(c.code)) for c in cells[: last + 1]]
    torch.manual_seed(0)
    results = run_page(swapped)
    problems = [compare(cell, results[cell.index]) for cell in picked]
    assert not any(problems), "\n\n".join(p for p in problems if p)
