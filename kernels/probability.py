"""Probability over a finite set of outcomes: softmax, log-softmax, cross-entropy and its gradient."""
from __future__ import annotations

import numpy as np

from kernels.arrays import float_array


def as_float_array(x, name: str = "x") -> np.ndarray:
    """A distribution's scores or probabilities: float64, at least one outcome."""
    return float_array(x, name, nonempty=True)


def log_softmax(logits, axis: int = -1) -> np.ndarray:
    """log softmax along `axis`, shifted by the max so large logits do not overflow."""
    z = as_float_array(logits, "logits")
    shifted = z - np.max(z, axis=axis, keepdims=True)
    return shifted - np.log(np.sum(np.exp(shifted), axis=axis, keepdims=True))


def softmax(logits, axis: int = -1) -> np.ndarray:
    """exp(z_i) / sum_j exp(z_j) along `axis`; invariant to adding a constant to every logit."""
    return np.exp(log_softmax(logits, axis=axis))


def cross_entropy(logits, target: int) -> float:
    """-log p(target) for one row of logits (natural log)."""
    return float(-log_softmax(logits)[target])


def cross_entropy_grad(logits, target: int) -> np.ndarray:
    """d(-log p_target)/d logits = p - onehot(target)."""
    p = softmax(logits)
    p[target] -= 1.0
    return p


def expectation(probs, values) -> np.ndarray:
    """E_p[v] = sum_i p_i v_i: the probability-weighted average of one value per outcome.

    `probs` has shape (n,) (a distribution over n outcomes, e.g. attention weights over n
    source positions); `values` has shape (n,) or (n, d) (one scalar or vector per outcome).
    The result has the shape of one value. `probs` is used as given: it is not renormalized,
    so rounded weights give the rounded-weight average.
    """
    p = as_float_array(probs, "probs")
    v = as_float_array(values, "values")
    if p.ndim != 1 or v.shape[0] != p.shape[0]:
        raise ValueError(f"need probs of shape (n,) and values with n rows; got {p.shape} and {v.shape}")
    return np.tensordot(p, v, axes=(0, 0))
