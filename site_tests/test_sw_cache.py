"""The service worker's caching rules, unit-tested in Node (runtime/test/sw-cache.test.js):
verified per-build runtime cache, network-first pages, a new build carried over atomically."""

import shutil
import subprocess

import pytest
from conftest import REPO


def test_service_worker_cache_rules_in_node():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: install Node.js (scripts/setup-node needs it too)")
    proc = subprocess.run(
        [node, "--test", str(REPO / "runtime" / "test")], cwd=REPO, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
