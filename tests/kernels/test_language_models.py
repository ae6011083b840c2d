"""kernels.markov_source and kernels.language_models (lab route B): the exact entropy floor against
simulation and brute-force enumeration, n-gram distributions, and the torch models' held-out NLL
against torch.nn.functional.cross_entropy."""
import itertools
import math

import numpy as np
import pytest
import torch

from kernels.language_models import (NgramModel, RecurrentLM, Vocabulary, WindowLM, held_out_nll,
                                     teacher_forcing_batch)
from kernels.markov_source import (MarkovSource, entropy_floor, random_source, sample_sentences,
                                   sentence_nll)


def test_floor_matches_a_long_simulation():
    source = random_source(list("abcdef"), seed=7)
    sentences = sample_sentences(source, 8000, seed=1)
    total = sum(sentence_nll(source, s)[0] for s in sentences)
    tokens = sum(len(s) + 1 for s in sentences)
    assert total / tokens == pytest.approx(entropy_floor(source).per_token, rel=0.02)
    assert tokens / len(sentences) == pytest.approx(entropy_floor(source).tokens_per_sentence, rel=0.02)


def test_floor_matches_brute_force_enumeration():
    """Sum p log p and p * length over every sentence of up to 14 words of a two-word chain whose
    sentences end quickly (the mass beyond 14 words is below 0.3^14, about 5e-8)."""
    source = MarkovSource(("a", "b"), np.array([0.7, 0.3]),
                          np.array([[0.1, 0.1, 0.8], [0.2, 0.1, 0.7]]))
    nll = length = mass = 0.0
    for n in range(1, 15):
        for words in itertools.product("ab", repeat=n):
            cost, predictions = sentence_nll(source, words)
            p = math.exp(-cost)
            nll, length, mass = nll + p * cost, length + p * predictions, mass + p
    assert mass == pytest.approx(1.0, abs=1e-7)
    floor = entropy_floor(source)
    assert floor.sentence_nll == pytest.approx(nll, rel=1e-5)
    assert floor.tokens_per_sentence == pytest.approx(length, rel=1e-5)


def test_a_source_that_never_ends_is_refused():
    with pytest.raises(ValueError, match="EOS"):
        MarkovSource(("a",), np.array([1.0]), np.array([[1.0, 0.0]]))


def test_bigram_add_alpha_by_hand():
    """Corpus 'a b', 'a': after 'a' the candidates EOS, a, b were seen 1, 0, 1 times."""
    vocabulary = Vocabulary(("a", "b"))
    model = NgramModel([["a", "b"], ["a"]], vocabulary, weights=[0.0, 1.0], alpha=1.0)
    np.testing.assert_allclose(model.distribution(["a"]), [2 / 5, 1 / 5, 2 / 5])
    np.testing.assert_allclose(model.distribution([]), [1 / 5, 3 / 5, 1 / 5])  # after BOS: 'a' twice
    mixed = NgramModel([["a", "b"], ["a"]], vocabulary, weights=[0.25, 0.25, 0.5], alpha=0.5)
    assert mixed.distribution(["a", "b"]).sum() == pytest.approx(1.0)


@pytest.mark.parametrize("make", [lambda n: WindowLM(n, k=3), lambda n: RecurrentLM(n, "rnn"),
                                  lambda n: RecurrentLM(n, "lstm")])
def test_held_out_nll_matches_cross_entropy(make):
    torch.manual_seed(0)
    vocabulary = Vocabulary(tuple("abcd"))
    sentences = [list("abca"), list("d"), list("bb")]
    model = make(len(vocabulary.tokens))
    total, count = held_out_nll(model, sentences, vocabulary)
    inputs, targets = teacher_forcing_batch(sentences, vocabulary)
    with torch.no_grad():
        logits = model(inputs).double()
    logits[..., :2] = float("-inf")          # PAD and BOS are never predicted
    reference = torch.nn.functional.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0,
                                                  reduction="sum")
    assert count == sum(len(s) + 1 for s in sentences)
    assert total == pytest.approx(float(reference), rel=1e-6)


def test_window_model_sees_only_its_window():
    torch.manual_seed(1)
    model = WindowLM(7, k=2)
    a = torch.tensor([[1, 3, 4, 5, 6]])
    b = torch.tensor([[1, 6, 4, 5, 6]])        # differs at position 1 only
    with torch.no_grad():
        out_a, out_b = model(a), model(b)
    assert not torch.allclose(out_a[0, 2], out_b[0, 2])   # position 2 reads positions 1 and 2
    assert torch.equal(out_a[0, 3:], out_b[0, 3:])        # later positions never see position 1
