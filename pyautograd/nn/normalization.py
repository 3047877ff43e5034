"""Normalisation layers: LayerNorm (each sample over its last dims) and BatchNorm1d/2d (each
feature over the batch, with running statistics for evaluation).

Both are one graph node (``NativeLayerNormBackward0`` / ``NativeBatchNormBackward0``). With
x^ = (x - mean) / sqrt(var + eps) and y = x^ w + b, the input gradient is
``rstd * (gw - mean(gw) - x^ * mean(gw * x^))`` with gw = g w: the two means remove what
moving every input together, or scaling it, would change. The backward recomputes the
statistics from the saved input with generic helpers, so it is differentiable again."""

import numpy as np

from .. import creation
from ..function import Function
from ..grad_mode import no_grad
from ..ops.common import sum_keepdim, sum_to
from ..tensor import Tensor
from .module import Module
from .parameter import Parameter


def _fused_multiply_add(x, scale, shift):
    """x * scale + shift rounded once, as PyTorch's vectorised kernels do (fma): for float32
    the product is exact in float64, so float64 arithmetic then one rounding matches it."""
    if x.dtype == np.float32:
        return (x.astype(np.float64) * scale + shift.astype(np.float64)).astype(np.float32)
    return x * scale + shift


def _statistics(x, dims, count, eps):
    mean = sum_keepdim(x, dims) / count
    centred = x - mean
    rstd = (sum_keepdim(centred * centred, dims) / count + eps) ** -0.5
    return centred * rstd, rstd


class Normalize(Function):
    """(x - mean) / sqrt(var + eps) over ``dims`` (biased variance), then * w + b."""

    n_options = 3
    may_overflow = True

    @staticmethod
    def forward(ctx, x, w, b, dims, eps, param_shape):
        count = int(np.prod([x.shape[d] for d in dims]))
        ctx.dims, ctx.eps, ctx.count, ctx.param_shape = dims, eps, count, param_shape
        mean = np.mean(x, axis=dims, keepdims=True, dtype=np.float64)
        var = np.mean((x - mean) ** 2, axis=dims, keepdims=True, dtype=np.float64)
        ctx.batch_mean, ctx.batch_var = mean.astype(x.dtype), var
        # PyTorch's arrangement (and so its rounding): y = x * scale + shift, in x's dtype
        scale = (1.0 / np.sqrt(var + eps)).astype(x.dtype)
        if ctx.affine_first and w is not None:  # batch norm folds the weight into the scale
            scale = scale * w.reshape(param_shape)
        shift = -ctx.batch_mean * scale
        if ctx.affine_first and b is not None:
            shift = shift + b.reshape(param_shape)
        if not ctx.affine_first and (w is None or b is None):
            # PyTorch's layer norm without both weight and bias: (x - mean) * rstd, so equal
            # inputs give exactly 0 (x * scale + shift would leave the rounding of mean * scale)
            out = (x - ctx.batch_mean) * scale
        else:
            out = _fused_multiply_add(x, scale, shift)
        if not ctx.affine_first:  # layer norm applies weight and bias afterwards
            if w is not None:
                out = out * w.reshape(param_shape)
            if b is not None:
                out = out + b.reshape(param_shape)
        # PyTorch's layer norm saves its bias too (unread), batch norm does not: both checked
        ctx.save_for_backward(*((x, w) if ctx.affine_first else (x, w, b)))
        return out

    @staticmethod
    def backward(ctx, g):
        x, w = ctx.saved_tensors[:2]
        need_x, need_w, need_b = ctx.needs_input_grad
        xhat, rstd = _statistics(x, ctx.dims, ctx.count, ctx.eps)
        gw = g if w is None else g * w.reshape(ctx.param_shape)
        gx = None
        if need_x:
            mean_gw = sum_keepdim(gw, ctx.dims) / ctx.count
            mean_gw_xhat = sum_keepdim(gw * xhat, ctx.dims) / ctx.count
            gx = rstd * (gw - mean_gw - xhat * mean_gw_xhat)
        gw_out = sum_to(g * xhat, ctx.param_shape).reshape(np.shape(w)) if need_w else None
        gb_out = (
            sum_to(g, ctx.param_shape).reshape(np.shape(w) if w is not None else (-1,)) if need_b else None
        )
        return gx, gw_out, gb_out, None, None, None

    @staticmethod
    def jvp(ctx, tx, tw, tb):
        x, w = ctx.saved_tensors[:2]
        xhat, rstd = _statistics(x, ctx.dims, ctx.count, ctx.eps)
        mean_t = np.sum(tx, axis=ctx.dims, keepdims=True) / ctx.count
        mean_t_xhat = np.sum(tx * xhat, axis=ctx.dims, keepdims=True) / ctx.count
        d_xhat = rstd * (tx - mean_t - xhat * mean_t_xhat)
        out = (
            d_xhat if w is None else d_xhat * w.reshape(ctx.param_shape) + xhat * tw.reshape(ctx.param_shape)
        )
        return out if tb is None or np.ndim(tb) == 0 else out + tb.reshape(ctx.param_shape)


class NativeLayerNorm(Normalize):
    backward_name = "NativeLayerNormBackward0"
    affine_first = False


class NativeBatchNorm(Normalize):
    """Training mode. It also saves the running statistics it is given (unread), as PyTorch
    does: they are moved by the forward without a new version (``_move``), but changing them
    in place afterwards stops the backward."""

    backward_name = "NativeBatchNormBackward0"
    affine_first = True
    n_options = 5

    @staticmethod
    def forward(ctx, x, w, b, running_mean, running_var, dims, eps, param_shape):
        out = Normalize.forward(ctx, x, w, b, dims, eps, param_shape)
        ctx.save_for_backward(x, w, running_mean, running_var)
        return out


class BatchNormEval(Function):
    """Evaluation mode: fixed running statistics, so the map is affine in x. It saves them
    (unread: ``mean`` and ``rstd`` are kept as computed), as PyTorch does, so changing them in
    place after the forward stops the backward."""

    backward_name = "NativeBatchNormBackward0"
    n_options = 4

    @staticmethod
    def forward(ctx, x, w, b, mean, var, eps, param_shape):
        ctx.eps = eps
        rstd = (1.0 / np.sqrt(var + eps)).astype(x.dtype).reshape(param_shape)
        ctx.mean = mean.astype(x.dtype).reshape(param_shape)
        ctx.rstd, ctx.param_shape = rstd, param_shape
        ctx.save_for_backward(x, w, mean, var)
        scale = rstd if w is None else rstd * w.reshape(param_shape)  # as PyTorch rounds it
        shift = -ctx.mean * scale
        return _fused_multiply_add(x, scale, shift if b is None else shift + b.reshape(param_shape))

    @staticmethod
    def backward(ctx, g):
        x, w = ctx.saved_tensors[:2]
        need_x, need_w, need_b = ctx.needs_input_grad
        scale = ctx.rstd if w is None else w.reshape(ctx.param_shape) * ctx.rstd
        gx = g * scale if need_x else None
        xhat = (x - ctx.mean) * ctx.rstd  # from the saved input: differentiable again
        gw = sum_to(g * xhat, ctx.param_shape).reshape(np.shape(w)) if need_w else None
        gb = sum_to(g, ctx.param_shape).reshape((-1,)) if need_b else None
        return gx, gw, gb, None, None, None, None

    @staticmethod
    def jvp(ctx, tx, tw, tb):
        x, w = ctx.saved_tensors[:2]
        scale = ctx.rstd if w is None else w.reshape(ctx.param_shape) * ctx.rstd
        out = tx * scale
        if w is not None:
            out = out + (x - ctx.mean) * ctx.rstd * tw.reshape(ctx.param_shape)
        return out if np.ndim(tb) == 0 else out + tb.reshape(ctx.param_shape)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if tuple(input.shape[input.dim() - len(shape) :]) != shape:
        raise RuntimeError(
            f"Given normalized_shape={list(shape)}, expected input with shape [*, "
            f"{', '.join(str(n) for n in shape)}], but got input of size{list(input.shape)}"
        )
    dims = tuple(range(input.dim() - len(shape), input.dim()))
    return NativeLayerNorm.apply(input, weight, bias, dims, eps, shape)


def batch_norm(
    input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5
):
    """Training: normalise each channel (dim 1) with the batch's statistics and move the running
    ones towards them (the running variance is the unbiased one, as PyTorch). Evaluation: the
    running ones."""
    if input.dim() < 2:
        n = max(input.dim(), 1)
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], but got 1)")
    dims = (0,) + tuple(range(2, input.dim()))
    param_shape = (1, input.shape[1]) + (1,) * (input.dim() - 2)
    if training:
        count = int(np.prod([input.shape[d] for d in dims]))
        if count <= 1:
            raise ValueError(
                f"Expected more than 1 value per channel when training, got input size {input.shape!r}"
            )
        out = NativeBatchNorm.apply(input, weight, bias, running_mean, running_var, dims, eps, param_shape)
        if running_mean is not None:
            ctx = out.grad_fn
            mean, var = (ctx.batch_mean, ctx.batch_var) if ctx is not None else _batch_stats(input, dims)
            with no_grad():
                _move(running_mean, mean.reshape(-1), momentum)
                _move(
                    running_var,
                    (var * (count / (count - 1))).reshape(-1).astype(running_var._data.dtype),
                    momentum,
                )
        return out
    return BatchNormEval.apply(input, weight, bias, running_mean, running_var, eps, param_shape)


def _batch_stats(x, dims):
    data = x._data
    mean = np.mean(data, axis=dims, keepdims=True, dtype=np.float64)
    return mean.astype(data.dtype), np.mean((data - mean) ** 2, axis=dims, keepdims=True, dtype=np.float64)


def _move(running, value, momentum):
    # PyTorch's kernel moves them in place without a new version: the graph that saved them
    # stays valid, and so does an earlier one (an evaluation forward) that saved them too
    running._data *= 1 - momentum
    running._data += momentum * value


class LayerNorm(Module):
    def __init__(
        self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, device=None, dtype=None
    ):
        super().__init__()
        shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
        self.normalized_shape, self.eps, self.elementwise_affine = shape, eps, elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(creation.ones(*shape, dtype=dtype))
            self.bias = Parameter(creation.zeros(*shape, dtype=dtype)) if bias else None
        else:
            self.weight = self.bias = None
        self._has_bias = elementwise_affine and bias

    def forward(self, input):
        return layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return (
            f"{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}, "
            f"bias={self._has_bias}"
        )


class _BatchNorm(Module):
    """What BatchNorm1d and BatchNorm2d share; they differ in the input dims they accept."""

    def __init__(
        self,
        num_features,
        eps=1e-5,
        momentum=0.1,
        affine=True,
        track_running_stats=True,
        device=None,
        dtype=None,
    ):
        super().__init__()
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        if affine:
            self.weight = Parameter(creation.ones(num_features, dtype=dtype))
            self.bias = Parameter(creation.zeros(num_features, dtype=dtype))
        else:
            self.weight = self.bias = None
        if track_running_stats:
            self.register_buffer("running_mean", creation.zeros(num_features, dtype=dtype))
            self.register_buffer("running_var", creation.ones(num_features, dtype=dtype))
            self.register_buffer("num_batches_tracked", Tensor._make(np.asarray(0, dtype=np.int64)))
        else:
            self.running_mean = self.running_var = self.num_batches_tracked = None

    def _check_input_dim(self, input):
        if input.dim() not in self._dims:
            raise ValueError(f"expected {self._dims_text} input (got {input.dim()}D input)")

    def forward(self, input):
        self._check_input_dim(input)
        if input.shape[1] != self.num_features and self.track_running_stats:
            raise RuntimeError(
                f"running_mean should contain {input.shape[1]} elements not {self.num_features}"
            )
        use_batch = self.training or not self.track_running_stats
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats:
            self.num_batches_tracked._data += 1
            if self.momentum is None:  # a cumulative average of every batch seen
                factor = 1.0 / float(self.num_batches_tracked._data)
        return batch_norm(
            input,
            self.running_mean if self.training or not use_batch else None,
            self.running_var if self.training or not use_batch else None,
            self.weight,
            self.bias,
            use_batch,
            factor,
            self.eps,
        )

    def extra_repr(self):
        return (
            f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, "
            f"bias={self.affine}, track_running_stats={self.track_running_stats}"
        )


class BatchNorm1d(_BatchNorm):
    _dims, _dims_text = (2, 3), "2D or 3D"


class BatchNorm2d(_BatchNorm):
    _dims, _dims_text = (4,), "4D"
