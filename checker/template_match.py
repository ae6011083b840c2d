"""A claim template found on the page piece by piece, with the regex semantics of the whole template.

A template is literal text with holes (`第 {n} 步的损失是 {loss}`). Compiled as one regular expression, every
template carried its holes' number patterns (about 500 characters each) and compiling the site's 3,500 of them
was the largest single cost of a cold `python -m verify` (about a seventh). Here each hole's pattern is compiled
once per shape (an integer, a scalar, a list of n items…) and shared by every template; the literal text around
the holes is found with `str.find`/`startswith`.

The result is the one `re.finditer` would give for the joined regex (tests/test_template_match.py compares both
on every claim of the site): matches are leftmost and do not overlap; within a match each hole takes the longest
text its pattern reads that lets the rest of the template follow, shorter readings tried only when the rest
fails (the backtracking a regex does when `{t}ms` meets `3ms`: the number pattern would also read the unit).
"""
from __future__ import annotations

import functools
import re

NAME = "h"   # each hole's pattern is compiled under this group name; Found maps h<n> to the n-th hole


@functools.lru_cache(maxsize=None)
def compiled(pattern: str) -> re.Pattern:
    return re.compile(pattern)


class Found:
    """The part of `re.Match` the checker reads: start/end/group of the whole match and of each hole h<n>."""

    def __init__(self, text: str, start: int, end: int, holes: list[tuple[int, int]]):
        self._text, self._span, self._holes = text, (start, end), holes

    def span(self, group: int | str = 0) -> tuple[int, int]:
        if group == 0:
            return self._span
        return self._holes[int(str(group)[len(NAME):])]

    def start(self, group: int | str = 0) -> int:
        return self.span(group)[0]

    def end(self, group: int | str = 0) -> int:
        return self.span(group)[1]

    def group(self, group: int | str = 0) -> str:
        start, end = self.span(group)
        return self._text[start:end]


class Template:
    """Literals (one more than holes) and each hole's pattern written for group `h<n>` (checker.numbers.hole_pattern)."""

    def __init__(self, literals: list[str], patterns: list[str]):
        assert len(literals) == len(patterns) + 1
        self.literals = literals
        # the same shape of hole in any template is one compiled pattern: rename h<n> (and h<n>_p, h<n>_s) to h
        self.holes = [compiled(re.sub(rf"\(\?(P<|\()h{n}(?=[_>)])", rf"(?\g<1>{NAME}", p))
                      for n, p in enumerate(patterns)]

    def finditer(self, text: str) -> list[Found]:
        found, pos = [], 0
        while pos <= len(text):
            start = self._candidate(text, pos)
            if start is None:
                break
            read = self._rest(text, 0, start + len(self.literals[0]))
            if read is None:
                pos = start + 1
                continue
            holes, end = read
            found.append(Found(text, start, end, holes))
            pos = end if end > start else start + 1
        return found

    def _candidate(self, text: str, pos: int) -> int | None:
        """The next position a match can start at: where the first literal occurs (or the first hole reads)."""
        if self.literals[0]:
            at = text.find(self.literals[0], pos)
            return None if at < 0 else at
        if not self.holes:
            return pos
        m = self.holes[0].search(text, pos)
        return None if m is None else m.start()

    def _rest(self, text: str, n: int, pos: int) -> tuple[list[tuple[int, int]], int] | None:
        """(spans of holes n.., end of the match) when hole n can start at pos and everything after it follows."""
        if n == len(self.holes):
            return [], pos
        pattern, after = self.holes[n], self.literals[n + 1]
        m = pattern.match(text, pos)
        if m is None:
            return None
        # the longest reading first, then shorter ones (a regex's backtracking into the number)
        for end in range(m.end(), pos - 1, -1):
            if end != m.end() and not pattern.fullmatch(text, pos, end):
                continue
            if not text.startswith(after, end):
                continue
            rest = self._rest(text, n + 1, end + len(after))
            if rest is not None:
                return [(pos, end)] + rest[0], rest[1]
        return None
