"""pyautograd.optim against torch.optim: construction errors, parameter groups, state, repr,
and the less common update rules (Nesterov, dampening, maximize, weight decay, AMSGrad)."""

import numpy as np
import pytest
from torch_compare import error_of, in_our_words, same_error

import pyautograd as pag

torch = pytest.importorskip("torch")
LIBS = (pag, torch)


def _params(L):
    return L.nn.Parameter(L.tensor([1.0, 2.0])), L.nn.Parameter(L.tensor([3.0]))


@pytest.mark.parametrize(
    "make",
    [
        lambda o, a: o.SGD(a, lr=0.1),
        lambda o, a: o.SGD([a], lr=-0.1),
        lambda o, a: o.SGD([a], lr=0.1, momentum=-1),
        lambda o, a: o.SGD([a], lr=0.1, weight_decay=-1),
        lambda o, a: o.SGD([a], lr=0.1, momentum=0.9, dampening=0.1, nesterov=True),
        lambda o, a: o.Adam([a], lr=-1.0),
        lambda o, a: o.Adam([a], eps=-1),
        lambda o, a: o.Adam([a], betas=(1.0, 0.9)),
        lambda o, a: o.Adam([a], betas=(0.9, -0.1)),
        lambda o, a: o.Adam([a], weight_decay=-1),
        lambda o, a: o.SGD([{"params": a}, {"params": [a]}], lr=0.1),
        lambda o, a: o.SGD(iter([]), lr=0.1),
        lambda o, a: o.Adam([a * 2]),
    ],
)
def test_construction_errors_match_torch(make):
    same_error(lambda L: lambda: make(L.optim, _params(L)[0]))


def test_add_param_group_fills_defaults_and_refuses_duplicates():
    def run(L):
        a, b = _params(L)
        opt = L.optim.SGD([a], lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.01)
        opt.add_param_group({"params": b, "lr": 0.5})  # a lone tensor is accepted
        g = opt.param_groups[1]
        out = [
            len(opt.param_groups),
            g["lr"],
            g["momentum"],
            g["nesterov"],
            g["params"][0] is b,
            opt.param_groups[0]["params"][0] is a,
        ]
        out.append(error_of(lambda: opt.add_param_group({"params": [a]}), in_our_words))
        out.append(len(opt.param_groups))
        return out

    assert run(pag) == run(torch)


def test_groups_from_a_generator_and_a_named_model():
    for L in LIBS:
        net = L.nn.Sequential(L.nn.Linear(2, 2), L.nn.Linear(2, 1))
        opt = L.optim.SGD(net.parameters(), lr=0.1)
        assert [p is q for p, q in zip(opt.param_groups[0]["params"], net.parameters())] == [True] * 4
        opt = L.optim.Adam([{"params": net[0].parameters()}, {"params": net[1].parameters(), "lr": 0.5}])
        assert [len(g["params"]) for g in opt.param_groups] == [2, 2]
        assert [g["lr"] for g in opt.param_groups] == [0.001, 0.5]


def _strip_torch_only(text):
    """torch's groups also list options pyautograd does not have (foreach, fused...)."""
    keep = []
    for line in text.splitlines():
        key = line.strip().split(":")[0]
        if key not in ("foreach", "fused", "differentiable", "capturable", "decoupled_weight_decay"):
            keep.append(line)
    return "\n".join(keep)


def test_repr_matches_torch():
    def run(L):
        a, b = _params(L)
        sgd = L.optim.SGD([a], lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.01)
        sgd.add_param_group({"params": [b], "lr": 0.5})
        adam = L.optim.Adam([{"params": [a]}, {"params": [b], "betas": (0.8, 0.9)}], lr=0.1, amsgrad=True)
        return _strip_torch_only(repr(sgd)), _strip_torch_only(repr(adam))

    ours, theirs = run(pag), run(torch)
    assert ours == theirs
    assert ours[0].startswith("SGD (\nParameter Group 0\n    dampening: 0\n")
    assert "\n\nParameter Group 1\n" in ours[0] and ours[0].endswith("weight_decay: 0.01\n)")


def _state_numbers(sd):
    return {k: {name: np.asarray(v).tolist() for name, v in s.items()} for k, s in sd["state"].items()}


def _common_groups(sd, keys):
    return [{k: g[k] for k in keys + ["params"]} for g in sd["param_groups"]]


def test_sgd_state_dict_after_steps_matches_torch():
    runs = []
    for L in LIBS:
        a, b = _params(L)
        opt = L.optim.SGD([a], lr=0.1, momentum=0.9, nesterov=True, weight_decay=0.01)
        opt.add_param_group({"params": [b], "lr": 0.05})
        before = opt.state_dict()
        assert before["state"] == {}
        for _ in range(3):
            opt.zero_grad()
            ((a * a).sum() + (b**3).sum()).backward()
            opt.step()
        sd = opt.state_dict()
        runs.append(
            (
                a.tolist(),
                b.tolist(),
                _state_numbers(sd),
                _common_groups(sd, ["lr", "momentum", "dampening", "weight_decay", "nesterov", "maximize"]),
            )
        )
    (pa, pb, ps, pg), (ta, tb, ts, tg) = runs
    np.testing.assert_allclose(pa, ta, rtol=1e-6)
    np.testing.assert_allclose(pb, tb, rtol=1e-6)
    assert ps.keys() == ts.keys() == {0, 1}
    for k in ps:
        np.testing.assert_allclose(ps[k]["momentum_buffer"], ts[k]["momentum_buffer"], rtol=1e-6)
    assert pg == tg


def test_adam_state_dict_keys_and_step_count_match_torch():
    runs = []
    for L in LIBS:
        d = L.nn.Parameter(L.tensor([1.0, -2.0, 0.5]))
        unused = L.nn.Parameter(L.tensor([7.0]))
        opt = L.optim.Adam([d, unused], lr=0.1, amsgrad=True)
        for i in range(4):
            opt.zero_grad()
            ((d - i) ** 2).sum().backward()
            opt.step()
        sd = opt.state_dict()
        runs.append(
            (
                sorted(sd["state"]),
                sorted(sd["state"][0]),
                float(sd["state"][0]["step"]),
                sd["param_groups"][0]["params"],
                unused.tolist(),
            )
        )
    assert runs[0] == runs[1]
    assert runs[0][1] == ["exp_avg", "exp_avg_sq", "max_exp_avg_sq", "step"] and runs[0][2] == 4.0


def _trajectory(L, make, loss_fn, steps=5, data=(1.0, -2.0, 0.5)):
    p = L.nn.Parameter(L.tensor(list(data), dtype=L.float64))
    opt = make(L.optim, p)
    path = []
    for i in range(steps):
        opt.zero_grad()
        loss_fn(p, i).backward()
        opt.step()
        path.append(p.tolist())
    return path


RULES = {
    "sgd_plain": lambda o, p: o.SGD([p], lr=0.1),
    "sgd_weight_decay": lambda o, p: o.SGD([p], lr=0.1, weight_decay=0.3),
    "sgd_nesterov": lambda o, p: o.SGD([p], lr=0.05, momentum=0.9, nesterov=True),
    "sgd_dampening": lambda o, p: o.SGD([p], lr=0.1, momentum=0.5, dampening=0.5),
    "sgd_maximize": lambda o, p: o.SGD([p], lr=0.1, momentum=0.5, maximize=True),
    "sgd_all": lambda o, p: o.SGD([p], lr=0.02, momentum=0.7, weight_decay=0.1, nesterov=True, maximize=True),
    "adam_amsgrad": lambda o, p: o.Adam([p], lr=0.1, amsgrad=True),
    "adam_maximize_wd": lambda o, p: o.Adam([p], lr=0.1, maximize=True, weight_decay=0.1),
    "adam_betas": lambda o, p: o.Adam([p], lr=0.05, betas=(0.5, 0.9), eps=1e-3),
    # every optimizer prepares the gradient alike (maximize, then weight decay; AdamW decays the weights)
    "adamw_maximize_wd": lambda o, p: o.AdamW([p], lr=0.1, maximize=True, weight_decay=0.2),
    "adagrad_maximize_wd": lambda o, p: o.Adagrad([p], lr=0.1, maximize=True, weight_decay=0.1),
    "rmsprop_maximize_wd": lambda o, p: o.RMSprop(
        [p], lr=0.01, momentum=0.5, maximize=True, weight_decay=0.1
    ),
}


@pytest.mark.parametrize("rule", sorted(RULES))
def test_update_rules_follow_torch(rule):
    def loss(p, i):
        return ((p - i) ** 2 * (p.abs() + 1)).sum()

    ours = _trajectory(pag, RULES[rule], loss)
    theirs = _trajectory(torch, RULES[rule], loss)
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-14)


def test_sgd_nesterov_by_hand():
    """d = g + m * buf with buf = m * buf + g; here g = 2w."""
    w = pag.nn.Parameter(pag.tensor([1.0], dtype=pag.float64))
    opt = pag.optim.SGD([w], lr=0.1, momentum=0.5, nesterov=True)
    (w * w).sum().backward()
    opt.step()  # buf = 2, d = 2 + 1 = 3, w = 0.7
    assert w.item() == pytest.approx(0.7)
    opt.zero_grad()
    (w * w).sum().backward()
    opt.step()  # g = 1.4, buf = 1 + 1.4 = 2.4, d = 1.4 + 1.2 = 2.6
    assert w.item() == pytest.approx(0.44)


def test_zero_grad_keeps_zeros_detached_and_skips_missing_grads():
    for L in LIBS:
        a, b = _params(L)
        opt = L.optim.SGD([a, b], lr=0.1)
        (a * 3).sum().backward()  # b gets no gradient
        grad = a.grad
        opt.zero_grad(set_to_none=False)
        assert a.grad.tolist() == [0.0, 0.0] and not a.grad.requires_grad and b.grad is None
        opt.step()  # zero gradient: a stays, b untouched
        assert a.tolist() == [1.0, 2.0] and b.tolist() == [3.0]
        opt.zero_grad()
        assert a.grad is None and grad is not None


def test_step_bumps_version_only_for_params_with_grads():
    for L in LIBS:
        a, b = _params(L)
        opt = L.optim.Adam([a, b], lr=0.1)
        va, vb = a._version, b._version
        (a * a).sum().backward()
        opt.step()
        assert a._version > va and b._version == vb


def test_step_after_backward_invalidates_a_saved_graph():
    for L in LIBS:
        w = L.nn.Parameter(L.tensor([1.0, 2.0]))
        opt = L.optim.SGD([w], lr=0.1)
        y = (w * w).sum()
        y.backward(retain_graph=True)
        opt.step()
        with pytest.raises(RuntimeError, match="modified by an inplace operation"):
            y.backward()


def test_closure_runs_with_grad_enabled_under_no_grad():
    for L in LIBS:
        w = L.nn.Parameter(L.tensor([2.0]))
        opt = L.optim.SGD([w], lr=0.25)
        seen = []

        def closure():
            seen.append(L.is_grad_enabled())
            opt.zero_grad()
            loss = (w * w).sum()
            loss.backward()
            return loss

        with L.no_grad():
            loss = opt.step(closure)
        assert seen == [True] and loss.item() == 4.0 and w.tolist() == [1.0]
        assert opt.step() is None


def _scheduler_warnings(lib, order):
    """The warnings of a StepLR run whose first epoch calls the two steps in ``order``."""
    import warnings

    w = lib.nn.Parameter(lib.tensor([1.0]))
    opt = lib.optim.SGD([w], lr=1.0)
    sched = lib.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
    if order == "replaced step":
        opt.step = lambda: None
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        for _ in range(2):
            for which in (
                ("scheduler", "optimizer") if order == "scheduler first" else ("optimizer", "scheduler")
            ):
                (sched if which == "scheduler" else opt).step()
    return [(type(m.message).__name__, str(m.message)) for m in seen], opt.param_groups[0]["lr"]


@pytest.mark.parametrize("order", ["scheduler first", "optimizer first", "replaced step"])
def test_scheduler_step_order_warning_is_pytorchs(order):
    ours, theirs = (_scheduler_warnings(lib, order) for lib in LIBS)
    assert ours == theirs
    assert (order == "optimizer first") == (ours[0] == [])


@pytest.mark.parametrize(
    "make",
    [
        lambda o, p: o.SGD([p], lr=0.1, momentum=0.9),
        lambda o, p: o.Adam([p], lr=0.01, amsgrad=True),
        lambda o, p: o.AdamW([p], lr=0.01),
        lambda o, p: o.RMSprop([p], lr=0.01, momentum=0.5, centered=True),
        lambda o, p: o.Adagrad([p], lr=0.1),
    ],
)
def test_optimizer_state_prints_as_pytorchs_tensors(make):
    """What a reader sees printing ``opt.state[p]`` or ``opt.state_dict()["state"]``, and
    the same state after a save and a load into a fresh optimizer."""
    import io

    def run(lib):
        p = lib.nn.Parameter(lib.tensor([1.0, -2.0]))
        opt = make(lib.optim, p)
        for _ in range(2):
            opt.zero_grad()
            (p * p).sum().backward()
            opt.step()
        buf = io.BytesIO()
        lib.save(opt.state_dict(), buf)
        buf.seek(0)
        fresh = make(lib.optim, p)
        fresh.load_state_dict(lib.load(buf))
        return [repr(dict(opt.state[p])), repr(opt.state_dict()["state"]), repr(dict(fresh.state[p]))]

    ours, theirs = run(pag), run(torch)
    assert ours == [t.replace("torch.", "pyautograd.") for t in theirs]
