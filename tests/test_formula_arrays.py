r"""The LaTeX-to-numpy translator (checker/formula_arrays.py): one test per construct it reads, each against numpy
written out by hand, and the binding keys of checker/formulas.py that use it (shapes, index, names, let, from_result,
a result per part)."""
import math

import numpy as np
import pytest

from checker import formula_arrays as fa
from checker import formulas
from checker.formulas import FormulaError, check_formula

RNG = np.random.default_rng(0)
q, k, v = RNG.normal(size=3), RNG.normal(size=3), RNG.normal(size=3)
K, V, W = RNG.normal(size=(4, 3)), RNG.normal(size=(4, 2)), RNG.normal(size=(3, 3))
e = RNG.normal(size=4)


def ev(tex, env, indices=(), free=None, origins=None):
    part = fa.parse(tex, list(indices) + list(free or ()))[-1]
    return fa.evaluate(part.rhs, env, origins or {}, tex, free)


def close(a, b):
    assert np.allclose(a, b, rtol=1e-12, atol=1e-12), (a, b)


# --------------------------------------------------------------------------------------------- symbols and names

@pytest.mark.parametrize("tex, name", [
    (r"W_x", "W_x"), (r"h_{t-1}", "h_t-1"), (r"d_{\mathrm{ff}}", "d_ff"), (r"d_{ff}", "d_ff"), (r"\alpha", "alpha"),
    (r"\widetilde w", "widetildew"), (r"\bar\ell", "barell"), (r"c'", "c'"), (r"c^\prime", "c'"), (r"W^Q", "W^Q"),
    (r"W_r^Q", "W_r^Q"), (r"h_{\text{old}}", "h_old"), (r"\operatorname{LN}_1", "LN_1"), (r"W_Q^{(j)}", "W_Q^(j)"),
])
def test_a_symbol_is_named_by_its_letters_accents_scripts_and_primes(tex, name):
    assert fa.symbols_of(fa.parse(tex)[-1].rhs) == {name}


def test_the_mapping_name_is_the_same_however_the_name_is_braced():
    assert fa.canonical(r"d_{\text{model}}") == fa.canonical("d_{model}") == "d_model"


# --------------------------------------------------------------------------------------------- arithmetic

@pytest.mark.parametrize("tex, want", [
    (r"a+b-c", 1 + 2 - 3), (r"-a+b", 1), (r"a/b", 0.5), (r"a\div b", 0.5), (r"\frac{a}{b+c}", 0.2),
    (r"\dfrac{a}{b}", 0.5), (r"\sqrt{b+c+4}", 3.0), (r"\sqrt9", 3.0), (r"b^{c}", 8.0), (r"c^2", 9.0), (r"e^{a}", math.e),
    (r"10^{-12}", 1e-12), (r"2ab", 4.0), (r"a\cdot b", 2.0), (r"a\times b", 2.0), (r"\frac1{\sqrt{b+c+4}}", 1 / 3),
    (r".5b", 1.0), (r"\left(a+b\right)c", 9.0), (r"\big(a+b\big)\,c", 9.0), (r"|a-c|", 2.0),
])
def test_scalar_arithmetic(tex, want):
    assert math.isclose(float(ev(tex, {"a": 1.0, "b": 2.0, "c": 3.0})), want)


def test_powers_of_a_matrix_are_matrix_powers_and_minus_one_is_the_inverse():
    A = np.array([[1.0, 1.0], [0.0, 1.0]])
    close(ev(r"A^3", {"A": A}), A @ A @ A)
    close(ev(r"A^{-1}", {"A": A}), np.linalg.inv(A))
    close(ev(r"h^2", {"h": q}), q ** 2)   # a vector is squared elementwise


# --------------------------------------------------------------------------------------------- products

def test_transpose_and_juxtaposition():
    close(ev(r"q^\top k", {"q": q, "k": k}), q @ k)             # a row times a column: a number
    close(ev(r"Wq", {"W": W, "q": q}), W @ q)                    # a matrix times a vector
    close(ev(r"q^\top W", {"W": W, "q": q}), (q @ W)[None, :])  # a row times a matrix: a row
    close(ev(r"qk^\top", {"q": q, "k": k}), np.outer(q, k))      # a column times a row: an outer product
    close(ev(r"KW^\top", {"K": K, "W": W}), K @ W.T)
    close(ev(r"2q", {"q": q}), 2 * q)


def test_two_plain_vectors_side_by_side_are_an_error():
    with pytest.raises(fa.TexError, match="side by side"):
        ev(r"qk", {"q": q, "k": k})


def test_odot_is_elementwise_and_needs_equal_shapes():
    close(ev(r"q\odot k", {"q": q, "k": k}), q * k)
    with pytest.raises(fa.TexError, match="odot"):
        ev(r"q\odot e", {"q": q, "e": e})


def test_cdot_of_two_vectors_is_their_dot_product():
    close(ev(r"q\cdot k", {"q": q, "k": k}), q @ k)


def test_adding_arrays_of_different_shapes_is_an_error():
    with pytest.raises(fa.TexError, match="adding"):
        ev(r"q+e", {"q": q, "e": e})


# --------------------------------------------------------------------------------------------- functions

@pytest.mark.parametrize("tex, f", [
    (r"\exp(q)", np.exp), (r"\tanh(q)", np.tanh), (r"\sin q", np.sin), (r"\cos(q)", np.cos),
    (r"\sigma(q)", lambda x: 1 / (1 + np.exp(-x))), (r"\operatorname{ReLU}(q)", lambda x: np.maximum(x, 0)),
    (r"\operatorname{SiLU}(q)", lambda x: x / (1 + np.exp(-x))), (r"\max(0,q)", lambda x: np.maximum(0, x)),
    (r"\min(1,q)", lambda x: np.minimum(1, x)), (r"\max q", np.max),
    (r"\operatorname{softmax}(q)", lambda x: np.exp(x) / np.exp(x).sum()), (r"\operatorname{diag}(q)", np.diag),
    (r"\|q\|", np.linalg.norm), (r"\lVert q\rVert", np.linalg.norm), (r"\|q\|_2", np.linalg.norm),
])
def test_functions(tex, f):
    close(ev(tex, {"q": q}), f(q))


def test_log_of_a_positive_value_and_an_error_otherwise():
    close(ev(r"\ln\frac{a}{b}", {"a": 2.0, "b": 3.0}), math.log(2 / 3))
    with pytest.raises(fa.TexError, match="not positive"):
        ev(r"\log a", {"a": -1.0})


def test_a_function_without_parentheses_takes_the_next_factor():
    close(ev(r"\log\sigma(a)b", {"a": 0.3, "b": 2.0}), math.log(1 / (1 + math.exp(-0.3))) * 2)
    close(ev(r"\log\sum_j\exp(e_j)", {"e": e}), np.log(np.exp(e).sum()))


def test_softmax_of_a_matrix_is_taken_row_by_row():
    S = K @ K.T
    close(ev(r"\operatorname{softmax}_{key}(S)", {"S": S}), np.exp(S) / np.exp(S).sum(axis=1, keepdims=True))


def test_softmax_over_an_index():
    a, b = RNG.normal(size=3), RNG.normal(size=3)
    scores = a @ q + K @ b
    close(ev(r"\operatorname{softmax}_j(a^\top q+b^\top k_j)", {"a": a, "q": q, "b": b, "k": K}),
          np.exp(scores) / np.exp(scores).sum())


# --------------------------------------------------------------------------------------------- indices and sums

def test_sum_with_and_without_bounds():
    close(ev(r"\sum_j\alpha_jv_j", {"alpha": e, "v": V}), e @ V)
    close(ev(r"\sum_{r=1}^{n}e_r", {"e": e, "n": 3}), e[:3].sum())
    close(ev(r"\frac{1}{N}\sum_{t=1}^{N}-\ln p_t", {"p": np.array([0.5, 0.25]), "N": 2}), -np.log([0.5, 0.25]).mean())


def test_the_body_of_a_sum_is_the_product_that_follows():
    close(ev(r"\sum_j e_j+1", {"e": e}), e.sum() + 1)


def test_a_sum_below_a_bound_and_with_a_condition():
    close(ev(r"\sum_{i<t}e_i", {"e": e, "t": 3}), e[:2].sum())
    C = np.array([[0.0, 2.0], [3.0, 0.0]])
    close(ev(r"\sum_{i,j:\,C_{ij}>0}\log C_{ij}", {"C": C}), math.log(6))


def test_product_and_max_over_an_index():
    close(ev(r"\prod_{t=1}^{T}p_t", {"p": np.array([0.5, 0.2, 0.1]), "T": 3}), 0.01)
    close(ev(r"\max_j e_j", {"e": e}), e.max())


def test_index_subscripts_offsets_nested_commas_and_slices():
    M = RNG.normal(size=(4, 3))
    close(ev(r"\sum_{t=2}^{4}e_{t-1}", {"e": e}), e[:3].sum())
    close(ev(r"\sum_j u_{n_j}^\top v", {"u_n": K, "v": q}), (K @ q).sum())   # u_{n_j}: row j of u_n
    close(ev(r"\sum_i\sum_j M_{ij}", {"M": M}), M.sum())
    close(ev(r"\sum_l M_{:,l}", {"M": M}), M.sum(axis=1))
    close(ev(r"e_j", {"e": e}, free={"j": None}), e)                         # a free index makes an array


def test_an_index_is_also_a_number_and_indices_count_from_one_or_from_zero():
    close(ev(r"\sum_{r=1}^{3}r", {}), 6)
    close(ev(r"h_{t-1}", {"h": np.arange(5.0)}, free={"t": range(1, 5)}, origins={"h": 0}), np.arange(4.0))


def test_indicator_scalar_and_elementwise():
    close(ev(r"p_j-\mathbb 1[j=y]", {"p": e, "y": 2}, indices=["y"], free={"j": None}), e - (np.arange(4) == 1))
    M = np.array([[0.0, -np.inf], [0.0, 0.0]])
    close(ev(r"\mathbb 1[M=0]", {"M": M}), [[1, 0], [1, 1]])


def test_cases_concatenation_matrices_and_an_index_after_a_group():
    bp = r"\begin{cases}1, & c>r,\\ e^{1-r/c}, & 0<c\le r.\end{cases}"
    assert float(ev(bp, {"c": 5, "r": 4})) == 1.0
    close(ev(bp, {"c": 4, "r": 5}), math.exp(1 - 5 / 4))
    close(ev(r"[q;k]", {"q": q, "k": k}), np.concatenate([q, k]))
    close(ev(r"[K;q]", {"K": K, "q": q}), np.vstack([K, q]))
    close(ev(r"\begin{bmatrix}\cos a&-\sin a\\\sin a&\cos a\end{bmatrix}", {"a": 0.3}),
          [[math.cos(0.3), -math.sin(0.3)], [math.sin(0.3), math.cos(0.3)]])
    close(ev(r"\operatorname{softmax}(z)_i", {"z": e}, free={"i": None}), np.exp(e) / np.exp(e).sum())


def test_a_symbol_applied_to_arguments_calls_a_function_and_multiplies_an_array():
    f = fa.Function(lambda x: 2 * x)
    close(ev(r"F(q)+q", {"F": f, "q": q}), 3 * q)
    close(ev(r"W(q\odot k)", {"W": W, "q": q, "k": k}), W @ (q * k))
    kl = fa.Function(lambda a, b: float(a @ np.log(a / b)))
    p1, p2 = np.array([0.2, 0.8]), np.array([0.5, 0.5])
    close(ev(r"\mathrm{KL}(p\|r)", {"KL": kl, "p": p1, "r": p2}), p1 @ np.log(p1 / p2))


def test_what_the_translator_does_not_read_is_an_error_that_names_it():
    for tex in (r"x_1,\cdots,x_n", r"x\in\mathbb R^d", r"\int_0^1 x\,dx", r"\sqrt[3]{x}"):
        with pytest.raises(fa.TexError):
            ev(tex, {"x": 1.0})


# --------------------------------------------------------------------------------------------- definitions

def test_parts_separated_by_quad_are_definitions_and_the_last_side_is_read():
    parts = fa.parse(r"\mathrm{PPL}=\exp(\bar\ell)=\exp(a),\qquad b=a+1,\quad \operatorname{SiLU}(x)=x\sigma(x).")
    assert [p.lhs_text for p in parts] == ["PPL", "b", "SiLU(x)"]
    assert parts[2].name == "SiLU" and parts[2].params == ["x"]


def test_a_function_the_formula_defines_overrides_a_built_in():
    tex = r"g=\operatorname{SiLU}(a),\quad \operatorname{SiLU}(a)=a\,\sigma(-a)"   # a wrong SiLU is read as written
    parts = fa.parse(tex)
    assert parts[0].rhs[0] == "apply"


# --------------------------------------------------------------------------------------------- bindings

def kernel(monkeypatch, fn):
    monkeypatch.setattr(formulas, "resolve_kernel", lambda spec: fn)


def test_a_vector_formula_is_checked_at_random_arrays(monkeypatch):
    kernel(monkeypatch, lambda logits: np.exp(logits) / np.exp(logits).sum())
    entry = {"tex": r"\alpha_j=\frac{\exp(e_j)}{\sum_r\exp(e_r)}", "kernel": "kernels/x.py::f",
             "args": {"logits": "e"}, "shapes": {"e": "n"}, "index": ["j"]}
    check_formula(entry)
    for wrong in (r"\alpha_j=\frac{\exp(e_j)}{\sum_r\exp(e_j)}", r"\alpha_j=\frac{\exp(-e_j)}{\sum_r\exp(-e_r)}",
                  r"\alpha_j=\frac{e_j}{\sum_re_r}"):
        with pytest.raises(FormulaError):
            check_formula({**entry, "tex": wrong})


def test_every_symbol_is_mapped_and_every_mapped_symbol_occurs(monkeypatch):
    kernel(monkeypatch, lambda x, y: x + y)
    entry = {"tex": r"a+b", "kernel": "kernels/x.py::f", "args": {"x": "a", "y": "b"}, "shapes": {"a": "n", "b": "n"}}
    check_formula(entry)
    with pytest.raises(FormulaError, match="args use b"):
        check_formula({**entry, "tex": "a+a"})
    with pytest.raises(FormulaError, match="given to no kernel parameter"):
        check_formula({**entry, "tex": "a+b+c"})


def test_names_replace_a_fragment_that_must_occur(monkeypatch):
    kernel(monkeypatch, lambda p: float(-np.log(p).sum()))
    entry = {"tex": r"L=-\sum_t\log p(x_t\mid x_{<t})", "kernel": "kernels/x.py::f", "args": {"p": "p"},
             "shapes": {"p": "T prob"}, "names": {r"p(x_t\mid x_{<t})": "p_t"}}
    check_formula(entry)
    with pytest.raises(FormulaError, match="does not occur"):
        check_formula({**entry, "tex": r"L=-\sum_t\log p(x_{t+1}\mid x_{<t})"})


def test_a_chain_compares_each_named_part_with_its_field(monkeypatch):
    class Out:
        def __init__(self, c, h):
            self.c, self.h = c, h
    kernel(monkeypatch, lambda c_prev, f, i, g, o: Out(f * c_prev + i * g, o * np.tanh(f * c_prev + i * g)))
    entry = {"tex": r"c_t=f_t\odot c_{t-1}+i_t\odot g_t,\qquad h_t=o_t\odot\tanh(c_t)", "kernel": "kernels/x.py::f",
             "args": {"c_prev": "c_{t-1}", "f": "f_t", "i": "i_t", "g": "g_t", "o": "o_t"},
             "shapes": {"c_{t-1}": "H", "f_t": "H prob", "i_t": "H prob", "g_t": "H", "o_t": "H prob"},
             "result": {"c_t": "c", "h_t": "h"}}
    check_formula(entry)
    with pytest.raises(FormulaError, match=r"\(h_t\)"):
        check_formula({**entry, "tex": r"c_t=f_t\odot c_{t-1}+i_t\odot g_t,\qquad h_t=o_t\odot\tanh(g_t)"})


def test_a_part_nothing_checks_is_an_error(monkeypatch):
    kernel(monkeypatch, lambda x: 2 * x)
    entry = {"tex": r"u=3x,\qquad y=2x", "kernel": "kernels/x.py::f", "args": {"x": "x"}, "shapes": {"x": "n"}}
    with pytest.raises(FormulaError, match="neither compared"):
        check_formula(entry)


def test_let_and_from_result_supply_what_the_formula_reads(monkeypatch):
    kernel(monkeypatch, lambda z: {"p": 1 / (1 + np.exp(-z)), "grad": 1 / (1 + np.exp(-z)) - 1})
    entry = {"tex": r"g=p-1", "kernel": "kernels/x.py::f", "args": {"z": "z"}, "shapes": {"z": "n aux"},
             "from_result": {"p": "p"}, "result": "grad"}
    check_formula(entry)
    entry = {"tex": r"g=p-1", "kernel": "kernels/x.py::f", "args": {"z": "z"}, "shapes": {"z": "n"},
             "let": {"p": r"\sigma(z)"}, "result": "grad"}
    check_formula(entry)
    with pytest.raises(FormulaError):
        check_formula({**entry, "tex": "g=p+1"})


def test_a_free_index_with_a_range_and_a_result_index(monkeypatch):
    kernel(monkeypatch, lambda n, d: np.arange(n)[:, None] * np.ones((n, d)))
    entry = {"tex": r"P(p,2r)=p", "kernel": "kernels/x.py::f", "args": {"n": "n", "d": "d"},
             "shapes": {"n": "dim", "d": "dim even"}, "index": {"p": "0..n-1", "r": "0..d/2-1"}, "result": "[:, 0::2]"}
    check_formula(entry)


def test_shapes_kinds_and_domains_are_read():
    spec = formulas._Spec("M", "mask m n")
    assert spec.kind == "mask" and spec.axes == ["m", "n"]
    env = formulas._draw(np.random.default_rng(1), {"M": spec, "p": formulas._Spec("p", "n prob"),
                                                    "y": formulas._Spec("y", "int 0..1"),
                                                    "C": formulas._Spec("C", "m n counts"),
                                                    "P": formulas._Spec("P", "n simplex")}, set())
    assert np.all(np.isin(env["M"], [0, -np.inf])) and np.all((env["M"] == 0).any(axis=1))
    assert np.all((env["p"] > 0) & (env["p"] < 1)) and env["y"] in (0, 1)
    assert np.all(env["C"] == np.round(env["C"])) and np.all((env["C"] > 0).any(axis=0))
    assert math.isclose(env["P"].sum(), 1.0)
    with pytest.raises(FormulaError, match="cannot read"):
        formulas._Spec("x", "n ?")
