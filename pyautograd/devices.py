"""Devices. pyautograd computes on the CPU only (NumPy, also in the browser), so
``pyautograd.cuda.is_available()`` is honestly False and asking for another device fails
the way PyTorch does on a machine without CUDA. Tutorials' first lines
(``device = "cuda" if torch.cuda.is_available() else "cpu"``, ``x.to(device)``) then run."""

_NO_CUDA = "Torch not compiled with CUDA enabled"


class device:
    """``pyautograd.device("cpu")``, ``device("cpu", 0)`` or ``device("cuda:0")``."""

    __slots__ = ("type", "index")

    def __init__(self, type, index=None):
        if isinstance(type, device):
            type, index = type.type, type.index
        elif isinstance(type, int):
            raise RuntimeError(_NO_CUDA)  # a bare ordinal means a CUDA device
        name, _, number = str(type).partition(":")
        if name not in _KNOWN_TYPES:
            raise RuntimeError(_UNKNOWN + str(type))
        self.type = name
        self.index = int(number) if number else index

    def __repr__(self):
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):
        return isinstance(other, device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


_KNOWN_TYPES = (
    "cpu cuda ipu xpu mkldnn opengl opencl ideep hip ve fpga maia xla lazy vulkan mps meta hpu mtia privateuseone"
).split()
_UNKNOWN = f"Expected one of {', '.join(_KNOWN_TYPES)} device type at start of device string: "
CPU = device("cpu")


def check(target):
    """Accept the CPU (given as a string, device or None); refuse others like PyTorch."""
    if target is None:
        return
    kind = target.type if isinstance(target, device) else device(target).type
    if kind == "cuda":
        raise AssertionError(_NO_CUDA)
    if kind != "cpu":
        raise RuntimeError(f"The {kind} device is not available in pyautograd (it computes on the CPU)")


def is_device(x):
    if isinstance(x, device):
        return True
    if isinstance(x, str):
        return x.partition(":")[0] in _KNOWN_TYPES
    return False


_default = {"device": CPU}


def set_default_device(target):
    check(target)


def get_default_device():
    return _default["device"]
