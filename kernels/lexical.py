"""Word-level neural building blocks of lecture chapter 1 that the other kernels do not cover.

- embedding_backward: the backward pass of an embedding lookup. Every occurrence of a token
  sends its upstream gradient to the same table row, and the contributions add up (lecture
  §1.3–§1.4: one row, shared by all positions that use it).
- concat_window / fixed_window_lm: the fixed-window neural language model of lecture §1.6
  (Bengio et al. 2003, §2, without the direct input-to-output connections): look up the last
  k tokens, concatenate their vectors in order, h = tanh(W z + b), a = U h + c, p = softmax(a).
- change_of_basis: re-express the embedding table in another basis and compensate in the next
  linear layer, so every downstream score stays the same (lecture §1.3: the axes of an
  embedding have no fixed human meaning).

Vectors are rows of the table; W maps the concatenated window (k*d) to the hidden size, U maps
the hidden size to one score per output candidate.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.arrays import float_array

from kernels.embeddings import embedding_lookup
from kernels.probability import softmax


def embedding_backward(n_rows: int, ids, position_grads) -> np.ndarray:
    """dL/dE of a lookup E[ids], given dL/dx_t for every position t (one row per position).

    Row i of the result is the sum of the upstream gradients of all positions whose id is i;
    rows that were not looked up stay exactly zero. Repeated ids accumulate, never overwrite.
    """
    idx = np.asarray(ids)
    if idx.ndim != 1 or not np.issubdtype(idx.dtype, np.integer):
        raise ValueError(f"ids must be a 1-D sequence of integers, got {ids!r}")
    if np.any(idx < 0) or np.any(idx >= n_rows):
        raise IndexError(f"ids must lie in [0, {n_rows}), got {idx.tolist()}")
    g = float_array(position_grads, "position_grads", ndim=2)
    if g.shape[0] != idx.size:
        raise ValueError(f"need one gradient row per position: {idx.size} ids, {g.shape[0]} rows")
    out = np.zeros((n_rows, g.shape[1]))
    np.add.at(out, idx, g)
    return out


def concat_window(table, ids) -> np.ndarray:
    """The looked-up vectors of `ids`, concatenated in order: shape (len(ids) * d,).

    Order is kept: the same words in another order give another vector.
    """
    return embedding_lookup(table, ids).reshape(-1)


@dataclass(frozen=True)
class FixedWindowStep:
    window: tuple         # the ids that entered the model (the last k of the prefix)
    z: np.ndarray         # concatenated window vectors, shape (k * d,)
    h: np.ndarray         # tanh(W z + b), shape (hidden,)
    logits: np.ndarray    # U h + c, one score per output candidate
    probs: np.ndarray     # softmax(logits)


def fixed_window_lm(table, prefix_ids, k: int, W, b, U, c) -> FixedWindowStep:
    """Next-token distribution of a fixed-window neural LM from the last k ids of a prefix.

    Ids before the window are never read: two prefixes that end in the same k ids give the
    same distribution, whatever came earlier (lecture §1.6).
    """
    prefix = list(prefix_ids)
    if int(k) != k or k < 1:
        raise ValueError(f"window size k must be a positive integer, got {k}")
    if len(prefix) < k:
        raise ValueError(f"the prefix has {len(prefix)} ids, fewer than the window size {k}; pad it with BOS first")
    window = prefix[-k:]
    z = concat_window(table, window)
    W, U = float_array(W, "W", ndim=2), float_array(U, "U", ndim=2)
    if W.shape[1] != z.size:
        raise ValueError(f"W has {W.shape[1]} columns but the window gives k*d = {z.size} inputs")
    h = np.tanh(W @ z + np.asarray(b, dtype=np.float64))
    logits = U @ h + np.asarray(c, dtype=np.float64)
    return FixedWindowStep(tuple(window), z, h, logits, softmax(logits))


@dataclass(frozen=True)
class Reparameterized:
    table: np.ndarray   # E A: every word vector expressed in the new basis
    head: np.ndarray    # A^{-1} H: the next linear layer, compensated


def change_of_basis(table, head, A) -> Reparameterized:
    """E' = E A and H' = A^{-1} H for an invertible d x d matrix A.

    A linear layer that reads the vectors gives the same scores before and after, because
    x A A^{-1} H = x H: the coordinates change, what the model computes from them does not.
    """
    E, H, A = float_array(table, "table", ndim=2), float_array(head, "head", ndim=2), float_array(A, "A", ndim=2)
    d = E.shape[1]
    if A.shape != (d, d) or H.shape[0] != d:
        raise ValueError(f"need A of shape ({d}, {d}) and a head with {d} rows; got {A.shape}, {H.shape}")
    if abs(np.linalg.det(A)) < 1e-12:
        raise ValueError("A must be invertible")
    return Reparameterized(E @ A, np.linalg.solve(A, H))
