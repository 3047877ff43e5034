"""``pyautograd.autograd``: the functional entry points to the backward engine."""

from ..anomaly import detect_anomaly, is_anomaly_enabled, set_detect_anomaly
from ..engine import backward, grad
from ..grad_mode import enable_grad, no_grad, set_grad_enabled
from ..tensor import Tensor
from . import forward_ad, function, functional
from .function import Function, once_differentiable
from .gradcheck import GradcheckError, gradcheck, gradgradcheck


def Variable(data, requires_grad=False, volatile=False):
    """Old PyTorch API: a Variable is just a tensor now; this returns ``data`` itself."""
    if not isinstance(data, Tensor):
        raise TypeError(f"Variable data has to be a tensor, but got {type(data).__name__}")
    if requires_grad:
        data.requires_grad_(True)
    return data


__all__ = [
    "detect_anomaly",
    "is_anomaly_enabled",
    "set_detect_anomaly",
    "backward",
    "grad",
    "Function",
    "function",
    "once_differentiable",
    "Variable",
    "no_grad",
    "enable_grad",
    "set_grad_enabled",
    "forward_ad",
    "functional",
    "gradcheck",
    "gradgradcheck",
    "GradcheckError",
]
