"""What a verify function reads, and from that the kind of number it returns (issue 20).

The kind of a page's computed numbers is not declared; it is derived:

1. While the function runs, every project file it opens is recorded (a `sys.addaudithook` on the `open`
   event, so `open`, `Path.read_bytes`, `torch.load` and numpy all count). A loader memoised with
   `remembered` replays its reads to later callers, so a shared cache cannot hide a read.
2. Each file read has a kind by where it lives (`file_kind`): the site's checkpoints and their records under
   `results/` are `checkpoint`, the committed benchmark runs under `benchmarks/results/` are `measurement`;
   site-drawn images (`results/vision/`), hash pins, course and paper data and notebooks are inputs, not runs.
3. The function is run a second time with every number of those run files nudged (JSON floats by a relative
   1e-3 to 2e-3, unevenly; the float tensors `torch.load` returns by about 1e-6 of their mean size, so that a
   model's losses and log-probabilities move while its greedy choices, which are at least 1e-4 from a tie
   (tests/test_checkpoints.py), hold; integers, which are settings such as sizes, seeds and repeat counts, are
   left alone). A returned value that moves depends on a run; one that does not is a
   construction, however many run files were opened to get it (a size read from a benchmark's settings).

A function whose moved values are all its values returns site runs; one that returns both names the keys that
come from runs (`checker.evidence.from_runs`), and every claimed key that moves must be among them.
"""
from __future__ import annotations

import functools
import json
import math
import os
import sys
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from checker.paths import ROOT

NUDGE = 1e-3             # relative change given to every float of a run file in the second run
TENSOR_NUDGE = 1e-6      # change given to a checkpoint tensor, relative to its mean size: the functions that read
#                          checkpoints assert facts of the run (the fixed model starts right), and a larger change
#                          (it was the tensor's whole mean size) flipped greedy decisions, failed those assertions
#                          and left the rerun unable to tell any key apart
MOVED_RTOL = 1e-9        # a value moved if it changed by more than this, relative (rounding is far below)
_NOT_RUNS = ("results/vision/", "results/pins.json")   # site-drawn inputs and hash pins under results/

# Records under results/ that are not the site's runs throughout: the lab notebooks' committed outputs where a
# notebook computes exactly, without training or timing (tests/test_notebooks.py reruns each and compares).
# A listed file holds constructions except in the top-level parts named; an unlisted one is a run throughout.
RECORD_RUN_PARTS = {
    "results/labs/route_a.json": (),   # co-occurrence counts and an SVD of a ten-sentence corpus
    "results/labs/route_d.json": (),   # beam search over two fixed probability trees
    "results/labs/route_ef.json": (),  # float64 identities of attention variants on fixed tensors
    "results/labs/route_b.json": ("neural", "sampling", "seeds", "updates"),   # n-gram counts are exact; the
    #                                                      window MLP and the LSTM are trained, then sampled
    "results/labs/route_g.json": ("context", "machine_dependent"),   # the cache equivalence runs a seeded random
    #                                  decoder exactly; the fact test trains, and the traffic timings are measured
}

_recording: list[set] = []
_nudging: list[bool] = []   # non-empty while the nudged second run is under way


def file_kind(relative: str) -> str | None:
    """The kind of number a project data file holds: 'checkpoint', 'measurement', or None (not a run)."""
    if relative.startswith("benchmarks/results/"):
        return "measurement"
    if relative.startswith("results/") and not relative.startswith(_NOT_RUNS):
        return "checkpoint" if RECORD_RUN_PARTS.get(relative, True) else None
    return None


def _audit(event: str, args: tuple) -> None:
    if event != "open" or not _recording:
        return
    try:
        target = args[0]
        if isinstance(target, int) or target is None:
            return
        path = Path(os.fsdecode(target))
        path = path if path.is_absolute() else Path.cwd() / path
        path = Path(os.path.normpath(path))
        if not path.is_relative_to(ROOT) or path.suffix in (".py", ".pyc"):
            return
        relative = path.relative_to(ROOT).as_posix()
        if relative.split("/", 1)[0] in (".venv", "build", ".git") or relative.endswith(".egg-info"):
            return
        for files in _recording:
            files.add(relative)
    except Exception:  # an audit hook must never break the open it watches
        return


sys.addaudithook(_audit)


class recording:
    """`with recording() as files:` collects the project data files opened inside the block."""

    def __enter__(self) -> set:
        self.files: set = set()
        _recording.append(self.files)
        return self.files

    def __exit__(self, *exc) -> None:
        # by identity: list.remove compares sets by value, so an inner recording that held the same files as an outer
        # one removed the outer's, and the outer's exit then failed (6-12 once the pixel-QA tasks were diagnosed apart)
        for i in range(len(_recording) - 1, -1, -1):
            if _recording[i] is self.files:
                del _recording[i]
                break


def remembered(maxsize: int = 8):
    """functools.lru_cache for loaders of committed files: a hit replays the files the first call opened into
    every recording under way, and the nudged second run has a cache of its own."""
    def wrap(function):
        store: OrderedDict = OrderedDict()

        @functools.wraps(function)
        def call(*args):
            key = (bool(_nudging), args)
            if key in store:
                store.move_to_end(key)
                value, files = store[key]
                for recorder in _recording:
                    recorder |= files
                return value
            with recording() as files:
                value = function(*args)
            store[key] = (value, frozenset(files))
            while len(store) > maxsize:
                store.popitem(last=False)
            return value
        call.cache_clear = store.clear
        return call
    return wrap


# --------------------------------------------------------------------------- the nudged second run

def _nudge_floats(value, count=None):
    """A run record's floats, each changed by a relative 1 to 2 NUDGE, unevenly (so that a ratio of two of them
    moves too). Integers (sizes, seeds, counts) are settings and stay; so does a float that is a multiple of 1/64
    (0.5, 0.0, 0.75: an accuracy over a few items, a threshold), so that a function's own exact checks on its
    record still hold. A measured time, loss or rate has more digits than that."""
    count = count if count is not None else [0]
    if isinstance(value, float):
        if (value * 64).is_integer():
            return value
        count[0] += 1
        return value * (1 + NUDGE * (1 + (count[0] % 7) / 7))
    if isinstance(value, dict):
        return {k: _nudge_floats(v, count) for k, v in value.items()}
    if isinstance(value, list):
        return [_nudge_floats(v, count) for v in value]
    return value


def _nudge_tensors(value):
    """Every float tensor of a checkpoint with a deterministic pattern of TENSOR_NUDGE times its mean size added.
    Its continuous outputs (losses, log-probabilities) move; its discrete ones (argmax, exact match, counts of
    failures) do not, so a count read from a checkpoint is told apart only by its declaration, not here."""
    import torch
    if isinstance(value, torch.Tensor):
        if not value.is_floating_point() or value.numel() == 0:
            return value
        pattern = torch.sin(torch.arange(value.numel(), dtype=torch.float64) * 12.9898 + 1.0).reshape(value.shape)
        size = value.abs().mean().double().clamp_min(1e-30)
        return (value.double() + pattern * size * TENSOR_NUDGE).to(value.dtype)
    if isinstance(value, dict):
        return type(value)((k, _nudge_tensors(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return type(value)(_nudge_tensors(v) for v in value)
    return value


class _nudged_runs:
    """Inside the block, JSON parsed from a run file's exact text has its floats nudged, and torch.load nudges
    the float tensors it returns (the checkpoint's bytes were hash-checked before: only the numbers change)."""

    def __init__(self, run_files: list[str]):
        self.parts: dict = {}   # exact text (str and bytes) of each run JSON -> its run parts (None: all of it)
        for relative in run_files:
            if relative.endswith(".json"):
                blob = (ROOT / relative).read_bytes()
                parts = RECORD_RUN_PARTS.get(relative)
                self.parts[blob] = self.parts[blob.decode("utf-8", "replace")] = parts

    def __enter__(self):
        import torch
        self.loads, self.load = json.loads, torch.load
        parts, loads, load = self.parts, self.loads, self.load

        def nudged_loads(s, *args, **kwargs):
            if kwargs.get("parse_float") is not None or s not in parts:   # json.load passes parse_float=None
                return loads(s, *args, **kwargs)
            value = loads(s, *args, **kwargs)
            if parts[s] is None:
                return _nudge_floats(value)
            return {k: _nudge_floats(v) if k in parts[s] else v for k, v in value.items()}

        def nudged_load(*args, **kwargs):
            return _nudge_tensors(load(*args, **kwargs))

        json.loads, torch.load = nudged_loads, nudged_load
        _nudging.append(True)
        return self

    def __exit__(self, *exc) -> None:
        import torch
        json.loads, torch.load = self.loads, self.load
        _nudging.pop()


def flatten(value, path: str = "") -> dict:
    """{'rows[2].t': 0.0123, 'best': 'her', ...}: the leaves of a returned value, named as claims name them."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            out.update(flatten(v, f"{path}.{k}" if path else str(k)))
        return out
    if isinstance(value, (list, tuple)):
        out = {}
        for i, v in enumerate(value):
            out.update(flatten(v, f"{path}[{i}]"))
        return out
    if hasattr(value, "tolist") and not isinstance(value, (int, float)):
        return flatten(value.tolist(), path)
    if hasattr(value, "value") and not isinstance(value, (int, float, str)):
        return flatten(value.value, path)
    return {path: value}


def _differs(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool) or not all(isinstance(x, (int, float)) for x in (a, b)):
        return a != b
    if math.isnan(a) and math.isnan(b):
        return False
    return abs(a - b) > MOVED_RTOL * max(abs(a), abs(b), 1e-300)


@dataclass(frozen=True)
class Reads:
    """What one verify function read, and which of its returned leaves depend on the run files among them."""
    files: tuple = ()            # project data files opened (relative paths)
    moved: tuple | None = ()     # leaves that changed in the nudged run; None: the nudged run failed (all did)
    failure: str = ""            # why the nudged run failed, if it did

    @property
    def run_files(self) -> list[str]:
        return [f for f in self.files if file_kind(f)]

    @property
    def run_kinds(self) -> frozenset:
        return frozenset(file_kind(f) for f in self.run_files)

    def kinds(self, mixed: bool) -> frozenset:
        """The evidence kinds of the function's numbers. Constructions where it reads no run; the run files'
        kinds plus constructions where it names its run keys; for any other function, constructions where
        nothing it returns moves with the runs it read (a size taken from a benchmark's settings), else the run
        files' kinds."""
        if not self.run_kinds:
            return frozenset({"construction"})
        if mixed:
            return self.run_kinds | {"construction"}
        return frozenset({"construction"}) if self.moved == () else self.run_kinds

    def key_moved(self, key: str) -> bool:
        """Does the claim key (a leaf or a subtree: 'rows', 'rows[2]', 'rows[2].t') depend on a run?"""
        if self.moved is None:
            return True
        return any(leaf == key or leaf.startswith((key + ".", key + "[")) for leaf in self.moved)


def read_and_run(function, mixed: bool) -> tuple[dict, Reads]:
    """(values, Reads): run the function while recording its reads; if it read run files, run it again with
    their numbers nudged and name the leaves that moved. A function that loads checkpoint weights and returns
    only runs (`mixed` False) is not run again: every value it returns is the checkpoint's."""
    with recording() as files:
        values = function()
    run_files = sorted(f for f in files if file_kind(f))
    if not run_files or not isinstance(values, dict):
        return values, Reads(tuple(sorted(files)))
    if not mixed and any(not f.endswith(".json") for f in run_files):
        return values, Reads(tuple(sorted(files)), None, "it loads checkpoint weights")
    try:
        with _nudged_runs(run_files):
            nudged = function()
    except Exception as exc:
        return values, Reads(tuple(sorted(files)), None, f"{type(exc).__name__}: {exc}")
    before, after = flatten(values), flatten(nudged)
    moved = tuple(sorted(k for k in set(before) | set(after)
                         if k not in before or k not in after or _differs(before[k], after[k])))
    return values, Reads(tuple(sorted(files)), moved)


def unnamed_run_keys(claims: list, reads: Reads, run_patterns: tuple, spec: str) -> list[tuple[int, str]]:
    """(line, message) for each passed claim of a function that names its run keys, where the claimed value
    moves with the committed runs but its key is not among them: it would pass as a construction."""
    import re
    from checker.evidence import is_run_key
    out = []
    for claim in claims:
        if claim.status != "passed" or not claim.key:
            continue
        for key in claim.key.split(","):
            if is_run_key(key, run_patterns) or not reads.key_moved(key):
                continue
            why = (f"the rerun with the runs' numbers nudged failed ({reads.failure}), so no key can be told apart"
                   if reads.moved is None else f"it changes when the numbers of {', '.join(reads.run_files[:3])} change")
            out.append((claim.line, f"claim {{{key}}} comes from a committed run ({why}), but {spec} does not name "
                                    f"it in from_runs(...), so it would pass as a construction; add "
                                    f"{re.split(r'[.[]', key, maxsplit=1)[0]!r} there"))
    return out
