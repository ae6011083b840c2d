"""Authors named with a year agree with the bibliography (blind wrong-edit corpora 12 and 14).

A sentence that names a paper by its authors and year (Hochreiter 和 Schmidhuber 的 LSTM 论文发表于 1997 年; Jain 与
Wallace 的论文（2019 年发表于 NAACL）) states two facts a hurried edit changes while every other word stays: the
names (Cho 和 Bengio … 1997 年) or the year (2017 年). The bibliography (checker/data/bibliography.bib) holds both,
so the page need not: a run of authors' surnames the bibliography knows, joined by 和/与/、/and and followed by a
year in the same sentence, must be authors of one entry of that year (its year, its date, the year in its venue or
its arXiv number), or each the first author of an entry of that year (Sutskever 与 Bahdanau 的 2014 年论文: two
papers). Without a year, the names must be co-authors of one entry.

An entry whose author list ends in `and others` lists its first author only: names beyond the first are accepted
when the first of the run is that author. Out of reach: surnames the bibliography does not know (a paper the site
never cites), a year that is not next to the names, and a paper named by its title alone.
"""
from __future__ import annotations

import functools
import re

from checker.bibliography import Source, load
from checker.classify import prose_view
from checker.relations import sentences

_JOIN = r"\s*(?:、|，|,|和|与|及|以及|and|&)\s*"
_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)\s*年?")
MAX_YEAR_DISTANCE = 30   # characters from the last name to its year: 的 LSTM 论文发表于 1997 年


def _surname(name: str) -> str:
    return name.split()[-1] if name.split() else name


@functools.lru_cache(maxsize=1)
def _entries() -> tuple[tuple[str, tuple[str, ...], bool, frozenset], ...]:
    """(key, surnames, open (the list ends in 'others'), years) of every entry with a person as author."""
    out = []
    for key, source in load().items():
        surnames = tuple(_surname(a) for a in source.authors if re.search(r"[a-z]", a))
        if surnames:
            out.append((key, surnames, "others" in source.fields.get("author", ""), _years(source)))
    return tuple(out)


def _years(source: Source) -> frozenset:
    years = {source.year, source.date[:4]} | set(re.findall(r"(?:19|20)\d\d", source.venue))
    if re.fullmatch(r"\d{4}\.\d{4,5}", source.eprint or ""):
        years.add("20" + source.eprint[:2])   # arXiv 1409.0473: September 2014
    return frozenset(y for y in years if y)


@functools.lru_cache(maxsize=1)
def _known() -> frozenset:
    return frozenset(s for _, surnames, _, _ in _entries() for s in surnames)


def _runs(text: str) -> list[tuple[int, int, list[str]]]:
    """(start, end, surnames) of every run of known surnames joined by a list mark."""
    known = _known()
    if not known:
        return []
    name = "|".join(sorted((re.escape(s) for s in known), key=lambda s: (-len(s), s)))
    single = rf"(?<![A-Za-z\-])(?:{name})(?![A-Za-z\-])"
    return [(m.start(), m.end(), re.findall(single, m.group(0)))
            for m in re.finditer(rf"{single}(?:{_JOIN}{single})*", text)]


def _authors_of(names: list[str], key_surnames: tuple[str, ...], is_open: bool) -> bool:
    if all(n in key_surnames for n in names):
        return True
    return is_open and names[0] == key_surnames[0]


_LOCATION = re.compile(r"§\s*\d|Table\s*\d|Figure\s*\d|Fig\.\s*\d|表\s*\d|图\s*\d|附录")


_SECTION = re.compile(r"§\s*(\d+(?:\.\d+)*)")


def _section_unlisted(sentence: str, after: int, keys: list[str], located: dict) -> str | None:
    """The section (§3.1) the sentence sends the reader to right after the authors and year, when the page's sources
    list that paper only at other sections (cho2014 §2.3): blind_37 W37-055 moved Cho 2014 §2.3 to §3.1."""
    m = _SECTION.search(sentence, after, min(len(sentence), after + MAX_YEAR_DISTANCE + 12))
    places = {p for key in keys for p in located.get(key, ())}
    if m is None or not places:
        return None
    said = m.group(1)
    return None if any(said == p or said.startswith(p + ".") or p.startswith(said + ".") for p in places) else said


def problems(text: str, listed: frozenset | None = None, located: dict | None = None) -> list[tuple[int, str]]:
    """(offset, message) for each run of authors that no entry of the bibliography has (with the year named), and,
    given the page's source keys (`listed`), each paper sent to by author, year and location (Cho 等人 2014 年论文的
    §2.3) that the page's sources do not list: blind_20 moved 2-13's Cho 2014 §2.3 to Hochreiter 与 Schmidhuber 1997."""
    out = []
    for start, end in sentences(text):
        sentence = text[start:end]
        for a, b, names in _runs(sentence):
            year_match = _YEAR.search(sentence, b, min(len(sentence), b + MAX_YEAR_DISTANCE))
            if year_match is None:   # or a year just before the names: （2019 年）Jain 与 Wallace
                before = [m for m in _YEAR.finditer(sentence, max(0, a - 12), a)]
                year_match = before[-1] if before else None
            year = year_match.group(1) if year_match else None
            matching = [key for key, surnames, is_open, years in _entries()
                        if _authors_of(names, surnames, is_open) and (year is None or year in years)]
            if (matching and year is not None and listed is not None and not set(matching) & listed
                    and _LOCATION.search(sentence, b, min(len(sentence), b + MAX_YEAR_DISTANCE + 12))):
                out.append((start + a, f"'{sentence[a:b]}' {year} is sent to at a location, but the page's sources do "
                                       f"not list {' or '.join(matching[:2])}; list the paper the sentence sends the "
                                       "reader to, or correct the names and year"))
                continue
            if matching and year is not None and located and (
                    said := _section_unlisted(sentence, b, matching, located)) is not None:
                at = "; ".join(f"{k} at {', '.join('§' + p for p in sorted(located[k]))}" for k in matching if k in located)
                out.append((start + a, f"'{sentence[a:b]}' {year} §{said}: the page's sources list {at}; send the "
                                       "reader to a section the sources list, or list the one meant"))
                continue
            if matching or len(names) > 1 and year is not None and all(
                    any(surnames[0] == n and year in years for _, surnames, _, years in _entries()) for n in names):
                continue   # one paper by them all, or one paper each (Sutskever 与 Bahdanau 的 2014 年论文)
            who = "、".join(names)
            if year:
                same_year = [f"{key} ({', '.join(surnames)}{' et al.' if is_open else ''})"
                             for key, surnames, is_open, years in _entries() if year in years][:4]
                hint = f"; entries of {year}: {'; '.join(same_year)}" if same_year else ""
                out.append((start + a, f"'{sentence[a:b]}' with {year}: no entry of checker/data/bibliography.bib "
                                       f"has {who} as authors in {year}{hint}; correct the names or the year, or add "
                                       "the entry the sentence means"))
            elif len(names) > 1:
                out.append((start + a, f"'{sentence[a:b]}': no entry of checker/data/bibliography.bib has {who} as "
                                       "co-authors; correct the names, or add the entry the sentence means"))
    return out


def errors(page) -> list[tuple[int, str]]:
    view = prose_view(page.body)
    entries = [str(e) for e in page.meta.get("sources") or []]
    entries += [str(c.get("source", "")) for c in page.meta.get("cited") or [] if isinstance(c, dict)]
    listed = frozenset(e.split()[0] for e in entries if e.split())
    located: dict[str, set[str]] = {}   # the sections each listed paper is listed at (cho2014 §2.3 — …)
    for entry in page.meta.get("sources") or []:
        head = str(entry).split(" — ")[0].split()
        if head:
            located.setdefault(head[0], set()).update(_SECTION.findall(" ".join(head[1:])))
    # a page that lists no source at all is not asked which paper it sends to (a test page, a stub)
    return [(page.line_of(offset), message)
            for offset, message in problems(view, listed or None, {k: v for k, v in located.items() if v})]
