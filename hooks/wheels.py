"""Build what the browser installs into Pyodide: the pyautograd wheel and lessonkit.

pyautograd is built from the repository's ``pyproject.toml`` with pip (no network, no
build isolation: setuptools comes from the venv). The build runs in a scratch copy so
the shared working tree gets no ``build/`` or ``*.egg-info`` litter. Results are cached
by a hash of the sources, so ``mkdocs serve`` rebuilds stay fast.

lessonkit (``runtime/python/lessonkit``) is not a distribution; it ships as a zip of the
package directory that the worker unpacks into site-packages.

Both carry their bytecode, compiled by Pyodide's own CPython in Node (hooks/compile_pyc.mjs,
unchecked-hash pycs beside the sources): compiling was most of ``import pyautograd`` in the
browser. Without Node, or if that fails, they ship without it (one warning) and the browser
compiles at import, as it would anyway.

NumPy's official wheel has no bytecode (its ~170 modules are compiled at every ``import
numpy`` in the browser, a third of that import); the wheel itself must stay byte for byte the
official one, so its bytecode ships beside it as a zip of ``__pycache__`` files
(``numpy_bytecode``), unpacked over the installed package before NumPy is imported.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

# Files next to pyproject.toml that a build backend may read (readme, license, config).
_PROJECT_FILES = ("pyproject.toml", "setup.cfg", "setup.py", "MANIFEST.in")
_PROJECT_GLOBS = ("README*", "LICENSE*", "LICENCE*", "COPYING*")


log = logging.getLogger("mkdocs.hooks.site_build")
COMPILE_PYC = Path(__file__).resolve().with_name("compile_pyc.mjs")
ZIP_TIME = (2020, 1, 1, 0, 0, 0)  # fixed timestamps: same input, same bytes


class WheelBuildError(Exception):
    pass


def compile_tree(folder: Path, pyodide_dir: Path) -> bool:
    """Add unchecked-hash pycs (__pycache__/*.cpython-3XY.pyc) for every .py under ``folder``,
    compiled by the Pyodide in ``pyodide_dir`` (node_modules/pyodide). False, with a warning,
    when Node is missing or the compile failed: the sources alone still work."""
    node = shutil.which("node")
    if node is None:
        log.warning("Node.js not found: pyautograd and lessonkit ship without bytecode (slower first import)")
        return False
    try:
        proc = subprocess.run(
            [node, str(COMPILE_PYC), str(pyodide_dir), str(folder)],
            capture_output=True,
            text=True,
            timeout=600,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("compiling bytecode with Pyodide failed (%s): shipping sources only", exc)
        return False
    if proc.returncode != 0:
        log.warning("compiling bytecode with Pyodide failed: shipping sources only\n%s", proc.stderr[-2000:])
        return False
    return True


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def precompiled_wheel(wheel: Path, pyodide_dir: Path, pyodide_version: str) -> Path:
    """``wheel`` with pycs for Pyodide added (and listed in its RECORD); cached beside it per
    Pyodide version. Returns ``wheel`` itself when compiling is not possible."""
    cached = wheel.parent / f"pyc-pyodide-{pyodide_version}" / wheel.name
    if cached.is_file():
        return cached
    with tempfile.TemporaryDirectory(prefix="pyautograd-pyc-") as tmp:
        tree = Path(tmp) / "tree"
        with zipfile.ZipFile(wheel) as zf:
            names = zf.namelist()
            zf.extractall(tree)
        if not compile_tree(tree, pyodide_dir):
            return wheel
        pycs = sorted(str(p.relative_to(tree)) for p in tree.rglob("*.pyc"))
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        out = Path(tmp) / wheel.name
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
            for name in [n for n in names if n != record] + pycs:
                info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, (tree / name).read_bytes())
            lines = [line for line in (tree / record).read_text().splitlines() if line]
            lines += [_record_line(n, (tree / n).read_bytes()) for n in pycs]
            info = zipfile.ZipInfo(record, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, "\n".join(lines) + "\n")
        cached.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(out, cached)
    return cached


def _sources(root: Path) -> list[Path]:
    files = [root / n for n in _PROJECT_FILES if (root / n).is_file()]
    for pattern in _PROJECT_GLOBS:
        files += [p for p in root.glob(pattern) if p.is_file()]
    files += sorted(
        p
        for p in (root / "pyautograd").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    )
    return sorted(set(files))


def numpy_bytecode(wheel: Path, dest_dir: Path, pyodide_dir: Path, pyodide_version: str) -> Path | None:
    """A zip of unchecked-hash pycs for every module of NumPy's ``wheel`` (only the
    ``__pycache__`` files, at the paths they take once the wheel is installed), compiled by
    the Pyodide in ``pyodide_dir``; cached by the wheel's digest and Pyodide's version.
    None (after compile_tree's warning) when it cannot be compiled."""
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()[:10]
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / f"numpy-pyc-{digest}.zip"
    cached = _cache_root() / "numpy-pyc" / f"{digest}-pyodide-{pyodide_version}" / dest.name
    if cached.is_file():
        shutil.copyfile(cached, dest)
        return dest
    with tempfile.TemporaryDirectory(prefix="numpy-pyc-") as tmp:
        tree = Path(tmp)
        with zipfile.ZipFile(wheel) as zf:
            for name in zf.namelist():
                if name.endswith(".py") and not name.startswith("/") and ".." not in name.split("/"):
                    (tree / name).parent.mkdir(parents=True, exist_ok=True)
                    (tree / name).write_bytes(zf.read(name))
        if not compile_tree(tree, pyodide_dir):
            return None
        pycs = sorted(tree.rglob("*.pyc"))
        if not pycs:
            log.warning("no bytecode compiled for %s: NumPy ships without it", wheel.name)
            return None
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zf:
            for p in pycs:
                info = zipfile.ZipInfo(str(p.relative_to(tree)), date_time=ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, p.read_bytes())
    cached.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(dest, cached)
    return dest


def _digest(root: Path, files: list[Path]) -> str:
    h = hashlib.sha256()
    for f in files:
        h.update(str(f.relative_to(root)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _cache_root() -> Path:
    import os

    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pyautograd-lessons" / "wheels"


def build_pyautograd(root: Path) -> Path:
    """Return the path of a pyautograd wheel built from the current sources."""
    if not (root / "pyproject.toml").is_file():
        raise WheelBuildError(f"{root / 'pyproject.toml'} is missing: cannot build the pyautograd wheel")
    if not (root / "pyautograd" / "__init__.py").is_file():
        raise WheelBuildError(
            f"{root / 'pyautograd' / '__init__.py'} is missing: cannot build the pyautograd wheel"
        )
    files = _sources(root)
    cache = _cache_root() / _digest(root, files)
    found = sorted(cache.glob("pyautograd-*.whl")) if cache.is_dir() else []
    if found:
        return found[0]
    with tempfile.TemporaryDirectory(prefix="pyautograd-wheel-") as tmp:
        src = Path(tmp) / "src"
        for f in files:
            dest = src / f.relative_to(root)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, dest)
        out = Path(tmp) / "out"
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--disable-pip-version-check",
            "-q",
            "-w",
            str(out),
            str(src),
        ]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        wheels = sorted(out.glob("pyautograd-*.whl"))
        if proc.returncode != 0 or not wheels:
            raise WheelBuildError("building the pyautograd wheel failed:\n" + proc.stdout + proc.stderr)
        wheel = wheels[0]
        with zipfile.ZipFile(wheel) as zf:
            if "pyautograd/__init__.py" not in zf.namelist():
                raise WheelBuildError(f"{wheel.name} does not contain pyautograd/__init__.py")
        cache.mkdir(parents=True, exist_ok=True)
        final = cache / wheel.name
        shutil.copy2(wheel, final)
        return final


def zip_lessonkit(
    root: Path, dest_dir: Path, pyodide_dir: Path | None = None, pyodide_version: str = ""
) -> Path:
    """Zip runtime/python/lessonkit: its modules and its data/ folder (the digits and their
    licence), sorted, with fixed timestamps (same input, same bytes); with ``pyodide_dir``,
    also the modules' bytecode for that Pyodide (compile_tree; the zip is cached by digest)."""
    pkg = root / "runtime" / "python" / "lessonkit"
    files = sorted(
        p
        for p in pkg.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and (p.suffix == ".py" or p.parent.name == "data")
    )
    if not files:
        raise WheelBuildError(f"{pkg} has no Python files")
    digest = _digest(root, files)[:10]
    dest_dir.mkdir(parents=True, exist_ok=True)
    dest = dest_dir / f"lessonkit-{digest}.zip"
    cached = _cache_root() / "lessonkit" / f"{digest}-pyc-pyodide-{pyodide_version}" / dest.name
    if pyodide_dir is not None and cached.is_file():
        shutil.copyfile(cached, dest)
        return dest
    with tempfile.TemporaryDirectory(prefix="lessonkit-") as tmp:
        tree = Path(tmp)
        entries = {str(f.relative_to(pkg.parent)): f.read_bytes() for f in files}
        compiled = False
        if pyodide_dir is not None:
            for name, data in entries.items():
                (tree / name).parent.mkdir(parents=True, exist_ok=True)
                (tree / name).write_bytes(data)
            compiled = compile_tree(tree, pyodide_dir)
            if compiled:
                entries.update(
                    {str(p.relative_to(tree)): p.read_bytes() for p in sorted(tree.rglob("*.pyc"))}
                )
        with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zf:
            for name in sorted(entries):
                info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                zf.writestr(info, entries[name])
    if compiled:
        cached.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(dest, cached)
    return dest
