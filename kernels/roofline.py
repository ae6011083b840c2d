"""How close a decode step is to the memory bound: the bytes one cached step must read, and the
share of a measured copy bandwidth that reading them at a measured rate represents.

A cached decode step of kernels.tiny_decoder.TinyDecoder reads, for one new token:
- one embedding row and one position row (width numbers each);
- per layer: W_q, W_k, W_v, W_o (width x width each), W_1 (width x ffn), b_1 (ffn),
  W_2 (ffn x width), b_2 (width); LayerNorm has no parameters in this model;
- the vocabulary head (width x vocab);
- the K and V of every cached position in every layer, its own new one included
  (kernels.resources.kv_cache_bytes, the one KV formula of the project).
Activations (a few vectors of width numbers) are left out: they are written and read inside the
step and stay in the processor's cache. The count is a lower bound on memory traffic: a real run
may read some bytes twice or find some already in cache (small models fit in cache entirely).
"""
from __future__ import annotations

from dataclasses import dataclass

from kernels.resources import kv_cache_bytes


@dataclass(frozen=True)
class StepBytes:
    """Bytes one cached decode step reads, split into parameters and cached K/V."""
    weights: int
    cache: int

    @property
    def total(self) -> int:
        return self.weights + self.cache


def decode_step_weight_elements(vocab: int, layers: int, width: int, ffn: int) -> int:
    """Parameters one decode step reads: the two input rows, every block, and the head."""
    for name, value in (("vocab", vocab), ("layers", layers), ("width", width), ("ffn", ffn)):
        if int(value) != value or value < 1:
            raise ValueError(f"{name} must be a positive integer, got {value!r}")
    per_layer = 4 * width * width + width * ffn + ffn + ffn * width + width
    return 2 * width + layers * per_layer + width * vocab


def decode_step_bytes(config, positions: int, bytes_per_element: int = 8) -> StepBytes:
    """Bytes read by one cached decode step of a decoder with this config (a DecoderConfig or any
    object with vocab, layers, width, heads, ffn) when the query reads `positions` cached
    positions (the cache length after the step's own K/V is appended)."""
    if int(positions) != positions or positions < 1:
        raise ValueError(f"positions must be a positive integer (the cache length after the append), got {positions!r}")
    if config.width % config.heads:
        raise ValueError(f"width={config.width} must split evenly across heads={config.heads}")
    weights = decode_step_weight_elements(config.vocab, config.layers, config.width, config.ffn) * bytes_per_element
    cache = kv_cache_bytes(config.layers, 1, positions, config.heads, config.width // config.heads, bytes_per_element)
    return StepBytes(weights=weights, cache=cache)


def bytes_per_second(nbytes: float, seconds: float) -> float:
    if seconds <= 0:
        raise ValueError(f"seconds must be positive, got {seconds!r}")
    return nbytes / seconds


def copy_traffic_bytes(array_bytes: int) -> int:
    """Memory traffic of copying an array into another: every byte read once and written once."""
    return 2 * array_bytes


def bandwidth_fraction(step_bytes: float, step_seconds: float, copy_bytes: float, copy_seconds: float) -> float:
    """Achieved read rate of the decode step as a share of the copy's traffic rate (1.0 = as fast
    as a plain memory copy moves bytes)."""
    return bytes_per_second(step_bytes, step_seconds) / bytes_per_second(copy_bytes, copy_seconds)
