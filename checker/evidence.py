"""What a verify function declares about its own numbers: whose number each claimed key is, which returned
keys are given inputs, and, for a function that returns both constructions and numbers from the site's runs,
which keys come from the runs.

**Whose number it is** is declared once, here, by the author, because only the author knows whose example a
number belongs to (DESIGN §3, issue 29). Every key a page claims has one kind (KEY_KINDS), given by name,
`prefix*` or `*` for the rest:

    @kinds(course="x y w_x w_h w_y eps", site_construction="loss analytic numeric rel*")
    @kinds(site_run="*")                                  # a function that only reads the site's runs
    @kinds(course="gap", rules={"gap": "the course's 19.95 ms minus its 17.12 ms"})

The checker tests each declaration in the direction data can decide (checker/declared.py): a `course` number
appears in the page's seed section at the precision the seed printed, or its key states the rule that derives
it from numbers that do (`rules`); a `site_run` key belongs to a function that reads the site's committed
runs, and a value that moves with those runs is declared `site_run`; a `record` or `paper` number computed
here (a conversion of a cited number) states its rule. A site number that happens to equal a course number
is the site's: nothing is ever inferred from a coincidence. The mark and hover of each printed number, the
page JSON and the Markdown's number block all read the declaration.

The evidence kinds of a function (construction, checkpoint, measurement) are still derived from the files it
reads (checker/reads.py). A function that returns both constructions and runs names its run keys, either as
the `site_run` keys of a `@kinds` that also declares other kinds, or with `@from_runs` (names or `prefix*`
patterns), and the checker fails any claimed key that moves when the committed runs change but is not among
them:

    @from_runs("cached_s", "rows*")    # exact values plus a committed benchmark's timings

A key whose value the function returns as a written-out number (`"lr": 0.1`, or a constant `LR = 0.1`) is an
input the page gives, not a result; it must be declared, so that a hard-coded copy of a printed result cannot
pass for a computation (checker/literals.py):

    @inputs("lr", "w0", "x", "y")
"""
from __future__ import annotations

COMPUTED_KINDS = ("construction", "checkpoint", "measurement")
# the kinds a computed key may be declared (checker/kinds.py defines their labels)
KEY_KINDS = ("course", "site_construction", "site_run", "record", "paper")


def _patterns(value, kind: str) -> tuple:
    names = value.split() if isinstance(value, str) else list(value)
    if not names or not all(isinstance(n, str) and n for n in names):
        raise ValueError(f"kinds({kind}=...) takes key names, 'prefix*' or '*', got {value!r}")
    return tuple(names)


def kinds(*, rules: dict | None = None, **by_kind):
    """Declare whose number each returned key is: kind="key other prefix*" (KEY_KINDS), `*` for the rest; rules
    maps a key to the rule that derives it from the course's (or a cited source's) numbers."""
    unknown = sorted(set(by_kind) - set(KEY_KINDS))
    if unknown:
        raise ValueError(f"kinds() got {', '.join(unknown)}; a key's kind is one of {', '.join(KEY_KINDS)}")
    table = tuple((pattern, kind) for kind, value in by_kind.items() for pattern in _patterns(value, kind))
    seen: dict = {}
    for pattern, kind in table:
        if seen.setdefault(pattern, kind) != kind:
            raise ValueError(f"kinds() declares {pattern!r} twice, as {seen[pattern]} and {kind}; one key, one kind")
    rules = dict(rules or {})
    if not all(isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in rules.items()):
        raise ValueError("kinds(rules=...) maps a key to a non-empty sentence: the rule that derives it")

    def mark(function):
        function.key_kinds = table
        function.kind_rules = rules
        runs = tuple(p for p, k in table if k == "site_run")
        if runs and any(k != "site_run" for _, k in table) and not hasattr(function, "run_keys"):
            function.run_keys = runs   # a function of constructions and runs: its site_run keys are its run keys
        return function
    return mark


def declared_kind(function, key: str) -> str | None:
    """The declared kind of a claim key ('rows[2].t' is declared as 'rows'): the exact name first, then the longest
    matching 'prefix*', then '*'; keys a function names in from_runs(...) are site_run; None when undeclared."""
    import re
    base = re.split(r"[\[.]", key, maxsplit=1)[0]
    table = getattr(function, "key_kinds", ())
    for name in (key, base):   # the most specific first: 'reach.width' before 'reach'
        kind = next((k for pattern, k in table if pattern == name), None)
        if kind:
            return kind
    prefixed = [(len(p), kind) for p, kind in table if p.endswith("*") and p != "*" and base.startswith(p[:-1])]
    if prefixed:
        return max(prefixed)[1]
    if is_run_key(key, run_keys(function)):
        return "site_run"
    return next((kind for pattern, kind in table if pattern == "*"), None)


def kind_rule(function, key: str) -> str:
    import re
    rules = getattr(function, "kind_rules", {})
    return rules.get(key) or rules.get(re.split(r"[\[.]", key, maxsplit=1)[0], "")


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
