"""kernels.labeling against seqeval (entity spans and scores) and brute-force CRF enumeration."""
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import logsumexp
from seqeval.metrics import f1_score, precision_score, recall_score
from seqeval.metrics.sequence_labeling import get_entities
from seqeval.scheme import IOB2, Entities

from kernels.labeling import (InvalidBioError, crf_log_likelihood, crf_log_partition, crf_path_score, entity_scores,
                              entity_spans, iob2_transition_mask, scores_from_counts, viterbi)

TAGS = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG"]
tag_seqs = st.lists(st.sampled_from(TAGS), min_size=1, max_size=8)
corpus_pairs = st.lists(tag_seqs.flatmap(lambda g: st.tuples(st.just(g), st.lists(st.sampled_from(TAGS),
                                                                                min_size=len(g), max_size=len(g)))),
                        min_size=1, max_size=5)


def test_primer_example_spans_and_scores():
    """Primer §16.2: 小王 在 北京 大学 工作 -> PER 小王, ORG 北京大学; §16.4: 8 of 10 correct, 12 gold."""
    assert entity_spans(["B-PER", "O", "B-ORG", "I-ORG", "O"]) == [("PER", 0, 1), ("ORG", 2, 4)]
    s = scores_from_counts(8, 10, 12)
    assert (s.precision, round(s.recall, 3), round(s.f1, 3)) == (0.8, 0.667, 0.727)
    # predicting only 北京 for 北京大学 is not a correct entity
    partial = entity_scores([["B-ORG", "I-ORG"]], [["B-ORG", "O"]])
    assert (partial.correct, partial.predicted, partial.gold, partial.f1) == (0, 1, 1, 0.0)


def test_invalid_i_tags_raise_by_default_with_the_position():
    with pytest.raises(InvalidBioError, match="position 0 follows the start"):
        entity_spans(["I-ORG", "I-ORG", "O"])
    with pytest.raises(InvalidBioError, match="position 1"):
        entity_spans(["B-PER", "I-ORG"])
    with pytest.raises(InvalidBioError, match="position 2"):
        entity_spans(["B-PER", "O", "I-PER"])
    with pytest.raises(ValueError, match="not a BIO tag"):
        entity_spans(["B-PER", "X"])
    with pytest.raises(ValueError):
        entity_spans(["O"], on_invalid_i="ignore")
    assert entity_spans(["I-ORG", "I-ORG"], "begin") == [("ORG", 0, 2)]
    assert entity_spans(["I-ORG", "I-ORG"], "drop") == []
    assert entity_spans(["B-PER", "B-PER", "I-PER"]) == [("PER", 0, 1), ("PER", 1, 3)]


@given(tag_seqs)
@settings(max_examples=100, deadline=None)
def test_spans_match_seqeval_in_both_modes(tags):
    lenient = [(kind, start, end + 1) for kind, start, end in get_entities(tags)]
    assert entity_spans(tags, "begin") == lenient
    strict = [(e.tag, e.start, e.end) for e in Entities([tags], IOB2).entities[0]]
    assert entity_spans(tags, "drop") == strict


@given(corpus_pairs)
@settings(max_examples=100, deadline=None)
def test_scores_match_seqeval(pairs):
    gold, pred = [list(g) for g, _ in pairs], [list(p) for _, p in pairs]
    ours = entity_scores(gold, pred, on_invalid_i="begin")
    kw = {"zero_division": 0}
    assert ours.precision == pytest.approx(precision_score(gold, pred, **kw))
    assert ours.recall == pytest.approx(recall_score(gold, pred, **kw))
    assert ours.f1 == pytest.approx(f1_score(gold, pred, **kw))
    strict = entity_scores(gold, pred, on_invalid_i="drop")
    kw.update(mode="strict", scheme=IOB2)
    assert strict.precision == pytest.approx(precision_score(gold, pred, **kw))
    assert strict.recall == pytest.approx(recall_score(gold, pred, **kw))
    assert strict.f1 == pytest.approx(f1_score(gold, pred, **kw))


def test_score_edge_cases():
    empty = entity_scores([["O", "O"]], [["O", "O"]])
    assert (empty.precision, empty.recall, empty.f1) == (0.0, 0.0, 0.0)
    assert scores_from_counts(0, 0, 3, zero_division=1.0).precision == 1.0
    with pytest.raises(ValueError):
        scores_from_counts(5, 4, 6)
    with pytest.raises(ValueError):
        entity_scores([["O"]], [["O", "O"]])
    with pytest.raises(ValueError):
        entity_scores([["O"]], [])


# --------------------------------------------------------------------------- CRF

def all_path_scores(E, A, s, e):
    K, T = E.shape[1], E.shape[0]
    paths = list(itertools.product(range(K), repeat=T))
    return paths, np.array([crf_path_score(E, A, p, s, e) for p in paths])


def independent_path_score(E, A, path, s, e):
    total = s[path[0]] + e[path[-1]]
    for t, y in enumerate(path):
        total += E[t][y] + (A[path[t - 1]][y] if t else 0.0)
    return total


def test_primer_crf_example():
    """Primer §16.3: 北京/大学 with B-ORG→I-ORG transition 1: paths score 4.5, 3.8, 2.8."""
    labels = ["B-ORG", "I-ORG", "O"]
    E = np.array([[2.0, -np.inf, 1.0], [-np.inf, 1.5, 1.8]])   # candidates the example ignores are -inf
    A = np.zeros((3, 3))
    A[0, 1] = 1.0
    score = lambda *tags: crf_path_score(E, A, [labels.index(t) for t in tags])
    assert (score("B-ORG", "I-ORG"), score("B-ORG", "O"), score("O", "O")) == (4.5, 3.8, 2.8)
    path, best = viterbi(E, A)
    assert [labels[i] for i in path] == ["B-ORG", "I-ORG"] and best == 4.5
    # independent choice per position would have missed 大学
    assert [labels[i] for i in E.argmax(axis=1)] == ["B-ORG", "O"]
    assert crf_log_partition(E, A) == pytest.approx(np.logaddexp.reduce([4.5, 3.8, 2.8, 1.0 + 1.5]))


@given(st.integers(1, 4), st.integers(2, 4), st.integers(0, 2**32 - 1))
@settings(max_examples=40, deadline=None)
def test_crf_dynamic_programs_match_enumeration(T, K, seed):
    r = np.random.default_rng(seed)
    E, A, s, e = r.normal(size=(T, K)), r.normal(size=(K, K)), r.normal(size=K), r.normal(size=K)
    paths, scores = all_path_scores(E, A, s, e)
    for p, sc in zip(paths[:5], scores[:5]):
        assert sc == pytest.approx(independent_path_score(E, A, p, s, e), rel=1e-12)
    assert crf_log_partition(E, A, s, e) == pytest.approx(logsumexp(scores), rel=1e-12)
    path, best = viterbi(E, A, s, e)
    assert best == pytest.approx(scores.max(), rel=1e-12)
    assert crf_path_score(E, A, path, s, e) == pytest.approx(best, rel=1e-12)
    probs = np.exp([crf_log_likelihood(E, A, p, s, e) for p in paths])
    assert probs.sum() == pytest.approx(1.0, rel=1e-12)


def test_iob2_mask_makes_viterbi_output_valid():
    labels = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG"]
    allowed, starts = iob2_transition_mask(labels)
    assert not starts[2] and not allowed[0, 2] and allowed[1, 2] and allowed[2, 2] and not allowed[1, 4]
    r = np.random.default_rng(3)
    with np.errstate(divide="ignore"):
        A_mask, s_mask = np.log(allowed.astype(float)), np.log(starts.astype(float))
    for _ in range(50):
        E = r.normal(size=(6, 5)) * 3
        path, _ = viterbi(E, r.normal(size=(5, 5)) + A_mask, s_mask)
        entity_spans([labels[i] for i in path])           # raises if the path broke IOB2


def test_crf_bad_shapes_raise():
    with pytest.raises(ValueError):
        crf_log_partition(np.zeros((2, 3)), np.zeros((2, 2)))
    with pytest.raises(ValueError):
        crf_path_score(np.zeros((2, 3)), np.zeros((3, 3)), [0])
