"""The speed paths: the commonest calls of learners' code, unrolled.

Goal: the fixed Python cost around a small NumPy call is what a step of a small network
spends most of its time on, so the calls every lesson makes thousands of times take a path
with fewer frames and checks than the general one: ``+ - *`` on float tensors
(``pair_path``), one-tensor ops such as ``tanh`` and ``x ** 2`` (``one_path``), ops of two
tensors and settings such as ``mse_loss`` (``apply_two``), every linear layer
(``apply_linear``), arithmetic outside the graph (``compute_outside_graph``) and the in-place
update under ``no_grad`` (``write_outside_graph``), and ``p[rows, labels]``
(``index_tensors_only``).

Rule: a fast path changes nothing a learner can see. Each one builds exactly the node
``Function.apply`` builds (same class, edges, ``needs_input_grad``, saved values bound to the
same tensors and versions) and computes the same bits; ``tests/core/test_scalar_path.py``
proves it call by call against the general path. Anything a fast path does not cover
(forward AD, mixed dtypes, settings it does not know) goes to the general path.
"""

import numbers
import operator
import weakref

import numpy as np

from . import anomaly
from ._quiet_numpy import quiet_float_errors, restore_float_errors
from .dtypes import from_numpy_dtype, get_default_dtype
from .function import NO_EDGE, AccumulateGrad, accumulator_of, edge_to
from .grad_mode import inference_state
from .grad_mode import state as _grad_mode
from .ops.common import broadcast_shapes, shape_of
from .saved_errors import INFERENCE_SAVED
from .tangents import forward_ad_state
from .tensor import Tensor

FLOAT32, FLOAT64 = np.dtype(np.float32), np.dtype(np.float64)
INT64, INT32 = np.dtype(np.int64), np.dtype(np.int32)
OPERANDS = (Tensor, numbers.Number, np.ndarray, np.generic)  # what a tensor combines with
# Tensor._make looked up once: reading a classmethod off the class makes a bound method per call
_make = Tensor._make
_new = object.__new__
_ndarray, _asarray = np.ndarray, np.asarray
_intp, _add_reduce, _true_divide = np.intp, np.add.reduce, np.true_divide
_weakref = weakref.ref


def pair_path(cls, general):
    """The one function behind ``a + b`` (``- * @``) for an op ``cls`` whose forward is
    ``cls.operator`` on the data, and behind ``general(a, b)``'s own common case: ``a`` a
    float32/float64 tensor, ``b`` a tensor of the same dtype or a Python float, no forward AD.
    Outside the graph it is just the operator; recorded, the same node as ``cls.apply``.
    Anything else goes to ``general`` (the public function, which promotes dtypes and names
    errors); operands a tensor does not combine with (``tensor + "1"``) return NotImplemented:
    Python's own TypeError, as in PyTorch. One frame from the operator to the op's forward:
    each ``+`` of a lesson pays for every frame, and the op's attributes are read once, here."""
    node_class, forward, operator_, saved_for = cls._node_class, cls.forward, cls.operator, cls.saved_for

    def pair(a, b):
        kind = type(b)
        if kind is not Tensor and kind is not float:
            return general(a, b) if isinstance(b, OPERANDS) else NotImplemented
        x = a._data
        dtype = x.dtype
        if not (dtype is FLOAT32 or dtype is FLOAT64) or forward_ad_state.levels:
            return general(a, b)
        if not x.ndim:
            x = x[()]
        need_a = a._requires_grad
        if kind is Tensor:
            y = b._data
            if y.dtype is not dtype:
                return general(a, b)
            if not y.ndim:
                y = y[()]
            need_b = b._requires_grad
        else:
            y, need_b = b, False
        if not ((need_a or need_b) and _grad_mode.enabled):  # outside the graph (``lr * p.grad``)
            try:
                result = operator_(x, y)
            except ValueError as e:  # checked outside the handler: the learner sees one error, not two
                error = e
            else:
                out = _new(Tensor)  # Tensor._make(result), one frame fewer: the same fields
                out._data = result if type(result) is _ndarray else _asarray(result)
                out._requires_grad = False
                out._grad = None
                out.grad_fn = None
                out._version_counter = [0]
                out._retains_grad = False
                out._accumulator = None
                out._name = None
                out._tangent = None
                out._hooks = None
                out._inference = inference_state.enabled
                return out
            broadcast_shapes(x, y)  # raises PyTorch's message for shapes that do not broadcast
            raise error
        ctx = _new(node_class)
        try:
            result = forward(ctx, x, y)
        except ValueError as e:
            error = e
        else:
            out = _new(Tensor)  # Tensor._make(result, True, ctx), one frame fewer: the same fields
            out._data = result if type(result) is _ndarray else _asarray(result)
            out._requires_grad = True
            out._grad = None
            out.grad_fn = ctx
            out._version_counter = [0]
            out._retains_grad = False
            out._accumulator = None
            out._name = None
            out._tangent = None
            out._hooks = None
            out._inference = inference_state.enabled
            # edge_to(a), edge_to(b), inlined: a parameter's live AccumulateGrad is read in place
            if need_a:
                node = a.grad_fn
                if node is None:
                    node = a._accumulator
                    node = node() if node is not None else None
                    if node is None:  # accumulator_of(a), inlined: each step's graph frees the last one
                        node = _new(AccumulateGrad)
                        node.variable = a
                        a._accumulator = _weakref(node)
                    edge_a = (node, 0)
                else:
                    edge_a = (node, a._output_nr if node._n_outputs > 1 else 0)
            else:
                edge_a = NO_EDGE
            if need_b:
                node = b.grad_fn
                if node is None:
                    node = b._accumulator
                    node = node() if node is not None else None
                    if node is None:  # accumulator_of(b), inlined: each step's graph frees the last one
                        node = _new(AccumulateGrad)
                        node.variable = b
                        b._accumulator = _weakref(node)
                    edge_b = (node, 0)
                else:
                    edge_b = (node, b._output_nr if node._n_outputs > 1 else 0)
            else:
                edge_b = NO_EDGE
            ctx.next_functions = (edge_a, edge_b)
            needs = ctx.needs_input_grad = (need_a, need_b)
            saved = ctx._saved
            if saved:  # Function._bind_saved for two arguments (a loop: no comprehension frame)
                sources = []
                for k, s in enumerate(saved):
                    if saved_for is not None and saved_for[k] is not None and not needs[saved_for[k]]:
                        sources.append(None)
                    elif s is x:
                        if a._inference:
                            raise RuntimeError(INFERENCE_SAVED)
                        counter = a._version_counter
                        sources.append((a, counter, counter[0], None))
                    elif s is y and kind is Tensor:
                        if b._inference:
                            raise RuntimeError(INFERENCE_SAVED)
                        counter = b._version_counter
                        sources.append((b, counter, counter[0], None))
                    elif s is result:
                        sources.append((None, out._version_counter, 0, ctx))
                    else:
                        sources.append(None)
                ctx._saved_sources = sources
            if anomaly.state.enabled:
                anomaly.remember_forward(ctx)
            return out
        broadcast_shapes(x, y)
        raise error

    pair.__name__ = general.__name__
    return pair


def apply_linear(cls, t_cls, bias, input, weight, general):
    """``cls.apply(bias, input, t_cls.apply(weight))`` (sharing the weight's version counter,
    as a view), i.e. ``general(bias, input, weight)``, for every linear layer with a bias:
    ``Addmm`` over the bias, the input and ``TBackward0`` -> weight, both nodes made here at
    once. The transposed weight becomes a tensor only where the graph keeps it (saved for the
    input's gradient). Forward AD and inference tensors take the general path."""
    if forward_ad_state.levels or bias._inference or input._inference or weight._inference:
        return general(bias, input, weight)
    b, x, w = bias._data, input._data, weight._data
    wt = w.T
    ctx = _new(cls._node_class)
    result = cls.forward(ctx, b, x, wt)
    need_b, need_x, need_w = bias._requires_grad, input._requires_grad, weight._requires_grad
    if not ((need_b or need_x or need_w) and _grad_mode.enabled):
        return _make(result)
    out = _new(Tensor)  # Tensor._make(result, True, ctx), one frame fewer: the same fields
    out._data = result if type(result) is _ndarray else _asarray(result)
    out._requires_grad = True
    out._grad = None
    out.grad_fn = ctx
    out._version_counter = [0]
    out._retains_grad = False
    out._accumulator = None
    out._name = None
    out._tangent = None
    out._hooks = None
    out._inference = inference_state.enabled
    if need_w:
        node = weight.grad_fn  # edge_to(weight), inlined: each layer's weight, each step
        if node is None:
            node = weight._accumulator
            node = node() if node is not None else None
            if node is None:  # accumulator_of(weight), inlined: each step's graph frees the last one
                node = _new(AccumulateGrad)
                node.variable = weight
                weight._accumulator = _weakref(node)
            edge = (node, 0)
        else:
            edge = (node, weight._output_nr if node._n_outputs > 1 else 0)
        t_node = _new(t_cls._node_class)
        t_node.next_functions = (edge,)
        t_node.needs_input_grad = (True,)
        w_edge = (t_node, 0)
    else:
        t_node, w_edge = None, NO_EDGE
    if need_b:
        node = bias.grad_fn  # edge_to(bias), inlined: each layer's bias, each step
        if node is None:
            node = bias._accumulator
            node = node() if node is not None else None
            if node is None:
                node = _new(AccumulateGrad)
                node.variable = bias
                bias._accumulator = _weakref(node)
            b_edge = (node, 0)
        else:
            b_edge = (node, bias._output_nr if node._n_outputs > 1 else 0)
    else:
        b_edge = NO_EDGE
    ctx.next_functions = (b_edge, edge_to(input) if need_x else NO_EDGE, w_edge)
    ctx.needs_input_grad = (need_b, need_x, need_w)
    counter = weight._version_counter
    if need_x:  # mat2 (the transposed weight) is read only for the input's gradient
        wt_tensor = _new(Tensor)  # Tensor._make(wt, need_w, t_node), sharing the weight's version counter
        wt_tensor._data = wt
        wt_tensor._requires_grad = need_w
        wt_tensor._grad = None
        wt_tensor.grad_fn = t_node
        wt_tensor._version_counter = counter
        wt_tensor._retains_grad = False
        wt_tensor._accumulator = None
        wt_tensor._name = None
        wt_tensor._tangent = None
        wt_tensor._hooks = None
        wt_tensor._inference = inference_state.enabled
        wt_source = (wt_tensor, counter, counter[0], None)
    else:
        wt_source = None
    # mat1 (the input) is read only for the weight's gradient
    x_source = (input, input._version_counter, input._version_counter[0], None) if need_w else None
    ctx._saved_sources = [x_source, wt_source]
    if anomaly.state.enabled:
        if t_node is not None:
            anomaly.remember_forward(t_node)
        anomaly.remember_forward(ctx)
    return out


def one_path(cls, prepare):
    """The one function behind ``torch.tanh(x)`` (``sigmoid``, ``relu``, ``x ** 2``,
    ``mean()``...) for an op of one tensor and ``cls.n_options`` settings: the node
    ``cls.apply(a, *options)`` builds, without apply's general argument loop, one frame from
    the public function to the op's forward. ``prepare(a)`` turns an input that is not a
    float tensor into what the op takes (a tensor, a float one for an op that computes in
    floats, or PyTorch's error); None when every caller passes float tensors. Forward AD takes
    the general path."""
    node_class, forward, scalar_forward, may_overflow = (
        cls._node_class,
        cls.forward,
        cls.scalar_forward,
        cls.may_overflow,
    )
    n_options = cls.n_options

    def one(input, *options):  # ``input``: PyTorch's name, for ``torch.tanh(input=x)``
        if len(options) != n_options:  # Python's own message, under the public name
            raise TypeError(
                f"{one.__qualname__}() takes {n_options + 1} positional argument{'s' if n_options else ''} "
                f"but {len(options) + 1} were given"
            )
        a = input
        if type(a) is not Tensor or a._data.dtype.kind != "f":
            a = prepare(a)
        if forward_ad_state.levels:
            return cls.apply(a, *options)
        x = a._data
        if scalar_forward and not x.ndim and x.dtype.char in "fd":
            x = x[()]
        ctx = _new(node_class)
        if may_overflow:
            token = quiet_float_errors()
            try:
                result = forward(ctx, x, *options)
            finally:
                restore_float_errors(token)
        else:
            result = forward(ctx, x, *options)
        if not (a._requires_grad and _grad_mode.enabled):
            return _make(result)
        out = _new(Tensor)  # Tensor._make(result, True, ctx), one frame fewer: the same fields
        out._data = result if type(result) is _ndarray else _asarray(result)
        out._requires_grad = True
        out._grad = None
        out.grad_fn = ctx
        out._version_counter = [0]
        out._retains_grad = False
        out._accumulator = None
        out._name = None
        out._tangent = None
        out._hooks = None
        out._inference = inference_state.enabled
        node = a.grad_fn  # edge_to(a), inlined
        if node is None:
            node = a._accumulator
            node = node() if node is not None else None
            ctx.next_functions = ((node if node is not None else accumulator_of(a), 0),)
        else:
            ctx.next_functions = ((node, a._output_nr if node._n_outputs > 1 else 0),)
        ctx.needs_input_grad = (True,)
        saved = ctx._saved
        if saved:  # _bind_saved for one argument
            if a._inference:
                return cls.apply(a, *options)  # the general path names the error
            sources = []
            for s in saved:
                if s is x:
                    counter = a._version_counter
                    sources.append((a, counter, counter[0], None))
                elif s is result:
                    sources.append((None, out._version_counter, 0, ctx))
                else:
                    sources.append(None)
            ctx._saved_sources = sources
        if anomaly.state.enabled:
            anomaly.remember_forward(ctx)
        return out

    return one


def mean_values(a, dims, keepdim, count):
    """``np.mean(a, axis=dims, keepdims=keepdim)`` of a float32/float64 array of ``count``
    elements per mean, to the bit: the sum in the array's dtype, divided by the count as
    NumPy's own ``_mean`` divides it (by an ``intp``), without NumPy's three Python frames
    around it (~30k instructions a call, more than the sum of a small layer's output)."""
    total = _add_reduce(a, dims, None, None, keepdim)
    if type(total) is _ndarray:
        return _true_divide(total, _intp(count), out=total, casting="unsafe", subok=False)
    return total.dtype.type(total / _intp(count))


def apply_two(cls, a, b, *options):
    """``cls.apply(a, b, *options)`` for an op of two tensors and ``cls.n_options`` settings
    that are not tensors (the losses: ``mse_loss``...): the same node, without apply's general
    argument loop and its helper frames. Forward AD and inference tensors take the general
    path."""
    if forward_ad_state.levels or a._inference or b._inference:
        return cls.apply(a, b, *options)
    x, y = a._data, b._data
    if cls.scalar_forward:
        if not x.ndim and x.dtype.char in "fd":
            x = x[()]
        if not y.ndim and y.dtype.char in "fd":
            y = y[()]
    ctx = _new(cls._node_class)
    if cls.may_overflow:
        token = quiet_float_errors()
        try:
            result = cls.forward(ctx, x, y, *options)
        finally:
            restore_float_errors(token)
    else:
        result = cls.forward(ctx, x, y, *options)
    need_a, need_b = a._requires_grad, b._requires_grad
    if not ((need_a or need_b) and _grad_mode.enabled):
        return _make(result)
    out = _new(Tensor)  # Tensor._make(result, True, ctx), one frame fewer: the same fields
    out._data = result if type(result) is _ndarray else _asarray(result)
    out._requires_grad = True
    out._grad = None
    out.grad_fn = ctx
    out._version_counter = [0]
    out._retains_grad = False
    out._accumulator = None
    out._name = None
    out._tangent = None
    out._hooks = None
    out._inference = inference_state.enabled
    if need_a:
        node = a.grad_fn  # edge_to(a), inlined for a computed input (a model's output)
        edge_a = edge_to(a) if node is None else (node, a._output_nr if node._n_outputs > 1 else 0)
    else:
        edge_a = NO_EDGE
    ctx.next_functions = (edge_a, edge_to(b) if need_b else NO_EDGE)
    needs = ctx.needs_input_grad = (need_a, need_b)
    saved = ctx._saved
    if saved:  # Function._bind_saved for two tensors (a loop: no comprehension frame)
        sources = []
        saved_for = cls.saved_for
        for k, s in enumerate(saved):
            if saved_for is not None and saved_for[k] is not None and not needs[saved_for[k]]:
                sources.append(None)
            elif s is x:
                counter = a._version_counter
                sources.append((a, counter, counter[0], None))
            elif s is y:
                counter = b._version_counter
                sources.append((b, counter, counter[0], None))
            elif s is result:
                sources.append((None, out._version_counter, 0, ctx))
            else:
                sources.append(None)
        ctx._saved_sources = sources
    if anomaly.state.enabled:
        anomaly.remember_forward(ctx)
    return out


def index_tensors_only(key, ndim):
    """Is ``key`` (of ``x[key]``, ``x`` of ``ndim`` dims) a tuple of at most ``ndim`` long or
    int index tensors of at least one dim each (``p[rows, labels]``)? For such a key
    ``index.getitem``'s preparation (each part made NumPy's, masks checked, the node's kind
    chosen, the tensors put back) gives back the key itself and ``IndexAdvanced``: a caller
    may skip it, ~15 frames."""
    if type(key) is not tuple or not key or len(key) > ndim:
        return False
    for part in key:
        if type(part) is not Tensor:
            return False
        data = part._data
        if not data.ndim or (data.dtype is not INT64 and data.dtype is not INT32):
            return False
    return True


def compute_outside_graph(operator_, a, b):
    """``a (op) b`` when nothing is recorded (``lr * p.grad`` under no_grad in the lessons'
    update): the operator on the data, as the op's forward computes it, without a node."""
    x = a._data
    if not x.ndim and x.dtype.char in "fd":
        x = x[()]
    if isinstance(b, Tensor):
        b = b._data
        if not b.ndim and b.dtype.char in "fd":
            b = b[()]
    return _make(operator_(x, b))


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


def _fits(data, other):
    """Can ``other`` be combined into ``data`` in place without changing its shape?"""
    if type(other) is Tensor:
        other = other._data
    elif type(other) in (int, float, bool):
        return True
    shape = shape_of(other)
    return shape == data.shape or not shape or data.shape == np.broadcast_shapes(data.shape, shape)


_KIND_ORDER = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}


def _refuse_narrowing(data, other, ufunc):
    """PyTorch refuses an in-place result of a higher kind than the tensor (a float into an
    integer tensor, an integer into a bool one) instead of truncating it: so does this path."""
    if type(other) is Tensor:
        result = other._data.dtype
    elif isinstance(other, np.ndarray | np.generic):
        result = other.dtype
    elif isinstance(other, bool):
        result = np.dtype(np.bool_)
    elif isinstance(other, numbers.Integral):
        result = np.dtype(np.int64)
    elif isinstance(other, numbers.Number):
        result = get_default_dtype().numpy
    else:
        return
    if ufunc is np.true_divide and result.kind in "biu":
        result = get_default_dtype().numpy
    if _KIND_ORDER[result.kind] > _KIND_ORDER[data.dtype.kind]:
        ours, theirs = (from_numpy_dtype(d).legacy_name[: -len("Tensor")] for d in (result, data.dtype))
        raise RuntimeError(f"result type {ours} can't be cast to the desired output type {theirs}")


def write_outside_graph(self, other, ufunc):
    """``self (ufunc)= other`` straight into self's memory when nothing is recorded: the update
    loops of the lessons (``p -= lr * p.grad`` under no_grad) end here, with no graph machinery.
    Returns False when ``other`` does not fit in place (the general path decides)."""
    if self._inference:
        self._refuse_inference_write()
    data = self._data
    if data.dtype.kind in "biu":  # never a parameter; only here can a result silently truncate
        _refuse_narrowing(data, other, ufunc)
    if type(other) is Tensor and data.ndim and other._data.shape == data.shape:  # _fits' commonest case
        value = other._data
        if value.dtype is data.dtype:  # no cast to choose: NumPy's own in-place operator, the cheapest call
            _INPLACE_OPERATOR[ufunc](data, value)
        else:
            ufunc(data, value, out=data, casting="unsafe")
    elif (
        not data.ndim
        and data.dtype.char in "fd"
        and (
            type(other) is float
            or type(other) is int
            or (type(other) is Tensor and not other._data.ndim and other._data.dtype.char in "fd")
        )
    ):  # a number or a 0-d float tensor into a 0-d float tensor: each parameter's update
        data[()] = _SCALAR_OPERATOR[ufunc](data[()], other._data[()] if type(other) is Tensor else other)
    elif _fits(data, other):
        ufunc(data, other._data if type(other) is Tensor else other, out=data, casting="unsafe")
    else:
        return False
    self._version_counter[0] += 1  # Tensor._bump_version, inlined: once per parameter per step
    return True


def inplace_operator(ufunc, method):
    """``p -= t`` (``+=``, ``*=``): outside the graph (the lessons' update under no_grad)
    straight to ``write_outside_graph``, two frames sooner; everything else goes to
    ``method`` (``sub_``...)."""

    def operator_(self, other):
        if not _grad_mode.enabled and not forward_ad_state.levels and write_outside_graph(self, other, ufunc):
            return self
        return method(self, other)

    operator_.__name__ = f"__i{ufunc.__name__[:3]}__"
    return operator_
