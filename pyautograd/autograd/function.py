"""``pyautograd.autograd.Function``: operations written by the learner, as in PyTorch.

The engine's own ops (``pyautograd/function.py``) run their forward and backward on NumPy
arrays, which is fast. A learner's Function gets **tensors**, as PyTorch's does, so the
tutorials' code runs unchanged: ``forward`` runs without recording (its inside is one
node of the graph), ``backward`` runs under the mode the engine chose (recorded only with
``create_graph=True``), and what it returns is checked the way PyTorch checks it.

Example::

    class MyReLU(pyautograd.autograd.Function):
        @staticmethod
        def forward(ctx, input):
            ctx.save_for_backward(input)
            return input.clamp(min=0)

        @staticmethod
        def backward(ctx, grad_output):
            (input,) = ctx.saved_tensors
            grad_input = grad_output.clone()
            grad_input[input < 0] = 0
            return grad_input
"""

import functools

import numpy as np

from .. import function as _function
from .. import saved_errors
from ..grad_mode import no_grad
from ..grad_mode import state as _grad_mode
from ..ops.common import sum_to
from ..tangents import set_tangent
from ..tensor import Tensor

__all__ = ["Function", "once_differentiable"]


class Function(_function.Function):
    """Base class of custom operations: subclass it with ``forward(ctx, *inputs)`` and
    ``backward(ctx, *grad_outputs)`` static methods and call ``YourFunction.apply``."""

    @staticmethod
    def forward(ctx, *args):
        raise NotImplementedError("You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError(
            "You must implement either the backward or vjp method for your custom autograd.Function to use it with backward mode AD."
        )

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "_op" not in cls.__dict__:  # the node class runs the learner's backward
            cls._node_class.backward = staticmethod(_run_backward)

    @classmethod
    def apply(cls, *args):
        ctx = object.__new__(cls._node_class)
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a._requires_grad for a in args)
        with no_grad():
            result = cls.forward(ctx, *args)
        outputs = result if isinstance(result, tuple) else (result,)
        record = _grad_mode.enabled and any(ctx.needs_input_grad)
        if record and any(isinstance(t, Tensor) and t._inference for t, _, _ in ctx._saved or ()):
            raise RuntimeError(saved_errors.INFERENCE_SAVED)  # as the built-in ops (function.py)
        outputs = tuple(_output(ctx, o, i, args, record) for i, o in enumerate(outputs))
        if record:
            ctx.next_functions = tuple(
                _function.edge_to(a) if needs else (None, 0) for a, needs in zip(args, ctx.needs_input_grad)
            )
            ctx._n_outputs = len(outputs)
            ctx._output_meta = [
                (o._data.shape, o._data.dtype) if isinstance(o, Tensor) else None for o in outputs
            ]
            ctx._input_meta = [
                (a._data.shape, a._data.dtype) if isinstance(a, Tensor) else None for a in args
            ]
        if _function.forward_ad_state.levels:
            _propagate_tangent(cls, ctx, args, outputs)
        return outputs if isinstance(result, tuple) else outputs[0]

    # ---- what forward may tell the node -------------------------------------------------
    def save_for_backward(self, *tensors):
        """Keep tensors (inputs, outputs or None) for backward; they are checked for in-place
        changes when backward reads them back through ``ctx.saved_tensors``."""
        self._saved = tuple(
            (t, t._version_counter, t._version_counter[0]) if isinstance(t, Tensor) else (t, None, 0)
            for t in tensors
        )

    @property
    def saved_tensors(self):
        if self._saved is None:
            raise RuntimeError(saved_errors.FREED_MESSAGE)
        for t, version_counter, version in self._saved:
            if version_counter is not None and version_counter[0] != version:
                producer = self if t.grad_fn is self else None
                raise RuntimeError(
                    saved_errors.modified_message(t._data, (t, version_counter, version, producer))
                )
        return tuple(t for t, _, _ in self._saved)

    def mark_non_differentiable(self, *tensors):
        """These outputs (indices, masks...) will not require grad; backward gets zeros for them."""
        self._non_differentiable = tensors

    def set_materialize_grads(self, value):
        """With False, backward gets None (not zeros) for outputs that received no gradient."""
        self._materialize = bool(value)

    _non_differentiable = ()
    _materialize = True


def _output(ctx, out, index, args, record):
    """Make ``out`` an output of the node ``ctx`` (a fresh view when forward returned an input)."""
    if not (record and isinstance(out, Tensor)):
        return out
    if any(out is a for a in args):
        view = Tensor._make(out._data)
        view._version_counter = out._version_counter
        out = view
    if any(out is t for t in ctx._non_differentiable) or out._data.dtype.kind != "f":
        return out
    out._requires_grad, out.grad_fn, out._output_nr = True, ctx, index
    return out


def _run_backward(ctx, grads):
    """The node's backward: hand the learner tensors, check and return what they give back."""
    graph = ctx._graph_mode
    grads = grads if isinstance(grads, list) else [grads]
    as_tensors = []
    for g, meta in zip(grads, ctx._output_meta):
        if g is None and ctx._materialize and meta is not None:
            g = np.zeros(*meta)
        as_tensors.append(g if g is None or type(g) is Tensor else Tensor._make(g))
    result = type(ctx)._op.backward(ctx, *as_tensors)
    result = result if isinstance(result, tuple) else (result,)
    name = type(ctx).__name__
    expected = len(ctx._input_meta)
    if len(result) < expected or any(r is not None for r in result[expected:]):
        raise RuntimeError(
            f"function {name} returned an incorrect number of gradients (expected {expected}, got {len(result)})"
        )
    return tuple(
        _checked_grad(name, i, r, meta, graph) for i, (r, meta) in enumerate(zip(result, ctx._input_meta))
    )


def _checked_grad(name, index, grad, meta, graph):
    """One gradient as the engine wants it: the input's shape (summed down when it was
    broadcast) and dtype; an array (a copy it may keep) unless the backward is recorded."""
    if grad is None or meta is None:
        return None
    if not isinstance(grad, Tensor):
        raise TypeError(
            f"expected Tensor or None as the gradient at index {index} from {name}, got {type(grad).__name__}"
        )
    shape, dtype = meta
    if grad._data.shape != shape:
        try:
            target = np.broadcast_shapes(shape, grad._data.shape)
        except ValueError:
            target = None
        if target != grad._data.shape:
            raise RuntimeError(
                f"Function {name} returned an invalid gradient at index {index} - got "
                f"{list(grad._data.shape)} but expected shape compatible with {list(shape)}"
            )
        grad = sum_to(grad, shape) if graph else Tensor._make(sum_to(grad._data, shape))
    if graph:
        return grad if grad._data.dtype == dtype else grad.to(dtype)
    return np.array(grad._data, dtype=dtype)


def _propagate_tangent(cls, ctx, args, outputs):
    """Forward AD through a learner's Function: ``jvp(ctx, *input_tangents)`` on tensors."""
    tangents = [a._tangent if isinstance(a, Tensor) else None for a in args]
    if all(t is None for t in tangents):
        return
    jvp = cls.__dict__.get("jvp")
    if jvp is None:
        raise NotImplementedError(
            "You must implement the jvp function for custom autograd.Function to use it with forward mode AD."
        )
    zeros = [Tensor._make(np.zeros_like(a._data)) if isinstance(a, Tensor) else None for a in args]
    with no_grad():
        result = jvp.__func__(ctx, *(z if t is None else t for t, z in zip(tangents, zeros)))
    for out, tangent in zip(outputs, result if isinstance(result, tuple) else (result,)):
        if isinstance(out, Tensor) and tangent is not None:
            set_tangent(out, Tensor._make(np.array(tangent._data, dtype=out._data.dtype)))


# ---- once_differentiable ---------------------------------------------------------------------
class _DelayedError(_function.Function):
    """Stands for a backward that cannot be differentiated: fails only if someone tries."""

    backward_name = "DelayedError"

    @staticmethod
    def forward(ctx, a):
        return a.view()

    @staticmethod
    def backward(ctx, g):
        raise RuntimeError(
            "trying to differentiate twice a function that was marked with @once_differentiable"
        )


def once_differentiable(backward):
    """Mark a ``backward`` as written for first derivatives only: it runs without recording,
    and differentiating its result (``create_graph=True``) raises instead of being wrong."""

    @functools.wraps(backward)
    def wrapper(ctx, *grad_outputs):
        with no_grad():
            result = backward(ctx, *grad_outputs)
        if not _grad_mode.enabled or not any(
            isinstance(g, Tensor) and g._requires_grad for g in grad_outputs
        ):
            return result
        wrap = lambda r: _DelayedError.apply(r.detach().requires_grad_()) if isinstance(r, Tensor) else r  # noqa: E731
        return tuple(wrap(r) for r in result) if isinstance(result, tuple) else wrap(result)

    return wrapper
