"""``pyautograd.linalg``: the norms tutorials use (``linalg.norm``, ``vector_norm``,
``matrix_norm``), the matrix products, the inverse, the determinant and linear solves, as in ``torch.linalg``."""

from .ops.inverse import _LinAlgError as LinAlgError
from .ops.inverse import det, inv, solve
from .ops.linalg import linalg_cross as cross
from .ops.linalg import matmul
from .ops.norm import linalg_norm as norm
from .ops.norm import matrix_norm, vector_norm

__all__ = ["norm", "vector_norm", "matrix_norm", "matmul", "inv", "det", "solve", "cross", "LinAlgError"]
