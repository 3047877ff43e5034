"""Grad mode: whether operations are recorded into the graph (``no_grad`` / ``enable_grad``)."""

import functools


class _State:
    enabled = True


state = _State()


def is_grad_enabled():
    return state.enabled


class _GradModeContext:
    """Base of no_grad / enable_grad: a context manager that is also a decorator."""

    mode = True

    def __enter__(self):
        self._previous = state.enabled
        state.enabled = self.mode

    def __exit__(self, *exc):
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

    mode = False


class enable_grad(_GradModeContext):
    """Turn recording back on, e.g. inside a ``no_grad`` block."""

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
