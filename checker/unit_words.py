"""Words that define a unit must agree with the numbers beside them (issue 20).

Two readings a page states in words rather than in a claim, each decidable from the sentence alone:

- a binary unit and the power of two it names: `MiB、GiB（$2^{20}$、$2^{30}$ 字节）` pairs MiB with 2^20 and GiB
  with 2^30, in order; `$2^{21}$` or a swapped pair is wrong;
- a binary unit called binary (MiB、GiB 是二进制单位), a decimal one (MB) decimal;
- a floating-point precision and its bytes per number in the same clause: `$s=2$（半精度存储）` (half precision is 2
  bytes, single 4, double 8; float16/bf16 2, float32 4, float64 8).

A sentence that names units or precisions without such a number beside them is not judged.
"""
from __future__ import annotations

import re

BINARY_UNITS = {"KiB": 10, "MiB": 20, "GiB": 30, "TiB": 40}
PRECISION_BYTES = {"半精度": 2, "单精度": 4, "双精度": 8, "float16": 2, "fp16": 2, "bf16": 2, "bfloat16": 2,
                   "float32": 4, "fp32": 4, "float64": 8, "fp64": 8}

_UNIT = re.compile(r"(?<![A-Za-z])(KiB|MiB|GiB|TiB)(?![A-Za-z])")
_POWER = re.compile(r"2\s*\^\s*\{?\s*(\d+)\s*\}?")
PRECISION_WORD = re.compile(r"半精度|单精度|双精度|(?<![A-Za-z])(?:b?float16|bfloat16|bf16|fp16|float32|fp32|float64|fp64)(?![A-Za-z0-9])",
                        re.I)
_BYTES = re.compile(r"(?<![\w.])s\s*=\s*(\d+)(?![\d.])|(?<![\d.])(\d+)\s*(?:个)?\s*(?:字节|bytes?\b)")
_CLAUSE = re.compile(r"[^，。；;,\n]+")
_BASE_WORD = re.compile(r"十进制|二进制")


def errors(view: str, sentences, line_of) -> list[tuple[int, str]]:
    """(line, message) for each disagreement in the prose view's sentences."""
    found = []
    for start, end in sentences(view):
        sentence = view[start:end]
        for m in _BASE_WORD.finditer(sentence):   # MiB is binary, MB decimal: the word beside them must agree
            units = _UNIT.findall(sentence[max(0, m.start() - 20):m.end() + 20])
            decimal = re.findall(r"(?<![A-Za-z])[kKMGT]B(?![A-Za-z])", sentence[max(0, m.start() - 20):m.end() + 20])
            if m.group(0) == "十进制" and units and not decimal or m.group(0) == "二进制" and decimal and not units:
                found.append((line_of(start + m.start()), f"{(units or decimal)[0]} is a "
                              f"{'binary' if units else 'decimal'} unit, but the sentence calls it {m.group(0)}"))
        units = [(m.start(), m.group(1)) for m in _UNIT.finditer(sentence)]
        powers = [(m.start(), int(m.group(1))) for m in _POWER.finditer(sentence)]
        if units and powers and len(units) == len(powers) and "字节" in sentence + "bytes":
            for (u_at, unit), (p_at, power) in zip(units, powers):
                if BINARY_UNITS[unit] != power:
                    found.append((line_of(start + p_at), f"$2^{{{power}}}$ stands for {unit} in this sentence, but "
                                  f"{unit} is 2^{BINARY_UNITS[unit]} bytes; fix the exponent or the unit"))
        for clause in _CLAUSE.finditer(sentence):
            words = list(PRECISION_WORD.finditer(clause.group(0)))
            sizes = [int(m.group(1) or m.group(2)) for m in _BYTES.finditer(clause.group(0))]
            if len(words) != 1 or len(sizes) != 1:
                continue
            word, size = words[0].group(0), sizes[0]
            wanted = PRECISION_BYTES[word.lower() if word.isascii() else word]
            if size != wanted:
                found.append((line_of(start + clause.start() + words[0].start()),
                              f"{word!r} is {wanted} bytes per number, but the same clause gives {size}; "
                              "fix the precision word or the size"))
    return found
