"""Language models compared on one split (lab route B): n-gram models from counts, and small
torch models (fixed-window MLP, RNN, LSTM), all scored the same way.

One vocabulary for every model: PAD (never scored), BOS (history only, never predicted), EOS
(predicted: it ends the sentence), then the words. Every model gives a distribution over the
predictable tokens (EOS and the words) after each prefix; held-out totals come from
kernels.sampling.target_nll so that PAD and EOS follow one rule.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch
from torch import nn

from kernels.sampling import target_nll
from kernels.text_stats import BOS, EOS, add_alpha, interpolate, ngram_counts

PAD = "<PAD>"


@dataclass(frozen=True)
class Vocabulary:
    words: tuple

    @property
    def tokens(self) -> tuple:
        return (PAD, BOS, EOS) + tuple(self.words)

    def ids(self, sentence) -> list[int]:
        index = {t: i for i, t in enumerate(self.tokens)}
        return [index[w] for w in sentence]

    @property
    def pad_id(self) -> int:
        return 0

    @property
    def predictable(self) -> list[int]:
        """Ids a model may predict: EOS and the words (never PAD or BOS)."""
        return list(range(2, len(self.tokens)))


# --------------------------------------------------------------------------- n-gram models

class NgramModel:
    """Interpolated add-alpha n-gram model: sum_k lambda_k p_k(w | last k-1 tokens).

    weights[k-1] is the weight of the order-k model (weights[0]: unigram). Each order is
    add-alpha smoothed over the predictable tokens, so an unseen history gets the uniform
    distribution at that order instead of 0/0.
    """

    def __init__(self, sentences, vocabulary: Vocabulary, weights, alpha: float = 1.0):
        self.vocabulary, self.alpha = vocabulary, alpha
        self.weights = np.asarray(weights, dtype=np.float64)
        self.order = len(self.weights)
        self.counts = [ngram_counts(sentences, n) for n in range(1, self.order + 1)]
        self.candidates = [EOS] + list(vocabulary.words)

    def distribution(self, history) -> np.ndarray:
        """p over [EOS] + words after `history` (a list of words; BOS padding is added here)."""
        padded = [BOS] * (self.order - 1) + list(history)
        per_order = []
        for n, counts in enumerate(self.counts, start=1):
            h = tuple(padded[len(padded) - (n - 1):]) if n > 1 else ()
            per_order.append(add_alpha([counts[h + (w,)] for w in self.candidates], self.alpha))
        return interpolate(per_order, self.weights)

    def held_out_nll(self, sentences) -> tuple[float, int]:
        rows, targets = [], []
        for sentence in sentences:
            for t, token in enumerate(list(sentence) + [EOS]):
                rows.append(np.log(self.distribution(sentence[:t])))
                targets.append(self.candidates.index(token))
        return target_nll(np.array(rows), np.array(targets), pad_id=-1)


# --------------------------------------------------------------------------- neural models

class WindowLM(nn.Module):
    """Fixed-window MLP: embeddings of the last k tokens (BOS-padded), concatenated -> tanh -> logits."""

    def __init__(self, n_tokens: int, k: int = 2, d_embed: int = 16, d_hidden: int = 32):
        super().__init__()
        self.k = k
        self.embed = nn.Embedding(n_tokens, d_embed)
        self.hidden = nn.Linear(k * d_embed, d_hidden)
        self.head = nn.Linear(d_hidden, n_tokens)

    def forward(self, inputs: torch.Tensor) -> torch.Tensor:   # (B, T) ids -> (B, T, n_tokens)
        bos = torch.full((inputs.shape[0], self.k - 1), 1, dtype=inputs.dtype)
        padded = torch.cat([bos, inputs], dim=1)
        windows = padded.unfold(1, self.k, 1)                       # (B, T, k): the last k tokens
        return self.head(torch.tanh(self.hidden(self.embed(windows).flatten(2))))


class RecurrentLM(nn.Module):
    """Embedding -> nn.RNN (tanh) or nn.LSTM -> linear head over the vocabulary."""

    def __init__(self, n_tokens: int, cell: str = "lstm", d_embed: int = 16, d_hidden: int = 32):
        super().__init__()
        if cell not in ("rnn", "lstm"):
            raise ValueError(f"cell must be 'rnn' or 'lstm', not {cell!r}")
        self.embed = nn.Embedding(n_tokens, d_embed)
        self.rnn = (nn.LSTM if cell == "lstm" else nn.RNN)(d_embed, d_hidden, batch_first=True)
        self.head = nn.Linear(d_hidden, n_tokens)

    def forward(self, inputs: torch.Tensor) -> torch.Tensor:
        states, _ = self.rnn(self.embed(inputs))
        return self.head(states)


def parameter_count(model: nn.Module) -> int:
    return sum(p.numel() for p in model.parameters())


def teacher_forcing_batch(sentences, vocabulary: Vocabulary) -> tuple[torch.Tensor, torch.Tensor]:
    """inputs [BOS] + words and targets words + [EOS], right-padded with PAD (id 0)."""
    rows = [([1] + vocabulary.ids(s), vocabulary.ids(s) + [2]) for s in sentences]
    width = max(len(i) for i, _ in rows)
    inputs = torch.zeros((len(rows), width), dtype=torch.long)
    targets = torch.zeros((len(rows), width), dtype=torch.long)
    for r, (i, t) in enumerate(rows):
        inputs[r, :len(i)], targets[r, :len(t)] = torch.tensor(i), torch.tensor(t)
    return inputs, targets


def _masked_log_probs(model: nn.Module, inputs: torch.Tensor, vocabulary: Vocabulary) -> torch.Tensor:
    """log-softmax over the predictable tokens only (PAD and BOS get probability 0)."""
    logits = model(inputs)
    blocked = torch.zeros(logits.shape[-1], dtype=torch.bool)
    blocked[[0, 1]] = True
    return torch.log_softmax(logits.masked_fill(blocked, float("-inf")), dim=-1)


def train_lm(model: nn.Module, sentences, vocabulary: Vocabulary, updates: int, seed: int,
             batch_size: int = 32, lr: float = 0.01) -> list[float]:
    """Adam on the mean per-token NLL of random minibatches; returns the loss of every update."""
    g = torch.Generator().manual_seed(seed)
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    losses = []
    for _ in range(updates):
        pick = torch.randint(len(sentences), (batch_size,), generator=g).tolist()
        inputs, targets = teacher_forcing_batch([sentences[i] for i in pick], vocabulary)
        log_probs = _masked_log_probs(model, inputs, vocabulary)
        scored = targets != vocabulary.pad_id
        loss = -log_probs.gather(-1, targets[..., None])[..., 0][scored].mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    return losses


@torch.no_grad()
def held_out_nll(model: nn.Module, sentences, vocabulary: Vocabulary) -> tuple[float, int]:
    """(total NLL in nats, scored tokens) over sentences, EOS counted, PAD excluded."""
    model.eval()
    inputs, targets = teacher_forcing_batch(sentences, vocabulary)
    log_probs = _masked_log_probs(model, inputs, vocabulary).double().numpy()
    model.train()
    return target_nll(log_probs, targets.numpy(), pad_id=vocabulary.pad_id)


@torch.no_grad()
def next_token_logits(model: nn.Module, prefix, vocabulary: Vocabulary) -> np.ndarray:
    """Logits over [EOS] + words after [BOS] + prefix (the predictable tokens, in that order)."""
    model.eval()
    inputs = torch.tensor([[1] + vocabulary.ids(prefix)])
    logits = model(inputs)[0, -1].double().numpy()
    model.train()
    return logits[vocabulary.predictable]


def generate(model: nn.Module, prefix, vocabulary: Vocabulary, rng: np.random.Generator, tau: float = 1.0,
             top_k: int | None = None, top_p: float | None = None, max_words: int = 20) -> list[str]:
    """Continue `prefix` one token at a time from kernels.sampling.decoding_distribution until EOS
    or max_words new words; tau=0 is greedy (the temperature limit). Returns the new words only."""
    from kernels.sampling import decoding_distribution, sample

    candidates = [EOS] + list(vocabulary.words)
    words = list(prefix)
    for _ in range(max_words):
        p = decoding_distribution(next_token_logits(model, words, vocabulary), tau, top_k, top_p)
        token = candidates[int(sample(p, rng))]
        if token == EOS:
            break
        words.append(token)
    return words[len(prefix):]


def distinct_n(sequences, n: int = 2) -> float:
    """Share of distinct n-grams among all n-grams in the generated sequences (a diversity measure)."""
    grams = [tuple(s[i:i + n]) for s in sequences for i in range(len(s) - n + 1)]
    if not grams:
        raise ValueError(f"no sequence is long enough to hold a {n}-gram")
    return len(set(grams)) / len(grams)
