"""Cross-references are bound (issue 31): what a link says is where it goes, and a section the prose names exists.

Three careless edits kept every number and every word list green: a link whose text says §8.3 pointing at 8-1, a
glossary entry for "head" sent to the positional-encoding page, and "the ledger is in §7.8" where it is §7.7. This
stage checks, for a page:

1. A link whose text names a course section (`§8.3`, `第 8.3 节`, `第 15 章`) goes to that section's page: the target's
   front matter `source:` names the same section (a qualifier before the link, 讲义 or 入门文章, names the document
   too). A range (`§3.12–§3.15`) takes any section in it. A link whose text names a course construction (`R7.2`)
   goes to a page that mentions it.
2. A section the prose names without a link (见 §7.8, 在 §7.8) exists in the document it refers to (the page's own,
   or the one a 讲义 / 入门文章 before it names); a paper's section (原论文 §3.2.3, §3.5 与 Table 3) is not the
   course's and is left to the bibliography.
3. A glossary row (a table whose first column is 术语) links pages whose text (title, description, body) says the
   term, in one of its names or a synonym from the site search's synonym groups.
4. A sentence that links one section by its bare number (见 [§2.12](2-12.md)) says what is there: the target page
   shares its words at least a fifth as much as the best of its sibling pages does (each word weighed by how rare it
   is among the target and its siblings only, so that an edit in another chapter changes nothing here). A link moved to the next section
   keeps its number and its text in agreement and passes checks 1-3; the words of its sentence then belong to a
   sibling (the key-pairing test to §2.12, not §2.10), and the message names that sibling.

5. A link called the next or the previous section (下一节 [§8.2](8-2.md), 上一节：[§3.8](3-8.md)) goes to the section
   right after or before the page's own in its chapter.

Each failure is one line with the page, the line, and the target that would be right.
"""
from __future__ import annotations

import csv
import functools
import os
import re
from pathlib import Path

from checker import classify
from checker.paths import DOCS, ROOT
from checker.page import claim_line

SECTIONS_TSV = ROOT.parent / "shared" / "sections.tsv"
SYNONYMS = (ROOT / "sitegen" / "search_synonyms.txt", ROOT / "hooks" / "search_synonyms.txt")
LINK = re.compile(r"(?<!!)\[((?:[^\[\]\n]|\[[^\]\n]*\])*)\]\(([^)\s]*)(?:\s+\"[^\"]*\")?\)")
_ID = r"(?:\d+(?:\.\d+)?|[A-D](?:\.\d+)?)"
SECTION_REF = re.compile(rf"§\s*({_ID})(?![\d.]*\d)(?:\s*[–—-]\s*§?\s*({_ID}))?|第\s*(\d+(?:\.\d+)?)\s*[节章]")
CONSTRUCTION = re.compile(r"(?<![A-Za-z0-9])(R\d+(?:\.\d+)?)(?![\d.]*\d)")
# the nearest document word before the number: 讲义第 7 章与入门文章第 14 章 names the primer's chapter 14 (new-author
# trial 12 was told lecture §14)
_QUALIFIER = re.compile(r".*(讲义|lecture|入门文章|入门(?!部分|篇|级|课|章节)|primer)[^，。；,;\n]{0,6}$", re.I | re.S)
# before or after a section number, the signs that it is a paper's or a record's section, not the course's
_PAPER_BEFORE = re.compile(r"论文|paper|参考文献|Table|原文|et al|Figure|Fig\.|[A-Za-z]{3,}\d{4}|附录|arXiv|\bv\d|式", re.I)
_PAPER_AFTER = re.compile(r"^[^。；\n]{0,6}(?:Table|Figure|Fig\.|式\s*\(|附录|Eq\.)")
_SOURCE = re.compile(r"^source:\s*(lecture|primer)\s*§\s*([0-9A-Za-z.]+)\s*$", re.M)


def _stamp(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return -1


def source_of(path: Path) -> tuple[str, str] | None:
    """(document, section) a page's front matter `source:` names (lecture §8.3 -> ('lecture', '8.3'))."""
    return _source_of(path, _stamp(path))


@functools.lru_cache(maxsize=None)
def _source_of(path: Path, stamp: int) -> tuple[str, str] | None:   # stamp: a page edited in `make dev` is read again
    try:
        head = path.read_text(encoding="utf-8")[:4000]
    except (OSError, UnicodeDecodeError):
        return None
    end = head.find("\n---", 3)
    m = _SOURCE.search(head[:end if end > 0 else len(head)])
    return (m.group(1), m.group(2)) if m else None


def section_pages() -> dict[tuple[str, str], Path]:
    """{(document, section): the page that covers it}, from every page's `source:`; once per checked batch
    (checker/inputs.py: a cold run walked the site three times per page, 5% of it)."""
    from checker.inputs import batch_memo
    return batch_memo("section_pages", _walked_section_pages)


def _walked_section_pages() -> dict[tuple[str, str], Path]:
    # os.walk and one stat per file: rglob with a resolve() per page took 12 ms, and the credits check asks per entry
    stamped = []
    for folder, _, names in os.walk(DOCS.resolve()):
        for name in names:
            if name.endswith(".md"):
                path = Path(folder, name)
                stamped.append((path, _stamp(path)))
    return _section_pages(tuple(sorted(stamped)))


@functools.lru_cache(maxsize=2)
def _section_pages(stamped: tuple) -> dict[tuple[str, str], Path]:
    pages = {}
    for path, _ in stamped:
        found = source_of(path)
        if found and found not in pages:
            pages[found] = path
    return pages


@functools.lru_cache(maxsize=1)
def known_sections() -> frozenset:
    """Every (document, section) of the course documents: ../shared/sections.tsv where it is, else the pages'."""
    if SECTIONS_TSV.is_file():
        with SECTIONS_TSV.open(encoding="utf-8") as handle:
            return frozenset((row["doc"], row["id"]) for row in csv.DictReader(handle, delimiter="\t"))
    return frozenset(section_pages())


@functools.lru_cache(maxsize=1)
def synonym_groups() -> tuple[tuple[str, ...], ...]:
    for path in SYNONYMS:
        if path.is_file():
            groups = []
            for line in path.read_text(encoding="utf-8").splitlines():
                line = line.split("#", 1)[0].strip()
                if "|" in line:
                    groups.append(tuple(n.strip() for n in line.split("|") if n.strip()))
            return tuple(groups)
    return ()


def page_text(path: Path) -> str:
    """A page's title, description and body: what a reader who follows a link finds there."""
    return _page_text(path, _stamp(path))


@functools.lru_cache(maxsize=None)
def _page_text(path: Path, stamp: int) -> str:
    from checker.page import PageError, read_page
    try:
        page = read_page(path)
    except (PageError, OSError, UnicodeDecodeError):
        return ""
    return f"{page.meta.get('title', '')}\n{page.meta.get('description', '')}\n{page.body}"


def _document(page) -> str | None:
    doc = str(page.id).split(".", 1)[0]
    if doc in ("lecture", "primer"):
        return doc
    source = str(page.meta.get("source", ""))
    return next((d for d in ("lecture", "primer") if source.startswith(d)), None)


def _key(section: str) -> tuple:
    """A section's sort key: 3.12 after 3.2, appendices (A.2) after the chapters."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in section.split("."))


def _within(section: str, first: str, last: str | None) -> bool:
    if last is None:
        return section == first
    a, b, s = _key(first), _key(last), _key(section)
    try:
        return a <= s <= b
    except TypeError:   # 'A' against 3: different documents' numbering
        return False


def _relative(target: Path, page_path: Path) -> str:
    return os.path.relpath(target, page_path.resolve().parent).replace(os.sep, "/")


def _qualifier(text: str) -> str | None:
    """The document a 讲义 / 入门文章 right before a section number names."""
    m = _QUALIFIER.search(text)
    if not m:
        return None
    word = m.group(1).lower()
    return "lecture" if word in ("讲义", "lecture") else "primer"


_NUMBER_AFTER = re.compile(rf"\s*[（(]\s*(§\s*{_ID})\s*[)）]")


def link_errors(page) -> list[tuple[int, str]]:
    errors = []
    body = page.body
    for m in LINK.finditer(body):
        text, target = m.group(1), m.group(2)
        refs = list(SECTION_REF.finditer(text))
        # a link whose text is a title, followed by its section number (…看见什么](3-13.md)（§3.13）): the number
        # names the section as a number in the text would
        after = _NUMBER_AFTER.match(body, m.end())
        if not refs and after:
            refs = list(SECTION_REF.finditer(after.group(1)))
        labels = CONSTRUCTION.findall(text)
        if not (refs or labels) or "://" in target or not target.split("#")[0].endswith(".md"):
            continue
        dest = _target(Path(page.path), target.split("#")[0])
        if not dest.is_file():
            continue   # a missing target is the site build's error (mkdocs --strict), not a mismatch
        line = page.line_of(m.start())
        if labels and not refs:
            missing = [label for label in labels if not re.search(rf"(?<![A-Za-z0-9]){re.escape(label)}(?![\d.]*\d)",
                                                                  page_text(dest))]
            if missing:
                holders = [p for p in section_pages().values() if re.search(rf"(?<![A-Za-z0-9]){re.escape(missing[0])}"
                                                                           r"(?![\d.]*\d)", page_text(p))]
                where = f"; it is on {_relative(holders[0], Path(page.path))}" if holders else ""
                errors.append((line, f"link text {text!r} names {missing[0]}, but {target} never mentions it{where}"))
            continue
        errors += _counts_not_in_target(page, m.start(), text, dest, target)
        source = source_of(dest)
        if source is None:
            continue   # a page without a course section (a topic, a lab) cannot be checked by number
        doc = _qualifier(body[max(0, m.start() - 12):m.start()]) or _qualifier(text) or source[0]
        wanted = [(r.group(1) or r.group(3), r.group(2)) for r in refs]
        if source[0] == doc and any(_within(source[1], first, last) for first, last in wanted):
            continue
        first = wanted[0][0]
        right = section_pages().get((doc, first))
        fix = f"; {doc} §{first} is {_relative(right, Path(page.path))}" if right else \
            f"; {doc} has no page for §{first}"
        errors.append((line, f"link text {text!r} names {doc} §{first}, but {target} is {source[0]} §{source[1]}{fix}"))
    return errors


def _target(page_path: Path, target: str) -> Path:
    """The page a relative link reaches; from a copy of a page under another folder's docs/ (a scratch check of an
    edited page), the site's page at the same place under this project's docs/."""
    dest = (page_path.resolve().parent / target).resolve()
    parts = page_path.resolve().parts
    if dest.is_file() or "docs" not in parts:
        return dest
    below = parts[len(parts) - 1 - parts[::-1].index("docs") + 1:-1]
    return (DOCS.joinpath(*below) / target).resolve()


def _counts_not_in_target(page, offset: int, text: str, dest: Path, target: str) -> list[tuple[int, str]]:
    """A count in a link's text that names a section ('§4.8 两个 head：…') restates what the target says of itself:
    it must stand in the target's title or description, or in the course's title of that section (sections.tsv).
    The number checks of the page leave link texts to this: the link's target is what states them."""
    counts = [t.text for t in classify.numbers_in(text) if t.word and not t.structural]
    if not counts:
        return []
    head = page_text(dest).split("\n", 2)
    said = "\n".join(head[:2]) + "\n" + _course_title(source_of(dest))
    missing = [c for c in counts if c not in said]
    return [(page.line_of(offset), f"link text {text!r} says {missing[0]!r}, but {target} does not: its title, description "
                                   f"and course section title never say it; write the target's words")] if missing else []


@functools.lru_cache(maxsize=None)
def _course_titles() -> dict:
    if not SECTIONS_TSV.is_file():
        return {}
    with SECTIONS_TSV.open(encoding="utf-8") as handle:
        return {(row["doc"], row["id"]): row["title"] for row in csv.DictReader(handle, delimiter="\t")}


def _course_title(source: tuple[str, str] | None) -> str:
    return _course_titles().get(source, "") if source else ""


def prose_errors(page) -> list[tuple[int, str]]:
    """Sections named without a link must exist (in the page's document or the one a qualifier names)."""
    errors = []
    view = classify.prose_view(page.body)
    linked = [(m.start(1), m.end(1)) for m in LINK.finditer(page.body)]
    own = _document(page)
    for m in SECTION_REF.finditer(view):
        if any(a <= m.start() < b for a, b in linked):
            continue
        section = m.group(1) or m.group(3)
        if m.group(3) and section.count(".") == 0 and view[m.end() - 1] == "节":
            continue   # 第 3 节 of something named before it (a paper, a list): not a course section number
        before = re.split(r"[。；;\n]", view[max(0, m.start() - 24):m.start()])[-1]
        if _PAPER_BEFORE.search(before[-16:]) or _PAPER_AFTER.search(view[m.end():m.end() + 16]):
            continue   # 原论文 §3.5, §3.5 与 Table 3: a paper's section
        # 讲义读本 §2.13 与 §2.15: a qualifier reaches over the sections listed before this one
        doc = _qualifier(re.sub(r"[\s与和及、，,]+$", "", SECTION_REF.sub("", before))) or own
        if doc is None:
            continue
        for section in filter(None, (section, m.group(2))):
            if (doc, section) not in known_sections():
                errors.append((page.line_of(m.start()), f"{m.group(0).strip()!r} names {doc} §{section}, which the "
                                                         f"{doc} does not have; name the section the text means "
                                                         "(and link it to its page)"))
                break
    return errors


def _says(text: str, name: str) -> bool:
    if re.search(r"[A-Za-z]", name):
        stem = re.escape(name[:-1]) + "s?" if name.endswith("s") and len(name) > 3 else re.escape(name) + "s?"
        return bool(re.search(rf"(?<![A-Za-z]){stem}(?![A-Za-z])", text, re.I))
    return name in text


def glossary_errors(page) -> list[tuple[int, str]]:
    """A glossary row's links go to pages that say its term (or a synonym)."""
    errors = []
    body = page.body
    header = None
    offset = 0
    for raw in body.splitlines(keepends=True):
        line = raw.strip()
        start, offset = offset, offset + len(raw)
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if header[0] != "术语" or re.fullmatch(r"[-: |]+", line):
            continue
        terms = [t.strip() for t in re.split(r"[，,、]", cells[0]) if t.strip()]
        names = set(terms)
        for group in synonym_groups():
            if any(_says(t, g) and _says(g, t) for t in terms for g in group):
                names.update(group)
        for m in LINK.finditer(raw):
            target = m.group(2).split("#")[0]
            dest = (Path(page.path).resolve().parent / target).resolve()
            if not target.endswith(".md") or not dest.is_file():
                continue
            if any(_says(page_text(dest), n) for n in names):
                continue
            holders = [p for p in sorted(section_pages().values(), key=lambda p: _key(source_of(p)[1]))
                       if source_of(p)[0] == (source_of(dest) or ("", ""))[0] and p != Path(page.path).resolve()
                       and any(_says(page_text(p), n) for n in terms)]
            fix = f"; pages that say it: {', '.join(_relative(p, Path(page.path)) for p in holders[:3])}" if holders else ""
            errors.append((page.line_of(start + m.start()),
                           f"glossary entry {cells[0]!r} links {m.group(2)}, whose text never says "
                           f"{' / '.join(sorted(names))}{fix}"))
    return errors


# Check 4's thresholds: a sibling must hold at least this much of the sentence's weight (in idf units of its character
# bigrams and Latin words, the idf taken over the target and its siblings only, so that an edit on a page of another
# chapter cannot fail this one), and the target at most this share of the sibling's. Measured on the site (no
# sentence flagged) and the 66 xref items of the blind wrong-edit corpora 1-12 (17 found, where the idf over all
# pages found 18 and one page's edit could fail another's check, 7-5 after round 28)
TOPIC_MIN_WEIGHT = 7.0
TOPIC_MAX_SHARE = 0.2
_BARE_SECTION = re.compile(rf"\s*§\s*{_ID}\s*")
_SENTENCE_END = "。；！？\n"


def _words(text: str) -> frozenset:
    """A text's words for check 4: its Latin words (lower case) and the character bigrams of its Chinese runs (no
    segmenter: the bigrams of 配对检验 meet those of 钥匙配对 and cost nothing to load)."""
    words = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z\-]+", text)}
    # a year or a number of four digits or more (没有 2026 年的运行, 2016 个 token) names what one page is about
    words.update(re.findall(r"(?<![\d.])\d{4,}(?![\d.])", text))
    for run in re.findall(r"[\u4e00-\u9fff]+", text):
        words.update(run[i:i + 2] for i in range(len(run) - 1))
    return frozenset(words)


def _raw(path: Path) -> str:
    return _raw_of(path, _stamp(path))


@functools.lru_cache(maxsize=None)
def _raw_of(path: Path, stamp: int) -> str:
    """A page's file as check 4 reads it, lower case, a link replaced by its text and section numbers dropped: the
    front matter stays (its title and description are words of the page; its other keys are on every page, so they
    weigh nothing), and nothing is parsed, so the one-page check stays cheap."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
    return SECTION_REF.sub(" ", re.sub(LINK, lambda m: m.group(1), text)).lower()


class _PageText:
    """A page's _raw text for `word in page`: a Chinese bigram is looked up in the set of the text's bigrams (the
    same answer, as both characters of a bigram lie in one Chinese run; a substring scan of the whole page per word
    was 7% of a cold run), any other word is searched in the text."""

    def __init__(self, text: str):
        self.text = text
        self.bigrams = {w for w in _words(text) if _BIGRAM.fullmatch(w)}

    def __contains__(self, word: str) -> bool:
        return word in self.bigrams if _BIGRAM.fullmatch(word) else word in self.text


_BIGRAM = re.compile(r"[\u4e00-\u9fff]{2}")


def _chapter_pages(folder: Path) -> list[tuple[Path, Path, tuple | None]]:
    """(page, resolved path, source) of a folder's section pages, sorted; once per checked batch."""
    from checker.inputs import batch_memo
    return batch_memo(("chapter", folder), lambda: [(p, p.resolve(), source_of(p)) for p in sorted(folder.glob("*.md"))
                                                    if p.name != "index.md"])


def _topic_text(path: Path, course: bool = False) -> _PageText:
    return (_topic_and_course_text_of if course else _topic_text_of)(path, _stamp(path))


@functools.lru_cache(maxsize=None)
def seed_text(doc: str, section: str | None = None) -> str:
    """The seed text of one section of a course document (lecture, 5.6), or of the whole document; '' where the
    course documents are not beside the project."""
    rows = _section_rows(doc)
    if section is None:
        return "\n".join("\n".join(_seed_lines(f)) for f in sorted({row["seed_file"] for row in rows}))
    for row in rows:
        if row["id"] == section:
            return "\n".join(_seed_lines(row["seed_file"])[int(row["first_line"]) - 1:int(row["last_line"])])
    return ""


@functools.lru_cache(maxsize=None)
def _section_rows(doc: str) -> tuple[dict, ...]:
    """The sections file's rows of one document, read once (a section page's link check reads a chapter's sections)."""
    if not SECTIONS_TSV.is_file():
        return ()
    with SECTIONS_TSV.open(encoding="utf-8") as handle:
        return tuple(row for row in csv.DictReader(handle, delimiter="\t") if row["doc"] == doc)


@functools.lru_cache(maxsize=None)
def _seed_lines(name: str) -> tuple[str, ...]:
    path = SECTIONS_TSV.parent / "seeds" / name
    return tuple(path.read_text(encoding="utf-8").split("\n")) if path.is_file() else ()


@functools.lru_cache(maxsize=None)
def _topic_text_of(path: Path, stamp: int) -> _PageText:
    return _PageText(_raw_of(path, stamp))


@functools.lru_cache(maxsize=None)
def _topic_and_course_text_of(path: Path, stamp: int) -> _PageText:
    """The page's own text and the course section it covers: a link to 7-1 is right for words the lecture's §7.1
    says, in the course's phrasing (new-author trial 48: 不同层的缓存不能互相借用 was sent to §7.16, whose page shares
    能互相借用 by chance, while lecture §7.1 says 不同层的K/V不能互相借用 and the site's 7-1 says 别的层借不走)."""
    source = _source_of(path, stamp)
    course = ""
    if source:
        try:
            course = seed_text(*source)
        except (KeyError, ValueError, LookupError):
            course = ""
    return _PageText(_raw_of(path, stamp) + "\n" + course)


def _local_weights(words: set, pages: list, texts: dict | None = None) -> dict:
    """{word: idf over the pages compared (the target and its siblings)}: a word that tells these pages apart weighs
    much; edits on pages outside the chapter change nothing here. `texts` holds each page's _raw text, read once."""
    import math
    texts = texts if texts is not None else {p: _topic_text(p) for p in pages}
    n = len(pages)
    out = {}
    for word in words:
        count = sum(word in texts[p] for p in pages)
        out[word] = math.log((n + 1) / count) if count else 0.0
    return out


def _sentence(body: str, start: int, end: int) -> tuple[int, int]:
    a = max(body.rfind(c, 0, start) for c in _SENTENCE_END) + 1
    ends = [i for i in (body.find(c, end) for c in _SENTENCE_END) if i >= 0]
    return a, min(ends, default=len(body))


def _shared_runs(sentence: str, shared: set, weights: dict) -> list[str]:
    """The sentence's words a sibling shares, as a reader would quote them: runs of shared bigrams joined back into
    their text (配对检验, not 配对、对检、检验), heaviest first, at most four."""
    runs = {w for w in shared if not re.fullmatch(r"[\u4e00-\u9fff]{2}", w)}
    for run in re.findall(r"[\u4e00-\u9fff]+", sentence):
        start = None
        for i in range(len(run)):
            inside = i + 2 <= len(run) and run[i:i + 2] in shared
            if inside and start is None:
                start = i
            if not inside and start is not None:
                runs.add(run[start:i + 1])
                start = None
    def weight(run: str) -> float:
        return sum(weights.get(run[i:i + 2], weights.get(run.lower(), 0)) for i in range(max(1, len(run) - 1)))
    runs = {r.strip("的了把是在与和") for r in runs} - {""}
    return sorted(runs, key=lambda r: -weight(r))[:4]


# words that say whose a thing is or what a document prints, not what the thing is: a credit sentence (但本站所据的讲义
# 文本里没有那张表) shares them with every page that says the same of another thing (label round 66, lecture 7-7's
# link to §7.6 was sent to 7-13 for 站所据的讲、义文本里没; round 64, 3-1's to §2.13 for 不止一)
_PROVENANCE = re.compile(r"本站|本页|讲义|入门文章|课程|读本|文本|原文|所据|拿到|没有|并未|印出|给出|列出|写出|下表|上表|"
                         r"下面|上面|这一节|本节|那一节|也说|也提醒|也指出|不止一")


def topic_errors(page) -> list[tuple[int, str]]:
    """Check 4: a sentence with one bare section link shares its words with the target, not only with a sibling."""
    errors = []
    body = page.body
    here = Path(page.path).resolve()
    own = source_of(here)   # a scratch copy of a page is not its own sibling
    for m in LINK.finditer(body):
        target = m.group(2).split("#")[0]
        if not _BARE_SECTION.fullmatch(m.group(1)) or "://" in target or not target.endswith(".md"):
            continue
        dest = _target(Path(page.path), target)
        if dest.name == "index.md" or not dest.is_file() or source_of(dest) is None:
            continue   # a chapter's index summarises every section; a topic page has no siblings by number
        a, b = _sentence(body, m.start(), m.end())
        sentence = body[a:b]
        if len(LINK.findall(sentence)) != 1:
            continue   # several links share the sentence's words; which word is whose is not decidable here
        # sorted: a tie between two siblings is broken the same way in every checkout (glob follows the directory)
        siblings = [p for p, resolved, source in _chapter_pages(dest.parent)
                    if resolved not in (dest, here) and source not in (None, own)]
        if not siblings:
            continue
        plain = SECTION_REF.sub(" ", re.sub(LINK, " ", sentence))
        # the pages' own texts first; where they would send the link elsewhere, again with the course sections they
        # cover (read only then: the seeds' words cost a one-page check a tenth of a second)
        for course in (False, True):
            found = _sibling_ahead(sentence, plain, dest, siblings, course)
            if found is None:
                break
        if found is not None:
            best, shared = found
            section = source_of(best)
            errors.append((page.line_of(m.start()),
                           f"the sentence linking {m.group(1).strip()} ({target}) speaks of {'、'.join(shared)}, which "
                           f"{section[0]} §{section[1]} ({_relative(best, Path(page.path))}) has and {target} does not; "
                           "point the link at the section the sentence describes, or name what the target shows"))
    return errors


def _sibling_ahead(sentence: str, plain: str, dest: Path, siblings: list, course: bool):
    """(the sibling the sentence's words belong to rather than the target, the words shared) or None."""
    # each page's text read (and its file stat'ed) once per link, not once per word: a million stats a site
    texts = {p: _topic_text(p, course) for p in [dest] + siblings}
    weights = _local_weights(_words(plain), [dest] + siblings, texts)
    words = {w for w, v in weights.items() if v > 0}
    # a sibling is credited only with the words of what the sentence is about, not of whose it is; the target
    # keeps them all, so this can only withdraw a message, never add one
    topical = words & _words(_PROVENANCE.sub(" ", plain))

    def weight(path: Path, among=words) -> float:
        return sum(weights[w] for w in among if w in texts[path])
    best = max(siblings, key=lambda p: weight(p, topical))
    if weight(best, topical) >= TOPIC_MIN_WEIGHT and weight(dest) <= TOPIC_MAX_SHARE * weight(best, topical):
        return best, _shared_runs(sentence, {w for w in topical if w in texts[best] and w not in texts[dest]}, weights)
    return None


# 下一节 [§8.2](8-2.md), 上一节：[§3.8](3-8.md): the words before a link that place it next to the page's own section
_NEIGHBOUR = re.compile(r"(下一节|后一节|上一节|前一节)[^\[\]。；\n]{0,6}$")


def neighbour_errors(page) -> list[tuple[int, str]]:
    """Check 5: a link called the next (下一节) or the previous (上一节) section goes to the section right after or
    right before the page's own, in the course's order of that chapter's sections."""
    errors = []
    own = source_of(Path(page.path).resolve())
    if own is None or "." not in own[1]:
        return errors   # a chapter index or a topic page has no section next to it
    chapter = own[1].rsplit(".", 1)[0]
    order = sorted((s for d, s in known_sections() if d == own[0] and "." in s and s.rsplit(".", 1)[0] == chapter),
                   key=_key)
    if own[1] not in order:
        return errors
    at = order.index(own[1])
    for m in LINK.finditer(page.body):
        said = _NEIGHBOUR.search(page.body[max(0, m.start() - 12):m.start()])
        ref = SECTION_REF.match(m.group(1).strip())   # [§8.2 先造一个极其简单的记事本](8-2.md) too
        if not said or not ref or not ref.group(1):
            continue
        step = 1 if said.group(1) in ("下一节", "后一节") else -1
        wanted = order[at + step] if 0 <= at + step < len(order) else None
        if ref.group(1) != wanted:
            where = f"§{wanted}" if wanted else "no section (this is the chapter's " + (
                "last" if step == 1 else "first") + " section)"
            errors.append((page.line_of(m.start()),
                           f"{said.group(1)} §{ref.group(1)}: the section {'after' if step == 1 else 'before'} "
                           f"§{own[1]} is {where}; point the link there, or drop {said.group(1)}"))
    return errors


def errors(page) -> list[tuple[int, str]]:
    return (link_errors(page) + prose_errors(page) + glossary_errors(page) + topic_errors(page) + neighbour_errors(page)
            + paper_section_errors(page) + reference_item_errors(page))


# a section of three levels (§3.2.1) is no section of the two course documents (§x.y): it is a paper's or a book's
_SUBSECTION = re.compile(r"§\s?(\d+\.\d+\.\d+)")


def paper_section_errors(page) -> list[tuple[int, str]]:
    """A paper section named in the body (§3.2.1) stands in one of the page's `sources:` entries, where the page
    says which paper it read: blind_29 W29-056 sent T5's final choice from §3.7 to §3.3.4, a section no source of the
    page names. The reference list itself (source: primer §refs) describes the papers' sections and is not read."""
    if "refs" in str(page.meta.get("source", "")):
        return []
    listed = " ".join(str(entry) for entry in page.meta.get("sources") or [])
    view = classify.prose_view(page.body)
    return [(page.line_of(m.start()), f"§{m.group(1)} is named in the text but no entry of the page's sources: names "
                                      f"it; add the section to the source entry of the paper it belongs to, or fix the "
                                      f"section number")
            for m in _SUBSECTION.finditer(view) if m.group(1) not in listed]


# 入门文章[参考文献](…)第 5 条: an entry of the primer's numbered reference list, which the site's refs page lists under
# '### 5. Authors. Title' in the primer's order
_REFERENCE_ITEM = re.compile(r"参考文献(?:\]\([^)\s]*\))?\s*第\s*(\d+)\s*条")
_REFERENCE_HEADING = re.compile(r"^###\s+(\d+)\.\s+(.*)$", re.M)
# a token that names a work: a Latin word with a capital or a digit (CBOW, TensorFlow, GQA, Word2Vec), an arXiv number
_WORK_TOKEN = re.compile(r"\d{4}\.\d{4,5}|(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9-]*[A-Z0-9][A-Za-z0-9-]*|(?<![A-Za-z])[A-Z][a-z]{2,}")
REFS_PAGE = DOCS / "primer" / "refs" / "index.md"


def _reference_entries() -> dict[int, str]:
    """Entry number -> its heading and text on the refs page (read once per edit of that page)."""
    return _reference_entries_of(_stamp(REFS_PAGE)) if REFS_PAGE.is_file() else {}


@functools.lru_cache(maxsize=2)
def _reference_entries_of(stamp: int) -> dict[int, str]:
    text = REFS_PAGE.read_text(encoding="utf-8")
    heads = list(_REFERENCE_HEADING.finditer(text))
    return {int(m.group(1)): text[m.start(2):heads[i + 1].start() if i + 1 < len(heads) else len(text)]
            for i, m in enumerate(heads)}


def _plain_title(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def reference_item_errors(page) -> list[tuple[int, str]]:
    """A numbered entry of the primer's reference list named in the body (入门文章参考文献第 5 条给 CBOW …) is the entry
    that the words around it name: where the sentence and the one before it name a work that only one entry lists
    (CBOW, TensorFlow, an arXiv number), the number must be that entry's (blind_29 W29-041 moved 第 5 条 to 第 6 条);
    in a `sources:` entry the key's title must be the entry's. The refs page itself is the list, and is not read."""
    entries = _reference_entries()
    if not entries or "refs" in str(page.meta.get("source", "")):
        return []
    owners: dict[str, set[int]] = {}
    for n, text in entries.items():
        for token in set(_WORK_TOKEN.findall(text)):
            owners.setdefault(token, set()).add(n)
    errors = []
    view = classify.prose_view(page.body)
    for m in _REFERENCE_ITEM.finditer(view):
        n = int(m.group(1))
        if n not in entries:
            errors.append((page.line_of(m.start()), f"入门文章参考文献第 {n} 条: the primer's list has {len(entries)} "
                                                    f"entries; fix the number"))
            continue
        begin = max([view.rfind(c, 0, m.start()) for c in "。！？\n"] + [0])
        begin = max([view.rfind(c, 0, begin) for c in "。！？"] + [view.rfind("\n\n", 0, begin), 0])
        end = min([i for i in (view.find(c, m.end()) for c in "。！？\n") if i >= 0] + [len(view)])
        named = {token for token in _WORK_TOKEN.findall(view[begin:end]) if len(owners.get(token, ())) == 1}
        theirs = {next(iter(owners[token])) for token in named}
        if theirs and n not in theirs:
            which = ", ".join(f"{token} (第 {next(iter(owners[token]))} 条)" for token in sorted(named))
            errors.append((page.line_of(m.start()), f"入门文章参考文献第 {n} 条 is '{entries[n].split(chr(10))[0][:60]}', "
                                                    f"but the words around it name {which}; fix the entry number"))
    from checker import bibliography
    sources = bibliography.load()
    for i, entry in enumerate(page.meta.get("sources") or []):
        said = _REFERENCE_ITEM.search(str(entry))
        key = str(entry).split()[0] if str(entry).split() else ""
        if not said:
            continue
        n = int(said.group(1))
        if n not in entries:
            errors.append((claim_line(page, "sources", i), f"sources entry {i} says 入门文章参考文献第 {n} 条: the "
                                                           f"primer's list has {len(entries)} entries; fix the number"))
            continue
        if key not in sources:
            continue
        heading = entries[n].split("\n")[0]
        # the title the primer gives may differ from the source's (入门文章题作 How caching works): the entry names it
        if _plain_title(sources[key].title) not in _plain_title(heading) \
                and _plain_title(heading.split(". ", 1)[-1]) not in _plain_title(str(entry)):
            errors.append((claim_line(page, "sources", i), f"sources entry {i} ({key}) says 入门文章参考文献第 {n} 条, "
                                                           f"but entry {n} is '{entries[n].split(chr(10))[0][:60]}'; "
                                                           f"fix the entry number or the key"))
    return errors

