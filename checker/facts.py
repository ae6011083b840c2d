"""The course's fixed facts, checked in every sentence (checker/data/facts.yaml).

A careless edit that swaps 遗忘门 for 输入门, 右上 for 左下 or 验证集 for 测试集 keeps every digit; the statement pins
catch it until `make pin` records the new sentence. The facts here do not move with the pins: each rule is a false
statement of one fact (a regular expression over one sentence), with the denials that make it no claim (不是, 而不是),
and a page sentence that states it fails with the fact it contradicts. Sentences are read with $, \\, { }, * and
backquotes removed and spaces squeezed, so a formula's symbols read as words ("$f_t$（input gate）" is
"f_t（input gate）"); code blocks are left out.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from checker import rule_files
from checker.paths import DATA
from checker.rule_files import load_rules
from checker.word_classes import DENIED_IMPLICATION

DATA_FILE = DATA / "facts.yaml"
_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$", re.M | re.S)
_SENTENCE = re.compile(r"[^。！？；\n]+")
_MARKUP = re.compile(r"[$\\{}*`]")


@dataclass(frozen=True)
class Rule(rule_files.Rule):
    unless: str = ""

    @property
    def denial(self) -> re.Pattern | None:
        return re.compile(self.unless) if self.unless else None


@functools.lru_cache(maxsize=1)
def rules() -> tuple[Rule, ...]:
    return load_rules(DATA_FILE, Rule, ("falsehood",))


def read(sentence: str) -> str:
    """A sentence as the rules read it: no math or emphasis markup, spaces squeezed."""
    return re.sub(r"\s+", " ", _MARKUP.sub("", sentence)).strip()


def falsehoods(sentence: str) -> list[Rule]:
    """The rules whose false statement the sentence makes (and does not deny)."""
    text = read(sentence)
    out = []
    every = rules()
    for index in _candidates(text):
        r = every[index]
        m = r.regex.search(text)
        if m and not (r.denial and r.denial.search(_part_around(text, m.start(), m.end()))) \
                and not _IMPLICATION_DENIED.search(text[max(0, m.start() - 8):m.start()]):
            out.append(r)
    return out


@functools.lru_cache(maxsize=1)
def _word_index() -> tuple[tuple[int, ...], dict, dict]:
    """The rules no sentence can match without one of their required words, indexed by each word's first two
    characters (one-character words by the character), and the rules with none known: a sentence then tests only
    the words that could stand in it (a scan of every rule's words was 10% of a cold run)."""
    always, by_pair, by_char = [], {}, {}
    for index, r in enumerate(rules()):
        words = required_words(r.pattern)
        if words is None:
            always.append(index)
            continue
        for word in words:
            (by_pair if len(word) >= 2 else by_char).setdefault(word[:2], []).append((word, index))
    return tuple(always), by_pair, by_char


def _candidates(text: str) -> list[int]:
    """The indices, in the rules' order, of the rules whose required words the text holds (or that have none)."""
    always, by_pair, by_char = _word_index()
    found = set(always)
    for pair in {text[k:k + 2] for k in range(len(text) - 1)} & by_pair.keys():
        found.update(index for word, index in by_pair[pair] if index not in found and word in text)
    for char in set(text) & by_char.keys():
        found.update(index for _, index in by_char[char])
    return sorted(found)


def required_words(pattern: str) -> frozenset | None:
    """Literal strings of which every match of the pattern contains at least one (None: none known, or the pattern
    ignores case): from its parse, the longest run of literals the pattern cannot skip, or one such run from each
    branch of an alternation. The rules' table is kept between runs (checker/startup_cache.py): parsing the 170
    patterns was 5% of a one-page check."""
    table = _rules_required_words()
    return table[pattern] if pattern in table else _required_words(pattern)


@functools.lru_cache(maxsize=1)
def _rules_required_words() -> dict:
    from checker import startup_cache
    return startup_cache.parsed("\n\0".join(sorted({r.pattern for r in rules()})), _required_words_of_all)


def _required_words_of_all(patterns: str) -> dict:
    return {pattern: _required_words(pattern) for pattern in patterns.split("\n\0")}


@functools.lru_cache(maxsize=None)
def _required_words(pattern: str) -> frozenset | None:
    from re import _constants as C, _parser as P
    parsed = P.parse(pattern)
    if parsed.state.flags & (C.SRE_FLAG_IGNORECASE | C.SRE_FLAG_VERBOSE):
        return None

    def of(items) -> frozenset | None:
        options, run = [], []
        for op, av in list(items) + [(None, None)]:
            if op is C.LITERAL:
                run.append(chr(av))
                continue
            if run:
                options.append(frozenset({"".join(run)}))
                run = []
            if op is C.SUBPATTERN and not (av[1] & C.SRE_FLAG_IGNORECASE):
                found = of(av[-1])
            elif op is C.BRANCH:
                branches = [of(b) for b in av[1]]
                found = None if any(b is None for b in branches) else frozenset().union(*branches)
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT) and av[0] >= 1:
                found = of(av[2])
            else:
                found = None
            if found:
                options.append(found)
        # the option whose shortest word is longest tells most sentences apart
        return max(options, key=lambda o: min(len(w) for w in o), default=None)
    return of(parsed)


# 这只是这棵树上的结果，不说明加宽总能找到最优 (honest_22b H22b-016): a statement right after a denied conclusion
# is what the sentence says does not follow, whatever the rule's own denials
_IMPLICATION_DENIED = re.compile(rf"(?:{DENIED_IMPLICATION})[^，。；：,;:]{{0,6}}$")


def _part_around(text: str, start: int, end: int) -> str:
    """The part of the sentence between the colons or semicolons around a match: a denial after a colon belongs to
    what the colon introduces (blind_19 turned 17-5's 'RAG 并不等于把资料永久训练进了参数：…如果不再附上…并没有…' into
    '就等于', and the later clause's 不 and 没有 read as the rule's denial)."""
    marks = "：:；;"
    a = max(text.rfind(c, 0, start) for c in marks) + 1
    ends = [i for i in (text.find(c, end) for c in marks) if i >= 0]
    return text[a:min(ends) if ends else len(text)]


def errors(page) -> list[tuple[int, str]]:
    """(line, message) for each sentence of the body, the title or the description that states a falsehood of the
    course (an agent handed the page reads its description first: blind_34 W34-053 put v into QKNorm's there)."""
    body = _FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), page.body)
    sentences = [(page.line_of(m.start()), m.group(0)) for m in _SENTENCE.finditer(body)]
    for key in ("title", "description"):
        text = page.meta.get(key)
        if text:
            line = page.meta_lines.get(key, 1)
            sentences += [(line, m.group(0)) for m in _SENTENCE.finditer(str(text))]
    found = []
    for line, sentence in sentences:
        for rule in falsehoods(sentence):
            shown = read(sentence)
            found.append((line, f"'{shown[:80]}' contradicts a fact of the course ({rule.rule}): {rule.description}; "
                                "fix the sentence (checker/data/facts.yaml; if the sentence is right and the rule "
                                "misreads it, narrow the rule and add the sentence as its negative example)"))
    return found
