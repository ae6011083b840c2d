"""Choosing a whole output sequence from a model's next-token distributions.

A model is any callable `next_log_probs(prefix) -> {token: log p(token | prefix)}`; a prefix
is a tuple of tokens and a hypothesis is finished once its last token is the end marker.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Mapping

EOS = "EOS"
NextLogProbs = Callable[[tuple], Mapping[str, float]]


@dataclass(frozen=True)
class Hypothesis:
    tokens: tuple
    log_probability: float

    @property
    def finished(self) -> bool:
        return bool(self.tokens) and self.tokens[-1] == EOS

    @property
    def probability(self) -> float:
        return math.exp(self.log_probability)


def length_penalty(n_tokens: int, alpha: float) -> float:
    """((5 + len) / 6) ** alpha (Wu et al. 2016, §7); len counts target tokens without EOS, at least 1."""
    return ((5.0 + max(1, n_tokens)) / 6.0) ** alpha


def rank_score(hypothesis: Hypothesis, alpha: float = 0.0) -> float:
    """The number beams are sorted by: log p divided by the length penalty (alpha=0: raw log p)."""
    length = len(hypothesis.tokens) - int(hypothesis.finished)
    return hypothesis.log_probability / length_penalty(length, alpha)


@dataclass
class BeamResult:
    best: Hypothesis
    ended: bool                       # False: max_steps ran out before any kept hypothesis ended
    rounds: list = field(default_factory=list)  # the hypotheses kept after each round, best first
    pools: list = field(default_factory=list)   # every candidate ranked in each round, best first;
                                                # pools[i][:width] == rounds[i]


def beam_decode(next_log_probs: NextLogProbs, width: int = 2, max_steps: int = 32,
                alpha: float = 0.0) -> BeamResult:
    """Beam search in which finished hypotheses keep their slot and are not extended.

    Every round pools the finished hypotheses with all one-token extensions of the unfinished
    ones and keeps the `width` best by rank_score (ties: lexicographic token order). The same
    rank_score picks the answer at the end. A decode that never ends stops after max_steps rounds
    (32 unless given) with ended=False.
    """
    if width < 1:
        raise ValueError(f"beam width must be at least 1, got {width}")
    if max_steps < 1:
        raise ValueError(f"max_steps must be at least 1, got {max_steps}")

    def order(h: Hypothesis):
        return (-rank_score(h, alpha), h.tokens)

    beam = [Hypothesis((), 0.0)]
    rounds, pools = [], []
    for _ in range(max_steps):
        pool = []
        for hyp in beam:
            if hyp.finished:
                pool.append(hyp)
                continue
            for token, log_p in next_log_probs(hyp.tokens).items():
                pool.append(Hypothesis(hyp.tokens + (token,), hyp.log_probability + float(log_p)))
        if not pool:
            raise ValueError("no legal successor for any hypothesis in the beam")
        ranked = sorted(pool, key=order)
        pools.append(ranked)
        beam = ranked[:width]
        rounds.append(list(beam))
        if all(h.finished for h in beam):
            break
    finished = [h for h in beam if h.finished]
    best = min(finished or beam, key=order)
    return BeamResult(best=best, ended=best.finished, rounds=rounds, pools=pools)


def greedy_decode(next_log_probs: NextLogProbs, max_steps: int = 32) -> BeamResult:
    """Pick the single most probable next token each step: beam search of width 1."""
    return beam_decode(next_log_probs, width=1, max_steps=max_steps)


def exhaustive_search(next_log_probs: NextLogProbs, max_steps: int = 32) -> list[Hypothesis]:
    """Every finished sequence reachable with non-zero probability, most probable first.

    Only meant for small finite trees; raises if a path is still open after max_steps.
    """
    done, frontier = [], [Hypothesis((), 0.0)]
    for _ in range(max_steps):
        if not frontier:
            break
        nxt = []
        for hyp in frontier:
            for token, log_p in next_log_probs(hyp.tokens).items():
                child = Hypothesis(hyp.tokens + (token,), hyp.log_probability + float(log_p))
                (done if child.finished else nxt).append(child)
        frontier = nxt
    if frontier:
        raise ValueError(f"{len(frontier)} path(s) still open after {max_steps} steps; the tree is not finite")
    return sorted(done, key=lambda h: (-h.log_probability, h.tokens))


class ProbabilityTree:
    """A finite next-token model given as {prefix: {token: probability}}.

    Prefixes are written as strings of space-separated tokens ("" is the start). Successors
    of probability zero are dropped; each listed distribution must sum to 1.
    """

    def __init__(self, table: Mapping[str, Mapping[str, float]]):
        self.table = {}
        for prefix, dist in table.items():
            total = sum(float(p) for p in dist.values())
            if not math.isclose(total, 1.0, rel_tol=0, abs_tol=1e-12):
                raise ValueError(f"successors of prefix {prefix!r} sum to {total}, not 1")
            key = tuple(prefix.split())
            self.table[key] = {tok: math.log(float(p)) for tok, p in dist.items() if float(p) > 0}

    def __call__(self, prefix: tuple) -> dict:
        if prefix not in self.table:
            raise KeyError(f"the tree gives no distribution after prefix {' '.join(prefix)!r}")
        return self.table[prefix]
