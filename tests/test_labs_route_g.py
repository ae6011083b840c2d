"""Route G part 1: the equivalence check turns red on a broken cache, and the exact byte counts
follow the kernel (tests of the formula itself are in tests/kernels/test_roofline.py)."""
import pytest

from kernels.roofline import decode_step_bytes
from kernels.tiny_decoder import DecoderConfig, TinyDecoder
from labs import route_g as g

SMALL = DecoderConfig(vocab=31, layers=2, width=8, heads=2, ffn=16, seed=3)


class ForgetsHistory(TinyDecoder):
    """Each decode step sees only its own K/V: the cache is emptied before the append."""

    def _store(self, cache, layer, k, v):
        if k.shape[1] == 1:
            cache._len[layer] = 0
        super()._store(cache, layer, k, v)


def test_a_correct_cache_is_identical_within_tolerance():
    tokens = g.prompt(SMALL, 12, seed=1)
    r = g.equivalence(TinyDecoder(SMALL), tokens, new=6)
    assert r["within"] == r["steps"] == 6 and r["full_sequence"] == r["cached_sequence"]
    assert r["final_cache_lengths"] == [12 + 5] * SMALL.layers


def test_a_cache_that_forgets_history_fails_the_check():
    with pytest.raises(g.EquivalenceFailed, match="differ from full recomputation"):
        g.equivalence(ForgetsHistory(SMALL), g.prompt(SMALL, 12, seed=1), new=6)


def test_exact_bytes_sum_the_kernel_over_the_timed_steps():
    b = g.exact_bytes(SMALL, prompt_length=10, new=4)
    steps = [decode_step_bytes(SMALL, p).total for p in (11, 12, 13)]
    assert b["total_all_steps"] == sum(steps) and b["total_last_step"] == steps[-1]
