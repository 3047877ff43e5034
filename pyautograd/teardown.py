"""Freeing a graph node by node in a loop, not in nested calls.

A graph grown by a loop (``s = s + x`` thousands of times, or ``total = total + loss``
across a training run) is a chain: each node holds the only references to the node before
it (its ``next_functions``, and the saved input whose ``grad_fn`` that node is). CPython
frees such a chain in nested C calls, several per node. Its guard (the "trashcan") measures
the C stack, which Pyodide keeps in WebAssembly memory (10 MB), while the calls use the
browser's own stack, far smaller: Chromium runs out at a chain of about 800 nodes and Python
dies with "Maximum call stack size exceeded".

``release_edges`` is the op node's ``__del__``. The first node to die hands its whole state
to a work list and releases that list one entry at a time; a node that dies meanwhile only
adds its edges (which keep the nodes before it alive) and returns, so the C stack stays a
node or two deep however long the chain is.
"""

from collections import deque


def _make_release():
    # State in a closure, not module globals: nodes still die while the interpreter shuts
    # down, after it has cleared the globals of modules.
    # states and edges of dead nodes, not released yet (a deque: a list that empties and
    # refills reallocates its memory each time)
    pending = deque()
    draining = False  # a call further up the stack is releasing ``pending``

    def release_edges(node):
        nonlocal draining
        edges = node.next_functions
        if not edges:  # not recorded: it holds nothing of a graph
            return
        if draining:
            pending.append(edges)
            return
        del edges
        # the whole state: the loop below must release its saved tensors too
        pending.append(node.__dict__)
        node.__dict__ = {}
        draining = True
        try:
            while pending:
                pending.pop()  # may free nodes below, whose edges join ``pending``
        finally:
            draining = False

    return release_edges, pending


release_edges, _pending = _make_release()
