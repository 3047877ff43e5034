"""``default_collate``: a list of examples becomes one batch, field by field.

Tensors are stacked along a new first dimension, Python floats become a float64 tensor and ints
an int64 one, tuples and lists are collated position by position (a tuple gives a list, as in
PyTorch), dicts key by key; strings stay a list.
"""

import collections.abc

import numpy as np

from ... import creation
from ...ops import shape
from ...tensor import Tensor


def default_collate(batch):
    elem = batch[0]
    if isinstance(elem, Tensor):
        return shape.stack(batch, 0)
    if isinstance(elem, np.ndarray):
        return default_collate([creation.as_tensor(b) for b in batch])
    if isinstance(elem, np.generic):
        return creation.as_tensor(np.array(batch))
    if isinstance(elem, float):
        return creation.tensor(batch, dtype=np.float64)
    if isinstance(elem, int):
        return creation.tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        return {key: default_collate([d[key] for d in batch]) for key in elem}
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):  # namedtuple
        return type(elem)(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        if any(len(example) != len(elem) for example in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        fields = [default_collate(list(samples)) for samples in zip(*batch)]
        return fields if isinstance(elem, tuple) else type(elem)(fields)
    raise TypeError(
        "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; "
        f"found {type(elem)}"
    )


def default_convert(data):
    """Without batching: NumPy arrays become tensors, containers are converted inside."""
    if isinstance(data, np.ndarray):
        return creation.as_tensor(data)
    if isinstance(data, collections.abc.Mapping):
        return {key: default_convert(value) for key, value in data.items()}
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, (list, tuple)):
        return type(data)(default_convert(d) for d in data)
    return data
