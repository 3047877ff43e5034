"""nn.Conv1d and nn.Conv2d against torch.nn: seeded initialisation, printed form, errors, output."""

import numpy as np
import pytest
from torch_compare import same_error

import pyautograd as pag

torch = pytest.importorskip("torch")

LAYERS = [
    ("Conv2d", (1, 2, 3), {}),
    ("Conv2d", (4, 6, (2, 3)), {"stride": 2, "padding": 1, "dilation": 2, "groups": 2, "bias": False}),
    ("Conv2d", (3, 4, 3), {"padding": "same"}),
    ("Conv2d", (3, 4, 3), {"padding": "valid"}),
    ("Conv1d", (2, 3, 3), {"padding": "same", "dilation": 2}),
    ("Conv1d", (4, 4, 5), {"stride": 3, "groups": 4}),
]


def _build(L, name, args, kwargs):
    L.manual_seed(0)
    return getattr(L.nn, name)(*args, **kwargs)


@pytest.mark.parametrize("name, args, kwargs", LAYERS)
def test_seeded_init_repr_and_output(name, args, kwargs):
    ours, theirs = (_build(L, name, args, kwargs) for L in (pag, torch))
    assert repr(ours) == repr(theirs)
    assert repr(ours.weight) == repr(theirs.weight)
    assert [n for n, _ in ours.named_parameters()] == [n for n, _ in theirs.named_parameters()]
    for p, q in zip(ours.parameters(), theirs.parameters()):
        np.testing.assert_array_equal(p.detach().numpy(), q.detach().numpy())
    shape = (2, args[0]) + (9,) * (2 if name == "Conv2d" else 1)
    x = np.random.default_rng(1).standard_normal(shape).astype(np.float32)
    ys = [m(L.tensor(x)) for m, L in ((ours, pag), (theirs, torch))]
    np.testing.assert_allclose(ys[0].detach().numpy(), ys[1].detach().numpy(), rtol=1e-5, atol=1e-6)
    assert ys[0].grad_fn.name() == ys[1].grad_fn.name()


@pytest.mark.parametrize(
    "args, kwargs",
    [
        ((3, 4, 3), {"groups": 2}),
        ((4, 3, 3), {"groups": 2}),
        ((2, 2, 3), {"padding": "same", "stride": 2}),
    ],
)
def test_constructor_errors_match_torch(args, kwargs):
    same_error(lambda L: lambda: L.nn.Conv2d(*args, **kwargs), spell=str)


def test_bad_padding_string_is_a_value_error():
    # PyTorch prints the allowed strings as a set, whose order varies from run to run
    for L in (pag, torch):
        with pytest.raises(ValueError, match="Invalid padding string 'full', should be one of"):
            L.nn.Conv2d(2, 2, 3, padding="full")
