"""What `mkdocs build` writes: cells in the HTML, the runtime files, the manifest."""

import hashlib
import json
import re
from html import unescape
from urllib.parse import unquote

from conftest import REPO


def test_manifest_has_sha256_of_every_runtime_file(built_site, manifest):
    runtime = built_site / "assets" / "runtime"
    on_disk = {
        str(p.relative_to(built_site))
        for p in runtime.rglob("*")
        if p.is_file() and p.name != "manifest.json"
    }
    assert on_disk == set(manifest["files"])
    for rel, entry in manifest["files"].items():
        data = (built_site / rel).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], rel
        assert len(data) == entry["size"], rel


def test_pyodide_core_and_numpy_pin_come_from_package_json(built_site, manifest):
    pinned = json.loads((REPO / "package.json").read_text())["dependencies"]["pyodide"]
    assert pinned == "314.0.4" == manifest["pyodide"]
    for name in (
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    ):
        assert (built_site / "assets/runtime/pyodide" / name).is_file(), name
    lock = json.loads((REPO / "node_modules/pyodide/pyodide-lock.json").read_text())
    numpy = manifest["numpy"]
    assert numpy["file"] == lock["packages"]["numpy"]["file_name"]
    assert numpy["sha256"] == lock["packages"]["numpy"]["sha256"]
    assert numpy["remote_base"] == "https://cdn.jsdelivr.net/pyodide/v314.0.4/full/"
    if numpy["local"]:
        wheel = built_site / "assets/runtime/pyodide" / numpy["file"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == numpy["sha256"]


def test_pyautograd_wheel_and_lessonkit_are_shipped(built_site, manifest):
    import zipfile

    wheels = manifest["wheels"]
    with zipfile.ZipFile(built_site / "assets/runtime/wheels" / wheels["pyautograd"]["file"]) as zf:
        names = zf.namelist()
    assert "pyautograd/__init__.py" in names
    shipped = {n for n in names if n.startswith("pyautograd/") and n.endswith(".py")}
    in_repo = {str(p.relative_to(REPO)) for p in (REPO / "pyautograd").rglob("*.py")}
    assert shipped == in_repo
    with zipfile.ZipFile(built_site / "assets/runtime/wheels" / wheels["lessonkit"]["file"]) as zf:
        assert {"lessonkit/__init__.py", "lessonkit/display.py", "lessonkit/exercises.py"} <= set(
            zf.namelist()
        )


def test_pyautograd_and_lessonkit_carry_bytecode_for_pyodides_python(built_site, manifest):
    """Compiled by Pyodide's own CPython at build time (hooks/compile_pyc.mjs): every module
    has an unchecked-hash pyc (PEP 552 flags 0b01: loaded without looking at the source's
    timestamp) for the Python that node_modules/pyodide runs; the sources stay for tracebacks."""
    import zipfile

    lock = json.loads((REPO / "node_modules/pyodide/pyodide-lock.json").read_text())
    major, minor = lock["info"]["python"].split(".")[:2]
    tag = f"cpython-{major}{minor}"
    magics = set()
    for entry in manifest["wheels"].values():
        with zipfile.ZipFile(built_site / "assets/runtime/wheels" / entry["file"]) as zf:
            names = set(zf.namelist())
            sources = {n for n in names if n.endswith(".py")}
            assert sources, entry
            for source in sources:
                folder, _, stem = source.rpartition("/")
                pyc = f"{folder}/__pycache__/{stem[:-3]}.{tag}.pyc"
                assert pyc in names, pyc
                header = zf.read(pyc)[:8]
                assert int.from_bytes(header[4:8], "little") == 0b01, pyc
                magics.add(header[:4])
            if entry["format"] == "wheel":
                record = zf.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
                assert f"__pycache__/__init__.{tag}.pyc,sha256=" in record
    assert len(magics) == 1  # one interpreter compiled them all


def test_numpy_bytecode_covers_every_module_of_the_official_wheel(built_site, numpy_in_site):
    """NumPy's wheel stays the official bytes; its modules' bytecode (unchecked-hash pycs by
    Pyodide's CPython) ships beside it, at the paths the installed package has."""
    import zipfile

    entry = numpy_in_site["bytecode"]
    wheel = built_site / "assets/runtime/pyodide" / numpy_in_site["file"]
    with zipfile.ZipFile(wheel) as zf:
        sources = [n for n in zf.namelist() if n.endswith(".py")]
    with zipfile.ZipFile(built_site / "assets/runtime/wheels" / entry["file"]) as zf:
        names = set(zf.namelist())
        for source in sources:
            folder, _, stem = source.rpartition("/")
            pyc = next((n for n in names if n.startswith(f"{folder}/__pycache__/{stem[:-3]}.cpython-")), None)
            assert pyc is not None, source
            assert int.from_bytes(zf.read(pyc)[4:8], "little") == 0b01, pyc
    assert all(n.endswith(".pyc") for n in names)


def test_materials_config_names_the_held_search_worker(built_site):
    """Material's search worker is loaded by ours (runtime/src/search-worker.js), which holds
    it while Python boots; every page's config names ours, written next to Material's."""
    workers = built_site / "assets/javascripts/workers"
    for html in (built_site / "index.html", built_site / "lessons/01-computational-graph/index.html"):
        found = re.findall(r'"search":\s*"([^"]+)"', html.read_text())
        assert len(found) == 1 and re.search(r"/workers/search-held\.[0-9a-f]{8}\.js$", found[0]), found
        held = workers / found[0].rsplit("/", 1)[1]
        real = re.search(r'const REAL_WORKER = "\./([^"]+)";', held.read_text()).group(1)
        assert (workers / real).is_file() and real.startswith("search.")


def test_pages_with_cells_start_python_from_their_head(built_site):
    """The early start (runtime/src/early.js) is inlined before the stylesheets of pages with
    cells, and only there."""
    with_cells = built_site / "playground/index.html"
    without = built_site / "glossary/index.html"
    html = with_cells.read_text()
    assert 'class="lr-cell"' in html
    head = html[: html.index("</head>")]
    assert head.count("<script data-runtime=") == 1
    assert head.index("<script data-runtime=") < head.index('rel="stylesheet"')
    assert 'data-runtime="../assets/runtime/"' in head
    assert "lessonRunnerEarly" in head
    assert 'class="lr-cell"' not in without.read_text()
    assert "data-runtime=" not in without.read_text()


def test_cells_and_expected_blocks_are_in_the_html(built_site):
    html = (built_site / "playground/index.html").read_text()
    cells = re.findall(r'<div class="lr-cell"[^>]*data-src="([^"]*)"', html)
    assert len(cells) >= 5
    assert "print(a * b)" in cells[1]
    assert html.count('class="lr-expected"') >= 3
    # A plain python fence in a lesson stays ordinary highlighted code.
    assert '<html lang="bn"' in html or "<html lang=bn" in html


def test_cells_static_code_has_no_line_anchors_and_knows_its_line_count(built_site):
    """The static code is shown only until the editor replaces it: Pygments' per-line
    anchors would only add elements to lay out, and the line count sizes it off screen."""
    page = (built_site / "lessons/01-computational-graph/index.html").read_text()
    cells = re.findall(
        r'<div class="lr-cell"[^>]*style="--lr-lines: (\d+)" data-src="([^"]*)">(.*?)</div>', page, re.S
    )
    assert len(cells) >= 5
    for lines, src, code in cells:
        assert int(lines) == unescape(src).count("\n") + 1
        assert "__codelineno" not in code
    # Material then mounts code blocks (copy buttons) only as they come into view.
    assert "content.lazy" in (REPO / "mkdocs.yml").read_text()


def test_no_reference_to_another_origin_in_pages(built_site):
    """Fonts, KaTeX, scripts: all served by the site itself (links in prose are fine; the
    canonical link names the page at site_url and is never fetched)."""
    for page in built_site.rglob("*.html"):
        text = page.read_text()
        for tag in re.findall(r"<(?:script|link|img|iframe)\b[^>]*>", text):
            if 'rel="canonical"' in tag:
                continue
            for url in re.findall(r'(?:src|href)="([^"]+)"', tag):
                assert not re.match(r"(https?:)?//", url), f"{page}: {tag}"
    for css in (built_site / "assets").rglob("*.css"):
        for url in re.findall(r"url\(([^)]+)\)", css.read_text()):
            assert not re.match(r"['\"]?(https?:)?//", url), f"{css}: {url}"


def test_installable_app_manifest_icons_and_service_worker(built_site, manifest):
    """Chromium installs a site with a manifest (name, start_url, display, a 192 and a 512
    px icon) and a service worker with a fetch handler; every page links the manifest."""
    import struct

    runtime = built_site / "assets" / "runtime"
    app = json.loads((runtime / "app.webmanifest").read_text())
    assert app["name"] and app["short_name"] and app["display"] == "standalone"
    assert app["start_url"] == app["scope"] == "../../"  # the site root, seen from assets/runtime/
    sizes = set()
    for icon in app["icons"]:
        data = (runtime / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
        else:
            assert data.startswith(b"<svg")
    assert {192, 512} <= sizes
    for page in ("index.html", "lessons/01-computational-graph/index.html"):
        html = (built_site / page).read_text()
        href = re.search(r'<link rel="manifest" href="([^"]+)"', html).group(1)
        assert (built_site / page).parent.joinpath(href).resolve() == (runtime / "app.webmanifest").resolve()
    sw = (built_site / "sw.js").read_text()
    precache = json.loads(re.match(r"const LR_PRECACHE = (\{.*?\});\n", sw).group(1))
    assert precache["build"] == manifest["build"]
    listed = {rel: entry["sha256"] for rel, entry in manifest["files"].items()}
    assert {k: v for k, v in precache["files"].items() if k != "assets/runtime/manifest.json"} == listed
    assert 'addEventListener("fetch"' in sw


def test_formulas_are_drawn_at_build_time_and_math_js_is_left_out(built_site):
    """hooks/math_prerender.py: every formula arrives drawn by KaTeX (as runtime/src/math.js
    would draw it), so no page loads math.js."""
    lesson = (built_site / "lessons" / "01-computational-graph" / "index.html").read_text()
    formulas = re.findall(r'<(?:span|div) class="arithmatex"[^>]*>', lesson)
    assert len(formulas) > 20
    assert all('data-katex="ok"' in tag for tag in formulas)
    assert lesson.count('class="katex"') >= len(formulas)
    assert "\\(" not in lesson.split('class="md-content"', 1)[1].split("</article>", 1)[0]
    for page in built_site.rglob("*.html"):
        assert "assets/runtime/math.js" not in page.read_text(), page


_HEADING = re.compile(r'<h([1-6]) id="([^"]*)"[^>]*>(.*?)</h\1>', re.S)
_BENGALI = re.compile("[\u0980-\u09ff]")


def test_bengali_headings_have_anchors_in_their_own_words(built_site):
    """A heading's anchor keeps its Bengali letters and vowel signs (hooks/slugs.py), so a
    link to a section says which one; toc makes repeats unique with _1, _2."""
    seen = 0
    for page in sorted((built_site / "lessons").glob("*/index.html")):
        for _, anchor, inner in _HEADING.findall(page.read_text(encoding="utf-8")):
            anchor = unquote(anchor)
            text = unescape(re.sub(r"<[^>]+>", "", inner))
            assert not re.fullmatch(r"_\d+", anchor), f"{page}: {text!r} -> #{anchor}"
            if _BENGALI.search(text):
                seen += 1
                assert _BENGALI.search(anchor), f"{page}: {text!r} -> #{anchor}"
                # every letter and mark of the heading's first word is in its anchor
                first = re.match(r"[\u0980-\u09ff]+", text[_BENGALI.search(text).start() :]).group(0)
                assert first in anchor, f"{page}: {text!r} -> #{anchor}"
    assert seen > 100


def test_every_internal_link_to_a_section_finds_it(built_site):
    """Each ``#…`` link of the site (tables of contents, permalinks, links between pages)
    names an id that exists on the page it leads to."""
    ids = {}

    def ids_of(path):
        if path not in ids:
            ids[path] = {unescape(x) for x in re.findall(r'\bid="([^"]+)"', path.read_text(encoding="utf-8"))}
        return ids[path]

    broken, checked = [], 0
    for page in built_site.rglob("*.html"):
        for href in re.findall(r'<a\b[^>]*\bhref="([^"]*#[^"]*)"', page.read_text(encoding="utf-8")):
            href = unescape(href)
            target, _, fragment = href.partition("#")
            if re.match(r"[a-z]+:|//", target) or not fragment or fragment.startswith("share="):
                continue
            path = (page.parent / unquote(target)).resolve() if target else page
            if path.is_dir():
                path = path / "index.html"
            checked += 1
            if not path.is_file() or unquote(fragment) not in ids_of(path):
                broken.append(f"{page.relative_to(built_site)}: {href}")
    assert not broken, broken[:10]
    assert checked > 500
