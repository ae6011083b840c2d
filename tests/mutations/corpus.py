"""A mutation corpus generated from the real pages: realistic edits a careless co-author makes.

Every mutant is a list of text replacements in project files (page, bibliography, kernel),
generated at run time from the current docs/ (nothing is copied by hand), so the corpus
follows the pages as they change. A mutant is *killed* when the checker reports at least
one error for the edited page (or, for kernel edits, `python -m verify` on a scratch copy
exits non-zero). Controls are semantically neutral edits: they must *survive*.

Classes follow issue 9; TARGETS gives the kill rate each must reach.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from checker import classify
from checker.dates import dates_in
from checker.page import read_page
from checker.relations import comparison_words, quantity_names, sentences

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

TARGETS = {
    "digits_prose": 1.0, "digits_table": 1.0, "digits_math": 1.0, "code_output": 1.0,
    "number_words": 1.0, "units": 1.0, "comparisons": 0.9, "equalities": 0.9, "signs_and_order": 1.0,
    "provenance": 1.0, "new_numbers": 1.0, "formulas": 1.0, "kernels": 1.0, "labels": 1.0,
    "tables": 1.0, "run_claims": 1.0, "names": 1.0, "hardcoded": 1.0, "run_keys": 1.0,   # the last two:
    # tests/mutations/code.py
    "artifacts": 1.0, "data": 1.0, "notebook_prose": 0.8,   # these three: tests/mutations/files.py
    # notebook_prose: a number in a notebook's Markdown is bound by appearing in its outputs, not by position;
    # retyped into another number the outputs also show, it passes
    "statements": 0.95,   # a general statement reversed (checker/statements.py); below 1: some words read two ways
    "exchanges": 1.0,     # two terms, cells or steps exchanged, every character kept (checker/arrangements.py)
    "replacements": 1.0,  # a box's label no number decides, a named term replaced (pinned, checker/statements.py)
    "controls": 1.0,  # for controls: the share that passes
}


@dataclass
class Mutant:
    cls: str
    name: str                      # what was edited, for the report
    edits: list = field(default_factory=list)   # (relative path, old text, new text, occurrence offset or None)
    page: str | None = None        # the page to check (relative path); None for kernel edits
    pages: list = field(default_factory=list)   # kernel edits: the pages whose verify modules use the kernel
    baseline: Counter = field(default_factory=Counter)  # the real page's error messages (see messages())

    @property
    def control(self) -> bool:
        return self.cls == "controls"


def _pages() -> list[Path]:
    return sorted(p for p in DOCS.rglob("*.md") if p.read_text(encoding="utf-8").startswith("---\n"))


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _front_matter_end(text: str) -> int:
    return text.find("\n---\n", 4) + len("\n---\n")


def _at(path: Path, offset: int, old: str, new: str) -> tuple:
    return (_rel(path), old, new, offset)


# --------------------------------------------------------------------------- helpers over a page

class PageView:
    """One real page with the baseline check's claim spans, for choosing edit sites."""

    def __init__(self, path: Path, report):
        self.path = path
        self.text = path.read_text(encoding="utf-8")
        self.page = read_page(path)
        self.body_offset = self.page.body_offset
        self.view = classify.prose_view(self.page.body)
        self.math = classify.math_spans(self.view)
        self.claims = [c for c in report.claims if c.status == "passed" and c.span]
        self.front = self.text[:self.body_offset]
        self.baseline = messages(report.errors)  # a mutant is killed by a message the real page does not get
        self.marks = report.marks

    def in_math(self, body_offset: int) -> bool:
        return any(s <= body_offset < e for s, e, _ in self.math)

    def line(self, file_offset: int) -> str:
        start = self.text.rfind("\n", 0, file_offset) + 1
        end = self.text.find("\n", file_offset)
        return self.text[start:end if end >= 0 else len(self.text)]

    def body_positions(self, pattern: str, flags=0):
        """Matches of pattern in the prose view (code, comments, link targets blanked), as file offsets."""
        for m in re.finditer(pattern, self.view, flags):
            yield m, self.body_offset + m.start()


def messages(errors: list[str]) -> Counter:
    """Error lines without their 'file:line: ' prefix: an edit that shifts lines is not a new error."""
    return Counter(re.sub(r"near '[^']*'", "near …", re.sub(r"^.*?:\d+: ", "", e)) for e in errors)


def _bump_digit(text: str) -> str | None:
    """Change the last significant digit of a printed number: 0.4223 -> 0.4224, 2768 -> 2769."""
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    if not digits:
        return None
    i = digits[-1]
    return text[:i] + str((int(text[i]) + 1) % 10) + text[i + 1:]


# --------------------------------------------------------------------------- generators

def digits(views, rng) -> list[Mutant]:
    out = {"digits_prose": [], "digits_table": [], "digits_math": []}
    for v in views:
        for c in v.claims:
            start, end = c.span
            printed = v.text[start:end]
            if "×10" in printed or "\\times10" in printed or re.search(r"\d/\d", printed):
                continue
            new = _bump_digit(printed)
            if not new or new == printed:
                continue
            where = ("digits_table" if v.line(start).lstrip().startswith("|")
                     else "digits_math" if v.in_math(start - v.body_offset) else "digits_prose")
            out[where].append(Mutant(where, f"{v.path.name}: {printed!r} -> {new!r}", [_at(v.path, start, printed, new)],
                                     _rel(v.path)))
    return [m for ms in out.values() for m in _sample(ms, rng, 30)]


def code_output(views, rng) -> list[Mutant]:
    out = []
    for v in views:
        for block in classify.python_blocks(v.page.body):
            if block.expected is None:
                continue
            # the output block may be indented (inside a box): find its first line holding a number in the body
            line = next((l for l in block.expected.splitlines() if re.search(r"\d", l)), None)
            at = v.page.body.find(line, block.start) if line else -1
            if at < 0:
                continue
            m = re.search(r"\d+(?:\.\d+)?", line)
            new = _bump_digit(m.group(0))
            out.append(Mutant("code_output", f"{v.path.name}: output {m.group(0)!r} -> {new!r}",
                              [_at(v.path, at + v.body_offset + m.start(), m.group(0), new)], _rel(v.path)))
    return _sample(out, rng, 12)


NUMERALS = "两三四五六七八九十"
MEASURE = "个种条次步层头倍维篇组项位轮句列行"


def number_words(views, rng) -> list[Mutant]:
    out = []
    for v in views:
        for m, off in v.body_positions(rf"(?<![一-龥第])([{NUMERALS}])(?=[{MEASURE}])"):
            if v.in_math(m.start()):
                continue
            new = NUMERALS[(NUMERALS.index(m.group(1)) + 2) % len(NUMERALS)]
            out.append(Mutant("number_words", f"{v.path.name}: {v.view[m.start():m.start() + 3]!r} -> {new}…",
                              [_at(v.path, off, m.group(1), new)], _rel(v.path)))
        for m, off in v.body_positions(r"(?<=[到为成])([两三四五六七八九十])倍"):
            out.append(Mutant("number_words", f"{v.path.name}: {m.group(0)!r} -> 六倍",
                              [_at(v.path, off, m.group(0), "六倍" if m.group(1) != "六" else "八倍")], _rel(v.path)))
    return _sample(out, rng, 16)


UNIT_SWAPS = {"GiB": "GB", "GB": "GiB", "MiB": "MB", "MB": "MiB", "KiB": "KB", "ms": "μs", "TiB": "TB"}


def units(views, rng) -> list[Mutant]:
    out = []
    for v in views:
        for c in v.claims:
            start, end = c.span
            printed = v.text[start:end]
            m = re.search(r"(GiB|MiB|KiB|TiB|GB|MB|ms)$", printed)
            if m:
                new = printed[:m.start()] + UNIT_SWAPS[m.group(1)]
                out.append(Mutant("units", f"{v.path.name}: {printed!r} -> {new!r}", [_at(v.path, start, printed, new)],
                                  _rel(v.path)))
        # a unit written after the claim hole: '4 GiB' where the hole is '4'
        for m, off in v.body_positions(r"(?<=\d)\s?(GiB|MiB|KiB|GB|MB)(?![A-Za-z])"):
            new = UNIT_SWAPS[m.group(1)]
            out.append(Mutant("units", f"{v.path.name}: unit {m.group(1)} -> {new}",
                              [_at(v.path, off + m.group(0).index(m.group(1)), m.group(1), new)], _rel(v.path)))
        # a small nonzero value printed as 0 or ≈0
        for c in v.claims:
            start, end = c.span
            printed = v.text[start:end]
            if re.fullmatch(r"0\.0*[1-9]\d*", printed) and isinstance(c.computed, float) and 0 < abs(c.computed) < 0.5:
                out.append(Mutant("units", f"{v.path.name}: {printed!r} -> '0'", [_at(v.path, start, printed, "0")],
                                  _rel(v.path)))
        # the words that define a unit (checker/unit_words.py): the power of two of a binary unit, a precision word
        for m, off in v.body_positions(r"2\^\{(\d+)\}(?=[^。\n]*字节)"):
            new = str(int(m.group(1)) + 1)
            out.append(Mutant("units", f"{v.path.name}: $2^{{{m.group(1)}}}$ -> $2^{{{new}}}$",
                              [_at(v.path, off + 3, m.group(1), new)], _rel(v.path)))
        for m, off in v.body_positions(r"(半精度|单精度|双精度)(?=存储)"):
            new = {"半精度": "单精度", "单精度": "双精度", "双精度": "半精度"}[m.group(1)]
            out.append(Mutant("units", f"{v.path.name}: {m.group(1)} -> {new}", [_at(v.path, off, m.group(1), new)],
                              _rel(v.path)))
    return _sample(out, rng, 20)


ANTONYMS = [("大于", "小于"), ("高于", "低于"), ("多于", "少于"), ("升高", "降低"), ("上升", "下降"), ("更快", "更慢"),
            ("更大", "更小"), ("更高", "更低"), ("更多", "更少"), ("更长", "更短"), ("超过", "不到"), ("增加", "减少"),
            ("增大", "减小"), ("变大", "变小"), ("升到", "降到"), ("变长", "变短"), ("larger", "smaller"),
            ("faster", "slower"), ("多出", "少了"), ("快", "慢")]
FLIP = {a: b for a, b in ANTONYMS} | {b: a for a, b in ANTONYMS}


def comparisons(views, rng) -> list[Mutant]:
    """Flip a comparison word in a sentence that states a number (digits) on the page, or that compares two
    things the page has numbers for without a digit."""
    out = []
    for v in views:
        claimed = [c.span[0] - v.body_offset for c in v.claims]
        for start, end in sentences(v.view):
            numbered = any(start <= s < end for s in claimed) or classify.COMPARISON_BOUND.search(v.view[start:end])
            for m in comparison_words(v.view[start:end]) if numbered else []:
                word = m.group(0)
                key = next((k for k in sorted(FLIP, key=len, reverse=True) if k in word), None)
                if key is None:
                    continue
                off = v.body_offset + start + m.start() + word.index(key)
                out.append(Mutant("comparisons", f"{v.path.name}: {word!r}: {key} -> {FLIP[key]}",
                                  [_at(v.path, off, key, FLIP[key])], _rel(v.path)))
            # no digit in the sentence: a comparison between two things the page has numbers for (动态读取领先
            # 固定摘要): the word flipped, and the two names swapped in the body and in the relation that binds it
            if numbered:
                continue
            names = quantity_names(v.page.meta)
            for m in comparison_words(v.view[start:end]):
                before = [n for n in names if n in v.view[start:start + m.start()]]
                after = [n for n in names if n in v.view[start + m.end():end] and n not in before]
                key = next((k for k in sorted(FLIP, key=len, reverse=True) if k in m.group(0)), None)
                if not before or not after or key is None:
                    continue
                off = v.body_offset + start + m.start() + m.group(0).index(key)
                out.append(Mutant("comparisons", f"{v.path.name}: {m.group(0)!r} between {before[0]} and {after[0]}: "
                                  f"{key} -> {FLIP[key]}", [_at(v.path, off, key, FLIP[key])], _rel(v.path)))
                a, b = max(before, key=len), max(after, key=len)
                clause = v.view[start:end]
                i, j = clause.index(a), clause.index(b, m.end())
                old = clause[i:j + len(b)]
                swapped = b + old[len(a):-len(b)] + a
                edits = [(_rel(v.path), old, swapped, v.body_offset + start + i)]
                for entry in v.page.meta.get("relations") or []:
                    if isinstance(entry, dict) and old in str(entry.get("text", "")):
                        edits.append((_rel(v.path), old, swapped, "front"))
                out.append(Mutant("comparisons", f"{v.path.name}: {a} <-> {b} around {m.group(0)!r} (body and relation)",
                                  edits, _rel(v.path)))
        # the careless fix: the word flipped in the body and in the relation text, the predicate left as it was
        for entry in v.page.meta.get("relations") or []:
            if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
                continue
            key = next((k for k in sorted(FLIP, key=len, reverse=True) if k in entry["text"]), None)
            at = v.text.find(entry["text"], v.body_offset)
            if key is None or at < 0:
                continue
            new_text = entry["text"].replace(key, FLIP[key], 1)
            out.append(Mutant("comparisons", f"{v.path.name}: {key} -> {FLIP[key]} in the body and the relation text",
                              [(_rel(v.path), entry["text"], new_text, at), (_rel(v.path), entry["text"], new_text, "front")],
                              _rel(v.path)))
        for s, e, c in v.math:  # an order symbol between printed numbers
            for m in re.finditer(r"(?<=\d)\s*([<>])\s*(?=[-−]?\d)", v.view[c:e]):
                off = v.body_offset + c + m.start(1)
                new = "<" if m.group(1) == ">" else ">"
                out.append(Mutant("comparisons", f"{v.path.name}: math {m.group(1)} -> {new}",
                                  [_at(v.path, off, m.group(1), new)], _rel(v.path)))
    return _sample(out, rng, 24)


EQUALITY_FLIPS = [("一模一样", "完全不同"), ("完全一致", "完全不同"), ("不改变", "改变"), ("没有改变", "改变了"),
                  ("无法区分", "能够区分"), ("区分不了", "区分得了"), ("相同", "不同"), ("一样", "不同"), ("相等", "不等"),
                  ("不变", "改变")]


def equalities(views, rng) -> list[Mutant]:
    """Turn an asserted equality or invariance into its opposite (相同 -> 不同, 不变 -> 改变, 无法区分 -> 能够区分) in
    a sentence the relation lint reaches: one with a checked number, or one naming two things the page has
    numbers for; and the careless fix, the word changed in the body and in the relation text together."""
    from checker.relations import _asserted_equalities, _named
    out = []
    for v in views:
        checked = [c.span[0] - v.body_offset for c in v.claims]
        names = quantity_names(v.page.meta)
        for start, end in sentences(v.view):
            sentence = v.view[start:end]
            if not any(start <= s < end for s in checked) and len(_named(sentence, names)) < 2:
                continue
            for m in _asserted_equalities(sentence):
                old, new = next(((a, b) for a, b in EQUALITY_FLIPS if a in m.group(0)), (None, None))
                if old is None:
                    continue
                off = v.body_offset + start + m.start() + m.group(0).index(old)
                out.append(Mutant("equalities", f"{v.path.name}: {m.group(0)!r} -> {new}", [_at(v.path, off, old, new)],
                                  _rel(v.path)))
        for entry in v.page.meta.get("relations") or []:
            text = entry.get("text") if isinstance(entry, dict) else None
            pair = next(((a, b) for a, b in EQUALITY_FLIPS if isinstance(text, str) and a in text), None)
            at = v.text.find(text, v.body_offset) if pair else -1
            if at >= 0:
                new_text = text.replace(pair[0], pair[1], 1)
                out.append(Mutant("equalities", f"{v.path.name}: {pair[0]} -> {pair[1]} in the body and the relation",
                                  [(_rel(v.path), text, new_text, at), (_rel(v.path), text, new_text, "front")],
                                  _rel(v.path)))
    return _sample(out, rng, 24)


def signs_and_order(views, rng) -> list[Mutant]:
    out = []
    for v in views:
        for c in v.claims:
            start, end = c.span
            printed = v.text[start:end]
            if not v.in_math(start - v.body_offset):
                continue
            parts = re.split(r"([,，])", printed.strip("()[]"))
            items = parts[::2]
            if len(items) >= 2 and len(set(items)) >= 2:  # swap two distinct components
                i = next(k for k in range(1, len(items)) if items[k] != items[0])
                swapped = items[:]
                swapped[0], swapped[i] = items[i], items[0]
                inner = "".join(x + (parts[2 * k + 1] if 2 * k + 1 < len(parts) else "") for k, x in enumerate(swapped))
                new = printed.replace(printed.strip("()[]"), inner, 1)
                out.append(Mutant("signs_and_order", f"{v.path.name}: swap {items[0]!r}, {items[i]!r} in {printed!r}",
                                  [_at(v.path, start, printed, new)], _rel(v.path)))
            elif re.fullmatch(r"[-−]\d.*", printed) and c.computed not in (0, 0.0):
                out.append(Mutant("signs_and_order", f"{v.path.name}: drop the sign of {printed!r}",
                                  [_at(v.path, start, printed, printed[1:])], _rel(v.path)))
            elif (re.fullmatch(r"\d*\.?\d+", printed) and float(printed) != 0  # -0 is 0: a neutral edit, not a sign flip
                  and c.computed not in (0, 0.0) and isinstance(c.computed, (int, float))):
                out.append(Mutant("signs_and_order", f"{v.path.name}: negate {printed!r}",
                                  [_at(v.path, start, printed, "-" + printed)], _rel(v.path)))
    return _sample(out, rng, 20)


def provenance(views, rng) -> list[Mutant]:
    """Change a cited source's arXiv id, version, table/figure/section number, year or a dated month consistently
    everywhere in the page that states it (front matter and body alike): the kind of edit a check of
    the page against itself cannot see. The bibliography file itself is not mutated here."""
    out = []
    for v in views:
        sources = v.page.meta.get("sources") or {}
        cited = [c.get("source", "") for c in v.page.meta.get("cited") or [] if isinstance(c, dict)]
        refs = " ".join(str(x) for x in (list(sources.values()) if isinstance(sources, dict) else list(sources)) + cited)
        if not refs:
            continue
        edits = []
        for m in re.finditer(r"\d{4}\.\d{4,5}", refs):
            edits.append((m.group(0), m.group(0)[:-1] + str((int(m.group(0)[-1]) + 1) % 10), "arXiv id"))
        for m in re.finditer(r"\bv([1-9])\b", refs):
            edits.append((m.group(0), f"v{int(m.group(1)) + 2}", "version"))
        for m in re.finditer(r"\b(Table|Figure|Fig\.) (\d+)", refs):
            edits.append((m.group(0), f"{m.group(1)} {int(m.group(2)) + 1}", "table/figure number"))
        for m in re.finditer(r"(?<=[a-z0-9] )§(\d+)\.(\d+)", refs):  # a paper's section, not the course's
            edits.append((m.group(0), f"§{m.group(1)}.{int(m.group(2)) + 1}", "section"))
        for m in re.finditer(r"(?<![\d.])((?:19|20)\d\d)(?![\d.])", refs):
            edits.append((m.group(0), str(int(m.group(0)) + 1), "year"))
        for date in dates_in(v.text[v.body_offset:]):  # a date moved by a month, wherever the page writes it
            year, month = date.iso[:4], int(date.iso[5:7])
            shifted = f"{year}-{month % 12 + 1:02d}" + date.iso[7:]
            if date.text == date.iso:
                edits.append((date.text, shifted, "date"))
            elif re.fullmatch(r"\d{4}\s*年\s*\d{1,2}\s*月.*", date.text):
                edits.append((date.text, re.sub(r"(年\s*)\d{1,2}", rf"\g<1>{month % 12 + 1}", date.text, count=1), "date"))
        seen = set()
        for old, new, what in edits:
            if (old, what) in seen:
                continue
            seen.add((old, what))
            pattern = (rf"(?<![\d.]){re.escape(old)}(?!\d)" if what == "date"  # 2017 年 6 月的: 的 is a word character
                       else rf"(?<![\w.]){re.escape(old)}(?![\w])")
            if not re.search(pattern, v.text[v.body_offset:]) and what != "version":
                continue  # the page body never states it: not a consistent edit of anything printed
            out.append(Mutant("provenance", f"{v.path.name}: {what} {old} -> {new} everywhere in the page",
                              [(_rel(v.path), pattern, new, "regex")], _rel(v.path)))
    return out  # every candidate: the class is small enough to check whole (about 280 edits)


def new_numbers(views, rng) -> list[Mutant]:
    """A new, unchecked number in every kind of place."""
    out = []
    for v in views:
        if not v.claims:
            continue
        body = v.text[v.body_offset:]
        rel = _rel(v.path)
        heading = re.search(r"^## (.+)$", body, re.M)
        if heading:
            off = v.body_offset + heading.end()
            out.append(Mutant("new_numbers", f"{v.path.name}: heading", [(rel, heading.group(0), heading.group(0) + "（共 7 例）", v.body_offset + heading.start())], rel))
        title = re.search(r"^title: (.+)$", v.front, re.M)
        if title:
            out.append(Mutant("new_numbers", f"{v.path.name}: title", [(rel, title.group(0), title.group(0) + "：9 个要点", title.start())], rel))
        cell = re.search(r"^\| ([^|\d\n]+?) \|(?![ -]*-)", body, re.M)
        if cell and not re.match(r"\s*-", cell.group(1)):
            out.append(Mutant("new_numbers", f"{v.path.name}: table first cell",
                              [(rel, cell.group(0), f"| {cell.group(1)}（5 次） |", v.body_offset + cell.start())], rel))
        adm = re.search(r'^(!!! \w+ "[^"\n]+)"', body, re.M)
        if adm:
            out.append(Mutant("new_numbers", f"{v.path.name}: admonition title",
                              [(rel, adm.group(0), adm.group(1) + '（3 例）"', v.body_offset + adm.start())], rel))
        link = re.search(r"\[([^\]\d\n]{2,})\]\(([^)\s]+\.md[^)]*)\)", body)
        if link:
            out.append(Mutant("new_numbers", f"{v.path.name}: link text",
                              [(rel, link.group(0), f"[{link.group(1)}的 6 个例子]({link.group(2)})", v.body_offset + link.start())], rel))
        para = re.search(r"^[^\s#|!>`$\-*\d<\[][^\n]*。$", body, re.M)
        if para:
            end = v.body_offset + para.end()
            out += [
                Mutant("new_numbers", f"{v.path.name}: prose", [(rel, para.group(0), para.group(0)[:-1] + "，共 17 次。", v.body_offset + para.start())], rel),
                Mutant("new_numbers", f"{v.path.name}: inline code in prose",
                       [(rel, para.group(0), para.group(0)[:-1] + "（`batch=64`）。", v.body_offset + para.start())], rel),
                Mutant("new_numbers", f"{v.path.name}: footnote",
                       [(rel, para.group(0), para.group(0) + "[^n]\n\n[^n]: 这一结论在 12 次重跑中成立。", v.body_offset + para.start())], rel),
                Mutant("new_numbers", f"{v.path.name}: HTML comment",
                       [(rel, para.group(0), para.group(0) + "\n<!-- 实测 8 次，取中位数 -->", v.body_offset + para.start())], rel),
                Mutant("new_numbers", f"{v.path.name}: multiplier",
                       [(rel, para.group(0), para.group(0)[:-1] + "，约快 $3\\times$。", v.body_offset + para.start())], rel),
            ]
    by_place: dict = {}
    for m in out:
        by_place.setdefault(m.name.split(": ", 1)[1], []).append(m)
    return [m for ms in by_place.values() for m in _sample(ms, rng, 3)]


FORMULA_EDITS = [(r"\^2", "^3"), (r"(?<![\d^_{])4(?=[a-zA-Z])", "3"), (r"(?<![\d^_{])2(?=[a-zA-Z\\])", "3"),
                 (r"(?<![\d^_{])8(?=[a-zA-Z])", "6"), (r"/3", "/2"), (r"5\+", "4+"), (r"\{6\}", "{5}"),
                 (r"\\sqrt\{2\}", r"\\sqrt{3}")]


def formulas(views, rng) -> list[Mutant]:
    """Change a numeral in a bound formula consistently in the front matter and the body."""
    out = []
    for v in views:
        for entry in v.page.meta.get("formulas") or []:
            tex = entry["tex"]
            for pattern, repl in FORMULA_EDITS:
                m = re.search(pattern, tex)
                if not m:
                    continue
                new = tex[:m.start()] + m.expand(repl) + tex[m.end():]
                body_at = v.text.find(tex, v.body_offset)
                if body_at < 0:
                    continue
                out.append(Mutant("formulas", f"{v.path.name}: {tex!r} -> {new!r} (front matter and body)",
                                  [(_rel(v.path), tex, new, body_at),  # the body first: its offset is pre-edit
                                   (_rel(v.path), tex, new, "front")],  # the entry and any claim quoting it
                                  _rel(v.path)))
    return _sample(out, rng, 20)


KERNEL_EDITS = [
    ("kernels/resources.py", "return 2 * layers * batch * positions", "return layers * batch * positions",
     "kv_cache_bytes drops the K-and-V factor 2"),
    ("kernels/resources.py", "return MacCount(projections=4 * d * d,", "return MacCount(projections=3 * d * d,",
     "decode_step_macs projections 4d^2 -> 3d^2"),
    ("kernels/decoding.py", "return ((5.0 + max(1, n_tokens)) / 6.0) ** alpha", "return ((6.0 + max(1, n_tokens)) / 6.0) ** alpha",
     "length_penalty constant 5 -> 6"),
    ("kernels/blocks.py", "def ffn_parameter_count(d_model: int, d_hidden: int, bias: bool = True)",
     "def ffn_parameter_count(d_model: int, d_hidden: int, bias: bool = False)", "ffn_parameter_count default bias flipped"),
    ("kernels/attention.py", "def attend(q, K, V, scale: bool = False,", "def attend(q, K, V, scale: bool = True,",
     "attend default scale flipped"),
    ("kernels/attention.py", "def sinusoidal_positions(n_positions: int, d_model: int, base: float = 10000.0)",
     "def sinusoidal_positions(n_positions: int, d_model: int, base: float = 1000.0)",
     "sinusoidal_positions default base 10000 -> 1000"),
    ("kernels/norms.py", "return 2.0 * ffn_hidden / 3.0", "return 2.0 * ffn_hidden / 4.0", "swiglu width 2h/3 -> 2h/4"),
    ("kernels/parameters.py", "return rank * (d_out + d_in)", "return rank * d_out", "lora count drops d_in"),
]


def kernels(views, rng) -> list[Mutant]:
    out = []
    for path, old, new, what in KERNEL_EDITS:
        source = (ROOT / path).read_text(encoding="utf-8")
        if old not in source:
            continue  # the kernel changed shape; the corpus reports fewer mutants rather than failing
        module = path[:-3].replace("/", ".")
        users = {p for p in (ROOT / "verify").rglob("*.py") if module in p.read_text(encoding="utf-8")}
        pages = [_rel(v.path) for v in views
                 if str(v.page.meta.get("verify") or "").split("::")[0] in {_rel(u) for u in users}]
        pages += [_rel(v.path) for v in views if v.page.meta.get("formulas") and
                  any(e.get("kernel", "").startswith(path) for e in v.page.meta["formulas"])]
        out.append(Mutant("kernels", what, [(path, old, new, None)], None, sorted(set(pages))))
    return out


SYNONYMS = [("因为", "由于"), ("例如", "比如"), ("所以", "因此"), ("但是", "不过"), ("这里", "此处"), ("只是", "仅仅是"),
            ("可以", "能够"), ("同样", "一样")]


def controls(views, rng) -> list[Mutant]:
    """Semantically neutral edits: reflowed whitespace and synonyms without numbers."""
    out = []
    for v in views:
        rel = _rel(v.path)
        body = v.text[v.body_offset:]
        for old, new in SYNONYMS:
            if old in v.front:
                continue  # a template may quote the word; the control must not touch checked text
            m = next(v.body_positions(re.escape(old)), None)
            if m:
                out.append(Mutant("controls", f"{v.path.name}: synonym {old} -> {new}", [_at(v.path, m[1], old, new)], rel))
        fences = [m.span() for m in re.finditer(r"^[ \t]*```.*?^[ \t]*```", body, re.M | re.S)]
        para = next((m for m in re.finditer(r"^([^\s#|!>`$\-*\d<\[][^\n$`]*?，)([^\n$`]+)$", body, re.M)
                     if not any(s <= m.start() < e for s, e in fences)), None)  # reflowing code is not neutral
        if para and not para.group(1).endswith("\\，"):
            out.append(Mutant("controls", f"{v.path.name}: reflow a paragraph line",
                              [(rel, para.group(0), para.group(1) + "\n" + para.group(2), v.body_offset + para.start())], rel))
        blank = re.search(r"\n\n(?=[^\n])", body)
        if blank:
            out.append(Mutant("controls", f"{v.path.name}: extra blank line",
                              [(rel, "\n\n", "\n\n\n", v.body_offset + blank.start())], rel))
    return _sample(out, rng, 30)


def labels(views, rng) -> list[Mutant]:
    """Whose number is it (checker/kinds.py): every labelled box that holds a number its data can decide is given
    each other label; a 本站构造 box is stretched over the next paragraph when that one states only the course's
    numbers, and a 教学构造 box over the next one that states the site's. A box of small integers alone cannot be
    judged from data (2 or 4 occur in almost every section) and is left out, and so is the swap of 教学构造 and 待做设计
    for a box whose only numbers are the course's count words: both are the course's (the guide says so)."""
    from checker.kinds import LABELS, blocks, innermost
    out = []
    for v in views:
        body, rel = v.page.body, _rel(v.path)
        found = [b for b in blocks(body) if not b.marker and b.label in LABELS]
        marks = v.marks
        owner = {id(m): innermost(found, m) for m in marks}
        for b in found:
            inside = [m for m in marks if owner[id(m)] is b]
            if not inside:   # every number has a declared kind: a box with any number can be relabelled
                continue
            head = body[b.start:body.find("\n", b.start)]
            # the course's own count words alone cannot tell its example (教学构造) from its design (待做设计)
            words_only = all(m.claim is None and m.cited is None for m in inside)
            for other in LABELS:
                if other == b.label or words_only and {b.label, other} == {"教学构造", "待做设计"}:
                    continue
                if True:
                    out.append(Mutant("labels", f"{v.path.name}: box {b.label} -> {other}",
                                      [_at(v.path, v.body_offset + b.start, head, head.replace(f'"{b.label}"', f'"{other}"'))],
                                      rel))
            # stretch the box over the paragraph that follows it
            tail = body[b.end:]
            m = re.match(r"\n\n((?:[^\n]+\n?)+)", tail)
            if not m or m.group(1).lstrip().startswith(("!!!", "#", "```", "|", "- ", "$$")) or "〔" in m.group(1):
                continue
            start, end = b.end + m.start(1), b.end + m.end(1)
            kinds = {x.kind for x in marks if start <= x.start < end}
            wants = {"本站构造": "course", "教学构造": "site_construction"}.get(b.label)
            if wants and wants in kinds and not (kinds - {wants}):
                indent = " " * (len(head) - len(head.lstrip()) + 4)
                para = body[start:end]
                out.append(Mutant("labels", f"{v.path.name}: box {b.label} stretched over the next paragraph",
                                  [_at(v.path, v.body_offset + start, para,
                                       "".join(indent + line if line.strip() else line for line in para.splitlines(True)))],
                                  rel))
    return _sample(out, rng, 60)


def _column_move(body: str, x: tuple[int, int], y: tuple[int, int]) -> bool:
    """Whether exchanging the two spans is moving two whole columns of a table: both are header cells, and every row
    below has the same cell in both columns (13-4's | A | B | C | over rows of ·). The arrangement check allows
    moving columns by design, so such an exchange is no careless edit."""
    start = body.rfind("\n", 0, x[0]) + 1
    end = body.find("\n", start)
    end = len(body) if end < 0 else end
    if not (start <= y[0] < end and body[start:end].lstrip().startswith("|")):
        return False
    line = body[start:end]
    cells = _cells(line)
    which = [i for i, (a, b) in enumerate(cells) for s in (x, y) if a <= s[0] - start < b]
    if len(which) != 2:
        return False
    rows = []
    for row in body[end + 1:].split("\n"):
        if not row.lstrip().startswith("|"):
            break
        rows.append(row)
    body_rows = [r for r in rows if not re.match(r"\s*\|?\s*:?-{3,}", r)]
    def cell(row, i):
        spans = _cells(row)
        return row[slice(*spans[i])] if i < len(spans) else None
    return bool(body_rows) and all(cell(r, which[0]) == cell(r, which[1]) for r in body_rows)


def _cells(line: str) -> list[tuple[int, int]]:
    """(start, end) of each cell's text in a Markdown table row, stripped of its spaces."""
    bars = [i for i, ch in enumerate(line) if ch == "|" and (i == 0 or line[i - 1] != "\\")]
    spans = []
    for a, b in zip(bars, bars[1:]):
        cell = line[a + 1:b]
        lead = len(cell) - len(cell.lstrip())
        if cell.strip():
            spans.append((a + 1 + lead, a + 1 + lead + len(cell.strip())))
    return spans


def tables(views, rng) -> list[Mutant]:
    """A hurried co-author's table edit that keeps every digit: two column headers swapped, or the labels of two
    rows that hold recomputed cells swapped (the numbers now sit under the wrong name)."""
    from checker.pipeline import tables as page_tables
    out = []
    for v in views:
        body, rel = v.page.body, _rel(v.path)
        claimed = [(c.span[0] - v.body_offset, c.span[1] - v.body_offset) for c in v.claims]
        for header, rows, header_end in page_tables(body):
            holding = [(s, e) for s, e in rows if any(s <= a < e for a, _ in claimed)]
            if not holding:
                continue
            line = body[header:header_end]
            cells = _cells(line)
            pairs = [(i, j) for i in range(len(cells)) for j in range(i + 1, len(cells))
                     if line[slice(*cells[i])] != line[slice(*cells[j])]]
            if pairs:
                i, j = rng.choice(pairs)
                (a, b), (c, d) = cells[i], cells[j]
                swapped = line[:a] + line[c:d] + line[b:c] + line[a:b] + line[d:]
                out.append(Mutant("tables", f"{v.path.name}: headers {line[a:b]!r} <-> {line[c:d]!r}",
                                  [_at(v.path, v.body_offset + header, line, swapped)], rel))
            labelled = [(s, e, _cells(body[s:e])[0]) for s, e in holding if _cells(body[s:e])]
            labelled = [(s, e, x) for s, e, x in labelled if not re.search(r"\d", body[s + x[0]:s + x[1]])
                        or body[s + x[0]:s + x[1]].startswith("第")]
            if len(labelled) >= 2:
                (s1, e1, (a1, b1)), (s2, e2, (a2, b2)) = rng.sample(labelled, 2)
                first, second = body[s1 + a1:s1 + b1], body[s2 + a2:s2 + b2]
                row1, row2 = body[s1:e1], body[s2:e2]
                if first != second and row1[b1:] != row2[b2:]:   # two rows of equal values: the swap is no edit
                    out.append(Mutant("tables", f"{v.path.name}: row labels {first!r} <-> {second!r}",
                                      sorted([_at(v.path, v.body_offset + s1, row1, row1[:a1] + second + row1[b1:]),
                                              _at(v.path, v.body_offset + s2, row2, row2[:a2] + first + row2[b2:])],
                                             key=lambda edit: -edit[3]), rel))   # the later edit first: offsets hold
    return _sample(out, rng, 60)


RUN_SENTENCES = ("本站已经做了这样的运行。", "本站在 CPU 上实测过这一结果。", "这些数字出自本站训练的模型。")
NEGATION_FLIPS = [("本站没有训练", "本站训练了"), ("本站未训练的", "本站训练的"), ("本站未经训练的", "本站训练过的"),
                  ("不是本站的测量", "是本站的测量"), ("尚未在 GPU 上实测", "已在 GPU 上实测"),
                  ("还没有在 GPU 上做过", "已经在 GPU 上做过"), ("没有在本站做训练实验", "在本站做了训练实验")]


def run_claims(views, rng) -> list[Mutant]:
    """Claims about the site's own runs (checker/run_claims.py): a run sentence added to a page with no run
    evidence, a negation turned into a claim ("本站没有训练" → "本站训练了", "尚未在 GPU 上实测" → "已在 GPU 上实测"),
    a run page's results files dropped, a CPU run moved to a GPU."""
    from checker.run_claims import RESULTS, RUN_EVIDENCE
    out = []
    for v in views:
        body, rel = v.page.body, _rel(v.path)
        evidence = set(v.page.meta.get("evidence") or [])
        if not evidence & RUN_EVIDENCE:
            para = re.search(r"\n\n(?![ \t]*(?:[-*|#>$`!]|\d+\.))[^\n]*[\u3400-\u9fff][^\n]*。(?=\n)", body)
            if para:
                end = para.end()
                sentence = RUN_SENTENCES[len(out) % len(RUN_SENTENCES)]
                out.append(Mutant("run_claims", f"{v.path.name}: added {sentence}",
                                  [_at(v.path, v.body_offset + end - 1, "。", "。" + sentence)], rel))
        for old, new in NEGATION_FLIPS:
            i = body.find(old)
            if i >= 0:
                out.append(Mutant("run_claims", f"{v.path.name}: {old} -> {new}",
                                  [_at(v.path, v.body_offset + i, old, new)], rel))
        if evidence & RUN_EVIDENCE:
            names = RESULTS.findall(body)
            if names:
                out.append(Mutant("run_claims", f"{v.path.name}: results files dropped",
                                  [(rel, rf"`?(?:{RESULTS.pattern})`?", "仓库里的文件", "regex")], rel))
            i = body.find("本站在 CPU 上")
            if i >= 0:
                out.append(Mutant("run_claims", f"{v.path.name}: CPU run said to be on a GPU",
                                  [_at(v.path, v.body_offset + i, "本站在 CPU 上", "本站在 GPU 上")], rel))
    return _sample(out, rng, 60)


def names(views, rng) -> list[Mutant]:
    """Two named things swapped over their cited numbers (checker/cited_names.py): every digit and every recorded
    value stays, in the body and in the cited text alike ("RNNenc-50 得 17.82，RNNsearch-50 得 26.75" → the names
    exchanged)."""
    from collections import defaultdict

    from checker.cited_names import competitors
    from checker.provenance import paper_numbers
    by_location = defaultdict(list)
    for r in paper_numbers():
        by_location[(r.source, r.location)].append(r.quantity)
    rivals = set()
    for quantities in by_location.values():
        groups = [v for v in competitors(sorted(set(quantities))).values() if v]
        rivals |= {tuple(sorted((a, b))) for g in groups for h in groups for a in g - h for b in h - g}
    out = []
    for v in views:
        for cite in v.page.meta.get("cited") or []:
            text = str(cite.get("text", "")) if isinstance(cite, dict) else ""
            for a, b in sorted(rivals):
                if re.search(rf"(?<![\w*-]){re.escape(a)}(?![\w*-])", text) and \
                        re.search(rf"(?<![\w*-]){re.escape(b)}(?![\w*-])", text):
                    whole = lambda n: rf"(?<![\w*-]){re.escape(n)}(?![\w*-])"
                    out.append(Mutant("names", f"{v.path.name}: {a} <-> {b}",
                                      [(_rel(v.path), whole(a), "\x00", "regex"), (_rel(v.path), whole(b), a, "regex"),
                                       (_rel(v.path), "\x00", b, "regex")], _rel(v.path)))
    return _sample(list({m.name: m for m in out}.values()), rng, 30)


# A careless co-author's reversal of a statement no computation checks, and neutral rewordings of one: word pairs
# written from what the words mean, not from the checker's token table
STATEMENT_FLIPS = [("更尖", "更平"), ("更平", "更尖"), ("越大", "越小"), ("越小", "越大"), ("越长", "越短"), ("越多", "越少"),
                   ("最高", "最低"), ("最低", "最高"), ("最大", "最小"), ("最小", "最大"), ("为正", "为负"), ("为负", "为正"),
                   ("不一定", "一定"), ("未必", "必然"), ("较小", "较大"), ("较大", "较小"), ("偏长", "偏短"), ("左侧", "右侧"),
                   ("右侧", "左侧"), ("左边", "右边"), ("右边", "左边"), ("不能据此", "可以据此"), ("不证明", "证明了"),
                   ("没有单独", "已经单独"), ("没有重跑", "已经重跑"), ("float64", "float32"), ("双精度", "单精度"),
                   ("单精度", "半精度"), ("上一", "下一"), ("前一个", "后一个"), ("起点", "终点"), ("按平方", "按线性"),
                   ("相同", "不同"), ("一模一样", "并不一样"), ("不变", "会变"), ("第一步", "最后一步"), ("从负变正", "从正变负")]
STATEMENT_CONTROLS = [("一模一样", "完全相同"), ("更高", "更大"), ("通常", "一般"), ("未必", "不一定")]
# 上 after a verb is its complement, not 'previous': 乘上一个权重 is 乘上 + 一个, and 乘下一个权重 reverses nothing
_VERB_BEFORE_SHANG = re.compile(r"[乘加填补换配写贴附带放盖标印装搭套安接跟追算]$")


# 上 + 一起/一致/一样/一些…: 这一行上一起修改 is 上 (on) + 一起 (together), no 'previous' to reverse
_WORD_AFTER_YI = re.compile(r"[起致样些下定般直切旦同共]")


def _not_a_statement_word(v, off: int, old: str) -> bool:
    return old == "上一" and (bool(_VERB_BEFORE_SHANG.search(v.text[max(0, off - 1):off]))
                             or bool(_WORD_AFTER_YI.match(v.text, off + len(old))))


def statements(views, rng) -> list[Mutant]:
    """Reverse a statement word outside every claim, citation and relation (a general statement: 更尖 -> 更平,
    不一定 -> 一定, 没有单独测过 -> 已经单独测过); and neutral rewordings of one as controls."""
    out, controls_ = [], []
    for v in views:
        located = [(c.span[0], c.span[1]) for c in v.claims]
        front = v.front
        for old, new in STATEMENT_FLIPS:
            for m, off in v.body_positions(re.escape(old)):
                if any(s <= off < e for s, e in located) or old in front or v.in_math(m.start()) \
                        or _not_a_statement_word(v, off, old):
                    continue
                out.append(Mutant("statements", f"{v.path.name}: {old} -> {new}", [_at(v.path, off, old, new)], _rel(v.path)))
                break
        for old, new in STATEMENT_CONTROLS:
            m = next(v.body_positions(re.escape(old)), None)
            if m and old not in front and not any(s <= m[1] < e for s, e in located):
                controls_.append(Mutant("controls", f"{v.path.name}: reworded statement {old} -> {new}",
                                        [_at(v.path, m[1], old, new)], _rel(v.path)))
    return _sample(out, rng, 40) + _sample(controls_, rng, 10)


# a quoted term is a name of at most four characters, as the checker reads one (checker/statements.py,
# _QUOTED_NAME): a longer quotation is a phrase, and replacing it is a rewording its statement words are judged by
_TERM = re.compile(r"(?<![A-Za-z0-9_\\-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*(?![A-Za-z0-9_-])|“[^”\n]{1,4}”")
# the two sides of a coordination or neighbours in an enumeration (`course`、`cho`、`pytorch`) say the same either way
# (or two items of one enumeration, Q、K、V -> V、K、Q: the list names the same things in another order)
_BETWEEN_COORDINATION = re.compile(r"^[\s`]*(?:(?:和|与|及|、|或|/|,|，|and|or)[\s`]*[^\s`、,，。；：和与及或/]{1,8}[\s`]*)*"
                                   r"(?:和|与|及|、|或|/|,|，|and|or)[\s`]*$")


def _exchange(text: str, a: tuple[int, int], b: tuple[int, int]) -> str:
    (s1, e1), (s2, e2) = sorted([a, b])
    return text[:s1] + text[s2:e2] + text[e1:s2] + text[s1:e1] + text[e2:]


def exchanges(views, rng) -> list[Mutant]:
    """A careless exchange that keeps every character (checker/arrangements.py): two different terms of one
    sentence or of two neighbouring sentences exchanged (GloVe <-> fastText), two cells of a table column exchanged
    across rows, two column headers, two numbered steps; outside claims, math and code, and never the two sides of
    a bare coordination (A 和 B), which say the same either way. Controls move whole parts: two clauses of a
    sentence, two rows of a table, two bulleted items."""
    out, controls_ = [], []
    for v in views:
        rel, body = _rel(v.path), v.page.body
        located = [(c.span[0] - v.body_offset, c.span[1] - v.body_offset) for c in v.claims]
        def free(s: int, e: int) -> bool:   # no claim, no math, no digit: the exchange alone is the edit
            return not any(a < e and s < b for a, b in located) and not v.in_math(s) and not re.search(r"\d", body[s:e])
        spans = list(sentences(v.view))
        for (s1, e1), (s2, e2) in zip(spans, spans[1:] + [(None, None)]):
            end = e2 if s2 is not None and "\n\n" not in body[e1:s2] and rng.half(body[s1:e1]) else e1
            terms = [m for m in _TERM.finditer(v.view, s1, end) if free(m.start(), m.end())]
            pairs = [(x, y) for i, x in enumerate(terms) for y in terms[i + 1:]
                     if x.group(0) != y.group(0) and body.count(x.group(0), s1, end) == 1 == body.count(y.group(0), s1, end)
                     and not _BETWEEN_COORDINATION.match(body[x.end():y.start()])
                     and not _column_move(body, x.span(), y.span())]
            if pairs:
                x, y = rng.choice(pairs)
                old = body[s1:end]
                new = _exchange(body, x.span(), y.span())[s1:end]
                out.append(Mutant("exchanges", f"{v.path.name}: {x.group(0)} <-> {y.group(0)}",
                                  [_at(v.path, v.body_offset + s1, old, new)], rel))
            plain = r"[^，。；？！?!\n$`|#*\[\]()]"   # no markup and no other clause or sentence mark
            clause = re.fullmatch(rf"(\s*(?:[-*+] )?)((?![\s-]){plain}{{4,}})，({plain}{{4,}})([。；]?)", body[s1:e1])
            if clause and free(s1, e1):   # the list marker and the indent stay where they are
                old = body[s1:e1]
                controls_.append(Mutant("controls", f"{v.path.name}: two clauses moved",
                                        [_at(v.path, v.body_offset + s1, old, f"{clause.group(1)}{clause.group(3)}，"
                                                                             f"{clause.group(2)}{clause.group(4)}")], rel))
        from checker.pipeline import tables as page_tables
        for header, rows, header_end in page_tables(body):
            line = body[header:header_end]
            cells = [c for c in _cells(line) if free(header + c[0], header + c[1])]
            if len(cells) >= 2 and line[slice(*cells[0])] != line[slice(*cells[1])]:
                out.append(Mutant("exchanges", f"{v.path.name}: headers exchanged",
                                  [_at(v.path, v.body_offset + header, line, _exchange(line, cells[0], cells[1]))], rel))
            if len(rows) >= 2:
                (a, b), (c, d) = rows[0], rows[1]
                first, second = body[a:b], body[c:d]
                column = next((i for i, (x, y) in enumerate(zip(_cells(first), _cells(second))) if i and
                               free(a + x[0], a + x[1]) and free(c + y[0], c + y[1]) and
                               first[slice(*x)] != second[slice(*y)]), None)
                if column is not None and b < c:
                    x, y = _cells(first)[column], _cells(second)[column]
                    old = body[a:d]
                    new = _exchange(body, (a + x[0], a + x[1]), (c + y[0], c + y[1]))[a:d]
                    out.append(Mutant("exchanges", f"{v.path.name}: two cells of a column exchanged",
                                      [_at(v.path, v.body_offset + a, old, new)], rel))
                if first != second and body[b:c].strip() == "" and free(a, d):
                    controls_.append(Mutant("controls", f"{v.path.name}: two table rows moved",
                                            [_at(v.path, v.body_offset + a, body[a:d], second + body[b:c] + first)], rel))
        for m in re.finditer(r"^(\d+)\. ([^\n]+)\n(\d+)\. ([^\n]+)$", body, re.M):
            if m.group(2) != m.group(4) and free(m.start(), m.end()):
                out.append(Mutant("exchanges", f"{v.path.name}: steps {m.group(1)} and {m.group(3)} exchanged",
                                  [_at(v.path, v.body_offset + m.start(), m.group(0),
                                       f"{m.group(1)}. {m.group(4)}\n{m.group(3)}. {m.group(2)}")], rel))
        for m in re.finditer(r"^- ([^\n]+)\n- ([^\n]+)$", body, re.M):
            if m.group(1) != m.group(2) and free(m.start(), m.end()):
                controls_.append(Mutant("controls", f"{v.path.name}: two bulleted items moved",
                                        [_at(v.path, v.body_offset + m.start(), m.group(0),
                                             f"- {m.group(2)}\n- {m.group(1)}")], rel))
    return _sample(out, rng, 40) + _sample(controls_, rng, 12)


def replacements(views, rng) -> list[Mutant]:
    """What keeps every digit, every statement word and every arrangement (checker/statements.py pins it): the label
    of a box whose numbers cannot decide it (none, or small integers only) given another label, and one named term
    of a sentence (a Latin name, a quoted word) replaced by another term of the same page, outside claims and math."""
    from checker.kinds import LABELS, blocks, innermost
    out = []
    for v in views:
        rel, body = _rel(v.path), v.page.body
        found = [b for b in blocks(body) if b.label in LABELS]
        owner = {id(m): innermost(found, m) for m in v.marks}
        for b in found:
            if any(owner[id(m)] is b for m in v.marks):
                continue   # checker/kinds.py judges this box from its numbers (the `labels` class)
            other = rng.choice([label for label in LABELS if label != b.label])
            if b.marker:
                at = body.index(f"〔{b.label}〕", b.start)
                old = body[at:at + len(b.label) + 2]
                out.append(Mutant("replacements", f"{v.path.name}: marker {b.label} -> {other}",
                                  [_at(v.path, v.body_offset + at, old, f"〔{other}〕")], rel))
            else:
                head = body[b.start:body.find("\n", b.start)]
                out.append(Mutant("replacements", f"{v.path.name}: unnumbered box {b.label} -> {other}",
                                  [_at(v.path, v.body_offset + b.start, head, head.replace(f'"{b.label}"', f'"{other}"'))],
                                  rel))
        located = [(c.span[0] - v.body_offset, c.span[1] - v.body_offset) for c in v.claims]
        terms = [m for m in _TERM.finditer(v.view) if not v.in_math(m.start()) and len(m.group(0)) > 1
                 and not any(a < m.end() and m.start() < e for a, e in located)]
        names = sorted({m.group(0) for m in terms})
        if len(names) >= 2:
            m = rng.choice(terms)
            substitute = rng.choice([n for n in names if n.lower() != m.group(0).lower()
                                     and n.startswith("“") == m.group(0).startswith("“")] or [None])
            if substitute:
                line_start = body.rfind("\n", 0, m.start()) + 1
                line_end = body.find("\n", m.end()) % (len(body) + 1)
                old = body[line_start:line_end]
                new = old[:m.start() - line_start] + substitute + old[m.end() - line_start:]
                out.append(Mutant("replacements", f"{v.path.name}: {m.group(0)} -> {substitute}",
                                  [_at(v.path, v.body_offset + line_start, old, new)], rel))
    return _sample(out, rng, 40)


GENERATORS = [digits, code_output, number_words, units, comparisons, equalities, signs_and_order, provenance, new_numbers,
              formulas, kernels, labels, tables, run_claims, names, statements, controls, exchanges, replacements]


EVERY_CANDIDATE = False  # `run --all`: no sampling, every edit each generator can make (about 7,800; ~13 min)


def _sample(items: list, rng, n: int) -> list:
    return items if EVERY_CANDIDATE or len(items) <= n else rng.sample(items, n)


class StableDraw:
    """The corpus's random choices, each a function of what is chosen from: an edit on one page changes only that
    page's mutants. One shared random.Random made every later draw depend on every earlier page, so a label fix on
    one page could swap another page's mutant (round 29 of stop 44 drew an enumeration reorder that way)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def _key(self, item) -> str:
        import hashlib
        if isinstance(item, Mutant):
            item = (item.cls, item.name, [(e[0], e[1], e[2]) for e in item.edits])
        elif isinstance(item, re.Match):
            item = (item.group(0), item.string[max(0, item.start() - 12):item.end() + 12])
        return hashlib.blake2b(f"{self.seed}|{item!r}".encode("utf-8"), digest_size=8).hexdigest()

    def choice(self, seq):
        return min(seq, key=self._key)

    def sample(self, items, n: int) -> list:
        return sorted(items, key=self._key)[:n]

    def half(self, text: str) -> bool:
        """A fair coin for one piece of text."""
        return int(self._key(("half", text)), 16) % 2 == 0


def _has_targets(path) -> bool:
    """A page the fast subset keeps: it binds relations, or a formula with a numeral FORMULA_EDITS can change (a
    vector formula without one, such as a softmax, yields no formula mutant)."""
    text = path.read_text(encoding="utf-8")
    if re.search(r"^relations:", text, re.M):
        return True
    if not re.search(r"^formulas:", text, re.M):
        return False
    from checker.page import front_matter
    entries = (front_matter(path) or {}).get("formulas") or []
    return any(isinstance(e, dict) and any(re.search(p, str(e.get("tex", ""))) for p, _ in FORMULA_EDITS)
               for e in entries)


def generate(check_page, seed: int = 9, every: int = 1) -> list[Mutant]:
    """All mutants, generated from the real pages (each page is checked once to find its claims).
    every=k keeps every k-th page plus every other page that binds relations or formulas (the fast subset: it samples
    six mutants a class, and checking all 125 such pages took half of its two minutes)."""
    rng = StableDraw(seed)
    views = []
    for i, path in enumerate(_pages()):
        if every > 1 and i % every and not (i % 2 == 0 and _has_targets(path)):
            continue
        report = check_page(path)
        if any("verify function" in e and "failed" in e for e in report.errors):
            continue  # without values a page's claims cannot be located
        views.append(PageView(path, report))
    mutants = []
    for generator in GENERATORS:
        mutants += generator(views, rng)
    baselines = {_rel(v.path): v.baseline for v in views}
    for m in mutants:
        m.baseline = baselines.get(m.page, Counter())
    return mutants


def apply(mutant: Mutant, read) -> dict[str, str]:
    """The mutated text of every file the mutant edits; read(rel) gives a file's current text."""
    texts: dict[str, str] = {}
    for rel, old, new, offset in mutant.edits:
        text = texts.get(rel, read(rel))
        if offset == "front":
            end = _front_matter_end(text)
            if old not in text[:end]:
                raise ValueError(f"{rel} front matter no longer contains {old!r}")
            text = text[:end].replace(old, new) + text[end:]
        elif offset == "regex":
            text, count = re.subn(old, new, text)
            if not count:
                raise ValueError(f"{rel} no longer matches {old!r}")
        elif offset is None:
            if old not in text:
                raise ValueError(f"{rel} no longer contains {old!r}")
            text = text.replace(old, new)
        else:
            if text[offset:offset + len(old)] != old:
                raise ValueError(f"{rel}:{offset} is not {old!r}")
            text = text[:offset] + new + text[offset + len(old):]
        texts[rel] = text
    return texts
