"""Function: one differentiable operation, with its forward and backward side by side.

Applying a Function to tensors runs ``forward`` on their NumPy arrays and, when some input
requires grad (and grad mode is on), returns a tensor whose ``grad_fn`` is this Function's
instance: the graph node. The node keeps what backward needs (``ctx.save_for_backward``),
the edges to its inputs' nodes (``next_functions``), and the versions of the saved tensors,
so that modifying one of them in place before backward is caught instead of giving wrong
gradients.

``backward(ctx, grad)`` gets the gradient of the output and returns one gradient per input.
It is written with operators and the helpers of ``ops/common.py`` so that the same formula
works on NumPy arrays (plain backward, fast) and on tensors (``create_graph=True``: the
backward pass is itself recorded, which gives second derivatives).
"""

import weakref

import numpy as np

from . import anomaly
from ._quiet_numpy import quiet_float_errors, restore_float_errors
from .grad_mode import state as _grad_mode
from .saved_errors import FREED_MESSAGE, INFERENCE_SAVED, modified_message
from .saved_sources import source_in_tuple
from .tangents import forward_ad_state, propagate_tangent
from .teardown import release_edges
from .tensor import Tensor

NO_EDGE = (None, 0)  # the edge of an input that needs no gradient
# Tensor._make looked up once: reading a classmethod off the class makes a bound method per call
_make = Tensor._make


class Node:
    """What every graph node has: edges to the inputs' nodes and a printable name."""

    next_functions = ()
    _n_outputs = 1  # a learner's Function may return several tensors (see autograd/function.py)
    _retained = None  # weakref to an output whose .grad is kept (retain_grad)
    _hooks = ()  # register_hook on this node's output tensor
    _observed = False  # True once it has hooks or a retained output: the engine reads one flag

    def name(self):
        return type(self).__name__

    def __repr__(self):
        return f"<{type(self).__name__} object at {hex(id(self))}>"

    def __dir__(self):
        # ``_saved_<name>`` is a saved value, as in PyTorch (saved_attributes.py): the
        # engine's record of where saved arrays came from is not one
        return [name for name in super().__dir__() if name != "_saved_sources"]


class Function(Node):
    """Base class of operations. Subclasses define ``forward`` and ``backward``."""

    backward_name = None  # PyTorch's node name, e.g. "MulBackward0"
    n_options = 0  # trailing forward arguments that are settings, not inputs
    # ``node._clone_of_in_place_input(tensor)``: the clone PyTorch saves of an in-place op's
    # input; set by ``saved_attributes.install`` (the clone is an op, and ops build on this module)
    _clone_of_in_place_input = None
    may_overflow = False  # forward can divide by zero / overflow: silence NumPy's
    # warnings there, since PyTorch returns inf/nan silently
    needs_input_grad = ()
    _saved = ()  # arrays kept for backward (None once freed)
    # per saved array, a source (tensor, version_counter, version, node), or None when
    # nothing is checked: the input tensor it is (or None and ``node`` is this node, for our
    # own output), that tensor's shared version counter, and the version it had when saved
    _saved_sources = ()
    _graph_mode = False  # True while a create_graph backward runs this node (engine.py)
    scalar_forward = False  # forward may get 0-d float inputs as NumPy scalars (pure arithmetic)
    # per saved value: the input whose gradient alone reads it (None: any). A value only that
    # gradient reads is not checked for in-place changes when that input needs no gradient,
    # as PyTorch does not save it then (``d * 2`` keeps d free to change: ``d += ...``).
    saved_for = None
    # per saved value: None, or the shape of the view of the input that PyTorch saves in its
    # place (its matmul folds a vector to [1, n], its einsum saves permuted, unsqueezed
    # views); only the message of a changed input reads it (saved_errors.modified_message)
    saved_as = None
    operator = None  # a binary op whose forward is exactly this operator on the data (ops/elementwise.py)
    __del__ = release_edges  # a long chain of nodes is freed in a loop, not in nested calls (teardown.py)

    def __init_subclass__(cls, **kwargs):
        """Each op class gets a node class named like PyTorch's (``Mul`` -> ``MulBackward0``),
        so ``type(y.grad_fn).__name__`` reads as it does in PyTorch."""
        super().__init_subclass__(**kwargs)
        if "_op" in cls.__dict__:  # this is a node class made below
            return
        for method in ("forward", "backward"):
            if not callable(getattr(cls, method, None)):
                raise TypeError(f"{cls.__name__} must define {method}(ctx, ...) as a staticmethod")
        name = cls.backward_name or f"{cls.__name__}Backward"
        cls._node_class = type(name, (cls,), {"_op": cls, "__module__": cls.__module__, "__qualname__": name})

    @classmethod
    def apply(cls, *args):
        ctx = object.__new__(cls._node_class)
        data, needs = [], []  # per argument: what forward gets, and whether it needs a gradient
        scalars = cls.scalar_forward
        for a in args:  # one pass: unwrap arrays, see which inputs need grad
            if isinstance(a, Tensor):
                array = a._data
                # a 0-d float array enters as the NumPy scalar it holds: the same float32 or
                # float64 rounding, and NumPy does arithmetic on scalars ~10x faster
                data.append(array[()] if scalars and not array.ndim and array.dtype.char in "fd" else array)
                needs.append(a._requires_grad)
            else:
                data.append(a)
                needs.append(False)
        record = True in needs and _grad_mode.enabled
        if cls.may_overflow:
            token = quiet_float_errors()
            try:
                result = cls.forward(ctx, *data)
            finally:
                restore_float_errors(token)
        else:
            result = cls.forward(ctx, *data)
        out = _make(result, record, ctx if record else None)
        if record:
            ctx._connect(args, data, needs, out, result)
        if forward_ad_state.levels:
            propagate_tangent(cls, ctx, args, out)
        return out

    def _connect(self, args, data, needs, out, result):
        """Make this node part of the graph: an edge to each input's node (None for inputs
        that need no gradient), and the versions of the saved tensors."""
        if self.n_options:
            needs = needs[: len(needs) - self.n_options]
        edges = []
        for a, need in zip(args, needs):
            if need:
                node = a.grad_fn
                edges.append(
                    (accumulator_of(a), 0)
                    if node is None
                    else (node, a._output_nr if node._n_outputs > 1 else 0)
                )
            else:
                edges.append(NO_EDGE)
        self.next_functions = tuple(edges)
        self.needs_input_grad = tuple(needs)
        if self._saved:
            self._bind_saved(args, data, out, result, needs)
        if anomaly.state.enabled:
            anomaly.remember_forward(self)

    # ---- saved tensors ---------------------------------------------------------------------
    def save_for_backward(self, *arrays):
        self._saved = arrays

    def _bind_saved(self, args, data, out, result, needs):
        """Remember which tensor each saved array belongs to, and that tensor's version.

        A saved input is recognised by identity with what ``forward`` was given (``data``:
        the tensor's array, or for a 0-d float tensor of an op with ``scalar_forward`` the
        NumPy scalar it holds, or a tensor inside a tuple argument: an index's tensors,
        which ``forward`` unwraps itself), a saved output by identity with what ``forward`` returned
        (``result``), not with the output's ``_data``: for a 0-d output NumPy returns a
        scalar, which ``Tensor._make`` wraps in a new 0-d array (``_data`` is always an
        ndarray). The scalar stays saved as it is (arithmetic on NumPy scalars is ~10x faster
        than on 0-d arrays, and it holds the same value), but it is bound to the tensor, so
        ``create_graph`` differentiates through it and in-place changes to it are caught.
        """
        sources = []
        saved_for = self.saved_for
        for k, array in enumerate(self._saved):
            if saved_for is not None and saved_for[k] is not None and not needs[saved_for[k]]:
                sources.append(None)  # only the gradient of an input that needs none reads it
                continue
            for a, given in zip(args, data):
                if given is array and isinstance(a, Tensor):
                    if a._inference:  # it has no version to check (see grad_mode.inference_mode)
                        raise RuntimeError(INFERENCE_SAVED)
                    sources.append((a, a._version_counter, a._version_counter[0], None))
                    break
            else:
                sources.append(
                    (None, out._version_counter, 0, self) if array is result else source_in_tuple(args, array)
                )
        self._saved_sources = sources

    def _seen_as(self, source):
        """The shape of the view PyTorch saves in place of the saved input of ``source``
        (``saved_as``), or None when it saves the tensor itself."""
        saved_as = self.saved_as
        if saved_as is None:
            return None
        k = next(k for k, s in enumerate(self._saved_sources) if s is source)
        return saved_as[k]

    @property
    def saved_tensors(self):
        """The saved values: arrays, or tensors while a create_graph backward runs."""
        saved = self._saved
        if saved is None:
            raise RuntimeError(FREED_MESSAGE)
        for array, source in zip(saved, self._saved_sources):
            if source is not None:
                _, version_counter, version, _ = source
                if version_counter[0] != version:
                    raise RuntimeError(modified_message(array, source, self._seen_as(source)))
        if not self._graph_mode:
            return saved
        values = []
        for array, source in zip(self._saved, self._saved_sources):
            if source is None:
                values.append(array)
                continue
            tensor, _, _, _ = source
            if tensor is not None and id(tensor) == getattr(self, "_in_place_input", None):
                # an in-place op's input: PyTorch saved a clone of it (CloneBackward0)
                values.append(self._clone_of_in_place_input(tensor))
            elif tensor is not None:
                values.append(tensor)
            else:  # the output of this very node
                out = Tensor._make(array, True, self)
                if forward_ad_state.levels:  # forward-over-reverse: keep its tangent
                    out._tangent = getattr(self, "_out_tangent", None)
                values.append(out)
        return tuple(values)


class CopyGrad(Function):
    """The first recorded gradient to reach a ``.grad`` (``backward(create_graph=True)``) is
    stored as a copy into fresh memory, as PyTorch stores it: its node is ``CopyBackwards``,
    with an edge for that memory (which needs no gradient) and one for the gradient."""

    backward_name = "CopyBackwards"

    @staticmethod
    def forward(ctx, destination, g):
        destination[...] = g
        return destination

    @staticmethod
    def backward(ctx, g):
        return None, g

    @staticmethod
    def jvp(ctx, t_destination, t):
        return t


class AccumulateGrad(Node):
    """The node at a leaf: adds the incoming gradient into ``variable.grad``."""

    def __init__(self, variable):
        self.variable = variable

    def name(self):
        return "pyautograd::autograd::AccumulateGrad"  # PyTorch: torch::autograd::...

    def accumulate(self, grad, owned):
        add_to_grad(self.variable, grad, owned)


def edge_to(tensor):
    """The graph edge from a node to an input that requires grad: the node that made it (and
    which of that node's outputs it is), or the leaf's AccumulateGrad."""
    node = tensor.grad_fn
    if node is not None:
        return node, tensor._output_nr if node._n_outputs > 1 else 0
    # accumulator_of, inlined: every use of a parameter in every step comes here
    reference = tensor._accumulator
    node = reference() if reference is not None else None
    return (node if node is not None else accumulator_of(tensor)), 0


def run_hooks(hooks, grad):
    """Give ``grad`` to each hook in turn; a hook that returns a tensor replaces it."""
    for hook in list(hooks):
        as_tensor = grad if type(grad) is Tensor else Tensor._make(grad)
        result = hook(as_tensor)
        if result is not None:
            grad = (
                result
                if type(grad) is Tensor
                else np.asarray(result._data if isinstance(result, Tensor) else result)
            )
    return grad


def add_to_grad(tensor, grad, owned):
    """``tensor.grad += grad`` with PyTorch's rules (in place when it is safe)."""
    if type(grad) is Tensor:  # create_graph: keep it differentiable, out of place
        if tensor._grad is None:
            tensor._grad = CopyGrad.apply(Tensor._make(np.empty_like(grad._data)), grad)
        else:
            tensor._grad = tensor._grad + grad
        return
    dtype = tensor._data.dtype
    if grad.dtype is not dtype and grad.dtype != dtype:  # ``is`` first: one dtype object, the usual case
        grad, owned = grad.astype(dtype), True
    current = tensor._grad
    if current is None:
        if type(grad) is not np.ndarray:  # the NumPy scalar gradient of a 0-d tensor: a new 0-d array
            grad, owned = np.asarray(grad), True
        tensor._grad = _make(grad if owned else grad.copy())
    else:
        # In place, as PyTorch outside create_graph: the same tensor, its grad_fn (if a
        # create_graph backward made it) kept, and its version counted, so a graph that saved
        # the old gradient refuses to run.
        data = current._data
        if not data.ndim and data.dtype.char in "fd":  # 0-d: NumPy's scalar sum rounds alike, ~20x cheaper
            data[()] = data[()] + (grad[()] if type(grad) is np.ndarray else grad)
        else:
            data += grad
        current._version_counter[0] += 1


def clear_grads(tensors, set_to_none=True):
    """What ``zero_grad`` does for modules and optimizers: drop each ``.grad`` (the default,
    as in PyTorch 2), or zero it in a tensor of its own, cut from any graph."""
    for t in tensors:
        if t._grad is None:
            continue
        if set_to_none:
            t._grad = None
        else:
            t._grad = t._grad.detach()
            t._grad._data[...] = 0


def accumulator_of(leaf):
    """The leaf's AccumulateGrad node, shared by every use of the leaf (held weakly)."""
    node = leaf._accumulator() if leaf._accumulator is not None else None
    if node is None:
        node = object.__new__(AccumulateGrad)  # AccumulateGrad(leaf) without an __init__ frame:
        node.variable = leaf  # a new one per leaf per step, as its graph frees the last
        leaf._accumulator = weakref.ref(node)
    return node
