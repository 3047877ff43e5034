"""Convolution (``F.conv1d``, ``F.conv2d``): one graph node, ``ConvolutionBackward0``.

Every kernel here is im2col: ``sliding_window_view`` lays each output pixel's receptive field
out as a row, and one batched matmul per group does all the products, so no Python loop runs
over output pixels (the input gradient loops over the kernel's few offsets instead). Sums are
taken in float64 and rounded to the input's dtype once, so a float32 result is within
PyTorch's own rounding of the exact value and the same on every NumPy build.

The three maps are bilinear and each one's gradient is one of the others:
``conv(x, w)``, its input gradient ``input_grad(g, w)`` and its weight gradient
``weight_grad(x, g)``. Each is a Function whose backward calls the other two, so gradients of
any order exist (``create_graph=True``)."""

import itertools

import numpy as np

from .. import dtypes
from ..function import Function
from ..ops.common import is_tensor, sum_to

_sliding = np.lib.stride_tricks.sliding_window_view


class Geometry:
    """Stride, padding (before, after) per spatial dim, dilation and groups of one convolution."""

    __slots__ = ("stride", "pads", "dilation", "groups")

    def __init__(self, stride, pads, dilation, groups):
        self.stride, self.pads, self.dilation, self.groups = stride, pads, dilation, groups

    def output_size(self, size, kernel):
        return tuple(
            (n + lo + hi - d * (k - 1) - 1) // s + 1
            for n, k, (lo, hi), s, d in zip(size, kernel, self.pads, self.stride, self.dilation)
        )


def _wide(a):
    """float32 widened to float64 for the sums; float64 as it is."""
    return a.astype(np.float64) if a.dtype == np.float32 else a


def _columns(x, kernel, geo):
    """The receptive fields as (groups, N * pixels, channels per group * kernel size), and the
    output's spatial size."""
    n, c = x.shape[:2]
    spatial = x.ndim - 2
    xp = np.pad(x, [(0, 0), (0, 0)] + list(geo.pads)) if any(lo or hi for lo, hi in geo.pads) else x
    extent = tuple(d * (k - 1) + 1 for k, d in zip(kernel, geo.dilation))
    win = _sliding(xp, extent, axis=tuple(range(2, 2 + spatial)))
    picks = tuple(slice(None, None, s) for s in geo.stride) + tuple(
        slice(None, None, d) for d in geo.dilation
    )
    win = win[(slice(None), slice(None)) + picks]  # (N, C, *out, *kernel)
    out = win.shape[2 : 2 + spatial]
    g = geo.groups
    win = win.reshape((n, g, c // g) + win.shape[2:])
    # (G, N, *out, C/G, *kernel): each row one pixel's field
    order = (1, 0) + tuple(range(3, 3 + spatial)) + (2,) + tuple(range(3 + spatial, 3 + 2 * spatial))
    cols = win.transpose(order).reshape(g, n * int(np.prod(out)), -1)
    return cols, out


def _groups_last(g, groups):
    """(N, O, *out) as (G, N * pixels, O/G)."""
    n, o = g.shape[:2]
    spatial = g.ndim - 2
    g = g.reshape((n, groups, o // groups) + g.shape[2:])
    order = (1, 0) + tuple(range(3, 3 + spatial)) + (2,)
    return g.transpose(order).reshape(groups, -1, o // groups)


def _groups_first(m, n, out, geo):
    """(G, N * pixels, O/G) back to (N, O, *out)."""
    groups, _, og = m.shape
    spatial = len(out)
    m = m.reshape((groups, n) + tuple(out) + (og,))
    order = (1, 0, 2 + spatial) + tuple(range(2, 2 + spatial))
    return m.transpose(order).reshape((n, groups * og) + tuple(out))


def conv_forward(x, w, b, geo):
    """The convolution of arrays (no graph)."""
    cols, out = _columns(_wide(x), w.shape[2:], geo)
    groups = geo.groups
    wm = _wide(w).reshape(groups, w.shape[0] // groups, -1).transpose(0, 2, 1)
    y = _groups_first(cols @ wm, x.shape[0], out, geo)
    if b is not None:
        y += _wide(b).reshape((1, -1) + (1,) * len(out))
    return y.astype(x.dtype, copy=False)


def input_grad_forward(g, w, x_shape, geo):
    """The gradient of the convolution with respect to its input, for output gradient g."""
    groups, spatial = geo.groups, g.ndim - 2
    kernel, out = w.shape[2:], g.shape[2:]
    wm = _wide(w).reshape(groups, w.shape[0] // groups, -1)
    fields = _groups_last(_wide(g), groups) @ wm  # (G, N * pixels, C/G * kernel)
    n, c = x_shape[:2]
    fields = fields.reshape((groups, n) + tuple(out) + (c // groups,) + tuple(kernel))
    order = (1, 0, 2 + spatial) + tuple(range(2, 2 + spatial)) + tuple(range(3 + spatial, 3 + 2 * spatial))
    fields = fields.transpose(order).reshape((n, c) + tuple(out) + tuple(kernel))
    padded = tuple(size + lo + hi for size, (lo, hi) in zip(x_shape[2:], geo.pads))
    gx = np.zeros((n, c) + padded, dtype=fields.dtype)
    for offset in itertools.product(*(range(k) for k in kernel)):
        where = tuple(
            slice(i * d, i * d + s * (o - 1) + 1, s)
            for i, d, s, o in zip(offset, geo.dilation, geo.stride, out)
        )
        gx[(slice(None), slice(None)) + where] += fields[(Ellipsis,) + offset]
    crop = tuple(slice(lo, lo + size) for size, (lo, _) in zip(x_shape[2:], geo.pads))
    return gx[(slice(None), slice(None)) + crop].astype(g.dtype, copy=False)


def weight_grad_forward(x, g, w_shape, geo):
    """The gradient of the convolution with respect to its weight, for output gradient g."""
    cols, _ = _columns(_wide(x), w_shape[2:], geo)
    gw = _groups_last(_wide(g), geo.groups).transpose(0, 2, 1) @ cols  # (G, O/G, C/G * kernel)
    return gw.reshape(w_shape).astype(x.dtype, copy=False)


# ---- the three maps on arrays or tensors ----------------------------------------------------------
def convolve(x, w, geo):
    if is_tensor(x) or is_tensor(w):
        return Convolution.apply(x, w, None, geo)
    return conv_forward(x, w, None, geo)


def input_grad(g, w, x_shape, geo):
    if is_tensor(g) or is_tensor(w):
        return ConvInputGrad.apply(g, w, x_shape, geo)
    return input_grad_forward(g, w, x_shape, geo)


def weight_grad(x, g, w_shape, geo):
    if is_tensor(x) or is_tensor(g):
        return ConvWeightGrad.apply(x, g, w_shape, geo)
    return weight_grad_forward(x, g, w_shape, geo)


def _bias_grad(g):
    return sum_to(g, (1, g.shape[1]) + (1,) * (len(g.shape) - 2)).reshape(g.shape[1])


class Convolution(Function):
    """conv(x, w) + b, with ``Geometry`` settings."""

    backward_name = "ConvolutionBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, x, w, b, geo):
        ctx.geo, ctx.x_shape, ctx.w_shape = geo, x.shape, w.shape
        ctx.save_for_backward(x, w)
        return conv_forward(x, w, b, geo)

    @staticmethod
    def backward(ctx, g):
        x, w = ctx.saved_tensors
        need_x, need_w, need_b = ctx.needs_input_grad
        return (
            input_grad(g, w, ctx.x_shape, ctx.geo) if need_x else None,
            weight_grad(x, g, ctx.w_shape, ctx.geo) if need_w else None,
            _bias_grad(g) if need_b else None,
            None,
        )

    @staticmethod
    def jvp(ctx, tx, tw, tb):
        x, w = ctx.saved_tensors
        out = conv_forward(tx, w, None, ctx.geo) + conv_forward(x, tw, None, ctx.geo)
        return out if np.ndim(tb) == 0 else out + tb.reshape((1, -1) + (1,) * (out.ndim - 2))


class ConvInputGrad(Function):
    """input_grad(g, w): linear in each argument; its gradients are conv and weight_grad."""

    backward_name = "ConvolutionBackwardBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, g, w, x_shape, geo):
        ctx.geo, ctx.w_shape = geo, w.shape
        ctx.save_for_backward(g, w)
        return input_grad_forward(g, w, x_shape, geo)

    @staticmethod
    def backward(ctx, gg):
        g, w = ctx.saved_tensors
        need_g, need_w = ctx.needs_input_grad
        return (
            convolve(gg, w, ctx.geo) if need_g else None,
            weight_grad(gg, g, ctx.w_shape, ctx.geo) if need_w else None,
            None,
            None,
        )

    @staticmethod
    def jvp(ctx, tg, tw):
        g, w = ctx.saved_tensors
        x_shape, geo = ctx.options
        return input_grad_forward(tg, w, x_shape, geo) + input_grad_forward(g, tw, x_shape, geo)


class ConvWeightGrad(Function):
    """weight_grad(x, g): linear in each argument; its gradients are input_grad and conv."""

    backward_name = "ConvolutionBackwardBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, x, g, w_shape, geo):
        ctx.geo, ctx.x_shape = geo, x.shape
        ctx.save_for_backward(x, g)
        return weight_grad_forward(x, g, w_shape, geo)

    @staticmethod
    def backward(ctx, gg):
        x, g = ctx.saved_tensors
        need_x, need_g = ctx.needs_input_grad
        return (
            input_grad(g, gg, ctx.x_shape, ctx.geo) if need_x else None,
            convolve(x, gg, ctx.geo) if need_g else None,
            None,
            None,
        )

    @staticmethod
    def jvp(ctx, tx, tg):
        x, g = ctx.saved_tensors
        w_shape, geo = ctx.options
        return weight_grad_forward(tx, g, w_shape, geo) + weight_grad_forward(x, tg, w_shape, geo)


class ConstantPadNd(Function):
    """``value`` before and after the input in its trailing dims (PyTorch's
    ``constant_pad_nd``; a negative amount crops): ``F.pad``'s constant mode, and the odd
    pixel of ``padding='same'``, which PyTorch pads first, so that its convolution pads
    evenly and saves this padded copy (not the input: writing into the input after the
    forward leaves the backward intact). ``pads``: (before, after) per trailing dim."""

    backward_name = "ConstantPadNdBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, x, pads, value):
        ctx.pads = pads
        return constant_pad(x, pads, value)

    @staticmethod
    def backward(ctx, g):
        """PyTorch's formula: constant_pad_nd(grad, the pads negated) (a crop, and zeros where
        the input was cropped)."""
        negated = tuple((-lo, -hi) for lo, hi in ctx.pads)
        if is_tensor(g):
            return ConstantPadNd.apply(g, negated, 0), None, None
        return constant_pad(g, negated, 0), None, None

    @staticmethod
    def jvp(ctx, t):
        return constant_pad(t, ctx.pads, 0)


def constant_pad(x, pads, value):
    """``x`` with its trailing dims cropped (negative amounts) and padded with ``value``."""
    lead = x.ndim - len(pads)
    crop = tuple(slice(max(-lo, 0), n - max(-hi, 0)) for (lo, hi), n in zip(pads, x.shape[lead:]))
    x = x[(slice(None),) * lead + crop]
    widths = ((0, 0),) * lead + tuple((max(lo, 0), max(hi, 0)) for lo, hi in pads)
    return np.pad(x, widths, constant_values=value)


# ---- the public functions -------------------------------------------------------------------------
def _tuple(value, n):
    return tuple(value) if isinstance(value, (tuple, list)) else (value,) * n


def _padding(padding, kernel, dilation, stride, n):
    """(before, after) per spatial dim; 'same' puts an odd extra pixel after, as PyTorch."""
    if isinstance(padding, str):
        if padding == "valid":
            return ((0, 0),) * n
        if padding == "same":
            if any(s != 1 for s in stride):
                raise RuntimeError("padding='same' is not supported for strided convolutions")
            total = [d * (k - 1) for k, d in zip(kernel, dilation)]
            return tuple((t // 2, t - t // 2) for t in total)
        raise RuntimeError(f"Invalid padding string: '{padding}'")
    return tuple((p, p) for p in _tuple(padding, n))


def _size(shape):
    return "[" + ", ".join(str(n) for n in shape) + "]"


def _check(name, x, w, b, groups, spatial):
    xs = tuple(x.shape)
    if len(xs) not in (spatial + 1, spatial + 2):
        raise RuntimeError(
            f"Expected {spatial + 1}D (unbatched) or {spatial + 2}D (batched) input to {name}, "
            f"but got input of size: {_size(xs)}"
        )
    xd, wd = dtypes.to_numpy_dtype(x.dtype), dtypes.to_numpy_dtype(w.dtype)
    if xd != wd:
        raise RuntimeError(
            f"expected scalar type {dtypes.scalar_type_name(xd)} but found {dtypes.scalar_type_name(wd)}"
        )
    if b is not None and dtypes.to_numpy_dtype(b.dtype) != xd:
        bd = dtypes.to_numpy_dtype(b.dtype)
        raise RuntimeError(
            f"Input type ({dtypes.cpp_type_name(xd)}) and bias type ({dtypes.cpp_type_name(bd)}) "
            "should be the same"
        )


def _convolution(name, spatial, input, weight, bias, stride, padding, dilation, groups):
    _check(name, input, weight, bias, groups, spatial)
    unbatched = input.dim() == spatial + 1
    x = input.unsqueeze(0) if unbatched else input
    xs, ws = tuple(x.shape), tuple(weight.shape)
    if xs[1] != ws[1] * groups:
        raise RuntimeError(
            f"Given groups={groups}, weight of size {_size(ws)}, expected input{_size(xs)} to have "
            f"{ws[1] * groups} channels, but got {xs[1]} channels instead"
        )
    if bias is not None and tuple(bias.shape) != (ws[0],):
        raise RuntimeError(
            f"Given weight of size {_size(ws)}, expected bias to be 1-dimensional with {ws[0]} elements, "
            f"but got bias of size {_size(tuple(bias.shape))} instead"
        )
    stride, dilation = _tuple(stride, spatial), _tuple(dilation, spatial)
    if any(s <= 0 for s in stride):
        raise RuntimeError("non-positive stride is not supported")
    pads = _padding(padding, ws[2:], dilation, stride, spatial)
    padded = [n + lo + hi for n, (lo, hi) in zip(xs[2:], pads)]
    extent = [d * (k - 1) + 1 for k, d in zip(ws[2:], dilation)]
    if any(p < e for p, e in zip(padded, extent)):
        raise RuntimeError(
            f"Calculated padded input size per channel: ({' x '.join(map(str, padded))}). "
            f"Kernel size: ({' x '.join(map(str, extent))}). Kernel size can't be greater than actual input size"
        )
    if any(lo != hi for lo, hi in pads):  # as PyTorch: the uneven part padded first
        x = ConstantPadNd.apply(x, tuple((0, hi - lo) for lo, hi in pads), 0)
        pads = tuple((lo, lo) for lo, _ in pads)
    y = Convolution.apply(x, weight, bias, Geometry(stride, pads, dilation, groups))
    return y.squeeze(0) if unbatched else y


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D cross-correlation of (N, C, H, W) input with (O, C/groups, kH, kW) weight."""
    return _convolution("conv2d", 2, input, weight, bias, stride, padding, dilation, groups)


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """1-D cross-correlation of (N, C, L) input with (O, C/groups, k) weight."""
    return _convolution("conv1d", 1, input, weight, bias, stride, padding, dilation, groups)
