"""Primer chapter 5: bigram features and a bigram language model on three tiny sentences (教学构造).

The corpus (我 喝 茶 / 我 喝 茶 / 我 喝 水), the candidate lists and the add-one pseudo-count are
the primer's given teaching numbers, defined once here. Counts, maximum-likelihood
probabilities and add-alpha smoothing come from kernels.text_stats; every sentence is padded
with <BOS>/<EOS> there, as the primer says real models do (§5.3). A sentence's probability is
the product of the kernel's per-step probabilities (the chain rule under the bigram
approximation). The four-candidate list of §5.4 is this site's own contrast (本页补充的对照).
"""
import math

import numpy as np

from kernels.text_stats import BOS, EOS, add_alpha, bag_of_words, history_counts, mle_probability, ngram_counts
from checker.evidence import inputs, kinds

CORPUS = [["我", "喝", "茶"], ["我", "喝", "茶"], ["我", "喝", "水"]]
HISTORY = "喝"
CANDIDATES = ["茶", "水", "咖啡"]            # §5.4: the candidate list of the add-one table
CANDIDATES_WIDER = ["茶", "水", "咖啡", "果汁"]   # this site's contrast: one more candidate
ALPHA = 1.0                                  # add-one smoothing
SCORED = [["我", "喝", "茶"], ["我", "喝", "水"]]   # §5.3: sentences scored with the chain rule


def _bigrams():
    return ngram_counts(CORPUS, 2)


def _after_history(candidates) -> np.ndarray:
    counts = _bigrams()
    return np.array([counts[(HISTORY, w)] for w in candidates], dtype=float)


# the chapter page's order-blind pair: the same three words in opposite order
SWAPPED_PAIR = (["我", "喜欢", "你"], ["你", "喜欢", "我"])


@kinds(course="bag_swapped n_sentences p_coffee_mle p_coffee_smoothed p_tea p_water",
       rules={"bag_swapped": "the word counts of §3.3's pair 我 喜欢 你 / 你 喜欢 我 (它们的词袋相同): one each of the same three words",
              "n_sentences": "the sentences of §5.2's corpus (收集下面三句话): 我 喝 茶, 我 喝 茶, 我 喝 水"})
def chapter() -> dict:
    """Chapter page: the estimates of §5.2 and the smoothed share of the unseen 咖啡 (§5.4)."""
    counts = _bigrams()
    return {"p_tea": mle_probability(counts, [HISTORY], "茶"), "p_water": mle_probability(counts, [HISTORY], "水"),
            "p_coffee_mle": mle_probability(counts, [HISTORY], "咖啡"),
            "p_coffee_smoothed": add_alpha(_after_history(CANDIDATES), ALPHA)[2], "n_sentences": len(CORPUS),
            "bag_swapped": bag_of_words(list(SWAPPED_PAIR))}


@kinds(course="c_tea c_water n_history n_sentences p_tea p_water")
def next_word() -> dict:
    """§5.2: how often 喝 is a history, what follows it, and the MLE estimates."""
    counts = _bigrams()
    return {
        "n_sentences": len(CORPUS),
        "n_history": history_counts(counts)[(HISTORY,)],
        "c_tea": counts[(HISTORY, "茶")], "c_water": counts[(HISTORY, "水")],
        "p_tea": mle_probability(counts, [HISTORY], "茶"),
        "p_water": mle_probability(counts, [HISTORY], "水"),
    }


@kinds(course="p_coffee p_tea p_water",   # §5.2's 2÷3 and 1÷3, §5.4's zero for 喝 咖啡 (course_also)
       site_construction="coffee_prefix tea water")
def sentence_scores() -> dict:
    """§5.3: per-step bigram probabilities of two sentences (with <BOS>/<EOS>) and their products.
    p_tea, p_water, p_coffee: the 喝 step, which the course itself estimates (§5.2, §5.4); coffee_prefix: the
    product of the first three factors of 我 喝 咖啡 (already zero, whatever follows)."""
    counts = _bigrams()
    rows = []
    for sentence in SCORED:
        tokens = [BOS] + sentence + [EOS]
        steps = [mle_probability(counts, [tokens[i - 1]], tokens[i]) for i in range(1, len(tokens))]
        rows.append({"steps": steps, "product": math.prod(steps)})
    coffee = [BOS, "我", HISTORY, "咖啡"]
    return {"tea": rows[0], "water": rows[1],
            "p_tea": mle_probability(counts, [HISTORY], "茶"), "p_water": mle_probability(counts, [HISTORY], "水"),
            "coffee_prefix": math.prod(mle_probability(counts, [coffee[i - 1]], coffee[i]) for i in range(1, 4)),
            "p_coffee": mle_probability(counts, [HISTORY], "咖啡"),
            # relation only: each scored sentence's share of the corpus (这一对句子的概率正好等于它们在语料里的占比)
            "shares": [sum(s == sentence for s in CORPUS) / len(CORPUS) for sentence in SCORED]}


@kinds(course="alpha mle_coffee mle_tea mle_water n_candidates n_history n_sentences probs pseudo raw total",
       site_construction="n_wide wide_probs",
       rules={"alpha": "the course adds one to every candidate's count (加一法)",
              "n_candidates": "the course's candidate list is [茶, 水, 咖啡]: three candidates",
              "total": "the common denominator of the course's smoothed probabilities 3/6, 2/6, 1/6"})
@inputs("alpha")
def add_one() -> dict:
    """§5.4: raw counts after 喝, add-one pseudo-counts and smoothed probabilities; then one more candidate."""
    raw = _after_history(CANDIDATES)
    pseudo = raw + ALPHA                     # the table's "加一次后" column: each count plus alpha
    wide_raw = _after_history(CANDIDATES_WIDER)
    return {
        "alpha": ALPHA, "n_sentences": len(CORPUS), "n_history": history_counts(_bigrams())[(HISTORY,)], "raw": raw, "pseudo": pseudo, "total": pseudo.sum(), "n_candidates": len(CANDIDATES),
        "probs": add_alpha(raw, ALPHA),
        "mle_coffee": mle_probability(_bigrams(), [HISTORY], "咖啡"),
        # relation only: §5.2's unsmoothed 茶 and 水, to say which candidate gives way
        "mle_tea": mle_probability(_bigrams(), [HISTORY], "茶"), "mle_water": mle_probability(_bigrams(), [HISTORY], "水"),
        "n_wide": len(CANDIDATES_WIDER), "wide_probs": add_alpha(wide_raw, ALPHA),
    }
