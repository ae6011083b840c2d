"""Contracts of small kernels that the mutation run (tests/mutations/kernel_mutants.py) found untested:
boundary values the docstrings allow, error messages that must name the right thing, a reference for the
sinusoidal table at a width where the frequency index matters."""
import math

import numpy as np
import pytest

from kernels.attention import sinusoidal_positions
from kernels.bpe import learn_bpe
from kernels.convolution import sliding_windows
from kernels.parameters import moe_parameter_counts
from kernels.probability import expectation
from kernels.recurrent import gradient_check
from kernels.roofline import decode_step_bytes
from kernels.text_stats import idf
from kernels.tiny_decoder import DecoderConfig


def test_sinusoidal_positions_match_the_paper_formula_entry_by_entry():
    """PE[p, 2i] = sin(p / 10000^(2i/d)), PE[p, 2i+1] = cos(same), written as a loop (Vaswani et al. §3.5)."""
    n, d = 5, 8
    ref = np.zeros((n, d))
    for p in range(n):
        for i in range(d // 2):
            angle = p / 10000.0 ** (2 * i / d)
            ref[p, 2 * i], ref[p, 2 * i + 1] = math.sin(angle), math.cos(angle)
    np.testing.assert_allclose(sinusoidal_positions(n, d), ref, rtol=0, atol=1e-15)


def test_zero_merges_is_allowed_and_changes_nothing():
    model = learn_bpe({"low": 5, "lower": 2}, 0)
    assert model.merges == [] and model.rounds == []
    with pytest.raises(ValueError):
        learn_bpe({"low": 5}, -1)


def test_a_window_of_width_one_is_every_token():
    assert sliding_windows("abc", 1) == [("a",), ("b",), ("c",)]
    with pytest.raises(ValueError):
        sliding_windows("abc", 0)


def test_moe_counts_without_shared_or_router_parameters():
    """Both extra counts default to 0, which is a valid count: stored E·P, activated k·P."""
    assert moe_parameter_counts(8, 100, 2, shared_params=0, router_params=0) == moe_parameter_counts(8, 100, 2)
    counts = moe_parameter_counts(8, 100, 2)
    assert (counts.total, counts.active) == (8 * 100, 2 * 100)
    with pytest.raises(ValueError):
        moe_parameter_counts(8, 100, 2, shared_params=-1)


@pytest.mark.parametrize("probs, values", [
    (np.full((2, 2), 0.25), np.ones((2, 3))),   # probs must be one distribution, shape (n,)
    (np.array([0.5, 0.5]), np.ones((3, 2))),    # one value per outcome
])
def test_expectation_refuses_mismatched_shapes(probs, values):
    with pytest.raises(ValueError):
        expectation(probs, values)


def test_the_relative_error_of_a_gradient_check_is_never_negative():
    """A loss of tiny scale: both gradients are ~1e-13, and the relative error is a ratio of norms (>= 0)."""
    scale = 1e-13
    check = gradient_check(lambda t: scale * float(np.sum(t ** 2)), np.array([0.3, -0.2]),
                           scale * 2 * np.array([0.3, -0.2]))
    assert 0.0 <= check.relative_error < 1.0


def test_the_first_decode_step_reads_one_cached_position():
    """positions counts the cache after the append, so the first step of a decode reads 1 position."""
    config = DecoderConfig(vocab=10)
    first, second = decode_step_bytes(config, 1), decode_step_bytes(config, 2)
    assert first.weights == second.weights and 0 < first.cache and second.cache == 2 * first.cache
    with pytest.raises(ValueError):
        decode_step_bytes(config, 0)


def test_idf_names_the_column_that_occurs_nowhere():
    counts = np.array([[1, 0, 2], [3, 0, 0]])
    with pytest.raises(ValueError, match=r"columns \[1\] occur in no document"):
        idf(counts, convention="course")


def test_autograd_read_loss_is_the_negative_log_probability_and_its_gradient():
    """L = -log softmax(c @ head)[target] >= 0, and dL/dq agrees with central differences of that L."""
    from kernels.attention import read_loss_autograd
    rng = np.random.default_rng(3)
    q, K, V, head = rng.normal(size=3), rng.normal(size=(4, 3)), rng.normal(size=(4, 2)), rng.normal(size=(2, 5))

    def loss(query):
        e = K @ query
        alpha = np.exp(e - e.max()) / np.exp(e - e.max()).sum()
        logits = (alpha @ V) @ head
        return -(logits[1] - logits.max() - np.log(np.exp(logits - logits.max()).sum()))
    out = read_loss_autograd(q, K, V, head, target=1)
    assert out.loss > 0 and math.isclose(out.loss, loss(q), rel_tol=1e-12)
    h = 1e-6
    numeric = np.array([(loss(q + h * e) - loss(q - h * e)) / (2 * h) for e in np.eye(3)])
    np.testing.assert_allclose(out.d_query, numeric, rtol=1e-6, atol=1e-9)


def test_receptive_field_checks_its_width_and_max_over_time_takes_one_window():
    from kernels.convolution import max_over_time, receptive_field
    assert receptive_field(3, [1, 2]) == 1 + 2 * 1 + 2 * 2
    for bad in (0, 1.5):
        with pytest.raises(ValueError):
            receptive_field(bad, [1])
    assert max_over_time([0.3]) == 0.3
    with pytest.raises(ValueError):
        max_over_time([])


def test_a_zero_probability_successor_is_dropped_and_a_never_ending_decode_stops_at_the_default_cap():
    from kernels.decoding import ProbabilityTree, beam_decode
    tree = ProbabilityTree({"": {"a": 1.0, "EOS": 0.0}})
    assert tree(()) == {"a": 0.0}
    loop = lambda prefix: {"a": math.log(0.5), "b": math.log(0.5)}   # never offers EOS
    result = beam_decode(loop, width=1)
    assert not result.ended and len(result.best.tokens) == 32


def test_an_empty_candidate_corpus_scores_zero_everywhere():
    from kernels.metrics import corpus_bleu
    bleu = corpus_bleu([[]], [[["a", "b"]]])
    assert (bleu.score, bleu.precisions, bleu.brevity_penalty, bleu.candidate_length) == (0.0, (0.0,) * 4, 0.0, 0)


def test_rnn_lm_probs_is_softmax_of_the_output_layer_with_its_bias():
    from kernels.recurrent import RnnParams, rnn_lm_probs
    rng = np.random.default_rng(5)
    p = RnnParams(rng.normal(size=(3, 2)), rng.normal(size=(3, 3)) * 0.5, rng.normal(size=3),
                  rng.normal(size=(4, 3)), rng.normal(size=4))
    xs, h = rng.normal(size=(2, 2)), np.zeros(3)
    expected = []
    for x in xs:
        h = np.tanh(p.W_x @ x + p.W_h @ h + p.b_h)
        z = p.W_y @ h + p.b_y
        expected.append(np.exp(z) / np.exp(z).sum())
    np.testing.assert_allclose(rnn_lm_probs(xs, np.zeros(3), p), expected, rtol=1e-12)


def test_perplexity_of_one_token_is_exp_of_its_loss():
    from kernels.sampling import perplexity
    assert math.isclose(perplexity(2.0, 1), math.e ** 2)
    with pytest.raises(ValueError):
        perplexity(2.0, 0)
