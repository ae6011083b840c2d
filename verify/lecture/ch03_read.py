"""Lecture chapter 3, §3.1–§3.7: the three-slot read constructions (教学构造).

Two identities share the same given numbers and are kept apart on the pages: the R7.2
他/him construction (§3.1) and the older READ 她/her example (§3.5–§3.6). The inputs are
defined once here; every page number is computed from them through kernels.
"""
import numpy as np

from kernels.attention import attend, read_gradients
from kernels.probability import cross_entropy, cross_entropy_grad, softmax

QUERY = np.array([1.0, 0.0])
KEYS = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])      # slots 他(她) / 书 / 昨天
VALUES = np.array([[2.0, 0.0], [0.0, 4.0], [1.0, 2.0]])
HEAD = np.array([[2.0, 0.0, 0.0], [0.0, 1.0, 0.0]])          # G: context -> (him|her, book, yesterday)
QUERY_SWAPPED = np.array([0.0, 1.0])                          # the q-intervention
VALUE_2_DOUBLED = np.array([0.0, 8.0])                        # the v-intervention on slot 2


def _read_to_vocab(q, K, V) -> dict:
    read = attend(q, K, V)
    logits = read.context @ HEAD
    return {"scores": read.scores, "alpha": read.weights, "context": read.context,
            "logits": logits, "probs": softmax(logits)}


def three_slot_read() -> dict:
    """Baseline read, the vocabulary head G and the loss for label him/her (index 0)."""
    base = _read_to_vocab(QUERY, KEYS, VALUES)
    exps = np.exp(base["scores"])
    return {
        "q": QUERY, "K": KEYS, "V": VALUES, "G": HEAD,
        "k": KEYS.tolist(), "v": VALUES.tolist(),
        **base,
        "exps": exps, "denominator": exps.sum(),
        "loss": cross_entropy(base["logits"], 0),
        "p_label": base["probs"][0],
    }


def interventions() -> dict:
    """Each intervention starts again from the baseline; G is kept."""
    base = _read_to_vocab(QUERY, KEYS, VALUES)
    q_run = _read_to_vocab(QUERY_SWAPPED, KEYS, VALUES)
    V_doubled = VALUES.copy()
    V_doubled[1] = VALUE_2_DOUBLED
    v_run = _read_to_vocab(QUERY, KEYS, V_doubled)
    return {
        "q": QUERY, "q_prime": QUERY_SWAPPED, "v2": VALUES[1], "v2_prime": VALUE_2_DOUBLED,
        "k": KEYS.tolist(), "v": VALUES.tolist(), "G": HEAD,
        "base": base, "q_int": q_run, "v_int": v_run,
        "weights_unchanged": float(np.max(np.abs(v_run["alpha"] - base["alpha"]))),
        "v2_change": VALUE_2_DOUBLED[1] - VALUES[1][1],
        "context_shift": v_run["context"][1] - base["context"][1],
    }


# --------------------------------------------------------------------------- §3.1: the R7.2 他/him construction

HIM_LABEL = 0  # vocabulary order of G's columns: him, book, yesterday


def him_construction() -> dict:
    """§3.1: the R7.2 三槽 construction under the 他/him identity: baseline read, vocabulary head,
    the loss for label him, and the q'=(0,1) intervention (each from the same baseline, G kept)."""
    base = three_slot_read()
    inter = interventions()
    return {
        "q": QUERY, "k": KEYS.tolist(), "v": VALUES.tolist(), "G": HEAD,
        "scores": base["scores"], "alpha": base["alpha"], "context": base["context"],
        "logits": base["logits"], "probs": base["probs"],
        "p_him": base["probs"][HIM_LABEL], "loss": cross_entropy(base["logits"], HIM_LABEL),
        "q_prime": QUERY_SWAPPED, "alpha_prime": inter["q_int"]["alpha"],
        "context_prime": inter["q_int"]["context"], "probs_prime": inter["q_int"]["probs"],
    }


# --------------------------------------------------------------------------- §3.2: one re-read per target step

ZERO_QUERY = np.zeros(2)  # a query that prefers no key: the read of a step with no specific need


def reread_per_step() -> dict:
    """§3.2: the same K/V read with three different queries (three target steps) gives three contexts;
    the all-zero query gives equal weights, i.e. a plain average that would be the same at every step."""
    flat = attend(ZERO_QUERY, KEYS, VALUES)
    first = attend(QUERY, KEYS, VALUES)
    second = attend(QUERY_SWAPPED, KEYS, VALUES)
    return {
        "k": KEYS.tolist(), "v": VALUES.tolist(),
        "q0": ZERO_QUERY, "alpha0": flat.weights, "c0": flat.context,
        "q1": QUERY, "alpha1": first.weights, "c1": first.context,
        "q2": QUERY_SWAPPED, "alpha2": second.weights, "c2": second.context,
    }


# --------------------------------------------------------------------------- §3.3: key decides where, value decides what

def key_value_roles() -> dict:
    """§3.3: keep q and K, swap the values for a copy of the keys: the weights stay, the context changes."""
    given = attend(QUERY, KEYS, VALUES)
    keys_as_values = attend(QUERY, KEYS, KEYS)
    return {
        "q": QUERY, "k": KEYS.tolist(), "v": VALUES.tolist(),
        "alpha": given.weights, "context": given.context,
        "alpha_kv": keys_as_values.weights, "context_kv": keys_as_values.context,
    }


# --------------------------------------------------------------------------- §3.4: a linear scorer cancels in the softmax

# 本页自建构造 (not from the course documents): one additive scorer, with and without tanh.
SCORER_KEYS = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
SCORER_QUERIES = np.array([[1.0, 0.0], [0.0, 1.0]])
SCORER_W_Q = np.array([[1.0, 0.0], [0.0, 3.0]])
SCORER_W_K = np.eye(2)
SCORER_V_A = np.array([1.0, 1.0])
SCORER_B_A = np.zeros(2)


def scorer_cancellation() -> dict:
    """§3.4: two queries through (a) the linear scorer a^T q + b^T k_j obtained by removing tanh,
    (b) the additive tanh scorer, (c) the unscaled dot product. Only (a) gives the same weights."""
    from kernels.attention import additive_scores, dot_scores, linear_scores, linearized_additive_coefficients

    a, b = linearized_additive_coefficients(SCORER_W_Q, SCORER_W_K, SCORER_V_A)
    out = {"k": SCORER_KEYS.tolist(), "W_q": SCORER_W_Q, "W_k": SCORER_W_K, "v_a": SCORER_V_A, "b_a": SCORER_B_A,
           "a": a, "b": b, "q": [], "linear": [], "tanh": [], "dot": []}
    for q in SCORER_QUERIES:
        out["q"].append(q)
        for name, scores in (("linear", linear_scores(q, SCORER_KEYS, a, b)),
                             ("tanh", additive_scores(q, SCORER_KEYS, SCORER_W_Q, SCORER_W_K, SCORER_V_A, SCORER_B_A)),
                             ("dot", dot_scores(q, SCORER_KEYS))):
            out[name].append({"scores": scores, "alpha": softmax(scores)})
    return out


# --------------------------------------------------------------------------- §3.7: local gradients against autograd

HER_LABEL = 0       # §3.5/§3.7 vocabulary order: her, book, yesterday
AGREEMENT_TOL = 1e-12


def read_gradient_check() -> dict:
    """§3.7: closed-form local gradients (kernels.attention.read_gradients) against torch autograd of the
    full loss -log p(her), for the unscaled read of §3.5 and for the scaled variant of the same inputs.

    The upstream g = dL/dc is computed from the loss (not typed in); autograd's dL/dc is compared too.
    Each agreement count says how many entries differ by at most AGREEMENT_TOL.
    """
    from kernels.attention import read_loss_autograd, vocab_head_upstream

    out = {"q": QUERY, "k": KEYS.tolist(), "v": VALUES.tolist(), "G": HEAD, "d_k": KEYS.shape[1],
           "tol": AGREEMENT_TOL}
    for name, scale in (("dot", False), ("scaled", True)):
        read = attend(QUERY, KEYS, VALUES, scale=scale)
        g = vocab_head_upstream(read.context, HEAD, HER_LABEL)
        closed = read_gradients(QUERY, KEYS, VALUES, g, scale=scale)
        auto = read_loss_autograd(QUERY, KEYS, VALUES, HEAD, HER_LABEL, scale=scale)
        pairs = [(g, auto.d_context), (closed.d_scores, auto.d_scores), (closed.d_query, auto.d_query),
                 (closed.d_keys, auto.d_keys), (closed.d_values, auto.d_values)]
        diffs = np.concatenate([np.abs(mine - ref).ravel() for mine, ref in pairs])
        out[name] = {
            "alpha": read.weights, "context": read.context, "g": g,
            "d_values": closed.d_values.tolist(), "d_scores": closed.d_scores,
            "d_query": closed.d_query, "d_keys": closed.d_keys.tolist(),
            "loss": cross_entropy(read.context @ HEAD, HER_LABEL), "loss_autograd": auto.loss,
            "entries": int(diffs.size), "agree": int(np.sum(diffs <= AGREEMENT_TOL)),
            "score_grad_sum": float(np.sum(closed.d_scores)),
        }
    return out
