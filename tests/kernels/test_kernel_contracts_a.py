"""Contract tests for kernels.language_models, kernels.markov_source, kernels.fact_task, kernels.first_clue
and kernels.tiny_decoder (issue 20's mutation survivors): each test checks a documented rule (docstring,
tie rule, boundary, the lab's published output) against an independent computation or a property."""
import math

import numpy as np
import pytest
import torch

from kernels.fact_task import (OTHER, FactDecoder, FactDecoderConfig, capacity, position_sweep, training_pairs)
from kernels.fact_task import pair_both_correct as fact_pair_both_correct
from kernels.first_clue import (ClueClassifier, Split, evaluate, generate_first_clue, hashed_suffix_predictor,
                                make_model, suffix_lookup_predictor, train_classifier)
from kernels.language_models import (RecurrentLM, Vocabulary, WindowLM, distinct_n, next_token_logits,
                                     parameter_count, train_lm)
from kernels.markov_source import (EOS, MarkovSource, entropy_floor, random_source, sample_sentences,
                                   sentence_nll)
from kernels.tiny_decoder import DecoderConfig, KVCache, TinyDecoder


pytestmark = pytest.mark.usefixtures("one_thread")   # tests/conftest.py


# --------------------------------------------------------------------------- kernels.language_models

@pytest.mark.parametrize("make", [lambda n: WindowLM(n, k=2), lambda n: RecurrentLM(n, "lstm")])
def test_next_token_logits_are_the_last_position_of_a_bos_prefixed_forward(make):
    """Docstring: logits over [EOS] + words after [BOS] + prefix, in that order."""
    vocabulary = Vocabulary(("a", "b", "c"))
    torch.manual_seed(3)
    model = make(len(vocabulary.tokens)).double()
    index = {t: i for i, t in enumerate(vocabulary.tokens)}
    for prefix in ([], ["a"], ["c", "b", "a"]):
        full = model(torch.tensor([[index["<BOS>"]] + [index[w] for w in prefix]]))[0, -1].detach().double()
        expected = full[[index[EOS], index["a"], index["b"], index["c"]]].numpy()
        np.testing.assert_allclose(next_token_logits(model, prefix, vocabulary), expected, rtol=0, atol=1e-12)


def _distinct_reference(sequences, n):
    grams = []
    for s in sequences:
        grams += [tuple(s[i:i + n]) for i in range(len(s)) if i + n <= len(s)]
    return len(set(grams)) / len(grams)


def test_distinct_n_counts_only_full_n_grams():
    seqs = [["a", "b", "a", "b"], ["b", "a", "c"], ["a", "a"]]
    for n in (1, 2, 3):
        assert distinct_n(seqs, n) == pytest.approx(_distinct_reference(seqs, n))
    assert distinct_n([["a", "b", "a", "b"]], 2) == pytest.approx(2 / 3)   # (a,b) (b,a) (a,b)
    with pytest.raises(ValueError, match="long enough"):
        distinct_n([["a"], ["b"]], 2)   # no sequence holds a bigram


def test_window_and_recurrent_models_default_to_the_same_widths_as_the_lab_reports():
    """Lab route B: the window MLP, RNN and LSTM have the same widths; its printed parameter counts over
    the 9-token vocabulary (6 words + PAD, BOS, EOS) are 1497, 2041 and 6841."""
    n = len(Vocabulary(("cat", "dog", "sees", "runs", "the", "big")).tokens)
    window, rnn, lstm = WindowLM(n, k=2), RecurrentLM(n, "rnn"), RecurrentLM(n, "lstm")
    assert window.hidden.out_features == rnn.rnn.hidden_size == lstm.rnn.hidden_size
    assert window.embed.embedding_dim == rnn.embed.embedding_dim == lstm.embed.embedding_dim
    assert [parameter_count(m) for m in (window, rnn, lstm)] == [1497, 2041, 6841]


def test_predictable_ids_are_eos_and_the_words():
    vocabulary = Vocabulary(("x", "y"))
    assert [vocabulary.tokens[i] for i in vocabulary.predictable] == [EOS, "x", "y"]


def test_train_lm_first_loss_is_the_mean_token_nll_of_the_untrained_model():
    """Docstring: Adam on the mean per-token NLL of minibatches; one loss per update. With one training
    sentence every minibatch is that sentence, so the first loss is its mean NLL (EOS included) under the
    initial model, with PAD and BOS never predicted."""
    vocabulary = Vocabulary(("a", "b", "c"))
    sentence = ["b", "a", "c", "c"]
    torch.manual_seed(1)
    model = RecurrentLM(len(vocabulary.tokens), "rnn").double()
    ids = [vocabulary.tokens.index(w) for w in sentence]
    with torch.no_grad():
        logits = model(torch.tensor([[1] + ids]))[0]
        log_p = torch.log_softmax(logits[:, 2:], dim=-1)          # over EOS and the words only
        targets = torch.tensor(ids + [2]) - 2
        expected = float(-log_p[torch.arange(len(targets)), targets].mean())
    losses = train_lm(model, [sentence], vocabulary, updates=25, seed=0, batch_size=3, lr=0.05)
    assert len(losses) == 25
    assert losses[0] == pytest.approx(expected, rel=1e-10)
    assert losses[-1] < 0.5 * losses[0]      # it learns the one sentence


# --------------------------------------------------------------------------- kernels.markov_source

def test_the_lab_source_reproduces_the_published_floor():
    """Lab route B prints, for random_source(WORDS, seed=20261130) with the default settings: exact floor
    1.3652 nats/token, PPL 3.9164, and 1122 scored tokens in 200 held-out sentences (seed 2)."""
    source = random_source(("cat", "dog", "sees", "runs", "the", "big"), seed=20261130)
    floor = entropy_floor(source)
    assert floor.per_token == pytest.approx(1.3652, abs=5e-5)
    assert floor.perplexity == pytest.approx(3.9164, abs=5e-5)
    assert sum(len(s) + 1 for s in sample_sentences(source, 200, seed=2)) == 1122


def test_random_source_has_the_requested_eos_chance_after_every_word():
    for eos in (0.1, 0.5):
        source = random_source(list("abcd"), seed=1, eos_probability=eos)
        np.testing.assert_allclose(source.transition[:, -1], eos, rtol=0, atol=1e-12)
        # constant EOS chance e: words per sentence are geometric with mean 1/e, plus the EOS
        assert entropy_floor(source).tokens_per_sentence == pytest.approx(1 / eos + 1)


def test_only_an_all_zero_eos_column_is_refused():
    start = np.array([0.5, 0.5])
    never_ends = np.array([[0.5, 0.5, 0.0], [0.3, 0.7, 0.0]])
    with pytest.raises(ValueError, match="EOS column"):
        MarkovSource(("a", "b"), start, never_ends)
    # word "b" is never reached (its column is all zero) but EOS is: a valid source
    MarkovSource(("a", "b"), start, np.array([[0.5, 0.0, 0.5], [0.6, 0.0, 0.4]]))


def test_a_wrong_shape_is_refused_with_the_expected_shapes():
    with pytest.raises(ValueError, match=r"start must be \(3,\) and transition \(3, 4\)"):
        MarkovSource(("a", "b", "c"), np.full(3, 1 / 3), np.full((3, 3), 1 / 3))


def test_sentence_nll_of_a_certain_path_is_zero_and_of_an_impossible_one_infinite():
    # a -> b -> EOS with probability one each; the first word is always a
    source = MarkovSource(("a", "b"), np.array([1.0, 0.0]), np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]))
    assert sentence_nll(source, ["a", "b"]) == (0.0, 3)
    assert sentence_nll(source, ["b"]) == (math.inf, 2)


def test_sentence_nll_is_the_product_of_the_chain_probabilities():
    source = random_source(list("abc"), seed=4)
    w = {t: i for i, t in enumerate("abc")}
    words = ["b", "a", "a", "c"]
    p = source.start[w["b"]] * source.transition[w["b"], w["a"]] * source.transition[w["a"], w["a"]] \
        * source.transition[w["a"], w["c"]] * source.transition[w["c"], -1]
    nll, n = sentence_nll(source, words)
    assert n == 5 and nll == pytest.approx(-math.log(p), rel=1e-12)
    # continuing after a prefix: the first word is scored by the prefix's last word's row
    nll, n = sentence_nll(source, ["c"], given=["a"])
    assert n == 2 and nll == pytest.approx(-math.log(source.transition[w["a"], w["c"]] * source.transition[w["c"], -1]))


# --------------------------------------------------------------------------- kernels.fact_task

def test_fact_task_pair_both_correct_is_the_share_of_fully_right_pairs():
    pair_ids = np.array([3, 0, 3, 1, 0, 1, 2, 2])
    correct = np.array([True, True, True, False, True, True, False, False])
    # pair 0: both, pair 1: one, pair 2: none, pair 3: both
    assert fact_pair_both_correct(correct, pair_ids) == 0.5
    assert fact_pair_both_correct(np.ones(8, bool), pair_ids) == 1.0
    assert fact_pair_both_correct(np.array([True, False] * 4), np.repeat(np.arange(4), 2)) == 0.0


def _distractors_around_the_fact(d):
    before, after = [], []
    for row, at in zip(d["tokens"][::2], d["fact_at"][::2]):
        others = np.flatnonzero(row == OTHER)
        before.append(int((others < at).sum()))
        after.append(int((others > at).sum()))
    return np.array(before), np.array(after), d["fact_at"][::2]


def test_training_distractor_counts_run_from_zero_up_to_the_limits():
    """Docstring: distractor counts uniform up to max_before / max_after (as far as they fit)."""
    before, after, at = _distractors_around_the_fact(training_pairs(11, 600, first_fact=0, max_before=3,
                                                                    max_after=6))
    assert (before <= np.minimum(3, [capacity(0, a) for a in at])).all()
    assert (after <= np.minimum(6, [capacity(a + 2, 31) for a in at])).all()
    assert set(before.tolist()) == {0, 1, 2, 3} and set(after.tolist()) == set(range(7))
    assert (before[at < 2] == 0).all() and (at < 2).any()     # nothing fits in front of a fact at 0 or 1
    roomy = before[at >= 6]                                  # all four counts fit: roughly a quarter each
    shares = np.bincount(roomy, minlength=4) / len(roomy)
    assert (np.abs(shares - 0.25) < 0.08).all()
    none_before, _, _ = _distractors_around_the_fact(training_pairs(12, 50, max_before=0, max_after=6))
    assert (none_before == 0).all()


def test_every_fact_start_reaches_as_many_distractors_as_fit_on_each_side():
    """At every start the counts reach min(max_before, what fits in front of the fact) and
    min(max_after, what fits between it and QUERY at LENGTH - 1 = 31)."""
    before, after, at = _distractors_around_the_fact(training_pairs(13, 1500, first_fact=0, max_before=3,
                                                                    max_after=6))
    for a in range(0, 30):
        assert before[at == a].max() == min(3, a // 2), a                # positions 0..a-1
        assert after[at == a].max() == min(6, (31 - (a + 2)) // 2), a     # positions a+2..30


def test_position_sweep_accepts_exactly_as_many_distractors_as_fit():
    for at in (0, 12):
        fit = capacity(0, at) + capacity(at + 2, 31)
        d = position_sweep(2, (at,), 5, distractors=fit)
        assert ((d["tokens"] == OTHER).sum(axis=1) == fit).all()
        with pytest.raises(ValueError, match="do not fit"):
            position_sweep(2, (at,), 5, distractors=fit + 1)


def _hookless_grads(model, tokens, labels):
    """Gradients through fresh leaf copies of the parameters (no hooks attached): plain autograd."""
    params = {name: p.detach().clone().requires_grad_(True) for name, p in model.named_parameters()}
    out = torch.func.functional_call(model, params, (tokens,))
    torch.nn.functional.cross_entropy(out, labels).backward()
    return {name: p.grad for name, p in params.items()}


def test_the_key_bias_gradient_is_zeroed_and_every_other_gradient_is_untouched():
    torch.manual_seed(0)
    config = FactDecoderConfig(width=8, heads=2, layers=2, ffn=16)
    model = FactDecoder(config).double()
    d = training_pairs(1, 4)
    tokens, labels = torch.from_numpy(d["tokens"]), torch.from_numpy(d["labels"])
    reference = _hookless_grads(model, tokens, labels)
    torch.nn.functional.cross_entropy(model(tokens), labels).backward()
    w = config.width
    for name, p in model.named_parameters():
        if name.endswith("self_attn.in_proj_bias"):
            assert (p.grad[w:2 * w] == 0).all()
            # the comment's claim: the true gradient of the key bias is zero up to rounding
            assert reference[name][w:2 * w].abs().max() < 1e-12 * reference[name].abs().max()
            torch.testing.assert_close(p.grad[:w], reference[name][:w], rtol=0, atol=0)
            torch.testing.assert_close(p.grad[2 * w:], reference[name][2 * w:], rtol=0, atol=0)
        else:
            torch.testing.assert_close(p.grad, reference[name], rtol=0, atol=0)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.1)
    optimizer.step()
    for block in model.blocks:   # held at its initial zero
        assert (block.self_attn.in_proj_bias[w:2 * w] == 0).all()


# --------------------------------------------------------------------------- kernels.first_clue

def test_suffix_lookup_is_the_majority_label_per_suffix_with_ties_to_zero():
    rows = [([0, 5, 6], 0), ([1, 5, 6], 1),                    # suffix (5, 6): tie -> 0
            ([0, 7, 7], 1), ([1, 7, 7], 1), ([0, 7, 7], 0),    # (7, 7): two of three are 1 -> 1
            ([1, 8, 9], 0), ([0, 8, 9], 0), ([1, 8, 9], 1),    # (8, 9): two of three are 0 -> 0
            ([1, 9, 9], 1)]                                    # (9, 9): one vote for 1 -> 1
    tokens = np.array([r for r, _ in rows], dtype=np.int64)
    labels = np.array([l for _, l in rows], dtype=np.int64)
    split = Split(tokens, labels, np.arange(len(rows), dtype=np.int64))
    predict = suffix_lookup_predictor(split, clue_position=0)
    queries = np.array([[1, 5, 6], [0, 7, 7], [0, 8, 9], [0, 9, 9], [1, 6, 5]], dtype=np.int64)
    assert predict(queries).tolist() == [0, 1, 0, 1, 0]       # an unseen suffix -> 0


def test_make_model_is_the_classifier_built_right_after_seeding():
    """Docstring: a fresh classifier whose initial values depend only on seed (torch.manual_seed first)."""
    for cell in ("rnn", "lstm"):
        made = make_model(cell, 11, seed=5)
        torch.manual_seed(5)
        direct = ClueClassifier(cell, 11)
        assert made.sizes == direct.sizes
        for (name, a), (_, b) in zip(made.state_dict().items(), direct.state_dict().items()):
            assert torch.equal(a, b), name


def test_train_classifier_batches_come_from_default_rng_1000_plus_seed():
    """Docstring: each update draws batch_size distinct samples from numpy default_rng(1000 + seed)."""
    split = generate_first_clue(3, 4, 12, 2)["train"]
    seed, updates, batch_size, lr = 4, 4, 5, 0.05
    trained = make_model("rnn", 11, seed=0, embed=3, hidden=4, dtype=torch.float64)
    log = train_classifier(trained, split, updates=updates, batch_size=batch_size, learning_rate=lr,
                           clip=None, clip_threshold=1.0, seed=seed)
    reference = make_model("rnn", 11, seed=0, embed=3, hidden=4, dtype=torch.float64)
    optimizer = torch.optim.Adam(reference.parameters(), lr=lr)
    rng = np.random.default_rng(1000 + seed)
    tokens, labels = torch.from_numpy(split.tokens), torch.from_numpy(split.labels)
    losses = []
    for _ in range(updates):
        batch = torch.from_numpy(rng.choice(len(split), batch_size, replace=False))
        loss = torch.nn.functional.cross_entropy(reference(tokens[batch]), labels[batch])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(float(loss.detach()))
    np.testing.assert_allclose(log.losses, losses, rtol=1e-12, atol=0)
    for a, b in zip(trained.parameters(), reference.parameters()):
        torch.testing.assert_close(a, b, rtol=1e-12, atol=1e-14)


def test_hashed_suffix_rule_reads_the_whole_suffix_and_nothing_before_it():
    clue_position = 2
    base = np.array([4, 4, 0, 5, 6, 7, 9], dtype=np.int64)
    other_clue = base.copy(); other_clue[:clue_position + 1] = [1, 2, 1]
    first_suffix_token = base.copy(); first_suffix_token[clue_position + 1] = 8
    rows = np.stack([base, other_clue, first_suffix_token])
    answers = np.array([hashed_suffix_predictor(clue_position, salt)(rows) for salt in range(16)])
    assert set(answers.ravel().tolist()) <= {0, 1}
    assert (answers[:, 0] == answers[:, 1]).all()          # the clue and what precedes it are not read
    assert (answers[:, 0] != answers[:, 2]).any()          # the first token after the clue is


def test_evaluate_scores_the_argmax_of_the_logits():
    data = generate_first_clue(5, 3, 6, 10)
    split = data["test"]
    model = make_model("lstm", len(data["vocabulary"]), seed=0, embed=3, hidden=4, dtype=torch.float64)
    with torch.no_grad():
        model.head.weight.mul_(20)             # an untrained head is near-constant: spread the answers
        logits = model(torch.from_numpy(split.tokens)).numpy()
    predictions = (logits[:, 1] > logits[:, 0]).astype(np.int64)
    assert (predictions == 0).any() and (predictions == 1).any()
    result = evaluate(model, split)
    np.testing.assert_array_equal(result.predictions, predictions)
    assert result.accuracy == pytest.approx(np.mean(predictions == split.labels))
    pairs = np.unique(split.pairs)
    both = [np.all(predictions[split.pairs == p] == split.labels[split.pairs == p]) for p in pairs]
    differ = [predictions[split.pairs == p][0] != predictions[split.pairs == p][1] for p in pairs]
    assert result.pair_both_correct == pytest.approx(np.mean(both))
    assert result.pair_differs == pytest.approx(np.mean(differ))


# --------------------------------------------------------------------------- kernels.tiny_decoder

def test_token_ids_must_lie_in_the_vocabulary():
    model = TinyDecoder(DecoderConfig(vocab=7))
    assert model.forward([0, 6, 3]).shape == (3, 7)
    for bad in ([0, 7], [7], [-1, 2]):
        with pytest.raises(ValueError, match=r"token ids must lie in 0\.\.6"):
            model.forward(bad)
    with pytest.raises(ValueError, match="token ids must lie in"):
        model.decode_step(7, model.prefill([1, 2])[1])


def test_positions_up_to_max_positions_minus_one_are_accepted():
    model = TinyDecoder(DecoderConfig(vocab=5, max_positions=6))
    assert model.forward([1, 2, 3, 4, 0, 1]).shape == (6, 5)          # positions 0..5: the whole table
    with pytest.raises(ValueError, match="position 6 exceeds max_positions=6"):
        model.forward([1, 2, 3, 4, 0, 1, 2])
    logits, cache = model.prefill([1, 2, 3, 4, 0])
    np.testing.assert_allclose(model.decode_step(1, cache), model.forward([1, 2, 3, 4, 0, 1])[-1], atol=1e-12)
    with pytest.raises(ValueError, match="position 6 exceeds max_positions=6"):
        model.decode_step(2, cache)


def test_a_long_prefill_matches_full_recomputation_and_keeps_decoding():
    model = TinyDecoder(DecoderConfig(vocab=11, layers=1))
    tokens = np.random.default_rng(0).integers(0, 11, size=150).tolist()
    logits, cache = model.prefill(tokens)
    full = model.forward(tokens + [3, 4])
    np.testing.assert_allclose(logits, full[:150], rtol=0, atol=1e-10)
    assert cache.length == 150
    np.testing.assert_allclose(model.decode_step(3, cache), full[150], rtol=0, atol=1e-10)
    np.testing.assert_allclose(model.decode_step(4, cache), full[151], rtol=0, atol=1e-10)
    states = model.prefill_states(tokens)
    np.testing.assert_array_equal(states[0][0], cache.keys(0)[:, :150])


def test_the_cache_doubles_its_capacity_when_full_and_keeps_what_it_held():
    """KVCache docstring: appending writes into spare capacity, doubled when full."""
    cache = KVCache(1, 2, 3, capacity=4)
    rng = np.random.default_rng(0)
    written, capacities = [], []
    for _ in range(9):
        k = rng.normal(size=(2, 1, 3))
        cache.append(0, k, -k)
        written.append(k)
        capacities.append(cache._k[0].shape[1])
    assert capacities == [4, 4, 4, 4, 8, 8, 8, 8, 16]
    big = rng.normal(size=(2, 30, 3))          # more than double: grows to what is needed
    cache.append(0, big, -big)
    written.append(big)
    assert cache._k[0].shape[1] == 39 and cache.length == 39
    np.testing.assert_array_equal(cache.keys(0), np.concatenate(written, axis=1))
    np.testing.assert_array_equal(cache.values(0), -np.concatenate(written, axis=1))


def _reference_logits(model, tokens, causal=True):
    """The module docstring's architecture in torch, written independently: embedding + sinusoidal
    positions, pre-LN blocks x += W_o MHA(LN(x)), x += FFN(LN(x)) with the original Transformer's ReLU FFN,
    final LN, head."""
    F = torch.nn.functional
    t = lambda a: torch.as_tensor(a, dtype=torch.float64)
    n, width, heads = len(tokens), model.config.width, model.config.heads
    p = torch.arange(n, dtype=torch.float64)[:, None]
    angle = p / 10000.0 ** (torch.arange(0, width, 2, dtype=torch.float64) / width)
    pe = torch.stack([torch.sin(angle), torch.cos(angle)], dim=-1).reshape(n, width)
    x = t(model.embedding)[torch.as_tensor(tokens)] + pe
    ln = lambda z: F.layer_norm(z, (width,), eps=1e-5)
    for b in model.blocks:
        h = ln(x)
        q, k, v = ((h @ t(b[w])).reshape(n, heads, -1).transpose(0, 1) for w in ("W_q", "W_k", "W_v"))
        read = F.scaled_dot_product_attention(q, k, v, is_causal=causal)
        x = x + read.transpose(0, 1).reshape(n, width) @ t(b["W_o"])
        x = x + F.relu(ln(x) @ t(b["W_1"]) + t(b["b_1"])) @ t(b["W_2"]) + t(b["b_2"])
    return (ln(x) @ t(model.head)).numpy()


@pytest.mark.parametrize("causal", [True, False])
def test_forward_matches_an_independent_torch_reference(causal):
    model = TinyDecoder(DecoderConfig(vocab=13, layers=2, width=8, heads=2, ffn=16, seed=3))
    tokens = [4, 0, 12, 7, 7, 1, 9]
    np.testing.assert_allclose(model.forward(tokens, causal=causal), _reference_logits(model, tokens, causal),
                               rtol=0, atol=1e-10)


def test_the_cached_greedy_continuation_is_the_one_lab_route_g_prints():
    """Lab route G prints, for DecoderConfig(vocab=2048, layers=4, width=384, heads=6, ffn=1536,
    seed=20261130, max_positions=512) and its 32-token prompt of seed 7, the greedy continuation
    [870, 1792, 1357, 667, 1259, 1259, 1259, 1259] on both paths."""
    from labs.route_g import prompt

    config = DecoderConfig(vocab=2048, layers=4, width=384, heads=6, ffn=1536, seed=20261130, max_positions=512)
    model = TinyDecoder(config)
    logits, cache = model.prefill(prompt(config, 32, 7))
    out = [int(np.argmax(logits[-1]))]
    for _ in range(7):
        out.append(int(np.argmax(model.decode_step(out[-1], cache))))
    assert out == [870, 1792, 1357, 667, 1259, 1259, 1259, 1259]
