"""F.linear builds PyTorch's graph for every input layout: 1-D, 2-D, N-D, contiguous,
transposed and strided, with and without bias (the linear cases of the op-case table),
node by node against PyTorch's recorded graphs (golden/saved.json keeps each node's name
by its path from the output)."""

import json
import pathlib

import op_cases
import pytest

import pyautograd

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
RECORDED = json.loads((GOLDEN / "saved.json").read_text())["cases"]
LINEAR = sorted(n for n in op_cases.BY_NAME if n.startswith("linear"))


def test_every_layout_is_a_case():
    assert {
        "linear", "linear_vector", "linear_vector_no_bias", "linear_transposed", "linear_batched",
        "linear_batched_no_bias", "linear_batched_transposed", "linear_batched_transposed_no_bias",
        "linear_batched_strided", "linear_batched_strided_no_bias",
    } <= set(LINEAR)  # fmt: skip


@pytest.mark.parametrize("name", LINEAR)
def test_linear_graph_matches_recorded_pytorch(name):
    ours = op_cases.saved_values_of_case(pyautograd, name)
    assert {p: n["node"] for p, n in ours.items()} == {p: n["node"] for p, n in RECORDED[name].items()}
