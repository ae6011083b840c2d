"""A seeded probabilistic text source whose entropy is known exactly (lab route B).

Sentences are drawn from a first-order Markov chain over a small vocabulary: the first word from
`start`, each next token from the current word's row of `transition`, whose last column is EOS.
Because the chain is known, the best per-token loss any model can reach on its text is known too:
the floor against which every language model in route B is measured.

Floor per token (nats) = E[sentence NLL] / E[tokens per sentence], a ratio of expectations (the
long-run rate over a corpus of many sentences, which is what a corpus-level perplexity measures).
With Q the word-to-word block of `transition`, N = (I - Q)^{-1} and v = start N the expected
visits of each word in one sentence:
    E[sentence NLL] = H(start) + v . h        (h_i: entropy of row i, EOS included)
    E[tokens]       = sum(v) + 1              (every visited word, plus the final EOS)
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

EOS = "<EOS>"


@dataclass(frozen=True)
class MarkovSource:
    words: tuple            # the vocabulary, EOS excluded
    start: np.ndarray       # (V,) distribution of the first word
    transition: np.ndarray  # (V, V + 1): next token after each word; the last column is EOS

    def __post_init__(self):
        V = len(self.words)
        if self.start.shape != (V,) or self.transition.shape != (V, V + 1):
            raise ValueError(f"start must be ({V},) and transition ({V}, {V + 1}); got "
                             f"{self.start.shape} and {self.transition.shape}")
        for name, rows in (("start", self.start[None]), ("transition", self.transition)):
            if np.any(rows < 0) or not np.allclose(rows.sum(axis=1), 1.0, rtol=0, atol=1e-12):
                raise ValueError(f"every row of {name} must be a probability distribution")
        if np.all(self.transition[:, -1] == 0):
            raise ValueError("no word can end a sentence (EOS column is all zero); sentences would never end")

    @property
    def tokens(self) -> tuple:
        return tuple(self.words) + (EOS,)


def random_source(words, seed: int, concentration: float = 0.5, eos_probability: float = 0.2) -> MarkovSource:
    """Dirichlet(concentration) rows over the words, with a fixed chance of EOS after every word."""
    if not 0 < eos_probability < 1:
        raise ValueError(f"eos_probability must lie in (0, 1), got {eos_probability}")
    g = np.random.default_rng(seed)
    V = len(words)
    start = g.dirichlet(np.full(V, concentration))
    rows = g.dirichlet(np.full(V, concentration), size=V) * (1.0 - eos_probability)
    transition = np.concatenate([rows, np.full((V, 1), eos_probability)], axis=1)
    transition /= transition.sum(axis=1, keepdims=True)   # exact normalisation after the float product
    return MarkovSource(tuple(words), start, transition)


def _entropy(p: np.ndarray) -> float:
    p = p[p > 0]
    return float(-(p * np.log(p)).sum())


@dataclass(frozen=True)
class EntropyFloor:
    sentence_nll: float        # expected NLL of one sentence under the source (nats)
    tokens_per_sentence: float  # expected predictions per sentence, EOS included
    per_token: float           # the floor: sentence_nll / tokens_per_sentence (nats)
    perplexity: float          # exp(per_token): no model can beat it on average


def entropy_floor(source: MarkovSource) -> EntropyFloor:
    V = len(source.words)
    Q = source.transition[:, :V]
    visits = source.start @ np.linalg.inv(np.eye(V) - Q)
    row_entropy = np.array([_entropy(row) for row in source.transition])
    sentence = _entropy(source.start) + float(visits @ row_entropy)
    tokens = float(visits.sum()) + 1.0
    return EntropyFloor(sentence, tokens, sentence / tokens, math.exp(sentence / tokens))


def sample_sentences(source: MarkovSource, n: int, seed: int, max_words: int = 200) -> list[list[str]]:
    """n sentences (lists of words, EOS not included); a sentence longer than max_words raises."""
    g = np.random.default_rng(seed)
    V = len(source.words)
    out = []
    for _ in range(n):
        word = int(g.choice(V, p=source.start))
        sentence = [source.words[word]]
        while True:
            nxt = int(g.choice(V + 1, p=source.transition[word]))
            if nxt == V:
                break
            if len(sentence) >= max_words:
                raise ValueError(f"a sentence exceeded {max_words} words; raise max_words or the EOS probability")
            sentence.append(source.words[nxt])
            word = nxt
        out.append(sentence)
    return out


def next_token_distribution(source: MarkovSource, prefix) -> np.ndarray:
    """p(next token | prefix) over source.tokens (words, then EOS); the empty prefix can't be EOS."""
    if not prefix:
        return np.concatenate([source.start, [0.0]])
    return source.transition[source.words.index(prefix[-1])].copy()


def sentence_nll(source: MarkovSource, words, given=()) -> tuple[float, int]:
    """(NLL in nats, predictions) of `words` followed by EOS, continuing after the prefix `given`."""
    history, total = list(given), 0.0
    for token in list(words) + [EOS]:
        p = next_token_distribution(source, history)[source.tokens.index(token)]
        if p == 0:
            return math.inf, len(words) + 1
        total -= math.log(p)
        history.append(token)
    return total, len(words) + 1
