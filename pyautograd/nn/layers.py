"""Layers: Linear (an affine map with PyTorch's default initialisation) and activations."""

import math

from .. import creation
from . import functional as F
from . import init
from .module import Module
from .parameter import Parameter, UninitializedParameter


class Linear(Module):
    """``y = x @ weight.T + bias`` with weight of shape (out_features, in_features)."""

    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features, self.out_features = in_features, out_features
        self.weight = Parameter(creation.empty(out_features, in_features, dtype=dtype))
        if bias:
            self.bias = Parameter(creation.empty(out_features, dtype=dtype))
        else:  # a registered None, as in PyTorch (``_parameters`` lists it)
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        """PyTorch's default: kaiming_uniform(a=sqrt(5)), i.e. U(-1/sqrt(fan_in), 1/sqrt(fan_in)),
        and the bias from the same range."""
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in = self.in_features
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def forward(self, x):
        params = self._parameters  # where weight and bias live; self.weight goes through __getattr__
        if "weight" in params and "bias" in params:
            return F.linear(x, params["weight"], params["bias"])
        return F.linear(x, self.weight, self.bias)  # one of them replaced by a plain attribute

    def extra_repr(self):
        return (
            f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}"
        )


class Identity(Module):
    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, x):
        return x


class _Activation(Module):
    function = None

    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def forward(self, x):
        return type(self).function(x)

    def extra_repr(self):
        return "inplace=True" if self.inplace else ""


class ReLU(_Activation):
    function = staticmethod(F.relu)


class Tanh(Module):
    def forward(self, x):
        return F.tanh(x)


class Sigmoid(Module):
    def forward(self, x):
        return F.sigmoid(x)


class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return F.softmax(x, self.dim, _stacklevel=5)

    def extra_repr(self):
        return f"dim={self.dim}"


class Softmin(Softmax):
    def forward(self, x):
        return F.softmin(x, self.dim, _stacklevel=5)


class LogSoftmax(Softmax):
    def forward(self, x):
        return F.log_softmax(x, self.dim, _stacklevel=5)


class Flatten(Module):
    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def forward(self, x):
        return x.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class Unflatten(Module):
    def __init__(self, dim, unflattened_size):
        super().__init__()
        if not isinstance(unflattened_size, (tuple, list)):
            raise TypeError(
                f"unflattened_size must be a tuple of ints, but found type {type(unflattened_size).__name__}"
            )
        for i, n in enumerate(unflattened_size):
            if not isinstance(n, int):
                raise TypeError(
                    f"unflattened_size must be tuple of ints, but found element of type {type(n).__name__} at pos {i}"
                )
        self.dim, self.unflattened_size = dim, unflattened_size

    def forward(self, x):
        return x.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self):
        return f"dim={self.dim}, unflattened_size={self.unflattened_size}"


class LazyLinear(Linear):
    """A ``Linear`` whose ``in_features`` is read from its first input (the last dim): until
    then its weight and bias are ``UninitializedParameter``s; the first call gives them their
    shapes, draws them as ``Linear`` does, and the module becomes a ``Linear``."""

    cls_to_become = Linear

    def __init__(self, out_features, bias=True, device=None, dtype=None):
        Module.__init__(self)
        self.in_features, self.out_features = 0, out_features
        self.weight = UninitializedParameter(dtype=dtype)
        if bias:
            self.bias = UninitializedParameter(dtype=dtype)
        else:
            self.register_parameter("bias", None)

    def has_uninitialized_params(self):
        return any(isinstance(p, UninitializedParameter) for p in self._parameters.values())

    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.in_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input):
        if self.has_uninitialized_params():
            self.in_features = input.shape[-1]
            self.weight.materialize((self.out_features, self.in_features))
            if self.bias is not None:
                self.bias.materialize((self.out_features,))
            self.reset_parameters()
        if self.in_features == 0:  # parameters loaded from a state_dict before the first call
            if input.shape[-1] != self.weight.shape[-1]:
                raise AssertionError(
                    f"The in_features inferred from input: {input.shape[-1]} "
                    f"is not equal to in_features from self.weight: "
                    f"{self.weight.shape[-1]}"
                )
            self.in_features = input.shape[-1]

    def __call__(self, *args, **kwargs):
        if type(self) is LazyLinear:  # the first call: shapes from the input, then a Linear
            self.initialize_parameters(*args, **kwargs)
            self.__class__ = self.cls_to_become
        return Module.__call__(self, *args, **kwargs)
