"""kernels.sampling against torch (softmax, cross_entropy), brute force, and the seeds' examples."""
import itertools
import math

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from kernels.sampling import (decoding_distribution, perplexity, perplexity_of_probs, sample, target_nll,
                              temperature_probs, top_k_filter, top_p_filter, top_p_set)

finite = st.floats(-20, 20, allow_nan=False, allow_infinity=False)
logit_rows = arrays(np.float64, st.integers(1, 7), elements=finite)
distributions = arrays(np.float64, st.integers(1, 7), elements=st.floats(0.0, 1.0)).filter(
    lambda a: a.sum() > 1e-6).map(lambda a: a / a.sum())


# --------------------------------------------------------------------------- temperature

@pytest.mark.parametrize("tau", [0.25, 0.5, 1.0, 2.0, 10.0])
def test_temperature_matches_torch_softmax_of_scaled_logits(tau):
    z = np.random.default_rng(1).normal(size=(4, 9)) * 3
    ref = torch.softmax(torch.tensor(z) / tau, dim=-1).numpy()
    np.testing.assert_allclose(temperature_probs(z, tau), ref, rtol=1e-12, atol=1e-15)


def test_tau_zero_is_the_limit_not_a_division():
    z = np.array([1.0, 3.0, 2.0])
    with np.errstate(all="raise"):  # any 0/0 or overflow would raise here
        np.testing.assert_array_equal(temperature_probs(z, 0), [0.0, 1.0, 0.0])
    # the limit with tied maxima spreads the mass over the tie; tiny tau approaches it
    tied = np.array([2.0, 0.0, 2.0])
    np.testing.assert_array_equal(temperature_probs(tied, 0.0), [0.5, 0.0, 0.5])
    np.testing.assert_allclose(temperature_probs(tied, 1e-3), [0.5, 0.0, 0.5], atol=1e-12)
    # a positive tau small enough to overflow z / tau still works because the shift comes first
    np.testing.assert_allclose(temperature_probs(z, 1e-310), [0.0, 1.0, 0.0])


@pytest.mark.parametrize("tau", [-1.0, float("nan"), float("inf")])
def test_bad_temperature_raises(tau):
    with pytest.raises(ValueError):
        temperature_probs([1.0, 2.0], tau)


@given(logit_rows, st.floats(0.05, 5.0))
@settings(max_examples=60, deadline=None)
def test_temperature_keeps_the_ranking_and_sums_to_one(z, tau):
    p = temperature_probs(z, tau)
    assert p.sum() == pytest.approx(1.0, abs=1e-12)
    order = np.argsort(z, kind="stable")
    assert np.all(np.diff(p[order]) >= -1e-15)


# --------------------------------------------------------------------------- top-k / top-p

def test_primer_example_top_k_and_top_p():
    """Primer §11.4: [电影 .6, 音乐 .3, 香蕉 .1]; top-2 gives 2/3, 1/3; top-p .8 keeps two."""
    p = np.array([0.6, 0.3, 0.1])
    np.testing.assert_allclose(top_k_filter(p, 2), [2 / 3, 1 / 3, 0.0], rtol=1e-15)
    np.testing.assert_allclose(top_p_filter(p, 0.8), [2 / 3, 1 / 3, 0.0], rtol=1e-15)
    # 0.6 + 0.3 is 0.8999999999999999 in floats: reaching p = 0.9 must still stop at two
    assert sorted(top_p_set(p, 0.9).tolist()) == [0, 1]


def test_top_p_edge_cases():
    p = np.array([0.5, 0.3, 0.2, 0.0])
    assert top_p_set(p, 0.5).tolist() == [0]            # exactly the top probability
    assert top_p_set(p, 0.01).tolist() == [0]           # tiny p keeps the single best
    assert sorted(top_p_set(p, 1.0).tolist()) == [0, 1, 2]   # p = 1 drops only zero mass
    assert top_p_set([1.0], 0.3).tolist() == [0]
    assert top_p_set([0.25] * 4, 0.5).tolist() == [0, 1]    # ties: lower index first
    for bad in (0.0, -0.1, 1.5):
        with pytest.raises(ValueError):
            top_p_set(p, bad)


def test_top_k_edge_cases():
    p = np.array([0.1, 0.4, 0.4, 0.1])
    np.testing.assert_allclose(top_k_filter(p, 1), [0, 1, 0, 0])      # tie: lower index
    np.testing.assert_allclose(top_k_filter(p, 10), p)                 # k beyond n keeps all
    for bad in (0, -1, 1.5):
        with pytest.raises(ValueError):
            top_k_filter(p, bad)


def brute_force_nucleus(p, threshold):
    """Smallest subset reaching the threshold; among those, the one of largest mass."""
    n = len(p)
    for size in range(1, n + 1):
        best = max(itertools.combinations(range(n), size), key=lambda s: (sum(p[list(s)]), [-i for i in s]))
        if sum(p[list(best)]) >= threshold - 1e-12:
            return size, sum(p[list(best)])
    return n, 1.0


@given(distributions, st.floats(0.01, 1.0))
@settings(max_examples=80, deadline=None)
def test_top_p_is_the_smallest_set_reaching_p(p, threshold):
    kept = top_p_set(p, threshold)
    size, mass = brute_force_nucleus(p, threshold)
    assert len(kept) == size
    assert p[kept].sum() == pytest.approx(mass, abs=1e-12)


@given(distributions, st.integers(1, 8))
@settings(max_examples=60, deadline=None)
def test_top_k_matches_torch_topk(p, k):
    kk = min(k, len(p))
    values = torch.topk(torch.tensor(p), kk).values.numpy()
    out = top_k_filter(p, k)
    np.testing.assert_allclose(np.sort(out[out > 0])[::-1], (values / values.sum())[values > 0], rtol=1e-12)


def test_decoding_distribution_order_is_temperature_then_filters():
    z = np.log(np.array([0.5, 0.3, 0.15, 0.05]))
    p = decoding_distribution(z, tau=2.0, top_k=3, top_p=0.6)
    step = top_p_filter(top_k_filter(temperature_probs(z, 2.0), 3), 0.6)
    np.testing.assert_array_equal(p, step)
    assert np.count_nonzero(p) == 2


# --------------------------------------------------------------------------- sampling

def test_sampling_is_reproducible_and_respects_zeros():
    p = np.array([0.6, 0.3, 0.1, 0.0])
    a, b = sample(p, seed=7, size=20000), sample(p, seed=7, size=20000)
    np.testing.assert_array_equal(a, b)
    assert not np.any(a == 3)
    freqs = np.bincount(a, minlength=4) / len(a)
    # 5 standard errors of a binomial proportion at n = 20000
    np.testing.assert_allclose(freqs, p, atol=5 * np.sqrt(0.25 / len(a)))
    assert sample(p, seed=np.random.default_rng(7)) == sample(p, seed=7)


def test_sample_rejects_non_distributions():
    for bad in ([0.5, 0.6], [-0.1, 1.1], [[0.5, 0.5]]):
        with pytest.raises(ValueError):
            sample(bad, seed=0)


# --------------------------------------------------------------------------- perplexity

def test_perplexity_examples_from_the_seeds():
    assert perplexity_of_probs([0.5, 0.25, 0.125]) == pytest.approx(4.0, rel=1e-14)   # primer §11.5
    assert perplexity_of_probs([0.5, 0.25]) == pytest.approx(math.sqrt(8), rel=1e-14)  # lecture §2.7
    # lecture §1.13: the same string probability exp(-10) over 10 or 20 tokens
    assert perplexity(10.0, 10) == pytest.approx(math.e)
    assert perplexity(10.0, 20) == pytest.approx(math.exp(0.5))


def test_target_nll_matches_torch_cross_entropy_with_pad_ignored():
    rng = np.random.default_rng(5)
    B, T, V, PAD, EOS = 3, 6, 7, 0, 1
    logits = rng.normal(size=(B, T, V))
    targets = rng.integers(2, V, size=(B, T))
    targets[0, 4:] = [EOS, PAD]
    targets[1, 2:] = [EOS, PAD, PAD, PAD]
    targets[2, 5] = EOS
    log_p = torch.log_softmax(torch.tensor(logits), dim=-1).numpy()
    total, n = target_nll(log_p, targets, pad_id=PAD)
    ref = torch.nn.functional.cross_entropy(torch.tensor(logits).reshape(-1, V), torch.tensor(targets).reshape(-1),
                                            ignore_index=PAD, reduction="sum").item()
    assert n == int((targets != PAD).sum())
    assert total == pytest.approx(ref, rel=1e-12)
    mean_ref = torch.nn.functional.cross_entropy(torch.tensor(logits).reshape(-1, V),
                                                 torch.tensor(targets).reshape(-1), ignore_index=PAD).item()
    assert perplexity(total, n) == pytest.approx(math.exp(mean_ref), rel=1e-12)

    total_no_eos, n_no_eos = target_nll(log_p, targets, pad_id=PAD, eos_id=EOS, count_eos=False)
    assert n_no_eos == n - 3
    eos_nll = -log_p[targets == EOS][:, EOS].sum()
    assert total_no_eos == pytest.approx(total - eos_nll, rel=1e-12)


def test_sum_then_divide_differs_from_mean_of_batch_means():
    """Lecture §2.6: average over the corpus, not an equal-weight mean of batch averages."""
    nll_a, nll_b = np.array([1.0, 1.0, 1.0, 1.0]), np.array([3.0])
    corpus = perplexity(nll_a.sum() + nll_b.sum(), 5)
    wrong = math.exp((nll_a.mean() + nll_b.mean()) / 2)
    assert corpus == pytest.approx(math.exp(7 / 5)) and corpus != pytest.approx(wrong)


def test_perplexity_bad_inputs():
    with pytest.raises(ValueError):
        perplexity(1.0, 0)
    with pytest.raises(ValueError):
        perplexity_of_probs([0.5, 0.0])
    with pytest.raises(ValueError):
        target_nll(np.zeros((2, 3)), [1, 2], pad_id=0, count_eos=False)
