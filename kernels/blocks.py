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


def ffn_hidden_width(d_model: int, multiplier: int = 4) -> int:
    """The FFN's inner width: 4 d_model in the original Transformer (d_ff = 2048 for d_model = 512)."""
    if d_model < 1 or multiplier < 1:
        raise ValueError(f"d_model and multiplier must be positive, got {d_model}, {multiplier}")
    return multiplier * d_model


def ffn_parameter_count(d_model: int, d_hidden: int, bias: bool = True) -> int:
    """Weights (and biases) of the two linear maps d_model -> d_hidden -> d_model."""
    weights = 2 * d_model * d_hidden
    return weights + (d_hidden + d_model if bias else 0)


def feature_stats(x) -> tuple[np.ndarray, np.ndarray]:
    """(mean, biased variance) over the feature axis: the two statistics LayerNorm uses."""
    x = np.asarray(x, dtype=np.float64)
    return x.mean(axis=-1), x.var(axis=-1)


def rotary_embed(x, positions, base: float = 10000.0) -> np.ndarray:
    """RoPE (Su et al. 2021, RoFormer §3): rotate each feature pair (2i, 2i+1) of x by the angle
    position * base^(-2i/d). x is (..., n, d) with d even; positions is (n,).

    Applied to queries and keys, the dot product of a query at m and a key at n then depends on
    the offset n - m only. Norms are preserved (each pair is a plane rotation).
    """
    x = np.asarray(x, dtype=np.float64)
    d = x.shape[-1]
    if d % 2:
        raise ValueError(f"rotary_embed needs an even feature width, got {d}")
    rates = base ** (-np.arange(0, d, 2, dtype=np.float64) / d)
    return rotate_pairs(x, np.asarray(positions, dtype=np.float64)[..., None] * rates)   # angles (n, d/2)


def rotate_pairs(x, angles) -> np.ndarray:
    """Rotate each feature pair (2i, 2i+1) of x by angles[..., i] (a plane rotation per pair)."""
    x = np.asarray(x, dtype=np.float64)
    angles = np.asarray(angles, dtype=np.float64)
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = x[..., 0::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = even * cos - odd * sin
    out[..., 1::2] = even * sin + odd * cos
    return out


def rotation_matrix(angles) -> np.ndarray:
    """R(theta): the block-diagonal matrix of 2x2 rotations [[cos, -sin], [sin, cos]], one block per angle; a scalar
    angle gives the single 2x2 block (primer §13.6). rotate_pairs(x, a) equals R(a) @ x."""
    angles = np.atleast_1d(np.asarray(angles, dtype=np.float64))
    R = np.zeros((2 * angles.size, 2 * angles.size))
    for i, a in enumerate(angles):
        R[2 * i:2 * i + 2, 2 * i:2 * i + 2] = [[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]
    return R


def rotary_score(q, k, m: int, n: int, theta) -> float:
    """The RoPE score of a query at position m and a key at position n: (R(m theta) q) . (R(n theta) k), each pair
    rotated by its frequency theta_i (lecture §5.12). It depends on n - m only: q^T R((n - m) theta) k."""
    theta = np.asarray(theta, dtype=np.float64)
    return float(rotate_pairs(q, m * theta) @ rotate_pairs(k, n * theta))
