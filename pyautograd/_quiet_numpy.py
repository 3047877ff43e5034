"""Keep NumPy's floating-point RuntimeWarnings from pyautograd's own lines out of the reader's way.

PyTorch turns overflow and 0/0 into inf and nan silently. NumPy warns instead, naming the
line inside pyautograd that did the arithmetic (``p._data -= lr * d`` when a learning rate
diverges), which tells a learner nothing about their code. NumPy attributes those warnings
to the Python module that called it, so one filter on our own modules silences exactly
them; the same arithmetic written in the reader's code still warns as NumPy always does.
"""

import warnings

warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"pyautograd(\.|$)")
