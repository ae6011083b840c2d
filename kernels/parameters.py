"""Counting parameters and inputs: LoRA adapters, mixture-of-experts, image patches.

These are exact integer counts of what a design stores or feeds in; none of them is a memory
or latency estimate (primer §17.3, lecture §5.11, §6.2).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


def _positive(**values) -> None:
    for name, v in values.items():
        if int(v) != v or v < 1:
            raise ValueError(f"{name} must be a positive integer, got {v}")


def dense_parameter_count(d_out: int, d_in: int) -> int:
    """Entries of a d_out x d_in weight matrix (no bias)."""
    _positive(d_out=d_out, d_in=d_in)
    return d_out * d_in


def attention_parameter_count(d_model: int) -> int:
    """Weights of one attention sublayer: W^Q, W^K, W^V (all heads together) and W^O, each
    d_model x d_model, so 4 d^2 (no biases; the head count splits the matrices, not the total)."""
    return 4 * dense_parameter_count(d_model, d_model)


def lora_parameter_count(d_out: int, d_in: int, rank: int) -> int:
    """Trainable entries of B (d_out x r) and A (r x d_in): r (d_in + d_out) (Hu et al. 2021).

    The scale alpha / r multiplies BA but adds no parameters; the frozen W_0 is still stored.
    """
    _positive(d_out=d_out, d_in=d_in, rank=rank)
    return rank * (d_out + d_in)


def lora_weight(W0, B, A, alpha: float | None = None) -> np.ndarray:
    """W = W_0 + (alpha / r) B A; alpha=None means a scale of 1 (the "W_0 + BA" shorthand)."""
    W0, B, A = (np.asarray(m, dtype=np.float64) for m in (W0, B, A))
    r = A.shape[0]
    if B.shape != (W0.shape[0], r) or A.shape != (r, W0.shape[1]):
        raise ValueError(f"need B ({W0.shape[0]}, r) and A (r, {W0.shape[1]}); got {B.shape}, {A.shape}")
    scale = 1.0 if alpha is None else float(alpha) / r
    return W0 + scale * (B @ A)


@dataclass(frozen=True)
class MoeCounts:
    total: int    # parameters stored: shared + router + every expert
    active: int   # parameters one token uses: shared + router + its k experts


def moe_parameter_counts(n_experts: int, expert_params: int, k: int,
                         shared_params: int = 0, router_params: int = 0) -> MoeCounts:
    """Stored E P versus activated k P expert parameters per token (lecture §5.11).

    Neither number is a FLOP count, a latency or a memory footprint: routing, capacity and
    communication are outside this count.
    """
    _positive(n_experts=n_experts, expert_params=expert_params, k=k)
    if k > n_experts:
        raise ValueError(f"cannot route to k={k} of {n_experts} experts")
    if shared_params < 0 or router_params < 0:
        raise ValueError("shared and router parameter counts must be >= 0")
    base = shared_params + router_params
    return MoeCounts(base + n_experts * expert_params, base + k * expert_params)


def top_k_routing(router_probs, k: int, renormalize: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(chosen expert indices, their mixing weights) for one token.

    Switch Transformer's top-1 keeps the raw router probability as the weight (0.7 stays 0.7);
    renormalize=True divides by the chosen experts' total instead, which some top-2 designs do.
    Ties keep the lower expert index.
    """
    p = np.asarray(router_probs, dtype=np.float64)
    _positive(k=k)
    if k > p.size:
        raise ValueError(f"cannot route to k={k} of {p.size} experts")
    chosen = np.argsort(-p, kind="stable")[:k]
    weights = p[chosen]
    return chosen, weights / weights.sum() if renormalize else weights


def patch_grid(height: int, width: int, patch: int) -> tuple[int, int]:
    """(rows, columns) of non-overlapping patch x patch squares; the image must tile exactly."""
    _positive(height=height, width=width, patch=patch)
    if height % patch or width % patch:
        raise ValueError(f"a {height}x{width} image does not tile into {patch}x{patch} patches")
    return height // patch, width // patch


def patch_count(height: int, width: int, patch: int, cls_token: bool = False) -> int:
    """Number of patch rows a ViT-style encoder sees: (H/p)(W/p), plus one with a CLS row.

    224 x 224 at 16 x 16 gives 196 (197 with CLS), lecture §6.2.
    """
    rows, cols = patch_grid(height, width, patch)
    return rows * cols + int(bool(cls_token))


def patch_value_count(patch: int, channels: int = 3) -> int:
    """Raw numbers in one patch before any embedding: p * p * C (768 for 16 x 16 RGB)."""
    _positive(patch=patch, channels=channels)
    return patch * patch * channels


def patchify(image, patch: int) -> np.ndarray:
    """Split an (H, W, C) image into (N, p, p, C) patches in row-major patch order."""
    img = np.asarray(image)
    if img.ndim != 3:
        raise ValueError(f"need an (H, W, C) image, got shape {img.shape}")
    H, W, C = img.shape
    rows, cols = patch_grid(H, W, patch)
    return (img.reshape(rows, patch, cols, patch, C).transpose(0, 2, 1, 3, 4)
            .reshape(rows * cols, patch, patch, C))
