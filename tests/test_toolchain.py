"""The toolchain is pinned: every Python package the scripts install is in requirements-lock.txt
at one version with its hashes, and CPython's NumPy is the release Pyodide ships, so the cell
outputs that the tests compare across CPython and the browser come from the same NumPy."""

import json
import pathlib
import re
import tomllib

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PYODIDE_LOCK = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"
PYTHON_LOCK = ROOT / "requirements-lock.txt"


def _name(text):
    """A distribution name in PEP 503's normal form, so `PyYAML` and `pyyaml` are one package."""
    return re.sub(r"[-_.]+", "-", text).lower()


def _version(version):
    """The public part of a version: the lock pins torch's CPU build as `2.13.0+cpu`."""
    return version.split("+", 1)[0]


def _constraints():
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"constraints.txt pins exact versions only: {line!r}"
            pins[_name(name.strip())] = version.strip()
    return pins


def _lock():
    """{name: (version, [hashes])} from the lock; continuation lines carry the hashes."""
    entries = {}
    text = PYTHON_LOCK.read_text()
    for block in re.split(r"\n(?=\S)", text):
        head = block.split("\\", 1)[0].strip()
        if not head or head.startswith("#"):
            continue
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)", head)
        assert match, f"requirements-lock.txt pins exact versions only: {head!r}"
        hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", block)
        entries[_name(match[1])] = (match[2], hashes)
    return entries


def test_constraints_pin_the_tools_exactly():
    pins = _constraints()
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


def test_the_lock_pins_every_package_with_its_hashes():
    lock = _lock()
    assert len(lock) > 50, "requirements-lock.txt holds the whole tree, not only the tools"
    for name, (_, hashes) in lock.items():
        assert hashes, f"{name} has no --hash in requirements-lock.txt"


def test_the_lock_is_up_to_date_with_constraints_and_extras():
    lock = _lock()
    for name, version in _constraints().items():
        assert name in lock, f"{name} is in constraints.txt but not in the lock: run bash scripts/lock-python"
        assert _version(lock[name][0]) == version, (
            f"the lock has {name}=={lock[name][0]}, constraints.txt {version}: run bash scripts/lock-python"
        )
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    for requirement in wanted:
        name = _name(re.match(r"[A-Za-z0-9_.-]+", requirement)[0])
        assert name in lock, f"pyproject.toml needs {name}, the lock lacks it: run bash scripts/lock-python"


def test_numpy_matches_pyodide_lock():
    if not PYODIDE_LOCK.exists():
        pytest.skip("node_modules/pyodide is not installed (run npm ci)")
    pyodide_version = json.loads(PYODIDE_LOCK.read_text())["packages"]["numpy"]["version"]
    assert _lock()["numpy"][0] == pyodide_version, "requirements-lock.txt must pin Pyodide's NumPy"
    assert _constraints()["numpy"] == pyodide_version, "constraints.txt must pin Pyodide's NumPy"
    assert np.__version__ == pyodide_version, (
        f"CPython has NumPy {np.__version__}, the browser {pyodide_version}: run bash scripts/setup-python"
    )


def test_npm_pins_are_exact():
    pkg = json.loads((ROOT / "package.json").read_text())
    for section in ("dependencies", "devDependencies"):
        for name, version in pkg.get(section, {}).items():
            assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{name}@{version} is not an exact pin"


def test_runtimes_are_pinned_for_version_managers():
    assert (ROOT / ".python-version").read_text().strip() == "3.11"
    node_major = (ROOT / ".nvmrc").read_text().strip()
    assert re.fullmatch(r"\d+", node_major), ".nvmrc holds the Node major version"
    engines = json.loads((ROOT / "package.json").read_text())["engines"]
    assert engines["node"] == f">={node_major}"
