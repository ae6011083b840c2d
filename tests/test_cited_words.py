"""A number word in a cited text is checked like a digit (checker/provenance.py): it passes when the course
section writes it so, or when it counts the items the text names; a value the section states elsewhere is not
enough."""
from pathlib import Path

from checker.classify import numbers_in
from checker.page import read_page
from checker.provenance import _counts_its_items, _course_states_word


def _word(text: str):
    return next(t for t in numbers_in(text) if t.word)


def test_a_count_of_the_items_the_text_names_passes_and_a_wrong_count_fails():
    text = "Table 1 中单模型、beam 宽度为 12 的两行：源句保持正序时为 26.17 BLEU，源句反转后为 30.59 BLEU"
    assert _counts_its_items(text, _word(text))
    wrong = text.replace("两行", "三行")
    assert not _counts_its_items(wrong, _word(wrong))
    again = "训练、验证、测试三份分别是 3000、300、300 条，三份之间源序列互不重复"
    assert all(_counts_its_items(again, t) for t in numbers_in(again) if t.word)


def test_a_word_the_section_does_not_write_is_not_the_courses():
    page = read_page(Path("docs/lecture/ch03/3-11.md"))   # lecture §3.11 writes 四层1000cell, and states a 3 elsewhere
    assert not _course_states_word(page, "三层 LSTM", _word("三层 LSTM"))
