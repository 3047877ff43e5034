"""Fixed cases run against PyTorch to record its answers as golden files.

Run ``python tests/make_golden.py`` (with torch installed) to regenerate
``tests/golden/*.json``: ops.json from the op-case table (``op_cases.py``), edges.json
from ``edge_cases.py``, api.json and fidelity.json from their case modules, and the
printing, error and misc cases below. The tests run the same cases against pyautograd
(and, where torch is importable, against live torch too), so the comparison works on
machines without torch.

Every case is a function of the module ``T`` (``torch`` or ``pyautograd``), so
the exact same code runs on both sides.
"""

from __future__ import annotations

import json
import pathlib
import sys
import warnings

import numpy as np

GOLDEN = pathlib.Path(__file__).resolve().parent / "golden"


# ---------------------------------------------------------------- inputs
def arr(seed: int, shape, domain: str = "any") -> np.ndarray:
    """Deterministic float64 input values, kept away from kinks and poles."""
    rng = np.random.RandomState(seed)
    mag = rng.uniform(0.3, 2.0, size=shape)
    if domain == "pos":
        return mag
    sign = np.where(rng.uniform(size=shape) < 0.5, -1.0, 1.0)
    return sign * mag


# -------------------------------------------------------- printing cases
def _grad_after(T):
    x = T.tensor(2.0, requires_grad=True)
    y = T.tensor(3.0, requires_grad=True)
    (x * y + x**2).backward()
    return x.grad


def _lesson_z(T):
    x = T.tensor(2.0, requires_grad=True)
    y = T.tensor(3.0, requires_grad=True)
    return x * y + x**2


PRINT_CASES = {
    "scalar_int_valued": lambda T: T.tensor(7.0),
    "scalar_frac": lambda T: T.tensor(2.5),
    "scalar_small": lambda T: T.tensor(1e-5),
    "scalar_big": lambda T: T.tensor(123456.0),
    "scalar_huge": lambda T: T.tensor(1e10),
    "scalar_neg": lambda T: T.tensor(-3.25),
    "scalar_neg_zero": lambda T: T.tensor(-0.0),
    "scalar_third": lambda T: T.tensor(1 / 3),
    "scalar_nan": lambda T: T.tensor(float("nan")),
    "scalar_inf": lambda T: T.tensor(float("-inf")),
    "scalar_int": lambda T: T.tensor(5),
    "scalar_requires_grad": lambda T: T.tensor(1.0, requires_grad=True),
    "scalar_grad_fn": _lesson_z,
    "scalar_grad_after_backward": _grad_after,
    "scalar_float64": lambda T: T.tensor(3.0, dtype=T.float64),
    "scalar_float64_rg": lambda T: T.tensor(0.5, dtype=T.float64, requires_grad=True),
    "scalar_float64_grad_fn": lambda T: T.tensor(0.5, dtype=T.float64, requires_grad=True) * 2,
    "vec_sci_seed": lambda T: T.tensor([0.3, 3.0, 3e-4]),
    "vec_sci_seed_b": lambda T: T.tensor([1.2, 16.0, 2e-3]),
    "vec_sci_seed_c": lambda T: T.tensor([1 / 60, 1 / 7, 1.25e-5]),
    "vec_int_mode": lambda T: T.tensor([1.0, 2.0, 3.0]),
    "vec_int_mode_neg": lambda T: T.tensor([-1.0, 20.0, 300.0]),
    "vec_frac": lambda T: T.tensor([1.5, -2.25, 0.125]),
    "vec_pad": lambda T: T.tensor([100.0, 2.5]),
    "vec_thirds": lambda T: T.tensor([1 / 3, 2 / 3, -1 / 3]),
    "vec_sci_big": lambda T: T.tensor([1e8, 1.0]),
    "vec_sci_neg_small": lambda T: T.tensor([-1e-5, 1.0]),
    "vec_sci_int_big": lambda T: T.tensor([1e9, 2.0]),
    "vec_nan_inf": lambda T: T.tensor([float("nan"), float("inf"), -float("inf"), 1.0]),
    "vec_inf_frac": lambda T: T.tensor([float("inf"), 1.5]),
    "vec_nan_only": lambda T: T.tensor([float("nan")]),
    "vec_zeros": lambda T: T.zeros(3),
    "vec_ones_rg": lambda T: T.ones(2, requires_grad=True),
    "vec_ints": lambda T: T.tensor([1, 2, 3]),
    "vec_ints_neg": lambda T: T.tensor([-10, 2, 300]),
    "vec_arange": lambda T: T.arange(5),
    "vec_arange_float": lambda T: T.arange(0.0, 1.0, 0.25),
    "vec_float64": lambda T: T.tensor([1.0, 2.0], dtype=T.float64),
    "vec_float64_frac": lambda T: T.tensor([0.1, 0.25], dtype=T.float64),
    "vec_float64_rg": lambda T: T.tensor([1.0, 2.5], dtype=T.float64, requires_grad=True),
    "vec_grad_fn_sum": lambda T: (T.tensor([1.0, 2.0], requires_grad=True) * 3).sum(),
    "vec_grad_fn_mul": lambda T: T.tensor([1.0, 2.0], requires_grad=True) * 3,
    "vec_grad_fn_sigmoid": lambda T: T.tensor([0.0, 1.0], requires_grad=True).sigmoid(),
    "vec_one_hot_grad": lambda T: T.tensor([[2.0, 0.0, 0.0, 0.0]]),
    "mat_int_mode": lambda T: T.tensor([[1.0, 2.0], [3.0, 4.0]]),
    "mat_frac": lambda T: T.tensor([[0.5, -1.25, 3.0], [10.0, 0.0, -0.75]]),
    "mat_sci": lambda T: T.tensor([[1e-4, 1.0], [2.0, 3e5]]),
    "mat_random": lambda T: T.tensor(arr(3, (3, 4)), dtype=T.float32),
    "mat_float64": lambda T: T.tensor(arr(4, (2, 3)), dtype=T.float64),
    "mat_ints": lambda T: T.tensor([[1, 2], [30, -4]]),
    "mat_rg": lambda T: T.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True),
    "mat_zeros": lambda T: T.zeros(2, 3),
    "mat_empty_rows": lambda T: T.zeros(0, 3),
    "vec_empty": lambda T: T.tensor([]),
    "cube": lambda T: T.arange(12.0).reshape(2, 3, 2),
    "cube_frac": lambda T: T.tensor(arr(5, (2, 2, 3)), dtype=T.float32),
    "four_d": lambda T: T.ones(2, 1, 2, 2),
    "wrap_floats": lambda T: T.arange(30.0) * 1.5,
    "wrap_ints": lambda T: T.arange(100),
    "wrap_mat": lambda T: T.arange(60.0).reshape(3, 20) / 7,
    "wrap_rg": lambda T: T.arange(40.0, requires_grad=True),
    "summarised_vec": lambda T: T.arange(2000.0),
    "summarised_ints": lambda T: T.arange(1500),
    "summarised_mat": lambda T: T.arange(1200.0).reshape(30, 40),
    "summarised_cube": lambda T: T.ones(11, 10, 10),
    "summarised_frac": lambda T: T.arange(1001.0) / 3,
    "exactly_1000": lambda T: T.arange(1000.0),
    "bool_vec": lambda T: T.tensor([True, False]),
    "wrap_float64_rg": lambda T: T.arange(30.0, dtype=T.float64, requires_grad=True),
    "wrap_grad_fn": lambda T: T.arange(30.0, requires_grad=True) * 2,
    "summarised_float64": lambda T: T.arange(2000.0, dtype=T.float64),
    "summarised_rg_grad_fn": lambda T: T.ones(1200, requires_grad=True) / 3,
    "mat_neg_sci": lambda T: T.tensor([[-1e-5, 2.0], [3.0, -4e6]]),
    "vec_big_int_valued": lambda T: T.tensor([123456789.0, 1.0]),
    "vec_small_fracs": lambda T: T.tensor([0.001, 0.01]),
    "vec_precision_edge": lambda T: T.tensor([0.00011, 1.0]),
    "scalar_1e4": lambda T: T.tensor(10000.0),
    "scalar_near_1e5": lambda T: T.tensor(99999.5),
    "scalar_tiny_int_valued": lambda T: T.tensor(1e-8 * 0),
    "col_vec": lambda T: T.tensor([[1.0], [2.5]]),
    "empty_rg": lambda T: T.zeros(0, requires_grad=True),
    "neg_zero_vec": lambda T: T.tensor([-0.0, 0.0]),
    "inf_int_mode": lambda T: T.tensor([float("inf"), 2.0]),
    "nan_frac": lambda T: T.tensor([float("nan"), 0.5, -1.25]),
    "sigmoid_grad_vec": lambda T: (lambda x: (x.sigmoid().sum().backward(), x.grad)[1])(
        T.tensor([0.0, 2.0, -2.0], requires_grad=True)
    ),
    "seed_002_h": lambda T: T.sigmoid(T.tensor(0.5, requires_grad=True) * 1.0 - 0.5),
    "shape": lambda T: T.ones(2, 3).shape,
    "size": lambda T: T.ones(2, 3).size(),
    "dtype32": lambda T: T.ones(1).dtype,
    "dtype64": lambda T: T.ones(1, dtype=T.float64).dtype,
}


def run_print_case(T, name):
    obj = PRINT_CASES[name](T)
    return {"repr": repr(obj), "str": str(obj)}


# ----------------------------------------------------------- error cases
def _backward_twice(T):
    x = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = (x * x).sum()
    y.backward()
    y.backward()


def _backward_twice_exp(T):
    x = T.tensor([1.0, 2.0], requires_grad=True)
    y = x.exp().sum()
    y.backward()
    y.backward()


def _backward_twice_scalar_mul(T):
    x = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = (2 * x).sum()
    y.backward()
    y.backward()


def _backward_twice_add(T):
    x = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = (x + 2).sum()
    y.backward()
    y.backward()
    return x.grad.tolist()


def _grad_twice(T):
    x = T.tensor(2.0, requires_grad=True)
    y = x**3
    T.autograd.grad(y, x)
    T.autograd.grad(y, x)


def _inplace_leaf(op):
    def case(T):
        x = T.tensor([1.0, 2.0], requires_grad=True)
        op(x)

    return case


def _iadd(x):
    x += 1


def _isub(x):
    x -= 1


def _imul(x):
    x *= 2


def _idiv(x):
    x /= 2


def _modified_saved_exp(T):
    a = T.tensor([1.0, 2.0], requires_grad=True)
    e = a.exp()
    e.add_(1)
    e.sum().backward()


def _modified_saved_mul(T):
    a = T.tensor([1.0, 2.0], requires_grad=True)
    b = a * 2
    c = b * b
    b.mul_(3)
    c.sum().backward()


def _modified_saved_iadd(T):
    a = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
    b = a + 0
    c = b.sigmoid()
    b += 1
    d = (c * b).sum()
    c += 1
    d.backward()


def _modified_saved_version2(T):
    w = T.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
    h = w * 1
    y = h @ h
    h.mul_(2)
    h.mul_(3)
    y.sum().backward()


def _nonleaf_grad(T):
    x = T.tensor([1.0, 2.0], requires_grad=True)
    return (x * 2).grad


def _unused(T):
    x = T.tensor(1.0, requires_grad=True)
    u = T.tensor(2.0, requires_grad=True)
    T.autograd.grad(x * 3, [x, u])


def _unused_first(T):
    x = T.tensor(1.0, requires_grad=True)
    u = T.tensor(2.0, requires_grad=True)
    T.autograd.grad(x * 3, (u, x))


def _unused_allowed(T):
    x = T.tensor(1.0, requires_grad=True)
    u = T.tensor(2.0, requires_grad=True)
    gx, gu = T.autograd.grad(x * 3, [x, u], allow_unused=True)
    return [gx.item(), gu]


def _no_grad_backward(T):
    x = T.tensor(1.0, requires_grad=True)
    with T.no_grad():
        y = x * 2
    y.backward()


def _grad_nonscalar(T):
    x = T.tensor([1.0, 2.0], requires_grad=True)
    T.autograd.grad(x * 2, x)


ERROR_CASES = {
    "int_of_2_elements": lambda T: int(T.tensor([1.5, 2.5])),
    "int_of_int_2_elements": lambda T: int(T.tensor([1, 2])),
    "int_of_empty": lambda T: int(T.tensor([])),
    "float_of_4_elements": lambda T: float(T.ones(2, 2)),
    "index_float_tensor": lambda T: T.tensor([1.5, 2.5])[T.tensor([0.0, 1.0])],
    "index_float_0d_tensor": lambda T: T.tensor([1.5, 2.5])[T.tensor(1.0)],
    "index_int16_tensor": lambda T: T.tensor([1.5, 2.5])[T.tensor([0], dtype=T.int16)],
    "index_python_float": lambda T: T.tensor([1.5, 2.5])[1.0],
    "index_python_float_in_tuple": lambda T: T.ones(2, 2)[0, 1.0],
    "setitem_float_tensor": lambda T: T.zeros(3).__setitem__(T.tensor([0.0]), 1.0),
    "mask_shape": lambda T: T.zeros(2, 3, 4)[:, T.tensor([[True, False, True, True]] * 2)],
    "mask_shape_after_int": lambda T: T.zeros(2, 3, 4)[0, T.tensor([True, False])],
    "byte_mask_shape": lambda T: T.zeros(2)[T.tensor([1], dtype=T.uint8)],
    "backward_nonscalar": lambda T: (T.tensor([1.0, 2.0], requires_grad=True) * 2).backward(),
    "backward_nonscalar_2d": lambda T: T.ones(2, 2, requires_grad=True).exp().backward(),
    "backward_twice": _backward_twice,
    "backward_twice_exp": _backward_twice_exp,
    "backward_twice_scalar_mul": _backward_twice_scalar_mul,
    "backward_twice_add_ok": _backward_twice_add,
    "grad_twice": _grad_twice,
    "backward_no_grad": lambda T: T.tensor([1.0, 2.0]).sum().backward(),
    "backward_leaf_no_grad": lambda T: T.tensor(1.0).backward(),
    "backward_under_no_grad": _no_grad_backward,
    "backward_wrong_shape": lambda T: (T.tensor([1.0, 2.0, 3.0], requires_grad=True) * 2).backward(T.ones(2)),
    "backward_wrong_shape_2d": lambda T: T.ones(2, 3, requires_grad=True).exp().backward(T.ones(3, 2)),
    "grad_nonscalar": _grad_nonscalar,
    "nonleaf_grad": _nonleaf_grad,
    "retain_grad_no_rg": lambda T: T.tensor([1.0]).retain_grad(),
    "requires_grad_nonleaf": lambda T: (T.tensor(1.0, requires_grad=True) * 2).requires_grad_(False),
    "requires_grad_int": lambda T: T.tensor([1, 2]).requires_grad_(),
    "tensor_int_requires_grad": lambda T: T.tensor([1, 2], requires_grad=True),
    "numpy_requires_grad": lambda T: T.tensor([1.0], requires_grad=True).numpy(),
    "numpy_nonleaf": lambda T: (T.tensor([1.0], requires_grad=True) * 2).numpy(),
    "item_nonscalar": lambda T: T.tensor([1.0, 2.0, 3.0]).item(),
    "item_empty": lambda T: T.tensor([]).item(),
    "inplace_leaf_add_": _inplace_leaf(lambda x: x.add_(1)),
    "inplace_leaf_sub_": _inplace_leaf(lambda x: x.sub_(1)),
    "inplace_leaf_mul_": _inplace_leaf(lambda x: x.mul_(2)),
    "inplace_leaf_zero_": _inplace_leaf(lambda x: x.zero_()),
    "inplace_leaf_fill_": _inplace_leaf(lambda x: x.fill_(0.0)),
    "inplace_leaf_iadd": _inplace_leaf(_iadd),
    "inplace_leaf_isub": _inplace_leaf(_isub),
    "inplace_leaf_imul": _inplace_leaf(_imul),
    "inplace_leaf_idiv": _inplace_leaf(_idiv),
    "modified_saved_exp": _modified_saved_exp,
    "modified_saved_mul": _modified_saved_mul,
    "modified_saved_iadd": _modified_saved_iadd,
    "modified_saved_version2": _modified_saved_version2,
    "grad_unused": _unused,
    "grad_unused_first": _unused_first,
    "grad_unused_allowed": _unused_allowed,
    "matmul_mm_mismatch": lambda T: T.ones(2, 3) @ T.ones(4, 5),
    "matmul_dot_mismatch": lambda T: T.ones(3) @ T.ones(4),
    "matmul_mv_mismatch": lambda T: T.ones(2, 3) @ T.ones(4),
    "matmul_vm_mismatch": lambda T: T.ones(3) @ T.ones(4, 2),
    "broadcast_add": lambda T: T.ones(2, 3) + T.ones(2, 4),
    "broadcast_mul": lambda T: T.ones(3) * T.ones(4),
    "broadcast_sub_3d": lambda T: T.ones(2, 3, 4) - T.ones(5, 4),
    "view_bad": lambda T: T.ones(2, 3).view(4),
    "reshape_bad": lambda T: T.ones(2, 3).reshape(5, -1),
    "cat_bad": lambda T: T.cat([T.ones(2, 3), T.ones(2, 4)]),
    "stack_bad": lambda T: T.stack([T.ones(3), T.ones(4)]),
    "cat_ndim": lambda T: T.cat([T.ones(2, 3), T.ones(3)]),
    "cat_empty": lambda T: T.cat([]),
    "stack_empty": lambda T: T.stack([]),
    "bool_ambiguous": lambda T: bool(T.ones(2)),
    "float_multi": lambda T: float(T.ones(2)),
    "iter_0d": lambda T: list(T.tensor(1.0)),
    "len_0d": lambda T: len(T.tensor(1.0)),
    "grad_set_type": lambda T: setattr(T.ones(2, requires_grad=True), "grad", [1.0, 2.0]),
    "grad_set_shape": lambda T: setattr(T.ones(2, requires_grad=True), "grad", T.ones(3)),
    "index_out_of_range": lambda T: T.ones(3)[5],
    "index_too_many": lambda T: T.ones(3)[0, 0],
    "sum_dim_out_of_range": lambda T: T.ones(2, 3).sum(dim=2),
    "softmax_dim_out_of_range": lambda T: T.ones(2, 3).softmax(dim=-3),
    "transpose_dim_out_of_range": lambda T: T.ones(2, 3).transpose(0, 2),
    "unsqueeze_dim_out_of_range": lambda T: T.ones(2, 3).unsqueeze(4),
    "mean_int": lambda T: T.tensor([1, 2]).mean(),
    "expand_bad": lambda T: T.ones(2).expand(3),
    "t_3d": lambda T: T.ones(2, 2, 2).t(),
    "view_noncontiguous": lambda T: T.ones(2, 3).T.view(6),
    "matmul_0d": lambda T: T.tensor(1.0) @ T.ones(2),
    "grad_input_no_grad": lambda T: T.autograd.grad((T.ones(2, requires_grad=True) * 2).sum(), T.ones(2)),
    "grad_outputs_shape": lambda T: T.autograd.grad(
        T.ones(2, requires_grad=True) * 2, T.ones(2), grad_outputs=T.ones(3)
    ),
    "permute_bad": lambda T: T.ones(2, 3).permute(0),
    "reshape_two_infer": lambda T: T.ones(2, 3).reshape(-1, -1),
}


def run_error_case(T, name, table=None):
    """Outcome of one misuse: exception type/message, warnings, or the value."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = (ERROR_CASES if table is None else table)[name](T)
        except Exception as e:  # noqa: BLE001 - we record whatever is raised
            result = {"error": type(e).__name__, "message": str(e)}
        else:
            result = {"error": None, "value": value}
    result["warnings"] = [[w.category.__name__, str(w.message)] for w in caught]
    return result


# ------------------------------------------------------------ misc cases
# Values (and printed forms) of everyday expressions outside the op table:
# function/method forms, (values, indices), extreme inputs, dtype rules, protocols.
def _setitem(T):
    x = T.zeros(4)
    x[1] = 5.0
    x[[0, 3]] = T.tensor([1.0, 2.0])
    x[x > 3] = -1.0
    return x.tolist()


def _setitem_grad(T):
    a = T.tensor([1.0, 2.0, 3.0], requires_grad=True)
    y = a * 2
    y[0] = 0.0
    (y * y).sum().backward()
    return [y.tolist(), a.grad.tolist()]


def _clone_grad(T):
    a = T.tensor([1.0, 2.0], requires_grad=True)
    c = a.clone()
    (c * a).sum().backward()
    return [c.grad_fn.name(), a.grad.tolist()]


def _max_min_dim(T):
    x = T.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
    v, i = x.max(dim=1)
    m = T.min(x, 0)
    return [v.tolist(), i.tolist(), m.values.tolist(), m.indices.tolist(), repr(i)]


def _max_dim_grad(T):
    x = T.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True)
    x.max(dim=0).values.sum().backward()
    return x.grad.tolist()


def _set_grad_enabled_ctx(T):
    x = T.tensor([1.0], requires_grad=True)
    with T.set_grad_enabled(False):
        off = repr(x * 2)
    with T.set_grad_enabled(True):
        on = repr(x * 2)
    return [off, on, T.is_grad_enabled()]


def _iterate(T):
    return [repr(r) for r in T.tensor([[1.0, 2.0], [3.0, 4.0]])]


def _orthogonal_init(T):
    """Seeded orthogonal_ (tall, wide, 3-D) and the generator's state afterwards; in float64,
    where both QRs agree to 1e-16 (float32: tests/nn/test_lazy_and_init_vs_torch.py)."""
    T.manual_seed(7)
    out = []
    for shape, gain in (((4, 3), 1.0), ((2, 5), 2.0), ((3, 2, 2), 0.5)):
        out.append(T.nn.init.orthogonal_(T.empty(*shape, dtype=T.float64), gain).flatten().tolist())
    g = T.Generator().manual_seed(1)
    out.append(T.nn.init.orthogonal_(T.empty(3, 3, dtype=T.float64), generator=g).flatten().tolist())
    out.append(T.rand(2).tolist())
    return out


def _lazy_linear(T):
    """LazyLinear before and after its first call: printed forms, in_features, the seeded
    weights, and an optimizer made before the call still training the same parameters."""
    T.manual_seed(4)
    m = T.nn.LazyLinear(2)
    before = [repr(m), repr(m.weight), type(m.weight).__name__, m.in_features, len(list(m.parameters()))]
    opt = T.optim.SGD(m.parameters(), lr=0.5)
    y = m(T.ones(3, 4))
    y.sum().backward()
    opt.step()
    after = [repr(m), type(m).__name__, type(m.weight).__name__, m.in_features, list(m.weight.shape)]
    return before + after + [m.weight.flatten().tolist(), m.bias.tolist()]


MISC_CASES = {
    "sub_method": lambda T: T.tensor([5.0, 3.0]).sub(T.tensor([1.0, 4.0])).tolist(),
    "div_method": lambda T: T.tensor([5.0, 3.0]).div(2).tolist(),
    "pow_method": lambda T: T.tensor([2.0, 3.0]).pow(2).tolist(),
    "neg_method": lambda T: T.tensor([2.0, -3.0]).neg().tolist(),
    "matmul_fn_vec": lambda T: T.matmul(T.tensor([1.0, 2.0]), T.tensor([[1.0], [2.0]])).tolist(),
    "transpose_method_neg": lambda T: T.ones(2, 3, 4).transpose(-1, 0).shape == (4, 3, 2),
    "permute_tuple": lambda T: list(T.ones(2, 3, 4).permute((2, 0, 1)).shape),
    "squeeze_noop": lambda T: list(T.ones(2, 3).squeeze(0).shape),
    "unsqueeze_end": lambda T: list(T.ones(2, 3).unsqueeze(2).shape),
    "flatten_start": lambda T: list(T.ones(2, 3, 4).flatten(1).shape),
    "view_row_slice": lambda T: list(T.arange(6.0).reshape(2, 3)[1].view(3, 1).shape),
    "view_expanded": lambda T: list(T.ones(3).expand(2, 3).view(2, 3, 1).shape),
    "view_transposed_back": lambda T: T.arange(6.0).reshape(2, 3).T.T.view(6).tolist(),
    "reshape_transposed": lambda T: T.arange(6.0).reshape(2, 3).T.reshape(6).tolist(),
    "view_size_tuple": lambda T: list(T.ones(2, 3).view((3, 2)).shape),
    "max_min_dim": _max_min_dim,
    "max_dim_grad": _max_dim_grad,
    "max_tie_grad": lambda T: (lambda x: (x.max().backward(), x.grad.tolist())[1])(
        T.tensor([1.0, 3.0, 3.0], requires_grad=True)
    ),
    "relu_at_zero_grad": lambda T: (lambda x: (x.relu().sum().backward(), x.grad.tolist())[1])(
        T.tensor([-1.0, 0.0, 2.0], requires_grad=True)
    ),
    "abs_at_zero_grad": lambda T: (lambda x: (x.abs().sum().backward(), x.grad.tolist())[1])(
        T.tensor([-1.0, 0.0, 2.0], requires_grad=True)
    ),
    "clamp_at_bound_grad": lambda T: (lambda x: (x.clamp(0.0, 1.0).sum().backward(), x.grad.tolist())[1])(
        T.tensor([0.0, 0.5, 1.0, 2.0], requires_grad=True)
    ),
    "softmax_large": lambda T: T.tensor([1000.0, 1001.0, 1002.0]).softmax(0).tolist(),
    "log_softmax_large": lambda T: T.tensor([1000.0, 1001.0, -1000.0]).log_softmax(0).tolist(),
    "sigmoid_extreme": lambda T: T.tensor([-1000.0, 0.0, 1000.0]).sigmoid().tolist(),
    "tanh_extreme": lambda T: T.tensor([-1000.0, 1000.0]).tanh().tolist(),
    "log_zero_neg": lambda T: repr(T.tensor([0.0, -1.0, 1.0]).log()),
    "sqrt_neg": lambda T: repr(T.tensor([-1.0, 4.0]).sqrt()),
    "div_zero": lambda T: repr(T.tensor([1.0, -1.0, 0.0]) / 0),
    "exp_overflow": lambda T: repr(T.tensor([100.0, 1000.0]).exp()),
    "pow_neg_frac": lambda T: repr(T.tensor([-8.0, 8.0]) ** (1 / 3)),
    "log_zero_grad": lambda T: (lambda x: (x.log().sum().backward(), repr(x.grad))[1])(
        T.tensor([0.0, 2.0], requires_grad=True)
    ),
    "sqrt_zero_grad": lambda T: (lambda x: (x.sqrt().sum().backward(), repr(x.grad))[1])(
        T.tensor([0.0, 4.0], requires_grad=True)
    ),
    "int_true_div": lambda T: repr(T.tensor([1, 2]) / 2),
    "int_times_float": lambda T: repr(T.arange(3) * 2.5),
    "int_sum": lambda T: repr(T.tensor([1, 2, 3]).sum()),
    "int_plus_float_tensor": lambda T: repr(T.tensor([1, 2]) + T.tensor([0.5, 0.5])),
    "float32_plus_float64": lambda T: repr(T.tensor([1.0]) + T.tensor([0.5], dtype=T.float64)),
    "float32_times_0d_float64": lambda T: repr(T.tensor([1.0]) * T.tensor(0.5, dtype=T.float64)),
    "compare_gt": lambda T: repr(T.tensor([1.0, -2.0, 3.0]) > 0),
    "compare_eq_scalar": lambda T: repr(T.tensor(2.0) == 2.0),
    "mask_from_compare": lambda T: T.tensor([1.0, -2.0, 3.0])[T.tensor([1.0, -2.0, 3.0]) > 0].tolist(),
    "setitem": _setitem,
    "setitem_grad": _setitem_grad,
    "clone_grad": _clone_grad,
    "iterate_rows": _iterate,
    "len_2d": lambda T: len(T.ones(3, 2)),
    "float_of_0d": lambda T: float(T.tensor(2.5)),
    "item_float32": lambda T: T.tensor(0.1).item(),
    "item_int": lambda T: T.tensor([7]).item(),
    "tolist_0d": lambda T: T.tensor(3.5).tolist(),
    "format_spec": lambda T: f"{T.tensor(2.5):.3f}",
    "fstring": lambda T: f"{T.tensor([1.0, 2.0])}",
    "numpy_dtype": lambda T: str(T.tensor([1.0]).numpy().dtype),
    "numpy_dtype64": lambda T: str(T.tensor([1.0], dtype=T.float64).numpy().dtype),
    "size_dim": lambda T: [T.ones(2, 3).size(1), T.ones(2, 3).size(-1), T.ones(2, 3).shape[-1]],
    "T_1d": lambda T: T.tensor([1.0, 2.0]).T.tolist(),
    "grad_after_create_graph": lambda T: (
        lambda x: ((x**3).backward(create_graph=True), [x.grad.item(), x.grad.requires_grad])[1]
    )(T.tensor(2.0, requires_grad=True)),
    "detach_repr": lambda T: repr((T.tensor([1.0], requires_grad=True) * 2).detach()),
    "maximum_grad": lambda T: (
        lambda a, b: (T.max(a, b).sum().backward(), [a.grad.tolist(), b.grad.tolist()])[1]
    )(T.tensor([1.0, 5.0, 2.0], requires_grad=True), T.tensor([3.0, 4.0, 2.0], requires_grad=True)),
    "minimum_fn": lambda T: T.min(T.tensor([1.0, 5.0]), T.tensor([3.0, 4.0])).tolist(),
    "argmax_argmin": lambda T: [
        T.tensor([[1.0, 9.0], [7.0, 2.0]]).argmax().item(),
        T.tensor([[1.0, 9.0], [7.0, 2.0]]).argmin(dim=1).tolist(),
    ],
    "amax": lambda T: T.amax(T.tensor([[1.0, 9.0], [7.0, 2.0]]), dim=0).tolist(),
    "pow_zero_grad": lambda T: (lambda x: ((x**0).sum().backward(), x.grad.tolist())[1])(
        T.tensor([2.0, 3.0], requires_grad=True)
    ),
    "expand_grad": lambda T: (
        lambda x: (
            (x.expand(3, 2) * T.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])).sum().backward(),
            x.grad.tolist(),
        )[1]
    )(T.tensor([[1.0, 1.0]], requires_grad=True)),
    "expand_as": lambda T: list(T.ones(1, 3).expand_as(T.ones(2, 3)).shape),
    "to_float64_grad": lambda T: (lambda x: (x.to(T.float64).sum().backward(), repr(x.grad))[1])(
        T.tensor([1.0, 2.0], requires_grad=True)
    ),
    "double_repr": lambda T: repr(T.tensor([1.0], requires_grad=True).double()),
    "type_name": lambda T: T.tensor([1.0]).type(),
    "type_name64": lambda T: T.tensor([1.0], dtype=T.float64).type(),
    "detach_inplace": lambda T: (lambda y: (y.detach_(), [y.requires_grad, y.is_leaf, y.grad_fn is None])[1])(
        T.tensor([1.0], requires_grad=True) * 2
    ),
    "int_of_0d": lambda T: int(T.tensor(3.7)),
    "index_with_0d_int_tensor": lambda T: T.tensor([10.0, 20.0, 30.0])[T.tensor(2)].item(),
    "bool_of_0d": lambda T: [bool(T.tensor(0.0)), bool(T.tensor([2.0]))],
    "deepcopy": lambda T: (lambda c: [repr(c), c.is_leaf])(
        __import__("copy").deepcopy(T.tensor([1.0, 2.0], requires_grad=True))
    ),
    "set_grad_enabled_ctx": lambda T: _set_grad_enabled_ctx(T),
    "setitem_slice_broadcast": lambda T: (
        lambda x: (x.__setitem__((slice(None), 0), T.tensor([7.0, 8.0])), x.tolist())[1]
    )(T.zeros(2, 2)),
    "where_scalar": lambda T: T.where(T.tensor([True, False]), T.tensor([1.0, 2.0]), 0.0).tolist(),
    "clamp_fn_min_only_grad": lambda T: (
        lambda x: (T.clamp(x, min=0.5).sum().backward(), x.grad.tolist())[1]
    )(T.tensor([0.0, 1.0], requires_grad=True)),
    "index_list_of_floats": lambda T: (lambda x: [x[[-0.5, 1.9, 3.99]].tolist(), x[[1, 2.5]].tolist()])(
        T.arange(5.0)
    ),
    "setitem_list_of_floats": lambda T: (lambda x: (x.__setitem__([0.7, 2.2], 9.0), x.tolist())[1])(
        T.arange(5.0)
    ),
    "orthogonal_init": lambda T: _orthogonal_init(T),
    "lazy_linear": lambda T: _lazy_linear(T),
    "no_grad_repr": lambda T: (lambda x: [repr(x * 2) for _ in [0] if T.set_grad_enabled(False) or True][0])(
        T.tensor([1.0], requires_grad=True)
    ),
}


def run_misc_case(T, name, table=None):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return {"value": (MISC_CASES if table is None else table)[name](T)}
    finally:
        T.set_grad_enabled(True)


def api_table(torch):
    """PyTorch's answers to the cases of ``api_cases.py`` (the API outside code uses)."""
    import api_cases

    return {
        "values": {n: run_misc_case(torch, n, api_cases.VALUES) for n in api_cases.VALUES},
        "errors": {n: run_error_case(torch, n, api_cases.ERRORS) for n in api_cases.ERRORS},
    }


def fidelity_table(torch):
    """PyTorch's answers to ``fidelity_cases.py`` (printed forms, warnings, errors)."""
    import fidelity_cases

    return {
        "values": {n: run_misc_case(torch, n, fidelity_cases.VALUES) for n in fidelity_cases.VALUES},
        "errors": {n: run_error_case(torch, n, fidelity_cases.ERRORS) for n in fidelity_cases.ERRORS},
    }


def edge_table(torch):
    """PyTorch's answers to ``edge_cases.py`` (every declared element-wise op at the edges)."""
    import edge_cases

    return {
        f"{n}/{d}": edge_cases.run_edge_case(torch, n, d) for n in edge_cases.OPS for d in edge_cases.DTYPES
    }


def main() -> None:
    import op_cases
    import torch

    torch.set_default_dtype(torch.float32)
    GOLDEN.mkdir(exist_ok=True)
    tables = {
        "ops": {n: op_cases.run_op_case(torch, n) for n in op_cases.BY_NAME},
        "printing": {n: run_print_case(torch, n) for n in PRINT_CASES},
        "errors": {n: run_error_case(torch, n) for n in ERROR_CASES},
        "misc": {n: run_misc_case(torch, n) for n in MISC_CASES},
        "api": api_table(torch),
        "fidelity": fidelity_table(torch),
        "edges": edge_table(torch),
    }
    for fname, data in tables.items():
        payload = {"torch_version": torch.__version__, "cases": data}
        (GOLDEN / f"{fname}.json").write_text(
            json.dumps(payload, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        )
        print(f"wrote {GOLDEN / (fname + '.json')}: {len(data)} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
