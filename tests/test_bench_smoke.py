"""The benchmark's code runs (tiny sizes, no timing assertions) and every framework computes
the same first-step loss, so the timings compare the same work."""

import importlib.util
import pathlib
import sys

import pytest

_MISSING_PEERS = [m for m in ("torch", "autograd", "micrograd") if importlib.util.find_spec(m) is None]
pytestmark = pytest.mark.skipif(
    bool(_MISSING_PEERS), reason=f"benchmark peers not installed: {', '.join(_MISSING_PEERS)}"
)

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "bench"))

import cases  # noqa: E402
import run  # noqa: E402


def test_quick_run_produces_a_table_and_targets():
    results, losses, frameworks = run.run(quick=True)
    assert ("a", "pyautograd") in results and ("c", "pyautograd") in results
    assert all(t > 0 for t in results.values())
    text = run.table(results, frameworks)
    assert text.count("\n") == 4 and "(a) scalar two-layer network" in text
    assert "faster than" in run.targets(results)


def test_scalar_network_first_loss_is_the_lessons_for_every_sigmoid_framework():
    _, losses, frameworks = run.run(quick=True, only_cases="a")
    for f in frameworks:
        if f != "micrograd":
            assert losses["a", f] == pytest.approx(1.0, rel=1e-6), f
    if "micrograd" in frameworks:  # ReLU instead of sigmoid: relu(0) = 0, so yhat = 0 and L = 0
        assert losses["a", "micrograd"] == pytest.approx(0.0)


@pytest.mark.parametrize("case", ["b", "c"])
def test_mlp_cases_agree_on_the_first_loss(case):
    _, losses, frameworks = run.run(quick=True, only_cases=case)
    ref = losses[case, "numpy"]
    for f in frameworks:
        if (case, f) in losses:
            assert losses[case, f] == pytest.approx(ref, rel=1e-4), f


def test_steps_train():
    step = cases.build("c", "pyautograd", run.QUICK_SIZES)
    first = cases.scalar_loss(step())
    for _ in range(30):
        last = cases.scalar_loss(step())
    assert last < first


def test_results_file_keeps_the_profile_section(tmp_path):
    out = tmp_path / "RESULTS.md"
    out.write_text("old\n## Profile\nnotes kept\n")
    results = {("a", "pyautograd"): 1e-5, ("a", "numpy"): 1e-6}
    run.write_results(
        out, run.table(results, ["pyautograd", "numpy"], "a"), results, {("a", "pyautograd"): 1.0}
    )
    text = out.read_text()
    assert text.startswith("# Benchmark") and text.endswith("## Profile\nnotes kept\n")
    assert "(**0.10**)" in text
