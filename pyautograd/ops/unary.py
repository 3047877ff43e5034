"""Element-wise functions of one input, each declared once.

An element-wise op has a diagonal Jacobian, so one rule gives its backward (J^T g) and its
forward-mode tangent (J t): ``rule(g, saved, *settings)`` multiplies ``g`` by the local
derivative, read from the saved input or output. A table of one-line declarations, as HIPS
autograd has::

    exp = unary("exp", np.exp, lambda g, out: g * out, saves="output", may_overflow=True)

The declaration makes the Function class (``exp.op``, whose node is ``ExpBackward0``), the
public function, and records them in ``DECLARED``: ``methods.install`` gives Tensor the method
and its in-place variant (``x.exp()``, ``x.exp_()``), the package exports ``torch.exp`` and
``torch.exp_``, and ``nn.functional`` exports the activations (with their ``inplace=``).

The rule is written with operators and ``ops.common`` helpers, so it runs on arrays (plain
backward, tangents) and on tensors (``create_graph=True``: the backward is recorded).
"""

import inspect
import sys
from typing import NamedTuple

import numpy as np

from ..fast_paths import one_path
from ..function import Function
from ..in_place import apply_in_place, method_in_place
from ..tensor import Tensor
from .common import as_floating, data_of, is_tensor, tensor_input
from .index import select_where


class Unary(Function):
    """The node of an element-wise op of one input (see ``unary``)."""

    saves = "input"  # what the rule reads: "input", "output" or None
    scalar_forward = True  # the forward works on a NumPy scalar as on an array

    @staticmethod
    def numpy(a, *settings):
        raise NotImplementedError

    @staticmethod
    def rule(g, saved, *settings):
        raise NotImplementedError

    @staticmethod
    def forward(ctx, a, *settings):
        out = ctx.numpy(a, *settings)
        if ctx.saves is not None:
            ctx._saved = (out if ctx.saves == "output" else a,)  # save_for_backward, without its call
        if settings:
            ctx.settings = settings
        return out

    @staticmethod
    def backward(ctx, g):
        saved = ctx.saved_tensors[0] if ctx.saves is not None else None
        if not ctx.n_options:
            return ctx.rule(g, saved)
        return (ctx.rule(g, saved, *ctx.settings),) + (None,) * ctx.n_options

    @staticmethod
    def jvp(ctx, t):
        saved = ctx.saved_tensors[0] if ctx.saves is not None else None
        return ctx.rule(t, saved, *ctx.settings) if ctx.n_options else ctx.rule(t, saved)


class Declared(NamedTuple):
    """One declared op, as the places that publish it read it."""

    name: str  # public name: torch.<name> / F.<name>, Tensor.<name>
    function: object  # the public function
    op: type  # its Function class
    method: bool  # Tensor.<name>
    in_place: bool  # Tensor.<name>_ and torch.<name>_ (F.<name>_ for activations)
    functional: bool  # an activation of nn.functional (with ``inplace=``) rather than torch.<name>
    top_level: bool  # torch.<name>
    torch_function: object  # torch.<name>: ``function``, without ``inplace=`` for an activation
    top_level_in_place: bool = True  # torch.<name>_ beside torch.<name> (``in_place`` and top_level)


DECLARED = []  # every op declared with ``unary``, in declaration order


def unary(
    name,
    numpy,
    rule,
    *,
    saves="input",
    settings=(),
    backward_name=None,
    in_place_backward_name=None,
    in_place_rule=None,
    in_place_saves="output",
    floating=True,
    may_overflow=False,
    scalar_forward=True,
    public=True,
    functional=False,
    top_level=None,
    method=None,
    in_place=True,
    inplace_arg=None,
    check=None,
):
    """Declare an element-wise op of one input and return its public function.

    ``numpy(a, *settings)`` computes it on arrays; ``rule(g, saved, *settings)`` is its
    derivative applied to ``g``, ``saved`` being the input or the output (``saves``).
    ``settings``: ``(name, default)`` pairs after the input (``negative_slope=0.01``).
    ``floating``: integer and bool inputs are computed in the default float dtype (exp, sin),
    else in their own (abs, relu). ``check(input, *settings)`` refuses bad settings with
    PyTorch's error. The node is ``backward_name``, by default ``{Name}Backward0`` as in PyTorch.
    ``in_place_backward_name``: the in-place variant saves its result instead (PyTorch's
    ``{Name}Backward1``), and ``in_place_rule(g, result, *settings)`` is the derivative read
    from the result (by default ``rule``, for an op whose rule reads only the sign);
    ``in_place_saves="input"`` where that node saves the input instead.

    Where it is published: ``functional`` (nn.functional.<name>), ``top_level`` (torch.<name>,
    by default when not functional), ``method`` (Tensor.<name>, likewise), ``in_place`` (the
    ``<name>_`` variants beside each), ``inplace_arg`` (an ``inplace=`` argument after the
    settings, by default for functional ones); ``public=False`` publishes nothing (a part of
    another op, such as gelu's two forms).
    """
    class_name = "".join(part[:1].upper() + part[1:] for part in name.split("_"))
    module = sys._getframe(1).f_globals["__name__"]  # as namedtuple does
    op = type(
        class_name,
        (Unary,),
        {
            "__module__": module,
            "__qualname__": class_name,
            "backward_name": backward_name or f"{class_name}Backward0",
            "numpy": staticmethod(numpy),
            "rule": staticmethod(rule),
            "saves": saves,
            "may_overflow": may_overflow,
            "scalar_forward": scalar_forward,
            "n_options": len(settings),
            "setting_names": tuple(name for name, _ in settings),  # as PyTorch names the saved values
        },
    )
    in_place_op = op
    if in_place_backward_name is not None:
        in_place_name = class_name + "InPlace"
        in_place_op = type(
            in_place_name,
            (op,),
            {
                "__module__": module,
                "__qualname__": in_place_name,
                "backward_name": in_place_backward_name,
                # PyTorch's *Backward1 mostly saves the result and its formula reads it
                # (threshold_'s saves the input as it was: ``in_place_saves="input"``)
                "saves": in_place_saves,
                "rule": staticmethod(in_place_rule or rule),
            },
        )
    if inplace_arg is None:
        inplace_arg = functional
    function = _public_function(name, op, in_place_op, floating, settings, inplace_arg, check)
    function.__module__ = module
    function.op = op
    if public:
        top_level = not functional if top_level is None else top_level
        method = not functional if method is None else method
        torch_function = function
        if top_level and inplace_arg:  # torch.celu(x) has no ``inplace=``; F.celu(x) has
            torch_function = _public_function(name, op, in_place_op, floating, settings, False, check)
            torch_function.__module__ = module
            torch_function.op = op
        DECLARED.append(Declared(name, function, op, method, in_place, functional, top_level, torch_function))
    return function


def alias(function, name, *, top_level_in_place=True):
    """Publish ``function``, a declared op, under a second name as well (``arcsin`` for
    ``asin``): the same node class and code, the new name in its errors. PyTorch records the
    original's node for an alias (``torch.arcsin`` is ``AsinBackward0``).
    ``top_level_in_place=False`` where PyTorch has ``Tensor.<name>_`` but no ``torch.<name>_``
    (``absolute``)."""
    original = next(d for d in DECLARED if d.function is function)
    settings, inplace_arg, floating, check, in_place_op = function.spec
    twin = _public_function(name, original.op, in_place_op, floating, settings, inplace_arg, check)
    twin.__module__ = function.__module__
    twin.op = original.op
    torch_function = twin
    if original.torch_function is not function:
        torch_function = _public_function(name, original.op, in_place_op, floating, settings, False, check)
        torch_function.__module__ = function.__module__
        torch_function.op = original.op
    DECLARED.append(
        original._replace(
            name=name, function=twin, torch_function=torch_function, top_level_in_place=top_level_in_place
        )
    )
    return twin


def _public_function(name, op, in_place_op, floating, settings, inplace_arg, check):
    """The function readers call: ``torch.exp(x)``, ``F.leaky_relu(x, 0.2, inplace=True)``."""

    def as_input(input):
        if type(input) is not Tensor:
            input = tensor_input(input, name)
        if floating and input._data.dtype.kind != "f":
            input = as_floating(input)
        return input

    if not settings and not inplace_arg and check is None:
        function = one_path(op, as_input)  # ``torch.tanh(x)`` is the op's path itself: one frame

    else:
        names = [setting for setting, _ in settings] + (["inplace"] if inplace_arg else [])
        defaults = [default for _, default in settings] + ([False] if inplace_arg else [])
        run, run_in_place = one_path(op, as_input), one_path(in_place_op, as_input)

        def function(input, *args, **kwargs):
            values = _bind(name, names, defaults, args, kwargs)
            inplace = values.pop() if inplace_arg else False
            if check is not None:
                check(input, *values)
            if inplace:
                return apply_in_place(as_input(input), lambda current: run_in_place(current, *values))
            return run(input, *values)

    parameters = [inspect.Parameter("input", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    parameters += [
        inspect.Parameter(setting, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default)
        for setting, default in list(settings) + ([("inplace", False)] if inplace_arg else [])
    ]
    function.__signature__ = inspect.Signature(parameters)
    function.__name__ = function.__qualname__ = name
    function.spec = (settings, inplace_arg, floating, check, in_place_op)  # what ``alias`` reuses
    return function


def _bind(name, names, defaults, args, kwargs):
    """The settings' values from a call's arguments after the input, with Python's own errors."""
    if len(args) > len(names):
        raise TypeError(
            f"{name}() takes from 1 to {len(names) + 1} positional arguments but {len(args) + 1} were given"
        )
    values = list(args) + defaults[len(args) :]
    for key, value in kwargs.items():
        if key not in names:
            raise TypeError(f"{name}() got an unexpected keyword argument '{key}'")
        position = names.index(key)
        if position < len(args):
            raise TypeError(f"{name}() got multiple values for argument '{key}'")
        values[position] = value
    return values


def published(where):
    """The public functions to export: ``"torch"`` (with ``name_`` in-place variants) or
    ``"functional"`` (nn.functional's activations and their ``name_``)."""
    names = {}
    for d in DECLARED:
        if d.top_level if where == "torch" else d.functional:
            names[d.name] = d.torch_function if where == "torch" else d.function
            if d.in_place and (d.top_level_in_place or where != "torch"):
                names[d.name + "_"] = _in_place_function(d)
    return names


def _in_place_function(declared):
    """``torch.exp_(x)`` / ``F.elu_(x)``: the op written back into ``x``."""
    if declared.functional:  # its function takes ``inplace=``

        def function(input, *args, **kwargs):
            return declared.function(input, *args, **kwargs, inplace=True)

    else:
        function = method_in_place(_written_back(declared))
    function.__name__ = function.__qualname__ = declared.name + "_"
    return function


def _written_back(declared):
    """What ``x.name_()`` computes before writing it into ``x``: the op, or its in-place
    variant where PyTorch records another node for it (``asinh_``: ``AsinhBackward1``)."""
    settings, _, floating, check, in_place_op = declared.function.spec
    if in_place_op is declared.op:
        return declared.function
    return _public_function(declared.name, in_place_op, in_place_op, floating, settings, False, check)


def methods():
    """Tensor methods of the declared ops: ``x.exp()`` and ``x.exp_()``."""
    table = {}
    for d in DECLARED:
        if d.method:
            table[d.name] = d.function
            if d.in_place:
                table[d.name + "_"] = method_in_place(_written_back(d) if not d.functional else d.function)
    return table


# ---- backward formulas that PyTorch records as nodes of their own ------------------------------
# With create_graph, PyTorch's sigmoid backward is one node (SigmoidBackwardBackward0), not a
# product of three; relu's keeps a path to the input (its second derivative is zero, not
# missing, so grad(grad(relu(x)), x) works). These ops do the same; on arrays (a plain
# backward, tangents) the rule uses their ``formula`` directly.
class SigmoidBackward(Function):
    """``g * (1 - y) * y`` for the output ``y`` of a sigmoid (PyTorch's order of rounding)."""

    backward_name = "SigmoidBackwardBackward0"

    @staticmethod
    def formula(g, y):
        return g * (1 - y) * y

    @staticmethod
    def forward(ctx, g, y):
        ctx.save_for_backward(g, y)
        return g * (1 - y) * y

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        return gg * y * (1 - y), gg * g * (1 - 2 * y)

    @staticmethod
    def jvp(ctx, tg, ty):
        g, y = ctx.saved_tensors
        return tg * y * (1 - y) + ty * g * (1 - 2 * y)


class TanhBackward(Function):
    """``g * (1 - y^2)`` for the output ``y`` of a tanh, as ``(1 - y) (1 + y)``: near |y| = 1
    that keeps the digits ``1 - y * y`` cancels away (PyTorch gets them with a fused
    multiply-add; at tanh(10) the plain form is off in the 9th digit)."""

    backward_name = "TanhBackwardBackward0"

    @staticmethod
    def formula(g, y):
        return g * ((1 - y) * (1 + y))

    @staticmethod
    def forward(ctx, g, y):
        ctx.save_for_backward(g, y)
        return g * ((1 - y) * (1 + y))

    @staticmethod
    def backward(ctx, gg):
        g, y = ctx.saved_tensors
        return gg * ((1 - y) * (1 + y)), -2 * gg * g * y

    @staticmethod
    def jvp(ctx, tg, ty):
        g, y = ctx.saved_tensors
        return tg * ((1 - y) * (1 + y)) - 2 * ty * g * y


class PiecewiseBackward(Function):
    """The backward of a piecewise-linear op (relu, leaky_relu, hardtanh, the shrinkages) as
    one node, as PyTorch records it: ``g`` times the op's slope at ``x`` (``slope(x, *settings)``,
    a mask or a slope per element). Nothing flows to ``x``, as the slope is a step, but its
    gradient is zeros rather than absent: a second derivative is zero, not an error."""

    n_options = 1
    # a slope of 0 selects 0 (PyTorch's ``x ? grad * k : 0``) rather than multiplying, so an
    # inf or NaN gradient gives 0 there (hardsigmoid's 1/6 inside, 0 outside)
    select_zero = False

    @staticmethod
    def forward(ctx, g, x, settings):
        ctx.save_for_backward(x)
        ctx.settings = settings
        return _times_slope(g, ctx.slope(x, *settings), ctx.select_zero)

    @staticmethod
    def backward(ctx, gg):
        (x,) = ctx.saved_tensors
        zeros = np.zeros_like(data_of(x))  # PyTorch's zeros_like(grad): 0 even at inf or NaN
        grad = _times_slope(gg, ctx.slope(data_of(x), *ctx.settings), ctx.select_zero)
        return grad, Tensor._make(zeros) if is_tensor(x) else zeros, None

    @staticmethod
    def jvp(ctx, tg, tx):
        (x,) = ctx.saved_tensors
        return _times_slope(tg, ctx.slope(x, *ctx.settings), ctx.select_zero)


def _times_slope(g, slope, select_zero=False):
    """``g`` times a slope; a 0/1 mask selects instead (PyTorch's kernels ``x ? grad : 0``),
    so the 0 stays 0 where the gradient is inf or NaN (with ``select_zero``, a slope of 0 too)."""
    if slope.dtype != bool:
        if select_zero:
            return select_where(slope != 0, g * slope, 0.0)
        return g * slope
    if not slope.ndim and type(g) is not Tensor:  # a 0-d tensor's NumPy scalar: no array call
        return g if slope else g.dtype.type(0)
    return select_where(slope, g, 0.0)


def piecewise_rule(op):
    """The unary rule ``rule(g, x, *settings)`` of a piecewise-linear op: the node ``op`` when
    the backward is recorded (tensors), ``g`` times its slope on arrays."""

    def rule(g, x, *settings):
        if type(g) is Tensor or type(x) is Tensor:
            return op.apply(g, x, settings)
        return _times_slope(g, op.slope(x, *settings), op.select_zero)

    return rule


class ThresholdBackward(PiecewiseBackward):
    """relu's: ``g`` where its output ``y`` is not at or below 0 (so a NaN passes ``g`` on, as
    in PyTorch), else 0."""

    backward_name = "ThresholdBackwardBackward0"

    @staticmethod
    def slope(y):
        return ~(y <= 0)


class FusedBackward(Function):
    """The backward of a smooth element-wise op as one node, as PyTorch records it for elu,
    gelu, softplus and logsigmoid (``EluBackwardBackward0``): ``first(g, x, *settings)``, the
    op's rule, applied to ``g``. Its own gradient is the rule again for ``g`` and
    ``gg * g * second(x, *settings)`` for ``x`` (``second``: the op's second derivative)."""

    n_options = 1
    may_overflow = True

    @staticmethod
    def forward(ctx, g, x, settings):
        ctx.save_for_backward(g, x)
        ctx.settings = settings
        return ctx.first(g, x, *settings)

    @staticmethod
    def backward(ctx, gg):
        g, x = ctx.saved_tensors
        need_g, need_x = ctx.needs_input_grad[:2]
        return (
            ctx.first(gg, x, *ctx.settings) if need_g else None,
            gg * g * ctx.second(x, *ctx.settings) if need_x else None,
            None,
        )

    @staticmethod
    def jvp(ctx, tg, tx):
        g, x = ctx.saved_tensors
        return ctx.first(tg, x, *ctx.settings) + tx * g * ctx.second(x, *ctx.settings)


def fused_rule(op):
    """The unary rule of a smooth op whose backward PyTorch records as one node: ``op`` (a
    ``FusedBackward``) when the backward is recorded (tensors), its ``first`` on arrays."""

    def rule(g, x, *settings):
        if type(g) is Tensor or type(x) is Tensor:
            return op.apply(g, x, settings)
        return op.first(g, x, *settings)

    return rule


def _recorded(op):
    """The rule that applies ``op``: as a node when the backward is recorded (tensors), as
    its formula on arrays."""

    def rule(g, y):
        if type(g) is Tensor or type(y) is Tensor:
            return op.apply(g, y)
        return op.formula(g, y)

    return rule


sigmoid_backward = _recorded(SigmoidBackward)
tanh_backward = _recorded(TanhBackward)
threshold_backward = piecewise_rule(ThresholdBackward)
