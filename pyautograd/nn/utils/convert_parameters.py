"""All parameters as one flat vector and back (for line searches and second-order methods)."""

from ...ops.shape import cat


def parameters_to_vector(parameters):
    return cat([p.reshape(-1) for p in parameters])


def vector_to_parameters(vec, parameters):
    offset = 0
    for p in parameters:
        n = p.numel()
        p._data[...] = vec._data[offset : offset + n].reshape(p._data.shape)
        p._bump_version()
        offset += n
