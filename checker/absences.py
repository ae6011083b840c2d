"""What a page says the course does NOT give: each such sentence checked against the seed text it speaks of.

A sentence such as 讲义没有印出缩放后的权重 or 入门文章只算了 A、C 两条 is a provenance label: it tells the reader that
what follows is the site's, because the course does not have it. Label rounds 53-61 found such sentences false
against the whole document (a lecture page saying 课程没有印出 what the primer prints; 入门文章这一节没有列出 where
another section lists it), and no computation checks them. checker/data/absences.yaml keeps, for every one, what the
reader searched:

    - page: docs/lecture/ch04/4-3.md
      says: 讲义没有印出缩放后的权重与输出         # the page's words, from the document's name to the verb
      in: lecture                                # where the thing would stand: a whole document, or sections
      near: 缩放后                                # words of that text beside which it would stand (verbatim)
      absent: ['0.62', '0.38']                   # strings the text would hold if the page were wrong
      point: 讲义不印缩放后的权重                   # what is absent

and this module holds the pages to it: every sentence that says a course document lacks something has an entry, the
entry's words stand on the page, `near` stands in the text named by `in`, no string of `absent` stands there, and the
document the sentence names is the one searched (讲义 → the lecture, 入门文章 → the primer, 课程 and 两份文档 →
both), and the whole of it unless the sentence is scoped to a section, table or example (讲义本节没有…, 这张表只列
了…: SCOPE, before the negation). A co-author who turns 讲义 into 课程, or writes a new absence sentence, is asked to search the
other document too. The strings are the reader's choice and prove only what they say: a paraphrase of the thing in
the seed is not found, so a second reader judges them.

    python -m checker.absences [--data FILE] [PAGE …]      every absence sentence not kept, every entry not holding
    python -m checker.absences --list [PAGE …]              the absence sentences, one per line, kept or not
"""
from __future__ import annotations

import argparse
import bisect
import functools
import re
import sys
import unicodedata
from pathlib import Path

from checker import entries_file
from checker.credits import _shown, seed_text
from checker.crossrefs import known_sections
from checker.paths import DOCS, ROOT

DATA = ROOT / "checker" / "data" / "absences.yaml"
FIELDS = {"page": str, "says": str, "in": str, "near": str, "absent": list, "point": str}
SHAPE = "- page: … says: … in: lecture §4.3 … near: … absent: [a, b] … point: …"
_SCOPE = re.compile(r"^(lecture|primer)(?:\s*§\s*([0-9A-D]+(?:\.\d+)?))?$")
_NAMED_DOCS = {"讲义": {"lecture"}, "入门文章": {"primer"}}   # 课程, 原课程, 两份文档: both
DOC_WORDS = {"lecture": "讲义", "primer": "入门文章"}

# the document's name, then within one clause a negation or an "only" and a verb of showing, or a word of lacking;
# or 不在 before the name (label round 62: the readers' true sentences the first pattern missed, 没有指明, 只区分了,
# 缺失, 没有这组评论, 不在入门文章中, are found too, so that none is reworded to be found; the review of this stop: 不印,
# 没有单独给, 没有逐类写出, 没有对 T5 另说, 没有这样说, 没有代入, 入门文章没有：…)
_SUBJECT = r"(?:讲义|入门文章|原课程|课程|两份文档)"
_DOC_WORD = re.compile(_SUBJECT)
# (入门文章也强调只算一个真实词对: what the course says is done, after 强调/指出/提醒/建议, is no absence: trial 36)
_NEGATION = r"(?:并没有|也没有|都没有|均未|也未|并未|未曾|从未|不曾|并不|没有|没|未|(?<![个不调醒议])(?<!指出)只(?!为|是为)|(?<!不)仅(?!为))"
# what may stand between the negation and its verb: an adverb or a short object (没有单独给, 没有对 T5 另说, 没有把 c 算成)
_BETWEEN = (r"(?:(?:单独|逐|另外|专门|再|重新|具体|明确|直接|完整|全部|一一|对|为|把|将)[^，。；：！？\n]{0,6}?"
            # a place or condition before the verb: 都没有在 $T=1$ 以外的具体温度下算出 (new-author trial 9)
            r"|在[^，。；：！？\n]{0,24}?(?:下|中|里|上|时|之外|以外))?")
_VERB = (r"(?:给出|给过|给|印出|印|列出|列|写出|写明|写|提到|提及|提|讲|说明|说|算出|算|展示|报告|交代|解释|讨论|"
         r"比较|证明|推导|测|记录|记|画|标出|标|命名|点名|指明|指出|引用|引|实现|附|谈|涉及|定义|举|出现|称|用(?!来)|区分|做|"
         r"执行|留下|收进|收录|规定|包括|包含|提供|另说|走|分析|评判|对比|展开|描述|代入|重复|照录|略去|省略|跳过|复现)"
         r"(?![错于]|什么|哪些|哪个|哪一|多少)")   # 讲义没有讲错, 仅用于课堂: no claim of what is absent; 给了什么、
                                                  # 没给什么 names a topic (a description, trial 9), it claims nothing
# a verb of saying between the document and the negation: the negation is in what the document says
_REPORTED = re.compile(r"(?:也|还|都|就|亦)?(?:说|说过|指出|提醒|强调|写道|写着|认为|提到|表明|讲到|谈到)(?:了|过)?\s*[，,：:]?\s*"
                       r"(?:它|这|这一点|这个|这种|其|他们|[^，,。；：:\n]{0,8}?)(?:也|都|并|就)?$")
_LACKING = (r"(?:缺失|缺少|缺了|找不到|查不到|没有(?:这|那|此)[组张份个条步项些段句类种样一]|没有[：:]|"
            r"(?:并没有|没有|并未)训练)")   # 课程并没有训练出…; 未训练的参数 describes the course's numbers
_GAP = r"[^。；！？：\n`$若]{0,20}?"
# a bare 不 only in the subject's own clause (讲义不印…; not 讲义指的是哪一版，故不标, whose subject is the site) and not
# in 不只 (not only), 跳不跳过 (whether)
_NOT = r"[^。；！？：，,\n`$若]{0,12}?(?<![只仅])不(?![只仅单同少再是])"
# the thing as subject, the document after the verb: 那次运行的结果表没有收进讲义读本 (label round 67, 6-4)
_FILED_INTO = r"(?:没有|并没有|未|并未|没)(?:收进|收入|收录进|写进|放进|编进)(?:了)?"
CLAIM = re.compile(rf"{_SUBJECT}(?:{_GAP}(?:{_NEGATION}{_BETWEEN}{_VERB}|{_NEGATION}把|{_LACKING})|{_NOT}{_BETWEEN}{_VERB})"
                   rf"|不在{_SUBJECT}|{_FILED_INTO}{_SUBJECT}")
_ENDING = re.compile(rf"(?:{_NEGATION}{_BETWEEN}{_VERB}|{_NEGATION}把|{_LACKING}|不{_BETWEEN}{_VERB})$")
_TRAINED = re.compile(r"(?:并没有|没有|并未)训练")
# the site as the subject and the course document as what it uses: 本站用讲义的…, 本页取入门文章的…
_SITE_OBJECT = re.compile(r"(?:本站|本页)[^，。；：\n]{0,3}(?:用|取|拿|借|沿用|照)\s*$")
_HEADING = re.compile(r"^#{1,6}\s.*$", re.M)   # 课程给了什么，没给什么 as a heading names a topic, it states nothing
_CONDITION = re.compile(r"(?:如果|假如|要是|倘若|若是|若)[^，。；：！？\n]{0,6}$")   # 如果讲义没有给出，本站补上
_SITE_SUBJECT = re.compile(r"(?:本站|本页)(?:还|也|并|都|就)?$")   # 讲义提出的，本站还没有做: the site's absence
# names joined into one subject: 讲义和入门文章, 讲义 §4.3 与入门文章 §5.1, 讲义本节以及入门文章
_JOINED = re.compile(r"^(?:\s*§\s*[0-9A-D.]+|本节|这一节|那一节|（[^）]{0,12}）)?\s*(?:和|与|及|以及|同|、|跟|或)\s*$")
_MASK = re.compile(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$|\$\$.*?\$\$|\$[^$\n]+\$|`[^`\n]+`", re.M | re.S)
# a line of prose that goes on the line after (not a new item, heading, row or box): read as one line
_WRAP = re.compile(r"\n[ \t]*(?=[^\s\-*+#|>!\d])")
_CLAUSE_END = "，,。；;！？!?：:\n）)|"


class AbsencesError(Exception):
    """A malformed entry of the absences file: where it is and what to do."""


def joined(text: str) -> tuple[str, list[int]]:
    """`text` with each wrapped line joined to the line before (review of this stop: 讲义本节\n没有给出学习率 was no
    claim, and a kept sentence re-wrapped was "no longer on the page"), and for each of its characters the offset it
    has in `text`."""
    out, where, last = [], [], 0
    for m in _WRAP.finditer(text):
        out.append(text[last:m.start()])
        where.extend(range(last, m.start()))
        last = m.end()
    out.append(text[last:])
    where.extend(range(last, len(text) + 1))
    return "".join(out), where


def claims(text: str) -> list[tuple[int, int, str]]:
    """(start, end, words) of each absence sentence in `text`, offsets in `text`: code, math and headings masked, so an
    example in backticks (authoring.md's `课程没有印出后两行`) is no claim; a condition (如果讲义没有给出) and the site's
    own absence (讲义提出的，本站还没有做) neither."""
    masked = _HEADING.sub(lambda m: " " * len(m.group(0)), _MASK.sub(lambda m: " " * len(m.group(0)), text))
    view, where = joined(masked)
    out = []
    for m in CLAIM.finditer(view):
        before = _before_lacking(m.group(0))
        names = list(_DOC_WORD.finditer(before))
        after_name = before[names[-1].end():] if names else before
        if _TRAINED.search(m.group(0)) and not re.search(rf"{_SUBJECT}\s*(?:也|都|并|还)?\s*(?:并没有|没有|并未)训练",
                                                          m.group(0)):
            continue   # 权重是讲义给定的教学数，没有训练过: the numbers are untrained, the course lacks nothing (trial 10)
        if _SITE_OBJECT.search(view[max(0, m.start() - 8):m.start()]):
            continue   # 本站用讲义的这组输入和权重，只把布局换掉: the site is the subject, the course its source (trial 10)
        # (…（讲义 §7.15 的设定）， 它只证明计算一致: the course named in an aside, 它 the clause's own subject:
        # honest_86 H86-030)
        if _SITE_SUBJECT.search(before) or re.search(r"[，,；]\s*(?:本站|本页|这里)|[）)]\s*[，,；]\s*它(?!们)", after_name) \
                or _CONDITION.search(view[max(0, m.start() - 8):m.start()]):
            continue   # 本站没有那次运行，只引用; 这里不再重复: the site's clause, whatever the course said before it
        bu = m.start() + len(before)
        if view[bu:bu + 1] == "不" and view[bu - 1:bu] == view[bu + 1:bu + 2]:
            continue   # 注明跳不跳过: whether, not a denial
        if _REPORTED.search(after_name):
            continue   # 入门文章 §11.5 也说它不直接说明…: what the course says, a denial it reports (new-author trial 52)
        first = m.start()
        if len(names) > 1 and re.search(r"[，,]", before[:names[-1].start()]):
            first += names[-1].start()   # 讲义文本里，讲义各章也没有重复: the subject is the name nearest the negation
        if re.match(_FILED_INTO, m.group(0)):
            # 那次运行的结果表没有收进讲义读本: what is absent stands before the verb, so the claim starts with its
            # clause and an entry must name it (code review of stop 67: another table put there was not seen)
            first = max(view.rfind(ch, 0, m.start()) for ch in _CLAUSE_END) + 1
            while first < m.start() and view[first] in " \t":
                first += 1
        start, end = where[first], where[m.end() - 1] + 1
        out.append((start, end, text[start:end]))
    return out


def _scopes(value: str) -> list[tuple[str, str | None]]:
    out = []
    for part in re.split(r"[,，、]", value):
        m = _SCOPE.match(part.strip())
        if not m:
            return []
        out.append((m.group(1), m.group(2)))
    return out


def _entries_with_lines(path: Path) -> list[tuple[int, dict]]:
    out = []
    for line, entry in entries_file.load(path, FIELDS, AbsencesError, SHAPE):
        if not _scopes(entry["in"]):
            raise AbsencesError(f"{path}:{line}: in {entry['in']!r} is not where the course could say it; write "
                                "'lecture §4.3', 'primer §3.2', 'lecture' (the whole document) or several, "
                                "comma-separated")
        if len(entry["says"].strip()) < 4:
            raise AbsencesError(f"{path}:{line}: says {entry['says']!r} is too short to stand once on the page; copy "
                                "the page's words from the document's name through what it lacks")
        out.append((line, entry))
    return out


def entries(path: Path = DATA) -> tuple[tuple[int, dict], ...]:
    """(line in the file, entry) for every absence kept; () when there is no file."""
    return entries_file.entries(path, _entries_with_lines)


def scope_text(doc: str, section: str | None) -> str:
    return seed_text(doc, section)


_DECIMAL = re.compile(r"^[-−]?(?:\d+\.\d+|\.\d+)$")
_DECIMALS_IN = re.compile(r"(?<![\d.])[-−]?(?:\d+\.\d+|\.\d+)(?![\d])")


def _found(value: str, text: str) -> str | None:
    """Where `text` holds `value`: the string itself, or, for a decimal, a number printed to as many places or more
    that rounds to it (0.1084 finds the lecture's .108383; second reader of round 62: the lecture writes six places
    and drops the leading zero, so a four-place string missed the very number it stood for)."""
    plain = _plain(value)
    if not _DECIMAL.match(plain):
        return value if plain in _plain_document(text) else None
    places = len(plain.split(".")[1])
    wanted = float(plain.replace("−", "-"))
    signed = plain[0] in "-−"
    tolerance = 0.5 * 10 ** -places + 1e-12
    # number by number, with the spaces between them kept (1.089392 2016 is two numbers, not 1.0893922016), so that
    # 0.4 is not found inside 10.45; a string without a sign finds the number with either sign. The document's
    # numbers are sorted once (by value, and by size for an unsigned string): a scan of the whole document per
    # string was 2% of a cold run. The first such number in the document is the one named.
    keys, rows = _decimals_of(text)[0 if signed else 1]
    lo = bisect.bisect_left(keys, wanted - 2 * tolerance)
    hi = bisect.bisect_right(keys, wanted + 2 * tolerance)
    hits = [(at, shown) for key, shown_places, at, shown in rows[lo:hi]
            if shown_places >= places and abs(key - wanted) <= tolerance]
    return min(hits)[1] if hits else None


@functools.lru_cache(maxsize=64)
def _decimals_of(text: str) -> tuple:
    """The document's decimals as (sorted keys, rows of (key, places, position, as printed)), keyed by value and by
    size."""
    found = []
    for at, m in enumerate(_DECIMALS_IN.finditer(_nfkc_document(text))):
        number = float(m.group(0).replace("−", "-"))
        found.append((number, len(m.group(0).split(".")[1]), at, m.group(0)))
    by_value = sorted(found)
    by_size = sorted((abs(n), p, at, shown) for n, p, at, shown in found)
    return ([r[0] for r in by_value], by_value), ([r[0] for r in by_size], by_size)


def _plain(text: str) -> str:
    """Compared without spaces, width or case: 0.62 finds ０.６２, Top-K finds top-k."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).lower()


# a seed document or section searched for every string of every entry: normalized once (each entry's strings made
# it again, a third of a page's credit check)
@functools.lru_cache(maxsize=64)
def _plain_document(text: str) -> str:
    return _plain(text)


@functools.lru_cache(maxsize=64)
def _nfkc_document(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _before_lacking(words: str) -> str:
    """The claim's words before its negation (or word of lacking): where its subject stands."""
    if words.startswith("不在") or re.match(_FILED_INTO, words):
        return words
    m = _ENDING.search(words)
    return words[:m.start()] if m else words


def _named(says: str) -> set[str]:
    """The documents the absence is said of: the name nearest before the negation, with a name joined to it by 和/与
    (讲义和入门文章都没有写出 is said of both; 讲义 §2.2 引了此文，入门文章的参考文献未列 of the primer only, label round
    62's A-5); without an absence pattern, every name in `says`."""
    m = CLAIM.search(says)
    text = _before_lacking(m.group(0)) if m else says
    found = list(_DOC_WORD.finditer(text))
    both = m and (re.search(r"(?:都|均|也|全)\s*$", text) or re.match(r"(?:都|均|也)", m.group(0)[len(text):]))
    if both and len(found) > 1:
        pass   # 讲义没有，入门文章也没有给出; 两份都没有: every name in the clause is the subject
    elif m and found:
        subject = [found[-1]]
        for prev in found[-2::-1]:
            if not _JOINED.match(text[prev.end():subject[-1].start()]):
                break
            subject.append(prev)
        found = subject
    docs: set[str] = set()
    for word in found:
        docs |= _NAMED_DOCS.get(word.group(0), {"lecture", "primer"})
    return docs


def _entry_errors(entry: dict, where: str) -> list[str]:
    scopes = _scopes(entry["in"])
    out = []
    unknown = [f"{d} §{s}" for d, s in scopes if s is not None and (d, s) not in known_sections()]
    if unknown:
        return [f"{where}: in names {', '.join(unknown)}, not a section of the course documents; correct it"]
    searched = {d for d, _ in scopes}
    missing = _named(entry["says"]) - searched
    if missing:
        out.append(f"'{entry['says']}' speaks of {'、'.join(DOC_WORDS[d] for d in sorted(missing))} too, and the entry "
                   f"({where}) searched only {entry['in']}: search that document as well and add it to `in`, or "
                   "name in the sentence the one document it is true of")
    texts = [(f"{d} §{s}" if s else d, scope_text(d, s)) for d, s in scopes]
    if not any(text for _, text in texts):
        return out   # the course documents are not beside the project: nothing to search
    if not any(_plain(entry["near"]) in _plain_document(text) for _, text in texts):
        out.append(f"{where}: near words '{entry['near']}' stand in none of {entry['in']}; copy them verbatim from "
                   "the seed text where the absent thing would stand, or correct `in`")
    for value in entry["absent"]:
        found = [(name, hit) for name, text in texts if (hit := _found(value, text))]
        if found:
            name, hit = found[0]
            shown = f"'{value}'" if hit == value else f"'{hit}', which rounds to '{value}',"
            out.append(f"'{entry['says']}' says the course lacks something (point: {entry['point']}), and {name} holds "
                       f"{shown} ({where}): correct the sentence (and the entry), or, if that is another thing, "
                       "replace the string with one only the absent thing would have")
    return out


# What scopes an absence sentence to the section, table or example its entry searched, so that `in` may name
# sections of that document only (code review of stop 66: 讲义没有列出每一轮的合并 spoke of the whole lecture and was
# searched in one section). It must stand BEFORE the negation (讲义本节没有, 入门文章这个算例只给了, 讲义 §8.4 只写了,
# 这张表的内容缺失, 在这一节里，讲义没有): a demonstrative or a § after it names the thing absent (讲义没有给出这个数,
# 讲义没有印出…（入门文章 §13.3 算过）), not the place searched (code review of stop 67). From the true scoped
# sentences of the site and the review's honest ones: 本节/这一节/那一节/该节/上一节/本章/这段/此例/这道题/这张表/那张表,
# 这里/那里/此处, 章首, 原记录, 速查表, 的表/表里, 例子/算例, a § right after the document's name or before the negation.
SCOPE = re.compile(r"(?:本|这一?|那一?|该|此|上一?|下一?|同一?)(?:节|章|段|例|题|道题|张表|份表|份账|处|算例|个例子|个算例)"
                   r"|这里|那里|此处|章首|原记录|速查表|的表|表里|表中|例子|算例|(?:讲义|入门文章)(?:读本|的)?\s*\[?§|§\s*[0-9A-D.]+\]?\S{0,12}$"
                   # 入门文章讲困惑度的 §11.5 没有…: the document's own § after a modifier (new-author trial 22; no other
                   # work named between: review 84)
                   r"|(?:讲义|入门文章)[^，,。；A-Za-z0-9§]{1,12}的\s*\[?§\s*[0-9A-D.]+\]?(?:\([^)\s]*\))?\s*$")
# a leading clause that only says where (在这一节里，讲义没有给出学习率; review of stop 67) scopes the next one
_LEADING_PLACE = re.compile(r"在[^，,：:]{0,10}(?:里|中|内|上)[，,：:]\s*$")
_SCOPE_BEFORE = 16                  # the characters before `says` read with it, back to the sentence's start
_SENTENCE_START = "；;。！？!?\n—"    # — parts a source line's key (sutskever2014 §1 — 讲义…) from its note


def unscoped_section_search(entry: dict, view: str, at: int) -> str | None:
    """Rule unscoped_section_search: the sentence names a document (讲义, 入门文章, 课程) that the entry's `in` searched
    only in sections, and nothing before its negation (in `says` or the few characters of its sentence before it)
    scopes it to a section, table or example (SCOPE): it speaks of the whole document and was searched in part of it.
    Each document is judged on its own, so an entry that searched the whole primer and one lecture section still
    owes the lecture (课程没有给出步数). What to do, or None."""
    scopes = _scopes(entry["in"])
    if not scopes:
        return None
    named = _named(entry["says"])
    part_only = sorted(doc for doc in named if any(d == doc for d, _ in scopes)
                       and not any(d == doc and section is None for d, section in scopes))
    if not part_only:
        return None
    before = view[max(0, at - _SCOPE_BEFORE):at]
    before = before[max(before.rfind(ch) for ch in _SENTENCE_START) + 1:]
    clause_start = max(before.rfind(ch) for ch in "，,：:") + 1
    if not _LEADING_PLACE.search(before[:clause_start]):
        before = before[clause_start:]   # 讲义这一节讲了别的，讲义没有…: an earlier clause scopes itself, not this one
    m = CLAIM.search(entry["says"])
    up_to_negation = entry["says"][:len(_before_lacking(m.group(0))) + m.start()] if m else entry["says"]
    if SCOPE.search(before + up_to_negation):
        return None
    where = ", ".join(f"{d} §{sec}" for d, sec in scopes if d in part_only)
    word = DOC_WORDS[part_only[0]]
    return (f"'{entry['says']}' speaks of the whole {' and '.join(part_only)} "
            f"({'、'.join(DOC_WORDS[d] for d in part_only)}) and the entry searched only {where}: search it "
            f"(in: {', '.join(part_only)}), or scope the sentence to what was searched ({word}本节…, 这张表…)")


def page_text(page, templates: bool = True) -> str:
    """The page as the check reads it: the front matter's notes too (讲义本节没有给出位置 in a source line).
    `templates=False` blanks the claim, relation and formula entries, which repeat the body's words as templates: an
    absence sentence is found in the body, not again in its claim's template (new-author trial 24 was told a claim
    template at line 32 said what the course does not give); offsets and lines stay put."""
    head = Path(page.path).read_text(encoding="utf-8")[:page.body_offset]
    if templates:
        return head + page.body
    kept, key = [], ""
    for line in head.split("\n"):
        top = re.match(r"([A-Za-z_]+):", line)
        if top:
            key = top.group(1)
        # (a YAML comment among them is a note of the page's, read as the others are: review 86)
        template = key in ("claims", "relations", "formulas") and not top and not line.lstrip().startswith("#")
        kept.append(" " * len(line) if template else line)
    return "\n".join(kept) + page.body


def clause_after(view: str, end: int) -> str:
    """The rest of the clause after `end` in `view`: what an entry's `says` must reach (review of this stop: a `says`
    that stops at the verb, 讲义没有给出, let 讲义没有给出后两行 become 讲义没有给出第一行 unseen)."""
    i = end
    while i < len(view):
        link = _LINK.match(view, i)   # before the clause-end test: an image link opens with '!'
        if link:
            i = link.end()   # a link's own brackets end no clause: 讲义没有给出 [§2.5](…) 那张表
        elif view[i] in _CLAUSE_END:
            break
        else:
            i += 1
    return view[end:min(i, len(view))]


_LINK = re.compile(r"!?\[[^\]\n]*\]\([^)\n]*\)")   # [text](target "title"), ![alt](image)


# 入门文章都没有讲 = 入门文章没有讲到: the same denial; so is 课程本身并没有执行 = 课程没有执行它 (honest_90 H90-008: 本身
# stresses the subject, 它 points back to the object the sentence already named)
_FILLER = re.compile(r"[都也并均还就到过了\s*]|本身|它们|它")


_FILED_VERB = re.compile(r"收进|收入|收录进|收录|写进|放进|编进")   # 没有收进讲义读本 = 讲义读本没有收录 (H61-027)


def _denial(words: str) -> tuple[str, str]:
    """A claim's words from the document's name to its verb, without the adverbs and particles a rewording moves, and
    the words around them (what the claim says is absent). A thing filed into a document (没有收进讲义) is read as
    the document's own denial (讲义没有收录)."""
    m = CLAIM.search(words)
    if not m:
        return ("", "")
    rest = _FILLER.sub("", words[:m.start()]) + "\0" + _FILLER.sub("", words[m.end():])
    if _FILED_VERB.search(m.group(0)):
        return ("".join(sorted(set(_DOC_WORD.findall(m.group(0))))) + "没有收", rest)
    return (_FILLER.sub("", m.group(0)), rest)


def _reworded_claims(own: list[tuple[int, dict]], view: str, where: list[int], text: str) -> dict[int, tuple[int, int]]:
    """{entry line: the span of the claim it keeps} for each entry whose `says` is no longer on the page while one
    uncovered claim says the same denial (the same document and verb, particles aside: 入门文章都没有讲 -> 入门文章没有
    讲到 …, honest_55 H55-024) in a sentence that still holds every word the entry's `says` names after its verb (each
    side of a 的 on its own: 那次运行的结果表没有收进… -> 本站不转述那次运行的准确率，因为它的结果表没有收进…, honest_66
    H66-018). The
    search the entry records is about the same thing; a claim of another verb or another document is a new claim."""
    missing = [(line, e) for line, e in own if not re.search(re.escape(e["says"]), view)]
    if not missing:
        return {}
    claimed = claims(text)
    out: dict[int, tuple[int, int]] = {}
    by_says: dict[str, tuple[int, int]] = {}
    for line, entry in missing:
        if entry["says"] in by_says:   # two records of one sentence (searched in each document): one span for both
            out[line] = by_says[entry["says"]]
            continue
        denial, tail = _denial(entry["says"])
        own_claims = claims(entry["says"])
        if len(own_claims) == 1:
            # read as the page's claims are read, from the name nearest the negation (这是课程写下的设计，课程没有执行它:
            # the second 课程; honest_90 H90-008), the words before it part of the tail
            start, end, words = own_claims[0]
            said = entry["says"]
            denial = _denial(words)[0]
            tail = _FILLER.sub("", said[:start]) + "\0" + _FILLER.sub("", said[end:])
        matches = [(start, end) for start, end, words in claimed
                   if denial and _denial(words)[0] == denial
                   and all(part in _FILLER.sub("", _sentence_at(text, start))
                           for piece in tail.split("\0") for part in piece.split("的") if part)
                   and (start, end) not in out.values()]
        if not denial and not matches:
            matches = _sentences_saying(entry["says"], text, list(out.values()))
        if len(matches) == 1:
            out[line] = by_says[entry["says"]] = matches[0]
    return out


# words a rewording of an entry's sentence trades for each other (讲义也说明，这门课没有运行…比较 -> 讲义同样交代，本课程
# 并未跑过…对比: honest_61 H61-032), each read as the first of its row
_SAME_WORDS = (("没有", "并未", "未曾", "从未", "没"), ("运行", "跑过", "跑", "执行"), ("比较", "对比"),
               ("说明", "交代", "讲明", "指出"), ("课程", "本课程", "这门课程", "这门课"))
_SAME_WORD = re.compile("|".join(sorted((w for row in _SAME_WORDS for w in row), key=len, reverse=True)))
_FIRST_OF = {w: row[0] for row in _SAME_WORDS for w in row}
_NEGATIVE = re.compile(r"不|没|无|非|未|否")
_MOST_KEPT = 0.9   # of the entry's characters (words of a row read as one) that the sentence must still hold


def _sentences_saying(says: str, text: str, taken: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of the sentences of `text` that say an entry's `says` reworded, when its words hold no claim the
    pattern reads (讲义也说明，这门课没有运行 GQA 或 FlashAttention 的速度比较: a report of the course's absence): every
    Latin name and document word of `says` stands in the sentence, at least as many negative characters, and
    nearly all its other characters once words of a row of _SAME_WORDS are read as one (…，这门课一项也没有运行,
    honest_69 H69-030). A sentence that drops the negation or a name is no rewording of it."""
    def plain(words: str) -> str:
        return _FILLER.sub("", _SAME_WORD.sub(lambda m: _FIRST_OF[m.group(0)], words))
    names = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9-]*", says)}
    docs = set(_DOC_WORD.findall(plain(says)))
    wanted = {c for c in plain(says) if "\u4e00" <= c <= "\u9fff"}
    out = []
    for m in re.finditer(r"[^。！？；;\n]+", text):
        sentence = m.group(0)
        read = plain(sentence)
        if (names <= {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9-]*", sentence)}
                and docs <= set(_DOC_WORD.findall(read))
                and len(_NEGATIVE.findall(sentence)) >= len(_NEGATIVE.findall(says)) > 0
                and len(wanted & set(read)) >= _MOST_KEPT * len(wanted)
                and (m.start(), m.end()) not in taken):
            out.append((m.start(), m.end()))
    return out


def _sentence_at(text: str, at: int) -> str:
    start = max(text.rfind(c, 0, at) for c in "。！？\n") + 1
    ends = [i for i in (text.find(c, at) for c in "。！？\n") if i >= 0]
    return text[start:min(ends) if ends else len(text)]


def page_errors(page, path: Path = DATA) -> list[tuple[int, str]]:
    """(line in the file, message) for each absence sentence of `page` that is not kept or does not hold."""
    from checker.paths import page_key
    here = page_key(Path(page.path))
    if not here.startswith("docs/"):
        return []   # a file outside any docs/ tree is no page of the site (a test's bare scratch file)
    text = page_text(page)
    view, where = joined(text)
    # an entry's words stand in the body, or in a front-matter note; a claim template repeating them is no place to
    # read them first (its clause goes on as a template, not as the page's sentence: new-author trial 24)
    body_start = len(text) - len(page.body)
    line_of = lambda at: text.count("\n", 0, at) + 1  # noqa: E731
    out = []
    covered: list[tuple[int, int]] = []
    own = [(line, entry) for line, entry in entries(path) if entry["page"].strip() == here]
    reworded = _reworded_claims(own, view, where, page_text(page, templates=False))
    for line, entry in own:
        where_kept = f"{_shown(path)}:{line}"
        if line in reworded:
            covered.append(reworded[line])
            continue
        found = [m.start() for m in re.finditer(re.escape(entry["says"]), view)]
        at = next((i for i in found if where[i] >= body_start), found[0] if found else -1)
        if at < 0:
            out.append((page.body_first_line, f"the absences file ({where_kept}) says this page states "
                        f"'{entry['says']}', which is no longer on the page: if the sentence was reworded, copy its "
                        "words into `says`; if it is gone, remove the entry"))
            continue
        rest = clause_after(view, at + len(entry["says"]))
        if rest.strip():
            out.append((line_of(where[at]), f"the absences file ({where_kept}) keeps '{entry['says']}' short of its "
                        f"clause's end: copy the clause through '{rest.strip()[:30]}' into `says`, so that a change of "
                        "what is said to be absent is seen"))
        # every occurrence (a table's cells), each only as far as its own clause goes on the same way
        covered.extend((where[m.start()], where[m.end() - 1] + 1) for m in re.finditer(re.escape(entry["says"]), view)
                       if not clause_after(view, m.end()).strip())
        unscoped = unscoped_section_search(entry, view, at)
        if unscoped:
            out.append((line_of(where[at]), f"{unscoped} ({where_kept})"))
        out.extend((line_of(where[at]), message) for message in _entry_errors(entry, where_kept))
    for start, end, words in claims(page_text(page, templates=False)):
        if not any(a <= start and end <= b for a, b in covered):
            clause = words + clause_after(text, end)
            out.append((line_of(start), f"'{clause.strip()[:60]}' says what the course does not give: search both "
                        f"documents for it, then keep what you searched in {_shown(path)} ({SHAPE}; "
                        "docs/about/authoring.md, 说课程没有什么，要查过两份文档)"))
    return sorted(out)


def main(argv: list[str] | None = None) -> int:
    from checker.page import PageError, all_pages, read_page
    parser = argparse.ArgumentParser(prog="python -m checker.absences", description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--list", action="store_true", help="print every absence sentence, kept or not")
    parser.add_argument("pages", nargs="*", type=Path)
    args = parser.parse_args(argv)
    try:
        found = entries(args.data.resolve()) if args.data.is_file() else ()
    except AbsencesError as exc:
        print(exc)
        return 2
    paths = [p.resolve() for p in args.pages] if args.pages else all_pages()
    failures = 0
    for line, entry in found:
        if not (DOCS.parent / entry["page"].strip()).is_file():
            print(f"{args.data}:{line}: page {entry['page']!r} does not exist; correct the path or remove the entry")
            failures += 1
    for path in paths:
        shown = path.relative_to(DOCS.parent) if path.is_relative_to(DOCS.parent) else path
        if args.list:
            text = path.read_text(encoding="utf-8")
            for start, _, words in claims(text):
                print(f"{shown}:{text.count(chr(10), 0, start) + 1}: {words}")
            continue
        try:
            page = read_page(path)
        except PageError as exc:
            print(f"{exc.path}:{exc.line}: {exc.message}")
            failures += 1
            continue
        for line, message in page_errors(page, args.data.resolve()):
            print(f"{shown}:{line}: {message}")
            failures += 1
    if not args.list:
        print(f"{len(found)} absences kept; {failures} messages")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
