"""Adagrad: each weight's step shrinks with the sum of its squared gradients so far, so
rarely updated weights keep larger steps (Duchi et al., 2011)."""

import numpy as np

from .optimizer import Optimizer, _gradients, _step_closure, count_step, new_step_count, state_buffer


class Adagrad(Optimizer):
    """s += g^2;  p -= lr / (1 + (t - 1) lr_decay) * g / (sqrt(s) + eps)."""

    def __init__(
        self,
        params,
        lr=1e-2,
        lr_decay=0,
        weight_decay=0,
        initial_accumulator_value=0,
        eps=1e-10,
        foreach=None,
        *,
        maximize=False,
        differentiable=False,
        fused=None,
    ):
        for name, value in (
            ("learning rate", lr),
            ("lr_decay value", lr_decay),
            ("weight_decay value", weight_decay),
            ("initial_accumulator_value value", initial_accumulator_value),
            ("epsilon value", eps),
        ):
            if value < 0.0:
                raise ValueError(f"Invalid {name}: {value}")
        super().__init__(
            params,
            dict(
                lr=lr,
                lr_decay=lr_decay,
                eps=eps,
                weight_decay=weight_decay,
                initial_accumulator_value=initial_accumulator_value,
                maximize=maximize,
                foreach=foreach,  # PyTorch's kernel choices: kept so the repr and state_dict read as its
                differentiable=differentiable,
                fused=fused,
            ),
        )
        for group in self.param_groups:  # PyTorch fills the state at construction
            for p in group["params"]:
                self.state[p]["step"] = new_step_count()
                self.state[p]["sum"] = state_buffer(np.full_like(p._data, group["initial_accumulator_value"]))

    def step(self, closure=None):
        loss = _step_closure(closure)
        for group in self.param_groups:
            for p, g in _gradients(group):
                state = self.state[p]
                step = count_step(state)
                clr = group["lr"] / (1 + (step - 1) * group["lr_decay"])
                total = state["sum"]._data
                total += g * g
                std = np.sqrt(total) + group["eps"]
                p._data -= (clr * (g / std)).astype(p._data.dtype, copy=False)
                p._bump_version()
        return loss
