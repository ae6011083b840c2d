"""checker/authors.py: authors named with a year are the authors of a bibliography entry of that year."""
from checker import authors
from checker.paths import ROOT
from tests.site import check_edited


def test_authors_and_year_agree_with_the_bibliography():
    assert authors.problems("Hochreiter 和 Schmidhuber 的 LSTM 论文发表于 1997 年") == []
    assert authors.problems("Jain 与 Wallace 的论文（2019 年发表于 NAACL）") == []
    assert authors.problems("Sutskever 与 Bahdanau 的 2014 年论文") == []          # one paper each
    assert authors.problems("Bahdanau、Cho、Bengio 在神经机器翻译里提出了这种做法") == []   # no year: co-authors
    # blind corpus 14 (W14-049) and 12 (W12-052): the names or the year changed
    assert "hochreiter1997lstm" in authors.problems("Cho 和 Bengio 的 LSTM 论文发表于 1997 年")[0][1]
    assert authors.problems("Jain 与 Wallace 的论文（2017 年发表于 NAACL）")
    assert authors.problems("Bahdanau、Sutskever、Bengio 提出了这种做法")                # not co-authors
    assert authors.problems("Luong、Pham、Manning 提出了这种做法") == []                 # names it does not know


def test_a_page_whose_authors_change_fails_on_the_bibliography_not_the_pin(tmp_path):
    """The check reads the bibliography, not the pin: W14-049 survived `make pin`."""
    page = ROOT / "docs" / "primer" / "appA" / "A-5.md"
    old = "Hochreiter 和 Schmidhuber 1997 年的论文"
    errors = check_edited(tmp_path, page, old, "Cho 和 Bengio 1997 年的论文").errors
    assert any("no entry of checker/data/bibliography.bib has Cho、Bengio as authors in 1997" in e for e in errors)


def test_a_paper_sent_to_at_a_location_is_one_the_page_lists():
    """blind_wrong_20 W20-048: 2-13's '可以读 Cho 等人 2014 年论文的 §2.3' became 'Hochreiter 与 Schmidhuber 1997 年论文的
    §2.3'; both are in the bibliography, but the page lists only Cho 2014. A sentence that sends the reader to a location
    of a paper by authors and year names a paper the page's sources list."""
    from checker.authors import problems
    text = "想了解早期的门控单元，可以读 Hochreiter 与 Schmidhuber 1997 年论文的 §2.3。"
    [(_, message)] = problems(text, frozenset({"cho2014gru"}))
    assert "do not list hochreiter1997lstm" in message, message
    assert problems(text, frozenset({"hochreiter1997lstm"})) == []
    assert problems(text.replace("的 §2.3", ""), frozenset({"cho2014gru"})) == problems(text, None) == []
