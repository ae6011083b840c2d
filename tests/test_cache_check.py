"""The character-stream cache check of lecture §7.15 passes its two assertions, reproduces the
structural facts of §7.13, and turns red when the cache or the negative control is broken."""
import numpy as np
import pytest

from kernels.tiny_decoder import DecoderConfig, TinyDecoder
from verify.lecture.ch07 import (CacheCheckFailed, build_decoder, character_stream, document, run_cache_check,
                                 vocabulary)


def test_structural_facts_of_the_character_stream():
    s = character_stream()
    assert (s["vocab_size"], s["tokens"], s["prefill"], s["key_start"]) == (71, 161, 141, 108)
    assert (s["moved_tokens"], s["moved_key_start"], s["appended"]) == (161, 0, 20)


def test_the_check_passes_both_assertions():
    r = run_cache_check()
    assert r["steps"] == 20 and r["within"] == 20 and r["max_error"] < 1e-10
    assert r["stale_delta"] > 1e-10
    assert r["cached_bytes"] == 2 * 2 * 161 * 2 * 4 * 8


class SkipsOneAppend(TinyDecoder):
    """Forgets to append the K/V of one decode step (position 150) in the first layer."""

    def _store(self, cache, layer, k, v):
        if k.shape[1] == 1 and layer == 0 and cache.layer_length(0) == 150:
            return
        super()._store(cache, layer, k, v)


class ReadsOnlyItself(TinyDecoder):
    """A decode step that attends to its own K/V only, ignoring the cached history."""

    def _store(self, cache, layer, k, v):
        super()._store(cache, layer, k, v)
        if k.shape[1] == 1:
            n = cache.layer_length(layer)
            cache._k[layer][:, :n - 1] = 0.0
            cache._v[layer][:, :n - 1] = 0.0


@pytest.mark.parametrize("broken", [SkipsOneAppend, ReadsOnlyItself])
def test_a_broken_cache_turns_the_check_red(broken):
    n_vocab = len(vocabulary(document()))
    with pytest.raises(CacheCheckFailed, match="incremental logits differ"):
        run_cache_check(broken(DecoderConfig(vocab=n_vocab, layers=2, width=8, heads=2, ffn=16, seed=20261021)))


def test_a_blind_negative_control_turns_the_check_red():
    """If 蓝 and 绿 had the same embedding, the stale cache could not be told apart: the check must fail."""
    vocab = vocabulary(document())
    model = build_decoder(len(vocab))
    model.embedding[vocab.index("绿")] = model.embedding[vocab.index("蓝")]
    with pytest.raises(CacheCheckFailed, match="stale cache"):
        run_cache_check(model)


def test_decoder_cache_views_and_truncation():
    model = TinyDecoder(DecoderConfig(vocab=11, width=8, heads=2, ffn=16))
    tokens = np.arange(11) % 11
    _, cache = model.prefill(tokens[:3])
    for t in tokens[3:]:
        model.decode_step(int(t), cache)
    assert cache.length == 11 and cache.keys(0).shape == (2, 11, 4)
    cache.truncate(4)
    np.testing.assert_allclose(model.decode_step(int(tokens[4]), cache), model.forward(tokens[:5])[-1], atol=1e-12)
