"""A value or list the page credits to a named course section stands in that section's text.

讲义 §6.6 的词表（a、scene、river、person、bank 与 EOS）, 20261016（讲义 §6.6 的种子）, 讲义 §8.4 的路线 F: the page
tells the reader that this section gives these items. A co-author who adds an item to the list (…bank、dog 与 EOS),
or sends the credit to a neighbouring section (§6.6 → §6.5), changes no claim and no number the verify function
computes; the stale pin was the only thing that stopped it (stop 55's read-through). This stage reads the credited
section's seed text (checker/crossrefs.py::seed_text) and checks that every number and every Latin word of the credited
value stands there (numbers compared as values, Latin words whole and case-blind); a list item written in Chinese alone (电影、音乐)
must stand there as written, while Chinese descriptors beside a Latin item (冠词 a、名词 scene) are the page's own
words and are not compared. Three shapes are read, and only these:

    VALUE（讲义 §X.Y 的 NOUN）          the value right before a bracket that credits it
    讲义 §X.Y 的 NOUN（ITEM、ITEM…）     a list in brackets right after the credit
    讲义 §X.Y 的 NOUN VALUE             the value right after the credited noun (是/为/取 may stand between)

NOUN is one to six Chinese characters. Where the course documents are not beside the project the stage says nothing.
"""
from __future__ import annotations

import re

from checker import classify
from checker.credits import seed_text

_DOC = {"讲义": "lecture", "入门文章": "primer"}
# a link's target is blanked in the prose view, its closing bracket with it: [§6.6](6-6.md) reads '[§6.6' + spaces
# (review 88 found every linked credit skipped)
_SECTION = (r"(?P<doc>讲义|入门文章)\s*(?:\[§\s*(?P<linked>[0-9A-D]+\.\d+)\]?\s*|§\s*(?P<bare>[0-9A-D]+\.\d+))\s*"
            r"(?:的|里的|中的|给的|用的|给出的)\s*(?P<noun>[\u4e00-\u9fff]{1,6}?)")
# nouns that name a way of doing, not a value (5.76（讲义 §3.12 的口径）: the value is the site's, measured that way)
# (the noun's last word, review 89: 词表顺序 and 约定 still credit values)
_NOT_A_VALUE_NOUN = re.compile(r"(?:口径|说法|写法|做法|算法|方法|定义|思路|规则|提醒|解释|结论|办法|流程|步骤)$")
_NUMBER = r"-?\d+(?:\.\d+)?"
_LATIN = r"[A-Za-z][A-Za-z_-]*"
_VALUE = rf"(?P<value>{_NUMBER}|{_LATIN}(?:[ \t]+{_LATIN})*)"
BEFORE = re.compile(rf"{_VALUE}\s*[（(]{_SECTION}[）)]")
# a list of two items or more, none of them the site's (（本站用 NumPy 重画） is a remark, not a list: review 88)
# the list runs to the first comma: what follows is the page's remark on it (，按概率从高到低; ，本站照录: review 89)
LISTED = re.compile(rf"{_SECTION}\s*[（(](?P<items>[^（）()\n、，,]{{1,30}}(?:、[^（）()\n、，,]{{1,30}})+)(?:[，,][^（）()\n]*)?[）)]")
# a label or a number right after the noun (路线 F, 图 A, 种子 20261016); the noun ends before a verb or a preposition
# (讲义 §4.6 的这种遮挡在 PyTorch 里: review 88)
AFTER = re.compile(rf"{_SECTION}(?<![在用把给对从里中就也都会能要让被将])\s*(?:是|为|取|取作|设为)?\s*"
                   rf"(?P<value>{_NUMBER}|[A-Za-z][A-Za-z0-9]{{0,2}})(?![\w.])")


# “慕容芷岚”和整条消息 `慕容芷岚 gave him a book.` 都沿用讲义本节的例子: quoted or coded items said to come from a
# section (本节: the page's own source section) must stand there (blind_29 W29-060 gave the site's message to §1.11)
TAKEN_FROM = re.compile(r"(?:都|也|均|皆)?(?:沿用|取自|来自|出自|照搬|照录|引自)(?:了)?\s*(?P<doc>讲义|入门文章)\s*"
                        r"(?:(?P<here>本节)|\[§\s*(?P<linked>[0-9A-D]+\.\d+)\]?\s*|§\s*(?P<bare>[0-9A-D]+\.\d+))")
_QUOTED_ITEM = re.compile(r"“(?P<q>[^”\n]{1,40})”|`(?P<c>[^`\n]{1,60})`")


def _taken_from(page, view: str) -> list[tuple[int, str, str, str, str]]:
    """(offset, item, doc, section, credit) for each quoted or coded item in the clause before a TAKEN_FROM credit."""
    out = []
    for m in TAKEN_FROM.finditer(view):
        if m.group("here"):
            own = re.match(r"(lecture|primer)\s*§\s*([0-9A-D]+\.\d+)", str(page.meta.get("source", "")))
            if not own or own.group(1) != _DOC[m.group("doc")]:
                continue
            section = own.group(2)
        else:
            section = m.group("linked") or m.group("bare")
        noun = re.match(r"\s*(?:[—–-]+\s*§?\s*[0-9A-D.]+\s*)?的\s*([\u4e00-\u9fff]{1,6})", view[m.end():])
        if noun and (_NOT_A_VALUE_NOUN.search(noun.group(1)) or noun.group(1).endswith("法")):
            continue   # 沿用入门文章 §2.1 的按词切法: a way of doing is credited, not the quoted items
        start = max(view.rfind(c, 0, m.start()) for c in "。；;！？\n") + 1
        for q in _QUOTED_ITEM.finditer(page.body, start, m.start()):
            item = q.group("q") or q.group("c")
            out.append((q.start(), item, m.group("doc"), section, m.group(0)))
    return out


def _items(text: str, listed: bool = False) -> list[str]:
    """The numbers and Latin words of a credited value; in a list, also each item written in Chinese alone (电影、
    音乐、香蕉: review 88 added 小狗 to a credited list and it passed), which must stand in the section as written."""
    found = re.findall(rf"{_NUMBER}|{_LATIN}", text)
    if listed:
        for item in re.split(r"、|(?<=[\u4e00-\u9fff])(?:与|和|及)(?=[\u4e00-\u9fff])", text):
            item = re.sub(r"等[\u4e00-\u9fff]{0,4}$", "", item.strip())   # 香蕉等候选词: the item is 香蕉
            if re.fullmatch(r"[\u4e00-\u9fff]{1,8}", item):
                found.append(item)
    return found


def _stands_in(item: str, text: str) -> bool:
    if re.fullmatch(r"[\u4e00-\u9fff]+", item):
        return item in re.sub(r"\s", "", text)
    if re.fullmatch(_NUMBER, item):
        return any(float(x) == float(item) for x in re.findall(_NUMBER, text))
    return re.search(rf"(?<![A-Za-z]){re.escape(item)}(?![A-Za-z])", text, re.I) is not None


def errors(page) -> list[tuple[int, str]]:
    """(line, message) for each credited item the credited section does not write."""
    view = classify.prose_view(page.body)
    out, seen = [], set()
    for pattern, group in ((BEFORE, "value"), (LISTED, "items"), (AFTER, "value")):
        for m in pattern.finditer(view):
            if _NOT_A_VALUE_NOUN.search(m.group("noun")):
                continue
            doc, section = _DOC[m.group("doc")], m.group("linked") or m.group("bare")
            text = seed_text(doc, section)
            if not text:
                continue   # the course documents are not beside the project, or no such section (crossrefs says so)
            for item in _items(m.group(group), listed=group == "items"):
                key = (m.start(group), item)
                if key in seen or _stands_in(item, text):
                    continue
                seen.add(key)
                out.append((page.line_of(m.start(group)),
                            f"{item!r} is credited to {m.group('doc')} §{section} ({m.group(0)[:50].strip()}…), but that "
                            f"section does not write it; credit the section that does, or take {item!r} out of what "
                            "the credit covers"))
    for at, quoted, doc, section, credit in _taken_from(page, view):
        text = seed_text(_DOC[doc], section)
        if not text:
            continue
        # the item's Latin words and numbers, or a Chinese item as written (a gloss in other words is the page's)
        items = _items(quoted) or ([quoted] if re.fullmatch(r"[\u4e00-\u9fff]{1,8}", quoted) else [])
        missing = [item for item in items if not _stands_in(item, text)]
        if missing:
            out.append((page.line_of(at),
                        f"{quoted!r} is said to come from {doc} §{section} ({credit.strip()}), but that section does "
                        f"not write {', '.join(repr(x) for x in missing[:3])}; credit the section that does, or say the "
                        "item is the site's"))
    return out
