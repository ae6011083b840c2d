"""Readings added in stop 107, each with the honest edit that made it necessary (honest_61 and new-author trial 48,
read at the last stop; the corpora of this stop) and a wrong twin that still fails: the honest edit gives no message
at all, the wrong one the message named."""
from checker.paths import ROOT
from tests.site import honest_passes_wrong_fails

LECTURE = ROOT / "docs" / "lecture"
PRIMER = ROOT / "docs" / "primer"


def _each(tmp_path, cases):
    """(page, old, honest, wrong, what the wrong one's message says) for each case: the honest edit is silent."""
    for n, (page, old, honest, wrong, wrong_needle) in enumerate(cases):
        honest_passes_wrong_fails(tmp_path / str(n), page, old, honest, wrong, "", wrong_needle)


# ---------------------------------------------------------------- counts


def test_a_count_kept_from_the_reviewed_sentence(tmp_path):
    """H61-016: 两边的测试集 … 二者的下标 reworded as 两个测试集 … 这两个下标 says the pinned sentence's count of the
    same thing; 三个测试集 counts what the pinned sentence did not."""
    old = "下标只是各自测试集里的位置，两边的测试集不是同一批序列，所以二者的下标不能互相比较。"
    _each(tmp_path, [
        (LECTURE / "ch03" / "3-12.md", old,
         "两边的下标只标明样本在各自测试集里的位置，而两个测试集并非同一批序列，因此这两个下标无法互相比较。",
         "两边的下标只标明样本在各自测试集里的位置，而三个测试集并非同一批序列，因此这两个下标无法互相比较。",
         "number '三个'"),
    ])


def test_a_pointer_count_said_without_its_pointer(tmp_path):
    """H61-022: 这两个头面对… -> 两个头读的是…: the count stays, its 这 goes; 三个头 is another count."""
    _each(tmp_path, [
        (LECTURE / "ch04" / "4-8.md", "这两个头面对的是同样的三行输入，只是投影不一样，于是权重和输出也不一样。",
         "两个头读的是同一组三行输入，差别只在投影，权重和输出也就随之不同。",
         "三个头读的是同一组三行输入，差别只在投影，权重和输出也就随之不同。", ""),
    ])


def test_totals_with_a_unit_counted_after_them(tmp_path):
    """Trial 48: …是 512 MiB，…是 1 GiB：…两个总数… counts the numbers printed with a unit before it (the lengths
    beside them are no totals); 三个结果 after two is wrong."""
    _each(tmp_path, [
        (LECTURE / "ch07" / "7-4.md", "算出来是 536870912 字节，也就是 512 MiB。",
         "算出来是 536870912 字节，也就是 512 MiB。两个结果只是单位不同。",
         "算出来是 536870912 字节，也就是 512 MiB。三个结果只是单位不同。", "number '三个'"),
    ])


def test_subjects_joined_by_he_counted_after_shi(tmp_path):
    """Trial 49: 用哪一种归一化，和归一化放在块里的什么位置，是两个分开的选择 counts the two clauses joined by ，和;
    三个 after the same two fails."""
    old = "可见即使分支毫无贡献，二者也已经是不同的前向系统。"
    _each(tmp_path, [
        (LECTURE / "ch05" / "5-8.md", old, old + "用哪一种归一化，和归一化放在块里的什么位置，是两个分开的选择。",
         old + "用哪一种归一化，和归一化放在块里的什么位置，是三个分开的选择。", "number '三个'"),
    ])


def test_a_title_that_pairs_two_names_before_a_question():
    """Trial 49: # LayerNorm 与 RMSNorm 差在哪里 pairs two names as # LayerNorm 与 RMSNorm： does; a third name joined
    on is no pair, nor is a count other than two."""
    from checker import counts
    assert counts.pair_of_the_title("# LayerNorm 与 RMSNorm 差在哪里\n\n正文", 2) == 2
    assert counts.pair_of_the_title("# LayerNorm 与 RMSNorm：对照\n", 2) == 2
    assert counts.pair_of_the_title("# LayerNorm 与 RMSNorm 差在哪里\n", 3) is None
    assert counts.pair_of_the_title("# LayerNorm 与 RMSNorm 和 BatchNorm\n", 2) is None
    assert counts.pair_of_the_title("# LayerNorm、RMSNorm 与 BatchNorm\n", 2) is None


def test_a_description_count_the_body_says_in_other_words():
    """Trial 49: 两种结果 in the description of a page whose heading pairs two names, and 一个四维向量 where the body
    claims a vector of four entries; 三种 and 五维 are counts the body does not give."""
    from checker import classify
    from checker.pipeline import _summary_count_of_the_body
    body = "# LayerNorm 与 RMSNorm 差在哪里\n\n取 $x=(3,1,-1,5)$。\n"
    text = "并用一个四维向量把两种结果都算出来；五维向量与三种结果不是本页的。"
    said = {t.text: _summary_count_of_the_body(t, text, body, {4}) for t in classify.numbers_in(text)}
    assert said == {"一个": False, "四维": True, "两种": True, "五维": False, "三种": False}, said


# ---------------------------------------------------------------- statement words and names


def test_a_need_said_as_a_noun_then_as_a_must(tmp_path):
    """H63-017: 不是显存的必需量 -> 不是显存非占不可的数量: 必需 said the need that 非…不可 reads as 'must'; the
    negation dropped still fails."""
    _each(tmp_path, [
        (PRIMER / "ch14" / "14-2.md", "它也不是显存的必需量。", "它也不是显存非占不可的数量。", "它也是显存非占不可的数量。",
         "statement changed"),
    ])


def test_a_slashed_pair_of_names_said_apart(tmp_path):
    """H63-008: BOS/EOS -> BOS 和 EOS names the same two terms; BOS 和 PAD names another."""
    old = "BOS/EOS 只是课程为了把边界标清楚而加的记号；"
    _each(tmp_path, [
        (LECTURE / "ch05" / "5-2.md", old, "BOS 和 EOS 不过是课程为标清边界而添上的记号；",
         "BOS 和 PAD 不过是课程为标清边界而添上的记号；", "named term changed"),
    ])


# ---------------------------------------------------------------- credits


def test_a_credited_sentence_reworded_in_place_keeps_its_credit():
    """H64-005: the sentence holding a credit's words reworded in place, keeping some of them (词…大小) beside the
    same credit, keeps the entry; rewritten to say something else in their place, it asks to update or remove it."""
    import dataclasses

    from checker import credits
    from checker.page import read_page
    page = read_page(PRIMER / "ch02" / "2-3.md")
    old = "入门文章的结论是：词与词之间不存在谁大谁小，按数值去解读编号就错了"
    assert old in page.body

    def errors(new: str) -> list:
        return credits.page_errors(dataclasses.replace(page, body=page.body.replace(old, new, 1)))
    assert errors(old) == []
    assert errors("入门文章由此得出结论：词并没有大小之分，把编号当成数值来理解是错误的") == []
    assert any("no longer on the page" in m for _, m in errors("入门文章的结论是：按数值去解读编号没有问题"))


def test_one_hedge_over_two_alternatives_joined_by_or(tmp_path):
    """H65-023: 词数可能比中文多，也可能比中文少 -> 词数也可能比中文多或比中文少: one 可能 over 或 hedges both; the
    hedge dropped from the other clause (词序与中文不同) still fails."""
    old = "英文译文的词数可能比中文多，也可能比中文少，词序也可能不同"
    _each(tmp_path, [
        (PRIMER / "ch12" / "12-1.md", old, "英文译文的词序可能与中文不同，词数也可能比中文多或比中文少",
         "英文译文的词序与中文不同，词数也可能比中文多或比中文少", "statement changed"),
    ])


def test_an_addition_denied_with_another_verb(tmp_path):
    """H66-010: 没有增加任何源信息 -> 没有给源端添加任何信息: the increase still denied; 给源端添加了信息 drops the
    denial."""
    old = "反转没有增加任何源信息，目标句也没有倒过来写。"
    _each(tmp_path, [
        (LECTURE / "ch03" / "3-8.md", old, "反转既没有给源端添加任何信息，也没有把目标句倒过来写。",
         "反转给源端添加了信息，目标句也没有倒过来写。", "statement changed"),
    ])


def test_an_absence_whose_owner_moved_to_the_other_clause(tmp_path):
    """H66-018: 那次运行的结果表没有收进讲义读本，所以… -> 本站不转述那次运行的准确率，因为它的结果表没有收进讲义读本:
    the same denial of the same run's table; said of the course's results instead, it is another claim."""
    old = "那次运行的结果表没有收进讲义读本，所以本站不转述它的准确率。"
    _each(tmp_path, [
        (LECTURE / "ch06" / "6-4.md", old, "本站不转述那次运行的准确率，因为它的结果表没有收进讲义读本。",
         "本站不转述那次运行的准确率，因为课程的结果表没有收进讲义读本。", "absences"),
    ])


# ---------------------------------------------------------------- relations


def test_a_ratio_stated_with_a_constant_in_math_is_bound(tmp_path):
    """W44-013: “看”的概率也恰好是“吃”的 $e$ 倍 added beside the bound sentence about 买 (the ratio is e²): a multiple
    given by $e$ is a value and stands in a relation's text; the page's own bound sentence passes, and so does the
    same multiple in a sentence that says it states a general rule."""
    from tests.site import edit_errors
    page = PRIMER / "ch07" / "7-3.md"
    old = "“看”比“买”高一分，概率恰好是“买”的 $e$ 倍。"
    assert edit_errors(tmp_path / "wrong", page, old, old + "同理，“看”的概率也恰好是“吃”的 $e$ 倍。", "states a ratio")
    assert not edit_errors(tmp_path / "general", page, old, old + "一般地，高一分的候选，概率总是低一分的 $e$ 倍。",
                           "states a ratio")
