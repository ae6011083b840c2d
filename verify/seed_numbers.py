"""The numbers each seed section states, as committed data: facts, not seed sentences.

`verify/data/seed_numbers.json` maps a page source (`lecture §3.5`, `primer §C`,
`topic attention-to-prediction`) to what that section of the course states:

- `values`: every number it writes, digits or words (3, 0.422319, 万分之一 → 0.0001);
- `phrases`: every count stated in words, as numeral + measure word + up to two following
  characters (三个源槽, 两个头), the form in which a page restates the course's own counts;
- `dates`: every calendar date with a month (verify.dates), as YYYY-MM[-DD].

The checker reads only this file; the seeds themselves (../shared) are read only when the data
is regenerated:

    python -m verify.seed_numbers --seeds ../shared/seeds --sections ../shared/sections.tsv
"""
from __future__ import annotations

import argparse
import csv
import json
import math
import os
import re
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from verify.dates import agrees, dates_in
from verify.paths import DATA

DATA_FILE = DATA / "seed_numbers.json"


@dataclass(frozen=True)
class SectionNumbers:
    """What one seed section states."""
    source: str
    values: frozenset
    phrases: frozenset
    dates: frozenset = frozenset()

    def states_value(self, value: float, rel: float = 1e-9) -> bool:
        return any(math.isclose(value, v, rel_tol=rel, abs_tol=1e-12) for v in self.values)

    def states_phrase(self, phrase: str) -> bool:
        return bool(phrase) and phrase in self.phrases

    def states_date(self, iso: str) -> bool:
        return any(agrees(iso, recorded) for recorded in self.dates)


EMPTY = SectionNumbers("", frozenset(), frozenset())


@lru_cache(maxsize=1)
def _load(path: Path = DATA_FILE) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def source_key(source: str) -> str:
    """A page's `source:` field → the data key: 'lecture §3.5 (note)' → 'lecture §3.5'."""
    m = re.match(r"\s*(lecture|primer)\s*§\s*([\w.]+)|\s*(topic)\s+([\w-]+)", str(source))
    if not m:
        return str(source).strip()
    return f"{m.group(1)} §{m.group(2)}" if m.group(1) else f"topic {m.group(4)}"


def section_numbers(source: str) -> SectionNumbers:
    """The numbers and count phrases that the seed section behind `source` states (EMPTY if unknown)."""
    entry = _load().get(source_key(source))
    if entry is None:
        return EMPTY
    return SectionNumbers(source_key(source), frozenset(entry["values"]), frozenset(entry["phrases"]),
                          frozenset(entry.get("dates", ())))


# --------------------------------------------------------------------------- regeneration from the seeds

def extract(text: str) -> dict:
    """Values and count phrases of one section's text, with the checker's own number reader."""
    from verify.classify import NUMBER, math_spans, number_words, word_value
    from verify.numbers import NumberFormatError, parse_number

    values, phrases = set(), set()
    # '3000/300/300' lists three counts; only a single a/b is a fraction
    for m in re.finditer(r"(?<![\d./])\d+(?:\.\d+)?(?:/\d+(?:\.\d+)?){2,}(?![\d./])", text):
        values.update(float(part) for part in m.group(0).split("/"))
    for m in NUMBER.finditer(text):
        if re.search(r"\d", m.group(0)):
            try:
                values.add(parse_number(m.group(0)).value)
            except NumberFormatError:
                pass
    for token in number_words(text, math_spans(text)):
        if token.structural and not (token.context.startswith("ordinal") and not re.match(r"\S+[章节]", token.text)):
            continue  # an ordinal still states its value (a page's 第 3 轮后停止 restates the course's 第三轮); 第四章 does not
        if token.phrase:
            phrases.add(token.phrase)
        try:
            values.add(word_value(token.text))
        except NumberFormatError:
            pass
    return {"values": sorted(v for v in values if math.isfinite(v)), "phrases": sorted(phrases),
            "dates": sorted({d.iso for d in dates_in(text)})}


def build(seeds: Path, sections: Path) -> dict:
    lines_of: dict[str, list[str]] = {}
    data = {}
    with open(sections, encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            name = row["seed_file"]
            if name not in lines_of:
                lines_of[name] = (Path(seeds) / name).read_text(encoding="utf-8").split("\n")
            text = "\n".join(lines_of[name][int(row["first_line"]) - 1:int(row["last_line"])])
            key = f"topic {row['id']}" if row["doc"] == "topic" else f"{row['doc']} §{row['id']}"
            data[key] = extract(text)
    return data


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verify.seed_numbers", description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=Path, required=True)
    parser.add_argument("--sections", type=Path, required=True)
    parser.add_argument("--out", type=Path, default=DATA_FILE)
    args = parser.parse_args(argv)
    data = build(args.seeds, args.sections)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=args.out.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, indent=0, sort_keys=True)
        handle.write("\n")
    os.replace(tmp, args.out)
    print(f"wrote {args.out}: {len(data)} sections, {sum(len(v['values']) for v in data.values())} values, "
          f"{sum(len(v['phrases']) for v in data.values())} count phrases, "
          f"{sum(len(v['dates']) for v in data.values())} dates")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
