"""Forward-mode AD: push a tangent (a direction) forward through the computation.

Inside ``dual_level()``, ``make_dual(x, v)`` gives a tensor that carries the tangent ``v``
next to its value. Every op applied to such a tensor also computes its output's tangent,
``J v`` (a Jacobian-vector product), with the op's ``jvp`` rule, in the same forward pass:
no graph is kept and nothing runs backward. One pass gives one column of the Jacobian
(d outputs / d direction), which is why forward mode suits functions with few inputs.

The tangents ride on the tensors (``t._tangent``); ``Function.apply`` calls
``tangents.propagate_tangent`` while a level is open. Leaving the level clears every tangent.
"""

from collections import namedtuple

import numpy as np

from ..function import Function
from ..tangents import clear_tangents, forward_ad_state, set_tangent
from ..tensor import Tensor

UnpackedDualTensor = namedtuple("UnpackedDualTensor", ["primal", "tangent"])


class dual_level:
    """The scope of forward-mode AD: tangents exist only inside it (no nesting, as in PyTorch)."""

    def __enter__(self):
        if forward_ad_state.levels:
            raise RuntimeError("Nested forward mode AD is not supported at the moment")
        forward_ad_state.levels = 1
        return 0

    def __exit__(self, *exc):
        forward_ad_state.levels = 0
        clear_tangents()
        return False


def enter_dual_level():
    return dual_level().__enter__()


def exit_dual_level(level=None):
    dual_level().__exit__(None, None, None)


class _MakeDual(Function):
    """The dual tensor is a view of the primal: gradients flow back to it unchanged."""

    backward_name = "ViewBackward0"

    @staticmethod
    def forward(ctx, a):
        return a.view()

    @staticmethod
    def backward(ctx, g):
        return g


class _UnpackPrimal(_MakeDual):
    backward_name = "Identity"


def make_dual(tensor, tangent, level=None):
    """A view of ``tensor`` carrying ``tangent`` (same shape) as its forward derivative."""
    if not forward_ad_state.levels:
        raise RuntimeError(
            "Trying to create a dual Tensor for forward AD but no level exists, "
            "make sure to enter_dual_level() first."
        )
    if tangent.shape != tensor.shape:
        raise RuntimeError(
            "Trying to set a forward gradient that has a different size than that "
            "of the original Tensor, this is not supported. Tensor is of size "
            f"{list(tensor.shape)} while the given forward gradient is of size "
            f"{list(tangent.shape)}."
        )
    if not tensor.is_floating_point():
        raise ValueError(f"Expected primal to be floating point, but got: {tensor.dtype}")
    levels, forward_ad_state.levels = forward_ad_state.levels, 0  # the view itself has no tangent
    try:
        dual = _MakeDual.apply(tensor)
    finally:
        forward_ad_state.levels = levels
    dual._vc = tensor._vc
    set_tangent(dual, Tensor._make(np.asarray(tangent._data, dtype=tensor._data.dtype)))
    return dual


def unpack_dual(tensor, level=None):
    """``(primal, tangent)``: the value without its tangent, and the tangent (or None)."""
    levels, forward_ad_state.levels = forward_ad_state.levels, 0
    try:
        primal = _UnpackPrimal.apply(tensor)
    finally:
        forward_ad_state.levels = levels
    primal._vc = tensor._vc
    return UnpackedDualTensor(primal, tensor._tangent)


__all__ = [
    "dual_level",
    "enter_dual_level",
    "exit_dual_level",
    "make_dual",
    "unpack_dual",
    "UnpackedDualTensor",
]
