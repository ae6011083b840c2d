"""checker/coincidences.py, the reviewer's list of site-declared claims whose values the section also prints."""
from types import SimpleNamespace

from checker import coincidences
from checker.paths import ROOT


def _listed(monkeypatch, printed: str, computed: float, seed: set[tuple[float, float]]) -> list[str]:
    claim = SimpleNamespace(status="passed", kind="site_construction", computed=computed, key="k", line=3,
                            printed=printed)
    monkeypatch.setattr(coincidences, "check_page", lambda path: SimpleNamespace(claims=[claim]))
    monkeypatch.setattr(coincidences, "section_numbers", lambda source: SimpleNamespace(values=seed))
    return coincidences.coincidences(ROOT / "docs" / "primer" / "ch09" / "9-2.md")


def test_a_value_the_section_prints_as_precisely_is_listed_with_the_sections_number(monkeypatch):
    """The course's 0.11 for the site's 0.110 (one decimal place coarser) is a coincidence to read; the line names
    the number the section prints, not 'prints it'."""
    found = _listed(monkeypatch, "0.110", 0.1102, {(0.11, 0.005)})
    assert len(found) == 1 and found[0].endswith("prints 0.11")


def test_a_coarser_course_number_that_covers_the_value_is_not_listed(monkeypatch):
    """The new-author trial (stop 46): the primer's 0.7 at its own precision covers the site's 0.675, but the
    primer does not print 0.675; the list said 'primer §9.2 prints it'."""
    assert _listed(monkeypatch, "0.675", 0.675070, {(0.7, 0.05)}) == []
    assert _listed(monkeypatch, "0.675", 0.675070, {(0.675, 0.0005)})   # control: the section prints 0.675


def test_a_count_that_is_a_product_the_section_writes_out_is_listed(monkeypatch):
    """Stop 48's label round: primer 13-4 declared the 9 of the course's 3×3 score table the site's, and lecture 4-1
    the 81 of its 9×9 tables; the section never prints 9 or 81, it writes the product. A shape with a factor 1
    (2×1, a column vector) is no count, and a value no product gives is not listed."""
    monkeypatch.setattr(coincidences, "section_text", lambda source: "产生 3×3 的分数表；$x$ 是 2×1 的列向量")
    found = _listed(monkeypatch, "9", 9.0, set())
    assert len(found) == 1 and found[0].endswith("writes the product 3×3")
    assert _listed(monkeypatch, "2", 2.0, set()) == []    # 2×1 is a shape
    assert _listed(monkeypatch, "10", 10.0, set()) == []  # control: no product gives 10
    assert coincidences.products(r"$100\times100$ 个") == {10000.0: "100×100"}


def test_a_site_count_equal_to_a_quoted_examples_length_is_listed():
    """Label rounds 50 and 51 found counts read off the course's printed examples declared the site's (1-7's five
    tokens of “I gave her a book”, primer 2-4's four characters of “镜头惊艳”): the reviewer's list now names the quoted
    string a count equals, by characters and by words."""
    from checker.coincidences import printed_lengths
    found = printed_lengths("例如新评论是“镜头惊艳”，英文是“I gave her a book”。")
    assert "镜头惊艳" in found[4] and "I gave her a book" in found[5]
    assert 7 not in found


def test_the_listing_takes_help_and_names_a_missing_page_in_one_line(capsys):
    """Label round 57: `python -m checker.coincidences --help` opened a file named --help and crashed."""
    import pytest as _pytest
    from checker.coincidences import main
    with _pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0 and "usage:" in capsys.readouterr().out
    assert main(["docs/no/such-page.md"]) == 2
    assert capsys.readouterr().err.strip().count("\n") == 0
