"""The lockstep quickselect of kthvalue (many tied rows at once) picks, row for row, the index
the one-row quickselect picks; that one follows PyTorch's kernel (api case
kthvalue_ties_pick_the_kernels_index, and kthvalue_many_tied_rows for this path itself)."""

import numpy as np
import pytest

from pyautograd.ops.sorting import _select, _select_rows


@pytest.mark.parametrize("kind", ["integers", "floats_with_nan", "signed_zeros"])
def test_lockstep_picks_what_one_row_picks(kind):
    rng = np.random.default_rng(["integers", "floats_with_nan", "signed_zeros"].index(kind))
    for _ in range(20):
        n, rows = int(rng.integers(1, 30)), int(rng.integers(1, 25))
        if kind == "integers":
            a = rng.integers(0, 4, (rows, n))
        elif kind == "floats_with_nan":
            a = rng.integers(0, 5, (rows, n)).astype(np.float32)
            a[rng.random((rows, n)) < 0.2] = np.nan
        else:
            a = np.where(rng.random((rows, n)) < 0.5, -0.0, 0.0) + rng.integers(0, 3, (rows, n))
        for k in range(n):
            want = [_select(row.tolist(), k) for row in a]
            assert _select_rows(a, k).tolist() == want
