"""``F.pad``: constant (``ConstantPadNdBackward0``), reflect and replicate padding.

Reflect and replicate pad the last 1, 2 or 3 dims (PyTorch's ``reflection_pad1d`` ...
``replication_pad3d``, their nodes ``ReflectionPad1DBackward0`` ...). Each output element
is a copy of one input element, so the gradient adds each output's gradient into the input
element it copies, one padded dim at a time. PyTorch records that backward as a node of its
own (``ReflectionPad1DBackwardBackward0``), whose own derivative is the padding again: so
does this module, so a ``create_graph`` backward has PyTorch's graph.
"""

import numpy as np

from ..function import Function
from ..ops.common import is_tensor
from ..tensor import Tensor
from .conv_ops import ConstantPadNd

_NUMPY_MODES = {"reflect": "reflect", "replicate": "edge"}
_KERNEL_NAMES = {"reflect": "ReflectionPad", "replicate": "ReplicationPad"}


def _sources(n, lo, hi, mode):
    """For each position of a dim of length ``n`` padded by (lo, hi), the input position it
    copies (a negative amount crops after padding)."""
    index = np.pad(np.arange(n), (max(lo, 0), max(hi, 0)), mode=_NUMPY_MODES[mode])
    return index[max(-lo, 0) : len(index) - max(-hi, 0)]


def _pad(x, pads, mode):
    """The padded array: the input taken at the source positions of each padded dim."""
    lead = x.ndim - len(pads)
    for k, (lo, hi) in enumerate(pads):
        x = np.take(x, _sources(x.shape[lead + k], lo, hi, mode), axis=lead + k)
    return x


def _unpad(g, shape, pads, mode):
    """The gradient of ``_pad``: each output's gradient added into the element it copies."""
    lead = len(shape) - len(pads)
    for k, (lo, hi) in enumerate(pads):
        axis = lead + k
        moved = np.moveaxis(g, axis, 0)
        out = np.zeros((shape[axis],) + moved.shape[1:], dtype=g.dtype)
        np.add.at(out, _sources(shape[axis], lo, hi, mode), moved)
        g = np.moveaxis(out, 0, axis)
    return g


class _Pad(Function):
    """The padding itself; it saves the input, as PyTorch's node does."""

    n_options = 3

    @staticmethod
    def forward(ctx, x, pads, mode, given):
        ctx.save_for_backward(x)
        ctx.pads, ctx.mode, ctx.given = pads, mode, given
        return _pad(x, pads, mode)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        if is_tensor(g) or is_tensor(x):
            return ctx.unpad_op.apply(g, x, ctx.pads, ctx.mode, ctx.given), None, None, None
        return _unpad(g, np.shape(x), ctx.pads, ctx.mode), None, None, None

    @staticmethod
    def jvp(ctx, t):
        return _pad(t, ctx.pads, ctx.mode)


class _Unpad(Function):
    """The backward of a padding as an op (``ReflectionPad1DBackwardBackward0``): its
    derivative in the gradient is the padding again; in the input, zeros (PyTorch's
    ``zeros_like(self)``)."""

    n_options = 3

    @staticmethod
    def forward(ctx, g, x, pads, mode, given):
        ctx.shape, ctx.pads, ctx.mode, ctx.given = np.shape(x), pads, mode, given
        return _unpad(g, np.shape(x), pads, mode)

    @staticmethod
    def backward(ctx, gg):
        need_g, need_x = ctx.needs_input_grad[:2]
        padded = None
        if need_g:
            padded = (
                ctx.pad_op.apply(gg, ctx.pads, ctx.mode, ctx.given)
                if is_tensor(gg)
                else _pad(gg, ctx.pads, ctx.mode)
            )
        zeros = None
        if need_x:
            zeros = np.zeros(ctx.shape, dtype=gg.dtype)
            zeros = Tensor._make(zeros) if is_tensor(gg) else zeros
        return padded, zeros, None, None, None

    @staticmethod
    def jvp(ctx, tg, tx):
        return _unpad(tg, ctx.shape, ctx.pads, ctx.mode)


def _declare(mode, dims):
    name = f"{_KERNEL_NAMES[mode]}{dims}D"
    pad = type(name, (_Pad,), {"__qualname__": name, "backward_name": f"{name}Backward0"})
    unpad = type(
        name + "Backward",
        (_Unpad,),
        {"__qualname__": name + "Backward", "backward_name": f"{name}BackwardBackward0"},
    )
    pad.unpad_op, unpad.pad_op = unpad, pad
    return pad


_PAD_OPS = {(mode, dims): _declare(mode, dims) for mode in _KERNEL_NAMES for dims in (1, 2, 3)}


def _check_sizes(pad):
    if not isinstance(pad, (tuple, list)):
        raise TypeError(f"pad(): argument 'pad' (position 2) must be tuple of ints, not {type(pad).__name__}")
    for k, v in enumerate(pad):
        if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
            raise TypeError(
                f"pad(): argument 'pad' (position 2) must be tuple of ints, but found element of type "
                f"{type(v).__name__} at pos {k}"
            )


def pad(input, pad, mode="constant", value=None):
    """Pad the last ``len(pad) // 2`` dims: ``pad`` lists (before, after) from the last dim
    backwards, as PyTorch's. ``mode``: "constant" (with ``value``, 0 by default; a negative
    amount crops), "reflect" or "replicate"."""
    _check_sizes(pad)
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    ndim = input._data.ndim
    if len(pad) // 2 > ndim:
        raise RuntimeError(
            "Padding length should be less than or equal to two times the input dimension but got "
            f"padding length {len(pad)} and input of dimension {ndim}"
        )
    pairs = tuple((int(pad[2 * k]), int(pad[2 * k + 1])) for k in range(len(pad) // 2))[::-1]
    if mode == "constant":
        for (lo, hi), n in zip(pairs, input._data.shape[ndim - len(pairs) :]):
            # PyTorch crops a negative amount with narrow, the left side first
            if n + min(lo, 0) < 0 or n + min(lo, 0) + min(hi, 0) < 0:
                raise RuntimeError("narrow(): length must be non-negative.")
        return ConstantPadNd.apply(input, pairs, 0 if value is None else value)
    if mode not in _KERNEL_NAMES:
        if mode == "circular":
            raise NotImplementedError("pyautograd has no circular padding (PyTorch's is a chain of copies)")
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if value is not None and value != 0:
        raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
    dims = len(pairs)
    if not (1 <= dims <= 3 and ndim in (dims + 1, dims + 2)):
        raise NotImplementedError(
            f"Padding size {len(pad)} is not supported for {ndim}D input tensor.\n"
            "Supported combinations for non-constant padding:\n"
            "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
            "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
            "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)"
        )
    if mode == "reflect":
        shape = input._data.shape
        for k, (lo, hi) in enumerate(pairs):
            axis = ndim - dims + k
            if lo >= shape[axis] or hi >= shape[axis]:
                argument = 2 + 2 * (dims - k)
                sizes = "[" + ", ".join(str(n) for n in shape) + "]"
                raise RuntimeError(
                    f"Argument #{argument}: Padding size should be less than the corresponding input "
                    f"dimension, but got: padding ({lo}, {hi}) at dimension {axis} of input {sizes}"
                )
    return _PAD_OPS[mode, dims].apply(input, pairs, mode, tuple(int(v) for v in pad))
