"""Per-token layers of a Transformer block."""
from __future__ import annotations

import numpy as np


def center(x) -> np.ndarray:
    """x - mean(x) over the feature axis: the first step of LayerNorm."""
    x = np.asarray(x, dtype=np.float64)
    return x - x.mean(axis=-1, keepdims=True)


def layer_norm(x, gamma=None, beta=None, eps: float = 1e-5) -> np.ndarray:
    """(x - mean) / sqrt(var + eps) * gamma + beta, statistics over the last axis (biased var)."""
    x = np.asarray(x, dtype=np.float64)
    normed = center(x) / np.sqrt(x.var(axis=-1, keepdims=True) + eps)
    if gamma is not None:
        normed = normed * np.asarray(gamma, dtype=np.float64)
    if beta is not None:
        normed = normed + np.asarray(beta, dtype=np.float64)
    return normed


def ffn_parameter_count(d_model: int, d_hidden: int, bias: bool = True) -> int:
    """Weights (and biases) of the two linear maps d_model -> d_hidden -> d_model."""
    weights = 2 * d_model * d_hidden
    return weights + (d_hidden + d_model if bias else 0)
