"""kernels.text_stats additions for primer chapters 1-3: token ids, linear scores, the negation
rule and character/byte units, each against an independent reference or a stated property."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.linear_model import LogisticRegression
from tokenizers import Tokenizer, models, pre_tokenizers

from kernels.embeddings import sigmoid
from kernels.linear_models import logistic_score
from kernels.text_stats import (bag_of_words, negation_flip_score, text_units,
                                token_ids)

VOCAB = ["电影", "剧情", "好看", "精彩", "难看", "无聊", "不"]
LEXICON = {"好看": 1.0, "精彩": 1.0, "难看": -1.0, "无聊": -1.0}
words = st.sampled_from(VOCAB + ["镜头", "惊艳"])


def hf_word_level(vocabulary, unk):
    tok = Tokenizer(models.WordLevel(vocab={t: i for i, t in enumerate(vocabulary)}, unk_token=unk))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    return tok


def test_primer_ids():
    assert token_ids(["电影", "好看"], VOCAB) == [0, 2]
    assert token_ids(["电影", "不", "好看"], VOCAB) == [0, 6, 2]
    assert token_ids(["电影", "不", "好看"], VOCAB, first_id=100) == [100, 106, 102]
    with pytest.raises(KeyError):
        token_ids(["镜头"], VOCAB)
    assert token_ids(["镜头", "惊艳"], VOCAB + ["<UNK>"], unk="<UNK>") == [7, 7]


@settings(max_examples=200, deadline=None)
@given(st.lists(words, min_size=1, max_size=8))
def test_token_ids_match_hf_word_level(tokens):
    vocab = VOCAB + ["<UNK>"]
    ref = hf_word_level(vocab, "<UNK>").encode(" ".join(tokens)).ids
    assert token_ids(tokens, vocab, unk="<UNK>") == ref


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(VOCAB), min_size=1, max_size=8), st.integers(-50, 500), st.permutations(VOCAB))
def test_renumbering_changes_ids_not_content(tokens, first, order):
    """Any offset or any order of the table: decoding the ids gives back the same tokens."""
    ids = token_ids(tokens, order, first_id=first)
    assert [order[i - first] for i in ids] == tokens
    assert [i - first for i in ids] == token_ids(tokens, order)


def test_token_ids_bad_inputs():
    with pytest.raises(ValueError, match="twice"):
        token_ids(["a"], ["a", "a"])
    with pytest.raises(ValueError, match="not in the vocabulary"):
        token_ids(["a"], ["a"], unk="<UNK>")


@pytest.mark.parametrize("bias", [0.0, -0.5, 1.25])
def test_logistic_score_and_sigmoid_match_sklearn_logistic_regression(bias):
    rng = np.random.default_rng(0)
    X = rng.integers(0, 3, size=(20, 7)).astype(float)
    w = rng.normal(size=7)
    clf = LogisticRegression()
    clf.coef_, clf.intercept_, clf.classes_ = w[None, :], np.array([bias]), np.array([0, 1])
    np.testing.assert_allclose(logistic_score(w, X, bias), clf.decision_function(X), rtol=1e-13, atol=1e-13)
    np.testing.assert_allclose(sigmoid(logistic_score(w, X, bias)), clf.predict_proba(X)[:, 1], rtol=1e-12)


@settings(max_examples=200, deadline=None)
@given(st.lists(words, min_size=1, max_size=8))
def test_without_negators_the_rule_is_the_bag_of_words_score(tokens):
    weights = [LEXICON.get(t, 0.0) for t in VOCAB]
    bow = bag_of_words([tokens], VOCAB)[0]
    assert negation_flip_score(tokens, LEXICON, negators=()) == pytest.approx(float(logistic_score(weights, bow)[0]))


@settings(max_examples=200, deadline=None)
@given(st.lists(words, min_size=1, max_size=8))
def test_negation_flips_exactly_the_words_after_a_negator(tokens):
    plain = negation_flip_score(tokens, LEXICON, negators=())
    after = sum(LEXICON.get(t, 0.0) for prev, t in zip(tokens, tokens[1:]) if prev == "不")
    assert negation_flip_score(tokens, LEXICON) == pytest.approx(plain - 2 * after)


def test_negation_rule_on_the_primer_reviews():
    assert negation_flip_score(["电影", "不", "好看"], LEXICON) == -1.0
    assert negation_flip_score(["电影", "不", "难看"], LEXICON) == 1.0
    assert negation_flip_score(["电影", "好看"], LEXICON) == 1.0


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=0, max_size=20))
def test_text_units_round_trip(text):
    assert "".join(text_units(text, "char")) == text
    assert bytes(text_units(text, "byte")).decode("utf-8") == text
    assert all(0 <= b <= 255 for b in text_units(text, "byte"))


def test_common_chinese_characters_are_three_bytes():
    assert len(text_units("电影不好看", "char")) == 5
    assert len(text_units("电影不好看", "byte")) == 15
    assert text_units("电", "byte") == list("电".encode("utf-8"))
    with pytest.raises(ValueError):
        text_units("a", "word")
