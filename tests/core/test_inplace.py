"""In-place ops, their two errors, and the version counter."""

import numpy as np
import pytest

import pyautograd as T

LEAF_MSG = "a leaf Variable that requires grad is being used in an in-place operation."
MODIFIED_PREFIX = (
    "one of the variables needed for gradient computation has been modified by an inplace operation: "
)


@pytest.mark.parametrize(
    "op, expect",
    [
        (lambda t: t.add_(2), [3.0, 4.0]),
        (lambda t: t.add_(T.tensor([1.0, -1.0])), [2.0, 1.0]),
        (lambda t: t.sub_(0.5), [0.5, 1.5]),
        (lambda t: t.mul_(3), [3.0, 6.0]),
        (lambda t: t.mul_(T.tensor([2.0, 0.5])), [2.0, 1.0]),
        (lambda t: t.zero_(), [0.0, 0.0]),
        (lambda t: t.fill_(7), [7.0, 7.0]),
    ],
)
def test_inplace_methods_modify_and_return_self(op, expect):
    t = T.tensor([1.0, 2.0])
    r = op(t)
    assert r is t
    assert t.tolist() == expect


def test_inplace_operators_keep_identity():
    t = T.tensor([1.0, 2.0])
    before = t
    t += 1
    t -= 0.5
    t *= 4
    t /= 2
    assert t is before
    assert t.tolist() == [3.0, 5.0]


def test_inplace_broadcasts_other_but_not_self():
    t = T.zeros(2, 3)
    t.add_(T.tensor([1.0, 2.0, 3.0]))
    assert t.tolist() == [[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]
    with pytest.raises(RuntimeError):
        T.zeros(3).add_(T.ones(2, 3))  # the result would not fit in self


def test_inplace_keeps_dtype():
    t = T.tensor([1.0, 2.0])
    t.mul_(T.tensor([2.0, 2.0], dtype=T.float64))
    assert t.dtype == T.float32


@pytest.mark.parametrize(
    "op",
    [
        lambda t: t.add_(1),
        lambda t: t.sub_(1),
        lambda t: t.mul_(2),
        lambda t: t.zero_(),
        lambda t: t.fill_(0.0),
    ],
)
def test_inplace_on_leaf_requiring_grad_raises_and_changes_nothing(op):
    x = T.tensor([1.0, 2.0], requires_grad=True)
    with pytest.raises(RuntimeError) as e:
        op(x)
    assert str(e.value) == LEAF_MSG
    assert x.tolist() == [1.0, 2.0]


def test_inplace_on_leaf_allowed_under_no_grad():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    with T.no_grad():
        x.add_(1)
        x *= 2
        x.zero_()
        x.fill_(3.0)
    assert x.tolist() == [3.0, 3.0] and x.is_leaf and x.requires_grad and x.grad_fn is None


def test_inplace_on_non_leaf_is_recorded():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    y = x * 2
    y.add_(1)
    assert not y.is_leaf and y.grad_fn.name() == "AddBackward0"
    y.mul_(x)  # y = (2x + 1) * x
    assert y.grad_fn.name() == "MulBackward0"
    y.sum().backward()
    assert x.grad.tolist() == [5.0, 9.0]  # 4x + 1


def test_inplace_on_tensor_without_grad_with_grad_argument_starts_tracking():
    """Like torch: t.add_(x) with x requiring grad makes t part of the graph."""
    x = T.tensor([1.0, 2.0], requires_grad=True)
    t = T.zeros(2)
    t.add_(x * 3)
    assert t.requires_grad and not t.is_leaf
    t.sum().backward()
    assert x.grad.tolist() == [3.0, 3.0]


def test_iadd_on_non_leaf_gradient():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    y = x.exp()
    z = y * 1
    z += 2
    z.sum().backward()
    np.testing.assert_allclose(x.grad.tolist(), np.exp([1.0, 2.0]), rtol=1e-6)


def test_version_counter_counts_inplace_ops_like_torch():
    t = T.tensor([1.0, 2.0])
    assert t._version == 0
    t.add_(1)
    assert t._version == 1
    t *= 2
    t.zero_()
    assert t._version == 3
    _ = t + 1  # out-of-place ops do not bump it
    assert t._version == 3


def test_version_shared_with_detach_and_data():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    y = x * 1
    d = y.detach()
    d.add_(1)
    assert y._version == 1


@pytest.mark.parametrize(
    "modify",
    [
        lambda t: t.add_(1),
        lambda t: t.mul_(2),
        lambda t: t.zero_(),
        lambda t: t.fill_(1.0),
        lambda t: t.sub_(1),
    ],
)
def test_modifying_saved_output_is_detected(modify):
    a = T.tensor([1.0, 2.0], requires_grad=True)
    e = a.exp()  # ExpBackward0 saves its output
    y = e.sum()
    modify(e)
    with pytest.raises(RuntimeError) as err:
        y.backward()
    msg = str(err.value)
    assert msg.startswith(MODIFIED_PREFIX)
    assert "[2]" in msg and "is at version 1; expected version 0 instead." in msg


def test_modifying_saved_input_is_detected():
    a = T.tensor([1.0, 2.0], requires_grad=True)
    b = a * 1
    y = (b * b).sum()  # MulBackward0 saves b
    b.add_(1)
    b.add_(1)
    with pytest.raises(RuntimeError) as err:
        y.backward()
    assert "is at version 2; expected version 0 instead." in str(err.value)


def test_modifying_through_detach_is_detected():
    a = T.tensor([1.0, 2.0], requires_grad=True)
    s = a.sigmoid()
    y = s.sum()
    s.detach().zero_()  # shares storage and version with s
    with pytest.raises(RuntimeError) as err:
        y.backward()
    assert str(err.value).startswith(MODIFIED_PREFIX)


def test_modifying_unsaved_tensor_is_fine():
    a = T.tensor([1.0, 2.0], requires_grad=True)
    b = a * 1
    y = (b + 3).sum()  # AddBackward0 saves nothing
    b.mul_(10)
    y.backward()
    assert a.grad.tolist() == [1.0, 1.0]


def test_modifying_after_backward_is_fine():
    a = T.tensor([1.0, 2.0], requires_grad=True)
    e = a.exp()
    e.sum().backward()
    e.add_(1)
    np.testing.assert_allclose(a.grad.tolist(), np.exp([1.0, 2.0]), rtol=1e-6)


def test_grad_zero_is_inplace_and_allowed():
    x = T.tensor([1.0, 2.0], requires_grad=True)
    (x * 3).sum().backward()
    g = x.grad
    g.zero_()
    assert x.grad is g and g.tolist() == [0.0, 0.0]


def test_inplace_on_a_view_of_a_non_leaf_rewrites_the_base():
    """A write into a view changes the base, so the base's gradient must see it: PyTorch gives
    [5, 1] here (CopySlices), recording the op on the view alone would give [1, 1]."""
    x = T.tensor([1.0, 2.0], requires_grad=True)
    y = x * 1
    y[0].mul_(5)
    assert y.grad_fn.name() == "pyautograd::autograd::CopySlices"
    y.sum().backward()
    assert x.grad.tolist() == [5.0, 1.0]
    with T.no_grad():  # outside the graph only the memory changes
        y[0].add_(1)
    assert y.tolist() == [6.0, 2.0]
