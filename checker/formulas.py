"""Formulas with numerals are checked: a page's formula is evaluated against its kernel.

The classifier calls the `2` of `2LBnH_{kv}d_hs` and the `4` of `4nd^2` structure, so no
claim covers them; a `d^2` that became `d^3` would pass. A page binds such a formula:

    formulas:
      - tex: '4nd^2'                              # literal page text inside math, found in the body
        kernel: kernels/resources.py::prefill_macs
        args: {n: n, d: d, f: f}                  # kernel parameter -> formula symbol, expression or number
        result: projections                       # attribute or key of the kernel's result (optional)

A big-O formula (`tex: 'O(nd^2+n^2d)'`) is checked up to constants: the kernel must be a positive
combination of exactly its terms (an exact least-squares fit), so `O(nd^2)` for a kernel that grows
like n^2 d fails, and so does a kernel with a term the formula leaves out.

The LaTeX is parsed with sympy's LaTeX parser (lark backend), evaluated at POINTS random
integer points (symbols drawn from 2..13, seeded by the formula text so a run is
reproducible) and compared with the kernel called on the same values. Every free symbol of
the formula must be mapped, and every mapped symbol must occur in it, so a formula cannot
silently lose a factor.
"""
from __future__ import annotations

import importlib
import inspect
import re
import warnings
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
POINTS = 7
RELATIVE_TOLERANCE = 1e-9

_SPACING = re.compile(r"\\[,;:! ]|\\q?quad\b|~")
_WRAPPED_NAME = re.compile(r"\\(?:mathrm|text|rm|mathit|operatorname)\s*\{([^{}]*)\}")
_FUNCTIONS = {r"\sin", r"\cos", r"\tan", r"\exp", r"\log", r"\ln", r"\tanh", r"\max", r"\min"}
_OPERATORS = set("+-*/=^_,")


class FormulaError(ValueError):
    pass


def _group(tex: str, i: int) -> int:
    """Index just past the brace group starting at tex[i] == '{' (or past one token otherwise)."""
    if tex[i] != "{":
        m = re.match(r"\\[A-Za-z]+|.", tex[i:], re.S)
        return i + m.end()
    depth = 0
    for j in range(i, len(tex)):
        depth += {"{": 1, "}": -1}.get(tex[j], 0)
        if depth == 0:
            return j + 1
    raise FormulaError(f"unbalanced braces in {tex!r}")


def explicit_products(tex: str) -> str:
    r"""Write every implicit product with \cdot, so the lark grammar reads `2n^2d`, `r(a+b)` and
    `2d\,d_{\mathrm{ff}}` as products (it rejects or misreads some juxtapositions)."""
    tex = _SPACING.sub(" ", tex).replace(r"\times", r"\cdot ").replace(r"\left", "").replace(r"\right", "")
    tex = re.sub(r"\\(?:big|Big|bigg|Bigg)[lr]?", "", tex)
    tex = _WRAPPED_NAME.sub(lambda m: m.group(1).replace(" ", ""), tex)
    items: list[tuple[str, str]] = []  # (kind, text): kinds atom, open, close, func, op
    i = 0
    while i < len(tex):
        ch = tex[i]
        if ch.isspace():
            i += 1
            continue
        if ch.isdigit() or ch == ".":
            m = re.match(r"\d*\.?\d+", tex[i:])
            kind, text, i = "atom", m.group(0), i + m.end()
        elif tex.startswith(r"\frac", i) or tex.startswith(r"\dfrac", i) or tex.startswith(r"\tfrac", i):
            j = i + len(re.match(r"\\[a-z]+", tex[i:]).group(0))
            while tex[j].isspace():
                j += 1
            k = _group(tex, j)
            while tex[k].isspace():
                k += 1
            end = _group(tex, k)
            num, den = tex[j:k].strip(), tex[k:end].strip()
            kind, text, i = "atom", rf"\frac{{{explicit_products(_unbrace(num))}}}{{{explicit_products(_unbrace(den))}}}", end
        elif tex.startswith(r"\sqrt", i):
            j = i + 5
            while tex[j].isspace():
                j += 1
            end = _group(tex, j)
            kind, text, i = "atom", rf"\sqrt{{{explicit_products(_unbrace(tex[j:end]))}}}", end
        elif ch == "\\":
            name = re.match(r"\\[A-Za-z]+", tex[i:]).group(0)
            if name == r"\cdot":
                kind, text = "op", name
            else:
                kind, text = ("func" if name in _FUNCTIONS else "atom"), name
            i += len(name)
        elif ch == "|":
            end = tex.index("|", i + 1)
            kind, text, i = "atom", f"|{explicit_products(tex[i + 1:end])}|", end + 1
        elif ch in "([":
            kind, text, i = "open", "(", i + 1
        elif ch in ")]":
            kind, text, i = "close", ")", i + 1
        elif ch == "{":
            end = _group(tex, i)
            kind, text, i = "open", f"({explicit_products(tex[i + 1:end - 1])})", end
            kind = "atom"
        elif ch.isalpha():
            kind, text, i = "atom", ch, i + 1
        else:
            kind, text, i = "op", ch, i + 1
        # scripts attach to the atom before them: a subscript is part of the name, a superscript is a power
        while i < len(tex) and tex[i] in "_^" and kind in ("atom", "close"):
            j = i + 1
            while tex[j].isspace():
                j += 1
            end = _group(tex, j)
            script = tex[j:end]
            if tex[i] == "^":
                script = "{" + explicit_products(_unbrace(script)) + "}"
            text, i = text + tex[i] + script, end
        if items and items[-1][0] in ("atom", "close") and kind in ("atom", "open", "func"):
            items.append(("op", r"\cdot"))
        items.append((kind, text))
    return " ".join(text for _, text in items)


def _unbrace(group: str) -> str:
    group = group.strip()
    return group[1:-1] if group.startswith("{") and group.endswith("}") else group


def parse(tex: str):
    """A sympy expression for the formula (the right-hand side when it is written `name = …`); each TeX string
    is parsed once (checker/cache.py keeps the reading across runs)."""
    import sympy

    from checker.cache import cached, key_of
    return cached("formulas", key_of(tex, sympy.__version__, Path(__file__).read_text(encoding="utf-8")),
                  lambda: _parse(tex))


def _parse(tex: str):
    from lark import Tree
    from sympy.parsing.latex import parse_latex

    source = explicit_products(tex)
    try:
        with warnings.catch_warnings():  # sympy's lark transformer warns on the readings it discards
            warnings.simplefilter("ignore")
            expr = parse_latex(source, backend="lark")
    except Exception as exc:
        raise FormulaError(f"sympy cannot parse {tex!r} (read as {source!r}): {str(exc).splitlines()[0]}") from None
    if isinstance(expr, Tree):  # an ambiguous parse: every reading must agree
        readings = [c for c in expr.children if not isinstance(c, Tree)]
        if not readings or any((r - readings[0]).simplify() != 0 for r in readings[1:]):
            raise FormulaError(f"{tex!r} reads more than one way; add \\cdot or braces")
        expr = readings[0]
    if getattr(expr, "is_Relational", False) or type(expr).__name__ == "Equality":
        expr = expr.rhs
    return expr


def symbol_name(name: str) -> str:
    """'d_{h}' and 'd_h' name the same symbol; so do 'H_{kv}' and 'H_kv'."""
    return re.sub(r"[{}\s\\]", "", str(name))


def resolve_kernel(spec: str):
    if "::" not in spec:
        raise FormulaError(f"kernel must look like 'kernels/resources.py::kv_cache_bytes', got {spec!r}")
    path, name = spec.split("::", 1)
    if not path.startswith("kernels/") or not (ROOT / path).is_file():
        raise FormulaError(f"kernel module {path} does not exist under kernels/")
    module = importlib.import_module(path[:-3].replace("/", "."))
    if not hasattr(module, name):
        raise FormulaError(f"{path} has no function {name!r}")
    return getattr(module, name)


def check_formula(entry: dict) -> None:
    """Raise FormulaError when the formula and the kernel disagree at any sample point."""
    import sympy

    tex = str(entry["tex"]).strip()
    order = re.fullmatch(r"O\s*\((.*)\)", tex, re.S)  # O(n^2d): the kernel must grow like it, up to a constant
    expr = parse(order.group(1) if order else tex)
    kernel = resolve_kernel(entry["kernel"])
    symbols = {symbol_name(s.name): s for s in expr.free_symbols}
    args = entry.get("args") or {}
    params = inspect.signature(kernel).parameters
    unknown = [a for a in args if a not in params]
    if unknown:
        raise FormulaError(f"{entry['kernel']} has no parameter {', '.join(unknown)}; parameters: {', '.join(params)}")
    mapped = {}
    for param, given in args.items():
        mapped[param] = given if isinstance(given, (int, float)) else sympy.sympify(
            re.sub(r"[{}\\]", "", str(given)), locals={symbol_name(k): v for k, v in symbols.items()})
    used = set()
    for value in mapped.values():
        used |= {symbol_name(s.name) for s in getattr(value, "free_symbols", set())}
    if set(symbols) - used:
        raise FormulaError(f"symbol {', '.join(sorted(set(symbols) - used))} of {entry['tex']!r} is given to no kernel "
                           f"parameter; map it in args")
    if used - set(symbols):
        raise FormulaError(f"args use {', '.join(sorted(used - set(symbols)))}, which {entry['tex']!r} does not contain "
                           "(a factor is missing from the formula, or args name the wrong symbol)")
    rng = np.random.default_rng(zlib.crc32(entry["tex"].encode()))
    if order:
        return _check_growth(entry, expr, kernel, mapped, symbols, rng)
    for _ in range(POINTS):
        point = {s: int(rng.integers(2, 14)) for s in symbols.values()}
        kwargs = {p: (float(v.subs(point)) if hasattr(v, "subs") else v) for p, v in mapped.items()}
        kwargs = {p: int(v) if float(v).is_integer() else v for p, v in kwargs.items()}
        got = kernel(**kwargs)
        for step in str(entry.get("result") or "").split("."):
            if step:
                got = got[step] if isinstance(got, dict) else getattr(got, step)
        want = float(expr.subs(point).evalf())
        if not np.isclose(float(got), want, rtol=RELATIVE_TOLERANCE, atol=0):
            shown = ", ".join(f"{k}={v}" for k, v in kwargs.items())
            raise FormulaError(f"{entry['tex']!r} gives {want:.10g} but {entry['kernel']}({shown}) gives "
                               f"{float(got):.10g}; the formula on the page and the kernel disagree")


def _call(kernel, mapped: dict, point: dict, result: str):
    kwargs = {p: (float(v.subs(point)) if hasattr(v, "subs") else v) for p, v in mapped.items()}
    kwargs = {p: int(v) if float(v).is_integer() else v for p, v in kwargs.items()}
    got = kernel(**kwargs)
    for step in str(result or "").split("."):
        if step:
            got = got[step] if isinstance(got, dict) else getattr(got, step)
    return float(got)


def _check_growth(entry: dict, expr, kernel, mapped: dict, symbols: dict, rng) -> None:
    """O(n d^2 + n^2 d): the kernel must be a positive combination of exactly these terms, with no other
    term. Least squares over sample points; the fit must be exact and every coefficient positive."""
    import sympy

    terms = sympy.Add.make_args(sympy.expand(expr))
    rows, values = [], []
    for _ in range(POINTS + len(terms)):
        point = {s: int(rng.integers(2, 40)) for s in symbols.values()}
        rows.append([float(t.subs(point)) for t in terms])
        values.append(_call(kernel, mapped, point, entry.get("result")))
    A, y = np.array(rows), np.array(values)
    coef, *_ = np.linalg.lstsq(A, y, rcond=None)
    misfit = np.max(np.abs(A @ coef - y) / np.maximum(np.abs(y), 1e-300))
    if misfit > 1e-6 or np.any(coef <= 0):
        raise FormulaError(f"{entry['tex']!r}: {entry['kernel']} does not grow like "
                           f"{' + '.join(str(t) for t in terms)} (best positive fit misses by {misfit:.2g} relative, "
                           f"coefficients {', '.join(f'{c:.3g}' for c in coef)})")


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


# A paragraph about a cost: parameter, byte, FLOP and memory counts, complexity. A formula there that carries an
# exponent or a coefficient (n^2, 4d, 2\times L) states how the cost grows, and must be bound or claimed.
COST_SENTENCE = re.compile(r"参数|字节|FLOP|乘加|MAC|复杂度|计算量|显存|内存|bytes|parameters")
FORMULA_NUMERAL = re.compile(r"\^\s*\{?\s*-?\d|(?<![\w.^_{}\\])\d+(?![.\d])\s*(?:\\times|\\cdot|(?=[A-Za-z(]|\\(?!times|cdot)[A-Za-z]))")


def unbound_cost_formulas(page, claimed=()) -> list[tuple[int, str]]:
    """(offset, tex) of formulas in cost paragraphs whose exponent or coefficient nothing checks: not bound
    under `formulas:` and not part of a passing claim (`claimed`: the body spans of its holes; a claim
    template is page text, so the literal parts of a formula it holds are matched too). A formula that applies an
    undefined function (f(C_{ij})) cannot be evaluated and is left to the reader; a decimal is a value,
    which the claims check already covers."""
    from checker.classify import math_spans, prose_view

    body = page.body
    bound = [_squeeze(str(f.get("tex", ""))) for f in page.meta.get("formulas") or [] if isinstance(f, dict)]
    found = []
    for start, end, inner in math_spans(prose_view(body)):
        tex = body[inner:end].rstrip("$").removesuffix("\\]").removesuffix("\\)")
        bare = re.sub(r"_\s*(\{[^{}]*\}|\\?\w)", "", tex)  # subscripts are names (h_0, W_2), not numerals
        if not FORMULA_NUMERAL.search(bare) or not re.search(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", "", bare)):
            continue
        para_start, para_end = body.rfind("\n\n", 0, start) + 1, body.find("\n\n", end)
        if not COST_SENTENCE.search(body[para_start:para_end if para_end >= 0 else len(body)]):
            continue
        squeezed = _squeeze(tex)
        if any(b and (b in squeezed or squeezed in b) for b in bound) or any(s < end and start < e for s, e in claimed):
            continue
        if re.search(r"(?<![\\A-Za-z])[a-zA-NP-Z]\s*\(", re.sub(r"\\[A-Za-z]+", "", tex)):
            continue  # f(C_{ij}): an undefined function; O(...) is not one
        found.append((start, tex.strip()))
    return found


def check_formulas(page, line_of_item, claimed=()) -> list[tuple[int, str]]:
    """Errors (line, message) for a page's `formulas` entries, and for cost formulas left unbound."""
    errors = [(page.line_of(offset), f"the cost formula ${tex}$ carries a numeral that nothing checks; bind it under "
                                      "formulas: (tex, kernel, args; O(...) is checked up to a constant) or make it a claim")
              for offset, tex in unbound_cost_formulas(page, claimed)]
    body = _squeeze(page.body)
    for i, entry in enumerate(page.meta.get("formulas") or []):
        line = line_of_item(i)
        if not isinstance(entry, dict) or not {"tex", "kernel"} <= set(entry) or set(entry) - {"tex", "kernel", "args", "result"}:
            errors.append((line, f"formula {i} must be a mapping with 'tex' (the LaTeX on the page), 'kernel' "
                                 "(kernels/x.py::function) and optionally 'args' and 'result'"))
            continue
        if not re.search(r"\d", str(entry["tex"])):
            errors.append((line, f"formula {i} {entry['tex']!r} carries no numeral; bind formulas whose numerals "
                                 "no claim checks"))
        if _squeeze(str(entry["tex"])) not in body:
            errors.append((line, f"formula {i} not found in the page body: {entry['tex']!r}; restore it or update "
                                 "the entry (and check it against the kernel)"))
            continue
        try:
            check_formula(entry)
        except FormulaError as exc:
            errors.append((line, f"formula {i}: {exc}"))
        except Exception as exc:  # a kernel that rejects the sample point, a sympy failure: one line, never a traceback
            errors.append((line, f"formula {i} {entry['tex']!r} could not be evaluated ({type(exc).__name__}: {exc})"))
    return errors
