"""Dense retrieval in its smallest form: score every document vector against a query, keep the best k.

Two similarity functions are provided: the raw dot product, which grows with a document
vector's length, and cosine similarity, which divides the length out. Which one a real system
should use depends on how its vectors were trained (primer §17.4; Jurafsky & Martin, SLP
Ch. 11); these kernels only make the difference computable.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def _query_and_docs(query, docs) -> tuple[np.ndarray, np.ndarray]:
    q = np.asarray(query, dtype=np.float64)
    D = np.atleast_2d(np.asarray(docs, dtype=np.float64))
    if q.ndim != 1 or D.ndim != 2 or D.shape[1] != q.shape[0]:
        raise ValueError(f"need a (d,) query and (n, d) documents, got {q.shape} and {D.shape}")
    return q, D


def dot_similarity(query, docs) -> np.ndarray:
    """q . d_j for every document row d_j: unnormalized, so longer vectors score higher."""
    q, D = _query_and_docs(query, docs)
    return D @ q


def cosine_similarity(query, docs) -> np.ndarray:
    """q . d_j / (||q|| ||d_j||): the cosine of the angle, in [-1, 1], blind to vector length.

    A zero vector has no direction; it raises instead of returning a silent 0 or NaN.
    """
    q, D = _query_and_docs(query, docs)
    q_norm, d_norms = np.linalg.norm(q), np.linalg.norm(D, axis=1)
    if q_norm == 0 or np.any(d_norms == 0):
        raise ValueError("cosine similarity is undefined for a zero vector")
    return (D @ q) / (d_norms * q_norm)


def rank_descending(scores, tie_tolerance: float = 0.0) -> np.ndarray:
    """Every index, highest score first; scores within tie_tolerance of the first score of their run count
    as tied and keep document order. With a tolerance above the rounding noise, mathematically equal scores
    (two words with the same vector) are ordered by index on every CPU, not by their last bits."""
    s = np.asarray(scores, dtype=np.float64)
    if s.ndim != 1:
        raise ValueError(f"need one score per document, got shape {s.shape}")
    if not tie_tolerance >= 0:
        raise ValueError(f"tie_tolerance must be >= 0, got {tie_tolerance}")
    order = list(np.argsort(-s, kind="stable"))
    ranked, start = [], 0
    while start < len(order):
        end = start + 1
        while end < len(order) and s[order[start]] - s[order[end]] <= tie_tolerance:
            end += 1
        ranked.extend(sorted(order[start:end]))
        start = end
    return np.array(ranked, dtype=np.int64)


def top_k(scores, k: int, tie_tolerance: float = 0.0) -> np.ndarray:
    """Indices of the k highest scores, best first; tied scores (equal, or within tie_tolerance) keep
    document order."""
    s = np.asarray(scores, dtype=np.float64)
    if s.ndim != 1:
        raise ValueError(f"need one score per document, got shape {s.shape}")
    if int(k) != k or not 1 <= k <= s.size:
        raise ValueError(f"k must be an integer between 1 and {s.size}, got {k}")
    return rank_descending(s, tie_tolerance)[: int(k)]


SIMILARITIES = {"dot": dot_similarity, "cosine": cosine_similarity}


@dataclass(frozen=True)
class Retrieved:
    scores: np.ndarray   # similarity of every document, in document order
    ranking: np.ndarray  # indices of the top k documents, best first


def retrieve(query, docs, k: int = 1, similarity: str = "dot") -> Retrieved:
    """Score all documents with `similarity` ("dot" or "cosine") and return the top k."""
    if similarity not in SIMILARITIES:
        raise ValueError(f"similarity must be one of {sorted(SIMILARITIES)}, got {similarity!r}")
    scores = SIMILARITIES[similarity](query, docs)
    return Retrieved(scores, top_k(scores, k))
