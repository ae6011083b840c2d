"""Direction words are data, read in context, and new sentences are read too (issue 31).

The checker's order, direction, pace, trend and equality words and the context rules around them live in
checker/data/directions.yaml, each with a positive and a negative example, and one test runs every row. Then the
outsiders' edits: a new sentence that reverses what the page computed fails with the relation to add, while the
honest sentences a new author wrote (a general rule, a loss that is 好, 降不到零, 平均分给) pass."""
import re
import textwrap

import pytest

from checker import classify, directions, statements
from checker.paths import ROOT
from checker.pipeline import check_page
from checker.relations import (DIFFERENCE, EQUALITY, EQUALITY_LINT, MATH_ORDER, NOT_A_BOUND, _asserted_equalities,
                               _math_comparison, comparison_words, pace, polarity)

RULES = directions.rules()


def _from_rule(text: str, rule) -> list[str]:
    return [m.group(0) for m in comparison_words(text) if directions.rule_of(m.group(0)) == rule]


def test_every_rule_row_has_its_columns_and_the_vocabulary_is_complete():
    for r in RULES:
        assert r.rule and r.kind and r.pattern and r.description and r.positive and r.negative, r
    kinds = {r.kind for r in RULES}
    assert kinds == set(directions.KINDS), set(directions.KINDS) - kinds


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.rule)
def test_each_rule_applies_to_its_positive_example_and_not_to_its_negative(rule):
    pos, neg = rule.positive, rule.negative
    if rule.kind in ("order", "goodness"):
        words = _from_rule(pos, rule)
        assert words, pos
        expected = None if rule.direction == "none" else rule.direction
        assert polarity(words[0]) == expected and pace(words[0]) is None, (words[0], polarity(words[0]))
        assert not _from_rule(neg, rule), neg
    elif rule.kind == "law":
        words = _from_rule(pos, rule)
        assert words and polarity(words[0]) is None and directions.is_law(words[0]), words
        assert not _from_rule(neg, rule), neg
    elif rule.kind == "pace":
        words = _from_rule(pos, rule)
        assert words and pace(words[0]) == rule.direction and polarity(words[0]) is None, words
        assert not _from_rule(neg, rule), neg
    elif rule.kind in ("frame", "english", "contrast"):
        assert _from_rule(pos, rule), pos
        assert not _from_rule(neg, rule), neg
    elif rule.kind == "math":
        view = classify.prose_view(pos)
        assert any(_math_comparison(view, classify.math_spans(view), m.start()) for m in MATH_ORDER.finditer(view))
        view = classify.prose_view(neg)
        assert not any(_math_comparison(view, classify.math_spans(view), m.start()) for m in MATH_ORDER.finditer(view))
    elif rule.kind == "not_comparative":   # 比 is part of a word: no 比 frame is read there
        frame = directions.of_kind("frame")[0]
        assert not _from_rule(pos, frame) and _from_rule(neg, frame), (pos, neg)
    elif rule.kind == "bound":   # 降不到零: no comparison word, and 零 no compared bound
        assert not comparison_words(pos) and comparison_words(neg), (pos, neg)
        bounds = list(classify.COMPARISON_BOUND.finditer(pos))
        assert all(NOT_A_BOUND.match(pos, b.start() - 2) for b in bounds)
    elif rule.kind == "lower_is_better":   # 损失比 z* 好: smaller; 准确率比基线好: larger
        [word] = [m.group(0) for m in comparison_words(pos)]
        assert directions.word_direction(word) == "up" and polarity(word, pos) == "down", word
        [word] = [m.group(0) for m in comparison_words(neg)]
        assert polarity(word, neg) == "up", word
    elif rule.kind == "not_a_mean":
        assert "stat:mean" not in [t for _, t in statements.tokens(pos)], pos
        assert "stat:mean" in [t for _, t in statements.tokens(neg)], neg
    elif rule.kind == "unchanged_law":   # the law's 不变 (both of 甲不变时乙不变) are excused, none of the negative
        spans = directions.unchanged_law(pos)
        word = "相同" if "不变" not in pos else "不变"   # 相同的甲，…乙也相同: the law's two sameness words
        assert len(spans) == pos.count(word) and all(pos[a:b] == word for a, b in spans), (pos, spans)
        assert not directions.unchanged_law(neg), neg
        # the page's own change (本站把…换成…) is the page's to bind
        assert not directions.unchanged_law("本站把" + pos), pos
        assert not directions.unchanged_law(pos.replace(word, "和本例都" + word)), pos   # review 80
    elif rule.kind == "linked_changes":
        assert directions.linked_changes(pos) and not directions.linked_changes(neg), (pos, neg)
    elif rule.kind == "when_clause":   # the comparison word at the end of a clause of time is supposed
        [word] = [m for m in comparison_words(pos) if m.start() == pos.index("变长")]
        assert directions.hypothetical(pos, word.start()), pos
        [word] = [m for m in comparison_words(neg) if m.start() == neg.index("变长")]
        assert not directions.hypothetical(neg, word.start()), neg
    elif rule.kind == "general":
        assert directions.general(pos) and not directions.general(neg), (pos, neg)
    elif rule.kind == "monotone_law":
        assert directions.monotone_law(pos) and not directions.monotone_law(neg), (pos, neg)
    elif rule.kind == "specific":   # an instance of the page's makes 一般 no general statement
        assert not directions.general(pos) and directions.general(neg), (pos, neg)
    elif rule.kind == "term":
        assert not [m for m in comparison_words(pos) if "下降" in m.group(0)] and comparison_words(neg), (pos, neg)
    elif rule.kind == "denied":
        word = lambda s: next(m for m in comparison_words(s) + list(EQUALITY_LINT.finditer(s)))   # noqa: E731
        assert directions.denied(pos, word(pos).start()) and not directions.denied(neg, word(neg).start())
    elif rule.kind == "condition":
        assert any(directions.after_a_condition(pos, i) for i in range(1, len(pos)))
        assert not any(directions.after_a_condition(neg, i) for i in range(1, len(neg)))
    elif rule.kind == "beyond_the_page":   # 真实词表的候选远不止三个: the subject is a thing the page does not compute
        word = lambda s: next(iter(comparison_words(s + "三个")))   # noqa: E731
        assert directions.beyond_the_page(pos + "三个", word(pos).start())
        assert not directions.beyond_the_page(neg + "三个", word(neg).start())
    elif rule.kind == "hypothetical":   # the condition of a conditional supposes the order it names
        word = lambda s: next(iter(comparison_words(s)))   # noqa: E731
        assert directions.hypothetical(pos, word(pos).start()) and not directions.hypothetical(neg, word(neg).start())
    elif rule.kind == "attributive":
        word = lambda s: next(iter(comparison_words(s) or EQUALITY_LINT.finditer(s)))   # noqa: E731
        assert directions.attributive(pos, word(pos).end()) and not directions.attributive(neg, word(neg).end())
    elif rule.kind == "equality":
        assert EQUALITY.search(pos) and not EQUALITY.search(neg), (pos, neg)
    elif rule.kind == "equality_zero":
        from checker.relations import EQUALS_ZERO
        assert EQUALS_ZERO.search(pos) and not EQUALS_ZERO.search(neg) and not EQUALITY.search(pos), (pos, neg)
    elif rule.kind == "equality_lint":
        assert _asserted_equalities(pos) and not EQUALITY_LINT.search(neg), (pos, neg)
    elif rule.kind == "difference":
        assert DIFFERENCE.search(pos) and not DIFFERENCE.search(neg), (pos, neg)
    elif rule.kind == "unasserted":
        assert EQUALITY_LINT.search(pos) and not _asserted_equalities(pos) and _asserted_equalities(neg), (pos, neg)
    elif rule.kind == "position":   # the rule reads its part of a matrix in the positive, not in the negative
        from checker.directions import positions
        assert any(r is rule for _, r in positions(pos)) and not any(r is rule for _, r in positions(neg)), (pos, neg)
    else:
        pytest.fail(f"no test for kind {rule.kind}")


def test_no_word_list_of_its_own_is_left_in_relations():
    """The relations stage reads its words from the data: no long alternation of Chinese order words in the code."""
    source = (ROOT / "checker" / "relations.py").read_text(encoding="utf-8")
    assert not re.search(r"大于\|小于|更大\|更小|升高\|降低", source)


# ---------------------------------------------------------------- new sentences about the page's computed things

def _edited(tmp_path, page: str, *edits):
    path = ROOT / "docs" / page
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, f"{page} no longer contains {old!r}; update the test"
        text = text.replace(old, new, 1)
    target = tmp_path / path.name
    target.write_text(text, encoding="utf-8")
    return [e for e in check_page(target).errors if "not bound" in e]


TOP_P = "正是上文所说 top-$p$ 与 top-$k$ 的区别。"
LAB_B = "LSTM 在 $4.0704$–$4.1532$ 之间。"
LOSSES = "恰好是上表损失一列倒过来。"


def test_a_new_sentence_that_heating_keeps_fewer_candidates_fails_and_the_general_rule_passes(tmp_path):
    [error] = _edited(tmp_path, "lecture/ch02/2-8.md", (TOP_P, TOP_P + "升温以后，top-$p$ 保留的候选反而更少。"))
    assert "'反而更少' under a condition the page has numbers for is not bound" in error
    assert "- text: '升温以后，top-$p$ 保留的候选反而更少' holds: '{top_p_size} < " in error   # the entry to add
    assert _edited(tmp_path, "lecture/ch02/2-8.md", (TOP_P, TOP_P + "温度升高一般让分布更平。")) == []


def test_a_new_sentence_that_the_lstm_is_closer_to_the_floor_fails(tmp_path):
    [error] = _edited(tmp_path, "labs/index.md", (LAB_B, LAB_B + "LSTM 比窗口 MLP 更贴近下限。"))
    assert "'更贴近' between two things the page has numbers for is not bound" in error
    # the guess is false (the sentence is): its keys are named, its predicate is not offered to copy (trial 62)
    assert "({b_lstm[0]}, {b_mlp[0]}) give a false order" in error and "holds: '{KEY} < {KEY}'" in error
    assert _edited(tmp_path, "labs/index.md", (LAB_B, LAB_B + "LSTM 与窗口 MLP 都贴近下限。")) == []


def test_a_new_sentence_that_the_negative_reviews_lose_less_fails(tmp_path):
    [error] = _edited(tmp_path, "primer/ch04/4-2.md", (LOSSES, LOSSES + "差评样本的损失总比好评样本的小。"))
    assert "'比好评样本的小' between two things the page has numbers for" in error
    assert "({loss_neg}, {loss_pos[0]}) give a false order" in error


def test_a_bound_new_sentence_is_checked_against_the_values(tmp_path):
    """Bound as the message says, the reversed sentence fails on the values: the table shows the opposite."""
    entry = "  - text: '差评样本的损失总比好评样本的小'\n    holds: '{loss_neg[2]} < {loss_pos[2]}'\n"
    path = ROOT / "docs" / "primer" / "ch04" / "4-2.md"
    text = path.read_text(encoding="utf-8").replace(LOSSES, LOSSES + "差评样本的损失总比好评样本的小。", 1)
    # the entry goes first in the page's relations (relation 0), which the page may or may not have yet
    text = text.replace("relations:\n", "relations:\n" + entry, 1) if "\nrelations:\n" in text else \
        text.replace("claims:\n", "relations:\n" + entry + "claims:\n", 1)
    target = tmp_path / path.name
    target.write_text(text, encoding="utf-8")
    errors = check_page(target).errors
    assert any("relation 0 does not hold" in e for e in errors), errors
    assert not any("not bound" in e for e in errors)


def test_names_are_the_things_the_page_computed():
    from checker.page import read_page
    from checker.relations import quantity_names
    names = quantity_names(read_page(ROOT / "docs" / "primer" / "ch04" / "4-2.md").meta)
    assert {"差评样本的损失", "差评样本", "好评样本的损失", "好评样本", "偏向好评"} <= names
    names = quantity_names(read_page(ROOT / "docs" / "lecture" / "ch02" / "2-8.md").meta)
    assert "升温" in names and "分布" not in names   # a condition the page set; a concept


# ---------------------------------------------------------------- honest sentences a new author wrote

SCORES = "verify/lecture/ch03_search.py::candidate_scores"  # her = -6.4, him = -8.2


def _page(tmp_path, body: str, relations: str = "") -> list[str]:
    path = tmp_path / "p.md"
    path.write_text(textwrap.dedent(f"""\
        ---
        id: test.directions
        title: t
        source: lecture §3.16
        evidence: [construction]
        verify: {SCORES}
        claims:
          - 'her 的损失 ${{her}}$'
          - 'him 的损失 ${{him}}$'
        """) + relations + "---\n" + textwrap.dedent(body), encoding="utf-8")
    return [e for e in check_page(path).errors if "pinned" not in e]


def _loss_case():
    """'比 z* 好' of a loss is read as 'smaller': bound by '<', it passes."""
    body = "# t\n\nhim 的损失 $-8.2$ 比 her 的损失 $-6.4$ 好。\n"
    relation = "relations:\n  - text: '比 her 的损失 $-6.4$ 好'\n    holds: '{him} < {her}'\n"
    return body, relation


def test_a_loss_that_is_better_binds_a_less_than(tmp_path):
    body, relation = _loss_case()
    assert _page(tmp_path, body, relation) == []
    errors = _page(tmp_path, body.replace("损失 $-6.4$ 好", "损失 $-6.4$ 差"), relation.replace("好'", "差'"))
    assert any("(greater)" in e for e in errors), errors   # 差 of a loss is larger: '<' no longer says it


def test_cannot_fall_to_zero_is_a_bound_not_an_order(tmp_path):
    assert _page(tmp_path, "# t\n\nher 的损失 $-6.4$ 再怎么训练也降不到零，him 的损失 $-8.2$ 也一样。\n") == []
    errors = _page(tmp_path, "# t\n\nher 的损失 $-6.4$ 不到零，him 的损失 $-8.2$ 也一样。\n")
    assert any("comparison '不到'" in e for e in errors), errors


def test_divide_evenly_is_no_mean():
    assert "stat:mean" not in [t for _, t in statements.tokens("入门文章的例子把总维度平均分给各头")]
    assert "stat:mean" in [t for _, t in statements.tokens("四个头的宽度取平均值")]


def test_a_new_author_s_equality_and_contrast_words():
    """New-author trial (stop 45): 正是 states an equality a relation can bind (两者之积正是…), and 对照两种平均 is one
    contrast, not a count to claim."""
    from checker import classify
    assert EQUALITY.search("合计损失正是这个概率的负对数") and not EQUALITY.search("合计损失是这个概率的负对数")
    assert not [t for t in classify.numbers_in("只用来对照两种平均的算法") if not t.structural]
    assert [t.text for t in classify.numbers_in("本页给出两种平均的算法") if not t.structural] == ["两种"]


def test_a_superlative_inside_a_methods_name_states_no_order():
    """The new-author trial (stop 46): 最大似然估计 was read as 最大 next to claimed numbers, and the lint asked for a
    relation between two unrelated values; 最小化 is an objective, not the least of a group. Control: 比例最大."""
    from checker.relations import comparison_words
    from checker.statements import tokens
    for text in ("按权重把最大似然估计和它混合", "训练目标是最小化交叉熵"):
        assert comparison_words(text) == [] and tokens(text) == []
    assert [m.group(0) for m in comparison_words("“猫”的比例最大")] == ["最大"]
    assert [t for _, t in tokens("“猫”的比例最大")] == ["most@猫"]


def test_one_change_said_to_be_another_is_a_law_and_an_order_between_two_things_is_not(tmp_path):
    """The new-author trial of stop 48 wrote 'PPL 更低就是…概率更高' and was asked to bind it as an order between two
    of the page's things, with a predicate that was false; one change said to be another is a law, like 越…越. An
    order between the same two named things is still to be bound."""
    from tests.site import check_edited
    page = ROOT / "docs" / "lecture" / "ch01" / "1-13.md"
    heading = "\n## " + page.read_text(encoding="utf-8").split("\n## ")[2].split("\n")[0] + "\n"

    def comparisons(sentence):
        report = check_edited(tmp_path, page, heading, heading + "\n" + sentence + "\n")
        return [e for e in report.errors if "comparison" in e]
    assert comparisons("PPL 更低就是每 token NLL 更小。") == []
    assert comparisons("PPL 比每 token NLL 更低。")


def test_new_author_trial_9_direction_words():
    """Trial 9: 领先得少了 states a decrease and 分布变尖 a change of shape (the author's relations were read as the
    other side); 少了 alone (少了一个词) is no direction."""
    order = directions.regex("order")
    assert [m.group(0) for m in order.finditer("倒序句仍然领先，但领先得少了")][-1] == "得少了"
    assert directions.rule_of("得少了").rule == "fall" and directions.word_direction("得少了") == "down"
    assert [m.group(0) for m in order.finditer("降温以后分布变尖")] == ["变尖"] and directions.rule_of("变尖").rule == "shape"
    assert not [m.group(0) for m in order.finditer("这句话少了一个词")]


def test_a_shape_word_binds_the_comparison_in_its_place_and_a_flipped_word_beside_it_fails(tmp_path):
    """New-author trial 9: 'T 小于一，分布变尖' bound by 'T < 1 and top > top_at_1' was told it states only less; a
    shape word (变尖, direction: none) stands for the comparison in its place. Flipping 小于 to 大于 still fails."""
    body = "# t\n\nher 的损失 $-6.4$ 小于零，分布变尖；him 的损失 $-8.2$。\n"
    relation = "relations:\n  - text: '小于零，分布变尖'\n    holds: '{her} < 0 and {him} < {her}'\n"
    assert not [e for e in _page(tmp_path, body, relation) if "relation 0" in e]
    flipped = _page(tmp_path, body.replace("小于零", "大于零"), relation.replace("小于零", "大于零"))
    assert any("relation 0" in e and "greater" in e for e in flipped), flipped


def test_a_shape_word_may_stand_for_several_comparisons_and_a_flipped_word_beside_it_still_fails(tmp_path):
    """New-author trial 22: '$\\tau<1$ 时…分布变尖' bound by 'tau < 1 and top > top_at_1 and last < last_at_1' was
    told the text states only less (the shape word stands for both probabilities' comparisons). The closed word
    still takes the comparison in its place: flipping it fails, and so does a predicate with its order changed."""
    body = "# t\n\nher 的损失 $-6.4$ 小于零，分布变尖；him 的损失 $-8.2$。\n"
    relation = "relations:\n  - text: '小于零，分布变尖'\n    holds: '{her} < 0 and {her} > {him} and {him} < {her}'\n"
    assert not [e for e in _page(tmp_path, body, relation) if "relation 0" in e]
    flipped = _page(tmp_path, body.replace("小于零", "大于零"), relation.replace("小于零", "大于零"))
    assert any("relation 0" in e for e in flipped), flipped
    reordered = relation.replace("'{her} < 0 and {her} > {him}", "'{her} > {him} and {her} < 0")
    assert any("relation 0" in e for e in _page(tmp_path, body, reordered))

    # review 84: a closed word between two open words takes the comparison in its place, so flipping it fails
    body2 = "# t\n\nher 的损失 $-6.4$ 小于零，分布变尖；her 的损失大于 him 的损失 $-8.2$，分布变平。\n"
    rel2 = ("relations:\n  - text: '小于零，分布变尖；her 的损失大于 him 的损失 $-8.2$，分布变平'\n"
            "    holds: '{her} < 0 and {her} > {him} and {her} > {him} and {him} < {her} and {her} > {him}'\n")
    assert not [e for e in _page(tmp_path, body2, rel2) if "relation 0" in e]
    flipped2 = _page(tmp_path, body2.replace("损失大于", "损失小于"), rel2.replace("损失大于", "损失小于"))
    assert any("relation 0" in e for e in flipped2), flipped2


def test_the_last_row_is_a_row():
    """New-author trial 23: '最后一行本来就能看见所有位置' bound by row(A, 2) was told its text says no row."""
    assert [rule.rule for _, rule in directions.positions("最后一行本来就能看见所有位置")] == ["position_rows"]
    assert [rule.rule for _, rule in directions.positions("首列全是零")] == ["position_columns"]
    assert directions.positions("最后一次执行这段代码") == []



def test_a_sameness_with_a_course_document_compares_no_values():
    """New-author trial 25: '这里和讲义一样略去 dropout' and '（[§1.11] 对 PAD 的界定相同）' were asked to bind an
    equality of two of the page's values."""
    from checker.relations import _DOCUMENT_SIDE
    assert _DOCUMENT_SIDE.search("并说明原论文训练时还在子层输出上加 dropout，这里和讲义")
    assert _DOCUMENT_SIDE.search("PAD 的用处仅此而已（[§1.11                   对 PAD 的界定")
    assert not _DOCUMENT_SIDE.search("her 的损失和 him 的损失")
    # review 87: a value of the page's named before the document (or between, in the 和 form) is a claim about it
    from checker.relations import _same_as_a_document
    names = {"LSTM", "MLP", "PPL", "PAD"}
    for claim in ("LSTM 与窗口 MLP 的 PPL 按讲义的定义相同", "LSTM 与窗口 MLP 的 PPL 同 §3.16 的处理相同",
                  "LSTM 的 PPL 和课程一样", "这里和讲义的 PPL 一样"):
        word = re.search("相同|一样", claim)
        assert not _same_as_a_document(claim, word, names), claim
    for honest in ("这里和讲义一样", "PAD 的用处仅此而已（[§1.11](../ch01/1-11.md) 对 PAD 的界定相同"):
        word = re.search("相同|一样", honest)
        assert _same_as_a_document(honest, word, names), honest
