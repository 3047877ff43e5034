"""Record PyTorch's answers to the seeded random cases in ``golden/random.json``.

Run ``.venv/bin/python tests/make_random_golden.py`` with torch installed; the cases are in
``random_cases.py`` and the test that reads this file is ``core/test_random_vs_torch.py``.
"""

from __future__ import annotations

import json
import pathlib
import sys
import warnings

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden" / "random.json"


def record(L):
    import random_cases

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return {name: case(L) for name, case in random_cases.CASES.items()}


def main():
    import torch

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    GOLDEN.write_text(json.dumps(record(torch), sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    main()
