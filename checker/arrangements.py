"""A swap keeps every character, so it is caught by the characters staying and the arrangement changing (issue 20).

A careless edit that exchanges two terms keeps every digit and every statement word: 训练时用参考译文的前缀，生成时
用模型自己选出的前缀 with the two prefixes exchanged, GloVe and fastText exchanged across two sentences, two cells of a
table, the header of two columns, two numbered steps, 从左到右 -> 从右到左. No word list names every pair that can be
exchanged; what they share is that the unit (a sentence, a block, the page) has exactly the characters it had, in
another arrangement.

When a page is pinned (`make pin`), its pin file (checker/snapshots.py) keeps the page's text, block by block, and
from it every unit gives two fingerprints: the multiset of its characters, and the multiset of its parts (a sentence's clauses, a paragraph's sentences, a list's items, a table's rows and, as a second
reading, its columns, a code block's lines, the page's blocks). A unit of the current page whose characters were pinned
but whose parts were not is a rearrangement inside a part: two terms exchanged. Moving whole parts is not: clauses,
sentences, rows, columns and bulleted items may be reordered freely. Two terms exchanged across a coordinator
(A 和 B -> B 和 A, A、B, A/B) say the same and pass, unless the sentence pairs them with something (分别, 依次, 对应).

The fingerprints are recomputed from the pinned text, never stored: the pin file shows the sentences themselves, and
a rewording, which changes the characters, is not judged here at all. Like the statement pins, this does not check truth; it makes an exchange a
reviewed act: if it is meant, check the unit against its source and run `make pin`.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from difflib import SequenceMatcher
from itertools import chain, permutations, product

from checker import snapshots
from checker.paths import project_relative

_SENTENCE_END = "。！？!?"
_CLAUSE_END = "，,；;：:"
# where two neighbours may change places without changing what is said; an enumeration's marks
_SEPARATOR = re.compile(r"[和与及、或跟/，,；;]|\b(?:and|or)\b")
# (A、B，或者 C; A、B，以及 C: the last item after a comma and a conjunction is one more item of the list, honest_26
# H26-023: 可以复核一段推理、改动其中一个条件，或者读取已经保存的结果 with its three acts in another order)
_ENUMERATOR = re.compile(r"[，,]\s*(?:或者|以及|还有)|[和与及、或]")
# a connective that opens a clause adding a second predicate to the same subject; not a step (再, 然后: an order)
_CONNECTIVE = re.compile(r"(?:而且|并且|同时|也|还|又|且|并)")
# a coordination that is paired with something else: exchanging its sides moves them against their partners
# (分别 before a verb of its own, 分别更新两张表：A，以及 B, pairs nothing: each item names its table; honest_30 H30-006)
# (分别写清：A、B、C asks for each item on its own, nothing paired with them: honest_84 H84-023)
_PAIRED = re.compile(r"分别(?!更新|处理|计算|检查|说明|讲|介绍|看|写清|写明|写出|报告|记录|列出|交代|注明)|依次|各自|对应|respectively", re.I)
# a coordination whose order is the meaning: A 与 B 之比 is A/B, A 和 B 的差 is A−B (blind corpus 26, W26-052: 7-9's
# caption 重算耗时与 cache 耗时之比 turned round read as the same two sides exchanged)
_ORDERED = re.compile(r"之比|的比值|之商|之差|的差值|相除|相减")
_MAX_CONJUNCT = 16
_MAX_CLAUSE = 40
_MAX_HEAD = 8      # the statement word that ends a parallel clause
# the name a parallel clause opens with: a quoted term or a Latin name, as in checker/statements.py
_NAME = re.compile(r"\**(?:“[^”]{1,12}”|「[^」]{1,12}」|`[^`]{1,40}`|[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*)\**")
_MAX_PAIRED = 10   # each side of two coordinations exchanged together
_PAIRED_GAP = 24   # the most characters between them
_FENCE = re.compile(r"^\s*(```|~~~)")
_TABLE_ROW = re.compile(r"^\s*\|")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s+")


@dataclass
class Unit:
    kind: str          # sentence, paragraph, item, items, table, code, heading, meta, page
    offset: int        # body offset of its first character (-1: the title, -2: the description)
    lines: list[str] = field(default_factory=list)      # a code block's lines
    children: list["Unit"] = field(default_factory=list)
    prefix: str = ""   # a numbered item's number: it stays in place when the items move (3. X / 4. Y -> 3. Y / 4. X)
    grid: list[list["Unit"]] = field(default_factory=list)   # a table's cells, row by row
    raw: str = ""      # a sentence's text, normalized
    written: str = ""  # a sentence's text with its spaces (where a number ends and a name begins: v2 2024)
    end: int = 0       # a sentence's body offset after its last character
    source: list[tuple[int, int, str]] = field(default_factory=list)   # a table's rows, a code block's lines, as written


_SPACE = re.compile(r"\s+")


def _normalize(text: str) -> str:
    return _SPACE.sub("", text)


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=4).hexdigest()


def _split(text: str, ends: str) -> list[tuple[int, str]]:
    """(offset, piece) pieces of text, each ending after one of `ends` (the last may not)."""
    return [(m.start(), m.group(0)) for m in _piece_pattern(ends).finditer(text) if m.group(0).strip()]


@lru_cache(maxsize=None)
def _piece_pattern(ends: str) -> re.Pattern:
    """A piece up to and including one of `ends`, or the rest of the text (a regex: the exchange search splits
    hundreds of thousands of candidate sentences)."""
    marks = re.escape(ends)
    return re.compile(f"[^{marks}]*[{marks}]|[^{marks}]+")


# a parenthesis (a pointer or a source) that closes a sentence: it belongs to the sentence, not to its last clause
_CLOSING_ASIDE = re.compile(r"(（[^（）]*）)(?=[。！？!?：:]?\s*$)")
# a Latin name that opens a sentence as its subject, a Chinese word right after it
_LEADING_NAME = re.compile(r"([A-Za-z][A-Za-z0-9\-]*)(?=[\u4e00-\u9fff])(?![和与及跟或、的])")
_POINTER_SUBJECT = re.compile(r"(这两条|这两者|这两点|这两个|这两种|两者|二者|它们)(?=[\u4e00-\u9fff])")
# a field's label before its colon in a list of fields (给出者：我；接收者：他): the label and its value are one part
_FIELD_LABEL = re.compile(r"[\u4e00-\u9fffA-Za-z*“”]{1,8}[：:]")


def _clauses(text: str) -> list[str]:
    """A sentence's clauses without their closing mark: the marks stay in place when two clauses change places. In a
    list of two or more labelled fields each label stays with its value (blind_31 W31-002: 给出者：我；接收者：他 with
    the two values exchanged read as the same four clauses)."""
    aside = _CLOSING_ASIDE.search(text)
    if aside:   # honest_53 H53-013, honest_54 H54-004: the aside that closes a sentence stays put when clauses move
        text = text[:aside.start()] + text[aside.end():]
    pieces = [c for _, c in _split(text, _CLAUSE_END)]
    if sum(bool(_FIELD_LABEL.fullmatch(p.strip())) for p in pieces) >= 2:
        joined: list[str] = []
        for piece in pieces:
            if joined and _FIELD_LABEL.fullmatch(joined[-1].strip()):
                joined[-1] += piece
            else:
                joined.append(piece)
        pieces = joined
    clauses = [_normalize(c).strip("*").rstrip(_CLAUSE_END + _SENTENCE_END).strip("*") for c in pieces]
    # (not where another clause opens with a name too: key 只参与打分，value 只参与求和 pairs each name with its
    # clause, and the names exchanged must still read as an exchange; honest_53 H53-018 merged it into a sentence)
    subject = _LEADING_NAME.match(clauses[0]) if len(clauses) > 1 and not any(
        _LEADING_NAME.match(c) for c in clauses[1:]) else None
    if subject:   # CBOW 不管先后，直接平均 -> CBOW 直接平均，不管先后 (honest_58 H58-016): the subject stays first
        clauses = [subject.group(1), clauses[0][subject.end():]] + clauses[1:]
    if len(clauses) > 1:   # A、B，这两条管的是…，彼此… -> 这两条彼此…：A、B，管的是… (honest_57 H57-016): the pointer
        #                    that takes up what came before may open another of the clauses
        split: list[str] = []
        for c in clauses:
            pointer = _POINTER_SUBJECT.match(c)
            split += [pointer.group(1), c[pointer.end():]] if pointer else [c]
        clauses = split
    return clauses + ([_normalize(aside.group(1))] if aside else [])


class Reading:
    """How units read, with sentences whose coordination was exchanged back read as pinned.

    A unit's text is what its parent compares: a sentence reads as its sorted clauses, so that a clause moved
    within a sentence does not change the paragraph around it."""

    def __init__(self) -> None:
        self.restored: dict[int, str] = {}
        self._texts: dict[int, str] = {}   # each unit's text once: a parent reads its children's, at every level

    def restore(self, unit: Unit, text: str) -> None:
        """Read the sentence as `text` from now on (its parents have not read it yet: children settle first)."""
        self.restored[id(unit)] = text
        self._texts.pop(id(unit), None)

    def read_as(self, unit: Unit, text: str) -> None:
        """Let the parent read the unit as `text` (what Reading.text gave for the pinned unit it is moved from)."""
        self._texts[id(unit)] = text

    def text(self, unit: Unit) -> str:
        """What the parent compares: the parts sorted, so that parts moved whole inside the unit leave its parent
        unchanged too (a table: its cells)."""
        if id(unit) not in self._texts:
            self._texts[id(unit)] = ("\1".join(sorted(self.text(c) for row in unit.grid for c in row))
                                     if unit.kind == "table" else "\0".join(sorted(self.parts(unit)[0])))
        return self._texts[id(unit)]

    def parts(self, unit: Unit) -> list[list[str]]:
        """The unit's parts under each reading that leaves it unchanged when parts are moved whole."""
        if unit.kind == "sentence":
            return [_clauses(self.restored.get(id(unit), unit.raw))]
        if unit.kind == "code":
            return [unit.lines]
        if unit.kind == "table":
            rows = [[self.text(c) for c in row] for row in unit.grid]
            width = max(len(r) for r in rows)
            columns = ["\2".join(r[i] if i < len(r) else "" for r in rows) for i in range(width)]
            return [["\2".join(r) for r in rows], columns]
        return [([unit.prefix] if unit.prefix else []) + [self.text(c) for c in unit.children]]

    def chars_key(self, unit: Unit) -> str:
        return _digest(unit.kind + "\0" + "".join(sorted(re.sub("[\0\1\2]", "", self.text(unit)))))

    def parts_keys(self, unit: Unit) -> list[str]:
        return [_digest(f"{unit.kind}\0{i}\0" + "\0".join(sorted(p))) for i, p in enumerate(self.parts(unit))]


def _sentence(offset: int, text: str) -> Unit:
    return Unit("sentence", offset, raw=_normalize(text), end=offset + len(text), written=text)


def _prose(kind: str, offset: int, text: str, prefix: str = "") -> Unit:
    children = [_sentence(offset + o, s) for o, s in _split(text, _SENTENCE_END)]
    return Unit(kind, offset, children=children, prefix=prefix)


def _blocks(body: str) -> list[tuple[int, list[str]]]:
    """(offset, lines) of each block: lines between blank lines, a fenced code block whole."""
    out: list[tuple[int, list[str]]] = []
    offset, current, start, fenced = 0, [], 0, False
    for line in body.split("\n"):
        if _FENCE.match(line) or fenced:
            if _FENCE.match(line) and not fenced and current:
                out.append((start, current))
                current = []
            if not current:
                start = offset
            current.append(line)
            if _FENCE.match(line):
                fenced = not fenced
                if not fenced:
                    out.append((start, current))
                    current = []
        elif line.strip():
            if not current:
                start = offset
            current.append(line)
        elif current:
            out.append((start, current))
            current = []
        offset += len(line) + 1
    if current:
        out.append((start, current))
    return out


def _cells(line: str) -> list[tuple[int, str]]:
    """(offset in the line, text) of each cell of a table row."""
    bars = [m.start() for m in re.finditer(r"(?<!\\)\|", line)]
    ends = bars[1:] + ([len(line)] if line[bars[-1] + 1:].strip() else [])
    return [(a + 1, line[a + 1:b]) for a, b in zip(bars, ends)]


def _written(offset: int, lines: list[str], keep=lambda line: True) -> list[tuple[int, int, str]]:
    out, position = [], offset
    for line in lines:
        if keep(line):
            out.append((position, position + len(line), line))
        position += len(line) + 1
    return out


def _block(offset: int, lines: list[str]) -> Unit:
    if _FENCE.match(lines[0]):
        return Unit("code", offset, [_normalize(line) for line in lines], source=_written(offset, lines))
    if all(_TABLE_ROW.match(line) for line in lines):
        rows = _written(offset, lines, lambda line: not _TABLE_RULE.match(line))
        grid = [[_sentence(start + o, c) for o, c in _cells(line)] for start, _, line in rows]
        return Unit("table", offset, grid=grid or [[]], source=rows)
    if lines[0].lstrip().startswith("#"):
        return _prose("heading", offset, "\n".join(lines))
    if _ITEM.match(lines[0]):
        items, position = [], offset
        for line in lines:
            if _ITEM.match(line) or not items:
                items.append((position, [line]))
            else:
                items[-1][1].append(line)
            position += len(line) + 1
        children = []
        for start, item in items:
            marker = _NUMBERED.match(item[0])
            children.append(_prose("item", start, "\n".join(item), _normalize(marker.group(0)) if marker else ""))
        return Unit("items", offset, children=children)
    return _prose("paragraph", offset, "\n".join(lines))


def _roots(page) -> list[Unit]:
    front = []
    for marker, key in ((-1, "title"), (-2, "description")):   # a negative offset: which front-matter field
        unit = _prose(key, marker, str(page.meta.get(key) or ""))
        for sentence in unit.children:
            sentence.offset = marker
        front.append(unit)
    blocks = [_block(offset, lines) for offset, lines in _blocks(page.body)]
    return front + [Unit("page", 0, children=blocks)]


def _walk(unit: Unit):
    for child in unit.children + [c for row in unit.grid for c in row]:
        yield from _walk(child)
    yield unit


def _row_key(row: list[Unit]) -> str:
    return _digest("row\0" + "\0".join(c.raw for c in row))


def fingerprints(page) -> dict[str, str]:
    """What the arrangement check compares: the sorted keys of the page's units' characters and of their parts, and
    its sentences' keys in order."""
    return _fingerprints(_roots(page))


def _fingerprints(roots: list[Unit]) -> dict[str, str]:
    reading, chars, parts = Reading(), set(), set()
    for root in roots:
        for unit in _walk(root):
            chars.add(reading.chars_key(unit))
            parts.update(reading.parts_keys(unit))
            parts.update(_row_key(row) for row in unit.grid if row)   # to name the row an error is in
    return {"chars": " ".join(sorted(chars)), "parts": " ".join(sorted(parts)),
            "sentences": " ".join(reading.parts_keys(u)[0] for u in _body_sentences(roots))}


def _body_sentences(roots) -> list[Unit]:
    if not isinstance(roots, list):   # a page
        roots = _roots(roots)
    units = [u for root in roots for u in _walk(root) if u.kind == "sentence" and u.offset >= 0]
    return sorted(units, key=lambda u: u.offset)


# ------------------------------------------------------------------ the pinned text (checker/snapshots.py)

_START = {"paragraph": "paragraph", "heading": "heading"}


def text_lines(page) -> list[tuple[dict, int, int]]:
    """The page's text as its pin file holds it: (item, body start, body end) per line, in page order (a prose
    block's sentences, a list's items' sentences, a table's rows, a code block's lines), whitespace-normalized; the
    spans leave out surrounding whitespace. The title and the description are the pin's own items."""
    out = []

    def line(item: dict, start: int, text: str) -> None:
        lead = len(text) - len(text.lstrip())
        out.append((item, start + lead, start + len(text.rstrip())))

    for block in _roots(page)[-1].children:
        if block.kind in _START:
            for i, s in enumerate(block.children):
                line({block.kind if i == 0 else "sentence": snapshots.squeeze_spaces(page.body[s.offset:s.end])},
                     s.offset, page.body[s.offset:s.end])
        elif block.kind == "items":
            for n, entry in enumerate(block.children):
                for i, s in enumerate(entry.children):
                    text = snapshots.squeeze_spaces(page.body[s.offset:s.end])
                    item = {("list" if n == 0 else "item") if i == 0 else "sentence": text}
                    if i == 0 and _prefix_of(text) != entry.prefix:
                        item["prefix"] = entry.prefix
                    line(item, s.offset, page.body[s.offset:s.end])
        else:   # a table's rows, a code block's lines
            first, then = ("table", "row") if block.kind == "table" else ("code", "line")
            for i, (start, _, text) in enumerate(block.source):
                line({first if i == 0 else then: snapshots.squeeze_spaces(text)}, start, text)
            if block.kind == "table" and not block.source:
                line({"table": "|"}, block.offset, "|")   # a table of rules only: one row without cells
    return out


def _prefix_of(text: str) -> str:
    marker = _NUMBERED.match(text)
    return _normalize(marker.group(0)) if marker else ""


def pinned_roots(snapshot) -> list[Unit]:
    """The units of the page as its pin file holds it (offsets: the order of the lines)."""
    front = []
    for marker, key in ((-1, "title"), (-2, "description")):
        unit = _prose(key, marker, snapshot.field(key))
        for sentence in unit.children:
            sentence.offset = marker
        front.append(unit)
    blocks: list[Unit] = []
    holder: Unit | None = None   # where a next sentence goes: a paragraph, a heading, a list item
    for position, item in enumerate(snapshot.items):
        key = snapshots.key_of(item)
        if key not in snapshots.TEXT_KEYS:
            continue
        text = item[key]
        sentence = _sentence(position, text)
        if key in _START or (key == "sentence" and holder is None):
            holder = Unit(_START.get(key, "paragraph"), position, children=[sentence])
            blocks.append(holder)
        elif key == "sentence":
            holder.children.append(sentence)
        elif key in ("list", "item"):
            entry = Unit("item", position, children=[sentence], prefix=item.get("prefix", _prefix_of(text)))
            if key == "list" or not blocks or blocks[-1].kind != "items":
                blocks.append(Unit("items", position))
            blocks[-1].children.append(entry)
            holder = entry
        elif key in ("table", "row"):
            if key == "table" or not blocks or blocks[-1].kind != "table":
                blocks.append(Unit("table", position))
            blocks[-1].grid.append([_sentence(position, c) for _, c in _cells(text)])
            holder = None
        else:   # code, line
            if key == "code" or not blocks or blocks[-1].kind != "code":
                blocks.append(Unit("code", position))
            blocks[-1].lines.append(_normalize(text))
            holder = None
    return front + [Unit("page", 0, children=blocks)]


_pinned: dict[int, tuple[object, dict[str, str]]] = {}


def pinned(page) -> dict[str, str] | None:
    """The fingerprints of the page's pinned text, recomputed from its pin file; None when the page has none."""
    snapshot = snapshots.for_page(page.path)
    if snapshot is None:
        return None
    hit = _pinned.get(id(snapshot))
    if hit is None or hit[0] is not snapshot:
        hit = (snapshot, _fingerprints(pinned_roots(snapshot)))
        _pinned[id(snapshot)] = hit
    return hit[1]


def added_sentences(page) -> list[tuple[int, int]] | None:
    """Body spans of the sentences that were added since the page was pinned, not edited from a pinned one: the
    pinned sentences' keys, in order, aligned with the page's. None when the page has no such pin."""
    pins = pinned(page)
    if pins is None:
        return None
    pinned_keys = pins["sentences"]
    reading, units = Reading(), _body_sentences(page)
    now = [reading.parts_keys(u)[0] for u in units]
    spans = []
    for op, i1, i2, j1, j2 in SequenceMatcher(a=pinned_keys.split(), b=now, autojunk=False).get_opcodes():
        if op == "insert":   # a 'replace' is an edited sentence, even where it also adds one: strict on purpose
            spans += [(units[j].offset, units[j].end) for j in range(j1, j2)]
    return spans


def new_prose(page) -> tuple[list[tuple[int, int]] | None, set, list[tuple[int, int]]]:
    """(added_sentences(page), the spans of the page's sentences that read as a sentence of its pin, the added spans
    that are not such a sentence): the sentences written since the pin, which checker/statements.py leaves out of
    its comparison and checker/relations.py holds to the comparison lint."""
    added = added_sentences(page)
    if not added:
        return added, set(), []
    kept = set(pinned_sentences(page))   # a sentence moved reads as one of the pin: it is not new prose
    return added, kept, [span for span in added if span not in kept]


def pinned_sentences(page) -> list[tuple[int, int]]:
    """Body spans of the page's sentences that read exactly as a sentence of its pin (moved or in place)."""
    kept = set((pinned(page) or {}).get("sentences", "").split())
    reading = Reading()
    return [(u.offset, u.end) for u in _body_sentences(page) if reading.parts_keys(u)[0] in kept]


def _neighbours_exchanged(text: str, longest: int | None = None, separator: re.Pattern | None = None):
    """text with the two neighbours of one separator exchanged: A和B -> B和A, a clause moved across a comma."""
    for candidate, _ in _exchanges(text, longest, separator):
        yield candidate


def _exchanges(text: str, longest: int | None, separator: re.Pattern | None, after: int = 0, within: int = 0):
    """(candidate, end of the exchanged span) for each exchange of two neighbours lying wholly after `after`
    (and, given `within`, whose separator starts at most that many characters after it)."""
    for m in (separator or _SEPARATOR).finditer(text, after, after + within if within else len(text)):
        c, e = m.start(), m.end()
        if m.group(0) in _CLAUSE_END:   # a clause moved: one side is a whole clause, the other may leave its head
            left = max([i + 1 for i, ch in enumerate(text[:c]) if ch in _CLAUSE_END + _SENTENCE_END] + [after])
            right = next((i for i in range(e, len(text)) if text[i] in _CLAUSE_END + _SENTENCE_END), len(text))
            sides = [(a, right - e) for a in range(1, min(_MAX_CLAUSE, c - left) + 1)]
            sides += [(c - left, b) for b in range(1, min(_MAX_CLAUSE, right - e) + 1)]
            if m.group(0) in "；;":
                # across a ；both sides are whole parts: a part's tail exchanged with the next part gives each
                # predicate the other's object (这些估算刻画的是 A；B，它们给不出来 -> 刻画的是 B；A，给不出来)
                sides = [(c - left, right - e)]
        else:
            limit = longest or _MAX_CONJUNCT
            sides = [(a, b) for a in range(1, min(limit, c - after) + 1)
                     for b in range(1, min(limit, len(text) - e) + 1)]
        for a, b in sides:
            yield text[:c - a] + text[e:e + b] + m.group(0) + text[c - a:c] + text[e + b:], e + b


def _enumerations_reordered(text: str):
    """text with the items of one enumeration (A、B、C和D) in another order: the inner items are fixed by the
    marks, the outer two are tried at every length."""
    marks = list(_ENUMERATOR.finditer(text))
    yield from _reordered_along(text, marks)
    # and the items between 、 alone, each holding its own 与 (质量与计算的条件、训练与生成时合法的并行范围、已经见过的
    # 连接路径长短 told in another order: honest_73 H73-049)
    pauses = [m for m in marks if m.group(0) == "、"]
    if 2 <= len(pauses) < len(marks):
        yield from _reordered_along(text, pauses)


def _reordered_along(text: str, marks: list):
    runs, run = [], marks[:1]
    for prev, m in zip(marks, marks[1:]):
        gap = text[prev.end():m.start()]
        # an item may be a whole clause (远处的事实能否被用上（[§2.12](2-12.md) 的配对检验）) between two 、
        limit = _MAX_CLAUSE if prev.group(0) == m.group(0) == "、" else _MAX_CONJUNCT
        if 0 < len(gap) <= limit and not any(ch in _CLAUSE_END + _SENTENCE_END for ch in gap):
            run.append(m)
        else:
            runs.append(run)
            run = [m]
    runs.append(run)
    for run in runs:
        if not 2 <= len(run) <= 5:
            continue
        inner = [text[a.end():b.start()] for a, b in zip(run, run[1:])]
        # the outer items at every short length, and as whole clauses: from the clause mark before the first 、 to
        # the one after the last (固定的源接口会不会成为瓶颈、…、优化是否稳定，都需要…)
        before = max([text.rfind(c, 0, run[0].start()) for c in _CLAUSE_END + _SENTENCE_END] + [-1]) + 1
        ends = [i for i in (text.find(c, run[-1].end()) for c in _CLAUSE_END + _SENTENCE_END) if i >= 0]
        after = min(ends) if ends else len(text)
        firsts = set(range(1, min(_MAX_CONJUNCT, run[0].start()) + 1))
        lasts = set(range(1, min(_MAX_CONJUNCT, len(text) - run[-1].end()) + 1))
        if all(m.group(0) == "、" for m in run):
            firsts.add(len(text[before:run[0].start()].lstrip()) or 1)
            lasts.add(len(text[run[-1].end():after].rstrip()) or 1)
        for a in sorted(firsts):
            for b in sorted(lasts):
                start, end = run[0].start() - a, run[-1].end() + b
                items = [text[start:run[0].start()]] + inner + [text[run[-1].end():end]]
                for order in permutations(items):
                    joined = order[0] + "".join(m.group(0) + item for m, item in zip(run, order[1:]))
                    yield text[:start] + joined + text[end:]


def _parallel_clauses_exchanged(text: str):
    """text with the heads and the tails of two neighbouring clauses both exchanged: “猫”的比例最大，“我”最小 ->
    “我”的比例最小，“猫”最大 pairs each name with the same word as before."""
    pieces = _split(text, _CLAUSE_END)
    for (o1, c1), (o2, c2) in zip(pieces, pieces[1:]):
        body1, mark1 = c1.rstrip(_CLAUSE_END), c1[len(c1.rstrip(_CLAUSE_END)):]
        body2 = c2.rstrip(_CLAUSE_END + _SENTENCE_END)
        rest2 = c2[len(body2):]
        name1, name2 = _NAME.match(body1), _NAME.match(body2)
        if not (name1 and name2) or name1.group(0) == name2.group(0):
            continue   # each clause opens with the name its word is about: “猫”…最大，“我”最小
        h1, h2 = name1.end(), name2.end()
        for t1, t2 in product(range(1, _MAX_HEAD + 1), repeat=2):
            if h1 + t1 > len(body1) or h2 + t2 > len(body2) or body1[len(body1) - t1:] == body2[len(body2) - t2:]:
                continue   # an exchange of equal tails is no exchange: only the names moved
            new1 = body2[:h2] + body1[h1:len(body1) - t1] + body2[len(body2) - t2:]
            new2 = body1[:h1] + body2[h2:len(body2) - t2] + body1[len(body1) - t1:]
            yield text[:o1] + new1 + mark1 + new2 + rest2 + text[o2 + len(c2):]


_ONE_AND_THE_OTHER = re.compile(r"另(?=一)|其他|其余")


def _quoted_examples_exchanged(text: str):
    """text with the quoted objects of two clauses exchanged where the clauses' frames say the same (一句可以强调“A”，
    另一句可以强调“B”: one … the other …): the two examples change places, each frame still holds one. Frames that
    say different things (训练时用“A”，生成时用“B”) are no such pair."""
    pieces = _split(text, _CLAUSE_END)
    for (o1, c1), (o2, c2) in zip(pieces, pieces[1:]):
        q1, q2 = _QUOTE.findall(c1), _QUOTE.findall(c2)
        if len(q1) != 1 or len(q2) != 1 or q1 == q2:
            continue
        frame1 = _ONE_AND_THE_OTHER.sub("", _FRAME_FILLER.sub("", c1.replace(q1[0], "")))
        frame2 = _ONE_AND_THE_OTHER.sub("", _FRAME_FILLER.sub("", c2.replace(q2[0], "")))
        if frame1 != frame2:
            continue
        yield text[:o1] + c1.replace(q1[0], q2[0]) + c2.replace(q2[0], q1[0]) + text[o2 + len(c2):]
    # 一句描述可以着重写 A，另一句可以着重写 B (honest_59 H59-024): unquoted objects after the verb phrase the one and
    # the other clause share
    for (o1, c1), (o2, c2) in zip(pieces, pieces[1:]):
        if not (re.match(r"\s*一", c1) and re.match(r"\s*另一", c2)):
            continue
        body1, body2 = c1.rstrip(_CLAUSE_END + _SENTENCE_END), c2.rstrip(_CLAUSE_END + _SENTENCE_END)
        shared = SequenceMatcher(a=body1, b=body2, autojunk=False).find_longest_match(0, len(body1), 0, len(body2))
        if shared.size < 3:
            continue
        tail1, tail2 = body1[shared.a + shared.size:], body2[shared.b + shared.size:]
        if not tail1 or not tail2 or tail1 == tail2:
            continue
        yield (text[:o1] + body1[:shared.a + shared.size] + tail2 + c1[len(body1):]
               + body2[:shared.b + shared.size] + tail1 + c2[len(body2):] + text[o2 + len(c2):])


def _predicates_exchanged(text: str):
    """text with the predicates of two neighbouring clauses exchanged, the first clause's subject and the second's
    connective staying: 取指数让每个数变正，而且保持次序 -> 取指数保持次序，而且让每个数变正."""
    pieces = _split(text, _CLAUSE_END)
    for (o1, c1), (o2, c2) in zip(pieces, pieces[1:]):
        body1 = c1.rstrip(_CLAUSE_END)
        mark1 = c1[len(body1):]
        body2 = c2.rstrip(_CLAUSE_END + _SENTENCE_END)
        connective = _CONNECTIVE.match(body2)
        if not connective:
            continue
        head2, tail2 = body2[:connective.end()], body2[connective.end():]
        for h1 in range(1, len(body1)):
            yield (text[:o1] + body1[:h1] + tail2 + mark1 + head2 + body1[h1:] + c2[len(body2):]
                   + text[o2 + len(c2):])


def _enumerations_exchanged_twice(text: str):
    """text with two coordinations exchanged together: MiB、GiB（2^20、2^30） -> GiB、MiB（2^30、2^20）. The second
    lies after the first (each pair is tried once, not twice in both orders) and near it: the two say one thing
    about the same items, as a name list and its parenthesis do."""
    for once, end in _exchanges(text, _MAX_PAIRED, _ENUMERATOR):
        for twice, _ in _exchanges(once, _MAX_PAIRED, _ENUMERATOR, after=end, within=_PAIRED_GAP + _MAX_PAIRED):
            yield twice


def _connective_moved(text: str):
    """text with one 也, 则 or 还 moved elsewhere: two clauses exchanged while the connective stays in the second
    (构造案例里 A 仍然成立，真实样本里 B 也仍然成立 -> 真实样本里 B 仍然成立，构造案例里 A 也仍然成立). A sentence
    reads as its sorted clauses, so the exchange alone reads as pinned; the connective that stayed in place is what
    made it read otherwise. Names and comparison words do not move this way."""
    for m in re.finditer("[也则还]", text):
        base = text[:m.start()] + text[m.end():]
        for i in range(len(base) + 1):
            if i != m.start():
                yield base[:i] + m.group(0) + base[i:]


_OPENING = re.compile(r"^(\s*)(于是|所以|因此|因而|可见|这样一来|那么|总之)")


def _opening_connective_moved(text: str):
    """text with the connective that opens it (于是, 所以 …) moved to the opening of another clause: the clauses were
    put in another order and the connective stayed first (于是换了 query，权重纹丝不动，动态匹配就没有了 -> 于是动态匹配
    就没有了：换了 query，权重纹丝不动: honest_48 H48-024). A sentence reads as its sorted clauses."""
    m = _OPENING.match(text)
    if m is None:
        return
    base = text[:m.start(2)] + text[m.end(2):]
    for mark in re.finditer(r"[，,；;：:]\s*", base):
        yield base[:mark.end()] + m.group(2) + base[mark.end():]


_CONTRAST_VERB = r"(?:在于|在|是|靠|用|来自)"


_CLAUSE_CONNECTIVE = re.compile(r"(?<=[；;，,])(\s*)(但是|但|可是|不过|然而)")


def _clause_connective_moved(text: str):
    """text with the connective that opens one of its clauses (但, 不过 …) moved to the opening of another: two parts
    told in the other order, the 'but' kept before the second (A；但 B -> B；但 A: honest_51 H51-021)."""
    m = _CLAUSE_CONNECTIVE.search(text)
    if m is None:
        return
    base = text[:m.start(2)] + text[m.end(2):]
    yield m.group(2) + base
    for mark in re.finditer(r"[，,；;：:]\s*", base):
        yield base[:mark.end()] + m.group(2) + base[mark.end():]


_PAIR_NAME = r"(?:[A-Za-z][A-Za-z0-9_.-]*|“[^”]{1,12}”|(?<=[，,；;：:])[\u4e00-\u9fff]{2,4}|^[\u4e00-\u9fff]{2,4})"
_NAMED_PAIR = re.compile(rf"{_PAIR_NAME}\s*(?:和|与|及)\s*{_PAIR_NAME}")


def _pair_and_pronoun_exchanged(text: str):
    """text with a pair of names (CBOW 和 Skip-gram) and the 两者 that takes them up exchanged: the clauses were told in
    the other order, and each clause kept its words (…都属于 Word2Vec，两者的差别在于… -> CBOW 和 Skip-gram 的差别在于
    …；两者都属于…: honest_50 H50-026 and honest_52 H52-011 made the same edit)."""
    pair, pronoun = _NAMED_PAIR.search(text), re.search(r"两者|二者|它们", text)
    if pair is None or pronoun is None or pair.start() < pronoun.end() and pronoun.start() < pair.end():
        return
    first, second = sorted((pair.span(), pronoun.span()))
    a, b = text[first[0]:first[1]], text[second[0]:second[1]]
    yield text[:first[0]] + b + text[first[1]:second[0]] + a + text[second[1]:]


def _contrast_clauses_exchanged(text: str):
    """text with the two clauses of A，而 B told in the other order, B，而 A: each clause keeps its subject and its
    words (权重说的是…，而…因果贡献是另一个量 -> …因果贡献是另一个量，而权重说的是…: honest_67 H67-024). Only a
    sentence of those two clauses; 而是, 而非 and 而不 (a replacement, a denial) are _contrast_turned's."""
    m = re.fullmatch(r"([^，,；;。！？]{4,})[，,]\s*而(?![是非不])([^，,；;。！？]{4,}?)([。！？]?\s*)", text)
    if m:
        yield f"{m.group(2).strip()}，而{m.group(1).strip()}{m.group(3)}"


def _parts_exchanged_with_their_pronoun(text: str):
    """text with its two ；-parts told in the other order and the subject that opened the first (这些估算) exchanged with
    the 它们 that took it up in the second: 这些估算刻画的是…；…，它们给不出来。 -> …，这些估算给不出来；它们刻画的是…。
    (honest_69 H69-042). Each part keeps its words; a subject moved to the other part's predicate still fails."""
    m = re.fullmatch(r"([^；;。！？]{4,})[；;]([^；;。！？]{4,}?)([。！？]?\s*)", text)
    if not m:
        return
    first, second, end = m.groups()
    yield f"{second.strip()}；{first.strip()}{end}"
    for named, other in ((first, second), (second, first)):
        subject = re.search(r"这些[\u4e00-\u9fff]{1,4}?(?=刻画|说明|给|是|不|也|都|只|会|能)", named)
        if subject and "它们" in other:
            swapped = {id(named): named.replace(subject.group(0), "它们", 1),
                       id(other): other.replace("它们", subject.group(0), 1)}
            yield f"{swapped[id(second)].strip()}；{swapped[id(first)].strip()}{end}"


def _turn_clauses_exchanged(text: str):
    """text with the two clauses around a turn (；但 / ，但是 / ，不过) told in the other order, a label before them
    kept (- **词级**：常见词…，序列短；但新名字…很难都收进词表 -> - **词级**：新名字…很难都收进词表；但常见词…，序列短:
    honest_73 H73-034). Each side keeps its words; a word moved to the other side still fails."""
    m = re.fullmatch(r"((?:[^：:。！？]{1,24}[：:])?)([^：:。！？]{4,}?)([；;，,]\s*)(但是|但|不过|然而|可是)([^：:。！？]{4,}?)"
                     r"([。！？]?\s*)", text)
    if m:
        label, first, mark, turn, second, end = m.groups()
        yield f"{label}{second.strip()}{mark}{turn}{first.strip()}{end}"


def _parallel_frames_exchanged(text: str):
    """text with two neighbouring clauses that open with the same frame word told in the other order, each whole:
    用 BERT 做实体识别、用 GPT 类模型做生成 -> 用 GPT 类模型做生成、用 BERT 做实体识别 (honest_91 H91-024). Each clause
    keeps its own pairing (BERT with 实体识别), so a 各自 or 分别 after them pairs nothing across them; a model moved
    to the other task still fails."""
    pieces = [m for m in re.finditer(r"[^、，,；;。！？]+", text)]
    for first, second in zip(pieces, pieces[1:]):
        mark = text[first.end():second.start()]
        if mark not in ("、", "，", ","):
            continue
        a, b = first.group(0), second.group(0)
        frame = re.match(r"\s*([\u4e00-\u9fff]{1,2})(?=\s*[A-Za-z“\u4e00-\u9fff])", a)
        if not frame or not b.lstrip().startswith(frame.group(1)) or len(a) > _MAX_CLAUSE or len(b) > _MAX_CLAUSE:
            continue
        yield text[:first.start()] + b.strip() + mark + a.strip() + text[second.end():]


def _clauses_exchanged_around_que(text: str):
    """text with the two clauses of A，B 却 C told in the other order, the 却 going with the clause that now comes
    second: 参数存储不变，草稿和运算却会增加 -> 草稿和运算会增加，参数存储却不变 (honest_91 H91-023). Each clause keeps its
    words; a subject moved to the other predicate still fails."""
    m = re.fullmatch(r"([^，,；;。！？却]{3,30})([，,])([^，,；;。！？却]{2,30}?)却([^，,；;。！？却]{1,30}?)([。！？]?\s*)", text)
    if not m:
        return
    first, mark, subject, predicate, end = m.groups()
    for k in range(1, len(first)):
        yield f"{subject}{predicate}{mark}{first[:k]}却{first[k:]}{end}"


def _clauses_exchanged_with_their_pronoun(text: str):
    """text with its two clauses around a turn (，但 / ，不过 / ；) told in the other order and the name the first now
    holds given back to the second, whose 它 took it up: 单靠整句离线的 BLEU 决定不了…，但它并没有失效 -> 整句离线的
    BLEU 并没有失效，但单靠它决定不了… (honest_71 H71-037). Each clause keeps its words; only the name and its pronoun
    change places, so a name given to the other clause's predicate still fails."""
    m = re.fullmatch(r"([^，,；;。！？]{4,})([，,]\s*(?:但是|但|不过|然而|可是)\s*|[；;]\s*)([^，,；;。！？]{2,}?)([。！？]?\s*)",
                     text)
    if not m:
        return
    first, turn, second, end = m.groups()
    for pronoun in ("它们", "它"):
        if pronoun not in second:
            continue
        for i in range(len(first)):
            for j in range(i + 2, min(len(first), i + 16) + 1):
                name = first[i:j]
                if name != name.strip() or re.search(r"[，,；;：:。！？]", name):
                    continue
                yield f"{second.replace(pronoun, name, 1)}{turn}{first[:i]}{pronoun}{first[j:]}{end}"
        break


def _contrast_turned(text: str):
    """text with a contrast said the other way round: 不在 A，而在 B <-> 在 B，而不在 A (原因不在分类器，而在表示 -> 原因在
    表示，而不在分类器: honest_50 H50-024). The negation stays with its side; a side exchanged still fails."""
    for m in re.finditer(rf"不({_CONTRAST_VERB})([^，,；;：:。]+?)[，,]\s*而(?:是)?\1([^，,；;：:。]+)", text):
        yield text[:m.start()] + f"{m.group(1)}{m.group(3)}，而不{m.group(1)}{m.group(2)}" + text[m.end():]
    for m in re.finditer(rf"(?<!不)({_CONTRAST_VERB})([^，,；;：:。]+?)[，,]\s*而不\1([^，,；;：:。]+)", text):
        yield text[:m.start()] + f"不{m.group(1)}{m.group(3)}，而{m.group(1)}{m.group(2)}" + text[m.end():]


# what a moved phrase is made of: a formula, a code span, a link's target, a Latin word or a number stays whole (a
# move inside $q^\top k$ would be a product reversed); clause marks, emphasis and spaces are not read at all
_ATOM = re.compile(r"\$[^$]+\$|`[^`]+`|\]\([^)]*\)|[A-Za-z0-9_.§%]+|[^\s*，,；;：:。！？!?]")
_MOVES = 2        # phrases moved in one unit
_MIN_MOVED = 2    # atoms on each side of a move: A B -> B A of two single terms is an exchange


_ATOM_OR_MARK = re.compile(_ATOM.pattern + r"|[，,；;：:。！？!?]")


def _atoms(text: str) -> list[str]:
    return _ATOM.findall(text)


def _clauses_of_atoms(text: str) -> list[int]:
    """For each atom of `text`, the index of the clause it stands in (clause and sentence marks count them)."""
    out, clause = [], 0
    for m in _ATOM_OR_MARK.finditer(text):
        if _ATOM.fullmatch(m.group(0)):
            out.append(clause)
        else:
            clause += 1
    return out


def _moved(old: list[str], new: list[str], moves: int = _MOVES, clauses: list[int] | None = None) -> bool:
    """True when `new` is `old` with at most `moves` phrases moved, each to just before or after a neighbouring
    phrase of its own clause (X Y -> Y X: 预印本 2023 年 -> 2023 年预印本; 它们不含 2026 年针对那句例句的 -> 针对那句例句，
    它们不含 2026 年的). An exchange keeps a frame between its two sides (A 比 B -> B 比 A, X 的 Y -> Y 的 X) and is never
    one move; nor is a phrase carried across a clause mark of the old text (预印本 2023 年，修订版 v2 2024 年 ->
    2024 年预印本，2023 年修订版 v2 gives each year to the other version). `clauses`: the old atoms' clause indices."""
    clauses = clauses if clauses is not None else [0] * len(old)
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    if start == len(old) == len(new):
        return True
    if moves == 0 or sorted(old[start:]) != sorted(new[start:]):
        return False
    for split in range(start + _MIN_MOVED, len(old) - _MIN_MOVED + 1):
        if old[split] != new[start]:
            continue
        first = split - start                       # old[start:split] = X, then Y = old[split:split + length]
        for length in range(_MIN_MOVED, len(old) - split + 1):
            if old[split + length - 1] != new[start + length - 1]:
                break                               # Y must open `new` at start
            end = split + length
            if new[start + length:end] == old[start:split] and first >= _MIN_MOVED \
                    and clauses[start] == clauses[end - 1]:
                if _moved(old[end:], new[end:], moves - 1, clauses[end:]):
                    return True
    return False


def _repunctuated(text: str, parts: set[str]) -> str | None:
    """The pinned text, when `text` is it with one clause mark added or taken away (于是同一个词 -> 于是，同一个词;
    注意“噪声” -> 注意：“噪声”): the words stand in the same order, only the pause moved."""
    probe, reading = Unit("sentence", 0), Reading()
    marks = [i for i, ch in enumerate(text) if ch in _CLAUSE_END]
    candidates = [text[:i] + text[i + 1:] for i in marks]
    candidates += [text[:i] + "，" + text[i:] for i in range(1, len(text))
                   if text[i - 1] not in _CLAUSE_END + _SENTENCE_END and text[i] not in _CLAUSE_END + _SENTENCE_END]
    for candidate in candidates:
        probe.raw = candidate
        if reading.parts_keys(probe)[0] in parts:
            return candidate
    return None


# (以及, 还有: two items of one list after a comma, neither before the other: honest_30 H30-006)
_ALTERNATIVE = re.compile(r"([；;，,]\s*)(或者|或是|还是|或|以及|还有)")


def _alternatives_exchanged(text: str):
    """text with the two clauses around 或者 exchanged (事实内容不变…；或者距离不变… -> 距离不变…；或者事实内容不变…):
    two alternatives offered, neither before the other (honest_22b H22b-035). The connective stays between them."""
    for m in _ALTERNATIVE.finditer(text):
        start = max([text.rfind(c, 0, m.start()) for c in _CLAUSE_END + _SENTENCE_END] + [-1]) + 1
        ends = [i for i in (text.find(c, m.end()) for c in _CLAUSE_END + _SENTENCE_END) if i >= 0]
        end = min(ends) if ends else len(text)
        first, second = text[start:m.start()], text[m.end():end]
        lead = len(first) - len(first.lstrip())
        if first.strip() and second.strip():
            yield text[:start] + first[:lead] + second.strip() + m.group(1) + m.group(2) + first.strip() + text[end:]


_QUESTION_FIRST = re.compile(r"^(\s*#*\s*)(什么|哪些|哪个|哪种)是([^，,；;。！？!?\s]+)(\s*[？?]?\s*)$")
_QUESTION_LAST = re.compile(r"^(\s*#*\s*)([^，,；;。！？!?\s]+?)是(什么|哪些|哪个|哪种)(\s*[？?]?\s*)$")


def _question_word_moved(text: str):
    """什么是门 <-> 门是什么: a question asked with its question word at the other end of 是 (honest_23b H23b-042, a
    heading of primer 9-1). Only a whole unit of one question word, 是 and one phrase; a statement (甲是乙) has no
    question word and is not turned around by this reading."""
    m = _QUESTION_FIRST.match(text)
    if m:
        yield f"{m.group(1)}{m.group(3)}是{m.group(2)}{m.group(4)}"
    m = _QUESTION_LAST.match(text)
    if m:
        yield f"{m.group(1)}{m.group(3)}是{m.group(2)}{m.group(4)}"


def _swapped_back(text: str, parts: set[str]) -> str | None:
    """The pinned text, when `text` is it with the sides of one coordination exchanged (A和B -> B和A), the items
    of one enumeration reordered, or a clause moved across a comma: each says what the pinned sentence said."""
    probe, reading, tried = Unit("sentence", 0), Reading(), set()
    # (分别, 依次, 之比 pair the sides of two coordinations: no exchange inside one is read as harmless, but whole
    # clauses around a turn may still change places: 常见词直接对应一个编号…；但新名字… (honest_73 H73-034))
    paired = _PAIRED.search(text) or _ORDERED.search(text)
    whole_clauses = (_turn_clauses_exchanged(text), _parallel_frames_exchanged(text), _clauses_exchanged_around_que(text))
    exchanges = whole_clauses if paired else (
        _neighbours_exchanged(text), _enumerations_reordered(text), _parallel_clauses_exchanged(text),
        _predicates_exchanged(text), _enumerations_exchanged_twice(text), _connective_moved(text),
        _quoted_examples_exchanged(text), _alternatives_exchanged(text), _question_word_moved(text),
        _opening_connective_moved(text), _contrast_turned(text), _clause_connective_moved(text),
        _pair_and_pronoun_exchanged(text), _contrast_clauses_exchanged(text), _parts_exchanged_with_their_pronoun(text),
        _clauses_exchanged_with_their_pronoun(text), *whole_clauses)
    for candidate in chain(*exchanges):
        if candidate in tried:
            continue   # the generators overlap: the same exchange reached twice is read once
        tried.add(candidate)
        probe.raw = candidate
        if reading.parts_keys(probe)[0] in parts:
            return candidate
    return None


_PROSE = ("sentence", "item", "paragraph", "heading")


def _ordered(reading: Reading, unit: Unit) -> str:
    """A prose unit's text in the order it is written (Reading.text sorts its parts)."""
    if unit.kind == "sentence":
        return reading.restored.get(id(unit), unit.written or unit.raw)
    return " ".join(_ordered(reading, c) for c in unit.children)


def _pinned_prose(roots: list[Unit]) -> dict[str, list[tuple[list[str], list[int], str]]]:
    """For each pinned prose unit's characters: (its atoms in order, their clauses, how its parent reads it)."""
    reading, out = Reading(), {}
    for root in roots:
        for unit in _walk(root):
            if unit.kind in _PROSE:
                text = _ordered(reading, unit)
                out.setdefault(reading.chars_key(unit), []).append((_atoms(text), _clauses_of_atoms(text),
                                                                    reading.text(unit)))
    return out


_CONTAINERS = ("items", "paragraph")
_QUOTE = re.compile(r"“[^”]{1,40}”")
# the words two parallel frames may differ by (不该得出的是 X / 也不该得出 Y): they add no statement of their own
_FRAME_FILLER = re.compile(r"[也的是还则又就都并，,；;：:。、\s*]")


def _pinned_containers(roots: list[Unit]) -> dict[str, list[tuple[list[str], str]]]:
    """For each pinned list or paragraph's characters: (its parts' texts in order, how its parent reads it)."""
    reading, out = Reading(), {}
    for root in roots:
        for unit in _walk(root):
            if unit.kind in _CONTAINERS:
                out.setdefault(reading.chars_key(unit), []).append(
                    ([_ordered(reading, c) for c in unit.children], reading.text(unit)))
    return out


def _parallel_exchange(old: list[str], new: list[str]) -> bool:
    """Two parts of a list or paragraph exchanged their quoted objects while each kept its frame, and the two frames
    say the same (- 不该得出的是“A”。- 也不该得出“B”。 -> - 不该得出的是“B”。- 也不该得出“A”。): both are still refused,
    each in the other's words. Frames that say different things (训练时用“A”，生成时用“B”) are an exchange."""
    old, new = [_normalize(t) for t in old], [_normalize(t) for t in new]
    changed = [i for i, (a, b) in enumerate(zip(old, new)) if a != b]
    if len(old) != len(new) or len(changed) != 2:
        return False
    i, j = changed
    for q in _QUOTE.findall(old[i]):
        for r in _QUOTE.findall(old[j]):
            if q == r or new[i] != old[i].replace(q, r, 1) or new[j] != old[j].replace(r, q, 1):
                continue
            if _FRAME_FILLER.sub("", old[i].replace(q, "", 1)) == _FRAME_FILLER.sub("", old[j].replace(r, "", 1)):
                return True
    return False


def _pinned_parallel(reading: Reading, unit: Unit, containers: dict) -> str | None:
    """How the pinned list or paragraph read, when this one is it with two parallel parts' objects exchanged."""
    if unit.kind not in _CONTAINERS:
        return None
    now = [_ordered(reading, c) for c in unit.children]
    return next((text for old, text in containers.get(reading.chars_key(unit), []) if _parallel_exchange(old, now)),
                None)


def _pinned_moved(reading: Reading, unit: Unit, prose: dict) -> str | None:
    """How the pinned unit read, when this one is it with a phrase or two moved (checker docstring of _moved)."""
    if unit.kind not in _PROSE or _PAIRED.search(_ordered(reading, unit)):
        return None
    atoms = _atoms(_ordered(reading, unit))
    candidates = prose.get(reading.chars_key(unit), [])
    return next((text for old, clauses, text in candidates if _moved(old, atoms, clauses=clauses)), None)


# a word that belongs to the sentence's frame rather than to one clause: a connective (也, 还, 则, 又, 就, 或者, 直到), a sentence's
# topic (这里, 此时) or its result word (结果). When two clauses or two items change places it stays where the
# frame has it (这里没有非线性，矩阵也缩成了一个数 -> 这里矩阵缩成了一个数，也没有非线性), so the clauses read
# otherwise although each says what it said
# (这一格, 这一行: the thing the clauses are about, kept first when they change places: honest_30 H30-050)
_FLOATING = re.compile(r"也|还|则|又|就|结果|这里|此时|那么|或者|或|直到|这一[格行列步位项]")
# a group's opening 的-phrase that qualifies every clause after it (读出的权重 α…，向量 c… -> 读出的向量 c…，权重 α…);
# never one that ranks or places (最大的, 前面的, 正的): that one belongs to its own clause
_LEAD = re.compile(r"^[^\W\d_A-Za-z最大小高低多少前后先首末左右上下正负第新旧真假不没非只仅都各每的]{1,3}的")


def _floating_free(reading: Reading, unit: Unit) -> str | None:
    """The unit read as its parts sorted with the floating words taken out; None for a unit whose order is its
    content (a numbered list's steps, a table, code)."""
    if unit.kind == "sentence":
        text = re.sub(r"^[-*+](?!\d)", "", reading.restored.get(id(unit), unit.raw))   # a list item's dash
        # the groups a ；separates may change places, and the clauses inside one group; a clause never leaves its
        # group, where it is paired with the others (分数越大，越接近一；分数越小，越接近零: 越大 goes with 一)
        groups = [g for g in re.split(r"[；;]", text) if g.strip()]
        return "\3".join(sorted("\0".join(sorted(_FLOATING.sub("", c) for c in _without_lead(_clauses(g))))
                                 for g in groups))
    if unit.kind in _PROSE + ("items",) and not any(c.prefix for c in unit.children):
        parts = [_floating_free(reading, c) for c in unit.children]
        return None if None in parts else "\1".join(sorted(parts))
    return None


def _without_lead(clauses: list[str]) -> list[str]:
    """The clauses with the one 的-phrase that opens one of them taken out, when no other clause opens with one: it
    qualifies the clauses after it (读出的权重 α…，向量 c… -> 读出的向量 c…，权重 α…). Two clauses that each open with
    one (训练的损失是 a，验证的损失是 b) keep them: exchanging those is a swap."""
    leads = [i for i, c in enumerate(clauses) if _LEAD.match(c.strip())]
    if len(leads) != 1:
        return clauses
    i = leads[0]
    return clauses[:i] + [_LEAD.sub("", clauses[i].strip())] + clauses[i + 1:]


def _pinned_floating(roots: list[Unit]) -> dict[str, list[tuple[str, str]]]:
    """For each pinned prose unit or list's characters: (its floating-free reading, how its parent reads it)."""
    reading, out = Reading(), {}
    for root in roots:
        for unit in _walk(root):
            free = _floating_free(reading, unit)
            if free is not None:
                out.setdefault(reading.chars_key(unit), []).append((free, reading.text(unit)))
    return out


def exchanged(page, pinned: dict[str, str], roots: list[Unit] | None = None) -> list[Unit]:
    """The smallest units of the page whose characters are pinned but whose arrangement is not. `roots`: the pinned
    units `pinned` was computed from (default: the page's pin file), to read a phrase moved whole as pinned."""
    chars, parts = set(pinned.get("chars", "").split()), set(pinned.get("parts", "").split())
    reading, flagged = Reading(), []
    if roots is None:
        snapshot = snapshots.for_page(page.path)
        roots = pinned_roots(snapshot) if snapshot is not None else []
    prose: dict | None = None
    containers: dict | None = None
    floating: dict | None = None

    def settle(unit: Unit) -> bool:
        """True when the unit or a part of it is flagged (so that only the smallest is reported)."""
        below = False
        for child in unit.children + [c for row in unit.grid for c in row]:
            below |= settle(child)
        if any(k in parts for k in reading.parts_keys(unit)) or reading.chars_key(unit) not in chars:
            return below   # the common case first: the unit reads as pinned
        if unit.kind == "sentence":
            back = _repunctuated(unit.raw, parts) or _swapped_back(unit.raw, parts)
            if back is not None:
                reading.restore(unit, _normalize(back))
                return below
        if not below:
            nonlocal prose, containers, floating
            prose = _pinned_prose(roots) if prose is None else prose
            containers = _pinned_containers(roots) if containers is None else containers
            text = _pinned_moved(reading, unit, prose) or _pinned_parallel(reading, unit, containers)
            if text is None:
                floating = _pinned_floating(roots) if floating is None else floating
                free = _floating_free(reading, unit)
                text = next((t for f, t in floating.get(reading.chars_key(unit), []) if free is not None and f == free),
                            None)
            if text is not None:
                reading.read_as(unit, text)
                return False
            flagged.append(unit)
        return True

    for root in _roots(page):
        settle(root)
    return flagged


_KIND_NAME = {"sentence": "sentence", "paragraph": "paragraph", "item": "list item", "items": "list",
              "table": "table", "code": "code block", "heading": "heading", "title": "title",
              "description": "description",
              "page": "page (between its blocks)"}


def errors(page) -> list[tuple[int, str]]:
    """(line, message) for each unit whose characters were pinned in another arrangement."""
    pins = pinned(page)
    if pins is None:
        return []   # an unpinned page is reported once, by the statement pins (checker/statements.py)
    out, parts = [], set(pins.get("parts", "").split())
    for unit in exchanged(page, pins):
        if unit.offset < 0:
            key = "title" if unit.offset == -1 else "description"
            line, text = page.meta_lines.get(key, 2), str(page.meta.get(key, ""))
        else:
            offset = unit.offset
            if unit.kind == "table":   # the first row not pinned as it reads now
                offset = next((row[0].offset for row in unit.grid if row and _row_key(row) not in parts), offset)
            line = page.line_of(offset)
            text = " ".join(page.body[offset:].split("\n\n", 1)[0].split())
        out.append((line, f"this {_KIND_NAME[unit.kind]} has exactly the characters it had when pinned, in another "
                          f"arrangement: two terms, cells, items or steps exchanged? '{text[:80]}'. Nothing checks "
                          "which side is which (checker/arrangements.py): if the exchange is meant, check it against "
                          f"the source, then run `make pin PAGE={project_relative(page.path)}` (it asks about each "
                          "change)"))
    return out


def unit_span(unit: Unit) -> tuple[int, int]:
    """Body start and end of a unit of the current page (the title and the description: their negative marker)."""
    if unit.offset < 0:
        return unit.offset, unit.offset
    ends = [e for u in _walk(unit) for e in [u.end] + [end for _, end, _ in u.source]]
    return unit.offset, max(ends)
