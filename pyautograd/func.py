"""``pyautograd.func``: derivatives as function transforms, shaped like ``torch.func``.

``jvp(f, primals, tangents)`` runs f once in forward mode and returns ``(f(x), J v)``;
``vjp(f, *primals)`` runs f once and returns ``(f(x), vjp_fn)``, where each call
``vjp_fn(v)`` is one reverse sweep giving ``v^T J``; ``grad(f)`` is the function x -> df/dx.
Both passes are counted by ``pyautograd.autograd.functional.count_passes``.
"""

import numpy as np

from . import engine
from .autograd import functional
from .grad_mode import enable_grad
from .ops.shape import stack
from .tensor import Tensor


def _tensors(xs, what):
    for x in xs:
        if not isinstance(x, Tensor):
            raise RuntimeError(f"{what}: Expected primals to be a tuple of Tensors, got {type(x).__name__}")
    return xs


def _split_aux(out, has_aux, name):
    if not has_aux:
        return out, None
    if not (isinstance(out, tuple) and len(out) == 2):
        raise RuntimeError(
            f"{name}(f, ...): output of function f should be a tuple: (output, aux) if has_aux is True"
        )
    return out


def jvp(func, primals, tangents, *, strict=False, has_aux=False):
    """``(func(*primals), J @ tangents)`` in one forward-mode pass."""
    if not isinstance(primals, tuple) or not isinstance(tangents, tuple):
        raise RuntimeError("jvp(f, primals, tangents): Expected primals and tangents to be tuples")
    if len(primals) != len(tangents):
        raise RuntimeError(
            "jvp(f, primals, tangents): Expected primals and tangents to have the "
            f"same length but got primals of length {len(primals)} and tangents of "
            f"length {len(tangents)}"
        )
    _tensors(primals, "jvp(f, primals, tangents)")
    aux = []

    def unaux(*xs):
        out, extra = _split_aux(func(*xs), has_aux, "jvp")
        aux.append(extra)
        return out

    outputs, columns, is_tuple = functional._forward_sweep(
        unaux, tuple(p.detach() for p in primals), tangents, "jvp"
    )
    result = (outputs, columns) if is_tuple else (outputs[0], columns[0])
    return result + (aux[-1],) if has_aux else result


def vjp(func, *primals, has_aux=False):
    """``(func(*primals), vjp_fn)``; ``vjp_fn(cotangent)`` returns one gradient per primal."""
    _tensors(primals, "vjp(f, *primals)")
    with enable_grad():
        xs = tuple(p.detach().requires_grad_(True) for p in primals)
        functional._count("calls")
        out, aux = _split_aux(func(*xs), has_aux, "vjp")
    outputs = tuple(out) if isinstance(out, (tuple, list)) else (out,)

    def vjp_fn(cotangents):
        vs = tuple(cotangents) if isinstance(cotangents, (tuple, list)) else (cotangents,)
        if len(vs) != len(outputs):
            raise RuntimeError(
                f"Expected pytree structure of cotangents to be the same as pytree "
                f"structure of outputs to the function. cotangents: {len(vs)} "
                f"tensors, primal output: {len(outputs)} tensors"
            )
        grads = functional._vjp_sweep(outputs, xs, vs, create_graph=False)
        return tuple(
            Tensor._make(np.zeros_like(x._data)) if g is None else g.detach() for g, x in zip(grads, xs)
        )

    detached = tuple(o.detach() for o in outputs)
    result = (detached if isinstance(out, (tuple, list)) else detached[0], vjp_fn)
    return result + (aux,) if has_aux else result


def grad(func, argnums=0, has_aux=False):
    """The function that returns d func / d (argument ``argnums``) for a scalar ``func``."""

    def gradient(*args):
        indices = (argnums,) if isinstance(argnums, int) else tuple(argnums)
        with enable_grad():
            xs = list(args)
            for i in indices:
                xs[i] = args[i].detach().requires_grad_(True)
            functional._count("calls")
            out, aux = _split_aux(func(*xs), has_aux, "grad")
            if not isinstance(out, Tensor) or out.numel() != 1:
                raise RuntimeError("grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor")
            functional._count("vjp")
            grads = engine.grad(out, [xs[i] for i in indices], allow_unused=True)
        grads = tuple(
            Tensor._make(np.zeros_like(xs[i]._data)) if g is None else g for g, i in zip(grads, indices)
        )
        result = grads[0] if isinstance(argnums, int) else grads
        return (result, _detached(aux)) if has_aux else result

    return gradient


def _detached(tree):
    """Auxiliary outputs come back as plain values, outside any graph (as PyTorch)."""
    if isinstance(tree, Tensor):
        return tree.detach()
    if isinstance(tree, (tuple, list)):
        return type(tree)(_detached(t) for t in tree)
    if isinstance(tree, dict):
        return {k: _detached(v) for k, v in tree.items()}
    return tree


def jacrev(func, argnums=0):
    """Jacobian by reverse mode (one sweep per output element)."""
    return _jacobian(func, argnums, "reverse-mode")


def jacfwd(func, argnums=0):
    """Jacobian by forward mode (one sweep per input element)."""
    return _jacobian(func, argnums, "forward-mode")


def _of_chosen(func, args, argnums):
    """``func`` as a function of the arguments ``argnums`` picks (the others fixed to ``args``),
    and those arguments: one tensor for an int ``argnums``, else a tuple, as the
    ``autograd.functional`` routines take them."""
    indices = (argnums,) if isinstance(argnums, int) else tuple(argnums)

    def of_chosen(*chosen):
        xs = list(args)
        for i, x in zip(indices, chosen):
            xs[i] = x
        return func(*xs)

    chosen = tuple(args[i] for i in indices)
    return of_chosen, chosen[0] if isinstance(argnums, int) else chosen


def _jacobian(func, argnums, strategy):
    def jac(*args):
        # PyTorch's forward-mode Jacobian is the batched one (vectorize=True), as jacfwd's is.
        return functional.jacobian(
            *_of_chosen(func, args, argnums), strategy=strategy, vectorize=strategy == "forward-mode"
        )

    return jac


def grad_and_value(func, argnums=0, has_aux=False):
    """Like ``grad``, but the function returns ``(gradient, value)`` (with ``has_aux``:
    ``(gradient, (value, aux))``): the value comes free with the backward pass."""
    captured = {}

    def keep_value(*args):
        out = func(*args)
        value = out[0] if has_aux and isinstance(out, tuple) else out
        captured["value"] = value.detach() if isinstance(value, Tensor) else value
        return out

    def gradient_and_value(*args):
        result = grad(keep_value, argnums, has_aux)(*args)
        if has_aux:
            gradients, aux = result
            return gradients, (captured["value"], aux)
        return result, captured["value"]

    return gradient_and_value


def hessian(func, argnums=0):
    """The matrix of second derivatives of a scalar function (PyTorch: jacfwd(jacrev(f)));
    for several ``argnums``, the nested tuple of blocks."""

    def hess(*args):
        return functional.hessian(*_of_chosen(func, args, argnums))

    return hess


def _mapped(tree, dims, fn_name):
    """Pair each argument with its mapped dim (``in_dims`` an int, None or a tuple)."""
    if isinstance(dims, (int, type(None))):
        return [(a, dims if isinstance(a, Tensor) else None) for a in tree]
    if len(dims) != len(tree):
        raise ValueError(
            f"{fn_name}(f, in_dims={dims}, ...)(<inputs>): in_dims is not compatible with the structure "
            f"of `inputs`. in_dims has structure {len(dims)} but inputs has structure {len(tree)}."
        )
    return list(zip(tree, dims))


def _take(x, dim, i):
    return x[(slice(None),) * (dim % x.dim()) + (i,)]


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    """``func`` applied to each slice along the mapped dims, results stacked along
    ``out_dims``. (PyTorch batches the operations themselves; here the function runs once
    per slice, which gives the same values and gradients, only slower.)"""

    def batched(*args):
        pairs = _mapped(args, in_dims, "vmap")
        sizes = sorted({a.shape[d] for a, d in pairs if d is not None})
        if not sizes:
            raise ValueError(
                "vmap(f, in_dims=..., ...)(<inputs>): at least one input must be a Tensor mapped over a dimension"
            )
        if len(sizes) > 1:
            raise ValueError(
                "vmap: Expected all tensors to have the same size in the mapped dimension, got sizes "
                f"{[a.shape[d] for a, d in pairs if d is not None]} for the mapped dimension"
            )
        results = []
        for i in range(sizes[0]):
            results.append(func(*(a if d is None else _take(a, d, i) for a, d in pairs)))
        return _stack_results(results, out_dims, getattr(func, "__name__", type(func).__name__))

    return batched


def _stack_results(results, out_dims, name):
    first = results[0]
    if isinstance(first, Tensor):
        return stack(results, dim=out_dims if isinstance(out_dims, int) else out_dims[0])
    if isinstance(first, (tuple, list)):
        dims = out_dims if isinstance(out_dims, (tuple, list)) else (out_dims,) * len(first)
        stacked = [_stack_results([r[k] for r in results], dims[k], name) for k in range(len(first))]
        return type(first)(stacked)
    raise ValueError(
        f"vmap({name}, ...): `{name}` must only return Tensors, got type {type(first)}. Did you mean to set "
        "out_dims= to None for output?"
    )


def functional_call(
    module, parameter_and_buffer_dicts, args=(), kwargs=None, *, tie_weights=True, strict=False
):
    """Call ``module`` with some of its parameters and buffers replaced by the given tensors
    (for taking gradients or vmapping with respect to them), then put the originals back."""
    dicts = parameter_and_buffer_dicts
    replacements = {}
    for d in dicts if isinstance(dicts, (tuple, list)) else (dicts,):
        replacements.update(d)
    originals = []
    for name, value in replacements.items():
        owner, _, attr = name.rpartition(".")
        sub = module.get_submodule(owner) if owner else module
        store = sub._parameters if attr in sub._parameters else sub._buffers
        originals.append((store, attr, store.get(attr)))
        store[attr] = value
    try:
        args = args if isinstance(args, tuple) else (args,)
        return module(*args, **(kwargs or {}))
    finally:
        for store, attr, value in reversed(originals):
            store[attr] = value


__all__ = ["jvp", "vjp", "grad", "grad_and_value", "jacrev", "jacfwd", "hessian", "vmap", "functional_call"]
