"""``show_backward(root)``: the backward pass of a pyautograd graph, one node at a time.

The page draws the graph (Graphviz, from the ``dot`` text) with the forward value and the
gradient on every tensor node and the local derivative on every edge, and steps through
``steps`` with Prev/Next or the arrow keys. Each step is also a sentence (``text``), which
the page shows under the graph, lists in full for screen readers and printing.

The steps come from running the backward pass here, node by node, in the order the engine
uses: a node runs once every node that consumed its output has sent its gradient back.
Each op node is called the way the engine calls it (``node.backward(node, upstream)``), so
the contributions are pyautograd's own; nothing is written to any ``.grad``. The graph must
still hold its saved values: call this before ``backward()`` (or after one with
``retain_graph=True``).

A value is known for the leaves, the root and every intermediate tensor given a ``.name``
(the engine does not keep unnamed intermediate outputs); others show their gradient only.

NumPy is imported inside the functions: lessonkit itself must import where NumPy failed to
load (plain Python cells still run there).
"""

OP_SYMBOLS = {
    "AddBackward0": "+",
    "SubBackward0": "−",
    "MulBackward0": "×",
    "DivBackward0": "÷",
    "PowBackward0": "**",
    "NegBackward0": "−x",
    "SigmoidBackward0": "σ",
    "TanhBackward0": "tanh",
    "ExpBackward0": "exp",
    "LogBackward0": "log",
    "SumBackward0": "sum",
}


MORE_TO_COME = ", আরও আসছে"


def _shape(array):
    import numpy as np

    return "(" + ", ".join(str(n) for n in np.shape(array)) + ")"


def _fmt(array):
    import numpy as np

    from pyautograd.viz import _format

    return _format(np.asarray(array))


class _Node:
    def __init__(self, fn, index):
        self.fn = fn
        self.id = f"n{index}"
        self.leaf = hasattr(fn, "variable")
        tensor = fn.variable if self.leaf else None
        if tensor is None:
            named = getattr(fn, "_named_output", None)
            tensor = named() if named is not None else None
        self.tensor = tensor
        self.inputs = [] if self.leaf else [child for child, _ in fn.next_functions]
        self.consumers = 0
        self.grad = None  # gradient summed so far

    def name(self):
        if self.tensor is not None and self.tensor.name:
            return self.tensor.name
        if self.leaf:
            return "পাতা"
        return OP_SYMBOLS.get(self.fn.name(), self.fn.name())

    def grad_line(self, complete):
        """What the node shows of its gradient now: nothing before the first contribution,
        the sum so far (marked unfinished while consumers still owe theirs), or the total."""
        import numpy as np

        if self.grad is None:
            return ""
        line = f"grad={_fmt(self.grad)}" if np.size(self.grad) <= 4 else f"grad: {_shape(self.grad)}"
        return line if complete else f"{line}{MORE_TO_COME}"

    def label(self, widest_grad):
        """The drawn label; its last line is reserved for the gradient, which the page
        rewrites at every step (it starts as the widest line the node will show)."""
        lines = [self.name() if self.leaf else f"{self.name()}  [{self.fn.name()}]"]
        if self.tensor is not None:
            data = self.tensor._data
            lines.append(f"value={_fmt(data)}" if data.size <= 4 else f"shape={_shape(data)}")
        lines.append(widest_grad)
        return "\n".join(lines)


def _collect(root_fn):
    nodes, order = {}, []
    stack = [root_fn]
    while stack:
        fn = stack.pop()
        if fn in nodes:
            continue
        nodes[fn] = _Node(fn, len(order))
        order.append(nodes[fn])
        for child in reversed(nodes[fn].inputs):
            if child is not None and child not in nodes:
                stack.append(child)
    for node in order:
        for child in node.inputs:
            if child is not None:
                nodes[child].consumers += 1
    return nodes, order


def _escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def backward_steps(root, title=None):
    """The display message for ``root``'s backward pass (see the module docstring)."""
    import numpy as np

    from pyautograd.grad_mode import no_grad

    if root.grad_fn is None:
        raise ValueError("show_backward() needs a tensor computed from tensors with requires_grad=True")
    nodes, order = _collect(root.grad_fn)
    top = nodes[root.grad_fn]
    if top.tensor is None:
        top.tensor = root
    top.grad = np.ones_like(root._data)
    edges, steps = [], []
    waiting = {node.fn: node.consumers for node in order}
    ready = [top]
    widest = {node.id: "" for node in order}

    def shown():
        """Every node's gradient line as it stands after the current step."""
        lines = {node.id: node.grad_line(waiting[node.fn] == 0) for node in order}
        for key, line in lines.items():
            widest[key] = max(widest[key], line, key=len)
        return lines

    with no_grad(), np.errstate(all="ignore"):
        while ready:
            node = ready.pop(0)
            if node.leaf:
                steps.append(
                    {
                        "node": node.id,
                        "grads": shown(),
                        "edges": [],
                        "text": f"{node.name()}: সব পথ থেকে মোট জমা হলো {_fmt(node.grad)}; "
                        f"এটিই {node.name()}.grad। এই নোড থেকে আর পেছনে যাওয়ার কিছু নেই।",
                    }
                )
                continue
            upstream = node.grad
            grads = node.fn.backward(node.fn, upstream)
            grads = grads if isinstance(grads, tuple) else (grads,)
            scalar = np.size(upstream) == 1
            locals_ = node.fn.backward(node.fn, np.ones_like(upstream)) if scalar else None
            if locals_ is not None and not isinstance(locals_, tuple):
                locals_ = (locals_,)
            parts, step_edges = [], []
            for i, child in enumerate(node.inputs):
                if child is None or i >= len(grads) or grads[i] is None:
                    continue
                target = nodes[child]
                contribution = np.asarray(grads[i])
                edge_id = f"e{len(edges)}"
                local = _fmt(locals_[i]) if locals_ is not None else None
                edges.append((target.id, node.id, edge_id, local))
                step_edges.append(edge_id)
                if local is not None:
                    part = f"{target.name()}-এর দিকে {_fmt(upstream)} × {local} = {_fmt(contribution)}"
                else:
                    part = f"{target.name()}-এর দিকে ভেক্টর-জ্যাকোবিয়ান গুণফল {_fmt(contribution)}"
                if target.grad is None:
                    target.grad = contribution
                else:
                    before = target.grad
                    target.grad = before + contribution
                    part += (
                        f"; {target.name()}-এ জমা {_fmt(before)} + {_fmt(contribution)} = {_fmt(target.grad)}"
                    )
                parts.append(part)
                waiting[child] -= 1
                if waiting[child] == 0:
                    ready.append(target)
            head = f"{node.name()}: আপস্ট্রিম গ্রেডিয়েন্ট {_fmt(upstream)}"
            if node is top:
                head = f"{node.name()}: শুরু মূল থেকে, ∂মূল/∂মূল = {_fmt(upstream)}"
            steps.append(
                {
                    "node": node.id,
                    "grads": shown(),
                    "edges": step_edges,
                    "text": "; ".join([head] + parts) + "।",
                }
            )
    lines = ["digraph {", "  rankdir=LR;", '  node [fontname="Helvetica", fontsize=11];']
    for node in order:
        shape = (
            'shape=box, style="rounded,filled", fillcolor="#cfe6ff"'
            if node.leaf
            else (
                'shape=box, style="rounded,filled", fillcolor="#fde2b8"'
                if node is top
                else 'shape=ellipse, style="filled", fillcolor="#ffffff"'
            )
        )
        lines.append(
            f'  {node.id} [id="bw-{node.id}", label="{_escape(node.label(widest[node.id]))}", {shape}];'
        )
    for source, target, edge_id, local in edges:
        label = f', label="{_escape(local)}", fontsize=10' if local is not None else ""
        lines.append(f'  {source} -> {target} [id="bw-{edge_id}"{label}];')
    lines.append("}")
    return {"kind": "backward", "title": title, "dot": "\n".join(lines) + "\n", "steps": steps}


def show_backward(root, title=None):
    """Draw ``root``'s graph and let the reader step through its backward pass."""
    from .display import send

    send(backward_steps(root, title))
