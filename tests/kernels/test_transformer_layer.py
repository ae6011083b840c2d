"""kernels.transformer_layer against torch.nn.MultiheadAttention / scaled_dot_product_attention, and properties."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.attention import AllKeysMaskedError, causal_mask, masked_softmax
from kernels.probability import softmax
from kernels.transformer_layer import (additive_mask, cross_attention_allowed, loss_positions,
                                       multi_head_attention, self_attention_allowed, shift_right,
                                       zeroed_without_renormalizing)

rng = np.random.default_rng(4)


def tt(a):
    return torch.tensor(np.asarray(a, dtype=np.float64))


def torch_mha(X, memory, heads, W_o, allowed=None):
    """torch.nn.MultiheadAttention with our per-head projections packed into its in_proj weight."""
    d = X.shape[-1]
    n_heads = len(heads)
    mha = torch.nn.MultiheadAttention(d, n_heads, bias=False, batch_first=True).double()
    pack = lambda i: np.hstack([h[i] for h in heads])          # d x (H d_k), head r in columns r*d_k...
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.cat([tt(pack(0)).T, tt(pack(1)).T, tt(pack(2)).T]))
        mha.out_proj.weight.copy_(tt(W_o).T)
    mask = None if allowed is None else ~torch.tensor(np.asarray(allowed))   # torch: True = forbidden
    with torch.no_grad():
        out, _ = mha(tt(X)[None], tt(memory)[None], tt(memory)[None], attn_mask=mask, need_weights=False)
    return out[0].numpy()


@pytest.mark.parametrize("causal", [False, True])
def test_self_attention_matches_torch_multihead(causal):
    n, d, H = 5, 8, 2
    X = rng.normal(size=(n, d))
    heads = [tuple(rng.normal(size=(d, d // H)) for _ in range(3)) for _ in range(H)]
    W_o = rng.normal(size=(d, d))
    allowed = causal_mask(n) if causal else None
    ours = multi_head_attention(X, heads, W_o, allowed=allowed)
    np.testing.assert_allclose(ours.output, torch_mha(X, X, heads, W_o, allowed), rtol=1e-10, atol=1e-12)
    assert ours.concat.shape == (n, d) and len(ours.heads) == H


def test_cross_attention_matches_torch_with_source_padding():
    m, n, d, H = 3, 6, 4, 2
    Y, memory = rng.normal(size=(m, d)), rng.normal(size=(n, d))
    heads = [tuple(rng.normal(size=(d, 2)) for _ in range(3)) for _ in range(H)]
    W_o = rng.normal(size=(d, d))
    allowed = cross_attention_allowed([4], m, n)[0]
    ours = multi_head_attention(Y, heads, W_o, memory=memory, allowed=allowed)
    np.testing.assert_allclose(ours.output, torch_mha(Y, memory, heads, W_o, allowed), rtol=1e-10, atol=1e-12)
    for read in ours.heads:
        assert np.all(read.weights[:, 4:] == 0) and np.allclose(read.weights.sum(-1), 1)


def test_heads_match_torch_sdpa_one_by_one():
    X = rng.normal(size=(4, 6))
    heads = [tuple(rng.normal(size=(6, 3)) for _ in range(3)) for _ in range(2)]
    ours = multi_head_attention(X, heads, np.eye(6))
    for (W_q, W_k, W_v), read in zip(heads, ours.heads):
        ref = torch.nn.functional.scaled_dot_product_attention(tt(X @ W_q), tt(X @ W_k), tt(X @ W_v)).numpy()
        np.testing.assert_allclose(read.context, ref, rtol=1e-12)
    np.testing.assert_allclose(ours.output, ours.concat)


def test_output_projection_must_fit_the_concatenation():
    X = rng.normal(size=(2, 4))
    heads = [tuple(rng.normal(size=(4, 2)) for _ in range(3))] * 2
    with pytest.raises(ValueError, match="W\\^O"):
        multi_head_attention(X, heads, np.eye(3))


@given(st.integers(1, 6), st.integers(0, 5))
@settings(max_examples=40, deadline=None)
def test_rows_permute_with_the_input_without_positions(n, seed):
    """Permutation equivariance: no positions, no mask, shared projections -> Y' = P Y."""
    r = np.random.default_rng(seed)
    X = r.normal(size=(n, 4))
    heads = [tuple(r.normal(size=(4, 2)) for _ in range(3)) for _ in range(2)]
    W_o = r.normal(size=(4, 4))
    order = r.permutation(n)
    Y = multi_head_attention(X, heads, W_o).output
    np.testing.assert_allclose(multi_head_attention(X[order], heads, W_o).output, Y[order], rtol=1e-10, atol=1e-12)


def test_additive_mask_then_softmax_is_masked_softmax():
    scores = rng.normal(size=(4, 4))
    allowed = causal_mask(4)
    M = additive_mask(allowed)
    assert np.all(M[allowed] == 0) and np.all(np.isneginf(M[~allowed]))
    np.testing.assert_allclose(softmax(scores + M), masked_softmax(scores, allowed), rtol=1e-15)


def test_zeroing_without_renormalizing_shrinks_rows():
    scores = np.zeros((3, 3))
    wrong = zeroed_without_renormalizing(scores, causal_mask(3))
    np.testing.assert_allclose(wrong.sum(-1), [1 / 3, 2 / 3, 1])
    right = masked_softmax(scores, causal_mask(3))
    np.testing.assert_allclose(right.sum(-1), 1)
    np.testing.assert_allclose(wrong / wrong.sum(-1, keepdims=True), right)


def test_padded_batch_masks_agree_with_torch_transformer_masks():
    lengths, n = [6, 4], 6
    ours = self_attention_allowed(lengths, n, causal=True)
    future = torch.nn.Transformer.generate_square_subsequent_mask(n, dtype=torch.float64).numpy()
    key_pad = np.arange(n)[None, :] >= np.array(lengths)[:, None]                 # torch: True = PAD
    forbidden = np.isneginf(future)[None] | key_pad[:, None, :]
    np.testing.assert_array_equal(ours, ~forbidden)
    np.testing.assert_array_equal(self_attention_allowed(lengths, n), ~np.broadcast_to(key_pad[:, None, :], (2, n, n)))
    cross = cross_attention_allowed([6, 2], 6, 6)
    assert cross[1, 0].tolist() == [True, True, False, False, False, False]
    assert np.all(cross[1] == cross[1, 0])                    # no triangle across the source


def test_empty_sequence_gives_empty_rows_that_masked_softmax_refuses():
    allowed = self_attention_allowed([0], 3)[0]
    with pytest.raises(AllKeysMaskedError):
        masked_softmax(np.zeros((3, 3)), allowed)
    np.testing.assert_array_equal(masked_softmax(np.zeros((3, 3)), allowed, empty_rows="zero"), 0)


def test_shift_right_and_loss_positions():
    labels = ["she", "smiled", "EOS", "PAD", "PAD", "PAD"]
    assert shift_right(labels, "BOS") == ["BOS", "she", "smiled", "EOS", "PAD", "PAD"]
    assert loss_positions(labels, "PAD").tolist() == [True, True, True, False, False, False]
