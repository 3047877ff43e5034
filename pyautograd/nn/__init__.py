"""``pyautograd.nn``: modules (layers, losses) built on the engine, shaped like ``torch.nn``."""

from . import functional, init
from .layers import Flatten, Identity, Linear, LogSoftmax, ReLU, Sigmoid, Softmax, Tanh
from .losses import BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, MSELoss, NLLLoss
from .module import Module, Sequential
from .parameter import Parameter

__all__ = [
    "Module",
    "Sequential",
    "Parameter",
    "Linear",
    "Identity",
    "ReLU",
    "Tanh",
    "Sigmoid",
    "Softmax",
    "LogSoftmax",
    "Flatten",
    "MSELoss",
    "BCELoss",
    "BCEWithLogitsLoss",
    "NLLLoss",
    "CrossEntropyLoss",
    "functional",
    "init",
]
