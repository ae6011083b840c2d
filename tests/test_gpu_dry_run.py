"""`make gpu` has never run on a GPU: this runs its whole script on the CPU first (the device is a parameter), so the
first minutes on a CUDA machine are not spent on a bug in the glue. Training is shortened to a few updates (the
hyperparameters are patched in place), so every family's retraining must come out OUTSIDE the declared tolerances
while the data and the committed checkpoints evaluated on the device still agree with the CPU reference."""
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from training import gpu, pixel_qa_train, route_c_train, route_g_train, train  # noqa: E402


@pytest.fixture
def few_updates(monkeypatch):
    monkeypatch.setitem(train.HYPERPARAMETERS, "updates", 2)
    monkeypatch.setitem(pixel_qa_train.HYPERPARAMETERS["shape"], "updates", 2)
    monkeypatch.setitem(pixel_qa_train.HYPERPARAMETERS["key"], "updates", 2)
    monkeypatch.setitem(route_g_train.HYPERPARAMETERS, "updates", 2)
    monkeypatch.setitem(route_c_train.TRAINING, "updates", 2)


def test_the_gpu_script_runs_whole_on_the_cpu_and_says_a_short_retraining_is_outside(tmp_path, few_updates, capsys):
    assert gpu.main(["--device", "cpu", "--out", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    reports = {name: json.loads((tmp_path / f"{name}-comparison.json").read_text(encoding="utf-8"))
               for name in ("seq2seq", "pixel_qa", "route_g", "route_c")}
    for name, report in reports.items():
        assert report["device"] == "cpu" and report["ok"] is False, name
        assert f"{name}-comparison.json" in out, name              # each family says where its report is
    assert out.count("OUTSIDE the declared tolerances") == 4
    seq2seq = reports["seq2seq"]
    assert seq2seq["data_identical"] is True                       # generated from the seed on the CPU either way
    assert seq2seq["reference_checkpoints_evaluated_on_gpu"]["within"] is True   # same weights, float32 vs float64
    assert not seq2seq["weights_vs_reference"]["ok"]               # two updates are not the reference's training
    for name in ("pixel_qa", "route_g", "route_c"):
        assert reports[name]["reference_checkpoints_evaluated_on_device"], name


def test_the_attention_benchmark_runs_its_cpu_check_and_writes_its_file(tmp_path):
    import gpu_attention

    result = gpu_attention.main(["--out", str(tmp_path / "attention.json")])
    written = json.loads((tmp_path / "attention.json").read_text(encoding="utf-8"))
    assert written["gpu_figure"].startswith("pending") and written["cpu_check"]["agree"] is True
    assert result["cpu_check"]["max_abs_diff"] == written["cpu_check"]["max_abs_diff"]
