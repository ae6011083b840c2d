"""Fused attention (torch scaled_dot_product_attention) against the naive three-kernel attention.

The naive path runs three separate kernels and keeps both intermediate tables in memory:
    S = Q K^T / sqrt(d)   ->   P = softmax(S)   ->   O = P V
The fused path is torch.nn.functional.scaled_dot_product_attention, which on a CUDA GPU can
dispatch to a FlashAttention-style kernel that never writes S or P to HBM.

On a CUDA device this measures the configuration of the FlashAttention paper's Figure 2
(Dao et al. 2022, arXiv:2205.14135 v2, Figure 2 left: sequence 1024, head dimension 64,
16 heads, batch 64, forward + backward), in half precision: time and peak memory of each
path and their ratios, after checking that outputs and gradients agree.

Without CUDA it runs a small CPU-sized check of the same code (float32) and records that the
GPU figure is pending; it never writes a GPU number it did not measure.

Usage: python benchmarks/gpu_attention.py [--out benchmarks/results/gpu.json]
Only torch and numpy are needed.
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

FIGURE2 = {"batch": 64, "heads": 16, "seq": 1024, "head_dim": 64, "dtype": "float16"}
CPU_CHECK = {"batch": 2, "heads": 4, "seq": 256, "head_dim": 64, "dtype": "float32"}
TOLERANCE = {"float16": 2e-2, "float32": 1e-4}


def naive_attention(q, k, v):
    """Three kernels, two materialized (batch, heads, seq, seq) tables."""
    s = (q @ k.transpose(-2, -1)) / (q.shape[-1] ** 0.5)
    p = torch.softmax(s, dim=-1)
    return p @ v


def fused_attention(q, k, v):
    return F.scaled_dot_product_attention(q, k, v)


def _inputs(cfg: dict, device: str, seed: int = 0):
    gen = torch.Generator(device="cpu").manual_seed(seed)
    dtype = getattr(torch, cfg["dtype"])
    shape = (cfg["batch"], cfg["heads"], cfg["seq"], cfg["head_dim"])
    q, k, v, g = (torch.randn(shape, generator=gen).to(device=device, dtype=dtype) for _ in range(4))
    return q, k, v, g


def _fwd_bwd(fn, q, k, v, g):
    q, k, v = (t.detach().requires_grad_(True) for t in (q, k, v))
    out = fn(q, k, v)
    out.backward(g)
    return out.detach(), q.grad, k.grad, v.grad


def _sync(device: str):
    if device == "cuda":
        torch.cuda.synchronize()


def measure(fn, q, k, v, g, device: str, warmup: int, repeats: int) -> dict:
    """Median wall time of forward + backward, and peak memory (CUDA: max_memory_allocated)."""
    for _ in range(warmup):
        _fwd_bwd(fn, q, k, v, g)
    _sync(device)
    times = []
    peak = None
    if device == "cuda":
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
        base = torch.cuda.memory_allocated()
    for _ in range(repeats):
        _sync(device)
        t0 = time.perf_counter()
        _fwd_bwd(fn, q, k, v, g)
        _sync(device)
        times.append(time.perf_counter() - t0)
    if device == "cuda":
        peak = int(torch.cuda.max_memory_allocated() - base)
    return {"median_s": statistics.median(times), "min_s": min(times), "times_s": times, "peak_extra_bytes": peak}


def run(cfg: dict, device: str, warmup: int, repeats: int, statistic: str = "median_s") -> dict:
    """Check agreement, then time both paths; `statistic` (median_s or min_s) makes the ratio."""
    q, k, v, g = _inputs(cfg, device)
    ref = _fwd_bwd(naive_attention, q, k, v, g)
    fused = _fwd_bwd(fused_attention, q, k, v, g)
    diffs = [float((a.float() - b.float()).abs().max()) for a, b in zip(ref, fused)]
    tol = TOLERANCE[cfg["dtype"]]
    naive = measure(naive_attention, q, k, v, g, device, warmup, repeats)
    sdpa = measure(fused_attention, q, k, v, g, device, warmup, repeats)
    out = {
        "config": cfg, "device": device, "warmup": warmup, "repeats": repeats,
        "max_abs_diff": {"output": diffs[0], "dq": diffs[1], "dk": diffs[2], "dv": diffs[3]},
        "tolerance": tol, "agree": bool(max(diffs) <= tol),
        "naive": naive, "sdpa": sdpa,
        "statistic": statistic,
        "time_ratio_naive_over_sdpa": naive[statistic] / sdpa[statistic],
    }
    if naive["peak_extra_bytes"] and sdpa["peak_extra_bytes"]:
        out["memory_ratio_naive_over_sdpa"] = naive["peak_extra_bytes"] / sdpa["peak_extra_bytes"]
    return out


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=None, help="write the result JSON here")
    args = parser.parse_args(argv)
    result = {
        "date_utc": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "torch": torch.__version__, "numpy": np.__version__, "python": platform.python_version(),
        "cuda_available": torch.cuda.is_available(),
    }
    if torch.cuda.is_available():
        result["gpu"] = torch.cuda.get_device_name(0)
        result["figure2"] = run(FIGURE2, "cuda", warmup=3, repeats=10)
        result["gpu_figure"] = "measured"
    else:
        torch.manual_seed(0)
        result["cpu_check"] = run(CPU_CHECK, "cpu", warmup=2, repeats=7, statistic="min_s")
        result["gpu_figure"] = "pending: no CUDA device in this run"
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps({k: v for k, v in result.items() if k not in ("cpu_check", "figure2")}, ensure_ascii=False))
    for key in ("cpu_check", "figure2"):
        if key in result:
            r = result[key]
            print(f"{key}: agree={r['agree']} max diff={max(r['max_abs_diff'].values()):.2e} "
                  f"naive {r['naive'][r['statistic']] * 1e3:.2f} ms, sdpa {r['sdpa'][r['statistic']] * 1e3:.2f} ms, "
                  f"ratio {r['time_ratio_naive_over_sdpa']:.2f}")
    return result


if __name__ == "__main__":
    main()
