"""``Tensor.register_post_accumulate_grad_hook``: call ``hook(tensor)`` right after a
leaf's ``.grad`` has been updated by a backward pass (optimizers fused into backward use
it: each parameter is stepped as soon as its gradient is complete).

The hooks live in a table keyed by the tensor's id, emptied when the tensor dies, so
tensors themselves carry nothing extra (every op creates tensors; they stay small)."""

import weakref

from .tensor import RemovableHandle

hooks_by_id = {}


def register(tensor, hook):
    if not tensor._requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    if tensor.grad_fn is not None:
        raise RuntimeError("post accumulate grad hooks cannot be registered on non-leaf tensors")
    key = id(tensor)
    if key not in hooks_by_id:
        hooks_by_id[key] = (weakref.ref(tensor), [])
        weakref.finalize(tensor, hooks_by_id.pop, key, None)
    hooks = hooks_by_id[key][1]
    hooks.append(hook)
    return RemovableHandle(hooks, hook)


def run(tensor):
    """Called by the engine after ``tensor.grad`` was updated (only when hooks exist)."""
    entry = hooks_by_id.get(id(tensor))
    if entry is not None and entry[0]() is tensor:
        for hook in list(entry[1]):
            hook(tensor)
