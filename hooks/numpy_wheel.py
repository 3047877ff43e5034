"""Find NumPy's official Pyodide wheel for the pinned Pyodide and verify it.

Order (issue 4): the folder named by ``PYODIDE_PACKAGES_DIR``; the user cache folder
(``$XDG_CACHE_HOME/pyodide-packages``, default ``~/.cache/pyodide-packages``); a download
from the official Pyodide distribution URL of the pinned version (saved into the cache).
Every candidate is checked against the sha256 in the pinned ``pyodide-lock.json``; a
mismatch is an error, never a silent skip. When nothing is reachable the caller falls
back to loading NumPy at read time from the same official URL, with the same integrity
check done by Pyodide in the browser.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

OFFICIAL_BASE = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"


class WheelMismatch(Exception):
    """A wheel was found but its sha256 differs from the pinned lock file."""


@dataclass
class Resolved:
    path: Path | None  # verified local wheel, or None when only the remote fallback remains
    source: str  # "PYODIDE_PACKAGES_DIR", "cache", "download" or "remote"
    tried: list[str]  # human-readable list of what was tried, for the warning


def official_base(version: str) -> str:
    return OFFICIAL_BASE.format(version=version)


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "pyodide-packages"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _verified(path: Path, sha256: str) -> Path:
    got = sha256_of(path)
    if got != sha256:
        raise WheelMismatch(f"{path}: sha256 {got} does not match pyodide-lock.json ({sha256})")
    return path


def _download(url: str, dest: Path, sha256: str, timeout: float) -> Path:
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_suffix(dest.suffix + ".part")
    with urllib.request.urlopen(url, timeout=timeout) as response, open(partial, "wb") as out:
        shutil.copyfileobj(response, out)
    try:
        _verified(partial, sha256)
    except WheelMismatch:
        partial.unlink()
        raise
    partial.replace(dest)
    return dest


def resolve(file_name: str, sha256: str, version: str, timeout: float = 20.0) -> Resolved:
    tried = []
    env_dir = os.environ.get("PYODIDE_PACKAGES_DIR")
    if env_dir:
        candidate = Path(env_dir).expanduser() / file_name
        tried.append(f"PYODIDE_PACKAGES_DIR ({candidate})")
        if candidate.is_file():
            return Resolved(_verified(candidate, sha256), "PYODIDE_PACKAGES_DIR", tried)
    else:
        tried.append("PYODIDE_PACKAGES_DIR (not set)")
    cached = cache_dir() / file_name
    tried.append(f"cache ({cached})")
    if cached.is_file():
        return Resolved(_verified(cached, sha256), "cache", tried)
    url = official_base(version) + file_name
    tried.append(f"download ({url})")
    try:
        return Resolved(_download(url, cached, sha256, timeout), "download", tried)
    except (urllib.error.URLError, OSError, TimeoutError) as exc:
        tried[-1] += f": {getattr(exc, 'reason', exc)}"
    return Resolved(None, "remote", tried)
