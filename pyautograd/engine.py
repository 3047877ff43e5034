"""The backward pass: walk the graph from the outputs to the leaves, applying the chain rule.

1. Count, for every node reachable from the outputs, how many edges point into it.
2. Start from the outputs with their gradients (``gradient`` or 1 for a scalar).
3. Take a node whose count is zero (all its gradient has arrived), call its backward,
   and send each resulting gradient along the edge to the input's node, summing when
   several paths meet. AccumulateGrad nodes at the leaves add into ``.grad``.
Unless ``retain_graph``, each node frees its saved buffers as soon as it has run.
"""

import warnings
from collections import deque

import numpy as np

from . import accumulate_hooks, anomaly
from ._quiet_numpy import quiet_float_errors, restore_float_errors
from .function import AccumulateGrad, accumulator_of, add_to_grad, edge_to, run_hooks
from .grad_mode import state as _grad_mode
from .tensor import Tensor

_make = Tensor._make  # looked up once: reading a classmethod off the class makes a bound method per call


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False, inputs=None):
    """``pyautograd.autograd.backward``: accumulate d(tensors)/d(leaves) into ``.grad``."""
    tensors = (tensors,) if isinstance(tensors, Tensor) else tuple(tensors)  # _as_tuple, inlined
    if create_graph:
        warnings.warn(
            "Using backward() with create_graph=True will create a reference cycle between the "
            "parameter and its gradient which can cause a memory leak. We recommend using "
            "autograd.grad when creating the graph to avoid this. If you have to use this "
            "function, make sure to reset the .grad fields of your parameters to None after use "
            "to break the cycle and avoid the leak.",
            UserWarning,
            stacklevel=3,
        )
    if len(tensors) == 1 and grad_tensors is None and not create_graph:
        grads, roots = [_seed(tensors[0])], [_root_edge(tensors[0], 0)]
    else:
        grads = _make_grads(tensors, grad_tensors, create_graph)
        roots = [_root_edge(t, i) for i, t in enumerate(tensors)]
    if retain_graph is None:
        retain_graph = create_graph
    accumulate_only = None
    if inputs is not None:
        inputs = _as_tuple(inputs)
        if not inputs:
            raise RuntimeError("'inputs' argument to backward() cannot be empty.")
        accumulate_only = {(t.grad_fn or accumulator_of(t)): t for t in inputs}
    _run(roots, grads, retain_graph, create_graph, accumulate_only=accumulate_only)


def tensor_backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    """``tensor.backward()``: the gradient of this tensor w.r.t. the graph leaves."""
    node = self.grad_fn
    if node is not None and gradient is None and not create_graph and inputs is None:
        data = self._data
        if not data.ndim and data.dtype.kind == "f" and node._n_outputs == 1:
            # loss.backward() of a 0-d float loss, each step: backward's _seed and _root_edge,
            # inlined, and one frame fewer
            _run([(node, 0)], [data.dtype.type(1)], retain_graph, False)
            return
    backward((self,), None if gradient is None else (gradient,), retain_graph, create_graph, inputs)


def grad(
    outputs,
    inputs,
    grad_outputs=None,
    retain_graph=None,
    create_graph=False,
    allow_unused=None,
    materialize_grads=False,
):
    """``pyautograd.autograd.grad``: return d(outputs)/d(inputs) without touching ``.grad``."""
    outputs, inputs = _as_tuple(outputs), _as_tuple(inputs)
    grads = _make_grads(outputs, _as_tuple(grad_outputs) if grad_outputs is not None else None, create_graph)
    roots = [_root_edge(t, i) for i, t in enumerate(outputs)]
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
                    "the graph. Set allow_unused=True if this is the desired behavior."
                )
            results.append(Tensor._make(np.zeros_like(t._data)) if materialize_grads else None)
        else:
            results.append(g if type(g) is Tensor else Tensor._make(g.copy() if g.base is not None else g))
    return tuple(results)


def _run(roots, root_grads, retain_graph, create_graph, capture=None, accumulate_only=None):
    """Run the backward pass (steps 1-3 of the module docstring); return the gradients that
    reached ``capture`` nodes (autograd.grad). ``roots`` are (node, output number) edges.

    ``buffers`` holds the gradient summed so far for each node (a list, one per output, for
    a node with several outputs); ``shared`` names the nodes whose buffered array is also
    held elsewhere (a pass-through gradient, a view), which a leaf must copy before keeping
    it as its ``.grad``.
    """
    dependencies = _count_dependencies(roots)  # step 1
    buffers, shared = {}, set()
    if len(roots) == 1 and roots[0][0]._n_outputs == 1:  # step 2 for one root: _deposit, inlined
        buffers[roots[0][0]] = root_grads[0]
        shared.add(roots[0][0])  # the root's gradient is the caller's
    else:
        for (node, nr), g in zip(roots, root_grads):
            _deposit(buffers, shared, node, nr, g, g)
    # a deque, not a list: a list that empties and refills reallocates its memory each time
    ready = deque()
    for node in buffers:
        if node not in dependencies:
            ready.append(node)
    captured = {}
    targeted = capture is not None or accumulate_only is not None  # autograd.grad / backward(inputs=...)
    anomaly_checks = anomaly.state.enabled
    recording = _grad_mode.enabled  # what no_grad() / enable_grad() would save and restore
    _grad_mode.enabled = create_graph  # only a create_graph backward records itself
    token = quiet_float_errors()  # like PyTorch: inf/nan gradients, no warnings
    try:
        while ready:  # step 3
            node = ready.pop()
            g = buffers.pop(node, None)
            if targeted and g is not None:
                _capture(node, g, capture, accumulate_only, captured)
            if type(node) is AccumulateGrad:
                if g is not None and capture is None and (accumulate_only is None or node in accumulate_only):
                    variable = node.variable
                    if variable._hooks or accumulate_hooks.hooks_by_id:
                        _accumulate(node, g, shared)
                    elif variable._grad is None and type(g) is not Tensor and g.dtype is variable._data.dtype:
                        # add_to_grad's first .grad of the leaf's dtype (after zero_grad(), every
                        # step), inlined: one call fewer per leaf. A NumPy scalar (a 0-d leaf's
                        # gradient) becomes a new 0-d array in _make; a shared array is copied.
                        variable._grad = _make(g.copy() if type(g) is np.ndarray and node in shared else g)
                    else:  # no hooks (the usual case): straight into .grad, one call fewer per leaf
                        add_to_grad(variable, g, node not in shared)
                continue
            grads = ()
            if g is not None:
                if node._observed:  # a hook or retain_grad on its output tensor
                    if node._hooks:
                        g = run_hooks(node._hooks, g)
                    if node._retained is not None:
                        _store_retained(node, g, accumulate_only)
                if anomaly_checks or create_graph:
                    grads = _call_backward_checked(node, g, create_graph, anomaly_checks)
                else:  # calling backward, inlined: this runs for every node
                    grads = node.backward(node, g)
                    if type(grads) is not tuple:
                        grads = (grads,)
                if not retain_graph and node._saved:
                    # free the saved buffers (saved_tensors then raises saved_errors.FREED_MESSAGE)
                    node._saved = None
                    node._saved_sources = ()
            # send each input's gradient along its edge and count the edge as done: a child
            # whose count reaches zero has all its gradient and is ready (inline: every node)
            n_grads = len(grads)
            i = -1
            for child, nr in node.next_functions:
                i += 1
                if child is None:
                    continue
                gi = grads[i] if i < n_grads else None
                if gi is not None:
                    if child._n_outputs > 1:
                        _deposit(buffers, shared, child, nr, gi, g)
                    else:  # _deposit for one output, inlined: this runs for every edge
                        previous = buffers.get(child)
                        if previous is None:
                            buffers[child] = gi
                            if gi is g or type(gi) is Tensor or gi.base is not None:
                                shared.add(child)
                        else:
                            buffers[child] = previous + gi
                            shared.discard(child)
                left = dependencies[child] - 1
                dependencies[child] = left
                if not left:
                    ready.append(child)
    finally:
        restore_float_errors(token)
        _grad_mode.enabled = recording
    return captured


def _deposit(buffers, shared, node, nr, gi, g):
    """Add ``gi`` to what ``node`` has received for its output ``nr``."""
    if node._n_outputs > 1:
        slots = buffers.setdefault(node, [None] * node._n_outputs)
        slots[nr] = gi if slots[nr] is None else slots[nr] + gi
        return
    previous = buffers.get(node)
    if previous is None:
        buffers[node] = gi
        if gi is g or type(gi) is Tensor or gi.base is not None:
            shared.add(node)
    else:
        buffers[node] = previous + gi
        shared.discard(node)


def _capture(node, g, capture, accumulate_only, captured):
    """autograd.grad keeps the gradient of its inputs; backward(inputs=...) of non-leaves."""
    if capture is not None and node in capture:
        captured[node] = g
    if accumulate_only is not None and node in accumulate_only and type(node) is not AccumulateGrad:
        add_to_grad(accumulate_only[node], g, False)


def _accumulate(node, g, shared):
    """A leaf: its hooks see the gradient, then it is added into ``.grad``."""
    hooks = node.variable._hooks
    if hooks:
        g = run_hooks(hooks, g)
        shared.add(node)  # a hook may hand back an array it keeps
    add_to_grad(node.variable, g, node not in shared)
    if accumulate_hooks.hooks_by_id:  # register_post_accumulate_grad_hook
        accumulate_hooks.run(node.variable)


def _call_backward_checked(node, grad, create_graph, anomaly_checks):
    """A node's backward, recorded (``create_graph``: its saved values are handed to it as
    tensors while it runs) or in anomaly mode (NaN gradients are reported, and a failure
    names the forward call that made the node)."""
    if create_graph:
        node._graph_mode = True
    try:
        result = node.backward(node, grad)
        result = result if type(result) is tuple else (result,)
        if anomaly_checks:
            anomaly.check_nan(node, result)
    except Exception:
        if anomaly_checks:
            anomaly.report_failure(node)
        raise
    finally:
        if create_graph:
            node._graph_mode = False
    return result


def _count_dependencies(roots):
    """For every node below the roots (edges: (node, output number)), how many edges point into it."""
    dependencies = {}
    starts = set()
    for node, _ in roots:
        starts.add(node)
    stack = deque(starts)
    while stack:
        for child, _ in stack.pop().next_functions:
            if child is None:
                continue
            if child in dependencies:
                dependencies[child] += 1
            else:  # the first edge into it: walk below it too (unless it is a root, walked
                # already, or a leaf's node, which has no edges)
                dependencies[child] = 1
                if child not in starts and type(child) is not AccumulateGrad:
                    stack.append(child)
    return dependencies


def _store_retained(node, g, accumulate_only):
    tensor = node._retained()
    if tensor is not None and (accumulate_only is None or node in accumulate_only):
        add_to_grad(tensor, g, False)


def _root_edge(t, index):
    if not t._requires_grad:
        raise RuntimeError(f"element {index} of tensors does not require grad and does not have a grad_fn")
    return edge_to(t)


def _seed(out, create_graph=False):
    """The starting gradient of an output given none: 1, for a scalar output only."""
    data = out._data
    if data.size != 1:
        raise RuntimeError("grad can be implicitly created only for scalar outputs")
    if create_graph:
        return Tensor._make(np.ones_like(data))
    # a 0-d float loss (the usual case) starts from the NumPy scalar 1, ~20x cheaper
    return data.dtype.type(1) if not data.ndim and data.dtype.kind == "f" else np.ones_like(data)


def _make_grads(outputs, grads, create_graph):
    """The starting gradient of each output: given, or 1 for a scalar output."""
    result = []
    for i, out in enumerate(outputs):
        g = grads[i] if grads is not None and i < len(grads) else None
        if g is None:
            result.append(_seed(out, create_graph))
            continue
        if not isinstance(g, Tensor):
            g = Tensor._make(np.asarray(g, dtype=out._data.dtype))
        if g._data.shape != out._data.shape:
            raise RuntimeError(
                f"Mismatch in shape: grad_output[{i}] has a shape of {g.shape!r} and output[{i}] "
                f"has a shape of {out.shape!r}."
            )
        result.append(g if create_graph else g._data)
    return result


def _as_tuple(x):
    if isinstance(x, Tensor):
        return (x,)
    return tuple(x)
