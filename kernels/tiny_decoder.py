"""An untrained causal Transformer decoder in float64 numpy, for checking a KV cache.

Architecture (pre-LN): token embedding + sinusoidal positions -> per layer
x += W_o MHA(LN(x)) and x += FFN(LN(x)) -> final LN -> vocabulary head. Multi-head attention is
scaled dot product with a causal mask, computed head by head with kernels.attention.attend.
Parameters are drawn once from a seeded numpy Generator; nothing is trained, so the logits carry
no knowledge of any task: the model exists to compare two ways of computing the same function.

Three ways to run it:
- forward(tokens): full recomputation over the whole sequence, no cache;
- prefill(tokens): the same forward pass, also returning the per-layer K/V of every position;
- decode_step(token, cache): one new token at position cache.length; its K/V are appended to the
  cache of each layer and its query reads all cached positions. Old positions are not recomputed.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kernels.attention import attend, causal_mask, head_width, sinusoidal_positions
from kernels.blocks import layer_norm


@dataclass(frozen=True)
class DecoderConfig:
    """Everything that fixes a TinyDecoder's function (nanoGPT's GPTConfig, for this model):
    two models built from equal configs compute the same logits."""
    vocab: int                   # token ids 0..vocab-1
    layers: int = 2              # decoder blocks
    width: int = 8               # d_model; split evenly across the heads
    heads: int = 2
    ffn: int = 16                # hidden width of each block's FFN
    seed: int = 20261021         # numpy Generator seed for every parameter
    max_positions: int = 4096    # rows of the sinusoidal position table

    def __post_init__(self):
        for name in ("vocab", "layers", "width", "heads", "ffn", "max_positions"):
            if int(getattr(self, name)) != getattr(self, name) or getattr(self, name) < 1:
                raise ValueError(f"DecoderConfig.{name} must be a positive integer, got {getattr(self, name)!r}")
        if self.width % self.heads:
            raise ValueError(f"DecoderConfig.width={self.width} must split evenly across heads={self.heads}")


class KVCache:
    """Per-layer keys and values, shape (heads, positions, head_dim), in preallocated buffers.

    Appending writes into spare capacity (doubled when full), so a decode step costs O(width)
    for the append instead of copying the whole history. keys(layer)/values(layer) are views of
    the valid positions only; nbytes counts those valid arrays, not the spare capacity.
    """

    def __init__(self, layers: int, heads: int, head_dim: int, capacity: int = 64):
        self._k = [np.empty((heads, capacity, head_dim)) for _ in range(layers)]
        self._v = [np.empty((heads, capacity, head_dim)) for _ in range(layers)]
        self._len = [0] * layers

    @property
    def length(self) -> int:
        """Positions fully cached (in every layer)."""
        return min(self._len)

    def layer_length(self, layer: int) -> int:
        return self._len[layer]

    def append(self, layer: int, k: np.ndarray, v: np.ndarray) -> None:
        """Append k, v of shape (heads, n_new, head_dim) to one layer."""
        n, need = k.shape[1], self._len[layer] + k.shape[1]
        if need > self._k[layer].shape[1]:
            capacity = max(need, 2 * self._k[layer].shape[1])
            for store in (self._k, self._v):
                grown = np.empty((store[layer].shape[0], capacity, store[layer].shape[2]))
                grown[:, :self._len[layer]] = store[layer][:, :self._len[layer]]
                store[layer] = grown
        self._k[layer][:, self._len[layer]:need] = k
        self._v[layer][:, self._len[layer]:need] = v
        self._len[layer] = need

    def keys(self, layer: int) -> np.ndarray:
        return self._k[layer][:, :self._len[layer]]

    def values(self, layer: int) -> np.ndarray:
        return self._v[layer][:, :self._len[layer]]

    def truncate(self, length: int) -> None:
        """Keep only positions 0..length-1 (reuse the prefix before the first changed token)."""
        self._len = [min(n, length) for n in self._len]

    def copy(self) -> "KVCache":
        new = KVCache.__new__(KVCache)
        new._k = [k.copy() for k in self._k]
        new._v = [v.copy() for v in self._v]
        new._len = list(self._len)
        return new

    @property
    def nbytes(self) -> int:
        return int(sum(self.keys(i).nbytes + self.values(i).nbytes for i in range(len(self._len))))


class TinyDecoder:
    """Seeded, untrained decoder-only Transformer (float64). See the module docstring."""

    def __init__(self, config: DecoderConfig):
        self.config = config
        vocab, layers, width, ffn = config.vocab, config.layers, config.width, config.ffn
        max_positions = config.max_positions
        self.head_dim = head_width(width, config.heads)
        rng = np.random.default_rng(config.seed)

        def dense(fan_in, fan_out):
            return rng.normal(0.0, 1.0 / np.sqrt(fan_in), size=(fan_in, fan_out))

        self.embedding = rng.normal(0.0, 1.0, size=(vocab, width))
        self.positions = sinusoidal_positions(max_positions, width)
        self.blocks = []
        for _ in range(layers):
            self.blocks.append({
                "W_q": dense(width, width), "W_k": dense(width, width), "W_v": dense(width, width),
                "W_o": dense(width, width),
                "W_1": dense(width, ffn), "b_1": rng.normal(0.0, 0.1, size=ffn),
                "W_2": dense(ffn, width), "b_2": rng.normal(0.0, 0.1, size=width),
            })
        self.head = dense(width, vocab)

    # ------------------------------------------------------------------ pieces
    def _split(self, x: np.ndarray) -> np.ndarray:
        """(n, width) -> (heads, n, head_dim)."""
        return x.reshape(x.shape[0], self.config.heads, self.head_dim).transpose(1, 0, 2)

    def _merge(self, x: np.ndarray) -> np.ndarray:
        """(heads, n, head_dim) -> (n, width)."""
        return x.transpose(1, 0, 2).reshape(x.shape[1], -1)

    def _ffn(self, block: dict, x: np.ndarray) -> np.ndarray:
        return np.maximum(x @ block["W_1"] + block["b_1"], 0.0) @ block["W_2"] + block["b_2"]

    def _embed(self, tokens, start: int) -> np.ndarray:
        tokens = np.asarray(tokens, dtype=np.int64)
        if tokens.min(initial=0) < 0 or tokens.max(initial=0) >= self.config.vocab:
            raise ValueError(f"token ids must lie in 0..{self.config.vocab - 1}")
        end = start + len(tokens)
        if end > self.config.max_positions:
            raise ValueError(f"position {end - 1} exceeds max_positions={self.config.max_positions}")
        return self.embedding[tokens] + self.positions[start:end]

    def _store(self, cache: KVCache, layer: int, k: np.ndarray, v: np.ndarray) -> None:
        """Append one layer's new K/V to the cache (a seam where a test can break the cache)."""
        cache.append(layer, k, v)

    # ------------------------------------------------------------------ full passes
    def _run(self, tokens, causal: bool, cache: KVCache | None) -> np.ndarray:
        x = self._embed(tokens, 0)
        n = len(x)
        allowed = causal_mask(n) if causal else None
        for layer, block in enumerate(self.blocks):
            h = layer_norm(x)
            q, k, v = (self._split(h @ block[name]) for name in ("W_q", "W_k", "W_v"))
            if cache is not None:
                self._store(cache, layer, k, v)
            heads = [attend(q[i], k[i], v[i], scale=True, allowed=allowed).context
                     for i in range(self.config.heads)]
            x = x + self._merge(np.stack(heads)) @ block["W_o"]
            x = x + self._ffn(block, layer_norm(x))
        return layer_norm(x) @ self.head

    def forward(self, tokens, causal: bool = True) -> np.ndarray:
        """Logits (n, vocab) for every position by full recomputation (no cache).
        causal=False lets every position read every other one (a bidirectional encoder stack)."""
        return self._run(tokens, causal, None)

    def prefill(self, tokens) -> tuple[np.ndarray, KVCache]:
        """Causal forward pass over a known prefix; returns its logits and the filled K/V cache."""
        cache = KVCache(self.config.layers, self.config.heads, self.head_dim,
                        capacity=max(64, 2 * len(tokens)))
        return self._run(tokens, True, cache), cache

    def prefill_states(self, tokens, causal: bool = True) -> list[tuple[np.ndarray, np.ndarray]]:
        """Per-layer (K, V) of every position, shape (heads, n, head_dim), from a full pass."""
        cache = KVCache(self.config.layers, self.config.heads, self.head_dim, capacity=max(1, len(tokens)))
        self._run(tokens, causal, cache)
        return [(cache.keys(i).copy(), cache.values(i).copy()) for i in range(self.config.layers)]

    # ------------------------------------------------------------------ incremental decoding
    def decode_step(self, token: int, cache: KVCache) -> np.ndarray:
        """Logits (vocab,) for one new token at position cache.length, appending its K/V.

        The new query reads the cached keys and values of every earlier position plus its own;
        earlier positions are not recomputed. The cache is updated in place.
        """
        position = cache.length
        x = self._embed([token], position)
        for layer, block in enumerate(self.blocks):
            h = layer_norm(x)
            q, k, v = (self._split(h @ block[name]) for name in ("W_q", "W_k", "W_v"))
            self._store(cache, layer, k, v)
            K, V = cache.keys(layer), cache.values(layer)
            heads = [attend(q[i, 0], K[i], V[i], scale=True).context for i in range(self.config.heads)]
            x = x + np.concatenate(heads)[None, :] @ block["W_o"]
            x = x + self._ffn(block, layer_norm(x))
        return (layer_norm(x) @ self.head)[0]
