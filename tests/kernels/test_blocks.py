"""kernels.blocks against torch references and defining properties (LayerNorm, stats, RoPE)."""
import numpy as np
import pytest
import torch

from kernels.attention import self_attention
from kernels.blocks import center, feature_stats, layer_norm, rotary_embed


def test_layer_norm_matches_torch():
    rng = np.random.default_rng(13)
    for shape in [(2,), (3, 4), (2, 5, 8)]:
        x = rng.normal(size=shape) * 3 + 1
        d = shape[-1]
        gamma, beta = rng.normal(size=d), rng.normal(size=d)
        for eps in (1e-5, 1e-6):
            ref = torch.nn.functional.layer_norm(torch.tensor(x), (d,), torch.tensor(gamma),
                                                 torch.tensor(beta), eps=eps).numpy()
            np.testing.assert_allclose(layer_norm(x, gamma, beta, eps=eps), ref, rtol=1e-10, atol=1e-12)
        ref_plain = torch.nn.functional.layer_norm(torch.tensor(x), (d,), eps=1e-5).numpy()
        np.testing.assert_allclose(layer_norm(x), ref_plain, rtol=1e-10, atol=1e-12)


def test_feature_stats_matches_torch_var_mean():
    rng = np.random.default_rng(14)
    x = rng.normal(size=(4, 6))
    var, mean = torch.var_mean(torch.tensor(x), dim=-1, correction=0)
    m, v = feature_stats(x)
    np.testing.assert_allclose(m, mean.numpy(), rtol=1e-12)
    np.testing.assert_allclose(v, var.numpy(), rtol=1e-12)
    np.testing.assert_allclose(center(x), x - mean.numpy()[:, None], rtol=1e-12, atol=1e-15)


def test_rotary_embed_matches_complex_rotation():
    """Independent reference: view each pair as a complex number and multiply by e^{i*angle}."""
    rng = np.random.default_rng(15)
    n, d, base = 6, 8, 10000.0
    x = rng.normal(size=(n, d))
    pos = np.arange(n)
    inv_freq = 1.0 / base ** (torch.arange(0, d, 2, dtype=torch.float64) / d)
    angles = torch.outer(torch.tensor(pos, dtype=torch.float64), inv_freq)
    xc = torch.view_as_complex(torch.tensor(x).reshape(n, d // 2, 2).contiguous())
    ref = torch.view_as_real(xc * torch.polar(torch.ones_like(angles), angles)).reshape(n, d).numpy()
    np.testing.assert_allclose(rotary_embed(x, pos, base), ref, rtol=1e-12, atol=1e-12)


def test_rotary_embed_properties():
    rng = np.random.default_rng(16)
    q, k = rng.normal(size=4), rng.normal(size=4)
    def score(m, n):
        return rotary_embed(q[None], [m])[0] @ rotary_embed(k[None], [n])[0]
    # depends on the offset only
    assert score(0, 3) == pytest.approx(score(5, 8), abs=1e-12)
    assert score(2, 2) == pytest.approx(q @ k, abs=1e-12)
    # a rotation keeps norms
    x = rng.normal(size=(5, 4))
    np.testing.assert_allclose(np.linalg.norm(rotary_embed(x, np.arange(5)), axis=-1),
                               np.linalg.norm(x, axis=-1), rtol=1e-12)
    with pytest.raises(ValueError):
        rotary_embed(np.ones(3), [0])


def test_attention_without_positions_is_permutation_equivariant():
    rng = np.random.default_rng(17)
    X = rng.normal(size=(5, 3))
    W = [rng.normal(size=(3, 3)) for _ in range(3)]
    perm = rng.permutation(5)
    out = self_attention(X, *W).context
    np.testing.assert_allclose(self_attention(X[perm], *W).context, out[perm], rtol=1e-12, atol=1e-12)
