"""An in-place op whose result is of a higher kind than the tensor (a float into an integer
tensor, an integer into a bool one) is refused with PyTorch's error, on the general path and
on the speed path outside the graph; results of the same kind are written, as PyTorch does."""

import pytest
from torch_compare import same_error

import pyautograd

REFUSED = {
    "int add_ float": lambda L: L.tensor([1, 2]).add_(1.5),
    "int mul_ float": lambda L: L.tensor([1, 2]).mul_(1.5),
    "int sub_ float tensor": lambda L: L.tensor([1, 2]).sub_(L.tensor([0.5, 0.5])),
    "int sub_ 0-d float tensor": lambda L: L.tensor([1, 2]).sub_(L.tensor(0.5)),
    "int div_ int": lambda L: L.tensor([1, 2]).div_(2),
    "int += float": lambda L: L.tensor([1, 2]).__iadd__(1.5),
    "int -= float tensor": lambda L: L.tensor([[1, 2]]).__isub__(L.tensor([[0.5, 0.5]])),
    "bool add_ int": lambda L: L.tensor([True, False]).add_(1),
}

KEPT = {
    "bool add_ bool": lambda L: L.tensor([True, False]).add_(True),
    "int32 add_ int64": lambda L: L.tensor([1, 2], dtype=L.int32).add_(L.tensor([1, 1])),
    "uint8 mul_ int": lambda L: L.tensor([1, 2], dtype=L.uint8).mul_(3),
    "float32 add_ float64": lambda L: L.tensor([1.0, 2.0]).add_(L.tensor([0.5, 0.5], dtype=L.float64)),
}


def _under(no_grad, make):
    def run(L):
        def call():
            if no_grad:
                with L.no_grad():
                    return make(L)
            return make(L)

        return call

    return run


@pytest.mark.parametrize("no_grad", [False, True], ids=["grad mode", "no_grad"])
@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_as_pytorch_refuses(name, no_grad):
    kind, message = same_error(_under(no_grad, REFUSED[name]))
    assert kind == "RuntimeError" and "can't be cast to the desired output type" in message


@pytest.mark.parametrize("no_grad", [False, True], ids=["grad mode", "no_grad"])
@pytest.mark.parametrize("name", sorted(KEPT))
def test_same_kind_is_written_as_pytorch_writes_it(name, no_grad):
    import torch

    ours, theirs = _under(no_grad, KEPT[name])(pyautograd)(), _under(no_grad, KEPT[name])(torch)()
    assert ours.tolist() == theirs.tolist()
    assert str(ours.dtype).split(".")[-1] == str(theirs.dtype).split(".")[-1]
