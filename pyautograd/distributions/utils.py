"""Conversions between probabilities and logits, as ``torch.distributions.utils``."""

import numpy as np

from ..nn import functional as F


def clamp_probs(probs):
    """Probabilities kept one machine epsilon away from 0 and 1 (so their logits are finite)."""
    eps = float(np.finfo(probs._data.dtype).eps)
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs, is_binary=False):
    ps_clamped = clamp_probs(probs)
    if is_binary:
        return ps_clamped.log() - (-ps_clamped).log1p()
    return ps_clamped.log()


def logits_to_probs(logits, is_binary=False):
    if is_binary:
        return logits.sigmoid()
    return F.softmax(logits, dim=-1)
