"""Where a node's saved values come from. A source is ``(tensor, version counter, version at
saving, node)``: ``saved_tensors`` compares the counter with the version to refuse a value
changed in place since (PyTorch's version check)."""

from .saved_errors import INFERENCE_SAVED
from .tensor import Tensor


def unchecked(source):
    """``source`` with a version counter of its own that nothing moves: the tensor stays
    bound (a create_graph backward differentiates through it), but a change to it in place
    is not an error, as where PyTorch saved a copy or a sum of it rather than a view."""
    return (source[0], [0], 0, source[3])


def source_in_tuple(args, array):
    """The source of a saved array that is a tensor inside a tuple argument: an index's
    tensors (``x[i, j]``, ``index_put_((i, j), v)``), which PyTorch saves as ``indices``."""
    for a in args:
        if type(a) is tuple:
            for t in a:
                if isinstance(t, Tensor) and t._data is array:
                    if t._inference:
                        raise RuntimeError(INFERENCE_SAVED)
                    return (t, t._version_counter, t._version_counter[0], None)
    return None
