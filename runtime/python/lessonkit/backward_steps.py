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

A value is known for the leaves, the root and every intermediate tensor given a name
(``.name``, or ``names=``; the engine does not keep unnamed intermediate outputs); others
show their gradient only.

Tensors (vectors, matrices) get the same picture with their shapes: every node with more
than one number says its ``shape=``, and an edge whose upstream or contribution is not a
single number is explained by its vector-Jacobian product in words (``grad_W = Xᵀ · grad_Y``
with the shapes it multiplies), not by a local derivative, which would be a whole Jacobian.
A gradient of at most ``SMALL`` numbers is shown in full; a bigger one by its first row (or
first values), so the reader can still match it with the printed ``.grad``.

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
    "ReluBackward0": "relu",
    "ExpBackward0": "exp",
    "LogBackward0": "log",
    "SqrtBackward0": "√",
    "AbsBackward0": "|x|",
    "SumBackward0": "sum",
    "SumBackward1": "sum(dim)",
    "MeanBackward0": "mean",
    "MeanBackward1": "mean(dim)",
    "MmBackward0": "@",
    "MvBackward0": "@",
    "DotBackward0": "@",
    "UnsafeViewBackward0": "@",
    "TBackward0": "T",
    "TransposeBackward0": "transpose",
    "PermuteBackward0": "permute",
    "ExpandBackward0": "expand",
    "ViewBackward0": "view",
}

# The derivative of an element-wise op, in the words a step states it with: the gradient
# in is the gradient out times this, cell by cell ({x}: the input, {y}: the output).
ELEMENTWISE = {
    "ReluBackward0": "({x} > 0)",
    "TanhBackward0": "(1 − {y}²)",
    "SigmoidBackward0": "{y}(1 − {y})",
    "ExpBackward0": "{y}",
    "LogBackward0": "(1/{x})",
    "SqrtBackward0": "1/(2{y})",
    "AbsBackward0": "sign({x})",
    "PowBackward0": "{p}·{x}^{q}",
    "NegBackward0": "(−1)",
}
# how a formula names an op's unnamed output
UNNAMED_OUTPUT = {
    "TanhBackward0": "tanh",
    "SigmoidBackward0": "σ",
    "ExpBackward0": "exp(x)",
    "SqrtBackward0": "√x",
}

# Ops that only rearrange or relabel the numbers: their gradient is rearranged back.
TRANSPOSES = {"TBackward0", "TransposeBackward0", "PermuteBackward0"}
RESHAPES = {
    "ViewBackward0",
    "UnsafeViewBackward0",
    "SqueezeBackward0",
    "SqueezeBackward1",
    "UnsqueezeBackward0",
}

SMALL = 4  # a value or gradient of at most this many numbers is written out in full
IN_TEXT = 12  # the step's sentence writes out a leaf's total up to this many numbers

MORE_TO_COME = ", আরও আসছে"
SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _shape(array):
    import numpy as np

    return "(" + ", ".join(str(n) for n in np.shape(array)) + ("," if np.ndim(array) == 1 else "") + ")"


def _fmt(array):
    """A number as the graph pictures print it (3.0, 0.25); an array as nested brackets of
    such numbers without NumPy's padding ([0.5, 0.25], [[1., 0.], [0.25, 2.]])."""
    import numpy as np

    from pyautograd.viz import _format

    array = np.asarray(array)
    if array.ndim == 0:
        return _format(array)
    if array.dtype.kind != "f":
        return np.array2string(array, separator=", ").replace("\n", "")

    def number(value):
        text = format(float(value), ".4g")
        return text if any(c in text for c in ".ein") else text + "."  # 2 -> 2., as printed

    def nested(part):
        if part.ndim == 0:
            return number(part)
        return "[" + ", ".join(nested(row) for row in part) + "]"

    return nested(array)


def _start(array):
    """The first numbers of a big array, as the start of its printed form: the first row
    of a matrix with short rows, else the first three values of a vector; None otherwise."""
    import numpy as np

    array = np.asarray(array)
    if array.ndim == 1:
        return _fmt(array[:3])[:-1] + ", …]"
    if array.ndim == 2 and array.shape[1] <= SMALL:
        return "[" + _fmt(array[0]) + ", …]"
    return None


def _brief(array):
    """An array in a sentence: all its numbers when few, else its shape and first numbers."""
    import numpy as np

    if np.size(array) <= IN_TEXT:
        return _fmt(array)
    start = _start(array)
    return f"আকার {_shape(array)}" + (f", শুরু {start}" if start else "")


def _namer(names):
    """The name a tensor goes by in the picture: its key in ``names`` (found by identity,
    so it works where ``tensor.name = ...`` is refused, as in PyTorch), else its ``.name``."""
    given = {id(tensor): key for key, tensor in (names or {}).items()}

    def name_of(tensor):
        if tensor is None:
            return None
        return given.get(id(tensor)) or getattr(tensor, "name", None)

    return name_of


class _Node:
    def __init__(self, fn, index, name_of, outputs):
        self.fn = fn
        self.id = f"n{index}"
        self.leaf = hasattr(fn, "variable")
        self.name_of = name_of
        tensor = fn.variable if self.leaf else outputs.get(fn)
        if tensor is None and not self.leaf:
            named = getattr(fn, "_named_output", None)
            tensor = named() if named is not None else None
        self.tensor = tensor
        self.inputs = [] if self.leaf else [child for child, _ in fn.next_functions]
        self.consumers = 0
        self.grad = None  # gradient summed so far
        self.symbol = None if self.leaf else OP_SYMBOLS.get(fn.name(), fn.name())

    def given_name(self):
        return self.name_of(self.tensor)

    def name(self):
        if self.given_name():
            return self.given_name()
        if self.leaf:
            return "পাতা"
        return self.symbol

    def grad_name(self):
        """How a sentence names this node's gradient: grad_W, or grad(@) for an unnamed op."""
        if self.given_name():
            return f"grad_{self.given_name()}"
        return f"grad({self.name()})"

    def grad_line(self, complete):
        """What the node shows of its gradient now: nothing before the first contribution,
        the sum so far (marked unfinished while consumers still owe theirs), or the total."""
        import numpy as np

        if self.grad is None:
            return ""
        if np.size(self.grad) <= SMALL:
            line = f"grad={_fmt(self.grad)}"
        else:
            start = _start(self.grad)
            line = f"grad={start}" if start else f"‖grad‖={float(np.linalg.norm(self.grad)):.4g}"
        return line if complete else f"{line}{MORE_TO_COME}"

    def label(self, widest_grad):
        """The drawn label; its last line is reserved for the gradient, which the page
        rewrites at every step (it starts as the widest line the node will show)."""
        import numpy as np

        lines = [self.name() if self.leaf else f"{self.name()}  [{self.fn.name()}]"]
        data = self.tensor._data if self.tensor is not None else None
        shape_of = data if data is not None else self.grad  # an op's output has its gradient's shape
        if shape_of is not None and np.ndim(shape_of) > 0:
            lines.append(f"shape={_shape(shape_of)}")
        if data is not None and data.size <= SMALL:
            lines.append(f"value={_fmt(data)}")
        lines.append(widest_grad)
        return "\n".join(lines)


def _collect(root_fn, name_of, names):
    outputs = {t.grad_fn: t for t in (names or {}).values() if getattr(t, "grad_fn", None) is not None}
    nodes, order = {}, []
    stack = [root_fn]
    while stack:
        fn = stack.pop()
        if fn in nodes:
            continue
        nodes[fn] = _Node(fn, len(order), name_of, outputs)
        order.append(nodes[fn])
        for child in reversed(nodes[fn].inputs):
            if child is not None and child not in nodes:
                stack.append(child)
    for node in order:
        for child in node.inputs:
            if child is not None:
                nodes[child].consumers += 1
    # unnamed ops of one kind are numbered (×₁, ×₂), so a sentence says which one it means
    unnamed = [node for node in order if not node.leaf and not node.given_name()]
    for symbol in {node.symbol for node in unnamed}:
        alike = [node for node in unnamed if node.symbol == symbol]
        if len(alike) > 1:
            for k, node in enumerate(alike, 1):
                node.symbol = symbol + str(k).translate(SUBSCRIPTS)
    return nodes, order


def _operand(node, nodes, j):
    """The name and the saved value of input ``j`` of ``node`` (for ops that save their
    inputs in order, as ``@``, ``×`` and ``÷`` do): the name of its tensor if it has one,
    even for a constant input, which has no node of its own."""
    import numpy as np

    saved = node.fn._saved or ()
    sources = node.fn._saved_sources or ()
    value = saved[j] if j < len(saved) else None
    child = node.inputs[j] if j < len(node.inputs) else None
    name = None
    if child is not None and nodes[child].given_name():
        name = nodes[child].given_name()
    elif j < len(sources) and sources[j] is not None:
        name = node.name_of(sources[j][0])
    if name is None and value is not None and np.size(value) <= SMALL:
        name = _fmt(value)  # a constant or an unnamed result: its numbers say what it is
    if name is None and child is not None:
        name = f"({nodes[child].name()})"
    return name or ("A" if j == 0 else "B"), value


def _sum_back(target, upstream_shape, contribution):
    """The sentence for a gradient summed back to its input's smaller shape (broadcasting)."""
    return (
        f"; ব্রডকাস্টিং-এ {target.name()}-এর একই সংখ্যা কয়েকটি ঘরে বসেছিল, তাই সেই ঘরগুলোর গ্রেডিয়েন্ট "
        f"যোগ করে {target.name()}-এর আকারে ফেরানো: {upstream_shape} → {_shape(contribution)}"
    )


def _vjp_in_words(node, nodes, i, target, upstream, contribution, locals_):
    """What an edge sends when it is not one number times one number: the vector-Jacobian
    product as a formula with the shapes it works on, and a short label for the edge."""
    import numpy as np

    kind = node.fn.name()
    g_out, g_in = node.grad_name(), target.grad_name()
    s_up, s_c = _shape(upstream), _shape(contribution)
    broadcast = np.shape(upstream) != np.shape(contribution)
    if kind == "MmBackward0":
        other, value = _operand(node, nodes, 1 - i)
        if i == 0:
            return f"{g_in} = {g_out} · {other}ᵀ, আকারে {s_up} · {_shape(value)}ᵀ → {s_c}", f"·{other}ᵀ"
        return f"{g_in} = {other}ᵀ · {g_out}, আকারে {_shape(value)}ᵀ · {s_up} → {s_c}", f"{other}ᵀ·"
    if kind in ("AddBackward0", "SubBackward0"):
        sign = "−" if kind == "SubBackward0" and i == 1 else ""
        if broadcast:
            return f"{g_in} = {sign}Σ {g_out}" + _sum_back(target, s_up, contribution), f"{sign}Σ→{s_c}"
        return (
            f"{g_in} = {sign}{g_out}: যোগের লোকাল ডেরিভেটিভ প্রতিটি ঘরে {sign}1, "
            f"তাই গ্রেডিয়েন্ট যেমন এল তেমনই যায়, আকার {s_c}",
            f"{sign}1",
        )
    if kind in ("MulBackward0", "DivBackward0"):
        other, _ = _operand(node, nodes, 1 - i)
        if kind == "MulBackward0":
            formula, label = f"{g_out} ⊙ {other}", f"⊙{other}"
        elif i == 0:
            formula, label = f"{g_out} ⊘ {other}", f"⊘{other}"
        else:
            mine, _ = _operand(node, nodes, 0)
            formula, label = f"−{g_out} ⊙ {mine} ⊘ {other}²", f"−{mine}⊘{other}²"
        text = f"{g_in} = {formula}, ঘরে ঘরে গুণ"
        return text + (_sum_back(target, s_up, contribution) if broadcast else f", আকার {s_c}"), label
    if kind in ELEMENTWISE and not broadcast:
        exponent = getattr(node.fn, "exponent", 2)
        derivative = (
            ELEMENTWISE[kind]
            .format(
                x=target.given_name() or (target.name() if target.name().isalpha() else "x"),
                y=node.given_name() or UNNAMED_OUTPUT.get(kind, "y"),
                p=format(exponent, "g"),
                q=format(exponent - 1, "g"),
            )
            .replace("^1", "")
        )
        text = f"{g_in} = {g_out} ⊙ {derivative}, ঘরে ঘরে গুণ, আকার {s_c}"
        if locals_ is not None and np.size(contribution) <= SMALL:
            text += f": {_fmt(upstream)} ⊙ {_fmt(locals_[i])}"
        return text, f"⊙{derivative}"
    if kind in ("SumBackward0", "SumBackward1", "MeanBackward0", "MeanBackward1"):
        count = np.size(contribution) // max(np.size(upstream), 1)
        if kind.startswith("Mean"):
            share = f"গড়ে প্রতিটি ঘরের ভাগ 1/{count}, তাই প্রতিটি ঘরে পৌঁছায় {g_out} / {count}"
            label = f"÷{count}"
        else:
            share = f"যোগফলে প্রতিটি ঘরের লোকাল ডেরিভেটিভ 1, তাই প্রতিটি ঘরে পৌঁছায় {g_out}"
            label = "কপি"
        where = "যে মাত্রা ধরে হিসাব হয়েছিল, সেই মাত্রা বরাবর কপি" if kind.endswith("1") else "সব ঘরে কপি"
        return f"{share} ({where}): {s_up} → {s_c}", label
    if kind in TRANSPOSES:
        return f"{g_in} = ({g_out})ᵀ: গ্রেডিয়েন্ট উল্টো ঘুরে ইনপুটের আকারে ফেরে, {s_up} → {s_c}", "ᵀ"
    if kind == "ExpandBackward0":
        return f"{g_in} = Σ {g_out}" + _sum_back(target, s_up, contribution), f"Σ→{s_c}"
    if kind in RESHAPES:
        return f"{g_in} = {g_out}, শুধু আকার বদলে: {s_up} → {s_c}", "আকার"
    return f"{g_in} = ভেক্টর-জ্যাকোবিয়ান গুণফল, আকারে {s_up} → {s_c}", "VJP"


def _escape(text):
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def backward_steps(root, title=None, names=None):
    """The display message for ``root``'s backward pass (see the module docstring).

    ``names`` maps a name to a tensor of the graph (a leaf, a constant operand or an
    intermediate result), for pictures of code that must also run under PyTorch, where a
    tensor has no writable ``.name``."""
    import numpy as np

    from pyautograd.grad_mode import no_grad

    if root.grad_fn is None:
        raise ValueError("show_backward() needs a tensor computed from tensors with requires_grad=True")
    if names is not None and not isinstance(names, dict):
        raise TypeError("show_backward(): names must be a dict of name -> tensor, e.g. names={'W': W}")
    name_of = _namer(names)
    nodes, order = _collect(root.grad_fn, name_of, names)
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
                        "text": f"{node.name()}: সব পথ থেকে মোট জমা হলো {_brief(node.grad)}; "
                        f"এটিই {node.name()}.grad। এই নোড থেকে আর পেছনে যাওয়ার কিছু নেই।",
                    }
                )
                continue
            upstream = node.grad
            grads = node.fn.backward(node.fn, upstream)
            grads = grads if isinstance(grads, tuple) else (grads,)
            # the local derivative of each input, cell by cell: what one unit upstream sends
            locals_ = node.fn.backward(node.fn, np.ones_like(upstream))
            locals_ = locals_ if isinstance(locals_, tuple) else (locals_,)
            parts, step_edges = [], []
            for i, child in enumerate(node.inputs):
                if child is None or i >= len(grads) or grads[i] is None:
                    continue
                target = nodes[child]
                contribution = np.asarray(grads[i])
                edge_id = f"e{len(edges)}"
                if np.size(upstream) == 1 and contribution.size == 1:
                    local = _fmt(locals_[i])
                    part = f"{target.name()}-এর দিকে {_fmt(upstream)} × {local} = {_fmt(contribution)}"
                else:
                    words, local = _vjp_in_words(node, nodes, i, target, upstream, contribution, locals_)
                    part = f"{target.name()}-এর দিকে: {words}"
                    if contribution.size <= SMALL:
                        part += f" = {_fmt(contribution)}"
                edges.append((target.id, node.id, edge_id, local))
                step_edges.append(edge_id)
                if target.grad is None:
                    target.grad = contribution
                else:
                    before = target.grad
                    target.grad = before + contribution
                    if target.grad.size <= SMALL:
                        part += f"; {target.name()}-এ জমা {_fmt(before)} + {_fmt(contribution)} = {_fmt(target.grad)}"
                    else:
                        part += f"; {target.name()}-এ আগে জমা গ্রেডিয়েন্টের সঙ্গে ঘরে ঘরে যোগ হলো"
                parts.append(part)
                waiting[child] -= 1
                if waiting[child] == 0:
                    ready.append(target)
            if np.size(upstream) == 1:
                head = f"{node.name()}: আপস্ট্রিম গ্রেডিয়েন্ট {_fmt(upstream)}"
            else:
                head = f"{node.name()}: আপস্ট্রিম গ্রেডিয়েন্ট {node.grad_name()}, আকার {_shape(upstream)}"
                if np.size(upstream) <= SMALL:
                    head += f" = {_fmt(upstream)}"
            if node is top:
                head = f"{node.name()}: শুরু মূল থেকে, ∂মূল/∂মূল = {_brief(upstream)}"
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


def show_backward(root, title=None, names=None):
    """Draw ``root``'s graph and let the reader step through its backward pass."""
    from .display import send

    send(backward_steps(root, title, names))
