"""Samplers decide the order of the examples; ``BatchSampler`` groups that order into batches.

``RandomSampler`` follows PyTorch step for step: without a generator it draws one 64-bit seed
from the global generator (``random_()`` on an int64 scalar), seeds a fresh ``Generator`` with
it and takes ``randperm(n)`` from that; so each epoch costs the global stream two 32-bit words.
"""

import numpy as np

from ... import creation, dtypes, random_tensors
from ...generator import Generator
from ...tensor import Tensor


class Sampler:
    def __init__(self, data_source=None):
        pass

    def __iter__(self):
        raise NotImplementedError


class SequentialSampler(Sampler):
    """0, 1, ..., n-1."""

    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


def _int64_seed(generator):
    """``torch.empty((), dtype=torch.int64).random_(generator=...)``: a seed from the stream."""
    scalar = Tensor._make(np.zeros((), np.int64))
    return int(random_tensors.random_(scalar, generator=generator).item())


class RandomSampler(Sampler):
    """A random order of the examples (a permutation per pass, or draws with replacement)."""

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source, self.replacement = data_source, replacement
        self._num_samples, self.generator = num_samples, generator
        if not isinstance(self.replacement, bool):
            raise TypeError(f"replacement should be a boolean value, but got replacement={self.replacement}")
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError(
                f"num_samples should be a positive integer value, but got num_samples={self.num_samples}"
            )

    @property
    def num_samples(self):
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        generator = self.generator
        if generator is None:
            generator = Generator().manual_seed(_int64_seed(None))
        if self.replacement:
            for _ in range(self.num_samples // 32):
                yield from random_tensors.randint(n, (32,), generator=generator).tolist()
            yield from random_tensors.randint(n, (self.num_samples % 32,), generator=generator).tolist()
            return
        for _ in range(self.num_samples // n):
            yield from random_tensors.randperm(n, generator=generator).tolist()
        yield from random_tensors.randperm(n, generator=generator).tolist()[: self.num_samples % n]

    def __len__(self):
        return self.num_samples


class WeightedRandomSampler(Sampler):
    """``num_samples`` indices drawn with probabilities proportional to ``weights``:
    ``multinomial(weights, num_samples, replacement)`` with the sampler's generator, so the
    same seed gives PyTorch's draws."""

    def __init__(self, weights, num_samples, replacement=True, generator=None):
        if not isinstance(num_samples, int) or isinstance(num_samples, bool) or num_samples <= 0:
            raise ValueError(
                f"num_samples should be a positive integer value, but got num_samples={num_samples}"
            )
        if not isinstance(replacement, bool):
            raise ValueError(f"replacement should be a boolean value, but got replacement={replacement}")
        weights = creation.as_tensor(weights, dtype=dtypes.float64)
        if weights.dim() != 1:
            raise ValueError(
                f"weights should be a 1d sequence but given weights have shape {tuple(weights.shape)}"
            )
        self.weights, self.num_samples = weights, num_samples
        self.replacement, self.generator = replacement, generator

    def __iter__(self):
        drawn = random_tensors.multinomial(
            self.weights, self.num_samples, self.replacement, generator=self.generator
        )
        yield from drawn.tolist()

    def __len__(self):
        return self.num_samples


class BatchSampler(Sampler):
    """Lists of ``batch_size`` indices from ``sampler``; the last may be shorter unless dropped."""

    def __init__(self, sampler, batch_size, drop_last):
        if isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size <= 0:
            raise ValueError(
                f"batch_size should be a positive integer value, but got batch_size={batch_size}"
            )
        if not isinstance(drop_last, bool):
            raise ValueError(f"drop_last should be a boolean value, but got drop_last={drop_last}")
        self.sampler, self.batch_size, self.drop_last = sampler, batch_size, drop_last

    def __iter__(self):
        batch = []
        for index in self.sampler:
            batch.append(index)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __len__(self):
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size
