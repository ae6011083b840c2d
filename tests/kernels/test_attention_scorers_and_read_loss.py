"""Tests for the kernels added for lecture §3.4 and §3.7: the linear scorer, the vocabulary-head
upstream gradient and the torch-autograd reference for one read plus a vocabulary head."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from kernels.attention import (
    attend,
    linear_scores,
    linearized_additive_coefficients,
    read_gradients,
    read_loss_autograd,
    vocab_head_upstream,
)
from kernels.probability import cross_entropy, softmax

finite = st.floats(-3, 3, allow_nan=False, allow_infinity=False)


def vec(n):
    return arrays(np.float64, (n,), elements=finite)


def mat(r, c):
    return arrays(np.float64, (r, c), elements=finite)


@settings(max_examples=50, deadline=None)
@given(q1=vec(3), q2=vec(3), K=mat(4, 3), a=vec(3), b=vec(3))
def test_linear_scorer_weights_do_not_depend_on_the_query(q1, q2, K, a, b):
    np.testing.assert_allclose(softmax(linear_scores(q1, K, a, b)), softmax(linear_scores(q2, K, a, b)),
                               atol=1e-12)


@settings(max_examples=30, deadline=None)
@given(q=vec(2), K=mat(3, 2), W_q=mat(4, 2), W_k=mat(4, 2), v_a=vec(4))
def test_linearized_coefficients_match_the_additive_form_without_tanh(q, K, W_q, W_k, v_a):
    a, b = linearized_additive_coefficients(W_q, W_k, v_a)
    # independent reference in torch: v_a^T (W_q q + W_k k_j), no nonlinearity
    t = lambda x: torch.tensor(x, dtype=torch.float64)
    reference = ((t(W_q) @ t(q))[None, :] + t(K) @ t(W_k).T) @ t(v_a)
    np.testing.assert_allclose(linear_scores(q, K, a, b), reference.numpy(), atol=1e-10)


def test_linear_scorer_known_values():
    K = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    np.testing.assert_array_equal(linear_scores([1.0, 0.0], K, [1.0, 3.0], [1.0, 1.0]), [2.0, 2.0, 3.0])
    np.testing.assert_array_equal(linear_scores([0.0, 1.0], K, [1.0, 3.0], [1.0, 1.0]), [4.0, 4.0, 5.0])


@settings(max_examples=30, deadline=None)
@given(c=vec(3), head=mat(3, 5), target=st.integers(0, 4))
def test_vocab_head_upstream_matches_torch(c, head, target):
    c_t = torch.tensor(c, dtype=torch.float64, requires_grad=True)
    loss = -torch.log_softmax(c_t @ torch.tensor(head, dtype=torch.float64), dim=-1)[target]
    loss.backward()
    np.testing.assert_allclose(vocab_head_upstream(c, head, target), c_t.grad.numpy(), atol=1e-12)


def _numeric_grad(f, x, h=1e-6):
    """Central finite differences, entry by entry: an independent reference for autograd."""
    x = np.array(x, dtype=np.float64)
    grad = np.zeros_like(x)
    for idx in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[idx] += h
        down[idx] -= h
        grad[idx] = (f(up) - f(down)) / (2 * h)
    return grad


@pytest.mark.parametrize("scale", [False, True])
def test_read_loss_autograd_matches_finite_differences(scale):
    rng = np.random.default_rng(0)
    q, K, V, head = rng.normal(size=3), rng.normal(size=(4, 3)), rng.normal(size=(4, 2)), rng.normal(size=(2, 5))
    target = 3

    def loss(q_, K_, V_):
        return cross_entropy(attend(q_, K_, V_, scale=scale).context @ head, target)

    auto = read_loss_autograd(q, K, V, head, target, scale=scale)
    assert auto.loss == pytest.approx(loss(q, K, V), abs=1e-12)
    np.testing.assert_allclose(auto.d_query, _numeric_grad(lambda x: loss(x, K, V), q), atol=1e-7)
    np.testing.assert_allclose(auto.d_keys, _numeric_grad(lambda x: loss(q, x, V), K), atol=1e-7)
    np.testing.assert_allclose(auto.d_values, _numeric_grad(lambda x: loss(q, K, x), V), atol=1e-7)


@settings(max_examples=30, deadline=None)
@given(q=vec(2), K=mat(3, 2), V=mat(3, 2), head=mat(2, 3), target=st.integers(0, 2), scale=st.booleans())
def test_closed_form_read_gradients_agree_with_autograd(q, K, V, head, target, scale):
    read = attend(q, K, V, scale=scale)
    g = vocab_head_upstream(read.context, head, target)
    closed = read_gradients(q, K, V, g, scale=scale)
    auto = read_loss_autograd(q, K, V, head, target, scale=scale)
    np.testing.assert_allclose(g, auto.d_context, atol=1e-10)
    np.testing.assert_allclose(closed.d_scores, auto.d_scores, atol=1e-10)
    np.testing.assert_allclose(closed.d_query, auto.d_query, atol=1e-10)
    np.testing.assert_allclose(closed.d_keys, auto.d_keys, atol=1e-10)
    np.testing.assert_allclose(closed.d_values, auto.d_values, atol=1e-10)
