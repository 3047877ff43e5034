"""Printed forms, warnings and errors that outside teaching code meets (issue 8,
"Printed forms, warnings, errors"), as cases run on PyTorch and on pyautograd.

``VALUES`` return what a learner would see printed (strings, numbers); ``ERRORS``
end in an exception or a warning whose type and wording must be PyTorch's.  The
answers are recorded by ``make_golden.py`` into ``golden/fidelity.json``.
"""


# ------------------------------------------------------------------ values
def _param(L):
    p = L.nn.Parameter(L.tensor([1.0, 2.0]))
    return [str(p), repr(p), f"{p}"]


def _optimizer_reprs(L):
    p = [L.zeros(1, requires_grad=True)]
    optims = (L.optim.SGD(p, lr=0.1, momentum=0.9), L.optim.Adam(p, lr=1e-3))
    return [repr(o) for o in optims] + [sorted(o.state_dict()["param_groups"][0]) for o in optims]


def _printoptions(**options):
    def case(L):
        L.set_printoptions(**options)
        try:
            return [repr(L.tensor([0.0001, 1000.0, 3.5])), repr(L.tensor([[1e-5, 2.0], [300.0, 4e-3]]))]
        finally:
            L.set_printoptions(profile="default")

    return case


def _profile_threshold(L):
    L.set_printoptions(threshold=5)
    short = repr(L.arange(10))
    L.set_printoptions(profile="default")
    return [short, repr(L.arange(10))]


def _softmax_implicit(L):
    import warnings

    F = L.nn.functional
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [
            [round(v, 4) for v in F.softmax(L.arange(6.0).reshape(shape)).sum(0).flatten().tolist()]
            for shape in ((6,), (2, 3), (1, 2, 3), (1, 1, 2, 3))
        ]


def _anomaly_trace_shows_learner_code(L):
    """The forward trace names the learner's line (that it shows no engine frame is tested
    on pyautograd alone: PyTorch's own Python frames appear there when a mode such as
    set_default_device is active)."""
    import warnings

    x = L.tensor([0.0], requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with L.autograd.set_detect_anomaly(True):
            y = L.sqrt(x) * 0
            try:
                y.backward()
            except RuntimeError:
                pass
    trace = [str(w.message) for w in caught if "Traceback of forward call" in str(w.message)][0]
    lines = trace.splitlines()
    ours = [
        i for i, line in enumerate(lines) if line.strip().startswith("File ") and "fidelity_cases.py" in line
    ]
    return [len(ours) > 0, lines[ours[-1] + 1].strip() if ours else None]


def _chained(make):
    """Whether the learner's traceback shows 'During handling of the above exception'."""

    def case(L):
        try:
            make(L)
        except Exception as e:  # noqa: BLE001
            return [
                type(e).__name__,
                e.__cause__ is not None or (e.__context__ is not None and not e.__suppress_context__),
            ]
        return None

    return case


VALUES = {
    "fstring_0d": lambda L: [f"{L.tensor(0.123456)}", f"{L.tensor(3.5)}", str(L.tensor(3.5))],
    "format_spec_0d": lambda L: [
        f"{L.tensor(2 / 3):.3f}",
        f"{L.tensor(2 / 3):>10.4f}",
        f"{L.tensor(2 / 3):.2e}",
    ],
    "format_0d_requires_grad": lambda L: f"{L.tensor(1.5, requires_grad=True) * 2:.4f}",
    "format_0d_int": lambda L: [f"{L.tensor(7):d}", f"{L.tensor(7):5}", f"{L.tensor(True)}"],
    "format_vector_no_spec": lambda L: f"{L.tensor([1.0, 2.0])}",
    "percent_format": lambda L: "loss %.3f" % L.tensor(0.5),  # noqa: UP031 - learners write it
    "parameter_str": _param,
    "parameter_0d_format": lambda L: f"{L.nn.Parameter(L.tensor(2.0))}",
    "type_of_tensor": lambda L: [str(type(L.ones(1))), L.ones(1).__class__.__name__, str(type(L.Size([1])))],
    "optimizer_reprs": _optimizer_reprs,
    "sci_mode_false": _printoptions(sci_mode=False),
    "sci_mode_true": _printoptions(sci_mode=True),
    "precision_2": _printoptions(precision=2),
    "profile_short": _printoptions(profile="short"),
    "profile_default_resets": _profile_threshold,
    "softmax_implicit_dims": _softmax_implicit,
    "mean_of_empty": lambda L: [repr(L.tensor([]).mean()), repr(L.zeros(2, 0).mean(1))],
    "anomaly_trace": _anomaly_trace_shows_learner_code,
    "broadcast_error_not_chained": _chained(lambda L: L.ones(2, 3) + L.ones(3, 2)),
    "ragged_error_not_chained": _chained(lambda L: L.tensor([[1, 2], [3]])),
    "compare_error_not_chained": _chained(lambda L: L.ones(2) < L.ones(3)),
    "where_error_not_chained": _chained(lambda L: L.where(L.ones(2) > 0, L.ones(2), L.ones(3))),
    "eq_with_str": lambda L: [L.ones(2) == "a", L.ones(2) != None],  # noqa: E711
    "detach_inplace_ok": lambda L: (lambda w: (w.detach().add_(1), w.tolist())[1])(
        L.ones(2, requires_grad=True)
    ),
}


# ------------------------------------------------------------------ errors
def _set_grad(value):
    def case(L):
        x = L.ones(2, requires_grad=True)
        x.grad = value(L)

    return case


def _inplace_on(op):
    def case(L):
        w = L.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
        op(w)

    return case


ERRORS = {
    # dtype mismatch in matrix products (PyTorch never promotes there)
    "matmul_long_float": lambda L: L.tensor([[1, 2]]) @ L.tensor([[1.0], [2.0]]),
    "matmul_float_double": lambda L: L.ones(2, 2) @ L.ones(2, 2, dtype=L.float64),
    "matmul_vec_mat_dtype": lambda L: L.ones(2, dtype=L.float64) @ L.ones(2, 2),
    "matmul_batched_dtype": lambda L: L.ones(2, 2, 2, dtype=L.float64) @ L.ones(2, 2),
    "matmul_int32_long": lambda L: L.ones(2, 2, dtype=L.int64) @ L.ones(2, 2, dtype=L.int32),
    "dot_dtype": lambda L: L.dot(L.ones(2, dtype=L.int64), L.ones(2)),
    "mv_dtype": lambda L: L.ones(2, 2, dtype=L.float64) @ L.ones(2),
    "mm_dtype": lambda L: L.mm(L.ones(2, 2, dtype=L.int64), L.ones(2, 2)),
    "mm_1d": lambda L: L.mm(L.ones(3), L.ones(3)),
    "mm_mat2_1d": lambda L: L.ones(3, 3).mm(L.ones(3)),
    "mm_3d": lambda L: L.mm(L.ones(2, 3, 3), L.ones(3, 3)),
    "linear_long_input": lambda L: L.nn.Linear(2, 1)(L.tensor([[1, 2]])),
    "linear_double_input": lambda L: L.nn.Linear(2, 1)(L.ones(3, 2, dtype=L.float64)),
    "linear_long_no_bias": lambda L: L.nn.functional.linear(L.ones(1, 2, dtype=L.int64), L.ones(1, 2)),
    "linear_same_dtype_ok": lambda L: L.nn.functional.linear(
        L.ones(1, 2, dtype=L.int64), L.ones(1, 2, dtype=L.int64)
    ).tolist(),
    # data that cannot become a tensor
    "tensor_str": lambda L: L.tensor("abc"),
    "tensor_list_of_str": lambda L: L.tensor(["1", "2"]),
    "tensor_str_inside": lambda L: L.tensor([1, "a"]),
    "tensor_none": lambda L: L.tensor(None),
    "tensor_none_inside": lambda L: L.tensor([1.0, None]),
    "tensor_dict": lambda L: L.tensor({"a": 1}),
    "tensor_ragged": lambda L: L.tensor([[1, 2], [3]]),
    "tensor_ragged_longer": lambda L: L.tensor([[1.0, 2.0], [3.0, 4.0, 5.0]]),
    "tensor_ragged_deep": lambda L: L.tensor([[[1], [2]], [[3], [4, 5]]]),
    "tensor_row_not_a_list": lambda L: L.tensor([[1, 2], 3]),
    "tensor_ragged_with_dtype": lambda L: L.tensor([[1, 2], [3]], dtype=L.float32),
    # .grad of the wrong dtype (and the shape check after it)
    "grad_double": _set_grad(lambda L: L.ones(2, dtype=L.float64)),
    "grad_long": _set_grad(lambda L: L.tensor([1, 2])),
    "grad_double_wrong_shape": _set_grad(lambda L: L.ones(3, dtype=L.float64)),
    # in place on a view of a leaf
    "setitem_int_on_leaf": _inplace_on(lambda w: w.__setitem__(0, 5.0)),
    "setitem_slice_on_leaf": _inplace_on(lambda w: w.__setitem__((slice(None), 0), 5.0)),
    "setitem_list_on_leaf": _inplace_on(lambda w: w.__setitem__([0], 5.0)),
    "setitem_mask_on_leaf": _inplace_on(lambda w: w.__setitem__(w > 2, 5.0)),
    "inplace_on_row_view": _inplace_on(lambda w: w[0].mul_(2)),
    "inplace_on_view_of_view": _inplace_on(lambda w: w[0][1:].zero_()),
    "inplace_on_transpose": _inplace_on(lambda w: w.t().add_(1)),
    "inplace_on_reshape_view": _inplace_on(lambda w: w.view(4).add_(1)),
    # indexing a 0-d tensor
    "index_0d": lambda L: L.tensor(5.0)[0],
    "index_0d_negative": lambda L: L.tensor(5.0)[-1],
    "index_0d_slice": lambda L: L.tensor(5.0)[0:1],
    "index_0d_tuple": lambda L: L.tensor(5.0)[0, 0],
    "index_0d_ellipsis_ok": lambda L: repr(L.tensor(5.0)[...]),
    "index_0d_none_ok": lambda L: repr(L.tensor(5.0)[None]),
    # class targets
    "cross_entropy_float_targets": lambda L: L.nn.functional.cross_entropy(
        L.zeros(3, 4), L.tensor([1.0, 0.0, 3.0])
    ),
    "cross_entropy_int32_targets": lambda L: L.nn.functional.cross_entropy(
        L.zeros(2, 3), L.tensor([0, 1], dtype=L.int32)
    ),
    "cross_entropy_long_probabilities": lambda L: L.nn.functional.cross_entropy(
        L.zeros(2, 3), L.zeros(2, 3, dtype=L.int64)
    ),
    "cross_entropy_uint8_ok": lambda L: round(
        L.nn.functional.cross_entropy(L.zeros(2, 3), L.tensor([0, 1], dtype=L.uint8)).item(), 4
    ),
    "nll_loss_float_targets": lambda L: L.nn.functional.nll_loss(L.zeros(2, 3), L.tensor([0.0, 1.0])),
    # bools and integers
    "bool_sub": lambda L: L.tensor([True, False]) - L.tensor([False, False]),
    "bool_sub_python_bool": lambda L: L.tensor([True]) - True,
    "bool_sub_int": lambda L: L.tensor([True]) - 1,
    "int_sub_bool": lambda L: 1 - L.tensor([True]),
    "bool_neg": lambda L: -L.tensor([True, False]),
    "bool_neg_fn": lambda L: L.neg(L.tensor(True)),
    "int_negative_power": lambda L: L.tensor([1, 2, 3]) ** -1,
    "int_negative_power_fn": lambda L: L.pow(L.tensor([2, 4]), -2),
    # operands a tensor does not combine with, and sequences of tensors
    "add_str": lambda L: L.ones(2) + "1",
    "add_list": lambda L: L.ones(2) + [1.0, 2.0],
    "add_none": lambda L: L.ones(2) + None,
    "pow_str": lambda L: L.ones(2) ** "2",
    "lt_str": lambda L: L.ones(2) < "a",
    "rmul_none": lambda L: None * L.ones(2),
    "cat_two_tensors": lambda L: L.cat(L.ones(2), L.ones(2)),
    "stack_two_tensors": lambda L: L.stack(L.ones(2), L.ones(2)),
    "format_spec_vector": lambda L: f"{L.tensor([1.0, 2.0]):.2f}",
    "format_spec_parameter": lambda L: f"{L.nn.Parameter(L.tensor(2.0)):.2f}",
    # warnings
    # (.T on non-2-D tensors: PyTorch warns once per process, so that is compared by the corpus,
    # whose snippets each run in a fresh process, and spelled out in test_fidelity_vs_torch.py)
    "T_on_2d_quiet": lambda L: list(L.ones(2, 3).T.shape),
    "softmax_no_dim": lambda L: L.nn.functional.softmax(L.tensor([[1.0, 2.0, 3.0]]))[0, 2].item() > 0.66,
    "log_softmax_no_dim_3d": lambda L: list(L.nn.functional.log_softmax(L.zeros(2, 3, 4)).shape),
    "softmax_module_no_dim": lambda L: L.nn.Softmax()(L.tensor([1.0, 3.0]))[1].item() > 0.88,
    "mean_of_empty_quiet": lambda L: repr(L.tensor([]).mean()),
}
