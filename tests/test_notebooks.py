"""Every notebook in notebooks/ runs headless from top to bottom (nbconvert's ExecutePreprocessor);
a cell that raises fails the build."""
from pathlib import Path

import nbformat
import pytest
from nbconvert.preprocessors import CellExecutionError, ExecutePreprocessor

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
    assert NOTEBOOKS, "notebooks/ holds no .ipynb"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_headless(path):
    nb = nbformat.read(path, as_version=4)
    runner = ExecutePreprocessor(timeout=300, kernel_name="python3")
    try:
        runner.preprocess(nb, {"metadata": {"path": str(ROOT)}})
    except CellExecutionError as exc:
        pytest.fail(f"{path.relative_to(ROOT)}: a cell failed: {str(exc).splitlines()[0] if str(exc) else exc}")
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
