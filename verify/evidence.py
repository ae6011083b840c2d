"""What kind of number a verify function produces, declared where the function is defined.

A page may not present a checkpoint or measured number as a teaching construction: the
checker requires every kind a page's verify function declares to be listed in the page's
`evidence`. Undecorated functions produce `construction` numbers (exact recomputation from
given inputs).

    @produces("checkpoint")                  # read from this project's committed checkpoints
    @produces("construction", "measurement")  # exact values plus a committed timing/memory run
"""
from __future__ import annotations

COMPUTED_KINDS = ("construction", "checkpoint", "measurement")


def produces(*kinds: str):
    unknown = [k for k in kinds if k not in COMPUTED_KINDS]
    if unknown or not kinds:
        raise ValueError(f"produces() takes kinds among {COMPUTED_KINDS}, got {kinds}")

    def mark(function):
        function.evidence = frozenset(kinds)
        return function
    return mark


def declared_kinds(function) -> frozenset:
    return getattr(function, "evidence", frozenset({"construction"}))
