"""kernels.sequence_training against torch autograd, torch.nn cells and utilities, and kernels.recurrent."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.recurrent import (GruParams, RnnParams, gru_interpolate, gru_step, lstm_step, rnn_forward, rnn_lm_bptt,
                               rnn_step)
from kernels.sequence_training import (cell_path_gradient, clip_by_value, gru_candidate_preactivation,
                                       gru_z_other_convention, lstm_preactivations, recurrent_weight_contributions,
                                       rnn_jacobian_product, rnn_preactivation, rnn_state_jacobian)

rng = np.random.default_rng(11)


def tt(a):
    return torch.tensor(np.asarray(a, dtype=np.float64))


# --------------------------------------------------------------------------- tanh RNN

def test_preactivation_is_what_rnn_step_squashes():
    d, H = 3, 4
    W_x, W_h, b = rng.normal(size=(H, d)), rng.normal(size=(H, H)), rng.normal(size=H)
    x, h = rng.normal(size=d), rng.normal(size=H)
    np.testing.assert_allclose(np.tanh(rnn_preactivation(x, h, W_x, W_h, b)), rnn_step(x, h, W_x, W_h, b),
                               rtol=0, atol=1e-15)


def test_lecture_preactivation_example():
    """§2.1: e_昨天 + 0.5 h_1 = (.380797, 1)."""
    h1 = rnn_step([1, 0], [0, 0], np.eye(2), 0.5 * np.eye(2), [0, 0])
    u2 = rnn_preactivation([0, 1], h1, np.eye(2), 0.5 * np.eye(2), [0, 0])
    np.testing.assert_allclose(np.round(u2, 6), [0.380797, 1.0])


def test_state_jacobian_and_product_match_autograd():
    d, H, T = 2, 3, 5
    W_x, W_h, b = rng.normal(size=(H, d)), rng.normal(size=(H, H)) * 0.8, rng.normal(size=H) * 0.2
    xs, h0 = rng.normal(size=(T, d)), rng.normal(size=H)
    states = rnn_forward(xs, h0, W_x, W_h, b)

    def run(h_s, s, t):
        h = h_s
        for k in range(s, t):
            h = torch.tanh(tt(W_x) @ tt(xs[k]) + tt(W_h) @ h + tt(b))
        return h

    for s, t in ((0, 1), (1, 4), (0, 5), (2, 2)):
        ref = torch.autograd.functional.jacobian(lambda h: run(h, s, t), tt(states[s])).numpy()
        np.testing.assert_allclose(rnn_jacobian_product(states, W_h, s, t), ref, rtol=1e-10, atol=1e-13)
    np.testing.assert_allclose(rnn_state_jacobian(states[3], W_h), rnn_jacobian_product(states, W_h, 2, 3),
                               rtol=0, atol=1e-15)
    with pytest.raises(ValueError):
        rnn_jacobian_product(states, W_h, 3, 2)


def test_weight_contributions_are_per_use_gradients():
    """Untie W_h into one copy per step: autograd's gradient for copy t is delta_t h_{t-1}^T."""
    d, H, V, T = 3, 4, 5, 6
    p = RnnParams(rng.normal(size=(H, d)) * 0.7, rng.normal(size=(H, H)) * 0.7, rng.normal(size=H) * 0.3,
                  rng.normal(size=(V, H)), rng.normal(size=V) * 0.3)
    xs, h0, ys = rng.normal(size=(T, d)), rng.normal(size=H), rng.integers(0, V, size=T)
    run = rnn_lm_bptt(xs, ys, h0, p)
    parts = recurrent_weight_contributions(run.deltas, run.states)
    copies = [tt(p.W_h).requires_grad_(True) for _ in range(T)]
    h, loss = tt(h0), 0
    for t in range(T):
        h = torch.tanh(tt(p.W_x) @ tt(xs[t]) + copies[t] @ h + tt(p.b_h))
        loss = loss - torch.log_softmax(tt(p.W_y) @ h + tt(p.b_y), dim=-1)[int(ys[t])]
    loss.backward()
    for t in range(T):
        np.testing.assert_allclose(parts[t], copies[t].grad.numpy(), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(parts.sum(axis=0), run.grads.W_h, rtol=1e-12, atol=1e-14)
    with pytest.raises(ValueError):
        recurrent_weight_contributions(run.deltas, run.states[1:])


# --------------------------------------------------------------------------- LSTM

def test_lstm_preactivations_match_torch_lstmcell_gates():
    d, H = 3, 2
    W = {k: rng.normal(size=(H, H + d)) for k in "fiog"}
    b = {k: rng.normal(size=H) for k in "fiog"}
    x, h, c = rng.normal(size=d), rng.normal(size=H), rng.normal(size=H)
    pre = lstm_preactivations(x, h, W["f"], W["i"], W["o"], W["g"], b["f"], b["i"], b["o"], b["g"])
    # torch.nn.LSTMCell stacks gates as i, f, g, o and splits each W into an input and a hidden part
    cell = torch.nn.LSTMCell(d, H).double()
    with torch.no_grad():
        cell.weight_ih.copy_(tt(np.concatenate([W[k][:, H:] for k in "ifgo"])))
        cell.weight_hh.copy_(tt(np.concatenate([W[k][:, :H] for k in "ifgo"])))
        cell.bias_ih.copy_(tt(np.concatenate([b[k] for k in "ifgo"])))
        cell.bias_hh.zero_()
        stacked = (cell.weight_ih @ tt(x) + cell.weight_hh @ tt(h) + cell.bias_ih).numpy()
        h_ref, c_ref = cell(tt(x)[None], (tt(h)[None], tt(c)[None]))
    np.testing.assert_allclose(np.concatenate([pre.i, pre.f, pre.g, pre.o]), stacked, rtol=1e-12, atol=1e-14)
    step = lstm_step(x, h, c, W["f"], W["i"], W["o"], W["g"], b["f"], b["i"], b["o"], b["g"])
    np.testing.assert_allclose(1 / (1 + np.exp(-pre.f)), step.f, rtol=1e-12)
    np.testing.assert_allclose(np.tanh(pre.g), step.g, rtol=1e-12)
    np.testing.assert_allclose(step.c, c_ref[0].numpy(), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(pre.z, np.concatenate([h, x]))


def test_cell_path_gradient_matches_autograd_with_fixed_gates():
    T, H = 7, 3
    f, i, g = rng.uniform(0.1, 1, size=(T, H)), rng.uniform(0, 1, size=(T, H)), rng.normal(size=(T, H))
    c0 = tt(rng.normal(size=H)).requires_grad_(True)
    c = c0
    for t in range(T):
        c = tt(f[t]) * c + tt(i[t]) * tt(g[t])
    c.sum().backward()  # the Jacobian is diagonal, so the summed gradient is its diagonal
    np.testing.assert_allclose(cell_path_gradient(f), c0.grad.numpy(), rtol=1e-13)


def test_lecture_cell_path_products():
    """§2.2: .99^20, .8^20, .99^100, .9^100."""
    assert round(float(cell_path_gradient([0.99] * 20)), 10) == 0.8179069376
    assert round(float(cell_path_gradient([0.8] * 20)), 10) == 0.0115292150
    assert round(float(cell_path_gradient([0.99] * 100)), 3) == 0.366
    assert f"{float(cell_path_gradient([0.9] * 100)):.2e}" == "2.66e-05"
    with pytest.raises(ValueError):
        cell_path_gradient([])


# --------------------------------------------------------------------------- clipping

@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(-100, 100), min_size=1, max_size=6), st.floats(0.01, 50))
def test_clip_by_value_matches_torch(values, limit):
    grads = [np.array(values), np.array(values[::-1]) * 0.5]
    ours = clip_by_value(grads, limit)
    params = [torch.zeros(len(g), dtype=torch.float64, requires_grad=True) for g in grads]
    for prm, g in zip(params, grads):
        prm.grad = tt(g)
    torch.nn.utils.clip_grad_value_(params, limit)
    for mine, prm in zip(ours, params):
        np.testing.assert_allclose(mine, prm.grad.numpy(), rtol=0, atol=0)


def test_clip_by_value_rejects_bad_limit():
    with pytest.raises(ValueError):
        clip_by_value([np.ones(2)], 0.0)


# --------------------------------------------------------------------------- GRU

def test_reset_after_matches_torch_grucell_candidate():
    d, H = 3, 4
    W_n, U_n = rng.normal(size=(H, d)), rng.normal(size=(H, H))
    b_n, b_un = rng.normal(size=H), rng.normal(size=H)
    x, h, r = rng.normal(size=d), rng.normal(size=H), rng.uniform(0, 1, size=H)
    ours = np.tanh(gru_candidate_preactivation(x, h, r, W_n, U_n, b_n, reset="after", b_un=b_un))
    # torch.nn.GRU documents n = tanh(W_in x + b_in + r * (W_hn h + b_hn))
    ref = torch.tanh(tt(W_n) @ tt(x) + tt(b_n) + tt(r) * (tt(U_n) @ tt(h) + tt(b_un))).numpy()
    np.testing.assert_allclose(ours, ref, rtol=1e-12)


def test_candidate_placements_agree_with_gru_step():
    d, H = 2, 3
    p = GruParams(*(rng.normal(size=s) for s in [(H, d), (H, H), H] * 3))
    x, h = rng.normal(size=d), rng.normal(size=H)
    z = 1 / (1 + np.exp(-(p.W_z @ x + p.U_z @ h + p.b_z)))
    r = 1 / (1 + np.exp(-(p.W_r @ x + p.U_r @ h + p.b_r)))
    before = np.tanh(gru_candidate_preactivation(x, h, r, p.W_n, p.U_n, p.b_n, "before"))
    after = np.tanh(gru_candidate_preactivation(x, h, r, p.W_n, p.U_n, p.b_n, "after"))
    np.testing.assert_allclose(gru_step(x, h, p, "course"), (1 - z) * h + z * before, rtol=1e-12)
    np.testing.assert_allclose(gru_step(x, h, p, "pytorch"), (1 - z) * after + z * h, rtol=1e-12)
    with pytest.raises(ValueError):
        gru_candidate_preactivation(x, h, r, p.W_n, p.U_n, p.b_n, "middle")
    with pytest.raises(ValueError):
        gru_candidate_preactivation(x, h, r, p.W_n, p.U_n, p.b_n, "before", b_un=np.ones(H))


def test_lecture_reset_example():
    """§2.15: h=(1,2), r=(1,0), U rows (1,1)/(1,-1): before (1,1), after (3,0)."""
    U, zeros = np.array([[1.0, 1.0], [1.0, -1.0]]), np.zeros(2)
    args = (zeros, [1.0, 2.0], [1.0, 0.0], np.zeros((2, 2)), U, zeros)
    np.testing.assert_allclose(gru_candidate_preactivation(*args, "before"), [1.0, 1.0])
    np.testing.assert_allclose(gru_candidate_preactivation(*args, "after"), [3.0, 0.0])


@settings(max_examples=50, deadline=None)
@given(st.floats(-5, 5), st.floats(-5, 5), st.floats(0, 1))
def test_z_conversion_gives_the_same_mix(old, candidate, z):
    write = gru_interpolate(old, candidate, z, "write")
    keep = gru_interpolate(old, candidate, gru_z_other_convention(z), "keep")
    assert abs(float(write) - float(keep)) <= 1e-12
    assert float(gru_z_other_convention(gru_z_other_convention(z))) == pytest.approx(z, abs=1e-15)
