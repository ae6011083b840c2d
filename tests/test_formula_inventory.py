"""The formula inventory (checker/data/formulas_inventory.yaml) is what checker/formula_inventory.py makes of the pages
now: every display formula and every inline formula that computes is listed, bound, notation or unbound with its
reason, and at least 90% of the computational ones are bound."""
import pytest

from checker import formula_inventory as fi


@pytest.fixture(scope="module")
def entries():
    return fi.generate()


def test_the_committed_inventory_is_what_the_pages_give_now(entries):
    committed = fi.INVENTORY.read_text(encoding="utf-8")
    assert committed == fi.dump(entries), ("checker/data/formulas_inventory.yaml is stale: run "
                                           "python -m checker.formula_inventory --write and review the diff")


def test_every_formula_is_classified_with_a_reason(entries):
    assert fi.problems(entries) == []


def test_most_computational_formulas_are_bound(entries):
    table = fi.counts(entries)
    assert table["display"]["bound_share"] >= 0.9, table
    assert table["inline"]["bound_share"] >= 0.9, table


def test_a_bound_formula_lists_the_bindings_that_check_it(entries):
    for e in entries:
        if e["status"] == "bound":
            assert e["bound"] and all(fi.squeeze(b) in fi.squeeze(e["tex"]) for b in e["bound"])


def fake(monkeypatch, found):
    monkeypatch.setattr(fi, "collect", lambda: found)


def test_a_new_formula_is_unclassified_until_someone_classifies_it(monkeypatch):
    fake(monkeypatch, [{"page": "p.md", "line": 3, "tex": r"y=\sigma(x)", "display": True, "bound": []}])
    out = fi.generate([])
    assert out[0]["status"] == "unclassified" and fi.problems(out)
    out = fi.generate([{"page": "p.md", "tex": r"y = \sigma(x)", "status": "unbound", "reason": "no kernel"}])
    assert out[0]["status"] == "unbound" and out[0]["reason"] == "no kernel" and not fi.problems(out)


def test_bound_is_never_taken_from_the_file(monkeypatch):
    fake(monkeypatch, [{"page": "p.md", "line": 3, "tex": r"y=\sigma(x)", "display": True, "bound": []}])
    out = fi.generate([{"page": "p.md", "tex": r"y=\sigma(x)", "status": "bound", "bound": [r"y=\sigma(x)"]}])
    assert out[0]["status"] == "unclassified"


def test_an_edited_formula_loses_its_classification(monkeypatch):
    fake(monkeypatch, [{"page": "p.md", "line": 3, "tex": r"y=\sigma(-x)", "display": True, "bound": []}])
    out = fi.generate([{"page": "p.md", "tex": r"y=\sigma(x)", "status": "notation", "reason": "a name"}])
    assert out[0]["status"] == "unclassified"


@pytest.mark.parametrize("tex, computes", [
    (r"h_t=\tanh(W_xx_t+W_hh_{t-1}+b)", True), (r"z=w\cdot x+b", True), (r"c=\sum_j\alpha_jv_j", True),
    (r"\theta\leftarrow\theta-\eta\,\dfrac{\partial L}{\partial\theta}", True), (r"e_j=q^\top k_j", True),
    (r"p=\sigma(0)=0.5", False),            # a worked line: its numbers are claims
    (r"u_{\text{本}}^\top v_{\text{书}}=2", False),   # a value, no symbol on the right
    (r"x_{\max}=4", False), (r"\alpha_j", False), (r"d_k=64", False),
])
def test_which_inline_formulas_are_listed(tex, computes):
    assert fi.defines_a_computation(tex) is computes


def test_a_result_line_is_classified_by_the_generator():
    """The fourth new-author trial's LN(x)≈(…) lines had to be classified by hand after --write; a line whose every
    side after = or ≈ is numbers is notation (its numbers are claims), a line that still computes there is not."""
    from checker.formula_inventory import worked_values
    assert worked_values(r"\operatorname{LN}(x)\approx(-1.069,-0.535,0,1.604)")
    assert not worked_values(r"c=\sum_j\alpha_jv_j\approx[0.7553,0.9100]")
    assert not worked_values(r"\mathrm{PPL}=\exp\Bigl(\frac{1}{N}\sum_t \ell_t\Bigr)")
