"""Readings added in stop 96 (the thirteenth session), each with its wrong twin."""
from tests.site import ROOT, check_edited

LECTURE_3_16 = ROOT / "docs/lecture/ch03/3-16.md"
OLD_3_16 = "另外两种解释（源端表示没有保留角色、读取没对准或训练不足）"


def _unclaimed(report):
    return [e for e in report.errors if "neither claimed nor cited" in e]


def test_a_count_named_in_brackets_reads_items_joined_by_the_list_mark(tmp_path):
    """Label round 96: 两种解释（A、B 或 C）, two items joined by 、 with 或 inside the second, was read as three and
    the reader had to shorten the items; three items joined by 、 under 两种 still fail."""
    assert not _unclaimed(check_edited(tmp_path, LECTURE_3_16, OLD_3_16, OLD_3_16))
    wrong = "另外两种解释（源端表示没有保留角色、读取没对准、训练不足）"
    assert _unclaimed(check_edited(tmp_path / "w", LECTURE_3_16, OLD_3_16, wrong))
