"""The lessons' data sets: the real digits file is the one scikit-learn ships, unchanged."""

import hashlib
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import doc_cells  # noqa: E402,F401  (puts runtime/python on sys.path)
from lessonkit.datasets import load_digits  # noqa: E402

# sha256 of images.tobytes() + labels.tobytes() as uint8, computed from scikit-learn 1.9.1's digits.csv.gz
FINGERPRINT = "87ff0c9e40dc7e2c0e34e7257799c2e3f3aec1a016363bb11cad869ec428a826"


def test_digits_are_scikit_learns_1797_images():
    images, labels = load_digits()
    assert images.shape == (1797, 8, 8) and images.dtype == np.float32
    assert labels.shape == (1797,) and labels.dtype == np.int64
    assert images.min() == 0 and images.max() == 16 and np.all(images == np.round(images))
    assert np.bincount(labels).tolist() == [178, 182, 177, 183, 181, 182, 181, 179, 174, 180]
    raw = images.astype(np.uint8).tobytes() + labels.astype(np.uint8).tobytes()
    assert hashlib.sha256(raw).hexdigest() == FINGERPRINT


def test_the_digits_ship_inside_lessonkit_with_their_licence(tmp_path):
    import zipfile

    sys.path.insert(0, str(doc_cells.REPO_ROOT / "hooks"))
    import wheels

    names = zipfile.ZipFile(wheels.zip_lessonkit(doc_cells.REPO_ROOT, tmp_path)).namelist()
    assert "lessonkit/data/digits.npz" in names and "lessonkit/data/README.md" in names
    assert "lessonkit/datasets.py" in names and not any("__pycache__" in n for n in names)
