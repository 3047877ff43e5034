"""``pyautograd.linalg``: the norms tutorials use (``linalg.norm``, ``vector_norm``,
``matrix_norm``) and the matrix products, as in ``torch.linalg``."""

from .ops.linalg import matmul
from .ops.norm import linalg_norm as norm
from .ops.norm import matrix_norm, vector_norm

__all__ = ["norm", "vector_norm", "matrix_norm", "matmul"]
