"""Lab route G, part 2 (lecture §7.11, §7.17): train the small causal decoder of kernels/fact_task.py
on the paired fact task, three seeds, into results/route_g/ (run once; the notebook only diagnoses).

    python -m training.route_g_train [--out DIR] [--device auto|cpu|cuda] [--force]

Training facts start at positions FIRST_TRAIN_FACT..29 of a 32-token sequence (distance to QUERY
2..21); the diagnosis also places facts in front of that range, which training never did. The data
are regenerated from their seeds and only their sha256 is stored. Trained and diagnosed in the pinned
numeric mode of training/numeric.py (float64, deterministic algorithms, one thread); written
atomically, the manifest last; existing checkpoints are never overwritten without --force.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
import torch

from kernels.fact_task import (LAST_FACT_START, LENGTH, FactDecoder, FactDecoderConfig, data_digest,
                               distractor_sweep, pair_both_correct, parameter_count, position_sweep, predict,
                               shared_suffix_predictor, training_pairs)
from training import store
from training.cli import train_main
from training.loop import fit
from training.store import ROOT, CheckpointError, _rel, sha256_bytes
from training.numeric import DETERMINISM, environment, fingerprint, pinned
MANIFEST_FILE, LOG_FILE = store.MANIFEST_FILE, store.LOG_FILE

RESULTS = ROOT / "results" / "route_g"
SEEDS = (0, 1, 2)
FIRST_TRAIN_FACT = 10
DATA = {"train": {"seed": 2611, "pairs": 3000, "first_fact": FIRST_TRAIN_FACT, "max_before": 3, "max_after": 6}}
POSITIONS = (0, 3, 6, 9, 12, 16, 20, 24, 29)          # fact start; fixed total length
POSITION_SWEEP = {"seed": 2612, "pairs": 100, "distractors": 2}
DISTRACTOR_COUNTS = (0, 2, 4, 6)
DISTRACTOR_FACTS = (6, 16)                            # one fact start outside the training range, one inside
DISTRACTOR_SWEEP = {"seed": 2613, "pairs": 100}
HYPERPARAMETERS = {"updates": 400, "sequences_per_update": 64, "optimizer": "AdamW", "learning_rate": 0.003,
                   "weight_decay": 0.01, "log_every": 50,
                   "batches": "numpy default_rng(1000 + seed) draws sequences_per_update distinct training rows"}
PREFIX_CHECK = {"seed": 0, "updates": 20}


def checkpoint_file(seed: int) -> str:
    return f"fact-s{seed}.pt"


def train_data() -> dict:
    d = DATA["train"]
    return training_pairs(d["seed"], d["pairs"], d["first_fact"], d["max_before"], d["max_after"])


def state_bytes(model: FactDecoder, extra: dict) -> bytes:
    return store.state_bytes(model, {"config": model.config.to_dict(), **extra})


def train_model(seed: int, data: dict, device: str = "cpu", updates: int | None = None) -> tuple[FactDecoder, dict]:
    """Train one seed (initialisation and batch order); returns the model (CPU, eval mode) and its log."""
    hp = HYPERPARAMETERS
    updates = hp["updates"] if updates is None else updates
    with pinned(device):
        torch.manual_seed(seed)
        model = FactDecoder(FactDecoderConfig()).to(device)
        optimizer = torch.optim.AdamW(model.parameters(), lr=hp["learning_rate"], weight_decay=hp["weight_decay"])
        tokens = torch.from_numpy(data["tokens"]).to(device)
        labels = torch.from_numpy(data["labels"]).to(device)
        rng = np.random.default_rng(1000 + seed)

        def batch_loss():
            batch = torch.from_numpy(rng.choice(len(tokens), hp["sequences_per_update"], replace=False)).to(device)
            return torch.nn.functional.cross_entropy(model(tokens[batch]), labels[batch])

        steps, wall = fit(model, optimizer, updates, batch_loss, hp["log_every"], device)
    log = {"seed": seed, "updates": updates, "wall_s": wall, "parameters": parameter_count(model), "steps": steps}
    return model.to("cpu").eval(), log


def prefix_fingerprint(device: str = "cpu", data: dict | None = None) -> dict:
    """Weights after the first PREFIX_CHECK updates (the notebook's and CI's short retrain): per-tensor
    statistics (numeric.fingerprint), compared across CPUs to numeric.WEIGHT_RTOL, and where it ran."""
    data = data if data is not None else train_data()
    with pinned(device):
        model, _ = train_model(PREFIX_CHECK["seed"], data, device, PREFIX_CHECK["updates"])
        where = environment(device)
    return {"fingerprint": fingerprint(model.state_dict()), "cpu_capability": where["cpu_capability"],
            "dtype": where["dtype"]}


def train_all(out: Path = RESULTS, device: str = "auto", force: bool = False, quiet: bool = False) -> dict:
    out = Path(out)
    if device == "auto":
        device = "cuda" if torch.cuda.is_available() else "cpu"
    targets = [MANIFEST_FILE, LOG_FILE] + [checkpoint_file(s) for s in SEEDS]
    existing = [t for t in targets if (out / t).exists()]
    if existing and not force:
        raise FileExistsError(f"{_rel(out)} already holds {', '.join(existing[:3])}… (the committed reference); "
                              "refusing to overwrite. Pass --force to retrain over it")
    say = (lambda *a: None) if quiet else (lambda *a: print(*a, flush=True))
    started = time.perf_counter()
    data = train_data()
    blobs, logs = {}, {}
    with pinned(device):
        env = environment(device)   # inside the block: the thread count and dtype training actually used
        for seed in SEEDS:
            model, log = train_model(seed, data, device)
            blobs[seed] = state_bytes(model, {"seed": seed, "updates": log["updates"]})
            logs[f"s{seed}"] = log
            say(f"seed {seed}: {log['parameters']} parameters, {log['updates']} updates in {log['wall_s']:.1f} s "
                f"on {device}; last logged loss {log['steps'][-1]['loss']:.4f}")
    prefix = prefix_fingerprint(device, data)
    manifest = {
        "task": "paired fact task (lecture §7.11/§7.17, site construction): kernels/fact_task.py",
        "data": {**DATA, "train_sha256": data_digest(data), "length": LENGTH,
                 "train_fact_range": [FIRST_TRAIN_FACT, LAST_FACT_START]},
        "config": FactDecoderConfig().to_dict(), "seeds": list(SEEDS), "hyperparameters": HYPERPARAMETERS,
        "environment": env,
        "determinism": DETERMINISM,
        "models": {f"s{seed}": {"file": checkpoint_file(seed), "sha256": sha256_bytes(blob), "seed": seed,
                                "updates": logs[f"s{seed}"]["updates"], "parameters": logs[f"s{seed}"]["parameters"],
                                "wall_s": logs[f"s{seed}"]["wall_s"]} for seed, blob in blobs.items()},
        "prefix_check": {**PREFIX_CHECK, **prefix, "device": device},
        "wall_s_total": time.perf_counter() - started,
    }
    store.write_checkpoint_set(out, {checkpoint_file(seed): blob for seed, blob in blobs.items()}, logs, manifest)
    say(f"wrote {_rel(out)}/ in {manifest['wall_s_total']:.1f} s")
    return manifest


# --------------------------------------------------------------------------- reading back, diagnosing

def read_manifest(directory: Path = RESULTS) -> dict:
    return store.read_manifest(directory, "make checkpoints-route-g")


def load_model(seed: int, directory: Path = RESULTS, manifest: dict | None = None) -> FactDecoder:
    manifest = manifest or read_manifest(directory)
    model, _ = store.load_checkpoint(Path(directory), manifest["models"][f"s{seed}"],
                                     lambda blob: FactDecoder(FactDecoderConfig(**blob["config"])))
    return model


def test_sets() -> dict:
    p, d = POSITION_SWEEP, DISTRACTOR_SWEEP
    sets = {"position": position_sweep(p["seed"], POSITIONS, p["pairs"], p["distractors"])}
    for i, at in enumerate(DISTRACTOR_FACTS):
        sets[f"distractors_at_{at}"] = distractor_sweep(d["seed"] + i, at, DISTRACTOR_COUNTS, d["pairs"])
    return sets


def _scores(pred: np.ndarray, data: dict, key: str, values) -> list[dict]:
    correct = pred == data["labels"]
    rows = []
    for v in values:
        keep = data[key] == v
        rows.append({key: int(v), "accuracy": float(correct[keep].mean()),
                     "pair_both_correct": pair_both_correct(correct[keep], data["pair_ids"][keep])})
    return rows


def evaluate(model: FactDecoder, sets: dict) -> dict:
    out = {"position": _scores(predict(model, sets["position"]["tokens"]), sets["position"], "fact_at", POSITIONS)}
    for at in DISTRACTOR_FACTS:
        s = sets[f"distractors_at_{at}"]
        out[f"distractors_at_{at}"] = _scores(predict(model, s["tokens"]), s, "distractors", DISTRACTOR_COUNTS)
    return out


def _spread(per_seed: list[dict]) -> dict:
    """Mean, min and max over seeds of every row's accuracy and pair-both-correct."""
    summary = {}
    for name in per_seed[0]:
        rows = []
        for i, row in enumerate(per_seed[0][name]):
            merged = {k: v for k, v in row.items() if k not in ("accuracy", "pair_both_correct")}
            for metric in ("accuracy", "pair_both_correct"):
                values = [s[name][i][metric] for s in per_seed]
                merged[metric] = {"mean": float(np.mean(values)), "min": min(values), "max": max(values)}
            rows.append(merged)
        summary[name] = rows
    return summary


def diagnose(directory: Path = RESULTS) -> dict:
    """Every committed seed (sha256-checked) on the test sets, the seed spread, an untrained model
    and the shared-suffix predictor as references, and how many test rows also occur in training."""
    manifest = read_manifest(directory)
    data = train_data()
    if data_digest(data) != manifest["data"]["train_sha256"]:
        raise CheckpointError("regenerated training data differ from the manifest's sha256; kernels/fact_task.py "
                              "changed since training: retrain with --force or restore the generator")
    sets = test_sets()
    with pinned("cpu"):   # float64, one thread, as in training
        per_seed = [evaluate(load_model(seed, directory, manifest), sets) for seed in manifest["seeds"]]
        torch.manual_seed(0)
        untrained = evaluate(FactDecoder(FactDecoderConfig()), sets)
    pos = sets["position"]
    suffix = shared_suffix_predictor(pos["tokens"], pos["pair_ids"]) == pos["labels"]
    train_rows = {row.tobytes() for row in data["tokens"]}
    overlap = sum(row.tobytes() in train_rows for s in sets.values() for row in s["tokens"])
    return {"seeds": manifest["seeds"], "train_fact_range": manifest["data"]["train_fact_range"],
            "length": manifest["data"]["length"], "updates": manifest["hyperparameters"]["updates"],
            "parameters": manifest["models"]["s0"]["parameters"],
            "test_pairs_per_cell": {"position": POSITION_SWEEP["pairs"], "distractors": DISTRACTOR_SWEEP["pairs"]},
            "position_distractors": POSITION_SWEEP["distractors"],
            "per_seed": per_seed, "summary": _spread(per_seed), "untrained_seed0": untrained,
            "shared_suffix_predictor": {"accuracy": float(suffix.mean()),
                                        "pair_both_correct": pair_both_correct(suffix, pos["pair_ids"])},
            "test_rows_in_training": int(overlap)}


def main(argv=None) -> int:
    return train_main(argv, prog="training.route_g_train", doc=__doc__, train_all=train_all, out=RESULTS)


if __name__ == "__main__":
    sys.exit(main())
