"""Whole-function derivatives: ``vjp``, ``jvp``, ``jacobian``, ``hessian`` (as in
``torch.autograd.functional``), plus ``count_passes`` to see what each one costs.

A reverse-mode sweep (one vector-Jacobian product, ``v^T J``) gives one *row* of the
Jacobian; a forward-mode sweep (one Jacobian-vector product, ``J v``) gives one *column*.
So a full Jacobian of f: R^n -> R^m takes m reverse sweeps or n forward sweeps. The
counter makes that visible::

    with count_passes() as n:
        jacobian(f, x, strategy="forward-mode")
    n.jvp, n.vjp, n.calls        # forward sweeps, reverse sweeps, evaluations of f

pyautograd has no ``vmap``: ``vectorize=True`` is accepted for PyTorch compatibility and
gives the same result, one sweep per row (or column), honestly counted. As in PyTorch, the
forward-mode Jacobian (and the forward-over-reverse Hessian) exists only with
``vectorize=True``; without it the call raises PyTorch's ``NotImplementedError``.
"""

import numpy as np

from .. import engine
from ..grad_mode import enable_grad
from ..ops.shape import stack
from ..tangents import set_tangent
from ..tensor import Tensor
from . import forward_ad

_active_counters = []


class count_passes:
    """Count reverse sweeps (``vjp``), forward sweeps (``jvp``) and calls of f (``calls``)."""

    def __init__(self):
        self.vjp = self.jvp = self.calls = 0

    def __enter__(self):
        _active_counters.append(self)
        return self

    def __exit__(self, *exc):
        _active_counters.remove(self)
        return False

    def __repr__(self):
        return f"count_passes(vjp={self.vjp}, jvp={self.jvp}, calls={self.calls})"


def _count(kind):
    for counter in _active_counters:
        setattr(counter, kind, getattr(counter, kind) + 1)


# ---- argument handling (PyTorch's conventions) --------------------------------------------
def _as_tuple(x, arg_name, fn_name):
    """Return (tuple of tensors, was it a tuple?)."""
    is_tuple = isinstance(x, (tuple, list))
    items = tuple(x) if is_tuple else (x,)
    for i, t in enumerate(items):
        if not isinstance(t, Tensor):
            kind = f"The {arg_name} given to {fn_name} must be either a Tensor or a tuple of Tensors"
            raise TypeError(
                f"{kind} but the value at index {i} has type {type(t).__name__}."
                if is_tuple
                else f"{kind} but the given {arg_name} has type {type(t).__name__}."
            )
    return items, is_tuple


def _prepare_inputs(inputs, create_graph):
    """Fresh leaves that require grad (or views, to keep an outer graph with create_graph)."""
    if create_graph:
        return tuple(t.view_as(t) if t.requires_grad else t.detach().requires_grad_(True) for t in inputs)
    return tuple(t.detach().requires_grad_(True) for t in inputs)


def _call(func, inputs, fn_name):
    _count("calls")
    out = func(*inputs)
    outputs, is_tuple = _as_tuple(out, "outputs of the user-provided function", fn_name)
    return outputs, is_tuple


def _finish(t, create_graph):
    return t if create_graph else t.detach()


def _vjp_sweep(outputs, inputs, grad_outputs, create_graph):
    """One reverse sweep: d(sum_i grad_outputs[i] . outputs[i]) / d(inputs); zeros if unused."""
    pairs = [(o, g) for o, g in zip(outputs, grad_outputs) if o.requires_grad]
    if not pairs:
        return tuple(None for _ in inputs)
    _count("vjp")
    return engine.grad(
        [o for o, _ in pairs],
        inputs,
        [g for _, g in pairs],
        retain_graph=True,
        create_graph=create_graph,
        allow_unused=True,
    )


def _check_strict(grads, strict, what):
    if strict:
        for i, g in enumerate(grads):
            if g is None:
                raise RuntimeError(
                    f"The {what} for input {i} is independent of the inputs. "
                    "This is not allowed in strict mode."
                )


def _zeros_for_none(grads, inputs):
    return tuple(Tensor._make(np.zeros_like(x._data)) if g is None else g for g, x in zip(grads, inputs))


# ---- vjp and jvp ---------------------------------------------------------------------------
def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), v^T J)``: one reverse sweep."""
    inputs, inputs_tuple = _as_tuple(inputs, "inputs", "vjp")
    with enable_grad():
        xs = _prepare_inputs(inputs, create_graph)
        outputs, outputs_tuple = _call(func, xs, "vjp")
        if v is None:
            if len(outputs) != 1 or outputs[0].numel() != 1:
                raise RuntimeError(
                    "The vector v can only be None if the user-provided function "
                    "returns a single Tensor with a single element."
                )
            v = (Tensor._make(np.ones_like(outputs[0]._data)),)
        else:
            v, _ = _as_tuple(v, "v", "vjp")
        grads = _vjp_sweep(outputs, xs, v, create_graph)
    _check_strict(grads, strict, "output of the user-provided function")
    grads = _zeros_for_none(grads, xs)
    outs = tuple(_finish(o, create_graph) for o in outputs)
    grads = tuple(_finish(g, create_graph) for g in grads)
    return (outs if outputs_tuple else outs[0]), (grads if inputs_tuple else grads[0])


def _forward_sweep(func, inputs, tangents, fn_name):
    """One forward sweep: (outputs, J @ tangents), with tangents None meaning zero."""
    _count("jvp")
    with forward_ad.dual_level():
        duals = tuple(x if v is None else forward_ad.make_dual(x, v) for x, v in zip(inputs, tangents))
        outputs, is_tuple = _call(func, duals, fn_name)
        unpacked = [forward_ad.unpack_dual(o) for o in outputs]
        primals = tuple(u.primal.detach() for u in unpacked)
        columns = tuple(
            Tensor._make(np.zeros_like(o._data)) if u.tangent is None else u.tangent
            for o, u in zip(outputs, unpacked)
        )
    return primals, columns, is_tuple


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), J v)``: one forward-mode sweep (PyTorch computes it with two
    reverse sweeps; here it is the real thing)."""
    inputs, inputs_tuple = _as_tuple(inputs, "inputs", "jvp")
    if v is None:
        if len(inputs) != 1 or inputs[0].numel() != 1:
            raise RuntimeError(
                "The vector v can only be None if the input to the user-provided "
                "function is a single Tensor with a single element."
            )
        v = (Tensor._make(np.ones_like(inputs[0]._data)),)
    else:
        v, _ = _as_tuple(v, "v", "jvp")
    xs = tuple(x.detach() for x in inputs)
    outs, columns, outputs_tuple = _forward_sweep(func, xs, v, "jvp")
    return (outs if outputs_tuple else outs[0]), (columns if outputs_tuple else columns[0])


# ---- jacobian and hessian ------------------------------------------------------------------
def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False, strategy="reverse-mode"):
    """The Jacobian of ``func`` at ``inputs``: entry [output index..., input index...].

    For one input and one output the result is a tensor of shape ``out.shape + in.shape``;
    with tuples it is a tuple (per output) of tuples (per input), as in PyTorch.
    ``strategy="reverse-mode"`` takes one reverse sweep per output element;
    ``"forward-mode"`` takes one forward sweep per input element.
    """
    if strategy not in ("reverse-mode", "forward-mode"):
        raise AssertionError(
            'Expected strategy to be either "forward-mode" or "reverse-mode". Hint: If your '
            'function has more outputs than inputs, "forward-mode" tends to be more performant. '
            'Otherwise, prefer to use "reverse-mode".'
        )
    if strategy == "forward-mode":
        # PyTorch's checks, in PyTorch's order: its forward-mode Jacobian exists only
        # batched (vmap), so the unbatched call is refused rather than run differently.
        if create_graph:
            raise NotImplementedError(
                "torch.autograd.functional.jacobian: `create_graph=True` "
                'and `strategy="forward-mode"` are not supported together (yet). '
                "Please either set `create_graph=False` or "
                '`strategy="reverse-mode"`.'
            )
        if strict:
            raise RuntimeError(
                "torch.autograd.functional.jacobian: `strict=True` "
                'and `strategy="forward-mode"` are not supported together (yet). '
                "Please either set `strict=False` or "
                '`strategy="reverse-mode"`.'
            )
    inputs, inputs_tuple = _as_tuple(inputs, "inputs", "jacobian")
    if strategy == "forward-mode":
        if not vectorize:
            # PyTorch's message, missing space included.
            raise NotImplementedError(
                "Computing Jacobian using forward-AD or forward-over-reverse Hessian is"
                "only implemented for `vectorize=True`."
            )
        blocks, outputs_tuple = _jacobian_forward(func, inputs)
    else:
        blocks, outputs_tuple = _jacobian_reverse(func, inputs, create_graph, strict, vectorize)
    if not outputs_tuple:
        blocks = blocks[0]
        return blocks if inputs_tuple else blocks[0]
    return tuple(row if inputs_tuple else row[0] for row in blocks)


def _jacobian_reverse(func, inputs, create_graph, strict, vectorize):
    with enable_grad():
        xs = _prepare_inputs(inputs, create_graph)
        outputs, outputs_tuple = _call(func, xs, "jacobian")
        if vectorize and strict:
            raise RuntimeError(
                "torch.autograd.functional.jacobian: `strict=True` "
                "and `vectorized=True` are not supported together. "
                "Please either set `strict=False` or "
                "`vectorize=False`."
            )
        blocks = []
        for i, out in enumerate(outputs):
            rows = [[] for _ in xs]  # per input: one row per output element
            flat = out._data.reshape(-1)
            for k in range(flat.size):
                onehot = np.zeros_like(flat)
                onehot[k] = 1
                grads = _vjp_sweep((out,), xs, (Tensor._make(onehot.reshape(out._data.shape)),), create_graph)
                for j, (g, x) in enumerate(zip(grads, xs)):
                    if g is None:
                        if strict:
                            raise RuntimeError(
                                f"Output {i} of the user-provided function is independent of "
                                f"input {j}. This is not allowed in strict mode."
                            )
                        g = Tensor._make(np.zeros_like(x._data))
                    rows[j].append(g if create_graph else g.detach())
            blocks.append(tuple(_stack_rows(r, out.shape, x.shape, x) for r, x in zip(rows, xs)))
    return blocks, outputs_tuple


def _stack_rows(rows, out_shape, in_shape, like):
    """Rows d out[k] / d x (k over output elements) -> a tensor of shape out_shape + in_shape."""
    shape = tuple(out_shape) + tuple(in_shape)
    if not rows:
        return Tensor._make(np.zeros(shape, dtype=like._data.dtype))
    return stack(rows).reshape(shape)


def _jacobian_forward(func, inputs):
    xs = tuple(x.detach() for x in inputs)
    columns_per_input = []
    outputs_tuple, outputs = False, None
    for j, x in enumerate(xs):
        columns = []
        flat = np.zeros(x._data.size, dtype=x._data.dtype)
        for k in range(flat.size):
            flat[:] = 0
            flat[k] = 1
            tangents = [None] * len(xs)
            tangents[j] = Tensor._make(flat.reshape(x._data.shape).copy())
            outputs, cols, outputs_tuple = _forward_sweep(func, xs, tangents, "jacobian")
            columns.append(cols)
        columns_per_input.append(columns)
    if outputs is None:  # every input is empty: evaluate once for shapes
        outputs, outputs_tuple = _call(func, xs, "jacobian")
    blocks = []
    for i, out in enumerate(outputs):
        row = []
        for j, x in enumerate(xs):
            cols = [c[i]._data.reshape(-1) for c in columns_per_input[j]]
            if cols:
                block = np.stack(cols, axis=-1)  # (out elements, in elements)
            else:
                block = np.zeros((out._data.size, 0), dtype=x._data.dtype)
            row.append(Tensor._make(block.reshape(tuple(out.shape) + tuple(x.shape))))
        blocks.append(tuple(row))
    return blocks, outputs_tuple


def hessian(
    func, inputs, create_graph=False, strict=False, vectorize=False, outer_jacobian_strategy="reverse-mode"
):
    """The matrix of second derivatives of a scalar function: the Jacobian of its gradient
    (reverse-over-reverse, or forward-over-reverse with ``outer_jacobian_strategy``)."""
    inputs, inputs_tuple = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode".')

    def gradient(*xs):
        out = func(*xs)
        outputs, is_tuple = _as_tuple(out, "outputs of the user-provided function", "hessian")
        if is_tuple:
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if outputs[0].numel() != 1:
            raise RuntimeError(
                "The Tensor returned by the function given to hessian should contain a single element"
            )
        if not outputs[0].requires_grad:
            if strict:
                raise RuntimeError(
                    "The output of the user-provided function is independent of "
                    "input 0. This is not allowed in strict mode."
                )
            return tuple(Tensor._make(np.zeros_like(x._data)) for x in xs)
        _count("vjp")
        grads = engine.grad(outputs[0], xs, create_graph=True, allow_unused=True)
        return tuple(Tensor._make(np.zeros_like(x._data)) if g is None else g for g, x in zip(grads, xs))

    if outer_jacobian_strategy == "forward-mode":
        # Forward-over-reverse: push a tangent through the (recorded) backward pass, so each
        # forward sweep gives one column H e_k. The dual inputs become leaves that require
        # grad and keep their tangents, so the gradient can be taken with respect to them.
        def gradient_of_duals(*duals):
            leaves = []
            for d in duals:
                leaf = Tensor._make(d._data, True)
                if d._tangent is not None:
                    set_tangent(leaf, d._tangent)
                leaves.append(leaf)
            return gradient(*leaves)

        with enable_grad():
            result = jacobian(
                gradient_of_duals,
                inputs,
                create_graph=create_graph,
                strict=strict,
                vectorize=vectorize,
                strategy="forward-mode",
            )
        return result if inputs_tuple else result[0][0]
    with enable_grad():
        result = jacobian(
            gradient,
            inputs,
            create_graph=create_graph,
            strict=strict,
            vectorize=vectorize,
            strategy="reverse-mode",
        )
    return result if inputs_tuple else result[0][0]


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """``(func(inputs), H v)``: two reverse sweeps (the gradient, then its vjp with v)."""
    inputs, inputs_tuple = _as_tuple(inputs, "inputs", "hvp")
    v, _ = (
        _as_tuple(v, "v", "hvp") if v is not None else ((Tensor._make(np.ones_like(inputs[0]._data)),), False)
    )
    with enable_grad():
        xs = _prepare_inputs(inputs, create_graph)
        outputs, _ = _call(func, xs, "hvp")
        if len(outputs) != 1 or outputs[0].numel() != 1:
            raise RuntimeError("The function given to hvp should return a single Tensor")
        _count("vjp")
        grads = engine.grad(outputs[0], xs, create_graph=True, allow_unused=True)
        used = [(g, x, w) for g, x, w in zip(grads, xs, v) if g is not None]
        second = _vjp_sweep([g for g, _, _ in used], xs, [w for _, _, w in used], create_graph)
    result = tuple(_finish(g, create_graph) for g in _zeros_for_none(second, xs))
    out = _finish(outputs[0], create_graph)
    return out, (result if inputs_tuple else result[0])


vhp = hvp  # the Hessian is symmetric, so v^T H = (H v)^T

__all__ = ["count_passes", "vjp", "jvp", "jacobian", "hessian", "hvp", "vhp"]
