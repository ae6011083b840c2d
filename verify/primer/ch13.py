"""Primer chapter 13: one self-attention layer over three positions A / B / C (教学构造).

The inputs X and the projections W_Q, W_K, W_V are given teaching numbers, defined once here.
Scores, weights, masks, positions and head widths come from kernels.attention; LayerNorm
statistics, the FFN parameter count and RoPE from kernels.blocks. Nothing is rounded before
the end: the page prints three decimals of exactly computed values.
"""
import math

import numpy as np

from kernels.attention import (attention_score_count, causal_mask, dot_scores, head_width,
                               masked_softmax, scaled_dot_scores, self_attention,
                               sinusoidal_positions)
from kernels.blocks import center, feature_stats, ffn_parameter_count, layer_norm, rotary_embed
from checker.evidence import inputs, kinds

LABELS = ("A", "B", "C")
X = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])   # rows: positions A, B, C
W_Q = np.array([[1.0, 0.0], [0.0, 1.0]])
W_K = np.array([[1.0, 0.0], [0.0, 1.0]])
W_V = np.array([[1.0, 0.0], [0.0, 2.0]])              # doubles the second feature

PERMUTATION = [2, 0, 1]                              # new order C, A, B (§13.6)
SIN_BASE = 10000.0                                   # Vaswani et al. §3.5
TOKEN_POSITIONS_FAR = 4                              # "the fifth place", 0-based (§13.6)
ROPE_PAIRS = [(0, 2), (3, 5), (0, 3)]                # (query position m, key position n)

LONG_SENTENCE = 100                                  # §13.4
D_MODEL, N_HEADS = 128, 4                            # §13.7
D_FFN = 512                                          # §13.8
LN_INPUT = np.array([1.0, 3.0])                      # §13.8
LN_EPS = 1e-5   # the site's own choice (torch's default); primer §13.8 prints no ε
PRINTED_DECIMALS = 3                                 # §13.3 shows intermediates to three decimals


def _projections():
    return X @ W_Q, X @ W_K, X @ W_V


@kinds(course="W_V v_B v_C x_B x_C")
@inputs("W_V")
def projection_example() -> dict:
    """§13.2: one row through W_V, to show a projection reweights features."""
    _, _, V = _projections()
    return {"x_C": X[2], "W_V": W_V, "v_C": V[2], "x_B": X[1], "v_B": V[1]}


def _stepwise_rounded(decimals: int) -> np.ndarray:
    """The outputs as a hand calculation gets them: every intermediate rounded before the next step."""
    Q, K, V = _projections()
    r = lambda a: np.round(a, decimals)
    scaled = r(r(dot_scores(Q, K)) / r(math.sqrt(K.shape[-1])))
    exps = r(np.exp(scaled))
    weights = r(exps / r(exps.sum(axis=1, keepdims=True)))
    return r(weights @ V)


@kinds(course="K Q V W_K W_Q W_V X dk dots_A exps_A n out_A scaled_A sqrt_dk sum_A weights_A "
              "out[0] raw[0] scaled[0] weights[0] decimals",
       site_construction="out raw scaled stepwise_gap_C weights",
       rules={"decimals": "the decimals §13.3 prints (1.414, 0.707, 2.028) and the primer's opening convention states (展示时保留三位小数)"})
@inputs("decimals", "W_K", "W_Q", "W_V", "X")
def worked_self_attention() -> dict:
    """§13.3: the full self-attention of A, B, C, with position A spelled out."""
    Q, K, V = _projections()
    read = self_attention(X, W_Q, W_K, W_V)
    d_k = K.shape[-1]
    exps_A = np.exp(scaled_dot_scores(Q[0], K))
    stepwise, shown = _stepwise_rounded(PRINTED_DECIMALS), np.round(read.context, PRINTED_DECIMALS)
    # the page says hand arithmetic on rounded values reproduces A's output but not C's
    assert np.array_equal(stepwise[0], shown[0]) and not np.array_equal(stepwise[2], shown[2])
    return {
        "X": X, "W_Q": W_Q, "W_K": W_K, "W_V": W_V, "Q": Q, "K": K, "V": V,
        "dk": d_k, "n": len(X), "sqrt_dk": math.sqrt(d_k),
        "dots_A": dot_scores(Q[0], K), "raw": dot_scores(Q, K),
        "scaled_A": scaled_dot_scores(Q[0], K),
        "exps_A": exps_A, "sum_A": exps_A.sum(),
        "weights": read.weights, "out": read.context,   # all three rows; the course works out A's only
        "weights_A": read.weights[0], "out_A": read.context[0],
        "scaled": read.scores,
        "decimals": PRINTED_DECIMALS,
        "stepwise_gap_C": float(np.max(np.abs(stepwise[2] - shown[2]))),
    }


@kinds(course="count doubling growth long long_count n", site_construction="double double_count weights",
       rules={"doubling": "primer §14.2 (course_also): 长度翻倍", "growth": "primer §14.2 (course_also): 表格面积变为四倍",
              "count": "the cells of the 3×3 分数表 §13.4 prints (three readers × three candidates)",
              "long_count": "the product §13.4 prints: 句子长 100 个 token，就有 100×100 个匹配分数",
              "n": "primer §13.4: 本例有三个读取位置，每个位置都比较三个候选 — the positions A, B, C, counted"})
@inputs("doubling", "long")
def score_table_size() -> dict:
    """§13.4: every query meets every key; §13.3's weights show softmax runs along each reader's row."""
    n = len(X)
    doubling = 2                                       # §14.2's 长度翻倍
    double = doubling * LONG_SENTENCE
    return {
        "n": n, "count": attention_score_count(n, n),
        "weights": self_attention(X, W_Q, W_K, W_V).weights,   # rows: readers A, B, C (relation only)
        "long": LONG_SENTENCE, "long_count": attention_score_count(LONG_SENTENCE, LONG_SENTENCE),
        "double": double, "doubling": doubling,
        "double_count": attention_score_count(double, double),
        "growth": attention_score_count(double, double)
                  / attention_score_count(LONG_SENTENCE, LONG_SENTENCE),
    }


@kinds(course="V allowed kept_A out_A scores_A weights_A", site_construction="out unmasked_out_C weights",
       rules={"V": "the V column of §13.3's projection table (A [1,0], B [0,2], C [1,2]); the page says it reuses §13.3's inputs"})
def causal_read() -> dict:
    """§13.5: the same layer with a causal mask."""
    Q, K, V = _projections()
    scaled = scaled_dot_scores(Q, K)
    allowed = causal_mask(len(X))
    weights = masked_softmax(scaled, allowed)
    read = self_attention(X, W_Q, W_K, W_V, causal=True)
    return {
        "scores_A": scaled[0], "kept_A": scaled[0][0],
        "weights": weights, "out": read.context, "V": V,   # all three rows; the course works out A's only
        "weights_A": weights[0], "out_A": read.context[0],
        "unmasked_out_C": self_attention(X, W_Q, W_K, W_V).context[2],
        "allowed": allowed.astype(int),   # the ✓/✗ table: 1 where reader i may read position j (relation only)
    }


@kinds(site_construction=("A_at_0 A_at_far max_gap out out_perm out_perm_pos out_pos pe "
                          "rope rope_offsets rope_pairs"),
       course="base out_A k plain_dot q pe_dim",   # out_A, A's Q (q), C's K (k) and their plain dot product 1 are printed in §13.3 (course_also)
       rules={"base": "the sinusoidal encoding's constant 10000, printed in the formula of lecture §4.5 (course_also), from vaswani2017neurips §3.5",
              "pe_dim": "the two features of each input vector §13.3 (course_also) prints (每个位置有两个特征)"})
@inputs("base", "rope_pairs")
def positions() -> dict:
    """§13.6: permutation equivariance without positions; what adding sinusoidal positions changes; RoPE."""
    base = self_attention(X, W_Q, W_K, W_V).context
    permuted = self_attention(X[PERMUTATION], W_Q, W_K, W_V).context
    pe = sinusoidal_positions(TOKEN_POSITIONS_FAR + 1, X.shape[1], base=SIN_BASE)
    with_pos = self_attention(X + pe[:3], W_Q, W_K, W_V).context
    permuted_with_pos = self_attention(X[PERMUTATION] + pe[:3], W_Q, W_K, W_V).context
    Q, K, _ = _projections()
    q, k = Q[0], K[2]                                   # query of A, key of C
    rope = [float(dot_scores(rotary_embed(q[None], [m])[0], rotary_embed(k[None], [n]))[0])
            for m, n in ROPE_PAIRS]
    return {
        "out": base, "out_perm": permuted, "out_A": base[0],
        "max_gap": float(np.max(np.abs(permuted - base[PERMUTATION]))),
        "base": SIN_BASE, "pe": pe,
        "A_at_0": X[0] + pe[0], "A_at_far": X[0] + pe[TOKEN_POSITIONS_FAR],
        "far": TOKEN_POSITIONS_FAR,
        "out_pos": with_pos, "out_perm_pos": permuted_with_pos,
        "pe_dim": X.shape[1],
        "q": q, "k": k, "rope_pairs": ROPE_PAIRS, "rope_offsets": [n - m for m, n in ROPE_PAIRS],
        "rope": rope, "plain_dot": float(dot_scores(q, k[None])[0]),
    }


@kinds(course="d_head d_model h")
@inputs("d_model", "h")
def heads() -> dict:
    """§13.7: splitting 128 features over 4 heads."""
    return {"d_model": D_MODEL, "h": N_HEADS, "d_head": head_width(D_MODEL, N_HEADS)}


@kinds(course="centered d_ffn d_model mean out_A x", site_construction="eps ffn_params ffn_weights ln var")
@inputs("d_ffn", "eps", "x", "d_model")
def block() -> dict:
    """§13.8: FFN width and parameters, the centering step of LayerNorm, and the exercise."""
    mean, var = feature_stats(LN_INPUT)
    return {
        "d_model": D_MODEL, "d_ffn": D_FFN,
        "ffn_params": ffn_parameter_count(D_MODEL, D_FFN),
        "ffn_weights": ffn_parameter_count(D_MODEL, D_FFN, bias=False),
        "x": LN_INPUT, "mean": float(mean), "var": float(var), "centered": center(LN_INPUT),
        "eps": LN_EPS, "ln": layer_norm(LN_INPUT, eps=LN_EPS),
        "out_A": self_attention(X, W_Q, W_K, W_V).context[0],
    }


@kinds(course="X n_features out_A d_model h d_head",
       rules={"X": "§13.3's input table: A [1,0], B [0,1], C [1,1]",
              "n_features": "§13.3: 每个位置有两个特征", "out_A": "§13.3: A 的新表示 ≈ [0.802,1.198]",
              "d_model": "§13.7: 总维度是 128", "h": "§13.7: 分成 4 个 head", "d_head": "§13.7: 每个 head 可以使用 32 维"})
@inputs("X", "d_model", "h")
def chapter() -> dict:
    """Chapter page: the inputs and the headline result of §13.3, and §13.7's wider split."""
    return {"X": X, "out_A": self_attention(X, W_Q, W_K, W_V).context[0], "n_features": X.shape[1],
            "d_model": D_MODEL, "h": N_HEADS, "d_head": head_width(D_MODEL, N_HEADS)}
