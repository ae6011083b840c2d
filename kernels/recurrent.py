"""Recurrent cells and their training arithmetic, in the lecture's column-vector convention.

One sequence at a time: x_t in R^d, h_t in R^H, W_x is H x d, W_h is H x H (lecture §2.1).
Everything is float64 numpy; the truncated-BPTT kernel is a torch twin because "detach" is an
autograd notion.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from kernels.arrays import float_array

from kernels.embeddings import sigmoid
from kernels.probability import log_softmax, softmax


# --------------------------------------------------------------------------- plain tanh RNN

def rnn_step(x, h_prev, W_x, W_h, b) -> np.ndarray:
    """h_t = tanh(W_x x_t + W_h h_{t-1} + b): the same parameters at every position."""
    return np.tanh(float_array(W_x) @ float_array(x) + float_array(W_h) @ float_array(h_prev) + float_array(b))


def rnn_forward(xs, h0, W_x, W_h, b) -> np.ndarray:
    """All states of an unrolled tanh RNN: row 0 is h_0, row t is h_t (shape (T + 1, H))."""
    states = [float_array(h0)]
    for x in float_array(xs):
        states.append(rnn_step(x, states[-1], W_x, W_h, b))
    return np.stack(states)


@dataclass(frozen=True)
class RnnParams:
    W_x: np.ndarray  # H x d
    W_h: np.ndarray  # H x H
    b_h: np.ndarray  # H
    W_y: np.ndarray  # V x H
    b_y: np.ndarray  # V

    def as_list(self) -> list:
        return [self.W_x, self.W_h, self.b_h, self.W_y, self.b_y]


@dataclass(frozen=True)
class Bptt:
    loss: float            # L = sum_t -log p_t[y_t] (a sum over time, not a mean)
    states: np.ndarray     # (T + 1, H), row 0 = h_0
    probs: np.ndarray      # (T, V)
    deltas: np.ndarray     # (T, H): delta_t = dL/du_t
    grads: RnnParams       # dL/dW_x, dL/dW_h, dL/db_h, dL/dW_y, dL/db_y
    grad_inputs: np.ndarray  # (T, d): dL/dx_t = W_x^T delta_t (add into embedding rows, never overwrite)
    grad_h0: np.ndarray    # dL/dh_0 = W_h^T delta_1 (needed when h_0 is trained)


def rnn_lm_bptt(xs, targets, h0, params: RnnParams) -> Bptt:
    """Forward and full backpropagation through time for a tanh RNN with a softmax output.

    u_t = W_x x_t + W_h h_{t-1} + b_h, h_t = tanh(u_t), a_t = W_y h_t + b_y, p_t = softmax(a_t).
    Backward (lecture §2.9): e_t = p_t - onehot(y_t),
    delta_t = (W_y^T e_t + W_h^T delta_{t+1}) * (1 - h_t^2) with delta_{T+1} = 0,
    and each shared parameter's gradient is the sum of its uses over time.
    """
    xs = float_array(xs)
    W_x, W_h, b_h, W_y, b_y = (float_array(p) for p in params.as_list())
    states = rnn_forward(xs, h0, W_x, W_h, b_h)
    logits = states[1:] @ W_y.T + b_y
    log_p = log_softmax(logits, axis=-1)
    targets = np.asarray(targets)
    T = len(xs)
    loss = float(-log_p[np.arange(T), targets].sum())
    probs = np.exp(log_p)
    errors = probs.copy()
    errors[np.arange(T), targets] -= 1.0
    deltas = np.zeros((T, W_h.shape[0]))
    upstream = np.zeros(W_h.shape[0])  # W_h^T delta_{t+1}
    for t in reversed(range(T)):
        h_t = states[t + 1]
        deltas[t] = (W_y.T @ errors[t] + upstream) * (1.0 - h_t * h_t)
        upstream = W_h.T @ deltas[t]
    grads = RnnParams(W_x=deltas.T @ xs, W_h=deltas.T @ states[:-1], b_h=deltas.sum(axis=0),
                      W_y=errors.T @ states[1:], b_y=errors.sum(axis=0))
    return Bptt(loss, states, probs, deltas, grads, deltas @ W_x, upstream)


# --------------------------------------------------------------------------- LSTM

@dataclass(frozen=True)
class LstmStep:
    h: np.ndarray
    c: np.ndarray
    f: np.ndarray  # forget gate: share of the old cell kept
    i: np.ndarray  # input gate: share of the candidate written
    o: np.ndarray  # output gate: share of tanh(c) exposed as h
    g: np.ndarray  # candidate content


def lstm_step(x, h_prev, c_prev, W_f, W_i, W_o, W_g, b_f, b_i, b_o, b_g) -> LstmStep:
    """The forget-gate LSTM without peepholes (Gers et al. 2000), as lecture §2.2 writes it.

    z = [h_{t-1}; x_t] (hidden first), f, i, o = sigma(W z + b), g = tanh(W_g z + b_g),
    c_t = f * c_{t-1} + i * g, h_t = o * tanh(c_t). Each W is H x (H + d).
    """
    z = np.concatenate([float_array(h_prev), float_array(x)])
    f = sigmoid(float_array(W_f) @ z + float_array(b_f))
    i = sigmoid(float_array(W_i) @ z + float_array(b_i))
    o = sigmoid(float_array(W_o) @ z + float_array(b_o))
    g = np.tanh(float_array(W_g) @ z + float_array(b_g))
    c = f * float_array(c_prev) + i * g
    return LstmStep(o * np.tanh(c), c, f, i, o, g)


# --------------------------------------------------------------------------- GRU

@dataclass(frozen=True)
class GruParams:
    """Weights of one GRU cell; W_* act on x (H x d), U_* on the old state (H x H).

    b_un is the bias PyTorch adds to the recurrent candidate projection inside the reset
    product (b_hn); the course's and Cho's formulas have no such term, so it defaults to 0.
    """
    W_z: np.ndarray
    U_z: np.ndarray
    b_z: np.ndarray
    W_r: np.ndarray
    U_r: np.ndarray
    b_r: np.ndarray
    W_n: np.ndarray
    U_n: np.ndarray
    b_n: np.ndarray
    b_un: np.ndarray | None = None


GRU_CONVENTIONS = ("course", "cho", "pytorch")


@dataclass(frozen=True)
class GruStepParts:
    z: np.ndarray          # update gate
    r: np.ndarray          # reset gate
    candidate: np.ndarray  # the new content n (written h~ in lecture §2.13)
    h: np.ndarray          # the new state


def gru_step(x, h_prev, p: GruParams, convention: str = "course") -> np.ndarray:
    """The new state of one GRU step; gru_step_parts gives its gates and candidate too."""
    return gru_step_parts(x, h_prev, p, convention).h


def gru_step_parts(x, h_prev, p: GruParams, convention: str = "course") -> GruStepParts:
    """One GRU update under an explicitly named convention (lecture §2.13, §2.15).

    z = sigma(W_z x + U_z h + b_z), r = sigma(W_r x + U_r h + b_r) in all three; they differ in
    what z means and where the reset acts:

    - "course": z is the write share. n = tanh(W_n x + U_n (r * h) + b_n), h' = (1 - z) h + z n.
    - "cho" (Cho et al. 2014, §2.3): z is the keep share. Same candidate, h' = z h + (1 - z) n,
      so the course's z equals 1 - z_Cho.
    - "pytorch" (torch.nn.GRUCell): keep share like Cho, reset after the recurrent projection:
      n = tanh(W_n x + b_n + r * (U_n h + b_un)), h' = (1 - z) n + z h.
    """
    x, h = float_array(x), float_array(h_prev)
    z = sigmoid(float_array(p.W_z) @ x + float_array(p.U_z) @ h + float_array(p.b_z))
    r = sigmoid(float_array(p.W_r) @ x + float_array(p.U_r) @ h + float_array(p.b_r))
    if convention == "pytorch":
        b_un = 0.0 if p.b_un is None else float_array(p.b_un)
        n = np.tanh(float_array(p.W_n) @ x + float_array(p.b_n) + r * (float_array(p.U_n) @ h + b_un))
        return GruStepParts(z, r, n, (1.0 - z) * n + z * h)
    if convention not in GRU_CONVENTIONS:
        raise ValueError(f"convention must be one of {GRU_CONVENTIONS}, not {convention!r}")
    if p.b_un is not None and np.any(float_array(p.b_un) != 0):
        raise ValueError(f"the {convention!r} GRU has no bias inside the reset product; b_un must be unset")
    n = np.tanh(float_array(p.W_n) @ x + float_array(p.U_n) @ (r * h) + float_array(p.b_n))
    if convention == "course":
        return GruStepParts(z, r, n, (1.0 - z) * h + z * n)
    return GruStepParts(z, r, n, z * h + (1.0 - z) * n)


def gru_interpolate(h_old, candidate, z, z_means: str = "write") -> np.ndarray:
    """The final GRU mix alone: z_means="write" gives (1 - z) h + z n, "keep" gives z h + (1 - z) n."""
    h_old, candidate, z = float_array(h_old), float_array(candidate), float_array(z)
    if z_means == "write":
        return (1.0 - z) * h_old + z * candidate
    if z_means == "keep":
        return z * h_old + (1.0 - z) * candidate
    raise ValueError(f"z_means must be 'write' or 'keep', not {z_means!r}")


# --------------------------------------------------------------------------- checking and clipping

@dataclass(frozen=True)
class GradientCheck:
    numeric: np.ndarray
    analytic: np.ndarray
    max_abs_error: float
    relative_error: float   # ||g_a - g_n|| / (||g_a|| + ||g_n|| + 1e-12)


def central_difference(loss: Callable[[np.ndarray], float], theta, eps: float = 1e-5) -> np.ndarray:
    """g_i = (L(theta + eps e_i) - L(theta - eps e_i)) / (2 eps) for every element of theta."""
    theta = float_array(theta).copy()
    grad = np.zeros_like(theta)
    for idx in np.ndindex(theta.shape):
        saved = theta[idx]
        theta[idx] = saved + eps
        plus = float(loss(theta))
        theta[idx] = saved - eps
        minus = float(loss(theta))
        theta[idx] = saved
        grad[idx] = (plus - minus) / (2.0 * eps)
    return grad


def gradient_check(loss: Callable[[np.ndarray], float], theta, analytic, eps: float = 1e-5) -> GradientCheck:
    """Compare a hand-written gradient with central differences (lecture §2.10).

    Reports both the maximum absolute error and the whole-vector relative error; a relative
    error per element would be meaningless where both gradients are near zero.
    """
    numeric = central_difference(loss, theta, eps)
    analytic = float_array(analytic)
    if analytic.shape != numeric.shape:
        raise ValueError(f"analytic gradient has shape {analytic.shape}, parameters {numeric.shape}")
    diff = np.linalg.norm(analytic - numeric)
    rel = diff / (np.linalg.norm(analytic) + np.linalg.norm(numeric) + 1e-12)
    return GradientCheck(numeric, analytic, float(np.max(np.abs(analytic - numeric))), float(rel))


@dataclass(frozen=True)
class Clipped:
    grads: list            # the (possibly) rescaled gradients, same shapes as given
    norm_before: float     # ||g||_2 over all parameters together
    scale: float           # min(1, tau / ||g||), 1 for a zero gradient
    clipped: bool          # whether the threshold was exceeded


def clip_global_norm(grads, threshold: float) -> Clipped:
    """g <- g min(1, tau / ||g||_2), with ||g|| taken over every parameter's gradient at once.

    Direction is kept, only the length shrinks (unlike element-wise clipping). A zero gradient
    stays zero: the ratio is never formed, so no 0/0 (lecture §2.11).
    """
    if not threshold > 0:
        raise ValueError(f"clipping threshold must be > 0, got {threshold}")
    arrays = [float_array(g) for g in grads]
    norm = float(np.sqrt(sum(float((g * g).sum()) for g in arrays)))
    if norm <= threshold:
        return Clipped([g.copy() for g in arrays], norm, 1.0, False)
    scale = threshold / norm
    return Clipped([g * scale for g in arrays], norm, scale, True)


# --------------------------------------------------------------------------- truncated BPTT (torch)

@dataclass(frozen=True)
class TruncatedBptt:
    chunk_grads: list      # per chunk: RnnParams of that chunk's loss gradient
    carried_states: list   # the state handed to each chunk (numerically the full-forward state)
    losses: list           # per-chunk summed loss


def truncated_bptt(xs, targets, h0, params: RnnParams, chunk: int) -> TruncatedBptt:
    """Split the sequence into chunks; each chunk starts from the previous final state, detached.

    The state's value crosses the boundary; its gradient does not (lecture §2.14). Parameters
    are not updated between chunks here, so summing chunk_grads gives the truncated gradient of
    the whole loss. torch autograd computes every gradient.
    """
    import torch

    if chunk < 1:
        raise ValueError(f"chunk length must be at least 1, got {chunk}")
    t = lambda a: torch.tensor(float_array(a), dtype=torch.float64)
    xs_t, ys = t(xs), torch.as_tensor(np.asarray(targets), dtype=torch.long)
    leaves = [t(p).requires_grad_(True) for p in params.as_list()]
    W_x, W_h, b_h, W_y, b_y = leaves
    state = t(h0)
    chunk_grads, carried, losses = [], [], []
    for start in range(0, len(xs_t), chunk):
        state = state.detach()
        carried.append(state.numpy().copy())
        loss = torch.zeros((), dtype=torch.float64)
        for step in range(start, min(start + chunk, len(xs_t))):
            state = torch.tanh(W_x @ xs_t[step] + W_h @ state + b_h)
            loss = loss - torch.log_softmax(W_y @ state + b_y, dim=-1)[ys[step]]
        grads = torch.autograd.grad(loss, leaves)
        chunk_grads.append(RnnParams(*(g.numpy().copy() for g in grads)))
        losses.append(float(loss.detach()))
    return TruncatedBptt(chunk_grads, carried, losses)


def rnn_lm_probs(xs, h0, params: RnnParams) -> np.ndarray:
    """Next-token distributions p_t = softmax(W_y h_t + b_y) of the unrolled RNN, shape (T, V)."""
    states = rnn_forward(xs, h0, params.W_x, params.W_h, params.b_h)
    return softmax(states[1:] @ float_array(params.W_y).T + float_array(params.b_y), axis=-1)


# --------------------------------------------------------------------------- primer §8–§9: hand-sized pieces

def decayed_record(features, keep: float, h0: float = 0.0) -> np.ndarray:
    """The primer's one-number notebook h_t = keep * h_{t-1} + x_t; all states, entry 0 = h0.

    A linear recurrence with scalars in place of matrices and no tanh (primer §8.2): it shows
    that a running update keeps word order, and its response to a single 1 followed by k zeros
    is keep**k, the share of an early word still present after k more updates (§8.5). It is
    a structural demonstration, not a standard RNN cell.
    """
    states = [float(h0)]
    for x in np.asarray(features, dtype=np.float64).reshape(-1):
        states.append(float(keep) * states[-1] + float(x))
    return np.array(states)


@dataclass(frozen=True)
class LstmCellUpdate:
    kept: np.ndarray     # f ⊙ c_{t-1}: the part of the old cell that survives
    written: np.ndarray  # i ⊙ g: the part of the candidate that enters
    c: np.ndarray        # c_t = kept + written
    h: np.ndarray        # h_t = o ⊙ tanh(c_t)


def lstm_cell_update(c_prev, f, i, g, o) -> LstmCellUpdate:
    """c_t = f ⊙ c_{t-1} + i ⊙ g, h_t = o ⊙ tanh(c_t) from gate values already computed.

    The second half of lstm_step, for examples that state the gates directly (primer §9.2):
    scalars or equal-length vectors, multiplied cell by cell.
    """
    c_prev, f, i, g, o = (float_array(a) for a in (c_prev, f, i, g, o))
    kept, written = f * c_prev, i * g
    c = kept + written
    return LstmCellUpdate(kept, written, c, o * np.tanh(c))


GATE_BLOCKS = {"rnn": 1, "gru": 3, "lstm": 4}


def recurrent_parameter_count(cell: str, d: int, H: int, biases: int = 1, directions: int = 1) -> int:
    """Weights of one recurrent layer: blocks * (H d + H H + biases H) * directions.

    blocks is 1 for the tanh RNN, 3 for the GRU (update, reset, candidate) and 4 for the LSTM
    (forget, input, output, candidate). The course's formulas have one bias per block
    (biases=1); torch.nn.RNN/GRU/LSTM keep two (bias_ih and bias_hh, biases=2). A bidirectional
    layer (directions=2) has a second, independent set for the right-to-left pass.
    """
    if cell not in GATE_BLOCKS:
        raise ValueError(f"cell must be one of {sorted(GATE_BLOCKS)}, not {cell!r}")
    for name, value in (("d", d), ("H", H), ("directions", directions)):
        if int(value) != value or value < 1:
            raise ValueError(f"{name} must be an integer >= 1, got {value}")
    if biases not in (0, 1, 2):
        raise ValueError(f"biases must be 0, 1 or 2 per block, got {biases}")
    return GATE_BLOCKS[cell] * (H * d + H * H + biases * H) * directions
