"""Lab route C's committed artifacts (results/labs/route_c.json, results/route_c/): hash refusal,
refusal to overwrite, the committed checkpoints reproduce the recorded numbers, and the
results file is internally consistent (summary = the runs, every configuration has every seed)."""
import copy
import shutil
import subprocess
import sys

import pytest

from kernels.first_clue import evaluate, seed_spread
from training import route_c_train as rc
from training.store import ROOT, CheckpointError


@pytest.fixture(scope="module")
def manifest():
    return rc.read_manifest()


@pytest.fixture(scope="module")
def results(manifest):
    return rc.load_results(manifest=manifest)


def test_committed_artifacts_are_small_and_listed(manifest):
    files = [rc.CHECKPOINTS / e["file"] for e in manifest["models"].values()] + [rc.RESULTS_FILE]
    assert sum(f.stat().st_size for f in files) < 2 * 1024 * 1024
    assert set(manifest["models"]) == {rc.checkpoint_file(*k) for k in rc.KEPT}


def test_results_cover_every_configuration_and_the_summary_is_the_runs(results):
    runs = results["runs"]
    expected = {(t, d, c, clip, s) for t, spec in rc.TASKS.items() for d in spec["distances"] for c in rc.CELLS
                for clip in spec["clipping"] for s in rc.SEEDS}
    assert {(r["task"], r["distance"], r["cell"], r["clip"], r["seed"]) for r in runs} == expected
    assert len(runs) == len(expected)
    assert results["summary"] == seed_spread(runs, ("task", "distance", "cell", "clip"),
                                             ("accuracy", "pair_both_correct", "clipped_share"))
    for r in runs:   # a pair both right needs both samples right: pair-both <= accuracy, and >= 2 acc - 1
        assert 2 * r["accuracy"] - 1 - 1e-12 <= r["pair_both_correct"] <= r["accuracy"] + 1e-12
    assert {"device", "torch", "threads"} <= set(results["environment"]) and results["seeds"] == list(rc.SEEDS)


def test_committed_checkpoints_reproduce_the_recorded_numbers(manifest, results):
    recorded = {(r["task"], r["distance"], r["cell"], r["clip"], r["seed"]): r for r in results["runs"]}
    data = {}
    for name in manifest["models"]:
        model, blob = rc.load_model(name, manifest=manifest)
        key = (blob["task"], blob["distance"])
        data.setdefault(key, rc.load_data(*key, manifest))
        ev = evaluate(model, data[key]["test"])
        row = recorded[(blob["task"], blob["distance"], blob["cell"], blob["clip"], blob["seed"])]
        assert (ev.accuracy, ev.pair_both_correct) == (row["accuracy"], row["pair_both_correct"]), name


def test_a_tampered_checkpoint_or_results_file_is_refused(tmp_path, manifest):
    folder = tmp_path / "route_c"
    shutil.copytree(rc.CHECKPOINTS, folder)
    name = next(iter(manifest["models"]))
    blob = bytearray((folder / name).read_bytes())
    blob[-40] ^= 1
    (folder / name).write_bytes(bytes(blob))
    with pytest.raises(CheckpointError, match="does not match the manifest"):
        rc.load_model(name, folder)
    broken = {**manifest, "results": {**manifest["results"], "sha256": "0" * 64}}
    with pytest.raises(CheckpointError, match="refusing to use it"):
        rc.load_results(manifest=broken)
    changed = {**manifest, "data_sha256": {k: "0" * 64 for k in manifest["data_sha256"]}}
    with pytest.raises(CheckpointError, match="kernels/first_clue.py changed"):
        rc.load_data("first_clue", 5, changed)


def test_training_refuses_to_overwrite_the_committed_reference():
    with pytest.raises(FileExistsError, match="refusing to overwrite"):
        rc.train_all()
    run = subprocess.run([sys.executable, "-m", "training.route_c_train"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "--force" in run.stderr


def test_gpu_comparison_accepts_the_reference_and_rejects_a_drift(results):
    from training import gpu
    assert gpu.compare_route_c(results, results)["ok"]
    drifted = copy.deepcopy(results)
    row = next(r for r in drifted["summary"] if r["pair_both_correct"]["mean"] > 0.5)
    row["pair_both_correct"]["mean"] -= 0.5
    report = gpu.compare_route_c(results, drifted)
    assert not report["ok"] and sum(not g["within"] for g in report["groups"]) == 1
    # a retraining that forgets the shortest distance fails even within the per-group tolerance
    forgot = copy.deepcopy(results)
    short = next(r for r in forgot["summary"] if r["task"] == "first_clue" and r["distance"] == 5)
    short["pair_both_correct"]["mean"] = 0.7
    report = gpu.compare_route_c(results, forgot)
    assert all(g["within"] for g in report["groups"]) and not report["shortest_distance_learned"] and not report["ok"]
