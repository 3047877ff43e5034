"""The display protocol: ``{"kind": "dot" | "plot", ...}`` messages sent to a sink."""

displayed = []  # messages seen by the default sink (CPython, tests)
_sink = displayed.append


def set_sink(sink):
    """Route display messages to ``sink(message_dict)``; ``None`` restores the default."""
    global _sink
    _sink = displayed.append if sink is None else sink


def show(obj, title=None):
    """Draw a computational graph.

    ``obj`` is DOT text (as returned by ``pyautograd.viz.to_dot``) or a tensor, which
    is turned into DOT with values and gradients shown.
    """
    if not isinstance(obj, str):
        from pyautograd.viz import to_dot

        obj = to_dot(obj)
    if not obj.lstrip().startswith(("digraph", "graph", "strict")):
        raise ValueError("show() expects DOT text or a tensor")
    _sink({"kind": "dot", "dot": obj, "title": title})


def _as_floats(values):
    if hasattr(values, "tolist"):
        values = values.tolist()
    return [float(v) for v in values]


def plot(y, x=None, *, label=None, title=None, xlabel=None, ylabel=None, series=None):
    """Draw a line chart: one series ``y`` (against ``x`` or 0, 1, 2 ...) or several.

    ``series`` may be a dict ``{label: y_values}`` to draw several lines on one chart.
    """
    lines = []
    if series is None:
        series = {label or "y": y}
    for name, ys in series.items():
        ys = _as_floats(ys)
        xs = _as_floats(x) if x is not None else list(range(len(ys)))
        if len(xs) != len(ys):
            raise ValueError(f"x has {len(xs)} values but {name!r} has {len(ys)}")
        lines.append({"label": str(name), "x": xs, "y": ys})
    _sink({"kind": "plot", "series": lines, "title": title, "xlabel": xlabel, "ylabel": ylabel})
