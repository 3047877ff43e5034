"""Embeddings: a learnable lookup table (row i of the weight is the vector of token i) and
``one_hot``, the same lookup written as a 0/1 matrix."""

import numpy as np

from .. import creation
from ..dtypes import from_numpy_dtype
from ..function import Function
from ..ops.common import data_of, is_tensor, masked_zero
from ..ops.index import index_put_grad
from ..tensor import Tensor
from . import init
from .module import Module
from .parameter import Parameter


class EmbeddingLookup(Function):
    """weight[indices]; each row used k times gets k gradients added (none for padding)."""

    backward_name = "EmbeddingBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, weight, indices, padding_idx):
        ctx.shape, ctx.dtype = weight.shape, weight.dtype
        ctx.indices, ctx.padding_idx = indices, padding_idx
        ctx.save_for_backward(indices)  # the indices tensor, as PyTorch saves it
        return weight[indices]

    @staticmethod
    def backward(ctx, g):
        ctx.saved_tensors  # noqa: B018  (reading them checks their versions, as PyTorch's unpacking)
        if ctx.padding_idx is not None:
            g = masked_zero(g, (ctx.indices == ctx.padding_idx)[..., None])  # 0, even for inf
        return index_put_grad(g, ctx.shape, ctx.dtype, ctx.indices), None, None

    @staticmethod
    def jvp(ctx, t):
        return t[ctx.indices]


def _check_indices(indices, rows):
    if indices.dtype.kind not in "iu":
        raise RuntimeError(
            "Expected tensor for argument #1 'indices' to have one of the following scalar types: "
            f"Long, Int; but got pyautograd.{_legacy(indices)} instead (while checking arguments for embedding)"
        )
    if indices.size and (indices.max() >= rows or indices.min() < -rows):
        raise IndexError("index out of range in self")


def _legacy(array):
    return from_numpy_dtype(array.dtype).legacy_name


def embedding(
    input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False
):
    indices = data_of(input) if is_tensor(input) else np.asarray(input)
    _check_indices(indices, weight.shape[0])
    if padding_idx is not None and padding_idx < 0:
        padding_idx += weight.shape[0]
    # the indices tensor itself where it is one: saved by the op, its version is checked
    return EmbeddingLookup.apply(weight, input if is_tensor(input) else indices, padding_idx)


def one_hot(tensor, num_classes=-1):
    data = tensor._data
    if data.dtype != np.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    if data.size and data.min() < 0:
        raise RuntimeError("Class values must be non-negative.")
    if num_classes == -1:
        num_classes = int(data.max()) + 1 if data.size else 0
    elif data.size and data.max() >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    out = np.zeros(data.shape + (num_classes,), dtype=np.int64)
    np.put_along_axis(out, data[..., None], 1, axis=-1)
    return Tensor._make(out)


class Embedding(Module):
    def __init__(
        self,
        num_embeddings,
        embedding_dim,
        padding_idx=None,
        max_norm=None,
        norm_type=2.0,
        scale_grad_by_freq=False,
        sparse=False,
        _weight=None,
        _freeze=False,
        device=None,
        dtype=None,
    ):
        super().__init__()
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        if padding_idx is not None and padding_idx < 0:
            padding_idx += num_embeddings
        self.padding_idx = padding_idx
        if _weight is None:
            self.weight = Parameter(creation.empty(num_embeddings, embedding_dim, dtype=dtype), not _freeze)
            self.reset_parameters()
        else:
            self.weight = Parameter(_weight, requires_grad=not _freeze)

    def reset_parameters(self):
        """N(0, 1), with the padding row zero (it stays zero: it gets no gradient)."""
        init.normal_(self.weight)
        if self.padding_idx is not None:
            self.weight._data[self.padding_idx] = 0

    def forward(self, input):
        return embedding(input, self.weight, self.padding_idx)

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, padding_idx=None, **kwargs):
        rows, dim = embeddings.shape
        return cls(rows, dim, padding_idx, _weight=embeddings.detach().clone(), _freeze=freeze)

    def extra_repr(self):
        text = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            text += f", padding_idx={self.padding_idx}"
        return text
