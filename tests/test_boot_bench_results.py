"""bench/boot.py writes only its own section of bench/RESULTS.md (other benchmarks own the rest)."""

import importlib.util
import pathlib

import pytest

BOOT = pathlib.Path(__file__).resolve().parents[1] / "bench" / "boot.py"


@pytest.fixture(scope="module")
def boot():
    pytest.importorskip("playwright", reason="bench/boot.py drives Chromium through Playwright")
    spec = importlib.util.spec_from_file_location("boot_bench", BOOT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _round(cold, reload, next_page, offline=2.0, works=True, restored=True):
    return {
        "cold": cold,
        "cold steps": [["worker created", 1000], ["first output", round(cold * 1000)]],
        "reload": reload,
        "reload steps": [["snapshot read", 800], ["first output", round(reload * 1000)]],
        "reload restored Python": restored,
        "next page": next_page,
        "offline reload": offline,
        "offline reload works": works,
        "next page reused Python": True,
    }


def test_ratios_and_verdicts(boot):
    floor_steps = [["worker created", 30], ["numpy imported", 9500]]
    table, verdicts = boot.report([_round(11.0, 5.0, 0.2), _round(12.0, 9.0, 0.3)], [10.0, 10.0], floor_steps)
    assert "**1.15×** floor" in table and "**0.61×** cold" in table
    assert "- cold / floor ≤ 1.15: 1.15 — **met**" in verdicts
    assert "- reload / cold ≤ 0.6: 0.61 — **MISSED**" in verdicts
    assert any("next page" in v and "**met**" in v for v in verdicts)
    assert "memory snapshot: yes" in table
    assert (
        "- cold / floor of each round (floor measured just before on odd rounds, just after on even): 1.10, 1.20; median 1.15"
        in verdicts
    )
    assert (
        "- floor, where the time went (last round, s since navigation): worker created 0.03, numpy imported 9.50"
        in verdicts
    )
    assert (
        "- reload, where the time went (last round, s since navigation): snapshot read 0.80, first output 9.00"
        in verdicts
    )


def test_the_machines_cpu_over_both_loads_is_reported(boot):
    rounds = [_round(11.0, 5.0, 0.2), _round(12.0, 9.0, 0.3)]
    rounds[0]["cold load"], rounds[1]["cold load"] = (7.0, 4.0), (8.0, 5.0)
    _, verdicts = boot.report(rounds, [10.0, 10.0], [], [(5.0, 3.0), (6.0, 4.0)])
    line = next(v for v in verdicts if v.startswith("- CPU the whole machine"))
    assert "floor 5.50 s (1.57 of" in line and "cold 7.50 s (1.67 busy)" in line and "+2.00 s of CPU" in line
    _, verdicts = boot.report(rounds, [10.0, 10.0], [], [(None, 3.0), (None, 4.0)])  # no /proc/stat
    assert not any(v.startswith("- CPU the whole machine") for v in verdicts)


def test_the_machine_cpu_counter_moves_with_work(boot):
    if boot.machine_busy_seconds() is None:
        pytest.skip("no /proc/stat here")
    with boot.MachineLoad() as load:
        end = boot.time.monotonic() + 0.3
        while boot.time.monotonic() < end:
            pass
    assert load.cpu >= 0.15 and load.seconds >= 0.3


def test_a_reload_that_started_python_says_so(boot):
    table, _ = boot.report([_round(11.0, 5.0, 0.2, restored=False)], [10.0], [])
    assert "memory snapshot: NO" in table


def test_section_replaced_in_place_and_others_kept(boot, tmp_path):
    path = tmp_path / "RESULTS.md"
    path.write_text(
        "# Benchmarks\n\n<!-- begin step -->\nstep timings\n<!-- end step -->\n\n## Notes\n\nkept\n"
    )
    boot.write_results(path, "| first |", ["- a"], 3)
    boot.write_results(path, "| second |", ["- b"], 3, load_before=0.4)
    text = path.read_text()
    assert "load average 0.4 before the run, " in text
    assert text.count(boot.SECTION) == 1 and "| second |" in text and "| first |" not in text
    assert text.startswith("# Benchmarks\n\n<!-- begin step -->\nstep timings\n<!-- end step -->\n")
    assert "## Notes\n\nkept\n" in text and text.count("<!-- begin boot -->") == 1
