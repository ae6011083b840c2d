"""LAB03 path B: a random, untrained cross-attention branch that lets a fixed language prefix
read an image once, re-implemented in float64 numpy.

    features (196×5: mean RGB, x, y per 16×16 patch) --encoder--> Z
    language = mean of the prefix embeddings;  q = language·W_Q;  K = Z·W_K;  V = Z·W_V
    read     = softmax(q·Kᵀ/√d) · V                       (one read over every patch)
    branch   = enabled · (read·W_O + bias)               (the gate comes AFTER the bias)
    logits   = (language + branch) · W_head              (six-word vocabulary)

Every parameter is a fixed random draw from one seed; nothing is trained, so the word names are
only column labels. The branch is switched off by multiplying the whole projected vector, bias
included, by zero: the off arm then gives exactly the language-only logits for every image.
Zeroing only the read would leave the bias behind; setting every score to −inf would make the
softmax undefined. Both are wrong ways to switch the branch off.

`four_arms` runs images A/B × branch on/off and `check_four_arms` asserts what those arms must
show; the deliberately wrong variants below exist so tests can prove the check catches them.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.attention import attend
from kernels.patches import rgb_xy_features
from kernels.probability import softmax

VOCAB = ("a", "scene", "river", "person", "bank", "EOS")
FEATURES = 5
SUM_TOLERANCE = 1e-12


class BranchCheckFailed(AssertionError):
    """`reason` names the violated condition: stale_kv, weights_sum, off_reads_image,
    bias_survives_gate or on_arms_identical."""

    def __init__(self, reason: str, message: str):
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class BranchParams:
    encoder: np.ndarray    # (5, d)
    embedding: np.ndarray  # (vocab, d)
    W_Q: np.ndarray        # (d, d)
    W_K: np.ndarray
    W_V: np.ndarray
    W_O: np.ndarray
    bias: np.ndarray       # (d,)
    head: np.ndarray       # (d, vocab)

    @property
    def width(self) -> int:
        return self.embedding.shape[1]


def make_params(seed: int, width: int = 16, vocab: int = len(VOCAB)) -> BranchParams:
    """Draw every matrix from one generator in a fixed order; entries N(0, 1/fan_in)."""
    rng = np.random.default_rng(seed)

    def draw(rows, cols):
        return rng.standard_normal((rows, cols)) / np.sqrt(rows)

    return BranchParams(encoder=draw(FEATURES, width), embedding=rng.standard_normal((vocab, width)),
                        W_Q=draw(width, width), W_K=draw(width, width), W_V=draw(width, width),
                        W_O=draw(width, width), bias=rng.standard_normal(width) / np.sqrt(width),
                        head=draw(width, vocab))


def prefix_ids(words) -> list[int]:
    unknown = [w for w in words if w not in VOCAB]
    if unknown:
        raise ValueError(f"prefix words {unknown} are not in the vocabulary {VOCAB}")
    return [VOCAB.index(w) for w in words]


def language_state(params: BranchParams, prefix) -> np.ndarray:
    """The language residual: the mean of the prefix's embedding rows (LAB03's stand-in for a decoder)."""
    return params.embedding[prefix_ids(prefix)].mean(axis=0)


def encode(features, params: BranchParams) -> np.ndarray:
    return np.asarray(features, dtype=np.float64) @ params.encoder


def project_kv(Z, params: BranchParams) -> tuple[np.ndarray, np.ndarray]:
    return Z @ params.W_K, Z @ params.W_V


def gated_branch(read, params: BranchParams, enabled: bool) -> np.ndarray:
    """enabled · (read·W_O + bias): the one correct place for the gate."""
    return float(enabled) * (read @ params.W_O + params.bias)


# Deliberately wrong variants, kept so the tests can show the four-arm check catches each one.
def gate_before_bias(read, params: BranchParams, enabled: bool) -> np.ndarray:
    """WRONG: the gate multiplies only read·W_O, so an 'off' branch still adds the bias."""
    return float(enabled) * (read @ params.W_O) + params.bias


def ungated_read(read, params: BranchParams, enabled: bool) -> np.ndarray:
    """WRONG: the gate switches only the bias, so the 'off' arm still carries the image read."""
    return read @ params.W_O + float(enabled) * params.bias


@dataclass(frozen=True)
class BranchRun:
    features: np.ndarray
    Z: np.ndarray
    K: np.ndarray
    V: np.ndarray
    q: np.ndarray
    weights: np.ndarray
    read: np.ndarray
    branch: np.ndarray
    language: np.ndarray
    logits: np.ndarray
    probabilities: np.ndarray


def vision_read(features, params: BranchParams, prefix=("a", "scene"), enabled: bool = True,
                branch_fn=gated_branch, kv=None) -> BranchRun:
    """One forward pass. `kv` replaces the freshly projected (K, V): only the stale-K/V mistake
    of §6.7 passes it. The off arm still computes the read; the gate makes its contribution zero."""
    language = language_state(params, prefix)
    Z = encode(features, params)
    K, V = project_kv(Z, params) if kv is None else kv
    q = language @ params.W_Q
    result = attend(q, K, V, scale=True)
    branch = branch_fn(result.context, params, enabled)
    logits = (language + branch) @ params.head
    return BranchRun(np.asarray(features, dtype=np.float64), Z, K, V, q, result.weights, result.context,
                     branch, language, logits, softmax(logits))


def image_features(image) -> np.ndarray:
    return rgb_xy_features(image, patch=16)


def pearson(a, b) -> float:
    """Pearson correlation of two equal-length vectors: cov(a, b) / (std(a) · std(b))."""
    a = np.asarray(a, dtype=np.float64) - np.mean(a)
    b = np.asarray(b, dtype=np.float64) - np.mean(b)
    return float(a @ b / np.sqrt((a @ a) * (b @ b)))


def weight_correlations(run: BranchRun) -> dict:
    """How the read weights line up with each patch's column (x), row (y) and mean brightness:
    a strong x/y correlation means the random query mostly prefers positions, not contents."""
    f = run.features
    return {"x": pearson(run.weights, f[:, 3]), "y": pearson(run.weights, f[:, 4]),
            "brightness": pearson(run.weights, f[:, :3].mean(axis=1))}


ARMS = (("A", True), ("B", True), ("A", False), ("B", False))


def four_arms(features_a, features_b, params: BranchParams, prefix=("a", "scene"),
              branch_fn=gated_branch, stale_kv: bool = False) -> dict:
    """Images A/B × branch on/off with everything else fixed. stale_kv=True is the §6.7 mistake:
    image B is read through the K/V computed from image A."""
    feats = {"A": features_a, "B": features_b}
    runs = {}
    for image, enabled in ARMS:
        kv = (runs[("A", enabled)].K, runs[("A", enabled)].V) if stale_kv and image == "B" else None
        runs[(image, enabled)] = vision_read(feats[image], params, prefix, enabled, branch_fn, kv)
    return runs


def max_abs_diff(a, b) -> float:
    return float(np.max(np.abs(np.asarray(a) - np.asarray(b))))


def check_four_arms(runs: dict, params: BranchParams) -> dict:
    """What the four arms must show; raises BranchCheckFailed naming the first violated condition.

    - each arm's K/V are the projections of *its own* image (a stale K/V fails here);
    - every weight row sums to one over all patches;
    - the off arms equal the language-only logits exactly (a bias left behind fails here) and
      are therefore identical across images (an image leaking into the off arm fails here);
    - the on arms differ between the images.
    """
    for (image, enabled), run in runs.items():
        K, V = project_kv(encode(run.features, params), params)
        if not (np.array_equal(K, run.K) and np.array_equal(V, run.V)):
            raise BranchCheckFailed("stale_kv", f"arm {image}/{'on' if enabled else 'off'}: K/V are not the projections of "
                                    "this arm's image (stale K/V from another image?); recompute them")
        total = float(run.weights.sum())
        if abs(total - 1.0) > SUM_TOLERANCE:
            raise BranchCheckFailed("weights_sum", f"arm {image}: attention weights sum to {total!r}, not 1")
    language_only = runs[("A", False)].language @ params.head
    off_vs_language = max(max_abs_diff(runs[(i, False)].logits, language_only) for i in ("A", "B"))
    off_diff = max_abs_diff(runs[("A", False)].logits, runs[("B", False)].logits)
    on_diff = max_abs_diff(runs[("A", True)].logits, runs[("B", True)].logits)
    if off_diff != 0.0:
        raise BranchCheckFailed("off_reads_image", f"off arms differ between images by {off_diff:.3e}: the image still reaches "
                                "the logits with the branch switched off")
    if off_vs_language != 0.0:
        raise BranchCheckFailed("bias_survives_gate", f"off arms differ from the language-only logits by {off_vs_language:.3e}: "
                                "something (the bias?) survives the gate; gate the whole projected vector")
    if not on_diff > 0.0:
        raise BranchCheckFailed("on_arms_identical", "on arms give identical logits for different images: "
                                "were K/V recomputed after the image changed?")
    return {"off_diff": off_diff, "on_diff": on_diff, "off_vs_language": off_vs_language}
