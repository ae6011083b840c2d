"""kernels.roofline: the formula for the bytes of one cached decode step against an independent
count, the .nbytes of the very arrays TinyDecoder.decode_step reads."""
import numpy as np
import pytest

from kernels.roofline import (StepBytes, bandwidth_fraction, copy_traffic_bytes, decode_step_bytes,
                              decode_step_weight_elements)
from kernels.tiny_decoder import DecoderConfig, TinyDecoder


def bytes_read_by_arrays(model: TinyDecoder, cache, token: int, position: int) -> tuple[int, int]:
    """Sum .nbytes of every array a decode step touches: the rows it indexes, every block
    parameter, the head, and the cache views its queries read."""
    weights = model.embedding[token].nbytes + model.positions[position].nbytes + model.head.nbytes
    weights += sum(array.nbytes for block in model.blocks for array in block.values())
    kv = sum(cache.keys(i).nbytes + cache.values(i).nbytes for i in range(model.config.layers))
    return weights, kv


@pytest.mark.parametrize("config", [
    DecoderConfig(vocab=11, layers=2, width=8, heads=2, ffn=16),
    DecoderConfig(vocab=37, layers=3, width=12, heads=3, ffn=20, seed=5),
    DecoderConfig(vocab=5, layers=1, width=6, heads=1, ffn=7, seed=9),
])
def test_step_bytes_match_the_arrays_a_decode_step_reads(config):
    model = TinyDecoder(config)
    tokens = np.arange(9) % config.vocab
    _, cache = model.prefill(tokens[:4])
    for position, token in enumerate(tokens[4:], start=4):
        model.decode_step(int(token), cache)           # the step appends, then reads position + 1 entries
        weights, kv = bytes_read_by_arrays(model, cache, int(token), position)
        counted = decode_step_bytes(config, cache.length, model.embedding.itemsize)
        assert counted == StepBytes(weights=weights, cache=kv)
        assert counted.total == weights + kv


def test_float32_halves_every_byte():
    config = DecoderConfig(vocab=50, layers=2, width=8, heads=2, ffn=16)
    assert decode_step_bytes(config, 10, 4).total * 2 == decode_step_bytes(config, 10, 8).total


def test_cache_grows_linearly_and_weights_do_not():
    config = DecoderConfig(vocab=50, layers=2, width=8, heads=2, ffn=16)
    a, b = decode_step_bytes(config, 10), decode_step_bytes(config, 20)
    assert a.weights == b.weights and b.cache == 2 * a.cache


def test_weight_elements_against_a_parameter_count():
    model = TinyDecoder(DecoderConfig(vocab=13, layers=2, width=4, heads=2, ffn=6))
    all_params = model.embedding.size + model.head.size + sum(a.size for b in model.blocks for a in b.values())
    # the step reads one embedding row (not the table) and one position row
    expected = all_params - model.embedding.size + 2 * 4
    assert decode_step_weight_elements(13, 2, 4, 6) == expected


def test_bandwidth_fraction_and_copy_traffic():
    assert copy_traffic_bytes(100) == 200
    assert bandwidth_fraction(50, 1.0, 200, 2.0) == pytest.approx(0.5)
    with pytest.raises(ValueError, match="seconds must be positive"):
        bandwidth_fraction(1, 0.0, 1, 1.0)


def test_bad_input_is_refused():
    config = DecoderConfig(vocab=11, layers=2, width=8, heads=2, ffn=16)
    with pytest.raises(ValueError, match="positions must be a positive integer"):
        decode_step_bytes(config, 0)
    with pytest.raises(ValueError, match="ffn must be a positive integer"):
        decode_step_weight_elements(3, 1, 4, 0)
