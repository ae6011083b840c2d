"""Formulas with numerals are checked (checker/formulas.py): sympy's LaTeX parser against the kernel."""
import math

import numpy as np

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


# --------------------------------------------------------------------------------------------- outsiders' edits
# Each wrong edit below keeps every digit of the formula, so no claim notices it; the binding does. The honest
# formula passes, and so does an equivalent rewrite (terms reordered).

def page_entry(page: str, starts: str) -> dict:
    from checker.page import read_page
    from checker.paths import ROOT
    entries = [e for e in read_page(ROOT / page).meta["formulas"] if e["tex"].startswith(starts)]
    assert len(entries) == 1, (page, starts)
    return entries[0]


OUTSIDERS = [
    # a minus dropped inside the negative-sampling sigmoid (lecture §1.5)
    ("docs/lecture/ch01/1-5.md", r"\ell_{\mathrm{NS}}",
     r"\ell_{\mathrm{NS}}=-\log\sigma(u_o^\top v_c)-\sum_{j=1}^{K}\log\sigma(u_{n_j}^\top v_c)",
     r"\ell_{\mathrm{NS}}=-\sum_{j=1}^{K}\log\sigma(-u_{n_j}^\top v_c)-\log\sigma(v_c^\top u_o)"),
    # attention scores divided by d_k instead of sqrt(d_k) on the formula sheet (primer appendix B)
    ("docs/primer/appB/index.md", r"\mathrm{Attention}",
     r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\!\left(\dfrac{QK^\top}{d_k}+M\right)V",
     r"\mathrm{Attention}(Q,K,V)=\mathrm{softmax}\!\left(M+\dfrac{QK^\top}{\sqrt{d_k}}\right)V"),
    # RoPE written with j+i (lecture §5.12)
    ("docs/lecture/ch05/5-12.md", r"q_i^\top R",
     r"q_i^\top R((j+i)\theta)\,k_j",
     r"q_i^\top R((-i+j)\theta)\,k_j"),
]


@pytest.mark.parametrize("page, starts, wrong, equivalent", OUTSIDERS, ids=["ns-sign", "attention-sqrt", "rope-offset"])
def test_a_wrong_edit_of_a_page_formula_fails_and_an_equivalent_rewrite_passes(page, starts, wrong, equivalent):
    entry = page_entry(page, starts)
    check_formula(entry)
    with pytest.raises(FormulaError, match="disagree"):
        check_formula(with_tex(entry, wrong))
    check_formula(with_tex(entry, equivalent))


# Label smoothing and the split of the cross-entropy appear on no page yet (the site states neither); their bindings
# are checked here against independent numpy references, the way a page would bind them to a kernel.

def smoothed_target(y, epsilon, K):
    return (1 - epsilon) * (np.arange(K) == y - 1) + epsilon / K


SMOOTHING = {"tex": r"q_k=(1-\varepsilon)\,\mathbb 1[k=y]+\varepsilon/K", "kernel": "kernels/x.py::f",
             "index": {"k": "1..K"}, "args": {"y": "y", "epsilon": r"\varepsilon", "K": "K"},
             "shapes": {"varepsilon": "real prob", "y": "int 1..K", "K": "int 2..6"}}


def test_label_smoothing_edits_fail(monkeypatch):
    monkeypatch.setattr(formulas, "resolve_kernel", lambda spec: smoothed_target)
    check_formula(SMOOTHING)
    check_formula(with_tex(SMOOTHING, r"q_k=\varepsilon/K+(1-\varepsilon)\,\mathbb 1[k=y]"))
    for wrong in (r"q_k=(1+\varepsilon)\,\mathbb 1[k=y]+\varepsilon/K", r"q_k=(1-\varepsilon)\,\mathbb 1[k=y]+\varepsilon/(K+1)"):
        with pytest.raises(FormulaError, match="disagree"):
            check_formula(with_tex(SMOOTHING, wrong))


def cross_entropy_of(p, q):
    return float(-(q * np.log(p)).sum())


SPLIT = {"tex": r"H(q,p)=H(q)+\mathrm{KL}(q\|p)", "kernel": "kernels/x.py::f", "args": {"p": "p", "q": "q"},
         "shapes": {"p": "n simplex", "q": "n simplex", "H": "fn kernels/x.py::entropy", "KL": "fn kernels/x.py::kl"}}


def test_the_cross_entropy_split_with_the_arguments_exchanged_fails(monkeypatch):
    references = {"entropy": lambda q: float(-(q * np.log(q)).sum()), "kl": lambda a, b: float((a * np.log(a / b)).sum()),
                  "f": cross_entropy_of}
    monkeypatch.setattr(formulas, "resolve_kernel", lambda spec: references[spec.split("::")[1]])
    check_formula(SPLIT)
    check_formula(with_tex(SPLIT, r"H(q,p)=\mathrm{KL}(q\|p)+H(q)"))
    for wrong in (r"H(q,p)=H(p)+\mathrm{KL}(p\|q)", r"H(q,p)=H(q)+\mathrm{KL}(p\|q)", r"H(q,p)=H(q)-\mathrm{KL}(q\|p)"):
        with pytest.raises(FormulaError, match="disagree"):
            check_formula(with_tex(SPLIT, wrong))


def test_a_vector_formula_without_a_numeral_may_be_bound():
    from types import SimpleNamespace
    entry = page_entry("docs/lecture/ch03/3-5.md", r"\alpha_j")
    body = r"$$\alpha_j=\frac{\exp(e_j)}{\sum_{r}\exp(e_r)}$$"
    page = SimpleNamespace(body=body, meta={"formulas": [entry]}, line_of=lambda offset: 1)
    assert formulas.check_formulas(page, lambda i: 1) == []


def test_e_to_a_power_is_eulers_number_not_a_symbol():
    """A new author's sigmoid, 1/(1+e^{-z}), was told that its symbol e 'is given to no kernel parameter'."""
    sigmoid = {"tex": r"\frac{1}{1+e^{-z}}", "kernel": "kernels/embeddings.py::sigmoid", "args": {"x": "z"}}
    check_formula(sigmoid)
    with pytest.raises(FormulaError):   # control: the sign in the exponent dropped
        check_formula(with_tex(sigmoid, r"\frac{1}{1+e^{z}}"))
