"""0-d tensors: element-wise ops compute on NumPy scalars (a speed path), which must change
nothing a learner can see: values to the last bit, dtypes, shapes, gradients, version checks."""

import operator
import re
import warnings

import numpy as np
import pytest

import pyautograd as T
from pyautograd.ops import elementwise as ew
from pyautograd.ops.common import as_tensor_arg, cast_all, result_dtype


def _network(L, dtype, values, shape=()):
    """The lessons' scalar network and a few more ops, on tensors of ``shape``; returns the
    loss and the leaves."""
    w1, w2, b1, w3, b2 = (L.full(shape, v, dtype=dtype, requires_grad=True) for v in values)
    x1, x2 = L.full(shape, 1.0, dtype=dtype), L.full(shape, 2.0, dtype=dtype)
    h = L.sigmoid(w1 * x1 + w2 * x2 + b1)
    lesson = (w3 * h + b2 - 0.0) ** 2
    z = L.tanh(w3 * h - b2) + L.relu(h / 3) + L.exp(-h) * L.log(h + 1) - L.sqrt(h) * abs(b2)
    more = (z - 0.25) ** 2 + 1 / (h + 2) + (1.5 - z) ** 3 + 2**h + L.sin(z) * L.cos(w1) / b1
    return lesson, lesson + more, (w1, w2, b1, w3, b2)


VALUES = [(0.5, -0.5, 0.5, 2.0, 0.0), (1.3, 0.7, -2.1, -0.4, 0.9)]


@pytest.mark.parametrize("dtype_name", ["float32", "float64"])
@pytest.mark.parametrize("values", VALUES)
def test_0d_tensors_compute_exactly_as_1_element_arrays(dtype_name, values):
    """Shape (1,) takes NumPy's array path; shape () the scalar one: every bit must agree."""
    dtype = getattr(T, dtype_name)
    _, scalar_loss, scalar_leaves = _network(T, dtype, values)
    _, array_loss, array_leaves = _network(T, dtype, values, shape=(1,))
    scalar_loss.backward()
    array_loss.backward()
    assert scalar_loss.shape == () and scalar_loss.dtype == dtype
    assert type(scalar_loss.detach().numpy()) is np.ndarray
    assert scalar_loss.detach().numpy().dtype == np.dtype(dtype_name)
    assert scalar_loss.item() == array_loss.item()
    for mine, other in zip(scalar_leaves, array_leaves):
        assert type(mine.grad._data) is np.ndarray and mine.grad.shape == () and mine.grad.dtype == dtype
        assert mine.grad.item() == other.grad.item()


@pytest.mark.parametrize("values", VALUES)
def test_lesson_network_matches_torch_bit_for_bit(values):
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")
    ours, _, our_leaves = _network(T, T.float32, values)
    theirs, _, their_leaves = _network(torch, torch.float32, values)
    ours.backward()
    theirs.backward()
    assert ours.item() == theirs.item()
    assert [p.grad.item() for p in our_leaves] == [p.grad.item() for p in their_leaves]


def test_size_one_output_keeps_its_shape_for_the_seed_gradient():
    for shape in [(1,), (1, 1)]:
        x = T.ones(shape, requires_grad=True)
        (x * 3).backward()
        assert x.grad.shape == shape and x.grad.tolist() == np.full(shape, 3.0).tolist()


def test_scalar_leaf_backward_gives_an_array_grad_of_its_own():
    x = T.tensor(2.0, requires_grad=True)
    x.backward()
    x.backward()
    assert type(x.grad._data) is np.ndarray and x.grad.item() == 2.0


def test_modifying_a_saved_scalar_in_place_is_caught():
    a = T.tensor(2.0, requires_grad=True)
    b = a * 1
    y = b * b
    b.add_(1)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.backward()


def test_overflow_on_scalars_is_silent_even_when_warnings_are_errors():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        x = T.tensor(1e30, requires_grad=True)
        y = x**2 + T.exp(x) + 1 / (x - x)
        y.backward()
    assert y.item() == float("inf")
    assert np.geterr()["over"] == "warn"  # the error state is restored afterwards


def _manual_updates(shape, dtype, other_kind):
    """The lessons' update (``p -= lr * p.grad``; ``p.grad.zero_()``) and the other in-place
    operators, on a parameter of ``shape``; returns its values and versions along the way."""
    p = T.full(shape, 0.7, dtype=dtype, requires_grad=True)
    seen = []
    for step in range(3):
        (p * p * 1.3 - p).sum().backward()
        with T.no_grad():
            other = {
                "number": 0.1,
                "int": 3,
                "tensor": T.full(shape, 0.37, dtype=dtype),
                "float64 tensor": T.full(shape, 0.37, dtype=T.float64),
            }[other_kind]
            p -= 0.1 * p.grad
            p += other
            p *= other
            p /= other
            p.sub_(other)
            p.add_(other)
            p.grad.zero_()
        seen.append((p.detach().numpy().reshape(()).item(), p._version, p.grad._version))
    return seen


@pytest.mark.parametrize("dtype", [T.float32, T.float64])
@pytest.mark.parametrize("other_kind", ["number", "int", "tensor", "float64 tensor"])
def test_in_place_updates_of_0d_parameters_round_as_arrays_do(dtype, other_kind):
    assert _manual_updates((), dtype, other_kind) == _manual_updates((1,), dtype, other_kind)


@pytest.mark.parametrize("dtype", [T.float32, T.float64])
def test_sgd_step_on_0d_parameters_rounds_as_on_arrays(dtype):
    def run(shape):
        p = T.full(shape, 0.7, dtype=dtype, requires_grad=True)
        opt = T.optim.SGD([p], lr=0.013)
        values = []
        for _ in range(4):
            opt.zero_grad()
            (T.tanh(p) * 3.1).sum().backward()
            opt.step()
            values.append((p.detach().numpy().reshape(()).item(), p._version))
        return values

    assert run(()) == run((1,))


_OPERANDS = {
    "0-d float32": lambda: T.tensor(0.3),
    "0-d float64": lambda: T.tensor(0.3, dtype=T.float64),
    "vector float32": lambda: T.tensor([0.1, -2.5, 7.0]),
    "int vector": lambda: T.tensor([1, 2, 3]),
    "number": lambda: 1.7,
    "int": lambda: 3,
}


def _promoted(a, b):
    b = as_tensor_arg(b)
    return cast_all((a, b), result_dtype(a, b))


@pytest.mark.parametrize("op", ["add", "sub", "mul"])
@pytest.mark.parametrize("left", ["0-d float32", "0-d float64", "vector float32", "int vector"])
@pytest.mark.parametrize("right", sorted(_OPERANDS))
def test_ops_outside_the_graph_give_what_recorded_ops_give(op, left, right):
    """Under no_grad, + - * skip the graph node; values, dtypes and shapes stay those of the op."""
    func = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b}[op]
    a, b = _OPERANDS[left](), _OPERANDS[right]()
    with T.no_grad():
        plain = func(a, b)
    assert plain.grad_fn is None and not plain.requires_grad
    if a.dtype == T.int64:  # an integer tensor cannot require grad: Function.apply without a node
        expected = {"add": ew.Add, "sub": ew.Sub, "mul": ew.Mul}[op].apply(*_promoted(a, b))
    else:
        recorded = func(a.detach().requires_grad_(), b)
        assert recorded.grad_fn is not None
        expected = recorded.detach()
    assert plain.dtype == expected.dtype and plain.shape == expected.shape
    assert plain.tolist() == expected.tolist()


def test_broadcast_error_outside_the_graph_is_pytorchs():
    with T.no_grad(), pytest.raises(RuntimeError, match="must match the size of tensor b"):
        T.ones(3) * T.ones(2)


@pytest.mark.parametrize("dtype", [T.float32, T.float64])
def test_gradients_of_0d_leaves_accumulate_as_arrays_do(dtype):
    def run(shape):
        p = T.full(shape, 0.3, dtype=dtype, requires_grad=True)
        grads = []
        for k in range(5):
            (T.sigmoid(p * (k + 0.7)) * 1.9 - p / 3).sum().backward()
            grads.append((p.grad.detach().numpy().reshape(()).item(), p.grad.shape))
        return grads, p.grad.dtype

    scalar, array = run(()), run((1,))
    assert [g for g, _ in scalar[0]] == [g for g, _ in array[0]] and scalar[1] == array[1] == dtype
    assert all(shape == () for _, shape in scalar[0])


@pytest.mark.parametrize("shape", [(), (2,)])
def test_a_first_gradient_is_a_tensor_as_make_builds_it(shape):
    """The engine builds a leaf's first ``.grad`` itself: the fields of ``Tensor._make``."""
    p = T.full(shape, 0.5, requires_grad=True)
    (p * 3.0).sum().backward()
    _same_fields(p.grad, T.Tensor._make(p.grad._data.copy()))


def _operand(kind, shape, dtype):
    leaf = T.full(shape, 1.5, dtype=dtype, requires_grad=True)
    return {
        "leaf": leaf,
        "computed": leaf * 2,
        "constant": T.full(shape, 0.25, dtype=dtype),
        "float": 0.75,
    }[kind]


def _fields(t):
    """Every field of a tensor but its memory, its node and its version counter (compared apart):
    a fast path that sets a tensor's fields itself must set what ``Tensor._make`` sets."""
    skip = {"_data", "grad_fn", "_version_counter", "__weakref__"}
    return {name: getattr(t, name, "unset") for name in T.Tensor.__slots__ if name not in skip}


def _same_fields(fast, general):
    assert _fields(fast) == _fields(general)
    assert fast._version_counter == general._version_counter == [0]
    assert fast._version_counter is not general._version_counter


def _sources(node):
    return [None if s is None else (s[0], s[1], s[2], s[3]) for s in node._saved_sources]


_OPERATORS = {ew.Add: operator.add, ew.Sub: operator.sub, ew.Mul: operator.mul}
_SYMBOLS = {"+": operator.add, "-": operator.sub, "*": operator.mul}


@pytest.mark.parametrize("op", [ew.Add, ew.Sub, ew.Mul])
@pytest.mark.parametrize("shape", [(), (3,)])
@pytest.mark.parametrize("dtype", [T.float32, T.float64])
@pytest.mark.parametrize("left", ["leaf", "computed", "constant"])
@pytest.mark.parametrize("right", ["leaf", "computed", "constant", "float", "same"])
@pytest.mark.parametrize("via", ["operator", "function"])
def test_the_unrolled_pair_path_builds_the_node_apply_builds(op, shape, dtype, left, right, via):
    """``+ - *`` on float tensors (the operators, and ``torch.add`` ...) go through
    fast_paths.pair_path, not apply: the node, its edges, which inputs need a gradient and
    what each saved value is bound to must agree."""
    a = _operand(left, shape, dtype)
    b = a if right == "same" else _operand(right, shape, dtype)
    fast = _OPERATORS[op](a, b) if via == "operator" else ew._binary(op, a, b)
    general = op.apply(a, b)
    assert np.array_equal(fast._data, general._data) and fast._data.dtype == general._data.dtype
    assert type(fast._data) is np.ndarray and fast.requires_grad == general.requires_grad
    _same_fields(fast, general)
    if general.grad_fn is None:
        assert fast.grad_fn is None
        return
    f, g = fast.grad_fn, general.grad_fn
    assert type(f) is type(g) and f.next_functions == g.next_functions
    assert f.needs_input_grad == g.needs_input_grad
    bound = [(s[0], s[1], s[2]) if s is not None and s[3] is None else s is None for s in _sources(f)]
    assert bound == [(s[0], s[1], s[2]) if s is not None and s[3] is None else s is None for s in _sources(g)]


@pytest.mark.parametrize("recording", [True, False])
@pytest.mark.parametrize("symbol", ["+", "-", "*"])
def test_the_pair_path_reports_pytorchs_broadcast_error(recording, symbol):
    """Recorded or not, shapes that do not broadcast raise PyTorch's message, alone (no
    NumPy error chained to it)."""
    a, b = T.ones(3, requires_grad=recording), T.ones(4)
    with pytest.raises(
        RuntimeError, match=r"The size of tensor a \(3\) must match the size of tensor b \(4\)"
    ) as caught:
        _SYMBOLS[symbol](a, b)
    assert caught.value.__context__ is None and caught.value.__cause__ is None


@pytest.mark.parametrize("symbol", ["+", "-", "*"])
def test_the_pair_path_leaves_other_operands_to_the_general_path(symbol):
    """Operands a tensor does not combine with give Python's TypeError; other dtypes, ints and
    arrays take the general path (promotion), as they did before the path."""
    t, apply = T.tensor([1.0, 2.0], requires_grad=True), _SYMBOLS[symbol]
    for left, right in ((t, object()), (object(), t), (t, {1.0})):
        with pytest.raises(TypeError, match="unsupported operand"):
            apply(left, right)
    for other in (T.tensor([1.0, 2.0], dtype=T.float64), 2, np.float32(2.0), np.array([1.0, 3.0])):
        result = apply(t, other)
        expected = {"+": T.add, "-": T.sub, "*": T.mul}[symbol](t, other)
        assert result.dtype == expected.dtype and np.array_equal(result._data, expected._data)
        assert type(result.grad_fn) is type(expected.grad_fn)
    half = T.tensor([1.0, 2.0], dtype=T.float16)
    assert apply(half, 2.5).dtype == T.float16


def test_the_operators_are_pytorchs_names():
    assert T.Tensor.__add__.__name__ == T.Tensor.__radd__.__name__ == "add"
    assert T.Tensor.__sub__.__name__ == "sub" and T.Tensor.__mul__.__name__ == "mul"


@pytest.mark.parametrize("symbol", ["+", "-", "*"])
def test_the_pair_path_remembers_the_forward_in_anomaly_mode(symbol):
    a, b = T.ones(3, requires_grad=True), T.ones(3)
    with T.autograd.set_detect_anomaly(True):
        fast = _SYMBOLS[symbol](a, b)
    assert "fast = _SYMBOLS[symbol](a, b)" in fast.grad_fn._forward_trace


@pytest.mark.parametrize(
    "public, op, options",
    [
        (T.tanh, ew.tanh.op, ()),
        (T.sigmoid, ew.sigmoid.op, ()),
        (T.exp, ew.exp.op, ()),
        (T.log, ew.log.op, ()),
        (T.relu, ew.relu.op, ()),
        (T.neg, ew.neg.op, ()),
        (lambda t: t**2, ew.Pow, (2,)),
        (lambda t: t**3, ew.Pow, (3,)),
    ],
)
@pytest.mark.parametrize("shape", [(), (3,)])
@pytest.mark.parametrize("dtype", [T.float32, T.float64])
@pytest.mark.parametrize("kind", ["leaf", "computed", "constant"])
def test_the_unrolled_one_tensor_path_builds_the_node_apply_builds(public, op, options, shape, dtype, kind):
    """Ops of one tensor go through fast_paths.one_path: the same value, node, edge and bindings
    of the saved values as the general apply."""
    a = _operand(kind, shape, dtype)
    fast, general = public(a), op.apply(a, *options)
    assert np.array_equal(fast._data, general._data) and fast._data.dtype == general._data.dtype
    assert type(fast._data) is np.ndarray and fast.requires_grad == general.requires_grad
    _same_fields(fast, general)
    if general.grad_fn is None:
        assert fast.grad_fn is None
        return
    f, g = fast.grad_fn, general.grad_fn
    assert type(f) is type(g) and f.next_functions == g.next_functions
    assert f.needs_input_grad == g.needs_input_grad
    assert [None if s is None else (s[0], s[3] is f) for s in f._saved_sources] == [
        None if s is None else (s[0], s[3] is g) for s in g._saved_sources
    ]
    leaf = a if a.is_leaf else a.grad_fn.next_functions[0][0].variable
    fast.sum().backward(retain_graph=True)  # "computed": both graphs share a's node
    first, leaf.grad = leaf.grad, None
    general.sum().backward()
    assert np.array_equal(first._data, leaf.grad._data)


@pytest.mark.parametrize("x_kind", ["leaf", "computed", "constant"])
@pytest.mark.parametrize("w_kind", ["leaf", "computed", "constant"])
@pytest.mark.parametrize("b_kind", ["leaf", "constant"])
@pytest.mark.parametrize("dtype", [T.float32, T.float64])
def test_the_unrolled_three_tensor_path_builds_the_node_apply_builds(x_kind, w_kind, b_kind, dtype):
    """Linear layers go through fast_paths.apply_linear (Addmm of bias, input and the weight
    through TBackward0): the same value, nodes, edges, needs and bindings of the saved values
    as the general apply, and the same gradients."""
    from pyautograd.nn.functional import _general_addmm

    x, w, b = _operand(x_kind, (4, 3), dtype), _operand(w_kind, (2, 3), dtype), _operand(b_kind, (2,), dtype)
    fast, general = T.nn.functional.linear(x, w, b), _general_addmm(b, x, w)
    assert np.array_equal(fast._data, general._data) and fast._data.dtype == general._data.dtype
    assert fast.requires_grad == general.requires_grad
    if general.grad_fn is None:
        assert fast.grad_fn is None
        return
    f, g = fast.grad_fn, general.grad_fn
    assert type(f) is type(g) and f.next_functions[:2] == g.next_functions[:2]
    if w.requires_grad:  # each call transposes the weight through a node of its own
        (tf, _), (tg, _) = f.next_functions[2], g.next_functions[2]
        assert type(tf) is type(tg) and tf.next_functions == tg.next_functions
        assert tf.needs_input_grad == tg.needs_input_grad and tf._saved == tg._saved == ()
    else:
        assert f.next_functions[2] == g.next_functions[2]
    assert f.needs_input_grad == g.needs_input_grad

    def bound(node):  # the saved transposed weight is a tensor of each call: compare what it is
        return [
            None
            if s is None
            else (
                s[0] if s[0] is x else (s[0]._data.base is w._data, s[0].grad_fn is not None),
                s[1],
                s[2],
                s[3] is node,
            )
            for s in node._saved_sources
        ]

    assert bound(f) == bound(g)
    leaves = [
        t if t.is_leaf else t.grad_fn.next_functions[0][0].variable for t in (x, w, b) if t.requires_grad
    ]
    fast.sum().backward(retain_graph=True)
    first = [leaf.grad._data.copy() for leaf in leaves]
    for leaf in leaves:
        leaf.grad = None
    general.sum().backward()
    assert all(np.array_equal(f_, leaf.grad._data) for f_, leaf in zip(first, leaves))


def test_the_three_tensor_path_sees_an_input_changed_in_place_before_backward():
    x, w, b = (
        T.ones(4, 3, requires_grad=True),
        T.ones(2, 3, requires_grad=True),
        T.zeros(2, requires_grad=True),
    )
    y = T.nn.functional.linear(x * 1, w, b)
    with T.no_grad():
        w.mul_(2)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        y.sum().backward()


@pytest.mark.parametrize("op", ["-=", "+=", "*="])
@pytest.mark.parametrize("shape", [(), (3,), (2, 3)])
@pytest.mark.parametrize("dtype", [T.float32, T.float64])
@pytest.mark.parametrize("other", ["same", "broadcast", "float64 other", "float"])
def test_inplace_operators_outside_the_graph_match_the_methods(op, shape, dtype, other):
    """``p -= t`` under no_grad checks its commonest case itself (same shape and dtype):
    values, dtype, identity and the version bump agree with ``sub_``/``add_``/``mul_``."""
    method = {"-=": "sub_", "+=": "add_", "*=": "mul_"}[op]
    in_place = {"-=": operator.isub, "+=": operator.iadd, "*=": operator.imul}[op]
    base = T.tensor(np.linspace(0.1, 0.7, int(np.prod(shape))).reshape(shape), dtype=dtype)
    operand = {
        "same": lambda: T.full(shape, 1 / 3, dtype=dtype),
        "broadcast": lambda: T.full((), 1 / 3, dtype=dtype) if shape else T.full((1,), 1 / 3, dtype=dtype),
        "float64 other": lambda: T.full(shape, 1 / 3, dtype=T.float64),
        "float": lambda: 1 / 3,
    }[other]()
    by_method, by_operator = base.clone().requires_grad_(), base.clone().requires_grad_()
    with T.no_grad():
        try:
            expected = getattr(by_method, method)(operand)
        except RuntimeError as err:
            with pytest.raises(RuntimeError, match=re.escape(str(err))):
                in_place(by_operator, operand)
            return
        before = by_operator._version
        result = in_place(by_operator, operand)
    assert result is by_operator and expected is by_method
    assert by_operator.dtype == by_method.dtype and by_operator.shape == by_method.shape
    assert np.array_equal(by_operator._data, by_method._data) and by_operator._version == before + 1


@pytest.mark.parametrize("left", ["leaf", "computed", "constant"])
@pytest.mark.parametrize("right", ["leaf", "computed", "constant"])
@pytest.mark.parametrize("dtype", [T.float32, T.float64])
def test_the_matrix_product_path_builds_the_node_apply_builds(left, right, dtype):
    """``X @ W`` of two matrices goes through fast_paths.pair_path (Mm): the same value,
    node, edges, needs and bindings as the general apply, and the same gradients."""
    from pyautograd.ops.linalg import Mm

    a, b = _operand(left, (4, 3), dtype), _operand(right, (3, 2), dtype)
    fast, general = a @ b, Mm.apply(a, b)
    assert np.array_equal(fast._data, general._data) and fast._data.dtype == general._data.dtype
    assert fast.requires_grad == general.requires_grad
    if general.grad_fn is None:
        assert fast.grad_fn is None
        return
    f, g = fast.grad_fn, general.grad_fn
    assert type(f) is type(g) and type(f).__name__ == "MmBackward0"
    assert f.next_functions == g.next_functions and f.needs_input_grad == g.needs_input_grad
    assert _sources(f) == _sources(g)
    leaves = [t if t.is_leaf else t.grad_fn.next_functions[0][0].variable for t in (a, b) if t.requires_grad]
    fast.sum().backward(retain_graph=True)
    first = [leaf.grad._data.copy() for leaf in leaves]
    for leaf in leaves:
        leaf.grad = None
    general.sum().backward()
    assert all(np.array_equal(x, leaf.grad._data) for x, leaf in zip(first, leaves))


@pytest.mark.parametrize("shapes", [((3, 2), (2, 1)), ((2,), (2,)), ((2, 3, 2), (2, 2))])
def test_overflowing_matmul_is_silent_even_when_warnings_are_errors(shapes):
    a = T.full(shapes[0], 1e30, requires_grad=True)
    b = T.full(shapes[1], 1e30)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        y = a @ b
        with T.no_grad():
            z = a @ b
        y.sum().backward()
    assert np.isinf(y.detach().numpy()).all() and np.isinf(z.numpy()).all()
    assert np.geterr()["over"] == "warn"


@pytest.mark.parametrize("left", ["leaf", "computed", "constant"])
@pytest.mark.parametrize("right", ["leaf", "computed", "constant", "same"])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("dtype", [T.float32, T.float64])
def test_the_two_tensor_path_builds_the_node_apply_builds(left, right, reduction, dtype):
    """``mse_loss`` goes through fast_paths.apply_two: the same value, node, edges, needs and
    bindings of the saved values as the general apply, the same printed form, the same
    gradients, and an input changed in place is refused as the general node refuses it."""
    from pyautograd.nn.functional import MseLoss

    a = _operand(left, (4, 2), dtype)
    if right == "same":
        b = a
    else:  # values other than a's, so that the gradients are not zero
        b_leaf = T.full((4, 2), -0.75, dtype=dtype, requires_grad=True)
        b = {"leaf": b_leaf, "computed": b_leaf * 3, "constant": T.full((4, 2), 0.25, dtype=dtype)}[right]
    fast, general = T.nn.functional.mse_loss(a, b, reduction=reduction), MseLoss.apply(a, b, reduction)
    assert np.array_equal(fast._data, general._data) and fast._data.dtype == general._data.dtype
    assert type(fast._data) is np.ndarray and fast.requires_grad == general.requires_grad
    _same_fields(fast, general)
    if general.grad_fn is None:
        assert fast.grad_fn is None
        return
    assert repr(fast).replace("0x", "") == repr(general).replace("0x", "")
    f, g = fast.grad_fn, general.grad_fn
    assert type(f) is type(g) and type(f).__name__ == "MseLossBackward0"
    assert f.next_functions == g.next_functions and f.needs_input_grad == g.needs_input_grad
    assert _sources(f) == _sources(g)
    assert (f._saved_self is f._saved[0]) == (g._saved_self is g._saved[0])
    leaves = [t if t.is_leaf else t.grad_fn.next_functions[0][0].variable for t in (a, b) if t.requires_grad]
    fast.sum().backward(retain_graph=True)
    first = [leaf.grad._data.copy() for leaf in leaves]
    for leaf in leaves:
        leaf.grad = None
    general.sum().backward(retain_graph=True)
    assert all(np.array_equal(x, leaf.grad._data) for x, leaf in zip(first, leaves))
    with T.no_grad():
        (a if a.is_leaf else b).add_(1.0)
    messages = []
    for out in (fast, general):
        with pytest.raises(RuntimeError, match="modified by an inplace operation") as caught:
            out.sum().backward()
        messages.append(str(caught.value))
    assert messages[0] == messages[1]


def test_the_two_tensor_path_remembers_the_forward_in_anomaly_mode():
    """In anomaly mode the node of the fast path keeps the learner's line, as apply's does."""
    from pyautograd.nn.functional import MseLoss

    a, b = T.ones(3, requires_grad=True), T.zeros(3)
    with T.autograd.set_detect_anomaly(True):
        fast = T.nn.functional.mse_loss(a, b)
        general = MseLoss.apply(a, b, "mean")
    assert "fast = T.nn.functional.mse_loss(a, b)" in fast.grad_fn._forward_trace
    assert "general = MseLoss.apply(a, b" in general.grad_fn._forward_trace


@pytest.mark.parametrize("name", ["tanh", "sigmoid", "exp", "relu", "log"])
def test_the_one_tensor_path_is_called_as_the_public_function(name):
    """``torch.tanh`` is fast_paths.one_path itself: PyTorch's argument name, Python's own
    errors under the public name, inputs that are not float tensors prepared as before."""
    function = getattr(T, name)
    x = T.tensor([0.5, 1.5])
    assert np.array_equal(function(input=x)._data, function(x)._data)
    with pytest.raises(TypeError, match=rf"^{name}\(\) takes 1 positional argument but 2 were given$"):
        function(x, 3)
    with pytest.raises(TypeError, match=rf"^{name}\(\) got an unexpected keyword argument 'out'$"):
        function(x, out=x)
    with pytest.raises(TypeError, match=rf"^{name}\(\) missing 1 required positional argument: 'input'$"):
        function()
    integers = T.tensor([1, 2]) if name == "log" else T.tensor([1, -2])
    expected = getattr(ew, name).op.apply(integers if name == "relu" else integers.float())
    result = function(integers)
    assert result.dtype == expected.dtype and np.array_equal(result._data, expected._data)
    with pytest.raises(
        TypeError, match=rf"^{name}\(\): argument 'input' \(position 1\) must be Tensor, not list$"
    ):
        function([1.0, -2.0])


def test_the_one_tensor_path_remembers_the_forward_in_anomaly_mode():
    a = T.ones(3, requires_grad=True)
    with T.autograd.set_detect_anomaly(True):
        fast = T.sigmoid(a)
        power = a**2
    assert "fast = T.sigmoid(a)" in fast.grad_fn._forward_trace
    assert "power = a**2" in power.grad_fn._forward_trace


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.float16])
@pytest.mark.parametrize(
    "shape, dim, keepdim",
    [
        ((32, 1), None, False),
        ((7,), None, False),
        ((), None, False),
        ((5, 3), 0, False),
        ((5, 3), 1, True),
        ((2, 3, 4), (0, 2), False),
        ((4, 6), -1, True),
    ],
)
def test_mean_computes_numpys_mean_to_the_bit(dtype, shape, dim, keepdim):
    """``mean`` sums and divides without np.mean's Python frames (fast_paths.mean_values):
    every bit, dtype and shape of np.mean's answer."""
    rng = np.random.default_rng(3)
    data = (rng.normal(size=shape) * 10 ** rng.uniform(-3, 3, size=shape)).astype(dtype)
    axis = dim if not isinstance(dim, int) or dim >= 0 else data.ndim + dim
    expected = np.asarray(np.mean(data, axis=axis, keepdims=keepdim))
    result = T.tensor(data).mean() if dim is None else T.tensor(data).mean(dim=dim, keepdim=keepdim)
    assert result._data.dtype == expected.dtype and result._data.shape == expected.shape
    assert np.array_equal(result._data, expected, equal_nan=True)


@pytest.mark.parametrize("kind", ["leaf", "computed", "constant"])
@pytest.mark.parametrize("shape", [(), (4, 2)])
@pytest.mark.parametrize("dtype", [T.float32, T.float64])
def test_mean_of_all_elements_builds_the_node_apply_builds(kind, shape, dtype):
    """``x.mean()`` goes through fast_paths.one_path (MeanBackward0): the same value, node,
    edge, needs, printed form and gradients as the general apply."""
    from pyautograd.ops.reduce import MeanAll

    a = _operand(kind, shape, dtype)
    fast, general = a.mean(), MeanAll.apply(a, None, False)
    assert np.array_equal(fast._data, general._data) and fast._data.dtype == general._data.dtype
    assert type(fast._data) is np.ndarray and fast.requires_grad == general.requires_grad
    _same_fields(fast, general)
    if general.grad_fn is None:
        assert fast.grad_fn is None
        return
    assert repr(fast).replace("0x", "") == repr(general).replace("0x", "")
    f, g = fast.grad_fn, general.grad_fn
    assert type(f) is type(g) and type(f).__name__ == "MeanBackward0"
    assert f.next_functions == g.next_functions and f.needs_input_grad == g.needs_input_grad
    leaf = a if a.is_leaf else a.grad_fn.next_functions[0][0].variable
    fast.backward(retain_graph=True)
    first, leaf.grad = leaf.grad, None
    general.backward()
    assert np.array_equal(first._data, leaf.grad._data)


def test_loss_backward_keeps_pytorchs_rules():
    """``loss.backward()`` of a 0-d loss runs the engine in one frame fewer: the graph is
    freed unless retain_graph, and the other arguments take the general path."""
    w = T.tensor(2.0, requires_grad=True)
    loss = (w * 3) ** 2
    loss.backward(retain_graph=True)
    loss.backward()
    assert w.grad.item() == 2 * 36.0  # d(3w)^2/dw = 18w, twice
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
        loss.backward()
    with pytest.warns(UserWarning, match="create_graph=True") as caught:
        (w * 3).backward(create_graph=True)
    assert caught[0].filename == __file__
    (w * 3).backward(T.tensor(2.0))
    with pytest.raises(RuntimeError, match="does not require grad and does not have a grad_fn"):
        T.tensor(1.0).backward()


@pytest.mark.parametrize(
    "key_of",
    [
        lambda rows, labels: (rows, labels),
        lambda rows, labels: (rows.int(), labels),
        lambda rows, labels: (rows,),
        lambda rows, labels: (rows.reshape(2, 2), labels.reshape(2, 2)),
        lambda rows, labels: (rows, 1),  # not only tensors: the general preparation
        lambda rows, labels: (rows, labels, rows),  # too many: the general path's error
    ],
)
@pytest.mark.parametrize("kind", ["leaf", "computed", "constant"])
def test_indexing_by_index_tensors_builds_the_node_the_general_preparation_builds(key_of, kind):
    """``p[rows, labels]`` skips getitem's preparation (fast_paths.index_tensors_only): the
    same value, node, edges, saved index tensors and gradients as the prepared key gives, and
    the same errors."""
    from pyautograd.ops import index as ix

    a = _operand(kind, (4, 3), T.float32) * T.arange(12.0).reshape(4, 3)
    key = key_of(T.tensor([3, 0, 2, 0]), T.tensor([1, 2, 0, 1]))

    def prepared(key):  # getitem's general preparation of a key of index tensors
        return ix.IndexAdvanced.apply(a, ix.with_tensors(key, ix.normalize_index(key)))

    if len(key) > 2:
        with pytest.raises(IndexError, match="too many indices for tensor of dimension 2"):
            a[key]
        return
    fast, general = a[key], prepared(key)
    assert np.array_equal(fast._data, general._data) and fast._data.dtype == general._data.dtype
    assert fast.requires_grad == general.requires_grad
    if general.grad_fn is None:
        assert fast.grad_fn is None
        return
    f, g = fast.grad_fn, general.grad_fn
    assert type(f) is type(g) and type(f).__name__ == "IndexBackward0"
    assert f.next_functions == g.next_functions and f.needs_input_grad == g.needs_input_grad
    assert _sources(f) == _sources(g)
    leaf = a.grad_fn.next_functions[0][0]
    leaf = leaf.variable if type(leaf).__name__ == "AccumulateGrad" else leaf.next_functions[0][0].variable
    fast.sum().backward(retain_graph=True)
    first, leaf.grad = leaf.grad, None
    general.sum().backward(retain_graph=True)
    assert np.array_equal(first._data, leaf.grad._data)
    if type(key[0]) is T.Tensor:
        with T.no_grad():
            key[0].add_(0)
        for out in (fast, general):
            with pytest.raises(RuntimeError, match="modified by an inplace operation"):
                out.sum().backward()


def test_indexing_by_index_tensors_out_of_range_gives_the_general_message():
    a = T.ones(4, 3, requires_grad=True)
    with pytest.raises(IndexError, match="^index 7 is out of bounds for dimension 0 with size 4$"):
        a[T.tensor([0, 7]), T.tensor([0, 1])]
    with pytest.raises(IndexError, match="shape mismatch"):
        a[T.tensor([0, 1, 2]), T.tensor([0, 1])]
