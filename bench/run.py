"""Time one training step of each case for pyautograd and its peers, in one run.

    python bench/run.py            # full sizes, writes bench/RESULTS.md
    python bench/run.py --quick    # tiny sizes and few repeats (a smoke test), writes nothing

Each number is the median, over 11 rounds, of the mean time of one step in a loop of steps
sized to last ~0.08 s; in each round every framework runs one loop, so load changes on the
machine hit all of them alike. Every library doing array work runs on one thread (NumPy's BLAS
and PyTorch), so they are compared like for like. Ratios are peer time / pyautograd time:
above 1 means pyautograd is faster.
"""

import os

for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):  # before NumPy loads
    os.environ.setdefault(var, "1")

import argparse  # noqa: E402
import pathlib  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import cases  # noqa: E402

FULL_SIZES = {"b": ((784, 256, 10), 128), "c": ((2, 64, 64, 1), 32)}
QUICK_SIZES = {"b": ((12, 8, 3), 4), "c": ((2, 4, 4, 1), 3)}
CASE_NAMES = {
    "a": "(a) scalar two-layer network (lessons)",
    "b": "(b) MLP 784-256-10, batch 128",
    "c": "(c) MLP 2-64-64-1, batch 32",
}
STYLE_NAMES = {
    "optim": "`nn.Linear` + optimizer",
    "manual": "`nn.Linear` + manual `no_grad` update",
    "raw": "raw ops (`X @ W + b`, elementary loss) + manual update",
}
SCALAR_STYLE_NAMES = {"optim": "optimizer", "manual": "manual `no_grad` update"}


def styles_of(case):
    """The styles pyautograd and PyTorch run a case in (the scalar network is raw ops)."""
    return cases.SCALAR_STYLES if case == "a" else cases.STYLES


# A row of the table is (case, style); pyautograd and PyTorch run every style, the other
# peers update by hand and appear with the same time on every row of a case.
ROWS = [(case, style) for case in "abc" for style in styles_of(case)]
GOALS = {  # peer: pyautograd must be at most this many times the peer's time, per case
    "torch": {"a": 1.0, "b": 1.0, "c": 1.0},
    "hips": {"a": 1.0, "b": 1.0, "c": 1.0},
    "numpy": {"b": 1.2, "c": 2.0},
    "micrograd": {"a": 2.0},
}


def available(framework):
    module = {
        "pyautograd": "pyautograd",
        "numpy": "numpy",
        "torch": "torch",
        "hips": "autograd",
        "micrograd": "micrograd",
    }[framework]
    try:
        __import__(module)
    except ImportError:
        return False
    if framework == "torch":
        import torch

        torch.set_num_threads(1)
    return True


def loop_size(step, budget):
    """How many steps fill ``budget`` seconds (after a warm-up)."""
    for _ in range(3):
        step()  # warm up (first-call caches, allocations)
    start, n = time.perf_counter(), 0
    while time.perf_counter() - start < budget / 4 or n < 2:
        step()
        n += 1
    return max(1, int(n * budget / (time.perf_counter() - start)))


def time_steps(steps, repeats, budget):
    """Median seconds per step for each framework. Repeats take turns (one loop of each
    framework, then the next round), so a change in the machine's load hits all alike."""
    loops = {f: loop_size(step, budget) for f, step in steps.items()}
    samples = {f: [] for f in steps}
    for _ in range(repeats):
        for f, step in steps.items():
            t0 = time.perf_counter()
            for _ in range(loops[f]):
                step()
            samples[f].append((time.perf_counter() - t0) / loops[f])
    return {f: statistics.median(v) for f, v in samples.items()}


def time_step(step, repeats, budget):
    return time_steps({"one": step}, repeats, budget)["one"]


def run(quick=False, frameworks=cases.FRAMEWORKS, only_cases="abc"):
    """Time every row; ``results[(case, style), framework]`` is seconds per step."""
    sizes = QUICK_SIZES if quick else FULL_SIZES
    repeats, budget = (3, 0.002) if quick else (11, 0.08)
    frameworks = [f for f in frameworks if available(f)]
    results, first_losses = {}, {}
    for case in only_cases:
        steps = {}
        for framework in frameworks:
            styles = styles_of(case) if framework in ("pyautograd", "torch") else (None,)
            for style in styles:
                kwargs = {"style": style} if style else {}
                step = cases.build(case, framework, sizes, **kwargs)
                if step is None:
                    continue
                first_losses[(case, style or "optim"), framework] = cases.scalar_loss(step())
                steps[framework, style] = cases.build(case, framework, sizes, **kwargs)  # same start
        for (framework, style), seconds in time_steps(steps, repeats, budget).items():
            for row_style in (style,) if style else styles_of(case):
                results[(case, row_style), framework] = seconds
    return results, first_losses, frameworks


def fmt_time(seconds):
    us = seconds * 1e6
    return f"{us:,.1f} µs" if us < 1000 else f"{us / 1000:,.2f} ms"


def row_name(row):
    case, style = row
    return f"{CASE_NAMES[case]}, {(SCALAR_STYLE_NAMES if case == 'a' else STYLE_NAMES)[style]}"


def table(results, frameworks, only_cases="abc"):
    lines = [
        "| case | " + " | ".join(cases.LABELS[f] for f in frameworks) + " |",
        "|---|" + "---|" * len(frameworks),
    ]
    for row in ROWS:
        if row[0] not in only_cases:
            continue
        own = results.get((row, "pyautograd"))
        cells = []
        for f in frameworks:
            t = results.get((row, f))
            if t is None:
                cells.append("n/a")
            elif f == "pyautograd" or own is None:
                cells.append(fmt_time(t))
            else:
                cells.append(f"{fmt_time(t)} (**{t / own:.2f}**)")
        lines.append(f"| {row_name(row)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def targets(results):
    lines = []
    for peer, limits in GOALS.items():
        for row in ROWS:
            limit = limits.get(row[0])
            own, other = results.get((row, "pyautograd")), results.get((row, peer))
            if limit is None or own is None or other is None:
                continue
            ratio = own / other
            goal = "faster than" if limit == 1.0 else f"within {limit}x of"
            verdict = "met" if ratio <= limit else "MISSED"
            lines.append(
                f"- {row_name(row)}: {goal} {cases.LABELS[peer]}: pyautograd takes "
                f"{ratio:.2f}x its time: **{verdict}**"
            )
    return "\n".join(lines)


def machine():
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    versions = []
    for name in ("numpy", "torch", "autograd", "micrograd"):
        try:
            from importlib.metadata import version

            versions.append(f"{name} {version(name)}")
        except Exception:
            pass
    return (
        f"{cpu}, {os.cpu_count()} logical cores, {platform.system()} {platform.release()}; "
        f"Python {platform.python_version()}; "
        + ", ".join(versions)
        + "; BLAS and PyTorch limited to 1 thread"
    )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes, few repeats, no RESULTS.md")
    parser.add_argument("--output", default=str(pathlib.Path(__file__).with_name("RESULTS.md")))
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results, first_losses, frameworks = run(quick=args.quick)
    text = table(results, frameworks)
    print(text)
    print()
    print(targets(results))
    print(f"\n(whole run: {time.perf_counter() - started:.1f} s)")
    if not args.quick:
        write_results(args.output, text, results, first_losses)
    return results


def write_results(path, text, results, first_losses):
    """Rewrite the ``step`` section of RESULTS.md (other sections and notes are kept)."""
    from results import write_section

    losses = ", ".join(
        f"{cases.LABELS[f]} {v:.6g}"
        for (row, f), v in first_losses.items()
        if row == ("a", "optim") and v is not None
    )
    body = f"""## One training step (forward + backward + update)

Command: `python bench/run.py` (all numbers in this section come from one run of it).

Machine: {machine()}.

Median time per step; in parentheses, **peer time / pyautograd time** (above 1: pyautograd
is faster). micrograd has no sigmoid, so its scalar network uses ReLU instead; it is a scalar
engine, so it has no MLP numbers. Peers without an optimizer (NumPy by hand, HIPS autograd,
micrograd) update by hand and show the same time on every row of a case. pyautograd and
PyTorch run the same code (`bench/cases.py` takes the library) in each style.

{text}

Goals:

{targets(results)}

First-step loss of case (a), a check that everyone computes the same thing: {losses}.
"""
    write_section("step", body, path)


if __name__ == "__main__":
    main()
