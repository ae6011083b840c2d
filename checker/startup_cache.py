"""Work every run repeats, kept between runs: compiled regular expressions and parsed data files.

A fresh `python -m verify PAGE` spent about 1.5 s compiling the checker's 850 regular expressions (CPython compiles
a class such as [\u4e00-\u9fff] by walking its 21,000 code points in Python) and about 0.5 s parsing the same YAML
data files (credits, absences, facts, rules) before it read the page: over the one-page budget of 1 s (issue 31).
Both results depend only on their input text, so they are kept in build/verify/ and reused:

- a pattern's compiled program (the list of integers re's compiler gives `_sre.compile`, which is what
  `re._compiler.compile` does last), keyed by the pattern, its flags, the Python version and the matcher's magic
  number: another Python, another re or a changed pattern compiles afresh;
- a data file's parsed entries, keyed by a hash of the file's text, the reader's arguments and the source of the
  module that reads it: a changed file or a changed reader parses again.

A store that cannot be read is ignored and rebuilt; it is written atomically at the end of a run, only when the run
added something. CHECKER_STARTUP_CACHE=0 turns both off. tests/test_startup_cache.py compares cached programs with
fresh compiles and a cached parse with a fresh one.
"""
from __future__ import annotations

import atexit
import hashlib
import os
import pickle
import re
import sys
import tempfile
from pathlib import Path
from re import _compiler, _parser

import _sre

FOLDER = Path(__file__).resolve().parent.parent / "build" / "verify"
ENABLED = os.environ.get("CHECKER_STARTUP_CACHE") != "0"


class Store:
    """A dict kept in one pickle file, tagged so that a file from another Python or another format is not used."""

    def __init__(self, name: str, tag: tuple, limit: int):
        self.path = FOLDER / f"{name}.pickle"
        self.tag = tag
        self.limit = limit   # past this many items, a save keeps only those this run used (old texts drop out)
        self.items: dict = {}
        self.used: set = set()
        self.added = 0
        self.loaded = False

    def _read(self) -> dict:
        try:
            with self.path.open("rb") as handle:
                tag, items = pickle.load(handle)
        except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError, AttributeError, ImportError):
            return {}
        return items if tag == self.tag and isinstance(items, dict) else {}

    def get(self, key):
        if not self.loaded:
            self.items = {**self._read(), **self.items}
            self.loaded = True
        self.used.add(key)
        return self.items.get(key)

    def put(self, key, value) -> None:
        if not self.added:
            atexit.register(self.save)
        self.items[key] = value
        self.used.add(key)
        self.added += 1

    def save(self) -> None:
        """Write the items when this run added some (atomically: a reader sees the old file or the new)."""
        if not self.added:
            return
        try:
            FOLDER.mkdir(parents=True, exist_ok=True)
            merged = {**self._read(), **self.items}   # another process may have added items meanwhile
            if len(merged) > self.limit:
                merged = {key: value for key, value in merged.items() if key in self.used}
            fd, tmp = tempfile.mkstemp(dir=FOLDER, prefix=f".{self.path.stem}.")
            with os.fdopen(fd, "wb") as handle:
                pickle.dump((self.tag, merged), handle, protocol=pickle.HIGHEST_PROTOCOL)
            os.chmod(tmp, 0o644)
            os.replace(tmp, self.path)
            self.added = 0
        except OSError:
            pass   # a read-only checkout: the next run computes again, nothing is lost


PROGRAMS = Store("regex-programs", (sys.version, _sre.MAGIC, getattr(_compiler, "MAXCODE", None)), limit=4000)
PARSED = Store("parsed-data", (sys.version, 1), limit=200)
# Chinese numerals as the kept library reads them (checker/numerals.py), keyed by the installed library's file
NUMERALS = Store("numerals", (sys.version, 1), limit=4000)
_original_compile = _compiler.compile


def save_all() -> None:
    """Write every store that gained items (a worker process, which ends without atexit hooks, calls this)."""
    for store in (PROGRAMS, PARSED, NUMERALS):
        store.save()


def program(pattern: str, flags: int) -> tuple:
    """What re's compiler makes of a pattern: (flags, code, groups, groupindex, indexgroup) for `_sre.compile`."""
    parsed_pattern = _parser.parse(pattern, flags)
    code = [int(op) for op in _compiler._code(parsed_pattern, flags)]   # opcodes are int subclasses: no pickling
    groupindex = dict(parsed_pattern.state.groupdict)
    indexgroup = [None] * parsed_pattern.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return flags | parsed_pattern.state.flags, code, parsed_pattern.state.groups - 1, groupindex, tuple(indexgroup)


def _compile(p, flags=0):
    """re._compiler.compile for a string pattern, through the store; anything else (a parsed pattern, a debug
    compile) goes to re's own compiler."""
    if not isinstance(p, str) or flags & re.DEBUG:
        return _original_compile(p, flags)
    key = (p, int(flags))
    found = PROGRAMS.get(key)
    if found is None:
        found = program(p, flags)
        PROGRAMS.put(key, found)
    final_flags, code, groups, groupindex, indexgroup = found
    return _sre.compile(p, final_flags, code, groups, groupindex, indexgroup)


def install() -> None:
    """Route re's compiler through the store for the rest of this process (idempotent)."""
    if ENABLED and _compiler.compile is not _compile:
        _compiler.compile = _compile


def parsed(text: str, reader, *reader_args):
    """`reader(text, *reader_args)`, from the store when the same text was read by the same code before. A reader
    that raises stores nothing (its message is given every time)."""
    if not ENABLED:
        return reader(text, *reader_args)
    module = sys.modules.get(reader.__module__)
    source = Path(module.__file__).read_bytes() if module and getattr(module, "__file__", None) else b""
    key = hashlib.sha256(b"\0".join([text.encode("utf-8"), source, repr(reader_args).encode("utf-8"),
                                     reader.__qualname__.encode("utf-8")])).hexdigest()
    found = PARSED.get(key)
    if found is None:
        found = reader(text, *reader_args)
        PARSED.put(key, found)
    return found
