"""Names listed in order beside a vector the page computes: each name is the vector's entry at its place.

设候选词依次为 her、him、book、a，logit 为 $(1,2,0,-1)$ gives her the logit 1 and him 2; a sentence that orders the
names with no number of its own (标签 her 的 logit 在四个候选里最大, book 的概率比 him 高) is then decided on the
computed values instead of asking for a relation (blind_wrong_30: W30-016 and W30-027 passed as new sentences).

A listing is a run of two to ten short names (Latin words, quoted words, or one to three Chinese characters) joined
by 、, in a sentence that says they come in order (依次为, 按顺序是, 分别是), or right before 的 and such a cue (分布给
book、pen、key 的概率依次是). Its vectors are the claimed values printed in the 600 characters after it, before the next heading, that
have one number per name. Where the clause of the order word names a quantity that one vector's claim
prints it after (logit, 概率), only those vectors are read; otherwise the order must hold in one of them. A
superlative is about the name nearest before it (or the first after it: 最高的是 him); a comparison orders the
nearest name before it against the first name after 比 or after the word.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from checker.page import HOLE
from checker.values import lookup

_CUE = r"(?:依次|按顺序|顺序|分别)(?:为|是)"
_NAME = r"(?:[A-Za-z][A-Za-z0-9_-]*|“[^”、\n]{1,6}”|[\u4e00-\u9fff]{1,3})"
_NAMES = re.compile(rf"(?<![A-Za-z0-9\u4e00-\u9fff]){_NAME}(?:\s*、\s*{_NAME}){{1,9}}(?![A-Za-z0-9])")
_AFTER_CUE = re.compile(rf"{_CUE}[:：]?\s*$")
_BEFORE_CUE = re.compile(rf"^\s*的[^，。；,;]{{0,8}}?{_CUE}")
_WINDOW = 600   # characters after the names in which their vectors are printed (a box's display math included)
_QUANTITY = re.compile(r"([A-Za-z]+|[\u4e00-\u9fff]{2,})\s*(?:依次|分别)?(?:为|是|约为|约|得|≈|=|\\approx)?\s*[$(（\[]*$")


@dataclass
class Listing:
    names: list[str]
    start: int
    vectors: dict[str, list[float]] = field(default_factory=dict)   # key -> one value per name
    words: dict[str, str] = field(default_factory=dict)              # key -> the quantity its claim prints it after


def _clean(name: str) -> str:
    return name.strip().strip("“”")


def _quantity_words(templates: list[str]) -> dict[str, str]:
    """key -> the word right before its hole in a claim template ('logit 为 ${logits}$' -> logit)."""
    out = {}
    for template in templates:
        for m in HOLE.finditer(template):
            word = _QUANTITY.search(HOLE.sub("", template[:m.start()]))
            if word:
                out.setdefault(m.group(1) + m.group(2), word.group(1))
    return out


def listings(view: str, printed, values: dict | None, templates: list[str]) -> list[Listing]:
    """The page's listings with the vectors printed after them (printed: (start, end, key) of claimed values)."""
    if not values:
        return []
    words = _quantity_words(templates)
    found = []
    for m in _NAMES.finditer(view):
        before, after = view[max(0, m.start() - 12):m.start()], view[m.end():m.end() + 20]
        if not (_AFTER_CUE.search(before) or _BEFORE_CUE.match(after)):
            continue
        names = [_clean(n) for n in m.group(0).split("、")]
        if len(set(names)) != len(names):
            continue
        listing = Listing(names, m.start())
        heading = re.search(r"\n\s*#", view[m.end():m.end() + _WINDOW])
        stop = m.end() + (heading.start() if heading else _WINDOW)
        for start, end, key in printed:
            if not (m.start() <= start < stop) or key in listing.vectors:
                continue
            hole = HOLE.fullmatch("{" + key + "}")
            try:
                value = lookup(values, hole.group(1), hole.group(2)) if hole else None
                vector = [float(v) for v in value] if isinstance(value, (list, tuple)) or hasattr(value, "tolist") \
                    else None
            except (KeyError, IndexError, TypeError, ValueError):
                continue
            if vector is not None and len(vector) == len(names):
                listing.vectors[key] = vector
                listing.words[key] = words.get(key, "")
        if listing.vectors:
            found.append(listing)
    return found


def _find(text: str, name: str) -> list[int]:
    edge = r"(?<![A-Za-z0-9])" if name[:1].isascii() else ""
    tail = r"(?![A-Za-z0-9])" if name[-1:].isascii() else ""
    return [m.start() for m in re.finditer(edge + re.escape(name) + tail, text)]


def decide(sentence: str, m: re.Match, direction: str | None, first: str, second: str,
           found: list[Listing]) -> tuple[bool, Listing] | None:
    """(whether the order word m holds, the listing that decided it), or None when no listing decides it: m is a
    superlative of one listed name, or a comparison of two names of one listing, and direction is 'up' or 'down'."""
    if direction not in ("up", "down"):
        return None
    superlative = "最" in m.group(0)
    for listing in found:
        def nearest_before(text):
            places = [(p, n) for n in listing.names for p in _find(text, n)]
            return max(places)[1] if places else None

        def first_after(text):
            places = [(p, n) for n in listing.names for p in _find(text, n)]
            return min(places)[1] if places else None
        clause = sentence[max(sentence.rfind(c, 0, m.start()) for c in "，,；;：:") + 1:m.end()]
        quantity = [k for k, w in listing.words.items() if w and w.lower() in clause.lower()]
        keys = quantity or list(listing.vectors)
        if superlative:
            clause_start = max(sentence.rfind(c, 0, m.start()) for c in "，,；;：:") + 1
            subject = nearest_before(sentence[clause_start:m.start()]) or first_after(sentence[m.end():])
            if subject is None:
                continue
            i = listing.names.index(subject)
            pick = max if direction == "up" else min
            return any(listing.vectors[k][i] == pick(listing.vectors[k]) for k in keys), listing
        a, b = nearest_before(first), first_after(second)
        if a is None or b is None or a == b:
            continue
        i, j = listing.names.index(a), listing.names.index(b)
        holds = (lambda x, y: x > y) if direction == "up" else (lambda x, y: x < y)
        return any(holds(listing.vectors[k][i], listing.vectors[k][j]) for k in keys), listing
    return None
