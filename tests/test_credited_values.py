"""checker/credited_values.py: a value or list credited to a named course section stands in that section (stop 55's
read-through: adding dog to 6-7's credited vocabulary, or sending its seed's credit to §6.5, passed verify)."""
import pytest

from checker.credits import seed_text
from checker.paths import ROOT
from tests.site import check_edited

PAGE = ROOT / "docs" / "lecture" / "ch06" / "6-7.md"
pytestmark = pytest.mark.skipif(not seed_text("lecture", "6.6"), reason="the course documents are not beside the project")


def _credited(report) -> list[str]:
    return [str(e) for e in report.errors if "is credited to" in str(e)]


def test_a_word_added_to_a_credited_vocabulary_fails_and_the_vocabulary_as_written_passes(tmp_path):
    old = "river、bank 与结束符 EOS）"
    assert not _credited(check_edited(tmp_path, PAGE, old, old))
    wrong = _credited(check_edited(tmp_path, PAGE, old, "river、bank、dog 与结束符 EOS）"))
    assert len(wrong) == 1 and "'dog'" in wrong[0] and "§6.6" in wrong[0], wrong
    # the page's own descriptors inside the list (冠词, 名词, 结束符) are not compared
    assert not _credited(check_edited(tmp_path, PAGE, old, "river、bank 与终止符号 EOS）"))


def test_a_value_credited_to_a_neighbouring_section_fails(tmp_path):
    old = "固定种子 20261016（讲义 §6.6 的种子）"
    wrong = _credited(check_edited(tmp_path, PAGE, old, old.replace("§6.6", "§6.5")))
    assert len(wrong) == 1 and "20261016" in wrong[0] and "§6.5" in wrong[0], wrong


def test_a_value_after_the_credited_noun_is_read_too():
    from checker.credited_values import AFTER, BEFORE, LISTED
    assert AFTER.search("讲义 §8.4 的路线 F").group("value") == "F"
    assert BEFORE.search("取 0.5（讲义 §2.3 的阈值）").group("value") == "0.5"
    assert LISTED.search("入门文章 §11.4 的三候选例子（电影、音乐、香蕉）").group("items") == "电影、音乐、香蕉"
    # a bracket that says more than a section's noun (（讲义 §7.11 那段记录里第一个“蓝”字，从零数起）) is not read
    assert not BEFORE.search("15（讲义 §7.11 那段记录里第一个“蓝”字，从零数起）")


def test_review_88_credits_written_as_links_chinese_items_and_what_is_no_credited_value(tmp_path):
    """A credit written as a link is read (it was skipped: the prose view blanks the link's target); an item written in
    Chinese alone is compared; a method's noun (口径), a remark in brackets (本站…), a verb after the noun are not."""
    from checker.classify import prose_view
    from checker.credited_values import AFTER, BEFORE, LISTED
    old = "固定种子 20261016（讲义 §6.6 的种子）"
    wrong = _credited(check_edited(tmp_path, PAGE, old, "固定种子 20261016（讲义 [§6.5](6-5.md) 的种子）"))
    assert len(wrong) == 1 and "§6.5" in wrong[0], wrong
    assert not _credited(check_edited(tmp_path, PAGE, old, "固定种子 20261016（讲义 [§6.6](6-6.md) 的种子）"))
    old = "river、bank 与结束符 EOS）"
    wrong = _credited(check_edited(tmp_path, PAGE, old, "river、bank、小狗与结束符 EOS）"))
    assert any("'小狗'" in w for w in wrong), wrong
    from checker.credited_values import _NOT_A_VALUE_NOUN
    assert _NOT_A_VALUE_NOUN.search(BEFORE.search(prose_view("5.76（讲义 §3.12 的口径）")).group("noun"))
    assert not [m for m in LISTED.finditer(prose_view("讲义 §6.6 的词表（本站用 NumPy 重画）"))]
    assert not AFTER.search(prose_view("讲义 §4.6 的这种遮挡在 PyTorch 里"))
    assert AFTER.search(prose_view("讲义 [§8.4](../ch08/8-4.md) 的路线 F")).group("value") == "F"
