"""Parameter: a tensor that a Module treats as one of its learnable weights."""

import numpy as np

from .. import dtypes
from ..creation import empty
from ..tensor import Tensor


class Parameter(Tensor):
    """A leaf tensor (requires grad by default) that registers itself when assigned to a
    Module attribute, so ``module.parameters()`` finds it. It shares memory with ``data``."""

    __slots__ = ()

    def __new__(cls, data=None, requires_grad=True):
        data = empty(0) if data is None else data
        p = cls._make(data._data)
        p._version_counter = data._version_counter
        if requires_grad:
            p.requires_grad_(True)
        return p

    def __init__(self, data=None, requires_grad=True):
        pass  # everything happened in __new__

    def __repr__(self):
        return "Parameter containing:\n" + super().__repr__()

    __str__ = __repr__

    def __deepcopy__(self, memo):
        p = Parameter(Tensor._make(self._data.copy()), self._requires_grad)
        memo[id(self)] = p
        return p

    def __reduce_ex__(self, proto):
        return (Parameter, (Tensor._make(self._data), self._requires_grad))


def _unusable(name):
    def method(self, *args, **kwargs):
        raise ValueError(
            f"Attempted to use an uninitialized parameter in <method '{name}' of 'pyautograd._C.TensorBase' "
            "objects>. This error happens when you are using a `LazyModule` or explicitly manipulating "
            "`pyautograd.nn.parameter.UninitializedParameter` objects. When using LazyModules Call `forward` "
            "with a dummy batch to initialize the parameters before calling torch functions"
        )

    return method


class UninitializedParameter(Parameter):
    """A parameter of a lazy module before its first call: no shape yet, so reading the shape or
    the size fails as in PyTorch. The first call turns this same object into a ``Parameter``
    (``materialize``), so an optimizer made before that call still holds it."""

    __slots__ = ()
    cls_to_become = Parameter

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        p = super().__new__(cls, None, requires_grad)
        p._data = np.empty(0, dtypes.to_numpy_dtype(dtype or dtypes.get_default_dtype()))
        return p

    def __init__(self, requires_grad=True, device=None, dtype=None):
        pass

    @property
    def shape(self):
        raise RuntimeError(
            "Can't access the shape of an uninitialized parameter or buffer. This error usually happens in "
            "`load_state_dict` when trying to load an uninitialized parameter into an initialized one. Call "
            "`forward` to initialize the parameters before accessing their attributes."
        )

    numel = nelement = _unusable("numel")
    size = _unusable("size")
    dim = _unusable("dim")
    tolist = _unusable("tolist")
    item = _unusable("item")

    def materialize(self, shape, device=None, dtype=None):
        """Give the parameter memory of ``shape`` (uninitialised) and make it a ``Parameter``."""
        self._data = np.empty(
            tuple(shape), self._data.dtype if dtype is None else dtypes.to_numpy_dtype(dtype)
        )
        self.__class__ = self.cls_to_become

    def __repr__(self):
        return "<UninitializedParameter>"

    __str__ = __repr__

    def __deepcopy__(self, memo):
        p = UninitializedParameter(self._requires_grad)
        memo[id(self)] = p
        return p

    def __reduce_ex__(self, proto):
        return (UninitializedParameter, (self._requires_grad,))
