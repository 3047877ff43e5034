"""``einsum``: products and sums written as index equations ("ij,jk->ik"). The gradient
for an operand is another einsum: the output gradient contracted with the other operands
back to that operand's indices."""

import string

import numpy as np

from ..function import Function
from ..tensor import Tensor
from .common import is_tensor

_SPARE = string.ascii_uppercase


def _explicit(equation, shapes):
    """Write the equation without '...' and with its output, e.g. '...j,j' -> 'Aj,j->A'."""
    equation = equation.replace(" ", "")
    lhs, _, rhs = equation.partition("->")
    parts = lhs.split(",")
    if len(parts) != len(shapes):
        raise RuntimeError(
            "einsum(): more operands were provided than specified in the equation"
            if len(shapes) > len(parts)
            else "einsum(): fewer operands were provided than specified in the equation"
        )
    batch = 0
    out_parts = []
    for part, shape in zip(parts, shapes):
        if "..." in part:
            batch = max(batch, len(shape) - (len(part) - 3))
    fill = _SPARE[:batch]
    for part, shape in zip(parts, shapes):
        if "..." in part:
            own = len(shape) - (len(part) - 3)
            part = part.replace("...", fill[batch - own :])
        out_parts.append(part)
    if "->" in equation:
        out = rhs.replace("...", fill)
    else:
        letters = "".join(out_parts)
        out = fill + "".join(sorted(c for c in set(letters) if letters.count(c) == 1 and c not in fill))
    return out_parts, out


def grad_name(parts, out):
    """PyTorch's node name for the common shapes of einsum (it lowers einsum to other ops)."""
    letters = set("".join(parts))
    contracted = letters - set(out)
    if len(parts) == 1:
        return "SumBackward1" if contracted else "PermuteBackward0"
    if len(parts) == 2 and not contracted:
        return "MulBackward0"
    return "ViewBackward0"


class Einsum(Function):
    n_options = 1

    @staticmethod
    def forward(ctx, *arrays_then_spec):
        *arrays, (parts, out) = arrays_then_spec
        ctx.parts, ctx.out = parts, out
        ctx.shapes = [a.shape for a in arrays]
        # Each operand is read only by the others' gradients, as PyTorch's lowering (permute
        # and sum, mul, bmm) saves them: one operand saves nothing, two each for the other.
        if len(arrays) == 2:
            ctx.saved_for = (1, 0)
        if len(arrays) > 1:
            ctx.save_for_backward(*arrays)
        return np.asarray(np.einsum(",".join(parts) + "->" + out, *arrays))

    @staticmethod
    def backward(ctx, g):
        arrays = ctx.saved_tensors
        grads = []
        for i, part in enumerate(ctx.parts):
            if not ctx.needs_input_grad[i]:
                grads.append(None)
                continue
            others = [p for j, p in enumerate(ctx.parts) if j != i]
            other_arrays = [a for j, a in enumerate(arrays) if j != i]
            grads.append(_operand_grad(g, ctx.out, others, other_arrays, part, ctx.shapes[i]))
        return (*grads, None)

    @staticmethod
    def jvp(ctx, *tangents):
        arrays = ctx.saved_tensors
        eq = ",".join(ctx.parts) + "->" + ctx.out
        total = 0
        for i, t in enumerate(tangents):
            total = total + np.einsum(eq, *arrays[:i], t, *arrays[i + 1 :])
        return total


def _operand_grad(g, out, others, other_arrays, part, shape):
    """d/d operand of sum(g * einsum(...)): contract g with the other operands."""
    available = set(out).union(*others) if others else set(out)
    unique = "".join(dict.fromkeys(c for c in part if c in available))
    eq = ",".join([out] + others) + "->" + unique
    if is_tensor(g):  # create_graph: the same steps as below, written with recorded ops
        reduced = einsum(eq, g, *other_arrays)
        if unique == part:
            return reduced
        # each letter's values sit at its first position (summed-out letters broadcast back);
        # a repeated letter keeps them on the diagonal only, by a constant 0/1 mask
        first = [c in unique and part.index(c) == i for i, c in enumerate(part)]
        kept = tuple(n if at_first else 1 for at_first, n in zip(first, shape))
        spread = reduced.reshape(kept).expand(*shape)
        if len(set(part)) == len(part):
            return spread
        return spread * type(g)._make(_diagonal_mask(part, shape, reduced._data.dtype))
    reduced = np.einsum(eq, g, *other_arrays)
    if unique == part:
        return reduced
    # letters only in this operand were summed out: broadcast back; repeated letters sit on
    # a diagonal: write into that diagonal view
    full = np.zeros(shape, dtype=reduced.dtype)
    sizes = dict(zip(part, shape))
    order = "".join(dict.fromkeys(part))
    expanded = np.einsum(unique + "->" + unique, reduced).reshape(
        tuple(sizes[c] if c in unique else 1 for c in order)
    )
    np.einsum(part + "->" + order, full)[...] = expanded
    return full


def _diagonal_mask(part, shape, dtype):
    """1 where every repeated letter of ``part`` indexes the same position (its diagonal), else 0."""
    mask = np.zeros(shape, dtype=dtype)
    np.einsum(part + "->" + "".join(dict.fromkeys(part)), mask)[...] = 1
    return mask


def einsum(equation, *operands):
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    parts, out = _explicit(equation, [o._data.shape for o in operands])
    op = _node_classes.get(grad_name(parts, out))
    result = op.apply(*operands, (parts, out))
    return result if isinstance(result, Tensor) else Tensor._make(result)


_node_classes = {
    name: type(f"Einsum_{name}", (Einsum,), {"backward_name": name})
    for name in ("SumBackward1", "PermuteBackward0", "MulBackward0", "ViewBackward0")
}
