"""Measured speed and memory for the execution chapter (lecture chapter 7), one run, as ratios.

1. KV-cache incremental decoding against full recomputation (kernels.tiny_decoder, float64
   numpy, vectorized: no Python loop over scalars). For each prefix length t the cache holds
   t positions and one new token is decoded; the full path reruns all t + 1 positions. The
   logits of both paths are compared before anything is timed.
2. The same comparison at the lecture's DN1 size (2 layers, width 8, 2 heads, FFN 16): a
   16-token prefill followed by 32 predetermined tokens, total decode time, 1 warm-up and
   5 timed repetitions, median (the protocol of the course's archived run).
3. Blocked online-softmax attention (kernels.online_softmax.blocked_attention) against the
   materialized N x N attention (kernels.attention.attend): equal within a stated tolerance,
   fastest-of-repeats time and tracemalloc peak memory as N doubles.
4. The character-stream cache check of lecture §7.15 (verify/lecture/ch07.py), whose measured
   floating-point errors are this machine's and are recorded here with the machine.
5. benchmarks/gpu_attention.py: on CUDA the FlashAttention Figure 2 configuration, else its
   CPU-sized check with the GPU figure marked pending.

Writes benchmarks/results/cpu-latest.json (machine, versions, date); --update replaces the committed cpu.json. Not part of `make test`;
the pages read the committed JSON through their verify functions, so after a new run
`make verify` lists every printed number that changed and the pages must be updated with it.
Usage: python benchmarks/run.py [--quick] [--out PATH]
"""
from __future__ import annotations

import os

# One BLAS/OpenMP thread: the machine is small and shared, so single-threaded timings are the
# stable ones; the thread count is recorded in the results.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import json
import platform
import statistics
import sys
import time
import tracemalloc
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kernels.attention import attend  # noqa: E402
from kernels.online_softmax import blocked_attention  # noqa: E402
from kernels.resources import decode_step_macs, recompute_step_macs  # noqa: E402
from kernels.tiny_decoder import DecoderConfig, TinyDecoder  # noqa: E402

KV_MODEL = {"vocab": 512, "layers": 2, "width": 256, "heads": 4, "ffn": 1024, "seed": 20261021}
KV_PREFIXES = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]
KV_REPEATS = {"cached": 15, "full": 5}
DN1_MODEL = {"vocab": 71, "layers": 2, "width": 8, "heads": 2, "ffn": 16, "seed": 20261021}
DN1_PREFILL, DN1_DECODE, DN1_WARMUP, DN1_REPEATS = 16, 32, 1, 5
ATTN_SIZES = [256, 512, 1024, 2048, 4096]
ATTN_DIM, ATTN_BLOCK, ATTN_REPEATS = 64, 128, 5
LOGIT_TOL = 1e-9     # cached vs full logits, float64
ATTN_TOL = 1e-12     # blocked vs materialized attention outputs, float64


def _best_time(fn, repeats: int) -> tuple[float, list[float]]:
    """Fastest of `repeats` wall-clock runs (the least disturbed by other processes), and all of them."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), times


def machine() -> dict:
    info = {
        "platform": platform.platform(), "machine": platform.machine(),
        "processor": platform.processor() or None, "cpu_count": os.cpu_count(),
        "python": platform.python_version(), "numpy": np.__version__,
        "blas_threads": os.environ.get("OPENBLAS_NUM_THREADS"),
    }
    try:
        import torch
        info["torch"] = torch.__version__
        torch.set_num_threads(1)
        info["torch_threads"] = torch.get_num_threads()
    except ImportError:  # pragma: no cover
        info["torch"] = None
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
        info["cpu_model"] = names[0] if names else None
    except OSError:
        info["cpu_model"] = None
    try:
        info["load_average_at_start"] = list(os.getloadavg())
    except OSError:
        pass
    return info


def kv_cache_benchmark(prefixes=KV_PREFIXES) -> dict:
    cfg = dict(KV_MODEL)
    model = TinyDecoder(DecoderConfig(**cfg, max_positions=max(prefixes) + 2))
    tokens = np.random.default_rng(0).integers(0, cfg["vocab"], size=max(prefixes) + 1)
    model.forward(tokens[:8]); model.prefill(tokens[:8])  # warm-up
    rows = []
    for t in prefixes:
        _, cache = model.prefill(tokens[:t])
        cached_logits = model.decode_step(int(tokens[t]), cache.copy())
        full_logits = model.forward(tokens[:t + 1])[-1]
        error = float(np.max(np.abs(cached_logits - full_logits)))
        assert error < LOGIT_TOL, f"cache and full recomputation disagree at t={t}: {error}"
        copies = [cache.copy() for _ in range(KV_REPEATS["cached"])]
        it = iter(copies)
        cached_s, cached_all = _best_time(lambda: model.decode_step(int(tokens[t]), next(it)),
                                            KV_REPEATS["cached"])
        full_s, full_all = _best_time(lambda: model.forward(tokens[:t + 1]), KV_REPEATS["full"])
        d, f = cfg["width"], cfg["ffn"]
        rows.append({
            "t": t, "cached_s": cached_s, "full_s": full_s, "ratio_full_over_cached": full_s / cached_s,
            "max_logit_error": error, "cached_times_s": cached_all, "full_times_s": full_all,
            # t positions are cached; the new token reads their keys and its own (lecture §7.1): t + 1
            "macs_cached_per_layer": decode_step_macs(t + 1, d, f).total,
            "macs_full_per_layer": recompute_step_macs(t, d, f).total,
        })
        print(f"  kv t={t:5d} cached {cached_s * 1e3:8.3f} ms  full {full_s * 1e3:9.2f} ms  "
              f"ratio {full_s / cached_s:8.1f}  err {error:.1e}", flush=True)
    wins = [r["t"] for r in rows if r["ratio_full_over_cached"] > 1.0]
    first_win = next((r["t"] for i, r in enumerate(rows)
                      if all(x["ratio_full_over_cached"] > 1.0 for x in rows[i:])), None)
    return {
        "model": cfg, "dtype": "float64", "repeats": KV_REPEATS, "logit_tolerance": LOGIT_TOL,
        "protocol": "prefill t tokens (untimed); time one decode step on a fresh copy of the cache "
                    "(fastest of the cached repeats) against forward() over all t+1 tokens (fastest of the "
                    "full repeats); logits compared before timing",
        "rows": rows, "prefixes_where_cache_wins": wins, "cache_wins_from_t": first_win,
    }


def dn1_size_benchmark() -> dict:
    cfg = dict(DN1_MODEL)
    model = TinyDecoder(DecoderConfig(**cfg))
    tokens = np.random.default_rng(1).integers(0, cfg["vocab"], size=DN1_PREFILL + DN1_DECODE)

    def cached():
        _, cache = model.prefill(tokens[:DN1_PREFILL])
        t0 = time.perf_counter()
        out = [model.decode_step(int(tok), cache) for tok in tokens[DN1_PREFILL:]]
        return time.perf_counter() - t0, np.array(out)

    def full():
        t0 = time.perf_counter()
        out = [model.forward(tokens[:n + 1])[-1] for n in range(DN1_PREFILL, len(tokens))]
        return time.perf_counter() - t0, np.array(out)

    error = float(np.max(np.abs(cached()[1] - full()[1])))
    assert error < LOGIT_TOL
    result = {}
    for name, fn in (("cached", cached), ("full", full)):
        for _ in range(DN1_WARMUP):
            fn()
        times = [fn()[0] for _ in range(DN1_REPEATS)]
        result[name] = {"median_s": statistics.median(times), "min_s": min(times), "times_s": times}
    print(f"  dn1-size cached {result['cached']['median_s'] * 1e3:.2f} ms, "
          f"full {result['full']['median_s'] * 1e3:.2f} ms", flush=True)
    return {
        "model": cfg, "prefill": DN1_PREFILL, "decode_tokens": DN1_DECODE, "warmup": DN1_WARMUP,
        "repeats": DN1_REPEATS, "max_logit_error": error,
        "statistic": "median of the timed repetitions (the archived run's protocol); min_s also kept",
        "cached_s": result["cached"]["median_s"], "full_s": result["full"]["median_s"],
        "ratio_full_over_cached": result["full"]["median_s"] / result["cached"]["median_s"],
        "cached_min_s": result["cached"]["min_s"], "full_min_s": result["full"]["min_s"],
        "times_s": {k: v["times_s"] for k, v in result.items()},
    }


def _peak_bytes(fn) -> int:
    tracemalloc.start()
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return int(peak - base)


def attention_memory_benchmark(sizes=ATTN_SIZES) -> dict:
    rng = np.random.default_rng(2)
    rows = []
    for n in sizes:
        Q, K, V = (rng.normal(size=(n, ATTN_DIM)) for _ in range(3))
        full = attend(Q, K, V, scale=True).context
        blocked = blocked_attention(Q, K, V, block=ATTN_BLOCK)
        diff = float(np.max(np.abs(full - blocked)))
        assert diff <= ATTN_TOL, f"blocked attention differs from the materialized one at N={n}: {diff}"
        del full, blocked
        mat_s, _ = _best_time(lambda: attend(Q, K, V, scale=True), ATTN_REPEATS)
        blk_s, _ = _best_time(lambda: blocked_attention(Q, K, V, block=ATTN_BLOCK), ATTN_REPEATS)
        mat_peak = _peak_bytes(lambda: attend(Q, K, V, scale=True))
        blk_peak = _peak_bytes(lambda: blocked_attention(Q, K, V, block=ATTN_BLOCK))
        rows.append({"n": n, "max_abs_diff": diff, "materialized_s": mat_s, "blocked_s": blk_s,
                     "materialized_peak_bytes": mat_peak, "blocked_peak_bytes": blk_peak,
                     "peak_ratio_materialized_over_blocked": mat_peak / blk_peak})
        print(f"  attn N={n:5d} diff {diff:.1e}  mat {mat_s * 1e3:8.1f} ms {mat_peak / 2**20:8.1f} MiB  "
              f"blocked {blk_s * 1e3:8.1f} ms {blk_peak / 2**20:7.2f} MiB", flush=True)
    return {"head_dim": ATTN_DIM, "block": ATTN_BLOCK, "dtype": "float64", "repeats": ATTN_REPEATS,
            "statistic": "fastest of the repeats",
            "tolerance": ATTN_TOL, "memory_tool": "tracemalloc (numpy reports its array buffers)",
            "rows": rows}


def cache_check_record() -> dict:
    from verify.lecture.ch07 import run_cache_check
    check = run_cache_check()
    print(f"  cache check: max error {check['max_error']:.3e}, stale delta {check['stale_delta']:.9f}",
          flush=True)
    return {"max_error": check["max_error"], "errors": check["errors"],
            "stale_delta": check["stale_delta"], "partial_reuse_max_error": check["partial_reuse_max_error"]}


def gpu_attention_record() -> dict:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import gpu_attention
    return gpu_attention.main([])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="lecture chapter 7 benchmarks")
    parser.add_argument("--out", type=Path, default=None,
                        help="default: benchmarks/results/cpu-latest.json; with --update, the committed cpu.json")
    parser.add_argument("--update", action="store_true",
                        help="replace the committed cpu.json the pages read (their claims then need updating)")
    parser.add_argument("--quick", action="store_true", help="small sizes only, for a smoke test")
    args = parser.parse_args(argv)
    if args.out is None:  # never overwrite the committed reference by accident
        args.out = ROOT / "benchmarks" / "results" / ("cpu.json" if args.update else "cpu-latest.json")
    started = time.perf_counter()
    result = {"date_utc": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
              "command": "make bench (python benchmarks/run.py)", "machine": machine()}
    print("KV cache vs full recomputation", flush=True)
    result["kv_cache"] = kv_cache_benchmark(KV_PREFIXES[:6] if args.quick else KV_PREFIXES)
    print("DN1-size decode", flush=True)
    result["dn1_size"] = dn1_size_benchmark()
    print("blocked online softmax vs materialized attention", flush=True)
    result["attention_memory"] = attention_memory_benchmark(ATTN_SIZES[:3] if args.quick else ATTN_SIZES)
    print("character-stream cache check", flush=True)
    result["cache_check"] = cache_check_record()
    print("fused vs naive attention (GPU script)", flush=True)
    result["gpu_attention"] = gpu_attention_record()
    result["wall_s"] = time.perf_counter() - started
    args.out.parent.mkdir(parents=True, exist_ok=True)
    partial = args.out.with_suffix(".json.partial")
    partial.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    partial.replace(args.out)  # atomic: a crash never leaves a half-written results file
    if args.out.resolve() == (ROOT / "benchmarks" / "results" / "cpu.json").resolve():
        from checker import artifacts   # the committed timings are pinned as this run wrote them
        artifacts.write_pins("benchmarks/results/cpu.json")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out} "
          f"in {result['wall_s']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
