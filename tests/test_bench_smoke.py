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
    for row in run.ROWS:  # every case in each of its styles, for pyautograd and PyTorch
        assert (row, "pyautograd") in results and (row, "torch") in results, row
    assert all(t > 0 for t in results.values())
    text = run.table(results, frameworks)
    assert text.count("\n") == 1 + len(run.ROWS) and "manual `no_grad` update" in text
    goals = run.targets(results)
    assert goals.count("\n") + 1 == 2 * len(run.ROWS) + 3 * 2 + 2  # torch, hips; numpy b, c; micrograd a


def test_scalar_network_first_loss_is_the_lessons_for_every_sigmoid_framework():
    _, losses, frameworks = run.run(quick=True, only_cases="a")
    for (row, f), loss in losses.items():
        if f != "micrograd":
            assert loss == pytest.approx(1.0, rel=1e-6), (row, f)
    if "micrograd" in frameworks:  # ReLU instead of sigmoid: relu(0) = 0, so yhat = 0 and L = 0
        assert losses[("a", "optim"), "micrograd"] == pytest.approx(0.0)


@pytest.mark.parametrize("case", ["b", "c"])
def test_mlp_cases_agree_on_the_first_loss(case):
    _, losses, frameworks = run.run(quick=True, only_cases=case)
    ref = losses[(case, "optim"), "numpy"]
    assert len(losses) == 3 + 3 + 2  # pyautograd and torch in three styles, NumPy, HIPS
    for (row, f), loss in losses.items():
        assert loss == pytest.approx(ref, rel=1e-4), (row, f)


@pytest.mark.parametrize("style", cases.STYLES)
def test_steps_train(style):
    step = cases.build("c", "pyautograd", run.QUICK_SIZES, style=style)
    first = cases.scalar_loss(step())
    for _ in range(30):
        last = cases.scalar_loss(step())
    assert last < first


@pytest.mark.parametrize("case", "abc")
def test_every_style_takes_the_same_steps(case):
    """The manual no_grad update is plain SGD and the raw ops compute the layers' math: after
    ten steps every style holds the same loss."""
    steps = [cases.build(case, "pyautograd", run.QUICK_SIZES, style=s) for s in run.styles_of(case)]
    for _ in range(10):
        losses = [cases.scalar_loss(step()) for step in steps]
    assert losses == pytest.approx([losses[0]] * len(losses), rel=1e-5), case


def test_results_file_rewrites_only_its_own_section(tmp_path):
    out = tmp_path / "RESULTS.md"
    out.write_text("# Benchmarks\n\n<!-- begin step -->\nold\n<!-- end step -->\n## Profile\nnotes kept\n")
    row = ("a", "optim")
    results = {(row, "pyautograd"): 1e-5, (row, "numpy"): 1e-6}
    run.write_results(
        out, run.table(results, ["pyautograd", "numpy"], "a"), results, {(row, "pyautograd"): 1.0}
    )
    text = out.read_text()
    assert text.startswith("# Benchmarks\n\n<!-- begin step -->\n## One training step")
    assert text.endswith("<!-- end step -->\n## Profile\nnotes kept\n") and "old" not in text
    assert "(**0.10**)" in text
    run.write_results(out, "second run", results, {})
    assert text.count("<!-- begin step -->") == 1 and "second run" in out.read_text()
