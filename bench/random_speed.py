"""How fast PyTorch-identical random numbers are: ``randn(1000, 1000)`` against NumPy.

    python bench/random_speed.py            # measures, prints the ratios, writes its section of RESULTS.md
    python bench/random_speed.py --quick    # a few small rounds, writes nothing

The goal (issue 13): ``pyautograd.randn(1000, 1000)`` within 3x the time of NumPy's own
``Generator.standard_normal`` for the same count (10**6 numbers, NumPy's default float64).
Rounds alternate the contenders so load on the shared machine hits them alike; each number is
the median over the rounds.

Where the time goes (profiled): float32 is the AVX2 Box-Muller kernel redone step by step in
NumPy (``pyautograd.float32_math``): about 140 NumPy operations over each chunk of uniforms,
half of them emulating fused multiply-adds; drawing the raw MT19937 words takes about a tenth. float64 is
slower because PyTorch's float64 kernel calls the C library's ``log``, and NumPy's vectorised
float64 ``log`` is its own AVX-512 code on machines that have it (0.35% of results differ in
the last bit), so each of the 500 000 logarithms goes through Python's ``math.log``. Where
NumPy's log is the C library's (machines without AVX-512, Pyodide) a probe notices and the
vectorised one is used.
"""

import os

for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(var, "1")

import argparse  # noqa: E402
import pathlib  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import results  # noqa: E402

import pyautograd  # noqa: E402

GOAL = 3.0


def contenders(n, side):
    rng = np.random.default_rng(0)
    pyautograd.manual_seed(0)
    found = {
        "pyautograd.randn (float32)": lambda: pyautograd.randn(side, side),
        "pyautograd.randn (float64)": lambda: pyautograd.randn(side, side, dtype=pyautograd.float64),
        "pyautograd.rand (float32)": lambda: pyautograd.rand(side, side),
        "NumPy standard_normal (float64)": lambda: rng.standard_normal(n),
        "NumPy standard_normal (float32)": lambda: rng.standard_normal(n, dtype=np.float32),
    }
    try:
        import torch

        torch.set_num_threads(1)
        found["PyTorch randn (float32, 1 thread)"] = lambda: torch.randn(side, side)
    except ImportError:
        pass
    return found


def measure(rounds, side):
    """Median wall-clock and CPU time of each contender (CPU time: the process's own, which
    other work on a shared machine disturbs less)."""
    n = side * side
    funcs = contenders(n, side)
    wall = {name: [] for name in funcs}
    cpu = {name: [] for name in funcs}
    for _ in range(rounds):
        for name, f in funcs.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            f()
            cpu[name].append(time.process_time() - start_cpu)
            wall[name].append(time.perf_counter() - start)
    return {name: (statistics.median(wall[name]), statistics.median(cpu[name])) for name in funcs}


def _load():
    """The 1-minute load average, to judge how quiet the machine was (where the OS tells it)."""
    if not hasattr(os, "getloadavg"):
        return "load average unknown"
    return f"load average {os.getloadavg()[0]:.1f} at the end"


def report(medians, side, rounds):
    base, base_cpu = medians["NumPy standard_normal (float64)"]
    ours, ours_cpu = medians["pyautograd.randn (float32)"]
    ratio = ours / base
    lines = [
        "## Random numbers: `randn(1000, 1000)` with PyTorch's exact numbers",
        "",
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} logical cores; "
        f"Python {platform.python_version()}, numpy {np.__version__}; median of {rounds} rounds, "
        f"{side}x{side} numbers each; {_load()}.",
        "",
        "| what | time | / NumPy standard_normal (float64) | CPU time | / NumPy (CPU) |",
        "|---|---|---|---|---|",
    ]
    for name, (t, c) in medians.items():
        lines.append(
            f"| {name} | {t * 1e3:.1f} ms | {t / base:.2f} | {c * 1e3:.1f} ms | {c / base_cpu:.2f} |"
        )
    verdict = "met" if ratio <= GOAL else "MISSED"
    lines += [
        "",
        f"Goal: within {GOAL:.0f}x NumPy's own `standard_normal`: {ratio:.2f}x, **{verdict}** "
        f"({ours_cpu / base_cpu:.2f}x in CPU time).",
    ]
    return "\n".join(lines), ratio


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    side, rounds = (100, 3) if args.quick else (1000, 15)
    medians = measure(rounds, side)
    body, ratio = report(medians, side, rounds)
    print(body)
    if not args.quick:
        results.write_section("random", body)
    print(f"\nratio randn(1000, 1000) / NumPy standard_normal: {ratio:.2f}")


if __name__ == "__main__":
    main()
