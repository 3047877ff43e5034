"""Grad mode: whether operations are recorded into the graph (``no_grad`` / ``enable_grad``)."""

import functools


class _State:
    def __init__(self):
        # an instance attribute, not a class default: every op reads it, and CPython's
        # attribute cache serves an instance's own attribute without a lookup in the class
        self.enabled = True


state = _State()


def is_grad_enabled():
    return state.enabled


class _GradModeContext:
    """Base of no_grad / enable_grad: a context manager that is also a decorator."""

    # a slot, not an instance dict: ``with no_grad():`` runs in every step of a training loop
    __slots__ = ("_previous",)
    mode = True

    def __enter__(self):
        self._previous = state.enabled
        state.enabled = self.mode

    def __exit__(self, exc_type, exc_value, traceback):
        state.enabled = self._previous
        return False

    def __call__(self, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with enable_grad() if self.mode else no_grad():
                return func(*args, **kwargs)

        return wrapper


class no_grad(_GradModeContext):
    """Operations inside are not recorded: results have ``requires_grad=False``."""

    __slots__ = ()
    mode = False


class enable_grad(_GradModeContext):
    """Turn recording back on, e.g. inside a ``no_grad`` block."""

    __slots__ = ()
    mode = True


class set_grad_enabled(_GradModeContext):
    """``set_grad_enabled(False)`` works like ``no_grad``; also usable as a plain call."""

    def __init__(self, mode):
        self.mode = bool(mode)
        self._previous = state.enabled
        state.enabled = self.mode

    def __enter__(self):
        pass

    def __call__(self, func):
        state.enabled = self._previous
        return super().__call__(func)


class inference_mode(_GradModeContext):
    """``no_grad`` for code that will never need gradients. Tensors made inside are inference
    tensors (``is_inference()``): autograd may not save them, and outside inference mode they
    may not be changed in place (PyTorch skips their version counter, so it could not tell)."""

    def __init__(self, mode=True):
        self.mode = not mode
        self.inference = bool(mode)

    def __enter__(self):
        self._previous_inference = inference_state.enabled
        inference_state.enabled = self.inference
        super().__enter__()

    def __exit__(self, exc_type, exc_value, traceback):
        inference_state.enabled = self._previous_inference
        return super().__exit__(exc_type, exc_value, traceback)

    def __call__(self, func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with inference_mode(self.inference):
                return func(*args, **kwargs)

        return wrapper


class _Inference:
    def __init__(self):
        self.enabled = False  # an instance attribute: every new tensor reads it (see _State)


inference_state = _Inference()


def is_inference_mode_enabled():
    return inference_state.enabled
