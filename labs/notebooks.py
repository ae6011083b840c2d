"""Lab notebooks (lecture §8.4 routes): where they save what they measure, and the runner that re-executes them
(`make labs`, `python -m labs.notebooks`). The pages read the results through verify/labs.py.

A notebook calls kernels for every formula and saves its measurements as one JSON per route.
The committed copy lives in results/labs/<route>.json; executing a notebook writes to the folder
named by the LAB_RESULTS_DIR environment variable (tests point it at a scratch folder and compare
with the committed copy, so a committed result cannot drift from what the notebook computes).
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

from checker.artifacts import first_difference
from checker.notebook_cells import MACHINE_DEPENDENT, MACHINE_DEPENDENT_KEY, shown_outputs

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "results" / "labs"


def results_dir() -> Path:
    return Path(os.environ.get("LAB_RESULTS_DIR") or COMMITTED)


def _plain(value):
    """numpy scalars/arrays and tuples become JSON lists and floats, so files compare exactly."""
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def save_results(route: str, data: dict) -> Path:
    """Write results/labs/<route>.json atomically (temp file + rename); returns the path."""
    from training.store import write_bytes_atomically

    target = results_dir() / f"{route}.json"
    text = json.dumps(_plain(data), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    write_bytes_atomically(target, text.encode("utf-8"))
    return target


def committed_results(route: str) -> dict:
    """The committed results of one route, for verify functions that quote a lab's numbers."""
    path = COMMITTED / f"{route}.json"
    if not path.is_file():
        raise FileNotFoundError(f"{path.relative_to(ROOT)} is missing; run `make labs UPDATE=1` to create it")
    return json.loads(path.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- executing notebooks

NOTEBOOKS = ROOT / "notebooks"


def notebook_paths() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def route_of(path: Path) -> str:
    """lab_route_d_search.ipynb -> 'route_d'; lab02_path_a.ipynb -> 'lab02_path_a'."""
    stem = path.stem
    parts = stem.split("_")
    return "_".join(parts[1:3]) if stem.startswith("lab_route_") else stem


def execute(path: Path, results_folder: Path, timeout: int = 600):
    """Run a notebook top to bottom in a fresh kernel; returns (executed notebook, seconds)."""
    import time

    import nbformat
    from nbconvert.preprocessors import ExecutePreprocessor

    nb = nbformat.read(path, as_version=4)
    previous = os.environ.get("LAB_RESULTS_DIR")
    os.environ["LAB_RESULTS_DIR"] = str(results_folder)   # the kernel inherits the environment
    started = time.perf_counter()
    try:
        ExecutePreprocessor(timeout=timeout, kernel_name="python3").preprocess(nb, {"metadata": {"path": str(ROOT)}})
    finally:
        if previous is None:
            os.environ.pop("LAB_RESULTS_DIR", None)
        else:
            os.environ["LAB_RESULTS_DIR"] = previous
    return nb, time.perf_counter() - started


_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?", re.IGNORECASE)


def numbers_masked(lines: list[str]) -> list[str]:
    """What a machine-dependent cell must still print the same: its text with every number replaced by #."""
    return [_NUMBER.sub("#", line) for line in lines]


TIMING = "timing"   # a machine-dependent cell's declared tolerance for timings: no number compares across machines
_MACHINE_LINE = re.compile(r"^((?:stdout: )?machine:).*$", re.M)   # the line that names the CPU of the run


def machine_dependent_differences(i: int, tolerance, committed: list[str], fresh: list[str]) -> list[str]:
    """A machine-dependent cell compares at the tolerance its metadata declares: {"atol": x} compares every
    number within x (rounding noise of 1e-15 passes, a count of 79 that becomes 80 does not), "timing" compares
    its words only (and of the line naming the machine, its label). Its committed outputs are also pinned
    (checker/artifacts.py), so a number edited by hand fails there."""
    if tolerance == TIMING:
        mask = lambda lines: [_MACHINE_LINE.sub(r"\1 …", line) for line in numbers_masked(lines)]   # noqa: E731
        return [] if mask(committed) == mask(fresh) else [f"cell {i} (machine-dependent) prints other words than "
                                                          "its committed output"]
    if not (isinstance(tolerance, dict) and set(tolerance) == {"atol"} and isinstance(tolerance["atol"], (int, float))):
        return [f"cell {i} is tagged machine-dependent but declares no tolerance; add to its metadata "
                '"tolerance": {"atol": x} (numbers within x) or "tolerance": "timing"']
    if numbers_masked(committed) != numbers_masked(fresh):
        return [f"cell {i} (machine-dependent) prints other words than its committed output"]
    old = [float(x) for line in committed for x in _NUMBER.findall(line)]
    new = [float(x) for line in fresh for x in _NUMBER.findall(line)]
    far = [(a, b) for a, b in zip(old, new) if abs(a - b) > tolerance["atol"]]
    return [f"cell {i} (machine-dependent) prints {far[0][1]:g} where {far[0][0]:g} is committed, beyond its "
            f"declared atol {tolerance['atol']:g}"] if far else []


def output_differences(committed, executed) -> list[str]:
    """Cells whose committed outputs differ from a fresh execution; a machine-dependent cell is compared
    with its numbers masked (a timing may change, a word or a label may not)."""
    diffs = []
    code = [(i, c) for i, c in enumerate(committed.cells) if c.cell_type == "code"]
    fresh = [c for c in executed.cells if c.cell_type == "code"]
    if len(code) != len(fresh):
        return [f"{len(code)} code cells committed, {len(fresh)} executed"]
    for (i, old), new in zip(code, fresh):
        if any(o.get("output_type") == "error" for o in new.get("outputs", [])):
            diffs.append(f"cell {i} raised: {shown_outputs(new)[-1]}")
        elif MACHINE_DEPENDENT in old.get("metadata", {}).get("tags", []):
            diffs += machine_dependent_differences(i, old.get("metadata", {}).get("tolerance"),
                                                   shown_outputs(old), shown_outputs(new))
        elif shown_outputs(old) != shown_outputs(new):
            diffs.append(f"cell {i} prints something other than its committed output")
    return diffs


def result_differences(route: str, folder: Path) -> list[str]:
    fresh, committed = folder / f"{route}.json", COMMITTED / f"{route}.json"
    if not fresh.is_file():
        return []   # this notebook saves no results file
    if not committed.is_file():
        return [f"results/labs/{route}.json is not committed"]
    old, new = (json.loads(p.read_text(encoding="utf-8")) for p in (committed, fresh))
    for data in (old, new):   # what the results file itself declares machine-dependent is not compared
        if isinstance(data, dict):
            data.pop(MACHINE_DEPENDENT_KEY, None)
    where = first_difference(old, new, RESULT_RTOL)
    if where is not None:
        return [f"results/labs/{route}.json differs from what the notebook computes now at {where or 'the top level'}"]
    return []


# Trained torch models may differ in the last bits on another CPU (other vector kernels); a
# results file is compared to this relative tolerance, far below any printed precision.
RESULT_RTOL = 1e-6


def rerun_differences(path: Path, folder: Path) -> tuple[list[str], object, float]:
    """Execute a notebook with its results written to `folder`; (what differs from the committed outputs and
    results file, the executed notebook, seconds). A failing cell raises nbconvert's CellExecutionError."""
    import nbformat

    executed, seconds = execute(path, folder)
    diffs = output_differences(nbformat.read(path, as_version=4), executed) + result_differences(route_of(path), folder)
    return diffs, executed, seconds


def main(argv=None) -> int:
    """`make labs`: run every notebook, one line per route; --update rewrites the committed outputs."""
    import argparse

    import nbformat

    parser = argparse.ArgumentParser(prog="python -m labs.notebooks")
    parser.add_argument("--update", action="store_true",
                        help="store fresh outputs in the notebooks and results/labs/ (commit them)")
    parser.add_argument("--route", action="append", metavar="ROUTE",
                        help="run only this route (e.g. route_g or lab02_path_a); repeatable")
    args = parser.parse_args(argv)
    scratch = ROOT / "build" / "labs"
    scratch.mkdir(parents=True, exist_ok=True)
    paths = notebook_paths()
    if args.route:
        unknown = sorted(set(args.route) - {route_of(p) for p in paths})
        if unknown:
            parser.error(f"no notebook for route {', '.join(unknown)}; routes: {', '.join(route_of(p) for p in paths)}")
        paths = [p for p in paths if route_of(p) in args.route]
    failed = 0
    for path in paths:
        route = route_of(path)
        folder = COMMITTED if args.update else scratch
        try:
            if args.update:
                nb, seconds = execute(path, folder)
            else:
                diffs, nb, seconds = rerun_differences(path, folder)
        except Exception as exc:  # a failing cell: one line, the notebook named
            failed += 1
            print(f"{path.relative_to(ROOT)}: FAILED: {str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__}")
            continue
        if args.update:
            tmp = path.with_suffix(".ipynb.tmp")
            nbformat.write(nb, tmp)
            os.replace(tmp, path)
            from checker import artifacts   # what only this run could produce is pinned as it wrote it
            artifacts.write_pins(path.relative_to(ROOT).as_posix())
            artifacts.write_pins(f"results/labs/{route}.json")
            print(f"{route:14s} {seconds:5.1f} s  outputs stored in {path.relative_to(ROOT)}")
            continue
        failed += bool(diffs)
        status = "ok" if not diffs else "DIFFERS: " + "; ".join(diffs) + " (run `make labs UPDATE=1` and commit)"
        print(f"{route:14s} {seconds:5.1f} s  {status}")
    print(f"{len(paths) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
