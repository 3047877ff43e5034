"""``gradcheck``: compare autograd's gradients with finite differences.

For each input that requires grad, the *numerical* Jacobian comes from central differences,
``(f(x + eps) - f(x - eps)) / (2 eps)`` one element at a time (no chain rule involved);
the *analytical* Jacobian comes from one backward sweep per output element. They must agree
within ``atol + rtol * |numerical|``. Rounding errors of order ``1e-16 / eps`` make this
meaningful only in float64, hence PyTorch's warning for other dtypes.

Both Jacobians are laid out as PyTorch's: row = input element, column = output element.
"""

import warnings

import numpy as np

from .. import engine
from ..grad_mode import enable_grad
from ..random_tensors import uniform_
from ..tensor import Tensor
from . import forward_ad


class GradcheckError(RuntimeError):
    """Raised when the numerical and analytical Jacobians disagree."""


def gradcheck(
    func,
    inputs,
    *,
    eps=1e-6,
    atol=1e-5,
    rtol=1e-3,
    raise_exception=True,
    nondet_tol=0.0,
    check_undefined_grad=True,
    check_grad_dtypes=False,
    check_batched_grad=False,
    check_forward_ad=False,
    check_backward_ad=True,
    fast_mode=False,
):
    """True when ``func``'s gradients match finite differences at ``inputs``.

    ``check_forward_ad=True`` also compares the forward-mode (jvp) Jacobian.
    """
    inputs = _as_tuple(inputs)
    wanted = _check_inputs(inputs)
    try:
        with enable_grad():
            outputs = _differentiable(func(*inputs))
        numerical = [
            [_numerical_jacobian(func, inputs, i, out.numel(), o, eps) for o, out in enumerate(outputs)]
            for i in wanted
        ]
        if check_backward_ad:
            analytical = _analytical_jacobian(outputs, [inputs[i] for i in wanted])
            _compare(numerical, analytical, wanted, atol, rtol, "")
        if check_forward_ad:
            forward = _forward_jacobian(func, inputs, wanted, outputs)
            _compare(numerical, forward, wanted, atol, rtol, "computed with forward mode ")
    except GradcheckError:
        if raise_exception:
            raise
        return False
    return True


def gradgradcheck(
    func,
    inputs,
    grad_outputs=None,
    *,
    eps=1e-6,
    atol=1e-5,
    rtol=1e-3,
    gen_non_contig_grad_outputs=False,
    raise_exception=True,
    nondet_tol=0.0,
    check_undefined_grad=True,
    check_grad_dtypes=False,
    check_batched_grad=False,
    check_fwd_over_rev=False,
    check_rev_over_rev=True,
    fast_mode=False,
):
    """gradcheck of the *gradient*: checks second derivatives (the create_graph backward).

    The function checked is ``(inputs, v) -> v^T J``, differentiated w.r.t. both; ``v``
    (``grad_outputs``) is random in [-1, 1) unless given.
    """
    inputs = _as_tuple(inputs)
    if grad_outputs is None:
        with enable_grad():
            outputs = _differentiable(func(*inputs))
        grad_outputs = tuple(
            uniform_(Tensor._make(np.empty(o.shape, o._data.dtype)), -1, 1).requires_grad_(True)
            for o in outputs
        )
    else:
        grad_outputs = _as_tuple(grad_outputs)
    count = len(grad_outputs)
    diff_inputs = [i for i, x in enumerate(inputs) if isinstance(x, Tensor) and x.requires_grad]

    def first_derivative(*args):
        xs, vs = args[:-count], args[-count:]
        with enable_grad():
            outputs = _differentiable(func(*xs))
            grads = engine.grad(
                outputs, [xs[i] for i in diff_inputs], vs, create_graph=True, allow_unused=True
            )
        return tuple(g for g in grads if g is not None)

    return gradcheck(
        first_derivative,
        inputs + grad_outputs,
        eps=eps,
        atol=atol,
        rtol=rtol,
        raise_exception=raise_exception,
    )


# ---- the two Jacobians -----------------------------------------------------------------------
def _numerical_jacobian(func, inputs, i, out_size, o, eps):
    """d output[o] / d inputs[i] by central differences, shape (input numel, output numel)."""
    flat = inputs[i]._data.reshape(-1)
    if not np.shares_memory(flat, inputs[i]._data):
        raise ValueError("gradcheck needs inputs whose memory is contiguous")
    jac = None
    for k in range(flat.size):
        original = flat[k]
        flat[k] = original + eps
        plus = _differentiable(func(*inputs))[o]._data.copy()
        flat[k] = original - eps
        minus = _differentiable(func(*inputs))[o]._data.copy()
        flat[k] = original
        column = (plus - minus) / (2 * eps)
        if jac is None:
            jac = np.zeros((flat.size, out_size), dtype=column.dtype)
        jac[k] = column.reshape(-1)
    return jac if jac is not None else np.zeros((0, out_size), dtype=inputs[i]._data.dtype)


def _analytical_jacobian(outputs, xs):
    """One backward sweep per output element; rows = input elements."""
    result = [[np.zeros((x._data.size, o._data.size), dtype=o._data.dtype) for o in outputs] for x in xs]
    for o, out in enumerate(outputs):
        if not out.requires_grad:
            continue
        flat = np.zeros(out._data.size, dtype=out._data.dtype)
        for k in range(flat.size):
            flat[:] = 0
            flat[k] = 1
            grads = engine.grad(
                out,
                xs,
                Tensor._make(flat.reshape(out._data.shape).copy()),
                retain_graph=True,
                allow_unused=True,
            )
            for i, g in enumerate(grads):
                if g is not None:
                    result[i][o][:, k] = g._data.reshape(-1)
    return result


def _forward_jacobian(func, inputs, wanted, outputs):
    """One forward-mode sweep per input element; rows = input elements."""
    result = []
    for i in wanted:
        x = inputs[i]
        per_output = [np.zeros((x._data.size, o._data.size), dtype=o._data.dtype) for o in outputs]
        for k in range(x._data.size):
            tangent = np.zeros(x._data.size, dtype=x._data.dtype)
            tangent[k] = 1
            with forward_ad.dual_level():
                args = list(inputs)
                args[i] = forward_ad.make_dual(x.detach(), Tensor._make(tangent.reshape(x._data.shape)))
                outs = _differentiable(func(*args))
                for o, out in enumerate(outs):
                    t = forward_ad.unpack_dual(out).tangent
                    if t is not None:
                        per_output[o][k] = t._data.reshape(-1)
        result.append(per_output)
    return result


def _compare(numerical, analytical, wanted, atol, rtol, mode):
    for n, i in enumerate(wanted):
        for o, (num, ana) in enumerate(zip(numerical[n], analytical[n])):
            if not np.allclose(ana, num, rtol=rtol, atol=atol):
                raise GradcheckError(
                    f"Jacobian {mode}mismatch for output {o} with respect to input {i},\n"
                    f"numerical:{Tensor._make(num)!r}\nanalytical:{Tensor._make(ana)!r}\n"
                )


# ---- inputs and outputs ----------------------------------------------------------------------
def _as_tuple(x):
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def _differentiable(out):
    """The outputs that can have gradients: floating-point tensors."""
    return tuple(o for o in _as_tuple(out) if isinstance(o, Tensor) and o.is_floating_point())


def _check_inputs(inputs):
    wanted = []
    for i, x in enumerate(inputs):
        if isinstance(x, Tensor) and x.requires_grad:
            if x.dtype.name != "float64":
                warnings.warn(
                    f"Input #{i} requires gradient and is not a double precision floating point "
                    "or complex. This check will likely fail if all the inputs are not of double "
                    "precision floating point or complex. ",
                    UserWarning,
                    stacklevel=3,
                )
            wanted.append(i)
    if not wanted:
        raise ValueError(
            "gradcheck expects at least one input tensor to require gradient, "
            "but none of them have requires_grad=True."
        )
    return wanted


__all__ = ["gradcheck", "gradgradcheck", "GradcheckError"]
