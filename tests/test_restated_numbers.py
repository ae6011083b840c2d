"""A number that restates a claim is checked by that claim, and a comparison between two verified numbers of
one sentence is checked on their printed values (checker/pipeline.py::_restated_claim,
checker/relations.py::printed_order)."""
import re

import pytest

from checker.relations import _asserted_equalities, comparison_words, printed_order
from tests.test_relations import BODY, BOUND, page


def test_a_restated_claimed_number_needs_no_claim_of_its_own(tmp_path):
    body = BODY + "再看一次：her 的 $-6.4$ 就是上面那个分数。\n"   # the same paragraph as its claim
    assert page(tmp_path, body, BOUND) == []


def test_a_short_value_elsewhere_on_the_page_is_not_taken_for_a_restatement(tmp_path):
    # two significant digits in another paragraph: a coincidence as likely as a restatement (2/7 of one candidate
    # is not 2/7 of two others), so it needs its own claim
    body = BODY + "\n另一段：某个概率也是 $-6.4$。\n"
    errors = page(tmp_path, body, BOUND)
    assert len(errors) == 1 and "'-6.4' is neither claimed nor cited" in errors[0]


def test_a_number_that_restates_no_claim_still_needs_one(tmp_path):
    body = BODY + "再看一次：her 的 $-6.5$ 就是上面那个分数。\n"
    errors = page(tmp_path, body, BOUND)
    assert len(errors) == 1 and "'-6.5' is neither claimed nor cited" in errors[0]


def test_a_small_integer_restated_is_not_taken_for_a_claim(tmp_path, monkeypatch):
    # too many things on a page are 2: a small integer needs its own claim even where a claim prints it
    from checker import pipeline
    token = type("T", (), {"word": False, "text": "2"})()
    ctx = type("C", (), {"report": type("R", (), {"claims": []})()})()
    assert pipeline._restated_claim(ctx, token) is None


def test_a_reversed_comparison_in_a_new_sentence_fails_on_the_printed_numbers(tmp_path):
    body = BODY + "换句话说，her 的 $-6.4$ 低于 him 的 $-8.2$。\n"
    errors = page(tmp_path, body, BOUND)
    assert len(errors) == 1 and "comparison '低于' is false for the numbers the sentence prints" in errors[0]


def test_a_true_comparison_in_a_new_sentence_needs_no_relation(tmp_path):
    body = BODY + "换句话说，her 的 $-6.4$ 高于 him 的 $-8.2$。\n"
    assert page(tmp_path, body, BOUND) == []


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
