"""Average pooling (``F.avg_pool2d``, ``F.adaptive_avg_pool2d`` and their modules).

Both are the same linear map: each output pixel is the sum of a window of the input, divided
by a number. The windows are separable (rows times columns), so each one is described per
spatial axis by its first input index and its length, and the sum runs as one vectorised
pass per offset inside the window (a few offsets; never a loop over output pixels). Windows
outside the input (padding) add nothing, so they are left out of the sum and only count in
the divisor. Sums are taken in float64 and rounded to the input's dtype once.

The map's gradient is its transpose (each output gradient spread evenly over its window),
and the transpose's gradient is the map again, so gradients of any order exist."""

import numpy as np

from ..function import Function
from ..ops.common import is_tensor
from .module import Module


class Windows:
    """One pooling's windows: per spatial axis (first index, length, input size) in the input
    padded with zeros by ``pads`` ((before, after) per axis), and the divisor of each output
    pixel (an array of the output's spatial shape)."""

    __slots__ = ("axes", "divisor", "pads")

    def __init__(self, axes, divisor, pads=((0, 0), (0, 0))):
        self.axes, self.divisor, self.pads = axes, divisor, pads


def _even_steps(start, length):
    """The step between windows when they all have one length and start evenly (a slice can
    then pick each offset), else None."""
    if len(start) and (length == length[0]).all():
        steps = np.diff(start)
        if not len(steps):
            return 1
        if (steps == steps[0]).all() and steps[0] > 0:
            return int(steps[0])
    return None


def _sum_axis(a, axis, start, length):
    """The window sums of ``a`` along ``axis``: one pass per offset inside the widest window."""
    a = np.moveaxis(a, axis, -1)
    out = np.zeros(a.shape[:-1] + (len(start),), dtype=a.dtype)
    step = _even_steps(start, length)
    if step is not None:  # the common case (no window cut by the padding): strided slices
        for j in range(int(length[0])):
            first = int(start[0]) + j
            out += a[..., first : first + step * (len(start) - 1) + 1 : step]
        return np.moveaxis(out, -1, axis)
    last = a.shape[-1] - 1
    for j in range(int(length.max(initial=0))):
        inside = j < length
        out += np.where(inside, a[..., np.minimum(start + j, last)], 0)  # where, not * 0: inf stays put
    return np.moveaxis(out, -1, axis)


def _spread_axis(g, axis, start, length, size):
    """The transpose of ``_sum_axis``: each window's value added to every input index in it."""
    g = np.moveaxis(g, axis, -1)
    lead = g.shape[:-1]
    flat = g.reshape(-1, g.shape[-1])
    out = np.zeros((flat.shape[0], size), dtype=g.dtype)
    step = _even_steps(start, length)
    if step is not None:
        for j in range(int(length[0])):
            first = int(start[0]) + j
            out[:, first : first + step * (len(start) - 1) + 1 : step] += flat
        return np.moveaxis(out.reshape(lead + (size,)), -1, axis)
    for j in range(int(length.max(initial=0))):
        inside = j < length
        # windows may share an input index at one offset (adaptive pooling to a larger size)
        np.add.at(out, (slice(None), start[inside] + j), flat[:, inside])
    return np.moveaxis(out.reshape(lead + (size,)), -1, axis)


def _wide(a):
    return a.astype(np.float64) if a.dtype != np.float64 else a


def _pool(x, windows):
    s = _wide(x)
    if any(windows.pads[0] + windows.pads[1]):  # zeros add nothing; they only keep windows even
        s = np.pad(s, [(0, 0)] * (s.ndim - 2) + list(windows.pads))
    for axis, (start, length, _) in zip((-2, -1), windows.axes):
        s = _sum_axis(s, axis, start, length)
    if x.dtype.kind in "iu":  # integer division truncating towards zero, as PyTorch's kernel does
        q = np.abs(s) // windows.divisor * np.sign(s)
        return q.astype(x.dtype)
    return (s / windows.divisor).astype(x.dtype, copy=False)


def _spread(g, windows, dtype):
    s = _wide(g) / windows.divisor
    for axis, (start, length, size) in zip((-2, -1), windows.axes):
        s = _spread_axis(s, axis, start, length, size)
    (top, bottom), (left, right) = windows.pads
    s = s[..., top : s.shape[-2] - bottom, left : s.shape[-1] - right]
    return s.astype(dtype, copy=False)


class _Pool(Function):
    n_options = 1
    transpose = None  # the Function of the transposed map (set below)

    @staticmethod
    def forward(ctx, x, windows):
        ctx.windows = windows
        ctx.save_for_backward(x)  # unread (the windows are enough), but PyTorch saves it: checked
        return _pool(x, windows)

    @classmethod
    def _grad(cls, g, windows):
        if is_tensor(g):
            return cls.transpose.apply(g, windows)
        return _spread(g, windows, g.dtype)

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        return (type(ctx)._op._grad(g, ctx.windows), None)

    @staticmethod
    def jvp(ctx, tx):
        return _pool(np.asarray(tx), ctx.windows)


class _Spread(Function):
    n_options = 1
    transpose = None

    @staticmethod
    def forward(ctx, g, windows):
        ctx.windows = windows
        return _spread(g, windows, g.dtype)

    @staticmethod
    def backward(ctx, gg):
        op = type(ctx)._op.transpose
        if is_tensor(gg):
            return (op.apply(gg, ctx.windows), None)
        return (_pool(gg, ctx.windows), None)

    @staticmethod
    def jvp(ctx, tg):
        return _spread(np.asarray(tg), ctx.windows, np.asarray(tg).dtype)


class AvgPool2d_(_Pool):
    backward_name = "AvgPool2DBackward0"


class AvgPool2dGrad(_Spread):
    backward_name = "AvgPool2DBackwardBackward0"


class AdaptiveAvgPool2d_(_Pool):
    backward_name = "AdaptiveAvgPool2DBackward0"


class AdaptiveAvgPool2dGrad(_Spread):
    backward_name = "AdaptiveAvgPool2DBackwardBackward0"


AvgPool2d_.transpose, AvgPool2dGrad.transpose = AvgPool2dGrad, AvgPool2d_
AdaptiveAvgPool2d_.transpose, AdaptiveAvgPool2dGrad.transpose = AdaptiveAvgPool2dGrad, AdaptiveAvgPool2d_


def _two(value, what):
    if isinstance(value, (tuple, list)):
        if len(value) == 1:
            return (value[0], value[0])
        if len(value) != 2:
            raise RuntimeError(f"avg_pool2d: {what} must either be a single int, or a tuple of two ints")
        return tuple(value)
    return (value, value)


def _out_size(n, k, s, p, ceil_mode):
    """PyTorch's pooling output size: with ceil_mode the last window must start inside the input
    or its left padding."""
    span = n + 2 * p - k
    out = (-(-span // s) if ceil_mode else span // s) + 1
    if ceil_mode and (out - 1) * s >= n + p:
        out -= 1
    return out


def avg_pool2d(
    input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None
):
    """The mean of each kH x kW window of (N, C, H, W) or (C, H, W) input."""
    kernel = _two(kernel_size, "kernel_size")
    stride = kernel if stride is None or stride == [] else _two(stride, "stride")
    padding = _two(padding, "padding")
    if any(k <= 0 for k in kernel):
        raise RuntimeError(
            f"kernel size should be greater than zero, but got kH: {kernel[0]} kW: {kernel[1]}"
        )
    if any(s == 0 for s in stride):
        raise RuntimeError("stride should not be zero")
    if any(p < 0 for p in padding):
        raise RuntimeError(f"pad must be non-negative, but got pad: {min(padding)}")
    if any(p > k // 2 for p, k in zip(padding, kernel)):
        raise RuntimeError(
            f"pad should be at most half of effective kernel size, but got pad={padding[0]}, "
            f"kernel_size={kernel[0]} and dilation=1"
        )
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    if input.dim() not in (3, 4):
        if input.dim() < 3:
            raise IndexError(
                f"Dimension out of range (expected to be in range of [-{input.dim()}, {input.dim() - 1}], "
                "but got -3)"
            )
        raise RuntimeError(
            "Expected 3D or 4D (batch mode) tensor with optional 0 dim batch size for input, but got:"
            f"{list(input.shape)}"
        )
    size = tuple(input.shape[-2:])
    out = [_out_size(n, k, s, p, ceil_mode) for n, k, s, p in zip(size, kernel, stride, padding)]
    if min(out) < 1:
        c = input.shape[-3]
        raise RuntimeError(
            f"Given input size: ({c}x{size[0]}x{size[1]}). Calculated output size: "
            f"({c}x{out[0]}x{out[1]}). Output size is too small"
        )
    axes, divisors, pads = [], [], []
    for n, k, s, p, o in zip(size, kernel, stride, padding, out):
        first = np.arange(o) * s - p
        end = np.minimum(first + k, n + p)
        counted = end - first  # the window with its padding, cut where the padding ends
        inside = np.minimum(end, n) - np.maximum(first, 0)
        divisors.append(counted if count_include_pad else inside)
        after = max(0, (o - 1) * s + k - p - n)  # ceil_mode's last window may reach past it
        pads.append((p, after))
        axes.append((first + p, np.full(o, k), n + p + after))  # in the zero-padded input
    if divisor_override is not None:
        divisor = np.full(tuple(out), float(divisor_override))
    else:
        divisor = np.multiply.outer(divisors[0], divisors[1]).astype(np.float64)
    return AvgPool2d_.apply(input, Windows(tuple(axes), divisor, tuple(pads)))


def _adaptive_size(output_size, size):
    if isinstance(output_size, (tuple, list)):
        if len(output_size) != 2:
            raise RuntimeError("adaptive_avg_pool2d: output_size must be 2")
        pair = tuple(output_size)
    else:
        pair = (output_size, output_size)
    pair = tuple(n if o is None else int(o) for o, n in zip(pair, size))
    if min(pair) < 0:
        raise RuntimeError(
            "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but "
            f"received {{{pair[0]}, {pair[1]}}}"
        )
    return pair


def adaptive_avg_pool2d(input, output_size):
    """Average pooling to a given output size: output row i averages input rows
    floor(i * H / oH) up to ceil((i + 1) * H / oH), and the same for columns."""
    if isinstance(output_size, (tuple, list)) and input.dim() <= len(output_size):
        raise ValueError(f"Input dimension should be at least {len(output_size) + 1}")
    if input.dim() not in (3, 4):
        raise RuntimeError(f"adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got {list(input.shape)}")
    size = tuple(input.shape[-2:])
    out = _adaptive_size(output_size, size)
    if not input.dtype.is_floating_point:
        raise NotImplementedError(
            f"\"adaptive_avg_pool2d\" not implemented for '{input.dtype.legacy_name[: -len('Tensor')]}'"
        )
    if out == (1, 1):  # PyTorch takes the mean here (MeanBackward1)
        return input.mean((-1, -2), keepdim=True)
    axes, counts = [], []
    for n, o in zip(size, out):
        i = np.arange(o)
        first = (i * n) // o
        end = -((-(i + 1) * n) // o)
        axes.append((first, end - first, n))
        counts.append(end - first)
    divisor = np.multiply.outer(counts[0], counts[1]).astype(np.float64)
    return AdaptiveAvgPool2d_.apply(input, Windows(tuple(axes), divisor))


class AvgPool2d(Module):
    def __init__(
        self,
        kernel_size,
        stride=None,
        padding=0,
        ceil_mode=False,
        count_include_pad=True,
        divisor_override=None,
    ):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding, self.ceil_mode = padding, ceil_mode
        self.count_include_pad, self.divisor_override = count_include_pad, divisor_override

    def forward(self, x):
        return avg_pool2d(
            x,
            self.kernel_size,
            self.stride,
            self.padding,
            self.ceil_mode,
            self.count_include_pad,
            self.divisor_override,
        )

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool2d(Module):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def forward(self, x):
        return adaptive_avg_pool2d(x, self.output_size)

    def extra_repr(self):
        return f"output_size={self.output_size}"
