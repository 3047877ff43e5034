"""``torch.random``: the global generator and the functions that seed and save it.

Like PyTorch, the global generator starts from a fresh seed taken from the operating system, so
unseeded runs differ; ``manual_seed(s)`` makes every later draw repeatable, and the same as
PyTorch's after ``torch.manual_seed(s)``.
"""

import contextlib

from .generator import Generator, seed_to_uint64

default_generator = Generator()
default_generator.seed()


def manual_seed(seed):
    """Seed the global generator; returns it. Seeds from -2**63 to 2**64 - 1 are accepted
    (negative ones wrap around, as in PyTorch)."""
    seed_to_uint64(int(seed))  # range check first, with PyTorch's message
    return default_generator.manual_seed(int(seed))


def seed():
    """Seed the global generator from the operating system's entropy and return that seed."""
    return default_generator.seed()


def initial_seed():
    return default_generator.initial_seed()


def get_rng_state():
    """The global generator's state: a uint8 tensor in PyTorch's byte layout."""
    return default_generator.get_state()


def set_rng_state(new_state):
    default_generator.set_state(new_state)


@contextlib.contextmanager
def fork_rng(devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices", device_type="cuda"):
    """Draws inside the ``with`` block leave the global generator as it was before it."""
    if not enabled:
        yield
        return
    saved = get_rng_state()
    try:
        yield
    finally:
        set_rng_state(saved)
