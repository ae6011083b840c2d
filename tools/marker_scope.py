"""Sentences under a site marker that the course documents may say themselves (REVIEW.md, whose is a claim).

The commonest label finding of the review rounds is a site marker (本站补充, 〔本站构造〕, 〔本站运行〕, a 本站构造 box)
whose scope covers a point the course makes, in the page's own section or in another one; the commonest wrong fix is
the reverse, a point marked as the site's because the page's section does not say it while another section does.
Both are questions about the WHOLE seed document, which a reader searching by hand misses. This lists, for every
sentence a site marker covers, the seed passage (one or two consecutive sentences of either document) that shares
most of its content, and the section that passage stands in.

Scope (docs/about/authoring.md, 谁的数): a marker at a paragraph's start covers the paragraph; a marker inside a
paragraph covers from its sentence to the paragraph's end; a parenthesised （本站补充：…） covers the parenthesis; a
list item or table row is its own paragraph; a 本站构造 or 本站运行 box covers its body.

Similarity is the share of the sentence's content (Chinese character pairs, Latin words, numbers; each weighted by how
rare it is in the seeds) that the passage also holds. It finds shared terms, not shared meaning: a hit is a place to
read, not a finding, and a paraphrase with new words can be missed. A reader decides.

    python -m tools.marker_scope docs/lecture/ch04/4-9.md        the page's covered sentences with a score ≥ 0.45
    python -m tools.marker_scope --min 0.3 --all docs/           every page; --all prints sentences under the bar too
    python -m tools.marker_scope --elsewhere 0.5 docs/            sentences whose best match stands in another section
                                                                  that their paragraph does not credit
    python -m tools.marker_scope --restated "lecture §4.6" docs/   seed first: the page sentences that share most with
                                                                  one of the section's sentences and do not credit it
    python -m tools.marker_scope --unmarked 0.15 docs/            the reverse: unmarked sentences (read as the
                                                                  course's) that share almost nothing with the seeds

The reverse listing serves the other common finding, a site explanation or general claim standing unmarked: a
sentence the course's words do not cover is a place to ask whose it is. A paraphrase of the course scores low too,
so most entries are the course's, reworded.
"""
from __future__ import annotations

import argparse
import bisect
import csv
import functools
import math
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED_DIRS = (ROOT.parent / "shared", ROOT / "shared")
DEFAULT_MIN = 0.45

_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$", re.M | re.S)
_MATH = re.compile(r"\$\$.*?\$\$|\$[^$\n]+\$", re.S)
_CODE = re.compile(r"`[^`\n]+`")
_LINK = re.compile(r"\[([^\]\n]*)\]\([^)\n]*\)")
_CJK = r"\u3400-\u9fff"
_LATIN_OR_NUMBER = re.compile(r"[A-Za-z][A-Za-z\-]+|\d+(?:\.\d+)?")
_SENTENCE_END = "。！？；"
_CODE_POINTER = re.compile(r"`(?:verify|kernels|tools|labs)[/.]")
_SITE_MARK = re.compile(r"本站补充|〔本站(?:构造|运行)〕|本站的?(?:看法|建议|观点)(?=[:：])")   # 本站的看法： (round 65)
_SITE_BOX = re.compile(r'^(?P<indent>[ \t]*)(?:!!!|\?\?\?\+?)\s+\w+\s+"(本站构造|本站运行)[^"]*"', re.M)
# pairs of characters too common to say anything about where a point comes from
_FUNCTION_CHARS = set("的了是在和与也就都而这那个一不有为把被对从到以及或其之所中上下里并但还又更可能会要")


@dataclass(frozen=True)
class SeedSentence:
    doc: str        # lecture | primer
    section: str    # the section id of sections.tsv (4.9, 13.2, A.5)
    line: int
    text: str


@dataclass(frozen=True)
class Covered:
    line: int       # the page line the sentence starts on (1-based, in the whole file)
    marker: str     # 本站补充, 〔本站构造〕, box 本站构造, ...
    text: str


@dataclass(frozen=True)
class Match:
    covered: Covered
    score: float
    passage: tuple[SeedSentence, ...]


def _features(text: str) -> Counter:
    """The content of a piece of prose: Chinese character pairs without a function character, Latin words, numbers."""
    text = _LINK.sub(r"\1", _CODE.sub(" ", _MATH.sub(" ", text)))
    out: Counter = Counter()
    for run in re.findall(f"[{_CJK}]+", text):
        for a, b in zip(run, run[1:]):
            if a not in _FUNCTION_CHARS and b not in _FUNCTION_CHARS:
                out[a + b] += 1
    for token in _LATIN_OR_NUMBER.findall(text):
        out[token.lower()] += 1
    return out


def _split_sentences(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) for each sentence of `text`, cut after 。！？；."""
    out, start = [], 0
    for i, ch in enumerate(text):
        if ch in _SENTENCE_END:
            if text[start:i + 1].strip():
                out.append((start, text[start:i + 1]))
            start = i + 1
    if text[start:].strip():
        out.append((start, text[start:]))
    return out


def seed_dir() -> Path:
    """The folder holding sections.tsv and seeds/; one line naming what is missing when it is not beside the checkout."""
    base = next((d for d in SEED_DIRS if (d / "sections.tsv").is_file()), None)
    if base is None:
        raise SystemExit(f"{SEED_DIRS[0] / 'sections.tsv'}: not found; the course documents must sit beside the "
                         "checkout (../shared/seeds, ../shared/sections.tsv) for this review tool")
    return base


@functools.lru_cache(maxsize=2)
def seed_sentences(base: Path) -> tuple[SeedSentence, ...]:
    """Every sentence of both course documents with the section it stands in."""
    rows: dict[str, list[tuple[int, int, str]]] = {}
    with open(base / "sections.tsv", encoding="utf-8") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            rows.setdefault(row["seed_file"], []).append((int(row["first_line"]), int(row["last_line"]),
                                                          f"{row['doc']} §{row['id']}"))
    out = []
    for seed_file, spans in rows.items():
        spans.sort()
        lines = (base / "seeds" / seed_file).read_text(encoding="utf-8").split("\n")
        starts = [s[0] for s in spans]
        for n, line in enumerate(lines, 1):
            k = bisect.bisect_right(starts, n) - 1
            # the finest section holding the line (a chapter row spans its sections; the last start wins)
            if k < 0 or n > spans[k][1]:
                continue
            doc, section = spans[k][2].split(" §")
            for _, sentence in _split_sentences(line):
                if len(re.findall(f"[{_CJK}]", sentence)) >= 4:
                    out.append(SeedSentence(doc, section, n, sentence.strip()))
    return tuple(out)


@functools.lru_cache(maxsize=2)
def _seed_index(base: Path) -> tuple[list[Counter], dict[str, float]]:
    feats = [_features(s.text) for s in seed_sentences(base)]
    df: Counter = Counter()
    for f in feats:
        df.update(f.keys())
    n = len(feats)
    idf = {k: math.log((n + 1) / (v + 0.5)) for k, v in df.items()}
    return feats, idf


def _strip_front_matter(text: str) -> tuple[str, int]:
    """(the body, the number of lines before it), by the project's own front-matter reader."""
    from checker.page import split_front_matter
    split = split_front_matter(text)
    if split is None:
        return text, 0
    return text[split[1]:], text.count("\n", 0, split[1])


def _layout(text: str) -> tuple[str, int, list[str], list[int]]:
    """(the body with code blocks blanked, the front matter's line count, its lines, each line's offset)."""
    body, skipped = _strip_front_matter(text)
    masked = _FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), body)
    lines = masked.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    return masked, skipped, lines, offsets


def _box_end(lines: list[str], first: int, indent: int) -> int:
    last = first
    while last < len(lines) and (not lines[last].strip() or len(lines[last]) - len(lines[last].lstrip()) > indent):
        last += 1
    return last


def _covered_spans(masked: str, lines: list[str], offsets: list[int]) -> list[tuple[int, int, str]]:
    """(start, end, marker) of every stretch of the body a site marker or box covers."""
    spans = []
    for m in _SITE_BOX.finditer(masked):
        first = masked.count("\n", 0, m.start()) + 1
        spans.append((offsets[first], offsets[_box_end(lines, first, len(m.group("indent")))], f"box {m.group(2)}"))
    for m in _SITE_MARK.finditer(masked):
        n = masked.count("\n", 0, m.start())
        if masked[max(0, m.start() - 1)] in "（(":
            close = masked.find("）", m.end())
            spans.append((m.end(), close if close > 0 else offsets[n + 1] - 1, m.group(0) + "（括号）"))
            continue
        stripped = lines[n].lstrip()
        first = last = n
        if not stripped.startswith("|"):
            # a list item is its paragraph, wrapped lines included (label rounds 58 and 59, primer 13-3 and 3-2): the
            # scope reaches back to the item's first line and on to its last, and stops before the next item
            while not re.match(r"\s*(?:[-*]|\d+\.)\s", lines[first]) and first > 0 and lines[first - 1].strip() \
                    and not lines[first - 1].lstrip().startswith(("!!!", "#")):
                first -= 1
            while last + 1 < len(lines) and lines[last + 1].strip() \
                    and not re.match(r"\s*(?:[-*]|\d+\.)\s", lines[last + 1]) \
                    and not lines[last + 1].lstrip().startswith(("!!!", "#", "|")):
                last += 1
        start = max(masked.rfind(c, offsets[first], m.start()) for c in _SENTENCE_END) + 1
        spans.append((max(start, offsets[first]), offsets[last + 1] - 1, m.group(0)))
    return spans


def _sentences_of(masked: str, skipped: int, start: int, end: int, marker: str, least: int,
                  offsets_out: list | None = None) -> list[Covered]:
    out = []
    for off, sentence in _split_sentences(masked[start:end]):
        clean = _SITE_MARK.sub("", sentence).strip(" ：:（）()\n-*|>")
        # a pointer to the code that recomputes a box says whose the computation is, not what the course says
        if len(re.findall(f"[{_CJK}]", clean)) >= least and not _CODE_POINTER.search(clean):
            # the line the sentence's first character stands on, not the line break before it
            lead = len(sentence) - len(sentence.lstrip())
            out.append(Covered(skipped + masked.count("\n", 0, start + off + lead) + 1, marker, " ".join(clean.split())))
            if offsets_out is not None:
                offsets_out.append(start + off + len(sentence) - len(sentence.lstrip()))
    return out


def _unique(found: list[Covered]) -> list[Covered]:
    seen, unique = set(), []
    for c in found:
        if (c.line, c.text) not in seen:
            seen.add((c.line, c.text))
            unique.append(c)
    return unique


def covered_sentences(text: str) -> list[Covered]:
    """The sentences of a page (its whole file text) that a site marker or box covers."""
    masked, skipped, lines, offsets = _layout(text)
    return _unique([c for start, end, marker in _covered_spans(masked, lines, offsets)
                    for c in _sentences_of(masked, skipped, start, end, marker, 6)])


_ANY_BOX = re.compile(r"^(?P<indent>[ \t]*)(?:!!!|\?\?\?\+?)\s+\w+", re.M)
_SELF_LABELLED = re.compile(r"本站|本页|本项目")
UNMARKED_LEAST = 12   # Chinese characters: a shorter unmarked sentence (a transition, a pointer) says too little to place


def unmarked_sentences(text: str) -> list[Covered]:
    """The page's prose sentences no marker or box labels, which therefore read as the course's: outside every box
    (a 教学构造, 论文结果 or 历史记录 box is labelled by its title), headings, tables and the 来源 section."""
    masked, skipped, lines, offsets = _layout(text)
    out_of_bounds = [(s, e) for s, e, _ in _covered_spans(masked, lines, offsets)]
    for m in _ANY_BOX.finditer(masked):
        first = masked.count("\n", 0, m.start())
        out_of_bounds.append((offsets[first], offsets[_box_end(lines, first + 1, len(m.group("indent")))]))
    sources = re.search(r"^##\s*来源", masked, re.M)
    if sources:
        out_of_bounds.append((sources.start(), len(masked)))
    found = []
    for n, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "|", "!!!", "???")):
            continue
        start, end = offsets[n], offsets[n] + len(line)
        if any(s <= start and end <= e for s, e in out_of_bounds):
            continue
        found.append((start, end))
    # a paragraph's lines joined, so that a sentence wrapped over two lines is one sentence
    paragraphs, current = [], None
    for start, end in found:
        if current and masked[current[1]:start] == "\n" and not re.match(r"\s*(?:[-*]|\d+\.)\s", masked[start:end]):
            current = (current[0], end)
        else:
            if current:
                paragraphs.append(current)
            current = (start, end)
    if current:
        paragraphs.append(current)
    out = []
    for start, end in paragraphs:
        at: list[int] = []
        for c, absolute in zip(_sentences_of(masked, skipped, start, end, "unmarked", UNMARKED_LEAST, at), at):
            if _SELF_LABELLED.search(c.text):
                continue   # 本站拿到的讲义里这张表缺失: the sentence says in words that it is the site's
            if not any(s <= absolute < e for s, e in out_of_bounds):
                out.append(c)
    return _unique(out)


MIN_CONTENT = 3   # a sentence with fewer content features (第一次分歧在第 1 步) matches anything that names its terms


def best_passage(sentence: str, base: Path | None = None) -> tuple[float, tuple[SeedSentence, ...]]:
    """The seed passage (one sentence, or two consecutive ones of one section) holding the largest weighted share of
    the sentence's content, and that share; (0, ()) for a sentence with too little content to place."""
    base = base or seed_dir()
    feats, idf = _seed_index(base)
    seeds = seed_sentences(base)
    want = _features(sentence)
    if len(want) < MIN_CONTENT:
        return 0.0, ()
    total = sum(idf.get(k, math.log(len(feats) + 1)) for k in want)
    if not total:
        return 0.0, ()
    best, where = 0.0, ()
    for i, f in enumerate(feats):
        shared = {k for k in want if k in f}
        if not shared:
            continue
        if i + 1 < len(feats) and seeds[i + 1].section == seeds[i].section:
            two = shared | {k for k in want if k in feats[i + 1]}
        else:
            two = shared
        one_score = sum(idf[k] for k in shared) / total
        two_score = sum(idf[k] for k in two) / total
        # a second sentence must earn its place: it is kept only when it adds a tenth of the content
        if two_score > one_score + 0.1 and two_score > best:
            best, where = two_score, (seeds[i], seeds[i + 1])
        elif one_score > best:
            best, where = one_score, (seeds[i],)
    return best, where


def ranked_sections(sentence: str, base: Path | None = None, exclude: frozenset[str] = frozenset(),
                    top: int = 3) -> list[tuple[float, SeedSentence]]:
    """The `top` sections (lecture §3.13, primer 6.6; those in `exclude` left out) whose best single sentence holds
    the largest weighted share of the sentence's content, each with that sentence: where else the course may make the
    same point. Shared terms, not shared meaning: a place to read."""
    base = base or seed_dir()
    feats, idf = _seed_index(base)
    want = _features(sentence)
    if len(want) < MIN_CONTENT:
        return []
    total = sum(idf.get(k, math.log(len(feats) + 1)) for k in want)
    best: dict[str, tuple[float, SeedSentence]] = {}
    for f, seed in zip(feats, seed_sentences(base)):
        key = f"{seed.doc} §{seed.section}"
        if key in exclude:
            continue
        score = sum(idf[k] for k in want if k in f) / total
        if score > best.get(key, (0.0, None))[0]:
            best[key] = (score, seed)
    return sorted(best.values(), key=lambda pair: -pair[0])[:top]


ELSEWHERE_LEAST = 12   # Chinese characters, as for the unmarked listing


def _prose_sentences(path: Path, least: int = ELSEWHERE_LEAST):
    """(line, sentence, body, offset, own section) for each prose sentence of a page with at least `least` Chinese
    characters: code blocks and the 来源 section left out."""
    text = path.read_text(encoding="utf-8")
    own = re.search(r"^source:\s*(\S+ §\S+)", text, re.M)
    body, skipped = _strip_front_matter(text)
    sources = re.search(r"^##\s*来源", body, re.M)
    body = _FENCE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), body[:sources.start()] if sources else body)
    for paragraph in re.finditer(r"[^\n]+(?:\n[^\n]+)*", body):   # a heading or the paragraph before ends a sentence
        for off, sentence in _split_sentences(paragraph.group(0)):
            if len(re.findall(f"[{_CJK}]", sentence)) < least:
                continue
            lead = paragraph.start() + off + len(sentence) - len(sentence.lstrip())
            yield (skipped + body.count("\n", 0, lead) + 1, " ".join(sentence.split()), body, lead,
                   own.group(1) if own else "")


def _credited(path: Path, body: str, at: int, section: str) -> bool:
    from checker.credits import _ALSO, _block, _credits
    start, end = _block(body, at)
    return not _ALSO.match(section) or _credits(path, body[start:end], section)


def uncredited_elsewhere(path: Path, least: float, base: Path | None = None) -> list[tuple[int, float, str, str, str]]:
    """(line, share, section, sentence, seed sentence) for each prose sentence of the page whose best match in a section
    other than the page's own holds at least `least` of its content, where the sentence's paragraph does not credit
    that section: a point the course may make elsewhere, left uncredited (label rounds 53-61, the commonest finding).
    Measured on the credits readers added in round 60, against the pages before it: the section they credited is the
    first candidate for 32% of the sentences and among the first three for 50%, but its share is ≥ 0.5 for 4% only;
    at 0.5 the site before this round gave 108 candidates on 82 pages. A reading list, not a finding."""
    out = []
    for line, sentence, body, lead, own in _prose_sentences(path):
        ranked = ranked_sections(sentence, base, frozenset({own}), top=1)
        if not ranked or ranked[0][0] < least:
            continue
        share, seed = ranked[0]
        section = f"{seed.doc} §{seed.section}"
        if not _credited(path, body, lead, section):
            out.append((line, share, section, sentence, seed.text))
    return out


def restated(section: str, pages: list[Path], top: int = 12, base: Path | None = None
             ) -> list[tuple[float, Path, int, str, SeedSentence]]:
    """The other direction (seed first): for one section (lecture §4.6), the `top` prose sentences of other pages that
    share most content with one of its sentences (the geometric mean of the two shares, so that neither a long page
    sentence nor a long seed sentence wins by size) and whose paragraph does not credit it. Measured on the 10 credits
    label round 63's fresh readers added, against the pages before them: 5 of the 10 pages stand among a section's
    first 12; the page-first listing (--elsewhere) had 2 of them first. A reading list for a reader going through the
    course section by section."""
    base = base or seed_dir()
    feats, idf = _seed_index(base)
    unknown = math.log(len(feats) + 1)
    doc, _, number = section.partition(" §")
    mine = [(seed, set(f)) for seed, f in zip(seed_sentences(base), feats)
            if (seed.doc, seed.section) == (doc, number) and len(f) >= MIN_CONTENT]
    best: dict[tuple[Path, int], tuple[float, str, str, int, SeedSentence]] = {}
    for path in pages:
        for line, sentence, body, lead, own in _prose_sentences(path, 8):
            if own == section:
                continue
            want = set(_features(sentence))
            if len(want) < MIN_CONTENT:
                continue
            page_total = sum(idf.get(k, unknown) for k in want)
            for seed, have in mine:
                shared = want & have
                if len(shared) < 2:
                    continue
                weight = sum(idf[k] for k in shared)
                score = math.sqrt(weight / page_total * weight / sum(idf[k] for k in have))
                if score > best.get((path, line), (0.0,))[0]:
                    best[(path, line)] = (score, sentence, body, lead, seed)
    out = []
    for (path, line), (score, sentence, body, lead, seed) in sorted(best.items(), key=lambda kv: -kv[1][0]):
        if not _credited(path, body, lead, section):
            out.append((score, path, line, sentence, seed))
            if len(out) >= top:
                break
    return out


def matches(path: Path, base: Path | None = None, unmarked: bool = False) -> list[Match]:
    text = path.read_text(encoding="utf-8")
    found = unmarked_sentences(text) if unmarked else covered_sentences(text)
    return [Match(c, *best_passage(c.text, base)) for c in found]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--min", type=float, default=DEFAULT_MIN, help="the least share printed (default 0.45)")
    parser.add_argument("--all", action="store_true", help="print every covered sentence, with its best share")
    parser.add_argument("--unmarked", type=float, metavar="MAX", default=None,
                        help="list instead the unmarked prose sentences (read as the course's) whose best share is "
                             "at most MAX: places where a site addition may stand without its marker")
    parser.add_argument("--restated", metavar="SECTION", default=None,
                        help="list instead, for one section ('lecture §4.6'), the sentences of the given pages that "
                             "share most content with one of its sentences and do not credit it")
    parser.add_argument("--top", type=int, default=12, help="how many sentences --restated lists (default 12)")
    parser.add_argument("--elsewhere", type=float, metavar="MIN", default=None,
                        help="list instead the prose sentences whose best match in another section holds at least MIN "
                             "of their content and whose paragraph does not credit that section")
    args = parser.parse_args(argv)
    files = []
    for p in args.paths:
        if not p.exists():
            print(f"{p}: no such file or folder; name a page or a folder of pages", file=sys.stderr)
            return 2
        files.extend(sorted(p.rglob("*.md")) if p.is_dir() else [p])
    shown = 0
    if args.restated:
        from checker.crossrefs import known_sections
        from checker.page import is_page
        doc, _, number = args.restated.partition(" §")
        if (doc, number) not in known_sections():
            print(f"--restated {args.restated!r}: not a section of the course; write it as 'lecture §4.6' or "
                  "'primer §13.2'", file=sys.stderr)
            return 2
        for score, path, line, sentence, seed in restated(args.restated, [f for f in files if is_page(f)], args.top):
            rel = path.resolve().relative_to(ROOT) if path.resolve().is_relative_to(ROOT) else path
            print(f"{rel}:{line}: {score:.2f} [{args.restated} line {seed.line}, not credited] {sentence}\n"
                  f"    {args.restated}: {seed.text[:160]}")
        return 0
    for f in files:
        if args.elsewhere is not None:
            from checker.page import is_page
            if not is_page(f):
                continue   # authoring.md and other files without a section are no page of the course
            rel = f.resolve().relative_to(ROOT) if f.resolve().is_relative_to(ROOT) else f
            for line, share, section, sentence, seed in uncredited_elsewhere(f, args.elsewhere):
                shown += 1
                print(f"{rel}:{line}: {share:.2f} [{section}, not credited] {sentence}\n    {section}: {seed[:160]}")
            continue
        for m in matches(f, unmarked=args.unmarked is not None):
            if args.unmarked is not None and m.score > args.unmarked:
                continue
            if args.unmarked is None and m.score < args.min and not args.all:
                continue
            shown += 1
            rel = f.resolve().relative_to(ROOT) if f.resolve().is_relative_to(ROOT) else f
            where = ", ".join(f"{s.doc} §{s.section} line {s.line}" for s in m.passage)
            seed = " / ".join(s.text for s in m.passage)
            print(f"{rel}:{m.covered.line}: {m.score:.2f} [{m.covered.marker}] {m.covered.text}\n"
                  f"    {where}: {seed[:160]}")
    print(f"{shown} sentences shown from {len(files)} pages", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
