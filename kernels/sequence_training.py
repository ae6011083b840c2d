"""Pieces of recurrent training arithmetic that lecture chapter 2 opens up one at a time.

kernels.recurrent runs whole cells and whole BPTT passes; the functions here expose the
intermediate quantities a page wants to show on their own: the affine input of a tanh RNN
step, the four affine gate inputs of an LSTM step, the state Jacobian of a tanh RNN and its
products over time, the gradient along an LSTM's direct cell path, element-wise clipping
(to contrast with global-norm clipping), and the two places a GRU can apply its reset gate.
Column-vector convention, float64 numpy, as in kernels.recurrent.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.arrays import float_array


# --------------------------------------------------------------------------- tanh RNN

def rnn_preactivation(x, h_prev, W_x, W_h, b) -> np.ndarray:
    """u_t = W_x x_t + W_h h_{t-1} + b: what a tanh RNN step squashes (lecture §2.1)."""
    return float_array(W_x) @ float_array(x) + float_array(W_h) @ float_array(h_prev) + float_array(b)


def rnn_state_jacobian(h_t, W_h) -> np.ndarray:
    """J_t = dh_t/dh_{t-1} = diag(1 - h_t^2) W_h for h_t = tanh(W_x x_t + W_h h_{t-1} + b) (lecture §2.11)."""
    h_t = float_array(h_t)
    return (1.0 - h_t * h_t)[:, None] * float_array(W_h)


def rnn_jacobian_product(states, W_h, s: int, t: int) -> np.ndarray:
    """dh_t/dh_s = J_t J_{t-1} ... J_{s+1} for states[k] = h_k (row 0 is h_0); the identity when s == t."""
    states = float_array(states)
    if not 0 <= s <= t < len(states):
        raise ValueError(f"need 0 <= s <= t < {len(states)}, got s={s}, t={t}")
    product = np.eye(states.shape[1])
    for k in range(s + 1, t + 1):
        product = rnn_state_jacobian(states[k], W_h) @ product
    return product


def recurrent_weight_contributions(deltas, states) -> np.ndarray:
    """delta_t h_{t-1}^T for every step t: each use's share of dL/dW_h (lecture §2.9).

    `deltas` is (T, H) with delta_t = dL/du_t and `states` is (T + 1, H) with row 0 = h_0, as
    kernels.recurrent.rnn_lm_bptt returns them; the result has shape (T, H, H) and sums over
    time to the full gradient of the shared W_h.
    """
    deltas, states = float_array(deltas), float_array(states)
    if states.shape[0] != deltas.shape[0] + 1:
        raise ValueError(f"need one more state than deltas (h_0 first), got {states.shape} and {deltas.shape}")
    return deltas[:, :, None] * states[:-1, None, :]


# --------------------------------------------------------------------------- LSTM

@dataclass(frozen=True)
class LstmPreactivations:
    z: np.ndarray  # [h_{t-1}; x_t], hidden first
    f: np.ndarray  # W_f z + b_f (sigmoid gives the forget gate)
    i: np.ndarray  # W_i z + b_i (sigmoid gives the input gate)
    o: np.ndarray  # W_o z + b_o (sigmoid gives the output gate)
    g: np.ndarray  # W_g z + b_g (tanh gives the candidate)


def lstm_preactivations(x, h_prev, W_f, W_i, W_o, W_g, b_f, b_i, b_o, b_g) -> LstmPreactivations:
    """The four affine outputs of one LSTM step before their sigmoid/tanh (lecture §2.2).

    Same layout as kernels.recurrent.lstm_step: z = [h_{t-1}; x_t], each W is H x (H + d).
    """
    z = np.concatenate([float_array(h_prev), float_array(x)])
    return LstmPreactivations(z, float_array(W_f) @ z + float_array(b_f), float_array(W_i) @ z + float_array(b_i),
                              float_array(W_o) @ z + float_array(b_o), float_array(W_g) @ z + float_array(b_g))


def cell_path_gradient(forget_gates) -> np.ndarray:
    """dc_T/dc_0 along the direct cell path with the gates held fixed: prod_t f_t, coordinate-wise.

    c_t = f_t * c_{t-1} + i_t * g_t gives dc_t/dc_{t-1} = diag(f_t) when f, i, g do not depend on
    c; the product over the steps is this path's share of the gradient (lecture §2.2). The
    total derivative of a real LSTM has further paths through h and the gate networks.
    `forget_gates` has shape (T,) or (T, H).
    """
    f = float_array(forget_gates)
    if f.ndim == 0 or f.shape[0] == 0:
        raise ValueError("cell_path_gradient needs at least one step of forget gates")
    return np.prod(f, axis=0)


# --------------------------------------------------------------------------- clipping

def clip_by_value(grads, limit: float) -> list:
    """Element-wise clipping to [-limit, limit]: each entry on its own, so the direction can change.

    The contrast to kernels.recurrent.clip_global_norm, which rescales all gradients together
    and keeps their direction (lecture §2.11).
    """
    if not limit > 0:
        raise ValueError(f"clipping limit must be > 0, got {limit}")
    return [np.clip(float_array(g), -limit, limit) for g in grads]


# --------------------------------------------------------------------------- GRU reset placement

def gru_z_other_convention(z):
    """The same mix under the other GRU convention: z_write = 1 - z_keep and back (lecture §2.15).

    The course's z is the share of the candidate written, (1 - z) h + z n; Cho et al. 2014 and
    torch.nn.GRU use the share of the old state kept, z h + (1 - z) n.
    """
    return 1.0 - float_array(z)


RESET_PLACEMENTS = ("before", "after")


def gru_candidate_preactivation(x, h_prev, r, W_n, U_n, b_n, reset: str = "before", b_un=None) -> np.ndarray:
    """The GRU candidate's input to tanh, with the reset gate r applied before or after U_n.

    reset="before" (the course, Cho et al. 2014 §2.3): W_n x + U_n (r * h) + b_n.
    reset="after" (torch.nn.GRU): W_n x + b_n + r * (U_n h + b_un). With a non-diagonal U_n the
    two differ in general (lecture §2.15).
    """
    x, h, r = float_array(x), float_array(h_prev), float_array(r)
    if reset == "before":
        if b_un is not None and np.any(float_array(b_un) != 0):
            raise ValueError("reset='before' has no bias inside the reset product; leave b_un unset")
        return float_array(W_n) @ x + float_array(U_n) @ (r * h) + float_array(b_n)
    if reset == "after":
        inner = float_array(U_n) @ h + (0.0 if b_un is None else float_array(b_un))
        return float_array(W_n) @ x + float_array(b_n) + r * inner
    raise ValueError(f"reset must be one of {RESET_PLACEMENTS}, not {reset!r}")
