"""Adam: gradient descent with per-parameter step sizes from running moments of the gradient."""

import math

import numpy as np

from .optimizer import Optimizer, _gradients, _step_closure, count_step, new_step_count, state_buffer


class Adam(Optimizer):
    """m = b1 m + (1 - b1) g;  v = b2 v + (1 - b2) g^2;
    p -= lr / (1 - b1^t) * m / (sqrt(v) / sqrt(1 - b2^t) + eps)   (PyTorch's arrangement)."""

    def __init__(
        self,
        params,
        lr=1e-3,
        betas=(0.9, 0.999),
        eps=1e-8,
        weight_decay=0,
        amsgrad=False,
        *,
        foreach=None,
        maximize=False,
        capturable=False,
        differentiable=False,
        fused=None,
    ):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if eps < 0.0:
            raise ValueError(f"Invalid epsilon value: {eps}")
        for i, beta in enumerate(betas):
            if not 0.0 <= beta < 1.0:
                raise ValueError(f"Invalid beta parameter at index {i}: {beta}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        super().__init__(
            params,
            dict(
                lr=lr,
                betas=betas,
                eps=eps,
                weight_decay=weight_decay,
                amsgrad=amsgrad,
                maximize=maximize,
                foreach=foreach,  # PyTorch's kernel choices: kept so the repr and state_dict read as its
                capturable=capturable,
                differentiable=differentiable,
                fused=fused,
                decoupled_weight_decay=self.decoupled_weight_decay,
            ),
        )

    decoupled_weight_decay = False

    def step(self, closure=None):
        loss = _step_closure(closure)
        for group in self.param_groups:
            lr, (beta1, beta2), eps = group["lr"], group["betas"], group["eps"]
            for p, g in _gradients(group, coupled_decay=not self.decoupled_weight_decay):
                if self.decoupled_weight_decay and group["weight_decay"]:  # AdamW: shrink the weights
                    p._data *= 1 - lr * group["weight_decay"]
                state = self.state[p]
                if not state:
                    state["step"] = new_step_count()
                    state["exp_avg"] = state_buffer(np.zeros_like(p._data))
                    state["exp_avg_sq"] = state_buffer(np.zeros_like(p._data))
                    if group["amsgrad"]:
                        state["max_exp_avg_sq"] = state_buffer(np.zeros_like(p._data))
                t = count_step(state)
                m, v = state["exp_avg"]._data, state["exp_avg_sq"]._data
                m += (g - m) * (1 - beta1)
                v *= beta2
                v += (1 - beta2) * g * g
                if group["amsgrad"]:
                    v = np.maximum(state["max_exp_avg_sq"]._data, v, out=state["max_exp_avg_sq"]._data)
                step_size = lr / (1 - beta1**t)
                denom = np.sqrt(v) / math.sqrt(1 - beta2**t) + eps
                p._data -= (step_size * m / denom).astype(p._data.dtype, copy=False)
                p._bump_version()
        return loss
