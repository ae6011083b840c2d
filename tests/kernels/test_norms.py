"""kernels.norms and RoPE (kernels.blocks) against torch.nn.functional, TransformerEncoderLayer, properties."""
import math
from functools import partial

import numpy as np
import pytest
import torch
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from kernels.attention import self_attention
from kernels.blocks import ffn_parameter_count, layer_norm, rotary_embed
from kernels.norms import (ffn, l2_normalize, post_ln_block, pre_ln_block, qk_norm_scores, relu, rms_norm, silu,
                           swiglu, swiglu_parameter_count, swiglu_width_for_budget)

rng = np.random.default_rng(31)
F = torch.nn.functional


def tt(a):
    return torch.tensor(np.asarray(a, dtype=np.float64))


rows = arrays(np.float64, st.tuples(st.integers(1, 3), st.integers(2, 8)), elements=st.floats(-50, 50))


def test_rms_norm_matches_torch():
    for shape in [(3,), (4, 6), (2, 3, 8)]:
        x, g = rng.normal(size=shape) * 2 + 0.5, rng.normal(size=shape[-1])
        for eps in (1e-6, 1e-5):
            ref = F.rms_norm(tt(x), (shape[-1],), weight=tt(g), eps=eps).numpy()
            np.testing.assert_allclose(rms_norm(x, g, eps), ref, rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(rms_norm(x, eps=1e-6), F.rms_norm(tt(x), (shape[-1],), eps=1e-6).numpy(),
                                   rtol=1e-12)


def test_lecture_layernorm_versus_rmsnorm_example():
    """Lecture §5.8: x = (1, 3): LN (-1, 1), RMSNorm (1/√5, 3/√5); adding 10 moves only RMSNorm."""
    x = np.array([1.0, 3.0])
    np.testing.assert_allclose(layer_norm(x, eps=0.0), [-1.0, 1.0])
    np.testing.assert_allclose(rms_norm(x, eps=0.0), [1 / math.sqrt(5), 3 / math.sqrt(5)])
    np.testing.assert_allclose(layer_norm(x + 10, eps=0.0), [-1.0, 1.0])
    assert not np.allclose(rms_norm(x + 10, eps=0.0), rms_norm(x, eps=0.0))


@given(rows, st.floats(-100, 100))
@settings(max_examples=60, deadline=None)
def test_layernorm_ignores_a_constant_shift_and_rmsnorm_does_not(x, c):
    assume(np.all(x.std(axis=-1) > 1e-3) and abs(c) > 1e-2)
    np.testing.assert_allclose(layer_norm(x + c, eps=0.0), layer_norm(x, eps=0.0), atol=1e-8)
    moved = np.abs(rms_norm(x + c, eps=0.0) - rms_norm(x, eps=0.0)).max(axis=-1)
    assert np.all(moved > 1e-6)


@given(rows, st.floats(0.01, 100))
@settings(max_examples=40, deadline=None)
def test_both_norms_ignore_a_positive_rescaling(x, s):
    assume(np.all(x.std(axis=-1) > 1e-3))
    np.testing.assert_allclose(rms_norm(s * x, eps=0.0), rms_norm(x, eps=0.0), rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(layer_norm(s * x, eps=0.0), layer_norm(x, eps=0.0), rtol=1e-9, atol=1e-9)


def test_qk_norm_matches_torch_and_ignores_key_length():
    Q, K = rng.normal(size=(3, 4)), rng.normal(size=(5, 4))
    ref = 2.5 * (F.normalize(tt(Q), dim=-1) @ F.normalize(tt(K), dim=-1).T).numpy()
    np.testing.assert_allclose(qk_norm_scores(Q, K, g=2.5), ref, rtol=1e-12)
    K10 = K.copy()
    K10[1] *= 10.0                      # lecture §5.9: a key made 10x longer
    np.testing.assert_allclose(qk_norm_scores(Q, K10), qk_norm_scores(Q, K), rtol=1e-12)
    assert not np.allclose((Q @ K10.T)[:, 1], (Q @ K.T)[:, 1])
    assert np.all(np.abs(qk_norm_scores(Q, K)) <= 1 + 1e-12)
    with pytest.raises(ValueError):
        l2_normalize(np.zeros((1, 3)))


def test_ffn_and_swiglu_match_torch():
    d, h = 4, 6
    x = rng.normal(size=(5, d))
    W1, b1, W2, b2 = rng.normal(size=(d, h)), rng.normal(size=h), rng.normal(size=(h, d)), rng.normal(size=d)
    ref = F.linear(F.relu(F.linear(tt(x), tt(W1).T, tt(b1))), tt(W2).T, tt(b2)).numpy()
    np.testing.assert_allclose(ffn(x, W1, b1, W2, b2), ref, rtol=1e-12, atol=1e-14)
    W_u, W_g, W_d = rng.normal(size=(d, h)), rng.normal(size=(d, h)), rng.normal(size=(h, d))
    ref_swiglu = ((F.silu(tt(x) @ tt(W_g)) * (tt(x) @ tt(W_u))) @ tt(W_d)).numpy()
    np.testing.assert_allclose(swiglu(x, W_u, W_g, W_d), ref_swiglu, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(silu([-50.0, -1.0, 0.0, 2.0]), F.silu(tt([-50.0, -1.0, 0.0, 2.0])).numpy(), rtol=1e-14)
    assert silu([-1.0])[0] < 0          # SiLU gates can be negative, unlike a sigmoid


def test_swiglu_budget():
    d = 512
    assert swiglu_parameter_count(d, 1365) < ffn_parameter_count(d, 4 * d, bias=False) < swiglu_parameter_count(d, 1366)
    assert swiglu_width_for_budget(4 * d) == pytest.approx(8 * d / 3)


# --------------------------------------------------------------------------- the lecture's post-LN block

X = np.array([[1, 0, 1, 0], [0, 1, 0, 2], [1, 1, 0, 1]], dtype=np.float64)
WQ1 = np.array([[1, 0], [0, 1], [0, 0], [0, 0]], dtype=np.float64)
WK1 = WQ1.copy()
WV1 = np.array([[0, 0], [0, 0], [1, 0], [0, 1]], dtype=np.float64)
WQ2 = WV1.copy()
WK2 = np.array([[0, 1], [1, 0], [0, 0], [0, 0]], dtype=np.float64)
WV2 = WQ1.copy()
WO = np.array([[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, -1, 0], [0, 1, 0, -1]], dtype=np.float64)
W1 = np.array([[1, 0, 0, 0, 1, -1], [0, 1, 0, 0, -1, 1], [0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 0]], dtype=np.float64)
W2 = np.array([[.5, 0, 0, 0], [0, .5, 0, 0], [0, 0, .5, 0], [0, 0, 0, .5], [0, 0, .25, 0], [0, 0, 0, .25]])


def multi_head(heads, W_o):
    """Concatenate single-head self-attention reads and project: the block's MHA sublayer."""
    return lambda Z: np.concatenate([self_attention(Z, *h).context for h in heads], axis=-1) @ W_o


def test_lecture_post_ln_block_numbers():
    """Lecture §4.10: first row after Add & Norm, after the FFN, and at the block output."""
    norm = partial(layer_norm, eps=1e-5)
    mha = multi_head([(WQ1, WK1, WV1), (WQ2, WK2, WV2)], WO)
    feed = lambda U: ffn(U, W1, np.zeros(6), W2, np.zeros(4))
    U = norm(X + mha(X))
    np.testing.assert_allclose(np.round(X[0] + mha(X)[0], 6), [2.0, 1.598888, 0.802224, -0.005560])
    np.testing.assert_allclose(np.round(U[0], 6), [1.170705, 0.649589, -0.385419, -1.434875])
    np.testing.assert_allclose(np.round(relu(U[0] @ W1), 6), [1.170705, 0.649589, 0, 0, 0.521116, 0])
    np.testing.assert_allclose(np.round(feed(U)[0], 6), [0.585353, 0.324795, 0.130279, 0.0])
    Z = post_ln_block(X, mha, feed, norm, norm)
    np.testing.assert_allclose(np.round(Z[0], 6), [1.233154, 0.588798, -0.424732, -1.397220])


def torch_encoder_layer(WQ, WK, WV, W_o, W_1, W_2, n_heads, norm_first, b1=None, b2=None):
    d, h = W_1.shape
    layer = torch.nn.TransformerEncoderLayer(d, n_heads, dim_feedforward=h, dropout=0.0, activation="relu",
                                             layer_norm_eps=1e-5, batch_first=True, norm_first=norm_first).double()
    with torch.no_grad():
        layer.self_attn.in_proj_weight.copy_(torch.cat([tt(WQ).T, tt(WK).T, tt(WV).T]))
        layer.self_attn.in_proj_bias.zero_()
        layer.self_attn.out_proj.weight.copy_(tt(W_o).T)
        layer.self_attn.out_proj.bias.zero_()
        layer.linear1.weight.copy_(tt(W_1).T), layer.linear2.weight.copy_(tt(W_2).T)
        layer.linear1.bias.copy_(tt(np.zeros(h) if b1 is None else b1))
        layer.linear2.bias.copy_(tt(np.zeros(d) if b2 is None else b2))
    return layer.train()   # train mode with dropout 0 avoids the fused fast path


@pytest.mark.parametrize("norm_first", [False, True])
def test_blocks_match_torch_transformer_encoder_layer(norm_first):
    n, d, n_heads, h = 5, 8, 2, 12
    dh = d // n_heads
    Xr = rng.normal(size=(n, d))
    WQ, WK, WV, W_o = (rng.normal(size=(d, d)) * 0.5 for _ in range(4))
    W_1, W_2 = rng.normal(size=(d, h)) * 0.5, rng.normal(size=(h, d)) * 0.5
    b1, b2 = rng.normal(size=h), rng.normal(size=d)
    cols = lambda M, k: M[:, k * dh:(k + 1) * dh]
    heads = [(cols(WQ, k), cols(WK, k), cols(WV, k)) for k in range(n_heads)]
    mha, feed = multi_head(heads, W_o), (lambda U: ffn(U, W_1, b1, W_2, b2))
    block = pre_ln_block if norm_first else post_ln_block
    ours = block(Xr, mha, feed)
    with torch.no_grad():
        ref = torch_encoder_layer(WQ, WK, WV, W_o, W_1, W_2, n_heads, norm_first, b1, b2)(tt(Xr)[None])[0].numpy()
    np.testing.assert_allclose(ours, ref, rtol=1e-10, atol=1e-12)


def test_lecture_block_also_matches_torch():
    WQ, WK, WV = np.hstack([WQ1, WQ2]), np.hstack([WK1, WK2]), np.hstack([WV1, WV2])
    with torch.no_grad():
        ref = torch_encoder_layer(WQ, WK, WV, WO, W1, W2, 2, norm_first=False)(tt(X)[None])[0].numpy()
    mha = multi_head([(WQ1, WK1, WV1), (WQ2, WK2, WV2)], WO)
    ours = post_ln_block(X, mha, lambda U: ffn(U, W1, np.zeros(6), W2, np.zeros(4)))
    np.testing.assert_allclose(ours, ref, rtol=1e-10, atol=1e-12)


def test_with_a_zero_sublayer_post_ln_normalizes_and_pre_ln_passes_through():
    """Lecture §5.8: set F = 0; post-LN still returns LN(x), pre-LN returns x itself."""
    zero = lambda Z: np.zeros_like(Z)
    np.testing.assert_allclose(post_ln_block(X, zero, zero), layer_norm(layer_norm(X)), atol=1e-12)
    np.testing.assert_array_equal(pre_ln_block(X, zero, zero), X)


# --------------------------------------------------------------------------- RoPE (kernels.blocks.rotary_embed)

even_vectors = st.integers(1, 4).flatmap(
    lambda half: st.tuples(*(arrays(np.float64, 2 * half, elements=st.floats(-5, 5)) for _ in range(2))))


@given(even_vectors, st.integers(0, 200), st.integers(0, 200), st.integers(-100, 100))
@settings(max_examples=80, deadline=None)
def test_rope_score_depends_only_on_the_offset(qk, m, n, shift):
    q, k = qk
    assume(m + shift >= 0 and n + shift >= 0)
    score = lambda i, j: rotary_embed(q[None], [i])[0] @ rotary_embed(k[None], [j])[0]
    assert score(m, n) == pytest.approx(score(m + shift, n + shift), abs=1e-9 * (1 + np.abs(q) @ np.abs(k)))


def test_lecture_rope_example():
    """Lecture §5.12: q = k = (1, 0), theta = pi/2: offsets 0, 1, 2 give scores 1, 0, -1."""
    theta = math.pi / 2   # with d = 2 the only rate is base^0 = 1, so the angle is the position value
    q = np.array([[1.0, 0.0]])
    scores = [rotary_embed(q, [0.0])[0] @ rotary_embed(q, [offset * theta])[0] for offset in (0, 1, 2)]
    np.testing.assert_allclose(scores, [1.0, 0.0, -1.0], atol=1e-15)
