"""Every operation of the engine has test cases (tests/op_cases.py).

The cases run through gradcheck and gradgradcheck (tests/autograd/test_gradcheck.py), the
forward-mode checks (test_forward_ad.py) and first and second order against PyTorch
(test_ops_second_order_vs_torch.py). This test walks every Function subclass the package
defines and fails for one that no case reaches: running each case, first and second order,
and collecting the nodes of the graphs it records.
"""

import importlib
import pkgutil

from op_cases import CASES, inputs

import pyautograd
from pyautograd.function import Function

NOT_IN_CASES = {  # ops the cases cannot reach, with where they are tested instead
    "pyautograd.function.CopyGrad": "x.grad after backward(create_graph=True) (test_zero_dim_second_order.py)",
    "pyautograd.autograd.function.Function": "the base of learners' Functions (test_custom_function.py)",
    "pyautograd.autograd.function._DelayedError": "once_differentiable (test_custom_function.py)",
    "pyautograd.autograd.forward_ad._UnpackPrimal": "unpack_dual's view (test_forward_ad.py)",
    "pyautograd.nn.hooks.BackwardHookFunction": "module backward hooks (tests/nn)",
    "pyautograd.ops.counting.Unique": "no derivative, as in PyTorch: backward refuses (test_grids_and_counts.py)",
    "pyautograd.ops.counting.UniqueDim": "likewise, for unique along a dim (test_grids_and_counts.py)",
    "pyautograd.view_writes.AsStrided": "a view read again after a write into its base (test_view_writes_vs_torch.py)",
    "pyautograd.ops.rounding.RemainderReversed": "no derivative, as in PyTorch: backward refuses (test_api_vs_torch.py)",
    "pyautograd.ops.elementwise.AsinhInPlace": "asinh_: no derivative, as in PyTorch: backward refuses (api_cases ERRORS)",
    "pyautograd.ops.elementwise.AcoshInPlace": "acosh_: likewise (api_cases ERRORS)",
    "pyautograd.ops.elementwise.AtanhInPlace": "atanh_: likewise (api_cases ERRORS)",
}


def _all_ops():
    for info in pkgutil.walk_packages(pyautograd.__path__, "pyautograd."):
        importlib.import_module(info.name)
    """Every op class that is a node itself: a base class whose subclasses are the nodes
    (Sum for SumAll and SumDim) is tested through them."""
    found, stack = set(), [Function]
    while stack:
        cls = stack.pop()
        ops = [
            s
            for s in cls.__subclasses__()
            if "_op" not in s.__dict__ and s.__module__.startswith("pyautograd.")
        ]
        stack.extend(ops)
        if not ops and cls is not Function:
            found.add(f"{cls.__module__}.{cls.__qualname__}")
    return found


def _nodes(tensors):
    seen, stack = set(), [t.grad_fn for t in tensors if t is not None and t.grad_fn is not None]
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        stack.extend(child for child, _ in node.next_functions if child is not None)
    return {
        f"{op.__module__}.{op.__qualname__}" for op in (getattr(type(n), "_op", None) for n in seen) if op
    }


def _reached():
    reached = set()
    for name, fn, shapes in CASES:
        leaves = [pyautograd.tensor(x, requires_grad=True) for x in inputs(name, shapes)]
        out = fn(pyautograd, *leaves)
        upstream = pyautograd.ones_like(out, requires_grad=True)  # so backward records every op
        grads = pyautograd.autograd.grad(out, leaves, upstream, create_graph=True, allow_unused=True)
        reached |= _nodes([out, *grads])
    return reached


def test_every_op_has_cases():
    missing = sorted(_all_ops() - set(NOT_IN_CASES) - _reached())
    assert not missing, f"add cases for these ops to tests/op_cases.py: {missing}"


def test_exemptions_name_real_ops():
    assert set(NOT_IN_CASES) <= _all_ops()
