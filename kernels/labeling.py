"""Sequence labeling: entity spans from BIO tags, entity-level scores, and the linear-chain CRF.

Tags follow BIO in its IOB2 form (primer §16.2): every entity starts with B-TYPE, continues with
I-TYPE of the same type, and O is outside. A CRF scores whole tag sequences from per-position
(emission) scores and tag-to-tag (transition) scores (primer §16.3, Lafferty et al. 2001).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

INVALID_I_POLICIES = ("raise", "begin", "drop")


class InvalidBioError(ValueError):
    """An I-X tag that does not continue an entity of type X (e.g. a sequence starting with I-)."""


def _split(tag: str) -> tuple[str, str]:
    if tag == "O":
        return "O", ""
    prefix, sep, kind = tag.partition("-")
    if not sep or prefix not in ("B", "I") or not kind:
        raise ValueError(f"{tag!r} is not a BIO tag: use 'O', 'B-TYPE' or 'I-TYPE'")
    return prefix, kind


def entity_spans(tags, on_invalid_i: str = "raise") -> list[tuple[str, int, int]]:
    """(type, start, end) of each entity, end exclusive, read from one IOB2 tag sequence.

    An I-X that does not follow B-X or I-X (at the start, after O, or after another type)
    breaks IOB2. on_invalid_i says what happens then:
    "raise" (default): InvalidBioError naming the position;
    "begin": treat it as B-X, as conlleval and seqeval's default mode do;
    "drop": ignore it (no entity), as seqeval's strict IOB2 mode does.
    """
    if on_invalid_i not in INVALID_I_POLICIES:
        raise ValueError(f"on_invalid_i must be one of {INVALID_I_POLICIES}, not {on_invalid_i!r}")
    tags = list(tags)
    spans, open_kind, start = [], None, 0
    for pos, tag in enumerate(tags + ["O"]):
        prefix, kind = _split(tag)
        if prefix == "I" and kind == open_kind:
            continue
        if open_kind is not None:
            spans.append((open_kind, start, pos))
            open_kind = None
        if prefix == "I":
            if on_invalid_i == "raise":
                before = "the start" if pos == 0 else f"{tags[pos - 1]!r}"
                raise InvalidBioError(f"tag {tag!r} at position {pos} follows {before}; "
                                      f"in IOB2 an entity must start with B-{kind}")
            if on_invalid_i == "drop":
                continue
        if prefix in ("B", "I"):
            open_kind, start = kind, pos
    return spans


@dataclass(frozen=True)
class EntityScores:
    correct: int     # predicted entities whose type, start and end all match a gold entity
    predicted: int
    gold: int
    precision: float
    recall: float
    f1: float


def scores_from_counts(correct: int, predicted: int, gold: int, zero_division: float = 0.0) -> EntityScores:
    """P = correct/predicted, R = correct/gold, F1 = 2PR/(P+R) (micro: counts pooled first).

    A zero denominator (P, R, or P + R for F1) yields `zero_division` (default 0, seqeval's value).
    """
    if not 0 <= correct <= min(predicted, gold):
        raise ValueError(f"correct={correct} must lie between 0 and min(predicted={predicted}, gold={gold})")
    p = correct / predicted if predicted else float(zero_division)
    r = correct / gold if gold else float(zero_division)
    f = 2 * p * r / (p + r) if p + r else float(zero_division)
    return EntityScores(correct, predicted, gold, p, r, f)


def entity_scores(gold_sequences, predicted_sequences, on_invalid_i: str = "raise",
                  zero_division: float = 0.0) -> EntityScores:
    """Strict entity-level micro P/R/F1 over a corpus of tag sequences.

    An entity counts as correct only when type and both boundaries match (primer §16.4:
    predicting 北京 for 北京大学 earns nothing).
    """
    if len(gold_sequences) != len(predicted_sequences):
        raise ValueError(f"{len(gold_sequences)} gold sequences but {len(predicted_sequences)} predicted")
    correct = n_pred = n_gold = 0
    for sent, (gold, pred) in enumerate(zip(gold_sequences, predicted_sequences)):
        if len(gold) != len(pred):
            raise ValueError(f"sequence {sent}: {len(gold)} gold tags but {len(pred)} predicted")
        g = set(entity_spans(gold, on_invalid_i))
        p = set(entity_spans(pred, on_invalid_i))
        correct += len(g & p)
        n_pred += len(p)
        n_gold += len(g)
    return scores_from_counts(correct, n_pred, n_gold, zero_division)


# --------------------------------------------------------------------------- linear-chain CRF

def _crf_inputs(emissions, transitions, start, end):
    E = np.asarray(emissions, dtype=np.float64)
    A = np.asarray(transitions, dtype=np.float64)
    if E.ndim != 2 or E.shape[0] < 1 or A.shape != (E.shape[1], E.shape[1]):
        raise ValueError(f"need emissions (T>=1, K) and transitions (K, K); got {E.shape}, {A.shape}")
    K = E.shape[1]
    s = np.zeros(K) if start is None else np.asarray(start, dtype=np.float64)
    e = np.zeros(K) if end is None else np.asarray(end, dtype=np.float64)
    return E, A, s, e


def crf_path_score(emissions, transitions, tags, start=None, end=None) -> float:
    """score(y) = start[y_1] + sum_t emissions[t, y_t] + sum_t transitions[y_{t-1}, y_t] + end[y_T].

    transitions[a, b] scores tag a followed by tag b. start/end default to zero (the primer's
    example omits them). This is an unnormalized path score, not a probability.
    """
    E, A, s, e = _crf_inputs(emissions, transitions, start, end)
    y = np.asarray(tags)
    if y.shape != (E.shape[0],):
        raise ValueError(f"need one tag per position ({E.shape[0]}), got {y.shape}")
    return float(s[y[0]] + E[np.arange(len(y)), y].sum() + A[y[:-1], y[1:]].sum() + e[y[-1]])


@dataclass(frozen=True)
class CrfForward:
    alphas: np.ndarray   # (T, K): alpha_t(k) = log of the summed exp(score) of every prefix ending in tag k at t
    log_Z: float         # log sum_k exp(alpha_T(k) + end[k])


def crf_forward(emissions, transitions, start=None, end=None) -> CrfForward:
    """The forward algorithm in log space (primer §16.3): alpha_1(k) = start[k] + e_1(k),
    alpha_t(k) = e_t(k) + log sum_j exp(alpha_{t-1}(j) + A(j, k)), log Z = log sum_k exp(alpha_T(k) + end[k])."""
    E, A, s, e = _crf_inputs(emissions, transitions, start, end)
    alphas = [s + E[0]]
    for t in range(1, E.shape[0]):
        alphas.append(np.logaddexp.reduce(alphas[-1][:, None] + A, axis=0) + E[t])
    return CrfForward(np.stack(alphas), float(np.logaddexp.reduce(alphas[-1] + e)))


def crf_log_partition(emissions, transitions, start=None, end=None) -> float:
    """log Z = log sum over all K^T paths of exp(score), by the forward algorithm in log space."""
    return crf_forward(emissions, transitions, start, end).log_Z


def crf_log_likelihood(emissions, transitions, tags, start=None, end=None) -> float:
    """log p(y | x) = score(y) - log Z: the quantity CRF training maximizes."""
    return crf_path_score(emissions, transitions, tags, start, end) - crf_log_partition(
        emissions, transitions, start, end)


def viterbi(emissions, transitions, start=None, end=None) -> tuple[list[int], float]:
    """(best tag path, its score) by dynamic programming over max instead of log-sum-exp.

    Ties between equal-scoring predecessors keep the lower tag index.
    """
    E, A, s, e = _crf_inputs(emissions, transitions, start, end)
    T = E.shape[0]
    best = s + E[0]
    back = np.zeros((T, E.shape[1]), dtype=int)
    for t in range(1, T):
        candidates = best[:, None] + A
        back[t] = np.argmax(candidates, axis=0)
        best = candidates[back[t], np.arange(E.shape[1])] + E[t]
    final = best + e
    path = [int(np.argmax(final))]
    for t in range(T - 1, 0, -1):
        path.append(int(back[t, path[-1]]))
    return path[::-1], float(final.max())


def iob2_transition_mask(labels) -> tuple[np.ndarray, np.ndarray]:
    """(allowed transitions (K, K), allowed starts (K,)) for IOB2 over the given label names.

    I-X may follow only B-X or I-X and may not start a sequence. Adding log(mask) (0 or -inf) to
    learned transition scores turns the soft preference into a hard constraint (primer §16.3).
    """
    parts = [_split(label) for label in labels]
    allowed = np.array([[pb != "I" or (pa in ("B", "I") and ka == kb)
                         for pb, kb in parts] for pa, ka in parts])
    starts = np.array([p != "I" for p, _ in parts])
    return allowed, starts
