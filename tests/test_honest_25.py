"""Readings from honest corpus 25 (written by an outsider who never saw the checker), each with its wrong twin."""
from checker.paths import ROOT
from tests.site import check_edited

PAGE_2_7 = ROOT / "docs" / "lecture" / "ch02" / "2-7.md"


def test_an_equality_a_law_gives_for_any_instance_needs_no_relation(tmp_path):
    """H25-025: 平均损失越小，PPL 也越小，按哪个排名结果都相同 states a law and what follows for any ranking; the same law
    followed by 这两个模型的 PPL 相同 states an equality of two of the page's values, which a relation must bind."""
    law = "指数函数单调递增，所以在相同的测试数据上，平均损失越小，PPL 也越小，按哪个排名结果都相同。\n\n## 手算一次"
    honest = check_edited(tmp_path / "a", PAGE_2_7, "## 手算一次", law)
    assert not honest.failed, honest.errors
    instance = "平均损失越小，PPL 也越小，所以这两个模型的 PPL 相同。\n\n## 手算一次"
    wrong = check_edited(tmp_path / "b", PAGE_2_7, "## 手算一次", instance)
    assert any("comparison '相同'" in e for e in wrong.errors), wrong.errors
