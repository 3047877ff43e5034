"""Small data sets made on the reader's machine with NumPy, so no lesson downloads anything.

``synthetic_digits`` is NOT scikit-learn's 8×8 digits (that file could not be obtained for
this project): it is a look-alike drawn here from hand-made pen strokes, each bent, moved
and thickened at random, then reduced to 8×8 cells that count ink from 0 to 16 as the
real set does. ``moons`` is the familiar pair of interleaved half circles.

Only exact arithmetic (uniform random numbers, +, −, ×, comparisons, integer counts) makes
the digits, so every NumPy build, in CPython or in the browser, draws the same pixels.
"""

# Pen strokes of the ten digits in a unit box (x to the right, y downwards): each digit is a
# list of polylines. The ovals are written out as points, so drawing needs no sin or cos.
_OVAL = [(0.5, 0.08), (0.72, 0.16), (0.8, 0.35), (0.8, 0.65), (0.72, 0.84), (0.5, 0.92),
         (0.28, 0.84), (0.2, 0.65), (0.2, 0.35), (0.28, 0.16), (0.5, 0.08)]  # fmt: skip
STROKES = {
    0: [_OVAL],
    1: [[(0.32, 0.28), (0.55, 0.08), (0.55, 0.92)]],
    2: [[(0.2, 0.3), (0.33, 0.12), (0.62, 0.1), (0.78, 0.28), (0.7, 0.5), (0.2, 0.9), (0.82, 0.9)]],
    3: [[(0.2, 0.14), (0.76, 0.14), (0.46, 0.44), (0.74, 0.58), (0.72, 0.82), (0.46, 0.92), (0.2, 0.82)]],
    4: [[(0.62, 0.92), (0.62, 0.08), (0.16, 0.64), (0.86, 0.64)]],
    5: [[(0.78, 0.1), (0.28, 0.1), (0.24, 0.46), (0.6, 0.42), (0.78, 0.62), (0.7, 0.86), (0.46, 0.92), (0.2, 0.82)]],
    6: [[(0.7, 0.1), (0.42, 0.28), (0.25, 0.6), (0.3, 0.86), (0.55, 0.92), (0.76, 0.76), (0.7, 0.56),
         (0.46, 0.5), (0.26, 0.62)]],
    7: [[(0.18, 0.1), (0.82, 0.1), (0.44, 0.92)]],
    8: [[(0.5, 0.5), (0.7, 0.38), (0.7, 0.18), (0.5, 0.08), (0.3, 0.18), (0.3, 0.38), (0.5, 0.5), (0.74, 0.64),
         (0.72, 0.86), (0.5, 0.93), (0.28, 0.86), (0.26, 0.64), (0.5, 0.5)]],
    9: [[(0.74, 0.42), (0.5, 0.52), (0.28, 0.42), (0.28, 0.2), (0.5, 0.08), (0.74, 0.2), (0.74, 0.42),
         (0.66, 0.92)]],
}  # fmt: skip

_CANVAS = 16  # the strokes are drawn on 16×16, then each 2×2 block becomes one of the 8×8 cells
_STEP = 0.04  # spacing of the dots that trace a stroke


def _trace(polylines):
    """Dots every ``_STEP`` along the polylines (as an array of shape (k, 2))."""
    import numpy as np

    dots = []
    for line in polylines:
        for (x0, y0), (x1, y1) in zip(line, line[1:]):
            length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
            n = max(2, int(length / _STEP) + 1)
            t = np.arange(n) / (n - 1)
            dots.append(np.stack([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t], axis=1))
    return np.concatenate(dots)


def synthetic_digits(n=1797, seed=0):
    """``(images, labels)``: ``n`` synthetic 8×8 digit images (values 0 … 16) and their labels 0 … 9.

    Each image: the digit's strokes are sheared, stretched and moved a little at random,
    drawn with a pen of random width on a 16×16 canvas, and every 2×2 block's ink is
    counted and scaled to 0 … 16; a few stray dots of noise are added.
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    traces = {d: _trace(lines) for d, lines in STROKES.items()}
    offsets = np.stack(np.meshgrid(np.arange(-2, 3), np.arange(-2, 3)), axis=-1).reshape(-1, 2)
    labels = rng.integers(0, 10, size=n)
    u = rng.random((n, 7))
    ink = rng.random((n, _CANVAS, _CANVAS)) < 0.04  # stray dots
    for digit, trace in traces.items():
        which = np.flatnonzero(labels == digit)
        v = u[which]
        a, b, c, d = (
            0.75 + 0.4 * v[:, 0:1],
            0.6 * v[:, 1:2] - 0.3,
            0.5 * v[:, 2:3] - 0.25,
            0.75 + 0.4 * v[:, 3:4],
        )
        radius = 0.05 + 0.035 * v[:, 6:7, None]
        dots = trace - 0.5
        xs = a * dots[:, 0] + b * dots[:, 1] + 0.5 + (0.2 * v[:, 4:5] - 0.1)  # (images, dots)
        ys = c * dots[:, 0] + d * dots[:, 1] + 0.5 + (0.2 * v[:, 5:6] - 0.1)
        # ink every canvas pixel whose centre lies within the pen's radius of a dot
        near = np.floor(np.stack([xs, ys], axis=-1) * _CANVAS).astype(int)[:, :, None, :] + offsets
        centre = (near + 0.5) / _CANVAS
        hit = (centre[..., 0] - xs[..., None]) ** 2 + (centre[..., 1] - ys[..., None]) ** 2 < radius * radius
        hit &= ((near >= 0) & (near < _CANVAS)).all(axis=-1)
        image_of = np.broadcast_to(which[:, None, None], hit.shape)
        ink[image_of[hit], near[hit][:, 1], near[hit][:, 0]] = True
    images = 4.0 * ink.reshape(n, 8, 2, 8, 2).sum(axis=(2, 4))  # 0 … 4 inked pixels per block, × 4
    return images, labels


def moons(n=200, noise=0.1, seed=0):
    """``(points, labels)``: two interleaved half circles in the plane, ``n`` points, labels 0 and 1."""
    import numpy as np

    rng = np.random.default_rng(seed)
    half = n // 2
    angle = np.pi * rng.random(n)
    upper = np.stack([np.cos(angle[:half]), np.sin(angle[:half])], axis=1)
    lower = np.stack([1 - np.cos(angle[half:]), 0.5 - np.sin(angle[half:])], axis=1)
    points = np.concatenate([upper, lower]) + noise * (rng.random((n, 2)) * 2 - 1)
    labels = np.concatenate([np.zeros(half, dtype=int), np.ones(n - half, dtype=int)])
    return points, labels


def load_digits():
    """scikit-learn's 8×8 handwritten digits, shipped with the site (``data/digits.npz``; its
    source and licence are in ``data/README.md``): ``(images, labels)``, where ``images`` is a
    float32 array of shape (1797, 8, 8) with ink counts 0–16 and ``labels`` an int64 array of
    the digits 0–9. Nothing is downloaded: the file travels inside lessonkit."""
    import pathlib

    import numpy as np

    with np.load(pathlib.Path(__file__).with_name("data") / "digits.npz") as data:
        return data["images"].astype(np.float32), data["labels"].astype(np.int64)
