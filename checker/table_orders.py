"""A superlative or a rank said of one row of a table on the page, decided on the table's printed numbers.

小解码器的 prefill 里，占比最大的一项是 FFN, beside a table whose rows are 投影 | FFN | 交互 | 合计 and whose column
小解码器 prefill prints 36096 | 36096 | 318096: the sentence names one row (FFN), the column by its header's words
(小解码器, prefill), and says the row is the largest. The page's claims check every number of the table, so the printed
numbers can decide the sentence; no relation was asked for, because the row label is no name the relation lint
knows (blind corpora 31 and 32: W31-036 and W32-022 passed as new sentences). The same holds for a rank
(greedy 返回的 A a EOS 在六条完整路径里排第二, where the column ranks it third: W32-020).

Read: the nearest table before the sentence under the same heading (or the first one after it there); its rows by
their first cell; a total row (合计, 总计, 总和) is no row to compare. A sentence is decided only when it names exactly
one row label, has one superlative or rank word, and every column it selects gives the same verdict: the columns
whose header shares the most words with the sentence, or every numeric column when the sentence names none.
"""
from __future__ import annotations

import re

from checker.numerals import NumeralError, integer

# (最高分候选, 最低分的词: a thing named by its score, no superlative said of a column: new-author trial 43)
_SUPERLATIVE = re.compile(r"最(大|高|多|重|长|小|低|少|轻|短)(?!分(?:数)?的?\s*(?:候选|词|者|token|项|那|与|和))")
_UP = "大高多重长"
# 排第二, and 第二高 / 第二大 (blind_39 W39-018: 分数第二高的是 O, O, where the table's second is B-ORG, O)
# (其次是 A a EOS: the second after the largest the sentence named first; blind_61 W61-012)
_RANK = re.compile(r"排(?:在|名)?第\s*([0-9一二两三四五六七八九十]+)|第\s*([0-9一二两三四五六七八九十]+)\s*(?=高|大|多)"
                   r"|(其次)(?=是|为|的是)")
_TOTAL = re.compile(r"^(?:合计|总计|总和|总数|总计数|总|总体|整体|平均|均值)$")
_NUMBER = re.compile(r"^[$\s]*(-?\d+(?:\.\d+)?)[$\s]*$")
_SENTENCE = re.compile(r"[^。！？\n]+[。！？]?")
_HEADING = re.compile(r"^#{1,6}\s", re.M)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _tables(body: str) -> list[tuple[int, int, list[str], list[list[str]]]]:
    """(start, end, header cells, body rows) of every pipe table (a box's indented table included)."""
    out, lines, at = [], body.split("\n"), 0
    offsets = []
    for line in lines:
        offsets.append(at)
        at += len(line) + 1
    i = 0
    while i + 1 < len(lines):
        if lines[i].lstrip().startswith("|") and re.match(r"^\s*\|?\s*:?-{2,}", lines[i + 1]):
            j = i + 2
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                j += 1
            out.append((offsets[i], offsets[j - 1] + len(lines[j - 1]), _cells(lines[i]),
                        [_cells(row) for row in lines[i + 2:j]]))
            i = j
        else:
            i += 1
    return out


def _table_for(body: str, at: int):
    """The table the sentence at `at` speaks of: the last before it under its heading, else the first after it."""
    heading = max((m.start() for m in _HEADING.finditer(body, 0, at)), default=0)
    following = [m.start() for m in _HEADING.finditer(body, at)]
    section_end = following[0] if following else len(body)
    tables = [t for t in _tables(body) if heading <= t[0] < section_end and not t[0] <= at < t[1]]
    before = [t for t in tables if t[1] <= at]
    return before[-1] if before else next((t for t in tables if t[0] > at), None)


_FRACTION = re.compile(r"^[$\s]*(-?\d+(?:\.\d+)?)\s*/\s*(\d+(?:\.\d+)?)[$\s]*$")


_ASIDE = re.compile(r"\s*[（(][^）)]*[）)]\s*$")
_PERCENT = re.compile(r"^[$\s]*(-?\d+(?:\.\d+)?)\s*\\?%[$\s]*$")


_RESULT = re.compile(r"^\s*\$([^$]*=)\s*([^=$]+)\$\s*$")


def _value(cell: str) -> float | None:
    # 93.3%（90.0%～96.1%）: the cell's value, its range or count in brackets aside (blind_53 W53-015); a percent is
    # read in percent, as every cell of its column is
    cell = _ASIDE.sub("", cell)
    # $2\times(-1)+1\times0.5+1\times1=-0.5$: a worked cell's value is what its last = gives (honest_93 H93-029)
    worked = _RESULT.match(cell)
    if worked:
        cell = worked.group(2).strip()
    m = _NUMBER.match(cell) or _PERCENT.match(cell)
    if m:
        return float(m.group(1))
    m = _FRACTION.match(cell)   # 3/6: a probability the table prints as a fraction
    return float(m.group(1)) / float(m.group(2)) if m and float(m.group(2)) else None


def _header_words(cell: str) -> set[str]:
    return {w for w in re.split(r"[\s（）()、/]+", cell) if w and not re.fullmatch(r"\d+", w)}


def _chosen_columns(header: list[str], rows: list[list[str]], context: str, read) -> tuple[list[int], int]:
    """(the columns of numbers, read by `read`, whose header shares the most words with `context`, that score): every
    such column when the context names none; ([], 0) when the table has none."""
    columns = [c for c in range(1, len(header)) if all(c < len(r) and read(r[c]) is not None for r in rows)]
    if not columns:
        return [], 0
    scores = {c: sum(1 for w in _header_words(header[c]) if w in context) for c in columns}
    best = max(scores.values())
    return [c for c in columns if scores[c] == best], best


def decide(sentence: str, table, by_value: bool = False) -> str | None:
    """A message when the sentence's superlative or rank is false for every column it selects; None otherwise.
    `by_value`: the table is one of another section, read only for a value the sentence prints."""
    verdict, message = _verdict(sentence, sentence, table, by_value)
    return message if verdict is False else None


_CLAUSE = re.compile(r"[^，,；;：:。！？]+")


def holds_in_its_clause(sentence: str, at: int, table) -> bool:
    """Is the superlative at sentence[at] true of the one row its own clause names, for the columns the sentence
    selects (表中…大小次序也和原次数一致：茶最大，咖啡最小, honest_73 H73-011: two rows, two superlatives, one each
    clause)? False when it cannot be decided."""
    clause = next((m.group(0) for m in _CLAUSE.finditer(sentence) if m.start() <= at < m.end()), "")
    return _verdict(clause, sentence, table)[0] is True


def _verdict(sentence: str, context: str, table, by_value: bool = False) -> tuple[bool | None, str | None]:
    """(whether the superlative or rank of `sentence` holds, the message when it does not); columns are chosen by
    the words of `context` (the whole sentence a clause stands in). (None, None) when it cannot be decided."""
    _, _, header, rows = table
    rows = [r for r in rows if r and r[0] and not _TOTAL.match(re.sub(r"[*\s]", "", r[0]))]
    labels = [re.sub(r"[*`]", "", r[0]).strip() for r in rows]
    named = [i for i, label in enumerate(labels) if label and _value(label) is None
             and re.search(rf"(?<![A-Za-z0-9]){re.escape(label)}(?![A-Za-z0-9])", sentence)]
    # a label inside a longer named label (A a EOS in A a c EOS) is not named on its own
    named = [i for i in named if not any(j != i and labels[i] in labels[j] and labels[j] in sentence for j in named)]
    superlatives, ranks = list(_SUPERLATIVE.finditer(sentence)), list(_RANK.finditer(sentence))
    if len(superlatives) + len(ranks) != 1:
        return None, None
    chosen, best = _chosen_columns(header, rows, context, _value)
    if not chosen:
        return None, None
    if by_value:
        named = []
    if not named and best > 0 and len(chosen) == 1:
        # no row named, but a printed value of the column the sentence names (0.569050 也是…各步“p(选中)”中最高的
        # 一个: blind_51 W51-013): the row that prints it
        word = (superlatives or ranks)[0]
        clause = next((m.group(0) for m in _CLAUSE.finditer(sentence) if m.start() <= word.start() < m.end()), "")
        said = {float(x) for x in re.findall(r"(?<![\d.])\d+\.\d+(?![\d.])", clause)}
        named = [i for i, r in enumerate(rows) if _value(r[chosen[0]]) in said]
    if len(named) != 1:
        return None, None
    row = named[0]
    verdicts = []
    for c in chosen:
        values = [_value(r[c]) for r in rows]
        mine = values[row]
        if superlatives:
            up = superlatives[0].group(1) in _UP
            verdicts.append(mine >= max(values) if up else mine <= min(values))
        else:
            said = ranks[0].group(1) or ranks[0].group(2) or ("二" if ranks[0].group(3) else "")
            try:
                wanted = int(said) if said.isdigit() else integer(said)
            except NumeralError:
                return None, None
            if sum(v == mine for v in values) > 1:
                continue   # a rank among tied values is no rank this column can decide (转移分数 1, 0, 0)
            verdicts.append(1 + sum(v > mine for v in values) == wanted)
    if not verdicts:
        return None, None
    if any(verdicts):
        return True, None
    word = superlatives[0].group(0) if superlatives else ranks[0].group(0)
    shown = "; ".join(f"{header[c]}: " + ", ".join(f"{labels[i]} {rows[i][c]}" for i in range(len(rows)))
                      for c in chosen)
    return False, (f"'{word}' is false for the table's printed values of {labels[row]} ({shown}); fix the sentence, or, "
                   f"if it means another quantity, name the column (checker/table_orders.py)")


# a cell's quantity with its unit: 512 MiB and 2 GiB are compared in bytes, 1/32 as a fraction
_UNIT_SCALE = {"B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12, "KiB": 2 ** 10, "MiB": 2 ** 20, "GiB": 2 ** 30,
               "TiB": 2 ** 40, "%": 0.01, "ms": 1e-3, "s": 1, "µs": 1e-6, "us": 1e-6, "ns": 1e-9}
_WITH_UNIT = re.compile(r"^[$\s]*(-?\d+(?:\.\d+)?)\s*(" + "|".join(sorted(map(re.escape, _UNIT_SCALE), key=len, reverse=True))
                        + r")?[$\s]*$")
_MARKER = re.compile(r"〔[^〕]*〕|[*`]")
# a sentence that speaks of another source's numbers as well: the table is not all it says
_OTHER_SOURCE = re.compile(r"课程|讲义|入门文章|论文|原文")
# a comparand set before the subject (和 A 相比，B 更小; 比起 A): the first name is then not the subject
_COMPARAND_FIRST = re.compile(r"相比|相较")


def _quantity(cell: str) -> float | None:
    m = _WITH_UNIT.match(_MARKER.sub("", cell))
    if m:
        return float(m.group(1)) * _UNIT_SCALE.get(m.group(2) or "", 1)
    return _value(cell)


def pair_verdict(span: str, context: str, at: int, direction: str, table) -> tuple[bool | None, str | None]:
    """Whether the order `direction` ('up' or 'down') that the comparison word at span[at] states of two rows of
    `table` holds for every column the sentence selects: MQA 一行只留一个 K/V 头，缓存比 GQA 还小 beside the table whose
    rows are MHA | GQA | 〔本站构造〕MQA and whose column KV 缓存 prints 2 GiB | 512 MiB | 64 MiB (honest_78 H78-032).
    `span`: the sentence up to the end of the word's clause. The subject is the last row label before the word (or
    its 比) in its clause, else the sentence's first label (A 比 B 大，比 C 小; 同理，MQA …，缓存比 GQA 还小), the
    comparand the first after it (A 比 B 小, A 高于 B, A 不如 B); a comparand set first (和 A 相比), or a sentence that speaks of the course's or a paper's
    numbers too, is not read. Columns are those whose header words the sentence holds most, or, with none named,
    every column of quantities; they must agree. (None, None) when undecided."""
    _, _, header, rows = table
    rows = [r for r in rows if r and r[0] and not _TOTAL.match(re.sub(r"[*\s]", "", r[0]))]
    labels = [_MARKER.sub("", r[0]).strip() for r in rows]
    found = []
    for i, label in enumerate(labels):
        if not label or _value(label) is not None:
            continue
        for m in re.finditer(rf"(?<![A-Za-z0-9]){re.escape(label)}(?![A-Za-z0-9])", span):
            if not any(j != i and label in labels[j] and labels[j] in span[max(0, m.start() - 12):m.end() + 12]
                       for j in range(len(labels))):
                found.append((m.start(), m.end(), i))
    found.sort()
    # the subject: the last label before the word in its own clause, else the sentence's first (…A a EOS 既不如 C
    # EOS，也不如…B EOS: the second clause's subject is the sentence's, not the first clause's comparand, H78-020)
    framed = list(_COMPARAND_FIRST.finditer(span[:at]))
    if framed:
        # 和 MQA 相比，GQA 的缓存更小: the comparand stands before 相比, the subject between it and the word
        turn = framed[-1]
        compared = [f for f in found if f[1] <= turn.start()][-1:]
        subject = [f for f in found if turn.end() <= f[0] and f[1] <= at][:1]
        if not compared or not subject or compared[0][2] == subject[0][2]:
            return None, None
        first, second = subject[0][2], compared[0][2]
    else:
        clause_start = max(span.rfind(c, 0, at) for c in "，,；;：:") + 1
        before = [f for f in found if clause_start <= f[0] and f[1] <= at] or [f for f in found if f[1] <= at][:1]
        after = [f for f in found if f[0] > at]
        if not before or not after or before[-1][2] == after[0][2]:
            return None, None
        first, second = before[-1][2], after[0][2]
    if _OTHER_SOURCE.search(context):
        return None, None   # 本站和课程的运行里…都领先: the course's run is no row of this table
    chosen, _ = _chosen_columns(header, rows, context, _quantity)
    verdicts = []
    for c in chosen:
        a, b = _quantity(rows[first][c]), _quantity(rows[second][c])
        if a != b:
            verdicts.append(a > b if direction == "up" else a < b)
    if not verdicts or len(set(verdicts)) > 1:
        return None, None   # columns that disagree (参数 up, NLL down for 领先) leave the word's quantity unknown
    if verdicts[0]:
        return True, None
    shown = "; ".join(f"{header[c]}: {labels[first]} {rows[first][c]}, {labels[second]} {rows[second][c]}"
                      for c in chosen)
    return False, (f"the order is false for the table's printed values ({shown}); fix the sentence, or, if it means "
                   "another quantity, name the column (checker/table_orders.py)")


_RATIO_HEADER = re.compile(r"[（(]\s*([^/（）()]{1,8}?)\s*/\s*([^/（）()]{1,8}?)\s*[）)]")
_MEASURED = re.compile(r"^[$\s]*(-?\d+(?:\.\d+)?)\s*(?:ms|s|µs|us|ns|%|KB|MB|GB|B)?[$\s]*$")


def _measured(cell: str) -> float | None:
    m = _MEASURED.match(re.sub(r"[*`]", "", cell))
    return float(m.group(1)) if m else None


def ratio_header_errors(body: str) -> list[tuple[int, str]]:
    """(offset, message) for each table column headed as a ratio of two others (时间比（重算/缓存）) whose printed
    values are not those columns' quotient, row by row, within the rounding of the printed operands (blind_36
    W36-052 turned the header round to 缓存/重算, and every value was still checked by its claim). A column is named
    by a header holding the word (整段重算 for 重算); a word two headers hold names none."""
    out = []
    for start, _, header, rows in _tables(body):
        for c, cell in enumerate(header):
            m = _RATIO_HEADER.search(cell)
            if not m:
                continue
            sides = []
            for word in m.groups():
                holders = [i for i, h in enumerate(header) if i != c and word.strip() in h]
                sides.append(holders[0] if len(holders) == 1 else None)
            if None in sides:
                continue
            pairs = []
            for row in rows:
                values = [_measured(row[i]) if i < len(row) else None for i in (c, *sides)]
                if None not in values and values[2]:
                    pairs.append((values[0], values[1] / values[2]))
            wrong = [(shown, ratio) for shown, ratio in pairs if abs(shown - ratio) > 0.1 * max(abs(ratio), 1e-12)]
            if pairs and len(wrong) == len(pairs):
                shown, ratio = wrong[0]
                out.append((start, f"the column '{cell}' prints {shown:g} where {header[sides[0]]} / "
                                   f"{header[sides[1]]} is {ratio:.3g} in the same row; the header names the ratio the "
                                   "other way round, or the columns are not the ones it names"))
    return out


# 为正 / 为负 / 为零, 是正数, 大于零: the sign a clause says of one row's cell (blind_55 W55-012: 第 2 步的贡献同样为正 beside
# a table whose 第 2 步 row has −0.024104 in its 贡献 column)
_SIGN = re.compile(r"(?<![不非没])(?:为|是|取|成了|变成)(正|负|零)(?:数|值|的)?(?![确常好在文面则向规])|(?<![不非没])(大于|小于|等于)\s*(?:零|0)(?![.\d])")


def _bigrams(text: str) -> set[str]:
    chars = re.sub(r"[^\u4e00-\u9fff]", " ", text)
    return {chars[i:i + 2] for i in range(len(chars) - 1) if " " not in chars[i:i + 2] and "的" not in chars[i:i + 2]}


def sign_errors(body: str, start: int, sentence: str) -> list[str]:
    """A message for each clause of `sentence` that names one row of the table its section speaks of, and one of its
    columns by a word of the header, and says the sign of that cell wrongly; nothing where it cannot tell."""
    table = _table_for(body, start)
    if table is None or _OTHER_SOURCE.search(sentence):
        return []
    _, _, header, rows = table
    out = []
    for clause in _CLAUSE.finditer(sentence):
        text = clause.group(0)
        said = _SIGN.search(text)
        if not said or re.search(r"(?:不|并不|并非|没有|未必|不一定)\s*$", text[:said.start()]):
            continue
        flat = text.replace(" ", "")
        named = [r for r in rows if r and r[0] and _value(r[0]) is None
                 and _MARKER.sub("", r[0]).replace(" ", "").strip() in flat]
        columns = [c for c in range(1, len(header)) if _bigrams(header[c]) & _bigrams(text)
                   and all(c < len(r) and _value(r[c]) is not None for r in rows)]
        if len(named) != 1 or len(columns) != 1:
            continue
        value = _value(named[0][columns[0]])
        sign = said.group(1) or {"大于": "正", "小于": "负", "等于": "零"}[said.group(2)]
        holds = value > 0 if sign == "正" else value < 0 if sign == "负" else value == 0
        if not holds:
            out.append(f"'{text.strip()}' says the cell is {'positive' if sign == '正' else 'negative' if sign == '负' else 'zero'}"
                       f", but the table's row {named[0][0]!r}, column {header[columns[0]]!r} prints {named[0][columns[0]]}:"
                       " fix the sign word, or name the row and column the sentence means")
    return out


def errors(page) -> list[tuple[int, str]]:
    """(line, message) for each sentence of the page's prose whose superlative or rank about one table row is false
    for that table, and each ratio column whose header names it the other way round."""
    from checker.classify import prose_view, sentences
    body = page.body
    if "|" not in body:
        return []
    out = [(page.line_of(offset), message) for offset, message in ratio_header_errors(body)]
    for start, end in sentences(prose_view(body)):
        text = body[start:end]
        if _SIGN.search(text) and not text.lstrip().startswith("|"):
            out += [(page.line_of(start), message) for message in sign_errors(body, start, " ".join(text.split()))]
        if not (_SUPERLATIVE.search(text) or _RANK.search(text)) or text.lstrip().startswith("|"):
            continue
        table, by_value = _table_for(body, start), False
        if table is None and "表" in text:
            # the table a sentence of a later section names (…自由生成表里各步“p(选中)”中最高的一个, blind_51 W51-013):
            # the last one above it, read for a value the sentence prints
            table, by_value = next((t for t in reversed(_tables(body)) if t[1] <= start), None), True
        if table is None:
            continue
        sentence = " ".join(text.split())
        if all(re.search(r"(?:若|如果|假如|要是|倘若|假设)[^。；]*$", sentence[:m.start()])
               for m in list(_SUPERLATIVE.finditer(sentence)) + list(_RANK.finditer(sentence))):
            continue   # 若把转移分数都取零，最高分路径就会…: a table the sentence supposes, not the one printed (H88-029)
        message = decide(sentence, table, by_value)
        if message is None and len(_SUPERLATIVE.findall(sentence)) + len(_RANK.findall(sentence)) > 1:
            # one superlative a clause (茶最大，咖啡最小): each decided on its own clause's row
            message = next((m for clause in _CLAUSE.finditer(sentence)
                            for m in [_verdict(clause.group(0), sentence, table, by_value)[1]] if m), None)
        if message:
            out.append((page.line_of(start), message))
    return out


def table_for_pair(body: str, at: int, clause: str):
    """The table whose two rows a comparison at `at` sets against each other: the one its section speaks of, else
    the nearest above or below on the page whose row labels the clause names two of (表中只有计数。同理，MQA …比 GQA
    还小 in the section after the table; 按下表，GQA 的缓存…比 MHA 的少 before it)."""
    if "|" not in body:
        return None
    own = _table_for(body, at)
    tables = ([own] if own else []) + sorted((t for t in _tables(body) if t is not own),
                                             key=lambda t: min(abs(t[0] - at), abs(t[1] - at)))
    for table in tables:
        labels = [_MARKER.sub("", r[0]).strip() for r in table[3] if r and r[0]]
        if sum(1 for label in labels if label and _value(label) is None
               and re.search(rf"(?<![A-Za-z0-9]){re.escape(label)}(?![A-Za-z0-9])", clause)) >= 2:
            return table
    return None


def table_at(body: str, at: int):
    """The table the sentence at `at` speaks of (None when there is none)."""
    return _table_for(body, at) if "|" in body else None
