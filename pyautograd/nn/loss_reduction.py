"""What every loss shares: the ``reduction`` setting ("none", "mean", "sum") and PyTorch's
warning when target and input shapes differ (they would broadcast silently)."""

import warnings

import numpy as np

REDUCTIONS = ("none", "mean", "sum")


def check_reduction(reduction):
    if reduction not in REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")


def reduce_loss(values, reduction):
    if reduction == "none":
        return values
    if reduction == "sum":
        return np.sum(values)
    if type(values) is np.ndarray and values.dtype.char in "fd":  # np.mean's own two steps, the same
        return np.add.reduce(values, axis=None) / values.size  # bits, without its Python wrapper
    return np.mean(values)


def scale_loss_grad(g, count, reduction):
    """The upstream gradient spread over the elements: 1/count of it each for a mean."""
    return g / count if reduction == "mean" else g


def warn_size(input, target):
    if target._data.shape != input._data.shape:
        warnings.warn(
            f"Using a target size ({target.shape!r}) that is different to the input size "
            f"({input.shape!r}). This will likely lead to incorrect results due to "
            "broadcasting. Please ensure they have the same size.",
            UserWarning,
            stacklevel=3,
        )
