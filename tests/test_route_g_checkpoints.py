"""Route G part 2 artifacts: never overwritten without --force, refused when a checkpoint's sha256
differs from the manifest, and the committed diagnosis separates the trained range from the rest."""
import json
import shutil

import pytest

from training.route_g_train import (MANIFEST_FILE, RESULTS, SEEDS, checkpoint_file, load_model,
                                              prefix_fingerprint, read_manifest, train_all)
from training.store import CheckpointError


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
    from training import gpu
    from labs.notebooks import committed_results
    report = committed_results("route_g")["context"]   # diagnose() as the notebook saved it
    assert gpu.compare_route_g(report, report)["ok"]
    drifted = json.loads(json.dumps(report))
    first, last = report["train_fact_range"]
    row = next(r for r in drifted["summary"]["position"] if first <= r["fact_at"] <= last)
    row["accuracy"]["mean"] = 0.9   # a trained position no longer answered
    assert not gpu.compare_route_g(report, drifted)["ok"]



def test_first_updates_retrain_to_the_recorded_fingerprint():
    """The first updates of seed 0, retrained through the shared loop in float64, match the recorded fingerprint
    to numeric.WEIGHT_RTOL (measured drift between two CPU kernel sets: about 4e-11)."""
    from training.portability import check_route_g
    result = check_route_g()
    assert result["ok"], result["problems"]


def test_the_fingerprint_tolerance_still_sees_one_update_less(monkeypatch):
    """The tolerance is not so loose that a changed run passes: one update fewer than recorded fails."""
    from training import route_g_train
    from training.numeric import fingerprint_differences
    recorded = read_manifest()["prefix_check"]
    monkeypatch.setitem(route_g_train.PREFIX_CHECK, "updates", recorded["updates"] - 1)
    assert fingerprint_differences(recorded["fingerprint"], prefix_fingerprint("cpu")["fingerprint"])


def test_the_key_biases_stay_zero_and_are_not_counted():
    """The key third of each in-projection bias cannot change any attention weight (its gradient is zero in
    exact arithmetic, rounding noise in float), so it is held at zero and left out of the trained count."""
    from kernels.fact_task import parameter_count
    model = load_model(0)
    width = model.config.width
    for block in model.blocks:
        assert not block.self_attn.in_proj_bias[width:2 * width].any()
        assert block.self_attn.in_proj_bias[:width].any()   # the query and value parts did train
    total = sum(p.numel() for p in model.parameters())
    assert parameter_count(model) == total - width * model.config.layers == read_manifest()["models"]["s0"]["parameters"]
