"""Max pooling (``F.max_pool2d``, ``nn.MaxPool2d``): window maxima found with
``sliding_window_view``, the gradient scattered back to each window's winner."""

import math

import numpy as np

from ..function import Function
from ..ops.common import is_tensor
from ..ops.gather import gather
from .module import Module

_sliding = np.lib.stride_tricks.sliding_window_view


def _pair(value):
    return tuple(value) if isinstance(value, (tuple, list)) else (value, value)


def _out_size(n, k, s, p, d, ceil_mode):
    """PyTorch's pooling output size: with ceil_mode the last window must start inside the input
    or its left padding."""
    span = n + 2 * p - d * (k - 1) - 1
    out = (-(-span // s) if ceil_mode else span // s) + 1
    if ceil_mode and (out - 1) * s >= n + p:
        out -= 1
    return out


def _scatter(g, indices, x_shape):
    """Each output gradient added at its window winner's flat index in the input."""
    planes = math.prod(x_shape[:-2])
    gx = np.zeros((planes, x_shape[-2] * x_shape[-1]), dtype=g.dtype)
    rows = np.repeat(np.arange(planes), indices.size // max(planes, 1))
    np.add.at(gx, (rows, indices.reshape(-1)), g.reshape(-1))
    return gx.reshape(x_shape)


def _pool(x, settings):
    """The window maxima of array x and each one's flat index h * W + w in the input."""
    kernel, stride, padding, dilation, ceil_mode = settings
    lead, (h, w) = x.shape[:-2], x.shape[-2:]
    x = x.reshape((-1, 1, h, w))
    out = [_out_size(*a, ceil_mode) for a in zip((h, w), kernel, stride, padding, dilation)]
    extent = [d * (k - 1) + 1 for k, d in zip(kernel, dilation)]
    after = [max(0, (o - 1) * s + e - n - p) for o, s, e, n, p in zip(out, stride, extent, (h, w), padding)]
    xp = np.pad(x, [(0, 0), (0, 0)] + [(p, a) for p, a in zip(padding, after)], constant_values=-np.inf)
    win = _sliding(xp, extent, axis=(2, 3))[:, :, :: stride[0], :: stride[1], :: dilation[0], :: dilation[1]]
    win = win[:, :, : out[0], : out[1]].reshape(x.shape[:2] + tuple(out) + (-1,))
    arg = np.argmax(win, axis=-1)  # NaN counts as the maximum, as in PyTorch
    y = np.take_along_axis(win, arg[..., None], axis=-1)[..., 0]
    ki, kj = np.divmod(arg, kernel[1])
    rows = np.arange(out[0])[:, None] * stride[0] + ki * dilation[0] - padding[0]
    cols = np.arange(out[1])[None, :] * stride[1] + kj * dilation[1] - padding[1]
    indices = rows * w + cols
    return y.astype(x.dtype, copy=False).reshape(lead + tuple(out)), indices.reshape(lead + tuple(out))


class MaxPool2dWithIndices(Function):
    backward_name = "MaxPool2DWithIndicesBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, x, settings):
        y, ctx.indices = _pool(x, settings)
        ctx.x_shape = x.shape
        ctx.save_for_backward(x)  # unread (the indices are enough), but PyTorch saves it: checked
        return y

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        return (max_pool_grad(g, ctx.indices, ctx.x_shape), None)

    @staticmethod
    def jvp(ctx, tx):
        planes = math.prod(ctx.x_shape[:-2])
        index = ctx.indices.reshape(planes, -1)
        picked = np.take_along_axis(np.asarray(tx).reshape(planes, -1), index, axis=1)
        return picked.reshape(ctx.indices.shape)


class MaxPool2dGrad(Function):
    """The scatter of output gradients to the winners; its own gradient gathers them back."""

    backward_name = "MaxPool2DWithIndicesBackwardBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, g, indices, x_shape):
        ctx.indices = indices
        return _scatter(g, indices, x_shape)

    @staticmethod
    def backward(ctx, gg):
        h, w = gg.shape[-2:]
        planes = math.prod(gg.shape[:-2])
        flat, index = gg.reshape(planes, h * w), ctx.indices.reshape(planes, -1)
        if is_tensor(gg):
            picked = gather(flat, 1, gg.new_tensor(index).long())
        else:
            picked = np.take_along_axis(flat, index, axis=1)
        return (picked.reshape(ctx.indices.shape), None, None)


def max_pool_grad(g, indices, x_shape):
    if is_tensor(g):
        return MaxPool2dGrad.apply(g, indices, x_shape)
    return _scatter(g, indices, x_shape)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """The maximum of each (dilated) kH x kW window of (N, C, H, W) or (C, H, W) input."""
    kernel = _pair(kernel_size)
    stride = kernel if stride is None or stride == [] else _pair(stride)
    padding, dilation = _pair(padding), _pair(dilation)
    if any(p > k // 2 for p, k in zip(padding, kernel)):
        raise RuntimeError(
            f"pad should be at most half of effective kernel size, but got pad={padding[0]}, "
            f"kernel_size={kernel[0]} and dilation={dilation[0]}"
        )
    settings = (kernel, stride, padding, dilation, ceil_mode)
    y = MaxPool2dWithIndices.apply(input, settings)
    if not return_indices:
        return y
    return y, input.new_tensor(_pool(input.detach().numpy(), settings)[1]).long()


class MaxPool2d(Module):
    def __init__(
        self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False
    ):
        super().__init__()
        self.kernel_size, self.stride = kernel_size, stride if stride is not None else kernel_size
        self.padding, self.dilation = padding, dilation
        self.return_indices, self.ceil_mode = return_indices, ceil_mode

    def forward(self, x):
        return max_pool2d(
            x, self.kernel_size, self.stride, self.padding, self.dilation, self.ceil_mode, self.return_indices
        )

    def extra_repr(self):
        return (
            f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
            f"dilation={self.dilation}, ceil_mode={self.ceil_mode}"
        )
