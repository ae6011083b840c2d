"""kernels.text_stats against scikit-learn (BoW, TF-IDF under the switch) and the seeds' examples."""
import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer

from kernels.text_stats import (BOS, EOS, add_alpha, bag_of_words, document_frequency, first_seen_vocabulary,
                                history_counts, idf, interpolate, mle_probability, ngram_counts, tf_idf)

PRIMER_DOCS = [["电影", "好看"], ["电影", "精彩"], ["电影", "无聊"]]
words = st.sampled_from(["a", "b", "c", "d", "e"])
corpora = st.lists(st.lists(words, min_size=1, max_size=6), min_size=1, max_size=6)


def identity(doc):
    return doc


def test_primer_tf_idf_example():
    """Primer §3.4: columns [电影, 好看, 精彩, 无聊]; D1 -> [0, ln 3, 0, 0] ≈ [0, 1.099, 0, 0]."""
    vocab = first_seen_vocabulary(PRIMER_DOCS)
    assert vocab == ["电影", "好看", "精彩", "无聊"]
    counts = bag_of_words(PRIMER_DOCS, vocab)
    np.testing.assert_array_equal(counts[0], [1, 1, 0, 0])
    np.testing.assert_allclose(idf(counts), [0.0, math.log(3), math.log(3), math.log(3)], rtol=1e-15)
    np.testing.assert_allclose(tf_idf(counts)[0], [0.0, math.log(3), 0.0, 0.0], rtol=1e-15)
    assert round(tf_idf(counts)[0, 1], 3) == 1.099


def test_bag_of_words_loses_order_and_matches_sklearn_counts():
    docs = [["我", "喜欢", "你"], ["你", "喜欢", "我"], ["电影", "不", "好看", "好看"]]
    counts = bag_of_words(docs)
    np.testing.assert_array_equal(counts[0], counts[1])
    vocab = first_seen_vocabulary(docs)
    ref = CountVectorizer(analyzer=identity, vocabulary=vocab).fit_transform(docs).toarray()
    np.testing.assert_array_equal(counts, ref)
    # tokens outside a fixed vocabulary are ignored, as in sklearn
    np.testing.assert_array_equal(bag_of_words([["x", "a", "a"]], ["a", "b"]), [[2, 0]])


@pytest.mark.parametrize("smooth_idf", [True, False])
@pytest.mark.parametrize("sublinear_tf", [True, False])
@pytest.mark.parametrize("norm", ["l2", "l1", None])
def test_sklearn_switch_reproduces_tfidfvectorizer(smooth_idf, sublinear_tf, norm):
    docs = [["a", "b", "b", "c"], ["b", "c", "c", "c", "d"], ["a", "a", "d"], ["b"], ["e", "a"]]
    vocab = first_seen_vocabulary(docs)
    vec = TfidfVectorizer(analyzer=identity, vocabulary=vocab, smooth_idf=smooth_idf,
                          sublinear_tf=sublinear_tf, norm=norm)
    ref = vec.fit_transform(docs).toarray()
    ours = tf_idf(bag_of_words(docs, vocab), "sklearn",
                  smooth_idf=smooth_idf, sublinear_tf=sublinear_tf, norm=norm)
    np.testing.assert_allclose(ours, ref, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(idf(bag_of_words(docs, vocab), "sklearn", smooth_idf), vec.idf_, rtol=1e-13)


def test_sklearn_default_switch_and_where_it_departs_from_the_course():
    counts = bag_of_words(PRIMER_DOCS)
    ref = TfidfVectorizer(analyzer=identity).fit(PRIMER_DOCS)
    ours = tf_idf(counts, "sklearn")
    cols = [ref.vocabulary_[w] for w in first_seen_vocabulary(PRIMER_DOCS)]
    np.testing.assert_allclose(ours, ref.transform(PRIMER_DOCS).toarray()[:, cols], rtol=1e-12)
    # sklearn without smoothing or norm still adds 1 to every idf: course value + raw count
    unsmoothed = tf_idf(counts, "sklearn", smooth_idf=False, norm=None)
    np.testing.assert_allclose(unsmoothed, tf_idf(counts) + counts, rtol=1e-15)
    assert ours[0, 0] > 0 and tf_idf(counts)[0, 0] == 0  # 电影 is in every document


def test_tf_idf_bad_inputs():
    counts = np.array([[1.0, 0.0], [2.0, 0.0]])
    with pytest.raises(ValueError, match="no document"):
        tf_idf(counts)                      # ln(N / 0) has no value
    with pytest.raises(ValueError, match="no smoothing"):
        tf_idf(counts, smooth_idf=True)     # course convention refuses sklearn options
    with pytest.raises(ValueError):
        tf_idf(counts, "bm25")
    np.testing.assert_allclose(tf_idf(counts, "sklearn", smooth_idf=True)[:, 1], 0.0)


@given(corpora)
@settings(max_examples=40, deadline=None)
def test_document_frequency_matches_sklearn_binary_counts(docs):
    vocab = first_seen_vocabulary(docs)
    binary = CountVectorizer(analyzer=identity, vocabulary=vocab, binary=True).fit_transform(docs).toarray()
    np.testing.assert_array_equal(document_frequency(bag_of_words(docs, vocab)), binary.sum(axis=0))


# --------------------------------------------------------------------------- n-grams

LECTURE_CORPUS = [s.split() for s in ["I gave her a book", "I gave her a pen", "I gave her a key", "I gave him a book"]]


def test_lecture_trigram_mle_and_add_alpha():
    """Lecture §1.7–§1.8: after 'I gave', her 3/4, him 1/4, you 0; add-1 over 3 or 4 candidates."""
    tri = ngram_counts(LECTURE_CORPUS, 3)
    assert [mle_probability(tri, ("I", "gave"), w) for w in ("her", "him", "you")] == [3 / 4, 1 / 4, 0.0]
    np.testing.assert_allclose(add_alpha([3, 1, 0], alpha=1), [4 / 7, 2 / 7, 1 / 7], rtol=1e-15)
    np.testing.assert_allclose(add_alpha([3, 1, 0, 0], alpha=1), [4 / 8, 2 / 8, 1 / 8, 1 / 8], rtol=1e-15)
    assert tri[(BOS, BOS, "I")] == 4 and tri[("a", "book", EOS)] == 2


def test_primer_bigram_and_add_one():
    """Primer §5.2/§5.4: 我 喝 茶 ×2, 我 喝 水: P(茶|喝)=2/3; add-one over [茶, 水, 咖啡] gives 3/6, 2/6, 1/6."""
    corpus = [["我", "喝", "茶"], ["我", "喝", "茶"], ["我", "喝", "水"]]
    bi = ngram_counts(corpus, 2)
    assert mle_probability(bi, ["喝"], "茶") == pytest.approx(2 / 3)
    assert mle_probability(bi, ["喝"], "水") == pytest.approx(1 / 3)
    np.testing.assert_allclose(add_alpha([bi[("喝", w)] for w in ("茶", "水", "咖啡")]), [3 / 6, 2 / 6, 1 / 6])
    assert bi[(BOS, "我")] == 3 and bi[("茶", EOS)] == 2


@given(corpora, st.integers(1, 4))
@settings(max_examples=40, deadline=None)
def test_ngram_counts_by_brute_force(sentences, n):
    counts = ngram_counts(sentences, n)
    assert sum(counts.values()) == sum(len(s) + 1 for s in sentences)   # one per word plus EOS
    expected = Counter()
    for s in sentences:
        padded = [BOS] * (n - 1) + s + [EOS]
        for i in range(len(padded)):
            if i + n <= len(padded):
                expected[tuple(padded[i:i + n])] += 1
    assert counts == expected
    hist = history_counts(counts)
    for h, total in hist.items():
        dist = [c / total for g, c in counts.items() if g[:-1] == h]
        assert sum(dist) == pytest.approx(1.0)


def test_unseen_history_and_bad_smoothing_raise():
    with pytest.raises(ValueError, match="never occurs"):
        mle_probability(ngram_counts(LECTURE_CORPUS, 2), ("you",), "a")
    with pytest.raises(ValueError):
        add_alpha([0, 0], alpha=0)
    with pytest.raises(ValueError):
        add_alpha([1, 2], alpha=-1)
    with pytest.raises(ValueError):
        ngram_counts(LECTURE_CORPUS, 0)


def test_interpolation_is_a_distribution_and_checks_weights():
    p_bi, p_uni = np.array([0.75, 0.25, 0.0]), np.array([0.5, 0.3, 0.2])
    mixed = interpolate([p_bi, p_uni], [0.7, 0.3])
    np.testing.assert_allclose(mixed, 0.7 * p_bi + 0.3 * p_uni)
    assert mixed.sum() == pytest.approx(1.0) and mixed[2] > 0   # the unseen word gets mass
    for bad in ([0.7, 0.4], [1.2, -0.2]):
        with pytest.raises(ValueError):
            interpolate([p_bi, p_uni], bad)
