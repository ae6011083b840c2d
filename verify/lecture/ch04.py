"""Lecture chapter 4: the 2017 Transformer translator, part by part (教学构造).

Three identities are kept apart, each defined once below:

- NINE_SOURCE / NINE_LABELS: the current main line, the nine-unit source 我/昨天/给/了/他/一/本/书/。
  and its English target (§4.1, §4.11–§4.12). Only structure is computed for it (table sizes,
  legal target prefixes); no trained weights exist, so no numbers are read off it.
- READ_Q / READ_K / READ_V: the old chapter 3 read, two queries side by side as a matrix (§4.3).
- the BLOCK constants (X, WQ1 … W2, EPS): the old two-head, full-visibility post-norm block of
  §4.8–§4.10 (R7.1 '我、给、书' rows, untrained numbers). The same inputs are checked against
  torch.nn.TransformerEncoderLayer in tests/kernels/test_norms.py.

Every page number is computed from these inputs through kernels (kernels.attention,
kernels.blocks, kernels.norms, kernels.transformer_layer, kernels.parameters). The base-model
configuration of §4.11 is printed in the course (its restating of Vaswani et al. 2017); BASE feeds the
derived counts and is returned too, so the page's configuration and the constant cannot drift apart.
"""
from __future__ import annotations

from functools import partial

import numpy as np

from kernels.attention import (attend, attention_score_count, causal_mask, head_width, masked_softmax,
                               self_attention, sinusoidal_positions)
from kernels.blocks import feature_stats, ffn_parameter_count, layer_norm
from kernels.norms import ffn, post_ln_sublayer, relu
from kernels.parameters import attention_parameter_count
from kernels.transformer_layer import (additive_mask, loss_positions, multi_head_attention, self_attention_allowed,
                                       shift_right, zeroed_without_renormalizing)
from checker.evidence import inputs, kinds

# --------------------------------------------------------------------------- §4.1, §4.11–§4.12: nine units

NINE_SOURCE = ("我", "昨天", "给", "了", "他", "一", "本", "书", "。")
NINE_LABELS = ("I", "gave", "him", "a", "book", "yesterday", ".", "EOS")
BOS = "BOS"


@kinds(course="block_heads ffn_d ffn_hidden gave_reads gave_row n_src n_tgt out_rows scores", site_construction="mask",
       rules={"scores": "the course writes the score and weight tables as 9×9 (§4.1); scores is that product",
              "n_src": "§4.1 starts from 九个源单位 (我/昨天/给/了/他/一/本/书/。), says 九个位置都做一次 and "
                       "每个query都对九个来源归一化: the nine source units, positions, keys and rows the page counts",
              "gave_reads": "§4.1: the gave row 只能读取BOS、I、gave三项目标输入，包括自己: three target inputs",
              "n_tgt": "the course lists the right-shifted target inputs: BOS, the six words and the full stop",
              "gave_row": "the course's right-shifted target inputs are BOS, I, gave, …: gave is the third, "
                          "row 2 counting from zero"})
def nine_unit_translator() -> dict:
    """§4.1: table sizes of the nine-unit source and the legal prefix of the 'gave' target row."""
    n = len(NINE_SOURCE)
    inputs = shift_right(NINE_LABELS, BOS)
    gave_row = inputs.index("gave")
    mask = causal_mask(len(inputs)).astype(int)   # rows: target queries, columns: keys (the page binds row gave_row)
    return {
        "n_src": n, "scores": attention_score_count(n, n), "out_rows": n,
        # what gave may read: BOS, I and itself, the prefix up to its row (the mask's row is checked against it)
        "n_tgt": len(inputs), "gave_reads": len(inputs[:gave_row + 1]), "gave_row": gave_row, "mask": mask,
        "ffn_d": X.shape[1], "ffn_hidden": W1.shape[1],      # the small FFN shape of the BLOCK (§4.10)
        "block_heads": len(HEADS),                           # the BLOCK the later sections use
    }


# --------------------------------------------------------------------------- §4.2: the bank sentences

# the course's two teaching sentences, full stop split off; 4-2.md's code block imports them
BANK_SENTENCES = ("She deposited money at the bank .", "She sat on the bank of the river .")


# --------------------------------------------------------------------------- §4.3: two reads as one matrix

READ_Q = np.array([[1.0, 0.0], [0.0, 1.0]])
READ_K = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
READ_V = np.array([[2.0, 0.0], [0.0, 4.0], [1.0, 2.0]])
OLD_SIX_SOURCE = ("我", "昨天", "给了", "她", "一本", "书")   # the R7.1 six segments (6 x 6 table)


@kinds(course="A KT Q S V Y d_k m n n_peak scaled_one six", site_construction="A_scaled Y_scaled",
       rules={"n_peak": "the course's rows of A are (.422319, .155362, .422319) and (.155362, .422319, .422319): "
                        "each row's largest weight sits at two keys"})
@inputs("Q", "V")
def two_row_read() -> dict:
    """§4.3: the unscaled two-query read, then the same inputs with scores divided by sqrt(d_k)."""
    plain = attend(READ_Q, READ_K, READ_V)
    scaled = attend(READ_Q, READ_K, READ_V, scale=True)
    d_k = READ_K.shape[1]
    peaks = [np.flatnonzero(np.isclose(row, row.max())) for row in plain.weights]
    n = READ_K.shape[0]
    # the page says row 1 peaks at the first and last key, row 2 at the last keys
    if list(peaks[0]) != [0, n - 1] or list(peaks[1]) != list(range(n - len(peaks[1]), n)):
        raise ValueError(f"peak keys per row are {[list(p) for p in peaks]}; update the page's wording")
    return {
        "n_peak": [len(p) for p in peaks],
        "Q": READ_Q, "KT": READ_K.T, "V": READ_V, "m": READ_Q.shape[0], "n": READ_K.shape[0],
        "S": plain.scores, "A": plain.weights, "Y": plain.context,
        "d_k": d_k, "scaled_one": scaled.scores[0, 0], "S_scaled": scaled.scores,
        "A_scaled": scaled.weights, "Y_scaled": scaled.context,
        "six": len(OLD_SIX_SOURCE),
    }


# --------------------------------------------------------------------------- §4.8–§4.10: the old BLOCK

X = np.array([[1, 0, 1, 0], [0, 1, 0, 2], [1, 1, 0, 1]], dtype=np.float64)   # rows 我、给、书
WQ1 = np.array([[1, 0], [0, 1], [0, 0], [0, 0]], dtype=np.float64)           # head 1: Q, K from dims 1-2
WK1 = WQ1.copy()
WV1 = np.array([[0, 0], [0, 0], [1, 0], [0, 1]], dtype=np.float64)           # head 1: V from dims 3-4
WQ2 = WV1.copy()                                                              # head 2: Q from dims 3-4
WK2 = np.array([[0, 1], [1, 0], [0, 0], [0, 0]], dtype=np.float64)           # head 2: K = dims 2, 1
WV2 = WQ1.copy()                                                              # head 2: V from dims 1-2
WO = np.array([[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, -1, 0], [0, 1, 0, -1]], dtype=np.float64)
W1 = np.array([[1, 0, 0, 0, 1, -1], [0, 1, 0, 0, -1, 1], [0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 0]],
              dtype=np.float64)
W2 = np.array([[.5, 0, 0, 0], [0, .5, 0, 0], [0, 0, .5, 0], [0, 0, 0, .5], [0, 0, .25, 0], [0, 0, 0, .25]])
B1, B2 = np.zeros(W1.shape[1]), np.zeros(W2.shape[1])
GAMMA, BETA, EPS = 1.0, 0.0, 1e-5
HEADS = ((WQ1, WK1, WV1), (WQ2, WK2, WV2))


def _norm(Z):
    return layer_norm(Z, np.full(Z.shape[-1], GAMMA), np.full(Z.shape[-1], BETA), eps=EPS)


def _block() -> dict:
    mha = multi_head_attention(X, HEADS, WO)
    U = post_ln_sublayer(X, lambda Z: multi_head_attention(Z, HEADS, WO).output, _norm)
    hidden = relu(U @ W1 + B1)
    feed = ffn(U, W1, B1, W2, B2)
    Z = post_ln_sublayer(U, partial(ffn, W1=W1, b1=B1, W2=W2, b2=B2), _norm)
    return {"mha": mha, "residual": X + mha.output, "U": U, "hidden": hidden, "ffn": feed, "Z": Z}


def _inputs() -> dict:
    return {"X": X, "WO": WO, "W1": W1, "W2": W2, "d": X.shape[1], "H": len(HEADS),
            "d_k": WQ1.shape[1], "d_v": WV1.shape[1], "n": X.shape[0], "d_ff": W1.shape[1],
            "gamma": GAMMA, "beta": BETA, "eps": EPS}


@kinds(course="H H1 H2 WO X concat d d_k head2_k head2_q head2_v mha mha_width", site_construction="A1 A2",
       rules={"d": "§4.8 sets its example's width (取一个可复算的两头例子：d=4) and prints X with four columns: "
                   "the input's four dimensions from which each head's projections pick two",
              "concat": "the course's first-row head outputs (0.401112, 0.796664) and (0.598888, 0.802224) "
                        "side by side, the (a, b, c, d) it names",
              "mha_width": "§4.8 says the output returns to n×d with d=4; its printed first-row MHA output "
                           "(1.000000, 1.598888, -0.197776, -0.005560) has four entries"})
def two_heads() -> dict:
    """§4.8: each head's read of the first row, the concatenation and the output projection."""
    b = _block()
    h1, h2 = b["mha"].heads
    return {**_inputs(),
            "A1": h1.weights, "A2": h2.weights, "H1": h1.context, "H2": h2.context,
            "concat": b["mha"].concat, "mha": b["mha"].output, "concat_width": b["mha"].concat.shape[1],
            "mha_width": b["mha"].output.shape[1],   # W^O brings the concatenation back to the model width
            # which input features head 2's Q (trailing), K and V (leading) pick out
            "head2_q": _tail_length(np.flatnonzero(WQ2.any(axis=1)), X.shape[1]),
            "head2_k": _lead_length(np.flatnonzero(WK2.any(axis=1)), X.shape[1]),
            "head2_v": _lead_length(np.flatnonzero(WV2.any(axis=1)), X.shape[1])}


@kinds(course="U[0] X beta d eps gamma mha n residual",   # printed in §4.8 and §4.10 (course_also)
       site_construction="U ln_first_alone mean var",
       rules={"d": "§4.9: LayerNorm 对单个位置的 d 个特征计算均值和方差, with §4.8's d=4 (course_also); §4.10 "
                   "(course_also): 第一位置的四个数是 U_1 的四个分量: the row's four features",
              "n": "§4.8 (course_also) prints X as a 3×4 matrix, 三行对应“我、给、书”位置: the rows LayerNorm "
                   "normalizes one by one"})
def residual_layernorm() -> dict:
    """§4.9: X + MHA(X) for the first row, its feature statistics and LN_1 (gamma=1, beta=0)."""
    b = _block()
    mean, var = feature_stats(b["residual"])
    return {**_inputs(), "mha": b["mha"].output, "residual": b["residual"], "mean": mean, "var": var,
            "U": b["U"], "U_var": feature_stats(b["U"])[1],   # each normalized row's variance (eps keeps it below one)
            # LN_1 of the first row's residual alone, without the other rows: LayerNorm reads one row at a time
            "ln_first_alone": _norm(b["residual"][:1])}


@kinds(course="H U W1 W2 Z beta clipped d d_ff eps ffn gamma hidden kept_diff n_diff n_diff_targets residual",
       # the page's reading of W_1, W_2 (copied features, difference units) is the site's, not the course's;
       # the counts and positions it names are read off the course's printed W_1, W_2, U_1 and hidden row
       site_construction="ffn_first_alone pre_relu second_residual",
       rules={"d": "§4.10: 第一位置的四个数是 U_1 的四个分量, W_1∈R^{4×6}, W_2∈R^{6×4} (§4.8 sets d=4): the row's "
                   "four features and four output dimensions; the page's four copied columns of W_1 and four scaled "
                   "units of W_2 are read off the printed matrices (W_1's first four columns are the 4×4 identity, "
                   "W_2's first four rows 0.5 times it)",
              "n_diff": "the course's W_1 is 4×6 (d=4, d_ff=6): the columns after the four copied ones, 6 - 4",
              "clipped": "the course's U_1 (1.170705, 0.649589, -0.385419, -1.434875) is negative in features 3 and 4; "
                         "its printed ReLU row has zeros there",
              "kept_diff": "the course's printed ReLU row (…, 0.521116, 0.000000) keeps unit 5 and zeroes unit 6",
              "n_diff_targets": "the course's W_2 rows 5 and 6 put 0.25 into output features 3 and 4: the last two"})
def ffn_and_second_norm() -> dict:
    """§4.10: the first row through FFN (ReLU between W1 and W2) and the second Add & Norm."""
    b = _block()
    d = X.shape[1]
    pre_relu = (b["U"] @ W1 + B1)[0]
    return {**_inputs(), "residual": b["residual"], "U": b["U"], "hidden": b["hidden"], "ffn": b["ffn"],
            "second_residual": b["U"] + b["ffn"], "Z": b["Z"],
            # U W_1 + b_1 before ReLU (its columns are W_1's columns) and the FFN of the first row alone
            "pre_relu": b["U"] @ W1 + B1, "ffn_first_alone": ffn(b["U"][:1], W1, B1, W2, B2),
            # which copied features of row 1 ReLU cuts to zero (1-based), and the width beyond the copied features
            "clipped": [int(i) + 1 for i in np.flatnonzero(pre_relu[:d] < 0)], "n_diff": W1.shape[1] - d,
            # the one difference unit of row 1 that ReLU keeps (1-based)
            "kept_diff": _only(np.flatnonzero(pre_relu[d:] > 0)) + d + 1,
            # how many trailing output features W_2 adds the difference units to
            "n_diff_targets": _tail_length([int(np.flatnonzero(W2[r])[0]) for r in range(d, W2.shape[0])], d)}


def _only(indices) -> int:
    """The single index in `indices` (the page says 只有…那个)."""
    if len(indices) != 1:
        raise ValueError(f"expected exactly one index, got {list(indices)}; the page's 只有正的那个 would be wrong")
    return int(indices[0])


def _lead_length(indices, width: int) -> int:
    """Length of `indices` when they are exactly the first features of a row of `width` (the page says 前N维)."""
    indices = sorted(int(i) for i in indices)
    if indices != list(range(len(indices))):
        raise ValueError(f"features {indices} are not the leading ones of {width}; the page's 前N维 would be wrong")
    return len(indices)


def _tail_length(indices, width: int) -> int:
    """Length of `indices` when they are exactly the last features of a row of `width` (the page says 后N维)."""
    indices = sorted(int(i) for i in indices)
    if indices != list(range(width - len(indices), width)):
        raise ValueError(f"features {indices} are not the trailing ones of {width}; the page's 后N维 would be wrong")
    return len(indices)


# --------------------------------------------------------------------------- §4.5: permutation, then positions

PERMUTATION = [2, 0, 1]   # new order: old row 3, row 1, row 2 (1-based, as the lecture says it)


@kinds(course="H WQ WV X Y_first d n n_qk n_v order",   # the BLOCK's X and head 1 (§4.8, §4.10 code: course_also);
       site_construction="PE Y Y_perm Y_pos Y_pos_perm Y_rest third_after third_before")   # Y_first: §4.8 prints it
@inputs("WQ", "WV", "X")
def permutation_and_positions() -> dict:
    """§4.5, 本站构造 on the BLOCK rows with head 1 only: no positions -> rows move with the input;
    with sinusoidal positions added at fixed places -> the moved row reads something else."""
    head = (WQ1, WK1, WV1)
    Y = self_attention(X, *head).context
    Y_perm = self_attention(X[PERMUTATION], *head).context
    P = sinusoidal_positions(len(X), X.shape[1])
    Y_pos = self_attention(X + P, *head).context
    Y_pos_perm = self_attention(X[PERMUTATION] + P, *head).context
    moved = PERMUTATION.index(2)           # where the old third row lands
    d = X.shape[1]
    return {
        "X": X, "WQ": WQ1, "WK": WK1, "WV": WV1, "d": d, "n": X.shape[0], "H": len(HEADS),
        # how many leading input features Q, K read and how many trailing ones V reads
        "n_qk": _lead_length(np.flatnonzero(WQ1.any(axis=1)), d),
        "n_v": _tail_length(np.flatnonzero(WV1.any(axis=1)), d),
        "order": [i + 1 for i in PERMUTATION], "Y": Y, "Y_first": Y[:1], "Y_rest": Y[1:], "Y_perm": Y_perm,
        "max_gap": float(np.max(np.abs(Y_perm - Y[PERMUTATION]))),
        "PE": P, "Y_pos": Y_pos, "Y_pos_perm": Y_pos_perm,
        "third_before": Y_pos[2], "third_after": Y_pos_perm[moved],
    }


# --------------------------------------------------------------------------- §4.6: masks

TARGET_INPUTS = ("BOS", "I", "gave")
EQUAL_SCORES = np.zeros((3, 3))   # all scores equal, so only the mask shapes the weights


@kinds(course="M gave_row n n_forbidden", site_construction="right wrong wrong_sums",
       rules={"n": "§4.6: 三个目标输入位置的 causal mask, printed as a 3×3 M over BOS、I、gave: three target inputs, "
                   "one row each in M and in the site's two weight tables built on it",
              "n_forbidden": "the course's three-position M has three −∞ entries above the diagonal",
              "gave_row": "the course's target inputs are BOS, I, gave: gave is the third, row 2 counting from zero"})
def masks() -> dict:
    """§4.6: the additive causal mask for three target inputs, masked softmax on equal scores,
    and the wrong shortcut that zeroes weights without renormalizing."""
    n = len(TARGET_INPUTS)
    allowed = causal_mask(n)
    M = additive_mask(allowed)
    right = masked_softmax(EQUAL_SCORES, allowed)
    wrong = zeroed_without_renormalizing(EQUAL_SCORES, allowed)
    return {
        "n": n, "M": M, "n_forbidden": int((~allowed).sum()), "gave_row": TARGET_INPUTS.index("gave"),
        "right": right, "wrong": wrong, "wrong_sums": wrong.sum(axis=-1),
    }


# --------------------------------------------------------------------------- §4.11: the base model, counted

BASE = {"layers": 6, "d": 512, "heads": 8, "d_ff": 2048}   # lecture §4.11 (from Vaswani et al. 2017 v1 §3.1–§3.3)


@kinds(course="d_ff d_k d_model heads layers",
       site_construction="attention decoder_layer decoder_stack encoder_layer encoder_stack ffn ffn_share")
@inputs("d_ff", "d_model", "heads", "layers")
def base_model_counts() -> dict:
    """§4.11: weight-matrix entries per sublayer and layer at the base configuration (no biases,
    no LayerNorm, no embeddings): 4 d x d projections per attention sublayer, 2 d d_ff in the FFN."""
    d, d_ff, L = BASE["d"], BASE["d_ff"], BASE["layers"]
    attention = attention_parameter_count(d)         # W^Q, W^K, W^V (all heads) and W^O
    feed = ffn_parameter_count(d, d_ff, bias=False)
    encoder_layer = attention + feed
    decoder_layer = 2 * attention + feed             # masked self-attention + cross-attention + FFN
    return {
        "layers": L, "d_model": d, "heads": BASE["heads"], "d_ff": d_ff,   # the course's inputs, bound to the page
        "d_k": head_width(d, BASE["heads"]), "attention": attention, "ffn": feed,
        "encoder_layer": encoder_layer, "decoder_layer": decoder_layer,
        "encoder_stack": L * encoder_layer, "decoder_stack": L * decoder_layer,
        "ffn_share": feed / encoder_layer,
    }


# --------------------------------------------------------------------------- §4.13: a padded batch of two samples

PAD = "PAD"
BATCH_SOURCE = {"A": ("我", "昨天", "给了", "她", "一本", "书"), "B": ("她", "笑了", PAD, PAD, PAD, PAD)}
# B's labels are the course's; A's are the site's completion of the course's inputs A by the shift rule, the
# word after book borrowed from lecture §2.6's same English sentence (at input book it predicts yesterday)
BATCH_LABELS = {"A": ("I", "gave", "her", "a", "book", "yesterday"), "B": ("she", "smiled", "EOS", PAD, PAD, PAD)}


# the page's last simulation row shifts every component to this mean (the premise wants zero)
MEAN_SHIFT = 1.0
# §4.4: under the premise, the scaled scores keep a variance of about 1
PREMISE_VAR = 1


@inputs("mean_shift", "premise_var")
@kinds(site_construction="mean_one_var mean_shift", course="premise_var")
def scaling_simulation() -> dict:
    """§4.4's site simulation, drawn as the page's code draws it (seed 0; d_k 4, 64, 256; then components of mean
    1 at d_k 64): the variance of the scaled scores when the zero-mean premise fails."""
    from kernels.attention import dot_scores, scaled_dot_scores
    from kernels.probability import softmax
    rng = np.random.default_rng(0)
    raw_var, peak_raw = [], []
    for d_k in (4, 64, 256):
        Q, K = rng.normal(size=(1000, d_k)), rng.normal(size=(1000, d_k))   # the page's zero-mean rows, same draws
        raw = dot_scores(Q, K)
        raw_var.append(float(raw.var()))
        peak_raw.append(float(softmax(raw[:, :8]).max(axis=-1).mean()))   # each query reads 8 keys, as on the page
    q = MEAN_SHIFT + rng.normal(size=(1000, 64))
    k = MEAN_SHIFT + rng.normal(size=(1000, 64))
    return {"mean_one_var": float(scaled_dot_scores(q, k).var()), "mean_shift": MEAN_SHIFT,
            "premise_var": PREMISE_VAR,
            # unscaled, per d_k = 4, 64, 256: the scores' variance and the mean largest weight over 8 keys
            "raw_var": raw_var, "peak_raw": peak_raw}


@kinds(course="b_loss b_pad_queries b_src_pad_first b_src_pad_last index_base length n_samples",
       site_construction="a_loss b_self_allowed mask_allowed mask_blocked",   # the course gives no labels for A; the page completes them by the shift rule
       rules={"b_pad_queries": "the course's target input B is BOS she smiled EOS PAD PAD: its last two rows are PAD",
              "b_loss": "§4.13: 目标标签B=she smiled EOS PAD PAD PAD，所以只有前三个loss有效: B's first three labels "
                        "are real tokens",
              "length": "§4.13: 对目标6×6 scores，causal允许矩阵为: the target table has six rows and six columns "
                        "(each sample padded to six tokens, as A=我 昨天 给了 她 一本 书)"})
@inputs("index_base")
def padded_batch() -> dict:
    """§4.13: how many labels enter the loss per sample, and how many
    of B's shifted target inputs are padding queries (rows that compute outputs nobody supervises)."""
    length = len(BATCH_SOURCE["A"])
    if any(len(s) != length for s in (*BATCH_SOURCE.values(), *BATCH_LABELS.values())):
        raise ValueError("every sample of the batch must be padded to the same length")
    b_inputs = shift_right(BATCH_LABELS["B"], BOS)
    return {
        "n_samples": len(BATCH_SOURCE), "length": length,
        "a_loss": int(loss_positions(BATCH_LABELS["A"], PAD).sum()),
        "b_loss": int(loss_positions(BATCH_LABELS["B"], PAD).sum()),
        "b_pad_queries": sum(t == PAD for t in b_inputs),
        "src_len": {k: len(s) for k, s in BATCH_SOURCE.items()},   # each padded source's length
        # where B's source padding sits (0-based), the span the course names
        "b_src_pad_first": BATCH_SOURCE["B"].index(PAD),
        "b_src_pad_last": len(BATCH_SOURCE["B"]) - 1 - BATCH_SOURCE["B"][::-1].index(PAD),
        "index_base": 0,   # the course counts positions from 0 (§4.13 "从0计")
        # how the site's printed matrices write an allowed and a blocked connection (int of the boolean mask)
        "mask_allowed": int(causal_mask(2)[1, 0]), "mask_blocked": int(causal_mask(2)[0, 1]),
        # B's target self-attention: causal and its own key padding (rows: queries, columns: keys)
        "b_self_allowed": self_attention_allowed([sum(t != PAD for t in b_inputs)], length, causal=True)[0].astype(int),
    }
