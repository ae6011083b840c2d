"""Primer chapter 11: next-token prediction, shifted training pairs, decoding choices, perplexity (教学构造).

The next-token distribution after 我 喜欢 and the three true-token probabilities are given
teaching numbers, defined once here. Pairs come from kernels.sampling.next_token_pairs,
decoding rules from temperature_probs / top_k_filter / top_p_set, losses from token_nll and
perplexity from perplexity_of_probs.
"""
import numpy as np

from kernels.sampling import (next_token_pairs, perplexity_of_probs, temperature_probs, token_nll, top_k_filter,
                              top_p_set)
from checker.evidence import inputs, kinds

CANDIDATES = ("电影", "音乐", "香蕉")
PROBS = np.array([0.6, 0.3, 0.1])           # P(next | 我 喜欢), §11.1
SENTENCE = ("我", "喜欢", "电影")              # §11.2

TOP_K = 2
TOP_P = 0.8
FLAT = np.array([0.4, 0.35, 0.25])           # a flatter distribution, to show top-p keeps more
TEMPERATURES = (0.5, 1.0, 2.0)
COLDER_T = 0.25                              # one step colder than the table's low row (site's example)
ZERO_T = 0.0                  # temperature=0: what some interfaces call greedy; the formula cannot take it (§11.4)
TIED_LOGITS = np.array([2.0, 2.0, 0.0])      # two equal top scores, for the T -> 0 limit

TRUE_TOKEN_PROBS = np.array([0.5, 0.25, 0.125])   # §11.5
UNIFORM_CHOICES = 4


@kinds(course="probs n_candidates", site_construction="total",
       rules={"n_candidates": "the course's table after 我 喜欢 lists three candidates (电影, 音乐, 香蕉); n_candidates counts them"})
@inputs("probs")
def next_token_table() -> dict:
    """§11.1: the given distribution over the next token."""
    return {"probs": PROBS, "total": PROBS.sum(), "n_candidates": len(CANDIDATES)}


@kinds(course="n_inputs n_predictions n_tokens",
       rules={"n_tokens": "the words of the course's sentence 我 喜欢 电影, counted",
              "n_inputs": "the course's input sequence [<BOS>, 我, 喜欢, 电影] (and its target sequence), counted",
              "n_predictions": "primer §11.2: 可以得到四次预测 — its table lists four prefixes under 已知内容 (<BOS> … "
                               "<BOS> 我 喜欢 电影), each with one 正确的下一个 token: four prefixes, four questions"})
def training_pairs() -> dict:
    """§11.2: inputs and targets offset by one; a sentence of n tokens gives n + 1 predictions."""
    inputs, targets = next_token_pairs(SENTENCE)
    return {"n_tokens": len(SENTENCE), "n_predictions": len(targets), "n_inputs": len(inputs)}


@kinds(course="greedy k p probs t1_0 temps[1] top_k top_p_size zero_t",
       site_construction=("flat flat_short flat_size n_short n_tied t0_5 t2_0 temps tied tied_limit "
                          "top_p_mass colder_t t_colder"),
       rules={"top_p_size": "the course's top-p row (p=0.8) keeps 电影和音乐; top_p_size counts them",
              "greedy": "primer §11.4: as T→0+ all probability goes to the top-scoring candidate, here 电影 of [0.6,0.3,0.1]",
              "t1_0": "primer §11.4: T=1 保持原分布 — the T=1 row is the given distribution [0.6,0.3,0.1]"})
@inputs("k", "p", "zero_t", "flat", "probs", "temps", "tied", "colder_t")
def choosing() -> dict:
    """§11.4: greedy, sampling, top-k, top-p and temperature on the same distribution."""
    logits = np.log(PROBS)                    # scores whose softmax at T = 1 is PROBS
    kept_p = top_p_set(PROBS, TOP_P)
    kept_flat = top_p_set(FLAT, TOP_P)
    by_t = {f"t{str(t).replace('.', '_')}": temperature_probs(logits, t) for t in TEMPERATURES}
    return {
        "probs": PROBS, "k": TOP_K, "p": TOP_P, "zero_t": ZERO_T,
        "greedy": temperature_probs(logits, 0.0),
        "top_k": top_k_filter(PROBS, TOP_K),
        "top_p_size": len(kept_p), "top_p_mass": PROBS[kept_p].sum(),
        "flat": FLAT, "flat_size": len(kept_flat), "n_short": len(kept_flat) - 1,
        "flat_short": FLAT[np.argsort(-FLAT)[:len(kept_flat) - 1]].sum(),   # one fewer than top-p keeps: not enough
        "flat_mass": FLAT[kept_flat].sum(),
        "temps": list(TEMPERATURES), **by_t,
        "entropy": [float(-(q * np.log(q)).sum()) for q in by_t.values()],   # nats, in the order of temps
        "tied": TIED_LOGITS, "n_tied": int(np.sum(TIED_LOGITS == TIED_LOGITS.max())), "tied_limit": temperature_probs(TIED_LOGITS, 0.0),
        "colder_t": COLDER_T, "t_colder": temperature_probs(logits, COLDER_T),
    }


@kinds(course="choices losses mean_loss n_steps p_movie ppl probs uniform_p uniform_ppl",
       site_construction="p_other",
       rules={"n_steps": "primer §11.5: 假设三个真实下一词分别得到概率：0.5、0.25、0.125 — one true next word per "
                         "prediction step (the section's 每一步), three words counted as three steps"})
@inputs("choices", "probs")
def perplexity() -> dict:
    """§11.5: per-token losses, their mean and exp(mean); the uniform comparison; the exercise."""
    losses = token_nll(TRUE_TOKEN_PROBS)
    uniform = np.full(len(TRUE_TOKEN_PROBS), 1.0 / UNIFORM_CHOICES)
    return {
        "probs": TRUE_TOKEN_PROBS, "n_steps": len(TRUE_TOKEN_PROBS), "losses": losses, "mean_loss": losses.mean(),
        "ppl": perplexity_of_probs(TRUE_TOKEN_PROBS),
        "choices": UNIFORM_CHOICES, "uniform_p": uniform[0], "uniform_ppl": perplexity_of_probs(uniform),
        "p_movie": PROBS[0], "p_other": PROBS[1:].sum(),   # mass a sampler can still pick instead of 电影
    }
