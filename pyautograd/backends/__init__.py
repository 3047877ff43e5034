"""``pyautograd.backends``: which accelerators exist (none: NumPy on the CPU)."""

from . import mps

__all__ = ["mps"]
