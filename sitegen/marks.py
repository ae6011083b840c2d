"""Every checked number shows whose it is: the page's Markdown gets one quiet mark per number before rendering.

The verify run records each counted number of a page with its body offsets and kind (checker/kinds.py; the page
JSON's `numbers`). Here each becomes `<span class="kb-num" data-kind=… data-tip=… tabindex="0">…</span>`:
hover shows the note, and so does a tap (the span takes focus), which a phone needs. A number inside an inline
formula marks the whole formula (TeX cannot hold HTML); a display formula is wrapped in a marked block.
Numbers in headings stay unmarked (the heading's anchor must not change). The note says the kind, where the
number comes from, its full-precision value and the verify function that recomputes it.
"""
from __future__ import annotations

import html
import re

from checker.kinds import LABELS_BY_KEY

INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\s)([^$\n]+?)(?<![\s\\])\$")
DISPLAY_MATH = re.compile(r"\$\$.+?\$\$", re.S)
FIGURE = re.compile(r"!\[[^\]]*\]\(figure:[^)]*\)")   # a verified figure's reference: embedded later, left as written


def full_value(value, limit: int | None = 6) -> str:
    """The recomputed value at full precision (12 significant digits); lists shortened after `limit` items
    (the hover), or whole (limit None: the Markdown's number block)."""
    if isinstance(value, float):
        return f"{value:.12g}"
    if isinstance(value, (list, tuple)):
        items = value if limit is None else value[:limit]
        shown = ", ".join(full_value(v, limit) for v in items)
        return f"({shown}{', …' if len(items) < len(value) else ''})"
    if isinstance(value, dict) and "value" in value:
        return full_value(value["value"], limit)
    return str(value)


def note(mark: dict, data: dict) -> str:
    """The one-paragraph note of a number: kind and meaning, source, full value, verify function."""
    kind = LABELS_BY_KEY[mark["kind"]]
    parts = [f"{kind.label}：{kind.meaning}"]
    if mark.get("claim") is not None:
        claim = data["claims"][mark["claim"]]
        parts.append(f"重算值 {full_value(claim['computed'])}（页面印出 {claim['printed']}，按印出的精度比对）")
        if claim.get("rule"):
            parts.append(f"推导规则：{claim['rule']}")
        if data.get("verify"):
            parts.append(f"核算函数 {data['verify']}")
    elif mark.get("cited") is not None:
        cited = data["cited"][mark["cited"]]
        parts.append(f"出处 {cited.get('reference') or cited.get('source')}")
    else:
        parts.append("课程本节的原话")
    return "；".join(parts)


def _skip(body: str, start: int) -> bool:
    line_start = body.rfind("\n", 0, start) + 1
    return body[line_start:start].lstrip().startswith("#")   # a heading: its anchor must stay as it is


def mark_numbers(body: str, data: dict) -> str:
    """The page body with every recorded number marked (see the module docstring)."""
    figures = [(m.start(), m.end()) for m in FIGURE.finditer(body)]
    marks = [m for m in data.get("marks", []) if not _skip(body, m["start"])
             and not any(s <= m["start"] < e for s, e in figures)]
    if not marks:
        return body
    displays = [(m.start(), m.end()) for m in DISPLAY_MATH.finditer(body)]
    inlines = [(m.start(), m.end()) for m in INLINE_MATH.finditer(body)
               if not any(s <= m.start() < e for s, e in displays)]
    groups: dict[tuple[int, int, str], list[dict]] = {}
    for mark in marks:
        span = next(((s, e, "display") for s, e in displays if s <= mark["start"] < e), None) or \
            next(((s, e, "inline") for s, e in inlines if s <= mark["start"] < e), None) or \
            (mark["start"], mark["end"], "text")
        groups.setdefault(span, []).append(mark)
    out, pos = [], 0
    for (start, end, where), inside in sorted(groups.items()):
        if start < pos:
            continue   # overlapping spans (a formula inside a formula): the outer one is marked already
        kinds = sorted({m["kind"] for m in inside})
        kind = kinds[0] if len(kinds) == 1 else "mixed"
        tip = html.escape("\n".join(f"{m['text']}：{note(m, data)}" if len(inside) > 1 else note(m, data)
                                    for m in inside), quote=True).replace("\n", "&#10;")   # one line: a tag spans no lines
        attrs = f'class="kb-num" data-kind="{kind}" data-tip="{tip}" tabindex="0"'
        text = body[start:end]
        out.append(body[pos:start])
        line_start = body.rfind("\n", 0, start) + 1
        line_end = body.find("\n", end)
        alone = not body[line_start:start].strip() and not body[end:line_end if line_end >= 0 else len(body)].strip()
        if where == "display" and alone:   # a formula on lines of its own: a marked block around it
            indent = body[line_start:start]
            out.append(f'<div {attrs} markdown>\n\n{indent}{text}\n\n{indent}</div>')
        else:
            out.append(f"<span {attrs}>{text}</span>")
        pos = end
    out.append(body[pos:])
    return "".join(out)


def legend() -> str:
    """One line for the verification box: what the marks under the numbers mean."""
    items = " ".join(f'<span class="kb-num-legend" data-kind="{k}">{LABELS_BY_KEY[k].label}</span>'
                     for k in ("course", "paper", "record", "site_construction", "site_run"))
    return f"数字下的虚线标出来历：{items}；停留或点按一个数，可看它的出处、完整的重算值和核算函数"
