"""Cases for ``torch.distributions`` (each a function of the module ``L``), merged into the
tables of ``api_cases.py`` and so recorded in ``golden/api.json``: expand, cdf/icdf, modes,
enumerate_support, sample against rsample, kl_divergence, seeded draws of expanded
distributions, and the misuse PyTorch refuses (type and wording)."""

import math


def _t(L, values, dtype="float32", requires_grad=False):
    return L.tensor(values, dtype=getattr(L, dtype), requires_grad=requires_grad)


def _plain(value):
    """Tensors as (printed form, values); Sizes and the rest as printed."""
    if hasattr(value, "tolist") and hasattr(value, "dtype"):
        return [repr(value), value.tolist()]
    return repr(value)


def _expand(L):
    D = L.distributions
    L.manual_seed(0)
    made = [
        D.Normal(_t(L, [0.5, -1.0]), _t(L, [1.0, 2.0])),
        D.Normal(0.0, 1.0),
        D.Uniform(_t(L, [[0.0], [1.0]]), 3.0),
        D.Bernoulli(_t(L, [0.2, 0.9])),
        D.Bernoulli(logits=_t(L, [-1.0, 2.0])),
        D.Categorical(_t(L, [0.2, 0.3, 0.5])),
        D.Categorical(logits=_t(L, [[0.0, 1.0], [2.0, -1.0]])),
    ]
    shapes = [(3, 2), (4,), (2, 2, 1), (3, 2), (2, 2), (2, 3), (5, 2)]
    out = []
    for d, shape in zip(made, shapes):
        e = d.expand(L.Size(shape))
        out += [
            repr(e),
            repr(e.batch_shape),
            repr(e.event_shape),
            e._validate_args,
            _plain(e.mean) if not isinstance(e, D.Categorical) else _plain(e.probs),
            list(e.sample((2,)).shape),
            _plain(e.log_prob(e.sample())),
        ]
    # a plain tuple works too, and expanding keeps validate_args=False
    quiet = D.Normal(0.0, 1.0, validate_args=False).expand((2,))
    out += [repr(quiet), quiet._validate_args, _plain(quiet.log_prob(_t(L, [0.0, 1.0])))]
    return out


def _cdf_icdf(L):
    D = L.distributions
    loc = _t(L, [0.0, 1.0, -2.0], "float64", requires_grad=True)
    scale = _t(L, [1.0, 0.5, 3.0], "float64", requires_grad=True)
    n = D.Normal(loc, scale)
    value = _t(L, [0.5, 1.0, -8.0], "float64")
    total = n.cdf(value).sum() + n.icdf(_t(L, [0.1, 0.5, 0.975], "float64")).sum()
    total.backward()
    u = D.Uniform(_t(L, [0.0, -1.0]), _t(L, [2.0, 1.0]))
    return [
        n.cdf(value).tolist(),
        n.icdf(_t(L, [0.1, 0.5, 0.975], "float64")).tolist(),
        _plain(D.Normal(0.0, 1.0).cdf(L.arange(-3, 4, 1.0))),
        _plain(D.Normal(0.0, 1.0).icdf(_t(L, [0.0, 0.025, 0.5, 1.0]))),
        loc.grad.tolist(),
        scale.grad.tolist(),
        _plain(u.cdf(_t(L, [0.5, 0.0]))),
        _plain(u.icdf(_t(L, [0.25, 1.0]))),
        _plain(D.Normal(0.0, 1.0, validate_args=False).cdf(_t(L, [[-1.0], [1.0]]))),
    ]


def _modes_and_moments(L):
    D = L.distributions
    made = [
        D.Normal(_t(L, [0.5, -1.0]), 2.0),
        D.Uniform(0.0, _t(L, [1.0, 4.0])),
        D.Bernoulli(_t(L, [0.2, 0.5, 0.7, 1.0])),
        D.Bernoulli(logits=_t(L, [0.0, -3.0])),
        D.Categorical(_t(L, [[0.2, 0.5, 0.3], [0.4, 0.4, 0.2]])),
    ]
    return [[_plain(getattr(d, p)) for p in ("mode", "mean", "variance", "stddev")] for d in made]


def _enumerate_support(L):
    D = L.distributions
    b = D.Bernoulli(_t(L, [[0.2, 0.5, 0.7]], "float64"))
    c = D.Categorical(_t(L, [[0.2, 0.8], [0.5, 0.5], [0.1, 0.9]]))
    out = [
        _plain(D.Bernoulli(0.3).enumerate_support()),
        _plain(b.enumerate_support()),
        _plain(b.enumerate_support(expand=False)),
        _plain(D.Categorical(_t(L, [0.1, 0.2, 0.7])).enumerate_support()),
        _plain(c.enumerate_support()),
        _plain(c.enumerate_support(False)),
        b.has_enumerate_support,
        D.Normal(0.0, 1.0).has_enumerate_support,
    ]
    # the usual sum over every outcome: the probabilities add up to one
    out.append(_plain(c.log_prob(c.enumerate_support()).exp().sum(0)))
    return out


def _sample_and_rsample(L):
    D = L.distributions
    loc = _t(L, [0.0, 1.0], requires_grad=True)
    scale = _t(L, [1.0, 2.0], requires_grad=True)
    n = D.Normal(loc, scale)
    L.manual_seed(4)
    s, r = n.sample((3,)), n.rsample((3,))
    r.sum().backward()
    low = _t(L, [0.0], requires_grad=True)
    u = D.Uniform(low, 2.0)
    us, ur = u.sample(), u.rsample((2,))
    ur.sum().backward()
    b = D.Bernoulli(_t(L, [0.3, 0.8], requires_grad=True))
    bs = b.sample()
    return [
        [s.requires_grad, s.grad_fn is None, r.requires_grad, type(r.grad_fn).__name__],
        [loc.grad.tolist(), scale.grad.tolist()],
        [us.requires_grad, ur.requires_grad, type(ur.grad_fn).__name__, low.grad.tolist()],
        [bs.requires_grad, bs.tolist()],
        [n.has_rsample, u.has_rsample, b.has_rsample, D.Categorical(_t(L, [0.5, 0.5])).has_rsample],
        _plain(s),
        _plain(r.detach()),
    ]


def _seeded_expanded(L):
    D = L.distributions
    L.manual_seed(11)
    return [
        _plain(D.Normal(_t(L, [0.0, 10.0]), 1.0).expand((3, 2)).sample()),
        _plain(D.Uniform(0.0, 1.0).expand((4,)).rsample((2,))),
        _plain(D.Bernoulli(_t(L, [0.5])).expand((6,)).sample()),
        _plain(D.Categorical(_t(L, [0.1, 0.6, 0.3])).expand((5,)).sample((2,))),
        _plain(L.rand(2)),
    ]


def _kl(L):
    D = L.distributions
    kl = D.kl_divergence
    loc = _t(L, [0.0, 1.0, -1.0], "float64", requires_grad=True)
    scale = _t(L, [1.0, 0.5, 2.0], "float64", requires_grad=True)
    p = D.Normal(loc, scale)
    q = D.Normal(_t(L, [0.0, 0.0, 1.0], "float64"), _t(L, [1.0, 1.0, 0.5], "float64"))
    normal = kl(p, q)
    normal.sum().backward()
    return [
        _plain(normal.detach()),
        loc.grad.tolist(),
        scale.grad.tolist(),
        _plain(kl(D.Normal(0.0, 1.0), D.Normal(1.0, 2.0))),
        _plain(kl(D.Bernoulli(_t(L, [0.3, 0.0, 1.0, 0.5])), D.Bernoulli(_t(L, [0.5, 0.2, 0.7, 0.0])))),
        _plain(kl(D.Bernoulli(logits=_t(L, [1.0])), D.Bernoulli(logits=_t(L, [-1.0])))),
        _plain(
            kl(
                D.Categorical(_t(L, [0.2, 0.0, 0.8])),
                D.Categorical(_t(L, [[0.5, 0.5, 0.0], [0.3, 0.3, 0.4]])),
            )
        ),
        _plain(kl(D.Uniform(0.0, 1.0), D.Uniform(_t(L, [-1.0, 0.5]), _t(L, [2.0, 2.0])))),
        _plain(D.kl.kl_divergence(D.Normal(0.0, 1.0), D.Normal(0.0, 1.0))),
        _plain(kl(D.Normal(_t(L, [0.0, 1.0]), 1.0), D.Uniform(-1.0, 1.0))),
        _plain(kl(D.Uniform(_t(L, [0.0, -1.0]), 1.0), D.Normal(0.5, _t(L, [1.0, 2.0])))),
    ]


def _own_subclass_without_constraints(L):
    class Coin(L.distributions.Distribution):
        def __init__(self):
            super().__init__(L.Size(), validate_args=True)

    return repr(Coin().batch_shape)


def _own_subclass_has_no_mode(L):
    class Coin(L.distributions.Distribution):
        arg_constraints = {}

    return Coin().mode


def _expand_own_subclass(L):
    class Shifted(L.distributions.Normal):
        def __init__(self, shift):
            super().__init__(shift, 1.0)

    return Shifted(2.0).expand((3,))


VALUES = {
    "distributions_expand": _expand,
    "distributions_cdf_icdf": _cdf_icdf,
    "distributions_modes_and_moments": _modes_and_moments,
    "distributions_enumerate_support": _enumerate_support,
    "distributions_sample_and_rsample": _sample_and_rsample,
    "distributions_seeded_expanded": _seeded_expanded,
    "distributions_kl_divergence": _kl,
}

ERRORS = {
    "distributions_cdf_checks_the_support": lambda L: L.distributions.Uniform(0.0, 1.0).cdf(
        L.tensor([0.5, 2.0])
    ),
    "distributions_cdf_of_a_float": lambda L: L.distributions.Normal(0.0, 1.0).cdf(0.5),
    "distributions_icdf_of_a_float": lambda L: L.distributions.Normal(0.0, 1.0).icdf(0.5),
    "distributions_cdf_shape_mismatch": lambda L: L.distributions.Normal(L.zeros(2), 1.0).cdf(L.zeros(3)),
    "distributions_categorical_has_no_cdf": lambda L: L.distributions.Categorical(L.tensor([0.5, 0.5])).cdf(
        L.tensor(0)
    ),
    "distributions_bernoulli_has_no_icdf": lambda L: L.distributions.Bernoulli(0.5).icdf(L.tensor(0.5)),
    "distributions_normal_cannot_enumerate": lambda L: L.distributions.Normal(0.0, 1.0).enumerate_support(),
    "distributions_categorical_has_no_rsample": lambda L: L.distributions.Categorical(
        L.tensor([0.5, 0.5])
    ).rsample(),
    "distributions_expand_to_a_wrong_shape": lambda L: L.distributions.Normal(L.zeros(2), 1.0).expand((2, 3)),
    "distributions_expand_own_subclass": _expand_own_subclass,
    "distributions_own_subclass_has_no_mode": _own_subclass_has_no_mode,
    "distributions_own_subclass_without_constraints": _own_subclass_without_constraints,
    "distributions_kl_of_unlike_pair": lambda L: L.distributions.kl_divergence(
        L.distributions.Categorical(L.tensor([0.5, 0.5])), L.distributions.Bernoulli(0.5)
    ),
    "distributions_kl_of_two_exponential_families": lambda L: L.distributions.kl_divergence(
        L.distributions.Normal(0.0, 1.0), L.distributions.Bernoulli(0.5)
    ),
    "distributions_kl_of_two_exponential_families_reversed": lambda L: L.distributions.kl_divergence(
        L.distributions.Bernoulli(0.5), L.distributions.Normal(0.0, 1.0)
    ),
    "distributions_register_kl_of_a_number": lambda L: L.distributions.register_kl(3, L.distributions.Normal),
    "distributions_expanded_keeps_checking": lambda L: (
        L.distributions.Bernoulli(0.5).expand((2,)).log_prob(L.tensor([0.0, 0.5]))
    ),
    "distributions_nan_scale": lambda L: L.distributions.Normal(0.0, math.nan),
}
