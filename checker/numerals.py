"""Chinese numerals, read by a kept library: the one place where 三, 两百, 十万, 三千零五 become integers.

Every Chinese numeral the checker reads (a count 三个候选, a fraction's parts 万分之一, an ordinal 第十三步, a value
宽度为三十二) goes through `integer()`, which hands the numeral to cn2an (pinned in pyproject.toml). The checker only
decides what cn2an cannot: that 两三 is a range (two numbers, not 23) and that a bare 百/千/万 stands for one hundred,
thousand, ten thousand (万分之一). Nothing here keeps a table of digits.
"""
from __future__ import annotations

import re
from functools import lru_cache

# The characters of a numeral as the pages write it; `integer()` decides whether a run of them is one number.
NUMERAL_CHARS = "零〇一二两三四五六七八九十百千万亿"
NUMERAL = f"[{NUMERAL_CHARS}]+"
DIGIT_CHARS = "零〇一二两三四五六七八九"
UNIT_CHARS = "十百千万亿"


class NumeralError(ValueError):
    """A run of numeral characters that is not one number (两三, 一一, 四五十)."""


@lru_cache(maxsize=4096)
def integer(text: str) -> int:
    """一 → 1, 十二 → 12, 两百 → 200, 十万 → 100000, 三千零五 → 3005, 万 → 10000; NumeralError otherwise.

    cn2an reads the numeral in its strict mode, after two spellings are normalised: 两 is 二 and 〇 is 零, and a
    numeral that opens with 百, 千, 万 or 亿 has its implicit 一 (万分之一's 万). A run of digits without a unit
    (两三, 一一) is a range or an idiom, not one number: cn2an's other modes would read 两三 as 23."""
    s = (text or "").strip()
    if not s or re.fullmatch(NUMERAL, s) is None:
        raise NumeralError(f"cannot read {text!r} as a Chinese numeral")
    if len(s) > 1 and not any(c in UNIT_CHARS for c in s):
        raise NumeralError(f"{text!r} is a range or a list of digits, not one number")
    s = s.replace("两", "二").replace("〇", "零")
    if s[0] in "百千万亿":
        s = "一" + s
    value = _read_by_the_library(s)
    if isinstance(value, str):
        raise NumeralError(f"cannot read {text!r} as a Chinese numeral ({value})")
    return value


def _read_by_the_library(s: str) -> int | str:
    """cn2an's strict reading of a normalised numeral (its message where it refuses), kept between runs in the
    startup store under the installed cn2an's file: importing cn2an builds its patterns (about 0.1 s with the regex
    store, 0.25 s without), which a one-page check would otherwise pay for its first 三 (issue 31's 1 s budget)."""
    from checker import startup_cache
    key = ("cn2an", _library_stamp(), s)
    found = startup_cache.NUMERALS.get(key) if startup_cache.ENABLED else None
    if found is None:
        import cn2an   # here, not at the top: building its patterns takes time, paid once a new numeral is read
        try:
            found = int(cn2an.cn2an(s, "strict"))
        except (ValueError, KeyError, IndexError) as exc:
            found = str(exc) or type(exc).__name__
        if startup_cache.ENABLED:
            startup_cache.NUMERALS.put(key, found)
    return found


@lru_cache(maxsize=1)
def _library_stamp() -> tuple:
    """Which cn2an is installed (its module file's size and time): another version reads every numeral afresh."""
    import importlib.util
    import os
    spec = importlib.util.find_spec("cn2an")
    origin = spec.origin if spec and spec.origin else ""
    try:
        stat = os.stat(os.path.join(os.path.dirname(origin), "cn2an.py"))
        return (origin, stat.st_size, stat.st_mtime_ns)
    except OSError:
        return (origin, 0, 0)


def is_numeral(text: str) -> bool:
    try:
        integer(text)
    except NumeralError:
        return False
    return True
