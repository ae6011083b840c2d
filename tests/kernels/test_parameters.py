"""kernels.parameters against torch tensors' numel, torch's unfold, and the seeds' numbers."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.parameters import (dense_parameter_count, lora_parameter_count, lora_weight, moe_parameter_counts,
                                patch_count, patch_grid, patch_value_count, patchify, top_k_routing)

rng = np.random.default_rng(11)


def test_primer_lora_numbers():
    """Primer §17.3: 4x4 with r = 1 has 8 trainable entries vs 16; 4096x4096 with r = 8: 65,536 vs 16,777,216."""
    assert (lora_parameter_count(4, 4, 1), dense_parameter_count(4, 4)) == (8, 16)
    assert lora_parameter_count(4096, 4096, 8) == 65_536
    assert dense_parameter_count(4096, 4096) == 16_777_216
    assert dense_parameter_count(4096, 4096) / lora_parameter_count(4096, 4096, 8) == 256


@given(st.integers(1, 64), st.integers(1, 64), st.integers(1, 8))
@settings(max_examples=30, deadline=None)
def test_lora_count_is_the_numel_of_b_and_a(d_out, d_in, r):
    B, A = torch.nn.Parameter(torch.zeros(d_out, r)), torch.nn.Parameter(torch.zeros(r, d_in))
    assert lora_parameter_count(d_out, d_in, r) == B.numel() + A.numel()
    assert dense_parameter_count(d_out, d_in) == torch.nn.Linear(d_in, d_out, bias=False).weight.numel()


def test_lora_weight_matches_the_adapter_forward_and_has_low_rank():
    d_out, d_in, r, alpha = 6, 5, 2, 16.0
    W0, B, A = rng.normal(size=(d_out, d_in)), rng.normal(size=(d_out, r)), rng.normal(size=(r, d_in))
    x = rng.normal(size=(3, d_in))
    t = lambda a: torch.tensor(a)
    F = torch.nn.functional
    ref = (F.linear(t(x), t(W0)) + (alpha / r) * F.linear(F.linear(t(x), t(A)), t(B))).numpy()
    W = lora_weight(W0, B, A, alpha)
    np.testing.assert_allclose(x @ W.T, ref, rtol=1e-12, atol=1e-13)
    assert np.linalg.matrix_rank(W - W0) <= r
    np.testing.assert_allclose(lora_weight(W0, B, A), W0 + B @ A)       # scale 1 shorthand
    with pytest.raises(ValueError):
        lora_weight(W0, B.T, A)


def test_moe_counts_match_torch_experts():
    d, h, E, k = 8, 16, 4, 2
    experts = [torch.nn.Sequential(torch.nn.Linear(d, h), torch.nn.ReLU(), torch.nn.Linear(h, d)) for _ in range(E)]
    router = torch.nn.Linear(d, E, bias=False)
    P = sum(p.numel() for p in experts[0].parameters())
    counts = moe_parameter_counts(E, P, k, router_params=router.weight.numel())
    assert counts.total == sum(p.numel() for m in (*experts, router) for p in m.parameters())
    assert counts.active == router.weight.numel() + k * P
    with pytest.raises(ValueError):
        moe_parameter_counts(2, P, 3)


def test_lecture_switch_routing():
    """Lecture §5.11: router (.1, .7, .2), Switch top-1 computes only E2 and keeps weight .7."""
    chosen, weights = top_k_routing([0.1, 0.7, 0.2], 1)
    assert chosen.tolist() == [1] and weights.tolist() == [0.7]
    chosen, weights = top_k_routing([0.1, 0.7, 0.2], 2, renormalize=True)
    assert chosen.tolist() == [1, 2]
    np.testing.assert_allclose(weights, [0.7 / 0.9, 0.2 / 0.9])
    with pytest.raises(ValueError):
        top_k_routing([0.5, 0.5], 3)


def test_lecture_patch_numbers():
    """Lecture §6.2: 224x224 at 16x16 -> 14x14 = 196 patches (197 with CLS), 768 raw values each."""
    assert patch_grid(224, 224, 16) == (14, 14)
    assert patch_count(224, 224, 16) == 196 and patch_count(224, 224, 16, cls_token=True) == 197
    assert patch_value_count(16) == 768
    assert patch_count(4 * 10, 6 * 10, 10) == 24      # the 6 x 4 teaching grid
    with pytest.raises(ValueError):
        patch_count(225, 224, 16)
    with pytest.raises(ValueError):
        patch_value_count(0)


def test_patchify_matches_torch_unfold_and_the_lecture_reshape():
    H, W, C, p = 32, 48, 3, 16
    image = rng.random((H, W, C))
    patches = patchify(image, p)
    assert patches.shape == (patch_count(H, W, p), p, p, C)
    assert patches[0].size == patch_value_count(p, C)
    unfolded = torch.nn.functional.unfold(torch.tensor(image).permute(2, 0, 1)[None], kernel_size=p, stride=p)[0]
    ref = unfolded.T.reshape(-1, C, p, p).permute(0, 2, 3, 1).numpy()   # torch orders values (C, p, p)
    np.testing.assert_array_equal(patches, ref)
    lecture = image.reshape(H // p, p, W // p, p, C).transpose(0, 2, 1, 3, 4).reshape(-1, p, p, C)
    np.testing.assert_array_equal(patches, lecture)


def test_attention_parameter_count_equals_torch_multihead_attention_weights():
    import torch

    for d_model, heads in [(8, 2), (512, 8), (12, 3)]:
        layer = torch.nn.MultiheadAttention(d_model, heads, bias=False)
        weights = sum(p.numel() for p in layer.parameters())
        from kernels.parameters import attention_parameter_count
        assert attention_parameter_count(d_model) == weights
