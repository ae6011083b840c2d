"""Which digits on a page are values that need a claim or citation, and which are structure.

Outside math every number is a value unless it is structural: a section, table, figure,
page, equation or version reference; a year or date; a list ordinal or footnote mark; part of
a name (`BLEU-2`, `CS224N`, `R7.2`); a number in a heading's leading section number.

Inside math ($…$, $$…$$, \\(…\\), \\[…\\]) a number is a value when it has a decimal point, a
unit, a percent sign or a scientific form, is a slash fraction, stands after a relation
(=, \\approx, <, >, \\le, \\ge, ≈, alone or in a tuple), sits in a matrix environment, or is
the whole formula (`$(0,8)$`). Integers that are coefficients, exponents, indices, sum bounds
or part of a definition (`1-z_t`, `\\sum_{t=1}^{T+1}`, `\\sqrt{d_k}`) are structure.

Fenced code is code, not prose: ```python blocks are executed by the checker and a ```text
block right after one is its checked output. Digits in any other fenced block are values.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from checker import number_words as word_rules
from checker.numbers import CN_NUMERAL, SCALAR, TENTHS
from checker.numerals import DIGIT_CHARS, NUMERAL_CHARS

NUMBER = re.compile(SCALAR)

# Counted number words (三个候选) are values, like fractions, halves and multipliers in words (万分之一, 一半,
# 四倍, 翻倍). Every page states its counts as claims since 2026-11-30; there is no switch to turn this off.
COUNT_WORDS = True

# Measure words after which a Chinese numeral is a count (三个候选, 两头, 四维). Longest first.
MEASURE_WORDS = ("部分", "方面", "分钟", "小时", "句话", "个", "种", "次", "项", "维", "层", "头", "步", "轮", "类",
                 "位", "条", "句", "段", "行", "列", "组", "份", "对", "张", "本", "篇", "章", "节", "字", "词", "件",
                 "套", "批", "遍", "阶", "级", "处", "点", "元", "块", "格", "帧", "趟", "回", "者", "侧", "端", "边",
                 "倍", "年", "天", "秒", "周", "门", "道", "样", "名", "句", "座", "号", "路", "股", "重", "票")
# 分 as points (高两分, 差一分), not 分之/分钟/分布/分数…; 十分 (very) is an idiom below
MEASURE = ("|".join(MEASURE_WORDS) + "|(?<![百千万])分(?![之钟布数析别开类配成为支词裂解量母子享割段界制位比歧离辨散组隔步片清出到给摊担头批])"
           "|片(?!段)"   # 分成五片 (pieces of a word); 六片段 is a six-segment example, the noun 片段
           "|关(?![于系键心注联闭掉乎])")   # 要过四关 (stages of a check); 关于, 关键 are other words
# A Chinese number word: a fraction (万分之一), a multiplier (四倍, 翻倍), a half, a numeral before a measure word,
# a bare numeral that a setting word sets (宽度为三, 方差约为三; the words are data: checker/data/number_words.yaml),
# or a numeral that can only be a number (三十二, 两百: a digit and a unit character), wherever it stands.
BARE_BEFORE, COPULAS = word_rules.setters()
_BARE_END = r"(?=[，。；、,.;：:）)\s]|的|时|和|或|与|$)"
NUMBER_WORD = re.compile(
    rf"(?P<fraction>{CN_NUMERAL}分之{CN_NUMERAL}|{TENTHS})"
    rf"|(?P<fixed>翻倍|减半|一半|半(?=个))"
    rf"|(?P<numeral>{CN_NUMERAL})(?P<gap>\s*)(?P<measure>{MEASURE})"
    # the factors of a product written in words (二乘二的设计, 三乘三的表): each is a value, as in 2×2
    rf"|(?P<factor>{CN_NUMERAL})(?=\s*[乘×]\s*{CN_NUMERAL})|(?<=[{NUMERAL_CHARS}]乘)(?P<factor2>{CN_NUMERAL})"
    # a bare numeral set as a value (宽度为二的搜索, 取为三): a value like a counted one
    rf"|(?:{'|'.join(f'(?<={w})' for w in BARE_BEFORE)})(?P<bare>{CN_NUMERAL}){_BARE_END}"
    # after a copula only two or more (方差约为三); 为零, 为一 are the constants of definitions (总和为一)
    rf"|(?:{'|'.join(f'(?<={w})' for w in COPULAS)})(?P<copula>{CN_NUMERAL}){_BARE_END}"
    # a numeral of a digit and a unit character (三十二, 两百, 一万) reads as one number wherever it stands
    rf"|(?<![{NUMERAL_CHARS}第几数上成])(?P<multi>(?:[{DIGIT_CHARS}][十百千万亿]|十[{DIGIT_CHARS}])[{NUMERAL_CHARS}]*)"
    rf"(?![{NUMERAL_CHARS}多余来几])")
# A bare numeral as the bound of a comparison (温度低于一, 小于一的概率, 等于零): the constant 0 or 1 of a
# probability, a temperature or a gain. It is structural as a number; the sentence's comparison is what can be
# wrong, so the relation lint treats it like a claimed number (checker/relations.py).
COMPARISON_BOUND = re.compile(
    rf"(?:{'|'.join(f'(?<={w})' for w in ('高于', '低于', '大于', '小于', '等于', '超过', '不到', '少于', '多于'))})"
    rf"(?P<bound>{CN_NUMERAL}|\s*[01](?![.\d])(?!\s*的)|\s*\$\s*[01]\s*\$(?!\s*的))(?=[，。；、,.;：:）)\s]|时|和|或|与|$)")   # not 小于一的概率: an
# attribute, not a claim; the digits 0 and 1 as the words are (低于 1 时: review of this stop)
# 第 before a numeral, or before a list of them (第十二、十三章, 第 3 至 5 步): each is an ordinal
# 这两条, 那三种, 上面两行, 上面的几条: words before a count that point back at things just named
ANAPHORA_BEFORE = re.compile(r"(?:[这那]|上面的?|上述|前面的?|以上)\s*$")
ORDINAL_BEFORE = re.compile(rf"第\s*(?:[0-9{NUMERAL_CHARS}]+\s*[、和与及至到~～-]\s*)*$")
# 第N章/节…: a reference to a part of a document, not a value
# (上面第一个例子: an example of the page named by its place, new-author trial 37)
ORDINAL_REFERENCE = re.compile(r"\s*(?:章|节|页|版|卷|讲|课|篇|部分|册|期|届|附录|个\s*(?:例子|算例|示例|练习|框|表格?|图))")

LOCATOR_BEFORE = re.compile(
    r"(?:§+|Table|Tab\.|Tables|Figure|Figures|Fig\.|Algorithm|Alg\.|Eq\.|Equation|Section|Sec\.|Chapter|Ch\.|Appendix|"
    r"Lecture|Part|p\.|pp\.|pages?|(?<![A-Za-z])p|arXiv:|(?<![A-Za-z])v|PMLR|vol\.|No\.|"
    r"Python|torch==|==|version|"
    # one-character Chinese locators count only where they start a word: 见表 1, 图 2, but not 代表 3
    r"(?:(?<![\u3400-\u9fff])|(?<=[见如据按在和与及自从的、，；：（]))(?:表|图|式|附录|页|章|节|版本)|(?<=论文的|原论文|论文中)算法)\s*\(?$")
LOCATOR_AFTER = re.compile(r"^\s*(?:章|节|页|版|世纪)")
CONNECTOR = re.compile(r"[–—~\-、,/]\s*$|与\s*$|和\s*$|至\s*$|到\s*$")
RELATION = re.compile(r"(?:=|\\approx|≈|<|>|\\le|\\ge|\\leq|\\geq|\\lt|\\gt|≤|≥|\\neq|\\ne)\s*$")
MATRIX_ENV = re.compile(r"\\begin\{([pbvBV]?matrix|array)\}(.*?)\\end\{\1\}", re.S)


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int
    structural: bool
    context: str
    word: bool = False   # a Chinese number word (三个, 万分之一), not digits
    phrase: str = ""     # for a counted word: numeral + measure word + up to two following characters


@dataclass(frozen=True)
class CodeBlock:
    start: int
    code: str
    expected: str | None


FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^\n]*)\n(?P<code>.*?)^(?P=indent)(?P=fence)[ \t]*$",
                   re.S | re.M)

# 前三行 (the first three rows) is a locator; the 前 of 当前/目前/提前/之前/以前/此前/向前 is not (当前九行的我 counts rows)
_ROWS_BEFORE = re.compile(r"(?<![之以当目提此向眼])前\s*$")


def fenced_blocks(body: str):
    for m in FENCE.finditer(body):
        info = m.group("info").strip()
        lang = info.split()[0].lstrip("{.").rstrip("}") if info else ""
        yield m, lang, info


def python_blocks(body: str) -> list[CodeBlock]:
    blocks = list(fenced_blocks(body))
    out = []
    for i, (m, lang, info) in enumerate(blocks):
        if lang != "python":
            continue
        expected = None
        if i + 1 < len(blocks):
            nxt, nlang, _ = blocks[i + 1]
            if nlang == "text" and body[m.end():nxt.start()].strip() == "":
                indent = len(nxt.group("indent"))   # an output block inside an admonition is indented like its code
                expected = "\n".join(line[indent:] for line in nxt.group("code").splitlines())
        code = "\n".join(line[len(m.group("indent")):] for line in m.group("code").splitlines())
        out.append(CodeBlock(m.start(), code, expected))
    return out


def _blank(text: str, start: int, end: int) -> str:
    """Replace text[start:end] by spaces, keeping newlines so offsets and lines stay put."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


@functools.lru_cache(maxsize=256)   # asked for some 30 times per page by the checks (7% of a re-check)
def prose_view(body: str) -> str:
    """The body with code, comments, link targets, attribute lists and HTML tags blanked out."""
    view = body
    blocks = list(fenced_blocks(body))
    for i, (m, lang, info) in enumerate(blocks):
        checked_output = (lang == "text" and i > 0 and blocks[i - 1][1] == "python"
                          and body[blocks[i - 1][0].end():m.start()].strip() == "")
        if lang == "python" or checked_output:
            view = _blank(view, m.start(), m.end())
        else:  # keep the content (its digits count), blank only the fence lines
            view = _blank(view, m.start(), m.start("code"))
            view = _blank(view, m.end("code"), m.end())
    # comment and inline-code markers are blanked, their content is prose like any other
    for pattern in (r"<!--|-->", r"`(?=[^`\n]+`)|(?<=[^`\n])`", r"\]\([^)\s]*\)", r"\{[:#.][^}\n]*\}", r"</?[A-Za-z][^>\n]*>",
                    r"^[ \t]*(?:!!!|\?\?\?\+?)[ \t]*[\w-]+(?:[ \t]+inline(?:[ \t]+end)?)?", r"\[\^\w+\]", r"https?://\S+"):
        for m in list(re.finditer(pattern, view, flags=re.M)):
            view = _blank(view, m.start(), m.end())
    return view


def math_spans(view: str) -> list[tuple[int, int, int]]:
    """(start, end, content_start) of every math span in the prose view."""
    spans = []
    pattern = re.compile(r"\$\$(.+?)\$\$|\\\[(.+?)\\\]|\\\((.+?)\\\)|(?<![\\$])\$(?!\s)([^$\n]+?)(?<![\s\\])\$", re.S)
    for m in pattern.finditer(view):
        group = next(g for g in range(1, 5) if m.group(g) is not None)
        spans.append((m.start(), m.end(), m.start(group)))
    return spans


def numbers_in(body: str, counts: bool | None = None) -> list[Token]:
    """Every number in a body: digits anywhere in prose, math and non-executed code, and Chinese
    number words in prose. `counts` includes counted words (三个候选, 第二维); it defaults to
    COUNT_WORDS (always on; a test may pass `counts=False` to look at digits alone)."""
    # a page's check reads its body's numbers in a dozen places: read once per text (the tokens are frozen; each
    # caller gets its own list)
    return list(_numbers_in(body, COUNT_WORDS if counts is None else counts))


@functools.lru_cache(maxsize=512)
def _numbers_in(body: str, counts: bool) -> tuple[Token, ...]:
    view = prose_view(body)
    spans = math_spans(view)
    # `FORCE=1`, `temperature=0`: an inline code span that sets one name to 0 or 1 is a switch the reader types;
    # any other integer (`batch=64`) states a value and is checked like prose
    settings = [m.span(1) for m in re.finditer(r"`[A-Za-z_]\w*=([01])`", body)]
    tokens = []
    for m in NUMBER.finditer(view):
        start, end, text = m.start(), m.end(), m.group(0)
        if not re.search(r"\d", text):
            continue
        span = next(((s, e, c) for s, e, c in spans if s <= start < e), None)
        if span:
            structural, why = _math_structural(view, span, start, end, text)
        elif any(s <= start and end <= e for s, e in settings):
            structural, why = True, "a setting written as code (`FORCE=1`)"
        else:
            structural, why = _prose_structural(view, start, end, text)
        line_start = view.rfind("\n", 0, start) + 1
        line_end = view.find("\n", end)
        snippet = body[max(line_start, start - 12):min(end + 12, line_end if line_end >= 0 else len(body))]
        tokens.append(Token(text, start, end, structural, why or f"near '{snippet.strip()}'"))
    tokens += number_words(view, spans, counts)
    return tuple(sorted(tokens, key=lambda t: t.start))


# Words of the language, not counts (两回事, 两者, 非零), quantifiers (任意两个) and contrasts (比较两种算法): the rules
# of kind not_a_count in checker/data/number_words.yaml, each with a positive and a negative example.
VAGUE_BEFORE = re.compile(r"几|[数上好若近][十百千万亿]")  # the character before a numeral, and its first
PHRASE_TAIL = re.compile(r"[\u3400-\u9fffA-Za-z0-9]{1,2}")


def count_phrase(view: str, numeral: str, measure: str, end: int) -> str:
    """三个候选 from 三 + 个 + what follows: the form in which a seed section states a count."""
    tail = PHRASE_TAIL.match(view, end)
    return numeral + measure + (tail.group(0) if tail else "")


def word_value(text: str) -> float:
    """The value a number word states: 三个 → 3, 万分之一 → 0.0001, 四倍 → 4, 一半 → 0.5."""
    from checker.numbers import chinese_number

    m = NUMBER_WORD.fullmatch(text.strip())
    if m and m.group("numeral"):
        return chinese_number(m.group("numeral")).value
    if text.strip() == "半个":
        return 0.5
    return chinese_number(text).value


def _inside_any(spans):
    """A test `inside(i)`: does any (start, end, ...) span hold offset i? By bisection over the spans sorted by start
    with the running largest end (a scan of every span per number word was 3% of a cold run)."""
    import bisect
    ordered = sorted((s[0], s[1]) for s in spans)
    starts = [s for s, _ in ordered]
    reach, furthest = [], -1
    for _, e in ordered:
        furthest = max(furthest, e)
        reach.append(furthest)

    def inside(i: int) -> bool:
        k = bisect.bisect_right(starts, i) - 1
        return k >= 0 and reach[k] > i
    return inside


def number_words(view: str, spans, counts: bool = True) -> list[Token]:
    """Chinese number words in prose (outside math): fractions, multipliers, halves and, with
    `counts`, counts and ordinals (三个候选, 第二维)."""
    from checker.numbers import NumberFormatError, chinese_number

    tokens = []
    inside = _inside_any(spans)
    for m in NUMBER_WORD.finditer(view):
        start, end = m.start(), m.end()
        if inside(start):
            continue
        if word_rules.not_a_count(view, start, end):
            continue  # 两回事, 非零, 任意两个位置, 比较两种算法: a word of the language or a quantifier, not a count
        before = view[max(0, start - 3):start]
        phrase = ""
        if start and VAGUE_BEFORE.match(view, start - 1, start + 1):
            continue  # 几十个, 数百次, 几百分之一: no number is stated
        if m.group("numeral"):
            numeral, measure = m.group("numeral"), m.group("measure")
            try:
                chinese_number(numeral)
            except NumberFormatError:
                continue  # 两三个, 一一对应: a range or an idiom, not one number
            phrase = count_phrase(view, numeral, measure, end)
            if not counts and measure != "倍":
                continue
            start, end = m.span("numeral")  # the numeral is the value; a claim hole covers it, not the measure word
            if _ROWS_BEFORE.search(before) and re.match(r"[行列]", measure):
                # 前三行输出: the rows 1-3 of a display, a locator like 第三行, not a count the page claims
                tokens.append(Token(m.group(0), start, end, True, "range of rows or columns (前三行)", True, phrase))
                continue
            if ORDINAL_BEFORE.search(view[max(0, start - 8):start]):
                if ORDINAL_REFERENCE.match(view, m.start("measure")) or not re.match(r"[个位]", measure):
                    tokens.append(Token(m.group(0), start, end, True, "ordinal label (第三章, 第一次)", True, phrase))
                    continue
                line_start = view.rfind("\n", 0, start) + 1
                if re.fullmatch(r"[ \t]*\|[ \t]*第", view[line_start:start]) and \
                        chinese_number(numeral).value == _table_row_index(view, line_start):
                    # | 第二个位置 | … in the table's second row: the row's own name, as | 2 | numbers it (new-author trial
                    # 23); a name that disagrees with the row (第三个 in row two) stays a value
                    tokens.append(Token(m.group(0), start, end, True, "row numbering of a table (第二个位置)", True, phrase))
                    continue
                if _pair_of_ordinals(view, start, end, numeral):
                    tokens.append(Token(m.group(0), start, end, True, "the first and the second of a pair set against "
                                                                       "each other (第二个…第一个)", True, phrase))
                    continue
                tokens.append(Token(m.group(0), start, end, False, f"ordinal near '{view[start - 1:end + 6].strip()}'",
                                    True, phrase))
                continue
            if ANAPHORA_BEFORE.search(view[max(0, start - 3):start]) and measure != "倍":
                # 这两条, 那三种, 上面两行: a pronoun pointing back at items just named, like 两者 (honest_20a wrote
                # 上面这两行 as 上面两行)
                tokens.append(Token(m.group(0), start, end, True, "anaphora (这两条: the items just named)", True, phrase))
                continue
            if numeral == "一" and measure != "倍":
                tokens.append(Token(m.group(0), start, end, True, "一 as an article (一个, 一种, 一次)", True, phrase))
                continue
        if m.group("factor") or m.group("factor2"):
            try:
                chinese_number(m.group(0))
            except NumberFormatError:
                continue
            if _factorial_design(view, start, end):
                tokens.append(Token(m.group(0), start, end, True, "size of a factorial design (二乘二设计)", True,
                                    view[start:end + 6]))
                continue
            phrase = view[max(0, start - 2):end + 4]
        if m.group("bare"):   # 宽度为二: the words that set it are its phrase, as a measure word is a count's
            phrase = next(w for w in BARE_BEFORE if view.endswith(w, 0, start)) + m.group("bare")
        if m.group("copula") or m.group("multi"):
            try:
                value = chinese_number(m.group(0)).value
            except NumberFormatError:
                continue  # 两三: a range
            if m.group("copula"):
                if value < 2:
                    continue  # 总和为一, 梯度为零: the constant of a definition (number_words.yaml, copula_value)
                phrase = next(w for w in COPULAS if view.endswith(w, 0, start)) + m.group("copula")
        line_end = view.find("\n", end)
        snippet = view[max(0, start - 8):min(end + 8, line_end if line_end >= 0 else len(view))]
        tokens.append(Token(m.group(0), start, end, False, f"number word near '{snippet.strip()}'", True, phrase))
    return tokens


def _is_scientific_or_unit(text: str) -> bool:
    """Decimal point, percent, scientific form, unit or slash fraction: a value wherever it stands."""
    if re.match(r"[-−]?\\(ln|log|sqrt|frac)", text):
        return False  # \sqrt8 is structure unless it stands after a relation or in a lone tuple
    return bool(re.search(r"[.%]|\\%|×|\\times|[eE][-+]?\d|[A-Za-zμ]$|/", text))


def _pair_of_ordinals(view: str, start: int, end: int, text: str) -> bool:
    """Is this 第一个 or 第二个 one of two ordinals, 第一个 and 第二个, in one sentence?"""
    if text not in ("一", "二", "1", "2"):
        return False
    opening = max(view.rfind(c, 0, start) for c in "。！？\n") + 1
    closing = min([i for i in (view.find(c, end) for c in "。！？\n") if i >= 0] or [len(view)])
    said = {m.group(1) for m in re.finditer(r"第\s*([一二12])\s*个", view[opening:closing])}
    return {"一", "二"} <= {"一" if n in ("一", "1") else "二" for n in said} and not re.search(
        r"第\s*(?:[三四五六七八九十]|[3-9])\s*个", view[opening:closing])


def _prose_structural(view: str, start: int, end: int, text: str) -> tuple[bool, str]:
    """(structural?, why) for a number in prose: a list of cases (heading numbers, table row numbers, list ordinals,
    section references, years …), tried in order, the first that applies wins. Long because the order is the rule:
    split up, the precedence between the cases would no longer be visible."""
    before, after = view[max(0, start - 40):start], view[end:end + 12]
    line_start = view.rfind("\n", 0, start) + 1
    line_prefix = view[line_start:start]
    if (re.fullmatch(r"\s*#{1,6}\s*", line_prefix) and re.fullmatch(r"\d+(?:\.\d+)*", text)
            and re.match(r"\.?\s+(?![个种次倍%])\S", after)):
        return True, "section or list number of a heading"
    if (re.fullmatch(r"\s*\|\s*(?:第\s*)?", line_prefix) and re.fullmatch(r"\d+", text)
            and (re.match(r"(?:[，,.、)]\s*\S|\s*个\s*\|)", after)
                 # | 1 | 我 | under a first column headed 位置, 序号, # …: the cell is the row's number (sixth trial)
                 or re.match(r"\s*\|", after) and _index_column(view, line_start))):
        if int(text) == _table_row_index(view, line_start):
            return True, "row numbering of a table"
    if re.fullmatch(r"\s*", line_prefix) and re.match(r"[.)、]\s", after):
        return True, "list ordinal"
    integer = re.fullmatch(r"[-−]?\d+", text) is not None
    if text == "1" and re.match(r"\s*(?:落在|在第|所在|那一维|的位置|只有一个|只出现)", after) \
            and re.search(r"one-hot|one hot|独热", view[max(0, start - 60):end + 40], re.I):
        # 两个不同词的 one-hot，1 落在不同的维上: the 1 that defines a one-hot vector, as its words 那个一 would be
        # (new-author trial 46); a 1 said of anything else stays a number
        return True, "the 1 of a one-hot vector"
    if text == "0" and re.search(r"[A-Za-z]\s*(?:→|\\to)\s*$", before) and re.match(r"(?:⁺|⁻|\^\{?[+-])|\s*时", after):
        # T→0⁺ 时: a one-sided limit, or a limit under 时, as its words 温度趋于零时 are (new-author trial 43's
        # description); B→0，I→1 mapping tags to ids and pad->0 stay numbers
        return True, "point of a limit (τ→0)"
    if integer and _factorial_design(view, start, end):
        # 2×2 设计 names a factorial design, as its words 二乘二设计 do (no number to the checker): the digits must
        # not cost a claim the words escape; its factors are the ones the sentence names
        return True, "size of a factorial design (2×2 设计)"
    if integer and re.search(r"以\s*$", before) and re.match(r"\s*为底", after):
        # 以 10 为底 names a logarithm's base, as its words 以十为底 do (no number to the checker)
        return True, "base of a logarithm (以 10 为底)"
    if text in ("0", "1") and re.search(r"(?:高于|低于|大于|小于|等于|超过|不到|少于|多于)\s*$", before) \
            and not re.match(rf"\s*(?:[.\d]|{MEASURE})", after):
        # 小于 1 的因子, 概率不超过 1: the constant 0 or 1 of a probability or a gain as a comparison's bound, as 小于一
        # is (COMPARISON_BOUND): the digits must not cost a claim the words escape (round 64's applier wrote 小于一
        # for the course's 小于 1 to pass); 小于 2 and 少于 1 个 stay numbers
        return True, "bound of a comparison (小于 1)"
    if text in ("0", "1") and re.search(r"比\s*\$?\s*$", before) \
            and re.match(r"\s*\$?\s*(?:略|稍|还|要|更)?(?:微)?(?:小|大|低|高)(?!\s*[\d.$])", after):
        # 方差比 1 略小 says what 略小于 1 says (new-author trial 62): the same bound, with 比 before it; 比 2 略小 and
        # 比 1 高 0.3 (an amount) stay numbers
        return True, "bound of a comparison (比 1 略小)"
    if text == "1" and re.match(r"(?:−\s*|-)(?:[εαβγδηλμστθ]|[a-z])(?![A-Za-z0-9\u4e00-\u9fff])", after) \
            and not re.search(r"[\d.]\s*$", before):
        # 保留 1−ε, 1-p in prose (a description): the constant of an expression, as in a formula (new-author trial 21)
        return True, "the constant 1 of an expression (1−ε)"
    if text == "1" and re.match(r"\s*(?:加上|减去)(?=\s*[\u4e00-\u9fff])", after) and not re.search(r"[\d.]\s*$", before):
        # 残差后的导数正好是 1 加上子层自己的导数 (new-author trial 63): the constant 1 of an expression said in words,
        # as 1−ε is; 1 加上 0.3 (a number after it) stays a number
        return True, "the constant 1 of an expression (1 加上…)"
    if text in ("0", "1") and any(m.start() <= start - max(0, start - 12) < m.end() for m in
                                   _CONSTANT_IDENTITY_PROSE.finditer(view[max(0, start - 12):end + 6])):
        # exp(0)=1 written in prose (a description): the identity of constants, as in math (new-author trial 20)
        return True, "an identity of constants (exp(0)=1)"
    if text in ("0", "1") and re.search(r"(?:到不了|达不到|够不到|(?<!来)越(?:是)?接近|(?<!来)越(?:是)?趋近|(?<!来)越(?:是)?逼近)\s*$", before) \
            and not re.match(rf"\s*\$?\s*(?:[.\d%]|{MEASURE})", after):
        # 任何模型都到不了 1 (a value not taken, as 取不到 1 is), 概率越接近 1，损失越接近 0 (the end a law runs to):
        # the constants, as 到不了一, 越接近一 are (no number to the checker), so the digits must not cost a claim the
        # words escape (new-author trial 18). 已经接近 1, 下限 1, 概率 1 stay values (review 80: a page's PPL of 4
        # said to be 接近 1 passed; review 81: 越来越接近 1 says where the page's values go), and so do 接近 2 and 到不了 1 个
        return True, "the constant 0 or 1 a law runs to or a value never takes (越接近 1, 到不了 1)"
    if text in ("0", "1") and re.search(r"(?:希望|想要|要让|要使|使其|目标是|推向|拉向|推到|拉到)[^，。；,;：:]{0,32}?"
                                      r"(?:接近|趋近|逼近|靠近)\s*$", before) \
            and not re.match(rf"\s*\$?\s*(?:[.\d%]|{MEASURE})", after):
        # 希望 σ(u_o^T v_c) 接近 1 (new-author trial 58): the end a training objective pushes a probability toward, as
        # 越接近 1 is the end a law runs to; 已经接近 1 and 接近 1 个 stay values
        return True, "the constant 0 or 1 an objective pushes toward (希望 σ 接近 1)"
    if text in ("0", "1") and re.match(r"\s*(?:表示|代表)", after) and not re.search(r"[\d.$]\s*$", before):
        # （行是 query，列是 key，1 表示可以读）: the legend of a printed 0/1 matrix codes its entries, as 一表示可以读
        # would (new-author trial 28); 2 表示…, 0.5 表示… stay values
        return True, "the 0 or 1 of a legend (1 表示可以读)"
    if text in ("0", "1") and re.search(r"(?:记|记作|记为|记成|标为|标成|置为|设为|加)\s*$", before) \
            and not re.match(rf"\s*\$?\s*(?:[.\d%]|{MEASURE})", after) and _codes_a_pair(view, start, end):
        # 允许的连接记 0，禁止的连接记 −∞: a mask's coding, two values set side by side by one verb (new-author trial 28);
        # one value alone (损失记 0) stays a number
        return True, "the coding of a mask (允许记 0，禁止记 −∞)"
    if text == "0" and re.search(r"[\u0370-\u03ff]\s*(?:→|\\to)\s*$", before) \
            and not re.match(rf"\s*(?:[.\d]|{MEASURE})", after):
        # τ→0, ε→0 in prose or a description, as $\tau\to0$ is in a formula: the point a limit is taken at (the
        # seventh new-author trial's description). Only zero after a Greek letter: T→2 written for a setting, B→0
        # mapping a tag to an id, pad->0 in code and τ→0 个 stay numbers (review of this stop)
        return True, "point of a limit (τ→0)"
    if re.match(r"(?:x|\s*×)(?![A-Za-z0-9_])", after):
        return False, "multiplier (300x, 3×)"
    if _ROWS_BEFORE.search(before) and re.match(r"\s*[行列](?![为是])", after):
        return True, "range of rows or columns (前 3 行)"
    if ORDINAL_BEFORE.search(before):
        if re.match(r"\s*个", after) and _pair_of_ordinals(view, start, end, text):
            # 第二个目标的概率只有第一个的一半 (new-author trial 40): the first and the second of a pair set against
            # each other name the two, as 前一个/后一个 would; what the sentence says of them its numbers carry
            return True, "the first and the second of a pair set against each other (第二个…第一个)"
        if re.match(r"\s*个", after):
            return False, "ordinal that carries meaning (第 2 个位置最大)"
        return True, "ordinal label (第 6 章, 第 3 步)"
    if re.search(r"(?:槽|位置|slot|position)\s*$", before, re.I) and integer:
        return True, "label of a slot or position of the construction"
    if re.fullmatch(r"(19|20)\d\d", text) and re.match(r"\s*年", after):
        return True, "year"
    if re.fullmatch(r"(19|20)\d\d", text) and re.fullmatch(r"\s*(?:#{1,6}\s*)?", line_prefix) and re.match(r"\s*[：:]", after):
        return True, "year that labels a heading (2020：…)"
    if re.match(r"-(?:bit|gram|way|shot|layer|head|dim)\b", after) and re.search(r"[A-Za-z.(]\S*\s?$", before):
        return True, "part of a compound name in a cited title (LLM.int8(): 8-bit)"
    if re.search(r"(?:19|20)\d\d\s*年\s*$", before) and re.match(r"\s*月", after) and int(text) <= 12:
        return True, "month of a date"
    if re.search(r"\d\s*月\s*$", before) and re.match(r"\s*日", after) and int(text) <= 31:
        return True, "day of a date"
    if re.search(r"[A-Za-z_]$", before) or integer and re.match(r"[A-Za-z_]", after):
        return True, "part of a name"
    if re.search(r"[A-Za-z]-$", before):
        return True, "part of a name"
    # ViT-L/14, ViT-B/16: a model's name ends with its patch size after a slash (label round 54, 6-2)
    if re.search(r"[A-Za-z]-[A-Za-z]+/$", before):
        return True, "part of a name"
    if re.search(r"\d$", before) or re.match(r"\d", after):
        return True, "part of a longer token"
    if LOCATOR_BEFORE.search(before) or LOCATOR_AFTER.match(after):
        return True, "reference or date"
    if re.fullmatch(r"(19|20)\d\d", text) and re.search(r"\b(?:[A-Z]{2,}[A-Za-z]*|et al\.,?)\s$", before):
        return True, "year of a venue or citation (NAACL 2019, et al. 2017)"
    if re.fullmatch(r"(19|20)\d\d", text) and _citation_year(view, start, end):
        return True, "year of a cited work (Kim（2014）; checked against the bibliography)"
    if re.fullmatch(r"(19|20)\d\d", text) and re.match(r"\s*[-/]\d{1,2}[-/]\d{1,2}", after):
        return True, "date"
    if re.match(r"[-/]", after) is None and re.search(r"(19|20)\d\d[-/]\d{1,2}[-/]?$", before):
        return True, "date"
    if re.match(r"\s*[:：]\d\d", after) or re.search(r"\d[:：]$", before):
        return True, "time of day"
    # a range or list continuing a structural reference: §3.12–3.15, p25–36, 表1、表2
    conn = CONNECTOR.search(before)
    if conn:
        prev = list(NUMBER.finditer(view[max(0, start - 60):start - len(conn.group(0))]))
        if prev and prev[-1].end() == len(view[max(0, start - 60):start - len(conn.group(0))]):
            p = prev[-1]
            abs_start = max(0, start - 60) + p.start()
            ok, _ = _prose_structural(view, abs_start, abs_start + len(p.group(0)), p.group(0))
            if ok:
                return True, "continues a reference"
    return False, ""


_DESIGN = r"\s*的?\s*(?:设计|交叉|析因)"
_FACTOR = rf"(?:\d+|{CN_NUMERAL})"


def _factorial_design(view: str, start: int, end: int) -> bool:
    """2×2 设计, 二乘二的设计: the size of a factorial design, in digits or in words alike."""
    before, after = view[max(0, start - 12):start], view[end:end + 12]
    return bool(re.match(rf"\s*[×乘]\s*{_FACTOR}{_DESIGN}", after)
                or re.search(rf"{_FACTOR}\s*[×乘]\s*$", before) and re.match(_DESIGN, after))


def _citation_year(view: str, start: int, end: int) -> bool:
    """Kim（2014）, Vaswani 等（2017）: a year in brackets right after a name (number_words.yaml, citation_year)."""
    lo = max(0, start - 40)
    return any(m.span("year") == (start - lo, end - lo)
               for m in word_rules.citation_year().finditer(view[lo:min(len(view), end + 4)]))


_INDEX_HEADER = re.compile(r"\s*\|?\s*(?:位置|序号|编号|行号|步|步骤|第几步|第几行|#|No\.?|[itkn])\s*\|")


def _index_column(view: str, line_start: int) -> bool:
    """Whether the table the line belongs to heads its first column with an index word (位置, 序号, #, i, t)."""
    lines = view[:line_start].split("\n")[:-1]
    for i in range(len(lines) - 1, 0, -1):
        if re.match(r"\s*\|?\s*:?-{3,}", lines[i]):
            return bool(_INDEX_HEADER.match(lines[i - 1]))
        if not lines[i].lstrip().startswith("|"):
            return False
    return False


def _table_row_index(view: str, line_start: int) -> int:
    """1-based index of a table body row among the rows after the header separator."""
    lines = view[:line_start].split("\n")[:-1]
    n = 1
    for line in reversed(lines):
        if re.match(r"\s*\|?\s*:?-{3,}", line):
            return n
        if not line.lstrip().startswith("|"):
            return -1
        n += 1
    return -1


def _math_structural(view: str, span, start: int, end: int, text: str) -> tuple[bool, str]:
    s, e, content_start = span
    content = view[content_start:e].rstrip("$").rstrip("\\]").rstrip("\\)")
    rel = start - content_start
    inner_before = content[:rel]
    if _is_scientific_or_unit(text):
        return False, "value in math (decimal, fraction, unit or scientific form)"
    if text in ("0", "1") and content.strip() == text:
        # 不超过 $1$, 越接近 $1$: a lone 0 or 1 in math reads as the same digit in prose, which reads as its word
        # (不超过一, 越接近一): the dollar signs must not cost a claim the word escapes (new-author trial 18)
        structural, why = _prose_structural(view, s, e, text)
        return structural, why if structural else "the formula is a number or tuple"
    if text in ("0", "1") and _CONSTANT_IDENTITY.fullmatch(content):
        # $\exp(0)=1$, $e^0=1$, $\ln 1=0$: an identity of constants, as its words (零的指数是一) are (new-author trial 20)
        return True, "an identity of constants ($\\exp(0)=1$)"
    if text in ("0", "1") and _SYMBOL_BOUND.fullmatch(content):
        # $H\ge0$, $\mathrm{PPL}\ge1$: one symbol bounded by the constant 0 or 1, as its words H 不小于零 are (new-author
        # trial 18); the order symbol is what may be written wrong, and makes the sentence one with numbers to bind
        # (checker/relations.py). $w=0$, $t=1$ set a value (a setting to claim); another number or symbol stays a value
        return True, "bound of one symbol ($H\\ge0$)"
    if text in ("0", "1"):
        # $$p_i(T)=\frac{…}{…},\qquad T>0 .$$: the domain a definition closes with, after \qquad or a comma, bounds
        # one symbol as $T>0$ alone does (new-author trial 43)
        parts = list(re.finditer(r"(?:,|，|\\q?quad|\\text\{[^}]*\})\s*", content))
        tail_start = parts[-1].end() if parts else -1
        if 0 <= tail_start <= rel and _SYMBOL_BOUND.fullmatch(content[tail_start:].rstrip(" .。")):
            return True, "bound of one symbol ($H\\ge0$)"
    if text == "0" and _ZERO_MEAN.fullmatch(content) or text == "1" and _UNIT_VARIANCE.fullmatch(content):
        # $E[q_r]E[k_r]=0$, $E[q_r^2]E[k_r^2]=1$: the zero mean and unit variance a general argument assumes, not a
        # value of the page's example (new-author trial 35); a mean said to be 1 stays a value to claim
        return True, "an assumed moment ($E[x]=0$, $\\mathrm{Var}(x)=1$)"
    if text == "0" and _SYMBOL_NEAR_ZERO.fullmatch(content) and _under_a_condition(view, s):
        # 权重接近独热时，落选的位置 $\alpha_j\approx0$: a limit in a general argument (new-author trial 35); the same
        # symbol with no condition before it is a value of the page and stays one to claim
        return True, "a limit under a condition ($\\alpha_j\\approx0$ when …)"
    for env in MATRIX_ENV.finditer(content):
        if env.start(2) <= rel < env.end(2):
            return False, "matrix entry"
    item = r"\s*[-−]?(?:\\(?:ln|log|sqrt)\s*)?\{?\d[\d.]*(?:\{,\}\d{3})*\}?\s*"   # 65{,}536 is one number
    if re.fullmatch(rf"\s*[(\[]?{item}(?:[,，]{item})*[)\]]?\s*", content):
        return False, "the formula is a number or tuple"
    if re.match(r"\s*(?:\\times|×)\s*(?:$|[^\d\s(\\{a-zA-Z])", content[rel + len(text):]):
        return False, "multiplier ($3\\times$)"
    if _in_script(inner_before):
        return True, "index, exponent or bound"
    chain = re.sub(r"(?:\\left)?[(\[]?\s*(?:[-−]?(?:\\(?:ln|log|sqrt)\s*)?(?:[\d.]|\{,\})+\s*[,，]\s*)*[-−]?$", "",
                   inner_before)
    if RELATION.search(chain):
        # =2LBnH_{kv}d_hs: a whole number right before a product of two or more single-letter symbols (each with
        # its own sub- or superscript) is that product's coefficient, structure as the guide lists it (new-author
        # trial 12); one letter after it (128K, 3n, 3d_v), a command (\sqrt, \mu) or a unit stays a value
        if re.fullmatch(r"\d+", text) and _PRODUCT_OF_SYMBOLS.match(content, rel + len(text)):
            return True, "coefficient of a product in a formula"
        return False, "value after a relation"
    return True, "coefficient or structure in a formula"


_SYMBOL = r"[A-Za-z](?:_\{[^{}]*\}|_[A-Za-z0-9]|\^\{[^{}]*\}|\^[A-Za-z0-9])*"
_CONSTANT_IDENTITY_PROSE = re.compile(r"(?<![\w=+\-−*/·^)(])(?:\\?exp\s*\(\s*0\s*\)|e\^\{?0\}?)\s*=\s*1(?![\d.])")
_CONSTANT_IDENTITY = re.compile(r"\s*(?:\\exp\s*\(\s*0\s*\)|e\^\{?\s*0\s*\}?)\s*=\s*1\s*|\s*\\(?:ln|log)\s*\(?\s*1\s*\)?\s*=\s*0\s*"
                                # $e^{-\infty}=0$: a masked score's weight (new-author trial 23)
                                r"|\s*(?:\\exp\s*\(\s*-\s*\\infty\s*\)|e\^\{\s*-\s*\\infty\s*\})\s*=\s*0\s*")
# a parameter's Greek letter ($\varepsilon$, $\tau$): bounded by 0 or 1 it reads as a symbol bound (new-author trial 33)
GREEK_PARAMETER = r"\\(?:varepsilon|epsilon|alpha|beta|gamma|lambda|tau|eta|mu|sigma|delta|theta)"
_SYMBOL_BOUND = re.compile(r"\s*(?:\\(?:mathrm|text|operatorname)\{[A-Za-z]+\}|[A-Za-z]"
                           rf"|{GREEK_PARAMETER})"
                           r"(?:_\{?[A-Za-z]\}?)?\s*"
                           r"(?:\\geq?|\\leq?|[<>≥≤])\s*[01]\s*")
_PRODUCT_OF_SYMBOLS = re.compile(rf"{_SYMBOL}{_SYMBOL}")
_EXPECTATION = r"(?:\\mathbb\{E\}|\\mathrm\{E\}|\\operatorname\{E\}|E)\s*"
_ZERO_MEAN = re.compile(rf"\s*(?:{_EXPECTATION}\[[^\]^=]*\]\s*)+=\s*0\s*")
_UNIT_VARIANCE = re.compile(rf"\s*(?:(?:{_EXPECTATION}\[[^\]=]*\^\{{?2\}}?[^\]=]*\]|"
                            r"\\(?:mathrm|operatorname|text)\{Var\}\s*\([^)=]*\))\s*)+=\s*1\s*")
_SYMBOL_NEAR_ZERO = re.compile(rf"\s*(?:[A-Za-z]|{GREEK_PARAMETER})(?:_\{{?[A-Za-z0-9]\}}?)?\s*\\approx\s*0\s*")


def _under_a_condition(view: str, at: int) -> bool:
    """Does the sentence before `at` open with a condition (…时，, 如果…): a general argument, not the example?"""
    start = max(view.rfind(c, 0, at) for c in "。！？\n") + 1
    return bool(re.search(r"(?:时|的话)[，,]|(?:如果|假如|一旦|当)[^，,。]*[，,]", view[start:at]))


def _in_script(before: str) -> bool:
    """Is the position inside a subscript/superscript (`_{...}`, `^{...}`, `_1`, `^2`)?"""
    if re.search(r"[_^]\s*$", before):
        return True
    depth, stack = 0, []
    i = 0
    while i < len(before):
        ch = before[i]
        if ch == "{" and (i == 0 or before[i - 1] != "\\"):
            opener = before[:i].rstrip()[-1:] if before[:i].rstrip() else ""
            stack.append(opener in "_^")
        elif ch == "}" and (i == 0 or before[i - 1] != "\\") and stack:
            stack.pop()
        i += 1
    return any(stack)


def _codes_a_pair(view: str, start: int, end: int) -> bool:
    """Does the sentence around [start, end) code a second thing with the same verb (…记 0，…记 $-\\infty$)?"""
    s0 = max(view.rfind(c, 0, start) for c in "。！？\n") + 1
    ends = [i for i in (view.find(c, end) for c in "。！？\n") if i >= 0]
    sentence = view[s0:min(ends) if ends else len(view)]
    # (允许的连接加 0，禁止的连接加 -∞: an additive mask coded with 加, new-author trial 44)
    verb = re.search(r"(记|记作|记为|记成|标为|标成|置为|设为|加)\s*$", view[s0:start]).group(1)
    return sentence.count(verb) >= 2


def digit_phrase(body: str, token) -> str:
    """17 分钟前 → '17分钟前': a count in digits with its measure word, in the form the seed data keeps."""
    if not re.fullmatch(r"\d{1,3}(?:,\d{3})+|\d+", token.text):   # (100,000 个候选: new-author trial 36)
        return ""
    if re.search(r"(?:[×*]|\\times)\s*$", body[max(0, token.start - 8):token.start]):
        return ""   # 224×224×3 个像素值: the measure word counts the product, not its last factor (new-author trial 43)
    # a number alone in inline math reads on past its closing $ ($6$ 轮 is 6 轮: a description repeats it so)
    alone = body[token.start - 1:token.start] == "$" and body[token.end:token.end + 1] == "$"
    m = re.match(rf"\s*({MEASURE})([\u3400-\u9fff]{{0,2}})", body[token.end + 1 if alone else token.end:])
    return token.text.replace(",", "") + m.group(1) + m.group(2) if m else ""


# the ends of a sentence in the prose view: the marks, a blank line, and a line break before a block (table, heading,
# quote, list item, admonition)
SENTENCE_END = re.compile(r"[。！？；!?;]|\.(?=\s)|\n\s*\n|\n(?=\s*(?:[|#>]|[-*+]\s|\d+[.)]\s|!!!|\?\?\?))|\n$")


def sentences(view: str) -> list[tuple[int, int]]:
    """(start, end) of every sentence in the prose view, cut at SENTENCE_END (checker/relations.py reads them)."""
    spans, start = [], 0
    for m in SENTENCE_END.finditer(view):
        if view[start:m.end()].strip():
            spans.append((start, m.end()))
        start = m.end()
    if view[start:].strip():
        spans.append((start, len(view)))
    return spans
