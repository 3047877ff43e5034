"""``DataLoader``: batches of a dataset, in order or shuffled, collated into tensors.

Everything runs in the calling process (``num_workers`` is accepted and ignored: a browser tab
has no worker processes to fork). Like PyTorch, each new pass (``iter(loader)``) first draws a
64-bit "base seed" from ``generator`` or the global generator, even without shuffling, and a
shuffled pass then draws its permutation when the first batch is asked for, so seeded scripts
stay in step with PyTorch.
"""

import numpy as np

from ...grad_mode import state as grad_mode
from ...tensor import Tensor
from .collate import default_collate, default_convert
from .dataset import TensorDataset
from .sampler import BatchSampler, RandomSampler, SequentialSampler, _int64_seed


class DataLoader:
    def __init__(
        self,
        dataset,
        batch_size=1,
        shuffle=None,
        sampler=None,
        batch_sampler=None,
        num_workers=0,
        collate_fn=None,
        pin_memory=False,
        drop_last=False,
        timeout=0,
        worker_init_fn=None,
        generator=None,
        **kwargs,
    ):
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError(
                    "batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last"
                )
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError(
                "batch_size=None option disables auto-batching and is mutually exclusive with drop_last"
            )
        if sampler is None:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.dataset, self.batch_size, self.drop_last = dataset, batch_size, drop_last
        self.sampler, self.batch_sampler, self.generator = sampler, batch_sampler, generator
        self.num_workers, self.pin_memory, self.timeout = num_workers, pin_memory, timeout
        self.collate_fn = collate_fn or (default_collate if batch_sampler is not None else default_convert)

    def __iter__(self):
        _int64_seed(self.generator)  # PyTorch's per-pass base seed: drawn, then unused without workers
        return self._batches()

    def _batches(self):
        if self.batch_sampler is None:
            for index in self.sampler:
                yield self.collate_fn(self.dataset[index])
            return
        rows = _rows_of(self.dataset) if self.collate_fn is default_collate else None
        for indices in self.batch_sampler:
            batch = rows(indices) if rows is not None else None
            yield batch if batch is not None else self.collate_fn([self.dataset[i] for i in indices])

    def __len__(self):
        return len(self.batch_sampler if self.batch_sampler is not None else self.sampler)


def _rows_of(dataset):
    """For a TensorDataset: a function that makes a batch as one fancy index per tensor,
    ``[X[indices], y[indices]]``, which is what stacking the examples one by one gives
    (default_collate), without a Python call per example (the lessons' loop spent most of its
    time there). It returns None for a batch that would be recorded in a graph (a tensor that
    requires grad, grad mode on: stacking records StackBackward0). None for other datasets."""
    if type(dataset) is not TensorDataset:
        return None
    tensors = dataset.tensors

    def rows(indices):
        if grad_mode.enabled and any(t._requires_grad for t in tensors):
            return None
        index = np.asarray(indices, dtype=np.intp)
        return [Tensor._make(t._data[index]) for t in tensors]

    return rows
