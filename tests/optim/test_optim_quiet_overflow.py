"""A diverging run (lesson 6 with lr = 1e300) prints no NumPy warning from pyautograd's lines.

PyTorch gives inf/nan silently; NumPy would name ``p._data -= lr * d`` inside the optimizer.
Run in a fresh interpreter: pytest records warnings itself and would hide what a reader sees.
"""

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

DIVERGING = textwrap.dedent(
    """
    import numpy as np
    import pyautograd as torch
    from pyautograd import nn, optim

    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(2, 4), nn.Tanh(), nn.Linear(4, 1))
    optimizer = optim.SGD(model.parameters(), lr=1e300)
    x, y = torch.randn(8, 2), torch.randn(8, 1)
    for _ in range(4):
        optimizer.zero_grad()
        loss = ((model(x) - y) ** 2).mean()
        loss.backward()
        optimizer.step()
    print(loss.item(), torch.tensor([1e300]) * 1e300, torch.exp(torch.tensor([1000.0])))
    """
)


def _run(code):
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)


def test_diverging_training_prints_no_internal_warnings():
    done = _run(DIVERGING)
    assert done.stdout.strip() == "nan tensor([inf]) tensor([inf])"
    assert done.stderr == ""


def test_the_readers_own_numpy_overflow_still_warns():
    done = _run("import numpy as np\nimport pyautograd\nprint(np.float32(1e30) * np.float32(1e30))")
    assert done.stdout.strip() == "inf"
    assert "RuntimeWarning: overflow encountered" in done.stderr
