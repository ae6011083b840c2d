"""Counts are stated, not blurred; counts of what a page itself enumerates are checked against the page.

Two rules, both from data and the page's own structure, no verify code:

- **Enumerated counts.** A count word whose sentence introduces a list or table (it ends with `：` right
  before the list) or names its items in the same clause (`编码器、解码器和读取三个部分`) is checked against
  the number of items: equal, it is accounted for; different, it fails with both numbers.
- **Vague quantifiers.** 几个, 若干, 这几, 寥寥几, 几百 … where the page's seed section states that count
  (the same measure word and noun: the seed says 两个特征, the page says 几个特征) fail and name the count.
  RATE measures how often a text uses them (the course: 2.1 per 10,000 CJK characters in the lecture,
  4.1 in the primer).
"""
from __future__ import annotations

import re

from checker import number_words as word_rules
from checker.classify import ANAPHORA_BEFORE, MEASURE, prose_view, word_value
from checker.numerals import NUMERAL, NUMERAL_CHARS, NumeralError, integer
from checker.relations import SENTENCE_END

VAGUE = re.compile(rf"(?P<q>寥寥几|少数几|这几|那几|前几|后几|好几|若干|几|数(?=[十百千万个次种条项倍]))"
                   rf"(?P<scale>[十百千万]?)(?P<measure>{MEASURE})?")
NOT_VAGUE = re.compile(r"几乎|几何|几率|数组|数字|数位|数据|数学|数值|数量|数目|数列|数行|数轴|若干年")
CJK = re.compile(r"[\u3400-\u9fff]")
# 几 that asks how many (the new-author trial of stop 48: PPL 不是……，更不是答错了几个词): after a denied or asked
# measure within its clause; 只有几个 and 用了几个特征 stay vague
# a possibility or a habit said in general before the quantifier, in its clause (honest_20b H20b-053: 一句话里可能有
# 好几个实体，也可能一个都没有); 只用了几个特征 stays a blur
_HEDGED = re.compile(r"(?:可能|也许|或许|往往|常常|通常|经常|有时|有时候)[^，。；,;：:]{0,8}$")
# (a denied measure may stand further from its 不是: 困惑度既不是模型每一步实际留下了几个候选, new-author trial 29)
# (不说明每步只剩几个候选: a conclusion denied holds how many as an open question, new-author trial 55)
_ASKED = re.compile(r"(?:(?:不是|不在于|而不是|并非|不说明|说明不了|不代表|不意味着|不知道|看不出)[^，。；,;：:]{0,14}"
                    r"|(?:问|看看|数一数|算一算|有没有)[^，。；,;：:]{0,6})$")
# …跟它答错几个词更是两回事 (new-author trial 26): how many, set against another thing, in the clause after it
# (review 88: not 无关 or 没有关系, which say something of the things counted: 其中有几个候选与目标无关)
_ASKED_AFTER = re.compile(r"[^，。；,;：:]{0,10}?(?:是两回事|是两码事)")


_SUPPOSED_MANY = re.compile(r"(?:若|如果|假如|要是|倘若|一旦)(?:有|出现)?(?:好)?$")


def vague_quantifiers(text: str) -> list[re.Match]:
    """Vague quantifiers in prose (code and math excluded)."""
    view = prose_view(text)
    found = []
    for m in VAGUE.finditer(view):
        if NOT_VAGUE.match(view, m.start()) or NOT_VAGUE.match(view, max(0, m.start() - 1)):
            continue
        before = view[m.start() - 1:m.start()] if m.start() else ""
        if m.group("q") == "数" and CJK.match(before) and before not in "有了前后过约近好这那每是":
            continue   # 参数个数, 函数, 次数: 数 ends a word here, it is not a quantifier
        if m.group("q") in ("几", "数") and not (m.group("measure") or m.group("scale")):
            continue   # 几 alone (几乎 excluded above) or 数 as a noun: not a quantifier
        sentence_start = max(view.rfind(c, 0, m.start()) for c in "。！？；\n") + 1
        if m.group("q") == "几" and (_ASKED.search(view[max(0, m.start() - 18):m.start()])
                                     or _ASKED_AFTER.match(view, m.end())
                                     # 是一层还是所有层，…，每个数几字节: one of a run of questions (trial 27)
                                     or re.search(r"是[^，,。；]{1,12}还是", view[sentence_start:m.start()])):
            continue   # 更不是答错了几个词, 数一数有几个: how many, asked, not a count blurred
        if m.group("q") == "几" and _SUPPOSED_MANY.search(view, max(0, m.start() - 8), m.start()):
            continue   # 若有几个候选并列最高 (new-author trial 47): how many is open in a condition, no count blurred
        found.append(m)
    return found


def rate(text: str) -> tuple[int, int]:
    """(vague quantifiers, CJK characters) of a text's prose, for the per-10,000 rate."""
    view = prose_view(text)
    return len(vague_quantifiers(text)), len(CJK.findall(view))


def phrase_value(phrase: str) -> int | None:
    """The count a phrase states (两个特征 → 2, 720张训练 → 720); None when it opens with no numeral."""
    m = re.match(rf"(\d+|{NUMERAL})", phrase)
    if not m:
        return None
    try:
        return int(m.group(1)) if m.group(1).isdigit() else integer(m.group(1))
    except NumeralError:
        return None


def _stated_count(phrase: str) -> str:
    """The seed phrase from its numeral on (入门文章用的六条教学评论 -> 六条教学评论)."""
    m = re.search(rf"[{NUMERAL_CHARS}\d]", phrase)
    return phrase[m.start():] if m else phrase


def blurred_counts(body: str, phrases) -> list[tuple[int, str, str]]:
    """(body offset, vague text, the seed's phrase) for each vague quantifier whose measure word and following
    noun are those of a count the seed section states."""
    view = prose_view(body)
    out = []
    for m in vague_quantifiers(body):
        measure = m.group("measure")
        if not measure:
            continue
        tail = re.match(r"[\u3400-\u9fff]{1,2}", view[m.end():])
        if not tail:
            continue
        noun = tail.group(0)
        same = sorted(p for p in phrases if re.fullmatch(rf"[^\s]*?[{NUMERAL_CHARS}\d]+{re.escape(measure)}"
                                                          rf"{re.escape(noun[:len(p) - len(p.rstrip())]) or ''}.*", p)
                      and p.endswith(measure + noun[: max(1, len(p) - p.rfind(measure) - len(measure))]))
        same = [p for p in same if p[p.rfind(measure) + len(measure):] and noun.startswith(p[p.rfind(measure) + len(measure):])]
        # 几/若干 say "more than one": they blur a count of two or more, not the seed's 这一条样本 (number_words.yaml)
        same = [p for p in same if (phrase_value(p) or 0) >= word_rules.blur_minimum()]
        if same and _HEDGED.search(view[max(0, m.start() - 12):m.start()]):
            continue   # 一句话里可能有好几个实体: a possibility said in general, not the seed's count blurred
        if same and m.group(0).startswith("几") and re.search(r"(?:不论|无论|不管)[^，。；,;]{0,10}$",
                                                             view[max(0, m.start() - 12):m.start()]):
            continue   # 不论在几条评论里出现: however many, a question left open, no count blurred (honest_50 H50-009)
        if same and (ANAPHORA_BEFORE.search(view[max(0, m.start() - 4):m.start()]) or view.startswith(("这", "那"), m.start())) \
                and any(_stated_count(p) in view for p in same):
            continue   # 这几条教学评论 where the page says 六条教学评论: a reference back to the count (honest_38 H38-031)
        if same:
            out.append((m.start(), view[m.start():m.end() + len(noun)], same[0]))
    return out


# --------------------------------------------------------------------------- counts of what the page enumerates

ITEM = re.compile(r"^(?P<indent>[ \t]*)(?:[-*+]|\d+[.)])\s+\S")
TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")
SEPARATOR = "、"
# a parenthesised aside (a credit, a gloss): no item or clause of the list around it
_ASIDE = re.compile(r"（[^（）]*）|\([^()]*\)")
# words before a count that make it a part of a collection (or an ordinal), not the number of its items
PART = re.compile(r"(?:相邻|任取|任选|任意|任何|每|其中|其余|另外|另|剩下|剩余|前|后|头|末|最后|最先|第)\s*$")


def _sentence_bounds(view: str, at: int, marks: str = "。！？；\n") -> tuple[int, int]:
    """(start, end) of the sentence around `at`; `marks` end it (a ；-part by default)."""
    start = max(view.rfind(c, 0, at) for c in marks) + 1
    ends = [i for i in (view.find(c, at) for c in marks) if i >= 0]
    return start, min(ends) if ends else len(view)


def _besides_one(view: str, start: int) -> bool:
    """在讲义的 logits 之外，再看…的两种情形： over a table of three rows (new-author trial 21): the count, after a
    clause that sets one item aside (之外/以外), counts the others; the list may hold that one too."""
    sentence_start, _ = _sentence_bounds(view, start)
    # a named item set aside (在讲义的 logits 之外，除了 greedy 以外，), not the connective 除此之外 or 意料之外 (review 84)
    return re.search(r"(?:在|除了?)\s*(?![此这那该意预])[^，,。；]{1,30}?(?:之外|以外)[，,]", view[sentence_start:start]) is not None


def _added_to_the_courses(view: str, start: int, row_names: list[str]) -> bool:
    """再加两组本站编的分布…： over a table of three rows, one of them named as the course's (入门文章的原分布):
    the count, after 再加/另加, counts the rows added to the course's one (new-author trial 24). Exactly one row
    must be named the course's or the original."""
    if not re.search(r"(?:再|另|又|额外)(?:加|添|补)上?\s*$", view[max(0, start - 4):start]):
        return False
    # the course's document and 原 in one cell, no 本站 or negation there (review 86: 还原…, 讲义没有的一组（本站）)
    return sum(bool(re.search(r"讲义|入门文章|课程", n) and "原" in n and not re.search(r"本站|没有|不是|未|非", n))
               for n in row_names) == 1


def enumerated_count(body: str, start: int, end: int, stated: float | None = None) -> int | None:
    """How many items the sentence of the count word at [start, end) enumerates: the list or table that its
    line introduces (the line ends with ：), or the items named before it in the same clause (A、B 和 C 三个);
    None when the sentence enumerates nothing."""
    view = prose_view(body)
    quoted = quoted_after(view, end, stated)
    if quoted is not None:
        return quoted   # 前两个词“我 喝”: the count is of the words the quotation right after it shows
    if REMAINDER.search(view[max(0, start - 4):start]):
        return remainder_of(view, start, end, stated)   # 另外两类 beside 这三类读取: the rest after one is named
    if PART.search(view[max(0, start - 3):start]):
        return None   # 相邻两项, 任取两个, 其中两种, 前三行: a part of the collection, not its size
    if re.match(r"[^张个\n]{0,3}[张个]表(?!示|明|达|述|现|面|层)", body[start:end + 4]) and (
            stated is None or _tables_on_the_page(body) == stated
            # (review 85: a count that points at the page's tables, 下面三张表, 这两张表, is theirs whatever it says)
            or re.search(r"(?:下面|上面|以下|上述|前面|后面|这|那|本页|页面上)的?\s*$", view[max(0, start - 4):start])):
        # 把两张表对照着读 on a page of two tables: the page's own tables; on a page of another number the tables
        # may be others (“叠加”就是两张表取交集, two masks over one table of three: new-author trial 23), so the count
        # is read as any other (claimed, or the course's)
        return _tables_on_the_page(body)
    line_start = body.rfind("\n", 0, start) + 1
    if re.match(r"#{1,6}\s", body[line_start:start]):
        listed = _listed_in_section(body, start)   # ## 三份构造彼此分开: the section's own list
        if listed is not None:
            if listed != stated and stated and _named_in_list(body[line_start:start], _section_items(body, start),
                                                              int(stated)):
                return int(stated)   # ## 降温、升温与两个极限 over four items: two named, two counted (trial 15)
            return listed if listed == stated else pair_of_the_title(body, stated) or listed
        return (pair_of_the_title(body, stated) or pair_before_colon(view, start, end, stated)
                or examples_of_the_section(body, end, stated))
    named = listed_at(view, start)
    if named is not None:
        return named   # $q_1$、$q_2$ 两个 query: the items right before the count, whatever list the paragraph opens
    inline = _listed_after_own_colon(view, end)
    if inline is not None:
        return inline   # 三个候选分数：看 2、吃 0、买 1。 — not a table further down the paragraph
    # the sentence of the count ends with a colon that ends its line (a reflowed sentence may span lines)
    # (or the paragraph of the count ends so: 下面三种成本。把它们比作……：)
    stop = re.compile(r"[：:][ \t]*(?:\n|$)|\n[ \t]*\n")
    m = stop.search(view, end)
    # 一低一高两个温度。……每一步的分布如下： a later sentence's list is the count's only if it points back at what the
    # count counts, or counts as many (对两句分别求和。和由……算出： and a table of the two sentences)
    own = not (m and m.group(0)[0] in "：:") or _colon_sentence_points_back(view, end, m.start())
    line_end = view.find("\n", m.start()) if m and m.group(0)[0] in "：:" else -1
    if m and m.group(0)[0] in "：:":
        line_end = len(view) if line_end < 0 else line_end
        lines = body[line_end + 1:].split("\n")
        while lines and not lines[0].strip():
            lines.pop(0)
        if lines and ITEM.match(lines[0]):
            indent = len(ITEM.match(lines[0]).group("indent"))
            items = 0
            for line in lines:
                if not line.strip():
                    continue
                m = ITEM.match(line)
                if m and len(m.group("indent")) == indent:
                    items += 1
                elif m is None and len(line) - len(line.lstrip()) <= indent:
                    break
            if stated is not None and items == stated + 1 and _besides_one(view, start):
                return int(stated)
            return items if own or items == stated else None
        if lines and TABLE_ROW.match(lines[0]):
            rows, names = 0, []
            for line in lines[1:]:
                if TABLE_RULE.match(line):
                    continue
                if not TABLE_ROW.match(line):
                    break
                rows += 1
                names.append(line.strip().strip("|").split("|")[0])
            if rows != stated and stated is not None and _column_groups(lines[0]) == stated:
                return int(stated)   # 两种布局输出的每一行统计如下： over columns post-LN …, pre-LN … (trial 10)
            if stated is not None and rows == stated + 1 and (
                    _besides_one(view, start) or _added_to_the_courses(view, start, names)):
                return int(stated)
            return rows if own or rows == stated else None
    return (named_before(view, start) or places_named_before(view, start, end, stated)
            or rows_of_table_before(body, start, end, stated) or items_of_list_before(body, start, stated)
            or clauses_after_colon(view, end, stated) or sources_named_after(view, end, stated)
            or labelled_on_the_page(view, end, stated) or pair_of_the_title(body, stated)
            or quoted_just_before(view, start, stated, end) or rows_named_by_their_header(body, end, stated)
            or pair_before_colon(view, start, end, stated) or one_and_the_other(view, end, stated)
            or alternatives_before(view, start, end, stated)
            or paired_forms_on_the_page(view, end, stated) or units_of_one_value(view, end, stated)
            or steps_of_the_example_above(view, start, end, stated) or sections_below(body, start, end, stated)
            or the_titles_count(body, view, end, stated)
            or labelled_in_display(body, end, stated))


_PLACE_REF = re.compile(r"(讲义|入门文章)\s*\[?\s*§\s*([\dA-Z][\d.]*)")


def sources_named_after(view: str, end: int, stated: float | None) -> int | None:
    """两个课程算例出自讲义 §7.4 与入门文章 §14.5 (new-author trial 27): things counted, then in the same clause the
    sections they come from, one each, joined by 与/和/、; as many sections as the count says."""
    if stated is None or stated < 2:
        return None
    clause_end = min([i for i in (view.find(c, end) for c in "。！？；;，,\n") if i >= 0] or [len(view)])
    noun = re.match(rf"\s*(?:{MEASURE})?\s*([\u4e00-\u9fff]{{1,6}}?)(?:分别)?(?:出自|来自|取自|引自)", view[end:clause_end])
    if not noun or not re.search(r"例|实验|记录|运行", noun.group(1)):
        return None   # 两个候选出自讲义 §2.6 与入门文章 §11.4 counts candidates, not the sources (review 89)
    said = re.search(r"(?:分别)?(?:出自|来自|取自|引自)\s*((?:(?:讲义|入门文章)\s*\[?\s*§\s*[\dA-Z][\d.]*\]?\s*"
                     r"(?:与|和|及|、)?\s*)+)", view[end:clause_end])
    if not said or re.search(r"[\d$]", view[end:end + said.start()].replace("§", "")):
        return None
    places = {m.group(1, 2) for m in _PLACE_REF.finditer(said.group(1))}
    return len(places) if len(places) == stated else None


def examples_of_the_section(body: str, end: int, stated: float | None) -> int | None:
    """## 课程的两个算例 (new-author trial 27): a heading that counts examples (算例, 例子) over a section whose
    paragraphs open with the course's places they come from, one each (讲义 §7.4 取…; 入门文章 §14.5 的算例…); as
    many distinct places as the count says. A place named inside a paragraph (a cross-reference) is not counted."""
    if stated is None or stated < 2:
        return None
    noun = re.match(rf"\s*(?:{MEASURE})?\s*([\u4e00-\u9fff]{{1,4}})", body[end:body.find("\n", end)])
    if not noun or not re.match(r"(?:算例|例子|实例)", noun.group(1)):
        return None
    paragraphs = re.split(r"\n[ \t]*\n", _section_under(body, end))
    places = {m.group(1, 2) for m in map(_PLACE_REF.match, (p.strip() for p in paragraphs)) if m}
    return len(places) if len(places) == stated else None


def places_named_before(view: str, start: int, end: int, stated: float | None) -> int | None:
    """两处 after a sentence that has named as many places of the course: 讲义 §2.8 把它写成…，入门文章 §11.4 用 T 记
    温度，两处都要求温度为正 (new-author trial 15), 两处合起来就是… (trial 18). Only the measure words of places and documents (处, 份, 篇, 节), and
    only the distinct sections the sentence names before the count."""
    if stated is None or stated < 2:
        return None
    measure, noun = _noun_start(view, end)
    if measure not in ("处", "份", "篇", "节"):
        return None
    # only a count that points back at the places, with no noun of its own (两处都, 两处各; not 两处代码: review 77)
    # 两处合起来 (new-author trial 18): the places taken together, pointed back at as 两处都 is
    # 两处说的是同一个运算 (new-author trial 22): what the places say, pointed back at
    if not re.match(r"\s*(?:都|各|也|均|同样|一致|合起来|合在一起|放在一起|加在一起|连起来|结合起来|[说讲写指]的(?:都|也)?是)",
                    view[noun:noun + 5]):
        return None
    # the whole sentence: a ；or a wrapped line goes on with it (讲义 §2.8 …；\n入门文章 §11.4 …，两处都: trial 43)
    blank = view.rfind("\n\n", 0, start)
    s0 = max([view.rfind(c, 0, start) + 1 for c in "。！？"] + [blank + 2 if blank >= 0 else 0])
    if re.search(r"之外|以外|除了", view[s0:start]):
        return None   # 讲义 §2.8 与入门文章 §11.4 之外，两处也…: other places (review 79)
    # the count opens its clause, as the subject the places were (…记温度，两处都要求; not 本站还有两处都改了: review 78)
    if view[max(view.rfind(c, s0, start) for c in "，,；;：:") + 1 if any(c in view[s0:start] for c in "，,；;：:")
            else s0:start].strip():
        return None
    refs = list(_PLACE_REF.finditer(view[s0:start]))
    if measure in ("份", "篇"):   # a count of documents counts the documents named, not their sections
        places = {m.group(1) for m in refs}
    else:
        places = {(m.group(1), m.group(2).rstrip(".")) for m in refs}
    return len(places) if len(places) == stated else None


def sections_pointed_above(view: str, start: int, end: int) -> int | None:
    """（同上两节）, 见上两处: the sections the line above names, pointed back at (new-author trial 43: a list item
    closing with 同上两节 under one that cites 讲义 §2.8、入门文章 §11.4)."""
    measure, _ = _noun_start(view, end)
    if measure not in ("处", "节") or not re.search(r"(?:同上|见上|如上|上面|上述|以上)\s*$", view[max(0, start - 4):start]):
        return None
    view = prose_view(view)   # (offsets kept: links read as their text)
    line = view.rfind("\n", 0, start)
    above = view[view.rfind("\n", 0, max(line, 0)) + 1:max(line, 0)]
    places = {(m.group(1), m.group(2).rstrip(".")) for m in _PLACE_REF.finditer(above)}
    return len(places) if len(places) >= 2 else None


def rows_named_by_their_header(body: str, end: int, stated: float | None) -> int | None:
    """两个阶段 under a table whose first column is headed 阶段 and holds two rows (表中三种读取 under | 读取 | … with
    three): the count is of the rows of the nearest table above it in its section, named by that column's header
    (honest_21a/b, stop 54); None when the noun, the header or the number of rows disagree."""
    if stated is None or stated < 2:
        return None
    m = re.match(rf"\s*(?:{MEASURE})?\s*([\u4e00-\u9fff]{{2}})", body[end:end + 8])
    if not m:
        return None
    before = body[:end]
    heading = before.rfind("\n#")
    lines = before[max(heading, 0):].split("\n")
    for i in range(len(lines) - 1, 0, -1):
        if TABLE_RULE.match(lines[i]) and TABLE_ROW.match(lines[i - 1]):
            header = lines[i - 1].strip().strip("|").split("|")[0].strip()
            rows, named = 0, 0
            for line in lines[i + 1:]:
                if not TABLE_ROW.match(line):
                    break
                rows += 1
                # | $\tau\to0^+$（极限） | … : a row whose own name is tagged with the noun in brackets (new-author
                # trial 22's 两个极限 under a table of five temperatures and the two limits)
                named += re.search(rf"[（(]{m.group(1)}[）)]", line.strip().strip("|").split("|")[0]) is not None
            if header.startswith(m.group(1)) and rows == stated:
                return rows
            # the tagged rows only for a count of 个/种 in the paragraph right under the table (review 84: 两次预测
            # passed over rows 编码（预测前）/解码（预测）anywhere above)
            right_under = "\n\n" not in "\n".join(lines[i + 1 + rows:]).strip("\n") and m.group(0).strip()[:1] in "个种"
            return named if named == stated and right_under else None
    return None


def quoted_just_before(view: str, start: int, stated: float | None, end: int | None = None) -> int | None:
    """两句话的词序不一样 opening the sentence after one that quoted two descriptions (有的把重点放在“…”，有的突出
    “…”): the count is of what that sentence just quoted (the fifth new-author trial was asked to add 这); only as many
    as it quoted, and only a count that opens its sentence. Also of what the sentence before named by ordinals with the
    count's noun (第一头……第二头。两个头…), and, for a count opening a paragraph, of the list right above it."""
    if stated is None or stated < 2:
        return None
    s0 = max(view.rfind(c, 0, start) for c in "。！？；") + 1
    lead = re.sub(r"^\s*(?:本站补充[：:]|〔[^〕]*〕)?\s*", "", view[s0:start])   # 本站补充：两句… opens it too
    if lead.strip():
        return None
    if "\n\n" in view[max(0, s0 - 2):start]:
        # the count opens a paragraph right under a list of as many items (- self-attention … - cross-attention …
        # 本站补充：两路合起来…, honest_20a H20a-022)
        listed = listed_in_previous_list(view, start)
        return listed if listed == stated else None
    p0 = max(view.rfind(c, 0, s0 - 1) for c in "。！？；") + 1
    previous = view[p0:s0].rsplit("\n\n", 1)[-1]   # the paragraph's first sentence starts at the paragraph
    quoted = re.findall(r"“[^”\n]{1,40}”", previous)
    if len(quoted) == stated:
        return len(quoted)
    # 第一头读到……，第二头读到……。两个头读的是同样的三行输入 (honest_20b H20b-014): the sentence before named as many
    # things by their ordinals, with the noun the count counts
    noun = re.match(r"\s*[个条种张类组句段项幅位]?\s*([\u4e00-\u9fff])", view[end:end + 4]) if end is not None else None
    if noun:
        ordinals = set(re.findall(rf"第([一二三四五六七八九])\s*(?:个)?\s*{noun.group(1)}", previous))
        if len(ordinals) == stated and {"一", "二"} <= ordinals:
            return len(ordinals)
    return None


# a page titled by two things set against each other: # LayerNorm 与 RMSNorm：少减一个均值
# (two named methods, Latin names both: a title of two activities, 复核与实现, is no pair its counts are of)
# 'LayerNorm 与 RMSNorm' with a colon, a comma or a question after it (# LayerNorm 与 RMSNorm 差在哪里, new-author trial
# 49); a third name joined on is no pair
_TITLE_PAIR = re.compile(r"^#\s+[A-Za-z][\w-]*\s*(?:与|和|vs\.?|对比)\s*[A-Za-z][\w-]*(?![\w-])"
                         r"(?!\s*(?:、|和|与|及|以及)\s*[A-Za-z])", re.M)


def pair_of_the_title(body: str, stated: float | None) -> int | None:
    """2 when the page's title sets two things against each other and the count is two: on a page titled
    'LayerNorm 与 RMSNorm', 两个公式, 两个输出, 两个算子 are the pair (the fourth new-author trial was asked to claim each)."""
    return 2 if stated == 2 and _TITLE_PAIR.search(body) else None


# 与/和/及 as a word of its own, not the end of one (加权求和, 涉及, 以及, 参与, 总和)
_FREE_JOIN = re.compile(r"(?<![求总加涉以参给赋])(?:与|和|及)")


def pair_before_colon(view: str, start: int, end: int, stated: float | None) -> int | None:
    """2 when the count stands right after a colon (no comma between) whose sentence or heading opens with two
    things joined by a free-standing 与/和/及, and nothing after the count lists its items otherwise:
    困惑度与交叉熵：同一个量的两种读法 (new-author trial 11's title). Only a count of two is read so."""
    if stated != 2:
        return None
    s0, _ = _sentence_bounds(view, start)
    head = view[s0:start]
    colon = max(head.rfind("："), head.rfind(":"))
    if colon < 0 or re.search(r"[，,、；]", head[colon + 1:]):
        return None
    if lists_after(view, end, stated):
        return None   # 输入与输出：模型会看到两种语料，中文语料、英文语料和对齐语料: the list after it decides
    before = re.sub(r"^[\s#]*", "", head[:colon])
    if re.search(r"[、，,；（(]", before):
        return None
    pair = _FREE_JOIN.split(before)
    return 2 if len(pair) == 2 and all(2 <= len(side.strip()) <= 12 for side in pair) else None


def the_titles_count(body: str, view: str, end: int, stated: float | None) -> int | None:
    """2 when the count and its noun repeat, word for word, the count of two the page's title verifies by its own
    pair (# Embedding 查表与 one-hot 乘矩阵：同一个结果的两种算法 … 两种算法都要…: new-author trial 17). Another
    count (三种算法) or another noun (两种表) is not the title's."""
    if stated != 2 or lists_after(view, end, stated):
        return None
    title = re.search(r"^#\s+(.+)$", view, re.M)
    measure, noun_at = _noun_start(view, end)
    noun = re.match(r"[\u4e00-\u9fff]{1,4}", view[noun_at:noun_at + 4])
    if not title or measure is None or not noun:
        return None
    said = f"{view[end - 1:end]}{measure}"   # the numeral and measure word as written (两种)
    at = title.group(1).find(said + noun.group(0)[:2])
    if at < 0:
        return None
    start_in_view = title.start(1) + at
    return pair_before_colon(view, start_in_view, start_in_view + 1, stated)


def lists_after(view: str, end: int, stated: float | None) -> bool:
    """Whether the count's sentence goes on to list things (items right after it, or a list joined by 、 later in
    the sentence: 训练了两种模型，蒸馏模型、剪枝模型和量化模型): then that list, not a pair set up elsewhere, is
    what the count is read against."""
    _, stop = _sentence_bounds(view, end)
    return items_after(view, end, stated) is not None or SEPARATOR in view[end:stop]


# where a count's clause ends: the words the seed's count phrase is matched against stop here
_CLAUSE_END = r"[，,。；;：:！？!?\n]"
_NOUN_REACH_AFTER, _NOUN_REACH_BEFORE = 24, 12


def count_context(text: str, token) -> tuple[str, str]:
    """(the words after a count up to its clause's end, the words of its clause before it): where its noun may
    stand after modifiers (至少有两种彼此截然不同的解释 → 种彼此截然不同的解释) or before it (把成本分成三种时 → 把成本分成).
    The words before are '' when the sentence lists things after the count (成本分成三种：显存、计算、带宽和能耗),
    which the list rules judge instead, and for a number that is no count (0.5, a fraction). One reading for the
    body, the title and description, and a cited text (review 72: the description read the seed's words alone)."""
    after = re.split(_CLAUSE_END, text[token.end:token.end + _NOUN_REACH_AFTER], maxsplit=1)[0]
    word = getattr(token, "word", False)
    if not (word or token.text.isdigit()):
        return after, ""
    value = float(token.text) if token.text.isdigit() else word_value(token.text)
    if lists_after(text, token.end, value):
        return after, ""
    return after, re.split(_CLAUSE_END, text[max(0, token.start - _NOUN_REACH_BEFORE):token.start])[-1]


def _noun_start(view: str, end: int) -> tuple[str | None, int]:
    """(the measure word of the count whose numeral ends at `end` or whose token ends after its measure word, the
    offset where the counted noun starts)."""
    m = re.match(rf"\s*({MEASURE})", view[end:])
    if m:
        return m.group(1), end + m.end()
    m = re.search(rf"({MEASURE})$", view[max(0, end - 3):end])
    return (m.group(1), end) if m else (None, end)


# after 一种 opens the next sentence and 另一种 tells the second: 还有一种 / 再一种 tell one more each, and 第三种
# names the third (第一种、第二种 said after them point back at the two)
_ONE_MORE = "(?:还有一|再一)"
_ORDINAL_OF = "第([一二三四五六七八九])"


def alternatives_before(view: str, start: int, end: int, stated: float | None) -> int | None:
    """显得好一些或差一些，下面的算例里两种情形都有 (new-author trial 22): a count of two with 都 after its noun, whose
    sentence's clause before it offers two alternatives joined by one 或/还是, points back at them. None otherwise."""
    if stated != 2:
        return None
    measure, noun = _noun_start(view, end)
    if measure not in ("种", "类", "个", "样") or not re.match(r"[\u4e00-\u9fff]{0,2}都", view[noun:noun + 3]):
        return None
    s0, _ = _sentence_bounds(view, start)
    clauses = re.split(r"[，,]", view[s0:start])
    if len(clauses) < 2:
        return None
    offered = clauses[-2]
    # one 或 (not 或许, 或多或少, 还是: review 84) between two sides that mirror each other (好一些或差一些, 变大或变小)
    joined = list(re.finditer(r"或者|或(?!许|多或少|是说)", offered))
    if len(joined) != 1 or re.search(r"[、和与及]|或许|还是", offered):
        return None
    left = re.search(r"[\u4e00-\u9fff\w]{1,4}$", offered[:joined[0].start()].rstrip())
    right = re.match(r"[\u4e00-\u9fff\w]{1,4}$", offered[joined[0].end():].strip())
    if not left or not right:
        return None
    a, b = left.group(0)[-len(right.group(0)):], right.group(0)
    return 2 if a != b and (a[0] == b[0] or a[-1] == b[-1]) else None


def one_and_the_other(view: str, end: int, stated: float | None) -> int | None:
    """How many the paragraph tells one by one after a count: 可以分出两种不同的故障。一种出在检索：…；另一种…… (new-
    author trial 11 on 7-14) tells two, 还有一种 after them a third; 原因有两层。一是…；二是…… (trial 13) tells two.
    The next sentence (or the words after the count's colon) must open with 一是, or with 一 and the count's own
    measure word (not 个, which is also the article); None when it does not."""
    measure, noun = _noun_start(view, end)
    if measure is None:
        return None
    # 一是…，二是… counts for the count that ends its clause (原因有两层。), not for one earlier in the sentence
    colon = min([i for i in (view.find(c, noun) for c in "。！？：:") if i >= 0] or [len(view)])
    if len(view[noun:colon].strip()) <= 2 and (told := _told_in_turn(view, colon)) is not None:
        return told
    if measure == "个":
        return None
    # told in the next sentence (可以分出两种故障。一种…), or after the count's own colon (两种故障：一种…，另一种…)
    for stop in (min([i for i in (view.find(c, noun) for c in "。！？") if i >= 0] or [len(view)]), colon):
        opening = re.match(rf"[。！？：:]\s*(?:其中)?一{re.escape(measure)}", view[stop:stop + 6])
        if opening:
            break
    else:
        return None
    paragraph_end = view.find("\n\n", stop)
    told = view[stop + opening.end():paragraph_end if paragraph_end >= 0 else len(view)]
    c = re.escape(measure)
    if not re.search(f"另(?:外)?一{c}", told):
        return None
    ordinals = [integer(m.group(1)) for m in re.finditer(_ORDINAL_OF + c, told)]
    return max([2 + len(re.findall(_ONE_MORE + c, told)), *ordinals])


def _told_in_turn(view: str, stop: int) -> int | None:
    """How many the next sentence (or the words after the count's colon) tells as 一是…，二是…(，三是…): 原因有两层。
    一是喂进去的图不一样……；二是参数不同…… (new-author trial 13 on 6-7) tells two. None when it does not open so."""
    # 一是…，二是…; or 第一，…第二，… (new-author trial 21: 这带来两点变化。第一，…。第二，…)
    opened = re.match(r"[。！？：:]\s*(第)?一(?:是|[，,：:])", view[stop:stop + 7])
    if not opened:
        return None
    # 第一，… counts only points, reasons or steps (两点变化, 三条理由), not a quantity (两次预测: review 83)
    if opened.group(1) and not re.search(r"(?:点|条|方面|件事|个原因|个理由|层|步)[\u4e00-\u9fff]{0,4}$", view[max(0, stop - 8):stop]):
        return None
    paragraph_end = view.find("\n\n", stop + opened.end())
    # 第一，… and 第二，… may each open a paragraph of its own (new-author trial 27)
    while opened.group(1) and paragraph_end >= 0:
        following = re.match(r"\n\n\s*第[二三四五六七八九][，,：:]", view[paragraph_end:paragraph_end + 12])
        if not following:
            break
        paragraph_end = view.find("\n\n", paragraph_end + 2)
    told = view[stop:paragraph_end if paragraph_end >= 0 else len(view)]
    # the list ends where another opens (a second 第一/一是, or a colon before one: review 83)
    another = re.search(r"[：:]\s*(?:第)?一(?:是|[，,])|(?<=.)[。；;，,]\s*(?:第一|一是)", told[2:])
    if another:
        told = told[:another.start() + 2]
    n = 1
    for ordinal in "二三四五六七八九":
        said = rf"(?:[；;。]|\n\n)\s*第{ordinal}[，,：:]" if opened.group(1) else rf"[，,；;。\s]{ordinal}是"
        if not re.search(said, told):
            break
        n += 1
    return n if n >= 2 else None


_PAIRED_PREFIXES = (("原", "新"), ("旧", "新"))
_FORM_START = r"(?:(?<![\u4e00-\u9fff])|(?<=[的在把和与按用对比从是有]))"


_FORM_NOUNS = frozenset({"布局", "写法", "形式", "变体", "做法", "公式", "结构", "方式", "版本", "情形"})
_DISPLAY_LABEL = re.compile(r"\\(?:text|mathrm|textrm)\{([^{}]{1,20})\}\s*[:：]")


def labelled_in_display(body: str, end: int, stated: float | None) -> int | None:
    r"""常见的两种布局是 over $$\text{post-LN}:\ …,\qquad \text{pre-LN}:\ …$$ (new-author trial 25): a count whose
    sentence ends its line, right above display math that names as many labelled forms (\text{…}: each), in one
    display or in displays one after another. None otherwise."""
    if stated is None or stated < 2:
        return None
    line_end = body.find("\n", end)
    # (review 87: no comma between the count and the line's end, which is 是/为/如下/给出 or a colon; the noun names
    # forms, or stands in the labels; distinct labels only)
    tail = body[end:line_end] if line_end >= 0 else ""
    if line_end < 0 or not re.fullmatch(r"[^。！？；，,\n]*(?:是|为|[:：]|如下|给出)\s*", tail):
        return None
    labels: list[str] = []
    rest, last = body[line_end:], 0
    for m in re.finditer(r"\s*\$\$(.+?)\$\$", rest, re.S):
        if m.start() != last:
            break
        labels += [label for label in _DISPLAY_LABEL.findall(m.group(1)) if label not in labels]
        last = m.end()
    noun = re.match(r"\s*(?:[\u4e00-\u9fff])?\s*([\u4e00-\u9fff]{2})", tail)
    named = noun and (noun.group(1) in _FORM_NOUNS or any(noun.group(1) in label for label in labels))
    return len(labels) if named and len(labels) == stated else None


def paired_forms_on_the_page(view: str, end: int, stated: float | None) -> int | None:
    """2 when a count of two is followed by a noun the page names as a pair of forms, each form a word of its own
    and no third form in the sentences that name them: 原切分 and 新切分 for 两种切分 (new-author trial 11's worked
    example; 切分 A and 切分 B are labelled_on_the_page's). A list in the count's sentence decides instead."""
    if stated != 2 or lists_after(view, end, stated):
        return None
    _, noun_at = _noun_start(view, end)
    after = re.match(r"[\u4e00-\u9fff]{2,4}", view[noun_at:noun_at + 4])
    if not after:
        return None
    for k in range(len(after.group(0)), 1, -1):   # the longest noun the page names in a pair: 切分下 -> 切分
        noun = after.group(0)[:k]
        for old, new in _PAIRED_PREFIXES:
            forms = [re.search(_FORM_START + prefix + re.escape(noun), view) for prefix in (old, new)]
            if all(forms) and not any(_third_form(view, m.start(), noun, (old, new)) for m in forms):
                return 2
    return None


_BYTE_UNIT = re.compile(r"(?<![A-Za-z])([KMGTP]i?B)(?![A-Za-z])")


def units_of_one_value(view: str, end: int, stated: float | None) -> int | None:
    """讲义 §7.4 把两种写法并列：…约 1.28 TB（十进制），约合 1.164 TiB (new-author trial 27): a count of ways of
    writing (写法, 单位, 读法) whose sentence then writes one size in as many byte units (TB and TiB, MB and MiB)."""
    if stated is None or stated < 2:
        return None
    _, noun_at = _noun_start(view, end)
    if not re.match(r"写法|单位|读法|记法", view[noun_at:noun_at + 2]):
        return None
    stop = re.compile(r"[。！？；]|\n[ \t]*\n").search(view, end)   # a colon goes on into what it introduces
    units = {m.group(1) for m in _BYTE_UNIT.finditer(view[end:stop.start() if stop else len(view)])}
    return len(units) if len(units) == stated else None


def steps_of_the_example_above(view: str, start: int, end: int, stated: float | None) -> int | None:
    """上面那个三步的例子 (new-author trial 26): a count of steps of an example the sentence points back at, over the
    example's probabilities written as one tuple above it ($(0.5,0.25,0.125)$: one per step). The nearest tuple of
    the section before the count is the example's; as many entries as the count says."""
    steps = re.compile(r"\s*步\s*的\s*(?:例子|算例|演示)")   # the token ends at its numeral or at its measure word
    if stated is None or stated < 2 or not (steps.match(view, end) or steps.match(view, end - 1)):
        return None
    if not re.search(r"(?:上面|前面|上述|上文|前文)(?:那个|这个|的)?\s*$", view[max(0, start - 6):start]):
        return None
    heading = max(view.rfind("\n#", 0, start), 0)
    tuples = list(re.finditer(r"\$\s*\\?[(（]([^$()（）]+)\\?[)）]\s*\$", view[heading:start]))
    if not tuples:
        return None
    entries = len(re.split(r"[,，]", tuples[-1].group(1)))
    return entries if entries == stated else None


def sections_below(body: str, start: int, end: int, stated: float | None) -> int | None:
    """下面三节都用这个 batch (new-author trial 28): a count of the page's own sections that follow, told by its
    headings: those at the level of the next heading, up to a heading above that level."""
    # the token ends at its numeral (三|节) or at its measure word (三节|)
    if stated is None or stated < 2 or not (re.match(r"\s*节", body[end:]) or body[end - 1:end] == "节"):
        return None
    if not re.search(r"(?:下面|以下|接下来|后面|随后|本页后面)(?:的)?\s*$", body[max(0, start - 6):start]):
        return None
    headings = [(len(m.group(1)), m.start()) for m in re.finditer(r"^(#{1,6})\s", body[end:], re.M)]
    if not headings:
        return None
    level = headings[0][0]
    count = 0
    for depth, _ in headings:
        if depth < level:
            break
        count += depth == level
    return count if count == stated else None


def _third_form(view: str, at: int, noun: str, pair: tuple[str, str]) -> bool:
    """Whether the sentence around `at` names the noun with a modifier other than the pair's (原切分、新切分、
    字节切分): then the forms are more than two."""
    s0, s1 = _sentence_bounds(view, at)
    for m in re.finditer(r"([\u4e00-\u9fff]{1,2})" + re.escape(noun), view[s0:s1]):
        modifier = m.group(1)
        if modifier[-1] not in pair and not re.fullmatch(r".?[的这那每各同一两种个其该此]", modifier):
            return True
    return False


REMAINDER = re.compile(r"(?:另外|其余|剩下的?|其他|另)\s*$")


def _count_value(text: str) -> int | None:
    try:
        return int(text) if text.isdigit() else integer(text)
    except (NumeralError, ValueError):
        return None


def remainder_of(view: str, start: int, end: int, stated: float | None) -> int | None:
    """另外两类, 其余三种: the rest of a collection the paragraph counts with the same measure word once one member is
    named apart (其中只有交叉注意力跨越源句和目标句，另外两类…。…这三类读取可以并存: 2 = 3 - 1, honest_19a); None when
    the paragraph states no such total or the rest is not one less."""
    if stated is None:
        return None
    measure = re.match(rf"\s*({MEASURE})", view[end:end + 4])
    if not measure:
        return None
    a, b = view.rfind("\n\n", 0, start), view.find("\n\n", end)
    scopes = [(a + 1 if a >= 0 else 0, b if b >= 0 else len(view))]
    # 未缩放时 $k_1$ 拿走了…，另外两个位置也分到了 beside 三个 key：$k_1$、$k_2$、$k_3$ a paragraph above, under the same
    # heading (new-author trial 35): the one named apart is a symbol or a quotation in the count's own sentence
    sentence = view[max(view.rfind(c, 0, start) for c in "；;。！？\n") + 1:start]
    if re.search(r"\$[A-Za-z\\][^$]*\$|“[^”]+”", sentence):
        heading = view.rfind("\n#", 0, start)
        scopes.append((heading + 1 if heading >= 0 else 0, scopes[0][0]))
    for low, high in scopes:
        for m in re.finditer(rf"(\d+|{NUMERAL})\s*{re.escape(measure.group(1))}", view[low:high]):
            if low + m.start() == start:
                continue
            total = _count_value(m.group(1))
            if total is not None and total - 1 == stated:
                return int(stated)
    return None


def quoted_after(view: str, end: int, stated: float | None) -> int | None:
    """前两个词“我 喝”, 三个 token“我 昨天 给”: the words of the quotation right after the count's noun, written apart
    by spaces, are what it counts (honest_19b); only when as many as it states."""
    if stated is None or stated < 2:
        return None
    m = re.match(rf"\s*(?:{MEASURE})?[\u4e00-\u9fffA-Za-z]{{0,5}}\s*“([^”\n]{{1,40}})”", view[end:end + 60])
    if not m:
        # 三个输入向量都是讲义给的）按“我、昨天、给了”循环输入 (label round 90): further on in the same sentence, a
        # quotation that lists its items with 、, with no other number or quotation between
        m = re.match(rf"\s*(?:{MEASURE})?[^“”。；！？\n\d一二两三四五六七八九十]{{0,20}}“([^”\n]{{1,40}}、[^”\n]{{1,40}})”",
                     view[end:end + 90])
    if not m:
        return None
    pieces = [p for p in re.split(r"[\s／/、]+", m.group(1).strip()) if p]
    return len(pieces) if len(pieces) == stated else None


def clauses_after_colon(view: str, end: int, stated: float | None) -> int | None:
    """两种情形可以用同一个比较来区分：……问题在搜索；……问题在模型排序。 The count's sentence goes on after a colon
    with as many clauses, set apart by semicolons, as it states (honest_19b)."""
    if stated is None or stated < 2:
        return None
    # a wrapped line goes on with its sentence (new-author trial 31: 两件容易做错的事：……写明；\n整套测试语料……。)
    line_end = re.compile(r"\n(?=[ \t]*(?:\n|[-*+|#>]|\d+[.)]\s|!!!|\?\?\?|$))|\n$")
    ends = [i for i in (view.find(c, end) for c in "。！？") if i >= 0]
    if (m := line_end.search(view, end)):
        ends.append(m.start())
    stop = min(ends or [len(view)])
    colon = next((i for i in (view.find(c, end, stop) for c in "：:") if i >= 0), -1)
    if colon < 0:
        return None
    # (a credit aside may hold a semicolon of its own: （讲义 §4.9；入门文章 §13.8 同样说…）, new-author trial 33)
    parts = [p for p in re.split(r"[；;]", _ASIDE.sub("", view[colon + 1:stop])) if p.strip()]
    if len(parts) >= 2 and len(parts) == stated:
        return len(parts)
    # 把两条规则各做了一次：top-k 取 k=2，top-p 取 p=0.8，两条规则留下的都是…  (new-author trial 9): as many clauses set
    # apart by commas, and a last one that sums them up (the same count again, or 都/两者)
    # (the same count: 两种 after 两种; one more told, 还有一种, is a third clause, not a sum: review 73)
    parts = []
    for p in (p for p in re.split(r"[，,]", view[colon + 1:stop]) if p.strip()):
        if parts and re.match(r"\s*(?:并且|并|而且|同时|然后|随后|再)(?=[\u4e00-\u9fff])", p):
            parts[-1] += "，" + p   # …，解码器带着因果遮罩逐步生成，并通过交叉注意力读取…: one clause goes on (trial 44)
        else:
            parts.append(p)
    # 两个极限…：$\tau\to0^+$ 时…，$\tau\to\infty$ 时… (new-author trial 22): clauses set apart by commas that each open
    # with a condition in math, told in parallel
    if len(parts) >= 2 and len(parts) == stated and all(re.match(r"\s*\$[^$]+\$\s*时", p) for p in parts):
        return len(parts)
    # 这个式子有三个假设：各层形状相同，K 和 V 一样宽，每条序列缓存的长度相同 (new-author trial 27): short clauses set
    # apart by commas, as many as stated, none of them counting or summing up anything itself
    bare = [_ASIDE.sub("", p) for p in parts]   # a credit aside is no part of a clause
    # (the colon right after the counted noun: 三个假设：…; not 两个候选说明了同一件事：… — review 89)
    if len(parts) >= 2 and len(parts) == stated and colon - end <= 6 and not re.search(r"了|说明", view[end:colon]) and all(len(p.split("，")[0].strip()) <= 24 for p in bare) \
            and not any(_says_count_again(p, int(stated)) or re.search(r"\d|\$", p) for p in bare):
        return len(parts)
    # a last clause that tells one more (还有一种, 此外…, min-p 取 0.1 时结果都一样: a value of its own) is a clause
    # told, not the sum (review 77)
    last = parts[-1] if parts else ""
    earlier = "".join(parts[:-1])
    # a name the earlier clauses do not have (…，min-p 的结果都一样: review 79) tells one more
    new_name = any(w not in earlier for w in re.findall(r"[A-Za-z][\w-]*", last))
    if len(parts) == stated + 1 and len(parts) >= 3 and _says_count_again(last, int(stated)) and not new_name \
            and not re.search(rf"{_ONE_MORE}|此外|另外|以及|还有|也|[\d$=]", last):
        return int(stated)
    return None


def _says_count_again(clause: str, stated: int) -> bool:
    """Whether a clause sums up what came before: 两者/都/它们, or the same count again (两条规则留下的…), read with the
    project's numeral reader, not a table of numerals (第二条 is an ordinal, not a count of two)."""
    if re.search(r"两者|二者|三者|它们|都|均", clause):
        return True
    for m in re.finditer(rf"(?<![第{NUMERAL_CHARS}\d])([{NUMERAL_CHARS}]+|\d+)\s*(?:{MEASURE})", clause):
        if _count_value(m.group(1)) == stated:
            return True
    return False


def labelled_on_the_page(view: str, end: int, stated: float | None) -> int | None:
    """As many labelled things as the page names with that noun and a letter (两条评论 on a page whose headings are
    评论 A and 评论 B: the third new-author trial's 两条评论的平均向量 was asked for a claim); None when the labels
    are not as many as the count says, or the page labels nothing so."""
    if stated is None:
        return None
    m = re.match(r"\s*[个条种张类组句段项幅]?\s*([\u4e00-\u9fff]{1,4})", view[end:end + 8])
    if not m:
        return None
    noun = m.group(1)
    for size in range(min(4, len(noun)), 1, -1):
        labels = set(re.findall(rf"{re.escape(noun[:size])}\s*([A-Z])(?![A-Za-z0-9])", view))
        if len(labels) >= 2:
            return len(labels) if len(labels) == stated else None
    return None


_POINTS_BACK = re.compile(r"它们|这些|这[两三四五六七八九十几]|那[两三四五六七八九十几]|上述|以上|前面|两者|三者")


def _column_groups(header: str) -> int:
    """How many things a table's header sets side by side: the distinct first words of its cells after the first
    (| 行 | post-LN 均值 | post-LN 方差 | pre-LN 均值 | pre-LN 方差 | -> 2); 0 when a cell is a single word."""
    cells = [c.strip() for c in header.strip().strip("|").split("|")][1:]
    firsts = [c.split()[0] for c in cells if len(c.split()) >= 2]
    return len(set(firsts)) if cells and len(firsts) == len(cells) else 0


def _listed_after_own_colon(view: str, end: int) -> int | None:
    """The items a count's own sentence lists after a colon close behind it, up to the sentence's end, when they are
    set apart by 、 (的三个候选分数：看 2、吃 0、买 1。 -> 3; new-author trial 9 was told 4, the rows of a table two
    sentences later); None when the colon ends its line (the list or table below is the count's) or when the
    sentence goes on in clauses (两条规则各做了一次：top-k 取 …，top-p 取 …)."""
    m = re.match(r"[^，,。；;！？!?：:\n]{0,12}[：:]([^\n。！？]*)[。！？]", view[end:])
    if not m or not m.group(1).strip() or re.search(r"[，,；;]", m.group(1)):
        return None
    # set apart by 、, the last joined by 和/与/及 (两样东西：一条残差连接和一个 LayerNorm; trial 10)
    items = [item for item in re.split(r"、|以及|和|与|及", m.group(1)) if item.strip()]
    return len(items) if len(items) >= 2 else None


def _colon_sentence_points_back(view: str, end: int, colon: int) -> bool:
    """Whether the colon after a count closes the count's own sentence, or a later sentence of its paragraph that
    points back at what the count counts (下面三种成本。把它们比作……：). A later sentence that does not (一低一高两个
    温度。……如下：, the new-author trial of stop 48b) opens its own list."""
    sentence_end = re.search(r"[。！？]", view[end:colon])
    if not sentence_end:
        return True
    return bool(_POINTS_BACK.search(view[end + sentence_end.end():colon]))


_TABLE_RULE_LINE = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$", re.M)


def _tables_on_the_page(body: str) -> int:
    """How many Markdown tables the page body holds (one header rule line each; code blocks left out)."""
    return len(_TABLE_RULE_LINE.findall(re.sub(r"^([ \t]*)(`{3,}|~{3,}).*?^\1\2[ \t]*$", "", body, flags=re.M | re.S)))


def _named_in_list(head: str, items: list[str] | None, stated: int) -> bool:
    """Whether a heading names some items of its section's list before counting the rest: ## 降温、升温与两个极限 over
    four items, two of them naming 降温 and 升温 and two more (trial 15). Each named word must stand in an item of its
    own, the rest of the items are the count's; the words are split only at 、 and at a 与/和/及 that is a word of its
    own (review 77: ## 采样与两种温度 over three items passed by the sum alone)."""
    head = re.sub(r"^#{1,6}\s*", "", head)
    if not items or not re.search(r"(?:、|与|和|及)\s*$", head):
        return False
    named = [n.strip() for n in re.split(rf"、|{_FREE_JOIN.pattern}", head) if n.strip()]
    if not named or any(len(n) > 12 for n in named) or len(named) + stated != len(items):
        return False
    # each named word opens an item of its own (- 降温：…; review 78: a word anywhere in an item named nothing)
    opening = [re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?", "", item) for item in items]
    holding = [next((i for i, item in enumerate(opening) if re.match(rf"{re.escape(n)}(?:[\s：:（(，,；;*]|$)", item)),
                    None) for n in named]   # 采样的温度 is no item of 采样 (review 79)
    return None not in holding and len(set(holding)) == len(named)


def _section_under(body: str, at: int) -> str:
    """The text of the section whose heading line holds offset `at`: from the next line to the next heading."""
    end = body.find("\n", at)
    following = re.search(r"^#{1,6}\s", body[end + 1:], re.M) if end >= 0 else None
    return body[end + 1:end + 1 + following.start()] if following else body[end + 1:]


def _section_items(body: str, start: int) -> list[str] | None:
    """The texts of the items of the first list of the section a heading opens (items at the list's own indentation,
    with their continuation lines), or None when the section has no list before its next heading."""
    lines = _section_under(body, start).split("\n")
    first = next((i for i, line in enumerate(lines) if ITEM.match(line)), None)
    if first is None:
        return None
    indent = len(ITEM.match(lines[first]).group("indent"))
    items: list[str] = []
    for line in lines[first:]:
        m = ITEM.match(line)
        if m and len(m.group("indent")) == indent:
            items.append(line)
        elif line.strip() and m is None and len(line) - len(line.lstrip()) <= indent:
            break
        elif items:
            items[-1] += "\n" + line
    return items


def _listed_in_section(body: str, start: int) -> int | None:
    """The number of items of the first list of the section a heading opens, or None when it has none."""
    items = _section_items(body, start)
    return None if items is None else len(items)


def rows_of_table_before(body: str, start: int, end: int, stated: float | None = None) -> int | None:
    """The rows of the table right before the count's paragraph when the count is of rows (表中两行证据, 两行的来源
    不同: the paragraph under a table of two rows speaks of them), or when the count opens the paragraph's first
    sentence and states as many as the table has (honest_18a under primer 15-1's two-row table of stages: 本站补充：
    两段里只有任务适配这一段需要人工标注); None otherwise."""
    paragraph = body.rfind("\n\n", 0, start)
    if paragraph < 0:
        return None
    of_rows = re.match(r"\s*行", body[end:end + 2])
    first_sentence = not re.search(r"[。！？；]", body[paragraph:start])
    if not of_rows and not (first_sentence and stated is not None):
        return None
    lines = body[:paragraph].rstrip("\n").split("\n")
    rows = 0
    while lines and TABLE_ROW.match(lines[-1]):
        rows += 0 if TABLE_RULE.match(lines.pop()) else 1
    rows -= 1   # the header row is no row of the table's content
    if rows < 2 or not of_rows and rows != stated:
        return None
    return rows


def items_of_list_before(body: str, start: int, stated: float | None = None) -> int | None:
    """The items of the list right before the count's paragraph, when the count opens the paragraph's first sentence
    and states as many (honest_29 H29-013 under primer 8-1's list of 猫 追 狗 and 狗 追 猫: 两句意思恰好相反);
    None otherwise."""
    paragraph = body.rfind("\n\n", 0, start)
    if paragraph < 0 or stated is None or re.search(r"[。！？；]", body[paragraph:start]):
        return None
    lines = body[:paragraph].rstrip("\n").split("\n")
    items = 0
    while lines and ITEM.match(lines[-1]) and not lines[-1].startswith((" ", "\t")):
        lines.pop()
        items += 1
    return items if items >= 2 and items == stated else None


# (a collection with a place word after it, 这组概率上 / 那张表里: review 86 found 这种按权重抽的随机采样, an ordinary
# member, cutting a list of five rules)
_OWN_COLLECTION = re.compile(r"[这那][组些个张种条份套][\u4e00-\u9fff]{1,6}?(?:上|里|中|之中)")


def named_before(view: str, start: int) -> int | None:
    """How many items the clause names right before `start` (A、B 和 C 三个; 按词、按字这两行), None when it names no
    list. `view` is the page's prose view."""
    s0, _ = _sentence_bounds(view, start)
    clause = view[max(s0, max(view.rfind(c, 0, start) for c in "，,：（(") + 1):start]
    # a parenthesis closed well before the count ends its items too: 每个子层（自注意力、交叉注意力、FFN）外面都包着同样的
    # 两样东西 does not count the three sublayers (new-author trial 10); right before it, it lists them
    # (（选中位置重建、因果预测、跨度去噪）作为三种)
    closed = max(clause.rfind("）"), clause.rfind(")"))
    if closed >= 0 and len(clause) - closed - 1 > 4:
        clause = clause[closed + 1:]
    if re.search(r"(?:以及|和|与|及|或|、)\s*$", clause):
        return None   # 输入、目标与三个参数: the count opens the list's last item, it does not count the list (label round 86)
    clause = re.sub(r"(?:这些|这|那|共|一共|等|总共)\s*$", "", clause.strip())   # 加权求和这三步: 这 is no item
    # a 、 inside one quotation is part of a name (在“电影、音乐、香蕉”那组概率上把两条规则…, new-author trial 9):
    # the quotation is one thing unless the quotations stand side by side right before the count (below)
    if not re.search(r"(?:“[^”\n]{1,16}”\s*){2,}\S{0,4}$", clause):
        clause = re.sub(r"“[^”\n]*”", "“…”", clause)
    # “算得对”“跑得快”“装得下”三行: quoted names set side by side, right before the count or before a verb that
    # sorts them into it (把“留下多少”“写进多少”“拿出多少”拆成三件事, honest_19a)
    quoted = re.search(r"(?:“[^”\n]{1,16}”\s*){2,}(?:拆成|分成|分为|归为|列为|算作|合成)?\s*$", clause)
    if quoted and SEPARATOR not in clause:
        return len(re.findall(r"“[^”\n]{1,16}”", quoted.group(0)))
    if SEPARATOR in clause:
        named = [n for n in clause.split(SEPARATOR) if n.strip()]
        # parallel clauses, each with its own count (前者有三个块、后者有四个块): the count is the last clause's
        # object, not the number of things listed
        if re.search(r"[有是为含占]\s*$", named[-1]) and any(
                re.search(rf"(?:\d|[{NUMERAL_CHARS}])\s*(?:{MEASURE})\s*\S", n) for n in named[:-1]):
            return None
        # the list begins after the last joining word inside it (§3.5、§3.6 的三槽给定数与 q_1、q_2 两个 query: the
        # two items are q_1 and q_2; what comes before 与 is another noun phrase)
        for k in range(len(named) - 2, -1, -1):
            joined = re.split(r"以及|和|与|及|或", named[k])
            if len(joined) > 1 and joined[-1].strip():
                named = [joined[-1], *named[k + 1:]]
                break
        # an item that names its own collection (香蕉这组概率上并列贪心) ends the list before it: the items after it
        # are the count's (new-author trial 24: 在电影、音乐、香蕉这组概率上并列贪心、随机采样、top-k、top-p 与束搜索五种
        # 选词方式 counted seven); a last item that does so owns the whole list (…香蕉这组概率上把两条规则: none)
        owned = [k for k, n in enumerate(named) if _OWN_COLLECTION.search(n)]
        if owned and owned[-1] == len(named) - 1:
            return None
        if owned and len(named) - owned[-1] >= 3:   # the cut leaves two items at least after the collection's
            named = named[owned[-1]:]
        # the last item may join one more with 和/与/及/或 (解码器和读取), unless that word ends it (加权求和)
        last = re.split(r"以及|和|与|及|或", named[-1], maxsplit=1) if named else []
        if len(last) == 2 and last[0].strip() and last[1].strip():
            named[-1:] = last
        if len(named) >= 2:
            return len(named)
        return None
    # two items joined by one 和/与/及/或 (取行与乘独热向量两种做法), unless the word ends a term (加权求和两步)
    pair = re.split(r"以及|和|与|及|或", clause.strip())
    # (得到的三个输出与一次算完的三行完全相同: a side with a count of its own is one of two things compared, and the
    # count after the other side is that side's, no count of the pair: new-author trial 51)
    if len(pair) == 2 and all(len(side.strip()) >= 2 for side in pair) \
            and not re.search(rf"(?:\d|[{NUMERAL_CHARS}])\s*(?:{MEASURE})", pair[0]):
        return 2
    return None


_IN_TURN = re.compile(r"(?:依次|分别)(?:约|大约|近似)?(?:是|为|等于)\s*")   # 依次约为 (new-author trial 20)



_AFTER_COLON_JOIN = re.compile(r"[、；;]|[，,]\s*(?:和|与|以及|及|还有)|(?<=[^，,\s])\s*(?:以及)\s*")


def items_after_the_colon(body: str, end: int, stated: float | None) -> int | None:
    """本页把课程里两处“走一步”的算例放在一起读：入门文章 §4.3 对一个权重做的一次更新，和讲义 §2.6 对一组 logits 求出的
    梯度 (new-author trial 57): a count whose sentence goes on to a colon (or a pair of dashes), after which the things it
    counts are named one by one, joined by 、, ； or a comma with 和/与/以及; how many, when that is the count stated
    (two or more).
    The sentence runs over the paragraph's line wraps; links, code and formulas are one word each."""
    if stated is None or stated < 2:
        return None
    stop_at = SENTENCE_END.search(body, end)
    stop = stop_at.start() if stop_at else len(body)
    # (or between dashes: 两处“走一步”的算例——入门文章 §4.3 …、讲义 §2.6 …——放在一起读)
    marks = [(i, m) for m in ("：", "——") if (i := body.find(m, end, stop)) >= 0]
    if not marks:
        return None
    colon, mark = min(marks)
    if re.search(r"[。！？；;]", body[end:colon]) or _COUNT_BETWEEN.search(body, end, colon):
        return None
    close = body.find("——", colon + 2, stop) if mark == "——" else -1
    rest = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", body[colon + len(mark):close if close >= 0 else stop])
    rest = re.sub(r"`[^`]*`|\$[^$]*\$", "■", rest).replace("\n", "")
    # (a comma before 和 joins long items, and a 、 inside one of them is no joint of the list: 下面两件事——A，和不用
    # 缓存、把…重算一遍, honest_16a H16a-029)
    long_join = re.compile(r"[，,]\s*(?:和|与|以及|及|还有)")
    items = [x for x in (long_join if long_join.search(rest) else _AFTER_COLON_JOIN).split(rest) if x.strip()]
    if len(items) < 2:
        # 两个得分：真实词对（看，电影）得 $2$，噪声词对（看，香蕉）得 $-1$ (new-author trial 58): parallel items, each with
        # its value, joined by a bare comma or a bare 与/和; a comma in brackets is inside an item
        flat = re.sub(r"（[^（）]*）|\([^()]*\)", "□", rest)
        for joint in (r"[，,]", r"(?<=■)\s*(?:与|和|及)\s*"):
            parts = [x for x in re.split(joint, flat) if x.strip()]
            # (or each opening with a section it points at: 两处：§5.1 的 N-gram，§16.4 的精确率与召回率, trial 60)
            if len(parts) >= 2 and (all("■" in x and len(x.strip()) >= 3 for x in parts)
                                    or all(re.match(r"\s*§\s*[0-9A-D]", x) for x in parts)):
                items = parts
                break
    return len(items) if len(items) == stated and all(len(x.strip()) >= 2 for x in items) else None


# another count between a count and its colon counts the items itself
_COUNT_BETWEEN = re.compile(r"[两三四五六七八九十]\s*(?:个|种|条|处|项|步|类|句)|\d+\s*(?:个|种|条|处|项|步|类|句)")


def items_in_turn(body: str, end: int) -> int | None:
    """How many values the count's sentence then gives in turn (三个未归一化权重……依次是 $(1,0.5,0.5)$; 三个概率
    分别是 $0.5$、$0.25$、$0.125$): a tuple's items, or items joined by 、; None when the sentence gives none."""
    stop_at = SENTENCE_END.search(body, end)   # a paragraph's own line wrap ends no sentence (三个指数依次约为⏎$(1,…)$)
    stop = stop_at.start() if stop_at else len(body)
    turn = _IN_TURN.search(body, end, stop)
    if not turn:
        return None
    rest = body[turn.end():stop]
    tuple_ = re.match(r"\$\s*(?:\\left)?\(([^()$]*)(?:\\right)?\)\s*\$", rest)
    if tuple_:
        return len([x for x in tuple_.group(1).split(",") if x.strip()])
    n, i = 0, 0
    while True:
        unit = _UNIT.match(rest, i)
        if not unit:
            break
        n, i = n + 1, unit.end()
        # (两个分量的 $wx$ 分别是 $3$ 和 $-6$: the last item joined by 和, new-author trial 63)
        join = re.match(r"\s*(?:、|和|与|以及|及)\s*", rest[i:])
        if not join:
            break
        i += join.end()
    if n == 0:   # 三份数据依次是训练 3000 条、验证 300 条、测试 300 条: short plain items joined by 、, to the clause's end
        items = re.split(r"\s*、\s*", re.split(r"[，,：:（(]", rest, maxsplit=1)[0])
        n = len(items) if all(0 < len(x.strip()) <= 12 for x in items) else 0
    return n if n >= 2 else None


def listed_right_before(view: str, start: int) -> int | None:
    """named_before, only where the list ends right at the count (保留、写入和输出三个动作; A、B 和 C 三个): items
    joined by 、, the last a short word that is not a possessive (源句和它的六个表示 names no list; B、C 各自重复同
    样的四步 counts steps, not B and C)."""
    named = named_before(view, start)
    s0, _ = _sentence_bounds(view, start)
    clause = view[max(s0, max(view.rfind(c, 0, start) for c in "，,：（(") + 1):start]
    if named is None or SEPARATOR not in clause:
        return None
    last = re.split(r"、|以及|和|与|及|或", clause)[-1].strip()
    last = re.sub(r"(?:这些|这|那|共|一共|等|总共)\s*$", "", last).strip()
    if re.search(r"[在对从向给把被于跟同]$", last):
        return None   # 前者在三个源槽之间分配、后者在三个目标词之间分配: clauses joined by 、, the last one's count is its own
    return named if 0 < len(last) <= 4 and not last.endswith("的") and "”" not in last else None


def listed_at(view: str, start: int) -> int | None:
    """named_before, only where the last item ends at the count and is short (a formula counts as one character):
    $q_1$、$q_2$ 两个 query, 学习率和批大小这两项, 加性与线性两种; not 在 §12.3、§12.4 用具体数字把这三步, whose
    last 'item' runs on into the sentence."""
    named = named_before(view, start)
    if named is None or re.search(r"(?:下面|以下|如下|下列|下述)(?:的)?\s*$", view[max(0, start - 4):start]):
        return None   # 固定或写明下面三项： points down at the list, not back at 固定、写明 (honest_59 H59-048)
    s0, _ = _sentence_bounds(view, start)
    clause = view[max(s0, max(view.rfind(c, 0, start) for c in "，,：（(") + 1):start]
    last = re.split(r"、|以及|和|与|及|或", clause)[-1]
    last = re.sub(r"(?:这些|这|那|共|一共|等|总共)\s*$", "", re.sub(r"\$[^$\n]*\$", "x", last).strip()).strip()
    return named if len(re.sub(r"\s+", "", last)) <= 8 else None


def listed_in_the_clause_before(view: str, start: int) -> int | None:
    """…的最大差异、<line break> 生成出来的序列和每一层 cache 的长度，这三样都要存下来 (new-author trial 51, where 这四样
    passed unread): the items the clause before the pointer's comma names, read over the lines of its paragraph."""
    at = view.rfind("这", 0, start + 1)
    before = view[:at].rstrip()
    if not before.endswith(("，", ",")):
        return None
    paragraph = max(before.rfind("\n\n"), 0)
    joined = re.sub(r"\n[ \t]*", "", before[paragraph:].rstrip("，,"))
    return named_before(joined, len(joined))


def groups_joined_at(view: str, start: int) -> int | None:
    """新 token 自己的 Q、K、V 和读取历史这两部分 (honest_60 H60-028): the items that end at the count grouped by 和
    (与, 及, 以及), each group a list of its own joined by 、; the number of groups, or None where no group is one."""
    s0, _ = _sentence_bounds(view, start)
    clause = view[max(s0, max(view.rfind(c, 0, start) for c in "，,：（(") + 1):start]
    groups = [g for g in re.split(r"以及|和|与|及", clause) if g.strip()]
    return len(groups) if len(groups) >= 2 and any("、" in g for g in groups) else None


def listed_in_previous_sentence(view: str, start: int, collective: bool = False) -> int | None:
    """How many items the sentence before the count's names in the list that closes it (同一套 $W_x$、$W_h$、$b$。
    这三组参数…: three), when the count's own sentence names none and the two sentences share a paragraph; None
    when there is no such list. A pronoun count (这三组, 这 3 组) points back at them."""
    def sentence_start(at: int) -> int:   # a wrapped line goes on with its sentence; a blank line ends it
        return max([view.rfind(c, 0, at) + 1 for c in "。！？；"] + [view.rfind("\n\n", 0, at) + 2, 0])
    s0 = sentence_start(start)
    if s0 == 0 or view[s0 - 1] not in "。！？；":
        return None   # the count opens a paragraph: nothing just named
    previous = view[sentence_start(s0 - 1):s0 - 1]
    if re.search(r"\n[ \t]*(?:[-*+|]|\d+[.)])", previous):
        return None   # a list or a table ends there: its items are counted where they are listed
    lists = list(_LIST.finditer(previous))
    # the list must close the sentence (a bracket may follow it)
    if not lists or re.sub(r"（[^）]*）|\([^)]*\)|\s", "", previous[lists[-1].end():]):
        return None
    last = lists[-1].group(0)
    if re.search(r"等|之类|诸如", last.split(SEPARATOR)[-1]):
        return None   # 含有 I、gave 等词: examples of a longer list, not the items
    named = [n for n in last.split(SEPARATOR) if n.strip()]
    if collective and all(re.fullmatch(r"\s*\$?\s*[-−]?[\d.]+\s*\$?\s*", n) for n in named):
        return None   # 这两组梯度 after −0.335、0.090、0.245: a list of values is one group (new-author trial 34)
    tail = re.split(r"以及|和|与|及|或", named[-1], maxsplit=1)
    if len(tail) == 2 and tail[0].strip() and tail[1].strip():
        named[-1:] = tail
    return len(named) if len(named) >= 2 else None


def _this_and_the_sentence_before(body: str, start: int) -> str:
    """The text from the opening of the sentence before the one at `start` (a line break ends it too) to `start`."""
    opening = max(body.rfind(c, 0, start) for c in "。！？") + 1
    return body[max(body.rfind(c, 0, max(opening - 1, 0)) for c in "。！？\n") + 1:start]


_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])\s")


def listed_in_previous_list(view: str, start: int) -> int | None:
    """How many items the bulleted or numbered list right before the count's paragraph has (- him … - gave … -
    a book … - yesterday …。 上面这四项取舍…: four), when the count stands in the paragraph's first sentence; None
    when no list ends right before it. A pronoun count points back at them as at a list inside a sentence."""
    para = view.rfind("\n\n", 0, start) + 2
    if para < 2 or re.search(r"[。！？；]", view[para:start]):
        return None   # not the paragraph's first sentence, or the page's first paragraph
    ends = re.search(r"[。！？；：:]|\n\n", view[start:])
    if ends and ends.group(0) in "：:":
        return None   # 这三种读取…：| 表 | points ahead at what the colon opens, not back at the list
    lines = view[:para - 2].split("\n")
    items = 0
    for line in reversed(lines):
        if not line.strip():
            break
        if _LIST_ITEM.match(line):
            items += 1
        elif not line[:1].isspace():
            return None   # a paragraph of prose, not a list, ends there
    return items if items >= 2 else None


# items joined by 、 (a formula, a quoted name, a short word each), the last one maybe joined by 和/与/及/或
_ITEM_TEXT = r"(?:\$[^$\n]+\$|“[^”\n]{1,12}”|[^、。！？；：:，,（）()\n$“”]{1,16})"
_LIST = re.compile(rf"{_ITEM_TEXT}(?:\s*、\s*{_ITEM_TEXT})+")


_UNIT = re.compile(r"“[^”\n]*”|「[^」\n]*」|`[^`\n]+`|\$[^$\n]+\$")
_LATIN_UNIT = re.compile(r"[A-Za-z][A-Za-z0-9_-]*(?![A-Za-z0-9_-])")
_JOIN = re.compile(r"\s*(?:、|，|,|以及|和|与|及|或)\s*")
_SPLIT = re.compile(r"\s*(?:、|，|,|；|以及|和|与|及|或)\s*")
_LONG_JOIN = re.compile(r"\s*[，,；]\s*(?:以及|和|与|及|或者|或)\s*")


def items_after(body: str, end: int, stated: float | None = None) -> int | None:
    """How many items follow a count right where it stands (number_words.yaml, enumerated_after): 两条评论“电影好看”
    和“电影难看”, 其余四条（B、C、D、F）, 两个头：h1 与 h2. `end` is the end of the numeral; None when no items follow.
    With `stated`, a colon's items may be the first clause's alone (头两名：电影与音乐的概率之比是 2，…, the seventh
    new-author trial)."""
    measure = re.match(rf"\s*(?:{MEASURE})", body[end:])
    if not measure:
        return None
    pos = end + measure.end()
    stop = min([i for i in (body.find(c, pos) for c in "。！？；\n") if i >= 0] or [len(body)])
    if body[stop:stop + 1] == "\n" and re.fullmatch(r"[^\n]{0,12}[：:][ \t]*", body[pos:stop]):
        # 还提醒两点：<line break> 用温度改过的概率…，温度也…: a colon that ends a reflowed line goes on in the next
        # line of the same paragraph (the seventh trial); a list, a table or a blank line after it is another reading
        following = body[stop + 1:body.find("\n", stop + 1) if body.find("\n", stop + 1) >= 0 else len(body)]
        if following.strip() and not re.match(r"\s*(?:[-*+|#>]|\d+[.)]|!!!)", following):
            stop = min([i for i in (body.find(c, stop + 1) for c in "。！？；\n") if i >= 0] or [len(body)])
            rest = body[pos:stop].replace("\n", "")
            return _items_in(rest, stated)
    if body[stop:stop + 1] == "\n" and re.search(r"[、，,]\s*$|(?:和|与|以及|及|或)\s*$", body[pos:stop]):
        # 要存下三样东西：每一步上…的最大差异、<line break> 生成出来的序列，以及…的长度 (new-author trial 51): a list
        # cut by the reflow after a 、 goes on in the next line of its paragraph
        following = body[stop + 1:body.find("\n", stop + 1) if body.find("\n", stop + 1) >= 0 else len(body)]
        if following.strip() and not re.match(r"\s*(?:[-*+|#>]|\d+[.)]|!!!)", following):
            stop = min([i for i in (body.find(c, stop + 1) for c in "。！？；\n") if i >= 0] or [len(body)])
            return _items_in(re.sub(r"\n[ \t]*", "", body[pos:stop]), stated)
    rest = body[pos:stop]
    return _items_in(rest, stated)


def _items_in(rest: str, stated: float | None) -> int | None:
    opener = word_rules.items_follow().match(rest)
    if not opener:
        return None
    at = opener.end() - 1
    mark = rest[at]
    if mark in "（(":
        close = rest.find("）" if mark == "（" else ")", at)
        if close < 0:
            return None
        items = [x for x in _SPLIT.split(rest[at + 1:close]) if x.strip()]
        # 两种解释（源端表示没有保留角色、读取没对准或训练不足）: a 或 or 和 inside an item joined by 、 is part of it
        # (label round 96: the honest count was reworded to pass); 两种（A、B、C） still counts three
        # (递推、并行与分块 is three short items: only an item long enough to hold a clause keeps its 或 or 和)
        coarse = [x for x in re.split(r"\s*[、，,；;]\s*", rest[at + 1:close]) if x.strip()]
        joined = [x for x in coarse if len(_SPLIT.split(x)) > 1]
        if stated is not None and len(items) != stated and len(coarse) == stated >= 2 \
                and all(len(x.strip()) >= 8 for x in joined):
            return len(coarse)
        return len(items) if len(items) >= 2 else None
    if mark in "：:—是为":   # 两种做法：A、B; 四件事拿主意——A、B、C 以及 D; 四个候选依次是 A、B、C、D
        # (a formula is one item whatever commas it holds: 三个 key：$k_1=(1,-1,1,1)$、$k_2=…$、$k_3=…$, trial 35)
        text = re.sub(r"\$[^$\n]+\$", "■", rest[at + 1:]).rstrip("：: ")
        # (…、生成状态怎样随长度增长，并说明缓存…的代价: a clause opening with 并/此外 goes on with the sentence's own
        # predicate, after the list: honest_71 H71-042's description)
        text = re.split(r"[，,]\s*(?=并(?!列|且列)|此外|同时)", text, maxsplit=1)[0]
        # 两件事——在缓存上解码一步，和不用缓存、把整段重算一遍: a comma before 和 joins two long items, and the 、
        # inside the second one is no joint of the list (honest_16a, stop 48); A、B，以及 C is still three
        long_items = [x for x in _LONG_JOIN.split(text.lstrip("—")) if x.strip()]
        if len(long_items) >= 2 and "、" not in long_items[0]:
            return len(long_items)
        items = [x for x in _SPLIT.split(text) if x.strip()]
        first = [x for x in _SPLIT.split(re.split(r"[，,]", text, maxsplit=1)[0]) if x.strip()]
        # the first clause names the items only when its last item goes on into a predicate (音乐的概率之比在原温下是
        # 2): the list has ended there. Bare items (学习率和批大小，还有预热步数) may go on after the comma (review of
        # this stop: 两点 over three items must still fail)
        if stated is not None and len(items) != stated and len(first) == stated >= 2 \
                and len(first[-1].strip()) > 6 and re.search(r"的|是|在|为|比", first[-1]):
            return len(first)
        # 三个 key 依次是 $(1,0)$、$(0,1)$、$(1,1)$，点积为 $(1,0,1)$ (new-author trial 56): a list of bare formulas
        # ends at the comma, where a clause of its own begins
        rest_after = re.split(r"[，,]", text, maxsplit=1)[1:]
        if len(items) != len(first) and len(first) >= 2 and all(x.strip() == "■" for x in first) \
                and not re.match(r"\s*(?:以及|和|与|及|还有|或者|或|并且)", rest_after[0] if rest_after else ""):
            return len(first)
        return len(items) if len(items) >= 2 else None
    if mark in "，,":   # 两种确定性的挑法，greedy 与束搜索（beam search），以及…: the apposition after the comma
        text = re.split(r"[，,。；;]", _ASIDE.sub("", rest[at + 1:]), maxsplit=1)[0]
        items = [x for x in _SPLIT.split(text) if x.strip()]
        return len(items) if len(items) >= 2 else None
    n, i = 0, at
    units = _UNIT
    if mark.isspace():   # 四个名词 scene、person、river、bank: bare English words joined by 、, counted as such
        units, i = _LATIN_UNIT, at + 1
    while True:   # quoted names, code or formulas joined by 、/和/与: count them
        unit = units.match(rest, i)
        if not unit:
            break
        n, i = n + 1, unit.end()
        join = _JOIN.match(rest, i)
        if not join or not units.match(rest, join.end()):
            break
        i = join.end()
    return n if n >= 2 else None


def _math_masked(body: str) -> str:
    """The prose view with each inline formula blanked to X's of its length: a tuple's commas are no clause's."""
    return re.sub(r"\$[^$\n]*\$", lambda f: "X" * len(f.group(0)), prose_view(body))


def _formulas_filled(text: str) -> str:
    """Each inline formula's inside filled with ■, its dollars kept: a reader still sees where a formula stands, and
    no comma or digit inside it is read as the prose's."""
    return re.sub(r"\$[^$\n]*\$", lambda f: "$" + "■" * (len(f.group(0)) - 2) + "$", text)


# A count of kinds of one thing, with no 这, after the kinds were named (padding mask …。因果遮罩 …。两种遮罩的用途不一样:
# new-author trial 30): the head noun's compounds in the paragraph's sentences before it, each modifier once. The
# English head a Latin modifier takes (padding mask) is the Chinese noun's (遮罩).
_ENGLISH_HEAD = {"遮罩": "mask", "掩码": "mask", "损失": "loss", "向量": "vector", "矩阵": "matrix",
                 "嵌入": "embedding", "编码": "encoding", "注意力": "attention", "采样": "sampling"}
_ONE_CHARACTER_ADJECTIVE = "[尖平陡缓长短大小高低新旧好坏快慢宽窄深浅粗细冷热]"
_NOT_A_MODIFIER = re.compile(rf"[的了是和与及或把被这那每各些{NUMERAL_CHARS}]|{MEASURE}")


def kinds_named_before(body: str, start: int, end: int) -> int | None:
    """How many kinds of the noun after the count at [start, end) the sentences before it in its paragraph (three at
    most) name as compounds (因果遮罩, padding mask, padding 遮罩): the modifiers, counted once each; None when fewer
    than two are named. The count may be its own sentence's second mention of them (只有两种遮罩都允许…)."""
    view = prose_view(body)
    rest = re.match(rf"\s*(?:{MEASURE})?\s*([\u4e00-\u9fff]{{2,3}})", view[end:end + 8])
    if not rest:
        return None
    paragraph = view.rfind("\n\n", 0, start) + 2 if view.rfind("\n\n", 0, start) >= 0 else 0
    before = view[paragraph:start]
    cuts = [m.end() for m in re.finditer(r"[。！？]", before)]
    before = before[cuts[-4] if len(cuts) >= 4 else 0:]
    for noun in (rest.group(1), rest.group(1)[:2]):
        english = _ENGLISH_HEAD.get(noun)
        modifiers = set()
        for m in re.finditer(rf"(?<![\u4e00-\u9fff])([\u4e00-\u9fff]{{2}}){noun}", before):
            if not _NOT_A_MODIFIER.search(m.group(1)):
                modifiers.add(m.group(1))
        # 尖的分布…平的分布…两个分布 (new-author trial 37): an adjective of one character with 的 names a kind too
        modifiers |= {m.group(1) for m in re.finditer(rf"(?<![\u4e00-\u9fff])({_ONE_CHARACTER_ADJECTIVE})的{noun}", before)}
        heads = noun + (f"|{english}s?(?![A-Za-z])" if english else "")
        for m in re.finditer(rf"(?<![A-Za-z])([A-Za-z][A-Za-z-]+)\s*(?:\*\*)?\s*(?:{heads})", before):
            if m.group(1).lower() != (english or ""):
                modifiers.add(m.group(1).lower())
        if len(modifiers) >= 2:
            return len(modifiers)
    return None


# 留下电影与音乐……。留下的两个概率之比…: the count after '<verb>的' counts what that verb took in the sentence before
_TAKEN_ITEM = r"(?:\$[^$\n]+\$|“[^”\n]{1,12}”|[^、。！？；：:，,（）()\n$“”与和及]{1,8})"
_TAKEN = re.compile(rf"{_TAKEN_ITEM}(?:\s*(?:、|与|和|及)\s*{_TAKEN_ITEM})+")


def taken_by_the_verb_before(body: str, start: int) -> int | None:
    """How many items the verb before 的 and the count (留下的两个) took where it was said last, in the sentence
    before the count's or earlier in its own: the items joined by 、, 与, 和 right after that verb; None when the
    verb is not found so, or takes one item."""
    view = prose_view(body)
    verb = re.search(r"([\u4e00-\u9fff]{2})的\s*$", view[max(0, start - 4):start])
    if not verb or _NOT_A_MODIFIER.search(verb.group(1)):
        return None
    sentence_start = max(view.rfind(c, 0, start) for c in "。！？\n") + 1
    previous = max(view.rfind(c, 0, max(0, sentence_start - 1)) for c in "。！？") + 1
    window = view[previous:start - len(verb.group(0))]
    said = [m for m in re.finditer(re.escape(verb.group(1)), window)]
    if not said:
        return None
    taken = _TAKEN.match(window, said[-1].end())
    if not taken:
        return None
    items = re.split(r"\s*(?:、|与|和|及)\s*", taken.group(0))
    return len(items) if len(items) >= 2 else None


def clauses_counted_back(body: str, start: int, end: int) -> int | None:
    """两项都结束 opening a clause after the clauses that named them (第 3 轮 B EOS 已经结束，A a 只能接 EOS，两项都结束:
    new-author trial 32): how many clauses of its sentence stand before it, when the count opens a clause and 都, 均
    or 各 follows its measure word, or a word said of the pair (错开, 相差, 对齐); None otherwise."""
    view = _math_masked(body)
    # (两种情况下这个梯度都接近零: the cases, where, and what the clause is about, before its 都; new-author trial 35)
    # (…就是输入，…就是要预测的目标，两条序列正好错开一位: a pair said of each other, new-author trial 59)
    if not re.match(rf"\s*(?:{MEASURE})?\s*[\u4e00-\u9fff]{{0,3}}?\s*(?:(?:下|中|里)[^，,。；;！？]{{0,6}}?)?"
                    r"(?:也?都|均|各|全都|(?:正好|恰好|刚好)?(?:错开|相差|相隔|对齐|一一对应)"
                    # (…按十进制写成 TB、按二进制写成 TiB，两个读数并不相同: a sameness said of the pair, honest_94 H94-028)
                    r"|(?:并|也|却)?(?:不|并不)?(?:相同|一样|相等))", view[end:end + 16]):
        return None
    before = view[:start].rstrip()
    if before[-1:] in ("。", "！", "？"):
        # a count opening the sentence after one of as many parts set apart by ；(讲义 §2.6 的练习…；入门文章 §7.4 …。
        # 两组梯度都是…: new-author trial 34)
        previous = max(before.rfind(c, 0, len(before) - 1) for c in "。！？\n") + 1
        parts = [p for p in re.split(r"[；;]", before[previous:-1]) if p.strip()]
        return len(parts) if len(parts) >= 2 else None
    if before[-1:] not in ("，", ",", "；", ";"):
        return None
    sentence_start = max(view.rfind(c, 0, start) for c in "。！？\n") + 1
    # a condition that opens the sentence (权重接近独热时，A…，B…，两种情况下都…) is none of the cases it counts
    clauses = [c for c in re.split(r"[，,；;]", view[sentence_start:start])
               if c.strip() and not re.search(r"(?:时|的话)\s*$|^\s*(?:如果|假如|一旦|当)", c)]
    return len(clauses) if len(clauses) >= 2 else None


def parts_of_the_next_sentence(body: str, start: int, end: int) -> int | None:
    """课程的两个算例都合这三条。讲义 §2.6 的练习…；入门文章 §7.4 …。: a short sentence whose count the next sentence
    spells out in as many parts set apart by ；(new-author trial 34); None otherwise."""
    view = _math_masked(body)
    sentence_start = max(view.rfind(c, 0, start) for c in "。！？\n") + 1
    stop = view.find("。", end)
    if stop < 0 or stop - sentence_start > 24 or re.search(r"[，,；;：:\n]", view[sentence_start:stop]):
        return None
    following = view[stop + 1:]
    ends = [i for i in (following.find(c) for c in "。！？") if i >= 0]
    nxt = following[:min(ends)] if ends else ""
    if "\n\n" in nxt:
        return None
    parts = [p for p in re.split(r"[；;]", nxt) if p.strip()]
    return len(parts) if len(parts) >= 2 else None


def objects_made_into(body: str, start: int) -> int | None:
    """把 A 和 B 摞成两行: a count right after 成 counts the objects 把 took in its clause, joined by 和, 与 or 、
    (new-author trial 33: 把另一个 token 的行 $(10,0,0,0)$ 和 $u$ 摞成两行的矩阵); None when the clause is not so."""
    view = _math_masked(body)
    clause_start = max(view.rfind(c, 0, start) for c in "，,；;。！？\n") + 1
    m = re.search(r"把([^，,。；;]{1,60}?)[\u4e00-\u9fff]成\s*$", view[clause_start:start])
    if not m:
        return None
    objects = m.group(1)
    items = [x for x in re.split(r"、|和|与|跟|及", objects) if x.strip()]
    return len(items) if len(items) >= 2 else None


def ordinals_before(body: str, start: int, end: int) -> int | None:
    """第一项……；第二项……。两项合起来: how many items its paragraph numbered before the count with the count's own
    measure word (第一项, 第二项: two), when they run from 第一 without a gap (new-author trial 34); None otherwise."""
    view = prose_view(body)
    measure = re.match(rf"\s*({MEASURE})", view[end:end + 4])
    if not measure:
        return None
    paragraph = view.rfind("\n\n", 0, start) + 2 if view.rfind("\n\n", 0, start) >= 0 else 0
    line_start = view.rfind("\n", 0, start) + 1
    if re.match(r"#{1,6}\s", view[line_start:start + 1]):
        # ## 容易混为一谈的两件事 over **第一件：…** **第二件：…** (honest_83 H83-048): a heading counts what its section
        # numbers below it
        below = re.search(r"^#{1,6}\s", view[end:], re.M)
        said = _ordinals_said(view[end:end + below.start()] if below else view[end:], measure.group(1))
        return len(said) if len(said) >= 2 and said == set(range(1, len(said) + 1)) else None
    said = _ordinals_said(view[paragraph:start], measure.group(1))
    if said != set(range(1, len(said) + 1)) or len(said) < 2:
        # 第一组标签…第二组… in an earlier paragraph of the section, 在两组标签里都读对了 later (honest_84 H84-033)
        heading = max((m.start() for m in re.finditer(r"^#{1,6}\s", view[:start], re.M)), default=0)
        said = _ordinals_said(view[heading:start], measure.group(1))
    if len(said) >= 2 and said == set(range(1, len(said) + 1)):
        # 前两关 after 第一关…第四关 (honest_81 H81-029): the first N of the items numbered, N no more than them
        first = re.search(r"前\s*$", view[max(0, start - 2):start])
        if first:
            try:
                stated = integer(view[start:end]) if not view[start:end].strip().isdigit() else int(view[start:end])
            except NumeralError:
                return None
            return stated if 2 <= stated <= len(said) else None
        return len(said)
    return None


def _ordinals_said(text: str, measure: str) -> set[int]:
    """The ordinals 第一关, 第二关 said with this measure word, those that share it included (第三、第四关)."""
    said = set()
    for m in re.finditer(rf"第([{NUMERAL_CHARS}\d]+)((?:\s*、\s*第[{NUMERAL_CHARS}\d]+)*){re.escape(measure)}", text):
        for word in [m.group(1)] + re.findall(rf"第([{NUMERAL_CHARS}\d]+)", m.group(2)):
            try:
                said.add(integer(word) if not word.isdigit() else int(word))
            except NumeralError:
                continue
    return said


def named_nearby(body: str, start: int, end: int) -> set[int]:
    """The counts of things named around a count without a pronoun, one per reading that finds them (the kinds
    of its noun named before it, what its verb took, the clauses or ；-parts before or after it, the objects 把
    took, the items numbered 第一…): the count at [start, end) is theirs when it equals one of them."""
    readings = (kinds_named_before(body, start, end), taken_by_the_verb_before(body, start),
                clauses_counted_back(body, start, end), objects_made_into(body, start),
                ordinals_before(body, start, end), parts_of_the_next_sentence(body, start, end),
                dimension_of_the_vectors_after(body, end), terms_of_the_formula_after(body, end),
                factors_of_the_formula_after(body, end), slice_of_a_count_before(body, start, end),
                entries_of_the_tuple_after(body, end), told_one_by_one_before(body, start, end),
                listed_under_the_heading(body, start, end), displays_just_before(body, start),
                terms_set_in_bold_before(body, start), pair_named_before(body, start, end),
                parties_joined_before(body, start), the_other_before(body, start), steps_told_before(body, start, end),
                entries_of_the_display_before(body, start), numbers_said_before(body, start, end),
                slice_as_wide_as_a_setting_before(body, start, end),
                one_each_before(body, start, end), items_of_the_list_just_before(body, start),
                words_of_the_reordered_quotes(body, start, end), entity_types_named_before(body, start, end),
                sections_pointed_above(body, start, end), columns_of_the_table_under_the_heading(body, start, end),
                characters_of_the_quote(body, start, end), sides_of_the_either_before(body, start, end),
                fields_slashed_before(body, start), rows_of_the_table_pointed_at(body, start),
                sentences_quoted_in_its_sentence(body, start, end), words_of_the_gram_named(body, start, end),
                totals_with_a_unit_before(body, start, end), subjects_joined_before(body, start, end),
                former_and_latter_before(body, start, end), the_rest_named_before(body, start, end),
                names_joined_in_the_sentence_before(body, start, end),
                cells_of_the_row_named(body, start, end), pair_introduced_before_the_list(body, start, end),
                rows_under_the_header_named(body, start, end), slice_of_the_rows_above(body, start, end),
                times_of_the_rows_above(body, start, end),
                subjects_after_the_colon(body, start, end))
    return {n for n in readings if n is not None} | the_same_count_again(body, start, end) \
        | each_said_again(body, start)


_PARTY = r"(?:本站|课程|讲义|入门文章|原论文|论文|[A-Za-z][A-Za-z0-9_.-]*|“[^”\n]{1,8}”)"
_PARTIES = re.compile(rf"{_PARTY}(?:\s*(?:、|和|与|跟|及)\s*{_PARTY})+")


_LIST_ITEM = re.compile(r"^([ \t]*)(?:[-*+]|\d+[.)])\s")


def items_of_the_list_just_before(body: str, start: int) -> int | None:
    """- 不带残差：…  - 带残差：…  (blank line) 两种叠法的总导数… (new-author trial 42): a count in the first sentence of
    the paragraph that follows a list directly counts the list's items, when there are two or more."""
    paragraph = body.rfind("\n\n", 0, start)
    if paragraph < 0 or re.search(r"[。！？]", body[paragraph:start]):
        return None
    lines = body[:paragraph].split("\n")
    items = []
    while lines and lines[-1].strip():
        line = lines.pop()
        m = _LIST_ITEM.match(line)
        if m:
            items.append(len(m.group(1).expandtabs()))
        elif not line.startswith((" ", "\t")) and not items:
            return None   # a paragraph of prose, not a list
    if not items:
        return None
    top = min(items)
    count = sum(1 for indent in items if indent == top)
    own = len(body[paragraph + 2:start]) - len(body[paragraph + 2:start].lstrip(" \t"))
    return count if count >= 2 and own <= top else None


def words_of_the_reordered_quotes(body: str, start: int, end: int) -> int | None:
    """“猫追狗”与“狗追猫”…。两句用的是同样三个词 (honest_46 H46-011): a count of the words (词, 字) that quoted phrases
    before it, in its sentence or the one before, are all made of, when each of those phrases is the others reordered:
    their words (split at spaces) or, with no spaces, their characters."""
    if not re.match(r"\s*(?:个)?\s*(?:词|字|token)", body[end:end + 8]) and not re.search(r"(?:个|词|字)$", body[start:end]):
        return None
    before = _this_and_the_sentence_before(body, start)
    quoted = [q.strip() for q in re.findall(r"“([^”\n]{2,24})”", before)]
    if len(quoted) < 2:
        # or the items of the list the paragraph follows (看下面这对句子：- 猫 追 狗 - 狗 追 猫 …两句都是三个词:
        # honest_54 H54-017)
        quoted = _items_of_the_list_before_the_paragraph(body, start)
    if len(quoted) < 2:
        return None
    parts = [q.split() if " " in q else list(q) for q in quoted[-2:]]
    return len(parts[0]) if sorted(parts[0]) == sorted(parts[1]) and parts[0] != parts[1] else None


def _items_of_the_list_before_the_paragraph(body: str, start: int) -> list[str]:
    """The texts of the top-level items of the list right before the paragraph that holds `start` ([] if none)."""
    paragraph = body.rfind("\n\n", 0, start)
    if paragraph < 0 or "\n\n" in body[paragraph + 2:start]:
        return []
    lines, items = body[max(0, paragraph - 4000):paragraph].split("\n"), []   # (a list is short: no whole-page split)
    while lines and lines[-1].strip():
        m = _LIST_ITEM.match(lines[-1])
        if not m:
            return [] if not items else items[::-1]
        items.append(lines.pop()[m.end():].strip())
    return items[::-1]


def pair_introduced_before_the_list(body: str, start: int, end: int) -> int | None:
    """看下面这对句子：- 猫 追 狗 - 狗 追 猫 (blank line) 意思正好相反…。两句都是三个词 (honest_54 H54-017): a count of the
    noun a pair (这对/一对 + noun) introduced the list before this paragraph, when the list has two items; 2."""
    if body[end:end + 1] not in "句个条" and body[end - 1:end] not in "句个条":
        return None
    items = _items_of_the_list_before_the_paragraph(body, start)
    if len(items) != 2:
        return None
    paragraph = body.rfind("\n\n", 0, start)
    list_start = body.rfind("\n\n", 0, paragraph - 1)
    intro = body[body.rfind("\n\n", 0, max(0, list_start - 1)) + 2:list_start] if list_start > 0 else ""
    nouns = {c for c in (body[end - 1:end], body[end:end + 1]) if re.match(r"[\u4e00-\u9fff]", c) and c not in "两二个种"}
    return 2 if any(re.search(rf"(?:这|那|一)对\s*{re.escape(c)}", intro) for c in nouns) else None


_SUBJECT_ENDS = re.compile(r"把|将|被|是|会|能|都|也|就|则|却|只|要|给|让|使|不|没|的[^，,；;。]{0,3}(?:是|为)")


def subjects_after_the_colon(body: str, start: int, end: int) -> int | None:
    """可见三种打分的差别不在外壳，而在…：线性打分把它消掉了，加性与点积把它留了下来 (new-author trial 53): a count whose
    sentence goes on past a colon into clauses, each opening with the things it counts (joined by 与/和/、) as the
    subject of its verb; how many things, two or more."""
    _, closing = _sentence_bounds(body, start, "。！？\n")
    colon = body.find("：", end, closing)
    if colon < 0 or items_after(body, end) is not None:
        return None   # (两种解释（A、B、C）…：… counts the items right after it)
    total = 0
    for clause in re.split(r"[，,；;]", body[colon + 1:closing]):
        verb = _SUBJECT_ENDS.search(clause)
        if verb is None or verb.start() == 0:
            return None
        names = [n for n in re.split(r"与|和|及|、", clause[:verb.start()].strip()) if n.strip()]
        if not names or any(len(n.strip()) > 6 for n in names):
            return None
        total += len(names)
    return total if total >= 2 else None


def characters_of_the_quote(body: str, start: int, end: int) -> int | None:
    """“朴素”二字 (honest_56 H56-014): a count of characters (字) right after a quoted word counts the word's own."""
    quote = re.search(r"[“「]([\u4e00-\u9fff]{1,8})[”」]\s*$", body[max(0, start - 12):start])
    return len(quote.group(1)) if quote and re.match(r"\s*(?:个)?\s*字(?!母|节|符)", body[end:end + 4]) else None


def rows_of_the_table_pointed_at(body: str, start: int) -> int | None:
    """上表四个臂的贪心选择 (honest_57 H57-024): a count right after 上表 (这张表, 表中) counts the content rows of the
    nearest table above it."""
    opening, closing = _sentence_bounds(body, start, "。！？\n")
    if not re.search(r"(?:上表|上面的表|这张表|表中|表里|本页)(?:的|里的|中的)?\s*$", body[max(0, start - 8):start]) \
            and not re.search(r"上表|上面的表", body[opening:closing]):
        return None   # (比如把三个分数都加上十，上表的权重一个也不会变: honest_56 H56-029, the sentence points at it)
    rows = _table_above(body[:start].split("\n")[:-1])
    return len(rows) - 1 if len(rows) >= 3 else None


def _table_above(lines: list[str]) -> list[list[str]]:
    """The cells of each row of the last table in `lines` (its rule left out), bottom row first, header last; []
    when there is none."""
    lines = list(lines)
    while lines and not TABLE_ROW.match(lines[-1]):
        lines.pop()
    rows = []
    while lines and TABLE_ROW.match(lines[-1]):
        row = lines.pop()
        if not TABLE_RULE.match(row):
            rows.append([c.strip() for c in row.strip().strip("|").split("|")])
    return rows


def rows_under_the_header_named(body: str, start: int, end: int) -> int | None:
    """| 词对 | 标签 | 得分 $s$ | … three rows …, and later 三个得分都是手写的演示值 (new-author trial 58): a count whose noun
    heads a column of the nearest table above it counts that table's content rows, one value of the column each; a
    sentence that points ahead (下面, 接下来) may count the first table below it instead."""
    after = re.match(rf"\s*(?:{MEASURE})?\s*([\u4e00-\u9fff]{{2,6}})", body[end:end + 12])
    if not after or re.search(r"(?:其余|其他|剩下的?|剩余的?|另外|前|后|头|最后)\s*$", body[max(0, start - 4):start]):
        return None   # (其余四条路径 counts the rows less those named: cells_of_the_row_named; 前两个 is a slice)
    # (三个读取者里 under the header 读取者 ＼ 被读的位置: the noun may be longer than two characters, honest_91 H91-033)
    nouns = {after.group(1)[:k] for k in range(2, len(after.group(1)) + 1)} | {after.group(1)[-2:]}
    tables = [_table_above(body[:start].split("\n")[:-1])]
    opening, closing = _sentence_bounds(body, start, "。！？\n")
    if re.search(r"下面|下文|接下来|下表|随后", body[opening:closing]):
        # 下面先把……合成一个，再拿它去和三个候选逐一比较 (honest_90 H90-031): a sentence that points ahead counts a
        # table below it
        # first table below it whose header names the noun, within the next two sections (the candidates' table
        # of 第二步 after the inputs' of 第一步)
        below = body[closing:].split("\n")
        headings = [k for k, line in enumerate(below) if line.lstrip().startswith("#")]
        if len(headings) >= 3:
            below = below[:headings[2]]
        k = 0
        while k < len(below):
            if TABLE_ROW.match(below[k]):
                last = next((j for j in range(k, len(below)) if not TABLE_ROW.match(below[j])), len(below))
                tables.append(_table_above(below[:last]))
                k = last
            k += 1
    for rows in tables:
        if len(rows) >= 3 and any(re.match(rf"{noun}(?![\u4e00-\u9fff])", cell) for cell in rows[-1] for noun in nouns):
            return len(rows) - 1
    return None


def _table_above_in_the_section(body: str, start: int) -> list[list[str]]:
    """_table_above for the nearest table above `start` with no heading between them ([] when there is none)."""
    lines = body[:start].split("\n")[:-1]
    between = []
    while lines and not TABLE_ROW.match(lines[-1]):
        between.append(lines.pop())
    if any(line.lstrip().startswith("#") for line in between):
        return []   # a table of another section
    return _table_above(lines)


def times_of_the_rows_above(body: str, start: int, end: int) -> int | None:
    """| 次序 | … | with the rows 原序 and 倒序, then 中间的“太”两次乘的都是同一个权重 (new-author trial 62): a count of times
    (两次, 两遍) counts the computations of the nearest table above in the same section, one row each, when it has
    that many content rows."""
    if not re.match(r"\s*(?:次|遍)", body[end:end + 2]):
        return None
    rows = _table_above_in_the_section(body, start)
    return len(rows) - 1 if len(rows) >= 3 else None


def slice_of_the_rows_above(body: str, start: int, end: int) -> int | None:
    """| 要解决的问题 | … | five rows, and below it 前三行都要改动模型参数，最后两行通常不改 (honest_89 H89-033): the rows
    at one end of the nearest table above, in the same section, are a slice of its rows; the count is theirs when it
    is fewer than the table's content rows (前六行 of five rows is no slice)."""
    if not re.search(r"(?:前|后|头|最后|末)\s*$", body[max(0, start - 3):start]) or not re.match(r"\s*行", body[end:end + 2]):
        return None
    rows = _table_above_in_the_section(body, start)
    word = body[start:end].strip()
    try:
        stated = int(word) if word.isdigit() else integer(word)
    except NumeralError:
        return None
    return stated if len(rows) >= 3 and 0 < stated < len(rows) - 1 else None


def cells_of_the_row_named(body: str, start: int, end: int) -> int | None:
    """| 得分 $z$ | $-2$ | … | $2$ | … 表里只列了五个整数得分 (honest_71 H71-008): a count in a sentence that points at
    the table above (表里, 上表), whose noun names the first cell of one of its rows, counts that row's other cells."""
    opening, closing = _sentence_bounds(body, start, "。！？\n")
    if not re.search(r"上表|上面的表|这张表|表中|表里", body[opening:closing]):
        return None
    # the counted noun: the two characters after the measure word (三个概率加起来), or the last two of a short phrase
    # (五个整数得分，)
    after = re.match(rf"\s*(?:{MEASURE})?\s*([\u4e00-\u9fff]{{1,6}})", body[end:end + 12])
    nouns = {after.group(1)[:2], after.group(1)[-2:]} if after and len(after.group(1)) >= 2 else set()
    if re.match(r"\s*列", body[end:end + 2]):
        nouns.add("列")
    rows = _table_above(body[:opening].split("\n"))
    if not nouns or not rows:
        return None
    header = rows[-1] if len(rows) >= 2 else []
    # 其余三条路径 beside the table whose first column is 路径: its rows less the one the sentences name
    if re.search(r"(?:其余|其他|剩下的|剩余的)\s*$", body[max(0, start - 4):start]):
        return len(rows) - 2 if header and any(noun in header[0] for noun in nouns) else None
    for cells in rows:
        if any(noun in cells[0] for noun in nouns):
            return len(cells) - 1
    # or a column headed by the noun (| 候选 | 原次数 | 平滑后的概率 |: 表中平滑后的三个概率, honest_73 H73-011)
    named = [c for c in header[1:] if any(noun in c for noun in nouns)]
    if len(named) == 1:
        return len(rows) - 1
    # 表中两列: the columns of values, the first column of labels aside (对照表中两列可以看到…, honest_73 H73-026)
    if re.match(r"\s*列", body[end:end + 2]) and len(header) >= 3:
        return len(header) - 1
    return None


def sentences_quoted_in_its_sentence(body: str, start: int, end: int) -> int | None:
    """两句的差别全在这一步，所以“我 喝 茶”的概率是“我 喝 水”的 2 倍 (new-author trial 44): a count of sentences (句,
    句话) whose own sentence quotes that many different sentences counts them."""
    if not re.match(r"\s*(?:句|句话)", body[end:end + 3]):
        return None
    opening, closing = _sentence_bounds(body, start, "。！？\n")
    quoted = {q.strip() for q in re.findall(r"“([^”\n]{2,30})”", body[opening:closing])}
    if not quoted:
        # or the sentence just before quoted them (“猫追狗”与“狗追猫”的最终状态…。表中两句第二步读到的都是“追”:
        # honest_73 H73-014)
        quoted = {q.strip() for q in re.findall(r"“([^”\n]{2,30})”", _this_and_the_sentence_before(body, start))}
    return len(quoted) if len(quoted) >= 2 else None


_GRAM = {"unigram": 1, "bigram": 2, "trigram": 3, "一元": 1, "二元": 2, "三元": 3, "四元": 4}


def words_of_the_gram_named(body: str, start: int, end: int) -> int | None:
    """由三个相邻词组成的片段叫 trigram (honest_59 H59-039): a count of adjacent words (词, 字, token) in a sentence that
    names the n-gram it defines counts the gram's n (bigram 2, trigram 3, 4-gram 4)."""
    if not re.match(r"\s*(?:个)?\s*(?:相邻|连续)?(?:的)?\s*(?:词|字|token)", body[end:end + 8]):
        return None
    opening, closing = _sentence_bounds(body, start, "。！？\n")
    sentence = body[opening:closing]
    named = {_GRAM[m.group(0).lower()] for m in re.finditer(r"(?i)unigram|bigram|trigram|[一二三四]元", sentence)}
    named |= {int(m.group(1)) for m in re.finditer(r"(?<![\w.])(\d)-gram", sentence)}
    return named.pop() if len(named) == 1 else None


_SLASHED = re.compile(r"`([^`\n]+/[^`\n]+)`\s*$")


def fields_slashed_before(body: str, start: int) -> int | None:
    """字段改成 `person / device_id / location` 三项 (new-author trial 47): a count right after a code span of names
    joined by '/' counts them."""
    m = _SLASHED.search(body[max(0, start - 80):start])
    if not m:
        return None
    names = [n.strip() for n in m.group(1).split("/")]
    return len(names) if len(names) >= 2 and all(re.fullmatch(r"[\w.\-]+", n) for n in names) else None


_EITHER = re.compile(r"(?:既|可能|或是|要么)[^，。；]{1,16}[，,]\s*(?:也|又|还|或|要么)(?:可能)?[^，。；]{1,16}[，,]\s*$")


def sides_of_the_either_before(body: str, start: int, end: int) -> int | None:
    """既可能来自距离，也可能来自先后顺序，两种因素就分不开了 (honest_55 H55-032): a count of two right after the two
    clauses of a 既…也… (可能…也可能…, 要么…要么…) counts their two sides."""
    if _EITHER.search(body[max(0, start - 40):start]) and re.match(r"\s*(?:种|个|类|方面)", body[end:end + 3]):
        return 2
    # 给出分布 A，或者换成 B，两种情形的损失都是… (new-author trial 55): one thing, or else the other, then the pair
    opening = max(body.rfind(c, 0, start) for c in "。！？\n") + 1
    return 2 if re.search(r"[，,]\s*或者?(?:换成|改成|换用|改用|用)[^，。；;]{1,60}[，,]\s*$", body[opening:start]) \
        and re.match(r"\s*(?:种|个|类)", body[end:end + 3]) else None


_ENTITY_TYPE = re.compile(r"人名|人物|地名|地点|机构名|机构|组织名|时间|日期")
_ENTITY_SAME = {"人物": "人名", "地点": "地名", "机构": "机构名", "组织名": "机构名"}


def entity_types_named_before(body: str, start: int, end: int) -> int | None:
    """Jordan 可能是人名，…则可能是地名。同一个词形可能属于两种类别 (honest_46 H46-047): a count of kinds (类别, 类型) after
    the entity types its sentence or the one before names, each type once (人物 is 人名)."""
    if not re.match(r"\s*(?:种|类)?\s*(?:类别|类型|实体|类)", body[end:end + 6]):
        return None
    before = _this_and_the_sentence_before(body, start)
    named = {_ENTITY_SAME.get(m.group(0), m.group(0)) for m in _ENTITY_TYPE.finditer(before)}
    return len(named) if len(named) >= 2 else None


def one_each_before(body: str, start: int, end: int) -> int | None:
    """于是每个词在两张表里各有一个向量；两个向量各学各的 (honest_45 H45-016): N holders with one X each, earlier in the
    count's sentence or the one before; a count of X (its noun's first character) is N."""
    before = _this_and_the_sentence_before(body, start)
    found = list(re.finditer(rf"(?<![第\d{NUMERAL_CHARS}])([{NUMERAL_CHARS}]+|\d+)\s*(?:{MEASURE}|张|份|套)"
                             rf"[^。！？，,]{{0,12}}?各(?:自)?(?:有|存|放|配|留|含|对应|带)?\s*一\s*(?:{MEASURE}|张|份|套)\s*"
                             r"([\u4e00-\u9fffA-Za-z])", before))
    noun = re.match(rf"\s*(?:{MEASURE}|张|份|套)?\s*([\u4e00-\u9fffA-Za-z])", body[end:end + 6])
    if not found and noun is not None:
        # 讲义 §7.4 和入门文章 §14.5 各有一个算例。两个算例… (new-author trial 48): the holders named and joined
        held = list(re.finditer(rf"({_PARTY}[^，。；！？]{{0,30}}?(?:和|与|及|以及)[^，。；！？]{{0,4}}?{_PARTY})[^，。；！？]{{0,30}}?"
                                rf"各(?:自)?(?:有|给了|给出|举了|举出|配|带)\s*一\s*(?:{MEASURE}|张|份|套)\s*([\u4e00-\u9fffA-Za-z])",
                                re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", before)))
        if held and held[-1].group(2) == noun.group(1):
            return len(list(re.finditer(_PARTY, held[-1].group(1))))
        return None
    if not found or noun is None or found[-1].group(2) != noun.group(1):
        return None
    try:
        return integer(found[-1].group(1)) if not found[-1].group(1).isdigit() else int(found[-1].group(1))
    except NumeralError:
        return None


def entries_of_the_display_before(body: str, start: int) -> int | None:
    """$$\\operatorname{RMSNorm}(x)\\approx(0.283,0.566,0.849,1.697)$$ … RMSNorm 的结果四个都是正数 (new-author trial
    41): the entries of the tuple the last display formula before the count's paragraph prints, when the paragraph
    follows it directly."""
    paragraph = body.rfind("\n\n", 0, start)
    if paragraph < 0 or re.search(r"[。！？$]", body[paragraph:start]):
        return None   # (the paragraph's first sentence speaks of the display right above it, printing nothing itself)
    before = body[:paragraph].rstrip()
    if not before.endswith("$$"):
        return None
    opening = before.rfind("$$", 0, len(before) - 2)
    tuples = re.findall(r"\(([^()$]*,[^()$]*)\)", before[opening + 2:len(before) - 2]) if opening >= 0 else []
    return _entries(tuples[-1]) if tuples else None


def slice_as_wide_as_a_setting_before(body: str, start: int, end: int) -> int | None:
    """宽度为二的 beam 只展开前两名 (honest_88 H88-025): a slice (前两名, 头三个) as wide as a width, size or k the same
    sentence set before it (宽度为二, k=2, 束宽 2) is that setting said again; the count is its value."""
    if not re.search(r"(?:前|头)\s*$", body[max(0, start - 2):start]):
        return None
    opening = max(body.rfind(c, 0, start) for c in "。！？\n") + 1
    word = body[start:end].strip()
    try:
        stated = int(word) if word.isdigit() else integer(word)
    except NumeralError:
        return None
    for m in re.finditer(rf"(?:宽度|束宽|宽|大小|规模|k|K|top-k)\s*\$?\s*(?:为|是|=|取|等于)?\s*\$?\s*"
                         rf"([0-9]+|[{NUMERAL_CHARS}]+)(?![0-9.])", body[opening:start]):
        try:
            said = int(m.group(1)) if m.group(1).isdigit() else integer(m.group(1))
        except NumeralError:
            continue
        if said == stated:
            return stated
    return None


def numbers_said_before(body: str, start: int, end: int) -> int | None:
    """…一共有 7 个词元。…合起来是 8 个预测。讲义…数出过同样的两个数 (new-author trial 41): a count of numbers (N 个数,
    N 个值) after the sentences of its paragraph that printed N numbers."""
    if not re.match(r"\s*(?:个\s*)?(?:数字|数|值)(?![据量组学])", body[end:end + 6]):
        return None
    paragraph = body[max(0, body.rfind("\n\n", 0, start)):start]
    printed = re.findall(r"(?<![\w.$])\d+(?:\.\d+)?(?![\w.])", re.sub(r"\[[^\]]*\]\([^)]*\)", "", paragraph))
    return len(printed) if len(printed) >= 2 else None


_TOTAL_UNIT = r"\s*(?:[KMGT]i?B|字节|bytes?|%|ms|秒|倍)"


def totals_with_a_unit_before(body: str, start: int, end: int) -> int | None:
    """…讲义的 $n=4096$ 是 512 MiB，入门文章的 $n=8192$ 是 1 GiB：…，两个总数都是课程自己给出的 (new-author trial
    48): a count of totals or results after the sentences of its paragraph that printed that many numbers with a unit
    (the lengths beside them are no totals)."""
    if not re.match(r"\s*(?:个\s*)?(?:总数|总量|总和|结果|大小|数字|数|值)(?![据量组学])", body[end:end + 6]):
        return None
    paragraph = re.sub(r"\[[^\]]*\]\([^)]*\)", "", body[max(0, body.rfind("\n\n", 0, start)):start])
    with_unit = re.findall(rf"(?<![\w.$=])\d+(?:\.\d+)?(?={_TOTAL_UNIT})", paragraph)
    return len(with_unit) if len(with_unit) >= 2 else None


def subjects_joined_before(body: str, start: int, end: int) -> int | None:
    """用哪一种归一化，和归一化放在块里的什么位置，是两个分开的选择 (new-author trial 49): a count right after the 是 of a
    sentence whose subject is clauses joined by ，和 / ，与 counts them."""
    s, _ = _sentence_bounds(body, start, "。！？\n")
    before = body[s:start].rstrip()
    if not before.endswith("是"):
        return None
    parts = re.split(r"[，,]\s*(?:和|与|以及|还有)", before[:-1].rstrip(" ，,"))
    return len(parts) if len(parts) >= 2 and all(p.strip() for p in parts) else None


def former_and_latter_before(body: str, start: int, end: int) -> int | None:
    """…的方向各抓各的失败：前者抓…，后者抓…。所以两个方向要一起做 (honest_67 H67-028): a count after the sentence that
    told its things apart as 前者 and 后者, where that sentence names the count's noun: they are two."""
    noun = re.match(rf"\s*(?:{MEASURE})?\s*([\u4e00-\u9fff]{{2}})", body[end:end + 8])
    s, _ = _sentence_bounds(body, start, "。！？\n")
    before = body[max(0, body.rfind("。", 0, max(0, s - 1)) + 1):s]
    if noun is None or not before.strip() or items_after(body, end) is not None:
        return None   # (两种解释（A、B、C）: the items right after the count are what it counts)
    return 2 if "前者" in before and "后者" in before and noun.group(1) in before else None


def steps_told_before(body: str, start: int, end: int) -> int | None:
    """先按 A、B、C 的次序算，再换成 C、A、B 重算，然后按位置名把两次的输出对齐 (new-author trial 40): runs told in
    turn (先…, 再…) earlier in the count's sentence, counted as 次/遍/轮; how many, two or more."""
    if not re.match(r"\s*(?:次|遍|轮)", body[end:end + 2]) and not re.search(r"(?:次|遍|轮)$", body[start:end]):
        return None
    opening = max(body.rfind(c, 0, start) for c in "。！？") + 1
    told = re.findall(r"(?:^|[，,；;：:\s])(?:先|首先|再|又|接着|随后)(?=[\u4e00-\u9fff])", body[opening:start])
    return len(told) if len(told) >= 2 else None


def the_other_before(body: str, start: int) -> int | None:
    """另一类实现把…；同一份分布下，两种约定可能走出不同的结果 (new-author trial 39): a count in a sentence that named
    'the other' (另一类, 另一种) before it, after the paragraph before told the first: the two, 2."""
    opening = max(body.rfind(c, 0, start) for c in "。！？") + 1
    if re.search(r"另一(?:类|种|个|套|条|份|方)", body[opening:start]):
        return 2
    # or the sentence just before, in the same paragraph, offered the other way (也可以换一种做法：…。两种接口都…:
    # honest_74 H74-008), the count opening its own sentence
    previous = body[max(body.rfind(c, 0, max(0, opening - 1)) for c in "。！？\n") + 1:opening]
    if re.sub(r"[这那\s]", "", body[opening:start]) or "\n\n" in body[opening - len(previous):start]:
        return None
    return 2 if re.search(r"(?:换|改用|改成)(?:一|另一)(?:种|个|套|类)|另一(?:类|种|个|套|条|份|方)", previous) else None


def parties_joined_before(body: str, start: int) -> int | None:
    """本站和课程算出的…对不上，原因是两次运行… (new-author trial 39): the parties (本站, 课程, a Latin or quoted name)
    joined by 和/与/、 earlier in the count's sentence; how many, two or more."""
    opening = max(body.rfind(c, 0, start) for c in "。！？\n") + 1
    found = list(_PARTIES.finditer(body, opening, start))
    if not found:
        return None
    n = len(re.split(r"\s*(?:、|和|与|跟|及)\s*", found[-1].group(0)))
    return n if n >= 2 else None


def pair_named_before(body: str, start: int, end: int) -> int | None:
    """这对句子的差别…。…两句又分不开了 (honest_40 H40-029): a pair (这对/那对/一对 + noun) named earlier in the paragraph,
    counted again as two of the same noun (its first character after the count); 2, or None."""
    paragraph = body[max(0, body.rfind("\n\n", 0, start)):start]
    # the counted noun's first character: the measure word the count ends with (两句), else the one after it
    nouns = {c for c in (body[end - 1:end], body[end:end + 1]) if re.match(r"[\u4e00-\u9fff]", c) and c not in "两二个种"}
    return 2 if any(re.search(rf"(?:这|那|一)对\s*{re.escape(c)}", paragraph) for c in nouns) else None


_NAMED_WORD = r"(?:[A-Za-z][A-Za-z0-9_.-]*|“[^”\n]{1,8}”)"


def the_rest_named_before(body: str, start: int, end: int) -> int | None:
    """…，him 与 book 的 logit 恰好互换…。yesterday 的 logit 两次都是零，其余两个 logit 只是对调 (honest_69 H69-015): a
    count after 其余/其他/剩下的, whose noun the paragraph said before with names joined right before it (A 与 B 的
    logit, A、B、C 三个词的 logit aside); how many names, two or more."""
    if not re.search(r"(?:其余|其他|剩下的|剩余的)\s*$", body[max(0, start - 4):start]):
        return None
    noun = re.match(rf"\s*(?:{MEASURE})?\s*([A-Za-z][A-Za-z0-9_-]*|[\u4e00-\u9fff]{{2}})", body[end:end + 16])
    if noun is None:
        return None
    paragraph = body[max(0, body.rfind("\n\n", 0, start)):start]
    joined = rf"{_NAMED_WORD}(?:\s*(?:、|和|与|跟|及)\s*{_NAMED_WORD})+"
    found = [m for m in re.finditer(rf"({joined})\s*的?\s*{re.escape(noun.group(1))}", paragraph)]
    if not found:
        return None
    n = len(re.findall(_NAMED_WORD, found[-1].group(1)))
    return n if n >= 2 else None


def names_joined_in_the_sentence_before(body: str, start: int, end: int) -> int | None:
    """第二组标签读出的实体里，“北京”和“大学”被拆开了…。也就是说，…被读成了两个实体 (honest_90 H90-026): a count whose
    noun the sentence before it said, in the same paragraph, beside one group of names joined by 和/与/、 (“北京”和
    “大学”) counts those names."""
    noun = re.match(rf"\s*(?:{MEASURE})?\s*([A-Za-z][A-Za-z0-9_-]*|[\u4e00-\u9fff]{{2}})", body[end:end + 16])
    if noun is None:
        return None
    paragraph_start = max(0, body.rfind("\n\n", 0, start))
    own = max(body.rfind(c, paragraph_start, start) for c in "。！？")
    if own < 0:
        return None
    before = max(body.rfind(c, paragraph_start, own) for c in "。！？")
    sentence = body[max(before + 1, paragraph_start):own]
    joined = re.findall(rf"{_NAMED_WORD}(?:\s*(?:、|和|与|跟|及)\s*{_NAMED_WORD})+", sentence)
    if noun.group(1) in sentence and len(joined) == 1:
        n = len(re.findall(_NAMED_WORD, joined[0]))
        return n if n >= 2 else None
    # (分布给 book、pen、key 的概率依次是 $(.6,.3,.1)$。greedy 选 book。book …也是三个候选里最大的: names given one
    # value each in turn, one or two sentences back in the paragraph, are what is counted; honest_93 H93-025)
    back = body[paragraph_start:own]
    given = [m for m in re.finditer(rf"({_NAMED_WORD}(?:\s*(?:、|和|与|跟|及)\s*{_NAMED_WORD})+)[^。！？$]{{0,12}}?依次(?:是|为)"
                                    r"\s*\$\s*\\?[(\[]([^$()\[\]]*)\\?[)\]]\s*\$", back)]
    if len(given) != 1 or back[given[0].end():].count("。") > 2:
        return None
    n = len(re.findall(_NAMED_WORD, given[0].group(1)))
    return n if n >= 2 and n == len([x for x in given[0].group(2).split(",") if x.strip()]) else None


_BOLD = re.compile(r"\*\*[^*\n]+\*\*")


def terms_set_in_bold_before(body: str, start: int) -> int | None:
    """…时，它**提供特征**；…时，它**接受打分**。两种角色要的东西不一样 (new-author trial 38): a count that opens its
    sentence, after a sentence of the same paragraph that sets its terms in bold; how many terms, two or more."""
    opening = max(body.rfind(c, 0, start) for c in "。！？") + 1
    if opening == 0 or "\n\n" in body[opening:start] or re.sub(r"[这那\s]", "", body[opening:start]):
        return None
    previous = body[max(body.rfind(c, 0, opening - 1) for c in "。！？") + 1:opening]
    if "\n\n" in previous:
        previous = previous[previous.rfind("\n\n") + 2:]
    n = len(_BOLD.findall(previous))
    return n if n >= 2 else None


def displays_just_before(body: str, start: int) -> int | None:
    """$$[电影, 好看] → [0,2]$$ $$[电影, 不, 好看] → [0,6,2]$$ 两条评论里的… (honest_36 H36-025): a count in the first
    sentence of the paragraph right after a run of display formulas, one thing shown per formula; the number of
    formulas in the run, when there are two or more."""
    paragraph = body.rfind("\n\n", 0, start)
    if paragraph < 0 or re.search(r"[。！？；]", body[paragraph:start]):
        return None
    text, n = body[:paragraph].rstrip(), 0
    while text.endswith("$$"):
        opening = text.rfind("$$", 0, len(text) - 2)
        if opening < 0 or "$" in text[opening + 2:len(text) - 2]:
            break
        n, text = n + 1, text[:opening].rstrip()
    return n if n >= 2 else None


_LISTED_NAMES = re.compile(r"(?<![\u4e00-\u9fffA-Za-z])(?:[\u4e00-\u9fff]{1,4}|[A-Za-z][\w-]*|“[^”\n]{1,8}”)"
                           r"(?:[ \t]*、[ \t]*(?:[\u4e00-\u9fff]{1,4}|[A-Za-z][\w-]*|“[^”\n]{1,8}”)){1,9}")


def listed_under_the_heading(body: str, start: int, end: int) -> int | None:
    """## 一个例子：五个候选 over a section that names them (模型给 面条、米饭、饺子、包子、石头 的概率…: new-author
    trial 37): a heading's count of the things the first list of its section names, joined by 、."""
    line_start = body.rfind("\n", 0, start) + 1
    if not body.startswith("#", line_start):
        return None
    following = [m.start() for m in re.finditer(r"^#{1,6}\s", body[end:], re.M)]
    section = body[body.find("\n", end) + 1:end + following[0] if following else len(body)]
    m = _LISTED_NAMES.search(_math_masked(section))
    return len(re.split(r"\s*、\s*", m.group(0).strip())) if m else None


def columns_of_the_table_under_the_heading(body: str, start: int, end: int) -> int | None:
    """## 源信息交接的两种方式 over a table that sets them side by side (| | 固定摘要 | 动态读取 |: honest_49 H49-032):
    a heading's count of the columns of the first table of its section, when that table's corner cell is empty (its
    first column names what is compared, the others the things compared)."""
    line_start = body.rfind("\n", 0, start) + 1
    if not body.startswith("#", line_start):
        return None
    following = [m.start() for m in re.finditer(r"^#{1,6}\s", body[end:], re.M)]
    section = body[body.find("\n", end) + 1:end + following[0] if following else len(body)]
    header = re.search(r"^[ \t]*\|(.*)\|[ \t]*\n[ \t]*\|?\s*:?-{3,}", section, re.M)
    if header is None:
        return None
    cells = [c.strip() for c in header.group(1).split("|")]
    return len(cells) - 1 if len(cells) >= 3 and not cells[0] and all(cells[1:]) else None


def the_same_count_again(body: str, start: int, end: int) -> set[int]:
    """把同样五个候选的概率换成… (new-author trial 37): 同样 right before a count says a count the page said before,
    with the same measure word and noun; the counts so said before it."""
    # (两句用的是同样的三个词 after 这三个词: honest_89 H89-031)
    if not re.search(r"(?:同样|相同)的?\s*$", body[max(0, start - 4):start]):
        return set()
    m = re.match(rf"\s*({MEASURE})([\u4e00-\u9fff]{{1,3}})", body[end:end + 8])
    if not m:
        return set()
    earlier = re.findall(rf"([0-9{NUMERAL_CHARS}]+)\s*{re.escape(m.group(1))}{re.escape(m.group(2)[:2])}",
                         body[:start])
    # a one-character noun goes on into other words (同样三个词组成 after 这三个词: honest_50 H50-013)
    earlier = earlier or re.findall(rf"([0-9{NUMERAL_CHARS}]+)\s*{re.escape(m.group(1))}{re.escape(m.group(2)[:1])}"
                                    r"(?![\u4e00-\u9fff])", body[:start])
    return {_count_value(n) for n in earlier} - {None}


def each_said_again(body: str, start: int) -> set[int]:
    """第一次分给三个源槽，第二次分给三个目标候选。两次都是三项 (honest_58 H58-050): a count after 都是 (都有, 各是)
    sums up each of the counts its sentence or the one before said; those counts' values."""
    if not re.search(r"[都各也](?:是|有|为)\s*$", body[max(0, start - 3):start]):
        return set()
    before = _this_and_the_sentence_before(body, start)
    before = before[:max(before.rfind(c) for c in "，,。；;：:") + 1]   # not the counts of its own clause (两次都是…)
    return {_count_value(n) for n in re.findall(rf"(?<![第0-9{NUMERAL_CHARS}])([0-9{NUMERAL_CHARS}]+)\s*(?:{MEASURE})", before)} - {None}


def told_one_by_one_before(body: str, start: int, end: int) -> int | None:
    """…是一种故障；…是另一种故障（…）。把两种故障一概而论 (honest_35 H35-011): the paragraph told the things one by
    one (一种故障, 另一种故障, 第三种故障) before the count of them with the same measure word and noun."""
    m = re.match(rf"\s*({MEASURE})([\u4e00-\u9fff]{{1,3}})", body[end:end + 8])
    if not m:
        return None
    measure, noun = m.group(1), m.group(2)
    paragraph = body[body.rfind("\n\n", 0, start) + 1:start]
    told = re.findall(rf"(?:另一|又一|再一|(?<![\d一二两三四五六七八九十])一|第[一二三四五六七八九十\d]+){re.escape(measure)}{re.escape(noun[:2])}",
                      paragraph)
    return len(told) if len(told) >= 2 else None


_TUPLE = re.compile(r"\$[^$]*?[=]?\s*\\?[(\[]([^$()\[\]]*)\\?[)\]][^$]*\$")


def _entries(inside: str) -> int:
    return len([x for x in inside.split(",") if x.strip()])


def dimension_of_the_vectors_after(body: str, end: int) -> int | None:
    """取二维向量：中心向量 $v_c=(0.5,1)$、… (new-author trial 36): a dimension told by the vectors its sentence goes on
    to print; their common length, when every tuple of the sentence after the count has it."""
    if not re.match(r"\s*维", body[end:end + 2]):
        return None
    masked = _formulas_filled(body[end:end + 400])
    stop = end + min([i for i in (masked.find(c) for c in "。！？\n") if i >= 0] or [len(masked)])
    lengths = {_entries(m.group(1)) for m in _TUPLE.finditer(body, end, stop)}
    return lengths.pop() if len(lengths) == 1 else None


def terms_of_the_formula_after(body: str, end: int) -> int | None:
    """损失是三项逻辑损失之和：$$\\ell=-\\log\\sigma(s_o)-\\log\\sigma(-s_1)-\\log\\sigma(-s_2)$$ (new-author trial 36):
    the terms of the formula right after the count's colon, split at + and − outside brackets on its last side."""
    m = re.match(r"\s*项[^。！？；：:\n$]{0,16}[：:]\s*\$\$?([^$]+)\$", body[end:end + 400])
    if not m:
        return None
    sides = re.split(r"=|\\approx|≈", m.group(1))
    side = (sides[1] if len(sides) > 1 else sides[0]).strip().rstrip(",.，。")   # the terms, before their values
    depth, terms, current = 0, 0, ""
    for i, c in enumerate(side):
        depth += c in "({[" and 1 or 0
        depth -= c in ")}]" and 1 or 0
        if depth == 0 and c in "+-−" and current.strip() and not re.search(r"[=(^_{]\s*$", current):
            terms, current = terms + 1, ""
        else:
            current += c
    terms += bool(current.strip())
    return terms if terms >= 2 else None


def factors_of_the_formula_after(body: str, end: int) -> int | None:
    r"""链式法则把导数拆成三段：$$\frac{\partial L}{\partial w}=\frac{\partial L}{\partial p}\cdot\frac{\partial p}
    {\partial z}\cdot\frac{\partial z}{\partial w}$$ (new-author trial 64): the factors of the formula right after the
    count's colon, split at \cdot and \times outside brackets on its right side (or its top-level fractions)."""
    m = re.match(r"\s*(?:段|个因子|个因式|个部分|部分|个乘数)[^。！？；：:\n$]{0,16}[：:]\s*\$\$?([^$]+)\$", body[end:end + 400])
    if not m:
        return None
    sides = re.split(r"=|\\approx|≈", m.group(1))
    side = (sides[1] if len(sides) > 1 else sides[0]).strip().rstrip(",.，。")
    depth, factors, fractions, i = 0, 1, 0, 0
    while i < len(side):
        c = side[i]
        if c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
        elif depth == 0 and side.startswith(("\\cdot", "\\times"), i):
            factors += 1
        elif depth == 0 and side.startswith("\\frac", i):
            fractions += 1
        i += 1
    n = factors if factors >= 2 else fractions
    return n if n >= 2 else None


def slice_of_a_count_before(body: str, start: int, end: int) -> int | None:
    """…拆成三段：$$…$$ 前两段相乘时 (new-author trial 64): a slice (前两段, 后两项) of a count said before it in the
    section with the same measure word is fewer of those things; the count is its own value when it is fewer."""
    if not re.search(r"(?:前|后|头|最后)\s*$", body[max(0, start - 2):start]):
        return None
    measure = re.match(rf"\s*({MEASURE})", body[end:end + 4])
    if not measure:
        return None
    section = max((m.start() for m in re.finditer(r"^#{1,6}\s", body[:start], re.M)), default=0)
    word = body[start:end].strip()
    try:
        stated = int(word) if word.isdigit() else integer(word)
    except NumeralError:
        return None
    for m in re.finditer(rf"(?<![前后头第])([0-9{NUMERAL_CHARS}]+)\s*{re.escape(measure.group(1))}", body[section:start]):
        earlier = _count_value(m.group(1))
        if earlier is not None and stated < earlier:
            return stated
    return None


def entries_of_the_tuple_after(body: str, end: int) -> int | None:
    """设三个词的计数是 $(81,16,1)$ (new-author trial 36): the count's own clause goes on to print one tuple with as
    many entries, after 是/为/取 or =."""
    masked = _formulas_filled(body[end:end + 200])
    stop = end + min([i for i in (masked.find(c) for c in "，,。；;！？\n") if i >= 0] or [len(masked)])
    m = re.match(r"[^$]{0,16}?(?:是|为|取|=)\s*\$\s*\\?[(\[]([^$()\[\]]*)\\?[)\]]\s*\$", body[end:stop])
    return _entries(m.group(1)) if m else None
