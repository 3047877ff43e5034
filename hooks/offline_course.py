"""The list of files "save the whole course for offline" keeps (called from hooks/site_build.py).

Written last, once every page is final, as ``assets/offline-course.json``::

    {"build": <the runtime manifest's build>, "pages": ["", "lessons/01-.../", ...],
     "files": [[site-relative path, size in bytes(, sha256 for a runtime file)], ...]}

``files`` holds every page (as the address a reader opens: a folder ending in ``/``), the
site's own files those pages load (Material's scripts, styles, images), Material's search
(its workers and index) and every runtime file of the build manifest: Pyodide, NumPy, our
wheels, bundles and fonts. Font files in an older format than a WOFF2 file of the same name
are left out: every browser with a service worker reads WOFF2, so they would only cost data.
Pages come first, so a save cut short still leaves the lessons readable.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

LIST = "assets/offline-course.json"
RUNTIME = "assets/runtime/"
SEARCH_FILES = ("assets/javascripts/workers/", "search/search_index.json")
# files a page names that no reader needs offline
SKIPPED_SUFFIXES = (".map", ".xml", ".gz")
OLD_FONT_SUFFIXES = (".woff", ".ttf", ".otf", ".eot")
_REFERENCE = re.compile(r'\s(?:src|href)="([^"]{1,300})"')


def _pages(site: Path) -> list[str]:
    """Every built page's address (``index.html`` folders), the home page first."""
    pages = []
    for html in sorted(site.rglob("index.html")):
        rel = html.parent.relative_to(site).as_posix()
        if rel.startswith("assets"):
            continue
        pages.append("" if rel == "." else rel + "/")
    return sorted(pages, key=lambda p: (p != "", p))


def _referenced(site: Path, page: str) -> set[str]:
    """Site files outside the runtime that the page at ``page`` names in src/href."""
    text = (site / page / "index.html").read_text(encoding="utf-8")
    found = set()
    for ref in _REFERENCE.findall(text):
        parts = urlsplit(ref)
        if parts.scheme or parts.netloc or not parts.path:
            continue
        path = PurePosixPath(page or ".", unquote(parts.path))
        resolved = (site / path).resolve()
        if not resolved.is_file() or resolved.name == "index.html":
            continue
        rel = resolved.relative_to(site.resolve()).as_posix()
        if not rel.startswith(RUNTIME) and not rel.endswith(SKIPPED_SUFFIXES):
            found.add(rel)
    return found


def _superseded_font(path: str, runtime: dict) -> bool:
    stem, dot, suffix = path.rpartition(".")
    return bool(dot) and "." + suffix in OLD_FONT_SUFFIXES and f"{stem}.woff2" in runtime


def write(site: Path) -> dict:
    """Write the list into ``site``; returns it."""
    manifest = json.loads((site / RUNTIME / "manifest.json").read_text())
    runtime = {path: [entry["size"], entry["sha256"]] for path, entry in manifest["files"].items()}
    data = (site / RUNTIME / "manifest.json").read_bytes()
    runtime[RUNTIME + "manifest.json"] = [len(data), hashlib.sha256(data).hexdigest()]
    pages = _pages(site)
    own = set()
    for page in pages:
        own |= _referenced(site, page)
    for prefix in SEARCH_FILES:
        for p in site.glob(prefix.rstrip("/") + ("/*" if prefix.endswith("/") else "")):
            rel = p.relative_to(site).as_posix()
            if p.is_file() and not rel.endswith(SKIPPED_SUFFIXES):
                own.add(rel)
    files = [[page, (site / page / "index.html").stat().st_size] for page in pages]
    files += [[rel, (site / rel).stat().st_size] for rel in sorted(own)]
    files += [
        [path, *entry] for path, entry in sorted(runtime.items()) if not _superseded_font(path, runtime)
    ]
    listing = {"build": manifest["build"], "pages": pages, "files": files}
    (site / LIST).write_text(json.dumps(listing, ensure_ascii=False, separators=(",", ":")))
    return listing
