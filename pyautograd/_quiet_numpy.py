"""Keep NumPy's floating-point RuntimeWarnings from pyautograd's own lines out of the reader's way.

PyTorch turns overflow and 0/0 into inf and nan silently. NumPy warns instead, naming the
line inside pyautograd that did the arithmetic (``p._data -= lr * d`` when a learning rate
diverges), which tells a learner nothing about their code. NumPy attributes those warnings
to the Python module that called it, so one filter on our own modules silences exactly
them; the same arithmetic written in the reader's code still warns as NumPy always does.

Where a warning filter is not enough (a reader's ``warnings.simplefilter("error")`` replaces
it), the ops that can overflow and the backward pass switch NumPy's error state to "ignore"
with ``quiet_float_errors()`` / ``restore_float_errors(token)``: what ``np.errstate`` does,
without building a context manager each time (that costs more than a small op itself).
"""

import functools
import warnings

import numpy as np

warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"pyautograd(\.|$)")

try:  # NumPy 2 keeps the error state in a context variable, which np.errstate sets and resets
    from numpy._core._ufunc_config import _extobj_contextvar
except ImportError:  # pragma: no cover - another NumPy layout: the public context manager
    _extobj_contextvar = None

if _extobj_contextvar is not None:
    with np.errstate(all="ignore"):
        _IGNORE_ALL = _extobj_contextvar.get()
    quiet_float_errors = functools.partial(_extobj_contextvar.set, _IGNORE_ALL)
    restore_float_errors = _extobj_contextvar.reset
else:  # pragma: no cover

    def quiet_float_errors():
        state = np.errstate(all="ignore")
        state.__enter__()
        return state

    def restore_float_errors(state):
        state.__exit__(None, None, None)
