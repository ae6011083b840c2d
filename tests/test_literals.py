"""Results are computed, inputs are declared (checker/literals.py)."""
import textwrap

from checker.literals import literal_keys

MODULE = '''
import math

import numpy as np

LR = 0.1
BASE = np.array([1.0, 0.0])
SCORES = (-6.4, -8.2)
N_A, N_B = 10, 20          # the new-author trial (stop 48): two inputs written out on one line
PAIR_NAME, PAIR = "p", math.exp(1.0)   # control: a computed value bound in a tuple is not written out


def computed():
    return {"ppl": math.exp(0.924), "lr": LR}


def copied():
    return {"ppl": 2.5198, "scores": SCORES, "pair": [1, -2]}


def built():
    out = {}
    out["lr"] = LR
    out["ppl"] = math.exp(0.924)
    step = -LR
    return {**out, "step": step}


def updated():
    # the new-author trial (stop 46) built its result as out = {...}; out.update(...); return out, and its module
    # constants were read as computed ("declares 'alpha' an input but computes it")
    out = {"alpha": LR, "ppl": math.exp(0.924)}
    out.update({"scores": SCORES}, pair=[1, -2], root=math.sqrt(2.0))
    other = {"not_returned": 3.0}
    other.update(also_not=4.0)
    return out


def unpacked():
    return {"n_a": N_A, "n_b": N_B, "pair": PAIR}


SIZES = {"layers": 24, "heads": 16, "bytes": 2}


def spread():
    # the third new-author trial (stop 50): inputs written out in a module dict and returned as {**m, …} or read
    # as SIZES["layers"] were "not written out"; a copied result so written passed as computed (8 verify functions)
    m = SIZES
    layers = m["layers"]
    return {**m, "depth": layers, "total": layers * m["heads"], "copied": SIZES["bytes"]}


def wrapped():
    # a written-out array stays written out inside np.array, .tolist() or float() (the new author's BASE_PAIR,
    # and a copied result returned as np.array([0.731, 0.269]) that passed unnoticed before)
    return {"base": BASE, "listed": BASE.tolist(), "probs": np.array([0.731, 0.269]), "one": float(1),
            "softmax": np.exp(BASE) / np.exp(BASE).sum()}


TAUS = {"a": 0.25, "b": 0.5}


def tabled():
    # new-author trial 15: temperatures kept as a module dict and returned as dict(TAUS) were "not written out", so
    # the author could not declare them inputs; a dict of computed values stays computed
    return {"tau": dict(TAUS), "nested": {"x": 1.0, "y": 2.0}, "mixed": {"x": math.exp(1.0), "y": 2.0},
            "keywords": dict(her=0.731, him=0.269), "more": dict(TAUS, c=0.1), "computed": dict(TAUS, c=math.exp(1.0))}


def counted():
    # new-author trial 53: a wrapper counts the model's calls in a table that starts at 0; the count is computed
    calls = {"greedy": 0}
    fixed = {"width": 2}

    def model(prefix):
        calls["greedy"] += 1
        return prefix

    for prefix in ("", "A"):
        model(prefix)
    total = 0
    for v in (1.0, 2.0):
        total += v
    return {"calls": calls["greedy"], "total": total, "width": fixed["width"], "freqs": list(TAUS.values()),
            "computed_freqs": [math.exp(v) for v in TAUS.values()]}
'''


def test_written_out_numbers_are_found(tmp_path, monkeypatch):
    (tmp_path / "literal_examples.py").write_text(textwrap.dedent(MODULE), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import literal_examples as m
    assert literal_keys(m.computed) == {"lr"}
    assert literal_keys(m.copied) == {"ppl", "scores", "pair"}
    assert literal_keys(m.built) == {"lr", "step"}   # a subscript assignment, and a local bound to -LR
    assert literal_keys(m.wrapped) == {"base", "listed", "probs", "one"}
    assert literal_keys(m.updated) == {"alpha", "scores", "pair"}   # a dict that is not returned is not read
    assert literal_keys(m.unpacked) == {"n_a", "n_b"}   # tuple assignment, each name its own value; exp is computed
    assert literal_keys(m.spread) == {"layers", "heads", "bytes", "depth", "copied"}   # a product is computed
    assert literal_keys(m.tabled) == {"tau", "nested", "keywords", "more"}   # review 77: keywords read one by one
    # a table changed as the function runs holds what it counted; the values of a table written out are written out
    assert literal_keys(m.counted) == {"width", "freqs"}


def test_an_undeclared_written_out_value_fails_the_page(tmp_path, monkeypatch):
    """candidate_scores gives her = -6.4 and him = -8.2 as the course's inputs (@inputs); without the declaration
    the page's claims of them are refused, and a declared key that is computed is refused too."""
    from checker.pipeline import check_page
    from verify.lecture import ch03_search
    from checker.paths import ROOT
    page = ROOT / "docs/lecture/ch03/3-16.md"
    assert not check_page(page).errors
    monkeypatch.setattr(ch03_search.candidate_scores, "input_keys", frozenset({"him"}))
    errors = check_page(page).errors
    assert any("{her}" in e and "written out in the code" in e and "@inputs('her')" in e for e in errors), errors
    monkeypatch.setattr(ch03_search.candidate_scores, "input_keys", frozenset({"her", "him", "gap"}))
    errors = check_page(page).errors
    assert any("declares 'gap' an input" in e for e in errors), errors




def test_a_constant_imported_from_another_verify_module_is_written_out(tmp_path, monkeypatch):
    """New-author trial 17 took lecture §1.3's table with `from verify.lecture.ch01 import TABLE_3` and declared it an
    input; the checker said the input was not written out. A constant imported from a verify module reads as it does
    there (a written-out array stays written out, a computed one stays computed); §8.4's beam width, imported from
    ch03_search, had been passing as computed."""
    from verify.lecture import ch08
    assert {"width", "narrow_width"} <= literal_keys(ch08.search_route)
    assert "total" not in literal_keys(ch08.search_route)
    source = ("from verify.lecture.ch01 import TABLE_3 as E_TABLE, TABLE_3_VOCAB\n"
              "from verify.lecture.ch04 import WQ2\n"
              "import numpy as np\n\n\n"
              "def uses():\n"
              "    return {'E': E_TABLE, 'V': len(TABLE_3_VOCAB), 'copied_head': WQ2, 'scaled': 2 * E_TABLE}\n")
    (tmp_path / "importing_examples.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importing_examples as m
    # WQ2 = WV1.copy() and WV1 is written out in ch04: still written out; a product and a len() are computed
    assert literal_keys(m.uses) == {"E", "copied_head"}
    # new-author trial 27 imported the constants inside the function: they read the same
    inside = ("import numpy as np\n\n\n"
              "def uses_inside():\n"
              "    from verify.lecture.ch01 import TABLE_3 as E_TABLE\n"
              "    return {'E': E_TABLE, 'scaled': 2 * E_TABLE}\n")
    (tmp_path / "importing_inside.py").write_text(inside, encoding="utf-8")
    import importing_inside as n
    assert literal_keys(n.uses_inside) == {"E"}


def test_two_verify_modules_importing_each_others_constants_are_read_once(tmp_path, monkeypatch):
    """Review 80: two verify modules that import each other's constants sent the reader into a RecursionError, and
    check_page died with a traceback. The module being read stops the cycle; each constant still reads as written.
    (The modules are read, not run: their source is all the reader looks at.)"""
    import ast
    import types
    from checker import literals
    modules = {}
    for name, source in (("cycle_a", "from verify.cycle_b import B_RATE\nA_RATE = 0.5\n"),
                         ("cycle_b", "from verify.cycle_a import A_RATE\nB_RATE = 0.25\n")):
        path = tmp_path / f"{name}.py"
        path.write_text(source, encoding="utf-8")
        module = types.ModuleType(f"verify.{name}")
        module.__file__ = str(path)
        modules[f"verify.{name}"] = module
    monkeypatch.setattr(literals.importlib, "import_module", lambda name: modules[name])
    literals._module_constants.cache_clear()
    try:
        constants = literals._module_constants(modules["verify.cycle_a"])
    finally:
        literals._module_constants.cache_clear()
    assert isinstance(constants["B_RATE"], ast.Constant) and constants["B_RATE"].value == 0.25
    assert constants["A_RATE"].value == 0.5
