"""Mutants of the code under the pages: a verify function's computed result replaced by a written-out copy of
its value (the hurried co-author's fix for a claim that will not pass). Killed when the checker refuses the
copied value (checker/literals.py); every claim still matches, so nothing else can notice.
"""
from __future__ import annotations

import ast
import inspect
import random
import re

from tests.mutations.corpus import ROOT, Mutant
from checker.pipeline import HOLE
from checker.literals import literal_keys
from checker.page import all_pages, read_page


def _offset(lines: list[str], line: int, byte_col: int) -> int:
    """Character offset in the file of an ast position (ast columns count UTF-8 bytes)."""
    return sum(len(l) + 1 for l in lines[:line - 1]) + len(lines[line - 1].encode("utf-8")[:byte_col].decode("utf-8"))


def hardcoded(rng: random.Random, n: int = 8) -> list[Mutant]:
    from checker.values import resolve_verify, run_verify
    candidates = []
    for path in all_pages():
        page = read_page(path)
        spec = page.meta.get("verify")
        if not spec or not page.meta.get("claims"):
            continue
        function = resolve_verify(spec)
        values = run_verify(spec)
        claimed = {m.group(1) for t in page.meta["claims"] for m in HOLE.finditer(str(t))} & set(values)
        scalars = [k for k in sorted(claimed - literal_keys(function))
                   if isinstance(values[k], float) and not isinstance(values[k], bool)]
        if not scalars:
            continue
        module_path = inspect.getsourcefile(function)
        source = open(module_path, encoding="utf-8").read()
        lines = source.split("\n")
        node = next((n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)
                     and n.name == function.__name__), None)
        if node is None:
            continue
        for sub in ast.walk(node):
            if isinstance(sub, ast.Return) and isinstance(sub.value, ast.Dict):
                for key, value in zip(sub.value.keys, sub.value.values):
                    if isinstance(key, ast.Constant) and key.value in scalars and value.lineno == value.end_lineno:
                        start = _offset(lines, value.lineno, value.col_offset)
                        old = source[start:_offset(lines, value.end_lineno, value.end_col_offset)]
                        rel = str(__import__("pathlib").Path(module_path).resolve().relative_to(ROOT))
                        copy = repr(float(values[key.value]))   # the printed value, typed in
                        candidates.append(Mutant("hardcoded", f"{rel}::{function.__name__} {key.value} = {copy}",
                                                 [(rel, old, copy, start)], None,
                                                 [str(path.relative_to(ROOT))]))
                        break
                break
    by_function = {}
    for m in candidates:
        by_function.setdefault(m.name.split(" ")[0], m)   # one mutant per function
    chosen = list(by_function.values())
    return chosen if len(chosen) <= n else rng.sample(chosen, n)


def _functions_of_pages() -> dict:
    """{spec: (function, [pages using it], claimed keys)} for every page with a verify function and claims."""
    from checker.values import resolve_verify
    out: dict = {}
    for path in all_pages():
        page = read_page(path)
        spec = page.meta.get("verify")
        if not spec or not page.meta.get("claims"):
            continue
        function, pages, keys = out.get(spec) or (resolve_verify(spec), [], set())
        pages.append(str(path.relative_to(ROOT)))
        keys |= {m.group(1) for t in page.meta["claims"] for m in HOLE.finditer(str(t))}
        out[spec] = (function, pages, keys)
    return out


# the decorator with its import in one expression, so the edit is one line, as a co-author would add it with its import
FROM_RUNS_X = '@__import__("checker.evidence", fromlist=["from_runs"]).from_runs("x")\n'


def run_keys(rng: random.Random, n_added: int = 3) -> list[Mutant]:
    """The kind of a number is derived from what its function reads (checker/reads.py). Two edits a hurried
    co-author makes to the declaration that remains: a key dropped from a mixed function's from_runs(...) (its
    timing would pass as a construction), and from_runs(...) put on a function that reads no run (its
    constructions would pass as runs)."""
    from checker.evidence import is_run_key, run_keys as declared
    from checker.values import verify_reads
    mutants, plain = [], []
    for spec, (function, pages, keys) in sorted(_functions_of_pages().items()):
        module_path = inspect.getsourcefile(function)
        rel = str(__import__("pathlib").Path(module_path).resolve().relative_to(ROOT))
        source = open(module_path, encoding="utf-8").read()
        patterns = declared(function)
        if not patterns:
            if not verify_reads(spec).run_files:
                plain.append((spec, rel, source, function, pages))
            continue
        reads = verify_reads(spec)
        moved = sorted(k for k in keys if is_run_key(k, patterns) and reads.key_moved(k))
        if not moved:
            continue
        key = moved[0]
        pattern = next(p for p in patterns if is_run_key(key, (p,)))
        if len(patterns) < 2 or not is_run_key(key, (pattern,)):
            continue
        decorator = re.search(r"^@from_runs\((.*?)\)\n(?:@.*\n)*def " + function.__name__ + r"\b", source, re.M | re.S)
        if not decorator or f'"{pattern}", ' not in decorator.group(1) and f', "{pattern}"' not in decorator.group(1):
            continue
        old = decorator.group(0)
        new = old.replace(f'"{pattern}", ', "", 1) if f'"{pattern}", ' in old else old.replace(f', "{pattern}"', "", 1)
        mutants.append(Mutant("run_keys", f"{spec} from_runs without {pattern!r} ({{{key}}})",
                              [(rel, old, new, decorator.start())], None, pages))
    for spec, rel, source, function, pages in rng.sample(plain, min(n_added, len(plain))):
        m = re.search(r"^def " + function.__name__ + r"\b", source, re.M)
        line_start = source.rfind("\n", 0, m.start()) + 1
        while source[source.rfind("\n", 0, line_start - 1) + 1:line_start].startswith("@"):   # above its decorators
            line_start = source.rfind("\n", 0, line_start - 1) + 1
        old = source[line_start:m.end()]
        mutants.append(Mutant("run_keys", f"{spec} given from_runs('{'x'}') but reads no run",
                              [(rel, old, FROM_RUNS_X + old, line_start)], None, pages))
    return mutants


def generate(seed: int = 9) -> list[Mutant]:
    rng = random.Random(seed)
    return hardcoded(rng) + run_keys(rng)
