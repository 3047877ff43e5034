"""lessonkit's display messages: images, decision boundaries, in-place keys, and bad input.

The browser side (site_tests/test_displays.py) draws these messages; here we pin what
Python sends and that bad input stops with a Bengali message naming the problem.
"""

import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from doc_cells import RUNTIME_PYTHON  # noqa: E402

sys.path.insert(0, str(RUNTIME_PYTHON))
import lessonkit  # noqa: E402
from lessonkit import boundary, images, plot  # noqa: E402


@pytest.fixture
def sent():
    messages = []
    lessonkit.set_sink(messages.append)
    yield messages
    lessonkit.set_sink(None)


def test_images_share_one_grey_scale_and_keep_labels(sent):
    a = np.zeros((2, 3))
    b = np.full((2, 3), 4.0)
    b[0, 0] = 2.0
    images([a, b], labels=[0, "সাত"], title="দুটি ছবি")
    (m,) = sent
    assert m["kind"] == "images" and m["title"] == "দুটি ছবি" and m["labels"] == ["0", "সাত"]
    assert [(im["h"], im["w"]) for im in m["images"]] == [(2, 3), (2, 3)]
    assert m["images"][0]["pixels"] == [0] * 6
    assert m["images"][1]["pixels"] == [128, 255, 255, 255, 255, 255]
    json.dumps(m, allow_nan=False)  # travels to the page as strict JSON


def test_images_accept_a_3d_array_and_tensors(sent):
    import pyautograd as torch

    images(np.arange(2 * 8 * 8, dtype=float).reshape(2, 8, 8))
    images(torch.ones(1, 4, 4))
    assert len(sent[0]["images"]) == 2 and sent[0]["labels"] is None
    assert sent[1]["images"][0]["pixels"] == [0] * 16  # constant image: all background


@pytest.mark.parametrize(
    "bad, words",
    [
        ([np.array([[1.0, math.nan]])], "NaN"),
        ([np.array([[1.0, math.inf]])], "অসীম"),
        ([np.zeros(64)], "২-মাত্রার"),
        ([np.zeros((2, 2, 2))], "২-মাত্রার"),
        ([[[1, 2], [3]]], "দৈর্ঘ্য"),
        ([], "অন্তত একটি ছবি"),
        ([np.zeros((65, 8))], "খুব বড়"),
        ([[["a", "b"]]], "সংখ্যা চাই"),
    ],
)
def test_images_refuse_bad_input_in_bengali(sent, bad, words):
    with pytest.raises(ValueError, match=words):
        images(bad)
    assert not sent


def test_images_labels_must_match(sent):
    with pytest.raises(ValueError, match="লেবেল 1টি"):
        images([np.zeros((2, 2))] * 2, labels=["এক"])


def test_boundary_message_rows_bottom_up_points_and_classes(sent):
    probs = np.array([[0.0, 0.25], [0.75, 1.0]])
    boundary(probs, (-1, 1, -2, 2), points=np.array([[0.5, -1.0], [0.0, 1.5]]), classes=np.array([0, 1]))
    (m,) = sent
    assert m["kind"] == "boundary" and m["probs"] == [[0.0, 0.25], [0.75, 1.0]]
    assert m["extent"] == [-1.0, 1.0, -2.0, 2.0]
    assert m["points"] == [[0.5, -1.0], [0.0, 1.5]] and m["classes"] == [0, 1]
    json.dumps(m, allow_nan=False)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"probs": [[0.5, math.nan]]}, "NaN"),
        ({"probs": [[0.5, 1.5]]}, "0 থেকে 1"),
        ({"probs": [0.5, 0.5]}, "২-মাত্রার"),
        ({"extent": (1, 0, 0, 1)}, "x_min < x_max"),
        ({"extent": (0, 1, 0)}, "চারটি সংখ্যা"),
        ({"points": np.zeros((3, 3)), "classes": [0, 0, 0]}, r"\(N, 2\)"),
        ({"points": np.zeros((3, 2)), "classes": [0, 1]}, "classes 2টি"),
        ({"points": np.zeros((1, 2)), "classes": [7]}, "শ্রেণি"),
        ({"points": np.zeros((1, 2)), "classes": [0.5]}, "পূর্ণসংখ্যা"),
    ],
)
def test_boundary_refuses_bad_input_in_bengali(sent, kwargs, words):
    args = {"probs": [[0.5, 0.5]], "extent": (0, 1, 0, 1)} | kwargs
    with pytest.raises(ValueError, match=words):
        boundary(**args)
    assert not sent


def test_key_marks_a_figure_for_in_place_update(sent):
    for epoch in range(3):
        plot(list(range(epoch + 1)), key="loss", title="লস")
    boundary([[0.5]], (0, 1, 0, 1), key=7)
    assert [m.get("key") for m in sent] == ["loss", "loss", "loss", "7"]
    assert [len(m["series"][0]["y"]) for m in sent[:3]] == [1, 2, 3]
    plot([1.0])
    assert "key" not in sent[-1]


def test_plot_turns_nan_and_inf_into_counted_gaps(sent):
    plot([1.0, math.nan, 2.0, math.inf])
    (m,) = sent
    assert m["series"][0]["y"] == [1.0, None, 2.0, None] and m["gaps"] == 2
    json.dumps(m, allow_nan=False)


def test_plot_leaves_out_points_whose_x_is_not_finite(sent):
    plot([1.0, 2.0, 3.0, math.nan], x=[0.0, math.nan, 2.0, 3.0])
    (m,) = sent
    assert m["series"][0]["x"] == [0.0, 2.0, 3.0] and m["series"][0]["y"] == [1.0, 3.0, None]
    assert m["gaps"] == 2
    json.dumps(m, allow_nan=False)


def test_plot_still_refuses_x_and_y_of_different_lengths(sent):
    with pytest.raises(ValueError, match="x has 1 values but 'y' has 2"):
        plot([1.0, 2.0], x=[0.0])
