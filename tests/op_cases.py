"""Every differentiable op of the engine as a small function of float64 tensors, with inputs:
the one op-case table.

Each case: ``(name, fn(L, *xs), shapes)``; ``L`` is pyautograd or torch, so the same function
runs on both. It feeds gradcheck and gradgradcheck (tests/autograd/test_gradcheck.py), forward
mode (test_forward_ad.py), first and second order against live PyTorch
(test_ops_second_order_vs_torch.py), and PyTorch's recorded answers (``make_golden.py`` writes
golden/ops.json from it; test_ops_golden.py compares, also without torch). An input shape
wrapped in ``pos(...)`` gets positive values (log, sqrt, a divisor); the others are kept away
from the points where an op is not differentiable (abs at 0, relu at 0, ties of max...).
"""

import numpy as np


class pos(tuple):  # noqa: N801  (reads as a marker in the table: pos((2, 3)))
    """An input shape whose values are positive."""


CASES = [
    ("add", lambda L, a, b: a + b, [(2, 3), (3,)]),
    ("add_scalar", lambda L, a: a + 2.5, [(3,)]),
    ("sub", lambda L, a, b: a - b, [(2, 3), (2, 1)]),
    ("rsub", lambda L, a: 1.5 - a, [(3,)]),
    ("mul", lambda L, a, b: a * b, [(2, 3), (3,)]),
    ("div", lambda L, a, b: a / (b * b + 1), [(2, 3), (2, 3)]),
    ("rdiv_reciprocal", lambda L, a: 2.0 / (a * a + 1), [(4,)]),
    ("pow_number", lambda L, a: (a * a + 1) ** 1.5, [(3,)]),
    ("pow_tensor", lambda L, a, b: (a * a + 1) ** b, [(3,), (3,)]),
    ("rpow", lambda L, a: 2.0**a, [(3,)]),
    ("neg", lambda L, a: -a, [(3,)]),
    ("exp", lambda L, a: L.exp(a), [(2, 2)]),
    ("log", lambda L, a: L.log(a * a + 1), [(3,)]),
    ("sqrt", lambda L, a: L.sqrt(a * a + 1), [(3,)]),
    ("abs", lambda L, a: L.abs(a), [(4,)]),
    ("sin", lambda L, a: L.sin(a), [(3,)]),
    ("cos", lambda L, a: L.cos(a), [(3,)]),
    ("tanh", lambda L, a: L.tanh(a), [(3,)]),
    ("sigmoid", lambda L, a: L.sigmoid(a), [(3,)]),
    ("relu", lambda L, a: L.relu(a), [(5,)]),
    ("clamp", lambda L, a: L.clamp(a, -0.5, 0.5), [(6,)]),
    ("maximum", lambda L, a, b: L.maximum(a, b), [(4,), (4,)]),
    ("minimum", lambda L, a, b: L.minimum(a, b), [(4,), (2, 4)]),
    ("sum", lambda L, a: a.sum(), [(2, 3)]),
    ("sum_dim", lambda L, a: a.sum(dim=1, keepdim=True), [(2, 3)]),
    ("mean", lambda L, a: a.mean(), [(2, 3)]),
    ("mean_dim", lambda L, a: a.mean(dim=0), [(2, 3)]),
    ("max_all", lambda L, a: a.max(), [(2, 3)]),
    ("max_dim", lambda L, a: a.max(dim=1).values, [(2, 3)]),
    ("min_dim", lambda L, a: a.min(dim=0, keepdim=True).values, [(2, 3)]),
    ("amax_dim", lambda L, a: a.amax(dim=1), [(2, 3)]),
    ("amin_all", lambda L, a: L.amin(a), [(2, 3)]),
    ("softmax", lambda L, a: L.softmax(a, dim=1), [(2, 3)]),
    ("log_softmax", lambda L, a: L.log_softmax(a, dim=-1), [(2, 3)]),
    ("reshape", lambda L, a: a.reshape(3, 2), [(2, 3)]),
    ("permute", lambda L, a: a.permute(2, 0, 1), [(2, 3, 2)]),
    ("transpose", lambda L, a: a.transpose(0, 1), [(2, 3)]),
    ("t", lambda L, a: a.t(), [(2, 3)]),
    ("unsqueeze", lambda L, a: a.unsqueeze(1), [(2, 3)]),
    ("squeeze", lambda L, a: a.squeeze(), [(2, 1, 3)]),
    ("expand", lambda L, a: a.expand(2, 3), [(1, 3)]),
    ("clone", lambda L, a: a.clone(), [(3,)]),
    ("to_float32", lambda L, a: (a.float() * 2).double(), [(3,)]),
    ("cat", lambda L, a, b: L.cat([a, b], dim=1), [(2, 2), (2, 3)]),
    ("stack", lambda L, a, b: L.stack([a, b], dim=0), [(2, 3), (2, 3)]),
    ("select", lambda L, a: a[1], [(3, 2)]),
    ("slice", lambda L, a: a[:, 1:], [(3, 3)]),
    ("index_advanced", lambda L, a: a[L.tensor([0, 2, 2])], [(3, 2)]),
    ("where", lambda L, a, b: L.where(a > 0, a, b), [(4,), (4,)]),
    ("matmul_mm", lambda L, a, b: a @ b, [(2, 3), (3, 4)]),
    ("matmul_mv", lambda L, a, b: a @ b, [(2, 3), (3,)]),
    ("matmul_dot", lambda L, a, b: a @ b, [(3,), (3,)]),
    ("matmul_batched", lambda L, a, b: a @ b, [(2, 2, 3), (3, 2)]),
    ("setitem", lambda L, a, b: _setitem(a, b), [(4,), (2,)]),
    # the API outside teaching code uses (api_cases.py compares values with PyTorch)
    ("floor", lambda L, a: (a * 3).floor() * a, [(4,)]),
    ("sign", lambda L, a: a.sign() * a * a, [(4,)]),
    ("remainder", lambda L, a, b: a % (b * b + 1), [(4,), (4,)]),
    ("remainder_scalar", lambda L, a: (a * a) % 0.7, [(4,)]),
    ("fmod", lambda L, a, b: L.fmod(a, b * b + 1), [(4,), (4,)]),
    ("atan2", lambda L, a, b: L.atan2(a, b), [(4,), (2, 4)]),
    ("atan2_method_inplace", lambda L, a, b: (a * 1).atan2_(b) * a, [(3,), (3,)]),
    ("hypot", lambda L, a, b: L.hypot(a, b), [(2, 3), (3,)]),
    ("logaddexp", lambda L, a, b: L.logaddexp(a, b), [(4,), (4,)]),
    ("xlogy", lambda L, a, b: L.xlogy(a, b * b + 0.5), [(2, 3), (3,)]),
    ("xlogy_number_other", lambda L, a: L.xlogy(a, 2.5), [(3,)]),
    ("xlogy_number_self", lambda L, a: L.xlogy(3, a * a + 1), [(3,)]),
    ("xlogy_zero", lambda L, a, b: L.xlogy(a * 0, b * b), [(3,), (3,)]),
    ("lerp_number", lambda L, a, b: L.lerp(a, b, 0.3), [(2, 3), (3,)]),
    ("lerp_number_far", lambda L, a, b: a.lerp(b, 0.75), [(3,), (3,)]),
    ("lerp_tensor", lambda L, a, b, w: L.lerp(a, b, w), [(2, 3), (3,), (2, 1)]),
    ("addcmul", lambda L, x, a, b: L.addcmul(x, a, b, value=0.5), [(2, 3), (3,), (2, 1)]),
    ("addcmul_inplace", lambda L, x, a, b: (x * 1).addcmul_(a, b) * x, [(3,), (3,), (3,)]),
    ("addcdiv", lambda L, x, a, b: L.addcdiv(x, a, b * b + 1, value=-2), [(2, 3), (3,), (2, 1)]),
    ("true_divide", lambda L, a, b: L.true_divide(a, b * b + 1), [(3,), (3,)]),
    ("broadcast_to", lambda L, a: L.broadcast_to(a, (2, 3, 4)) * 1, [(3, 1)]),
    ("expand_as", lambda L, a, b: a.expand_as(b) * b, [(3, 1), (2, 3, 4)]),
    ("swapaxes", lambda L, a: L.swapaxes(a, 0, 2) * 1, [(2, 3, 4)]),
    ("swapdims_method", lambda L, a: a.swapdims(-1, 0) * 1, [(2, 3)]),
    ("addmm", lambda L, c, a, b: L.addmm(c, a, b), [(3,), (2, 4), (4, 3)]),
    ("addmm_scaled", lambda L, c, a, b: c.addmm(a, b, beta=0.5, alpha=-2), [(2, 1), (2, 4), (4, 3)]),
    ("masked_select", lambda L, a: L.masked_select(a, a > 0) * 2, [(2, 3)]),
    ("masked_select_broadcast", lambda L, a: a.masked_select(L.tensor([True, False, True])), [(2, 1)]),
    ("take_along_dim", lambda L, a: L.take_along_dim(a, L.tensor([[0, 2], [1, 1]]), dim=1), [(2, 3)]),
    ("take_along_dim_broadcast", lambda L, a: a.take_along_dim(L.tensor([[0], [2]]), 0), [(3, 2)]),
    ("take_along_dim_flat", lambda L, a: L.take_along_dim(a, L.tensor([5, 0, 5])), [(2, 3)]),
    ("fmod_scalar", lambda L, a: (a * 3).fmod(0.7), [(4,)]),
    ("fmod_inplace", lambda L, a: (a * 3).fmod_(-0.7) * a, [(4,)]),
    ("nan_to_num", lambda L, a: L.nan_to_num(a * 2, posinf=1.0) * a, [(4,)]),
    ("nan_to_num_replaced", lambda L, a: L.nan_to_num(a + _NAN_INF(L), 0.5, 1.0, -2.0) * a, [(2, 4)]),
    ("nansum", lambda L, a: (a * a + _NAN_INF(L) * 0).nansum(), [(2, 4)]),
    ("nansum_dim", lambda L, a: L.nansum(a * a + _NAN_INF(L)[:3] * 0, dim=1, keepdim=True), [(2, 3)]),
    ("div_floor", lambda L, a, b: L.div(a, b * b + 1, rounding_mode="floor") * a, [(3,), (3,)]),
    ("log1p", lambda L, a: L.log1p(a * a), [(3,)]),
    ("expm1", lambda L, a: L.expm1(a), [(3,)]),
    ("log2", lambda L, a: L.log2(a * a + 1), [(3,)]),
    ("log10", lambda L, a: L.log10(a * a + 1), [(3,)]),
    ("erfinv", lambda L, a: L.erfinv(a * 0.7), [(4,)]),
    ("erf", lambda L, a: L.erf(a), [(4,)]),
    ("erfc", lambda L, a: L.erfc(a), [(4,)]),
    ("atan", lambda L, a: L.atan(a * 2), [(4,)]),
    ("asin", lambda L, a: L.asin(a * 0.7), [(4,)]),
    ("acos", lambda L, a: L.acos(a * 0.7), [(4,)]),
    ("rsqrt", lambda L, a: L.rsqrt(a * a + 0.5), [(4,)]),
    ("tan", lambda L, a: L.tan(a), [(4,)]),
    ("sinh", lambda L, a: L.sinh(a * 2), [(4,)]),
    ("cosh", lambda L, a: L.cosh(a * 2), [(4,)]),
    ("asinh", lambda L, a: L.asinh(a * 3), [(4,)]),
    ("acosh", lambda L, a: L.acosh(a * a + 1.2), [(4,)]),
    ("atanh", lambda L, a: L.atanh(a * 0.7), [(4,)]),
    ("exp2", lambda L, a: L.exp2(a * 3), [(4,)]),
    ("deg2rad", lambda L, a: L.deg2rad(a * 90), [(4,)]),
    ("sinc", lambda L, a: L.sinc(a * 2), [(5,)]),
    ("rad2deg", lambda L, a: a.rad2deg(), [(4,)]),
    ("logit", lambda L, a: L.logit(L.sigmoid(a)), [(4,)]),
    ("logit_eps", lambda L, a: L.logit(L.sigmoid(a * 4), eps=0.1), [(5,)]),
    ("prod", lambda L, a: a.prod(), [(2, 3)]),
    ("prod_dim", lambda L, a: a.prod(1, keepdim=True), [(2, 3)]),
    ("var", lambda L, a: a.var(dim=1), [(2, 3)]),
    ("std", lambda L, a: a.std(), [(2, 3)]),
    ("std_correction", lambda L, a: a.std(dim=(0, 1), correction=0, keepdim=True), [(2, 3)]),
    ("cumsum", lambda L, a: a.cumsum(1), [(2, 3)]),
    ("logsumexp", lambda L, a: a.logsumexp(1), [(2, 3)]),
    ("norm", lambda L, a: a.norm(), [(2, 3)]),
    ("norm_dim_p3", lambda L, a: a.norm(p=3, dim=1), [(2, 3)]),
    ("norm_p1", lambda L, a: a.norm(p=1), [(4,)]),
    ("norm_inf", lambda L, a: L.linalg.vector_norm(a, ord=float("inf")), [(4,)]),
    ("sort", lambda L, a: a.sort(dim=1).values, [(2, 3)]),
    ("topk", lambda L, a: a.topk(2).values, [(2, 4)]),
    ("kthvalue", lambda L, a: a.kthvalue(2).values, [(2, 4)]),
    ("kthvalue_keepdim", lambda L, a: L.kthvalue(a, 3, dim=0, keepdim=True)[0], [(3, 2)]),
    ("median_all", lambda L, a: a.median(), [(2, 3)]),
    ("median_dim", lambda L, a: a.median(1).values, [(2, 4)]),
    ("median_fn_keepdim", lambda L, a: L.median(a, dim=-2, keepdim=True)[0], [(3, 2)]),
    ("nanmedian_all", lambda L, a: L.nanmedian(a), [(5,)]),
    ("nanmedian_dim", lambda L, a: a.nanmedian(0).values, [(4, 2)]),
    ("gather", lambda L, a: a.gather(1, L.tensor([[0, 0], [2, 1]])), [(2, 3)]),
    ("scatter_add", lambda L, a, s: a.scatter_add(1, L.tensor([[0, 2], [1, 1]]), s), [(2, 3), (2, 2)]),
    ("scatter", lambda L, a, s: a.scatter(0, L.tensor([[1, 0, 1]]), s), [(2, 3), (1, 3)]),
    ("index_select", lambda L, a: a.index_select(0, L.tensor([2, 0, 2])), [(3, 2)]),
    ("index_add", lambda L, a, s: a.index_add(0, L.tensor([0, 0, 2]), s), [(3, 2), (3, 2)]),
    (
        "index_put_accumulate",
        lambda L, a, v: (a * 1).index_put_((L.tensor([2, 0, 2]),), v, True),
        [(3, 2), (2,)],
    ),
    (
        "index_put_",
        lambda L, a, v: (a * 1).index_put_((L.tensor([1, 0]), L.tensor([0, 1])), v),
        [(2, 3), (2,)],
    ),
    (
        "index_put",
        lambda L, a, v: L.index_put(a, (L.tensor([True, False, True]),), v, accumulate=True),
        [(3,), ()],
    ),
    ("index_put_view", lambda L, a, v: _index_put_into_row(L, a, v), [(2, 3), (2,)]),
    ("masked_fill", lambda L, a: a.masked_fill(L.tensor([True, False, True]), 0.5), [(2, 3)]),
    ("repeat", lambda L, a: a.repeat(2, 1, 3), [(2, 2)]),
    ("repeat_interleave", lambda L, a: a.repeat_interleave(2), [(2, 3)]),
    ("repeat_interleave_dim", lambda L, a: L.repeat_interleave(a, 3, dim=-1, output_size=6), [(2, 2)]),
    ("repeat_interleave_counts", lambda L, a: a.repeat_interleave(L.tensor([1, 0, 2]), dim=1), [(2, 3)]),
    ("repeat_interleave_0d_count", lambda L, a: L.repeat_interleave(a, L.tensor(2)), [(2, 2)]),
    ("flip", lambda L, a: a.flip(0, 1), [(2, 3)]),
    ("roll", lambda L, a: a.roll(1, 0), [(3, 2)]),
    ("chunk", lambda L, a: a.chunk(2, dim=1)[1], [(2, 5)]),
    ("split_sizes", lambda L, a: a.split([1, 2])[1], [(3, 2)]),
    ("unbind", lambda L, a: a.unbind(1)[2], [(2, 3)]),
    ("tril", lambda L, a: a.tril(), [(3, 3)]),
    ("triu", lambda L, a: a.triu(1), [(2, 3, 3)]),
    ("diag_matrix", lambda L, a: a.diag(), [(3, 3)]),
    ("diag_vector", lambda L, a: L.diag(a, -1), [(3,)]),
    ("trace", lambda L, a: a.trace(), [(3, 3)]),
    ("bmm", lambda L, a, b: L.bmm(a, b), [(2, 2, 3), (2, 3, 2)]),
    ("linalg_inv", lambda L, a: L.linalg.inv(a + 3 * L.eye(3, dtype=L.float64)), [(3, 3)]),
    ("inverse_batched", lambda L, a: L.inverse(a + 3 * L.eye(2, dtype=L.float64)).sum(0), [(2, 2, 2)]),
    ("linalg_det", lambda L, a: L.linalg.det(a), [(3, 3)]),
    ("linalg_solve", lambda L, a, b: L.linalg.solve(a + 3 * L.eye(3, dtype=a.dtype), b), [(3, 3), (3, 2)]),
    (
        "linalg_solve_vector",
        lambda L, a, b: L.linalg.solve(a + 3 * L.eye(3, dtype=a.dtype), b),
        [(3, 3), (3,)],
    ),
    (
        "linalg_solve_right",
        lambda L, a, b: L.linalg.solve(a + 3 * L.eye(3, dtype=a.dtype), b, left=False),
        [(3, 3), (2, 3)],
    ),
    (
        "linalg_solve_broadcast",
        lambda L, a, b: L.linalg.solve(a + 3 * L.eye(2, dtype=a.dtype), b),
        [(3, 2, 2), (2, 1)],
    ),
    (
        "linalg_solve_batch_of_vectors",
        lambda L, a, b: L.linalg.solve(a + 3 * L.eye(2, dtype=a.dtype), b),
        [(3, 2, 2), (3, 2)],
    ),
    ("det_batched", lambda L, a: a.det(), [(2, 3, 3)]),
    ("outer", lambda L, a, b: L.outer(a, b), [(3,), (2,)]),
    ("einsum_matmul", lambda L, a, b: L.einsum("ij,jk->ik", a, b), [(2, 3), (3, 2)]),
    ("einsum_batched", lambda L, a, b: L.einsum("bij,bkj->bik", a, b), [(2, 2, 3), (2, 2, 3)]),
    ("einsum_sum", lambda L, a: L.einsum("ij->j", a), [(2, 3)]),
    ("ceil", lambda L, a: (a * 3).ceil() * a, [(4,)]),
    ("trunc", lambda L, a: (a * 3).trunc() * a, [(4,)]),
    ("round", lambda L, a: (a * 3).round() * a, [(4,)]),
    ("round_decimals", lambda L, a: (a * 3).round(decimals=1) * a, [(4,)]),
    ("div_trunc", lambda L, a, b: L.div(a, b * b + 1, rounding_mode="trunc") * a, [(3,), (3,)]),
    ("min_all", lambda L, a: a.min(), [(2, 3)]),
    ("clamp_max", lambda L, a: a.clamp_max(0.2), [(6,)]),
    ("squeeze_dim", lambda L, a: a.squeeze(1), [(2, 1, 3)]),
    ("vector_matmul", lambda L, a, b: a @ b, [(3,), (3, 2)]),
    ("narrow", lambda L, a: a.narrow(1, 1, 2), [(2, 4)]),
    ("einsum_product", lambda L, a, b: L.einsum("i,i->i", a, b), [(3,), (3,)]),
    ("einsum_diagonal", lambda L, a, b: L.einsum("iij,j->i", a, b), [(3, 3, 2), (2,)]),
    ("einsum_trace", lambda L, a: L.einsum("ii->", a * a), [(3, 3)]),
    ("scatter_value", lambda L, a: a.scatter(1, L.tensor([[0], [2]]), 0.5), [(2, 3)]),
    ("fill_", lambda L, a: (a * 1).fill_(0.5) * a, [(3,)]),
    ("zero_", lambda L, a: (a * 1).zero_() + a, [(3,)]),
    ("linear", lambda L, x, w, b: L.nn.functional.linear(x, w, b), [(4, 3), (2, 3), (2,)]),
    ("linear_vector", lambda L, x, w, b: L.nn.functional.linear(x, w, b), [(3,), (2, 3), (2,)]),
    ("linear_vector_no_bias", lambda L, x, w: L.nn.functional.linear(x, w), [(3,), (2, 3)]),
    ("linear_batched", lambda L, x, w, b: L.nn.functional.linear(x, w, b), [(2, 4, 3), (2, 3), (2,)]),
    ("linear_batched_no_bias", lambda L, x, w: L.nn.functional.linear(x, w), [(2, 4, 3), (2, 3)]),
    ("linear_transposed", lambda L, x, w, b: L.nn.functional.linear(x.t(), w, b), [(3, 4), (2, 3), (2,)]),
    (
        "linear_batched_transposed",
        lambda L, x, w, b: L.nn.functional.linear(x.transpose(0, 2), w, b),
        [(3, 4, 2), (2, 3), (2,)],
    ),
    (
        "linear_batched_transposed_no_bias",
        lambda L, x, w: L.nn.functional.linear(x.transpose(0, 2), w),
        [(3, 4, 2), (2, 3)],
    ),
    (
        "linear_batched_strided",
        lambda L, x, w, b: L.nn.functional.linear(x[:, ::2], w, b),
        [(2, 4, 3), (2, 3), (2,)],
    ),
    (
        "linear_batched_strided_no_bias",
        lambda L, x, w: L.nn.functional.linear(x[:, ::2], w),
        [(2, 4, 3), (2, 3)],
    ),
    ("mse_loss", lambda L, a, b: L.nn.functional.mse_loss(a, b), [(2, 3), (2, 3)]),
    (
        "binary_cross_entropy",
        lambda L, a, b: L.nn.functional.binary_cross_entropy(L.sigmoid(a), L.sigmoid(b)),
        [(4,), (4,)],
    ),
    (
        "binary_cross_entropy_with_logits",
        lambda L, a, b: L.nn.functional.binary_cross_entropy_with_logits(a, L.sigmoid(b)),
        [(4,), (4,)],
    ),
    ("cross_entropy", lambda L, a: L.nn.functional.cross_entropy(a, L.tensor([2, 0])), [(2, 3)]),
    (
        "cross_entropy_probabilities",
        lambda L, a, b: L.nn.functional.cross_entropy(a, L.softmax(b, dim=1)),
        [(2, 3), (2, 3)],
    ),
    ("relu_inplace", lambda L, a: (a * 1).relu_(), [(5,)]),
    ("clamp_min_inplace", lambda L, a: (a * 1).clamp_min_(0.1), [(4,)]),
    ("leaky_relu", lambda L, a: L.nn.functional.leaky_relu(a, 0.2), [(5,)]),
    ("elu", lambda L, a: L.nn.functional.elu(a, 0.7), [(5,)]),
    ("gelu", lambda L, a: L.nn.functional.gelu(a), [(5,)]),
    ("gelu_tanh", lambda L, a: L.nn.functional.gelu(a, approximate="tanh"), [(5,)]),
    ("softplus", lambda L, a: L.nn.functional.softplus(a * 3, beta=2.0, threshold=4.0), [(5,)]),
    ("silu", lambda L, a: L.nn.functional.silu(a), [(5,)]),
    ("selu", lambda L, a: L.nn.functional.selu(a * 2), [(5,)]),
    ("selu_inplace", lambda L, a: L.nn.functional.selu(a * 2, inplace=True), [(5,)]),
    ("elu_inplace", lambda L, a: L.nn.functional.elu(a * 2, 0.7, inplace=True), [(5,)]),
    ("leaky_relu_inplace", lambda L, a: L.nn.functional.leaky_relu_(a * 2, 0.2), [(5,)]),
    ("hardtanh_inplace", lambda L, a: L.nn.functional.hardtanh(a * 2, -0.6, 0.9, True), [(5,)]),
    ("mish", lambda L, a: L.nn.functional.mish(a * 2), [(5,)]),
    ("logsigmoid", lambda L, a: L.nn.functional.logsigmoid(a * 3), [(5,)]),
    ("hardtanh", lambda L, a: L.nn.functional.hardtanh(a, -0.6, 0.9), [(5,)]),
    ("hardshrink", lambda L, a: L.nn.functional.hardshrink(a * 2, 0.3), [(5,)]),
    ("hardshrink_top_level", lambda L, a: L.hardshrink(a * 2), [(5,)]),
    ("softshrink", lambda L, a: L.nn.functional.softshrink(a * 2, 0.3), [(5,)]),
    ("tanhshrink", lambda L, a: L.nn.functional.tanhshrink(a * 2), [(5,)]),
    ("relu6", lambda L, a: L.nn.functional.relu6(a * 4 + 3), [(5,)]),
    ("relu6_inplace", lambda L, a: L.nn.functional.relu6(a * 4 + 3, inplace=True), [(5,)]),
    ("hardsigmoid", lambda L, a: L.nn.functional.hardsigmoid(a * 4), [(5,)]),
    ("hardswish", lambda L, a: L.nn.functional.hardswish(a * 4), [(5,)]),
    ("softsign", lambda L, a: L.nn.functional.softsign(a * 2), [(5,)]),
    ("threshold", lambda L, a: L.nn.functional.threshold(a, 0.1, 20.0), [(5,)]),
    ("threshold_inplace", lambda L, a: L.nn.functional.threshold_(a * 2, 0.1, -3.0), [(5,)]),
    ("celu", lambda L, a: L.nn.functional.celu(a * 2, 0.7), [(5,)]),
    ("hardsigmoid_inplace", lambda L, a: L.nn.functional.hardsigmoid(a * 4, inplace=True), [(5,)]),
    ("hardswish_inplace", lambda L, a: L.nn.functional.hardswish(a * 4, inplace=True), [(5,)]),
    ("softmin", lambda L, a: L.nn.functional.softmin(a, dim=1), [(2, 3)]),
    ("glu", lambda L, a: L.nn.functional.glu(a), [(2, 4)]),
    ("glu_dim0", lambda L, a: L.nn.functional.glu(a * 3, 0), [(4, 3)]),
    ("celu_inplace", lambda L, a: L.nn.functional.celu_(a * 2, 0.7), [(5,)]),
    (
        "layer_norm",
        lambda L, x, w, b: L.nn.functional.layer_norm(x, (3,), w, b),
        [(2, 3), (3,), (3,)],
    ),
    (
        "batch_norm",
        lambda L, x, w, b: L.nn.functional.batch_norm(x, None, None, w, b, training=True),
        [(4, 3), (3,), (3,)],
    ),
    (
        "batch_norm_eval",
        lambda L, x, w: L.nn.functional.batch_norm(
            x, L.zeros(3, dtype=L.float64), L.ones(3, dtype=L.float64) * 2, w, None
        ),
        [(4, 3), (3,)],
    ),
    (
        "batch_norm_2d",
        lambda L, x, w, b: L.nn.functional.batch_norm(x, None, None, w, b, training=True),
        [(2, 3, 2, 2), (3,), (3,)],
    ),
    ("unflatten", lambda L, a: a.unflatten(1, (2, -1)), [(3, 4)]),
    ("embedding", lambda L, w: L.nn.functional.embedding(L.tensor([[0, 2], [2, 2]]), w), [(3, 2)]),
    ("conv2d", lambda L, x, w, b: L.nn.functional.conv2d(x, w, b), [(2, 2, 4, 4), (3, 2, 2, 2), (3,)]),
    (
        "conv2d_geometry",
        lambda L, x, w: L.nn.functional.conv2d(x, w, None, (2, 1), (1, 2), (1, 2), 2),
        [(1, 4, 5, 5), (2, 2, 2, 3)],
    ),
    (
        "conv2d_same",
        lambda L, x, w: L.nn.functional.conv2d(x, w, padding="same"),
        [(1, 1, 4, 4), (2, 1, 2, 3)],
    ),
    ("conv1d", lambda L, x, w, b: L.nn.functional.conv1d(x, w, b, 2, 1, 2), [(2, 2, 7), (3, 2, 2), (3,)]),
    ("max_pool2d", lambda L, x: L.nn.functional.max_pool2d(x, 2), [(2, 2, 4, 5)]),
    (
        "max_pool2d_geometry",
        lambda L, x: L.nn.functional.max_pool2d(x, 3, 2, 1, 2, ceil_mode=True),
        [(1, 2, 7, 6)],
    ),
    (
        "avg_pool2d_geometry",
        lambda L, x: L.nn.functional.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False),
        [(1, 2, 7, 6)],
    ),
    (
        "avg_pool2d_divisor",
        lambda L, x: L.nn.functional.avg_pool2d(x, (2, 3), 1, (1, 0), divisor_override=4),
        [(2, 5, 4)],
    ),
    ("adaptive_avg_pool2d", lambda L, x: L.nn.functional.adaptive_avg_pool2d(x, (3, 5)), [(1, 2, 5, 4)]),
    ("conv1d_unbatched", lambda L, x, w: L.nn.functional.conv1d(x, w), [(2, 5), (1, 2, 3)]),
    ("l1_loss", lambda L, a, b: L.nn.functional.l1_loss(a, b * 3), [(2, 3), (2, 3)]),
    ("smooth_l1_loss", lambda L, a, b: L.nn.functional.smooth_l1_loss(a, b * 3, beta=0.5), [(2, 3), (2, 3)]),
    ("huber_loss", lambda L, a, b: L.nn.functional.huber_loss(a, b * 3, reduction="sum"), [(2, 3), (2, 3)]),
    # from the golden table: one case per public spelling (function, method, operator)
    ("add_fn", lambda L, a, b: L.add(a, b), [(4, 1), (1, 3)]),
    ("add_method", lambda L, a, b: a.add(b), [(2, 3), (2, 3)]),
    ("add_scalar_right", lambda L, a: a + 2, [(3,)]),
    ("add_scalar_left", lambda L, a: 2.5 + a, [(3,)]),
    ("sub_fn", lambda L, a, b: L.sub(a, b), [(3,), (2, 3)]),
    ("sub_scalar_right", lambda L, a: a - 1.5, [(3,)]),
    ("sub_scalar_left", lambda L, a: 2 - a, [(2, 2)]),
    ("mul_fn", lambda L, a, b: L.mul(a, b), [(3,), (3,)]),
    ("mul_method", lambda L, a, b: a.mul(b), [(2, 3), ()]),
    ("mul_scalar_right", lambda L, a: a * 3, [(3,)]),
    ("mul_scalar_left", lambda L, a: -0.5 * a, [(2, 2)]),
    ("mul_self", lambda L, a: a * a, [(3,)]),
    ("div_fn", lambda L, a, b: L.div(a, b), [(2, 1), pos((1, 2))]),
    ("div_scalar_right", lambda L, a: a / 4, [(3,)]),
    ("div_scalar_left", lambda L, a: 2 / a, [pos((3,))]),
    ("pow_scalar", lambda L, a: a**2, [(2, 3)]),
    ("pow_scalar_frac", lambda L, a: a**0.5, [pos((3,))]),
    ("pow_scalar_neg", lambda L, a: a**-1.5, [pos((3,))]),
    ("pow_fn", lambda L, a: L.pow(a, 3), [(3,)]),
    ("neg_fn", lambda L, a: L.neg(a), [(3,)]),
    ("matmul_vm", lambda L, a, b: a @ b, [(3,), (3, 2)]),
    ("matmul_fn", lambda L, a, b: L.matmul(a, b), [(1, 3), (3, 1)]),
    ("matmul_method", lambda L, a, b: a.matmul(b), [(2, 2), (2, 3)]),
    ("sum_fn", lambda L, a: L.sum(a), [(3,)]),
    ("sum_dim0", lambda L, a: a.sum(0), [(2, 3)]),
    ("sum_dim_neg", lambda L, a: a.sum(dim=-1), [(2, 3, 2)]),
    ("sum_keepdim", lambda L, a: a.sum(dim=1, keepdim=True), [(2, 3)]),
    ("sum_tuple", lambda L, a: a.sum(dim=(0, 2)), [(2, 3, 2)]),
    ("sum_fn_dim", lambda L, a: L.sum(a, dim=0), [(3, 2)]),
    ("mean_fn", lambda L, a: L.mean(a), [(4,)]),
    ("mean_keepdim", lambda L, a: a.mean(0, keepdim=True), [(2, 3)]),
    ("mean_tuple", lambda L, a: a.mean((1, 2)), [(2, 3, 2)]),
    ("max", lambda L, a: a.max(), [(2, 3)]),
    ("max_fn", lambda L, a: L.max(a), [(5,)]),
    ("max_dim_values", lambda L, a: a.max(dim=1).values, [(2, 3)]),
    ("max_dim_tuple0", lambda L, a: a.max(0)[0], [(3, 2)]),
    ("max_dim_keepdim", lambda L, a: L.max(a, 1, keepdim=True)[0], [(2, 3)]),
    ("min", lambda L, a: a.min(), [(2, 3)]),
    ("min_fn_dim", lambda L, a: L.min(a, dim=0).values, [(3, 2)]),
    ("min_dim_neg", lambda L, a: a.min(-1)[0], [(2, 3)]),
    ("exp_fn", lambda L, a: L.exp(a), [(3,)]),
    ("log_fn", lambda L, a: L.log(a), [pos((3,))]),
    ("sqrt_fn", lambda L, a: L.sqrt(a), [pos((3,))]),
    ("abs_fn", lambda L, a: L.abs(a), [(3,)]),
    ("sin_fn", lambda L, a: L.sin(a), [(3,)]),
    ("cos_fn", lambda L, a: L.cos(a), [(3,)]),
    ("tanh_fn", lambda L, a: L.tanh(a), [(3,)]),
    ("sigmoid_fn", lambda L, a: L.sigmoid(a), [(3,)]),
    ("relu_fn", lambda L, a: L.relu(a), [(3,)]),
    ("clamp_min", lambda L, a: a.clamp(min=0.0), [(3,)]),
    ("clamp_max_fn", lambda L, a: L.clamp(a, max=0.5), [(3,)]),
    ("softmax_fn", lambda L, a: L.softmax(a, dim=0), [(3, 2)]),
    ("softmax_neg", lambda L, a: a.softmax(-1), [(2, 2, 3)]),
    ("log_softmax_fn", lambda L, a: L.log_softmax(a, dim=0), [(3, 2)]),
    ("reshape_tuple", lambda L, a: a.reshape((6,)), [(2, 3)]),
    ("reshape_infer", lambda L, a: a.reshape(-1, 2), [(2, 3)]),
    ("reshape_fn", lambda L, a: L.reshape(a, (1, 6)), [(2, 3)]),
    ("view", lambda L, a: a.view(6), [(2, 3)]),
    ("view_infer", lambda L, a: a.view(3, -1), [(2, 3)]),
    ("flatten", lambda L, a: a.flatten(), [(2, 3, 2)]),
    ("flatten_fn", lambda L, a: L.flatten(a), [(2, 3)]),
    ("transpose_fn", lambda L, a: L.transpose(a, 0, 2), [(2, 3, 2)]),
    ("T", lambda L, a: a.T, [(2, 3)]),
    ("permute_fn", lambda L, a: L.permute(a, (1, 0)), [(2, 3)]),
    ("unsqueeze_neg_fn", lambda L, a: L.unsqueeze(a, -1), [(3,)]),
    ("squeeze_fn", lambda L, a: L.squeeze(a, 1), [(3, 1)]),
    ("squeeze_dims", lambda L, a: a.squeeze((1, -1)), [(2, 1, 3, 1)]),
    ("select_fn_neg_index", lambda L, a: L.select(a, 1, -1), [(2, 3, 2)]),
    ("select_method", lambda L, a: a.select(0, 1), [(3, 2)]),
    ("select_neg_dim", lambda L, a: a.select(-1, 0), [(2, 3)]),
    ("movedim_fn", lambda L, a: L.movedim(a, (0, 1), (2, 0)), [(2, 3, 4)]),
    ("moveaxis_method", lambda L, a: a.moveaxis(-1, 0), [(2, 3)]),
    ("index_int", lambda L, a: a[1], [(3, 2)]),
    ("index_int_int", lambda L, a: a[0, 1], [(2, 3)]),
    ("index_neg", lambda L, a: a[-1], [(3,)]),
    ("index_slice", lambda L, a: a[1:], [(4,)]),
    ("index_slice2", lambda L, a: a[:, ::2], [(2, 5)]),
    ("index_list", lambda L, a: a[[0, 2, 0]], [(3, 2)]),
    ("index_long_tensor", lambda L, a: a[L.tensor([2, 1, 2])], [(4,)]),
    ("index_mask", lambda L, a: a[L.tensor([True, False, True])], [(3, 2)]),
    ("index_mask_2d", lambda L, a: a[L.tensor([[True, False], [False, True]])], [(2, 2)]),
    ("index_mixed", lambda L, a: a[1:, 0], [(3, 2)]),
    ("cat_dim1", lambda L, a, b: L.cat((a, b), dim=1), [(2, 1), (2, 3)]),
    ("stack_dim1", lambda L, a, b: L.stack([a, b], dim=1), [(2, 2), (2, 2)]),
    ("lesson_z", lambda L, x, y: x * y + x**2, [pos(()), pos(())]),
    ("lesson_mlp", lambda L, x, w1, w2: ((x @ w1).tanh() @ w2).sigmoid(), [(4, 3), (3, 5), (5, 1)]),
    ("lesson_softmax_ce", lambda L, z: -(z.log_softmax(dim=1)[[0, 1, 2], [1, 0, 2]]).mean(), [(3, 4)]),
    # the API outside teaching code uses
    ("ceil_fn", lambda L, a: L.ceil(a * 3), [(4,)]),
    ("sign_in_product", lambda L, a: a.sign() * a, [(4,)]),
    ("remainder_tensor", lambda L, a, b: a % b, [(2, 3), pos((3,))]),
    ("remainder_fn", lambda L, a, b: L.remainder(a, b), [(4,), (4,)]),
    ("erfinv_fn_near_one", lambda L, a: L.erfinv(1 - a * a * 1e-3), [pos((4,))]),
    ("prod_keepdim", lambda L, a: L.prod(a, dim=0, keepdim=True), [(3, 2)]),
    ("prod_with_zero", lambda L, a: (a * L.tensor([1.0, 0.0, 1.0], dtype=L.float64)).prod(), [(3,)]),
    ("std_dim", lambda L, a: a.std(dim=1), [(2, 3)]),
    ("std_unbiased_false", lambda L, a: a.std(0, unbiased=False), [(3, 2)]),
    ("var_dim_keepdim", lambda L, a: a.var(1, keepdim=True), [(2, 3)]),
    ("cumsum_fn_neg", lambda L, a: L.cumsum(a, dim=-2), [(3, 2)]),
    ("cumprod", lambda L, a: a.cumprod(1), [(2, 3)]),
    ("cumprod_fn_neg", lambda L, a: L.cumprod(a, dim=-2), [(3, 2)]),
    (
        "cumprod_one_zero",
        lambda L, a: (a * L.tensor([1.0, 0.0, 1.0, 1.0], dtype=L.float64)).cumprod(0),
        [(4,)],
    ),
    (
        "cumprod_zeros",
        lambda L, a: L.cumprod(
            a * L.tensor([[0.0, 1.0, 0.0, 1.0], [1.0, 1.0, 0.0, 0.0]], dtype=L.float64), 1
        ),
        [(2, 4)],
    ),
    ("logsumexp_keepdim", lambda L, a: L.logsumexp(a, dim=0, keepdim=True), [(3, 2)]),
    ("sum_axis", lambda L, a: a.sum(axis=1), [(2, 3)]),
    ("mean_axis_keepdims", lambda L, a: a.mean(axis=0, keepdims=True), [(2, 3)]),
    ("max_axis", lambda L, a: L.max(a, axis=1).values, [(2, 3)]),
    ("norm_dim", lambda L, a: a.norm(dim=1), [(2, 3)]),
    ("norm_p3_keepdim", lambda L, a: a.norm(p=3, dim=0, keepdim=True), [(3, 2)]),
    ("linalg_norm", lambda L, a: L.linalg.norm(a), [(2, 3)]),
    ("linalg_norm_dim", lambda L, a: L.linalg.norm(a, dim=-1), [(2, 3)]),
    ("linalg_vector_norm", lambda L, a: L.linalg.vector_norm(a, ord=1.5), [(2, 3)]),
    ("linalg_matrix_norm", lambda L, a: L.linalg.matrix_norm(a), [(2, 2, 3)]),
    ("sort_desc_dim0", lambda L, a: L.sort(a, dim=0, descending=True)[0], [(3, 2)]),
    ("topk_smallest", lambda L, a: L.topk(a, 2, dim=0, largest=False).values, [(3, 2)]),
    ("gather_fn", lambda L, a: L.gather(a, 0, L.tensor([[1, 0, 1]])), [(2, 3)]),
    ("scatter_src", lambda L, a, s: a.scatter(0, L.tensor([[1, 0, 1]]), s), [(2, 3), (1, 3)]),
    ("index_select_fn", lambda L, a: L.index_select(a, 1, L.tensor([1])), [(2, 3)]),
    ("masked_fill_broadcast", lambda L, a: a.masked_fill(L.tensor([True, False, True]), -1.0), [(2, 3)]),
    ("repeat_more_dims", lambda L, a: a.repeat(2, 1, 3), [(2, 2)]),
    ("tile", lambda L, a: a.tile((2,)), [(2, 3)]),
    ("flip_fn_two", lambda L, a: L.flip(a, dims=(0, 1)), [(2, 3)]),
    ("chunk0", lambda L, a: a.chunk(2)[0], [(3, 2)]),
    ("chunk1_dim", lambda L, a: L.chunk(a, 3, dim=1)[1], [(2, 5)]),
    ("split", lambda L, a: a.split(2, dim=1)[1], [(2, 5)]),
    ("triu_offset", lambda L, a: L.triu(a, 1), [(3, 4)]),
    ("tril_batched", lambda L, a: a.tril(-1), [(2, 3, 3)]),
    ("diag_vector_offset", lambda L, a: L.diag(a, 1), [(2,)]),
    ("diagonal", lambda L, a: a.diagonal(), [(3, 3)]),
    ("diag_embed", lambda L, a: L.diag_embed(a), [(2, 3)]),
    ("expand_new_dims", lambda L, a: a.expand(2, 3, 2), [(3, 1)]),
    ("contiguous", lambda L, a: a.t().contiguous(), [(2, 3)]),
    ("bmm_method", lambda L, a, b: a.bmm(b), [(3, 1, 2), (3, 2, 2)]),
    ("einsum_transpose", lambda L, a: L.einsum("ij->ji", a), [(2, 3)]),
    ("einsum_col_sum", lambda L, a: L.einsum("ij->j", a), [(2, 3)]),
    ("einsum_outer", lambda L, a, b: L.einsum("i,j->ij", a, b), [(3,), (2,)]),
    ("einsum_dot", lambda L, a, b: L.einsum("i,i->", a, b), [(3,), (3,)]),
    ("einsum_implicit", lambda L, a, b: L.einsum("ij,jk", a, b), [(2, 3), (3, 2)]),
    ("einsum_ellipsis", lambda L, a, b: L.einsum("...ij,...j->...i", a, b), [(2, 2, 3), (2, 3)]),
    ("einsum_list", lambda L, a, b: L.einsum("ij,ij->i", [a, b]), [(2, 3), (2, 3)]),
    ("einsum_summed_first", lambda L, a, b: L.einsum("ij,kj->", a, b), [(2, 3), (4, 3)]),
    ("einsum_swapped", lambda L, a, b: L.einsum("ab,cb->ca", a, b), [(2, 3), (4, 3)]),
    ("einsum_three", lambda L, a, b, c: L.einsum("ij,jk,kl->il", a, b, c), [(2, 3), (3, 4), (4, 2)]),
    (
        "einsum_strided",
        lambda L, a, b: L.einsum("bij,bjk->bik", a.transpose(0, 2), b),
        [(3, 2, 2), (2, 3, 4)],
    ),
    ("matmul_vector_batch", lambda L, a, b: a @ b, [(3,), (2, 3, 2)]),
    ("matmul_strided_batch", lambda L, a, b: a.transpose(0, 1) @ b, [(2, 4, 3), (3, 2)]),
    ("matmul_broadcast_batch", lambda L, a, b: a @ b, [(5, 2, 2, 3), (2, 3, 2)]),
    ("relu_", lambda L, a: (a * 1).relu_(), [(2, 3)]),
    ("pow_", lambda L, a: (a * 1).pow_(2), [(3,)]),
    ("exp_", lambda L, a: (a + 0).exp_(), [(3,)]),
    ("sigmoid_", lambda L, a: (a + 0).sigmoid_(), [(3,)]),
    ("clamp_min_", lambda L, a: (a * 1).clamp_min_(0.1), [(3,)]),
    ("masked_fill_", lambda L, a: (a * 1).masked_fill_(a < 0, 2.0), [(2, 3)]),
    ("div_floor_", lambda L, a: (a * 1).div_(0.4, rounding_mode="floor"), [(3,)]),
    ("abs_", lambda L, a: (a * 1).abs_(), [(3,)]),
    ("layer_norm_no_affine", lambda L, x: L.nn.functional.layer_norm(x, (2, 3)), [(2, 2, 3)]),
    (
        "batch_norm_train",
        lambda L, x, w, b: L.nn.functional.batch_norm(x, None, None, w, b, training=True),
        [(4, 3), (3,), (3,)],
    ),
    (
        "batch_norm_train_running",
        lambda L, x, w, b: L.nn.functional.batch_norm(
            x, L.zeros(3, dtype=L.float64), L.ones(3, dtype=L.float64), w, b, training=True
        ),
        [(4, 3), (3,), (3,)],
    ),
    (
        "batch_norm_train_3d",
        lambda L, x: L.nn.functional.batch_norm(x, None, None, training=True),
        [(2, 3, 2)],
    ),
    (
        "embedding_padding",
        lambda L, w: L.nn.functional.embedding(L.tensor([0, 1, 0]), w, padding_idx=0),
        [(3, 2)],
    ),
    ("l1_loss_sum", lambda L, a, b: L.nn.functional.l1_loss(a, b, reduction="sum"), [(3,), (3,)]),
    (
        "smooth_l1_none_beta",
        lambda L, a, b: L.nn.functional.smooth_l1_loss(a, b, reduction="none", beta=0.5),
        [(4,), (4,)],
    ),
    ("normalize", lambda L, a: L.nn.functional.normalize(a, dim=1), [(2, 3)]),
    # NumPy's names (aliases record the original's node)
    ("arcsin", lambda L, a: L.arcsin(a * 0.7), [(4,)]),
    ("arccos_method", lambda L, a: (a * 0.7).arccos(), [(4,)]),
    ("arctan", lambda L, a: L.arctan(a * 2), [(4,)]),
    ("arcsinh", lambda L, a: L.arcsinh(a * 3), [(4,)]),
    ("arccosh", lambda L, a: L.arccosh(a * a + 1.2), [(4,)]),
    ("arctan_inplace", lambda L, a: L.arctan_(a * 2), [(4,)]),
    ("arcsin_inplace", lambda L, a: (a * 0.7).arcsin_(), [(4,)]),
    ("absolute", lambda L, a: L.absolute(a), [(4,)]),
    ("absolute_inplace", lambda L, a: (a * 1).absolute_(), [(4,)]),
    ("positive", lambda L, a: L.positive(a * 2), [(3,)]),
    ("row_stack", lambda L, a, b: L.row_stack([a, b]), [(3,), (2, 3)]),
    ("clamp_fn_inplace", lambda L, a: L.clamp_(a * 1, -0.5, 0.5), [(6,)]),
    ("square_fn_inplace", lambda L, a: L.square_(a * 1), [(3,)]),
    ("rsub_tensor", lambda L, a, b: L.rsub(a, b), [(2, 3), (3,)]),
    ("rsub_alpha", lambda L, a, b: L.rsub(a, b, alpha=2.5), [(3,), (3,)]),
    ("rsub_number", lambda L, a: L.rsub(a, 1.5), [(3,)]),
    ("rsub_number_alpha", lambda L, a: L.rsub(a, 2, alpha=3), [(3,)]),
    # signs, fractions and NaN-ignoring extremes
    ("frac", lambda L, a: L.frac(a * 3), [(4,)]),
    ("frac_inplace", lambda L, a: (a * 3).frac_() * a, [(4,)]),
    ("sgn", lambda L, a: a.sgn() * a * a, [(4,)]),
    ("sgn_inplace", lambda L, a: (a * 1).sgn_() * a, [(4,)]),
    ("copysign", lambda L, a, b: L.copysign(a, b), [(2, 3), (3,)]),
    ("copysign_number", lambda L, a: L.copysign(a, -1.5), [(4,)]),
    ("copysign_inplace", lambda L, a, b: (a * 1).copysign_(b) * a, [(3,), (3,)]),
    ("fmax", lambda L, a, b: L.fmax(a, b), [(4,), (2, 4)]),
    ("fmin", lambda L, a, b: a.fmin(b), [(2, 4), (4,)]),
    ("fmin_nan", lambda L, a, b: L.fmin(a + _NAN_INF(L) * 0, b), [(4,), (4,)]),
    ("fmax_nan_other", lambda L, a, b: L.fmax(a, b + _NAN_INF(L) * 0), [(4,), (4,)]),
    ("logaddexp2", lambda L, a, b: L.logaddexp2(a, b), [(4,), (2, 4)]),
    # differences, cross products, running extremes, means without NaN
    ("diff", lambda L, a: L.diff(a), [(2, 4)]),
    ("diff_n2_dim0", lambda L, a: a.diff(n=2, dim=0), [(4, 3)]),
    (
        "diff_prepend_append",
        lambda L, a, b, c: L.diff(a, dim=1, prepend=b, append=c),
        [(2, 3), (2, 1), (2, 2)],
    ),
    ("nanmean", lambda L, a: L.nanmean(a), [(2, 3)]),
    ("nanmean_dim_nan", lambda L, a: (a + _NAN_INF(L) * 0).nanmean(dim=1, keepdim=True), [(2, 4)]),
    ("cross", lambda L, a, b: L.cross(a, b, dim=1), [(2, 3), (2, 3)]),
    ("cross_broadcast", lambda L, a, b: L.linalg.cross(a, b), [(2, 3), (1, 3)]),
    ("cross_method_neg_dim", lambda L, a, b: a.cross(b, dim=-2), [(3, 2), (3, 2)]),
    ("cummax", lambda L, a: L.cummax(a, 1).values, [(2, 4)]),
    ("cummin_neg_dim", lambda L, a: a.cummin(-2)[0], [(3, 2)]),
    ("addmv", lambda L, c, m, v: L.addmv(c, m, v), [(2,), (2, 3), (3,)]),
    ("addmv_scaled", lambda L, c, m, v: c.addmv(m, v, beta=0.5, alpha=-2), [(1,), (2, 3), (3,)]),
    ("addr", lambda L, c, u, v: L.addr(c, u, v, alpha=1.5), [(2, 3), (2,), (3,)]),
    ("addr_broadcast", lambda L, c, u, v: c.addr(u, v, beta=2), [(3,), (2,), (3,)]),
    ("baddbmm", lambda L, c, a, b: L.baddbmm(c, a, b, alpha=0.5), [(2, 2), (3, 2, 4), (3, 4, 2)]),
    ("baddbmm_method", lambda L, c, a, b: c.baddbmm(a, b, beta=-1), [(3, 2, 2), (3, 2, 4), (3, 4, 2)]),
    ("addbmm", lambda L, c, a, b: L.addbmm(c, a, b), [(2, 2), (3, 2, 4), (3, 4, 2)]),
    (
        "addbmm_scaled_inplace",
        lambda L, c, a, b: (c * 1).addbmm_(a, b, beta=0.5, alpha=2),
        [(2, 2), (3, 2, 4), (3, 4, 2)],
    ),
    ("tensordot", lambda L, a, b: L.tensordot(a, b, dims=([1], [1])), [(2, 3), (4, 3)]),
    ("tensordot_full", lambda L, a, b: L.tensordot(a, b), [(2, 3), (2, 3)]),
    ("tensordot_lists", lambda L, a, b: L.tensordot(a, b, dims=([1, 2], [1, 0])), [(2, 3, 4), (4, 3, 5)]),
    ("tensordot_broadcast_dim", lambda L, a, b: L.tensordot(a, b, dims=([1], [0])), [(2, 1), (3, 4)]),
    ("inner_vectors", lambda L, a, b: L.inner(a, b), [(3,), (3,)]),
    ("inner_batched", lambda L, a, b: a.inner(b), [(2, 2, 3), (4, 3)]),
    ("inner_0d", lambda L, a, b: L.inner(a, b), [(), (3,)]),
    ("kron", lambda L, a, b: L.kron(a, b), [(2, 2), (2, 3)]),
    ("kron_mixed_dims", lambda L, a, b: a.kron(b), [(2,), (2, 3)]),
    ("logcumsumexp", lambda L, a: L.logcumsumexp(a, 1), [(2, 3)]),
    ("logcumsumexp_method_neg_dim", lambda L, a: (a * 3).logcumsumexp(-2), [(3, 2)]),
    ("prelu", lambda L, x, w: L.nn.functional.prelu(x, w), [(2, 3, 2), (3,)]),
    ("prelu_one_weight", lambda L, x, w: L.prelu(x, w), [(4,), (1,)]),
    # at least n dims, stacking and splitting along a given dim
    ("atleast_1d_0d", lambda L, a: L.atleast_1d(a), [()]),
    ("atleast_2d", lambda L, a: L.atleast_2d(a), [(3,)]),
    ("atleast_3d", lambda L, a: L.atleast_3d(a), [(3,)]),
    ("atleast_3d_matrix", lambda L, a: L.atleast_3d(a), [(2, 3)]),
    ("dstack", lambda L, a, b: L.dstack([a, b]), [(3,), (1, 3)]),
    ("column_stack", lambda L, a, b: L.column_stack([a, b]), [(2,), (2, 2)]),
    ("hsplit", lambda L, a: L.hsplit(a, 3)[1], [(2, 3)]),
    ("vsplit_indices", lambda L, a: a.vsplit([1])[1], [(3, 2)]),
    ("dsplit", lambda L, a: L.dsplit(a, 2)[0], [(1, 2, 4)]),
    # F.pad
    ("pad_constant", lambda L, a: L.nn.functional.pad(a, (1, 2)), [(2, 3)]),
    ("pad_constant_value_crop", lambda L, a: L.nn.functional.pad(a, (-1, 2, 1, 0), value=0.5), [(2, 3)]),
    ("pad_reflect", lambda L, a: L.nn.functional.pad(a, (2, 1), mode="reflect"), [(2, 4)]),
    ("pad_reflect_2d", lambda L, a: L.nn.functional.pad(a, (1, 1, 2, 0), mode="reflect"), [(1, 3, 4)]),
    ("pad_reflect_crop", lambda L, a: L.nn.functional.pad(a, (1, -1), mode="reflect"), [(2, 3)]),
    ("pad_replicate", lambda L, a: L.nn.functional.pad(a, (1, 2), mode="replicate"), [(1, 2, 3)]),
    ("pad_replicate_2d", lambda L, a: L.nn.functional.pad(a, (2, 0, 1, 1), mode="replicate"), [(2, 2, 3)]),
    (
        "pad_reflect_3d",
        lambda L, a: L.nn.functional.pad(a, (1, 1, 0, 1, 1, 0), mode="reflect"),
        [(1, 2, 2, 3)],
    ),
    (
        "pad_replicate_3d",
        lambda L, a: L.nn.functional.pad(a, (1, 0, 0, 1, 1, 1), mode="replicate"),
        [(1, 2, 2, 2)],
    ),
    # the losses PyTorch composes from other ops, and soft_margin_loss
    (
        "kl_div_batchmean",
        lambda L, a, b: L.nn.functional.kl_div(L.log_softmax(a, 1), L.softmax(b, 1), reduction="batchmean"),
        [(2, 3), (2, 3)],
    ),
    (
        "kl_div_log_target",
        lambda L, a, b: L.nn.functional.kl_div(a, b, reduction="sum", log_target=True),
        [(2, 3), (2, 3)],
    ),
    ("kl_div_none", lambda L, a, b: L.nn.functional.kl_div(a, b * b, reduction="none"), [(2, 3), (2, 3)]),
    (
        "margin_ranking_loss",
        lambda L, a, b: L.nn.functional.margin_ranking_loss(a, b, _SIGNS(L), margin=0.3),
        [(3,), (3,)],
    ),
    (
        "hinge_embedding_loss",
        lambda L, a: L.nn.functional.hinge_embedding_loss(
            a, _SIGNS(L).reshape(1, 3).expand(2, 3), margin=1.5
        ),
        [(2, 3)],
    ),
    ("soft_margin_loss", lambda L, a: L.nn.functional.soft_margin_loss(a, _SIGNS(L)), [(2, 3)]),
    (
        "soft_margin_loss_sum",
        lambda L, a: L.nn.functional.soft_margin_loss(a * 2, _SIGNS(L), reduction="sum"),
        [(3,)],
    ),
    (
        "cosine_embedding_loss",
        lambda L, a, b: L.nn.functional.cosine_embedding_loss(a, b, _SIGNS(L)[:2], margin=-0.5),
        [(2, 3), (2, 3)],
    ),
    (
        "poisson_nll_loss_full",
        lambda L, a, b: L.nn.functional.poisson_nll_loss(a, b * b * 3, full=True),
        [(2, 3), (2, 3)],
    ),
    (
        "poisson_nll_loss_rates",
        lambda L, a, b: L.nn.functional.poisson_nll_loss(a * a, b * b, log_input=False, reduction="sum"),
        [(2, 3), (2, 3)],
    ),
    (
        "gaussian_nll_loss",
        lambda L, a, b, v: L.nn.functional.gaussian_nll_loss(a, b, v * v + 0.1),
        [(2, 3), (2, 3), (2, 3)],
    ),
    (
        "gaussian_nll_loss_row_var",
        lambda L, a, b, v: L.nn.functional.gaussian_nll_loss(a, b, v * v + 0.1, full=True, reduction="sum"),
        [(2, 3), (2, 3), (2,)],
    ),
    ("pairwise_distance", lambda L, a, b: L.nn.functional.pairwise_distance(a, b), [(2, 3), (3,)]),
    (
        "pairwise_distance_p1_keepdim",
        lambda L, a, b: L.nn.functional.pairwise_distance(a, b, p=1.0, keepdim=True),
        [(2, 3), (2, 3)],
    ),
    (
        "triplet_margin_loss",
        lambda L, a, p, n: L.nn.functional.triplet_margin_loss(a, p, n, margin=3.0),
        [(2, 3), (2, 3), (2, 3)],
    ),
    (
        "triplet_margin_loss_swap",
        lambda L, a, p, n: L.nn.functional.triplet_margin_loss(
            a, p, n, margin=3.0, swap=True, reduction="none"
        ),
        [(2, 3), (2, 3), (2, 3)],
    ),
]


# Element-wise cases run again on 0-d, 1-d and broadcast inputs: NumPy treats 0-d arrays
# differently (its ufuncs return scalars), and broadcasting sums gradients back down.
ONE_INPUT = [
    "add_scalar", "rsub", "rdiv_reciprocal", "pow_number", "rpow", "neg", "exp", "log", "sqrt",
    "abs", "sin", "cos", "tanh", "sigmoid", "relu", "clamp", "clone", "to_float32", "sum", "mean",
    "max_all", "amin_all", "nan_to_num",
]  # fmt: skip
TWO_INPUTS = [
    "add",
    "sub",
    "mul",
    "div",
    "pow_tensor",
    "maximum",
    "minimum",
    "where",
    "fmod",
    "atan2",
    "hypot",
    "logaddexp",
    "xlogy",
    "copysign",
    "fmax",
    "logaddexp2",
]
ONE_INPUT_SHAPES = {"0d": [()], "1d": [(5,)]}
TWO_INPUT_SHAPES = {
    "0d": [(), ()],
    "1d": [(4,), (4,)],
    "0d_1d": [(), (3,)],
    "1d_0d": [(3,), ()],
    "broadcast": [(2, 1), (1, 3)],
}


def _with_shape_variants(cases):
    by_name = {name: fn for name, fn, _ in cases}
    variants = []
    for names, shape_sets in ((ONE_INPUT, ONE_INPUT_SHAPES), (TWO_INPUTS, TWO_INPUT_SHAPES)):
        for name in names:
            variants += [(f"{name}_{label}", by_name[name], shapes) for label, shapes in shape_sets.items()]
    return cases + variants


CASES = _with_shape_variants(CASES)


def _NAN_INF(L):  # noqa: N802  (reads as a constant in the table)
    """Values an op must replace or skip, added to a case's input: their gradient is 0, and
    so is the finite differences' (the input does not move them)."""
    return L.tensor([float("nan"), float("inf"), 0.0, -float("inf")], dtype=L.float64)


def _SIGNS(L):  # noqa: N802  (reads as a constant in the table)
    """Targets of 1 and -1 for the ranking and margin losses."""
    return L.tensor([1.0, -1.0, 1.0], dtype=L.float64)


def _index_put_into_row(L, a, v):
    """An accumulating index_put_ into a view: the base's history becomes CopySlices."""
    b = a * 1
    b[1].index_put_((L.tensor([0, 2, 0]),), v.repeat(2)[:3], accumulate=True)
    return b


def _setitem(a, b):
    c = a * 1
    c[1:3] = b
    return c


def inputs(name, shapes, seed=0):
    """Float64 arrays for a case, away from kinks and ties (positive for ``pos`` shapes)."""
    rng = np.random.default_rng(abs(hash(name)) % 2**32 if seed is None else seed)
    arrays = []
    for shape in shapes:
        x = rng.uniform(0.3, 1.2, shape) * rng.choice([-1.0, 1.0], shape)
        if isinstance(shape, pos):
            x = np.abs(x)
        arrays.append(x + 0.01 * np.arange(x.size).reshape(shape))  # no ties
    return arrays


# Cases whose gradient is on purpose not the derivative, as in PyTorch: gradcheck skips them
# (their gradients are compared with PyTorch's instead).
NOT_THE_DERIVATIVE = {
    "embedding_padding": "the padding_idx row gets no gradient (PyTorch's rule)",
}
# Cases whose backward PyTorch cannot differentiate: a second derivative raises this error
# there, so it must here too (the second-order tests check the error instead of numbers).
NO_SECOND_ORDER = {
    "hardsigmoid": "derivative for aten::hardsigmoid_backward is not implemented",
    "hardsigmoid_inplace": "derivative for aten::hardsigmoid_backward is not implemented",
}
# Cases too steep for a float32 comparison with float64 answers.
FLOAT64_ONLY = {
    "erfinv_fn_near_one": "erfinv's slope near 1 turns float32 rounding of 1 - x^2/1000 into 1e-4",
}


def weights(shape):
    """The fixed weights w of ``sum(out * w)``, whose gradients the golden file records."""
    return np.random.default_rng(999).uniform(-2.0, 2.0, shape)


def run_op_case(L, name):
    """Forward and backward of one case as plain JSON-able data: value, node name, and the
    gradients of ``sum(out * w)`` with respect to every input."""
    fn, shapes = BY_NAME[name]
    xs = [L.tensor(x, dtype=L.float64, requires_grad=True) for x in inputs(name, shapes)]
    out = fn(L, *xs)
    (out * L.tensor(weights(tuple(out.shape)), dtype=L.float64)).sum().backward()
    return {
        "shape": list(out.shape),
        "value": out.detach().tolist(),
        "grad_fn": out.grad_fn.name(),
        "grads": [None if x.grad is None else x.grad.tolist() for x in xs],
    }


BY_NAME = {name: (fn, shapes) for name, fn, shapes in CASES}
assert len(BY_NAME) == len(CASES), "case names must be unique"


def _graph_nodes(node):
    """The nodes of a graph, each once, by the path of edge numbers that first reaches it
    (depth first along next_functions): ``"0"`` is the root, ``"0.1"`` its second input."""
    order, seen, stack = {}, set(), [(node, "0")]
    while stack:
        n, path = stack.pop()
        if n is None or id(n) in seen:
            continue
        seen.add(id(n))
        order[path] = n
        stack.extend((m, f"{path}.{k}") for k, (m, _) in reversed(list(enumerate(n.next_functions))))
    return order


def _describe_saved(L, value, xs, out):
    if isinstance(value, L.Tensor):
        which = next(
            (f"input {k}" for k, x in enumerate(xs) if value is x), "output" if value is out else None
        )
        return {
            "tensor": value.detach().tolist(),
            "dtype": str(value.dtype).split(".")[-1],
            "is": which,
            "grad_fn": None if value.grad_fn is None else value.grad_fn.name().split("::")[-1],
        }
    if isinstance(value, tuple) and any(isinstance(v, L.Tensor) for v in value):
        return {"tensors": [_describe_saved(L, v, xs, out) for v in value]}
    return {"value": list(value) if isinstance(value, tuple) else value}


def saved_values_of_case(L, name):
    """Per node of a case's graph (by path): its name and what ``dir`` lists as ``_saved_*``, described
    as JSON (a tensor by values, dtype, and whether it is an input or the output itself)."""
    fn, shapes = BY_NAME[name]
    xs = [L.tensor(x, dtype=L.float64, requires_grad=True) for x in inputs(name, shapes)]
    out = fn(L, *xs)
    nodes = {}
    for path, node in _graph_nodes(out.grad_fn).items():
        names = sorted(a for a in dir(node) if a.startswith("_saved_"))
        nodes[path] = {
            "node": node.name().split("::")[-1],
            "saved": {a[len("_saved_") :]: _describe_saved(L, getattr(node, a), xs, out) for a in names},
        }
    return nodes


def second_order_graph_of_case(L, name):
    """The node names of each input's gradient graph under ``create_graph=True`` (sorted,
    each node once; None for an input whose gradient has no graph)."""
    fn, shapes = BY_NAME[name]
    xs = [L.tensor(x, dtype=L.float64, requires_grad=True) for x in inputs(name, shapes)]
    out = fn(L, *xs)
    w = L.tensor(weights(tuple(out.shape)), dtype=L.float64)
    grads = L.autograd.grad((out * w).sum(), xs, create_graph=True, allow_unused=True)
    return [
        None
        if g is None or g.grad_fn is None
        else sorted(n.name().split("::")[-1] for n in _graph_nodes(g.grad_fn).values())
        for g in grads
    ]


def nonfinite_gradients_of_case(L, name):
    """Every input's gradient when the gradient coming into the output is inf (signs
    alternating) or NaN: where a rule writes a 0 (a mask, a step, a loser of max) PyTorch's
    stays 0 while ``inf * 0`` would be NaN. None for a case with no float output graph."""
    fn, shapes = BY_NAME[name]
    answers = {}
    for fill in ("inf", "nan"):
        xs = [L.tensor(x, dtype=L.float64, requires_grad=True) for x in inputs(name, shapes)]
        out = fn(L, *xs)
        if out.grad_fn is None or not out.dtype.is_floating_point:
            return None
        g = np.full(tuple(out.shape), float(fill))
        if fill == "inf":
            g.flat[::2] = -np.inf
        out.backward(L.tensor(g, dtype=out.dtype))
        answers[fill] = [None if x.grad is None else x.grad.tolist() for x in xs]
    return answers


class _Making:
    """``L`` as a case sees it, keeping the tensors the case makes itself (its indices, masks
    and constants), in the order it makes them."""

    MAKERS = ("tensor", "eye", "zeros", "ones", "arange", "full")

    def __init__(self, L):
        self._L, self.made = L, []

    def __getattr__(self, name):
        value = getattr(self._L, name)
        if name not in self.MAKERS:
            return value

        def make(*args, **kwargs):
            self.made.append(value(*args, **kwargs))
            return self.made[-1]

        return make


def version_targets(L, name):
    """The tensors of a case that ``modified_after_forward`` changes in place, one at a time:
    each input as the case gives it (requiring grad), each input of a case of several made
    without grad (its sibling inputs still need one), the output, and each tensor the case
    makes itself (an index, a mask, a constant: they never require grad)."""
    fn, shapes = BY_NAME[name]
    making = _Making(L)
    fn(making, *(L.tensor(x, dtype=L.float64, requires_grad=True) for x in inputs(name, shapes)))
    n = len(shapes)
    return (
        [f"input {k}" for k in range(n)]
        + ([f"input {k} without grad" for k in range(n)] if n > 1 else [])
        + ["output"]
        + [f"made {k}" for k in range(len(making.made))]
    )


def modified_after_forward(L, name, target):
    """Run a case, change ``target`` in place (``add_(0)``, or for a tensor the case made
    ``copy_`` of its clone, which also takes bools; under no_grad: only its version moves, the
    graph stays as it was), then backward: ``None`` when the backward runs, else where it
    stopped (the in-place change or the backward), the exception's type and message."""
    fn, shapes = BY_NAME[name]
    words = target.split()
    without = int(words[1]) if target.endswith("without grad") else None
    xs = [
        L.tensor(x, dtype=L.float64, requires_grad=k != without) for k, x in enumerate(inputs(name, shapes))
    ]
    making = _Making(L)
    out = fn(making, *xs)
    loss = (out * L.tensor(weights(tuple(out.shape)), dtype=L.float64)).sum()
    step = "modify"
    try:
        with L.no_grad():
            if words[0] == "made":
                made = making.made[int(words[1])]
                made.copy_(made.clone())
            else:
                (out if target == "output" else xs[int(words[1])]).add_(0)
        step = "backward"
        loss.backward()
    except RuntimeError as e:
        return {"at": step, "error": type(e).__name__, "message": str(e)}
    return None
