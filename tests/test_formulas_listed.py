"""A new formula is asked for at its page (checker/pipeline.py::check_formulas_are_listed), not first by the
whole-site inventory test."""
import textwrap

from checker import formula_inventory, pipeline
from checker.pipeline import check_page

PAGE = """\
    ---
    id: test.formulas
    title: t
    source: lecture §3.16
    evidence: [construction]
    verify: verify/lecture/ch03_search.py::candidate_scores
    claims:
      - 'her 得分 ${her}$'
    ---

    # 分数

    her 得分 $-6.4$。

    $$p=\\frac{e^{z}}{\\sum_j e^{z_j}}$$
    """


def _page(tmp_path, monkeypatch, listed: frozenset):
    docs = tmp_path / "docs"
    docs.mkdir()
    path = docs / "p.md"
    path.write_text(textwrap.dedent(PAGE), encoding="utf-8")
    monkeypatch.setattr(pipeline, "DOCS", docs)
    monkeypatch.setattr(formula_inventory, "ROOT", tmp_path)
    monkeypatch.setattr(pipeline, "_inventory_keys", lambda: listed)
    # the inventory's entries for the page: as --write records them now, unless a test says otherwise
    monkeypatch.setattr(pipeline, "_inventory_entries", lambda: tuple(formula_inventory.formulas_of(path)))
    return path


def test_a_formula_missing_from_the_inventory_fails_at_its_line(tmp_path, monkeypatch):
    errors = check_page(_page(tmp_path, monkeypatch, frozenset())).errors
    found = [e for e in errors if "formulas_inventory.yaml" in e]
    assert len(found) == 1 and found[0].startswith(f"{tmp_path / 'docs' / 'p.md'}:15: formula $p=")


def test_a_listed_formula_passes(tmp_path, monkeypatch):
    tex = formula_inventory.squeeze(r"p=\frac{e^{z}}{\sum_j e^{z_j}}")
    errors = check_page(_page(tmp_path, monkeypatch, frozenset({("docs/p.md", tex)}))).errors
    assert not [e for e in errors if "formulas_inventory.yaml" in e]


def test_a_formula_that_went_away_says_to_rewrite_the_inventory(tmp_path, monkeypatch):
    """A formula removed from a page used to turn only the whole-site test red; the page's own check says it."""
    tex = "p=\\frac{e^{z}}{\\sum_j e^{z_j}}"
    path = _page(tmp_path, monkeypatch, frozenset({("docs/p.md", formula_inventory.squeeze(tex))}))
    assert not [e for e in check_page(path).errors if "formulas_inventory" in e]   # recorded as it stands
    recorded = tuple(formula_inventory.formulas_of(path))
    gone = recorded + (dict(recorded[0], tex="q=1-p"),)   # the inventory still lists a formula the page dropped
    monkeypatch.setattr(pipeline, "_inventory_entries", lambda: gone)
    [error] = [e for e in check_page(path).errors if "formulas_inventory" in e]
    assert "lists one it no longer has (2 listed, 1 on the page)" in error and "--write" in error


def test_a_bound_formula_not_listed_yet_is_not_stale(tmp_path, monkeypatch):
    """A new page (the scaffold's) binds its formula before the inventory is rewritten: no message until --write."""
    path = _page(tmp_path, monkeypatch, frozenset())
    text = path.read_text(encoding="utf-8").replace(
        "claims:\n", "formulas:\n  - tex: 'p=\\frac{e^{z}}{\\sum_j e^{z_j}}'\n    kernel: kernels/probability.py::softmax\n"
                     "claims:\n", 1)
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(pipeline, "_inventory_entries", lambda: ())
    assert not [e for e in check_page(path).errors if "formulas_inventory" in e]


SOFTMAX = r"p_j=\frac{\exp(z_j)}{\sum_{k}\exp(z_k)}"
BINDING = ("    formulas:\n      - tex: '" + SOFTMAX + "'\n        kernel: kernels/probability.py::softmax\n"
           "        index: [j]\n        args: {logits: z}\n")


def test_a_bound_formula_the_inventory_does_not_list_yet_gets_a_note(tmp_path, monkeypatch):
    """This stop's new author bound three formulas on a new page: verify passed and only the whole-site test said the
    inventory was stale. The page's check now says so in a note (a bound formula needs no hand-written status)."""
    bound = PAGE.replace("    ---\n\n    # 分数", BINDING + "    ---\n\n    # 分数").replace(
        "$$p=\\frac{e^{z}}{\\sum_j e^{z_j}}$$", "$$" + SOFTMAX + "$$")
    path = _page(tmp_path, monkeypatch, frozenset())
    path.write_text(textwrap.dedent(bound), encoding="utf-8")
    report = check_page(path)
    assert not [e for e in report.errors if "formulas_inventory" in e], report.errors
    assert any("bound formula(s) of this page are not in" in n for n in report.notes), report.notes
    tex = formula_inventory.squeeze(SOFTMAX)
    monkeypatch.setattr(pipeline, "_inventory_keys", lambda: frozenset({("docs/p.md", tex)}))
    assert not any("bound formula(s)" in n for n in check_page(path).notes)
