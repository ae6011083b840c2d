"""Whose number is it: one vocabulary of kinds, and labelled blocks checked against the numbers they hold.

Every counted number on a page has exactly one kind. A computed number's kind is declared once, by the author,
on the verify function's key (checker.evidence.kinds), and tested against data (checker/declared.py); a cited
number's kind is its bibliography entry's; a count in words the seed section states is the course's:

| kind                | label    | where it comes from                                                      |
|---------------------|----------|--------------------------------------------------------------------------|
| `course`            | 教学构造 | declared course: the page's seed section prints it (seed_numbers.json),  |
|                     |          | or a stated rule derives it; or a count in words the section states      |
| `paper`             | 论文结果 | a cited number whose bibliography entry is a paper                       |
| `record`            | 历史记录 | a cited number whose entry is a course record (the original runs)        |
| `site_construction` | 本站构造 | declared site_construction: an example or number the site added          |
| `site_run`          | 本站运行 | declared site_run: read from this project's runs (trained checkpoints,   |
|                     |          | committed results and benchmarks)                                        |

A labelled block is an admonition whose title is one label (or a paragraph, list item or table row carrying
the marker 〔label〕). It is accepted only when the kinds inside agree with the label, both ways (RULES):
a 本站构造 block holds the site's material (at least one number of the site, or the site's code or drawing) and may restate
the course inputs that material uses, in any paragraph; a
教学构造 block holds no number of the site; a 本站运行 block holds a run; 历史记录 and 论文结果 hold their
citations and nothing computed; a 待做设计 block holds no results. Outside every block, a number of a site
construction or of a site run is an error: the reader must see that the course did not state it. The title of every admonition
is one of LABELS, so a reader meets one vocabulary everywhere.
"""
from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    key: str
    label: str
    admonition: str      # the mkdocs-material admonition type the label is written with
    meaning: str         # one line, for the legend, the guide and the tooltips


KINDS = (
    Kind("course", "教学构造", "example", "课程本节写出的数：课程的算例或给定输入"),
    Kind("paper", "论文结果", "quote", "论文报告的数，注明版本与位置，本站没有重算"),
    Kind("record", "历史记录", "abstract", "原课程存档运行的记录，本站没有那次运行"),
    Kind("site_construction", "本站构造", "example", "本站为这一节补充的算例：课程本节没有这个数"),
    Kind("site_run", "本站运行", "success", "本站自己训练或测量的结果：提交的 checkpoint、结果文件"),
)
BY_KEY = {k.key: k for k in KINDS}
DESIGN = Kind("design", "待做设计", "question", "提出的实验设计，还没有运行，不含结果")
LABELS = {k.label: k for k in KINDS + (DESIGN,)}
SITE = ("site_construction", "site_run")


def label_of(kind: str) -> str:
    return LABELS_BY_KEY[kind].label


LABELS_BY_KEY = {k.key: k for k in KINDS + (DESIGN,)}
ADMONITION = re.compile(r'^(?P<indent>[ \t]*)(?:!!!|\?\?\?\+?)\s+(?P<type>[\w-]+)(?:\s+[\w-]+)*\s*(?:"(?P<title>[^"]*)")?\s*$')
MARKER = re.compile("〔(" + "|".join(LABELS) + ")〕")


# --------------------------------------------------------------------------- the kind of each number

def scalars(value) -> list[float]:
    """The numbers inside a computed value (nested lists, dicts with numbers, Quantity-like objects)."""
    import math
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return []
    if isinstance(value, dict):
        return scalars(value["value"]) if "value" in value else [x for v in value.values() for x in scalars(v)]
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


@dataclass
class Mark:
    """One counted number of a page and its kind (body offsets)."""
    start: int
    end: int
    text: str
    kind: str
    claim: int | None = None     # index into report.claims
    cited: int | None = None     # index into report.cited


def decisive(values) -> bool:
    """Could a value alone tell whose number it is, were one to guess (the checker never does: kinds are declared)?
    A small integer could not: 2, 3 or 4 occur in almost every section. The mutation corpus uses it to pick edits
    whose numbers stand out."""
    return any(not (float(x).is_integer() and abs(x) <= 12) for x in scalars(values))


# --------------------------------------------------------------------------- labelled blocks

@dataclass
class Block:
    label: str            # one of LABELS, or the free-form title that is not one
    start: int            # body offsets
    end: int
    paragraphs: list      # (start, end) of the block's paragraphs (blank-line separated), body offsets
    marker: bool = False  # a 〔label〕 marker rather than an admonition
    admonition: str = ""  # the admonition's type (example, quote, ...); '' for a marker


def _line_offsets(lines: list[str]) -> list[int]:
    offsets, pos = [], 0
    for line in lines:
        offsets.append(pos)
        pos += len(line) + 1
    return offsets


def _paragraphs(lines, offsets, first: int, last: int) -> list[tuple[int, int]]:
    out, start = [], None
    for n in range(first, last + 1):
        if lines[n].strip():
            if start is None:
                start = n
        elif start is not None:
            out.append((offsets[start], offsets[n - 1] + len(lines[n - 1])))
            start = None
    if start is not None:
        out.append((offsets[start], offsets[last] + len(lines[last])))
    return out


def blocks(body: str) -> list[Block]:
    """Every admonition (with its title) and every block carrying a 〔label〕 marker."""
    lines = body.split("\n")
    offsets = _line_offsets(lines)
    found = []
    in_fence = False
    i = 0
    while i < len(lines):
        if lines[i].lstrip().startswith("```"):
            in_fence = not in_fence
        m = None if in_fence else ADMONITION.match(lines[i])
        if m:
            indent = len(m.group("indent"))
            j = i + 1
            while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > indent):
                j += 1
            last = j - 1
            while last > i and not lines[last].strip():
                last -= 1
            title = m.group("title") if m.group("title") is not None else ""
            found.append(Block(title, offsets[i], offsets[last] + len(lines[last]),
                               _paragraphs(lines, offsets, i + 1, last), admonition=m.group("type")))
        i += 1
    for m in MARKER.finditer(body):
        n = body.count("\n", 0, m.start())
        if _in_inline_code(lines[n], m.start() - offsets[n]):
            continue   # `〔本站构造〕` in a sentence that explains the markers names one; it labels nothing
        first = last = n
        item = _list_item_of(lines, n)
        stripped = lines[n].lstrip()
        if stripped.startswith("|"):
            pass   # a table row: itself
        elif item is not None:
            # a list item, the marker on its first line or on a wrapped line of it: the item, not the whole list
            first = last = item
            while (last + 1 < len(lines) and lines[last + 1].strip() and lines[last + 1][:1] in " \t"
                   and not re.match(r"\s*(?:[-*]|\d+\.)\s", lines[last + 1])):
                last += 1
        else:
            while first > 0 and lines[first - 1].strip():
                first -= 1
            while last + 1 < len(lines) and lines[last + 1].strip():
                last += 1
        span = (offsets[first], offsets[last] + len(lines[last]))
        if not stripped.startswith("|"):
            # a marker inside a paragraph labels from the sentence it stands in to the paragraph's end: the course's
            # sentences before it stay the course's (课程给出…。〔本站构造〕本站再算…)
            # (a marker that ends its paragraph, 'A。〔本站构造〕', labels the paragraph, as before)
            opened = max(body.rfind(c, span[0], m.start()) for c in "。！？；")
            if opened >= 0 and body[m.end():span[1]].strip():
                span = (opened + 1, span[1])
        found.append(Block(m.group(1), span[0], span[1], [span], marker=True))
    return found


def _in_inline_code(line: str, column: int) -> bool:
    """Whether the column sits between a pair of backticks of its line."""
    return line[:column].count("`") % 2 == 1


_ITEM = re.compile(r"\s*(?:[-*]|\d+\.)\s")


def _list_item_of(lines: list[str], n: int) -> int | None:
    """The line a list item starts on, when line n is that line or an indented wrapped line of it (lecture 4-13's
    marker on the second line of an item labelled every item of the list); None for a paragraph's line."""
    i = n
    while i >= 0 and lines[i].strip():
        if _ITEM.match(lines[i]):
            return i
        if lines[i][:1] not in " \t":
            return None   # an unindented line that opens no item: a paragraph, not an item's wrapped line
        i -= 1
    return None


# (a command in backticks between 本站 and its verb is one word: 出自本站 `make bench` 的运行, blind_29 W29-057)
_SITE_RAN = re.compile(r"本站\s*(?:`[^`\n]{1,40}`)?[^，。；,;`]{0,8}?(?:重新|自己|亲自|再)?(?:运行|跑|测得|测出|复现|训练|重做|重跑)")


def _says_site_ran(body: str, block) -> str:
    """The clause of a record or paper box that says the site ran it (blind_20 W20-047: 1-17's 这是历史实录，本站没有
    重新运行 became 这是本站重新运行 Google Translate 得到的结果); a negated one (本站没有重新运行) says the opposite."""
    for clause in re.split(r"[，。；,;\n]", body[block.start:block.end]):
        m = _SITE_RAN.search(clause)
        if m and not re.search(r"没有?|未|不|并非|无法", clause[m.start():m.end() + 2]) \
                and not re.search(r"(?:不是|并非|没有|未)\s*$", clause[:m.start()]):
            return clause.strip()
    return ""


def _inside(mark: Mark, start: int, end: int) -> bool:
    return start <= mark.start and mark.end <= end


def innermost(block_list: list[Block], mark: Mark) -> Block | None:
    """The smallest labelled block that holds the number (a marker inside an admonition wins)."""
    holding = [b for b in block_list if b.label in LABELS and _inside(mark, b.start, b.end)]
    return min(holding, key=lambda b: b.end - b.start, default=None)


# --------------------------------------------------------------------------- the rules, both ways

def check_blocks(body: str, marks: list[Mark], line_of, course_section: bool = True) -> list[tuple[int, str]]:
    """(line, message) for every labelled block whose numbers disagree with its label, every admonition
    title outside the vocabulary, and every site-construction number outside a site label (on a page with a
    course section; a page of the site's own, with no section behind it, is the site's throughout)."""
    found = blocks(body)
    errors = []
    vocabulary = "、".join(LABELS)
    for b in found:
        if b.label not in LABELS:
            errors.append((line_of(b.start), f"admonition title {b.label!r} is not a provenance label; use one of {vocabulary} "
                                   f"(kinds are defined once, in checker/kinds.py)"))
        elif not b.marker and b.admonition != LABELS[b.label].admonition:
            # the box's colour and icon say its kind as much as its title: a quote box titled 本站运行 says two things
            errors.append((line_of(b.start), f"admonition '{b.admonition}' titled {b.label} mixes two kinds: "
                                             f"{b.label} is written '!!! {LABELS[b.label].admonition} \"{b.label}\"'; "
                                             "change the type or the title so both name the kind of the box's numbers"))
    owner = {id(m): innermost(found, m) for m in marks}
    for b in found:
        if not b.marker and b.label in LABELS and (note := _note_only(body, b, [m for m in marks if owner[id(m)] is b])):
            errors.append((line_of(b.start), note))
        if not b.marker and b.label in LABELS and LABELS[b.label].key in ("record", "paper") and (
                ran := _says_site_ran(body, b)):
            errors.append((line_of(b.start), f"the {b.label} box says the site ran it ({ran!r}); a {b.label} box holds "
                                             "what the course's archive or the paper reports: a run of the site's goes "
                                             "in a 本站运行 box, or the sentence is wrong"))
        if not b.marker and b.label in LABELS and LABELS[b.label].key == "course" and (said := _says_site(body, b)):
            errors.append((line_of(b.start), f"the {b.label} box says its content is the site's ({said!r}); a 教学构造 "
                                             "box holds the course's own material: retitle it 本站构造, or take the "
                                             "site's part out of the box"))
        if b.marker and b.label in LABELS and LABELS[b.label].key in ("site_construction", "site_run") and (
                course := _says_course(body, b)):
            errors.append((line_of(b.start), f"〔{b.label}〕 stands on a sentence about the course's own material "
                                             f"({course!r}); the marker says the site made or ran it: put the course's "
                                             "sentence before the marker unmarked (or under 〔历史记录〕 for an archived "
                                             "run), and mark only the site's part"))
        if not b.marker and (cut := _cut_sentence(body, b)):
            errors.append((line_of(b.end), f"the {b.label} box ends inside a sentence ({cut!r}) that the next paragraph "
                                           "finishes; a box holds whole sentences: end it after the sentence, or "
                                           "move the sentence's start out of the box"))
    for b in found:
        if b.label not in LABELS:
            continue
        inside = [m for m in marks if owner[id(m)] is b]
        label = LABELS[b.label]
        if label.key in SITE and (unnamed := _course_numbers_unnamed(body, b, inside)):
            errors.append((line_of(b.start), f"the {b.label} {'paragraph' if b.marker else 'box'} uses the course's "
                                             f"numbers ({unnamed}: declared course on the verify function) but never "
                                             "names the course, so a reader takes them for the site's; say where they "
                                             "come from inside it (讲义 §… 的…, 沿用入门文章 §… 的…), or, where the "
                                             "number is the site's own, declare it site_construction"))
        if label.key in ("site_construction", "site_run"):
            # a course number in an aside that credits its section in place (（[§18.1] 也提醒，六条教学评论…）) is
            # labelled there: it does not make the site's block the course's (label round 85: a reader dropped the
            # count 六条 to pass)
            # (review 85: only an aside that names the course, a word or a § link, and not the site, in a block with
            # words of its own outside its asides: （本站 §A.1 只用了六条…） and a marker holding only an aside passed)
            credited = [(a.start(), a.end()) for a in _CREDIT_ASIDE.finditer(body, b.start, b.end)
                        if _NAMES_COURSE.search(a.group(0)) and "本站" not in a.group(0)]
            outside = _CREDIT_ASIDE.sub("", body[b.start:b.end])
            if len(re.findall(r"[\u4e00-\u9fff]", LABEL_WORDS.sub("", outside))) >= 6:
                inside = [m for m in inside if not (m.kind == "course" and any(s <= m.start < e for s, e in credited))]
        kinds = {m.kind for m in inside}
        wrong = _disagreement(label.key, kinds)
        if wrong and label.key == "site_construction" and not kinds & set(SITE) and (_runs_code(body, b)
                                                                                   or _draws(body, b)):
            wrong = ""   # the site's code or drawings are its material; the course numbers beside them are the inputs
                         # they restate (ch06 index: the site's four pictures at the course's 224×224)
        if not wrong and label.key == "design" and any(m.claim is not None for m in inside):
            wrong = "computed numbers (a design proposes an experiment; its numbers are not results to recompute)"
        if wrong:
            errors.append((line_of(b.start), f"block labelled {b.label} holds {wrong}; relabel it to the kind of its numbers "
                                   f"({_kinds_text(inside)}) or move the numbers out"))
            continue
    for m in marks if course_section else []:
        if m.kind in ("site_construction", "site_run") and _site_is_the_subject(body, m.start):
            continue   # 本站在 §4.3 那一页用三条评论演示过: the clause says whose number it is (new-author trial 57)
        if m.kind == "site_construction":
            b = owner[id(m)] or _block_under_heading(body, m.start, found)
            if b is None or LABELS[b.label].key not in ("site_construction", "site_run", "design"):
                where = f"inside the {b.label} block" if b else "outside any labelled block"
                errors.append((line_of(m.start), f"{m.text!r} is the site's own construction (the course section does "
                                                 f"not state it) but stands {where}; put it under "
                                                 f"'!!! example \"本站构造\"' or mark its paragraph 〔本站构造〕"))
        elif m.kind == "site_run":
            # a run's number in unmarked prose reads as the course's: the site's own results are what gets marked
            b = owner[id(m)]
            if b is None or LABELS[b.label].key not in ("site_construction", "site_run"):
                where = f"inside the {b.label} block" if b else "outside any labelled block"
                errors.append((line_of(m.start), f"{m.text!r} is a result of the site's own run but stands {where}, "
                                                 "where it reads as the course's; put it under "
                                                 "'!!! success \"本站运行\"' or mark its paragraph 〔本站运行〕"))
    return errors


_CLAUSE_OPEN = re.compile(r"[，。；：！？,;:!?\n]|〔[^〕\n]{1,8}〕")
_SITE_SUBJECT = re.compile(r"\s*(?:[-*]\s+)?(?:这是|由)?本站(?!.{0,3}[不没未])")


def _site_is_the_subject(body: str, at: int) -> bool:
    """Does the clause that holds `at` open with 本站 as its subject (本站在 §4.3 那一页用三条评论演示过)? A reader
    then knows the number is the site's without a marker; a clause that merely mentions the site does not say it
    (讲义用三条评论，本站沿用: the number stands in the course's clause)."""
    start = max(0, at - 300)
    openings = [m for m in _CLAUSE_OPEN.finditer(body, start, at)]
    clause = openings[-1].end() if openings else start
    # the sentence's subject carries through its clauses (本站把两句都切成三个词，数出的向量分别是…)
    sentence = max((m.end() for m in openings if m.group(0) in "。！？!?" or m.group(0).startswith("〔")
                    or (m.group(0) == "\n" and body[max(0, m.start() - 1)] == "\n")), default=start)
    if any(_SITE_SUBJECT.match(body, k) for k in {clause, sentence}):
        return True
    # $\alpha=0.5$ 是本站随手取的 (new-author trial 61): the clause says whose number it is with 是本站…的
    closing = min([i for i in (body.find(c, at) for c in "，。；：！？\n") if i >= 0] or [len(body)])
    return bool(re.search(r"(?<![不非])是本站[^，。；：！？\n]{0,12}?的", body[clause:closing]))


def _block_under_heading(body: str, at: int, blocks):
    """The labelled block that opens right under the heading holding `at` (## 算例：同一组分数，三个温度 over its
    本站构造 box: new-author trial 47), or None: a heading cannot carry a label, the block under it labels it."""
    line_start = body.rfind("\n", 0, at) + 1
    if not re.match(r"#{1,6}\s", body[line_start:at + 1]):
        return None
    line_end = body.find("\n", at)
    rest = body[line_end:] if line_end >= 0 else ""
    opening = line_end + len(rest) - len(rest.lstrip())
    return next((b for b in blocks if b.label in LABELS and (b.start <= opening < b.end or b.start == opening)), None)


# words that name the course or one of its sections inside a site block (label round 87: the commonest wrong label
# left is a course set-up, value or vocabulary used in a 本站构造/本站运行 box whose text never says it is the course's)
# (review 88: a § of a paper or of the site (论文 §3, 本站 §11.3) and 本站课程笔记 name no course). A pointer to the
# page's own table or text above (沿用上表, 以表中第一行为例: new-author trial 27, review 88 F17) shows the reader where
# the numbers stand, unmarked there, and so whose they are
_NAMES_THE_COURSE = re.compile(r"讲义|入门文章|(?<!本站)(?<!本站的)课程(?!笔记)|(?<!论文)(?<!论文 )(?<!本站)(?<!本站 )(?<!原文)"
                               r"(?<!原文 )§\s*[0-9A-D]|(?:上表|(?<![词列])表中|上面(?:那张|这张|的)?表|上文|前文|上一节)(?!无关)")
# a paper's or the site's § written as a link (论文 [§3](…)) and a denied pointer (不照搬上表) name nothing: review 89
_NAMES_NOTHING = re.compile(r"(?:论文|原文|本站)\s*\[?\s*§\s*[\w.]+|(?:不|非|没有?)(?:照搬|沿用|用|按)?(?:上表|表中|上文|前文)")


def _course_numbers_unnamed(body: str, b: Block, inside: list) -> str:
    """The claimed course numbers of a site block whose text names no course or section ('' when it names one or
    holds none). Counts in words the section states (两个方向) are the language's, not a set-up: only the numbers a
    verify function declares course are asked for."""
    # a constant of the site's own computation (the 2 of K and V in $2\times2\times1\times5\times2\times4\times2=320$,
    # new-author trial 27) is no set-up: a course number in a formula that also holds a site number is left alone
    formulas = [(s, e) for s, e in _math_spans(body, b)
                if any(m.kind in SITE and s <= m.start < e for m in inside)]
    course = [m.text for m in inside if m.kind == "course" and m.claim is not None
              and not any(s <= m.start < e for s, e in formulas)]
    if not course or _NAMES_THE_COURSE.search(_NAMES_NOTHING.sub("", body[b.start:b.end])):
        return ""
    return "、".join(dict.fromkeys(course))


def _math_spans(body: str, b: Block) -> list[tuple[int, int]]:
    """(start, end) body offsets of the math spans inside a block."""
    return [(b.start + m.start(), b.start + m.end())
            for m in re.finditer(r"\$\$.+?\$\$|(?<![\\$])\$[^$\n]+\$", body[b.start:b.end], re.S)]


# a box's own words saying the site made it (下面的代码是本站的演示, 本站补充的例子): not a course box
_SITE_SAYS = re.compile(r"(?<![不非])(?:是|为|属于)?\s*本站(?:的|自己的|自建的|补充的)?\s*(?:演示|构造|补充|自建|自己编|编的|挑的|设计的)")
_DENIED = re.compile(r"(?:不是|并非|而非|非)\s*$")


# a site marker's own sentence opening on the course's thing (〔本站运行〕讲义那条错得不一样): the course's record under
# the site's label. A limit the site states about the course (〔本站构造〕课程没有写出…, 课程只给了…) is the site's words
_COURSE_SUBJECT = re.compile(r"\s*\**\s*((?:讲义|入门文章|课程|原课程)(?:的|那条|这条|那次|那份|那个|给出的|印出的|报告的|存档的)"
                             r"[^，。；：:\n]{0,16})")
_LIMIT = re.compile(r"没有|没|未|只|不含|缺")


def _says_course(body: str, b: Block) -> str:
    """The opening clause after a site marker when it is about the course's own material, or ''."""
    at = body.find(f"〔{b.label}〕", b.start)
    m = _COURSE_SUBJECT.match(body, at + len(b.label) + 2) if at >= 0 else None
    return m.group(1).strip() if m and not _LIMIT.search(m.group(1)) else ""


def _says_site(body: str, b: Block) -> str:
    """The words of a course box that say its content is the site's, or ''; a denial (不是本站的演示) says the reverse."""
    text = body[b.start:b.end]
    for m in _SITE_SAYS.finditer(text):
        if not _DENIED.search(text[max(0, m.start() - 4):m.start()]):
            return text[max(0, m.start() - 8):m.end()].strip()
    return ""


_OPEN_END = re.compile(r"(?:[，、,(（]|[\u4e00-\u9fff])\s*$")   # a comma, an open bracket or a bare word: not an end
_CONTINUES = re.compile(r"[\u4e00-\u9fff$（(，。“]")             # the next paragraph goes on in prose or math


_CONTENT = re.compile(r"^\s*(?:```|~~~|\||\$\$|[-*] |\d+\.\s|<|!\[)|\$[^$\n]+\$", re.M)   # code, table, math, list, HTML, image
_POINTS_AHEAD = re.compile(r"下面|下列|以下|下方|下表|如下|这段代码|这段模拟|这一小节|下一段")
_NOTE_LABELS = ("course", "site_construction", "site_run")


def _note_only(body: str, b: Block, inside: list) -> str:
    """Why a box holds a note about content rather than content ('' when it holds content).

    A 教学构造 box holds the course's worked example; one that holds only prose with no number, code, table,
    formula or list is a remark about the example, and course content needs no box. A 本站构造 or 本站运行 box
    whose prose announces what follows ("下面这段代码…") while the code, table or list stands after the box
    leaves the site's example unlabelled. Prose that is itself the site's example or design is content."""
    label = LABELS[b.label]
    if label.key not in _NOTE_LABELS or inside:
        return ""
    text = body[b.start:b.end].split("\n", 1)[1] if "\n" in body[b.start:b.end] else ""
    if _CONTENT.search(text):
        return ""
    snippet = re.sub(r"\s+", "", text)[:24]
    if label.key == "course":
        return (f"the {b.label} box holds only a remark ({snippet!r}…), no example: course content needs no box; "
                "keep the remark as plain prose if the reader needs it, or put the example it describes in the box")
    after = body[b.end:].lstrip("\n")
    if _POINTS_AHEAD.search(text) and _CONTENT.match(after.split("\n", 1)[0] if after else ""):
        return (f"the {b.label} box announces what follows ({snippet!r}…) but the code, table or list stands after "
                "it, unlabelled: indent that content into the box (code and its output alike)")
    return ""


def _runs_code(body: str, b: Block) -> bool:
    """Does the box hold a ```python block (the site's code, run by the checker)?"""
    return re.search(r"^[ \t]*```python\b", body[b.start:b.end], re.M) is not None


def _draws(body: str, b: Block) -> bool:
    """Does the box show a picture? Every image on the site is drawn by the site's code (tools/figures.py,
    kernels/scenes.py): the course's own pictures are not in this repository."""
    # a relative path, with or without a title; a picture from elsewhere (http…) is not the site's drawing
    return re.search(r'^[ \t]*!\[[^\]\n]*\]\((?![a-z]+:)[^)\s]+(?:\s+"[^"\n]*")?\)', body[b.start:b.end], re.M) is not None


def _cut_sentence(body: str, b: Block) -> str:
    """The tail of a box's last line when the box stops mid-sentence and the paragraph after it goes on."""
    last = body[b.start:b.end].rstrip().rsplit("\n", 1)[-1].strip()
    if last.startswith("$$"):   # a display formula ending in a comma: the sentence goes on after it
        if not re.search(r"[,，]\s*(?:\\right\.?)?\s*\$\$$", last):
            return ""
    elif last.startswith(("|", "```", "- ", "* ", "<", "!!!")) or not _OPEN_END.search(last):
        return ""
    after = body[b.end:].lstrip("\n")
    first = after.split("\n", 1)[0]
    return last[-24:] if first and not first.startswith((" ", "\t")) and _CONTINUES.match(first) else ""


_CREDIT_ASIDE = re.compile(r"（[^（）\n]*§\s*[0-9A-D][^（）\n]*）")
_NAMES_COURSE = re.compile(r"讲义|入门文章|课程|\[§\s*[0-9A-D][\d.]*\]\(")
LABEL_WORDS = re.compile(r"本站构造|本站运行|〔|〕")


def _disagreement(label: str, kinds: set) -> str:
    """What a block with this label must not hold, given the kinds of its numbers ('' when it agrees)."""
    if label == "site_construction":
        if not kinds & set(SITE):
            return "no number of the site" if kinds else ""
        if "site_run" in kinds:
            return "numbers of the site's runs (a measured or trained result is 本站运行)"
        bad = kinds & {"paper", "record"}
        return f"{_names(bad)} numbers" if bad else ""
    if label == "course":
        bad = kinds & {"site_construction", "site_run", "paper", "record"}
        return f"{_names(bad)} numbers" if bad else ""
    if label == "site_run":
        if kinds and "site_run" not in kinds:
            return "no number of a site run"
        bad = kinds & {"paper", "record"}
        return f"{_names(bad)} numbers" if bad else ""
    if label in ("record", "paper"):
        bad = kinds - {label, "course"}
        if bad:
            return f"{_names(bad)} numbers"
        return f"no {LABELS_BY_KEY[label].label} number (only the course's)" if kinds and label not in kinds else ""
    if label == "design":
        bad = kinds & {"site_run", "paper", "record"}
        return f"results ({_names(bad)} numbers)" if bad else ""
    return ""


def _names(kinds) -> str:
    return "、".join(LABELS_BY_KEY[k].label for k in sorted(kinds))


def _kinds_text(marks: list[Mark]) -> str:
    counts: dict[str, int] = {}
    for m in marks:
        counts[m.kind] = counts.get(m.kind, 0) + 1
    return ", ".join(f"{LABELS_BY_KEY[k].label} {n}" for k, n in sorted(counts.items())) or "none"


def counts(marks: list[Mark]) -> dict[str, int]:
    """Numbers per kind, in vocabulary order (for the page JSON and the verification box)."""
    out = {k.key: 0 for k in KINDS}
    for m in marks:
        out[m.kind] += 1
    return out
