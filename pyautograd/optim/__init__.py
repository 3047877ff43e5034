"""``pyautograd.optim``: SGD and Adam, updating parameters in place like ``torch.optim``."""

from .adam import Adam
from .optimizer import Optimizer
from .sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam"]
