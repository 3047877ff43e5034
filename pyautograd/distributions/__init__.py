"""``torch.distributions``: Normal, Uniform, Bernoulli and Categorical, with PyTorch's
draws (seed for seed), formulas, argument checks and printed form, and ``kl_divergence``
between two of one kind."""

from . import constraints
from .bernoulli import Bernoulli
from .categorical import Categorical
from .distribution import Distribution
from .kl import kl_divergence, register_kl
from .normal import Normal
from .uniform import Uniform

__all__ = [
    "Bernoulli",
    "Categorical",
    "Distribution",
    "Normal",
    "Uniform",
    "constraints",
    "kl_divergence",
    "register_kl",
]
