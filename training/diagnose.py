"""Read-only diagnostics of the committed reversal checkpoints (lecture §3.10–§3.15), on the CPU.

    python -m training.diagnose [--dir results/seq2seq] [--json OUT]

Every file is hash-checked against the manifest before use; nothing is written next to the
checkpoints. The stored float64 weights are evaluated in float64 on the CPU, so the numbers do
not depend on the CPU's vector unit or thread count.

What is computed, for each model, over the stored test split (in stored order):
- teacher-forced NLL (nats per valid target token) and token accuracy, valid tokens = target
  tokens with EOS, without PAD;
- free-generation (greedy) exact match over complete sequences, EOS included.
Then, for the dynamic model, with the selection rule fixed before looking:
"first dynamic greedy failure in stored test order, index from 0": that row's source, target,
greedy output, first divergence; per-step teacher-forced and free-running traces; beam 1, 2, 4
(kernels.decoding.beam_decode: finished hypotheses keep their slot, EOS scored, no length
penalty) with the final candidates and summed log-probabilities; whether the target survives in
each beam's final candidates and at which rank.
"""
from __future__ import annotations

import copy
import math
import sys
import time
from pathlib import Path

import torch

from kernels.decoding import beam_decode
from kernels.seq2seq import (BOS, EOS, INDEX, VOCAB, PrefixScorer, Seq2Seq, exact_match, greedy_generate,
                             legal_log_softmax, make_batch, teacher_forced_metrics)
from training.cli import diagnose_main
from training.store import RESULTS, json_bytes, load_all
from checker.reads import remembered

SELECTION_RULE = "first dynamic greedy failure in stored test order, index from 0"
BEAM_WIDTHS = (1, 2, 4)
MAX_STEPS = 12          # longest target is 8 tokens (7 symbols + EOS)


def evaluation_copy(model: Seq2Seq, dtype=torch.float64) -> Seq2Seq:
    """A copy of the model for evaluation (CPU, eval mode, float64 by default); the original is untouched."""
    return copy.deepcopy(model).to("cpu", dtype).eval()


def model_metrics(model: Seq2Seq, rows) -> tuple[dict, list]:
    tf = teacher_forced_metrics(model, rows)
    greedy = greedy_generate(model, rows, max_steps=MAX_STEPS)
    failures = [i for i, (g, r) in enumerate(zip(greedy, rows)) if g != r["target"]]
    return {**tf, "exact_match": exact_match(greedy, rows), "sequences": len(rows),
            "failures": len(failures), "failure_indices": failures,
            "failure_first_divergence": [first_divergence(greedy[i], rows[i]["target"]) + 1 for i in failures]}, greedy


def first_divergence(output, target) -> int:
    """0-based position of the first token where output and target differ (the shorter length if
    one is a prefix of the other)."""
    return next((i for i, (a, b) in enumerate(zip(output, target)) if a != b), min(len(output), len(target)))


@torch.no_grad()
def teacher_forced_trace(model: Seq2Seq, row) -> list[dict]:
    """Each target step given the reference prefix: target, legal argmax, p(target), -log p, read weights."""
    b = make_batch([row])
    logits, weights = model(b.source, b.lengths, b.decoder_input)
    lp = torch.log_softmax(logits, -1)[0]
    choice = legal_log_softmax(logits)[0].argmax(-1)
    trace = []
    for t, tok in enumerate(row["target"]):
        k = INDEX[tok]
        trace.append({"step": t + 1, "input_prefix": ["BOS"] + row["target"][:t], "target": tok,
                      "argmax": VOCAB[int(choice[t])], "p_target": float(lp[t, k].exp()),
                      "log_p_target": float(lp[t, k]), "nll": float(-lp[t, k]),
                      "source_weights": weights[0, t].tolist()})
    return trace


@torch.no_grad()
def free_running_trace(model: Seq2Seq, row, max_steps: int = MAX_STEPS) -> list[dict]:
    """Greedy generation step by step: the prefix fed in, the chosen token and its probability, the
    probability of the reference token at the same step number (None past the target), read weights."""
    b = make_batch([row])
    z, mask = model.encode(b.source, b.lengths)
    state = model.initial_state(1, z)
    token = torch.tensor([BOS])
    prefix, trace = [], []
    for t in range(max_steps):
        logits, state, w = model.step(token, state, z, mask)
        lp = torch.log_softmax(logits, -1)[0]
        chosen = int(legal_log_softmax(logits)[0].argmax())
        ref = row["target"][t] if t < len(row["target"]) else None
        trace.append({"step": t + 1, "input_prefix": ["BOS"] + prefix, "chosen": VOCAB[chosen],
                      "p_chosen": float(lp[chosen].exp()), "log_p_chosen": float(lp[chosen]), "reference": ref,
                      "p_reference": float(lp[INDEX[ref]].exp()) if ref else None,
                      "source_weights": w[0].tolist()})
        prefix.append(VOCAB[chosen])
        token = torch.tensor([chosen])
        if chosen == EOS:
            break
    return trace


def beam_report(model: Seq2Seq, row, widths=BEAM_WIDTHS) -> dict:
    scorer = PrefixScorer(model, row["source"])
    target = tuple(row["target"])
    out = {}
    for width in widths:
        result = beam_decode(scorer, width=width, max_steps=MAX_STEPS)
        final = result.rounds[-1]
        tokens = [list(h.tokens) for h in final]
        rank = next((i + 1 for i, h in enumerate(final) if h.tokens == target), None)
        ever = any(h.tokens[:len(target)] == target[:len(h.tokens)] for r in result.rounds for h in r)
        out[str(width)] = {
            "width": width, "best": list(result.best.tokens), "best_log_probability": result.best.log_probability,
            "ended": result.ended, "correct": result.best.tokens == target,
            "candidates": [{"tokens": t, "log_probability": h.log_probability, "finished": h.finished}
                           for t, h in zip(tokens, final)],
            "target_in_final": rank is not None, "target_rank": rank,
            "target_prefix_kept_every_round": all(any(h.tokens == target[:len(h.tokens)] for h in r)
                                                  for r in result.rounds),
            "target_prefix_ever_kept": ever,
            "rounds": [[{"tokens": list(h.tokens), "log_probability": h.log_probability} for h in r]
                       for r in result.rounds],
        }
    return out


def diagnose_models(models: dict, data: dict, dtype=torch.float64) -> dict:
    """The full diagnostic report from in-memory models (used for the committed and for retrained ones)."""
    rows = data["test"]
    evaluated = {name: evaluation_copy(m, dtype) for name, m in models.items()}
    metrics, greedy = {}, {}
    for name, m in evaluated.items():
        metrics[name], greedy[name] = model_metrics(m, rows)
    report = {"selection_rule": SELECTION_RULE, "metrics": metrics, "dtype": str(dtype).replace("torch.", ""),
              "test_sequences": len(rows)}
    dyn = evaluated["dynamic"]
    failures = metrics["dynamic"]["failure_indices"]
    if not failures:
        report["selected"] = None
        return report
    # Beyond the selected row: how many of all the dynamic failures a wider beam would repair.
    repairs = {}
    for width in BEAM_WIDTHS[1:]:
        fixed_rows = [i for i in failures
                      if tuple(beam_decode(PrefixScorer(dyn, rows[i]["source"]), width=width,
                                           max_steps=MAX_STEPS).best.tokens) == tuple(rows[i]["target"])]
        # a repaired row: how far the target's score is above greedy's finished output (a search error)
        margins = []
        for i in fixed_rows:
            scorer, out = PrefixScorer(dyn, rows[i]["source"]), greedy["dynamic"][i]
            if out and out[-1] == "EOS":
                margins.append(scorer.sequence_log_probability(rows[i]["target"]) - scorer.sequence_log_probability(out))
        repairs[str(width)] = {"repaired": len(fixed_rows), "indices": fixed_rows,
                               "target_minus_greedy_log_probability": margins}
    report["beam_repairs"] = repairs
    idx = failures[0]
    row = rows[idx]
    out = greedy["dynamic"][idx]
    first = first_divergence(out, row["target"])
    scorer = PrefixScorer(dyn, row["source"])
    tf = teacher_forced_trace(dyn, row)
    target_lp = scorer.sequence_log_probability(row["target"])
    greedy_lp = scorer.sequence_log_probability(out) if out and out[-1] == "EOS" else None
    report["selected"] = {
        "index": idx, "source": row["source"], "target": row["target"], "greedy": out,
        "source_length": len(row["source"]),
        "first_divergence_step": first + 1,   # 1-based target step
        "first_divergence": {"greedy": out[first] if first < len(out) else None,
                             "target": row["target"][first] if first < len(row["target"]) else None},
        "teacher_forced": tf, "free_running": free_running_trace(dyn, row),
        "target_log_probability": target_lp,
        "target_log_probability_tf_sum": math.fsum(s["log_p_target"] for s in tf),
        "greedy_log_probability": greedy_lp,
        "beam": beam_report(dyn, row),
        "fixed_greedy": greedy["fixed"][idx],
        "fixed_correct": greedy["fixed"][idx] == row["target"],
    }
    return report


@remembered(maxsize=4)
def _diagnose_cached(directory: str, fingerprint: tuple) -> dict:
    models, data, manifest = load_all(Path(directory))
    started = time.perf_counter()
    report = diagnose_models(models, data)
    report["manifest"] = {k: manifest[k] for k in ("seed", "environment", "hyperparameters", "data", "models")}
    report["diagnose_wall_s"] = time.perf_counter() - started
    return report


def diagnose(directory: Path = RESULTS) -> dict:
    """Diagnostics of the committed checkpoints; memoized per process by the files' size and mtime
    (the hashes are rechecked whenever a file changes)."""
    directory = Path(directory)
    fingerprint = tuple((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(directory.glob("*"))
                        if p.is_file())
    return _diagnose_cached(str(directory.resolve()), fingerprint)


def summary(report: dict) -> dict:
    """The report without the long traces and beam rounds (for printing)."""
    out = {k: v for k, v in report.items() if k not in ("selected", "manifest")}
    sel = report.get("selected")
    if sel:
        out["selected"] = {k: v for k, v in sel.items() if k not in ("teacher_forced", "free_running", "beam")}
        out["selected"]["beam"] = {w: {k: v for k, v in b.items() if k != "rounds"} for w, b in sel["beam"].items()}
    return out


def main(argv=None) -> int:
    return diagnose_main(argv, prog="training.diagnose", doc=__doc__, diagnose=diagnose, directory=RESULTS,
                         payload=json_bytes, summary=summary)


if __name__ == "__main__":
    sys.exit(main())
