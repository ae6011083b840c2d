"""A value the page says it takes from a course section: whose it is, and whether that section prints it.

The borrowing convention (docs/about/authoring.md, 谁的数): a value is labelled by whoever set it. A value the course
prints and the site reuses, in its own example or anywhere else, stays the course's (教学构造, with the section in
`course_also` or a `rules` entry); what the site computes from it, or chooses itself, is the site's (本站构造).
Label rounds 58-66 read the older wording ("a course value borrowed into a different object of the site's own
example is the site's") two ways and flipped the same keys back and forth (lecture 6-8's 16×16 patch, 3-20's and
3-21's beam widths, primer 9-4's 0.8 and 0.5): who set the value is a question the seed answers, the object is not.

So where a sentence says a value is borrowed (沿用, 借自, 取自, 借用, 照搬 …) from a course section it names:

- a claim of that sentence declared `site_construction` whose every value the named section prints fails: declare
  it `course`, as the sentence already says;
- a claim declared `course` without a rule whose value no named section prints fails: the sentence sends the reader
  to the wrong section (or the value is not the course's).

Where the sentence names a document but no section (沿用讲义给的宽度), the page's own section and its `course_also`
stand for the named place. Claims the site computes from the borrowed values (a product, a ratio) print numbers the
section does not print, so neither rule touches them.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from checker.credits import _credits
from checker.crossrefs import LINK, section_pages
from checker.declared import printed_count
from checker.kinds import scalars
from checker.seed_numbers import SectionNumbers, section_numbers

# a word that says the value is taken from elsewhere; 不取自/并非沿用 say the opposite
BORROW = re.compile(r"(?<![不非没未])(?:沿用|借自|取自|借用|照搬|搬用|借来|照用)")
# a colon goes on: 沿用 §9.2 那一格的数：旧状态 0.8 names the borrowed values after it
_SENTENCE_END = "。；;！？!?\n"
_SECTION_NUMBER = re.compile(r"§\s*\[?\s*([0-9A-D]+\.\d+)")
_DOCUMENT = re.compile(r"讲义|入门文章|课程")


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence around text[start:end]: back and forward to the nearest 。； or line end."""
    a = max(text.rfind(ch, 0, start) for ch in _SENTENCE_END) + 1
    ends = [i for i in (text.find(ch, end) for ch in _SENTENCE_END) if i != -1]
    return text[a:min(ends) if ends else len(text)]


def _named_sections(page_path: Path, sentence: str) -> list[str]:
    """The course sections a sentence names ('lecture §6.7'), by a link to its page or by its § number, each read
    the way credits are (a bare § is the page's own document; 讲义/入门文章 before it decide otherwise)."""
    by_page = {path: f"{doc} §{section}" for (doc, section), path in section_pages().items()}
    candidates = []
    for m in LINK.finditer(sentence):
        href = m.group(2).split("#", 1)[0]
        if href and not re.match(r"[a-z]+:", href):
            found = by_page.get(Path(os.path.normpath(page_path.parent / href)).resolve())
            if found:
                candidates.append(found)
    for m in _SECTION_NUMBER.finditer(sentence):
        candidates += [f"{doc} §{m.group(1)}" for doc in ("lecture", "primer")]
    out = []
    for name in dict.fromkeys(candidates):
        if name not in out and _credits(page_path, sentence, name):
            out.append(name)
    return out


def errors(page_path: Path, body: str, offset: int, claims: list, course: SectionNumbers) -> list[tuple[int, str]]:
    """(line, message) for each claim whose kind or credited section contradicts the borrowing its sentence states.
    Claim spans are offsets into the page file, whose body starts at `offset`; `course` is the page's section with
    its course_also."""
    out, seen = [], set()
    for claim in claims:
        if claim.status != "passed" or not claim.span or isinstance(claim.computed, str) or not claim.key:
            continue
        kind = claim.kind
        if kind not in ("site_construction", "course") or (kind == "course" and claim.rule):
            continue
        sentence = _sentence(body, claim.span[0] - offset, claim.span[1] - offset)
        borrowed = BORROW.search(sentence)
        if not borrowed:
            continue
        values = scalars(claim.computed)
        if not values:
            continue
        named = _named_sections(page_path, sentence)
        places = [(name, section_numbers(name)) for name in named]
        if not places and _DOCUMENT.search(sentence):
            places = [(course.source, course)] if course.source else []
        if not places:
            continue
        key = claim.key.split(",")[0]
        printing = [name for name, numbers in places if all(numbers.states_value(v) for v in values)]
        where = ", ".join(name for name, _ in places)
        # a small count (落在 4 个 16×16 的 patch 里（切块大小沿用 §6.2）) counts the site's own things even where the
        # section prints a 4 of its own (四个裁片): the sentence borrows the patch size, not the count
        if kind == "site_construction" and printing and not printed_count(claim) and (key, kind) not in seen:
            seen.add((key, kind))
            home = (f"with {printing[0]} in course_also, or " if named else "")
            out.append((claim.line, f"{{{key}}} = {claim.printed!r} is declared site_construction, but its sentence "
                        f"says it is taken ({borrowed.group(0)}) from {'the course' if not named else printing[0]}, "
                        f"and {printing[0]} prints it: a value the course set stays the course's wherever the site "
                        f"uses it; declare {key} course ({home}rules={{'{key}': 'where it is read off'}}), and keep "
                        "site_construction for what the site computes from it"))
        elif kind == "course" and named and not printing and (key, kind) not in seen:
            seen.add((key, kind))
            out.append((claim.line, f"{{{key}}} = {claim.printed!r} stands in a sentence that says it is taken "
                        f"({borrowed.group(0)}) from {where}, which does not print it (at the precision printed; "
                        "checker/data/seed_numbers.json): name the section the value comes from, or state in "
                        f"rules={{'{key}': '…'}} how it is read off"))
    return out
