"""The toolchain is pinned: CPython's NumPy is the release Pyodide ships, so the cell outputs
that the tests compare across CPython and the browser come from the same NumPy."""

import json
import pathlib
import re

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
LOCK = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"


def _pins():
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"constraints.txt pins exact versions only: {line!r}"
            pins[name.strip().lower()] = version.strip()
    return pins


def test_constraints_pin_the_tools_exactly():
    pins = _pins()
    for name in (
        "numpy",
        "mkdocs",
        "mkdocs-material",
        "pymdown-extensions",
        "playwright",
        "pytest",
        "hypothesis",
        "torch",
        "ruff",
    ):
        assert re.fullmatch(r"\d+(\.\d+)+", pins.get(name, "")), f"{name} is not pinned exactly"


def test_numpy_matches_pyodide_lock():
    if not LOCK.exists():
        pytest.skip("node_modules/pyodide is not installed (run npm ci)")
    lock_version = json.loads(LOCK.read_text())["packages"]["numpy"]["version"]
    assert _pins()["numpy"] == lock_version, "constraints.txt must pin Pyodide's NumPy"
    assert np.__version__ == lock_version, (
        f"CPython has NumPy {np.__version__}, the browser {lock_version}: reinstall with -c constraints.txt"
    )


def test_npm_pins_are_exact():
    pkg = json.loads((ROOT / "package.json").read_text())
    for section in ("dependencies", "devDependencies"):
        for name, version in pkg.get(section, {}).items():
            assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{name}@{version} is not an exact pin"
