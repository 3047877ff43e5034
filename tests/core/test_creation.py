"""Creating tensors: factories, dtypes, legacy constructors, Variable, .data, seeds."""

import numpy as np
import pytest

import pyautograd as T
from pyautograd.autograd import Variable


@pytest.fixture(autouse=True)
def _default_dtype():
    T.set_default_dtype(T.float32)
    yield
    T.set_default_dtype(T.float32)


def test_tensor_from_nested_lists_floats_default_float32():
    t = T.tensor([[1.0, 2.0], [3.0, 4.5]])
    assert t.dtype == T.float32
    assert t.shape == (2, 2)
    assert t.tolist() == [[1.0, 2.0], [3.0, 4.5]]
    assert not t.requires_grad and t.is_leaf and t.grad_fn is None and t.grad is None


def test_tensor_from_python_scalar_is_0d():
    t = T.tensor(2.5)
    assert t.shape == () and t.dim() == 0 and t.item() == 2.5
    assert isinstance(t.item(), float)


def test_tensor_from_ints_is_int64_and_item_is_int():
    t = T.tensor([1, 2, 3])
    assert t.dtype == T.int64
    assert t.tolist() == [1, 2, 3]
    assert isinstance(T.tensor(4).item(), int)


def test_tensor_from_numpy_keeps_float64_and_copies():
    a = np.array([1.0, 2.0])
    t = T.tensor(a)
    assert t.dtype == T.float64
    a[0] = 100.0
    assert t.tolist() == [1.0, 2.0]  # torch.tensor copies its data


def test_tensor_from_numpy_float32():
    assert T.tensor(np.ones(2, dtype=np.float32)).dtype == T.float32


def test_tensor_dtype_argument():
    t = T.tensor([1, 2], dtype=T.float64)
    assert t.dtype == T.float64 and t.tolist() == [1.0, 2.0]
    assert T.tensor([1.5], dtype=T.float32).dtype == T.float32


def test_tensor_of_tensor_copies():
    a = T.tensor([1.0, 2.0])
    b = T.tensor(a.tolist())
    b.add_(1)
    assert a.tolist() == [1.0, 2.0]


def test_requires_grad_at_creation():
    t = T.tensor([1.0], requires_grad=True)
    assert t.requires_grad and t.is_leaf and t.grad_fn is None


def test_float32_rounding_is_real():
    """float32 storage really rounds (0.1 is not exactly representable)."""
    t = T.tensor(0.1)
    assert t.item() == float(np.float32(0.1))
    assert t.item() != 0.1
    assert T.tensor(0.1, dtype=T.float64).item() == 0.1


@pytest.mark.parametrize("fn, value", [(T.zeros, 0.0), (T.ones, 1.0)])
def test_zeros_ones_shapes(fn, value):
    for args, shape in [((3,), (3,)), ((2, 3), (2, 3)), (((2, 3),), (2, 3)), (([4],), (4,)), (((),), ())]:
        t = fn(*args)
        assert t.shape == shape
        assert t.dtype == T.float32
        assert np.all(np.asarray(t.tolist()) == value)
    assert fn(2, dtype=T.float64).dtype == T.float64
    assert fn(2, requires_grad=True).requires_grad


def test_like_functions():
    a = T.tensor([[1.0, 2.0, 3.0]], dtype=T.float64)
    z, o = T.zeros_like(a), T.ones_like(a)
    assert z.shape == o.shape == (1, 3)
    assert z.dtype == o.dtype == T.float64
    assert z.tolist() == [[0.0, 0.0, 0.0]] and o.tolist() == [[1.0, 1.0, 1.0]]
    assert not z.requires_grad
    assert T.ones_like(a, requires_grad=True).requires_grad


def test_full():
    t = T.full((2, 2), 7.5)
    assert t.tolist() == [[7.5, 7.5], [7.5, 7.5]] and t.dtype == T.float32


def test_arange_like_torch():
    assert T.arange(4).tolist() == [0, 1, 2, 3] and T.arange(4).dtype == T.int64
    assert T.arange(1, 7, 2).tolist() == [1, 3, 5]
    f = T.arange(0.0, 1.0, 0.25)
    assert f.dtype == T.float32 and f.tolist() == [0.0, 0.25, 0.5, 0.75]
    assert T.arange(3, dtype=T.float64).dtype == T.float64


def test_rand_randn_empty_shapes_and_ranges():
    T.manual_seed(0)
    r = T.rand(1000)
    assert r.shape == (1000,) and r.dtype == T.float32
    v = np.asarray(r.tolist())
    assert v.min() >= 0.0 and v.max() < 1.0 and 0.4 < v.mean() < 0.6
    n = np.asarray(T.randn(4000).tolist())
    assert abs(n.mean()) < 0.1 and 0.9 < n.std() < 1.1
    assert T.randn(2, 3).shape == (2, 3) and T.rand((2, 3)).shape == (2, 3)
    e = T.empty(2, 3)
    assert e.shape == (2, 3) and e.dtype == T.float32


def test_pin_memory_is_accepted_and_ignored():
    for fn in (T.empty, T.zeros, T.ones, T.rand, T.randn):
        t = fn(1, requires_grad=True, pin_memory=True)
        assert t.shape == (1,) and t.requires_grad
    assert T.full((2,), 1.0, pin_memory=True).tolist() == [1.0, 1.0]
    assert T.arange(3, pin_memory=True).tolist() == [0, 1, 2]
    assert T.zeros_like(T.ones(2), pin_memory=True).shape == (2,)
    assert T.ones_like(T.ones(2), pin_memory=True).shape == (2,)
    assert T.tensor([1.0], pin_memory=True).tolist() == [1.0]


def test_manual_seed_reproducible():
    T.manual_seed(42)
    a = T.randn(5).tolist(), T.rand(3).tolist()
    T.manual_seed(42)
    b = T.randn(5).tolist(), T.rand(3).tolist()
    T.manual_seed(43)
    c = T.randn(5).tolist()
    assert a == b
    assert a[0] != c


def test_set_default_dtype_float64():
    T.set_default_dtype(T.float64)
    assert T.get_default_dtype() == T.float64
    assert T.tensor([1.0]).dtype == T.float64
    assert T.zeros(2).dtype == T.float64 and T.randn(2).dtype == T.float64
    assert T.tensor(0.1).item() == 0.1
    assert T.tensor([1, 2]).dtype == T.int64  # ints stay ints
    T.set_default_dtype(T.float32)
    assert T.tensor([1.0]).dtype == T.float32


def test_dtype_objects():
    assert T.float32 != T.float64
    assert str(T.float64) == "pyautograd.float64"


def test_dtype_conversions():
    t = T.tensor([1.5, 2.5])
    assert t.double().dtype == T.float64 and t.double().tolist() == [1.5, 2.5]
    assert t.double().float().dtype == T.float32


def test_float_tensor_and_double_tensor():
    f = T.FloatTensor([0.1, 1.0, 0.0001])
    assert f.dtype == T.float32 and f.shape == (3,)
    assert np.allclose(f.tolist(), [0.1, 1.0, 0.0001])
    g = T.FloatTensor([[1, 0, 0, 0]])
    assert g.dtype == T.float32 and g.tolist() == [[1.0, 0.0, 0.0, 0.0]]
    d = T.DoubleTensor([1, 2])
    assert d.dtype == T.float64 and d.tolist() == [1.0, 2.0]
    assert not f.requires_grad


def test_float_tensor_from_sizes():
    """Legacy FloatTensor(2, 3) makes an (uninitialised) tensor of that shape."""
    assert T.FloatTensor(2, 3).shape == (2, 3)


def test_variable_wraps_tensor():
    x = Variable(T.FloatTensor([[1, 2, 3, 4]]), requires_grad=True)
    assert isinstance(x, T.Tensor)
    assert x.requires_grad and x.is_leaf and x.shape == (1, 4)
    z = 2 * x
    z.sum().backward()
    assert x.grad.tolist() == [[2.0, 2.0, 2.0, 2.0]]
    assert not Variable(T.ones(2)).requires_grad
    assert T.autograd.Variable is Variable


def test_data_shares_storage_and_is_detached():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    d = x.data
    assert not d.requires_grad and d.grad_fn is None
    d.mul_(3)  # allowed: .data is outside autograd
    assert x.tolist() == [3.0, 6.0]


def test_data_setter():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    x.data = T.tensor([5.0, 6.0])
    assert x.tolist() == [5.0, 6.0] and x.requires_grad and x.is_leaf


def test_grad_data_zero_resets_grad():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    (x * 3).sum().backward()
    x.grad.data.zero_()
    assert x.grad.tolist() == [0.0, 0.0]


def test_item_tolist_numpy():
    t = T.tensor([[1.0, 2.0]])
    assert t.tolist() == [[1.0, 2.0]]
    assert T.tensor([[3.5]]).item() == 3.5  # one element, any shape
    n = t.numpy()
    assert isinstance(n, np.ndarray) and n.dtype == np.float32 and n.shape == (1, 2)
    n[0, 0] = 9.0  # numpy() shares memory like torch
    assert t.tolist() == [[9.0, 2.0]]
    x = T.tensor([1.0], requires_grad=True)
    assert x.detach().numpy().tolist() == [1.0]


def test_shape_size_dim_numel_len():
    t = T.zeros(2, 3, 4)
    assert t.shape == (2, 3, 4) and tuple(t.shape) == (2, 3, 4)
    assert t.size() == (2, 3, 4) and t.size(1) == 3 and t.size(-1) == 4
    assert t.shape[0] == 2
    assert t.dim() == 3 and t.ndim == 3
    assert t.numel() == 24
    assert len(t) == 2


def test_python_number_conversions():
    assert float(T.tensor(2.5)) == 2.5
