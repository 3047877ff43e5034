"""Anomaly detection: remember where each node was created, to point at the forward line
behind a failing backward, and optionally stop at the first NaN gradient."""

import os
import sys
import traceback
import warnings

import numpy as np


class _State:
    def __init__(self):
        # instance attributes, not class defaults: every recorded op reads ``enabled``, and
        # CPython's attribute cache serves an instance's own attribute without a class lookup
        self.enabled = False
        self.check_nan = True


state = _State()


def is_anomaly_enabled():
    return state.enabled


class set_detect_anomaly:
    """``set_detect_anomaly(True)`` turns detection on (also usable as a context manager)."""

    def __init__(self, mode, check_nan=True):
        self._previous = (state.enabled, state.check_nan)
        state.enabled, state.check_nan = bool(mode), bool(check_nan)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        state.enabled, state.check_nan = self._previous
        return False


class detect_anomaly(set_detect_anomaly):
    """Context manager: anomaly detection on inside the block."""

    def __init__(self, check_nan=True):
        warnings.warn(
            "Anomaly Detection has been enabled. This mode will increase the runtime "
            "and should only be enabled for debugging.",
            UserWarning,
            stacklevel=2,
        )
        super().__init__(True, check_nan)


_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _is_engine(filename):
    return os.path.abspath(filename).startswith(_PACKAGE)


def remember_forward(node):
    """The learner's stack where the node was made, without the engine's own frames (PyTorch's
    trace ends at the learner's line too: its op internals are C++)."""
    frames = traceback.extract_stack()
    while frames and _is_engine(frames[-1].filename):
        frames.pop()
    node._forward_trace = "".join(traceback.format_list(frames))


def _learner_stacklevel():
    """``stacklevel`` that attributes a warning to the first frame outside pyautograd."""
    frame, level = sys._getframe(2), 2
    while frame is not None and _is_engine(frame.f_code.co_filename):
        frame, level = frame.f_back, level + 1
    return level


def report_failure(node):
    trace = getattr(node, "_forward_trace", None)
    if trace:
        warnings.warn(
            f"Error detected in {node.name()}. Traceback of forward call that caused the error:\n{trace}",
            UserWarning,
            stacklevel=_learner_stacklevel(),
        )


def check_nan(node, grads):
    if not state.check_nan:
        return
    for i, g in enumerate(grads):
        values = g._data if hasattr(g, "_data") else g
        if values is not None and np.isnan(values).any():
            raise RuntimeError(f"Function '{node.name()}' returned nan values in its {i}th output.")
