"""Train the two reversal seq2seq models and write results/seq2seq/ (`make checkpoints`).

    python -m training.train [--out DIR] [--device auto|cpu|cuda] [--force]

Seeded, and trained in the pinned numeric mode of training/numeric.py (float64, deterministic
algorithms, one intra-op thread). The data are generated from the seed, written with their sha256; both models start from the same seed
(identical initial values for every shared module) and see the same batches in the same order.
Existing checkpoints are never overwritten without --force; every file is written atomically
and the manifest (hashes, seed, device, versions, hyperparameters, tokens seen, wall time) last.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import torch

from kernels.seq2seq import (PAD, Seq2Seq, Seq2SeqConfig, exact_match, generate_reversal_data, greedy_generate,
                             make_batch, parameter_count, teacher_forced_metrics, valid_target_tokens)
from training.cli import train_main
from training.numeric import DETERMINISM, environment, pinned
from training.store import (DATA_FILE, LOG_FILE, MANIFEST_FILE, NAMES, RESULTS, UPDATES, _rel,
                                      checkpoint_bytes, checkpoint_file, data_bytes, data_from_bytes, json_bytes, sha256_bytes,
                                      write_bytes_atomically)

HYPERPARAMETERS = {
    "seed": 0,                      # data generation, model initialisation and batch order all derive from it
    "splits": [3000, 300, 300],     # train / validation / test, drawn in that order
    "source_lengths": [3, 7],
    "updates": UPDATES,
    "batch_size": 32,               # every update: 32 sequences; the last partial batch of an epoch is dropped
    "optimizer": "Adam",
    "learning_rate": 0.005,
    "betas": [0.9, 0.999],
    "grad_clip_norm": 1.0,
    "loss": "mean cross-entropy over valid target tokens (EOS included, PAD excluded)",
    "log_every": 10,
}


def batch_order(n_train: int, hp: dict):
    """Index lists of the successive batches: a fresh shuffle each epoch (random.Random(seed + 1))."""
    rng = random.Random(hp["seed"] + 1)
    while True:
        order = list(range(n_train))
        rng.shuffle(order)
        for i in range(0, n_train - hp["batch_size"] + 1, hp["batch_size"]):
            yield order[i:i + hp["batch_size"]]


def train_model(read: str, data: dict, hp: dict = HYPERPARAMETERS, device: str = "cpu") -> tuple[Seq2Seq, dict]:
    """Train one model; returns it (on the CPU, eval mode) and its training log."""
    torch.manual_seed(hp["seed"])
    model = Seq2Seq(Seq2SeqConfig(read=read)).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=hp["learning_rate"], betas=tuple(hp["betas"]))
    rows = data["train"]
    batches = batch_order(len(rows), hp)
    tokens_seen, steps = 0, []
    started = time.perf_counter()
    model.train()
    for update in range(1, hp["updates"] + 1):
        b = make_batch([rows[i] for i in next(batches)])
        source, lengths, dec_in, target = (t.to(device) for t in (b.source, b.lengths, b.decoder_input, b.target))
        logits, _ = model(source, lengths, dec_in)
        loss = torch.nn.functional.cross_entropy(logits.flatten(0, 1), target.flatten(), ignore_index=PAD)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), hp["grad_clip_norm"])
        optimizer.step()
        tokens_seen += int((target != PAD).sum())
        if update % hp["log_every"] == 0 or update == 1:
            steps.append({"update": update, "loss": float(loss.detach()), "tokens_seen": tokens_seen})
    if device != "cpu":
        torch.cuda.synchronize()
    wall = time.perf_counter() - started
    model = model.to("cpu").eval()
    val = data["validation"]
    log = {"read": read, "parameters": parameter_count(model), "updates": hp["updates"],
           "tokens_seen": tokens_seen, "wall_s": wall, "steps": steps,
           "validation": {**teacher_forced_metrics(model, val),
                          "exact_match": exact_match(greedy_generate(model, val), val)}}
    return model, log


def train_all(out: Path = RESULTS, device: str = "auto", force: bool = False, hp: dict = HYPERPARAMETERS,
              quiet: bool = False) -> dict:
    """Generate the data, train both models, write every artifact under `out`; returns the manifest."""
    out = Path(out)
    if device == "auto":
        device = "cuda" if torch.cuda.is_available() else "cpu"
    targets = [DATA_FILE, MANIFEST_FILE, LOG_FILE] + [checkpoint_file(n, hp["updates"]) for n in NAMES]
    existing = [t for t in targets if (out / t).exists()]
    if existing and not force:
        raise FileExistsError(f"{_rel(out)} already holds {', '.join(existing)} (the committed reference); "
                              "refusing to overwrite. Pass --force (make checkpoints FORCE=1) to retrain over it")
    with pinned(device):
        return _train_all(out, device, hp, quiet)


def _train_all(out: Path, device: str, hp: dict, quiet: bool) -> dict:
    say = (lambda *a: None) if quiet else (lambda *a: print(*a, flush=True))
    started = time.perf_counter()
    data = generate_reversal_data(hp["seed"], sizes=tuple(hp["splits"]), min_len=hp["source_lengths"][0],
                                  max_len=hp["source_lengths"][1])
    data_blob = data_bytes(data)
    assert data_from_bytes(data_blob) == data
    results, logs = {}, {}
    for name in NAMES:
        model, log = train_model(name, data, hp, device)
        blob = checkpoint_bytes(model, hp["updates"])
        results[name] = (model, blob)
        logs[name] = log
        say(f"{name}: {log['parameters']} parameters, {log['tokens_seen']} target tokens in {hp['updates']} updates, "
            f"{log['wall_s']:.1f} s on {device}; validation exact match {log['validation']['exact_match']:.4f}")
    manifest = {
        "task": "sequence reversal over a-f (lecture §3.10-§3.15)",
        "generator": "kernels.seq2seq.generate_reversal_data: per example a uniform length 3..7, uniform symbols, "
                     "whole draw rejected if the source was drawn before; train, validation, test in that order",
        "seed": hp["seed"], "hyperparameters": hp, "environment": environment(device),
        "determinism": DETERMINISM,
        "data": {"file": DATA_FILE, "sha256": sha256_bytes(data_blob),
                 "sizes": {k: len(v) for k, v in data.items()},
                 "valid_target_tokens": {k: valid_target_tokens(v) for k, v in data.items()}},
        "models": {name: {"file": checkpoint_file(name, hp["updates"]), "sha256": sha256_bytes(blob),
                          "parameters": logs[name]["parameters"], "updates": hp["updates"],
                          "tokens_seen": logs[name]["tokens_seen"], "wall_s": logs[name]["wall_s"],
                          "config": model.config.to_dict()}
                   for name, (model, blob) in results.items()},
        "wall_s_total": time.perf_counter() - started,
    }
    write_bytes_atomically(out / DATA_FILE, data_blob)
    write_bytes_atomically(out / (DATA_FILE + ".sha256"), f"{manifest['data']['sha256']}  {DATA_FILE}\n".encode())
    for name, (_, blob) in results.items():
        write_bytes_atomically(out / checkpoint_file(name, hp["updates"]), blob)
    write_bytes_atomically(out / LOG_FILE, json_bytes(logs))
    write_bytes_atomically(out / MANIFEST_FILE, json_bytes(manifest))
    say(f"wrote {_rel(out)}/ in {manifest['wall_s_total']:.1f} s")
    return manifest


def main(argv=None) -> int:
    return train_main(argv, prog="training.train", doc=__doc__, train_all=train_all, out=RESULTS)


if __name__ == "__main__":
    sys.exit(main())
