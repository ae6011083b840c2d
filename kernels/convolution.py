"""Text convolution in the TextCNN sense: one filter slid over a sentence, then pooled over time.

A sentence is T word vectors (shape (T, d), or (T,) for scalar features); a filter of width w
has shape (w, d). Each window's score is the sum of the elementwise products of the filter and
the w word vectors it covers, plus a bias: what torch.nn.functional.conv1d computes (a
cross-correlation, no flip) with no padding and stride 1 (Kim 2014, §2). Pooling then turns
the variable number of window scores into one number per filter.
"""
from __future__ import annotations

import math

import numpy as np


def _sequence(features) -> np.ndarray:
    x = np.asarray(features, dtype=np.float64)
    if x.ndim == 1:
        x = x[:, None]
    if x.ndim != 2 or x.shape[0] == 0:
        raise ValueError(f"features must be T word vectors, shape (T,) or (T, d); got {np.shape(features)}")
    return x


def sliding_windows(tokens, width: int) -> list[tuple]:
    """Every run of `width` consecutive tokens, left to right: T - width + 1 windows (no padding)."""
    items = list(tokens)
    if int(width) != width or width < 1:
        raise ValueError(f"window width must be an integer >= 1, got {width}")
    if width > len(items):
        raise ValueError(f"a window of width {width} does not fit in {len(items)} tokens (no padding)")
    return [tuple(items[s:s + width]) for s in range(len(items) - width + 1)]


def window_scores(features, kernel, bias: float = 0.0) -> np.ndarray:
    """s_i = sum_{j,k} kernel[j, k] * x[i + j, k] + bias for every window i (valid, stride 1).

    Position j of the window has its own weights, so reordering the words inside a window
    changes the score; the same kernel is reused at every window.
    """
    x = _sequence(features)
    w = _sequence(kernel)
    if w.shape[1] != x.shape[1]:
        raise ValueError(f"kernel has {w.shape[1]} features per position, the words have {x.shape[1]}")
    width = w.shape[0]
    if width > x.shape[0]:
        raise ValueError(f"a kernel of width {width} does not fit in {x.shape[0]} positions (no padding)")
    return np.array([float(np.sum(w * x[s:s + width])) + float(bias) for s in range(x.shape[0] - width + 1)])


def max_over_time(scores) -> float:
    """max_i s_i: how strongly the filter's pattern occurs anywhere, not where (Kim 2014, §2)."""
    s = np.asarray(scores, dtype=np.float64)
    if s.ndim != 1 or s.size == 0:
        raise ValueError(f"max_over_time takes a non-empty 1-D list of window scores, got shape {s.shape}")
    return float(s.max())


def mean_over_time(vectors) -> np.ndarray:
    """(1/T) sum_t x_t: the average of T vectors, which ignores their order entirely."""
    x = _sequence(vectors)
    mean = x.mean(axis=0)
    return mean if np.ndim(vectors) == 2 else mean[0]


def receptive_field(width: int, dilations) -> int:
    """Input positions one output of a stack of width-`width` convolutions sees: 1 + sum (w - 1) d_l.

    `dilations` gives each layer's dilation (1 = ordinary convolution), bottom layer first.
    """
    if int(width) != width or width < 1:
        raise ValueError(f"kernel width must be an integer >= 1, got {width}")
    ds = list(dilations)
    if any(int(d) != d or d < 1 for d in ds):
        raise ValueError(f"dilations must be integers >= 1, got {ds}")
    return 1 + sum((int(width) - 1) * int(d) for d in ds)


def layers_to_connect(width: int, distance: int) -> int:
    """Fewest stacked undilated width-`width` layers after which positions `distance` apart meet.

    Two positions `distance` apart fall into one receptive field when it spans distance + 1
    positions, i.e. 1 + L (w - 1) >= distance + 1, so L = ceil(distance / (w - 1)).
    """
    if int(width) != width or width < 2:
        raise ValueError(f"a kernel of width {width} never widens the receptive field; use width >= 2")
    if int(distance) != distance or distance < 0:
        raise ValueError(f"distance must be an integer >= 0, got {distance}")
    return math.ceil(int(distance) / (int(width) - 1))
