"""Site additions are labelled: a construction number the course section does not state is the site's own.

The numbers each seed section states are data (verify/data/seed_numbers.json, see
verify/seed_numbers.py). A computed construction claim whose value that section does not state
was added by this site, and its printed text must carry the site-addition label, visible in the
raw Markdown:

- inside an admonition titled `本站构造` (the course's own constructions use `教学构造`), or
  `本站运行` for a number measured by the site's own run (a timing, a machine's core count):

      !!! example "本站构造"
          取 $d=4$，位置 0、1、2 的编码是 …

- or in a paragraph, list item or table row that carries the per-claim marker `〔本站构造〕`.
"""
from __future__ import annotations

import math
import re

SITE_LABEL = "本站构造"
SITE_RUN = "本站运行"  # a measurement the site made is the site's own by its label too
MARKER = "〔本站构造〕"
ADMONITION = re.compile(r'^(?P<indent>[ \t]*)(?:!!!|\?\?\?\+?)\s+[\w-]+(?:\s+[\w-]+)*\s+"(?P<title>[^"]*)"\s*$')


def labelled_spans(body: str) -> list[tuple[int, int]]:
    """Body offsets covered by a 本站构造 admonition or by a block that carries the marker."""
    spans = []
    lines = body.split("\n")
    offsets, pos = [], 0
    for line in lines:
        offsets.append(pos)
        pos += len(line) + 1
    i = 0
    while i < len(lines):
        m = ADMONITION.match(lines[i])
        if m and m.group("title").startswith((SITE_LABEL, SITE_RUN)):
            indent = len(m.group("indent"))
            j = i + 1
            while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > indent):
                j += 1
            spans.append((offsets[i], offsets[j - 1] + len(lines[j - 1])))
            i = j
            continue
        i += 1
    # a block with the marker: its paragraph (up to blank lines), or its own line in a list or table
    for m in re.finditer(re.escape(MARKER), body):
        line_no = body.count("\n", 0, m.start())
        if lines[line_no].lstrip().startswith("|"):
            spans.append((offsets[line_no], offsets[line_no] + len(lines[line_no])))
            continue
        if lines[line_no].lstrip().startswith(("- ", "* ")) or re.match(r"\s*\d+\.\s", lines[line_no]):
            # a list item: its own line and the indented lines that continue it
            end = line_no
            while (end + 1 < len(lines) and lines[end + 1].strip() and lines[end + 1][:1] in " \t"
                   and not re.match(r"\s*(?:[-*]|\d+\.)\s", lines[end + 1])):
                end += 1
            spans.append((offsets[line_no], offsets[end] + len(lines[end])))
            continue
        start = line_no
        while start > 0 and lines[start - 1].strip():
            start -= 1
        end = line_no
        while end + 1 < len(lines) and lines[end + 1].strip():
            end += 1
        spans.append((offsets[start], offsets[end] + len(lines[end])))
    return spans


def scalars(value) -> list[float]:
    """The numbers inside a computed value (nested lists, dicts with numbers, Quantity-like objects)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return []
    if isinstance(value, dict):
        if "value" in value:
            return scalars(value["value"])
        return [x for v in value.values() for x in scalars(v)]
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in scalars(v)]
    if hasattr(value, "value") and not isinstance(value, (int, float)):
        return scalars(value.value)
    if hasattr(value, "tolist"):
        return scalars(value.tolist())
    try:
        x = float(value)
    except (TypeError, ValueError):
        return []
    return [x] if math.isfinite(x) else []


TRIVIAL = (0.0, 1.0, -1.0)  # identity entries, zero vectors, unit weights: not an added fact on their own


def stated(x: float, values) -> bool:
    """Does the section state x, up to the precision a course text prints (half a unit in the 4th digit)?"""
    if x in TRIVIAL:
        return True
    return any(math.isclose(x, v, rel_tol=5e-4, abs_tol=1e-12) for v in values)


def check(page, claims, section) -> list[tuple[int, str]]:
    """(line, message) for each passed construction claim printed outside the label with a value the
    seed section does not state. `section` is verify.seed_numbers.SectionNumbers for the page source."""
    if not section.source:
        return []  # a page with no seed section (a topic page of the site's own) is all site material
    spans = labelled_spans(page.body)
    errors, seen = [], set()
    for claim in claims:
        if claim.status != "passed" or claim.span is None:
            continue
        start = claim.span[0] - page.body_offset
        if any(s <= start < e for s, e in spans):
            continue
        missing = [x for x in scalars(claim.computed) if not stated(x, section.values)]
        if not missing or (claim.index, claim.key) in seen:
            continue
        seen.add((claim.index, claim.key))
        errors.append((claim.line, f"claim {claim.index} {{{claim.key}}} prints {claim.printed!r}, which "
                                   f"{section.source} does not state ({', '.join(f'{x:g}' for x in missing[:3])}); "
                                   f"a number the site added goes under '!!! example \"{SITE_LABEL}\"' or in a "
                                   f"paragraph marked {MARKER}"))
    return errors


# --------------------------------------------------------------------------- labelling tool

def _blocks(lines: list[str]) -> list[tuple[int, int]]:
    """[first, last] line ranges of top-level blocks: paragraphs, fenced code, admonitions."""
    blocks, i = [], 0
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        start = i
        if ADMONITION.match(lines[i]) and not lines[i].startswith((" ", "\t")):
            i += 1
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith(("    ", "\t"))):
                i += 1
            while lines[i - 1].strip() == "":
                i -= 1
        elif lines[i].lstrip().startswith("```"):
            fence = lines[i].lstrip()[:3]
            i += 1
            while i < len(lines) and not lines[i].lstrip().startswith(fence):
                i += 1
            i += 1
        else:
            while i < len(lines) and lines[i].strip() and not lines[i].lstrip().startswith("```"):
                i += 1
        blocks.append((start, i - 1))
    return blocks


def label_text(text: str, body_offset: int, flagged_offsets: list[int]) -> str:
    """Put the blocks holding the flagged claims under the 本站构造 label (see the module docstring)."""
    body = text[body_offset:]
    lines = body.split("\n")
    line_of = [body.count("\n", 0, off) for off in flagged_offsets]
    retitle, wrap, mark = set(), [], set()
    blocks = _blocks(lines)
    for k, (start, end) in enumerate(blocks):
        if not any(start <= n <= end for n in line_of):
            continue
        first = lines[start]
        if ADMONITION.match(first):
            retitle.add(start)
        elif first.startswith("#"):
            mark.add(start)
        elif wrap and not any(lines[b0].startswith("#") or ADMONITION.match(lines[b0]) or
                              lines[b0].lstrip().startswith("```") for b0, _ in blocks if wrap[-1][1] < b0 < start):
            wrap[-1] = (wrap[-1][0], end)  # one admonition for one worked example, up to the next heading
        else:
            wrap.append((start, end))
    out = list(lines)
    for start, end in blocks:  # a 教学构造 note that itself says the numbers are the site's own
        m = ADMONITION.match(lines[start])
        if m and m.group("title") == "教学构造" and re.search(r"本站(?:自建|自己|给定|设定|选的|构造)",
                                                                  "\n".join(lines[start:end + 1])):
            retitle.add(start)
    for n in sorted(retitle):
        m = ADMONITION.match(out[n])
        title = m.group("title")
        new = SITE_LABEL if title in ("", "教学构造") else f"{SITE_LABEL}：{title}"
        out[n] = out[n].replace(f'"{title}"', f'"{new}"', 1)
    for n in sorted(mark):
        out[n] = out[n].rstrip() + " " + MARKER
    for start, end in sorted(wrap, reverse=True):
        body_lines = ["    " + l if l.strip() else "" for l in out[start:end + 1]]
        out[start:end + 1] = [f'!!! example "{SITE_LABEL}"', ""] + body_lines
    return text[:body_offset] + "\n".join(out)


def main(argv=None) -> int:
    """`python -m verify.site_additions PAGE...`: label the site-added construction numbers the checker flags."""
    import argparse
    import sys
    from pathlib import Path

    from verify import checker

    parser = argparse.ArgumentParser(prog="python -m verify.site_additions", description=main.__doc__)
    parser.add_argument("pages", nargs="+", type=Path)
    args = parser.parse_args(argv)
    changed = 0
    for path in args.pages:
        report = checker.check_page(path)
        flagged = [c for c in report.claims if any(e.startswith(f"{report.path}:{c.line}: claim {c.index} {{{c.key}}} prints")
                                                    and "does not state" in e for e in report.errors)]
        if not flagged:
            continue
        from verify.page import read_page
        page = read_page(path)
        text = path.read_text(encoding="utf-8")
        new = label_text(text, page.body_offset, [c.span[0] - page.body_offset for c in flagged])
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed += 1
    print(f"{len(args.pages)} pages, {changed} labelled")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
