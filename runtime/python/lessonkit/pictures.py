"""Pictures made of numbers: a grid of small images, and a 2-D decision-boundary heat map.

The input is checked here, in Python, so a NaN or a wrongly shaped array stops the cell
with a Bengali message that names the problem, instead of drawing a blank or a wrong
picture. Plain lists, NumPy arrays and tensors are all accepted (NumPy is not required).
"""

import math

from .display import send

MAX_IMAGES = 400
MAX_IMAGE_SIDE = 64
MAX_GRID_SIDE = 200
MAX_POINTS = 5000
MAX_CLASSES = 6


def _plain(value):
    if hasattr(value, "detach"):
        value = value.detach()
    if hasattr(value, "tolist"):
        value = value.tolist()
    return value


def _number(v, where):
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ValueError(f"{where}: সংখ্যা চাই, কিন্তু পাওয়া গেল {type(v).__name__}")
    v = float(v)
    if math.isnan(v):
        raise ValueError(f"{where}: মানটি NaN (সংখ্যা নয়); আঁকার আগে NaN কোথা থেকে এল দেখুন")
    if math.isinf(v):
        raise ValueError(f"{where}: মানটি অসীম (inf); আঁকার আগে এত বড় মান কোথা থেকে এল দেখুন")
    return v


def _shape_of(value):
    shape = []
    while isinstance(value, (list, tuple)):
        shape.append(len(value))
        value = value[0] if value else None
    return tuple(shape)


def _matrix(value, what):
    """A rectangular 2-D grid of finite floats, or a ValueError that says what is wrong."""
    rows = _plain(value)
    shape = _shape_of(rows)
    if len(shape) != 2:
        raise ValueError(f"{what} ২-মাত্রার (সারি × কলাম) অ্যারে হতে হবে, কিন্তু এর আকার {shape}")
    if not shape[0] or not shape[1]:
        raise ValueError(f"{what} ফাঁকা: আকার {shape}")
    width = shape[1]
    grid = []
    for i, row in enumerate(rows):
        if not isinstance(row, (list, tuple)) or len(row) != width:
            raise ValueError(f"{what}: সারি {i}-এর দৈর্ঘ্য বাকিদের ({width}) সঙ্গে মেলে না")
        grid.append([_number(v, f"{what}, ঘর ({i}, {j})") for j, v in enumerate(row)])
    return grid


def images(pictures, labels=None, *, title=None, key=None):
    """Draw small grey-scale images side by side, e.g. 8×8 digits, each with an optional label.

    ``pictures`` is a sequence of 2-D arrays or one 3-D array (count × height × width).
    All images share one grey scale (smallest value → background, largest → ink), so
    brighter always means a larger number.
    """
    pictures = _plain(pictures)
    if not isinstance(pictures, (list, tuple)) or not pictures:
        raise ValueError("images(): অন্তত একটি ছবি দিন (২-মাত্রার অ্যারের তালিকা, বা একটি ৩-মাত্রার অ্যারে)")
    if len(pictures) > MAX_IMAGES:
        raise ValueError(f"images(): একসঙ্গে সর্বোচ্চ {MAX_IMAGES}টি ছবি আঁকা যায়, দেওয়া হয়েছে {len(pictures)}টি")
    grids = [_matrix(p, f"ছবি {k}") for k, p in enumerate(pictures)]
    for k, g in enumerate(grids):
        if len(g) > MAX_IMAGE_SIDE or len(g[0]) > MAX_IMAGE_SIDE:
            raise ValueError(f"ছবি {k} খুব বড় ({len(g)} × {len(g[0])}); প্রতিটি দিক সর্বোচ্চ {MAX_IMAGE_SIDE}")
    if labels is not None:
        labels = [str(v) for v in _plain(labels)]
        if len(labels) != len(grids):
            raise ValueError(f"images(): ছবি {len(grids)}টি কিন্তু লেবেল {len(labels)}টি; সংখ্যা দুটি সমান হতে হবে")
    low = min(min(row) for g in grids for row in g)
    high = max(max(row) for g in grids for row in g)
    span = (high - low) or 1.0
    out = []
    for g in grids:
        pixels = [round(255 * (v - low) / span) for row in g for v in row]
        out.append({"h": len(g), "w": len(g[0]), "pixels": pixels})
    send({"kind": "images", "images": out, "labels": labels, "title": title}, key)


def _extent(extent):
    values = _plain(extent)
    if not isinstance(values, (list, tuple)) or len(values) != 4:
        raise ValueError("extent হতে হবে চারটি সংখ্যা: (x_min, x_max, y_min, y_max)")
    x0, x1, y0, y1 = (_number(v, "extent") for v in values)
    if not (x0 < x1 and y0 < y1):
        raise ValueError("extent-এ x_min < x_max আর y_min < y_max হতে হবে")
    return [x0, x1, y0, y1]


def boundary(probs, extent, points=None, classes=None, *, title=None, key=None):
    """Draw a classifier's picture of the plane: a heat map with the data points on top.

    ``probs[i][j]`` is the model's probability of class 1 at ``x = x_min + (j + ½)·Δx``,
    ``y = y_min + (i + ½)·Δy``: row 0 is the *bottom* row, as on a graph. ``points`` is an
    N × 2 array of (x, y) and ``classes`` their N labels (0 … 5).
    """
    grid = _matrix(probs, "probs")
    if len(grid) > MAX_GRID_SIDE or len(grid[0]) > MAX_GRID_SIDE:
        raise ValueError(f"probs খুব বড় ({len(grid)} × {len(grid[0])}); প্রতিটি দিক সর্বোচ্চ {MAX_GRID_SIDE}")
    for i, row in enumerate(grid):
        for j, p in enumerate(row):
            if not 0.0 <= p <= 1.0:
                raise ValueError(f"probs, ঘর ({i}, {j}): সম্ভাবনা 0 থেকে 1-এর মধ্যে হতে হবে, কিন্তু মান {p:g}")
    message = {
        "kind": "boundary",
        "probs": [[round(p, 3) for p in row] for row in grid],
        "extent": _extent(extent),
        "title": title,
    }
    if points is not None:
        xy = _matrix(points, "points")
        if len(xy[0]) != 2:
            raise ValueError(f"points-এর আকার হতে হবে (N, 2), কিন্তু এটি ({len(xy)}, {len(xy[0])})")
        if len(xy) > MAX_POINTS:
            raise ValueError(f"points: সর্বোচ্চ {MAX_POINTS}টি বিন্দু আঁকা যায়, দেওয়া হয়েছে {len(xy)}টি")
        labels = [0] * len(xy) if classes is None else _plain(classes)
        if len(labels) != len(xy):
            raise ValueError(f"বিন্দু {len(xy)}টি কিন্তু classes {len(labels)}টি; সংখ্যা দুটি সমান হতে হবে")
        checked = []
        for k, c in enumerate(labels):
            c = _number(c, f"classes[{k}]")
            if not c.is_integer() or not 0 <= c < MAX_CLASSES:
                raise ValueError(
                    f"classes[{k}] = {c:g}: শ্রেণি হতে হবে 0 থেকে {MAX_CLASSES - 1}-এর কোনো পূর্ণসংখ্যা"
                )
            checked.append(int(c))
        message["points"] = [[round(x, 4), round(y, 4)] for x, y in xy]
        message["classes"] = checked
    send(message, key)
