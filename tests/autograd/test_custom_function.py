"""Learners' autograd.Functions against live PyTorch: forward and backward get tensors,
several outputs, mark_non_differentiable, once_differentiable, double backward through a
custom backward, and PyTorch's errors for a backward that returns the wrong gradients."""

import pytest

import pyautograd

torch = pytest.importorskip("torch")


def _classes(L):
    from_function = L.autograd.function

    class Cube(L.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x**3

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return 3 * x**2 * g

    class SplitScale(L.autograd.Function):
        """Two float outputs and a non-differentiable index."""

        @staticmethod
        def forward(ctx, x, k):
            index = x.argmax()
            ctx.mark_non_differentiable(index)
            ctx.k = k
            return x * 2, x * k, index

        @staticmethod
        def backward(ctx, g_double, g_scaled, g_index):
            return g_double * 2 + g_scaled * ctx.k, None

    class OnceCube(L.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return x**3

        @staticmethod
        @from_function.once_differentiable
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return 3 * x**2 * g

    class Identity(L.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x

        @staticmethod
        def backward(ctx, g):
            return g

    class WrongShape(L.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return L.ones(3)

    class BroadcastGrad(L.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g.expand(4, 2) * 2

    class ExtraNones(L.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2

        @staticmethod
        def backward(ctx, g):
            return g * 2, None, None

    class Modes(L.autograd.Function):
        @staticmethod
        def forward(ctx, x, k):
            ctx.seen = [L.is_grad_enabled(), x.requires_grad, ctx.needs_input_grad]
            return x * k

        @staticmethod
        def backward(ctx, g):
            ctx.seen += [L.is_grad_enabled(), g.requires_grad]
            return g * ctx.k_grad, None

    return locals()


def _scenarios():
    def double_backward(L, C):
        x = L.tensor([0.5, -1.5], requires_grad=True)
        (g,) = L.autograd.grad(C["Cube"].apply(x).sum(), x, create_graph=True)
        (h,) = L.autograd.grad(g.sum(), x)
        return g.tolist(), h.tolist(), type(C["Cube"].apply(x).grad_fn).__name__

    def tuple_outputs(L, C):
        x = L.tensor([1.0, 3.0, 2.0], requires_grad=True)
        a, b, i = C["SplitScale"].apply(x, 5.0)
        same_node = a.grad_fn is b.grad_fn
        (a.sum() + 10 * b.sum()).backward()
        return a.tolist(), b.tolist(), i.item(), i.requires_grad, same_node, x.grad.tolist()

    def one_output_of_two_used(L, C):
        x = L.tensor([1.0, 3.0], requires_grad=True)
        a, _, _ = C["SplitScale"].apply(x, 5.0)
        a.sum().backward()
        return x.grad.tolist()

    def once_differentiable_first_order(L, C):
        x = L.tensor([0.5, 2.0], requires_grad=True)
        C["OnceCube"].apply(x).sum().backward()
        return x.grad.tolist()

    def once_differentiable_twice(L, C):
        x = L.tensor([0.5, 2.0], requires_grad=True)
        y = C["OnceCube"].apply(x * 1)
        (g,) = L.autograd.grad(y, x, grad_outputs=L.ones(2, requires_grad=True), create_graph=True)
        g.sum().backward()

    def returns_its_input(L, C):
        x = L.tensor([1.0, 2.0], requires_grad=True)
        y = C["Identity"].apply(x)
        (y * 3).sum().backward()
        return y is x, y.is_leaf, x.is_leaf, x.grad.tolist()

    def wrong_shape(L, C):
        C["WrongShape"].apply(L.ones(2, requires_grad=True)).sum().backward()

    def broadcast_gradient_is_summed(L, C):
        x = L.ones(2, requires_grad=True)
        C["BroadcastGrad"].apply(x).sum().backward()
        return x.grad.tolist()

    def extra_nones_are_allowed(L, C):
        x = L.ones(2, requires_grad=True)
        C["ExtraNones"].apply(x).sum().backward()
        return x.grad.tolist()

    def grad_modes_inside(L, C):
        x = L.ones(2, requires_grad=True)
        y = C["Modes"].apply(x, 2.0)
        y.grad_fn.k_grad = 2.0
        y.sum().backward()
        return y.grad_fn.seen if hasattr(y.grad_fn, "seen") else None

    def saved_input_modified_in_place(L, C):
        x = L.tensor([1.0, 2.0], requires_grad=True)
        h = x * 1
        y = C["Cube"].apply(h)
        h.add_(1)
        y.sum().backward()

    def backward_twice_without_retain(L, C):
        x = L.tensor([1.0, 2.0], requires_grad=True)
        y = C["Cube"].apply(x).sum()
        y.backward()
        y.backward()

    return locals()


SCENARIOS = _scenarios()


def _outcome(L, scenario):
    try:
        return SCENARIOS[scenario](L, _classes(L))
    except Exception as e:  # noqa: BLE001 - the error itself is what is compared
        return type(e).__name__, str(e).replace("torch.", "pyautograd.")


@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_custom_function_matches_pytorch(scenario):
    assert _outcome(pyautograd, scenario) == _outcome(torch, scenario)
