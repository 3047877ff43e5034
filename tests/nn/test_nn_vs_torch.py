"""pyautograd.nn bookkeeping, layers, init and functional edge cases, checked against torch.nn.

Each test runs the same code on both libraries (``L`` is pyautograd or torch) and compares
what a reader would see: names, orders, printed forms, numbers and error messages.
"""

import copy
import math
import pickle
import warnings
from collections import OrderedDict

import numpy as np
import pytest
from torch_compare import error_of, in_our_words, same_error

import pyautograd as pag

torch = pytest.importorskip("torch")
LIBS = (pag, torch)


def _model(L):
    nn = L.nn

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(2, 3)
            self.register_buffer("running", L.zeros(3))
            self.register_parameter("p", None)
            self.seq = nn.Sequential(OrderedDict([("fc", nn.Linear(3, 1)), ("act", nn.Tanh())]))

        def forward(self, x):
            return self.seq(self.a(x) + self.running)

    return Model()


# ---- walking the module tree ---------------------------------------------------------------------
def test_tree_walks_match_torch():
    def walk(L):
        m = _model(L)
        return dict(
            repr=repr(m),
            modules=[n for n, _ in m.named_modules()],
            module_types=[type(x).__name__ for x in m.modules()],
            children=[type(x).__name__ for x in m.children()],
            params=[n for n, _ in m.named_parameters()],
            params_local=[n for n, _ in m.named_parameters(recurse=False)],
            params_prefixed=[n for n, _ in m.named_parameters(prefix="net")],
            buffers=[n for n, _ in m.named_buffers()],
            buffers_local=[n for n, _ in m.named_buffers(recurse=False)],
            n_buffers=len(list(m.buffers())),
            state=list(m.state_dict()),
            state_prefixed=list(m.state_dict(prefix="top.")),
            p_is_none=m.p is None,
            running=m.running.tolist(),
            in_dir=[name in dir(m) for name in ("p", "running", "seq", "a", "forward")],
        )

    assert walk(pag) == walk(torch)


def test_apply_visits_children_first_and_returns_self():
    for L in LIBS:
        nn = L.nn
        net = nn.Sequential(nn.Linear(1, 2), nn.Sequential(nn.ReLU(), nn.Linear(2, 1)))
        seen = []
        assert net.apply(lambda m: seen.append(type(m).__name__)) is net
        assert seen == ["Linear", "ReLU", "Linear", "Sequential", "Sequential"]


def test_apply_can_reinitialise_weights():
    pag.manual_seed(0)
    net = pag.nn.Sequential(pag.nn.Linear(3, 4), pag.nn.Tanh(), pag.nn.Linear(4, 2))

    def init(m):
        if isinstance(m, pag.nn.Linear):
            pag.nn.init.constant_(m.weight, 0.25)
            pag.nn.init.zeros_(m.bias)

    net.apply(init)
    out = net(pag.ones(1, 3))
    expected = np.tanh(0.75) * 4 * 0.25
    np.testing.assert_allclose(out.tolist(), [[expected, expected]], rtol=1e-6)


def test_setting_none_and_deleting_attributes_match_torch():
    def run(L):
        m = _model(L)
        m.p = None  # a parameter slot may hold None
        m.seq = None  # so may a child module slot
        m.running = L.ones(3)  # and a buffer slot takes a new tensor
        out = [repr(m), [n for n, _ in m.named_modules()], m.running.tolist()]
        del m.running
        del m.a
        m.plain = 5
        del m.plain
        out += [list(m.state_dict()), repr(m), error_of(lambda: m.plain, in_our_words)]
        return out

    assert run(pag) == run(torch)


def test_reassigning_a_name_moves_it_between_stores():
    for L in LIBS:
        m = _model(L)
        m.a = L.nn.Parameter(L.zeros(2))  # was a module: now a parameter
        assert "a" not in dict(m.named_children()) and [n for n, _ in m.named_parameters()][0] == "a"
        m.seq = L.nn.Linear(1, 1)  # module slot takes another module
        assert [n for n, _ in m.named_parameters()] == ["a", "seq.weight", "seq.bias"]


def test_assignment_type_errors_match_torch():
    same_error(lambda L: lambda: setattr(_model(L), "a", 3))
    same_error(lambda L: lambda: setattr(_model(L), "running", 3))
    same_error(lambda L: lambda: _model(L).register_parameter("q", L.zeros(2)))


def test_assigning_before_init_matches_torch():
    def early(L, value):
        class Early(L.nn.Module):
            def __init__(self):
                self.w = value(L)

        return Early

    assert same_error(lambda L: early(L, lambda l: l.nn.Parameter(l.zeros(1)))) == (
        "AttributeError",
        "cannot assign parameters before Module.__init__() call",
    )
    assert same_error(lambda L: early(L, lambda l: l.nn.Linear(1, 1))) == (
        "AttributeError",
        "cannot assign module before Module.__init__() call",
    )


def test_missing_forward_and_bad_train_mode_match_torch():
    assert same_error(lambda L: lambda: L.nn.Module()(1)) == (
        "NotImplementedError",
        'Module [Module] is missing the required "forward" function',
    )
    assert same_error(lambda L: lambda: L.nn.Linear(1, 1).train("yes")) == (
        "ValueError",
        "training mode is expected to be boolean",
    )


def test_train_eval_reach_every_submodule():
    for L in LIBS:
        m = _model(L)
        assert m.eval() is m
        assert [x.training for x in m.modules()] == [False] * 5
        m.seq.train()
        assert [x.training for x in m.modules()] == [False, False, True, True, True]
        m.train(True)
        assert all(x.training for x in m.modules())


# ---- gradients, dtypes, copies --------------------------------------------------------------------
def test_requires_grad_and_zero_grad_on_modules():
    for L in LIBS:
        net = L.nn.Sequential(L.nn.Linear(2, 2), L.nn.Linear(2, 1))
        assert net.requires_grad_(False) is net
        assert [p.requires_grad for p in net.parameters()] == [False] * 4
        net[1].requires_grad_()
        assert [p.requires_grad for p in net.parameters()] == [False, False, True, True]
        net(L.ones(3, 2)).sum().backward()
        assert [p.grad is None for p in net.parameters()] == [True, True, False, False]
        net.zero_grad(set_to_none=False)
        assert [p.grad is None for p in net.parameters()] == [True, True, False, False]
        assert net[1].bias.grad.tolist() == [0.0]


def test_to_float_double_cpu_convert_parameters_buffers_and_grads():
    for L in LIBS:
        m = _model(L)
        m(L.ones(1, 2)).sum().backward()
        assert m.cpu() is m and m.to("cpu") is m
        assert m.to(L.float64) is m
        assert {t.dtype for t in m.state_dict().values()} == {L.float64}
        assert m.a.weight.grad.dtype == L.float64
        assert m.float() is m and m.a.bias.dtype == L.float32 and m.running.dtype == L.float32
        m.to(dtype=L.float64)
        assert m.seq.fc.weight.dtype == L.float64 and m.seq.fc.weight.is_leaf
        assert m.double().a.weight.requires_grad


def test_integer_buffers_keep_their_dtype_under_to():
    for L in LIBS:
        m = L.nn.Linear(1, 1)
        m.register_buffer("count", L.tensor([3]))
        m.double()
        assert m.count.dtype == L.int64 and m.weight.dtype == L.float64


def test_linear_dtype_argument():
    for L in LIBS:
        layer = L.nn.Linear(2, 3, dtype=L.float64)
        assert layer.weight.dtype == layer.bias.dtype == L.float64
        assert layer(L.ones(1, 2, dtype=L.float64)).dtype == L.float64


def test_deepcopy_of_a_module_copies_parameters():
    for L in LIBS:
        m = L.nn.Linear(2, 2)
        twin = copy.deepcopy(m)
        assert twin.weight is not m.weight and twin.weight.tolist() == m.weight.tolist()
        assert isinstance(twin.weight, L.nn.Parameter) and twin.weight.requires_grad
        with L.no_grad():
            twin.weight.zero_()
        assert m.weight.abs().sum().item() > 0


def test_state_dict_round_trip_through_a_fresh_model_matches_outputs():
    pag.manual_seed(5)
    src, dst = _model(pag), _model(pag)
    with pag.no_grad():
        src.running += 1.5
    x = pag.tensor([[0.5, -1.0], [2.0, 0.25]])
    assert dst(x).tolist() != src(x).tolist()
    version = dst.a.weight._version
    result = dst.load_state_dict(src.state_dict())
    assert result.missing_keys == [] and result.unexpected_keys == []
    assert dst(x).tolist() == src(x).tolist()
    assert dst.running.tolist() == [1.5] * 3
    assert dst.a.weight._version == version + 1 and dst.a.weight.is_leaf
    assert dst.a.weight is not src.a.weight


def test_load_state_dict_accepts_numpy_arrays_and_nested_lists():
    net = pag.nn.Linear(2, 1)
    net.load_state_dict({"weight": np.array([[1.0, 2.0]]), "bias": [0.5]})
    assert net(pag.tensor([[1.0, 1.0]])).tolist() == [[3.5]]


def test_state_dict_keep_vars_and_destination():
    for L in LIBS:
        net = L.nn.Linear(2, 1)
        kept = net.state_dict(keep_vars=True)
        assert kept["weight"] is net.weight and kept["weight"].requires_grad
        detached = net.state_dict()
        assert not detached["weight"].requires_grad
        with L.no_grad():
            net.weight.fill_(2.0)
        assert detached["weight"].tolist() == [[2.0, 2.0]]  # shares memory
        dest = OrderedDict(extra=L.zeros(1))
        assert net.state_dict(destination=dest) is dest and list(dest) == ["extra", "weight", "bias"]


def test_incompatible_keys_repr_matches_torch():
    def run(L):
        net = L.nn.Linear(2, 1)
        ok = net.load_state_dict(net.state_dict())
        loose = net.load_state_dict({"weight": L.zeros(1, 2), "other": L.zeros(1)}, strict=False)
        return repr(ok), repr(loose), loose.missing_keys, loose.unexpected_keys

    assert run(pag) == run(torch)


# ---- Sequential -------------------------------------------------------------------------------------
def test_sequential_indexing_slicing_iteration_and_append_match_torch():
    def run(L):
        nn = L.nn
        s = nn.Sequential(nn.Linear(1, 2), nn.ReLU(), nn.Linear(2, 1))
        out = [
            repr(s[1:]),
            len(s),
            [type(x).__name__ for x in s],
            type(s[-1]).__name__,
            s[0] is list(s)[0],
            repr(s[::2]),
        ]
        out += [error_of(lambda: s[3], in_our_words), error_of(lambda: s[-4], in_our_words)]
        assert s.append(nn.Sigmoid()) is s
        out += [repr(s), len(s)]
        return out

    assert run(pag) == run(torch)


def test_sequential_slice_shares_the_modules():
    for L in LIBS:
        s = L.nn.Sequential(L.nn.Linear(1, 2), L.nn.Tanh(), L.nn.Linear(2, 1))
        head = s[:2]
        assert head[0] is s[0]
        x = L.tensor([[0.3]])
        assert s(x).tolist() == s[2](head(x)).tolist()


# ---- layers -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "make",
    [
        lambda nn: nn.ReLU(inplace=True),
        lambda nn: nn.ReLU(),
        lambda nn: nn.Identity(3, k=2),
        lambda nn: nn.Softmax(dim=1),
        lambda nn: nn.Softmax(),
        lambda nn: nn.LogSoftmax(dim=0),
        lambda nn: nn.Flatten(),
        lambda nn: nn.Flatten(0, 2),
        lambda nn: nn.Tanh(),
        lambda nn: nn.Sigmoid(),
        lambda nn: nn.Linear(4, 2),
        lambda nn: nn.Linear(4, 2, bias=False),
    ],
)
def test_layer_repr_matches_torch(make):
    assert repr(make(pag.nn)) == repr(make(torch.nn))


@pytest.mark.parametrize(
    "make",
    [
        lambda nn: nn.SELU(),
        lambda nn: nn.SELU(inplace=True),
        lambda nn: nn.Mish(),
        lambda nn: nn.Hardtanh(),
        lambda nn: nn.Hardtanh(-2.0, 0.5, inplace=True),
        lambda nn: nn.LogSigmoid(),
        lambda nn: nn.ReLU6(),
        lambda nn: nn.ReLU6(inplace=True),
        lambda nn: nn.Hardsigmoid(),
        lambda nn: nn.Hardsigmoid(True),
        lambda nn: nn.Hardswish(),
        lambda nn: nn.Hardswish(inplace=True),
        lambda nn: nn.Softsign(),
        lambda nn: nn.Threshold(0.1, 20.0),
        lambda nn: nn.Threshold(0.1, 20, inplace=True),
        lambda nn: nn.CELU(),
        lambda nn: nn.CELU(0.5, inplace=True),
        lambda nn: nn.Softmin(),
        lambda nn: nn.Softmin(1),
        lambda nn: nn.GLU(),
        lambda nn: nn.GLU(0),
    ],
)
def test_new_activation_repr_matches_torch(make):
    assert repr(make(pag.nn)) == repr(make(torch.nn))


def test_activation_layers_compute_like_torch():
    data = [[[1.0, 2.0, 3.0], [0.0, -1.0, 4.0]], [[0.5, 0.5, -2.0], [1.0, 1.0, 1.0]]]
    layers = [
        lambda nn: nn.Softmax(dim=1),
        lambda nn: nn.Softmax(dim=-1),
        lambda nn: nn.LogSoftmax(dim=2),
        lambda nn: nn.LogSoftmax(dim=0),
        lambda nn: nn.Flatten(),
        lambda nn: nn.Flatten(0, 1),
        lambda nn: nn.ReLU(),
        lambda nn: nn.Tanh(),
        lambda nn: nn.Sigmoid(),
        lambda nn: nn.Identity(),
        lambda nn: nn.SELU(),
        lambda nn: nn.Mish(),
        lambda nn: nn.Hardtanh(-0.5, 2.5),
        lambda nn: nn.LogSigmoid(),
        lambda nn: nn.ReLU6(),
        lambda nn: nn.Hardsigmoid(),
        lambda nn: nn.Hardswish(),
        lambda nn: nn.Softsign(),
        lambda nn: nn.Threshold(0.7, -3.0),
        lambda nn: nn.CELU(0.5),
        lambda nn: nn.GLU(1),
    ]
    for make in layers:
        results = []
        for L in LIBS:
            x = L.tensor(data, dtype=L.float64, requires_grad=True)
            y = make(L.nn)(x)
            (y * L.arange(y.numel(), dtype=L.float64).reshape(y.shape)).sum().backward()
            results.append((tuple(y.shape), y.tolist(), x.grad.tolist()))
        (s1, y1, g1), (s2, y2, g2) = results
        assert s1 == s2
        np.testing.assert_allclose(y1, y2, rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(g1, g2, rtol=1e-12, atol=1e-15)


def test_identity_returns_its_input():
    x = pag.ones(2)
    assert pag.nn.Identity(5, anything=1)(x) is x
    assert list(pag.nn.Identity().parameters()) == []


def test_linear_with_zero_inputs_warns_and_outputs_the_bias():
    for L in LIBS:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            layer = L.nn.Linear(0, 3)
        assert "Initializing zero-element tensors is a no-op" in [str(w.message) for w in caught]
        assert layer.bias.tolist() == [0.0, 0.0, 0.0]  # bound 0: U(0, 0)
        assert tuple(layer(L.ones(2, 0)).shape) == (2, 3)


# ---- Parameter ----------------------------------------------------------------------------------------
def test_parameter_defaults_and_sharing_match_torch():
    def run(L):
        p = L.nn.Parameter()
        q = L.nn.Parameter(L.tensor([1.0, 2.0]), requires_grad=False)
        base = L.tensor([1.0, 2.0])
        r = L.nn.Parameter(base)
        with L.no_grad():
            r[0] = 5.0
        return [
            repr(p),
            tuple(p.shape),
            p.requires_grad,
            p.is_leaf,
            repr(q),
            q.requires_grad,
            base.tolist(),
            r._version,
            base._version,
        ]

    assert run(pag) == run(torch)


def test_parameter_deepcopy_and_pickle_keep_class_and_flag():
    def run(L):
        out = []
        for flag in (True, False):
            r = L.nn.Parameter(L.tensor([5.0, 2.0]), requires_grad=flag)
            d = copy.deepcopy(r)
            with L.no_grad():
                d[1] = 9.0
            u = pickle.loads(pickle.dumps(r))
            out += [
                type(d).__name__,
                d.requires_grad,
                r.tolist(),
                d.tolist(),
                type(u).__name__,
                u.requires_grad,
                u.tolist(),
                u.is_leaf,
            ]
        return out

    assert run(pag) == run(torch)


def test_deepcopy_shares_a_parameter_used_twice():
    for L in LIBS:
        p = L.nn.Parameter(L.ones(1))
        a, b = copy.deepcopy([p, p])
        assert a is b and a is not p


# ---- init ------------------------------------------------------------------------------------------------
GAINS = [
    "linear",
    "conv1d",
    "conv2d",
    "conv3d",
    "conv_transpose1d",
    "conv_transpose2d",
    "conv_transpose3d",
    "sigmoid",
    "tanh",
    "relu",
    "leaky_relu",
    "selu",
]


@pytest.mark.parametrize("name", GAINS)
def test_calculate_gain_matches_torch(name):
    assert pag.nn.init.calculate_gain(name) == torch.nn.init.calculate_gain(name)


@pytest.mark.parametrize("slope", [0, 0.2, 1, 3.5])
def test_leaky_relu_gain_with_slope_matches_torch(slope):
    ours = pag.nn.init.calculate_gain("leaky_relu", slope)
    assert ours == torch.nn.init.calculate_gain("leaky_relu", slope)
    assert ours == pytest.approx(math.sqrt(2 / (1 + slope**2)))


def test_calculate_gain_errors_match_torch():
    assert same_error(lambda L: lambda: L.nn.init.calculate_gain("swish")) == (
        "ValueError",
        "Unsupported nonlinearity swish",
    )
    same_error(lambda L: lambda: L.nn.init.calculate_gain("leaky_relu", "0.2"))
    same_error(lambda L: lambda: L.nn.init.calculate_gain("leaky_relu", True))


@pytest.mark.parametrize("shape", [(3, 4), (5, 2, 3), (2, 3, 4, 5), (1, 1)])
def test_fan_in_and_fan_out_match_torch(shape):
    ours = pag.nn.init._calculate_fan_in_and_fan_out(pag.empty(*shape))
    assert ours == torch.nn.init._calculate_fan_in_and_fan_out(torch.empty(*shape))
    receptive = int(np.prod(shape[2:]))
    assert ours == (shape[1] * receptive, shape[0] * receptive)


def test_fan_needs_two_dimensions_like_torch():
    assert same_error(lambda L: lambda: L.nn.init._calculate_fan_in_and_fan_out(L.empty(3))) == (
        "ValueError",
        "Fan in and fan out can not be computed for tensor with fewer than 2 dimensions",
    )
    with pytest.raises(ValueError, match="fewer than 2 dimensions"):
        pag.nn.init.xavier_uniform_(pag.empty(4))


def test_bad_fan_mode_matches_torch():
    for fn in ("kaiming_uniform_", "kaiming_normal_"):
        assert same_error(lambda L: lambda: getattr(L.nn.init, fn)(L.empty(3, 4), mode="fan_avg")) == (
            "ValueError",
            "Mode fan_avg not supported, please use one of ['fan_in', 'fan_out']",
        )


def test_fan_mode_is_case_insensitive_like_torch():
    pag.manual_seed(0)
    w = pag.nn.init.kaiming_uniform_(pag.empty(50, 2), mode="FAN_OUT", nonlinearity="relu")
    bound = math.sqrt(2.0) * math.sqrt(3.0 / 50)
    assert np.abs(w.numpy()).max() <= bound
    torch.nn.init.kaiming_uniform_(torch.empty(50, 2), mode="FAN_OUT")  # accepted there too


def _uniform_case(L, name, shape, kwargs):
    return getattr(L.nn.init, name)(L.empty(*shape), **kwargs)


@pytest.mark.parametrize(
    "name, kwargs, bound",
    [
        ("uniform_", dict(a=-0.5, b=2.0), None),
        ("kaiming_uniform_", dict(), math.sqrt(2 / 1.0001) * math.sqrt(3 / 30)),
        ("kaiming_uniform_", dict(a=math.sqrt(5)), 1 / math.sqrt(30)),
        ("kaiming_uniform_", dict(mode="fan_out", nonlinearity="relu"), math.sqrt(2) * math.sqrt(3 / 40)),
        ("xavier_uniform_", dict(), math.sqrt(6 / 70)),
        ("xavier_uniform_", dict(gain=5 / 3), 5 / 3 * math.sqrt(6 / 70)),
    ],
)
def test_uniform_initialisers_fill_torchs_range(name, kwargs, bound):
    """Same bounds as torch: the samples sit inside [-bound, bound] and reach near both ends."""
    pag.manual_seed(1)
    torch.manual_seed(1)
    shape = (40, 30)
    ours = _uniform_case(pag, name, shape, kwargs).numpy()
    theirs = _uniform_case(torch, name, shape, kwargs).numpy()
    lo, hi = (kwargs["a"], kwargs["b"]) if bound is None else (-bound, bound)
    width = hi - lo
    for sample in (ours, theirs):
        assert sample.min() >= lo and sample.max() <= hi
        assert sample.min() < lo + 0.01 * width and sample.max() > hi - 0.01 * width
        assert sample.mean() == pytest.approx((lo + hi) / 2, abs=0.02 * width)
        assert sample.std() == pytest.approx(width / math.sqrt(12), rel=0.03)
    assert ours.dtype == theirs.dtype == np.float32


@pytest.mark.parametrize(
    "name, kwargs, std",
    [
        ("normal_", dict(mean=1.5, std=0.5), 0.5),
        ("kaiming_normal_", dict(), math.sqrt(2 / 1.0001) / math.sqrt(30)),
        ("kaiming_normal_", dict(mode="fan_out", nonlinearity="tanh"), 5 / 3 / math.sqrt(40)),
        ("kaiming_normal_", dict(a=0.2, nonlinearity="leaky_relu"), math.sqrt(2 / 1.04) / math.sqrt(30)),
        ("xavier_normal_", dict(), math.sqrt(2 / 70)),
        ("xavier_normal_", dict(gain=2.0), 2 * math.sqrt(2 / 70)),
    ],
)
def test_normal_initialisers_have_torchs_statistics(name, kwargs, std):
    pag.manual_seed(2)
    torch.manual_seed(2)
    shape = (40, 30)
    mean = kwargs.get("mean", 0.0)
    for sample in (
        _uniform_case(pag, name, shape, kwargs).numpy(),
        _uniform_case(torch, name, shape, kwargs).numpy(),
    ):
        assert sample.std() == pytest.approx(std, rel=0.05)
        assert sample.mean() == pytest.approx(mean, abs=4 * std / math.sqrt(sample.size))


def test_initialisers_are_in_place_bump_the_version_and_keep_requires_grad():
    def run(L):
        init = L.nn.init
        t = L.empty(2, 3, requires_grad=True)
        out = [init.constant_(t, 0.5) is t, t.tolist(), t._version, t.requires_grad, t.grad_fn is None]
        init.zeros_(t)
        out += [t.tolist()]
        init.ones_(t)
        out += [t.tolist(), t._version]
        return out

    assert run(pag) == run(torch)


def test_random_initialisers_follow_manual_seed():
    for name in (
        "uniform_",
        "normal_",
        "kaiming_uniform_",
        "kaiming_normal_",
        "xavier_uniform_",
        "xavier_normal_",
    ):
        draws = []
        for _ in range(2):
            pag.manual_seed(11)
            draws.append(getattr(pag.nn.init, name)(pag.empty(4, 5)).tolist())
        assert draws[0] == draws[1]
        assert getattr(pag.nn.init, name)(pag.empty(4, 5)).tolist() != draws[0]


def test_kaiming_on_zero_element_tensor_warns_and_leaves_it():
    for L in LIBS:
        for fn in (L.nn.init.kaiming_uniform_, L.nn.init.kaiming_normal_):
            w = L.empty(3, 0)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                assert fn(w) is w
            assert [str(c.message) for c in caught] == ["Initializing zero-element tensors is a no-op"]


# ---- functional edge cases ----------------------------------------------------------------------------------
def _both(data, dtype=np.float64, grad=True):
    a = np.asarray(data, dtype=dtype)
    return pag.tensor(a, requires_grad=grad), torch.tensor(a, requires_grad=grad)


def test_functional_softmax_log_softmax_match_torch():
    x, y = _both([[1.0, -2.0, 0.5], [3.0, 3.0, 3.0]])
    for name in ("softmax", "log_softmax"):
        for dim in (0, 1):
            ours = getattr(pag.nn.functional, name)(x, dim)
            theirs = getattr(torch.nn.functional, name)(y, dim)
            np.testing.assert_allclose(ours.tolist(), theirs.tolist(), rtol=1e-12)


@pytest.mark.parametrize("xshape, bias", [((3,), True), ((2, 4, 3), True), ((4, 3), False), ((3,), False)])
def test_linear_outside_the_fused_path_matches_torch(xshape, bias):
    rng = np.random.default_rng(0)
    x, tx = _both(rng.normal(size=xshape))
    w, tw = _both(rng.normal(size=(2, 3)))
    b, tb = _both(rng.normal(size=2)) if bias else (None, None)
    ours, theirs = pag.nn.functional.linear(x, w, b), torch.nn.functional.linear(tx, tw, tb)
    assert tuple(ours.shape) == tuple(theirs.shape)
    np.testing.assert_allclose(ours.tolist(), theirs.tolist(), rtol=1e-12)
    ours.sum().backward()
    theirs.sum().backward()
    for a, c in ((x, tx), (w, tw)) + (((b, tb),) if bias else ()):
        np.testing.assert_allclose(a.grad.tolist(), c.grad.tolist(), rtol=1e-12)


@pytest.mark.parametrize("bias_shape", [(2,), (1,), ()])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("create_graph", [False, True])
def test_linear_on_the_fused_path_matches_torch(bias_shape, dtype, create_graph):
    """Addmm's backward (arrays with a bias per output take a shorter path; a broadcast bias,
    or tensors under create_graph, the general one): PyTorch's gradients, to its rounding."""
    rng = np.random.default_rng(1)
    x, tx = _both(rng.normal(size=(5, 3)), dtype)
    w, tw = _both(rng.normal(size=(2, 3)), dtype)
    b, tb = _both(rng.normal(size=bias_shape), dtype)
    weights = rng.normal(size=(5, 2)).astype(dtype)
    out = pag.nn.functional.linear(x, w, b)
    assert out.grad_fn.name() == "AddmmBackward0"
    ours = (out * pag.tensor(weights)).sum()
    theirs = (torch.nn.functional.linear(tx, tw, tb) * torch.tensor(weights)).sum()
    ours.backward(create_graph=create_graph)
    theirs.backward(create_graph=create_graph)
    rtol, atol = (1e-5, 1e-6) if dtype == np.float32 else (1e-12, 0)  # float32: BLAS may sum in another order
    for a, c in ((x, tx), (w, tw), (b, tb)):
        assert a.grad.dtype == pag.tensor(np.zeros(0, dtype)).dtype and tuple(a.grad.shape) == tuple(
            c.grad.shape
        )
        np.testing.assert_allclose(a.grad.tolist(), c.grad.tolist(), rtol=rtol, atol=atol)
        assert (a.grad.grad_fn is None) == (c.grad.grad_fn is None)


def test_functional_error_messages_match_torch():
    F = lambda L: L.nn.functional  # noqa: E731
    same_error(lambda L: lambda: F(L).linear(L.ones(4, 3), L.ones(2, 5), L.ones(2)))
    same_error(lambda L: lambda: F(L).binary_cross_entropy(L.tensor([1.5, 0.5]), L.tensor([1.0, 0.0])))
    same_error(lambda L: lambda: F(L).binary_cross_entropy_with_logits(L.ones(3), L.ones(2)))


def test_nll_loss_dimension_errors():
    F = pag.nn.functional
    with pytest.raises(ValueError, match=r"Expected 1D or 2D input \(got 4D input\)"):
        F.nll_loss(pag.ones(2, 3, 4, 5), pag.zeros(2, dtype=pag.int64))
    assert same_error(
        lambda L: lambda: L.nn.functional.nll_loss(L.ones(3, 2), L.zeros(2, dtype=L.int64))
    ) == ("ValueError", "Expected input batch_size (3) to match target batch_size (2).")


@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
@pytest.mark.parametrize("smoothing", [0.0, 0.2])
def test_cross_entropy_with_probability_targets_matches_torch(reduction, smoothing):
    rng = np.random.default_rng(3)
    x, tx = _both(rng.normal(size=(4, 3)))
    p = rng.random((4, 3))
    p /= p.sum(1, keepdims=True)
    w = np.array([0.5, 1.0, 2.0])
    for weight in (None, w):
        ours = pag.nn.functional.cross_entropy(
            x,
            pag.tensor(p),
            None if weight is None else pag.tensor(weight),
            reduction=reduction,
            label_smoothing=smoothing,
        )
        theirs = torch.nn.functional.cross_entropy(
            tx,
            torch.tensor(p),
            None if weight is None else torch.tensor(weight),
            reduction=reduction,
            label_smoothing=smoothing,
        )
        np.testing.assert_allclose(ours.tolist(), theirs.tolist(), rtol=1e-12)


@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
def test_cross_entropy_label_smoothing_with_class_weights_matches_torch(reduction):
    rng = np.random.default_rng(4)
    logits = rng.normal(size=(5, 4))
    target = np.array([0, 3, -100, 1, 3])
    weight = np.array([0.25, 1.0, 2.0, 0.5])
    results = []
    for L in LIBS:
        x = L.tensor(logits, requires_grad=True)
        loss = L.nn.functional.cross_entropy(
            x, L.tensor(target), L.tensor(weight), reduction=reduction, label_smoothing=0.3
        )
        loss.sum().backward()
        results.append((loss.tolist(), x.grad.tolist()))
    np.testing.assert_allclose(results[0][0], results[1][0], rtol=1e-12)
    np.testing.assert_allclose(results[0][1], results[1][1], rtol=1e-12, atol=1e-15)


def test_top_level_helpers():
    assert pag.is_tensor(pag.nn.Parameter(pag.ones(1))) and not pag.is_tensor([1.0])
    assert pag.is_tensor(pag.ones(1)) == torch.is_tensor(torch.ones(1))
    assert pag.numel(pag.zeros(2, 3)) == torch.numel(torch.zeros(2, 3)) == 6
    assert pag.numel(pag.tensor(1.0)) == 1
    a, b = pag.tensor([3.0, 1.0]), pag.tensor([2.0, 4.0])
    for alias, op in (("multiply", "mul"), ("subtract", "sub"), ("divide", "div")):
        assert (
            getattr(pag, alias)(a, b).tolist()
            == getattr(torch, alias)(torch.tensor([3.0, 1.0]), torch.tensor([2.0, 4.0])).tolist()
        )
    assert pag.negative(a).tolist() == [-3.0, -1.0]


def test_module_into_a_parameter_slot_and_register_before_init_match_torch():
    def into_param(L):
        net = L.nn.Linear(2, 1)
        return lambda: setattr(net, "weight", L.nn.Tanh())

    for L in LIBS:  # the module path of Tanh differs (torch.nn.modules.activation)
        kind, message = error_of(into_param(L), in_our_words)
        assert kind == "TypeError" and message.startswith("cannot assign 'pyautograd.nn.")
        assert message.endswith(".Tanh' as parameter 'weight' (pyautograd.nn.Parameter or None expected)")

    def register_early(L):
        class Early(L.nn.Module):
            def __init__(self):
                self.register_parameter("w", None)

        return Early

    assert same_error(register_early) == (
        "AttributeError",
        "cannot assign parameter before Module.__init__() call",
    )


@pytest.mark.parametrize("reduction", ["none", "sum", "mean"])
def test_cross_entropy_with_probabilities_has_pytorchs_graph(reduction):
    """Neg of the sum, then DivBackward1 (a division by a plain number) for the mean."""
    torch = pytest.importorskip("torch")
    x = np.random.default_rng(0).normal(size=(3, 4)).astype(np.float32)
    names = []
    for L in (pag, torch):
        logits = L.tensor(x, requires_grad=True)
        loss = L.nn.functional.cross_entropy(logits, L.softmax(L.tensor(x * 2), dim=1), reduction=reduction)
        node = loss.grad_fn
        names.append([node.name(), *(type(n).__name__ for n, _ in node.next_functions)])
    assert names[0] == names[1]


def test_softmin_matches_torch_with_and_without_dim():
    """softmin is softmax of -x: its dims, its graph and the implicit-dim warning (the
    caller's line, as PyTorch's stacklevel gives it) as PyTorch's."""
    data = [[[1.0, 2.0, 3.0], [0.0, -1.0, 4.0]]]
    results = []
    for L in LIBS:
        x = L.tensor(data, dtype=L.float64, requires_grad=True)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            implicit = L.nn.functional.softmin(x)
            layer = L.nn.Softmin()(x)
        shown = [(str(w.message), w.filename) for w in caught]
        y = L.nn.functional.softmin(x, dim=-1) + L.nn.Softmin(1)(x)
        (y * L.arange(6, dtype=L.float64).reshape(1, 2, 3)).sum().backward()
        nodes = [
            y.grad_fn.next_functions[0][0].name(),
            y.grad_fn.next_functions[0][0].next_functions[0][0].name(),
        ]
        results.append((implicit.tolist(), layer.tolist(), y.tolist(), x.grad.tolist(), shown, nodes))
    ours, theirs = results
    for a, b in zip(ours[:4], theirs[:4]):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)
    assert (
        [m for m, _ in ours[4]]
        == [m for m, _ in theirs[4]]
        == [
            "Implicit dimension choice for softmin has been deprecated. Change the call to include dim=X as an argument."
        ]
        * 2
    )
    assert ours[4][0][1] == __file__  # the warning names the learner's call
    assert ours[5] == theirs[5] == ["SoftmaxBackward0", "NegBackward0"]
