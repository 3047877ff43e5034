"""Autograd semantics: graph recording, backward, accumulation, grad modes, autograd.grad."""

import numpy as np
import pytest

import pyautograd as T
from pyautograd import autograd


def leaf(v, dtype=None):
    return T.tensor(v, dtype=dtype, requires_grad=True)


# ------------------------------------------------------------ recording
def test_requires_grad_propagates_from_any_input():
    a, b = leaf([1.0]), T.tensor([2.0])
    assert (a + b).requires_grad and (b * a).requires_grad
    assert not (b * b).requires_grad
    assert (b * b).grad_fn is None and (b * b).is_leaf


def test_is_leaf_and_grad_fn():
    a = leaf(2.0)
    y = a * 3
    assert a.is_leaf and a.grad_fn is None
    assert not y.is_leaf and y.grad_fn is not None
    assert T.tensor(1.0).is_leaf  # no grad needed: a leaf too


@pytest.mark.parametrize(
    "make, name",
    [
        (lambda a, b: a + b, "AddBackward0"),
        (lambda a, b: a - b, "SubBackward0"),
        (lambda a, b: a * b, "MulBackward0"),
        (lambda a, b: a / b, "DivBackward0"),
        (lambda a, b: a**2, "PowBackward0"),
        (lambda a, b: a**b, "PowBackward1"),
        (lambda a, b: -a, "NegBackward0"),
        (lambda a, b: a.sigmoid(), "SigmoidBackward0"),
        (lambda a, b: T.sigmoid(a), "SigmoidBackward0"),
        (lambda a, b: a.exp(), "ExpBackward0"),
        (lambda a, b: T.log(b), "LogBackward0"),
        (lambda a, b: a.tanh(), "TanhBackward0"),
        (lambda a, b: a.relu(), "ReluBackward0"),
        (lambda a, b: a.sum(), "SumBackward0"),
        (lambda a, b: a.mean(), "MeanBackward0"),
        (lambda a, b: a.reshape(3, 1), "ViewBackward0"),
        (lambda a, b: a.unsqueeze(0) @ b.unsqueeze(1), "MmBackward0"),
    ],
)
def test_grad_fn_names(make, name):
    a, b = leaf([1.0, -2.0, 3.0]), leaf([0.5, 1.5, 2.0])
    y = make(a, b)
    assert y.grad_fn.name() == name
    assert repr(y.grad_fn).startswith(f"<{name} object at 0x")


def test_grad_fn_type_name_like_torch():
    """In PyTorch the node's class is named after it: type(z.grad_fn).__name__."""
    x = leaf([1.0, 2.0])
    for y, name in [
        (x * 2, "MulBackward0"),
        (x + x, "AddBackward0"),
        (x.sigmoid(), "SigmoidBackward0"),
        (x.sum(), "SumBackward0"),
        (x[0], "SelectBackward0"),
    ]:
        assert type(y.grad_fn).__name__ == name


def test_next_functions_walk_to_accumulate_grad():
    x, y = leaf(2.0), leaf(3.0)
    z = x * y + x**2
    add = z.grad_fn
    assert add.name() == "AddBackward0"
    (mul, i0), (pw, i1) = add.next_functions
    assert (i0, i1) == (0, 0)
    assert mul.name() == "MulBackward0" and pw.name() == "PowBackward0"
    accx, accy = mul.next_functions
    assert type(accx[0]).__name__ == "AccumulateGrad"
    assert accx[0].variable is x and accy[0].variable is y
    assert pw.next_functions[0][0] is accx[0]  # one AccumulateGrad per leaf
    assert len(pw.next_functions) == 1  # x ** 2: the exponent is not an input


def test_next_functions_none_for_inputs_without_grad():
    x = leaf([1.0, 2.0])
    c = T.tensor([3.0, 4.0])
    edges = (x * c).grad_fn.next_functions
    assert type(edges[0][0]).__name__ == "AccumulateGrad"
    assert edges[1] == (None, 0)
    scaled = (2 * x).grad_fn.next_functions  # the Python scalar is an input without grad
    assert len(scaled) == 2 and type(scaled[0][0]).__name__ == "AccumulateGrad"
    assert scaled[1] == (None, 0)


def test_accumulate_grad_has_no_next_functions():
    x = leaf(1.0)
    acc = (x * 2).grad_fn.next_functions[0][0]
    assert acc.next_functions == ()


# ------------------------------------------------------------- backward
def test_seed_000_numbers():
    x, y = leaf(2.0), leaf(3.0)
    z = x * y + x**2
    z.backward()
    assert z.item() == 10.0 and x.grad.item() == 7.0 and y.grad.item() == 2.0


def test_backward_with_gradient_is_vector_jacobian_product():
    a = leaf([1.0, 2.0, 3.0])
    y = a * a
    v = T.tensor([0.1, 1.0, 0.0001])
    y.backward(v)
    np.testing.assert_allclose(a.grad.tolist(), [0.2, 4.0, 0.0006], rtol=1e-6)


def test_backward_gradient_keyword_and_scalar_explicit():
    a = leaf(3.0)
    (a * a).backward(gradient=T.tensor(2.0))
    assert a.grad.item() == 12.0


def test_gradients_accumulate_and_zero_():
    x = leaf([1.0, 2.0])
    (x * 3).sum().backward()
    (x * x).sum().backward()
    assert x.grad.tolist() == [5.0, 7.0]
    g = x.grad
    x.grad.zero_()
    assert x.grad.tolist() == [0.0, 0.0]
    (x * 2).sum().backward()
    assert x.grad.tolist() == [2.0, 2.0]
    assert x.grad is g  # accumulated in place into the same tensor, like PyTorch


def test_grad_can_be_set_to_none():
    x = leaf([1.0])
    (x * 2).sum().backward()
    x.grad = None
    (x * 5).sum().backward()
    assert x.grad.tolist() == [5.0]


def test_grad_does_not_require_grad_and_has_leaf_dtype():
    x = leaf([1.0], dtype=T.float64)
    (x * 2).sum().backward()
    assert not x.grad.requires_grad and x.grad.grad_fn is None
    assert x.grad.dtype == T.float64


def test_shared_subexpression_gets_summed_gradient():
    x = leaf(3.0)
    h = x * x
    y = h + h * h  # dy/dx = 2x + 4x^3
    y.backward()
    assert x.grad.item() == 2 * 3 + 4 * 27


def test_diamond_graph_topological_order():
    x = leaf(2.0)
    a = x.exp()
    b = a * 2
    c = a.sin()
    y = b + c * a  # uses a three times along paths of different length
    y.backward()
    ex = np.exp(2.0)
    expect = 2 * ex + np.cos(ex) * ex * ex + np.sin(ex) * ex
    assert x.grad.item() == pytest.approx(expect, rel=1e-5)


def test_deep_chain_does_not_hit_recursion_limit():
    x = leaf(1.0, dtype=T.float64)
    y = x
    for _ in range(3000):
        y = y * 1.0001
    y.backward()
    assert x.grad.item() == pytest.approx(1.0001**3000)


def test_retain_graph_allows_repeated_backward():
    a, b, c = leaf(1.0), leaf(1.0), leaf(1.0)
    y = 3 * a + 2 * b * b + T.log(c)
    y.backward(retain_graph=True)
    y.backward()
    assert (a.grad.item(), b.grad.item(), c.grad.item()) == (6.0, 8.0, 2.0)


def test_backward_on_intermediate_only_reaches_its_leaves():
    x, w = leaf(2.0), leaf(5.0)
    h = x * 3
    y = h * w
    h.backward(retain_graph=True)
    assert x.grad.item() == 3.0 and w.grad is None
    y.backward()
    assert x.grad.item() == 3.0 + 15.0 and w.grad.item() == 6.0


def test_retain_grad_keeps_intermediate_grad():
    x = leaf([1.0, 2.0])
    h = x * 3
    h.retain_grad()
    assert h.retains_grad and not x.retains_grad
    (h * h).sum().backward()
    assert h.grad.tolist() == [6.0, 12.0]
    assert x.grad.tolist() == [18.0, 36.0]


def test_retain_grad_on_leaf_is_noop():
    x = leaf([1.0])
    x.retain_grad()
    (x * 2).sum().backward()
    assert x.grad.tolist() == [2.0]


def test_detach_cuts_graph_and_shares_data():
    x = leaf([1.0, 2.0])
    d = (x * 2).detach()
    assert not d.requires_grad and d.is_leaf and d.grad_fn is None
    y = (x * d).sum()
    y.backward()
    assert x.grad.tolist() == [2.0, 4.0]  # d treated as a constant
    e = x.detach()
    e.add_(10)
    assert x.tolist() == [11.0, 12.0]


def test_requires_grad_():
    t = T.tensor([1.0, 2.0])
    r = t.requires_grad_()
    assert r is t and t.requires_grad and t.is_leaf
    (t * t).sum().backward()
    assert t.grad.tolist() == [2.0, 4.0]
    t.requires_grad_(False)
    assert not t.requires_grad
    assert not (t * 2).requires_grad


def test_requires_grad_property_setter():
    t = T.tensor([1.0])
    t.requires_grad = True
    assert t.requires_grad


# ------------------------------------------------------------ grad mode
def test_no_grad_context_manager():
    x = leaf([1.0])
    with T.no_grad():
        y = x * 2
        assert not T.is_grad_enabled()
    assert T.is_grad_enabled()
    assert not y.requires_grad and y.grad_fn is None


def test_no_grad_decorator_and_enable_grad_inside():
    x = leaf([1.0])

    @T.no_grad()
    def f(t):
        inner = t * 2
        with T.enable_grad():
            tracked = t * 3
        return inner, tracked

    inner, tracked = f(x)
    assert not inner.requires_grad and tracked.requires_grad
    assert T.is_grad_enabled()


def test_enable_grad_decorator():
    x = leaf([1.0])

    @T.enable_grad()
    def g(t):
        return t * 2

    with T.no_grad():
        y = g(x)
    assert y.requires_grad


def test_no_grad_restores_state_after_exception():
    with pytest.raises(ValueError):
        with T.no_grad():
            raise ValueError("boom")
    assert T.is_grad_enabled()


def test_nested_no_grad():
    with T.no_grad():
        with T.no_grad():
            pass
        assert not T.is_grad_enabled()
    assert T.is_grad_enabled()


def test_weight_update_under_no_grad():
    w = leaf([1.0, 2.0])
    (w * w).sum().backward()
    with T.no_grad():
        w -= 0.1 * w.grad
    assert w.is_leaf and w.requires_grad
    np.testing.assert_allclose(w.tolist(), [0.8, 1.6], rtol=1e-6)
    w.grad.zero_()
    (w * w).sum().backward()
    np.testing.assert_allclose(w.grad.tolist(), [1.6, 3.2], rtol=1e-6)


# ---------------------------------------------------------- autograd.grad
def test_grad_returns_tuple_and_leaves_dot_grad_alone():
    x = leaf(3.0)
    y = x**3
    (g,) = autograd.grad(y, x)
    assert g.item() == 27.0
    assert x.grad is None


def test_grad_multiple_inputs_and_grad_outputs():
    a, b = leaf([1.0, 2.0]), leaf([3.0, 4.0])
    y = a * b
    ga, gb = autograd.grad(y, [a, b], grad_outputs=T.tensor([1.0, 10.0]))
    assert ga.tolist() == [3.0, 40.0] and gb.tolist() == [1.0, 20.0]


def test_grad_with_respect_to_intermediate():
    x = leaf(2.0)
    h = x * x
    y = h * 3
    (gh,) = autograd.grad(y, h)
    assert gh.item() == 3.0


def test_grad_allow_unused_returns_none():
    x, u = leaf(1.0), leaf(2.0)
    gx, gu = autograd.grad(x * 4, [x, u], allow_unused=True)
    assert gx.item() == 4.0 and gu is None


def test_second_derivative_create_graph():
    x = leaf(2.0)
    y = x**3
    (g,) = autograd.grad(y, x, create_graph=True)
    assert g.item() == 12.0 and g.requires_grad
    (g2,) = autograd.grad(g, x)
    assert g2.item() == 12.0  # 6x


def test_third_derivative_of_sin():
    x = leaf(0.5, dtype=T.float64)
    y = x.sin()
    (g1,) = autograd.grad(y, x, create_graph=True)
    (g2,) = autograd.grad(g1, x, create_graph=True)
    (g3,) = autograd.grad(g2, x)
    assert g3.item() == pytest.approx(-np.cos(0.5))


@pytest.mark.parametrize(
    "f, d2",
    [
        (lambda x: x.exp(), lambda v: np.exp(v)),
        (lambda x: x.tanh(), lambda v: -2 * np.tanh(v) * (1 - np.tanh(v) ** 2)),
        (lambda x: x.sigmoid(), lambda v: (s := 1 / (1 + np.exp(-v))) * (1 - s) * (1 - 2 * s)),
        (lambda x: x.log(), lambda v: -1 / v**2),
        (lambda x: x.sqrt(), lambda v: -0.25 * v**-1.5),
        (lambda x: 1 / x, lambda v: 2 / v**3),
        (lambda x: x**4, lambda v: 12 * v**2),
        (lambda x: x.cos(), lambda v: -np.cos(v)),
        (lambda x: (x * x).softmax(0), None),
    ],
)
def test_second_derivatives_elementwise(f, d2):
    v = np.array([0.7, 1.3])
    x = leaf(v, dtype=T.float64)
    (g,) = autograd.grad(f(x).sum(), x, create_graph=True)
    (h,) = autograd.grad(g.sum(), x)
    if d2 is None:  # a softmax sums to one: every derivative of its sum is zero
        np.testing.assert_allclose(h.tolist(), [0.0, 0.0], atol=1e-12)
    else:
        np.testing.assert_allclose(h.tolist(), d2(v), rtol=1e-10)


def test_create_graph_backward_populates_differentiable_grad():
    x = leaf(3.0, dtype=T.float64)
    y = x**2
    y.backward(create_graph=True)
    assert x.grad.requires_grad and x.grad.item() == 6.0
    (gg,) = autograd.grad(x.grad, x)
    assert gg.item() == 2.0


def test_hessian_vector_product_matmul():
    A = np.array([[2.0, 1.0], [1.0, 3.0]])
    x = leaf([1.0, -1.0], dtype=T.float64)
    At = T.tensor(A)
    f = 0.5 * (x @ (At @ x))
    (g,) = autograd.grad(f, x, create_graph=True)
    np.testing.assert_allclose(g.tolist(), A @ np.array([1.0, -1.0]))
    v = T.tensor([1.0, 0.0], dtype=T.float64)
    (hv,) = autograd.grad(g @ v, x)
    np.testing.assert_allclose(hv.tolist(), A @ np.array([1.0, 0.0]))


def test_autograd_backward_function():
    x = leaf([1.0, 2.0])
    T.autograd.backward((x * x).sum())
    assert x.grad.tolist() == [2.0, 4.0]


def test_tensor_backward_inputs_argument_restricts_accumulation():
    a, b = leaf(1.0), leaf(2.0)
    (a * b).backward(inputs=[a])
    assert a.grad.item() == 2.0 and b.grad is None


def test_mixed_dtypes_promote_like_torch():
    a = leaf([1.0], dtype=T.float64)
    b = leaf([2.0])
    y = a * b
    assert y.dtype == T.float64
    y.sum().backward()
    assert a.grad.dtype == T.float64 and b.grad.dtype == T.float32


def test_int_tensor_times_float_scalar_is_float():
    t = T.tensor([1, 2]) * 0.5
    assert t.dtype == T.float32 and t.tolist() == [0.5, 1.0]
    assert (T.tensor([1, 2]) * 2).dtype == T.int64
    assert (T.tensor([1.0, 2.0]) * 2).dtype == T.float32  # a Python scalar never widens
