"""Instructions per training step of one case and style, counted by callgrind.

    .venv/bin/python bench/count_steps.py a optim             # pyautograd, (a), optimizer
    .venv/bin/python bench/count_steps.py c raw numpy         # a peer: NumPy by hand

Timings on a shared machine move by 10-20% from run to run; the number of instructions a
step executes does not, so a change to the per-op cost is measured here and timed by
bench/run.py. The steps run under callgrind between two marker calls (``os.getppid()`` zeroes
the counts, ``os.getpgrp()`` dumps them), so start-up (imports, building the model, warm-up)
is left out; the count is divided by the number of steps.
"""

import os

for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):  # before NumPy loads
    os.environ.setdefault(var, "1")

import pathlib  # noqa: E402
import re  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

SIZES = {"b": ((784, 256, 10), 128), "c": ((2, 64, 64, 1), 32)}


def run_steps(case, style, steps, framework="pyautograd"):
    import cases

    step = cases.build(case, framework, SIZES, style=style)
    for _ in range(3):  # warm up: first-call caches, as bench/run.py does
        step()
    os.getppid()  # marker: callgrind zeroes its counts here
    for _ in range(steps):
        step()
    os.getpgrp()  # marker: callgrind writes the counts of the steps here


def per_step(case, style, framework="pyautograd", steps=1000):
    """Instructions (callgrind's Ir) per step, between the markers of ``run_steps``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                "--zero-before=os_getppid",
                "--dump-before=os_getpgrp",
                sys.executable,
                __file__,
                "--run",
                case,
                style,
                str(steps),
                framework,
            ],
            check=True,
            env=dict(os.environ, PYTHONHASHSEED="0"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        text = pathlib.Path(out + ".1").read_text(errors="replace")
    return int(re.search(r"^totals: (\d+)", text, re.M).group(1)) / steps


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[0] == "--run":  # the process callgrind watches
        case, style, steps, framework = args[1:]
        run_steps(case, style, int(steps), framework)
    else:
        case, style, *rest = args
        framework = rest[0] if rest else "pyautograd"
        print(f"{case} {style} {framework}: {per_step(case, style, framework):,.0f} instructions per step")
