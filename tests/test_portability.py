"""Trained results and notebook outputs are the same under a second CPU kernel set (training/numeric.py
BASELINE_KERNELS: torch's scalar kernels, MKL's reproducible GEMM path, numpy's baseline loops), not only under
the one that trained them. Each check runs in a fresh process, because the kernel set is chosen at start-up.

The comparisons are tolerances, not hashes: in float64 two kernel sets differ only in the last bits, far below
every printed digit (measured drift in numeric.py); numeric.WEIGHT_RTOL bounds the weights, the printed outputs
and results files must be equal as committed (results files to labs.RESULT_RTOL)."""
import json
import os
import subprocess
import sys

import pytest
import torch

from labs import notebooks as labs
from training.numeric import BASELINE_KERNELS
from checker.paths import ROOT

NATIVE = torch.backends.cpu.get_cpu_capability()


def baseline_environment() -> dict:
    return {**os.environ, **BASELINE_KERNELS}


def test_every_retrain_check_passes_under_the_baseline_kernels(tmp_path):
    report_file = tmp_path / "portability.json"
    proc = subprocess.run([sys.executable, "-m", "training.portability", "--json", str(report_file)],
                          cwd=ROOT, env=baseline_environment(), capture_output=True, text=True, timeout=900)
    assert report_file.is_file(), proc.stderr[-2000:]
    report = json.loads(report_file.read_text(encoding="utf-8"))
    if NATIVE != "DEFAULT":   # on a CPU without AVX2 the native kernels already are the baseline ones
        assert report["environment"]["cpu_capability"] == "DEFAULT", "the second kernel set was not used"
    assert sorted(c["check"] for c in report["checks"]) == ["pixel_qa", "route_c", "route_g", "seq2seq"]
    assert proc.returncode == 0 and report["ok"], proc.stdout


@pytest.mark.parametrize("path", labs.notebook_paths(), ids=[p.name for p in labs.notebook_paths()])
def test_notebook_reruns_as_committed_under_the_baseline_kernels(path, tmp_path, monkeypatch):
    from test_notebooks import assert_reruns_as_committed
    for name, value in BASELINE_KERNELS.items():   # the notebook's kernel process inherits them
        monkeypatch.setenv(name, value)
    assert_reruns_as_committed(path, tmp_path)
