"""Apple's Metal backend, which tutorials test for next to CUDA; never available here."""


def is_available():
    return False


def is_built():
    return False
