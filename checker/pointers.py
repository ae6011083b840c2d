"""A sentence that says whose the numbers below (or above) are agrees with their declared kinds (issue 31).

A page declares each number's kind on its verify function (checker/kinds.py marks them: course, site_construction,
site_run, paper, record), and a labelled box must agree with the kinds inside it. A prose sentence can say the
same thing in words, pointing at a block: 讲义本节没有给出下面的字符数与字节数，它们是本站的补充计算. A hurried
edit turned that into 下面的字符数与字节数是讲义本节给出的 (blind_wrong_8 W8-051), which every other check let pass:
the numbers below stayed declared the site's, and the sentence now told the reader they were the course's.

The check: a clause with a pointer (下面, 下表, 以下, 如下 forwards; 上面, 上表, 上述 backwards) at numbers (数, 值,
概率, 结果, 算) that says whose they are (本站; 讲义, 入门文章 or 课程; 讲义没有给出 …) is compared with the nearest
block in that direction that holds counted numbers. When every number there has the other owner, it fails.
"""
from __future__ import annotations

import re

from checker import classify
from checker.kinds import SITE
from checker.relations import sentences

FORWARD = re.compile(r"下面|下表|下列|以下|如下")
BACKWARD = re.compile(r"上面|上表|上述")
LABEL = re.compile(r"〔[^〕]*〕|^\s*\"[^\"]*\"")
ATTRIBUTIVE = re.compile(r"(?:讲义|入门文章|课程)[^，。；：]{0,6}?(?:给定|给出|写出|算出|列出|印出)的(?=\s*[^\s，。；：])")
# what the pointer points at must be numbers: 下面的字符数, 下表的概率, 下面是本站补算的 (a computing verb)
NUMBERS = re.compile(r"数|值|概率|分数|结果|算")


def owner(clause: str) -> str | None:
    """'course', 'site' or None: whose the pointing clause says the numbers are. 本站 (not 不是本站) says the site's;
    讲义, 入门文章 or 课程 says the course's, unless it did not give them (讲义本节没有给出下面的…); both, or neither,
    says nothing this check can hold a number to."""
    clause = ATTRIBUTIVE.sub("", clause)
    # 不是原课程的记录 denies the course, as 不是本站 denies the site
    course = re.search(r"(?<!不是)(?<!并非)(?<!而非)(?<!不是原)(?<!并非原)(?<!而非原)(?:讲义|入门文章|课程)", clause)
    site = re.search(r"(?<!不是)(?<!并非)本站", clause)
    if course and re.search(r"(?:讲义|入门文章|课程)[^，。；：]{0,8}(?:没有|没|未)(?:给|印|写|算|列)", clause):
        return None if site and site.start() < course.start() else "site"
    if course and site:
        return None
    return "site" if site else "course" if course else None


def _blocks(body: str) -> list[tuple[int, int]]:
    """(start, end) of each block: lines up to a blank line, an indented line after a blank line staying in an
    admonition's block."""
    out, start, pos = [], None, 0
    lines = body.split("\n")
    for i, line in enumerate(lines):
        end = pos + len(line)
        if line.strip():
            if start is None:
                start = pos
        else:
            following = next((x for x in lines[i + 1:] if x.strip()), "")
            if start is not None and not (following.startswith(("    ", "\t")) and body[start:start + 3] in ("!!!", "???")):
                out.append((start, pos))
                start = None
        pos = end + 1
    if start is not None:
        out.append((start, len(body)))
    return out


def errors(body: str, marks, line_of) -> list[tuple[int, str]]:
    """(line, message) for each pointing sentence whose owner disagrees with every number of the block it points
    at. `marks`: checker.kinds.Mark of the page's counted numbers."""
    view = classify.prose_view(body)
    blocks = _blocks(body)
    found = []
    for start, end in sentences(view):
        text = view[start:end]
        # the clause that points: its own words say whose (讲义只算了两列，下面的数是本站补算的: the site's)
        text = LABEL.sub("", text)   # 〔本站构造〕 labels the remark; the check reads what the remark says
        found.extend(_in_clause(body, view, start, end, marks, line_of))
        clause = next((c for c in re.split(r"[，,；;：:]", text) if FORWARD.search(c) or BACKWARD.search(c)), "")
        forward, backward = FORWARD.search(clause), BACKWARD.search(clause)
        pointer = forward or backward
        if not pointer or not NUMBERS.search(clause[pointer.end():pointer.end() + 10]):
            continue   # 下面的代码是本站补充的演示, 按上面的规则: whose code or rule, not whose numbers
        if re.search(r"(?:按|用|从|由|根据|依照|照)[^，。]{0,2}$", clause[:pointer.start()]):
            continue   # 本站按上表的同一组概率算出……: the pointed numbers are the inputs, not what the clause owns
        # 由讲义给定的 $U$ 重新算出: the course's inputs, named as such, say nothing of whose the results are
        said = owner(clause)
        if said is None:
            continue
        if forward:   # the rest of the sentence's own block first (a box that begins by saying whose it is)
            here = next(((end, b) for a, b in blocks if a <= start < b and end < b), None)
            candidates = ([here] if here else []) + [b for b in blocks if b[0] >= end]
        else:
            candidates = [b for b in reversed(blocks) if b[1] <= start]
        # the block right there: a pointer reaches the next block (or the rest of its own), not any block further on;
        # the rest of its own block, when it holds no counted number (the sentence ends its paragraph), is no target
        # (blind_20 W20-049: 3-16's 下面的整句分数是课程…给定的 became 本站…测出的 before a box of the course's numbers)
        target = []
        # 下面这组数是讲义 §3.5 的：query $q=(1,0)$，… : the numbers its own sentence gives after its colon are the ones
        # it points at (new-author trial 23: the box after the paragraph was read instead)
        # (review 85: only a colon that closes the pointing clause, only numbers written in digits among them, and
        # only where the rest of the sentence's own block holds no numbers: the W8-051 attack with a colon passed)
        raw = view[start:end]
        at = raw.find(pointer.group(0)) if forward else -1
        closer = re.search(r"[，,；;：:]", raw[at:]) if at >= 0 else None
        if closer and closer.group(0) in "：:":
            after = start + at + closer.end()
            given = [m for m in marks if after <= m.start < end]
            rest = [m for m in marks if here and here[0] <= m.start < here[1]]
            if any(re.search(r"\d", m.text) for m in given) and not rest:
                target = given
        # (a heading or a paragraph with no counted number between is passed over, up to three blocks: 下面的概率是
        # 入门文章为手算挑的数 opens 11-5, and its box stands after a heading and one sentence: blind_30 W30-049)
        passed = 0
        for a, b in ([] if target else candidates[:5]):
            target = [m for m in marks if a <= m.start < b]
            if target:
                break
            if (a, b) != (candidates[0] if forward and here else None):
                passed += 1
                if passed == 3 or not forward:
                    break
        if not target:
            continue
        kinds = {m.kind for m in target}
        # (the course's archived runs are no work of the site's either: a record said to be the site's run fails)
        if said == "course" and kinds <= set(SITE) or said == "site" and kinds <= {"course", "record"}:
            where = "below" if forward else "above"
            declared = ("the site's (" if said == "course" else "the course's (") + ", ".join(sorted(kinds)) + ")"
            sentence = " ".join(body[start:end].split())
            found.append((line_of(start), f"'{sentence[:60]}' says the numbers {where} are the "
                                           f"{'course' if said == 'course' else 'site'}'s, but all {len(target)} of "
                                           f"them ({', '.join(m.text for m in target[:4])}) are declared {declared}; "
                                           "fix the sentence, or the declaration (@kinds) if the sentence is right"))
    return found


_ROW = re.compile(r"^[ \t]*\|(?P<first>[^|\n]*)\|[^\n]*$", re.M)
# a clause about the rows it names: 三行的字节, 这两行的数, 各行的值 (what the rows hold, not a word that only names them)
_ROWS_NOUN = re.compile(r"行的?(?:数|值|字节|结果|概率|分数)")


def row_errors(body: str, marks, line_of) -> list[tuple[int, str]]:
    """(line, message) for each clause that names table rows by their first cell and says whose their numbers are,
    where every counted number of a named row has the other owner: MHA、GQA 与 MQA 三行的字节都是讲义在 §7.4 算过的,
    where the MQA row is the site's (blind_29 W29-058 widened a credit of two rows to a third)."""
    view = classify.prose_view(body)
    rows = []
    for m in _ROW.finditer(body):
        name = LABEL.sub("", m.group("first")).strip().strip("*` ")
        if 2 <= len(name) <= 20 and not re.fullmatch(r"[-: ]+|[\d.\s]+", name):
            rows.append((name, m.start(), m.end()))
    if not rows:
        return []
    found = []
    for start, end in sentences(view):
        for piece in re.finditer(r"[^；;。]+", view[start:end]):
            clause, at = piece.group(0), start + piece.start() + len(piece.group(0)) - len(piece.group(0).lstrip())
            said = owner(clause) if _ROWS_NOUN.search(clause) and _IN_SOURCE_OR_DONE.search(clause) else None
            if said is None:
                continue
            named = [(n, a, b) for n, a, b in rows if re.search(rf"(?<![A-Za-z]){re.escape(n)}(?![A-Za-z])", clause)]
            for name, a, b in named:
                inside = [m for m in marks if a <= m.start < b]
                kinds = {m.kind for m in inside}
                if inside and (said == "course" and kinds <= set(SITE) or said == "site" and kinds <= {"course", "record"}):
                    found.append((line_of(at), f"'{' '.join(clause.split())[:60]}' gives the row {name!r} to the "
                                                  f"{said}, but its numbers ({', '.join(m.text for m in inside[:3])}) "
                                                  f"are declared {', '.join(sorted(kinds))}; name only the rows that are "
                                                  "the " + said + "'s, or fix the declaration (@kinds)"))
                    break
    return found


# 讲义在 §7.4 算过的, 本站补算的: a clause that says who computed or gave the numbers
_IN_SOURCE_OR_DONE = re.compile(r"算过|算出|给出|印出|列出|写出|补算|测出|跑出|记录")


# a clause that puts its own number in a source: 那个百分比在讲义的存档运行里是 96.67%, 本站算得 0.5
_IN_SOURCE = re.compile(r"(?:在|据|按|照)?(?:讲义|入门文章|课程|原课程)[^，。；：0-9]{0,10}(?:里|中|上|给出|写出|印出|记录|报告)"
                        r"|本站[^，。；：0-9]{0,12}?(?:算得|算出|测得|测出|跑出|得到|补算|训练出|复算|重算)")


def _clauses(sentence: str) -> list[tuple[list[tuple[int, int]], list[tuple[int, int]]]]:
    """The sentence's clauses: (the spans, offsets in the sentence, a clause is made of; the spans of the asides in
    brackets it holds). Cut after each comma, semicolon or colon outside brackets; an aside in brackets is left out
    of its clause's spans and read, cut at its own commas, as clauses of its own (label round 85: （课程那条见讲义
    §3.13，本站这条见 §3.13 页） cut at its comma gave the outer clause's 第一个 to the course; review 85: one clause
    of it all merged 讲义 and 本站 and hid （讲义的存档运行里是 0.61，…） said of the site's run)."""
    out: list[tuple[list[tuple[int, int]], list[tuple[int, int]]]] = []
    outer: list[tuple[int, int]] = []
    asides: list[tuple[int, int]] = []
    depth, last, inner = 0, 0, 0
    for i, ch in enumerate(sentence):
        if ch in "（(":
            if depth == 0:
                outer.append((last, i))
                inner = i + 1
            depth += 1
        elif ch in "）)" and depth:
            depth -= 1
            if depth == 0:
                out.extend(([span], []) for span in _cut(sentence, inner, i))
                asides.append((inner, i))
                last = i + 1
        elif depth == 0 and ch in "，,；;：:":
            out.append((outer + [(last, i + 1)], asides))
            outer, asides, last = [], [], i + 1
    if depth:   # an unclosed bracket: the rest of the sentence stays the clause's
        outer = outer[:-1]
    outer.append((last, len(sentence)))
    return out + [(outer, asides)]


def _cut(sentence: str, start: int, end: int) -> list[tuple[int, int]]:
    """Spans of sentence[start:end] cut after each comma, semicolon or colon."""
    spans, last = [], start
    for i in range(start, end):
        if sentence[i] in "，,；;：:":
            spans.append((last, i + 1))
            last = i + 1
    return spans + [(last, end)]


def _in_clause(body: str, view: str, start: int, end: int, marks, line_of) -> list[tuple[int, str]]:
    """A clause that says where its own claimed numbers come from (in the course's record, from the site's run)
    agrees with their declared kinds: blind_18's W18-052 moved the site's 96.67% 在本站 to 在讲义的存档运行里, and the
    number stayed declared the site's run. Only a clause with one owner and numbers of the other owner only fails."""
    found = []
    sentence = view[start:end]
    clauses = _clauses(sentence)
    for n, (spans, asides) in enumerate(clauses):
        spans = [(start + x, start + y) for x, y in spans if y > x]
        if not spans:
            continue
        if view[spans[-1][1] - 1:spans[-1][1]] in "：:" and n + 1 < len(clauses):
            # 下一词概率来自…的机制复算：图 A/B 的 a 概率约为 .281995…: the clause that says where from ends in a colon,
            # and its numbers follow it (blind_52 W52-059 gave the course's record to the site)
            spans = spans + [(start + x, start + y) for later, _ in clauses[n + 1:] for x, y in later if y > x]
        a, b = spans[0][0], spans[-1][1]
        text = LABEL.sub("", "".join(view[x:y] for x, y in spans))
        aside = "".join(view[start + x:start + y] for x, y in asides)
        if asides and not _IN_SOURCE.search(text) and not any(start + x <= m.start < start + y for x, y in asides
                                                              for m in marks):
            # …第一步就出错（这一步记录在讲义的存档运行里）: an aside with no number of its own that says where from speaks
            # of its clause's numbers
            text = text + aside
        if FORWARD.search(text) or BACKWARD.search(text) or not _IN_SOURCE.search(text) or re.search("没|未|不", text):
            continue   # 课程没有印出后两行: what the course lacks, said of a count of the course's own rows
        said = owner(text)
        inside = [m for m in marks if any(x <= m.start < y for x, y in spans)]
        if said is None or not inside:
            continue
        kinds = {m.kind for m in inside}
        if said == "course" and kinds <= set(SITE) or said == "site" and kinds <= {"course", "record", "paper"}:
            declared = ", ".join(sorted(kinds))
            found.append((line_of(a), f"'{' '.join(text.split())[:60]}' puts "
                                       f"{', '.join(m.text for m in inside[:4])} in the "
                                       f"{'course' if said == 'course' else 'site'}'s work, but "
                                       f"{'they are' if len(inside) > 1 else 'it is'} declared {declared}; fix the "
                                       "clause, or the declaration (@kinds) if the clause is right"))
    return found


# a sentence that points at code and gives it to the course (下面的代码是讲义的原代码，本站原样照录): the code is the
# course's only if the course document holds its lines (blind_20 turned 7-18's 'the site rewrote it, it is not the
# lecture's code' into 'it is the lecture's original code'; the site's code is its own by rule)
CODE_POINTER = re.compile(r"(?:下面|以下|如下)(?:的|这段|是)?[^，。；：,;:]{0,6}代码")
_FENCE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", re.S | re.M)


def code_errors(body: str, line_of, document_text) -> list[tuple[int, str]]:
    """(line, message) for each sentence that says the code below is the course's while most of the code's lines
    are not in the course document it names. `document_text(who)` gives the document's text without spaces (None
    where the seeds are not beside the project)."""
    from checker.quotes import _IGNORED
    view = classify.prose_view(body)
    found = []
    for start, end in sentences(view):
        text = LABEL.sub("", view[start:end])
        clause = next((c for c in re.split(r"[，,；;：:]", text) if CODE_POINTER.search(c)), "")
        if not clause or owner(clause) != "course":
            continue
        who = next((w for w in ("讲义", "入门文章", "课程") if w in clause), "课程")
        seed = document_text(who)
        block = _FENCE.search(body, end)
        if seed is None or block is None:
            continue
        lines = [_IGNORED.sub("", line) for line in block.group(1).splitlines()]
        lines = [line for line in lines if len(line) >= 6]
        missing = [line for line in lines if line not in seed]
        if lines and len(missing) * 2 > len(lines):
            found.append((line_of(start), f"'{' '.join(body[start:end].split())[:50]}' gives the code below to the "
                                          f"course, but {len(missing)} of its {len(lines)} lines are not in the "
                                          f"{who}; the site's code is the site's: say so, or quote the course's code"))
    return found


# a box's own example given to the other owner: 这个例子是入门文章本节给出的 in a 本站构造 box, 讲义用同一组路由概率另
# 算了一个 top-2 的例子, 下面的检查是讲义本节原有的演示 (blind_wrong_25 W25-049, 050, 052: caught only by the pins, and
# erased by naming each held line); 本站编的例子 in a 教学构造 box the same. A clause that credits a parallel (也, 同样,
# 沿用, 按) or an input (取自讲义的窗口) is no such claim: on the site of this stop no box holds one.
_BOX = re.compile(r'^(?P<indent>[ \t]*)(?:!!!|\?\?\?\+?)\s+\w+\s+"(?P<title>本站构造|本站运行|教学构造|历史记录|论文结果)[^"]*"',
                  re.M)
_WHOLE_EXAMPLE = re.compile(r"例子|演示|算例|本例|原例|此例")
# 是讲义算例的 2 倍 (一半, 三分之一) compares a quantity of the box with the course's; it gives nothing away (new-author
# trial 27: 入门文章的缓存长度是讲义算例的 2 倍, in a 本站构造 box that computes the ratio)
_MULTIPLE = r"(?!\s*(?:\$?[\d.]+\$?|[一二两三四五六七八九十百千万几]+)\s*倍|\s*(?:一半|[一二两三四五六七八九十百千万]+分之))"
_GIVES = {"course": re.compile(r"给出|算了|算出|算过|原有|举了|举的|举出|列出|印出|取自|出自|来自|给的|写出|提供|用的|抄|"
                               r"是(?:讲义|入门文章|课程)[^，。；]{0,10}?的" + _MULTIPLE),
          "site": re.compile(r"构造|算了|算出|给出|补的|补上|编的|设计|加的|做的|写的|是本站[^，。；]{0,6}的")}
_PARALLEL = re.compile(r"也|同样|类似|一样|同理|照搬|沿用|借用|借自|仿照|按照|同一个例子|同一例")
# a clause that denies (这个例子不是讲义给出的), credits a part (这个例子的词表取自讲义), or a sentence that sets the
# course's example against the site's (讲义举的例子是猫和狗，这里换成了鸟): none gives the box's example away
# (review of this stop)
_DENIED = re.compile(r"不是|并非|并不|不|没有|没|未")
_A_PART = re.compile(r"(?:例子|算例|演示|本例|此例)(?:中|里)?的[\u4e00-\u9fff]|见")   # …的输入取自; 演示见 §7.16
_CONTRAST = re.compile(r"换成|改成|改用|另一个|别的|本站|这里")
# an input taken from the course's example: k=2 与 p=0.8 取自入门文章 §11.4 在这组概率上的演示 (new-author trial 15) names
# what it takes before the verb, as a value ($k=2$) or an input's noun; 这个例子、本框、以下内容、下面的全部计算、这张表
# 取自… give the whole example away (review 77)
_TAKEN_FROM = re.compile(r"(?:取自|出自|来自|引自|借自)")
_INPUT_NOUN = re.compile(r"词表|概率|权重|分数|温度|参数|输入|初值|种子|阈值|宽度|长度|窗口|句子|例句|语料|向量|矩阵|门值|学习率|"
                         r"维数|步数|尺寸|图幅|超参")
_WHOLE_THING = re.compile(r"本框|框里|以下|下面|上面|全部|整个|整张|所有|内容|计算|步骤|结果|推导|分布|这张表|此表|它|这些|都|每")


def _an_input_taken(clause: str) -> bool:
    """Whether the clause names an input of the example before a verb of taking (取自, 出自): a value written in math
    or an input's noun, and nothing that stands for the whole box."""
    m = _TAKEN_FROM.search(clause)
    if not m:
        return False
    subject = clause[:m.start()]
    if _WHOLE_EXAMPLE.search(subject) or _WHOLE_THING.search(subject):
        return False
    # every part of the subject an input (词表、概率和结论取自… gives a conclusion away; 概率表 is a table: review 78)
    parts = [p for p in re.split(r"、|与|和|及|以及", subject) if p.strip(" *")]
    # each part ends with the input it names ($k=2$, 温度; not 概率的推导: review 79)
    return bool(parts) and all(re.search(rf"(?:\$[^$]*\$|{_INPUT_NOUN.pattern})\s*$", p.strip(" *")) is not None
                               and not re.search(r"(?<![词字])表(?!示)|结论", p) for p in parts)


def box_errors(body: str, line_of) -> list[tuple[int, str]]:
    """(line, message) for each clause of a labelled box that gives the box's example to the owner its title
    denies: the course's (讲义, 入门文章, 课程) in a 本站构造 or 本站运行 box, the site's in a 教学构造, 历史记录 or 论文结果
    box."""
    found = []
    lines = body.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    view = classify.prose_view(body)
    for m in _BOX.finditer(body):
        first = body.count("\n", 0, m.start()) + 1
        last = first
        while last < len(lines) and (not lines[last].strip() or
                                     len(lines[last]) - len(lines[last].lstrip()) > len(m.group("indent"))):
            last += 1
        denied = "course" if m.group("title").startswith("本站") else "site"
        for start, end in sentences(view[offsets[first]:offsets[last]]):
            a = offsets[first] + start
            sentence = view[a:offsets[first] + end]
            for clause in re.split(r"(?<=[，,；;：:])", sentence):
                if owner(clause) == denied and _WHOLE_EXAMPLE.search(clause) and _GIVES[denied].search(clause) \
                        and not _PARALLEL.search(clause) and not _DENIED.search(clause) \
                        and not _A_PART.search(clause) and not (denied == "course" and _CONTRAST.search(sentence)) \
                        and not _an_input_taken(clause):
                    found.append((line_of(a + len(clause) - len(clause.lstrip())),
                                  f"'{' '.join(clause.split())[:60]}' gives this box's example to the {denied}, "
                                  f"but the box is titled {m.group('title')}; fix the sentence, or the box's title if "
                                  "the sentence is right"))
                a += len(clause)
    return found
