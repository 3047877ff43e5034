"""Attach the ops to Tensor as methods and operators, and implement in-place operations.

In-place rule (as in PyTorch): while recording, a leaf that requires grad may not be
modified in place. A non-leaf may: the op is recorded out of place and the tensor takes
the result's value and ``grad_fn``. Every in-place change bumps the tensor's version,
which lets saved-for-backward checks notice it.
"""

import numbers
import operator

import numpy as np

from . import accumulate_hooks, devices, dtypes
from .function import AccumulateGrad, forward_ad_state
from .grad_mode import state as grad_mode
from .ops import elementwise as ew
from .ops import (
    gather,
    index,
    linalg,
    logexp,
    logical,
    norm,
    pieces,
    reduce,
    rounding,
    shape,
    sorting,
    special,
    statistics,
)
from .ops.common import as_tensor_arg, shape_of
from .tensor import Tensor

_LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place operation."
_VIEW_OF_LEAF_INPLACE = "a view of a leaf Variable that requires grad is being used in an in-place operation."


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
    self._bump_version()


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


def _write_outside_graph(self, other, ufunc):
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


def _arithmetic_inplace(op, ufunc):
    """``add_``/``sub_``/``mul_`` (and ``+=`` ``-=`` ``*=``) through ``_inplace``, which writes
    straight into memory outside the graph (``_write_outside_graph``) and records them in it."""

    def method(self, other, alpha=1):
        if alpha != 1:
            if op is ew.mul:  # PyTorch's mul_ has no alpha
                raise TypeError("mul_() got an unexpected keyword argument 'alpha'")
            return _inplace(self, op, other * alpha)
        return _inplace(self, op, other, ufunc=ufunc)

    return method


def _inplace_operator(ufunc, method):
    """``p -= t`` (``+=``, ``*=``): outside the graph (the lessons' update under no_grad) straight
    to ``_write_outside_graph``, two frames sooner; everything else goes to ``method`` (``sub_``...)."""

    def operator_(self, other):
        if not grad_mode.enabled and not forward_ad_state.levels and _write_outside_graph(self, other, ufunc):
            return self
        return method(self, other)

    operator_.__name__ = f"__i{ufunc.__name__[:3]}__"
    return operator_


def _inplace(self, op, *args, ufunc=None):
    """Run ``op(self, *args)`` and store the result in self, with PyTorch's in-place rules."""
    recording = grad_mode.enabled and (self._requires_grad or any(_requires_grad(a) for a in args))
    dual = forward_ad_state.levels and _has_tangent(self, args)
    if not recording:
        if ufunc is not None and not dual and _write_outside_graph(self, args[0], ufunc):
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
            _VIEW_OF_LEAF_INPLACE if isinstance(root, AccumulateGrad) else _VIEW_OF_NON_LEAF_INPLACE
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


def _is_basic(key):
    """Ints and slices only (PyTorch writes those through a view, anything else in place)."""
    parts = key if isinstance(key, tuple) else (key,)
    return all(isinstance(k, (int, np.integer, slice)) and not isinstance(k, bool) for k in parts)


def _setitem(self, key, value):
    key = index.normalize_index(key)
    dual = _has_tangent(self, (value,))
    value = value._data if isinstance(value, Tensor) and not _requires_grad(value) and not dual else value
    if not dual and not (grad_mode.enabled and (self._requires_grad or _requires_grad(value))):
        self._data[key] = value._data if isinstance(value, Tensor) else value
        self._bump_version()
        return
    if grad_mode.enabled and self.grad_fn is None and self._requires_grad and _is_basic(key):
        raise RuntimeError(_VIEW_OF_LEAF_INPLACE)  # PyTorch writes through a view: w[0] = 5
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
        self._bump_version()
        return self
    return _inplace(self, lambda s: gather.filled(s, value))


def _zero_(self):
    if grad_mode.enabled and self._requires_grad:
        return _inplace(self, gather.zeroed)  # recorded as ZeroBackward0, as in PyTorch
    if not forward_ad_state.levels:  # ``p.grad.zero_()`` in the lessons' update loop
        self._data.fill(0)
        self._bump_version()
        return self
    return _fill_(self, 0)


def _in_place(func):
    """``name_``: the out-of-place ``func`` written back into the tensor (PyTorch records
    it under the same node name, e.g. ``relu_`` gives ``ReluBackward0``)."""

    def method(self, *args, **kwargs):
        return _inplace(self, lambda current, *rest: func(current, *rest, **kwargs), *args)

    method.__name__ = func.__name__ + "_"
    return method


def _new_factory(fill):
    def make(self, *size, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
        devices.check(device)
        shape_ = shape._shape_arg(size)
        data = fill(shape_, dtypes.to_numpy_dtype(dtype) if dtype is not None else self._data.dtype)
        return Tensor._make(data).requires_grad_(requires_grad)

    return make


def _new_full(
    self, size, fill_value, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False
):
    devices.check(device)
    target = dtypes.to_numpy_dtype(dtype) if dtype is not None else self._data.dtype
    return Tensor._make(np.full(shape._shape_arg((size,)), fill_value, dtype=target)).requires_grad_(
        requires_grad
    )


def _new_tensor(self, data, dtype=None, device=None, requires_grad=False):
    """A new leaf holding ``data``, with this tensor's dtype unless told otherwise."""
    devices.check(device)
    values = data._data if isinstance(data, Tensor) else np.asarray(data)
    target = dtypes.to_numpy_dtype(dtype) if dtype is not None else self._data.dtype
    return Tensor._make(np.array(values, dtype=target)).requires_grad_(requires_grad)


def _contiguous(self, memory_format=None):
    """Itself when its memory is already in row-major order, else a row-major copy."""
    return self if self._data.flags.c_contiguous else shape.clone(self)


def _cuda(self, device=None, non_blocking=False):
    devices.check("cuda")


def _div(a, b, *, rounding_mode=None):
    return ew.div(a, b) if rounding_mode is None else rounding.div_rounded(a, b, rounding_mode)


def _div_(self, other, *, rounding_mode=None):
    if rounding_mode is None:
        return _inplace(self, ew.div, other, ufunc=np.true_divide)
    return _inplace(self, lambda s, o: rounding.div_rounded(s, o, rounding_mode), other)


def _copy_(self, src):
    return _inplace(self, lambda s, v: shape.to(shape.expand(as_tensor_arg(v), *s.shape), s.dtype), src)


def _cast(target):
    return lambda self: shape.to(self, target)


def _swap(op):
    return lambda self, other: op(other, self)


_OPERANDS = (Tensor, numbers.Number, np.ndarray, np.generic)
_FLOAT32, _FLOAT64 = ew._FLOAT32, ew._FLOAT64


def _operator(op, function=None):
    """``tensor + "1"`` or ``tensor * [1, 2]``: Python's own TypeError, as in PyTorch, by
    returning NotImplemented for operands a tensor does not combine with. ``function``: the
    Function class when ``op(a, b)`` is exactly ``_binary(function, a, b)`` (add, mul), called
    directly for tensors and floats."""

    if function is not None:
        apply_pair = function.apply_pair

        def method(self, other):
            kind = type(other)
            if kind is Tensor or kind is float:
                # ew._binary's fast case, checked here (every ``+ - *`` of a lesson): float
                # tensors of one dtype, or a float tensor and a Python float
                dtype = self._data.dtype
                if (
                    (dtype is _FLOAT32 or dtype is _FLOAT64)
                    and (kind is float or other._data.dtype is dtype)
                    and not forward_ad_state.levels
                ):
                    try:
                        return apply_pair(self, other)
                    except ValueError:  # shapes that do not broadcast: op raises PyTorch's message
                        pass
                return op(self, other)
            if not isinstance(other, _OPERANDS):
                return NotImplemented
            return op(self, other)

        method.__name__ = getattr(op, "__name__", "operator")
        return method

    def method(self, other):
        if type(other) is not Tensor and type(other) is not float and not isinstance(other, _OPERANDS):
            return NotImplemented
        return op(self, other)

    method.__name__ = getattr(op, "__name__", "operator")
    return method


_METHODS = {
    # arithmetic and element-wise functions
    "add": ew.add,
    "sub": ew.sub,
    "mul": ew.mul,
    "div": _div,
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
    "clamp_min": ew.clamp_min,
    "clamp_max": ew.clamp_max,
    "sign": rounding.sign,
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
    "divide": _div,
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
    "__add__": _operator(ew.add, ew.Add),
    "__radd__": _operator(ew.add, ew.Add),
    "__sub__": _operator(ew.sub, ew.Sub),
    "__rsub__": _operator(_swap(ew.sub)),
    "__mul__": _operator(ew.mul, ew.Mul),
    "__rmul__": _operator(ew.mul, ew.Mul),
    "__truediv__": _operator(ew.div),
    "__rtruediv__": _operator(_swap(ew.div)),
    "__pow__": _operator(ew.pow),
    "__rpow__": _operator(_swap(ew.pow)),
    "__matmul__": _operator(linalg.matmul),
    "__rmatmul__": _operator(_swap(linalg.matmul)),
    "__neg__": ew.neg,
    "__abs__": ew.abs,
    "__eq__": _operator(ew.eq),
    "__ne__": _operator(ew.ne),
    "__lt__": _operator(ew.lt),
    "__le__": _operator(ew.le),
    "__gt__": _operator(ew.gt),
    "__ge__": _operator(ew.ge),
    "__getitem__": index.getitem,
    "__floordiv__": rounding.floor_divide,
    "__rfloordiv__": _swap(rounding.floor_divide),
    "__mod__": rounding.remainder,
    "__rmod__": _swap(rounding.remainder),
    # rounding, logarithms, statistics
    "floor": rounding.floor,
    "ceil": rounding.ceil,
    "trunc": rounding.trunc,
    "fix": rounding.trunc,
    "round": rounding.round,
    "remainder": rounding.remainder,
    "floor_divide": rounding.floor_divide,
    "log1p": logexp.log1p,
    "expm1": logexp.expm1,
    "log2": logexp.log2,
    "log10": logexp.log10,
    "erfinv": special.erfinv,
    "prod": statistics.prod,
    "std": statistics.std,
    "var": statistics.var,
    "cumsum": statistics.cumsum,
    "logsumexp": statistics.logsumexp,
    "norm": norm.norm,
    # questions about values
    "any": logical.any,
    "all": logical.all,
    "isclose": logical.isclose,
    "allclose": logical.allclose,
    "equal": logical.equal,
    "logical_not": logical.logical_not,
    "logical_and": logical.logical_and,
    "logical_or": logical.logical_or,
    "logical_xor": logical.logical_xor,
    "isnan": logical.isnan,
    "isinf": logical.isinf,
    "isfinite": logical.isfinite,
    # ordering, picking and placing
    "sort": sorting.sort,
    "argsort": sorting.argsort,
    "topk": sorting.topk,
    "gather": gather.gather,
    "scatter": gather.scatter,
    "scatter_add": gather.scatter_add,
    "index_select": gather.index_select,
    "index_add": gather.index_add,
    "masked_fill": gather.masked_fill,
    # copies and pieces
    "repeat": pieces.repeat,
    "tile": pieces.tile,
    "flip": pieces.flip,
    "fliplr": pieces.fliplr,
    "flipud": pieces.flipud,
    "roll": pieces.roll,
    "chunk": pieces.chunk,
    "split": pieces.split,
    "tensor_split": pieces.tensor_split,
    "unbind": pieces.unbind,
    "narrow": pieces.narrow,
    "tril": pieces.tril,
    "triu": pieces.triu,
    "diag": pieces.diag,
    "diagonal": pieces.diagonal,
    "diag_embed": pieces.diag_embed,
    "trace": pieces.trace,
    "outer": linalg.outer,
    "bmm": linalg.bmm,
    # new tensors like this one
    "new_zeros": _new_factory(np.zeros),
    "new_ones": _new_factory(np.ones),
    "new_empty": _new_factory(np.empty),
    "new_full": _new_full,
    "new_tensor": _new_tensor,
    "contiguous": _contiguous,
    "register_post_accumulate_grad_hook": accumulate_hooks.register,
    "cuda": _cuda,
    "__setitem__": _setitem,
    # casts
    "float": _cast(dtypes.float32),
    "double": _cast(dtypes.float64),
    "long": _cast(dtypes.int64),
    "int": _cast(dtypes.int32),
    "bool": _cast(dtypes.bool),
    "half": _cast(dtypes.float16),
    # in place
    "add_": _arithmetic_inplace(ew.add, np.add),
    "sub_": _arithmetic_inplace(ew.sub, np.subtract),
    "mul_": _arithmetic_inplace(ew.mul, np.multiply),
    "div_": _div_,
    "clamp_": lambda self, min=None, max=None: _inplace(self, ew.clamp, min, max),
    "fill_": _fill_,
    "masked_fill_": _in_place(gather.masked_fill),
    "scatter_": _in_place(gather.scatter),
    "scatter_add_": _in_place(gather.scatter_add),
    "index_add_": _in_place(gather.index_add),
    "clamp_min_": _in_place(ew.clamp_min),
    "clamp_max_": _in_place(ew.clamp_max),
    "__ifloordiv__": _in_place(rounding.floor_divide),
    "__imod__": _in_place(rounding.remainder),
    "zero_": _zero_,
    "copy_": _copy_,
}


_IN_PLACE_OF = (
    "abs neg exp log sqrt sin cos tanh sigmoid relu pow reciprocal square floor ceil trunc round "
    "sign log1p expm1 log2 log10 erfinv remainder floor_divide tril triu"
).split()


def _bool_op(numpy_op):
    return lambda self, other: Tensor._make(
        numpy_op(self._data, other._data if isinstance(other, Tensor) else other)
    )


def install():
    for name, func in _METHODS.items():
        setattr(Tensor, name, func)
    for name in _IN_PLACE_OF:
        setattr(Tensor, name + "_", _in_place(_METHODS[name]))
    Tensor.__iadd__ = _inplace_operator(np.add, Tensor.add_)
    Tensor.__isub__ = _inplace_operator(np.subtract, Tensor.sub_)
    Tensor.__imul__ = _inplace_operator(np.multiply, Tensor.mul_)
    Tensor.__itruediv__ = Tensor.div_
    Tensor.__pos__ = lambda self: self
    Tensor.__and__ = _bool_op(np.logical_and)
    Tensor.__or__ = _bool_op(np.logical_or)
    Tensor.__xor__ = _bool_op(np.logical_xor)
    Tensor.__invert__ = lambda self: Tensor._make(~self._data)
    Tensor.T = property(shape.matrix_T)
    Tensor.mT = property(lambda self: shape.transpose(self, -2, -1))
    Tensor.is_contiguous = lambda self, memory_format=None: bool(self._data.flags.c_contiguous)
    Tensor.view_as = lambda self, other: shape.reshape(self, *other.shape)
    Tensor.reshape_as = Tensor.view_as
    Tensor.cpu = lambda self: self
