"""What a verify function declares about its own numbers: which returned keys are given inputs, and, for a
function that returns both constructions and numbers from the site's runs, which keys come from the runs.

The kind of a function's numbers is not declared here: it is derived from the files the function reads
(verify/reads.py). A function that reads the site's committed checkpoints or results returns site runs
(本站运行); one that reads none returns constructions. A function that returns both names its run keys
(names or `prefix*` patterns), and the checker fails any claimed key that moves when the committed runs
change but is not among them:

    @from_runs("cached_s", "rows*")    # exact values plus a committed benchmark's timings

A key whose value the function returns as a written-out number (`"lr": 0.1`, or a constant `LR = 0.1`) is an
input the page gives, not a result; it must be declared, so that a hard-coded copy of a printed result cannot
pass for a computation (verify/literals.py):

    @inputs("lr", "w0", "x", "y")
"""
from __future__ import annotations

COMPUTED_KINDS = ("construction", "checkpoint", "measurement")


def from_runs(*keys: str):
    """Declare the returned keys (names or `prefix*`) that come from the site's runs; the others are constructions."""
    if not keys or not all(isinstance(k, str) and k for k in keys):
        raise ValueError(f"from_runs() takes key names or 'prefix*' patterns, got {keys}")

    def mark(function):
        function.run_keys = tuple(keys)
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
