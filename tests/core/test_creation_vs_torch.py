"""Factories and dtype helpers against torch: dtypes, shapes, values, seeding and errors."""

import copy
import pickle
import warnings

import numpy as np
import pytest
from torch_compare import same_error

import pyautograd as pag
from pyautograd import dtypes

torch = pytest.importorskip("torch")
LIBS = (pag, torch)


def _name(dtype):
    return repr(dtype).split(".")[-1]


def _desc(t):
    """What a reader sees of a tensor: dtype name, shape, values, requires_grad."""
    return _name(t.dtype), tuple(t.shape), t.tolist(), t.requires_grad


def _same(make):
    ours, theirs = make(pag), make(torch)
    assert _desc(ours) == _desc(theirs)
    return ours


# ---- dtypes --------------------------------------------------------------------------------------
@pytest.mark.parametrize("py_type", [float, int, bool])
def test_python_types_as_dtype_match_torch(py_type):
    _same(lambda L: L.zeros(2, dtype=py_type))
    _same(lambda L: L.ones(1, 2, dtype=py_type))
    _same(lambda L: L.tensor([1, 0, 2], dtype=py_type))
    _same(lambda L: L.full((2,), 1, dtype=py_type))


def test_python_float_dtype_ignores_the_default_like_torch():
    for L in LIBS:
        L.set_default_dtype(L.float64)
        try:
            assert L.zeros(1, dtype=float).dtype == L.float64
        finally:
            L.set_default_dtype(L.float32)
        assert L.zeros(1, dtype=float).dtype == L.float64


def test_numpy_dtypes_are_accepted():
    assert pag.zeros(2, dtype=np.float64).dtype == pag.float64
    assert pag.ones(2, dtype=np.int32).dtype == pag.int32
    assert dtypes.to_numpy_dtype("int16") == np.int16


@pytest.mark.parametrize(
    "name", ["float16", "float32", "float64", "int8", "uint8", "int16", "int32", "int64", "bool"]
)
def test_dtype_objects_match_torch(name):
    ours, theirs = getattr(pag, name), getattr(torch, name)
    assert repr(ours) == repr(theirs).replace("torch.", "pyautograd.")
    assert ours.is_floating_point == theirs.is_floating_point
    assert pickle.loads(pickle.dumps(ours)) is ours
    assert copy.deepcopy(ours) is ours and copy.copy(ours) is ours
    assert pag.zeros(1, dtype=ours).dtype is ours
    assert pag.from_numpy(np.zeros(2, dtype=ours.numpy)).dtype is ours


def test_dtype_aliases_match_torch():
    for alias, name in [
        ("half", "float16"),
        ("float", "float32"),
        ("double", "float64"),
        ("short", "int16"),
        ("int", "int32"),
        ("long", "int64"),
    ]:
        assert getattr(pag, alias) is getattr(pag, name)
        assert getattr(torch, alias) is getattr(torch, name)


def test_unnamed_numpy_dtypes_map_to_the_nearest_named_one():
    assert dtypes.from_numpy_dtype(np.dtype(np.uint16)) is pag.int64
    assert dtypes.from_numpy_dtype(np.dtype(np.uint32)) is pag.int64
    assert dtypes.from_numpy_dtype(np.dtype(np.longdouble)) is pag.float64
    assert dtypes.from_numpy_dtype(np.dtype(np.complex64)) is pag.float64
    assert dtypes.from_numpy_dtype(np.dtype(np.int32)) is pag.int32


def test_set_default_dtype_rejects_integer_types_like_torch():
    for bad in ("int64", "bool", "int32"):
        ours = same_error(lambda L: lambda: L.set_default_dtype(getattr(L, bad)))
        assert ours == ("TypeError", "only floating-point types are supported as the default type")
    assert pag.get_default_dtype() is pag.float32


def test_default_dtype_float16_affects_factories():
    for L in LIBS:
        L.set_default_dtype(L.float16)
        try:
            assert L.tensor([1.5]).dtype == L.ones(2).dtype == L.float16
        finally:
            L.set_default_dtype(L.float32)


# ---- tensor / as_tensor / from_numpy ---------------------------------------------------------------------
def test_as_tensor_of_numpy_shares_memory_and_keeps_dtype():
    for L in LIBS:
        a = np.array([1.0, 2.0])
        t = L.as_tensor(a)
        a[0] = 7.0
        assert t.tolist() == [7.0, 2.0] and t.dtype == L.float64


def test_as_tensor_of_numpy_with_a_dtype_converts_like_torch():
    _same(lambda L: L.as_tensor(np.array([1, 2]), dtype=L.float32))
    for L in LIBS:
        a = np.array([1.0, 2.0], dtype=np.float32)
        t = L.as_tensor(a, dtype=L.float32)  # same dtype: still shared
        a[1] = 5.0
        assert t.tolist() == [1.0, 5.0]


def test_as_tensor_of_a_tensor_is_itself_or_a_differentiable_conversion():
    for L in LIBS:
        x = L.tensor([1.0, 2.0], requires_grad=True)
        assert L.as_tensor(x) is x and L.as_tensor(x, dtype=L.float32) is x
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no copy-construct warning
            y = L.as_tensor(x, dtype=L.float64)
        assert y.dtype == L.float64 and type(y.grad_fn).__name__ == "ToCopyBackward0"
        (y * y).sum().backward()
        assert x.grad.tolist() == [2.0, 4.0]


def test_as_tensor_of_python_data():
    _same(lambda L: L.as_tensor([1, 2]))
    _same(lambda L: L.as_tensor(3.5))
    _same(lambda L: L.as_tensor([[1.0], [2.0]], dtype=L.float64))


@pytest.mark.parametrize(
    "value",
    [
        np.float64(2.5),
        np.int32(3),
        np.array(2, dtype=np.int16),
        np.float32(0.1),
        np.array([1, 2], dtype=np.uint8),
    ],
)
def test_tensor_of_numpy_values_keeps_their_dtype_like_torch(value):
    _same(lambda L: L.tensor(value))


def test_tensor_with_explicit_dtype_does_not_round_through_the_default():
    for L in LIBS:
        assert L.tensor([0.1], dtype=L.float64).item() == 0.1
        assert L.tensor(0.1, dtype=L.float64).item() == 0.1
    _same(lambda L: L.tensor([1, 2], dtype=L.float32))
    _same(lambda L: L.tensor([1.7, -2.2], dtype=L.int64))


def test_list_with_a_float64_tensor_keeps_float64():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t = pag.tensor([pag.tensor(1.0, dtype=pag.float64), 2.0])
    assert t.dtype == pag.float64 and t.tolist() == [1.0, 2.0]
    assert pag.tensor([pag.tensor(1.0), 2.0]).dtype == pag.float32


def test_integer_factories_refuse_requires_grad_like_torch():
    for make in (
        lambda L: L.tensor([1, 2], requires_grad=True),
        lambda L: L.zeros(2, dtype=L.int64, requires_grad=True),
        lambda L: L.arange(3, requires_grad=True),
        lambda L: L.full((2,), 3, requires_grad=True),
    ):
        ours = same_error(lambda L: lambda: make(L))
        assert ours == (
            "RuntimeError",
            "Only Tensors of floating point and complex dtype can require gradients",
        )


# ---- constant factories ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "make",
    [
        lambda L: L.zeros((2, 3)),
        lambda L: L.ones([2]),
        lambda L: L.zeros(()),
        lambda L: L.zeros(2, 3, dtype=L.int32),
        lambda L: L.ones(2, requires_grad=True),
        lambda L: L.full((2,), True),
        lambda L: L.full((2,), 3),
        lambda L: L.full((2,), 3.0),
        lambda L: L.full([1, 2], 2, dtype=L.float64),
        lambda L: L.full((2,), 1.5, requires_grad=True),
        lambda L: L.full_like(L.tensor([[1, 2]]), 7),
        lambda L: L.full_like(L.tensor([[1, 2]]), 2.5),
        lambda L: L.full_like(L.tensor([[1, 2]]), 2.5, dtype=L.float32),
        lambda L: L.full_like(L.ones(2), 3.0, requires_grad=True),
        lambda L: L.zeros_like(L.tensor([[1, 2]]), dtype=L.float64),
        lambda L: L.ones_like(L.ones(2, dtype=L.float64), requires_grad=True),
        lambda L: L.arange(5),
        lambda L: L.arange(1, 4),
        lambda L: L.arange(0, 1, 0.25),
        lambda L: L.arange(3, dtype=L.float64),
        lambda L: L.arange(0.0, 3.0),
        lambda L: L.arange(5, 0, -2),
        lambda L: L.arange(4, dtype=L.float32, requires_grad=True),
        lambda L: L.linspace(0, 1, 5),
        lambda L: L.linspace(-1, 1, 3, dtype=L.float64),
        lambda L: L.linspace(0, 1, 3, requires_grad=True),
        lambda L: L.eye(2),
        lambda L: L.eye(2, 3),
        lambda L: L.eye(3, 2, dtype=L.int64),
        lambda L: L.eye(2, requires_grad=True),
        lambda L: L.LongTensor([1, 2]),
        lambda L: L.DoubleTensor([[1, 2]]),
        lambda L: L.FloatTensor([True, False]),
    ],
)
def test_constant_factories_match_torch(make):
    _same(make)


def test_empty_shapes_and_dtypes_match_torch():
    for make in (
        lambda L: L.empty_like(L.tensor([[1, 2]])),
        lambda L: L.empty(2, 3, dtype=L.float64),
        lambda L: L.empty((4,)),
        lambda L: L.FloatTensor(2, 3),
        lambda L: L.LongTensor(3),
        lambda L: L.empty_like(L.ones(2), dtype=L.int32),
    ):
        ours, theirs = make(pag), make(torch)
        assert (_name(ours.dtype), tuple(ours.shape)) == (_name(theirs.dtype), tuple(theirs.shape))


def test_legacy_constructor_with_a_numpy_integer_size():
    assert pag.DoubleTensor(np.int64(2)).shape == (2,)
    assert pag.FloatTensor.__name__ == "FloatTensor" and pag.LongTensor.__name__ == "LongTensor"


# ---- random factories ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "make",
    [
        lambda L: L.rand(2, 3, dtype=L.float64),
        lambda L: L.randn((2, 3)),
        lambda L: L.rand(4, requires_grad=True),
        lambda L: L.randint(5, size=(3,)),
        lambda L: L.randint(2, 4, (2, 2)),
        lambda L: L.randint(3, size=(2,), dtype=L.int32),
        lambda L: L.randint(-3, 3, (4,), dtype=L.float64),
        lambda L: L.rand_like(L.ones(2, 2)),
        lambda L: L.randn_like(L.ones(3, dtype=L.float64)),
        lambda L: L.rand_like(L.ones(2), dtype=L.float64),
        lambda L: L.randn_like(L.ones(2), requires_grad=True),
    ],
)
def test_random_factories_dtype_shape_and_flag_match_torch(make):
    ours, theirs = make(pag), make(torch)
    assert (_name(ours.dtype), tuple(ours.shape), ours.requires_grad) == (
        _name(theirs.dtype),
        tuple(theirs.shape),
        theirs.requires_grad,
    )


def test_random_factories_ranges():
    pag.manual_seed(0)
    i = pag.randint(-2, 3, (2000,))
    assert i.min().item() == -2 and i.max().item() == 2
    assert sorted(set(pag.randint(4, size=(500,)).tolist())) == [0, 1, 2, 3]
    u = pag.rand_like(pag.ones(5000, dtype=pag.float64)).numpy()
    assert u.min() >= 0 and u.max() < 1 and abs(u.mean() - 0.5) < 0.02
    n = pag.randn_like(pag.ones(5000)).numpy()
    assert abs(n.mean()) < 0.05 and abs(n.std() - 1) < 0.05


@pytest.mark.parametrize(
    "draw",
    [
        lambda: pag.rand(3),
        lambda: pag.randn(2, 2),
        lambda: pag.randint(0, 100, (5,)),
        lambda: pag.rand_like(pag.ones(3)),
        lambda: pag.randn_like(pag.ones(3)),
        lambda: pag.nn.Linear(3, 2).weight,
    ],
)
def test_manual_seed_repeats_draws(draw):
    pag.manual_seed(42)
    first = draw().tolist()
    second = draw().tolist()
    pag.manual_seed(42)
    assert draw().tolist() == first and draw().tolist() == second
    assert first != second


def test_seed_picks_a_fresh_seed_and_returns_it_like_torch():
    for L in LIBS:
        s = L.seed()
        assert isinstance(s, int) and 0 <= s < 2**64
        drawn = L.rand(4).tolist()
        L.manual_seed(s)
        assert L.rand(4).tolist() == drawn
        assert L.seed() != s


def test_manual_seed_accepts_numpy_ints_and_floats_like_int():
    pag.manual_seed(np.int64(9))
    a = pag.rand(3).tolist()
    pag.manual_seed(9.0)
    assert pag.rand(3).tolist() == a


def test_tensor_of_a_tensor_copies_and_warns_like_torch():
    for L in LIBS:
        src = L.tensor([1.0, 2.0], requires_grad=True)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            copy_ = L.tensor(src)
        assert [str(w.message).replace("torch.tensor", "pyautograd.tensor") for w in caught] == [
            "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
            "sourceTensor.detach().clone().requires_grad_(True), rather than torch.tensor(sourceTensor).".replace(
                "torch.tensor", "pyautograd.tensor"
            )
        ]
        assert caught[0].category is UserWarning
        assert copy_.is_leaf and not copy_.requires_grad and copy_.grad_fn is None
        with L.no_grad():
            src[0] = 5.0
        assert copy_.tolist() == [1.0, 2.0]
