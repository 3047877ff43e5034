"""The lessons' data sets, available without any download.

``load_digits`` gives scikit-learn's 8×8 handwritten digits, whose file travels inside
lessonkit (``data/``, with its source and licence). ``moons``, the familiar pair of
interleaved half circles, is drawn on the reader's machine with NumPy.
"""


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
