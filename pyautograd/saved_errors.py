"""The errors about values saved for backward, worded as PyTorch words them: a graph run
twice after its saved values were freed, an inference tensor saved, and a saved tensor
changed in place before backward read it."""

import re

from .dtypes import from_numpy_dtype

FREED_MESSAGE = (
    "Trying to backward through the graph a second time (or directly access saved tensors "
    "after they have already been freed). Saved intermediate values of the graph are freed "
    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
    "backward through the graph a second time or if you need to access saved tensors after "
    "calling backward."
)


INFERENCE_SAVED = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created in inference "
    "mode in computation tracked by autograd. To work around this, you can make a clone to get a "
    "normal tensor and use it in autograd, or use `pyautograd.no_grad()` instead of "
    "`pyautograd.inference_mode()`."
)


def modified_message(array, source, seen_as=None):
    """The error of a saved value changed in place. ``seen_as``: the shape of the view of
    the input that PyTorch saved instead of the input itself (``Function.saved_as``)."""
    tensor, version_counter, expected, node = source
    # PyTorch names the node that now produces the tensor (an in-place op rebases it), or,
    # for a node's own saved output, that node; a leaf has none.
    producer = node if node is not None else tensor.grad_fn
    shape = array.shape if seen_as is None else seen_as
    kind = f"{_type_name(array)} [{', '.join(str(n) for n in shape)}]"
    which = ""
    if seen_as is not None:
        # a view of a tensor that requires grad: the write into its base makes its node
        # again, as AsStridedBackward0; a view of one that needs none has no node
        if tensor._requires_grad:
            which = ", which is output 0 of AsStrided,"
    elif producer is not None:
        # as PyTorch words it: ExpBackward0 -> Exp, PowBackward1 -> Pow1
        op_name = getattr(producer, "name_after_write", None) or re.sub(
            r"Backward(\d+)$", r"\1", re.sub(r"Backward0$", "", producer.name())
        )
        if tensor is not None and getattr(tensor, "_view_info", None) is not None:
            op_name = "AsStrided"  # a written view's node is made again as AsStridedBackward0
        which = f", which is output 0 of {op_name},"
    return (
        "one of the variables needed for gradient computation has been modified by an "
        f"inplace operation: [{kind}]{which} is at version {version_counter[0]}; expected version "
        f"{expected} instead. Hint: enable anomaly detection to find the operation that "
        "failed to compute its gradient, with pyautograd.autograd.set_detect_anomaly(True, "
        "check_nan=False)."
    )


def _type_name(array):
    # PyTorch's message spells a bool tensor's type as its backend type, every other dtype as
    # the legacy tensor class (``torch.LongTensor``)
    if array.dtype == bool:
        return "CPUBoolType"
    return f"pyautograd.{from_numpy_dtype(array.dtype).legacy_name}"
