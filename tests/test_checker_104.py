"""Readings added in stop 104, each with the edit that made it necessary and a control that shows the other side."""
from checker import statements
from checker.paths import ROOT
from tests.site import check_edited

LECTURE = ROOT / "docs" / "lecture"
PRIMER = ROOT / "docs" / "primer"


def _errors(tmp_path, page, old, new, needle=""):
    report = check_edited(tmp_path, page, old, new)
    return [e for e in report.errors if needle in e]


def _honest_passes_wrong_fails(tmp_path, page, old, honest, wrong, needle=""):
    """The honest edit gives no message (with `needle`), its wrong twin at least one."""
    assert not _errors(tmp_path / "honest", page, old, honest, needle)
    assert _errors(tmp_path / "wrong", page, old, wrong, needle)


# ---------------------------------------------------------------- a negated adjective is judged by its own word


def test_an_antonym_is_not_taken_for_a_negation_of_a_compound_holding_the_adjective(tmp_path):
    """lex99 n=27: 句子短时，一份定长向量也许装得下 -> 要是句子不长，一份定长向量可能足够容纳 says 短 as 不长. The pinned
    sentence's 定长 holds 长, and the antonym test once looked for 长 anywhere in it, so the rewording failed. The
    pinned word counts as negated only when the new sentence has fewer of it un-negated than the pinned one."""
    assert statements._antonym_negated(["not"], "要是句子不长，一份定长向量可能足够容纳", ["句子短时，一份定长向量也许装得下"])
    assert not statements._antonym_negated(["not"], "序列不长，一份定长向量装不下", ["序列很长，一份定长向量装不下"])
    _honest_passes_wrong_fails(tmp_path, PRIMER / "ch12" / "12-2.md", "句子短时，一份定长向量也许装得下。",
                               "要是句子不长，一份定长向量可能足够容纳。", "句子短时，一份定长向量也装不下。")


# ---------------------------------------------------------------- a heading that asks a question asserts nothing


def test_a_question_heading_reworded_passes_and_a_why_question_flipped_fails(tmp_path):
    """honest_36 H36-046 and H36-047 reworded question headings (它们没有解决什么 -> 它们还留下了哪些问题) and their lost
    negation failed. A why-question presupposes its clause: a one-for-one flip there still fails, as does a flip in a
    heading that asks nothing."""
    assert not _errors(tmp_path / "a", PRIMER / "appA" / "A-2.md", "## 它们没有解决什么", "## 它们还留下了哪些问题")
    assert not _errors(tmp_path / "b", PRIMER / "ch03" / "3-3.md", "## 为什么这比“模型不够大”更根本",
                       "## 为什么这不是换个更大的模型就能解决的")
    assert statements._question_heading_reworded(["not"], [], ["## 它们没有解决什么"], [])
    assert not statements._question_heading_reworded(["order:up"], ["order:down"], ["## 为什么 A 比 B 快"],
                                                     ["## 为什么 A 比 B 慢"])
    assert not statements._question_heading_reworded(["differ"], [], ["## 并行不等于算得少"], [])


def test_a_lost_buDengYu_fails_while_a_different_way_dropped_passes(tmp_path):
    """并行不等于算得少 -> 并行就等于算得少 kept no statement word (等于 alone is no sameness) and passed as a word left
    unsaid. 交接的不同方式 -> 两种交接方式的对比 drops a 不同 honestly and still passes that check."""
    assert _errors(tmp_path / "a", PRIMER / "ch14" / "14-4.md", "## 并行不等于算得少", "## 并行就等于算得少",
                   "differ -> nothing")
    assert not _errors(tmp_path / "b", PRIMER / "ch14" / "14-4.md", "## 并行不等于算得少", "## 并行并不意味着算得少")
    assert not _errors(tmp_path / "c", LECTURE / "ch03" / "3-2.md", "## 交接的不同方式", "## 交接方式的对比",
                       "a statement changed")
