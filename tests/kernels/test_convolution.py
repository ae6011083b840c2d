"""kernels.convolution against torch.nn.functional.conv1d / max_pool1d / avg_pool1d and a dilated torch stack."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F
from hypothesis import given, settings
from hypothesis import strategies as st

from kernels.convolution import (layers_to_connect, max_over_time, mean_over_time, receptive_field,
                                 sliding_windows, window_scores)

rng = np.random.default_rng(11)


def conv1d_reference(x, w, b):
    """torch wants (batch, channels, time): channels are the word-vector features."""
    xt = torch.tensor(x.T[None])                     # (1, d, T)
    wt = torch.tensor(w.T[None])                     # (1 filter, d, width)
    return F.conv1d(xt, wt, torch.tensor([b], dtype=torch.float64)).numpy()[0, 0]


@pytest.mark.parametrize("T,d,width", [(5, 1, 3), (7, 4, 2), (6, 3, 6), (9, 2, 1)])
def test_window_scores_match_torch_conv1d(T, d, width):
    x, w, b = rng.normal(size=(T, d)), rng.normal(size=(width, d)), float(rng.normal())
    np.testing.assert_allclose(window_scores(x, w, b), conv1d_reference(x, w, b), rtol=1e-12, atol=1e-14)


def test_scalar_features_and_the_primer_window():
    """Primer §10.2: 不 -1, 太 0.5, 好看 1 with kernel [2, 1, 1] scores -0.5, reversed 1.5."""
    np.testing.assert_allclose(window_scores([-1, 0.5, 1], [2, 1, 1]), [-0.5])
    np.testing.assert_allclose(window_scores([1, 0.5, -1], [2, 1, 1]), [1.5])
    x = np.array([0.0, 0.0, -1.0, 0.5, 1.0])
    np.testing.assert_allclose(window_scores(x, [2, 1, 1]), conv1d_reference(x[:, None], np.array([[2.], [1.], [1.]]), 0.0))


def test_pooling_matches_torch():
    s = rng.normal(size=8)
    assert max_over_time(s) == F.max_pool1d(torch.tensor(s)[None, None], kernel_size=8).item()
    v = rng.normal(size=(6, 3))
    ref = F.avg_pool1d(torch.tensor(v.T[None]), kernel_size=6).numpy()[0, :, 0]
    np.testing.assert_allclose(mean_over_time(v), ref, rtol=1e-12)
    assert mean_over_time([1.0, 0.0, 2.0]) == pytest.approx(1.0)


def test_mean_over_time_ignores_order_but_window_scores_do_not():
    x = rng.normal(size=(5, 2))
    np.testing.assert_allclose(mean_over_time(x), mean_over_time(x[::-1]))
    w = rng.normal(size=(3, 2))
    assert not np.allclose(window_scores(x, w), window_scores(x[::-1], w)[::-1])


def test_sliding_windows():
    assert sliding_windows("abcde", 3) == [tuple("abc"), tuple("bcd"), tuple("cde")]
    with pytest.raises(ValueError):
        sliding_windows("ab", 3)
    with pytest.raises(ValueError):
        sliding_windows("ab", 0)


def torch_receptive_field(width, dilations):
    """Span (first to last input) that reaches the middle output of a stack of all-ones dilated convolutions.

    With dilation the touched inputs can have gaps; the receptive field is the span they cover."""
    n = 1 + 2 * sum((width - 1) * d for d in dilations) + 8
    x = torch.zeros(1, 1, n, dtype=torch.float64, requires_grad=True)
    y = x
    for d in dilations:
        y = F.conv1d(y, torch.ones(1, 1, width, dtype=torch.float64), dilation=d)
    y[0, 0, y.shape[-1] // 2].backward()
    touched = torch.nonzero(x.grad[0, 0]).flatten()
    return int(touched.max() - touched.min()) + 1


@pytest.mark.parametrize("width,dilations", [(3, [1]), (3, [1] * 10), (3, [1, 2, 4, 8]), (2, [1, 3]), (5, [2, 2])])
def test_receptive_field_matches_a_torch_stack(width, dilations):
    assert receptive_field(width, dilations) == torch_receptive_field(width, dilations)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 9), st.integers(0, 200))
def test_layers_to_connect_is_the_fewest_that_reach(width, distance):
    L = layers_to_connect(width, distance)
    assert receptive_field(width, [1] * L) >= distance + 1
    assert L == 0 or receptive_field(width, [1] * (L - 1)) < distance + 1


def test_bad_inputs_say_what_is_wrong():
    with pytest.raises(ValueError, match="does not fit"):
        window_scores([1.0, 2.0], [1.0, 1.0, 1.0])
    with pytest.raises(ValueError, match="features per position"):
        window_scores(np.ones((4, 2)), np.ones((2, 3)))
    with pytest.raises(ValueError, match="never widens"):
        layers_to_connect(1, 5)
    with pytest.raises(ValueError):
        max_over_time([])
