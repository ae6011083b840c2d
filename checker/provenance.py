"""Provenance: a page's citations checked against the bibliography and the recorded numbers.

Front matter (see docs/about/authoring.md):

    sources:                                  # the page's 来源 list, rendered from the bibliography
      - lecture §4.15 — 证据排序与成本口径
      - vaswani2017 Table 2
    cited:                                    # text on the page whose numbers come from a source
      - text: 'big 模型得到 41.0'
        source: vaswani2017 Table 2

What is checked, beyond "the text is on the page":
- every citation parses (key + location grammar) and its key is a bibliography entry;
- every location cited from a paper, book, web page or record is one that the entry's
  `locations` field records, so a table or section number is typed once, in the bibliography;
- every number in a cited text is recorded for that source and location: a paper number in
  checker/data/paper_numbers.yaml, a record number among the numbers its course section states
  (checker/data/seed_numbers.json). A failing claim therefore cannot be turned into a citation;
- an arXiv id, a version (`v1`), a table or figure number, a `vN §N` section or a venue year
  written in the body must agree with an entry the page cites;
- a calendar date with a month (2017 年 6 月, 2026-11-29), in the body, title, description or a 来源 note, must be a
  date the page's evidence records: a cited entry's `date`/`urldate`, a date the page's course
  section states, or the `date_utc` of a results file named in the same paragraph;
- a year written `2017 年` is a year of a cited source or one the page's course section states;
- evidence kinds are two-way: `paper`/`record` are listed exactly when a citation of that kind
  is on the page.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from checker import bibliography
from checker.bibliography import BibliographyError, Citation
from checker.cited_names import misattributed
from checker.page import _load_yaml, claim_line, squeeze

from checker.paths import DATA, ROOT
PAPER_NUMBERS = DATA / "paper_numbers.yaml"
CITED_KIND = {"paper": "paper", "book": "paper", "web": "paper", "record": "record"}

ARXIV = re.compile(r"arXiv\s*[:：]?\s*(\d{4}\.\d{4,5})(?:\s*v(\d+))?")
VERSION = re.compile(r"(?<![\w.])v(\d+)(?![\w.])")
TABLE_FIGURE = re.compile(r"\b(Table|Figure|Fig\.)\s*(\d+)")
_SECTION_WITH_ID = re.compile(r"[\s，,、]*(?:v\d+\s*)?(?:的\s*)?§\s*(\d+(?:\.\d+)*)")   # right after an id, same aside
VERSION_SECTION = re.compile(r"(?<![\w.])v(\d+)\s*(?:的\s*)?§\s*(\d+(?:\.\d+)*)")
PREPRINT_YEAR = re.compile(r"(?<![\d.])((?:19|20)\d\d)\s*年?\s*[，,]\s*arXiv[^。；\n\d]{0,16}?(\d{4}\.\d{4,5})")
VENUES = r"NeurIPS|NIPS|ICLR|ICML|NAACL(?:-HLT)?|EMNLP|ACL|JMLR|COLING|AAAI"
VENUE_YEAR = re.compile(rf"\b({VENUES})\b\s*[（(,，]?\s*((?:19|20)\d\d)(?!\d)")


@dataclass
class Provenance:
    """What the provenance stage found on one page; offsets are into the page body."""
    errors: list = field(default_factory=list)      # (line, message)
    covered: list = field(default_factory=list)     # (start, end, index of the cited entry)
    cited: list = field(default_factory=list)       # report dicts
    references: list = field(default_factory=list)  # rendered 来源 items
    kinds: set = field(default_factory=set)         # evidence kinds the citations use


@dataclass(frozen=True)
class PaperNumber:
    source: str
    location: str
    quantity: str
    value: float
    checked: str


@functools.lru_cache(maxsize=2)
def paper_numbers(path: Path = PAPER_NUMBERS) -> tuple[PaperNumber, ...]:
    """The recorded paper numbers; a malformed file is one line naming it."""
    try:
        data = _load_yaml(path.read_text(encoding="utf-8")) or []
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise BibliographyError(f"{_shown(path)}:{mark.line + 1 if mark else 1}: not valid YAML "
                                f"({getattr(exc, 'problem', None) or exc}); quote values with brackets or colons") from None
    out = []
    sources = bibliography.load()
    for i, row in enumerate(data):
        where = f"{_shown(path)}: record {i}"
        if not isinstance(row, dict) or not {"source", "location", "quantity", "value", "checked"} <= set(row):
            raise BibliographyError(f"{where} needs source, location, quantity, value and checked")
        citation = bibliography.parse_citation(f"{row['source']} {row['location']}", sources)
        if sources[citation.key].kind == "record":
            raise BibliographyError(f"{where}: {row['source']} is a record; its numbers come from the course section")
        record = PaperNumber(citation.key, citation.location_text, str(row["quantity"]), float(row["value"]),
                             str(row["checked"]))
        if not re.fullmatch(r"(lecture|primer) §[\d.A-Z]+|paper: .+", record.checked):
            raise BibliographyError(f"{where}: checked must be 'lecture §N' or 'paper: where it was read'")
        out.append(record)
    return tuple(out)


def unconfirmed(record: PaperNumber) -> str:
    """Why a record's 'checked: lecture §N' does not hold ('' when it does, or when the paper was read)."""
    m = re.fullmatch(r"(lecture|primer) §([\d.A-Z]+)", record.checked)
    if not m:
        return ""
    try:
        stated = seed_values(m.group(1), m.group(2))
    except KeyError as exc:
        return str(exc)
    if any(abs(v - record.value) <= 1e-9 * max(1.0, abs(v)) for v in stated):
        return ""
    return f"{record.checked} does not state {record.value:g} ({record.quantity})"


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def seed_values(document: str, section: str) -> list[float]:
    """The numbers a course section states (checker/data/seed_numbers.json); KeyError for no such section."""
    from checker.seed_numbers import section_numbers
    numbers = section_numbers(f"{document} §{section}")
    if not numbers.source:
        raise KeyError(f"{document} §{section} is not a section in checker/data/seed_numbers.json")
    return numbers.numbers()


def _allowed_values(citation: Citation, source) -> list[tuple[float, str]]:
    """(value, where it is recorded) for every number this citation may carry."""
    if source.kind == "record":
        sections = [n for kind, n in citation.locations if kind == "section"]
        return [(v, f"{source.stated_in} §{s}") for s in sections for v in seed_values(source.stated_in, s)]
    out = []
    for r in paper_numbers():
        if r.source != citation.key or unconfirmed(r):
            continue
        (kind, number), = bibliography.parse_citation(f"{r.source} {r.location}").locations
        if any(k == kind and within(n, number) for k, n in citation.locations):
            out.append((r.value, r.quantity))
    return out


def check(page, numbers_in, compare, relocate_quote=None, checked_in_body: frozenset = frozenset()) -> Provenance:
    """Long because its checks share the parsed citations, the located cited texts and the page's sources; each part is a helper below, this function is their order. The provenance stage. `numbers_in(text)` yields tokens with .text/.structural (checker.classify);
    `compare(printed, value)` -> (ok, why) (checker.numbers). `relocate_quote(i, text)`: the reworded text of cited
    entry i when its text is no longer on the page (checker/pipeline.py), else None."""
    result = Provenance()
    meta, body = page.meta, page.body
    lines = page.meta_lines

    def fail(line, message):
        result.errors.append((line, " ".join(message.split())))

    try:
        sources = bibliography.load()
    except BibliographyError as exc:
        fail(lines.get("sources", 2), str(exc))
        return result

    cited_entries: list[Citation] = []
    raw_sources = meta.get("sources") or []
    if isinstance(raw_sources, dict):
        fail(lines.get("sources", 2), "sources is a 'key: reference' mapping; write it as a list of 'KEY LOCATION' citations "
             "(`- vaswani2017 Table 2`), with the entry in checker/data/bibliography.bib")
        raw_sources = []
    for i, text in enumerate(raw_sources):
        try:
            citation = bibliography.parse_citation(text, sources)
        except BibliographyError as exc:
            fail(claim_line(page, "sources", i), f"sources {i}: {exc}")
            continue
        cited_entries.append(citation)
        result.references.append(bibliography.render(citation, sources))
        # a number the body prints where a claim checks it is checked (噪声分布取词频的 3/4 次方 beside a body that
        # claims 3/4 three times: new-author trial 36 blurred the note to get green)
        bare = [t.text for t in numbers_in(citation.note) if not t.structural and re.search(r"\d", t.text)
                and not _dated_in_note(t.text, citation, sources, page) and bare_number(t.text) not in checked_in_body]
        if bare:
            fail(claim_line(page, "sources", i), f"sources {i}: the note states {', '.join(bare)}, which is rendered "
                 "on the page but checked nowhere; state it in the body, where a claim or a cited entry checks it")

    squeezed, offsets = squeeze(body)
    for i, cite in enumerate(meta.get("cited") or []):
        line = claim_line(page, "cited", i)
        if not isinstance(cite, dict) or not {"text", "source"} <= set(cite):
            fail(line, f"cited {i} needs text and source ('KEY LOCATION', e.g. 'vaswani2017 Table 2')")
            continue
        try:
            citation = bibliography.parse_citation(cite["source"], sources)
        except BibliographyError as exc:
            fail(line, f"cited {i}: {exc}")
            continue
        source = sources[citation.key]
        cited_entries.append(citation)
        kind = CITED_KIND.get(source.kind)
        if kind is None:
            fail(line, f"cited {i} takes numbers from {citation.key}, a course {source.kind}; cite the record or "
                       "paper the course reports instead (a course document is not itself evidence)")
            continue
        if "kind" in cite and cite["kind"] != kind:
            fail(line, f"cited {i} says kind {cite['kind']!r}, but {citation.key} is a {source.kind} in the "
                       f"bibliography, so its numbers are {kind!r}; drop the kind field")
        result.kinds.add(kind)
        if kind not in meta.get("evidence", []):
            fail(line, f"cited {i} is a {kind} number but evidence does not list {kind!r}")
        needle = re.escape(squeeze(str(cite["text"]))[0])
        found = list(re.finditer(needle, squeezed))
        if not found and relocate_quote is not None and (moved := relocate_quote(i, str(cite["text"]))):
            cite = {**cite, "text": moved}   # its sentence was reworded: the numbers are read where they now stand
            found = list(re.finditer(re.escape(squeeze(moved)[0]), squeezed))
        if not found:
            fail(line, f"cited text {i} not found in the page body: {cite['text']!r}; restore it or update the entry")
        for m in found:
            result.covered.append((offsets[m.start()], offsets[m.end() - 1] + 1, len(result.cited)))
        try:
            allowed = _allowed_values(citation, source)
        except (BibliographyError, FileNotFoundError, ImportError, KeyError) as exc:
            fail(line, f"cited {i}: cannot read the recorded numbers ({exc})")
            allowed = []
        attributed = []
        for token in numbers_in(str(cite["text"])):
            if token.structural:
                continue
            if source.kind == "paper" and not getattr(token, "word", False):
                attributed.append((token.start, token.text,
                                   [q for value, q in allowed if _admits(compare, token.text, value)]))
            if getattr(token, "word", False) and (_course_states_word(page, str(cite["text"]), token)
                                                  or _counts_its_items(str(cite["text"]), token)):
                continue  # a count in the course's own words ('四层'), or of the items the text names ('两行：…，…')
            if not getattr(token, "word", False) and _course_states_digits(page, str(cite["text"]), token):
                continue  # 预热 1 次 where the course writes 预热一次: the digit may say what the word says
            if not any(_admits(compare, token.text, value) for value, _ in allowed):
                sections = ", ".join(f"§{n}" for k, n in citation.locations if k == "section")
                where = (f"{source.stated_in} {sections} (checker/data/seed_numbers.json)" if source.kind == "record"
                         else f"checker/data/paper_numbers.yaml under {citation.key} {citation.location_text}")
                fail(line, f"cited {i}: {token.text!r} is not recorded for {citation.key} {citation.location_text}; "
                           f"a cited number must be one that {where} states")
        for message in misattributed(str(cite["text"]), attributed, [q for _, q in allowed]):
            fail(line, f"cited {i}: {message}")
        result.cited.append({"text": cite["text"], "source": citation.text, "kind": kind,
                             "reference": bibliography.render(citation, sources), "found": bool(found)})

    _check_locations_are_recorded(page, cited_entries, sources, fail)
    _check_body_against_bibliography(page, cited_entries, sources, fail)
    _check_years_beside_names(page, cited_entries, sources, fail)
    _check_dates(page, cited_entries, sources, fail)
    _check_years_are_accounted_for(page, cited_entries, sources, fail)
    evidence = set(meta.get("evidence") or [])
    for kind in ("paper", "record"):
        if kind in evidence and kind not in result.kinds:
            fail(lines.get("evidence", 2), f"evidence lists {kind!r} but no cited entry takes a number from a "
                                           f"{kind} source; remove it from evidence")
    return result


def _dated_in_note(text: str, citation, sources, page) -> bool:
    """A year in a 来源 note (Google 2020原发布, quoting the course) is a date, when the cited entry is dated by it or
    the course section it cites (or the page's own) states it (number_words.yaml, note_year); another year fails."""
    from checker import number_words
    from checker.seed_numbers import section_numbers
    if not number_words.note_year().fullmatch(text):
        return False
    if text in _years_of(sources[citation.key]):
        return True
    sections = [str(page.meta.get("source", ""))]
    if citation.key in ("lecture", "primer"):
        sections += [f"{citation.key} §{n}" for kind, n in citation.locations if kind == "section"]
    return any(section_numbers(sec).states_value(float(text)) for sec in sections)


def _counts_its_items(text: str, token) -> bool:
    """Does a count word of a cited text count the items the text itself names (训练、验证、测试三份; 两行：A，B)?"""
    from checker import counts
    from checker.classify import word_value
    value = word_value(token.text)
    # the same count again later in the text (三份分别…，三份之间…) refers to the items it counted the first time
    numeral = token.end - token.start   # the token's span is its numeral; its text goes on to the measure word
    for m in re.finditer(re.escape(token.text), text[:token.start + len(token.text)]):
        start, end = m.start(), m.start() + numeral
        if value in (counts.items_after(text, end), counts.enumerated_count(text, start, end, value)):
            return True
    return False


def _course_states_word(page, text: str, token) -> bool:
    """Does the page's seed section write this count in these words (四层 where the course writes 四层)? The value
    alone is not enough: a section that states 3 anywhere would let 三层 stand for the paper's four layers."""
    from checker.counts import count_context
    from checker.seed_numbers import section_numbers
    section = section_numbers(str(page.meta.get("source", "")))
    return bool(token.phrase) and section.states_phrase(token.phrase, *count_context(text, token))


def _course_states_digits(page, text: str, token) -> bool:
    """Does the page's seed section state this count in words (the course's 一次 for the text's 1 次)? Only a count of
    one needs this: the seed data records every other count by its value too."""
    from checker.classify import digit_phrase
    from checker.seed_numbers import section_numbers
    phrase = digit_phrase(text, token)
    if not phrase.startswith("1") or phrase[1:2].isdigit():
        return False
    section = section_numbers(str(page.meta.get("source", "")))
    measure = phrase[1:2]
    # the thing counted may stand before the count as well as after it (the seed's 一次预热, the text's 预热 1 次)
    return section.states_phrase(phrase) or any(
        stated.startswith("一" + measure) and len(stated) > 2 and stated[2:] in text for stated in section.phrases)


def _admits(compare, printed: str, value: float) -> bool:
    """Printed equals the recorded value at printed precision, in base units or as written
    (the seed data keeps some values with their unit, e.g. 19.95 for '19.95ms')."""
    bare = re.sub(r"\s*(?:[KMGT]i?B|B|ns|μs|us|ms|s)$", "", printed)
    for text in {printed, bare}:
        try:
            if compare(text, value)[0]:
                return True
        except Exception:  # a token the number reader does not understand cannot match a record
            continue
    return False


SITE_IDS = ("lecture.", "primer.", "topic.", "labs.")  # the site's pages; a scratch page (test.x) has no record


def recorded_locations(source) -> dict[str, frozenset]:
    """`locations = {Table 1 [lecture.4.1 lecture.4.15]; §3 [primer.13.8]}` -> {location: ids of the pages
    that cite it}. The location is checked once in the source; the ids say which page's statement it backs."""
    recorded = {}
    for part in source.fields.get("locations", "").split(";"):
        m = re.fullmatch(r"\s*(.+?)\s*(?:\[([^\]]*)\])?\s*", part)
        if m and m.group(1):
            recorded[m.group(1)] = frozenset((m.group(2) or "").split())
    return recorded


def _restated_sections(page) -> set[str]:
    """The page ids of the course sections a page restates through `course_also` (primer §11.5 -> primer.11.5): a
    place of a source recorded for one of them was checked for what that section says, which the page repeats (the
    sixth new-author trial's topic page cited Jurafsky ch. 3 as primer §11.5 does and was asked to edit checker/data)."""
    out = set()
    for other in page.meta.get("course_also") or []:
        m = re.match(r"\s*(lecture|primer)\s*§\s*([\w.]+)", str(other))
        if m:
            out.add(f"{m.group(1)}.{m.group(2)}")
    return out


def _check_locations_are_recorded(page, citations: list[Citation], sources, fail) -> None:
    """A cited location must be one the bibliography records for that source, and for this page: a table or
    section number changed consistently across a page (Figure 2 -> Figure 3, both figures of the same paper)
    then disagrees with the record of which page cites which place."""
    lines = page.meta_lines
    for citation in citations:
        source = sources[citation.key]
        if source.kind == "document":
            continue  # a course section; the sections table defines those
        recorded = recorded_locations(source)
        for kind, number in citation.locations:
            where = bibliography.label(kind, number)
            if where not in recorded:
                fail(lines.get("sources", 2), f"{citation.key} {where} is not a location recorded for {citation.key} "
                     f"in checker/data/bibliography.bib (locations = {{{'; '.join(sorted(recorded)) or 'none'}}}); "
                     f"check the place in the source, then add '{where} [{page.id}]' to that entry's locations")
            elif (str(page.id).startswith(SITE_IDS) and page.id not in recorded[where]
                  and not _restated_sections(page) & set(recorded[where])):
                fail(lines.get("sources", 2), f"{citation.key} {where} is recorded for "
                     f"{', '.join(sorted(recorded[where])) or 'no page'} but not for {page.id}; check that what this "
                     f"page cites is at {where} of the source, then add {page.id} to '{where} [...]' in "
                     "checker/data/bibliography.bib")
    if not str(page.id).startswith(SITE_IDS):
        return
    # the other way: a place recorded for this page is still cited by it, so swapping the page's Figure 2 and
    # Figure 3 (both recorded for it) everywhere leaves Figure 2 recorded and uncited
    cited = {(c.key, bibliography.label(k, n)) for c in citations for k, n in c.locations}
    for key, source in sources.items():
        for where, pages in recorded_locations(source).items():
            if page.id in pages and (key, where) not in cited:
                fail(lines.get("sources", 2), f"checker/data/bibliography.bib records {key} {where} for {page.id}, but "
                     f"the page no longer cites it; restore the citation, or remove {page.id} from '{where} [...]'")


def _check_body_against_bibliography(page, citations: list[Citation], sources, fail) -> None:
    """Ids, versions, tables, figures, sections and years written in the body, or in a 来源 note (rendered
    on the page too), must be the cited ones."""
    notes = [(re.split(r"\s+—\s+", str(text), maxsplit=1)[1], claim_line(page, "sources", i))
             for i, text in enumerate(page.meta.get("sources") or []) if re.search(r"\s+—\s+", str(text))]
    for text, line in [(page.body, None)] + notes:
        _check_text_against_bibliography(text, (lambda at, line=line: line or page.line_of(at)), citations, sources,
                                         fail, "the body" if line is None else "the 来源 note")


def _check_text_against_bibliography(body, line_of, citations, sources, fail, where) -> None:
    entries = [sources[c.key] for c in citations]
    locations = {(c.key, k, n) for c in citations for k, n in c.locations}
    versions = {e.version for e in entries if e.version}
    for m in ARXIV.finditer(body):
        line = line_of(m.start())
        same = [e for e in entries if e.eprint == m.group(1)]
        if not same:
            known = [e.key for e in sources.values() if e.eprint == m.group(1)]
            fail(line, f"{where} names arXiv:{m.group(1)}, which no citation of this page names"
                       + (f"; add '{known[0]} LOCATION' to sources" if known else
                          "; add an entry to checker/data/bibliography.bib and cite it"))
        elif m.group(2) and m.group(2) not in {e.version for e in same}:
            fail(line, f"{where} says arXiv:{m.group(1)} v{m.group(2)}, but the page cites "
                       f"{', '.join(f'{e.key} (v{e.version})' if e.version else e.key for e in same)}")
        # the section named with the id in its aside (arXiv:1301.3781，§3) is one this page cites of that paper: the
        # other Mikolov paper's id before CBOW's §3 (blind_49 W49-055, blind_50 W50-059) names a place not cited
        section = _SECTION_WITH_ID.match(body, m.end())
        if same and section and not any(c.key in {e.key for e in same} and k == "section" and within(n, section.group(1))
                                        for c in citations for k, n in c.locations):
            fail(line, f"{where} names arXiv:{m.group(1)} §{section.group(1)}, but the page cites "
                       f"{', '.join(e.key for e in same)} at no such section; fix the id or the section, or cite it")
    for m in VERSION.finditer(body):
        if ARXIV.search(body[max(0, m.start() - 25):m.end()]) and re.search(r"\d\s*$", body[max(0, m.start() - 3):m.start()]):
            continue  # already checked with its id
        if m.group(1) not in versions:
            fail(line_of(m.start()), f"{where} says v{m.group(1)}, but no cited source is that version "
                                          f"(cited versions: {', '.join('v' + v for v in sorted(versions)) or 'none'})")
    cited_numbers = {(k, n) for _, k, n in locations}
    for m in TABLE_FIGURE.finditer(body):
        kind = "table" if m.group(1) == "Table" else "figure"
        if not any(k == kind and within(n, m.group(2)) for k, n in cited_numbers):
            fail(line_of(m.start()), f"{where} names {m.group(1)} {m.group(2)}, but no citation of this page "
                                          f"is at {m.group(1)} {m.group(2)}; cite it in sources or fix the number")
    for m in VERSION_SECTION.finditer(body):
        version, section = m.groups()
        ok = any(sources[key].version == version and kind == "section" and within(n, section)
                 for key, kind, n in locations)
        if not ok:
            fail(line_of(m.start()), f"{where} cites v{version} §{section}, but no citation of this page is a "
                                          f"v{version} source at §{section}")
    for m in PREPRINT_YEAR.finditer(body):  # 2013 年，arXiv 预印本（arXiv:1301.3781）: the id dates the preprint
        if m.group(1) != "20" + m.group(2)[:2]:
            fail(line_of(m.start()), f"{where} dates the arXiv:{m.group(2)} preprint to {m.group(1)}, but the id says "
                                     f"20{m.group(2)[:2]}; fix the year")
    for m in VENUE_YEAR.finditer(body):
        venue, year = m.groups()
        if not any(venue.split("-")[0] in e.venue and year == e.year for e in entries) and \
                not any(venue in e.venue for e in sources.values() if e.year == year and e in entries):
            same_venue = [e for e in entries if venue.split("-")[0] in e.venue]
            if same_venue:
                fail(line_of(m.start()), f"{where} says {venue} {year}, but the cited "
                                              f"{same_venue[0].key} is {same_venue[0].venue} {same_venue[0].year}")


YEAR = re.compile(r"(?<![\d.])((?:19|20)\d\d)(?:-\d\d-\d\d)?(?![\d.])")


def _years_of(source) -> set[str]:
    """The years a source may be dated by: publication, preprint (arXiv 1409.0473 -> 2014), stated dates."""
    years = {source.year, source.date[:4], source.fields.get("urldate", "")[:4]}
    if re.fullmatch(r"\d{4}\.\d{4,5}", source.eprint or ""):
        years.add("20" + source.eprint[:2])
    return {y for y in years if y}


def _names_of(source) -> list[str]:
    """How the body names a source: its first author's surname, a short title head (Mamba, BERT, Show, Attend
    and Tell) and the names in its `shorthand` field (Transformer for Attention Is All You Need)."""
    names = []
    if source.authors and source.kind in ("paper", "book", "web"):
        surname = source.authors[0].split()[-1]
        if len(surname) >= 2 and surname[0].isupper():
            names.append(surname)
    head = re.match(r"([A-Z][A-Za-z0-9-]{2,})(?::|\s*$)", source.title)
    if head:
        names.append(head.group(1))
    phrase = re.match(r"([A-Z][^:]{2,40}):", source.title)  # Show, Attend and Tell: …
    if phrase and " " in phrase.group(1) and len(phrase.group(1).split()) <= 5:
        names.append(phrase.group(1))
    names += [n.strip() for n in source.fields.get("shorthand", "").split(";") if n.strip()]  # what pages call it
    return names


def _mention_window(body: str, start: int) -> str:
    """From a name to the end of its clause: 60 characters, cut at a full stop or paragraph end, extended
    to the end of a parenthesis that opens inside it (Devlin 等 2019 年（NAACL；预印本 2018 年）)."""
    end = min(len(body), start + 60)
    for stop in ("。", "\n\n", "\n- ", "\n|", "；", " |"):  # a list item may wrap onto the next line; a table cell may not
        at = body.find(stop, start, end)
        if at >= 0:
            end = at
    opened = max(body.rfind("（", start, end), body.rfind("(", start, end))
    if opened >= 0:
        closing = re.compile(r"[）)]").search(body, opened)
        if closing and closing.start() - opened < 120:
            end = max(end, closing.end())
    return body[start:end]


def _governing_sources(window: str, at: int, names) -> list:
    """The sources a year at `at` belongs to: those of the last name before it that is not one entry of an
    author list (Mikolov、Sutskever、Chen … 2013 is Mikolov's year, not Sutskever's)."""
    last = None
    for name, _ in names:
        for m in re.finditer(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z0-9-])", window[:at]):
            if re.match(r"\s*[、,，]", window[m.end():]):
                continue
            if last is None or m.start() > last[0]:
                last = (m.start(), name)
    return [s for n, s in names if last and n == last[1]]


def _check_years_beside_names(page, citations: list[Citation], sources, fail) -> None:
    """A year written right after a cited source's name (Vaswani 等 2017 年, Mamba，2023 年) must be one
    of that source's years in the bibliography."""
    body = page.body
    cited = {c.key: sources[c.key] for c in citations}
    names = [(name, source) for source in cited.values() for name in _names_of(source)]
    from checker import number_words
    for m in number_words.citation_year().finditer(body):   # Kim（2014）: structural only as the date of a cited work
        if not any(name.split()[0] == m.group("name") for name, _ in names):
            known = sorted(k for k, s in sources.items() if m.group("name") in _names_of(s))
            fail(page.line_of(m.start("year")),
                 f"{m.group(0)!r} dates a work the page does not cite; add "
                 + (f"'{known[0]} LOCATION'" if known else "its bibliography entry (checker/data/bibliography.bib) and "
                    "'KEY LOCATION'") + " to sources, so the year is checked against the bibliography")
    for name, source in names:
        for m in re.finditer(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z0-9-])", body):
            before = re.search(r"(?<![\d.])(?:19|20)\d\d\s*年?\s*(?:的\s*)?$", body[max(0, m.start() - 10):m.start()])
            window = (before.group(0) if before else "") + _mention_window(body, m.start())  # 2014 年 Bahdanau 等
            for year in YEAR.finditer(window):
                here = _governing_sources(window, year.start(), names) or [source]
                allowed = set().union(*(_years_of(s) for s in here))
                preprint = {"20" + s.eprint[:2] for s in here if re.fullmatch(r"\d{4}\.\d{4,5}", s.eprint or "")}
                if preprint and re.search(r"(?:预印本|preprint|arXiv)\s*$", window[:year.start()]) \
                        and year.group(1) not in preprint:
                    fail(page.line_of(m.start() + year.start()),
                         f"the body dates the {name} preprint to {year.group(1)}, but its arXiv id says "
                         f"{', '.join(sorted(preprint))}; fix the year")
                elif year.group(1) not in allowed:
                    fail(page.line_of(m.start() + year.start()),
                         f"the body dates {name} to {year.group(0)}, but the bibliography has "
                         + "; ".join(f"{s.key} as {', '.join(sorted(_years_of(s)))}" for s in here)
                         + "; fix the year or the entry")


RESULTS_FILE = re.compile(r"(?<![\w/.-])((?:[\w.-]+/)+[\w.-]+\.json)\b")


def _run_dates(paragraph: str) -> dict[str, set[str]]:
    """Results files named in a paragraph -> the dates they record (date_utc, at any depth)."""
    import json
    found = {}
    for m in RESULTS_FILE.finditer(paragraph):
        path = ROOT / m.group(1)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # not a results file of this repository
        stack, dates = [data], set()
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                dates.update(str(v) for k, v in item.items() if k == "date_utc")
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)
        found[m.group(1)] = dates
    return found


def _rendered_texts(page) -> list[tuple[str, int | None]]:
    """(text, front-matter line or None for the body) for everything a reader sees: the body, the title and
    description, and each 来源 entry with its note."""
    texts = [(page.body, None)] + [(str(page.meta[key]), page.meta_lines.get(key, 2))
                                   for key in ("title", "description") if key in page.meta]
    return texts + [(str(text), claim_line(page, "sources", i)) for i, text in enumerate(page.meta.get("sources") or [])]


def _check_dates(page, citations: list[Citation], sources, fail) -> None:
    """A date that names a month is a fact with a source. It must agree, at the precision printed, with
    a date recorded for an entry the page cites, a date the page's course section states, or the run
    date of a results file named in the same paragraph. A date shifted consistently across the page
    (2017 年 6 月 -> 2018 年 6 月, Transformer 2017-06-12 -> 2018-06-12) then disagrees with the record."""
    from checker.dates import agrees, dates_in
    from checker.seed_numbers import section_numbers
    course = section_numbers(str(page.meta.get("source", "")))
    recorded = {}
    for citation in citations:
        entry = sources[citation.key]
        for when in (entry.date, entry.fields.get("urldate", "")):
            if when:
                recorded[when] = citation.key
    for text, line in _rendered_texts(page):
        for date in dates_in(text):
            if any(agrees(date.iso, when) for when in recorded) or course.states_date(date.iso):
                continue
            start = text.rfind("\n\n", 0, date.start) + 1
            end = text.find("\n\n", date.end)
            runs = _run_dates(text[start:end if end >= 0 else len(text)])
            if any(agrees(date.iso, when) for dates in runs.values() for when in dates):
                continue
            known = sorted(f"{key} {when}" for when, key in recorded.items())
            if course.dates:
                known.append(f"{course.source} {', '.join(sorted(course.dates))}")
            known += [f"{name} {', '.join(sorted(d[:10] for d in dates))}" for name, dates in runs.items()]
            fail(line or page.line_of(date.start),
                 f"the date {date.text} is not recorded by the page's evidence ({'; '.join(known) or 'no dated source'}); "
                 "fix the date, cite the source it is the date of, or name the results file beside it")


CHINESE_YEAR = re.compile(r"(?<![\w.\-/:])((?:19|20)\d\d)(?=\s*年)")


def _check_years_are_accounted_for(page, citations: list[Citation], sources, fail) -> None:
    """A year written as `2017 年` dates something: it must be a year of a source the page cites or a year its
    course section states. Moving the page's 2017 scenario to 2018, or a paper to the wrong year, then fails
    even where no name stands beside the year."""
    from checker.seed_numbers import section_numbers
    course = section_numbers(str(page.meta.get("source", "")))
    allowed = set().union(*(_years_of(sources[c.key]) for c in citations)) if citations else set()
    # the sections its course_also names are the course's too (their years as their other numbers)
    stating = [course] + [section_numbers(str(other)) for other in page.meta.get("course_also") or []]
    allowed |= {str(int(v)) for section in stating for v in section.numbers() if 1900 <= v <= 2100 and v == int(v)}
    for text, line in _rendered_texts(page):
        for m in CHINESE_YEAR.finditer(text):
            if m.group(1) not in allowed:
                fail(line or page.line_of(m.start()),
                     f"the year {m.group(1)} 年 is neither a year of a source this page cites nor one that "
                     f"{' or '.join(s.source for s in stating if s.source) or 'its course section'} states; cite the "
                     "source it dates in sources, name the course section that states it in course_also, or fix it")


def within(location: str, wanted: str) -> bool:
    """Is §/Table `wanted` inside a cited location ('4.1–4.2', '3', '2(a)')? A cited §3 covers §3.2."""
    def parts(text):
        return tuple(int(x) if x.isdigit() else x for x in re.sub(r"\(.*\)", "", text).split("."))
    lo, _, hi = location.partition("–") if "–" in location else location.partition("-")
    hi = hi or lo
    w = parts(wanted)
    try:
        lo_p, hi_p = parts(lo), parts(hi)
        return lo_p[:len(w)] <= w[:len(lo_p)] and w[:len(hi_p)] <= hi_p or w[:len(lo_p)] == lo_p
    except TypeError:
        return location == wanted


def bare_number(text: str) -> str:
    """A printed number as compared between a note and the body: without dollar signs, spaces and thousands commas."""
    return re.sub(r"[\s$,{}]", "", text)
