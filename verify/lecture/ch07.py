"""Lecture chapter 7: how the same attention is executed (prefill, decode, KV cache, online
softmax, GQA) and the character-stream cache check of §7.13–§7.18.

Inputs are module constants, defined once. Every number is computed through kernels
(kernels.resources, kernels.online_softmax, kernels.tiny_decoder, kernels.attention) or read
from the committed benchmark results (benchmarks/results/cpu.json, written by `make bench`
with the machine, versions and date). The course's archived numbers (1.804×10⁻¹⁵, 19.95 ms, …)
are not here: the pages cite them as records.
"""
from __future__ import annotations

import json
import re
from itertools import combinations
from pathlib import Path

import numpy as np

from kernels.attention import masked_softmax
from kernels.online_softmax import online_read, per_block_outputs
from kernels.probability import softmax
from kernels.resources import (decode_step_macs, doubling_ratios, gqa_group_size, kv_cache_bytes,
                               kv_head_for_query_head, prefill_macs, recompute_step_macs, score_matrix_bytes)
from kernels.tiny_decoder import DecoderConfig, TinyDecoder
from checker.evidence import from_runs, inputs, kinds
from checker.numbers import Quantity

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results" / "cpu.json"

# --------------------------------------------------------------------------- §7.11–§7.18 inputs

RECORDS = (  # (time, text) exactly as lecture §7.11 gives them
    ("09:00", "林岑把备用钥匙放在蓝柜；取件人是周禾。"),
    ("09:10", "陈默说红柜空着；这句话只说明红柜，没有改动钥匙。"),
    ("09:20", "林岑通知：把那把备用钥匙改放红柜。"),
    ("09:30", "周禾回复：我还没取；“那把”指备用钥匙。"),
    ("09:40", "林岑撤回09:20的改放通知：它仍在蓝柜，取件人不变。"),
)
QUESTION = "问题：现在周禾应去哪个柜子取备用钥匙？"
HUMAN_RULE_ANSWER = "蓝柜"         # the course's task truth, not a model output
CONTROL_CHAR = "绿"                # added to the vocabulary for the negative control
STALE_OLD, STALE_NEW = "蓝柜", "绿柜"  # the first occurrence is changed
KEY_RECORD = "09:40"               # the retraction record
MOVED_ORDER = (4, 0, 1, 2, 3)      # the 09:40 record moved to the front, others in order
DECODER = {"layers": 2, "width": 8, "heads": 2, "ffn": 16, "seed": 20261021}
TOLERANCE = 1e-10                  # cached vs full logits, asserted


def document(order=range(len(RECORDS))) -> str:
    """The records, one per line as 'HH:MM text', then a newline and the question."""
    return "\n".join(f"{RECORDS[i][0]} {RECORDS[i][1]}" for i in order) + "\n" + QUESTION


def vocabulary(text: str) -> list[str]:
    """Every code point of the text plus the control character, sorted; index = token id."""
    return sorted(set(text + CONTROL_CHAR))


def encode(text: str, vocab: list[str]) -> list[int]:
    ids = {ch: i for i, ch in enumerate(vocab)}
    return [ids[ch] for ch in text]


def record_spans(text: str) -> list[dict]:
    """[start, end) of each record line in `text`, zero-based, in the order of RECORDS."""
    spans = []
    for stamp, body in RECORDS:
        start = re.search(rf"(?m)^{re.escape(stamp)} ", text).start()
        spans.append({"event": stamp, "start": start, "end": start + len(f"{stamp} {body}")})
    return spans


def build_decoder(vocab_size: int) -> TinyDecoder:
    return TinyDecoder(DecoderConfig(vocab=vocab_size, **DECODER))


class CacheCheckFailed(AssertionError):
    pass


def run_cache_check(model: TinyDecoder | None = None) -> dict:
    """Prefill the record text, decode the newline and question one token at a time, and compare
    every step with full recomputation; then the stale-cache negative control.

    Asserts (raises CacheCheckFailed): every step within TOLERANCE, and the stale cache differs
    from the fresh recomputation by more than TOLERANCE. `model` may be any object with the
    TinyDecoder interface (tests pass deliberately broken ones).
    """
    text = document()
    vocab = vocabulary(text)
    tokens = encode(text, vocab)
    model = model if model is not None else build_decoder(len(vocab))
    split = text.index("\n" + QUESTION)
    full = model.forward(tokens)
    _, cache = model.prefill(tokens[:split])
    errors = [float(np.max(np.abs(model.decode_step(tok, cache) - full[t])))
              for t, tok in enumerate(tokens[split:], start=split)]
    cached_bytes = cache.nbytes

    changed = text.replace(STALE_OLD, STALE_NEW, 1)
    changed_tokens = encode(changed, vocab)
    _, old_cache = model.prefill(tokens[:-1])
    stale = model.decode_step(changed_tokens[-1], old_cache)
    fresh = model.forward(changed_tokens)
    stale_delta = float(np.max(np.abs(stale - fresh[-1])))

    first_change = next(i for i, (a, b) in enumerate(zip(tokens, changed_tokens)) if a != b)
    _, reuse = model.prefill(tokens[:-1])
    reuse.truncate(first_change)
    reuse_errors = [float(np.max(np.abs(model.decode_step(tok, reuse) - fresh[t])))
                    for t, tok in enumerate(changed_tokens[first_change:], start=first_change)]

    if not max(errors) < TOLERANCE:
        raise CacheCheckFailed(f"incremental logits differ from full recomputation by {max(errors):.3e} "
                               f"(step {int(np.argmax(errors))}), tolerance {TOLERANCE:g}")
    if not stale_delta > TOLERANCE:
        raise CacheCheckFailed(f"the stale cache gives the same logits as the changed text ({stale_delta:.3e}): "
                               "the negative control cannot detect a wrong cache")
    return {
        "text": text, "vocab": vocab, "tokens": tokens, "split": split, "model_vocab": int(full.shape[-1]),
        "errors": errors, "max_error": max(errors), "steps": len(errors),
        "within": sum(e < TOLERANCE for e in errors),
        "stale_delta": stale_delta, "first_change": first_change,
        "reuse_steps": len(reuse_errors), "partial_reuse_max_error": max(reuse_errors),
        "reuse_within": sum(e < TOLERANCE for e in reuse_errors),
        "cached_bytes": cached_bytes, "cached_positions": cache.length,
    }


def _results() -> dict:
    with open(RESULTS, encoding="utf-8") as f:
        return json.load(f)


# --------------------------------------------------------------------------- page functions

@kinds(course="tiny.n tiny.d tiny.f",   # §7.13's 141-token prefill, §7.15's width 8 and FFN 16 (course_also)
       site_construction="bench tiny", site_run="bench_time_ratio bench_times",
       rules={"tiny.n": "§7.13 (course_also): prefill为141个token, the cache-check decoder's prefill",
              "tiny.d": "§7.15 (course_also): the cache-check TinyDecoder is 2层、宽8: width 8",
              "tiny.f": "§7.15 (course_also): the same TinyDecoder's FFN16"})
def mac_ledgers() -> dict:
    """§7.3: one layer's MACs for prefill and for one decode step, at two sizes: the cache-check
    decoder over the record text's prefill (§7.13, §7.15), and a layer of the benchmark model at
    its longest measured prefix (the configuration recorded in benchmarks/results/cpu.json), and the
    one measured time ratio at that prefix the page quotes beside the count (§7.9's run, site_run)."""
    bench = _results()["kv_cache"]
    sizes = {"tiny": (character_stream()["prefill"], DECODER["width"], DECODER["ffn"]),
             "bench": (bench["rows"][-1]["t"], bench["model"]["width"], bench["model"]["ffn"])}
    out = {}
    for name, (n, d, f) in sizes.items():
        # §7.1's convention: with n positions cached, the new token appends its own K/V and reads t = n + 1 keys
        t = n + 1
        pre, step, redo = prefill_macs(n, d, f), decode_step_macs(t, d, f), recompute_step_macs(n, d, f)
        out[name] = {"n": n, "t": t, "d": d, "f": f,
                     "pre": {"proj": pre.projections, "ffn": pre.ffn, "attn": pre.attention, "total": pre.total},
                     "step": {"proj": step.projections, "ffn": step.ffn, "attn": step.attention,
                              "total": step.total, "flops": step.flops},
                     "redo_total": redo.total, "redo_over_step": redo.total / step.total}
    # the one timing the page quotes (§7.9's run): recomputation over the cached step at the longest prefix
    longest = bench["rows"][-1]
    assert longest["t"] == out["bench"]["n"], "the timed row is not the prefix the ledger uses"
    out["bench_time_ratio"] = longest["ratio_full_over_cached"]
    # the ratio is of the fastest repeats; the spread of the repeats bounds what any other pairing would give
    cached, full = longest["cached_times_s"], longest["full_times_s"]
    out["bench_times"] = {"cached_repeats": len(cached), "full_repeats": len(full),
                          "cached_s": [min(cached), max(cached)], "full_s": [min(full), max(full)],
                          "ratio_range": [min(full) / max(cached), max(full) / min(cached)],
                          "shortest_t": bench["rows"][0]["t"]}   # where §7.9 shows the spread of the repeats
    return out


KV_EXAMPLE = {"layers": 32, "batch": 1, "positions": 4096, "kv_heads": 8, "head_dim": 128, "bytes": 2}
MHA_KV_HEADS = 32
SCORE_EXAMPLE = {"heads": 64, "n": 100_000, "bytes": 2}


@kinds(course=("batch bytes gqa_over_mha head_dim kv_bytes kv_factor kv_heads layers mha_bytes mha_kv_heads positions "
               "score_bytes score_bytes_binary score_heads score_n score_s"))
@inputs("mha_kv_heads", "score_heads", "score_n", "score_s")
def kv_units() -> dict:
    """§7.4: KV payload of the lecture's example, its MHA counterpart, and one materialized score table."""
    e = KV_EXAMPLE
    gqa = kv_cache_bytes(e["layers"], e["batch"], e["positions"], e["kv_heads"], e["head_dim"], e["bytes"])
    mha = kv_cache_bytes(e["layers"], e["batch"], e["positions"], MHA_KV_HEADS, e["head_dim"], e["bytes"])
    s = SCORE_EXAMPLE
    scores = score_matrix_bytes(s["n"], s["n"], heads=s["heads"], bytes_per_element=s["bytes"])
    return {**{k: v for k, v in e.items()}, "mha_kv_heads": MHA_KV_HEADS,
            # the formula's leading factor: the payload of one element of every other factor (K and V once each)
            "kv_factor": kv_cache_bytes(1, 1, 1, 1, 1, 1),
            "kv_bytes": Quantity(gqa, "MiB"), "mha_bytes": Quantity(mha, "GiB"), "gqa_over_mha": gqa / mha,
            "score_heads": s["heads"], "score_n": s["n"], "score_s": s["bytes"], "score_bytes": Quantity(scores, "TB"),
            "score_bytes_binary": Quantity(scores, "TiB")}


def _common_ratio(sizes: list[int]) -> int:
    """The integer factor between consecutive sizes; the rows must grow by one factor."""
    ratios = {b // a for a, b in zip(sizes, sizes[1:]) if b % a == 0}
    if len(ratios) != 1 or any(b % a for a, b in zip(sizes, sizes[1:])):
        raise ValueError(f"benchmark sizes {sizes} do not grow by one integer factor")
    return ratios.pop()


@kinds(site_run="*")
def online_memory() -> dict:
    """§7.5: measured blocked vs materialized attention (committed benchmark results)."""
    r = _results()
    a = r["attention_memory"]
    rows = [{"n": x["n"], "diff": x["max_abs_diff"], "mat_s": x["materialized_s"], "blk_s": x["blocked_s"],
             "mat_peak": Quantity(x["materialized_peak_bytes"], "MiB"),
             "blk_peak": Quantity(x["blocked_peak_bytes"], "MiB"),
             "peak_ratio": x["peak_ratio_materialized_over_blocked"]} for x in a["rows"]]
    return {"rows": rows, "head_dim": a["head_dim"], "block": a["block"], "tol": a["tolerance"],
            # the benchmark multiplies N by the same factor each row; quadratic and linear growth per step follow
            "n_ratio": _common_ratio([x["n"] for x in rows]),
            "quadratic": _common_ratio([x["n"] for x in rows]) ** 2,
            "linear": _common_ratio([x["n"] for x in rows]),
            "mat_growth": doubling_ratios([x["mat_peak"].value for x in rows]),
            "blk_growth": doubling_ratios([x["blk_peak"].value for x in rows]),
            "mat_time_growth": doubling_ratios([x["mat_s"] for x in rows]),
            "blk_time_growth": doubling_ratios([x["blk_s"] for x in rows]),
            "max_diff": max(x["diff"] for x in rows), "date": r["date_utc"][:10],
            "cpus": r["machine"]["cpu_count"], "repeats": a["repeats"]}


SPLIT_SCORES = np.array([0.3, -1.2, 2.5, 0.0, 1.7, -0.4, 2.5, 0.9, -2.0, 1.1])
SPLIT_VALUES = np.arange(1.0, 11.0)
SPLIT_TOL = 1e-12
SPLIT_MASKED = 2                 # 0-based index of the score the masked check hides
SPLIT_MASKED_CUTS = (3, 7)       # cut before these 0-based indices, i.e. after the 3rd and 7th score


@kinds(site_construction="exact masked_cuts masked_out masked_pos masked_ref n scores splits tol v within",
       course="course_stops",
       rules={"course_stops": "§7.7 (在线累计的两次停点): the course's example cut after its first two scores leaves "
                              "two blocks, one stop each"})
@inputs("tol", "masked_cuts", "scores")
def every_split() -> dict:
    """§7.6: one query row of ten scores read with every possible cut set (2^9 block splits)."""
    exact = softmax(SPLIT_SCORES) @ SPLIT_VALUES
    n = len(SPLIT_SCORES)
    diffs = []
    for k in range(n):
        for cuts in combinations(range(1, n), k):
            out, _ = online_read(SPLIT_SCORES, SPLIT_VALUES, cuts)
            diffs.append(abs(float(out[0]) - exact))
    masked = SPLIT_SCORES.copy()
    masked[SPLIT_MASKED] = -np.inf
    out_masked, _ = online_read(masked, SPLIT_VALUES, SPLIT_MASKED_CUTS)
    allowed = np.isfinite(masked)
    ref_masked = masked_softmax(SPLIT_SCORES, allowed) @ SPLIT_VALUES  # the materialized masked read
    return {"n": n, "scores": SPLIT_SCORES, "v": SPLIT_VALUES, "splits": len(diffs),
            "within": sum(d <= SPLIT_TOL for d in diffs), "tol": SPLIT_TOL, "exact": exact,
            "masked_out": float(out_masked[0]), "masked_ref": float(ref_masked),
            # 1-based, as the page counts: the masked score and the positions the row is cut after
            "masked_pos": SPLIT_MASKED + 1, "masked_cuts": list(SPLIT_MASKED_CUTS),
            # the course's own example (§7.7), which the page credits: one stop per block two_stops reads
            "course_stops": len(per_block_outputs(TWO_STOP_SCORES, TWO_STOP_VALUES, TWO_STOP_CUT)[0])}


TWO_STOP_SCORES = np.log([1.0, 2.0, 3.0])     # (0, ln2, ln3)
TWO_STOP_VALUES = np.array([2.0, 4.0, 8.0])
TWO_STOP_CUT = (2,)
UNEVEN_SCORES = np.log([1.0, 2.0, 6.0])       # the site's own contrast (本站构造): block masses 3 and 6


@kinds(course="block_mass block_mean first_block m1 m2 n_blocks n_keys out rescale scores v weights",
       site_construction=("block_out changed_pos l1 l1_rescaled l2 u1 u1_rescaled u2 "
                          "uneven_block_out uneven_mass uneven_mean uneven_out uneven_scores uneven_weights"),
       rules={"n_keys": "lecture §7.6 (course_also) gives the row's scores (0, ln2, ln3): three entries, so three keys",
              "scores": "lecture §7.6 (course_also) prints the example's scores=(0,ln2,ln3)",
              "v": "lecture §7.6 (course_also) prints the example's values=(2,4,8)",
              "first_block": "§7.7: 前两项的分母按ln2缩放，新项按ln3缩放: the first block is the first two scores",
              "n_blocks": "§7.7: 当前小例两个块的未缩放质量恰好同为3: the cut after the first two scores leaves two blocks"})
@inputs("v")
def two_stops() -> dict:
    """§7.7: the m/l/u ledger for scores (0, ln2, ln3), values (2, 4, 8), cut after two keys."""
    out, trace = online_read(TWO_STOP_SCORES, TWO_STOP_VALUES, TWO_STOP_CUT)
    blocks, masses = per_block_outputs(TWO_STOP_SCORES, TWO_STOP_VALUES, TWO_STOP_CUT)
    u_values = TWO_STOP_VALUES                   # the contrast's values, reported as uneven_v
    u_out, _ = online_read(UNEVEN_SCORES, u_values, TWO_STOP_CUT)
    u_blocks, u_masses = per_block_outputs(UNEVEN_SCORES, u_values, TWO_STOP_CUT)
    first, second = trace
    changed = np.flatnonzero(UNEVEN_SCORES != TWO_STOP_SCORES)
    if len(changed) != 1:
        raise ValueError(f"the self-built contrast must change exactly one score, it changes {len(changed)}")
    return {
        "n_keys": len(TWO_STOP_SCORES), "first_block": TWO_STOP_CUT[0], "n_blocks": len(blocks),
        "changed_pos": int(changed[0]) + 1,     # 1-based, as the page counts
        "scores": TWO_STOP_SCORES, "v": TWO_STOP_VALUES, "weights": softmax(TWO_STOP_SCORES),
        "uneven_scores": UNEVEN_SCORES, "uneven_v": u_values,
        "m1": first.m, "l1": first.l, "u1": float(first.u[0]),
        "rescale": float(np.exp(first.m - second.m)),
        "l1_rescaled": float(np.exp(first.m - second.m) * first.l),
        "u1_rescaled": float(np.exp(first.m - second.m) * first.u[0]),
        "m2": second.m, "l2": second.l, "u2": float(second.u[0]), "out": float(out[0]),
        "block_out": blocks[:, 0], "block_mass": masses, "block_mean": float(blocks[:, 0].mean()),
        "uneven_weights": softmax(UNEVEN_SCORES), "uneven_out": float(u_out[0]),
        "uneven_block_out": u_blocks[:, 0], "uneven_mass": u_masses,
        "uneven_mean": float(u_blocks[:, 0].mean()),
    }


@kinds(site_construction="batch heads n_grads seq tol repeats",   # the CPU check's configuration, tolerance and
       # repeat count are the site's settings; head_dim is the one value the page says it takes (沿用) from the paper's
       # Figure 2 configuration, which lecture §7.8 prints (head维64): the course's, wherever the site uses it
       course="head_dim")
@from_runs("max_diff", "naive_s", "sdpa_s", "ratio", "cuda", "cpus", "load",
           "naive_max_s", "naive_median_s", "sdpa_max_s", "sdpa_median_s", "median_ratio")
def gpu_attention_check() -> dict:
    """§7.8: the CPU-sized check of benchmarks/gpu_attention.py from the committed results."""
    from benchmarks.gpu_attention import TOLERANCE   # the script's setting (imports torch, so only here)
    r = _results()["gpu_attention"]
    c = r["cpu_check"]
    cfg = c["config"]
    return {"batch": cfg["batch"], "heads": cfg["heads"], "seq": cfg["seq"], "head_dim": cfg["head_dim"],
            "max_diff": max(c["max_abs_diff"].values()), "tol": TOLERANCE[cfg["dtype"]],
            "n_grads": sum(1 for name in c["max_abs_diff"] if name != "output"),   # dq, dk, dv compared
            "naive_s": c["naive"][c["statistic"]], "sdpa_s": c["sdpa"][c["statistic"]],
            "ratio": c["time_ratio_naive_over_sdpa"], "repeats": c["repeats"],
            # the spread of the recorded repeats (the fastest is the min_s above; the file keeps every repeat)
            "naive_max_s": max(c["naive"]["times_s"]), "naive_median_s": c["naive"]["median_s"],
            "sdpa_max_s": max(c["sdpa"]["times_s"]), "sdpa_median_s": c["sdpa"]["median_s"],
            "median_ratio": c["naive"]["median_s"] / c["sdpa"]["median_s"],
            "load": _results()["machine"]["load_average_at_start"][0],   # the shortest window, as the OS reports it
            "cuda": int(bool(r["cuda_available"])), "cpus": _results()["machine"]["cpu_count"]}


@from_runs("t", "rows", "tol", "cached_s", "full_s", "ratio", "from_t", "slowest_ratio",
           "cached_repeats", "full_repeats", "prefill", "decode", "warmup", "dn1",
           "repeats", "date", "cpus", "first_*")
@kinds(site_construction="model mac_ratio",
       # the DN1-size run copies the course's settings: §7.9's 2 layers, width 8, 2 heads, 16-token prefill and
       # 32 appended tokens, §7.16's one warm-up and five timed repeats (course_also). The DN1 record gives no FFN
       # width: the site takes §7.15's Path C decoder's FFN 16, a value the course set, so it stays the course's
       # (borrowing convention: whoever set the value owns it).
       course="dn1.layers dn1.width dn1.heads dn1.prefill dn1.decode dn1.warmup dn1.repeats dn1.ffn",
       rules={"dn1.heads": "§7.9: DN1 is 微型2层、宽8、2头: two heads",
              "dn1.ffn": "lecture §7.15's TinyDecoder (2层、宽8、2head、每head4维、FFN16): FFN width 16, reused for the DN1-size run"})
def kv_speed() -> dict:
    """§7.9: measured cached decode step vs full recomputation per prefix length (committed results)."""
    r = _results()
    kv = r["kv_cache"]
    d, f = kv["model"]["width"], kv["model"]["ffn"]
    # the MAC column is recomputed here, under §7.1's convention: after a prefill of t tokens the cached step
    # reads t + 1 keys (its own included), and recomputation runs all t + 1 positions
    rows = [{"t": x["t"], "cached_s": x["cached_s"], "full_s": x["full_s"],
             "ratio": x["ratio_full_over_cached"]} for x in kv["rows"]]
    # a count from §7.3's formulas at the benchmark's prefix lengths (settings, not timings): the site's construction
    mac_ratio = [recompute_step_macs(x["t"], d, f).total / decode_step_macs(x["t"] + 1, d, f).total
                 for x in kv["rows"]]
    dn1 = r["dn1_size"]
    times = dn1["times_s"]
    # the spread of the repeats at the shortest prefix where the cache wins (the table gives the fastest of each)
    first = next(x for x in kv["rows"] if x["t"] == kv["cache_wins_from_t"])
    spread = {"first_cached_n": len(first["cached_times_s"]), "first_full_n": len(first["full_times_s"]),
              "first_cached_min_s": min(first["cached_times_s"]), "first_cached_max_s": max(first["cached_times_s"]),
              "first_full_min_s": min(first["full_times_s"]), "first_full_max_s": max(first["full_times_s"]),
              "first_cached_below": sum(c < min(first["full_times_s"]) for c in first["cached_times_s"])}
    return {**spread, "rows": rows, "mac_ratio": mac_ratio, "model": kv["model"], "from_t": kv["cache_wins_from_t"],
            "slowest_ratio": min(row["ratio"] for row in rows if row["t"] >= kv["cache_wins_from_t"]),
            "tol": kv["logit_tolerance"], "cached_repeats": kv["repeats"]["cached"],
            "full_repeats": kv["repeats"]["full"],
            "dn1": {"prefill": dn1["prefill"], "decode": dn1["decode_tokens"], "cached_s": dn1["cached_s"],
                    "full_s": dn1["full_s"], "ratio": dn1["ratio_full_over_cached"],
                    "cached_min_s": min(times["cached"]), "cached_max_s": max(times["cached"]),
                    "full_min_s": min(times["full"]), "full_max_s": max(times["full"]),
                    "warmup": dn1["warmup"], "repeats": dn1["repeats"], **dn1["model"]},
            "date": r["date_utc"][:10], "cpus": r["machine"]["cpu_count"]}


GQA_Q_HEADS, GQA_KV_HEADS, MQA_KV_HEADS = 32, 8, 1


@kinds(course="gqa_bytes gqa_fraction group h_kv h_q head_dim layers mha_bytes mha_fraction positions",
       site_construction="first_group first_kv h_mqa last_group last_kv mqa_bytes mqa_fraction",
       rules={"mha_fraction": "MHA's payload (§7.4's 2 GiB) against itself"})
@inputs("h_kv", "h_mqa", "h_q", "head_dim", "layers", "positions")
def gqa_sharing() -> dict:
    """§7.10: which K/V head each query head reads, and the KV payload against MHA and MQA."""
    e = KV_EXAMPLE
    group = gqa_group_size(GQA_Q_HEADS, GQA_KV_HEADS)
    mapping = [kv_head_for_query_head(h, GQA_Q_HEADS, GQA_KV_HEADS) for h in range(GQA_Q_HEADS)]

    def payload(kv_heads):
        return kv_cache_bytes(e["layers"], e["batch"], e["positions"], kv_heads, e["head_dim"], e["bytes"])

    return {"h_q": GQA_Q_HEADS, "h_kv": GQA_KV_HEADS, "h_mqa": MQA_KV_HEADS, "group": group,
            "first_group": [h for h in range(GQA_Q_HEADS) if mapping[h] == 0],
            "last_group": [h for h in range(GQA_Q_HEADS) if mapping[h] == GQA_KV_HEADS - 1],
            "first_kv": mapping[0], "last_kv": mapping[-1],
            "mha_bytes": Quantity(payload(GQA_Q_HEADS), "GiB"), "gqa_bytes": Quantity(payload(GQA_KV_HEADS), "MiB"),
            "mqa_bytes": Quantity(payload(MQA_KV_HEADS), "MiB"),
            "mha_fraction": payload(GQA_Q_HEADS) / payload(GQA_Q_HEADS),
            "gqa_fraction": payload(GQA_KV_HEADS) / payload(GQA_Q_HEADS),
            "mqa_fraction": payload(MQA_KV_HEADS) / payload(GQA_Q_HEADS), **e}


@kinds(course=("appended key_end key_start moved_key_end moved_key_start moved_tokens newline_at prefill question_chars "
               "question_start records tokens vocab_size moved_spans[3].end"),
       site_construction="id_blue id_green id_newline id_space moved_spans spans",
       rules={"records": "the timestamped records §7.11 prints, 09:00, 09:10, 09:20, 09:30 and 09:40, counted",
              "key_end": "the 09:40 record is the last one, so it ends where §7.13 says the body ends: position 141 "
                         "(the newline after the body; ends are exclusive)",
              "moved_key_end": "§7.17 moves the 09:40 record from 108 to 0 unchanged: 0 + (141 - 108)",
              "moved_spans[3].end": "in the moved order the 09:30 record comes last, so it ends where the body ends: "
                                    "§7.17 keeps the total at 161 and the question at the end, so the body still ends "
                                    "at §7.13's position 141"})
def character_stream() -> dict:
    """§7.13: the teaching character encoding of the record text and the record spans."""
    text, moved = document(), document(MOVED_ORDER)
    vocab = vocabulary(text)
    tokens = encode(text, vocab)
    split = text.index("\n" + QUESTION)
    spans, moved_spans = record_spans(text), record_spans(moved)
    key = [s["event"] for s in spans].index(KEY_RECORD)
    return {"vocab_size": len(vocab), "tokens": len(tokens), "prefill": split, "newline_at": split,
            "question_start": split + 1, "appended": len(tokens) - split, "question_chars": len(QUESTION),
            "spans": spans, "moved_spans": moved_spans, "key_start": spans[key]["start"],
            "moved_key_start": moved_spans[key]["start"], "key_end": spans[key]["end"],
            "moved_key_end": moved_spans[key]["end"], "moved_tokens": len(encode(moved, vocab)),
            "moved_question_start": moved.index("\n" + QUESTION) + 1,
            "id_newline": vocab.index("\n"), "id_space": vocab.index(" "),
            "id_blue": vocab.index("蓝"), "id_green": vocab.index(CONTROL_CHAR), "records": len(RECORDS)}


@kinds(course="cached_positions ffn first_change head_dim heads layers prefill seed steps tokens tol vocab_size width",  # cached_positions: all 161 tokens §7.15 feeds
       site_construction=("cached_bytes float_bytes formula_bytes "
                          "reuse_steps reuse_within stale_delta within"),
       rules={"first_change": "the negative control changes the first 蓝 of the record §7.11 prints; "
                              "'09:00 林岑把备用钥匙放在' is 15 characters, so 蓝 is position 15 counting from zero",
              "heads": "§7.15: 2层、宽8、2head、每head4维: two heads",
              "cached_positions": "§7.15 prefills 141 tokens and appends 20: the cache ends holding all 161 tokens it feeds"})
@from_runs("recorded_max_error", "recorded_stale_delta", "date", "cpus")
@inputs("tol", "ffn", "heads", "layers", "seed", "width")
def cache_check() -> dict:
    """§7.15: the cache check (assertions inside), the cached bytes, and the recorded measured errors."""
    check = run_cache_check()
    recorded = _results()["cache_check"]
    d = DECODER
    return {"layers": d["layers"], "width": d["width"], "heads": d["heads"], "head_dim": d["width"] // d["heads"],
            "ffn": d["ffn"], "seed": d["seed"], "tokens": len(check["tokens"]), "prefill": check["split"],
            "vocab_size": len(check["vocab"]), "decoder_vocab": check["model_vocab"],
            "steps": check["steps"], "within": check["within"], "max_error": check["max_error"],
            "tol": TOLERANCE, "stale_delta": check["stale_delta"], "first_change": check["first_change"],
            "reuse_steps": check["reuse_steps"], "reuse_within": check["reuse_within"],
            "cached_bytes": check["cached_bytes"], "cached_positions": check["cached_positions"],
            "formula_bytes": kv_cache_bytes(d["layers"], 1, check["cached_positions"], d["heads"],
                                            d["width"] // d["heads"], np.dtype(np.float64).itemsize),
            "float_bytes": np.dtype(np.float64).itemsize,
            "recorded_max_error": recorded["max_error"], "recorded_stale_delta": recorded["stale_delta"],
            "date": _results()["date_utc"][:10], "cpus": _results()["machine"]["cpu_count"]}


@kinds(course="steps tol dn1.repeats",   # dn1.repeats: the DN1-size run times five repeats, as §7.16's protocol does
       rules={"steps": "§7.15 (course_also) appends the newline and the question token by token after the 141-token "
                       "prefill: 共20个token, one checked step each; the site's cache check runs the course's check",
              "tol": "§7.15 (course_also) prints the check's tolerance 10⁻¹⁰",
              "dn1.repeats": "§7.16 prints the original timing protocol 一次预热、五次测量; the DN1-size run copies it"})
@from_runs("dn1", "recorded_max_error", "logit_tol", "big_t", "big_ratio", "big_*", "date", "cpus")
def speed_vs_equivalence() -> dict:
    """§7.16: this project's DN1-size timing and its own equivalence check, side by side, with the spread
    of the repeats behind the fastest-of-each ratio at the longest prefix."""
    s = kv_speed()
    c = cache_check()
    big = _results()["kv_cache"]["rows"][-1]
    spread = {"big_cached_n": len(big["cached_times_s"]), "big_full_n": len(big["full_times_s"]),
              "big_cached_min_s": min(big["cached_times_s"]), "big_cached_max_s": max(big["cached_times_s"]),
              "big_full_min_s": min(big["full_times_s"]), "big_full_max_s": max(big["full_times_s"])}
    return {**spread, "dn1": s["dn1"], "recorded_max_error": c["recorded_max_error"], "tol": c["tol"],
            "logit_tol": s["tol"], "steps": c["steps"], "big_t": s["rows"][-1]["t"], "big_ratio": s["rows"][-1]["ratio"],
            "date": s["date"], "cpus": s["cpus"]}


@kinds(course="key_start moved_key_start moved_question_start moved_tokens question_start tokens",
       rules={"moved_question_start": "§7.17 keeps the question at the end of a document whose total stays 161, "
                                      "so it starts where §7.13's 142 does",
              "question_start": "§7.13 (course_also): 问题文字从142开始"})
def moved_record() -> dict:
    """§7.17: the moved-record document keeps the length and the question position."""
    s = character_stream()
    moved = document(MOVED_ORDER)
    return {**{k: s[k] for k in ("tokens", "moved_tokens", "key_start", "moved_key_start", "question_start",
                                 "spans", "moved_spans")},
            "moved_question_start": moved.index("\n" + QUESTION) + 1}


@kinds(course="steps", site_construction="within",
       rules={"steps": "§7.15 (course_also) appends the newline and the question token by token after the 141-token "
                       "prefill: 共20个token, one checked step each"})
@from_runs("g_*", "t_max", "ratio_max", "from_t", "slowest_ratio", "first_*",
           "mat_growth_last", "blk_growth_last", "n_max", "cuda", "cpus")
def closing() -> dict:
    """§7.19: the three separately measured things, side by side, and the trained fact test of lab
    route G (its committed checkpoints and results, the numbers the labs index quotes)."""
    from labs.notebooks import committed_results
    from labs.route_g import headlines

    speed, mem, gpu = kv_speed(), online_memory(), gpu_attention_check()
    check = cache_check()
    g = headlines(committed_results("route_g"))
    # the spread of the repeats at the shortest prefix where the cache wins (the table gives the fastest of each)
    first = next(x for x in _results()["kv_cache"]["rows"] if x["t"] == speed["from_t"])
    spread = {"first_cached_n": len(first["cached_times_s"]), "first_full_n": len(first["full_times_s"]),
              "first_cached_min_s": min(first["cached_times_s"]), "first_cached_max_s": max(first["cached_times_s"]),
              "first_full_min_s": min(first["full_times_s"]), "first_full_max_s": max(first["full_times_s"]),
              "first_cached_below": sum(c < min(first["full_times_s"]) for c in first["cached_times_s"])}
    return {**spread, "g_seeds": g["g_seeds"], "g_in_min": g["g_in_min"], "g_out_acc": g["g_out_acc"],
            "g_train_first": g["g_train_first"], "g_train_last": g["g_train_last"],
            "t_max": speed["rows"][-1]["t"], "ratio_max": speed["rows"][-1]["ratio"],
            "from_t": speed["from_t"], "slowest_ratio": speed["slowest_ratio"], "mat_growth_last": mem["mat_growth"][-1],
            "blk_growth_last": mem["blk_growth"][-1], "n_max": mem["rows"][-1]["n"],
            "steps": check["steps"], "within": check["within"], "cuda": gpu["cuda"],
            "cpus": speed["cpus"]}


# §7.14 (with §7.12's four judgments): what each thing called "memory" keeps, one per judgment the course lists
MEMORY_PARTS = ("上下文窗口", "KV cache", "检索", "事实使用")


@kinds(course="n_parts",   # §7.12 asks for four judgments; 这四个 on the page points back to them (course_also)
       site_construction="parts",
       rules={"n_parts": "§7.12 (course_also), titled 四个判断要逐个建立, poses them as 第一问 to 第四问: four"})   # the table's arrangement and wording are the site's; the title keeps the course's 几种
def memory_parts() -> dict:
    """§7.14: the things called 'memory', as the page's table names them (its rows are bound to these names)."""
    return {"parts": list(MEMORY_PARTS), "n_parts": len(MEMORY_PARTS)}
