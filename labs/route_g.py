"""Lab route G, part 1 (lecture §8.4 G, §7.15–§7.16): identical first, then faster.

The same seeded TinyDecoder (eval only: it has no dropout or other train-time behaviour) runs a
greedy continuation two ways, full recomputation of the whole prefix at every step and prefill +
incremental KV cache, with the same tokens, positions and parameters. What is exact (token
sequences, cache lengths, byte counts, how many steps stay within the tolerance) is saved for
comparison; what depends on the machine (timings, last-bit logit differences) is saved under the
results file's `machine_dependent` key, which labs.notebooks does not compare.
"""
from __future__ import annotations

import os
import platform
import time

import numpy as np

from kernels.roofline import bandwidth_fraction, bytes_per_second, copy_traffic_bytes, decode_step_bytes
from kernels.tiny_decoder import DecoderConfig, TinyDecoder

TOLERANCE = 1e-10            # cached vs full logits (float64), asserted per step
PRECISION = "float64"        # TinyDecoder computes in float64 numpy throughout
DEVICE = "cpu"
BATCH = 1                    # TinyDecoder decodes one sequence at a time
# Large enough that one step's weights (about 60 MiB) exceed this CPU's 32 MiB L3, so the cached
# step has to stream its parameters from memory; small enough to time in a few seconds.
TIMING_MODEL = DecoderConfig(vocab=2048, layers=4, width=384, heads=6, ffn=1536, seed=20261130, max_positions=512)
PROMPT_SEED, PROMPT_LENGTH, NEW_TOKENS = 7, 32, 8
WARMUP, REPEATS = 1, 3
FULL_REPEATS = 2             # full recomputation is the slow path: fewer timed runs keep the notebook short
COPY_BYTES = 128 * 2 ** 20   # the memory-copy reference array, far larger than any cache


class EquivalenceFailed(AssertionError):
    pass


def prompt(config: DecoderConfig = TIMING_MODEL, length: int = PROMPT_LENGTH, seed: int = PROMPT_SEED) -> list[int]:
    return np.random.default_rng(seed).integers(0, config.vocab, size=length).tolist()


def generate_full(model: TinyDecoder, tokens: list[int], new: int) -> tuple[list[int], list[np.ndarray]]:
    """Greedy continuation, every step recomputing the whole sequence (no cache)."""
    seq, logits = list(tokens), []
    for _ in range(new):
        last = model.forward(seq)[-1]
        logits.append(last)
        seq.append(int(np.argmax(last)))
    return seq[len(tokens):], logits


def generate_cached(model: TinyDecoder, tokens: list[int], new: int):
    """Greedy continuation: prefill once, then one decode step per new token."""
    prefill_logits, cache = model.prefill(tokens)
    last, out, logits, lengths = prefill_logits[-1], [], [], []
    for step in range(new):
        logits.append(last)
        out.append(int(np.argmax(last)))
        if step < new - 1:                      # the last token is emitted, not fed back
            last = model.decode_step(out[-1], cache)
            lengths.append([cache.layer_length(i) for i in range(model.config.layers)])
    return out, logits, cache, lengths


def equivalence(model: TinyDecoder, tokens: list[int], new: int = NEW_TOKENS) -> dict:
    """Per-step max |logit difference|, both generated sequences, per-layer cache lengths.
    Raises EquivalenceFailed when a step exceeds TOLERANCE or the sequences differ."""
    full_seq, full_logits = generate_full(model, tokens, new)
    cached_seq, cached_logits, cache, lengths = generate_cached(model, tokens, new)
    diffs = [float(np.max(np.abs(a - b))) for a, b in zip(full_logits, cached_logits)]
    if max(diffs) >= TOLERANCE:
        raise EquivalenceFailed(f"cached logits differ from full recomputation by {max(diffs):.3e} "
                                f"at step {int(np.argmax(diffs))} (tolerance {TOLERANCE:g})")
    if full_seq != cached_seq:
        raise EquivalenceFailed("the cached and the full generation chose different tokens")
    return {"steps": len(diffs), "within": sum(d < TOLERANCE for d in diffs), "tolerance": TOLERANCE,
            "full_sequence": full_seq, "cached_sequence": cached_seq,
            "cache_lengths_per_step": lengths,
            "final_cache_lengths": [cache.layer_length(i) for i in range(model.config.layers)],
            "final_cache_bytes": cache.nbytes, "max_logit_diff_per_step": diffs}


def _seconds(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def _best(fn, warmup: int = WARMUP, repeats: int = REPEATS) -> tuple[float, list[float]]:
    """Fastest of `repeats` timed runs after `warmup` untimed ones (the least disturbed by other processes)."""
    for _ in range(warmup):
        fn()
    times = [_seconds(fn) for _ in range(repeats)]
    return min(times), times


def memory_copy_seconds(nbytes: int = COPY_BYTES, warmup: int = WARMUP, repeats: int = REPEATS) -> float:
    """Best time of numpy.copyto between two arrays of nbytes each (both touched before timing)."""
    src = np.ones(nbytes // 8)
    dst = np.zeros_like(src)
    best, _ = _best(lambda: np.copyto(dst, src), warmup, repeats)
    return best


def timing(model: TinyDecoder, tokens: list[int], generated: list[int]) -> dict:
    """Prefill, cached decode (one step per fed-back token) and full-recompute decode of the same
    tokens, timed in one run with the memory copy; bytes per cached step from kernels.roofline.
    `generated` is the greedy continuation from equivalence(); all but its last token are fed back."""
    config = model.config
    _, cache = model.prefill(tokens)
    feed = list(generated[:-1])

    def cached_decode():
        c = cache.copy()
        for tok in feed:
            model.decode_step(tok, c)

    def full_decode():
        seq = list(tokens)
        for tok in feed:
            seq.append(tok)
            model.forward(seq)

    prefill_s, prefill_all = _best(lambda: model.prefill(tokens))
    cached_s, cached_all = _best(cached_decode)
    full_s, full_all = _best(full_decode, WARMUP, FULL_REPEATS)
    copy_s = memory_copy_seconds()
    itemsize = model.embedding.itemsize
    positions = range(len(tokens) + 1, len(tokens) + len(feed) + 1)
    step_bytes = [decode_step_bytes(config, p, itemsize).total for p in positions]
    fraction = bandwidth_fraction(sum(step_bytes), cached_s, copy_traffic_bytes(COPY_BYTES), copy_s)
    return {"warmup": WARMUP, "repeats": REPEATS, "full_repeats": FULL_REPEATS, "statistic": "min",
            "prefill_s": prefill_s, "cached_decode_s": cached_s, "full_decode_s": full_s,
            "prefill_runs_s": prefill_all, "cached_runs_s": cached_all, "full_runs_s": full_all,
            "decode_steps": len(feed), "ratio_full_over_cached": full_s / cached_s,
            "copy_s": copy_s, "copy_bytes_per_s": bytes_per_second(copy_traffic_bytes(COPY_BYTES), copy_s),
            "decode_bytes_per_s": bytes_per_second(sum(step_bytes), cached_s),
            "bandwidth_fraction": fraction}


def exact_bytes(config: DecoderConfig = TIMING_MODEL, prompt_length: int = PROMPT_LENGTH, new: int = NEW_TOKENS,
                itemsize: int = 8) -> dict:
    """The machine-independent byte counts of the timed decode: first and last step, and the sum."""
    steps = [decode_step_bytes(config, p, itemsize) for p in range(prompt_length + 1, prompt_length + new)]
    return {"weights_per_step": steps[0].weights, "cache_first_step": steps[0].cache, "cache_last_step": steps[-1].cache,
            "total_first_step": steps[0].total, "total_last_step": steps[-1].total,
            "total_all_steps": sum(s.total for s in steps), "copy_array_bytes": COPY_BYTES,
            "copy_traffic_bytes": copy_traffic_bytes(COPY_BYTES), "itemsize": itemsize}


def machine() -> dict:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
    except OSError:
        names = []
    return {"cpu_model": names[0] if names else platform.processor() or None, "cpu_count": os.cpu_count(),
            "numpy": np.__version__, "python": platform.python_version(),
            "openblas_threads": os.environ.get("OPENBLAS_NUM_THREADS")}


# --------------------------------------------------------------------------- what the labs page quotes

def headlines(r: dict) -> dict:
    """Long because each headline is computed beside the assertion of the order the page states for it. docs/labs/index.md, section G: machine-independent numbers from the committed results of
    route G (no timings). Every order the page states between two numbers is asserted here."""
    from kernels.fact_task import FactDecoder, FactDecoderConfig
    from checker.numbers import Quantity

    eq, b, c = r["equivalence"], r["bytes"], r["context"]
    if eq["full_sequence"] != eq["cached_sequence"]:
        raise AssertionError("results/labs/route_g.json: the two generations differ; the page says they are identical")
    first, last = c["train_fact_range"]
    rows = c["summary"]["position"]
    inside = [row for row in rows if first <= row["fact_at"] <= last]
    outside = [row for row in rows if not first <= row["fact_at"] <= last]
    worst = min(outside, key=lambda row: row["accuracy"]["mean"])
    # the page says the worst untrained position is the farthest one, and that one seed only guesses there
    assert worst["fact_at"] == min(row["fact_at"] for row in outside), "the farthest position is not the worst"
    at_worst = [next(r for r in seed["position"] if r["fact_at"] == worst["fact_at"]) for seed in c["per_seed"]]
    assert any(r["accuracy"] == 0.5 and r["pair_both_correct"] == 0.0 for r in at_worst), "no seed guesses there"
    # ... and that the drop is not monotone in distance: a nearer position answered worse than a farther one
    dips = [(near, far) for near in outside for far in outside
            if far["fact_at"] < near["fact_at"] and near["accuracy"]["mean"] < far["accuracy"]["mean"]]
    assert dips, "accuracy falls monotonically with distance outside the trained range"
    dip, dip_farther = min(dips, key=lambda pair: pair[0]["accuracy"]["mean"] - pair[1]["accuracy"]["mean"])
    in_min = min(min(row[m]["min"] for m in ("accuracy", "pair_both_correct")) for row in inside)
    out_acc = [row["accuracy"]["mean"] for row in outside]
    # the page says accuracy falls outside the trained range: every outside mean below every inside minimum
    assert max(out_acc) < in_min, "an untrained position is answered as well as the trained ones"
    sweeps = {int(k.rsplit("_", 1)[1]): v for k, v in c["summary"].items() if k.startswith("distractors_at_")}
    far_at = next(at for at in sorted(sweeps) if not first <= at <= last)   # the fact outside the trained range
    near_at = next(at for at in sorted(sweeps) if first <= at <= last)
    far = {row["distractors"]: row for row in sweeps[far_at]}
    near = sweeps[near_at]
    none_k, most_k = min(far), max(far)
    # the page says the change with distractors stays inside the seed-to-seed spread without distractors
    assert far[none_k]["accuracy"]["min"] <= far[most_k]["accuracy"]["mean"] <= far[none_k]["accuracy"]["max"], \
        "with the most distractors the mean leaves the seed spread: the page's reading no longer holds"
    near_min = min(min(row[m]["min"] for m in ("accuracy", "pair_both_correct")) for row in near)
    untrained = c["untrained_seed0"]["position"]
    return {
        "g_steps": eq["steps"], "g_within": eq["within"], "g_tol": eq["tolerance"], "g_prompt": len(r["prompt"]),
        "g_layers": r["model"]["layers"], "g_width": r["model"]["width"], "g_final_len": eq["final_cache_lengths"][0],
        "g_weights": Quantity(b["weights_per_step"], "MiB"),
        "g_weight_share": b["weights_per_step"] / b["total_last_step"],
        "g_seeds": len(c["seeds"]), "g_params": c["parameters"], "g_updates": c["updates"],
        "g_frozen": FactDecoder(FactDecoderConfig()).frozen_entries,
        "g_length": c["length"], "g_train_first": first, "g_train_last": last, "g_pairs": c["test_pairs_per_cell"]["position"],
        "g_in_min": in_min, "g_out_acc": [min(out_acc), max(out_acc)],
        "g_dip_at": dip["fact_at"], "g_dip_acc": dip["accuracy"]["mean"],
        "g_dip_farther_at": dip_farther["fact_at"], "g_dip_farther_acc": dip_farther["accuracy"]["mean"],
        "g_guess_acc": worst["accuracy"]["min"], "g_guess_pair": worst["pair_both_correct"]["min"],
        "g_worst_at": worst["fact_at"], "g_worst_acc": worst["accuracy"]["mean"],
        "g_worst_acc_range": [worst["accuracy"]["min"], worst["accuracy"]["max"]],
        "g_worst_pair": worst["pair_both_correct"]["mean"],
        "g_worst_pair_range": [worst["pair_both_correct"]["min"], worst["pair_both_correct"]["max"]],
        "g_far_at": far_at, "g_near_at": near_at, "g_near_min": near_min,
        "g_k_none": none_k, "g_k_most": most_k,
        "g_far_acc": [far[none_k]["accuracy"]["mean"], far[most_k]["accuracy"]["mean"]],
        "g_far_pair": [far[none_k]["pair_both_correct"]["mean"], far[most_k]["pair_both_correct"]["mean"]],
        "g_far_none_range": [far[none_k]["accuracy"]["min"], far[none_k]["accuracy"]["max"]],
        "g_suffix_pair": c["shared_suffix_predictor"]["pair_both_correct"],
        "g_untrained_acc": sum(row["accuracy"] for row in untrained) / len(untrained),
    }

