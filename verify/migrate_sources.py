"""`python -m verify.migrate_sources PAGE...`: rewrite old-style provenance into bibliography citations.

Old form (a reference string per page, typed again on every page):

    cited:
      - text: 'big 模型得到 41.0'
        source: vaswani2017
        kind: paper
    sources:
      vaswani2017: "Ashish Vaswani 等. Attention Is All You Need. arXiv:1706.03762 v1（2017-06-12），Table 2（…）"

New form (the entry is defined once in verify/data/bibliography.bib):

    cited:
      - text: 'big 模型得到 41.0'
        source: vaswani2017 Table 2
    sources:
      - vaswani2017 Table 2 — …

Bullets of the body's `## 来源` section that only name a course section (`- 讲义读本 §4.15（…）`)
move into `sources` as `lecture §4.15 — …`; other bullets (links, code paths) stay.
The rewrite is textual (claims keep their quoting) and idempotent: a migrated page is left as it is.
A reference that names no bibliography entry stops the page with one line saying which entry to add.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

from verify import bibliography
from verify.paths import write_text_atomically
from verify.bibliography import BibliographyError

# A reference string without an arXiv id is recognised by these words (first match wins).
TITLE_HINTS = [
    (r"GLiNER2", "zaratiana2025gliner2"), (r"GLiNER", "zaratiana2024gliner"), (r"Collobert", "collobert2011"),
    (r"Xiong", "xiong2020"), (r"Root Mean Square|RMSNorm", "zhang2019rmsnorm"), (r"Devlin|BERT", "devlin2019bert"),
    (r"Raffel|Text-to-Text", "raffel2020t5"), (r"Speech and Language Processing", "jurafsky2026slp"),
    (r"Introduction to Information Retrieval", "manning2008iir"), (r"Hugging Face", "hfcaching"),
    (r"Caswell", "caswell2020"), (r"Arivazhagan", "arivazhagan2021"), (r"Davis.*第一版", "davis2016"),
    (r"Davis.*第十版", "davis2020"), (r"CS224N", "cs224n2026l05"), (r"Yoon Kim|Kim\. Convolutional", "kim2014cnn"),
    (r"Sennrich.{0,12}Haddow", "sennrich2016"), (r"Dao, Fu|FlashAttention", "dao2022flash"),
    (r"Holtzman", "holtzman2019"), (r"Mamba", "gu2023mamba"),
]
# Course records: the chapter of the course section that states them.
RECORD_BY_SECTION = [(r"^1\.16", "coursetimeline"), (r"^3\.", "seq2seqruns"), (r"^6\.", "visionruns"),
                     (r"^7\.", "decoderruns")]
VENUE_WORDS = re.compile(r"NeurIPS|NIPS|ICLR|ICML|NAACL|EMNLP|ACL|JMLR")


def resolve_key(reference: str, sources: dict) -> str:
    """The bibliography key an old reference string means."""
    if re.search(r"课程讲义读本|讲义读本", reference) and not re.search(r"arXiv|Davis", reference):
        section = re.search(r"§\s*([\d.]+)", reference)
        if section and re.search(r"存档|历史记录|DN\d|LAB\d", reference):
            for pattern, key in RECORD_BY_SECTION:
                if re.match(pattern, section.group(1)):
                    return key
        return "lecture"
    if re.match(r"\s*入门文章\s*§", reference):
        return "primer"
    m = bibliography_arxiv(reference)
    if m:
        eprint, version = m
        same = [s for s in sources.values() if s.eprint == eprint]
        if "v1 之后的修订稿" in reference:
            same = [s for s in same if s.version and s.version != "1"]
        if version:
            same = [s for s in same if s.version == version] or same
        elif VENUE_WORDS.search(reference):
            same = sorted(same, key=lambda s: not s.venue) or same
        if same:
            return same[0].key
        raise BibliographyError(f"no bibliography entry has arXiv:{eprint}; add one to verify/data/bibliography.bib")
    for pattern, key in TITLE_HINTS:
        if re.search(pattern, reference):
            return key
    raise BibliographyError(f"cannot tell which bibliography entry {reference[:80]!r} means; add an entry "
                            "to verify/data/bibliography.bib and a hint to verify/migrate_sources.py")


def bibliography_arxiv(reference: str):
    m = re.search(r"arXiv\s*[:：]?\s*(\d{4}\.\d{4,5})(?:\s*v(\d+))?", reference)
    return (m.group(1), m.group(2)) if m else None


def locations_of(reference: str, key: str) -> list[str]:
    """Locations named in an old reference string, in the citation grammar."""
    text = re.sub(r"arXiv\s*[:：]?\s*\d{4}\.\d{4,5}(\s*v\d+)?", " ", reference)
    text = re.sub(r"参考文献第\s*\d+\s*条", " ", text)
    if bibliography.load()[key].kind not in ("document", "record"):  # '数字按讲义读本 §3.11 转述' is not a place in the paper
        text = re.sub(r"(?:课程)?讲义读本\s*§\s*[\d.]+", " ", text)
    text = re.sub(r"非\s*(?:Table|表|Figure|图)\s*\d+", " ", text)
    text = re.sub(r"§\s*([\d.]+)\s*[–—-]\s*§?\s*([\d.]+)", r"§\1–\2", text)
    found: list[tuple[int, str]] = []
    rules = [
        (r"(?:Table|表)\s*(\d+)(?:\s*[–-]\s*(\d+))?", lambda m: f"Table {m.group(1)}" + (f"–{m.group(2)}" if m.group(2) else "")),
        (r"(?:Figure|图)\s*(\d+)(\s*\([a-z]\))?", lambda m: f"Figure {m.group(1)}{(m.group(2) or '').strip()}"),
        (r"§\s*(\d+(?:\.\d+)*(?:–\d+(?:\.\d+)*)?)", lambda m: f"§{m.group(1)}"),
        (r"第\s*(\d+)\s*节", lambda m: f"§{m.group(1)}"),
        (r"(?:式|Eq\.)\s*\((\d+)\)", lambda m: f"eq. {m.group(1)}"),
        (r"(?:物理)?第\s*(\d+)\s*页", lambda m: f"p. {m.group(1)}"),
        (r"\bp\.?\s*(\d+)(?:\s*[–-]\s*(\d+))?", lambda m: f"p. {m.group(1)}" + (f"–{m.group(2)}" if m.group(2) else "")),
        (r"(?:Appendix|附录)\s*([A-Z](?:\.\d+)*)", lambda m: f"Appendix {m.group(1)}"),
        (r"Algorithm\s*(\d+)", lambda m: f"Algorithm {m.group(1)}"),
        (r"(?:第\s*(\d+)\s*章|Ch\.\s*(\d+))", lambda m: f"ch. {m.group(1) or m.group(2)}"),
        (r"第\s*(\d+)\s*例", lambda m: f"item {m.group(1)}"),
        (r"摘要", lambda m: "abstract"),
        (r"section\s*[“\"]([^”\"]+)[”\"]|Section:\s*([^）)]+)", lambda m: f'§"{(m.group(1) or m.group(2)).strip()}"'),
    ]
    for pattern, make in rules:
        for m in re.finditer(pattern, text):
            found.append((m.start(), make(m)))
    seen, out = set(), []
    for _, loc in sorted(found):
        if loc not in seen:
            seen.add(loc)
            out.append(loc)
    if key in ("lecture", "primer") or bibliography.load()[key].kind == "record":
        out = [l for l in out if l.startswith("§")]
    return out


def note_of(reference: str) -> str:
    """The explanatory words of an old reference (its parentheses and what follows a colon)."""
    parts = re.findall(r"（([^（）]*)）", reference)
    tail = reference.rsplit("：", 1)
    if len(tail) == 2 and not re.match(r"\d", tail[1]) and not re.search("[（）]", tail[1]):
        parts.append(tail[1])
    primer_item = re.search(r"入门文章参考文献第\s*\d+\s*条", reference)
    text = "；".join(p.strip(" 。") for p in parts if p.strip() and not re.fullmatch(r"[\d\-–]+", p.strip()))
    text = re.sub(r"arXiv\s*[:：]?\s*\d{4}\.\d{4,5}(\s*v\d+)?[，,]?", "", text).strip(" ，,；。")
    if primer_item and primer_item.group(0) not in text:
        text = (text + "；" if text else "") + primer_item.group(0)
    return " ".join(text.split()).replace(" — ", "，")


def citation_for(reference: str, sources: dict) -> str:
    key = resolve_key(reference, sources)
    locations = locations_of(reference, key)
    if not locations:
        raise BibliographyError(f"{reference[:80]!r} names no location (Table N, §N, p. N, …); add one by hand")
    note = note_of(reference)
    text = f"{key} {', '.join(locations)}" + (f" — {note}" if note else "")
    bibliography.parse_citation(text, sources)  # the result must parse
    return text


def _yaml_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def migrate_text(text: str, path: str = "page") -> str:
    """The page text in the new form (unchanged when it is already migrated)."""
    if not text.startswith("---\n"):
        return text
    end = text.find("\n---\n", 4)
    if end < 0:
        return text
    front, body = text[4:end], text[end + 5:]
    meta = yaml.safe_load(front) or {}
    sources = bibliography.load()
    lines = front.split("\n")
    old = meta.get("sources")
    new_sources: list[str] = list(old) if isinstance(old, list) else []
    mapping: dict[str, str] = {}
    if isinstance(old, dict):
        for local, reference in old.items():
            mapping[local] = citation_for(str(reference), sources)
        new_sources = list(dict.fromkeys(mapping.values()))
    # cited: point at the citation, drop the kind (the bibliography entry decides it)
    out, section = [], None
    for line in lines:
        top = re.match(r"([A-Za-z_]\w*):", line)
        if top:
            section = top.group(1)
        if section == "cited":
            m = re.match(r"(\s+)source:\s*(\S.*?)\s*$", line)
            if m and m.group(2).strip("'\"") in mapping:
                citation = mapping[m.group(2).strip(chr(39) + chr(34))].split(" — ")[0]
                line = f"{m.group(1)}source: {_yaml_string(citation)}"
            if re.match(r"\s+kind:\s*(paper|record)\s*$", line):
                continue
        if section == "sources":
            continue  # rewritten below
        out.append(line)
    body, moved = _move_course_bullets(body)
    for c in moved:
        if c not in new_sources:
            new_sources.append(c)
    if new_sources:
        out.append("sources:")
        out += [f"  - {_yaml_string(c)}" for c in new_sources]
    while out and out[-1] == "":
        out.pop()
    return "---\n" + "\n".join(out) + "\n---\n" + body


BULLET = re.compile(r"^- (?:课程)?(讲义读本|入门文章)\s*(§.*)$")
SECTION_NOTE = re.compile(r"§\s*([\d.]+)\s*(?:（([^（）]*)）)?")


def _course_citation(one: str) -> str | None:
    """'- 讲义读本 §3.11（…）、§3.12（…）。' -> 'lecture §3.11, §3.12 — …；…', or None if it says more."""
    b = BULLET.match(one)
    if not b or "[" in one or "`" in one:
        return None
    sections, notes = [], []
    for m in SECTION_NOTE.finditer(b.group(2)):
        sections.append("§" + m.group(1).rstrip("."))
        if m.group(2):
            notes.append(m.group(2).strip())
    leftover = SECTION_NOTE.sub("", b.group(2))
    if re.sub(r"[\s、，,与和及。；;]", "", leftover):
        return None  # words outside the parentheses: keep the bullet as written
    doc = "lecture" if b.group(1) == "讲义读本" else "primer"
    note = "；".join(notes)
    return f"{doc} {', '.join(dict.fromkeys(sections))}" + (f" — {note}" if note else "")


def _move_course_bullets(body: str) -> tuple[str, list[str]]:
    """Move `- 讲义读本 §4.15（…）。` bullets of the 来源 section into citations."""
    m = re.search(r"^## 来源[ \t]*\n", body, re.M)
    if not m:
        return body, []
    start = m.end()
    nxt = re.search(r"^#{1,2} ", body[start:], re.M)
    end = start + nxt.start() if nxt else len(body)
    section = body[start:end]
    bullets = re.split(r"(?m)^(?=- )", section)
    kept, moved = [], []
    for bullet in bullets:
        one = " ".join(l.strip() for l in bullet.strip().split("\n"))
        citation = _course_citation(one)
        if citation:
            moved.append(citation)
        else:
            kept.append(bullet)
    if not moved:
        return body, []
    rest = "".join(kept).strip("\n")
    new_section = ("\n" + rest + "\n" if rest else "") + ("\n" if nxt else "")
    return body[:start] + new_section + body[end:], moved


def write_atomically(path: Path, text: str) -> None:
    write_text_atomically(path, text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verify.migrate_sources", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="+", type=Path, help="Markdown pages or folders to rewrite in place")
    parser.add_argument("--check", action="store_true", help="only report pages that would change; exit 1 if any")
    args = parser.parse_args(argv)
    paths = [p for given in args.pages for p in (sorted(given.rglob("*.md")) if given.is_dir() else [given])]
    changed = failed = 0
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
            new = migrate_text(text, str(path))
        except (BibliographyError, yaml.YAMLError, UnicodeDecodeError) as exc:
            print(f"{path}:1: {' '.join(str(exc).split())}")
            failed += 1
            continue
        if new != text:
            changed += 1
            if args.check:
                print(f"{path}:1: still in the old sources form; run python -m verify.migrate_sources {path}")
            else:
                write_atomically(path, new)
    print(f"{len(paths)} pages, {changed} {'to rewrite' if args.check else 'rewritten'}, {failed} failed")
    return 1 if failed or (args.check and changed) else 0


if __name__ == "__main__":
    sys.exit(main())
