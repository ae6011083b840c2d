"""checker/credits.py: a point a page states that another section makes too is credited beside it."""
import dataclasses
from pathlib import Path

import pytest

from checker import credits
from checker.page import read_page
from checker.paths import ROOT

PAGE = ROOT / "docs" / "primer" / "appA" / "A-3.md"
SAYS = "仍可能拼出不合法的标签序列"
CREDIT = "讲义 [§5.6](../../lecture/ch05/5-6.md) 讲 NER 窗口分类器时也这样提醒"
ENTRY = """- page: docs/primer/appA/A-3.md
  says: 仍可能拼出不合法的标签序列
  also: lecture §5.6
  seed: 逐位置独立分类可能产生非法标签组合
  point: 逐位置独立分类会拼出非法标签序列
"""
SEEDS = (ROOT.parent / "shared" / "seeds").is_dir()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "credits.yaml"
    path.write_text(ENTRY, encoding="utf-8")
    return path


def page_with(old: str = "", new: str = ""):
    page = read_page(PAGE)
    assert SAYS in page.body and CREDIT in page.body, "the page changed; pick another credited point"
    return dataclasses.replace(page, body=page.body.replace(old, new, 1)) if old else page


def test_a_credit_beside_the_point_passes(data):
    assert credits.page_errors(page_with(), data) == []


def test_a_credit_removed_fails_with_the_entry_and_what_to_do(data):
    (line, message), = credits.page_errors(page_with("；" + CREDIT, ""), data)
    assert line == page_with().line_of(page_with().body.index(SAYS))
    assert "lecture §5.6" in message and "credits.yaml:1" in message and "add a link" in message


def test_a_credit_sent_to_another_section_fails(data):
    moved = CREDIT.replace("§5.6](../../lecture/ch05/5-6.md)", "§5.7](../../lecture/ch05/5-7.md)")
    assert len(credits.page_errors(page_with(CREDIT, moved), data)) == 1
    # the credit written as text, 讲义 §5.6 without a link, is a credit too
    assert credits.page_errors(page_with(CREDIT, "讲义 §5.6 也这样提醒"), data) == []
    # the other document's § 5.6 is not the lecture's, nor is a paper's, nor one after another document's name
    assert len(credits.page_errors(page_with(CREDIT, "入门文章 §5.6 也这样提醒"), data)) == 1
    assert len(credits.page_errors(page_with(CREDIT, "讲义 §3.1 与入门文章 §5.6 也这样提醒"), data)) == 1
    assert len(credits.page_errors(page_with(CREDIT, "讲义 §3.1 和论文 §5.6 也这样提醒"), data)) == 1
    # two lecture sections after one 讲义 are both the lecture's
    assert credits.page_errors(page_with(CREDIT, "讲义 §3.1、§5.6 也这样提醒"), data) == []


def test_a_point_gone_from_the_page_asks_to_update_or_remove_the_entry(data):
    (_, message), = credits.page_errors(page_with(SAYS, "可能出错"), data)
    assert "no longer on the page" in message and "remove the entry" in message


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_seed_words_must_stand_in_the_section_named(data):
    data.write_text(ENTRY.replace("also: lecture §5.6", "also: lecture §5.7"), encoding="utf-8")
    (_, message), = credits.page_errors(page_with(), data)
    assert "seed words" in message and "lecture §5.7" in message


def test_a_malformed_entry_is_one_line_with_file_and_line(tmp_path):
    path = tmp_path / "credits.yaml"
    path.write_text(ENTRY + "- page: docs/x.md\n  says: y\n", encoding="utf-8")
    with pytest.raises(credits.CreditsError) as exc:
        credits.entries(path)
    assert str(exc.value).startswith(f"{path}:6: an entry has exactly the fields")
    path.write_text(ENTRY.replace("lecture §5.6", "lecture 5.6"), encoding="utf-8")
    with pytest.raises(credits.CreditsError, match=r":1: also 'lecture 5.6' is not a section"):
        credits.entries(path)


def test_every_committed_credit_is_given():
    """The whole file against the site: each page credits what the file says it owes (verify fails a page that does
    not; this names every entry at once)."""
    assert credits.main([]) == 0


def test_a_reworded_sentence_keeps_its_credit_and_a_dropped_credit_still_fails(data):
    """An honest rewording of the sentence at `says` is found by most of its characters in order, and its paragraph
    is held to the credit as before; a sentence whose words are gone altogether asks for the entry to be updated."""
    reworded = page_with(SAYS, "还是可能拼出不合规的标签序列")
    assert credits.page_errors(reworded, data) == []
    dropped = dataclasses.replace(reworded, body=reworded.body.replace("；" + CREDIT, "", 1))
    (_, message), = credits.page_errors(dropped, data)
    assert "does not credit lecture §5.6" in message


def test_two_clauses_of_a_credited_sentence_exchanged_keep_its_credit(data):
    """honest_22a H22a-020: the sentence's two clauses exchanged keep their characters, not their order; the credit
    beside them still counts, and dropping it still fails."""
    body = "前一段。\n\nvalue 只参与求和，key 只参与打分。\n\n后一段。\n"
    assert credits._reworded_at(body, "key 只参与打分，value 只参与求和") == body.index("value")
    assert credits._reworded_at(body, "query 决定读哪里，输出由词表头给出") == -1
    swapped = page_with(SAYS, "标签序列仍可能拼出不合法的")
    assert credits.page_errors(swapped, data) == []
    dropped = dataclasses.replace(swapped, body=swapped.body.replace("；" + CREDIT, "", 1))
    assert len(credits.page_errors(dropped, data)) == 1


def test_entries_that_cannot_be_read_as_written_are_refused_with_their_line(tmp_path):
    """Review of this stop: a field named twice, a field over two lines, a one-character `says`, a Python tag; and
    the command on a missing file. Each is one line with the file and the entry's line."""
    path = tmp_path / "credits.yaml"
    cases = {
        ENTRY.replace("  point:", "  says: 另一句\n  point:"): ":1: an entry names a field twice (says)",
        ENTRY.replace("  point: 逐位置独立分类会拼出非法标签序列", '  point: "逐位置\\n独立"'): ":1: a field runs over two lines",
        ENTRY.replace("  says: 仍可能拼出不合法的标签序列", "  says: 序列"): ":1: `says` and `seed` need at least four",
        ENTRY.replace("  says: 仍可能拼出不合法的标签序列", '  says: !!python/name:os.getcwd ""'): ":2: not plain YAML",
    }
    for text, expected in cases.items():
        path.write_text(text, encoding="utf-8")
        with pytest.raises(credits.CreditsError) as exc:
            credits.entries(path)
        assert str(exc.value).startswith(f"{path}{expected}") and "\n" not in str(exc.value), str(exc.value)
    assert credits.main(["--data", str(tmp_path / "missing.yaml")]) == 2


def test_a_short_says_is_not_found_scattered_over_a_long_paragraph():
    """Review of this stop: deleting a credited sentence re-located a short `says` into any long paragraph that held
    its characters far apart. They must stand within twice its length; close together they are found."""
    scattered = ("词向量的表示来自训练。" * 3 + "这里的顺序由位置编码给出。" * 3 + "它怎样影响输出，要看后面的层。" * 3
                 + "意思也不在单个维度里。")
    assert credits._reworded_at("前一段。\n\n" + scattered + "\n", "词序怎样影响意思") == -1
    assert credits._reworded_at("前一段。\n\n一句话里的词序怎样影响它的意思，要靠后面的网络。\n", "词序怎样影响意思") > 0


def test_a_section_number_inside_a_link_to_the_other_document_credits_that_document_only():
    """Round 64's reader: on a primer page, [§7.6](../../lecture/ch07/7-6.md) is the lecture's §7.6; it credited the
    primer's §7.6 too, since a bare § on a primer page is the primer's."""
    page = ROOT / "docs" / "primer" / "appA" / "A-3.md"
    block = "这一点见 [§7.6](../../lecture/ch07/7-6.md)。"
    assert credits._credits(page, block, "lecture §7.6")
    assert not credits._credits(page, block, "primer §7.6")
    assert credits._credits(page, "这一点见 §7.6。", "primer §7.6")
