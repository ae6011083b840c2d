"""kernels.linear_models against torch autograd, torch.nn.functional.binary_cross_entropy and primer §4."""
import math

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.linear_models import (binary_cross_entropy, binary_cross_entropy_with_logits, logistic_loss_and_gradient,
                                   logistic_probability, logistic_score, logistic_sgd_step, sgd_update)

rng = np.random.default_rng(404)


def test_primer_worked_step():
    """Primer §4.1–§4.3: x = 1, y = 1, w = 0, no bias, lr = 0.2."""
    step = logistic_sgd_step(0.0, 1.0, 1.0, lr=0.2)
    assert step.before.prob[0] == 0.5
    assert round(step.before.loss, 3) == 0.693
    np.testing.assert_allclose(step.before.grad_w, [-0.5])
    assert step.before.grad_bias is None and step.new_bias is None
    np.testing.assert_allclose(step.new_w, [0.1])
    assert round(float(step.after.prob[0]), 3) == 0.525
    assert round(step.after.loss, 3) == 0.644


def test_primer_loss_table_and_flipped_label():
    """Primer §4.2 table (y = 1) and the §4.4 exercise (same input, label 0)."""
    np.testing.assert_allclose(np.round(binary_cross_entropy([0.1, 0.5, 0.9], 1), 3), [2.303, 0.693, 0.105])
    flipped = logistic_sgd_step(0.0, 1.0, 0.0, lr=0.2)
    np.testing.assert_allclose(flipped.before.grad_w, [0.5])
    np.testing.assert_allclose(flipped.new_w, [-0.1])


def test_bce_matches_torch():
    p = rng.uniform(0.01, 0.99, size=20)
    y = rng.integers(0, 2, size=20).astype(float)
    ref = F.binary_cross_entropy(torch.tensor(p), torch.tensor(y), reduction="none").numpy()
    np.testing.assert_allclose(binary_cross_entropy(p, y), ref, rtol=1e-13)
    z = rng.normal(scale=5.0, size=20)
    ref_logits = F.binary_cross_entropy_with_logits(torch.tensor(z), torch.tensor(y), reduction="none").numpy()
    np.testing.assert_allclose(binary_cross_entropy_with_logits(z, y), ref_logits, rtol=1e-12, atol=1e-15)


def test_bce_edges():
    assert binary_cross_entropy(1.0, 1) == 0.0
    assert binary_cross_entropy(0.0, 0) == 0.0
    assert math.isinf(binary_cross_entropy(0.0, 1))
    assert binary_cross_entropy_with_logits(-800.0, 0.0) == 0.0      # no overflow, no nan
    with pytest.raises(ValueError):
        binary_cross_entropy(1.2, 1)
    with pytest.raises(ValueError):
        binary_cross_entropy(0.3, 0.5)


@pytest.mark.parametrize("with_bias", [False, True])
def test_loss_and_gradient_match_autograd(with_bias):
    n, d = 7, 4
    X, w = rng.normal(size=(n, d)), rng.normal(size=d)
    y = rng.integers(0, 2, size=n).astype(float)
    b = 0.3 if with_bias else None
    got = logistic_loss_and_gradient(w, X, y, b)
    w_t = torch.tensor(w, requires_grad=True)
    b_t = torch.tensor(0.3, dtype=torch.float64, requires_grad=True)
    z = torch.tensor(X) @ w_t + (b_t if with_bias else 0.0)
    loss = F.binary_cross_entropy(torch.sigmoid(z), torch.tensor(y))
    loss.backward()
    assert got.loss == pytest.approx(loss.item(), rel=1e-12)
    np.testing.assert_allclose(got.grad_w, w_t.grad.numpy(), rtol=1e-10, atol=1e-14)
    if with_bias:
        assert got.grad_bias == pytest.approx(b_t.grad.item(), rel=1e-10)
    else:
        assert got.grad_bias is None
    np.testing.assert_allclose(got.prob, torch.sigmoid(z).detach().numpy(), rtol=1e-13)


def test_score_and_probability_shapes():
    assert logistic_score([1.0, 2.0], [3.0, 4.0]).tolist() == [11.0]
    assert logistic_score([1.0, 2.0], [[3.0, 4.0], [0.0, 1.0]], bias=1.0).tolist() == [12.0, 3.0]
    np.testing.assert_allclose(logistic_probability(0.0, 5.0), [0.5])
    with pytest.raises(ValueError):
        logistic_score([1.0, 2.0], [1.0, 2.0, 3.0])


def test_sgd_step_matches_torch_optimizer():
    X, y, w = rng.normal(size=(5, 3)), np.array([1.0, 0.0, 1.0, 1.0, 0.0]), rng.normal(size=3)
    step = logistic_sgd_step(w, X, y, lr=0.5, bias=-0.2)
    w_t = torch.tensor(w, requires_grad=True)
    b_t = torch.tensor(-0.2, dtype=torch.float64, requires_grad=True)
    opt = torch.optim.SGD([w_t, b_t], lr=0.5)
    F.binary_cross_entropy_with_logits(torch.tensor(X) @ w_t + b_t, torch.tensor(y)).backward()
    opt.step()
    np.testing.assert_allclose(step.new_w, w_t.detach().numpy(), rtol=1e-12)
    assert step.new_bias == pytest.approx(b_t.item(), rel=1e-12)
    with pytest.raises(ValueError):
        sgd_update([1.0], [1.0], lr=0.0)


@settings(max_examples=60, deadline=None)
@given(w=st.floats(-5, 5), x=st.floats(-3, 3).filter(lambda v: abs(v) > 1e-3), y=st.sampled_from([0.0, 1.0]),
       lr=st.floats(1e-3, 0.5))
def test_single_example_step_never_raises_the_loss(w, x, y, lr):
    """The one-example loss has curvature p(1 - p) x^2 <= x^2 / 4 <= 9/4 here, so any step with
    lr < 2 / (9/4) (the descent lemma) cannot raise it; lr <= 0.5 stays well inside."""
    step = logistic_sgd_step(w, x, y, lr)
    assert step.after.loss <= step.before.loss + 1e-12
