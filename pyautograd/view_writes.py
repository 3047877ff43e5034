"""In-place writes through a view while recording, with PyTorch's rule.

A write into a view changes its *base*, so the base's history is rewritten: its ``grad_fn``
becomes ``CopySlices`` (the old base with the view's positions replaced by the written
values), and every live view of the base then reads its values from the new history
(``AsStridedBackward0``). Recording the op on the view alone would give the base's other uses
a wrong gradient.
"""

import numpy as np

from .function import Function
from .ops.index import CopySlices, index_put_grad
from .tensor import Tensor
from .views import positions

VIEW_OF_LEAF_INPLACE = "a view of a leaf Variable that requires grad is being used in an in-place operation."
NO_GRAD_VIEW_INPLACE = (
    "A view was created in no_grad mode and is being modified inplace with grad mode enabled. "
    "Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your "
    "code by moving both the view and the inplace either both inside the no_grad block (if you "
    "don't want the inplace to be tracked) or both outside (if you want the inplace to be tracked)."
)
OVERLAPPING_WRITE = (
    "unsupported operation: more than one element of the written-to tensor refers to a single "
    "memory location. Please clone() the tensor before performing the operation."
)


def check_same_shape(self, values):
    """An in-place result must keep the tensor's shape (``a += b`` cannot grow ``a``)."""
    if values.shape != self._data.shape:
        raise RuntimeError(
            f"output with shape {list(self._data.shape)} doesn't match the "
            f"broadcast shape {list(values.shape)}"
        )


class AsStrided(Function):
    """A view re-read from its base's current history (after the base was rewritten in place):
    the backward puts the gradient back at the view's positions of the base."""

    backward_name = "AsStridedBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, base, index, view):
        ctx.shape, ctx.dtype, ctx.index = base.shape, base.dtype, index
        return view  # the view's own memory: nothing to compute, only the node is new

    @staticmethod
    def backward(ctx, g):
        return index_put_grad(g, ctx.shape, ctx.dtype, ctx.index)

    @staticmethod
    def jvp(ctx, t):
        return t[ctx.index]


def renew_views(base):
    """After ``base``'s history changed in place: every live view of it now comes from the new
    history (PyTorch regenerates their ``grad_fn`` as ``AsStridedBackward0``)."""
    views = getattr(base, "_views", None)
    if not views or not base._requires_grad:
        return
    current = Tensor._make(base._data, True, base.grad_fn)
    for view in list(views):
        node = AsStrided.apply(current, positions(view._data, base._data), view._data).grad_fn
        node.is_view = True
        view.grad_fn, view._requires_grad = node, True


def write_through_view(view, info, op, args):
    """``op`` applied in place to a view while recording: the result goes into the base's
    memory and the base's history becomes ``CopySlices`` of its old history and the result."""
    base = info.base
    if info.piece_of is not None:
        k, name = info.piece_of
        raise RuntimeError(
            f"Output {k} of {name} is a view and is being modified inplace. This view is the output "
            "of a function that returns multiple views. Such functions do not allow the output views "
            "to be modified inplace. You should replace the inplace operation by an out-of-place one."
        )
    if info.made_in_no_grad and base._requires_grad:
        raise RuntimeError(NO_GRAD_VIEW_INPLACE)
    if base.grad_fn is None and base._requires_grad:
        raise RuntimeError(VIEW_OF_LEAF_INPLACE)
    index = positions(view._data, base._data)
    if np.unique(np.ravel_multi_index(index, base._data.shape)).size != view._data.size:
        raise RuntimeError(OVERLAPPING_WRITE)
    old = Tensor._make(view._data.copy(), view._requires_grad, view.grad_fn)
    old._tangent = view._tangent
    result = op(old, *args)
    check_same_shape(view, result._data)
    new_base = CopySlices.apply(Tensor._make(base._data, base._requires_grad, base.grad_fn), result, index)
    base._data[index] = result._data  # through the base: an expanded view is read-only in NumPy
    base._bump_version()
    base.grad_fn, base._requires_grad = new_base.grad_fn, new_base._requires_grad
    renew_views(base)
    return result
