"""Lecture chapter 2: recurrent state, LSTM/GRU gates, conditional training and BPTT (教学构造).

Every input is a given teaching number, defined once below and returned, so that a page cannot
state one input while the code uses another. Where the course gives the numbers, they are the
course's; where a page adds a small example of its own (in a 本站构造 box or after a 〔本站构造〕
marker on the page), the module says so at the constant. Results come from kernels.recurrent, kernels.sequence_training,
kernels.probability and kernels.sampling. Nothing here is a trained model.
"""
import math

import numpy as np

from kernels.probability import cross_entropy, cross_entropy_grad, softmax
from kernels.recurrent import (GATE_BLOCKS, RnnParams, clip_global_norm, gradient_check, gru_interpolate,
                               lstm_cell_update, lstm_step, recurrent_parameter_count, rnn_forward, rnn_lm_bptt,
                               truncated_bptt)
from kernels.sampling import (next_token_pairs, perplexity, perplexity_of_probs, target_nll, temperature_probs,
                              token_nll, top_k_filter, top_p_filter, top_p_set)
from kernels.sequence_training import (cell_path_gradient, clip_by_value, gru_candidate_preactivation,
                                       gru_z_other_convention,
                                       lstm_preactivations, recurrent_weight_contributions, rnn_jacobian_product,
                                       rnn_preactivation, rnn_state_jacobian)
from checker.evidence import inputs, kinds

# --------------------------------------------------------------------------- §2.1: shared update

# The untrained two-dimensional slice (U = W_x, W = W_h): 我, 昨天, 给了 (old R14–15 extension).
RNN_W_X = np.eye(2)
RNN_W_H = 0.5 * np.eye(2)
RNN_B = np.zeros(2)
RNN_H0 = np.zeros(2)
RNN_INPUTS = {"我": np.array([1.0, 0.0]), "昨天": np.array([0.0, 1.0]), "给了": np.array([1.0, 1.0])}

# The scalar after-class example.
SCALAR_W_X, SCALAR_W_H, SCALAR_B, SCALAR_H0 = 0.5, 0.8, 0.0, 0.0
SCALAR_INPUTS = (1.0, 0.0)


def _rnn_states():
    xs = np.stack(list(RNN_INPUTS.values()))
    return rnn_forward(xs, RNN_H0, RNN_W_X, RNN_W_H, RNN_B)


@kinds(course=("W_h_scale carried_coord e_geile e_wo e_zuotian h0 h1 h2 h3 s_h0 s_h1 s_h2 s_inputs s_steps "
               "s_wh s_wx tanh_range u1 u2"),
       rules={"carried_coord": "read off the course's own vectors: e_昨天 = (0,1) is zero in the first coordinate, "
                               "the course's h_2 = (.363399,.761594) is not",
              "s_steps": "the scalar example's input (1,0) that §2.1 prints: one input per step, two steps "
                         "(its 第一步 and 第二步)"})
@inputs("s_inputs", "s_h0", "s_wh", "s_wx", "e_geile", "e_wo", "e_zuotian")
def state_update() -> dict:
    """§2.1: two and three steps of h_t = tanh(W_x x_t + W_h h_{t-1} + b), and the scalar example."""
    states = _rnn_states()
    scalar = rnn_forward(np.array(SCALAR_INPUTS)[:, None], [SCALAR_H0], [[SCALAR_W_X]], [[SCALAR_W_H]], [SCALAR_B])
    return {
        "W_x": RNN_W_X, "W_h_scale": RNN_W_H[0, 0], "h0": RNN_H0,
        "e_wo": RNN_INPUTS["我"], "e_zuotian": RNN_INPUTS["昨天"], "e_geile": RNN_INPUTS["给了"],
        "u1": rnn_preactivation(RNN_INPUTS["我"], RNN_H0, RNN_W_X, RNN_W_H, RNN_B),
        "u2": rnn_preactivation(RNN_INPUTS["昨天"], states[1], RNN_W_X, RNN_W_H, RNN_B),
        "h1": states[1], "h2": states[2], "h3": states[3],
        # the coordinate of h_2 that the current input leaves at zero yet is nonzero: 我 reached it through h_1
        "carried_coord": 1 + int(np.flatnonzero((RNN_INPUTS["昨天"] == 0) & (states[2] != 0))[0]),
        "s_wx": SCALAR_W_X, "s_wh": SCALAR_W_H, "s_h0": SCALAR_H0, "s_inputs": list(SCALAR_INPUTS), "s_steps": len(SCALAR_INPUTS),
        "s_h1": scalar[1, 0], "s_h2": scalar[2, 0],
        # the bounds tanh squeezes every finite input between (its limits at -inf and +inf; the course names them)
        "tanh_range": [float(np.tanh(-np.inf)), float(np.tanh(np.inf))],
    }


# --------------------------------------------------------------------------- §2.2: LSTM gates

# The scalar slice with the gate values given directly.
SLICE = {"c_prev": 1.0, "f": 0.9, "i": 0.1, "g": 0.5, "o": 0.8}

# The full two-dimensional example: all four W equal U; the biases are the course's
# b_f = (ln 9 - 0.7, -ln 4 + 0.1), b_i = (-ln 9 - 0.7, ln 3 + 0.1), b_o = (ln 4 - 0.7, 0.1),
# b_g = (atanh 0.5 - 0.7, -atanh 0.2 + 0.1).
LSTM_U = np.array([[1.0, 0.0, 0.5, 0.0], [0.0, 1.0, 0.0, 0.5]])
LSTM_H_PREV = np.array([0.2, -0.1])
LSTM_X = np.array([1.0, 0.0])
LSTM_C_PREV = np.array([1.0, -1.0])
LSTM_B = {
    "f": np.array([math.log(9) - 0.7, -math.log(4) + 0.1]),
    "i": np.array([-math.log(9) - 0.7, math.log(3) + 0.1]),
    "o": np.array([math.log(4) - 0.7, 0.1]),
    "g": np.array([math.atanh(0.5) - 0.7, -math.atanh(0.2) + 0.1]),
}

# The multi-step intervention: c_0 = 1, i = .01 and g = 0 at every step, so nothing is written.
RETAIN_STEPS = 20
RETAIN_C0, RETAIN_I, RETAIN_G, RETAIN_O = 1.0, 0.01, 0.0, 1.0
RETAIN_FORGETS = (0.99, 0.8)
PATH_STEPS = 100
PATH_FORGETS = (0.99, 0.9)


def _retained(f: float, steps: int) -> float:
    c = RETAIN_C0
    for _ in range(steps):
        c = float(lstm_cell_update(c, f, RETAIN_I, RETAIN_G, RETAIN_O).c)
    return c


@kinds(course=("U Uz b c c_prev gate h h_prev kept path path_f path_steps pre retain_c0 retain_f retain_g "
               "retain_i retain_path retain_steps retained slice written x z"),
       rules={"b": "the course's biases b_f=(ln9-0.7,-ln4+0.1), b_i=(-ln9-0.7,ln3+0.1), b_o=(ln4-0.7,0.1), "
                   "b_g=(atanh(0.5)-0.7,-atanh(0.2)+0.1) written as decimals",
              "pre": "the affine outputs the course tabulates (因此仿射输出…为): its Uz_t=(0.7,-0.1) plus those biases, "
                     "i.e. (ln9,-ln4), (-ln9,ln3), (ln4,0), (atanh(0.5),-atanh(0.2))"})
@inputs("path_steps", "retain_steps", "U", "c_prev", "h_prev", "path_f", "retain_f", "x", "retain_c0", "retain_g", "retain_i")
def lstm_gates() -> dict:
    """§2.2: the scalar slice, the complete two-dimensional step, and the retention/path products."""
    s = lstm_cell_update(SLICE["c_prev"], SLICE["f"], SLICE["i"], SLICE["g"], SLICE["o"])
    W = [LSTM_U] * 4
    pre = lstm_preactivations(LSTM_X, LSTM_H_PREV, *W, LSTM_B["f"], LSTM_B["i"], LSTM_B["o"], LSTM_B["g"])
    zero = np.zeros(2)
    bare = lstm_preactivations(LSTM_X, LSTM_H_PREV, *W, zero, zero, zero, zero)
    step = lstm_step(LSTM_X, LSTM_H_PREV, LSTM_C_PREV, *W, LSTM_B["f"], LSTM_B["i"], LSTM_B["o"], LSTM_B["g"])
    cell = lstm_cell_update(LSTM_C_PREV, step.f, step.i, step.g, step.o)
    curves = [[float(cell_path_gradient([f] * t)) for t in range(1, PATH_STEPS + 1)]
              for f in sorted(set(RETAIN_FORGETS) | set(PATH_FORGETS), reverse=True)]
    return {
        "slice": {**SLICE, "c": float(s.c), "h": float(s.h), "kept": float(s.kept), "written": float(s.written)},
        "h_prev": LSTM_H_PREV, "x": LSTM_X, "z": pre.z, "U": LSTM_U, "Uz": bare.f,
        "b": LSTM_B, "pre": {"f": pre.f, "i": pre.i, "o": pre.o, "g": pre.g},
        "gate": {"f": step.f, "i": step.i, "o": step.o, "g": step.g},
        "c_prev": LSTM_C_PREV, "kept": cell.kept, "written": cell.written, "c": step.c, "h": step.h,
        "retain_steps": RETAIN_STEPS, "retain_c0": RETAIN_C0, "retain_i": RETAIN_I, "retain_g": RETAIN_G,
        "retain_f": list(RETAIN_FORGETS),
        "retained": [_retained(f, RETAIN_STEPS) for f in RETAIN_FORGETS],
        "retain_path": [float(cell_path_gradient([f] * RETAIN_STEPS)) for f in RETAIN_FORGETS],
        "path_steps": PATH_STEPS, "path_f": list(PATH_FORGETS),
        "path": [float(cell_path_gradient([f] * PATH_STEPS)) for f in PATH_FORGETS],
        # the figure's curves: the same path product after every step count 1..PATH_STEPS
        "decay_forgets": sorted(set(RETAIN_FORGETS) | set(PATH_FORGETS), reverse=True),
        "decay_curves": curves,
        # the largest ratio of a curve's value to its value one step earlier: below one means every curve falls
        "decay_step_ratio_max": max(b / a for curve in curves for a, b in zip(curve, curve[1:])),
    }


# --------------------------------------------------------------------------- §2.3: one conditional generation

SOURCE = ("我", "昨天", "给", "了", "他", "一", "本", "书", "。")
TARGET = ("I", "gave", "him", "a", "book", "yesterday", ".")


@kinds(course="n_inputs n_predictions n_source n_target",
       rules={"n_inputs": "§2.3 feeds the decoder BOS, then I, gave, him, a, book, yesterday and the full stop in turn: eight inputs",
              "n_source": "§2.3 states it: 把源句九单位送过encoder, 源长9 (我/昨天/给/了/他/一/本/书/。)",
              "n_target": "§2.3 states it: 目标文本7项再加EOS (I gave him a book yesterday .)",
              "n_predictions": "§2.3 states it: 目标文本7项再加EOS，共8个预测目标; §2.4's product runs i = 1..m+1, "
                               "one factor per prediction target: for m = 7, eight factors"})
def conditional_generation() -> dict:
    """§2.3: source length, target items and the prediction targets (target text plus EOS)."""
    inputs, targets = next_token_pairs(TARGET, bos="BOS", eos="EOS")
    return {"n_source": len(SOURCE), "n_target": len(TARGET), "n_predictions": len(targets),
            "n_inputs": len(inputs)}


# --------------------------------------------------------------------------- §2.6: distribution, loss, gradient

LN_LOGITS = np.array([0.0, math.log(2), math.log(3)])   # him/yesterday/book and her/a/book
LN_TARGET = 2                                             # book
LOG2_LOGITS = np.array([math.log(2), 0.0, 0.0])          # the separate three-candidate exercise
LOG2_TARGET = 1                                           # the second token
# 本站补充: the size of the "small step" along the negative gradient that §2.6's sentence describes.
SMALL_STEP = 0.1

# 本站补充: two evaluation batches of different size. Batch A has one real target (the model gave
# it probability 1/4) followed by two PAD positions; batch B has three real targets, each given
# probability 1/2. Vocabulary: 0 = PAD, 1 and 2 two ordinary tokens; rows are the model's
# distributions at each position (PAD rows are never scored).
PAD_ID = 0
BATCH_A_PROBS = np.array([[[0.25, 0.25, 0.5], [0.2, 0.4, 0.4], [0.2, 0.4, 0.4]]])
BATCH_A_TARGETS = np.array([[1, PAD_ID, PAD_ID]])
BATCH_B_PROBS = np.array([[[0.0625, 0.5, 0.4375], [0.0625, 0.4375, 0.5], [0.0625, 0.5, 0.4375]]])
BATCH_B_TARGETS = np.array([[1, 2, 1]])


@kinds(course=("a_p b_p ln_grad ln_logits ln_loss ln_probs log2_grad log2_logits log2_loss "
               "log2_p_target log2_probs n_candidates n_log2 p_book"),
       site_construction=("a_mean a_nll a_pad a_positions a_tokens b_mean b_nll b_pad b_positions b_tokens "
                          "corpus_mean ln_probs_unshifted mean_of_means n_total"),
       rules={"a_p": "the course's value reused (who set it): §2.6's (log2,0,0) exercise gives its target, the second "
                     "token, probability 1/4; the site assigns it to batch A's one target",
              "b_p": "the course's value reused (who set it): §2.6's her/a/book exercise gives the target book "
                     "probability 1/2 (概率为(1/6,1/3,1/2)), as its him/yesterday/book head does; the site assigns it "
                     "to each of batch B's three targets",
              "n_candidates": "§2.6 states it: 另设三个候选him/yesterday/book ... 三个候选只为手算，不是实际词表",
              "n_log2": "§2.6's exercise 设三个候选 token 的 logits 为 (log2,0,0): one logit per candidate, three "
                        "(also 模型虽然给出了三个概率)"})
def loss_and_gradient() -> dict:
    """§2.6: the two (0, ln2, ln3) examples, the (ln2, 0, 0) exercise and the batch-weighting example."""
    p_ln = softmax(LN_LOGITS)
    p_log2 = softmax(LOG2_LOGITS)
    nll_a, n_a = target_nll(np.log(BATCH_A_PROBS), BATCH_A_TARGETS, PAD_ID)
    nll_b, n_b = target_nll(np.log(BATCH_B_PROBS), BATCH_B_TARGETS, PAD_ID)
    return {
        "ln_logits": LN_LOGITS, "n_candidates": LN_LOGITS.size, "n_log2": LOG2_LOGITS.size, "ln_probs": p_ln, "p_book": p_ln[LN_TARGET],
        "ln_loss": cross_entropy(LN_LOGITS, LN_TARGET), "ln_grad": cross_entropy_grad(LN_LOGITS, LN_TARGET),
        # exp and normalize with no shift, against the kernel's max-shifted softmax ("整体平移一个常数，得到的分布不变")
        "ln_probs_unshifted": np.exp(LN_LOGITS) / np.exp(LN_LOGITS).sum(),
        "log2_logits": LOG2_LOGITS, "log2_probs": p_log2, "log2_loss": cross_entropy(LOG2_LOGITS, LOG2_TARGET),
        "log2_p_target": p_log2[LOG2_TARGET], "log2_grad": cross_entropy_grad(LOG2_LOGITS, LOG2_TARGET),
        # the distribution after one small step of the logits along the negative gradient
        "log2_probs_step": softmax(LOG2_LOGITS - SMALL_STEP * cross_entropy_grad(LOG2_LOGITS, LOG2_TARGET)),
        "a_positions": BATCH_A_TARGETS.size, "a_tokens": n_a, "a_pad": BATCH_A_TARGETS.size - n_a, "a_nll": nll_a, "a_mean": nll_a / n_a,
        "b_positions": BATCH_B_TARGETS.size, "b_pad": BATCH_B_TARGETS.size - n_b,
        "b_tokens": n_b, "b_nll": nll_b, "b_mean": nll_b / n_b,
        "a_p": BATCH_A_PROBS[0, 0, 1], "b_p": BATCH_B_PROBS[0, 0, 1],
        "corpus_mean": (nll_a + nll_b) / (n_a + n_b), "mean_of_means": (nll_a / n_a + nll_b / n_b) / 2,
        "n_total": n_a + n_b,
    }


# --------------------------------------------------------------------------- §2.7: perplexity

PPL_TARGET_PROBS = (0.5, 0.25)
UNIFORM_K = 4          # primer §11.5: every step uniform over four candidates (course_also on the page)
UNIFORM_STEPS = 3      # 本站补充: how many such steps the site recomputes


@kinds(course="n ppl probs k k_p k_ppl", site_construction="k_steps losses mean_loss")
@inputs("k", "k_steps", "probs")
def perplexity_examples() -> dict:
    """§2.7: PPL of target probabilities 1/2 and 1/4, and of a uniform K-way prediction."""
    losses = token_nll(PPL_TARGET_PROBS)
    uniform = [1.0 / UNIFORM_K] * UNIFORM_STEPS
    return {
        "probs": list(PPL_TARGET_PROBS), "losses": losses, "total": float(losses.sum()),
        "n": len(PPL_TARGET_PROBS), "mean_loss": float(losses.sum()) / len(PPL_TARGET_PROBS),
        "ppl": perplexity(float(losses.sum()), len(PPL_TARGET_PROBS)),
        "k": UNIFORM_K, "k_steps": UNIFORM_STEPS, "k_p": uniform[0], "k_ppl": perplexity_of_probs(uniform),
    }


# --------------------------------------------------------------------------- §2.8: decoding rules

R13_WORDS = ("book", "pen", "key")
R13_PROBS = np.array([0.6, 0.3, 0.1])       # after the prefix "I gave her a" (R13)
# 本站补充: the temperatures and the top-p threshold applied to that distribution.
TAU_LOW, TAU_HIGH = 0.5, 2.0
# primer §11.4 applies top-k with k = 2 to the same .6/.3/.1 distribution and prints 2/3, 1/3.
TOP_K = 2
TOP_P = 0.85
# primer §11.4 also applies top-p with p = 0.8 to that distribution (it keeps 电影 and 音乐).
PRIMER_TOP_P = 0.8


@kinds(course="p_primer probs k top_k top_p_primer_size",
       site_construction=("high high_top2 low p pen_loss pen_loss_low tau_high tau_low top_p "
                          "top_p_high_size top_p_size"),
       rules={"top_p_primer_size": "primer §11.4's top-p row (p = 0.8) keeps 电影 and 音乐: two candidates"})
@inputs("k", "p", "p_primer", "probs", "tau_high", "tau_low")
def decoding_rules() -> dict:
    """§2.8: temperature, top-k and top-p on the R13 distribution (logits taken as ln p)."""
    logits = np.log(R13_PROBS)
    low, high = temperature_probs(logits, TAU_LOW), temperature_probs(logits, TAU_HIGH)
    pen = R13_WORDS.index("pen")
    return {
        "probs": R13_PROBS, "greedy": R13_WORDS[int(np.argmax(R13_PROBS))],
        "tau_low": TAU_LOW, "tau_high": TAU_HIGH, "low": low, "high": high,
        "k": TOP_K, "top_k": top_k_filter(R13_PROBS, TOP_K),
        "p_primer": PRIMER_TOP_P, "top_p_primer_size": len(top_p_set(R13_PROBS, PRIMER_TOP_P)),
        "p": TOP_P, "top_p": top_p_filter(R13_PROBS, TOP_P), "top_p_size": len(top_p_set(R13_PROBS, TOP_P)),
        "top_p_high": top_p_filter(high, TOP_P), "top_p_high_size": len(top_p_set(high, TOP_P)),
        # the mass the flattened distribution puts on as many candidates as sufficed before flattening
        "high_top2": float(np.sort(high)[::-1][:len(top_p_set(R13_PROBS, TOP_P))].sum()),
        "pen_loss": float(token_nll([R13_PROBS[pen]])[0]), "pen_loss_low": float(token_nll([low[pen]])[0]),
    }


# --------------------------------------------------------------------------- §2.9–§2.10: BPTT and its check

# The course's gradient-check network: scalar tanh RNN, binary output, target sequence (0, 1, 0).
# A sigmoid output sigma(a) equals softmax((0, a))[1], so the kernels' softmax head carries it with
# W_y = (0, w_y)^T and no bias.
GC_X = (1.0, 0.0, -1.0)
GC_Y = (0, 1, 0)
GC_W_X, GC_W_H, GC_W_Y = 0.5, 0.8, 0.7
GC_EPS = 1e-5


def _gc_params(w_h: float) -> RnnParams:
    return RnnParams(W_x=np.array([[GC_W_X]]), W_h=np.array([[w_h]]), b_h=np.zeros(1),
                     W_y=np.array([[0.0], [GC_W_Y]]), b_y=np.zeros(2))


def _gc_loss(theta) -> float:
    return rnn_lm_bptt(np.array(GC_X)[:, None], GC_Y, [0.0], _gc_params(float(theta[0]))).loss


def _gc_bptt():
    return rnn_lm_bptt(np.array(GC_X)[:, None], GC_Y, [0.0], _gc_params(GC_W_H))


@kinds(course="w_h w_x w_y x y h n_parts", site_construction="delta grad last_only parts sum_parts",
       rules={"h": "lecture §2.1 prints h_1≈0.462117 and h_2≈0.353724 for the same w_x, w_h, h_0=0 and inputs (1,0)",
              "n_parts": "w_h is used once per step of the course's three-step input x=(1,0,-1) (§2.10): three terms"})
@inputs("x", "y", "w_h", "w_x", "w_y")
def bptt_sum() -> dict:
    """§2.9: each use of the shared w_h contributes delta_t h_{t-1}; the gradient is their sum."""
    run = _gc_bptt()
    parts = recurrent_weight_contributions(run.deltas, run.states)[:, 0, 0]
    return {"x": list(GC_X), "y": list(GC_Y), "w_x": GC_W_X, "w_h": GC_W_H, "w_y": GC_W_Y,
            "h": run.states[:, 0], "delta": run.deltas[:, 0], "parts": parts, "n_parts": len(parts),
            "grad": run.grads.W_h[0, 0], "sum_parts": float(parts.sum()), "last_only": parts[-1],
            "loss": run.loss}


@kinds(course="eps w_h w_x w_y x y",
       site_construction="analytic local local_rel loss numeric overwritten overwritten_rel")
@inputs("eps", "x", "y", "w_h", "w_x", "w_y")
def gradient_check_program() -> dict:
    """§2.10: central differences against BPTT, and the two bugs the course names."""
    run = _gc_bptt()
    good = gradient_check(_gc_loss, [GC_W_H], run.grads.W_h[0], eps=GC_EPS)
    # Bug 1, "analytic = ..." instead of "+=": only the last-processed term survives, delta_1 h_0.
    overwritten = recurrent_weight_contributions(run.deltas, run.states)[0, 0, 0]
    # Bug 2, dropping w_h * du_next: no gradient crosses a step, i.e. truncation after every step.
    local = sum(g.W_h[0, 0] for g in truncated_bptt(np.array(GC_X)[:, None], GC_Y, [0.0],
                                                     _gc_params(GC_W_H), chunk=1).chunk_grads)
    bug1 = gradient_check(_gc_loss, [GC_W_H], [overwritten], eps=GC_EPS)
    bug2 = gradient_check(_gc_loss, [GC_W_H], [local], eps=GC_EPS)
    return {"x": list(GC_X), "y": list(GC_Y), "w_x": GC_W_X, "w_h": GC_W_H, "w_y": GC_W_Y, "eps": GC_EPS,
            "loss": run.loss, "analytic": good.analytic[0], "numeric": good.numeric[0],
            "max_abs": good.max_abs_error, "rel": good.relative_error,
            # the same check at the neighbouring orders of magnitude of the step (the page's 结论不变)
            "rel_neighbors": [gradient_check(_gc_loss, [GC_W_H], run.grads.W_h[0], eps=e).relative_error
                              for e in (GC_EPS * 10, GC_EPS / 10)],
            "overwritten": overwritten, "overwritten_rel": bug1.relative_error,
            "local": local, "local_rel": bug2.relative_error}


# --------------------------------------------------------------------------- §2.11: distant credit, clipping

# 本站补充: two parameter gradients (one entry each) and a zero gradient, clipped with threshold 1.
CLIP_GRADS = (np.array([3.0]), np.array([4.0]))
CLIP_TAU = 1.0

# The course's given contrast task: an A→B→C cycle lengthened from 12 to 18 steps (given, not computed).
PERIOD_SHORT, PERIOD_LONG = 12, 18


# 本站构造 (figure of §2.11): the §2.1 slice run longer by cycling its three inputs, and the
# sensitivity of the last state to each earlier state, with the whole history vs chunks of CHUNK.
LONG_STEPS = 12
CHUNK = 4


def _credit_by_distance() -> dict:
    inputs = list(RNN_INPUTS.values())
    xs = np.stack([inputs[k % len(inputs)] for k in range(LONG_STEPS)])
    states = rnn_forward(xs, RNN_H0, RNN_W_X, RNN_W_H, RNN_B)
    last = LONG_STEPS
    boundary = last - (last - 1) % CHUNK - 1  # the last chunk's first state: gradients stop there
    full = [float(np.linalg.norm(rnn_jacobian_product(states, RNN_W_H, last - d, last), 2)) for d in range(last + 1)]
    assert all(a > b for a, b in zip(full, full[1:])), "the page says the sensitivity keeps shrinking with distance"
    return {"long_steps": LONG_STEPS, "chunk": CHUNK, "distances": list(range(last + 1)), "full_norms": full,
            # the largest ratio of one step's sensitivity to the step before: below one means it falls at every step
            "full_step_ratio_max": max(b / a for a, b in zip(full, full[1:])),
            "truncated_reach": last - boundary, "truncated_norms": full[: last - boundary + 1]}


@kinds(course="W_h W_h_scale dim h2 h3 period_long period_short",
       site_construction=("J2 J2_matrix J3 J3_matrix by_value chunk clipped g long_steps n_groups norm offdiag "
                          "product product_matrix scale tau truncated_reach zero_norm zero_out zero_scale"),
       rules={"dim": "§2.1 calls the old R14–15 slice 二维切片 (W_x=I_2, W_h=0.5I_2): two dimensions"})
@inputs("tau", "period_long", "period_short")
def distant_credit() -> dict:
    """§2.11: the state Jacobians of the §2.1 slice and their product; global-norm vs element-wise clipping."""
    states = _rnn_states()
    J2, J3 = rnn_state_jacobian(states[2], RNN_W_H), rnn_state_jacobian(states[3], RNN_W_H)
    product = rnn_jacobian_product(states, RNN_W_H, 1, 3)
    clipped = clip_global_norm(list(CLIP_GRADS), CLIP_TAU)
    zero = clip_global_norm([np.zeros(1), np.zeros(1)], CLIP_TAU)
    by_value = clip_by_value(list(CLIP_GRADS), CLIP_TAU)
    return {
        "W_h_scale": RNN_W_H[0, 0], "dim": RNN_W_H.shape[0], "h2": states[2], "h3": states[3],
        "period_short": PERIOD_SHORT, "period_long": PERIOD_LONG,
        "J2": np.diag(J2), "J3": np.diag(J3), "product": np.diag(product),
        "W_h": RNN_W_H, "J2_matrix": J2, "J3_matrix": J3, "product_matrix": product,   # the matrices, for 对角元
        "offdiag": float(np.abs(product - np.diag(np.diag(product))).max()),
        "g": [float(g[0]) for g in CLIP_GRADS], "n_groups": len(CLIP_GRADS), "tau": CLIP_TAU, "norm": clipped.norm_before,
        "scale": clipped.scale, "clipped": [float(g[0]) for g in clipped.grads],
        "by_value": [float(g[0]) for g in by_value],
        "zero_norm": zero.norm_before, "zero_scale": zero.scale, "zero_out": [float(g[0]) for g in zero.grads],
        **_credit_by_distance(),
    }


# --------------------------------------------------------------------------- §2.13: GRU, bidirectional, stacked

# 本站补充: one layer with input and hidden width 128, the course's one bias per block.
WIDTH = 128
NARROW = 105


@kinds(course="gru_blocks lstm_blocks",
       site_construction="bi_lstm d gru gru_over_lstm lstm lstm_narrow narrow rnn",
       rules={"gru_blocks": "§2.13's GRU writes three affine maps: update gate z, reset gate r and the candidate",
              "lstm_blocks": "§2.2 names four learnable transforms for the LSTM: gates f, i, o and the candidate g"})
@inputs("d", "narrow")
def layer_budgets() -> dict:
    """§2.13: parameter counts of one RNN/GRU/LSTM layer at equal width, and a bidirectional LSTM."""
    count = {cell: recurrent_parameter_count(cell, WIDTH, WIDTH) for cell in ("rnn", "gru", "lstm")}
    return {"d": WIDTH, "H": WIDTH, **count,
            "gru_over_lstm": count["gru"] / count["lstm"],
            "gru_blocks": GATE_BLOCKS["gru"], "lstm_blocks": GATE_BLOCKS["lstm"],
            "bi_lstm": recurrent_parameter_count("lstm", WIDTH, WIDTH, directions=2),
            "narrow": NARROW, "lstm_narrow": recurrent_parameter_count("lstm", WIDTH, NARROW)}


# --------------------------------------------------------------------------- §2.14: truncation

LOG_ENTRIES = 8
CHUNK = 4


# the page's kernel run (本站构造): eight log entries, feature 0 marks the registration at entry 2
TRUNC_XS = np.array([[0, 1], [1, 0], [0, 1], [0, 1], [0, 1], [0, 1], [0, 1], [0, 1]], dtype=float)
TRUNC_YS = [0, 1, 1, 1, 1, 1, 1, 1]
TRUNC_PARAMS = RnnParams(W_x=np.eye(2), W_h=np.diag([0.9, 0.5]), b_h=np.zeros(2),
                         W_y=np.array([[-1.0, 0.0], [1.0, 0.0]]), b_y=np.zeros(2))


@kinds(course="chunk entries first second",
       site_construction="carried_h4 full_h4 second_full_Wh second_cut_Wh",
       rules={"chunk": "the entries of §2.14's first block 1–4 (分成1–4和5–8两块), counted: four per block",
              "entries": "the last entry of §2.14's second block 5–8 (and its 第8条): the log's eight entries",
              "first": "the ends of §2.14's first block as printed in 分成1–4和5–8两块: entries 1 to 4 "
                       "(第一块处理到 h_4); an entry number, not a count"})
@inputs("chunk", "entries")
def truncation_blocks() -> dict:
    """§2.14: the entry ranges of the two blocks of the access log, and the page's kernel run of detach:
    the state carried into block 2 against the full forward's h_4, and block 2's W_h gradient with the
    full graph (everything minus entries 1-4's own loss) against truncated."""
    starts = list(range(1, LOG_ENTRIES + 1, CHUNK))
    h0 = np.zeros(2)
    full = rnn_lm_bptt(TRUNC_XS, TRUNC_YS, h0, TRUNC_PARAMS)
    cut = truncated_bptt(TRUNC_XS, TRUNC_YS, h0, TRUNC_PARAMS, chunk=CHUNK)
    second_full = full.grads.W_h - rnn_lm_bptt(TRUNC_XS[:CHUNK], TRUNC_YS[:CHUNK], h0, TRUNC_PARAMS).grads.W_h
    return {"entries": LOG_ENTRIES, "chunk": CHUNK,
            "first": [starts[0], starts[0] + CHUNK - 1], "second": [starts[1], starts[1] + CHUNK - 1],
            "boundary": CHUNK,
            "carried_h4": cut.carried_states[1], "full_h4": full.states[CHUNK],
            "second_full_Wh": second_full, "second_cut_Wh": cut.chunk_grads[1].W_h}


# --------------------------------------------------------------------------- §2.15: GRU conventions

GRU_OLD, GRU_CANDIDATE = 2.0, 6.0
Z_WRITE = 0.25
RESET_H = np.array([1.0, 2.0])
RESET_R = np.array([1.0, 0.0])
RESET_U = np.array([[1.0, 1.0], [1.0, -1.0]])


@kinds(course="U after before cand cho course h n_rows old r z z_cho", site_construction="misread",
       rules={"n_rows": "§2.15 prints U by its rows, U的两行为(1,1)/(1,-1): two rows"})
@inputs("z", "U", "h", "r", "cand", "old")
def gru_conventions() -> dict:
    """§2.15: the write-share and keep-share mixes, and the reset gate before or after U."""
    z_cho = float(gru_z_other_convention(Z_WRITE))
    zeros = np.zeros(2)
    return {
        "old": GRU_OLD, "cand": GRU_CANDIDATE, "z": Z_WRITE, "z_cho": z_cho,
        "course": float(gru_interpolate(GRU_OLD, GRU_CANDIDATE, Z_WRITE, "write")),
        "cho": float(gru_interpolate(GRU_OLD, GRU_CANDIDATE, z_cho, "keep")),
        "misread": float(gru_interpolate(GRU_OLD, GRU_CANDIDATE, Z_WRITE, "keep")),
        "h": RESET_H, "r": RESET_R, "U": RESET_U, "n_rows": RESET_U.shape[0],
        "before": gru_candidate_preactivation(zeros, RESET_H, RESET_R, np.zeros((2, 2)), RESET_U, zeros, "before"),
        "after": gru_candidate_preactivation(zeros, RESET_H, RESET_R, np.zeros((2, 2)), RESET_U, zeros, "after"),
    }
