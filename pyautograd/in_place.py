"""In-place operations (``x.relu_()``, ``p -= lr * g``, ``F.elu(x, inplace=True)``) with PyTorch's rules.

While recording, a leaf that requires grad may not be modified in place. A non-leaf may: the
op is recorded out of place and the tensor takes the result's value and ``grad_fn``. Every
in-place change bumps the tensor's version, which lets saved-for-backward checks notice it.
Outside the graph the result is written straight into the tensor's memory.
"""

import operator

import numpy as np

from .function import AccumulateGrad
from .grad_mode import state as grad_mode
from .ops.common import shape_of
from .tangents import forward_ad_state, set_tangent
from .tensor import Tensor

_LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place operation."
VIEW_OF_LEAF_INPLACE = "a view of a leaf Variable that requires grad is being used in an in-place operation."


_VIEW_OF_NON_LEAF_INPLACE = (
    "pyautograd does not support in-place operations on a view of a tensor that is part of the "
    "graph: PyTorch rewrites the base tensor's graph (CopySlices), pyautograd would silently give "
    "the base a wrong gradient. Write it out of place instead (torch.where, masked_fill, torch.cat) "
    "or build a new tensor."
)


def _view_root(t):
    """For a view (``y[0]``, ``y.t()``, ``y.view(4)``, views of views): the node of the tensor it
    is a view of (AccumulateGrad for a leaf); ``None`` when ``t`` is not a recorded view."""
    node = t.grad_fn
    if node is None or not getattr(node, "is_view", False):
        return None
    while getattr(node, "is_view", False):
        node = node.next_functions[0][0]
    return node


def requires_grad(x):
    return isinstance(x, Tensor) and x._requires_grad


def _write_into(self, values):
    """Copy ``values`` (an array) into self's memory, keeping views of self in sync."""
    if values.shape != self._data.shape:
        raise RuntimeError(
            f"output with shape {list(self._data.shape)} doesn't match the "
            f"broadcast shape {list(values.shape)}"
        )
    np.copyto(self._data, values, casting="unsafe")
    self._bump_version()


def has_tangent(self, args):
    """Forward AD is on and a tangent is involved: the in-place op must update it too."""
    return forward_ad_state.levels and (
        self._tangent is not None or any(isinstance(a, Tensor) and a._tangent is not None for a in args)
    )


def _keep_tangent(self, result):
    set_tangent(self, result._tangent)


def _fits(data, other):
    """Can ``other`` be combined into ``data`` in place without changing its shape?"""
    if type(other) is Tensor:
        other = other._data
    elif type(other) in (int, float, bool):
        return True
    shape = shape_of(other)
    return shape == data.shape or not shape or data.shape == np.broadcast_shapes(data.shape, shape)


# The operator of each in-place ufunc, for 0-d float tensors: NumPy's scalar arithmetic rounds
# as its ufuncs do and is ~20x cheaper than a ufunc writing into a 0-d array.
_SCALAR_OPERATOR = {
    np.add: operator.add,
    np.subtract: operator.sub,
    np.multiply: operator.mul,
    np.true_divide: operator.truediv,
}


_INPLACE_OPERATOR = {
    np.add: operator.iadd,
    np.subtract: operator.isub,
    np.multiply: operator.imul,
    np.true_divide: operator.itruediv,
}


def _scalar_operand(other):
    """``other`` as a number or NumPy float scalar when it is one (or a 0-d float tensor), else None."""
    if type(other) is Tensor:
        other = other._data
        return other[()] if not other.ndim and other.dtype.char in "fd" else None
    return other if type(other) is float or type(other) is int else None


def write_outside_graph(self, other, ufunc):
    """``self (ufunc)= other`` straight into self's memory when nothing is recorded: the update
    loops of the lessons (``p -= lr * p.grad`` under no_grad) end here, with no graph machinery.
    Returns False when ``other`` does not fit in place (the general path decides)."""
    data = self._data
    if type(other) is Tensor and data.ndim and other._data.shape == data.shape:  # _fits' commonest case
        value = other._data
        if value.dtype is data.dtype:  # no cast to choose: NumPy's own in-place operator, the cheapest call
            _INPLACE_OPERATOR[ufunc](data, value)
        else:
            ufunc(data, value, out=data, casting="unsafe")
    elif not data.ndim and data.dtype.char in "fd" and (number := _scalar_operand(other)) is not None:
        data[()] = _SCALAR_OPERATOR[ufunc](data[()], number)
    elif _fits(data, other):
        ufunc(data, other._data if type(other) is Tensor else other, out=data, casting="unsafe")
    else:
        return False
    self._bump_version()
    return True


def apply_in_place(self, op, *args, ufunc=None):
    """Run ``op(self, *args)`` and store the result in self, with PyTorch's in-place rules."""
    recording = grad_mode.enabled and (self._requires_grad or any(requires_grad(a) for a in args))
    dual = forward_ad_state.levels and has_tangent(self, args)
    if not recording:
        if ufunc is not None and not dual and write_outside_graph(self, args[0], ufunc):
            return self
        current = Tensor._make(self._data)
        current._tangent = self._tangent
        result = op(current, *args)
        _write_into(self, result._data)
        if dual:
            _keep_tangent(self, result)
        return self
    if self.grad_fn is None and self._requires_grad:
        raise RuntimeError(_LEAF_INPLACE)
    root = _view_root(self)
    if root is not None:
        raise RuntimeError(
            VIEW_OF_LEAF_INPLACE if isinstance(root, AccumulateGrad) else _VIEW_OF_NON_LEAF_INPLACE
        )
    old_value = Tensor._make(self._data.copy(), self._requires_grad, self.grad_fn)
    old_value._tangent = self._tangent
    result = op(old_value, *args)
    _write_into(self, result._data)
    self.grad_fn = result.grad_fn
    self._requires_grad = result._requires_grad
    if dual:
        _keep_tangent(self, result)
    return self


def method_in_place(func):
    """``name_``: the out-of-place ``func`` written back into the tensor (PyTorch records
    it under the same node name, e.g. ``relu_`` gives ``ReluBackward0``)."""

    def method(self, *args, **kwargs):
        return apply_in_place(self, lambda current, *rest: func(current, *rest, **kwargs), *args)

    method.__name__ = func.__name__ + "_"
    return method
