"""``einsum``: products and sums written as index equations ("ij,jk->ik"). The gradient
for an operand is another einsum: the output gradient contracted with the other operands
back to that operand's indices."""

import string

import numpy as np

from ..function import Function
from ..saved_sources import unchecked
from ..tensor import Tensor
from .common import is_tensor

_SPARE = string.ascii_uppercase


def _explicit(equation, shapes):
    """Write the equation without '...' and with its output, e.g. '...j,j' -> 'Aj,j->A'
    (and the letters that stand for the ellipsis' dims, here 'A')."""
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
    return out_parts, out, fill


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
        *arrays, (parts, out, fill) = arrays_then_spec
        ctx.parts, ctx.out, ctx.fill = parts, out, fill
        ctx.shapes = [a.shape for a in arrays]
        # Each operand is read only by the others' gradients, as PyTorch's lowering (permute
        # and sum, mul, bmm) saves them: one operand saves nothing, two each for the other.
        if len(arrays) == 2:
            ctx.saved_for = (1, 0)
        if len(arrays) > 1:
            ctx.save_for_backward(*arrays)
        return np.asarray(np.einsum(",".join(parts) + "->" + out, *arrays))

    def _bind_saved(self, args, data, out, result, needs):
        Function._bind_saved(self, args, data, out, result, needs)
        seen = _saved_views(self.parts, self.out, self.fill, data[: len(self.parts)], needs)
        sources = self._saved_sources
        for k, shape in enumerate(seen):
            if shape is None and sources[k] is not None:
                sources[k] = unchecked(sources[k])
        self.saved_as = seen

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
    others, other_arrays = _sum_lone_letters(others, other_arrays, out + part)
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


def _sum_lone_letters(parts, arrays, elsewhere):
    """Each operand with the letters only it has summed out first, as PyTorch's einsum does:
    sum(b) * g, not sum(b * g), so an inf gradient meets no inf - inf."""
    summed_parts, summed_arrays = [], []
    for k, (part, array) in enumerate(zip(parts, arrays)):
        rest = elsewhere + "".join(p for j, p in enumerate(parts) if j != k)
        lone = tuple(i for i, c in enumerate(part) if c not in rest and part.count(c) == 1)
        if lone:
            array = array.sum(dim=lone) if is_tensor(array) else np.sum(array, axis=lone)
            part = "".join(c for i, c in enumerate(part) if i not in lone)
        summed_parts.append(part)
        summed_arrays.append(array)
    return summed_parts, summed_arrays


def _saved_views(parts, out, fill, arrays, needs):
    """Per operand, the shape of the view of it that PyTorch's einsum saves for another
    operand's gradient, or None where it saves none (that gradient is not needed, or the
    operand was summed or copied first: a change to the input is then not seen).

    PyTorch lowers einsum to views and ``bmm``: each operand's dims are put in one order
    (the output's letters, then the summed ones: the ellipsis' first, then by letter), with
    a diagonal for a repeated letter and a dim of 1 for a letter it lacks; then, from the
    left, each pair is multiplied (``mul`` when nothing is summed, else permuted and
    reshaped to 3-D for ``bmm``), a dim only one side has being summed first. This follows
    those steps on NumPy views of the operands, which cost no copy."""
    summed = sorted(set("".join(parts)) - set(out), key=lambda c: (c not in fill, c))
    order = out + "".join(summed)
    position = {c: p for p, c in enumerate(order)}
    counts = [0] * len(order)
    ops = []  # (view, operand it is a view of or None, whether it requires grad)
    for k, (part, array) in enumerate(zip(parts, arrays)):
        view = np.asarray(array)
        permutation = [-1] * len(order)
        dim = 0
        for c in part:
            p = position[c]
            if permutation[p] == -1:
                counts[p] += view.shape[dim] != 1
                permutation[p] = dim
                dim += 1
            else:  # a repeated letter: its diagonal, where the letter first stood
                view = np.moveaxis(np.diagonal(view, 0, permutation[p], dim), -1, permutation[p])
        for p in range(len(order)):
            if permutation[p] == -1:
                view = np.expand_dims(view, dim)
                permutation[p] = dim
                dim += 1
        ops.append((view.transpose(permutation), k, needs[k]))
    seen = [None] * len(parts)
    while len(ops) > 1:
        (a, a_of, a_needs), (b, b_of, b_needs) = ops[0], ops[1]
        sum_dims = []
        for d in range(len(out), len(order)):
            if a.shape[d] != 1 and b.shape[d] != 1:
                counts[d] -= 1
                if counts[d] == 1:
                    sum_dims.append(d)
                    counts[d] = 0
            elif counts[d] == 1 and (a.shape[d] != 1 or b.shape[d] != 1):
                if a.shape[d] != 1:
                    a, a_of = _summed(a, d), None
                else:
                    b, b_of = _summed(b, d), None
                counts[d] = 0
        # the pair's product keeps a dim of 1 for each summed dim
        shape = tuple(1 if d in sum_dims else max(n, m) for d, (n, m) in enumerate(zip(a.shape, b.shape)))
        if sum_dims:
            a, a_of, b, b_of = _bmm_operands(a, a_of, b, b_of, sum_dims)
        if a_of is not None and b_needs:
            seen[a_of] = a.shape
        if b_of is not None and a_needs:
            seen[b_of] = b.shape
        ops[:2] = [(_shaped(shape), None, a_needs or b_needs)]
    return tuple(seen)


def _shaped(shape):
    """A stand-in of this shape for a value that is no view of an operand (no memory)."""
    return np.broadcast_to(np.empty(()), shape)


def _summed(view, d):
    return _shaped(view.shape[:d] + (1,) + view.shape[d + 1 :])


def _bmm_operands(a, a_of, b, b_of, sum_dims):
    """What PyTorch's ``bmm`` of the pair gets: the left side permuted to (both, its own,
    summed) dims, the right to (both, summed, its own), each reshaped to 3-D, a view where
    one exists (else a copy: no view of the operand); a summed dim only one side has is
    summed first."""
    both, left, right = [], [], []
    for d in range(a.ndim):
        on_a, on_b = a.shape[d] != 1, b.shape[d] != 1
        if d in sum_dims:
            if on_a and not on_b:
                a, a_of = _summed(a, d), None
            elif on_b and not on_a:
                b, b_of = _summed(b, d), None
        elif on_a and on_b:
            both.append(d)
        elif on_a:
            left.append(d)
        else:
            right.append(d)

    def size(view, dims):
        return int(np.prod([view.shape[d] for d in dims], dtype=np.int64))

    def to_3d(view, of, first, second, third):
        shape = (size(view, first), size(view, second), size(view, third))
        try:
            return np.reshape(
                view.transpose(
                    first + second + third + [d for d in range(view.ndim) if d not in first + second + third]
                ),
                shape,
                copy=False,
            ), of
        except ValueError:
            return _shaped(shape), None

    if left and right and right[-1] < left[0]:
        # the right side's dims all come first in the output: bmm takes the pair swapped,
        # so that its product is already in the output's order
        b, b_of = to_3d(b, b_of, both, right, sum_dims)
        a, a_of = to_3d(a, a_of, both, sum_dims, left)
    else:
        a, a_of = to_3d(a, a_of, both, left, sum_dims)
        b, b_of = to_3d(b, b_of, both, sum_dims, right)
    return a, a_of, b, b_of


def _diagonal_mask(part, shape, dtype):
    """1 where every repeated letter of ``part`` indexes the same position (its diagonal), else 0."""
    mask = np.zeros(shape, dtype=dtype)
    np.einsum(part + "->" + "".join(dict.fromkeys(part)), mask)[...] = 1
    return mask


def einsum(equation, *operands):
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    parts, out, fill = _explicit(equation, [o._data.shape for o in operands])
    op = _node_classes.get(grad_name(parts, out))
    result = op.apply(*operands, (parts, out, fill))
    return result if isinstance(result, Tensor) else Tensor._make(result)


_node_classes = {
    name: type(f"Einsum_{name}", (Einsum,), {"backward_name": name})
    for name in ("SumBackward1", "PermuteBackward0", "MulBackward0", "ViewBackward0")
}
