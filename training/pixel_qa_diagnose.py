"""Read-only diagnostics of the committed pixel-QA and key-location checkpoints, on the CPU.

    python -m training.pixel_qa_diagnose [--dir results/pixel_qa] [--json OUT]

Every checkpoint is hash-checked against the manifest, the data are regenerated and checked
against their recorded sha256; weights are evaluated in float64. Each control is its own
intervention on the held-out split:

shape task (§6.4), per seed
- `model`: pixels + template id, as trained;
- `question_only`: the separately trained network that never saw an image (zeros at training and test);
- `zero_image`: the pixel model with every test image set to zero (the training is unchanged);
- `cyclic_mismatch`: image i+1 (mod N) with the questions and answers of image i. It keeps the
  question distribution and the image statistics but breaks the link; wherever image i+1 happens
  to share the asked attribute with image i the right answer is still reachable, so this arm is
  reported beside the agreement rate of the two images' truths, per template;
- the answer-prior baseline: exact from the generator's distribution, and empirical (training
  majority scored on the held-out split).

key task (§6.10), per seed: single-question accuracy and pair-both-correct for
`model`, `occlude_relevant` (both places the key can be painted grey), `occlude_irrelevant`
(boxes of the same sizes where the key never is), `swap` (the pair partner's image, scored
against the original answer: a model that reads the relation must fall to zero), `zero_image`.
"""
from __future__ import annotations

import copy
import sys
import time
from pathlib import Path

import numpy as np

from kernels.pixel_qa import (KEY_ANSWERS, KEY_QUESTIONS, SHAPE_ANSWER_GROUP, SHAPE_ANSWERS, SHAPE_QUESTIONS, accuracy_by_question, empirical_prior_baseline,
                              exact_prior_baseline, flatten_pairs, occlude, pair_both_correct, partner_index,
                              predict)
from training.pixel_qa_train import (ARMS, RESULTS, RESULTS_FILE, SEEDS, load_data, load_model,
                                               read_manifest)
from training.cli import diagnose_main
from training.store import json_bytes, write_bytes_atomically
from checker.reads import remembered

SHAPE_CONTROLS = ("model", "question_only", "zero_image", "cyclic_mismatch")
SHAPE_GROUP = np.array(SHAPE_ANSWER_GROUP)
KEY_CONTROLS = ("model", "occlude_relevant", "occlude_irrelevant", "swap", "zero_image")


def _predict(model, images, image_index, questions):
    return predict(copy.deepcopy(model), images, image_index, questions)


def _zero(images: np.ndarray) -> np.ndarray:
    """One all-zero image (every zeroed image is the same input, so it is evaluated once)."""
    return np.zeros_like(images[:1])


def shape_report(models: dict, data: dict) -> dict:
    """models: {'model': {seed: PixelQA}, 'question_only': {seed: PixelQA}}."""
    test = data["test"]
    images, answers = test["images"], test["answers"]
    idx, q, truth = flatten_pairs(answers)
    n = len(images)
    shifted = (idx + 1) % n
    zeros, at_zero = _zero(images), np.zeros_like(idx)
    per_seed = {}
    for seed in sorted(models["model"]):
        m, qo = models["model"][seed], models["question_only"][seed]
        both = _predict(m, images, np.concatenate([idx, shifted]), np.concatenate([q, q]))
        pred, mismatch_pred = both[:len(idx)], both[len(idx):]
        per_seed[str(seed)] = {
            "model": accuracy_by_question(pred, truth, q, SHAPE_QUESTIONS),
            # same image, other question: does the answer move to the asked attribute?
            "answer_in_asked_group": float(np.mean(SHAPE_GROUP[pred] == q)),
            "all_templates_correct": float(np.mean((pred == truth).reshape(n, -1).all(1))),
            "question_only": accuracy_by_question(_predict(qo, zeros, at_zero, q), truth, q, SHAPE_QUESTIONS),
            "zero_image": accuracy_by_question(_predict(m, zeros, at_zero, q), truth, q, SHAPE_QUESTIONS),
            "cyclic_mismatch": accuracy_by_question(mismatch_pred, truth, q, SHAPE_QUESTIONS),
        }
    agreement = {name: float(np.mean(answers[:, j] == np.roll(answers[:, j], -1)))
                 for j, name in enumerate(SHAPE_QUESTIONS)}
    exact = exact_prior_baseline()
    summary = _summary(per_seed, SHAPE_CONTROLS)
    for extra in ("answer_in_asked_group", "all_templates_correct"):
        summary[extra] = _spread([per_seed[s][extra] for s in per_seed])
    return {
        "questions": list(SHAPE_QUESTIONS), "test_images": n, "test_pairs": int(len(truth)),
        "train_images": int(len(data["train"]["images"])), "train_pairs": int(data["train"]["answers"].size),
        "per_seed": per_seed, "summary": summary,
        "mismatch_truth_agreement": {"per_question": agreement, "overall": float(np.mean(list(agreement.values())))},
        "prior_exact": {"per_question": {k: [v.numerator, v.denominator] for k, v in exact["per_question"].items()},
                        "overall": [exact["overall"].numerator, exact["overall"].denominator],
                        "uniform_over_answers": [exact["uniform_over_answers"].numerator,
                                                 exact["uniform_over_answers"].denominator]},
        "prior_empirical": empirical_prior_baseline(data["train"]["answers"], answers),
        "answer_counts_test": {name: {SHAPE_ANSWERS[int(a)]: int(c)
                                      for a, c in zip(*np.unique(answers[:, j], return_counts=True))}
                               for j, name in enumerate(SHAPE_QUESTIONS)},
    }


def key_report(models: dict, data: dict) -> dict:
    test = data["test"]
    images, answers, pair = test["images"], test["answers"], test["pair"]
    idx, q, truth = flatten_pairs(answers)
    partner = partner_index(pair)
    occluded = {"occlude_relevant": occlude(images, test["relevant"]),
                "occlude_irrelevant": occlude(images, test["irrelevant"])}
    per_seed = {}
    for seed, m in sorted(models.items()):
        both = _predict(m, images, np.concatenate([idx, partner[idx]]), np.concatenate([q, q]))
        preds = {"model": both[:len(idx)], "swap": both[len(idx):],
                 "zero_image": _predict(m, _zero(images), np.zeros_like(idx), q),
                 **{c: _predict(m, imgs, idx, q) for c, imgs in occluded.items()}}
        pred = preds["model"].reshape(len(images), -1)
        # the two templates ask the same fact: where=table must go with on_table=yes
        consistent = (pred[:, 0] == KEY_ANSWERS.index("table")) == (pred[:, 1] == KEY_ANSWERS.index("yes"))
        row = {"templates_consistent": float(np.mean(consistent))}
        for control in KEY_CONTROLS:
            acc = accuracy_by_question(preds[control], truth, q, KEY_QUESTIONS)
            acc["pair_both_correct"] = pair_both_correct(preds[control] == truth, pair[idx], q)
            row[control] = acc
        per_seed[str(seed)] = row
    summary = _summary(per_seed, KEY_CONTROLS)
    summary["templates_consistent"] = _spread([per_seed[s]["templates_consistent"] for s in per_seed])
    for control in KEY_CONTROLS:
        values = [per_seed[s][control]["pair_both_correct"] for s in per_seed]
        summary[control]["pair_both_correct"] = _spread(values)
    return {"questions": list(KEY_QUESTIONS), "test_pairs": int(len(np.unique(pair))),
            "test_images": int(len(images)), "test_questions": int(len(truth)),
            "train_images": int(len(data["train"]["images"])),
            "train_pairs": int(len(np.unique(data["train"]["pair"]))),
            "per_seed": per_seed, "summary": summary}


def _spread(values) -> dict:
    return {"mean": float(np.mean(values)), "min": float(np.min(values)), "max": float(np.max(values)),
            "values": [float(v) for v in values]}


def _summary(per_seed: dict, controls) -> dict:
    out = {}
    for control in controls:
        rows = [per_seed[s][control] for s in per_seed]
        out[control] = {"overall": _spread([r["overall"] for r in rows]),
                        "per_question": {k: _spread([r["per_question"][k] for r in rows])
                                         for k in rows[0]["per_question"]}}
    return out


PARTS = ("shape", "key")   # the two tasks, each diagnosed on its own (a caller that needs one does not pay for both)


def _part(directory: Path, manifest: dict, part: str) -> dict:
    arms = [arm for arm, (task, _) in ARMS.items() if task == part]
    models = {arm: {s: load_model(f"{arm}-s{s}", directory, manifest) for s in SEEDS} for arm in arms}
    if part == "shape":
        return shape_report({"model": models["shape-full"], "question_only": models["shape-question_only"]},
                            load_data("shape", manifest))
    return key_report(models["key-full"], load_data("key", manifest))


def diagnose_directory(directory: Path = RESULTS, parts: tuple = PARTS) -> dict:
    """The report of the tasks in `parts` (both by default), with the manifest's identity of the runs."""
    manifest = read_manifest(directory)
    started = time.perf_counter()
    report = {part: _part(Path(directory), manifest, part) for part in parts}
    report.update({"dtype": "float64",
                   "manifest": {k: manifest[k] for k in ("seeds", "tasks", "hyperparameters", "environment",
                                                         "models", "prefix_check")}})
    report["diagnose_wall_s"] = time.perf_counter() - started
    return report


@remembered(maxsize=8)
def _cached(directory: str, fingerprint: tuple, part: str) -> dict:
    return diagnose_directory(Path(directory), (part,))


def diagnose(directory: Path = RESULTS, parts: tuple = PARTS) -> dict:
    """Memoized per process and per task by the files' size and mtime (hashes rechecked whenever a file changes).
    A verify function that reads one task asks for that one: the nudged second run of the shape page
    (checker/reads.py) then evaluates the shape models only (the key models were 3 s of a cold `make verify`)."""
    directory = Path(directory)
    fingerprint = tuple((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(directory.glob("*"))
                        if p.is_file() and p.name != RESULTS_FILE)
    done = [_cached(str(directory.resolve()), fingerprint, part) for part in parts]
    report = {**done[0]}
    for part, one in zip(parts, done):
        report[part] = one[part]
    report["diagnose_wall_s"] = sum(one["diagnose_wall_s"] for one in done)
    return report


def results_payload(report: dict) -> dict:
    """What results.json holds: the report without timings (so a rerun reproduces it byte for byte)."""
    return {k: v for k, v in report.items() if k not in ("diagnose_wall_s",)}


def write_results(directory: Path = RESULTS) -> Path:
    path = Path(directory) / RESULTS_FILE
    write_bytes_atomically(path, json_bytes(results_payload(diagnose_directory(directory))))
    return path


def main(argv=None) -> int:
    """Diagnose (the default), or with --train first train every model (make checkpoints-pixel-qa), then write
    results.json beside the checkpoints."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--train" in argv:
        from training.cli import train_main
        from training.pixel_qa_train import __doc__ as train_doc
        from training.pixel_qa_train import train_all

        def train_and_diagnose(out, device, force):
            train_all(out, device, force)
            write_results(out)
            print(f"wrote {out / RESULTS_FILE}")
        argv.remove("--train")
        return train_main(argv, prog="training.pixel_qa_diagnose --train", doc=train_doc,
                          train_all=train_and_diagnose, out=RESULTS)
    return diagnose_main(argv, prog="training.pixel_qa_diagnose", doc=__doc__, diagnose=diagnose,
                         directory=RESULTS, payload=lambda report: json_bytes(results_payload(report)),
                         summary=lambda report: {"shape": report["shape"]["summary"], "key": report["key"]["summary"]})


if __name__ == "__main__":
    sys.exit(main())
