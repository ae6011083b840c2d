"""The evidence kind of a verify function is derived from what it reads (checker/reads.py), not declared."""
import io
import json

import numpy as np
import torch

from checker.pipeline import check_page
from checker.paths import ROOT
from checker.reads import Reads, file_kind, read_and_run, recording, remembered

BENCH = ROOT / "benchmarks" / "results" / "cpu.json"


def test_files_have_kinds_by_where_they_live():
    assert file_kind("benchmarks/results/cpu.json") == "measurement"
    assert file_kind("results/seq2seq/fixed-500.pt") == "checkpoint"
    assert file_kind("results/labs/route_c.json") == "checkpoint"
    assert file_kind("results/labs/route_b.json") == "checkpoint"   # trained in parts
    assert file_kind("results/labs/route_a.json") is None           # an exact notebook's record
    assert file_kind("results/vision/images/lake.png") is None      # a site-drawn input
    assert file_kind("results/pins.json") is None
    assert file_kind("checker/data/seed_numbers.json") is None


def test_every_way_of_opening_a_file_is_recorded(tmp_path):
    with recording() as files:
        BENCH.read_bytes()
        with open(ROOT / "results" / "pins.json", encoding="utf-8") as f:
            f.read()
        np.save(io.BytesIO(), np.zeros(2))   # a write to memory opens nothing
        torch.load(ROOT / "results" / "route_g" / "fact-s0.pt", weights_only=True)
        (tmp_path / "outside.txt").write_text("x")   # outside the project: not a page's input
    assert {"benchmarks/results/cpu.json", "results/pins.json", "results/route_g/fact-s0.pt"} <= files
    assert not any("outside" in f for f in files)


def test_a_remembered_loader_replays_its_reads():
    calls = []

    @remembered(maxsize=2)
    def load(name):
        calls.append(name)
        return json.loads(BENCH.read_text(encoding="utf-8"))["kv_cache"]["model"]

    with recording():
        load("a")
    with recording() as second:
        load("a")          # a cache hit: nothing is opened, the read is replayed
    assert calls == ["a"] and second == {"benchmarks/results/cpu.json"}


def _measured():
    rows = json.loads(BENCH.read_text(encoding="utf-8"))["kv_cache"]["rows"]
    return {"t": rows[-1]["t"], "ratio": rows[-1]["full_s"] / rows[-1]["cached_s"], "given": 0.25}


def _settings_only():
    model = json.loads(BENCH.read_text(encoding="utf-8"))["kv_cache"]["model"]
    return {"macs": model["width"] * model["ffn"]}


def test_values_that_move_with_a_run_are_told_from_those_that_do_not():
    values, reads = read_and_run(_measured, mixed=True)
    assert reads.run_files == ["benchmarks/results/cpu.json"]
    assert reads.key_moved("ratio")            # a ratio of two timings moves: the nudge is uneven
    assert not reads.key_moved("t") and not reads.key_moved("given")
    assert reads.kinds(mixed=True) == {"construction", "measurement"}
    assert reads.kinds(mixed=False) == {"measurement"}


def test_a_size_read_from_a_benchmarks_settings_is_a_construction():
    _, reads = read_and_run(_settings_only, mixed=False)
    assert reads.run_files and reads.moved == ()
    assert reads.kinds(mixed=False) == {"construction"}


def test_nothing_read_is_a_construction():
    _, reads = read_and_run(lambda: {"x": 1.5}, mixed=False)
    assert reads == Reads() and reads.kinds(mixed=False) == {"construction"}


def test_a_nudged_rerun_that_fails_counts_every_value_as_moved():
    def strict():   # a function's own exact check on its record fails once the record's numbers change
        text = BENCH.read_text(encoding="utf-8")
        if repr(json.loads(text)["kv_cache"]["rows"][-1]["cached_s"]) not in text:
            raise ValueError("the record changed")
        return {"x": 1}
    _, reads = read_and_run(strict, mixed=True)
    assert reads.moved is None and "the record changed" in reads.failure and reads.key_moved("x")


def test_a_claimed_run_value_missing_from_from_runs_fails(monkeypatch):
    from verify.lecture import ch07
    monkeypatch.setattr(ch07.kv_speed, "run_keys", tuple(k for k in ch07.kv_speed.run_keys if k != "tol"))
    errors = check_page(ROOT / "docs" / "lecture" / "ch07" / "7-9.md").errors
    assert any("claim {tol} comes from a committed run" in e and "add 'tol' there" in e for e in errors), errors


def test_from_runs_on_a_function_that_reads_no_run_fails(monkeypatch):
    from verify.lecture import ch03_read
    monkeypatch.setattr(ch03_read.three_slot_read, "run_keys", ("alpha",), raising=False)
    page = next(p for p in (ROOT / "docs").rglob("*.md")
                if "verify: verify/lecture/ch03_read.py::three_slot_read" in p.read_text(encoding="utf-8"))
    errors = check_page(page).errors
    assert any("names keys from runs (from_runs) but reads no committed run file" in e for e in errors), errors


def test_a_checkpoint_rerun_moves_log_probabilities_and_keeps_the_greedy_decisions():
    """The seq2seq diagnosis asserts facts of its run (the fixed model starts right, then swaps two symbols). The
    nudged rerun must keep those (a scrambled checkpoint failed them, and then no key could be told apart) and
    still move what is continuous, so that a construction key beside them is checked."""
    from verify.lecture import ch03_checkpoint
    _, reads = read_and_run(ch03_checkpoint.diagnosis_cases, mixed=True)
    assert reads.moved is not None, reads.failure
    assert reads.key_moved("best_lp") and reads.key_moved("target_lp")     # log-probabilities of the checkpoint
    assert not reads.key_moved("width")                                    # the course's width, an input
    _, reads = read_and_run(ch03_checkpoint.failure_case, mixed=True)
    assert reads.moved is not None, reads.failure
    constructions = [key for key, kind in ch03_checkpoint.failure_case.key_kinds if kind == "site_construction"]
    assert constructions and not any(reads.key_moved(k) for k in constructions)
