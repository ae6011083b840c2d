"""Attention kernels against torch (scaled_dot_product_attention, autograd) and properties."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from kernels.attention import (AllKeysMaskedError, attend, causal_mask, masked_softmax, padding_mask,
                               read_gradients, scaled_dot_scores, self_attention)
from kernels.probability import cross_entropy, cross_entropy_grad, log_softmax, softmax

rng = np.random.default_rng(20261129)
finite = st.floats(-30, 30, allow_nan=False, allow_infinity=False)


def sdpa(q, K, V, mask=None):
    t = lambda a: torch.tensor(a, dtype=torch.float64)
    m = None if mask is None else torch.tensor(mask)
    return torch.nn.functional.scaled_dot_product_attention(t(q), t(K), t(V), attn_mask=m).numpy()


@pytest.mark.parametrize("n_q,n_k,d_k,d_v", [(1, 3, 2, 2), (4, 4, 8, 3), (5, 7, 16, 16)])
def test_scaled_attention_matches_torch_sdpa(n_q, n_k, d_k, d_v):
    q, K, V = rng.normal(size=(n_q, d_k)), rng.normal(size=(n_k, d_k)), rng.normal(size=(n_k, d_v))
    np.testing.assert_allclose(attend(q, K, V, scale=True).context, sdpa(q, K, V), rtol=0, atol=1e-12)


def test_causal_and_padding_masks_match_torch_sdpa():
    n, d = 5, 4
    X = rng.normal(size=(n, d))
    allowed = causal_mask(n)
    np.testing.assert_allclose(attend(X, X, X, scale=True, allowed=allowed).context,
                               sdpa(X, X, X, allowed), atol=1e-12)
    pad = padding_mask([3], n)[0]
    np.testing.assert_allclose(attend(X, X, X, scale=True, allowed=pad).context, sdpa(X, X, X, pad[None, :]),
                               atol=1e-12)


def test_self_attention_equals_projected_sdpa():
    X = rng.normal(size=(4, 3))
    Wq, Wk, Wv = (rng.normal(size=(3, 3)) for _ in range(3))
    out = self_attention(X, Wq, Wk, Wv, causal=True).context
    np.testing.assert_allclose(out, sdpa(X @ Wq, X @ Wk, X @ Wv, causal_mask(4)), atol=1e-12)


def test_a_row_with_every_key_masked_raises_or_is_declared_zero():
    scores = np.array([[1.0, 2.0], [3.0, 4.0]])
    allowed = np.array([[True, False], [False, False]])
    with pytest.raises(AllKeysMaskedError, match=r"\[\[1\]\]"):
        masked_softmax(scores, allowed)
    weights = masked_softmax(scores, allowed, empty_rows="zero")
    np.testing.assert_array_equal(weights, [[1.0, 0.0], [0.0, 0.0]])
    assert not np.isnan(weights).any()


def test_masked_weight_is_exactly_zero():
    w = masked_softmax(np.array([0.707, 0.0, 0.707]), np.array([True, False, False]))
    assert w.tolist() == [1.0, 0.0, 0.0]


@pytest.mark.parametrize("scale", [False, True])
def test_read_gradients_match_autograd(scale):
    q, K, V, g = rng.normal(size=3), rng.normal(size=(4, 3)), rng.normal(size=(4, 2)), rng.normal(size=2)
    tq, tK, tV = (torch.tensor(a, requires_grad=True) for a in (q, K, V))
    e = tK @ tq / (np.sqrt(3) if scale else 1.0)
    e.retain_grad()
    c = torch.softmax(e, dim=-1) @ tV
    (c @ torch.tensor(g)).backward()
    grads = read_gradients(q, K, V, g, scale=scale)
    np.testing.assert_allclose(grads.d_values, tV.grad.numpy(), atol=1e-13)
    np.testing.assert_allclose(grads.d_scores, e.grad.numpy(), atol=1e-13)
    np.testing.assert_allclose(grads.d_query, tq.grad.numpy(), atol=1e-13)
    np.testing.assert_allclose(grads.d_keys, tK.grad.numpy(), atol=1e-13)


def test_cross_entropy_and_gradient_match_torch():
    z, y = rng.normal(size=5), 2
    tz = torch.tensor(z, requires_grad=True)
    loss = torch.nn.functional.cross_entropy(tz[None, :], torch.tensor([y]))
    loss.backward()
    assert cross_entropy(z, y) == pytest.approx(loss.item(), abs=1e-14)
    np.testing.assert_allclose(cross_entropy_grad(z, y), tz.grad.numpy(), atol=1e-14)
    np.testing.assert_allclose(log_softmax(z), torch.log_softmax(torch.tensor(z), -1).numpy(), atol=1e-14)


@settings(max_examples=60, deadline=None)
@given(arrays(np.float64, st.integers(1, 8), elements=finite), finite)
def test_softmax_is_shift_invariant(z, c):
    np.testing.assert_allclose(softmax(z), softmax(z + c), atol=1e-12)
    assert softmax(z).sum() == pytest.approx(1.0)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6), st.randoms(use_true_random=False))
def test_attention_without_positions_is_permutation_equivariant(n, random):
    X = rng.normal(size=(n, 3))
    W = [rng.normal(size=(3, 3)) for _ in range(3)]
    perm = list(range(n))
    random.shuffle(perm)
    out = self_attention(X, *W).context
    np.testing.assert_allclose(self_attention(X[perm], *W).context, out[perm], atol=1e-12)


def test_scaling_divides_by_sqrt_dk():
    q, K = np.ones(4), np.ones((2, 4))
    np.testing.assert_allclose(scaled_dot_scores(q, K), [2.0, 2.0])
