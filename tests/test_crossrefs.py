"""Cross-references are bound (issue 31, checker/crossrefs.py): a link's text and its target agree, a section named
in prose exists, and a glossary row links pages that say its term. The outsiders' edits fail with the right target;
the site's own links pass."""
import os
import re

from checker import crossrefs
from checker.page import read_page
from checker.paths import ROOT
from tests.site import errors_on_every_page

DOCS = ROOT / "docs"


def _errors(tmp_path, page: str, *edits, name: str | None = None):
    """The page's cross-reference errors after the edits, checked from a copy whose relative links are rewritten to
    reach the real pages (so the copy can live in tmp_path)."""
    path = DOCS / page
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, f"{page} no longer contains {old!r}; update the test"
        text = text.replace(old, new, 1)
    base = os.path.relpath(path.parent, tmp_path).replace(os.sep, "/")
    text = re.sub(r"\]\((?!https?:|#)([^)\s]+\.md)", lambda m: f"]({base}/{m.group(1)}", text)
    target = tmp_path / (name or path.name)
    target.write_text(text, encoding="utf-8")
    return [message for _, message in crossrefs.errors(read_page(target))]


def test_the_site_as_it_is_has_no_cross_reference_error():
    assert errors_on_every_page(crossrefs.errors) == []


def test_a_link_whose_text_names_another_section_fails_with_the_right_target(tmp_path):
    """8-2 links §8.3; pointed at 8-1 it fails and names 8-3.md, pointed back it passes."""
    assert _errors(tmp_path, "primer/ch08/8-2.md") == []
    [error] = _errors(tmp_path, "primer/ch08/8-2.md", ("[§8.3](8-3.md)", "[§8.3](8-1.md)"))
    assert "link text '§8.3' names primer §8.3" in error and "is primer §8.1" in error and "8-3.md" in error


def test_the_ledger_is_in_the_section_the_link_goes_to(tmp_path):
    [error] = _errors(tmp_path, "lecture/ch07/index.md", ("- [§7.7](7-7.md) 分块停点", "- [§7.8](7-7.md) 分块停点"))
    assert "names lecture §7.8, but" in error and "lecture §7.7" in error


def test_a_section_named_without_a_link_must_exist(tmp_path):
    assert _errors(tmp_path, "primer/ch09/9-4.md") == []   # 讲义读本 §2.13 与 §2.15: the qualifier reaches both
    [error] = _errors(tmp_path, "primer/ch09/9-4.md", ("讲义读本 §2.13 与 §2.15", "讲义读本 §2.13 与 §2.25"))
    assert "names lecture §2.25, which the lecture does not have" in error
    # a paper's section is the bibliography's business
    assert _errors(tmp_path, "primer/ch09/9-4.md", ("讲义读本 §2.13 与 §2.15", "原论文 §2.25")) == []
    # the nearest document word names the section's document (new-author trial 12: 讲义第 7 章与入门文章第 14 章)
    assert _errors(tmp_path, "primer/ch09/9-4.md", ("讲义读本 §2.13 与 §2.15", "讲义第 2 章与入门文章第 14 章")) == []
    [error] = _errors(tmp_path, "primer/ch09/9-4.md", ("讲义读本 §2.13 与 §2.15", "入门文章第 2 章与讲义第 14 章"))
    assert "names lecture §14, which the lecture does not have" in error
    [error] = _errors(tmp_path, "primer/ch09/9-4.md", ("讲义读本 §2.13 与 §2.15", "讲义的入门部分 §15.2"))
    assert "names lecture §15.2" in error   # 入门部分 is a part of the lecture, not the primer


def test_a_glossary_entry_links_a_page_that_says_its_term(tmp_path):
    head = "| head，注意力头 | 一套独立的注意力投影和计算；多头就是并行的多套 | [§13.7](../ch13/13-7.md) |"
    assert _errors(tmp_path, "primer/appC/index.md") == []
    moved = head.replace("[§13.7](../ch13/13-7.md)", "[§13.6](../ch13/13-6.md)")   # text and target both changed
    [error] = _errors(tmp_path, "primer/appC/index.md", (head, moved))
    assert "glossary entry 'head，注意力头' links" in error and "13-6.md" in error and "ch13/13-7.md" in error


def test_a_construction_named_in_a_link_is_on_the_page_it_links(tmp_path):
    body = "---\nid: test.xref\ntitle: t\nsource: lecture §3.5\nevidence: []\n---\n# t\n\n见 [R7.2]({}) 的三槽构造。\n"
    base = os.path.relpath(DOCS / "topics", tmp_path).replace(os.sep, "/")
    (tmp_path / "a.md").write_text(body.format(f"{base}/attention-to-prediction.md"), encoding="utf-8")
    assert crossrefs.errors(read_page(tmp_path / "a.md")) == []
    base = os.path.relpath(DOCS / "lecture" / "ch03", tmp_path).replace(os.sep, "/")
    (tmp_path / "b.md").write_text(body.format(f"{base}/3-10.md"), encoding="utf-8")
    [(line, error)] = crossrefs.errors(read_page(tmp_path / "b.md"))
    assert line == 9 and "names R7.2, but" in error


def test_a_count_in_a_link_text_is_the_targets_own(tmp_path):
    """'§4.8 两个 head' restates 4-8's title; a mutated count there used to pass every check (link texts are left out
    of the page's number checks, since the target states them)."""
    assert _errors(tmp_path, "lecture/ch04/index.md") == []
    [error] = _errors(tmp_path, "lecture/ch04/index.md", ("[§4.8 两个 head", "[§4.8 四个 head"))
    assert "says '四个', but" in error and "4-8.md" in error


def test_a_link_moved_to_a_sibling_section_fails_where_its_sentence_describes_the_sibling(tmp_path):
    """Blind corpus W6-036 and W5-036: the number and the target agree, but the sentence's words (torch autograd's
    check of the local gradients; the key-pairing test) are §3.7's and §2.12's, not the moved-to page's."""
    assert _errors(tmp_path, "lecture/ch03/3-1.md") == []
    [error] = _errors(tmp_path, "lecture/ch03/3-1.md", ("见 [§3.7](3-7.md)", "见 [§3.8](3-8.md)"))
    # (label round 75 split the sentence: its words before the link are 局部梯度的细式, §3.7's)
    assert "the sentence linking §3.8" in error and "lecture §3.7" in error and "细式" in error
    assert _errors(tmp_path, "lecture/ch02/2-1.md") == []
    [error] = _errors(tmp_path, "lecture/ch02/2-1.md", ("钥匙配对（[§2.12](2-12.md)）", "钥匙配对（[§2.13](2-13.md)）"))
    # the sibling named is the one whose words the sentence shares most: §2.12 or, as pages are edited, another page
    # of the chapter that runs the key-pairing test (2-11 does); which one may change, that one is named may not
    named = re.search(r"which lecture §(2\.\d+)", error)
    # the words are quoted as runs the sibling shares: 钥匙配对 whole, or 钥匙 and 配对 where the sibling says them apart
    assert "the sentence linking §2.13" in error and "钥匙" in error and "配对" in error and named \
        and named.group(1) != "2.13", error
    sibling = DOCS / "lecture" / "ch02" / f"2-{named.group(1).split('.')[1]}.md"
    assert all(word in sibling.read_text(encoding="utf-8") for word in ("钥匙", "配对", "检验"))



def test_the_next_section_is_the_one_after_the_pages_own(tmp_path):
    """blind_wrong_8 W8-038: 下一节 [§8.2](8-2.md) on primer §8.1 retargeted to §8.3 kept its text and target in
    agreement and its sentence's words near both; 下一节 says which section it must be. 上一节 likewise."""
    assert _errors(tmp_path, "primer/ch08/8-1.md") == []
    [error] = _errors(tmp_path, "primer/ch08/8-1.md", ("下一节 [§8.2](8-2.md)", "下一节 [§8.3](8-3.md)"))
    assert "下一节 §8.3: the section after §8.1 is §8.2" in error
    wrong = _errors(tmp_path, "primer/ch08/8-1.md", ("- 下一节：[§8.2 先造", "- 下一节：[§8.4 先造"))
    assert any("the section after §8.1 is §8.2" in e for e in wrong), wrong
    assert _errors(tmp_path, "lecture/ch03/3-9.md") == []
    [error] = _errors(tmp_path, "lecture/ch03/3-9.md", ("- 上一节：[§3.8](3-8.md)", "- 上一节：[§3.7](3-7.md)"))
    assert "the section before §3.9 is §3.8" in error


def test_a_title_link_followed_by_its_section_number_goes_to_that_section(tmp_path):
    """Blind corpus 12 (W12-036): the chapter index's '[同一格里，训练和生成看见什么](3-13.md)（§3.13）' pointed at 3-14
    kept its title and number and passed a re-pin; the number after the link names the section."""
    item = "[同一格里，训练和生成看见什么](3-13.md)（§3.13）"
    assert _errors(tmp_path, "lecture/ch03/index.md") == []
    [error] = _errors(tmp_path, "lecture/ch03/index.md", (item, item.replace("3-13.md", "3-14.md")))
    assert "names lecture §3.13, but" in error and "is lecture §3.14" in error and "3-13.md" in error


def test_a_word_weighs_by_its_rarity_among_the_pages_compared_only(tmp_path):
    """Check 4 weighs words over the target and its siblings, not the whole site: an edit on a page of another
    chapter cannot move this chapter's weights (7-5 failed after a label round edited other pages)."""
    pages = []
    for i, text in enumerate(["键值缓存 与 分块", "键值缓存 与 位置", "键值缓存 与 稀疏"]):
        pages.append(tmp_path / f"p{i}.md")
        pages[-1].write_text(text, encoding="utf-8")
    w = crossrefs._local_weights({"键值", "分块", "无关"}, pages)
    assert w["无关"] == 0.0 and w["分块"] > w["键值"] > 0
    (tmp_path / "elsewhere.md").write_text("分块 分块 分块", encoding="utf-8")   # a page not compared
    assert crossrefs._local_weights({"键值", "分块", "无关"}, pages) == w


def test_a_year_the_sentence_names_tells_the_sections_apart(tmp_path):
    """Blind corpus 17 (W17-041): [§1.16](1-16.md) 已经提醒，这批材料里没有 2026 年… moved, text and target together,
    to §1.13; the year 2026 is a word of §1.16's page, not of §1.13's, and check 4 now reads four-digit numbers as
    words. The link as it stands passes."""
    old = "[§1.16](1-16.md) 已经提醒，这批材料里没有 2026 年"
    assert not [e for e in _errors(tmp_path, "lecture/ch01/1-17.md") if "speaks of" in e]
    moved = _errors(tmp_path, "lecture/ch01/1-17.md", (old, old.replace("§1.16](1-16.md)", "§1.13](1-13.md)")))
    assert any("speaks of" in e and "2026" in e and "1-16.md" in e for e in moved), moved


def test_words_of_whose_a_thing_is_send_no_link_to_a_sibling():
    """Label round 66: lecture 7-7's 讲义 [§7.6](7-6.md) 说这一账“下表逐项核算”，但本站所据的讲义文本里没有那张表 was
    sent to 7-13 for 站所据的讲、义文本里没: words of provenance, which every page with such a sentence shares."""
    import dataclasses
    page = read_page(ROOT / "docs" / "lecture" / "ch07" / "7-7.md")
    line = next(l for l in page.body.split("\n") if "讲义 §7.6 说这一账" in l)
    linked = dataclasses.replace(page, body=page.body.replace(line, line.replace("讲义 §7.6 说", "讲义 [§7.6](7-6.md) 说")))
    assert crossrefs.topic_errors(linked) == []
