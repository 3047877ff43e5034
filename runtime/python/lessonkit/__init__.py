"""Helpers that lesson cells import: rich display (graphs, plots, images) and exercise checks.

The cells call ``show(...)``, ``plot(...)``, ``images(...)`` and ``boundary(...)``; these
only hand a small JSON-able message to a *sink*. In the browser the worker installs a sink
that forwards the message to the page, which draws it (Graphviz SVG, line chart, canvas).
In CPython (the test suite) the default sink keeps the messages in ``displayed`` so tests
can look at them. Nothing here prints, so a cell's stdout is the same in both places.
"""

from .backward_steps import show_backward
from .display import displayed, plot, set_sink, show
from .exercises import check, hint
from .pictures import boundary, images

__all__ = ["show", "plot", "images", "boundary", "show_backward", "check", "hint", "displayed", "set_sink"]
