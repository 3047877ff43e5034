"""AdamW: Adam with the weight decay taken out of the gradient and applied to the weights
directly (Loshchilov & Hutter), so it is not rescaled by Adam's per-weight step sizes."""

from .adam import Adam


class AdamW(Adam):
    """p *= 1 - lr * weight_decay, then Adam's step with the plain gradient."""

    decoupled_weight_decay = True

    def __init__(
        self,
        params,
        lr=1e-3,
        betas=(0.9, 0.999),
        eps=1e-8,
        weight_decay=1e-2,
        amsgrad=False,
        *,
        maximize=False,
        foreach=None,
        capturable=False,
        differentiable=False,
        fused=None,
    ):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)
