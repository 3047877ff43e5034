"""Module hooks: forward pre-hooks, forward hooks and full backward hooks.

A full backward hook needs the gradients with respect to the module's outputs and its
inputs. As in PyTorch, the outputs (and the inputs that require grad) pass through an
identity node, ``BackwardHookFunctionBackward``: the one after the module sees
grad_output, the one before it sees grad_input and calls the hooks."""

import warnings

from ..function import Function
from ..grad_mode import state as grad_mode
from ..tensor import Tensor


class BackwardHookFunction(Function):
    backward_name = "BackwardHookFunctionBackward"

    @staticmethod
    def forward(ctx, a):
        return a

    @staticmethod
    def backward(ctx, g):
        return g

    @staticmethod
    def jvp(ctx, t):
        return t


def _through_identity(t):
    out = BackwardHookFunction.apply(t)
    out._version_counter = t._version_counter
    return out


def call_with_hooks(module, args, kwargs):
    for hook in list(module._forward_pre_hooks):
        result = hook(module, args)
        if result is not None:
            args = result if isinstance(result, tuple) else (result,)
    backward_hooks = list(module._backward_hooks)
    state = None
    if backward_hooks and grad_mode.enabled:
        state = _BackwardState(module, backward_hooks)
        args = state.wrap_inputs(args)
    output = module.forward(*args, **kwargs)
    for hook in list(module._forward_hooks):
        result = hook(module, args, output)
        if result is not None:
            output = result
    if state is not None:
        output = state.wrap_outputs(output)
    return output


class _BackwardState:
    """The gradients of one call, gathered for the module's backward hooks."""

    def __init__(self, module, hooks):
        self.module, self.hooks = module, hooks
        self.grad_output = None
        self.n_inputs = 0
        self.grad_input = []

    def wrap_inputs(self, args):
        wrapped = []
        for a in args:
            if isinstance(a, Tensor) and a._requires_grad:
                slot = len(self.grad_input)
                self.grad_input.append(None)
                a = _through_identity(a)
                a.register_hook(lambda g, slot=slot: self._input_grad(slot, g))
            wrapped.append(a)
        self.n_inputs = len(self.grad_input)
        return tuple(wrapped)

    def wrap_outputs(self, output):
        outputs = output if isinstance(output, tuple) else (output,)
        wrapped = []
        slots = [i for i, o in enumerate(outputs) if isinstance(o, Tensor) and o._requires_grad]
        self.grad_output = [None] * len(outputs)
        for i, o in enumerate(outputs):
            if i in slots:
                o = _through_identity(o)
                o.register_hook(lambda g, i=i: self._output_grad(i, g))
            wrapped.append(o)
        return tuple(wrapped) if isinstance(output, tuple) else wrapped[0]

    def _output_grad(self, i, g):
        self.grad_output[i] = g
        if self.n_inputs == 0:  # nothing before the module needs a gradient: call now
            warnings.warn(
                "Full backward hook is firing when gradients are computed with respect to module "
                "outputs since no inputs require gradients. See https://docs.pytorch.org/docs/main/"
                "generated/torch.nn.Module.html#torch.nn.Module.register_full_backward_hook for more "
                "details.",
                UserWarning,
                stacklevel=2,
            )
            self._call((None,))

    def _input_grad(self, slot, g):
        self.grad_input[slot] = g
        if any(x is None for x in self.grad_input):
            return None
        result = self._call(tuple(self.grad_input))
        return None if result is None else result[slot]

    def _call(self, grad_input):
        result = None
        for hook in self.hooks:
            answer = hook(self.module, grad_input, tuple(self.grad_output))
            if answer is not None:
                grad_input = result = tuple(answer)
        return result
