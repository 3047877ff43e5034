"""Printed form, character for character, against PyTorch.

PyTorch's text is taken from the golden file (recorded by make_golden.py) and,
where torch imports, from live torch; ``torch.`` becomes ``pyautograd.``
(``dtype=torch.float64`` -> ``dtype=pyautograd.float64``).
"""

import json
import pathlib

import make_golden as mg
import pytest
from torch_compare import in_our_words

import pyautograd

GOLDEN = json.loads((pathlib.Path(__file__).resolve().parents[1] / "golden" / "printing.json").read_text())[
    "cases"
]


@pytest.fixture(autouse=True)
def _default_dtype():
    pyautograd.set_default_dtype(pyautograd.float32)
    yield
    pyautograd.set_default_dtype(pyautograd.float32)


@pytest.mark.parametrize("name", sorted(mg.PRINT_CASES))
def test_repr_matches_golden(name):
    got = mg.run_print_case(pyautograd, name)
    want = GOLDEN[name]
    assert got["repr"] == in_our_words(want["repr"])
    assert got["str"] == in_our_words(want["str"])


@pytest.mark.parametrize("name", sorted(mg.PRINT_CASES))
def test_repr_matches_live_torch(name):
    torch = pytest.importorskip("torch")
    want = mg.run_print_case(torch, name)
    got = mg.run_print_case(pyautograd, name)
    assert got["repr"] == in_our_words(want["repr"])


# A few literal cases from the issue and the seeds, spelled out so they read
# as documentation and do not depend on any recorded file.
@pytest.mark.parametrize(
    "make, text",
    [
        (lambda L: L.tensor(7.0), "tensor(7.)"),
        (lambda L: L.tensor([0.3, 3.0, 3e-4]), "tensor([3.0000e-01, 3.0000e+00, 3.0000e-04])"),
        (lambda L: L.tensor(1.0, requires_grad=True), "tensor(1., requires_grad=True)"),
        (mg._lesson_z, "tensor(10., grad_fn=<AddBackward0>)"),
        (lambda L: L.tensor([[2.0, 0.0, 0.0, 0.0]]), "tensor([[2., 0., 0., 0.]])"),
        (lambda L: L.tensor([1.0, 2.0], dtype=L.float64), "tensor([1., 2.], dtype=pyautograd.float64)"),
        (lambda L: L.tensor([1.0, 2.0]).double(), "tensor([1., 2.], dtype=pyautograd.float64)"),
        (lambda L: L.tensor([1, 2]), "tensor([1, 2])"),
        (lambda L: L.tensor([1.5, -2.0]), "tensor([ 1.5000, -2.0000])"),
    ],
)
def test_literal_reprs(make, text):
    t = make(pyautograd)
    assert repr(t) == text
    assert str(t) == text


def test_print_writes_repr(capsys):
    print(pyautograd.tensor([1.0, 2.0], requires_grad=True))
    assert capsys.readouterr().out == "tensor([1., 2.], requires_grad=True)\n"


def test_default_dtype_float64_hides_its_suffix():
    """With float64 as default, float64 prints plainly and float32 shows its dtype."""
    pyautograd.set_default_dtype(pyautograd.float64)
    assert repr(pyautograd.tensor([1.0, 2.0])) == "tensor([1., 2.])"
    assert (
        repr(pyautograd.tensor([1.0], dtype=pyautograd.float32)) == "tensor([1.], dtype=pyautograd.float32)"
    )


def test_default_dtype_float64_repr_matches_torch():
    torch = pytest.importorskip("torch")
    old = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        want = [
            repr(torch.tensor([0.5, 1.0])),
            repr(torch.tensor([1.0], dtype=torch.float32)),
            repr(torch.tensor(2.0, requires_grad=True) * 3),
        ]
    finally:
        torch.set_default_dtype(old)
    pyautograd.set_default_dtype(pyautograd.float64)
    L = pyautograd
    got = [
        repr(L.tensor([0.5, 1.0])),
        repr(L.tensor([1.0], dtype=L.float32)),
        repr(L.tensor(2.0, requires_grad=True) * 3),
    ]
    assert got == [in_our_words(w) for w in want]


def test_repr_does_not_change_with_values_of_other_tensors():
    """Formatting is per tensor: printing one tensor never affects another's text."""
    a = pyautograd.tensor([1e-8, 1.0])
    b = pyautograd.tensor([1.0, 2.0])
    repr(a)
    assert repr(b) == "tensor([1., 2.])"
