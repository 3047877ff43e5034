"""Draw the computational graph behind a tensor as Graphviz DOT text.

Boxes are tensors (the output, the leaves, and any named intermediate tensor), ellipses are
the operations recorded in the graph, named as their ``grad_fn`` (``MulBackward0``...).
Arrows follow the data, from the inputs to the output, so the backward pass runs against
them. Nodes are numbered in the order a depth-first walk from the output meets them,
following ``next_functions`` in order, so the same code always gives the same text. The
walk keeps its own stack, so a graph as deep as a long training loop is no recursion.
"""

import numpy as np

from .function import AccumulateGrad
from .tensor import Tensor

_STYLE = {
    "output": 'shape=box, style="rounded,filled", fillcolor="#fde2b8"',
    "leaf": 'shape=box, style="rounded,filled", fillcolor="#cfe6ff"',
    "tensor": 'shape=box, style="rounded,filled", fillcolor="#eeeeee"',
    "op": 'shape=ellipse, style="filled", fillcolor="#ffffff"',
}


def to_dot(tensor, show_values=True, show_grads=True):
    """DOT text of the graph that computed ``tensor`` (or several tensors)."""
    roots = [tensor] if isinstance(tensor, Tensor) else list(tensor)
    graph = _Graph(show_values, show_grads)
    for root in roots:
        box = graph.tensor_box(root, "output")
        if root.grad_fn is not None:
            graph.edge(graph.walk(root.grad_fn, skip_output=True), box)
    return graph.text()


class _Graph:
    def __init__(self, show_values, show_grads):
        self.show_values, self.show_grads = show_values, show_grads
        self.ids = {}  # id(tensor or node) -> "nK"
        self.nodes, self.edges = [], []
        self.edge_set = set()  # the lines of self.edges, to draw each arrow once
        self.keep = []  # hold what we numbered, so ids are not reused meanwhile

    def _new(self, obj, label, style):
        name = f"n{len(self.ids)}"
        self.ids[id(obj)] = name
        self.keep.append(obj)
        self.nodes.append(f'  {name} [label="{_escape(label)}", {_STYLE[style]}];')
        return name

    def edge(self, src, dst):
        line = f"  {src} -> {dst};"
        if line not in self.edge_set:
            self.edge_set.add(line)
            self.edges.append(line)

    def tensor_box(self, t, style):
        if id(t) in self.ids:
            return self.ids[id(t)]
        return self._new(t, self._tensor_label(t), style)

    def walk(self, node, skip_output=False):
        """Number ``node`` and everything behind it; return the id of what it produces
        (its named output tensor's box if it has one, else the op itself). Each node's
        visit is a generator that yields the inputs it needs walked and receives their
        ids; this loop runs them on a list instead of Python's call stack."""
        stack = [self._visit(node, skip_output)]
        answer = None
        while stack:
            try:
                child = stack[-1].send(answer)
            except StopIteration as done:
                stack.pop()
                answer = done.value
            else:
                stack.append(self._visit(child))
                answer = None
        return answer

    def _visit(self, node, skip_output=False):
        """One node of ``walk``, written as the recursion it replaces: ``yield child``
        walks an input and gives its id."""
        if type(node) is AccumulateGrad:
            return self.tensor_box(node.variable, "leaf")
        named = getattr(node, "_named_output", None)
        output = named() if named is not None else None
        key = id(output) if output is not None and not skip_output else id(node)
        if key in self.ids:
            return self.ids[key]
        box = None
        if output is not None and not skip_output:  # numbered before its op: output side first
            box = self.tensor_box(output, "tensor")
        if id(node) in self.ids:
            op = self.ids[id(node)]
        else:
            op = self._new(node, node.name(), "op")
            for child, _ in node.next_functions:
                if child is not None:
                    self.edge((yield child), op)
        if box is None:
            return op
        self.edge(op, box)
        return box

    def _tensor_label(self, t):
        lines = [t.name] if t.name else []
        if self.show_values and t._data.size <= 4:
            lines.append(f"value={_format(t._data)}")
        else:
            lines.append(f"shape={tuple(t._data.shape)}")
        grad = t._grad
        if self.show_grads and grad is not None:
            lines.append(f"grad={_format(grad._data)}" if grad._data.size <= 4 else "grad: yes")
        return "\n".join(lines)

    def text(self):
        return (
            "\n".join(
                ["digraph {", "  rankdir=LR;", '  node [fontname="Helvetica", fontsize=11];']
                + self.nodes
                + self.edges
                + ["}"]
            )
            + "\n"
        )


def _format(array):
    if array.ndim == 0:
        value = array.item()
        if not isinstance(value, float):
            return str(value)
        text = format(value, ".4g")
        return text if any(c in text for c in ".ein") else text + ".0"  # 10 -> 10.0, like a float
    return np.array2string(array, precision=4, separator=", ", suppress_small=True).replace("\n", "")


def _escape(label):
    return label.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


__all__ = ["to_dot"]
