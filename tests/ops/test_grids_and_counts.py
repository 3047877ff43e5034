"""meshgrid, histc, unique, ravel, broadcast_shapes, hstack/vstack, nonzero and tensors made
from lists of tensors, against PyTorch: values, dtypes, grad_fn names, warnings and errors."""

import warnings

import numpy as np
import pytest
from torch_compare import norm_message

import pyautograd as T

torch = pytest.importorskip("torch")
LIBS = (T, torch)


def _outcome(fn):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        try:
            value = fn()
        except Exception as e:  # noqa: BLE001 - the error is the outcome compared
            value = (type(e).__name__, norm_message(str(e)))
    shown = [norm_message(str(w.message)) for w in seen]
    if isinstance(value, tuple) and value and not isinstance(value[0], str):
        value = [(v.tolist(), str(v.dtype), tuple(v.shape), type(v.grad_fn).__name__) for v in value]
    elif not isinstance(value, tuple):
        value = (value.tolist(), str(value.dtype), tuple(value.shape))
    return json_text(value), shown


def json_text(value):
    return repr(value).replace("torch.", "pyautograd.")


MESHGRID = [
    lambda L, a, b: L.meshgrid(a, b, indexing="ij"),
    lambda L, a, b: L.meshgrid(a, b, indexing="xy"),
    lambda L, a, b: L.meshgrid([a, b, a], indexing="xy"),
    lambda L, a, b: L.meshgrid(a, indexing="xy"),
    lambda L, a, b: L.meshgrid(L.tensor(2.0), b, indexing="ij"),
    lambda L, a, b: L.meshgrid(a, b),
    lambda L, a, b: L.meshgrid(a, b, indexing="foo"),
    lambda L, a, b: L.meshgrid(indexing="ij"),
    lambda L, a, b: L.meshgrid(a, L.arange(3), indexing="ij"),
    lambda L, a, b: L.meshgrid(L.ones(2, 2), b, indexing="ij"),
]


@pytest.mark.parametrize("case", range(len(MESHGRID)))
def test_meshgrid_matches_pytorch(case):
    def run(L):
        a = L.tensor([1.0, 2.0], requires_grad=True)
        b = L.tensor([3.0, 4.0, 5.0])
        return _outcome(lambda: MESHGRID[case](L, a, b))

    ours, theirs = run(T), run(torch)
    if case == len(MESHGRID) - 1:  # PyTorch also prints the tensor, in C++'s own format
        assert ours[0].startswith(theirs[0].split("got:")[0])
        return
    assert ours == theirs


def test_meshgrid_gradient_flows_to_each_input():
    a = T.tensor([1.0, 2.0], requires_grad=True)
    b = T.tensor([3.0, 4.0, 5.0], requires_grad=True)
    x, y = T.meshgrid(a, b, indexing="xy")
    (x * y).sum().backward()
    assert x.shape == (3, 2) and a.grad.tolist() == [12.0, 12.0] and b.grad.tolist() == [3.0, 3.0, 3.0]


HISTC = [
    lambda L: L.histc(L.tensor([1.0, 2, 1]), bins=4, min=0, max=3),
    lambda L: L.histc(L.tensor([1.0, 2, 1, 7])),
    lambda L: L.tensor([1.0, 2, 1]).histc(bins=3),
    lambda L: L.histc(L.tensor([1.0, 2, 1], dtype=L.float64), bins=2, min=1.5, max=5),
    lambda L: L.histc(L.tensor([0.0, 1.0, 2.0, 3.0]), bins=3, min=0, max=3),
    lambda L: L.histc(L.tensor([5.0, 5.0]), bins=3),
    lambda L: L.histc(L.tensor([]), bins=3),
    lambda L: L.histc(L.tensor([0.1, 0.2, 0.3, 0.7, 0.9, 1.0, float("nan")]), bins=10, min=0, max=1),
    lambda L: L.histc(L.tensor([1.0, 2.0], requires_grad=True), bins=2),
    lambda L: L.histc(L.linspace(-1, 1, 1001) ** 3, bins=7, min=-1, max=1),
    lambda L: L.histc(L.tensor([1, 2])),
    lambda L: L.histc(L.tensor([1.0]), bins=0),
    lambda L: L.histc(L.tensor([1.0]), min=3, max=1),
    lambda L: L.histc(L.tensor([1.0, float("nan")])),
]


@pytest.mark.parametrize("case", range(len(HISTC)))
def test_histc_matches_pytorch(case):
    ours, theirs = (_outcome(lambda: HISTC[case](L)) for L in LIBS)
    assert ours == theirs


def test_histc_counts_every_value_in_range_once():
    x = T.randn(500, generator=T.Generator().manual_seed(0))
    counts = T.histc(x, bins=9, min=-1, max=1)
    assert counts.sum().item() == ((x >= -1) & (x <= 1)).sum().item()
    assert np.array_equal(counts.numpy(), np.histogram(x.numpy(), bins=9, range=(-1, 1))[0])


RAVEL = [
    lambda L: (L.arange(6.0).reshape(2, 3).requires_grad_().ravel(),),
    lambda L: (L.arange(6.0).reshape(2, 3).requires_grad_().t().ravel(),),
    lambda L: (L.ravel(L.tensor(3.0)),),
    lambda L: (L.arange(3.0, requires_grad=True).ravel(),),
]


@pytest.mark.parametrize("case", range(len(RAVEL)))
def test_ravel_matches_pytorch(case):
    ours, theirs = (_outcome(lambda: RAVEL[case](L)) for L in LIBS)
    assert ours == theirs


UNIQUE = [
    lambda L: (L.unique(L.tensor([3, 1, 2, 3, 1, 5])),),
    lambda L: L.tensor([3, 1, 2, 3, 1, 5]).unique(return_counts=True),
    lambda L: L.unique(L.tensor([3, 1, 2, 3, 1, 5]), return_inverse=True, return_counts=True),
    lambda L: L.unique(
        L.tensor([[1.0, 2.0], [1.0, 2.0], [0.0, 3.0]], requires_grad=True), return_inverse=True
    ),
    lambda L: L.unique(
        L.tensor([[1.0, 2.0], [1.0, 2.0], [0.0, 3.0]], requires_grad=True), dim=0, return_inverse=True
    ),
    lambda L: L.unique(L.tensor([[3, 1], [1, 3]]), dim=1, return_counts=True),
    lambda L: (L.unique(L.tensor([True, False, True])),),
    lambda L: (L.unique(L.tensor(3)),),
    lambda L: L.unique(L.tensor([[3, 1], [1, 2]]), return_inverse=True),
    lambda L: (L.unique(L.tensor([2.0, float("nan"), 1.0, float("nan")])),),
    lambda L: (L.tensor([-1.0, 1.0, 1.0, -1.0]).unique(),),
]


@pytest.mark.parametrize("case", range(len(UNIQUE)))
def test_unique_matches_pytorch(case):
    ours, theirs = (_outcome(lambda: UNIQUE[case](L)) for L in LIBS)
    assert ours == theirs


@pytest.mark.parametrize("dim", [None, 0])
def test_unique_refuses_backward_as_pytorch(dim):
    def run(L):
        x = L.tensor([[1.0, 2.0], [1.0, 2.0]], requires_grad=True)
        return _outcome(lambda: L.unique(x, dim=dim).sum().backward())

    ours, theirs = run(T), run(torch)
    assert ours == theirs and ours[0].startswith("('NotImplementedError'")


MORE = [
    lambda L: (L.broadcast_shapes((3, 1), (1, 4)),),
    lambda L: (L.broadcast_shapes((2,), (3, 1), (1, 1, 1)),),
    lambda L: (L.broadcast_shapes(3, (1, 3)),),
    lambda L: (L.broadcast_shapes(),),
    lambda L: L.broadcast_shapes((3, 1), (2, 4)),
    lambda L: L.broadcast_shapes((3,), (2, 1, 4)),
    lambda L: (L.hstack([L.tensor([1.0], requires_grad=True), L.tensor([2.0, 3.0])]),),
    lambda L: (L.hstack([L.ones(2, 1), L.zeros(2, 3)]),),
    lambda L: (L.hstack([L.tensor(1.0), L.tensor(2.0)]),),
    lambda L: (L.vstack([L.tensor([1.0, 2.0], requires_grad=True), L.tensor([3.0, 4.0])]),),
    lambda L: (L.vstack([L.ones(1, 2), L.tensor([5.0, 6.0])]),),
    lambda L: L.hstack([]),
    lambda L: L.vstack(L.ones(2, 2)),
    lambda L: (L.tensor([[0, 1], [2, 0]]).nonzero(),),
    lambda L: L.nonzero(L.tensor([[0, 1], [2, 0]]), as_tuple=True),
    lambda L: (L.argwhere(L.tensor([0.0, 2.0, 0.0, -1.0])),),
    lambda L: (L.tensor(3).nonzero(),),
    lambda L: L.tensor(0).nonzero(as_tuple=True),
    lambda L: (L.count_nonzero(L.tensor([[0, 1], [2, 0]])),),
    lambda L: (L.count_nonzero(L.tensor([[0, 1], [2, 3]]), dim=0),),
    lambda L: (L.tensor([L.tensor(1.0), L.tensor(2.0)]),),
    lambda L: (L.tensor([L.tensor([1.0]), 2.0]),),
    lambda L: L.tensor([L.tensor([1.0, 2.0]), L.tensor([3.0, 4.0])]),
    lambda L: L.Tensor([[L.tensor([1.0, 2.0])]]),
]


@pytest.mark.parametrize("case", range(len(MORE)))
def test_shapes_stacks_and_nonzero_match_pytorch(case):
    def run(L):
        if case < 4:  # a Size, compared by its printed form
            return repr(MORE[case](L)[0]).replace("torch.", "pyautograd.")
        return _outcome(lambda: MORE[case](L))

    assert run(T) == run(torch)
