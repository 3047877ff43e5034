"""torch.distributions (Normal, Uniform, Bernoulli, Categorical, and each expanded) against
live PyTorch: seeded draws bit for bit, log_prob / cdf / icdf / entropy / moments / modes /
enumerate_support, gradients of log_prob and rsample, argument and value checks (type and
wording), and the printed form. The recorded answers, for machines without torch, are the
cases of distribution_cases.py."""

import numpy as np
import pytest
from torch_compare import as_numpy, same_error

import pyautograd as pag

torch = pytest.importorskip("torch")


def _t(L, values, dtype="float32"):
    return L.tensor(values, dtype=getattr(L, dtype))


# name -> make(L): the distribution, built from tensors that require grad where it can learn
MAKE = {
    "normal_scalars": lambda L: L.distributions.Normal(0.0, 1.0),
    "normal_batch": lambda L: L.distributions.Normal(_t(L, [0.5, -1.0, 2.0]), _t(L, [1.0, 0.5, 3.0])),
    "normal_broadcast_float64": lambda L: L.distributions.Normal(_t(L, [[0.0], [1.0]], "float64"), 2.0),
    "uniform_scalars": lambda L: L.distributions.Uniform(0.0, 2.0),
    "uniform_batch": lambda L: L.distributions.Uniform(_t(L, [0.0, -1.0]), _t(L, [1.0, 3.0])),
    "bernoulli_probs": lambda L: L.distributions.Bernoulli(_t(L, [0.1, 0.5, 0.9, 0.0])),
    "bernoulli_scalar": lambda L: L.distributions.Bernoulli(0.3),
    "bernoulli_logits": lambda L: L.distributions.Bernoulli(logits=_t(L, [-2.0, 0.0, 3.0])),
    "categorical_probs": lambda L: L.distributions.Categorical(_t(L, [0.1, 0.2, 0.7])),
    "categorical_unnormalised_batch": lambda L: L.distributions.Categorical(
        _t(L, [[1.0, 2.0, 1.0], [5.0, 0.0, 1.0]])
    ),
    "categorical_logits": lambda L: L.distributions.Categorical(logits=_t(L, [[0.5, -1.0], [2.0, 2.0]])),
    "normal_expanded": lambda L: L.distributions.Normal(_t(L, [0.5, -1.0]), 2.0).expand((3, 2)),
    "uniform_expanded": lambda L: L.distributions.Uniform(0.0, _t(L, [1.0, 2.0])).expand((2, 2)),
    "bernoulli_expanded": lambda L: L.distributions.Bernoulli(logits=_t(L, [0.5])).expand((4,)),
    "categorical_expanded": lambda L: L.distributions.Categorical(_t(L, [0.2, 0.8])).expand((3,)),
}

VALUES = {
    "normal_scalars": lambda L: L.arange(-7, 7, 2.0),
    "normal_batch": lambda L: _t(L, [0.0, 1.0, -2.0]),
    "normal_broadcast_float64": lambda L: _t(L, [0.5, 1.5, -3.0], "float64"),
    "uniform_scalars": lambda L: _t(L, [0.0, 0.5, 1.999]),
    "uniform_batch": lambda L: _t(L, [[0.5, 2.0], [0.0, -1.0]]),
    "bernoulli_probs": lambda L: _t(L, [1.0, 0.0, 1.0, 0.0]),
    "bernoulli_scalar": lambda L: _t(L, [1.0, 0.0]),
    "bernoulli_logits": lambda L: _t(L, [1.0, 0.0, 1.0]),
    "categorical_probs": lambda L: L.tensor([0, 2, 1]),
    "categorical_unnormalised_batch": lambda L: L.tensor([[0, 2], [1, 1]]),
    "categorical_logits": lambda L: L.tensor([1, 0]),
    "normal_expanded": lambda L: _t(L, [[0.0, 1.0], [2.0, -3.0], [0.5, 0.5]]),
    "uniform_expanded": lambda L: _t(L, [0.5, 1.5]),
    "bernoulli_expanded": lambda L: _t(L, [1.0, 0.0, 0.0, 1.0]),
    "categorical_expanded": lambda L: L.tensor([1, 0, 1]),
}

PROPERTIES = ("mean", "mode", "variance", "stddev", "probs", "logits", "batch_shape", "event_shape")


def _outcome(f):
    try:
        value = f()
    except Exception as e:  # noqa: BLE001  (the type and wording are compared)
        return (type(e).__name__, str(e).replace("torch", "pyautograd"))
    if hasattr(value, "shape") and not isinstance(value, tuple):
        return (str(value.dtype).replace("torch", "pyautograd"), as_numpy(value))
    return repr(value).replace("torch", "pyautograd")


def _same(a, b, rtol=1e-6, atol=1e-7):
    if isinstance(a, tuple) and len(a) == 2 and isinstance(a[1], np.ndarray):
        assert isinstance(b, tuple) and a[0] == b[0]
        np.testing.assert_allclose(a[1], b[1], rtol=rtol, atol=atol)
    else:
        assert a == b


@pytest.mark.parametrize("name", sorted(MAKE))
def test_values_and_printed_form_as_pytorch(name):
    ours, theirs = MAKE[name](pag), MAKE[name](torch)
    assert repr(ours) == repr(theirs).replace("torch", "pyautograd")
    for prop in PROPERTIES:
        _same(_outcome(lambda: getattr(ours, prop)), _outcome(lambda: getattr(theirs, prop)))
    _same(_outcome(ours.entropy), _outcome(theirs.entropy))
    for method in ("cdf", "icdf"):  # where PyTorch has them; NotImplementedError where not
        _same(
            _outcome(lambda: getattr(ours, method)(VALUES[name](pag).clamp(0.0, 0.9))),
            _outcome(lambda: getattr(theirs, method)(VALUES[name](torch).clamp(0.0, 0.9))),
        )
    _same(_outcome(ours.enumerate_support), _outcome(theirs.enumerate_support))
    _same(
        _outcome(lambda: ours.log_prob(VALUES[name](pag))),
        _outcome(lambda: theirs.log_prob(VALUES[name](torch))),
    )
    # after probs/logits were read, the printed form still lists only the given parameter
    assert repr(ours) == repr(theirs).replace("torch", "pyautograd")


@pytest.mark.parametrize("seed", [0, 1, 7])
@pytest.mark.parametrize("name", sorted(MAKE))
@pytest.mark.parametrize("shape", [(), (5,), (2, 3)])
def test_seeded_draws_bit_for_bit(name, shape, seed):
    out = []
    for L in (pag, torch):
        d = MAKE[name](L)
        L.manual_seed(seed)
        drawn = [
            _outcome(lambda: d.sample(shape)),
            _outcome(lambda: d.rsample(shape)),
            _outcome(lambda: d.sample()),
        ]
        drawn.append(_outcome(lambda: L.rand(2)))  # the generator moved on by as much
        out.append(drawn)
    for a, b in zip(*out):
        if isinstance(a, tuple) and isinstance(a[1], np.ndarray):
            assert a[0] == b[0]
            np.testing.assert_array_equal(a[1], b[1])
        else:
            assert a == b


GRAD_CASES = {
    "normal": (lambda L, p, q: L.distributions.Normal(p, q.exp()), [0.3, -1.0], [0.1, 0.5], [1.0, -2.0]),
    "uniform": (lambda L, p, q: L.distributions.Uniform(p, p + q.exp()), [0.0, -1.0], [0.5, 1.0], [0.5, 0.0]),
    "bernoulli": (
        lambda L, p, q: L.distributions.Bernoulli(logits=p * q),
        [0.3, -1.0],
        [2.0, 0.5],
        [1.0, 0.0],
    ),
    "categorical": (
        lambda L, p, q: L.distributions.Categorical(logits=L.stack([p, q])),
        [0.3, -1.0],
        [2.0, 0.5],
        [1, 0],
    ),
}


@pytest.mark.parametrize("name", sorted(GRAD_CASES))
def test_log_prob_entropy_and_rsample_are_differentiable(name):
    make, p0, q0, v = GRAD_CASES[name]
    out = []
    for L in (pag, torch):
        p = L.tensor(p0, dtype=L.float64, requires_grad=True)
        q = L.tensor(q0, dtype=L.float64, requires_grad=True)
        d = make(L, p, q)
        value = L.tensor(v) if name == "categorical" else L.tensor(v, dtype=L.float64)
        total = d.log_prob(value).sum() + d.entropy().sum()
        if d.has_rsample:
            L.manual_seed(3)
            total = total + (d.rsample((4,)) ** 2).sum()
        total.backward()
        out.append((total.item(), p.grad.tolist(), q.grad.tolist()))
    np.testing.assert_allclose(out[0][0], out[1][0], rtol=1e-12)
    np.testing.assert_allclose(out[0][1], out[1][1], rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(out[0][2], out[1][2], rtol=1e-12, atol=1e-14)


ERRORS = {
    "negative_scale": lambda D, L: D.Normal(0.0, -1.0),
    "zero_scale_in_batch": lambda D, L: D.Normal(L.tensor([0.0, 1.0]), L.tensor([1.0, 0.0])),
    "nan_loc": lambda D, L: D.Normal(float("nan"), 1.0),
    "probs_above_one": lambda D, L: D.Bernoulli(1.5),
    "neither_probs_nor_logits": lambda D, L: D.Bernoulli(),
    "both_probs_and_logits": lambda D, L: D.Categorical(L.tensor([0.5, 0.5]), L.tensor([0.0, 0.0])),
    "negative_category": lambda D, L: D.Categorical(L.tensor([0.2, -0.8])),
    "zero_dim_categorical": lambda D, L: D.Categorical(L.tensor(0.5)),
    "low_above_high": lambda D, L: D.Uniform(1.0, 0.0),
    "log_prob_of_a_float": lambda D, L: D.Normal(0.0, 1.0).log_prob(1.0),
    "bernoulli_value_off_support": lambda D, L: D.Bernoulli(0.3).log_prob(L.tensor(0.5)),
    "uniform_value_off_support": lambda D, L: D.Uniform(0.0, 1.0).log_prob(L.tensor([0.5, 2.0])),
    "category_out_of_range": lambda D, L: D.Categorical(L.tensor([0.5, 0.5])).log_prob(L.tensor(3)),
    "value_shape_mismatch": lambda D, L: D.Normal(L.zeros(2), 1.0).log_prob(L.zeros(3)),
    "bernoulli_has_no_rsample": lambda D, L: D.Bernoulli(0.3).rsample(),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_argument_checks_as_pytorch(name):
    same_error(lambda L: lambda: ERRORS[name](L.distributions, L))


def test_checks_can_be_turned_off_as_in_pytorch():
    for L in (pag, torch):
        d = L.distributions.Normal(0.0, -1.0, validate_args=False)
        assert d.scale.item() == -1.0
        assert L.distributions.Bernoulli(0.3, validate_args=False).log_prob(L.tensor(0.5)).shape == ()
