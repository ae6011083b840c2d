"""Byte-pair encoding as the course runs it (lecture §1.12; Sennrich et al. 2016, §3.2).

Learning: every word of a frequency table starts as its characters plus an end-of-word symbol
</w>; each round counts adjacent symbol pairs inside words, weighting each word's pairs by the
word's frequency, and merges the most frequent pair everywhere. Merges never cross word
boundaries. Equal counts are broken by the lexicographic order of the pair (the smaller
(left, right) tuple of strings wins).

Applying: a word is split into characters plus </w>, and the learned merges are applied one
after another in the order they were learned. Nothing is recounted at application time.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Mapping

END_OF_WORD = "</w>"


def initial_symbols(word: str, end_of_word: str = END_OF_WORD) -> tuple:
    """The characters of `word` followed by the end-of-word symbol."""
    if not word:
        raise ValueError("BPE words must be non-empty")
    return tuple(word) + (end_of_word,)


def merge_pair(symbols: tuple, pair: tuple) -> tuple:
    """Replace every occurrence of `pair` by its concatenation, scanning left to right without overlap."""
    out, i = [], 0
    while i < len(symbols):
        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
            out.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return tuple(out)


def pair_counts(segmented: Mapping[tuple, int]) -> Counter:
    """Frequency-weighted counts of adjacent symbol pairs, within each word only."""
    counts = Counter()
    for symbols, freq in segmented.items():
        for pair in zip(symbols, symbols[1:]):
            counts[pair] += freq
    return counts


@dataclass
class BpeRound:
    pair: tuple          # the merge chosen this round
    count: int           # its frequency-weighted count
    tied: tuple          # every pair that had the same (maximal) count, in tie-break order


@dataclass
class BpeModel:
    merges: list                                  # learned (left, right) pairs, in order
    rounds: list = field(default_factory=list)    # one BpeRound per merge
    segmented: dict = field(default_factory=dict)  # word -> its symbols after all merges
    end_of_word: str = END_OF_WORD


def learn_bpe(word_freqs: Mapping[str, int], n_merges: int, end_of_word: str = END_OF_WORD) -> BpeModel:
    """Learn up to n_merges merges from a {word: frequency} table.

    Stops early (fewer merges) when no word has two symbols left to merge.
    """
    if n_merges < 0:
        raise ValueError(f"n_merges must be >= 0, got {n_merges}")
    if any(int(f) != f or f < 1 for f in word_freqs.values()):
        raise ValueError("word frequencies must be positive integers")
    words = {word: initial_symbols(word, end_of_word) for word in word_freqs}
    merges, rounds = [], []
    for _ in range(n_merges):
        # distinct words keep distinct symbol tuples (merging only concatenates), so keying by them is safe
        counts = pair_counts({words[w]: int(f) for w, f in word_freqs.items()})
        if not counts:
            break
        best = max(counts.values())
        tied = tuple(sorted(pair for pair, c in counts.items() if c == best))
        pair = tied[0]
        merges.append(pair)
        rounds.append(BpeRound(pair, int(best), tied))
        words = {word: merge_pair(symbols, pair) for word, symbols in words.items()}
    return BpeModel(merges, rounds, words, end_of_word)


def apply_bpe(word: str, merges, end_of_word: str = END_OF_WORD) -> tuple:
    """Segment one word with learned merges, applied in learned order."""
    symbols = initial_symbols(word, end_of_word)
    for pair in merges:
        symbols = merge_pair(symbols, tuple(pair))
    return symbols
