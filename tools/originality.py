"""Runs of the course documents' own words on the site's pages (REVIEW.md item 11, authoring.md 提交前).

A page is written in the site's own words: facts, figures and formulas carry over from the course documents,
sentences do not. This lists, for each page, every run of at least `--min` characters that also stands in the seeds
(the page's own source section first, then anywhere in either document), compared after dropping whitespace and
markup, so a run split by a line break or wrapped in ** is still found. Left out: code blocks, inline code and math
(the course's code is re-implemented in kernels/ and checked there; a formula is a fact, not prose), headings, the
page title and link texts (a section's title is its name, and the site uses the course's names), and the front matter
keys other than description. A run's length counts its Chinese characters only: a paper's title, an author's name
or an English example sentence (I gave him a book yesterday) is the same everywhere it is quoted.

    python tools/originality.py docs/                       every page, runs of 20 characters or more
    python tools/originality.py --min 12 docs/lecture/ch04/4-9.md
    python tools/originality.py --max-runs 0 docs/          exit 1 when any page has a run (CI's use)

Each run is printed as `path:line: N chars: <run>`; the exit status is 1 when more than --max-runs runs are found.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = (ROOT.parent / "shared" / "seeds", ROOT / "shared" / "seeds")
DEFAULT_MIN = 20   # authoring.md: 不得有 20 字以上与课程文档相同的连续片段

_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$", re.M | re.S)
_INLINE = re.compile(r"`[^`\n]+`|\$\$.*?\$\$|\$[^$\n]+\$", re.S)
_CJK = re.compile(r"[\u3400-\u9fff]")
# what a run may not cross on the page: left-out text (math, code, a heading, a link's text) and a table's cell wall;
# the seeds never contain it, so a run of the page's Chinese stops there
BREAK = "\x01"
_CJK_OR_BREAK = re.compile(r"[\u3400-\u9fff\x01|]")
_HEADING = re.compile(r"^#{1,6}[ \t].*$", re.M)
_LINK_TEXT = re.compile(r"\[([^\]\n]*)\](?=\()")


def _normalise(text: str, keep: re.Pattern = _CJK) -> tuple[str, list[int]]:
    """(the text's kept characters only, lower case; the offset of each in the text): Chinese characters, which are
    what a run is measured in (see the module's note)."""
    chars, offsets = [], []
    for i, ch in enumerate(text):
        if keep.match(ch):
            chars.append(ch.lower())
            offsets.append(i)
    return "".join(chars), offsets


def _seed_text() -> str:
    for folder in SEEDS:
        if folder.is_dir():
            return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in sorted(folder.glob("*.txt")))
    raise SystemExit("tools/originality.py: no seeds found (looked in ../shared/seeds and shared/seeds); "
                     "run it from a checkout next to the course documents")


def _prose(page_text: str) -> str:
    """The page with code, math and front matter other than title/description blanked (same length, so offsets and
    line numbers stay those of the file)."""
    blank = lambda m: re.sub(r"[^\n]", BREAK, m.group(0))  # noqa: E731
    text = page_text
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end > 0:
            head = "".join(line if re.match(r"description:", line) else re.sub(r"[^\n]", BREAK, line)
                           for line in text[:end].splitlines(keepends=True))
            text = head + text[end:]
    text = _FENCE.sub(blank, text)
    text = _HEADING.sub(blank, text)
    text = _LINK_TEXT.sub(lambda m: re.sub(r"[^\n]", BREAK, m.group(1)) + m.group(0)[len(m.group(1)):], text)
    return _INLINE.sub(blank, text)


def runs(page_text: str, seed_grams: set, seed_norm: str, minimum: int) -> list[tuple[int, str]]:
    """(offset in the page, the run as the page prints it) for each maximal run of >= `minimum` kept characters
    that the seeds contain."""
    prose = _prose(page_text)
    norm, offsets = _normalise(prose, _CJK_OR_BREAK)
    found, i = [], 0
    while i + minimum <= len(norm):
        if norm[i:i + minimum] not in seed_grams:
            i += 1
            continue
        j = i + minimum
        while j < len(norm) and norm[i:j + 1] in seed_norm:
            j += 1
        found.append((offsets[i], page_text[offsets[i]:offsets[j - 1] + 1]))
        i = j
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="pages or folders of pages")
    parser.add_argument("--min", type=int, default=DEFAULT_MIN, help="shortest run reported (characters)")
    parser.add_argument("--max-runs", type=int, default=None, help="exit 1 when more runs than this are found")
    args = parser.parse_args(argv)
    if args.min < 4:
        parser.error("--min below 4 matches single words; give 8 or more")
    seed_norm, _ = _normalise(_seed_text())
    grams = {seed_norm[i:i + args.min] for i in range(len(seed_norm) - args.min + 1)}
    pages = []
    for path in args.paths:
        if not path.exists():
            parser.error(f"{path}: no such page or folder")
        pages += sorted(path.rglob("*.md")) if path.is_dir() else [path]
    total = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for offset, run in runs(text, grams, seed_norm, args.min):
            total += 1
            line = text.count("\n", 0, offset) + 1
            print(f"{page}:{line}: {len(_normalise(run)[0])} Chinese characters: {' '.join(run.split())}")
    print(f"{total} runs of {args.min}+ Chinese characters shared with the course documents in {len(pages)} pages",
          file=sys.stderr)
    return 1 if args.max_runs is not None and total > args.max_runs else 0


if __name__ == "__main__":
    sys.exit(main())
