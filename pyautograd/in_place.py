"""In-place operations (``x.relu_()``, ``p -= lr * g``, ``F.elu(x, inplace=True)``) with PyTorch's rules.

While recording, a leaf that requires grad may not be modified in place. A non-leaf may: the
op is recorded out of place and the tensor takes the result's value and ``grad_fn``. A write
into a view rewrites the base's history instead (``view_writes.py``). Every
in-place change bumps the tensor's version, which lets saved-for-backward checks notice it.
Outside the graph the result is written straight into the tensor's memory.
"""

import numpy as np

from .dtypes import from_numpy_dtype
from .fast_paths import write_outside_graph
from .grad_mode import state as grad_mode
from .tangents import forward_ad_state, set_tangent
from .tensor import Tensor
from .view_writes import OVERLAPPING_WRITE, check_same_shape, renew_views, write_through_view
from .views import positions, view_info

_LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place operation."


def requires_grad(x):
    return isinstance(x, Tensor) and x._requires_grad


_CATEGORY = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}


def check_castable(self, values):
    """An in-place result may narrow within its kind (float64 into float32) but never drop to
    a lower kind: a float result into an integer tensor would silently truncate."""
    if _CATEGORY[values.dtype.kind] > _CATEGORY[self._data.dtype.kind]:
        ours, theirs = (
            from_numpy_dtype(d).legacy_name[: -len("Tensor")] for d in (values.dtype, self._data.dtype)
        )
        raise RuntimeError(f"result type {ours} can't be cast to the desired output type {theirs}")


def _write_into(self, values):
    """Copy ``values`` (an array) into self's memory, keeping views of self in sync."""
    check_same_shape(self, values)
    check_castable(self, values)
    np.copyto(self._data, values, casting="unsafe")
    self._bump_version()


def has_tangent(self, args):
    """Forward AD is on and a tangent is involved: the in-place op must update it too."""
    return forward_ad_state.levels and (
        self._tangent is not None or any(isinstance(a, Tensor) and a._tangent is not None for a in args)
    )


def _keep_tangent(self, result):
    set_tangent(self, result._tangent)


def _write_tangent_into_base(view, base, result):
    """A write into a view changes its base: so does the write's tangent (forward mode)."""
    tangent = np.zeros_like(base._data) if base._tangent is None else base._tangent._data.copy()
    new = np.zeros_like(view._data) if result._tangent is None else result._tangent._data
    tangent[positions(view._data, base._data)] = new
    set_tangent(base, Tensor._make(tangent))


def _overlaps(array):
    """An expanded array: several of its elements are one memory location (PyTorch refuses
    to write into it, whether or not the write is recorded)."""
    return any(step == 0 and n > 1 for n, step in zip(array.shape, array.strides))


def apply_in_place(self, op, *args, ufunc=None):
    """Run ``op(self, *args)`` and store the result in self, with PyTorch's in-place rules."""
    self._refuse_inference_write()
    if not self._data.flags.writeable and _overlaps(self._data):
        raise RuntimeError(OVERLAPPING_WRITE)
    info = view_info(self)
    recording = grad_mode.enabled and (
        self._requires_grad
        or any(requires_grad(a) for a in args)
        or (info is not None and info.base._requires_grad)  # a view made under no_grad
    )
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
            if info is not None:
                _write_tangent_into_base(self, info.base, result)
        return self
    if self.grad_fn is None and self._requires_grad:
        raise RuntimeError(_LEAF_INPLACE)
    if info is not None:
        result = write_through_view(self, info, op, args)
        if dual:
            _keep_tangent(self, result)
            _write_tangent_into_base(self, info.base, result)
        return self
    old_value = Tensor._make(self._data.copy(), self._requires_grad, self.grad_fn)
    old_value._tangent = self._tangent
    result = op(old_value, *args)
    _write_into(self, result._data)
    if result.grad_fn is not None:  # PyTorch saves a clone of it (saved_attributes.py); by id:
        result.grad_fn._in_place_input = id(old_value)  # the graph's memory is freed as before
        _save_as_written(result.grad_fn, self)
    self.grad_fn = result.grad_fn
    self._requires_grad = result._requires_grad
    renew_views(self)
    if dual:
        _keep_tangent(self, result)
    return self


def _save_as_written(node, self):
    """PyTorch's in-place op saves its result as the tensor itself, at the version its write
    gave it, so a later write into the tensor breaks the backward; ours ran out of place, so
    its saved result is bound to the tensor's version counter here."""
    sources = getattr(node, "_saved_sources", None)
    if not sources:
        return
    counter = self._version_counter
    node._saved_sources = [
        (s[0], counter, counter[0], node) if s is not None and s[3] is node else s for s in sources
    ]


def method_in_place(func):
    """``name_``: the out-of-place ``func`` written back into the tensor (PyTorch records
    it under the same node name, e.g. ``relu_`` gives ``ReluBackward0``)."""

    def method(self, *args, **kwargs):
        return apply_in_place(self, lambda current, *rest: func(current, *rest, **kwargs), *args)

    method.__name__ = func.__name__ + "_"
    return method
