"""MkDocs hook (mkdocs.yml ``hooks:``): everything ``mkdocs build`` needs beyond Markdown.

* ``on_config``: registers the runnable-cell fences (hooks/cells_fence.py) and the heading
  anchors that keep Bengali words (hooks/slugs.py).
* ``on_page_markdown``: checks every page against the cell contract (lessonkit/cells.py)
  and makes the Jupyter notebook of each page with cells (hooks/notebooks.py).
* ``on_nav``: lists the lessons (nav order) with their exercises, for the progress page.
* ``on_page_content``: fills the progress page's placeholder with that list
  (runtime/src/progress-page.js draws it); puts the notebook's download bar (runtime/src/notebook.js) at the
  top of such a page; without JavaScript it is a plain link to the built notebook.
* ``on_pre_build``: bundles the early start (runtime/src/early.js) once per build.
* ``on_post_page``: links each page to the web app manifest and icon (installable app);
  pages with code cells get the early start inlined at the top of their head, so the
  Python worker is created while the page is still parsing (start-policy.js says when).
  Every page preloads the Bengali font files its text uses (and KaTeX's two basic fonts
  where it has math), so they are there for the first layout instead of each arriving font
  laying the whole page out again while Python starts.
  Material's config on every page names runtime/src/search-worker.js (written next to
  Material's search worker by ``on_post_build``) instead of that worker, which then builds
  the search index only once Python's start is over (search-hold.js).
* ``on_post_build``: writes each page's notebook beside its index.html; writes the browser runtime into the site (hooks/runtime_assets.py):
  Pyodide core, the NumPy wheel (or the read-time fallback), the pyautograd wheel,
  lessonkit, the esbuild bundles, KaTeX, the Bengali font, the app manifest and icons,
  a sha256 manifest and the service worker; then draws every page's formulas with KaTeX
  (hooks/math_prerender.py), so the browser no longer runs it; last, the list of files that
  "save the whole course for offline" keeps (hooks/offline_course.py), after the search
  index has its formulas written as plain text (hooks/search_text.py).
"""

import hashlib
import html
import json
import re
from pathlib import Path

import cells_fence
import math_prerender
import notebooks
import offline_course
import runtime_assets
import search_text
import slugs
from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

APP_SHORT_NAME = "pyautograd"
CELL_MARKER = 'class="lr-cell"'  # hooks/cells_fence.py writes it on every runnable cell
MATH_MARKER = 'class="arithmatex"'  # pymdownx.arithmatex (generic) wraps every formula in it
# under assets/runtime/ (runtime_assets.py writes them): the regular and bold Bengali and Latin
# subsets every page's text and headings use, and KaTeX's main and math-italic faces
PRELOAD_FONTS = tuple(
    f"fonts/noto-sans-bengali-{subset}-{weight}-normal.woff2"
    for subset in ("bengali", "latin")
    for weight in ("400", "700")
)
PRELOAD_MATH_FONTS = ("katex/fonts/KaTeX_Main-Regular.woff2", "katex/fonts/KaTeX_Math-Italic.woff2")
_CHARSET = re.compile(r"<meta charset=[^>]*>", re.IGNORECASE)
_early = {"script": None}
_notebooks = {}  # page URL -> (file name, notebook) of each page with code cells
NOTEBOOK_LINK = "নোটবুক (.ipynb) ডাউনলোড"
PROGRESS_PLACEHOLDER = '<div data-role="course-progress"></div>'
_CHECK_CALL = re.compile(r"""\bcheck\(\s*["']([0-9]+[a-z]?\.[0-9]+)["']""")
_lessons = []  # [{src, title, exercises}] in nav order
# Material's search worker, as its config names it in every page
_SEARCH_WORKER = re.compile(r'("search":\s*"[^"]*assets/javascripts/workers/)(search\.[0-9a-f]+\.min\.js)"')
SEARCH_WORKER_SOURCE = Path(__file__).resolve().parents[1] / "runtime" / "src" / "search-worker.js"
_held_search = {}  # Material's worker file -> (our worker's file name, its text)


def held_search_worker(real: str) -> tuple[str, str]:
    """(file name, text) of search-worker.js loading Material's ``real`` worker (same folder);
    the name carries a digest of the text, as Material's own does."""
    if real not in _held_search:
        text = SEARCH_WORKER_SOURCE.read_text().replace('"__REAL_WORKER__"', f'"./{real}"', 1)
        if f'"./{real}"' not in text:
            raise PluginError(f"{SEARCH_WORKER_SOURCE} has no REAL_WORKER placeholder")
        digest = hashlib.sha256(text.encode()).hexdigest()[:8]
        _held_search[real] = (f"search-held.{digest}.js", text)
    return _held_search[real]


def on_config(config):
    cells_fence.install(config)
    slugs.install(config)
    return config


def on_page_markdown(markdown, page, **kwargs):
    try:
        cells_fence.check_page(markdown, page.file.src_path)
    except cells_fence.CellSyntaxError as exc:
        raise PluginError(str(exc)) from None
    site_url = kwargs["config"].site_url or "/"
    nb = notebooks.notebook(markdown, page.file.src_uri, page.title or "", page.url, site_url)
    if nb is not None:
        _notebooks[page.url] = (notebooks.notebook_name(page.file.src_uri), nb)
    return markdown


def on_nav(nav, config, files):
    _lessons.clear()
    for page in nav.pages:
        src = page.file.src_uri
        if not src.startswith("lessons/"):
            continue
        text = Path(page.file.abs_src_path).read_text(encoding="utf-8")
        exercises = list(dict.fromkeys(_CHECK_CALL.findall(text)))
        _lessons.append({"src": page.file.url, "title": page.title or src, "exercises": exercises})
    return nav


def on_page_content(html_text, page, **kwargs):
    if PROGRESS_PLACEHOLDER in html_text:
        lessons = [
            {"href": get_relative_url(x["src"], page.url), "title": x["title"], "exercises": x["exercises"]}
            for x in _lessons
        ]
        data = html.escape(json.dumps(lessons, ensure_ascii=False), quote=True)
        filled = f'<div class="lr-progress" data-role="course-progress" data-lessons="{data}"></div>'
        html_text = html_text.replace(PROGRESS_PLACEHOLDER, filled, 1)
    if page.url not in _notebooks:
        return html_text
    name = html.escape(_notebooks[page.url][0], quote=True)
    bar = (
        f'<p class="lr-notebook" data-role="notebook" data-notebook="{name}">'
        f'<a href="{name}" download="{name}">{NOTEBOOK_LINK}</a></p>'
    )
    return bar + html_text


def on_pre_build(config):
    root = Path(config.config_file_path).resolve().parent
    try:
        _early["script"] = runtime_assets.early_script(root)
    except runtime_assets.SiteBuildError as exc:
        raise PluginError(str(exc)) from None


def on_post_page(output, page, config):
    def href(path):
        return get_relative_url(path, page.url)

    links = (
        f'<link rel="manifest" href="{href("assets/runtime/app.webmanifest")}">'
        f'<link rel="apple-touch-icon" href="{href("assets/runtime/icons/icon-192.png")}">'
    )
    fonts = PRELOAD_FONTS + (PRELOAD_MATH_FONTS if MATH_MARKER in output else ())
    preload = "".join(
        f'<link rel="preload" href="{href("assets/runtime/" + font)}" as="font" type="font/woff2" crossorigin>'
        for font in fonts
    )
    output = output.replace("</head>", links + "</head>", 1)
    # at the top of the head, before the stylesheets: a classic script after them would wait for
    # them to load, and their font requests wait for the first layout
    top = ""
    if CELL_MARKER in output and _early["script"]:
        top = f'<script data-runtime="{href("assets/runtime/")}">{_early["script"]}</script>'
    top += preload
    charset = _CHARSET.search(output)
    if charset:
        output = output[: charset.end()] + top + output[charset.end() :]
    else:
        output = output.replace("<head>", "<head>" + top, 1)
    if '"search":' in output:
        match = _SEARCH_WORKER.search(output)
        if match is None:
            raise PluginError(f"{page.file.src_path}: Material's search worker not found in its config")
        held, _ = held_search_worker(match.group(2))
        output = output[: match.start()] + match.group(1) + held + '"' + output[match.end() :]
    return output


def on_post_build(config):
    root = Path(config.config_file_path).resolve().parent
    app = {
        "name": config.site_name,
        "short_name": APP_SHORT_NAME,
        "description": config.site_description or config.site_name,
    }
    workers = Path(config.site_dir) / "assets" / "javascripts" / "workers"
    for real, (name, text) in _held_search.items():
        if not (workers / real).is_file():
            raise PluginError(f"Material's search worker {real} is not in {workers}")
        (workers / name).write_text(text)
    for url, (name, nb) in _notebooks.items():
        folder = Path(config.site_dir) / url
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    try:
        runtime_assets.build(root, Path(config.site_dir), app)  # also makes node_modules right
    except runtime_assets.SiteBuildError as exc:
        raise PluginError(str(exc)) from None
    math_prerender.prerender_site(Path(config.site_dir), root / "node_modules" / "katex")
    if (Path(config.site_dir) / "search" / "search_index.json").is_file():
        search_text.rewrite_index(Path(config.site_dir))
    offline_course.write(Path(config.site_dir))  # last: it records the pages' final sizes
