"""A claim whose sentence was reworded, found again by its numbers (issue 31).

A claim template is located verbatim first (checker/pipeline.py). When an author rewords the sentence around a
claimed number (表中一共 6 条 → 表里共 6 条评论), the template no longer matches although the number is still the
computed one, and the author used to be told only "not found". `relocate` finds the one place where every hole
prints its computed value, in the template's order, inside one sentence, and accepts it only when the words that
carry the claim's meaning are the template's:

- the statement words (checker/statements.py: order, sign, negation, source, modality …), in order;
- the Latin and math text (names, symbols, formula parts, digits the template writes out), in order;
- the word right after each number (its unit or measure word: 个 token, 条, 次), where the template has one;
- no Chinese character the template lacks, except the function words of checker/data/rewording.yaml: a swapped
  noun (按词切 → 按字切, 行 → 列) brings a character of its own;
- at least half of the characters the template has before its first number and after its last one (together: a
  rewording may move 预测 from after the number to before it): a claim whose subject was cut away is not the same.

A place whose text stands unchanged in the page's pin file is never taken: it is another sentence the author did
not touch (the claim's own sentence was cut, or its number changed), not a rewording. A relocated claim is compared
like a located one; the page report lists it as a note with the text it was found in (`python -m verify PAGE`
prints the note; a note is not a failure: the numbers were checked), and `make pin`, which pins the reworded
sentence, shows the template's update for acceptance and writes it into the page, so that the claim is found
verbatim again once its sentence is pinned.
"""
from __future__ import annotations

import functools
import itertools
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from checker.rule_files import Rule, load_rules
from checker.word_classes import lost_matters

DATA = Path(__file__).resolve().parent / "data" / "rewording.yaml"
SENTENCE_END = "。！？!?|#`"                # a claim does not run past these unless its template does
CLAUSE_BREAK = "，,；;：:〕" + SENTENCE_END
_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN = re.compile(r"\\[A-Za-z]+|[A-Za-z0-9]+|[=+\-*/^_<>≤≥≈×·√∑∏]")
MAX_NEW_CHARACTERS = 4                     # content characters a rewording may bring (论, 下, 编成); more is new content
MAX_CHAINS = 200                           # candidate placements tried before a claim counts as not found
PLACE = "■"                               # where a number stood, in the texts the guards compare


@functools.lru_cache(maxsize=1)
def rules() -> tuple:
    return tuple(r for r in load_rules(DATA, Rule, ("function_characters", "contrast_pair"))
                 if r.kind == "function_characters")


@functools.lru_cache(maxsize=1)
def contrast_rules() -> tuple:
    """The pairs of words a careless edit swaps for each other (行|列, 词|字, 分子|分母)."""
    return tuple(r for r in load_rules(DATA, Rule, ("function_characters", "contrast_pair")) if r.kind == "contrast_pair")


def function_characters() -> set[str]:
    """The characters a rewording may add around a claimed number (是, 共, 有 …)."""
    return {c for r in rules() for c in re.sub(r"[\[\]]", "", r.pattern)}


@dataclass(frozen=True)
class Located:
    """Where a relocated claim's holes print their values: the part of re.Match the claim check reads (group hN,
    start and end of the whole and of each hole) over the squeezed page text."""
    text: str
    spans: tuple            # (start, end) of hole 0, 1, …
    region: tuple           # (start, end) of the claim's words and numbers: the whole match

    def _span(self, group=0) -> tuple[int, int]:
        if group in (0, None):
            return self.region
        return self.spans[int(str(group).lstrip("h"))]

    def start(self, group=0) -> int:
        return self._span(group)[0]

    def end(self, group=0) -> int:
        return self._span(group)[1]

    def group(self, group=0) -> str:
        start, end = self._span(group)
        return self.text[start:end]


def _places(squeezed: str, pattern: str, accept) -> list[tuple[int, int]]:
    """Where one hole's pattern prints a value `accept` takes, not inside a longer number."""
    return [m.span() for m in re.finditer(f"(?<![0-9.]){pattern}(?![0-9])", squeezed) if accept(m.group(0))]


def _chains(squeezed: str, literals: list[str], places: list[list[tuple[int, int]]]) -> list[tuple]:
    """Every choice of one place per hole, in the template's order, each gap at most twice the template's words
    there and a few characters more, and none across a sentence's end unless the template's own words cross one."""
    chains = [(p,) for p in places[0]]
    for literal, options in zip(literals[1:-1], places[1:]):
        if len(chains) > MAX_CHAINS:
            return []   # a value printed all over the page (a table of 0.5s): no one place to find
        limit = 2 * len(literal) + 16
        crosses = any(c in SENTENCE_END for c in literal)
        chains = [(*chain, p) for chain in chains for p in options
                  if 0 <= p[0] - chain[-1][1] <= limit
                  and (crosses or not any(c in SENTENCE_END for c in squeezed[chain[-1][1]:p[0]]))]
    return chains


def _outer(text: str, start: int, end: int, breaks: int, backwards: bool, lines: list[int], rows: int = 0,
           ends: int | None = None) -> str:
    """The words before a match's first number (backwards) or after its last one, up to the clause break or line
    break that ends them: as many clause breaks further as the template's own outer words hold, and as many lines
    further as they span (`rows`: a table claim's header rows stand before its first number). `ends`: how many
    sentence ends the template's outer words hold; a sentence end beyond them stops the search (a rewording that
    puts its subject after the number must not pull the sentence before into the claim's words)."""
    if backwards:
        pos, passed = start, 0
        for _ in range(breaks + 1):
            pos = max(text.rfind(c, 0, pos) for c in CLAUSE_BREAK)
            if pos < 0:
                break
            if text[pos] in SENTENCE_END:
                passed += 1
                if ends is not None and passed > ends:
                    break
        starts = [i for i in lines if i <= start]
        line = starts[-1 - rows] if len(starts) > rows else 0
        return text[max(pos + 1, line):start]
    pos, passed = end, 0
    for k in range(breaks + 1):
        found = [i for i in (text.find(c, end if k == 0 else pos + 1) for c in CLAUSE_BREAK) if i >= 0]
        pos = min(found) if found else len(text)
        if pos < len(text) and text[pos] in SENTENCE_END:
            passed += 1
            if ends is not None and passed > ends:
                break
    starts = [i for i in lines if i > end]
    line = starts[rows] if len(starts) > rows else len(text)
    return text[end:min(pos, line)]


def _rows(literal: str) -> int:
    """How many line ends a template's words cross: in squeezed text a table's rows meet as '||'."""
    return literal.count("||")


def _count_breaks(text: str) -> int:
    return sum(text.count(c) for c in CLAUSE_BREAK)


def _count_ends(text: str) -> int:
    return sum(text.count(c) for c in SENTENCE_END)


def _unit(text: str) -> str:
    """The word right after a number: a Latin word, or one Chinese character (个, 条, 次); '' if none."""
    text = text.lstrip("$ ")
    m = re.match(r"[A-Za-z]+|[\u3400-\u9fff%‰]", text)
    return m.group(0) if m else ""


def _is_unit(word: str) -> bool:
    """A unit after a number: a Latin word, %, ‰, or a measure word (个, 格, 倍, 行, 分 …: checker.classify.MEASURE,
    whose 分 is a measure word only where no other character makes it a word)."""
    from checker.classify import MEASURE
    return bool(word) and (not re.match(r"[\u3400-\u9fff]", word) or re.fullmatch(MEASURE, word) is not None)


def _spelled_out(token: str, old_text: str) -> bool:
    """A role word the old text already named by its stem (训练多数 -> 训练集多数答案: role:训练集, where 训练 stood):
    the name spelled out further, not a role added; 训练 -> 测试集 is still a role added."""
    word = token.split("@", 1)[0].removeprefix("role:")
    return token.startswith("role:") and len(word) >= 3 and bool(re.fullmatch(r"[\u4e00-\u9fff]+", word)) \
        and word[:-1] in old_text and word not in old_text


def _counts_in_words(text: str) -> list[str]:
    """The counts a text writes with a measure word (两条, 3 个), as value and measure ('2条'); 一 alone is left out,
    it is as often the article (一个) as a count."""
    from checker.classify import MEASURE
    from checker.numerals import NumeralError, integer
    found = []
    for m in re.finditer(rf"(?<![\d.第])(\d+|[两三四五六七八九十百]+)\s*({MEASURE})", text):
        try:
            value = int(m.group(1)) if m.group(1).isdigit() else integer(m.group(1))
        except (NumeralError, ValueError):
            continue
        if m.group(2) != "者":   # 两者, 三者 point back at things named, as 它们 does
            found.append(f"{value}{m.group(2)}")
    return found


def _multiset_missing(needed: list[str], available: list[str]) -> list[str]:
    """The items of `needed` that `available` does not hold as often (multisets)."""
    left, missing = list(available), []
    for item in needed:
        if item in left:
            left.remove(item)
        else:
            missing.append(item)
    return missing


def _statements_missing(needed: list[str], available: list[str]) -> list[str]:
    """_multiset_missing for statement words, where a word read with its subject on one side and without it on the
    other is the same word (增大 $w$ -> $w$ 增大: order:up -> order:up@w); two different subjects (most@猫 ->
    most@我) are not."""
    left, missing = list(available), []
    for item in needed:
        base = item.split("@", 1)[0]
        match = next((t for t in left if t == item), None) or next(
            (t for t in left if t.split("@", 1)[0] == base and ("@" not in t or "@" not in item)), None)
        if match is None:
            missing.append(item)
        else:
            left.remove(match)
    return missing


# a run of math: symbols, commands and operators, with at least one operator or command (p-y, \frac{a}{b}, e^2)
_FORMULA_RUN = re.compile(r"[A-Za-z0-9\\{}()\[\]^_=+\-*/|.,' ]+")


def _formulas(text: str) -> list[str]:
    """The formula fragments of a text, spaces removed, in order: a claim reworded keeps each of its formulas as it
    was (the names' multiset alone lets p-y -> y-p and α_猫/α_我 -> α_我/α_猫 through); the page's text may hold
    more of them (a clause read further out: 北京选 B-ORG … 结果是 B-ORG, O)."""
    out = []
    # a name inside \text{…} is a symbol of the formula (\alpha_{\text{猫}}): spelled in ASCII so the run holds it
    text = re.sub(r"\\text\{([^}]*)\}", lambda m: "\\text{" + "".join(
        c if c.isascii() else f"u{ord(c):x}" for c in m.group(1)) + "}", text)
    for m in _FORMULA_RUN.finditer(text):
        run = re.sub(r"\s+", "", m.group(0)).strip(".,")
        if re.search(r"[A-Za-z]", run) and re.search(r"[=+\-^_\\/]", run):
            out.append(run)
    return out


_PLAIN_DENIALS = ("not", "not-is")


def _plain_denials_traded(before: list[str], after: list[str], after_new: list[str]) -> list[str]:
    """after_new without the plain negations that stand for those `before` lost (不代表 -> 并不反映: not-is -> not;
    honest_91 H91-017), one for one; a negation added beside the old one stays."""
    lost = [t for t in _statements_missing(before, after) if t.split("@", 1)[0] in _PLAIN_DENIALS]
    came = [t for t in after_new if t.split("@", 1)[0] in _PLAIN_DENIALS]
    if not lost or len(lost) != len(came):
        return after_new
    return [t for t in after_new if t.split("@", 1)[0] not in _PLAIN_DENIALS]


def _lost_that_matter(was: list[str], now: list[str]) -> list[str]:
    """The statement words of `was` missing from `now` whose loss changes the claim: a negation or a guarded word (a
    source, a hedge, a label), or a word whose counterpart `now` brings (same -> differ). Another word left unsaid
    (只有 520 个像素不同 -> 只差 520 个像素: differ in words the classes do not read) is a rewording, as
    checker/statements.py reads it outside claims."""
    missing, gained = _statements_missing(was, now), _statements_missing(now, was)
    # a plain negation said with another word (不代表 -> 并不反映: not-is -> not; honest_91 H91-017), one for one
    denials_lost = [t for t in missing if t.split("@", 1)[0] in _PLAIN_DENIALS]
    denials_gained = [t for t in gained if t.split("@", 1)[0] in _PLAIN_DENIALS]
    if denials_lost and len(denials_lost) == len(denials_gained):
        missing = [t for t in missing if t.split("@", 1)[0] not in _PLAIN_DENIALS]
        gained = [t for t in gained if t.split("@", 1)[0] not in _PLAIN_DENIALS]
    return missing if lost_matters(missing, gained) else []


def steps_reworded(was: list[str], now: list[str]) -> bool:
    """The same steps in the same order, each named by another verb (先取 1e-5，再看 -> 先把步长设为 1e-5，再检查:
    step:first:取 step:then:看 -> step:first:步 step:then:检). Steps exchanged bring an old verb to another step
    (先归一化再残差 -> 先残差再归一化: step:first:归 -> step:first:残), which still fails."""
    def parts(token: str) -> tuple[str, str]:
        kind, _, verb = token.partition(":")[2].partition(":")
        return kind, verb
    if not was or len(was) != len(now) or not all(t.startswith("step:") for t in was + now):
        return False
    old, new = [parts(t) for t in was], [parts(t) for t in now]
    verbs = {verb for _, verb in old}
    return [k for k, _ in old] == [k for k, _ in new] and all(
        a == b or b not in verbs for (_, a), (_, b) in zip(old, new))


def _zones(template_parts: list[str], page_parts: list[str]) -> tuple[list[str], list[str], str]:
    """The words that belong to each number, on both sides alike: its clause when every number stands in a clause
    of its own on both sides (其中 2 次后面是“茶”，1 次后面是“水” -> 后面接“茶”的有 2 次，接“水”的有 1 次 keeps 茶
    with 2), else the words before the first number and after the last (one zone: 一共要做 8 次预测 -> 总共要预测
    8 次) and the words between each two numbers (每行 3 个和每列 5 个). The third item names the scheme."""
    def clause_zones(parts):
        clauses = [c for c in re.split(f"[{re.escape(CLAUSE_BREAK)}]", PLACE.join(parts)) if PLACE in c]
        return clauses if len(clauses) == len(parts) - 1 and all(c.count(PLACE) == 1 for c in clauses) else None
    old, new = clause_zones(template_parts), clause_zones(page_parts)
    if old and new and len(old) > 1:
        return old, new, "clause"
    return ([template_parts[0] + template_parts[-1], *template_parts[1:-1]],
            [page_parts[0] + page_parts[-1], *page_parts[1:-1]], "piece")


def _exchanged(template_parts: list[str], page_parts: list[str]) -> str:
    """'' unless two numbers' words changed places (每行 3 个，每列 5 个 -> 每列 3 个，每行 5 个: 列 went to the first
    number's words while 行 went to the second's); a word that moves one way only (总维度 d=128 -> d=128 的总维度)
    is a rewording."""
    old_zones, new_zones, scheme = _zones(template_parts, page_parts)
    function = function_characters()
    moves: dict[tuple[int, int], set[str]] = {}
    def units(zone: str) -> set[str]:   # its Chinese characters and its Latin names (query, K)
        return set(_CJK.findall(zone)) | set(re.findall(r"[A-Za-z][A-Za-z0-9]*", zone))
    for i, (a, b) in enumerate(zip(old_zones, new_zones)):
        for c in units(b) - units(a) - function:
            for j, z in enumerate(old_zones):
                if j != i and c in units(z):
                    moves.setdefault((j, i), set()).add(c)
    for (j, i), chars in moves.items():
        if (i, j) in moves:
            return (f"the words of two numbers changed places ({''.join(sorted(chars))} <-> "
                    f"{''.join(sorted(moves[(i, j)]))}, {scheme} by {scheme})")
    return ""


def contrast_swaps(was: str, now: str) -> list[str]:
    """'行 -> 列' for each contrast pair (checker/data/rewording.yaml) whose one word the rewording adds while the
    other loses an occurrence: a noun swapped for its counterpart, not a rewording."""
    swaps = []
    for rule in contrast_rules():
        a, b = rule.pattern.split("|")
        for x, y in ((a, b), (b, a)):
            if now.count(y) > was.count(y) and now.count(x) < was.count(x):
                swaps.append(f"{x} -> {y}")
    return swaps


def _same_cells(was: list[str], now: list[str]) -> bool:
    """Cell by cell, the same header and row labels, or one spelled out further (内容 -> 内容向量, 权重 -> 读取权重,
    读到 -> 读到的词): the old cell's characters in order inside the new one, or the other way round; or a cell
    reworded around the same Latin names (NLL（每 token） -> 每 token 的 NLL, 相对 MHA -> 与 MHA 之比). Two cells
    exchanged (更新 | 新记录 -> 新记录 | 更新) or one replaced (p(river) -> p(bank), NLL -> PPL) is not."""
    def inside(short: str, long: str) -> bool:
        it = iter(long)
        return all(c in it for c in short)

    def same_names(a: str, b: str) -> bool:   # NLL（每 token） -> 每 token 的 NLL; 相对 MHA -> 与 MHA 之比
        names = sorted(re.findall(r"[A-Za-z][A-Za-z0-9_]*", a))
        if names != sorted(re.findall(r"[A-Za-z][A-Za-z0-9_]*", b)):
            return False
        # 整句对的条数（比例） -> 答对的整句数（比例）: two thirds of its own characters kept (精确率 -> 召回率 keeps one)
        old_words, new_words = set(_CJK.findall(a)), set(_CJK.findall(b))
        return bool(names) or len(old_words) >= 3 and 3 * len(old_words & new_words) >= 2 * len(old_words)
    return len(was) == len(now) and all(
        a == b or (a and b and b not in was and a not in now   # 位置 | 位置向量 -> 位置向量 | 位置 is an exchange
                   and (inside(a, b) or inside(b, a) or same_names(a, b)) and not contrast_swaps(a, b))
        for a, b in zip(was, now))


_DESCRIBING = ("position:after", "position:before", "position:start", "position:end", "same")


def _without_pointer_pair(words: list[str]) -> list[str]:
    """Added statement words without one 前者 and one 后者 brought in together: the two point back at the names the
    sentence already has (GRU 的参数量是 LSTM 的 0.75（三个块对四个块） -> …，因为前者有三个块、后者有四个块). One of
    them alone, or one exchanged for the other where the pinned text had it, is still a change."""
    bare = [t.split("@", 1)[0] for t in words]
    if "former" in bare and "latter" in bare:
        words = list(words)
        for name in ("former", "latter"):
            words.pop(next(i for i, t in enumerate(words) if t.split("@", 1)[0] == name))
    return words


_NAME_LIST = re.compile(r"[A-Za-z]\w*(?:\s*[,，、]\s*[A-Za-z]\w*)+")


def _said_by_a_synonym(name: str, was: str, now: str) -> bool:
    """Is a name the rewording dropped said by a synonym the glossary lists with it (宽度为二的 beam -> 宽度为二的束搜索:
    honest_32 H32-026), one that the old text did not have?"""
    from checker.crossrefs import synonym_groups
    for group in synonym_groups():
        if name.lower() in (g.lower() for g in group):
            return any(g.lower() in now.lower() and g.lower() not in was.lower()
                       for g in group if g.lower() != name.lower() and name.lower() not in g.lower())
    return False


def why_not_the_same_claim(template_parts: list[str], page_parts: list[str], tokens, old_sentence: str = "",
                           page_sentence: str = "") -> str:
    """'' when the page's words around the numbers say what the template's said; else what changed. `tokens`:
    checker.statements.tokens, the statement words of a text. `old_sentence`: the whole sentence the claim stood in
    when it was pinned (its other words may move into the claim's clauses: 再加上 EOS，一共 8 个 -> 加上 EOS 一共
    是 8 个), or '' (then the template's own words are all there is). `page_sentence`: the page's clauses next to
    the numbers' own (`_around`): a statement word or the claim's subject may have moved into one of them (短句的
    平均只应该由 2 个真实 token 决定 -> 短句只有 2 个真实 token，平均只应由它们决定)."""
    was, now = PLACE.join(template_parts), PLACE.join(page_parts)
    context, around = old_sentence or was, page_sentence or now
    before, after = [t for _, t in tokens(was)], [t for _, t in tokens(now)]
    # a place or a sameness said around the numbers (读完之后“猫追狗”停在 2.25; 也是 -> 同样是) describes, as it
    # would passing into a pinned sentence (checker/statements.py); a negation, an order or a source does not
    after_new = [t for t in after if not _spelled_out(t, context) and t.split("@", 1)[0] not in _DESCRIBING]
    if not any(t.split("@", 1)[0] in ("former", "latter") for t in before):
        after_new = _without_pointer_pair(after_new)
    after_new = _plain_denials_traded(before, after, after_new)
    if (_lost_that_matter(before, [t for _, t in tokens(around)])
            or _statements_missing(after_new, [t for _, t in tokens(context)] + before)):
        return f"its statement words changed ({' '.join(before) or 'none'} -> {' '.join(after) or 'none'})"
    latin_was, latin_now = _LATIN.findall(was), _LATIN.findall(now)
    added = [w for w in _multiset_missing(latin_now, _LATIN.findall(context) + latin_was)
             if w not in latin_was and w not in _LATIN.findall(context)]   # a name said once more is no new name
    # a common word added beside the template's own names (2027 个 -> 2027 个有效 token) spells the unit out; a name
    # replaced, a symbol or a formula part is not that (a role added, query, is a statement word and refused above)
    missing = [w for w in _multiset_missing(latin_was, _LATIN.findall(around)) if not _said_by_a_synonym(w, was, now)]
    if missing or any(not re.fullmatch(r"[a-z]{3,}", word) for word in added):
        return "its names, symbols or formula changed"
    if _multiset_missing(_formulas(was), _formulas(now) + _formulas(around)):
        return "a formula around the numbers changed (the same symbols in another order: p-y -> y-p)"
    for a, b in zip(template_parts, page_parts):
        # the names between two numbers in another order (p_t（book, pen, EOS） -> （book, EOS, pen）: blind_30
        # W30-004): each column or number is read against its name's place, so the order is the claim's
        # (an enumeration of names only: NLL（每 token） -> 每 token 的 NLL words one column's header another way)
        names_a, names_b = ([n for m in _NAME_LIST.finditer(t) for n in re.split(r"\s*[,，、]\s*", m.group(0))]
                            for t in (a, b))
        if len(names_a) >= 2 and sorted(names_a) == sorted(names_b) and names_a != names_b:
            return f"its names stand in another order ({', '.join(names_a)} -> {', '.join(names_b)})"
    for i, (a, b) in enumerate(zip(template_parts[1:], page_parts[1:]), start=1):
        # the unit or measure word a number carries (3 格, 8 heads, 2.25 倍); a verb or comparison after it (相同 ->
        # 一样, 比 X 大 -> 大于 X, 变成 -> 同理变成) is read by the statement-word and kept-words tests instead
        if _is_unit(_unit(a)) and _unit(a) not in function_characters() and _unit(a) != _unit(b):
            return f"the word after number {i} changed ({_unit(a)} -> {_unit(b) or 'nothing'})"
    for i, (a, b) in enumerate(zip(template_parts[:-1], page_parts[:-1]), start=1):
        if a.rstrip("$ ").endswith("第") != b.rstrip("$ ").endswith("第"):   # 第一个位置 -> 最后一个位置
            return f"number {i} is no longer the same ordinal (第)"
    for a, b in zip(template_parts, page_parts):   # a table's header and row labels are its meaning, cell by cell
        if ("|" in a or "|" in b) and not _same_cells(a.split("|"), b.split("|")):
            return "a table cell around the numbers changed (a header or a row label)"
    outer = set(_CJK.findall(template_parts[0] + template_parts[-1])) - function_characters()
    kept = set(around)
    if len(outer) >= 2 and 2 * len(outer & kept) < len(outer):   # 算出来是 -> 得到: function words only
        return "less than half of its words before the first number and after the last are left"
    # a count written in the claim's words (前两条的 {grad}) is part of what it says: 前两条 -> 前三条 is another claim
    counts_was, counts_now = _counts_in_words(was), _counts_in_words(now)
    if (_multiset_missing(counts_was, counts_now + _counts_in_words(around))
            or _multiset_missing(counts_now, counts_was + _counts_in_words(context))):
        return f"a count in its words changed ({' '.join(counts_was) or 'none'} -> {' '.join(counts_now) or 'none'})"
    swaps = contrast_swaps(was, now)
    if swaps:
        return f"a word was swapped for its counterpart ({', '.join(swaps)})"
    exchanged = _exchanged(template_parts, page_parts)
    if exchanged:
        return exchanged
    new = set(_CJK.findall(now)) - set(_CJK.findall(context)) - function_characters()
    if len(new) > MAX_NEW_CHARACTERS:
        return f"it has more new words than a rewording adds ({''.join(sorted(new))})"
    return ""


def _around(text: str, region: tuple[int, int], lines: list[int]) -> str:
    """The region with one more clause on each side, inside its sentence (up to a sentence end or a line break):
    where a rewording may have moved the claim's subject or a statement word (用舍入权重……算出的结果，最大相差约
    0.0003; 短句只有 2 个真实 token，平均只应由它们决定)."""
    start = max([text.rfind(c, 0, region[0]) + 1 for c in SENTENCE_END] + [i for i in lines if i <= region[0]] + [0])
    ends = [i for i in (text.find(c, region[1]) for c in SENTENCE_END) if i >= 0] + [i for i in lines if i >= region[1]]
    end = min(ends) if ends else len(text)
    before = max([text.rfind(c, start, max(region[0] - 1, start)) for c in CLAUSE_BREAK] + [start - 1]) + 1
    after = min([i for i in (text.find(c, region[1] + 1, end) for c in CLAUSE_BREAK) if i >= 0] + [end])
    return text[before:after]


def _with_neighbours(text: str, region: tuple[int, int], lines: list[int]) -> str:
    """The region with the character on each side of it (a clause break) unless a line begins there: a place
    stands unchanged in the pin file only where its clause does, not where its words are the tail of a longer
    clause there (一共得到 4 次 -> 共得到 4 次 is a rewording of that clause, not another sentence)."""
    start = region[0] - (region[0] > 0 and region[0] not in lines)
    end = region[1] + (region[1] < len(text) and region[1] not in lines)
    return text[start:end]


_ADMONITION = re.compile(r'^(?:!!!|\?\?\?\+?)?(?:example|quote|abstract|note|info|tip|warning|question|danger)"[^"]*"')


def old_clauses(old_text: str, first: int, last: int, literals: list[str]) -> tuple[str, str, str]:
    """(head, tail, sentence): the whole clauses around a claim's numbers in the text it was pinned in (`first`,
    `last`: where its first number began and its last one ended there), and the whole sentence they stand in. They are what the page said before the rewording, so
    the guards compare like with like: a bracketed list or a clause the template never quoted, left as it was, is
    not a word the rewording added."""
    start = max(old_text.rfind(c, 0, first) for c in SENTENCE_END) + 1
    ends = [i for i in (old_text.find(c, last) for c in SENTENCE_END) if i >= 0]
    # a pinned box sentence begins with its admonition (example"教学构造"): the box's title, not the claim's words
    head = _ADMONITION.sub("", _outer(old_text, first, last, _count_breaks(literals[0]), True, []))
    return (head,
            _outer(old_text, first, last, _count_breaks(literals[-1]), False, []),
            old_text[start:min(ends) if ends else len(old_text)])


# a credit link （[§4.3](4-3.md)）: where a point is in the course, no name or digit of the clause it closes
CREDIT_LINK = re.compile(r"[（(](?:见|参见)?\s*(?:讲义|入门文章)?\s*\[(?:讲义|入门文章)?\s*§\s*\d+(?:\.\d+)*\]\([^)\s]*\)[）)]")


def relocate(squeezed: str, literals: list[str], patterns: list[str], accept, lines: list[int], tokens,
             pinned=lambda text: False, was: tuple[str, str, str] | None = None) -> tuple[Located, str] | None:
    """(where, the page's text of the claim) for the one place where every hole prints its value (`accept(n,
    printed)`: hole n's printed value compares equal) and the words around say the same (`why_not_the_same_claim`);
    None when there is no such place or more than one. `lines`: the squeezed offsets where a line of the page
    begins. The words compared before the first number and after the last are their whole clauses (as many clauses
    as the template's own words there span), so a word added further out is read too. `pinned(text)`: the text
    stands unchanged in the page's pin file; such a place is another sentence the author did not touch (the claim's
    own sentence was cut or its number changed), not a rewording of the claim's. `was`: the clauses before the
    first number and after the last as the pinned text had them (`old_clauses`), compared instead of the
    template's own words there when the claim's old place is known."""
    if not patterns:
        return None
    before = [was[0], *literals[1:-1], was[1]] if was else literals
    places = [_places(squeezed, pattern, lambda printed, n=n: accept(n, printed)) for n, pattern in enumerate(patterns)]
    found = []
    for spans in _chains(squeezed, literals, places):
        first, last = spans[0][0], spans[-1][1]
        head = _outer(squeezed, first, last, _count_breaks(literals[0]), True, lines, _rows(literals[0]),
                      _count_ends(literals[0]))
        tail = _outer(squeezed, first, last, _count_breaks(literals[-1]), False, lines, _rows(literals[-1]),
                      _count_ends(literals[-1]))
        gaps = [squeezed[a[1]:b[0]] for a, b in zip(spans, spans[1:])]
        page_parts = [head, *gaps, tail]
        region = (first - len(head), last + len(tail))
        # the numbers stand as PLACE in the clauses around too: E2 there is the name E beside the claim's number
        masked = squeezed
        for a, b in spans:
            masked = masked[:a] + PLACE * (b - a) + masked[b:]
        if (not pinned(_with_neighbours(squeezed, region, lines))
                and not why_not_the_same_claim(before, page_parts, tokens, was[2] if was else "",
                                               _around(masked, region, lines))):
            found.append((Located(squeezed, spans, region), PLACE.join(page_parts)))
    if len(found) > 1:
        # the same place read with more or less of its surroundings (a number of a link or another claim pulled
        # in): the tightest reading, when every other one overlaps it; two separate places are ambiguous
        found.sort(key=lambda f: f[0].region[1] - f[0].region[0])
        tight = found[0][0].region
        if all(f[0].region[0] < tight[1] and tight[0] < f[0].region[1] for f in found[1:]):
            return found[0]
        # one number printed twice in the sentence (∂L/∂w_h≈0.085227，和整段 BPTT 的结果 0.085227 相同): the place
        # whose own words keep most of the template's words is the claim's, when exactly one keeps the most
        words = set(_CJK.findall("".join(before))) - function_characters()
        kept = [len(words & set(_CJK.findall(text))) for _, text in found]
        if kept.count(max(kept)) == 1:
            return found[kept.index(max(kept))]
    return found[0] if len(found) == 1 else None



# ----------------------------------------------------------- a claim found in the sentence that replaced its own

MAX_ALIGNED_NEW_CHARACTERS = 10   # content characters a rewording of a whole sentence may bring (一模一样 -> 完全相同)
_SAME_MEASURE = {("个", "者")}      # 三个指数之和 -> 三者之和
MAX_ASSIGNMENTS = 200             # choices of one place per hole tried in the replacing sentence


def _zone(text: str, start: int, end: int) -> str:
    """The clause a number stands in (between the clause breaks around it)."""
    left = max(text.rfind(c, 0, start) for c in CLAUSE_BREAK) + 1
    ends = [i for i in (text.find(c, end) for c in CLAUSE_BREAK) if i >= 0]
    return text[left:min(ends) if ends else len(text)]


def _masked(text: str, spans) -> str:
    for a, b in spans:
        text = text[:a] + PLACE * (b - a) + text[b:]
    return text


def _exchanged_zones(old_zones: list[str], new_zones: list[str]) -> str:
    """'' unless two numbers' clauses exchanged words (每行 3 个，每列 5 个 -> 每列 3 个，每行 5 个)."""
    function = function_characters()
    def units(zone: str) -> set[str]:
        return set(_CJK.findall(zone)) | set(re.findall(r"[A-Za-z][A-Za-z0-9]*", zone))
    moves: dict[tuple[int, int], set[str]] = {}
    for i, (a, b) in enumerate(zip(old_zones, new_zones)):
        for c in units(b) - units(a) - function:
            for j, z in enumerate(old_zones):
                if j != i and z != a and c in units(z):
                    moves.setdefault((j, i), set()).add(c)
    for (j, i), chars in moves.items():
        # two numbers now printed once (Z 的形状是 X，K 的形状也是 X -> Z 和 K 的形状都是 X) share one clause: merged, not exchanged
        if (i, j) in moves and new_zones[i] != new_zones[j]:
            return f"the words of two numbers changed places ({''.join(sorted(chars))} <-> {''.join(sorted(moves[(i, j)]))})"
    return ""


# a noun of counting that carries a measure word (出现 4 次 -> 出现总数 4, 有 3 个 -> 个数为 3)
_COUNTING_NOUN = re.compile(r"(?:总|次|个|条|项|步|层|词)数\s*(?:[是为：:]|等于)?\s*\$?\s*$")


def _counted_by_noun(unit: str, before: str, after: str) -> bool:
    """True when a count's measure word was dropped because a counting noun now stands right before the number:
    出现 4 次 -> 出现的总数 4. Only where nothing else follows as the number's unit."""
    return not _unit(after) and unit in "次个条项步层" and bool(_COUNTING_NOUN.search(before))


def why_not_the_same_sentence(old: str, old_spans: list, new: str, new_spans: list, tokens) -> str:
    """'' when `new`, the sentence that replaced `old` on the page (their numbers at `old_spans` and `new_spans`,
    hole by hole), says what `old` said; else what changed. The whole sentence is compared, not the words next to
    each number, since its words may come in another order (全部计数加起来是 32 -> 所有计数之和为 32; 三个指数之和约为
    11.107 -> 每个指数除以三者之和（约 11.107）): the same statement words (negation, order, role, source, modality …),
    the same names and symbols, no word swapped for its counterpart, the same measure word after each number, each
    number with its own clause's words, at least half of the old words kept and few new ones."""
    was, now = _masked(old, old_spans), _masked(new, new_spans)
    before, after = [t for _, t in tokens(was)], [t for _, t in tokens(now)]
    steps_was, steps_now = [t for t in before if t.startswith("step:")], [t for t in after if t.startswith("step:")]
    if steps_was != steps_now and steps_reworded(steps_was, steps_now):
        before, after = [t for t in before if t not in steps_was], [t for t in after if t not in steps_now]
    added = [t for t in _statements_missing(after, before) if not t.split("@", 1)[0].startswith("position:")]
    if not any(t.split("@", 1)[0] in ("former", "latter") for t in before):
        added = _without_pointer_pair(added)
    # two numbers printed once for both (仍是 161（原文也是 161） -> 和原文一样，仍是 161) may say that they agree:
    # the sameness is what lets one number stand for two, and both still hold their value
    shared = len({tuple(span) for span in new_spans}) < len(new_spans)
    if shared and added and all(t.split("@", 1)[0] == "same" for t in added):
        added = []
    if _lost_that_matter(before, after) or added:
        return f"its statement words changed ({' '.join(before) or 'none'} -> {' '.join(after) or 'none'})"
    if sorted(_counts_in_words(was)) != sorted(_counts_in_words(now)):
        return (f"a count in its words changed ({' '.join(_counts_in_words(was)) or 'none'} -> "
                f"{' '.join(_counts_in_words(now)) or 'none'})")
    # 取 $0.5$ -> $W_h=0.5$: an = right before a number sets it, as the words did
    # another claim's numbers stand in the sentence as digits: they are that claim's to check (two printed once,
    # 在原文里从位置 142 开始，在移动版里也从位置 142 开始 -> 原文和移动版里都从位置 142 开始), not names
    latin_was, latin_now = ([w for w in _LATIN.findall(re.sub(f"=(?=\\$?{PLACE})", "", t)) if not w.isdigit()]
                            for t in (was, now))
    # a name the sentence already had, said once more (GRU 的参数量是 LSTM 的 0.75 -> GRU 有三个块，LSTM 有四个块，所以
    # GRU 的参数量…), is no new name; each old name must still be there as often as it was
    added = [w for w in _multiset_missing(latin_now, latin_was) if w not in latin_was]
    if _multiset_missing(latin_was, latin_now) or any(not re.fullmatch(r"[a-z]{3,}", word) for word in added):
        return "its names, symbols or formula changed"
    if _multiset_missing(_formulas(was), _formulas(now)):
        return "a formula in the sentence changed (the same symbols in another order: p-y -> y-p)"
    swaps = contrast_swaps(was, now)
    if swaps:
        return f"a word was swapped for its counterpart ({', '.join(swaps)})"
    for n, ((_, a), (start, b)) in enumerate(zip(old_spans, new_spans), start=1):
        unit = _unit(was[a:])
        # a place two holes share (假设一共三步，这三个概率 -> 共有三步，各步的概率) carries the measure word of one of them
        sharing = {_unit(was[a2:]) for (_, a2), span in zip(old_spans, new_spans) if span == (start, b)}
        if _is_unit(unit) and unit not in function_characters() and unit != _unit(now[b:]) \
                and _unit(now[b:]) not in sharing \
                and (unit, _unit(now[b:])) not in _SAME_MEASURE and not _counted_by_noun(unit, now[:start], now[b:]):
            return f"the word after number {n} changed ({unit} -> {_unit(now[b:]) or 'nothing'})"
    if len(set(old_spans)) > 1:
        exchanged = _exchanged_zones([_zone(was, a, b) for a, b in old_spans], [_zone(now, a, b) for a, b in new_spans])
        if exchanged:
            return exchanged
    words = set(_CJK.findall(was)) - function_characters()
    kept = len(words & set(now))
    # a short sentence may change half its few words (全部计数 -> 所有计数) and still keep its subject
    if len(words) >= 2 and 2 * kept < len(words) and not (len(words) <= 3 and kept):
        return "less than half of its words are left"
    new_words = set(_CJK.findall(now)) - set(_CJK.findall(was)) - function_characters()
    if len(new_words) > MAX_ALIGNED_NEW_CHARACTERS:
        return f"it has more new words than a rewording adds ({''.join(sorted(new_words))})"
    return ""


def _count_put_in_words(old: str, old_spans, spans, new: str, lo: int) -> bool:
    """A hole that shares its place with another one (a number printed once for two) whose old count now stands in
    words with its measure word (按权重汇总九个 value -> 汇总一个 value): the count was changed, not merged away."""
    from checker.numerals import NUMERAL_CHARS
    for i, span in enumerate(spans):
        if spans.index(span) == i:
            continue   # the first hole at this place keeps it
        measure = _unit(old[old_spans[i][1]:])
        if measure and re.search(f"[{NUMERAL_CHARS}]\\s*{re.escape(measure)}", new):
            return True
    return False


def relocate_aligned(squeezed: str, region: tuple[int, int], patterns: list[str], accept, old: str,
                     old_spans: list[tuple[int, int]], tokens) -> tuple[Located, str] | None:
    """The claim in the page text that replaced its pinned sentence (`region`, squeezed offsets; the pin file's
    sentence and the page's now paired by checker/snapshots.py diff): `relocate` reads the words between and around
    the numbers in the template's order; here the numbers may come in another order and a number the template
    printed twice may be printed once. `old`: the pinned sentence, its numbers at `old_spans` (hole by hole). Each
    hole's place is chosen in the region so that holes with different patterns take different places; of several
    choices the one with most places, then the one in the template's order, else none."""
    lo, hi = region
    options = []
    for n, pattern in enumerate(patterns):
        places = [(a + lo, b + lo) for a, b in _places(squeezed[lo:hi], pattern, lambda p, n=n: accept(n, p))]
        if not places:
            return None
        options.append(places)
    total = 1
    for places in options:
        total *= len(places)
    if total > MAX_ASSIGNMENTS:
        return None
    # two holes may share one printed number only when they read the same text: their patterns without the names of
    # their groups (Z 的形状是 (196, 16)，K 的形状也是 (196, 16) -> Z 和 K 的形状都是 (196, 16))
    same = [re.sub(r"(?<=\(\?P<)h\d+|(?<=\(\?\()h\d+|(?<=\(\?P=)h\d+", "h", pattern) for pattern in patterns]
    choices = []
    for choice in itertools.product(*options):
        if all(choice[i] == choice[j] and same[i] == same[j] or
               choice[i][1] <= choice[j][0] or choice[j][1] <= choice[i][0]
               for i in range(len(choice)) for j in range(i + 1, len(choice))):
            choices.append(choice)
    if not choices:
        return None
    most = max(len(set(c)) for c in choices)
    choices = [c for c in choices if len(set(c)) == most]
    if len(choices) > 1:
        choices = [c for c in choices if list(c) == sorted(c)] or choices
    new = squeezed[lo:hi]
    if len(choices) > 1:
        # a value printed more than once in the new sentence (“喝”原来出现 3 次，3 个候选又各多了一次，所以分母从 3
        # 变成了 6): the choice whose numbers keep their measure words and clauses is the claim's, when only one does
        choices = [c for c in choices if not _count_put_in_words(old, old_spans, c, new, lo) and not
                   why_not_the_same_sentence(old, list(old_spans), new, [(a - lo, b - lo) for a, b in c], tokens)]
        choices = _printed_as_before(squeezed, old, old_spans, choices)
        if len(choices) != 1 or _another_number_beside_a_shared_one(squeezed, region, choices[0], old):
            return None
        return _aligned(squeezed, region, choices[0])
    spans = choices[0]
    if _count_put_in_words(old, old_spans, spans, new, lo) or _another_number_beside_a_shared_one(squeezed, region, spans, old):
        return None
    if why_not_the_same_sentence(old, list(old_spans), new, [(a - lo, b - lo) for a, b in spans], tokens):
        return None
    return _aligned(squeezed, region, spans)


def _another_number_beside_a_shared_one(squeezed: str, region: tuple[int, int], spans, old: str) -> bool:
    """Two holes that share one printed number (Z 和 K 的形状都是 (196, 16)) are that number said once only where the
    sentence prints fewer numbers than its pinned text `old` did: 先让词表减半、再让维度也翻倍 is no rewording of
    先让词表翻倍、再让维度也翻倍, whose two holes the one 翻倍 left would otherwise both take (the whole-site mutation
    test: 翻倍 -> 减半 passed)."""
    if len(set(spans)) == len(spans):
        return False
    from checker.classify import numbers_in
    lo, hi = region
    # digits however they read (位置 142 is a place), and number words (这三个 points back, still printed), but not
    # 一 read as a word of the language (一样, 一个 as an article)
    printed = lambda text: sum(not (t.word and t.structural and t.text.startswith("一")) for t in numbers_in(text))  # noqa: E731
    return printed(squeezed[lo:hi]) >= printed(old)


def _printed_as_before(squeezed: str, old: str, old_spans, choices: list) -> list:
    """Of several choices that all say what the old sentence said, those whose holes print their numbers as the old
    sentence did, then those whose numbers keep the words right before them: 宽度为 1 的 beam 只留一个前缀 ->
    宽度为 1 的 beam 每轮只保留一个前缀 holds the width twice (1 and 一个), and the 1 after 宽度为 is the claim's."""
    def score(choice) -> tuple[int, int]:
        same_text = sum(squeezed[a:b] == old[c:d] for (a, b), (c, d) in zip(choice, old_spans))
        same_words = sum(squeezed[max(a - 2, 0):a] == old[max(c - 2, 0):c] for (a, _), (c, _) in zip(choice, old_spans))
        return same_text, same_words
    if len(choices) < 2:
        return choices
    best = max(map(score, choices))
    return [c for c in choices if score(c) == best]


def _aligned(squeezed: str, region: tuple[int, int], spans) -> tuple[Located, str]:
    lo, hi = region
    new = squeezed[lo:hi]
    shown = new
    for a, b in sorted(set(spans), reverse=True):   # one mark per number, as `relocate` shows its text
        shown = shown[:a - lo] + PLACE + shown[b - lo:]
    return Located(squeezed, tuple(spans), region), shown

# --------------------------------------------------------------------------- bringing a template up to date

@dataclass(frozen=True)
class Update:
    """A relocated claim's template and the page text it was found in, with the holes put back."""
    path: Path
    line: int
    index: int
    old: str
    new: str
    what: str = "claim"     # or "relation": its `text` follows the sentence the same way


def new_template(body: str, offsets: list[int], located: Located, holes: list[str]) -> str:
    """The page's text over the relocated claim's region (`offsets`: squeezed index -> body offset), each hole's
    printed value replaced by its `{key}`."""
    pieces, pos = [], offsets[located.region[0]]
    # a claim found in a replacing sentence may print its numbers in another order, or a repeated one once
    for (start, end), hole in sorted(dict(zip(located.spans, holes)).items()):
        pieces += [body[pos:offsets[start]], hole]
        pos = offsets[end - 1] + 1
    pieces.append(body[pos:offsets[located.region[1] - 1] + 1])
    return re.sub(r"\s*\n\s*", " ", "".join(pieces))


def _renumbered(front: str, update: Update) -> tuple[str, str]:
    """A relation reads a cited entry's numbers by their place in its text ({cited[0][1]}: entry 0's second number).
    When the reworded text prints them in another order (固定摘要是 57.67%，动态读取是 87.00% -> 动态读取是 87.00%，
    固定摘要是 57.67%), each {cited[i][j]} is moved to the number's new place, so a predicate keeps meaning what it
    meant; ('', why) when a number is printed twice and its new place is not known."""
    from checker.classify import numbers_in
    def printed(text: str) -> list[str]:
        return [t.text for t in numbers_in(text) if not t.structural]
    was, now = printed(update.old), printed(update.new)
    if was == now:
        return front, ""
    if sorted(was) != sorted(now) or len(set(was)) != len(was):
        return front, (f"cited text {update.index}'s numbers are printed in another order and cannot be matched one "
                       "to one; edit the entry and the relations that read it ({cited[i][j]}) by hand")
    place = {j: now.index(number) for j, number in enumerate(was)}
    pattern = re.compile(r"\{cited\[" + str(update.index) + r"\]\[(\d+)\]\}")
    return pattern.sub(lambda m: "{cited[%d][%d]}" % (update.index, place.get(int(m.group(1)), int(m.group(1)))),
                       front), ""


def _quoted(template: str) -> str:
    return "'" + template.replace("'", "''") + "'"


def rewrite(update: Update) -> str:
    """Put the new template in the page file where the old one is written (a single-quoted YAML string, as the
    authoring guide asks); '' when done, else why not."""
    text = update.path.read_bytes().decode("utf-8")   # bytes: a CRLF page keeps its line ends
    end = text.find("\n---", 4) if text.startswith("---") else -1
    old = _quoted(update.old)
    if end < 0 or text[:end].count(old) != 1:
        return f"{update.what} {update.index}'s text is not written once as {old} in the front matter; edit it by hand"
    front = text[:end].replace(old, _quoted(update.new))
    if update.what == "cited text":
        front, problem = _renumbered(front, update)
        if problem:
            return problem
    store = front + text[end:]
    temporary = update.path.with_name(update.path.name + ".pinning")
    temporary.write_bytes(store.encode("utf-8"))
    shutil.copymode(update.path, temporary)
    temporary.replace(update.path)   # atomic: the page is the old one or the new one, never half of each
    return ""
