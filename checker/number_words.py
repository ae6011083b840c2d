"""The checker's knowledge of Chinese number words, as data: checker/data/number_words.yaml.

Each row is one rule with a positive and a negative example (tests/test_number_words.py checks both): which
numerals are words of the language rather than counts (两回事, 任意两个位置, 比较两种算法), after which words a bare
numeral is a value (宽度为三, 方差约为三), which comparison words are part of another word (取不到), which words
state an equality (本站取 §6.1 表格的行序), where a year dates a citation (Kim（2014）), how the items a count
counts follow it (两条评论“A”和“B”), and how a course count is recognised (same value, same measure word).
The code reads the rows; it keeps no word lists of its own for these decisions.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from checker.numerals import NUMERAL
from checker.paths import DATA
from checker import rule_files
from checker.rule_files import load_rules

DATA_FILE = DATA / "number_words.yaml"
KINDS = ("not_a_count", "value_setter", "not_a_comparison", "not_a_bound", "equality_word", "citation_year", "enumerated_after",
         "blur", "course_count", "note_year", "same_term")


@dataclass(frozen=True)
class Rule(rule_files.Rule):
    numerals: str = "any"
    reach: int = 12   # how many characters before the numeral the pattern may need (a not_a_count rule)

    @property
    def regex(self) -> re.Pattern:
        return _compiled(self.pattern.replace("NUMERAL", NUMERAL))

    @property
    def words(self) -> tuple[str, ...]:
        """A word-list pattern ('宽度为|取为') as its words, longest first."""
        return tuple(sorted(self.pattern.split("|"), key=len, reverse=True))


@lru_cache(maxsize=None)
def _compiled(pattern: str) -> re.Pattern:
    return re.compile(pattern)


@lru_cache(maxsize=1)
def rules() -> tuple[Rule, ...]:
    return load_rules(DATA_FILE, Rule, KINDS)


def of_kind(kind: str) -> tuple[Rule, ...]:
    return tuple(r for r in rules() if r.kind == kind)


def one(kind: str) -> Rule:
    found = of_kind(kind)
    if len(found) != 1:
        raise ValueError(f"{DATA_FILE.name} must hold exactly one {kind} rule, not {len(found)}")
    return found[0]


def not_a_count(view: str, start: int, end: int) -> str:
    """The rule under which the numeral at view[start:end] is not a count ('' when it is one)."""
    hi = min(len(view), end + 24)
    for r in of_kind("not_a_count"):
        lo = max(0, start - int(r.reach))
        window = view[lo:hi]
        for m in r.regex.finditer(window):
            a, b = (m.span("N") if "N" in r.regex.groupindex and m.group("N") is not None else m.span())
            if a + lo <= start < b + lo:
                return r.rule
    return ""


@lru_cache(maxsize=1)
def setters() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(words after which any bare numeral is a value, words after which only two or more is: 零 and 一 after
    为/是 are the constants of definitions, 总和为一)."""
    named, copulas = [], []
    for r in of_kind("value_setter"):
        (copulas if r.numerals == "two_or_more" else named).extend(r.words)
    return (tuple(sorted(named, key=lambda s: (-len(s), s))), tuple(sorted(copulas, key=lambda s: (-len(s), s))))


def not_a_comparison() -> str:
    """Where a comparison word is part of another word (拿不到: cannot get)."""
    return "|".join(r.pattern for r in of_kind("not_a_comparison"))


def not_a_bound() -> str:
    """Where 零/一 after a comparison word are values a function cannot take (取不到零或一), not a compared bound."""
    return "|".join(r.pattern for r in of_kind("not_a_bound"))


def equality_words() -> str:
    return "|".join(r.pattern for r in of_kind("equality_word"))


def citation_year() -> re.Pattern:
    return one("citation_year").regex


def items_follow() -> re.Pattern:
    return one("enumerated_after").regex


def blur_minimum() -> int:
    return int(one("blur").pattern)


def bound_words() -> tuple[str, ...]:
    """下限, 上限是, 已经接近: the words after which 0 and 1 are values (rule a_bound_or_a_value_reached), in digits as in
    words, not a definition's constants."""
    return next(r for r in of_kind("value_setter") if r.rule == "a_bound_or_a_value_reached").words


def generic_measures() -> frozenset:
    return frozenset(one("course_count").words)


@lru_cache(maxsize=1)
def _term_groups() -> tuple[frozenset, ...]:
    return tuple(frozenset(w.lower() for w in r.pattern.split("|")) for r in of_kind("same_term"))


def same_term(one: str, other: str) -> bool:
    """Do two counted nouns name one thing under an English and a Chinese name (mask, 遮罩; rule kind same_term)?
    A noun matches a name it starts with (遮罩矩阵 is 遮罩), so the words after the noun may go on."""
    one, other = one.lower(), other.lower()
    for group in _term_groups():
        if any(one.startswith(w) for w in group) and any(other.startswith(w) for w in group):
            return True
    return False


def note_year() -> re.Pattern:
    return one("note_year").regex
