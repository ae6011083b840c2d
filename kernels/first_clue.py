"""The paired first-clue task (lecture §8.4 route C) and the paired key-in-box text task (§2.11–2.12).

Every sample is  [early clue] + [distractors] + [QUERY]  and its label is the clue. Samples come
in pairs that share everything after the clue token by token and carry opposite labels, and a
pair never straddles the train/test split. So any function of the suffix alone gives both members
of a pair the same answer and gets exactly one of them right: its pair-both-correct is 0 by
construction, and a model that gets both right must have used the clue.

Models are small torch classifiers (embedding -> tanh RNN or LSTM -> linear head on the last
state). Training is plain Adam on mean cross-entropy with global-norm clipping as a switch; the
gradient norm before clipping is logged either way, so the share of updates a threshold would
clip is known for runs without clipping too.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass

import numpy as np
import torch

# --------------------------------------------------------------------------- data

CLUES = ("CLUE_A", "CLUE_B")            # the label is the index of the clue token
DISTRACTORS = tuple(f"d{i}" for i in range(8))
QUERY = "QUERY"
FIRST_CLUE_VOCAB = CLUES + DISTRACTORS + (QUERY,)

# Key-in-box (lecture §2.11): one fact names the box, then events that never mention the key,
# then the question. Every event is three tokens so all samples of one distance have one length.
COLORS = ("赭色", "灰色")
FACT = ("蓝扣钥匙", "放进", "{color}", "盒子", "。")
EVENT_SUBJECTS = ("电话", "杯子", "猫", "灯", "门", "雨伞", "书", "窗帘")
EVENT_VERBS = ("响了", "挪开了", "倒了", "亮了", "关上了", "落地了")
QUESTION = ("问", "钥匙", "在", "哪个", "盒子", "？")
KEY_VOCAB = tuple(dict.fromkeys(
    [t for t in FACT if t != "{color}"] + list(COLORS) + list(EVENT_SUBJECTS) + list(EVENT_VERBS) + list(QUESTION)))
KEY_CLUE_POSITION = FACT.index("{color}")


@dataclass(frozen=True)
class Split:
    tokens: np.ndarray   # (N, T) int64 token ids
    labels: np.ndarray   # (N,) int64, 0 or 1
    pairs: np.ndarray    # (N,) int64 pair id; the two members of a pair have the same id

    def __len__(self) -> int:
        return len(self.labels)


def _paired_split(rng: np.random.Generator, n_pairs: int, first_pair: int, suffix, head) -> Split:
    """n_pairs pairs: one suffix each, both labels in random order, pair ids from first_pair on."""
    tokens, labels, pairs = [], [], []
    for p in range(n_pairs):
        tail = suffix(rng)
        order = (0, 1) if rng.integers(2) == 0 else (1, 0)
        for label in order:
            tokens.append(head(label) + tail)
            labels.append(label)
            pairs.append(first_pair + p)
    return Split(np.array(tokens, dtype=np.int64), np.array(labels, dtype=np.int64), np.array(pairs, dtype=np.int64))


def _check_sizes(distance: int, n_train_pairs: int, n_test_pairs: int) -> None:
    for name, value in (("distance", distance), ("n_train_pairs", n_train_pairs), ("n_test_pairs", n_test_pairs)):
        if int(value) != value or value < 1:
            raise ValueError(f"{name} must be an integer >= 1, got {value!r}")


def generate_first_clue(seed: int, distance: int, n_train_pairs: int, n_test_pairs: int) -> dict:
    """Paired first-clue data: clue at position 0, `distance` random distractors, QUERY last.

    Returns {"train": Split, "test": Split, "vocabulary": tokens, "clue_position": 0}. Training pairs
    are drawn first, then test pairs, from numpy default_rng(seed); pair ids never repeat across splits.
    """
    _check_sizes(distance, n_train_pairs, n_test_pairs)
    rng = np.random.default_rng(seed)
    ids = {t: i for i, t in enumerate(FIRST_CLUE_VOCAB)}
    distractor_ids = np.array([ids[t] for t in DISTRACTORS])
    suffix = lambda r: [int(x) for x in r.choice(distractor_ids, size=distance)] + [ids[QUERY]]
    head = lambda label: [ids[CLUES[label]]]
    train = _paired_split(rng, n_train_pairs, 0, suffix, head)
    test = _paired_split(rng, n_test_pairs, n_train_pairs, suffix, head)
    return {"train": train, "test": test, "vocabulary": list(FIRST_CLUE_VOCAB), "clue_position": 0}


def generate_key_in_box(seed: int, events: int, n_train_pairs: int, n_test_pairs: int) -> dict:
    """Paired key-in-box text: the fact (box colour balanced), `events` distractor events, the question.

    Label 0 is 赭色, 1 is 灰色; the two members of a pair differ only in the colour token.
    """
    _check_sizes(events, n_train_pairs, n_test_pairs)
    rng = np.random.default_rng(seed)
    ids = {t: i for i, t in enumerate(KEY_VOCAB)}
    subjects = [ids[t] for t in EVENT_SUBJECTS]
    verbs = [ids[t] for t in EVENT_VERBS]

    def suffix(r):
        tail = [ids[t] for t in FACT[KEY_CLUE_POSITION + 1:]]
        for _ in range(events):
            tail += [subjects[r.integers(len(subjects))], verbs[r.integers(len(verbs))], ids["。"]]
        return tail + [ids[t] for t in QUESTION]

    head = lambda label: [ids[t] for t in FACT[:KEY_CLUE_POSITION]] + [ids[COLORS[label]]]
    train = _paired_split(rng, n_train_pairs, 0, suffix, head)
    test = _paired_split(rng, n_test_pairs, n_train_pairs, suffix, head)
    return {"train": train, "test": test, "vocabulary": list(KEY_VOCAB), "clue_position": KEY_CLUE_POSITION}


def decode(tokens, vocabulary) -> str:
    return " ".join(vocabulary[int(t)] for t in tokens)


def data_sha256(data: dict) -> str:
    """sha256 over both splits' token ids, labels and pair ids (little-endian int64)."""
    digest = hashlib.sha256()
    for name in ("train", "test"):
        split = data[name]
        for array in (split.tokens, split.labels, split.pairs):
            digest.update(np.ascontiguousarray(array, dtype="<i8").tobytes())
    return digest.hexdigest()


# --------------------------------------------------------------------------- the pair checks

def pair_both_correct(predictions, labels, pairs) -> float:
    """Share of pairs whose two members are both predicted correctly (kernels.pixel_qa's metric,
    with a single question per pair)."""
    from kernels.pixel_qa import pair_both_correct as grouped

    pairs = np.asarray(pairs)
    return grouped(np.asarray(predictions) == np.asarray(labels), pairs, np.zeros_like(pairs))


def accuracy(predictions, labels) -> float:
    return float(np.mean(np.asarray(predictions) == np.asarray(labels)))


def pair_problems(data: dict) -> list[str]:
    """Every way the data break the pairing contract (empty when the suffix cannot carry the answer):
    a pair that is not two samples, whose suffixes differ, whose labels are not opposite, or whose
    id occurs in both splits; labels that are not balanced."""
    problems = []
    cut = data["clue_position"] + 1
    seen = {}
    for name in ("train", "test"):
        split = data[name]
        for p in np.unique(split.pairs):
            rows = np.flatnonzero(split.pairs == p)
            if int(p) in seen:
                problems.append(f"pair {p} is in both {seen[int(p)]} and {name}")
            seen[int(p)] = name
            if len(rows) != 2:
                problems.append(f"{name} pair {p} has {len(rows)} samples")
                continue
            a, b = rows
            if not np.array_equal(split.tokens[a, cut:], split.tokens[b, cut:]):
                problems.append(f"{name} pair {p}: the suffixes after the clue differ")
            if split.labels[a] == split.labels[b]:
                problems.append(f"{name} pair {p}: both samples have label {split.labels[a]}")
        if 2 * int(split.labels.sum()) != len(split):
            problems.append(f"{name}: {int(split.labels.sum())} of {len(split)} labels are 1 (not balanced)")
    return problems


def suffix_lookup_predictor(split: Split, clue_position: int):
    """The strongest suffix-only rule for this split: the majority label of each distinct suffix,
    fitted on the very samples it is scored on (ties -> 0). Returns predict(tokens) -> labels."""
    cut = clue_position + 1
    votes: dict[bytes, list[int]] = {}
    for row, label in zip(split.tokens, split.labels):
        votes.setdefault(row[cut:].tobytes(), []).append(int(label))
    table = {k: int(2 * sum(v) > len(v)) for k, v in votes.items()}
    return lambda tokens: np.array([table.get(np.asarray(r)[cut:].tobytes(), 0) for r in tokens], dtype=np.int64)


def hashed_suffix_predictor(clue_position: int, salt: int):
    """An arbitrary deterministic suffix-only rule: parity of a salted hash of the suffix."""
    cut = clue_position + 1
    return lambda tokens: np.array(
        [hashlib.sha256(bytes([salt % 256]) + np.asarray(r)[cut:].tobytes()).digest()[0] & 1 for r in tokens],
        dtype=np.int64)


def clue_reader(split: Split, clue_position: int, vocabulary, clue_tokens) -> np.ndarray:
    """The intended rule (read the clue token): the ceiling the pair metric leaves to a model that uses it."""
    index = {vocabulary.index(t): label for label, t in enumerate(clue_tokens)}
    return np.array([index[int(t)] for t in split.tokens[:, clue_position]], dtype=np.int64)


# --------------------------------------------------------------------------- models

CELLS = ("rnn", "lstm")


class ClueClassifier(torch.nn.Module):
    """Embedding -> one recurrent layer (tanh RNN or LSTM, torch's two biases per block) -> linear
    head on the state after the last token (QUERY), two logits."""

    def __init__(self, cell: str, vocab_size: int, embed: int = 8, hidden: int = 16,
                 dtype: torch.dtype | None = None):   # None: torch's default dtype
        super().__init__()
        if cell not in CELLS:
            raise ValueError(f"cell must be one of {CELLS}, not {cell!r}")
        self.cell, self.sizes = cell, {"vocab_size": vocab_size, "embed": embed, "hidden": hidden}
        self.embedding = torch.nn.Embedding(vocab_size, embed, dtype=dtype)
        make = (lambda: torch.nn.RNN(embed, hidden, nonlinearity="tanh", batch_first=True, dtype=dtype)) \
            if cell == "rnn" else (lambda: torch.nn.LSTM(embed, hidden, batch_first=True, dtype=dtype))
        self.recurrent = make()
        self.head = torch.nn.Linear(hidden, 2, dtype=dtype)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        states, _ = self.recurrent(self.embedding(tokens))
        return self.head(states[:, -1])


def parameter_count(model: torch.nn.Module) -> int:
    return int(sum(p.numel() for p in model.parameters()))


def make_model(cell: str, vocab_size: int, seed: int, embed: int = 8, hidden: int = 16,
               dtype: torch.dtype | None = None) -> ClueClassifier:
    """A fresh classifier whose initial values depend only on `seed` (torch.manual_seed first)."""
    torch.manual_seed(seed)
    return ClueClassifier(cell, vocab_size, embed, hidden, dtype)


def numpy_logits(model: ClueClassifier, tokens) -> np.ndarray:
    """The classifier's logits recomputed in float64 numpy through kernels/recurrent.py's cells
    (rnn_forward, lstm_step): an independent check of the torch forward and of the weight layout."""
    from kernels.recurrent import lstm_step, rnn_forward

    p = {k: v.detach().double().numpy() for k, v in model.state_dict().items()}
    H = model.sizes["hidden"]
    out = []
    for row in np.asarray(tokens):
        xs = p["embedding.weight"][row]
        if model.cell == "rnn":
            h = rnn_forward(xs, np.zeros(H), p["recurrent.weight_ih_l0"], p["recurrent.weight_hh_l0"],
                            p["recurrent.bias_ih_l0"] + p["recurrent.bias_hh_l0"])[-1]
        else:
            # torch stacks the gate blocks as (input, forget, candidate, output); the kernel takes
            # each gate's H x (H + d) matrix acting on [h_{t-1}; x_t] and one bias.
            W = np.concatenate([p["recurrent.weight_hh_l0"], p["recurrent.weight_ih_l0"]], axis=1)
            b = p["recurrent.bias_ih_l0"] + p["recurrent.bias_hh_l0"]
            block = lambda k: slice(k * H, (k + 1) * H)
            Wi, Wf, Wg, Wo = (W[block(k)] for k in range(4))
            bi, bf, bg, bo = (b[block(k)] for k in range(4))
            h, c = np.zeros(H), np.zeros(H)
            for x in xs:
                step = lstm_step(x, h, c, Wf, Wi, Wo, Wg, bf, bi, bo, bg)
                h, c = step.h, step.c
        out.append(p["head.weight"] @ h + p["head.bias"])
    return np.array(out)


def gradient_check_model(model: ClueClassifier, tokens, labels, eps: float = 1e-6):
    """Autograd gradient of the mean cross-entropy vs central differences over every parameter
    (kernels.recurrent.gradient_check). Use a float64 model and a handful of short samples."""
    from kernels.recurrent import gradient_check

    params = list(model.parameters())
    if any(p.dtype != torch.float64 for p in params):
        raise ValueError("gradient_check_model needs a float64 model (make_model(..., dtype=torch.float64))")
    tokens, labels = torch.as_tensor(np.asarray(tokens)), torch.as_tensor(np.asarray(labels))
    theta0 = torch.nn.utils.parameters_to_vector(params).detach().clone()

    def loss_at(theta) -> float:
        with torch.no_grad():
            torch.nn.utils.vector_to_parameters(torch.as_tensor(theta, dtype=torch.float64), params)
            return float(torch.nn.functional.cross_entropy(model(tokens), labels))

    model.zero_grad()
    torch.nn.functional.cross_entropy(model(tokens), labels).backward()
    analytic = torch.cat([p.grad.reshape(-1) for p in params]).numpy().copy()
    result = gradient_check(loss_at, theta0.numpy(), analytic, eps)
    with torch.no_grad():
        torch.nn.utils.vector_to_parameters(theta0, params)
    return result


# --------------------------------------------------------------------------- training and evaluation

@dataclass(frozen=True)
class TrainLog:
    losses: list         # mean training loss of every update
    grad_norms: list     # global gradient norm of every update, before any clipping
    clipped_share: float  # share of updates whose norm exceeded the threshold (clipped if clipping is on)


def train_classifier(model: ClueClassifier, split: Split, *, updates: int, batch_size: int, learning_rate: float,
                     clip: float | None, clip_threshold: float, seed: int, device: str = "cpu") -> TrainLog:
    """Adam on mean cross-entropy; each update draws batch_size distinct training samples from
    numpy default_rng(1000 + seed). clip=None trains without clipping; clip_threshold is still the
    norm the clipped share is counted against."""
    tokens = torch.as_tensor(split.tokens, device=device)
    labels = torch.as_tensor(split.labels, device=device)
    optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate)
    rng = np.random.default_rng(1000 + seed)
    losses, norms = [], []
    model.train()
    for _ in range(updates):
        batch = torch.as_tensor(rng.choice(len(split), batch_size, replace=False), device=device)
        loss = torch.nn.functional.cross_entropy(model(tokens[batch]), labels[batch])
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        # torch's global-norm clipping (tests compare it with kernels.recurrent.clip_global_norm);
        # max_norm=inf only measures the norm
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), clip if clip is not None else float("inf"))
        optimizer.step()
        losses.append(float(loss.detach()))
        norms.append(float(norm))
    model.eval()
    share = float(np.mean(np.array(norms) > clip_threshold)) if norms else 0.0
    return TrainLog(losses, norms, share)


@dataclass(frozen=True)
class Evaluation:
    accuracy: float
    pair_both_correct: float
    pair_differs: float   # share of pairs whose two members get different predictions
    predictions: np.ndarray


def evaluate(model: ClueClassifier, split: Split, device: str = "cpu") -> Evaluation:
    with torch.no_grad():
        logits = model.eval()(torch.as_tensor(split.tokens, device=device)).to("cpu", torch.float64).numpy()
    predictions = logits.argmax(axis=1)
    differs = [len(set(predictions[split.pairs == p])) == 2 for p in np.unique(split.pairs)]
    return Evaluation(accuracy(predictions, split.labels), pair_both_correct(predictions, split.labels, split.pairs),
                      float(np.mean(differs)), predictions)


def seed_spread(runs: list[dict], group_by: tuple, metrics=("accuracy", "pair_both_correct")) -> list[dict]:
    """One row per group of runs (e.g. task, distance, cell, clip): for each metric the mean over
    seeds, the minimum and the maximum, and the seeds it covers; groups in first-seen order."""
    groups: dict[tuple, list[dict]] = {}
    for run in runs:
        groups.setdefault(tuple(run[k] for k in group_by), []).append(run)
    rows = []
    for key, members in groups.items():
        row = dict(zip(group_by, key))
        row["seeds"] = [m["seed"] for m in members]
        for metric in metrics:
            values = [m[metric] for m in members]
            row[metric] = {"mean": float(np.mean(values)), "min": float(min(values)), "max": float(max(values))}
        rows.append(row)
    return rows
