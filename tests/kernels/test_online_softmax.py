"""kernels.online_softmax: the running (m, l, u) read equals the full softmax read for every block
split (hypothesis), and blocked attention equals the materialized one and torch's SDPA."""
import math

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from kernels.attention import AllKeysMaskedError, attend, causal_mask, masked_softmax
from kernels.online_softmax import (block_edges, blocked_attention, empty_state, online_read, per_block_outputs,
                                    update)
from kernels.probability import softmax

scores_st = st.integers(1, 12).flatmap(
    lambda n: st.tuples(arrays(np.float64, (n,), elements=st.floats(-30, 30)),
                        arrays(np.float64, (n, 3), elements=st.floats(-5, 5)),
                        st.sets(st.integers(1, max(1, n - 1)), max_size=n - 1) if n > 1 else st.just(set())))


@settings(max_examples=200, deadline=None)
@given(data=scores_st)
def test_online_read_equals_full_softmax_for_every_block_split(data):
    scores, values, cuts = data
    out, trace = online_read(scores, values, sorted(cuts))
    np.testing.assert_allclose(out, softmax(scores) @ values, rtol=1e-12, atol=1e-12)
    assert len(trace) == len(cuts) + 1
    assert trace[-1].m == scores.max()


@settings(max_examples=100, deadline=None)
@given(data=scores_st, mask_seed=st.integers(0, 2**32 - 1))
def test_masked_keys_never_enter_the_statistics(data, mask_seed):
    scores, values, cuts = data
    allowed = np.random.default_rng(mask_seed).random(len(scores)) < 0.6
    allowed[np.random.default_rng(mask_seed).integers(len(scores))] = True  # at least one legal key
    masked = np.where(allowed, scores, -np.inf)
    out, _ = online_read(masked, values, sorted(cuts))
    np.testing.assert_allclose(out, masked_softmax(scores, allowed) @ values, rtol=1e-12, atol=1e-12)


def test_lecture_two_stop_example():
    out, (first, second) = online_read(np.log([1, 2, 3]), [2.0, 4.0, 8.0], [2])
    assert out[0] == pytest.approx(17 / 3)
    assert (first.m, first.l, first.u[0]) == pytest.approx((math.log(2), 1.5, 5.0))
    assert (second.m, second.l, second.u[0]) == pytest.approx((math.log(3), 2.0, 34 / 3))
    outs, masses = per_block_outputs(np.log([1, 2, 3]), [2.0, 4.0, 8.0], [2])
    assert outs[:, 0] == pytest.approx([10 / 3, 8]) and masses == pytest.approx([3, 3])


def test_empty_blocks_and_all_masked_rows():
    state = update(empty_state(2), np.array([-np.inf, -np.inf]), np.ones((2, 2)))
    assert state.m == -np.inf and state.l == 0.0
    with pytest.raises(AllKeysMaskedError):
        state.output()
    with pytest.raises(AllKeysMaskedError):
        blocked_attention(np.ones((1, 2)), np.ones((0, 2)), np.ones((0, 2)))
    with pytest.raises(ValueError):
        block_edges(4, [0])


@pytest.mark.parametrize("n_q,n_k,d,block", [(7, 7, 4, 1), (33, 50, 8, 16), (64, 64, 16, 128), (5, 300, 3, 7)])
def test_blocked_attention_equals_materialized_and_torch_sdpa(n_q, n_k, d, block):
    rng = np.random.default_rng(n_q * 1000 + n_k)
    Q, K, V = rng.normal(size=(n_q, d)), rng.normal(size=(n_k, d)), rng.normal(size=(n_k, d + 1))
    ours = blocked_attention(Q, K, V, block=block)
    np.testing.assert_allclose(ours, attend(Q, K, V, scale=True).context, rtol=0, atol=1e-12)
    ref = torch.nn.functional.scaled_dot_product_attention(*(torch.tensor(x)[None] for x in (Q, K, V)))[0]
    np.testing.assert_allclose(ours, ref.numpy(), rtol=0, atol=1e-12)


@pytest.mark.parametrize("n,block", [(1, 4), (9, 4), (40, 8)])
def test_causal_blocked_attention_equals_torch_causal_sdpa(n, block):
    rng = np.random.default_rng(n)
    Q, K, V = (rng.normal(size=(n, 4)) for _ in range(3))
    ours = blocked_attention(Q, K, V, block=block, causal=True)
    np.testing.assert_allclose(ours, attend(Q, K, V, scale=True, allowed=causal_mask(n)).context, atol=1e-12)
    ref = torch.nn.functional.scaled_dot_product_attention(*(torch.tensor(x)[None] for x in (Q, K, V)),
                                                           is_causal=True)[0]
    np.testing.assert_allclose(ours, ref.numpy(), atol=1e-12)
