"""Exercises of lesson 4a (build your own autograd): the reader extends the page's ``Value``.

Each judge gets the reader's ``Value`` class (or function), builds small graphs at points
the page never uses, runs the reader's ``backward()`` and compares every gradient with
the derivative worked out here. Graphs use an input twice, so a backward that assigns
instead of adding is caught too.
"""

import math

from .exercises import Exercise, Mismatch, close, written
from .judges import _names_used


def _grads(Value, build, point):
    """Gradients of ``build(*values)`` at ``point``, through the reader's engine."""
    leaves = [Value(p) for p in point]
    out = build(*leaves)
    out.backward()
    return out.data, [leaf.grad for leaf in leaves]


def _agrees(Value, build, cases):
    for point, want_value, want_grads in cases:
        value, grads = _grads(Value, build, point)
        if not close(value, want_value, 1e-6) or not close(grads, want_grads, 1e-6):
            return False
    return True


def _judge_tanh(Value):
    written(getattr(Value, "tanh", None))
    cases = []
    for a in (-1.3, 0.2, 0.9):
        t = math.tanh(a)
        # out = tanh(a) * a: a reaches the root twice
        cases.append(((a,), t * a, [(1 - t * t) * a + t]))
    return _agrees(Value, lambda a: a.tanh() * a, cases)


def _judge_exp_pow(Value):
    written(getattr(Value, "exp", None))
    written(getattr(Value, "__pow__", None))
    exp_cases = [((a,), math.exp(a) + a, [math.exp(a) + 1]) for a in (-0.7, 0.4, 1.6)]
    if not _agrees(Value, lambda a: a.exp() + a, exp_cases):
        return False
    for a, k in ((1.7, 3), (0.6, -2), (2.5, 0.5)):
        # out = a**k * a: a reaches the root twice; d/da = (k + 1) a**k
        if not _agrees(Value, lambda v, k=k: (v**k) * v, [((a,), a**k * a, [(k + 1) * a**k])]):
            return False
    return True


def _judge_divide(Value):
    written(getattr(Value, "__truediv__", None))
    cases = []
    for a, b in ((1.5, -0.8), (-2.2, 3.1), (0.4, 0.25)):
        # out = a / b + b: b reaches the root twice
        cases.append(((a, b), a / b + b, [1 / b, -a / (b * b) + 1]))
    return _agrees(Value, lambda a, b: a / b + b, cases)


def _measured_passes(n, m):
    """Get the gradient of the sum of m outputs of a function of n inputs with pyautograd, once
    in each mode, and count the passes: reverse mode takes vᵀJ with v all ones, forward mode
    builds the vector one entry per column, from Jv with a one-hot v."""
    import pyautograd as torch
    from pyautograd.autograd.functional import count_passes, jvp, vjp

    weights = torch.arange(1.0, m * n + 1.0).reshape(m, n)

    def f(x):
        return torch.sin(weights @ x)

    x = torch.linspace(-1.0, 1.0, n)
    with count_passes() as reverse:
        _, by_reverse = vjp(f, x, torch.ones(m))
    with count_passes() as forward:
        by_forward = torch.stack([jvp(f, x, torch.eye(n)[j])[1].sum() for j in range(n)])
    assert torch.allclose(by_reverse, by_forward, atol=1e-4), "the two modes disagree"
    return reverse.vjp + reverse.jvp, forward.vjp + forward.jvp


def _judge_pass_counts(pass_counts):
    """``pass_counts(n, m)``: the passes each mode takes for the gradient of the sum of the m
    outputs, at sizes drawn at check time (at least two outputs, so the full Jacobian's
    count, m reverse passes, is refused)."""
    import numpy as np

    written(pass_counts)
    rng = np.random.default_rng()
    for _ in range(4):
        n, m = (int(v) for v in rng.integers(2, 13, size=2))
        got = pass_counts(n, m)
        if not close(list(got), list(_measured_passes(n, m)), 0):
            return False
    return True


class _Node:
    """A node with the page's ``Value`` interface (``data``, ``grad``, ``inputs``,
    ``local_backward``), made by the judge so its graphs do not depend on the reader's class.
    It counts how often its ``local_backward`` runs. The rule is data, not a closure, so
    cutting ``inputs`` (``_NodeOps.cut``) unlinks a node completely."""

    def __init__(self, data, inputs=(), rule=None, factor=1.0):
        self.data, self.grad, self.inputs = float(data), 0.0, inputs
        self.rule, self.factor, self.runs = rule, factor, 0

    def local_backward(self):
        self.runs += 1
        g = self.grad
        if self.rule == "add":
            for a in self.inputs:
                a.grad += g
        elif self.rule == "mul":
            a, b = self.inputs
            a.grad += b.data * g
            b.grad += a.data * g
        elif self.rule == "scale":
            self.inputs[0].grad += self.factor * g
        elif self.rule == "sigmoid":
            self.inputs[0].grad += self.data * (1.0 - self.data) * g


class _NodeOps:
    """The four operations on ``_Node``s, remembering every node in the order it was made:
    each node after its inputs, so that order reversed is a right order for the backward pass."""

    def __init__(self):
        self.made = []

    def _new(self, data, inputs=(), rule=None, factor=1.0):
        node = _Node(data, inputs, rule, factor)
        self.made.append(node)
        return node

    def cut(self):
        """Unlink every node. Freeing a linked chain thousands of nodes deep frees node after
        node in nested calls, which overflows the browser's stack (Pyodide's CPython 3.14)."""
        for node in self.made:
            node.inputs = ()

    def leaf(self, v):
        return self._new(v)

    def add(self, a, b):
        return self._new(a.data + b.data, (a, b), "add")

    def mul(self, a, b):
        return self._new(a.data * b.data, (a, b), "mul")

    def scale(self, a, c):
        return self._new(a.data * c, (a,), "scale", c)

    def sigmoid(self, a):
        return self._new(1.0 / (1.0 + math.exp(-a.data)), (a,), "sigmoid")


class _TensorOps:
    """The same four operations on pyautograd's float64 tensors: the reference."""

    def __init__(self):
        import pyautograd as torch

        self.torch = torch

    def leaf(self, v):
        return self.torch.tensor(v, dtype=self.torch.float64, requires_grad=True)

    def add(self, a, b):
        return a + b

    def mul(self, a, b):
        return a * b

    def scale(self, a, c):
        return a * c

    def sigmoid(self, a):
        return a.sigmoid()


def _deep_chain(rng):
    """A chain thousands of nodes deep, far past Python's ~1000 nested calls, in which one
    inner node s = x·y feeds every step: its gradient is complete only after the last step.
    Its reference is the judge's own nodes, built again and run in the reverse of the order
    they were made (a right order by construction) and unlinked afterwards like the reader's
    (``_NodeOps.cut``). A pyautograd graph this deep would be freed safely too: its nodes are
    released in a loop (``pyautograd/teardown.py``), plain objects like ``_Node`` are not."""
    depth = int(rng.integers(1200, 1800))  # two nested calls a step: 2,400 or more in all
    keep = [float(v) for v in rng.uniform(0.7, 0.99, size=depth)]
    feed = [float(v) for v in rng.uniform(-0.5, 0.5, size=depth)]
    squash = [bool(v) for v in rng.random(depth) < 0.05]
    start = [float(v) for v in rng.uniform(-1, 1, size=2)]

    def build(ops):
        x, y = ops.leaf(start[0]), ops.leaf(start[1])
        s = ops.mul(x, y)
        h = x
        for k in range(depth):
            h = ops.add(ops.scale(h, keep[k]), ops.scale(s, feed[k]))
            if squash[k]:
                h = ops.sigmoid(h)
        return [x, y], h

    return build


def _random_graph(rng):
    """Forty nodes, each made from one or two earlier nodes picked at random, so most nodes
    are used by several others at different depths."""
    start = [float(v) for v in rng.uniform(-1, 1, size=3)]
    plan = []
    for k in range(40):
        size = 3 + k
        plan.append(
            (
                int(rng.integers(0, 3)),
                int(rng.integers(0, size)),
                int(rng.integers(0, size)),
                float(rng.uniform(-1, 1)),
            )
        )

    def build(ops):
        leaves = [ops.leaf(v) for v in start]
        nodes = list(leaves)
        for kind, i, j, c in plan:
            a, b = nodes[i], nodes[j]
            if kind == 0:
                nodes.append(ops.add(a, ops.scale(b, c)))
            elif kind == 1:
                nodes.append(ops.sigmoid(ops.mul(a, b)))
            else:
                nodes.append(ops.scale(ops.sigmoid(a), c))
        return leaves, ops.add(nodes[-1], nodes[-2])

    return build


def _reachable(root):
    """Every node the root depends on (nodes a random graph made but never used are not)."""
    seen, stack = {id(root): root}, [root]
    while stack:
        for parent in stack.pop().inputs:
            if id(parent) not in seen:
                seen[id(parent)] = parent
                stack.append(parent)
    return list(seen.values())


def _judge_backward_iterative(backward_iterative):
    """``backward_iterative(root)`` does what the page's ``backward`` does (root's gradient 1,
    then every node's ``local_backward`` once, each node after every node that uses it)
    without recursion. Graphs are drawn at check time: a chain of 1,200 to 1,800 steps (three nodes each),
    where a recursive walk raises RecursionError, and random graphs of forty nodes. Every
    node must run exactly once, and the leaves' gradients must match the reference's
    (pyautograd's on the random graphs)."""
    import numpy as np

    written(backward_iterative)
    if "setrecursionlimit" in _names_used(backward_iterative.__code__):
        raise Mismatch("sys.setrecursionlimit দিয়ে সীমা বাড়ালে হবে না: নিজেকে না ডেকে, নিজের তালিকা দিয়ে হাঁটুন")
    rng = np.random.default_rng()
    for build, deep in ((_deep_chain(rng), True), (_random_graph(rng), False), (_random_graph(rng), False)):
        ops, reference = _NodeOps(), _NodeOps()
        try:
            leaves, root = build(ops)
            backward_iterative(root)
            runs = [node.runs for node in _reachable(root)]
            if min(runs) == 0:
                raise Mismatch(f"{len(runs)}টি নোডের {runs.count(0)}টির local_backward একবারও চলেনি")
            if max(runs) > 1:
                raise Mismatch(f"একটি নোডের local_backward চলল {max(runs)} বার: প্রতিটি নোড ঠিক একবার চলবে")
            if deep:
                ref_leaves, ref_root = build(reference)
                ref_root.grad = 1.0
                for node in reversed(reference.made):
                    node.local_backward()
                want = [leaf.grad for leaf in ref_leaves]
            else:
                tensor_leaves, tensor_root = build(_TensorOps())
                tensor_root.backward()
                want = [
                    0.0 if t.grad is None else t.grad.item() for t in tensor_leaves
                ]  # an unused leaf: None
            if not np.allclose([leaf.grad for leaf in leaves], want, rtol=1e-9, atol=1e-12):
                raise Mismatch(
                    f"{len(runs)}টি নোডের প্রতিটি একবার করে চলেছে, কিন্তু পাতার গ্রেডিয়েন্ট মেলেনি: কোনো নোড কি তার "
                    "সব অবদান জমা হওয়ার আগেই চলেছে?"
                )
        finally:
            ops.cut()
            reference.cut()
    return True


EXERCISES = {
    "4a.1": Exercise(
        expected=None,
        judge=_judge_tanh,
        level=1,
        hint='ফরওয়ার্ডে out = Value(math.tanh(a.data), (a,), "tanh")। লোকাল ব্যাকওয়ার্ডে a.grad-এ '
        "যোগ করুন (লোকাল ডেরিভেটিভ × out.grad)। tanh-এর ডেরিভেটিভ কাগজে বের করে t = tanh(a) দিয়ে লিখুন; "
        "sigmoid সেলটি নমুনা হিসেবে দেখুন, আর শেষে out ফেরত দিতে ভুলবেন না।",
    ),
    "4a.2": Exercise(
        expected=None,
        judge=_judge_exp_pow,
        level=2,
        hint="দুটির গঠন sigmoid-এর মতোই: নতুন Value, তার local_backward ক্লোজার, তারপর return out। "
        "eᵃ-এর ডেরিভেটিভ নিজেই, তাই out.data আবার কাজে লাগে। aᵏ-এর ডেরিভেটিভের জন্য ঘাতের নিয়ম মনে করুন; "
        "k এখানে ধ্রুবক, গ্রাফের নোড নয়, তাই শুধু a-এর grad বদলায়। ঋণাত্মক ও ভগ্নাংশ k-তেও চলা চাই।",
    ),
    "4a.3": Exercise(
        expected=None,
        judge=_judge_divide,
        level=2,
        hint_on_request=True,
        hint="a আর b দুটিকেই আলাদা করে একটু নাড়িয়ে কেন্দ্রীয় পার্থক্যের সঙ্গে মেলান; একটির গ্রেডিয়েন্ট মিলবে, "
        "অন্যটির মিলবে না। তারপর ভাবুন: a ধনাত্মক রেখে b বাড়ালে a / b বাড়ে, না কমে? ভুল লাইনের চিহ্নটি "
        "কি সেই কথা বলে?",
    ),
    "4a.4": Exercise(
        expected=None,
        judge=_judge_pass_counts,
        level=2,
        hint="রিভার্স মোডের এক পাস যেকোনো একটি ভেক্টর v-এর জন্য vᵀJ দেয়: সব আউটপুট যোগ করা মানে কোন v নেওয়া? "
        "ফরওয়ার্ড মোডের এক পাস J-এর একটি কলাম দেয়, আর যোগফলের গ্রেডিয়েন্টের প্রতিটি ঘরে লাগে একটি পুরো কলাম। "
        "দুটি সংখ্যার একটি টাপল ফেরত দিন, রিভার্স মোডেরটি আগে।",
    ),
    "4a.5": Exercise(
        expected=None,
        judge=_judge_backward_iterative,
        level=3,
        hint="পাতার topological_order-এর visit নিজেকে ডাকে; সেই ডাকগুলো পাইথন নিজের একটি স্ট্যাকে রাখে। একই কাজ "
        "নিজের একটি তালিকা দিয়ে করুন: তালিকার শেষ থেকে নোড তুলুন (pop), আর প্রতিটি নোডের দুটি অবস্থা মনে রাখুন, "
        "'প্রথম দেখা' (তখন তার ইনপুটগুলো তালিকায় তুলুন) আর 'ইনপুট সব শেষ' (তখন তাকে ক্রমে বসান)। অন্য পথ: প্রতিটি "
        "নোডকে কয়টি নোড ব্যবহার করে গুনে রাখুন, আর কোনো নোড চালান তখনই, যখন তার সব ব্যবহারকারী চলে গেছে।",
    ),
}
