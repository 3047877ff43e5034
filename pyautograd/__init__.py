"""pyautograd: reverse-mode automatic differentiation on NumPy, shaped like PyTorch.

``import pyautograd as torch`` runs the lessons' PyTorch code: same numbers, same printed
form, same error messages. Read ``tensor.py`` (the data), ``function.py`` (one op and its
backward), ``engine.py`` (the backward pass) and ``ops/`` (the formulas).
"""

import importlib as _importlib  # already loaded by Python itself: costs nothing at start-up

from . import (
    _quiet_numpy,  # noqa: F401  (first: covers the imports below too)
    autograd,
    backends,
    cuda,
    func,
    linalg,
    nn,
    optim,
    random,
    utils,
    viz,
)
from . import methods as _methods
from . import random_tensors as _random_tensors
from . import saved_attributes as _saved_attributes  # noqa: E402
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
    logspace,
    ones,
    ones_like,
    tensor,
    tril_indices,
    triu_indices,
    zeros,
    zeros_like,
)
from .devices import device, get_default_device, set_default_device
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
from .generator import Generator
from .grad_mode import (
    enable_grad,
    inference_mode,
    is_grad_enabled,
    is_inference_mode_enabled,
    no_grad,
    set_grad_enabled,
)
from .methods import index_put_function as index_put_
from .ops import logexp as _logexp  # noqa: F401  (declares ops: published below)
from .ops import special as _special  # noqa: F401  (likewise)
from .ops import unary as _unary
from .ops.counting import (
    argwhere,
    bincount,
    bucketize,
    count_nonzero,
    histc,
    nonzero,
    result_type,
    searchsorted,
    unique,
)
from .ops.einsum import einsum
from .ops.elementwise import (
    add,
    addcdiv,
    addcmul,
    arctan2,
    atan2,
    clamp,
    clamp_max,
    clamp_min,
    clip,
    copysign,
    eq,
    fmax,
    fmin,
    ge,
    gt,
    hypot,
    le,
    lerp,
    logaddexp,
    logaddexp2,
    lt,
    maximum,
    minimum,
    mul,
    ne,
    positive,
    pow,
    rsub,
    sgn,
    square,
    sub,
    true_divide,
    xlogy,
)
from .ops.gather import (
    gather,
    index_add,
    index_select,
    masked_fill,
    masked_select,
    scatter,
    scatter_add,
    take_along_dim,
)
from .ops.index import index_put, where
from .ops.inverse import det
from .ops.inverse import inv as inverse
from .ops.linalg import (
    addbmm,
    addmm,
    addmv,
    addr,
    baddbmm,
    bmm,
    cross,
    dot,
    inner,
    kron,
    matmul,
    mm,
    mv,
    outer,
    tensordot,
)
from .ops.logical import (
    all,
    allclose,
    any,
    equal,
    isclose,
    isfinite,
    isinf,
    isnan,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
    signbit,
)
from .ops.norm import norm
from .ops.pieces import (
    chunk,
    diag,
    diag_embed,
    diagonal,
    diff,
    dsplit,
    flip,
    fliplr,
    flipud,
    hsplit,
    moveaxis,
    movedim,
    narrow,
    repeat,
    repeat_interleave,
    roll,
    select,
    split,
    tensor_split,
    tile,
    trace,
    tril,
    triu,
    unbind,
    vsplit,
)
from .ops.reduce import (
    amax,
    amin,
    argmax,
    argmin,
    log_softmax,
    max,
    mean,
    min,
    nanmean,
    nansum,
    softmax,
    sum,
)
from .ops.rounding import ceil, floor, floor_divide, fmod, remainder, round, sign, trunc
from .ops.shape import (
    atleast_1d,
    atleast_2d,
    atleast_3d,
    broadcast_shapes,
    broadcast_to,
    cat,
    clone,
    column_stack,
    concat,
    dstack,
    expand,
    flatten,
    hstack,
    meshgrid,
    permute,
    ravel,
    reshape,
    row_stack,
    squeeze,
    stack,
    swapaxes,
    swapdims,
    t,
    transpose,
    unflatten,
    unsqueeze,
    vstack,
)
from .ops.sorting import argsort, kthvalue, median, nanmedian, sort, topk
from .ops.statistics import (
    cummax,
    cummin,
    cumprod,
    cumsum,
    logcumsumexp,
    logsumexp,
    prod,
    std,
    std_mean,
    var,
    var_mean,
)
from .printing import set_printoptions
from .random import fork_rng, get_rng_state, initial_seed, manual_seed, seed, set_rng_state
from .random_tensors import (
    bernoulli,
    multinomial,
    normal,
    rand,
    rand_like,
    randint,
    randint_like,
    randn,
    randn_like,
    randperm,
)
from .serialization import load, save
from .tensor import Size, Tensor

_methods.install()
_random_tensors.install()
_declared = _unary.published("torch")  # exp, sigmoid, log1p, atan...: declared once in ops/ (unary.py)
globals().update(_declared)
from .nn.activation_ops import threshold, threshold_  # noqa: E402  (torch.threshold is F.threshold)
from .nn.composite_losses import prelu  # noqa: E402  (torch.prelu is F.prelu)

multiply, subtract, negative, fix = mul, sub, _declared["neg"], trunc
div = divide = _methods._div
clamp_, square_ = Tensor.clamp_, Tensor.square_  # torch.clamp_(x, ...) is x.clamp_(...)
_saved_attributes.install()  # every op module is loaded: name the nodes' saved values
__version__ = "0.1.0"


def is_tensor(obj):
    return isinstance(obj, Tensor)


def numel(input):
    return input.numel()


def __getattr__(name):
    """``pyautograd.distributions`` is imported on first use: a page that never samples from a
    distribution does not pay for loading it at start-up (``tests/docs/test_startup_imports.py``)."""
    if name == "distributions":
        return _importlib.import_module(".distributions", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
