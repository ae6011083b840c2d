"""The claims checker: does every number on a page agree with the code or a cited source?

For one page it
1. runs the page's verify function (module path::function) and gets a dict of values;
2. locates every claim template in the body (whitespace-insensitive) and compares each
   {key} hole with the computed value at the precision printed there;
3. locates every cited text and checks its source key and evidence kind;
4. finds every number written with digits in the body and fails on any that no claim hole
   or citation covers and that is not structural (see classify.py);
5. runs the page's ```python blocks and compares their output with the ```text block that
   follows, when there is one.
"""
from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import re
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from verify import classify
from verify.evidence import COMPUTED_KINDS, declared_kinds
from verify.formulas import check_formulas
from verify.numbers import NumberFormatError, compare, hole_pattern
from verify.page import Page, PageError, claim_line, read_page
from verify.relations import check_relations

ROOT = Path(__file__).resolve().parent.parent
HOLE = re.compile(r"\{([A-Za-z_]\w*)((?:\[\d+\]|\.[A-Za-z_]\w*)*)\}")
VERSION = re.compile(r"\bv\d+\b|arXiv|(?<!\d)(?:19|20)\d\d(?!\d)")
LOCATION = re.compile(r"(Table|Tab\.|Figure|Fig\.|§|Section|Sec\.|Appendix|Eq\.|p\.|pp\.|page|表|图|式|附录|第.{1,4}[页章节]|页)", re.I)


@dataclass
class ClaimResult:
    page: str
    index: int
    key: str
    template: str
    printed: str | None
    computed: object
    status: str  # passed | failed
    line: int
    message: str = ""
    span: tuple | None = None  # character offsets of the printed text in the page file


@dataclass
class PageReport:
    path: str
    page_id: str
    title: str = ""
    evidence: list = field(default_factory=list)
    verify: str | None = None
    verify_source: str | None = None
    claims: list = field(default_factory=list)   # ClaimResult
    cited: list = field(default_factory=list)    # dicts
    errors: list = field(default_factory=list)   # one-line messages
    numbers_total: int = 0
    numbers_recomputed: int = 0
    numbers_cited: int = 0
    code_blocks_run: int = 0

    @property
    def failed(self) -> bool:
        return bool(self.errors) or any(c.status != "passed" for c in self.claims)


# --------------------------------------------------------------------------- verify functions

_cache: dict = {}


def resolve_verify(spec: str):
    """'verify/lecture/ch03.py::read_once' -> the function object (import errors are PageErrors upstream)."""
    if "::" not in spec:
        raise ValueError(f"verify must look like 'verify/lecture/ch03.py::function', got {spec!r}")
    path, func = spec.split("::", 1)
    if not (ROOT / path).is_file():
        raise FileNotFoundError(f"verify module {path} does not exist; create it or fix the path")
    module_name = path[:-3].replace("/", ".") if path.endswith(".py") else path.replace("/", ".")
    module = importlib.import_module(module_name)
    if not hasattr(module, func):
        raise AttributeError(f"{path} has no function {func!r}")
    return getattr(module, func)


def run_verify(spec: str) -> dict:
    if spec in _cache:
        return _cache[spec]
    fn = resolve_verify(spec)
    values = fn()
    if not isinstance(values, dict):
        raise TypeError(f"{spec} returned {type(values).__name__}, expected a dict of named values")
    _cache[spec] = values
    return values


def lookup(values: dict, base: str, path: str):
    value = values[base]
    for step in re.findall(r"\[(\d+)\]|\.(\w+)", path):
        index, attr = step
        value = value[int(index)] if index else value[attr]
    return value


# --------------------------------------------------------------------------- text helpers

def squeeze(text: str) -> tuple[str, list[int]]:
    """Drop whitespace; return the squeezed text and each kept char's offset in `text`."""
    kept, offsets = [], []
    for i, ch in enumerate(text):
        if not ch.isspace():
            kept.append(ch)
            offsets.append(i)
    return "".join(kept), offsets


def template_regex(template: str, values: dict) -> tuple[str, list[tuple[str, str]]]:
    """Regex over squeezed text for a template; holes are {key} whose base is a computed key."""
    parts, holes, pos = [], [], 0
    for m in HOLE.finditer(template):
        base, path = m.group(1), m.group(2)
        if base not in values:
            continue  # a LaTeX group like \sqrt{d_k} stays literal text
        parts.append(re.escape(squeeze(template[pos:m.start()])[0]))
        parts.append(hole_pattern(lookup(values, base, path)))
        holes.append((base + path, m.group(0)))
        pos = m.end()
    parts.append(re.escape(squeeze(template[pos:])[0]))
    return "".join(parts), holes


def unknown_holes(template: str, values: dict) -> list[str]:
    """Brace groups that look like holes but name no computed key (a typo, or LaTeX)."""
    return [m.group(0) for m in HOLE.finditer(template) if m.group(1) not in values]


# --------------------------------------------------------------------------- the check

def check_page(path: Path) -> PageReport:
    rel = str(Path(path).resolve().relative_to(ROOT)) if Path(path).resolve().is_relative_to(ROOT) else str(path)
    try:
        page = read_page(path)
    except PageError as exc:
        report = PageReport(rel, page_id=rel)
        report.errors.append(f"{rel}:{exc.line}: {exc.message}")
        return report
    report = PageReport(rel, page.id, page.meta.get("title", ""), list(page.meta["evidence"]), page.meta.get("verify"))

    def fail(line: int, message: str):
        report.errors.append(f"{rel}:{line}: {' '.join(message.split())}")  # always one line

    values: dict = {}
    claims = page.meta.get("claims") or []
    if claims and not page.meta.get("verify"):
        fail(page.meta_lines.get("claims", 2), "claims need a 'verify: path.py::function' that computes them")
    if page.meta.get("verify"):
        spec = page.meta["verify"]
        try:
            fn = resolve_verify(spec)
            report.verify_source = f"{inspect.getsourcefile(fn)}:{inspect.getsourcelines(fn)[1]}"
            missing = sorted(declared_kinds(fn) - set(page.meta["evidence"]))
            if missing:
                fail(page.meta_lines.get("evidence", 2),
                     f"{spec} produces {', '.join(missing)} numbers, but evidence does not list "
                     f"{', '.join(missing)}; a {missing[0]} number must not pass for another kind")
            values = run_verify(spec)
        except Exception as exc:  # one line per failure, never a traceback wall
            where = ""
            tb = traceback.extract_tb(exc.__traceback__)
            if tb:
                frame = tb[-1]
                where = f" (raised at {Path(frame.filename).name}:{frame.lineno})"
            fail(page.meta_lines.get("verify", 2),
                 f"verify function {spec} failed: {type(exc).__name__}: {exc}{where}; fix the function or the path")
            values = None

    squeezed, offsets = squeeze(page.body)
    covered: list[tuple[int, int, str]] = []  # (start, end, 'claim'|'cited') in body offsets

    def body_span(m: re.Match, group: int = 0) -> tuple[int, int]:
        return offsets[m.start(group)], offsets[m.end(group) - 1] + 1

    # 2. claims
    for i, template in enumerate(claims):
        line = claim_line(page, "claims", i)
        if not isinstance(template, str):
            fail(line, f"claim {i} must be a quoted string template, got {type(template).__name__}")
            continue
        if values is None:
            report.claims.append(ClaimResult(page.id, i, "", template, None, None, "failed", line, "verify failed"))
            continue
        try:
            regex, holes = template_regex(template, values)
        except (KeyError, IndexError, TypeError) as exc:
            fail(line, f"claim {i} indexes a computed value that has no such part ({type(exc).__name__}: {exc}); "
                       "check the [index] or .name in the template")
            continue
        if holes and not squeeze(HOLE.sub("", template))[0]:
            fail(line, f"claim {i} is only a hole ({template!r}) and would match any number on the page; "
                       "include the words around it")
            continue
        if not holes:
            hint = unknown_holes(template, values)
            fail(line, f"claim {i} has no {{key}} hole matching a computed value"
                       + (f" ({', '.join(hint)} not returned by {page.meta.get('verify')})" if hint else "")
                       + f"; known keys: {', '.join(sorted(values)) or 'none'}")
            continue
        matches = list(re.finditer(regex, squeezed))
        if not matches:
            hint = unknown_holes(template, values)
            extra = f"; {', '.join(hint)} is not a computed key" if hint else ""
            fail(line, f"claim {i} not found in the page body: {template!r}{extra}; "
                       "restore the text or update the template")
            report.claims.append(ClaimResult(page.id, i, ",".join(k for k, _ in holes), template, None, None,
                                             "failed", line, "not found"))
            continue
        for m in matches:
            body_line = page.line_of(offsets[m.start()])
            for h, (key, _) in enumerate(holes, start=1):
                printed = m.group(h)
                start, end = body_span(m, h)
                computed = lookup(values, *re.match(r"(\w+)(.*)", key).groups())
                try:
                    ok, why = compare(printed, computed)
                except NumberFormatError as exc:
                    ok, why = False, f"{exc}; print a plain number"
                result = ClaimResult(page.id, i, key, template, printed, _jsonable(computed),
                                     "passed" if ok else "failed", body_line, "" if ok else why,
                                     (page.body_offset + start, page.body_offset + end))
                report.claims.append(result)
                covered.append((start, end, "claim" if ok else "failed-claim"))  # reported once, below
                if not ok:
                    fail(body_line, f"claim {i} {{{key}}}: {why}")

    # 2b. comparisons and formulas bound to the computation (verify/relations.py, verify/formulas.py)
    claim_spans = [(s, e) for s, e, kind in covered if kind != "cited"]
    for line, message in check_relations(page, values, claim_spans, lookup, lambda i: claim_line(page, "relations", i)):
        fail(line, message)
    for line, message in check_formulas(page, lambda i: claim_line(page, "formulas", i)):
        fail(line, message)

    # 3. citations
    sources = page.meta.get("sources") or {}
    for key, ref in sources.items():
        if not isinstance(ref, str) or not LOCATION.search(ref):
            fail(page.meta_lines.get("sources", 2),
                 f"source {key!r} must name a version and a location (table, figure, section, page): {ref!r}")
    for i, cite in enumerate(page.meta.get("cited") or []):
        line = claim_line(page, "cited", i)
        if not isinstance(cite, dict) or not {"text", "source", "kind"} <= set(cite):
            fail(line, f"cited {i} needs text, source and kind (paper or record)")
            continue
        if cite["kind"] not in ("paper", "record"):
            fail(line, f"cited {i} kind must be 'paper' or 'record', got {cite['kind']!r}")
        if cite["kind"] not in page.meta["evidence"]:
            fail(line, f"cited {i} is a {cite['kind']} number but evidence does not list {cite['kind']!r}")
        if cite["source"] not in sources:
            fail(line, f"cited {i} names source {cite['source']!r}, which 'sources' does not define")
        elif cite["kind"] == "paper" and not VERSION.search(str(sources[cite["source"]])):
            fail(line, f"cited {i} is a paper number but source {cite['source']!r} names no version "
                       "(arXiv id with v1/v2…, or the year and venue)")
        needle = re.escape(squeeze(str(cite["text"]))[0])
        found = list(re.finditer(needle, squeezed))
        if not found:
            fail(line, f"cited text {i} not found in the page body: {cite['text']!r}; restore it or update the entry")
        for m in found:
            covered.append((*body_span(m), "cited"))
        report.cited.append({"text": cite.get("text"), "source": cite.get("source"), "kind": cite.get("kind"),
                             "reference": sources.get(cite.get("source")), "found": bool(found)})

    # 4. evidence honesty
    if claims and not set(COMPUTED_KINDS) & set(page.meta["evidence"]):
        fail(page.meta_lines.get("evidence", 2),
             f"the page has computed claims, so evidence must list one of {', '.join(COMPUTED_KINDS)}")
    for kind in ("paper", "record"):
        if kind in page.meta["evidence"] and not any(isinstance(c, dict) and c.get("kind") == kind
                                                     for c in page.meta.get("cited") or []):
            fail(page.meta_lines.get("evidence", 2), f"evidence lists {kind!r} but no cited entry has kind {kind!r}")

    # project paths named on the page must exist, so a rename cannot leave a page pointing nowhere
    for m in re.finditer(r"`((?:kernels|verify|tests|benchmarks|results|notebooks|hooks|docs)/[\w./-]+)(?:::(\w+))?`",
                         page.body):
        target = ROOT / m.group(1)
        if not target.exists():
            fail(page.line_of(m.start()), f"the page names {m.group(1)}, which does not exist; fix the path")
        elif m.group(2) and target.suffix == ".py" and not re.search(rf"^(?:def|class) {m.group(2)}\b",
                                                                      target.read_text(encoding="utf-8"), re.M):
            fail(page.line_of(m.start()), f"the page names {m.group(1)}::{m.group(2)}, which is not defined there")

    # 6. runnable code
    for block in classify.python_blocks(page.body):
        report.code_blocks_run += 1
        message = run_code_block(block)
        if message:
            fail(page.line_of(block.start), message)
    computed_kinds = set(COMPUTED_KINDS) & set(page.meta["evidence"])
    if computed_kinds and not claims and not report.code_blocks_run:
        fail(page.meta_lines.get("evidence", 2),
             f"evidence lists {', '.join(sorted(computed_kinds))} but the page has no claims or executed code; "
             "remove it from evidence ([] is right for a page without numbers)")

    description = page.meta.get("description")
    if description is not None:
        bare = [t.text for t in classify.numbers_in(str(description)) if not t.structural]
        if bare:
            fail(page.meta_lines.get("description", 2),
                 f"description states {', '.join(bare)}, which nothing verifies there; say it without the value")

    # 5. completeness
    for token in classify.numbers_in(page.body):
        if token.structural:
            continue
        report.numbers_total += 1
        kinds = {kind for s, e, kind in covered if s <= token.start and token.end <= e}
        if "failed-claim" in kinds:
            continue  # its claim already failed with a message of its own
        if "claim" in kinds:
            report.numbers_recomputed += 1
        elif "cited" in kinds:
            report.numbers_cited += 1
        else:
            fail(page.line_of(token.start),
                 f"number {token.text!r} is neither claimed nor cited ({token.context}); "
                 "add a claim template, a cited entry, or rewrite it")
    return report


_code_results: dict = {}


def run_code_block(block) -> str | None:
    """Run a page's python block once per distinct (code, expected output); None when it passes."""
    key = (block.code, block.expected)
    if key not in _code_results:
        _code_results[key] = _execute(block)
    return _code_results[key]


_NUMPY_PRINT_DEFAULTS = __import__("numpy").get_printoptions()


def _execute(block) -> str | None:
    import numpy as np

    np.set_printoptions(**_NUMPY_PRINT_DEFAULTS)  # one page's print settings never leak into another's
    out = io.StringIO()
    namespace = {"__name__": "__page__"}
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(block.code, "<page code>", "exec"), namespace)
    except Exception as exc:
        return f"python code block raised {type(exc).__name__}: {exc}; the code shown on a page must run"
    if block.expected is not None:
        got = "\n".join(l.rstrip() for l in out.getvalue().strip().splitlines())
        want = "\n".join(l.rstrip() for l in block.expected.strip().splitlines())
        if got != want:
            first = next((f"{a!r} != {b!r}" for a, b in zip(got.splitlines(), want.splitlines()) if a != b),
                         "different number of lines")
            return f"python code block prints something else than the output shown after it: {first}"
    return None


def _jsonable(value):
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def all_pages(docs: Path = ROOT / "docs") -> list[Path]:
    return sorted(p for p in docs.rglob("*.md") if p.read_text(encoding="utf-8").startswith("---\n"))
