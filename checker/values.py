"""The values of a page's verify function: import the module by its project path, run the function, keep the
values by content (checker/cache.py). A stage of the checker with no dependency on the other stages, so the
figure stage and the checker both use it without importing each other."""
from __future__ import annotations

import importlib
import re
import traceback
from pathlib import Path

from checker.paths import ROOT

_cache: dict = {}
_broken_modules: dict = {}  # module path -> the one line that reports why it does not import


class BrokenModule(Exception):
    """A verify module that does not import; reported once, on the module's own file and line."""


def import_verify_module(path: str):
    """Import a verify module by its project path; an import failure becomes one BrokenModule line."""
    if path in _broken_modules:
        raise BrokenModule(_broken_modules[path])
    module_name = path[:-3].replace("/", ".") if path.endswith(".py") else path.replace("/", ".")
    try:
        return importlib.import_module(module_name)
    except Exception as exc:
        line = getattr(exc, "lineno", None) if isinstance(exc, SyntaxError) else None
        if line is None:
            frames = [f for f in traceback.extract_tb(exc.__traceback__)
                      if Path(f.filename).resolve() == (ROOT / path).resolve()]
            line = frames[-1].lineno if frames else 1
        message = exc.msg if isinstance(exc, SyntaxError) else str(exc)
        _broken_modules[path] = (f"{path}:{line}: verify module does not import: {type(exc).__name__}: {message}; "
                                 "fix the module (every page that uses it fails until then)")
        raise BrokenModule(_broken_modules[path]) from None


def resolve_verify(spec: str):
    """'verify/lecture/ch03.py::read_once' -> the function object (import errors are PageErrors upstream)."""
    if "::" not in spec:
        raise ValueError(f"verify must look like 'verify/lecture/ch03.py::function', got {spec!r}")
    path, func = spec.split("::", 1)
    if not (ROOT / path).is_file():
        raise FileNotFoundError(f"verify module {path} does not exist; create it or fix the path")
    module = import_verify_module(path)
    if not hasattr(module, func):
        raise AttributeError(f"{path} has no function {func!r}")
    return getattr(module, func)


def run_verify(spec: str) -> dict:
    """The values of a verify function, computed once per content of its module's imports and the committed
    data (checker/cache.py keeps them on disk across runs)."""
    return _computed(spec)[0]


def verify_reads(spec: str):
    """What the verify function read while computing its values, and which values move with the runs among
    those files (checker/reads.py): the evidence kind of its numbers is derived from this."""
    return _computed(spec)[1]


def _computed(spec: str) -> tuple:
    if spec in _cache:
        return _cache[spec]
    fn = resolve_verify(spec)
    from checker.cache import cached, code_fingerprint, key_of
    from checker.evidence import run_keys
    from checker.inputs import closure, data_files, sha256_of
    from checker.reads import read_and_run
    module = ROOT / spec.split("::", 1)[0]
    files = sorted(closure(module)) + data_files()
    code = fn.__code__   # the function object too: a function replaced in this process (a test) is another one
    mixed = bool(run_keys(fn))
    key = key_of(spec, code_fingerprint(code), repr(mixed),
                 *(f"{f.relative_to(ROOT)} {sha256_of(f)}" for f in files))

    def compute():
        values, reads = read_and_run(fn, mixed)
        if not isinstance(values, dict):
            raise TypeError(f"{spec} returned {type(values).__name__}, expected a dict of named values")
        return values, reads
    _cache[spec] = cached("functions+reads", key, compute)
    return _cache[spec]


def lookup(values: dict, base: str, path: str):
    value = values[base]
    for step in re.findall(r"\[(\d+)\]|\.(\w+)", path):
        index, attr = step
        value = value[int(index)] if index else value[attr]
    return value
