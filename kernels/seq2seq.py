"""The sequence-reversal seq2seq of lecture §3.10–§3.15: data, the two models, their metrics.

Task: reverse a sequence over the six symbols a–f; the target ends with EOS. PAD, BOS and EOS
are special tokens, so the vocabulary has nine entries (one embedding table shared by the
source and the target side).

Both models share every module: a bidirectional LSTM encoder (16 units per direction, so each
source state has 32 numbers) and an LSTM decoder (32 units) that starts from a zero state. At
target step t the decoder reads a context c_t from the source states, takes
[embedding(y_{t-1}); c_t] as input and the output head scores [h_t; c_t]. The two models differ
only in the read:

- fixed summary: c_t is the mean of the valid source states, the same at every step;
- dynamic read:  q_t = W_q h_{t-1} (bias-free, 32 -> 32), scores z_j·q_t / sqrt(32) over the
  source states, PAD masked, softmax over positions, c_t = sum_j alpha_tj z_j.

With embedding 16 the parameter counts are 15577 (fixed) and 16601 (dynamic: + the 1024 weights
of W_q). At the first step h_0 = 0, so q_1 = 0 and the dynamic read is uniform over the valid
positions: its first context equals the fixed summary.

Decisions (greedy, token accuracy, beam) range over the legal output tokens a–f and EOS; PAD
and BOS are never chosen. Log-probabilities come from the softmax over the whole vocabulary.
"""
from __future__ import annotations

import math
import random
from dataclasses import asdict, dataclass

import torch
from torch import nn

SYMBOLS = ("a", "b", "c", "d", "e", "f")
PAD, BOS, EOS = 0, 1, 2
VOCAB = ("PAD", "BOS", "EOS") + SYMBOLS
INDEX = {tok: i for i, tok in enumerate(VOCAB)}
LEGAL_OUTPUT = tuple(INDEX[t] for t in ("EOS",) + SYMBOLS)   # what decoding may emit
READS = ("fixed", "dynamic")


# --------------------------------------------------------------------------- data

def generate_reversal_data(seed: int, sizes=(3000, 300, 300), min_len: int = 3, max_len: int = 7,
                           symbols=SYMBOLS, draw: str = "sequential") -> dict:
    """Train/validation/test splits of the reversal task, drawn in that order by rejection.

    Each example draws a length uniformly from min_len..max_len, then each symbol uniformly; a
    source already drawn (in any split) is rejected and the whole draw repeated. Short lengths
    run out first (there are only 6^3 = 216 sources of length 3), so later draws, and the test
    split drawn last, lean towards longer sources than a uniform length would give.

    draw="pooled" is the alternative this project did not use (kept to compare length profiles):
    all sources are drawn by the same rule into one pool, shuffled, then cut into the splits, so
    every split has the same expected length profile.

    Returns {"train"|"validation"|"test": [{"source": [...], "target": [... reversed, "EOS"]}]}.
    """
    if draw not in ("sequential", "pooled"):
        raise ValueError(f"draw must be 'sequential' or 'pooled', got {draw!r}")
    rng = random.Random(seed)
    used: set = set()
    capacity = sum(len(symbols) ** n for n in range(min_len, max_len + 1))
    if sum(sizes) > capacity:
        raise ValueError(f"{sum(sizes)} unique sources requested, only {capacity} exist")

    def draw_rows(n: int) -> list:
        rows = []
        while len(rows) < n:
            length = rng.randint(min_len, max_len)
            source = tuple(rng.choice(symbols) for _ in range(length))
            if source in used:
                continue
            used.add(source)
            rows.append({"source": list(source), "target": list(reversed(source)) + ["EOS"]})
        return rows

    names = ("train", "validation", "test")
    if draw == "sequential":
        return {name: draw_rows(size) for name, size in zip(names, sizes)}
    pool = draw_rows(sum(sizes))
    rng.shuffle(pool)
    out, start = {}, 0
    for name, size in zip(names, sizes):
        out[name] = pool[start:start + size]
        start += size
    return out


def valid_target_tokens(rows) -> int:
    """Target tokens that count in the loss and the token metrics: EOS included, PAD excluded."""
    return sum(len(r["target"]) for r in rows)


@dataclass
class Batch:
    source: torch.Tensor        # (B, S) token ids, PAD-padded
    lengths: torch.Tensor       # (B,) source lengths
    decoder_input: torch.Tensor  # (B, T) BOS + target[:-1], PAD-padded
    target: torch.Tensor        # (B, T) target ids, PAD-padded


def make_batch(rows) -> Batch:
    """Pad a list of {"source", "target"} rows into id tensors."""
    src = [[INDEX[t] for t in r["source"]] for r in rows]
    tgt = [[INDEX[t] for t in r["target"]] for r in rows]
    S, T = max(map(len, src)), max(map(len, tgt))
    source = torch.full((len(rows), S), PAD, dtype=torch.long)
    dec_in = torch.full((len(rows), T), PAD, dtype=torch.long)
    target = torch.full((len(rows), T), PAD, dtype=torch.long)
    for i, (s, y) in enumerate(zip(src, tgt)):
        source[i, :len(s)] = torch.tensor(s)
        target[i, :len(y)] = torch.tensor(y)
        dec_in[i, :len(y)] = torch.tensor([BOS] + y[:-1])
    return Batch(source, torch.tensor([len(s) for s in src]), dec_in, target)


# --------------------------------------------------------------------------- models

@dataclass(frozen=True)
class Seq2SeqConfig:
    read: str = "fixed"          # "fixed" | "dynamic"
    vocab_size: int = len(VOCAB)  # 9: PAD, BOS, EOS, a–f
    embedding: int = 16          # one table shared by source and target
    encoder_hidden: int = 16     # per direction; source states have 2 * 16 = 32 numbers
    decoder_hidden: int = 32

    def to_dict(self) -> dict:
        return asdict(self)


class Seq2Seq(nn.Module):
    """BiLSTM encoder, zero-state LSTM decoder, fixed-summary or dynamic (scaled dot-product) read."""

    def __init__(self, config: Seq2SeqConfig):
        super().__init__()
        if config.read not in READS:
            raise ValueError(f"read must be one of {READS}, got {config.read!r}")
        self.config = config
        width = 2 * config.encoder_hidden
        # Construction order is the same for both reads, the query projection comes last, so one
        # seed gives both models identical initial values for every shared module.
        self.embedding = nn.Embedding(config.vocab_size, config.embedding, padding_idx=PAD)
        self.encoder = nn.LSTM(config.embedding, config.encoder_hidden, batch_first=True, bidirectional=True)
        self.decoder = nn.LSTMCell(config.embedding + width, config.decoder_hidden)
        self.head = nn.Linear(config.decoder_hidden + width, config.vocab_size)
        if config.read == "dynamic":
            self.query = nn.Linear(config.decoder_hidden, width, bias=False)

    # -- encoder
    def encode(self, source: torch.Tensor, lengths: torch.Tensor):
        """Source states z (B, S, 32) and the mask of valid (non-PAD) positions (B, S)."""
        packed = nn.utils.rnn.pack_padded_sequence(self.embedding(source), lengths.cpu(), batch_first=True,
                                                   enforce_sorted=False)
        out, _ = self.encoder(packed)
        z, _ = nn.utils.rnn.pad_packed_sequence(out, batch_first=True, total_length=source.shape[1])
        mask = torch.arange(source.shape[1], device=source.device)[None, :] < lengths.to(source.device)[:, None]
        return z, mask

    # -- one read
    def read(self, h_prev: torch.Tensor, z: torch.Tensor, mask: torch.Tensor):
        """(context (B, 32), weights over source positions (B, S)) for the decoder state h_{t-1}."""
        if self.config.read == "fixed":
            weights = mask.to(z.dtype) / mask.sum(1, keepdim=True).to(z.dtype)
        else:
            q = self.query(h_prev)
            scores = torch.einsum("bsd,bd->bs", z, q) / math.sqrt(z.shape[-1])
            weights = torch.softmax(scores.masked_fill(~mask, float("-inf")), dim=-1)
        return torch.einsum("bs,bsd->bd", weights, z), weights

    def initial_state(self, batch: int, like: torch.Tensor):
        zeros = like.new_zeros(batch, self.config.decoder_hidden)
        return zeros, zeros.clone()

    # -- one decoder step
    def step(self, token: torch.Tensor, state, z: torch.Tensor, mask: torch.Tensor):
        """Logits over the vocabulary (B, V), the new (h, c), and the read weights (B, S)."""
        context, weights = self.read(state[0], z, mask)
        h, c = self.decoder(torch.cat([self.embedding(token), context], dim=-1), state)
        return self.head(torch.cat([h, context], dim=-1)), (h, c), weights

    def forward(self, source, lengths, decoder_input):
        """Teacher forcing: logits (B, T, V) and read weights (B, T, S) given the reference prefixes."""
        z, mask = self.encode(source, lengths)
        state = self.initial_state(source.shape[0], z)
        logits, weights = [], []
        for t in range(decoder_input.shape[1]):
            out, state, w = self.step(decoder_input[:, t], state, z, mask)
            logits.append(out)
            weights.append(w)
        return torch.stack(logits, 1), torch.stack(weights, 1)


def parameter_count(model: nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())


def legal_log_softmax(logits: torch.Tensor) -> torch.Tensor:
    """Full-vocabulary log-probabilities, with PAD and BOS set to -inf for decisions (not renormalized)."""
    lp = torch.log_softmax(logits, dim=-1)
    blocked = torch.ones(lp.shape[-1], dtype=torch.bool, device=lp.device)
    blocked[list(LEGAL_OUTPUT)] = False
    return lp.masked_fill(blocked, float("-inf"))


# --------------------------------------------------------------------------- evaluation

@torch.no_grad()
def teacher_forced_metrics(model: Seq2Seq, rows, batch_size: int = 100) -> dict:
    """Mean NLL (nats per valid target token) and token accuracy under teacher forcing.

    Valid tokens are the target tokens, EOS included and PAD excluded; a token is correct when
    the most probable legal token given the reference prefix is the reference token.
    """
    nll = 0.0
    correct = count = 0
    for i in range(0, len(rows), batch_size):
        b = make_batch(rows[i:i + batch_size])
        logits, _ = model(b.source, b.lengths, b.decoder_input)
        valid = b.target != PAD
        lp = torch.log_softmax(logits, -1)
        nll += float(-lp.gather(-1, b.target.unsqueeze(-1)).squeeze(-1)[valid].sum())
        correct += int(((legal_log_softmax(logits).argmax(-1) == b.target) & valid).sum())
        count += int(valid.sum())
    return {"nll": nll / count, "token_accuracy": correct / count, "valid_tokens": count,
            "correct_tokens": correct}


@torch.no_grad()
def greedy_generate(model: Seq2Seq, rows, max_steps: int = 12, batch_size: int = 100,
                    margins: list | None = None) -> list[list[str]]:
    """Free generation: each step feeds back the model's own most probable legal token.

    A sequence stops at its EOS (included in the output); one that reaches max_steps without
    EOS is returned as it stands and can never match a target. If `margins` is a list, the gap between
    the best and the second-best legal log-probability of every decision taken is appended to it (how
    far each choice is from a tie).
    """
    outputs = []
    for i in range(0, len(rows), batch_size):
        b = make_batch(rows[i:i + batch_size])
        z, mask = model.encode(b.source, b.lengths)
        state = model.initial_state(len(b.source), z)
        token = torch.full((len(b.source),), BOS, dtype=torch.long)
        done = torch.zeros(len(b.source), dtype=torch.bool)
        chosen = []
        for _ in range(max_steps):
            logits, state, _ = model.step(token, state, z, mask)
            log_p = legal_log_softmax(logits)
            token = log_p.argmax(-1)
            if margins is not None:
                best_two = log_p.topk(2, dim=-1).values
                margins.extend((best_two[:, 0] - best_two[:, 1])[~done].tolist())
            chosen.append(torch.where(done, torch.full_like(token, PAD), token))
            done |= token == EOS
            if bool(done.all()):
                break
        ids = torch.stack(chosen, 1).tolist()
        for row in ids:
            seq = []
            for t in row:
                if t == PAD:
                    break
                seq.append(VOCAB[t])
                if t == EOS:
                    break
            outputs.append(seq)
    return outputs


def exact_match(predictions, rows) -> float:
    """Fraction of complete sequences (EOS included) that equal their target."""
    return sum(p == r["target"] for p, r in zip(predictions, rows)) / len(rows)


@torch.no_grad()
def sequence_log_probabilities(model: Seq2Seq, source, sequences) -> list[float]:
    """Summed log p of each complete output sequence for one source, by teacher forcing each
    sequence as if it were the target (one batched pass; an independent path to PrefixScorer)."""
    rows = [{"source": list(source), "target": list(seq)} for seq in sequences]
    b = make_batch(rows)
    device = next(model.parameters()).device
    logits, _ = model(b.source.to(device), b.lengths, b.decoder_input.to(device))
    lp = torch.log_softmax(logits, -1).gather(-1, b.target.to(device).unsqueeze(-1)).squeeze(-1)
    lp = lp.masked_fill(b.target.to(device) == PAD, 0.0)
    return [float(v) for v in lp.sum(1)]


class PrefixScorer:
    """A trained model as kernels.decoding's next_log_probs(prefix) -> {token: log p}.

    The prefix is a tuple of output token names (without BOS); the answer lists the legal output
    tokens (a–f, EOS) with their log-probabilities from the full-vocabulary softmax. Each call
    recomputes the prefix from the zero state (sources are short); answers are memoized.
    """

    def __init__(self, model: Seq2Seq, source):
        self.model = model
        b = make_batch([{"source": list(source), "target": ["EOS"]}])
        with torch.no_grad():
            self.z, self.mask = model.encode(b.source, b.lengths)
        self.cache: dict = {}

    @torch.no_grad()
    def run(self, prefix: tuple):
        """Log-probabilities (V,) and read weights (S,) of the step after `prefix`."""
        state = self.model.initial_state(1, self.z)
        token = torch.tensor([BOS])
        for tok in prefix:
            _, state, _ = self.model.step(token, state, self.z, self.mask)
            token = torch.tensor([INDEX[tok]])
        logits, _, weights = self.model.step(token, state, self.z, self.mask)
        return torch.log_softmax(logits, -1)[0], weights[0]

    def __call__(self, prefix: tuple) -> dict:
        if prefix not in self.cache:
            lp, _ = self.run(tuple(prefix))
            self.cache[prefix] = {VOCAB[i]: float(lp[i]) for i in LEGAL_OUTPUT}
        return self.cache[prefix]

    def sequence_log_probability(self, tokens) -> float:
        """Summed log p of a complete output sequence, each token scored after its own prefix."""
        tokens = tuple(tokens)
        return math.fsum(self(tokens[:i])[tok] for i, tok in enumerate(tokens))
