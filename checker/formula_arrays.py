r"""A small LaTeX-to-numpy translator: a page's vector formula evaluated at random arrays.

checker/formulas.py evaluates scalar formulas with sympy (`4nd^2`, `(\frac{5+|y|}{6})^\alpha`). Most of the course's
formulas are about vectors and sums (softmax, attention, LayerNorm, the LSTM gates, negative sampling), which sympy
cannot evaluate at a scalar point. This module reads such a formula into a small tree and evaluates the tree with
numpy, so the same binding (`formulas:` in the front matter) can check it against its kernel.

What it reads (each construct has a test in tests/test_formula_arrays.py):

- symbols: a letter, a Greek letter (`\alpha`, `\ell`, `\varepsilon`), a name in `\text{}`/`\mathrm{}`/
  `\operatorname{}`, with accents (`\bar`, `\overline`, `\tilde`, `\widetilde`, `\hat`), primes (`c'`, `c^\prime`),
  subscripts that are part of the name (`W_x`, `h_{t-1}`, `d_{\mathrm{ff}}`) and letter superscripts (`W^Q`);
- indices: a letter bound by `\sum`, `\prod`, `\max_j` or declared free by the binding (`index:`) is an index, and a
  subscript that contains one indexes the array (`\alpha_j`, `e_{ij}`, `x_{t-1}`, `u_{n_j}` = row j of `u_n`),
  counting from 1 (`from0` in the symbol's shape counts from 0); an index used as a value is its number (`2r/d`);
- arithmetic: `+ - / \div \frac \sqrt`, powers (`x^2`, `10000^{2r/d}`, `e^{x}` = exp, a square matrix to an integer
  power is a matrix power, `^{-1}` of a matrix its inverse), `^\top`, `\odot` (elementwise, same shapes),
  `\cdot` (a scalar product, or the dot product of two vectors), `\times` (with a scalar), and juxtaposition:
  a scalar times anything, a matrix or row times a vector or matrix (`Wz_t`, `QK^\top`, `u_o^\top v_c`), a column
  times a row (`e_th_t^\top`, an outer product); two plain vectors side by side are an error;
- functions: `\exp \log \ln \tanh \sin \cos \sigma(...)`, `\max`/`\min` (two arguments: elementwise; one: over
  its elements), `\operatorname{softmax}` (over the last axis; `softmax_{key}` alike), ReLU, SiLU, diag, norms
  `\|x\|`, `\lVert x\rVert`, `|x|`; a function's argument is the group that follows, or the next factor
  (`\log\sigma(...)`, `\ln p_t`, `\log\sum_w ...`);
- sums and products: `\sum_j`, `\sum_{j=1}^{K}`, `\sum_{i<t}`, `\sum_{i,j:\,C_{ij}>0}`, `\prod_{t=1}^{T}`; the
  body is the product that follows (`\sum_j\alpha_jv_j + b` sums `\alpha_jv_j` only); an index without bounds runs
  over the axis it indexes;
- the indicator `\mathbb 1[j=y]`, `\begin{cases} a, & c>r \\ b, & 0<c\le r \end{cases}`, concatenation `[a;b]`,
  a symbol applied to arguments (`F(x)`: a function symbol is called, an array symbol multiplies: `U(r\odot h)`),
  and an index after a group (`\operatorname{softmax}(z)_i`).

The formula is `lhs = rhs` (or `\leftarrow`, `\approx`): the last side is evaluated. Anything else (`\in`, `\cdots`,
a `\mid` outside a renamed fragment) is an error that names the token, never a silent reading.
"""
from __future__ import annotations

import itertools
import math
import re

import numpy as np


class TexError(ValueError):
    pass


# ----------------------------------------------------------------------------------------------------- tokens

_DROP = re.compile(r"\\(?:left|right|[bB]igg?[lrm]?|displaystyle|limits|nolimits)(?![A-Za-z])|(?<!\\)\\[,;:! ]|~")
_SEPARATOR = re.compile(r"\\q?quad(?![A-Za-z])")
_NAME_WRAPPERS = ("text", "mathrm", "operatorname", "mathit", "textrm", "mathbf", "boldsymbol", "rm", "textit")
GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota",
         "kappa", "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "varphi", "chi", "psi",
         "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega", "ell"}
ACCENTS = {"bar", "overline", "tilde", "widetilde", "hat", "widehat", "vec"}
FUNCTIONS = {"exp", "log", "ln", "tanh", "sin", "cos", "max", "min", "softmax", "relu", "silu", "diag", "sigmoid"}
RELATIONS = {"=", r"\approx", r"\leftarrow", r"\gets"}
COMPARISONS = {"<": "<", ">": ">", r"\le": "<=", r"\leq": "<=", r"\ge": ">=", r"\geq": ">=", "=": "==",
               r"\ne": "!=", r"\neq": "!="}


def tokenize(tex: str) -> list[tuple[str, str]]:
    """(kind, text) tokens: num, name (a wrapped multi-letter name), cmd (\\alpha), ch (one character)."""
    tex = _DROP.sub(" ", tex)
    tex = _SEPARATOR.sub(lambda _m: " \\quad ", tex)
    tex = re.sub(r"\\[dt]frac(?![A-Za-z])", r"\\frac", tex)
    tex = re.sub(r"\\(?:mid|vert)(?![A-Za-z])", r"\\mid", tex)
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(tex):
        ch = tex[i]
        if ch.isspace():
            i += 1
            continue
        m = re.match(r"\\([A-Za-z]+)", tex[i:])
        if m and m.group(1) in _NAME_WRAPPERS:
            j = i + m.end()
            while j < len(tex) and tex[j].isspace():
                j += 1
            if j < len(tex) and tex[j] == "{":
                end = _brace_end(tex, j)
                out.append(("name", re.sub(r"\s+", "", tex[j + 1:end - 1])))
                i = end
                continue
            m2 = re.match(r"[A-Za-z]+", tex[j:])
            if not m2:
                raise TexError(f"\\{m.group(1)} without a name in {tex!r}")
            out.append(("name", m2.group(0)))
            i = j + m2.end()
            continue
        if m and m.group(1) == "begin":
            env = re.match(r"\\begin\s*\{(\w+\*?)\}", tex[i:])
            out.append(("begin", env.group(1) if env else ""))
            i += env.end() if env else m.end()
            continue
        if m and m.group(1) == "end":
            env = re.match(r"\\end\s*\{(\w+\*?)\}", tex[i:])
            out.append(("end", env.group(1) if env else ""))
            i += env.end() if env else m.end()
            continue
        if m:
            out.append(("cmd", "\\" + m.group(1)))
            i += m.end()
            continue
        if tex.startswith("\\\\", i):
            out.append(("ch", "\\\\"))
            i += 2
            continue
        if tex.startswith("\\|", i) or tex.startswith("\\{", i) or tex.startswith("\\}", i):
            out.append(("ch", tex[i:i + 2]))
            i += 2
            continue
        m = re.match(r"\d+\.\d+|\.\d+|\d+", tex[i:])
        if m:
            out.append(("num", m.group(0)))
            i += m.end()
            continue
        out.append(("ch", ch))
        i += 1
    return out


def _brace_end(tex: str, i: int) -> int:
    depth = 0
    for j in range(i, len(tex)):
        depth += {"{": 1, "}": -1}.get(tex[j], 0)
        if depth == 0:
            return j + 1
    raise TexError(f"unbalanced braces in {tex!r}")


def _text(tokens) -> str:
    """A canonical name for a run of tokens: `d_{\\mathrm{ff}}` and `d_{ff}` both give 'd_ff'."""
    parts = []
    for kind, text in tokens:
        if kind == "cmd":
            parts.append(text[1:])
        elif text not in "{}":
            parts.append(text)
    return "".join(parts)


def canonical(name: str) -> str:
    """The name a symbol is mapped by: what `_text` gives for the symbol written alone."""
    return _text(tokenize(name))


# ----------------------------------------------------------------------------------------------------- parser
# Nodes are tuples: (kind, ...). Kinds: num, sym (name, index nodes), idx (letter), neg, add, sub, mul (op),
# div, pow, T (transpose), func (name, args, subscript), apply (sym node, args), sum/prod/max (vars, bounds,
# condition, body), ind (condition), cmp, cases, concat, at (node, index nodes), norm, abs.

_NOT_FACTOR_CMDS = {r"\cdot", r"\times", r"\odot", r"\div", r"\mid", r"\rVert", r"\in", r"\le", r"\leq", r"\ge",
                    r"\geq", r"\ne", r"\neq", r"\approx", r"\leftarrow", r"\gets", r"\top", r"\prime", r"\to"}


class Parser:
    def __init__(self, tex: str, indices=()):
        self.tex = tex
        self.toks = tokenize(tex)
        self.i = 0
        self.indices = list(indices)   # letters that are indices here (free ones first, then bound ones)
        self.user_names: set[str] = set()

    # --- helpers
    def peek(self, k: int = 0):
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else ("eof", "")

    def take(self):
        tok = self.peek()
        self.i += 1
        return tok

    def expect(self, text: str):
        tok = self.take()
        if tok[1] != text:
            raise TexError(f"expected {text!r} but found {tok[1]!r} in {self.tex!r}")
        return tok

    def at(self, *texts) -> bool:
        return self.peek()[1] in texts and self.peek()[0] in ("ch", "cmd")

    def group_tokens(self) -> list:
        """The tokens of one script argument: a braced group or one token (a command with its own group)."""
        tok = self.take()
        if tok == ("ch", "{"):
            depth, start = 1, self.i
            while depth:
                t = self.take()
                if t[0] == "eof":
                    raise TexError(f"unbalanced braces in {self.tex!r}")
                depth += {"{": 1, "}": -1}.get(t[1], 0) if t[0] == "ch" else 0
            return self.toks[start:self.i - 1]
        if tok[0] == "eof":
            raise TexError(f"a script is missing its argument in {self.tex!r}")
        return [tok]

    def sub_parser(self, tokens) -> "Parser":
        p = Parser.__new__(Parser)
        p.tex, p.toks, p.i, p.indices, p.user_names = self.tex, list(tokens), 0, self.indices, self.user_names
        return p

    def parse_tokens(self, tokens, what="expression"):
        p = self.sub_parser(tokens)
        node = p.expr()
        if p.peek()[0] != "eof":
            raise TexError(f"cannot read {_text(p.toks[p.i:])!r} in the {what} of {self.tex!r}")
        return node

    # --- grammar
    def parts(self) -> list["Part"]:
        """The definitions of a formula: parts separated by \\quad or \\qquad (`u=xW_u,\\quad g=xW_g`), each
        `lhs = ... = rhs`; the last side of each is read, the left side names it."""
        chunks, depth, cur = [], 0, []
        for tok in self.toks:
            if tok[0] == "ch" and tok[1] in "([{":
                depth += 1
            elif tok[0] == "ch" and tok[1] in ")]}":
                depth -= 1
            if tok == ("cmd", r"\quad") and depth == 0:
                chunks.append(cur)
                cur = []
            else:
                cur.append(tok)
        chunks.append(cur)
        # a function the formula defines itself (SiLU(a)=a\sigma(a)) is read as that definition, not as a built-in
        for chunk in chunks:
            if len(chunk) > 2 and chunk[1] == ("ch", "(") and any(t[1] in RELATIONS for t in chunk):
                self.user_names.add(_text([chunk[0]]))
        out = []
        for chunk in chunks:
            while chunk and chunk[-1][0] == "ch" and chunk[-1][1] in ".,;":
                chunk = chunk[:-1]
            if not chunk:
                continue
            sides, depth, cur = [], 0, []
            for tok in chunk:
                if tok[0] == "ch" and tok[1] in "([{":
                    depth += 1
                elif tok[0] == "ch" and tok[1] in ")]}":
                    depth -= 1
                if tok[1] in RELATIONS and depth == 0:
                    sides.append(cur)
                    cur = []
                else:
                    cur.append(tok)
            sides.append(cur)
            if any(not side for side in sides):
                raise TexError(f"an empty side in {self.tex!r}")
            rhs = self.parse_tokens(sides[-1], "formula")
            out.append(Part(sides[0] if len(sides) > 1 else None, rhs, self))
        if not out:
            raise TexError(f"no formula in {self.tex!r}")
        return out

    def expr(self):
        node = None
        if self.at("-", "+"):
            sign = self.take()[1]
            node = self.term()
            node = ("neg", node) if sign == "-" else node
        else:
            node = self.term()
        while self.at("+", "-"):
            op = self.take()[1]
            right = self.term()
            node = ("add" if op == "+" else "sub", node, right)
        return node

    def starts_factor(self) -> bool:
        kind, text = self.peek()
        if kind in ("num", "name", "begin"):
            return True
        if kind == "cmd":
            return text not in _NOT_FACTOR_CMDS and text not in COMPARISONS and text not in (r"\rVert", r"\end")
        if kind == "ch":
            return text.isalpha() or text in ("(", "[", "{", "|") or text == "\\|" and not self.in_norm
        return False

    def term(self):
        node = self.unary()
        while True:
            if self.at(r"\cdot", r"\times", r"\odot", "/", r"\div"):
                op = self.take()[1]
                right = self.unary()
                if op in ("/", r"\div"):
                    node = ("div", node, right)
                else:
                    node = ("mul", node, right, op[1:])
            elif self.starts_factor() and not (self.peek() == ("ch", "|") and self.in_abs):
                node = ("mul", node, self.factor(), "juxt")
            else:
                return node

    in_abs = False
    in_norm = False

    def unary(self):
        if self.at("-"):
            self.take()
            return ("neg", self.factor())
        return self.factor()

    def factor(self):
        node = self.primary()
        return self.postfix(node)

    def postfix(self, node, symbol=False):
        """Scripts after a group or a function's value: `(z)_i`, `(...)^2`, `(...)^\\top`."""
        while True:
            if self.at("^"):
                self.take()
                sup = self.group_tokens()
                if sup == [("cmd", r"\top")]:
                    node = ("T", node)
                elif sup == [("cmd", r"\prime")]:
                    raise TexError(f"a prime after a group in {self.tex!r}")
                else:
                    node = ("pow", node, self.parse_tokens(sup, "exponent"))
            elif self.at("_"):
                self.take()
                sub = self.group_tokens()
                node = ("at", node, self.index_list(sub, on_group=True))
            else:
                return node

    def index_list(self, sub, on_group=False):
        parts, depth, cur = [], 0, []
        for t in sub:
            if t[1] in ("(", "[", "{"):
                depth += 1
            elif t[1] in (")", "]", "}"):
                depth -= 1
            if t == ("ch", ",") and depth == 0:
                parts.append(cur)
                cur = []
            else:
                cur.append(t)
        parts.append(cur)
        if len(parts) == 1 and len(sub) > 1 and all(t[0] == "ch" and t[1] in self.indices for t in sub):
            parts = [[t] for t in sub]   # e_{ij}: two indices
        out = []
        for part in parts:
            if part == [("ch", ":")]:
                out.append(("all",))
            else:
                if on_group and not self.has_index(part) and not all(t[0] == "num" for t in part):
                    raise TexError(f"cannot index a value by {_text(part)!r} in {self.tex!r}: rename the fragment "
                                   "under names:")
                out.append(self.parse_tokens(part, "subscript"))
        return out

    def has_index(self, tokens) -> bool:
        return any(t[0] == "ch" and t[1].isalpha() and self.idx_with_prime(tokens, k) in self.indices
                   for k, t in enumerate(tokens))

    @staticmethod
    def idx_with_prime(tokens, k) -> str:
        t = tokens[k][1]
        if k + 1 < len(tokens) and tokens[k + 1][1] == "'":
            return t + "'"
        return t

    def primary(self):
        kind, text = self.peek()
        if kind == "num":
            self.take()
            return ("num", float(text))
        if kind == "begin":
            return self.cases()
        if kind == "ch" and text in ("(", "["):
            return self.bracket()
        if kind == "ch" and text == "{":
            return self.parse_tokens(self.group_tokens(), "group")
        if kind == "ch" and text == "|":
            self.take()
            outer, self.in_abs = self.in_abs, True
            inner = self.expr()
            self.in_abs = outer
            self.expect("|")
            return ("abs", inner)
        if (kind, text) in (("ch", "\\|"), ("cmd", r"\lVert"), ("cmd", r"\Vert")):
            self.take()
            outer, self.in_norm = self.in_norm, True
            inner = self.expr()
            self.in_norm = outer
            close = self.take()
            if close[1] not in ("\\|", r"\rVert", r"\Vert"):
                raise TexError(f"a norm is not closed in {self.tex!r}")
            if self.at("_"):
                self.take()
                if _text(self.group_tokens()) != "2":
                    raise TexError(f"only the 2-norm is read, in {self.tex!r}")
            return ("norm", inner)
        if kind == "cmd":
            return self.command()
        if kind == "name":
            name = text
            if name in self.user_names:
                return self.symbol()
            if name in FUNCTIONS or name.lower() in ("softmax", "relu", "silu", "sigmoid", "diag"):
                self.take()
                return self.function(name.lower())
            return self.symbol()
        if kind == "ch" and text.isalpha():
            if text == "e" and self.peek(1)[1] == "^":   # Euler's e
                self.take()
                self.take()
                return ("func", "exp", [self.parse_tokens(self.group_tokens(), "exponent")], None)
            return self.symbol()
        raise TexError(f"unexpected {text!r} in {self.tex!r}")

    def bracket(self):
        open_ = self.take()[1]
        close = ")" if open_ == "(" else "]"
        items, sep = [self.expr()], None
        while self.at(",", ";"):
            s = self.take()[1]
            if sep and s != sep:
                raise TexError(f"mixed ',' and ';' in a group of {self.tex!r}")
            sep = s
            items.append(self.expr())
        self.expect(close)
        if sep == ";":
            return ("concat", items)
        if sep == ",":
            return ("tuple", items)
        return items[0]

    def command(self):
        kind, text = self.take()
        name = text[1:]
        if name == "frac":
            num = self.parse_tokens(self.group_tokens(), "numerator")
            den = self.parse_tokens(self.group_tokens(), "denominator")
            return ("div", num, den)
        if name == "sqrt":
            if self.at("["):
                raise TexError(f"only square roots are read, in {self.tex!r}")
            return ("func", "sqrt", [self.parse_tokens(self.group_tokens(), "root")], None)
        if name in ("sum", "prod"):
            return self.big(name)
        if name in self.user_names:
            self.i -= 1
            return self.symbol()
        if name == "sigma" and self.at("("):
            return self.function("sigma")
        if name in FUNCTIONS:
            return self.function(name)
        if name == "mathbb":
            arg = _text(self.group_tokens())
            if arg != "1":
                raise TexError(f"\\mathbb{{{arg}}} is a set, not a value, in {self.tex!r}")
            self.expect("[")
            cond = self.condition(until="]")
            self.expect("]")
            return ("ind", cond)
        if name == "infty":
            return ("num", math.inf)
        if name in GREEK or name in ACCENTS:
            self.i -= 1
            return self.symbol()
        raise TexError(f"{text} is not read by the formula translator (in {self.tex!r})")

    def function(self, name):
        sub = None
        if self.at("_"):
            self.take()
            sub = self.group_tokens()
        if name in ("max", "min") and sub and len(sub) == 1 and sub[0][1] in self.free_letters():
            var = sub[0][1]
            self.indices.append(var)
            try:
                body = self.unary() if not self.at("(") else self.factor()
            finally:
                self.indices.pop()
            return ("reduce", name, [var], None, body)
        if name == "softmax" and sub and len(sub) == 1 and sub[0][0] == "ch" and len(sub[0][1]) == 1 \
                and sub[0][1].islower():
            var = sub[0][1]
            self.indices.append(var)
            try:
                arg = self.factor()
            finally:
                self.indices.pop()
            return ("softmax_over", var, arg)
        if self.at("("):
            self.take()
            args = [self.expr()]
            while self.at(","):
                self.take()
                args.append(self.expr())
            self.expect(")")
        else:
            args = [self.unary()]
        return ("func", name, args, _text(sub) if sub else None)

    def free_letters(self):
        return {chr(c) for c in range(ord("a"), ord("z") + 1)}

    def big(self, name):
        sub, sup = None, None
        for _ in range(2):
            if self.at("_"):
                self.take()
                sub = self.group_tokens()
            elif self.at("^"):
                self.take()
                sup = self.group_tokens()
        if not sub:
            raise TexError(f"\\{name} without an index in {self.tex!r}")
        sub = _primes_as_quotes(sub)   # \sum_{w^\prime} is \sum_{w'} (new-author trial 36)
        # `j`, `j=1`, `i<t`, `i,j:\,C_{ij}>0`, `c'`
        cond_tokens = None
        if any(t == ("ch", ":") for t in sub):
            k = sub.index(("ch", ":"))
            sub, cond_tokens = sub[:k], sub[k + 1:]
        variables, lo, hi = [], None, None
        if any(t[1] in ("=", "<", r"\le") for t in sub):
            k = next(n for n, t in enumerate(sub) if t[1] in ("=", "<", r"\le"))
            var_toks, rest = sub[:k], sub[k + 1:]
            variables = [self.idx_with_prime(var_toks, 0)] if var_toks else []
            self.indices.extend(variables)
            try:
                bound = self.parse_tokens(rest, "bound")
            finally:
                del self.indices[len(self.indices) - len(variables):]
            if sub[k][1] == "=":
                lo = bound
            elif sub[k][1] == "<":
                hi = ("sub", bound, ("num", 1.0))
            else:
                hi = bound
        else:
            letters = [t for t in sub if t[1] not in (",", "'")]
            if not letters or any(t[0] != "ch" or not t[1].isalpha() for t in letters):
                raise TexError(f"\\{name}_{{{_text(sub)}}}: the index must be a letter (rename it under names:), "
                               f"in {self.tex!r}")
            variables = [self.idx_with_prime(sub, n) for n, t in enumerate(sub) if t[1] not in (",", "'")]
        if sup is not None:
            self.indices.extend(variables)
            try:
                hi = self.parse_tokens(sup, "upper bound")
            finally:
                del self.indices[len(self.indices) - len(variables):]
        self.indices.extend(variables)
        try:
            cond = self.sub_parser(cond_tokens).condition() if cond_tokens else None
            if self.at("-"):
                self.take()
                body = ("neg", self.term())
            else:
                body = self.term()
        finally:
            del self.indices[len(self.indices) - len(variables):]
        return ("reduce", name, variables, (lo, hi), body, cond)

    def condition(self, until=None):
        left = self.expr()
        parts = [left]
        ops = []
        while self.peek()[1] in COMPARISONS:
            ops.append(COMPARISONS[self.take()[1]])
            parts.append(self.expr())
        if not ops:
            raise TexError(f"expected a comparison in {self.tex!r}")
        return ("cmp", ops, parts)

    def cases(self):
        kind, env = self.take()
        if env in ("bmatrix", "pmatrix", "matrix"):
            return self.matrix(env)
        if env != "cases":
            raise TexError(f"\\begin{{{env}}} is not read (only cases and matrices), in {self.tex!r}")
        rows = []
        while True:
            value = self.expr()
            while self.at(","):
                self.take()
            self.expect("&")
            cond = self.condition()
            while self.at(",", "."):
                self.take()
            rows.append((value, cond))
            if self.at("\\\\"):
                self.take()
                continue
            tok = self.take()
            if tok != ("end", "cases"):
                raise TexError(f"cannot read {tok[1]!r} in the cases of {self.tex!r}")
            return ("cases", rows)

    def matrix(self, env):
        """\\begin{bmatrix} a & b \\\\ c & d \\end{bmatrix}: rows of entries, each a number-valued expression."""
        rows, row = [], []
        while True:
            row.append(self.expr())
            if self.at("&"):
                self.take()
                continue
            rows.append(row)
            row = []
            if self.at("\\\\"):
                self.take()
                continue
            tok = self.take()
            if tok != ("end", env):
                raise TexError(f"cannot read {tok[1]!r} in the matrix of {self.tex!r}")
            if len({len(r) for r in rows}) != 1:
                raise TexError(f"the rows of a matrix in {self.tex!r} have different lengths")
            return ("matrix", rows)

    def symbol(self):
        """A name with its accents, subscript, letter superscript and primes; an index subscript indexes it.
        Long because each of those parts is read in the order TeX writes them, one step after another."""
        accents = []
        while self.peek()[0] == "cmd" and self.peek()[1][1:] in ACCENTS:
            accents.append(self.take()[1][1:])
            if self.at("{"):
                inner = self.group_tokens()
                self.toks[self.i:self.i] = inner   # \overline{A}: read A next
        kind, text = self.take()
        base = text[1:] if kind == "cmd" else text
        if kind == "cmd" and base not in GREEK and base not in self.user_names:
            raise TexError(f"{text} is not a symbol the translator reads, in {self.tex!r}")
        name = "".join(accents) + base
        indices = []
        primes = ""
        transpose = False
        has_sub = False
        while True:
            if self.at("'"):
                self.take()
                primes += "'"
            elif self.at("_") and not has_sub:
                has_sub = True
                self.take()
                sub = self.group_tokens()
                nested = [k for k, t in enumerate(sub) if t == ("ch", "_") and k + 1 < len(sub)
                          and sub[k + 1][0] == "ch" and sub[k + 1][1] in self.indices] \
                    if ("ch", ",") not in sub else []
                if nested:   # u_{n_j}: row j of u_n
                    k = nested[0]
                    indices = [("idx", sub[k + 1][1])]
                    sub = sub[:k] + sub[k + 2:]
                    name += "_" + _text(sub)
                elif self.has_index(sub):
                    indices = self.index_list(sub)
                else:
                    name += "_" + _text(sub)
            elif self.at("^"):
                sup_start = self.i
                self.take()
                sup = self.group_tokens()
                if sup == [("cmd", r"\prime")]:
                    primes += "'"
                elif sup == [("cmd", r"\top")]:
                    transpose = True
                    break
                elif (len(sup) == 1 and sup[0][0] == "ch" and sup[0][1].isupper()) or \
                        (len(sup) == 1 and sup[0][0] == "name") or (sup and sup[0][1] == "(" and sup[-1][1] == ")"):
                    name += "^" + _text(sup)
                else:
                    self.i = sup_start
                    break
            else:
                break
        if not indices and name + primes in self.indices:
            node = ("idx", name + primes)
        else:
            node = ("sym", name + primes, tuple(indices))
        if self.at("(") and node[0] == "sym" and not transpose:   # F(x), KL(q\|p): arguments by ',' or '\|'
            self.take()
            outer, self.in_norm = self.in_norm, True
            args = [self.expr()]
            while self.at(",", "\\|"):
                self.take()
                args.append(self.expr())
            self.in_norm = outer
            self.expect(")")
            node = ("apply", node, args)
        if transpose:
            node = ("T", node)
        return node


class Part:
    """One definition of a formula: what its left side names, and its right side's tree."""

    def __init__(self, lhs_tokens, rhs, parser: Parser):
        self.rhs, self.lhs_text = rhs, _text(lhs_tokens) if lhs_tokens else None
        self.name, self.params, self.root, self.indices = None, None, 1, ()
        self.lhs_letters = {t[1] for t in lhs_tokens or () if t[0] == "ch" and t[1].isalpha()}
        self.lhs_args = None   # PE(p,2r), PE_{(p,2i)}: where the value sits in the kernel's array (`place`)
        if not lhs_tokens:
            return
        toks = list(lhs_tokens)
        run = 0
        while run < len(toks) and toks[run][0] == "ch" and toks[run][1].isalpha():
            run += 1
        if run >= 2 and run < len(toks) and toks[run][1] in ("_", "("):   # PE_{(p,2i)}: a name of several letters
            toks = [("name", "".join(t[1] for t in toks[:run]))] + toks[run:]
        try:
            sub = parser.sub_parser(toks)
            node = sub.primary() if toks[0][0] in ("name", "ch") or toks[0][1][1:] in GREEK else None
            if node is not None and sub.peek()[0] == "eof":
                if node[0] == "apply":
                    self.lhs_args = node[2]
                elif node[0] == "sym" and len(node[2]) == 1 and node[2][0][0] == "tuple":
                    self.lhs_args = node[2][0][1]
                elif node[0] == "sym" and node[2]:
                    self.lhs_args = list(node[2])
        except TexError:
            pass
        # F(a) with single-letter parameters: a function definition (its parameters are not symbols elsewhere)
        if len(toks) >= 4 and toks[1] == ("ch", "(") and toks[-1] == ("ch", ")") and toks[0][0] in ("name", "ch", "cmd"):
            inner = toks[2:-1]
            params = [t for t in inner if t != ("ch", ",")]
            if params and all(t[0] in ("ch", "cmd") and (t[1].isalpha() or t[1][1:] in GREEK) for t in params) and \
                    all(inner[k] == ("ch", ",") for k in range(1, len(inner), 2)):
                self.name = _text([toks[0]])
                self.params = [_text([t]) for t in params]
                return
        try:
            sub = parser.sub_parser(toks)
            node = sub.primary() if toks[0][0] != "cmd" or toks[0][1][1:] in GREEK or toks[0][1][1:] in ACCENTS \
                else None
            if node is not None and sub.at("^") and sub.peek(1)[0] == "num":
                sub.take()
                self.root = float(sub.take()[1])
            if node is not None and sub.peek()[0] == "eof" and node[0] == "sym":
                self.name, self.indices = node[1], node[2]
        except TexError:
            pass


def parse(tex: str, indices=()) -> list[Part]:
    """The formula's definitions, read with `indices` as index letters (free indices and index symbols)."""
    return Parser(tex, indices).parts()


def parse_expression(tex: str, indices=()):
    p = Parser(tex, indices)
    return p.parse_tokens(p.toks, "expression")


def symbols_of(node, out=None) -> set[str]:
    """The free symbol names of a tree (index letters are not symbols)."""
    out = set() if out is None else out
    if isinstance(node, tuple):
        if node and node[0] == "sym":
            out.add(node[1])
            for idx in node[2]:
                symbols_of(idx, out)
            return out
        for child in node[1:]:
            symbols_of(child, out)
    elif isinstance(node, list):
        for child in node:
            symbols_of(child, out)
    return out


def free_indices_of(node, bound=frozenset()) -> set[str]:
    """The index letters a tree uses that no sum, product or max inside it binds."""
    if not isinstance(node, tuple) or not node or not isinstance(node[0], str):
        out = set()
        for child in node if isinstance(node, (list, tuple)) else ():
            out |= free_indices_of(child, bound)
        return out
    if node[0] == "idx":
        return set() if node[1] in bound else {node[1]}
    if node[0] == "reduce":
        inner = bound | set(node[2])
        return free_indices_of(node[3], bound) | free_indices_of(node[4], inner) | \
            (free_indices_of(node[5], inner) if len(node) > 5 else set())
    if node[0] == "softmax_over":
        return free_indices_of(node[2], bound | {node[1]})
    out = set()
    for child in node[1:]:
        out |= free_indices_of(child, bound)
    return out


def index_names_of(node) -> set[str]:
    """The index letters a tree uses (as values or as subscripts)."""
    return {n[1] for n in _walk(node) if n[0] == "idx"}


# ----------------------------------------------------------------------------------------------------- evaluation

class Function:
    """A function-valued symbol (`F` in `\\operatorname{LN}(x+F(x))`): the kernel gets the same callable."""

    def __init__(self, fn, name=""):
        self.fn, self.name = fn, name

    def __call__(self, *args):
        def plain(a):   # an index computed as a float (t-1) reaches a kernel as the integer it is
            if isinstance(a, (float, np.floating)) or isinstance(a, np.ndarray) and a.ndim == 0:
                f = float(a)
                return int(f) if f.is_integer() else f
            return a
        return self.fn(*[plain(a) for a in args])


def _softmax(x, axis=-1):
    x = np.asarray(x, dtype=np.float64)
    shifted = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=axis, keepdims=True)


def _mul(a, b, op, tex):
    A, B = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    if op == "odot":
        if A.shape != B.shape:
            raise TexError(f"\\odot of shapes {A.shape} and {B.shape} in {tex!r}")
        return A * B
    if A.ndim == 0 or B.ndim == 0:
        return A * B
    if op == "times":
        raise TexError(f"\\times between two arrays in {tex!r}: write \\odot, \\cdot or a product")
    if op == "cdot" and A.ndim == 1 and B.ndim == 1:
        return np.asarray(A @ B)
    if A.ndim == 1 and B.ndim == 2 and B.shape[0] == 1:   # a column times a row: an outer product
        return np.outer(A, B[0])
    if A.ndim == 1 and B.ndim == 1:
        raise TexError(f"two vectors side by side in {tex!r}: write u^\\top v, \\cdot or \\odot")
    out = np.asarray(A @ B)
    if out.shape == (1,):   # a row (v^\top) times a vector: a number
        out = out[0]
    return np.asarray(out)


class Evaluator:
    def __init__(self, env: dict, origins: dict, tex: str):
        self.env, self.origins, self.tex = env, origins, tex
        self.idx: dict[str, int] = {}

    def value(self, name):
        if name not in self.env:
            raise TexError(f"symbol {name} of {self.tex!r} has no value (map it in args or give its shape)")
        return self.env[name]

    def index_value(self, node) -> int:
        v = np.asarray(self.ev(node))
        if v.ndim or abs(float(v) - round(float(v))) > 1e-9:
            raise TexError(f"an index of {self.tex!r} is not an integer")
        return int(round(float(v)))

    def take(self, array, name, positions):
        a = np.asarray(array)
        origin = self.origins.get(name, 1)
        key = []
        for axis, node in enumerate(positions):
            if node == ("all",):
                key.append(slice(None))
                continue
            k = self.index_value(node) - origin
            if axis >= a.ndim or not 0 <= k < a.shape[axis]:
                raise TexError(f"index {k + origin} of {name} is out of range in {self.tex!r} "
                               f"(shape {a.shape}, counting from {origin})")
            key.append(k)
        return a[tuple(key)]

    def extent(self, var, body):
        """The values an index without bounds runs over: the axis it indexes in the body."""
        for node in _walk(body):
            if node[0] == "sym":
                for axis, idx in enumerate(node[2]):
                    if idx == ("idx", var):
                        a = np.asarray(self.value(node[1]))
                        origin = self.origins.get(node[1], 1)
                        return range(origin, origin + a.shape[axis])
            if node[0] == "at" and ("idx", var) in node[2]:   # softmax(z)_i: the axis of the group's value
                axis = node[2].index(("idx", var))
                return range(1, 1 + np.asarray(self.ev(node[1])).shape[axis])
        raise TexError(f"the range of index {var} in {self.tex!r} is not given and it indexes no array")

    def ev(self, node):
        """The value of one parsed node. One branch per node kind of the reader's tree (number, index, symbol, the
        operators, sums, functions): long because the evaluator is that one dispatch, kept in one place so the
        node kinds and their meanings can be read side by side."""
        kind = node[0]
        if kind == "num":
            return node[1]
        if kind == "idx":
            if node[1] in self.idx:
                return float(self.idx[node[1]])
            if node[1] in self.env and np.ndim(self.env[node[1]]) == 0:
                return float(self.env[node[1]])
            raise TexError(f"index {node[1]} is used outside its sum in {self.tex!r}")
        if kind == "sym":
            v = self.value(node[1])
            return self.take(v, node[1], node[2]) if node[2] else v
        if kind == "neg":
            return -np.asarray(self.ev(node[1]))
        if kind == "add":
            return self.combine(node, np.add)
        if kind == "sub":
            return self.combine(node, np.subtract)
        if kind == "mul":
            return _mul(self.ev(node[1]), self.ev(node[2]), node[3], self.tex)
        if kind == "div":
            num, den = np.asarray(self.ev(node[1])), np.asarray(self.ev(node[2]))
            if den.ndim and num.ndim and num.shape != den.shape:
                raise TexError(f"division of shape {num.shape} by shape {den.shape} in {self.tex!r}")
            return num / den
        if kind == "pow":
            base, exponent = np.asarray(self.ev(node[1])), np.asarray(self.ev(node[2]))
            if base.ndim == 2 and exponent.ndim == 0 and float(exponent).is_integer():
                if base.shape[0] != base.shape[1]:
                    raise TexError(f"a power of a non-square matrix in {self.tex!r}")
                n = int(exponent)
                return np.linalg.inv(base) if n == -1 else np.linalg.matrix_power(base, n)
            return np.power(base, exponent)
        if kind == "T":
            v = np.asarray(self.ev(node[1]))
            return v[None, :] if v.ndim == 1 else v.T
        if kind == "func":
            return self.func(node)
        if kind == "apply":
            return self.apply(node)
        if kind == "reduce":
            return self.reduce(node)
        if kind == "softmax_over":
            var, arg = node[1], node[2]
            values = []
            for k in self.extent(var, arg):
                self.idx[var] = k
                values.append(np.asarray(self.ev(arg)))
            del self.idx[var]
            return _softmax(np.stack(values), axis=0)
        if kind == "ind":
            return self.indicator(node[1])
        if kind == "cases":
            for value, cond in node[1]:
                if self.truth(cond):
                    return self.ev(value)
            raise TexError(f"no case of {self.tex!r} holds")
        if kind == "matrix":
            values = [[np.asarray(self.ev(c)) for c in row] for row in node[1]]
            if any(v.ndim for row in values for v in row):
                raise TexError(f"a matrix entry is not a number in {self.tex!r}")
            return np.array([[float(v) for v in row] for row in values])
        if kind == "concat":
            parts = [np.asarray(self.ev(n)) for n in node[1]]
            if any(p.ndim == 2 for p in parts):
                return np.vstack([np.atleast_2d(p) for p in parts])
            return np.concatenate([np.atleast_1d(p) for p in parts])
        if kind == "tuple":
            raise TexError(f"a tuple is not a value, in {self.tex!r}")
        if kind == "at":
            v = self.ev(node[1])
            return self.take(v, "", node[2])
        if kind == "norm":
            return np.asarray(np.linalg.norm(np.asarray(self.ev(node[1])).ravel()))
        if kind == "abs":
            return np.abs(np.asarray(self.ev(node[1])))
        if kind == "cmp":
            return 1.0 if self.truth(node) else 0.0
        raise TexError(f"cannot evaluate {kind} in {self.tex!r}")

    def combine(self, node, op):
        a, b = np.asarray(self.ev(node[1])), np.asarray(self.ev(node[2]))
        if a.ndim and b.ndim and a.shape != b.shape:
            try:
                np.broadcast_shapes(a.shape, b.shape)
            except ValueError:
                raise TexError(f"adding shapes {a.shape} and {b.shape} in {self.tex!r}") from None
            if a.ndim == b.ndim:
                raise TexError(f"adding shapes {a.shape} and {b.shape} in {self.tex!r}")
        return op(a, b)

    def indicator(self, cond):
        """1 where the condition holds, else 0: elementwise when its sides are arrays (`\\mathbb 1[M=0]`)."""
        _, ops, parts = cond
        values = [np.asarray(self.ev(p), dtype=np.float64) for p in parts]
        out = np.ones(np.broadcast_shapes(*(v.shape for v in values)), dtype=bool)
        for op, a, b in zip(ops, values, values[1:]):
            out &= {"<": np.less, ">": np.greater, "<=": np.less_equal, ">=": np.greater_equal,
                    "==": np.equal, "!=": np.not_equal}[op](a, b)
        return out.astype(np.float64) if out.ndim else float(out)

    def truth(self, cond) -> bool:
        _, ops, parts = cond
        values = [np.asarray(self.ev(p)) for p in parts]
        for op, a, b in zip(ops, values, values[1:]):
            if a.ndim or b.ndim:
                raise TexError(f"a comparison of arrays in {self.tex!r}")
            a, b = float(a), float(b)
            ok = {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b, "==": abs(a - b) < 1e-12,
                  "!=": abs(a - b) >= 1e-12}[op]
            if not ok:
                return False
        return True

    def func(self, node):
        _, name, args, sub = node
        values = [self.ev(a) for a in args]
        if name in ("max", "min"):
            pick = np.maximum if name == "max" else np.minimum
            if len(values) == 1:
                return np.asarray((np.max if name == "max" else np.min)(np.asarray(values[0])))
            out = np.asarray(values[0])
            for v in values[1:]:
                out = pick(out, np.asarray(v))
            return out
        if len(values) != 1:
            raise TexError(f"{name} takes one argument in {self.tex!r}")
        x = np.asarray(values[0], dtype=np.float64)
        if name == "exp":
            return np.exp(x)
        if name in ("log", "ln"):
            if np.any(x <= 0):
                raise TexError(f"log of a value that is not positive in {self.tex!r} (give the symbol a positive "
                               "domain in its shape, e.g. 'n pos')")
            return np.log(x)
        if name == "sqrt":
            if np.any(x < 0):
                raise TexError(f"square root of a negative value in {self.tex!r}")
            return np.sqrt(x)
        if name in ("sigma", "sigmoid"):
            return 1.0 / (1.0 + np.exp(-x))
        if name == "softmax":
            return _softmax(x, axis=-1)
        if name == "relu":
            return np.maximum(x, 0.0)
        if name == "silu":
            return x / (1.0 + np.exp(-x))
        if name == "diag":
            if x.ndim != 1:
                raise TexError(f"diag of a non-vector in {self.tex!r}")
            return np.diag(x)
        return getattr(np, name)(x)

    def apply(self, node):
        _, sym, args = node
        f = self.ev(sym)
        if callable(f):
            return f(*[self.ev(a) for a in args])
        if len(args) != 1:
            raise TexError(f"{sym[1]} is an array, not a function of {len(args)} arguments, in {self.tex!r}")
        return _mul(f, self.ev(args[0]), "juxt", self.tex)

    def reduce(self, node):
        _, name, variables, bounds, body = node[:5]
        cond = node[5] if len(node) > 5 else None
        ranges = []
        for n, var in enumerate(variables):
            lo, hi = bounds if bounds else (None, None)
            if n == 0 and (lo is not None or hi is not None):
                start = self.index_value(lo) if lo is not None else None
                stop = self.index_value(hi) if hi is not None else None
                if start is None or stop is None:
                    full = self.extent(var, body)
                    start = full.start if start is None else start
                    stop = full.stop - 1 if stop is None else stop
                ranges.append(range(start, stop + 1))
            else:
                ranges.append(self.extent(var, body))
        total = None
        for point in itertools.product(*ranges):
            for var, k in zip(variables, point):
                self.idx[var] = k
            if cond is not None and not self.truth(cond):
                continue
            v = np.asarray(self.ev(body), dtype=np.float64)
            if total is None:
                total = v
            elif name == "sum":
                total = total + v
            elif name == "prod":
                total = total * v
            elif name == "max":
                total = np.maximum(total, v)
            else:
                total = np.minimum(total, v)
        for var in variables:
            self.idx.pop(var, None)
        if total is None:
            return 0.0 if name == "sum" else 1.0 if name == "prod" else -math.inf if name == "max" else math.inf
        return total


def _walk(node):
    if isinstance(node, tuple) and node and isinstance(node[0], str):
        yield node
        for child in node[1:]:
            yield from _walk(child)
    elif isinstance(node, (list, tuple)):
        for child in node:
            yield from _walk(child)


def evaluate(node, env: dict, origins: dict | None = None, tex: str = "", free: dict | None = None):
    """The value of a tree: `env` maps symbol names to arrays, numbers or Functions; `free` maps each free index to
    the values it runs over (the result then has one axis per free index, in that order)."""
    ev = Evaluator(env, origins or {}, tex)
    if not free:
        value = ev.ev(node)
        if isinstance(value, (np.ndarray, float, int, np.floating, np.integer)):
            return np.asarray(value, dtype=np.float64)
        return value   # an object a kernel function made (RnnParams(...)), for a kernel argument
    names = list(free)
    grid = [list(free[n]) if free[n] is not None else list(ev.extent(n, node)) for n in names]
    values = []
    for point in itertools.product(*grid):
        ev.idx = dict(zip(names, point))
        values.append(np.asarray(ev.ev(node), dtype=np.float64))
    shape = tuple(len(g) for g in grid)
    return np.stack(values).reshape(shape + values[0].shape)


def _primes_as_quotes(tokens: list) -> list:
    """An index's ^\\prime and ^{\\prime} written as the quote mark the index reader takes for a prime."""
    out, k = [], 0
    while k < len(tokens):
        if tokens[k][1] == "^" and k + 1 < len(tokens) and tokens[k + 1] == ("cmd", r"\prime"):
            out.append(("ch", "'"))
            k += 2
        elif tokens[k][1] == "^" and tokens[k + 1:k + 4] == [("ch", "{"), ("cmd", r"\prime"), ("ch", "}")]:
            out.append(("ch", "'"))
            k += 4
        else:
            out.append(tokens[k])
            k += 1
    return out
