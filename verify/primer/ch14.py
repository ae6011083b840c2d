"""Primer chapter 14: counting grid cells to understand compute and memory (教学构造).

The sizes (sentence lengths, vocabulary, widths, layers, heads, bytes per number) are the
primer's given teaching numbers, defined once here; every result goes through kernels.resources
or kernels.attention. §14.6 also reads this project's committed benchmark results
(benchmarks/results/cpu.json, written by `make bench`).
"""
from __future__ import annotations

import json
from pathlib import Path

from kernels.attention import attention_score_count
from kernels.resources import (decode_step_macs, doubling_ratios, kv_cache_bytes, recompute_step_macs,
                               score_matrix_bytes, score_table_growth, table_bytes, table_elements)
from checker.evidence import from_runs, inputs, kinds
from checker.numbers import Quantity

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results" / "cpu.json"

SHORT, LONG = 100, 200                  # §14.1: a sentence of 100 words, then 200
GRID_LENGTHS = (4, 8, 16)               # §14.2 table
BIG_N, SCORE_BYTES, MANY_HEADS = 4096, 2, 32
VOCAB, DIM, FLOAT_BYTES = 10_000, 128, 4   # §14.3
VOCAB_SCALE = 2                         # §14.3: the vocabulary (then the width too) doubles
KV = {"batch": 1, "layers": 32, "positions": 8192, "kv_heads": 8, "head_dim": 128, "bytes": 2}  # §14.5
QUERY_HEADS = 32                        # what a wrong substitution would plug in (本页自建对照)
STEP_N, STEP_D, STEP_F = 2048, 256, 1024   # §14.6: the benchmark model's layer size
EXERCISE_SCALE = 2                      # §14.6 exercise: the input length doubles


@kinds(course="growth long short", site_construction="long_cells short_cells",
       rules={"growth": "§14.2 (course_also): 长度翻倍，表格面积变为四倍; 100 → 200 words is such a doubling"})
@inputs("long", "short")
def three_costs() -> dict:
    """§14.1: doubling the sentence quadruples one head's score table; the weights do not change."""
    short, long = attention_score_count(SHORT, SHORT), attention_score_count(LONG, LONG)
    return {"short": SHORT, "long": LONG, "short_cells": short, "long_cells": long, "growth": long / short}


@kinds(course="all_heads big_cells big_n bytes_each heads one_head rows")
@inputs("big_n", "bytes_each", "heads")
def quadratic_growth() -> dict:
    """§14.2: cells per length, one 4,096-token head in bytes, and 32 such heads."""
    rows = [{"n": n, "per_row": n, "cells": attention_score_count(n, n)} for n in GRID_LENGTHS]
    return {"rows": rows, "big_n": BIG_N, "big_cells": attention_score_count(BIG_N, BIG_N),
            "bytes_each": SCORE_BYTES, "one_head": Quantity(score_matrix_bytes(BIG_N, BIG_N, bytes_per_element=SCORE_BYTES), "MiB"),
            "heads": MANY_HEADS,
            "all_heads": Quantity(score_matrix_bytes(BIG_N, BIG_N, heads=MANY_HEADS, bytes_per_element=SCORE_BYTES),
                                  "GiB")}


@kinds(course="bytes dim elements float_bytes growth_both growth_vocab scale vocab",
       site_construction="dim2 elements_both elements_vocab2 vocab2",
       rules={"scale": "§14.3 doubles the vocabulary and then the width (词表翻倍, 维度也翻倍): a factor of 2",
              "growth_vocab": "§14.3: 词表翻倍、维度不变，表格大小翻倍 (2 times)",
              "growth_both": "§14.3: 维度也翻倍，则变成原来的四倍 (4 times)"})
@inputs("scale", "dim", "float_bytes", "vocab")
def vocabulary_table() -> dict:
    """§14.3: embedding table size, and what doubling the vocabulary and the width does to it."""
    k = VOCAB_SCALE
    base = table_elements(VOCAB, DIM)
    wider_vocab = table_elements(k * VOCAB, DIM)
    both = table_elements(k * VOCAB, k * DIM)
    return {"vocab": VOCAB, "dim": DIM, "elements": base, "float_bytes": FLOAT_BYTES, "scale": k,
            "bytes": Quantity(table_bytes(VOCAB, DIM, FLOAT_BYTES), "MB"),
            "vocab2": k * VOCAB, "dim2": k * DIM, "elements_vocab2": wider_vocab, "elements_both": both,
            "dim_vocab2": wider_vocab // (k * VOCAB),   # the width of the wider-vocabulary table
            "growth_vocab": wider_vocab / base, "growth_both": both / base}


@kinds(course="batch bytes cache_bytes head_dim kv_copies kv_heads layers positions query_heads",
       # query_heads: lecture §7.4 set it (完整MHA若H_kv=32; its GQA keeps those 32 query heads with 8 KV heads), and
       # the page borrows it (借自) for the primer's model: a value the course set stays the course's
       # (checker/borrowing.py); overestimate and wrong_bytes are what the site computes from it
       site_construction="overestimate wrong_bytes",
       rules={"query_heads": "lecture §7.4: 完整MHA若H_kv=32 — the 32 heads of its full multi-head attention, "
                             "which its GQA shares out among 8 KV heads; §7.10 prints H_q=32/H_kv=8 outright"})
@inputs("query_heads", "batch", "bytes", "head_dim", "kv_heads", "layers", "positions")
def kv_cache_size() -> dict:
    """§14.5: the primer's cache estimate, and the overestimate from plugging in query heads."""
    k = KV
    right = kv_cache_bytes(k["layers"], k["batch"], k["positions"], k["kv_heads"], k["head_dim"], k["bytes"])
    wrong = kv_cache_bytes(k["layers"], k["batch"], k["positions"], QUERY_HEADS, k["head_dim"], k["bytes"])
    return {**k, "kv_copies": kv_cache_bytes(1, 1, 1, 1, 1, 1),   # §14.5: 前面的 2 表示 K 和 V 两份: the kernel's factor
            "query_heads": QUERY_HEADS, "cache_bytes": Quantity(right, "GiB"), "wrong_bytes": Quantity(wrong, "GiB"),
            "overestimate": wrong / right}


@kinds(course="exercise_growth exercise_scale",
       site_construction="d f keys_read n redo_macs redo_over_step step_macs",
       rules={"exercise_scale": "primer §14.6's exercise: 输入长度翻倍 — doubling, a factor of 2 (its answer: "
                                "表格元素数变为四倍)"})
@from_runs("head_dim", "block", "repeats", "n_first", "n_last", "mat_*", "blk_*",
           "n_growth")
@inputs("exercise_scale", "d", "f", "n")
def what_is_saved() -> dict:
    """§14.6: one decode step against a full rerun (MACs), and the measured growth of blocked and
    materialized attention when the length doubles (committed benchmark results)."""
    # STEP_N positions are cached; the new token's own key is read too (lecture §7.1's convention): n + 1 keys
    step, redo = decode_step_macs(STEP_N + 1, STEP_D, STEP_F), recompute_step_macs(STEP_N, STEP_D, STEP_F)
    with open(RESULTS, encoding="utf-8") as f:
        run = json.load(f)
    setup = run["attention_memory"]
    rows = setup["rows"]
    return {"n": STEP_N, "keys_read": STEP_N + 1, "d": STEP_D, "f": STEP_F, "step_macs": step.total, "redo_macs": redo.total,
            "redo_over_step": redo.total / step.total,
            "head_dim": setup["head_dim"], "block": setup["block"], "repeats": setup["repeats"],
            "n_first": rows[0]["n"], "n_last": rows[-1]["n"],
            "mat_peak": [r["materialized_peak_bytes"] for r in rows],
            "blk_peak": [r["blocked_peak_bytes"] for r in rows],
            "mat_growth": doubling_ratios([r["materialized_peak_bytes"] for r in rows]),
            "blk_growth": doubling_ratios([r["blocked_peak_bytes"] for r in rows]),
            "n_growth": rows[-1]["n"] / rows[0]["n"],
            "blk_time_growth_total": rows[-1]["blocked_s"] / rows[0]["blocked_s"],
            "blk_peak_growth_total": rows[-1]["blocked_peak_bytes"] / rows[0]["blocked_peak_bytes"],
            "mat_peak_growth_total": rows[-1]["materialized_peak_bytes"] / rows[0]["materialized_peak_bytes"],
            # the exercise: the input doubles; the dense score table grows by the square of that factor
            "exercise_scale": EXERCISE_SCALE,
            "exercise_growth": int(score_table_growth(EXERCISE_SCALE, STEP_N))}   # an exact ratio of counts
