"""A reference list written out on a page agrees with the bibliography (blind wrong-edit corpora 38 and 39).

The primer's reference page lists each paper as a heading, ### N. Authors. Title, and a paragraph that opens with
its year and venue (2020 年，ICML（PMLR 第 119 卷，第 10524–10533 页）). A hurried edit changes the year, a page
range or an arXiv number while every other word stays (blind_38 W38-055 and blind_39 W39-057 wrote 2019 for Xiong et
al.'s ICML 2020). The bibliography (checker/data/bibliography.bib) holds all of them, so the page need not: an entry
is found by its title, and the paragraph's first year must be one of the entry's years (its year, date, venue year
or arXiv year), its 第 P–Q 页 the entry's pages, its arXiv number the entry's, and the heading's first author the
entry's first author. A heading whose title no entry has (a textbook chapter, a web page) is left alone.
"""
from __future__ import annotations

import re

from checker.authors import _surname, _years
from checker.bibliography import load

_HEADING = re.compile(r"^#{2,4}\s+\d+\.\s+(?P<authors>[^\n]+?)\.\s+`?(?P<title>[^\n`]+?)`?\s*$", re.M)
_YEAR = re.compile(r"^\s*((?:19|20)\d\d)\s*年")
_PAGES = re.compile(r"第\s*(\d+)\s*[–—-]+\s*(\d+)\s*页")
_ARXIV = re.compile(r"arXiv:\s*(\d{4}\.\d{4,5})")


def _plain(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", title.lower())


def _by_title() -> dict:
    return {_plain(s.title): s for s in load().values() if s.title}


def errors(page) -> list[tuple[int, str]]:
    """(line, message) for each listed reference whose year, pages, arXiv number or first author disagree with its
    bibliography entry."""
    body = page.body
    if "###" not in body and "## " not in body:
        return []
    titles = _by_title()
    out = []
    for m in _HEADING.finditer(body):
        # (an author's initial ends with a point too: Tri Dao, Daniel Y. Fu, … Christopher Ré. FlashAttention… is read
        # at each point until the rest is a title the bibliography holds: blind_51 W51-060's year went unread)
        authors, source = m.group("authors"), titles.get(_plain(m.group("title")))
        if source is None:
            heading = m.group("authors") + ". " + m.group("title")
            split = next((i for i in range(len(heading)) if heading.startswith(". ", i)
                          and _plain(heading[i + 2:]) in titles), None)
            if split is None:
                continue
            authors, source = heading[:split], titles[_plain(heading[split + 2:])]
        key = source.key
        after = body[m.end():]
        paragraph = after.lstrip("\n").split("\n\n", 1)[0]
        at = m.end() + (len(after) - len(after.lstrip("\n")))
        line = page.line_of(at)
        year = _YEAR.match(paragraph)
        if year and year.group(1) not in _years(source):
            out.append((line, f"{year.group(1)} 年 is not a year of {key} ({', '.join(sorted(_years(source)))} in "
                              "checker/data/bibliography.bib); correct the year, or the entry if the bibliography is wrong"))
        pages = _PAGES.search(paragraph)
        wanted = source.fields.get("pages", "").replace("--", "–")
        if pages and wanted and f"{pages.group(1)}–{pages.group(2)}" != wanted:
            out.append((line, f"第 {pages.group(1)}–{pages.group(2)} 页 are not the pages of {key} ({wanted}); "
                              "correct them from checker/data/bibliography.bib"))
        for arxiv in _ARXIV.finditer(paragraph):
            if source.eprint and arxiv.group(1) != source.eprint:
                out.append((line, f"arXiv:{arxiv.group(1)} is not {key}'s arXiv number ({source.eprint}); correct it"))
        first = re.split(r"[,，、]| 等| and ", authors)[0].strip()
        named = [_surname(a) for a in source.authors if re.search(r"[a-z]", a)]
        if named and first and _surname(first) != named[0]:
            out.append((page.line_of(m.start()), f"the first author {first!r} is not {key}'s ({source.authors[0]}); "
                                                 "correct the heading from checker/data/bibliography.bib"))
    return out
