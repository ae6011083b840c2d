"""A page's code is bound to what the page claims (issue 31), beyond "it runs and prints what is shown".

checker/pipeline.py runs every ```python block and compares what it prints with the ```text block after it. Two
careless edits kept that green:

- `.copy()` dropped: `old_k = cache.keys(0)` is then a view of the cache, and `(cache.keys(0)[:, :5] == old_k).all()`
  compares the cache with itself: it prints True whatever the decode step did. A printed equality check
  (`a == b`, `np.allclose`, `np.array_equal`, `torch.equal`, `torch.allclose`) is therefore run a second time with
  its first operand changed in place (then restored): a check that still holds cannot fail, its two sides are one
  object, and the block fails with the line.
- a radius changed and the new output pasted: the block now computes something else than the numbers the page
  states (which come from the verify function), and the output block agrees with the code. Every call the block
  makes into `kernels/` is recorded with its arguments, and so is every call the page's verify function makes; a
  block call that gives a kernel the same data as a verify call (the same units, the same vectors) but another
  numeric setting (radius 2 where the verify function uses 1) computes another value than the page claims, and
  fails. Calls on other data (a demonstration of another word) are the block's own and pass.
"""
from __future__ import annotations

import ast
import contextlib
import hashlib
import io
import operator
import re
import sys
from pathlib import Path

import numpy as np

from checker.paths import ROOT

KERNELS = str(ROOT / "kernels")
PAGE_CODE = "<page code>"
# the calls that compare two things and print the verdict
EQUALITY_CALLS = {"allclose", "array_equal", "array_equiv", "equal", "isclose"}


# ------------------------------------------------------------------ a printed check must be able to fail

class _Instrument(ast.NodeTransformer):
    """Wrap each equality check whose verdict print(...) shows (an argument, or inside bool(), not, .all(), np.all(),
    an f-string, and/or), so the probe can run it again with its first operand changed. A comparison that only
    filters (`[p for p in pairs if p[0] == "书"]`) is no printed check."""

    def visit_Call(self, node: ast.Call):
        self.generic_visit(node)
        if isinstance(node.func, ast.Name) and node.func.id == "print":
            node.args = [self._verdict(a) for a in node.args]
        return node

    def _verdict(self, node):
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.Eq):
            return ast.copy_location(ast.Call(
                func=ast.Name("__probe_check__", ast.Load()),
                args=[ast.Constant(node.lineno), ast.Attribute(ast.Name("__operator__", ast.Load()), "eq", ast.Load()),
                      node.left, node.comparators[0]], keywords=[]), node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in EQUALITY_CALLS \
                and len(node.args) >= 2:
            return ast.copy_location(ast.Call(
                func=ast.Name("__probe_check__", ast.Load()),
                args=[ast.Constant(node.lineno), node.func, *node.args], keywords=node.keywords), node)
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr \
                if isinstance(node.func, ast.Attribute) else ""
            if isinstance(node.func, ast.Attribute) and name in ("all", "any") and not node.args:
                node.func.value = self._verdict(node.func.value)          # (a == b).all()
            elif name in ("bool", "all", "any") and node.args:
                node.args[0] = self._verdict(node.args[0])               # bool(np.allclose(a, b)), np.all(a == b)
            return node
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            node.operand = self._verdict(node.operand)
        elif isinstance(node, ast.BoolOp):
            node.values = [self._verdict(v) for v in node.values]
        elif isinstance(node, ast.JoinedStr):
            for part in node.values:
                if isinstance(part, ast.FormattedValue):
                    part.value = self._verdict(part.value)
        return node


def instrumented(code: str):
    tree = _Instrument().visit(ast.parse(code))
    return compile(ast.fix_missing_locations(tree), PAGE_CODE, "exec")


def _holds(result) -> bool:
    try:
        return bool(np.all(np.asarray(result.detach().cpu() if hasattr(result, "detach") else result)))
    except Exception:   # noqa: BLE001  a verdict the probe cannot read is left alone
        return False


@contextlib.contextmanager
def _changed(value):
    """value changed in place for the duration (a numpy array or a torch tensor), then restored; None otherwise."""
    if isinstance(value, np.ndarray) and value.dtype.kind in "biuf" and value.size and value.flags.writeable:
        saved = value.copy()
        try:
            if value.dtype.kind == "b":
                np.logical_not(value, out=value)
            else:
                value += 1
            yield True
        finally:
            value[...] = saved
        return
    if type(value).__module__.startswith("torch") and hasattr(value, "add_") and value.numel() \
            and value.dtype.is_floating_point:
        import torch
        with torch.no_grad():
            saved = value.detach().clone()
            try:
                value.add_(1)
                yield True
            finally:
                value.copy_(saved)
        return
    yield False


def probe(vacuous: list[int]):
    """The function instrumented code calls for each printed equality check."""

    def __probe_check__(line, check, left, right, *rest, **options):
        result = check(left, right, *rest, **options)
        if not _holds(result):
            return result
        if left is right and not isinstance(left, (str, bytes, int, float, bool, type(None))):
            vacuous.append(line)
            return result
        try:
            with _changed(left) as changed:
                if changed and _holds(check(left, right, *rest, **options)):
                    vacuous.append(line)
        except Exception:   # noqa: BLE001  a check the change breaks (a shape, a dtype) is not judged
            pass
        return result
    return __probe_check__


# ------------------------------------------------------------------ the kernel calls a block and a verify function make

def fingerprint(value, depth: int = 0):
    """A value as data to compare calls by: numbers (any type) by value, arrays and numeric lists by shape and
    content, strings and nested lists by content; None for what cannot be compared (a model, a function)."""
    if depth > 4:
        return None
    if isinstance(value, (bool, int, float, np.integer, np.floating)):
        return ("n", float(f"{float(value):.12g}"))
    if isinstance(value, str):
        return ("s", value)
    if isinstance(value, np.ndarray) and value.dtype.kind in "biuf":
        data = np.round(value.astype(float), 12)
        return ("a", value.shape, hashlib.sha1(data.tobytes()).hexdigest()[:16])
    if isinstance(value, (list, tuple)) and value:
        try:
            array = np.asarray(value, dtype=float)
        except (TypeError, ValueError):
            array = None
        if array is not None and array.dtype.kind == "f":
            return fingerprint(array, depth)
        if len(value) > 5000:
            return None
        parts = tuple(fingerprint(v, depth + 1) for v in value)
        return None if any(p is None for p in parts) else ("l", parts)
    return None


class Recorder:
    """sys.setprofile hook: each call into kernels/ made from the page's code (or, for a verify function, from
    outside kernels/), as {parameter: fingerprint} under the function's qualified name."""

    def __init__(self, from_page: bool):
        self.from_page = from_page
        self.calls: dict[str, list[dict]] = {}

    def __call__(self, frame, event, arg):
        if event != "call":
            return
        code = frame.f_code
        if not code.co_filename.startswith(KERNELS) or frame.f_back is None:
            return
        caller = frame.f_back.f_code.co_filename
        if (caller != PAGE_CODE) if self.from_page else caller.startswith(KERNELS):
            return
        names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
        self.calls.setdefault(f"{code.co_filename[len(KERNELS) + 1:]}::{code.co_qualname}", []).append(
            {k: fingerprint(frame.f_locals[k]) for k in names if k in frame.f_locals})


@contextlib.contextmanager
def recording(from_page: bool):
    recorder = Recorder(from_page)
    previous = sys.getprofile()
    sys.setprofile(recorder)
    try:
        yield recorder
    finally:
        sys.setprofile(previous)


def self_comparisons(code: str) -> list[int]:
    """The lines of equality checks anywhere in the code whose two sides are written the same (np.allclose(a, a, …),
    x == x): they hold whatever the code computed. A check whose verdict goes through a list or a variable before it
    is printed is not wrapped by the probe (blind_40 W40-013: [np.allclose(a, b) …] -> np.allclose(a, a) …)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in EQUALITY_CALLS \
                and len(node.args) >= 2 and ast.dump(node.args[0]) == ast.dump(node.args[1]):
            lines.append(node.lineno)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.Eq) \
                and ast.dump(node.left) == ast.dump(node.comparators[0]):
            lines.append(node.lineno)
        elif isinstance(node, (ast.List, ast.Tuple)) and len(node.elts) >= 2 \
                and all(isinstance(e, ast.Tuple) and len(e.elts) == 2 for e in node.elts):
            # a list of (mine, reference) pairs that a comparison runs over: a pair written with one side twice
            # ((mine.d_keys, mine.d_keys): blind_44 W44-047) compares a thing with itself
            lines += [e.lineno for e in node.elts if ast.dump(e.elts[0]) == ast.dump(e.elts[1])
                      and not isinstance(e.elts[0], ast.Constant)]
    return lines


_LABELLED_BOUND = re.compile(r"(below|under|less than|at most|within|above|over|greater than|at least|<=?|>=?)\s*"
                            r"(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*[:=]?\s*$", re.I)
_BELOW_WORDS = ("below", "under", "less than", "at most", "within", "<", "<=")


def mislabelled_thresholds(code: str) -> list[tuple[int, str]]:
    """(line, message) for each printed comparison whose label names another bound than it tests: f"relative error
    below 1e-6: {err < 1e6}" prints True whatever err is (blind_60 W60-049), and the output block agrees with it. The
    label's number and direction (below/under/at most/< against above/over/at least/>) must be the comparison's."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.JoinedStr):
            continue
        text = ""
        for part in node.values:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                text += part.value
                continue
            label = _LABELLED_BOUND.search(text)
            text = ""
            expr = getattr(part, "value", None)
            if not label or not isinstance(expr, ast.Compare) or len(expr.ops) != 1 \
                    or not isinstance(expr.ops[0], (ast.Lt, ast.LtE, ast.Gt, ast.GtE)):
                continue
            try:
                bound = float(ast.literal_eval(expr.comparators[0]))
            except (ValueError, TypeError, SyntaxError):
                continue
            below = label.group(1).lower() in _BELOW_WORDS
            tests_below = isinstance(expr.ops[0], (ast.Lt, ast.LtE))
            if float(label.group(2)) != bound or below != tests_below:
                out.append((node.lineno, f"this printed check is labelled '{label.group(0).strip()}' but tests "
                                         f"'{ast.unparse(expr)}': the label and the comparison must name one bound"))
    return out


def execute(code: str) -> tuple[str, Exception | None, dict, list[int]]:
    """Run a block: (what it printed, the exception it raised or None, its kernel calls, the lines of its printed
    checks that hold even with their first operand changed)."""
    out = io.StringIO()
    vacuous: list[int] = []
    namespace = {"__name__": "__page__", "__probe_check__": probe(vacuous), "__operator__": operator}
    raised = None
    with recording(from_page=True) as recorder:
        try:
            with contextlib.redirect_stdout(out):
                exec(instrumented(code), namespace)
        except Exception as exc:   # noqa: BLE001  reported by the caller as one line
            raised = exc
    return out.getvalue(), raised, recorder.calls, sorted(set(vacuous) | set(self_comparisons(code)))


def verify_calls(spec: str) -> dict[str, list[dict]]:
    """The kernel calls a verify function makes, kept with its values (same cache key)."""
    from checker.cache import cached, code_fingerprint, key_of
    from checker.inputs import closure, data_files, sha256_of
    from checker.values import resolve_verify
    fn = resolve_verify(spec)
    module = ROOT / spec.split("::", 1)[0]
    code = fn.__code__
    files = sorted(closure(module)) + data_files() + [Path(__file__)]   # this recorder is part of the outcome
    key = key_of("calls", spec, code_fingerprint(code),
                 *(f"{f.relative_to(ROOT)} {sha256_of(f)}" for f in files))

    def compute():
        with recording(from_page=False) as recorder:
            fn()
        return recorder.calls
    return cached("verify-calls", key, compute)


def _data(fp) -> bool:
    return fp is not None and fp[0] in ("a", "l", "s")


def conflicts(block_calls: dict[str, list[dict]], verify: dict[str, list[dict]]) -> list[str]:
    """Block calls that give a kernel a verify call's data with another numeric setting, each described once."""
    found = []
    for name, calls in block_calls.items():
        theirs = verify.get(name) or []
        for call in calls:
            if any(all(call[k] is None or v.get(k) is None or call[k] == v[k] for k in call) for v in theirs):
                continue
            for v in theirs:
                shared = [k for k in call if _data(call[k]) and call[k] == v.get(k)]
                differ = [k for k in call if call[k] is not None and v.get(k) is not None and call[k] != v[k]]
                if shared and differ and all(call[k][0] == "n" and v[k][0] == "n" for k in differ):
                    settings = ", ".join(f"{k}={call[k][1]:g}" for k in differ)
                    theirs_said = ", ".join(f"{k}={v[k][1]:g}" for k in differ)
                    found.append(f"it calls {name.split('::')[-1]}({settings}) on the verify function's "
                                 f"{', '.join(shared)}, which the verify function calls with {theirs_said}")
                    break
            else:
                continue
            break
    return found
