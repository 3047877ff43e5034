"""``pyautograd.utils.data``: datasets, samplers and the ``DataLoader`` that batches them.

Shuffling draws exactly what PyTorch's ``RandomSampler`` draws, so after the same
``manual_seed`` the batches come in PyTorch's order.
"""

from .collate import default_collate, default_convert
from .dataloader import DataLoader
from .dataset import Dataset, Subset, TensorDataset, random_split
from .sampler import BatchSampler, RandomSampler, Sampler, SequentialSampler, WeightedRandomSampler

__all__ = [
    "BatchSampler",
    "DataLoader",
    "Dataset",
    "RandomSampler",
    "Sampler",
    "SequentialSampler",
    "Subset",
    "TensorDataset",
    "WeightedRandomSampler",
    "default_collate",
    "default_convert",
    "random_split",
]
