"""``pyautograd.cuda``: there is no GPU here, and these functions say so truthfully."""

from .devices import _NO_CUDA


def is_available():
    return False


def device_count():
    return 0


def is_initialized():
    return False


def manual_seed(seed):
    """Like PyTorch without CUDA: a silent no-op (``pyautograd.manual_seed`` is the real one)."""


manual_seed_all = manual_seed


def synchronize(device=None):
    raise AssertionError(_NO_CUDA)


def current_device():
    raise AssertionError(_NO_CUDA)


def get_device_name(device=None):
    raise AssertionError(_NO_CUDA)
