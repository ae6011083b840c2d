"""The committed files under the pages are bound (checker/artifacts.py): each edit a hurried co-author could make
to a results file, a manifest or a notebook's machine-dependent output, with the pages kept in step, fails."""
import json
import shutil

import nbformat
import pytest

from labs import notebooks as labs
from checker import artifacts
from checker.paths import ROOT


def test_every_committed_artifact_is_bound_and_holds():
    assert artifacts.committed_files(), "no committed artifacts found"
    assert artifacts.check() == []


@pytest.fixture
def copy(tmp_path):
    """The files artifacts.py reads, copied (no git there: every file in the folders counts as committed)."""
    for rel in ("benchmarks/results", "results/labs", "notebooks", "kernels"):
        shutil.copytree(ROOT / rel, tmp_path / rel)
    for manifest in ROOT.glob("results/*/manifest.json"):
        target = tmp_path / manifest.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(manifest, target)
    shutil.copy(ROOT / "results" / "pins.json", tmp_path / "results" / "pins.json")
    assert artifacts.check(tmp_path) == []
    return tmp_path


def edit_json(path, change):
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def only(errors, *words):
    """The errors name what was edited (an edit may break a second invariant that depends on it)."""
    assert any(all(w in e for w in words) for e in errors), errors
    return errors


def test_a_new_unbound_file_fails(copy):
    (copy / "results" / "labs" / "notes.txt").write_text("fastest run: 1 ms\n", encoding="utf-8")
    only(artifacts.unbound_errors(copy), "results/labs/notes.txt", "no binding")


def test_a_recorded_fastest_that_is_not_the_minimum_of_its_repeats_fails():
    data = json.loads((ROOT / "benchmarks/results/cpu.json").read_text(encoding="utf-8"))
    assert artifacts.cpu_invariants(data) == []
    row = data["kv_cache"]["rows"][3]
    row["cached_s"] = sorted(row["cached_times_s"])[1]        # the second fastest, called the fastest
    only(artifacts.cpu_invariants(data), "kv_cache t=8", "not the fastest")


@pytest.mark.parametrize("change,words", [
    (lambda d: d["kv_cache"]["rows"][0].update(ratio_full_over_cached=2.5), ("ratio_full_over_cached",)),
    (lambda d: d["kv_cache"]["rows"][0]["full_times_s"].pop(), ("repeats",)),
    (lambda d: d["dn1_size"].update(cached_s=d["dn1_size"]["cached_min_s"]), ("median",)),
    (lambda d: d["gpu_attention"].update(gpu_figure={"device": "H100", "speedup": 3.1}), ("no CUDA device",)),
    (lambda d: d["gpu_attention"]["cpu_check"]["sdpa"].update(min_s=0.001), ("min_s",)),
    (lambda d: d["attention_memory"]["rows"][2].update(blocked_peak_bytes=1), ("peak ratio",)),
])
def test_cpu_results_keep_their_protocol(change, words):
    data = json.loads((ROOT / "benchmarks/results/cpu.json").read_text(encoding="utf-8"))
    change(data)
    only(artifacts.cpu_invariants(data), *words)


@pytest.mark.parametrize("change,words", [
    (lambda d: d["course_tree"]["beams"][0].update(found_optimum=True), ("course_tree width 1", "found_optimum")),
    (lambda d: d["course_tree"].update(optimum="B EOS"), ("course_tree.optimum",)),
    (lambda d: d["course_tree"]["beams"][1].update(returned_p=0.25), ("course_tree width 2", "returned_p")),
])
def test_a_beam_search_record_edited_by_hand_fails(change, words):
    data = json.loads((ROOT / "results/labs/route_d.json").read_text(encoding="utf-8"))
    assert artifacts.search_invariants(data) == []
    change(data)
    only(artifacts.search_invariants(data), "results/labs/route_d.json", *words)


def test_a_manifest_learning_rate_edited_with_the_pages_fails(copy):
    edit_json(copy / "results/route_g/manifest.json", lambda d: d["hyperparameters"].update(learning_rate=0.001))
    only(artifacts.manifest_errors(copy), "results/route_g/manifest.json", "hyperparameters.learning_rate")
    edit_json(copy / "results/labs/route_c.json", lambda d: d["training"].update(updates=800))
    assert any("training.updates" in e for e in artifacts.manifest_errors(copy))


def test_a_machine_dependent_line_edited_by_hand_fails(copy):
    path = copy / "notebooks" / "lab_route_g_cache.ipynb"
    nb = nbformat.read(path, as_version=4)
    cell = next(c for c in nb.cells if c.metadata.get("tolerance") == labs.TIMING)
    stream = next(o for o in cell.outputs if o.get("output_type") == "stream")
    assert "(ratio " in stream["text"]
    stream["text"] = stream["text"].replace("(ratio ", "(ratio 1")       # 5.8 -> 15.8
    nbformat.write(nb, path)
    only(artifacts.pin_errors(copy), "lab_route_g_cache.ipynb", "machine-dependent", "not edited")


def test_an_edited_machine_dependent_results_block_or_cpu_json_fails(copy):
    edit_json(copy / "results/labs/route_g.json",
              lambda d: d[labs.MACHINE_DEPENDENT_KEY]["timing"].update(cached_decode_s=0.001))
    only(artifacts.pin_errors(copy), "results/labs/route_g.json", "machine_dependent block")
    cpu = copy / "benchmarks/results/cpu.json"
    cpu.write_text(cpu.read_text(encoding="utf-8").replace('"repeats": 5', '"repeats": 5 ', 1), encoding="utf-8")
    assert any(e.startswith("benchmarks/results/cpu.json:1:") for e in artifacts.pin_errors(copy))


def test_the_producers_pin_what_they_wrote(copy):
    edit_json(copy / "results/labs/route_g.json",
              lambda d: d[labs.MACHINE_DEPENDENT_KEY]["timing"].update(cached_decode_s=0.001))
    artifacts.write_pins("results/labs/route_g.json", root=copy)      # what python -m labs.notebooks --update does
    assert artifacts.pin_errors(copy) == []
    pins = json.loads((copy / "results/pins.json").read_text(encoding="utf-8"))
    assert len(pins) == len(artifacts.current_pins(copy)) >= 6


def test_machine_dependent_cells_compare_at_their_declared_tolerance():
    committed = ["stdout: rnn   79 parameters | gradient relative error 5.1e-10\n"]
    noise = ["stdout: rnn   79 parameters | gradient relative error 7.9e-10\n"]
    count = ["stdout: rnn   80 parameters | gradient relative error 5.1e-10\n"]
    assert labs.machine_dependent_differences(5, {"atol": 1e-6}, committed, noise) == []
    only(labs.machine_dependent_differences(5, {"atol": 1e-6}, committed, count), "prints 80 where 79", "atol")
    only(labs.machine_dependent_differences(5, None, committed, noise), "declares no tolerance")
    amd = ["stdout: machine: AMD EPYC, 2 CPUs, numpy 2.4.6\nprefill of 32 tokens: 20.1 ms\n"]
    intel = ["stdout: machine: Intel(R) Xeon(R) Gold 6248, 8 CPUs, numpy 2.4.6\nprefill of 32 tokens: 11.0 ms\n"]
    assert labs.machine_dependent_differences(9, labs.TIMING, amd, intel) == []     # another CPU is no failure
    worded = [amd[0].replace("prefill", "decode")]
    only(labs.machine_dependent_differences(9, labs.TIMING, amd, worded), "other words")


def test_a_notebook_markdown_number_must_be_shown_or_stated(copy):
    """A decimal retyped in a notebook's Markdown fails; the course's record number passes only through the
    section the notebook declares (lab02 quotes 57.67% from lecture §3.10)."""
    from checker import notebook_prose
    path = copy / "notebooks" / "lab_route_c_first_clue.ipynb"
    nb = nbformat.read(path, as_version=4)
    cell = next(i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and "0.047" in c.source)
    nb.cells[cell].source = nb.cells[cell].source.replace("0.047", "0.074")
    nbformat.write(nb, path)
    only(notebook_prose.errors(path, copy), f"cell {cell}", "'0.074'", "no output or code")
    lab02 = copy / "notebooks" / "lab02_path_a.ipynb"
    nb = nbformat.read(lab02, as_version=4)
    assert notebook_prose.errors(lab02, copy) == []
    nb.metadata["course_sections"] = []
    nbformat.write(nb, lab02)
    only(notebook_prose.errors(lab02, copy), "'57.67%'", "course_sections")
