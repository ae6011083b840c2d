"""Lecture chapter 5: training objectives and modern block parts (教学构造).

Every input below is a teaching choice, defined once and returned so the page states it as a
claim too. The objectives come from kernels.pretraining and kernels.sampling, the loss and its
gradient from kernels.probability, the norms, QKNorm and SwiGLU from kernels.norms and
kernels.blocks, routing from kernels.parameters and rotation from kernels.blocks.rotary_embed.
No number here is a trained model's output or a paper's result.
"""
import numpy as np

from kernels.attention import causal_mask
from kernels.blocks import ffn_parameter_count, layer_norm, rotary_embed
from kernels.norms import (post_ln_sublayer, pre_ln_sublayer, qk_norm_scores, rms_norm, silu,
                           swiglu_parameter_count, swiglu_width_for_budget)
from kernels.parameters import moe_parameter_counts, top_k_routing
from kernels.pretraining import mask_tokens, span_corruption
from kernels.probability import cross_entropy, cross_entropy_grad, softmax
from kernels.sampling import next_token_pairs
from checker.evidence import inputs, kinds

# The separate her/red sentence kept for the objective details (§5 opening, §5.1, §5.3).
HER_SENTENCE = ("I", "gave", "her", "a", "red", "book", "yesterday", ".")
BERT_CHOSEN = (2, 4)                 # her, red
BERT_RANDOM = {4: "blue"}            # the chosen red is shown as a random word, as in §5.1
T5_DROPPED = (1, 4, 5)               # gave, and the run red book

# The main him sentence for next-token prediction (§5 opening, §5.2).
HIM_SENTENCE = ("I", "gave", "him", "a", "book", "yesterday", ".")

# §5.5: one next-token update at the prefix BOS I gave, label her, over a four-word teaching vocabulary.
STEP_VOCAB = ("her", "him", "book", "a")
STEP_LOGITS = np.array([1.0, 2.0, 0.0, -1.0])
STEP_LABEL = 0

# §5.8
NORM_X = np.array([1.0, 3.0])
NORM_SHIFT = 10.0
NORM_BRANCH = 0.0                    # the residual branch F that outputs zero (F = 0)

# §5.9: one query, one key, the key then scaled by ten.
QK_Q = np.array([1.0, 0.0])
QK_K = np.array([1.0, 1.0])
QK_SCALE = 10.0
QK_G = 1.0                     # §5.9's worked pair: the learnable scale g fixed at 1 (the site's choice)

# §5.10
D_MODEL = 512   # the base width printed in lecture §4.11, borrowed by 5-10.md
SILU_AT = -1.0

# §5.11
ROUTER = np.array([0.1, 0.7, 0.2])

# §5.12: q = k = (1, 0), theta = pi/2 (d = 2, so rotary_embed turns by position x 1 rad).
ROPE_Q = np.array([1.0, 0.0])
ROPE_THETA = np.pi / 2
ROPE_OFFSETS = (0, 1, 2)
ROPE_SHIFT = 3                       # move both positions by the same amount

# §5.17: the detail query of the second task asks about the event this many minutes back.
SENSOR_QUERY_MINUTES_AGO = 17


@kinds(course="n positions scored shown_masks unscored",
       rules={"n": ("the course's sentence I gave her a red book yesterday . (printed in the chapter-5 opening; §5.1 prints "
                    "its masked form I gave [MASK] a blue book yesterday .) has eight space-separated tokens, the full stop included"),
              "scored": "§5.1 chooses two positions, her and red (选中her和red两个位置)",
              "positions": "in the course's sentence her is the third token and red the fifth (counting from 1)",
              "shown_masks": "the course's input I gave [MASK] a blue book yesterday . shows one [MASK]",
              "unscored": "the course's eight tokens less its two chosen positions her and red"})
def bert_example() -> dict:
    """§5.1: which positions the MLM loss scores in the her/red sentence."""
    ex = mask_tokens(HER_SENTENCE, BERT_CHOSEN)
    shown = [BERT_RANDOM.get(i, tok) for i, tok in enumerate(ex.inputs)]
    return {
        "n": len(HER_SENTENCE), "scored": len(ex.scored),
        "unscored": len(HER_SENTENCE) - len(ex.scored),
        "positions": [p + 1 for p in ex.scored],
        "shown_masks": sum(t == "[MASK]" for t in shown),
    }


@kinds(course="n predictions him_prefix him_step", site_construction="prefix_len reads",
       rules={"n": "lecture §2.3 (course_also) counts the same sentence I gave him a book yesterday .: "
                   "目标文本7项再加EOS，共8个预测目标: seven text items",
              "him_step": "lecture §2.3 (course_also) predicts I first, then gave, and him third, after I gave",
              "him_prefix": "lecture §2.3: him is predicted once the inputs BOS, I and gave are in, three tokens"})
def gpt_prefixes() -> dict:
    """§5.2: a sentence of n tokens with BOS/EOS gives n + 1 legal prefix predictions. reads is the causal mask
    the parallel computation uses over those n + 1 inputs (row t: the positions prediction t may read), and
    prefix_len the length of each table row's input prefix: the mask's rows must read exactly those prefixes."""
    inputs, targets = next_token_pairs(HIM_SENTENCE)
    him = targets.index("him")
    return {"n": len(HIM_SENTENCE), "predictions": len(targets),
            "him_step": him + 1, "him_prefix": len(inputs[: him + 1]),
            "reads": causal_mask(len(inputs)).astype(float),
            "prefix_len": [len(inputs[: t + 1]) for t in range(len(targets))]}


@kinds(course="spans dec_len dec_sentinels dropped enc_len enc_sentinels kept",
       rules={"dropped": "the course deletes gave and red book: 1 + 2 words",
              "enc_len": "the course prints the encoder input I <extra_id_0> her a <extra_id_1> yesterday . : seven tokens",
              "enc_sentinels": "the printed encoder input holds <extra_id_0> and <extra_id_1>: two sentinels",
              "kept": "the printed encoder input keeps I, her, a, yesterday, . : five original words",
              "dec_len": "the course prints the decoder target <extra_id_0> gave <extra_id_1> red book <extra_id_2>: six tokens",
              "dec_sentinels": "the printed decoder target holds <extra_id_0>, <extra_id_1>, <extra_id_2>: three sentinels"})
def t5_example() -> dict:
    """§5.3: span corruption of gave and red book."""
    enc, dec = span_corruption(HER_SENTENCE, T5_DROPPED)
    sentinel = lambda t: t.startswith("<extra_id_")
    spans = sum(1 for i, p in enumerate(T5_DROPPED) if i == 0 or p != T5_DROPPED[i - 1] + 1)
    return {
        "dropped": len(T5_DROPPED), "spans": spans, "enc_len": len(enc), "dec_len": len(dec),
        "enc_sentinels": sum(map(sentinel, enc)), "dec_sentinels": sum(map(sentinel, dec)),
        "kept": sum(not sentinel(t) for t in enc),
    }


@kinds(site_construction="grad logits loss n_vocab probs")
@inputs("logits")
def one_update() -> dict:
    """§5.5: loss and logit gradient p_j - 1[j = her] at one position."""
    return {
        "n_vocab": len(STEP_VOCAB), "logits": STEP_LOGITS, "probs": softmax(STEP_LOGITS),
        "loss": cross_entropy(STEP_LOGITS, STEP_LABEL),
        "grad": cross_entropy_grad(STEP_LOGITS, STEP_LABEL),
    }


@kinds(course="branch dim ln ln_shifted mean_sq rms shift x x_zero",
       # x_zero: §5.8's x=(1,3), which the page reuses in its own F = 0 box: a value the course set stays the
       # course's (checker/borrowing.py); post_zero and pre_zero are what the site computes from it
       site_construction="post_zero pre_zero rms_shifted shifted",
       rules={"dim": "§5.8's x=(1,3) has two entries, and the course says 给两项同时加10: two items",
              "x_zero": "§5.8 prints x=(1,3) for its LN/RMSNorm hand computation; the page reuses it for the F=0 case",
              "mean_sq": "the 5 under §5.8's printed RMSNorm result (1/√5,3/√5) for x=(1,3): (1²+3²)/2",
              "rms": "§5.8 prints RMSNorm(x)=(1/√5,3/√5) for x=(1,3), g=(1,1), eps ignored; the page writes it in decimals",
              "ln_shifted": "§5.8: 给两项同时加10，LN不变 — the shifted vector's LN is its printed LN(x)=(-1,1)"})
@inputs("shift", "branch", "x", "x_zero")
def norms() -> dict:
    """§5.8: LayerNorm vs RMSNorm on x and x + 10, and F = 0 in post-LN vs pre-LN."""
    shifted = NORM_X + NORM_SHIFT
    zero = lambda x: np.full_like(x, NORM_BRANCH)
    return {
        "x": NORM_X, "x_zero": NORM_X, "dim": len(NORM_X), "shift": NORM_SHIFT, "shifted": shifted, "branch": NORM_BRANCH,
        "mean_sq": float(np.mean(NORM_X ** 2)),
        "ln": layer_norm(NORM_X, eps=0.0), "rms": rms_norm(NORM_X, eps=0.0),
        "ln_shifted": layer_norm(shifted, eps=0.0), "rms_shifted": rms_norm(shifted, eps=0.0),
        "post_zero": post_ln_sublayer(NORM_X, zero, lambda v: layer_norm(v, eps=0.0)),
        "pre_zero": pre_ln_sublayer(NORM_X, zero, lambda v: layer_norm(v, eps=0.0)),
    }


@kinds(course="scale", site_construction="cos cos_scaled dot dot_scaled g k q")
@inputs("scale", "g", "k", "q")
def qk_norm() -> dict:
    """§5.9: a key scaled by ten changes the dot product, not the QKNorm score (g = 1)."""
    Q, K = QK_Q[None, :], QK_K[None, :]
    K2 = QK_SCALE * K
    return {
        "q": QK_Q, "k": QK_K, "scale": QK_SCALE, "g": QK_G,
        "dot": float((Q @ K.T)[0, 0]), "dot_scaled": float((Q @ K2.T)[0, 0]),
        "cos": float(qk_norm_scores(Q, K, g=QK_G)[0, 0]), "cos_scaled": float(qk_norm_scores(Q, K2, g=QK_G)[0, 0]),
    }


@kinds(course="d hidden plain_matrices swiglu_matrices",   # d, 4d: the base widths printed in §4.11 (course_also)
       site_construction="plain silu silu_at swiglu_4d swiglu_same width",
       rules={"swiglu_matrices": "§5.10: SwiGLU三矩阵要用约8d/3中间宽 (W_u, W_g, W_d of its formula): three matrices"})
@inputs("d", "silu_at")
def swiglu_budget() -> dict:
    """§5.10: the hidden width at which SwiGLU matches a 4d-wide FFN's weights, and SiLU(-1)."""
    plain = ffn_parameter_count(D_MODEL, 4 * D_MODEL, bias=False)
    width = swiglu_width_for_budget(4 * D_MODEL)
    swiglu_4d = swiglu_parameter_count(D_MODEL, 4 * D_MODEL)
    one_matrix = D_MODEL * 4 * D_MODEL        # weights of one d x 4d matrix
    return {
        "d": D_MODEL, "hidden": 4 * D_MODEL, "plain": plain, "width": width,
        "plain_matrices": plain // one_matrix, "swiglu_matrices": swiglu_4d // one_matrix,
        "swiglu_same": swiglu_parameter_count(D_MODEL, width),
        "swiglu_4d": swiglu_4d,
        "silu_at": SILU_AT, "silu": float(silu(SILU_AT)),
    }


@kinds(course="doubling n_experts router top1 w1", site_construction="active_experts doubled_active top2 total_experts w2",
       rules={"n_experts": "§5.11: 想象三个FFN专家E1/E2/E3 (FFN = 前馈): three feed-forward experts",
              "doubling": "the course's quoted claim 总参数翻倍但FLOPs不变: twice the experts, twice the stored expert parameters",
              "top1": "the expert §5.11's Switch top-1 rule computes (只计算E2): the number in its name E2"})
@inputs("router")
def moe_routing() -> dict:
    """§5.11: Switch-style top-1 keeps the raw weight; a renormalized top-2 is a different rule."""
    top1, w1 = top_k_routing(ROUTER, 1)
    top2, w2 = top_k_routing(ROUTER, 2, renormalize=True)
    counts = moe_parameter_counts(len(ROUTER), 1, 1)      # in units of one expert's parameters P
    doubled = moe_parameter_counts(2 * len(ROUTER), 1, 1)  # the quoted claim: twice the experts, the same k
    return {
        "router": ROUTER, "n_experts": len(ROUTER), "top1": int(top1[0]) + 1, "w1": float(w1[0]),
        "top2": [int(i) + 1 for i in top2], "w2": w2,
        "total_experts": counts.total, "active_experts": counts.active,
        "doubling": doubled.total / counts.total, "doubled_active": doubled.active,
    }


@kinds(course="dim q scores offsets n_offsets", site_construction="shift shifted",
       rules={"n_offsets": "the offsets §5.12 lists for its example: 0, 1, 2",
              "dim": "§5.12's example vector q = k = (1, 0) has two coordinates (one rotated pair)"})
@inputs("shift", "offsets", "q")
def rope() -> dict:
    """§5.12: rotated q.k for offsets 0, 1, 2, and the same offsets after a common shift."""
    def score(i, j):
        q = rotary_embed(ROPE_Q[None, :], [i * ROPE_THETA])[0]
        k = rotary_embed(ROPE_Q[None, :], [j * ROPE_THETA])[0]
        return float(q @ k)
    return {
        "q": ROPE_Q, "dim": len(ROPE_Q), "offsets": ROPE_OFFSETS, "n_offsets": len(ROPE_OFFSETS), "shift": ROPE_SHIFT,
        "scores": [score(0, o) for o in ROPE_OFFSETS],
        "shifted": [score(ROPE_SHIFT, ROPE_SHIFT + o) for o in ROPE_OFFSETS],
    }


@kinds(course="minutes_ago")
@inputs("minutes_ago")
def sensor_query() -> dict:
    """§5.17: the scenario's given input, the age of the event the second task asks about (the course's
    17 minutes), returned so the page states the same value the definition holds."""
    return {"minutes_ago": SENSOR_QUERY_MINUTES_AGO}
