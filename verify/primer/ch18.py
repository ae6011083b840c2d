"""Primer chapter 18: evaluation discipline — a skewed test set, the padded average, the exercise answers.

- §18.3 (the primer's numbers): the short review 电影 好看 padded to three positions; its word
  vectors are chapter 6's table rows ([0,1] for 电影, [1,0] for 好看) and <PAD> is a zero row.
  The real-token average and the divide-by-three mistake come from kernels.embeddings.mean_pool
  over the rows that kernels.attention.padding_mask allows, or over all rows.
- §18.2 (本站补充构造, not in the primer): ten test reviews, eight 好评 and two 差评, and a classifier
  that calls everything 好评; its scores come from kernels.evaluation.
- §18.5: the answers of the exercise table, imported from the chapters that compute them.
"""
import numpy as np

from kernels.attention import padding_mask
from kernels.embeddings import embedding_lookup, mean_pool
from kernels.evaluation import classification_report
from verify.primer import ch03, ch04, ch07, ch08, ch13
from verify.primer.ch06 import TABLE, WORDS
from checker.evidence import kinds

# §18.3
SHORT = ("电影", "好看")                   # padded with one <PAD> to the batch length
LONG = ("电影", "不", "好看")
PAD_VECTOR = np.zeros(TABLE.shape[1])     # the primer's "even if <PAD> is a zero vector"

# §18.2, 本站补充构造
LABELS = ("好评", "差评")
SKEWED_TRUE = ("好评",) * 8 + ("差评",) * 2
ALWAYS_POSITIVE = ("好评",) * len(SKEWED_TRUE)


@kinds(course="e_good e_movie lengths n_padded n_real pad right wrong", site_construction="mask mask_off mask_on",
       rules={"n_real": "the real tokens of §18.3's short review [电影, 好看, <PAD>], counted: its 两个词向量",
              "n_padded": "the padded length of §18.3's two reviews, three positions each; the 3 its wrong denominator prints",
              "lengths": "the real tokens of §18.3's two reviews, counted: [电影, 好看] and [电影, 不, 好看]",
              "pad": "§18.3's 即使 <PAD> 向量是零: the zero vector, in the two dimensions of its word vectors"})
def padded_average() -> dict:
    """§18.3: the short review's average over its real tokens, and over all three padded positions."""
    batch_len = max(len(SHORT), len(LONG))
    rows = embedding_lookup(TABLE, [WORDS.index(w) for w in SHORT])
    padded = np.vstack([rows] + [PAD_VECTOR] * (batch_len - len(SHORT)))
    real = padding_mask([len(SHORT), len(LONG)], batch_len)
    return {
        "e_movie": rows[0], "e_good": rows[1], "pad": PAD_VECTOR,
        "n_real": int(real[0].sum()), "n_padded": batch_len,
        "right": mean_pool(padded[real[0]]), "wrong": mean_pool(padded),
        "mask": real.astype(int),
        "mask_on": int(real[0, 0]), "mask_off": int(real[0, -1]),   # a real token's entry, a <PAD>'s entry
        "lengths": [len(SHORT), len(LONG)],   # real tokens per review, in the mask's row order (relation only)
    }


@kinds(site_construction="accuracy confusion gold_counts macro_f1 n n_neg n_pos neg pos predicted_counts")
def skewed_test_set() -> dict:
    """§18.2 (本站补充构造): an all-好评 classifier on a test set with eight 好评 and two 差评."""
    rep = classification_report(SKEWED_TRUE, ALWAYS_POSITIVE, LABELS)
    pos, neg = rep.per_class
    return {
        "n": len(SKEWED_TRUE), "n_pos": SKEWED_TRUE.count("好评"), "n_neg": SKEWED_TRUE.count("差评"),
        "confusion": rep.confusion, "accuracy": rep.accuracy,
        "pos": {"p": pos.precision, "r": pos.recall, "f1": pos.f1},
        "neg": {"p": neg.precision, "r": neg.recall, "f1": neg.f1},
        "macro_f1": rep.macro_f1,
        # per label, in LABELS order, counted from the label lists (relation only: rows are gold, columns predicted)
        "gold_counts": [SKEWED_TRUE.count(c) for c in LABELS],
        "predicted_counts": [ALWAYS_POSITIVE.count(c) for c in LABELS],
    }


@kinds(course="attn_out attn_weights bow_dim bow_E causal_first cbow_probs cbow_scores n_cbow n_keys p_after p_before",
       rules={"n_keys": "primer §18.5's exercise 手算一个 Q 对三个 K 的分数: 三个 K are three keys (键); they are the K "
                        "column of §13.3's table (A [1,0], B [0,1], C [1,1]), counted"})
def exercise_answers() -> dict:
    """§18.5: what each exercise should produce, recomputed by the chapter that teaches it."""
    counts = ch03.count_table()
    update = ch04.one_update()
    cbow = ch07.softmax_table()
    attn = ch13.worked_self_attention()
    causal = ch13.causal_read()
    shuffled = ch08.order_blind_average()   # relation only: the word-order exercise (§8.1), mean of each order
    return {
        "shuffle_mean_A": shuffled["mean_A"], "shuffle_mean_B": shuffled["mean_B"],
        "bow_dim": counts["dim"], "bow_E": counts["E"],
        "p_before": update["p"], "p_after": update["p1"],
        "cbow_scores": cbow["scores"], "cbow_probs": cbow["probs"], "n_cbow": len(cbow["scores"]),
        "attn_weights": attn["weights_A"], "attn_out": attn["out_A"], "n_keys": len(attn["weights_A"]),
        "causal_first": causal["weights_A"],
    }
