"""The checker's knowledge of order, direction, pace, trend and equality words, as data: checker/data/directions.yaml.

Each row is one rule with a positive and a negative example (tests/test_directions.py runs both): which words state
an order and in which direction (更大 up, 不超过 down, 更快 a pace), the comparative frame 比 X 高 and the words whose
比 is no comparison (比例, 对比), the context rules that change what a word says in its sentence (a loss that is 好
is small; 降不到零 states a bound, not an order; 反而少了 is an order; 平均分给 is no mean; 一般 marks a general
statement, 这里 the page's own instance), and the words that state or deny an equality. checker/relations.py and
checker/statements.py read these rules; they keep no word lists of their own for these decisions.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from checker.paths import DATA
from checker import rule_files
from checker.rule_files import load_rules

DATA_FILE = DATA / "directions.yaml"
KINDS = ("order", "law", "pace", "frame", "english", "math", "not_comparative", "bound", "goodness", "lower_is_better",
         "contrast", "not_a_mean", "general", "specific", "term", "denied", "condition", "attributive", "equality",
         "equality_zero", "equality_lint", "difference", "unasserted", "position", "hypothetical", "beyond_the_page",
         "linked_changes", "unchanged_law", "monotone_law", "when_clause")
DIRECTIONS = ("up", "down", "fast", "slow", "none")
# the kinds whose pattern finds a comparison word in prose (the others are context)
WORD_KINDS = ("order", "law", "goodness", "pace", "frame", "english", "contrast")
LIST_KINDS = ("order", "law", "goodness", "pace")   # kinds whose pattern is a plain word list


@dataclass(frozen=True)
class Rule(rule_files.Rule):
    direction: str = ""
    tails: str = ""
    side: str = ""
    reads: str = ""

    @property
    def regex(self) -> re.Pattern:
        return _compiled(self.pattern, re.I if self.kind in ("english", "equality", "equality_lint",
                                                              "lower_is_better") else 0)

    @property
    def words(self) -> tuple[str, ...]:
        """A word-list pattern ('更大|更高') as its words."""
        return tuple(self.pattern.split("|"))

    def tail_direction(self, word: str) -> str | None:
        """For a frame: the direction its last character states (比 X 高 -> up)."""
        for part in self.tails.split():
            direction, _, chars = part.partition(":")
            if word and word[-1] in chars:
                return direction
        return None


@lru_cache(maxsize=None)
def _compiled(pattern: str, flags: int = 0) -> re.Pattern:
    return re.compile(pattern, flags)


@lru_cache(maxsize=1)
def rules() -> tuple[Rule, ...]:
    def needs_direction(row):
        if row["kind"] in ("order", "goodness", "pace") and row.get("direction") not in DIRECTIONS:
            return f"needs a direction ({', '.join(DIRECTIONS)})"
    return load_rules(DATA_FILE, Rule, KINDS, needs_direction)


def positions(text: str) -> list[tuple[re.Match, Rule]]:
    """The position words of a text (每一行, 第二列, 右上角 …), each with its rule, in order of appearance."""
    found = [(m, r) for r in of_kind("position") for m in r.regex.finditer(text)]
    return sorted(found, key=lambda f: f[0].start())


def of_kind(*kinds: str) -> tuple[Rule, ...]:
    return tuple(r for r in rules() if r.kind in kinds)


def pattern_of(*kinds: str) -> str:
    """The alternation of the rules of these kinds (word lists longest word first, so 不超过 wins over 超过)."""
    words, patterns = [], []
    for r in of_kind(*kinds):
        if r.kind in LIST_KINDS:
            words.extend(r.words)
        else:
            patterns.append(r.pattern)
    words = sorted(set(words), key=lambda w: (-len(w), w))   # the same pattern every run (startup_cache)
    return "|".join(([ "|".join(words)] if words else []) + [f"(?:{p})" for p in patterns])


@lru_cache(maxsize=None)
def regex(*kinds: str) -> re.Pattern:
    flags = re.I if any(k in ("english", "equality", "equality_lint", "lower_is_better") for k in kinds) else 0
    return re.compile(pattern_of(*kinds), flags)


@lru_cache(maxsize=1)
def _word_rules() -> dict[str, Rule]:
    # a listed word with a context condition ((?<=[已才])达到) is known by its letters alone here: the page's text
    # decided the context when it matched
    return {re.sub(r"\(\?<?[=!][^()]*(?:\([^()]*\)[^()]*)*\)", "", w): r for r in of_kind(*LIST_KINDS) for w in r.words}


def rule_of(word: str) -> Rule | None:
    """The rule a comparison word comes from: a listed word, the 比 frame, an English comparative, a 反而 phrase or
    a math symbol."""
    if word in _word_rules():
        return _word_rules()[word]
    # a listed word with a context condition ((?<![能可])达到(?!的), (?<=[\d$])压到) is no plain word of the list
    for r in of_kind(*LIST_KINDS, "frame", "contrast", "english", "math"):
        if r.regex.fullmatch(word):
            return r
    return None


def word_direction(word: str) -> str | None:
    """'up', 'down', 'fast', 'slow' or None, for the word alone (no context)."""
    r = rule_of(word)
    if r is None:
        return None
    if r.kind == "frame":
        return r.tail_direction(word)
    if r.kind == "contrast":
        return _CONTRAST_TAILS.get(r.regex.fullmatch(word).group(1))
    if r.kind == "english":
        return _english_direction(word)
    if r.kind == "math":
        return "up" if word in (">", "\\gt", "\\ge", "\\geq", "≥", "\\gg") else "down"
    return None if r.direction in ("none", "") else r.direction


def is_law(word: str) -> bool:
    """越长, 越高: a law of two quantities (输出向量越长，分数也越高), not an order between two things."""
    r = rule_of(word)
    return r is not None and r.kind == "law"


_AGAINST_EXPECTATION = re.compile(r"(?:反而|反倒|却)\s*$")
# 可见合并轮数越多，…越多: a trend drawn from the page's own values (blind_36 W36-020), not a law stated for any
_DRAWN_FROM_THE_PAGE = re.compile(r"(?:^|[。！？；\n])\s*(?:可见|由此可见|可以看到|可以看出|由此看出|从中可以看出)")


def drawn_from_the_page(sentence: str) -> bool:
    """Does the sentence open by drawing on what the page showed (可见, 可以看出)?"""
    return _DRAWN_FROM_THE_PAGE.search(sentence) is not None


def against_expectation(sentence: str, at: int) -> bool:
    """Is the trend word at `at` said with 反而/反倒/却 right before it (比例反而越小), or in a sentence that opens by
    drawing on what the page showed (可见…越多)? Such a trend reports what the page's own values did rather than a
    law of two quantities."""
    return _AGAINST_EXPECTATION.search(sentence[max(0, at - 4):at]) is not None \
        or _DRAWN_FROM_THE_PAGE.search(sentence[:at]) is not None


_CONTRAST_TAILS = {**{c: "up" for c in "大高多长好"}, **{c: "down" for c in "小低少短差"}, "快": "fast", "慢": "slow"}
_ENGLISH_UP = re.compile(r"larger|greater|bigger|higher|more|longer|better|exceed|increase", re.I)
_ENGLISH_DOWN = re.compile(r"smaller|lower|fewer|less|shorter|worse|decrease", re.I)


def _english_direction(word: str) -> str | None:
    if _ENGLISH_UP.search(word):
        return "up"
    if _ENGLISH_DOWN.search(word):
        return "down"
    return None


def is_goodness(word: str) -> bool:
    """Does the word judge (好, 差, better) rather than measure? Its number's direction depends on the quantity."""
    r = rule_of(word)
    if r is None:
        return False
    if r.kind == "goodness":
        return True
    if r.kind in ("frame", "contrast"):
        return word[-1] in "好差"
    return r.kind == "english" and bool(re.search(r"better|worse", word, re.I))


def lower_is_better(clause: str) -> bool:
    """Does the clause speak of a quantity for which small is good (a loss, an error, a time)?"""
    return any(r.regex.search(clause) for r in of_kind("lower_is_better"))


def direction(word: str, clause: str = "") -> str | None:
    """What the word says about the number, in its clause: 好 of a loss is 'down' (损失比 z* 好: smaller)."""
    said = word_direction(word)
    if said in ("up", "down") and clause and is_goodness(word) and lower_is_better(clause):
        return "down" if said == "up" else "up"
    return said


def not_comparative_bi(text: str, start: int) -> bool:
    """Is the 比 at text[start] part of another word (比例, 对比) rather than the comparative frame?"""
    for r in of_kind("not_comparative"):
        if r.side == "before" and r.regex.search(text[max(0, start - 4):start]):
            return True
        if r.side == "after" and r.regex.search(text[start + 1:start + 4]):
            return True
    return False


def bound_pattern() -> str:
    """降不到, 取不到: a bound, not an order (the word is no comparison and 零/一 after it no compared bound)."""
    return "|".join(r.pattern for r in of_kind("bound"))


def linked_changes(sentence: str) -> bool:
    """Does the sentence say that one change is another (PPL 更低就是真实词的概率更高): a law of two quantities, like
    越…越, not an order between two of the page's things?"""
    return any(r.regex.search(sentence) for r in of_kind("linked_changes"))


def unchanged_law(sentence: str) -> list[tuple[int, int]]:
    """The spans of the two 不变 of a law 甲不变时乙不变 (前缀和参数都不变时旧位置的输出不变): the condition's and the
    consequent's, which state no equality between two of the page's things; of the 不变 of a supposed change
    (换成以 2 为底的对数，……数值不变); and of the two 相同 of 相同的甲，…乙也相同. Only these words are excused, and
    not after a pointer at the page's instance."""
    spans = []
    for rule in of_kind("unchanged_law"):
        for m in rule.regex.finditer(sentence):
            if any(r.regex.search(sentence) for r in of_kind("specific")):
                continue   # 本站把α换成0.5，…不变, 换成本例的…: the page's own instance, whose outcome is the page's to bind
            spans += [(a, b) for a, b in ((m.start(), m.start() + 2), (m.end() - 2, m.end()))
                      if sentence[a:b] in ("不变", "相同", "一样", "相等")]
    return spans


def monotone_law(sentence: str) -> bool:
    """Does the sentence derive what it says from a monotone function (sigmoid 是单调递增的，…按得分排序和按概率排序结果
    一样): a law that holds for any values, not an equality or order of two of the page's, unless it points at one?"""
    return (any(r.regex.search(sentence) for r in of_kind("monotone_law"))
            and not any(r.regex.search(sentence) for r in of_kind("specific")))


def general(sentence: str) -> bool:
    """Does the sentence say it states a general rule (一般, 通常) and point at no instance of the page (这里, 上表)?"""
    # (a pointer at the page before a turn, 表里只列了五个得分，但 sigmoid 对任何实数得分…都…, scopes the clause it
    # stands in; the rule after the turn is general: honest_71 H71-008)
    for rule in of_kind("general"):
        for cue in rule.regex.finditer(sentence):
            turns = [m.end() for m in _TURN.finditer(sentence, 0, cue.start())]
            scope = sentence[turns[-1]:] if turns else sentence
            if not any(r.regex.search(scope) for r in of_kind("specific")):
                return True
    return False


_TURN = re.compile(r"[，,；;]\s*(?:但是|但|不过|然而|可是)")


def not_a_mean(text: str, start: int) -> bool:
    """Is the 平均 at text[start] part of 平均分给 (divide evenly), not a mean?"""
    return any(r.regex.match(text, start) for r in of_kind("not_a_mean"))


def in_a_term(text: str, start: int, end: int) -> bool:
    """Is text[start:end] inside a term that only contains an order word (梯度下降)?"""
    return any(m.start() <= start and end <= m.end() for r in of_kind("term") for m in r.regex.finditer(text))


def denied(text: str, start: int) -> bool:
    """Is the word at text[start] inside a denied quote or an unanswered question (不是“更快的 LN”, 不说明哪个更好)?"""
    return any(m.start() < start < m.end() for r in of_kind("denied") for m in r.regex.finditer(text))


def beyond_the_page(text: str, start: int) -> bool:
    """Does the clause before text[start] make its subject a thing the page does not compute (真实词表的候选远不止三个):
    the page's number is the other side of a comparison with the world, and no two of the page's values are ordered?"""
    return any(r.regex.search(text[:start]) for r in of_kind("beyond_the_page"))


def hypothetical(text: str, start: int) -> bool:
    """Is the word at text[start] inside the condition of a conditional (候选一旦比参考长，BP 就不再惩罚): it supposes
    the order, it does not say the page's values stand in it."""
    if any(r.regex.search(text[:start]) for r in of_kind("hypothetical")):
        return True
    # (or the word ends a clause of time: 句子变长时，… supposes the change as 如果句子变长 does)
    return any(r.regex.match(text, start) for r in of_kind("when_clause"))


def after_a_condition(text: str, end: int) -> bool:
    """Does a condition marker (以后, 时) follow a name ending at text[end]: 升温以后?"""
    return any(r.regex.match(text[end:]) for r in of_kind("condition"))


def attributive(text: str, end: int) -> bool:
    """Is the equality word ending at text[end] an attribute (形式相同的记忆状态), not an assertion?"""
    return any(r.regex.match(text[end:]) for r in of_kind("attributive"))
