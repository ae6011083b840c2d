"""Mutation testing of kernels/ (issue 20): is the code under the pages tested for being tested?

An AST mutator of our own (no extra dependency, and it knows this code base's idioms): each mutant changes one
operator or constant in one kernel function (+ ↔ −, * ↔ /, < ↔ <=, > ↔ >=, == ↔ !=, and ↔ or, a unary minus or
`not` dropped, max ↔ min, argmax ↔ argmin, an integer constant +1, a float constant × 2), is written into a
scratch copy of the project, and the kernel tests that import the module (tests/kernels/) run against it in a
subprocess. A mutant is killed when one of them fails (or the module no longer imports).

    python -m tests.mutations.kernel_mutants            # a sample per module (make mutations); ~10 min
    python -m tests.mutations.kernel_mutants --all      # every site
    python -m tests.mutations.kernel_mutants --module decoding -v

Survivors are printed; a survivor that no test can kill because it does not change behaviour (an equivalent
mutant: `x * 1.0` and `x / 1.0`) is listed in EQUIVALENT with the reason, and is not counted.
"""
from __future__ import annotations

import argparse
import ast
import copy
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KERNELS = ROOT / "kernels"
KERNEL_TESTS = ROOT / "tests" / "kernels"
TARGET = 0.90

SWAPS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Mult,
         ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
         ast.And: ast.Or, ast.Or: ast.And}
CALL_SWAPS = {"max": "min", "min": "max", "argmax": "argmin", "argmin": "argmax", "maximum": "minimum",
              "minimum": "maximum", "amax": "amin", "amin": "amax"}

# (module, function, description) of mutants shown not to change behaviour, with the reason
EQUIVALENT: dict[tuple[str, str, str], str] = {
    ("decoding", "__init__", "line 125: constant 1e-12 -> 2e-12"):
        "the tolerance for a distribution summing to 1 absorbs float rounding; 1e-12 and 2e-12 both do, and "
        "both refuse a table that is off by a printed digit",
    ("attention", "read_loss_autograd", "line 195: USub dropped"):
        "K is (n, d_k), so K.shape[-1] and K.shape[1] are the same number",
    ("embeddings", "_fix_signs", "line 169: constant 0 -> 1"):
        "it rewrites signs equal to 0, which only an all-zero column of U could give; singular vectors have unit norm",
    ("language_models", "distribution", "line 64: Sub -> Add"):
        "the history is the last n-1 tokens and n-1 <= order-1, so more BOS padding never reaches it",
    ("naive_bayes", "joint_log_likelihood", "line 88: constant 0.0 -> 1.0"):
        "the replaced entries are exactly those the einsum multiplies by a count of 0",
    ("online_softmax", "update", "line 50: Gt -> GtE"):
        "at l = 0 the state is the empty one (m = -inf), so exp(m - m_new) is already 0",
    ("online_softmax", "blocked_attention", "line 118: constant 0.0 -> 1.0"):
        "the shift matters only for rows with no legal key yet, where every weight exp(-inf - shift) is 0",
    ("online_softmax", "per_block_outputs", "line 82: USub dropped"):
        "for 1-D values with one entry per key, reshape(n, 1) and reshape(n, -1) are the same",
    ("tiny_decoder", "prefill", "line 175: Mult -> Div"):
        "it changes only the spare capacity allocated up front; the cache grows on append, the logits are equal",
    ("tiny_decoder", "prefill_states", "line 180: constant 1 -> 2"):
        "only the starting capacity changes; the arrays returned are copies of the valid positions",
    ("metrics", "corpus_bleu", "line 61: Gt -> GtE"):
        "at c == r the brevity penalty exp(1 - r/c) is exp(0) = 1, the value the other branch gives",
    ("sampling", "top_p_set", "line 76: GtE -> Gt"):
        "the comparison is against p - TOP_P_TOLERANCE, so >= and > differ only for a running sum exactly at "
        "p minus the tolerance, which no printed distribution reaches",
}


@dataclass
class KernelMutant:
    module: str        # kernels/<module>.py
    function: str
    what: str
    source: str        # the whole mutated module

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.module, self.function, self.what)


class _Sites(ast.NodeVisitor):
    """Every mutable node inside a function, with the function it belongs to."""

    def __init__(self):
        self.sites, self.function = [], None

    def visit_FunctionDef(self, node):
        outer, self.function = self.function, self.function or node.name
        self.generic_visit(node)
        self.function = outer

    def generic_visit(self, node):
        if self.function:
            for kind in _kinds(node):
                self.sites.append((self.function, node, kind))
        super().generic_visit(node)


def _kinds(node) -> list[str]:
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        return []   # a docstring
    if isinstance(node, ast.BinOp) and type(node.op) in SWAPS:
        return ["binop"]
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in SWAPS:
        return ["compare"]
    if isinstance(node, ast.BoolOp):
        return ["boolop"]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Not)):
        return ["unary"]
    if isinstance(node, ast.Call):
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        return ["call"] if name in CALL_SWAPS else []
    if isinstance(node, ast.Constant) and type(node.value) in (int, float) and not isinstance(node.value, bool):
        return ["constant"]
    return []


def _describe(node, kind: str) -> str:
    line = getattr(node, "lineno", 0)
    if kind == "binop":
        return f"line {line}: {type(node.op).__name__} -> {SWAPS[type(node.op)].__name__}"
    if kind == "compare":
        return f"line {line}: {type(node.ops[0]).__name__} -> {SWAPS[type(node.ops[0])].__name__}"
    if kind == "boolop":
        return f"line {line}: {type(node.op).__name__} -> {SWAPS[type(node.op)].__name__}"
    if kind == "unary":
        return f"line {line}: {type(node.op).__name__} dropped"
    if kind == "call":
        name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
        return f"line {line}: {name} -> {CALL_SWAPS[name]}"
    return f"line {line}: constant {node.value!r} -> {_new_constant(node.value)!r}"


def _new_constant(value):
    return value + 1 if isinstance(value, int) else value * 2 if value else 1.0


class _Apply(ast.NodeTransformer):
    def __init__(self, target, kind):
        self.target, self.kind = target, kind

    def visit(self, node):
        if node is self.target:
            return _mutated(node, self.kind)
        return super().visit(node)


def _mutated(node, kind):
    node = copy.copy(node)
    if kind in ("binop", "boolop"):
        node.op = SWAPS[type(node.op)]()
    elif kind == "compare":
        node.ops = [SWAPS[type(node.ops[0])]()]
    elif kind == "unary":
        return node.operand
    elif kind == "call":
        func = copy.copy(node.func)
        if isinstance(func, ast.Attribute):
            func.attr = CALL_SWAPS[func.attr]
        else:
            func.id = CALL_SWAPS[func.id]
        node.func = func
    elif kind == "constant":
        node.value = _new_constant(node.value)
    return node


def mutants(module: str) -> list[KernelMutant]:
    text = (KERNELS / f"{module}.py").read_text(encoding="utf-8")
    tree = ast.parse(text)
    finder = _Sites()
    finder.visit(tree)
    order = {id(n): i for i, n in enumerate(ast.walk(tree))}
    out = []
    for function, node, kind in finder.sites:
        fresh = ast.parse(text)
        twin = list(ast.walk(fresh))[order[id(node)]]   # the same node of an identical tree: same walk position
        mutated = _Apply(twin, kind).visit(fresh)
        ast.fix_missing_locations(mutated)
        out.append(KernelMutant(module, function, _describe(node, kind), ast.unparse(mutated) + "\n"))
    return out


def tests_for(module: str) -> list[Path]:
    pattern = re.compile(rf"\bkernels\.{module}\b|from kernels import [^\n]*\b{module}\b")
    return sorted(p for p in KERNEL_TESTS.glob("test_*.py") if pattern.search(p.read_text(encoding="utf-8")))


def _scratch() -> Path:
    tmp = Path(tempfile.mkdtemp(prefix="kernel-mutants-"))
    for name in ("kernels", "tests", "verify"):
        shutil.copytree(ROOT / name, tmp / name, ignore=shutil.ignore_patterns("__pycache__", "*.pt"))
    for name in ("conftest.py", "pyproject.toml"):
        if (ROOT / name).is_file():
            shutil.copy(ROOT / name, tmp / name)
    return tmp


def killed(mutant: KernelMutant, scratch: Path, tests: list[Path]) -> bool:
    target = scratch / "kernels" / f"{mutant.module}.py"
    original = target.read_text(encoding="utf-8")
    target.write_text(mutant.source, encoding="utf-8")
    try:
        env = {**os.environ, "PYTHONPATH": str(scratch), "PYTHONDONTWRITEBYTECODE": "1"}
        result = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                                 "--no-header", "-o", "addopts=", *[str(scratch / t.relative_to(ROOT)) for t in tests]],
                                cwd=scratch, env=env, capture_output=True, text=True, timeout=300)
        return result.returncode != 0
    except subprocess.TimeoutExpired:
        return True   # a mutant that hangs the tests is caught by them
    finally:
        target.write_text(original, encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.mutations.kernel_mutants", description=__doc__.split("\n")[0])
    parser.add_argument("--all", action="store_true", help="every mutation site, not a sample")
    parser.add_argument("--per-module", type=int, default=8, help="sampled mutants per module (default 8)")
    parser.add_argument("--module", help="one kernel module")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    modules = [args.module] if args.module else sorted(p.stem for p in KERNELS.glob("*.py") if p.stem != "__init__")
    jobs, untested, equivalent = [], [], []
    for module in modules:
        tests = tests_for(module)
        if not tests:
            untested.append(module)
            continue
        ms = mutants(module)
        # the sample of a module depends on the seed and the module alone (not on which others run), and is
        # drawn before the equivalent mutants are set aside, so listing one does not reshuffle the rest
        ms = ms if args.all or len(ms) <= args.per_module else random.Random(f"{args.seed}:{module}").sample(ms, args.per_module)
        equivalent += [m for m in ms if m.key in EQUIVALENT]
        jobs += [(m, tests) for m in ms if m.key not in EQUIVALENT]
    scratches = [_scratch() for _ in range(2)]
    try:
        results = []
        with ThreadPoolExecutor(max_workers=2) as pool:
            # split the jobs so that no two running mutants share a scratch copy
            halves = [jobs[0::2], jobs[1::2]]
            futures = [pool.submit(lambda h, s: [(m, killed(m, s, t)) for m, t in h], half, scratch)
                       for half, scratch in zip(halves, scratches)]
            for f in futures:
                results += f.result()
    finally:
        for s in scratches:
            shutil.rmtree(s, ignore_errors=True)
    by_module: dict = {}
    for m, k in results:
        n, dead, survivors = by_module.get(m.module, (0, 0, []))
        by_module[m.module] = (n + 1, dead + k, survivors + ([] if k else [m]))
    print(f"{'module':<22}{'mutants':>8}{'killed':>8}{'rate':>8}")
    for module, (n, dead, survivors) in sorted(by_module.items()):
        print(f"{module:<22}{n:>8}{dead:>8}{dead / n:>8.0%}")
        if args.verbose:
            for m in survivors:
                print(f"    survived: {m.function} {m.what}")
    total, dead = sum(v[0] for v in by_module.values()), sum(v[1] for v in by_module.values())
    rate = dead / total if total else 0.0
    print(f"{'all':<22}{total:>8}{dead:>8}{rate:>8.0%}   target {TARGET:.0%}"
          + ("" if rate >= TARGET else "   below target"))
    if untested:
        print(f"no kernel test imports: {', '.join(untested)} (tested elsewhere, or not at all: not counted)")
    for m in equivalent:
        print(f"equivalent, not counted: {m.module} {m.function} {m.what}: {EQUIVALENT[m.key]}")
    print(f"{len(equivalent)} sampled mutants are listed as equivalent; {time.perf_counter() - started:.0f} s")
    return 0 if rate >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
