"""The differentiable operations, one module per family."""
