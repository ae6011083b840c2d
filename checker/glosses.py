"""A term glossed in the other language (最大池化（max pooling）, max pooling（最大池化）) names one thing twice: the two
names must be of one synonym group (sitegen/search_synonyms.txt).

这叫平均池化（max pooling） gave the wrong Chinese name beside the right English one and passed (blind_34 W34-040):
nothing read a gloss. A gloss is decided only when both of its names belong to groups of the list and they are
different groups; a name the list does not hold is left alone.
"""
from __future__ import annotations

import functools
import re

_CJK_THEN_LATIN = re.compile(r"([\u4e00-\u9fff]{2,12})\s*[（(]\s*([A-Za-z][A-Za-z0-9 \-/]*[A-Za-z0-9])\s*[）)]")
_LATIN_THEN_CJK = re.compile(r"(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9 \-/]*[A-Za-z0-9])\s*[（(]\s*([\u4e00-\u9fff]{2,12})\s*[）)]")


@functools.lru_cache(maxsize=1)
def _groups() -> tuple[frozenset[str], ...]:
    from checker.crossrefs import synonym_groups
    return tuple(frozenset(n.lower() for n in group) for group in synonym_groups())


def _groups_of_latin(name: str) -> set[int]:
    return {i for i, g in enumerate(_groups()) if name.lower() in g}


def _groups_of_chinese(text: str, at_end: bool) -> tuple[set[int], int]:
    """The groups of the longest Chinese name that ends (or starts) the text, and its length (0 when none)."""
    best, groups = 0, set()
    for i, g in enumerate(_groups()):
        for n in g:
            if not re.search(r"[\u4e00-\u9fff]", n) or re.search(r"[A-Za-z]", n):
                continue
            if (text.endswith(n) if at_end else text.startswith(n)) and len(n) >= best:
                groups = groups | {i} if len(n) == best else {i}
                best = len(n)
    return groups, best


def errors(page) -> list[tuple[int, str]]:
    """(line, message) for each gloss whose two names are of different synonym groups."""
    from checker.classify import prose_view
    view = prose_view(page.body)
    out = []
    for pattern, chinese_first in ((_CJK_THEN_LATIN, True), (_LATIN_THEN_CJK, False)):
        for m in pattern.finditer(view):
            chinese, latin = (m.group(1), m.group(2)) if chinese_first else (m.group(2), m.group(1))
            latin_groups = _groups_of_latin(latin)
            chinese_groups, length = _groups_of_chinese(chinese, at_end=chinese_first)
            if not latin_groups or not chinese_groups or latin_groups & chinese_groups:
                continue
            name = chinese[-length:] if chinese_first else chinese[:length]
            out.append((page.line_of(m.start()),
                        f"'{name}' is glossed as '{latin}', which names another thing "
                        f"(sitegen/search_synonyms.txt); fix whichever name is wrong (checker/glosses.py)"))
    return out
