"""kernels.pretraining: masking and span-corruption bookkeeping (properties and the T5 paper's
Figure 2 example)."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.pretraining import MASK, mask_tokens, restore_spans, span_corruption, t5_sentinel

words = st.lists(st.sampled_from(["这部", "电影", "非常", "精彩", "我", "想", "再", "看"]), min_size=1, max_size=12)


@st.composite
def tokens_and_positions(draw):
    tokens = draw(words)
    positions = draw(st.sets(st.integers(0, len(tokens) - 1)))
    return tokens, sorted(positions)


def test_t5_paper_figure_2_example():
    """Raffel et al. 2020, Figure 2: for, inviting and last are dropped; <X> <Y> <Z> sentinels."""
    sentence = "Thank you for inviting me to your party last week .".split()
    inputs, targets = span_corruption(sentence, [2, 3, 8], sentinels=["<X>", "<Y>", "<Z>"])
    assert " ".join(inputs) == "Thank you <X> me to your party <Y> week ."
    assert " ".join(targets) == "<X> for inviting <Y> last <Z>"


def test_default_sentinels_are_t5_vocabulary_names():
    inputs, targets = span_corruption(["a", "b", "c"], [1])
    assert inputs == ["a", "<extra_id_0>", "c"]
    assert targets == ["<extra_id_0>", "b", "<extra_id_1>"]
    assert t5_sentinel(99) == "<extra_id_99>"


@given(tokens_and_positions())
@settings(max_examples=200, deadline=None)
def test_span_corruption_round_trips_and_counts(case):
    tokens, positions = case
    inputs, targets = span_corruption(tokens, positions)
    n_spans = sum(1 for i, p in enumerate(positions) if i == 0 or positions[i - 1] != p - 1)
    sentinels = [t5_sentinel(i) for i in range(n_spans + 1)]
    assert restore_spans(inputs, targets, sentinels) == tokens
    assert len(inputs) == len(tokens) - len(positions) + n_spans
    assert len(targets) == len(positions) + n_spans + 1
    assert [t for t in targets if t not in sentinels] == [tokens[p] for p in positions]


@given(tokens_and_positions())
@settings(max_examples=200, deadline=None)
def test_masking_keeps_length_and_scores_only_masked_positions(case):
    tokens, positions = case
    ex = mask_tokens(tokens, positions)
    assert len(ex.inputs) == len(ex.labels) == len(tokens)
    assert ex.scored == positions
    restored = [y if y is not None else x for x, y in zip(ex.inputs, ex.labels)]
    assert restored == tokens
    assert all(ex.inputs[i] == MASK for i in positions)
    assert all(ex.inputs[i] == tokens[i] for i in range(len(tokens)) if i not in positions)


def test_bad_positions_and_sentinels_raise():
    with pytest.raises(ValueError, match="repeat"):
        mask_tokens(["a", "b"], [1, 1])
    with pytest.raises(ValueError, match="must lie in"):
        mask_tokens(["a", "b"], [2])
    with pytest.raises(ValueError, match="need 3 sentinels"):
        span_corruption(["a", "b", "c"], [0, 2], sentinels=["<X>", "<Y>"])
    with pytest.raises(ValueError, match="distinct"):
        span_corruption(["a", "b", "c"], [0], sentinels=["<X>", "<X>"])

