"""Lecture chapter 3, §3.1–§3.7: the three-slot read constructions (教学构造).

Two identities are kept apart, each defined once below with its own slots, vocabulary and inputs:

- R7_2_HIM: the R7.2 local three-slot construction of §3.1 (slots 他/书/昨天 taken from the nine-unit
  source 我/昨天/给/了/他/一/本/书/。, vocabulary him/book/yesterday);
- READ_HER: the older READ extension (R7.1, six-segment 她/her context) of §3.2 and §3.5–§3.7
  (slots 她/书/昨天, vocabulary her/book/yesterday).

The course gives both the same numbers; equal given numbers do not make them one construction, and
neither is a trained checkpoint. Every page number is computed from these inputs through kernels.
"""
from dataclasses import dataclass

import numpy as np

from kernels.attention import attend, read_gradients
from kernels.probability import cross_entropy, softmax
from kernels.sampling import token_nll
from checker.evidence import inputs, kinds


@dataclass(frozen=True)
class ThreeSlotConstruction:
    identity: str
    slots: tuple          # source slot labels, in row order of K and V
    vocab: tuple          # target words, in column order of G
    label: int            # index in `vocab` of the word the step should write
    q: np.ndarray         # baseline query
    K: np.ndarray         # one key per slot
    V: np.ndarray         # one value per slot
    G: np.ndarray         # teaching vocabulary head: logits = c @ G
    q_prime: np.ndarray   # the q-intervention (K, V, G kept)


R7_2_HIM = ThreeSlotConstruction(
    identity="R7.2 局部三槽教学构造（§3.1）",
    slots=("他", "书", "昨天"), vocab=("him", "book", "yesterday"), label=0,
    q=np.array([1.0, 0.0]),
    K=np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
    V=np.array([[2.0, 0.0], [0.0, 4.0], [1.0, 2.0]]),
    G=np.array([[2.0, 0.0, 0.0], [0.0, 1.0, 0.0]]),
    q_prime=np.array([0.0, 1.0]),
)

READ_HER = ThreeSlotConstruction(
    identity="旧 READ 扩展的三槽教学构造（§3.2、§3.5–§3.7）",
    slots=("她", "书", "昨天"), vocab=("her", "book", "yesterday"), label=0,
    q=np.array([1.0, 0.0]),
    K=np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
    V=np.array([[2.0, 0.0], [0.0, 4.0], [1.0, 2.0]]),
    G=np.array([[2.0, 0.0, 0.0], [0.0, 1.0, 0.0]]),
    q_prime=np.array([0.0, 1.0]),
)
READ_V_SLOT = 1                        # the v-intervention changes slot 2 (书), index 1 ...
READ_V_PRIME = np.array([0.0, 8.0])    # ... from (0,4) to (0,8); q, K and G kept

# The names the authoring guide's example uses: the READ inputs.
QUERY, KEYS, VALUES, HEAD = READ_HER.q, READ_HER.K, READ_HER.V, READ_HER.G


def _read_to_vocab(q, K, V, G) -> dict:
    read = attend(q, K, V)
    logits = read.context @ G
    return {"scores": read.scores, "alpha": read.weights, "context": read.context,
            "logits": logits, "probs": softmax(logits)}


def _inputs(c: ThreeSlotConstruction) -> dict:
    # counts the pages state in words are read off the inputs, not typed
    return {"q": c.q, "K": c.K, "V": c.V, "G": c.G, "k": c.K.tolist(), "v": c.V.tolist(),
            "n_slots": len(c.K), "dim": int(np.shape(c.K)[1]), "n_candidates": int(np.shape(c.G)[1])}


@kinds(course="G alpha context denominator dim exps k logits n_candidates n_slots probs q scores v",
       rules={"n_candidates": "the words of §3.5's small vocabulary, counted: 小词表依次为 her、book、yesterday",
              "n_slots": "§3.5 states it: 选取“她、书、昨天”三个源位置 (the topic page's 三槽, its key/value table of three "
                         "rows); its 指数为 (2.718282,1,2.718282) has one exponential per slot, three"})
def three_slot_read() -> dict:
    """Baseline read, the vocabulary head G and the loss for label him/her (index 0)."""
    c = READ_HER
    base = _read_to_vocab(c.q, c.K, c.V, c.G)
    exps = np.exp(base["scores"])
    return {
        **_inputs(c),
        **base,
        "exps": exps, "denominator": exps.sum(),
        "loss": cross_entropy(base["logits"], c.label),
        "p_label": base["probs"][c.label],
    }


@kinds(course="G base context_shift k n_candidates n_slots q q_int q_prime v v2 v2_change v2_prime v_int_read",
       site_construction="v_int_head",
       rules={"n_candidates": "§3.5 names the READ head's small vocabulary her, book, yesterday: three columns of G",
              "n_slots": "§3.5 (course_also): 选取“她、书、昨天”三个源位置 — the three slots both interventions keep"})
@inputs("v2_prime")
def interventions() -> dict:
    """§3.6 (READ 她/her): each intervention starts again from the baseline; G is kept.

    The baseline is §3.5's. For the v-intervention the course prints the read (weights kept, the new
    context: v_int_read); its logits and vocabulary probabilities through the same G (v_int_head) are the
    site's. v_int, the whole branch, is not claimed by §3.6's page and so carries no kind here."""
    c = READ_HER
    base = _read_to_vocab(c.q, c.K, c.V, c.G)
    q_run = _read_to_vocab(c.q_prime, c.K, c.V, c.G)
    V_changed = c.V.copy()
    V_changed[READ_V_SLOT] = READ_V_PRIME
    v_run = _read_to_vocab(c.q, c.K, V_changed, c.G)
    return {
        **_inputs(c), "q_prime": c.q_prime, "v2": c.V[READ_V_SLOT], "v2_prime": READ_V_PRIME,
        "base": base, "q_int": q_run,
        "v_int": v_run,   # the whole v-branch (verify/topics.py reads it); §3.6's page claims its two parts:
        "v_int_read": {k: v_run[k] for k in ("scores", "alpha", "context")},   # what §3.6 prints
        "v_int_head": {k: v_run[k] for k in ("logits", "probs")},              # the site's completion
        "weights_unchanged": float(np.max(np.abs(v_run["alpha"] - base["alpha"]))),
        "v2_change": READ_V_PRIME[1] - c.V[READ_V_SLOT][1],
        "context_shift": v_run["context"][1] - base["context"][1],
    }


# --------------------------------------------------------------------------- §3.1: the R7.2 他/him construction

@kinds(course=("G alpha alpha_prime context context_prime dim k logits logits_prime loss_from_rounded_p_6dp "
               "n_candidates p_him probs probs_prime q q_prime scores v"),
       site_construction="loss loss_autograd",
       rules={"loss_from_rounded_p_6dp": "the loss §3.1 prints: minus the log of the probability it prints, rounded "
                                         "to six decimals, -ln(.702690)",
              "logits_prime": "the course's c' (§3.1) times its G (§3.1): the logits cG it prints for the baseline, "
                              "taken for its q' read (§3.1 prints only the probabilities softmax(c'G))"})
def him_construction() -> dict:
    """§3.1: the R7.2 三槽 construction under its own 他/him identity: baseline read, vocabulary head,
    the loss for label him (also recomputed by torch autograd), and the q'=(0,1) intervention from the
    same baseline with K, V and G kept."""
    from kernels.attention import read_loss_autograd

    c = R7_2_HIM
    base = _read_to_vocab(c.q, c.K, c.V, c.G)
    q_run = _read_to_vocab(c.q_prime, c.K, c.V, c.G)
    return {
        **_inputs(c),
        "scores": base["scores"], "alpha": base["alpha"], "context": base["context"],
        "logits": base["logits"], "probs": base["probs"],
        "p_him": base["probs"][c.label], "loss": cross_entropy(base["logits"], c.label),
        "loss_autograd": read_loss_autograd(c.q, c.K, c.V, c.G, c.label).loss,
        # the page prints six decimals; the course took the log of the probability already rounded to six
        "loss_6dp": round(float(cross_entropy(base["logits"], c.label)), PRINTED_DECIMALS),
        "loss_from_rounded_p_6dp": _loss_as_printed(base["probs"][c.label]),
        "q_prime": c.q_prime, "alpha_prime": q_run["alpha"],
        "context_prime": q_run["context"], "logits_prime": q_run["logits"], "probs_prime": q_run["probs"],
    }


PRINTED_DECIMALS = 6  # the decimals §3.1 prints (and the course's handout prints) for p_him and its loss


def _loss_as_printed(probability: float) -> float:
    """The loss as §3.1 prints it: the log taken of the probability already rounded to the printed decimals
    (-ln(.702690) = .352839, where the unrounded probability gives .352840)."""
    return round(float(token_nll(round(float(probability), PRINTED_DECIMALS))), PRINTED_DECIMALS)


# --------------------------------------------------------------------------- §3.2: one re-read per target step

ZERO_QUERY = np.zeros(2)  # a query that prefers no key: the read of a step with no specific need


@kinds(course="alpha1 alpha2 c1 c2 k n_nonzero_queries n_slots q1 q2 v",
       site_construction="alpha0 c0 n_queries q0",
       rules={"n_slots": "§3.5's 三来源: the three source positions 她、书、昨天 it selects",
              "k": "§3.5's key table is missing from the lecture text; §4.3 prints it for 第三章的未缩放读取 as "
                   "K^T=[[1,0,1],[0,1,1]] (rows (1,0), (0,1), (1,1)), as does the early course site's old READ table",
              "n_nonzero_queries": "the course's two queries, counted: §3.5's query 为 q=(1,0) and the one §3.6's first "
                                   "intervention swaps in, 换成 q'=(0,1) (K and V kept): two"})
def reread_per_step() -> dict:
    """§3.2 (READ 她/her): the same K/V read with three different queries gives three contexts.

    K, V and the two non-zero queries are the course's (§3.5, §3.6; the key table is the topic page's), and so
    are their reads; the all-zero query is the site's: equal weights, a plain average that would be the same at
    every step."""
    c = READ_HER
    flat = attend(ZERO_QUERY, c.K, c.V)
    first = attend(c.q, c.K, c.V)
    second = attend(c.q_prime, c.K, c.V)
    queries = (ZERO_QUERY, c.q, c.q_prime)
    return {
        **_inputs(c), "n_queries": len(queries),
        "n_nonzero_queries": sum(bool(np.any(np.asarray(q) != 0)) for q in queries),
        "q0": ZERO_QUERY, "alpha0": flat.weights, "c0": flat.context,
        "q1": c.q, "alpha1": first.weights, "c1": first.context,
        "q2": c.q_prime, "alpha2": second.weights, "c2": second.context,
    }


# --------------------------------------------------------------------------- §3.3: key decides where, value decides what

@kinds(course="alpha context k q v", site_construction="alpha_kv context_kv",
       rules={"k": "§3.5's key table is missing from the lecture text; the early course site prints the old READ "
                   "table itself (topic attention-to-prediction, 读到同一位置…), and the lecture's numbers fix it: "
                   "§3.5's scores (1,0,1) for q=(1,0) (exponentials 2.718282, 1, 2.718282) and §3.6's (0,1,1) for q'=(0,1)"})
def key_value_roles() -> dict:
    """§3.3 (READ inputs): keep q and K, swap the values for a copy of the keys: the weights stay,
    the context changes. The given read is the course's (§3.5); the swapped read is the site's."""
    c = READ_HER
    given = attend(c.q, c.K, c.V)
    keys_as_values = attend(c.q, c.K, c.K)
    return {
        "q": c.q, "k": c.K.tolist(), "v": c.V.tolist(),
        "alpha": given.weights, "context": given.context,
        "alpha_kv": keys_as_values.weights, "context_kv": keys_as_values.context,
    }


# --------------------------------------------------------------------------- §3.4: a linear scorer cancels in the softmax

# 本页自建构造: one additive scorer, with and without tanh. W_q, W_k, v_a, b_a are the site's; the keys and
# queries are the §3.5/§3.6 three-slot values, and the dot-product reads of them are those sections' (course).
SCORER_KEYS = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
SCORER_QUERIES = np.array([[1.0, 0.0], [0.0, 1.0]])
SCORER_W_Q = np.array([[1.0, 0.0], [0.0, 3.0]])
SCORER_W_K = np.eye(2)
SCORER_V_A = np.array([1.0, 1.0])
SCORER_B_A = np.zeros(2)


@kinds(course="dot k q n_keys n_queries",   # n_keys: the three source positions §3.5 reads
       site_construction="W_k W_q a b b_a linear tanh v_a",
       rules={"n_queries": "the course's two queries counted: q=(1,0) of §3.5 and q'=(0,1) of §3.6",
              "n_keys": "the three sources §3.5 builds (三来源; 她、书、昨天三个源位置), counted"})
@inputs("W_q", "k", "v_a")
def scorer_cancellation() -> dict:
    """§3.4: two queries through (a) the linear scorer a^T q + b^T k_j obtained by removing tanh,
    (b) the additive tanh scorer, (c) the unscaled dot product. Only (a) gives the same weights."""
    from kernels.attention import additive_scores, dot_scores, linear_scores, linearized_additive_coefficients

    a, b = linearized_additive_coefficients(SCORER_W_Q, SCORER_W_K, SCORER_V_A)
    out = {"n_keys": len(SCORER_KEYS), "n_queries": len(SCORER_QUERIES),
           "k": SCORER_KEYS.tolist(), "W_q": SCORER_W_Q, "W_k": SCORER_W_K, "v_a": SCORER_V_A, "b_a": SCORER_B_A,
           "a": a, "b": b, "q": [], "linear": [], "tanh": [], "dot": []}
    for q in SCORER_QUERIES:
        out["q"].append(q)
        for name, scores in (("linear", linear_scores(q, SCORER_KEYS, a, b)),
                             ("tanh", additive_scores(q, SCORER_KEYS, SCORER_W_Q, SCORER_W_K, SCORER_V_A, SCORER_B_A)),
                             ("dot", dot_scores(q, SCORER_KEYS))):
            out[name].append({"scores": scores, "alpha": softmax(scores)})
    return out


# --------------------------------------------------------------------------- §3.7: local gradients against autograd

AGREEMENT_TOL = 1e-12


@kinds(course=("G d_k d_v dot.alpha dot.context dot.loss_from_rounded_p_6dp dot.p_her k n_slots q "
               "v"),   # n_slots, d_k, d_v: §3.5 builds three sources of two-dimensional vectors
       site_construction="dot scaled tol",
       rules={"n_slots": "§3.5 (course_also) builds a 三来源 ledger: the three source positions 她、书、昨天",
              "d_k": "§3.5 (course_also) calls its vectors 二维: keys of two dimensions",
              "d_v": "§3.5 (course_also) calls its vectors 二维: values of two dimensions",
              "dot.loss_from_rounded_p_6dp": "§3.1 prints this loss for the same q, K, V, G (its first word "
                                             "him) as -ln(.702690)=.352839, the log of the rounded probability",
              "dot.p_her": "§3.1's p(him) for the same q, K, V, G"})
@inputs("tol")
def read_gradient_check() -> dict:
    """§3.7 (READ 她/her): closed-form local gradients (kernels.attention.read_gradients) against torch
    autograd of the full loss -log p(her), for the unscaled read of §3.5 and for the scaled variant of the
    same inputs. The inputs and the unscaled forward read (weights, context) are §3.5's; the rest is the site's.

    The upstream g = dL/dc is computed from the loss (not typed in); autograd's dL/dc is compared too.
    Each agreement count says how many entries differ by at most AGREEMENT_TOL.
    """
    from kernels.attention import read_loss_autograd, vocab_head_upstream

    c = READ_HER
    out = {"q": c.q, "k": c.K.tolist(), "v": c.V.tolist(), "G": c.G, "d_k": c.K.shape[1],
           "n_slots": len(c.K), "d_v": c.V.shape[1],
           "tol": AGREEMENT_TOL}
    for name, scale in (("dot", False), ("scaled", True)):
        read = attend(c.q, c.K, c.V, scale=scale)
        g = vocab_head_upstream(read.context, c.G, c.label)
        closed = read_gradients(c.q, c.K, c.V, g, scale=scale)
        auto = read_loss_autograd(c.q, c.K, c.V, c.G, c.label, scale=scale)
        pairs = [(g, auto.d_context), (closed.d_scores, auto.d_scores), (closed.d_query, auto.d_query),
                 (closed.d_keys, auto.d_keys), (closed.d_values, auto.d_values)]
        diffs = np.concatenate([np.abs(mine - ref).ravel() for mine, ref in pairs])
        out[name] = {
            "alpha": read.weights, "context": read.context, "g": g,
            "d_values": closed.d_values.tolist(), "d_scores": closed.d_scores,
            "d_query": closed.d_query, "d_keys": closed.d_keys.tolist(),
            "loss": cross_entropy(read.context @ c.G, c.label), "loss_autograd": auto.loss,
            # §3.1 prints the loss from the probability already rounded to six decimals (.352839, not .352840)
            "p_her": float(softmax(read.context @ c.G)[c.label]),
            "loss_from_rounded_p_6dp": _loss_as_printed(softmax(read.context @ c.G)[c.label]),
            "entries": int(diffs.size), "agree": int(np.sum(diffs <= AGREEMENT_TOL)),
            "score_grad_sum": float(np.sum(closed.d_scores)),
            # softmax of the scores shifted by one common constant (1.0), against the weights read
            "shift_gap": float(np.max(np.abs(softmax(read.scores + 1.0) - read.weights))),
        }
    return out
