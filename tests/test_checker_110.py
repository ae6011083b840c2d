"""Readings added in stop 110, each with the honest text that made it necessary (new-author trials 57 and 58, the
corpora of rounds 19 and 20) and a wrong twin that still fails."""
from checker.paths import ROOT
from tests.site import each_silent_honest_and_failing_wrong, edit_errors, honest_passes_wrong_fails

LECTURE = ROOT / "docs" / "lecture"
PRIMER = ROOT / "docs" / "primer"


_each = each_silent_honest_and_failing_wrong


# ---------------------------------------------------------------- provenance said in the sentence


def test_a_site_number_in_a_clause_whose_subject_is_the_site_needs_no_marker(tmp_path):
    """本站在 §4.3 那一页用三条评论演示过 (new-author trial 57): the clause says whose number 三条 is, and the marker the
    checker asked for said it twice. A sentence whose subject is 本站 carries it through its clauses (the vectors
    本站 counted). The same sentence with another subject (我们), or with the site denying it did so, still needs the
    label."""
    page = PRIMER / "ch03" / "3-3.md"
    old = "〔本站构造〕本站把入门文章 §3.3 这两句都切成"
    honest_passes_wrong_fails(tmp_path / "a", page, old, "本站把入门文章 §3.3 这两句都切成",
                              "我们把入门文章 §3.3 这两句都切成", "is the site's own construction")
    assert edit_errors(tmp_path / "b", page, old, "本站没有把入门文章 §3.3 这两句都切成", "is the site's own construction")
    # the subject must open the clause or the sentence: a site mentioned inside a clause of the course does not say it
    assert edit_errors(tmp_path / "c", page, old, "入门文章 §3.3 和本站都把这两句切成", "is the site's own construction")


# ---------------------------------------------------------------- statement words


def test_which_end_a_slice_is_taken_from_is_a_statement_word(tmp_path):
    """V 用前两维 -> V 用后两维 kept every digit and passed twice (blind_52 W52-030, blind_54 W54-030): 前两维 and 后两维
    now read as the two ends of a slice. Said in other words (取的是前两维) it passes; 之后两步 and 前一个 stay position
    words, not slices."""
    old = "V 用前两维。"
    _each(tmp_path, [
        (LECTURE / "ch04" / "4-8.md", old, "V 取的是前两维。", "V 用后两维。", "a statement changed"),
    ])
    from checker import statements
    words = lambda text: [statements.bare_token(t) for t, _ in statements.read_words(text)]   # noqa: E731
    assert words("取最后两行") == ["slice:tail"] and words("头两个") == ["slice:head"]
    assert "slice:tail" not in words("之后两步") and "slice:head" not in words("前一个")
