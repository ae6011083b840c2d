"""What kind of number a verify function produces, declared where the function is defined.

A page may not present a checkpoint or measured number as a teaching construction: the
checker requires every kind a page's verify function declares to be listed in the page's
`evidence`. Undecorated functions produce `construction` numbers (exact recomputation from
given inputs).

    @produces("checkpoint")                  # read from this project's committed checkpoints
    @produces("construction", "measurement", runs=("cached_s", "rows*"))   # exact values plus a committed run

A function that produces both constructions and runs names the keys that come from the runs (`runs`, names or
`prefix*` patterns): the checker gives those the kind 本站运行 and the rest 教学构造 or 本站构造 (verify/kinds.py).

A key whose value the function returns as a written-out number (`"lr": 0.1`, or a constant `LR = 0.1`) is an
input the page gives, not a result; it must be declared, so that a hard-coded copy of a printed result cannot
pass for a computation (verify/literals.py):

    @inputs("lr", "w0", "x", "y")
"""
from __future__ import annotations

COMPUTED_KINDS = ("construction", "checkpoint", "measurement")


def produces(*kinds: str, runs: tuple = ()):
    unknown = [k for k in kinds if k not in COMPUTED_KINDS]
    if unknown or not kinds:
        raise ValueError(f"produces() takes kinds among {COMPUTED_KINDS}, got {kinds}")
    mixed = "construction" in kinds and len(kinds) > 1
    if mixed and not runs:
        raise ValueError(f"produces{kinds} mixes constructions and runs: name the run keys with runs=(...)")

    def mark(function):
        function.evidence = frozenset(kinds)
        function.run_keys = tuple(runs)
        return function
    return mark


def inputs(*keys: str):
    """Declare the returned keys that are the page's given inputs (numbers written out in the code)."""
    def mark(function):
        function.input_keys = frozenset(keys)
        return function
    return mark


def input_keys(function) -> frozenset:
    return getattr(function, "input_keys", frozenset())


def run_keys(function) -> tuple:
    return getattr(function, "run_keys", ())


def is_run_key(key: str, patterns: tuple) -> bool:
    """Does a claim's key (its base name, before [index] or .part) come from a run?"""
    import re
    base = re.split(r"[\[.]", key, maxsplit=1)[0]
    return any(base == p or (p.endswith("*") and base.startswith(p[:-1])) for p in patterns)


def declared_kinds(function) -> frozenset:
    return getattr(function, "evidence", frozenset({"construction"}))
