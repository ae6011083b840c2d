"""Train the pixel-QA models (lecture §6.4) and the paired key-location models (§6.10) into
results/pixel_qa/ (`make checkpoints`).

    python -m training.pixel_qa_train [--out DIR] [--device auto|cpu|cuda] [--force]

The data are regenerated from their seeds (kernels/pixel_qa.py) and only their sha256 is
committed: the images are a deterministic function of the seed, so committing megabytes of
pixels would add nothing a reader could not rebuild. Loading refuses data whose sha256 differs.

Arms, each with training seeds 0, 1, 2 (initialisation and batch order; the data are the same):
- shape-full: pixels + template id;
- shape-question_only: the same network trained and tested with every image set to zero, so
  the only information left is the template id (the "question only" intervention);
- key-full: pixels + template id on the paired key scenes.
Trained in the pinned numeric mode of training/numeric.py (float64, deterministic algorithms,
one thread); written atomically, the manifest last; existing checkpoints are never overwritten without --force.
"""
from __future__ import annotations

import functools
import sys
import time
from pathlib import Path

import numpy as np
import torch

from kernels.pixel_qa import (KEY_ANSWERS, KEY_QUESTIONS, KEY_SIZE, SHAPE_ANSWERS, SHAPE_QUESTIONS, PixelQA,
                              PixelQAConfig, data_sha256, generate_key_data, generate_shape_data, parameter_count,
                              to_tensor)
from training import store
from training.cli import train_main
from training.loop import fit
from training.numeric import DETERMINISM, environment, fingerprint, pinned
from training.store import ROOT, CheckpointError, _rel, sha256_bytes

RESULTS = ROOT / "results" / "pixel_qa"
RESULTS_FILE = "results.json"
MANIFEST_FILE, LOG_FILE = store.MANIFEST_FILE, store.LOG_FILE
SEEDS = (0, 1, 2)

TASKS = {
    "shape": {"data_seed": 2026, "sizes": {"n_train": 720, "n_test": 180},
              "config": PixelQAConfig().to_dict(),
              "questions": list(SHAPE_QUESTIONS), "answers": list(SHAPE_ANSWERS)},
    "key": {"data_seed": 2027, "sizes": {"n_train_pairs": 400, "n_test_pairs": 100},
            "config": PixelQAConfig(image_size=KEY_SIZE, questions=len(KEY_QUESTIONS), answers=len(KEY_ANSWERS),
                                    channels=(16, 16, 16)).to_dict(),
            "questions": list(KEY_QUESTIONS), "answers": list(KEY_ANSWERS)},
}
ARMS = {"shape-full": ("shape", False), "shape-question_only": ("shape", True), "key-full": ("key", False)}
HYPERPARAMETERS = {
    "shape": {"updates": 1200, "images_per_update": 32, "optimizer": "AdamW", "learning_rate": 0.002,
              "weight_decay": 0.05, "log_every": 50},
    "key": {"updates": 500, "images_per_update": 32, "optimizer": "AdamW", "learning_rate": 0.002,
            "weight_decay": 0.05, "log_every": 50},
    "loss": "mean cross-entropy over every (image, template) pair of the batch: each image carries all its templates",
    "batches": "numpy default_rng(1000 + seed): each update draws images_per_update distinct training images",
}
PREFIX_CHECK = {"arm": "shape-full", "seed": 0, "updates": 15}


def checkpoint_file(arm: str, seed: int) -> str:
    return f"{arm}-s{seed}.pt"


def generate(task: str) -> dict:
    """The task's data, drawn from its seed once per process (drawing the scenes pixel by pixel is most of a
    diagnosis's time, and a retrain-and-compare run asks for the same data up to nine times); every caller gets
    its own copy of the arrays, so one that writes into them cannot change what the next one reads."""
    return {split: {name: array.copy() for name, array in arrays.items()} for split, arrays in _drawn(task).items()}


@functools.lru_cache(maxsize=None)
def _drawn(task: str) -> dict:
    spec = TASKS[task]
    make = generate_shape_data if task == "shape" else generate_key_data
    return make(spec["data_seed"], **spec["sizes"])


def state_bytes(model: PixelQA, extra: dict) -> bytes:
    return store.state_bytes(model, {"config": model.config.to_dict(), **extra})


def train_model(arm: str, seed: int, data: dict, device: str = "cpu", updates: int | None = None
                ) -> tuple[PixelQA, dict]:
    """Train one (arm, seed); returns the model (CPU, eval mode) and its log."""
    task, question_only = ARMS[arm]
    hp = HYPERPARAMETERS[task]
    updates = hp["updates"] if updates is None else updates
    with pinned(device):
        config = PixelQAConfig.from_dict(TASKS[task]["config"])
        torch.manual_seed(seed)
        model = PixelQA(config).to(device)
        optimizer = torch.optim.AdamW(model.parameters(), lr=hp["learning_rate"], weight_decay=hp["weight_decay"])
        images = to_tensor(data["train"]["images"])
        if question_only:
            images = torch.zeros_like(images)
        images = images.to(device)
        answers = torch.from_numpy(data["train"]["answers"]).to(device)
        n_q, b = config.questions, hp["images_per_update"]
        questions = torch.arange(n_q, device=device).repeat(b)
        image_of = torch.arange(b, device=device).repeat_interleave(n_q)
        rng = np.random.default_rng(1000 + seed)

        def batch_loss():
            batch = torch.from_numpy(rng.choice(len(images), b, replace=False)).to(device)
            logits = model(images[batch], questions, image_of)
            return torch.nn.functional.cross_entropy(logits, answers[batch].reshape(-1))

        steps, wall = fit(model, optimizer, updates, batch_loss, hp["log_every"], device)
    log = {"arm": arm, "seed": seed, "updates": updates, "wall_s": wall,
           "parameters": parameter_count(model), "steps": steps}
    return model.to("cpu").eval(), log


def prefix_fingerprint(device: str = "cpu", data: dict | None = None) -> dict:
    """The weights after the first PREFIX_CHECK updates (the CI retrain check): per-tensor statistics
    (numeric.fingerprint), compared across CPUs to numeric.WEIGHT_RTOL, and where it ran."""
    data = data or generate(ARMS[PREFIX_CHECK["arm"]][0])
    with pinned(device):
        model, _ = train_model(PREFIX_CHECK["arm"], PREFIX_CHECK["seed"], data, device, PREFIX_CHECK["updates"])
        where = environment(device)
    return {"fingerprint": fingerprint(model.state_dict()), "cpu_capability": where["cpu_capability"],
            "dtype": where["dtype"]}


def train_all(out: Path = RESULTS, device: str = "auto", force: bool = False, quiet: bool = False) -> dict:
    """Train every arm and seed into `out` (checkpoints, log, manifest); `python -m training.pixel_qa_diagnose
    --train` also writes the diagnosis (results.json) after it."""
    out = Path(out)
    if device == "auto":
        device = "cuda" if torch.cuda.is_available() else "cpu"
    targets = [MANIFEST_FILE, LOG_FILE, RESULTS_FILE] + [checkpoint_file(a, s) for a in ARMS for s in SEEDS]
    existing = [t for t in targets if (out / t).exists()]
    if existing and not force:
        raise FileExistsError(f"{_rel(out)} already holds {', '.join(existing[:3])}… (the committed reference); "
                              "refusing to overwrite. Pass --force (make checkpoints FORCE=1) to retrain over it")
    say = (lambda *a: None) if quiet else (lambda *a: print(*a, flush=True))
    started = time.perf_counter()
    with pinned(device):
        env = environment(device)
        data = {task: generate(task) for task in TASKS}
        blobs, logs, models = {}, {}, {}
        for arm, (task, _) in ARMS.items():
            for seed in SEEDS:
                model, log = train_model(arm, seed, data[task], device)
                name = f"{arm}-s{seed}"
                blobs[name] = state_bytes(model, {"arm": arm, "seed": seed, "updates": log["updates"]})
                logs[name] = log
                say(f"{name}: {log['parameters']} parameters, {log['updates']} updates in {log['wall_s']:.1f} s "
                    f"on {device}; last logged loss {log['steps'][-1]['loss']:.4f}")
        prefix = prefix_fingerprint(device, data["shape"])
    manifest = {
        "task": "pixel question answering (lecture §6.4) and the paired key-location task (§6.10)",
        "generator": "kernels.pixel_qa.generate_shape_data / generate_key_data (numpy default_rng(data_seed))",
        "tasks": {t: {**spec, "data_sha256": data_sha256(data[t])} for t, spec in TASKS.items()},
        "arms": {a: {"task": t, "images": "zeroed at training and test" if q else "pixels"}
                 for a, (t, q) in ARMS.items()},
        "seeds": list(SEEDS), "hyperparameters": HYPERPARAMETERS, "environment": env,
        "determinism": DETERMINISM,
        "models": {name: {"file": f"{name}.pt", "sha256": sha256_bytes(blob), "arm": logs[name]["arm"],
                          "seed": logs[name]["seed"], "updates": logs[name]["updates"],
                          "parameters": logs[name]["parameters"], "wall_s": logs[name]["wall_s"]}
                   for name, blob in blobs.items()},
        "prefix_check": {**PREFIX_CHECK, **prefix, "device": device},
        "wall_s_total": time.perf_counter() - started,
    }
    store.write_checkpoint_set(out, {f"{name}.pt": blob for name, blob in blobs.items()}, logs, manifest)
    say(f"wrote {_rel(out)}/ in {manifest['wall_s_total']:.1f} s")
    return manifest


# --------------------------------------------------------------------------- reading back

def read_manifest(directory: Path = RESULTS) -> dict:
    return store.read_manifest(directory, "make checkpoints-pixel-qa")


def load_data(task: str, manifest: dict) -> dict:
    """The task's data regenerated from its seed, refused if the sha256 differs from the manifest's."""
    data = generate(task)
    got, expected = data_sha256(data), manifest["tasks"][task]["data_sha256"]
    if got != expected:
        raise CheckpointError(f"regenerated {task} data: sha256 {got[:16]}… does not match the manifest's "
                              f"{expected[:16]}…; kernels/pixel_qa.py changed since training. Retrain with "
                              "`make checkpoints FORCE=1` or restore the generator")
    return data


def load_model(name: str, directory: Path = RESULTS, manifest: dict | None = None) -> PixelQA:
    manifest = manifest or read_manifest(directory)
    model, _ = store.load_checkpoint(Path(directory), manifest["models"][name],
                                     lambda blob: PixelQA(PixelQAConfig.from_dict(blob["config"])))
    return model


def main(argv=None) -> int:
    return train_main(argv, prog="training.pixel_qa_train", doc=__doc__, train_all=train_all, out=RESULTS)
    # (training only; make checkpoints-pixel-qa runs training.pixel_qa_diagnose --train, which also diagnoses)


if __name__ == "__main__":
    sys.exit(main())
