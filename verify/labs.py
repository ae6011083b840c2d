"""Lab notebooks (lecture §8.4 routes): where they save what they measure, and how pages read it.

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

from verify.artifacts import first_difference
from verify.notebook_cells import MACHINE_DEPENDENT, MACHINE_DEPENDENT_KEY, shown_outputs
from verify.evidence import from_runs, inputs, kinds
from verify.labs_route_g import headlines as route_g_headlines

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
    from verify.checkpoints.store import write_bytes_atomically

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
    (verify/artifacts.py), so a number edited by hand fails there."""
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

    parser = argparse.ArgumentParser(prog="python -m verify.labs")
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
            from verify import artifacts   # what only this run could produce is pinned as it wrote it
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


# --------------------------------------------------------------------------- the labs index page

@from_runs("b_mlp", "b_lstm", "b_greedy_*", "b_tau1_*", "b_texts", "b_seeds", "b_updates",
           "c_*", "g_seeds", "g_params", "g_frozen", "g_updates", "g_length", "g_train_*",
           "g_pairs", "g_in_min", "g_out_acc", "g_dip_*", "g_guess_*", "g_worst_*", "g_far_*",
           "g_near_*", "g_k_*", "g_suffix_pair", "g_untrained_acc")
@kinds(course="d_beam2 d_best d_greedy d_pruned_round d_total d_width",
       site_construction=("a_base_pairs a_base_window a_left_kept a_money_money a_r1_removed a_r1_window "
                          "a_r3_added a_r3_window a_rank a_right_kept a_river_money a_sentences a_static_money "
                          "a_static_river a_types b_bigram b_floor b_sample_floor b_tokens b_unigram "
                          "d_site_beam2 d_site_best d_site_greedy ef_forward_bound ef_gradient_bound "
                          "g_final_len g_layers g_prompt g_steps g_tol g_weight_share g_weights g_width "
                          "g_within"),
       rules={"d_pruned_round": "lecture §3.17: the width-2 beam keeps A and B in its first round (首轮), "
                                "already dropping C, the prefix of the optimal path C EOS"})
@inputs("a_r1_window", "a_r3_window", "d_width")
def lab_headlines() -> dict:
    """What docs/labs/index.md quotes from the committed lab results (each checked against the
    notebooks by tests/test_notebooks.py, so a quoted number cannot outlive its computation)."""
    a, b, d, ef = (committed_results(r) for r in ("route_a", "route_b", "route_d", "route_ef"))
    ngram = {r["model"]: r for r in b["ngram"]}
    neural = lambda name: [r["ppl"] for r in b["neural"] if r["model"] == name]
    rule = {r["rule"]: r for r in b["sampling"]}
    settings = {(s["window"], s["direction"]): s for s in a["settings"]}
    base = settings[tuple(a["baseline"])]
    course, site = d["course_tree"], d["site_tree"]
    beam = lambda tree, width: next(b for b in tree["beams"] if b["width"] == width)
    river, money = "we sat on the river bank", "the bank lends money"
    return {
        "a_sentences": len(a["corpus"]), "a_types": len(a["vocabulary"]), "a_rank": a["svd_rank"],
        "a_base_window": base["window"], "a_base_pairs": base["pairs"],
        "a_r1_window": 1, "a_r1_removed": settings[(1, "both")]["pairs_removed"],
        "a_r3_window": 3, "a_r3_added": settings[(3, "both")]["pairs_added"],
        "a_left_kept": settings[(2, "left")]["words_kept"], "a_right_kept": settings[(2, "right")]["words_kept"],
        "a_static_river": a["bank"]["static_cosine"]["river"], "a_static_money": a["bank"]["static_cosine"]["money"],
        "a_river_money": a["bank"][river]["cosine"]["money"], "a_money_money": a["bank"][money]["cosine"]["money"],
        "d_width": 2, "d_total": course["sum"], "d_greedy": beam(course, 1)["returned_p"], "d_beam2": beam(course, 2)["returned_p"],
        "d_best": course["paths"][0][1], "d_pruned_round": beam(course, 2)["optimum_pruned_in_round"],
        "d_site_greedy": beam(site, 1)["returned_p"], "d_site_beam2": beam(site, 2)["returned_p"],
        "d_site_best": site["paths"][0][1],
        "ef_forward_bound": ef["forward_gap_below"], "ef_gradient_bound": ef["gradient_gap_below"],
        "b_floor": b["floor"]["perplexity"], "b_sample_floor": b["floor"]["sample_perplexity"],
        "b_tokens": b["sizes"]["held_out_tokens"], "b_seeds": len(b["seeds"]["models"]), "b_updates": b["updates"],
        "b_unigram": ngram["unigram add-1"]["ppl"], "b_bigram": ngram["bigram add-0.1"]["ppl"],
        "b_mlp": [min(neural("window MLP (k=2)")), max(neural("window MLP (k=2)"))],
        "b_lstm": [min(neural("LSTM")), max(neural("LSTM"))],
        "b_greedy_distinct": rule["greedy"]["distinct_2"], "b_greedy_limit": rule["greedy"]["hit_limit"],
        "b_texts": rule["greedy"]["texts"], "b_tau1_distinct": rule["tau 1.0"]["distinct_2"],
        "b_greedy_nll": rule["greedy"]["source_nll_per_token"], "b_tau1_nll": rule["tau 1.0"]["source_nll_per_token"],
        **route_g_headlines(committed_results("route_g")),   # route G part 2 quotes trained checkpoints
        # the tokens greedy generates by full recomputation and with the cache, for "生成的 token 完全相同"
        "g_full_tokens": committed_results("route_g")["equivalence"]["full_sequence"],
        "g_cached_tokens": committed_results("route_g")["equivalence"]["cached_sequence"],
        **route_c_headlines(),
    }


def route_c_headlines() -> dict:
    """Route C's numbers for the labs index, from the committed sweep (results/labs/route_c.json):
    per distance and model the three-seed mean and [min, max] of pair-both-correct, clipping on and off. Read through
    the manifest's sha256 (a hand-edited run is refused here, not only in tests/test_route_c.py)."""
    from verify.checkpoints.route_c_train import load_results
    c = load_results()
    spread = lambda m: {"mean": m["mean"], "range": [m["min"], m["max"]]}

    from kernels.first_clue import KEY_CLUE_POSITION
    clue_position = {"first_clue": 0, "key_in_box": KEY_CLUE_POSITION}
    length = {(r["task"], r["distance"]): r["sequence_length"] for r in c["runs"]}

    def rows(task, metric="pair_both_correct"):
        table = {}
        for r in c["summary"]:
            if r["task"] == task:
                key = f"{r['cell']}_{'on' if r['clip'] else 'off'}"
                after = length[(task, r["distance"])] - 1 - clue_position[task]   # tokens after the clue
                table.setdefault(r["distance"], {"distance": r["distance"], "after": after})[key] = spread(r[metric])
        return [table[d] for d in sorted(table)]

    clipped = lambda cell: [r["clipped_share"] for r in c["runs"] if r["task"] == "first_clue" and r["cell"] == cell]
    # per (distance, seed) outcome of an LSTM first-clue run with clipping on or off, to compare the two
    lstm_runs = lambda clip: [[r["pair_both_correct"], r["accuracy"], r["final_loss"]] for r in sorted(c["runs"], key=lambda r: (r["distance"], r["seed"]))
                              if r["task"] == "first_clue" and r["cell"] == "lstm" and r["clip"] == clip]
    far_from = 40   # the page's "from this distance on, nothing is learned"
    far_max = max(r["pair_both_correct"] for r in c["runs"] if r["task"] == "first_clue" and r["distance"] >= far_from)
    return {
        "c_seeds": len(c["seeds"]), "c_updates": c["training"]["updates"], "c_batch": c["training"]["batch_size"],
        "c_train_pairs": c["sizes"]["n_train_pairs"], "c_test_pairs": c["sizes"]["n_test_pairs"],
        "c_hidden": c["model"]["hidden"], "c_clip_threshold": c["training"]["clip_threshold"],
        "c_rnn_params": c["parameters"]["first_clue-rnn"], "c_lstm_params": c["parameters"]["first_clue-lstm"],
        "c_runs": len(c["runs"]), "c_cpu_s": round(c["cpu_s_total"]),
        "c_rnn_clipped_max": max(clipped("rnn")), "c_lstm_clipped_max": max(clipped("lstm")),
        "c_lstm_clip_on": lstm_runs(True), "c_lstm_clip_off": lstm_runs(False),
        "c_far_from": far_from, "c_far_max": far_max,
        "c_fc": rows("first_clue"), "c_fc_acc": rows("first_clue", "accuracy"), "c_key": rows("key_in_box"),
    }
