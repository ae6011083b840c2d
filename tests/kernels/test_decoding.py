"""Search kernels: beam with finished hypotheses keeping their slot, greedy, exhaustive search."""
import math

import pytest

from kernels.decoding import (Hypothesis, ProbabilityTree, beam_decode, exhaustive_search, greedy_decode,
                              length_penalty, rank_score)
from verify.lecture.ch03_search import TREE as COURSE_TREE
from kernels.metrics import corpus_bleu

TREE = ProbabilityTree(COURSE_TREE)  # the §3.17 tree, defined once in its verify module


def test_exhaustive_search_lists_every_path_and_they_sum_to_one():
    paths = exhaustive_search(TREE)
    assert math.fsum(h.probability for h in paths) == pytest.approx(1.0, abs=1e-15)
    assert paths[0].tokens == ("C", "EOS")


def test_greedy_is_beam_of_width_one_and_misses_the_best_path():
    greedy = greedy_decode(TREE)
    assert greedy.best.tokens == ("A", "a", "EOS")
    assert greedy.best.probability < exhaustive_search(TREE)[0].probability


def test_beam_two_keeps_finished_hypotheses_in_their_slot():
    result = beam_decode(TREE, width=2)
    kept = [[h.tokens for h in round_] for round_ in result.rounds]
    assert kept[1] == [("A", "a"), ("B", "EOS")]       # B EOS is finished and still holds a slot
    assert kept[2] == [("B", "EOS"), ("A", "a", "EOS")]
    assert result.best.tokens == ("B", "EOS") and result.ended


def test_beam_wide_enough_finds_the_exhaustive_optimum():
    assert beam_decode(TREE, width=3).best.tokens == exhaustive_search(TREE)[0].tokens


@pytest.mark.parametrize("kwargs", [{"width": 0}, {"width": -1}, {"max_steps": 0}])
def test_beam_rejects_width_or_steps_below_one(kwargs):
    with pytest.raises(ValueError, match="at least 1"):
        beam_decode(TREE, **kwargs)


def test_running_out_of_steps_is_reported_not_hidden():
    result = beam_decode(TREE, width=1, max_steps=1)
    assert result.ended is False and not result.best.finished


def test_length_penalty_follows_wu_et_al():
    assert length_penalty(1, 1.0) == pytest.approx(1.0)
    assert length_penalty(7, 0.6) == pytest.approx(2.0 ** 0.6)
    assert length_penalty(0, 1.0) == length_penalty(1, 1.0)  # length is at least one
    long = Hypothesis(("x",) * 7 + ("EOS",), -3.0)
    assert rank_score(long, 0.0) == -3.0 and rank_score(long, 1.0) == pytest.approx(-1.5)


def test_tree_rejects_distributions_that_do_not_sum_to_one():
    with pytest.raises(ValueError, match="sum to"):
        ProbabilityTree({"": {"A": 0.5, "B": 0.4}})


def test_bleu_empty_candidate_scores_zero_and_missing_reference_raises():
    assert corpus_bleu([[]], [[["a", "b"]]], max_n=2).score == 0.0
    with pytest.raises(ValueError, match="at least one reference"):
        corpus_bleu([["a"]], [[]], max_n=2)
