"""The pieces that turn one attention read into a Transformer layer of the 2017 translator.

Row-vector convention (one token per row), as lecture §4.3–§4.13:
- multi-head attention with its output projection W^O, for self- and cross-attention;
- the additive mask (0 allowed, -inf forbidden) and the allowed-key tables a padded batch needs
  (causal and key-padding for the target, key-padding only for the source and for cross-attention);
- teacher forcing: decoder inputs are the labels shifted right behind BOS; PAD labels carry no loss;
- the mistake §4.6 warns about: zeroing forbidden weights after an unmasked softmax.

Single reads come from kernels.attention; nothing here re-derives a softmax.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.attention import attend, causal_mask, padding_mask
from kernels.probability import softmax


@dataclass(frozen=True)
class MultiHeadRead:
    heads: tuple          # one kernels.attention.Read per head (scaled scores, weights, context)
    concat: np.ndarray    # the heads' contexts side by side, n_q x (H d_v)
    output: np.ndarray    # concat @ W^O, back to the model width


def multi_head_attention(X, heads, W_o, memory=None, allowed=None) -> MultiHeadRead:
    """MHA(X) = Concat(H_1, ..., H_H) W^O with H_r = softmax(Q_r K_r^T / sqrt(d_k) + M) V_r.

    `heads` is a sequence of (W_Q, W_K, W_V), one triple per head, each d x d_k (d_v for W_V).
    Q_r = X W_Q; K_r and V_r are projected from `memory` when it is given (cross-attention: the
    encoder output) and from X otherwise (self-attention). `allowed` (n_q x n_k booleans) is the
    mask shared by all heads. Each head has its own projections, so its weights differ in general.
    """
    X = np.asarray(X, dtype=np.float64)
    source = X if memory is None else np.asarray(memory, dtype=np.float64)
    reads = []
    for W_q, W_k, W_v in heads:
        Q = X @ np.asarray(W_q, dtype=np.float64)
        K = source @ np.asarray(W_k, dtype=np.float64)
        V = source @ np.asarray(W_v, dtype=np.float64)
        reads.append(attend(Q, K, V, scale=True, allowed=allowed))
    concat = np.concatenate([r.context for r in reads], axis=-1)
    W_o = np.asarray(W_o, dtype=np.float64)
    if W_o.shape[0] != concat.shape[-1]:
        raise ValueError(f"W^O has {W_o.shape[0]} rows but the heads concatenate to width {concat.shape[-1]}")
    return MultiHeadRead(tuple(reads), concat, concat @ W_o)


def additive_mask(allowed) -> np.ndarray:
    """M with 0 where a query may read a key and -inf where it may not; added to scores before softmax."""
    allowed = np.asarray(allowed, dtype=bool)
    return np.where(allowed, 0.0, -np.inf)


def zeroed_without_renormalizing(scores, allowed) -> np.ndarray:
    """The wrong shortcut of lecture §4.6: softmax over every key, then set forbidden weights to 0.

    The surviving weights keep their unmasked denominators, so a row sums to less than one and the
    read shrinks toward zero; kernels.attention.masked_softmax is the correct operation.
    """
    weights = softmax(np.asarray(scores, dtype=np.float64))
    return np.where(np.broadcast_to(np.asarray(allowed, dtype=bool), weights.shape), weights, 0.0)


def self_attention_allowed(lengths, n: int, causal: bool = False) -> np.ndarray:
    """allowed[b, i, j] for self-attention over a padded batch of length-n rows.

    Key j must be a real token of sequence b (j < lengths[b]); with causal=True also j <= i.
    Padding queries keep their rows (their outputs are simply not used); a row is empty only
    when sequence b has no real token at all.
    """
    keys = padding_mask(lengths, n)[:, None, :]            # (B, 1, n)
    allowed = np.broadcast_to(keys, (len(keys), n, n))
    return allowed & causal_mask(n)[None] if causal else allowed.copy()


def cross_attention_allowed(source_lengths, n_queries: int, n_source: int) -> np.ndarray:
    """allowed[b, i, j] for cross-attention: every target query may read every real source key.

    There is no triangle here: the whole source is known before the first target step.
    """
    keys = padding_mask(source_lengths, n_source)[:, None, :]
    return np.broadcast_to(keys, (len(keys), n_queries, n_source)).copy()


def shift_right(labels, bos):
    """Decoder inputs for teacher forcing: BOS followed by the labels without their last entry.

    Position i of the input then predicts labels[i], and sees only inputs 0..i under a causal mask.
    """
    labels = list(labels)
    return [bos] + labels[:-1]


def loss_positions(labels, pad) -> np.ndarray:
    """True where a label is a real token (not PAD): only these positions enter the loss."""
    return np.array([label != pad for label in labels], dtype=bool)

