"""kernels.naive_bayes against scikit-learn's MultinomialNB and primer appendix A.1."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.naive_bayes import MultinomialNB as SkMultinomialNB

from kernels.naive_bayes import (bayes_posterior, fit_multinomial_nb, joint_log_likelihood, predict,
                                 predict_proba)

rng = np.random.default_rng(26)


def test_primer_one_word_posterior():
    """Primer A.1: priors 0.5/0.5, p(精彩|好评) = 0.4, p(精彩|差评) = 0.02 -> 0.2, 0.01, 0.952."""
    post = bayes_posterior([0.5, 0.5], [0.4, 0.02])
    np.testing.assert_allclose(post.joint, [0.2, 0.01])
    assert round(float(post.posterior[0]), 3) == 0.952
    np.testing.assert_allclose(post.posterior.sum(), 1.0)


def test_one_word_posterior_is_the_multinomial_model_on_a_one_token_document():
    """With one token the multinomial model reduces to bayes_posterior on that word's probabilities."""
    X = rng.integers(0, 5, size=(12, 6))
    y = np.array([0, 1] * 6)
    model = fit_multinomial_nb(X, y, alpha=1.0)
    doc = np.zeros(6)
    doc[3] = 1
    expected = bayes_posterior(np.exp(model.class_log_prior), np.exp(model.feature_log_prob[:, 3])).posterior
    np.testing.assert_allclose(predict_proba(model, doc)[0], expected, rtol=1e-12)


@given(st.integers(2, 4), st.integers(1, 8), st.floats(0.1, 3.0), st.integers(0, 10_000))
@settings(max_examples=40, deadline=None)
def test_matches_sklearn_multinomialnb(n_classes, vocab, alpha, seed):
    r = np.random.default_rng(seed)
    y = np.concatenate([np.arange(n_classes), r.integers(0, n_classes, size=10)])
    X = r.integers(0, 4, size=(len(y), vocab))
    ours = fit_multinomial_nb(X, y, alpha=alpha)
    ref = SkMultinomialNB(alpha=alpha, force_alpha=True).fit(X, y)
    np.testing.assert_array_equal(ours.classes, ref.classes_)
    np.testing.assert_allclose(ours.class_log_prior, ref.class_log_prior_, rtol=1e-12)
    np.testing.assert_allclose(ours.feature_counts, ref.feature_count_)
    np.testing.assert_allclose(ours.feature_log_prob, ref.feature_log_prob_, rtol=1e-12)
    test = r.integers(0, 4, size=(5, vocab))
    np.testing.assert_allclose(joint_log_likelihood(ours, test), ref.predict_joint_log_proba(test), rtol=1e-10)
    np.testing.assert_allclose(predict_proba(ours, test), ref.predict_proba(test), rtol=1e-9, atol=1e-12)
    np.testing.assert_array_equal(predict(ours, test), ref.predict(test))


def test_unsmoothed_unseen_word_rules_a_class_out_and_bad_input_raises():
    X = np.array([[2, 0], [0, 3]])
    model = fit_multinomial_nb(X, ["好评", "差评"], alpha=0.0)
    p = predict_proba(model, [1, 0])[0]
    assert p[list(model.classes).index("好评")] == 1.0
    with pytest.raises(ValueError):
        bayes_posterior([0.6, 0.6], [0.1, 0.1])
    with pytest.raises(ValueError):
        bayes_posterior([0.5, 0.5], [0.0, 0.0])
    with pytest.raises(ValueError):
        fit_multinomial_nb([[1, -1]], [0])
    with pytest.raises(ValueError):
        joint_log_likelihood(model, [1, 0, 0])
