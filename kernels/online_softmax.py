"""Online softmax: read the keys block by block and keep only three running statistics.

For one query row with scores s_j and values v_j, under a common shift m,
    l = sum_j exp(s_j - m),   u = sum_j exp(s_j - m) v_j,   output = u / l.
When a new block arrives with a larger maximum m', both old statistics are rescaled by
exp(m - m') before the new terms are added (lecture §7.6). The result equals the full softmax
read for every way of splitting the keys into blocks, up to floating-point rounding.

Masked keys (score -inf) never enter the maximum or the sums; an empty block is skipped;
a row with no legal key at all raises AllKeysMaskedError instead of returning NaN.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.attention import AllKeysMaskedError


@dataclass(frozen=True)
class SoftmaxState:
    """Running statistics of one query row: shift m, mass l and weighted value sum u."""
    m: float          # largest legal score seen so far (-inf before the first one)
    l: float          # sum of exp(s_j - m) over the keys seen so far
    u: np.ndarray     # sum of exp(s_j - m) v_j over the keys seen so far

    def output(self) -> np.ndarray:
        if self.l == 0.0:
            raise AllKeysMaskedError("no legal key has been read: the softmax read is undefined")
        return self.u / self.l


def empty_state(value_dim: int) -> SoftmaxState:
    """The state before any key: m = -inf, l = 0, u = 0 (never used in -inf - (-inf))."""
    return SoftmaxState(-np.inf, 0.0, np.zeros(value_dim))


def update(state: SoftmaxState, scores, values) -> SoftmaxState:
    """Fold one block of scores (k,) and values (k, d_v) into the running state."""
    scores = np.asarray(scores, dtype=np.float64).reshape(-1)
    values = np.asarray(values, dtype=np.float64).reshape(len(scores), -1)
    legal = np.isfinite(scores)
    if np.any(np.isnan(scores)) or np.any(scores == np.inf):
        raise ValueError("scores must be finite or -inf (masked)")
    if not legal.any():
        return state  # an empty or fully masked block changes nothing
    scores, values = scores[legal], values[legal]
    m_new = max(state.m, float(scores.max()))
    rescale = np.exp(state.m - m_new) if state.l > 0.0 else 0.0
    w = np.exp(scores - m_new)
    return SoftmaxState(m_new, rescale * state.l + float(w.sum()), rescale * state.u + w @ values)


def block_edges(n: int, cuts) -> list[tuple[int, int]]:
    """[start, end) ranges for cutting n keys at the given positions (sorted, 0 < cut < n)."""
    cuts = sorted(set(int(c) for c in cuts))
    if any(c <= 0 or c >= n for c in cuts):
        raise ValueError(f"cuts must lie strictly between 0 and {n}, got {cuts}")
    edges = [0, *cuts, n]
    return list(zip(edges[:-1], edges[1:]))


def online_read(scores, values, cuts=()) -> tuple[np.ndarray, list[SoftmaxState]]:
    """Read one query row block by block; returns the output and the state after each block."""
    scores = np.asarray(scores, dtype=np.float64)
    values = np.asarray(values, dtype=np.float64)
    values = values.reshape(len(scores), -1) if values.ndim == 1 else values
    state = empty_state(values.shape[1])
    trace = []
    for start, end in block_edges(len(scores), cuts):
        state = update(state, scores[start:end], values[start:end])
        trace.append(state)
    return state.output(), trace


def per_block_outputs(scores, values, cuts=()) -> tuple[np.ndarray, np.ndarray]:
    """Each block's own softmax read and its unshifted mass sum_j exp(s_j): the pieces that a
    scheme keeping only per-block outputs would have (it loses the masses unless it keeps them)."""
    scores = np.asarray(scores, dtype=np.float64)
    values = np.asarray(values, dtype=np.float64)
    values = values.reshape(len(scores), -1) if values.ndim == 1 else values
    outs, masses = [], []
    for start, end in block_edges(len(scores), cuts):
        out, _ = online_read(scores[start:end], values[start:end])
        outs.append(out)
        masses.append(float(np.exp(scores[start:end]).sum()))
    return np.array(outs), np.array(masses)


def blocked_attention(Q, K, V, block: int = 128, scale: bool = True, causal: bool = False) -> np.ndarray:
    """softmax(Q K^T / sqrt(d_k) [+ causal mask]) V without ever holding the n_q x n_k table.

    All query rows are updated together (vectorized); keys and values are visited in blocks of
    `block` columns, so the largest temporary is n_q x block. Same mathematics as
    kernels.attention.attend; equal to it within floating-point rounding.
    """
    Q = np.asarray(Q, dtype=np.float64)
    K = np.asarray(K, dtype=np.float64)
    V = np.asarray(V, dtype=np.float64)
    if block < 1:
        raise ValueError(f"block must be at least 1, got {block}")
    n_q, n_k = Q.shape[0], K.shape[0]
    if causal and n_q != n_k:
        raise ValueError("causal blocked attention needs as many queries as keys")
    factor = 1.0 / np.sqrt(K.shape[1]) if scale else 1.0
    m = np.full(n_q, -np.inf)
    l = np.zeros(n_q)
    u = np.zeros((n_q, V.shape[1]))
    rows = np.arange(n_q)[:, None]
    for start in range(0, n_k, block):
        end = min(start + block, n_k)
        s = (Q @ K[start:end].T) * factor
        if causal:
            s = np.where(np.arange(start, end)[None, :] <= rows, s, -np.inf)
        m_new = np.maximum(m, s.max(axis=1))
        live = np.isfinite(m_new)                      # rows that have seen a legal key
        shift = np.where(live, m_new, 0.0)
        rescale = np.where(np.isfinite(m), np.exp(m - shift), 0.0)
        w = np.exp(s - shift[:, None])                 # exp(-inf) = 0 for masked keys
        l = rescale * l + w.sum(axis=1)
        u = rescale[:, None] * u + w @ V[start:end]
        m = m_new
    if np.any(l == 0.0):
        raise AllKeysMaskedError(f"query row(s) {np.flatnonzero(l == 0.0).tolist()} have no legal key")
    return u / l[:, None]
