"""Views (``a[1:3]``, ``a[0]``, ``a.t()``, ``a.view(4)``): tensors that look into a base's memory.

A view shares its base's version counter, so an in-place change through either is seen by the
checks of saved tensors. Each view also remembers its base (the tensor that owns the memory,
never another view) and the base its views (weakly): a write into a view while recording
rewrites the base's history and renews the views' (``view_writes.py``).
"""

import weakref

import numpy as np

from .grad_mode import state as grad_mode


class ViewInfo:
    """What a view knows of its origin: the base, whether it was made with grad mode off, and,
    for the pieces of ``split``/``unbind``/``chunk``, which output of which op it is."""

    __slots__ = ("base", "made_in_no_grad", "piece_of")

    def __init__(self, base, made_in_no_grad, piece_of):
        self.base, self.made_in_no_grad, self.piece_of = base, made_in_no_grad, piece_of


def mark_view(out, base, piece_of=None):
    """Make ``out`` a view of ``base``: the same version counter, a view node (so in-place on a
    view of a leaf is refused), and a link both ways for writes through it."""
    out._version_counter = base._version_counter
    out._inference = base._inference  # a view is what its base is, whatever the mode
    if out.grad_fn is not None:
        out.grad_fn.is_view = True
    info = getattr(base, "_view_info", None)
    root = base if info is None else info.base
    out._view_info = ViewInfo(root, not grad_mode.enabled, piece_of)
    views = getattr(root, "_views", None)
    if views is None:
        root._views = views = weakref.WeakSet()  # a view that is gone leaves it by itself
    views.add(out)
    return out


def view_info(t):
    return getattr(t, "_view_info", None)


def _element_offsets(array, origin):
    """Offset of each element of ``array`` from ``origin`` (an address), in items."""
    item = array.itemsize
    offsets = np.asarray((array.__array_interface__["data"][0] - origin) // item, dtype=np.int64)
    for axis, (size, step) in enumerate(zip(array.shape, array.strides)):
        shape = [1] * array.ndim
        shape[axis] = size
        offsets = offsets + (np.arange(size, dtype=np.int64) * (step // item)).reshape(shape)
    return np.broadcast_to(offsets, array.shape)


def positions(view, base):
    """Where the view's elements sit in the base, as an index (one int array per dimension of
    the base, each shaped like the view): what ``AsStrided`` reads and ``CopySlices`` writes."""
    origin = base.__array_interface__["data"][0]
    in_base = _element_offsets(base, origin).ravel()
    order = np.argsort(in_base, kind="stable")
    flat = order[np.searchsorted(in_base[order], _element_offsets(view, origin))]
    return np.unravel_index(flat, base.shape)
