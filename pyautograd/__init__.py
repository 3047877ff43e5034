"""pyautograd: reverse-mode automatic differentiation on NumPy, shaped like PyTorch.

``import pyautograd as torch`` runs the lessons' PyTorch code: same numbers, same printed
form, same error messages. Read ``tensor.py`` (the data), ``function.py`` (one op and its
backward), ``engine.py`` (the backward pass) and ``ops/`` (the formulas).
"""

from . import autograd, func, nn, optim, viz
from . import methods as _methods
from .anomaly import is_anomaly_enabled
from .creation import (
    DoubleTensor,
    FloatTensor,
    LongTensor,
    arange,
    as_tensor,
    empty,
    empty_like,
    eye,
    from_numpy,
    full,
    full_like,
    linspace,
    manual_seed,
    ones,
    ones_like,
    rand,
    rand_like,
    randint,
    randn,
    randn_like,
    seed,
    tensor,
    zeros,
    zeros_like,
)
from .dtypes import (
    bool,
    double,
    dtype,
    float,
    float16,
    float32,
    float64,
    get_default_dtype,
    half,
    int,
    int8,
    int16,
    int32,
    int64,
    long,
    set_default_dtype,
    short,
    uint8,
)
from .grad_mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled
from .ops.elementwise import (
    abs,
    add,
    clamp,
    clip,
    cos,
    div,
    eq,
    exp,
    ge,
    gt,
    le,
    log,
    lt,
    maximum,
    minimum,
    mul,
    ne,
    neg,
    pow,
    reciprocal,
    relu,
    sigmoid,
    sign,
    sin,
    sqrt,
    square,
    sub,
    tanh,
)
from .ops.index import where
from .ops.linalg import dot, matmul, mm, mv, outer
from .ops.reduce import amax, amin, argmax, argmin, log_softmax, max, mean, min, softmax, sum
from .ops.shape import (
    cat,
    clone,
    concat,
    expand,
    flatten,
    permute,
    reshape,
    squeeze,
    stack,
    t,
    transpose,
    unsqueeze,
)
from .printing import set_printoptions
from .tensor import Size, Tensor

_methods.install()

multiply, subtract, divide, negative = mul, sub, div, neg
__version__ = "0.1.0"


def is_tensor(obj):
    return isinstance(obj, Tensor)


def numel(input):
    return input.numel()
