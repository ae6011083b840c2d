"""Whose number each claim is, as its verify function declares it (checker.evidence.kinds), tested against data
in the direction data can decide (DESIGN §3 "Kinds are declared once, tested against data", issue 29).

- Every passed claim's key has a declared kind; an undeclared key fails and says where to declare it.
- `course`: every number of the value lies in what the page's seed section states (checker/data/seed_numbers.json,
  with the sections its `course_also` names), at the precision the seed printed; or the key states the rule that
  derives it (`rules=`). A page with no course section has no course numbers.
- `site_run`: the function reads the site's committed runs; and a value that moves when those runs' numbers are
  nudged (checker/reads.py) is declared `site_run` (a run cannot pass as a construction or as the course's).
- `record` / `paper` computed here: a conversion of a cited number; the key states its rule, and the page cites
  a source of that kind.
- `site_construction`: nothing to test; a site number that equals a course number is still the site's.

The result is each claim's `kind` (and `rule`), from which the marks, the hover, the page JSON and the Markdown's
number block are all derived; nothing is inferred from a numeric coincidence.
"""
from __future__ import annotations

import inspect

from checker.evidence import declared_kind, kind_rule
from checker.kinds import LABELS_BY_KEY, scalars


def where_declared(function) -> str:
    try:
        path = inspect.getsourcefile(function)
        line = inspect.getsourcelines(function)[1]
    except (TypeError, OSError):
        return getattr(function, "__name__", "the verify function")
    from checker.paths import project_relative
    from pathlib import Path
    return f"{project_relative(Path(path))}:{line}"


def _shown(values: list[float]) -> str:
    return ", ".join(f"{x:.6g}" for x in values[:4]) + (" …" if len(values) > 4 else "")


def check(claims: list, function, spec: str, course, reads, cited_kinds: set) -> list[tuple[int, str]]:
    """(line, message) per claim whose declaration is missing or contradicted by data; sets claim.kind and
    claim.rule on every passed claim with a key."""
    errors: list[tuple[int, str]] = []
    where = where_declared(function)
    reported: set = set()
    for claim in claims:
        if claim.status != "passed" or not claim.key or isinstance(claim.computed, str):
            continue   # a text hole ({best} = 'her') binds a name, not a number: it has no kind
        key = claim.key.split(",")[0]
        kind = declared_kind(function, key)
        if kind is None:
            claim.kind = None
            if key not in reported:
                reported.add(key)
                errors.append((claim.line, f"claim {{{key}}} has no declared kind: add it to @kinds(...) on {spec} "
                                           f"({where}) as course (the course section prints it), site_construction "
                                           "(the site's own example), site_run (read from the site's runs), or record/"
                                           "paper with rules={...}; nothing is guessed from the number"))
            continue
        claim.kind, claim.rule = kind, kind_rule(function, key)
        problem = _contradiction(claim, kind, claim.rule, course, reads, cited_kinds)
        if problem and (key, problem) not in reported:
            reported.add((key, problem))
            errors.append((claim.line, f"claim {{{key}}} is declared {kind} ({LABELS_BY_KEY[kind].label}) on {spec} "
                                       f"({where}), but {problem}"))
    return errors


# a small count is the commonest coincidence: the section prints a 4 for another reason (label rounds 54-56: 1-8's
# four sentences, 1-7's three candidates, 5-11's top-1 expert); above ten a value rarely recurs by chance
SMALL_COUNT = 10


def printed_count(claim) -> tuple[str, str, str] | None:
    """(phrase, clause, measure+noun) for a claim that prints a small whole number as a count, its hole followed by a
    measure word in the template ('{n_candidates} 个候选' -> ('3个候选', '候选…', '个候选')), else None."""
    import re
    from checker.classify import MEASURE
    value = claim.computed
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not float(value).is_integer() \
            or not 2 <= value <= SMALL_COUNT:
        return None
    m = re.search(r"\{" + re.escape(claim.key.split(",")[0]) + rf"(?:\[[^\]]*\])*\}}\s*({MEASURE})([\u4e00-\u9fff]{{0,2}})",
                  claim.template)
    if not m:
        return None
    rest = claim.template[m.end(1):]
    clause = re.split(r"[，。；,;：:]", rest, maxsplit=1)[0]
    return f"{int(value)}{m.group(1)}{m.group(2)}", clause, m.group(1) + m.group(2)


def _contradiction(claim, kind: str, rule: str, course, reads, cited_kinds: set) -> str:
    moved = reads is not None and reads.moved is not None and reads.run_files and reads.key_moved(claim.key.split(",")[0])
    if kind != "site_run" and moved:
        return (f"it changes when the numbers of {', '.join(reads.run_files[:2])} change: it is read from the "
                "site's runs; declare it site_run")
    if kind == "site_run":
        if reads is None or not reads.run_files:
            return ("the function reads no committed run under results/ or benchmarks/results/; a number it "
                    "computes from given inputs is site_construction (or course)")
        return ""
    if kind == "course":
        if rule:
            return ""
        if not course.source:
            return "the page has no course section behind it; its own numbers are site_construction"
        missing = [x for x in scalars(claim.computed) if not course.states_value(x)]
        if missing:
            return (f"{course.source} does not print {_shown(missing)} (at the precision it printed; "
                    "checker/data/seed_numbers.json); declare it site_construction, name the section that "
                    "prints it in course_also, or state the rule that derives it in rules={...}")
        count = printed_count(claim)
        if count and not course.states_count(int(claim.computed), count[2][:1]):
            return (f"{course.source} prints a {int(claim.computed)} but states no count of '{count[2][:1]}' of that size "
                    f"(the page's '{count[0]}'; "
                    f"checker/data/seed_numbers.json), so the {int(claim.computed)} it prints may count something "
                    f"else; say where the course gives this count in rules={{'{claim.key.split(',')[0]}': '…'}} (the "
                    "list it prints that is counted, or the other section that states it), or declare it "
                    "site_construction")
        return ""
    if kind in ("record", "paper"):
        if not rule:
            return (f"a {LABELS_BY_KEY[kind].label} number computed here is a conversion of a cited one; state its "
                    "rule in rules={...}")
        if kind not in cited_kinds:
            return f"the page cites no {LABELS_BY_KEY[kind].label} source for it to come from; add the cited entry"
    return ""
