"""Each page with code cells as a Jupyter notebook (nbformat 4) for real PyTorch.

The rules, written once:
* the page's prose becomes Markdown cells (admonitions and tabs as quotes and bold titles,
  links to other pages as full addresses on the site), each runnable cell a code cell
  (``metadata.lesson_cell``: its position on the page; an ``.expect-error`` cell is tagged
  ``raises-exception``), and its expected block a Markdown cell after it;
* the code is rewritten by the rules of runtime/src/notebook-rules.json (pyautograd's
  imports become torch's; imports of course helpers become comments), which the page
  applies to the reader's edits too (runtime/src/notebook.js);
* the first code cell defines the course helpers the page uses (hooks/notebook_prelude.py:
  ``plot``, ``images``, ``boundary`` with matplotlib, ``show`` and ``to_dot`` from
  ``grad_fn``, ``moons``, ``load_digits`` from scikit-learn; ``check``, ``hint``,
  ``show_backward`` and ``count_passes`` stay on the site), and the first Markdown cell says so.
"""

from __future__ import annotations

import ast
import json
import posixpath
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "runtime" / "python"))
from lessonkit.cells import cell_spans, parse_cells  # noqa: E402

RULES = json.loads((ROOT / "runtime" / "src" / "notebook-rules.json").read_text(encoding="utf-8"))["rules"]
PRELUDE = ROOT / "hooks" / "notebook_prelude.py"
FORMAT = {"nbformat": 4, "nbformat_minor": 5}
KERNEL = {
    "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
    "language_info": {"name": "python"},
}
ABOUT = (
    "এই নোটবুকটি কোর্সের পাতা «{title}» থেকে তৈরি ({url}), আসল PyTorch-এ চালানোর জন্য: "
    "`import pyautograd as torch` বদলে `import torch` করা হয়েছে (pyautograd-এর বাকি import-ও torch-এর)। "
    "কোর্সের নিজস্ব সাহায্যকারী ফাংশন ({helpers}) প্রথম কোড-সেলে ছোট করে লেখা আছে: "
    "ছবি আঁকে matplotlib, গ্রাফ দেখায় লেখা হিসেবে, আর অনুশীলনের উত্তর যাচাই হয় শুধু কোর্সের সাইটে। "
    "প্রতিটি কোড-সেলের পরে পাতার প্রত্যাশিত আউটপুট দেওয়া আছে; PyTorch-এর ছাপা রূপ কোথাও সামান্য আলাদা হতে পারে।"
)
EXPECTED_TITLE = "**প্রত্যাশিত আউটপুট:**"
_CONTAINER = re.compile(r"^(?P<indent> *)(?P<mark>!!!|\?\?\?\+?|===)\s*(?P<rest>.*)$")
_ATTRS = re.compile(r"\s*\{:?\s*[.#][^}]*\}")
_MD_LINK = re.compile(r"\]\((?P<target>[^)\s:#]+\.md)(?P<anchor>#[^)\s]*)?\)")


def to_torch(code: str) -> str:
    """A cell's code for real PyTorch (the rules of notebook-rules.json, in order)."""
    for pattern, replacement in RULES:
        code = re.sub(pattern, re.sub(r"\$(\d)", r"\\g<\1>", replacement), code, flags=re.M)
    return code


def torch_printed(text: str) -> str:
    """What pyautograd prints as PyTorch prints it: only the module's name differs
    (``pyautograd.Size`` is ``torch.Size``, ``pyautograd.float64`` is ``torch.float64``)."""
    return re.sub(r"\bpyautograd\.", "torch.", text)


def prelude(codes: list[str], course_page: str) -> tuple[str, list[str]]:
    """The first code cell: the helpers of notebook_prelude.py that ``codes`` name, and their names."""
    source = PRELUDE.read_text(encoding="utf-8")
    tree = ast.parse(source)
    used = {n.id for code in codes for n in ast.walk(_parse(code)) if isinstance(n, ast.Name)}
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    grown = True
    while grown:  # a kept helper's own helpers are kept too
        wanted = {
            n.id for f in used & functions.keys() for n in ast.walk(functions[f]) if isinstance(n, ast.Name)
        }
        grown = not wanted <= used
        used |= wanted
    lines = source.splitlines()
    kept, names = [], []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name not in used:
            continue
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            names.append(node.name)  # a reader is told of the helpers pages call, not their parts
        start = node.lineno - 1 - len(getattr(node, "decorator_list", ()))
        kept.append("\n".join(lines[start : node.end_lineno]))
    if not names:
        return "", []
    head = [line for line in lines[: tree.body[0].lineno - 1] if line.startswith("# ") and not line.isascii()]
    text = "\n".join(head) + "\n" + "\n\n\n".join(kept) + "\n"
    return text.replace("__COURSE_PAGE__", course_page), names


def _parse(code: str) -> ast.AST:
    try:
        return ast.parse(code)
    except SyntaxError:  # a cell whose syntax error is the lesson's point names nothing
        return ast.Module(body=[], type_ignores=[])


def _site_link(target: str, src_path: str, site_url: str) -> str:
    path = posixpath.normpath(posixpath.join(posixpath.dirname(src_path), target))
    path = re.sub(r"(^|/)index\.md$", r"\1", path)
    path = re.sub(r"\.md$", "/", path)
    return site_url.rstrip("/") + "/" + path.lstrip("./")


def prose(lines: list[str], src_path: str, site_url: str) -> str:
    """MkDocs Markdown as notebook Markdown: admonitions become quotes with a bold title,
    tabs a bold title, attribute lists go, links to pages become the site's addresses."""
    out, stack = [], []  # stack: (content indent, quoted)
    for line in lines:
        if line.strip():
            width = len(line) - len(line.lstrip(" "))
            while stack and width < stack[-1][0]:
                stack.pop()
        depth = stack[-1][0] if stack else 0
        quoted = any(q for _, q in stack)
        body = line[depth:] if line[:depth].strip() == "" else line.lstrip()
        m = _CONTAINER.match(line)
        if m and len(m.group("indent")) >= depth:
            title = re.findall(r'"([^"]*)"', m.group("rest"))
            kind = m.group("rest").split()[0] if m.group("rest").split() else ""
            label = title[0] if title else kind.capitalize()
            body = f"**{label}**" if label else ""
            stack.append((len(m.group("indent")) + 4, m.group("mark") != "==="))
            out.append(("> " if quoted or stack[-1][1] else "") + body)
            continue
        body = _ATTRS.sub("", body)
        body = _MD_LINK.sub(
            lambda k: f"]({_site_link(k.group('target'), src_path, site_url)}{k.group('anchor') or ''})", body
        )
        out.append(("> " + body).rstrip() if quoted else body)
    return "\n".join(out).strip("\n")


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text.splitlines(keepends=True)}


def code_cell(source: str, metadata: dict) -> dict:
    return {
        "cell_type": "code",
        "execution_count": None,
        "metadata": metadata,
        "outputs": [],
        "source": source.rstrip("\n").splitlines(keepends=True),
    }


def notebook(markdown: str, src_path: str, title: str, page_url: str, site_url: str) -> dict | None:
    """The notebook of one page (None for a page without runnable cells)."""
    cells = parse_cells(markdown)
    if not cells:
        return None
    lines = [line.expandtabs(4) for line in markdown.splitlines()]
    spans = cell_spans(markdown)
    codes = [to_torch(c.code) for c in cells]
    course_page = site_url.rstrip("/") + "/" + page_url.lstrip("/")
    first, helpers = prelude(codes, course_page)
    about = ABOUT.format(title=title, url=course_page, helpers=", ".join(f"`{h}`" for h in helpers) or "নেই")
    out = [_markdown(about)]
    if first:
        out.append(code_cell(first, {"lesson_prelude": True}))
    at = 0
    for cell, code, (start, end) in zip(cells, codes, spans):
        text = prose(lines[at:start], src_path, site_url)
        if text:
            out.append(_markdown(text))
        meta = {"lesson_cell": cell.index}
        if cell.expect_error:
            meta["tags"] = ["raises-exception"]
        out.append(code_cell(code, meta))
        if cell.expected is not None:
            out.append(
                _markdown(f"{EXPECTED_TITLE}\n\n```text\n{torch_printed(cell.expected).rstrip()}\n```")
            )
        at = end
    text = prose(lines[at:], src_path, site_url)
    if text:
        out.append(_markdown(text))
    for k, cell in enumerate(out):
        cell["id"] = f"cell-{k}"
    return {**FORMAT, "metadata": {**KERNEL, "lesson": {"page": course_page, "title": title}}, "cells": out}


def notebook_name(src_path: str) -> str:
    """The file name of a page's notebook, written beside the page's index.html."""
    return Path(src_path).stem + ".ipynb"
