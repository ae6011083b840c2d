"""Primer chapter 17: LoRA parameter counts (§17.3) and a toy retrieval score (§17.4) (教学构造).

The matrix sizes, the rank r and the query/document vectors are the primer's given numbers,
defined once below. Counts come from kernels.parameters (dense and LoRA parameter counts);
similarities and rankings from kernels.retrieval. The length contrast (a document vector
stretched ten times) and the rank-one example of the exercise are this site's additions.
"""
import numpy as np

from kernels.parameters import dense_parameter_count, lora_parameter_count, lora_weight
from kernels.retrieval import retrieve
from checker.evidence import inputs, kinds

SMALL_D, SMALL_R = 4, 1          # §17.3: a 4x4 weight, a 4x1 times 1x4 change
LARGE_D, LARGE_R = 4096, 8       # §17.3: a 4,096 x 4,096 weight with r = 8

QUERY = np.array([1.0, 0.0])                    # §17.4
DOCS = np.array([[0.9, 0.1], [0.1, 0.9]])       # document 1, document 2
STRETCH = 10.0                                  # this site's contrast: document 2 made ten times longer

# A rank-one change for §17.3: B (4x1) times A (1x4); W_0 = 0 so W equals the change itself.
LORA_B = np.array([[1.0], [2.0], [0.0], [-1.0]])
LORA_A = np.array([[1.0, 0.0, 1.0, 2.0]])


@inputs("unit_scale", "B", "d_large", "d_small", "r_large", "r_small")
@kinds(course="d_large d_small dense_large dense_small fraction lora_large lora_small r_large r_small unit_scale",
       site_construction="A B delta rank_identity")
def lora_counts() -> dict:
    """§17.3: trainable entries of a full update and of B, A for both sizes; the frozen-weight ratio."""
    dense_small = dense_parameter_count(SMALL_D, SMALL_D)
    dense_large = dense_parameter_count(LARGE_D, LARGE_D)
    lora_large = lora_parameter_count(LARGE_D, LARGE_D, LARGE_R)
    delta = lora_weight(np.zeros((SMALL_D, SMALL_D)), LORA_B, LORA_A)
    return {
        "d_small": SMALL_D, "r_small": SMALL_R,
        "dense_small": dense_small, "lora_small": lora_parameter_count(SMALL_D, SMALL_D, SMALL_R),
        "B_small": dense_parameter_count(SMALL_D, SMALL_R), "A_small": dense_parameter_count(SMALL_R, SMALL_D),
        "d_large": LARGE_D, "r_large": LARGE_R,
        "dense_large": dense_large, "lora_large": lora_large,
        "B_large": dense_parameter_count(LARGE_D, LARGE_R), "A_large": dense_parameter_count(LARGE_R, LARGE_D),
        "fraction": lora_large / dense_large,
        "B": LORA_B, "A": LORA_A[0], "delta": delta,
        "unit_scale": 1,                                   # the primer's alpha/r = 1 ("W_0 + BA" shorthand)
        "rank_identity": int(np.linalg.matrix_rank(np.eye(SMALL_D))),   # a change no rank-1 BA can write
    }


@kinds(course="best_dot d1 d2 dot dot_long[0] q",
       site_construction="best_cos best_cos_long best_dot_long cos cos_long d2_long dot_long stretch")
@inputs("stretch", "q")
def rag_toy() -> dict:
    """§17.4: dot-product scores of two documents, their ranking, and the cosine view of the same vectors;
    then document 2 stretched STRETCH times (this site's contrast)."""
    dot = retrieve(QUERY, DOCS, k=len(DOCS), similarity="dot")
    cos = retrieve(QUERY, DOCS, k=len(DOCS), similarity="cosine")
    stretched = DOCS.copy()
    stretched[1] = STRETCH * DOCS[1]
    dot_s = retrieve(QUERY, stretched, k=len(DOCS), similarity="dot")
    cos_s = retrieve(QUERY, stretched, k=len(DOCS), similarity="cosine")
    return {
        "q": QUERY, "d1": DOCS[0], "d2": DOCS[1],
        "dot": dot.scores, "best_dot": int(dot.ranking[0]) + 1,
        "cos": cos.scores, "best_cos": int(cos.ranking[0]) + 1,
        "stretch": STRETCH, "d2_long": stretched[1],
        "dot_long": dot_s.scores, "best_dot_long": int(dot_s.ranking[0]) + 1,
        "cos_long": cos_s.scores, "best_cos_long": int(cos_s.ranking[0]) + 1,
    }
