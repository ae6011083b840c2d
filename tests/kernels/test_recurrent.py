"""kernels.recurrent against torch.nn cells with their weights set, autograd, and the lecture's examples."""
import math

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from kernels.recurrent import (GruParams, RnnParams, clip_global_norm, gradient_check, gru_interpolate, gru_step,
                               lstm_step, rnn_forward, rnn_lm_bptt, rnn_step, truncated_bptt)

rng = np.random.default_rng(7)
T64 = torch.float64


def tt(a):
    return torch.tensor(np.asarray(a, dtype=np.float64))


def random_rnn(d=3, H=4, V=5):
    return RnnParams(rng.normal(size=(H, d)) * 0.7, rng.normal(size=(H, H)) * 0.7, rng.normal(size=H) * 0.3,
                     rng.normal(size=(V, H)), rng.normal(size=V) * 0.3)


# --------------------------------------------------------------------------- RNN

def test_lecture_rnn_examples():
    """Lecture §2.1: W_x = I, W_h = .5 I, inputs (1,0), (0,1), (1,1); and the scalar example."""
    states = rnn_forward([[1, 0], [0, 1], [1, 1]], [0, 0], np.eye(2), 0.5 * np.eye(2), [0, 0])
    np.testing.assert_allclose(np.round(states[1:], 6), [[.761594, 0], [.363399, .761594], [.827987, .881130]])
    h1 = rnn_step([1.0], [0.0], [[0.5]], [[0.8]], [0.0])
    h2 = rnn_step([0.0], h1, [[0.5]], [[0.8]], [0.0])
    assert (round(h1[0], 6), round(h2[0], 6)) == (0.462117, 0.353724)


def test_rnn_forward_matches_torch_rnncell():
    d, H, T = 3, 4, 6
    p = random_rnn(d, H)
    xs, h0 = rng.normal(size=(T, d)), rng.normal(size=H)
    cell = torch.nn.RNNCell(d, H, nonlinearity="tanh").double()
    with torch.no_grad():
        cell.weight_ih.copy_(tt(p.W_x)), cell.weight_hh.copy_(tt(p.W_h))
        cell.bias_ih.copy_(tt(p.b_h)), cell.bias_hh.zero_()
        h, ref = tt(h0)[None], []
        for x in xs:
            h = cell(tt(x)[None], h)
            ref.append(h[0].numpy())
    np.testing.assert_allclose(rnn_forward(xs, h0, p.W_x, p.W_h, p.b_h)[1:], ref, rtol=1e-12, atol=1e-14)


def test_bptt_matches_autograd_for_every_gradient():
    d, H, V, T = 3, 4, 5, 7
    p = random_rnn(d, H, V)
    xs, h0, ys = rng.normal(size=(T, d)), rng.normal(size=H), rng.integers(0, V, size=T)
    ours = rnn_lm_bptt(xs, ys, h0, p)
    leaves = [tt(a).requires_grad_(True) for a in (*p.as_list(), xs, h0)]
    W_x, W_h, b_h, W_y, b_y, X, h = leaves
    loss = 0
    for t in range(T):
        h = torch.tanh(W_x @ X[t] + W_h @ h + b_h)
        loss = loss + torch.nn.functional.cross_entropy((W_y @ h + b_y)[None], torch.tensor([int(ys[t])]))
    loss.backward()
    assert ours.loss == pytest.approx(loss.item(), rel=1e-12)
    for mine, ref in zip([*ours.grads.as_list(), ours.grad_inputs, ours.grad_h0], leaves):
        np.testing.assert_allclose(mine, ref.grad.numpy(), rtol=1e-10, atol=1e-12)


def test_bptt_passes_its_own_gradient_check():
    p = random_rnn(2, 3, 4)
    xs, h0, ys = rng.normal(size=(5, 2)), np.zeros(3), rng.integers(0, 4, size=5)
    grads = rnn_lm_bptt(xs, ys, h0, p).grads
    for name in ("W_x", "W_h", "b_h", "W_y", "b_y"):
        def loss(theta, name=name):
            return rnn_lm_bptt(xs, ys, h0, RnnParams(**{**p.__dict__, name: theta})).loss
        check = gradient_check(loss, getattr(p, name), getattr(grads, name))
        assert check.max_abs_error < 1e-8 and check.relative_error < 1e-8, name


# --------------------------------------------------------------------------- gradient check

X_SEQ, Y_SEQ, WX, WY = np.array([1.0, 0.0, -1.0]), np.array([0.0, 1.0, 0.0]), 0.5, 0.7


def lecture_forward(wh):
    """The lecture §2.10 scalar program: tanh RNN, sigmoid outputs, binary targets (0, 1, 0)."""
    h = np.zeros(4)
    for t in range(3):
        h[t + 1] = np.tanh(WX * X_SEQ[t] + wh * h[t])
    logits = WY * h[1:]
    return np.sum(np.logaddexp(0.0, logits) - Y_SEQ * logits), h, 1 / (1 + np.exp(-logits))


def lecture_analytic(wh, bug=None):
    _, h, p = lecture_forward(wh)
    du_next, analytic = 0.0, 0.0
    for t in reversed(range(3)):
        carry = 0.0 if bug == "drop_future" else wh * du_next
        du = (WY * (p[t] - Y_SEQ[t]) + carry) * (1 - h[t + 1] ** 2)
        analytic = du * h[t] if bug == "assign" else analytic + du * h[t]
        du_next = du
    return analytic


def test_lecture_gradient_check_passes_and_catches_both_bugs():
    loss = lambda theta: lecture_forward(float(theta[0]))[0]
    good = gradient_check(loss, [0.8], [lecture_analytic(0.8)])
    assert good.max_abs_error < 1e-9 and good.relative_error < 1e-9
    w = torch.tensor(0.8, dtype=T64, requires_grad=True)
    h, total = torch.zeros((), dtype=T64), 0
    for t in range(3):
        h = torch.tanh(WX * X_SEQ[t] + w * h)
        total = total + torch.nn.functional.binary_cross_entropy_with_logits(WY * h, torch.tensor(Y_SEQ[t], dtype=T64))
    total.backward()
    assert lecture_analytic(0.8) == pytest.approx(w.grad.item(), rel=1e-12)
    for bug in ("assign", "drop_future"):
        assert gradient_check(loss, [0.8], [lecture_analytic(0.8, bug)]).relative_error > 1e-3


def test_gradient_check_rejects_shape_mismatch():
    with pytest.raises(ValueError):
        gradient_check(lambda th: float(th.sum()), np.zeros(3), np.zeros(2))


# --------------------------------------------------------------------------- clipping

def test_clipping_matches_torch_clip_grad_norm():
    grads = [rng.normal(size=(3, 4)) * 5, rng.normal(size=4) * 5]
    params = [torch.zeros(g.shape, dtype=T64, requires_grad=True) for g in grads]
    for prm, g in zip(params, grads):
        prm.grad = tt(g).clone()
    ref_norm = torch.nn.utils.clip_grad_norm_(params, max_norm=1.0).item()
    out = clip_global_norm(grads, 1.0)
    assert out.clipped and out.norm_before == pytest.approx(ref_norm, rel=1e-13)
    # torch divides by (norm + 1e-6); the lecture's formula has no epsilon, hence rtol 1e-6
    for mine, prm in zip(out.grads, params):
        np.testing.assert_allclose(mine, prm.grad.numpy(), rtol=2e-6)
    assert math.sqrt(sum((g ** 2).sum() for g in out.grads)) == pytest.approx(1.0, rel=1e-14)


def test_zero_gradient_stays_zero_and_bad_threshold_raises():
    with np.errstate(all="raise"):
        out = clip_global_norm([np.zeros(3), np.zeros((2, 2))], 1.0)
    assert out.norm_before == 0.0 and out.scale == 1.0 and not out.clipped
    assert all(np.array_equal(g, np.zeros_like(g)) for g in out.grads)
    for bad in (0.0, -1.0, float("nan")):
        with pytest.raises(ValueError):
            clip_global_norm([np.ones(2)], bad)


@given(arrays(np.float64, st.integers(1, 6), elements=st.floats(-1e3, 1e3)), st.floats(0.01, 100))
@settings(max_examples=60, deadline=None)
def test_clipping_keeps_direction_and_caps_the_norm(g, tau):
    out = clip_global_norm([g], tau)
    norm = np.linalg.norm(g)
    assert np.linalg.norm(out.grads[0]) == pytest.approx(min(norm, tau), rel=1e-12, abs=1e-300)
    np.testing.assert_allclose(out.grads[0], g * out.scale, rtol=1e-15)
    assert 0 < out.scale <= 1


# --------------------------------------------------------------------------- LSTM

def test_lecture_lstm_example():
    """Lecture §2.2: the fully specified two-dimensional gate example."""
    U = np.array([[1, 0, 0.5, 0], [0, 1, 0, 0.5]])
    b_f = [math.log(9) - 0.7, -math.log(4) + 0.1]
    b_i = [-math.log(9) - 0.7, math.log(3) + 0.1]
    b_o = [math.log(4) - 0.7, 0.1]
    b_g = [math.atanh(0.5) - 0.7, -math.atanh(0.2) + 0.1]
    s = lstm_step([1, 0], [0.2, -0.1], [1, -1], U, U, U, U, b_f, b_i, b_o, b_g)
    np.testing.assert_allclose(s.f, [0.9, 0.2]), np.testing.assert_allclose(s.i, [0.1, 0.75])
    np.testing.assert_allclose(s.o, [0.8, 0.5]), np.testing.assert_allclose(s.g, [0.5, -0.2])
    np.testing.assert_allclose(s.c, [0.95, -0.35], atol=1e-15)
    np.testing.assert_allclose(np.round(s.h, 6), [0.591826, -0.168188])


def test_lecture_twenty_step_forget_intervention():
    """Lecture §2.2: c_0 = 1, i = .01, g = 0 each step, so c_20 = f^20."""
    logit = lambda q: math.log(q / (1 - q))
    zero = np.zeros((1, 2))
    for f, expected in ((0.99, 0.8179069376), (0.8, 0.0115292150)):
        h, c = np.zeros(1), np.ones(1)
        for _ in range(20):
            s = lstm_step([0.0], h, c, zero, zero, zero, zero, [logit(f)], [logit(0.01)], [0.0], [0.0])
            h, c = s.h, s.c
        assert round(c[0], 10) == expected


def test_lstm_matches_torch_lstmcell():
    d, H = 3, 4
    cell = torch.nn.LSTMCell(d, H).double()
    x, h0, c0 = rng.normal(size=d), rng.normal(size=H), rng.normal(size=H)
    with torch.no_grad():
        h_ref, c_ref = cell(tt(x)[None], (tt(h0)[None], tt(c0)[None]))
    W_ih, W_hh = cell.weight_ih.detach().numpy(), cell.weight_hh.detach().numpy()
    bias = (cell.bias_ih + cell.bias_hh).detach().numpy()
    # torch stacks the gates as (i, f, g, o); the lecture's z is [h; x]
    W = {k: np.hstack([W_hh[j * H:(j + 1) * H], W_ih[j * H:(j + 1) * H]]) for j, k in enumerate("ifgo")}
    b = {k: bias[j * H:(j + 1) * H] for j, k in enumerate("ifgo")}
    s = lstm_step(x, h0, c0, W["f"], W["i"], W["o"], W["g"], b["f"], b["i"], b["o"], b["g"])
    np.testing.assert_allclose(s.h, h_ref[0].numpy(), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(s.c, c_ref[0].numpy(), rtol=1e-12, atol=1e-14)


# --------------------------------------------------------------------------- GRU

def random_gru(d, H, recurrent_bias=False):
    m = lambda *shape: rng.normal(size=shape)
    return GruParams(m(H, d), m(H, H), m(H), m(H, d), m(H, H), m(H), m(H, d), m(H, H), m(H),
                     m(H) if recurrent_bias else None)


def test_pytorch_convention_matches_grucell():
    d, H = 3, 4
    cell = torch.nn.GRUCell(d, H).double()
    x, h0 = rng.normal(size=d), rng.normal(size=H)
    with torch.no_grad():
        ref = cell(tt(x)[None], tt(h0)[None])[0].numpy()
    Wi, Wh = cell.weight_ih.detach().numpy(), cell.weight_hh.detach().numpy()
    bi, bh = cell.bias_ih.detach().numpy(), cell.bias_hh.detach().numpy()
    part = lambda a, j: a[j * H:(j + 1) * H]      # torch order: reset, update, new
    p = GruParams(W_z=part(Wi, 1), U_z=part(Wh, 1), b_z=part(bi, 1) + part(bh, 1),
                  W_r=part(Wi, 0), U_r=part(Wh, 0), b_r=part(bi, 0) + part(bh, 0),
                  W_n=part(Wi, 2), U_n=part(Wh, 2), b_n=part(bi, 2), b_un=part(bh, 2))
    np.testing.assert_allclose(gru_step(x, h0, p, "pytorch"), ref, rtol=1e-12, atol=1e-14)


def test_course_z_is_one_minus_cho_z():
    """Negating the update-gate weights turns sigma(a) into 1 - sigma(a): course == Cho with z flipped."""
    p = random_gru(3, 4)
    flipped = GruParams(**{**p.__dict__, "W_z": -p.W_z, "U_z": -p.U_z, "b_z": -p.b_z})
    x, h = rng.normal(size=3), rng.normal(size=4)
    np.testing.assert_allclose(gru_step(x, h, p, "course"), gru_step(x, h, flipped, "cho"), rtol=1e-13)
    assert not np.allclose(gru_step(x, h, p, "course"), gru_step(x, h, p, "cho"))


def test_lecture_gru_examples():
    """Lecture §2.15: old 2, candidate 6: course z = .25 and Cho z = .75 both give 3; reset placement."""
    assert gru_interpolate(2.0, 6.0, 0.25, "write") == 3.0
    assert gru_interpolate(2.0, 6.0, 0.75, "keep") == 3.0
    # h = (1, 2), r = (1, 0), U_n rows (1, 1) / (1, -1): before-projection reset gives (1, 1),
    # after-projection reset gives (3, 0), both inside the tanh. Gates are pinned with infinite biases.
    zeros2, zeros21 = np.zeros((2, 2)), np.zeros((2, 1))
    U_n = np.array([[1.0, 1.0], [1.0, -1.0]])
    r_bias = np.array([np.inf, -np.inf])
    p = GruParams(zeros21, zeros2, np.full(2, np.inf), zeros21, zeros2, r_bias, zeros21, U_n, np.zeros(2))
    np.testing.assert_allclose(gru_step([0.0], [1, 2], p, "course"), np.tanh([1.0, 1.0]))   # z = 1: h' = n
    keep_none = GruParams(**{**p.__dict__, "b_z": np.full(2, -np.inf)})                      # z = 0: h' = n
    np.testing.assert_allclose(gru_step([0.0], [1, 2], keep_none, "pytorch"), np.tanh([3.0, 0.0]))


def test_gru_bad_convention_and_stray_bias():
    p = random_gru(2, 2, recurrent_bias=True)
    with pytest.raises(ValueError):
        gru_step(np.zeros(2), np.zeros(2), p, "keras")
    with pytest.raises(ValueError, match="reset product"):
        gru_step(np.zeros(2), np.zeros(2), p, "course")
    with pytest.raises(ValueError):
        gru_interpolate(1, 2, 0.5, "sideways")


# --------------------------------------------------------------------------- truncated BPTT

def test_truncated_bptt_keeps_values_and_cuts_gradients():
    d, H, V, T = 2, 3, 4, 8
    p = random_rnn(d, H, V)
    xs, h0, ys = rng.normal(size=(T, d)), rng.normal(size=H), rng.integers(0, V, size=T)
    full = rnn_lm_bptt(xs, ys, h0, p)
    tb = truncated_bptt(xs, ys, h0, p, chunk=4)
    # values cross the boundary: chunk 2 starts from the full forward's h_4
    np.testing.assert_allclose(tb.carried_states[1], full.states[4], rtol=1e-12)
    assert sum(tb.losses) == pytest.approx(full.loss, rel=1e-12)
    # each chunk's gradient is BPTT of that chunk alone, with its start state a constant
    for k, start in enumerate((0, 4)):
        alone = rnn_lm_bptt(xs[start:start + 4], ys[start:start + 4], tb.carried_states[k], p)
        for mine, ref in zip(tb.chunk_grads[k].as_list(), alone.grads.as_list()):
            np.testing.assert_allclose(mine, ref, rtol=1e-10, atol=1e-12)
    # the output layer sees no recurrence, so its summed gradient is unchanged; W_h loses the cross-boundary paths
    summed = [a + b for a, b in zip(tb.chunk_grads[0].as_list(), tb.chunk_grads[1].as_list())]
    np.testing.assert_allclose(summed[3], full.grads.W_y, rtol=1e-10)
    assert not np.allclose(summed[1], full.grads.W_h)
    # one chunk covering the sequence is full BPTT
    whole = truncated_bptt(xs, ys, h0, p, chunk=T).chunk_grads[0]
    for mine, ref in zip(whole.as_list(), full.grads.as_list()):
        np.testing.assert_allclose(mine, ref, rtol=1e-10, atol=1e-12)
    with pytest.raises(ValueError):
        truncated_bptt(xs, ys, h0, p, chunk=0)
