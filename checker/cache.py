"""A small content-addressed disk cache for what the checker computes again and again across runs: the value
dict of a verify function (keyed by its module's import closure and the committed data) and the sympy reading
of a formula (keyed by its TeX and the parser's version). Entries are pickles under build/verify/cache/,
written atomically; a missing, unreadable or stale entry is simply computed again.

Only results are cached, never failures: a function that raises is run (and reported) every time.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path

from checker.paths import VERIFY_OUT

CACHE = VERIFY_OUT / "cache"
_memory: dict = {}


def key_of(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()


def code_fingerprint(code) -> str:
    """A function's code as a stable string: its bytecode and constants, nested code objects (a comprehension, a
    lambda) by their own fingerprint. repr() of a nested code object holds its memory address, which differs in
    every process, and a key built from it never finds its entry on disk."""
    consts = [code_fingerprint(c) if hasattr(c, "co_code") else repr(c) for c in code.co_consts]
    return code.co_code.hex() + "|" + "|".join(consts)


def cached(namespace: str, key: str, compute):
    """compute() once per key: from this process's memory, from disk, or by calling it (then stored)."""
    if (namespace, key) in _memory:
        return _memory[(namespace, key)]
    path = CACHE / namespace / f"{key}.pickle"
    if path.is_file():
        try:
            value = pickle.loads(path.read_bytes())
            _memory[(namespace, key)] = value
            return value
        except Exception:  # a stale or truncated entry: compute it again
            pass
    value = compute()
    _memory[(namespace, key)] = value
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except Exception:  # an unpicklable value or a read-only folder: the cache is an optimisation only
        Path(tmp).unlink(missing_ok=True) if "tmp" in locals() else None
    return value
