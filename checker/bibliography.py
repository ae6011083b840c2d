"""The one bibliography (checker/data/bibliography.bib, read with pybtex) and the citation grammar.

A page cites a source as `KEY LOCATION[, LOCATION…][ — note]`, e.g.

    vaswani2017 Table 2
    vaswani2017 §3.2.1, eq. 1 — 缩放的理由
    seq2seqruns §3.12

A location is one of: `Table N`, `Figure N` (optionally `(a)`), `§N[.N…]` (ranges `§3–4`),
`p. N[–M]`, `eq. N`, `Algorithm N`, `Appendix X[.N…]`, `ch. N`, `item N` (a numbered entry),
`abstract`, or `§"Section title"` for a source whose sections have no numbers. The key must be
defined in the bibliography; its kind (paper, record, document, book, web) decides what the
checker demands of the numbers cited from it.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from checker.paths import DATA, ROOT

BIB_PATH = DATA / "bibliography.bib"
KINDS = ("paper", "record", "document", "book", "web")

LOCATION_PATTERNS = {
    "table": r"Table\s+(?P<n>[0-9]+(?:[–-][0-9]+)?)",
    "figure": r"Figure\s+(?P<n>[0-9]+(?:\([a-z]\))?)",
    "section": r"§\s*(?P<n>[0-9A-Z]+(?:\.[0-9]+)*(?:[–-][0-9A-Z]+(?:\.[0-9]+)*)?)",
    "named": r"§\s*\"(?P<n>[^\"]+)\"",
    "page": r"p\.\s*(?P<n>[0-9]+(?:[–-][0-9]+)?)",
    "equation": r"eq\.\s*(?P<n>[0-9]+)",
    "algorithm": r"Algorithm\s+(?P<n>[0-9]+)",
    "appendix": r"Appendix\s+(?P<n>[A-Z](?:\.[0-9]+)*)",
    "chapter": r"ch\.\s*(?P<n>[0-9A-Z]+)",
    "item": r"item\s+(?P<n>[0-9]+)",
    "abstract": r"(?P<n>abstract)",
}
LOCATION = re.compile("|".join(f"(?:{p.replace('?P<n>', '')})" for p in LOCATION_PATTERNS.values()))
KEY = r"[a-z][a-z0-9]*"
CITATION = re.compile(rf"^(?P<key>{KEY})(?:\s+(?P<locations>.+?))?(?:\s+—\s+(?P<note>.+))?$", re.S)


class BibliographyError(ValueError):
    """A problem with the bibliography file or with a citation string, as one line."""


@dataclass(frozen=True)
class Source:
    key: str
    kind: str
    title: str
    authors: tuple = ()
    year: str = ""
    venue: str = ""
    eprint: str = ""       # arXiv id without version
    version: str = ""      # arXiv version number, without the v
    doi: str = ""
    date: str = ""
    stated_in: str = ""    # for a record: the course document whose sections state it
    seed: str = ""         # for a course document: its seed file prefix
    note: str = ""
    fields: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def arxiv(self) -> str:
        """'1706.03762v1', or the bare id when the entry is pinned by venue instead."""
        return f"{self.eprint}v{self.version}" if self.version else self.eprint

    def reference(self) -> str:
        """The full reference as the 来源 list prints it."""
        names = list(self.authors)
        who = ", ".join(names[:3]) + (" 等" if len(names) > 3 or "others" in self.fields.get("author", "") else "")
        parts = [p for p in (who, self.title) if p]
        where = []
        if self.venue:
            where.append(self.venue)
        if self.eprint:
            where.append(f"arXiv:{self.eprint}" + (f" v{self.version}" if self.version else ""))
        if self.doi:
            where.append(f"doi:{self.doi}")
        if self.date:
            where.append(self.date)
        elif self.year and not any(self.year in w for w in where):
            where.append(self.year)
        text = ". ".join(parts)
        if where:
            text += ". " + ", ".join(where)
        return text + (f"（{self.note}）" if self.note else "")


@dataclass(frozen=True)
class Citation:
    key: str
    locations: tuple   # ((kind, number), …)
    note: str
    text: str          # the citation as written

    @property
    def location_text(self) -> str:
        return ", ".join(label(kind, n) for kind, n in self.locations)


def label(kind: str, number: str) -> str:
    return {"table": "Table {}", "figure": "Figure {}", "section": "§{}", "named": '§"{}"', "page": "p. {}",
            "equation": "eq. {}", "algorithm": "Algorithm {}", "appendix": "Appendix {}", "chapter": "ch. {}",
            "item": "item {}", "abstract": "{}"}[kind].format(number)


def _plain(text: str) -> str:
    return re.sub(r"[{}]", "", text or "").replace("--", "–").strip()


def _source(key: str, entry) -> Source:
    f = {k.lower(): _plain(str(v)) for k, v in entry.fields.items()}
    f["author"] = " and ".join(str(p) for p in entry.persons.get("author", []))
    authors = tuple(_plain(" ".join(p.first_names + p.middle_names + p.last_names)) or _plain(str(p))
                    for p in entry.persons.get("author", []) if str(p) != "others")
    kind = f.get("kind", "")
    if kind not in KINDS:
        raise BibliographyError(f"entry {key!r} has kind {kind!r}; "
                                f"use one of {', '.join(KINDS)}")
    source = Source(key=key, kind=kind, title=f.get("title", ""), authors=authors, year=f.get("year", ""),
                    venue=f.get("booktitle") or f.get("journal") or f.get("institution") or f.get("howpublished", ""),
                    eprint=f.get("eprint", ""), version=f.get("version", ""), doi=f.get("doi", ""),
                    date=f.get("date", ""), stated_in=f.get("statedin", ""), seed=f.get("seed", ""),
                    note=f.get("note", ""), fields=f)
    where = f"entry {key!r}"
    if kind == "paper" and not ((source.eprint and source.version) or source.doi
                                or (f.get("booktitle") or f.get("journal") or f.get("institution")) and source.year):
        raise BibliographyError(f"{where} names no version: give eprint + version, a doi, or the venue and year "
                                "of the published version (the word arXiv alone is not a version)")
    if source.version and not source.version.isdigit():
        raise BibliographyError(f"{where}: version must be the arXiv version number, e.g. 1 for v1")
    date_error = _date_error(source)
    if date_error:
        raise BibliographyError(f"{where}: {date_error}")
    if kind == "record" and not source.stated_in:
        raise BibliographyError(f"{where}: a record needs statedin = {{lecture}} (the course document that states it)")
    if not source.title:
        raise BibliographyError(f"{where} has no title")
    return source


def entry_line(key: str, path: Path = BIB_PATH) -> str:
    """'checker/data/bibliography.bib:62', the line where an entry starts (for one-line errors)."""
    where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.match(rf"@\w+\{{{re.escape(key)},", line):
            return f"{where}:{number}"
    return f"{where}:1"


ARXIV_ID = re.compile(r"^(?P<yy>\d{2})(?P<mm>0[1-9]|1[0-2])\.\d{4,5}$")   # new-style ids: YYMM.NNNNN, since 2007


def _date_error(source: Source) -> str:
    """An arXiv id says when its first version was posted: no year of the entry (the published version's year,
    a venue's year, the version's date) can be earlier. '' when the entry agrees with its own id."""
    m = ARXIV_ID.match(source.eprint)
    if not m:
        return ""
    posted = (2000 + int(m["yy"]), int(m["mm"]))
    stated = [("year", source.year)] + [(name, source.fields.get(name, "")) for name in ("booktitle", "journal")]
    for name, text in stated:
        for year in re.findall(r"(?<!\d)(?:19|20)\d{2}(?!\d)", text):
            if int(year) < posted[0]:
                return (f"{name} says {year}, earlier than its arXiv id {source.eprint} (first posted "
                        f"{posted[0]}-{posted[1]:02d}); correct the year or the id")
    d = re.match(r"(\d{4})(?:-(\d{2}))?", source.date)
    if d and (int(d[1]), int(d[2] or 12)) < posted:
        return (f"date {source.date} is earlier than its arXiv id {source.eprint} (first posted "
                f"{posted[0]}-{posted[1]:02d}); correct the date or the id")
    return ""


RECORD_SECTION = re.compile(r"\[([^\]]*)\]")


def record_year_errors(sources: dict[str, Source], path: Path = BIB_PATH) -> list[str]:
    """A course record has no text of its own: the year it carries must be one that a section it is located in
    states (checker/data/seed_numbers.json)."""
    from checker.seed_numbers import section_numbers

    errors = []
    for s in sources.values():
        if s.kind != "record" or not s.year:
            continue
        sections = sorted({f"{doc} §{num}" for group in RECORD_SECTION.findall(s.fields.get("locations", ""))
                           for doc, num in re.findall(r"(lecture|primer)\.([\d.]+)", group)})
        if not any(section_numbers(sec).states_value(float(s.year)) for sec in sections):
            errors.append(f"{entry_line(s.key, path)}: record {s.key!r} says year {s.year}, which none of its sections "
                          f"({', '.join(sections) or 'none located'}) states; use the year the course gives")
    return errors


@functools.lru_cache(maxsize=4)
def load(path: Path = BIB_PATH) -> dict[str, Source]:
    """key -> Source. Raises BibliographyError with one line on a malformed file."""
    from pybtex.database import parse_file
    from pybtex.scanner import PybtexError

    try:
        data = parse_file(str(path), bib_format="bibtex")
    except (PybtexError, OSError) as exc:
        raise BibliographyError(f"{path}: cannot read the bibliography ({' '.join(str(exc).split())})") from None
    sources = {}
    for key, entry in data.entries.items():
        try:
            sources[key] = _source(key, entry)
        except BibliographyError as exc:
            raise BibliographyError(f"{entry_line(key, path)}: {exc}") from None
    for s in sources.values():
        if s.stated_in and s.stated_in not in sources:
            raise BibliographyError(f"{path.name}: record {s.key!r} is stated in {s.stated_in!r}, which is not an entry")
    return sources


def parse_citation(text: str, sources: dict[str, Source] | None = None) -> Citation:
    """'vaswani2017 Table 2, §5.2 — note' -> Citation; BibliographyError says what is wrong."""
    sources = load() if sources is None else sources
    text = " ".join(str(text).split())
    m = CITATION.match(text)
    if not m:
        raise BibliographyError(f"citation {text!r} must be 'KEY LOCATION[, LOCATION] [— note]', e.g. 'vaswani2017 Table 2'")
    key = m.group("key")
    if key not in sources:
        near = [k for k in sources if k[:5] == key[:5]]
        raise BibliographyError(f"citation {text!r} names {key!r}, which checker/data/bibliography.bib does not define"
                                + (f" (did you mean {', '.join(near)}?)" if near else "; add an entry there"))
    raw = (m.group("locations") or "").strip()
    locations = []
    if raw:
        pos = 0
        for part in re.split(r"\s*[,;]\s*", raw):
            lm = LOCATION.fullmatch(part)
            if not lm:
                raise BibliographyError(f"citation {text!r}: {part!r} is not a location; write Table N, Figure N, §N, "
                                        "p. N, eq. N, Algorithm N, Appendix X, ch. N, item N or abstract")
            kind = next(k for k, p in LOCATION_PATTERNS.items() if re.fullmatch(p, part))
            locations.append((kind, re.fullmatch(LOCATION_PATTERNS[kind], part).group("n")))
            pos += 1
    if not locations:
        raise BibliographyError(f"citation {text!r} has no location; add where in {key} (Table N, §N, p. N, …)")
    return Citation(key, tuple(locations), (m.group("note") or "").strip(), text)


def render(citation: Citation, sources: dict[str, Source] | None = None) -> str:
    """One 来源 list item: full reference, location, note."""
    sources = load() if sources is None else sources
    source = sources[citation.key]
    if source.kind == "document":
        head = f"{source.title} {citation.location_text}"
    elif source.kind == "record":
        head = f"{source.title}（{sources[source.stated_in].title} {citation.location_text}，历史记录）"
    else:
        head = f"{source.reference()}：{citation.location_text}"
    return head + (f"。{citation.note}" if citation.note else "")
