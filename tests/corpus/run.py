"""Outside teaching code, run under PyTorch and under pyautograd, compared.

Usage (from the repository root):

    .venv/bin/python tests/corpus/run.py               # counts: run / identical / differing
    .venv/bin/python tests/corpus/run.py --diff        # + a short diff per differing snippet
    .venv/bin/python tests/corpus/run.py -k softmax    # only snippets whose id contains "softmax"
    .venv/bin/python tests/corpus/run.py --differing   # ids of the differing snippets, one a line
    .venv/bin/python tests/corpus/run.py --live        # compare with live torch, not the golden file
    .venv/bin/python tests/corpus/run.py --record      # (needs torch) re-record tests/golden/corpus.json
    .venv/bin/python tests/corpus/run.py --record -k printing/   # re-record only the matching snippets
    .venv/bin/python tests/corpus/run.py --show ID     # print both outcomes of one snippet in full
    .venv/bin/python tests/corpus/run.py --prune-known # drop now-identical snippets from the known list

The snippets live in ``tests/corpus/snippets/*.py``; each starts at a line
``# %% name`` and its id is ``file/name``.  Every snippet runs in its own
forked process, under a backend that was imported once before forking: real
``torch``, or pyautograd with ``torch``, ``torch.nn``, ``torch.optim`` ... aliased
to pyautograd's modules in ``sys.modules`` so the learner's ``import torch``
lines run unchanged.  The outcome is the printed text, the exception (type and
message) the snippet ended with, whether that exception was chained, and the
distinct warnings it raised.  Printed text must match exactly, except numbers,
which may differ within float tolerance.  ``tests/corpus/known_differences.txt``
lists the snippets that still differ, each with its reason; the pytest test
(test_corpus.py) fails when that list and reality disagree in either direction.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import io
import json
import linecache
import math
import os
import pathlib
import pkgutil
import re
import select
import signal
import sys
import time
import traceback
import warnings
from dataclasses import dataclass

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SNIPPETS = HERE / "snippets"
GOLDEN = ROOT / "tests" / "golden" / "corpus.json"
KNOWN = HERE / "known_differences.txt"
TIMEOUT_S = 120.0
MARKER = re.compile(r"^# %% (\S+)\s*$")


# ---------------------------------------------------------------- snippets
@dataclass(frozen=True)
class Snippet:
    id: str
    source: str

    @property
    def sha(self) -> str:
        return hashlib.sha256(self.source.encode()).hexdigest()[:16]


def load_snippets(pattern: str | None = None) -> list[Snippet]:
    """Every ``# %% name`` block of every snippet file, in file order."""
    found: list[Snippet] = []
    for path in sorted(SNIPPETS.glob("*.py")):
        name, lines = None, []
        for line in [*path.read_text().splitlines(), "# %% <end>"]:
            m = MARKER.match(line)
            if not m:
                if name is not None:
                    lines.append(line)
                continue
            if name is not None:
                found.append(Snippet(f"{path.stem}/{name}", "\n".join(lines).strip("\n") + "\n"))
            name, lines = m.group(1), []
    ids = [s.id for s in found]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ValueError(f"duplicate snippet ids: {duplicates}")
    return [s for s in found if pattern is None or pattern in s.id]


# ---------------------------------------------------------------- backends
def import_backend(name: str) -> None:
    """Import the backend once, before forking, so each child starts warm."""
    if name == "torch":
        # the kernels every golden file is recorded with, before torch is imported: PyTorch's
        # last bit otherwise depends on the machine's vector width (torch_compare explains)
        if str(HERE.parent) not in sys.path:
            sys.path.insert(0, str(HERE.parent))
        from torch_compare import pin_torch_cpu_kernels

        pin_torch_cpu_kernels()
        import torch

        torch.set_num_threads(1)  # threads and fork do not mix; also keeps sums in one order
        return
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import pyautograd

    for info in pkgutil.walk_packages(pyautograd.__path__, "pyautograd."):
        __import__(info.name)


def alias_torch_to_pyautograd() -> None:
    """In a child only: ``import torch`` (and ``torch.nn`` ...) gives pyautograd's modules.
    Never in the parent, which may be a pytest process where other tests import real torch."""
    for name, module in list(sys.modules.items()):
        if name == "pyautograd" or name.startswith("pyautograd."):
            sys.modules["torch" + name[len("pyautograd") :]] = module


# ------------------------------------------------------------- one snippet
_TRIGGERED = re.compile(r" \(Triggered internally at [^)]*\)")
_ADDRESS = re.compile(r" object at 0x[0-9a-fA-F]+")
_FRAME = re.compile(r'^ *File "([^"]*)", line \d+, in .*\n(?: {4,}\S.*\n)?', re.MULTILINE)


def normalise(text: str, filename: str = "") -> str:
    """Our module name reads as torch's; PyTorch's C++ source locations go, and
    so do traceback frames (inside warnings such as anomaly mode's) that are not
    the learner's own code."""
    text = _FRAME.sub(lambda m: m.group(0) if m.group(1) == filename else "", text)
    text = _ADDRESS.sub(" object at 0x…", text)  # e.g. print(y.grad_fn)
    return _TRIGGERED.sub("", text).replace("pyautograd.", "torch.")


def execute(snippet: Snippet) -> dict:
    """Run one snippet in this (forked) process and describe what the learner sees."""
    out = io.StringIO()
    seen: list[list[str]] = []
    filename = f"<{snippet.id}>"
    # tracebacks (ours, and anomaly mode's) show the learner's lines, as in a file
    linecache.cache[filename] = (len(snippet.source), None, snippet.source.splitlines(True), filename)

    def record_warning(message, category, *_args, **_kwargs):
        item = [category.__name__, normalise(str(message), filename)]
        if item not in seen:
            seen.append(item)

    sys.stdout = out
    warnings.showwarning = record_warning
    _python_default_warning_filters()
    error, chained = None, False
    try:
        exec(compile(snippet.source, filename, "exec"), {"__name__": "__main__"})
    except BaseException as e:  # noqa: BLE001 - the snippet's ending is what we record
        error = [type(e).__name__, normalise(str(e), filename)]
        chained = e.__cause__ is not None or (e.__context__ is not None and not e.__suppress_context__)
    finally:
        sys.stdout = sys.__stdout__
    return {
        "stdout": normalise(out.getvalue(), filename),
        "error": error,
        "chained": chained,
        "warnings": seen,
    }


def _python_default_warning_filters() -> None:
    """What a learner running a script sees (also when forked from pytest, which changes them)."""
    warnings.resetwarnings()
    for category in (ResourceWarning, ImportWarning, PendingDeprecationWarning, DeprecationWarning):
        warnings.filterwarnings("ignore", category=category)
    warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")


def _child(backend: str, snippet: Snippet, fd: int) -> None:
    try:
        if backend == "pyautograd":
            for name in [n for n in sys.modules if n == "torch" or n.startswith("torch.")]:
                del sys.modules[name]
            alias_torch_to_pyautograd()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        result = execute(snippet)
        payload = json.dumps(result).encode()
    except BaseException:  # noqa: BLE001 - report the runner's own failure as the outcome
        payload = json.dumps({"runner_error": traceback.format_exc()}).encode()
    with os.fdopen(fd, "wb") as f:
        f.write(payload)
    os._exit(0)


def run_all(backend: str, snippets: list[Snippet], jobs: int = 2, timeout: float = TIMEOUT_S) -> dict:
    """Outcome of every snippet, each in its own forked child of a warm process."""
    import_backend(backend)
    results: dict[str, dict] = {}
    pending = list(reversed(snippets))
    running: dict[int, tuple[Snippet, int, float, bytearray]] = {}  # read fd -> (snippet, pid, start, data)
    while pending or running:
        while pending and len(running) < jobs:
            snippet = pending.pop()
            r, w = os.pipe()
            sys.stdout.flush()
            pid = os.fork()
            if pid == 0:
                os.close(r)
                _child(backend, snippet, w)
            os.close(w)
            running[r] = (snippet, pid, time.monotonic(), bytearray())
        ready, _, _ = select.select(list(running), [], [], 1.0)
        for r in ready:
            chunk = os.read(r, 1 << 16)
            if chunk:
                running[r][3].extend(chunk)
                continue
            snippet, pid, _, data = running.pop(r)
            os.close(r)
            os.waitpid(pid, 0)
            try:
                results[snippet.id] = json.loads(bytes(data))
            except ValueError:
                results[snippet.id] = {"runner_error": "child died without a result"}
        for r, (snippet, pid, start, _) in list(running.items()):
            if time.monotonic() - start > timeout:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                os.close(r)
                del running[r]
                results[snippet.id] = {"stdout": "", "error": ["Timeout", f"over {timeout:.0f} s"]}
    return results


# ---------------------------------------------------------------- compare
_NUMBER = re.compile(
    r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?(?![\w])|(?<![\w.])[-+]?(?:nan|inf)\b"
)
REL_TOL = 1e-5
ABS_TOL = 1e-6


def _last_digit_unit(token: str) -> float:
    """One unit in the last printed decimal place ('0.1235' -> 1e-4); 0 for '3' or '3.'."""
    mantissa, _, exponent = token.lower().partition("e")
    decimals = len(mantissa.partition(".")[2])
    return 10.0 ** (int(exponent or 0) - decimals) if decimals else 0.0


def _close(a: str, b: str) -> bool:
    if a == b:
        return True
    x, y = float(a), float(b)
    if math.isnan(x) or math.isnan(y) or math.isinf(x) or math.isinf(y):
        return False
    slack = max(_last_digit_unit(a), _last_digit_unit(b)) * 1.001
    return abs(x - y) <= max(slack, ABS_TOL + REL_TOL * max(abs(x), abs(y)))


def same_text(ours: str, theirs: str) -> bool:
    """Equal text, except numbers, which need only agree within tolerance."""
    if ours == theirs:
        return True
    a, b = _NUMBER.split(ours), _NUMBER.split(theirs)
    na, nb = _NUMBER.findall(ours), _NUMBER.findall(theirs)
    return a == b and len(na) == len(nb) and all(_close(x, y) for x, y in zip(na, nb))


def differences(ours: dict, theirs: dict) -> list[str]:
    """Short human-readable list of what differs (empty when the learner sees the same)."""
    if "runner_error" in ours:
        return ["runner error: " + ours["runner_error"].strip().splitlines()[-1]]
    found = []
    if not same_text(ours["stdout"], theirs["stdout"]):
        diff = difflib.unified_diff(
            theirs["stdout"].splitlines(),
            ours["stdout"].splitlines(),
            "torch",
            "pyautograd",
            n=1,
            lineterm="",
        )
        found.extend(list(diff)[2:14])
    if (ours["error"] is None) != (theirs["error"] is None) or (
        ours["error"]
        and (ours["error"][0] != theirs["error"][0] or not same_text(ours["error"][1], theirs["error"][1]))
    ):
        found.append(f"error: torch {theirs['error']}")
        found.append(f"       ours  {ours['error']}")
    if ours.get("chained") != theirs.get("chained"):
        found.append(f"exception chained: torch {theirs.get('chained')}, ours {ours.get('chained')}")
    w_ours, w_theirs = ours.get("warnings", []), theirs.get("warnings", [])
    if len(w_ours) != len(w_theirs) or any(
        a[0] != b[0] or not same_text(a[1], b[1]) for a, b in zip(w_ours, w_theirs)
    ):
        found.append(f"warnings: torch {w_theirs}")
        found.append(f"          ours  {w_ours}")
    return found


# ---------------------------------------------------------- golden, known
def read_golden() -> dict:
    return json.loads(GOLDEN.read_text())["cases"]


def record_golden(snippets: list[Snippet], pattern: str | None = None) -> None:
    """Record torch's outcomes; with a pattern, only those snippets are re-run
    and the rest of the file is kept (snippets that no longer exist are dropped)."""
    import_backend("torch")  # pins the CPU kernels before torch is imported
    import torch

    chosen = [s for s in snippets if pattern is None or pattern in s.id]
    results = run_all("torch", chosen)
    kept = read_golden() if pattern is not None and GOLDEN.exists() else {}
    cases = {s.id: kept[s.id] for s in snippets if s.id in kept}
    cases.update({s.id: {"source_sha": s.sha, **results[s.id]} for s in chosen})
    payload = {"torch_version": torch.__version__, "cases": cases}
    GOLDEN.write_text(json.dumps(payload, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    print(f"wrote {GOLDEN}: {len(cases)} snippets", file=sys.stderr)


def read_known() -> dict[str, str]:
    """Snippet id -> the one-line reason it still differs."""
    known = {}
    for line in KNOWN.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        ident, _, reason = line.partition(" ")
        known[ident] = reason.strip()
    return known


def prune_known(identical: set[str]) -> None:
    """Remove the snippets that now print what PyTorch prints (a fix must shrink the list)."""
    lines = KNOWN.read_text().splitlines(keepends=True)
    kept = [line for line in lines if line.startswith("#") or line.split(" ", 1)[0] not in identical]
    KNOWN.write_text("".join(kept))
    print(f"known_differences.txt: {len(lines) - len(kept)} fixed snippets removed")


def compare_all(snippets: list[Snippet], reference: dict, jobs: int = 2) -> dict[str, list[str]]:
    """Snippet id -> its differences, for every snippet run under pyautograd."""
    ours = run_all("pyautograd", snippets, jobs=jobs)
    return {s.id: differences(ours[s.id], reference[s.id]) for s in snippets}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-k", dest="pattern", help="only snippets whose id contains this text")
    p.add_argument("--diff", action="store_true", help="print a short diff per differing snippet")
    p.add_argument("--differing", action="store_true", help="print only the differing ids")
    p.add_argument("--live", action="store_true", help="compare with live torch, not the golden file")
    p.add_argument("--record", action="store_true", help="re-record the golden file (needs torch)")
    p.add_argument("--show", metavar="ID", help="print both outcomes of one snippet")
    p.add_argument(
        "--prune-known", action="store_true", help="drop fixed snippets from known_differences.txt"
    )
    p.add_argument("-j", "--jobs", type=int, default=2)
    args = p.parse_args(argv)
    if args.record:
        record_golden(load_snippets(), args.pattern)
        return 0
    snippets = load_snippets(args.show or args.pattern)
    if args.show:
        snippets = [s for s in snippets if s.id == args.show]
    if args.live:
        reference = _run_backend_in_subprocess("torch", args.show or args.pattern)
    else:
        reference = read_golden()
        missing = [s.id for s in snippets if s.id not in reference or reference[s.id]["source_sha"] != s.sha]
        if missing:
            print(f"golden file out of date for {len(missing)} snippets (run --record): {missing[:5]}")
            return 2
    if args.show:
        ours = run_all("pyautograd", snippets, jobs=1)[args.show]
        print("torch:", json.dumps(reference[args.show], indent=1, ensure_ascii=False))
        print("pyautograd:", json.dumps(ours, indent=1, ensure_ascii=False))
        return 0
    found = compare_all(snippets, reference, jobs=args.jobs)
    differing = sorted(i for i, d in found.items() if d)
    if args.differing:
        print("\n".join(differing))
        return 0
    if args.prune_known:
        prune_known({i for i, d in found.items() if not d})
    if args.diff:
        known = read_known()
        for ident in differing:
            print(f"--- {ident}  [{known.get(ident, 'NOT in known_differences.txt')}]")
            for line in found[ident]:
                print("    " + line)
    print(f"run: {len(found)}  identical: {len(found) - len(differing)}  differing: {len(differing)}")
    return 0


def _run_backend_in_subprocess(backend: str, pattern: str | None) -> dict:
    """Run the snippets under ``backend`` in a fresh interpreter (keeps torch out of this one)."""
    import subprocess

    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import run; "
        "print(json.dumps(run.run_all(sys.argv[2], run.load_snippets(sys.argv[3] or None))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(HERE), backend, pattern or ""],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    sys.exit(main())
