"""Padding as modules (``nn.ZeroPad2d``, ``nn.ReflectionPad1d`` ...): ``F.pad`` with the
padding they were made with, one (before, after) pair per padded dim, last dim first."""

from . import functional as F
from .module import Module


def _pairs(padding, dims):
    if isinstance(padding, int):
        return (padding,) * (2 * dims)
    return tuple(padding)


class _Pad(Module):
    mode = "constant"
    dims = 1

    def __init__(self, padding):
        super().__init__()
        self.padding = _pairs(padding, self.dims)

    def forward(self, input):
        return F.pad(input, self.padding, self.mode)

    def extra_repr(self):
        return f"{self.padding}"


class _ConstantPad(_Pad):
    def __init__(self, padding, value):
        super().__init__(padding)
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


class _ZeroPad(_ConstantPad):
    def __init__(self, padding):
        super().__init__(padding, 0.0)

    def extra_repr(self):
        return f"{self.padding}"


def _declare(base, name, dims, mode=None):
    attrs = {"dims": dims, "__qualname__": name, "__module__": __name__}
    if mode is not None:
        attrs["mode"] = mode
    return type(name, (base,), attrs)


ConstantPad1d, ConstantPad2d, ConstantPad3d = (
    _declare(_ConstantPad, f"ConstantPad{d}d", d) for d in (1, 2, 3)
)
ZeroPad1d, ZeroPad2d, ZeroPad3d = (_declare(_ZeroPad, f"ZeroPad{d}d", d) for d in (1, 2, 3))
ReflectionPad1d, ReflectionPad2d, ReflectionPad3d = (
    _declare(_Pad, f"ReflectionPad{d}d", d, "reflect") for d in (1, 2, 3)
)
ReplicationPad1d, ReplicationPad2d, ReplicationPad3d = (
    _declare(_Pad, f"ReplicationPad{d}d", d, "replicate") for d in (1, 2, 3)
)


class PairwiseDistance(Module):
    """The p-norm distance between rows (``F.pairwise_distance``)."""

    def __init__(self, p=2.0, eps=1e-6, keepdim=False):
        super().__init__()
        self.norm, self.eps, self.keepdim = p, eps, keepdim

    def forward(self, x1, x2):
        return F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)
