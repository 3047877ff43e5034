"""Every declared element-wise op at the edges, run on PyTorch and on pyautograd.

The ops are read from ``pyautograd.ops.unary.DECLARED`` (plus gelu's two forms), so an op
declared there is tested here with no line of its own. Inputs: both tails, ±inf, NaN, signed
zeros, subnormals and ordinary values, in float32 and float64, and one 0-d tensor per value.
``make_golden.py`` records PyTorch's answers in ``golden/edges.json``, with PyTorch's AVX2
kernels on any x86 machine, as the tests run it: its last bits depend on the vector width
and on each value's place in the array (``torch_compare.pin_torch_cpu_kernels``).
"""

import math

import pyautograd
from pyautograd.ops.unary import DECLARED

INF, NAN = math.inf, math.nan
VALUES = [
    -INF, -1e4, -100.0, -88.8, -50.0, -20.0, -17.0, -10.0, -3.0, -1.0, -0.999, -0.5, -1e-8,
    -1e-40, -0.0, 0.0, 1e-40, 1e-8, 0.5, 0.999, 1.0, 3.0, 10.0, 17.0, 20.0, 50.0, 88.8, 100.0,
    1e4, INF, NAN,
]  # fmt: skip
DTYPES = ("float32", "float64")


def _declared(d):
    if d.top_level:
        return lambda L, x: getattr(L, d.name)(x)
    return lambda L, x: getattr(L.nn.functional, d.name)(x)


OPS = {d.name: _declared(d) for d in DECLARED}
OPS["gelu"] = lambda L, x: L.nn.functional.gelu(x)
OPS["gelu_tanh"] = lambda L, x: L.nn.functional.gelu(x, approximate="tanh")
OPS["leaky_relu_0.2"] = lambda L, x: L.nn.functional.leaky_relu(x, 0.2)
OPS["elu_0.5"] = lambda L, x: L.nn.functional.elu(x, 0.5)
OPS["softplus_beta"] = lambda L, x: L.nn.functional.softplus(x, beta=2.0, threshold=5.0)
OPS["hardtanh_bounds"] = lambda L, x: L.nn.functional.hardtanh(x, -0.5, 3.0)
OPS["relu6"] = lambda L, x: L.nn.functional.relu6(x)
OPS["softsign"] = lambda L, x: L.nn.functional.softsign(x)
OPS["threshold"] = lambda L, x: L.nn.functional.threshold(x, 0.5, -7.0)
OPS["celu_0.5"] = lambda L, x: L.nn.functional.celu(x, 0.5)


def run_edge_case(L, name, dtype):
    """Values and gradients (of the sum) at every edge value, as one tensor and as 0-d ones."""
    fn = OPS[name]
    x = L.tensor(VALUES, dtype=getattr(L, dtype), requires_grad=True)
    y = fn(L, x)
    y.sum().backward()
    zero_d = []
    for v in VALUES[::3]:
        s = L.tensor(v, dtype=getattr(L, dtype), requires_grad=True)
        out = fn(L, s)
        out.backward()
        zero_d.append([out.item(), s.grad.item()])
    return {"value": y.tolist(), "grad": x.grad.tolist(), "zero_d": zero_d, "dtype": str(y.dtype)}


# Where PyTorch's own kernel is not correctly rounded and ours is: (op, dtype, input) -> why.
KNOWN_DIFFERENCES = {
    ("expm1", "float32", -17.0): "PyTorch's float32 expm1(-17) is -1.0; correctly rounded it is "
    "-0.99999994, so the gradient (e^x = out + 1) is 6e-8 here and 0 there",
    ("gelu", "float32", -10.0): "PyTorch's vectorised float32 gelu takes erf from a polynomial "
    "(error about 1e-7): where 1 + erf cancels, it loses the far tail (0 instead of -7.7e-22)",
    ("gelu", "float32", -3.0): "the same polynomial erf: PyTorch (AVX2 kernels) -0.0040499, "
    "x * Phi(x) = -0.0040497",
    ("sinh", "float32", -88.8): "PyTorch's vectorised float32 sinh forms e^|x| first, which "
    "overflows above 88.72: -inf in the lanes it vectorises, -1.8378978e+38 (ours) in the rest",
    ("cosh", "float32", -88.8): "the same vectorised e^|x|: inf in PyTorch's vectorised lanes, "
    "1.8378978e+38 (ours) in the rest",
    ("gelu_tanh", "float32", -3.0): "1 + tanh cancels 3 digits at -3: PyTorch's 1-ulp tanh gives "
    "-0.0036374331, the correctly rounded value (ours) is -0.0036373911",
}

TINY = {"float32": 1.1754944e-38, "float64": 2.2250738585072014e-308}  # smallest normal numbers
RTOL = {"float32": 2e-6, "float64": 2e-14}  # a few ulps: NumPy's and PyTorch's kernels round differently


def same_number(ours, theirs, dtype):
    """Equal as PyTorch would print them: NaN for NaN, the same infinity, else within a few
    ulps (RTOL), or both below the normal range (subnormal results differ by kernel)."""
    if ours != ours or theirs != theirs:
        return ours != ours and theirs != theirs
    if ours == theirs:
        return True
    finite = math.isfinite(ours) and math.isfinite(theirs)
    return finite and abs(ours - theirs) <= RTOL[dtype] * max(abs(ours), abs(theirs)) + TINY[dtype]


def differences(ours, theirs, name, dtype):
    """The edge values where ``ours`` and ``theirs`` (results of ``run_edge_case``) differ,
    other than the known differences above."""
    found = []
    for key in ("value", "grad"):
        for x, a, b in zip(VALUES, ours[key], theirs[key]):
            if not same_number(a, b, dtype) and (name, dtype, x) not in KNOWN_DIFFERENCES:
                found.append((key, x, a, b))
    for x, (a, ga), (b, gb) in zip(VALUES[::3], ours["zero_d"], theirs["zero_d"]):
        if (name, dtype, x) in KNOWN_DIFFERENCES:
            continue
        if not (same_number(a, b, dtype) and same_number(ga, gb, dtype)):
            found.append(("0-d", x, (a, ga), (b, gb)))
    return found


assert pyautograd  # the table is read from its declarations
