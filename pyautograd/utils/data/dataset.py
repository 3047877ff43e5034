"""Datasets: anything with ``__getitem__`` (and ``__len__``) that returns one example."""

import itertools
import math
import warnings

from ... import random_tensors
from ...tensor import Tensor


class Dataset:
    """Base class: subclass it and define ``__getitem__(index)`` and ``__len__()``."""

    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")


class TensorDataset(Dataset):
    """Examples are the rows of equally long tensors: ``dataset[i] == (X[i], y[i])``."""

    def __init__(self, *tensors):
        if any(not isinstance(t, Tensor) for t in tensors):
            raise TypeError("TensorDataset expects tensors")
        if any(tensors[0].size(0) != t.size(0) for t in tensors):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)


class Subset(Dataset):
    """The examples of ``dataset`` at ``indices``, in that order."""

    def __init__(self, dataset, indices):
        self.dataset, self.indices = dataset, indices

    def __getitem__(self, index):
        if isinstance(index, list):
            return self.dataset[[self.indices[i] for i in index]]
        return self.dataset[self.indices[index]]

    def __len__(self):
        return len(self.indices)


def random_split(dataset, lengths, generator=None):
    """``dataset`` cut into non-overlapping random ``Subset``s of the given lengths, or of the
    given fractions of its length (floored, the remainder handed out one by one from the first
    split). The order is ``randperm(n, generator=generator)``, so a seed gives PyTorch's split."""
    n = len(dataset)
    lengths = list(lengths)
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        sizes = []
        for i, fraction in enumerate(lengths):
            if fraction < 0 or fraction > 1:
                raise ValueError(f"Fraction at index {i} is not between 0 and 1")
            sizes.append(int(math.floor(n * fraction)))
        for i in range(n - sum(sizes)):
            sizes[i % len(sizes)] += 1
        lengths = sizes
        for i, length in enumerate(lengths):
            if length == 0:
                warnings.warn(
                    f"Length of split at index {i} is 0. This might result in an empty dataset.", stacklevel=2
                )
    if sum(lengths) != n:
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    indices = random_tensors.randperm(sum(lengths), generator=generator).tolist()
    return [
        Subset(dataset, indices[end - length : end])
        for end, length in zip(itertools.accumulate(lengths), lengths)
    ]
