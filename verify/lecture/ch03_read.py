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
        "base": base, "q_int": q_run, "v_int": v_run,
        "weights_unchanged": float(np.max(np.abs(v_run["alpha"] - base["alpha"]))),
        "v2_change": VALUE_2_DOUBLED[1] - VALUES[1][1],
        "context_shift": v_run["context"][1] - base["context"][1],
    }
