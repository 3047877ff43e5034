"""Shared pytest setup: make the repository root and tests/ importable.

Kept deliberately small; comparisons with PyTorch live in ``torch_compare.py``, other helpers
in the test modules that use them.
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
for p in (ROOT, ROOT / "tests"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from torch_compare import pin_torch_cpu_kernels  # noqa: E402  (tests/ is importable only now)

pin_torch_cpu_kernels()  # before any test imports torch: the kernels the goldens were recorded with
