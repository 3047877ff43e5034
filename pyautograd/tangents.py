"""The tangents of forward-mode AD, as ops see them.

``autograd/forward_ad.py`` is the public side (``dual_level``, ``make_dual``); this module
is what every op needs while a level is open: whether one is (``forward_ad_state``), and
``propagate_tangent``, which ``Function.apply`` calls to give an op's output the tangent
``J @ (input tangents)`` from the op's ``jvp`` rule. It imports no op, so the op machinery
(``function.py``) and the public forward-mode API can both import it.
"""

import weakref

import numpy as np

from .tensor import Tensor


class _ForwardADState:
    """How many forward-AD dual levels are open; ops compute tangents only when > 0."""

    def __init__(self):
        # an instance attribute: every op reads it, and CPython's attribute cache serves an
        # instance's own attribute without the class lookup a class attribute needs
        self.levels = 0


forward_ad_state = _ForwardADState()


_dual_tensors = []  # weakrefs to every tensor given a tangent in the open level


def set_tangent(tensor, tangent):
    """Give ``tensor`` its tangent for the open level (cleared when the level closes)."""
    tensor._tangent = tangent
    _dual_tensors.append(weakref.ref(tensor))


def clear_tangents():
    """Leaving the level: every tangent given inside it is dropped."""
    for ref in _dual_tensors:
        t = ref()
        if t is not None:
            t._tangent = None
    _dual_tensors.clear()


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
    set_tangent(out, Tensor._make(np.array(result, dtype=out._data.dtype)))
    ctx._out_tangent = out._tangent  # a backward that reuses the saved output needs it too


def _data(x):
    return x._data if isinstance(x, Tensor) else np.asarray(x, dtype=float)
