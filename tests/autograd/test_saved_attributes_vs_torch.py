"""``grad_fn._saved_<name>``: what each node of every op case saves, under PyTorch's names,
types and values (pyautograd/saved_attributes.py), against live torch where it imports and
against PyTorch's recorded answers (golden/saved.json, made by tests/make_golden.py)
everywhere."""

import json
import pathlib

import op_cases
import pytest
from torch_compare import close, same_error

import pyautograd

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "golden"
SAVED = json.loads((GOLDEN / "saved.json").read_text())["cases"]
NAMES = sorted(op_cases.BY_NAME)

# Nodes whose saved values pyautograd does not name yet: their op keeps other values than
# PyTorch's (pooling and convolution keep their windows, not the settings; layer norm and
# the linalg ops keep neither the statistics nor the LU factors; embedding, nll_loss and
# logsigmoid keep no indices, total weight or buffer), so a PyTorch name would need values
# the node does not have. They list no ``_saved_`` names; the test below fails when one of
# them starts to, or another node lacks its names.
NOT_NAMED = {
    "AvgPool2DBackward0", "ConvolutionBackward0", "EmbeddingBackward0", "LinalgDetBackward0",
    "LinalgInvExBackward0", "LinalgSolveExBackward0", "LogSigmoidBackward0",
    "MaxPool2DWithIndicesBackward0", "NativeLayerNormBackward0", "NllLossBackward0",
}  # fmt: skip
# Cases where one node's values are another op's: our einsum is one node named after
# PyTorch's last one, and keeps the subscripts, not that node's permutation.
NOT_NAMED_IN_CASES = {"einsum_transpose": "PermuteBackward0"}


def _same(ours, theirs):
    """Two described values alike: a tensor's dtype, identity and node exactly, its values
    as the op cases compare them (float64 to 1e-9)."""
    if "tensors" in ours or "tensors" in theirs:
        return (
            ours.keys() == theirs.keys()
            and len(ours["tensors"]) == len(theirs["tensors"])
            and all(_same(a, b) for a, b in zip(ours["tensors"], theirs["tensors"]))
        )
    if "tensor" in ours and "tensor" in theirs:
        rest = {k: v for k, v in ours.items() if k != "tensor"}
        return rest == {k: v for k, v in theirs.items() if k != "tensor"} and close(
            ours["tensor"], theirs["tensor"]
        )
    return ours == theirs


def _inputs(nodes, path):
    """The names of the nodes one edge below ``path``."""
    depth = path.count(".") + 1
    return sorted(
        (p, n["node"]) for p, n in nodes.items() if p.startswith(path + ".") and p.count(".") == depth
    )


def _compare(ours, theirs, case):
    """Differences between two cases' descriptions, node by node, as readable lines."""
    problems = []
    for path, mine in ours.items():
        torch_node = theirs.get(path)
        node = mine["node"]
        if torch_node is None or torch_node["node"] != node or _inputs(ours, path) != _inputs(theirs, path):
            continue  # where the graphs differ (one node of ours for several of PyTorch's), no pair
        if not mine["saved"] and (node in NOT_NAMED or NOT_NAMED_IN_CASES.get(case) == node):
            continue
        if mine["saved"].keys() != torch_node["saved"].keys():
            problems.append(f"{node}: names {sorted(mine['saved'])} != {sorted(torch_node['saved'])}")
            continue
        for name, value in mine["saved"].items():
            if not _same(value, torch_node["saved"][name]):
                problems.append(f"{node}._saved_{name}: {value} != {torch_node['saved'][name]}")
    return problems


def test_golden_covers_every_case():
    assert sorted(SAVED) == NAMES, "run tests/make_golden.py --new-only"


@pytest.mark.parametrize("name", NAMES)
def test_saved_values_match_recorded_pytorch(name):
    assert not _compare(op_cases.saved_values_of_case(pyautograd, name), SAVED[name], name)


@pytest.mark.parametrize("name", NAMES)
def test_saved_values_match_live_torch(name):
    torch = pytest.importorskip("torch")
    assert not _compare(
        op_cases.saved_values_of_case(pyautograd, name), op_cases.saved_values_of_case(torch, name), name
    )


def test_not_named_list_is_exact():
    """Every node of the table either names what PyTorch's saves or is in NOT_NAMED, and
    every NOT_NAMED node still lacks its names (so the list shrinks as names are added)."""
    unnamed = set()
    for name in NAMES:
        ours = op_cases.saved_values_of_case(pyautograd, name)
        for path, node in ours.items():
            torch_node = SAVED[name].get(path)
            paired = (
                torch_node
                and torch_node["node"] == node["node"]
                and _inputs(ours, path) == _inputs(SAVED[name], path)
            )
            if (
                paired
                and torch_node["saved"]
                and not node["saved"]
                and NOT_NAMED_IN_CASES.get(name) != node["node"]
            ):
                unnamed.add(node["node"])
    assert unnamed == NOT_NAMED


# Views whose node names its settings from the index or arguments it keeps (as given): the last view
# of an index is the node (``x[1:, 0]`` selects after it slices), a negative start or index
# stays as given, an end past the dim is kept, a slice of all of a dim is no view.
VIEWS = {
    "select_negative": lambda x: x[-1],
    "select_after_slice": lambda x: x[1:, -2],
    "select_twice": lambda x: x[0, 1],
    "select_after_none": lambda x: x[None, 1],
    "select_after_ellipsis": lambda x: x[..., 2],
    "slice_negative": lambda x: x[-3:-1],
    "slice_past_the_end": lambda x: x[1:100],
    "slice_step": lambda x: x[:, 1:4:2],
    "slice_after_full": lambda x: x[0:4, 1:],
    "narrow_all": lambda x: x.narrow(0, 0, 4),
    "narrow_negative": lambda x: x.narrow(1, -2, 2),
    "unbind": lambda x: x.unbind(1)[2],
    "roll_flat": lambda x: x[0].roll(1),
    "roll_dims": lambda x: x.roll((1, -2), (0, -1)),
    "transpose_negative": lambda x: x.transpose(-1, 0),
    "transpose_same": lambda x: x.transpose(1, 1),
    "matrix_transpose": lambda x: x.mT,
    "unsqueeze_negative": lambda x: x.unsqueeze(-1),
}

# Reductions and selections keep a dim as given too (-1 shows as 2**64 - 1), whatever the
# op computes with.
GIVEN_DIMS = {
    "sort": lambda L, x: x.sort(-1)[0],
    "sort_descending": lambda L, x: x.sort(dim=-2, descending=True)[0],
    "topk": lambda L, x: x.topk(2, dim=-1)[0],
    "kthvalue": lambda L, x: x.kthvalue(2, -2)[0],
    "max_dim": lambda L, x: x.max(-1)[0],
    "min_dim_keepdim": lambda L, x: x.min(-2, keepdim=True)[0],
    "vector_norm": lambda L, x: L.linalg.vector_norm(x, dim=-1),
    "vector_norm_dims": lambda L, x: L.linalg.vector_norm(x, 3, dim=(-1, 0)),
    "cumsum": lambda L, x: x.cumsum(-1),
    "softmax": lambda L, x: x.softmax(-1),
    "log_softmax": lambda L, x: x.log_softmax(dim=-2),
    "sum": lambda L, x: x.sum(-1),
    "sum_dims": lambda L, x: x.sum((-1, 0), keepdim=True),
    "amax": lambda L, x: x.amax(-1),
    "squeeze": lambda L, x: x[:, :1].squeeze(-1),
    "squeeze_dims": lambda L, x: x[:1, :1].squeeze((-1, 0)),
    "std": lambda L, x: x.std(-1),
    "nansum": lambda L, x: x.nansum(-1),
}


@pytest.mark.parametrize("name", sorted(GIVEN_DIMS))
def test_given_dims_like_torch(name):
    torch = pytest.importorskip("torch")

    def settings(L):
        node = GIVEN_DIMS[name](L, L.arange(20.0).reshape(4, 5).requires_grad_()).grad_fn
        return node.name(), {a: getattr(node, a) for a in dir(node) if a.startswith("_saved_dim")}

    ours, theirs = settings(pyautograd), settings(torch)
    assert ours == theirs and theirs[1]


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_view_settings_like_torch(name):
    torch = pytest.importorskip("torch")

    def settings(L):
        node = VIEWS[name](L.arange(20.0).reshape(4, 5).requires_grad_()).grad_fn
        return node.name(), {a: getattr(node, a) for a in dir(node) if a.startswith("_saved_")}

    ours, theirs = settings(pyautograd), settings(torch)
    assert ours == theirs and theirs[1]


def _freed_access(attribute):
    def make(L):
        x = L.tensor([1.0, 2.0], requires_grad=True)
        y = x.exp() if attribute == "_saved_result" else x * x
        y.sum().backward()
        return lambda: getattr(y.grad_fn, attribute)

    return make


@pytest.mark.parametrize("attribute", ["_saved_self", "_saved_other", "_saved_result"])
def test_freed_saved_tensor_raises_like_torch(attribute):
    pytest.importorskip("torch")
    same_error(_freed_access(attribute))


def test_freed_raw_saved_tensor_refuses_hooks_like_torch():
    pytest.importorskip("torch")
    same_error(lambda L: lambda: _freed_access("_raw_saved_self")(L)().register_hooks(abs, abs))


def test_settings_stay_readable_after_backward():
    x = pyautograd.tensor([[1.0, 2.0]], requires_grad=True)
    y = x.sum(1)
    y.sum().backward()
    assert (y.grad_fn._saved_dim, y.grad_fn._saved_self_sym_sizes) == ((1,), (1, 2))


def test_retain_graph_keeps_saved_tensors():
    x = pyautograd.tensor([1.0, 2.0], requires_grad=True)
    y = x * x
    y.sum().backward(retain_graph=True)
    assert y.grad_fn._saved_self is x


def test_saved_output_is_a_new_tensor_on_the_node():
    x = pyautograd.tensor([0.5, 2.0], requires_grad=True)
    y = x.tanh()
    saved = y.grad_fn._saved_result
    assert saved is not y and saved.grad_fn is y.grad_fn and saved.requires_grad
    assert saved.tolist() == y.tolist()
