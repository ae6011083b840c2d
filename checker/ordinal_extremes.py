"""A superlative said of one entry of a printed vector by its ordinal, decided on the vector (blind_60 W60-018).

The primer's perplexity box prints 各自的损失 $-\\ln p$：$[0.693,1.386,2.079]$, and a hurried co-author added 三步之中，
第一步的损失最大 below it: the first loss is the smallest. No relation binds such a sentence, and its words hold no
number, so nothing checked it. Here the sentence names an entry by its ordinal (第一步, 第三个, 第二维), a quantity by
a noun, and a superlative (最大, 最低); the vector is the one printed earlier in the same section whose line names that
noun, and the only such vector there. The superlative must hold of the entry the ordinal names: the largest (or
smallest) value, ties included. Anything less certain (two vectors, no noun, a superlative of another clause) is left
alone.
"""
from __future__ import annotations

import re

from checker.numerals import NumeralError, integer

_ORDINAL = re.compile(r"第\s*([0-9]+|[一二两三四五六七八九十]+)\s*(?:步|个|位|维|项|层|次|格)")
_SUPERLATIVE = re.compile(r"最(大|高|多|小|低|少)")
_UP = "大高多"
_VECTOR = re.compile(r"\$\s*[\[(]\s*(-?\d+(?:\.\d+)?(?:\s*,\s*-?\d+(?:\.\d+)?){1,11})\s*[\])]\s*\$")
_HEADING = re.compile(r"^#{1,6}\s", re.M)
_CLAUSE = re.compile(r"[^，,；;。！？\n]+")
_NOUN = re.compile(r"的([\u4e00-\u9fff]{2})(?=最)|([\u4e00-\u9fff]{2})最")


def _vectors_above(body: str, at: int) -> list[tuple[str, list[float]]]:
    """(the line before the vector, its values) for each vector printed in the section before `at`."""
    section = max((m.start() for m in _HEADING.finditer(body, 0, at)), default=0)
    out = []
    for m in _VECTOR.finditer(body, section, at):
        line_start = body.rfind("\n", 0, m.start()) + 1
        out.append((body[line_start:m.start()], [float(x) for x in re.split(r"\s*,\s*", m.group(1))]))
    return out


def errors(page) -> list[tuple[int, str]]:
    body = page.body
    out = []
    for sentence in re.finditer(r"[^。！？\n]+", body):
        for clause in _CLAUSE.finditer(sentence.group(0)):
            text = clause.group(0)
            ordinals, superlatives = list(_ORDINAL.finditer(text)), list(_SUPERLATIVE.finditer(text))
            if len(ordinals) != 1 or len(superlatives) != 1 or ordinals[0].start() > superlatives[0].start():
                continue
            noun = _NOUN.search(text, ordinals[0].end())
            if not noun:
                continue
            word = noun.group(1) or noun.group(2)
            at = sentence.start() + clause.start()
            named = [values for before, values in _vectors_above(body, at) if word in before]
            if len(named) != 1:
                continue
            try:
                said = ordinals[0].group(1)
                index = (int(said) if said.isdigit() else integer(said)) - 1
            except NumeralError:
                continue
            values = named[0]
            if not 0 <= index < len(values):
                continue
            up = superlatives[0].group(1) in _UP
            if values[index] != (max(values) if up else min(values)):
                out.append((page.line_of(at), f"'{ordinals[0].group(0)}的{word}{superlatives[0].group(0)}' is false "
                            f"for the {word} printed above ({', '.join(f'{v:g}' for v in values)}); fix the sentence, "
                            "or name the quantity it means (checker/ordinal_extremes.py)"))
    return out
