"""``torch.distributions``: Normal, Uniform, Bernoulli and Categorical, with PyTorch's
draws (seed for seed), formulas, argument checks and printed form."""

from . import constraints
from .bernoulli import Bernoulli
from .categorical import Categorical
from .distribution import Distribution
from .normal import Normal
from .uniform import Uniform

__all__ = ["Bernoulli", "Categorical", "Distribution", "Normal", "Uniform", "constraints"]
