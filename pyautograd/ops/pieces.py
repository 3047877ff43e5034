"""Copying, flipping and cutting tensors into pieces: repeat/tile, flip, roll, chunk/split/
unbind, narrow, tril/triu and the diagonal family (diag, diagonal, diag_embed)."""

import numpy as np

from ..function import CopyGrad, Function
from ..tensor import Tensor
from ..views import mark_view
from .common import is_tensor, masked_zero, normalize_dims
from .gather import index_select
from .index import Index, Select
from .logical import logical_xor
from .shape import cat, clone, expand, flatten, permute, unsqueeze


class Repeat(Function):
    """Tile the input ``repeats`` times along each dim; the gradient sums the copies."""

    backward_name = "RepeatBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, repeats):
        lead = len(repeats) - a.ndim
        ctx.shape = (1,) * lead + a.shape
        ctx.original, ctx.repeats = a.shape, repeats
        return np.tile(a.reshape(ctx.shape), repeats)

    @staticmethod
    def backward(ctx, g):
        split = []
        for r, n in zip(ctx.repeats, ctx.shape):
            split += [r, n]
        summed = g.reshape(tuple(split)).sum(tuple(range(0, len(split), 2)))
        return summed.reshape(ctx.original), None

    @staticmethod
    def jvp(ctx, t):
        return np.tile(t.reshape(ctx.shape), ctx.repeats)


class Flip(Function):
    backward_name = "FlipBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, dims):
        ctx.dims = dims
        return np.flip(a, dims).copy()

    @staticmethod
    def backward(ctx, g):
        return (g.flip(ctx.dims) if is_tensor(g) else np.flip(g, ctx.dims)), None

    @staticmethod
    def jvp(ctx, t):
        return np.flip(t, ctx.dims)


class Roll(Function):
    backward_name = "RollBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, a, shifts, dims):
        ctx.shifts, ctx.dims = shifts, dims
        return np.roll(a, shifts, dims)

    @staticmethod
    def backward(ctx, g):
        back = tuple(-s for s in ctx.shifts) if isinstance(ctx.shifts, tuple) else -ctx.shifts
        if is_tensor(g):
            return roll(g, back, ctx.dims), None, None
        return np.roll(g, back, ctx.dims), None, None

    @staticmethod
    def jvp(ctx, t):
        return np.roll(t, ctx.shifts, ctx.dims)


class SplitPiece(Index):
    """One piece of ``chunk``/``split`` with equal sizes: a view whose gradient is padded.
    The node keeps the split's sizes too (PyTorch's ``split_size`` / ``split_sizes``)."""

    backward_name = "SplitBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, a, index, sizes):
        ctx.sizes = sizes
        return Index.forward(ctx, a, index)

    @staticmethod
    def backward(ctx, g):
        return Index.backward(ctx, g) + (None,)


class SplitWithSizesPiece(SplitPiece):
    backward_name = "SplitWithSizesBackward0"


class UnbindPiece(Index):
    backward_name = "UnbindBackward0"


class NarrowPiece(Index):
    backward_name = "SliceBackward0"


class Triangle(Function):
    """tril / triu: keep one triangle of the last two dims; the gradient keeps the same."""

    n_options = 1

    @staticmethod
    def forward(ctx, a, diagonal):
        ctx.diagonal = diagonal
        return ctx.numpy_op(a, diagonal)

    @staticmethod
    def backward(ctx, g):
        if is_tensor(g):
            return type(ctx)._op.apply(g, ctx.diagonal), None
        return ctx.numpy_op(g, ctx.diagonal), None

    @staticmethod
    def jvp(ctx, t):
        return ctx.numpy_op(t, ctx.diagonal)


class Tril(Triangle):
    backward_name = "TrilBackward0"
    numpy_op = staticmethod(np.tril)


class Triu(Triangle):
    backward_name = "TriuBackward0"
    numpy_op = staticmethod(np.triu)


class Diagonal(Function):
    """The diagonal (offset ``k``) of the last two dims."""

    backward_name = "DiagonalBackward0"
    n_options = 1

    @staticmethod
    def forward(ctx, a, k):
        ctx.shape, ctx.k = a.shape, k
        return np.diagonal(a, k, -2, -1).copy()

    @staticmethod
    def backward(ctx, g):
        return embed_diagonal(g, ctx.k, ctx.shape), None

    @staticmethod
    def jvp(ctx, t):
        return np.diagonal(t, ctx.k, -2, -1).copy()


class DiagonalOfMatrix(Diagonal):
    """``diag`` of a matrix (PyTorch names its node after the copying variant)."""

    backward_name = "DiagonalBackward0_copy"


class DiagEmbed(Function):
    """A matrix (per batch) whose ``k``-th diagonal is the last dim of the input."""

    backward_name = "DiagEmbedBackward0"
    n_options = 2

    @staticmethod
    def forward(ctx, a, k, shape):
        ctx.k = k
        return _embed(a, k, shape)

    @staticmethod
    def backward(ctx, g):
        if is_tensor(g):
            return Diagonal.apply(g, ctx.k), None, None
        return np.diagonal(g, ctx.k, -2, -1).copy(), None, None

    @staticmethod
    def jvp(ctx, t):
        return _embed(t, *ctx.options)


def _embed(a, k, shape):
    out = np.zeros(shape, dtype=a.dtype)
    rows = np.arange(a.shape[-1]) + max(-k, 0)
    out[..., rows, rows + k] = a
    return out


def _matrix_shape(batch, n, k):
    size = n + abs(k)
    return tuple(batch) + (size, size)


def embed_diagonal(g, k, shape):
    if is_tensor(g):
        return DiagEmbed.apply(g, k, shape)
    return _embed(g, k, shape)


# ---- public functions -----------------------------------------------------------------------
def _sizes(args):
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        return tuple(int(s) for s in args[0])
    return tuple(int(s) for s in args)


def repeat(a, *repeats):
    repeats = _sizes(repeats)
    if len(repeats) < a._data.ndim:
        raise RuntimeError(
            "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"
        )
    return Repeat.apply(a, repeats)


def tile(a, *dims):
    dims = _sizes(dims)
    return Repeat.apply(a, (1,) * (a._data.ndim - len(dims)) + dims)


def flip(a, *dims_given, dims=None):
    dims = _sizes(dims_given) if dims is None else _sizes((dims,))
    return Flip.apply(a, tuple(normalize_dims(d, a._data.ndim)[0] for d in dims) if a._data.ndim else ())


def fliplr(a):
    return flip(a, 1)


def flipud(a):
    return flip(a, 0)


def roll(a, shifts, dims=None):
    if isinstance(shifts, list):
        shifts = tuple(shifts)
    if isinstance(dims, list):
        dims = tuple(dims)
    if dims is None:
        return (
            Roll.apply(a.flatten(), shifts, None).reshape(a.shape)
            if a._data.ndim != 1
            else Roll.apply(a, shifts, None)
        )
    return Roll.apply(a, shifts, dims)


def _pieces(a, dim, bounds, piece, multi_view=True, sizes=None):
    """Views of consecutive slices. Those of ``split``/``chunk`` (``multi_view``) are, in PyTorch,
    outputs of one op that returns several views, which may not be modified in place while
    recording; those of ``tensor_split`` are ordinary views."""
    d = normalize_dims(dim, a._data.ndim)[0]
    out = []
    name = piece.backward_name.removesuffix("Backward0")
    for k, (start, stop) in enumerate(zip(bounds[:-1], bounds[1:])):
        index = (slice(None),) * d + (slice(int(start), int(stop)),)
        args = (a, index) if sizes is None else (a, index, sizes)
        out.append(mark_view(piece.apply(*args), a, (k, name) if multi_view else None))
    return tuple(out)


def split(a, split_size_or_sections, dim=0):
    n = a._data.shape[normalize_dims(dim, a._data.ndim)[0]]
    if isinstance(split_size_or_sections, (list, tuple)):
        sizes = [int(s) for s in split_size_or_sections]
        if sum(sizes) != n:
            raise RuntimeError(
                f"split_with_sizes expects split_sizes to sum exactly to {n} (input tensor's size at "
                f"dimension {dim}), but got split_sizes={sizes}"
            )
        return _pieces(a, dim, np.cumsum([0] + sizes), SplitWithSizesPiece, sizes=tuple(sizes))
    size = int(split_size_or_sections)
    bounds = list(range(0, n, size)) + [n] if n else [0, 0]
    return _pieces(a, dim, bounds, SplitPiece, sizes=size)


def chunk(a, chunks, dim=0):
    if chunks <= 0:
        raise RuntimeError("chunk expects `chunks` to be greater than 0, got: " + str(chunks))
    n = a._data.shape[normalize_dims(dim, a._data.ndim)[0]]
    size = -(-n // chunks) if n else 1
    return split(a, size, dim)


def tensor_split(a, sections, dim=0):
    n = a._data.shape[normalize_dims(dim, a._data.ndim)[0]]
    if isinstance(sections, int):
        base, extra = divmod(n, sections)
        sizes = [base + (i < extra) for i in range(sections)]
        return _pieces(a, dim, np.cumsum([0] + sizes), NarrowPiece, multi_view=False)
    bounds = [0] + [min(int(i), n) for i in sections] + [n]
    return _pieces(a, dim, bounds, NarrowPiece, multi_view=False)  # PyTorch slices: SliceBackward0


def unbind(a, dim=0):
    d = normalize_dims(dim, a._data.ndim)[0]
    out = []
    for i in range(a._data.shape[d]):
        out.append(mark_view(UnbindPiece.apply(a, (slice(None),) * d + (i, ...)), a, (i, "Unbind")))
    return tuple(out)


def narrow(a, dim, start, length):
    d = normalize_dims(dim, a._data.ndim)[0]
    start = int(start) % a._data.shape[d] if int(start) < 0 else int(start)
    out = NarrowPiece.apply(a, (slice(None),) * d + (slice(start, start + int(length)),))
    if out.grad_fn is not None:
        out.grad_fn.given_dim = int(dim)  # PyTorch's node keeps the dim as given: -1 stays -1
    return mark_view(out, a)


def tril(a, diagonal=0):
    return Tril.apply(a, diagonal)


def triu(a, diagonal=0):
    return Triu.apply(a, diagonal)


def diagonal(a, offset=0, dim1=0, dim2=1):
    """The diagonal of the (dim1, dim2) planes, as a new last dim (as PyTorch)."""
    n = a._data.ndim
    d1, d2 = normalize_dims(dim1, n)[0], normalize_dims(dim2, n)[0]
    if (d1, d2) != (n - 2, n - 1):
        a = permute(a, *[i for i in range(n) if i not in (d1, d2)], d1, d2)
    return Diagonal.apply(a, offset)


def diag_embed(a, offset=0):
    return DiagEmbed.apply(a, offset, _matrix_shape(a._data.shape[:-1], a._data.shape[-1], offset))


def diag(a, diagonal=0):
    """A 1-D input becomes a diagonal matrix; a 2-D input gives its diagonal."""
    if a._data.ndim == 1:
        return diag_embed(a, diagonal)
    if a._data.ndim == 2:
        return DiagonalOfMatrix.apply(a, diagonal)
    raise RuntimeError("diag(): Supports 1D or 2D tensors. Got " + f"{a._data.ndim}D")


class Trace(Function):
    backward_name = "TraceBackward0"

    @staticmethod
    def forward(ctx, a):
        ctx.shape = a.shape
        return np.asarray(np.trace(a))

    @staticmethod
    def backward(ctx, g):
        eye = np.eye(*ctx.shape, dtype=bool)
        g = g.expand(*ctx.shape) if is_tensor(g) else g
        return masked_zero(g, ~eye)  # zeros off the diagonal, even for an inf gradient

    @staticmethod
    def jvp(ctx, t):
        return np.trace(t)


def trace(a):
    if a._data.ndim != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {a._data.ndim}")
    return Trace.apply(a)


_REPEAT_METHOD_FORMS = (
    " * (Tensor repeats, int dim = None, *, int output_size = None)\n"
    " * (int repeats, int dim = None, *, int output_size = None)\n"
)
_REPEAT_FUNCTION_FORMS = (
    " * (Tensor input, Tensor repeats, int dim = None, *, int output_size = None)\n"
    " * (Tensor repeats, *, int output_size = None)\n"
    " * (Tensor input, int repeats, int dim = None, *, int output_size = None)\n"
)


def _repeat_indices(repeats, output_size=None):
    """``torch.repeat_interleave(repeats)``: each position i, repeats[i] times."""
    counts = repeats._data
    if counts.ndim != 1:
        raise RuntimeError("repeat_interleave only accept 1D vector as repeat")
    if counts.dtype not in (np.int32, np.int64):
        raise NotImplementedError(
            f"\"repeat_interleave_cpu\" not implemented for '{repeats.dtype.legacy_name[: -len('Tensor')]}'"
        )
    if counts.size and counts.min() < 0:
        raise RuntimeError("repeats can not be negative")
    if output_size is not None and output_size != int(counts.sum()):
        raise RuntimeError("allocated size does not match required size")
    return Tensor._make(np.repeat(np.arange(counts.size, dtype=counts.dtype), counts))


def _wrap_dim(dim, ndim):
    normalized = normalize_dims(dim, ndim)  # raises PyTorch's IndexError when out of range
    return normalized[0] if ndim else 0


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    return _repeat_interleave(input, repeats, dim, output_size, _REPEAT_FUNCTION_FORMS)


def repeat_interleave_method(self, repeats, dim=None, *, output_size=None):
    return _repeat_interleave(self, repeats, dim, output_size, _REPEAT_METHOD_FORMS)


def _repeat_interleave(input, repeats, dim, output_size, forms):
    """Each element (or slice along ``dim``) repeated in place: built from the ops PyTorch
    builds it from (an expanded copy, or index_select), so its graph and gradient (the copies
    summed back) are PyTorch's."""
    if repeats is None:
        return _repeat_indices(input, output_size)
    if isinstance(repeats, np.integer):
        repeats = int(repeats)
    if isinstance(repeats, Tensor):
        source = input if dim is not None else flatten(input)
        d = _wrap_dim(dim if dim is not None else 0, source._data.ndim)
        counts = repeats
        if counts._data.ndim == 0 or counts._data.shape == (1,):
            counts = Tensor._make(np.broadcast_to(counts._data.reshape(1), (source._data.shape[d],)))
        elif counts._data.ndim == 1:
            if counts._data.shape[0] != source._data.shape[d]:
                raise RuntimeError(
                    "repeats must have the same size as input along dim, but got repeats.size(0) = "
                    f"{counts._data.shape[0]} and input.size({dim if dim is not None else 0}) = {source._data.shape[d]}"
                )
        else:
            raise RuntimeError("repeats must be 0-dim or 1-dim tensor")
        return index_select(source, d, _repeat_indices(counts, output_size))
    if type(repeats) is not int:
        given = ("" if forms is _REPEAT_METHOD_FORMS else "Tensor, ") + type(repeats).__name__
        raise TypeError(
            f"repeat_interleave() received an invalid combination of arguments - got ({given}), "
            f"but expected one of:\n{forms}"
        )
    source = input if dim is not None else flatten(input)
    d = _wrap_dim(dim if dim is not None else 0, input._data.ndim)
    if repeats < 0:
        raise RuntimeError("Repeats must be non-negative")
    spread = unsqueeze(source, d + 1)
    sizes = list(spread.shape)
    sizes[d + 1] = repeats
    if output_size is not None and output_size != repeats * sizes[d]:
        raise RuntimeError(
            f"repeat_interleave: Invalid output_size, expected {repeats * sizes[d]} but got {output_size}"
        )
    return clone(expand(spread, *sizes)).flatten(d, d + 1)


def select(a, dim, index):
    """The slice at ``index`` of ``dim``, that dim removed: a view (``SelectBackward0``)."""
    if a._data.ndim == 0:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = normalize_dims(dim, a._data.ndim)[0]
    size = a._data.shape[d]
    if not -size <= index < size:
        raise IndexError(
            f"select(): index {index} out of range for tensor of size {list(a._data.shape)} at dimension {d}"
        )
    out = Select.apply(a, (slice(None),) * d + (int(index), ...))
    if out.grad_fn is not None:
        out.grad_fn.given_dim = int(dim)  # PyTorch's node shows the dim as given (-1 stays -1)
    return mark_view(out, a)


def movedim(a, source, destination):
    """The dims of ``source`` moved to ``destination``, the others keeping their order: a
    permute, as PyTorch builds it (``PermuteBackward0``)."""
    n = a._data.ndim
    src = [source] if isinstance(source, int) else list(source)
    dst = [destination] if isinstance(destination, int) else list(destination)
    if len(src) != len(dst):
        raise RuntimeError(
            f"movedim: Invalid source or destination dims: source ({src} dims) should contain the same "
            f"number of dims as destination ({dst} dims)"
        )
    src_n = [normalize_dims(d, n)[0] if n else 0 for d in src]
    dst_n = [normalize_dims(d, n)[0] if n else 0 for d in dst]
    for given, normal, name in ((src, src_n, "source"), (dst, dst_n, "destination")):
        if len(set(normal)) != len(normal):
            raise RuntimeError(f"movedim: repeated dim in `{name}` ({given})")
    order = [-1] * n
    for s, d in zip(src_n, dst_n):
        order[d] = s
    rest = iter(i for i in range(n) if i not in src_n)
    order = [next(rest) if o < 0 else o for o in order]
    return permute(a, *order)


moveaxis = movedim


def diff(input, n=1, dim=-1, prepend=None, append=None):
    """The ``n``-th forward difference along ``dim``, as PyTorch composes it: ``prepend`` and
    ``append`` joined on first (``cat``), then ``n`` times ``narrow(dim, 1, m) - narrow(dim,
    0, m)`` (``logical_xor`` for bools), so its graph is SubBackward0 over SliceBackward0s."""
    for name, value in (("prepend", prepend), ("append", append)):
        if value is not None and not isinstance(value, Tensor):
            raise TypeError(f"diff(): argument '{name}' must be Tensor, not {type(value).__name__}")
    if input._data.ndim < 1:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    if n < 0:
        raise RuntimeError(f"order must be non-negative but got {n}")
    d = normalize_dims(dim, input._data.ndim)[0]
    for value in (prepend, append):
        if value is None:
            continue
        if value._data.ndim != input._data.ndim:
            raise RuntimeError("diff expects prepend or append to be the same dimension as input")
        for k, (have, got) in enumerate(zip(input._data.shape, value._data.shape)):
            if k != d and have != got:
                raise RuntimeError(
                    "diff expects the shape of tensor to prepend or append to match that of input except "
                    f"along the differencing dimension; input.size({k}) = {have}, but got tensor.size({k}) = {got}"
                )
    if n == 0:  # a copy into fresh memory (PyTorch's empty_like(input).copy_(input): CopyBackwards)
        return CopyGrad.apply(Tensor._make(np.empty_like(input._data)), input)
    if prepend is not None or append is not None:
        input = cat([t for t in (prepend, input, append) if t is not None], dim)
    result, length = input, input._data.shape[d] - 1
    for _ in range(min(n, input._data.shape[d])):
        later, earlier = narrow(result, dim, 1, length), narrow(result, dim, 0, length)
        if result._data.dtype == np.bool_:
            result = logical_xor(later, earlier)
        else:
            result = later - earlier
        length -= 1
    return result


def _split_along(name, a, sections, least, dim):
    """hsplit / vsplit / dsplit: ``tensor_split`` along ``dim``, with PyTorch's checks."""
    ndim = a._data.ndim
    if ndim < least:
        raise RuntimeError(
            f"pyautograd.{name} requires a tensor with at least {least} dimension, but got a tensor with {ndim} dimensions!"
        )
    if isinstance(sections, (int, np.integer)) and not isinstance(sections, bool):
        size = a._data.shape[dim]
        if sections == 0 or size % sections:
            raise RuntimeError(
                f"pyautograd.{name} attempted to split along dimension {dim}, but the size of the dimension "
                f"{size} is not divisible by the split_size {sections}!"
            )
        return tensor_split(a, int(sections), dim)
    return tensor_split(a, list(sections), dim)


def hsplit(input, indices_or_sections):
    return _split_along("hsplit", input, indices_or_sections, 1, 0 if input._data.ndim == 1 else 1)


def vsplit(input, indices_or_sections):
    return _split_along("vsplit", input, indices_or_sections, 2, 0)


def dsplit(input, indices_or_sections):
    return _split_along("dsplit", input, indices_or_sections, 3, 2)
