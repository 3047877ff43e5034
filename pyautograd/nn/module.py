"""Module: a container of parameters and sub-modules with PyTorch's bookkeeping
(``parameters()``, ``zero_grad()``, ``train()/eval()``, ``state_dict()``, a nested repr)."""

from collections import OrderedDict, namedtuple

import numpy as np

from .. import dtypes
from ..devices import check, is_device
from ..function import clear_grads
from ..tensor import RemovableHandle, Tensor
from .hooks import call_with_hooks
from .parameter import Parameter, UninitializedParameter


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()


class Module:
    """Base class of layers and models: subclasses set attributes in ``__init__`` and
    define ``forward``; calling the module calls ``forward``."""

    def __init__(self):
        object.__setattr__(self, "training", True)
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "_modules", OrderedDict())

    def forward(self, *args, **kwargs):
        raise NotImplementedError(
            f'Module [{type(self).__name__}] is missing the required "forward" function'
        )

    _forward_pre_hooks = _forward_hooks = _backward_hooks = ()  # lists once one is registered

    def __call__(self, *args, **kwargs):
        if self._forward_pre_hooks or self._forward_hooks or self._backward_hooks:
            return call_with_hooks(self, args, kwargs)
        return self.forward(*args, **kwargs)

    def _hook_list(self, name):
        if name not in self.__dict__:
            object.__setattr__(self, name, [])
        return self.__dict__[name]

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        """``hook(module, args)`` before forward; it may return new args."""
        hooks = self._hook_list("_forward_pre_hooks")
        hooks.insert(0, hook) if prepend else hooks.append(hook)
        return RemovableHandle(hooks, hook)

    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
        """``hook(module, args, output)`` after forward; it may return a new output."""
        hooks = self._hook_list("_forward_hooks")
        hooks.insert(0, hook) if prepend else hooks.append(hook)
        return RemovableHandle(hooks, hook)

    def register_full_backward_hook(self, hook, prepend=False):
        """``hook(module, grad_input, grad_output)`` once the gradients with respect to the
        module's inputs are computed; it may return new grad_input."""
        hooks = self._hook_list("_backward_hooks")
        hooks.insert(0, hook) if prepend else hooks.append(hook)
        return RemovableHandle(hooks, hook)

    # ---- attribute registration ------------------------------------------------------------
    def __setattr__(self, name, value):
        """PyTorch's order: a Parameter or a Module may replace anything; a name already held
        as a parameter, child module or buffer only takes a value of that kind (or None)."""
        d = self.__dict__
        params, modules, buffers = d.get("_parameters"), d.get("_modules"), d.get("_buffers")
        if isinstance(value, (Parameter, Module)):
            if params is None:
                what = "parameters" if isinstance(value, Parameter) else "module"
                raise AttributeError(f"cannot assign {what} before Module.__init__() call")
            if isinstance(value, Module) and name in params:
                self._refuse("parameter", name, value)
            if isinstance(value, Parameter) and name in params:  # keeps its place in state_dict
                params[name] = value
                return
            self._forget(name)
            (params if isinstance(value, Parameter) else modules)[name] = value
        elif params is not None and name in params:
            if value is not None:
                self._refuse("parameter", name, value)
            params[name] = None
        elif modules is not None and name in modules:
            if value is not None:
                self._refuse("child module", name, value)
            modules[name] = None
        elif buffers is not None and name in buffers:
            if value is not None and not isinstance(value, Tensor):
                self._refuse("buffer", name, value)
            buffers[name] = value
        else:
            object.__setattr__(self, name, value)

    _EXPECTED = {
        "parameter": "pyautograd.nn.Parameter",
        "child module": "pyautograd.nn.Module",
        "buffer": "pyautograd.nn.Buffer, pyautograd.Tensor",
    }

    @staticmethod
    def _typename(value):
        if isinstance(value, Tensor):
            return f"pyautograd.{value.dtype.legacy_name}"
        cls = type(value)
        return cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"

    def _refuse(self, kind, name, value):
        raise TypeError(
            f"cannot assign '{self._typename(value)}' as {kind} '{name}' "
            f"({self._EXPECTED[kind]} or None expected)"
        )

    def _forget(self, name):
        self.__dict__.pop(name, None)
        for store in (self._parameters, self._buffers, self._modules):
            store.pop(name, None)

    def __getattr__(self, name):
        d = self.__dict__
        params = d.get("_parameters")  # first: a layer's forward reads its weights on every call
        if params is not None and name in params:
            return params[name]
        for store in ("_buffers", "_modules"):
            if store in d and name in d[store]:
                return d[store][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __delattr__(self, name):
        for store in (self._parameters, self._buffers, self._modules):
            if name in store:
                del store[name]
                return
        object.__delattr__(self, name)

    def register_parameter(self, name, param):
        if "_parameters" not in self.__dict__:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(
                f"cannot assign '{self._typename(param)}' object to parameter '{name}' "
                "(pyautograd.nn.Parameter or None required)"
            )
        self._forget(name)
        self._parameters[name] = param

    def register_buffer(self, name, tensor, persistent=True):
        self._forget(name)
        self._buffers[name] = tensor

    def add_module(self, name, module):
        self._forget(name)
        self._modules[name] = module

    register_module = add_module

    # ---- walking the tree ---------------------------------------------------------------------
    def named_modules(self, memo=None, prefix=""):
        memo = set() if memo is None else memo
        if id(self) in memo:
            return
        memo.add(id(self))
        yield prefix, self
        for name, module in self._modules.items():
            if module is not None:
                yield from module.named_modules(memo, f"{prefix}.{name}" if prefix else name)

    def get_submodule(self, target):
        """The sub-module at a dotted path such as ``"encoder.0"``."""
        module = self
        for part in target.split(".") if target else ():
            if part not in module._modules:
                raise AttributeError(f"{type(module).__name__} has no attribute `{part}`")
            module = module._modules[part]
        return module

    def modules(self):
        for _, m in self.named_modules():
            yield m

    def named_children(self):
        seen = set()
        for name, module in self._modules.items():
            if module is not None and id(module) not in seen:
                seen.add(id(module))
                yield name, module

    def children(self):
        for _, m in self.named_children():
            yield m

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        seen = set()
        modules = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for name, p in module._parameters.items():
                if p is None or (remove_duplicate and id(p) in seen):
                    continue
                seen.add(id(p))
                yield (f"{module_prefix}.{name}" if module_prefix else name), p

    def parameters(self, recurse=True):
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def named_buffers(self, prefix="", recurse=True):
        modules = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for name, b in module._buffers.items():
                if b is not None:
                    yield (f"{module_prefix}.{name}" if module_prefix else name), b

    def buffers(self, recurse=True):
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    def apply(self, fn):
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    # ---- training helpers ---------------------------------------------------------------------
    def zero_grad(self, set_to_none=True):
        """Forget the gradients of the last backward (they would add up otherwise)."""
        clear_grads(self.parameters(), set_to_none)

    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        for m in self.modules():
            object.__setattr__(m, "training", mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def _apply_to_tensors(self, fn):
        for m in self.modules():
            for store in (m._parameters, m._buffers):
                for _name, t in store.items():
                    if t is not None:
                        t._data = fn(t._data)
                        if t._grad is not None:
                            t._grad._data = fn(t._grad._data)
        return self

    def to(self, *args, **kwargs):
        for target in [kwargs.get("device"), *(a for a in args if is_device(a))]:
            check(target)
        dtype = kwargs.get("dtype") or next((a for a in args if isinstance(a, dtypes.dtype)), None)
        if dtype is None:
            return self  # devices: there is only the CPU
        target = dtypes.to_numpy_dtype(dtype)
        return self._apply_to_tensors(lambda a: a.astype(target) if a.dtype.kind == "f" else a)

    def double(self):
        return self.to(dtypes.float64)

    def float(self):
        return self.to(dtypes.float32)

    def cpu(self):
        return self

    # ---- saving and loading -------------------------------------------------------------------
    def state_dict(self, destination=None, prefix="", keep_vars=False):
        """Name -> tensor for every parameter and buffer (detached, sharing memory)."""
        out = OrderedDict() if destination is None else destination
        for module_prefix, module in self.named_modules(prefix=prefix.rstrip(".")):
            for store in (module._parameters, module._buffers):
                for name, t in store.items():
                    if t is not None:
                        # An uninitialised parameter stays itself (PyTorch prints it so).
                        keep = keep_vars or isinstance(t, UninitializedParameter)
                        out[f"{module_prefix}.{name}" if module_prefix else name] = t if keep else t.detach()
        return out

    def load_state_dict(self, state_dict, strict=True, assign=False):
        """Copy values from ``state_dict`` into this module's parameters and buffers."""
        own = self.state_dict(keep_vars=True)
        # As PyTorch's lazy modules do before loading: an uninitialised parameter takes the
        # shape of the value loaded into it (then the copy below casts to its dtype).
        for key, target in own.items():
            if isinstance(target, UninitializedParameter) and key in state_dict:
                value = state_dict[key]
                if not isinstance(value, UninitializedParameter):
                    target.materialize(value.shape)
        missing = [k for k in own if k not in state_dict]
        unexpected = [k for k in state_dict if k not in own]
        errors = []
        for key, target in own.items():
            if key not in state_dict:
                continue
            value = state_dict[key]
            data = value._data if isinstance(value, Tensor) else np.asarray(value)
            if data.shape != target._data.shape:
                errors.append(
                    f"size mismatch for {key}: copying a param with shape {value.shape!r} from "
                    f"checkpoint, the shape in current model is {target.shape!r}."
                )
                continue
            target._data[...] = data
            target._bump_version()
        if strict:  # PyTorch lists missing keys, then unexpected ones, first
            if unexpected:
                errors.insert(
                    0, "Unexpected key(s) in state_dict: " + ", ".join(f'"{k}"' for k in unexpected) + ". "
                )
            if missing:
                errors.insert(
                    0, "Missing key(s) in state_dict: " + ", ".join(f'"{k}"' for k in missing) + ". "
                )
        if errors:
            raise RuntimeError(
                f"Error(s) in loading state_dict for {type(self).__name__}:\n\t" + "\n\t".join(errors)
            )
        return _IncompatibleKeys(missing, unexpected)

    # ---- printing -------------------------------------------------------------------------------
    def extra_repr(self):
        return ""

    def _get_name(self):
        return type(self).__name__

    def __repr__(self):
        extra = self.extra_repr()
        extra_lines = extra.split("\n") if extra else []
        child_lines = [f"({name}): " + _indent(repr(m), 2) for name, m in self._modules.items()]
        lines = extra_lines + child_lines
        text = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                text += extra_lines[0]
            else:
                text += "\n  " + "\n  ".join(lines) + "\n"
        return text + ")"

    def __dir__(self):
        return sorted(
            set(object.__dir__(self)) | set(self._parameters) | set(self._modules) | set(self._buffers)
        )


def _indent(text, spaces):
    lines = text.split("\n")
    return lines[0] if len(lines) == 1 else lines[0] + "\n" + "\n".join(" " * spaces + l for l in lines[1:])


class Sequential(Module):
    """Modules applied one after the other: ``Sequential(Linear(2, 2), Sigmoid(), ...)``."""

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, module in args[0].items():
                self.add_module(name, module)
        else:
            for i, module in enumerate(args):
                self.add_module(str(i), module)

    def forward(self, x):
        for module in self._modules.values():
            x = module(x)
        return x

    def __getitem__(self, index):
        items = list(self._modules.items())
        if isinstance(index, slice):
            return Sequential(OrderedDict(items[index]))
        n = len(items)
        if not -n <= index < n:
            raise IndexError(f"index {index} is out of range")
        return items[index][1]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def _key(self, index):
        keys = list(self._modules)
        n = len(keys)
        if not -n <= index < n:
            raise IndexError(f"index {index} is out of range")
        return keys[index]

    def __setitem__(self, index, module):
        self._modules[self._key(index)] = module  # in place: the order is kept

    def __delitem__(self, index):
        keys = list(self._modules)
        for key in keys[index] if isinstance(index, slice) else [self._key(index)]:
            del self._modules[key]
        self._renumber(list(self._modules.values()))

    def _renumber(self, modules):
        """Keys 0, 1, 2 ... again after a deletion or insertion (as PyTorch)."""
        self._modules.clear()
        for i, m in enumerate(modules):
            self._modules[str(i)] = m

    def insert(self, index, module):
        modules = list(self._modules.values())
        modules.insert(index, module)
        self._renumber(modules)
        return self

    def extend(self, sequential):
        for module in sequential:
            self.append(module)
        return self

    def pop(self, index):
        module = self[index]
        del self[index]
        return module
