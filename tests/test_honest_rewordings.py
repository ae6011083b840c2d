"""Rewordings from the honest corpora of stop 47 pass; the wrong edit beside each still fails (issue 31).

Each case is an edit an outsider made while keeping the page true (benchmarks/corpora/honest_14, honest_15a,
honest_15b), checked on the real page, and a control that changes what the sentence says and must still fail:
a claim's sentence that prints its value twice, a cited text reworded with the words its pinned sentence had
around it, a quote whose digit appears twice, the idiom 忽略不计, 保持原词 for 原词不动, 没写对 for 写错, a
qualifier that moves with a clause reordered, a list counted in digits, and two ordinals sharing one 第."""
import pytest

from checker import arrangements, classify, statements
from checker.paths import ROOT
from tests.site import check_edited

LECTURE = ROOT / "docs" / "lecture"


def _words(sentence: str) -> list[str]:
    return [t for _, t in statements.tokens(sentence)]


def _relocated(report) -> list[str]:
    return [n for n in report.notes if " found " in n]


def test_a_claim_whose_sentence_prints_its_value_twice_is_placed_where_the_number_was(tmp_path):
    """宽度为 1 … 只保留一个前缀: the width 1 stands as a digit and again as 一个; the digit after 宽度为 is the claim's."""
    page = LECTURE / "ch08" / "8-4.md"
    old = "宽度为 1 的 beam 只留一个前缀，就是 greedy，得到 $.210$；"
    honest = check_edited(tmp_path, page, old, "宽度为 1 的 beam 每轮只保留一个前缀，等同于 greedy，结果是 $.210$；")
    assert not honest.failed, honest.errors
    assert _relocated(honest), honest.notes
    wrong = check_edited(tmp_path, page, old, "宽度为 1 的 beam 每轮只保留一个前缀，等同于 greedy，结果是 $.225$；")
    assert wrong.failed


def test_a_cited_text_reworded_inside_its_record_box_is_found_with_the_boxes_own_words(tmp_path):
    """The pinned sentence had 〔历史记录〕 and （见上面的历史记录） around the cited text: no new words when the
    rewording keeps them. A changed number or an added negation is not the record."""
    page = LECTURE / "ch03" / "3-10.md"
    old = "〔历史记录〕讲义那次运行留下的整句失败是 39 条（"
    honest = check_edited(tmp_path, page, old, "〔历史记录〕讲义那次运行留下了 39 条整句失败（")
    assert not honest.failed, honest.errors
    for wrong in ("〔历史记录〕讲义那次运行留下了 38 条整句失败（", "〔历史记录〕讲义那次运行没有留下 39 条整句失败（"):
        assert check_edited(tmp_path, page, old, wrong).failed, wrong


def test_a_quote_that_prints_one_digit_twice_keeps_both_clauses(tmp_path):
    """10% 改成随机词，余下 10% 原词不动: the second 10% is its own clause, with its own statement word."""
    page = LECTURE / "ch05" / "5-1.md"
    old = "在这些挑中的位置上，80% 的输入改成 [MASK]，10% 改成一个随机词，余下 10% 原词不动。"
    honest = check_edited(tmp_path, page, old,
                          "这些被挑中的位置里，80% 的输入换成 [MASK]，10% 换成一个随机词，剩下 10% 保持原词。")
    assert not honest.failed, honest.errors
    wrong = check_edited(tmp_path, page, old,
                         "这些被挑中的位置里，80% 的输入换成 [MASK]，10% 换成一个随机词，剩下 10% 也换成 [MASK]。")
    assert wrong.failed


@pytest.mark.parametrize("same, other", [
    (("到解码时它的计算量也不能忽略不计。", "到解码时它的计算量也不可忽略。"), "到解码时它的计算量可以忽略不计。"),
    (("余下 10% 原词不动", "剩下 10% 保持原词"), "剩下 10% 不会保持原词"),
    (("动态模型仍有 10 条整句写错", "动态模型仍有 10 条整句没写对"), "动态模型仍有 10 条整句写对"),
    (("短项的分数不动", "短项的分数原样不动"), "短项的分数会动"),   # the new-author trial of stop 47
    # honest_20a H20a-005: 分不出哪种 asks which, a negation like 无法作出选择, not an equality (两个向量分不出 is one)
    (("只凭一个错词，无法在这些解释之间作出选择", "光看一个错词，分不出哪种解释成立"), "光看一个错词，两种解释分不出"),
    # honest_22a H22a-024: 模型得知道 (děi, must) says what 模型必须知道 says; 记得知道 is no must
    (("模型得知道每个 token 在哪儿", "所以模型必须知道每个 token 所在的位置"), "模型不必知道每个 token 在哪儿"),
    # honest_20b H20b-051: 更充分地利用 says what 更好地利用 says
    (("常常能更好地利用 GPU", "往往能更充分地利用 GPU"), "往往不能充分利用 GPU"),
])
def test_two_wordings_of_one_statement_read_the_same_and_the_opposite_does_not(same, other):
    first, second = same
    assert _words(first) == _words(second)
    assert _words(other) != _words(first)


def test_written_wrong_said_either_way_is_a_statement_a_question_asked_both_ways_is_not():
    assert _words("答得不对") == _words("答错") == ["wrong"]
    assert _words("有没有写对") == []


def test_a_claim_found_after_写错_becomes_没写对_and_not_after_it_becomes_写对(tmp_path):
    page = LECTURE / "ch03" / "3-10.md"
    old = "动态模型仍有 10 条整句写错。"
    assert not check_edited(tmp_path, page, old, "动态模型还有 10 条整句没写对。").failed
    assert check_edited(tmp_path, page, old, "动态模型还有 10 条整句写对。").failed


def test_a_qualifier_that_opens_one_clause_moves_with_the_clauses_but_two_are_a_swap():
    assert arrangements._without_lead(["读出的权重 α", "向量 c"]) == ["权重 α", "向量 c"]
    assert arrangements._without_lead(["读出的向量 c", "权重 α"]) == ["向量 c", "权重 α"]
    both = ["训练的损失是 a", "验证的损失是 b"]
    assert arrangements._without_lead(both) == both          # each clause keeps its own: exchanging them is a swap
    assert arrangements._without_lead(["最大的 A", "B"]) == ["最大的 A", "B"]   # a rank belongs to its clause


def test_clauses_reordered_under_one_qualifier_pass_on_the_page(tmp_path):
    page = LECTURE / "ch03" / "3-3.md"
    old = r"读出的权重 $\alpha\approx(.422319,.155362,.422319)$，向量 $c\approx(1.266956,1.466087)$。"
    new = r"读出的向量 $c\approx(1.266956,1.466087)$，权重 $\alpha\approx(.422319,.155362,.422319)$。"
    report = check_edited(tmp_path, page, old, new)
    assert not any("another arrangement" in e for e in report.errors), report.errors


def test_a_list_counted_in_digits_passes_as_its_count_in_words_does(tmp_path):
    page = LECTURE / "ch07" / "7-12.md"
    old = "要过四关："   # 至少要过四关 until label round 48 (the course sets exactly four judgments)
    assert not check_edited(tmp_path, page, old, "要过 4 关：").failed
    for wrong in ("要过 5 关：", "要过五关："):
        assert check_edited(tmp_path, page, old, wrong).failed, wrong


def test_two_ordinals_under_one_第_are_labels_and_a_bare_count_is_not():
    found = {t.text: t.structural for t in classify.numbers_in("第十二、十三章已经讲过")}
    assert found == {"十三章": True}
    assert not any(t.structural for t in classify.numbers_in("这门课一共十三章"))


def test_a_change_to_the_number_after_降到_is_decided_by_the_numbers_whichever_clause_the_first_stands_in():
    from checker.relations import orders_decided
    body = "前缀的累计对数概率约为 $-1.155$，再接上 EOS 就降到约 $-1.561$。"
    numbers = [(body.index("-1.155"), body.index("-1.155") + 6, -1.155), (body.index("-1.561"), body.index("-1.561") + 6, -1.561)]
    assert orders_decided(body, numbers) == {body.index("降到")}
    assert orders_decided(body.replace("降到", "升到"), numbers) == set()


def test_an_order_word_the_numbers_decide_needs_no_pin_and_the_reversed_one_fails(tmp_path):
    page = LECTURE / "ch03" / "3-18.md"
    old = "的累计对数概率约为 $-1.155$，接上 EOS 之后变成约 $-1.561$；"
    honest = check_edited(tmp_path, page, old, "的累计对数概率约为 $-1.155$，再接上 EOS 就降到约 $-1.561$；")
    assert not any("statement changed" in e for e in honest.errors), honest.errors
    wrong = check_edited(tmp_path, page, old, "的累计对数概率约为 $-1.155$，再接上 EOS 就升到约 $-1.561$；")
    assert any("is false for the numbers" in e for e in wrong.errors), wrong.errors


def test_得_before_the_verb_it_requires_is_a_must_and_值得_is_not():
    assert _words("第 t 步必须等第 t-1 步") == _words("第 t 步得等第 t-1 步算完才能开始") == ["must"]
    assert _words("值得先看") == _words("读得再快") == []


def test_a_count_given_item_by_item_in_turn_is_checked_against_its_items(tmp_path):
    page = LECTURE / "ch03" / "3-12.md"
    old = "训练 3000 条、验证 300 条、测试 300 条，源序列长度"
    assert not check_edited(tmp_path, page, old, "三份数据依次是训练 3000 条、验证 300 条、测试 300 条，源序列长度").failed
    assert check_edited(tmp_path, page, old, "两份数据依次是训练 3000 条、验证 300 条、测试 300 条，源序列长度").failed


def test_a_count_said_again_later_on_the_page_is_the_same_count_and_another_is_not(tmp_path):
    page = LECTURE / "ch02" / "2-9.md"
    old = "与整段 BPTT 给出的 $0.085227$ 一致。"
    assert not check_edited(tmp_path, page, old, old + "三项缺一不可。").failed
    assert check_edited(tmp_path, page, old, old + "四项缺一不可。").failed


def test_a_change_sized_by_a_degree_word_keeps_the_verbs_direction():
    assert _words("越靠前的行读到的 value 被缩得越小") == _words("行越靠前，读到的 value 被缩得越厉害")
    assert _words("损失涨得越厉害") == ["order:up"] != _words("损失缩得越厉害")


def test_a_description_may_repeat_a_count_the_body_checks_against_the_items_it_names(tmp_path):
    """The new-author trial of stop 47: 分成人名、地名两类 in the body, 两类 in the description, was refused as
    unverified although the body's count is checked against the two names. A count the body does not have still
    fails."""
    page = LECTURE / "ch03" / "3-17.md"
    old = "比较 greedy、穷举与宽度为二的 beam，说明"
    def description_errors(new):
        return [e for e in check_edited(tmp_path, page, old, new).errors if "description states" in e]
    assert description_errors("比较贪心、穷举与束搜索三种找整句的办法，说明") == []
    assert description_errors("比较贪心、穷举与束搜索四种找整句的办法，说明")


# stop 48: honest_16a/16b, measured fresh on 4f741ed; each honest rewording beside a wrong control on the real page

def test_two_negations_in_two_clauses_are_two(tmp_path):
    """H16a-035: 既不是……得到的，也不是…… -> 既不出自……，也不是……: the first 不 is a negation of its own, not part
    of the next clause's 不是; the same sentence with the first negation dropped is a change."""
    page = ROOT / "docs" / "primer" / "ch01" / "index.md"
    old = "既不是从真实训练里得到的，也不是性能测评。"
    honest = check_edited(tmp_path, page, old, "既不出自真实训练，也不是性能测评。")
    assert not honest.failed, honest.errors
    assert check_edited(tmp_path, page, old, "出自真实训练，也不是性能测评。").failed


def test_a_count_of_two_long_items_after_a_dash(tmp_path):
    """H16a-029: 下面两件事——A，和不用缓存、把…重算一遍: the comma before 和 joins the two items; the 、 inside the
    second is no joint of the list. 三件事 is a wrong count."""
    page = LECTURE / "ch07" / "7-9.md"
    old = "然后比较下面的事——"
    assert not check_edited(tmp_path, page, old, "然后比较下面两件事——").failed
    assert check_edited(tmp_path, page, old, "然后比较下面三件事——").failed


def test_a_count_of_the_pages_tables_is_checked_against_them(tmp_path):
    """Honest corpus 17b (H17b-011, read after the second fresh measurement): ## 对照着读表 -> ## 把两张表对照着读 on a
    page of two tables; three is a wrong count."""
    page = LECTURE / "ch03" / "3-13.md"
    assert not check_edited(tmp_path, page, "## 对照着读表", "## 把两张表对照着读").failed
    assert check_edited(tmp_path, page, "## 对照着读表", "## 把三张表对照着读").failed
    # new-author trial 23: two mask tables intersected on a page of another number of tables are not the page's
    # tables: the count is read as any other (enumerated_count gives nothing), not told the page has three
    from checker.counts import enumerated_count
    text = "| a | b |\n| --- | --- |\n| 1 | 2 |\n\n“叠加”就是两张表取交集。\n\n| c |\n| --- |\n| 3 |\n\n| d |\n| --- |\n| 4 |\n"
    at = text.index("两张")
    assert enumerated_count(text, at, at + 1, 2) is None
    assert enumerated_count(text.replace("两张", "三张"), at, at + 1, 3) == 3
    # review 85: a count that points at the page's tables is checked against them
    pointed = text.replace("“叠加”就是两张表取交集", "下面两张表按同一个步号排开")
    at = pointed.index("两张")
    assert enumerated_count(pointed, at, at + 1, 2) == 3


@pytest.mark.parametrize("page, old, new, wrong", [
    # honest_16b H16b-009: 就必须用上 -> 就非得用上……不可 says the same 必须; its 不可 negates nothing
    ("ch02/2-12.md", "二者的正确答案不同，系统想都答对，就必须用上开头那处差异。",
     "两条样本的正确答案不同；系统要想两条都答对，就非得用上开头那处差异不可。",
     "两条样本的正确答案不同；系统要想两条都答对，不必用上开头那处差异。"),
    # honest_16b H16b-022: 都不是……的证据 -> 都不能当作……的证据 (a copula's 不是 for a verb's 不)
    ("ch04/4-2.md", "插图与读者的直觉都不是模型消歧的证据；",
     "无论插图还是读者的直觉，都不能当作模型消歧的证据；",
     "无论插图还是读者的直觉，都能当作模型消歧的证据；"),
    # honest_18a H18a-008: 不会…而变长 read as not + order:up, 不会因此变长 as not:order:up
    ("ch07/7-1.md", "缓存只是某一次计算留下的中间结果，不是模型长期掌握的知识；上下文窗口也不会因为有了它而变长",
     "缓存不过是某一次计算留下的中间结果，并非模型长期掌握的知识；有了它，上下文窗口也不会因此变长",
     "缓存不过是某一次计算留下的中间结果，并非模型长期掌握的知识；有了它，上下文窗口也会因此变长"),
    # honest_18b H18b-003: 不等于零 (differ) said as 不为零 (not)
    ("ch02/2-1.md", "尽管第二个输入为零，$h_2$ 仍不等于零：上一步的影响还留在状态里。",
     "第二个输入虽然是零，$h_2$ 却不为零：上一步的影响仍保留在状态里。",
     "第二个输入虽然是零，$h_2$ 也是零：上一步的影响没有保留在状态里。"),
    # honest_18b H18b-011: 并不总是 (not + necessarily) said as 不一定 (not-necessarily)
    ("ch05/5-15.md", "所以递推组织与并行组织并不总是对立，要看具体是什么运算。",
     "可见递推式的组织和并行式的组织不一定互相排斥，关键在于具体是什么运算。",
     "可见递推式的组织和并行式的组织一定互相排斥，关键在于具体是什么运算。"),
    # honest_21a H21a-032: 不代表它能 (a denied implication) said as 未必能 (not-necessarily)
    ("ch06/6-9.md", "为分类目标调好的一份汇总，不代表它能无损地保留描述需要的全部细节。",
     "一份为分类目标调好的汇总，未必能无损地保留描述所需的全部细节。",
     "一份为分类目标调好的汇总，一定能无损地保留描述所需的全部细节。"),
    # honest_21b H21b-031: 并不总是 said as 未必总是 (one hedge, not two)
    ("ch05/5-15.md", "所以递推组织与并行组织并不总是对立，要看具体是什么运算。",
     "因此，递推式的组织和并行式的组织未必总是对立，关键要看具体是哪种运算。",
     "因此，递推式的组织和并行式的组织总是对立，关键要看具体是哪种运算。"),
    # honest_18b H18b-015: 并不是…的前提 (not-is) said as 并不需要 (need-not)
    ("ch08/8-4.md", "CPU 足以完成小任务；完整复现翻译基准并不是理解搜索的前提。",
     "小任务在 CPU 上就能完成；要理解搜索，并不需要先完整复现翻译基准。",
     "小任务在 CPU 上就能完成；要理解搜索，必须先完整复现翻译基准。"),
])
def test_one_negation_said_with_other_words_passes_and_dropping_it_fails(tmp_path, page, old, new, wrong):
    """Stop 50's honest corpora: the same negation read as one token or two, or said with another negative verb,
    is the same statement; the control drops or reverses the negation and must still fail."""
    honest = check_edited(tmp_path, LECTURE / page, old, new)
    assert not honest.failed, honest.errors
    assert check_edited(tmp_path, LECTURE / page, old, wrong).failed


def test_should_not_conclude_and_cannot_infer_read_alike():
    """The fourth new-author trial reworded 3-20's 不该得出的是“beam 永远没用” as 不能由此推出“beam 永远没用”; the first
    read as a bare negation, the second as a conclusion denied. Both deny the conclusion now; 可以由此推出 asserts it."""
    assert _words("不该得出的是“beam 永远没用”。")[:1] == _words("不能由此推出“beam 永远没用”。")[:1] == ["conclude:no"]
    assert _words("可以由此推出“beam 永远没用”。")[:1] == ["conclude:yes"]


def test_a_negation_said_with_wu_is_a_negation():
    """honest_19a/b: 和词义相近与否没有关系 -> 与词义是否相近无关, 也帮不上忙 -> 也毫无帮助. 无关, 毫无 and 并无 negate as
    没有 does, so the rewording keeps its negation and dropping it (有关) is a change."""
    assert _words("编号的大小与词义是否相近无关。") == _words("编号是大是小，和词义相近与否没有关系。") == ["not"]
    assert _words("对 “gave him a” 也毫无帮助。") == ["not@gave him a"]
    assert "not" not in _words("编号的大小与词义是否相近有关。")


def test_a_denied_conclusion_said_another_way_passes():
    """honest_20b: 不代表它算出的梯度就是对的 / 证明不了 / 既不能证明…: one denial, read as not-is, conclude:no or
    conclude:yes with a 不; the same denial said another way passes, and a conclusion asserted instead fails."""
    from checker.statements import _negations
    assert _negations(["conclude:no"]) == _negations(["not-is"]) == _negations(["conclude:yes", "not"])
    assert _negations(["conclude:yes"]) != _negations(["conclude:no"])
    assert _negations(["not-is"]) != _negations(["conclude:yes"])


def test_nothing_swapped_is_nothing_changed():
    """honest_20b H20b-044: 窗口里的词一个没变 -> 一个都没换: 没换 says the words stayed, as 没变 does; 换了 says they
    did not."""
    assert _words("窗口里的词一个都没换，只把次序颠倒过来。") == _words("窗口里的词一个没变，只是次序颠倒。") == ["same"]
    assert "same" not in _words("窗口里的词换了一个，次序也颠倒过来。")


def test_a_plain_negation_weakened_to_a_hedge_is_still_a_change():
    """不代表 / 不等于 deny that one thing follows from another, which 未必 says too; a plain 不能 made 未必能 says
    less, and stays a change (honest_21a/b, stop 54)."""
    from checker.statements import _negation_said_another_way
    assert _negation_said_another_way(["not-is"], ["not-necessarily"], "它不代表能保留全部细节。", "它未必能保留全部细节。")
    assert _negation_said_another_way(["not-necessarily"], ["differ"], "## 缓存对了，答案不一定对", "## 缓存正确，不等于答案正确")
    assert not _negation_said_another_way(["not"], ["not-necessarily"], "它不能保留全部细节。", "它未必能保留全部细节。")


def test_a_denial_said_with_another_verb_in_a_split_sentence_passes_and_a_moved_one_fails(tmp_path):
    """honest_21b H21b-024: 训练阶段的并行不等于…产出 -> 训练阶段能够并行，并不意味着…产出来 (the sentence split
    before its denial, 不等于 said as 并不意味着). The denial moved into the first clause, or dropped, still fails."""
    old = "训练阶段的并行不等于一次前向就能产出所有未知的目标词；"
    page = LECTURE / "ch04/4-12.md"
    honest = check_edited(tmp_path, page, old, "训练阶段能够并行，并不意味着一次前向就能把所有未知的目标词都产出来；")
    assert not honest.failed, honest.errors
    assert check_edited(tmp_path, page, old, "训练阶段不能够并行，意味着一次前向就能把所有未知的目标词都产出来；").failed
    assert check_edited(tmp_path, page, old, "训练阶段能够并行，意味着一次前向就能把所有未知的目标词都产出来；").failed


def test_waiting_until_a_is_done_then_b_is_first_a_then_b_and_b_then_a_is_not(tmp_path):
    """honest_23a H23a-022 (5-11): 要等数据…都已固定之后再去比较 -> 先把数据…固定下来，再去比较: the same two steps in the same
    order; 先比较…再固定 exchanges them and still fails."""
    assert _words("质量和吞吐，要等数据、激活计算量与训练预算都已固定之后再去比较；") == ["step:first:数", "step:then:比"]
    assert [w for w in _words("等价变换之后再归一化。") if w.startswith("step:")] == ["step:first:等", "step:then:归"]
    page = LECTURE / "ch05" / "5-11.md"
    old = "质量和吞吐，要等数据、激活计算量与训练预算都已固定之后再去比较；"
    honest = check_edited(tmp_path, page, old, "先把数据、激活计算量与训练预算都固定下来，再去比较质量和吞吐；")
    assert not honest.failed, honest.errors
    wrong = check_edited(tmp_path, page, old, "先去比较质量和吞吐，再把数据、激活计算量与训练预算都固定下来；")
    assert wrong.failed
