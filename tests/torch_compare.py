"""Comparing pyautograd with PyTorch, in one place for every test that does: PyTorch's
answers read with our module name, numbers compared at the tolerances the suite uses, and
errors compared by type and wording."""

import json
import re

import numpy as np

_TRIGGERED = re.compile(r" \(Triggered internally at [^)]*\)\s*$")


def as_ours(value):
    """PyTorch's answer (JSON-able) with our module name where it says ``torch`` (printed
    forms, dtypes, node names such as ``torch::autograd::NotImplemented``)."""
    text = json.dumps(value).replace("torch.", "pyautograd.").replace("torch::", "pyautograd::")
    return json.loads(text)


def norm_message(message):
    """An error message as both libraries should word it: PyTorch's C++ location note
    dropped, our module name read as ``torch``."""
    return _TRIGGERED.sub("", message).replace("pyautograd.", "torch.")


def close(a, b, rtol=1e-9, atol=1e-12):
    """Float64 results (nested lists or arrays) equal in shape and to ``rtol``/``atol``, NaN
    where the other has NaN; ``None`` (no gradient) equals only ``None``."""
    if a is None or b is None:
        return a is None and b is None
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return a.shape == b.shape and np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True)


def same_op_result(got, want):
    """The differences between two ``op_cases.run_op_case`` results (empty when equal)."""
    problems = []
    if got["grad_fn"] != as_ours(want["grad_fn"]):
        problems.append(f"grad_fn {got['grad_fn']} != {want['grad_fn']}")
    if got["shape"] != want["shape"] or not close(got["value"], want["value"]):
        problems.append(f"value {got['value']} != {want['value']}")
    if len(got["grads"]) != len(want["grads"]):
        problems.append("number of gradients")
    for i, (g, w) in enumerate(zip(got["grads"], want["grads"])):
        if not close(g, w):
            problems.append(f"grad of input {i}: {g} != {w}")
    return problems
