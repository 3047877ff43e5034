"""The docs pages and their cells, for the tests: which pages the site has (read from
``mkdocs.yml``'s nav, so a new lesson needs no test edit) and the cell contract itself,
which lives in ``runtime/python/lessonkit/cells.py`` (shared with the build hook and the
browser's runner; its docstring states the contract).

To check one page by hand::

    .venv/bin/python tests/doc_cells.py docs/lessons/01-computational-graph.md
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

REPO_ROOT = Path(__file__).resolve().parent.parent
RUNTIME_PYTHON = REPO_ROOT / "runtime" / "python"
DOCS = REPO_ROOT / "docs"
for _path in (str(RUNTIME_PYTHON), str(REPO_ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from lessonkit.cells import (  # noqa: E402  (the path above makes lessonkit importable)
    Cell,
    CellSyntaxError,
    Result,
    compare,
    normalise,
    observed,
    parse_cells,
    run_page,
)

__all__ = [
    "DOCS",
    "REPO_ROOT",
    "RUNTIME_PYTHON",
    "Cell",
    "CellSyntaxError",
    "Result",
    "check_text",
    "compare",
    "lesson_pages",
    "nav_pages",
    "normalise",
    "observed",
    "parse_cells",
    "run_page",
]


class _NavLoader(yaml.SafeLoader):
    """mkdocs.yml may carry ``!!python/name`` or ``!ENV`` tags; the nav never needs them."""


_NavLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def _walk(nav):
    for item in nav or []:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        if isinstance(value, list):
            yield from _walk(value)
        elif isinstance(value, str) and value.endswith(".md"):
            yield value


def nav_pages() -> list[Path]:
    """Every page of the site's nav, in reading order."""
    config = yaml.load((REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_NavLoader)
    return [DOCS / p for p in _walk(config.get("nav"))]


def lesson_pages() -> list[Path]:
    """The lessons (pages under docs/lessons/), in the nav's order: lesson n is item n - 1."""
    return [p for p in nav_pages() if p.parent.name == "lessons"]


def check_text(markdown_text: str) -> list[tuple[Cell, str]]:
    """Run a page's cells and return ``(cell, problem)`` for every cell that fails."""
    cells = parse_cells(markdown_text)
    results = run_page(cells)
    return [(c, p) for c, r in zip(cells, results) if (p := compare(c, r))]


if __name__ == "__main__":
    status = 0
    for name in sys.argv[1:]:
        text = Path(name).read_text(encoding="utf-8")
        n = len(parse_cells(text))
        problems = check_text(text)
        print(f"{name}: {n} cells, {len(problems)} failing")
        for cell, problem in problems:
            status = 1
            print(f"--- cell {cell.index} (line {cell.line})\n{problem}\n")
    sys.exit(status)
