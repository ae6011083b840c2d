"""A claim whose sentence was reworded, found again by its numbers (issue 31).

A claim template is located verbatim first (checker/pipeline.py). When an author rewords the sentence around a
claimed number (表中一共 6 条 → 表里共 6 条评论), the template no longer matches although the number is still the
computed one, and the author used to be told only "not found". `relocate` finds the one place where every hole
prints its computed value, in the template's order, inside one sentence, and accepts it only when the words that
carry the claim's meaning are the template's:

- the statement words (checker/statements.py: order, sign, negation, source, modality …), in order;
- the Latin and math text (names, symbols, formula parts, digits the template writes out), in order;
- the word right after each number (its unit or measure word: 个 token, 条, 次), where the template has one;
- no Chinese character the template lacks, except the function words of checker/data/rewording.yaml: a swapped
  noun (按词切 → 按字切, 行 → 列) brings a character of its own;
- at least half of the characters the template has before its first number and after its last one (together: a
  rewording may move 预测 from after the number to before it): a claim whose subject was cut away is not the same.

A place whose text stands unchanged in the page's pin file is never taken: it is another sentence the author did
not touch (the claim's own sentence was cut, or its number changed), not a rewording. A relocated claim is compared
like a located one; the page report lists it as a note with the text it was found in (`python -m verify PAGE`
prints the note; a note is not a failure: the numbers were checked), and `make pin`, which pins the reworded
sentence, shows the template's update for acceptance and writes it into the page, so that the claim is found
verbatim again once its sentence is pinned.
"""
from __future__ import annotations

import functools
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from checker.rule_files import Rule, load_rules

DATA = Path(__file__).resolve().parent / "data" / "rewording.yaml"
SENTENCE_END = "。！？!?|#`"                # a claim does not run past these unless its template does
CLAUSE_BREAK = "，,；;：:〕" + SENTENCE_END
_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN = re.compile(r"\\[A-Za-z]+|[A-Za-z0-9]+|[=+\-*/^_<>≤≥≈×·√∑∏]")
MAX_CHAINS = 200                           # candidate placements tried before a claim counts as not found
PLACE = "■"                               # where a number stood, in the texts the guards compare


@functools.lru_cache(maxsize=1)
def rules() -> tuple:
    return load_rules(DATA, Rule, ("function_characters",))


def function_characters() -> set[str]:
    """The characters a rewording may add around a claimed number (是, 共, 有 …)."""
    return {c for r in rules() for c in re.sub(r"[\[\]]", "", r.pattern)}


@dataclass(frozen=True)
class Located:
    """Where a relocated claim's holes print their values: the part of re.Match the claim check reads (group hN,
    start and end of the whole and of each hole) over the squeezed page text."""
    text: str
    spans: tuple            # (start, end) of hole 0, 1, …
    region: tuple           # (start, end) of the claim's words and numbers: the whole match

    def _span(self, group=0) -> tuple[int, int]:
        if group in (0, None):
            return self.region
        return self.spans[int(str(group).lstrip("h"))]

    def start(self, group=0) -> int:
        return self._span(group)[0]

    def end(self, group=0) -> int:
        return self._span(group)[1]

    def group(self, group=0) -> str:
        start, end = self._span(group)
        return self.text[start:end]


def _places(squeezed: str, pattern: str, accept) -> list[tuple[int, int]]:
    """Where one hole's pattern prints a value `accept` takes, not inside a longer number."""
    return [m.span() for m in re.finditer(f"(?<![0-9.]){pattern}(?![0-9])", squeezed) if accept(m.group(0))]


def _chains(squeezed: str, literals: list[str], places: list[list[tuple[int, int]]]) -> list[tuple]:
    """Every choice of one place per hole, in the template's order, each gap at most twice the template's words
    there and a few characters more, and none across a sentence's end unless the template's own words cross one."""
    chains = [(p,) for p in places[0]]
    for literal, options in zip(literals[1:-1], places[1:]):
        if len(chains) > MAX_CHAINS:
            return []   # a value printed all over the page (a table of 0.5s): no one place to find
        limit = 2 * len(literal) + 8
        crosses = any(c in SENTENCE_END for c in literal)
        chains = [(*chain, p) for chain in chains for p in options
                  if 0 <= p[0] - chain[-1][1] <= limit
                  and (crosses or not any(c in SENTENCE_END for c in squeezed[chain[-1][1]:p[0]]))]
    return chains


def _outer(text: str, start: int, end: int, breaks: int, backwards: bool, lines: list[int], rows: int = 0) -> str:
    """The words before a match's first number (backwards) or after its last one, up to the clause break or line
    break that ends them: as many clause breaks further as the template's own outer words hold, and as many lines
    further as they span (`rows`: a table claim's header rows stand before its first number)."""
    if backwards:
        pos = start
        for _ in range(breaks + 1):
            pos = max(text.rfind(c, 0, pos) for c in CLAUSE_BREAK)
            if pos < 0:
                break
        starts = [i for i in lines if i <= start]
        line = starts[-1 - rows] if len(starts) > rows else 0
        return text[max(pos + 1, line):start]
    pos = end
    for k in range(breaks + 1):
        found = [i for i in (text.find(c, end if k == 0 else pos + 1) for c in CLAUSE_BREAK) if i >= 0]
        pos = min(found) if found else len(text)
    starts = [i for i in lines if i > end]
    line = starts[rows] if len(starts) > rows else len(text)
    return text[end:min(pos, line)]


def _rows(literal: str) -> int:
    """How many line ends a template's words cross: in squeezed text a table's rows meet as '||'."""
    return literal.count("||")


def _count_breaks(text: str) -> int:
    return sum(text.count(c) for c in CLAUSE_BREAK)


def _unit(text: str) -> str:
    """The word right after a number: a Latin word, or one Chinese character (个, 条, 次); '' if none."""
    text = text.lstrip("$ ")
    m = re.match(r"[A-Za-z]+|[\u3400-\u9fff%‰]", text)
    return m.group(0) if m else ""


def why_not_the_same_claim(template_parts: list[str], page_parts: list[str], tokens) -> str:
    """'' when the page's words around the numbers say what the template's said; else what changed. `tokens`:
    checker.statements.tokens, the statement words of a text."""
    was, now = PLACE.join(template_parts), PLACE.join(page_parts)
    before, after = [t for _, t in tokens(was)], [t for _, t in tokens(now)]
    if before != after:
        return f"its statement words changed ({' '.join(before) or 'none'} -> {' '.join(after) or 'none'})"
    if _LATIN.findall(was) != _LATIN.findall(now):
        return "its names, symbols or formula changed"
    for i, (a, b) in enumerate(zip(template_parts[1:], page_parts[1:]), start=1):
        if _unit(a) and _unit(a) != _unit(b):
            return f"the word after number {i} changed ({_unit(a)} -> {_unit(b) or 'nothing'})"
    for a, b in zip(template_parts, page_parts):   # a table's header and row labels are its meaning, cell by cell
        if ("|" in a or "|" in b) and a.split("|") != b.split("|"):
            return "a table cell around the numbers changed (a header or a row label)"
    outer, kept = set(template_parts[0] + template_parts[-1]), set(page_parts[0] + page_parts[-1])
    if 2 * len(outer & kept) < len(outer):
        return "less than half of its words before the first number and after the last are left"
    # piece by piece, so that 每行…每列 -> 每列…每行 fails; the words before the first number and after the last
    # are one piece: a word may move from one end to the other (一共要做 8 次预测 -> 总共要预测 8 次)
    pieces = [(template_parts[0] + template_parts[-1], page_parts[0] + page_parts[-1], "outside the numbers"),
              *((a, b, f"after number {i}") for i, (a, b) in enumerate(zip(template_parts[1:-1], page_parts[1:-1]), 1))]
    for a, b, where in pieces:
        new = set(_CJK.findall(b)) - set(_CJK.findall(a)) - function_characters()
        if new:
            return f"it has words the template lacks ({''.join(sorted(new))}, {where})"
    return ""


def _with_neighbours(text: str, region: tuple[int, int], lines: list[int]) -> str:
    """The region with the character on each side of it (a clause break) unless a line begins there: a place
    stands unchanged in the pin file only where its clause does, not where its words are the tail of a longer
    clause there (一共得到 4 次 -> 共得到 4 次 is a rewording of that clause, not another sentence)."""
    start = region[0] - (region[0] > 0 and region[0] not in lines)
    end = region[1] + (region[1] < len(text) and region[1] not in lines)
    return text[start:end]


def old_clauses(old_text: str, first: int, last: int, literals: list[str]) -> tuple[str, str]:
    """(head, tail): the whole clauses around a claim's numbers in the text it was pinned in (`first`, `last`: where
    its first number began and its last one ended there). They are what the page said before the rewording, so
    the guards compare like with like: a bracketed list or a clause the template never quoted, left as it was, is
    not a word the rewording added."""
    return (_outer(old_text, first, last, _count_breaks(literals[0]), True, []),
            _outer(old_text, first, last, _count_breaks(literals[-1]), False, []))


def relocate(squeezed: str, literals: list[str], patterns: list[str], accept, lines: list[int], tokens,
             pinned=lambda text: False, was: tuple[str, str] | None = None) -> tuple[Located, str] | None:
    """(where, the page's text of the claim) for the one place where every hole prints its value (`accept(n,
    printed)`: hole n's printed value compares equal) and the words around say the same (`why_not_the_same_claim`);
    None when there is no such place or more than one. `lines`: the squeezed offsets where a line of the page
    begins. The words compared before the first number and after the last are their whole clauses (as many clauses
    as the template's own words there span), so a word added further out is read too. `pinned(text)`: the text
    stands unchanged in the page's pin file; such a place is another sentence the author did not touch (the claim's
    own sentence was cut or its number changed), not a rewording of the claim's. `was`: the clauses before the
    first number and after the last as the pinned text had them (`old_clauses`), compared instead of the
    template's own words there when the claim's old place is known."""
    if not patterns:
        return None
    before = [was[0], *literals[1:-1], was[1]] if was else literals
    places = [_places(squeezed, pattern, lambda printed, n=n: accept(n, printed)) for n, pattern in enumerate(patterns)]
    found = []
    for spans in _chains(squeezed, literals, places):
        first, last = spans[0][0], spans[-1][1]
        head = _outer(squeezed, first, last, _count_breaks(literals[0]), True, lines, _rows(literals[0]))
        tail = _outer(squeezed, first, last, _count_breaks(literals[-1]), False, lines, _rows(literals[-1]))
        gaps = [squeezed[a[1]:b[0]] for a, b in zip(spans, spans[1:])]
        page_parts = [head, *gaps, tail]
        region = (first - len(head), last + len(tail))
        if not pinned(_with_neighbours(squeezed, region, lines)) and not why_not_the_same_claim(before, page_parts, tokens):
            found.append((Located(squeezed, spans, region), PLACE.join(page_parts)))
    return found[0] if len(found) == 1 else None


# --------------------------------------------------------------------------- bringing a template up to date

@dataclass(frozen=True)
class Update:
    """A relocated claim's template and the page text it was found in, with the holes put back."""
    path: Path
    line: int
    index: int
    old: str
    new: str


def new_template(body: str, offsets: list[int], located: Located, holes: list[str]) -> str:
    """The page's text over the relocated claim's region (`offsets`: squeezed index -> body offset), each hole's
    printed value replaced by its `{key}`."""
    pieces, pos = [], offsets[located.region[0]]
    for (start, end), hole in zip(located.spans, holes):
        pieces += [body[pos:offsets[start]], hole]
        pos = offsets[end - 1] + 1
    pieces.append(body[pos:offsets[located.region[1] - 1] + 1])
    return re.sub(r"\s*\n\s*", " ", "".join(pieces))


def _quoted(template: str) -> str:
    return "'" + template.replace("'", "''") + "'"


def rewrite(update: Update) -> str:
    """Put the new template in the page file where the old one is written (a single-quoted YAML string, as the
    authoring guide asks); '' when done, else why not."""
    text = update.path.read_bytes().decode("utf-8")   # bytes: a CRLF page keeps its line ends
    end = text.find("\n---", 4) if text.startswith("---") else -1
    old = _quoted(update.old)
    if end < 0 or text[:end].count(old) != 1:
        return f"claim {update.index}'s template is not written once as {old} in the front matter; edit it by hand"
    store = text[:end].replace(old, _quoted(update.new)) + text[end:]
    temporary = update.path.with_name(update.path.name + ".pinning")
    temporary.write_bytes(store.encode("utf-8"))
    shutil.copymode(update.path, temporary)
    temporary.replace(update.path)   # atomic: the page is the old one or the new one, never half of each
    return ""
