"""Matrix products. ``a @ b`` follows NumPy/PyTorch rules for 1-D, 2-D and batched inputs."""

import operator
import warnings

import numpy as np

from .. import dtypes
from .._quiet_numpy import quiet_float_errors, restore_float_errors
from ..fast_paths import FLOAT32, FLOAT64, pair_path
from ..function import Function
from ..saved_sources import unchecked
from ..tangents import forward_ad_state
from ..tensor import Tensor
from .common import (
    as_tensor_arg,
    broadcast_shapes,
    cast_all,
    matrix_t,
    normalize_dims,
    result_dtype,
    sum_to,
    swap_last,
)
from .shape import _UnsafeView, torch_reshape
from .with_number import times_number


def _check_shapes(a, b):
    sa, sb = a.shape, b.shape
    if a.ndim == 0 or b.ndim == 0:
        raise RuntimeError(
            f"both arguments to matmul need to be at least 1D, but they are {a.ndim}D and {b.ndim}D"
        )
    if a.ndim == 1 and b.ndim == 1:
        if sa[0] != sb[0]:
            raise RuntimeError(
                f"inconsistent tensor size, expected tensor [{sa[0]}] and src [{sb[0]}] "
                f"to have the same number of elements, but got {sa[0]} and {sb[0]} "
                "elements respectively"
            )
    elif a.ndim == 2 and b.ndim == 1:
        if sa[1] != sb[0]:
            raise RuntimeError(f"size mismatch, got input ({sa[0]}), mat ({sa[0]}x{sa[1]}), vec ({sb[0]})")
    elif a.ndim <= 2 and b.ndim <= 2:
        rows_a = sa if a.ndim == 2 else (1,) + sa
        if rows_a[1] != sb[0]:
            raise RuntimeError(
                f"mat1 and mat2 shapes cannot be multiplied ({rows_a[0]}x{rows_a[1]} and {sb[0]}x{sb[1]})"
            )
    elif sa[-1] != sb[-2 if b.ndim > 1 else 0]:
        raise RuntimeError(
            f"Expected size for first two dimensions of batch2 tensor to be: "
            f"[{sa[0] if a.ndim > 2 else 1}, {sa[-1]}] but got: "
            f"[{sb[0] if b.ndim > 2 else 1}, {sb[-2 if b.ndim > 1 else 0]}]."
        )


def _check_dtypes(a, b):
    """PyTorch multiplies matrices of one dtype only (no promotion), with a message per kernel."""
    if a.dtype == b.dtype:
        return
    if a.ndim == 1 and b.ndim == 1:
        raise RuntimeError(
            "dot : expected both vectors to have same dtype, but found "
            f"{dtypes.scalar_type_name(a.dtype)} and {dtypes.scalar_type_name(b.dtype)}"
        )
    if a.ndim == 2 and b.ndim == 1:
        names = [dtypes.scalar_type_name(d) for d in (b.dtype, a.dtype, b.dtype)]
        raise RuntimeError(
            f"addmv input tensors must have the same dtype, but got {names[0]}, {names[1]}, and {names[2]}"
        )
    raise RuntimeError(
        "expected m1 and m2 to have the same dtype, but got: "
        f"{dtypes.cpp_type_name(a.dtype)} != {dtypes.cpp_type_name(b.dtype)}"
    )


class MatMul(Function):
    backward_name = "UnsafeViewBackward0"  # PyTorch folds batches into a view
    may_overflow = True  # a diverging ``X @ w`` gives inf silently, as in PyTorch
    saved_for = (1, 0)  # a is read only for b's gradient, b only for a's (PyTorch saves no more)

    @staticmethod
    def forward(ctx, a, b):
        ctx._saved = (a, b)  # save_for_backward, without its call: every layer's ``@``
        return a @ b

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        a_shape, b_shape = np.shape(a), np.shape(b)
        # Treat vectors as matrices (row for a, column for b), then undo it at the end.
        a2 = a.reshape((1,) + a_shape) if len(a_shape) == 1 else a
        b2 = b.reshape(b_shape + (1,)) if len(b_shape) == 1 else b
        out_shape = np.broadcast_shapes(np.shape(a2)[:-2], np.shape(b2)[:-2]) + (
            np.shape(a2)[-2],
            np.shape(b2)[-1],
        )
        g2 = g.reshape(out_shape)
        ga = sum_to(g2 @ matrix_t(b2), np.shape(a2)).reshape(a_shape) if need_a else None
        gb = sum_to(matrix_t(a2) @ g2, np.shape(b2)).reshape(b_shape) if need_b else None
        return ga, gb

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b = ctx.saved_tensors
        return ta @ b + a @ tb


class Mm(MatMul):
    backward_name = "MmBackward0"
    operator = staticmethod(operator.matmul)  # for fast_paths.pair_path: forward is ``a @ b``

    @staticmethod
    def backward(ctx, g):
        """Two matrices: no vectors to widen and no batch to sum over."""
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        return (g @ matrix_t(b) if need_a else None, matrix_t(a) @ g if need_b else None)


def _unsqueeze0(x):
    return x.unsqueeze(0) if type(x) is Tensor else x[None]


def _squeeze0(x):
    return x.squeeze(0) if type(x) is Tensor else x[0]


def _outer(g, v):
    """``g.ger(v)``, as PyTorch's outer computes it: a column times a row."""
    return g.reshape(-1, 1) * v


class Mv(MatMul):
    backward_name = "MvBackward0"

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: ``g.ger(vec)`` and ``self.t().mv(g)`` (MvBackward0 again)."""
        a, v = ctx.saved_tensors
        need_a, need_v = ctx.needs_input_grad
        if not need_v:
            return _outer(g, v), None
        at = matrix_t(a)
        gv = Mv.apply(at, g) if type(at) is Tensor or type(g) is Tensor else at @ g
        return (_outer(g, v) if need_a else None), gv


class Dot(MatMul):
    backward_name = "DotBackward0"

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: ``g * tensor`` and ``g * self`` (g is 0-d)."""
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        return (g * b if need_a else None), (g * a if need_b else None)


class VecMat(MatMul):
    backward_name = "SqueezeBackward4"  # PyTorch: unsqueeze, mm, squeeze

    @staticmethod
    def forward(ctx, a, b):
        ctx._saved = (a, b)
        ctx.saved_as = ((1, a.shape[0]), None)  # mm saves the vector as a.unsqueeze(0)
        ctx.product_shape = (1, b.shape[1])  # what its squeeze(0) took
        return a @ b

    @staticmethod
    def backward(ctx, g):
        """The backward of PyTorch's ``a.unsqueeze(0).mm(b).squeeze(0)``, node by node."""
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        g2 = _unsqueeze0(g)
        ga = _squeeze0(g2 @ matrix_t(b)) if need_a else None
        gb = matrix_t(_unsqueeze0(a)) @ g2 if need_b else None
        return ga, gb


class BatchedMatMul(MatMul):
    """A product with a batch (an operand of 3 or more dims): PyTorch folds the batch into
    rows for ``mm``/``mv``, or expands both to ``bmm``, and saves those views of the
    inputs, or copies where no view exists (then a change to that input is not seen)."""

    def _bind_saved(self, args, data, out, result, needs):
        Function._bind_saved(self, args, data, out, result, needs)
        self.folds = _folds(data[0], data[1], needs[0], needs[1])
        seen = _batched_saved_as(data[0], data[1], needs[0], needs[1])
        sources = self._saved_sources
        for k, shape in enumerate(seen):
            if shape is False and sources[k] is not None:
                sources[k] = unchecked(sources[k])
        self.saved_as = tuple(shape or None for shape in seen)

    @staticmethod
    def backward(ctx, g):
        """The backward of each step of PyTorch's matmul, in its order (so that a
        create_graph backward records its nodes): a fold of the batch into rows for
        ``mm``/``mv``, else both operands expanded to one batch for ``bmm``."""
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        if ctx.folds:
            if np.ndim(a) >= np.ndim(b):
                return _folded_backward(g, a, b, need_a, need_b)
            gbt, ga = _folded_backward(g, swap_last(b), matrix_t(a) if np.ndim(a) == 2 else a, need_b, need_a)
            return (matrix_t(ga) if need_a and np.ndim(a) == 2 else ga), (swap_last(gbt) if need_b else None)
        return _bmm_backward(g, a, b, need_a, need_b)


_torch_reshape = torch_reshape


def _folded_backward(g, t1, t2, need_1, need_2):
    """Gradients of ``t1`` (3 or more dims) and ``t2`` (a matrix or a vector) for PyTorch's
    ``_unsafe_view(t1.reshape(rows, k).mm(t2))`` (``mv`` for a vector)."""
    shape = np.shape(t1)
    rows = int(np.prod(shape[:-1], dtype=np.int64))
    t1_rows = _torch_reshape(t1, (rows, shape[-1])) if need_2 else None
    if np.ndim(t2) == 2:
        g_rows = g.reshape(rows, np.shape(t2)[1])
        g1 = (g_rows @ matrix_t(t2)).reshape(shape) if need_1 else None
        return g1, (matrix_t(t1_rows) @ g_rows if need_2 else None)
    g_rows = g.reshape(rows)
    g1 = _outer(g_rows, t2).reshape(shape) if need_1 else None
    return g1, (matrix_t(t1_rows) @ g_rows if need_2 else None)


def _expand(x, shape):
    return x.expand(*shape) if type(x) is Tensor else np.broadcast_to(x, shape)


def _bmm_backward(g, a, b, need_a, need_b):
    """Gradients for PyTorch's matmul of a batch that it does not fold: both operands
    expanded to the broadcast batch, reshaped to one batch dim, ``bmm``, a view back."""
    sa, sb = np.shape(a), np.shape(b)
    batch = np.broadcast_shapes(sa[:-2], sb[:-2])
    count = int(np.prod(batch, dtype=np.int64))
    n = sa[-2] if len(sa) > 1 else 1
    m = sa[-1]
    vector = len(sb) == 1
    p = 1 if vector else sb[-1]
    a3 = _torch_reshape(_expand(a, batch + (n, m)), (count, n, m)) if need_b else None
    if vector:
        b3 = _torch_reshape(_expand(b, batch + (m,)), (count, m)) if need_a else None
        b3 = _unsqueeze(b3, 2) if need_a else None
        g3 = _unsqueeze(g.reshape(count, n), 2)
    else:
        b3 = _torch_reshape(_expand(b, batch + (m, p)), (count, m, p)) if need_a else None
        g3 = g.reshape(count, n, p)
    ga = gb = None
    if need_a:
        ga = sum_to(_bmm(g3, _transpose12(b3)).reshape(batch + (n, m)), sa if len(sa) > 1 else (1, m))
        ga = ga.reshape(sa) if len(sa) == 1 else ga
    if need_b:
        gb3 = _bmm(_transpose12(a3), g3)
        gb = sum_to(_squeeze(gb3, 2).reshape(batch + (m,)) if vector else gb3.reshape(batch + (m, p)), sb)
    return ga, gb


def _unsqueeze(x, dim):
    return x.unsqueeze(dim) if type(x) is Tensor else np.expand_dims(x, dim)


def _squeeze(x, dim):
    return x.squeeze(dim) if type(x) is Tensor else np.squeeze(x, dim)


def _view_shape(array, shape):
    """``shape`` when ``array`` reshapes to it as a view, False when reshape copies."""
    try:
        np.reshape(array, shape, copy=False)
    except ValueError:
        return False
    return shape


def _folds(a, b, need_a, need_b):
    """Whether PyTorch's matmul folds the batch of the larger operand into rows (``mm``)
    rather than expanding both to ``bmm``: when the smaller one requires grad (a copy is
    cheaper than a batch of its gradients), else when the fold needs no copy."""
    larger = a.ndim >= b.ndim
    t1 = a if larger else np.swapaxes(b, -1, -2)
    if not (t1.ndim >= 3 and (b.ndim if larger else a.ndim) in (1, 2)):
        return False
    if need_b if larger else need_a:
        return True
    if a.ndim == 2:
        return False
    if t1.size == 0:
        return True
    strides, shape = t1.strides, t1.shape
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(t1.ndim - 2))


def _batched_saved_as(a, b, need_a, need_b):
    """Per operand, what PyTorch's matmul of a batch saves of it: None (the tensor
    itself), the shape of the view it saves, or False (a copy)."""
    if _folds(a, b, need_a, need_b):
        if a.ndim >= b.ndim:
            return _view_shape(a, (int(np.prod(a.shape[:-1])), a.shape[-1])), None
        bt = np.swapaxes(b, -1, -2)
        return (a.shape[::-1] if a.ndim == 2 else None), _view_shape(
            bt, (int(np.prod(bt.shape[:-1])), bt.shape[-1])
        )
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    count = int(np.prod(batch))
    a2 = a if a.ndim > 1 else a[None]
    b2 = b if b.ndim > 1 else b[:, None]
    return (
        _view_shape(np.broadcast_to(a2, batch + a2.shape[-2:]), (count,) + a2.shape[-2:]),
        _view_shape(np.broadcast_to(b2, batch + b2.shape[-2:]), (count,) + b2.shape[-2:]),
    )


def matmul(a, b):
    if (
        type(a) is Tensor
        and type(b) is Tensor
        and a._data.ndim == 2 == b._data.ndim
        and a._data.shape[1] == b._data.shape[0]
        and (dtype := a._data.dtype) is b._data.dtype
        and (dtype is FLOAT32 or dtype is FLOAT64)
        and not forward_ad_state.levels
    ):  # ``X @ W`` of every layer written by hand: the checks below cannot fail
        token = quiet_float_errors()  # pair_path leaves this to the op (Mm may overflow)
        try:
            return _matrix_product(a, b)
        finally:
            restore_float_errors(token)
    a, b = as_tensor_arg(a), as_tensor_arg(b)
    _check_shapes(a._data, b._data)
    _check_dtypes(a._data, b._data)
    na, nb = a._data.ndim, b._data.ndim
    if na == nb == 1:
        op = Dot
    elif na == 2 and nb == 1:
        op = Mv
    elif na == 1 and nb == 2:
        op = VecMat
    elif na == nb == 2:
        op = Mm
    else:
        op = BatchedMatMul
    return op.apply(a, b)


_matrix_product = pair_path(Mm, matmul)  # matmul's checks above hold: never calls matmul back


def mm(a, b):
    """Matrix times matrix only (``matmul`` is the one that also takes vectors and batches)."""
    if a._data.ndim != 2:
        raise RuntimeError("self must be a matrix")
    if b._data.ndim != 2:
        raise RuntimeError("mat2 must be a matrix")
    return matmul(a, b)


mv = dot = matmul


class Bmm(MatMul):
    backward_name = "BmmBackward0"

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: ``g.bmm(mat2.transpose(1, 2))``, ``self.transpose(1, 2).bmm(g)``."""
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad
        return (
            _bmm(g, _transpose12(b)) if need_a else None,
            _bmm(_transpose12(a), g) if need_b else None,
        )


def _transpose12(x):
    return x.transpose(1, 2) if type(x) is Tensor else x.swapaxes(1, 2)


def _bmm(a, b):
    return Bmm.apply(a, b) if type(a) is Tensor or type(b) is Tensor else a @ b


def bmm(a, b):
    """Batched matrix product of two 3-D tensors (no broadcasting, as PyTorch)."""
    for name, t in (("batch1", a), ("batch2", b)):
        if t._data.ndim != 3:
            raise RuntimeError(f"{name} must be a 3D tensor")
    if a._data.shape[0] != b._data.shape[0] or a._data.shape[2] != b._data.shape[1]:
        raise RuntimeError(
            f"Expected size for first two dimensions of batch2 tensor to be: [{a._data.shape[0]}, "
            f"{a._data.shape[2]}] but got: [{b._data.shape[0]}, {b._data.shape[1]}]."
        )
    return Bmm.apply(a, b)


def outer(a, b):
    """Every product a[i] * b[j]: a broadcast multiply, as PyTorch computes it."""
    return a.reshape(-1, 1) * (b if b._data.ndim == 1 else b.reshape(-1))  # b itself, as PyTorch saves it


class AddmmScaled(Function):
    """``addmm(input, mat1, mat2, beta=, alpha=)``: beta * input + alpha * (mat1 @ mat2),
    input broadcast to the product's shape (``nn.functional.linear`` has its own ``Addmm``)."""

    backward_name = "AddmmBackward0"
    n_options = 2
    may_overflow = True
    saved_for = (2, 1)  # mat1 is read only for mat2's gradient, mat2 only for mat1's

    @staticmethod
    def forward(ctx, c, a, b, beta, alpha):
        ctx.shape = c.shape
        ctx.beta, ctx.alpha = beta, alpha
        ctx.save_for_backward(a, b)
        out = a @ b
        if alpha != 1:
            out = out * alpha
        if beta == 0:  # PyTorch ignores input then: its NaN or inf does not reach the result
            return out
        return out + (c if beta == 1 else c * beta)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formulas: maybe_multiply(g, beta) for input (summed to its shape),
        maybe_multiply(g.mm(mat2.t()), alpha) and maybe_multiply(mat1.t().mm(g), alpha)."""
        a, b = ctx.saved_tensors
        need_c, need_a, need_b = ctx.needs_input_grad[:3]
        beta, alpha = ctx.beta, ctx.alpha

        def maybe_multiply(x, number):
            return x if number == 1 else times_number(x, number)

        return (
            sum_to(maybe_multiply(g, beta), ctx.shape) if need_c else None,
            maybe_multiply(g @ matrix_t(b), alpha) if need_a else None,
            maybe_multiply(matrix_t(a) @ g, alpha) if need_b else None,
            None,
            None,
        )

    @staticmethod
    def jvp(ctx, tc, ta, tb):
        a, b = ctx.saved_tensors
        return tc * ctx.beta + (ta @ b + a @ tb) * ctx.alpha


def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    for name, m in (("mat1", mat1), ("mat2", mat2)):
        if m._data.ndim != 2:
            raise RuntimeError(f"{name} must be a matrix, got {m._data.ndim}-D tensor")
    if not input._data.dtype == mat1._data.dtype == mat2._data.dtype:
        first = input if input._data.dtype != mat2._data.dtype else mat1
        names = [dtypes.scalar_type_name(d) for d in (first._data.dtype, mat2._data.dtype)]
        raise RuntimeError(f"self and mat2 must have the same dtype, but got {names[0]} and {names[1]}")
    _check_shapes(mat1._data, mat2._data)
    shape = (mat1._data.shape[0], mat2._data.shape[1])
    try:
        np.broadcast_to(input._data, shape)
    except ValueError:
        input.expand(*shape)  # raises PyTorch's message
    return AddmmScaled.apply(input, mat1, mat2, beta, alpha)


class Cross(Function):
    """The cross product of 3-vectors along ``dim`` (batch dims broadcast). PyTorch's
    formulas: linalg_cross(other, grad) for input, linalg_cross(grad, input) for other."""

    backward_name = "LinalgCrossBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, a, b, dim, given_dim):
        ctx.save_for_backward(a, b)
        ctx.dim, ctx.given_dim = dim, given_dim
        return np.cross(a, b, axis=dim)

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        need_a, need_b = ctx.needs_input_grad[:2]
        d = ctx.dim
        return (
            sum_to(_cross(b, g, d), np.shape(a)) if need_a else None,
            sum_to(_cross(g, a, d), np.shape(b)) if need_b else None,
            None,
            None,
        )

    @staticmethod
    def jvp(ctx, ta, tb):
        a, b = ctx.saved_tensors
        return np.cross(ta, b, axis=ctx.dim) + np.cross(a, tb, axis=ctx.dim)


def _cross(x, y, dim):
    """linalg_cross inside a formula: the node on tensors (create_graph), NumPy's on arrays."""
    if isinstance(x, Tensor) or isinstance(y, Tensor):
        x, y = (v if isinstance(v, Tensor) else Tensor._make(v) for v in (x, y))
        return Cross.apply(x, y, dim, dim)
    return np.cross(x, y, axis=dim)


def linalg_cross(input, other, *, dim=-1):
    """``torch.linalg.cross``: ``dim`` (default the last) must have length 3 in both."""
    return _cross_checked("linalg.cross", input, other, dim)


_CROSS_DEFAULT_DIM = (
    "Using pyautograd.cross without specifying the dim arg is deprecated.\n"
    "Please either pass the dim explicitly or simply use pyautograd.linalg.cross.\n"
    "The default value of dim will change to agree with that of linalg.cross in a future release."
)


def cross(input, other, dim=None):
    """``torch.cross``: without ``dim``, the first dim of length 3 (deprecated, with PyTorch's
    warning); with one, ``linalg.cross``."""
    if dim is None:
        warnings.warn(_CROSS_DEFAULT_DIM, UserWarning, stacklevel=2)
        if input._data.ndim == other._data.ndim:
            sizes = np.broadcast_shapes(input._data.shape, other._data.shape)
            dim = next((k for k, n in enumerate(sizes) if n == 3), None)
            if dim is None:
                raise RuntimeError("no dimension of size 3 in input")
        else:
            dim = -1
    return _cross_checked("linalg.cross", input, other, dim)


def _cross_checked(name, input, other, dim):
    a, b = input._data, other._data
    if a.ndim != b.ndim:
        raise RuntimeError(f"{name}: inputs must have the same number of dimensions.")
    d = normalize_dims(dim, a.ndim)[0]
    if a.shape[d] != 3 or b.shape[d] != 3:
        raise RuntimeError(
            f"{name}: inputs dimension {dim} must have length 3. Got {a.shape[d]} and {b.shape[d]}"
        )
    if a.dtype != b.dtype:
        raise RuntimeError(
            f"expected scalar type {dtypes.scalar_type_name(a.dtype)} but found {dtypes.scalar_type_name(b.dtype)}"
        )
    broadcast_shapes(a, b)  # PyTorch's message for batch dims that do not broadcast
    return Cross.apply(input, other, d, dim)


def _maybe_multiply(x, number):
    """PyTorch's ``maybe_multiply``: ``x * number`` as a Scalar product (``MulBackward1``),
    or ``x`` itself for 1."""
    return x if number == 1 else times_number(x, number)


class _ScaledProduct(Function):
    """beta * input + alpha * product(a, b), input broadcast to the product's shape: the
    forms of addmv, addr, baddbmm and addbmm. ``product`` computes on arrays; ``grads``
    gives PyTorch's formulas for a and b (before ``alpha``)."""

    n_options = 2
    may_overflow = True
    saved_for = (2, 1)  # a is read only for b's gradient, b only for a's

    @staticmethod
    def forward(ctx, c, a, b, beta, alpha):
        ctx.shape, ctx.sizes = c.shape, (a.shape, b.shape)
        ctx.beta, ctx.alpha = beta, alpha
        ctx.save_for_backward(a, b)
        out = ctx.product(a, b)
        if alpha != 1:
            out = out * alpha
        if beta == 0:  # PyTorch ignores input then: its NaN or inf does not reach the result
            return out
        return out + (c if beta == 1 else c * beta)

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        need_c, need_a, need_b = ctx.needs_input_grad[:3]
        ga, gb = ctx.grads(ctx, g, a, b, need_a, need_b)
        return (
            sum_to(_maybe_multiply(g, ctx.beta), ctx.shape) if need_c else None,
            _maybe_multiply(ga, ctx.alpha) if need_a else None,
            _maybe_multiply(gb, ctx.alpha) if need_b else None,
            None,
            None,
        )

    @staticmethod
    def jvp(ctx, tc, ta, tb):
        a, b = ctx.saved_tensors
        return tc * ctx.beta + (ctx.product(ta, b) + ctx.product(a, tb)) * ctx.alpha


def _mv(m, v):
    return matmul(m, v) if type(m) is Tensor or type(v) is Tensor else m @ v


def _outer(a, b):
    return outer(a, b) if type(a) is Tensor or type(b) is Tensor else np.outer(a, b)


def _t(m):
    return m.t() if type(m) is Tensor else m.T


class Addmv(_ScaledProduct):
    backward_name = "AddmvBackward0"
    product = staticmethod(lambda m, v: m @ v)

    @staticmethod
    def grads(ctx, g, m, v, need_m, need_v):
        """PyTorch's formulas: g.ger(vec) for mat, mat.t().mv(g) for vec."""
        return (_outer(g, v) if need_m else None), (_mv(_t(m), g) if need_v else None)


class Addr(_ScaledProduct):
    backward_name = "AddrBackward0"
    product = staticmethod(lambda u, v: u[..., :, None] * v[..., None, :])

    @staticmethod
    def grads(ctx, g, u, v, need_u, need_v):
        """PyTorch's formulas: g.mv(vec2) for vec1, g.t().mv(vec1) for vec2."""
        return (_mv(g, v) if need_u else None), (_mv(_t(g), u) if need_v else None)


class Baddbmm(_ScaledProduct):
    backward_name = "BaddbmmBackward0"
    product = staticmethod(lambda a, b: a @ b)

    @staticmethod
    def grads(ctx, g, a, b, need_a, need_b):
        """PyTorch's formulas: g.bmm(batch2.transpose(1, 2)), batch1.transpose(1, 2).bmm(g)."""
        return (_bmm(g, _transpose12(b)) if need_a else None), (_bmm(_transpose12(a), g) if need_b else None)


class Addbmm(_ScaledProduct):
    backward_name = "AddbmmBackward0"
    product = staticmethod(lambda a, b: np.sum(a @ b, axis=0))

    @staticmethod
    def grads(ctx, g, a, b, need_a, need_b):
        """PyTorch's formulas, with g repeated over the batch (``unsqueeze(0).expand``):
        g.bmm(batch2.transpose(1, 2)) and batch1.transpose(1, 2).bmm(g)."""
        (batches, rows, _), (_, _, cols) = ctx.sizes
        if type(g) is Tensor:
            g = g.unsqueeze(0).expand(batches, rows, cols)
        else:
            g = np.broadcast_to(g, (batches, rows, cols))
        return (_bmm(g, _transpose12(b)) if need_a else None), (_bmm(_transpose12(a), g) if need_b else None)


def _broadcast_input(input, shape):
    try:
        np.broadcast_to(input._data, shape)
    except ValueError:
        input.expand(*shape)  # raises PyTorch's message


def _integral_numbers(input, beta, alpha):
    """An integer op casts beta and alpha to its dtype, as PyTorch's kernels do."""
    if input._data.dtype.kind in "iub":
        return int(beta), int(alpha)
    return beta, alpha


def addmv(input, mat, vec, *, beta=1, alpha=1):
    """beta * input + alpha * (mat @ vec)."""
    if mat._data.ndim != 2 or vec._data.ndim != 1 or input._data.ndim > 1:
        raise RuntimeError(
            f"vector + matrix @ vector expected, got {input._data.ndim}, {mat._data.ndim}, {vec._data.ndim}"
        )
    rows, cols = mat._data.shape
    if cols != vec._data.shape[0] or (input._data.ndim == 1 and input._data.shape[0] not in (1, rows)):
        size = input._data.shape[0] if input._data.ndim else 1
        raise RuntimeError(
            f"size mismatch, got input ({size}), mat ({rows}x{cols}), vec ({vec._data.shape[0]})"
        )
    if not input._data.dtype == mat._data.dtype == vec._data.dtype:
        names = ", ".join(dtypes.scalar_type_name(t._data.dtype) for t in (input, mat))
        raise RuntimeError(
            f"addmv input tensors must have the same dtype, but got {names}, and "
            f"{dtypes.scalar_type_name(vec._data.dtype)}"
        )
    return Addmv.apply(input, mat, vec, *_integral_numbers(input, beta, alpha))


def addr(input, vec1, vec2, *, beta=1, alpha=1):
    """beta * input + alpha * outer(vec1, vec2)."""
    for name, v in (("vec1", vec1), ("vec2", vec2)):
        if v._data.ndim != 1:
            raise RuntimeError(f"addr: Expected 1-D argument {name}, but got {v._data.ndim}-D")
    _broadcast_input(input, (vec1._data.shape[0], vec2._data.shape[0]))
    target = result_dtype(input, vec1, vec2)
    input, vec1, vec2 = cast_all((input, vec1, vec2), target)
    return Addr.apply(input, vec1, vec2, *_integral_numbers(input, beta, alpha))


def _check_batches(batch1, batch2):
    for t in (batch1, batch2):
        if t._data.ndim != 3:
            normalize_dims(2, t._data.ndim)  # PyTorch reads size(2) first: IndexError
            raise RuntimeError("batch1 must be a 3D tensor" if t is batch1 else "batch2 must be a 3D tensor")
    if batch1._data.dtype != batch2._data.dtype:
        names = [dtypes.scalar_type_name(t._data.dtype) for t in (batch1, batch2)]
        raise RuntimeError(f"expected scalar type {names[0]} but found {names[1]}")


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """beta * input + alpha * (batch1 @ batch2), matrix by matrix over the batch."""
    _check_batches(batch1, batch2)
    a, b = batch1._data.shape, batch2._data.shape
    if a[0] != b[0] or a[2] != b[1]:
        raise RuntimeError(
            f"Expected size for first two dimensions of batch2 tensor to be: [{a[0]}, {a[2]}] but got: [{b[0]}, {b[1]}]."
        )
    _broadcast_input(input, (a[0], a[1], b[2]))
    return Baddbmm.apply(input, batch1, batch2, *_integral_numbers(input, beta, alpha))


def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """beta * input + alpha * (the sum over the batch of batch1[i] @ batch2[i])."""
    _check_batches(batch1, batch2)
    a, b = batch1._data.shape, batch2._data.shape
    if a[0] != b[0] or a[2] != b[1]:
        raise RuntimeError(f"Incompatible matrix sizes for bmm ({a[1]}x{a[2]} and {b[1]}x{b[2]})")
    _broadcast_input(input, (a[1], b[2]))
    return Addbmm.apply(input, batch1, batch2, *_integral_numbers(input, beta, alpha))


def _flattened(x):
    """``x.flatten()`` as PyTorch records it: a vector is itself, else a reshape."""
    return x if x._data.ndim == 1 else _torch_reshape(x, (x._data.size,))


def tensordot(a, b, dims=2):
    """Sum of products over the dims ``dims`` of ``a`` and ``b`` (a count: the last ``dims`` of
    ``a`` with the first of ``b``; or two lists). PyTorch's composition: each input permuted
    (free dims, then contracted) and reshaped into a matrix, one ``mm`` (``dot`` when no free
    elements remain), the result reshaped; a contracted dim of size 1 on one side is summed."""
    if isinstance(dims, (int, np.integer)):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        if dims > a._data.ndim or dims > b._data.ndim:
            raise RuntimeError(f"tensordot expects dims < ndim_a or ndim_b, but got dims={dims}")
        dims1, dims2 = list(range(-dims, 0)), list(range(dims))  # PyTorch's: negative dims of a
    else:
        dims1, dims2 = ([d] if isinstance(d, int) else list(d) for d in dims)
    if len(dims1) != len(dims2):
        raise RuntimeError("both dimension lists should have same length")
    if a._data.dtype != b._data.dtype:
        raise RuntimeError("both inputs should have same dtype")
    given1, given2 = [int(d) for d in dims1], [int(d) for d in dims2]
    dims1 = [normalize_dims(d, a._data.ndim)[0] for d in dims1]
    dims2 = [normalize_dims(d, b._data.ndim)[0] for d in dims2]
    t1, t2, csize = a, b, 1
    for d1, d2 in zip(dims1, dims2):
        s1, s2 = a._data.shape[d1], b._data.shape[d2]
        if s2 == 1:  # a broadcast dim: summed right away
            t1 = t1.sum(d1, keepdim=True)
        elif s1 == 1:
            t2 = t2.sum(d2, keepdim=True)
        else:
            if s1 != s2:
                raise RuntimeError(
                    f"contracted dimensions need to match, but first has size {s1} in dim {d1} and "
                    f"second has size {s2} in dim {d2}"
                )
            csize *= s1
    free1 = [i for i in range(a._data.ndim) if i not in dims1]
    free2 = [i for i in range(b._data.ndim) if i not in dims2]
    rsizes = [t1._data.shape[i] for i in free1] + [t2._data.shape[i] for i in free2]
    size1 = int(np.prod([t1._data.shape[i] for i in free1], dtype=np.int64))
    size2 = int(np.prod([t2._data.shape[i] for i in free2], dtype=np.int64))
    t1, t2 = _permute_as_given(t1, free1 + given1), _permute_as_given(t2, given2 + free2)
    if size1 == 1 and size2 == 1:
        return matmul(_flattened(t1), _flattened(t2)).reshape(*rsizes)
    product = mm(_torch_reshape(t1, (size1, csize)), _torch_reshape(t2, (csize, size2)))
    return product.reshape(*rsizes)


def _permute_as_given(x, dims):
    """``x.permute(dims)`` whose node shows the dims as given (-1 stays -1), as PyTorch's."""
    out = x.permute(*dims)
    if out.grad_fn is not None:
        out.grad_fn.given_dims = tuple(dims)
    return out


def inner(input, other):
    """Sum of products over the last dim of both (a product with a 0-d tensor)."""
    if input._data.ndim and other._data.ndim and input._data.shape[-1] != other._data.shape[-1]:
        sizes = ["[" + ", ".join(str(n) for n in t._data.shape) + "]" for t in (input, other)]
        raise RuntimeError(
            f"inner() the last dimension must match on both input tensors but got shapes {sizes[0]} and {sizes[1]}"
        )
    if input._data.ndim == 0 or other._data.ndim == 0:
        return input * other
    return tensordot(input, other, ([-1], [-1]))


def kron(input, other):
    """The Kronecker product: every element of ``input`` times the whole of ``other``, as
    PyTorch composes it (two ``_unsafe_view`` reshapes, a product, a reshape)."""
    n = max(input._data.ndim, other._data.ndim)
    pad_a, pad_b = n - input._data.ndim, n - other._data.ndim
    a_shape, b_shape, out_shape = [], [], []
    for i in range(n):
        rows = input._data.shape[i - pad_a] if i >= pad_a else 1
        cols = other._data.shape[i - pad_b] if i >= pad_b else 1
        a_shape += [rows, 1]
        b_shape += [1, cols]
        out_shape.append(rows * cols)
    product = _UnsafeView.apply(input, tuple(a_shape)) * _UnsafeView.apply(other, tuple(b_shape))
    return _UnsafeView.apply(product, tuple(out_shape))
