"""Property-based checks of every op on random shapes and broadcasting pairs.

For each op, hypothesis draws shapes (and dims, indices, scalars); values come from
a drawn seed, kept away from kinks (|x| >= 0.3) and poles.  Two properties:
- the engine's gradient of sum(out * w) equals central finite differences (float64);
- forward value, gradient and grad_fn name equal live PyTorch's (skipped without torch).
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from torch_compare import as_numpy

import pyautograd

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

shapes = hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=3)
nd_shapes = hnp.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=3)
pairs = hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3, max_side=3)
scalars = st.sampled_from([-2.5, -1.0, -0.5, 0.5, 1.5, 2.0, 3])
seeds = st.integers(0, 2**31 - 1)


def values(seed, shape, domain="any"):
    rng = np.random.RandomState(seed)
    mag = rng.uniform(0.3, 2.0, size=shape)
    if domain != "pos":
        mag = np.where(rng.uniform(size=shape) < 0.5, -1.0, 1.0) * mag
    return np.array(mag, dtype=np.float64).reshape(shape)


class Case:
    """One drawn instance: ``fn(L, *tensors)`` and the float64 arrays to feed it."""

    def __init__(self, fn, arrays, label):
        self.fn, self.arrays, self.label = fn, arrays, label

    def __repr__(self):
        return f"Case({self.label}, shapes={[a.shape for a in self.arrays]})"


def unary(fn, domain="any", shp=shapes):
    @st.composite
    def strat(draw):
        return Case(fn, [values(draw(seeds), draw(shp), domain)], "unary")

    return strat()


def unary_dim(fn, domain="any", keepdim=False):
    @st.composite
    def strat(draw):
        shape = draw(nd_shapes)
        dim = draw(st.integers(-len(shape), len(shape) - 1))
        kd = draw(st.booleans()) if keepdim else False
        return Case(
            lambda L, x: fn(L, x, dim, kd), [values(draw(seeds), shape, domain)], f"dim={dim}, keepdim={kd}"
        )

    return strat()


def binary(fn, doms=("any", "any")):
    @st.composite
    def strat(draw):
        (sa, sb), _ = draw(pairs)
        return Case(fn, [values(draw(seeds), sa, doms[0]), values(draw(seeds), sb, doms[1])], "binary")

    return strat()


def with_scalar(fn, domain="any"):
    @st.composite
    def strat(draw):
        c = draw(scalars)
        return Case(lambda L, x: fn(x, c), [values(draw(seeds), draw(shapes), domain)], f"c={c}")

    return strat()


@st.composite
def matmul_case(draw):
    n, k, m = draw(st.integers(1, 3)), draw(st.integers(1, 3)), draw(st.integers(1, 3))
    kind = draw(st.sampled_from(["mm", "mv", "vm", "dot", "bmm"]))
    sa = {"mm": (n, k), "mv": (n, k), "vm": (k,), "dot": (k,), "bmm": (2, n, k)}[kind]
    sb = {"mm": (k, m), "mv": (k,), "vm": (k, m), "dot": (k,), "bmm": (k, m)}[kind]
    return Case(lambda L, a, b: a @ b, [values(draw(seeds), sa), values(draw(seeds), sb)], kind)


@st.composite
def sum_mean_case(draw, name):
    shape = draw(shapes)
    nd = len(shape)
    form = draw(st.sampled_from(["all", "dim", "tuple"] if nd else ["all"]))
    kd = draw(st.booleans())
    if form == "all":
        fn = lambda L, x: getattr(x, name)()  # noqa: E731
    elif form == "dim":
        d = draw(st.integers(-nd, nd - 1))
        fn = lambda L, x: getattr(L, name)(x, dim=d, keepdim=kd)  # noqa: E731
    else:
        dims = tuple(draw(st.lists(st.integers(0, nd - 1), min_size=1, max_size=nd, unique=True)))
        fn = lambda L, x: getattr(x, name)(dims, keepdim=kd)  # noqa: E731
    return Case(fn, [values(draw(seeds), shape)], form)


@st.composite
def max_min_case(draw, name):
    shape = draw(shapes)
    if len(shape) and draw(st.booleans()):
        d = draw(st.integers(-len(shape), len(shape) - 1))
        kd = draw(st.booleans())
        fn = lambda L, x: getattr(x, name)(dim=d, keepdim=kd).values  # noqa: E731
    else:
        fn = lambda L, x: getattr(L, name)(x)  # noqa: E731
    return Case(fn, [values(draw(seeds), shape)], name)


@st.composite
def reshape_case(draw):
    shape = draw(shapes)
    size = int(np.prod(shape))
    target = draw(st.sampled_from([(size,), (-1,), (1, size), (size, 1), (-1, 1)]))
    use_view = draw(st.booleans())
    fn = (lambda L, x: x.view(*target)) if use_view else (lambda L, x: x.reshape(target))
    return Case(fn, [values(draw(seeds), shape)], f"{target}")


@st.composite
def transpose_case(draw):
    shape = draw(nd_shapes)
    d0, d1 = draw(st.integers(0, len(shape) - 1)), draw(st.integers(-len(shape), len(shape) - 1))
    return Case(lambda L, x: x.transpose(d0, d1), [values(draw(seeds), shape)], f"{d0},{d1}")


@st.composite
def permute_case(draw):
    shape = draw(nd_shapes)
    perm = tuple(draw(st.permutations(range(len(shape)))))
    return Case(lambda L, x: x.permute(*perm), [values(draw(seeds), shape)], f"{perm}")


@st.composite
def unsqueeze_case(draw):
    shape = draw(shapes)
    d = draw(st.integers(-len(shape) - 1, len(shape)))
    return Case(lambda L, x: L.unsqueeze(x, d), [values(draw(seeds), shape)], f"{d}")


@st.composite
def squeeze_case(draw):
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=4, min_side=1, max_side=2))
    if draw(st.booleans()):
        fn = lambda L, x: x.squeeze()  # noqa: E731
    else:
        d = draw(st.integers(-len(shape), len(shape) - 1))
        fn = lambda L, x: x.squeeze(d)  # noqa: E731
    return Case(fn, [values(draw(seeds), shape)], "squeeze")


@st.composite
def flatten_case(draw):
    return Case(lambda L, x: x.flatten(), [values(draw(seeds), draw(shapes))], "flatten")


@st.composite
def index_case(draw):
    shape = draw(nd_shapes)
    n = shape[0]
    kind = draw(st.sampled_from(["int", "slice", "list", "tensor", "mask", "int_slice"]))
    if kind == "int":
        i = draw(st.integers(-n, n - 1))
        fn = lambda L, x: x[i]  # noqa: E731
    elif kind == "slice":
        a, b = draw(st.integers(0, n - 1)), draw(st.integers(1, n))
        step = draw(st.integers(1, 2))
        fn = lambda L, x: x[a : max(a + 1, b) : step]  # noqa: E731
    elif kind in ("list", "tensor"):
        idx = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=4))
        fn = (lambda L, x: x[idx]) if kind == "list" else (lambda L, x: x[L.tensor(idx)])
    elif kind == "mask":
        mask = draw(st.lists(st.booleans(), min_size=n, max_size=n))
        fn = lambda L, x: x[L.tensor(mask)]  # noqa: E731
    else:
        if len(shape) < 2:
            fn = lambda L, x: x[:]  # noqa: E731
        else:
            j = draw(st.integers(0, shape[1] - 1))
            fn = lambda L, x: x[:, j]  # noqa: E731
    return Case(fn, [values(draw(seeds), shape)], kind)


@st.composite
def cat_case(draw, stack):
    shape = list(draw(nd_shapes))
    d = draw(st.integers(0, len(shape) - (0 if stack else 1)))
    shapes_ = []
    for _ in range(draw(st.integers(1, 3))):
        s = list(shape)
        if not stack:
            s[d] = draw(st.integers(1, 3))
        shapes_.append(tuple(s))
    f = (lambda L, *xs: L.stack(list(xs), dim=d)) if stack else (lambda L, *xs: L.cat(xs, dim=d))
    return Case(f, [values(draw(seeds), s) for s in shapes_], f"dim={d}")


@st.composite
def where_case(draw):
    (sc, sa, sb), _ = draw(hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=3, max_side=3))
    cond = np.random.RandomState(draw(seeds)).uniform(size=sc) < 0.5
    return Case(
        lambda L, a, b: L.where(L.tensor(cond), a, b),
        [values(draw(seeds), sa), values(draw(seeds), sb)],
        "where",
    )


@st.composite
def clamp_case(draw):
    lo = draw(st.sampled_from([None, -1.0, 0.0]))
    hi = draw(st.sampled_from([None, 1.0, 1.5])) if lo is not None else draw(st.sampled_from([1.0, 0.5]))
    return Case(lambda L, x: x.clamp(min=lo, max=hi), [values(draw(seeds), draw(shapes))], f"{lo},{hi}")


OPS = {
    "add": binary(lambda L, a, b: a + b),
    "add_fn": binary(lambda L, a, b: L.add(a, b)),
    "sub": binary(lambda L, a, b: a - b),
    "mul": binary(lambda L, a, b: a * b),
    "mul_fn": binary(lambda L, a, b: L.mul(a, b)),
    "div": binary(lambda L, a, b: a / b),
    "pow": binary(lambda L, a, b: a**b, ("pos", "any")),
    "scalar_add_r": with_scalar(lambda x, c: x + c),
    "scalar_add_l": with_scalar(lambda x, c: c + x),
    "scalar_sub_r": with_scalar(lambda x, c: x - c),
    "scalar_sub_l": with_scalar(lambda x, c: c - x),
    "scalar_mul_r": with_scalar(lambda x, c: x * c),
    "scalar_mul_l": with_scalar(lambda x, c: c * x),
    "scalar_div_r": with_scalar(lambda x, c: x / c),
    "scalar_div_l": with_scalar(lambda x, c: c / x),
    "scalar_pow_r": with_scalar(lambda x, c: x**c, "pos"),
    "scalar_pow_l": with_scalar(lambda x, c: abs(c) ** x),
    "neg": unary(lambda L, x: -x),
    "matmul": matmul_case(),
    "sum": sum_mean_case("sum"),
    "mean": sum_mean_case("mean"),
    "max": max_min_case("max"),
    "min": max_min_case("min"),
    "exp": unary(lambda L, x: x.exp()),
    "log": unary(lambda L, x: L.log(x), "pos"),
    "sqrt": unary(lambda L, x: x.sqrt(), "pos"),
    "abs": unary(lambda L, x: L.abs(x)),
    "sin": unary(lambda L, x: x.sin()),
    "cos": unary(lambda L, x: L.cos(x)),
    "tanh": unary(lambda L, x: x.tanh()),
    "sigmoid": unary(lambda L, x: L.sigmoid(x)),
    "relu": unary(lambda L, x: x.relu()),
    "clamp": clamp_case(),
    "softmax": unary_dim(lambda L, x, d, kd: x.softmax(dim=d)),
    "log_softmax": unary_dim(lambda L, x, d, kd: L.log_softmax(x, dim=d)),
    "reshape_view": reshape_case(),
    "flatten": flatten_case(),
    "transpose": transpose_case(),
    "T": unary(lambda L, x: x.T, shp=hnp.array_shapes(min_dims=2, max_dims=2, max_side=3)),
    "permute": permute_case(),
    "unsqueeze": unsqueeze_case(),
    "squeeze": squeeze_case(),
    "index": index_case(),
    "cat": cat_case(False),
    "stack": cat_case(True),
    "where": where_case(),
}


def _forward(L, case, arrays, requires_grad):
    xs = [L.tensor(a, dtype=L.float64, requires_grad=requires_grad) for a in arrays]
    return xs, case.fn(L, *xs)


def _node_name(t):
    return None if t.grad_fn is None else t.grad_fn.name()


def _weights(shape):
    return np.random.RandomState(1234).standard_normal(shape)


def _engine_grads(L, case):
    xs, out = _forward(L, case, case.arrays, True)
    w = _weights(tuple(out.shape))
    (out * L.tensor(w)).sum().backward()
    return out, [x.grad for x in xs]


@pytest.mark.parametrize("name", sorted(OPS))
def test_gradient_matches_central_differences(name):
    L = pyautograd

    @SETTINGS
    @given(case=OPS[name])
    def check(case):
        out, grads = _engine_grads(L, case)
        w = _weights(tuple(out.shape))

        def loss(arrays):
            with L.no_grad():
                return float(np.sum(as_numpy(_forward(L, case, arrays, False)[1]) * w))

        eps = 1e-6
        for i, a in enumerate(case.arrays):
            num = np.zeros_like(a)
            for idx in np.ndindex(a.shape):
                plus, minus = [x.copy() for x in case.arrays], [x.copy() for x in case.arrays]
                plus[i][idx] += eps
                minus[i][idx] -= eps
                num[idx] = (loss(plus) - loss(minus)) / (2 * eps)
            assert grads[i] is not None, f"input {i} got no gradient"
            assert tuple(grads[i].shape) == a.shape
            np.testing.assert_allclose(
                as_numpy(grads[i]), num, rtol=1e-5, atol=1e-6, err_msg=f"input {i} of {case}"
            )

    check()


@pytest.mark.parametrize("name", sorted(OPS))
def test_forward_and_gradient_match_live_torch(name):
    torch = pytest.importorskip("torch", reason="live PyTorch comparison needs torch installed")

    @SETTINGS
    @given(case=OPS[name])
    def check(case):
        out, grads = _engine_grads(pyautograd, case)
        tout, tgrads = _engine_grads(torch, case)
        assert tuple(out.shape) == tuple(tout.shape)
        np.testing.assert_allclose(as_numpy(out), tout.detach().numpy(), rtol=1e-12, atol=1e-14)
        assert _node_name(out) == _node_name(tout)
        assert out.dtype == pyautograd.float64
        for g, tg in zip(grads, tgrads):
            np.testing.assert_allclose(as_numpy(g), tg.numpy(), rtol=1e-10, atol=1e-12)

    check()


@SETTINGS
@given(pair=pairs, seed=seeds)
def test_broadcast_result_shape_and_reduced_grad_shapes(pair, seed):
    (sa, sb), result = pair
    a = pyautograd.tensor(values(seed, sa), requires_grad=True)
    b = pyautograd.tensor(values(seed + 1, sb), requires_grad=True)
    out = a * b + a - b
    assert tuple(out.shape) == tuple(result)
    out.sum().backward()
    assert tuple(a.grad.shape) == sa and tuple(b.grad.shape) == sb
    # d/da sum(a*b + a - b) = sum of (b + 1) over the broadcast axes
    expect_a = np.broadcast_to(values(seed + 1, sb) + 1, result)
    expect_a = expect_a.sum(axis=tuple(range(len(result) - len(sa)))) if len(result) > len(sa) else expect_a
    for ax, n in enumerate(sa):
        if n == 1 and expect_a.shape[ax] != 1:
            expect_a = expect_a.sum(axis=ax, keepdims=True)
    np.testing.assert_allclose(np.asarray(a.grad.tolist()), expect_a.reshape(sa), rtol=1e-5)
