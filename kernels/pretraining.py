"""Pretraining objectives as data bookkeeping: what the model is shown and what it must predict.

Primer chapter 15 compares training questions asked of the same Transformer:

- masked language modeling (BERT; Devlin et al. 2019, §3.1): chosen positions are replaced by a
  mask token and the model predicts the original tokens there; no other position is scored;
- causal language modeling (GPT-like): inputs and targets offset by one, see
  `kernels.sampling.next_token_pairs`;
- span corruption (T5; Raffel et al. 2020, §3.1.4 and Figure 2): each run of consecutive chosen
  tokens becomes one sentinel in the input; the target lists every sentinel followed by the
  tokens it replaced, and ends with one more sentinel.

Which positions are corrupted is an input here, never a default rate: how many tokens the papers
corrupt and what they replace them with are training settings this module does not fix.
"""
from __future__ import annotations

from dataclasses import dataclass

MASK = "[MASK]"


def _checked_positions(positions, n: int) -> list[int]:
    chosen = sorted(int(p) for p in positions)
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"positions {list(positions)} repeat a position")
    if chosen and (chosen[0] < 0 or chosen[-1] >= n):
        raise ValueError(f"positions {chosen} must lie in 0..{n - 1} for a sequence of {n} tokens")
    return chosen


@dataclass(frozen=True)
class MaskedExample:
    inputs: list       # the sequence the model reads, chosen positions replaced by the mask token
    labels: list       # the original token at each chosen position, None where nothing is scored

    @property
    def scored(self) -> list[int]:
        """Positions that contribute to the loss (the chosen ones)."""
        return [i for i, y in enumerate(self.labels) if y is not None]


def mask_tokens(tokens, positions, mask_token: str = MASK) -> MaskedExample:
    """One masked-language-modeling example: hide `positions`, keep their tokens as the answers.

    The model reads the whole corrupted sequence, left and right of each mask, and is scored only
    at the masked positions (labels None elsewhere, like an ignore index).
    """
    tokens = list(tokens)
    chosen = set(_checked_positions(positions, len(tokens)))
    inputs = [mask_token if i in chosen else t for i, t in enumerate(tokens)]
    labels = [t if i in chosen else None for i, t in enumerate(tokens)]
    return MaskedExample(inputs, labels)


def t5_sentinel(i: int) -> str:
    """Name of the i-th sentinel as in the released T5 vocabulary (<extra_id_0>, <extra_id_1>, ...)."""
    return f"<extra_id_{int(i)}>"


def _runs(chosen: list[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive positions as (start, end) with end exclusive."""
    runs = []
    for p in chosen:
        if runs and runs[-1][1] == p:
            runs[-1] = (runs[-1][0], p + 1)
        else:
            runs.append((p, p + 1))
    return runs


def span_corruption(tokens, positions, sentinels=None) -> tuple[list, list]:
    """(encoder input, decoder target) for T5-style span corruption.

    Consecutive chosen positions form one span and share one sentinel; sentinels are used in order
    and are unique within the example. The target is sentinel_1 span_1 sentinel_2 span_2 ... and
    a final sentinel that closes the last span. `sentinels` is a sequence of names (at least one
    more than the number of spans); by default t5_sentinel(0), t5_sentinel(1), ...
    """
    tokens = list(tokens)
    chosen = _checked_positions(positions, len(tokens))
    runs = _runs(chosen)
    names = [t5_sentinel(i) for i in range(len(runs) + 1)] if sentinels is None else list(sentinels)
    if len(names) < len(runs) + 1:
        raise ValueError(f"{len(runs)} spans need {len(runs) + 1} sentinels, got {len(names)}")
    if len(set(names[:len(runs) + 1])) != len(runs) + 1:
        raise ValueError("sentinels must be distinct within one example")
    inputs, targets, cursor = [], [], 0
    for k, (start, end) in enumerate(runs):
        inputs += tokens[cursor:start] + [names[k]]
        targets += [names[k]] + tokens[start:end]
        cursor = end
    inputs += tokens[cursor:]
    targets.append(names[len(runs)])
    return inputs, targets


def restore_spans(inputs, targets, sentinels) -> list:
    """Undo span_corruption: put each span of the target back in place of its sentinel."""
    names = list(sentinels)
    spans, current = {}, None
    for tok in targets:
        if tok in names:
            current = tok
            spans.setdefault(current, [])
        elif current is None:
            raise ValueError(f"target must start with a sentinel, starts with {tok!r}")
        else:
            spans[current].append(tok)
    restored = []
    for tok in inputs:
        restored += spans[tok] if tok in spans else [tok]
    return restored

