"""A formula changed inside a sentence that is otherwise as pinned (blind corpus 31, W31-025).

Most inline formulas name a quantity ($\\sqrt{d_k}$, $h_{t-1}$, $W_x$) rather than define a computation, so the
formula inventory (checker/formula_inventory.py) does not list them and no binding evaluates them. The statement
pins read the words around them and the digits are claimed, so an edit that changes only the formula
(缩放后的分数整体偏移到 $\\sqrt{d_k}$ 附近 -> $d_k$ 附近) kept every word, every digit and every arrangement, and passed.

A sentence of the page whose text outside its formulas is that of a pinned sentence, word for word, but whose
formulas are not that sentence's, had a formula edited and nothing else: it fails until the formula is checked
against its source and the page is pinned again. A sentence reworded around its formulas is not judged here (the
statement pins judge its words), and a formula rewritten only in its spacing or braces ($d_{k}$ for $d_k$) is the
same formula.
"""
from __future__ import annotations

import re
from collections import Counter

from checker import snapshots
from checker.paths import project_relative

_INLINE = re.compile(r"(?<![\\$])\$(?!\$)([^$\n]+?)\$")
PLACE = "■"


def _same_formula(tex: str) -> str:
    """The formula as compared: without spacing commands, \\left/\\right, spaces, and braces around one symbol."""
    tex = re.sub(r"\\(?:left|right|[,;:! ]|quad|qquad)(?![A-Za-z])", "", tex)
    tex = re.sub(r"\s+", "", tex)
    return re.sub(r"\{(\\?[A-Za-z0-9]+|.)\}", r"\1", tex)


def _split(text: str) -> tuple[str, tuple[str, ...]]:
    """(the sentence with each formula replaced by one mark and no whitespace, its formulas in order)."""
    formulas = tuple(_same_formula(m.group(1)) for m in _INLINE.finditer(text))
    return re.sub(r"\s+", "", _INLINE.sub(PLACE, text)), formulas


def errors(page) -> list[tuple[int, str]]:
    """(line, message) for each sentence that is a pinned one with only its formulas changed."""
    snapshot = snapshots.for_page(page.path)
    if snapshot is None:
        return []
    texts = [item[key] for item in snapshot.items
             if (key := snapshots.key_of(item)) in snapshots.TEXT_KEYS and "$" in item[key]]
    flat = re.sub(r"\s+", "", page.body)
    if all(re.sub(r"\s+", "", text) in flat for text in texts):
        return []   # every pinned sentence with a formula stands as pinned (most pages, most runs: a cheap test first)
    pinned: dict[str, Counter] = {}   # a pinned sentence's words around its formulas -> the formula lists it had
    for text in texts:
        words, formulas = _split(text)
        if formulas:
            pinned.setdefault(words, Counter())[formulas] += 1
    if not pinned:
        return []
    from checker.arrangements import text_lines
    out = []
    for item, start, _ in text_lines(page):
        text = item[snapshots.key_of(item)]
        if "$" not in text:
            continue
        words, formulas = _split(text)
        was = pinned.get(words)
        # one pinned sentence with these words, and its formulas, as many as now, not these
        if not formulas or was is None or formulas in was or len(was) != 1:
            continue
        (before,) = was
        if len(before) != len(formulas):
            continue
        shown = "; ".join(f"${a}$ -> ${b}$" for a, b in zip(before, formulas) if a != b)
        out.append((page.line_of(start),
                    f"a formula changed in a sentence that is otherwise as pinned ({shown}): nothing but the pin "
                    f"checks a formula in prose; check it against its source, then `make pin "
                    f"PAGE={project_relative(page.path)}` records it (checker/math_in_prose.py)"))
    return out
