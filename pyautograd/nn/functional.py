"""``pyautograd.nn.functional``: layers and losses as functions.

The affine map and the losses are single graph nodes with hand-derived gradients (as in
PyTorch: ``AddmmBackward0``, ``MseLossBackward0``, ``NllLossBackward0``...): fewer nodes
make training faster, and the formulas are the ones the lessons derive. Like every op,
their backward is written with operators and generic helpers so it also works on tensors
(``create_graph=True``), and each has a ``jvp`` for forward mode.
"""

import warnings

import numpy as np

from .. import dtypes
from ..fast_paths import apply_linear, apply_two
from ..function import Function
from ..ops import elementwise, reduce
from ..ops.common import data_of, exp, is_tensor, log, masked_zero, matrix_t, sum_like, sum_to, tensor_input
from ..ops.linalg import _folds
from ..ops.norm import vector_norm
from ..ops.shape import View, _as_view, _ReshapeAlias, _UnsafeView
from ..ops.unary import published
from ..tensor import Tensor
from .activation_ops import gelu, relu6, softsign, tanhshrink, threshold, threshold_  # noqa: F401 (re-exported)
from .avg_pooling import adaptive_avg_pool2d, avg_pool2d  # noqa: F401
from .composite_losses import (  # noqa: F401
    cosine_embedding_loss,
    gaussian_nll_loss,
    hinge_embedding_loss,
    kl_div,
    margin_ranking_loss,
    pairwise_distance,
    poisson_nll_loss,
    prelu,
    soft_margin_loss,
    triplet_margin_loss,
)
from .conv_ops import conv1d, conv2d  # noqa: F401
from .glu import glu  # noqa: F401
from .loss_reduction import REDUCTIONS, check_reduction, reduce_loss, scale_loss_grad, warn_size
from .normalization import batch_norm, layer_norm  # noqa: F401
from .padding import pad  # noqa: F401
from .pooling import max_pool2d  # noqa: F401
from .robust_losses import huber_loss, l1_loss, smooth_l1_loss  # noqa: F401
from .sparse import embedding, one_hot  # noqa: F401

tanh, sigmoid = elementwise.tanh, elementwise.sigmoid


def relu(input, inplace=False):
    if inplace:
        return (input if type(input) is Tensor else tensor_input(input, "relu")).relu_()
    return elementwise.relu(input)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """x1 . x2 / (|x1| |x2|) along ``dim``, as PyTorch computes it: each input divided by its
    norm (floored at ``eps``) first, then the products summed, so large inputs do not overflow."""
    n1 = vector_norm(x1, 2, dim=dim, keepdim=True).clamp_min(eps)
    n2 = vector_norm(x2, 2, dim=dim, keepdim=True).clamp_min(eps)
    return ((x1 / n1) * (x2 / n2)).sum(dim=dim)


def relu_(input):
    return input.relu_()


def normalize(input, p=2.0, dim=1, eps=1e-12):
    """input / max(||input||_p over dim, eps): unit vectors along ``dim``."""
    return input / vector_norm(input, p, dim, keepdim=True).clamp_min(eps).expand_as(input)


def _implicit_softmax_dim(name, ndim, stacklevel):
    """PyTorch's old default for a missing ``dim`` (0 for 0-, 1- and 3-D input, else 1), with its warning."""
    warnings.warn(
        f"Implicit dimension choice for {name} has been deprecated. Change the call to include dim=X as an argument.",
        UserWarning,
        stacklevel=stacklevel,
    )
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input, dim=None, dtype=None, _stacklevel=3):
    if dim is None:
        dim = _implicit_softmax_dim("softmax", input.dim(), _stacklevel)
    return reduce.softmax(input, dim)


def softmin(input, dim=None, dtype=None, _stacklevel=3):
    """softmax of -x, as PyTorch writes it (its graph: SoftmaxBackward0 over NegBackward0)."""
    if dim is None:
        dim = _implicit_softmax_dim("softmin", input.dim(), _stacklevel)
    return reduce.softmax(-input, dim)


def log_softmax(input, dim=None, dtype=None, _stacklevel=3):
    if dim is None:
        dim = _implicit_softmax_dim("log_softmax", input.dim(), _stacklevel)
    return reduce.log_softmax(input, dim)


# ---- the affine map -----------------------------------------------------------------------------
# F.linear records PyTorch's graph: ``addmm(bias, input, weight.t())`` for a 2-D input with a
# bias, the same through ``view``s for a contiguous input of other dims, and ``mm`` (through
# ``unsqueeze``/``squeeze`` or ``view``/``_unsafe_view``) without a bias; the weight always
# enters through a ``TBackward0`` node. Walking ``next_functions`` then meets the nodes, in
# the order, that PyTorch's graph has.


class LinearT(Function):
    """``weight.t()`` inside ``F.linear``: PyTorch's ``TBackward0`` between the product and the
    weight. The transposed weight is internal to ``linear`` (no one can hook or retain it)."""

    backward_name = "TBackward0"
    # Only a write into the weight (or its base) can change it: PyTorch then regenerates the
    # view's node as AsStridedBackward0 and names that in the error.
    name_after_write = "AsStrided"

    @staticmethod
    def forward(ctx, w):
        return w.T

    @staticmethod
    def backward(ctx, g):
        global _handed
        if g is _handed:  # Addmm's fresh transpose, known by identity: no layout to check
            _handed = None
            return g.base
        if type(g) is np.ndarray:
            whole = g.base
            # Addmm hands the weight's gradient over as the transpose of a fresh array it
            # owns: give that array back whole, so the leaf keeps it without a copy.
            if (
                whole is not None
                and whole.shape == g.shape[::-1]
                and whole.strides == g.strides[::-1]
                and whole.flags.c_contiguous
            ):
                return whole
            return g.T
        return matrix_t(g)

    @staticmethod
    def jvp(ctx, t):
        return matrix_t(t)


# The weight's gradient Addmm's backward last handed over as the transpose ``(g^T x)^T`` of
# the fresh array ``g^T x`` it owns (held until a TBackward0 node receives it): LinearT gives
# that array back whole by an identity test, cheaper than reading the layout off the view.
_handed = None


def _weight_t(weight):
    """The weight seen through ``LinearT``: a view of it (its version counter), as
    ``weight.t()`` is in PyTorch, so a product that saved it sees in-place changes."""
    wt = LinearT.apply(weight)
    wt._version_counter = weight._version_counter
    wt._inference = weight._inference
    return wt


class Addmm(Function):
    """``bias + mat1 @ mat2`` (PyTorch's ``addmm``; in a linear layer mat2 is ``weight.t()``):
    one node instead of two."""

    backward_name = "AddmmBackward0"
    saved_for = (2, 1)  # mat1 is read only for mat2's gradient, mat2 only for mat1's

    @staticmethod
    def forward(ctx, b, x, wt):
        ctx.save_for_backward(x, wt)
        ctx.bias_shape = b.shape
        out = x @ wt
        out += b
        return out

    @staticmethod
    def backward(ctx, g):
        global _handed
        x, wt = ctx.saved_tensors
        need_b, need_x, need_wt = ctx.needs_input_grad
        if type(g) is np.ndarray and type(x) is np.ndarray and type(wt) is np.ndarray:
            # arrays (every backward without create_graph): both operands are matrices, so
            # matrix_t is ``.T``, written out: three helper frames fewer per layer per step
            if need_wt:
                _handed = g_wt = (g.T @ x).T
            else:
                g_wt = None
            return (
                (sum_to(g, ctx.bias_shape) if need_b else None),
                (g @ wt.T if need_x else None),
                g_wt,
            )
        return (
            (sum_to(g, ctx.bias_shape) if need_b else None),
            (g @ matrix_t(wt) if need_x else None),
            # the weight's gradient as (g^T x)^T: the transpose of a fresh array (see LinearT)
            (matrix_t(matrix_t(g) @ x) if need_wt else None),
        )

    @staticmethod
    def jvp(ctx, tb, tx, twt):
        x, wt = ctx.saved_tensors
        return tx @ wt + x @ twt + tb


class _SqueezeDims(View):
    """``squeeze(dims)``: PyTorch's ``SqueezeBackward4``."""

    backward_name = "SqueezeBackward4"


def _rows(input, x):
    """A contiguous input as the 2-D matrix of its rows (PyTorch's ``reshape``, a view)."""
    rows = 1
    for n in x.shape[:-1]:  # no -1: it would fail for an empty dimension
        rows *= n
    return input.reshape(rows, x.shape[-1])


def _fold_rows(input, x):
    """An N-D input as the 2-D matrix of its rows, as PyTorch's matmul reshapes it: a view
    (``ViewBackward0``, or ``ReshapeAliasBackward0`` when not contiguous) where one exists,
    else a contiguous clone (``CloneBackward0``, then ``UnsafeViewBackward0``)."""
    if x.flags.c_contiguous:
        return _rows(input, x)
    shape = (int(np.prod(x.shape[:-1], dtype=np.int64)), x.shape[-1])
    try:
        np.reshape(x, shape, copy=False)
    except ValueError:  # no view: NumPy would copy, as PyTorch's clone does
        return _UnsafeView.apply(input.clone(), shape)
    return _as_view(_ReshapeAlias.apply(input, shape), input)  # a view: its version is the input's


def linear(input, weight, bias=None):
    """``input @ weight.T + bias``."""
    x, w = input._data, weight._data  # shapes read off the arrays: this runs per layer
    if x.dtype != w.dtype:
        if bias is None:
            raise RuntimeError(
                "expected m1 and m2 to have the same dtype, but got: "
                f"{dtypes.cpp_type_name(x.dtype)} != {dtypes.cpp_type_name(w.dtype)}"
            )
        raise RuntimeError(
            "mat1 and mat2 must have the same dtype, but got "
            f"{dtypes.scalar_type_name(x.dtype)} and {dtypes.scalar_type_name(w.dtype)}"
        )
    if bias is not None and w.ndim == 2:
        if x.ndim == 2 and bias._data.ndim <= 1:
            _check_addmm(x, w, bias._data)
            return apply_linear(Addmm, LinearT, bias, input, weight, _general_addmm)
        if x.ndim and bias._data.ndim == 1 and x.flags.c_contiguous:
            rows = _rows(input, x)
            _check_addmm(rows._data, w, bias._data)
            out = apply_linear(Addmm, LinearT, bias, rows, weight, _general_addmm)
            return out.view(x.shape[:-1] + (w.shape[0],))
    if w.ndim != 2:
        out = input @ weight.t()
        return out if bias is None else out + bias
    wt = _weight_t(weight)
    if x.ndim > 2:  # matmul folds the batch dims into rows, and unfolds the product
        product = _fold_rows(input, x) @ wt
        if product.grad_fn is not None and not _folds(x, w.T, True, weight._requires_grad):
            # PyTorch's matmul folds only without a copy or for a weight that needs a
            # gradient; else its bmm saves the weight expanded to the batch
            product.grad_fn.saved_as = (None, (int(np.prod(x.shape[:-2])),) + w.T.shape)
        out = _UnsafeView.apply(product, x.shape[:-1] + (w.shape[0],))
        return out if bias is None else out + bias
    if bias is not None:
        return input @ wt + bias
    if x.ndim == 1:
        out = input.unsqueeze(0) @ wt
        return _as_view(_SqueezeDims.apply(out, (out._data.shape[1],)), out)
    return input @ wt


def _general_addmm(bias, input, weight):
    """What ``apply_linear`` builds, through the general path."""
    return Addmm.apply(bias, input, _weight_t(weight))


def _check_addmm(x, w, b):
    if x.shape[1] != w.shape[1]:
        raise RuntimeError(
            f"mat1 and mat2 shapes cannot be multiplied ({x.shape[0]}x{x.shape[1]} and {w.shape[1]}x{w.shape[0]})"
        )
    if b.ndim == 1 and b.shape[0] != w.shape[0] and b.shape[0] != 1:  # addmm expands the bias
        raise RuntimeError(
            f"The expanded size of the tensor ({w.shape[0]}) must match the existing size ({b.shape[0]}) "
            f"at non-singleton dimension 1.  Target sizes: [{x.shape[0]}, {w.shape[0]}].  "
            f"Tensor sizes: [{b.shape[0]}]"
        )


# ---- losses ---------------------------------------------------------------------------------------
class MseLoss(Function):
    """mean((input - target)^2); d/d input = 2 (input - target) / n."""

    backward_name = "MseLossBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, t, reduction):
        ctx.save_for_backward(a, t)
        ctx.reduction = reduction
        diff = a - t
        ctx.count = n = diff.size
        squares = diff * diff
        dtype = a.dtype
        if reduction == "mean" and dtype is t.dtype and dtype.char in "fd":
            # reduce_loss's mean, inline (the commonest loss of the lessons): a NumPy scalar
            # of the inputs' dtype, which the output tensor holds as a 0-d array
            return np.add.reduce(squares, axis=None) / n
        return np.asarray(reduce_loss(squares, reduction), dtype=np.result_type(a, t))

    @staticmethod
    def backward(ctx, g):
        a, t = ctx.saved_tensors
        need_a, need_t = ctx.needs_input_grad
        d = a - t
        # 2 (a - t) as d + d for arrays: the same bits, and NumPy adds two arrays more cheaply
        # than it multiplies one by a Python number; a tensor (create_graph) records 2 * d
        grad = (d + d if type(d) is not Tensor else 2 * d) * scale_loss_grad(g, ctx.count, ctx.reduction)
        return (
            (sum_like(grad, a) if need_a else None),
            (sum_like(-grad, t) if need_t else None),
            None,
        )

    @staticmethod
    def jvp(ctx, ta, tt):
        a, t = ctx.saved_tensors
        return reduce_loss(2 * (a - t) * (ta - tt), ctx.reduction)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    if (
        type(input) is Tensor
        and type(target) is Tensor
        and reduction in REDUCTIONS
        and input._data.shape == target._data.shape
    ):  # nothing to refuse or warn about (check_reduction, warn_size): the fast path
        return apply_two(MseLoss, input, target, reduction)
    check_reduction(reduction)
    warn_size(input, target)
    return MseLoss.apply(input, target, reduction)


def _clamp_min(x, low):
    return x.clamp(min=low) if is_tensor(x) else np.maximum(x, low)


def _sigmoid(x):
    return x.sigmoid() if is_tensor(x) else elementwise.sigmoid_values(x)


# PyTorch's floor under p (1 - p) in the gradient: the float32 number nearest 1e-12, in every
# dtype (so in float64 the gradient at p = 0 or 1 is 2.000000008e11, not 2e11).
_BCE_EPSILON = float(np.float32(1e-12))


class BinaryCrossEntropy(Function):
    """-(y log p + (1 - y) log(1 - p)), logs clamped at -100 as in PyTorch."""

    backward_name = "BinaryCrossEntropyBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, p, y, weight, reduction):
        if np.any((p < 0) | (p > 1)):
            raise RuntimeError("all elements of input should be between 0 and 1")
        ctx.save_for_backward(p, y)
        ctx.weight, ctx.reduction, ctx.count = weight, reduction, np.size(p)
        with np.errstate(divide="ignore"):
            loss = -(y * np.maximum(np.log(p), -100) + (1 - y) * np.maximum(np.log(1 - p), -100))
        return np.asarray(reduce_loss(loss * weight, reduction), dtype=p.dtype)

    @staticmethod
    def backward(ctx, g):
        p, y = ctx.saved_tensors
        need_p, need_y = ctx.needs_input_grad
        g = scale_loss_grad(g, ctx.count, ctx.reduction) * ctx.weight
        gp = g * (p - y) / _clamp_min((1 - p) * p, _BCE_EPSILON) if need_p else None
        gy = g * (_clamp_min(log(1 - p), -100) - _clamp_min(log(p), -100)) if need_y else None
        return gp, gy, None, None

    @staticmethod
    def jvp(ctx, tp, ty):
        p, y = ctx.saved_tensors
        with np.errstate(divide="ignore"):
            d = tp * (p - y) / np.maximum((1 - p) * p, _BCE_EPSILON) + ty * (
                np.maximum(np.log(1 - p), -100) - np.maximum(np.log(p), -100)
            )
        return reduce_loss(d * ctx.weight, ctx.reduction)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    check_reduction(reduction)
    if tuple(target.shape) != tuple(input.shape):
        raise ValueError(
            f"Using a target size ({target.shape!r}) that is different to the input size "
            f"({input.shape!r}) is deprecated. Please ensure they have the same size."
        )
    return BinaryCrossEntropy.apply(input, target, 1.0 if weight is None else data_of(weight), reduction)


class BinaryCrossEntropyWithLogits(Function):
    """BCE of sigmoid(x), computed stably: (1 - y) x + l (log(1 + e^-|x|) + max(-x, 0)),
    with l = 1 + (pos_weight - 1) y. Its gradient is the famous sigmoid(x) - y (when l = 1)."""

    backward_name = "BinaryCrossEntropyWithLogitsBackward0"
    n_options = 3

    @staticmethod
    def forward(ctx, x, y, weight, pos_weight, reduction):
        ctx.save_for_backward(x, y)
        ctx.weight, ctx.pos_weight, ctx.reduction, ctx.count = weight, pos_weight, reduction, np.size(x)
        softplus_neg = np.log1p(np.exp(-np.abs(x))) + np.maximum(-x, 0)  # log(1 + e^-x)
        loss = (1 - y) * x + (1 + (pos_weight - 1) * y) * softplus_neg
        return np.asarray(reduce_loss(loss * weight, reduction), dtype=x.dtype)

    @staticmethod
    def backward(ctx, g):
        x, y = ctx.saved_tensors
        need_x, need_y = ctx.needs_input_grad
        pw = ctx.pos_weight
        g = scale_loss_grad(g, ctx.count, ctx.reduction) * ctx.weight
        gx = g * ((1 - y) - (1 + (pw - 1) * y) * (1 - _sigmoid(x))) if need_x else None
        gy = None
        if need_y:
            gy = g * (-x + (pw - 1) * (log(1 + exp(-_abs(x))) + _clamp_min(-x, 0)))
        return gx, gy, None, None, None

    @staticmethod
    def jvp(ctx, tx, ty):
        x, y = ctx.saved_tensors
        pw = ctx.pos_weight
        sig = elementwise.sigmoid_values(x)
        softplus_neg = np.log1p(np.exp(-np.abs(x))) + np.maximum(-x, 0)
        d = tx * ((1 - y) - (1 + (pw - 1) * y) * (1 - sig)) + ty * (-x + (pw - 1) * softplus_neg)
        return reduce_loss(d * ctx.weight, ctx.reduction)


def _abs(x):
    return x.abs() if is_tensor(x) else np.abs(x)


def binary_cross_entropy_with_logits(
    input, target, weight=None, size_average=None, reduce=None, reduction="mean", pos_weight=None
):
    check_reduction(reduction)
    if tuple(target.shape) != tuple(input.shape):
        raise ValueError(f"Target size ({target.shape!r}) must be the same as input size ({input.shape!r})")
    return BinaryCrossEntropyWithLogits.apply(
        input,
        target,
        1.0 if weight is None else data_of(weight),
        1.0 if pos_weight is None else data_of(pos_weight),
        reduction,
    )


class NllLoss(Function):
    """-log p[target]: the gradient is -1 (times the weight) at each row's target class."""

    backward_name = "NllLossBackward0"
    n_options = 4

    @staticmethod
    def forward(ctx, logp, target, weight, ignore_index, reduction):
        batched = logp.ndim == 2
        logp2 = logp if batched else logp[None]
        target1 = np.atleast_1d(target)
        n, classes = logp2.shape
        rows = np.arange(n)
        keep = target1 != ignore_index
        out_of_range = (target1 < 0) | (target1 >= classes)
        if out_of_range.any():
            bad = target1[out_of_range & keep]
            if bad.size:
                raise IndexError(f"Target {bad[0]} is out of bounds.")
        if weight is None and keep.all():  # the usual case: each row counts once
            safe, w = target1, None
            denom = n if reduction == "mean" else 1
        else:
            safe = np.where(keep, target1, 0)
            w = (np.ones(classes, dtype=logp.dtype) if weight is None else weight)[safe] * keep
            denom = w.sum() if reduction == "mean" else 1
        picked = logp2[rows, safe]
        pick = np.zeros_like(logp2)  # -w_i / denom at (i, target_i)
        with np.errstate(invalid="ignore", divide="ignore"):  # denom 0: nan, as PyTorch
            pick[rows, safe] = -1 / denom if w is None else -w / denom
            losses = -picked if w is None else -w * picked
            ctx.pick = pick if batched else pick[0]
            ctx.reduction = reduction
            ctx.save_for_backward(target)  # the target tensor, as PyTorch saves it
            if reduction == "none":
                return losses if batched else losses[0]
            return np.asarray(losses.sum() / denom, dtype=logp.dtype)

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        if ctx.reduction == "none" and np.ndim(ctx.pick) == 2:
            g = g.reshape((-1, 1))
        # PyTorch writes -w g / total at each target into zeros: the rest is 0 even for inf g
        return masked_zero(g * ctx.pick, ctx.pick == 0), None, None, None, None

    @staticmethod
    def jvp(ctx, t):
        if ctx.reduction == "none":
            return np.sum(t * ctx.pick, axis=-1)
        return np.sum(t * ctx.pick)


def _check_class_indices(target):
    """Class targets are indices: int64 or uint8, never floats (a float class target is a
    common slip: ``torch.tensor([1.0, 0.0])`` instead of ``torch.tensor([1, 0])``)."""
    if target._data.dtype not in (np.int64, np.uint8):
        name = dtypes.scalar_type_name(target._data.dtype)
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got {name}")


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    check_reduction(reduction)
    if input.dim() not in (1, 2):
        raise ValueError(f"Expected 1D or 2D input (got {input.dim()}D input)")
    if target.dim() > 1:  # an (N, 1) target would broadcast into a wrong loss
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    if input.dim() == 2 and target.shape[0] != input.shape[0]:
        raise ValueError(
            f"Expected input batch_size ({input.shape[0]}) to match target batch_size ({target.shape[0]})."
        )
    _check_class_indices(target)
    return NllLoss.apply(input, target, None if weight is None else data_of(weight), ignore_index, reduction)


def cross_entropy(
    input,
    target,
    weight=None,
    size_average=None,
    ignore_index=-100,
    reduce=None,
    reduction="mean",
    label_smoothing=0.0,
):
    """log_softmax then nll_loss (class indices), or -sum(p * log_softmax) (class probabilities).
    log_softmax subtracts the row maximum first, so large logits do not overflow."""
    check_reduction(reduction)
    class_dim = 1 if input.dim() >= 2 else 0
    probabilities = tuple(target.shape) == tuple(input.shape)
    if probabilities and not target.is_floating_point():
        name = dtypes.scalar_type_name(target._data.dtype)
        raise RuntimeError(f"Expected floating point type for target with class probabilities, got {name}")
    if not probabilities:
        _check_class_indices(target)
    logp = log_softmax(input, class_dim)
    if probabilities:
        classes = input.shape[class_dim]
        probs = target * (1 - label_smoothing) + label_smoothing / classes
        w = 1.0 if weight is None else weight
        products = logp * probs * w
        if reduction == "none":
            return -products.sum(dim=class_dim)
        total = -products.sum()  # PyTorch's graph: Neg of the whole sum, then DivBackward1 for the mean
        if reduction == "sum":
            return total
        return elementwise.DivByNumber.apply(total, max(products.numel() // products.shape[class_dim], 1))
    loss = nll_loss(logp, target, weight, ignore_index=ignore_index, reduction=reduction)
    if label_smoothing:
        keep = Tensor._make((data_of(target) != ignore_index).astype(logp._data.dtype))
        w = 1.0 if weight is None else weight
        smooth = -(logp * w).sum(dim=class_dim) * keep
        if reduction == "mean":
            if weight is None:
                smooth = smooth.sum() / keep.sum()
            else:
                safe = np.where(keep._data > 0, data_of(target), 0)
                smooth = smooth.sum() / float((data_of(weight)[safe] * keep._data).sum())
        elif reduction == "sum":
            smooth = smooth.sum()
        classes = input.shape[class_dim]
        loss = loss * (1 - label_smoothing) + smooth * (label_smoothing / classes)
    return loss


from .dropout import dropout  # noqa: E402, F401  (lives beside nn.Dropout; F.dropout is this one)

globals().update(published("functional"))  # the activations declared in activation_ops (leaky_relu, elu...)
