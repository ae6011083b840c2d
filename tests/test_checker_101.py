"""Readings added in stop 101, each with the edit that made it necessary and a control that shows the other side."""
from checker import arrangements, directions, math_in_prose, statements
from checker.paths import ROOT
from tests.site import edit_errors as _errors
from tests.site import honest_passes_wrong_fails as _honest_passes_wrong_fails

LECTURE = ROOT / "docs" / "lecture"
PRIMER = ROOT / "docs" / "primer"


# ---------------------------------------------------------------- 不止 is a comparison


def test_buzhi_before_a_count_is_more_than():
    """honest_31 H31-002: 远不止三个 -> 远多于三个 said the same thing, but 不止 was read as nothing and 多于 as an
    order, so the claim's rewording looked like a new comparison. 不止如此 and 不止一种 (not only) are no order."""
    assert statements.read_words("真实词表的候选远不止三个") == [("order:up", "不止")]
    assert statements.read_words("真实词表的候选远多于三个") == [("order:up", "多于")]
    assert statements.read_words("不止如此") == []
    assert statements.read_words("通顺的写法不止一种") == []


def test_a_rewording_of_buzhi_passes_and_its_reversal_fails(tmp_path):
    _honest_passes_wrong_fails(tmp_path, PRIMER / "ch11" / "11-1.md", "真实词表的候选远不止三个",
                               "真实词表里的候选远多于三个", "真实词表里的候选远少于三个")


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


# ---------------------------------------------------------------- new-author trial 35 (a topic page on √d_k)


def test_assumed_moments_are_structure_and_a_mean_of_one_is_not():
    """$E[q_r]E[k_r]=0$ and $E[q_r^2]E[k_r^2]=1$ state the zero mean and unit variance a general argument assumes."""
    from checker import classify
    assert classify._ZERO_MEAN.fullmatch("E[q_r]E[k_r]=0")
    assert classify._UNIT_VARIANCE.fullmatch("E[q_r^2]E[k_r^2]=1")
    assert classify._UNIT_VARIANCE.fullmatch(r"\mathrm{Var}(q\cdot k)=1")
    assert not classify._UNIT_VARIANCE.fullmatch("E[q_r]=1")      # a mean of one is a value to claim
    assert not classify._ZERO_MEAN.fullmatch("E[q_r^2]=0")


def test_a_limit_under_a_condition_is_structure_but_not_without_one():
    from checker import classify
    general = "权重接近独热时，落选的位置 $\\alpha_j\\approx0$，胜出的位置 $c\\approx v_j$。"
    at = general.index("$\\alpha")
    assert classify._under_a_condition(general, at)
    example = "上表里落选的位置 $\\alpha_j\\approx0$。"
    assert not classify._under_a_condition(example, example.index("$"))


def test_cases_counted_back_after_a_condition():
    """两种情况下这个梯度都接近零 after 落选的…，胜出的…, the condition 权重接近独热时 being no case."""
    from checker import counts
    text = "其中 $g$ 是上游梯度。权重接近独热时，落选的位置 $a$，胜出的位置 $b$，两种情况下这个梯度都接近零；"
    at = text.index("两种")
    assert counts.clauses_counted_back(text, at, at + 1) == 2
    three = "权重接近独热时，落选的位置 $a$，胜出的位置 $b$，平局的位置 $d$，两种情况下这个梯度都接近零；"
    assert counts.clauses_counted_back(three, three.index("两种"), three.index("两种") + 1) == 3


def test_formulas_after_a_colon_are_one_item_each():
    from checker import counts
    text = "取 query $q=(1,-1,1,1)$ 和三个 key：$k_1=(1,-1,1,1)$、$k_2=(1,1,1,-1)$、$k_3=(-1,1,1,-1)$。"
    assert counts.items_after(text, text.index("三") + 1, 3) == 3
    two = "取两个 key：$k_1=(1,-1,1,1)$、$k_2=(1,1,1,-1)$、$k_3=(-1,1,1,-1)$。"
    assert counts.items_after(two, two.index("两") + 1, 2) == 3     # three listed: the count of two fails


def test_the_rest_counted_against_a_total_under_the_same_heading():
    from checker import counts
    from checker.classify import prose_view
    body = ("## 例子\n\n取三个 key：$k_1$、$k_2$、$k_3$。\n\n"
            "缩放后 $k_1$ 仍然最重，另外两个位置也分到了份额。\n")
    view = prose_view(body)
    at = view.index("两个")
    assert counts.remainder_of(view, at, at + 1, 2) == 2
    assert counts.remainder_of(view, at, at + 1, 3) is None
    # with nothing named apart in its sentence, a total in another paragraph does not count
    plain = body.replace("$k_1$ 仍然最重，", "仍然如此，")
    view = prose_view(plain)
    at = view.index("两个")
    assert counts.remainder_of(view, at, at + 1, 2) is None


def test_cooling_then_heating_in_two_clauses_is_the_fact():
    from checker import facts
    assert not facts.falsehoods("降温让分布更尖，升温让它更平")
    assert facts.falsehoods("降温让分布更平，升温让它更尖")


def test_chabie_is_a_difference():
    """新作者试写三十五: 会有什么不同 -> 有什么差别 lost a difference and was read as a changed statement."""
    assert statements.read_words("两种放法在前期有什么差别") == [("differ", "差别")]
    assert statements.read_words("两者并没有区别") == [("same", "没有区别")]


# ---------------------------------------------------------------- honest corpora 33 and 34


def test_training_phase_is_one_role_and_a_denied_implication_two_ways(tmp_path):
    """H33-012: 训练阶段的并行不等于… -> 训练时能够并行，并不意味着…: one phase, one denial."""
    _honest_passes_wrong_fails(tmp_path, LECTURE / "ch04" / "4-12.md",
                               "训练阶段的并行不等于一次前向就能产出所有未知的目标词；",
                               "训练时能够并行，并不意味着一次前向就能产出所有未知的目标词；",
                               "推理时能够并行，并不意味着一次前向就能产出所有未知的目标词；")


def test_a_kind_that_may_exceed_one_is_no_order_of_the_page(tmp_path):
    """H33-034: 分数可以大于一 says what a logit can be; without 可以 (它…也大于一) it orders a value with one."""
    page = PRIMER / "ch04" / "4-1.md"
    old = "分数可以是任意实数，还不是概率。"
    assert not _errors(tmp_path / "a", page, old, old + "比如它可以是负数，也可以大于一，而概率只能落在零到一之间。")
    assert _errors(tmp_path / "b", page, old, old + "比如它是负数，也大于一，而概率只能落在零到一之间。", "大于")


def test_a_quoted_name_with_a_space_is_the_same_name(tmp_path):
    """H33-048: “T5架构” -> “T5 架构” fixed a typo; “T5 架构” -> “BERT 架构” is another name."""
    page = LECTURE / "ch05" / "5-4.md"
    assert not _errors(tmp_path / "a", page, "不能单凭“T5架构”推断", "不能单凭“T5 架构”推断")
    assert _errors(tmp_path / "b", page, "不能单凭“T5架构”推断", "不能单凭“BERT架构”推断")


def test_suoxiao_of_a_thing_is_smaller_and_of_a_gap_narrower():
    """H34-008: 词表可能变小 -> 词表可能缩小; 差距缩小 stays a gap, 缩小 SwiGLU 的中间宽 (a verb with an object) no order."""
    assert statements.read_words("词表可能缩小") == [("possibly", "可能"), ("order:down", "缩小")]
    assert statements.read_words("两者的差距缩小") == [("gap:narrower", "缩小")]
    from checker.relations import comparison_words
    assert [m.group(0) for m in comparison_words("讲义缩小 SwiGLU 的中间宽")] == []
    assert [m.group(0) for m in comparison_words("词表可能缩小，词向量表也跟着缩小")] == ["缩小", "缩小"]


# ---------------------------------------------------------------- blind corpus 32


def test_a_superlative_about_one_table_row_is_decided_on_the_table(tmp_path):
    """blind_31 W31-036 and blind_32 W32-022: FFN said to be the largest term where 交互 is; the row label is no name
    the relation lint knows, so the new sentence passed. The same sentence about 交互 passes."""
    page = LECTURE / "ch07" / "7-3.md"
    old = "小解码器每层一步约 2784 个 MAC，按 FLOP 记就是 5568。"
    wrong = old + "小解码器的 prefill 里，占比最大的一项是 FFN。"
    assert _errors(tmp_path / "a", page, old, wrong, "table_orders")
    assert not _errors(tmp_path / "b", page, old, old + "小解码器的 prefill 里，占比最大的一项是交互。", "table_orders")


def test_a_rank_of_one_table_row_is_decided_on_the_table(tmp_path):
    """blind_32 W32-020: greedy's A a EOS said to rank second of the six complete paths; it ranks third."""
    page = LECTURE / "ch03" / "3-17.md"
    old = "按整句概率排序，最大的是 C EOS 的 $0.250$。"
    assert _errors(tmp_path / "a", page, old, old + "greedy 返回的 A a EOS 在六条完整路径里排第二。", "排第二")
    assert not _errors(tmp_path / "b", page, old, old + "greedy 返回的 A a EOS 在六条完整路径里排第三。", "table_orders")


def test_table_orders_reads_rows_columns_and_totals():
    from checker import table_orders
    body = ("## 例\n\n| 项 | 甲 prefill | 甲 decode |\n| --- | ---: | ---: |\n| 投影 | $3$ | $5$ |\n"
            "| FFN | $4$ | $1$ |\n| 合计 | $7$ | $6$ |\n\n正文。\n")
    table = table_orders._table_for(body, body.index("正文"))
    assert table is not None and table[2] == ["项", "甲 prefill", "甲 decode"]
    assert table_orders.decide("prefill 里 FFN 最大", table) is None          # 4 > 3 (合计 is no row)
    assert table_orders.decide("decode 里 FFN 最大", table) is not None       # 1 < 5
    assert table_orders.decide("FFN 和投影都不算最大", table) is None         # two rows named: no verdict
    assert table_orders.decide("FFN 排第一", table) is None                   # first in one column: no verdict


def test_a_finished_hypothesis_keeps_its_beam_slot(tmp_path):
    """blind_32 W32-009: 继续占用 beam 名额 -> 不再占用, with every digit kept."""
    page = LECTURE / "ch03" / "3-17.md"
    old = "已经以 EOS 结束的假设**继续占用 beam 名额**，但不再展开"
    assert _errors(tmp_path / "a", page, old, "已经以 EOS 结束的假设**不再占用 beam 名额**，也不再展开",
                   "finished_hypotheses_keep_their_beam_slot")
    assert not _errors(tmp_path / "b", page, old, "已经以 EOS 结束的假设**仍然占着 beam 名额**，但不再展开",
                       "finished_hypotheses_keep_their_beam_slot")


def test_more_credits_are_read():
    """blind_32 W32-057 and W32-058 moved a box's numbers to the course and a site construction to the primer; the
    words on either side were read as nothing."""
    read = lambda text: [t for t, _ in statements.read_words(text) if "source" in t]   # noqa: E731
    assert read("本站数据里相邻两图真值一致的比例") == ["source:site"]
    assert read("课程 LAB14 记录里相邻两图真值一致的比例") == ["source:course"]
    assert read("具体数值是本站为演示秩的限制而给定的") == ["source:site"]
    assert read("具体数值沿用入门文章 §17.3 的小矩阵例子") == ["source:primer"]


def test_a_remeasurement_is_a_run():
    """blind_32 W32-056: 本站复测时的实验条件 said the site measured a paper's setting."""
    from checker import run_claims
    assert list(run_claims.run_clauses("本站复测时的实验条件是：一块 A100"))


# ---------------------------------------------------------------- a paragraph rewritten over other sentence breaks


_TRIAL_35_ORIGINAL = """部件都连通以后，训练还要求误差信号能平稳地回传到参数。联系学习率与梯度尺度的经验，可以问得很具体：
同一条残差分支，归一化放在分支**之前**还是相加**之后**，在较大学习率下的初期训练会有什么不同？
这样，选哪个部件就落到可以测量的量上——损失怎样下降、梯度多大、多少次训练失败，而不是比“哪个名字更新”。"""
_TRIAL_35_REWORDED = """把部件一个个接通只是开始；要训练得动，误差信号还必须稳稳地传回每一个参数。学习率能取多大，又和梯度的尺度连在一起，
所以问题可以问得很实在：残差分支保持不变，只挪动归一化——放在进入分支**之前**，或者放在相加**之后**——用较大的学习率
开始训练时，两种放法在前期有什么差别？这样一问，挑部件就不再是看哪个名字更新，而是看测得出来的东西：损失曲线怎么走、
梯度有多大、训练失败了几次。"""


def test_words_moved_across_new_sentence_breaks_are_one_change(tmp_path):
    """New-author trial 35 rewrote 5-8's three sentences as two (and an empty third): the alignment paired 差别 with
    the new 训练时 and gave three messages. Judged as one region: one message, naming what was lost (而不是, 更新,
    以后) and gained (必须, 训练时, 保持不变)."""
    page = LECTURE / "ch05" / "5-8.md"
    found = _errors(tmp_path / "a", page, _TRIAL_35_ORIGINAL, _TRIAL_35_REWORDED, "a statement changed")
    assert len(found) == 1 and "differ ->" not in found[0]


def test_a_direction_flipped_in_the_same_paragraph_still_fails(tmp_path):
    """Sentences kept as they were keep the pairing: 较大学习率 -> 较小学习率 is an order reversed."""
    page = LECTURE / "ch05" / "5-8.md"
    assert _errors(tmp_path / "a", page, _TRIAL_35_ORIGINAL, _TRIAL_35_ORIGINAL.replace("较大学习率", "较小学习率"),
                   "a statement changed")


# ---------------------------------------------------------------- new-author trial 36 (a topic page on negative sampling)


def test_a_primed_sum_index_is_read():
    """\\sum_{w^\\prime} was refused as 'the index must be a letter'; it is the index w'."""
    from checker.formula_arrays import _primes_as_quotes
    assert _primes_as_quotes([("ch", "w"), ("ch", "^"), ("cmd", r"\prime")]) == [("ch", "w"), ("ch", "'")]
    assert _primes_as_quotes([("ch", "w"), ("ch", "'")]) == [("ch", "w"), ("ch", "'")]


def test_a_course_count_with_thousands_commas_is_the_courses():
    """入门文章 §7.6 拿 100,000 个候选举例: the primer writes 100,000 个候选, and the seed data kept only 000个候选."""
    from types import SimpleNamespace
    from checker import seed_numbers
    from checker.classify import digit_phrase
    token = SimpleNamespace(text="100,000", start=0, end=7)
    assert digit_phrase("100,000 个候选举例", token) == "100000个候选"
    section = seed_numbers.section_numbers("primer §7.6")
    assert section.states_phrase("100000个候选举") and section.states_phrase("100,000个候选举")
    assert not section.states_phrase("200000个候选举")


def test_counts_told_by_what_follows_them():
    from checker import counts
    text = "取二维向量：中心向量 $v_c=(0.5,1)$，噪声向量 $u_1=(0,1)$。"
    assert counts.dimension_of_the_vectors_after(text, text.index("二") + 1) == 2
    three = "取三维向量：中心向量 $v_c=(0.5,1)$，噪声向量 $u_1=(0,1)$。"
    assert counts.dimension_of_the_vectors_after(three, three.index("三") + 1) == 2   # 2 ≠ 3: the count fails
    loss = "损失是三项逻辑损失之和：\n\n$$\\ell=-\\log\\sigma(s_o)-\\log\\sigma(-s_1)-\\log\\sigma(-s_2)\\approx1.98$$"
    assert counts.terms_of_the_formula_after(loss, loss.index("三") + 1) == 3
    tuple_ = "设三个词的计数是 $(81,16,1)$。"
    assert counts.entries_of_the_tuple_after(tuple_, tuple_.index("三") + 1) == 3


def test_two_whose_difference_follows_is_no_count():
    from checker import number_words
    rule = next(r for r in number_words.rules() if r.rule == "two_whose_difference_follows")
    assert rule.regex.search("所以两组用不同设置训练的词向量，差别不一定来自语料")
    assert not rule.regex.search("本站训练了两组词向量，并把结果列在下表")


def test_what_the_course_stresses_is_done_is_no_absence():
    from checker import absences
    assert not absences.claims("（入门文章 §7.6 也强调只算一个真实词对和少量噪声词对）")
    assert absences.claims("入门文章只算了 A、C 两条")


def test_a_number_in_a_source_note_is_checked_when_the_body_claims_it():
    from checker import provenance
    assert provenance.bare_number("$3/4$") == provenance.bare_number("3/4")
    assert provenance.bare_number("100,000") == "100000"


# ---------------------------------------------------------------- honest corpora 35 and 36 (read after their measurement)


def test_a_relation_reworded_into_parts_set_apart_by_semicolons_is_found(tmp_path):
    """H36-006: the relation's three clauses became three parts cut by ；, each with a comma inside, and 好评 said
    again; the same parts with 一 and 零 exchanged are another statement."""
    from checker import relations, relocation
    text = "得分为零时好评与差评的概率相等，得分越高越接近一，越低越接近零"
    good = "得分越高，好评概率越接近一；得分越低，越接近零；得分恰好为零时，好评与差评的概率相等。"
    bad = "得分越高，好评概率越接近零；得分越低，越接近一；得分恰好为零时，好评与差评的概率相等。"
    assert relations.aligned_text(text, good, relocation.contrast_swaps, statements.tokens)
    assert relations.aligned_text(text, bad, relocation.contrast_swaps, statements.tokens) is None


def test_a_relation_whose_not_changing_is_said_as_unchanged_is_found():
    """H35-002: 结果不会变 -> 结果也不变 (and 自己那一行 -> 本行); 也会变 is another statement."""
    from checker import relations, relocation
    text = "每一行只用自己那一行的均值与方差；换掉第二、第三行，第一行的 LayerNorm 结果不会变"
    good = "每一行只用本行的均值与方差来归一化；即使换掉第二、第三行，第一行经 LayerNorm 得到的结果也不变。"
    assert relations.aligned_text(text, good, relocation.contrast_swaps, statements.tokens)
    assert relations.aligned_text(text, good.replace("也不变", "也会变"), relocation.contrast_swaps,
                                  statements.tokens) is None


def test_impartial_is_one_negation_however_said():
    """H36-007: 不偏不倚 -> 一视同仁 (read as nothing); honest_29 H29-011: 不偏不倚 -> 不偏向任何一方. Each says the one
    negation of favouring either side."""
    assert [t for _, t in statements.tokens("模型对好评和差评不偏不倚")].count("not") == 1
    assert [t for _, t in statements.tokens("模型对好评、差评一视同仁")].count("not") == 1


def test_same_inputs_give_same_outputs_is_a_law(tmp_path):
    """H36-031: 分数相同的候选，经过 softmax 后得到的概率也相同 is a law; 电影和音乐的分数相同，概率也相同 is not."""
    assert directions.unchanged_law("分数相同的候选，经过 softmax 后得到的概率也相同")
    assert not directions.unchanged_law("电影和音乐的分数相同，概率也相同")


def test_a_clause_put_before_a_pinned_clause_is_new_prose(tmp_path):
    """H36-032: - 短处：<new clause>；语言的组合太多… passed only when the new clause came after the pinned one."""
    page = PRIMER / "ch01" / "1-3.md"
    old = "- 短处：语言的组合太多，例外要一条条补，"
    new = "- 短处：规则不会因为看过更多评论就自己变好，每一处改进都得有人动手去写；语言的组合太多，例外要一条条补，"
    assert not _errors(tmp_path / "a", page, old, new, "a statement changed")
    # a negation put inside the pinned clause still fails
    assert _errors(tmp_path / "b", page, old, "- 短处：语言的组合并不多，例外要一条条补，", "statement")


def test_things_told_one_by_one_are_counted():
    """H35-011: …是一种故障；…是另一种故障。…把两种故障一概而论."""
    from checker import counts
    text = "检索只拿到通知，是一种故障；\n材料完整，模型却还是按旧的作答，是另一种故障。若只用一句话把两种故障一概而论"
    at = text.index("两种")
    assert counts.told_one_by_one_before(text, at, at + 1) == 2
    assert counts.told_one_by_one_before("这里有两种故障", 3, 4) is None


def test_two_vectors_related_by_their_angle_is_no_count():
    from checker import number_words
    rule = next(r for r in number_words.rules() if r.rule == "two_related_by_a_measure")
    assert rule.regex.search("余弦相似度只取决于两个向量的夹角")
    assert not rule.regex.search("本例取两个向量，分别是 q 和 k")


def test_a_bare_negation_put_into_a_pinned_sentence_fails_but_an_antonym_or_a_moved_one_passes(tmp_path):
    """lex99 wrong rewrites 11, 34, 36, 88 put a bare 不 into a pinned sentence and passed as 'a description added'.
    句子短 -> 句子不长 (an antonym the pinned sentence did not have) and 不管…多长 -> 与…的长短无关 (a negation the
    sorted clauses moved) say the same."""
    page = PRIMER / "ch01" / "1-3.md"
    old = "- 短处：语言的组合太多，例外要一条条补，"
    assert _errors(tmp_path / "a", page, old, "- 短处：语言的组合并不多，例外要一条条补，", "nothing -> not")
    page = PRIMER / "ch14" / "14-1.md"
    old = "参数这本账只和模型本身有关：训练好以后，权重的个数就固定了，不管这次输入多长。"
    new = "参数这笔账只取决于模型本身：训练完成后，权重的个数就定下来了，与这次输入的长短无关。"
    assert not _errors(tmp_path / "b", page, old, new, "a statement changed")
    assert statements._antonym_negated(["not"], "要是句子不短", ["要是句子很长"])
    assert not statements._antonym_negated(["not"], "语言的组合并不多", ["语言的组合太多"])


# ---------------------------------------------------------------- new-author trial 37, and the negations 别 and 无


def test_cut_short_of_a_number_is_decided_on_the_printed_values():
    """累加到米饭只有 0.7，不到 0.8 was judged false: 不到 was read as a change to 0.8."""
    from checker import relations
    text = "累加到米饭只有 0.7，不到 0.8；再加上饺子是 0.85"
    word = next(m for m in relations.comparison_words(text) if m.group(0) == "不到")
    spans = [(text.index("0.7"), text.index("0.7") + 3, 0.7), (text.index("0.8；"), text.index("0.8；") + 3, 0.8)]
    assert relations.printed_order(text, word, spans) is True
    wrong = text.replace("0.7", "0.9")
    word = next(m for m in relations.comparison_words(wrong) if m.group(0) == "不到")
    spans[0] = (wrong.index("0.9"), wrong.index("0.9") + 3, 0.9)
    assert relations.printed_order(wrong, word, spans) is False


def test_counts_said_by_a_heading_again_or_by_kinds_with_de():
    from checker import counts
    body = "## 一个例子：五个候选\n\n模型给 面条、米饭、饺子、包子、石头 的概率依次是 (0.5,0.2,0.15,0.1,0.05)。\n"
    at = body.index("五")
    assert counts.listed_under_the_heading(body, at, at + 1) == 5
    again = body + "\n留下 3 个候选。\n\n把同样五个候选的概率换成更平的。"
    at = again.index("同样") + 2
    assert 5 in counts.the_same_count_again(again, at, at + 1)
    assert counts.the_same_count_again(again.replace("同样五个", "这五个"), at, at + 1) == set()
    kinds = "尖的分布留 3 个，平的分布留 4 个。两个分布上都留 3 个。"
    at = kinds.index("两个")
    assert counts.kinds_named_before(kinds, at, at + 1) == 2


def test_an_ordinal_naming_an_example_is_a_label():
    from checker.classify import ORDINAL_REFERENCE
    assert ORDINAL_REFERENCE.match("个例子的概率")
    assert not ORDINAL_REFERENCE.match("个候选的概率")


def test_bie_and_wu_before_a_name_are_negations():
    """H35-001, H35-014: 别把… -> 不要把…, 别按字面… -> 不宜按字面…; H30-029: 无 bias -> 不带 bias."""
    assert statements.read_words("别把这一条误记成单位均值")[0] == ("not", "别")
    assert statements.read_words("常见的无 bias RMSNorm 是") == [("not", "无")]
    assert statements.read_words("分别是两种") == [] and statements.read_words("区别在于")[0][0] == "differ"
