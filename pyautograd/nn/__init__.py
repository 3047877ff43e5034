"""``pyautograd.nn``: modules (layers, losses) built on the engine, shaped like ``torch.nn``."""

from . import functional, init, utils
from .activations import (
    ELU,
    GELU,
    SELU,
    Hardshrink,
    Hardtanh,
    LeakyReLU,
    LogSigmoid,
    Mish,
    SiLU,
    Softplus,
    Softshrink,
    Tanhshrink,
)
from .avg_pooling import AdaptiveAvgPool2d, AvgPool2d
from .containers import ModuleDict, ModuleList
from .conv_layers import Conv1d, Conv2d
from .dropout import Dropout
from .layers import (
    Flatten,
    Identity,
    LazyLinear,
    Linear,
    LogSoftmax,
    ReLU,
    Sigmoid,
    Softmax,
    Tanh,
    Unflatten,
)
from .losses import (
    BCELoss,
    BCEWithLogitsLoss,
    CrossEntropyLoss,
    HuberLoss,
    L1Loss,
    MSELoss,
    NLLLoss,
    SmoothL1Loss,
)
from .module import Module, Sequential
from .normalization import BatchNorm1d, BatchNorm2d, LayerNorm
from .parameter import Parameter, UninitializedParameter
from .pooling import MaxPool2d
from .sparse import Embedding

__all__ = [
    "Module",
    "Sequential",
    "Parameter",
    "UninitializedParameter",
    "Linear",
    "LazyLinear",
    "Conv1d",
    "Conv2d",
    "MaxPool2d",
    "AvgPool2d",
    "AdaptiveAvgPool2d",
    "Identity",
    "ReLU",
    "Tanh",
    "Sigmoid",
    "Softmax",
    "LogSoftmax",
    "Flatten",
    "Unflatten",
    "Dropout",
    "MSELoss",
    "BCELoss",
    "BCEWithLogitsLoss",
    "NLLLoss",
    "CrossEntropyLoss",
    "L1Loss",
    "SmoothL1Loss",
    "HuberLoss",
    "ModuleList",
    "ModuleDict",
    "LeakyReLU",
    "ELU",
    "GELU",
    "Softplus",
    "SiLU",
    "SELU",
    "Mish",
    "Hardtanh",
    "LogSigmoid",
    "Hardshrink",
    "Softshrink",
    "Tanhshrink",
    "Embedding",
    "LayerNorm",
    "BatchNorm1d",
    "BatchNorm2d",
    "functional",
    "init",
    "utils",
]
