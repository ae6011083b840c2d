"""Cutting an image into square patches: the counts of §6.2 and the 5-number patch summary of LAB03.

A ViT-style patch is the raw block of pixels (patch × patch × channels values). LAB03's stand-in
keeps only each patch's mean RGB plus its column/row position scaled to [0, 1]; that is not a
learned patch embedding.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class PatchCounts:
    grid_rows: int
    grid_cols: int
    patches: int          # grid_rows * grid_cols
    values_per_patch: int  # patch * patch * channels raw numbers
    rows_with_cls: int    # patches + one aggregation row, when a design adds one


def patch_counts(height: int, width: int, patch: int, channels: int = 3) -> PatchCounts:
    """Counts for cutting a height×width×channels image into non-overlapping patch×patch blocks."""
    if height % patch or width % patch:
        raise ValueError(f"a {height}×{width} image does not split into {patch}×{patch} patches; "
                         "resize it to a multiple of the patch size first")
    rows, cols = height // patch, width // patch
    return PatchCounts(rows, cols, rows * cols, patch * patch * channels, rows * cols + 1)


def cut_patches(image, patch: int) -> np.ndarray:
    """(H, W, C) → (n_patches, patch, patch, C), patches in row-major order (top row first)."""
    image = np.asarray(image)
    h, w, c = image.shape
    counts = patch_counts(h, w, patch, c)
    return (image.reshape(counts.grid_rows, patch, counts.grid_cols, patch, c)
            .transpose(0, 2, 1, 3, 4).reshape(counts.patches, patch, patch, c))


def flatten_patches(image, patch: int) -> np.ndarray:
    """(n_patches, patch·patch·C): the raw values a ViT's linear patch embedding would read."""
    blocks = cut_patches(image, patch)
    return blocks.reshape(blocks.shape[0], -1)


def rgb_xy_features(image, patch: int = 16) -> np.ndarray:
    """LAB03's stand-in: per patch (mean R, mean G, mean B, x, y), RGB in [0, 1], x/y evenly
    spaced over [0, 1] from the first to the last column/row. Shape (n_patches, 5)."""
    pixels = np.asarray(image, dtype=np.float64) / 255.0
    blocks = cut_patches(pixels, patch)
    rgb = blocks.mean(axis=(1, 2))
    h, w, _ = pixels.shape
    rows, cols = h // patch, w // patch
    yy, xx = np.meshgrid(np.linspace(0.0, 1.0, rows), np.linspace(0.0, 1.0, cols), indexing="ij")
    return np.column_stack([rgb, xx.ravel(), yy.ravel()])


def changed_patches(a, b, patch: int) -> np.ndarray:
    """Indices (row-major) of the patches in which two same-sized images differ in any value."""
    diff = np.any(np.asarray(a) != np.asarray(b), axis=-1)
    return np.flatnonzero(cut_patches(diff[..., None], patch).reshape(-1, patch * patch).any(axis=1))
