"""Run the mutation corpus: apply each mutant to a scratch copy, check it, print the kill rate per class.

    python -m tests.mutations.run            # the whole corpus (make mutations)
    python -m tests.mutations.run --fast     # a few mutants per class (the pytest subset)
    python -m tests.mutations.run --all      # every candidate edit, unsampled (about 13 minutes)

Page edits are checked in process: the mutated page is written under a scratch folder and
given to the same check_page that `make verify` runs (verify values and kernels are the real
ones). Kernel edits need fresh imports, so each runs `python -m verify` on the pages that use
the kernel, inside a scratch copy of the project.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.mutations.corpus import ROOT, TARGETS, Mutant, apply, generate, messages

COPY_IGNORE = shutil.ignore_patterns(".venv", "site", "build", ".git", "__pycache__", ".hypothesis", "*.egg-info",
                                     "notebooks", "tests")


def check_page_errors(path: Path) -> list[str]:
    from checker.pipeline import check_page
    return check_page(path).errors


def killed_in_process(mutant: Mutant, scratch: Path) -> tuple[bool, str]:
    texts = apply(mutant, lambda rel: (ROOT / rel).read_text(encoding="utf-8"))
    for rel, text in texts.items():
        target = scratch / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    try:
        errors = check_page_errors(scratch / mutant.page)
    finally:
        for rel in texts:
            (scratch / rel).unlink()
    new = messages(errors) - mutant.baseline
    return bool(new), next(iter(new), "")


def killed_in_copy(mutant: Mutant, scratch: Path) -> tuple[bool, str]:
    copy = scratch / "project"
    if not copy.exists():
        shutil.copytree(ROOT, copy, ignore=COPY_IGNORE)
        # the checker's startup stores (compiled patterns, parsed data: checker/startup_cache.py), so that each
        # `python -m verify` in the copy does not compile them again
        for store in (ROOT / "build" / "verify").glob("*.pickle"):
            (copy / "build" / "verify").mkdir(parents=True, exist_ok=True)
            shutil.copy2(store, copy / "build" / "verify" / store.name)
    texts = apply(mutant, lambda rel: (copy / rel).read_text(encoding="utf-8"))
    originals = {rel: (copy / rel).read_text(encoding="utf-8") for rel in texts}
    try:
        for rel, text in texts.items():
            (copy / rel).write_text(text, encoding="utf-8")
        mutated = _verify_messages(copy, scratch, mutant.pages)
    finally:
        for rel, text in originals.items():
            (copy / rel).write_text(text, encoding="utf-8")
    key = tuple(mutant.pages)
    if key not in _baselines:
        _baselines[key] = _verify_messages(copy, scratch, mutant.pages)
    new = mutated - _baselines[key]
    return bool(new), next(iter(new), "")


_baselines: dict = {}

FILE_CLASSES = ("artifacts", "data", "notebook_prose")


def killed_in_files(mutant: Mutant, scratch: Path) -> tuple[bool, str]:
    """Edit a copy of the committed files and run the file checks there (tests/mutations/files.py)."""
    from tests.mutations.files import FOLDERS, file_errors
    tree = scratch / "files"
    if not tree.exists():
        for folder in FOLDERS:
            shutil.copytree(ROOT / folder, tree / folder, ignore=shutil.ignore_patterns("*.pt", "__pycache__"))
        _baselines["files"] = messages(file_errors(tree))
    texts = apply(mutant, lambda rel: (tree / rel).read_text(encoding="utf-8"))
    originals = {rel: (tree / rel).read_text(encoding="utf-8") for rel in texts}
    try:
        for rel, text in texts.items():
            (tree / rel).write_text(text, encoding="utf-8")
        from checker import bibliography
        bibliography.load.cache_clear()   # the copy's bibliography is read by path; an edit must be seen
        new = messages(file_errors(tree)) - _baselines["files"]
    finally:
        for rel, text in originals.items():
            (tree / rel).write_text(text, encoding="utf-8")
    return bool(new), next(iter(new), "")


def _verify_messages(copy: Path, scratch: Path, pages: list[str]) -> Counter:
    env = {"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin", "HOME": str(copy)}
    result = subprocess.run([sys.executable, "-m", "verify", *pages, "--out", str(scratch / "out")],
                            cwd=copy, env=env, capture_output=True, text=True, timeout=600)
    lines = [l for l in result.stdout.splitlines() if re.match(r"\S+:\d+: ", l)]
    if result.returncode != 0 and not lines:
        lines = [result.stdout[-300:] + result.stderr[-300:]]  # a crash is a failure too
    return messages(lines)


def run(mutants: list[Mutant], out=print) -> dict:
    """Check every mutant; returns {class: (mutants, killed, survivors)}."""
    table: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        for mutant in mutants:
            try:
                check = (killed_in_files if mutant.cls in FILE_CLASSES else
                         killed_in_copy if mutant.page is None else killed_in_process)
                killed, why = check(mutant, scratch)
            except ValueError as exc:  # the page changed since generation: not a mutant any more
                out(f"skipped {mutant.name}: {exc}")
                continue
            n, k, survivors, kills = table.get(mutant.cls, (0, 0, [], []))
            if killed:
                kills.append((mutant.name, why))
            else:
                survivors.append(mutant.name)
            table[mutant.cls] = (n + 1, k + killed, survivors, kills)
    return table


def rate(cls: str, n: int, killed: int) -> float:
    """Kill rate, or for controls the share that passes."""
    return (n - killed) / n if cls == "controls" else killed / n


def report(table: dict, out=print, verbose: bool = False) -> bool:
    out(f"{'class':<18}{'mutants':>8}{'killed':>8}{'rate':>8}{'target':>8}")
    ok = True
    for cls in TARGETS:
        if cls not in table:
            out(f"{cls:<18}{0:>8}{'':>8}{'—':>8}{TARGETS[cls]:>8.0%}")
            continue
        n, killed, survivors, kills = table[cls]
        r = rate(cls, n, killed)
        met = r >= TARGETS[cls]
        ok &= met
        label = "passed" if cls == "controls" else "killed"
        out(f"{cls:<18}{n:>8}{killed:>8}{r:>8.0%}{TARGETS[cls]:>8.0%}" + ("" if met else "   below target"))
        shown = [k for k, _ in kills] if cls == "controls" else survivors
        for name in shown[: None if verbose else 5]:
            out(f"    {'flagged' if cls == 'controls' else 'survived'}: {name}")
        if cls == "controls" and verbose:
            for name, why in kills:
                out(f"      {why}")
    total = sum(n for n, *_ in table.values())
    out(f"{total} mutants")
    return ok


def fast_subset(mutants: list[Mutant], per_class: int = 6, seed: int = 1) -> list[Mutant]:
    from tests.mutations.corpus import StableDraw
    rng = StableDraw(seed)   # each class's six depend on its own mutants, not on how many there are before them
    by_class: dict = {}
    for m in mutants:
        by_class.setdefault(m.cls, []).append(m)
    out = []
    for cls, ms in by_class.items():
        if cls in ("kernels", "hardcoded", "run_keys"):  # one code edit, the one that touches the fewest pages (a subprocess each)
            out.append(min(ms, key=lambda m: len(m.pages)))
            continue
        out += ms if len(ms) <= per_class else rng.sample(ms, per_class)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutations.run", description=__doc__)
    parser.add_argument("--fast", action="store_true", help="a few mutants per class")
    parser.add_argument("--all", action="store_true", help="every candidate edit, not a sample (about 13 minutes)")
    parser.add_argument("--only", help="run one class")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every survivor")
    args = parser.parse_args(argv)
    from checker.pipeline import check_page
    started = time.perf_counter()
    if args.all:
        from tests.mutations import corpus
        corpus.EVERY_CANDIDATE = True
    from tests.mutations import code, files
    mutants = generate(check_page, every=5 if args.fast else 1) + files.generate() + code.generate()
    if args.only:
        mutants = [m for m in mutants if m.cls == args.only]
    if args.fast:
        mutants = fast_subset(mutants)
    table = run(mutants)
    ok = report(table, verbose=args.verbose)
    print(f"{time.perf_counter() - started:.0f} s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
