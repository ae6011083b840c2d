r"""Formulas are checked: a page's formula is evaluated against the kernel that implements it.

The classifier calls the `2` of `2LBnH_{kv}d_hs` and the `4` of `4nd^2` structure, so no
claim covers them; a `d^2` that became `d^3` would pass, and so would a formula without a numeral that lost a sign.
A page binds such a formula:

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

A vector formula (softmax, attention, LayerNorm, the LSTM gates, a loss summed over samples) declares the shapes of
its symbols and is evaluated at random arrays by checker/formula_arrays.py, a small LaTeX-to-numpy translator:

      - tex: '\ell_{\mathrm{NS}}=-\log\sigma(u_o^\top v_c)-\sum_{j=1}^{K}\log\sigma(-u_{n_j}^\top v_c)'
        kernel: kernels/embeddings.py::negative_sampling
        args: {v_center: v_c, u_positive: u_o, U_negative: 'u_{n}'}
        shapes: {v_c: d, u_o: d, 'u_{n}': K d}      # a symbol's axes; K is then the number of rows
        result: loss

`shapes` gives each array symbol its axes (dimension names, drawn from 2..5 at each point, integers, or sums and
products of them: `H+d`, `2*e`) and optionally a kind or domain: `real` (a real scalar), `int` (an integer scalar, the
default for an unlisted symbol), `int 1..V` (an integer in that range; a single letter so declared indexes like an
index letter: `u_o` is row o of u), `dim` (a dimension that appears in the formula, e.g. `d_k`; `dim 4`, `dim even`),
`fn` (a function symbol: a random smooth map, given to the kernel as the same callable; `fn scalar` returns a number;
`fn kernels/x.py::f` uses that kernel function), `mask m n` (an additive mask of 0 and -inf, no empty row), `eye V V`,
`perm n n`, and the domains `pos` (0.1..2), `prob` (0.05..0.95), `simplex`, `counts` (small integers with zeros, every
column non-empty); `from0` (its indices count from 0), `tuple` (an integer array given as a tuple), `aux` (a kernel
input the formula does not name). Other arrays hold values in -1.5..1.5. `index` lists the free indices of an
elementwise definition (`\alpha_j=\frac{\exp(e_j)}{\sum_r\exp(e_r)}`: `index: [j]`, or `{j: '0..n-1'}` with a
range); the formula is evaluated at every value and compared with the kernel's whole array, and with `place: 0` the
left side's arguments (`PE(p,2r)`) say where in the kernel's array each value sits. `names` replaces a fragment of the
page's TeX that is a name, not a computation (`'p(x_t\mid x_{<t})': p_t`); each fragment must occur in `tex`. `let`
defines what the formula reads from other inputs (`p: '\operatorname{softmax}(uv_c)'`), `from_result` what it reads
from the kernel's result (the previous step of a recurrence). `result` is the field of the kernel's result, optionally
followed by a numpy index (`'probs[0]'`, `heads.0.context`), or a mapping from each part's left side to its field when a
formula defines several (`c_t=...,\qquad h_t=...`: `{c_t: c, h_t: h}`). Such a formula is evaluated at ARRAY_POINTS
random points (seeded by the formula text) and must agree to RELATIVE_TOLERANCE; a pass is remembered by
check_formula_cached until the entry, this module, the translator or a kernel it names changes.
"""

from __future__ import annotations

import importlib
import itertools
import inspect
import re
import warnings
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
POINTS = 7
ARRAY_POINTS = 4
RELATIVE_TOLERANCE = 1e-9
ENTRY_KEYS = {"tex", "kernel", "args", "result", "shapes", "index", "names", "let", "from_result", "place"}

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
    `2d\,d_{\mathrm{ff}}` as products (it rejects or misreads some juxtapositions). Long because it is one
    left-to-right scan whose cases (digit, letter, group, command, subscript) share the scanning position."""
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
    if re.search(r"(?<![A-Za-z\\])e\s*\^", tex):   # e^{-z}: Euler's number, not a symbol to map (a new author's
        import sympy                                   # \frac{1}{1+e^{-z}} asked for an argument e)
        expr = expr.subs(sympy.Symbol("e"), sympy.E)
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
    if any(k in entry for k in ("shapes", "index", "names", "let", "from_result", "place")):
        return check_array_formula(entry)
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


# --------------------------------------------------------------------------------------------- vector formulas

def _result(got, result: str | None):
    """The kernel's value named by `result`: a field path (`weights`, `a.b`), then an optional numpy index."""
    m = re.fullmatch(r"\s*([\w.]*)\s*(\[.*\])?\s*", str(result or ""))
    if not m:
        raise FormulaError(f"result {result!r} must be a field path with an optional index, e.g. 'pe[:, 0::2]'")
    for step in m.group(1).split("."):
        if step.isdigit():
            got = got[int(step)]
        elif step:
            got = got[step] if isinstance(got, dict) else getattr(got, step)
    if m.group(2):
        got = np.asarray(got)[_numpy_index(m.group(2)[1:-1])]
    return got


def _numpy_index(text: str):
    def one(part):
        part = part.strip()
        if ":" in part:
            return slice(*[int(x) if x.strip() else None for x in part.split(":")])
        return int(part)
    return tuple(one(p) for p in text.split(","))


class _Spec:
    """One symbol's `shapes` entry: its axes, kind (array, real, int, dim, fn, mask) and domain."""

    def __init__(self, name: str, text):
        self.name, self.axes, self.kind, self.domain, self.origin = name, [], "array", (-1.5, 1.5), 1
        self.fixed, self.even, self.range, self.function, self.scalar, self.aux = None, False, None, None, False, False
        self.tuple = False
        words = str(text).replace(",", " ").split()
        if not words:
            raise FormulaError(f"shape of {name} is empty")
        k = 0
        while k < len(words):
            w = words[k]
            if w in ("real", "int", "dim", "mask", "eye", "perm"):
                self.kind = w
            elif w == "simplex":   # positive entries that sum to one along the last axis
                self.domain = "simplex"
            elif w == "tuple":   # an integer array given to the kernel as a tuple (a token sequence)
                self.tuple = True
            elif w == "aux":   # a kernel input the formula does not name (the kernel derives what the formula reads)
                self.aux = True
            elif w == "fn":
                self.kind = "fn"
                if k + 1 < len(words) and "::" in words[k + 1]:
                    self.function = words[k + 1]
                    k += 1
            elif w == "scalar":
                self.scalar = True
            elif w == "pos":
                self.domain = (0.1, 2.0)
            elif w == "prob":
                self.domain = (0.05, 0.95)
            elif w == "counts":
                self.domain = "counts"
            elif w == "from0":
                self.origin = 0
            elif w == "even":
                self.even = True
            elif ".." in w:
                self.range = w.split("..", 1)
            elif self.kind == "dim" and w.isdigit():
                self.fixed = int(w)
            elif re.fullmatch(r"[\w{}\\]+(?:[+*-][\w{}\\]+)*", w):
                self.axes.append(w)
            else:
                raise FormulaError(f"cannot read {w!r} in the shape of {name}: {text!r}")
            k += 1
        if self.axes and self.kind not in ("array", "mask", "int", "eye", "perm"):
            raise FormulaError(f"{name} is declared {self.kind} but has axes {self.axes}")


def _axis_terms(axis: str) -> list[tuple[int, str]]:
    """'H+D-1' -> [(1, 'H'), (1, 'D'), (-1, '1')]."""
    return [(-1 if sign == "-" else 1, term) for sign, term in re.findall(r"([+-]?)([^+-]+)", axis)]


def _dimension_names(specs: dict) -> set[str]:
    from checker.formula_arrays import canonical
    names = {n for n, s in specs.items() if s.kind == "dim"}
    for s in specs.values():
        for text in s.axes + list(s.range or ()):
            names |= {canonical(f) for _, t in _axis_terms(text) for f in t.split("*") if not f.isdigit()}
    return names - {n for n, s in specs.items() if s.kind != "dim"}


def _size(text: str, dims: dict) -> int:
    """An axis or a bound: integers and dimensions added and subtracted ('H+D', 'V-1', '4')."""
    from checker.formula_arrays import canonical
    total = 0
    for sign, term in _axis_terms(text.strip()):
        value = 1
        for factor in term.split("*"):
            if factor.isdigit():
                value *= int(factor)
            elif canonical(factor) in dims:
                value *= dims[canonical(factor)]
            else:
                raise FormulaError(f"dimension {factor} has no size")
        total += sign * value
    return total


def _random_function(rng, spec: _Spec):
    from checker.formula_arrays import Function
    if spec.function:
        return Function(resolve_kernel(spec.function), spec.name)
    seed = int(rng.integers(2**31))
    cache: dict = {}

    def fn(*args):
        x = np.asarray(args[0], dtype=np.float64)
        k = x.shape[-1] if x.ndim else 1
        if k not in cache:
            r = np.random.default_rng(seed + k)
            cache[k] = (r.uniform(-1, 1, (k, k)), r.uniform(-0.5, 0.5, k))
        M, c = cache[k]
        out = np.tanh(x * M[0, 0] + c[0]) if x.ndim == 0 else np.tanh(x @ M + c)
        return float(np.sum(out * (1 + np.arange(out.size).reshape(out.shape)))) if spec.scalar else out
    return Function(fn, spec.name)


def _draw(rng, specs: dict, formula_syms: set, point: int = 0) -> dict:
    """Random values: dimensions first (sorted), then every other symbol (sorted), all from one seeded stream. A scalar
    integer with a small range (a label y in 0..1) takes its values in turn, so every value is tried."""
    env, dims = {}, {}
    for name in sorted(_dimension_names(specs)):
        spec = specs.get(name)
        if spec and spec.fixed:
            size = spec.fixed
        elif spec and spec.even:
            size = 2 * int(rng.integers(1, 4))
        else:
            size = int(rng.integers(2, 6))
        dims[name] = env[name] = size
    for name in sorted(specs):
        spec = specs[name]
        if spec.kind == "dim":
            continue
        shape = tuple(_size(a, dims) for a in spec.axes)
        if spec.kind == "fn":
            env[name] = _random_function(rng, spec)
        elif spec.kind == "int":
            known = {**dims, **{n: v for n, v in env.items() if isinstance(v, int)}}   # 1..K with K drawn before
            lo, hi = (_size(b, known) for b in spec.range) if spec.range else (2, 13)
            value = rng.integers(lo, hi + 1, size=shape)
            if not shape and hi - lo < ARRAY_POINTS:
                value = lo + (point + int(value)) % (hi - lo + 1)
            env[name] = int(value) if not shape else tuple(int(v) for v in value) if spec.tuple else value
        elif spec.kind == "real":
            env[name] = float(rng.uniform(*spec.domain))
        elif spec.kind == "eye":   # the identity: e_i, its row i, is the one-hot vector of i
            env[name] = np.eye(shape[0])
        elif spec.kind == "perm":   # a random permutation matrix: P e reorders the rows of e
            env[name] = np.eye(shape[0])[rng.permutation(shape[0])]
        elif spec.kind == "mask":   # an additive mask: 0 where a query may read a key, -inf elsewhere; no empty row
            keep = rng.random(shape) < 0.6
            keep[..., int(rng.integers(shape[-1]))] = True
            env[name] = np.where(keep, 0.0, -np.inf)
        elif spec.domain == "counts":   # small counts with zeros among them; every column has a positive one
            counts = rng.integers(0, 5, size=shape).astype(np.float64)
            if counts.ndim:
                counts[(int(rng.integers(shape[0])),) + (slice(None),) * (counts.ndim - 1)] += 1
            env[name] = counts
        elif spec.domain == "simplex":
            raw = rng.uniform(0.1, 1.0, size=shape)
            env[name] = raw / raw.sum(axis=-1, keepdims=True)
        else:
            env[name] = rng.uniform(*spec.domain, size=shape)
    for name in sorted(formula_syms - set(env)):   # an undeclared scalar: an integer, as in the scalar check
        env[name] = int(rng.integers(2, 14))
    return env


def _replace_squeezed(text: str, fragment: str, replacement: str) -> str:
    """Replace `fragment` in `text`, ignoring whitespace differences."""
    pattern = r"\s*".join(re.escape(ch) for ch in re.sub(r"\s+", "", fragment))
    return re.sub(pattern, lambda _m: replacement, text)


def _short(value) -> str:
    if callable(value):
        return "<function>"
    a = np.asarray(value)
    if a.ndim == 0:
        return f"{float(a):.10g}"
    return np.array2string(a, precision=6, threshold=8, separator=",").replace("\n", "")


def _read(text: str, indices, what: str):
    from checker import formula_arrays as fa
    try:
        return fa.parse_expression(str(text), indices)
    except fa.TexError as exc:
        raise FormulaError(f"cannot read {what} {text!r}: {exc}") from None


def _read_list(items: list, letters, param):
    return [_read_list(g, letters, param) if isinstance(g, list) else g if isinstance(g, (int, float)) else
            _read(g, letters, f"args {param}") for g in items]


class _Literal:
    def __init__(self, value):
        self.value = value


class ArrayFormula:
    """A vector formula's binding, read once: its definitions, the kernel, and what each symbol is."""

    def __init__(self, entry: dict):
        from checker import formula_arrays as fa

        self.entry = entry
        self.tex = tex = str(entry["tex"]).strip()
        source = tex
        names = entry.get("names") or {}
        for fragment in sorted(names, key=len, reverse=True):
            if _squeeze(str(fragment)) not in _squeeze(source):
                raise FormulaError(f"names: fragment {fragment!r} does not occur in {tex!r}")
            source = _replace_squeezed(source, str(fragment), f" {names[fragment]} ")
        self.specs = {fa.canonical(str(k)): _Spec(str(k), v) for k, v in (entry.get("shapes") or {}).items()}
        index = entry.get("index") or []
        self.free = {fa.canonical(str(k)): None for k in index} if isinstance(index, list) else \
            {fa.canonical(str(k)): str(v) for k, v in index.items()}
        # an integer symbol with a range (`o: int 1..V`) indexes like an index letter: u_o is row o of u
        self.index_symbols = [n for n, s in self.specs.items()
                              if s.kind == "int" and s.range and not s.axes and re.fullmatch(r"[A-Za-z]'*", n)]
        letters = list(self.free) + self.index_symbols
        try:
            self.parts = fa.parse(source, letters)
        except fa.TexError as exc:
            raise FormulaError(f"cannot read {tex!r}: {exc}") from None
        self.kernel = resolve_kernel(entry["kernel"])
        params = inspect.signature(self.kernel).parameters
        self.args = entry.get("args") or {}
        unknown = [a for a in self.args if a not in params]
        if unknown:
            raise FormulaError(f"{entry['kernel']} has no parameter {', '.join(unknown)}; parameters: {', '.join(params)}")
        self.arg_nodes = {}
        for param, given in self.args.items():
            if isinstance(given, (bool, int, float)) or given is None:
                self.arg_nodes[param] = given
            elif isinstance(given, dict) and set(given) == {"value"}:   # a literal: {value: write}
                self.arg_nodes[param] = _Literal(given["value"])
            elif isinstance(given, list):
                self.arg_nodes[param] = _read_list(given, letters, param)
            else:
                self.arg_nodes[param] = _read(given, letters, f"args {param}")
        self.lets = [(fa.canonical(str(k)), _read(v, letters, f"let {k}")) for k, v in (entry.get("let") or {}).items()]
        self.from_result = {fa.canonical(str(k)): str(v) for k, v in (entry.get("from_result") or {}).items()}
        result = entry.get("result")
        self.compare = {fa.canonical(str(k)): str(v) for k, v in result.items()} if isinstance(result, dict) else None
        self._check_mapping()

    def _check_mapping(self) -> None:
        """The entry's fields, each validated before anything is evaluated. Long because each field (tex, kernel,
        variables, outputs, tolerance) has its own rule and its own one-line message."""
        from checker import formula_arrays as fa

        mapped = set()
        for node in self.arg_nodes.values():
            if isinstance(node, (tuple, list)):
                mapped |= fa.symbols_of(node)
        all_uses = set().union(*[fa.symbols_of(p.rhs) for p in self.parts])
        for part in self.parts:   # F(x) with x mapped is the value F at x (Attention(Q,K,V)=...), not a definition of F;
            # so is F(y) that no other part calls (score(y)=...)
            if part.params and (any(p in mapped | set(self.from_result) | set(self.free) | set(self.index_symbols)
                                    for p in part.params) or part.name not in all_uses):
                part.name = part.lhs_text
                part.params = None
        for part in self.parts:   # h_t = A_t h_{t-1} + ... with h from the kernel's result: a recurrence checked, not a
            # name; g <- g min(1, ...) updates g: its right side reads the g that args give
            if part.name in self.from_result or part.name and part.name in fa.symbols_of(part.rhs):
                part.name = None
        defined, needed = {p.name for p in self.parts if p.name}, set()
        for part in self.parts:
            needed |= fa.symbols_of(part.rhs) - set(part.params or ()) - defined
        # which definitions are compared, and is each definition used by a later one or compared?
        compared = set(self.compare or ())
        names = [p.name or p.lhs_text for p in self.parts]
        if self.compare:
            unknown = compared - {fa.canonical(n) for n in names if n} - {p.lhs_text for p in self.parts if p.lhs_text}
            if unknown:
                raise FormulaError(f"result names {', '.join(sorted(unknown))}, which no part of {self.tex!r} defines")
        final = None if self.compare else self._final()
        for k, part in enumerate(self.parts):
            others = set().union(*[fa.symbols_of(p.rhs) for j, p in enumerate(self.parts) if j != k])
            key = part.name or part.lhs_text or str(k)
            is_compared = (part.name in compared or part.lhs_text in compared) if self.compare else key == final
            if not is_compared and part.name not in others:
                raise FormulaError(f"part {part.lhs_text or k + 1} of {self.tex!r} is neither compared with the kernel "
                                   "nor used by a later part; bind it in an entry of its own")
        let_names = {n for n, _ in self.lets}
        let_uses = set()
        for _, node in self.lets:
            let_uses |= fa.symbols_of(node)
        kernel_fns = {n for n, s in self.specs.items() if s.kind == "fn" and s.function or s.kind in ("eye", "perm")}
        used = set()
        for node in self.arg_nodes.values():
            if isinstance(node, (tuple, list)):
                used |= fa.symbols_of(node)
        dims = _dimension_names(self.specs)
        given = used | set(self.from_result) | kernel_fns | dims | set(self.index_symbols)
        missing = (needed | (let_uses - let_names)) - given - let_names
        missing = {m for m in missing if m in needed or m in let_uses}
        if missing - given:
            raise FormulaError(f"symbol {', '.join(sorted(missing - given))} of {self.tex!r} is given to no kernel "
                               "parameter; map it in args (or declare it a dimension of a mapped array)")
        reachable = needed | let_uses
        indexed = set()
        for node in [p.rhs for p in self.parts] + [n for _, n in self.lets]:
            indexed |= fa.index_names_of(node)
        aux = {n for n, s in self.specs.items() if s.aux}
        extra = used - reachable - dims - aux - indexed - kernel_fns
        if extra:
            raise FormulaError(f"args use {', '.join(sorted(extra))}, which {self.tex!r} does not contain (a factor is "
                               "missing from the formula, or args name the wrong symbol)")
        unused_lets = let_names - needed - let_uses
        if unused_lets:
            raise FormulaError(f"let defines {', '.join(sorted(unused_lets))}, which {self.tex!r} does not use")
        unused_index = [n for n in self.index_symbols if n not in indexed and not self.specs[n].aux]
        if unused_index:
            raise FormulaError(f"index symbol {', '.join(unused_index)} does not occur in {self.tex!r}")
        for node in self.arg_nodes.values():
            if isinstance(node, (tuple, list)):
                indexed |= fa.index_names_of(node)
        undeclared = sorted(s for s in self.specs if s not in reachable | used | dims | indexed)
        if undeclared:
            raise FormulaError(f"shapes declares {', '.join(sorted(undeclared))}, which neither {self.tex!r} nor args use")
        self.symbols = needed | used | let_uses

    def _ranges(self, env: dict, origins: dict) -> dict:
        from checker import formula_arrays as fa
        ranges = {}
        for var, text in self.free.items():
            if text is None:
                ranges[var] = None
                continue
            lo, _, hi = text.partition("..")
            try:
                lo_v, hi_v = (int(fa.evaluate(fa.parse_expression(b), env, origins, text)) for b in (lo, hi))
            except fa.TexError as exc:
                raise FormulaError(f"index {var}: {exc}") from None
            ranges[var] = range(lo_v, hi_v + 1)
        return ranges

    def evaluate_parts(self, env: dict, origins: dict) -> dict:
        """Every part's value, by its name (or left side); later parts see earlier ones."""
        from checker import formula_arrays as fa

        ranges = self._ranges(env, origins)
        values = {}
        for k, part in self._order():
            free = {v: r for v, r in ranges.items() if _uses_index(part.rhs, v) or v in part.lhs_letters}
            if part.params and not all(p in env for p in part.params):
                env[part.name] = fa.Function(_closure(part, env, origins, self.tex), part.name)
                continue
            try:
                value = fa.evaluate(part.rhs, env, origins, self.tex, free)
            except fa.TexError as exc:
                raise FormulaError(f"cannot evaluate {self.tex!r}: {exc}") from None
            if part.root != 1:
                value = np.power(value, 1.0 / part.root)
            if part.name:
                env[part.name] = value
            values[part.name or part.lhs_text or str(k)] = value
            if part.lhs_text:
                values[part.lhs_text] = value
        return values

    def _order(self) -> list:
        """The parts in an order where each comes after the parts it uses (BLEU = BP ..., BP = ... reads BP first)."""
        from checker import formula_arrays as fa
        todo, done, order = list(enumerate(self.parts)), set(), []
        names = {p.name for p in self.parts if p.name}
        while todo:
            for item in todo:
                needs = (fa.symbols_of(item[1].rhs) & names) - done - {item[1].name}
                if not needs:
                    break
            else:
                raise FormulaError(f"the parts of {self.tex!r} define each other in a circle")
            todo.remove(item)
            order.append(item)
            if item[1].name:
                done.add(item[1].name)
        return order

    def check(self) -> None:
        with np.errstate(all="ignore"):   # a wrong formula may overflow or divide by zero: it then fails, quietly
            self._check()

    def _check(self) -> None:
        from checker import formula_arrays as fa

        origins = {n: s.origin for n, s in self.specs.items()}
        rng = np.random.default_rng(zlib.crc32(self.tex.encode()))
        for point in range(ARRAY_POINTS):
            env = _draw(rng, self.specs, self.symbols, point)
            kwargs = {param: self._argument(node, env, origins, param) for param, node in self.arg_nodes.items()}
            out = self.kernel(**kwargs)
            for name, path in self.from_result.items():
                env[name] = np.asarray(_result(out, path), dtype=np.float64)
            for name, node in self.lets:
                try:
                    env[name] = fa.evaluate(node, env, origins, f"let {name}")
                except fa.TexError as exc:
                    raise FormulaError(f"let {name}: {exc}") from None
            values = self.evaluate_parts(env, origins)
            pairs = [(k, values[k], _result(out, path)) for k, path in self.compare.items()] if self.compare else \
                [(None, values[self._final()], _result(out, self.entry.get("result")))]
            if self.entry.get("place") is not None:
                pairs = [(None, want, self._placed(got, env, origins)) for _, want, got in pairs]
            for name, want, got in pairs:
                self._compare(name, np.asarray(want, dtype=np.float64), np.asarray(got, dtype=np.float64), kwargs)

    def _placed(self, got, env, origins):
        """`place: 0` (or 1): the left side's arguments, PE(p,2r), are positions in the kernel's array counted from
        0 (or 1); the kernel's entry at those positions is taken for every value of the free indices."""
        from checker import formula_arrays as fa
        final = self._final()
        part = next((p for p in self.parts if (p.name or p.lhs_text) == final), self.parts[-1])
        if not part.lhs_args:
            raise FormulaError(f"place: the left side of {self.tex!r} names no positions")
        got = np.asarray(got, dtype=np.float64)
        ranges = self._ranges(env, origins)
        grid = [list(ranges[v]) if ranges[v] is not None else None for v in self.free]
        if any(g is None for g in grid):
            raise FormulaError("place: give every free index its range under index:")
        ev = fa.Evaluator(env, origins, self.tex)
        out = []
        for point in itertools.product(*grid):
            ev.idx = dict(zip(self.free, point))
            at = tuple(ev.index_value(a) - int(self.entry["place"]) for a in part.lhs_args)
            if any(not 0 <= i < n for i, n in zip(at, got.shape)):
                raise FormulaError(f"{self.tex!r} places a value at {at}, outside the kernel's array of shape "
                                   f"{got.shape}; the formula on the page and the kernel disagree")
            out.append(got[at])
        return np.array(out).reshape([len(g) for g in grid] + list(np.shape(out[0])))

    def _final(self) -> str:
        """The part compared with the kernel when `result` names none: the one no other part uses (the last)."""
        from checker import formula_arrays as fa
        used = set().union(*[fa.symbols_of(p.rhs) for p in self.parts])
        finals = [p for p in self.parts if p.name not in used]
        part = finals[-1] if finals else self.parts[-1]
        return part.name or part.lhs_text or str(self.parts.index(part))

    def _argument(self, node, env, origins, param):
        from checker import formula_arrays as fa
        if node is None or isinstance(node, (bool, int, float)):
            return node
        if isinstance(node, _Literal):
            return node.value
        if isinstance(node, list):
            return [self._argument(n, env, origins, param) for n in node]
        if node[0] == "sym" and not node[2] and node[1] in env:
            return env[node[1]]
        try:
            value = fa.evaluate(node, env, origins, str(self.args[param]))
        except fa.TexError as exc:
            raise FormulaError(f"args {param}: {exc}") from None
        if not isinstance(value, np.ndarray):
            return value
        if value.ndim == 0:
            return int(value) if float(value).is_integer() else float(value)
        int_inputs = any(self.specs.get(n) is not None and self.specs[n].kind == "int" for n in fa.symbols_of(node))
        if int_inputs and np.all(np.mod(value, 1) == 0):   # tags y-1 computed from integer tags stay integers
            return value.astype(int)
        return value

    def _compare(self, name, want, got, kwargs) -> None:
        label = f"{self.tex!r}" + (f" ({name})" if name else "")
        if got.shape != want.shape and np.squeeze(got).shape != np.squeeze(want).shape:
            raise FormulaError(f"{label} gives an array of shape {want.shape} but {self.entry['kernel']} gives shape "
                               f"{got.shape}; the formula on the page and the kernel disagree")
        got, want = np.squeeze(got), np.squeeze(want)
        if not np.allclose(got, want, rtol=RELATIVE_TOLERANCE, atol=1e-12):
            shown = ", ".join(f"{k}={_short(v) if np.ndim(v) == 0 or callable(v) else 'array' + str(np.shape(v))}"
                              for k, v in kwargs.items())
            diff = np.abs(np.atleast_1d(got - want))
            worst = float(diff[np.isfinite(diff)].max()) if np.isfinite(diff).any() else float("nan")
            raise FormulaError(f"{label} gives {_short(want)} but {self.entry['kernel']}({shown}) gives {_short(got)} "
                               f"(largest difference {worst:.3g}); the formula on the page and the kernel disagree")


def _uses_index(node, var) -> bool:
    from checker.formula_arrays import free_indices_of
    return var in free_indices_of(node)


def _closure(part, env, origins, tex):
    from checker import formula_arrays as fa

    def call(*values):   # a function the formula defines for numbers (SiLU(a)=a\sigma(a)) acts elementwise
        arrays = [np.asarray(v, dtype=np.float64) for v in values]
        shape = np.broadcast_shapes(*(a.shape for a in arrays))
        out = np.empty(shape)
        for index in np.ndindex(shape):
            local = dict(env)
            local.update(zip(part.params, (float(np.broadcast_to(a, shape)[index]) for a in arrays)))
            out[index] = float(fa.evaluate(part.rhs, local, origins, tex))
        return out if shape else float(out)
    return call


def check_array_formula(entry: dict) -> None:
    """A vector formula against its kernel at ARRAY_POINTS random arrays (checker/formula_arrays.py)."""
    ArrayFormula(entry).check()


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


def check_formula_cached(entry: dict) -> None:
    """check_formula, with a pass remembered across runs (checker/cache.py) under the entry, this module and the
    translator, and every kernel module the entry names with what it imports; a failure is computed every time."""
    import json

    from checker.cache import cached, key_of
    from checker.inputs import closure, sha256_of

    text = json.dumps(entry, sort_keys=True, ensure_ascii=False, default=str)
    files = {ROOT / "checker" / "formulas.py", ROOT / "checker" / "formula_arrays.py"}
    for module in sorted(set(re.findall(r"kernels/[\w/]+\.py", text))):
        if (ROOT / module).is_file():
            files |= closure(ROOT / module)
    key = key_of(text, np.__version__, *(f"{f.relative_to(ROOT)}:{sha256_of(f)}" for f in sorted(files)))
    cached("formula-checks", key, lambda: check_formula(entry) or True)


def check_formulas(page, line_of_item, claimed=()) -> list[tuple[int, str]]:
    """Errors (line, message) for a page's `formulas` entries, and for cost formulas left unbound."""
    errors = [(page.line_of(offset), f"the cost formula ${tex}$ carries a numeral that nothing checks; bind it under "
                                      "formulas: (tex, kernel, args; O(...) is checked up to a constant) or make it a claim")
              for offset, tex in unbound_cost_formulas(page, claimed)]
    body = _squeeze(page.body)
    for i, entry in enumerate(page.meta.get("formulas") or []):
        line = line_of_item(i)
        if not isinstance(entry, dict) or not {"tex", "kernel"} <= set(entry) or set(entry) - ENTRY_KEYS:
            errors.append((line, f"formula {i} must be a mapping with 'tex' (the LaTeX on the page), 'kernel' "
                                 "(kernels/x.py::function) and optionally 'args', 'result', and for a vector formula "
                                 "'shapes', 'index', 'names', 'let', 'from_result', 'place' (docs/about/authoring.md)"))
            continue
        if _squeeze(str(entry["tex"])) not in body:
            errors.append((line, f"formula {i} not found in the page body: {entry['tex']!r}; restore it or update "
                                 "the entry (and check it against the kernel)"))
            continue
        try:
            check_formula_cached(entry)
        except FormulaError as exc:
            errors.append((line, f"formula {i}: {exc}"))
        except Exception as exc:  # a kernel that rejects the sample point, a sympy failure: one line, never a traceback
            errors.append((line, f"formula {i} {entry['tex']!r} could not be evaluated ({type(exc).__name__}: {exc})"))
    return errors
