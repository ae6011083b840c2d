"""A 来源 list says each source once.

The page's `sources:` front matter is rendered from the bibliography as the first items under its `## 来源`
heading (sitegen/pages.py). A hand-written bullet there that names one of those sources again (the same arXiv
id, the first author's surname or a paper's short name with one of its years, or the same course section) shows
the reader the same reference twice, once in each wording. What the bullet adds belongs in the entry's note
after the dash, where it is rendered with the reference.
"""
from __future__ import annotations

import re

from checker import bibliography
from checker.bibliography import BibliographyError
from checker.provenance import _names_of, _years_of

_HEADING = re.compile(r"^## 来源[ \t]*$", re.M)
_BULLET = re.compile(r"^[-*] (.+(?:\n[ \t]+\S.*)*)", re.M)
_COURSE_WORDS = {"lecture": r"讲义(?:读本)?", "primer": r"入门文章"}


def _bullets(body: str) -> list[tuple[int, str]]:
    """(offset, text) of the hand-written items of the body's 来源 section."""
    m = _HEADING.search(body)
    if not m:
        return []
    end = re.compile(r"^#", re.M).search(body, m.end())
    section_end = end.start() if end else len(body)
    return [(b.start(), " ".join(b.group(1).split())) for b in _BULLET.finditer(body, m.end(), section_end)]


def _repeats(bullet: str, citation, source) -> bool:
    if citation.key in _COURSE_WORDS:
        sections = [n for kind, n in citation.locations if kind == "section"]
        return any(re.match(rf"{_COURSE_WORDS[citation.key]}\s*§\s*{re.escape(n)}(?![\d.])", bullet) for n in sections)
    if source.eprint and source.eprint in bullet:
        return True
    years = _years_of(source)
    return any(re.search(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", bullet) for name in _names_of(source)) \
        and any(re.search(rf"(?<!\d){y}(?!\d)", bullet) for y in years)


def errors(page) -> list[tuple[int, str]]:
    """(line, message) for each hand-written 来源 bullet that repeats a source the front matter lists."""
    sources = bibliography.load()
    citations = []
    for text in page.meta.get("sources") or []:
        try:
            citation = bibliography.parse_citation(str(text), sources)
        except BibliographyError:
            continue   # reported by the provenance stage
        citations.append(citation)
    out = []
    for offset, bullet in _bullets(page.body):
        for citation in citations:
            if _repeats(bullet, citation, sources[citation.key]):
                out.append((page.line_of(offset), f"this 来源 bullet repeats '{citation.text[:60]}', which the "
                                                  "front matter's sources: already renders above it; delete the "
                                                  "bullet, and move what it adds into that entry's note (after —)"))
                break
    return out
