"""``Size`` stays a ``Size`` when sliced, concatenated or repeated, as ``torch.Size`` does, so
``x.shape[1:]`` and ``x.shape + (1,)`` print as PyTorch prints them; indexing gives an int;
misuse raises PyTorch's error."""

import pytest
from torch_compare import in_our_words, same_error

import pyautograd

SAME = [
    "a + b",
    "a + (5,)",
    "(5,) + a",
    "a * 2",
    "2 * a",
    "a * 0",
    "a * True",
    "a[1:]",
    "a[::-1]",
    "a[5:]",
    "a[0]",
    "a[-1]",
]
REFUSED = ["a + [3]", "a * 2.0", "2.0 * a"]


def _shapes(L):
    return {"a": L.Size([2, 3]), "b": L.Size([4])}


@pytest.mark.parametrize("expr", SAME)
def test_result_and_its_printed_form_are_pytorchs(expr):
    import torch

    ours, theirs = eval(expr, _shapes(pyautograd)), eval(expr, _shapes(torch))
    assert repr(ours) == in_our_words(repr(theirs))
    assert type(ours).__name__ == type(theirs).__name__


@pytest.mark.parametrize("expr", REFUSED)
def test_misuse_raises_pytorchs_error(expr):
    same_error(lambda L: lambda: eval(expr, _shapes(L)))


def test_a_shape_is_still_a_tuple():
    a = pyautograd.zeros(2, 3).shape
    assert a == (2, 3) and hash(a) == hash((2, 3)) and isinstance(a, tuple)
    assert repr(pyautograd.zeros(2, 3, 4).shape[1:]) == "pyautograd.Size([3, 4])"
