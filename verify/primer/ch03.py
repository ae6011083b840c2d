"""Primer chapter 3: bag of words, a linear classifier on counts, what counts lose, TF-IDF (教学构造).

Columns are chapter 2's vocabulary; the word weights are chapter 1's rule points (0 for words the
rule does not list). Counts come from kernels.text_stats.bag_of_words, scores from
kernels.linear_models.logistic_score, probabilities from kernels.embeddings.sigmoid, IDF and TF-IDF
from kernels.text_stats under the course convention (raw count x ln(N/df), no smoothing) and,
for comparison only, under the scikit-learn switch.
"""
import math

import numpy as np

from kernels.embeddings import sigmoid
from kernels.linear_models import logistic_score
from kernels.text_stats import bag_of_words, document_frequency, first_seen_vocabulary, idf, tf_idf
from verify.primer.ch01 import LEXICON, REVIEWS
from verify.primer.ch02 import VOCAB
from checker.evidence import inputs, kinds

WEIGHTS = [LEXICON.get(word, 0) for word in VOCAB]   # 电影 剧情 好看 精彩 难看 无聊 不
BIAS = 0
SIGMOID_GRID = [-2, -1, 0, 1, 2]

SAME_WORDS = ([["我", "喜欢", "你"], ["你", "喜欢", "我"]],
              [["好看", "不是", "难看"], ["难看", "不是", "好看"]])          # punctuation dropped

TFIDF_DOCS = [["电影", "好看"], ["电影", "精彩"], ["电影", "无聊"]]          # D1, D2, D3
EXERCISE_DOCS = [["我", "喜欢", "你"], ["你", "喜欢", "我"], ["他", "喜欢", "电影"]]


def _words(name):
    return next(r[2] for r in REVIEWS if r[0] == name)


@kinds(course="A dim good_tfidf",   # the chapter page restates §3.1 (seven columns, 电影好看's vector) and §3.4
       rules={"dim": "primer §3.1: 沿用上一章的七个词，并固定列顺序 — the seven words [电影, 剧情, 好看, 精彩, 难看, "
                     "无聊, 不] it prints as the fixed column order (§2.2's seven-row 编号表), one column each, counted"})
def chapter() -> dict:
    """Chapter page: one count vector and one TF-IDF weight."""
    counts = bag_of_words(TFIDF_DOCS, first_seen_vocabulary(TFIDF_DOCS))
    return {"A": bag_of_words([_words("A")], VOCAB)[0], "good_tfidf": tf_idf(counts)[0][1], "dim": len(VOCAB)}


@kinds(course="A E dim", site_construction="counts",
       rules={"dim": "the length of the vectors §3.1 prints ([1, 0, 1, 0, 0, 0, 0]): one column per word of its "
                     "fixed order, 沿用上一章的七个词"})
def count_table() -> dict:
    """§3.1: counts of every review over the fixed columns."""
    counts = bag_of_words([r[2] for r in REVIEWS], VOCAB)
    return {"counts": counts, "A": counts[0], "E": counts[4], "dim": len(VOCAB)}


@kinds(course="A C b grid grid_probs n_w w zA zC pA pC",   # A and C: the course's; the page's table holds B, D, E, F
       site_construction="probs scores",
       rules={"b": "the course's scores 电影好看 = 1×0 + 1×1 = 1 and 电影难看 = 1×0 + 1×(-1) = -1 add no bias term, so b = 0",
              "A": "§3.2 writes 电影好看 as 1×0 + 1×1 (one 电影, one 好看); §3.1 prints its vector [1, 0, 1, 0, 0, 0, 0]",
              "C": "§3.2 writes 电影难看 as 1×0 + 1×(-1): one 电影, one 难看, no other column of the seven",
              "n_w": "§3.2's formula runs w_1x_1 + … + w_7x_7: one weight per column of the seven-word vocabulary"})
@inputs("b", "grid")
def linear_classifier() -> dict:
    """§3.2: scores and sigmoid probabilities of the six reviews (the course computes A and C; the site the
    other four), and the sigmoid table."""
    counts = bag_of_words([r[2] for r in REVIEWS], VOCAB)
    scores = logistic_score(WEIGHTS, counts, BIAS)
    probs = sigmoid(scores)
    c_counts = bag_of_words([_words("C")], VOCAB)[0]
    return {
        "w": WEIGHTS, "b": BIAS, "n_w": len(WEIGHTS),
        "A": counts[0], "C": c_counts,
        "scores": scores, "probs": probs,
        "zA": scores[0], "zC": scores[2], "pA": probs[0], "pC": probs[2],
        "grid": SIGMOID_GRID, "grid_probs": sigmoid(np.array(SIGMOID_GRID, dtype=float)),
    }


@kinds(course="n_pairs", site_construction="gap0 gap1 pair0 pair1",
       rules={"n_pairs": "the course section gives two pairs of sentences (我 喜欢 你 / 你 喜欢 我 and 好看，不是难看 / 难看，不是好看); n_pairs counts them"})
def what_counts_lose() -> dict:
    """§3.3: two pairs of sentences with identical count vectors."""
    out = {"n_pairs": len(SAME_WORDS)}
    for k, pair in enumerate(SAME_WORDS):
        counts = bag_of_words(pair, first_seen_vocabulary(pair))
        out[f"pair{k}"] = counts
        out[f"gap{k}"] = float(np.abs(counts[0] - counts[1]).max())
    return out


@kinds(course="N doc_len ln1 ln3 df_film df_good idf_film idf_good counts df counts_rest df_rest tfidf[0]",
       site_construction="idfs idfs_rest tfidf ex ex_N ex_gap ex_idf sk_D1 sk_idf sk_tfidf",
       rules={"counts": "§3.4's D1–D3 (电影 好看 / 电影 精彩 / 电影 无聊) counted in its column order [电影, 好看, 精彩, 无聊]",
              "counts_rest": "the 精彩, 无聊 columns of §3.4's D1–D3 counted in its column order",
              "df": "§3.4's D1–D3: 电影 in all three, 好看, 精彩, 无聊 in one each",
              "df_rest": "§3.4's D1–D3: 精彩 appears only in D2, 无聊 only in D3, one document each",
              "doc_len": "each of the course's documents D1–D3 (电影 好看 / 电影 精彩 / 电影 无聊) has two words; doc_len counts them",
              "N": "the course's documents D1–D3, counted (§3.4: 出现在全部三篇里; the 3 of ln(3÷3))",
              "df_film": "§3.4: 电影 出现在全部三篇里, the divisor of 电影的 IDF = ln(3÷3)",
              "df_good": "§3.4: 好看 只出现在一篇里, the divisor of 好看的 IDF = ln(3÷1)"})
def tfidf() -> dict:
    """§3.4: df, IDF and TF-IDF of D1-D3 (the course prints the IDF of 电影 and 好看 and D1's row; the site the
    rest); the scikit-learn default for contrast; the exercise."""
    vocab = first_seen_vocabulary(TFIDF_DOCS)
    counts = bag_of_words(TFIDF_DOCS, vocab)
    df, idfs = document_frequency(counts), idf(counts)
    ex_counts = bag_of_words(EXERCISE_DOCS, first_seen_vocabulary(EXERCISE_DOCS))
    ex = tf_idf(ex_counts)
    return {
        "N": len(TFIDF_DOCS), "df": df, "idfs": idfs,
        "df_rest": df[2:], "idfs_rest": idfs[2:],               # the columns 精彩, 无聊 the course does not print
        "df_film": df[0], "df_good": df[1], "idf_film": idfs[0], "idf_good": idfs[1],
        "ln1": math.log(1), "ln3": math.log(3),
        "counts": counts, "tfidf": tf_idf(counts),
        "sk_idf": idf(counts, "sklearn"), "sk_D1": tf_idf(counts, "sklearn")[0],
        "sk_tfidf": tf_idf(counts, "sklearn"),                    # relation only: every row has length one
        "counts_rest": counts[:, 2:],                            # relation only: the 精彩, 无聊 columns
        "ex_idf": idf(ex_counts), "ex": ex, "ex_gap": float(np.abs(ex[0] - ex[1]).max()), "ex_counts": ex_counts,
        "doc_len": _common_length(TFIDF_DOCS), "ex_N": len(EXERCISE_DOCS),
    }


def _common_length(docs) -> int:
    """Words per document, when every document has the same number (the page states one)."""
    lengths = {len(d) for d in docs}
    if len(lengths) != 1:
        raise ValueError(f"verify/primer/ch03.py: documents have {sorted(lengths)} words; the page states one length")
    return lengths.pop()
