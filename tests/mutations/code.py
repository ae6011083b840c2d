"""Mutants of the code under the pages: a verify function's computed result replaced by a written-out copy of
its value (the hurried co-author's fix for a claim that will not pass). Killed when the checker refuses the
copied value (verify/literals.py); every claim still matches, so nothing else can notice.
"""
from __future__ import annotations

import ast
import inspect
import random
import re

from tests.mutations.corpus import ROOT, Mutant
from verify.checker import HOLE
from verify.literals import literal_keys
from verify.page import all_pages, read_page


def _offset(lines: list[str], line: int, byte_col: int) -> int:
    """Character offset in the file of an ast position (ast columns count UTF-8 bytes)."""
    return sum(len(l) + 1 for l in lines[:line - 1]) + len(lines[line - 1].encode("utf-8")[:byte_col].decode("utf-8"))


def hardcoded(rng: random.Random, n: int = 8) -> list[Mutant]:
    from verify.values import resolve_verify, run_verify
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


def generate(seed: int = 9) -> list[Mutant]:
    return hardcoded(random.Random(seed))
