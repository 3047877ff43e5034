"""``prelu``, and the losses that PyTorch composes from other ops (its ATen ``kl_div``, ``margin_ranking_loss``,
``hinge_embedding_loss``, ``cosine_embedding_loss``, ``poisson_nll_loss``,
``pairwise_distance``, ``triplet_margin_loss``, and Python's ``gaussian_nll_loss``): each is
written here with our ops in PyTorch's order, so the graph has PyTorch's nodes
(``XlogyBackward0``, ``ClampMinBackward0``, ``NormBackward1``...). ``soft_margin_loss`` is
one node of its own in PyTorch, and here (``SoftMarginLossBackward0``).
"""

import math
import warnings

import numpy as np

from .. import dtypes
from ..function import Function
from ..grad_mode import is_grad_enabled, no_grad
from ..ops import elementwise
from ..ops.common import is_tensor, sum_like
from ..ops.index import select_where, where
from ..ops.norm import NormDim, _ord_value
from ..ops.with_number import minus_number, number_minus, plus_number, times_number
from ..tensor import Tensor
from .loss_reduction import check_reduction, reduce_loss


def _reduce(output, reduction):
    """ATen's ``apply_loss_reduction``: ``mean()``, ``sum()`` or the values as they are."""
    if reduction == "mean":
        return output.mean()
    if reduction == "sum":
        return output.sum()
    return output


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    """KL(target || exp(input)) summed over elements: ``input`` holds log-probabilities, and
    ``target`` probabilities (or log-probabilities with ``log_target``). "batchmean" divides
    the sum by the batch size (the KL divergence's own definition); "mean" by every element,
    with PyTorch's warning."""
    if reduction == "mean":
        warnings.warn(
            "reduction: 'mean' divides the total loss by both the batch size and the support size."
            "'batchmean' divides only by the batch size, and aligns with the KL div math definition."
            "'mean' will be changed to behave the same as 'batchmean' in the next major release.",
            stacklevel=2,
        )
    if reduction != "batchmean":
        check_reduction(reduction)
    for t in (input, target):
        if t._data.dtype.kind != "f":
            raise RuntimeError("kl_div: Integral inputs not supported.")
    if log_target:
        output = elementwise.exp(target) * (target - input)
    else:
        output = elementwise.xlogy(target, target) - target * input
    reduced = _reduce(output, "sum" if reduction == "batchmean" else reduction)
    if reduction == "batchmean" and input._data.ndim != 0:
        reduced = reduced / input._data.shape[0]
    return reduced


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    """max(0, -target * (input1 - input2) + margin): input1 should rank above input2 where
    target is 1, below where it is -1."""
    check_reduction(reduction)
    if input1._data.ndim != input2._data.ndim or input1._data.ndim != target._data.ndim:
        raise RuntimeError(
            f"margin_ranking_loss : All input tensors should have same dimension but got sizes: "
            f"input1: {input1.shape}, input2: {input2.shape}, target: {target.shape} "
        )
    output = plus_number(-target * (input1 - input2), margin).clamp_min_(0)
    return _reduce(output, reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"):
    """``input`` where target is 1, max(0, margin - input) where it is -1 (a distance that
    similar pairs keep small and dissimilar ones push past ``margin``)."""
    check_reduction(reduction)
    zeros = Tensor._make(np.zeros_like(input._data))
    margin_clamp = number_minus(margin, input).clamp_min_(0)
    output_margin = where(target != 1, margin_clamp, zeros)
    output_self = where(target != -1, input, zeros)
    return _reduce(output_margin + output_self, reduction)


_EPSILON = 1e-12  # ATen's, added to each squared magnitude


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction="mean"):
    """1 - cos(input1, input2) where target is 1, max(0, cos - margin) where it is -1."""
    check_reduction(reduction)
    targ_dim = target._data.ndim
    if targ_dim not in (0, 1):
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    sizes = f"[{', '.join(map(str, input1._data.shape))}] and [{', '.join(map(str, input2._data.shape))}]"
    if targ_dim == 1 and not (input1._data.ndim == 2 and input2._data.ndim == 2):
        raise RuntimeError(f"1D target tensor expects 2D input tensors, but found inputs with sizes {sizes}.")
    if targ_dim == 0 and not (input1._data.ndim == 1 and input2._data.ndim == 1):
        raise RuntimeError(f"0D target tensor expects 1D input tensors, but found inputs with sizes {sizes}.")
    prod_sum = (input1 * input2).sum(targ_dim)
    mag_square1 = plus_number((input1 * input1).sum(targ_dim), _EPSILON)
    mag_square2 = plus_number((input2 * input2).sum(targ_dim), _EPSILON)
    denom = (mag_square1 * mag_square2).sqrt_()
    cos = prod_sum / denom
    zeros = Tensor._make(np.zeros_like(cos._data))
    pos = number_minus(1, cos)
    neg = minus_number(cos, margin).clamp_min_(0)
    output = where(target == 1, pos, zeros) + where(target == -1, neg, zeros)
    return _reduce(output, reduction)


def poisson_nll_loss(
    input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None, reduction="mean"
):
    """The negative log-likelihood of ``target`` counts under Poisson rates: exp(input) -
    target * input for log-rates, input - target * log(input + eps) for rates; ``full`` adds
    Stirling's approximation of log(target!) where target > 1."""
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not a valid value for reduction")
    if log_input:
        loss = elementwise.exp(input) - target * input
    else:
        loss = input - target * elementwise.log(plus_number(input, eps))
    if full:
        stirling = (
            target * elementwise.log(target)
            - target
            + times_number(elementwise.log(times_number(target, 2 * math.pi)), 0.5)
        )
        loss += stirling.masked_fill(target <= 1, 0)
    return _reduce(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    """The negative log-likelihood of ``target`` under normals of mean ``input`` and variance
    ``var`` (one per element, one per row, or a number), without its constant unless ``full``."""
    if isinstance(var, float):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        var = var * Tensor._make(np.ones_like(input._data))
    elif np.any(var._data < 0):
        raise ValueError("var has negative entry/entries")
    in_shape, var_shape = input._data.shape, var._data.shape
    if var_shape != in_shape:
        if in_shape[:-1] == var_shape:
            var = var.unsqueeze(-1)
        elif len(in_shape) == len(var_shape) and sum(y for x, y in zip(in_shape, var_shape) if x != y) == 1:
            pass
        else:
            raise ValueError("var is of incorrect size")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    var = var.clone()
    with no_grad():
        var.clamp_(min=eps)
    loss = 0.5 * (elementwise.log(var) + (input - target) ** 2 / var)
    if full:
        loss += 0.5 * math.log(2 * math.pi)
    return _reduce(loss, reduction)


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    """The p-norm of x1 - x2 + eps over the last dim (ATen's composition: ``NormBackward1``)."""
    innermost = max(x1._data.ndim, x2._data.ndim) - 1
    difference = plus_number(x1 - x2, eps)
    if innermost < 0:  # two 0-d tensors: the norm of the one number
        return NormDim.apply(difference, _ord_value(p), None, keepdim, ())
    return NormDim.apply(difference, _ord_value(p), (innermost,), keepdim, (innermost,))


def triplet_margin_loss(
    anchor,
    positive,
    negative,
    margin=1.0,
    p=2,
    eps=1e-6,
    swap=False,
    size_average=None,
    reduce=None,
    reduction="mean",
):
    """max(0, margin + d(anchor, positive) - d(anchor, negative)), d the pairwise distance
    (with ``swap``, the nearer of d(anchor, negative) and d(positive, negative))."""
    check_reduction(reduction)
    if margin <= 0:
        raise ValueError(f"margin must be greater than 0, got {margin}")
    a_dim, p_dim, n_dim = (t._data.ndim for t in (anchor, positive, negative))
    if not (a_dim == p_dim and p_dim == n_dim):
        raise RuntimeError(
            "The anchor, positive, and negative tensors are expected to have the same number of "
            f"dimensions, but got: anchor {a_dim}D, positive {p_dim}D, and negative {n_dim}D inputs"
        )
    dist_pos = pairwise_distance(anchor, positive, p, eps)
    dist_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        dist_neg = elementwise.minimum(dist_neg, pairwise_distance(positive, negative, p, eps))
    output = elementwise.clamp_min(plus_number(dist_pos, margin) - dist_neg, 0)
    return _reduce(output, reduction)


class SoftMarginLoss(Function):
    """log(1 + exp(-target * input)), reduced: PyTorch's node of its own. Its gradient,
    PyTorch's ``soft_margin_loss_backward``: -norm * target * z / (1 + z) * grad, z =
    exp(-target * input), norm 1/numel for a mean."""

    backward_name = "SoftMarginLossBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, t, reduction):
        ctx.save_for_backward(a, t)
        ctx.reduction = reduction
        with np.errstate(over="ignore"):
            return np.asarray(reduce_loss(np.log1p(np.exp(-a * t)), reduction), dtype=a.dtype)

    @staticmethod
    def backward(ctx, g):
        a, t = ctx.saved_tensors
        norm = 1.0 / int(np.prod(np.shape(a))) if ctx.reduction == "mean" else 1.0
        if is_tensor(a) or is_tensor(g):
            z = elementwise.exp(-t * a)
            return times_number(t * z, -norm) / plus_number(z, 1) * g, None, None
        with np.errstate(over="ignore", invalid="ignore"):
            z = np.exp(-t * a)
            return (t * z) * -norm / (z + 1) * g, None, None

    @staticmethod
    def jvp(ctx, ta, tt):
        a, t = ctx.saved_tensors
        with np.errstate(over="ignore", invalid="ignore"):
            z = np.exp(-t * a)
            return np.asarray(reduce_loss(-t * z / (z + 1) * ta, ctx.reduction), dtype=a.dtype)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    """The logistic loss of ``input`` against targets of 1 and -1."""
    check_reduction(reduction)
    if is_grad_enabled() and target.requires_grad:
        raise RuntimeError(
            "The function 'soft_margin_loss' is not differentiable with respect to argument 'target'. "
            "This input cannot have requires_grad True."
        )
    return SoftMarginLoss.apply(input, target, reduction)


class PreluKernel(Function):
    """x where x > 0, weight * x elsewhere (PyTorch's ``_prelu_kernel``; the weight already
    shaped to broadcast over the channels). Gradients: where(x > 0, g, weight * g) for x,
    where(x > 0, 0, x * g) for the weight, summed to its shape."""

    backward_name = "PreluKernelBackward0"

    @staticmethod
    def forward(ctx, x, w):
        ctx.save_for_backward(x, w)
        return np.where(x > 0, x, w * x).astype(x.dtype, copy=False)

    @staticmethod
    def backward(ctx, g):
        x, w = ctx.saved_tensors
        need_x, need_w = ctx.needs_input_grad
        positive = (x._data if is_tensor(x) else x) > 0
        gx = gw = None
        if need_x:
            gx = select_where(positive, g, w * g)
        if need_w:
            gw = sum_like(select_where(positive, 0.0, x * g), w)
        return gx, gw

    @staticmethod
    def jvp(ctx, tx, tw):
        x, w = ctx.saved_tensors
        return np.where(x > 0, tx, w * tx + tw * x)


def prelu(input, weight):
    """PReLU: a leaky ReLU whose negative slope is learnt, one per channel (dim 1) or one
    for all. PyTorch reshapes the weight to broadcast (``ViewBackward0``), then applies its
    kernel."""
    if input._data.dtype != weight._data.dtype:
        names = [dtypes.scalar_type_name(t._data.dtype) for t in (input, weight)]
        raise RuntimeError(f"prelu: Type promoting not supported. Got {names[0]} and {names[1]}")
    ndim = input._data.ndim
    if weight._data.size != 1:
        if ndim == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input._data.shape[1] if ndim > 1 else 1
        if channels != weight._data.size:
            raise RuntimeError(
                "Mismatch of parameter numbers and input channel size. Found parameter numbers = "
                f"{weight._data.size} and channel size = {channels}."
            )
    if weight._data.ndim > 1:
        raise RuntimeError(
            f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {weight._data.ndim}"
        )
    if ndim != weight._data.ndim:
        shape = [1] * ndim
        if ndim > 1:
            shape[1] = weight._data.size
        weight = weight.reshape(*shape)
    return PreluKernel.apply(input, weight)
