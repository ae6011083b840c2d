"""A value the page says it takes from a course section: whose it is, and whether that section prints it.

The borrowing convention (docs/about/authoring.md, 谁的数): a value is labelled by whoever set it. A value the course
prints and the site reuses, in its own example or anywhere else, stays the course's (教学构造, with the section in
`course_also` or a `rules` entry); what the site computes from it, or chooses itself, is the site's (本站构造).
Label rounds 58-66 read the older wording ("a course value borrowed into a different object of the site's own
example is the site's") two ways and flipped the same keys back and forth (lecture 6-8's 16×16 patch, 3-20's and
3-21's beam widths, primer 9-4's 0.8 and 0.5): who set the value is a question the seed answers, the object is not.

So where a clause says a value is borrowed (沿用, 借自, 取自, 借用, 照搬 …; not denied: 没有沿用, 不是照搬) from a
course section it names:

- a claim of that clause declared `site_construction` whose every value the named section prints fails: declare it
  `course`, as the clause already says;
- a claim declared `course` whose value no named section prints fails: the clause sends the reader to the wrong
  section (or the value is not the course's); with a rule, the named section must be the page's own, in its
  `course_also`, or named in the rule.

The clause runs between commas and sentence ends outside parentheses (a wrapped line joined to the line before): a
borrowing word in another clause borrows something else. Where the clause names a document as the borrowing word's
object but no section (沿用讲义给的宽度), the page's own sections of that document stand for the named place. A value
reached through a computation after the borrowing word (相加得, 算出, 等于) is the site's, and 0 and 1, which every
section prints, are left alone; a small count of the site's own things is too (declared.printed_count).
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from checker.credits import _credits, section_text
from checker.crossrefs import LINK, section_pages
from checker.declared import printed_count
from checker.kinds import scalars
from checker.seed_numbers import SectionNumbers, section_numbers

# a word that says the value is taken from elsewhere
_BORROW_WORDS = "沿用|借自|取自|出自|借用|照搬|搬用|借来|照用|取的是|用的是"
BORROW = re.compile(_BORROW_WORDS)   # 这里取的是讲义 §7.15 那个解码器的 FFN 宽 (round 69)
# a denial before it in its clause: 没有沿用, 不是沿用, 并非照搬, 不直接照搬, 不能照搬, 不必沿用 (code review of stop 67)
_DENIED = re.compile(r"(?:不|没|未|非|无需|无须)[^，,；;。]{0,4}$")
# a value the site computes from the borrowed ones: 相加得 1, 之差为 0, 算出 … (review): not the borrowed value
_COMPUTED = re.compile(r"算出|算得|得到|得出|相加|加起来|求和|之和|之差|之积|乘积|乘以|除以|等于|[=＝]")
# numbers combined by an operator, then '=' right before the value: 336÷14=24, $2\times 3=6$ (not α=, which names it)
_ARITHMETIC_RESULT = re.compile(r"[\d.]+(?:\s*(?:[÷×*/+−-]|\\times|\\div|\\cdot)\s*[\d.]+)+\s*[=＝]\s*\$?\s*$")
_SENTENCE_END = "。；;！？!?"
_CLAUSE_END = "，,。；;！？!?"
_SECTION_NUMBER = re.compile(r"§\s*\[?\s*([0-9A-D]+\.\d+)")
# the document as the object of the borrowing word (沿用讲义给的宽度, 取自入门文章): the page's sections of it stand for
# the named place when no section is named
_DOCUMENT_BORROWED = re.compile(rf"(?:{_BORROW_WORDS})(?:了)?\s*(讲义|入门文章|课程)")
_DOC_KEYS = {"讲义": ("lecture",), "入门文章": ("primer",), "课程": ("lecture", "primer")}


def _expression(text: str) -> str:
    """Arithmetic as written, without spaces, math delimiters or TeX operator names, for comparing a page's with
    the seed's (14 \\times 14 = 196 and 14×14=196)."""
    for tex, sign in (("\\times", "×"), ("\\div", "÷"), ("\\cdot", "×"), ("*", "×"), ("＝", "=")):
        text = text.replace(tex, sign)
    return re.sub(r"[\s$]", "", text)


def _outside_parentheses(text: str) -> str:
    """`text` with the characters inside （…） and (…) replaced by a space, so that a comma inside a parenthesis does not
    end the clause around it (缓存检查的 20 步（容差 1e-10，步数与容差都沿用讲义 §7.15 的设定）)."""
    out, depth = [], 0
    for ch in text:
        if ch in "（(":
            depth += 1
            out.append(ch)
        elif ch in "）)" and depth:
            depth -= 1
            out.append(ch)
        else:
            out.append(" " if depth and ch in _CLAUSE_END else ch)
    return "".join(out)


def _clause(view: str, text: str, start: int, end: int) -> str:
    """The clause of text[start:end]: back and forward to the nearest comma or sentence end outside parentheses
    (`view` is `text` as _outside_parentheses gives it); a borrowing word in another clause of the sentence borrows
    something else (本站沿用讲义 §3.4 的记号，权重取本节的 …)."""
    a = max(view.rfind(ch, 0, start) for ch in _CLAUSE_END + "\n") + 1
    ends = [i for i in (view.find(ch, end) for ch in _CLAUSE_END + "\n") if i != -1]
    clause = text[a:min(ends) if ends else len(text)]
    if clause.lstrip().startswith("$$"):
        # a display formula after a line that ends with a colon (本站沿用讲义 §3.4 的权重：\n\n$$…$$) goes on that
        # line's clause (code review of stop 67)
        lead = text[:a].rstrip()
        if lead.endswith(("：", ":")):
            b = max(view.rfind(ch, 0, len(lead) - 1) for ch in _CLAUSE_END + "\n") + 1
            clause = text[b:len(lead)] + clause
    return clause


def _named_sections(page_path: Path, text: str) -> list[str]:
    """The course sections a text names ('lecture §6.7'), by a link to its page or by its § number, each read the way
    credits are (a bare § is the page's own document; 讲义/入门文章 before it decide otherwise)."""
    by_page = {path: f"{doc} §{section}" for (doc, section), path in section_pages().items()}
    candidates = []
    for m in LINK.finditer(text):
        href = m.group(2).split("#", 1)[0]
        if href and not re.match(r"[a-z]+:", href):
            found = by_page.get(Path(os.path.normpath(page_path.parent / href)).resolve())
            if found:
                candidates.append(found)
    for m in _SECTION_NUMBER.finditer(text):
        candidates += [f"{doc} §{m.group(1)}" for doc in ("lecture", "primer")]
    out = []
    for name in dict.fromkeys(candidates):
        if name not in out and _credits(page_path, text, name):
            out.append(name)
    return out


def _own_sections(course: SectionNumbers, documents: tuple) -> list[str]:
    """The page's own sections (its source and course_also, as the union's source names them) in those documents."""
    return [name for name in course.source.split("; ") if name.split(" ")[0] in documents]


def errors(page_path: Path, body: str, offset: int, claims: list, course: SectionNumbers,
           where: str = "the verify function") -> list[tuple[int, str]]:
    """(line, message) for each claim whose kind or credited section contradicts the borrowing its clause states.
    Claim spans are offsets into the page file, whose body starts at `offset`; `course` is the page's section with
    its course_also; `where` is the file and line of the @kinds to change."""
    from checker.absences import joined
    text, at = joined(body)          # a wrapped line is read as one with the line before
    position = {o: i for i, o in enumerate(at)}
    view = _outside_parentheses(text)
    out, seen = [], set()
    for claim in claims:
        if claim.status != "passed" or not claim.span or isinstance(claim.computed, str) or not claim.key:
            continue
        kind = claim.kind
        if kind not in ("site_construction", "course"):
            continue
        start, end = position.get(claim.span[0] - offset), position.get(claim.span[1] - offset)
        if start is None or end is None:
            continue
        clause = _clause(view, text, start, end)
        borrowed = next((m for m in BORROW.finditer(clause) if not _DENIED.search(clause[:m.start()])), None)
        if not borrowed:
            continue
        values = scalars(claim.computed)
        value_at = clause.find(str(claim.printed)) if claim.printed else -1
        between = clause[borrowed.end():value_at] if value_at > borrowed.end() else ""
        # the seed numbers hold the sections' own § numbers and years (§3.5 "prints" 3.5, 2014): a value equal to a §
        # number the clause names, or a year, is no evidence that the section gives it (review of stop 67)
        named_numbers = {float(n) for n in _SECTION_NUMBER.findall(clause) if re.fullmatch(r"\d+\.\d+", n)}

        def incidental(v: float) -> bool:
            return v in (0, 1) or v in named_numbers or (float(v).is_integer() and 1900 <= v < 2100)
        # a value written as the result of its own arithmetic (336÷14=24 块（…沿用 §6.2 …）) is the site's computation,
        # whatever the parenthesis after it borrows (second reader of round 74)
        named = _named_sections(page_path, clause)
        places = [(name, section_numbers(name)) for name in named]
        document = _DOCUMENT_BORROWED.search(clause)
        if not places and document:
            places = [(name, section_numbers(name)) for name in _own_sections(course, _DOC_KEYS[document.group(1)])]
        arithmetic = _ARITHMETIC_RESULT.search(clause[:value_at]) if value_at > 0 else None
        # the site's own sum, unless a section the clause borrows from prints the same sum (§6.2's 14×14=196, named
        # by its § or by 沿用讲义 alone: reviews 77, 78)
        own_sum = arithmetic is not None and not any(
            _expression(arithmetic.group(0) + str(claim.printed)) in _expression(section_text(name)) for name, _ in places)
        if not values or own_sum or _COMPUTED.search(between) or all(incidental(v) for v in values):
            continue   # computed from the borrowed values, or a 0/1, a § number or a year that any section prints
        if not places:
            continue
        key = re.split(r"[\[.,]", claim.key)[0]
        printing = [name for name, numbers in places if all(numbers.states_value(v) for v in values)]
        if (key, kind) in seen:
            continue
        # a small count (落在 4 个 16×16 的 patch 里（切块大小沿用 §6.2）) counts the site's own things even where the
        # section prints a 4 of its own (四个裁片): the clause borrows the patch size, not the count
        if kind == "site_construction" and printing and not printed_count(claim):
            seen.add((key, kind))
            home = f"with {printing[0]} in course_also, or " if named else ""
            out.append((claim.line, f"{{{key}}} = {claim.printed!r} is declared site_construction ({where}), but its "
                        f"clause says it is taken ({borrowed.group(0)}) from {printing[0]}, which prints it: a value "
                        f"the course set stays the course's wherever the site uses it; declare {key} course ({home}"
                        f"rules={{'{key}': 'where it is read off'}}), and keep site_construction for what the site "
                        "computes from it"))
        elif kind == "course" and named and not printing:
            if claim.rule and (any(n in _own_sections(course, ("lecture", "primer")) for n in named)
                               or any(f"§{n.split('§')[1]}" in claim.rule for n in named)):
                continue   # the rule says where the value is read off, and the clause names a section behind it
            seen.add((key, kind))
            out.append((claim.line, f"{{{key}}} = {claim.printed!r} stands in a clause that says it is taken "
                        f"({borrowed.group(0)}) from {', '.join(named)}, which does not print it (at the precision "
                        f"printed; checker/data/seed_numbers.json){' and is not named in its rule' if claim.rule else ''}: "
                        f"name the section the value comes from, or state in rules={{'{key}': '…'}} ({where}) how it "
                        "is read off"))
    return out
