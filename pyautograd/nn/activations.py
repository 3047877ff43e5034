"""Activation modules beyond ReLU/Tanh/Sigmoid: LeakyReLU, ELU, SELU, CELU, Hardtanh, ReLU6,
Threshold, GELU, Softplus, SiLU, Mish, Hardsigmoid, Hardswish, LogSigmoid, Hardshrink, Softshrink,
Tanhshrink, Softsign, GLU, PReLU.
Each remembers its settings and calls the function of ``activation_ops``."""

from .. import creation
from . import activation_ops as ops
from .composite_losses import prelu
from .glu import glu
from .module import Module
from .parameter import Parameter


class LeakyReLU(Module):
    def __init__(self, negative_slope=0.01, inplace=False):
        super().__init__()
        self.negative_slope, self.inplace = negative_slope, inplace

    def forward(self, input):
        return ops.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self):
        return f"negative_slope={self.negative_slope}" + (", inplace=True" if self.inplace else "")


class ELU(Module):
    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha, self.inplace = alpha, inplace

    def forward(self, input):
        return ops.elu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return f"alpha={self.alpha}" + (", inplace=True" if self.inplace else "")


class GELU(Module):
    def __init__(self, approximate="none"):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return ops.gelu(input, self.approximate)

    def extra_repr(self):
        return f"approximate={self.approximate!r}"


class Softplus(Module):
    def __init__(self, beta=1.0, threshold=20.0):
        super().__init__()
        self.beta, self.threshold = beta, threshold

    def forward(self, input):
        return ops.softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return f"beta={self.beta}, threshold={self.threshold}"


class _InPlaceOnly(Module):
    """An activation whose only setting is ``inplace``: SiLU, SELU, Mish."""

    function = None  # the activation_ops function it applies

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return type(self).function(input, self.inplace)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class SiLU(_InPlaceOnly):
    function = staticmethod(ops.silu)


class SELU(_InPlaceOnly):
    function = staticmethod(ops.selu)


class Mish(_InPlaceOnly):
    function = staticmethod(ops.mish)


class ReLU6(_InPlaceOnly):
    function = staticmethod(ops.relu6)


class Hardsigmoid(_InPlaceOnly):
    function = staticmethod(ops.hardsigmoid)

    def extra_repr(self):
        return ""  # PyTorch's shows no inplace=True for these two


class Hardswish(Hardsigmoid):
    function = staticmethod(ops.hardswish)


class CELU(Module):
    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha, self.inplace = alpha, inplace

    def forward(self, input):
        return ops.celu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return f"alpha={self.alpha}" + (", inplace=True" if self.inplace else "")


class Threshold(Module):
    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold, self.value, self.inplace = threshold, value, inplace

    def forward(self, input):
        return ops.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self):
        return f"threshold={self.threshold}, value={self.value}" + (", inplace=True" if self.inplace else "")


class Hardtanh(Module):
    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False):
        super().__init__()
        if min_val > max_val:
            raise ValueError("min_val cannot be greater than max_val")
        self.min_val, self.max_val, self.inplace = min_val, max_val, inplace

    def forward(self, input):
        return ops.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self):
        return f"min_val={self.min_val}, max_val={self.max_val}" + (", inplace=True" if self.inplace else "")


class LogSigmoid(Module):
    def forward(self, input):
        return ops.logsigmoid(input)


class Hardshrink(Module):
    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return ops.hardshrink(input, self.lambd)

    def extra_repr(self):
        return f"{self.lambd}"


class Softshrink(Module):
    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def forward(self, input):
        return ops.softshrink(input, self.lambd)

    def extra_repr(self):
        return str(self.lambd)


class Tanhshrink(Module):
    def forward(self, input):
        return ops.tanhshrink(input)


class Softsign(Module):
    def forward(self, input):
        return ops.softsign(input)


class GLU(Module):
    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return glu(input, self.dim)

    def extra_repr(self):
        return f"dim={self.dim}"


class PReLU(Module):
    """A leaky ReLU whose negative slope is a parameter: one per channel, or one for all."""

    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        super().__init__()
        self.num_parameters, self.init = num_parameters, init
        self.weight = Parameter(creation.full((num_parameters,), init, dtype=dtype))

    def forward(self, input):
        return prelu(input, self.weight)

    def extra_repr(self):
        return f"num_parameters={self.num_parameters}"
