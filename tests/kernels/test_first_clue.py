"""The paired first-clue and key-in-box tasks (lecture §8.4 route C, §2.11–2.12): the suffix cannot
carry the answer (and the check notices when a generator breaks that), the torch classifiers match
an independent numpy forward through kernels/recurrent.py, autograd matches central differences,
torch's clipping matches the kernel's formula, training is deterministic."""
import dataclasses

import numpy as np
import pytest
import torch

from kernels.first_clue import (CLUES, COLORS, KEY_CLUE_POSITION, Split, clue_reader, data_sha256, evaluate,
                                generate_first_clue, generate_key_in_box, gradient_check_model, hashed_suffix_predictor,
                                make_model, numpy_logits, pair_both_correct, pair_problems, parameter_count,
                                seed_spread, suffix_lookup_predictor, train_classifier)
from kernels.recurrent import clip_global_norm, recurrent_parameter_count


pytestmark = pytest.mark.usefixtures("one_thread")   # tests/conftest.py


def _tasks():
    yield "first_clue d=5", generate_first_clue(7, 5, 40, 20), CLUES
    yield "first_clue d=40", generate_first_clue(8, 40, 40, 20), CLUES
    yield "key_in_box 3 events", generate_key_in_box(9, 3, 40, 20), COLORS


def _suffix_only_scores(data):
    """pair-both-correct of the strongest suffix-only rule and of a few arbitrary ones, per split."""
    scores = []
    for name in ("train", "test"):
        split = data[name]
        rules = [suffix_lookup_predictor(split, data["clue_position"])] + \
                [hashed_suffix_predictor(data["clue_position"], salt) for salt in range(8)]
        scores += [pair_both_correct(rule(split.tokens), split.labels, split.pairs) for rule in rules]
    return scores


@pytest.mark.parametrize("name,data,clues", list(_tasks()), ids=[t[0] for t in _tasks()])
def test_no_suffix_only_rule_gets_a_pair_right(name, data, clues):
    assert pair_problems(data) == []
    assert max(_suffix_only_scores(data)) == 0.0
    # and each of them is right on exactly half of the samples (one member of every pair)
    split = data["test"]
    lookup = suffix_lookup_predictor(split, data["clue_position"])(split.tokens)
    assert np.mean(lookup == split.labels) == 0.5
    # the metric is not zero for everything: reading the clue gets every pair right
    reader = clue_reader(split, data["clue_position"], data["vocabulary"], clues)
    assert pair_both_correct(reader, split.labels, split.pairs) == 1.0


def _replace(data, name, **arrays):
    return {**data, name: dataclasses.replace(data[name], **arrays)}


def test_a_broken_generator_is_caught():
    data = generate_first_clue(7, 5, 40, 20)
    split = data["test"]
    # 1. the second member of every pair gets a fresh suffix: the lookup table now answers both
    tokens = split.tokens.copy()
    rng = np.random.default_rng(0)
    second = np.arange(1, len(split), 2)
    tokens[second, 1:-1] = rng.integers(2, 10, size=(len(second), tokens.shape[1] - 2))
    broken = _replace(data, "test", tokens=tokens)
    assert any("suffixes after the clue differ" in p for p in pair_problems(broken))
    assert max(_suffix_only_scores(broken)) > 0.5
    # 2. a distractor leaks the label (last distractor = clue token)
    tokens = split.tokens.copy()
    tokens[:, -2] = tokens[:, 0]
    leaked = _replace(data, "test", tokens=tokens)
    assert pair_problems(leaked)
    assert max(_suffix_only_scores(leaked)) == 1.0
    # 3. both members of a pair with the same label, and unbalanced labels
    labels = split.labels.copy()
    labels[:2] = 0
    assert any("both samples have label" in p for p in pair_problems(_replace(data, "test", labels=labels)))
    # 4. a pair whose members sit in different splits
    pairs = data["test"].pairs.copy()
    pairs[0] = data["train"].pairs[0]
    problems = pair_problems(_replace(data, "test", pairs=pairs))
    assert any("in both train and test" in p for p in problems)


def test_generators_are_seeded_balanced_and_the_members_differ_only_at_the_clue():
    a, b = generate_first_clue(3, 10, 30, 10), generate_first_clue(3, 10, 30, 10)
    assert data_sha256(a) == data_sha256(b) != data_sha256(generate_first_clue(4, 10, 30, 10))
    assert a["train"].tokens.shape == (60, 12) and a["test"].tokens.shape == (20, 12)
    assert not set(a["train"].pairs) & set(a["test"].pairs)
    key = generate_key_in_box(3, 4, 30, 10)
    assert key["train"].tokens.shape[1] == KEY_CLUE_POSITION + 1 + 2 + 3 * 4 + 6
    for data in (a, key):
        split = data["train"]
        diff = split.tokens[0::2] != split.tokens[1::2]
        assert diff[:, data["clue_position"]].all() and diff.sum() == len(split) // 2
        assert split.labels.sum() * 2 == len(split)
    with pytest.raises(ValueError, match="distance must be an integer >= 1"):
        generate_first_clue(0, 0, 10, 10)


@pytest.mark.parametrize("cell", ["rnn", "lstm"])
def test_torch_classifier_matches_the_numpy_cells_and_counts_its_parameters(cell):
    data = generate_key_in_box(1, 2, 4, 3)
    model = make_model(cell, len(data["vocabulary"]), seed=5, embed=3, hidden=4, dtype=torch.float64)
    with torch.no_grad():   # non-zero biases so the bias layout is exercised
        for p in model.parameters():
            p.add_(0.1 * torch.randn_like(p))
        torch_logits = model(torch.as_tensor(data["test"].tokens)).numpy()
    assert np.max(np.abs(numpy_logits(model, data["test"].tokens) - torch_logits)) < 1e-12
    V = len(data["vocabulary"])
    assert parameter_count(model) == V * 3 + recurrent_parameter_count(cell, 3, 4, biases=2) + 4 * 2 + 2


@pytest.mark.parametrize("cell", ["rnn", "lstm"])
def test_autograd_matches_central_differences(cell):
    data = generate_first_clue(2, 4, 3, 3)
    model = make_model(cell, len(data["vocabulary"]), seed=1, embed=3, hidden=4, dtype=torch.float64)
    check = gradient_check_model(model, data["test"].tokens, data["test"].labels)
    assert check.relative_error < 1e-7 and check.analytic.shape == (parameter_count(model),)
    with pytest.raises(ValueError, match="float64"):
        gradient_check_model(make_model(cell, 11, seed=1), data["test"].tokens, data["test"].labels)


def test_torch_clipping_is_the_kernels_global_norm_formula():
    rng = np.random.default_rng(0)
    for scale in (0.01, 10.0):
        grads = [rng.normal(size=s) * scale for s in ((3, 4), (5,), (2, 2))]
        tensors = [torch.nn.Parameter(torch.zeros(g.shape, dtype=torch.float64)) for g in grads]
        for t, g in zip(tensors, grads):
            t.grad = torch.tensor(g)
        norm = torch.nn.utils.clip_grad_norm_(tensors, 1.0)
        ref = clip_global_norm(grads, 1.0)
        assert abs(float(norm) - ref.norm_before) < 1e-12
        for t, g in zip(tensors, ref.grads):
            assert np.allclose(t.grad.numpy(), g, rtol=1e-5, atol=0)   # torch adds 1e-6 to the norm


def test_training_is_deterministic_and_counts_clipped_updates():
    data = generate_first_clue(4, 3, 16, 8)
    runs = []
    for _ in range(2):
        model = make_model("rnn", len(data["vocabulary"]), seed=0)
        log = train_classifier(model, data["train"], updates=15, batch_size=8, learning_rate=0.05, clip=None,
                               clip_threshold=0.05, seed=0)
        runs.append((model, log))
    (m1, l1), (m2, l2) = runs
    assert all(torch.equal(a, b) for a, b in zip(m1.state_dict().values(), m2.state_dict().values()))
    assert l1.clipped_share == np.mean(np.array(l1.grad_norms) > 0.05) and len(l1.losses) == 15
    ev = evaluate(m1, data["test"])
    assert ev.pair_both_correct <= ev.accuracy and 0 <= ev.pair_differs <= 1


def test_seed_spread():
    runs = [{"cell": "rnn", "seed": s, "accuracy": a} for s, a in ((0, 0.5), (1, 1.0), (2, 0.75))] + \
           [{"cell": "lstm", "seed": 0, "accuracy": 0.25}]
    rows = seed_spread(runs, ("cell",), ("accuracy",))
    assert rows[0] == {"cell": "rnn", "seeds": [0, 1, 2], "accuracy": {"mean": 0.75, "min": 0.5, "max": 1.0}}
    assert rows[1]["accuracy"] == {"mean": 0.25, "min": 0.25, "max": 0.25}
