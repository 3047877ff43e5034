"""Comparing pyautograd with PyTorch, in one place for every test that does: PyTorch's
answers read with our module name, numbers compared at the tolerances the suite uses, and
errors compared by type and wording."""

import json
import math
import os
import platform
import re

import numpy as np
import pytest


def pin_torch_cpu_kernels():
    """Make PyTorch run its AVX2 kernels on every x86 machine; call it before torch is
    imported (``conftest.py``, ``make_golden.py``).

    Why: PyTorch's element-wise CPU loop (``cpu_kernel_vec``) works in blocks of two vectors
    and hands what is left of the array to the scalar function. The vectorised functions
    (SLEEF's exp/expm1/log1p, a polynomial erf written per instruction set) and the scalar
    ones (libm) can differ in the last bit, so PyTorch's answer for one element depends on
    the machine's vector width and on the element's place in the array. For the 31 edge
    values of ``edge_cases.py``: in float32, AVX2 (8 lanes, blocks of 16) computes values
    0-15 vectorised and 16-30 scalar, AVX-512 (16 lanes, blocks of 32) all 31 scalar; in
    float64, AVX2 vectorises 0-23, AVX-512 0-15. So elu/selu/softplus/mish at -17, -88.8 and
    -100 change by an ulp between the two, and AVX-512's erf gives gelu(inf) = NaN where
    AVX2's gives inf. With the kernels pinned, the recorded answers and live PyTorch agree
    on any x86 machine (AVX2 is the widest that all of them have)."""
    if platform.machine().lower() in ("x86_64", "amd64"):
        os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")


_TRIGGERED = re.compile(r" \(Triggered internally at [^)]*\)\s*$")


def in_our_words(text):
    """Text PyTorch printed, with our module name where it says ``torch.``."""
    return text.replace("torch.", "pyautograd.")


def as_ours(value):
    """PyTorch's answer (JSON-able) with our module name where it says ``torch`` (printed
    forms, dtypes, node names such as ``torch::autograd::NotImplemented``)."""
    return json.loads(in_our_words(json.dumps(value)).replace("torch::", "pyautograd::"))


def norm_message(message):
    """An error message as both libraries should word it: PyTorch's C++ location note
    dropped, our module name read as ``torch``."""
    return _TRIGGERED.sub("", message).replace("pyautograd.", "torch.")


def error_of(fn, spell=str):
    """(type name, ``spell(message)``) of the exception ``fn()`` raises; fails the test when
    it raises none."""
    with pytest.raises(Exception) as info:
        fn()
    return type(info.value).__name__, spell(str(info.value))


def same_error(make, spell=in_our_words):
    """``make(lib)`` gives a zero-argument callable; pyautograd and torch must raise the same
    exception type with the same message after ``spell`` (default: torch's module name read
    as ours; ``str`` compares word for word). Returns our (type name, message)."""
    import torch

    import pyautograd

    ours, theirs = error_of(make(pyautograd), spell), error_of(make(torch), spell)
    assert ours == theirs
    return ours


def as_numpy(t):
    """A tensor's values as float64 NumPy, through the public ``tolist()`` (keeps empty
    shapes)."""
    return np.asarray(t.tolist(), dtype=np.float64).reshape(tuple(t.shape))


def close(a, b, rtol=1e-9, atol=1e-12):
    """Float64 results (nested lists or arrays) equal in shape and to ``rtol``/``atol``, NaN
    where the other has NaN; ``None`` (no gradient) equals only ``None``."""
    if a is None or b is None:
        return a is None and b is None
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return a.shape == b.shape and np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True)


def assert_close(ours, theirs, rtol, atol):
    """Tensors (or tuples of them, ours a tuple where theirs is a tuple or list) equal in
    shape and within ``np.testing.assert_allclose(rtol, atol)``."""
    if isinstance(theirs, (tuple, list)):
        assert isinstance(ours, tuple) and len(ours) == len(theirs)
        for o, t in zip(ours, theirs):
            assert_close(o, t, rtol, atol)
        return
    assert tuple(ours.shape) == tuple(theirs.shape)
    np.testing.assert_allclose(ours.detach().numpy(), theirs.detach().numpy(), rtol=rtol, atol=atol)


def same_value(got, want, rel_tol, abs_tol, loose_bools=False):
    """Python results (JSON-like) equal: strings, ints and bools exactly and of the same type,
    floats within ``math.isclose(rel_tol, abs_tol)`` (NaN equals NaN), lists and tuples item
    by item. ``loose_bools``: a bool or ``None`` wanted also accepts anything ``==`` to it."""
    if loose_bools and (isinstance(want, bool) or want is None):
        return got is want or got == want
    if isinstance(want, float) and isinstance(got, float):
        if math.isnan(want) or math.isnan(got):
            return math.isnan(want) and math.isnan(got)
        return got == want or math.isclose(got, want, rel_tol=rel_tol, abs_tol=abs_tol)
    if isinstance(want, (list, tuple)) and isinstance(got, (list, tuple)):
        return len(got) == len(want) and all(
            same_value(g, w, rel_tol, abs_tol, loose_bools) for g, w in zip(got, want)
        )
    return type(got) is type(want) and got == want


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
