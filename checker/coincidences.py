"""A reviewer's list, not a check: claims declared the site's (本站构造) whose every value the page's own seed
section also prints, with at least one value that is not a small integer.

    python -m checker.coincidences [PAGE ...]

A site number that equals a course number is allowed (the checker never infers a kind from a coincidence), so
nothing here fails. But a page that restates the course's worked example and declares it the site's looks the
same to the data, and only a reader with the seed can tell the two apart: this lists where to look. Each line is
`page:line: {key} = printed; <section> prints it`."""
from __future__ import annotations

import sys
from pathlib import Path

from checker.pipeline import check_page
from checker.kinds import decisive, scalars
from checker.page import all_pages, read_page
from checker.paths import ROOT
from checker.seed_numbers import section_numbers


def coincidences(path: Path) -> list[str]:
    source = str(read_page(path).meta.get("source", ""))
    if not source:
        return []
    section, seen, out = section_numbers(source), set(), []
    for claim in check_page(path).claims:
        if (claim.status != "passed" or getattr(claim, "kind", None) != "site_construction"
                or isinstance(claim.computed, str) or claim.key in seen):
            continue
        values = scalars(claim.computed)
        if values and decisive(values) and all(section.states_value(v) for v in values):
            seen.add(claim.key)
            out.append(f"{path}:{claim.line}: {{{claim.key}}} = {claim.printed!r} declared site_construction; "
                       f"{source} prints it")
    return out


def main(argv: list[str]) -> int:
    pages = [Path(p) for p in argv] or all_pages(ROOT / "docs")
    lines = [line for page in pages for line in coincidences(page)]
    print("\n".join(lines) if lines else "no site-declared claim that its section prints")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
