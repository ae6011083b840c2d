"""kernels.probability.expectation against torch and against its defining properties."""
import numpy as np
import pytest
import torch

from kernels.probability import expectation, softmax


def test_expectation_matches_torch_weighted_sum():
    rng = np.random.default_rng(12)
    for n, d in [(3, 2), (5, 1), (7, 4)]:
        p = softmax(rng.normal(size=n))
        V = rng.normal(size=(n, d))
        reference = (torch.tensor(p)[:, None] * torch.tensor(V)).sum(dim=0).numpy()
        np.testing.assert_allclose(expectation(p, V), reference, rtol=1e-12, atol=1e-15)


def test_expectation_scalar_values():
    p = np.array([0.25, 0.75])
    assert expectation(p, [2.0, 6.0]) == pytest.approx(0.25 * 2.0 + 0.75 * 6.0)


def test_one_hot_picks_a_row_and_uniform_gives_the_mean():
    V = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    np.testing.assert_array_equal(expectation([0.0, 0.0, 1.0], V), V[2])
    np.testing.assert_allclose(expectation(np.full(3, 1 / 3), V), V.mean(axis=0))


def test_result_lies_in_the_box_of_the_values():
    rng = np.random.default_rng(3)
    V = rng.normal(size=(6, 3))
    c = expectation(softmax(rng.normal(size=6)), V)
    assert np.all(c >= V.min(axis=0) - 1e-12) and np.all(c <= V.max(axis=0) + 1e-12)


def test_shape_mismatch_raises():
    with pytest.raises(ValueError):
        expectation([0.5, 0.5], np.ones((3, 2)))
