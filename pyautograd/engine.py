"""The backward pass: walk the graph from the outputs to the leaves, applying the chain rule.

1. Count, for every node reachable from the outputs, how many edges point into it.
2. Start from the outputs with their gradients (``gradient`` or 1 for a scalar).
3. Take a node whose count is zero (all its gradient has arrived), call its backward,
   and send each resulting gradient along the edge to the input's node, summing when
   several paths meet. AccumulateGrad nodes at the leaves add into ``.grad``.
Unless ``retain_graph``, each node frees its saved buffers as soon as it has run.
"""
import numpy as np

from . import anomaly
from .function import AccumulateGrad, accumulator_of, add_to_grad
from .grad_mode import enable_grad, no_grad
from .tensor import Tensor


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None):
    """``pyautograd.autograd.backward``: accumulate d(tensors)/d(leaves) into ``.grad``."""
    tensors = _as_tuple(tensors)
    grads = _make_grads(tensors, grad_tensors, create_graph)
    roots = [_root_node(t, i) for i, t in enumerate(tensors)]
    if retain_graph is None:
        retain_graph = create_graph
    only = None
    if inputs is not None:
        inputs = _as_tuple(inputs)
        if not inputs:
            raise RuntimeError("'inputs' argument to backward() cannot be empty.")
        only = {(t.grad_fn or accumulator_of(t)): t for t in inputs}
    _run(roots, grads, retain_graph, create_graph, only=only)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         allow_unused=None, materialize_grads=False):
    """``pyautograd.autograd.grad``: return d(outputs)/d(inputs) without touching ``.grad``."""
    outputs, inputs = _as_tuple(outputs), _as_tuple(inputs)
    grads = _make_grads(outputs, _as_tuple(grad_outputs) if grad_outputs is not None else None,
                        create_graph)
    roots = [_root_node(t, i) for i, t in enumerate(outputs)]
    if retain_graph is None:
        retain_graph = create_graph
    if allow_unused is None:
        allow_unused = materialize_grads
    for t in inputs:
        if not t._requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    targets = [t.grad_fn or accumulator_of(t) for t in inputs]
    captured = _run(roots, grads, retain_graph, create_graph, capture=set(targets))
    results = []
    for i, (t, node) in enumerate(zip(inputs, targets)):
        g = captured.get(node)
        if g is None:
            if not allow_unused:
                raise RuntimeError(
                    f"The differentiated Tensor at index {i} appears to not have been used in "
                    "the graph. Set allow_unused=True if this is the desired behavior.")
            results.append(Tensor._make(np.zeros_like(t._data)) if materialize_grads else None)
        else:
            results.append(g if type(g) is Tensor else Tensor._make(g.copy() if g.base is not None else g))
    return tuple(results)


def _run(roots, root_grads, retain_graph, create_graph, capture=None, only=None):
    """Run the backward pass; return the gradients that reached ``capture`` nodes."""
    dependencies = _count_dependencies(roots)
    buffers = {}                                   # node -> [gradient, owned?]
    for node, g in zip(roots, root_grads):
        _add_to_buffer(buffers, node, g, False)
    ready = [n for n in dict.fromkeys(roots) if dependencies.get(n, 0) == 0]
    captured = {}
    mode = enable_grad() if create_graph else no_grad()
    with mode, np.errstate(all="ignore"):     # like PyTorch: inf/nan gradients, no warnings
        while ready:
            node = ready.pop()
            g, owned = buffers.pop(node, (None, False))
            if g is not None and capture is not None and node in capture:
                captured[node] = g
            if type(node) is AccumulateGrad:
                if g is not None and capture is None and (only is None or node in only):
                    node.accumulate(g, owned)
                continue
            if g is not None and node._retained is not None:
                _store_retained(node, g, only)
            if g is not None and only is not None and node in only:
                add_to_grad(only[node], g, False)
            grads = _call_backward(node, g, create_graph) if g is not None else ()
            if not retain_graph and g is not None:
                node._release()
            for i, (child, _) in enumerate(node.next_functions):
                if child is None:
                    continue
                gi = grads[i] if i < len(grads) else None
                if gi is not None:
                    _add_to_buffer(buffers, child, gi, _owns(gi, i, grads, g, owned))
                left = dependencies[child] - 1
                dependencies[child] = left
                if left == 0:
                    ready.append(child)
    return captured


def _call_backward(node, grad, create_graph):
    node._graph_mode = create_graph
    if not anomaly.state.enabled:
        result = node.backward(node, grad)
        return result if type(result) is tuple else (result,)
    try:
        result = node.backward(node, grad)
        result = result if type(result) is tuple else (result,)
        anomaly.check_nan(node, result)
    except Exception:
        anomaly.report_failure(node)
        raise
    return result


def _count_dependencies(roots):
    dependencies = {}
    stack = list(dict.fromkeys(roots))
    seen = set(stack)
    while stack:
        node = stack.pop()
        for child, _ in node.next_functions:
            if child is None:
                continue
            dependencies[child] = dependencies.get(child, 0) + 1
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return dependencies


def _add_to_buffer(buffers, node, g, owned):
    entry = buffers.get(node)
    if entry is None:
        buffers[node] = [g, owned]
    else:
        entry[0] = entry[0] + g
        entry[1] = True


def _owns(gi, i, grads, incoming, incoming_owned):
    """May the receiver keep ``gi`` without copying? (No one else holds that array.)"""
    if type(gi) is Tensor:
        return False
    for j, other in enumerate(grads):
        if j != i and other is gi:
            return False
    if gi is incoming:
        return incoming_owned
    return gi.base is None


def _store_retained(node, g, only):
    tensor = node._retained()
    if tensor is not None and (only is None or node in only):
        add_to_grad(tensor, g, False)


def _root_node(t, index):
    if not t._requires_grad:
        raise RuntimeError(f"element {index} of tensors does not require grad and does not have a grad_fn")
    return t.grad_fn or accumulator_of(t)


def _make_grads(outputs, grads, create_graph):
    """The starting gradient of each output: given, or 1 for a scalar output."""
    result = []
    for i, out in enumerate(outputs):
        g = grads[i] if grads is not None and i < len(grads) else None
        if g is None:
            if out._data.size != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
            result.append(Tensor._make(np.ones_like(out._data)) if create_graph else np.ones_like(out._data))
            continue
        if not isinstance(g, Tensor):
            g = Tensor._make(np.asarray(g, dtype=out._data.dtype))
        if g._data.shape != out._data.shape:
            raise RuntimeError(
                f"Mismatch in shape: grad_output[{i}] has a shape of {g.shape!r} and output[{i}] "
                f"has a shape of {out.shape!r}.")
        result.append(g if create_graph else g._data)
    return result


def _as_tuple(x):
    if isinstance(x, Tensor):
        return (x,)
    return tuple(x)
