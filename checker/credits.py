"""Credits a page owes another section: a point it states that another section of the course makes too.

The label readers' commonest finding (label rounds 53-59, one page in five of every fresh sample) was a course point
left uncredited, or credited to one section where another (most often in the other course document) makes it as
well: the primer restating a lecture section and the reverse. No reading of the text finds these; readers do, by
searching the other document. checker/data/credits.yaml keeps what they found, one entry per credit:

    - page: docs/primer/ch16/16-3.md
      says: 仍可能拼出不合法的标签序列          # words of the page's sentence that states the point
      also: lecture §5.6                       # the other section that makes it
      seed: 逐位置独立分类可能产生非法标签组合    # that section's own words, verbatim from the seed
      point: 逐位置独立分类会拼出非法标签序列     # what the shared point is

and this module holds each page to them: `says` stands on the page, `seed` stands in the seed text of `also`, and the
block around `says` (its paragraph, list item or table row) credits `also` (a link to its page, or its § number
after 讲义/入门文章). A co-author who drops the credit, or sends it to another section, is told so; one who removes the
point itself is told to remove the entry.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from checker import entries_file
from checker.crossrefs import LINK, known_sections, section_pages, seed_text   # seed_text: read here and by absences
from checker.paths import DOCS, ROOT

DATA = ROOT / "checker" / "data" / "credits.yaml"
FIELDS = ("page", "says", "also", "seed", "point")
_ALSO = re.compile(r"^(lecture|primer)\s*§\s*([0-9A-D]+(?:\.\d+)?)$")
_DOC_WORD = {"lecture": "讲义", "primer": "入门文章"}
_NAMER = re.compile(r"讲义|入门文章|论文|原文|paper|Table|Figure|附录|参考文献", re.I)


class CreditsError(Exception):
    """A malformed entry of the credits file: where it is and what to do."""


def _entries_with_lines(path: Path) -> list[tuple[int, dict]]:
    out = []
    for line, entry in entries_file.load(path, {f: str for f in FIELDS}, CreditsError,
                                         "- page: … says: … also: … seed: … point: …"):
        if len(entry["says"].strip()) < 4 or len(entry["seed"].strip()) < 4:
            raise CreditsError(f"{path}:{line}: `says` and `seed` need at least four characters each (words that "
                               "stand once on the page and in the seed, not a syllable found anywhere)")
        if not _ALSO.match(entry["also"].strip()):
            raise CreditsError(f"{path}:{line}: also {entry['also']!r} is not a section of the course; write it as "
                               "'lecture §5.6' or 'primer §16.3'")
        out.append((line, entry))
    return out


def entries(path: Path = DATA) -> tuple[tuple[int, dict], ...]:
    """(line in the credits file, entry) for every credit; () when there is no file."""
    return entries_file.entries(path, _entries_with_lines)


def section_text(also: str) -> str:
    """The seed text of section `also` (lecture §5.6)."""
    return seed_text(*_ALSO.match(also).groups())
    return ""


def _block(body: str, at: int) -> tuple[int, int]:
    """The paragraph, list item or table row around body offset `at`: what a credit beside a point may stand in."""
    line_start = body.rfind("\n", 0, at) + 1
    line_end = body.find("\n", at)
    line_end = len(body) if line_end < 0 else line_end
    line = body[line_start:line_end]
    if line.lstrip().startswith("|"):
        return line_start, line_end
    item = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])\s")
    start = line_start
    while not item.match(body[start:start + 12]) and start > 0:
        previous = body.rfind("\n", 0, start - 1) + 1
        text = body[previous:start - 1]
        if not text.strip() or text.lstrip().startswith(("#", "|", "!!!", "```")):
            break
        start = previous
    end = line_end
    while end < len(body):
        following = body.find("\n", end + 1)
        following = len(body) if following < 0 else following
        text = body[end + 1:following]
        if not text.strip() or item.match(text) or text.lstrip().startswith(("#", "|", "!!!", "```")):
            break
        end = following
    return start, end


def _reworded_at(body: str, says: str, credited=None) -> int:
    """Where the sentence `says` came from stands now, reworded: the start of the block (paragraph, item, row) that
    keeps most of its characters, at least three in five, in order or, where two of its clauses were exchanged, nine
    in ten in any order (honest_22a H22a-020); -1 when none does. The kept characters must stand close together (within
    twice the length of `says`): a short `says` is otherwise found scattered over any long paragraph (review of this
    stop: deleting a credited sentence re-located 206 of 1,200 entries into unrelated paragraphs). A co-author who
    rewords the sentence keeps its credit without editing the credits file; one who drops it is asked to drop the
    entry. `credited(text)`, given, tells a block that still credits the entry's section: there two in five of the
    characters are enough (honest_26 H26-006: 两个任务面对的都是很长的输入，需要留住的信息却各不相同 -> 两个任务的输入
    同样都很长，要留住的信息却不一样, beside the same link to §8.3, kept 0.5)."""
    best, at, pos = 0.0, -1, 0
    best_credited, at_credited = 0.0, -1
    while pos < len(body):
        if body[pos].isspace():
            pos += 1   # a blank line is no block: _block from there would reach back into the paragraph before it
            continue
        start, end = _block(body, pos)
        text = body[start:end]
        score = _kept_nearby(says, text)
        if score > best:
            best, at = score, start + len(text) - len(text.lstrip())
        if credited is not None and 0.4 <= score and score > best_credited and credited(text):
            best_credited, at_credited = score, start + len(text) - len(text.lstrip())
        pos = max(end, pos) + 1
    return at if best >= 0.6 else at_credited


def _kept_nearby(says: str, text: str) -> float:
    """The share of `says` that `text` keeps within a stretch twice as long as `says`: in order (difflib's matching
    blocks), or 0.6 when nine in ten of its characters stand there in any order."""
    from collections import Counter
    from difflib import SequenceMatcher
    width = 2 * len(says) + 8
    matched = [(b, size) for _, b, size in SequenceMatcher(None, says, text, autojunk=False).get_matching_blocks()
               if size]
    in_order = 0
    for i, (b, _) in enumerate(matched):
        in_order = max(in_order, sum(size for b2, size in matched[i:] if b2 + size <= b + width))
    wanted = Counter(c for c in says if not c.isspace())
    total = max(1, sum(wanted.values()))
    # windows every half `says`, and one that ends with the text: stepping alone could stop short of a block's last
    # characters (honest corpus 25, H25-023: a list reordered at the end of 9-1's item scored 0.5)
    starts = [*range(0, max(1, len(text) - width + 1), max(1, len(says) // 2)), max(0, len(text) - width)]
    bag = max((sum((wanted & Counter(text[i:i + width])).values()) for i in starts), default=0) / total
    return max(in_order / len(says), 0.6 if bag >= 0.9 else 0.0)


def _credits(page_path: Path, block: str, also: str, pages: dict | None = None) -> bool:
    """Does the text name section `also`: a link to its page, or its § number after the document's name (the same
    document's § number alone, within a page of that document)? `pages` is section_pages(), read once per page."""
    doc, section = _ALSO.match(also).groups()
    target = (pages if pages is not None else section_pages()).get((doc, section))
    for m in LINK.finditer(block):
        href = m.group(2).split("#", 1)[0]
        if href and target is not None and not re.match(r"[a-z]+:", href) and \
                Path(os.path.normpath(page_path.parent / href)).resolve() == target:
            return True
    number = re.escape(section)
    same_document = str(page_path.resolve()).startswith(str((DOCS / doc).resolve()) + os.sep)
    # a § inside a link's text is the link target's (入门文章 page: [§7.6](../../lecture/ch07/7-6.md) is the lecture's
    # §7.6, round 64's reader): a § in the text of a link into the other document credits that document only
    other_document = str((DOCS / ("primer" if doc == "lecture" else "lecture")).resolve()) + os.sep
    elsewhere = [(m.start(), m.end()) for m in LINK.finditer(block)
                 if m.group(2).split("#", 1)[0] and not re.match(r"[a-z]+:", m.group(2))
                 and str(Path(os.path.normpath(page_path.parent / m.group(2).split("#", 1)[0])).resolve())
                 .startswith(other_document)]
    for m in re.finditer(rf"§\s*\[?\s*{number}(?![\d.]*\d)", block):
        if any(a <= m.start() < b for a, b in elsewhere):
            continue
        # whose § it is: the nearest document or paper named before it in its clause (讲义 §1.3、§1.4 are both the
        # lecture's; 讲义 §3.1 与入门文章 §5.6 gives the primer's §5.6, 论文 §5.6 a paper's: review of this stop); none
        # named, the page's own document. A credit reflowed over two lines of one paragraph is one credit
        clause = re.split(r"[。；]", block[max(0, m.start() - 30):m.start()])[-1]
        named = _NAMER.findall(clause)
        if (named[-1] == _DOC_WORD[doc]) if named else same_document:
            return True
    return False


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


_ASIDE = re.compile(r"（[^（）]*）|\([^()]*\)")
_FUNCTION_CHARACTERS = set("的了是在和与及也都就而可能不没会要把被这那有之其所为以")


def _reworded_in_place(page, says: str) -> int:
    """The body offset of the sentence that stands where the pinned sentence holding `says` stood, reworded in place
    (checker/snapshots.py diff: that one pinned sentence replaced by one or two, keeping some of the credited
    words): 入门文章的结论是：词与词之间不存在谁
    大谁小… -> 入门文章由此得出结论：词并没有大小之分… (honest_64 H64-005) keeps its point, and its credit, in other
    words; the paragraph must still credit the section. A sentence deleted, or moved away, has no such place: -1."""
    from checker import snapshots
    from checker.statements import snapshot_items
    snapshot = snapshots.for_page(page.path)
    if snapshot is None:
        return -1
    old = [item for item in snapshot.items if "page" not in item]
    holding = [i for i, item in enumerate(old) if says in snapshots.squeeze_spaces(str(item[snapshots.key_of(item)]))]
    if len(holding) != 1:
        return -1
    items, spans = snapshot_items(page)
    new_items = [item for item in items if "page" not in item]
    for change in snapshots.diff(snapshot.items, items):
        i1, i2, j1, j2 = change.spans
        if i1 <= holding[0] < i2 and i2 - i1 == 1 and 1 <= j2 - j1 <= 2 \
                and all(snapshots.key_of(item) in snapshots.TEXT_KEYS for item in new_items[j1:j2]):
            start, end = spans[1:][j1][0], spans[1:][j2 - 1][1]
            # and it keeps some of the credited words (词…大小 of 词与词之间不存在谁大谁小): two characters of them at
            # least, read outside its asides, that the rest of the pinned sentence did not hold (an aside that
            # credits the course may repeat 大小 and 词 whatever the sentence says); a sentence rewritten to say
            # something else in their place (按数值去解读编号没有问题, 可能出错) no longer makes the point
            if start < 0:
                return -1
            rest = snapshots.squeeze_spaces(str(old[holding[0]][snapshots.key_of(old[holding[0]])])).replace(says, "")
            content = {c for c in says if "\u4e00" <= c <= "\u9fff" and c not in _FUNCTION_CHARACTERS}
            kept = content & set(_ASIDE.sub("", page.body[start:end])) - set(_ASIDE.sub("", rest))
            return start if len(kept) >= 2 else -1
    return -1


def page_errors(page, path: Path = DATA) -> list[tuple[int, str]]:
    """(line, message) for each credit `page` owes and does not give."""
    from checker.paths import project_relative
    here = project_relative(Path(page.path))   # a copy elsewhere has no credits: its links go to its own tree
    out = []
    pages = None
    for line, entry in entries(path):
        if entry["page"].strip() != here:
            continue
        where = f"{_shown(path)}:{line}"
        also = entry["also"].strip()
        at = page.body.find(entry["says"])
        verbatim = at >= 0
        if not verbatim:
            pages = section_pages() if pages is None else pages
            at = _reworded_at(page.body, entry["says"],
                              lambda text, also=also: _credits(Path(page.path), text, also, pages))
        if at < 0:
            at = _reworded_in_place(page, entry["says"])
        if at < 0:
            out.append((page.body_first_line, f"the credits file ({where}) says this page states '{entry['point']}', "
                        f"which {also} makes too, in words '{entry['says']}' that are no longer on the page; if the "
                        "point is still here, update `says` to its words now, else remove the entry"))
            continue
        line_no = page.line_of(at)
        doc, section = _ALSO.match(also).groups()
        if (doc, section) not in known_sections():
            out.append((line_no, f"{where}: also {also!r} is not a section of the course documents; correct it"))
            continue
        seed = section_text(also)
        if seed and entry["seed"] not in seed:
            out.append((line_no, f"{where}: seed words '{entry['seed']}' are not in the text of {also}; copy them "
                        "verbatim from that section of the seed, or correct `also`"))
            continue
        start, end = _block(page.body, at)
        pages = section_pages() if pages is None else pages
        if not _credits(Path(page.path), page.body[start:end], also, pages):
            if verbatim:
                out.append((line_no, f"'{entry['says']}' states a point {also} makes too ({entry['point']}; "
                            f"{where}), and its paragraph does not credit {also}: add a link to {also} there (or "
                            f"write {_DOC_WORD[doc]} §{section}), or, if the page no longer makes that point, remove "
                            "the entry"))
            else:
                out.append((line_no, f"the credits file ({where}) says this page states '{entry['point']}', which "
                            f"{also} makes too, in words '{entry['says']}' no longer on the page as written; the "
                            f"paragraph closest to them (this line) does not credit {also}: if the point is here, "
                            f"credit {also} beside it and update `says`; if it is gone, remove the entry"))
    return out


def main(argv: list[str] | None = None) -> int:
    """`python -m checker.credits [--data FILE] [PAGE …]`: every credit the pages owe and do not give."""
    from checker.page import PageError, all_pages, read_page
    parser = argparse.ArgumentParser(prog="python -m checker.credits", description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("pages", nargs="*", type=Path)
    args = parser.parse_args(argv)
    if not args.data.is_file():
        print(f"{args.data}: no such credits file; give the path of a YAML list of credits (checker/data/credits.yaml)")
        return 2
    try:
        found = entries(args.data.resolve())
    except CreditsError as exc:
        print(exc)
        return 2
    wanted = {p.resolve() for p in args.pages}
    named = {(DOCS.parent / e["page"].strip()).resolve() for _, e in found}
    failures = 0
    for line, entry in found:
        if not (DOCS.parent / entry["page"].strip()).is_file():
            print(f"{args.data}:{line}: page {entry['page']!r} does not exist; correct the path (docs/…/N-N.md)")
            failures += 1
    for path in sorted(named & wanted if wanted else named):
        if not path.is_file():
            continue
        try:
            page = read_page(path)
        except PageError as exc:
            print(f"{exc.path}:{exc.line}: {exc.message}")
            failures += 1
            continue
        for line, message in page_errors(page, args.data.resolve()):
            print(f"{path.relative_to(DOCS.parent)}:{line}: {message}")
            failures += 1
    print(f"{len(found)} credits on {len(named)} pages; {failures} not given")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
