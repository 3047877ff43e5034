"""DataLoader over a TensorDataset makes each batch with one fancy index per tensor instead of
stacking the examples one by one: the batches must be exactly what stacking gives."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pyautograd as T
from pyautograd.utils.data import DataLoader, TensorDataset
from pyautograd.utils.data.collate import default_collate


def _one_by_one(dataset, batch_size, seed, **kwargs):
    """The same loader, made to fetch examples one at a time (a collate_fn that is not
    default_collate itself takes the general path)."""
    T.manual_seed(seed)
    return list(DataLoader(dataset, batch_size=batch_size, collate_fn=lambda b: default_collate(b), **kwargs))


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(1, 40),
    batch_size=st.integers(1, 9),
    width=st.integers(0, 3),
    shuffle=st.booleans(),
    drop_last=st.booleans(),
    dtype=st.sampled_from([np.float32, np.float64, np.int64]),
    seed=st.integers(0, 2**16),
)
def test_batches_equal_stacked_examples(n, batch_size, width, shuffle, drop_last, dtype, seed):
    rng = np.random.default_rng(seed)
    shape = (n,) + (3,) * width
    X = T.tensor((rng.random(shape) * 10).astype(dtype))
    y = T.tensor(rng.integers(0, 10, n))
    ds = TensorDataset(X, y)
    T.manual_seed(seed)
    fast = list(DataLoader(ds, batch_size=batch_size, shuffle=shuffle, drop_last=drop_last))
    slow = _one_by_one(ds, batch_size, seed, shuffle=shuffle, drop_last=drop_last)
    assert len(fast) == len(slow)
    for got, want in zip(fast, slow):
        assert type(got) is type(want) is list and len(got) == len(want) == 2
        for g, w in zip(got, want):
            assert g.dtype == w.dtype and g.shape == w.shape and g.is_contiguous() == w.is_contiguous()
            assert np.array_equal(g.numpy(), w.numpy()) and not g.requires_grad


def test_a_batch_of_tensors_that_require_grad_is_stacked_in_the_graph():
    X = T.randn(6, 2, requires_grad=True)
    (xb,) = next(iter(DataLoader(TensorDataset(X), batch_size=4)))
    assert type(xb.grad_fn).__name__ == "StackBackward0"
    with T.no_grad():
        (xb,) = next(iter(DataLoader(TensorDataset(X), batch_size=4)))
    assert xb.grad_fn is None and np.array_equal(xb.numpy(), X.detach().numpy()[:4])


def test_batches_do_not_share_memory_with_the_dataset():
    X = T.arange(12.0).reshape(6, 2)
    (xb,) = next(iter(DataLoader(TensorDataset(X), batch_size=3)))
    xb[0, 0] = 100.0
    assert X[0, 0].item() == 0.0


@pytest.mark.parametrize("shuffle", [False, True])
def test_the_lesson_loader_draws_what_it_drew_before(shuffle):
    """Random state after an epoch is the same either way (the sampler draws, not the fetch)."""
    ds = TensorDataset(T.arange(10.0), T.arange(10))
    T.manual_seed(3)
    list(DataLoader(ds, batch_size=4, shuffle=shuffle))
    after_fast = T.rand(1).item()
    _one_by_one(ds, 4, 3, shuffle=shuffle)
    assert T.rand(1).item() == after_fast
