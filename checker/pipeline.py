"""The claims checker: does every number on a page agree with the code or a cited source?

A page is checked by a pipeline of small stages (STAGES, in order) over one Context: the
page, its report, the verify values and the body spans that claims and citations cover.
The stages
1. run the page's verify function (module path::function) and get a dict of values;
2. locate every claim template in the body (whitespace-insensitive) and compare each
   {key} hole with the computed value at the precision printed there;
2b. check the page's relations (comparison sentences, checker/relations.py) and formulas (against
   their kernels, checker/formulas.py);
3. check every citation against the bibliography and the recorded numbers (provenance.py);
4. check that evidence lists what the page holds and that named project paths exist;
5. run the page's ```python blocks and compare their output with the ```text block that
   follows, when there is one; a printed check must be able to fail, and a kernel call on the verify function's
   data must use its settings (code_checks.py); links and section references agree with their targets
   (crossrefs.py);
6. find every number in the body and fail on any that no claim hole or citation covers and
   that is not structural (see classify.py).
"""
from __future__ import annotations

import dataclasses
import functools
import inspect
import re
import traceback
from dataclasses import dataclass, field
from numbers import Real
from pathlib import Path

from checker import (arrangements, borrowing, classify, counts, declared, glosses, kinds, listed_values, math_in_prose,
                     number_words, pointers, provenance, reads, relocation, run_claims, source_list, statements,
                     table_orders, template_match, unit_words)
from checker.evidence import COMPUTED_KINDS, input_keys, run_keys
from checker.formulas import check_formulas
from checker.literals import literal_keys
from checker.numbers import NumberFormatError, Quantity, CN_NUMERAL, compare, hole_pattern, parse_number
from checker.numerals import NUMERAL_CHARS, NumeralError, integer
from checker.page import HOLE, Page, PageError, all_pages, claim_line, is_page, read_page, squeeze  # noqa: F401
from checker.paths import DOCS, ROOT, project_relative
from checker.relations import SENTENCE_END, check_relations, claim_templates, named_keys
from checker.relations import aligned_text as relations_aligned_text
from checker.relations import replaced_quote as relations_replaced_quote
from checker.relations import relocated_text as relations_relocated_text
from checker.relations import orders_kept as relations_orders_kept
from checker.seed_numbers import SectionNumbers, chapter_numbers, section_numbers



@dataclass(frozen=True)
class Hole:
    """A `{base[0].name}` hole in a claim template: the computed key and the steps into its value."""
    base: str
    path: str = ""

    @property
    def key(self) -> str:
        return self.base + self.path

    def value(self, values: dict):
        return lookup(values, self.base, self.path)


@dataclass
class ClaimResult:
    page: str
    index: int
    key: str          # the hole's key as written (base + path), for the results JSON
    template: str
    printed: str | None
    computed: object
    status: str  # passed | failed
    line: int
    message: str = ""
    span: tuple[int, int] | None = None  # character offsets of the printed text in the page file
    kind: str | None = None  # whose number it is, as the verify function declares it (checker/declared.py)
    rule: str = ""           # for a course or record number derived here: the declared rule that derives it


@dataclass
class Citation:
    text: str | None
    source: str | None
    kind: str | None
    reference: str | None
    found: bool
    numbers: int = 0  # how many of the page's counted numbers this entry accounts for


@dataclass(frozen=True)
class Cover:
    """Body offsets [start, end) that a claim or a citation accounts for."""
    start: int
    end: int
    kind: str  # claim | failed-claim | cited
    entry: int | None = None  # for 'cited': the index of the cited entry in report.cited
    key: str | None = None    # for 'claim': the hole's key, so that a relation can be held to the numbers it prints


@dataclass
class PageReport:
    path: str
    page_id: str
    title: str = ""
    evidence: list[str] = field(default_factory=list)
    verify: str | None = None
    verify_source: str | None = None
    claims: list[ClaimResult] = field(default_factory=list)
    cited: list[Citation] = field(default_factory=list)
    references: list[str] = field(default_factory=list)  # the 来源 list, rendered from the bibliography
    errors: list[str] = field(default_factory=list)   # one line each: path:line: message
    notes: list[str] = field(default_factory=list)    # not failures: a claim found again in reworded text
    relocations: list = field(default_factory=list)   # checker.relocation.Update for each such claim
    numbers_total: int = 0
    numbers_recomputed: int = 0
    numbers_cited: int = 0
    numbers_course: int = 0   # counts in words that the page's seed section states verbatim
    numbers_enumerated: int = 0   # counts of items the page itself lists (checker/counts.py)
    code_blocks_run: int = 0
    id_line: int = 2
    figures: list = field(default_factory=list)  # records from tools.figures.check_figures
    marks: list = field(default_factory=list)    # checker.kinds.Mark: every counted number and its kind
    formulas_bound: int = 0        # display/inline formulas evaluated against their kernels (front matter formulas:)
    relations_bound: int = 0       # comparison sentences bound to predicates (front matter relations:)
    statements_pinned: int = 0     # statement words (order, sign, sameness, modal…) only snapshotted, not computed

    @property
    def failed(self) -> bool:
        return bool(self.errors) or any(c.status != "passed" for c in self.claims)


# --------------------------------------------------------------------------- verify functions

# the verify functions' values, one stage of its own (checker/values.py); re-exported for the stages and tests
from checker.values import (BrokenModule, _broken_modules, _cache, import_verify_module, lookup,  # noqa: E402,F401
                           resolve_verify, run_verify, verify_reads)


# --------------------------------------------------------------------------- text helpers

@functools.lru_cache(maxsize=None)
def _compiled(regex: str) -> re.Pattern:
    """A claim's pattern, compiled once per process: the site has more templates than re's own cache holds (512),
    so each page checked again (a test's variant, mkdocs serve) would otherwise compile all of its own anew."""
    return re.compile(regex)


def template_regex(template: str, values: dict) -> tuple[str, list[Hole]]:
    """Regex over squeezed text for a template; holes are {key} whose base is a computed key."""
    literals, holes, patterns = template_parts(template, values)
    parts = [re.escape(literals[0])]
    for pattern, literal in zip(patterns, literals[1:]):
        parts += [pattern, re.escape(literal)]
    return "".join(parts), holes


def template_matcher(template: str, values: dict) -> template_match.Template:
    """The template as pieces found one by one (checker/template_match.py): the same matches as the regex of
    template_regex, without compiling one regex per template."""
    literals, _, patterns = template_parts(template, values)
    return template_match.Template(literals, patterns)


def template_parts(template: str, values: dict) -> tuple[list[str], list[Hole], list[str]]:
    """(squeezed literal text before, between and after the holes; the holes; each hole's pattern, group h<n>)."""
    literals, holes, patterns, pos = [], [], [], 0
    for m in HOLE.finditer(template):
        base, path = m.group(1), m.group(2)
        if base not in values:
            continue  # a LaTeX group like \sqrt{d_k} stays literal text
        literals.append(squeeze(template[pos:m.start()])[0])
        hole = Hole(base, path)
        value = hole.value(values)
        if isinstance(value, str):   # a text hole (a row label, a model's name): printed exactly as returned
            patterns.append(f"(?P<h{len(holes)}>{re.escape(squeeze(value)[0])})")
        else:
            patterns.append(hole_pattern(value, f"h{len(holes)}"))
        holes.append(hole)
        pos = m.end()
    literals.append(squeeze(template[pos:])[0])
    return literals, holes, patterns


def unknown_holes(template: str, values: dict) -> list[str]:
    """Brace groups that look like holes but name no computed key (a typo). A LaTeX argument is not one: H_{kv},
    x^{n}, \\sqrt{d}, \\text{x} (after _, ^ or a command that takes one; \\approx{alhpa} is still a typo)."""
    return [m.group(0) for m in HOLE.finditer(template) if m.group(1) not in values
            and not LATEX_ARGUMENT_BEFORE.search(template[:m.start()])]


LATEX_ARGUMENT_BEFORE = re.compile(r"(?:[_^]|\\(?:sqrt|frac|text|textbf|mathrm|mathbf|mathcal|operatorname|hat|bar|"
                                   r"tilde|vec|overline|underline))\s*$")


# --------------------------------------------------------------------------- the check: one context, small stages

@dataclass
class Context:
    """Everything the stages of one page's check share; each stage reads it and adds to it."""
    page: Page
    report: PageReport
    values: dict | None = field(default_factory=dict)  # None once the verify function failed
    squeezed: str = ""
    offsets: list[int] = field(default_factory=list)
    covered: list[Cover] = field(default_factory=list)
    produced: set = field(default_factory=set)  # evidence kinds of the verify function's numbers (from its reads)
    reads: object = None      # what the verify function read (checker/reads.py Reads)
    run_keys: tuple = ()   # for a function of constructions and runs: the keys that come from runs
    extents: list = field(default_factory=list)   # body (start, end) of every located claim template
    named_extents: list = field(default_factory=list)   # those whose template has a text hole ({best} 得分最高)
    function: object = None   # the page's verify function, once resolved
    counted: list = field(default_factory=list)   # counts the body accounts for by the items it names (两类 after 人名、地名)

    @property
    def meta(self) -> dict:
        return self.page.meta

    @property
    def course(self) -> SectionNumbers:
        """What the page's seed section states (committed data; the seeds are not read here), with the sections
        its `course_also` names (an example the previous section sets up)."""
        source = str(self.meta.get("source", ""))
        is_chapter = self.page.id.count(".") == 1 and self.page.id.split(".")[0] in ("lecture", "primer")
        numbers = chapter_numbers(source) if is_chapter else section_numbers(source)
        for other in self.meta.get("course_also") or []:
            numbers = numbers.union(section_numbers(str(other)))
        return numbers

    @property
    def claims(self) -> list:
        return self.meta.get("claims") or []

    def meta_line(self, key: str) -> int:
        return self.page.meta_lines.get(key, 2)

    def fail(self, line: int, message: str) -> None:
        self.report.errors.append(f"{self.report.path}:{line}: {' '.join(message.split())}")  # always one line

    def body_span(self, m: re.Match, group: int = 0) -> tuple[int, int]:
        """Body offsets of a match on the squeezed text."""
        return self.offsets[m.start(group)], self.offsets[m.end(group) - 1] + 1


def _construction_keys(function, values: dict | None) -> str:
    """The first keys of a verify function's values that it declares course or site_construction."""
    from checker.evidence import declared_kind
    keys = [k for k in sorted(values or ()) if declared_kind(function, k) in ("course", "site_construction")]
    return ", ".join(keys[:5]) + (" …" if len(keys) > 5 else "")


def check_verify_function(ctx: Context) -> None:
    """Resolve and run the page's verify function; check the evidence kinds it declares."""
    spec = ctx.meta.get("verify")
    if ctx.claims and not spec:
        ctx.fail(ctx.meta_line("claims"), "claims need a 'verify: path.py::function' that computes them")
    if not spec:
        return
    try:
        fn = resolve_verify(spec)
        ctx.function = fn
        ctx.report.verify_source = f"{inspect.getsourcefile(fn)}:{inspect.getsourcelines(fn)[1]}"
        ctx.run_keys = run_keys(fn)
        ctx.values = run_verify(spec)
        ctx.reads = verify_reads(spec)
        ctx.produced = set(ctx.reads.kinds(bool(ctx.run_keys)))
        if ctx.run_keys and not ctx.reads.run_files:
            ctx.fail(ctx.meta_line("verify"),
                     f"{spec} names keys from runs (from_runs) but reads no committed run file under results/ or "
                     f"benchmarks/results/; remove from_runs, or read the run the page reports")
        missing = sorted(ctx.produced - set(ctx.meta["evidence"]))
        if missing:
            read = ", ".join(ctx.reads.run_files[:3]) or "no run file"
            if missing == ["construction"] and ctx.run_keys:
                # a function of runs whose other keys are the course's or the site's own (label round 67: 6-4's
                # sizes, declared course, were told 'reads results/…pt, so its numbers are construction numbers')
                ctx.fail(ctx.meta_line("evidence"),
                         f"{spec} returns keys besides those read from its runs (declared course or "
                         f"site_construction: {_construction_keys(fn, ctx.values)}), "
                         f"and those are construction numbers, but evidence does not list construction; add it")
            else:
                ctx.fail(ctx.meta_line("evidence"),
                         f"{spec} reads {read}, so its numbers are {', '.join(missing)} numbers, but evidence does "
                         f"not list {', '.join(missing)}; a {missing[0]} number must not pass for another kind")
    except BrokenModule as exc:
        ctx.report.errors.append(" ".join(str(exc).split()))  # the same line for every page: printed once
        ctx.values = None
    except Exception as exc:  # one line per failure, never a traceback wall
        where = ""
        tb = traceback.extract_tb(exc.__traceback__)
        if tb:
            frame = tb[-1]
            where = f" (raised at {Path(frame.filename).name}:{frame.lineno})"
        ctx.fail(ctx.meta_line("verify"),
                 f"verify function {spec} failed: {type(exc).__name__}: {exc}{where}; fix the function or the path")
        ctx.values = None


def check_inputs_are_declared(ctx: Context) -> None:
    """A claimed key the function returns as a written-out number is a declared input, not a copied result
    (checker/literals.py); a declared input is written out and returned."""
    if ctx.function is None or ctx.values is None:
        return
    written, declared = literal_keys(ctx.function), input_keys(ctx.function)
    spec = ctx.meta.get("verify")
    for i, template in enumerate(ctx.claims):
        for key in dict.fromkeys(m.group(1) for m in HOLE.finditer(str(template))):
            if key in written and key not in declared:
                ctx.fail(claim_line(ctx.page, "claims", i),
                         f"claim {i} {{{key}}}: {spec} returns {key} as a number written out in the code, so the "
                         f"page's value is not recomputed; compute it through a kernel, or, if the page gives it as "
                         f"an input, declare it with @inputs({key!r}) (checker/evidence.py)")
    for key in sorted(declared - written):
        why = ("does not return it" if key not in ctx.values else
               "its value is not a number written out where the checker reads (return {...}, out['key'] = …, "
               "out.update(...) of the returned dict; checker/literals.py)")
        ctx.fail(ctx.meta_line("verify"), f"{spec} declares {key!r} an input but {why}; an input is a number "
                                          "written out in the code (a module constant counts): write it out there, "
                                          "or, if the function computes it, drop it from @inputs")


def check_claims(ctx: Context) -> None:
    """Locate every claim template in the body and compare each hole with its computed value."""
    for i, template in enumerate(ctx.claims):
        check_claim(ctx, i, template)


def _sentence_went_on(ctx: Context, template: str, values: dict):
    """The matches of a template that ends its sentence (…共同读取。) where the page's sentence goes on after a clause
    mark (…共同读取，也就是 32 个 query 头分成 8 组: honest_38 H38-039): the claim's words all stand as they were."""
    if not template.rstrip().endswith(("。", "！", "？")):
        return None
    for mark in ("，", "；", "：", "——"):
        found = template_matcher(template.rstrip()[:-1] + mark, values).finditer(ctx.squeezed)
        if found:
            return found
    return None


# between two parallel holes of a template (好评 {n_pos} 条，差评 {n_neg} 条): the measure word, a clause mark, the
# second name; the same measure word after the second hole
_BETWEEN_PARALLEL = re.compile(r"\s*(?P<m>[条个种项类句次步])[，,、]\s*(?P<y>[\u4e00-\u9fffA-Za-z]{1,8}?)\s*$")
_NAME_BEFORE = re.compile(r"(?:^|[，,；;：:\s])(?P<x>[\u4e00-\u9fffA-Za-z]{1,8}?)\s*$")


class _SharedHole:
    """A match of a template said with 各 (checker.template_match.Found), its holes numbered as the template's own:
    the hole the page says once for both stands where the other is."""

    def __init__(self, found, mapping: list[int], text: str):
        self._found, self._mapping, self._text = found, mapping, text

    def span(self, group=0):
        return self._found.span(group if group == 0 else f"h{self._mapping[int(str(group)[1:])]}")

    def start(self, group=0):
        return self.span(group)[0]

    def end(self, group=0):
        return self.span(group)[1]

    def group(self, group=0):
        start, end = self.span(group)
        return self._text[start:end]


def _each_said_once(ctx: Context, template: str, values: dict):
    """The matches of a template whose two parallel counts the page says once, with 各, when the two are equal:
    表中一共 6 条，好评 3 条，差评 3 条 -> 表中一共六条，好评、差评各三条 (three outside writers: honest_71 H71-005,
    honest_78 H78-036, honest_80 H80-043). Each hole is still compared with the number printed: 各四条 for three and
    three fails."""
    holes = [h for h in HOLE.finditer(template) if h.group(1) in values]
    for ia, (first, second) in enumerate(zip(holes, holes[1:])):
        between = _BETWEEN_PARALLEL.match(template, first.end(), second.start())
        name = _NAME_BEFORE.search(template, 0, first.start())
        measure = between and re.match(rf"\s*{between.group('m')}", template[second.end():])
        try:   # (two counts: scalars, equal; an array or a text hole is no count said once with 各)
            pair = [Hole(h.group(1), h.group(2)).value(values) for h in (first, second)]
            equal = all(isinstance(v, Real) and not isinstance(v, bool) for v in pair) and float(pair[0]) == float(pair[1])
        except (KeyError, IndexError, TypeError, ValueError):
            equal = False
        if not (between and name and measure and equal):
            continue
        ib = ia + 1
        mapping = [ia if k == ib else k - (k > ib) for k in range(len(holes))]
        for join in ("、", "和", "与", "及"):
            said = (template[:name.start("x")] + f"{name.group('x')}{join}{between.group('y')}各{first.group(0)}"
                    f"{between.group('m')}" + template[second.end() + measure.end():])
            found = template_matcher(said, values).finditer(ctx.squeezed)
            if found:
                return [_SharedHole(f, mapping, ctx.squeezed) for f in found]
    return None


def check_claim(ctx: Context, i: int, template) -> None:
    """One claim template: located on the page, each hole's printed text compared with its computed value. Long
    because it is one claim's path through every way a hole can be printed (text, scalar, array, fraction, unit),
    each with its own one-line error, in the order the page reads."""
    page, values = ctx.page, ctx.values
    line = claim_line(page, "claims", i)
    if not isinstance(template, str):
        ctx.fail(line, f"claim {i} must be a quoted string template, got {type(template).__name__}")
        return
    if values is None:
        ctx.report.claims.append(ClaimResult(page.id, i, "", template, None, None, "failed", line, "verify failed"))
        return
    try:
        regex, holes = template_regex(template, values)
    except (KeyError, IndexError, TypeError) as exc:
        ctx.fail(line, f"claim {i} indexes a computed value that has no such part ({type(exc).__name__}: {exc}); "
                       "check the [index] or .name in the template")
        return
    if holes and not squeeze(HOLE.sub("", template))[0]:
        ctx.fail(line, f"claim {i} is only a hole ({template!r}) and would match any number on the page; "
                       "include the words around it")
        return
    if not holes:
        hint = unknown_holes(template, values)
        ctx.fail(line, f"claim {i} has no {{key}} hole matching a computed value"
                       + (f" ({', '.join(hint)} not returned by {ctx.meta.get('verify')})" if hint else "")
                       + f"; known keys: {', '.join(sorted(values)) or 'none'}")
        return
    matches = (template_matcher(template, values).finditer(ctx.squeezed) or _sentence_went_on(ctx, template, values)
               or _each_said_once(ctx, template, values) or _relocated(ctx, i, template, holes, regex))
    if not matches:
        hint = unknown_holes(template, values)
        extra = f"; {', '.join(hint)} is not a computed key" if hint else ""
        texts = [f"{{{h.key}}} = {h.value(values)!r}" for h in holes if isinstance(h.value(values), str)]
        extra += f"; a text hole prints exactly what the function returns ({', '.join(texts)})" if texts else ""
        extra += _number_word_for_a_fraction(ctx, template, values)
        ctx.fail(line, f"claim {i} not found in the page body: {template!r}{extra}; "
                       "restore the text or update the template")
        ctx.report.claims.append(ClaimResult(page.id, i, ",".join(h.key for h in holes), template, None, None,
                                             "failed", line, "not found"))
        return
    failures: list[tuple[int, str]] = []
    for m in matches:
        ctx.extents.append(ctx.body_span(m))
        if any(isinstance(h.value(values), str) for h in holes):
            ctx.named_extents.append(ctx.body_span(m))
        body_line = page.line_of(ctx.offsets[m.start()])
        for n, hole in enumerate(holes):
            group = f"h{n}"
            printed = m.group(group)
            start, end = ctx.body_span(m, group)
            printed, start = _without_list_marker(page.body, printed, start)
            computed = hole.value(values)
            if isinstance(computed, str):   # matched exactly by its pattern; names no number to count
                ctx.report.claims.append(ClaimResult(page.id, i, hole.key, template, printed, computed, "passed",
                                                     body_line, "", (page.body_offset + start, page.body_offset + end)))
                continue
            try:
                ok, why = compare(printed, computed)
            except NumberFormatError as exc:
                ok, why = False, f"{exc}; print a plain number"
            ctx.report.claims.append(ClaimResult(page.id, i, hole.key, template, printed, _jsonable(computed),
                                                 "passed" if ok else "failed", body_line, "" if ok else why,
                                                 (page.body_offset + start, page.body_offset + end)))
            ctx.covered.append(Cover(start, end, "claim" if ok else "failed-claim", key=hole.key))   # reported below
            if not ok:
                failures.append((body_line, f"claim {i} {{{hole.key}}}: {why}"))
    if len(matches) > 1 and failures:
        # one template of a generic shape (a table row) found in several places with other values: one line,
        # not one per place and hole
        lines = sorted({page.line_of(ctx.offsets[m.start()]) for m in matches})
        ctx.fail(line, f"claim {i} matches {len(matches)} places (lines {', '.join(map(str, lines[:8]))}) and "
                       f"{len(failures)} printed values there differ from the computed ones; make the template specific "
                       f"to one place (include the row's label or the words around it), e.g. {failures[0][1]}")
        return
    for body_line, message in failures:
        ctx.fail(body_line, message)


def _number_word_for_a_fraction(ctx: Context, template: str, values: dict) -> str:
    """Why a claim whose text is all there is 'not found': a number word (两倍) stands where a key with a fractional
    value (2.010) is printed. A number word names a whole number and is compared as one (the tenth new-author trial
    was told only 'not found' for 约为 7.96 的两倍 with a ratio of 2.010); a word far from the value is said to be so."""
    literals, holes, patterns = template_parts(template, values)
    for j, hole in enumerate(holes):
        value = hole.value(values)
        if isinstance(value, (str, list, tuple)) or getattr(value, "ndim", 0):
            continue
        try:
            number = float(getattr(value, "value", value))
        except (TypeError, ValueError):
            continue
        if number.is_integer():
            continue
        loose = patterns[:j] + [f"(?P<w>{CN_NUMERAL})"] + patterns[j + 1:]
        regex = re.escape(literals[0]) + "".join(p + re.escape(lit) for p, lit in zip(loose, literals[1:]))
        if not (m := re.search(regex, ctx.squeezed)):
            continue
        try:
            word = integer(m.group("w"))
        except (NumeralError, ValueError):
            continue
        if word != round(number):
            return (f"; the page writes {m.group('w')!r} ({word}) where {{{hole.key}}} = {number:g} stands: the "
                    f"number is not the value")
        return (f"; the page writes the number word {m.group('w')!r} where {{{hole.key}}} = {number:g} stands: a "
                f"number word names a whole number and is compared as one, so write the value in digits at the "
                f"precision you mean")
    return ""


def _relocated(ctx: Context, i: int, template: str, holes: list[Hole], regex: str) -> list:
    """The claim found again by its numbers where its sentence was reworded (checker/relocation.py): [match], noted
    in the report with the text found, or [] (not found)."""
    literals, _, patterns = template_parts(template, ctx.values)

    def accept(n: int, printed: str) -> bool:
        computed = holes[n].value(ctx.values)
        if isinstance(computed, str):
            return True   # a text hole's pattern is its text
        try:
            return compare(printed, computed)[0]
        except NumberFormatError:
            return False
    body, offsets = ctx.page.body, ctx.offsets
    lines = [n for n in range(1, len(offsets)) if "\n" in body[offsets[n - 1]:offsets[n]]]
    found = relocation.relocate(ctx.squeezed, literals, patterns, accept, lines, statements.tokens,
                                _pinned_text(ctx.page.path), _old_clauses(ctx.page.path, literals, regex))
    if found is None and "|" not in template:   # a table's cells are read by their rows, above
        replaced = _replacement(ctx, lambda text: _compiled(regex).search(text) is not None)
        if replaced is not None:
            old, region = replaced
            m = _compiled(regex).search(old)
            found = relocation.relocate_aligned(ctx.squeezed, region, patterns, accept, old,
                                                [m.span(f"h{n}") for n in range(len(patterns))], statements.tokens)
    if found is None:
        return []
    located, text = found
    line = ctx.page.line_of(ctx.offsets[located.start()])
    ctx.report.notes.append(f"{ctx.report.path}:{line}: claim {i} found by its numbers in reworded text "
                            f"'{text.replace(relocation.PLACE, '…')}'; its template still reads {template!r}: "
                            f"`make pin PAGE={project_relative(ctx.page.path)}` shows the update to accept")
    markers = [m.group(0) for m in HOLE.finditer(template) if m.group(1) in ctx.values]
    new = relocation.new_template(ctx.page.body, ctx.offsets, located, markers)
    ctx.report.relocations.append(relocation.Update(ctx.page.path, claim_line(ctx.page, "claims", i), i, template, new))
    return [located]


def _replacement(ctx: Context, holds) -> tuple[str, tuple[int, int]] | None:
    """(the pinned sentence, the squeezed region of the page text that replaced it) for the one sentence of the
    page's pin file for which `holds(squeezed text)` is true, where an edit replaced it by one to three sentences
    (checker/snapshots.py diff pairs the pin's sentences with the page's as `make pin` does); None when the pin does
    not hold such a sentence once, or the page keeps it unchanged, or it was cut without a replacement."""
    from bisect import bisect_left

    from checker import snapshots
    snapshot = snapshots.for_page(ctx.page.path)
    if snapshot is None:
        return None
    old = [item for item in snapshot.items if "page" not in item]
    texts = [squeeze(str(item[snapshots.key_of(item)]))[0] for item in old]
    found = [k for k, (item, text) in enumerate(zip(old, texts))
             if snapshots.key_of(item) in snapshots.TEXT_KEYS and holds(text)]
    if len(found) != 1:
        return None
    items, spans = statements.snapshot_items(ctx.page)
    for change in snapshots.diff(snapshot.items, items):
        i1, i2, j1, j2 = change.spans
        if not i1 <= found[0] < i2:
            continue
        new_spans = spans[1:][j1:j2]
        if not (i2 - i1 <= 3 and 1 <= j2 - j1 <= 3 and all(start >= 0 for start, _ in new_spans)):
            return None
        start, end = bisect_left(ctx.offsets, new_spans[0][0]), bisect_left(ctx.offsets, new_spans[-1][1])
        return "".join(texts[i1:i2]), (start, end)
    return None


def _pinned_texts(path: Path) -> list[str]:
    """The squeezed texts of the page's pin file (checker/snapshots.py): its sentences as last reviewed."""
    from checker import snapshots
    snapshot = snapshots.for_page(path)
    return [squeeze(str(v))[0] for item in (snapshot.items if snapshot else ())
            for k, v in item.items() if k not in ("words", "page", "prefix")]


def _pinned_text(path: Path):
    """text -> does it stand, whitespace aside, inside one item of the page's pin file?"""
    texts = _pinned_texts(path)
    return lambda text: any(text in t for t in texts)


def _old_clauses(path: Path, literals: list[str], regex: str) -> tuple[str, str, str] | None:
    """The clauses around the claim's numbers as the pin file has them, where its template matches there once
    (relocation.old_clauses); None when the pin does not hold the claim's old sentence, or holds it twice."""
    places = [(text, m) for text in _pinned_texts(path) for m in _compiled(regex).finditer(text)]
    if len(places) != 1:
        return None
    text, m = places[0]
    return relocation.old_clauses(text, m.start("h0"), m.end(f"h{len(literals) - 2}"), literals)


def _without_list_marker(body: str, printed: str, start: int) -> tuple[str, int]:
    """A hole's text that begins with a list item's dash ('- 6 层…' squeezes to '-6层') is the number after the
    marker, not a negative one: the dash opens a line and a space follows it."""
    line_start = body.rfind("\n", 0, start) + 1
    if printed[:1] in "-−" and not body[line_start:start].strip(" \t>") and body[start + 1:start + 2] in (" ", "\t"):
        rest = body[start + 1:]
        skipped = len(rest) - len(rest.lstrip(" \t"))
        return printed[1:], start + 1 + skipped
    return printed, start


def check_comparisons(ctx: Context) -> None:
    """Comparison sentences beside claimed or cited numbers are bound to predicates (checker/relations.py). A
    predicate may name a cited entry's numbers, `{cited[1][0]}` (entry 1's first number), so an order stated
    between two paper numbers is checked on the recorded values."""
    cited = cited_numbers(ctx.meta)
    spans = [(c.start, c.end) for c in ctx.covered
             if c.kind != "cited" or (isinstance(c.entry, int) and c.entry < len(cited) and cited[c.entry])]
    # a comparison word inside a cited text is bound by its location (flipping it breaks the citation; a paper's
    # order cannot be recomputed); one inside a claim template is not: the template checks numbers, not words
    located = [(c.start, c.end) for c in ctx.covered if c.kind == "cited"]
    # except where a text hole prints the name the computation found ({best} 得分最高 is the argmax, computed)
    located += ctx.named_extents
    values = None if ctx.values is None else {**ctx.values, "cited": cited}
    printed = [(c.start, c.end, c.key) for c in ctx.covered if c.kind == "claim" and c.key]
    numbers_at = _verified_numbers(ctx)
    spans += [(s, e) for s, e, _ in numbers_at]   # a restated claim is a claimed number too
    ctx.report.relations_bound = len(ctx.meta.get("relations") or [])
    listed = listed_values.listings(classify.prose_view(ctx.page.body), printed, ctx.values,
                                    claim_templates(ctx.meta))
    for line, message in check_relations(ctx.page, values, spans, lookup,
                                         lambda i: claim_line(ctx.page, "relations", i), located,
                                         named_keys(ctx.meta, ctx.values), ctx.course.states_value, printed,
                                         numbers_at, _relation_relocator(ctx), listed):
        ctx.fail(line, message)


# a multiple given by a constant in math: “看”的概率是“吃”的 $e$ 倍 (blind_44 W44-013 added it as a new sentence; the
# ratio is e²). $e$, $\pi$, $\sqrt2$ are values, not names, and no digit of them is read as a number
_MULTIPLE_IN_MATH = re.compile(r"\$\s*(?:e|\\pi|\\sqrt\s*\{?\d+\}?|e\^\{?-?\d+\}?)\s*\$\s*倍")


def check_multiples_in_math(ctx: Context) -> None:
    """A ratio stated with a constant in math ($e$ 倍) is a value of the page's numbers: it stands in a relation's
    text, which checks it (close(log(a / b), 1, tol)), or in a sentence that says it states a general rule."""
    from checker import directions
    view = classify.prose_view(ctx.page.body)
    texts = [squeeze(str(r.get("text", "")))[0] for r in ctx.meta.get("relations") or [] if isinstance(r, dict)]
    for m in _MULTIPLE_IN_MATH.finditer(view):
        start, end = counts._sentence_bounds(view, m.start(), "。！？；\n")
        sentence = view[start:end]
        if any(t and t in squeeze(sentence)[0] and squeeze(m.group(0))[0] in t for t in texts) \
                or directions.general(sentence):
            continue
        ctx.fail(ctx.page.line_of(m.start()),
                 f"'{m.group(0)}' states a ratio of two values: bind it with a relation (relations: - text: "
                 f"'{sentence.strip()[:40]}…' holds: 'close(log({{a}} / {{b}}), 1, 1e-9)'), so the ratio is checked; "
                 "if it states a general rule, say so (一般, 总是)")


def _text_relocator(ctx: Context, section: str, what: str, quote=None):
    """A relocate function for the front-matter entries whose `text` stands in the body (`section` 'relations' or
    'cited'): when the text is not found, the one reworded sentence that says the same (relations.relocated_text;
    `quote`: statements.tokens for a cited text, whose statement words must stay) is used instead, noted in the
    report like a relocated claim, and `make pin` writes the new text into the entry."""
    pinned = _pinned_text(ctx.page.path)

    def relocate(i: int, text: str) -> str | None:
        new = relations_relocated_text(text, ctx.page.body, pinned, relocation.contrast_swaps, quote=quote)
        if new is None:   # the sentence that replaced the text's own (its clauses reordered, its words taken in)
            replaced = _replacement(ctx, lambda pinned_text: squeeze(text)[0] in pinned_text)
            if replaced is not None:
                start, end = replaced[1]
                sentence = ctx.page.body[ctx.offsets[start]:ctx.offsets[end - 1] + 1]
                new = (relations_aligned_text(text, sentence, relocation.contrast_swaps, statements.tokens, replaced[0])
                       if quote is None else
                       relations_replaced_quote(text, sentence, replaced[0], relocation.contrast_swaps, quote))
        if new is None or section == "relations" and (not relations_orders_kept(text, new) or _role_added(
                text, new, next((t for t in _pinned_texts(ctx.page.path) if squeeze(text)[0] in t), ""))):
            return None
        line = claim_line(ctx.page, section, i)
        ctx.report.notes.append(f"{ctx.report.path}:{line}: {what} {i} found in reworded text {new!r}; its text "
                                f"still reads {text!r}: `make pin PAGE={project_relative(ctx.page.path)}` shows the "
                                "update to accept")
        ctx.report.relocations.append(relocation.Update(ctx.page.path, line, i, text, new, what))
        return new
    return relocate


def _role_added(text: str, new: str, pinned_sentence: str = "") -> bool:
    """Does the reworded text name a role its relation's text did not (…；差评概率随得分升高而接近一 for a text about
    好评's probability), the opening name said again aside (checker/relations.py opening_name_said_once), and a role
    the pinned sentence held around the text aside (搜索返回的那一条分数低于正确译文 takes in its first clause's 译文)?"""
    from collections import Counter

    from checker.relations import opening_name_said_once
    roles = lambda t: Counter(w for _, w in statements.tokens(t) if w.startswith("role:"))   # noqa: E731
    added = roles(opening_name_said_once(text, new, statements.tokens)) - roles(text)
    return bool(added - (roles(pinned_sentence) - roles(text)))


def _quote_relocator(ctx: Context):
    """A cited text whose sentence was reworded (its numbers, names and statement words, in one changed sentence)."""
    return _text_relocator(ctx, "cited", "cited text", quote=statements.tokens)


def _relation_relocator(ctx: Context):
    """A relation whose sentence was reworded (its comparison words, names and digits, in one changed sentence)."""
    return _text_relocator(ctx, "relations", "relation")


def _verified_numbers(ctx: Context) -> list[tuple[int, int, float]]:
    """(start, end, printed value) of every scalar the page's claims check: the claim holes, and the numbers that
    restate a claim (_restated_claim). A comparison between two of them is checked on these values."""
    if ctx.values is None:
        return []
    out = []
    holes = [(c.start, c.end) for c in ctx.covered if c.kind == "claim"]
    for token in classify.numbers_in(ctx.page.body):
        if token.structural or token.word:
            continue
        inside = any(s <= token.start and token.end <= e for s, e in holes)
        if not inside and _restated_claim(ctx, token) is None:
            continue
        try:
            out.append((token.start, token.end, parse_number(token.text).value))
        except (NumberFormatError, ValueError):
            continue
    return out


def cited_numbers(meta: dict) -> list[list[float]]:
    """The numbers of each cited entry's text, in order (structural numbers left out), for relations."""
    out = []
    for cite in meta.get("cited") or []:
        numbers = []
        for token in classify.numbers_in(str(cite.get("text", "")) if isinstance(cite, dict) else ""):
            if token.structural:
                continue
            try:
                numbers.append(parse_number(token.text).value)
            except (NumberFormatError, ValueError):
                continue
        out.append(numbers)
    return out


def check_unit_words(ctx: Context) -> None:
    """A binary unit agrees with the power of two beside it, a precision word with its bytes (checker/unit_words.py)."""
    from checker.relations import sentences
    for line, message in unit_words.errors(classify.prose_view(ctx.page.body), sentences, ctx.page.line_of):
        ctx.fail(line, message)


def check_cross_references(ctx: Context) -> None:
    """A link's text names the section it points at; a section named in prose exists; a glossary row links pages
    that say its term (checker/crossrefs.py)."""
    from checker import crossrefs
    for line, message in crossrefs.errors(ctx.page):
        ctx.fail(line, message)


def check_facts(ctx: Context) -> None:
    """No sentence states a falsehood of the course's fixed facts: a gate, a mask's triangle, a split's use, a
    cross-attention's sources … (checker/facts.py, checker/data/facts.yaml); these do not move with the pins."""
    from checker import facts
    for line, message in facts.errors(ctx.page):
        ctx.fail(line, message)


def check_authors(ctx: Context) -> None:
    """Authors named with a year are the authors of a bibliography entry of that year (checker/authors.py); a
    re-pin does not change the bibliography."""
    from checker import authors
    for line, message in authors.errors(ctx.page):
        ctx.fail(line, message)


def check_reference_list(ctx: Context) -> None:
    """A reference written out as a heading and its paragraph (### 14. Ruibin Xiong 等. On Layer Normalization …; 2020
    年，ICML…) has its bibliography entry's year, pages, arXiv number and first author (checker/reference_list.py)."""
    from checker import reference_list
    for line, message in reference_list.errors(ctx.page):
        ctx.fail(line, message)


def check_prose_locators(ctx: Context) -> None:
    """A chapter, page, section, table or figure the prose gives beside a cited work's name (SLP 第 3 章, Bahdanau 等
    v1 物理第 8 页) is one the page's citations give of that work (checker/prose_locators.py)."""
    from checker import prose_locators
    for line, message in prose_locators.errors(ctx.page):
        ctx.fail(line, message)


def check_quotations(ctx: Context) -> None:
    """A quotation given as the course's words (讲义只说“…”) is the course's words (checker/quotes.py)."""
    from checker import quotes
    for line, message in quotes.errors(ctx.page):
        ctx.fail(line, message)


def check_credited_values(ctx: Context) -> None:
    """A value or list credited to a named section (讲义 §6.6 的词表（…）) stands in that section (checker/credited_values.py)."""
    from checker import credited_values
    for line, message in credited_values.errors(ctx.page):
        ctx.fail(line, message)


def check_credits(ctx: Context) -> None:
    """A point the page states that another section makes too is credited there (checker/credits.py), and a sentence
    saying what the course does not give holds against the seed text searched (checker/absences.py): the two files
    readers keep."""
    from checker import absences, credits
    for module, error in ((credits, credits.CreditsError), (absences, absences.AbsencesError)):
        try:
            owed = module.page_errors(ctx.page)
        except error as exc:
            ctx.fail(ctx.page.body_first_line, str(exc))
            continue
        for line, message in owed:
            ctx.fail(line, message)


def check_pinned_statements(ctx: Context) -> None:
    """Statement words no computation checks (更尖, 不一定, 本站没有测过) agree with their pin (checker/statements.py)."""
    from checker.relations import orders_decided
    decided = orders_decided(ctx.page.body, _verified_numbers(ctx)) if ctx.values is not None else set()
    for line, message in statements.errors(ctx.page, decided):
        ctx.fail(line, message)
    unpinned = statements.unpinned_note(ctx.page)
    if unpinned:
        ctx.report.notes.append(f"{ctx.report.path}:{unpinned[0]}: {unpinned[1]} (a new page is pinned once its "
                                "sentences are final; the test suite fails a committed page without its pins)")
    ctx.report.statements_pinned = statements.unchecked_count(ctx.page)


def check_glosses(ctx: Context) -> None:
    """A term glossed in the other language names one thing twice (checker/glosses.py)."""
    for line, message in glosses.errors(ctx.page):
        ctx.fail(line, message)


def check_table_orders(ctx: Context) -> None:
    """A superlative or a rank said of one row of a table, decided on its printed numbers (checker/table_orders.py)."""
    for line, message in table_orders.errors(ctx.page):
        ctx.fail(line, message)


def check_ordinal_extremes(ctx: Context) -> None:
    """A superlative said of one entry of a printed vector by its ordinal (第一步的损失最大), decided on the vector
    (checker/ordinal_extremes.py)."""
    from checker import ordinal_extremes
    for line, message in ordinal_extremes.errors(ctx.page):
        ctx.fail(line, message)


def check_pinned_arrangements(ctx: Context) -> None:
    """Units whose characters are pinned in another arrangement: two terms exchanged (checker/arrangements.py)."""
    errors = arrangements.errors(ctx.page)
    for line, message in errors + math_in_prose.errors(ctx.page):
        ctx.fail(line, message)
    pins = arrangements.pinned(ctx.page)
    if not errors and pins is not None and pins != arrangements.fingerprints(ctx.page):
        # a reworded sentence with the same statement words passes, but the pin file still holds the old text, and
        # the next exchange would be read against it; tests/test_arrangements.py fails on it in CI
        ctx.report.notes.append(f"{ctx.report.path}:1: the pin file still holds text the page no longer has; "
                                f"`make pin PAGE={project_relative(ctx.page.path)}` shows each change (a statement "
                                "word this check let pass, such as a side or a role, among them) and records it")


def check_formulas_against_kernels(ctx: Context) -> None:
    """Bound formulas agree with their kernels at random points (checker/formulas.py)."""
    claimed = [(c.start, c.end) for c in ctx.covered if c.kind == "claim"]
    ctx.report.formulas_bound = len(ctx.meta.get("formulas") or [])
    for line, message in check_formulas(ctx.page, lambda i: claim_line(ctx.page, "formulas", i), claimed):
        ctx.fail(line, message)


TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")


def tables(body: str) -> list[tuple[int, list[tuple[int, int]]]]:
    """(body offset of the header row, [(start, end) of each data row]) of every Markdown table outside code."""
    lines, pos, starts = body.split("\n"), 0, []
    for line in lines:
        starts.append(pos)
        pos += len(line) + 1
    fenced = [(m.start(), m.end()) for m, _, _ in classify.fenced_blocks(body)]
    found, i = [], 0
    while i + 1 < len(lines):
        if lines[i].lstrip().startswith("|") and TABLE_RULE.match(lines[i + 1]) \
                and not any(s <= starts[i] < e for s, e in fenced):
            j = i + 2
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                j += 1
            indent = len(lines[i]) - len(lines[i].lstrip())   # a table inside an admonition is indented
            found.append((starts[i] + indent, [(starts[k], starts[k] + len(lines[k])) for k in range(i + 2, j)],
                          starts[i] + len(lines[i].rstrip())))
            i = j
        else:
            i += 1
    return found


def check_tables(ctx: Context) -> None:
    """A table of recomputed values is bound with its labels: its header row and, in every row that holds a
    recomputed cell, the row's label (its first cell) lie inside a located claim template. Swapping two column
    headers, or two row labels, then breaks a template instead of passing with every digit intact."""
    if ctx.values is None:
        return
    if any(c.message == "not found" and c.template.lstrip().startswith("|") for c in ctx.report.claims):
        return   # a table's template that is not found is reported as such; its labels are not bound, for that reason
    inside = lambda a, b: any(s <= a and b <= e for s, e in ctx.extents)   # noqa: E731
    claimed = [(c.start, c.end) for c in ctx.covered if c.kind == "claim"]
    for header, rows, header_end in tables(ctx.page.body):
        holding = [(s, e) for s, e in rows if any(s <= a < e for a, _ in claimed)]
        if not holding:
            continue
        problems = []
        if not inside(header, header_end):
            problems.append("its header row")
        for s, e in holding:
            line = ctx.page.body[s:e]
            first = line.index("|") + 1
            label_end = line.find("|", first)
            label = (s + first, s + (label_end if label_end > 0 else len(line)))
            if line[first:label_end].strip() and not any(a < label[1] and label[0] < b for a, b in claimed) \
                    and not inside(*label):
                problems.append(f"the label of row {ctx.page.line_of(s)}")
        if problems:
            ctx.fail(ctx.page.line_of(header),
                     f"a table of recomputed values must be bound with its labels, but {', '.join(problems[:3])}"
                     f"{' …' if len(problems) > 3 else ''} {'is' if len(problems) == 1 else 'are'} outside every claim template; "
                     "start a template with the "
                     "header row (one template may cover the whole table, rows joined by '| |')")


def check_blurred_counts(ctx: Context) -> None:
    """A vague quantifier where the seed section states the count (seed 两个特征, page 几个特征) fails and
    names the count; counts are stated, not blurred (checker/counts.py)."""
    for offset, text, phrase in counts.blurred_counts(ctx.page.body, ctx.course.phrases):
        ctx.fail(ctx.page.line_of(offset),
                 f"{text!r} blurs a count that {ctx.course.source} states ({phrase!r}); state the count: the course's "
                 f"own words need no claim, or claim the number the page computes")


def check_kinds(ctx: Context) -> None:
    """Every counted number gets its kind from data (checker/kinds.py); labelled blocks must agree with the
    kinds of the numbers they hold, and a site construction must stand under a site label."""
    if ctx.values is None:
        return
    for line, message in kinds.check_blocks(ctx.page.body, ctx.report.marks, ctx.page.line_of, bool(ctx.course.source)):
        ctx.fail(line, message)


def check_pointing_sentences(ctx: Context) -> None:
    """A sentence that says whose the numbers below or above are agrees with their declared kinds
    (checker/pointers.py)."""
    from checker.quotes import DOCUMENTS, _seed
    documents = {"讲义": ["lecture"], "入门文章": ["primer"], "课程": ["lecture", "primer"]}

    def document_text(who: str) -> str | None:
        texts = [t for t in (_seed(DOCUMENTS[d]) for d in documents[who]) if t is not None]
        return "".join(texts) if texts else None
    for line, message in pointers.code_errors(ctx.page.body, ctx.page.line_of, document_text):
        ctx.fail(line, message)   # whose code is read whether or not the page computes values
    for line, message in pointers.box_errors(ctx.page.body, ctx.page.line_of):
        ctx.fail(line, message)   # a box's example given to the owner its title denies
    if ctx.values is None:
        return
    for line, message in pointers.errors(ctx.page.body, ctx.report.marks, ctx.page.line_of):
        ctx.fail(line, message)
    for line, message in pointers.row_errors(ctx.page.body, ctx.report.marks, ctx.page.line_of):
        ctx.fail(line, message)


def claim_kind(ctx: Context, claim: ClaimResult) -> str:
    """The declared kind (check_declared_kinds); an undeclared claim has already failed the page, and its numbers
    are shown as the site's until it is declared."""
    return claim.kind or "site_construction"


def check_declared_kinds(ctx: Context) -> None:
    """Every claimed key's kind is declared on its verify function and tested against data (checker/declared.py)."""
    if ctx.values is None or ctx.function is None:
        return
    cited_kinds = {c.kind for c in ctx.report.cited if c.kind}
    for line, message in declared.check(ctx.report.claims, ctx.function, ctx.meta["verify"], ctx.course, ctx.reads,
                                        cited_kinds):
        ctx.fail(line, message)
    for line, message in borrowing.errors(ctx.page.path, ctx.page.body, ctx.page.body_offset, ctx.report.claims,
                                          ctx.course, declared.where_declared(ctx.function)):
        ctx.fail(line, message)


def check_provenance(ctx: Context) -> None:
    """Citations checked against the bibliography and the recorded numbers (checker/provenance.py)."""
    checked = frozenset(provenance.bare_number(ctx.page.body[start:end])
                        for start, end in ((c.start, c.end) for c in ctx.covered if c.kind == "claim"))
    found = provenance.check(ctx.page, classify.numbers_in, compare, _quote_relocator(ctx), checked)
    for line, message in found.errors:
        ctx.fail(line, message)
    ctx.covered += [Cover(start, end, "cited", entry) for start, end, entry in found.covered]
    ctx.report.cited = [Citation(c["text"], c["source"], c["kind"], c["reference"], c["found"]) for c in found.cited]
    ctx.report.references = found.references


def check_formulas_are_listed(ctx: Context) -> None:
    """Every formula the inventory lists (a display formula, an inline one that computes) is in it: a new formula is
    asked for at its page, where the author is, not first by the whole-site test (checker/formula_inventory.py)."""
    from checker import formula_inventory as inventory
    path = Path(ctx.page.path).resolve()
    if not path.is_relative_to(DOCS.resolve()):
        return   # a scratch page outside docs/ is not the site's
    listed = _inventory_keys()
    bound = [inventory.squeeze(b) for b in inventory.bindings_of(path) if inventory.squeeze(b)]
    formulas, unlisted = inventory.formulas_of(path), 0
    bound_unlisted = 0
    for formula in formulas:
        if any(b in inventory.squeeze(formula["tex"]) for b in bound):
            # bound to its kernel on this page: the binding checks it, and --write lists it as bound with no
            # hand-written status; until then the whole-site test fails (this stop's new author met that first)
            bound_unlisted += (formula["page"], inventory.squeeze(formula["tex"])) not in listed
            continue
        if (formula["page"], inventory.squeeze(formula["tex"])) not in listed:
            unlisted += 1
            ctx.fail(formula["line"], f"formula ${formula['tex'][:60]}$ is not in checker/data/formulas_inventory.yaml: "
                                      "bind it to its kernel (front matter formulas:), then run `python -m "
                                      "checker.formula_inventory --write` and, if it is not bound, write its status "
                                      "(notation or unbound) with a reason there")
    if bound_unlisted:
        ctx.report.notes.append(f"{ctx.report.path}:1: {bound_unlisted} bound formula(s) of this page are not in "
                                "checker/data/formulas_inventory.yaml yet; `python -m checker.formula_inventory --write` "
                                "lists them (the whole-site test fails until it does)")
    rel = path.relative_to(inventory.ROOT).as_posix()
    recorded = [inventory.squeeze(e["tex"]) for e in _inventory_entries() if e["page"] == rel]
    # a bound formula the inventory does not list yet is the binding's (as above): a new page is not stale
    current = [t for t in (inventory.squeeze(f["tex"]) for f in formulas)
               if t in recorded or not any(b in t for b in bound)]
    if not unlisted and recorded != current:
        # a formula removed, edited or moved past another: the whole-site test would be the first to say so
        ctx.fail(ctx.meta_line("formulas") if "formulas" in ctx.meta else 1,
                 f"checker/data/formulas_inventory.yaml lists this page's formulas in another order or lists one it "
                 f"no longer has ({len(recorded)} listed, {len(formulas)} on the page); run `python -m "
                 f"checker.formula_inventory --write` and review its diff")


@functools.lru_cache(maxsize=1)
def _inventory_entries() -> tuple:
    from checker import formula_inventory as inventory
    return tuple(inventory.load())


@functools.lru_cache(maxsize=1)
def _inventory_keys() -> frozenset:
    from checker import formula_inventory as inventory
    return frozenset((e["page"], inventory.squeeze(e["tex"])) for e in _inventory_entries())


def check_source_list(ctx: Context) -> None:
    """The 来源 list names each source once (checker/source_list.py)."""
    for line, message in source_list.errors(ctx.page):
        ctx.fail(line, message)


def check_evidence_lists_what_is_there(ctx: Context) -> None:
    """Computed kinds are two-way: claims need one, and each listed one must be produced on the page; `design` is
    listed exactly when the page has a 待做设计 block."""
    has_design = any(b.label == kinds.DESIGN.label for b in kinds.blocks(ctx.page.body))
    if "design" in ctx.meta["evidence"] and not has_design:
        ctx.fail(ctx.meta_line("evidence"), "evidence lists 'design' but the page has no 待做设计 block; put the "
                                             "proposed experiment in !!! question \"待做设计\", or remove design")
    elif has_design and "design" not in ctx.meta["evidence"]:
        ctx.fail(ctx.meta_line("evidence"), "the page has a 待做设计 block but evidence does not list 'design'; add it")
    if ctx.values is None:
        return   # after a failed verify function, say only why it failed
    evidence = set(ctx.meta["evidence"])
    if ctx.claims and not set(COMPUTED_KINDS) & evidence:
        ctx.fail(ctx.meta_line("evidence"),
                 f"the page has computed claims, so evidence must list one of {', '.join(COMPUTED_KINDS)}")
    produced = set(ctx.produced)
    if classify.python_blocks(ctx.page.body):
        produced.add("construction")
    if not produced:
        return  # nothing computed at all: check_computed_evidence_is_used says so
    for kind in sorted((set(COMPUTED_KINDS) & evidence) - produced):
        ctx.fail(ctx.meta_line("evidence"),
                 f"evidence lists {kind!r} but nothing on the page produces it (the verify function declares "
                 f"{', '.join(sorted(ctx.produced)) or 'nothing'}); remove it from evidence")


PROJECT_PATH = re.compile(r"`((?:kernels|verify|checker|training|labs|tools|tests|benchmarks|results|notebooks|hooks|docs)/[\w./-]+)(?:::(\w+))?`")


def check_project_paths(ctx: Context) -> None:
    """Project paths named on the page exist, so a rename cannot leave a page pointing nowhere."""
    for m in PROJECT_PATH.finditer(ctx.page.body):
        target = ROOT / m.group(1)
        if not target.exists():
            ctx.fail(ctx.page.line_of(m.start()), f"the page names {m.group(1)}, which does not exist; fix the path")
        elif m.group(2) and target.suffix == ".py" and not re.search(rf"^(?:def|class) {m.group(2)}\b",
                                                                      target.read_text(encoding="utf-8"), re.M):
            ctx.fail(ctx.page.line_of(m.start()),
                     f"the page names {m.group(1)}::{m.group(2)}, which is not defined there")


def check_code_blocks(ctx: Context) -> None:
    """Run the page's python blocks; a following text block is their expected output. A printed check must be able
    to fail, and a kernel call on the verify function's data must use its settings (checker/code_checks.py)."""
    from checker import code_checks
    spec, verify = ctx.meta.get("verify"), None
    for block in classify.python_blocks(ctx.page.body):
        ctx.report.code_blocks_run += 1
        message, calls, vacuous = run_code_block(block)
        line = ctx.page.line_of(block.start)
        if message:
            ctx.fail(line, message)
        for n, why in code_checks.mislabelled_thresholds(block.code):
            ctx.fail(line + n, why)
        for n in vacuous:
            ctx.fail(line + n, "this printed check holds even when its first operand is changed: its two sides are one "
                               "object (a view or an alias of what it checks; a .copy() missing?), so it cannot fail; "
                               "compare against an independent copy or a recomputed value")
        if calls and spec and ctx.values is not None:
            try:
                verify = code_checks.verify_calls(spec) if verify is None else verify
            except Exception:   # noqa: BLE001  the verify function's failure is reported by its own stage
                verify = {}
            for conflict in code_checks.conflicts(calls, verify):
                ctx.fail(line, f"python code block computes another value than the page claims: {conflict}; the page's "
                               "numbers come from the verify function, so the code must use the same settings (or "
                               "change the verify function, and the claims and prose follow)")


def check_computed_evidence_is_used(ctx: Context) -> None:
    if ctx.values is None:
        return   # the verify function failed with a line of its own; nothing here would be the right fix
    computed_kinds = set(COMPUTED_KINDS) & set(ctx.meta["evidence"])
    if computed_kinds and not ctx.claims and not ctx.report.code_blocks_run:
        ctx.fail(ctx.meta_line("evidence"),
                 f"evidence lists {', '.join(sorted(computed_kinds))} but the page has no claims or executed code; "
                 "remove it from evidence ([] is right for a page without numbers)")


def check_page_figures(ctx: Context) -> None:
    """Figures are drawn from the same values; numbers in their annotations are claims (tools/figures.py)."""
    if ctx.values is None:
        return  # the verify function failed with a line of its own; its figures cannot be judged
    from tools.figures import check_figures
    ctx.report.figures = check_figures(ctx.page, ctx.values, ctx.report, ctx.fail)


def check_source_matches_id(ctx: Context) -> None:
    """A course page's `source` names its own section (id lecture.5.13 -> lecture §5.13): the seed numbers,
    dates and site-addition labels are all judged against that section, so it cannot drift to another."""
    from checker.seed_numbers import source_key
    document, _, section = str(ctx.page.id).partition(".")
    expected = {"lecture": f"lecture §{section}", "primer": f"primer §{section}", "topic": f"topic {section}"}.get(document)
    stated = source_key(str(ctx.meta.get("source", "")))
    if expected and stated != expected:
        ctx.fail(ctx.meta_line("source"), f"source says {stated!r} but the page id {ctx.page.id} is {expected!r}; "
                                          "a page's source is its own course section (cite others under sources)")


def check_title_and_description(ctx: Context) -> None:
    """The title and the description summarize the body: a value there must be one the body verifies, in the same
    words (a count with its measure word, 两种切分 for 两种切分; a number that is not a small integer, 0.881), or a
    count the course section states. A bare small integer (9, 三) could stand for anything the body counts."""
    if ctx.values is None:
        return  # the verify function failed with a line of its own
    body = ctx.page.body
    verified = set()
    for token in classify.numbers_in(body):
        if not token.structural and any(c.kind in ("claim", "cited") and c.start <= token.start and token.end <= c.end
                                         for c in ctx.covered):
            verified.add(_as_summary(token, body))
    # a count of the items the body names (分成人名、地名两类) is the body's as much as a claimed one
    verified |= {_as_summary(token, body) for token in ctx.counted}
    verified.discard(None)   # a bare small integer of the body says nothing a summary could repeat
    tuples = {_tuple_text(body[c.start:c.end]) for c in ctx.covered
              if c.kind in ("claim", "cited") and "," in body[c.start:c.end]}
    sizes = {len(t.split(",")) for t in tuples}
    for key in ("title", "description"):
        text = ctx.meta.get(key)
        if text is None:
            continue
        text = str(text)
        # a tuple the body verifies, written out whole ((0, ln2, ln3) for $(0,\ln2,\ln3)$), says what each item is
        restated = [m.span() for m in TUPLE.finditer(text) if _tuple_text(m.group(0)) in tuples]
        bare = [t.text for t in classify.numbers_in(text)
                if not t.structural and not _same_summary(_as_summary(t, text), verified, body)
                # a count the course section states (三类, 128 维) may be summarized as the body may state it
                and not ((t.word or classify.digit_phrase(text, t))
                         and ctx.course.states_phrase(t.phrase if t.word else classify.digit_phrase(text, t),
                                                      *counts.count_context(text, t)))
                and not any(s <= t.start and t.end <= e for s, e in restated)
                and not _summary_count_of_the_body(t, text, body, sizes)
                # 依次问的五件事：A、B、C、D、E: the description's count and the items it names right after it
                and not (counts.items_after(text, t.end) or -1) == _count_value(t)]
        if bare:
            ctx.fail(ctx.meta_line(key),
                     f"{key} states {', '.join(bare)}, which the body does not verify; claim or cite the same "
                     "value in the body, in the same words (the title and description may repeat a verified number; "
                     "a small integer needs the two or three words before it to be the body's too: 不超过 1)")


def _summary_count_of_the_body(token, text: str, body: str, sizes: set[int]) -> bool:
    """A count in the title or description that the body says in other words (new-author trial 49): 两种结果 on a page
    whose heading pairs two names (# LayerNorm 与 RMSNorm …), and 一个四维向量 where the body claims a vector of four
    entries ($x=(3,1,-1,5)$)."""
    value = _count_value_of(token.text)
    if value == 2 and token.word and counts.pair_of_the_title(body, 2):
        return True
    return value is not None and text.startswith("维", token.end) and int(value) in sizes


TUPLE = re.compile(r"(?:\\left)?[(\[][^()\[\]]*?,[^()\[\]]*[)\]]")


def _tuple_text(text: str) -> str:
    """A tuple's items as written, without spaces, TeX's backslashes and sizing: (0, ln2, ln3) == (0,\\ln2,\\ln3)."""
    return re.sub(r"\\left|\\right|[\s\\$()\[\]]", "", text)


def _as_summary(token, text: str) -> str | None:
    """How a number must reappear to be the same: a count with its measure word, any other value by its text;
    None for a bare small integer, which cannot say what it counts. A value set by its words (宽度为三, 宽度为 3)
    is the same value however its numeral is written."""
    before = text[:token.start].rstrip()
    if before.endswith("$") and text[token.end:token.end + 1] == "$":
        before = before[:-1].rstrip()   # 变成 $2$ 倍 sets a value as 变成 2 倍 does
    setter = next((w for w in SETTERS if before.endswith(w)), None)
    if setter:
        try:
            value = float(classify.word_value(token.text) if token.word else token.text)
            return f"set {setter}{value:g}"
        except (TypeError, ValueError):
            pass
    phrase = token.phrase if token.word else classify.digit_phrase(text, token) or _enumerated_phrase(text, token)
    if phrase:
        return "count " + _numeral_as_digits(phrase)
    try:
        value = float(classify.word_value(token.text) if token.word else token.text.replace(",", ""))
    except (TypeError, ValueError):
        value = None   # 1.804×10⁻¹⁵, 57.67%: not a small integer
    small = value is not None and value.is_integer() and abs(value) <= 12
    if small:
        # a bare small integer says what it is only through the words right before it (不超过 1, 取值为 0): the
        # description repeats the body's number when it repeats those words too (the r16 new author's 不超过 1 could
        # never be verified, whatever the body claimed)
        # (the characters before it, markup and punctuation left out: **束宽 2 and 与束宽 2 are read alike)
        words = "".join(re.findall(r"[\u3400-\u9fff]", text[max(0, token.start - 8):token.start]))[-3:]
        return f"near {words}{value:g}" if len(words) >= 2 else None
    return "value " + token.text


_ENUMERATED = re.compile(r"(?:\s*[、，,和与或及]\s*\d+)*\s*[、，,和与或及]\s*(\d+)(?=\s*\S)")


def _enumerated_phrase(text: str, token) -> str:
    """3、4、10 个候选: a number in an enumeration counts what the last one counts (its measure word and noun)."""
    if not re.fullmatch(r"\d+", token.text):
        return ""
    m = _ENUMERATED.match(text, token.end)
    if not m:
        return ""
    last = classify.digit_phrase(text, classify.Token(m.group(1), m.start(1), m.end(1), False, ""))
    return token.text + last[len(m.group(1)):] if last else ""


def _numeral_as_digits(phrase: str) -> str:
    """五件事 -> 5件事, 5 件事 -> 5件事: a count is the same count however its numeral is written (honest_37 H37-042:
    the body's 五件事 written 5 件事 left the description's 五件 unverified)."""
    m = re.match(r"([零一二两三四五六七八九十百千万]+|\d+)\s*(.*)", phrase, re.S)
    if not m:
        return phrase
    try:
        value = float(classify.word_value(m.group(1))) if not m.group(1).isdigit() else float(m.group(1))
    except (TypeError, ValueError):
        return phrase
    return f"{value:g}{m.group(2)}" if value.is_integer() else phrase


def _same_summary(summary: str | None, verified: set, body: str = "") -> bool:
    """A count in the title whose noun is left to the context (加长到 4、10 个) is the count the body gives with a noun
    (10 个候选): the same number and measure word. A count whose noun the summary words its own way (本站构造的三条
    样本 over the body's 设想三条都含“好看”的评论) is the body's count when the body counts that number with that
    measure word and uses the noun somewhere (description audit: 三条 was otherwise refused, and 几条 passes)."""
    if summary is None:
        return False
    # (一个三词目标句 in the description, 本站自拟的三个词 in the body: 个 between a numeral and its noun says nothing
    # more: new-author trial 59)
    without_ge = lambda s: re.sub(r"(?<=\d)\s*个(?=[\u4e00-\u9fff])", "", s or "")   # noqa: E731
    verified = set(verified) | {without_ge(v) for v in verified}
    summary = without_ge(summary)
    if summary in verified:
        return True
    # 与束宽 2 in the description, a line's **束宽 2 in the body (new-author trial 39): the same two words before the
    # same value, one side with a third word more that is no negation
    near = re.fullmatch(r"near ([\u3400-\u9fff]+?)(-?[\d.]+)", summary)
    if near:
        for v in verified:
            other = re.fullmatch(r"near ([\u3400-\u9fff]+?)(-?[\d.]+)", v or "")
            if other and other.group(2) == near.group(2):
                a, b = sorted((near.group(1), other.group(1)), key=len)
                if len(a) >= 2 and b.endswith(a) and not re.search(r"[不没未非无]", b[:len(b) - len(a)]):
                    return True
    # 原来的 2 倍和 4 倍: a conjunction after the measure word joins the next count, it names no noun
    m = re.fullmatch(rf"count (\d+)({classify.MEASURE})(?:[和与或及、].*)?", summary)
    if m:
        return any(v.startswith(f"count {m.group(1)}{m.group(2)}") for v in verified)
    # 说了两遍 in the description and the body: a count of times (遍, 次, 回) has no noun to repeat (new-author trial 60)
    times = re.match(r"count (\d+)(遍|次|回|趟)", summary)
    if times and any(re.match(rf"count {times.group(1)}{times.group(2)}(?![\u4e00-\u9fff]{{0,2}}[的])", v or "")
                     or (v or "") == f"count {times.group(1)}{times.group(2)}" for v in verified):
        return True
    m = re.match(rf"count ([零一二两三四五六七八九十百千万\d]+)({classify.MEASURE})([\u4e00-\u9fff]{{2}})?", summary)
    # the noun without a 的 that follows it (一句四个词的例子: 词, which the body's 这四个词 uses; new-author trial 31)
    noun = m.group(3)[:-1] if m and m.group(3) and m.group(3).endswith("的") else m.group(3) if m else None
    if not m or not noun or noun not in body:
        return False
    counted = f"count {m.group(1)}{m.group(2)}"
    return any(v.startswith(counted) for v in verified)


def check_run_claims(ctx: Context) -> None:
    """A sentence saying the site trained or measured something is backed by run evidence and a named results
    file, or links the page that has them; a GPU run needs a results file with a CUDA device (checker/run_claims.py)."""
    for offset, message in run_claims.errors(ctx.page, classify.prose_view(ctx.page.body)):
        ctx.fail(ctx.meta_line("description") if offset == run_claims.DESCRIPTION
                 else ctx.page.line_of(offset) if offset else ctx.meta_line("evidence"), message)


def check_run_keys_are_named(ctx: Context) -> None:
    """A function of constructions and runs names its run keys; a claimed value that moves with the committed
    runs it reads must be among them (checker/reads.py)."""
    if ctx.values is None or not ctx.run_keys or ctx.reads is None:
        return
    for line, message in reads.unnamed_run_keys(ctx.report.claims, ctx.reads, ctx.run_keys, ctx.meta["verify"]):
        ctx.fail(line, message)


def _covered_in_parts(ctx: Context, token) -> set:
    """A token read as one number (a fraction 3/6, a ratio 2:1, a function of a number -\\ln0.224) whose every
    digit run lies inside a claim hole of its own ({a}/{b}, -\\ln{p}) is claimed; {'claim'} then, else nothing.
    (New-author trial 14: L=-\\ln{tf_prob} checked 0.224, and -\\ln0.224 was still reported as unclaimed.)"""
    runs = [(token.start + m.start(), token.start + m.end()) for m in re.finditer(r"\d+(?:\.\d+)?", token.text)]
    if len(runs) < 2 and not (runs and re.match(r"[-−]?\\(?:ln|log|sqrt)(?![A-Za-z])", token.text)):
        return set()
    claimed = [c for c in ctx.covered if c.kind in ("claim", "failed-claim")]
    kinds_of = [{c.kind for c in claimed if c.start <= a and b <= c.end} for a, b in runs]
    if all(kinds_of):
        return set().union(*kinds_of)
    return set()


def _list_counted_before(body: str, token, listed: int) -> bool:
    """Does a count word earlier in the same sentence already give the size of the list the sentence introduces?"""
    start = max(body.rfind(c, 0, token.start) for c in "。！？；\n") + 1
    return any(other.word and start <= other.start < token.start and classify.word_value(other.text) == listed
               for other in classify.numbers_in(body[:token.start]) if not other.structural)


def _named_otherwise(ctx: Context, token) -> bool:
    """A count whose own clause names its items right before it (保留、写入和输出三个动作) is theirs: when the
    names are another number of items, it fails here, before the course's phrases are consulted (lecture §2.2
    writes 四个 of the four $W$, which is no count of these three actions)."""
    if not (token.word and not token.phrase.startswith(SETTERS) or classify.digit_phrase(ctx.page.body, token)):
        return False
    if ctx.page.body[max(0, token.start - 1):token.start] == "第":
        return False   # 第二、第三个候选: an ordinal names one item, it counts none
    if re.search(r"(?:每|各)[\u4e00-\u9fff]{0,3}\s*$", ctx.page.body[max(0, token.start - 6):token.start]):
        return False   # 32 层、8 个 KV 头、每头 128 维: a size per item, it counts none (new-author trial 27)
    named = counts.listed_right_before(classify.prose_view(ctx.page.body), token.start)
    stated = _count_value(token)
    if named is None or stated is None or named == stated:
        return False
    ctx.fail(ctx.page.line_of(token.start), f"{token.text!r} counts the items named right before it, but there are "
                                            f"{named}; write {named} or name {int(stated)}")
    return True


SAID_AGAIN = 160   # characters within which a count said again is taken as the same count
ACCOUNTED_AT = "accounted at"   # said's list of (end, value) of every count accounted for, in page order
# a pronoun that takes up what its sentence already counted: 这三类读取可以并存；它们是三种不同的接口
_TAKEN_UP = re.compile(r"它们|这些|其中|两者|二者|三者|彼此")


def _said_again_in_the_sentence(body: str, token, said: dict) -> bool:
    """The same value counted earlier in the same sentence, and taken up by a pronoun between the two (这三类读取
    可以并存；它们是三种不同的接口): the second count is the first said again (honest_45 H45-018). A different value
    stays a count of its own."""
    value = _count_value(token)
    start = max(body.rfind(c, 0, token.start) for c in "。！？\n") + 1   # a ； joins the two clauses
    return value is not None and any(
        start <= end <= token.start and earlier == value and _TAKEN_UP.search(body[end:token.start])
        for end, earlier in said.get(ACCOUNTED_AT, ()))


def _noun_key(body: str, token) -> tuple | None:
    """(value, measure word, the two characters of its noun) of a count with a noun right after it (两种布局), or None:
    the same count of the same noun said anywhere on the page is the same count (new-author trial 25 was asked to
    claim 两种布局 five times after the page had shown the two)."""
    key = _count_key(body, token)
    if key is None:
        return None
    # (or a Latin noun: 三个 key 依次是 … and, in the box after, 三个 key 也照此拼长: new-author trial 56)
    m = re.match(rf"\s*(?:{classify.MEASURE})?\s*([\u4e00-\u9fff]{{2}}|[A-Za-z]+)", body[token.end:token.end + 16])
    return None if m is None else (*key, m.group(1))


def _said_in_the_section(body: str, token, said: dict) -> bool:
    """The same count of the same noun accounted for earlier in the same section, in a sentence that names no course
    document, section or paper (review 87: 讲义 §4.10 的 FFN 中间层有四个特征 and 入门文章 §13.8 的示意图画了两种布局
    passed on the strength of a count elsewhere on the page)."""
    key = _noun_key(body, token)
    if key is None or key not in said or said[key] > token.start:
        return False
    # a heading that says the count again (温度、top-k 与 top-p 三种做法 … ## 为什么三种做法都不改变次序: new-author
    # trial 30) announces what its section reads of the page's count; prose in another section does not
    heading = re.match(r"#{1,6}\s", body[body.rfind("\n", 0, token.start) + 1:token.start])
    if not heading and re.search(r"\n#{1,6}\s", body[said[key]:token.start]):
        return False
    # (in the count's own clause: 把入门文章 §13.3 这四个向量…拼长，三个 key 也照此拼长 counts the page's keys: trial 56)
    start, end = counts._sentence_bounds(body, token.start, "。！？；;，,：:\n")
    return re.search(r"讲义|入门文章|课程|论文|§", body[start:end]) is None


def _pair_read_before(body: str, token) -> bool:
    """比较两种跑法：A，或者 B。两种跑法都在 eval 模式下进行 (new-author trial 51): the same count, measure word and
    noun, said shortly before where the numeral rules read it as no count (a contrast of two, number_words.yaml):
    the pair said again. A count with another noun or value, or one the earlier sentence counted, is read as before."""
    if not token.word or body[token.start:token.start + len(token.text)] != token.text:
        return False
    after = token.start + len(token.text)   # (a word token's span is its numeral; its text holds the measure word)
    noun = re.match(r"[\u4e00-\u9fff]{2}|[A-Za-z]+", body[after:after + 12])
    if noun is None or counts.items_after(body, token.end) is not None:
        return False   # (两种解释（A、B、C）: the items right after the count are what it counts)
    phrase = token.text + noun.group(0)
    lo = max(0, token.start - SAID_AGAIN)
    for m in re.finditer(re.escape(phrase), body[lo:token.start]):
        if not _a_count_at(body, lo + m.start()):
            return True
    return False


def _a_count_at(body: str, at: int) -> bool:
    """Is the numeral starting at body[at] read as a number (a count) where it stands?"""
    return any(t.start == at for t in classify.numbers_in(body) if not t.structural)


def _say(said: dict, body: str, token) -> None:
    """Record a count accounted for, by (value, measure word) where it stands and by its noun for the whole page."""
    if (key := _count_key(body, token)) is not None:   # (a count with no measure word is no key: 一半 matched
        said[key] = token.end                          # any such count before it: blind_41 W41-011)
    said.setdefault(ACCOUNTED_AT, []).append((token.end, _count_value(token)))
    if (noun := _noun_key(body, token)) is not None:
        said[noun] = token.end


def _count_key(body: str, token) -> tuple | None:
    """(value, measure word) of a count (三项, 3 项), or None where no measure word follows."""
    measure = re.match(rf"\s*({classify.MEASURE})", body[token.end:]) if token.text.isdigit() else None
    if token.word:
        measure = re.search(rf"({classify.MEASURE})$", token.text)
    value = _count_value(token) if measure else None
    return None if value is None else (value, measure.group(1))


def _count_value(token) -> float | None:
    """A count's value: digits (100,000 with its thousands commas), or a numeral word; None for what is neither."""
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+|\d+", token.text):
        return float(token.text.replace(",", ""))
    try:
        return classify.word_value(token.text)
    except NumberFormatError:
        return None


def _count_claimed(ctx: Context, token) -> None:
    """A number inside a claim hole: counted as recomputed, marked with the kind of the claim where it starts."""
    report = ctx.report
    report.numbers_recomputed += 1
    where = token.start + ctx.page.body_offset
    index = next((n for n, c in enumerate(report.claims) if c.status == "passed" and c.span
                  and c.span[0] <= where < c.span[1]), None)
    if index is not None:
        report.marks.append(kinds.Mark(token.start, token.end, token.text, claim_kind(ctx, report.claims[index]),
                                       claim=index))


def _points_back(body: str, token) -> bool:
    """这 3 组参数: a count in digits after 这, with its measure word, points back as 这三组 does (classify reads the
    word form as an anaphora; the digit form is the same count and is read the same way)."""
    return (token.text.isdigit() and body[:token.start].rstrip().endswith("这")
            and re.match(rf"\s*(?:{classify.MEASURE})", body[token.end:]) is not None
            and not re.match(r"\s*倍", body[token.end:]))


def _check_anaphora(ctx: Context, token) -> None:
    """这三本账 points back at items just named and is no number of its own; where its own clause names them
    (把 A、B 和 C 这三本账合起来), or the sentence before names them in a list (同一套 $W_x$、$W_h$、$b$。这三组参数…),
    the count must be theirs."""
    if not (token.word and token.context.startswith("anaphora") or _points_back(ctx.page.body, token)) \
            or not ctx.page.body[:token.start].rstrip().endswith("这"):
        return   # 那三类 points further back, and 这一章 is 'this chapter', no count
    stated = int(token.text) if token.text.isdigit() else classify.word_value(token.text)
    if stated is None or stated < 2:
        return
    view = classify.prose_view(ctx.page.body)
    # the items must end right at 这 (把 A、B 和 C 这三本账); 在 §12.3、§12.4 用具体数字把这三步 names sections, not steps
    listed = counts.listed_at(view, token.start)
    if listed is None:
        collective = re.match(r"\s*(?:组|套|批|对)", ctx.page.body[token.end:]) is not None
        listed = counts.listed_in_previous_sentence(view, token.start, collective)
    if listed is None:   # 上面这四项取舍… after a bulleted list of four
        listed = counts.listed_in_previous_list(view, token.start)
    if listed is None:   # A、B 和 C，这三样都要存下来: the clause before the comma
        listed = counts.listed_in_the_clause_before(view, token.start)
    if listed is not None and stated != listed and stated != counts.groups_joined_at(view, token.start):
        ctx.fail(ctx.page.line_of(token.start), f"{token.text!r} points back at the items just named, but "
                                                f"there are {listed}; write {listed} or name {int(stated)}")


def _the_sites_own_count(ctx: Context, token) -> bool:
    """A count whose items follow it (四个候选 a、the、his、it) is the page's own list, whatever the course writes:
    primer §11.5 writing 四个候选 of other candidates made it 教学构造 on hover (new-author trial 55). (A count in the
    site's block that the course states of the same thing, 三类问题 in the site's rerun of lecture §6.4, stays the
    course's: the words alone cannot tell the two apart.)"""
    value = _count_value(token)
    return value is not None and counts.items_after(ctx.page.body, token.end, value) == value


def _in_heading(body: str, at: int) -> bool:
    """Does offset `at` stand in a Markdown heading line?"""
    return re.match(r"#{1,6}\s", body[body.rfind("\n", 0, at) + 1:at + 1]) is not None


def check_completeness(ctx: Context) -> None:
    """Every number in the body that is not structural is covered by a claim or a citation."""
    report = ctx.report
    said: dict = {}   # the counts (value, measure word) accounted for, and where: said again close by, they pass
    for token in classify.numbers_in(ctx.page.body):
        if token.structural:
            _check_anaphora(ctx, token)
            if token.word and token.context.startswith("anaphora"):
                said.setdefault(ACCOUNTED_AT, []).append((token.end, _word_value_or_none(token.text)))
            continue
        report.numbers_total += 1
        if ctx.values is None:
            continue  # the verify function failed with a line of its own; its numbers cannot be judged
        covers = {c.kind for c in ctx.covered if c.start <= token.start and token.end <= c.end}
        if not covers and token.text[:1] in "-−" and re.search(r"[=(（×\\]\s*$", ctx.page.body[max(0, token.start - 8):token.start]):
            # $\Delta z=-0.1\times…$ claimed as '\Delta z=-{lr}\times…' (new-author trial 64): the minus is the formula's
            # operator before the claimed value, not the value's sign
            covers = {c.kind for c in ctx.covered if c.start <= token.start + 1 and token.end <= c.end
                      and ctx.page.body[token.start:token.start + 1] in "-−"}
        if not covers:
            covers = _covered_in_parts(ctx, token)
        if "failed-claim" in covers:
            continue  # its claim already failed with a message of its own
        if "claim" in covers:
            _count_claimed(ctx, token)
            _say(said, ctx.page.body, token)
        elif "cited" in covers:
            report.numbers_cited += 1
            # each cited entry counts the numbers it accounts for, so the entries sum to numbers.cited
            entry = next(c.entry for c in ctx.covered
                         if c.kind == "cited" and c.start <= token.start and token.end <= c.end)
            if entry is not None:
                report.cited[entry].numbers += 1
                report.marks.append(kinds.Mark(token.start, token.end, token.text,
                                               report.cited[entry].kind or "paper", cited=entry))
        elif _named_otherwise(ctx, token):
            continue   # 保留、写入和输出四个动作: wrong whoever states a 四个 elsewhere (failed in _named_otherwise)
        elif not _the_sites_own_count(ctx, token) and ctx.course.states_phrase(
                token.phrase if token.word else classify.digit_phrase(ctx.page.body, token),
                *counts.count_context(ctx.page.body, token)):
            report.numbers_course += 1  # the seed section states this count in these words: the course's own
            _say(said, ctx.page.body, token)
            report.marks.append(kinds.Mark(token.start, token.end, token.text, "course"))
        elif _multiple(ctx.page.body, token):
            # 正好是普通 FFN 的两倍 (blind_35 W35-023): a ratio, no count of things the sentence lists or names
            ctx.fail(ctx.page.line_of(token.start),
                     f"number '{token.text}' is neither claimed nor cited ({token.context}); {claim_hint(ctx, token)}")
        elif (token.word and not token.phrase.startswith(SETTERS)   # 宽度为二, 约为三 set a value, count nothing
              and not token.text.endswith("半")   # 各占一半: a share, no count of what is listed (honest_50 H50-020)
              # 好评、差评各三条: a size per item, no count of the items listed (honest_51 H51-043)
              and not re.search(r"(?:每|各)\s*$", ctx.page.body[max(0, token.start - 2):token.start])
              and (listed := counts.enumerated_count(ctx.page.body, token.start, token.end,
                                                     _word_value_or_none(token.text))) is not None):
            stated = classify.word_value(token.text)
            # (两处：§5.1 的 N-gram、§16.4 的精确率与召回率: the colon's items, and a 与 inside one of them joins no two:
            # new-author trial 60)
            # (only where that reading gives the count stated: A、B与C after 三个对象： is three, its 与 a joint)
            if stated != listed and counts.items_after_the_colon(ctx.page.body, token.end, stated) == stated:
                listed = stated
            if stated == listed:
                report.numbers_enumerated += 1
                ctx.counted.append(token)
                _say(said, ctx.page.body, token)   # the page lists that many items itself
            elif _list_counted_before(ctx.page.body, token, listed):
                # 准备两个各含十个 token 的保留集： two items listed; 两个 counts them, 十个 counts something else
                ctx.fail(ctx.page.line_of(token.start),
                         f"number '{token.text}' is neither claimed nor cited ({token.context}); the list after its "
                         f"sentence is counted by an earlier word; {claim_hint(ctx, token)}")
            elif stated < listed and _in_heading(ctx.page.body, token.start):
                # ## 两种遮罩，挡住的东西不同 over a list of the two masks and two remarks on them (new-author trial 8):
                # a heading names its section's topic, and the list under it may say more than the things counted;
                # the count is a number like any other, claimed or stated by the course
                ctx.fail(ctx.page.line_of(token.start),
                         f"number '{token.text}' is neither claimed nor cited ({token.context}); the list under this "
                         f"heading has {listed} items: if the heading counts them all, write {listed}; if it counts "
                         f"fewer of them, {claim_hint(ctx, token)}")
            else:
                ctx.fail(ctx.page.line_of(token.start),
                         f"{token.text!r} counts the items this sentence enumerates, but there are {listed}; "
                         f"write {listed} or list {int(stated)}")
        elif ((classify.digit_phrase(ctx.page.body, token)   # 后面的 4 次转折…： and a table of 4 rows, as 四次 would pass
               # a counter the measure words do not list (至少要过 4 关：), as 四关 passes
               or token.text.isdigit() and re.match(r"[ \t]?[\u4e00-\u9fff]", ctx.page.body[token.end:token.end + 2]))
              and counts.enumerated_count(ctx.page.body, token.start, token.end, _count_value(token))
              == _count_value(token)):
            report.numbers_enumerated += 1
            ctx.counted.append(token)
            _say(said, ctx.page.body, token)
        elif ((token.word and not token.phrase.startswith(SETTERS) or token.text.isdigit())
              and _count_value(token) in (counts.items_after(ctx.page.body, token.end, _count_value(token)),
                                          counts.items_in_turn(ctx.page.body, token.end),
                                          counts.items_after_the_colon(ctx.page.body, token.end, _count_value(token)))):
            # 两条评论“A”和“B”, 有 2 条（E 和 F）: the items it counts follow it; 三个权重依次是 $(1,0.5,0.5)$: its values
            report.numbers_enumerated += 1
            ctx.counted.append(token)
            _say(said, ctx.page.body, token)
        elif (token.word and not token.phrase.startswith(SETTERS)
              and _count_value(token) in counts.named_nearby(ctx.page.body, token.start, token.end)):
            # padding mask …。因果遮罩 …。两种遮罩的用途不一样; 留下电影与音乐…。留下的两个概率: the things it counts were
            # just named (new-author trials 30-34, whose authors added 这 to get green); another count stays unclaimed
            report.numbers_enumerated += 1
            ctx.counted.append(token)
            _say(said, ctx.page.body, token)
        elif _points_back(ctx.page.body, token):
            _check_anaphora(ctx, token)   # 这 3 组, as 这三组: the items just named, checked where they are listed
            continue
        elif _definition_constant(ctx.page.body, token):
            continue   # 加起来为 1: counted as its words 为一 are, which is not at all
        elif _base_said_again(ctx.page.body, token):
            continue   # 以 2 为底…，再取 2 的那么多次幂: the base named again (new-author trial 52)
        elif token.word and (0 <= token.start - said.get(_count_key(ctx.page.body, token), -SAID_AGAIN) < SAID_AGAIN
                             or _said_in_the_section(ctx.page.body, token, said)
                             or _pair_read_before(ctx.page.body, token)
                             or _said_again_in_the_sentence(ctx.page.body, token, said)):
            # 三项相加得 … (a table's three rows) and, a sentence later, 和三项之和相比: the same count said again in
            # the same passage; further away, two of the same (两个, 三项) may count other things
            report.numbers_enumerated += 1
            ctx.counted.append(token)
        elif token.word and _count_kept_from_its_pin(ctx, token):
            report.numbers_enumerated += 1   # the reviewed sentence said this count of this thing
            ctx.counted.append(token)
        elif token.word and _claimed_below(ctx, token):
            # 在下文学了六轮合并的例子里 before the box that claims 学 $6$ 轮合并 (honest_52 H52-005): a count said ahead
            # of its claim, in a sentence that points down the page
            report.numbers_enumerated += 1
            ctx.counted.append(token)
        elif (index := _restated_claim(ctx, token)) is not None:
            # the same value at the same precision as a number the page claims elsewhere: the computation that checks
            # that claim checks this one, and the number is whoever's that claim declares it to be
            report.numbers_recomputed += 1
            report.marks.append(kinds.Mark(token.start, token.end, token.text, claim_kind(ctx, report.claims[index]),
                                           claim=index))
        elif (index := _root_of_a_claimed_count(ctx, token)) is not None:
            # 0.032^{-1/4} beside a claimed count of 4 tokens: the exponent is that count's root, checked with it (the
            # new-author trial of stop 48 was told -1/4 was an unclaimed value and wrote 开四次方再取倒数 instead)
            report.numbers_recomputed += 1
            report.marks.append(kinds.Mark(token.start, token.end, token.text, claim_kind(ctx, report.claims[index]),
                                           claim=index))
        elif _printed_by_a_missing_claim(ctx, token):
            continue  # a reworded sentence: its claim's 'not found' message says to update the template
        else:
            ctx.fail(ctx.page.line_of(token.start),
                     f"number '{token.text}' is neither claimed nor cited ({token.context}); {claim_hint(ctx, token)}")
    _mark_claims_without_tokens(ctx)


# a pair said without a numeral (两边的测试集, 二者的下标): read as a count of two where a reworded sentence says 两个
_PAIR_WORDS = re.compile(r"两边|两者|二者|双方|两头")


def _count_kept_from_its_pin(ctx: Context, token) -> bool:
    """A count in a sentence reworded from a pinned one that said the same count of the same thing: 两边的测试集不是
    同一批序列 -> 两个测试集并非同一批序列 (honest_61 H61-016). The pinned sentence is the one most like this one
    (checker/statements.py _origin); it must hold a count of this value, a pair word counting as two, and the noun
    after this count. A count of another value, or of a thing the pinned sentence did not name, is read as before."""
    from checker.statements import _bare, _origin
    value = _count_value(token)
    if value is None or value < 2:
        return False
    body = ctx.page.body
    if counts.items_after(body, token.end, value) not in (None, value):
        return False   # 两种解释（A、B、C）: the items right after it are what it counts, whatever the pin said
    start, end = counts._sentence_bounds(body, token.start, "。！？\n")
    noun = re.match(rf"\s*(?:{classify.MEASURE})?\s*([\u4e00-\u9fff]{{2}}|[A-Za-z]+)", body[token.end:end])
    if noun is None:
        return False
    sentences = {_bare(part) for text in _pinned_texts(ctx.page.path)
                 for part in re.split(r"(?<=[。！？])", text) if part.strip()}
    origin = _origin(body[start:end], sentences)
    if not origin or noun.group(1) not in origin[0] or origin[0] == _bare(body[start:end]):
        return False
    said = [_count_value_of(m.group(0)) for m in re.finditer(rf"{CN_NUMERAL}+|\d+", origin[0])]
    return value in said or value == 2 and _PAIR_WORDS.search(origin[0]) is not None


def _count_value_of(text: str) -> float | None:
    """A count's value from its text alone: digits, or a numeral word (_word_value_or_none)."""
    return float(text) if text.isdigit() else _word_value_or_none(text)


def _claimed_below(ctx: Context, token) -> bool:
    """A count in a sentence that points down the page (下文, 下面, 下例, 后面) whose value, measure word and noun a claim
    prints further on in the same section (学 $6$ 轮合并 for 六轮合并)."""
    body = ctx.page.body
    key = _count_key(body, token)
    start, end = counts._sentence_bounds(body, token.start)
    if key is None or not re.search(r"下文|下面|下例|下表|下方|后面|后文", body[start:end]):
        return False
    value, measure = key
    named = re.match(rf"\s*(?:{re.escape(measure)})?\s*([\u4e00-\u9fff]{{2}})", body[token.end:token.end + 8])
    if named is None:
        return False
    noun = named.group(1)
    section_end = min([m.start() for m in re.finditer(r"\n#{1,6}\s", body[token.end:])] + [len(body)]) + token.end \
        if re.search(r"\n#{1,6}\s", body[token.end:]) else len(body)
    number = f"{int(value)}" if value == int(value) else f"{value}"
    for m in re.finditer(rf"\$?({number})\$?\s*{re.escape(measure)}\s*{re.escape(noun)}", body[token.end:section_end]):
        at = token.end + m.start(1)
        if any(c.kind == "claim" and c.start <= at < c.end for c in ctx.covered):
            return True
    return False


def _multiple(body: str, token) -> bool:
    """Is the number a multiple (两倍, 3 倍): a ratio of two quantities, which only a claim or a citation accounts for?"""
    return token.text.endswith("倍") or re.match(r"\s*倍", body[token.end:token.end + 3]) is not None


def _printed_by_a_missing_claim(ctx: Context, token) -> bool:
    """Whether a claim that was not found has a hole computing this number. A paragraph reworded past what
    relocation follows leaves its claims 'not found' and their numbers unclaimed; the new author of this stop's trial
    met each such number twice (6 of 17 messages). The claim's message says what to do; this one would repeat it."""
    missing = [c for c in ctx.report.claims if c.status == "failed" and c.message == "not found"]
    if not missing or not ctx.values:
        return False
    text = token.text
    if token.word:
        try:
            text = str(integer(re.match(f"[{NUMERAL_CHARS}]+", token.text).group(0)))
        except (NumeralError, AttributeError, ValueError):
            return False
    for claim in missing:
        for key in filter(None, claim.key.split(",")):
            hole = HOLE.fullmatch("{" + key + "}")
            try:
                value = lookup(ctx.values, hole.group(1), hole.group(2)) if hole else None
                # a vector hole printed as (3,1,0): the page's tokens are its elements, one by one (the new-author
                # trial of stop 46 met five of them after one template went stale)
                for part in [value, *kinds.scalars(value)] if value is not None else []:
                    try:
                        if compare(text, part)[0]:
                            return True
                    except (TypeError, ValueError, NumberFormatError):
                        continue
            except (KeyError, IndexError, TypeError, ValueError, NumberFormatError):
                continue
    return False


def _mark_claims_without_tokens(ctx: Context) -> None:
    """A passed claim printed where no counted number stands (a vector in display math, an ordinal range 第 10–29 位)
    still says whose it is: its printed text gets one mark of the claim's kind, so the hover and the labelled-block
    rules see it like any other number (a reviewer found the course's vectors of primer §3.1 with no mark at all)."""
    report, offset = ctx.report, ctx.page.body_offset
    marked = [(m.start, m.end) for m in report.marks]
    for index, claim in enumerate(report.claims):
        if claim.status != "passed" or not claim.span or isinstance(claim.computed, str):
            continue
        start, end = claim.span[0] - offset, claim.span[1] - offset
        if start < 0 or any(s < end and start < e for s, e in marked):
            continue
        report.marks.append(kinds.Mark(start, end, ctx.page.body[start:end], claim_kind(ctx, claim), claim=index))
        marked.append((start, end))


def _bare(text: str) -> str:
    return re.sub(r"(?<![\d])0(?=\.\d)", "", text.replace(" ", "").replace("−", "-"))


# two significant digits or more with a decimal point (6.4, .25, 0.0031), a fraction, or three digits or more
_DISTINCTIVE = re.compile(r"^-?(?:[1-9]\d*\.\d+|0?\.0*[1-9]\d+)$|^\d+/\d+$|^-?\d{3,}$")


def _base_said_again(body: str, token) -> bool:
    """The base of a power (2 的那么多次幂, 2 的 H 次方) in a sentence that names it as its logarithm's base first (以 2
    为底): the same constant of the definition, which the first mention did not count either."""
    if not re.match(r"\s*\$?\s*的[^，,。；;]{0,8}?次(?:幂|方)", body[token.end:token.end + 14]):
        return False
    start, _ = counts._sentence_bounds(body, token.start, "。！？\n")
    return re.search(rf"以\s*\$?\s*{re.escape(token.text)}\s*\$?\s*为底", body[start:token.start]) is not None


def _definition_constant(body: str, token) -> bool:
    """0 or 1 set by a copula and ending its clause (概率加起来为 1。 梯度为 $0$，): the constant of a definition,
    as its words 为一, 为零 are (number_words.yaml, copula_value, and classify.NUMBER_WORD leave those alone); the
    digit must not cost a claim that the word escapes, or the checker teaches authors to write 一 for 1."""
    if token.word or token.text not in ("0", "1"):
        return False
    # 取值在 0 到 1 之间 (a gate, a probability): the bounds of a range, as 零到一之间 is no number in words
    if re.search(r"0\s*\$?\s*(?:到|和|与|至|~|-)\s*\$?\s*1\s*\$?\s*之间", body[max(0, token.start - 12):token.end + 12]):
        return True
    before = body[max(0, token.start - 8):token.start].rstrip(" $")
    after = body[token.end:token.end + 4].lstrip(" $")
    # 第 i 维取 1，其余都是 0 (one-hot): 取 sets the constant as 为 does; 取一 is no number at all, so 取 1 must not be
    # 恰好为 $1$（换算见…）: an aside in brackets opens after the clause's end
    # 加起来为 1 的权重: the constant said of what follows (为一的权重 is no number in words either)
    # 概率都是 1 时: the constant as a condition, as 都是一时 is (new-author trial 18)
    # 其余为 0” closes a quotation at the clause's end (new-author trial 17; its 乘上 0 / 乘 1 stay values: review 79
    # found 被遮住的分数乘上 0 and 激活要乘以 1, both false, passing as constants)
    if before.endswith(("乘", "乘上", "乘以")) and _one_hot_factor(body, token):
        return True
    # 下限是 1, 已经接近 1: a bound or a value reached is a value in digits as in words (下限是一 is one: number_words.yaml
    # a_bound_or_a_value_reached), not a definition's constant
    if before.endswith(number_words.bound_words()):
        return False   # (设为 0, 取为 1 stay a definition's constants: review 84)
    return before.endswith((*classify.COPULAS, "取")) and (
        not after or after[0] in "，。；、,.;：:）)（(\n的”」时" or after.startswith(("左右", "附近")))


_ONE_HOT = re.compile(r"one-hot|独热", re.I)
_ONE_HOT_SYMBOL = re.compile(r"(?:one-hot|独热)\s*(?:向量|编码|行向量)?\s*\$([^$]{1,12})\$", re.I)


def _one_hot_factor(body: str, token) -> bool:
    """A factor of 0 or 1 of a one-hot product, said where it belongs: 其余各行都被乘上 0 (the rest), 只有乘 1 的那 d 次
    (the one entry), in a sentence that names the one-hot vector (the word, or the symbol the page introduces as one:
    'one-hot 向量 $e_i$'). New-author trial 17's two sentences; review 79 withdrew a reading of any 乘上 0 / 乘 1
    (被遮住的分数乘上 0 passed), so a factor with no one-hot in its sentence, or 0 given to the one entry and 1 to the
    rest, stays a value to claim."""
    # the sentence, cut at ；, a blank line and a list item too, so that a clause or an item beside a one-hot one is
    # not read with it (review 80); a paragraph's own line breaks are no cut
    cuts = [m.end() for m in SENTENCE_END.finditer(body, 0, token.start)]
    start = cuts[-1] if cuts else 0
    after = SENTENCE_END.search(body, token.end)
    sentence = body[start:after.start() if after else len(body)]
    symbols = {m.group(1).strip() for m in _ONE_HOT_SYMBOL.finditer(body)}
    named = any(re.search(r"\$\s*" + re.escape(s) + r"(?![A-Za-z0-9_])", sentence) for s in symbols)
    if not (_ONE_HOT.search(sentence) or named):
        return False
    clause = re.split(r"[，,；;：:]", body[start:token.start])[-1]
    if re.search(r"(?:不|没|未|无需|不用|不必)[^，。；]*乘", clause):
        return False   # 其余各行都不乘 0, 没有被乘上 0: a factor denied is no entry of the one-hot vector
    if re.search(r"掩码|遮罩|mask|dropout|注意力|分数|激活|ReLU|门控|门值|剪枝|而|则", clause, re.I):
        return False   # …one-hot 点积都是零，注意力的掩码则把其余分数乘上 0: another operation's factor (reviews 81, 82)
    if token.text == "0":   # the rest of the one-hot vector's entries: 其余各行, 其余的分量 (review 82)
        return bool(re.search(r"(?:其余|其他|其它|别的|剩下的)\s*(?:各|的)?\s*(?:行|位|分量|项|元素|维|位置)", clause))
    return bool(re.search(r"只有|唯一|仅有|只剩", clause))


_ROOT_EXPONENT = re.compile(r"[-−]?\s*1\s*/\s*(\d+)")


def _word_value_or_none(text: str) -> float | None:
    try:
        return classify.word_value(text)
    except (NumberFormatError, ValueError):
        return None


def _root_of_a_claimed_count(ctx: Context, token) -> int | None:
    """The index of a passed claim, in the same paragraph, that prints the N of an exponent ±1/N (a root or its
    inverse: the geometric mean of N probabilities); None for any other number, or an N no claim there prints."""
    m = _ROOT_EXPONENT.fullmatch(token.text.strip())
    body = ctx.page.body
    if not m or not re.search(r"\^\s*\{?\s*$", body[max(0, token.start - 4):token.start]):
        return None
    here = _paragraph(body, token.start)
    for n, claim in enumerate(ctx.report.claims):
        if (claim.status == "passed" and claim.printed and claim.span is not None
                and _bare(str(claim.printed)).strip("[]()$") == m.group(1)
                and _paragraph(body, claim.span[0] - ctx.page.body_offset) == here):
            return n
    return None


def _restated_claim(ctx: Context, token) -> int | None:
    """The index of a passed claim that prints this very number (.422319 and 0.422319 alike) when the number is
    distinctive enough that printing it twice is a restatement, not a coincidence: two or more significant digits
    with a decimal point, a fraction, or three or more digits. A small integer (0, 4, 两) restated still needs its own claim: too many
    things on a page are 2."""
    if token.word:
        return None
    if not _DISTINCTIVE.search(_bare(token.text)):
        pointed = _pointed_back(ctx, token)
        return pointed if pointed is not None else _in_its_claims_words(ctx, token)
    wanted = _bare(token.text)
    body, offset = ctx.page.body, ctx.page.body_offset
    here = _paragraph(body, token.start)
    for n, claim in enumerate(ctx.report.claims):
        if claim.status != "passed" or not claim.printed:
            continue
        printed = _bare(str(claim.printed)).strip("[]()$")
        if wanted != printed and wanted not in printed.split(","):
            continue
        # beside its claim (the same paragraph) a short value restates it; elsewhere on the page only a value
        # with three significant digits or more does: 2/7 of one candidate is not 2/7 of two others
        near = claim.span is not None and _paragraph(body, claim.span[0] - offset) == here
        if near or _precise(wanted):
            return n
    return None


_POINTER = re.compile(r"(?:这|那)(?:些)?\s*$")


def _pointed_back(ctx: Context, token) -> int | None:
    """A small integer that points back at a claim of its own sentence (英文一侧有 7 个 token；模型要做的 8 次预测，
    就是这 7 个再加上 EOS): 这/那 right before it, and a passed claim in the sentence that prints the same value with
    the same measure word after it. It says again what the claim says, so the claim's check covers it."""
    body, offset = ctx.page.body, ctx.page.body_offset
    if not _POINTER.search(body[max(0, token.start - 3):token.start]):
        return None
    measure = body[token.end:token.end + 3].lstrip()[:1]
    start = max(body.rfind(c, 0, token.start) for c in "。！？\n") + 1
    ends = [i for i in (body.find(c, token.end) for c in "。！？\n") if i >= 0]
    end = min(ends) if ends else len(body)
    for n, claim in enumerate(ctx.report.claims):
        if claim.status != "passed" or claim.span is None:
            continue
        s, e = claim.span[0] - offset, claim.span[1] - offset
        if not (start <= s and e <= end):
            continue
        for m in re.finditer(rf"(?<![\d.]){re.escape(_bare(token.text))}(?![\d.])", body[s:e]):
            if body[s + m.end():s + m.end() + 3].lstrip()[:1] == measure and s + m.start() != token.start:
                return n
    return None


def _content(text: str) -> str:
    """The Chinese characters of a text that carry content (是, 的, 按 … taken out: checker/relocation.py)."""
    function = relocation.function_characters() | set("按是的了就")
    return "".join(c for c in re.findall(r"[\u4e00-\u9fff]", text) if c not in function)


def _in_its_claims_words(ctx: Context, token) -> int | None:
    """A small integer printed again in the words of a one-number claim that prints it (the claim 固定规则选出的下标
    {index} = 7, and 按固定规则选出的是下标 7 further down): the same content words right before it, at least four of
    them, in the same clause. It says what the claim says, so the claim's check covers it; 2 after other words is
    still a number of its own."""
    body = ctx.page.body
    clause_start = max(body.rfind(c, 0, token.start) for c in "，。；：！？\n,;:") + 1
    before = _content(body[clause_start:token.start])
    for n, claim in enumerate(ctx.report.claims):
        if claim.status != "passed" or _bare(str(claim.printed or "")) != _bare(token.text):
            continue
        holes = list(HOLE.finditer(claim.template))
        if len(holes) != 1:
            continue
        words = _content(claim.template[:holes[0].start()])
        if len(words) >= 4 and before.endswith(words):
            return n
    return None


def _precise(text: str) -> bool:
    """Three significant digits or more with a point (1.04, .155362, 0.00312), or four digits or more."""
    if re.fullmatch(r"-?\d{4,}", text):
        return True
    if not re.fullmatch(r"-?\d*\.\d+", text):
        return False
    return len(re.sub(r"^0+", "", text.lstrip("-").replace(".", ""))) >= 3


def _paragraph(body: str, at: int) -> tuple[int, int]:
    return body.rfind("\n\n", 0, at), body.find("\n\n", at)


SETTERS = classify.BARE_BEFORE + classify.COPULAS


def claim_hint(ctx: Context, token) -> str:
    """How to claim an unclaimed number: the template to add, cut from the page's own line with a hole where the
    number stands, and where its value and kind are declared. Never 'reword it': a count in words is claimed like
    digits, and blurring it or spelling digits as words does not pass."""
    template = suggested_template(ctx.page.body, token)
    stale = _stale_cited_entry(ctx, token)
    if stale is not None:
        # new-author trial 55 reworded 合计 2160 与 540 个图–问对 (a cited record) and was offered the site run's key
        # for 540 first: the number is the record's, and the entry that cited it no longer matches its sentence
        i, text = stale
        return (f"cited text {i} ('{text}') held this number and no longer matches the page: if the sentence was "
                f"reworded, copy its new words into that entry's text (the number stays the source's); only if it "
                f"is another number, claim it: add to claims '{template.replace(chr(39), chr(39) * 2)}'")
    spec = ctx.meta.get("verify")
    where = (f"return KEY from {spec} and declare its kind there (@kinds, e.g. @kinds(course='KEY') when the "
             f"course section states it, site_construction when it is the site's)" if spec else
             "add 'verify: verify/...py::function' returning KEY, with its kind declared by @kinds")
    counted = " (a count in words is claimed like digits: the hole reads 三 as 3)" if token.word else ""
    known = _keys_printing(ctx, token)
    if known:
        key, whole = known
        which = "that key" if "," not in key else "the key it means"
        # a small integer equals some key by chance (the third new-author trial's K/V factor 2 was offered {bytes},
        # bytes per element): the hint says the match is by value only
        small = re.fullmatch(r"-?\d+", whole) is not None and abs(int(whole)) <= 12 or token.word
        chance = (" (only the value matches: a small number often equals an unrelated key, so check that it is the "
                  "same quantity, or return a new key for it)") if small else ""
        where = (f"{spec} already returns {key} with this value{chance}: if the page means it, put {which} in the "
                 f"template where {whole} stands")
    # a count of things the page itself names (两种算法, 两条路线) needs no verify key: named right after it, or
    # pointed back to, it is checked against them (counts.items_after, the anaphora 这两种); saying so here keeps an
    # author from dropping the count to get green
    named = (" or, if it counts things the page names, name them right after it (两种算法（递推与并行）, 两条评论“…”和“…”) "
             "or point back to them (这两种), and it is checked against them") if token.word else ""
    # quoted as YAML writes it in single quotes (a backslash stays single, a quote is doubled), ready to paste
    # the fifth new-author trial followed 'add a cited entry' for a count another course section prints, and was
    # then told a course document is no cited source: the course's other sections go in course_also
    # the tenth new-author trial was told to add a section to course_also that was already there: name the sections
    # already searched, so the advice points past them
    searched = [str(s) for s in [ctx.meta.get("source"), *(ctx.meta.get("course_also") or [])]
                if s and re.match(r"(?:lecture|primer|topic) ", str(s))]
    elsewhere = ("another section of the course states it, add that section to course_also (course_also: ['lecture "
                 "§3.16'])") + (f"; {', '.join(searched)} {'was' if len(searched) == 1 else 'were'} searched and no "
                                "phrase there matches this count" if searched else "")
    # a value that is no count (T=1, 0.25) is never let stand by a section's words: the fifteenth new-author trial was
    # told 'no phrase there matches this count' for a $T=1$ the primer prints. Such a value is claimed with a key
    # declared course, and the section that prints it in course_also, where the checker reads its printed numbers;
    # a rules entry is for a value the course derives but does not print (review 77: a rule is not read off the seed)
    named_section = _section_named_beside(ctx, token, searched)
    if named_section:
        # label round 97: a reader told only of the site's key for §5.9's 10 wrote 倍数也是这么多 instead
        return (f"this sentence names {named_section}, which states {token.text}: if the number is that section's, "
                f"add it to course_also (course_also: ['{named_section}']) and it stands as the course's; else "
                f"claim it: add to claims '{template.replace(chr(39), chr(39) * 2)}' and {where}{counted}")
    if not (token.word or classify.digit_phrase(ctx.page.body, token)[len(token.text):].strip()):
        elsewhere = ("the course prints this value, declare its key course and put the section that prints it in "
                     "course_also (course_also: ['primer §11.4'], where its printed numbers are checked), or, for a "
                     "value the course derives but does not print, write a rules entry saying how")
        elsewhere += f" ({', '.join(searched)} {'was' if len(searched) == 1 else 'were'} searched)" if searched else ""
    if token.word:
        # a count in words most often counts what the page names: that reading first (new-author trial 48 read the
        # claim first, which for a count of two named things would be a hollow hard-coded 2)
        return (f"if it counts things the page names, name them right after it (两种算法（递推与并行）, 两条评论“…”和“…”) "
                f"or point back to them (这两种), and it is checked against them; or claim it: add to claims "
                f"'{template.replace(chr(39), chr(39) * 2)}' and {where}{counted}; or, if {elsewhere}; if a paper or an "
                "archived record states it, add a cited entry with the source's location")
    return (f"claim it: add to claims '{template.replace(chr(39), chr(39) * 2)}' and {where}{counted};{named} or, if "
            f"{elsewhere}; if a paper or an archived record states it, add a cited entry with the source's location")


def _stale_cited_entry(ctx: Context, token) -> tuple[int, str] | None:
    """(index, text) of a cited entry of the page that holds the number's text and is no longer found in the body."""
    for i, entry in enumerate(ctx.meta.get("cited") or []):
        text = str(entry.get("text", "")) if isinstance(entry, dict) else ""
        if text and re.search(rf"(?<![\d.]){re.escape(token.text)}(?![\d.])", text) \
                and squeeze(text)[0] not in ctx.squeezed:
            return i, text
    return None


_SECTION_NAMED = re.compile(r"(讲义|入门文章)\s*(?:第\s*)?\[?\s*§\s*([0-9A-D]+(?:\.\d+)?)")


def _section_named_beside(ctx: Context, token, searched: list[str]) -> str:
    """The course section the number's sentence names (讲义 §5.9 的对照也是把 key 放大 10 倍) when that section, not
    yet searched for the page, states the number's value; '' otherwise."""
    try:
        value = _count_value(token) if token.word else float(token.text)
    except (TypeError, ValueError):
        return ""
    if value is None:
        return ""
    start, end = counts._sentence_bounds(ctx.page.body, token.start)
    for m in _SECTION_NAMED.finditer(ctx.page.body, start, end):
        section = f"{'lecture' if m.group(1) == '讲义' else 'primer'} §{m.group(2)}"
        if section not in searched and section_numbers(section).states_value(value):
            return section
    return ""


def _keys_printing(ctx: Context, token) -> tuple[str, str] | None:
    """('{key}' or '{a}, {b}', text) when the verify function already returns a value the page prints here: the
    tuple the number stands in ($h_0=(0,0)$ and a key h0 = [0, 0]) or the number itself; None when no key, or more
    than four (a 0 or a 1 every function returns), do."""
    if not ctx.values:
        return None
    written = token.text
    if token.word:   # 两格 with a key cells = 2: the count's value, as digits
        try:
            token = dataclasses.replace(token, text=str(integer(re.match(f"[{NUMERAL_CHARS}]+", token.text).group(0))))
        except (NumeralError, AttributeError, ValueError):
            return None
    body = ctx.page.body
    line_start, line_end = body.rfind("\n", 0, token.start) + 1, body.find("\n", token.end)
    line = body[line_start:line_end if line_end >= 0 else len(body)]
    candidates = [m for m in TUPLE.finditer(line) if m.start() <= token.start - line_start < m.end()]
    printed = [(m.group(0), _tuple_text(m.group(0))) for m in candidates] + [(token.text, token.text)]
    if token.end - token.start != len(token.text):
        printed = printed[-1:]   # a count in words stands in no tuple
    for shown, text in printed:
        keys = []
        for key, value in ctx.values.items():
            if isinstance(value, (str, bytes, dict)) or key.startswith("_"):
                continue
            try:
                # a printed integer is a count or an exact value: 1 is not ln2 = 0.693, which it 'rounds' to
                # (so is a tuple of integers: (1,1) is not the vector (0.755,0.910) it would 'round' to)
                exact = re.fullmatch(r"-?\d+(?:\s*,\s*-?\d+)*", text) is not None
                if (compare(f"({text})" if "," in text else text, value)[0]
                        and (not exact or _equals_integers(value, [int(t) for t in text.split(",")]))):
                    keys.append(key)
            except (NumberFormatError, TypeError, ValueError):
                continue
        # a small count in words equals many keys by chance (the new-author trial of stop 48 was offered {H}, {n_qk}
        # and {n_v} for 两个问题): offered only where one key alone prints it
        most = 1 if written != token.text and abs(float(token.text)) <= 12 else 4
        if 1 <= len(keys) <= most:
            return ", ".join(f"{{{k}}}" for k in keys), written if shown == token.text else shown
        if keys:
            return None
    return None


def _equals_integers(value, wanted: list[int]) -> bool:
    """The value is exactly the printed integer (a numpy integer or float too), or the printed tuple of integers
    element by element."""
    try:
        if len(wanted) == 1:
            return float(value) == wanted[0]   # a list or an array is no one integer
        items = [float(v) for v in value]
    except (TypeError, ValueError):
        return False
    return items == [float(w) for w in wanted]


def suggested_template(body: str, token) -> str:
    """The number's own line around it, with {KEY} where it stands: a template that locates this one place."""
    line_start = body.rfind("\n", 0, token.start) + 1
    line_end = body.find("\n", token.end)
    line_end = len(body) if line_end < 0 else line_end
    lo, hi = max(line_start, token.start - 10), min(line_end, token.end + 10)
    math = [(a, b) for a, b, _ in classify.math_spans(body[line_start:line_end])]
    for a, b in math:   # never cut a formula in half: keep the one the number stands in, leave out a neighbour
        a, b = a + line_start, b + line_start
        inside = a <= token.start < b
        if a < lo < b:
            lo = a if inside else b
        if a < hi < b:
            hi = b if inside else a
    latin = re.compile(r"[A-Za-z0-9_.,]")
    while hi > token.end and hi < line_end and latin.match(body[hi]) and latin.match(body[hi - 1]):
        hi -= 1   # never end inside another number or word
    while token.start > lo > line_start and latin.match(body[lo - 1]) and latin.match(body[lo]):
        lo += 1
    before, after = body[lo:token.start].lstrip("。，；：、,;: "), body[token.end:hi]
    before = re.sub(r"^\s*(?:[-*+]\s+|\d+[.)]\s+|\|\s*)?", "", before) if lo == line_start else before
    return " ".join(f"{before}{{KEY}}{after}".split())


STAGES = (
    check_verify_function,
    check_claims,
    check_run_keys_are_named,
    check_inputs_are_declared,
    check_formulas_against_kernels,
    check_source_matches_id,
    check_provenance,
    check_source_list,
    check_formulas_are_listed,
    check_declared_kinds,   # after provenance: a record number computed here needs a cited record
    check_comparisons,
    check_multiples_in_math,
    check_table_orders,
    check_ordinal_extremes,
    check_glosses,
    check_unit_words,
    check_cross_references,
    check_facts,
    check_authors,
    check_reference_list,
    check_prose_locators,
    check_quotations,
    check_credited_values,
    check_credits,
    check_pinned_statements,
    check_pinned_arrangements,
    check_evidence_lists_what_is_there,
    check_project_paths,
    check_code_blocks,
    check_computed_evidence_is_used,
    check_run_claims,
    check_page_figures,
    check_completeness,
    check_title_and_description,   # after completeness: it accepts what the body verifies
    check_tables,
    check_blurred_counts,
    check_kinds,
    check_pointing_sentences,   # after completeness: the marks say whose each number is
)


def check_page(path: Path) -> PageReport:
    rel = project_relative(path)
    try:
        page = read_page(path)
    except PageError as exc:
        report = PageReport(rel, page_id=rel)
        report.errors.append(f"{rel}:{exc.line}: {exc.message}")
        return report
    report = PageReport(rel, page.id, page.meta.get("title", ""), list(page.meta["evidence"]), page.meta.get("verify"),
                        id_line=page.meta_lines.get("id", 2))
    squeezed, offsets = squeeze(page.body)
    ctx = Context(page, report, squeezed=squeezed, offsets=offsets)
    for stage in STAGES:
        stage(ctx)
    return report


_code_results: dict = {}


def run_code_block(block) -> tuple[str | None, dict, list[int]]:
    """Run a page's python block once per distinct (code, expected output): (None when its output is right, else
    the one-line failure; its kernel calls; the lines of printed checks that cannot fail)."""
    key = (block.code, block.expected)
    if key not in _code_results:
        # the code's outcome depends on the code, the project modules it imports and the committed data
        from checker.cache import cached, key_of
        from checker.inputs import code_block_imports, data_files, module_closure, sha256_of
        files = sorted({f for name in code_block_imports("```python\n" + block.code + "\n```") for f in module_closure(name)})
        from checker import code_checks   # how a block is run and probed is part of its outcome
        runner = Path(code_checks.__file__)
        digest = key_of(block.code, str(block.expected), *(f"{f} {sha256_of(f)}" for f in files + data_files() + [runner]))
        _code_results[key] = cached("code-run", digest, lambda: _execute(block))
    return _code_results[key]


_NUMPY_PRINT_DEFAULTS = __import__("numpy").get_printoptions()


def _execute(block) -> tuple[str | None, dict, list[int]]:
    import numpy as np

    from checker import code_checks
    np.set_printoptions(**_NUMPY_PRINT_DEFAULTS)  # one page's print settings never leak into another's
    printed, raised, calls, vacuous = code_checks.execute(block.code)
    if raised is not None:
        return (f"python code block raised {type(raised).__name__}: {raised}; the code shown on a page must run",
                calls, vacuous)
    if block.expected is not None:
        got = "\n".join(l.rstrip() for l in printed.strip().splitlines())
        want = "\n".join(l.rstrip() for l in block.expected.strip().splitlines())
        if got != want:
            first = next((f"{a!r} != {b!r}" for a, b in zip(got.splitlines(), want.splitlines()) if a != b),
                         "different number of lines")
            return f"python code block prints something else than the output shown after it: {first}", calls, vacuous
    return None, calls, vacuous


def _jsonable(value):
    if isinstance(value, Quantity):
        return _jsonable(value.value)
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def check_unique_ids(reports: list[PageReport]) -> None:
    """Two pages with one id would overwrite each other's results: the later one fails."""
    first: dict[str, str] = {}
    for report in reports:
        if report.page_id in first:
            report.errors.append(f"{report.path}:{report.id_line}: page id {report.page_id!r} is already the id of "
                                 f"{first[report.page_id]}; give each page its own id")
        else:
            first[report.page_id] = report.path


