"""State-space and linear-recurrence operators of lecture §5.15–§5.16, computed step by step.

Each kernel runs the recurrence the papers implement (a state carried from one position to the next); the pages
state the same operators in closed form (a convolution over the past, a ratio of decayed sums), so a page's formula
and the kernel are two computations of one quantity. Column-vector convention; positions count from 1 and the state
before the first input is zero.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.arrays import float_array


@dataclass(frozen=True)
class Scan:
    states: np.ndarray   # (T + 1, N): row 0 is h_0 = 0, row t is h_t
    outputs: np.ndarray  # (T, P): y_t


def linear_ssm_scan(A_bar, B_bar, C, D, u) -> Scan:
    """h_t = A_bar h_{t-1} + B_bar u_t, y_t = C h_t + D u_t with fixed matrices (a discretized SSM, lecture §5.15).

    u is (T, M); A_bar (N, N), B_bar (N, M), C (P, N), D (P, M).
    """
    A, B, C, D, u = (float_array(a) for a in (A_bar, B_bar, C, D, u))
    h = np.zeros(A.shape[0])
    states, outputs = [h], []
    for u_t in u:
        h = A @ h + B @ u_t
        states.append(h)
        outputs.append(C @ h + D @ u_t)
    return Scan(np.stack(states), np.stack(outputs))


def selective_scan(A_bars, B_bars, Cs, x) -> Scan:
    """h_t = A_bar_t h_{t-1} + B_bar_t x_t, y_t = C_t h_t with matrices that change with the position (Mamba's
    selective SSM, lecture §5.16). A_bars (T, N, N), B_bars (T, N, M), Cs (T, P, N), x (T, M)."""
    A, B, C, x = (float_array(a) for a in (A_bars, B_bars, Cs, x))
    h = np.zeros(A.shape[1])
    states, outputs = [h], []
    for t in range(len(x)):
        h = A[t] @ h + B[t] @ x[t]
        states.append(h)
        outputs.append(C[t] @ h)
    return Scan(np.stack(states), np.stack(outputs))


def rwkv_wkv(w, u, k, v) -> np.ndarray:
    """RWKV's wkv_t for every position, by the recurrence on a decayed numerator a and denominator b (Peng et al.
    2023, §3 / Appendix): wkv_t = (a_t + e^{u + k_t} v_t) / (b_t + e^{u + k_t}), then
    a_{t+1} = e^{-w} a_t + e^{k_t} v_t and b_{t+1} = e^{-w} b_t + e^{k_t}, channel by channel.

    w, u are (C,) (the decay and the bonus of the current token), k and v are (T, C). No rescaling for large
    exponents is done here: this is the formula, not the numerically stabilized CUDA kernel.
    """
    w, u, k, v = (float_array(a) for a in (w, u, k, v))
    a, b = np.zeros(k.shape[1]), np.zeros(k.shape[1])
    out = []
    for t in range(len(k)):
        now = np.exp(u + k[t])
        out.append((a + now * v[t]) / (b + now))
        a = np.exp(-w) * a + np.exp(k[t]) * v[t]
        b = np.exp(-w) * b + np.exp(k[t])
    return np.stack(out)


def continuous_ssm(A, B, C, D, h, u) -> tuple[np.ndarray, np.ndarray]:
    """(dh/dt, y) of the continuous system dh/dt = A h + B u, y = C h + D u at one instant (lecture §5.15)."""
    A, B, C, D, h, u = (float_array(a) for a in (A, B, C, D, h, u))
    return A @ h + B @ u, C @ h + D @ u
