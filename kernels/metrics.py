"""Evaluation metrics computed from counts, as their original definitions state them."""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass


def ngrams(tokens, n: int) -> Counter:
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def clipped_matches(candidate, references, n: int) -> tuple[int, int]:
    """(clipped matches, candidate n-gram total): each n-gram counts at most as often as in
    the reference where it is most frequent (Papineni et al. 2002, §2.1)."""
    cand = ngrams(candidate, n)
    most = Counter()
    for ref in references:
        for gram, count in ngrams(ref, n).items():
            most[gram] = max(most[gram], count)
    return sum(min(c, most[g]) for g, c in cand.items()), sum(cand.values())


@dataclass(frozen=True)
class Bleu:
    score: float          # in [0, 1]
    precisions: tuple     # p_n, corpus-level
    brevity_penalty: float
    candidate_length: int  # c
    reference_length: int  # r


def closest_reference_length(candidate, references) -> int:
    """The reference length closest to the candidate's (the shorter one on a tie)."""
    return min((abs(len(r) - len(candidate)), len(r)) for r in references)[1]


def corpus_bleu(candidates, references_list, max_n: int = 4) -> Bleu:
    """Corpus BLEU: clipped counts summed over the corpus per order, uniform weights 1/N,
    brevity penalty exp(1 - r/c) when c <= r. No smoothing: a zero p_n gives BLEU 0.

    candidates: list of token lists; references_list: for each candidate, a list of
    reference token lists.
    """
    if len(candidates) != len(references_list):
        raise ValueError(f"{len(candidates)} candidates but {len(references_list)} reference sets")
    matches, totals = [0] * max_n, [0] * max_n
    c = r = 0
    for cand, refs in zip(candidates, references_list):
        if not refs:
            raise ValueError("every candidate needs at least one reference")
        c += len(cand)
        r += closest_reference_length(cand, refs)
        for n in range(1, max_n + 1):
            m, t = clipped_matches(cand, refs, n)
            matches[n - 1] += m
            totals[n - 1] += t
    if c == 0:  # an empty candidate corpus scores zero by definition, not 0/0
        return Bleu(0.0, tuple(0.0 for _ in range(max_n)), 0.0, 0, r)
    precisions = tuple(m / t if t else 0.0 for m, t in zip(matches, totals))
    bp = 1.0 if c > r else math.exp(1.0 - r / c)
    if min(precisions) == 0.0:
        return Bleu(0.0, precisions, bp, c, r)
    log_mean = sum(math.log(p) for p in precisions) / max_n
    return Bleu(bp * math.exp(log_mean), precisions, bp, c, r)


def alignment_distances(n_source: int, alignment, reverse_source: bool = False) -> list[int]:
    """Steps between reading a source token and emitting the target token aligned with it.

    The timeline is that of a plain encoder–decoder: the n_source source tokens are read one
    per step (steps 1..n_source), then target token j is emitted at step n_source + j.
    `alignment` lists (i, j) pairs: source position i, counted in the original order, aligned
    with target position j (both 1-based). With reverse_source the source is fed back to
    front, so original token i is read at step n_source + 1 - i; the target order is kept.
    Returns one distance per pair, in the order given.
    """
    if n_source < 1:
        raise ValueError(f"the source needs at least one token, got n_source={n_source}")
    out = []
    for i, j in alignment:
        if not 1 <= i <= n_source or j < 1:
            raise ValueError(f"alignment pair {(i, j)} is outside a source of {n_source} tokens")
        read_at = n_source + 1 - i if reverse_source else i
        out.append(n_source + j - read_at)
    return out
