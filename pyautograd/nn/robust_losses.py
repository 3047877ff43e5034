"""Losses that grow linearly for large errors, so outliers pull less than in MSE:
L1 (mean |x - y|), smooth L1 and Huber (quadratic near zero, linear beyond ``beta`` /
``delta``). PyTorch computes L1 as abs then a mean; the other two are one node each."""

import numpy as np

from ..function import Function
from ..ops.common import data_of, sign
from .loss_reduction import check_reduction, warn_size


def _reduction_scale(g, count, reduction):
    return g / count if reduction == "mean" else g


class _Piecewise(Function):
    """Quadratic for |d| < beta, linear outside; d = input - target."""

    n_options = 2

    @staticmethod
    def forward(ctx, a, t, beta, reduction):
        d = a - t
        ctx.save_for_backward(a, t)
        ctx.beta, ctx.reduction, ctx.count = beta, reduction, d.size
        losses = ctx.pointwise(np.abs(d), beta).astype(a.dtype, copy=False)
        if reduction == "none":
            return losses
        return np.asarray(np.sum(losses) if reduction == "sum" else np.mean(losses), dtype=a.dtype)

    @staticmethod
    def backward(ctx, g):
        a, t = ctx.saved_tensors
        d = a - t
        inside = np.abs(data_of(d)) < ctx.beta
        slope = ctx.slope_inside(d, ctx.beta) * inside + sign(d) * ctx.outside_scale(ctx.beta) * ~inside
        g = _reduction_scale(g, ctx.count, ctx.reduction)
        need_a, need_t = ctx.needs_input_grad
        return (g * slope if need_a else None), (-(g * slope) if need_t else None), None, None

    @staticmethod
    def jvp(ctx, ta, tt):
        a, t = ctx.saved_tensors
        d = a - t
        inside = np.abs(d) < ctx.beta
        slope = np.where(inside, ctx.slope_inside(d, ctx.beta), np.sign(d) * ctx.outside_scale(ctx.beta))
        out = (ta - tt) * slope
        if ctx.reduction == "none":
            return out
        return np.sum(out) if ctx.reduction == "sum" else np.mean(out)


class SmoothL1(_Piecewise):
    backward_name = "SmoothL1LossBackward0"

    @staticmethod
    def pointwise(m, beta):
        return np.where(m < beta, 0.5 * m * m / beta, m - 0.5 * beta)

    @staticmethod
    def slope_inside(d, beta):
        return d / beta

    @staticmethod
    def outside_scale(beta):
        return 1.0


class Huber(_Piecewise):
    backward_name = "HuberLossBackward0"

    @staticmethod
    def pointwise(m, delta):
        return np.where(m < delta, 0.5 * m * m, delta * (m - 0.5 * delta))

    @staticmethod
    def slope_inside(d, delta):
        return d

    @staticmethod
    def outside_scale(delta):
        return delta


def _check(input, target, reduction):
    check_reduction(reduction)
    warn_size(input, target)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    _check(input, target, reduction)
    losses = (input - target).abs()
    if reduction == "none":
        return losses
    return losses.sum() if reduction == "sum" else losses.mean()


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    _check(input, target, reduction)
    if beta == 0:
        return l1_loss(input, target, reduction=reduction)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    return SmoothL1.apply(input, target, float(beta), reduction)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    _check(input, target, reduction)
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    return Huber.apply(input, target, float(delta), reduction)
