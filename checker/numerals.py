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
    import cn2an   # here, not at the top: building its patterns takes about a second, paid once a numeral is read
    try:
        value = cn2an.cn2an(s, "strict")
    except (ValueError, KeyError, IndexError) as exc:
        raise NumeralError(f"cannot read {text!r} as a Chinese numeral ({exc})") from None
    return int(value)


def is_numeral(text: str) -> bool:
    try:
        integer(text)
    except NumeralError:
        return False
    return True
