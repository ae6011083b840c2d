"""Primer chapter 6: word vectors as a learnable lookup table (教学构造).

The five-word, two-dimensional table is the primer's hand-made construction (§6.1): it is built so
that 好看 and 精彩 lie close together, which no real training guarantees. Sizes, the classifier
weights and the two short reviews are the primer's given numbers too. Every page number is
computed from the inputs below through kernels.embeddings (lookup, one-hot product, averaging,
sigmoid) and kernels.resources (table size).
"""
import numpy as np

from kernels.embeddings import (embedding_lookup, mean_pool, one_hot, one_hot_lookup, pooled_logistic,
                                pooled_logistic_step, sgd_step)
from kernels.resources import table_elements
from checker.evidence import inputs, kinds

WORDS = ("好看", "精彩", "难看", "无聊", "电影")          # row order of TABLE (好看 is row 0)
KEYS = ("haokan", "jingcai", "nankan", "wuliao", "dianying")  # ASCII names for the page's {holes}
TABLE = np.array([[1.0, 0.0],
                  [0.8, 0.2],
                  [-1.0, 0.0],
                  [-0.8, 0.2],
                  [0.0, 1.0]])

VOCAB_SIZE, DIM = 10_000, 128      # §6.2: a realistic-sized table
SENTENCE_LENGTH = 20               # §6.2: tokens in one sentence
LONGER_LENGTH = 35                 # 本站自建: a longer sentence, for §6.2's "换一句更长的话"

CLASSIFIER_W = np.array([2.0, 0.0])  # §6.4: weights on the sentence vector, no bias
CLASSIFIER_B = 0.0
REVIEW_A = ("电影", "好看")
REVIEW_B = ("电影", "精彩")

# §6.5, 本站补充构造 (not in the primer): review A labelled positive, one SGD step on table and weights.
REVIEW_A_LABEL = 1
STEP_LR = 0.1


def _ids(words) -> list[int]:
    return [WORDS.index(w) for w in words]


def _row(word) -> np.ndarray:
    return embedding_lookup(TABLE, _ids([word]))[0]


def _only_nonzero_dimension(row: np.ndarray) -> int:
    """The one dimension (counting from 1) where a row is not zero, as the page says of 电影; an error otherwise."""
    nonzero = np.flatnonzero(row)
    if len(nonzero) != 1:
        raise ValueError(f"the row {row} is not zero in {len(nonzero)} dimensions, not in exactly one")
    return int(nonzero[0]) + 1


def _review(words) -> dict:
    out = pooled_logistic(TABLE, _ids(words), CLASSIFIER_W, CLASSIFIER_B)
    return {"vectors": embedding_lookup(TABLE, _ids(words)), "n": len(words),
            "s": out.sentence, "score": out.score, "p": out.prob}


@kinds(course="a b vec",
       rules={"vec": "§6.1's printed table (looked up again in §6.2): 好看 1.0, 0.0 and 电影 0.0, 1.0",
              "a": "§6.4 prints 电影 好看's sentence vector [0.5, 0.5] and 好评概率 = sigmoid(1) ≈ 0.731",
              "b": "§6.4 prints 电影 精彩's 好评概率约 0.690"})
def chapter() -> dict:
    """Chapter page: the two reviews of §6.4 in one line each."""
    return {"vec": {k: _row(w) for k, w in zip(KEYS, WORDS)}, "a": _review(REVIEW_A), "b": _review(REVIEW_B)}


@kinds(course="cols dianying_dim rows vec",
       rules={"cols": "§6.1's table gives each word two columns, 第一维 and 第二维",
              "dianying_dim": "§6.1's printed table gives 电影 0.0 under 第一维 and 1.0 under 第二维",
              "rows": "§6.1's printed table has one row per word: 好看, 精彩, 难看, 无聊, 电影"})
def word_table() -> dict:
    """§6.1: the given table, one row per word, and the table's shape."""
    return {"vec": {k: _row(w) for k, w in zip(KEYS, WORDS)}, "rows": TABLE.shape[0], "cols": TABLE.shape[1],
            # 1-based column where 电影 has its largest coordinate: the dimension it occupies on its own
            "dianying_dim": _only_nonzero_dimension(_row("电影"))}


@kinds(course="dim length out_cols out_rows params table_shape toy_shape vec vocab", site_construction="id",
       rules={"toy_shape": "§6.1's printed table: one row per word (好看, 精彩, 难看, 无聊, 电影), "
                           "two columns (第一维, 第二维)"})
def lookup_shapes() -> dict:
    """§6.2: looking up ids returns rows; a 20-token sentence on a 10,000 x 128 table gives 20 x 128."""
    big = np.zeros((VOCAB_SIZE, DIM))
    sentence_ids = np.arange(SENTENCE_LENGTH) % VOCAB_SIZE
    looked_up = embedding_lookup(big, sentence_ids)
    longer = embedding_lookup(big, np.arange(LONGER_LENGTH) % VOCAB_SIZE)
    return {
        "id": {k: WORDS.index(w) for k, w in zip(KEYS, WORDS)},
        "vec": {k: _row(w) for k, w in zip(KEYS, WORDS)},
        "table_shape": list(big.shape), "vocab": big.shape[0], "dim": big.shape[1],
        "length": len(sentence_ids), "out_shape": list(looked_up.shape),
        "out_rows": looked_up.shape[0], "out_cols": looked_up.shape[1],
        "params": table_elements(VOCAB_SIZE, DIM),
        "toy_shape": list(TABLE.shape),
        # the same table looked up with a longer sentence: its shape's rows and columns
        "longer_length": LONGER_LENGTH, "longer_rows": longer.shape[0], "longer_cols": longer.shape[1],
    }


@kinds(course="lookup onehot product size table", site_construction="gap",   # table: §6.1's (course_also); gap: the site's check over all five words
       rules={"product": "§6.3: the one-hot times the table 恰好就是选中对应行 — §6.1's 好看 row [1.0, 0.0] (course_also)",
              "table": "§6.1 (course_also) prints the five-word table 好看/精彩/难看/无聊/电影, two columns each",
              "lookup": "§6.1 (course_also): 好看's printed row [1.0, 0.0]; §6.2 looks it up as 取出 [1.0, 0.0]"})
@inputs("table")
def one_hot_product() -> dict:
    """§6.3: one_hot(好看) @ TABLE picks row 0; the product equals the lookup for every word."""
    ids = list(range(len(WORDS)))
    gap = np.max(np.abs(one_hot_lookup(TABLE, ids) - embedding_lookup(TABLE, ids)))
    return {
        "size": len(WORDS), "onehot": one_hot(WORDS.index("好看"), len(WORDS)),
        "product": one_hot_lookup(TABLE, [WORDS.index("好看")])[0],
        "lookup": _row("好看"), "gap": float(gap), "table": TABLE,
        "table_6_1": np.array([word_table()["vec"][k] for k in KEYS]),  # §6.1's rows, in its table's order
    }


@kinds(course="a b b_review vec w a_reversed",
       rules={"b": "§6.4 scores 电影 好看 without a bias (不使用偏置): b = 0",
              "a_reversed": "电影 好看 with its two words swapped, the swap §18.5's exercise asks for (交换同一句话的词序); "
                            "§6.6: 平均值不依赖顺序, so §6.4's [0.5, 0.5], 1 and 0.731 again"})
@inputs("b", "w")
def average_and_classify() -> dict:
    """§6.4: average the word vectors, score with w = [2, 0] and no bias, apply the sigmoid."""
    return {"vec": {k: _row(w) for k, w in zip(KEYS, WORDS)}, "w": CLASSIFIER_W, "b": CLASSIFIER_B,
            "a": _review(REVIEW_A), "b_review": _review(REVIEW_B),
            # "“好看”放在前面或后面结果一样": the same review with its words reversed (好看 电影)
            "a_reversed": _review(REVIEW_A[::-1])}


@kinds(course="b n p rows touched untouched vec w y",    # §6.1's table, §6.4's w, b, p(电影 好看) and its word count 2 (course_also on the page)
       site_construction=("g grad_row grad_s grad_table loss loss_after lr new_b new_p new_vec new_w"),
       rules={"n": "§6.4 divides the sum of 电影 好看's two word vectors by its word count 2 (有两个词向量; /2)",
              "b": "§6.4 scores 电影 好看 without a bias (不使用偏置): b = 0",
              "rows": "§6.1's printed table has one row per word: 好看, 精彩, 难看, 无聊, 电影",
              "touched": "§6.4: 电影 好看 has two word vectors, the two rows it looks up (好看, 电影)",
              "untouched": "§6.1's five rows less the two §6.4's review looks up: 精彩, 难看, 无聊",
              "y": "§4.1 writes the label of a positive review as y = 1 (正确标签 y = 1，表示好评); "
                   "§1.1's table gives review A 电影好看 the human label 好评"})
@inputs("b", "lr", "y", "w")
def end_to_end_step() -> dict:
    """§6.5: gradients of the pooled classifier reach the looked-up rows only; one SGD step on E, w, b."""
    ids = _ids(REVIEW_A)
    step = pooled_logistic_step(TABLE, ids, CLASSIFIER_W, CLASSIFIER_B, REVIEW_A_LABEL)
    new_table = sgd_step(TABLE, step.grad_table, STEP_LR)
    new_w = sgd_step(CLASSIFIER_W, step.grad_w, STEP_LR)
    new_b = float(sgd_step(CLASSIFIER_B, step.grad_b, STEP_LR))
    after = pooled_logistic(new_table, ids, new_w, new_b)
    grad_rows = {k: step.grad_table[i] for i, k in enumerate(KEYS)}
    return {
        "vec": {k: _row(w) for k, w in zip(KEYS, WORDS)},
        "w": CLASSIFIER_W, "b": CLASSIFIER_B, "y": REVIEW_A_LABEL, "lr": STEP_LR, "n": len(ids),
        "s": pooled_logistic(TABLE, ids, CLASSIFIER_W, CLASSIFIER_B).sentence,
        "p": step.prob, "loss": step.loss, "g": step.grad_score, "grad_s": step.grad_sentence,
        "grad_w": step.grad_w, "grad_b": step.grad_b, "grad_row": grad_rows,
        "grad_table": step.grad_table,   # rows in WORDS order; REVIEW_A reads rows 0 (好看) and 4 (电影)
        "touched": int(sum(bool(np.any(row)) for row in step.grad_table)), "rows": len(TABLE),
        "untouched": int(sum(not np.any(row) for row in step.grad_table)),
        "new_vec": {k: new_table[i] for i, k in enumerate(KEYS)}, "new_w": new_w, "new_b": new_b,
        "new_s": after.sentence, "new_p": after.prob,
        "loss_after": pooled_logistic_step(new_table, ids, new_w, new_b, REVIEW_A_LABEL).loss,
    }


@kinds(course="dim s_forward", site_construction="s_backward",
       rules={"s_forward": "§6.4 (course_also) computes the 电影 好看 sentence vector: [(0+1)/2, (1+0)/2] = [0.5, 0.5]"})
@inputs("dim")
def what_is_missing() -> dict:
    """§6.6: averaging ignores order; the exercise's 128 dimensions are the §6.2 width."""
    forward = mean_pool(embedding_lookup(TABLE, _ids(REVIEW_A)))
    backward = mean_pool(embedding_lookup(TABLE, _ids(REVIEW_A[::-1])))
    return {"dim": DIM, "s_forward": forward, "s_backward": backward,
            "order_gap": float(np.max(np.abs(forward - backward)))}
