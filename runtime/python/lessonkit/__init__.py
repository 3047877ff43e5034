"""Helpers that lesson cells import: rich display (graphs, plots) and exercise checks.

The cells call ``show(...)`` and ``plot(...)``; these only hand a small JSON-able
message to a *sink*. In the browser the worker installs a sink that forwards the
message to the page, which draws it (Graphviz SVG, line chart). In CPython (the test
suite) the default sink keeps the messages in ``displayed`` so tests can look at them.
Nothing here prints, so a cell's stdout is the same in both places.
"""

from .display import displayed, plot, set_sink, show
from .exercises import check

__all__ = ["show", "plot", "check", "displayed", "set_sink"]
