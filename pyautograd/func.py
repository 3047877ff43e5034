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
        return (result, aux) if has_aux else result

    return gradient


def jacrev(func, argnums=0):
    """Jacobian by reverse mode (one sweep per output element)."""
    return _jacobian(func, argnums, "reverse-mode")


def jacfwd(func, argnums=0):
    """Jacobian by forward mode (one sweep per input element)."""
    return _jacobian(func, argnums, "forward-mode")


def _jacobian(func, argnums, strategy):
    def jac(*args):
        indices = (argnums,) if isinstance(argnums, int) else tuple(argnums)

        def of_chosen(*chosen):
            xs = list(args)
            for i, x in zip(indices, chosen):
                xs[i] = x
            return func(*xs)

        chosen = tuple(args[i] for i in indices)
        return functional.jacobian(
            of_chosen, chosen if not isinstance(argnums, int) else chosen[0], strategy=strategy
        )

    return jac


__all__ = ["jvp", "vjp", "grad", "jacrev", "jacfwd"]
