"""Draw the site's formulas at build time with KaTeX (in Node), instead of in the browser.

Why: runtime/src/math.js rendered every formula of a page as it loaded (lesson 1: 64), each
one a change to the page that Material's script then laid out again, on the main thread,
while Pyodide started on the machine's other core; and it is 270 kB of JavaScript. Drawn
here, a page arrives with its math in place (also without JavaScript), and math.js is left
out of the pages. Its rule is kept: the same options, and ``data-katex`` on each formula.

Without Node, or if KaTeX fails, the pages keep math.js and the browser draws them, as
before (one warning).
"""

from __future__ import annotations

import html
import json
import logging
import re
import shutil
import subprocess
from pathlib import Path

log = logging.getLogger("mkdocs.hooks.site_build")
RENDER = Path(__file__).resolve().with_name("katex_render.mjs")
# pymdownx.arithmatex (generic): the TeX, HTML-escaped, between \( \) inline or \[ \] display
FORMULA = re.compile(r'<(span|div) class="arithmatex">(.*?)</\1>', re.DOTALL)
MATH_SCRIPT = re.compile(r'<script src="[^"]*assets/runtime/math\.js"[^>]*></script>')
_DELIMITERS = re.compile(r"^\\[(\[]|\\[)\]]$")


def formula(tag: str, inner: str) -> tuple[str, bool]:
    """(TeX, display mode) of one arithmatex element, read as runtime/src/math.js reads it."""
    tex = html.unescape(inner).strip()
    display = tag == "div" or tex.startswith("\\[")
    return _DELIMITERS.sub("", tex), display


def render(formulas: list[tuple[str, bool]], katex_dir: Path) -> list[str] | None:
    """KaTeX's HTML for each formula, or None (with a warning) when Node or KaTeX fails."""
    node = shutil.which("node")
    if node is None:
        log.warning("Node.js not found: formulas are drawn in the browser (math.js)")
        return None
    try:
        proc = subprocess.run(
            [node, str(RENDER), str(katex_dir)],
            input=json.dumps(formulas),
            capture_output=True,
            text=True,
            timeout=300,
        )
        out = json.loads(proc.stdout) if proc.returncode == 0 else None
    except (OSError, subprocess.TimeoutExpired, ValueError) as exc:
        log.warning("drawing formulas with KaTeX failed (%s): they are drawn in the browser", exc)
        return None
    if not isinstance(out, list) or len(out) != len(formulas):
        log.warning(
            "drawing formulas with KaTeX failed: they are drawn in the browser\n%s", proc.stderr[-2000:]
        )
        return None
    return out


def prerender_site(site: Path, katex_dir: Path) -> bool:
    """Draw every formula of every page under ``site`` and drop math.js from the pages.
    False (pages untouched) when the formulas could not be drawn here."""
    pages = {path: path.read_text(encoding="utf-8") for path in site.rglob("*.html")}
    found = {
        path: [formula(m.group(1), m.group(2)) for m in FORMULA.finditer(text)]
        for path, text in pages.items()
    }
    everything = [f for formulas in found.values() for f in formulas]
    drawn = render(everything, katex_dir) if everything else []
    if drawn is None:
        return False
    drawn_iter = iter(drawn)
    for path, text in pages.items():
        if found[path]:
            text = FORMULA.sub(
                lambda m: (
                    f'<{m.group(1)} class="arithmatex" data-katex="ok">{next(drawn_iter)}</{m.group(1)}>'
                ),
                text,
            )
        text = MATH_SCRIPT.sub("", text)
        if text != pages[path]:
            path.write_text(text, encoding="utf-8")
    return True
