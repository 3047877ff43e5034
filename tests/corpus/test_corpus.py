"""Outside teaching code under pyautograd prints what it prints under PyTorch,
except for the snippets listed, each with its reason, in known_differences.txt.

The list must be exact: a snippet that starts to differ is a regression, and a
snippet that stops differing must leave the list (so fixes are recorded).
PyTorch's side comes from tests/golden/corpus.json (``run.py --record``).
"""

import os
import platform

import pytest
from corpus import run

SNIPPETS = run.load_snippets()


def test_golden_file_covers_every_snippet_as_written():
    golden = run.read_golden()
    stale = [s.id for s in SNIPPETS if s.id not in golden or golden[s.id]["source_sha"] != s.sha]
    assert not stale, f"re-record with `python tests/corpus/run.py --record`: {stale}"
    assert sorted(golden) == sorted(s.id for s in SNIPPETS)


def test_every_known_difference_has_a_reason_and_a_snippet():
    known = run.read_known()
    ids = {s.id for s in SNIPPETS}
    assert not [i for i in known if i not in ids], "known_differences.txt names snippets that do not exist"
    assert all(known.values()), "every known difference needs a one-line reason"


def test_differing_snippets_are_exactly_the_known_ones():
    found = run.compare_all(SNIPPETS, run.read_golden())
    differing = {i for i, d in found.items() if d}
    known = set(run.read_known())
    regressions = sorted(differing - known)
    fixed = sorted(known - differing)
    report = [f"{i}: {found[i]}" for i in regressions]
    assert not regressions, "newly differing from PyTorch:\n" + "\n".join(report)
    assert not fixed, f"now identical to PyTorch, remove from known_differences.txt: {fixed}"


def test_torch_side_runs_the_kernels_the_goldens_are_recorded_with(monkeypatch):
    """Recording (and --live) pins PyTorch's CPU kernels as the tests do, so an AVX-512
    machine records what an AVX2 one does."""
    torch = pytest.importorskip("torch")
    monkeypatch.delenv("ATEN_CPU_CAPABILITY", raising=False)
    monkeypatch.setattr(platform, "machine", lambda: "x86_64")
    monkeypatch.setattr(torch, "set_num_threads", lambda n: None)  # keep this process's threads
    run.import_backend("torch")
    assert os.environ.get("ATEN_CPU_CAPABILITY") == "avx2"


@pytest.mark.parametrize(
    "ours, theirs, same",
    [
        ("tensor([0.1235, 2.0000])", "tensor([0.1234, 2.0000])", True),  # one unit in the last printed digit
        ("tensor([0.1237, 2.0000])", "tensor([0.1234, 2.0000])", False),
        ("3.2974", "4.1218", False),
        ("0.30000001192092896", "0.3000000119209291", True),
        ("tensor(3.)", "tensor(4.)", False),  # integer-valued prints get no last-digit slack
        ("torch.Size([2, 3])", "torch.Size([3, 3])", False),
        ("AddBackward0", "AddBackward1", False),
        ("tensor([1., 2.])", "tensor([1.,  2.])", False),
        ("nan", "nan", True),
        ("1.0000e-05", "1.0001e-05", True),
    ],
)
def test_number_tolerance(ours, theirs, same):
    assert run.same_text(ours, theirs) is same
