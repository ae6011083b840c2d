"""Logistic regression for two classes: score, sigmoid probability, binary cross-entropy, one SGD step.

Conventions (primer §4, Jurafsky & Martin, SLP3 draft, Ch. 4 "Logistic Regression and Text
Classification"): the label y is 1 for the positive class and 0 for the negative one; the
model's probability of the positive class is p = sigma(w . x + b); the loss of one example is
L = -[y ln p + (1 - y) ln(1 - p)] (natural log); its gradient is dL/dw = (p - y) x and
dL/db = p - y. A batch's loss and gradient are the means over its examples. `bias=None` means
the model has no bias term at all (the primer's worked example), not a bias fixed at zero that
would still receive a gradient.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.embeddings import log_sigmoid, sigmoid


def _features(x) -> np.ndarray:
    """Features as a (n, d) float64 array: a scalar is one example with one feature, a vector
    of shape (d,) is one example, a matrix is a batch of n examples."""
    a = np.asarray(x, dtype=np.float64)
    if a.ndim == 0:
        return a.reshape(1, 1)
    if a.ndim == 1:
        return a[None, :]
    if a.ndim == 2:
        return a
    raise ValueError(f"features must be a scalar, a vector or a (n, d) matrix, got shape {a.shape}")


def _labels(y, n: int) -> np.ndarray:
    t = np.atleast_1d(np.asarray(y, dtype=np.float64))
    if t.shape != (n,):
        raise ValueError(f"need one label per example: {n} examples, labels of shape {t.shape}")
    if np.any((t != 0.0) & (t != 1.0)):
        raise ValueError(f"labels must be 0 or 1, got {t.tolist()}")
    return t


def _weights(w, d: int) -> np.ndarray:
    v = np.atleast_1d(np.asarray(w, dtype=np.float64))
    if v.shape != (d,):
        raise ValueError(f"need one weight per feature: {d} features, weights of shape {v.shape}")
    return v


def logistic_score(w, x, bias: float | None = None) -> np.ndarray:
    """z = w . x (+ b): one score per example (shape (n,)); scalars and vectors count as one example."""
    X = _features(x)
    z = X @ _weights(w, X.shape[1])
    return z if bias is None else z + float(bias)


def logistic_probability(w, x, bias: float | None = None) -> np.ndarray:
    """p = sigma(w . x + b): the probability of the positive class (label 1), one per example."""
    return sigmoid(logistic_score(w, x, bias))


def binary_cross_entropy(p, y) -> np.ndarray:
    """-[y ln p + (1 - y) ln(1 - p)] elementwise, natural log.

    With y = 1 this is -ln p (the loss of the primer's table); with y = 0 it is -ln(1 - p).
    p must lie in [0, 1]; a probability of 0 on the true class gives an infinite loss (torch's
    binary_cross_entropy clamps each log at -100 instead; the values agree everywhere else).
    """
    q = np.asarray(p, dtype=np.float64)
    t = np.asarray(y, dtype=np.float64)
    if np.any((q < 0.0) | (q > 1.0)):
        raise ValueError("probabilities must lie in [0, 1]")
    if np.any((t != 0.0) & (t != 1.0)):
        raise ValueError("labels must be 0 or 1")
    with np.errstate(divide="ignore"):
        # only the log of the true class's probability is taken, so 0 * ln 0 never appears
        return -np.where(t == 1.0, np.log(q), np.log1p(-q))


def binary_cross_entropy_with_logits(z, y) -> np.ndarray:
    """The same loss from the score z (p = sigma(z)) without forming p: -[y ln sigma(z) + (1 - y) ln sigma(-z)].

    Stays finite and accurate for large |z|, where 1 - sigma(z) would round to 0.
    """
    s = np.asarray(z, dtype=np.float64)
    t = np.asarray(y, dtype=np.float64)
    return -(t * log_sigmoid(s) + (1.0 - t) * log_sigmoid(-s))


@dataclass(frozen=True)
class LossAndGradient:
    loss: float                 # mean binary cross-entropy over the examples
    grad_w: np.ndarray          # mean of (p - y) x, shape (d,)
    grad_bias: float | None     # mean of (p - y); None for a model without bias
    prob: np.ndarray            # p for every example, shape (n,)


def logistic_loss_and_gradient(w, x, y, bias: float | None = None) -> LossAndGradient:
    """Mean binary cross-entropy of a batch and its gradient: dL/dw = mean((p - y) x), dL/db = mean(p - y).

    The sigmoid's derivative p(1 - p) cancels against the loss's 1/p and 1/(1 - p), which is why
    the error p - y appears alone (SLP3 Ch. 4, the gradient of the cross-entropy loss).
    """
    X = _features(x)
    t = _labels(y, X.shape[0])
    z = logistic_score(w, X, bias)
    p = sigmoid(z)
    error = p - t
    grad_w = (error[:, None] * X).mean(axis=0)
    grad_b = None if bias is None else float(error.mean())
    loss = float(binary_cross_entropy_with_logits(z, t).mean())
    return LossAndGradient(loss, grad_w, grad_b, p)


def sgd_update(params, grad, lr: float) -> np.ndarray:
    """theta <- theta - lr * grad: one step against the gradient (lr > 0)."""
    if not lr > 0:
        raise ValueError(f"the learning rate must be positive, got {lr}")
    return np.asarray(params, dtype=np.float64) - float(lr) * np.asarray(grad, dtype=np.float64)


@dataclass(frozen=True)
class LogisticStep:
    before: LossAndGradient     # loss, gradient and probabilities at the old parameters
    new_w: np.ndarray
    new_bias: float | None
    after: LossAndGradient      # the same quantities recomputed at the new parameters


def logistic_sgd_step(w, x, y, lr: float, bias: float | None = None) -> LogisticStep:
    """Predict, measure the loss, take one gradient step on w (and b), then predict again.

    One example gives plain SGD; a batch gives one step on the mean loss.
    """
    before = logistic_loss_and_gradient(w, x, y, bias)
    new_w = sgd_update(_weights(w, _features(x).shape[1]), before.grad_w, lr)
    new_b = None if bias is None else float(sgd_update(bias, before.grad_bias, lr))
    return LogisticStep(before, new_w, new_b, logistic_loss_and_gradient(new_w, x, y, new_b))
