"""Does every committed trained result come back when it is retrained on this CPU? One command, so tests can
run it under another CPU kernel set in a fresh process (tests/test_portability.py):

    python -m training.portability [--json FILE]

Checks, each against the committed files (training/numeric.py says why they hold on any x86-64 CPU):
- seq2seq: both reversal models retrained in full (500 updates): every weight tensor within WEIGHT_RTOL of the
  committed checkpoint, and every diagnosed number the pages print (metrics, the selected failure, beam tables)
  equal to the committed diagnosis;
- pixel_qa, route_g: the first updates of one seed retrained: fingerprint within WEIGHT_RTOL of the manifest's;
- route_c: one whole run retrained: weights within WEIGHT_RTOL of its committed checkpoint, test numbers equal.
Prints one line per check and exits 1 if any fails. torch and numpy only.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import torch

from training.numeric import WEIGHT_RTOL, environment, fingerprint_differences, state_differences

# The seq2seq is the one model whose full training amplifies rounding visibly: between the native kernels and
# numeric.BASELINE_KERNELS its weights drifted by 2.7e-6 of a tensor's scale after 500 updates (1e-14 after 100,
# 2e-10 after 250: the growth of a sensitive trajectory; no parameter has a zero true gradient), and its diagnosed
# floats by up to 8.2e-5 relative (a beam log-probability, -0.794801 against -0.794812). The bounds are about
# 40 and 12 times those. Every token, count, index and boolean of the diagnosis must be equal; the smallest greedy
# margin of the committed models (tests/test_checkpoints.py) keeps the drift from flipping a decision.
# What the pages print (six decimals of a log-probability) is the committed checkpoint evaluated, which is
# reproducible to about 1e-15 on any CPU; a retrained model is compared with these tolerances instead.
SEQ2SEQ_WEIGHT_RTOL = 1e-4
DIAGNOSIS_RTOL = 1e-3


def differences(a, b, rtol: float, path: str = "", found: list | None = None) -> list[str]:
    """Where two diagnoses differ: any string, integer, boolean or list length exactly; a float by more than
    rtol of its magnitude. Timings and the copied manifest are not compared."""
    found = [] if found is None else found
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key in ("diagnose_wall_s", "manifest"):
                continue
            if key not in a or key not in b:
                found.append(f"{path}.{key} (only in one)")
            else:
                differences(a[key], b[key], rtol, f"{path}.{key}", found)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            found.append(f"{path} (length {len(a)} vs {len(b)})")
        else:
            for i, (x, y) in enumerate(zip(a, b)):
                differences(x, y, rtol, f"{path}[{i}]", found)
    elif isinstance(a, float) and isinstance(b, float):
        if abs(a - b) > rtol * max(abs(a), abs(b), 1e-300):
            found.append(f"{path} ({b!r} vs {a!r})")
    elif a != b or type(a) is not type(b):
        found.append(f"{path} ({b!r} vs {a!r})")
    return found


def largest_relative_float_difference(a, b) -> float:
    """The largest |x - y| / max(|x|, |y|) over the floats two diagnoses share (for reports)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return max([largest_relative_float_difference(a[k], b[k]) for k in set(a) & set(b)
                    if k not in ("diagnose_wall_s", "manifest")] or [0.0])
    if isinstance(a, list) and isinstance(b, list):
        return max([largest_relative_float_difference(x, y) for x, y in zip(a, b)] or [0.0])
    if isinstance(a, float) and isinstance(b, float) and (a or b):
        return abs(a - b) / max(abs(a), abs(b))
    return 0.0


def check_seq2seq() -> dict:
    from training.diagnose import diagnose
    from training.store import RESULTS, load_all
    from training.train import train_all

    committed, _, committed_manifest = load_all(RESULTS)
    with tempfile.TemporaryDirectory() as scratch:
        manifest = train_all(Path(scratch), device="cpu", quiet=True)
        retrained, _, _ = load_all(Path(scratch))
        weights = {name: state_differences(committed[name].state_dict(), retrained[name].state_dict(),
                                           SEQ2SEQ_WEIGHT_RTOL) for name in committed}
        reference, candidate = diagnose(RESULTS), diagnose(Path(scratch))
    changed = differences(reference, candidate, DIAGNOSIS_RTOL)
    problems = [f"{name}: {w['largest']['tensor']} differs by {w['largest']['relative']:.1e}"
                for name, w in weights.items() if not w["ok"]]
    problems += [f"diagnosis differs at {where}" for where in changed[:3]]
    if manifest["data"]["sha256"] != committed_manifest["data"]["sha256"]:
        problems.append("regenerated data differ from the committed data.json")
    seen = {n: (manifest["models"][n]["tokens_seen"], m["tokens_seen"]) for n, m in committed_manifest["models"].items()}
    problems += [f"{n}: {got} target tokens seen vs {want}" for n, (got, want) in seen.items() if got != want]
    return {"check": "seq2seq", "ok": not problems, "problems": problems,
            "largest_weight_drift": max(w["largest"]["relative"] for w in weights.values()),
            "largest_diagnosis_drift": largest_relative_float_difference(reference, candidate)}


def _prefix(module) -> dict:
    recorded = module.read_manifest()["prefix_check"]
    got = module.prefix_fingerprint("cpu")
    problems = fingerprint_differences(recorded["fingerprint"], got["fingerprint"])
    return {"ok": not problems, "problems": problems[:3]}


def check_pixel_qa() -> dict:
    from training import pixel_qa_train
    return {"check": "pixel_qa", **_prefix(pixel_qa_train)}


def check_route_g() -> dict:
    from training import route_g_train
    return {"check": "route_g", **_prefix(route_g_train)}


def check_route_c() -> dict:
    from training import route_c_train as rc

    manifest = rc.read_manifest()
    results = rc.load_results(manifest=manifest)
    task, distance, cell, clip, seed = rc.RETRAIN_CHECK
    committed, _ = rc.load_model(rc.checkpoint_file(*rc.RETRAIN_CHECK), manifest=manifest)
    retrained, row = rc.train_run(task, distance, cell, clip, seed, rc.load_data(task, distance, manifest))
    weights = state_differences(committed.state_dict(), retrained.state_dict())
    recorded = next(r for r in results["runs"] if (r["task"], r["distance"], r["cell"], r["clip"], r["seed"])
                    == rc.RETRAIN_CHECK)
    problems = [] if weights["ok"] else [f"{weights['largest']['tensor']} differs by {weights['largest']['relative']:.1e}"]
    problems += [f"{k} {row[k]} vs recorded {recorded[k]}" for k in ("accuracy", "pair_both_correct")
                 if row[k] != recorded[k]]
    return {"check": "route_c", "ok": not problems, "problems": problems,
            "largest_weight_drift": weights["largest"]["relative"]}


CHECKS = {"seq2seq": check_seq2seq, "pixel_qa": check_pixel_qa, "route_g": check_route_g, "route_c": check_route_c}


def run(names=None) -> dict:
    results = [CHECKS[name]() for name in (names or CHECKS)]
    return {"environment": environment("cpu"), "weight_rtol": WEIGHT_RTOL, "checks": results,
            "ok": all(r["ok"] for r in results)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.portability", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", type=Path, help="write the report here (atomically)")
    parser.add_argument("--check", action="append", choices=sorted(CHECKS), help="run only this check (repeatable)")
    args = parser.parse_args(argv)
    report = run(args.check)
    if args.json:
        from training.store import write_bytes_atomically
        write_bytes_atomically(args.json, (json.dumps(report, indent=1) + "\n").encode("utf-8"))
    env = report["environment"]
    print(f"CPU kernel set: torch {env['cpu_capability']}, {env['threads']} thread(s), torch {env['torch']}")
    for r in report["checks"]:
        print(f"{r['check']:9s} {'ok' if r['ok'] else 'DIFFERS: ' + '; '.join(r['problems'])}")
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    torch.set_num_threads(1)
    sys.exit(main())
