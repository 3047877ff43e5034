"""nn.Flatten, nn.Unflatten and Tensor.unflatten against PyTorch: shapes, gradients, printed
forms and errors."""

import numpy as np
import pytest
from torch_compare import same_error

import pyautograd as pag

torch = pytest.importorskip("torch")


@pytest.mark.parametrize(
    "make",
    [
        lambda nn: nn.Flatten(),
        lambda nn: nn.Flatten(0, 2),
        lambda nn: nn.Unflatten(1, (2, 3)),
        lambda nn: nn.Unflatten(1, [3, 2]),
        lambda nn: nn.Unflatten(-2, (2, -1)),
        lambda nn: nn.Sequential(nn.Flatten(), nn.Unflatten(1, (3, 2, 1))),
    ],
)
def test_modules_as_pytorch(make):
    ours, theirs = make(pag.nn), make(torch.nn)
    assert repr(ours) == repr(theirs)
    x = np.random.default_rng(0).standard_normal((2, 6, 1))
    results = []
    for L, layer in ((pag, ours), (torch, theirs)):
        t = L.tensor(x, requires_grad=True)
        y = layer(t)
        (y * L.tensor(np.arange(y.numel(), dtype=float).reshape(tuple(y.shape)))).sum().backward()
        results.append((tuple(y.shape), y.detach().numpy(), t.grad.numpy(), y.grad_fn.name()))
    assert results[0][0] == results[1][0] and results[0][3] == results[1][3]
    np.testing.assert_array_equal(results[0][1], results[1][1])
    np.testing.assert_array_equal(results[0][2], results[1][2])


ERRORS = [
    lambda L: L.nn.Unflatten(1, 5),
    lambda L: L.nn.Unflatten(1, (2, 3.0)),
    lambda L: L.nn.Unflatten(1, (2, 3))(L.randn(2, 5)),
    lambda L: L.randn(5).unflatten(0, (2, -1)),
    lambda L: L.randn(5).unflatten(0, ()),
    lambda L: L.randn(5).unflatten(1, (5,)),
    lambda L: L.randn(2, 5).unflatten(-1, (2, 2)),
]


@pytest.mark.parametrize("case", range(len(ERRORS)))
def test_errors_as_pytorch(case):
    same_error(lambda L: lambda: ERRORS[case](L), spell=str)


def test_errors_pytorch_words_with_its_cpp_trace():
    """PyTorch wraps these two in "unflatten got an unexpected error" and a C++ stack: the
    type and the first line of the reason must match."""
    for case in (lambda L: L.randn(6).unflatten(0, (-1, -1)), lambda L: L.tensor(1.0).unflatten(0, (1,))):
        caught = []
        for L in (pag, torch):
            with pytest.raises(Exception) as info:
                case(L)
            caught.append(info.value)
        theirs = str(caught[1]).splitlines()[1]
        assert str(caught[0]) == theirs
        assert type(caught[0]) is type(caught[1])
