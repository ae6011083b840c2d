"""kernels.retrieval against torch.nn.functional.cosine_similarity / torch.topk and primer §17.4."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.retrieval import cosine_similarity, dot_similarity, retrieve, top_k


def test_primer_toy_scores():
    """Primer §17.4: q = [1,0], documents [0.9,0.1] and [0.1,0.9] score 0.9 and 0.1 by dot product."""
    hit = retrieve([1.0, 0.0], [[0.9, 0.1], [0.1, 0.9]], k=1)
    np.testing.assert_allclose(hit.scores, [0.9, 0.1])
    assert hit.ranking.tolist() == [0]


@given(st.integers(1, 6), st.integers(1, 8), st.integers(0, 10_000))
@settings(max_examples=40, deadline=None)
def test_cosine_and_dot_match_torch(d, n, seed):
    r = np.random.default_rng(seed)
    q, D = r.normal(size=d), r.normal(size=(n, d))
    ref = F.cosine_similarity(torch.tensor(q)[None, :], torch.tensor(D), dim=1).numpy()
    np.testing.assert_allclose(cosine_similarity(q, D), ref, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(dot_similarity(q, D), (torch.tensor(D) @ torch.tensor(q)).numpy(), rtol=1e-12)


def test_cosine_ignores_length_dot_does_not():
    q, D = np.array([1.0, 0.0]), np.array([[0.9, 0.1], [9.0, 1.0], [0.1, 0.9]])
    cos = cosine_similarity(q, D)
    assert np.isclose(cos[0], cos[1])
    assert retrieve(q, D, k=1, similarity="dot").ranking.tolist() == [1]
    with pytest.raises(ValueError):
        cosine_similarity(q, [[0.0, 0.0]])
    with pytest.raises(ValueError):
        retrieve(q, D, similarity="euclid")


@given(st.lists(st.floats(-5, 5), min_size=1, max_size=12), st.integers(1, 12))
@settings(max_examples=60, deadline=None)
def test_top_k_matches_torch_topk_values(scores, k):
    k = min(k, len(scores))
    mine = top_k(scores, k)
    ref = torch.topk(torch.tensor(scores, dtype=torch.float64), k).values.numpy()
    np.testing.assert_array_equal(np.asarray(scores)[mine], ref)
    assert len(set(mine.tolist())) == k


def test_top_k_ties_keep_document_order_and_bad_k_raises():
    assert top_k([0.5, 0.9, 0.5, 0.9], 3).tolist() == [1, 3, 0]
    with pytest.raises(ValueError):
        top_k([0.1, 0.2], 3)
    with pytest.raises(ValueError):
        top_k([0.1, 0.2], 0)


def test_scores_within_the_tie_tolerance_are_ordered_by_index_whatever_their_last_bits():
    """Two mathematically equal cosines computed by different kernels differ in the last bits; with a
    tolerance above that noise the order is the documents' order on every CPU."""
    from kernels.retrieval import rank_descending
    equal = 0.7
    noisy_a = [0.2, equal + 3e-16, 0.9, equal - 2e-16]
    noisy_b = [0.2, equal - 2e-16, 0.9, equal + 3e-16]
    assert rank_descending(noisy_a).tolist() != rank_descending(noisy_b).tolist()   # exact order follows the noise
    assert rank_descending(noisy_a, 1e-9).tolist() == rank_descending(noisy_b, 1e-9).tolist() == [2, 1, 3, 0]
    assert top_k(noisy_b, 2, tie_tolerance=1e-9).tolist() == [2, 1]
    assert rank_descending([0.3, 0.1, 0.2], 1e-9).tolist() == [0, 2, 1]   # distinct scores: plain order
    with pytest.raises(ValueError):
        rank_descending([0.1, 0.2], -1.0)
