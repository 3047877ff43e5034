"""What a lesson page's start-up imports: nothing it does not need before the first cell.

Every module imported at start-up is paid for on every page visit in the browser, on the
critical path to the first output (bench/boot.py). Measured in Pyodide under Node:
``difflib`` 40 ms (lessonkit.cells needs it only to explain a mismatch), ``numpy.random``
30 ms (pyautograd's default generator needs it only at the first random number, and the
harness seeds NumPy's global state as it is imported). The worker
takes site-packages from Pyodide's loader rather than ``sysconfig`` (60 ms), and the
harness must not bring it back.
"""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("difflib", "numpy.random", "sysconfig")

START_UP = f"""
import json, sys
sys.path[:0] = [{str(ROOT)!r}, {str(ROOT / "runtime" / "python")!r}]
import numpy
before = set(sys.modules)
import lessonkit, pyautograd
import lessonkit.harness as runner
runner.new_namespace("page 1")  # seeds (numpy.random: as it is first imported)
loaded = sorted(set(sys.modules) - before)
first = pyautograd.randn(3).tolist()
numpy_first = [numpy.random.rand(), numpy.random.rand()]
runner.new_namespace("page 2")  # numpy.random is loaded now: seeded at once
numpy_again = numpy.random.rand()
print(json.dumps({{"loaded": loaded, "first": first, "random_after": "numpy.random" in sys.modules,
                  "numpy": numpy_first, "numpy_again": numpy_again}}))
"""


def test_start_up_leaves_heavy_modules_out():
    out = subprocess.run(
        [sys.executable, "-I", "-c", START_UP], capture_output=True, text=True, check=True
    ).stdout
    seen = json.loads(out)
    assert [m for m in HEAVY if m in seen["loaded"]] == []
    # the lazily made twister still gives PyTorch's numbers (torch.manual_seed(0); torch.randn(3))
    assert seen["random_after"]
    assert [round(x, 4) for x in seen["first"]] == [1.541, -0.2934, -2.1788]
    # NumPy's global state as numpy.random.seed(0) leaves it, on each page
    assert [round(x, 6) for x in seen["numpy"]] == [0.548814, 0.715189]
    assert round(seen["numpy_again"], 6) == 0.548814
