"""A reviewer's list, not a check: claims declared the site's (本站构造) whose every value the page's own seed
section also prints (at the page's printed precision or one decimal place coarser: the course's 0.11 for the site's
0.110, not the course's 0.7 for the site's 0.675), with at least one value that is not a small integer.

    python -m checker.coincidences [PAGE ...]

A site number that equals a course number is allowed (the checker never infers a kind from a coincidence), so
nothing here fails. But a page that restates the course's worked example and declares it the site's looks the
same to the data, and only a reader with the seed can tell the two apart: this lists where to look. Each line is
`page:line: {key} = printed; <section> prints <its number>`."""
from __future__ import annotations

import csv
import functools
import math
import re
import sys
from pathlib import Path

from checker.pipeline import check_page
from checker.kinds import decisive, scalars
from checker.page import all_pages, read_page
from checker.paths import ROOT
from checker.seed_numbers import section_numbers, source_key

SECTIONS_TSV = ROOT.parent / "shared" / "sections.tsv"
SEEDS = ROOT.parent / "shared" / "seeds"
# a product the course writes out (3×3 的分数表, 100×100 个匹配分数, $2\times 8$): its value is the course's count
# even where the section never prints the result; the site's 9 beside the course's 3×3 is the label finding that
# label rounds kept making by hand (stop 48: primer 13-4's 9 and 10000 under 〔本站构造〕)
_FACTOR = r"\d+(?:\.\d+)?"
PRODUCT = re.compile(rf"(?<![\d.])({_FACTOR}(?:\s*(?:×|\\times|\*)\s*{_FACTOR})+)(?![\d.])")


def _printed_tolerance(printed: str) -> float:
    """Half a unit in the last place of the most precise number the page prints for the claim (0.675 -> 0.0005)."""
    decimals = [len(m.group(1)) for m in re.finditer(r"\d\.(\d+)", printed)]
    return 0.5 * 10 ** -max(decimals) if decimals else 0.5


def _shown(value: float, tol: float) -> str:
    """A seed number as printed, from its value and the half-unit its printing implies (0.7, 0.05 -> 0.7)."""
    if tol <= 5e-7:   # an exact value (a fraction, an integer the section states)
        return f"{value:g}"
    return f"{value:.{max(0, round(-math.log10(2 * tol)))}f}"


@functools.lru_cache(maxsize=None)
def section_text(source: str) -> str:
    """The seed text of the section `source` names (lecture §13.4), or '' where the course documents are not beside
    the project."""
    key = source_key(source)
    if not SECTIONS_TSV.is_file():
        return ""
    with open(SECTIONS_TSV, encoding="utf-8") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            name = f"topic {row['id']}" if row["doc"] == "topic" else f"{row['doc']} §{row['id']}"
            if name == key and (SEEDS / row["seed_file"]).is_file():
                lines = (SEEDS / row["seed_file"]).read_text(encoding="utf-8").split("\n")
                return "\n".join(lines[int(row["first_line"]) - 1:int(row["last_line"])])
    return ""


def products(text: str) -> dict[float, str]:
    """{value: the product as written} for every product of numbers the text writes out (3×3 -> {9: '3×3'})."""
    out: dict[float, str] = {}
    for m in PRODUCT.finditer(text):
        factors = [float(f) for f in re.findall(_FACTOR, m.group(1))]
        if 1.0 in factors:
            continue   # 2×1, 1×6: a shape (a column vector, one row), not a count the product gives
        out.setdefault(math.prod(factors), re.sub(r"\s+", "", m.group(1)).replace("\\times", "×").replace("*", "×"))
    return out


_QUOTED = re.compile(r"“([^”\n]{2,60})”|「([^」\n]{2,60})」|\"([^\"\n]{2,60})\"")


def printed_lengths(text: str) -> dict[int, str]:
    """{count: what it counts} for every string the text quotes: its characters (spaces left out), its words when it
    is written with spaces or slashes between them (“I gave her a book” -> 5 words, “我／昨天／给”-> 3 pieces). A site
    count equal to one of these is most often read off the course's printed example (label rounds 50 and 51: 1-7's
    five tokens of I gave her a book, primer 2-4's four characters of 镜头惊艳, 1-9's ten characters)."""
    out: dict[int, str] = {}
    for m in _QUOTED.finditer(text):
        quoted = next(g for g in m.groups() if g)
        chars = len(re.sub(r"\s", "", quoted))
        out.setdefault(chars, f"the {chars} characters of “{quoted}”")
        pieces = [p for p in re.split(r"[\s／/]+", quoted.strip()) if p]
        if len(pieces) >= 2:
            out.setdefault(len(pieces), f"the {len(pieces)} words of “{quoted}”")
    return out


def coincidences(path: Path) -> list[str]:
    source = str(read_page(path).meta.get("source", ""))
    if not source:
        return []
    section, seen, out = section_numbers(source), set(), []
    text = section_text(source)
    written, lengths = products(text), printed_lengths(text)
    for claim in check_page(path).claims:
        if (claim.status != "passed" or getattr(claim, "kind", None) != "site_construction"
                or isinstance(claim.computed, str) or claim.key in seen):
            continue
        values = scalars(claim.computed)
        # the section must print the value at least as precisely as the page does: the course's 0.7 at its own
        # precision covers the site's 0.675, but it does not print 0.675 (a new author took "prints it" literally)
        fine = _printed_tolerance(str(claim.printed))
        matches = [[(s, tol) for s, tol in section.values if tol <= 10 * fine * (1 + 1e-9) and
                    (abs(v - s) <= tol + 1e-9 * max(abs(v), abs(s)) if s else abs(v) <= 1e-12)] for v in values]
        if values and decisive(values) and all(matches):
            seen.add(claim.key)
            shown = ", ".join(_shown(*m[0]) for m in matches)
            out.append(f"{path}:{claim.line}: {{{claim.key}}} = {claim.printed!r} declared site_construction; "
                       f"{source} prints {shown}")
            continue
        product = [written.get(v) for v in values if float(v).is_integer() and v > 1]
        if values and product and all(product) and len(product) == len(values):
            seen.add(claim.key)
            out.append(f"{path}:{claim.line}: {{{claim.key}}} = {claim.printed!r} declared site_construction; "
                       f"{source} writes the product {', '.join(product)}")
            continue
        counted = [lengths.get(int(v)) for v in values if float(v).is_integer() and 4 <= v <= 80]
        if len(values) == 1 and counted and counted[0]:
            seen.add(claim.key)
            out.append(f"{path}:{claim.line}: {{{claim.key}}} = {claim.printed!r} declared site_construction; "
                       f"{source} quotes {counted[0]}")
    return out


def main(argv: list[str]) -> int:
    import argparse
    parser = argparse.ArgumentParser(prog="python -m checker.coincidences", description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", type=Path, help="pages to list (default: the whole site)")
    args = parser.parse_args(argv)
    missing = [p for p in args.pages if not p.is_file()]
    if missing:
        print(f"{missing[0]}: no such page; give paths of pages under docs/", file=sys.stderr)
        return 2
    pages = args.pages or all_pages(ROOT / "docs")
    lines = [line for page in pages for line in coincidences(page)]
    print("\n".join(lines) if lines else "no site-declared claim that its section prints")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
