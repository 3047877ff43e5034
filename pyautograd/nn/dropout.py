"""Dropout: during training, zero each element with probability ``p`` and scale the rest by
``1 / (1 - p)`` so the expected value stays the same; in evaluation mode, do nothing.

The mask is drawn as PyTorch draws it on the CPU (``bernoulli_(1 - p)`` on a tensor like the
input, then divided by ``1 - p``), so after the same ``manual_seed`` the same elements drop.
"""

import numpy as np

from .. import random_tensors
from ..ops import elementwise
from ..tensor import Tensor
from .module import Module


def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def dropout(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        noise = Tensor._make(np.zeros((), input._data.dtype))
    else:
        noise = random_tensors.bernoulli_(Tensor._make(np.empty_like(input._data)), 1 - p)
        noise._data /= noise._data.dtype.type(1 - p)
    if inplace:
        return input.mul_(noise)
    return elementwise.mul(input, noise)


class Dropout(Module):
    """``nn.Dropout(p)``: ``dropout`` while ``self.training``, the identity after ``eval()``."""

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        _check_p(p)
        self.p, self.inplace = p, inplace

    def forward(self, input):
        return dropout(input, self.p, self.training, self.inplace)

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"
