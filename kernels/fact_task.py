"""The paired fact task of lecture §7.11 / §7.17 (site construction), and a small causal torch
decoder that answers it.

A sequence of LENGTH tokens states one fact early — the two tokens [KEY, value], "the key is in
box A / box B" — then neutral filler and confusable distractors [OTHER, value] ("something else is
in box A/B": the same colour words, about another object), and ends with QUERY. The label is the
fact's value (0 = A, 1 = B). The two members of a pair share every token except the fact's value,
so they share the whole suffix after the fact and have opposite labels: a predictor that sees only
what the two have in common answers both the same way and gets at most one of them right.

Everything is seeded numpy; the model is torch (CPU by default; this project trains it in float64).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np
import torch
from torch import nn

QUERY, KEY, OTHER, VALUE_A, VALUE_B = 0, 1, 2, 3, 4
VALUES = (VALUE_A, VALUE_B)
FILLERS = 16                          # neutral filler token types, ids 5..20
FIRST_FILLER = 5
VOCAB = FIRST_FILLER + FILLERS
LENGTH = 32                           # every sequence, QUERY included (at LENGTH - 1)
LAST_FACT_START = LENGTH - 3          # the fact's two tokens must end before QUERY
TOKEN_NAMES = {QUERY: "QUERY", KEY: "KEY", OTHER: "OTHER", VALUE_A: "A", VALUE_B: "B"}


def _segments(rng: np.random.Generator, lo: int, hi: int, k: int) -> list[int]:
    """Starts of k non-overlapping two-token segments inside [lo, hi), uniformly over placements
    (stars and bars: k starts among the m - k units, then spread apart by one per segment)."""
    m = hi - lo
    if k < 0 or 2 * k > m:
        raise ValueError(f"{k} two-token distractors do not fit in positions {lo}..{hi - 1}")
    units = np.sort(rng.choice(m - k, size=k, replace=False)) if k else np.array([], dtype=int)
    return [lo + int(u) + i for i, u in enumerate(units)]


def make_pair(rng: np.random.Generator, fact_at: int, before: int, after: int) -> np.ndarray:
    """Two sequences (2, LENGTH): the fact [KEY, value] at fact_at, `before` confusable distractors
    in front of it and `after` between it and QUERY, filler elsewhere. Row 0 states A, row 1 B;
    every other token is the same in both rows."""
    if not 0 <= fact_at <= LAST_FACT_START:
        raise ValueError(f"fact_at must lie in 0..{LAST_FACT_START}, got {fact_at}")
    seq = FIRST_FILLER + rng.integers(0, FILLERS, size=LENGTH)
    seq[LENGTH - 1] = QUERY
    for start in _segments(rng, 0, fact_at, before) + _segments(rng, fact_at + 2, LENGTH - 1, after):
        seq[start], seq[start + 1] = OTHER, VALUES[int(rng.integers(0, 2))]
    pair = np.stack([seq, seq.copy()])
    pair[:, fact_at] = KEY
    pair[:, fact_at + 1] = VALUES
    return pair


def capacity(lo: int, hi: int) -> int:
    """How many two-token distractors fit in positions lo..hi-1."""
    return max(0, (hi - lo) // 2)


def training_pairs(seed: int, pairs: int, first_fact: int = 0, max_before: int = 3, max_after: int = 6) -> dict:
    """Training data: fact start uniform over first_fact..LAST_FACT_START; distractor counts uniform
    up to max_before in front of the fact and max_after behind it (as far as they fit)."""
    if not 0 <= first_fact <= LAST_FACT_START:
        raise ValueError(f"first_fact must lie in 0..{LAST_FACT_START}, got {first_fact}")
    rng = np.random.default_rng(seed)
    rows, facts = [], []
    for _ in range(pairs):
        at = int(rng.integers(first_fact, LAST_FACT_START + 1))
        before = int(rng.integers(0, min(max_before, capacity(0, at)) + 1))
        after = int(rng.integers(0, min(max_after, capacity(at + 2, LENGTH - 1)) + 1))
        rows.append(make_pair(rng, at, before, after))
        facts.append(at)
    return _stack(rows, facts)


def position_sweep(seed: int, positions, pairs: int, distractors: int = 2) -> dict:
    """Fixed total length, the fact moved: `pairs` pairs per start position, each with
    `distractors` confusable distractors spread over the free slots before and after the fact."""
    rng = np.random.default_rng(seed)
    rows, facts = [], []
    for at in positions:
        room_before, room_after = capacity(0, at), capacity(at + 2, LENGTH - 1)
        if distractors > room_before + room_after:
            raise ValueError(f"{distractors} distractors do not fit around a fact at {at}")
        for _ in range(pairs):
            lo = max(0, distractors - room_after)
            before = int(rng.integers(lo, min(distractors, room_before) + 1))
            rows.append(make_pair(rng, at, before, distractors - before))
            facts.append(at)
    return _stack(rows, facts)


def distractor_sweep(seed: int, fact_at: int, counts, pairs: int) -> dict:
    """Fixed distance (fact at fact_at, QUERY at the end), the distractors changed: `pairs` pairs
    per count of confusable distractors, all placed between the fact and QUERY."""
    rng = np.random.default_rng(seed)
    rows, facts, kinds = [], [], []
    for k in counts:
        for _ in range(pairs):
            rows.append(make_pair(rng, fact_at, 0, k))
            facts.append(fact_at)
            kinds.append(k)
    out = _stack(rows, facts)
    out["distractors"] = np.repeat(np.array(kinds), 2)
    return out


def _stack(rows, facts) -> dict:
    tokens = np.concatenate(rows).astype(np.int64)
    n = len(rows)
    return {"tokens": tokens, "labels": np.tile([0, 1], n), "pair_ids": np.repeat(np.arange(n), 2),
            "fact_at": np.repeat(np.array(facts), 2)}


def data_digest(data: dict) -> str:
    """sha256 of the token array (int64, C order) and the labels: what a checkpoint was trained on."""
    import hashlib
    h = hashlib.sha256()
    h.update(np.ascontiguousarray(data["tokens"], dtype=np.int64).tobytes())
    h.update(np.ascontiguousarray(data["labels"], dtype=np.int64).tobytes())
    return h.hexdigest()


def pair_both_correct(correct: np.ndarray, pair_ids: np.ndarray) -> float:
    """Share of pairs whose two members are both answered correctly."""
    ids = np.unique(pair_ids)
    return float(np.mean([bool(np.all(correct[pair_ids == i])) for i in ids]))


def shared_suffix_predictor(tokens: np.ndarray, pair_ids: np.ndarray) -> np.ndarray:
    """A deterministic predictor that sees only what a pair's members share (every token but the
    fact's value, which is replaced by -1), here the parity of that masked sum: one answer per pair,
    whatever rule is used."""
    masked = tokens.copy()
    masked[np.isin(masked, VALUES) & (np.roll(masked, 1, axis=1) == KEY)] = -1
    return (masked.sum(axis=1) % 2).astype(np.int64)


# --------------------------------------------------------------------------- the model

@dataclass(frozen=True)
class FactDecoderConfig:
    vocab: int = VOCAB
    length: int = LENGTH
    width: int = 32
    heads: int = 2
    layers: int = 2
    ffn: int = 64

    def to_dict(self) -> dict:
        return asdict(self)


class FactDecoder(nn.Module):
    """Token + learned position embeddings, pre-LN causal Transformer blocks (no dropout), final
    LayerNorm, and a two-way answer head read at the last position (the QUERY token)."""

    def __init__(self, config: FactDecoderConfig = FactDecoderConfig()):
        super().__init__()
        self.config = config
        self.tokens = nn.Embedding(config.vocab, config.width)
        self.positions = nn.Embedding(config.length, config.width)
        self.blocks = nn.ModuleList(
            nn.TransformerEncoderLayer(config.width, config.heads, config.ffn, dropout=0.0, batch_first=True,
                                       norm_first=True) for _ in range(config.layers))
        self.norm = nn.LayerNorm(config.width)
        self.answer = nn.Linear(config.width, 2)
        self.register_buffer("causal", nn.Transformer.generate_square_subsequent_mask(config.length),
                             persistent=False)
        # The key third of each in-projection bias adds q·b_k to every score of a query alike, and softmax
        # removes a shift: its true gradient is zero, so what autograd returns there is rounding noise, which
        # Adam scales into full-size steps (in float32 its sum drifted by 1e-2 relative after 20 updates
        # between two CPU kernel sets). It is held at its initial zero and not counted as trained.
        self.frozen_entries = 0
        for block in self.blocks:
            width = block.self_attn.embed_dim
            keep = torch.ones(3 * width)
            keep[width:2 * width] = 0
            block.self_attn.in_proj_bias.register_hook(lambda grad, keep=keep: grad * keep.to(grad))
            self.frozen_entries += width

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        n = tokens.shape[1]
        x = self.tokens(tokens) + self.positions(torch.arange(n, device=tokens.device))
        for block in self.blocks:
            x = block(x, src_mask=self.causal[:n, :n], is_causal=True)
        return self.answer(self.norm(x[:, -1]))


def parameter_count(model: nn.Module) -> int:
    """Trained parameters: every entry except those held fixed (FactDecoder's key biases)."""
    return sum(p.numel() for p in model.parameters()) - getattr(model, "frozen_entries", 0)


@torch.no_grad()
def predict(model: FactDecoder, tokens: np.ndarray, batch: int = 1024) -> np.ndarray:
    model.eval()
    out = [model(torch.from_numpy(tokens[i:i + batch])).argmax(dim=1).numpy() for i in range(0, len(tokens), batch)]
    return np.concatenate(out)
