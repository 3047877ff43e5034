"""Every differentiable op of the engine as a small function of float64 tensors, with inputs.

Shared by the forward-mode and gradcheck tests. Each case: (name, fn(lib, *xs), shapes);
``lib`` is pyautograd or torch, so the same function runs on both. Inputs are kept away from
the points where an op is not differentiable (abs at 0, relu at 0, ties of max...).
"""

import numpy as np

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
    ("gather", lambda L, a: a.gather(1, L.tensor([[0, 0], [2, 1]])), [(2, 3)]),
    ("scatter_add", lambda L, a, s: a.scatter_add(1, L.tensor([[0, 2], [1, 1]]), s), [(2, 3), (2, 2)]),
    ("scatter", lambda L, a, s: a.scatter(0, L.tensor([[1, 0, 1]]), s), [(2, 3), (1, 3)]),
    ("index_select", lambda L, a: a.index_select(0, L.tensor([2, 0, 2])), [(3, 2)]),
    ("index_add", lambda L, a, s: a.index_add(0, L.tensor([0, 0, 2]), s), [(3, 2), (3, 2)]),
    ("masked_fill", lambda L, a: a.masked_fill(L.tensor([True, False, True]), 0.5), [(2, 3)]),
    ("repeat", lambda L, a: a.repeat(2, 1, 3), [(2, 2)]),
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
    ("mish", lambda L, a: L.nn.functional.mish(a * 2), [(5,)]),
    ("logsigmoid", lambda L, a: L.nn.functional.logsigmoid(a * 3), [(5,)]),
    ("hardtanh", lambda L, a: L.nn.functional.hardtanh(a, -0.6, 0.9), [(5,)]),
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
    ("embedding", lambda L, w: L.nn.functional.embedding(L.tensor([[0, 2], [2, 2]]), w), [(3, 2)]),
    ("l1_loss", lambda L, a, b: L.nn.functional.l1_loss(a, b * 3), [(2, 3), (2, 3)]),
    ("smooth_l1_loss", lambda L, a, b: L.nn.functional.smooth_l1_loss(a, b * 3, beta=0.5), [(2, 3), (2, 3)]),
    ("huber_loss", lambda L, a, b: L.nn.functional.huber_loss(a, b * 3, reduction="sum"), [(2, 3), (2, 3)]),
]


# Element-wise cases run again on 0-d, 1-d and broadcast inputs: NumPy treats 0-d arrays
# differently (its ufuncs return scalars), and broadcasting sums gradients back down.
ONE_INPUT = [
    "add_scalar", "rsub", "rdiv_reciprocal", "pow_number", "rpow", "neg", "exp", "log", "sqrt",
    "abs", "sin", "cos", "tanh", "sigmoid", "relu", "clamp", "clone", "to_float32", "sum", "mean",
    "max_all", "amin_all",
]  # fmt: skip
TWO_INPUTS = ["add", "sub", "mul", "div", "pow_tensor", "maximum", "minimum", "where"]
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


def _setitem(a, b):
    c = a * 1
    c[1:3] = b
    return c


def inputs(name, shapes, seed=0):
    """Float64 arrays for a case, away from kinks and ties."""
    rng = np.random.default_rng(abs(hash(name)) % 2**32 if seed is None else seed)
    arrays = []
    for shape in shapes:
        x = rng.uniform(0.3, 1.2, shape) * rng.choice([-1.0, 1.0], shape)
        arrays.append(x + 0.01 * np.arange(x.size).reshape(shape))  # no ties
    return arrays
