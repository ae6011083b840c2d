"""Readings added in stop 101, each with the edit that made it necessary and a control that shows the other side."""
from checker import arrangements, directions, math_in_prose, statements
from checker.paths import ROOT
from tests.site import check_edited

LECTURE = ROOT / "docs" / "lecture"
PRIMER = ROOT / "docs" / "primer"


def _errors(tmp_path, page, old, new, needle=""):
    report = check_edited(tmp_path, page, old, new)
    return [e for e in report.errors if needle in e]


# ---------------------------------------------------------------- 不止 is a comparison


def test_buzhi_before_a_count_is_more_than():
    """honest_31 H31-002: 远不止三个 -> 远多于三个 said the same thing, but 不止 was read as nothing and 多于 as an
    order, so the claim's rewording looked like a new comparison. 不止如此 and 不止一种 (not only) are no order."""
    assert statements.read_words("真实词表的候选远不止三个") == [("order:up", "不止")]
    assert statements.read_words("真实词表的候选远多于三个") == [("order:up", "多于")]
    assert statements.read_words("不止如此") == []
    assert statements.read_words("通顺的写法不止一种") == []


def test_a_rewording_of_buzhi_passes_and_its_reversal_fails(tmp_path):
    page = PRIMER / "ch11" / "11-1.md"
    old = "真实词表的候选远不止三个"
    assert not _errors(tmp_path / "a", page, old, "真实词表里的候选远多于三个")
    assert _errors(tmp_path / "b", page, old, "真实词表里的候选远少于三个")


def test_a_comparison_with_the_world_needs_no_relation(tmp_path):
    """The other side of 远不止三个 is a real vocabulary, which the page does not compute: no two of its values to
    bind. 表里的候选远不止三个 compares the page's own table and still asks for a relation."""
    assert directions.beyond_the_page("真实词表的候选远不止三个", "真实词表的候选远".__len__())
    assert not directions.beyond_the_page("表里的候选远不止三个", "表里的候选远".__len__())
    page = PRIMER / "ch11" / "11-1.md"
    old = "真实词表的候选远不止三个"
    assert _errors(tmp_path / "a", page, old, "表里的候选远不止三个", "not bound")


# ---------------------------------------------------------------- a list of labelled fields


def test_labelled_fields_keep_their_values():
    """blind_31 W31-002: 给出者：我；接收者：他 with the values exchanged read as the same four clauses."""
    assert arrangements._clauses("给出者：我；接收者：他；时间：昨天。") == ["给出者：我", "接收者：他", "时间：昨天"]
    # one colon is an introduction, not a field list: its clauses stay apart
    assert arrangements._clauses("有两点：第一，快；第二，省。") == ["有两点", "第一", "快", "第二", "省"]


def test_exchanged_field_values_fail_and_moved_fields_pass(tmp_path):
    page = LECTURE / "ch01" / "1-2.md"
    old = "- 给出者：我；接收者：他；交付物：一本书；时间：昨天。"
    assert _errors(tmp_path / "a", page, old, "- 给出者：他；接收者：我；交付物：一本书；时间：昨天。", "arrangement")
    assert not _errors(tmp_path / "b", page, old, "- 接收者：他；给出者：我；交付物：一本书；时间：昨天。")


# ---------------------------------------------------------------- CBOW's direction, granularity and cabinet roles


def test_cbow_said_the_other_way_round_fails(tmp_path):
    """blind_31 W31-005: CBOW 则把方向倒过来：用中心词的表示去预测窗口内的上下文 (the fact rule wanted 中心词预测 side by
    side)."""
    page = LECTURE / "ch01" / "1-5.md"
    old = "用窗口内上下文的表示去预测中心词"
    assert _errors(tmp_path / "a", page, old, "用中心词的表示去预测窗口内的上下文", "cbow_predicts_the_centre")
    assert not _errors(tmp_path / "b", page, old, "用窗口里上下文的表示来预测中心词")


def test_a_granularity_or_a_cabinet_swapped_fails(tmp_path):
    """blind_31 W31-008 (字符级 -> 子词级 in a description) and W31-038 (答案是蓝柜 -> 红柜)."""
    page = LECTURE / "ch01" / "1-11.md"
    old = "比较词级、字符级与字节级三种手工约定"
    assert _errors(tmp_path / "a", page, old, "比较词级、子词级与字节级三种手工约定", "role:子词级")
    assert not _errors(tmp_path / "b", page, old, "比较词级、字符级和字节级三种手工约定")
    page = LECTURE / "ch07" / "7-11.md"
    assert _errors(tmp_path / "c", page, "答案是**蓝柜**；", "答案是**红柜**；", "role:红柜")
    assert not _errors(tmp_path / "d", page, "答案是**蓝柜**；", "答案应是**蓝柜**；")


# ---------------------------------------------------------------- a formula in prose


def test_a_formula_in_a_pinned_sentence_is_pinned(tmp_path):
    """blind_31 W31-025: 缩放后的分数整体偏移到 $\\sqrt{d_k}$ 附近 -> $d_k$ 附近 kept every word and digit."""
    page = LECTURE / "ch04" / "4-4.md"
    old = r"缩放后的分数整体偏移到 $\sqrt{d_k}$ 附近"
    assert _errors(tmp_path / "a", page, old, r"缩放后的分数整体偏移到 $d_k$ 附近", "a formula changed")
    # the same formula written with braces and spaces is the same formula
    assert not _errors(tmp_path / "b", page, old, r"缩放后的分数整体偏移到 $\sqrt{ d_{k} }$ 附近", "a formula changed")


def test_formulas_compare_without_spacing():
    assert math_in_prose._same_formula(r"\sqrt{ d_{k} }") == math_in_prose._same_formula(r"\sqrt{d_k}")
    assert math_in_prose._same_formula(r"\left( x \right)") == "(x)"
    assert math_in_prose._same_formula(r"d_k") != math_in_prose._same_formula(r"\sqrt{d_k}")
