"""Runs of the course documents' own words on the site's pages (REVIEW.md item 11, authoring.md 提交前).

A page is written in the site's own words: facts, figures and formulas carry over from the course documents,
sentences do not. This lists, for each page, every run of at least `--min` characters that also stands in the seeds
(the page's own source section first, then anywhere in either document), compared after dropping whitespace and
markup, so a run split by a line break or wrapped in ** is still found. Left out: code blocks, inline code and math
(the course's code is re-implemented in kernels/ and checked there; a formula is a fact, not prose), headings, the
page title and link texts (a section's title is its name, and the site uses the course's names), and the front matter
keys other than description, and link targets. Two measures are reported:

- a run of `--min` (20) Chinese characters: whitespace, markup, Latin letters, digits and punctuation are dropped, so
  a paper's title, an author's name or an English example sentence (I gave him a book yesterday) is no run;
- a mixed run of 20 characters counting Chinese characters, punctuation and the first 5 letters of each Latin word
  (digits are dropped: a number is a fact, checked elsewhere) that holds at least 3 Chinese characters: the course's phrases that mix
  English terms and 、 (沿 attention→残差/归一化→FFN 追踪…, 用了 RMSNorm、SwiGLU、GQA) are short in Chinese
  characters alone and were missed by the first measure. Every punctuation mark counts as the same mark (、 for ，
  keeps a copy a copy). A run of Latin alone (a title, a name, English words listed with 、) is not reported, nor a
  run that is a list of short items joined by 、 (the course's vocabulary in its order is a fact, quoted); a mixed
  run stops at a paragraph break (a quotation set apart from its lead-in).

    python tools/originality.py docs/                       every page, runs of 20 characters or more
    python tools/originality.py --min 12 docs/lecture/ch04/4-9.md
    python tools/originality.py --max-runs 0 docs/          exit 1 when any page has a run (CI's use)
    python tools/originality.py --near docs/lecture/ch04/    near-copies: a seed sentence with a particle inserted
                                                             or a word swapped (review aid; needs the seeds)

Each run is printed as `path:line: N Chinese characters: <run>` or `path:line: N mixed characters: <run>`; the exit
status is 1 when more than --max-runs runs (of both measures together) are found.

Where the course documents are not next to the checkout (a CI clone), the committed fingerprint stands in for them:
checker/data/seed_fingerprint.txt (and seed_fingerprint_mixed.txt, for the second measure) holds a 64-bit hash of
every fourth 20-character window of the seeds, so any run of 23 characters or more is found for certain and one of 20
to 22 most of the time (`--write-fingerprint` renews both; tests/test_originality.py checks them against the seeds
where they are).
"""
from __future__ import annotations

import argparse
import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEEDS = (ROOT.parent / "shared" / "seeds", ROOT / "shared" / "seeds")
DEFAULT_MIN = 20   # authoring.md: 不得有 20 字以上与课程文档相同的连续片段
FINGERPRINT = ROOT / "checker" / "data" / "seed_fingerprint.txt"
MIXED_FINGERPRINT = ROOT / "checker" / "data" / "seed_fingerprint_mixed.txt"
LATIN_WORD_CAP = 5        # letters of a Latin word the mixed measure counts
MIXED_LEAST_CHINESE = 3   # a mixed run with fewer Chinese characters is a quoted title, a name or a list of English words
FINGERPRINT_STRIDE = 4   # every fourth window: a run of DEFAULT_MIN + STRIDE - 1 characters always holds one

_FENCE = re.compile(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$", re.M | re.S)
_INLINE = re.compile(r"`[^`\n]+`|\$\$.*?\$\$|\$[^$\n]+\$", re.S)
_CJK = re.compile(r"[\u3400-\u9fff]")
# what a run may not cross on the page: left-out text (math, code, a heading, a link's text) and a table's cell wall;
# the seeds never contain it, so a run of the page's Chinese stops there
BREAK = "\x01"
_CJK_OR_BREAK = re.compile(r"[\u3400-\u9fff\x01|]")
# the mixed measure: Chinese characters, Latin letters, Chinese and ASCII punctuation (not digits, not markup)
_MIXED = re.compile(r"[\u3400-\u9fff\u3001-\u303f\uff01-\uff0f\uff1a-\uff20A-Za-z→←/+=(),:;'\"?!\-]")
_MIXED_OR_BREAK = re.compile(_MIXED.pattern[:-1] + r"\x01|]")
_LINK_TARGET = re.compile(r"(?<=\])\([^)\s]*\)")
_HEADING = re.compile(r"^#{1,6}[ \t].*$", re.M)
_LINK_TEXT = re.compile(r"\[([^\]\n]*)\](?=\()")


def _normalise(text: str, keep: re.Pattern = _CJK) -> tuple[str, list[int]]:
    """(the text's kept characters only, lower case; the offset of each in the text). The Chinese measure keeps
    Chinese characters; the mixed one also keeps punctuation and a Latin word's first LATIN_WORD_CAP letters, so a
    long English name (FlashAttention) weighs about what a Chinese word does and a run must hold phrasing, not
    names alone."""
    chars, offsets, letters = [], [], 0
    for i, ch in enumerate(text):
        if not keep.match(ch):
            letters = 0
            continue
        if ch.isascii() and ch.isalpha():
            letters += 1
            if letters > LATIN_WORD_CAP:
                continue
        else:
            letters = 0
        if keep in (_MIXED, _MIXED_OR_BREAK) and not (ch.isalpha() or _CJK.match(ch) or ch in (BREAK, "|")):
            ch = "、"   # a mark is a mark: swapping 、 for , or ， keeps a copied run (review 88)
        chars.append(ch.lower())
        offsets.append(i)
    return "".join(chars), offsets


def _seed_text() -> str | None:
    """The course documents' text, or None where they are not next to the checkout."""
    for folder in SEEDS:
        if folder.is_dir():
            return "\n".join(p.read_text(encoding="utf-8", errors="replace") for p in sorted(folder.glob("*.txt")))
    return None


def _hash(gram: str) -> str:
    return hashlib.blake2b(gram.encode("utf-8"), digest_size=8).hexdigest()


def fingerprint(seed_norm: str) -> list[str]:
    """The sorted hashes of every FINGERPRINT_STRIDE-th window of DEFAULT_MIN characters of the seeds."""
    return sorted({_hash(seed_norm[i:i + DEFAULT_MIN])
                   for i in range(0, len(seed_norm) - DEFAULT_MIN + 1, FINGERPRINT_STRIDE)})


def _measure(mixed: bool) -> tuple[re.Pattern, re.Pattern, Path]:
    """(what a run is measured in, the same with the page's breaks, the committed fingerprint) of a measure."""
    return (_MIXED, _MIXED_OR_BREAK, MIXED_FINGERPRINT) if mixed else (_CJK, _CJK_OR_BREAK, FINGERPRINT)


def seed_windows(minimum: int, mixed: bool = False):
    """A test `contains(window) -> bool` for windows of `minimum` characters of a measure (Chinese characters, or
    the mixed measure): exact from the seeds where they are, else from the committed fingerprint (DEFAULT_MIN only)."""
    keep, _, recorded = _measure(mixed)
    text = _seed_text()
    if text is not None:
        norm, _ = _normalise(text, keep)
        grams = {norm[i:i + minimum] for i in range(len(norm) - minimum + 1)}
        return grams.__contains__
    if minimum != DEFAULT_MIN:
        raise SystemExit(f"tools/originality.py: the course documents are not next to this checkout, and the "
                         f"committed fingerprint holds {DEFAULT_MIN}-character windows only; use --min {DEFAULT_MIN}")
    if not recorded.is_file():
        raise SystemExit(f"tools/originality.py: no seeds and no {recorded.relative_to(ROOT)}; run "
                         "`python tools/originality.py --write-fingerprint` from a checkout next to the course documents")
    hashes = set(recorded.read_text(encoding="utf-8").split())
    return lambda window: _hash(window) in hashes


def _prose(page_text: str, paragraphs: bool = False) -> str:
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
    text = _LINK_TARGET.sub(blank, text)
    text = _INLINE.sub(blank, text)
    # a mixed run does not cross a paragraph (a quotation set apart from its lead-in); a Chinese run still does, so a
    # blank line inside a copied sentence does not hide it (review 88). The page's own text keeps the newline, so line
    # numbers are still counted there
    return re.sub(r"\n(?=[ \t>]*\n)", BREAK, text) if paragraphs else text


def runs(page_text: str, contains, minimum: int, mixed: bool = False) -> list[tuple[int, str]]:
    """(offset in the page, the run as the page prints it) for each run the seeds share with the page's prose: the
    union of the page's windows of `minimum` kept characters that `contains` finds (every window of a shared run with
    the exact seeds; every fourth or so with the fingerprint, which still covers all but its last few characters).
    A mixed run is kept when it holds MIXED_LEAST_CHINESE Chinese characters or more."""
    _, keep, _ = _measure(mixed)
    prose = _prose(page_text, paragraphs=mixed)
    norm, offsets = _normalise(prose, keep)
    covered_to, start, found = -1, None, []
    for i in range(len(norm) - minimum + 1):
        window = norm[i:i + minimum]
        if BREAK in window or "|" in window or not contains(window):
            continue
        if start is not None and i > covered_to:
            found.append((start, covered_to))
            start = None
        if start is None:
            start = i
        covered_to = i + minimum
    if start is not None:
        found.append((start, covered_to))
    if mixed:
        found = [(a, b) for a, b in found if len(_CJK.findall(norm[a:b])) >= MIXED_LEAST_CHINESE
                 and not _a_list_of_words(page_text[offsets[a]:offsets[b - 1] + 1])]
    return [(offsets[a], page_text[offsets[a]:offsets[b - 1] + 1]) for a, b in found]


def _a_list_of_words(run: str) -> bool:
    """A run that is mostly a list of short items joined by 、 (the course's vocabulary in its order: 电影、剧情、好看、
    精彩…) is the course's data, quoted as a fact, not its prose: four items or more, none longer than three
    characters, once the partial items at the two ends are set aside."""
    parts = [i.strip() for i in run.split("、")]
    items = parts[1:-1]
    # the partial items at the ends hold no prose of their own (her、him、…、EOS 五个演示候选各一个分数 is prose: review 89)
    prose = sum(max(0, len(_CJK.findall(end)) - 3) for end in (parts[0], parts[-1]))
    return len(items) >= 3 and all(0 < len(i) <= 3 for i in items) and prose < 5


NEAR_LEAST = 12      # Chinese characters the sentence shares with one seed sentence, in pieces of 3 or more
NEAR_SHARE = 0.6     # ... and the share of the sentence's Chinese characters they make up
_GRAM = 4


def _seed_sentences(text: str) -> list[str]:
    return [s for s in (_normalise(part)[0] for part in re.split(r"[。；！？\n]", text)) if len(s) >= 8]


def near_copies(page_text: str, seed_sentences: list[str], index: dict) -> list[tuple[int, int, str, str]]:
    """(offset, shared characters, the page's sentence, the seed sentence) for each prose sentence of the page that is
    a seed sentence with small changes: a particle inserted, a word swapped, a clause reordered (REVIEW.md item 11;
    the exact-run listing cannot see these, since an inserted 的 cuts the run). Shared characters are counted in
    matching pieces of 3 or more, so a common two-character word does not count."""
    from difflib import SequenceMatcher
    prose = _prose(page_text)
    out = []
    for m in re.finditer(r"[^。；！？\n]+", prose):
        sentence = m.group(0)
        chinese = _normalise(sentence)[0]
        if len(chinese) < 10:
            continue
        votes: dict[int, int] = {}
        for i in range(len(chinese) - _GRAM + 1):
            for k in index.get(chinese[i:i + _GRAM], ()):
                votes[k] = votes.get(k, 0) + 1
        best = None
        for k in sorted(votes, key=votes.get, reverse=True)[:5]:
            matcher = SequenceMatcher(None, chinese, seed_sentences[k], autojunk=False)
            shared = sum(b.size for b in matcher.get_matching_blocks() if b.size >= 3)
            if best is None or shared > best[0]:
                best = (shared, k)
        if best and best[0] >= NEAR_LEAST and best[0] / len(chinese) > NEAR_SHARE:
            out.append((m.start(), best[0], " ".join(sentence.replace(BREAK, " ").split()), seed_sentences[best[1]]))
    return out


def _near_index(seed_sentences: list[str]) -> dict:
    index: dict[str, set] = {}
    for k, sentence in enumerate(seed_sentences):
        for i in range(len(sentence) - _GRAM + 1):
            index.setdefault(sentence[i:i + _GRAM], set()).add(k)
    return index


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, help="pages or folders of pages")
    parser.add_argument("--write-fingerprint", action="store_true",
                        help="renew checker/data/seed_fingerprint.txt from the course documents")
    parser.add_argument("--min", type=int, default=DEFAULT_MIN, help="shortest run reported (characters)")
    parser.add_argument("--max-runs", type=int, default=None, help="exit 1 when more runs than this are found")
    parser.add_argument("--near", action="store_true",
                        help="list near-copies instead: sentences that are a seed sentence with small changes")
    args = parser.parse_args(argv)
    if args.write_fingerprint:
        text = _seed_text()
        if text is None:
            parser.error("--write-fingerprint needs the course documents next to the checkout (../shared/seeds)")
        for mixed in (False, True):
            keep, _, recorded = _measure(mixed)
            recorded.write_text("\n".join(fingerprint(_normalise(text, keep)[0])) + "\n", encoding="utf-8")
            print(f"wrote {recorded.relative_to(ROOT)}", file=sys.stderr)
        return 0
    if args.min < 4:
        parser.error("--min below 4 matches single words; give 8 or more")
    if not args.paths:
        parser.error("give pages or folders of pages")
    pages = []
    for path in args.paths:
        if not path.exists():
            parser.error(f"{path}: no such page or folder")
        pages += sorted(path.rglob("*.md")) if path.is_dir() else [path]
    if args.near:
        seed = _seed_text()
        if seed is None:
            parser.error("--near needs the course documents next to the checkout (../shared/seeds)")
        sentences = _seed_sentences(seed)
        index = _near_index(sentences)
        found = 0
        for page in pages:
            text = page.read_text(encoding="utf-8")
            for offset, shared, sentence, source in near_copies(text, sentences, index):
                found += 1
                print(f"{page}:{text.count(chr(10), 0, offset) + 1}: {shared} of {len(_normalise(sentence)[0])} "
                      f"characters from a seed sentence: {sentence}\n    seed: {source}")
        print(f"{found} near-copies in {len(pages)} pages", file=sys.stderr)
        return 0
    total = 0
    for mixed, unit in ((False, "Chinese"), (True, "mixed")):
        contains = seed_windows(args.min, mixed)
        keep, _, _ = _measure(mixed)
        for page in pages:
            text = page.read_text(encoding="utf-8")
            for offset, run in runs(text, contains, args.min, mixed):
                total += 1
                line = text.count("\n", 0, offset) + 1
                print(f"{page}:{line}: {len(_normalise(run, keep)[0])} {unit} characters: {' '.join(run.split())}")
    print(f"{total} runs of {args.min}+ Chinese or mixed characters shared with the course documents in {len(pages)} "
          "pages", file=sys.stderr)
    return 1 if args.max_runs is not None and total > args.max_runs else 0


if __name__ == "__main__":
    sys.exit(main())
