"""Extra kernel tests for the search and evaluation pages (lecture §3.8, §3.16–§3.19).

- BeamResult.pools: the full ranked candidate pool of every round.
- kernels.metrics.alignment_distances against an explicit timeline.
- kernels.metrics.corpus_bleu against sacrebleu, with the settings that make them equal.
"""
import math
import random

import pytest
from sacrebleu.metrics import BLEU

from kernels.decoding import (Hypothesis, ProbabilityTree, beam_decode, exhaustive_search,
                              rank_score)
from verify.lecture.ch03_search import TREE as COURSE_TREE
from kernels.metrics import alignment_distances, corpus_bleu

TREE = ProbabilityTree(COURSE_TREE)  # the §3.17 tree, defined once in its verify module


# --------------------------------------------------------------------------- beam pools

@pytest.mark.parametrize("width", [1, 2, 3, 6])
@pytest.mark.parametrize("alpha", [0.0, 1.0])
def test_pool_prefix_is_the_kept_beam(width, alpha):
    result = beam_decode(TREE, width=width, alpha=alpha)
    assert len(result.pools) == len(result.rounds)
    for pool, kept in zip(result.pools, result.rounds):
        assert pool[:width] == kept
        scores = [rank_score(h, alpha) for h in pool]
        assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize("width", [1, 2, 3])
def test_pool_holds_finished_items_and_every_extension(width):
    """Each pool = the finished hypotheses carried over + all one-token extensions of the others."""
    result = beam_decode(TREE, width=width)
    previous = [Hypothesis((), 0.0)]
    for pool in result.pools:
        expected = []
        for h in previous:
            if h.finished:
                expected.append(h.tokens)
            else:
                expected += [h.tokens + (tok,) for tok in TREE(h.tokens)]
        assert sorted(h.tokens for h in pool) == sorted(expected)
        previous = pool[:width]


def test_width_two_pools_on_the_lecture_tree():
    result = beam_decode(TREE, width=2)
    probs = [[round(h.probability, 6) for h in pool] for pool in result.pools]
    assert probs == [[0.45, 0.30, 0.25], [0.315, 0.225, 0.135, 0.075], [0.225, 0.21, 0.105]]
    assert result.best.tokens == ("B", "EOS")


def test_wide_beam_finds_the_exhaustive_best():
    paths = exhaustive_search(TREE)
    result = beam_decode(TREE, width=len(paths))
    assert result.best.tokens == paths[0].tokens
    assert math.isclose(sum(h.probability for h in paths), 1.0)


def test_pools_default_is_empty_for_hand_built_results():
    from kernels.decoding import BeamResult
    r = BeamResult(best=Hypothesis(("EOS",), 0.0), ended=True)
    assert r.pools == [] and r.rounds == []


# --------------------------------------------------------------------------- alignment distances

def _timeline_distances(n, alignment, reverse):
    """Independent reference: write out the event sequence and subtract positions."""
    order = list(range(n, 0, -1)) if reverse else list(range(1, n + 1))
    events = [("src", i) for i in order] + [("tgt", j) for j in range(1, max(j for _, j in alignment) + 1)]
    return [events.index(("tgt", j)) - events.index(("src", i)) for i, j in alignment]


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8])
@pytest.mark.parametrize("reverse", [False, True])
def test_alignment_distances_match_the_timeline(n, reverse):
    rng = random.Random(n * 2 + reverse)
    alignment = [(rng.randint(1, n), rng.randint(1, n + 2)) for _ in range(6)]
    assert alignment_distances(n, alignment, reverse_source=reverse) == _timeline_distances(n, alignment, reverse)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7])
def test_monotone_alignment_reversal_keeps_the_mean(n):
    """Reversal brings the first pair next to the decoder but the average lag is unchanged."""
    diagonal = [(i, i) for i in range(1, n + 1)]
    fwd = alignment_distances(n, diagonal)
    rev = alignment_distances(n, diagonal, reverse_source=True)
    assert fwd == [n] * n
    assert rev == [2 * i - 1 for i in range(1, n + 1)]
    assert sum(fwd) == sum(rev)
    assert min(rev) == 1


def test_alignment_distances_rejects_bad_pairs():
    with pytest.raises(ValueError):
        alignment_distances(3, [(4, 1)])
    with pytest.raises(ValueError):
        alignment_distances(0, [])


# --------------------------------------------------------------------------- BLEU vs sacrebleu

def _sacrebleu(candidates, references_list, max_n):
    """sacrebleu settings that reproduce the textbook corpus BLEU of kernels.metrics:
    no extra tokenization (tokens already split on spaces), case kept, no smoothing, the
    full order even when a precision is zero. Result rescaled from 0-100 to 0-1."""
    n_refs = len(references_list[0])
    assert all(len(refs) == n_refs for refs in references_list)
    streams = [[" ".join(refs[k]) for refs in references_list] for k in range(n_refs)]
    metric = BLEU(max_ngram_order=max_n, smooth_method="none", tokenize="none",
                  lowercase=False, effective_order=False)
    return metric.corpus_score([" ".join(c) for c in candidates], streams)


def test_lecture_bleu2_example_matches_sacrebleu():
    ref = "I gave her a book yesterday".split()
    cand = "I gave a book yesterday".split()
    ours = corpus_bleu([cand], [[ref]], max_n=2)
    theirs = _sacrebleu([cand], [[ref]], 2)
    assert math.isclose(ours.score, theirs.score / 100, rel_tol=1e-12)
    assert math.isclose(ours.score, math.exp(-0.2) * math.sqrt(0.75), rel_tol=1e-12)
    assert (ours.candidate_length, ours.reference_length) == (theirs.sys_len, theirs.ref_len) == (5, 6)


def test_clipping_example_matches_sacrebleu():
    ref = "the book is on the desk".split()
    cand = "the the the".split()
    ours = corpus_bleu([cand], [[ref]], max_n=2)
    theirs = _sacrebleu([cand], [[ref]], 2)
    assert ours.precisions[0] == pytest.approx(2 / 3)
    assert theirs.counts[0] == 2 and theirs.totals[0] == 3
    assert ours.score == 0.0 and theirs.score == pytest.approx(0.0, abs=1e-9)


WORDS = ["a", "b", "c", "d", "the", "The", "book", "her"]


def _sentence(rng, low=2, high=9):
    return [rng.choice(WORDS) for _ in range(rng.randint(low, high))]


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("max_n", [2, 4])
def test_random_corpora_match_sacrebleu(seed, max_n):
    rng = random.Random(seed)
    n_refs = rng.randint(1, 3)
    size = rng.randint(1, 6)
    cands = [_sentence(rng) for _ in range(size)]
    refs = [[_sentence(rng) for _ in range(n_refs)] for _ in range(size)]
    ours = corpus_bleu(cands, refs, max_n=max_n)
    theirs = _sacrebleu(cands, refs, max_n)
    assert ours.candidate_length == theirs.sys_len
    assert ours.reference_length == theirs.ref_len
    assert ours.brevity_penalty == pytest.approx(theirs.bp, rel=1e-12)
    if ours.score == 0.0:
        assert theirs.score == pytest.approx(0.0, abs=1e-9)
    else:
        assert ours.score == pytest.approx(theirs.score / 100, rel=1e-10)
        for p, q in zip(ours.precisions, theirs.precisions):
            assert p == pytest.approx(q / 100, rel=1e-12)


def test_closest_reference_tie_takes_the_shorter_like_sacrebleu():
    cand = "a b c d".split()
    refs = ["a b c".split(), "a b c d e".split()]  # both one token away
    assert corpus_bleu([cand], [refs], max_n=2).reference_length == _sacrebleu([cand], [refs], 2).ref_len == 3


def test_corpus_bleu_is_not_the_mean_of_sentence_bleu():
    pairs = [("I gave a book yesterday".split(), "I gave her a book yesterday".split()),
             ("the book".split(), "the book is here".split())]
    corpus = corpus_bleu([c for c, _ in pairs], [[r] for _, r in pairs], max_n=2).score
    mean = sum(corpus_bleu([c], [[r]], max_n=2).score for c, r in pairs) / len(pairs)
    assert not math.isclose(corpus, mean)
    assert corpus == pytest.approx(_sacrebleu([c for c, _ in pairs], [[r] for _, r in pairs], 2).score / 100)

