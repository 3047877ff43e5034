"""Printed forms, warnings and errors that outside teaching code meets (issue 8,
"Printed forms, warnings, errors"), as cases run on PyTorch and on pyautograd.

``VALUES`` return what a learner would see printed (strings, numbers); ``ERRORS``
end in an exception or a warning whose type and wording must be PyTorch's.  The
answers are recorded by ``make_golden.py`` into ``golden/fidelity.json``.
"""


# ------------------------------------------------------------------ values
def _param(T):
    p = T.nn.Parameter(T.tensor([1.0, 2.0]))
    return [str(p), repr(p), f"{p}"]


def _optimizer_reprs(T):
    p = [T.zeros(1, requires_grad=True)]
    optims = (T.optim.SGD(p, lr=0.1, momentum=0.9), T.optim.Adam(p, lr=1e-3))
    return [repr(o) for o in optims] + [sorted(o.state_dict()["param_groups"][0]) for o in optims]


def _printoptions(**options):
    def case(T):
        T.set_printoptions(**options)
        try:
            return [repr(T.tensor([0.0001, 1000.0, 3.5])), repr(T.tensor([[1e-5, 2.0], [300.0, 4e-3]]))]
        finally:
            T.set_printoptions(profile="default")

    return case


def _profile_threshold(T):
    T.set_printoptions(threshold=5)
    short = repr(T.arange(10))
    T.set_printoptions(profile="default")
    return [short, repr(T.arange(10))]


def _softmax_implicit(T):
    import warnings

    F = T.nn.functional
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [
            [round(v, 4) for v in F.softmax(T.arange(6.0).reshape(shape)).sum(0).flatten().tolist()]
            for shape in ((6,), (2, 3), (1, 2, 3), (1, 1, 2, 3))
        ]


def _anomaly_trace_shows_learner_code(T):
    """The forward trace names the learner's line (that it shows no engine frame is tested
    on pyautograd alone: PyTorch's own Python frames appear there when a mode such as
    set_default_device is active)."""
    import warnings

    x = T.tensor([0.0], requires_grad=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with T.autograd.set_detect_anomaly(True):
            y = T.sqrt(x) * 0
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

    def case(T):
        try:
            make(T)
        except Exception as e:  # noqa: BLE001
            return [
                type(e).__name__,
                e.__cause__ is not None or (e.__context__ is not None and not e.__suppress_context__),
            ]
        return None

    return case


VALUES = {
    "fstring_0d": lambda T: [f"{T.tensor(0.123456)}", f"{T.tensor(3.5)}", str(T.tensor(3.5))],
    "format_spec_0d": lambda T: [
        f"{T.tensor(2 / 3):.3f}",
        f"{T.tensor(2 / 3):>10.4f}",
        f"{T.tensor(2 / 3):.2e}",
    ],
    "format_0d_requires_grad": lambda T: f"{T.tensor(1.5, requires_grad=True) * 2:.4f}",
    "format_0d_int": lambda T: [f"{T.tensor(7):d}", f"{T.tensor(7):5}", f"{T.tensor(True)}"],
    "format_vector_no_spec": lambda T: f"{T.tensor([1.0, 2.0])}",
    "percent_format": lambda T: "loss %.3f" % T.tensor(0.5),  # noqa: UP031 - learners write it
    "parameter_str": _param,
    "parameter_0d_format": lambda T: f"{T.nn.Parameter(T.tensor(2.0))}",
    "type_of_tensor": lambda T: [str(type(T.ones(1))), T.ones(1).__class__.__name__, str(type(T.Size([1])))],
    "optimizer_reprs": _optimizer_reprs,
    "sci_mode_false": _printoptions(sci_mode=False),
    "sci_mode_true": _printoptions(sci_mode=True),
    "precision_2": _printoptions(precision=2),
    "profile_short": _printoptions(profile="short"),
    "profile_default_resets": _profile_threshold,
    "softmax_implicit_dims": _softmax_implicit,
    "mean_of_empty": lambda T: [repr(T.tensor([]).mean()), repr(T.zeros(2, 0).mean(1))],
    "anomaly_trace": _anomaly_trace_shows_learner_code,
    "broadcast_error_not_chained": _chained(lambda T: T.ones(2, 3) + T.ones(3, 2)),
    "ragged_error_not_chained": _chained(lambda T: T.tensor([[1, 2], [3]])),
    "compare_error_not_chained": _chained(lambda T: T.ones(2) < T.ones(3)),
    "where_error_not_chained": _chained(lambda T: T.where(T.ones(2) > 0, T.ones(2), T.ones(3))),
    "eq_with_str": lambda T: [T.ones(2) == "a", T.ones(2) != None],  # noqa: E711
    "detach_inplace_ok": lambda T: (lambda w: (w.detach().add_(1), w.tolist())[1])(
        T.ones(2, requires_grad=True)
    ),
}


# ------------------------------------------------------------------ errors
def _set_grad(value):
    def case(T):
        x = T.ones(2, requires_grad=True)
        x.grad = value(T)

    return case


def _inplace_on(op):
    def case(T):
        w = T.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
        op(w)

    return case


ERRORS = {
    # dtype mismatch in matrix products (PyTorch never promotes there)
    "matmul_long_float": lambda T: T.tensor([[1, 2]]) @ T.tensor([[1.0], [2.0]]),
    "matmul_float_double": lambda T: T.ones(2, 2) @ T.ones(2, 2, dtype=T.float64),
    "matmul_vec_mat_dtype": lambda T: T.ones(2, dtype=T.float64) @ T.ones(2, 2),
    "matmul_batched_dtype": lambda T: T.ones(2, 2, 2, dtype=T.float64) @ T.ones(2, 2),
    "matmul_int32_long": lambda T: T.ones(2, 2, dtype=T.int64) @ T.ones(2, 2, dtype=T.int32),
    "dot_dtype": lambda T: T.dot(T.ones(2, dtype=T.int64), T.ones(2)),
    "mv_dtype": lambda T: T.ones(2, 2, dtype=T.float64) @ T.ones(2),
    "mm_dtype": lambda T: T.mm(T.ones(2, 2, dtype=T.int64), T.ones(2, 2)),
    "mm_1d": lambda T: T.mm(T.ones(3), T.ones(3)),
    "mm_mat2_1d": lambda T: T.ones(3, 3).mm(T.ones(3)),
    "mm_3d": lambda T: T.mm(T.ones(2, 3, 3), T.ones(3, 3)),
    "linear_long_input": lambda T: T.nn.Linear(2, 1)(T.tensor([[1, 2]])),
    "linear_double_input": lambda T: T.nn.Linear(2, 1)(T.ones(3, 2, dtype=T.float64)),
    "linear_long_no_bias": lambda T: T.nn.functional.linear(T.ones(1, 2, dtype=T.int64), T.ones(1, 2)),
    "linear_same_dtype_ok": lambda T: T.nn.functional.linear(
        T.ones(1, 2, dtype=T.int64), T.ones(1, 2, dtype=T.int64)
    ).tolist(),
    # data that cannot become a tensor
    "tensor_str": lambda T: T.tensor("abc"),
    "tensor_list_of_str": lambda T: T.tensor(["1", "2"]),
    "tensor_str_inside": lambda T: T.tensor([1, "a"]),
    "tensor_none": lambda T: T.tensor(None),
    "tensor_none_inside": lambda T: T.tensor([1.0, None]),
    "tensor_dict": lambda T: T.tensor({"a": 1}),
    "tensor_ragged": lambda T: T.tensor([[1, 2], [3]]),
    "tensor_ragged_longer": lambda T: T.tensor([[1.0, 2.0], [3.0, 4.0, 5.0]]),
    "tensor_ragged_deep": lambda T: T.tensor([[[1], [2]], [[3], [4, 5]]]),
    "tensor_row_not_a_list": lambda T: T.tensor([[1, 2], 3]),
    "tensor_ragged_with_dtype": lambda T: T.tensor([[1, 2], [3]], dtype=T.float32),
    # .grad of the wrong dtype (and the shape check after it)
    "grad_double": _set_grad(lambda T: T.ones(2, dtype=T.float64)),
    "grad_long": _set_grad(lambda T: T.tensor([1, 2])),
    "grad_double_wrong_shape": _set_grad(lambda T: T.ones(3, dtype=T.float64)),
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
    "index_0d": lambda T: T.tensor(5.0)[0],
    "index_0d_negative": lambda T: T.tensor(5.0)[-1],
    "index_0d_slice": lambda T: T.tensor(5.0)[0:1],
    "index_0d_tuple": lambda T: T.tensor(5.0)[0, 0],
    "index_0d_ellipsis_ok": lambda T: repr(T.tensor(5.0)[...]),
    "index_0d_none_ok": lambda T: repr(T.tensor(5.0)[None]),
    # class targets
    "cross_entropy_float_targets": lambda T: T.nn.functional.cross_entropy(
        T.zeros(3, 4), T.tensor([1.0, 0.0, 3.0])
    ),
    "cross_entropy_int32_targets": lambda T: T.nn.functional.cross_entropy(
        T.zeros(2, 3), T.tensor([0, 1], dtype=T.int32)
    ),
    "cross_entropy_long_probabilities": lambda T: T.nn.functional.cross_entropy(
        T.zeros(2, 3), T.zeros(2, 3, dtype=T.int64)
    ),
    "cross_entropy_uint8_ok": lambda T: round(
        T.nn.functional.cross_entropy(T.zeros(2, 3), T.tensor([0, 1], dtype=T.uint8)).item(), 4
    ),
    "nll_loss_float_targets": lambda T: T.nn.functional.nll_loss(T.zeros(2, 3), T.tensor([0.0, 1.0])),
    # bools and integers
    "bool_sub": lambda T: T.tensor([True, False]) - T.tensor([False, False]),
    "bool_sub_python_bool": lambda T: T.tensor([True]) - True,
    "bool_sub_int": lambda T: T.tensor([True]) - 1,
    "int_sub_bool": lambda T: 1 - T.tensor([True]),
    "bool_neg": lambda T: -T.tensor([True, False]),
    "bool_neg_fn": lambda T: T.neg(T.tensor(True)),
    "int_negative_power": lambda T: T.tensor([1, 2, 3]) ** -1,
    "int_negative_power_fn": lambda T: T.pow(T.tensor([2, 4]), -2),
    # operands a tensor does not combine with, and sequences of tensors
    "add_str": lambda T: T.ones(2) + "1",
    "add_list": lambda T: T.ones(2) + [1.0, 2.0],
    "add_none": lambda T: T.ones(2) + None,
    "pow_str": lambda T: T.ones(2) ** "2",
    "lt_str": lambda T: T.ones(2) < "a",
    "rmul_none": lambda T: None * T.ones(2),
    "cat_two_tensors": lambda T: T.cat(T.ones(2), T.ones(2)),
    "stack_two_tensors": lambda T: T.stack(T.ones(2), T.ones(2)),
    "format_spec_vector": lambda T: f"{T.tensor([1.0, 2.0]):.2f}",
    "format_spec_parameter": lambda T: f"{T.nn.Parameter(T.tensor(2.0)):.2f}",
    # warnings
    # (.T on non-2-D tensors: PyTorch warns once per process, so that is compared by the corpus,
    # whose snippets each run in a fresh process, and spelled out in test_fidelity_vs_torch.py)
    "T_on_2d_quiet": lambda T: list(T.ones(2, 3).T.shape),
    "softmax_no_dim": lambda T: T.nn.functional.softmax(T.tensor([[1.0, 2.0, 3.0]]))[0, 2].item() > 0.66,
    "log_softmax_no_dim_3d": lambda T: list(T.nn.functional.log_softmax(T.zeros(2, 3, 4)).shape),
    "softmax_module_no_dim": lambda T: T.nn.Softmax()(T.tensor([1.0, 3.0]))[1].item() > 0.88,
    "mean_of_empty_quiet": lambda T: repr(T.tensor([]).mean()),
}
