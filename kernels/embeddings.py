"""Static word vectors: word2vec objectives, count-based PPMI + SVD, and the GloVe objective.

Vectors are rows. A center (input) table and a context (output) table are separate parameters,
as in the course (lecture §1.5): v_c is a row of the center table, u_w a row of the context
table, and a score is the dot product u_w . v_c. All logs are natural.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.arrays import float_array

from kernels.probability import log_softmax, softmax


@dataclass(frozen=True)
class SoftmaxStep:
    loss: float             # -log p(target | input)
    probs: np.ndarray       # p(w | input) over the whole output vocabulary
    grad_input: np.ndarray  # dL/d(input vector): v_c for skip-gram, the context mean for CBOW
    grad_output: np.ndarray  # dL/dU, same shape as the output table


def full_softmax_step(h, U, target: int) -> SoftmaxStep:
    """L = -u_target . h + log sum_w exp(u_w . h) and its gradients.

    dL/dh = sum_w p(w) u_w - u_target; dL/dU = (p - onehot(target)) h^T.
    """
    h = np.asarray(h, dtype=np.float64)
    U = float_array(U, "U", ndim=2)
    scores = U @ h
    probs = softmax(scores)
    error = probs.copy()
    error[target] -= 1.0
    return SoftmaxStep(float(-log_softmax(scores)[target]), probs, U.T @ error, np.outer(error, h))


def skipgram_softmax(v_center, U, context: int) -> SoftmaxStep:
    """Skip-gram with a full softmax over the context table: one (center, context) pair.

    grad_input is dL/dv_c = sum_w p(w|c) u_w - u_o (lecture §1.5).
    """
    return full_softmax_step(v_center, U, context)


@dataclass(frozen=True)
class CbowStep:
    loss: float
    probs: np.ndarray
    hidden: np.ndarray          # mean of the context input vectors
    grad_hidden: np.ndarray     # dL/d(mean)
    grad_contexts: np.ndarray   # dL/d(each context input vector) = grad_hidden / n, one row each
    grad_output: np.ndarray     # dL/dU


def cbow_softmax(context_vectors, U, center: int) -> CbowStep:
    """CBOW: average the context input vectors, score every output row, softmax, -log p(center).

    The mean splits its gradient equally: each of the n context vectors receives dL/dh / n
    (primer §7.4: [-0.425, -0.425] becomes [-0.212, -0.212] for each of two words).
    """
    contexts = float_array(context_vectors, "context_vectors", ndim=2)
    hidden = contexts.mean(axis=0)
    step = full_softmax_step(hidden, U, center)
    share = np.repeat(step.grad_input[None, :] / len(contexts), len(contexts), axis=0)
    return CbowStep(step.loss, step.probs, hidden, step.grad_input, share, step.grad_output)


def log_sigmoid(x) -> np.ndarray:
    """log sigma(x) = -log(1 + exp(-x)), computed without overflow for large |x|."""
    return -np.logaddexp(0.0, -np.asarray(x, dtype=np.float64))


def sigmoid(x) -> np.ndarray:
    """1 / (1 + exp(-x)) as exp(log sigma(x)): exact 0 and 1 at -inf and +inf, no overflow warning."""
    return np.exp(log_sigmoid(x))


@dataclass(frozen=True)
class NegativeSamplingStep:
    loss: float
    grad_center: np.ndarray     # dL/dv_c
    grad_positive: np.ndarray   # dL/du_o
    grad_negatives: np.ndarray  # dL/du_{n_j}, one row per negative sample


def negative_sampling(v_center, u_positive, U_negative) -> NegativeSamplingStep:
    """L = -log sigma(u_o . v_c) - sum_j log sigma(-u_{n_j} . v_c) (Mikolov et al. 2013b, §2.2).

    It separates the observed pair from K sampled pairs; a sigmoid here is not a normalized
    p(o | c). Gradients: dL/dv_c = (sigma(s_o) - 1) u_o + sum_j sigma(s_j) u_{n_j},
    dL/du_o = (sigma(s_o) - 1) v_c, dL/du_{n_j} = sigma(s_j) v_c.
    """
    v = np.asarray(v_center, dtype=np.float64)
    u_o = np.asarray(u_positive, dtype=np.float64)
    U_n = float_array(U_negative, "U_negative", ndim=2)
    s_o, s_n = u_o @ v, U_n @ v
    loss = float(-log_sigmoid(s_o) - log_sigmoid(-s_n).sum())
    pos_err = sigmoid(s_o) - 1.0
    neg_err = sigmoid(s_n)
    return NegativeSamplingStep(loss, pos_err * u_o + neg_err @ U_n, pos_err * v, np.outer(neg_err, v))


def noise_distribution(counts, power: float = 0.75) -> np.ndarray:
    """P_n(w) proportional to count(w)^power; word2vec uses power 3/4."""
    c = np.asarray(counts, dtype=np.float64) ** power
    return c / c.sum()


def cooccurrence_counts(sentences, window: int, vocabulary, weighting: str = "uniform",
                        direction: str = "both") -> np.ndarray:
    """C[i, j]: how often context word j appears within `window` positions of center word i.

    Windows stop at sentence boundaries. direction="both" counts both sides, so C is symmetric;
    "left" counts only the words before the center and "right" only those after it (then
    C_left is the transpose of C_right). weighting="uniform" adds 1 per pair; "harmonic" adds
    1/distance (the GloVe paper's choice, §4.2). Tokens outside the vocabulary are skipped but
    still occupy their position.
    """
    if window < 1:
        raise ValueError(f"window must be at least 1, got {window}")
    if weighting not in ("uniform", "harmonic"):
        raise ValueError(f"weighting must be 'uniform' or 'harmonic', not {weighting!r}")
    if direction not in ("both", "left", "right"):
        raise ValueError(f"direction must be 'both', 'left' or 'right', not {direction!r}")
    before = window if direction in ("both", "left") else 0
    after = window if direction in ("both", "right") else 0
    index = {w: i for i, w in enumerate(vocabulary)}
    C = np.zeros((len(index), len(index)))
    for sentence in sentences:
        for t, center in enumerate(sentence):
            if center not in index:
                continue
            for s in range(max(0, t - before), min(len(sentence), t + after + 1)):
                if s != t and sentence[s] in index:
                    C[index[center], index[sentence[s]]] += 1.0 if weighting == "uniform" else 1.0 / abs(s - t)
    return C


def pmi(C) -> np.ndarray:
    """PMI(i, j) = log P(i, j) / (P(i) P(j)), with every probability taken from the same counts.

    P(i, j) = C_ij / sum C, P(i) = row sum / sum C, P(j) = column sum / sum C. A zero count
    gives -inf (log 0), declared rather than hidden; rows or columns with no counts at all
    have no marginal and raise.
    """
    C = float_array(C, "C", ndim=2)
    if np.any(C < 0):
        raise ValueError("co-occurrence counts must be non-negative")
    total = C.sum()
    rows, cols = C.sum(axis=1), C.sum(axis=0)
    if total == 0 or np.any(rows == 0) or np.any(cols == 0):
        raise ValueError("every row and column needs at least one count for PMI to be defined")
    with np.errstate(divide="ignore"):
        return np.log(C * total) - np.log(rows)[:, None] - np.log(cols)[None, :]


def ppmi(C) -> np.ndarray:
    """max(0, PMI): negative associations and unseen pairs (PMI = -inf) both become 0."""
    return np.maximum(pmi(C), 0.0)


def _fix_signs(U: np.ndarray, Vt: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Make each left singular vector's largest-magnitude entry positive (SVD signs are arbitrary)."""
    pivots = np.argmax(np.abs(U), axis=0)
    signs = np.sign(U[pivots, np.arange(U.shape[1])])
    signs[signs == 0] = 1.0
    return U * signs, Vt * signs[:, None]


@dataclass(frozen=True)
class TruncatedSvd:
    U: np.ndarray       # (n, d) left singular vectors
    sigma: np.ndarray   # (d,) singular values, largest first
    Vt: np.ndarray      # (d, m)

    def embeddings(self, power: float = 1.0) -> np.ndarray:
        """U_d Sigma_d^power: power=1 gives U Sigma, power=0.5 gives U Sigma^{1/2} (lecture §1.14)."""
        return self.U * self.sigma ** power

    def reconstruction(self) -> np.ndarray:
        return (self.U * self.sigma) @ self.Vt


def truncated_svd(M, d: int) -> TruncatedSvd:
    """The rank-d truncation M ~ U_d Sigma_d V_d^T, with signs fixed so results are reproducible."""
    M = float_array(M, "M", ndim=2)
    if not 1 <= d <= min(M.shape):
        raise ValueError(f"rank d must lie in [1, {min(M.shape)}], got {d}")
    U, s, Vt = np.linalg.svd(M, full_matrices=False)
    U, Vt = _fix_signs(U[:, :d], Vt[:d])
    return TruncatedSvd(U, s[:d], Vt)


def glove_weight(x, x_max: float = 100.0, alpha: float = 0.75) -> np.ndarray:
    """f(x) = (x / x_max)^alpha below x_max, 1 at and above it (Pennington et al. 2014, eq. 9)."""
    x = np.asarray(x, dtype=np.float64)
    return np.where(x < x_max, (np.maximum(x, 0.0) / x_max) ** alpha, 1.0)


@dataclass(frozen=True)
class GloveStep:
    loss: float
    grad_W: np.ndarray        # dJ/dw_i (center vectors)
    grad_W_tilde: np.ndarray  # dJ/dw~_j (context vectors)
    grad_b: np.ndarray
    grad_b_tilde: np.ndarray


def glove_objective(W, W_tilde, b, b_tilde, C, x_max: float = 100.0, alpha: float = 0.75) -> GloveStep:
    """J = sum over C_ij > 0 of f(C_ij) (w_i . w~_j + b_i + b~_j - log C_ij)^2, and its gradients.

    Zero counts are left out of the sum (log 0 does not exist), exactly as the objective states;
    no factor 1/2 is used, so dJ/dw_i = sum_j 2 f_ij e_ij w~_j with e_ij the residual.
    """
    W, W_tilde, C = float_array(W, "W", ndim=2), float_array(W_tilde, "W_tilde", ndim=2), float_array(C, "C", ndim=2)
    b, b_tilde = np.asarray(b, dtype=np.float64), np.asarray(b_tilde, dtype=np.float64)
    observed = C > 0
    log_c = np.log(np.where(observed, C, 1.0))
    residual = np.where(observed, W @ W_tilde.T + b[:, None] + b_tilde[None, :] - log_c, 0.0)
    weighted = np.where(observed, glove_weight(C, x_max, alpha), 0.0) * residual
    loss = float((weighted * residual).sum())
    return GloveStep(loss, 2 * weighted @ W_tilde, 2 * weighted.T @ W,
                     2 * weighted.sum(axis=1), 2 * weighted.sum(axis=0))


# --------------------------------------------------------------------------- primer §6–§7: lookup, pooling, windows

def _ids(ids, n_rows: int) -> np.ndarray:
    a = np.asarray(ids)
    if a.ndim != 1 or not np.issubdtype(a.dtype, np.integer):
        raise ValueError(f"ids must be a 1-D sequence of integers, got {ids!r}")
    if np.any(a < 0) or np.any(a >= n_rows):
        raise IndexError(f"ids must lie in [0, {n_rows}), got {a.tolist()}")
    return a


def one_hot(ids, size: int) -> np.ndarray:
    """One row per id: 1 at the id's column, 0 elsewhere. A single int gives a single vector."""
    if np.ndim(ids) == 0:
        return one_hot([ids], size)[0]
    a = _ids(ids, size)
    out = np.zeros((len(a), size))
    out[np.arange(len(a)), a] = 1.0
    return out


def embedding_lookup(table, ids) -> np.ndarray:
    """An embedding layer's forward pass: the rows of `table` (vocabulary x dim) at `ids`.

    The result has one row per token: shape (len(ids), dim), whatever the vocabulary size.
    """
    E = float_array(table, "table", ndim=2)
    return E[_ids(ids, len(E))]


def one_hot_lookup(table, ids) -> np.ndarray:
    """The same lookup written as a matrix product: one_hot(ids) @ table (primer §6.3)."""
    E = float_array(table, "table", ndim=2)
    return one_hot(ids, len(E)) @ E


def mean_pool(vectors) -> np.ndarray:
    """The average of the rows: sum the vectors dimension by dimension, divide by their number.

    Any reordering of the rows gives the same result, so word order is lost (primer §6.6).
    """
    X = float_array(vectors, "vectors", ndim=2)
    if len(X) == 0:
        raise ValueError("cannot average zero vectors")
    return X.mean(axis=0)


@dataclass(frozen=True)
class PooledLogistic:
    sentence: np.ndarray   # mean of the looked-up word vectors
    score: float           # w . sentence + b
    prob: float            # sigmoid(score): probability of the positive class


def pooled_logistic(table, ids, w, b: float = 0.0) -> PooledLogistic:
    """Look up the words, average them, score with w . s + b and squash with a sigmoid (primer §6.4)."""
    s = mean_pool(embedding_lookup(table, ids))
    score = float(np.asarray(w, dtype=np.float64) @ s + b)
    return PooledLogistic(s, score, float(sigmoid(score)))


def sgd_step(param, grad, lr: float) -> np.ndarray:
    """One plain gradient-descent step: param - lr * grad (a new array; the input is not changed)."""
    return np.asarray(param, dtype=np.float64) - lr * np.asarray(grad, dtype=np.float64)


def cbow_examples(tokens, window: int) -> list[tuple[list, object]]:
    """(context words, center word) for every position: up to `window` words on each side, in order.

    Positions near the edges get shorter contexts; a position with no neighbour is skipped.
    """
    if window < 1:
        raise ValueError(f"window must be at least 1, got {window}")
    out = []
    for t, center in enumerate(tokens):
        context = [tokens[s] for s in range(max(0, t - window), min(len(tokens), t + window + 1)) if s != t]
        if context:
            out.append((context, center))
    return out


def skipgram_pairs(tokens, window: int) -> list[tuple[object, object]]:
    """(center, context) pairs: each CBOW example split into one pair per context word."""
    return [(center, word) for context, center in cbow_examples(tokens, window) for word in context]


@dataclass(frozen=True)
class PairScoreLoss:
    p_data: float           # sigma(s_o): the observed pair judged to come from the data
    p_noise: np.ndarray     # sigma(-s_j) = 1 - sigma(s_j): each sampled pair judged to be noise
    loss: float             # -log p_data - sum_j log p_noise_j


def negative_sampling_from_scores(positive_score: float, negative_scores) -> PairScoreLoss:
    """The negative-sampling loss when the pair scores u . v are already given (primer §7.6).

    Same objective as `negative_sampling` (Mikolov et al. 2013b, §2.2, eq. 4), from scores instead
    of vectors: L = -log sigma(s_o) - sum_j log sigma(-s_j).
    """
    s_n = np.atleast_1d(np.asarray(negative_scores, dtype=np.float64))
    loss = float(-log_sigmoid(positive_score) - log_sigmoid(-s_n).sum())
    return PairScoreLoss(float(sigmoid(positive_score)), sigmoid(-s_n), loss)


@dataclass(frozen=True)
class PooledLogisticStep:
    prob: float              # sigmoid(w . s + b)
    loss: float              # binary cross-entropy -[y log p + (1 - y) log(1 - p)]
    grad_score: float        # dL/dz = p - y
    grad_sentence: np.ndarray  # dL/ds = (p - y) w
    grad_w: np.ndarray       # dL/dw = (p - y) s
    grad_b: float            # dL/db = p - y
    grad_table: np.ndarray   # dL/dE: (p - y) w / n added to each looked-up row; other rows stay 0


def pooled_logistic_step(table, ids, w, b: float, label: int) -> PooledLogisticStep:
    """Loss and gradients of the averaged-embedding classifier for one labelled sentence (primer §6.5).

    The mean gives each of the n tokens 1/n of dL/ds; a word that occurs twice collects two shares.
    Rows of the table that were not looked up get exactly zero gradient.
    """
    if label not in (0, 1):
        raise ValueError(f"label must be 0 or 1, got {label!r}")
    E = float_array(table, "table", ndim=2)
    idx = _ids(ids, len(E))
    w = np.asarray(w, dtype=np.float64)
    fwd = pooled_logistic(E, idx, w, b)
    loss = float(-log_sigmoid(fwd.score) if label == 1 else -log_sigmoid(-fwd.score))
    g = fwd.prob - label
    grad_table = np.zeros_like(E)
    np.add.at(grad_table, idx, g * w / len(idx))
    return PooledLogisticStep(fwd.prob, loss, g, g * w, g * fwd.sentence, g, grad_table)
