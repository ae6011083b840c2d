"""One soft read: score keys against a query, normalize over positions, sum the values.

Shapes follow the course: q is (d_k,) or (n_q, d_k); K is (n_k, d_k); V is (n_k, d_v).
Scores and weights are normalized along the last axis, the key (source position) axis.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.probability import softmax


class AllKeysMaskedError(ValueError):
    """A query row has no legal key: its softmax is undefined (0/0), not 'read nothing'."""


def dot_scores(q, K) -> np.ndarray:
    """Unscaled dot products q·k_j."""
    return np.asarray(q, dtype=np.float64) @ np.asarray(K, dtype=np.float64).T


def scaled_dot_scores(q, K) -> np.ndarray:
    """q·k_j / sqrt(d_k): keeps the score spread from growing with the key width."""
    K = np.asarray(K, dtype=np.float64)
    return dot_scores(q, K) / np.sqrt(K.shape[-1])


def additive_scores(q, K, W_q, W_k, v_a, b_a=None) -> np.ndarray:
    """Bahdanau-style e_j = v_a^T tanh(W_q q + W_k k_j + b_a) for one query vector q."""
    q = np.asarray(q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    hidden = np.asarray(W_q, dtype=np.float64) @ q + K @ np.asarray(W_k, dtype=np.float64).T
    if b_a is not None:
        hidden = hidden + np.asarray(b_a, dtype=np.float64)
    return np.tanh(hidden) @ np.asarray(v_a, dtype=np.float64)


def causal_mask(n: int) -> np.ndarray:
    """allowed[i, j] is True when position i may read position j (j <= i)."""
    return np.tril(np.ones((n, n), dtype=bool))


def padding_mask(lengths, n_keys: int) -> np.ndarray:
    """allowed[b, j] is True for real (non-PAD) key positions j < lengths[b]."""
    return np.arange(n_keys)[None, :] < np.asarray(lengths)[:, None]


def masked_softmax(scores, allowed=None, empty_rows: str = "raise") -> np.ndarray:
    """Softmax over the last axis where forbidden scores become -inf (weight exactly 0).

    A row whose every key is forbidden has no valid softmax. By default that raises
    AllKeysMaskedError; `empty_rows="zero"` instead returns an all-zero row, the declared
    behaviour for padding queries whose output is discarded anyway.
    """
    scores = np.asarray(scores, dtype=np.float64)
    if allowed is None:
        return softmax(scores)
    allowed = np.broadcast_to(np.asarray(allowed, dtype=bool), scores.shape)
    empty = ~allowed.any(axis=-1)
    if empty.any() and empty_rows == "raise":
        rows = np.argwhere(np.atleast_1d(empty)).tolist()
        raise AllKeysMaskedError(f"query row(s) {rows} have every key masked; softmax is undefined")
    if empty_rows not in ("raise", "zero"):
        raise ValueError(f"empty_rows must be 'raise' or 'zero', not {empty_rows!r}")
    safe = np.where(allowed, scores, -np.inf)
    safe = np.where(empty[..., None], 0.0, safe)  # avoid -inf - (-inf) in the empty rows
    weights = softmax(safe)
    return np.where(empty[..., None], 0.0, weights)


@dataclass(frozen=True)
class Read:
    scores: np.ndarray   # e_j
    weights: np.ndarray  # alpha_j, sums to 1 over the allowed keys
    context: np.ndarray  # c = sum_j alpha_j v_j


def attend(q, K, V, scale: bool = False, allowed=None) -> Read:
    """One (or a batch of) soft read(s). scale=True divides scores by sqrt(d_k)."""
    scores = scaled_dot_scores(q, K) if scale else dot_scores(q, K)
    weights = masked_softmax(scores, allowed)
    return Read(scores, weights, weights @ np.asarray(V, dtype=np.float64))


def scaled_dot_product_attention(Q, K, V, allowed=None) -> np.ndarray:
    """Attention(Q, K, V) = softmax(Q K^T / sqrt(d_k) + M) V as one function of its three inputs (primer §13.3,
    appendix B): the output rows only; `attend` keeps the scores and weights too."""
    return attend(Q, K, V, scale=True, allowed=allowed).context


@dataclass(frozen=True)
class Projections:
    Q: np.ndarray
    K: np.ndarray
    V: np.ndarray


def qkv_projections(X, W_q, W_k, W_v) -> Projections:
    """Q = X W_q, K = X W_k, V = X W_v: every row of X (one token) projected three ways (lecture §4.1)."""
    X = np.asarray(X, dtype=np.float64)
    return Projections(X @ np.asarray(W_q, float), X @ np.asarray(W_k, float), X @ np.asarray(W_v, float))


def self_attention(X, W_q, W_k, W_v, causal: bool = False) -> Read:
    """softmax(Q K^T / sqrt(d_k)) V with Q=X W_q, K=X W_k, V=X W_v (one head, no output proj)."""
    p = qkv_projections(X, W_q, W_k, W_v)
    allowed = causal_mask(len(p.Q)) if causal else None
    return attend(p.Q, p.K, p.V, scale=True, allowed=allowed)


@dataclass(frozen=True)
class ReadGradients:
    d_values: np.ndarray  # dL/dv_j = alpha_j g
    d_scores: np.ndarray  # dL/de_j = alpha_j g^T (v_j - c)
    d_query: np.ndarray   # dL/dq   = s * sum_j dL/de_j k_j
    d_keys: np.ndarray    # dL/dk_j = s * dL/de_j q


def read_gradients(q, K, V, upstream, scale: bool = False) -> ReadGradients:
    """Local gradients of one read c = sum_j alpha_j v_j, treating q, K, V as independent inputs.

    `upstream` is g = dL/dc. s = 1/sqrt(d_k) when scale=True, else 1.
    """
    q = np.asarray(q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    V = np.asarray(V, dtype=np.float64)
    g = np.asarray(upstream, dtype=np.float64)
    read = attend(q, K, V, scale=scale)
    s = 1.0 / np.sqrt(K.shape[-1]) if scale else 1.0
    d_scores = read.weights * ((V - read.context) @ g)
    return ReadGradients(
        d_values=np.outer(read.weights, g),
        d_scores=d_scores,
        d_query=s * d_scores @ K,
        d_keys=s * np.outer(d_scores, q),
    )


def attention_score_count(n_queries: int, n_keys: int) -> int:
    """Entries of the score table: every query is compared with every key."""
    return int(n_queries) * int(n_keys)


def head_width(d_model: int, n_heads: int) -> int:
    """Per-head width when d_model is split evenly across heads."""
    if d_model % n_heads:
        raise ValueError(f"d_model={d_model} is not divisible by n_heads={n_heads}")
    return d_model // n_heads


def sinusoidal_positions(n_positions: int, d_model: int, base: float = 10000.0) -> np.ndarray:
    """PE[p, 2i] = sin(p / base^(2i/d)), PE[p, 2i+1] = cos(p / base^(2i/d)) (Vaswani et al. §3.5)."""
    positions = np.arange(n_positions, dtype=np.float64)[:, None]
    rates = base ** (-np.arange(0, d_model, 2, dtype=np.float64) / d_model)
    pe = np.zeros((n_positions, d_model))
    pe[:, 0::2] = np.sin(positions * rates)
    pe[:, 1::2] = np.cos(positions * rates[: d_model // 2])
    return pe


def linear_scores(q, K, a, b) -> np.ndarray:
    """e_j = a^T q + b^T k_j: a score that is linear in the concatenation [q; k_j].

    For one query the term a^T q is the same for every key, so a softmax over keys
    cancels it: the weights depend on b and the keys only, never on the query.
    """
    q = np.asarray(q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    return np.asarray(a, dtype=np.float64) @ q + K @ np.asarray(b, dtype=np.float64)


def linear_score_weights(q, K, a, b) -> np.ndarray:
    """softmax over keys of the linear scores a^T q + b^T k_j: the query's term cancels (lecture §3.4)."""
    return softmax(linear_scores(q, K, a, b))


def linearized_additive_coefficients(W_q, W_k, v_a) -> tuple[np.ndarray, np.ndarray]:
    """(a, b) with v_a^T (W_q q + W_k k) = a^T q + b^T k: the additive scorer with tanh removed."""
    v_a = np.asarray(v_a, dtype=np.float64)
    return np.asarray(W_q, dtype=np.float64).T @ v_a, np.asarray(W_k, dtype=np.float64).T @ v_a


def vocab_head_upstream(context, head, target: int) -> np.ndarray:
    """g = dL/dc for L = -log softmax(c @ head)[target]: head @ (p - onehot(target))."""
    from kernels.probability import cross_entropy_grad

    context = np.asarray(context, dtype=np.float64)
    head = np.asarray(head, dtype=np.float64)
    return head @ cross_entropy_grad(context @ head, target)


@dataclass(frozen=True)
class AutogradReadLoss:
    loss: float
    d_context: np.ndarray  # dL/dc
    d_scores: np.ndarray   # dL/de
    d_query: np.ndarray    # dL/dq
    d_keys: np.ndarray     # dL/dK
    d_values: np.ndarray   # dL/dV


def read_loss_autograd(q, K, V, head, target: int, scale: bool = False) -> AutogradReadLoss:
    """Reference gradients from torch autograd (float64) for one read followed by a vocabulary head.

    Computes e = s q K^T (s = 1/sqrt(d_k) when scale=True, else 1), alpha = softmax(e),
    c = alpha V, logits = c @ head, L = -log softmax(logits)[target], then backpropagates.
    Independent of read_gradients: nothing here uses the closed-form local gradients.
    """
    import torch

    t = lambda x: torch.tensor(np.asarray(x, dtype=np.float64), dtype=torch.float64, requires_grad=True)
    q_t, K_t, V_t = t(q), t(K), t(V)
    head_t = torch.tensor(np.asarray(head, dtype=np.float64), dtype=torch.float64)
    e = K_t @ q_t
    if scale:
        e = e / (K_t.shape[-1] ** 0.5)
    e.retain_grad()
    c = torch.softmax(e, dim=-1) @ V_t
    c.retain_grad()
    loss = -torch.log_softmax(c @ head_t, dim=-1)[target]
    loss.backward()
    n = lambda x: x.detach().numpy().copy()
    return AutogradReadLoss(float(loss.item()), n(c.grad), n(e.grad), n(q_t.grad), n(K_t.grad), n(V_t.grad))
