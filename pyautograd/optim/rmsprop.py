"""RMSprop: divide each step by a running root-mean-square of recent gradients, so weights
with large gradients take smaller steps (Hinton's lecture notes; PyTorch's arrangement)."""

import numpy as np

from .optimizer import Optimizer, _gradients, _step_closure, count_step, new_step_count, state_buffer


class RMSprop(Optimizer):
    """v = alpha v + (1 - alpha) g^2;  p -= lr g / (sqrt(v) + eps)
    (centered: v minus the squared running mean of g; momentum: a buffer of those steps)."""

    def __init__(
        self,
        params,
        lr=1e-2,
        alpha=0.99,
        eps=1e-8,
        weight_decay=0,
        momentum=0,
        centered=False,
        capturable=False,
        foreach=None,
        maximize=False,
        differentiable=False,
    ):
        for name, value in (("learning rate", lr), ("epsilon value", eps), ("momentum value", momentum)):
            if value < 0.0:
                raise ValueError(f"Invalid {name}: {value}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if alpha < 0.0:
            raise ValueError(f"Invalid alpha value: {alpha}")
        super().__init__(
            params,
            dict(
                lr=lr,
                alpha=alpha,
                eps=eps,
                weight_decay=weight_decay,
                momentum=momentum,
                centered=centered,
                maximize=maximize,
                foreach=foreach,  # PyTorch's kernel choices: kept so the repr and state_dict read as its
                capturable=capturable,
                differentiable=differentiable,
            ),
        )

    def step(self, closure=None):
        loss = _step_closure(closure)
        for group in self.param_groups:
            lr, alpha, eps, momentum = group["lr"], group["alpha"], group["eps"], group["momentum"]
            for p, g in _gradients(group):
                state = self.state[p]
                if not state:
                    state["step"] = new_step_count()
                    state["square_avg"] = state_buffer(np.zeros_like(p._data))
                    if momentum > 0:
                        state["momentum_buffer"] = state_buffer(np.zeros_like(p._data))
                    if group["centered"]:
                        state["grad_avg"] = state_buffer(np.zeros_like(p._data))
                count_step(state)
                square_avg = state["square_avg"]._data
                square_avg *= alpha
                square_avg += (1 - alpha) * g * g
                if group["centered"]:
                    grad_avg = state["grad_avg"]._data
                    grad_avg += (g - grad_avg) * (1 - alpha)
                    avg = np.sqrt(square_avg - grad_avg * grad_avg) + eps
                else:
                    avg = np.sqrt(square_avg) + eps
                if momentum > 0:
                    buf = state["momentum_buffer"]._data
                    buf *= momentum
                    buf += g / avg
                    update = lr * buf
                else:
                    update = lr * (g / avg)
                p._data -= update.astype(p._data.dtype, copy=False)
                p._bump_version()
        return loss
