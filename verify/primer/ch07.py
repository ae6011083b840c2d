"""Primer chapter 7: Word2Vec by hand, CBOW with a three-word output table (教学构造).

The context 喜欢/电影 around the center 看 in 我 喜欢 看 电影, the two-dimensional input vectors,
the output table for the candidates 看/吃/买, the learning rate and the negative-sampling scores
are the primer's given numbers, defined once below. Every page number is computed from them
through kernels.embeddings (CBOW step, SGD step, negative-sampling loss), kernels.probability
(softmax, cross-entropy and its gradient) and kernels.attention.dot_scores.
"""
import inspect

import numpy as np

from kernels.attention import dot_scores
from kernels.embeddings import (cbow_softmax, full_softmax_step, mean_pool, negative_sampling_from_scores,
                                noise_distribution, one_hot, sgd_step, sigmoid)
from kernels.probability import cross_entropy, cross_entropy_grad, softmax
from checker.evidence import inputs, kinds

SENTENCE = ("我", "喜欢", "看", "电影")
WINDOW = 1                               # one word on each side
CONTEXT_WORDS = ("喜欢", "电影")
INPUT = np.array([[1.0, 0.0],            # 喜欢
                  [0.0, 1.0]])           # 电影
CANDIDATES = ("看", "吃", "买")           # row order of OUTPUT
OUTPUT = np.array([[2.0, 2.0],
                   [0.0, 0.0],
                   [1.0, 1.0]])
ANSWER = CANDIDATES.index("看")
LEARNING_RATE = 0.1

POSITIVE_SCORE = 2.0                     # §7.6: (看, 电影)
NEGATIVE_SCORE = -1.0                    # §7.6: (看, 香蕉)
LARGE_VOCAB = 100_000                    # §7.6: candidates a full softmax would score
NUDGE = 0.1                              # §7.4 (relation only): the site's small raise of the answer's score


def _forward() -> dict:
    h = mean_pool(INPUT)
    scores = dot_scores(h, OUTPUT)
    return {"x": INPUT, "h": h, "U": OUTPUT, "scores": scores}


@kinds(course="loss p",
       rules={"p": "primer §7.3's softmax table: 看 (the right answer), 除以总和 11.107 → 0.665",
              "loss": "primer §7.3: 正确答案是“看”，损失为 -ln(0.665241…) ≈ 0.408"})
def chapter() -> dict:
    """Chapter page: the probability of the right answer and the loss, in one line."""
    f = _forward()
    p = softmax(f["scores"])
    return {"p": p[ANSWER], "loss": cross_entropy(f["scores"], ANSWER)}


@kinds(course="U dim h n_candidates n_context prob_total scores x",
       rules={"dim": "the course's input vectors 喜欢 [1, 0] and 电影 [0, 1] have two entries; dim counts them",
              "n_context": "the course lists two context words (喜欢, 电影) with their input vectors; n_context counts them",
              "n_candidates": "primer §7.2: 本例只允许三个输出候选：[看, 吃, 买] — the three candidates it lists, counted; "
                              "the three scores are one per candidate (看的得分 2, 吃的得分 0, 买的得分 1)"})
def cbow_forward() -> dict:
    """§7.2: average the two context vectors, dot it with every output row; the shapes involved."""
    f = _forward()
    # prob_total: what a set of probabilities adds up to (§7.2: raw scores are not guaranteed to)
    return {**f, "n_context": INPUT.shape[0], "dim": INPUT.shape[1], "n_candidates": OUTPUT.shape[0],
            "prob_total": float(np.sum(softmax(f["scores"])))}


@kinds(course="exps loss n_candidates p prob_sum probs scores total",
       rules={"n_candidates": "the three rows 看, 吃, 买 of §7.3's table under the header 候选 (原分数 2, 0, 1), counted; "
                              "§7.2 states the same count: 本例只允许三个输出候选"})
def softmax_table() -> dict:
    """§7.3: exponentials, their sum, the probabilities and -ln p(看)."""
    f = _forward()
    exps = np.exp(f["scores"])
    probs = softmax(f["scores"])
    return {"scores": f["scores"], "exps": exps, "total": exps.sum(), "probs": probs,
            "prob_sum": probs.sum(), "p": probs[ANSWER],
            "loss": cross_entropy(f["scores"], ANSWER),
            "loss_cbow": cbow_softmax(INPUT, OUTPUT, ANSWER).loss, "n_candidates": OUTPUT.shape[0]}


@kinds(course="U err grad_h grad_word lr n_candidates new old_p probs x y", site_construction="new_h new_p")
@inputs("lr", "U", "x")
def cbow_update() -> dict:
    """§7.4: dL/dscores = p - onehot, dL/dh = U^T (p - onehot), split over the two words, one SGD step."""
    f = _forward()
    step = cbow_softmax(INPUT, OUTPUT, ANSWER)
    updated = sgd_step(INPUT, step.grad_contexts, LEARNING_RATE)
    u_after = OUTPUT                      # the output table of the re-check, not updated (reported as U_after)
    raised = f["scores"] + NUDGE * one_hot(ANSWER, len(CANDIDATES))   # the answer's score raised a little
    return {
        # relation only (负号表示“把这个分数调高能降低损失”): the loss before and after raising 看's score
        "loss_start": cross_entropy(f["scores"], ANSWER), "loss_raised": cross_entropy(raised, ANSWER),
        "x": INPUT, "U": OUTPUT, "probs": step.probs, "y": one_hot(ANSWER, len(CANDIDATES)),
        "err": cross_entropy_grad(f["scores"], ANSWER),
        "grad_h": step.grad_hidden, "grad_word": step.grad_contexts[0],
        "grad_words": step.grad_contexts, "lr": LEARNING_RATE,
        "new": updated,
        "new_h": mean_pool(updated),
        "new_p": full_softmax_step(mean_pool(updated), u_after, ANSWER).probs[ANSWER], "U_after": u_after,
        "old_p": step.probs[ANSWER], "n_candidates": OUTPUT.shape[0],
    }


@kinds(course="full_scores loss noise_power p_data p_noise s_neg s_pos sampled_scores sig_neg vocab",
       rules={"sampled_scores": "the course scores one true pair and one noise pair in its example (1 + 1)",
              "full_scores": "primer §7.6: 100,000 个候选, each scored in full (完整打分) — one score per candidate",
              "sig_neg": "primer §3.2 (course_also): its sigmoid table prints -1 → 0.269",
              "noise_power": "lecture §1.5 (course_also): 噪声分布与词频的 3/4 次方成正比"})
@inputs("s_neg", "s_pos", "vocab")
def negative_sampling_toy() -> dict:
    """§7.6: one observed pair scored 2, one sampled pair scored -1; a full softmax would score LARGE_VOCAB."""
    out = negative_sampling_from_scores(POSITIVE_SCORE, [NEGATIVE_SCORE])
    full = full_softmax_step(np.zeros(1), np.zeros((LARGE_VOCAB, 1)), 0)
    return {
        "s_pos": POSITIVE_SCORE, "s_neg": NEGATIVE_SCORE,
        "p_data": out.p_data, "p_noise": out.p_noise[0],
        "sig_neg": float(sigmoid(NEGATIVE_SCORE)),
        "loss": out.loss,
        "vocab": LARGE_VOCAB, "full_scores": len(full.probs),
        "sampled_scores": 1 + len(out.p_noise),
        # lecture §1.5's 3/4: the exponent kernels.embeddings.noise_distribution uses by default
        "noise_power": inspect.signature(noise_distribution).parameters["power"].default,
    }

