"""A number that restates a claim is checked by that claim, and a comparison between two verified numbers of
one sentence is checked on their printed values (checker/pipeline.py::_restated_claim,
checker/relations.py::printed_order)."""
import re

import pytest

from checker.relations import _asserted_equalities, comparison_words, printed_order
from tests.test_relations import BODY, BOUND, page


@pytest.mark.parametrize("added, error", [
    # beside its claim (the same paragraph) a number restates it
    ("再看一次：her 的 $-6.4$ 就是上面那个分数。\n", None),
    # two significant digits in another paragraph: as likely a coincidence as a restatement (2/7 of one candidate
    # is not 2/7 of two others), so it needs its own claim
    ("\n另一段：某个概率也是 $-6.4$。\n", "'-6.4' is neither claimed nor cited"),
    ("再看一次：her 的 $-6.5$ 就是上面那个分数。\n", "'-6.5' is neither claimed nor cited"),
    # a comparison between the two verified numbers of a new sentence is checked on their printed values
    ("换句话说，her 的 $-6.4$ 低于 him 的 $-8.2$。\n", "comparison '低于' is false for the numbers the sentence prints"),
    ("换句话说，her 的 $-6.4$ 高于 him 的 $-8.2$。\n", None),
])
def test_a_number_restated_or_compared_in_a_new_sentence(tmp_path, added, error):
    errors = page(tmp_path, BODY + added, BOUND)
    assert (errors == []) if error is None else (len(errors) == 1 and error in errors[0]), errors


@pytest.mark.parametrize("text, distinctive, precise", [
    ("2", False, False), ("12", False, False), ("6.4", True, False), ("2/7", True, False), (".25", True, False),
    ("128", True, False), ("1.039721", True, True), (".155362", True, True), ("10000", True, True),
])
def test_which_numbers_can_restate_a_claim_and_from_how_far(text, distinctive, precise):
    # a small integer never stands for a claim (too many things on a page are 2); a short value only beside it
    from checker import pipeline
    assert bool(pipeline._DISTINCTIVE.search(pipeline._bare(text))) is distinctive
    assert pipeline._precise(pipeline._bare(text)) is precise


def _numbers(text):
    return [(m.start(), m.end(), float(m.group(0))) for m in re.finditer(r"(?<![\w.])-?\d*\.\d+", text)]


@pytest.mark.parametrize("sentence, expected", [
    ("槽的权重从 .155362 升到了 .422319。", True),
    ("槽的权重从 .155362 降到了 .422319。", False),
    ("A 的 0.52 比 B 的 0.43 大。", True),
    ("A 的 0.52 比 B 的 0.43 小。", False),
    ("0.52 低于 0.43。", False),
    ("甲得 0.31，乙得 0.31，两者相同。", True),
    ("甲得 0.31，乙得 0.35，两者相同。", False),
    ("甲得 0.31，乙得 0.32，两者几乎相同。", None),      # approximate: left to a relation
    ("0.3 的损失比 0.5 好。", True),                    # 好 of a loss is small
    ("甲 0.1、乙 0.2、丙 0.3 依次更大。", None),         # three numbers: which two are compared is not decided
    ("$k=0.1$ 与 $p=0.5$ 都只留下电影，和贪心选的一样。", None),   # compared with a third thing (trial 24)
    ("甲得 0.31，乙得 0.35，和丙一样。", None),
])
def test_printed_order_decides_only_the_shapes_it_knows(sentence, expected):
    words = comparison_words(sentence) + _asserted_equalities(sentence)
    assert words, sentence
    assert printed_order(sentence, words[0], _numbers(sentence)) is expected


def test_a_digit_count_of_the_items_named_after_it_is_checked_by_counting(tmp_path):
    assert page(tmp_path, BODY + "\n其中带“不”的评论有 2 条（E 和 F）。\n", BOUND) == []
    errors = page(tmp_path, BODY + "\n其中带“不”的评论有 3 条（E 和 F）。\n", BOUND)
    assert len(errors) == 1 and "'3' is neither claimed nor cited" in errors[0]


def test_a_subscripted_symbol_names_the_value_its_chain_ends_in():
    from checker.relations import _template_subjects
    assert _template_subjects(r"h_1=\tanh{u1}\approx{h1}") .get("h_1") == {"h1"}
    assert "h_1" not in _template_subjects(r"h_1=\tanh{u1}")   # u1 is the argument, not h_1's value


def test_the_elements_of_a_vector_claim_that_went_stale_are_not_reported_again(tmp_path):
    """The new-author trial (stop 46): one template gone stale after a rewording gave 'claim not found' and five
    more messages, one per element of its vectors ((3,1,0), 3/4, 1/4). The elements are the missing claim's; its
    message says what to do. Control: a number no claim computes is still reported."""
    from checker.paths import ROOT
    from tests.site import check_edited
    page = ROOT / "docs" / "lecture" / "ch01" / "1-8.md"
    old = "her、him、you 分别得到 $(3/4,1/4,0)$（计数见 [§1.7](1-7.md)）。"
    errors = check_edited(tmp_path / "a", page, old,
                          "这一步按出现次数直接分配概率，结果是 $(3/4,1/4,0)$（计数见 [§1.7](1-7.md)）。").errors
    assert any("not found in the page body" in e for e in errors), errors
    assert not any("neither claimed nor cited" in e for e in errors), errors
    errors = check_edited(tmp_path / "b", page, old,
                          "这一步按出现次数直接分配概率，结果是 $(3/4,1/4,0.9)$（计数见 [§1.7](1-7.md)）。").errors
    assert any("number '0.9' is neither claimed nor cited" in e for e in errors), errors
