"""Stochastic gradient descent, with PyTorch's momentum, Nesterov and weight decay rules."""

import numpy as np

from .optimizer import Optimizer, _gradients, _step_closure, state_buffer


class SGD(Optimizer):
    """``p -= lr * d`` where d is the gradient (+ weight_decay * p), or, with momentum,
    the running ``buf = momentum * buf + (1 - dampening) * d`` (Nesterov: ``d + momentum * buf``)."""

    def __init__(
        self,
        params,
        lr=1e-3,
        momentum=0,
        dampening=0,
        weight_decay=0,
        nesterov=False,
        *,
        maximize=False,
        foreach=None,
        differentiable=False,
        fused=None,
    ):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(
            params,
            dict(
                lr=lr,
                momentum=momentum,
                dampening=dampening,
                weight_decay=weight_decay,
                nesterov=nesterov,
                maximize=maximize,
                foreach=foreach,  # PyTorch's kernel choices: kept so the repr and state_dict read as its
                differentiable=differentiable,
                fused=fused,
            ),
        )

    def step(self, closure=None):
        loss = _step_closure(closure)
        for group in self.param_groups:
            lr, momentum, dampening = group["lr"], group["momentum"], group["dampening"]
            nesterov = group["nesterov"]
            for p, d in _gradients(group):
                if momentum:
                    state = self.state[p]
                    buf = state.get("momentum_buffer")
                    if buf is None:
                        buf = np.array(d, copy=True)
                        state["momentum_buffer"] = state_buffer(buf)
                    else:
                        buf = buf._data
                        buf *= momentum
                        buf += (1 - dampening) * d
                    d = d + momentum * buf if nesterov else buf
                data = p._data
                if not data.ndim and data.dtype.char in "fd" and (type(lr) is float or type(lr) is int):
                    data[()] = (
                        data[()] - lr * d[()]
                    )  # a 0-d float parameter: NumPy scalars round alike, ~20x cheaper
                else:
                    data -= lr * d
                p._version_counter[0] += 1  # _bump_version, inlined (once per parameter per step)
        return loss
