"""``kl_divergence(p, q)``: KL(p || q) for the pairs registered with ``register_kl``, with
PyTorch's formulas (infinite where q gives zero probability to what p can draw)."""

import math
import warnings

from .. import creation
from ..nn.functional import softplus
from .bernoulli import Bernoulli
from .categorical import Categorical
from .distribution import Distribution
from .normal import Normal
from .uniform import Uniform

__all__ = ["kl_divergence", "register_kl"]

_KL_REGISTRY = {}  # (type of p, type of q) -> function(p, q)


def register_kl(type_p, type_q):
    """Decorator: ``fn(p, q)`` computes KL(p || q) for p of ``type_p`` and q of ``type_q``
    (and their subclasses, when no closer pair is registered)."""
    # PyTorch's own test, as it is: a non-class fails in issubclass (its TypeError), and a class
    # that is not a Distribution passes
    if not isinstance(type_p, type) and issubclass(type_p, Distribution):
        raise TypeError(f"Expected type_p to be a Distribution subclass but got {type_p}")
    if not isinstance(type_q, type) and issubclass(type_q, Distribution):
        raise TypeError(f"Expected type_q to be a Distribution subclass but got {type_q}")

    def decorator(fun):
        _KL_REGISTRY[type_p, type_q] = fun
        return fun

    return decorator


def _dispatch_kl(type_p, type_q):
    """The registered pair closest to (type_p, type_q) in their class hierarchies."""
    matches = [(p, q) for p, q in _KL_REGISTRY if issubclass(type_p, p) and issubclass(type_q, q)]
    if not matches:
        return None
    left = min(matches, key=lambda m: (type_p.__mro__.index(m[0]), type_q.__mro__.index(m[1])))
    right = min(matches, key=lambda m: (type_q.__mro__.index(m[1]), type_p.__mro__.index(m[0])))
    if _KL_REGISTRY[left] is not _KL_REGISTRY[right]:  # p's closest pair is not q's
        warnings.warn(
            f"Ambiguous kl_divergence({type_p.__name__}, {type_q.__name__}). "
            f"Please register_kl({left[0].__name__}, {right[1].__name__})",
            RuntimeWarning,
            stacklevel=3,
        )
    return _KL_REGISTRY[left]


def kl_divergence(p, q):
    fun = _dispatch_kl(type(p), type(q))
    if fun is None:
        raise NotImplementedError(
            f"No KL(p || q) is implemented for p type {p.__class__.__name__} and q type {q.__class__.__name__}"
        )
    return fun(p, q)


@register_kl(Bernoulli, Bernoulli)
def _kl_bernoulli_bernoulli(p, q):
    t1 = p.probs * (softplus(-q.logits) - softplus(-p.logits))
    t1[q.probs == 0] = math.inf
    t1[p.probs == 0] = 0
    t2 = (1 - p.probs) * (softplus(q.logits) - softplus(p.logits))
    t2[q.probs == 1] = math.inf
    t2[p.probs == 1] = 0
    return t1 + t2


@register_kl(Categorical, Categorical)
def _kl_categorical_categorical(p, q):
    t = p.probs * (p.logits - q.logits)
    t[(q.probs == 0).expand_as(t)] = math.inf
    t[(p.probs == 0).expand_as(t)] = 0
    return t.sum(-1)


@register_kl(Normal, Normal)
def _kl_normal_normal(p, q):
    var_ratio = (p.scale / q.scale).pow(2)
    t1 = ((p.loc - q.loc) / q.scale).pow(2)
    return 0.5 * (var_ratio + t1 - 1 - var_ratio.log())


@register_kl(Uniform, Uniform)
def _kl_uniform_uniform(p, q):
    result = ((q.high - q.low) / (p.high - p.low)).log()
    result[(q.low > p.low) | (q.high < p.high)] = math.inf
    return result


@register_kl(Normal, Uniform)
def _kl_normal_uniform(p, q):
    return creation.full_like(p.loc, math.inf)  # a uniform q is 0 where a normal p is not


@register_kl(Uniform, Normal)
def _kl_uniform_normal(p, q):
    common_term = p.high - p.low
    t1 = (math.sqrt(math.pi * 2) * q.scale / common_term).log()
    t2 = common_term.pow(2) / 12
    t3 = ((p.high + p.low - 2 * q.loc) / 2).pow(2)
    return t1 + 0.5 * (t2 + t3) / q.scale.pow(2)


# Normal and Bernoulli are both exponential families in PyTorch, whose generic pair refuses
# two different families (its message keeps the blanks of a continued source line)
@register_kl(Normal, Bernoulli)
@register_kl(Bernoulli, Normal)
def _kl_different_exponential_families(p, q):
    raise NotImplementedError(
        "The cross KL-divergence between different exponential families cannot "
        + " " * 28
        + "be computed using Bregman divergences"
    )
