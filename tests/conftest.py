"""Shared pytest setup: make the repository root and tests/ importable.

Kept deliberately small; comparisons with PyTorch live in ``torch_compare.py``, other helpers
in the test modules that use them.
"""

import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
for p in (ROOT, ROOT / "tests"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

# One thread for PyTorch (OpenMP) and NumPy (OpenBLAS), set before either is imported: the
# suite's arrays are far below the sizes they split between threads, and beside the site
# suite on two cores their idle threads spin for CPU the other processes need (the whole
# suite with coverage: 354 s of CPU with the default threads, 214 s with one).
for _threads in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

from torch_compare import pin_torch_cpu_kernels  # noqa: E402  (tests/ is importable only now)

pin_torch_cpu_kernels()  # before any test imports torch: the kernels the goldens were recorded with
