"""tools/marker_scope.py: which sentences a site marker covers, and where in the seeds their content stands."""
from pathlib import Path

import pytest

from tools import marker_scope as ms

SECTIONS = """doc\tid\tkind\ttitle\tseed_file\tfirst_line\tlast_line
lecture\t1\tchapter\t第一章\tlecture.txt\t1\t1
lecture\t1.1\tsection\t甲\tlecture.txt\t2\t3
lecture\t1.2\tsection\t乙\tlecture.txt\t4\t5
"""
LECTURE = """第一章　词向量
1.1 甲
独热编码只负责区分身份，词向量的用途来自训练目标。
1.2 乙
温度升高以后分布变平，低概率候选更容易被采样到。
"""


@pytest.fixture()
def seeds(tmp_path: Path) -> Path:
    (tmp_path / "seeds").mkdir()
    (tmp_path / "sections.tsv").write_text(SECTIONS, encoding="utf-8")
    (tmp_path / "seeds" / "lecture.txt").write_text(LECTURE, encoding="utf-8")
    return tmp_path


PAGE = """---
title: x
---
# 标题

课程先讲独热编码。本站补充：温度升高以后分布会变平，低概率的候选更容易被采到。这一句也在标记之下。

没有标记的段落：温度升高以后分布变平。

- 本站补充：这一项只管自己。
- 下一项不归它管，温度升高以后分布变平。
- 〔本站运行〕这一项折了行，
  折下来的这一句仍归它管。
- 再下一项又不归它管。

课程的话（本站补充：括号里的话只管括号）括号外不算。

!!! example "本站构造"
    框里的句子由本站写出，独热编码只负责区分身份。

    数值由 `verify/lecture/ch01.py::x` 重算。

框外的段落不算。
"""


def test_scope_follows_the_marker_conventions():
    covered = ms.covered_sentences(PAGE)
    texts = [c.text for c in covered]
    # a marker inside a paragraph covers from its sentence to the paragraph's end, not the course's sentence before it
    assert any(t.startswith("温度升高以后分布会变平") for t in texts)
    assert "这一句也在标记之下。" in texts
    assert not any("课程先讲独热编码" in t for t in texts)
    # an unmarked paragraph, the next list item, text outside a parenthesis and outside a box are not covered
    assert not any(t.startswith("没有标记的段落") or t.startswith("下一项") for t in texts)
    assert not any("括号外" in t or "框外" in t for t in texts)
    assert "这一项只管自己。" in texts
    # a marker on a list item's first line covers the item's wrapped lines, not the next item (label round 59)
    assert "折下来的这一句仍归它管。" in texts or any("折下来的这一句仍归它管" in t for t in texts)
    assert not any("再下一项" in t for t in texts)
    assert "括号里的话只管括号" in texts
    # a box's prose is covered; its pointer to the recomputing code is not a claim about the course
    assert any(t.startswith("框里的句子由本站写出") for t in texts)
    assert not any("verify/" in t for t in texts)
    # line numbers count the front matter: the covered sentence of the first paragraph is on line 6 of the file
    assert next(c.line for c in covered if c.text.startswith("温度升高")) == 6


def test_a_covered_sentence_is_placed_in_the_section_that_says_it(seeds: Path):
    score, passage = ms.best_passage("温度升高以后分布会变平，低概率的候选更容易被采到。", seeds)
    assert score > 0.6 and passage[0].section == "1.2" and passage[0].line == 5
    score, passage = ms.best_passage("独热编码只负责区分身份。", seeds)
    assert passage[0].section == "1.1"
    # a sentence on another subject shares little with either section
    low, _ = ms.best_passage("缓存的键值矩阵随序列长度线性增长，显存成为瓶颈。", seeds)
    assert low < 0.2
    # too little content to place anything
    assert ms.best_passage("第一步。", seeds) == (0.0, ())


def test_cli_prints_the_page_line_and_the_seed_section(seeds: Path, tmp_path: Path, monkeypatch, capsys):
    page = tmp_path / "page.md"
    page.write_text(PAGE, encoding="utf-8")
    monkeypatch.setattr(ms, "SEED_DIRS", (seeds,))
    assert ms.main([str(page), "--min", "0.6"]) == 0
    out = capsys.readouterr().out
    assert "page.md:6:" in out and "lecture §1.2 line 5" in out
    assert ms.main([str(tmp_path / "missing.md")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_unmarked_sentences_are_the_ones_read_as_the_course():
    found = [c.text for c in ms.unmarked_sentences(PAGE + "\n## 来源\n\n- 讲义第一章的一节，这一行是出处而不是论断。\n")]
    # the course's sentence before a mid-paragraph marker and the unmarked list item and paragraphs are listed
    assert "课程先讲独热编码。" not in found   # too short to place (under 12 Chinese characters)
    assert any(t.startswith("没有标记的段落") for t in found)
    assert any(t.startswith("下一项不归它管") for t in found)
    # what a marker or box covers is not, nor the 来源 section
    assert not any(t.startswith(("温度升高以后分布会变平", "这一项只管自己", "框里的句子")) for t in found)
    assert not any("出处" in t for t in found)
    # a sentence that names the site as its owner says whose it is in words
    assert not ms.unmarked_sentences("正文第一段写的是本站自己画出来的一张示意图。\n")
    assert ms.unmarked_sentences("正文第一段写的是课程自己画出来的一张示意图。\n")


def test_a_point_another_section_makes_is_listed_until_its_paragraph_credits_it(seeds: Path, tmp_path: Path):
    """--elsewhere: the sentence's best match in a section other than the page's own, where its paragraph does not
    credit that section; the page's own section is never a candidate, and a credit beside the point removes it."""
    page = tmp_path / "page.md"
    text = ("---\nsource: lecture §1.1\n---\n# 标题\n\n独热编码只负责区分身份，词向量的用途来自训练目标。\n\n"
            "温度升高以后分布会变平，低概率的候选也就更容易被采到。\n")
    page.write_text(text, encoding="utf-8")
    (line, share, section, sentence, _), = ms.uncredited_elsewhere(page, 0.5, seeds)
    assert (line, section) == (8, "lecture §1.2") and share > 0.6 and sentence.startswith("温度升高")
    page.write_text(text.replace("被采到。", "被采到（讲义 §1.2 也这样说）。"), encoding="utf-8")
    assert ms.uncredited_elsewhere(page, 0.5, seeds) == []


def test_seed_first_lists_the_pages_restating_a_section_until_they_credit_it(seeds: Path, tmp_path: Path):
    """--restated: for one section, the sentences of other pages sharing most of one of its sentences, uncredited; the
    section's own page is never listed, and a credit beside the point removes it."""
    other = tmp_path / "other.md"
    own = tmp_path / "own.md"
    text = ("---\nsource: lecture §1.1\n---\n# 标题\n\n温度升高以后分布会变平，低概率的候选也就更容易被采到。\n\n"
            "缓存的键值矩阵随序列长度线性增长，显存成为瓶颈。\n")
    other.write_text(text, encoding="utf-8")
    own.write_text(text.replace("lecture §1.1", "lecture §1.2"), encoding="utf-8")
    (score, path, line, sentence, seed), = ms.restated("lecture §1.2", [other, own], 5, seeds)
    assert (path, line, seed.line) == (other, 6, 5) and sentence.startswith("温度升高") and score > 0.5
    other.write_text(text.replace("被采到。", "被采到（讲义 §1.2 也这样说）。"), encoding="utf-8")
    assert ms.restated("lecture §1.2", [other, own], 5, seeds) == []
