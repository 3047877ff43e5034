"""PyTorch's CPU random generator, reproduced: the same stream of bits for the same seed.

Why: a learner who runs ``torch.manual_seed(0); torch.randn(3)`` here and in PyTorch must see
the same numbers. PyTorch's CPU generator is a 32-bit Mersenne Twister (MT19937) whose 624-word
state is filled from the low 32 bits of the 64-bit seed by the classic ``init_genrand``
recurrence. NumPy's ``MT19937`` bit generator runs the same twist, so we fill its key ourselves
and let NumPy produce the raw words, many at a time.

Next to the twister the generator keeps what PyTorch keeps: the seed it was given and one cached
normal number (the small-tensor normal path makes two at a time and saves the second).

``get_state()`` returns PyTorch's own 5056-byte layout as a uint8 tensor, so a state saved here
reads the same as one saved by ``torch.get_rng_state()`` (seed, twister words, cached normal).
"""

import os

import numpy as np

from .tensor import Tensor

DEFAULT_SEED = 67280421310721  # what a fresh ``torch.Generator()`` starts from
_MASK_32 = 0xFFFFFFFF
_MASK_64 = 0xFFFFFFFFFFFFFFFF
_STATE_WORDS = 624

# PyTorch's legacy state record (THGeneratorState, then the float-normal cache), native-endian
_STATE_LAYOUT = np.dtype(
    [
        ("initial_seed", "<u8"),
        ("left", "<i4"),
        ("seeded", "<i4"),
        ("next", "<u8"),
        ("state", "<u8", (_STATE_WORDS,)),
        ("normal_x", "<f8"),
        ("normal_y", "<f8"),
        ("normal_rho", "<f8"),
        ("normal_is_valid", "<i4"),
        ("_pad", "<i4"),
        ("next_float_normal", "<f4"),
        ("float_normal_is_valid", "u1"),
        ("_pad2", "u1", (3,)),
    ]
)
STATE_BYTES = _STATE_LAYOUT.itemsize  # 5056, as torch.get_rng_state().numel()


def seed_to_uint64(seed):
    """PyTorch's accepted range: [-2**63, 2**64); negative seeds wrap around (two's complement)."""
    seed = int(seed)
    if not -(2**63) <= seed < 2**64:
        raise RuntimeError("Overflow when unpacking long long")
    return seed & _MASK_64


def _init_genrand(seed32):
    """The 624 twister words for a 32-bit seed (Matsumoto and Nishimura's initialisation)."""
    key = np.empty(_STATE_WORDS, np.uint32)
    word = seed32
    key[0] = word
    for i in range(1, _STATE_WORDS):
        word = (1812433253 * (word ^ (word >> 30)) + i) & _MASK_32
        key[i] = word
    return key


class Generator:
    """A random stream: ``manual_seed``, ``seed``, ``initial_seed``, ``get_state``/``set_state``.

    Every random function takes ``generator=`` to draw from one of these instead of the global one.
    """

    def __init__(self, device="cpu"):
        self.device = device
        self._twister = None  # NumPy's MT19937, made at the first use (see _bits)
        self._twister_state = None  # the state it is given then
        self.manual_seed(DEFAULT_SEED)

    @property
    def _bits(self):
        """NumPy's MT19937 holding this generator's state, made on first use rather than in
        ``__init__``: the default generator exists from ``import pyautograd`` on, and importing
        ``numpy.random`` would add 30 ms to every lesson page's start-up in the browser."""
        if self._twister is None:
            self._twister = np.random.MT19937(0)  # any seed: the state is replaced at once
            self._twister.state = self._twister_state
            self._twister_state = None
        return self._twister

    def _set_twister(self, key, pos):
        state = {"bit_generator": "MT19937", "state": {"key": key, "pos": pos}}
        if self._twister is None:
            self._twister_state = state
        else:
            self._twister.state = state

    def __repr__(self):
        return f"<pyautograd.Generator object at {hex(id(self))}>"

    # ---- seeding --------------------------------------------------------------------------
    def manual_seed(self, seed):
        self._initial_seed = seed_to_uint64(seed)
        key = _init_genrand(self._initial_seed & _MASK_32)
        self._seeded_key = key
        # pos 624: the first draw twists the freshly initialised words, as MT19937 does
        self._set_twister(key, _STATE_WORDS)
        self._normal = None  # the cached second normal of a Box-Muller pair
        self._float_normal = None
        return self

    def seed(self):
        """Seed from the operating system's entropy; return the seed (a 64-bit number)."""
        fresh = int.from_bytes(os.urandom(8), "little")
        self.manual_seed(fresh)
        return fresh

    def initial_seed(self):
        return self._initial_seed

    # ---- state ----------------------------------------------------------------------------
    def get_state(self):
        """The whole state as a uint8 tensor in PyTorch's byte layout (5056 bytes)."""
        inner = self._bits.state["state"]
        record = np.zeros((), _STATE_LAYOUT)
        record["initial_seed"] = self._initial_seed
        record["seeded"] = 1
        pos = int(inner["pos"])
        # PyTorch counts down ``left`` to the next twist; ``left == 1`` means "twist first"
        record["left"] = 625 - pos
        untouched = (
            pos == _STATE_WORDS
            and self._seeded_key is not None
            and np.array_equal(inner["key"], self._seeded_key)
        )
        record["next"] = 0 if untouched else pos
        record["state"] = inner["key"].astype(np.uint64)
        if self._normal is not None:
            record["normal_is_valid"] = 1
            record["normal_y"] = self._normal
        if self._float_normal is not None:
            record["float_normal_is_valid"] = 1
            record["next_float_normal"] = self._float_normal
        return Tensor._make(np.frombuffer(record.tobytes(), np.uint8).copy())

    def set_state(self, new_state):
        data = np.asarray(getattr(new_state, "_data", new_state))
        if data.dtype != np.uint8:
            raise TypeError(
                f"expected a torch.ByteTensor, but got {getattr(new_state, 'type', lambda: type(new_state))()}"
            )
        if data.size != STATE_BYTES:
            raise RuntimeError(
                f"Expected either a THGeneratorState of size 5048 or a THGeneratorStateNew "
                f"of size 5056 but found the input RNG state size to be {data.size}"
            )
        record = np.frombuffer(data.tobytes(), _STATE_LAYOUT)[0]
        left, nxt = int(record["left"]), int(record["next"])
        pos = _STATE_WORDS if left == 1 else nxt
        key = record["state"].astype(np.uint32)
        self._set_twister(key, pos)
        self._seeded_key = key if nxt == 0 else None
        self._initial_seed = int(record["initial_seed"])
        self._normal = float(record["normal_y"]) if record["normal_is_valid"] else None
        self._float_normal = float(record["next_float_normal"]) if record["float_normal_is_valid"] else None
        return self

    # ---- raw draws ------------------------------------------------------------------------
    def random32(self, count):
        """``count`` raw 32-bit words (as uint64), PyTorch's ``random()``."""
        return self._bits.random_raw(count)

    def random64(self, count):
        """``count`` 64-bit words, each from two 32-bit draws, the first being the high half."""
        words = self._bits.random_raw(2 * count)
        return (words[0::2] << np.uint64(32)) | words[1::2]

    def uniform32(self, count):
        """Floats in [0, 1) from the low 24 bits of one 32-bit word each (float32 has 24)."""
        low = self._bits.random_raw(count) & np.uint64(0xFFFFFF)
        return low.astype(np.float32) * np.float32(2.0**-24)

    def uniform64(self, count):
        """Doubles in [0, 1) from the low 53 bits of one 64-bit word each."""
        return (self.random64(count) & np.uint64(2**53 - 1)).astype(np.float64) * 2.0**-53
