"""Optimizer: holds parameter groups and per-parameter state; subclasses define ``step``.

Updates work on the parameters' arrays directly, outside the graph (as ``no_grad`` would),
and bump each parameter's version so a graph that saved the old value notices.
"""

from collections import defaultdict

import numpy as np

from ..function import clear_grads
from ..grad_mode import enable_grad
from ..tensor import Tensor


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        self.state = defaultdict(dict)
        self.param_groups = []
        if isinstance(params, Tensor):
            raise TypeError(
                "params argument given to the optimizer should be an iterable of Tensors "
                f"or dicts, but got pyautograd.{params.dtype.legacy_name}"
            )
        groups = list(params)
        if not groups:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)

    def add_param_group(self, group):
        group = dict(group)
        params = group["params"]
        group["params"] = [params] if isinstance(params, Tensor) else list(params)
        for p in group["params"]:
            if not p.is_leaf:
                raise ValueError("can't optimize a non-leaf Tensor")
        for key, value in self.defaults.items():
            group.setdefault(key, value)
        seen = {id(p) for g in self.param_groups for p in g["params"]}
        if any(id(p) in seen for p in group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(group)

    def zero_grad(self, set_to_none=True):
        """Forget the last gradients (``.grad = None``, or zeros with set_to_none=False)."""
        for group in self.param_groups:
            clear_grads(group["params"], set_to_none)

    def state_dict(self):
        ids = {}
        for group in self.param_groups:
            for p in group["params"]:
                ids.setdefault(id(p), len(ids))
        groups = [
            {**{k: v for k, v in g.items() if k != "params"}, "params": [ids[id(p)] for p in g["params"]]}
            for g in self.param_groups
        ]
        state = {
            ids[id(p)]: dict(s)
            for group in self.param_groups
            for p in group["params"]
            for s in [self.state.get(p)]
            if s
        }
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict):
        """Take the hyperparameters and per-parameter state saved by ``state_dict`` (e.g. to
        resume training from a checkpoint); parameters are matched by their position."""
        groups, saved_groups = self.param_groups, state_dict["param_groups"]
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(groups, saved_groups)):
            raise ValueError(
                "loaded state dict contains a parameter group that doesn't match the size of optimizer's group"
            )
        by_id = {}
        for group, saved in zip(groups, saved_groups):
            by_id.update(zip(saved["params"], group["params"]))
        self.state = defaultdict(dict)
        for key, values in state_dict["state"].items():
            param = by_id[key]
            self.state[param] = {
                name: _loaded_state(name, v, param._data.dtype) for name, v in values.items()
            }
        for group, saved in zip(groups, saved_groups):
            group.update({k: v for k, v in saved.items() if k != "params"})

    def __repr__(self):
        lines = [type(self).__name__ + " ("]
        for i, group in enumerate(self.param_groups):
            if i:
                lines.append("")  # PyTorch leaves a blank line between groups
            lines.append(f"Parameter Group {i}")
            for key in sorted(k for k in group if k != "params"):
                lines.append(f"    {key}: {group[key]}")
        lines.append(")")
        return "\n".join(lines)


def state_buffer(array):
    """A per-parameter buffer as PyTorch keeps it (a tensor the reader can print and save),
    over the array that the update changes in place."""
    return Tensor._make(array)


def new_step_count():
    """PyTorch counts an optimizer's steps in a float32 0-d tensor (``tensor(1.)``)."""
    return Tensor._make(np.zeros((), np.float32))


def count_step(state):
    """One more step for this parameter; the count as a float for the update's formulas."""
    step = state["step"]._data
    step += 1
    return float(step)


def _loaded_state(name, value, dtype):
    """A copy of one saved state entry: buffers in the parameter's dtype, the step count as is."""
    if isinstance(value, Tensor):
        value = value._data
    if isinstance(value, np.ndarray):
        return Tensor._make(np.array(value, dtype=np.float32 if name == "step" else dtype))
    if name == "step":  # an older count kept as a Python number
        return Tensor._make(np.array(value, dtype=np.float32))
    return value


def _gradients(group, coupled_decay=True):
    """(parameter, gradient) for each parameter of ``group`` that has one, as every step of
    PyTorch's optimizers first prepares it: negated under ``maximize``, then, unless the
    optimizer decays the weights itself (AdamW), plus ``weight_decay * parameter``. A list, all
    prepared before the first update (each from its own parameter, which only its own update
    changes): one call per step, where a generator is resumed once per parameter."""
    maximize, weight_decay = group["maximize"], group["weight_decay"] if coupled_decay else 0
    pairs = []
    for p in group["params"]:
        if p._grad is None:
            continue
        g = p._grad._data
        if maximize:
            g = -g
        if weight_decay:
            g = g + weight_decay * p._data
        pairs.append((p, g))
    return pairs


def _step_closure(closure):
    if closure is None:
        return None
    with enable_grad():
        return closure()
