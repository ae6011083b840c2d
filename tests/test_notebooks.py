"""Every notebook in notebooks/ runs headless from top to bottom, and what it prints and saves is
what is committed: the outputs stored in the .ipynb (which the site renders) and the results
file in results/labs/ (which pages quote). A drifted output fails with the command that fixes it."""
import re

import nbformat
import pytest
from nbconvert.preprocessors import CellExecutionError

from labs import notebooks as labs

NOTEBOOKS = labs.notebook_paths()


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ holds no .ipynb"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_and_matches_its_committed_outputs(path, tmp_path):
    committed = nbformat.read(path, as_version=4)
    code = [c for c in committed.cells if c.cell_type == "code"]
    assert all(c.get("execution_count") for c in code), (
        f"{path.name}: the committed notebook was not executed; run `make labs UPDATE=1` and commit")
    assert_reruns_as_committed(path, tmp_path)


def assert_reruns_as_committed(path, folder):
    try:
        diffs, _, _ = labs.rerun_differences(path, folder)
    except CellExecutionError as exc:
        pytest.fail(f"{path.name}: a cell failed: {str(exc).splitlines()[0] if str(exc) else exc}")
    assert not diffs, f"{path.name}: " + "; ".join(diffs) + " (run `make labs UPDATE=1` and commit)"


def test_a_drifted_output_is_reported():
    """The comparison itself can fail: change one printed line of a committed notebook."""
    path = next(p for p in NOTEBOOKS if p.name.startswith("lab_route_d"))
    committed = nbformat.read(path, as_version=4)
    drifted = nbformat.read(path, as_version=4)
    cell = next(c for c in drifted.cells if c.cell_type == "code" and c.get("outputs"))
    stream = next(o for o in cell.outputs if o.get("output_type") == "stream")
    stream["text"] = stream["text"].replace("0.250000", "0.260000") + "extra line\n"
    assert labs.output_differences(committed, drifted)


def test_a_changed_results_file_is_reported(tmp_path):
    import json
    fresh = json.loads((labs.COMMITTED / "route_d.json").read_text(encoding="utf-8"))
    fresh["alpha"] = 1.0
    (tmp_path / "route_d.json").write_text(json.dumps(fresh), encoding="utf-8")
    assert labs.result_differences("route_d", tmp_path)


def test_machine_dependent_results_are_not_compared_but_the_rest_is(tmp_path):
    """A results file's `machine_dependent` object (timings) may differ; any other key may not."""
    import json
    committed = json.loads((labs.COMMITTED / "route_g.json").read_text(encoding="utf-8"))
    assert labs.MACHINE_DEPENDENT_KEY in committed
    fresh = json.loads(json.dumps(committed))
    fresh[labs.MACHINE_DEPENDENT_KEY]["timing"]["cached_decode_s"] *= 3.0
    (tmp_path / "route_g.json").write_text(json.dumps(fresh), encoding="utf-8")
    assert not labs.result_differences("route_g", tmp_path)
    fresh["bytes"]["weights_per_step"] += 8
    (tmp_path / "route_g.json").write_text(json.dumps(fresh), encoding="utf-8")
    assert labs.result_differences("route_g", tmp_path)


def test_a_timing_cell_may_change_its_numbers_but_not_its_words():
    """A cell that declares "tolerance": "timing" (tests/test_artifacts.py covers the atol cells and the pins)."""
    path = next(p for p in NOTEBOOKS if p.name.startswith("lab_route_g"))
    committed = nbformat.read(path, as_version=4)
    cell_index = next(i for i, c in enumerate(committed.cells)
                      if labs.MACHINE_DEPENDENT in c.metadata.get("tags", []) and c.get("outputs")
                      and c.metadata.get("tolerance") == labs.TIMING)

    def with_text(edit):
        nb = nbformat.read(path, as_version=4)
        stream = next(o for o in nb.cells[cell_index].outputs if o.get("output_type") == "stream")
        stream["text"] = edit(stream["text"])
        return nb

    other_numbers = with_text(lambda t: re.sub(r"\d", lambda m: str((int(m.group()) + 3) % 10), t))
    assert not labs.output_differences(committed, other_numbers)
    other_words = with_text(lambda t: t.replace("ms", "s", 1) if "ms" in t else "edited " + t)
    assert labs.output_differences(committed, other_words)
