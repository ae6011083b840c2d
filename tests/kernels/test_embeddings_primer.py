"""The primer §6–§7 additions to kernels.embeddings against torch and brute-force references."""
import itertools

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.embeddings import (cbow_examples, embedding_lookup, mean_pool, negative_sampling,
                                negative_sampling_from_scores, one_hot, one_hot_lookup, pooled_logistic,
                                sgd_step, sigmoid, skipgram_pairs)

rng = np.random.default_rng(67)
F = torch.nn.functional


def test_lookup_matches_torch_embedding_and_one_hot_product():
    table = rng.normal(size=(9, 4))
    ids = [3, 0, 8, 3]
    ref = F.embedding(torch.tensor(ids), torch.tensor(table)).numpy()
    np.testing.assert_array_equal(embedding_lookup(table, ids), ref)
    np.testing.assert_array_equal(one_hot_lookup(table, ids), ref)
    np.testing.assert_array_equal(one_hot(ids, 9), F.one_hot(torch.tensor(ids), 9).numpy())
    np.testing.assert_array_equal(one_hot(2, 5), [0, 0, 1, 0, 0])
    assert embedding_lookup(np.zeros((100, 7)), list(range(20))).shape == (20, 7)
    with pytest.raises(IndexError):
        embedding_lookup(table, [9])
    with pytest.raises(ValueError):
        embedding_lookup(table, [1.5])


def test_mean_pool_ignores_order():
    X = rng.normal(size=(5, 3))
    np.testing.assert_allclose(mean_pool(X), torch.tensor(X).mean(dim=0).numpy(), rtol=1e-15)
    for perm in itertools.permutations(range(5)):
        np.testing.assert_allclose(mean_pool(X[list(perm)]), mean_pool(X), rtol=1e-14)
    with pytest.raises(ValueError):
        mean_pool(np.zeros((0, 3)))


def test_pooled_logistic_matches_torch():
    table, w, b = rng.normal(size=(6, 3)), rng.normal(size=3), 0.3
    out = pooled_logistic(table, [1, 4, 4], w, b)
    x = F.embedding(torch.tensor([1, 4, 4]), torch.tensor(table)).mean(dim=0)
    z = torch.tensor(w) @ x + b
    assert out.score == pytest.approx(z.item(), rel=1e-14)
    assert out.prob == pytest.approx(torch.sigmoid(z).item(), rel=1e-14)


def test_sgd_step_matches_torch_optimizer():
    p, g = rng.normal(size=(2, 3)), rng.normal(size=(2, 3))
    t = torch.tensor(p, requires_grad=True)
    t.grad = torch.tensor(g)
    torch.optim.SGD([t], lr=0.1).step()
    np.testing.assert_allclose(sgd_step(p, g, 0.1), t.detach().numpy(), rtol=1e-15)


def test_primer_windows():
    tokens = "我 喜欢 看 电影".split()
    assert (["喜欢", "电影"], "看") in cbow_examples(tokens, 1)
    assert [p for p in skipgram_pairs(tokens, 1) if p[0] == "看"] == [("看", "喜欢"), ("看", "电影")]


@given(st.lists(st.sampled_from("abcde"), min_size=0, max_size=8), st.integers(1, 3))
@settings(max_examples=60, deadline=None)
def test_windows_by_brute_force(tokens, window):
    pairs = [(tokens[i], tokens[j]) for i in range(len(tokens)) for j in range(len(tokens))
             if i != j and abs(i - j) <= window]
    assert skipgram_pairs(tokens, window) == pairs
    assert sum(len(c) for c, _ in cbow_examples(tokens, window)) == len(pairs)
    assert all(len(c) > 0 for c, _ in cbow_examples(tokens, window))


def test_negative_sampling_from_scores_matches_vectors_and_torch():
    v, u, N = rng.normal(size=4), rng.normal(size=4), rng.normal(size=(3, 4))
    s_o, s_n = u @ v, N @ v
    out = negative_sampling_from_scores(s_o, s_n)
    assert out.loss == pytest.approx(negative_sampling(v, u, N).loss, rel=1e-13)
    logits = torch.tensor(np.concatenate([[s_o], s_n]))
    labels = torch.tensor([1.0, 0.0, 0.0, 0.0], dtype=torch.float64)
    ref = F.binary_cross_entropy_with_logits(logits, labels, reduction="sum")
    assert out.loss == pytest.approx(ref.item(), rel=1e-13)
    assert out.p_data == pytest.approx(sigmoid(s_o))
    np.testing.assert_allclose(out.p_noise, 1 - sigmoid(s_n), rtol=1e-12)


def test_pooled_logistic_step_matches_autograd():
    from kernels.embeddings import pooled_logistic_step
    table, w, b = rng.normal(size=(6, 3)), rng.normal(size=3), -0.2
    ids = [1, 4, 4, 0]
    for label in (0, 1):
        step = pooled_logistic_step(table, ids, w, b, label)
        E_t, w_t = torch.tensor(table, requires_grad=True), torch.tensor(w, requires_grad=True)
        b_t = torch.tensor(b, dtype=torch.float64, requires_grad=True)
        z = w_t @ F.embedding(torch.tensor(ids), E_t).mean(dim=0) + b_t
        loss = F.binary_cross_entropy_with_logits(z, torch.tensor(float(label), dtype=torch.float64))
        loss.backward()
        assert step.loss == pytest.approx(loss.item(), rel=1e-13)
        np.testing.assert_allclose(step.grad_table, E_t.grad.numpy(), rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(step.grad_w, w_t.grad.numpy(), rtol=1e-12)
        assert step.grad_b == pytest.approx(b_t.grad.item(), rel=1e-12)
        assert not step.grad_table[[2, 3, 5]].any()   # rows never looked up get no gradient
