"""Second derivatives through ops that save their output, on 0-d tensors (issue 8).

NumPy returns scalars, not arrays, for 0-d results; the saved output used to be such a
scalar instead of the output tensor's own buffer, so create_graph lost the path through it
and in-place changes to it went unnoticed. Each example runs in PyTorch and in pyautograd.
"""

import pytest

import pyautograd

torch = pytest.importorskip("torch")


def _second_derivative(L, f, at):
    x = L.tensor(at, requires_grad=True)
    (g,) = L.autograd.grad(f(L, x), x, create_graph=True)
    (h,) = L.autograd.grad(g, x)
    return g.item(), h.item()


@pytest.mark.parametrize(
    "f",
    [
        lambda L, x: x * L.exp(x),
        lambda L, x: L.tanh(x) + x**3,
        lambda L, x: L.sigmoid(x) * x,
        lambda L, x: L.sqrt(x) * x,
        lambda L, x: L.relu(x) * x,
        lambda L, x: x.reciprocal() * x * x,
        lambda L, x: 2.0**x * x,
        lambda L, x: x**x,
    ],
    ids=["x_exp", "tanh_cube", "sigmoid", "sqrt", "relu", "reciprocal", "rpow", "pow_tensor"],
)
def test_second_derivative_matches_pytorch(f):
    got = _second_derivative(pyautograd, f, 0.5)
    want = _second_derivative(torch, f, 0.5)
    assert got == pytest.approx(want, rel=1e-6)


def test_gradient_of_sigmoid_is_differentiable_for_newtons_method():
    def newton(L):
        x = L.tensor(0.3, requires_grad=True)
        for _ in range(3):
            (g,) = L.autograd.grad(L.sigmoid(x) - x * x, x, create_graph=True)
            (h,) = L.autograd.grad(g, x)
            x = (x - g / h).detach().requires_grad_()
        return x.item()

    assert newton(pyautograd) == pytest.approx(newton(torch), rel=1e-6)


def test_in_place_change_of_a_saved_0d_output_is_refused():
    messages = []
    for L in (pyautograd, torch):
        x = L.tensor(0.5, requires_grad=True)
        y = x.exp()
        y.add_(1)
        with pytest.raises(RuntimeError) as e:
            y.backward()
        messages.append(str(e.value).replace("torch.", "pyautograd."))
    assert messages[0] == messages[1]


def test_0d_output_data_is_an_array_and_its_saved_value_is_bound_to_it():
    y = pyautograd.tensor(0.5, requires_grad=True).exp()
    assert type(y._data).__name__ == "ndarray"
    assert y.grad_fn._saved_sources[0][1] is y._version_counter  # the saved output shares y's version


def test_grad_kept_by_backward_with_create_graph_is_a_copy_node():
    def run(L):
        x = L.tensor([0.5, 2.0], requires_grad=True)
        (x**3).sum().backward(create_graph=True)
        first = type(x.grad.grad_fn).__name__
        (h,) = L.autograd.grad(x.grad.sum(), x)
        (x**2).sum().backward(create_graph=True)
        return first, type(x.grad.grad_fn).__name__, h.tolist(), x.grad.tolist()

    with pytest.warns(UserWarning):
        assert run(pyautograd) == run(torch)


def test_x_to_the_x_at_zero_has_pytorchs_gradient():
    def run(L):
        x = L.tensor([0.0, 0.5], requires_grad=True)
        e = L.tensor([0.0, 0.0], requires_grad=True)
        (x**x).sum().backward()
        (x**e).sum().backward()
        return x.grad.tolist(), e.grad.tolist()

    assert run(pyautograd) == run(torch)
