"""A node's saved values under PyTorch's names: ``(a * b).grad_fn._saved_self``.

PyTorch's generated nodes expose what they keep for backward as attributes named after
derivatives.yaml: a saved tensor as ``_saved_<name>`` (and as ``_raw_saved_<name>``, the
``SavedTensor`` that holds it), a saved setting (a dim, an exponent, a size) as
``_saved_<name>`` in its Python form. Our nodes keep the same values in their own layout
(``_saved`` arrays, attributes of the op), so ``SAVED`` says, per op class, where each
PyTorch name is found, and ``install`` turns each entry into a property of the node class
once, at import: making a node does no extra work, and ``dir(node)`` lists the names as
PyTorch's ``dir`` does.

How PyTorch shows values, and so do these attributes:
- a saved input is that very tensor (``y.grad_fn._saved_self is x``); a saved output is a
  new tensor on the same values, whose ``grad_fn`` is the node (``is`` the output: False);
- a saved tensor that the inputs needing a gradient do not read was not saved: None;
- a saved Python number (``x * 2``'s ``other``) is a 0-d tensor (int64 or float64);
- after a backward without ``retain_graph`` a saved tensor raises RuntimeError (the
  settings stay readable);
- an int is read through an unsigned 64-bit conversion, so -1 shows as 2**64 - 1.
"""

import numpy as np

from .function import Function
from .grad_mode import enable_grad
from .ops.shape import Clone
from .ops.unary import Unary
from .saved_errors import FREED_MESSAGE
from .tensor import Tensor

_UNSIGNED = 2**64


def _int(value):
    """An int as PyTorch's getters show it (through uint64: -1 is 18446744073709551615)."""
    value = int(value)
    return value + _UNSIGNED if value < 0 else value


def _ints(values):
    return tuple(_int(v) for v in values)


def _number(value):
    """A Scalar setting as PyTorch returns it: an int stays an int, a float a float, an
    optional one that was not given None."""
    if value is None:
        return None
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    return float(value)


class SavedTensor:
    """What ``_raw_saved_<name>`` returns: the holder of one saved tensor."""

    __slots__ = ("_node", "_slot")

    def __init__(self, node, slot):
        self._node, self._slot = node, slot

    def __repr__(self):
        return f"<pyautograd._C._autograd.SavedTensor object at {hex(id(self))}>"

    def register_hooks(self, pack_hook, unpack_hook):
        if self._node._saved is None:
            raise RuntimeError(
                "Calling register_hooks on a saved tensor after it has been freed. Saved "
                "intermediate values of the graph are freed when you call .backward() or "
                "autograd.grad(). Specify retain_graph=True if you need to backward through "
                "the graph a second time or if you need to access saved variables after "
                "calling backward."
            )
        raise NotImplementedError(
            "pyautograd does not run hooks on a single saved tensor; "
            "use pyautograd.autograd.graph.saved_tensors_hooks"
        )


class Saved:
    """The tensor in slot ``k`` of a node's saved values."""

    def __init__(self, k):
        self.k = k

    def __call__(self, node):
        saved = node._saved
        if saved is None:
            raise RuntimeError(FREED_MESSAGE)
        k = self.k
        saved_for = node.saved_for
        if saved_for is not None and saved_for[k] is not None and not node.needs_input_grad[saved_for[k]]:
            return None  # only the gradient of an input that needs none reads it: not saved
        value = saved[k]
        if value is None:  # an optional tensor not given (a batch norm without weight)
            return None
        sources = node._saved_sources
        source = sources[k] if k < len(sources) else None
        if source is not None:
            tensor, _, _, owner = source
            # (the id is the old value's while a source holds it, i.e. until the node is freed)
            if tensor is not None and id(tensor) == getattr(node, "_in_place_input", None):
                return _clone_of_input(node, tensor)
            if tensor is not None:
                return tensor
            if owner is node:  # the node's own output: a new tensor on it, as PyTorch unpacks it
                return Tensor._make(np.asarray(value), True, node)
        if isinstance(value, (bool, int, float)):  # a Python number: PyTorch's wrapped number
            return Tensor._make(np.asarray(value, dtype=np.int64 if isinstance(value, int) else np.float64))
        return Tensor._make(np.asarray(value))


def _clone_of_input(node, tensor):
    """An in-place op's saved input: PyTorch saves a clone of it, made in the graph (its
    node ``CloneBackward0``, once per node), since the op then overwrites the tensor."""
    clone = getattr(node, "_clone_of_input", None)
    if clone is None:
        with enable_grad():
            clone = Clone.apply(tensor)
        node._clone_of_input = clone
    return clone


def _sizes(k):
    """The sizes of the tensor in slot ``k`` (PyTorch's ``<name>_sym_sizes``)."""

    def get(node):
        if node._saved is None:
            raise RuntimeError(FREED_MESSAGE)
        return _ints(np.shape(node._saved[k]))

    return get


def _strides(k):
    def get(node):
        if node._saved is None:
            raise RuntimeError(FREED_MESSAGE)
        array = np.asarray(node._saved[k])
        return _ints(s // array.itemsize for s in array.strides)

    return get


def _index(node):
    """An op's index tensor (kept as an array), as the int64 tensor PyTorch saves."""
    if node._saved is None:
        raise RuntimeError(FREED_MESSAGE)
    return Tensor._make(np.asarray(node.index))


def _indices(node):
    """An index's tensors as PyTorch saves them (``indices``): one entry per dimension the
    index reaches after its ints were applied (a select each): None for a slice, ``...`` or
    ``None``, the index tensor itself for a tensor (a mask counts once), a list as the long
    tensor it becomes; trailing Nones dropped."""
    if node._saved is None:
        raise RuntimeError(FREED_MESSAGE)
    key, ndim = node.key, node.ndim if hasattr(node, "ndim") else len(node.shape)
    reached = sum(
        (np.ndim(p) if np.asarray(p).dtype == bool else 1) if isinstance(p, (np.ndarray, Tensor)) else 1
        for p in key
        if p is not None and p is not Ellipsis
    )
    entries = []
    for p in key:
        if p is Ellipsis:
            entries.extend([None] * (ndim - reached))
        elif p is None or isinstance(p, slice):
            entries.append(None)
        elif isinstance(p, Tensor):
            entries.append(p)
        elif isinstance(p, np.ndarray) and (p.ndim or p.dtype == bool):
            entries.append(Tensor._make(p))
    while entries and entries[-1] is None:
        entries.pop()
    return tuple(entries)


def _empty(node):
    """A statistic that evaluation-mode batch norm does not compute: an empty tensor."""
    return Tensor._make(np.empty(0, dtype=node.rstd.dtype))


def _batch_mean(node):
    return Tensor._make(node.batch_mean.reshape(-1))


def _batch_invstd(node):
    """1 / sqrt(var + eps) of the batch, in the input's dtype."""
    return Tensor._make((1.0 / np.sqrt(node.batch_var + node.eps)).astype(node.batch_mean.dtype).reshape(-1))


def _batch_norm(training, result1, result2):
    return {
        "eps": _attr("eps", float),
        "input": Saved(0),
        "result1": result1,
        "result2": result2,
        "running_mean": Saved(2),
        "running_var": Saved(3),
        "training": _constant(training),
        "weight": Saved(1),
    }


def _constant(value):
    return lambda node: value


def _attr(name, convert=lambda v: v):
    return lambda node: convert(getattr(node, name))


def _dims(node):
    """A reduction's dims: None for all of them (PyTorch's optional dim), else the tuple."""
    return None if node.dims is None else _ints(node.dims)


def _shape(node):
    return _ints(node.shape)


def _numel(node):
    return int(np.prod(node.shape, dtype=np.int64))


_REDUCTION = {"none": 0, "mean": 1, "sum": 2}  # PyTorch's Reduction enum


def _reduction(node):
    return _REDUCTION[node.reduction]


_INT64_MAX = 2**63 - 1  # PyTorch's end of a slice given without one


def _basic_steps(shape, index, keep_full=False):
    """The views PyTorch's indexing takes for a basic index (ints, slices, None, ``...``),
    in order, each as (kind, dim, values, sizes of the tensor it is taken from): a select
    (values: the index) or a slice (values: start, end, step, as given). A slice that
    keeps all of a dim is no view (unless ``keep_full``: ``narrow`` always slices)."""
    items = index if isinstance(index, tuple) else (index,)
    shape = list(shape)
    specified = sum(1 for i in items if i is not None and i is not Ellipsis)
    ndim, dim, steps = len(shape), 0, []
    for item in items:
        if item is Ellipsis:
            dim += ndim - specified
        elif item is None:
            shape.insert(dim, 1)
            dim += 1
        elif isinstance(item, slice):
            kept = item.indices(shape[dim])
            if keep_full or kept != (0, shape[dim], 1):
                start = 0 if item.start is None else item.start
                end = _INT64_MAX if item.stop is None else item.stop
                step = 1 if item.step is None else item.step
                steps.append(("slice", dim, (start, end, step), tuple(shape)))
                shape[dim] = len(range(*kept))
            dim += 1
        else:
            steps.append(("select", dim, int(item), tuple(shape)))
            del shape[dim]
    return steps


def _last_step(kind, keep_full=False):
    """What the last ``kind`` view of a node's index shows: PyTorch's node of that name
    nearest the output (``x[1:, 0]`` selects after it slices)."""

    def get(node):
        return [step for step in _basic_steps(node.shape, node.index, keep_full) if step[0] == kind][-1]

    return get


def _select(node):
    _, dim, index, sizes = _last_step("select")(node)
    return dim, index, sizes


def _slice(keep_full):
    def entry(part):
        def get(node):
            _, dim, (start, end, step), sizes = _last_step("slice", keep_full)(node)
            return {"dim": dim, "start": start, "end": end, "step": step, "self_sym_sizes": sizes}[part]

        return get

    return {
        "dim": lambda n: _int(entry("dim")(n)),
        "start": lambda n: _int(entry("start")(n)),
        "end": lambda n: _int(entry("end")(n)),
        "step": lambda n: _int(entry("step")(n)),
        "self_sym_sizes": lambda n: _ints(entry("self_sym_sizes")(n)),
    }


def _sorted_indices(node):
    """The int64 indices a sort or topk keeps (PyTorch's ``indices``)."""
    if node._saved is None:
        raise RuntimeError(FREED_MESSAGE)
    return Tensor._make(np.asarray(node.index))


def _tuple_of_ints(value):
    """A setting given as an int or a tuple (None: none), as PyTorch's int list."""
    if value is None:
        return ()
    return _ints(value if isinstance(value, tuple) else (value,))


def _binary_tensors(first="self", second="other"):
    return {first: Saved(0), second: Saved(1)}


_MATMUL_SIZES = {
    "self": Saved(0),
    "mat2": Saved(1),
    "self_sym_sizes": _sizes(0),
    "self_sym_strides": _strides(0),
    "mat2_sym_sizes": _sizes(1),
    "mat2_sym_strides": _strides(1),
}


def _extremum_indices(node):
    """max(dim)/min(dim)'s indices (the op keeps them with the reduced dim), in the output's shape."""
    if node._saved is None:
        raise RuntimeError(FREED_MESSAGE)
    index = node._saved[0]
    return Tensor._make(index.copy() if node.keepdim else np.squeeze(index, node.dim))


def _kth_indices(node):
    if node._saved is None:
        raise RuntimeError(FREED_MESSAGE)
    return Tensor._make(node.index if node.keepdim else np.squeeze(node.index, node.dim))


def _split_dim(node):
    return _int(len(node.index) - 1)  # its index slices the last dim it names


_BY_INDEX = {"dim": _attr("dim", _int), "index": Saved(0)}

# op class name -> {PyTorch's saved name: how to read it from our node}
SAVED = {
    "Add": {"alpha": _constant(1)},
    "Sub": {"alpha": _constant(1)},
    "RSub": {"alpha": _constant(1)},
    "Mul": _binary_tensors(),
    "Div": _binary_tensors(),
    "DivByNumber": {"other": _attr("number", _number)},
    "MulByNumber": {"other": _attr("number", _number)},
    "Pow": {"self": Saved(0), "exponent": _attr("exponent", _number)},
    "PowTensor": {"self": Saved(0), "exponent": Saved(1), "result": Saved(2)},
    "RPow": {"self": _attr("base", _number), "exponent": Saved(0), "result": Saved(1)},
    "Atan2": _binary_tensors(),
    "Hypot": {"self": Saved(0), "other": Saved(1), "result": Saved(2)},
    "LogAddExp": _binary_tensors(),
    "LogAddExp2": _binary_tensors(),
    "Fmax": _binary_tensors(),
    "Fmin": _binary_tensors(),
    "Copysign": {"self": Saved(0), "result": Saved(1)},
    "CopysignNumber": {"self": Saved(0), "result": Saved(1)},
    "Sgn": {"self": Saved(0), "result": Saved(1)},
    "DivByCount": _binary_tensors(),
    "Cross": {"dim": _attr("given_dim", _int), "other": Saved(1), "self": Saved(0)},
    "Logcumsumexp": {"dim": _attr("given_dim", _int), "self": Saved(0), "result": Saved(1)},
    "Cummax": {"dim": _attr("given_dim", _int), "indices": _sorted_indices, "self": Saved(0)},
    "Cummin": {"dim": _attr("given_dim", _int), "indices": _sorted_indices, "self": Saved(0)},
    "RsubTensor": {"alpha": _attr("alpha", _number)},
    "RsubScaled": {"alpha": _attr("alpha", _number)},
    "Xlogy": _binary_tensors(),
    "XlogyNumberOther": {"self": Saved(0), "other": _attr("number", _number)},
    "XlogyNumberSelf": {"self": _attr("number", _number), "other": Saved(1)},
    "LerpNumber": {"weight": _attr("weight", _number)},
    "Lerp": {"self": Saved(0), "end": Saved(1), "weight": Saved(2)},
    "Addcmul": {"tensor1": Saved(0), "tensor2": Saved(1), "value": _attr("value", _number)},
    "Addcdiv": {"tensor1": Saved(0), "tensor2": Saved(1), "value": _attr("value", _number)},
    "Maximum": _binary_tensors(),
    "Minimum": _binary_tensors(),
    "Fmod": _binary_tensors(),
    "Remainder": _binary_tensors(),
    "Clamp": {
        "self": Saved(0),
        "min": lambda n: None if n.bounds[0] is None else _number(n.bounds[0]),
        "max": lambda n: None if n.bounds[1] is None else _number(n.bounds[1]),
    },
    "ClampMin": {"self": Saved(0), "min": lambda n: _number(n.bounds[0])},
    "ClampMax": {"self": Saved(0), "max": lambda n: _number(n.bounds[1])},
    "SumAll": {"self_sym_sizes": _shape},
    "SumDim": {
        "dim": _attr("given_dims", _ints),
        "keepdim": _attr("keepdim", bool),
        "self_sym_sizes": _shape,
    },
    "MeanAll": {"self_sym_numel": _numel, "self_sym_sizes": _shape},
    "MeanDim": {
        "dim": _dims,
        "keepdim": _attr("keepdim", bool),
        "self_sym_numel": _numel,
        "self_sym_sizes": _shape,
    },
    "AdaptiveAvgPool2d_": {"self": Saved(0)},
    # PyTorch's pad lists the last dim's (before, after) first
    "ConstantPadNd": {"pad": lambda n: _ints(v for pair in reversed(n.pads) for v in pair)},
    "Gather": {"dim": _attr("dim", _int), "index": _index, "self": Saved(0), "sparse_grad": _constant(False)},
    "IndexAdd": {
        "alpha": _attr("alpha", _number),
        "dim": _attr("dim", _int),
        "index": _index,
        "source": Saved(0),
        "source_dim": _attr("source_dim", _int),
    },
    "IndexAdvanced": {"indices": _indices, "self_sym_sizes": _shape},
    "IndexPut": {"accumulate": _constant(False), "indices": _indices},
    "IndexPutAccumulate": {"accumulate": _constant(True), "indices": _indices},
    "MaskedFill": {"mask": Saved(0)},
    "NativeBatchNorm": _batch_norm(True, _batch_mean, _batch_invstd),
    "BatchNormEval": _batch_norm(False, _empty, _empty),
    "Amax": {
        "dim": _attr("given_dims", _ints),
        "keepdim": _attr("keepdim", bool),
        "self": Saved(0),
        "result": Saved(1),
    },
    "Amin": {
        "dim": _attr("given_dims", _ints),
        "keepdim": _attr("keepdim", bool),
        "self": Saved(0),
        "result": Saved(1),
    },
    "MaxDim": {
        "dim": _attr("given_dim", _int),
        "indices": _extremum_indices,
        "keepdim": _attr("keepdim", bool),
        "self_sym_sizes": _shape,
    },
    "MinDim": {
        "dim": _attr("given_dim", _int),
        "indices": _extremum_indices,
        "keepdim": _attr("keepdim", bool),
        "self_sym_sizes": _shape,
    },
    "Kthvalue": {
        "dim": _attr("given_dim", _int),
        "indices": _kth_indices,
        "keepdim": _attr("keepdim", bool),
        "self_sym_sizes": _shape,
    },
    "MedianDim": {
        "dim": _attr("given_dim", _int),
        "indices": _kth_indices,
        "keepdim": _attr("keepdim", bool),
        "self_sym_sizes": _shape,
    },
    "NanmedianDim": {
        "dim": _attr("given_dim", _int),
        "indices": _kth_indices,
        "keepdim": _attr("keepdim", bool),
        "self_sym_sizes": _shape,
    },
    "MedianAll": {"self": Saved(0), "result": Saved(1)},
    "NanmedianAll": {"self": Saved(0), "result": Saved(1)},
    "IndexSelect": {**_BY_INDEX, "self_sym_sizes": _shape},
    "Scatter": _BY_INDEX,
    "ScatterValue": _BY_INDEX,
    "ScatterAdd": _BY_INDEX,
    "Nansum": {
        "dim": _attr("given_dims", lambda d: None if d is None else _ints(d)),
        "keepdim": _attr("keepdim", bool),
        "self": Saved(0),
    },
    "Var": {
        "correction": _attr("shown", lambda s: None if s[0] is None else _number(s[0])),
        "dim": _attr("shown", lambda s: None if s[1] is None else _ints(s[1])),
        "keepdim": _attr("keepdim", bool),
        "self": Saved(0),
    },
    "Std": {
        "correction": _attr("shown", lambda s: None if s[0] is None else _number(s[0])),
        "dim": _attr("shown", lambda s: None if s[1] is None else _ints(s[1])),
        "keepdim": _attr("keepdim", bool),
        "self": Saved(0),
        "result": Saved(1),
    },
    "SplitPiece": {"dim": _split_dim, "self_sym_sizes": _shape, "split_size": _attr("sizes", _int)},
    "SplitWithSizesPiece": {
        "dim": _split_dim,
        "self_sym_sizes": _shape,
        "split_sizes": _attr("sizes", _ints),
    },
    "SqueezeDim": {"dim": _attr("dim", _int), "self_sym_sizes": _shape},
    "SqueezeDims": {"dim": _attr("dim", _ints), "self_sym_sizes": _shape},
    # linear of a vector squeezes dim 0 in place (PyTorch's squeeze_ shows the dim as an int)
    "_SqueezeDims": {"dim": _constant(0), "self_sym_sizes": _shape},
    "VecMat": {"dim": _constant(0), "self_sym_sizes": _attr("product_shape", _ints)},
    "DivFloor": {"other": Saved(1), "rounding_mode": _constant("floor"), "self": Saved(0)},
    "DivTrunc": {"other": Saved(1), "rounding_mode": _constant("trunc"), "self": Saved(0)},
    "MaxAll": {"self": Saved(0), "result": Saved(1)},
    "MinAll": {"self": Saved(0), "result": Saved(1)},
    "ProdAll": {"self": Saved(0), "result": Saved(1)},
    "ProdDim": {
        "dim": _attr("dim", _int),
        "keepdim": _attr("keepdim", bool),
        "self": Saved(0),
        "result": Saved(1),
    },
    "Glu": {"dim": _attr("dim", _int), "self": Saved(0)},
    "GluBackward": {"dim": _attr("dim", _int), "grad_output": Saved(0), "self": Saved(1)},
    "Softmax": {"dim": _attr("dim", _int), "result": Saved(0)},
    "LogSoftmax": {"dim": _attr("dim", _int), "result": Saved(0)},
    "Mm": _MATMUL_SIZES,
    "Mv": {"self": Saved(0), "vec": Saved(1)},
    "Dot": {"self": Saved(0), "tensor": Saved(1)},
    "Bmm": {"self": Saved(0), "mat2": Saved(1)},
    "Addmm": {
        "alpha": _constant(1),
        "beta": _constant(1),
        "mat1": Saved(0),
        "mat1_sym_sizes": _sizes(0),
        "mat1_sym_strides": _strides(0),
        "mat2": Saved(1),
        "mat2_sym_sizes": _sizes(1),
        "mat2_sym_strides": _strides(1),
    },
    "MaskedSelect": {"mask": Saved(1), "self": Saved(0)},
    "AddmmScaled": {
        "alpha": _attr("alpha", _number),
        "beta": _attr("beta", _number),
        "mat1": Saved(0),
        "mat1_sym_sizes": _sizes(0),
        "mat1_sym_strides": _strides(0),
        "mat2": Saved(1),
        "mat2_sym_sizes": _sizes(1),
        "mat2_sym_strides": _strides(1),
    },
    "Repeat": {"repeats": _attr("repeats", _ints), "self_sym_sizes": _attr("original", _ints)},
    "Roll": {"dims": _attr("dims", _tuple_of_ints), "shifts": _attr("shifts", _tuple_of_ints)},
    "SortValues": {"dim": _attr("given_dim", _int), "indices": _sorted_indices, "self_sym_sizes": _shape},
    "TopkValues": {"dim": _attr("given_dim", _int), "indices": _sorted_indices, "self_sym_sizes": _shape},
    "Select": {
        "dim": lambda n: _int(n.given_dim if hasattr(n, "given_dim") else _select(n)[0]),
        "index": lambda n: _int(_select(n)[1]),
        "self_sym_sizes": lambda n: _ints(_select(n)[2]),
    },
    "Slice": _slice(keep_full=False),
    "NarrowPiece": {
        **_slice(keep_full=True),
        "dim": lambda n: _int(n.given_dim) if hasattr(n, "given_dim") else _slice(keep_full=True)["dim"](n),
    },
    # unbind's piece selects along the dim it takes apart
    "UnbindPiece": {"dim": lambda n: _int(_last_step("select")(n)[1])},
    # our diagonal is always of the last two dims (diagonal() permutes others there first)
    "Diagonal": {
        "dim1": lambda n: _int(len(n.shape) - 2),
        "dim2": lambda n: _int(len(n.shape) - 1),
        "offset": _attr("k", _int),
        "self_sym_sizes": _shape,
    },
    "DiagonalOfMatrix": {
        "dim1": _constant(0),
        "dim2": _constant(1),
        "offset": _attr("k", _int),
        "self_sym_sizes": _shape,
    },
    "DiagEmbed": {"dim1": _constant(_int(-2)), "dim2": _constant(_int(-1)), "offset": _attr("k", _int)},
    "Where": {"condition": Saved(0)},
    "Logsumexp": {
        "dim": lambda n: _ints(n.dims),
        "keepdim": _attr("keepdim", bool),
        "self": Saved(0),
        "result": Saved(1),
    },
    "VectorNorm": {
        "dim": lambda n: None if n.given_dims is None else _ints(n.given_dims),
        "keepdim": _attr("keepdim", bool),
        "ord": _attr("p", _number),
        "self": Saved(0),
        "result": Saved(1),
    },
    "NormDim": {
        "dim": lambda n: _ints(n.given_dims),
        "keepdim": _attr("keepdim", bool),
        "p": _attr("p", _number),
        "self": Saved(0),
        "result": Saved(1),
    },
    "Addmv": {
        "alpha": _attr("alpha", _number),
        "beta": _attr("beta", _number),
        "mat": Saved(0),
        "vec": Saved(1),
    },
    "Addr": {
        "alpha": _attr("alpha", _number),
        "beta": _attr("beta", _number),
        "vec1": Saved(0),
        "vec2": Saved(1),
    },
    "Baddbmm": {
        "alpha": _attr("alpha", _number),
        "batch1": Saved(0),
        "batch2": Saved(1),
        "beta": _attr("beta", _number),
    },
    "Addbmm": {
        "alpha": _attr("alpha", _number),
        "batch1": Saved(0),
        "batch1_sym_argsize_0": lambda n: _int(n.sizes[0][0]),
        "batch1_sym_argsize_1": lambda n: _int(n.sizes[0][1]),
        "batch2": Saved(1),
        "batch2_sym_argsize_2": lambda n: _int(n.sizes[1][2]),
        "beta": _attr("beta", _number),
    },
    "PreluKernel": {"self": Saved(0), "weight": Saved(1)},
    "SoftMarginLoss": {"reduction": _reduction, "self": Saved(0), "target": Saved(1)},
    "SmoothL1": {
        "beta": _attr("beta", _number),
        "reduction": _reduction,
        "self": Saved(0),
        "target": Saved(1),
    },
    "Huber": {"delta": _attr("beta", _number), "reduction": _reduction, "self": Saved(0), "target": Saved(1)},
    "BinaryCrossEntropyWithLogits": {
        # 1.0 for no weight (PyTorch: None), else the weight's values
        "pos_weight": lambda n: (
            None if isinstance(n.pos_weight, float) else Tensor._make(np.asarray(n.pos_weight))
        ),
        "reduction": _reduction,
        "self": Saved(0),
        "target": Saved(1),
        "weight": lambda n: None if isinstance(n.weight, float) else Tensor._make(np.asarray(n.weight)),
    },
    "View": {"self_sym_sizes": _shape},
    "_UnsafeView": {"self_sym_sizes": _shape},
    "_ReshapeAlias": {"self_sym_sizes": _shape},
    "Expand": {"self_sym_sizes": _shape},
    "SqueezeAll": {"self_sym_sizes": _shape},
    "Permute": {"dims": lambda n: _ints(getattr(n, "given_dims", None) or np.argsort(n.inverse))},
    "Unsqueeze": {"dim": _attr("dim", _int)},
    "Transpose": {"dim0": lambda n: _int(n.dims[0]), "dim1": lambda n: _int(n.dims[1])},
    "Cat": {"dim": _attr("dim", _int)},
    "Stack": {"dim": _attr("dim", _int)},
    "Cumsum": {"dim": _attr("dim", _int)},
    "Cumprod": {"dim": _attr("dim", _int), "self": Saved(0), "result": Saved(1)},
    "Tril": {"diagonal": _attr("diagonal", _int)},
    "Triu": {"diagonal": _attr("diagonal", _int)},
    "Flip": {"dims": _attr("dims", _ints)},
    "Trace": {"self_sym_sizes": _shape},
    "MseLoss": {"reduction": _reduction, "self": Saved(0), "target": Saved(1)},
    "BinaryCrossEntropy": {
        "reduction": _reduction,
        "self": Saved(0),
        "target": Saved(1),
        # the op gets 1.0 for no weight (PyTorch: None), else the weight's values
        "weight": lambda n: None if isinstance(n.weight, float) else Tensor._make(np.asarray(n.weight)),
    },
}

# F.pad's reflect and replicate nodes (nn/padding.py declares one class per mode and dims)
for _mode in ("ReflectionPad", "ReplicationPad"):
    for _dims in (1, 2, 3):
        SAVED[f"{_mode}{_dims}D"] = {"padding": _attr("given", _ints), "self": Saved(0)}
        SAVED[f"{_mode}{_dims}DBackward"] = {"padding": _attr("given", _ints)}

# element-wise ops of one input (``unary``): the saved input is ``self``, the saved output
# ``result``, and the settings keep their names; what PyTorch's kernel saves besides them
_SELU_ALPHA, _SELU_SCALE = 1.6732632423543772, 1.0507009873554805
_UNARY_EXTRA = {
    "Elu": {"scale": _constant(1), "input_scale": _constant(1)},
    "Selu": {"alpha": _constant(_SELU_ALPHA), "scale": _constant(_SELU_SCALE), "input_scale": _constant(1)},
    "Gelu": {"approximate": _constant("none")},
    "GeluTanh": {"approximate": _constant("tanh")},
}
# settings PyTorch's node does not save: nan_to_num none of its, threshold not its value
# (its backward reads only the threshold); and what these do not have: log_sigmoid's buffer
# of its CPU kernel
_UNARY_SETTINGS_NOT_SAVED = {"NanToNum": ("nan", "posinf", "neginf"), "Threshold": ("value",)}
_UNARY_NOT_NAMED = {"Logsigmoid"}


def _setting(i):
    return lambda node: _number(node.settings[i])


def _unary_entry(op):
    entry = {}
    if op.__name__ in _UNARY_NOT_NAMED:
        return entry
    if op.saves == "input":
        entry["self"] = Saved(0)
    elif op.saves == "output":
        entry["result"] = Saved(0)
    not_saved = next(
        (
            _UNARY_SETTINGS_NOT_SAVED[c.__name__]
            for c in op.__mro__
            if c.__name__ in _UNARY_SETTINGS_NOT_SAVED
        ),
        (),
    )
    for i, name in enumerate(getattr(op, "setting_names", ())):
        if name not in not_saved:
            entry[name] = _setting(i)
    for cls in op.__mro__:
        entry.update(_UNARY_EXTRA.get(cls.__name__, {}))
    return entry


def _property(get, name):
    def fget(node):
        return get(node)

    fget.__name__ = name
    return property(fget)


def _raw_property(get, name):
    def fget(node):
        return SavedTensor(node, get.k)

    fget.__name__ = name
    return property(fget)


def _op_classes():
    stack, seen = list(Function.__subclasses__()), []
    while stack:
        cls = stack.pop()
        if "_op" not in cls.__dict__ and "_node_class" in cls.__dict__:
            seen.append(cls)
        stack.extend(cls.__subclasses__())
    return seen


def install():
    """Give every node class in ``SAVED`` (and every ``unary`` op's) its saved attributes."""
    Function._clone_of_in_place_input = _clone_of_input  # what a create_graph backward reads
    by_name = {}
    for op in _op_classes():
        if op.__name__ in SAVED:
            if op.__name__ in by_name:
                raise RuntimeError(f"two op classes named {op.__name__}: SAVED cannot tell them apart")
            by_name[op.__name__] = op
            entry = SAVED[op.__name__]
        elif issubclass(op, Unary):
            entry = _unary_entry(op)
        else:
            continue
        node_class = op._node_class
        for name, get in entry.items():
            setattr(node_class, f"_saved_{name}", _property(get, f"_saved_{name}"))
            if isinstance(get, Saved):
                setattr(node_class, f"_raw_saved_{name}", _raw_property(get, f"_raw_saved_{name}"))
    missing = set(SAVED) - set(by_name)
    if missing:
        raise RuntimeError(f"SAVED names op classes that do not exist: {sorted(missing)}")
