"""Resource accounting for one attention model: bytes that must be held, and multiply-accumulates.

Three ledgers are kept apart, as the course asks:
- storage of cached keys/values (grows with the stored prefix) and of a materialized score table
  (grows with queries x keys), in bytes;
- arithmetic, counted in multiply-accumulates (one MAC = one multiply plus one add); a FLOP count
  that counts the multiply and the add separately is twice the MAC count;
- parameter tables (an embedding table is rows x columns numbers).

Bias terms, activations and normalization are left out of the MAC counts, as in lecture §7.3.
"""
from __future__ import annotations

from dataclasses import dataclass

from kernels.attention import attention_score_count


def _positive(**values) -> None:
    for name, value in values.items():
        if int(value) != value or value < 0:
            raise ValueError(f"{name} must be a non-negative integer, got {value!r}")


def kv_cache_bytes(layers: int, batch: int, positions: int, kv_heads: int, head_dim: int,
                   bytes_per_element: int) -> int:
    """2 * L * B * n * H_kv * d_h * s: K and V (the factor 2) for every cached layer, sequence,
    position and KV head. Only the valid K/V arrays: no weights, activations, padding or metadata."""
    _positive(layers=layers, batch=batch, positions=positions, kv_heads=kv_heads, head_dim=head_dim,
              bytes_per_element=bytes_per_element)
    return 2 * layers * batch * positions * kv_heads * head_dim * bytes_per_element


def score_matrix_bytes(n_queries: int, n_keys: int, heads: int = 1, batch: int = 1,
                       bytes_per_element: int = 2) -> int:
    """Bytes of a materialized score (or probability) table: batch * heads * n_q * n_k entries."""
    _positive(heads=heads, batch=batch, bytes_per_element=bytes_per_element)
    return batch * heads * attention_score_count(n_queries, n_keys) * bytes_per_element


def table_elements(rows: int, cols: int) -> int:
    """Numbers in a rows x cols parameter table (e.g. vocabulary x embedding width)."""
    _positive(rows=rows, cols=cols)
    return rows * cols


def table_bytes(rows: int, cols: int, bytes_per_element: int) -> int:
    """Bytes of a rows x cols table stored at bytes_per_element each."""
    _positive(bytes_per_element=bytes_per_element)
    return table_elements(rows, cols) * bytes_per_element


@dataclass(frozen=True)
class MacCount:
    """Multiply-accumulates of one layer, split into the three ledgers of lecture §7.3."""
    projections: int  # Q, K, V and output projections
    ffn: int          # the two FFN matrices
    attention: int    # query-key scores plus the weighted sum of values

    @property
    def total(self) -> int:
        return self.projections + self.ffn + self.attention

    @property
    def per_position(self) -> int:
        """The work each position does on its own (projections and FFN), apart from reading the others."""
        return self.projections + self.ffn

    @property
    def flops(self) -> int:
        """The same work counted as FLOPs (multiply and add counted separately)."""
        return 2 * self.total


def prefill_macs(n: int, d: int, f: int) -> MacCount:
    """One layer over a known prefix of n tokens, width d, FFN width f, dense n x n attention:
    projections 4 n d^2, FFN 2 n d f, scores Q K^T plus A V 2 n^2 d (no causal skipping)."""
    _positive(n=n, d=d, f=f)
    return MacCount(projections=4 * n * d * d, ffn=2 * n * d * f, attention=2 * n * n * d)


def decode_step_macs(t: int, d: int, f: int) -> MacCount:
    """One layer, one new token reading t cached keys: projections 4 d^2, FFN 2 d f, reads 2 t d."""
    _positive(t=t, d=d, f=f)
    return MacCount(projections=4 * d * d, ffn=2 * d * f, attention=2 * t * d)


def recompute_step_macs(t: int, d: int, f: int) -> MacCount:
    """One layer, one new token without a cache: the whole prefix of t + 1 tokens is run again."""
    return prefill_macs(t + 1, d, f)


def recurrent_layer_macs(n: int, d: int) -> int:
    """A dense tanh RNN layer over n steps, input and state width d: W_x x_t and W_h h_{t-1}, d^2 MACs each."""
    _positive(n=n, d=d)
    return n * 2 * d * d


def score_table_growth(scale: int, n: int) -> float:
    """How many times more query-key scores a length of scale * n needs than a length of n (dense, n x n)."""
    from kernels.attention import attention_score_count

    _positive(scale=scale, n=n)
    return attention_score_count(scale * n, scale * n) / attention_score_count(n, n)


def gqa_group_size(query_heads: int, kv_heads: int) -> int:
    """How many query heads share one K/V head in grouped-query attention (H_q / H_kv)."""
    _positive(query_heads=query_heads, kv_heads=kv_heads)
    if kv_heads == 0 or query_heads % kv_heads:
        raise ValueError(f"query_heads={query_heads} must be a positive multiple of kv_heads={kv_heads}")
    return query_heads // kv_heads


def kv_head_for_query_head(query_head: int, query_heads: int, kv_heads: int) -> int:
    """The K/V head that query head h reads under GQA: consecutive groups of H_q / H_kv heads."""
    group = gqa_group_size(query_heads, kv_heads)
    if not 0 <= query_head < query_heads:
        raise ValueError(f"query_head {query_head} is outside 0..{query_heads - 1}")
    return query_head // group


def doubling_ratios(values) -> list[float]:
    """values[i+1] / values[i]: how a measured resource grows from one size to the next
    (about 2 for linear growth and about 4 for quadratic growth when the size doubles)."""
    values = [float(v) for v in values]
    return [b / a for a, b in zip(values, values[1:])]
