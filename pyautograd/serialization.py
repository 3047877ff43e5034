"""``pyautograd.save`` / ``pyautograd.load``: tensors, ``state_dict``s (of modules and of
optimizers) and plain containers of them, in a zip file of NumPy ``.npy`` arrays and a
JSON description of the structure.

Loading is safe by default, as PyTorch's ``weights_only=True``: nothing in the file is
executed. Other objects (a whole model, a custom class) are saved with pickle, and
loading them needs ``weights_only=False``: only do that for files you trust."""

import io
import json
import os
import pickle
import zipfile
from collections import OrderedDict, defaultdict

import numpy as np

from . import devices
from .nn.parameter import Parameter
from .tensor import Tensor

_FORMAT = "pyautograd-archive-1"
_WEIGHTS_ONLY_REFUSAL = (
    "Weights only load failed. This file can still be loaded, to do so you have two options, do "
    "those steps only if you trust the source of the checkpoint. \n\t(1) In PyTorch 2.6, we changed "
    "the default value of the `weights_only` argument in `torch.load` from `False` to `True`. "
    "Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it can result "
    "in arbitrary code execution. Do it only if you got the file from a trusted source.\n\t(2) "
    "Alternatively, to load with `weights_only=True` please check the recommended steps in the "
    "following error message.\n\tWeightsUnpickler error: Unsupported global: {what}"
)


class _Writer:
    def __init__(self, archive):
        self.archive = archive
        self.arrays = {}  # id(array or tensor) -> name, so shared storage is written once
        self.pickled = 0

    def array(self, data):
        name = self.arrays.get(id(data))
        if name is None:
            name = f"data/{len(self.arrays)}.npy"
            self.arrays[id(data)] = name
            buffer = io.BytesIO()
            np.save(buffer, data if data.flags.c_contiguous else data.copy(order="C"), allow_pickle=False)
            self.archive.writestr(name, buffer.getvalue())
        return name

    def node(self, obj):
        if isinstance(obj, Tensor):
            return {
                "tensor": self.array(obj._data),
                "requires_grad": obj._requires_grad,
                "parameter": isinstance(obj, Parameter),
            }
        if isinstance(obj, np.ndarray):
            return {"ndarray": self.array(obj)}
        if obj is None or isinstance(obj, (bool, int, float, str)):
            return {"value": obj}
        if isinstance(obj, (np.integer, np.floating, np.bool_)):
            return {"value": obj.item()}
        if isinstance(obj, (dict, OrderedDict, defaultdict)) and all(isinstance(k, (str, int)) for k in obj):
            kind = "ordered" if isinstance(obj, OrderedDict) else "dict"
            return {kind: [[k, self.node(v)] for k, v in obj.items()]}
        if type(obj) in (list, tuple):
            return {type(obj).__name__: [self.node(v) for v in obj]}
        name = f"pickle/{self.pickled}.pkl"
        self.pickled += 1
        self.archive.writestr(name, pickle.dumps(obj))
        return {"pickle": name, "what": f"{type(obj).__module__}.{type(obj).__qualname__}"}


class _Reader:
    def __init__(self, archive, weights_only):
        self.archive, self.weights_only = archive, weights_only
        self.tensors = {}

    def array(self, name):
        with self.archive.open(name) as f:
            return np.load(io.BytesIO(f.read()), allow_pickle=False)

    def node(self, node):
        if "tensor" in node:
            key = (node["tensor"], node["parameter"], node["requires_grad"])
            if key not in self.tensors:
                t = Tensor._make(self.array(node["tensor"]))
                if node["parameter"]:
                    t = Parameter(t, requires_grad=node["requires_grad"])
                elif node["requires_grad"]:
                    t.requires_grad_(True)
                self.tensors[key] = t
            return self.tensors[key]
        if "ndarray" in node:
            return self.array(node["ndarray"])
        if "value" in node:
            return node["value"]
        if "ordered" in node:
            return OrderedDict((k, self.node(v)) for k, v in node["ordered"])
        if "dict" in node:
            return {k: self.node(v) for k, v in node["dict"]}
        if "list" in node:
            return [self.node(v) for v in node["list"]]
        if "tuple" in node:
            return tuple(self.node(v) for v in node["tuple"])
        if self.weights_only:
            raise pickle.UnpicklingError(_WEIGHTS_ONLY_REFUSAL.format(what=node["what"]))
        with self.archive.open(node["pickle"]) as f:
            return pickle.loads(f.read())


def save(obj, f, pickle_module=None, pickle_protocol=2, _use_new_zipfile_serialization=True):
    """Write ``obj`` (a tensor, a state_dict, containers of them...) to a path or a file."""
    target = os.fspath(f) if isinstance(f, (str, os.PathLike)) else f
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_STORED) as archive:
        root = _Writer(archive).node(obj)
        archive.writestr("structure.json", json.dumps({"format": _FORMAT, "root": root}))


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None, **pickle_load_args):
    """Read what ``save`` wrote. ``weights_only`` (the default) never runs code from the file."""
    if isinstance(map_location, (str, devices.device)):
        devices.check(map_location)
    source = os.fspath(f) if isinstance(f, (str, os.PathLike)) else f
    try:
        archive = zipfile.ZipFile(source, "r")
    except zipfile.BadZipFile:
        raise RuntimeError(
            "PytorchStreamReader failed reading zip archive: failed finding central directory"
        ) from None
    with archive:
        if "structure.json" not in archive.namelist():
            raise RuntimeError("This file was not written by pyautograd.save (no structure.json inside)")
        structure = json.loads(archive.read("structure.json"))
        return _Reader(archive, weights_only is not False).node(structure["root"])
