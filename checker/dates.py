"""Calendar dates in prose: read once, here, for the seed data and for the checker.

A date that names a month is a fact with a source, like a number: 2017 年 6 月 is when the
Transformer's v1 appeared, 2026-11-29 is when `make bench` ran. The checker therefore requires each
such date to be one that the page's evidence records (see checker.provenance._check_dates). A year
alone (2014 年前后) is not read here: it is handled by the year rules beside a cited name.

Forms read: 2017-06-12, 2017-06, 2026-11-29T09:27:05Z, 2017 年 6 月, 2026 年 8 月 19 日, and the
course's shorthand for a second day of the same year, 2016-10-16／12-15; and, as the course quotes
them from English pages, 12/26/2020 (month/day/year) and July 2021.
"""
from __future__ import annotations

import re
from typing import Iterator, NamedTuple

_ISO = r"((?:19|20)\d\d)-(\d{1,2})(?:-(\d{1,2}))?"
_WORDS = r"((?:19|20)\d\d)\s*年\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*日)?"
_US = r"(\d{1,2})/(\d{1,2})/((?:19|20)\d\d)"  # the course quotes a page header, Updated12/26/2020
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_NAMED = rf"({'|'.join(m.capitalize() for m in _MONTHS)})\s*((?:19|20)\d\d)"  # July2021, July 2021
DATE = re.compile(rf"(?<![\d.\-/]){_ISO}(?![\d])(?!-\d)|(?<![\d.]){_WORDS}|(?<![\d/]){_US}(?!\d)|{_NAMED}(?!\d)")
SAME_YEAR = re.compile(r"\s*[／/]\s*(\d{1,2})-(\d{1,2})(?!\d)")


class Date(NamedTuple):
    start: int
    end: int
    text: str
    iso: str  # 'YYYY-MM' or 'YYYY-MM-DD'


def _iso(year: str, month: str, day: str | None) -> str | None:
    if not 1 <= int(month) <= 12 or day is not None and not 1 <= int(day) <= 31:
        return None  # 2014-15 is a range of years, not a date
    return f"{year}-{int(month):02d}" + (f"-{int(day):02d}" if day else "")


def dates_in(text: str) -> Iterator[Date]:
    """Every date with a month in `text`, in order."""
    for m in DATE.finditer(text):
        g = m.groups()
        if g[0]:
            year, month, day = g[0:3]
        elif g[3]:
            year, month, day = g[3:6]
        elif g[6]:
            month, day, year = g[6:9]
        else:
            month, year, day = str(_MONTHS.index(g[9].lower()) + 1), g[10], None
        iso = _iso(year, month, day)
        if iso is None:
            continue
        yield Date(m.start(), m.end(), m.group(0), iso)
        more = SAME_YEAR.match(text, m.end())
        if more and day and _iso(year, *more.groups()):
            yield Date(more.start(1), more.end(), more.group(0).strip(" ／/"), _iso(year, *more.groups()))


def agrees(printed: str, recorded: str) -> bool:
    """A printed date agrees with a recorded one at the precision printed: 2017-06 with 2017-06-12."""
    return recorded == printed or recorded.startswith(printed + "-") or recorded.startswith(printed + "T")
