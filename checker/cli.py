"""`python -m verify [PAGE ...]`: check every page's claims; one line per failure, then
'N passed, N failed' (claims), and build/verify/pages/<id>.json per page, plus build/verify/results.json for a
run over the whole site.

A page whose inputs (checker/inputs.py: the page, the checker, its verify module's imports, the committed data)
have the same content hash as at its last check is not checked again: its recorded result stands, failures
included (`--no-cache` checks everything). A run over some pages writes their JSONs only, never results.json:
a partial result never stands for the site.

    python -m verify new lecture 3.22 | topic SLUG    # a page skeleton and its verify function (tools/scaffold.py)
    python -m verify --changes BASE                   # what a reviewer reads: every change of meaning since BASE
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from checker import kinds
from checker.page import all_pages
from checker.inputs import page_inputs
from checker.page import PageError, read_page
from checker.paths import DOCS, ROOT, VERIFY_OUT, project_relative


def write_atomically(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, indent=1, default=str)
    os.replace(tmp, path)


def file_sha256(path: str | None) -> str | None:
    if not path:
        return None
    file = ROOT / path.split("::")[0]
    return hashlib.sha256(file.read_bytes()).hexdigest() if file.is_file() else None


def page_json(report, inputs: dict | None = None) -> dict:
    return {
        "page": report.page_id, "path": report.path, "title": report.title,
        "evidence": report.evidence, "verify": report.verify,
        "verify_sha256": file_sha256(report.verify),
        "verify_line": int(report.verify_source.rsplit(":", 1)[1]) if report.verify_source else None,
        "status": "failed" if report.failed else "passed",
        "numbers": {"total": report.numbers_total, "recomputed": report.numbers_recomputed,
                    "cited": report.numbers_cited, "course": report.numbers_course,
                    "enumerated": report.numbers_enumerated},
        "kinds": kinds.counts(report.marks),   # numbers per kind, as the verify function declares them (declared.py)
        # what the page's checks cover, for its badge: recomputed and cited numbers, formulas evaluated against
        # kernels, comparisons bound to predicates, statement words only snapshotted
        "checks": {"recomputed": report.numbers_recomputed, "cited": report.numbers_cited,
                   "formulas": report.formulas_bound, "relations": report.relations_bound,
                   "pinned": report.statements_pinned},
        "marks": [dataclasses.asdict(m) for m in report.marks],   # each counted number: body offsets and kind
        "code_blocks_run": report.code_blocks_run,
        "claims": [dataclasses.asdict(c) for c in report.claims],
        "cited": [dataclasses.asdict(c) for c in report.cited],
        "references": report.references,
        "errors": report.errors,
        "notes": report.notes,   # not failures: a claim found by its numbers in reworded text (checker/relocation.py)
        "figures": report.figures,
        "inputs": inputs,
    }


def inputs_of(path: Path) -> tuple[str, dict] | None:
    """(page id, inputs) of a page, or None when its front matter cannot be read (the check will say why)."""
    try:
        page = read_page(path)
    except PageError:
        return None
    return page.id, page_inputs(path, page.meta.get("verify"), page.body)


def recorded_result(path: Path, out: Path) -> tuple[dict | None, dict | None]:
    """(the page's recorded JSON if it is still current, the page's inputs now)."""
    found = inputs_of(path)
    if not found:
        return None, None
    page_id, inputs = found
    recorded = out / "pages" / f"{page_id}.json"
    if recorded.is_file():
        try:
            data = json.loads(recorded.read_text(encoding="utf-8"))
        except ValueError:
            data = {}
        figures_drawn = all((ROOT / f["svg_cache"]).is_file() for f in data.get("figures") or [] if f.get("svg_cache"))
        if (data.get("inputs") or {}).get("key") == inputs["key"] and data.get("path") == project_relative(path) \
                and figures_drawn:   # a recorded result whose figure was cleaned away is drawn again
            return data, inputs
    return None, inputs


def check_fresh(path: Path, inputs: dict | None = None) -> dict:
    from checker.pipeline import check_page
    return page_json(check_page(path), inputs if inputs is not None else (inputs_of(path) or (None, None))[1])


def check_or_reuse(path: Path, out: Path, use_cache: bool) -> tuple[dict, bool]:
    """(page JSON, reused?): the recorded result when the page's inputs are unchanged, else a fresh check."""
    data, inputs = recorded_result(path, out) if use_cache else (None, None)
    if data is not None:
        return data, True
    return check_fresh(path, inputs), False


def _share_cores(workers: int) -> None:
    """A worker's torch uses its share of the cores: by default each of two workers ran one thread per core, four
    threads on two cores, and the checkpoint diagnoses of a cold run slowed most (as in the tests: tests/conftest.py)."""
    threads = str(max(1, (os.cpu_count() or 1) // workers))
    os.environ["OMP_NUM_THREADS"] = threads
    if "torch" in sys.modules:
        sys.modules["torch"].set_num_threads(int(threads))


def _check_group(paths: list[str]) -> list[dict]:
    from checker.inputs import in_snapshot, snapshot
    try:
        if in_snapshot():   # the worker's own, opened when it started (_start_worker)
            return [check_fresh(Path(p)) for p in paths]
        with snapshot():   # a worker hashes the checker's and the data's files once, not once per page (15% of a cold run)
            return [check_fresh(Path(p)) for p in paths]
    finally:
        # a forked worker ends without its atexit hooks: what it added to the startup stores (the numerals its pages
        # read) is written here, or a one-page check after a whole-site run would read them afresh
        from checker import startup_cache
        startup_cache.save_all()


def _start_worker(workers: int) -> None:
    """A worker of one run: its share of the cores, and one snapshot of the shared files for all its tasks (one per
    task listed and hashed the checker's files about 60 times a cold run, 4% of it). The worker ends with the run,
    so no later edit is hidden from it."""
    from checker.inputs import hold_snapshot
    _share_cores(workers)
    hold_snapshot()


# pages whose function diagnoses checkpoints or times code: the slowest tasks of a cold run (a checkpoint diagnosis
# runs twice, the second time with its tensors nudged), started first so that they do not end the run alone
HEAVY_EVIDENCE = {"checkpoint", "measurement"}


def check_many(paths: list[Path], side_task=None, inputs: dict | None = None) -> tuple[list[dict], object]:
    """Check pages, on every core when there are many: pages that share a verify module are one task, so each
    function runs once (and its values come from the disk cache when they can). The tasks are handed out as
    workers free up, the slowest first (HEAVY_EVIDENCE, then the most pages): a slow module then overlaps with the
    rest instead of waiting at the end of a fixed share (ordered by page count alone, a cold run's checkpoint
    diagnosis of three pages started at 18 s of 27 and ran alone for the last 7).

    `side_task` (a module-level function without arguments) runs as one more task beside the pages, and its result
    is returned with theirs: the whole-site artifact check imports torch and took 2 s alone after the pages did.
    `inputs` maps a page to the inputs already hashed for it (a few pages are checked here, not hashed again)."""
    workers = min(os.cpu_count() or 1, 4)
    if workers < 2 or len(paths) < 24:
        from checker.inputs import snapshot
        with snapshot():
            checked = [check_fresh(p, (inputs or {}).get(p)) for p in paths]
        return checked, side_task() if side_task else None
    from concurrent.futures import ProcessPoolExecutor
    groups: dict[str, list[str]] = {}
    heavy: set[str] = set()
    for p in paths:
        try:
            meta = read_page(p).meta
        except PageError:
            meta = {}
        spec = str(meta.get("verify") or "").split("::")[0]
        groups.setdefault(spec, []).append(str(p))
        if spec and HEAVY_EVIDENCE & set(meta.get("evidence") or ()):
            heavy.add(spec)
    unshared = groups.pop("", [])   # pages without a verify function share nothing: small tasks that fill the gaps
    order = sorted(groups, key=lambda spec: (spec in heavy, len(groups[spec])), reverse=True)
    tasks = [groups[spec] for spec in order] + [unshared[i:i + 8] for i in range(0, len(unshared), 8)]
    with ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(workers,)) as pool:
        futures = [pool.submit(_check_group, task) for task in tasks[:workers]]
        side = pool.submit(side_task) if side_task else None   # after the largest groups, before the small ones
        futures += [pool.submit(_check_group, task) for task in tasks[workers:]]
        done = [f.result() for f in futures]
        side_result = side.result() if side else None
    by_path = {d["path"]: d for chunk in done for d in chunk}
    return [by_path[project_relative(p)] for p in paths], side_result


def duplicate_ids(results: list[dict]) -> None:
    """Two pages with one id would overwrite each other's results: the later one fails."""
    first: dict[str, str] = {}
    for data in results:
        if data["page"] in first:
            line = f"{data['path']}:2: page id {data['page']!r} is already the id of {first[data['page']]}; give each page its own id"
            data["errors"] = [*data["errors"], line]
            data["status"] = "failed"
        else:
            first[data["page"]] = data["path"]


def _pages_named(given_paths: list[Path]) -> list[Path] | None:
    """The pages the command line names (folders expanded); None, after one line saying why, when one is missing."""
    pages = []
    for given in given_paths:
        if given.is_dir():
            found = all_pages(given)
            if not found:
                print(f"{given}:1: no topic pages under this folder (Markdown files that open with '---' front "
                      "matter); add pages or name the right folder")
                return None
            pages += found
        elif given.is_file():
            pages.append(given)
        else:
            print(f"{given}:1: no such page or folder; give Markdown pages or folders under docs/")
            return None
    # a page named twice (a folder and one of its pages, or a slip) is checked once: two results of one page would
    # read as two pages with one id, and that failure would be kept with the page's cached result
    return list({page.resolve(): page for page in pages}.values())


def _unreadable_data() -> str | None:
    """One line for a reader-kept data file (credits, absences) that cannot be read: every page's check reads it,
    so checking on would fail all 253 pages with the same line (review of the last stop)."""
    from checker import absences, credits
    for module, error in ((credits, credits.CreditsError), (absences, absences.AbsencesError)):
        try:
            module.entries(module.DATA)
        except error as exc:
            return f"{exc} (no page checked until the file can be read)"
    return None


def main(argv=None) -> int:
    if argv and argv[0] == "new":
        from tools.scaffold import main as new
        return new(argv[1:])
    args = _parse_args(argv)
    if args.changes:
        from checker.changes import main as changes
        return changes(args.changes)
    started = time.perf_counter()
    unreadable = _unreadable_data()
    if unreadable:
        print(unreadable)
        return 2
    pages = _pages_named(args.pages or [DOCS])
    if pages is None:
        return 2
    whole_site = not args.pages
    # the committed files the pages quote (checker/artifacts.py): invariants and pins, on a whole-site run only
    results, reused, artifact_errors = _page_results(pages, args.out, args.no_cache,
                                                     _artifact_errors if whole_site else None)
    artifact_errors = artifact_errors or []
    duplicate_ids(results)
    passed, failed = _print_page_errors(results)
    for line in artifact_errors:
        print(line)
    failed += len(artifact_errors)
    _write_page_files(results, args.out, whole_site)
    summary = summary_of(results)
    summary.update({"claims_passed": passed, "failed": failed, "reused": reused, "artifact_errors": artifact_errors,
                    "seconds": round(time.perf_counter() - started, 3)})
    if whole_site:
        write_atomically(args.out / "results.json", results_file(results, summary))
    print(f"{len(results)} pages, {summary['numbers']} numbers: {summary['recomputed']} recomputed, "
          f"{summary['cited']} cited" + (f"; {reused} pages unchanged since their last check" if reused else ""))
    if not whole_site:
        print(f"(a check of some pages: {project_relative(args.out / 'results.json')} is written only by a run over "
              "the whole site)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or artifact_errors or any(d["status"] != "passed" for d in results) else 0


def _parse_args(argv) -> argparse.Namespace:
    """The command line of `python -m verify` other than `new`, which tools/scaffold.py parses itself."""
    parser = argparse.ArgumentParser(prog="python -m verify", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="*", type=Path, help="pages to check (default: every page under docs/)")
    parser.add_argument("--out", type=Path, default=VERIFY_OUT)
    parser.add_argument("--no-cache", action="store_true", help="check every page, even those whose inputs are unchanged")
    parser.add_argument("--changes", metavar="BASE", help="list every change of meaning between commit BASE and the "
                        "working tree (statement words, claims, relations, declared kinds), one line each; checks nothing")
    return parser.parse_args(argv)


def _page_results(pages: list[Path], out: Path, no_cache: bool, side_task=None) -> tuple[list[dict], int, object]:
    """Each page's result in the order given, recorded where its inputs are unchanged and checked afresh otherwise,
    how many were reused (only the changed pages cost a check), and the result of `side_task` run beside them."""
    from checker.inputs import snapshot
    with snapshot():   # the checker's and the data's files hashed once for all pages, not once per page
        found = {p: recorded_result(p, out) if not no_cache else (None, None) for p in pages}
    recorded = {p: data for p, (data, _) in found.items()}
    stale = [p for p in pages if recorded[p] is None]
    checked, side = check_many(stale, side_task, {p: found[p][1] for p in stale if found[p][1] is not None})
    fresh = dict(zip(stale, checked))
    results = [recorded[p] if recorded[p] is not None else fresh[p] for p in pages]
    return results, len(pages) - len(stale), side


def _print_page_errors(results: list[dict]) -> tuple[int, int]:
    """Print each distinct error line and every note; return (claims passed, failures printed)."""
    passed = failed = 0
    printed: set[str] = set()
    for data in results:
        for line in data["errors"]:
            if line not in printed:  # a broken verify module is one line, not one per page using it
                printed.add(line)
                print(line)
                failed += 1  # one printed line per failure: claims, numbers, front matter, code
        for line in data.get("notes", ()):
            print(f"note: {line}")
        passed += sum(c["status"] == "passed" for c in data["claims"])
    return passed, failed


def _artifact_errors() -> list[str]:
    """The errors of the committed files the pages quote (checker/artifacts.py)."""
    from checker import artifacts
    return artifacts.check()


def _write_page_files(results: list[dict], out: Path, whole_site: bool) -> None:
    """Write each page's JSON; a whole-site run also deletes the JSONs of pages that no longer exist, so that no
    stale result stands for a removed page."""
    if whole_site:
        for stale in (out / "pages").glob("*.json") if (out / "pages").exists() else []:
            if stale.stem not in {d["page"] for d in results}:
                stale.unlink()
    for data in results:
        write_atomically(out / "pages" / f"{data['page']}.json", data)


def summary_of(results: list[dict]) -> dict:
    """Site-wide counts from the page results (also what the build shows on the home page)."""
    return {
        "pages": len(results), "pages_failed": sum(d["status"] != "passed" for d in results),
        "numbers": sum(d["numbers"]["total"] for d in results),
        "recomputed": sum(d["numbers"]["recomputed"] for d in results),
        "cited": sum(d["numbers"]["cited"] for d in results),
        "course": sum(d["numbers"]["course"] for d in results),
        "kinds": {k: sum((d.get("kinds") or {}).get(k, 0) for d in results) for k in kinds.BY_KEY},
        "claims_passed": sum(c["status"] == "passed" for d in results for c in d["claims"]),
    }


def results_file(results: list[dict], summary: dict) -> dict:
    return {"summary": summary, "claims": [c for d in results for c in d["claims"]],
            "pages": {d["page"]: d for d in results}}


def run() -> int:
    try:
        return main(sys.argv[1:])
    except BrokenPipeError:   # `python -m verify | head`: the reader has gone, which is not an error of ours
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(run())
