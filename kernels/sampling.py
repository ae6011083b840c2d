"""Turning one next-token distribution into a choice, and scoring a model on held-out text.

Decoding rules (temperature, top-k, top-p, seeded sampling) change which token is emitted;
perplexity measures the probability the unmodified model gives to the true tokens. The two are
kept apart on purpose: a PPL computed from temperature-scaled probabilities scores a different
model (lecture §2.8).
"""
from __future__ import annotations

import math

import numpy as np

from kernels.probability import as_float_array, softmax

# A cumulative sum of floats can land a hair below the mass it should reach
# (0.6 + 0.3 == 0.8999999999999999); top-p treats anything this close as reaching p.
TOP_P_TOLERANCE = 1e-12


def temperature_probs(logits, tau: float) -> np.ndarray:
    """p_i(tau) = exp(z_i / tau) / sum_j exp(z_j / tau) for tau > 0; the tau -> 0+ limit at tau = 0.

    tau = 0 is never divided by: it returns the limit of the formula, which puts equal mass on
    every maximal logit (one-hot when the maximum is unique). Picking one of tied maxima is a
    separate tie-breaking rule (greedy takes the first), not part of the limit. The shift by the
    maximum happens before dividing, so a tiny positive tau cannot overflow.
    """
    z = as_float_array(logits, "logits")
    tau = float(tau)
    if not math.isfinite(tau) or tau < 0:
        raise ValueError(f"temperature must be a finite number >= 0, got {tau}")
    shifted = z - z.max(axis=-1, keepdims=True)
    if tau == 0.0:
        top = (shifted == 0.0).astype(np.float64)
        return top / top.sum(axis=-1, keepdims=True)
    with np.errstate(over="ignore"):  # (negative) / tiny tau -> -inf is the right value: weight 0
        return softmax(shifted / tau)


def _descending_order(p: np.ndarray) -> np.ndarray:
    """Indices from most to least probable; equal probabilities keep index order (stable)."""
    return np.argsort(-p, kind="stable")


def top_k_filter(probs, k: int) -> np.ndarray:
    """Keep the k most probable outcomes and renormalize; the rest get probability exactly 0.

    Ties at the cut keep the lower index. k larger than the number of outcomes keeps them all.
    """
    p = as_float_array(probs, "probs")
    if p.ndim != 1:
        raise ValueError(f"top_k_filter takes one distribution of shape (n,), got {p.shape}")
    if int(k) != k or k < 1:
        raise ValueError(f"top-k needs an integer k >= 1, got {k}")
    keep = _descending_order(p)[: int(k)]
    out = np.zeros_like(p)
    out[keep] = p[keep]
    return out / out.sum()


def top_p_set(probs, p: float) -> np.ndarray:
    """Indices of the smallest set of outcomes whose total probability reaches p (nucleus).

    Outcomes are added from most to least probable (ties: lower index first) until the running
    total is >= p - TOP_P_TOLERANCE. Holtzman et al. 2020, §3.1. p must lie in (0, 1]; p = 1
    keeps every outcome of non-zero probability, and a p at most the top probability keeps one.
    """
    q = as_float_array(probs, "probs")
    if q.ndim != 1:
        raise ValueError(f"top_p_set takes one distribution of shape (n,), got {q.shape}")
    if not 0.0 < float(p) <= 1.0:
        raise ValueError(f"top-p needs 0 < p <= 1, got {p}")
    order = _descending_order(q)
    running = np.cumsum(q[order])
    reached = np.nonzero(running >= float(p) - TOP_P_TOLERANCE)[0]
    size = int(reached[0]) + 1 if reached.size else len(q)
    return order[:size]


def top_p_filter(probs, p: float) -> np.ndarray:
    """Zero every outcome outside top_p_set(probs, p) and renormalize the rest."""
    q = as_float_array(probs, "probs")
    keep = top_p_set(q, p)
    out = np.zeros_like(q)
    out[keep] = q[keep]
    return out / out.sum()


def as_generator(seed) -> np.random.Generator:
    """A numpy Generator from an int seed (or an existing Generator, used as is)."""
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def sample(probs, seed, size: int | None = None):
    """Draw outcome indices from `probs` with a seeded numpy Generator (PCG64).

    The same seed gives the same draws on any machine with the same numpy; outcomes of
    probability 0 are never drawn. Probabilities must sum to 1 (checked to 1e-9).
    """
    p = as_float_array(probs, "probs")
    if p.ndim != 1 or np.any(p < 0) or abs(p.sum() - 1.0) > 1e-9:
        raise ValueError("sample needs one distribution: non-negative entries summing to 1")
    return as_generator(seed).choice(len(p), size=size, p=p / p.sum())


def decoding_distribution(logits, tau: float = 1.0, top_k: int | None = None,
                          top_p: float | None = None) -> np.ndarray:
    """The distribution actually sampled from: temperature first, then top-k, then top-p.

    This is the order Hugging Face `generate` applies its warpers in; the filters act on the
    temperature-scaled probabilities and each renormalizes.
    """
    p = temperature_probs(logits, tau)
    if top_k is not None:
        p = top_k_filter(p, top_k)
    if top_p is not None:
        p = top_p_filter(p, top_p)
    return p


def target_nll(log_probs, targets, pad_id: int, eos_id: int | None = None,
               count_eos: bool = True) -> tuple[float, int]:
    """(summed negative log-likelihood, number of scored tokens) for one batch of targets.

    log_probs has shape (..., T, V) (natural log), targets shape (..., T) of token ids. Positions
    whose target is pad_id are left out of both the sum and the count. EOS is a real prediction
    and is counted by default; count_eos=False (with eos_id given) leaves EOS positions out of
    both, for reports that declare that convention. Sum first, divide once: averaging per batch
    and then over batches weights batches of different sizes wrongly (lecture §2.6).
    """
    lp = np.asarray(log_probs, dtype=np.float64)
    y = np.asarray(targets)
    if lp.shape[:-1] != y.shape:
        raise ValueError(f"log_probs {lp.shape} and targets {y.shape} disagree on the positions")
    scored = y != pad_id
    if not count_eos:
        if eos_id is None:
            raise ValueError("count_eos=False needs eos_id to know which positions are EOS")
        scored &= y != eos_id
    safe = np.where(scored, y, 0)
    picked = np.take_along_axis(lp, safe[..., None], axis=-1)[..., 0]
    return float(-picked[scored].sum()), int(scored.sum())


def perplexity(total_nll: float, n_tokens: int) -> float:
    """exp(total NLL / N): the exponential of the mean per-token loss (natural log)."""
    if n_tokens < 1:
        raise ValueError(f"perplexity needs at least one scored token, got {n_tokens}")
    return math.exp(float(total_nll) / n_tokens)


def perplexity_of_probs(target_probs) -> float:
    """PPL from the probabilities the model gave the true tokens: exp(mean(-ln p))."""
    p = as_float_array(target_probs, "target_probs")
    if np.any(p <= 0) or np.any(p > 1):
        raise ValueError("target probabilities must lie in (0, 1]; a zero makes PPL infinite")
    return perplexity(float(-np.log(p).sum()), p.size)


def next_token_pairs(tokens, bos: str = "<BOS>", eos: str = "<EOS>") -> tuple[list, list]:
    """(inputs, targets) for next-token training: [BOS] + tokens and tokens + [EOS], offset by one.

    Position t reads inputs[: t + 1] and must predict targets[t], so a sentence of n tokens
    gives n + 1 predictions with answers taken from the text itself (self-supervision).
    """
    items = list(tokens)
    return [bos] + items, items + [eos]


def token_nll(target_probs) -> np.ndarray:
    """-ln p for each probability the model gave a true token: the per-token cross-entropy loss."""
    p = as_float_array(target_probs, "target_probs")
    if np.any(p <= 0) or np.any(p > 1):
        raise ValueError("target probabilities must lie in (0, 1]; a zero makes the loss infinite")
    return -np.log(p)


def sequence_nll(target_probs) -> float:
    """L = -sum_t ln p_t: a whole sequence's loss, summed over its tokens, not averaged (lecture §2.6)."""
    return float(token_nll(target_probs).sum())


def sequence_log_probability(target_probs) -> float:
    """log p(y | x) = sum_t log p(y_t | y_<t, x): what beam search adds up and ranks (lecture §3.14)."""
    return -sequence_nll(target_probs)


def sequence_probability(target_probs) -> float:
    """p(x_1..x_T, EOS) = prod_t p(x_t | x_<t), the chain rule (lecture §1.7), as exp(-sequence_nll)."""
    return math.exp(-sequence_nll(target_probs))
