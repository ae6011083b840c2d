"""kernels.resources: byte and MAC ledgers against direct tensor sizes and independent counts."""
import numpy as np
import pytest
import torch

from kernels.resources import (MacCount, decode_step_macs, doubling_ratios, gqa_group_size, kv_cache_bytes,
                               kv_head_for_query_head, prefill_macs, recompute_step_macs, score_matrix_bytes,
                               table_bytes, table_elements)


@pytest.mark.parametrize("L,B,n,H,dh,dtype", [(2, 1, 161, 2, 4, torch.float64), (3, 2, 17, 4, 8, torch.float16),
                                              (1, 3, 5, 1, 16, torch.float32)])
def test_kv_bytes_equal_the_bytes_of_real_k_and_v_tensors(L, B, n, H, dh, dtype):
    tensors = [torch.zeros(B, H, n, dh, dtype=dtype) for _ in range(2 * L)]  # K and V per layer
    real = sum(t.numel() * t.element_size() for t in tensors)
    assert kv_cache_bytes(L, B, n, H, dh, torch.zeros((), dtype=dtype).element_size()) == real


def test_lecture_kv_example_and_mha_counterpart():
    assert kv_cache_bytes(32, 1, 4096, 8, 128, 2) == 512 * 2 ** 20
    assert kv_cache_bytes(32, 1, 4096, 32, 128, 2) == 2 * 2 ** 30
    assert kv_cache_bytes(32, 1, 8192, 8, 128, 2) == 2 ** 30  # primer §14.5


def test_score_matrix_bytes_match_a_materialized_array():
    a = np.zeros((3, 5, 7), dtype=np.float16)  # heads x queries x keys
    assert score_matrix_bytes(5, 7, heads=3, bytes_per_element=2) == a.nbytes
    assert score_matrix_bytes(100_000, 100_000, heads=64, bytes_per_element=2) == 1.28e12


def test_tables():
    assert table_elements(10_000, 128) == 1_280_000
    assert table_bytes(10_000, 128, 4) == np.zeros((10_000, 128), dtype=np.float32).nbytes


def _counted_macs(n, d, f, n_keys):
    """Count MACs by the shapes of the matrix products actually performed (m x k @ k x p = m k p)."""
    mm = lambda m, k, p: m * k * p
    proj = 3 * mm(n, d, d) + mm(n, d, d)
    ffn = mm(n, d, f) + mm(n, f, d)
    attn = mm(n, d, n_keys) + mm(n, n_keys, d)
    return proj, ffn, attn


@pytest.mark.parametrize("n,d,f", [(1, 8, 16), (141, 8, 16), (64, 32, 128)])
def test_prefill_and_decode_macs_match_the_matrix_shapes(n, d, f):
    assert prefill_macs(n, d, f) == MacCount(*_counted_macs(n, d, f, n))
    assert decode_step_macs(n, d, f) == MacCount(*_counted_macs(1, d, f, n))
    assert recompute_step_macs(n, d, f) == prefill_macs(n + 1, d, f)
    assert prefill_macs(n, d, f).flops == 2 * prefill_macs(n, d, f).total


def test_gqa_sharing():
    assert gqa_group_size(32, 8) == 4
    assert [kv_head_for_query_head(h, 32, 8) for h in range(8)] == [0, 0, 0, 0, 1, 1, 1, 1]
    assert gqa_group_size(8, 8) == 1 and gqa_group_size(8, 1) == 8  # MHA and MQA ends
    with pytest.raises(ValueError):
        gqa_group_size(32, 6)
    with pytest.raises(ValueError):
        kv_head_for_query_head(32, 32, 8)


def test_gqa_reading_equals_mha_with_repeated_kv_heads():
    """Reading shared K/V heads is MHA with each K/V head repeated group-size times."""
    rng = np.random.default_rng(0)
    q = torch.tensor(rng.normal(size=(1, 8, 5, 4)))
    k = torch.tensor(rng.normal(size=(1, 2, 5, 4)))
    v = torch.tensor(rng.normal(size=(1, 2, 5, 4)))
    idx = torch.tensor([kv_head_for_query_head(h, 8, 2) for h in range(8)])
    ours = torch.nn.functional.scaled_dot_product_attention(q, k[:, idx], v[:, idx])
    ref = torch.nn.functional.scaled_dot_product_attention(q, k.repeat_interleave(4, dim=1),
                                                           v.repeat_interleave(4, dim=1))
    torch.testing.assert_close(ours, ref)


def test_bad_input():
    with pytest.raises(ValueError):
        kv_cache_bytes(-1, 1, 1, 1, 1, 2)
    with pytest.raises(ValueError):
        table_elements(2.5, 3)


def test_doubling_ratios():
    assert doubling_ratios([1, 2, 8]) == [2.0, 4.0]
