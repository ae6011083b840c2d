"""Normalization variants, per-token feed-forward layers, and the two residual block layouts.

Row-vector convention (one token per row, features on the last axis), as lecture §4.9–§5.10.
LayerNorm itself lives in kernels.blocks and is reused here.
"""
from __future__ import annotations

from typing import Callable

import numpy as np

from kernels.blocks import layer_norm
from kernels.embeddings import sigmoid

Sublayer = Callable[[np.ndarray], np.ndarray]


def rms_norm(x, g=None, eps: float = 1e-6) -> np.ndarray:
    """g * x / sqrt(mean(x^2) + eps) over the last axis (Zhang & Sennrich 2019), no bias.

    There is no centering: adding a constant to every feature changes the output, whereas
    LayerNorm would not notice it (lecture §5.8: x=(1,3) gives (1/sqrt5, 3/sqrt5), LN (-1, 1)).
    """
    x = np.asarray(x, dtype=np.float64)
    out = x / np.sqrt((x * x).mean(axis=-1, keepdims=True) + eps)
    return out if g is None else out * np.asarray(g, dtype=np.float64)


def l2_normalize(x, eps: float = 0.0) -> np.ndarray:
    """x / ||x||_2 over the last axis; a zero vector raises unless eps > 0 is given."""
    x = np.asarray(x, dtype=np.float64)
    norms = np.linalg.norm(x, axis=-1, keepdims=True)
    if eps == 0.0 and np.any(norms == 0):
        raise ValueError("cannot L2-normalize a zero vector without eps")
    return x / np.maximum(norms, eps) if eps else x / norms


def qk_norm_scores(Q, K, g: float = 1.0, eps: float = 0.0) -> np.ndarray:
    """QKNorm scores (Henry et al. 2020): g * cos(q_i, k_j) in place of q.k / sqrt(d_k).

    Each query and key row is L2-normalized over its head's features, so rescaling a key
    leaves its scores unchanged; the learnable g sets how sharp the softmax can get. Values are
    not normalized. Modern RMSNorm-based variants are different operators.
    """
    return float(g) * l2_normalize(Q, eps) @ l2_normalize(K, eps).T


def relu(x) -> np.ndarray:
    return np.maximum(np.asarray(x, dtype=np.float64), 0.0)


def silu(x) -> np.ndarray:
    """SiLU(a) = a * sigma(a): negative inputs give (small) negative gates, unlike a sigmoid."""
    x = np.asarray(x, dtype=np.float64)
    return x * sigmoid(x)


def ffn(x, W1, b1, W2, b2, activation: Callable = relu) -> np.ndarray:
    """activation(x W1 + b1) W2 + b2, the same parameters for every row (lecture §4.10).

    W1 is d x d_ff, W2 is d_ff x d. The layer never mixes rows: a token reads other tokens only
    through what attention already put into its row.
    """
    x = np.asarray(x, dtype=np.float64)
    hidden = activation(x @ np.asarray(W1, dtype=np.float64) + np.asarray(b1, dtype=np.float64))
    return hidden @ np.asarray(W2, dtype=np.float64) + np.asarray(b2, dtype=np.float64)


def swiglu(x, W_u, W_g, W_d) -> np.ndarray:
    """(SiLU(x W_g) * (x W_u)) W_d with no biases (lecture §5.10, Shazeer 2020).

    Three matrices instead of two: matching a 4d-wide ReLU FFN's parameters needs a hidden
    width of about 8d/3 (see swiglu_width_for_budget).
    """
    x = np.asarray(x, dtype=np.float64)
    gate = silu(x @ np.asarray(W_g, dtype=np.float64))
    return (gate * (x @ np.asarray(W_u, dtype=np.float64))) @ np.asarray(W_d, dtype=np.float64)


def swiglu_parameter_count(d_model: int, d_hidden: int) -> int:
    """Weights of W_u, W_g (d x d_hidden each) and W_d (d_hidden x d), no biases."""
    return 3 * d_model * d_hidden


def swiglu_width_for_budget(ffn_hidden: int) -> float:
    """Hidden width at which SwiGLU's 3 d h weights equal a plain FFN's 2 d h_ffn: 2 h_ffn / 3.

    For the usual h_ffn = 4d this is 8d/3 (biases ignored, no rounding to hardware multiples).
    """
    return 2.0 * ffn_hidden / 3.0


def post_ln_sublayer(x, sublayer: Sublayer, norm: Sublayer = layer_norm) -> np.ndarray:
    """y = Norm(x + F(x)): the original Transformer's Add & Norm."""
    x = np.asarray(x, dtype=np.float64)
    return norm(x + sublayer(x))


def pre_ln_sublayer(x, sublayer: Sublayer, norm: Sublayer = layer_norm) -> np.ndarray:
    """y = x + F(Norm(x)): the residual path never passes through a normalization."""
    x = np.asarray(x, dtype=np.float64)
    return x + sublayer(norm(x))


def post_ln_block(X, attention: Sublayer, feed_forward: Sublayer,
                  norm1: Sublayer = layer_norm, norm2: Sublayer = layer_norm) -> np.ndarray:
    """U = LN1(X + MHA(X)), Z = LN2(U + FFN(U)) (Vaswani et al. 2017; lecture §4.9, dropout omitted)."""
    U = post_ln_sublayer(X, attention, norm1)
    return post_ln_sublayer(U, feed_forward, norm2)


def pre_ln_block(X, attention: Sublayer, feed_forward: Sublayer,
                 norm1: Sublayer = layer_norm, norm2: Sublayer = layer_norm) -> np.ndarray:
    """U = X + MHA(LN1(X)), Y = U + FFN(LN2(U)) (Xiong et al. 2020; primer appendix B).

    A full pre-LN stack adds one final LayerNorm after its last block; that norm is not part of
    each block and is not applied here.
    """
    U = pre_ln_sublayer(X, attention, norm1)
    return pre_ln_sublayer(U, feed_forward, norm2)
