"""kernels.fact_task: the pairs differ only in the fact's value, the distractors are where they are
asked to be, and a predictor that sees only what a pair shares cannot get both members right."""
import numpy as np
import pytest
import torch

from kernels.fact_task import (KEY, LAST_FACT_START, LENGTH, OTHER, QUERY, VALUES, FactDecoder, FactDecoderConfig,
                               distractor_sweep, make_pair, pair_both_correct, position_sweep,
                               shared_suffix_predictor, training_pairs)


def test_a_pair_differs_only_in_the_facts_value():
    rng = np.random.default_rng(0)
    for at in (0, 7, LAST_FACT_START):
        pair = make_pair(rng, at, 0, 2 if at < 20 else 0)
        differ = np.flatnonzero(pair[0] != pair[1])
        assert differ.tolist() == [at + 1]
        assert pair[0, at] == pair[1, at] == KEY and sorted(pair[:, at + 1]) == sorted(VALUES)
        assert (pair[:, -1] == QUERY).all() and pair.shape == (2, LENGTH)


def test_distractors_sit_between_the_fact_and_the_query_and_never_overlap():
    d = distractor_sweep(3, 6, (0, 2, 4, 6), 30)
    for row, k in zip(d["tokens"], d["distractors"]):
        others = np.flatnonzero(row == OTHER)
        assert len(others) == k and (others > 7).all() and (others < LENGTH - 2).all()
        assert np.isin(row[others + 1], VALUES).all()
        assert (row == KEY).sum() == 1


def test_position_sweep_keeps_the_total_length_and_the_distractor_count():
    d = position_sweep(4, (0, 9, 29), 20, distractors=2)
    assert d["tokens"].shape == (3 * 20 * 2, LENGTH)
    assert ((d["tokens"] == OTHER).sum(axis=1) == 2).all()
    assert (d["tokens"][np.arange(len(d["tokens"])), d["fact_at"]] == KEY).all()


def test_training_range_is_respected_and_labels_are_balanced():
    d = training_pairs(5, 200, first_fact=10)
    assert d["fact_at"].min() >= 10 and d["labels"].mean() == 0.5


def test_the_shared_suffix_predictor_never_gets_a_pair_right_and_the_metric_can_reach_one():
    d = position_sweep(6, (0, 12, 29), 50)
    correct = shared_suffix_predictor(d["tokens"], d["pair_ids"]) == d["labels"]
    assert pair_both_correct(correct, d["pair_ids"]) == 0.0 and correct.mean() == 0.5
    assert pair_both_correct(np.ones_like(correct), d["pair_ids"]) == 1.0


def test_bad_input_is_refused():
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match="fact_at must lie in"):
        make_pair(rng, LAST_FACT_START + 1, 0, 0)
    with pytest.raises(ValueError, match="do not fit"):
        make_pair(rng, 20, 0, 6)


def test_the_decoder_is_causal_and_answers_two_ways():
    torch.manual_seed(0)
    model = FactDecoder(FactDecoderConfig()).eval()
    x = torch.from_numpy(make_pair(np.random.default_rng(1), 3, 0, 0))
    assert model(x).shape == (2, 2)
    # causal: what the first k positions compute does not depend on later tokens
    with torch.no_grad():
        h = lambda t: model.blocks[0](model.tokens(t) + model.positions(torch.arange(LENGTH)),
                                      src_mask=model.causal, is_causal=True)
        changed = x.clone(); changed[:, 20:] = 5
        assert torch.allclose(h(x)[:, :20], h(changed)[:, :20], atol=1e-6)
