"""Primer chapter 12, §12.3–§12.4: one attention read over 我 / 喜欢 / 猫 (教学构造).

The relevance scores and the value vectors are given teaching numbers, defined once here.
Weights come from kernels.probability.softmax, the context from kernels.probability.expectation.
The primer prints the weights to three decimals and then multiplies with those rounded
weights; both the exact-weight context and the rounded-weight context are returned so the
page can say which one it shows.
"""
import numpy as np

from kernels.probability import expectation, softmax
from checker.evidence import inputs, kinds

WORDS = ("我", "喜欢", "猫")
SCORES = np.array([0.0, 1.0, 2.0])                      # relevance of each source position while writing "cats"
VALUES = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])  # stored content vector of each source position
PRINTED_DECIMALS = 3                                     # the primer's weight table shows three decimals
SCORE_SHIFT = 5.0                                        # the site's constant for the shift-invariance check


@kinds(course="decimals denominator exps n_scores n_words scores weights",
       site_construction="gap_last_first ratio_last_first shift shifted_weights",
       rules={"decimals": "the decimals the course's weight table prints (0.090, 0.245, 0.665)",
              "n_scores": "primer §12.3's title 先假设模型已经算出三个相关性分数 and its tables: three scores (0, 1, 2) "
                          "and three exponentials (1.000, 2.718, 7.389), one row per 输入位置 我, 喜欢, 猫, counted",
              "n_words": "primer §12.3: 对于三个输入位置，模型算出 — the three source positions 我, 喜欢, 猫 its table "
                         "lists, counted"})
@inputs("decimals", "scores")
def scores_to_weights() -> dict:
    """§12.3: scores -> exponentials -> softmax weights."""
    exps = np.exp(SCORES)
    weights = softmax(SCORES)
    return {
        "scores": SCORES, "exps": exps, "denominator": exps.sum(),
        "weights": weights, "weight_sum": weights.sum(),
        "ratio_last_first": weights[2] / weights[0],
        "gap_last_first": float(SCORES[2] - SCORES[0]),   # 猫 minus 我, in score points
        # the same constant added to every score ('把所有分数同时加上同一个常数'): the weights do not move
        "shift": SCORE_SHIFT, "shifted_weights": softmax(SCORES + SCORE_SHIFT),
        "n_scores": len(SCORES), "n_words": len(WORDS), "decimals": PRINTED_DECIMALS,
    }


@kinds(course="context_printed decimals n_values v weights weights_printed", site_construction="context gap",
       rules={"decimals": "the decimals the course's weight table prints (0.090, 0.245, 0.665)",
              "n_values": "primer §12.4: 假设三个位置保存的内容向量是 我 [1,0]、喜欢 [0,1]、猫 [1,1] — three source "
                          "positions, one content vector each, summed as 0.090×[1,0] + 0.245×[0,1] + 0.665×[1,1]"})
@inputs("decimals", "v")
def weighted_context() -> dict:
    """§12.4: the context read with the exact weights and with the three-decimal weights."""
    weights = softmax(SCORES)
    printed = np.round(weights, PRINTED_DECIMALS)
    context = expectation(weights, VALUES)
    context_printed = expectation(printed, VALUES)
    # the page says both contexts agree once printed to the primer's decimals
    assert np.array_equal(np.round(context, PRINTED_DECIMALS), np.round(context_printed, PRINTED_DECIMALS))
    # "$c$ 也离 $[1,1]$ 最近" (最近 is no order word the relation checker binds): the context lies nearest
    # the content vector that gets the largest weight
    assert np.argmin(np.linalg.norm(VALUES - context, axis=1)) == np.argmax(weights)
    return {
        "scores": SCORES, "v": VALUES.tolist(),
        "weights": weights, "weights_printed": printed,
        "context": context, "context_printed": context_printed,
        "gap": float(np.max(np.abs(context - context_printed))),
        "context_3dp": np.round(context, PRINTED_DECIMALS), "context_printed_3dp": np.round(context_printed, PRINTED_DECIMALS),
        "n_values": VALUES.shape[0], "decimals": PRINTED_DECIMALS,
    }
