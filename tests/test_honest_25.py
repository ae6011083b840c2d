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


def test_a_credited_list_reordered_at_the_end_of_its_block_is_still_found():
    """H25-023: 9-1's credited 仍要看任务、优化、模型容量和训练分布, its items reordered at the end of a long list item, was
    reported gone: the any-order windows stepped past the block's last characters. A block without them stays 0."""
    from checker.credits import _kept_nearby
    says = "仍要看任务、优化、模型容量和训练分布"
    block = "- " + "门控让保留与改写都成为可学的动作，" * 8 + "训练出的模型能否把它用好，仍要看训练分布、模型容量、优化和任务。"
    for lead in range(20):   # wherever the windows' steps fall against the block's end
        assert _kept_nearby(says, "x" * lead + block) >= 0.6, lead
    assert _kept_nearby(says, "- " + "门控让保留与改写都成为可学的动作，" * 8 + "这一点要在实验里检验。") < 0.6


def test_two_holes_share_one_printed_number_only_where_the_sentence_prints_fewer():
    """The whole-site mutation test: 14-3's 先让词表翻倍、再让维度也翻倍 (two holes of one key) with 翻倍 -> 减半 passed,
    both holes taking the 翻倍 left. Sharing is a number said once for two (7-17's 142), not one changed."""
    from checker.relocation import _another_number_beside_a_shared_one as another
    wrong = "先让词表减半、再让维度也翻倍代成具体的数"
    at = wrong.index("翻倍")
    assert another(wrong, (0, len(wrong)), [(at, at + 2), (at, at + 2)], "先让词表翻倍、再让维度也翻倍代成具体的数")
    merged = "原文和移动版里都从位置142开始"
    at = merged.index("142")
    assert not another(merged, (0, len(merged)), [(at, at + 3), (at, at + 3)], "在原文里从位置142开始，在移动版里也从位置142开始")
    assert not another(wrong, (0, len(wrong)), [(4, 6), (at, at + 2)], "")   # no shared place: nothing to ask
