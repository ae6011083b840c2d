"""The kernels added so that page formulas have something to be checked against: each against an independent
computation (brute force over every path, complex multiplication, explicit sums, torch)."""
import itertools
import math

import numpy as np
import pytest
import torch

from kernels import attention, blocks, labeling, recurrent, sampling, state_space

RNG = np.random.default_rng(7)


def test_sequence_losses_and_the_chain_rule():
    p = np.array([0.5, 0.25, 0.8])
    assert math.isclose(sampling.sequence_nll(p), -math.log(0.5 * 0.25 * 0.8))
    assert math.isclose(sampling.sequence_log_probability(p), math.log(0.1))
    assert math.isclose(sampling.sequence_probability(p), 0.1)
    with pytest.raises(ValueError):
        sampling.sequence_nll([0.5, 0.0])


def test_rotations_agree_with_complex_multiplication():
    x, angles = RNG.normal(size=6), RNG.normal(size=3)
    z = (x[0::2] + 1j * x[1::2]) * np.exp(1j * angles)
    rotated = blocks.rotate_pairs(x, angles)
    assert np.allclose(rotated[0::2], z.real) and np.allclose(rotated[1::2], z.imag)
    assert np.allclose(blocks.rotation_matrix(angles) @ x, rotated)
    assert np.allclose(blocks.rotation_matrix(0.3), [[math.cos(0.3), -math.sin(0.3)], [math.sin(0.3), math.cos(0.3)]])


def test_the_rotary_score_depends_on_the_offset_only_and_matches_rotary_embed():
    q, k, theta = RNG.normal(size=4), RNG.normal(size=4), np.array([1.0, 0.01])
    assert math.isclose(blocks.rotary_score(q, k, 3, 7, theta), blocks.rotary_score(q, k, 10, 14, theta))
    assert not math.isclose(blocks.rotary_score(q, k, 3, 7, theta), blocks.rotary_score(q, k, 7, 3, theta))
    embedded = blocks.rotary_embed(np.stack([q, k]), [3, 7], base=100.0)
    rates = 100.0 ** (-np.arange(0, 4, 2) / 4)
    assert math.isclose(float(embedded[0] @ embedded[1]), blocks.rotary_score(q, k, 3, 7, rates))


def test_projections_and_the_attention_function_match_torch():
    X, Wq, Wk, Wv = RNG.normal(size=(3, 4)), RNG.normal(size=(4, 2)), RNG.normal(size=(4, 2)), RNG.normal(size=(4, 5))
    p = attention.qkv_projections(X, Wq, Wk, Wv)
    assert np.allclose(p.Q, X @ Wq) and np.allclose(p.K, X @ Wk) and np.allclose(p.V, X @ Wv)
    allowed = np.tril(np.ones((3, 3), dtype=bool))
    t = lambda a: torch.tensor(a, dtype=torch.float64)
    reference = torch.nn.functional.scaled_dot_product_attention(t(p.Q), t(p.K), t(p.V), attn_mask=t(allowed) > 0)
    assert np.allclose(attention.scaled_dot_product_attention(p.Q, p.K, p.V, allowed), reference.numpy())


def test_the_linear_scorer_weights_ignore_the_query():
    K, a, b = RNG.normal(size=(4, 3)), RNG.normal(size=2), RNG.normal(size=3)
    w1 = attention.linear_score_weights(RNG.normal(size=2), K, a, b)
    w2 = attention.linear_score_weights(RNG.normal(size=2), K, a, b)
    assert np.allclose(w1, w2) and np.allclose(w1, np.exp(K @ b) / np.exp(K @ b).sum())


def test_gru_step_parts_match_torch_gru_cell_in_the_pytorch_convention():
    d, H = 3, 4
    cell = torch.nn.GRUCell(d, H, dtype=torch.float64)
    W = cell.weight_ih.detach().numpy()
    U = cell.weight_hh.detach().numpy()
    bi, bh = cell.bias_ih.detach().numpy(), cell.bias_hh.detach().numpy()
    p = recurrent.GruParams(W[H:2 * H], U[H:2 * H], bi[H:2 * H] + bh[H:2 * H], W[:H], U[:H], bi[:H] + bh[:H],
                            W[2 * H:], U[2 * H:], bi[2 * H:], bh[2 * H:])
    x, h = RNG.normal(size=d), RNG.normal(size=H)
    parts = recurrent.gru_step_parts(x, h, p, convention="pytorch")
    reference = cell(torch.tensor(x)[None], torch.tensor(h)[None])[0].detach().numpy()
    assert np.allclose(parts.h, reference)
    assert np.allclose(parts.h, recurrent.gru_step(x, h, p, convention="pytorch"))
    assert np.allclose(parts.z, 1 / (1 + np.exp(-(W[H:2 * H] @ x + U[H:2 * H] @ h + bi[H:2 * H] + bh[H:2 * H]))))


def test_crf_forward_agrees_with_every_path_enumerated():
    E, A = RNG.normal(size=(3, 2)), RNG.normal(size=(2, 2))
    scores = [labeling.crf_path_score(E, A, list(y)) for y in itertools.product(range(2), repeat=3)]
    forward = labeling.crf_forward(E, A)
    assert math.isclose(forward.log_Z, math.log(sum(math.exp(s) for s in scores)))
    prefix = [E[0, y0] + A[y0, y1] + E[1, y1] for y0 in range(2) for y1 in range(2)]
    assert math.isclose(forward.alphas[1, 1], math.log(math.exp(prefix[1]) + math.exp(prefix[3])))
    assert math.isclose(labeling.crf_log_partition(E, A), forward.log_Z)


def test_the_linear_ssm_scan_equals_the_convolution_over_the_past():
    A, B, C, D, u = (RNG.normal(size=s) * 0.5 for s in ((3, 3), (3, 2), (2, 3), (2, 2), (5, 2)))
    scan = state_space.linear_ssm_scan(A, B, C, D, u)
    for t in range(1, 6):
        y = sum(C @ np.linalg.matrix_power(A, k) @ B @ u[t - k - 1] for k in range(t)) + D @ u[t - 1]
        assert np.allclose(scan.outputs[t - 1], y)
    assert np.allclose(scan.states[0], 0)


def test_the_selective_scan_uses_each_positions_matrices():
    T, N, M, P = 4, 3, 2, 2
    A, B, C, x = RNG.normal(size=(T, N, N)), RNG.normal(size=(T, N, M)), RNG.normal(size=(T, P, N)), RNG.normal(size=(T, M))
    scan = state_space.selective_scan(A, B, C, x)
    h = np.zeros(N)
    for t in range(T):
        h = A[t] @ h + B[t] @ x[t]
        assert np.allclose(scan.states[t + 1], h) and np.allclose(scan.outputs[t], C[t] @ h)


def test_rwkv_recurrence_equals_the_ratio_of_decayed_sums():
    T, Ch = 5, 3
    w, u, k, v = RNG.uniform(0.1, 1, Ch), RNG.normal(size=Ch), RNG.normal(size=(T, Ch)), RNG.normal(size=(T, Ch))
    out = state_space.rwkv_wkv(w, u, k, v)
    for t in range(T):
        num = sum(np.exp(-(t - 1 - i) * w + k[i]) * v[i] for i in range(t)) + np.exp(u + k[t]) * v[t]
        den = sum(np.exp(-(t - 1 - i) * w + k[i]) for i in range(t)) + np.exp(u + k[t])
        assert np.allclose(out[t], num / den)


def test_the_continuous_ssm_at_one_instant():
    A, B, C, D, h, u = (RNG.normal(size=s) for s in ((2, 2), (2, 1), (1, 2), (1, 1), 2, 1))
    dh, y = state_space.continuous_ssm(A, B, C, D, h, u)
    assert np.allclose(dh, A @ h + B @ u) and np.allclose(y, C @ h + D @ u)
