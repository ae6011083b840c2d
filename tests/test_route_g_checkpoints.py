"""Route G part 2 artifacts: never overwritten without --force, refused when a checkpoint's sha256
differs from the manifest, and the committed diagnosis separates the trained range from the rest."""
import json
import shutil

import pytest

from conftest import assert_prefix_retrains

from verify.checkpoints.route_g_train import (MANIFEST_FILE, RESULTS, SEEDS, checkpoint_file, load_model,
                                              prefix_fingerprint, read_manifest, train_all)
from verify.checkpoints.store import CheckpointError


def test_committed_checkpoints_are_small_and_listed():
    manifest = read_manifest()
    assert sorted(manifest["models"]) == [f"s{s}" for s in SEEDS]
    assert sum((RESULTS / checkpoint_file(s)).stat().st_size for s in SEEDS) < 2 * 2 ** 20


def test_training_refuses_to_overwrite_without_force(tmp_path):
    (tmp_path / MANIFEST_FILE).write_text("{}", encoding="utf-8")
    with pytest.raises(FileExistsError, match="refusing to overwrite"):
        train_all(tmp_path, device="cpu", quiet=True)


def test_a_tampered_checkpoint_is_refused(tmp_path):
    for name in [MANIFEST_FILE] + [checkpoint_file(s) for s in SEEDS]:
        shutil.copy(RESULTS / name, tmp_path / name)
    blob = bytearray((tmp_path / checkpoint_file(0)).read_bytes())
    blob[-20] ^= 1
    (tmp_path / checkpoint_file(0)).write_bytes(bytes(blob))
    with pytest.raises(CheckpointError):
        load_model(0, tmp_path)
    assert load_model(1, tmp_path) is not None
    json.loads((tmp_path / MANIFEST_FILE).read_text(encoding="utf-8"))


def test_gpu_comparison_of_route_g_accepts_the_reference_and_rejects_a_drift():
    from verify.checkpoints import gpu
    from verify.labs import committed_results
    report = committed_results("route_g")["context"]   # diagnose() as the notebook saved it
    assert gpu.compare_route_g(report, report)["ok"]
    drifted = json.loads(json.dumps(report))
    first, last = report["train_fact_range"]
    row = next(r for r in drifted["summary"]["position"] if first <= r["fact_at"] <= last)
    row["accuracy"]["mean"] = 0.9   # a trained position no longer answered
    assert not gpu.compare_route_g(report, drifted)["ok"]



def test_first_updates_retrain_bitwise():
    """The committed seeds' first updates, retrained through the shared loop, give the recorded weights."""
    assert_prefix_retrains(read_manifest()["prefix_check"], prefix_fingerprint("cpu"))
