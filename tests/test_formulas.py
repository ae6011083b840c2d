"""Formulas with numerals are checked (checker/formulas.py): sympy's LaTeX parser against the kernel."""
import math

import pytest

from checker import formulas
from checker.formulas import FormulaError, check_formula, parse

KV = {"tex": "2LBnH_{kv}d_hs", "kernel": "kernels/resources.py::kv_cache_bytes",
      "args": {"layers": "L", "batch": "B", "positions": "n", "kv_heads": "H_{kv}", "head_dim": "d_h",
               "bytes_per_element": "s"}}
DECODE = {"tex": "4d^2", "kernel": "kernels/resources.py::decode_step_macs", "args": {"t": 5, "d": "d", "f": 7},
          "result": "projections"}


def with_tex(entry, tex):
    return {**entry, "tex": tex}


def test_bound_formulas_agree_with_their_kernels():
    check_formula(KV)
    check_formula(DECODE)


@pytest.mark.parametrize("tex", ["4d^3", "3d^2", "4d", "2d^2"])
def test_changed_numeral_in_a_formula_fails(tex):
    with pytest.raises(FormulaError, match="disagree"):
        check_formula(with_tex(DECODE, tex))


@pytest.mark.parametrize("tex", ["3LBnH_{kv}d_hs", "2LBnH_{kv}d_hs^2", "2LBn^2H_{kv}d_hs"])
def test_changed_byte_count_fails(tex):
    with pytest.raises(FormulaError):
        check_formula(with_tex(KV, tex))


def test_dropped_factor_is_named():
    with pytest.raises(FormulaError, match="args use s"):
        check_formula(with_tex(KV, "2LBnH_{kv}d_h"))


def test_normalization_constant_is_checked(monkeypatch):
    monkeypatch.setattr(formulas, "resolve_kernel", lambda spec: (lambda x: x / math.sqrt(2)))
    entry = {"tex": r"\frac{x}{\sqrt{2}}", "kernel": "kernels/x.py::f", "args": {"x": "x"}}
    check_formula(entry)
    with pytest.raises(FormulaError, match="disagree"):
        check_formula(with_tex(entry, r"\frac{x}{\sqrt{3}}"))


@pytest.mark.parametrize("tex, expected", [
    (r"2n^2d", "2*d*n**2"), (r"2d\,d_{\mathrm{ff}}", "2*d*d_{ff}"), (r"8d/3", "8*d/3"),
    (r"\left(\frac{5+|y|}{6}\right)^{\alpha}", "(Abs(y)/6 + 5/6)**alpha"),
    (r"r(d_{in}+d_{out})", "r*(d_{in} + d_{out})"), (r"\frac1{\sqrt{d_k}}", "1/sqrt(d_{k})"),
])
def test_page_latex_reads_as_the_intended_expression(tex, expected):
    assert str(parse(tex)) == expected


def test_unparsable_formula_is_one_clear_error():
    with pytest.raises(FormulaError, match="sympy cannot parse"):
        parse(r"4d^2=1,048,576")


LAYER = {"tex": "O(nd^2+n^2d)", "kernel": "kernels/resources.py::prefill_macs", "args": {"n": "n", "d": "d", "f": "d"},
         "result": "total"}


def test_a_big_o_formula_is_checked_up_to_constants():
    check_formula(LAYER)
    check_formula({**LAYER, "tex": "O(n^2d)", "args": {"n": "n", "d": "d", "f": 1}, "result": "attention"})


@pytest.mark.parametrize("tex", ["O(nd^2)", "O(n^2d)", "O(nd^3+n^2d)", "O(nd^2+n^3d)", "O(nd^2+n^2d+n)"])
def test_a_big_o_formula_with_a_wrong_or_missing_term_fails(tex):
    with pytest.raises(FormulaError, match="does not grow like"):
        check_formula(with_tex(LAYER, tex))


def _page(body: str, meta: dict | None = None):
    from types import SimpleNamespace
    return SimpleNamespace(body=body, meta=meta or {}, line_of=lambda offset: body.count("\n", 0, offset) + 1)


def test_an_unbound_cost_formula_is_reported_and_a_bound_one_is_not():
    body = "一层的计算量约为 $O(nd^2)$，参数约 $12d^2$。\n\n词向量 $h_1$ 与 $W_2$ 只是名字。\n"
    found = [tex for _, tex in formulas.unbound_cost_formulas(_page(body))]
    assert found == ["O(nd^2)", "12d^2"]
    bound = {"formulas": [{"tex": "O(nd^2)"}]}
    assert [tex for _, tex in formulas.unbound_cost_formulas(_page(body, bound))] == ["12d^2"]
    claimed = [(body.index("12d"), body.index("12d") + 2)]
    assert formulas.unbound_cost_formulas(_page(body, bound), claimed) == []


def test_a_formula_outside_a_cost_paragraph_is_not_a_cost_formula():
    assert formulas.unbound_cost_formulas(_page("损失是 $(y-p)^2$，对 $p$ 求导。\n")) == []
