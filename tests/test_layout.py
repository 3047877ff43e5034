"""The repository's top level holds only what the design card names (mkdocs.yml, docs/,
pyautograd/, site_tests/, package.json, README.md, and pyproject.toml, tests/, bench/, .ci/,
runtime/, hooks/, scripts/) plus the pin and config files the toolchain reads. A new
directory belongs under one of these, so the layout stays what a reader of the card expects."""

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

DIRECTORIES = {"docs", "pyautograd", "site_tests", "tests", "bench", ".ci", "runtime", "hooks", "scripts"}


def test_top_level_directories_are_the_design_cards():
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    top_dirs = {path.split("/", 1)[0] for path in tracked if "/" in path}
    assert top_dirs <= DIRECTORIES, sorted(top_dirs - DIRECTORIES)
