"""Forward-mode AD: every op's tangent rule against PyTorch's forward AD (and finite
differences when PyTorch is absent), plus the dual_level / make_dual / unpack_dual API."""

import numpy as np
import pytest
from op_cases import CASES, inputs

import pyautograd as pag
import pyautograd.autograd.forward_ad as fwAD

try:
    import torch
    import torch.autograd.forward_ad as torch_fwAD
except ImportError:  # the oracle is optional; finite differences still check the rules
    torch = None


def _pag_jvp(fn, xs, vs):
    with fwAD.dual_level():
        duals = [fwAD.make_dual(pag.tensor(x), pag.tensor(v)) for x, v in zip(xs, vs)]
        out = fn(pag, *duals)
        primal, tangent = fwAD.unpack_dual(out)
        return primal.detach().numpy(), (None if tangent is None else tangent.numpy())


@pytest.mark.parametrize("name,fn,shapes", CASES, ids=[c[0] for c in CASES])
def test_tangent_matches_finite_differences(name, fn, shapes):
    xs = inputs(name, shapes)
    vs = inputs(name + "v", shapes, seed=1)
    _, tangent = _pag_jvp(fn, xs, vs)
    h, tol = (1e-2, 1e-3) if name.startswith("to_float32") else (1e-6, 1e-5)  # float32 inside: coarse
    plus = fn(pag, *[pag.tensor(x + h * v) for x, v in zip(xs, vs)]).numpy()
    minus = fn(pag, *[pag.tensor(x - h * v) for x, v in zip(xs, vs)]).numpy()
    np.testing.assert_allclose(tangent, (plus - minus) / (2 * h), rtol=tol, atol=1e-7)


@pytest.mark.skipif(torch is None, reason="PyTorch (the oracle) is not installed")
@pytest.mark.parametrize("name,fn,shapes", CASES, ids=[c[0] for c in CASES])
def test_tangent_matches_pytorch(name, fn, shapes):
    xs = inputs(name, shapes)
    vs = inputs(name + "v", shapes, seed=1)
    primal, tangent = _pag_jvp(fn, xs, vs)
    with torch_fwAD.dual_level():
        duals = [torch_fwAD.make_dual(torch.tensor(x), torch.tensor(v)) for x, v in zip(xs, vs)]
        out = torch_fwAD.unpack_dual(fn(torch, *duals))
    np.testing.assert_allclose(primal, out.primal.detach().numpy(), rtol=1e-12)
    np.testing.assert_allclose(tangent, out.tangent.numpy(), rtol=1e-10, atol=1e-12)


def test_lesson_network_one_pass_per_parameter():
    x1, x2, y = pag.tensor(1.0), pag.tensor(2.0), pag.tensor(0.0)
    params = {"w1": 0.5, "w2": -0.5, "b1": 0.5, "w3": 2.0, "b2": 0.0}
    found = {}
    for chosen in params:
        with fwAD.dual_level():
            w = {k: fwAD.make_dual(pag.tensor(v), pag.tensor(float(k == chosen))) for k, v in params.items()}
            h = pag.sigmoid(w["w1"] * x1 + w["w2"] * x2 + w["b1"])
            loss = (w["w3"] * h + w["b2"] - y) ** 2
            found[chosen] = fwAD.unpack_dual(loss).tangent.item()
    assert found == {"w1": 1.0, "w2": 2.0, "b1": 1.0, "w3": 1.0, "b2": 2.0}


def test_make_dual_needs_a_level():
    with pytest.raises(RuntimeError, match="no level exists, make sure to enter_dual_level"):
        fwAD.make_dual(pag.tensor(1.0), pag.tensor(1.0))


def test_make_dual_shape_mismatch_message():
    with fwAD.dual_level():
        with pytest.raises(RuntimeError) as e:
            fwAD.make_dual(pag.tensor([1.0, 2.0]), pag.ones(3))
    assert str(e.value) == (
        "Trying to set a forward gradient that has a different size than that of the original "
        "Tensor, this is not supported. Tensor is of size [2] while the given forward gradient "
        "is of size [3]."
    )


def test_nested_levels_are_refused():
    with fwAD.dual_level():
        with pytest.raises(RuntimeError, match="Nested forward mode AD is not supported"):
            with fwAD.dual_level():
                pass


def test_tangents_vanish_when_the_level_closes():
    with fwAD.dual_level():
        d = fwAD.make_dual(pag.tensor([1.0, 2.0]), pag.ones(2))
        y = d * 3
        assert y._tangent is not None
        assert "tangent=tensor([3., 3.])" in repr(y)
    assert d._tangent is None and y._tangent is None
    assert "tangent" not in repr(y)
    z = d * 2  # no level open: no tangent work at all
    assert z._tangent is None


def test_unpack_of_a_plain_tensor_has_no_tangent():
    with fwAD.dual_level():
        primal, tangent = fwAD.unpack_dual(pag.tensor([1.0]))
    assert tangent is None and primal.tolist() == [1.0]


def test_constants_mixed_with_duals():
    with fwAD.dual_level():
        d = fwAD.make_dual(pag.tensor([1.0, 2.0]), pag.tensor([1.0, 0.0]))
        out = (d * pag.tensor([5.0, 7.0]) + 1).sum()
        assert fwAD.unpack_dual(out).tangent.item() == 5.0


def test_dual_keeps_the_backward_graph():
    x = pag.tensor([1.0, 2.0], requires_grad=True)
    with fwAD.dual_level():
        d = fwAD.make_dual(x, pag.ones(2))
        assert d.grad_fn.name() == "ViewBackward0"
        y = (d * d).sum()
        assert fwAD.unpack_dual(y).tangent.item() == 6.0
        y.backward()
    assert x.grad.tolist() == [2.0, 4.0]


def test_dtype_of_the_tangent_follows_the_primal():
    with fwAD.dual_level():
        d = fwAD.make_dual(pag.tensor([1.0], dtype=pag.float64), pag.tensor([1.0]))
        assert fwAD.unpack_dual(d * 2).tangent.dtype == pag.float64
