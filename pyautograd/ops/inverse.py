"""The inverse, the determinant and linear solves of square matrices (batched):
``linalg.inv``/``inverse``, ``linalg.det``/``det`` and ``linalg.solve``, with PyTorch's errors,
including its ``LinAlgError`` for a singular matrix (raised exactly where the LU factorization
meets a pivot that is exactly zero)."""

import numpy as np

from ..function import Function
from ..tensor import Tensor
from .common import data_of, sum_to, swap_last


class _LinAlgError(RuntimeError):
    """PyTorch's ``torch.linalg.LinAlgError`` (a RuntimeError, named ``_LinAlgError``)."""


_LinAlgError.__module__ = "pyautograd._C"


def _check_square(a, name):
    data = a._data
    if data.dtype.kind != "f":
        raise RuntimeError(
            f"linalg.{name}: Expected a floating point or complex tensor as input. "
            f"Got {a.dtype.legacy_name[: -len('Tensor')]}"
        )
    if data.ndim < 2:
        raise RuntimeError(f"linalg.{name}: The input tensor A must have at least 2 dimensions.")
    if data.shape[-1] != data.shape[-2]:
        raise RuntimeError(
            f"linalg.{name}: A must be batches of square matrices, but they are "
            f"{data.shape[-2]} by {data.shape[-1]} matrices"
        )


def _lu(a):
    """The LU factorization with partial pivoting of a batch of matrices, in their own dtype,
    as LAPACK's getrf: the factors, the sign of the row permutation, ``info`` (the 1-based
    place of the first exactly zero pivot per matrix, 0 when there is none) and the row order
    (row ``i`` of P A is row ``order[i]`` of A)."""
    lu = np.array(a.reshape((int(np.prod(a.shape[:-2])),) + a.shape[-2:]), copy=True)
    batch, n = lu.shape[0], lu.shape[-1]
    sign = np.ones(batch, dtype=a.dtype)
    info = np.zeros(batch, dtype=np.int64)
    order = np.tile(np.arange(n), (batch, 1))
    rows = np.arange(batch)
    for k in range(n):
        p = k + np.argmax(np.abs(lu[:, k:, k]), axis=1)
        swap = p != k
        lu[rows[swap], k], lu[rows[swap], p[swap]] = lu[rows[swap], p[swap]], lu[rows[swap], k].copy()
        order[rows[swap], k], order[rows[swap], p[swap]] = order[rows[swap], p[swap]], order[rows[swap], k]
        sign[swap] = -sign[swap]
        pivot = lu[:, k, k]
        zero = pivot == 0
        info[zero & (info == 0)] = k + 1
        lu[:, k + 1 :, k] = np.where(zero[:, None], 0, lu[:, k + 1 :, k] / np.where(zero, 1, pivot)[:, None])
        lu[:, k + 1 :, k + 1 :] -= lu[:, k + 1 :, k, None] * lu[:, k, None, k + 1 :]
    return lu, sign, info, order


def _raise_singular(data, info):
    b = int(np.flatnonzero(info)[0])
    where = f"(Batch element {b}): " if data.ndim > 2 else ""
    raise _LinAlgError(
        f"linalg.inv: {where}The diagonal element {int(info[b])} is zero, the inversion "
        "could not be completed because the input matrix is singular."
    )


def _inverse_from_lu(lu, order):
    """A^-1 from P A = L U by the two triangular solves (every pivot nonzero)."""
    n = lu.shape[-1]
    x = np.eye(n, dtype=lu.dtype)[order]  # P I
    for i in range(1, n):  # L Y = P I, L unit lower triangular
        x[:, i] -= np.einsum("bj,bjc->bc", lu[:, i, :i], x[:, :i])
    for i in reversed(range(n)):  # U X = Y
        x[:, i] = (x[:, i] - np.einsum("bj,bjc->bc", lu[:, i, i + 1 :], x[:, i + 1 :])) / lu[:, i, i, None]
    return x


def _det(a):
    """det(A) as PyTorch computes it: the product of U's diagonal, signed by the pivoting
    (NumPy's det goes through logarithms and misses exact answers: 6.000000000000001)."""
    if not a.shape[-1]:
        return np.ones(a.shape[:-2], dtype=a.dtype)
    # PyTorch hands LAPACK the rows as columns (the transpose, whose determinant is the same):
    # factoring that, in the input's dtype, rounds as it does (exactly 0 for [[1,2,3],[4,5,6],[7,8,9]])
    lu, sign, _, _ = _lu(swap_last(a))
    return (np.prod(np.diagonal(lu, axis1=-2, axis2=-1), axis=-1) * sign).reshape(a.shape[:-2])


class LinalgInv(Function):
    """A^-1. Its gradient, -A^-T g A^-T, reads only the saved output (as PyTorch's)."""

    backward_name = "LinalgInvExBackward0"

    @staticmethod
    def forward(ctx, a):
        # PyTorch raises exactly when getrf meets a pivot that is exactly zero; a nearly
        # singular matrix is inverted (huge values). LAPACK builds round that pivot
        # differently in the last bit (OpenBLAS's 0 is MKL's 1.1e-16 for [[1,2,3],[4,5,6],[7,8,9]]),
        # so the rule is decided by our own factorization, which rounds as PyTorch's getrf
        lu, _, info, order = _lu(a)
        if info.any():
            _raise_singular(a, info)
        try:
            # NumPy hands LAPACK the transpose of what it is given: so give it A^T, and
            # LAPACK factors A itself, as PyTorch's does (the same digits)
            out = swap_last(np.linalg.inv(swap_last(a)))
        except np.linalg.LinAlgError:  # NumPy's LAPACK rounded a pivot to zero that ours did not
            out = _inverse_from_lu(lu, order).reshape(a.shape)
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, g):
        (inverse,) = ctx.saved_tensors
        # PyTorch's formula: -inverse.mH @ (g @ inverse.mH), the transpose taken twice
        return -(swap_last(inverse) @ (g @ swap_last(inverse)))

    @staticmethod
    def jvp(ctx, t):
        (inverse,) = ctx.saved_tensors
        return -(inverse @ (t @ inverse))


_COFACTORS_UP_TO = 6  # n^2 minors of size n - 1: cheap for the small matrices of lessons


def _cofactors(a):
    """The cofactor matrix C (C[i, j] = (-1)^(i+j) det of A without row i and column j), for
    any A, singular or not: det(A) A^-T where A is invertible. Built from minors' determinants,
    so on tensors it is differentiable again (second order through a singular matrix too)."""
    n = a.shape[-1]
    keep = np.array([[k for k in range(n) if k != i] for i in range(n)], dtype=np.int64).reshape(n, n - 1)
    rows = keep[:, None, :, None]
    cols = keep[None, :, None, :]
    signs = np.where(np.add.outer(np.arange(n), np.arange(n)) % 2 == 0, 1.0, -1.0).astype(data_of(a).dtype)
    if isinstance(a, Tensor):
        return det(a[..., rows, cols]) * Tensor._make(signs)
    return _det(a[..., rows, cols]) * signs if n > 1 else np.ones_like(a)


class LinalgDet(Function):
    """det(A). Its gradient is g det(A) A^-T where A is invertible; PyTorch gives 0 where
    the determinant is exactly 0 (a plain backward), and with create_graph the cofactors,
    which are the same where A is invertible and stay right where it is not."""

    backward_name = "LinalgDetBackward0"

    @staticmethod
    def forward(ctx, a):
        out = np.asarray(_det(a), dtype=a.dtype)[()]
        ctx.save_for_backward(a, out)  # both, as PyTorch: changing either in place is an error
        return out

    @staticmethod
    def backward(ctx, g):
        a, out = ctx.saved_tensors
        if isinstance(g, Tensor) or isinstance(a, Tensor):
            a = a if isinstance(a, Tensor) else Tensor._make(a)
            return g[..., None, None] * _cofactors(a)
        if not a.shape[-1]:
            return np.zeros_like(a)
        singular = np.asarray(out == 0)
        safe = np.where(singular[..., None, None], np.eye(a.shape[-1], dtype=a.dtype), a)
        scale = np.where(singular, 0, g * out)[..., None, None]
        if a.shape[-1] <= _COFACTORS_UP_TO:
            # det(A) A^-T is the cofactor matrix: from minors it stays exact when A is nearly
            # singular (where det and A^-T would each carry a different rounding)
            return np.where(singular, 0, g)[..., None, None] * _cofactors(a)
        try:
            return scale * swap_last(np.linalg.inv(safe))
        except np.linalg.LinAlgError:  # a zero pivot where the determinant rounded to nonzero
            error = True
        if error:
            return np.where(singular, 0, g)[..., None, None] * _cofactors(a)

    @staticmethod
    def jvp(ctx, t):
        a, _ = ctx.saved_tensors
        return np.sum(_cofactors(a) * t, axis=(-2, -1)) if a.shape[-1] else np.zeros(a.shape[:-2], a.dtype)


def inv(A):
    _check_square(A, "inv")
    return LinalgInv.apply(A)


def det(A):
    _check_square(A, "det")
    return LinalgDet.apply(A)


def _solve_matrices(a, b):
    """X with A X = B (matrices, batches broadcast), on arrays or, for a backward that is
    itself recorded, on tensors."""
    if isinstance(a, Tensor) or isinstance(b, Tensor):
        a = a if isinstance(a, Tensor) else Tensor._make(a)
        b = b if isinstance(b, Tensor) else Tensor._make(b)
        return LinalgSolve.apply(a, b, True, False)
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:])
    try:
        return np.linalg.solve(a, b)
    except np.linalg.LinAlgError:  # NumPy's LAPACK rounded a pivot to zero that ours did not
        error = True
    if error:
        lu, _, _, order = _lu(a)
        return _inverse_from_lu(lu, order).reshape(a.shape) @ b


def _last_unsqueezed(x):
    return x.unsqueeze(-1) if type(x) is Tensor else x[..., None]


class LinalgSolve(Function):
    """X with A X = B (``left``) or X A = B; B a vector or a batch of them where its shape
    says so. The gradients: B's is the solve with A^T, A's minus that times X^T."""

    backward_name = "LinalgSolveExBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, a, b, left, vector):
        ctx.b_shape, ctx.left, ctx.vector = b.shape, left, vector
        if vector:  # a column, on either side (so X A = b needs n = 1, as in PyTorch)
            b = b[..., None]
        system = a if left else swap_last(a)  # X A = B is A^T X^T = B^T
        # PyTorch refuses exactly when getrf meets a zero pivot in the matrix it solves with
        _, _, info, _ = _lu(system)
        if info.any():
            where = f"(Batch element {int(np.flatnonzero(info)[0])}): " if a.ndim > 2 else ""
            raise _LinAlgError(
                f"pyautograd.linalg.solve: {where}The solver failed because the input matrix is singular."
            )
        x = _solve_matrices(system, b if left else swap_last(b))
        x = x if left else swap_last(x)
        out = x[..., 0] if vector else x
        ctx.save_for_backward(a, out)
        return out

    @staticmethod
    def backward(ctx, g):
        a, out = ctx.saved_tensors
        left, vector, b_shape = ctx.left, ctx.vector, ctx.b_shape
        need_a, need_b = ctx.needs_input_grad
        if vector:  # PyTorch's formula unsqueezes a vector and squeezes its gradient back
            g, out = _last_unsqueezed(g), _last_unsqueezed(out)
        if left:
            gb = _solve_matrices(swap_last(a), g)
            ga = -(gb @ swap_last(out))
        else:
            gb = swap_last(_solve_matrices(a, swap_last(g)))
            ga = -(swap_last(out) @ gb)
        if vector:
            gb = gb.squeeze(-1) if type(gb) is Tensor else gb[..., 0]
        return (
            (sum_to(ga, a.shape) if need_a else None),
            (sum_to(gb, b_shape) if need_b else None),
            None,
            None,
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        a, out = ctx.saved_tensors
        left, vector = ctx.left, ctx.vector
        x = out[..., None] if vector else out
        tb = 0 if tb is None else (tb[..., None] if vector else tb)
        if left:  # A dX = dB - dA X
            rhs = tb - (ta @ x if ta is not None else 0)
            dx = _solve_matrices(a, np.broadcast_to(rhs, np.broadcast_shapes(np.shape(rhs), x.shape)))
        else:  # dX A = dB - X dA
            rhs = tb - (x @ ta if ta is not None else 0)
            rhs = np.broadcast_to(rhs, np.broadcast_shapes(np.shape(rhs), x.shape))
            dx = swap_last(_solve_matrices(swap_last(a), swap_last(rhs)))
        return dx[..., 0] if vector else dx


def solve(A, B, *, left=True, out=None):
    _check_square(A, "solve")
    if B.dtype != A.dtype:
        raise RuntimeError(
            "linalg.solve: Expected A and B to have the same dtype, but found A of type "
            f"{A.dtype.legacy_name[: -len('Tensor')]} and B of type {B.dtype.legacy_name[: -len('Tensor')]} instead"
        )
    a_shape, b_shape = tuple(A.shape), tuple(B.shape)
    vector = len(b_shape) == 1 or (len(b_shape) == len(a_shape) - 1 and b_shape == a_shape[:-1])
    rhs = b_shape + (1,) if vector else b_shape
    n = a_shape[-1]
    if len(rhs) < 2 or (rhs[-2] if left else rhs[-1]) != n:
        shown = "x".join(str(s) for s in rhs[-2:])
        raise RuntimeError(
            f"linalg.solve: Incompatible shapes of A and B for the equation {'AX = B' if left else 'XA = B'} "
            f"({n}x{n} and {shown})"
        )
    if vector and not left:
        raise RuntimeError(
            "linalg.solve: Vector broadcasting of the left hand side is not supported for left=False. "
            "In this case linalg.solve is equivalent to B / A.squeeze(-1)"
        )
    result = LinalgSolve.apply(A, B, left, vector)
    if out is not None:
        out.copy_(result)
        return out
    return result
