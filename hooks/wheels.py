"""Build what the browser installs into Pyodide: the pyautograd wheel and lessonkit.

pyautograd is built from the repository's ``pyproject.toml`` with pip (no network, no
build isolation: setuptools comes from the venv). The build runs in a scratch copy so
the shared working tree gets no ``build/`` or ``*.egg-info`` litter. Results are cached
by a hash of the sources, so ``mkdocs serve`` rebuilds stay fast.

lessonkit (``runtime/python/lessonkit``) is not a distribution; it ships as a zip of the
package directory that the worker unpacks into site-packages.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

# Files next to pyproject.toml that a build backend may read (readme, license, config).
_PROJECT_FILES = ("pyproject.toml", "setup.cfg", "setup.py", "MANIFEST.in")
_PROJECT_GLOBS = ("README*", "LICENSE*", "LICENCE*", "COPYING*")


class WheelBuildError(Exception):
    pass


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


def zip_lessonkit(root: Path, dest_dir: Path) -> Path:
    """Zip runtime/python/lessonkit: its modules and its data/ folder (the digits and their
    licence), sorted, with fixed timestamps (same input, same bytes)."""
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
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as zf:
        for f in files:
            info = zipfile.ZipInfo(str(f.relative_to(pkg.parent)), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, f.read_bytes())
    return dest
