"""``repr`` of tensors, character for character as PyTorch prints them.

The rules follow PyTorch's formatter: one format for all elements of a tensor, chosen
from the finite non-zero values: integers print as ``2.``; if the largest/smallest ratio
exceeds 1000, or values are huge or tiny, scientific notation ``3.0000e-01``; otherwise
fixed ``0.3000``. Elements are padded to a common width, rows wrap at 80 columns, and
tensors of more than 1000 elements are summarised with ``...``.
"""

import math

import numpy as np

from . import dtypes


class PrintOptions:
    precision = 4
    threshold = 1000
    edgeitems = 3
    linewidth = 80
    sci_mode = None


options = PrintOptions()


_PROFILES = {
    "default": dict(precision=4, threshold=1000, edgeitems=3, linewidth=80),
    "short": dict(precision=2, threshold=1000, edgeitems=2, linewidth=80),
    "full": dict(precision=4, threshold=math.inf, edgeitems=3, linewidth=80),
}


def set_printoptions(
    precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None
):
    """As PyTorch: a ``profile`` resets the four sizes first, explicit values override it,
    and ``sci_mode`` (None: chosen per tensor) is always set."""
    if profile in _PROFILES:
        for name, value in _PROFILES[profile].items():
            setattr(options, name, value)
    for name, value in (
        ("precision", precision),
        ("threshold", threshold),
        ("edgeitems", edgeitems),
        ("linewidth", linewidth),
    ):
        if value is not None:
            setattr(options, name, value)
    options.sci_mode = sci_mode


class _Formatter:
    def __init__(self, values):
        self.floating = values.dtype.kind == "f"
        self.int_mode = True
        self.sci_mode = False
        self.max_width = 1
        p = options.precision
        flat = values.reshape(-1)
        if not self.floating:
            for v in flat:
                self.max_width = max(self.max_width, len(self._plain(v)))
            return
        finite = flat[np.isfinite(flat) & (flat != 0)].astype(np.float64)
        if finite.size == 0:
            return
        absolute = np.abs(finite)
        lo, hi = float(absolute.min()), float(absolute.max())
        self.int_mode = bool(np.all(finite == np.ceil(finite)))
        # the notation is decided first (a forced sci_mode wins), then the widths in that notation
        if options.sci_mode is not None:
            self.sci_mode = options.sci_mode
        else:
            self.sci_mode = hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4
        if self.sci_mode:
            widths = [len(f"{v:.{p}e}") for v in finite.tolist()]
        elif self.int_mode:
            widths = [len(f"{v:.0f}") + 1 for v in finite.tolist()]
        else:
            widths = [len(f"{v:.{p}f}") for v in finite.tolist()]
        self.max_width = max(self.max_width, max(widths))

    @staticmethod
    def _plain(v):
        return (
            str(bool(v))
            if isinstance(v, (bool, np.bool_))
            else str(int(v))
            if np.issubdtype(type(v), np.integer)
            else str(v)
        )

    def width(self):
        return self.max_width

    def format(self, value):
        p = options.precision
        if self.floating:
            value = float(value)
            if self.sci_mode:
                text = f"{value:{self.max_width}.{p}e}"
            elif self.int_mode:
                text = f"{value:.0f}"
                if not (math.isinf(value) or math.isnan(value)):
                    text += "."
            else:
                text = f"{value:.{p}f}"
        else:
            text = self._plain(value)
        return (self.max_width - len(text)) * " " + text


def _summarised(values):
    """Keep only the edge items of every dimension (for the formatter's width choice)."""
    e = options.edgeitems
    if values.ndim == 0:
        return values
    if values.shape[0] > 2 * e:
        values = np.concatenate([values[:e], values[-e:]])
    return np.stack([_summarised(v) for v in values]) if values.ndim > 1 else values


def _vector_str(values, indent, formatter, summarise):
    element_length = formatter.width() + 2
    per_line = max(1, int(math.floor((options.linewidth - indent) / element_length)))
    e = options.edgeitems
    if summarise and values.shape[0] > 2 * e:
        items = (
            [formatter.format(v) for v in values[:e]] + [" ..."] + [formatter.format(v) for v in values[-e:]]
        )
    else:
        items = [formatter.format(v) for v in values]
    lines = [items[i : i + per_line] for i in range(0, len(items), per_line)]
    return "[" + (",\n" + " " * (indent + 1)).join(", ".join(line) for line in lines) + "]"


def _tensor_str(values, indent, formatter, summarise):
    dim = values.ndim
    if dim == 0:
        return formatter.format(values.item())
    if dim == 1:
        return _vector_str(values, indent, formatter, summarise)
    e = options.edgeitems
    if summarise and values.shape[0] > 2 * e:
        slices = (
            [_tensor_str(values[i], indent + 1, formatter, summarise) for i in range(e)]
            + ["..."]
            + [
                _tensor_str(values[i], indent + 1, formatter, summarise)
                for i in range(len(values) - e, len(values))
            ]
        )
    else:
        slices = [_tensor_str(v, indent + 1, formatter, summarise) for v in values]
    return "[" + ("," + "\n" * (dim - 1) + " " * (indent + 1)).join(slices) + "]"


def _add_suffixes(text, suffixes, indent):
    parts = [text]
    last_line_len = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if last_line_len + len(suffix) + 2 > options.linewidth:
            parts.append(",\n" + " " * indent + suffix)
            last_line_len = indent + len(suffix)
        else:
            parts.append(", " + suffix)
            last_line_len += len(suffix) + 2
    parts.append(")")
    return "".join(parts)


def tensor_repr(t):
    prefix = "tensor("
    indent = len(prefix)
    values = t._data
    suffixes = []
    dtype = t.dtype
    default_for_kind = dtypes.get_default_dtype() if values.dtype.kind == "f" else dtypes.int64
    show_dtype = dtype is not default_for_kind and dtype is not dtypes.bool
    if values.size == 0:
        text = "[]"
        if values.shape != (0,):
            suffixes.append(f"size={tuple(values.shape)}")
        show_dtype = dtype is not dtypes.get_default_dtype()
    else:
        summarise = values.size > options.threshold
        formatter = _Formatter(_summarised(values) if summarise else values)
        text = _tensor_str(values, indent, formatter, summarise)
    if show_dtype:
        suffixes.append(f"dtype={dtype!r}")
    if t.grad_fn is not None:
        suffixes.append(f"grad_fn=<{type(t.grad_fn).__name__}>")  # name() may be qualified
    elif t._requires_grad:
        suffixes.append("requires_grad=True")
    if t._tangent is not None:
        suffixes.append(f"tangent={t._tangent!r}")
    return _add_suffixes(prefix + text, suffixes, indent)  # the prefix counts for the line width
