"""Forward-mode AD: push a tangent (a direction) forward through the computation.

Inside ``dual_level()``, ``make_dual(x, v)`` gives a tensor that carries the tangent ``v``
next to its value. Every op applied to such a tensor also computes its output's tangent,
``J v`` (a Jacobian-vector product), with the op's ``jvp`` rule, in the same forward pass:
no graph is kept and nothing runs backward. One pass gives one column of the Jacobian
(d outputs / d direction), which is why forward mode suits functions with few inputs.

The tangents ride on the tensors (``t._tangent``); ``Function.apply`` calls
``propagate_tangent`` while a level is open. Leaving the level clears every tangent.
"""

import weakref
from collections import namedtuple

import numpy as np

from ..function import Function, forward_ad_state
from ..tensor import Tensor

UnpackedDualTensor = namedtuple("UnpackedDualTensor", ["primal", "tangent"])

_dual_tensors = []  # weakrefs to every tensor given a tangent in the open level


class dual_level:
    """The scope of forward-mode AD: tangents exist only inside it (no nesting, as in PyTorch)."""

    def __enter__(self):
        if forward_ad_state.levels:
            raise RuntimeError("Nested forward mode AD is not supported at the moment")
        forward_ad_state.levels = 1
        return 0

    def __exit__(self, *exc):
        forward_ad_state.levels = 0
        for ref in _dual_tensors:
            t = ref()
            if t is not None:
                t._tangent = None
        _dual_tensors.clear()
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
    _set_tangent(dual, Tensor._make(np.asarray(tangent._data, dtype=tensor._data.dtype)))
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


def _set_tangent(tensor, tangent):
    tensor._tangent = tangent
    _dual_tensors.append(weakref.ref(tensor))


def propagate_tangent(cls, ctx, args, out):
    """Give ``out`` the tangent ``J @ (input tangents)`` using ``cls.jvp``.

    Called by ``Function.apply`` after the forward ran. Inputs without a tangent count as
    constants (tangent zero); when no input has a tangent there is nothing to do.
    """
    n_inputs = len(args) - cls.n_options
    tangents = [a._tangent if isinstance(a, Tensor) else None for a in args[:n_inputs]]
    if all(t is None for t in tangents) or out._data.dtype.kind != "f":
        return
    jvp = getattr(cls, "jvp", None)
    if jvp is None:
        raise NotImplementedError(
            f"Trying to use forward AD with {cls.__name__} that does not "
            "support it because it has not been implemented yet."
        )
    ctx.options = args[n_inputs:]
    arrays = [np.zeros_like(_data(a)) if t is None else t._data for a, t in zip(args, tangents)]
    result = np.asarray(jvp(ctx, *arrays))
    if result.shape != out._data.shape:
        result = np.broadcast_to(result, out._data.shape)
    _set_tangent(out, Tensor._make(np.array(result, dtype=out._data.dtype)))
    ctx._out_tangent = out._tangent  # a backward that reuses the saved output needs it too


def _data(x):
    return x._data if isinstance(x, Tensor) else np.asarray(x, dtype=float)


__all__ = [
    "dual_level",
    "enter_dual_level",
    "exit_dual_level",
    "make_dual",
    "unpack_dual",
    "UnpackedDualTensor",
]
