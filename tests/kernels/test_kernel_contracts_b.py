"""Contracts of kernels that the mutation run (tests/mutations/kernel_mutants.py) found untested: validation
boundaries the docstrings state, error messages that must name the right thing, and small independent references
(a hand-written loop, torch.nn, an eigendecomposition) for counts and sign conventions."""
import numpy as np
import pytest
import torch

from kernels.blocks import ffn_hidden_width, ffn_parameter_count
from kernels.embeddings import embedding_lookup, one_hot, truncated_svd
from kernels.labeling import InvalidBioError, crf_path_score, entity_spans
from kernels.lexical import embedding_backward, fixed_window_lm
from kernels.naive_bayes import bayes_posterior, fit_multinomial_nb
from kernels.online_softmax import block_edges, online_read, per_block_outputs
from kernels.resources import recurrent_layer_macs, score_matrix_bytes, score_table_growth
from kernels.transformer_layer import multi_head_attention


# --------------------------------------------------------------------------- naive_bayes

def test_bayes_posterior_refuses_one_likelihood_for_two_classes_instead_of_broadcasting():
    """One prior and one likelihood per class: a length-1 likelihood must not be broadcast over the classes."""
    with pytest.raises(ValueError, match="one prior and one likelihood per class"):
        bayes_posterior([0.5, 0.5], [0.3])
    with pytest.raises(ValueError, match="one prior and one likelihood per class"):
        bayes_posterior([[0.5, 0.5]], [[0.3, 0.6]])


def test_bayes_posterior_accepts_the_closed_interval_and_refuses_outside_it():
    """likelihoods must lie in [0, 1]: both ends are legal probabilities; 1.5 and -0.1 are not."""
    post = bayes_posterior([0.25, 0.75], [0.0, 0.4])          # a class that cannot produce x gets posterior 0
    np.testing.assert_allclose(post.posterior, [0.0, 1.0])
    assert post.evidence == pytest.approx(0.75 * 0.4)
    post = bayes_posterior([0.2, 0.8], [1.0, 0.5])
    np.testing.assert_allclose(post.posterior, [0.2 / (0.2 + 0.4), 0.4 / (0.2 + 0.4)])
    for bad in ([1.5, 0.5], [-0.1, 0.5]):
        with pytest.raises(ValueError, match=r"\[0, 1\]"):
            bayes_posterior([0.5, 0.5], bad)


def test_fit_multinomial_nb_refuses_a_label_count_that_differs_from_the_row_count():
    """One label per document row: three rows with two labels is a ValueError from the kernel itself."""
    with pytest.raises(ValueError, match="one label per row"):
        fit_multinomial_nb([[1, 0], [0, 1], [2, 2]], ["a", "b"])


# --------------------------------------------------------------------------- online_softmax

def test_block_edges_cuts_must_lie_strictly_inside():
    """0 < cut < n: a cut at n (or 0) would make an empty block, and is refused."""
    assert block_edges(4, [2]) == [(0, 2), (2, 4)]
    assert block_edges(4, [3, 1, 3]) == [(0, 1), (1, 3), (3, 4)]
    for bad in ([4], [0], [5]):
        with pytest.raises(ValueError, match="strictly between"):
            block_edges(4, bad)


def _softmax_read(scores, values):
    w = np.exp(np.asarray(scores) - np.max(scores))
    return (w / w.sum()) @ np.asarray(values, dtype=np.float64)


def test_online_read_equals_the_full_read_when_a_block_holds_a_single_key():
    """After a one-key block the mass is exactly l = exp(0) = 1; it must still be rescaled, not dropped."""
    scores = np.array([1.0, 2.0, -0.5, 3.0])
    values = np.array([[1.0, 0.0], [0.0, 1.0], [2.0, -1.0], [0.5, 0.5]])
    full = _softmax_read(scores, values)
    for cuts in ([1], [1, 2], [1, 2, 3], [3]):
        out, trace = online_read(scores, values, cuts)
        np.testing.assert_allclose(out, full, rtol=1e-12)
        assert trace[-1].l == pytest.approx(np.exp(scores - scores.max()).sum())


def test_per_block_outputs_recombine_with_their_masses_into_the_full_read():
    """sum_b mass_b out_b / sum_b mass_b is the full softmax read (1-D values: one scalar per key)."""
    scores = np.array([0.3, -1.0, 2.0, 0.7, 1.1])
    values = np.array([1.0, -2.0, 0.5, 3.0, 0.0])
    outs, masses = per_block_outputs(scores, values, cuts=[1, 3])
    assert outs.shape == (3, 1)
    np.testing.assert_allclose(masses, [np.exp(scores[:1]).sum(), np.exp(scores[1:3]).sum(), np.exp(scores[3:]).sum()])
    np.testing.assert_allclose((masses @ outs) / masses.sum(), [_softmax_read(scores, values)], rtol=1e-12)


# --------------------------------------------------------------------------- resources

def test_recurrent_layer_macs_count_two_square_matrix_vector_products_per_step():
    """Reference: per step, W_x x_t and W_h h_{t-1}, each a d x d matrix times a vector (one MAC per weight)."""
    for n, d in ((1, 1), (3, 5), (7, 2)):
        W_x, W_h = np.zeros((d, d)), np.zeros((d, d))
        assert recurrent_layer_macs(n, d) == sum(W_x.size + W_h.size for _ in range(n))


def test_score_table_growth_is_quadratic_in_the_scale():
    """Dense n x n scores: scaling the length by s multiplies the table by s^2, whatever n is."""
    for scale, n in ((2, 3), (3, 5), (4, 1), (1, 7)):
        assert score_table_growth(scale, n) == pytest.approx(scale ** 2)
        assert score_table_growth(scale, n) == np.zeros((scale * n, scale * n)).size / np.zeros((n, n)).size


def test_score_matrix_bytes_default_is_16_bit_storage():
    """The default element size is 2 bytes (fp16/bf16, the s = 2 of every course example): compare with a
    materialized float16 table."""
    assert score_matrix_bytes(5, 7) == np.zeros((5, 7), dtype=np.float16).nbytes
    assert score_matrix_bytes(5, 7, heads=3, batch=2) == np.zeros((2, 3, 5, 7), dtype=np.float16).nbytes


# --------------------------------------------------------------------------- transformer_layer

def _mha_setup(d=4, d_k=3, n_heads=2, n_mem=5, seed=0):
    rng = np.random.default_rng(seed)
    heads = [tuple(rng.normal(size=(d, d_k)) for _ in range(3)) for _ in range(n_heads)]
    return rng, heads, rng.normal(size=(n_heads * d_k, d)), rng.normal(size=(n_mem, d))


def test_multi_head_attention_error_names_the_concatenated_width():
    """A W^O whose row count differs from H d_v is refused, and the message gives H d_v (not n_q)."""
    rng, heads, W_o, _ = _mha_setup()
    X = rng.normal(size=(5, 4))                                 # n_q = 5, H d_v = 6
    with pytest.raises(ValueError, match="W\\^O has 7 rows but the heads concatenate to width 6"):
        multi_head_attention(X, heads, rng.normal(size=(7, 4)))


def test_multi_head_attention_single_query_vector_reads_like_a_one_row_matrix():
    """Cross-attention for one decoder query vector (attend reads one or a batch of queries): the same output
    as a 1 x d query matrix, and the same W^O width check."""
    rng, heads, W_o, memory = _mha_setup()
    x = rng.normal(size=4)
    one = multi_head_attention(x, heads, W_o, memory=memory)
    row = multi_head_attention(x[None, :], heads, W_o, memory=memory)
    np.testing.assert_allclose(one.output, row.output[0], rtol=1e-12)
    np.testing.assert_allclose(one.concat, row.concat[0], rtol=1e-12)
    with pytest.raises(ValueError, match="concatenate to width 6"):
        multi_head_attention(x, heads, W_o[:5], memory=memory)


# --------------------------------------------------------------------------- embeddings

def _left_vectors_by_eigh(M, d):
    """Reference for U_d: eigenvectors of M M^T (another algorithm, with its own arbitrary signs), largest
    eigenvalue first, each column's largest-magnitude entry made positive (the documented sign rule)."""
    vals, vecs = np.linalg.eigh(M @ M.T)
    U = vecs[:, np.argsort(vals)[::-1][:d]]
    pivot = U[np.argmax(np.abs(U), axis=0), np.arange(d)]
    return U * np.sign(pivot)


def test_truncated_svd_signs_follow_the_largest_magnitude_entry_rule():
    for seed in range(6):
        M = np.random.default_rng(seed).normal(size=(6, 4))
        svd = truncated_svd(M, 3)
        cols = np.arange(3)
        assert np.all(svd.U[np.argmax(np.abs(svd.U), axis=0), cols] > 0)
        np.testing.assert_allclose(svd.U, _left_vectors_by_eigh(M, 3), atol=1e-10)
        # the rank-d reconstruction does not depend on the signs: the same as numpy's own truncation
        U, s, Vt = np.linalg.svd(M, full_matrices=False)
        np.testing.assert_allclose(svd.reconstruction(), (U[:, :3] * s[:3]) @ Vt[:3], atol=1e-12)
        # -M has the same left vectors; its sign flip goes to Vt
        neg = truncated_svd(-M, 3)
        np.testing.assert_allclose(neg.U, svd.U, atol=1e-10)
        np.testing.assert_allclose(neg.Vt, -svd.Vt, atol=1e-10)


def test_ids_at_the_vocabulary_size_are_refused_by_the_kernel_check():
    """ids must lie in [0, n_rows): the last row is legal, n_rows is refused with the documented range."""
    table = np.arange(6.0).reshape(3, 2)
    np.testing.assert_array_equal(embedding_lookup(table, [2, 0]), [[4.0, 5.0], [0.0, 1.0]])
    with pytest.raises(IndexError, match=r"ids must lie in \[0, 3\)"):
        embedding_lookup(table, [0, 3])
    with pytest.raises(IndexError, match=r"ids must lie in \[0, 4\)"):
        one_hot([4], 4)


# --------------------------------------------------------------------------- labeling

def test_crf_path_score_error_names_the_number_of_positions():
    emissions = np.zeros((3, 2))                                # T = 3 positions, K = 2 tags
    with pytest.raises(ValueError, match=r"need one tag per position \(3\)"):
        crf_path_score(emissions, np.zeros((2, 2)), [0, 1])


def test_entity_spans_error_names_the_tag_just_before_the_invalid_i():
    with pytest.raises(InvalidBioError, match="tag 'I-LOC' at position 2 follows 'O'"):
        entity_spans(["B-PER", "O", "I-LOC"])
    with pytest.raises(InvalidBioError, match="tag 'I-LOC' at position 3 follows 'I-PER'"):
        entity_spans(["O", "B-PER", "I-PER", "I-LOC"])
    with pytest.raises(InvalidBioError, match="follows the start"):
        entity_spans(["I-LOC", "O"])


# --------------------------------------------------------------------------- lexical

def test_embedding_backward_is_the_one_hot_transpose_product_and_checks_its_range():
    """dL/dE = onehot(ids)^T G (primer §6.3's lookup-as-product, differentiated); ids range over [0, n_rows)."""
    G = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [-1.0, 0.5]])
    ids = [2, 0, 2, 1]
    np.testing.assert_allclose(embedding_backward(3, ids, G), one_hot(ids, 3).T @ G)
    with pytest.raises(IndexError, match=r"ids must lie in \[0, 3\)"):
        embedding_backward(3, [0, 3, 1, 2], G)


def _window_reference(table, window, W, b, U, c):
    z = np.concatenate([np.asarray(table)[i] for i in window])
    logits = U @ np.tanh(W @ z + b) + c
    p = np.exp(logits - logits.max())
    return z, p / p.sum()


def test_fixed_window_lm_accepts_k_equal_to_one_and_a_prefix_exactly_k_long():
    rng = np.random.default_rng(1)
    table, U, c = rng.normal(size=(5, 2)), rng.normal(size=(5, 3)), rng.normal(size=5)
    for prefix, k in (([3], 1), ([4, 1, 3], 1), ([4, 1], 2), ([0, 4, 1], 3)):
        W, b = rng.normal(size=(3, 2 * k)), rng.normal(size=3)
        step = fixed_window_lm(table, prefix, k, W, b, U, c)
        z, p = _window_reference(table, prefix[-k:], W, b, U, c)
        assert step.window == tuple(prefix[-k:])
        np.testing.assert_allclose(step.z, z)
        np.testing.assert_allclose(step.probs, p, rtol=1e-12)


def test_fixed_window_lm_refuses_bad_window_sizes_and_a_mismatched_w():
    rng = np.random.default_rng(2)
    table, U, c, b = rng.normal(size=(5, 2)), rng.normal(size=(5, 3)), np.zeros(5), np.zeros(3)
    for k in (0, 1.5, -1):
        with pytest.raises(ValueError, match="positive integer"):
            fixed_window_lm(table, [1, 2, 3], k, rng.normal(size=(3, 6)), b, U, c)
    with pytest.raises(ValueError, match="fewer than the window size"):
        fixed_window_lm(table, [1], 2, rng.normal(size=(3, 4)), b, U, c)
    with pytest.raises(ValueError, match="W has 5 columns but the window gives k\\*d = 4"):
        fixed_window_lm(table, [1, 2], 2, rng.normal(size=(3, 5)), b, U, c)


# --------------------------------------------------------------------------- blocks

def test_ffn_hidden_width_default_is_the_transformer_papers_four_times_d_model():
    assert ffn_hidden_width(512) == 2048                        # Vaswani et al. 2017, §3.3
    assert ffn_hidden_width(3) == 12
    assert ffn_hidden_width(64, multiplier=8) == 512


def test_ffn_parameter_count_matches_torch_linear_layers():
    for d_model, d_hidden in ((4, 16), (3, 7), (8, 2)):
        for bias in (True, False):
            ffn = torch.nn.Sequential(torch.nn.Linear(d_model, d_hidden, bias=bias),
                                      torch.nn.Linear(d_hidden, d_model, bias=bias))
            assert ffn_parameter_count(d_model, d_hidden, bias=bias) == sum(p.numel() for p in ffn.parameters())
