"""Attach the ops to Tensor as methods and operators (the in-place rules are in ``in_place.py``;
element-wise ops declared with ``ops.unary.unary`` bring their own methods)."""

import numpy as np

from . import accumulate_hooks, devices, dtypes, engine, storage
from .fast_paths import OPERANDS, inplace_operator
from .grad_mode import state as grad_mode
from .in_place import (
    apply_in_place,
    has_tangent,
    method_in_place,
    requires_grad,
)
from .ops import (
    counting,
    gather,
    index,
    inverse,
    linalg,
    logical,
    norm,
    pieces,
    reduce,
    rounding,
    shape,
    sorting,
    statistics,
    unary,
)
from .ops import elementwise as ew
from .ops.common import as_tensor_arg
from .tangents import forward_ad_state
from .tensor import Tensor
from .view_writes import VIEW_OF_LEAF_INPLACE


def _arithmetic_inplace(op, ufunc):
    """``add_``/``sub_``/``mul_`` (and ``+=`` ``-=`` ``*=``) through ``apply_in_place``, which writes
    straight into memory outside the graph (``fast_paths.write_outside_graph``) and records them in it."""

    def method(self, other, alpha=1):
        if alpha != 1:
            if op is ew.mul:  # PyTorch's mul_ has no alpha
                raise TypeError("mul_() got an unexpected keyword argument 'alpha'")
            return apply_in_place(self, op, other * alpha)
        return apply_in_place(self, op, other, ufunc=ufunc)

    return method


def _is_basic(key):
    """Ints and slices only (PyTorch writes those through a view, anything else in place)."""
    parts = key if isinstance(key, tuple) else (key,)
    return all(isinstance(k, (int, np.integer, slice)) and not isinstance(k, bool) for k in parts)


def _setitem(self, key, value):
    self._refuse_inference_write()
    given, key = key, index.normalize_index(key)
    index.check_masks(self._data.shape, key)
    dual = has_tangent(self, (value,))
    value = value._data if isinstance(value, Tensor) and not requires_grad(value) and not dual else value
    if not dual and not (grad_mode.enabled and (self._requires_grad or requires_grad(value))):
        self._data[key] = value._data if isinstance(value, Tensor) else value
        self._bump_version()
        return
    if grad_mode.enabled and self.grad_fn is None and self._requires_grad and _is_basic(key):
        raise RuntimeError(VIEW_OF_LEAF_INPLACE)  # PyTorch writes through a view: w[0] = 5
    # a basic index writes through a view (CopySlices), an index tensor is index_put_ on self
    if _is_basic(key):
        put = index.CopySlices
    else:
        put, key = index.IndexPut, index.with_tensors(given, key)
    apply_in_place(self, lambda s, v: put.apply(s, as_tensor_arg(v), key), value)


def index_put_(self, indices, values, accumulate=False):
    """``self[indices] = values`` (``+=`` with ``accumulate``, repeated positions adding up), in
    place: outside the graph straight into memory, inside it recorded as IndexPutBackward0 (and
    through a view, as CopySlices of its base)."""
    return _index_put_in_place(self, indices, values, accumulate, 1)


def index_put_function(input, indices, values, accumulate=False):
    """``torch.index_put_(input, indices, values)``: the method, with the function's wording."""
    return _index_put_in_place(input, indices, values, accumulate, 2)


def _index_put_in_place(self, indices, values, accumulate, position):
    self._refuse_inference_write()
    key, values = index.index_put_key(self, indices, values, "index_put_", position)
    dual = has_tangent(self, (values,))
    if not dual and not (grad_mode.enabled and (self._requires_grad or requires_grad(values))):
        if accumulate:
            np.add.at(self._data, key, values._data)
        else:
            self._data[key] = values._data
        self._bump_version()
        return self
    put = index.IndexPutAccumulate if accumulate else index.IndexPut
    key = index.with_tensors(indices, key)
    return apply_in_place(self, lambda s, v: put.apply(s, v, key), values)


def _index_put(self, indices, values, accumulate=False):
    key, values = index.index_put_key(self, indices, values, "index_put", 1)
    put = index.IndexPutAccumulate if accumulate else index.IndexPut
    return put.apply(self, values, index.with_tensors(indices, key))


def _fill_(self, value):
    self._refuse_inference_write()
    if isinstance(value, Tensor) and value._data.ndim:
        raise RuntimeError(
            f"fill_ only supports 0-dimension value tensor but got tensor with {value._data.ndim} dimensions."
        )
    if not (grad_mode.enabled and (self._requires_grad or requires_grad(value))) and not has_tangent(
        self, (value,)
    ):
        # outside the graph (``p.grad.zero_()``, ``opt.zero_grad`` with set_to_none=False): write the memory
        if type(value) in (int, float, bool):
            self._data.fill(value)
        else:
            np.copyto(self._data, value._data if isinstance(value, Tensor) else value, casting="unsafe")
        self._bump_version()
        return self
    return apply_in_place(self, lambda s: gather.filled(s, value))


def _zero_(self):
    if self._inference:
        self._refuse_inference_write()
    if grad_mode.enabled and self._requires_grad:
        return apply_in_place(self, gather.zeroed)  # recorded as ZeroBackward0, as in PyTorch
    if not forward_ad_state.levels:  # ``p.grad.zero_()`` in the lessons' update loop
        data = self._data
        if data.ndim:
            data.fill(0)
        else:  # 0-d (a scalar parameter's gradient): NumPy's scalar store is ~3x cheaper than fill
            data[()] = 0
        self._version_counter[0] += 1  # _bump_version, inlined (once per parameter per step)
        return self
    return _fill_(self, 0)


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
        return apply_in_place(self, ew.div, other, ufunc=np.true_divide)
    return apply_in_place(self, lambda s, o: rounding.div_rounded(s, o, rounding_mode), other)


def _copy_(self, src):
    return apply_in_place(
        self, lambda s, v: shape.to(_broadcast_source(as_tensor_arg(v), s.shape), s.dtype), src
    )


def _broadcast_source(v, target):
    """``copy_``'s source in the target's shape: expanded only when it is not already, as
    PyTorch's copy_ records no ExpandBackward0 for a source of the same shape."""
    return v if tuple(v.shape) == tuple(target) else shape.expand(v, *target)


def _cast(target):
    return lambda self: shape.to(self, target)


def _swap(op):
    return lambda self, other: op(other, self)


def _operator(op):
    """``tensor + "1"`` or ``tensor * [1, 2]``: Python's own TypeError, as in PyTorch, by
    returning NotImplemented for operands a tensor does not combine with."""

    def method(self, other):
        if type(other) is not Tensor and type(other) is not float and not isinstance(other, OPERANDS):
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
    "square": ew.square,
    "clamp": ew.clamp,
    "clip": ew.clamp,
    "clamp_min": ew.clamp_min,
    "clamp_max": ew.clamp_max,
    "sign": rounding.sign,
    "atan2": ew.atan2,
    "xlogy": ew.xlogy,
    "lerp": ew.lerp,
    "addcmul": ew.addcmul,
    "addcdiv": ew.addcdiv,
    "true_divide": ew.true_divide,
    "arctan2": ew.arctan2,
    "hypot": ew.hypot,
    "logaddexp": ew.logaddexp,
    "logaddexp2": ew.logaddexp2,
    "fmax": ew.fmax,
    "fmin": ew.fmin,
    "copysign": ew.copysign,
    "sgn": ew.sgn,
    "positive": ew.positive,
    "signbit": logical.signbit,
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
    "nansum": reduce.nansum,
    "nanmean": reduce.nanmean,
    "mean": reduce.mean,
    "max": reduce.max,
    "min": reduce.min,
    "amax": reduce.amax,
    "amin": reduce.amin,
    "histc": counting.histc,
    "unique": counting.unique,
    "nonzero": counting.nonzero,
    "argwhere": counting.argwhere,
    "count_nonzero": counting.count_nonzero,
    "argmax": reduce.argmax,
    "argmin": reduce.argmin,
    "softmax": reduce.softmax,
    "log_softmax": reduce.log_softmax,
    # shapes
    "reshape": shape.reshape,
    "view": shape.view,
    "flatten": shape.flatten,
    "unflatten": shape.unflatten,
    "ravel": shape.ravel,
    "permute": shape.permute,
    "transpose": shape.transpose,
    "t": shape.t,
    "unsqueeze": shape.unsqueeze,
    "squeeze": shape.squeeze,
    "expand": shape.expand,
    "expand_as": shape.expand_as,
    "broadcast_to": shape.broadcast_to_method,
    "swapaxes": shape.swapaxes,
    "swapdims": shape.swapdims,
    "clone": shape.clone,
    "to": shape.to,
    "matmul": linalg.matmul,
    "mm": linalg.mm,
    "addmm": linalg.addmm,
    "addmv": linalg.addmv,
    "inner": linalg.inner,
    "kron": linalg.kron,
    "addr": linalg.addr,
    "baddbmm": linalg.baddbmm,
    "addbmm": linalg.addbmm,
    "mv": linalg.mv,
    "dot": linalg.dot,
    # operators
    # ``+ - *``: fast_paths.pair_path, one frame to the op (it returns NotImplemented itself)
    "__add__": ew.PAIR_PATHS[ew.Add],
    "__radd__": ew.PAIR_PATHS[ew.Add],
    "__sub__": ew.PAIR_PATHS[ew.Sub],
    "__rsub__": _operator(_swap(ew.sub)),
    "__mul__": ew.PAIR_PATHS[ew.Mul],
    "__rmul__": ew.PAIR_PATHS[ew.Mul],
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
    "fmod": rounding.fmod,
    "floor_divide": rounding.floor_divide,
    "prod": statistics.prod,
    "std": statistics.std,
    "var": statistics.var,
    "cumsum": statistics.cumsum,
    "cumprod": statistics.cumprod,
    "cummax": statistics.cummax,
    "logcumsumexp": statistics.logcumsumexp,
    "cummin": statistics.cummin,
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
    "kthvalue": sorting.kthvalue,
    "median": sorting.median,
    "nanmedian": sorting.nanmedian,
    "gather": gather.gather,
    "masked_select": gather.masked_select,
    "take_along_dim": gather.take_along_dim,
    "scatter": gather.scatter,
    "scatter_add": gather.scatter_add,
    "index_select": gather.index_select,
    "index_add": gather.index_add,
    "masked_fill": gather.masked_fill,
    # copies and pieces
    "repeat": pieces.repeat,
    "repeat_interleave": pieces.repeat_interleave_method,
    "tile": pieces.tile,
    "flip": pieces.flip,
    "fliplr": pieces.fliplr,
    "flipud": pieces.flipud,
    "roll": pieces.roll,
    "chunk": pieces.chunk,
    "split": pieces.split,
    "tensor_split": pieces.tensor_split,
    "hsplit": pieces.hsplit,
    "vsplit": pieces.vsplit,
    "dsplit": pieces.dsplit,
    "unbind": pieces.unbind,
    "narrow": pieces.narrow,
    "select": pieces.select,
    "movedim": pieces.movedim,
    "moveaxis": pieces.moveaxis,
    "tril": pieces.tril,
    "triu": pieces.triu,
    "diag": pieces.diag,
    "diagonal": pieces.diagonal,
    "diag_embed": pieces.diag_embed,
    "trace": pieces.trace,
    "diff": pieces.diff,
    "cross": linalg.cross,
    "det": inverse.det,
    "inverse": inverse.inv,
    "outer": linalg.outer,
    "bmm": linalg.bmm,
    # new tensors like this one
    "new_zeros": _new_factory(np.zeros),
    "new_ones": _new_factory(np.ones),
    "new_empty": _new_factory(np.empty),
    "new_full": _new_full,
    "new_tensor": _new_tensor,
    "contiguous": _contiguous,
    "stride": storage.stride,
    "storage_offset": storage.storage_offset,
    "storage": storage.storage,
    "register_post_accumulate_grad_hook": accumulate_hooks.register,
    "cuda": _cuda,
    "__setitem__": _setitem,
    "index_put_": index_put_,
    "index_put": _index_put,
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
    "clamp_": lambda self, min=None, max=None: apply_in_place(self, ew.clamp, min, max),
    "fill_": _fill_,
    "masked_fill_": method_in_place(gather.masked_fill),
    "scatter_": method_in_place(gather.scatter),
    "scatter_add_": method_in_place(gather.scatter_add),
    "index_add_": method_in_place(gather.index_add),
    "clamp_min_": method_in_place(ew.clamp_min),
    "clamp_max_": method_in_place(ew.clamp_max),
    "__ifloordiv__": method_in_place(rounding.floor_divide),
    "__imod__": method_in_place(rounding.remainder),
    "zero_": _zero_,
    "copy_": _copy_,
}


_IN_PLACE_OF = "addmv addr baddbmm addbmm copysign sgn atan2 arctan2 hypot xlogy lerp addcmul addcdiv true_divide pow square floor ceil trunc round sign remainder fmod floor_divide tril triu".split()


def _bool_op(numpy_op):
    return lambda self, other: Tensor._make(
        numpy_op(self._data, other._data if isinstance(other, Tensor) else other)
    )


def install():
    Tensor.backward = engine.tensor_backward
    for name, func in {**_METHODS, **unary.methods()}.items():
        setattr(Tensor, name, func)
    for name in _IN_PLACE_OF:
        setattr(Tensor, name + "_", method_in_place(_METHODS[name]))
    Tensor.__iadd__ = inplace_operator(np.add, Tensor.add_)
    Tensor.__isub__ = inplace_operator(np.subtract, Tensor.sub_)
    Tensor.__imul__ = inplace_operator(np.multiply, Tensor.mul_)
    Tensor.__itruediv__ = Tensor.div_
    Tensor.__pos__ = ew.positive
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
