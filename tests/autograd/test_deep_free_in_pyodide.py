"""Freeing a graph 100,000 nodes deep in Pyodide itself, under Node.

CPython's guard against deep nested frees measures the C stack, which Pyodide keeps in
WebAssembly memory, while the nested calls use the JavaScript engine's own, smaller stack:
without ``pyautograd/teardown.py`` Pyodide dies with a fatal error (Node: at a chain of
about 1,500 nodes; Chromium: about 800). CPython on this machine cannot show it, so this
runs the real thing. Skipped when Node, Pyodide (node_modules) or NumPy's Pyodide wheel
(PYODIDE_PACKAGES_DIR, default ~/.cache/pyodide-packages) is absent.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"
PACKAGES = Path(os.environ.get("PYODIDE_PACKAGES_DIR") or Path.home() / ".cache" / "pyodide-packages")

SCRIPT = """
import { loadPyodide } from %(module)s;
const py = await loadPyodide({ indexURL: %(index)s });
await py.loadPackage(%(wheel)s);
py.mountNodeFS("/repo", %(root)s);
const out = py.runPython(`
import sys
sys.path.insert(0, "/repo")
import pyautograd as torch
x = torch.ones(2, requires_grad=True)
s = x
for _ in range(100_000):
    s = s + x
depth = 0
node = s.grad_fn
while node is not None and node.next_functions:
    node, depth = node.next_functions[0][0], depth + 1
total = s[0].item()
s = node = None  # the whole chain dies here
kept = torch.ones(1).item()
"%%d %%s %%s" %% (depth, total, kept)
`);
console.log(JSON.stringify(out));
"""


def _wheel():
    wheels = sorted(PACKAGES.glob("numpy-*_wasm32.whl"))
    return wheels[-1] if wheels else None


def test_a_chain_of_100000_nodes_is_freed_without_killing_pyodide():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    if not (PYODIDE / "pyodide.mjs").exists():
        pytest.skip("node_modules/pyodide is absent (bash scripts/setup-node)")
    wheel = _wheel()
    if wheel is None:
        pytest.skip(f"NumPy's Pyodide wheel is not in {PACKAGES}")
    script = SCRIPT % {
        "module": json.dumps((PYODIDE / "pyodide.mjs").as_uri()),
        "index": json.dumps(str(PYODIDE) + "/"),
        "wheel": json.dumps(str(wheel)),
        "root": json.dumps(str(ROOT)),
    }
    proc = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    # the walk reaches the first AddBackward0, whose next edge is x's AccumulateGrad
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == "100000 100001.0 1.0", proc.stdout
