"""The display protocol: ``{"kind": "dot" | "plot" | "images" | "boundary" | "backward" | "exercise", ...}`` messages sent to a sink.

Every display function takes ``key``: a later display with the same key, in the same cell,
replaces the earlier figure *in place* instead of adding a new one. That is how a loop
redraws one picture while it trains (``plot(losses, key="loss")`` every epoch).
"""

import math

displayed = []  # messages seen by the default sink (CPython, tests)
_sink = displayed.append


def set_sink(sink):
    """Route display messages to ``sink(message_dict)``; ``None`` restores the default."""
    global _sink
    _sink = displayed.append if sink is None else sink


def send(message, key=None):
    """Hand one message to the sink, tagged with ``key`` when the figure is to be updated in place."""
    if key is not None:
        message["key"] = str(key)
    _sink(message)


def show(obj, title=None, key=None):
    """Draw a computational graph.

    ``obj`` is DOT text (as returned by ``pyautograd.viz.to_dot``) or a tensor, which
    is turned into DOT with values and gradients shown.
    """
    if not isinstance(obj, str):
        from pyautograd.viz import to_dot

        obj = to_dot(obj)
    if not obj.lstrip().startswith(("digraph", "graph", "strict")):
        raise ValueError("show() expects DOT text or a tensor")
    send({"kind": "dot", "dot": obj, "title": title}, key)


def mark_solved(exercise_id):
    """Tell the page that an exercise was solved (it remembers it in the browser)."""
    send({"kind": "exercise", "id": str(exercise_id), "solved": True})


def _as_floats(values):
    if hasattr(values, "detach"):
        values = values.detach()
    if hasattr(values, "tolist"):
        values = values.tolist()
    return [float(v) for v in values]


def _finite_points(name, xs, ys):
    """Pair x with y for JSON, which has no NaN or infinity: a y that is not finite becomes
    ``None`` (a gap in the line), a point whose x is not finite cannot be placed and is left
    out. Returns ``(xs, ys, gaps)``, ``gaps`` counting every value not drawn."""
    if len(xs) != len(ys):
        raise ValueError(f"x has {len(xs)} values but {name!r} has {len(ys)}")
    kept_x, kept_y, gaps = [], [], 0
    for x, y in zip(xs, ys):
        if not math.isfinite(x):
            gaps += 1
            continue
        finite = math.isfinite(y)
        gaps += not finite
        kept_x.append(x)
        kept_y.append(y if finite else None)
    return kept_x, kept_y, gaps


def plot(y, x=None, *, label=None, title=None, xlabel=None, ylabel=None, series=None, key=None):
    """Draw a line chart: one series ``y`` (against ``x`` or 0, 1, 2 ...) or several.

    ``series`` may be a dict ``{label: y_values}`` to draw several lines on one chart.
    Values that are NaN or infinite (a diverging loss) are left out as gaps, and the chart
    says how many.
    """
    lines = []
    gaps = 0
    if series is None:
        series = {label or "y": y}
    for name, ys in series.items():
        ys = _as_floats(ys)
        xs = _as_floats(x) if x is not None else list(range(len(ys)))
        xs, ys, missing = _finite_points(name, xs, ys)
        gaps += missing
        lines.append({"label": str(name), "x": xs, "y": ys})
    message = {"kind": "plot", "series": lines, "title": title, "xlabel": xlabel, "ylabel": ylabel}
    if gaps:
        message["gaps"] = gaps
    send(message, key)
