"""A place in a cited work that the prose names beside the work is a place the page cites (blind corpora 56–58).

Prose names where in a paper or book a thing is: SLP 第 3 章也讲这些方法, Bahdanau 等 v1 物理第 8 页的 Table 1,
Vaswani 等 2017 年论文的 §3.2.1. A hurried edit changes the chapter, the page or the table and keeps every other word
(blind_56 W56-058 SLP 第 3 章 -> 第 4 章; blind_58 W58-033 第 18 章 -> 第 14 章; blind_57 W57-056 物理第 8 页 -> 第 6
页). Such a number is an ordinal reference, so no claim holds it; the page's citations do: the front matter's
`sources` and every `source` of its claims name the work by key and give its places (`jurafsky2026slp ch. 3`,
`bahdanau2014 Table 1, p. 8`). So each place the prose gives after a work's name, in the same sentence and before
another cited work is named, must be one of the places the page cites of that work.

A work is named by the surname of its first author (Bahdanau 等, Jain 与 Wallace), by the `shorthand` field of its
bibliography entry when it is an acronym (SLP), by the one word its title opens with before a colon (FlashAttention)
or by its arXiv number. Places read: 第 N 章 (ch.), 第 N 页 / 物理第 N 页 (p.), §N (not a link's text: a link is a
cross-reference to this site), Table N / 表 N, Figure N / 图 N, eq. N / 式 (N), Appendix X / 附录 X. A place matches
a cited one of its kind when they are equal, when it lies in a cited range (p. 112 in p. 107–115, §4.1 in
§4.1–4.2), or, for sections, when one contains the other (§3 and §3.2.1: the prose may name the section or a part of
it). A work the page does not cite at all is left to the provenance checks.
"""
from __future__ import annotations

import functools
import re

from checker.bibliography import BibliographyError, label, load, parse_citation

# the prose's places, each as (kind, number)
_PLACES = [
    ("chapter", re.compile(r"第\s*([0-9]+)\s*章")),
    ("page", re.compile(r"(?:物理)?第\s*([0-9]+(?:\s*[–-]\s*[0-9]+)?)\s*页")),
    # §N not inside a link's text ([§3.2](…)) and not a course section (讲义 §…, 入门文章 §…)
    ("section", re.compile(r"(?<!\[)(?<!讲义 )(?<!入门文章 )(?<!讲义)(?<!入门文章)§\s*([0-9]+(?:\.[0-9]+)*)(?![0-9.]*\]\()")),
    ("table", re.compile(r"(?:Table\s*|表\s+)([0-9]+)")),
    ("figure", re.compile(r"(?:Figure\s*|图\s+)([0-9]+)")),
    ("equation", re.compile(r"(?:eq\.\s*|式\s*\()([0-9]+)")),
    ("appendix", re.compile(r"(?:Appendix\s*|附录\s*)([A-Z](?:\.[0-9]+)*)")),
]
_SENTENCE_END = re.compile(r"[。；！？\n]")
_CODE = re.compile(r"```.*?```|`[^`\n]*`|\$\$.*?\$\$|\$[^$\n]*\$", re.S)


@functools.lru_cache(maxsize=1)
def _names() -> dict[str, tuple[str, ...]]:
    """key -> the patterns of the names prose calls the work by (_names' docstring above lists them)."""
    out = {}
    for key, source in load().items():
        if source.kind not in ("paper", "book", "web"):
            continue   # the course's own documents and records are named in Chinese and cross-referenced by §
        names = []
        latin = [a for a in source.authors if re.search(r"[A-Za-z]", a)]
        if latin:
            names.append(re.escape(latin[0].split()[-1]))
        # an acronym (SLP), not a model's name used as a word (the Transformer papers' shorthand)
        if re.fullmatch(r"[A-Z][A-Z0-9]+", source.fields.get("shorthand", "")):
            names.append(re.escape(source.fields["shorthand"]))
        # the one word a title opens with before its colon (FlashAttention 论文; blind_60 W60-058), and the arXiv
        # number (arXiv:2205.14135 第二版，第 6 页)
        # (a model's name is a word of its own elsewhere: BERT 三种题目 names no paper, so the title's word names the
        # work only before 论文/原文)
        head = re.match(r"([A-Za-z][A-Za-z0-9-]{3,}):", source.title or "")
        if head:
            names.append(re.escape(head.group(1)) + r"(?=\s*(?:的\s*)?(?:原)?(?:论文|原文|一文))")
        if source.eprint:
            names.append(re.escape(source.eprint))
        if names:
            out[key] = tuple(names)
    return out


def _cited_places(page) -> dict[str, list[set[tuple[str, str]]]]:
    """key -> the places each of the page's citations of it gives (front-matter sources and every claim's source)."""
    texts = list(page.meta.get("sources") or [])
    for section in ("claims", "cited", "relations"):
        for item in page.meta.get(section) or []:
            if isinstance(item, dict) and isinstance(item.get("source"), str):
                texts.append(item["source"])
    out: dict[str, list[set]] = {}
    for text in texts:
        if not isinstance(text, str):
            continue
        try:
            citation = parse_citation(text)
        except BibliographyError:
            continue   # reported by the provenance checks
        out.setdefault(citation.key, []).append(set(citation.locations))
    return out


def _number_range(text: str) -> tuple[int, int] | None:
    m = re.fullmatch(r"\s*([0-9]+)\s*(?:[–-]\s*([0-9]+))?\s*", text)
    if not m:
        return None
    return int(m.group(1)), int(m.group(2) or m.group(1))


def _section_parts(text: str) -> list[tuple[str, ...]]:
    """§4.1–4.2 -> [('4','1'), ('4','2')]; §3.2.1 -> [('3','2','1')]."""
    return [tuple(p.split(".")) for p in re.split(r"\s*[–-]\s*", text) if p]


def _matches(kind: str, number: str, cited: set[tuple[str, str]]) -> bool:
    for cited_kind, cited_number in cited:
        if cited_kind != kind:
            continue
        if kind == "section":
            ends = _section_parts(cited_number)
            said = tuple(number.split("."))
            if len(ends) == 2 and len(ends[0]) == len(ends[1]) and ends[0][:-1] == ends[1][:-1] \
                    and all(x.isdigit() for x in ends[0][-1:] + ends[1][-1:]) and len(said) >= len(ends[0]) \
                    and said[:len(ends[0]) - 1] == ends[0][:-1] \
                    and int(ends[0][-1]) <= int(said[len(ends[0]) - 1]) <= int(ends[1][-1]):
                return True
            if any(said[:len(end)] == end or end[:len(said)] == said for end in ends):
                return True
        elif kind in ("page", "table", "chapter", "equation"):
            said, span = _number_range(number), _number_range(cited_number)
            if said and span and span[0] <= said[0] and said[1] <= span[1]:
                return True
        elif kind == "figure":
            if re.match(r"[0-9]+", cited_number).group() == number:
                return True
        elif cited_number == number or cited_number.startswith(number + "."):
            return True
    return False


def _label(kind: str, number: str) -> str:
    return {"chapter": "第 {} 章", "page": "第 {} 页", "section": "§{}", "table": "Table {}", "figure": "Figure {}",
            "equation": "eq. {}", "appendix": "Appendix {}"}[kind].format(number)


def errors(page) -> list[tuple[int, str]]:
    """(line, message) for each place the prose gives a cited work that the page's citations of it do not give."""
    cited = _cited_places(page)
    by_name: dict[str, list[str]] = {}
    for key, names in _names().items():
        if key in cited:
            for name in names:
                by_name.setdefault(name, []).append(key)
    if not by_name:
        return []
    # two works of one author on a page (Mikolov 等 2013 and 同年的另一篇; Bahdanau 等 v1 and v7): a place of either
    body = _CODE.sub(lambda m: " " * len(m.group()), page.body)
    names = sorted(by_name, key=len, reverse=True)
    pattern = re.compile("|".join(rf"(?<![A-Za-z0-9.])(?P<n{i}>{n})(?![A-Za-z])" for i, n in enumerate(names)))
    out = []
    starts = [0] + [m.end() for m in _SENTENCE_END.finditer(body)]
    ends = [m.start() for m in _SENTENCE_END.finditer(body)] + [len(body)]
    for start, end in zip(starts, ends):
        sentence = body[start:end]
        mentions = [(m.start(), tuple(by_name[names[int(m.lastgroup[1:])]])) for m in pattern.finditer(sentence)]
        for i, (at, keys) in enumerate(mentions):
            stop = next((a for a, k in mentions[i + 1:] if k != keys), len(sentence))
            citations = [c for k in keys for c in cited[k]]
            places = set().union(*citations)
            given = "; ".join(f"{k} " + ", ".join(sorted({label(a, b) for c in cited[k] for a, b in c})) for k in keys)
            said = sorted(((m.start(), m.end(), kind, re.sub(r"\s+", "", m.group(1)))
                           for kind, place in _PLACES for m in place.finditer(sentence, at, stop)))
            for m_start, _, kind, number in said:
                if not _matches(kind, number, places):
                    out.append((page.line_of(start + m_start),
                                f"{_label(kind, number)} of {' or '.join(keys)} is not a place this page cites of "
                                f"it ({given}); correct the prose, or add the place to the page's sources if the "
                                "work has it there"))
            # a page and the figure or table printed on it, said as one place (第 6 页 Figure 2, 物理第 8 页的 Table 1):
            # one citation gives both (blind_60 W60-058 moved Figure 2 to Figure 1, a figure the page cites apart)
            for (s1, e1, k1, n1), (s2, _, k2, n2) in zip(said, said[1:]):
                if k1 == "page" and k2 in ("figure", "table") and s2 - e1 <= 4 \
                        and _matches(k1, n1, places) and _matches(k2, n2, places) \
                        and not any(_matches(k1, n1, c) and _matches(k2, n2, c) for c in citations):
                    out.append((page.line_of(start + s2),
                                f"{_label(k2, n2)} is not on {_label(k1, n1)} of {' or '.join(keys)} as the page cites "
                                f"it ({given}); correct the prose, or the citation that pairs them"))
    return out
