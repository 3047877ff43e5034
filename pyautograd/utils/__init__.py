"""``pyautograd.utils``: helpers around the engine (``utils.data`` for datasets and batches)."""

from . import data

__all__ = ["data"]
