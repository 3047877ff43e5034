"""jacobian / hessian / vjp / jvp / hvp against torch.autograd.functional, pass counts, and
pyautograd.func against torch.func."""

import numpy as np
import pytest
from torch_compare import assert_close, same_error

import pyautograd as pag
from pyautograd import func as pfunc
from pyautograd.autograd import functional as F
from pyautograd.autograd.functional import count_passes, hessian, jacobian

try:
    import torch
    import torch.autograd.functional as TF
except ImportError:
    torch = None
needs_torch = pytest.mark.skipif(torch is None, reason="PyTorch (the oracle) is not installed")


def both(arrays):
    return [pag.tensor(a) for a in arrays], ([torch.tensor(a) for a in arrays] if torch else None)


# pyautograd.func and torch.func agree to float64 round-off.
TOL = {"rtol": 1e-10, "atol": 1e-12}


FUNCS = {
    "vector_to_scalar": (lambda L, x: (x**2).sum(), [np.arange(5.0)]),
    "vector_to_vector": (lambda L, x: L.tanh(x) * x[0], [np.linspace(-1, 1, 4)]),
    "matrix_in": (lambda L, x: L.sigmoid(x).sum(dim=0), [np.linspace(-1, 1, 6).reshape(2, 3)]),
    "two_inputs": (lambda L, a, b: a * b + L.sin(a), [np.array([0.5, 1.5]), np.array([2.0, -1.0])]),
    "tuple_out": (lambda L, a, b: (a * b, (a + b).sum()), [np.array([0.5, 1.5]), np.array([2.0, -1.0])]),
    "scalar_in": (lambda L, t: t * L.arange(1.0, 4.0, dtype=L.float64), [np.array(2.0)]),
    "unused_input": (lambda L, a, b: a * 2, [np.array([1.0, 2.0]), np.array([3.0])]),
}


@needs_torch
@pytest.mark.parametrize("strategy", ["reverse-mode", "forward-mode"])
@pytest.mark.parametrize("name", list(FUNCS))
def test_jacobian_matches_pytorch(name, strategy):
    fn, arrays = FUNCS[name]
    ours_in, theirs_in = both(arrays)
    single = len(arrays) == 1
    ours = jacobian(
        lambda *x: fn(pag, *x),
        ours_in[0] if single else tuple(ours_in),
        vectorize=strategy == "forward-mode",
        strategy=strategy,
    )
    theirs = TF.jacobian(
        lambda *x: fn(torch, *x),
        theirs_in[0] if single else tuple(theirs_in),
        vectorize=strategy == "forward-mode",
        strategy=strategy,
    )
    assert_close(ours, theirs, **TOL)


@pytest.mark.parametrize("name", list(FUNCS))
def test_both_strategies_agree(name):
    fn, arrays = FUNCS[name]
    xs = tuple(pag.tensor(a) for a in arrays)
    rev = jacobian(lambda *x: fn(pag, *x), xs, strategy="reverse-mode")
    fwd = jacobian(lambda *x: fn(pag, *x), xs, strategy="forward-mode", vectorize=True)
    flat = lambda j: [t.numpy() for t in (j if isinstance(j, tuple) else (j,))]  # noqa: E731
    rev_blocks = [b for row in rev for b in flat(row)] if isinstance(rev[0], tuple) else flat(rev)
    fwd_blocks = [b for row in fwd for b in flat(row)] if isinstance(fwd[0], tuple) else flat(fwd)
    assert len(rev_blocks) == len(fwd_blocks)
    for r, f in zip(rev_blocks, fwd_blocks):
        np.testing.assert_allclose(r, f, rtol=1e-12, atol=0)


def test_pass_counts_n_inputs_m_outputs():
    """Reverse mode: one sweep per output element; forward mode: one per input element."""

    def f(a, b):  # n = 3 + 4 inputs, m = 2 outputs
        return pag.stack([(a * a).sum(), (b * a.sum()).sum()])

    xs = (pag.ones(3), pag.ones(4))
    with count_passes() as rev:
        jacobian(f, xs)
    with count_passes() as fwd:
        jacobian(f, xs, strategy="forward-mode", vectorize=True)
    assert (rev.vjp, rev.jvp, rev.calls) == (2, 0, 1)
    assert (fwd.vjp, fwd.jvp, fwd.calls) == (0, 7, 7)


def test_lesson_counts():
    with count_passes() as rev:
        J = jacobian(lambda x: (x**2).sum(), pag.arange(100.0), strategy="reverse-mode")
    with count_passes() as fwd:
        jacobian(lambda x: (x**2).sum(), pag.arange(100.0), strategy="forward-mode", vectorize=True)
    assert (rev.vjp, rev.jvp, fwd.vjp, fwd.jvp) == (1, 0, 0, 100)
    assert J[:3].tolist() == [0.0, 2.0, 4.0]
    with count_passes() as rev:
        jacobian(lambda t: t * pag.arange(1.0, 51.0), pag.tensor(2.0))
    assert rev.vjp == 50


def test_counters_nest_and_stop_at_exit():
    with count_passes() as outer:
        with count_passes() as inner:
            F.vjp(lambda x: x.sum(), pag.ones(3))
        F.jvp(lambda x: x * 2, pag.ones(2), pag.ones(2))
    F.vjp(lambda x: x.sum(), pag.ones(3))
    assert (inner.vjp, inner.jvp) == (1, 0)
    assert (outer.vjp, outer.jvp, outer.calls) == (1, 1, 2)
    assert repr(outer) == "count_passes(vjp=1, jvp=1, calls=2)"


def test_jacobian_of_independent_output():
    J = jacobian(lambda a, b: a * 2, (pag.ones(2), pag.ones(3)))
    assert J[1].tolist() == [[0.0] * 3] * 2
    with pytest.raises(
        RuntimeError, match="Output 0 of the user-provided function is independent of input 1"
    ):
        jacobian(lambda a, b: a * 2, (pag.ones(2), pag.ones(3)), strict=True)


def test_jacobian_rejects_non_tensors_and_bad_strategy():
    with pytest.raises(TypeError, match="must be either a Tensor or a tuple of Tensors"):
        jacobian(lambda x: x, [1.0])
    with pytest.raises(AssertionError, match="Expected strategy to be either"):
        jacobian(lambda x: x, pag.ones(1), strategy="sideways")


def _refusal(L, call, **kw):
    functional = L.autograd.functional
    x = L.tensor([0.5, -1.0, 2.0], dtype=L.float64)
    if call == "jacobian":
        return lambda: functional.jacobian(lambda t: t.sin(), x, **kw)
    return lambda: functional.hessian(lambda t: (t.sin() * t).sum(), x, **kw)


# PyTorch's forward-mode Jacobian exists only batched: every way it refuses, in its order.
REFUSALS = {
    "forward_unbatched": ("jacobian", {"strategy": "forward-mode"}),
    "forward_unbatched_explicit": ("jacobian", {"strategy": "forward-mode", "vectorize": False}),
    "forward_create_graph": ("jacobian", {"strategy": "forward-mode", "create_graph": True}),
    "forward_create_graph_batched": (
        "jacobian",
        {"strategy": "forward-mode", "create_graph": True, "vectorize": True},
    ),
    "forward_strict": ("jacobian", {"strategy": "forward-mode", "strict": True, "vectorize": True}),
    "forward_strict_unbatched": ("jacobian", {"strategy": "forward-mode", "strict": True}),
    "unknown_strategy": ("jacobian", {"strategy": "forward"}),
    "reverse_strict_batched": ("jacobian", {"strict": True, "vectorize": True}),
    "hessian_forward_unbatched": ("hessian", {"outer_jacobian_strategy": "forward-mode"}),
    "hessian_forward_create_graph": (
        "hessian",
        {"outer_jacobian_strategy": "forward-mode", "vectorize": True, "create_graph": True},
    ),
    "hessian_unknown_strategy": ("hessian", {"outer_jacobian_strategy": "sideways"}),
}


@needs_torch
@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refusals_match_pytorch(name):
    call, kw = REFUSALS[name]
    same_error(lambda L: _refusal(L, call, **kw), spell=str)


@needs_torch
def test_hessian_of_a_vector_output_refused_as_pytorch():
    same_error(lambda L: lambda: L.autograd.functional.hessian(lambda t: t * 2, L.ones(2)), spell=str)
    same_error(lambda L: lambda: L.autograd.functional.hessian(lambda t: (t, t), L.ones(1)), spell=str)


@needs_torch
def test_batched_forward_hessian_matches_pytorch():
    x = np.array([0.5, -1.0, 2.0])
    f = lambda t: (t.sin() * t).sum()  # noqa: E731
    ours = hessian(f, pag.tensor(x), vectorize=True, outer_jacobian_strategy="forward-mode")
    theirs = TF.hessian(f, torch.tensor(x), vectorize=True, outer_jacobian_strategy="forward-mode")
    assert_close(ours, theirs, **TOL)


def test_jacobian_create_graph_is_differentiable():
    x = pag.tensor([1.0, 2.0], requires_grad=True)
    J = jacobian(lambda x: x**3, x, create_graph=True)
    J.sum().backward()
    assert x.grad.tolist() == [6.0, 12.0]  # d/dx sum(diag(3x^2))


@needs_torch
@pytest.mark.parametrize("name", ["vector_to_scalar", "two_inputs"])
def test_hessian_matches_pytorch(name):
    fn, arrays = FUNCS[name]
    scalar = (lambda L, *x: fn(L, *x).sum()) if name != "vector_to_scalar" else fn
    ours_in, theirs_in = both(arrays)
    single = len(arrays) == 1
    ours = hessian(lambda *x: scalar(pag, *x), ours_in[0] if single else tuple(ours_in))
    theirs = TF.hessian(lambda *x: scalar(torch, *x), theirs_in[0] if single else tuple(theirs_in))
    assert_close(ours, theirs, **TOL)


def test_hessian_of_a_cubic_and_its_passes():
    with count_passes() as n:
        H = hessian(lambda x: (x**3).sum() + x[0] * x[1], pag.tensor([1.0, 2.0]))
    assert H.tolist() == [[6.0, 1.0], [1.0, 12.0]]
    assert (n.calls, n.vjp) == (1, 3)  # the gradient once, then one sweep per row


def test_hessian_needs_a_scalar():
    with pytest.raises(RuntimeError, match="should contain a single element"):
        hessian(lambda x: x * 2, pag.ones(2))


@needs_torch
def test_vjp_jvp_hvp_match_pytorch():
    f = lambda L, x: L.sin(x) * x.sum()  # noqa: E731
    x = np.array([0.3, -1.2, 2.0])
    v = np.array([1.0, 0.5, -2.0])
    for ours_fn, theirs_fn in [(F.vjp, TF.vjp), (F.jvp, TF.jvp)]:
        o = ours_fn(lambda t: f(pag, t), pag.tensor(x), pag.tensor(v))
        t = theirs_fn(lambda t: f(torch, t), torch.tensor(x), torch.tensor(v))
        assert_close(o, tuple(t), **TOL)
    o = F.hvp(lambda t: f(pag, t).sum(), pag.tensor(x), pag.tensor(v))
    t = TF.hvp(lambda t: f(torch, t).sum(), torch.tensor(x), torch.tensor(v))
    assert_close(o, tuple(t), **TOL)


@needs_torch
def test_func_transforms_match_torch_func():
    f = lambda L, a, b: L.tanh(a) * b  # noqa: E731
    a, b, v = np.array([0.1, 0.7]), np.array([2.0, -3.0]), np.array([1.0, 1.0])
    out, tangent = pfunc.jvp(
        lambda a, b: f(pag, a, b), (pag.tensor(a), pag.tensor(b)), (pag.tensor(v), pag.tensor(v))
    )
    t_out, t_tangent = torch.func.jvp(
        lambda a, b: f(torch, a, b), (torch.tensor(a), torch.tensor(b)), (torch.tensor(v), torch.tensor(v))
    )
    assert_close((out, tangent), (t_out, t_tangent), **TOL)
    out, vjp_fn = pfunc.vjp(lambda a, b: f(pag, a, b), pag.tensor(a), pag.tensor(b))
    t_out, t_vjp_fn = torch.func.vjp(lambda a, b: f(torch, a, b), torch.tensor(a), torch.tensor(b))
    assert_close(vjp_fn(pag.tensor(v)), t_vjp_fn(torch.tensor(v)), **TOL)
    assert_close(vjp_fn(pag.tensor(a)), t_vjp_fn(torch.tensor(a)), **TOL)  # callable again
    g = pfunc.grad(lambda a, b: f(pag, a, b).sum(), argnums=(0, 1))(pag.tensor(a), pag.tensor(b))
    tg = torch.func.grad(lambda a, b: f(torch, a, b).sum(), argnums=(0, 1))(torch.tensor(a), torch.tensor(b))
    assert_close(g, tg, **TOL)
    assert_close(
        pfunc.jacfwd(lambda a: f(pag, a, pag.tensor(b)))(pag.tensor(a)),
        torch.func.jacfwd(lambda a: f(torch, a, torch.tensor(b)))(torch.tensor(a)),
        **TOL,
    )
    assert_close(
        pfunc.jacrev(lambda a: f(pag, a, pag.tensor(b)))(pag.tensor(a)),
        torch.func.jacrev(lambda a: f(torch, a, torch.tensor(b)))(torch.tensor(a)),
        **TOL,
    )


def test_func_passes_are_counted():
    with count_passes() as n:
        pfunc.jvp(lambda x: x * 2, (pag.ones(2),), (pag.ones(2),))
        _, vjp_fn = pfunc.vjp(lambda x: x * 2, pag.ones(2))
        vjp_fn(pag.ones(2))
        vjp_fn(pag.ones(2))
    assert (n.jvp, n.vjp, n.calls) == (1, 2, 2)


def test_func_jvp_argument_checks():
    with pytest.raises(RuntimeError, match="Expected primals and tangents to be tuples"):
        pfunc.jvp(lambda x: x, pag.ones(1), pag.ones(1))
    with pytest.raises(RuntimeError, match="same length"):
        pfunc.jvp(lambda x: x, (pag.ones(1),), (pag.ones(1), pag.ones(1)))
