"""Data types: thin named wrappers over NumPy dtypes, printed the way PyTorch prints them."""

import builtins

import numpy as np


class dtype:
    """A tensor element type, e.g. ``pyautograd.float32`` (the default, as in PyTorch)."""

    __slots__ = ("name", "numpy", "is_floating_point", "legacy_name")

    def __init__(self, name, numpy_dtype, is_floating_point, legacy_name):
        self.name = name
        self.numpy = np.dtype(numpy_dtype)
        self.is_floating_point = is_floating_point
        self.legacy_name = legacy_name  # e.g. FloatTensor, used in some error messages

    def __repr__(self):
        return f"pyautograd.{self.name}"

    def __reduce__(self):
        return self.name


float16 = half = dtype("float16", np.float16, True, "HalfTensor")
float32 = float = dtype("float32", np.float32, True, "FloatTensor")
float64 = double = dtype("float64", np.float64, True, "DoubleTensor")
int8 = dtype("int8", np.int8, False, "CharTensor")
uint8 = dtype("uint8", np.uint8, False, "ByteTensor")
int16 = short = dtype("int16", np.int16, False, "ShortTensor")
int32 = int = dtype("int32", np.int32, False, "IntTensor")
int64 = long = dtype("int64", np.int64, False, "LongTensor")
bool = dtype("bool", np.bool_, False, "BoolTensor")

_BY_NUMPY = {d.numpy: d for d in (float16, float32, float64, int8, uint8, int16, int32, int64, bool)}
_default = float32


def from_numpy_dtype(np_dtype):
    """Our dtype for a NumPy dtype (NumPy types we do not name map to the nearest one we do)."""
    found = _BY_NUMPY.get(np_dtype)
    if found is not None:
        return found
    kind = np.dtype(np_dtype).kind
    return float64 if kind == "f" else int64 if kind in "iu" else bool if kind == "b" else float64


_CPP_NAMES = {
    "float16": "c10::Half",
    "float32": "float",
    "float64": "double",
    "int8": "signed char",
    "uint8": "unsigned char",
    "int16": "short int",
    "int32": "int",
    "int64": "long int",
    "bool": "bool",
}


def scalar_type_name(np_dtype):
    """PyTorch's ScalarType name (``Float``, ``Long``), as some of its error messages spell a dtype."""
    return from_numpy_dtype(np_dtype).legacy_name[: -len("Tensor")]


def cpp_type_name(np_dtype):
    """The C++ type name (``float``, ``long int``), as other PyTorch messages spell a dtype."""
    return _CPP_NAMES[from_numpy_dtype(np_dtype).name]


def to_numpy_dtype(d):
    """Accept our dtype, a NumPy dtype or a Python type; return a NumPy dtype."""
    if isinstance(d, dtype):
        return d.numpy
    if d is builtins.float:  # PyTorch: Python float means float64, whatever the default
        return np.dtype(np.float64)
    if d is builtins.int:
        return np.dtype(np.int64)
    if d is builtins.bool:
        return np.dtype(np.bool_)
    return np.dtype(d)


def get_default_dtype():
    return _default


def set_default_dtype(d):
    """Set the dtype of new floating-point tensors (float32 or float64), like PyTorch."""
    global _default
    if d not in (float32, float64, float16):
        raise TypeError("only floating-point types are supported as the default type")
    _default = d
