"""Put the browser runtime into the built site (called from hooks/site_build.py).

Layout written under ``site/``::

    sw.js                             the service worker: COOP/COEP + caches (needs the site root scope)
    assets/runtime/manifest.json      sha256 + size of every runtime file, NumPy source, wheels, build digest
    assets/runtime/app.webmanifest    web app manifest (+ icons/), so the course installs as an app
    assets/runtime/pyodide/           Pyodide core from node_modules/pyodide (+ NumPy wheel if found)
    assets/runtime/wheels/            pyautograd-*.whl, lessonkit-*.zip (+ numpy-pyc-*.zip: NumPy's bytecode)
    assets/runtime/runner.js ...      esbuild bundles of runtime/src (page, workers, math) + CSS
    assets/runtime/katex/             KaTeX CSS and fonts
    assets/runtime/fonts/             Bengali web font (+ fonts.css)
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import shutil
import subprocess
from pathlib import Path

import app_icons
import numpy_wheel
import wheels

log = logging.getLogger("mkdocs.hooks.site_build")

PYODIDE_CORE = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
FONT_PACKAGE = "@fontsource/noto-sans-bengali"
FONT_WEIGHTS = ("400", "600", "700")


class SiteBuildError(Exception):
    pass


def _stale_packages(root: Path, nm: Path) -> list[str]:
    """Direct dependencies whose installed version differs from the exact pin in package.json."""
    pins = json.loads((root / "package.json").read_text())["dependencies"]
    stale = []
    for name, version in pins.items():
        meta = nm / name / "package.json"
        installed = json.loads(meta.read_text()).get("version") if meta.is_file() else None
        if installed != version:
            stale.append(f"{name} (want {version}, have {installed or 'nothing'})")
    return stale


def _node_modules(root: Path) -> Path:
    """node_modules as package-lock.json pins it; runs `npm ci` when it is missing or stale."""
    nm = root / "node_modules"
    stale = _stale_packages(root, nm)
    if not stale:
        return nm
    npm = shutil.which("npm")
    if npm is None:
        raise SiteBuildError(
            f"{nm} is missing or out of date ({', '.join(stale)}) and npm is not installed: "
            f"install Node.js + npm, then run `npm ci` in {root} (`bash scripts/serve` does this for you)"
        )
    what = "missing" if not nm.is_dir() else "out of date: " + ", ".join(stale)
    log.info("node_modules is %s; running npm ci", what)
    proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, capture_output=True, text=True)
    stale = _stale_packages(root, nm)
    if proc.returncode != 0 or stale:
        raise SiteBuildError(
            f"`npm ci` in {root} failed; run it by hand to see why:\n{proc.stdout}{proc.stderr}"
        )
    return nm


def _pinned_pyodide(root: Path, nm: Path) -> str:
    pinned = json.loads((root / "package.json").read_text())["dependencies"]["pyodide"]
    installed = json.loads((nm / "pyodide" / "package.json").read_text())["version"]
    if pinned != installed:
        raise SiteBuildError(
            f"node_modules has pyodide {installed} but package.json pins {pinned}: run `npm ci`"
        )
    return installed


def _copy(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)


def _numpy(nm: Path, out: Path, version: str) -> dict:
    lock = json.loads((nm / "pyodide" / "pyodide-lock.json").read_text())
    pkg = lock["packages"]["numpy"]
    base = numpy_wheel.official_base(version)
    try:
        found = numpy_wheel.resolve(pkg["file_name"], pkg["sha256"], version)
    except numpy_wheel.WheelMismatch as exc:
        raise SiteBuildError(f"NumPy wheel rejected: {exc}") from None
    info = {"name": "numpy", "file": pkg["file_name"], "sha256": pkg["sha256"], "remote_base": base}
    if found.path is not None:
        _copy(found.path, out / "pyodide" / pkg["file_name"])
        log.info("NumPy wheel %s from %s (sha256 verified)", pkg["file_name"], found.source)
        pyc = wheels.numpy_bytecode(found.path, out / "wheels", nm / "pyodide", version)
        if pyc is not None:  # its sha256 is filled in by _manifest
            info["bytecode"] = {"file": pyc.name, "format": "zip"}
        return {**info, "local": True, "source": found.source}
    message = (
        "NumPy's Pyodide wheel was not found ({}); the site will load it at read time from {} "
        "(integrity-checked). Set PYODIDE_PACKAGES_DIR to a folder holding {} for a fully offline site."
    ).format("; ".join(found.tried), base, pkg["file_name"])
    if os.environ.get("STRICT_OFFLINE") == "1":
        raise SiteBuildError("STRICT_OFFLINE=1: " + message)
    log.warning(message)
    return {**info, "local": False, "source": "remote"}


def _esbuild(root: Path, nm: Path, out: Path) -> None:
    src = root / "runtime" / "src"
    exe = nm / "esbuild" / "bin" / "esbuild"
    common = [
        "--bundle",
        "--minify",
        "--format=esm",
        "--target=es2020",
        "--log-level=warning",
        "--legal-comments=none",
    ]
    page = [
        str(exe),
        str(src / "page.js"),
        str(src / "math.js"),
        "--splitting",
        f"--outdir={out}",
        "--entry-names=[name]",
        "--chunk-names=chunks/[name]-[hash]",
        *common,
    ]
    workers = [
        [str(exe), str(src / name), f"--outfile={out / name}", *common]
        for name in ("worker.js", "snapshot-worker.js", "graph-worker.js")
    ]
    for cmd in (page, *workers):
        _run_esbuild(cmd, root)


def _run_esbuild(cmd: list[str], root: Path) -> str:
    proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SiteBuildError("esbuild failed:\n" + proc.stdout + proc.stderr)
    return proc.stdout


def early_script(root: Path) -> str:
    """The early start (runtime/src/early.js) as one minified classic script, for the hook
    to inline into the head of pages with code cells."""
    nm = _node_modules(root)
    code = _run_esbuild(
        [
            str(nm / "esbuild" / "bin" / "esbuild"),
            str(root / "runtime" / "src" / "early.js"),
            "--bundle",
            "--minify",
            "--format=iife",
            "--target=es2020",
            "--log-level=warning",
            "--legal-comments=none",
        ],
        root,
    )
    if "</script" in code.lower() or "<!--" in code:
        raise SiteBuildError("runtime/src/early.js bundles to text that cannot sit inside <script>")
    return code.strip()


def _service_worker(root: Path, nm: Path, site: Path, precache: dict) -> None:
    """sw.js at the site root: the bundled worker, after the build's file digests. A new
    build is a new script, which is how browsers notice it and swap the cache."""
    exe = nm / "esbuild" / "bin" / "esbuild"
    src = root / "runtime" / "src" / "sw.js"
    code = _run_esbuild(
        [
            str(exe),
            str(src),
            "--bundle",
            "--minify",
            "--format=iife",
            "--target=es2020",
            "--log-level=warning",
        ],
        root,
    )
    header = "const LR_PRECACHE = " + json.dumps(precache, sort_keys=True, separators=(",", ":")) + ";\n"
    (site / "sw.js").write_text(header + code)


def _katex(nm: Path, out: Path) -> None:
    dist = nm / "katex" / "dist"
    _copy(dist / "katex.min.css", out / "katex" / "katex.min.css")
    for font in (dist / "fonts").iterdir():
        _copy(font, out / "katex" / "fonts" / font.name)


def _fonts(nm: Path, out: Path) -> None:
    pkg = nm / FONT_PACKAGE
    css_parts = []
    for weight in FONT_WEIGHTS:
        css = (pkg / f"{weight}.css").read_text()
        for name in re.findall(r"url\(\./files/([^)]+)\)", css):
            _copy(pkg / "files" / name, out / "fonts" / name)
        css_parts.append(css.replace("url(./files/", "url(./fonts/"))
    (out / "fonts.css").write_text("\n".join(css_parts))


DOWNLOAD_STALL_MS = 30000  # the page gives up on a NumPy download with no data for this long


def _manifest(site: Path, out: Path, pyodide_version: str, numpy: dict, wheel_files: dict) -> dict:
    """Write manifest.json; returns what the service worker precaches ({build, files})."""
    files = {}
    targets = sorted(p for p in out.rglob("*") if p.is_file() and p.name != "manifest.json")
    for p in targets:
        files[str(p.relative_to(site))] = {"sha256": numpy_wheel.sha256_of(p), "size": p.stat().st_size}
    for entry in [*wheel_files.values(), *([numpy["bytecode"]] if "bytecode" in numpy else [])]:
        entry["sha256"] = files[f"assets/runtime/wheels/{entry['file']}"]["sha256"]
    listing = "".join(f"{path} {entry['sha256']}\n" for path, entry in sorted(files.items()))
    build = hashlib.sha256(listing.encode()).hexdigest()[:16]
    manifest = {
        "pyodide": pyodide_version,
        "numpy": numpy,
        "wheels": wheel_files,
        "files": files,
        "build": build,
        "download_stall_ms": DOWNLOAD_STALL_MS,
    }
    path = out / "manifest.json"
    path.write_text(json.dumps(manifest, indent=1, sort_keys=True))
    precache = {rel: entry["sha256"] for rel, entry in files.items()}
    precache[str(path.relative_to(site))] = numpy_wheel.sha256_of(path)
    return {"build": build, "files": precache}


def build(root: Path, site: Path, app: dict) -> None:
    """``app``: name, short_name, description of the installable app (from mkdocs.yml)."""
    nm = _node_modules(root)
    version = _pinned_pyodide(root, nm)
    out = site / "assets" / "runtime"
    if out.exists():
        shutil.rmtree(out)
    for name in PYODIDE_CORE:
        _copy(nm / "pyodide" / name, out / "pyodide" / name)
    numpy = _numpy(nm, out, version)
    try:
        wheel = wheels.precompiled_wheel(wheels.build_pyautograd(root), nm / "pyodide", version)
        lessonkit = wheels.zip_lessonkit(root, out / "wheels", nm / "pyodide", version)
    except wheels.WheelBuildError as exc:
        raise SiteBuildError(str(exc)) from None
    _copy(wheel, out / "wheels" / wheel.name)
    _esbuild(root, nm, out)
    _katex(nm, out)
    _fonts(nm, out)
    app_icons.write(out, **app)
    wheel_files = {
        "pyautograd": {"file": wheel.name, "format": "wheel"},
        "lessonkit": {"file": lessonkit.name, "format": "zip"},
    }
    precache = _manifest(site, out, version, numpy, wheel_files)
    _service_worker(root, nm, site, precache)
