"""Markdown side of the cell contract: ```` ```python {.run} ```` fences become runnable cells.

The fences are registered as pymdownx.superfences custom fences for the languages
``python`` and ``text``. Only fences carrying the ``run`` (python) or ``expected`` (text)
class are changed; every other fence of those languages is highlighted exactly as
superfences would highlight it. The HTML written here is static and readable without
JavaScript: the highlighted code stays in the page, and the runner (runtime/src/page.js)
turns each ``.lr-cell`` into an editor with buttons when the page loads.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "runtime" / "python"))
from lessonkit.cells import EXPECT_ERROR, EXPECTED, RUN, CellSyntaxError, parse_cells  # noqa: E402

# The label shown above an expected-output block (the reader sees it even without JS).
EXPECTED_LABEL = "প্রত্যাশিত আউটপুট"


# Pygments writes an empty anchor per line; a cell's static code is replaced by its
# editor as it comes into view, so they would only be elements to parse and lay out.
_LINE_ANCHOR = re.compile(r'<a id="__codelineno-[^"]*" name="[^"]*" href="[^"]*"></a>')


def _highlight(src, language, options, md, classes, id_value="", attrs=None):
    """Highlight like an ordinary superfences block (Pygments, same CSS classes)."""
    fenced = md.preprocessors["fenced_code_block"]
    return fenced.highlight(
        src,
        language,
        dict(options),
        md,
        classes=list(classes),
        id_value=id_value or "",
        attrs=dict(attrs or {}),
    )


def _validator(language, inputs, options, attrs, md):
    """Accept the same key=value options as the default highlighter (e.g. title, linenums)."""
    from pymdownx.superfences import highlight_validator

    return highlight_validator(language, inputs, options, attrs, md)


def python_fence(src, language, class_name, options, md, **kwargs):
    classes = list(kwargs.get("classes") or [])
    if RUN not in classes:
        return _highlight(src, language, options, md, classes, kwargs.get("id_value"), kwargs.get("attrs"))
    expect_error = EXPECT_ERROR in classes
    rest = [c for c in classes if c not in (RUN, EXPECT_ERROR)]
    code = _LINE_ANCHOR.sub("", _highlight(src, language, options, md, rest))
    marker = ' data-expect-error=""' if expect_error else ""
    lines = src.count("\n") + 1
    return f'<div class="lr-cell"{marker} style="--lr-lines: {lines}" data-src="{html.escape(src, quote=True)}">{code}</div>'


def text_fence(src, language, class_name, options, md, **kwargs):
    classes = list(kwargs.get("classes") or [])
    if EXPECTED not in classes:
        return _highlight(src, language, options, md, classes, kwargs.get("id_value"), kwargs.get("attrs"))
    rest = [c for c in classes if c != EXPECTED]
    code = _highlight(src, language, options, md, rest)
    return f'<div class="lr-expected"><p class="lr-expected-label">{EXPECTED_LABEL}</p>{code}</div>'


def check_page(markdown, src_path):
    """Fail the build on a cell fence the contract does not define (a typo in a class, an
    expected block that follows no cell), instead of rendering it silently as plain code."""
    try:
        parse_cells(markdown)
    except CellSyntaxError as exc:
        raise CellSyntaxError(f"{src_path}: {exc}") from None


def install(config):
    """Add the two custom fences to the superfences configuration of ``config``."""
    mdx = config["mdx_configs"].setdefault("pymdownx.superfences", {})
    if "pymdownx.superfences" not in config["markdown_extensions"]:
        config["markdown_extensions"].append("pymdownx.superfences")
    fences = [f for f in mdx.get("custom_fences", []) if f.get("name") not in ("python", "text")]
    fences.append({"name": "python", "class": "highlight", "format": python_fence, "validator": _validator})
    fences.append({"name": "text", "class": "highlight", "format": text_fence, "validator": _validator})
    mdx["custom_fences"] = fences
