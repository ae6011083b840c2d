"""kernels.embeddings against torch autograd, scipy.linalg.svd and the seeds' worked examples."""
import math

import numpy as np
import pytest
import scipy.linalg
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.embeddings import (cbow_softmax, cooccurrence_counts, glove_objective, glove_weight,
                                negative_sampling, noise_distribution, pmi, ppmi, skipgram_softmax, truncated_svd)

rng = np.random.default_rng(2024)


def leaf(a):
    return torch.tensor(np.asarray(a, dtype=np.float64), requires_grad=True)


def test_skipgram_softmax_matches_autograd():
    V, d = 7, 4
    v, U = rng.normal(size=d), rng.normal(size=(V, d))
    for o in range(V):
        step = skipgram_softmax(v, U, o)
        v_t, U_t = leaf(v), leaf(U)
        loss = torch.nn.functional.cross_entropy((U_t @ v_t)[None], torch.tensor([o]))
        loss.backward()
        assert step.loss == pytest.approx(loss.item(), rel=1e-13)
        np.testing.assert_allclose(step.grad_input, v_t.grad.numpy(), rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(step.grad_output, U_t.grad.numpy(), rtol=1e-12, atol=1e-14)
        # the lecture's closed form: sum_w p(w|c) u_w - u_o
        np.testing.assert_allclose(step.grad_input, step.probs @ U - U[o], rtol=1e-12, atol=1e-14)


def test_primer_cbow_example():
    """Primer §7.2–§7.4: 喜欢 [1,0], 电影 [0,1]; outputs 看 [2,2], 吃 [0,0], 买 [1,1]; answer 看."""
    contexts = np.array([[1.0, 0.0], [0.0, 1.0]])
    U = np.array([[2.0, 2.0], [0.0, 0.0], [1.0, 1.0]])
    step = cbow_softmax(contexts, U, 0)
    np.testing.assert_allclose(step.hidden, [0.5, 0.5])
    np.testing.assert_allclose(np.round(step.probs, 3), [0.665, 0.090, 0.245])
    assert round(step.loss, 3) == 0.408
    np.testing.assert_allclose(np.round(step.grad_hidden, 3), [-0.425, -0.425])
    np.testing.assert_allclose(np.round(step.grad_contexts, 3), [[-0.212, -0.212]] * 2)
    np.testing.assert_allclose(np.round(contexts - 0.1 * step.grad_contexts, 3), [[1.021, 0.021], [0.021, 1.021]])


def test_cbow_matches_autograd():
    C, U = rng.normal(size=(4, 3)), rng.normal(size=(6, 3))
    step = cbow_softmax(C, U, 2)
    C_t, U_t = leaf(C), leaf(U)
    loss = torch.nn.functional.cross_entropy((U_t @ C_t.mean(dim=0))[None], torch.tensor([2]))
    loss.backward()
    assert step.loss == pytest.approx(loss.item(), rel=1e-13)
    np.testing.assert_allclose(step.grad_contexts, C_t.grad.numpy(), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(step.grad_output, U_t.grad.numpy(), rtol=1e-12, atol=1e-14)


def test_primer_negative_sampling_example():
    """Primer §7.6: true-pair score 2, noise-pair score -1: -ln σ(2) - ln σ(1) ≈ 0.440."""
    step = negative_sampling([1.0, 0.0], [2.0, 0.0], [[-1.0, 0.0]])
    assert step.loss == pytest.approx(-math.log(1 / (1 + math.exp(-2))) - math.log(1 / (1 + math.exp(-1))))
    assert round(step.loss, 3) == 0.440


def test_negative_sampling_matches_autograd_and_survives_large_scores():
    d, K = 5, 4
    v, u, N = rng.normal(size=d), rng.normal(size=d), rng.normal(size=(K, d))
    step = negative_sampling(v, u, N)
    v_t, u_t, N_t = leaf(v), leaf(u), leaf(N)
    F = torch.nn.functional
    loss = -F.logsigmoid(u_t @ v_t) - F.logsigmoid(-(N_t @ v_t)).sum()
    loss.backward()
    assert step.loss == pytest.approx(loss.item(), rel=1e-13)
    np.testing.assert_allclose(step.grad_center, v_t.grad.numpy(), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(step.grad_positive, u_t.grad.numpy(), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(step.grad_negatives, N_t.grad.numpy(), rtol=1e-12, atol=1e-14)
    big = negative_sampling([100.0], [-10.0], [[10.0]])   # scores -1000 and 1000: no overflow
    assert big.loss == pytest.approx(2000.0)


def test_noise_distribution_three_quarter_power():
    p = noise_distribution([16, 1, 0])
    np.testing.assert_allclose(p, np.array([8.0, 1.0, 0.0]) / 9.0)


def test_lecture_skipgram_window_pairs():
    """Lecture §1.5: radius 2 around 'money' gives She, deposited, at, the."""
    sentence = "She deposited money at the bank .".split()
    vocab = sorted(set(sentence))
    C = cooccurrence_counts([sentence], 2, vocab)
    row = dict(zip(vocab, C[vocab.index("money")]))
    assert {w for w, c in row.items() if c} == {"She", "deposited", "at", "the"}
    np.testing.assert_array_equal(C, C.T)
    assert cooccurrence_counts([sentence], 2, vocab, "harmonic")[vocab.index("money"), vocab.index("She")] == 0.5


sentences = st.lists(st.lists(st.sampled_from("abcd"), min_size=1, max_size=7), min_size=1, max_size=4)


@given(sentences, st.integers(1, 3))
@settings(max_examples=40, deadline=None)
def test_cooccurrence_by_brute_force(sents, window):
    vocab = list("abcd")
    expected = np.zeros((4, 4))
    for s in sents:
        for i, a in enumerate(s):
            for j, b in enumerate(s):
                if i != j and abs(i - j) <= window:
                    expected[vocab.index(a), vocab.index(b)] += 1
    np.testing.assert_array_equal(cooccurrence_counts(sents, window, vocab), expected)


def test_pmi_from_probabilities_and_ppmi_clips():
    C = np.array([[4.0, 1.0, 0.0], [1.0, 2.0, 3.0], [0.0, 3.0, 1.0]])
    P = C / C.sum()
    with np.errstate(divide="ignore"):
        expected = np.log(P / np.outer(P.sum(axis=1), P.sum(axis=0)))
    np.testing.assert_allclose(pmi(C), expected, rtol=1e-13)
    assert pmi(C)[0, 2] == -np.inf
    M = ppmi(C)
    assert np.all(M >= 0) and M[0, 2] == 0.0
    np.testing.assert_allclose(M, np.maximum(expected, 0.0), rtol=1e-13)
    with pytest.raises(ValueError):
        pmi([[1.0, 0.0], [0.0, 0.0]])


def test_truncated_svd_matches_scipy():
    M = ppmi(rng.integers(1, 9, size=(7, 6)).astype(float))
    U, s, Vt = scipy.linalg.svd(M, full_matrices=False)
    for d in (1, 2, 4):
        svd = truncated_svd(M, d)
        np.testing.assert_allclose(svd.sigma, s[:d], rtol=1e-12)
        signs = np.sign(np.sum(svd.U * U[:, :d], axis=0))      # align scipy's arbitrary signs
        np.testing.assert_allclose(svd.embeddings(1.0), U[:, :d] * signs * s[:d], atol=1e-12)
        np.testing.assert_allclose(svd.embeddings(0.5), U[:, :d] * signs * np.sqrt(s[:d]), atol=1e-12)
        # Eckart–Young: the Frobenius error is the norm of the dropped singular values
        err = np.linalg.norm(M - svd.reconstruction())
        assert err == pytest.approx(np.sqrt((s[d:] ** 2).sum()), abs=1e-12)
    # U Σ reproduces the row geometry of M V: both give the same Gram matrix at full rank
    full = truncated_svd(M, min(M.shape))
    np.testing.assert_allclose(full.embeddings() @ full.embeddings().T, M @ M.T, atol=1e-12)
    with pytest.raises(ValueError):
        truncated_svd(M, 0)


def test_glove_weighting_function():
    np.testing.assert_allclose(glove_weight([1.0, 50.0, 100.0, 500.0], x_max=100, alpha=0.75),
                               [0.01 ** 0.75, 0.5 ** 0.75, 1.0, 1.0])


def test_glove_objective_matches_autograd_and_skips_zero_counts():
    n, d = 5, 3
    C = rng.integers(0, 6, size=(n, n)).astype(float)
    C[0, 1] = 0.0
    W, Wt, b, bt = rng.normal(size=(n, d)), rng.normal(size=(n, d)), rng.normal(size=n), rng.normal(size=n)
    step = glove_objective(W, Wt, b, bt, C, x_max=4.0, alpha=0.75)
    leaves = [leaf(a) for a in (W, Wt, b, bt)]
    W_t, Wt_t, b_t, bt_t = leaves
    C_t = torch.tensor(C)
    mask = C_t > 0
    f = torch.where(C_t < 4.0, (C_t / 4.0) ** 0.75, torch.ones_like(C_t))
    resid = W_t @ Wt_t.T + b_t[:, None] + bt_t[None, :] - torch.log(torch.where(mask, C_t, torch.ones_like(C_t)))
    loss = (f * resid ** 2)[mask].sum()
    loss.backward()
    assert step.loss == pytest.approx(loss.item(), rel=1e-12)
    for ours, ref in zip((step.grad_W, step.grad_W_tilde, step.grad_b, step.grad_b_tilde), leaves):
        np.testing.assert_allclose(ours, ref.grad.numpy(), rtol=1e-11, atol=1e-12)
    # pairs with zero count contribute nothing, however far their dot product is from anything
    assert glove_objective(100 * W, Wt, b, bt, np.zeros_like(C)).loss == 0.0


@given(sentences, st.integers(1, 3))
@settings(max_examples=40, deadline=None)
def test_one_sided_windows_by_brute_force(sents, window):
    """direction='left' counts only earlier words, 'right' only later ones; left + right = both."""
    vocab = list("abcd")
    left = np.zeros((4, 4))
    for s in sents:
        for i, a in enumerate(s):
            for j, b in enumerate(s):
                if 0 < i - j <= window:
                    left[vocab.index(a), vocab.index(b)] += 1
    got_left = cooccurrence_counts(sents, window, vocab, direction="left")
    got_right = cooccurrence_counts(sents, window, vocab, direction="right")
    np.testing.assert_array_equal(got_left, left)
    np.testing.assert_array_equal(got_right, left.T)
    np.testing.assert_array_equal(got_left + got_right, cooccurrence_counts(sents, window, vocab))


def test_unknown_direction_is_refused():
    with pytest.raises(ValueError, match="direction"):
        cooccurrence_counts([["a"]], 1, ["a"], direction="forward")
