"""Attach the ops to Tensor as methods and operators, and implement in-place operations.

In-place rule (as in PyTorch): while recording, a leaf that requires grad may not be
modified in place. A non-leaf may: the op is recorded out of place and the tensor takes
the result's value and ``grad_fn``. Every in-place change bumps the tensor's version,
which lets saved-for-backward checks notice it.
"""

import numpy as np

from . import dtypes
from .function import forward_ad_state
from .grad_mode import state as grad_mode
from .ops import elementwise as ew
from .ops import index, linalg, reduce, shape
from .ops.common import as_tensor_arg
from .tensor import Tensor

_LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place operation."


def _requires_grad(x):
    return isinstance(x, Tensor) and x._requires_grad


def _write_into(self, values):
    """Copy ``values`` (an array) into self's memory, keeping views of self in sync."""
    if values.shape != self._data.shape:
        raise RuntimeError(
            f"output with shape {list(self._data.shape)} doesn't match the "
            f"broadcast shape {list(values.shape)}"
        )
    np.copyto(self._data, values, casting="unsafe")
    self._vc[0] += 1


def _has_tangent(self, args):
    """Forward AD is on and a tangent is involved: the in-place op must update it too."""
    return forward_ad_state.levels and (
        self._tangent is not None or any(isinstance(a, Tensor) and a._tangent is not None for a in args)
    )


def _keep_tangent(self, result):
    from .autograd.forward_ad import _set_tangent

    _set_tangent(self, result._tangent)


def _fits(data, other):
    """Can ``other`` be combined into ``data`` in place without changing its shape?"""
    if type(other) is Tensor:
        other = other._data
    elif type(other) in (int, float, bool):
        return True
    shape = np.shape(other)
    return shape == data.shape or not shape or data.shape == np.broadcast_shapes(data.shape, shape)


def _inplace(self, op, *args, ufunc=None):
    """Run ``op(self, *args)`` and store the result in self, with PyTorch's in-place rules."""
    recording = grad_mode.enabled and (self._requires_grad or any(_requires_grad(a) for a in args))
    dual = _has_tangent(self, args)
    if not recording:
        if ufunc is not None and not dual and _fits(self._data, args[0]):
            # the update loops of the lessons (``p -= lr * p.grad`` under no_grad) end here:
            # one ufunc writing straight into self's memory, no graph machinery
            ufunc(
                self._data,
                args[0]._data if type(args[0]) is Tensor else args[0],
                out=self._data,
                casting="unsafe",
            )
            self._vc[0] += 1
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
    old_value = Tensor._make(self._data.copy(), self._requires_grad, self.grad_fn)
    old_value._tangent = self._tangent
    result = op(old_value, *args)
    _write_into(self, result._data)
    self.grad_fn = result.grad_fn
    self._requires_grad = result._requires_grad
    if dual:
        _keep_tangent(self, result)
    return self


def _setitem(self, key, value):
    key = index.normalize_index(key)
    dual = _has_tangent(self, (value,))
    value = value._data if isinstance(value, Tensor) and not _requires_grad(value) and not dual else value
    if not dual and not (grad_mode.enabled and (self._requires_grad or _requires_grad(value))):
        self._data[key] = value._data if isinstance(value, Tensor) else value
        self._vc[0] += 1
        return
    _inplace(self, lambda s, v: index.IndexPut.apply(s, as_tensor_arg(v), key), value)


def _fill_(self, value):
    if isinstance(value, Tensor) and value._data.ndim:
        raise RuntimeError(
            f"fill_ only supports 0-dimension value tensor but got tensor with {value._data.ndim} dimensions."
        )
    if not (grad_mode.enabled and (self._requires_grad or _requires_grad(value))) and not _has_tangent(
        self, (value,)
    ):
        # outside the graph (``p.grad.zero_()``, ``opt.zero_grad`` with set_to_none=False): write the memory
        if type(value) in (int, float, bool):
            self._data.fill(value)
        else:
            np.copyto(self._data, value._data if isinstance(value, Tensor) else value, casting="unsafe")
        self._vc[0] += 1
        return self
    # where(False, s, value): every element becomes value, and s gets a zero gradient
    return _inplace(self, lambda s: index.where(np.zeros(s._data.shape, dtype=bool), s, value))


def _zero_(self):
    return _fill_(self, 0)


def _copy_(self, src):
    return _inplace(self, lambda s, v: shape.to(shape.expand(as_tensor_arg(v), *s.shape), s.dtype), src)


def _cast(target):
    return lambda self: shape.to(self, target)


def _swap(op):
    return lambda self, other: op(other, self)


_METHODS = {
    # arithmetic and element-wise functions
    "add": ew.add,
    "sub": ew.sub,
    "mul": ew.mul,
    "div": ew.div,
    "pow": ew.pow,
    "neg": ew.neg,
    "reciprocal": ew.reciprocal,
    "square": ew.square,
    "exp": ew.exp,
    "log": ew.log,
    "sqrt": ew.sqrt,
    "abs": ew.abs,
    "sin": ew.sin,
    "cos": ew.cos,
    "tanh": ew.tanh,
    "sigmoid": ew.sigmoid,
    "relu": ew.relu,
    "clamp": ew.clamp,
    "clip": ew.clamp,
    "sign": ew.sign,
    "maximum": ew.maximum,
    "minimum": ew.minimum,
    "eq": ew.eq,
    "ne": ew.ne,
    "lt": ew.lt,
    "le": ew.le,
    "gt": ew.gt,
    "ge": ew.ge,
    "multiply": ew.mul,
    "subtract": ew.sub,
    "divide": ew.div,
    # reductions
    "sum": reduce.sum,
    "mean": reduce.mean,
    "max": reduce.max,
    "min": reduce.min,
    "amax": reduce.amax,
    "amin": reduce.amin,
    "argmax": reduce.argmax,
    "argmin": reduce.argmin,
    "softmax": reduce.softmax,
    "log_softmax": reduce.log_softmax,
    # shapes
    "reshape": shape.reshape,
    "view": shape.view,
    "flatten": shape.flatten,
    "permute": shape.permute,
    "transpose": shape.transpose,
    "t": shape.t,
    "unsqueeze": shape.unsqueeze,
    "squeeze": shape.squeeze,
    "expand": shape.expand,
    "expand_as": shape.expand_as,
    "clone": shape.clone,
    "to": shape.to,
    "matmul": linalg.matmul,
    "mm": linalg.mm,
    "mv": linalg.mv,
    "dot": linalg.dot,
    # operators
    "__add__": ew.add,
    "__radd__": ew.add,
    "__sub__": ew.sub,
    "__rsub__": _swap(ew.sub),
    "__mul__": ew.mul,
    "__rmul__": ew.mul,
    "__truediv__": ew.div,
    "__rtruediv__": _swap(ew.div),
    "__pow__": ew.pow,
    "__rpow__": _swap(ew.pow),
    "__matmul__": linalg.matmul,
    "__rmatmul__": _swap(linalg.matmul),
    "__neg__": ew.neg,
    "__abs__": ew.abs,
    "__eq__": ew.eq,
    "__ne__": ew.ne,
    "__lt__": ew.lt,
    "__le__": ew.le,
    "__gt__": ew.gt,
    "__ge__": ew.ge,
    "__getitem__": index.getitem,
    "__setitem__": _setitem,
    # casts
    "float": _cast(dtypes.float32),
    "double": _cast(dtypes.float64),
    "long": _cast(dtypes.int64),
    "int": _cast(dtypes.int32),
    "bool": _cast(dtypes.bool),
    "half": _cast(dtypes.float16),
    # in place
    "add_": lambda self, other, alpha=1: _inplace(
        self, ew.add, other if alpha == 1 else other * alpha, ufunc=np.add if alpha == 1 else None
    ),
    "sub_": lambda self, other, alpha=1: _inplace(
        self, ew.sub, other if alpha == 1 else other * alpha, ufunc=np.subtract if alpha == 1 else None
    ),
    "mul_": lambda self, other: _inplace(self, ew.mul, other, ufunc=np.multiply),
    "div_": lambda self, other: _inplace(self, ew.div, other, ufunc=np.true_divide),
    "clamp_": lambda self, min=None, max=None: _inplace(self, ew.clamp, min, max),
    "fill_": _fill_,
    "zero_": _zero_,
    "copy_": _copy_,
}


def _bool_op(numpy_op):
    return lambda self, other: Tensor._make(
        numpy_op(self._data, other._data if isinstance(other, Tensor) else other)
    )


def install():
    for name, func in _METHODS.items():
        setattr(Tensor, name, func)
    Tensor.__iadd__ = Tensor.add_
    Tensor.__isub__ = Tensor.sub_
    Tensor.__imul__ = Tensor.mul_
    Tensor.__itruediv__ = Tensor.div_
    Tensor.__pos__ = lambda self: self
    Tensor.__and__ = _bool_op(np.logical_and)
    Tensor.__or__ = _bool_op(np.logical_or)
    Tensor.__xor__ = _bool_op(np.logical_xor)
    Tensor.__invert__ = lambda self: Tensor._make(~self._data)
    Tensor.T = property(shape.matrix_T)
    Tensor.mT = property(lambda self: shape.transpose(self, -2, -1))
    Tensor.contiguous = lambda self: self
    Tensor.view_as = lambda self, other: shape.reshape(self, *other.shape)
    Tensor.reshape_as = Tensor.view_as
    Tensor.cpu = lambda self: self
    Tensor.all = lambda self: Tensor._make(np.all(self._data))
    Tensor.any = lambda self: Tensor._make(np.any(self._data))
    Tensor.isfinite = lambda self: Tensor._make(np.isfinite(self._data))
    Tensor.isnan = lambda self: Tensor._make(np.isnan(self._data))
