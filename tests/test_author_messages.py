"""What the checker tells a new author (issue 31's trial): a message that is false or cannot be followed as printed
teaches the author to dodge it. Each case is one the trial met, with a control that must still fail."""
from checker.paths import ROOT
from tests.site import check_edited as _variant


LECTURE_1_9 = ROOT / "docs" / "lecture" / "ch01" / "1-9.md"
SENTENCE_1_9 = "英文一侧是 7 个 token，再加上要预测的 EOS，模型要做 8 次预测（讲义 [§2.3](../ch02/2-3.md) 也这样数）。"


def test_a_small_number_pointing_back_at_its_sentences_claim_is_that_claim(tmp_path):
    """'就是这 7 个' restates the 7 claimed in the same sentence; without 这 a new 7 is a number of its own."""
    report = _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9, SENTENCE_1_9[:-1] + "，就是这 7 个再加上 EOS。")
    assert not report.failed, report.errors
    control = _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9, SENTENCE_1_9[:-1] + "，其中 7 个是词。")
    assert any("number '7' is neither claimed nor cited" in e for e in control.errors), control.errors


def test_one_written_as_a_digit_after_a_copula_is_a_constant_as_its_word_is(tmp_path):
    """'加起来为一' never counted; '加起来为 1' must not cost a claim either. A 2 there is a value."""
    added = SENTENCE_1_9 + "每一步的概率加起来为 1。"
    assert not _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9, added).failed
    control = _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9, SENTENCE_1_9 + "每一步的概率加起来为 2。")
    assert any("number '2' is neither claimed nor cited" in e for e in control.errors), control.errors
    # new-author trial 17: the one-hot product's factors 0 and 1, and 为 0 closing a quotation
    one_hot = SENTENCE_1_9 + "输入要“一个分量为 1、其余为 0”。"
    assert not _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9, one_hot).failed
    factor = _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9, SENTENCE_1_9 + "被遮住的分数乘上 0，留下一行。")
    assert any("number '0' is neither claimed nor cited" in e for e in factor.errors), factor.errors   # review 79


LECTURE_1_3 = ROOT / "docs" / "lecture" / "ch01" / "1-3.md"
SENTENCE_1_3 = "任意两个不同词的 one-hot 点积都是零，"


def test_the_factors_of_a_one_hot_product_are_its_definition(tmp_path):
    """New-author trial 17: '$e_i$ 只有第 $i$ 个分量不为零，其余各行都被乘上 0' and '只有乘 1 的那 $d$ 次' state the
    one-hot vector's entries as factors. Read as constants only in a sentence naming the one-hot vector (the word, or
    the symbol the page introduces as one), with 0 for the rest and 1 for the single entry; review 79's 被遮住的分数乘上 0
    (no one-hot) and the factors exchanged stay values to claim."""
    honest = SENTENCE_1_3 + "用 $e_i$ 乘 $E$ 时，其余各行都被乘上 0，真正起作用的只有乘 1 的那一行；"
    assert not _variant(tmp_path, LECTURE_1_3, SENTENCE_1_3, honest).failed
    # a paragraph wrapped across lines is one sentence still (the trial's page was)
    wrapped = SENTENCE_1_3 + "用 $e_i$ 乘 $E$ 时，\n其余各行都被乘上 0，"
    assert not _variant(tmp_path, LECTURE_1_3, SENTENCE_1_3, wrapped).failed
    gradient = SENTENCE_1_3 + "用 $e_i$ 乘 $E$ 时，其余各行的梯度都乘上 0，"   # review 82: honest, passes
    assert not _variant(tmp_path, LECTURE_1_3, SENTENCE_1_3, gradient).failed
    for wrong, digit in (("用 $e_i$ 乘 $E$ 时，其余各行都被乘上 1，", "1"),
                         ("用 $e_i$ 乘 $E$ 时，真正起作用的只有乘 0 的那一行；", "0"),
                         ("。注意力把分数矩阵的其余各行都乘上 0，", "0"),   # a sentence with no one-hot
                         # review 80: a clause after ；, and a factor denied
                         ("用 $e_i$ 乘 $E$；注意力把分数矩阵的其余各行都乘上 0，", "0"),
                         ("用 $e_i$ 乘 $E$ 时，其余各行都不乘 0，", "0"),
                         # review 81: another negation, and another operation's factor beside a one-hot clause
                         ("用 $e_i$ 乘 $E$ 时，其余各行都没有被乘上 0，", "0"),
                         ("用 $e_i$ 乘 $E$ 时，注意力的掩码则把其余分数乘上 0，", "0"),
                         # review 82: a negation before 把, and another operation opened by 而
                         ("用 $e_i$ 乘 $E$ 时，并不会把其余各行乘上 0，", "0"),
                         ("用 $e_i$ 乘 $E$ 时，而因果遮罩把其余各位置乘上 0，", "0")):
        edited = SENTENCE_1_3[:-1] + wrong if wrong.startswith("。") else SENTENCE_1_3 + wrong
        report = _variant(tmp_path, LECTURE_1_3, SENTENCE_1_3, edited)
        assert any(f"number '{digit}' is neither claimed nor cited" in e for e in report.errors), (wrong, report.errors)


PRIMER_8_3 = ROOT / "docs" / "primer" / "ch08" / "8-3.md"


def test_an_unclaimed_number_is_told_the_key_that_already_computes_it(tmp_path):
    """The new author's 两格都从 … : the hint names the returned key with that value instead of asking for a new
    one, and the template it suggests is quoted as YAML quotes it (a backslash stays single)."""
    report = _variant(tmp_path, PRIMER_8_3, "初始状态 $h_0=(0,0)$。", "初始状态 $h_0=(0,0)$，两个分量都从零出发。")
    # (两格 itself, said right after 取两格状态, is that count said again: tests/test_honest_rewordings.py)
    hints = [e for e in report.errors if "'两个'" in e]
    assert hints and "already returns {cells}" in hints[0], report.errors
    # a small count matches a key by value only: the hint says to check it is the same quantity (the third
    # new-author trial's factor 2 was offered {bytes}, bytes per element); a long decimal needs no such warning
    assert "only the value matches" in hints[0], hints[0]
    tex = _variant(tmp_path, PRIMER_8_3, "外面套了一层 $\\tanh$；", "外面套了一层 $\\tanh$，$\\tanh(3)\\approx0.995$；")
    hint = next(e for e in tex.errors if "'0.995'" in e)
    assert "\\\\" not in hint and "'$\\tanh(3)\\approx{KEY}$" in hint, hint


def test_a_sentence_reworded_past_relocation_says_claim_not_found_once_not_again_per_number(tmp_path):
    """This stop's trial: a reworded paragraph gave 'claim not found' and then 'neither claimed nor cited' for each of
    its numbers (6 of 17 messages). The claim's message is enough; a number no missing claim computes still fails."""
    # (stop 45: the trial's own rewording, 模型在英文这边要预测 8 次：7 个 token 之后还有一个 EOS 要预测, is now found
    # as a rewording; a role word brought in, 解码器, still takes it past relocation)
    reworded = "解码器在英文这边要预测 8 次：7 个 token 之后还有一个 EOS 要预测。"
    report = _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9, reworded)
    assert any("not found in the page body" in e for e in report.errors), report.errors
    assert not any("neither claimed nor cited" in e and ("'7'" in e or "'8'" in e) for e in report.errors), report.errors
    control = _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9, reworded + "其中 5 个是实词。")
    assert any("number '5' is neither claimed nor cited" in e for e in control.errors), control.errors
    found = _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9,
                     "模型在英文这边要预测 8 次：7 个 token 之后还有一个 EOS 要预测（讲义 [§2.3](../ch02/2-3.md) 也这样数）。")
    assert not found.errors and any("found by its numbers in reworded text" in n for n in found.notes), found.errors


def test_a_printed_integer_is_not_offered_a_key_it_only_rounds_to(tmp_path):
    """The r16 new author's '每个指数都不超过 1' was told a key already returns 1: {m}, which is ln2 = 0.693 and
    'rounds' to the printed integer. An integer is offered only keys equal to it; 两个 (分量) still gets {cells} = 2."""
    report = _variant(tmp_path, PRIMER_8_3, "初始状态 $h_0=(0,0)$。", "初始状态 $h_0=(0,0)$，两个分量都从零出发。")
    assert any("already returns {cells}" in e for e in report.errors if "'两个'" in e), report.errors
    from checker.pipeline import _equals_integers
    assert _equals_integers(2, [2]) and _equals_integers(2.0, [2]) and not _equals_integers(0.693147, [1])
    import numpy as np
    assert _equals_integers(np.int64(2), [2]) and not _equals_integers(np.array([1, 1]), [1])
    # the r20 new author's vector [1,1] was offered {context} = (0.755, 0.910), which 'rounds' to it
    assert _equals_integers([1, 1], [1, 1]) and not _equals_integers([0.755, 0.910], [1, 1])


LECTURE_2_15 = ROOT / "docs" / "lecture" / "ch02" / "2-15.md"
LECTURE_7_16 = ROOT / "docs" / "lecture" / "ch07" / "7-16.md"


def test_one_as_a_digit_before_a_bracketed_aside_is_the_constant_its_word_is(tmp_path):
    """Honest corpus 9 (H9b-009): 恰好为一 -> 恰好为 $1$（换算见…）. The aside opens after the clause's end; a 2 there
    is a value that needs a claim."""
    old = "恰好为一（"
    assert not _variant(tmp_path, LECTURE_2_15, old, "恰好为 $1$（").failed
    control = _variant(tmp_path, LECTURE_2_15, old, "恰好为 $2$（")
    assert any("number '2' is neither claimed nor cited" in e for e in control.errors), control.errors


def test_a_cited_count_of_one_in_digits_is_the_course_s_as_its_word_is(tmp_path):
    """Honest corpus 9 (H9b-038): the course's 预热一次 cited as 预热 1 次 was refused ('1' is not recorded) while the
    word passed. The seed data keeps counts of one in words; a count the course does not state still fails."""
    old = "原计时先预热一次，再测量五次。缓存"   # the body's sentence; its cited entry follows it (relocated)
    report = _variant(tmp_path, LECTURE_7_16, old, "原计时先预热 1 次，再测量 5 次。缓存")
    assert not report.failed, report.errors
    control = _variant(tmp_path, LECTURE_7_16, old, "原计时先预热 2 次，再测量 5 次。缓存")
    assert any("'2' is not recorded" in e for e in control.errors), control.errors


LECTURE_3_20 = ROOT / "docs" / "lecture" / "ch03" / "3-20.md"


def test_a_small_integer_printed_again_in_its_claims_own_words_is_that_claim(tmp_path):
    """Honest corpus 10 (H10b-010): the claim 固定规则选出的下标 {index} prints 7; a later sentence reworded to
    按固定规则选出的是下标 7 says it again in the claim's words. 8 there, or 7 after other words, is not the claim."""
    old = "固定规则选出的下标 7 与 [§3.12](3-12.md) 页上本站的选样一致。"
    assert not _variant(tmp_path, LECTURE_3_20, old, "按固定规则选出的是下标 7，和 [§3.12](3-12.md) 页上本站选出的一致。").failed
    wrong = _variant(tmp_path, LECTURE_3_20, old, "按固定规则选出的是下标 8，和 [§3.12](3-12.md) 页上本站选出的一致。")
    assert any("'8'" in e for e in wrong.errors), wrong.errors
    other = _variant(tmp_path, LECTURE_3_20, old, "随手挑的样本有 7 条，与 [§3.12](3-12.md) 一致。")
    assert any("number '7' is neither claimed nor cited" in e for e in other.errors), other.errors


def test_an_ordinal_after_another_ordinal_counts_no_items(tmp_path):
    """New-author trial r28: 第二、第三个候选 was told "'三个' counts the items named right before it, but there are
    2". 第三个 names one candidate; 二、三个 without 第 is a count of what is listed, and still checked."""
    from checker.pipeline import _named_otherwise
    from checker import classify
    from types import SimpleNamespace
    failed = []
    def ctx_for(body):
        page = SimpleNamespace(body=body, line_of=lambda offset: 1)
        return SimpleNamespace(page=page, fail=lambda line, message: failed.append(message))
    for body, expected in (("第二、第三个候选的概率一样。", False), ("好看、精彩三个词的向量挨得近。", True)):
        failed.clear()
        token = next(t for t in classify.numbers_in(body) if t.text.startswith("三"))
        assert _named_otherwise(ctx_for(body), token) is expected, (body, failed)


def test_a_small_count_in_words_is_offered_a_key_only_when_one_key_alone_prints_it(tmp_path):
    """The new-author trial of stop 48: 两个问题 on 4-5 was offered {H}, {n_qk} and {n_v}, three keys that equal 2 by
    chance; a small count in words is offered a key only where exactly one key prints it (primer 8-3's 两个分量 still
    gets {cells}, test above), and the message still says to claim it or name what it counts."""
    page = ROOT / "docs" / "lecture" / "ch04" / "4-5.md"
    first = page.read_text(encoding="utf-8").split("## 边界\n\n", 1)[1][:12]
    report = _variant(tmp_path, page, "## 边界\n\n" + first, "## 边界\n\n这一节还留下两个疑点没有回答。" + first)
    hints = [e for e in report.errors if "'两个'" in e]
    assert hints and not any("already returns" in e for e in hints), report.errors
    assert "claim it" in hints[0]


def test_a_course_count_whose_noun_stands_after_a_modifier_is_the_courses(tmp_path):
    """The same trial: §4.5 writes 有两个原来容易被计算顺序遮住的问题; the seed data kept only 两个原来, so the page's
    两个问题 was the site's count. The noun after the modifier's 的 is kept too (checker/seed_numbers.py); 三个问题 is
    still a count no one states."""
    page = ROOT / "docs" / "lecture" / "ch04" / "4-5.md"
    first = page.read_text(encoding="utf-8").split("## 边界\n\n", 1)[1][:12]

    def counts(sentence):
        report = _variant(tmp_path, page, "## 边界\n\n" + first, "## 边界\n\n" + sentence + first)
        return [e for e in report.errors if "neither claimed nor cited" in e]
    assert counts("去掉递推以后，被计算顺序顺手挡住的两个问题露了出来。") == []
    assert counts("去掉递推以后，被计算顺序顺手挡住的三个问题露了出来。")


def test_an_exponent_that_is_the_root_of_a_claimed_count_is_checked_with_it(tmp_path):
    """The new-author trial of stop 48: $0.032^{-1/4}$ beside its claimed 4 tokens was 'an unclaimed value', and the
    author wrote 开四次方再取倒数 instead. ±1/N in an exponent, N a count claimed in the same paragraph, is that
    count's root; 1/11 beside a claimed 10, and 3/4, are still values to claim."""
    page = ROOT / "docs" / "lecture" / "ch01" / "1-13.md"
    old = "用切分 A 时要预测 10 个 token，用切分 B 时要预测 20 个。"

    def unclaimed(exponent):
        report = _variant(tmp_path, page, old, old + f"按 token 平均就是整串概率的 $p^{{{exponent}}}$。")
        return [e for e in report.errors if "neither claimed nor cited" in e]
    assert unclaimed("-1/10") == [] and unclaimed("1/20") == []
    assert unclaimed("-1/11") and unclaimed("3/4")


PRIMER_11_4 = ROOT / "docs" / "primer" / "ch11" / "11-4.md"
ANCHOR_11_4 = "温度（temperature）$T$ 取正数，在 softmax **之前**作用于分数 $z_i$："


def test_a_count_named_by_the_first_clause_after_its_colon_is_those_items(tmp_path):
    """Trial 7: 头两名：电影与音乐的差距…, where the colon's first clause names the two; 头三名 over the same two still
    fails, and the whole colon text is read first where it has the count's number of items."""
    from checker import counts
    text = "温度拉开的是头两名：电影与音乐的差距在低温下变大，在高温下变小，在原温下不变。"
    assert counts.items_after(text, text.index("两") + 1, 2) == 2
    assert counts.items_after(text, text.index("两") + 1, 3) != 3
    # bare items in the first clause may go on after its comma: two of three is still no count of two
    listed = "要注意两点：学习率和批大小，还有预热步数。"
    assert counts.items_after(listed, listed.index("两") + 1, 2) != 2
    honest = _variant(tmp_path, PRIMER_11_4, ANCHOR_11_4, "本站补充：" + text + "\n\n" + ANCHOR_11_4)
    assert not any("'两名'" in e for e in honest.errors), honest.errors
    wrong = _variant(tmp_path, PRIMER_11_4, ANCHOR_11_4, "本站补充：" + text.replace("两名", "三名") + "\n\n"
                     + ANCHOR_11_4)
    assert any("'三名'" in e for e in wrong.errors), wrong.errors


def test_a_count_whose_colon_ends_a_reflowed_line_names_the_clauses_on_the_next(tmp_path):
    """Trial 7: 还提醒两点：<line break> 一句，另一句。 The next line of the same paragraph goes on; a list after the
    colon is counted as a list (and 三点 over two clauses still fails)."""
    from checker import counts
    text = "还提醒两点：\n换了温度就等于换了被评价的模型，温度也不能让窗口外的内容回来。"
    assert counts.items_after(text, text.index("两") + 1, 2) == 2
    assert counts.items_after(text.replace("两点", "三点"), text.index("两") + 1, 3) != 3
    assert counts.items_after("还提醒两点：\n- 甲\n- 乙", 5, 2) is None


def test_a_limit_taken_at_zero_in_prose_is_notation_and_a_setting_is_a_number():
    """Trial 7's description: τ→0 趋向 greedy reads as $\\tau\\to0$ does in a formula; T→2 written for a setting, or
    3→0 for a change of value, is still a number."""
    from checker import classify

    def numbers(text):
        return [(t.text, t.structural) for t in classify.numbers_in(text)]
    assert numbers("τ 越小分布越尖，τ→0 趋向 greedy") == [("0", True)]
    assert numbers("温度 T→2 时") == [("2", False)]
    assert numbers("分数从 3→0") == [("3", False), ("0", False)]
    assert numbers("标签 B→0，I→1") == [("0", False), ("1", False)]
    assert numbers("把 pad->0 作为填充") == [("0", False)]


def test_a_superlative_in_a_relation_text_is_an_order_word():
    """Trial 7: a relation bound to 概率最大的始终是“好” was refused as having no comparison word; a text with neither
    a comparison nor a superlative still is, and a superlative bound to an equality is not an order."""
    assert equality_errors("每一行概率最大的始终是“好”", "argmax({low}) == 0 and {low[0]} > {low[1]}") == []
    assert "contains no comparison word" in equality_errors("每一行都是“好”", "{low[0]} > {low[1]}")[0]
    # an equality predicate under a superlative text is refused, by the equality rule
    assert equality_errors("概率最大的是“好”", "close({low[0]}, 0.5, 0.01)")


def equality_errors(text: str, predicate: str) -> list[str]:
    """The messages checker.relations gives a relation's text against its predicate."""
    from checker.relations import _check_equality_words
    errors: list = []
    _check_equality_words(0, text, predicate, 1, errors)
    return [message for _, message in errors]


def test_a_superlative_stands_in_for_a_comparison_word_only():
    """Review of this stop: a superlative must not switch off the equality rule (最高的两个分数相等 bound to an order is
    still refused), and a method's name (最大似然) is no superlative."""
    from checker.relations import _check_equality_words
    errors: list = []
    _check_equality_words(0, "最高的两个分数相等", "{a} > {b}", 1, errors)
    assert errors and "an equality" in errors[0][1]
    errors.clear()
    _check_equality_words(0, "用最大似然估计时得到“好”", "{a} > {b}", 1, errors)
    assert errors and "contains no comparison word" in errors[0][1]


def test_the_course_also_advice_names_the_sections_already_searched(tmp_path):
    """Trial 10 was told to add a section to course_also that was already there: the hint names the page's own and
    course_also sections as searched, so it points at another section only."""
    report = _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9, SENTENCE_1_9 + "其中 5 个是实词。")
    hint = next(e for e in report.errors if "number '5' is neither claimed nor cited" in e)
    assert "lecture §1.9 was searched and no phrase there matches this count" in hint, hint
    assert "course_also: ['lecture §3.16']" in hint, hint   # the syntax example stays (the fifth trial needed it)
    # a value that is no count (T=1) is never let stand by a section's words: the advice is a course key with the
    # section in course_also (new-author trial 15 was told 'no phrase there matches this count' for the primer's $T=1$)
    value = _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9, SENTENCE_1_9 + "温度取 $T=5$ 时更平。")
    hint = next(e for e in value.errors if "number '5' is neither claimed nor cited" in e)
    assert "no phrase there matches this count" not in hint and "put the section that prints it in course_also" in hint
    assert "lecture §1.9 was searched" in hint, hint


LECTURE_4_4 = ROOT / "docs" / "lecture" / "ch04" / "4-4.md"


def test_a_number_word_where_a_fractional_value_stands_is_explained(tmp_path):
    """Trial 10 wrote 约为 7.96 的两倍 for a ratio of 2.010 and was told only 'not found': the message now says the
    number word names a whole number. Digits at the printed precision still pass."""
    sentence = "方差也约为 3.0，说明"
    worded = _variant(tmp_path, LECTURE_4_4, sentence, "方差也约为三，说明")
    hint = next(e for e in worded.errors if "claim 0 not found" in e)
    assert "the page writes the number word '三' where {mean_one_var}" in hint, hint
    other = _variant(tmp_path, LECTURE_4_4, sentence, "方差大约是 3.0，说明")   # the words changed: no such hint
    assert not any("number word" in e for e in other.errors if "claim 0 not found" in e), other.errors
    assert not _variant(tmp_path, LECTURE_4_4, sentence, sentence).failed
    wrong = _variant(tmp_path, LECTURE_4_4, sentence, "方差也约为五，说明")   # a wrong word is not a format problem
    hint = next(e for e in wrong.errors if "claim 0 not found" in e)
    assert "'五' (5) where {mean_one_var}" in hint and "the number is not the value" in hint, hint


def test_a_function_of_a_claimed_number_is_claimed_with_it():
    """New-author trial 14: L=-\\ln{tf_prob} checked 0.224, and '-\\ln0.224' was still reported as unclaimed. A
    function of one number is claimed when the number is; a number no hole covers is not."""
    from types import SimpleNamespace
    from checker.pipeline import _covered_in_parts
    body = "L=-\\ln0.224"
    token = SimpleNamespace(start=body.index("-"), text="-\\ln0.224")
    hole = SimpleNamespace(kind="claim", start=body.index("0.224"), end=len(body))
    assert _covered_in_parts(SimpleNamespace(covered=[hole]), token) == {"claim"}
    assert _covered_in_parts(SimpleNamespace(covered=[]), token) == set()
    plain = SimpleNamespace(start=body.index("0"), text="0.224")   # a bare number is judged by its own span
    assert _covered_in_parts(SimpleNamespace(covered=[hole]), plain) == set()


PRIMER_4_3 = ROOT / "docs" / "primer" / "ch04" / "4-3.md"


def test_a_count_in_a_claims_words_is_part_of_the_claim(tmp_path):
    """The read-through of this stop: '前两条的 ${grad}$' edited to 前三条 was found again by its number and passed.
    A count in the template's words must stand as it was; a rewording around it still relocates."""
    old = "前两条的 $-0.5$ 就是"
    wrong = _variant(tmp_path, PRIMER_4_3, old, "前三条的 $-0.5$ 就是")
    assert any("not found in the page body: '前两条的 ${grad}$" in e for e in wrong.errors), wrong.errors
    assert not _variant(tmp_path, PRIMER_4_3, old, "头两条的 $-0.5$ 就是").failed


def test_jiushi_states_the_equality_an_author_binds():
    """New-author trial 16: '各自除以它，就是上表 B 行的前两项' bound to close(...) was told it says no equality, and the
    author wrote 正好等于. 就是 is read only in a relation's text with an equality predicate; not with an order, and
    not after 不/并."""
    assert equality_errors("各自除以它，就是上表 B 行的前两项", "close({a}, {b}, 1e-12)") == []
    assert "contains no comparison word" in equality_errors("各自除以它，就是上表 B 行的前两项", "{a} > {b}")[0]
    assert equality_errors("各自除以它，并不就是上表 B 行的前两项", "close({a}, {b}, 1e-12)")
    assert equality_errors("按编号直接取行，得到的也是这三行", "close({a}, {b}, 0)") == []   # trial 17
    assert equality_errors("按编号直接取行，得到的不也是这三行", "close({a}, {b}, 0)")
    # review 79: not in a text that states an order, nor hedged
    assert equality_errors("取行的结果比乘法的结果更大，这也是查表的依据", "close({a}, {b}, 0)")
    assert equality_errors("按编号直接取行，得到的可能也是这三行", "close({a}, {b}, 0)")
    for hedged in ("未必就是", "不一定就是", "并非就是", "是否就是", "就是说"):   # review 78
        assert equality_errors(f"各自除以它，{hedged}上表 B 行的前两项", "close({a}, {b}, 1e-12)"), hedged


def _failed(tmp_path, added):
    return _variant(tmp_path, LECTURE_1_9, SENTENCE_1_9, SENTENCE_1_9 + added).errors


def test_the_constants_zero_and_one_cost_the_same_as_digits_in_math_or_prose_as_words(tmp_path):
    """New-author trial 18 wrote 越接近 $1$, 不超过 $1$, 概率都是 $1$ 时, 到不了 $1$, 大于 $1$ and was asked to claim each
    1 and 0, where the words (越接近一, 不超过一, 都是一时, 到不了一, 大于一) cost no claim: the project's rule that a number
    written in words never escapes, read the other way. There the digits, bare or alone in math, read as their words;
    a 2 in the same place, a value said of the page (已经接近 1, 下限 1, 概率 1: review 80), a setting ($w=0$) or a
    formula with another number stays a value."""
    for digits, words in (("概率越接近 $1$，损失越接近 $0$。", "概率越接近一，损失越接近零。"),
                          ("每个概率都不超过 $1$。", "每个概率都不超过一。"),
                          ("模型的概率都是 $1$ 时才取到下限。", "模型的概率都是一时才取到下限。"),
                          ("任何模型都到不了 1。", "任何模型都到不了一。")):
        assert _failed(tmp_path, words) == [], words
        assert _failed(tmp_path, digits) == [], digits
    # new-author trial 20: an identity of constants, in math or in prose (a description)
    # (new-author trial 23: a masked score's weight, $e^{-\\infty}=0$)
    for identity in ("最大的一项正好是 $\\exp(0)=1$。", "最大的一项变成 exp(0)=1，不再溢出。", "$\\ln 1=0$。",
                     "被遮的格 $e^{-\\infty}=0$。", "$\\exp(-\\infty)=0$。"):
        assert _failed(tmp_path, identity) == [], identity
    # new-author trial 21: the constant of an expression in prose (保留 1−ε, a description); 趋于 1 said of the page's
    # value, and 1 - B 组 or 1-N are values (review 83)
    for constant in ("真实类别保留 1−ε。", "保留 1-p 的概率。"):
        assert _failed(tmp_path, constant) == [], constant
    for value in ("损失趋于 2。", "约为 1.1−p。", "本句的字节与字符之比趋于 1。", "本句的字节与字符之比是 1 - B 组也一样。",
                  "词表编号取 1-N 中的整数。"):
        assert any("neither claimed nor cited" in e for e in _failed(tmp_path, value)), value
    # review 82: an identity said of the page's value (PPL=exp(0)=1, 只剩 ln(1)=0) is that value
    for value in ("最大的一项正好是 $\\exp(0)=2$。", "$\\exp(1)=1$。", "$e^{-\\infty}=1$。", "$e^{-2}=0$。", "本例的困惑度 PPL=exp(0)=1。",
                  "三步之后平均损失只剩 ln(1)=0。"):
        assert any("neither claimed nor cited" in e for e in _failed(tmp_path, value)), value
    for value in ("概率越接近 $2$。", "困惑度已经接近 1。", "本例的困惑度越来越接近 1。", "下限 $1$ 只是数学上的界。", "真实词拿到概率 1。", "$H\\ge2$。",
                  "$x+y=1$。", "模型的概率都是 $0.5$ 时才取到下限。", "起点取 $w=0$。"):
        assert any("neither claimed nor cited" in e for e in _failed(tmp_path, value)), value
    # a comparison with the bound is one to bind, in math as in words, a general rule (通常) included; a bound said the
    # wrong way ($H<0$, 概率高于 1) is no axiom (review 80)
    for stated, word in (("困惑度远大于 $1$。", "大于"), ("困惑度通常远大于一。", "大于"), ("困惑度通常远大于 $1$。", "大于"),
                         ("$H<0$。", "<"), ("$H\\ge0$。", "\\\\ge"), ("这三步的概率高于 1。", "高于")):
        errors = _failed(tmp_path, stated)
        assert any(f"comparison '{word}' next to a claimed number is not bound" in e for e in errors), (stated, errors)
