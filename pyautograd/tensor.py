"""Tensor: a NumPy array plus what autograd needs to know about it.

A tensor is a *leaf* when nobody computed it (``grad_fn is None``): leaves that require
grad collect their gradient in ``.grad``. A tensor computed by a recorded operation keeps
that operation's graph node in ``grad_fn``; following ``grad_fn.next_functions`` walks
the graph back to the leaves. Operators, most methods and ``backward`` (which needs the
engine, and the engine needs this module) are attached in ``methods.py``.
"""

import warnings
import weakref

import numpy as np

from . import dtypes
from .devices import CPU
from .grad_mode import inference_state
from .grad_mode import state as _grad_mode
from .printing import tensor_repr


class Size(tuple):
    """A tensor's shape; a tuple that prints like PyTorch's ``torch.Size``."""

    __module__ = "pyautograd"

    __slots__ = ()

    def __repr__(self):
        return f"pyautograd.Size({list(self)})"

    def numel(self):
        return int(np.prod(self, dtype=np.int64))

    # Slicing, concatenating and repeating a shape give a shape, as in PyTorch, so
    # ``x.shape[1:]`` and ``x.shape + (1,)`` print as ``Size``.
    def __getitem__(self, key):
        item = tuple.__getitem__(self, key)
        return Size(item) if type(key) is slice else item

    def __add__(self, other):
        if not isinstance(other, tuple):
            raise TypeError(f"can only concatenate tuple (not {type(other).__name__}) to pyautograd.Size")
        return Size(tuple.__add__(self, other))

    def __radd__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return Size(tuple.__add__(other, self))

    def __mul__(self, times):
        if not hasattr(type(times), "__index__"):
            raise TypeError(f"can't multiply sequence by non-int of type '{type(times).__name__}'")
        return Size(tuple.__mul__(self, times))

    __rmul__ = __mul__


_SCALAR_OF_GRAD_WARNING = (
    "Converting a tensor with requires_grad=True to a scalar may lead to unexpected behavior.\n"
    "Consider using tensor.detach() first."
)
_warned_once = False


def _warn_scalar_of_grad_once():
    global _warned_once
    _warned_once = True
    warnings.warn(_SCALAR_OF_GRAD_WARNING, UserWarning, stacklevel=3)


_NON_LEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. "
    "If you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor "
    "instead. See github.com/pytorch/pytorch/pull/30531 for more information."
)


INFERENCE_INPLACE = (
    "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone "
    "to get a normal tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 "
    "for more details."
)


class RemovableHandle:
    """Returned by ``register_hook``: ``handle.remove()`` unregisters the hook."""

    def __init__(self, hooks, hook):
        self._hooks, self._hook = hooks, hook

    def remove(self):
        if self._hook in self._hooks:
            self._hooks.remove(self._hook)


_NON_LEAF_REQUIRES_GRAD = (
    "you can only change requires_grad flags of leaf variables. If you want to use a computed "
    "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach()."
)


class Tensor:
    """An n-dimensional array that can record the operations applied to it."""

    __module__ = "pyautograd"  # type(t) prints <class 'pyautograd.Tensor'>, as torch.Tensor does

    __slots__ = (
        "_data",
        "_requires_grad",
        "_grad",
        "grad_fn",
        "_version_counter",
        "_retains_grad",
        "_accumulator",
        "_name",
        "_tangent",
        "_hooks",
        "_output_nr",  # which output of grad_fn this is; set only for nodes with several
        "_inference",  # made under inference_mode (grad_mode.py)
        "_view_info",  # set only on views: their base (views.py)
        "_views",  # set only on a base that has views: a WeakSet of them (views.py)
        "__weakref__",
    )
    __array_priority__ = 1000  # ``ndarray * tensor`` defers to Tensor.__rmul__
    __array_ufunc__ = None

    def __new__(cls, *args, dtype=None, requires_grad=False):
        """``Tensor(data)`` copies data; ``Tensor(2, 3)`` is uninitialised, like PyTorch."""
        if len(args) == 1 and not isinstance(args[0], (int, np.integer)):
            data = np.array(
                _unwrap(args[0]), dtype=dtypes.to_numpy_dtype(dtype or dtypes.get_default_dtype())
            )
        else:
            data = np.empty(
                tuple(int(a) for a in args), dtype=dtypes.to_numpy_dtype(dtype or dtypes.get_default_dtype())
            )
        t = cls._make(data)
        if requires_grad:
            _check_can_require_grad(t)
            t._requires_grad = True
        return t

    # ---- construction used by every op (fast path, no checks) -------------------------
    @classmethod
    def _make(cls, data, requires_grad=False, grad_fn=None):
        """The one place a tensor's fields are set: every op's output and ``Tensor(...)``."""
        t = object.__new__(cls)
        t._data = data if type(data) is np.ndarray else np.asarray(data)
        t._requires_grad = requires_grad
        t._grad = None
        t.grad_fn = grad_fn
        t._version_counter = [0]
        t._retains_grad = False
        t._accumulator = None
        t._name = None
        t._tangent = None
        t._hooks = None
        t._inference = inference_state.enabled
        return t

    # ---- autograd attributes --------------------------------------------------------------
    @property
    def requires_grad(self):
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value):
        if self.grad_fn is not None:
            raise RuntimeError(
                "you can only change requires_grad flags of leaf variables."
                if value
                else _NON_LEAF_REQUIRES_GRAD
            )
        if value:
            _check_can_require_grad(self)
            if self._inference and not inference_state.enabled:
                raise RuntimeError(
                    "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed."
                )
        self._requires_grad = bool(value)

    def requires_grad_(self, requires_grad=True):
        if self.grad_fn is not None:
            if requires_grad:  # a computed tensor already requires grad: nothing to change (PyTorch)
                return self
            raise RuntimeError(_NON_LEAF_REQUIRES_GRAD)
        self.requires_grad = requires_grad
        return self

    @property
    def name(self):
        """An optional label for drawings (``pyautograd.viz``); not part of PyTorch."""
        return self._name

    @name.setter
    def name(self, value):
        self._name = value
        if self.grad_fn is not None:  # drawings (viz.py) reach named intermediates from their node
            self.grad_fn._named_output = weakref.ref(self)

    @property
    def is_leaf(self):
        return self.grad_fn is None

    @property
    def grad(self):
        if self.grad_fn is not None and not self._retains_grad:
            warnings.warn(_NON_LEAF_GRAD_WARNING, UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(
                    f"assigned grad expected to be a Tensor or None but got grad of type {type(value).__name__}"
                )
            if value._data.dtype != self._data.dtype:
                raise RuntimeError(
                    f"attempting to assign a gradient with dtype '{dtypes.cpp_type_name(value._data.dtype)}' "
                    f"to a tensor with grad_dtype '{dtypes.scalar_type_name(self._data.dtype)}'. The gradient "
                    "must match the tensor's grad_dtype (defaults to the tensor's dtype). You can set the "
                    "tensor's grad_dtype attribute with a specific dtype, or None to allow any dtype. Set "
                    "grad_dtype with caution. Diverging the dtypes of a tensor and its gradient may break "
                    "downstream systems that assume they match."
                )
            if tuple(value.shape) != tuple(self.shape):
                raise RuntimeError(
                    f"attempting to assign a gradient of size '{list(value.shape)}' to a "
                    f"tensor of size '{list(self.shape)}'. Please ensure that the gradient "
                    "and the tensor are the same size"
                )
        self._grad = value

    @property
    def retains_grad(self):
        return self._retains_grad

    def retain_grad(self):
        """Keep ``.grad`` for a non-leaf tensor too (leaves always keep theirs)."""
        if not self._requires_grad:
            raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
        if self.grad_fn is not None:
            self._retains_grad = True
            self.grad_fn._retained = weakref.ref(self)
            self.grad_fn._observed = True

    def register_hook(self, hook):
        """Call ``hook(grad)`` whenever this tensor's gradient is computed; if the hook
        returns a tensor, that tensor is used as the gradient instead. Returns a handle
        whose ``remove()`` takes the hook off again."""
        if not self._requires_grad:
            raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is None:
            if self._hooks is None:
                self._hooks = []
            hooks = self._hooks
        else:
            if "_hooks" not in vars(self.grad_fn):
                self.grad_fn._hooks = []
                self.grad_fn._observed = True
            hooks = self.grad_fn._hooks
        hooks.append(hook)
        return RemovableHandle(hooks, hook)

    def detach(self):
        """The same values, cut from the graph (shares memory and the version counter)."""
        t = Tensor._make(self._data)
        t._version_counter = self._version_counter
        t._inference = self._inference
        return t

    def is_inference(self):
        return self._inference

    def _refuse_inference_write(self):
        """Outside inference mode an inference tensor may not change in place: it has no
        version counter in PyTorch, so a backward that saved it could not notice the change."""
        if self._inference and not inference_state.enabled:
            raise RuntimeError(INFERENCE_INPLACE)

    def detach_(self):
        """Cut this tensor from the graph in place: it becomes a leaf."""
        self.grad_fn = None
        self._requires_grad = False
        return self

    @property
    def data(self):
        """The values as a tensor outside the graph (a new version counter: use with care)."""
        return Tensor._make(self._data)

    @data.setter
    def data(self, value):
        self._data = value._data if isinstance(value, Tensor) else np.asarray(value)

    def _bump_version(self):
        """Record an in-place change of this tensor's memory (seen by its views too), so a
        backward that saved the old values refuses to run instead of using the new ones."""
        self._version_counter[0] += 1

    @property
    def _version(self):
        """How many times this tensor's memory was modified in place (shared with views)."""
        return self._version_counter[0]

    # ---- shape and type information ------------------------------------------------------
    @property
    def shape(self):
        return Size(self._data.shape)

    def size(self, dim=None):
        return Size(self._data.shape) if dim is None else self._data.shape[dim]

    def dim(self):
        return self._data.ndim

    ndim = property(dim)

    def numel(self):
        return int(self._data.size)

    nelement = numel

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-d tensor")
        return len(self._data)

    @property
    def dtype(self):
        return dtypes.from_numpy_dtype(self._data.dtype)

    def is_floating_point(self):
        return self._data.dtype.kind == "f"

    @property
    def device(self):
        return CPU  # NumPy computes on the CPU; see device.py

    is_cuda = False
    is_cpu = True

    def type(self, dtype=None):
        if dtype is None:
            return f"pyautograd.{self.dtype.legacy_name}"
        return self.to(dtype)

    # ---- conversion out of the tensor world ----------------------------------------------
    def item(self):
        if self._data.size != 1:
            raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted to Scalar")
        return self._data.reshape(()).item()

    def tolist(self):
        return self._data.tolist()

    def numpy(self, force=False):
        if self._requires_grad and not force:
            raise RuntimeError(
                "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() instead."
            )
        return self._data

    def __array__(self, dtype=None, copy=None):
        return self._data if dtype is None else self._data.astype(dtype)

    def __float__(self):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        if self._requires_grad and _grad_mode.enabled and not _warned_once:
            # PyTorch warns here (recording), once per process (TORCH_WARN_ONCE), and never
            # for item(), int() or under no_grad
            _warn_scalar_of_grad_once()
        return float(self.item())

    def __int__(self):
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return int(self.item())

    def __index__(self):
        if self.dtype.is_floating_point or self._data.size != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self.item())

    def __bool__(self):
        if self._data.size != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self._data.reshape(()).item())

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-d tensor")
        return (self[i] for i in range(len(self._data)))

    def __hash__(self):
        return id(self)

    def __repr__(self):
        return tensor_repr(self)

    def __str__(self):
        return self.__repr__()  # a subclass's repr (Parameter's) prints too

    def __format__(self, spec):
        """As PyTorch: a plain 0-d tensor formats as its number (``f"{loss}"``, ``f"{loss:.3f}"``);
        anything else prints as itself and takes no format spec."""
        if self._data.ndim == 0 and type(self) is Tensor:
            return format(self.item(), spec)
        if spec:
            raise TypeError(f"unsupported format string passed to {type(self).__name__}.__format__")
        return str(self)

    def __deepcopy__(self, memo):
        t = Tensor._make(self._data.copy(), self._requires_grad)
        t.name = self.name
        memo[id(self)] = t
        return t


def _unwrap(data):
    """Nested lists/tuples of tensors or numbers -> something ``np.array`` understands."""
    if isinstance(data, Tensor):
        return data._data
    if isinstance(data, (list, tuple)) and any(isinstance(d, (Tensor, list, tuple)) for d in data):
        return [_element(d) if isinstance(d, Tensor) else _unwrap(d) for d in data]
    return data


def _element(t):
    """A tensor inside a list is one number to PyTorch (as ``float(t)``), never a row."""
    if t._data.size != 1:
        raise ValueError("only one element tensors can be converted to Python scalars")
    return t._data.reshape(())


def _check_can_require_grad(t):
    if not t._data.dtype.kind == "f":
        raise RuntimeError("only Tensors of floating point dtype can require gradients")
