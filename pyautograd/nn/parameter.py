"""Parameter: a tensor that a Module treats as one of its learnable weights."""

from ..creation import empty
from ..tensor import Tensor, _init


class Parameter(Tensor):
    """A leaf tensor (requires grad by default) that registers itself when assigned to a
    Module attribute, so ``module.parameters()`` finds it. It shares memory with ``data``."""

    __slots__ = ()

    def __new__(cls, data=None, requires_grad=True):
        data = empty(0) if data is None else data
        p = object.__new__(cls)
        _init(p, data._data, False, None)
        p._vc = data._vc
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
