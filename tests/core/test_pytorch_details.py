"""Smaller PyTorch details: max/min return types, the create_graph=True warning."""

import sys
import warnings

import pytest

import pyautograd as T


def test_max_min_along_a_dim_print_like_pytorch_return_types():
    x = T.tensor([[1.0, 5.0], [3.0, 2.0]])
    assert repr(x.max(dim=1)) == (
        "pyautograd.return_types.max(\nvalues=tensor([5., 3.]),\nindices=tensor([1, 0]))"
    )
    values, indices = x.min(1)
    assert values.tolist() == [1.0, 2.0] and indices.tolist() == [0, 1]
    assert str(x.min(dim=0)).startswith("pyautograd.return_types.min(\nvalues=tensor([1., 2.]),")


def test_return_types_match_pytorch_text():
    torch = pytest.importorskip("torch")
    for op in ("max", "min"):
        for dim in (0, 1):
            ours = repr(getattr(T.tensor([[1.0, 5.0], [3.0, 2.0]]), op)(dim=dim))
            theirs = repr(getattr(torch.tensor([[1.0, 5.0], [3.0, 2.0]]), op)(dim=dim))
            assert ours == theirs.replace("torch.", "pyautograd.")


def test_backward_with_create_graph_warns_about_the_reference_cycle():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    with pytest.warns(
        UserWarning,
        match=r"^Using backward\(\) with create_graph=True will create a "
        r"reference cycle between the parameter and its gradient",
    ):
        (x * x * x).sum().backward(create_graph=True)
    assert x.grad.tolist() == [3.0, 12.0] and x.grad.requires_grad
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        T.autograd.grad((x * x).sum(), x, create_graph=True)  # the recommended way: silent


def _float_warnings(make):
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        make()
    return [str(w.message).split(" (Triggered internally at")[0] for w in seen]


SCALAR_OF_GRAD = (
    "Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
    "behavior.\nConsider using tensor.detach() first."
)


def test_float_of_a_recording_scalar_warns_once_as_pytorch_does(monkeypatch):
    monkeypatch.setattr(sys.modules["pyautograd.tensor"], "_warned_once", False)
    a = T.tensor(2.0, requires_grad=True)
    # silent for item(), int(), a detached tensor and under no_grad
    silent = [lambda: a.item(), lambda: int(a), lambda: float(a.detach())]
    assert all(_float_warnings(f) == [] for f in silent)
    with T.no_grad():
        assert _float_warnings(lambda: float(a)) == []
    assert _float_warnings(lambda: float(T.tensor([2.0], requires_grad=True))) == [SCALAR_OF_GRAD]
    assert _float_warnings(lambda: float(a * 2)) == []  # once per process, as TORCH_WARN_ONCE


def test_float_of_a_recording_scalar_warning_is_pytorchs():
    import subprocess

    pytest.importorskip("torch")
    code = """if True:
        import warnings, torch
        warnings.simplefilter("always")
        a = torch.tensor(2.0, requires_grad=True)
        a.item(); int(a); float(a.detach())
        with torch.no_grad():
            float(a)
        with warnings.catch_warnings(record=True) as seen:
            warnings.simplefilter("always")
            float(torch.tensor([2.0], requires_grad=True))
            float(a * 2)
        print(repr([str(w.message).split(" (Triggered internally at")[0] for w in seen]))
    """
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == repr([SCALAR_OF_GRAD])
