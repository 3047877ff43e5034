"""Random tensors: the factories (``rand``, ``randn``, ``randint``, ``randperm``, ``normal``,
``bernoulli``, ``multinomial``, the ``*_like`` ones) and the in-place fills (``normal_``,
``uniform_``, ``random_``, ``bernoulli_``, ``exponential_``).

All draw from ``generator=`` or the global generator, in PyTorch's order, so a seeded script
prints PyTorch's numbers (the transforms themselves are in ``sampling``).
"""

import numpy as np

from . import dtypes, sampling
from .grad_mode import state as grad_mode
from .random import default_generator
from .tensor import Tensor

_LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place operation."


def _gen(generator):
    return default_generator if generator is None else generator


def _size(size):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    return tuple(int(s) for s in size)


def _count(shape):
    return int(np.prod(shape, dtype=np.int64))


def _finish(data, requires_grad):
    t = Tensor._make(data)
    if requires_grad:
        if data.dtype.kind != "f":
            raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
        t.requires_grad_(True)
    return t


def _float_dtype(dtype, kernel):
    """The NumPy dtype of a floating random tensor; integer dtypes fail as PyTorch's kernels do."""
    d = dtypes.from_numpy_dtype(dtypes.to_numpy_dtype(dtype)) if dtype is not None else None
    d = d or dtypes.get_default_dtype()
    if not d.is_floating_point:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{d.legacy_name[: -len('Tensor')]}'")
    return d.numpy


# ---- filling memory in PyTorch's order ----------------------------------------------------------------
def _memory_order(array):
    """A view of ``array`` whose C order is its memory order (PyTorch fills views that way)."""
    if array.flags.c_contiguous:
        return array
    axes = sorted(range(array.ndim), key=lambda a: -abs(array.strides[a]))
    return array.transpose(axes)


def _fill(tensor, values):
    """Write ``values`` (drawn in memory order) into ``tensor`` in place."""
    if grad_mode.enabled and tensor._requires_grad and tensor.grad_fn is None:
        raise RuntimeError(_LEAF_INPLACE)
    target = _memory_order(tensor._data)
    target[...] = values.reshape(target.shape)
    tensor._bump_version()
    return tensor


def _kernel_dtype(tensor, kernel):
    if tensor._data.dtype.kind != "f":
        name = dtypes.from_numpy_dtype(tensor._data.dtype).legacy_name[: -len("Tensor")]
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{name}'")
    return tensor._data.dtype


# ---- in-place fills (Tensor methods) ------------------------------------------------------------------
def uniform_(self, from_=0.0, to=1.0, *, generator=None, **kwargs):
    from_ = kwargs.pop("from", from_)
    dtype = _kernel_dtype(self, "check_uniform_bounds")
    if from_ > to:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found from={from_} > to={to}")
    return _fill(self, sampling.uniform(_gen(generator), self._data.size, dtype, from_, to))


def normal_(self, mean=0.0, std=1.0, *, generator=None):
    dtype = _kernel_dtype(self, "normal_kernel_cpu")
    if std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std}")
    contiguous = self._data.flags.c_contiguous
    values = sampling.normal(_gen(generator), self._data.size, dtype, mean, std, contiguous)
    return _fill(self, values)


def random_(self, *bounds, generator=None, **kwargs):
    """``random_()``: 0 up to the dtype's exact range; ``random_(to)``: [0, to);
    ``random_(from, to)``: [from, to)."""
    low, high = 0, None
    if len(bounds) == 1:
        high = bounds[0]
    elif len(bounds) == 2:
        low, high = bounds
    low, high = kwargs.get("from", low), kwargs.get("to", high)
    gen, size, dtype = _gen(generator), self._data.size, self._data.dtype
    if high is None:
        if not bounds and "from" not in kwargs:  # random_(): the dtype's whole exact range
            return _fill(self, sampling.random_full(gen, size, dtype))
        return _fill(self, sampling.random_from(gen, size, dtype, low))
    if low >= high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
    return _fill(self, sampling.random_range(gen, size, dtype, low, high))


def bernoulli_(self, p=0.5, *, generator=None):
    probabilities = p._data if isinstance(p, Tensor) else float(p)
    probabilities = np.broadcast_to(probabilities, self._data.shape)
    return _fill(self, sampling.bernoulli(_gen(generator), np.ascontiguousarray(probabilities)))


def exponential_(self, lambd=1.0, *, generator=None):
    dtype = _kernel_dtype(self, "exponential_cpu")
    if not lambd > 0:
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={lambd}")
    return _fill(self, sampling.exponential(_gen(generator), self._data.size, dtype, lambd))


# ---- factories ----------------------------------------------------------------------------------------
def _size_argument(name, size, keyword):
    """The shape from ``*size`` or from ``size=``, with PyTorch's errors when both or another word come."""
    given = keyword.pop("size", None)
    if keyword:
        raise TypeError(f"{name}() got an unexpected keyword argument '{next(iter(keyword))}'")
    if given is None:
        return size
    if size:
        raise TypeError(f"{name}() got multiple values for argument 'size'")
    return (given,)


def rand(
    *size, generator=None, dtype=None, requires_grad=False, out=None, device=None, pin_memory=False, **keyword
):
    """Uniform numbers in [0, 1). The shape may be given as ``size=`` too (d2l writes ``rand(size=(2, 3))``)."""
    shape, np_dtype = (
        _size(_size_argument("rand", size, keyword)),
        _float_dtype(dtype, "check_uniform_bounds"),
    )
    values = sampling.uniform(_gen(generator), _count(shape), np_dtype)
    return _finish(values.reshape(shape), requires_grad)


def randn(
    *size, generator=None, dtype=None, requires_grad=False, out=None, device=None, pin_memory=False, **keyword
):
    """Standard normal numbers. The shape may be given as ``size=`` too (d2l writes ``randn(size=(2, 3))``)."""
    shape, np_dtype = _size(_size_argument("randn", size, keyword)), _float_dtype(dtype, "normal_kernel_cpu")
    values = sampling.normal(_gen(generator), _count(shape), np_dtype)
    return _finish(values.reshape(shape), requires_grad)


def randint(*args, size=None, generator=None, dtype=None, requires_grad=False, device=None, **kwargs):
    """Integers in [low, high): ``randint(high, size)`` or ``randint(low, high, size)``."""
    args = list(args)
    if size is None and args and isinstance(args[-1], (tuple, list)):
        size = args.pop()
    low, high = kwargs.get("low", 0), kwargs.get("high")
    if len(args) == 2:
        low, high = args
    elif len(args) == 1:
        high = args[0]
    if size is None or high is None:
        raise TypeError("randint() missing required argument 'size' (a tuple of ints) or 'high' (an int)")
    if low >= high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
    shape = _size((size,))
    np_dtype = dtypes.to_numpy_dtype(dtype or dtypes.int64)
    values = sampling.random_range(_gen(generator), _count(shape), np_dtype, low, high)
    return _finish(values.reshape(shape), requires_grad)


def randperm(n, *, generator=None, dtype=None, requires_grad=False, device=None, pin_memory=False):
    """0..n-1 in a random order."""
    values = sampling.randperm(_gen(generator), int(n))
    return _finish(values.astype(dtypes.to_numpy_dtype(dtype or dtypes.int64)), requires_grad)


def rand_like(input, *, generator=None, dtype=None, requires_grad=False, device=None, memory_format=None):
    return rand(*input.shape, generator=generator, dtype=dtype or input.dtype, requires_grad=requires_grad)


def randn_like(input, *, generator=None, dtype=None, requires_grad=False, device=None, memory_format=None):
    return randn(*input.shape, generator=generator, dtype=dtype or input.dtype, requires_grad=requires_grad)


def randint_like(input, *bounds, generator=None, dtype=None, requires_grad=False, device=None, **kwargs):
    return randint(
        *bounds,
        input.shape,
        generator=generator,
        dtype=dtype or input.dtype,
        requires_grad=requires_grad,
        **kwargs,
    )


def normal(
    mean, std=1.0, size=None, *, generator=None, dtype=None, requires_grad=False, out=None, device=None
):
    """``normal(mean, std, size)`` with numbers, or element-wise means/stds given as tensors:
    PyTorch draws standard normals of the broadcast shape, then multiplies by std and adds mean."""
    if not isinstance(mean, Tensor) and not isinstance(std, Tensor):
        if size is None:
            raise TypeError("normal() missing required argument 'size' (a tuple of ints)")
        shape = _size((size,))
        np_dtype = _float_dtype(dtype, "normal_kernel_cpu")
        if std < 0:
            raise RuntimeError(f"normal expects std >= 0.0, but found std {std}")
        values = sampling.normal(_gen(generator), _count(shape), np_dtype, mean, std)
        return _finish(values.reshape(shape), requires_grad)
    tensors = [t for t in (mean, std) if isinstance(t, Tensor)]
    shape = np.broadcast_shapes(*(t.shape for t in tensors))
    np_dtype = np.result_type(*(t._data.dtype for t in tensors))
    z = sampling.normal(_gen(generator), _count(shape), np_dtype).reshape(shape)
    s = std._data if isinstance(std, Tensor) else np_dtype.type(std)
    m = mean._data if isinstance(mean, Tensor) else np_dtype.type(mean)
    return Tensor._make((z * s + m).astype(np_dtype, copy=False))


def bernoulli(input, p=None, *, generator=None, out=None):
    """0/1 draws with the probabilities in ``input`` (or ``p`` for all), in input's dtype."""
    result = Tensor._make(np.empty(input._data.shape, input._data.dtype))
    return bernoulli_(result, input if p is None else p, generator=generator)


def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    """Indices drawn from the rows of ``input`` (weights, not necessarily summing to 1)."""
    probs = input._data
    if probs.ndim not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    if not replacement and num_samples > probs.shape[-1]:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")
    if (probs < 0).any():
        raise RuntimeError("invalid multinomial distribution (encountering probability entry < 0)")
    if not np.isfinite(probs).all():
        raise RuntimeError(
            "invalid multinomial distribution (encountering probability entry = infinity or NaN)"
        )
    if (probs.sum(axis=-1) <= 0).any():
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    rows = np.atleast_2d(probs)
    drawn = sampling.multinomial(_gen(generator), rows, int(num_samples), replacement)
    return Tensor._make(drawn if probs.ndim == 2 else drawn[0])


_METHODS = {
    "uniform_": uniform_,
    "normal_": normal_,
    "random_": random_,
    "bernoulli_": bernoulli_,
    "exponential_": exponential_,
    "bernoulli": lambda self, p=None, *, generator=None: bernoulli(self, p, generator=generator),
    "multinomial": multinomial,
}


def install():
    for name, method in _METHODS.items():
        setattr(Tensor, name, method)
