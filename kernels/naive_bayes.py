"""Naive Bayes text classification: Bayes' rule over classes, and the multinomial event model.

The primer's appendix A.1 applies Bayes' rule once: one observed word, two classes, given
priors and given word probabilities. `bayes_posterior` is that step. The multinomial model
(`fit_multinomial_nb`, `joint_log_likelihood`, `predict_proba`) is the "naive" many-word
version: given the class, each token is drawn independently from the class's word
distribution, so log p(c) + sum_j count_j log p(w_j | c) scores a document (Jurafsky & Martin,
SLP Appendix B; scikit-learn's MultinomialNB uses the same estimates).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.probability import log_softmax


@dataclass(frozen=True)
class Posterior:
    joint: np.ndarray       # prior(c) * p(evidence | c): the unnormalized class scores
    evidence: float         # their sum, p(evidence)
    posterior: np.ndarray   # joint / evidence: p(c | evidence)


def bayes_posterior(priors, likelihoods) -> Posterior:
    """p(c | x) = p(c) p(x | c) / sum_c' p(c') p(x | c') for one observation x.

    `priors` must be a distribution over the classes; `likelihoods[c]` is p(x | c) for the
    observed x (it need not sum to one over classes).
    """
    prior = np.asarray(priors, dtype=np.float64)
    like = np.asarray(likelihoods, dtype=np.float64)
    if prior.shape != like.shape or prior.ndim != 1:
        raise ValueError(f"need one prior and one likelihood per class, got {prior.shape} and {like.shape}")
    if np.any(prior < 0) or not np.isclose(prior.sum(), 1.0):
        raise ValueError(f"priors must be non-negative and sum to one, got {prior.tolist()}")
    if np.any(like < 0) or np.any(like > 1):
        raise ValueError(f"likelihoods must lie in [0, 1], got {like.tolist()}")
    joint = prior * like
    total = float(joint.sum())
    if total == 0.0:
        raise ValueError("every class gives the observation probability 0: the posterior is undefined")
    return Posterior(joint, total, joint / total)


@dataclass(frozen=True)
class MultinomialNB:
    classes: np.ndarray          # class labels, sorted (row order of the tables below)
    class_log_prior: np.ndarray  # log p(c) = log (documents of c / documents)
    feature_counts: np.ndarray   # (classes, vocabulary): token counts summed over each class's documents
    feature_log_prob: np.ndarray # log p(w | c) = log ((N_cw + alpha) / (N_c + alpha V))
    alpha: float


def fit_multinomial_nb(counts, labels, alpha: float = 1.0) -> MultinomialNB:
    """Estimate priors and add-alpha smoothed word probabilities from a document-term count matrix.

    alpha = 1 is add-one (Laplace) smoothing; alpha = 0 gives maximum-likelihood estimates,
    under which a word never seen with a class makes that class impossible (log 0 = -inf).
    """
    X = np.asarray(counts, dtype=np.float64)
    y = np.asarray(labels)
    if X.ndim != 2 or len(X) != len(y):
        raise ValueError(f"need a (documents, vocabulary) count matrix and one label per row, got {X.shape}, {y.shape}")
    if np.any(X < 0):
        raise ValueError("counts must be non-negative")
    if alpha < 0:
        raise ValueError(f"alpha must be >= 0, got {alpha}")
    classes = np.unique(y)
    N = np.stack([X[y == c].sum(axis=0) for c in classes])
    docs = np.array([np.sum(y == c) for c in classes], dtype=np.float64)
    smoothed = N + alpha
    with np.errstate(divide="ignore"):
        feature_log_prob = np.log(smoothed) - np.log(smoothed.sum(axis=1, keepdims=True))
    return MultinomialNB(classes, np.log(docs / docs.sum()), N, feature_log_prob, float(alpha))


def joint_log_likelihood(model: MultinomialNB, counts) -> np.ndarray:
    """log p(c) + sum_w count_w log p(w | c) for every document (rows) and class (columns).

    The sum over words is where the conditional-independence ("naive") assumption enters.
    Words with count 0 contribute nothing, even where log p(w | c) = -inf.
    """
    X = np.atleast_2d(np.asarray(counts, dtype=np.float64))
    if X.shape[1] != model.feature_log_prob.shape[1]:
        raise ValueError(f"documents have {X.shape[1]} columns, the model {model.feature_log_prob.shape[1]}")
    logp = np.where(X[:, None, :] > 0, model.feature_log_prob[None, :, :], 0.0)
    return model.class_log_prior + np.einsum("dw,dcw->dc", X, logp)


def predict_proba(model: MultinomialNB, counts) -> np.ndarray:
    """p(c | document): the joint log-likelihoods normalized over classes (a log-space softmax)."""
    return np.exp(log_softmax(joint_log_likelihood(model, counts), axis=-1))


def predict(model: MultinomialNB, counts) -> np.ndarray:
    """The class with the largest joint log-likelihood (ties: the first class in sorted order)."""
    return model.classes[np.argmax(joint_log_likelihood(model, counts), axis=-1)]
