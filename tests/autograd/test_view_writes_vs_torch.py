"""In-place writes through views inside the graph, compared with PyTorch: the base's history
becomes CopySlices, views read from it again (AsStridedBackward0), and the errors PyTorch
raises (and only those) are raised, with its wording."""

import pytest

import pyautograd

torch = pytest.importorskip("torch")


def _names(*tensors):
    return [None if t.grad_fn is None else t.grad_fn.name() for t in tensors]


def _grads(*tensors):
    return [None if t.grad is None else t.grad.tolist() for t in tensors]


def slice_of_non_leaf(L):
    x = L.tensor([1.0, 2, 3, 4], requires_grad=True)
    y = L.tensor([10.0, 20], requires_grad=True)
    a = x * 2
    v = a[1:3]
    v += y
    names = _names(a, v)
    (a * a).sum().backward()
    return names, _grads(x, y), a.tolist()


def augmented_setitem(L):
    x = L.tensor([1.0, 2, 3, 4], requires_grad=True)
    y = L.tensor([10.0, 20], requires_grad=True)
    a = x * 2
    a[1:3] += y
    names = _names(a)
    (a * a).sum().backward()
    return names, _grads(x, y), a._version


def index_tensor_setitem(L):
    x = L.tensor([1.0, 2, 3, 4], requires_grad=True)
    y = L.tensor([10.0, 20], requires_grad=True)
    a = x * 2
    a[L.tensor([0, 0])] += y
    names = _names(a)
    (a * a).sum().backward()
    return names, _grads(x, y)


def method_on_a_row(L):
    x = L.tensor([[1.0, 2], [3, 4]], requires_grad=True)
    a = x * 2
    a[0].mul_(3)
    names = _names(a)
    (a * a).sum().backward()
    return names, _grads(x)


def assign_a_column(L):
    x = L.tensor([[1.0, 2], [3, 4]], requires_grad=True)
    b = L.tensor([7.0, 8], requires_grad=True)
    a = x * 2
    a[:, 1] = b
    names = _names(a)
    (a * a).sum().backward()
    return names, _grads(x, b)


def assign_a_number(L):
    x = L.tensor([1.0, 2, 3], requires_grad=True)
    a = x * 3
    a[1] = 0
    names = _names(a)
    a.sum().backward()
    return names, _grads(x)


def other_views_read_the_new_history(L):
    x = L.tensor([1.0, 2, 3, 4], requires_grad=True)
    y = L.tensor([10.0, 20], requires_grad=True)
    a = x * 2
    w = a[0:2]
    v = a[1:3]
    v += y
    names = _names(w, v)
    (w * w).sum().backward()
    return names, _grads(x, y)


def views_after_base_in_place(L):
    x = L.tensor([1.0, 2, 3], requires_grad=True)
    a = x * 1
    v = a[0:2]
    a.mul_(2)
    names = _names(v)
    v.sum().backward()
    return names, _grads(x)


def base_without_grad(L):
    y = L.tensor([10.0, 20], requires_grad=True)
    a = L.zeros(4)
    v = a[1:3]
    w = a[2:]
    v += y
    names = _names(a, v, w)
    (a * a).sum().backward()
    return names, _grads(y), a.is_leaf, w.requires_grad


def view_of_a_view(L):
    x = L.tensor([[1.0, 2], [3, 4]], requires_grad=True)
    a = x * 1
    t = a.t()
    t[0].mul_(5)
    names = _names(a, t)
    (a * a).sum().backward()
    return names, _grads(x)


def reshaped_view(L):
    x = L.tensor([1.0, 2, 3, 4], requires_grad=True)
    a = x * 1
    a.view(2, 2)[1].zero_()
    a.sum().backward()
    return _names(a), _grads(x)


def embedding_gradient_loop(L):
    """backprop-ninja's ``dC[ix] += demb[k, j]``."""
    C = L.tensor([[1.0, 2], [3, 4], [5, 6]], requires_grad=True)
    emb = L.tensor([[[1.0, 1]], [[2, 2]]], requires_grad=True)
    d = C * 0
    for k, ix in enumerate([0, 0]):
        d[ix] += emb[k, 0]
    names = _names(d)
    (d * C).sum().backward()
    return names, _grads(C, emb), d.tolist()


def second_order_through_copyslices(L):
    x = L.tensor([1.0, 2, 3], requires_grad=True)
    a = x * x
    v = a[1:3]
    a[0:1] *= a[1:2]
    loss = a.sum() + (v * v * v).sum()  # v now reads a's new history (AsStridedBackward0)
    (g,) = L.autograd.grad(loss, x, create_graph=True)
    (gg,) = L.autograd.grad(g.sum(), x)
    return g.tolist(), gg.tolist()


def saved_output_written_through_view(L):
    x = L.tensor([1.0, 2, 3], requires_grad=True)
    a = x.exp()
    a[0].mul_(2)
    a.sum().backward()


def saved_input_written_through_view(L):
    x = L.tensor([1.0, 2, 3], requires_grad=True)
    a = x * 1
    b = a * a
    a[0] += 1
    b.sum().backward()


def saved_view_then_base_changed(L):
    x = L.tensor([1.0, 2, 3], requires_grad=True)
    a = x * 1
    b = a[0:2] * 3  # saves nothing of a
    a.mul_(2)
    b.sum().backward()
    return _grads(x)


def view_of_leaf(L):
    x = L.tensor([1.0, 2, 3], requires_grad=True)
    x[0:2].mul_(2)


def view_made_under_no_grad(L):
    x = L.tensor([1.0, 2, 3], requires_grad=True)
    a = x * 3
    with L.no_grad():
        v = a[0:2]
    v.add_(1)


def view_and_write_under_no_grad(L):
    x = L.tensor([1.0, 2, 3], requires_grad=True)
    a = x * 3
    with L.no_grad():
        a[0:2].add_(1)
    a.sum().backward()
    return _names(a), _grads(x), a.tolist()


def expanded_view(L):
    a = L.tensor([1.0, 2, 3], requires_grad=True) * 1
    a.expand(2, 3).add_(1)


def row_of_expanded_view(L):
    x = L.tensor([1.0, 2, 3], requires_grad=True)
    a = x * 1
    a.expand(2, 3)[0].add_(1)
    (a * a).sum().backward()
    return _names(a), _grads(x)


def split_piece(L):
    (L.tensor([1.0, 2, 3, 4], requires_grad=True) * 1).split(2)[1].mul_(2)


def split_with_sizes_piece(L):
    (L.tensor([1.0, 2, 3, 4], requires_grad=True) * 1).split([1, 3])[1].mul_(2)


def chunk_piece(L):
    (L.tensor([1.0, 2, 3, 4], requires_grad=True) * 1).chunk(2)[0].mul_(2)


def unbind_piece(L):
    (L.tensor([1.0, 2, 3, 4], requires_grad=True) * 1).unbind()[1].mul_(2)


def narrow_and_tensor_split(L):
    x = L.tensor([1.0, 2, 3, 4], requires_grad=True)
    a = x * 1
    a.narrow(0, 1, 2).mul_(2)
    a.tensor_split(2)[1].mul_(3)
    a.sum().backward()
    return _names(a), _grads(x)


def pieces_outside_the_graph(L):
    a = L.zeros(4)
    a.unbind()[1].add_(1)
    a.split(2)[1].add_(2)
    return a.tolist()


CASES = [
    slice_of_non_leaf,
    augmented_setitem,
    index_tensor_setitem,
    method_on_a_row,
    assign_a_column,
    assign_a_number,
    other_views_read_the_new_history,
    views_after_base_in_place,
    base_without_grad,
    view_of_a_view,
    reshaped_view,
    embedding_gradient_loop,
    second_order_through_copyslices,
    saved_output_written_through_view,
    saved_input_written_through_view,
    saved_view_then_base_changed,
    view_of_leaf,
    view_made_under_no_grad,
    view_and_write_under_no_grad,
    expanded_view,
    row_of_expanded_view,
    split_piece,
    split_with_sizes_piece,
    chunk_piece,
    unbind_piece,
    narrow_and_tensor_split,
    pieces_outside_the_graph,
]


def outcome(case, L):
    """What a case gives: its result, or the exception's type and message in PyTorch's words."""
    try:
        return "ok", case(L)
    except Exception as e:  # the error is the answer to compare
        message = str(e).replace("pyautograd::", "torch::").replace("pyautograd.", "torch.")
        return type(e).__name__, message


def as_torch_words(value):
    if isinstance(value, str):
        return value.replace("pyautograd::", "torch::")
    if isinstance(value, (list, tuple)):
        return [as_torch_words(v) for v in value]
    if isinstance(value, float):
        return round(value, 4)
    return value


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.__name__)
def test_like_torch(case):
    torch.set_default_dtype(torch.float32)
    assert as_torch_words(outcome(case, pyautograd)) == as_torch_words(outcome(case, torch))


def test_copyslices_gradient_by_hand():
    """The numbers themselves, without PyTorch: a = 2x, a[1:3] += y, loss = sum(a^2)."""
    (names, (gx, gy), value) = slice_of_non_leaf(pyautograd)
    assert names == ["pyautograd::autograd::CopySlices", "AsStridedBackward0"]
    assert value == [2.0, 14.0, 26.0, 8.0]
    assert gx == [8.0, 56.0, 104.0, 32.0]  # 2 * 2a
    assert gy == [28.0, 52.0]  # 2a at the written positions
