"""checker/absences.py: a sentence saying what the course does not give holds against the seed text searched."""
import dataclasses
from pathlib import Path

import pytest

from checker import absences
from checker.page import read_page
from checker.paths import ROOT

PAGE = ROOT / "docs" / "lecture" / "ch04" / "4-3.md"
TRUE = "讲义本节没有印出缩放后的权重矩阵"   # scoped to the section its entry searches (unscoped_section_search)
ENTRY = """- page: docs/lecture/ch04/4-3.md
  says: 讲义本节没有印出缩放后的权重矩阵
  in: lecture §4.3
  near: 权重随之改变
  absent: ['.670']
  point: 讲义不印缩放后的权重
"""
SEEDS = (ROOT.parent / "shared" / "seeds").is_dir()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "absences.yaml"
    path.write_text(ENTRY, encoding="utf-8")
    return path


def page_with(body: str):
    page = read_page(PAGE)
    front = PAGE.read_text(encoding="utf-8")[:page.body_offset]
    assert not absences.claims(front), "the page's front matter says what the course lacks; pick another page"
    return dataclasses.replace(page, body=body)


def test_sentences_that_say_what_the_course_lacks_are_found_and_others_are_not():
    found = [words for _, _, words in absences.claims(
        "讲义没有印出缩放后的权重。入门文章只算了 A、C 两条。课程对第三轮只交代了结论。"
        "入门文章参考文献第 8 条（未给节号）。")]
    assert found == ["讲义没有印出", "入门文章只算", "课程对第三轮只交代", "入门文章参考文献第 8 条（未给"]
    # an example in code font, the site's own absence, a clause after a colon, a condition: no claim about the course
    assert absences.claims("`课程没有印出后两行`。讲义的例子本站没有测。讲义同时提醒：这没有证明。"
                           "课程约定，某列若在所有文档中都没出现。") == []
    # label round 62: true sentences worded otherwise, which readers reworded to be found, are found as written
    found = [words for _, _, words in absences.claims(
        "讲义本节没有指明位置。讲义里这份账本身缺失。入门文章没有这组评论。这一步不在入门文章中。讲义只区分了两类。")]
    assert found == ["讲义本节没有指明", "讲义里这份账本身缺失", "入门文章没有这组", "不在入门文章", "讲义只区分"]
    # the eighth new-author trial: 没有把 … 算成 is a claim (it was missed); a heading names a topic, it states nothing
    assert [w for _, _, w in absences.claims("入门文章没有把 $c$ 再往下算成概率。")] == ["入门文章没有把"]
    assert absences.claims("## 课程给了什么，没给什么\n\n正文。\n") == []
    # label round 67 (6-4): the thing as subject and the document after the verb; a table that is in it is no claim
    assert [w for _, _, w in absences.claims("那次运行的结果表没有收进讲义读本。")] == ["那次运行的结果表没有收进讲义"]
    assert absences._named("没有收进讲义") == {"lecture"}
    assert absences.claims("那次运行的结果表收进了讲义读本。") == []
    # new-author trial 9: a place before the verb is found; a question word after it names a topic (a description)
    assert [w for _, _, w in absences.claims("两份文档都没有在 $T=1$ 以外的具体温度下算出一组概率。")] == \
        ["两份文档都没有在 $T=1$ 以外的具体温度下算出"]
    assert absences._named("两份文档都没有在别处算出") == {"lecture", "primer"}
    assert absences.claims("并指出课程在哪些小节讲解码、给了什么、没给什么。") == []
    assert [w for _, _, w in absences.claims("课程给了公式，没给例子。")] == ["课程给了公式，没给"]
    # trial 10: the site as the subject (本站用讲义的…，只把布局换掉), untrained course numbers (讲义给定的教学数，没有训练过)
    assert absences.claims("本站用讲义的这组输入和权重，只把布局换掉。") == []
    assert absences.claims("权重是讲义给定的教学数，没有训练过。") == []
    assert [w for _, _, w in absences.claims("课程并没有训练出这样的模型。")] == ["课程并没有训练"]
    assert [w for _, _, w in absences.claims("讲义用这组输入，只给了结果。")] == ["讲义用这组输入，只给"]
    # new-author trial 17's 〔本站构造〕特征仍用入门文章给的…，只把系数换成… is read as a claim: review 79 showed that
    # excusing it under the marker also excused false absences in the same sentence
    assert absences.claims("〔本站构造〕这里仍用入门文章给的表，入门文章没有给出词表顺序。")


def test_the_document_an_absence_is_said_of_is_the_name_nearest_before_its_negation():
    """Label round 62 (primer A-5): 讲义 §2.2 引了此文，入门文章的参考文献未列 is said of the primer, which is searched;
    names joined by 和 are both searched."""
    assert absences._named("讲义 §2.2 引了此文，入门文章的参考文献未列") == {"primer"}
    assert absences._named("讲义和入门文章都没有写出") == {"lecture", "primer"}
    assert absences._named("课程只给了矩阵") == {"lecture", "primer"}
    assert absences._named("讲义没有印出") == {"lecture"}


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_a_recorded_true_absence_passes_and_a_string_the_text_holds_fails(data):
    assert absences.page_errors(page_with(f"前一段。\n\n{TRUE}。\n"), data) == []
    # the section prints the unscaled weights (.422319): a sentence saying it does not is false, and the file says so
    data.write_text(ENTRY.replace("'.670'", "'.422319'"), encoding="utf-8")
    (_, message), = absences.page_errors(page_with(f"前一段。\n\n{TRUE}。\n"), data)
    assert "lecture §4.3 holds '.422319'" in message and "absences.yaml:1" in message


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_a_new_absence_sentence_needs_an_entry_and_its_subject_decides_what_is_searched(data):
    (line, message), = absences.page_errors(page_with(f"{TRUE}。\n\n入门文章没有给出这两行的数。\n"), data)
    assert line == read_page(PAGE).body_first_line + 2 and "'入门文章没有给出这两行的数' says what the course does not give" in message
    # 讲义 turned into 课程 speaks of the primer too: the entry searched the lecture only
    data.write_text(ENTRY.replace("says: 讲义", "says: 课程"), encoding="utf-8")
    (_, message), = absences.page_errors(page_with(f"{TRUE.replace('讲义', '课程')}。\n"), data)
    assert "speaks of 入门文章 too" in message
    data.write_text(ENTRY.replace("says: 讲义", "says: 课程").replace("in: lecture §4.3", "in: lecture §4.3, primer"),
                    encoding="utf-8")
    assert absences.page_errors(page_with(f"{TRUE.replace('讲义', '课程')}。\n"), data) == []


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_every_occurrence_of_a_recorded_sentence_is_covered(data):
    """Label round 62 (lecture 3-6): two table cells with the same words are one entry, not two."""
    assert absences.page_errors(page_with(f"| {TRUE} | {TRUE} |\n"), data) == []


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_an_entry_whose_sentence_is_gone_or_whose_near_words_are_elsewhere_fails(data):
    (_, message), = absences.page_errors(page_with("讲义印出了全部权重。\n"), data)
    assert "no longer on the page" in message and "remove the entry" in message
    data.write_text(ENTRY.replace("near: 权重随之改变", "near: 因果遮罩"), encoding="utf-8")
    (_, message), = absences.page_errors(page_with(f"{TRUE}。\n"), data)
    assert "near words '因果遮罩'" in message


def test_malformed_entries_are_one_line_with_file_and_line(tmp_path):
    path = tmp_path / "absences.yaml"
    cases = {
        ENTRY.replace("in: lecture §4.3", "in: 讲义 4.3"): ":1: in '讲义 4.3' is not where the course could say it",
        ENTRY.replace(f"says: {TRUE}", "says: 权重"): ":1: says '权重' is too short",
        ENTRY.replace("absent: ['.670']", "absent: []"): ":1: absent is a list of one or more strings",
        ENTRY.replace("absent: ['.670']", "absent: .670"): ":1: absent is a list of one or more strings",
        ENTRY.replace("  point:", "  near: 又一处\n  point:"): ":1: an entry names a field twice (near)",
        ENTRY + "- page: docs/x.md\n  says: 讲义没有印出\n": ":7: an entry has exactly the fields",
    }
    for text, expected in cases.items():
        path.write_text(text, encoding="utf-8")
        with pytest.raises(absences.AbsencesError) as exc:
            absences.entries(path)
        assert str(exc.value).startswith(f"{path}{expected}") and "\n" not in str(exc.value), str(exc.value)


def test_every_absence_sentence_of_the_site_is_kept_and_holds():
    """The whole file against the site: each sentence saying what the course lacks has an entry that holds."""
    assert absences.main([]) == 0


def test_an_unreadable_data_file_is_one_line_and_no_page_is_checked(tmp_path, monkeypatch, capsys):
    """Review of the last stop: a malformed credits file failed every page with the same line. verify now says it
    once, with the file and line, and checks nothing (exit 2); the absences file the same."""
    from checker import cli, credits
    for module, text in ((credits, "- page: docs/x.md\n  says: y\n"), (absences, ENTRY.replace("in: lecture §4.3", "in: 4.3"))):
        bad = tmp_path / f"{module.__name__}.yaml"
        bad.write_text(text, encoding="utf-8")
        monkeypatch.setattr(module, "DATA", bad)
        assert cli.main(["--out", str(tmp_path / "out"), str(PAGE)]) == 2
        out = capsys.readouterr().out.strip()
        assert "\n" not in out and out.startswith(f"{bad}:1: ") and "no page checked" in out, out
        monkeypatch.undo()


def test_a_decimal_string_finds_a_longer_printed_number_that_rounds_to_it():
    """Second reader of round 62: the lecture prints six places without the leading zero (.422319), so an entry's
    '0.4223' missed the very number it stood for. A decimal now finds any number printed to as many places or more
    that rounds to it, with its sign; numbers apart stay apart (1.089392 2016 is not 1.0893922016)."""
    text = "A≈[.422319&.155362]，0.108383 与 1.089392 2016，−0.269"
    assert absences._found("0.4223", text) == ".422319" and absences._found(".1084", text) == "0.108383"
    assert absences._found("1.0894", text) == "1.089392" and absences._found("-0.269", text) == "−0.269"
    assert absences._found("0.4224", text) is None and absences._found("0.269", text) == "−0.269"
    assert absences._found("0.4", "10.45") is None and absences._found("-0.108", text) is None
    assert absences._found("1.0893922", text) is None and absences._found("2016", text) == "2016"


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_an_entry_whose_four_place_string_rounds_a_printed_number_fails(data):
    data.write_text(ENTRY.replace("'.670'", "'0.4223'"), encoding="utf-8")
    (_, message), = absences.page_errors(page_with(f"{TRUE}。\n"), data)
    assert "holds '.422319', which rounds to '0.4223'" in message


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_an_entry_reaches_its_clauses_end_so_a_changed_object_is_seen(data):
    """Review of this stop: a `says` that stopped at the verb (讲义没有印出) let the thing said to be absent change
    unseen, and covered any new sentence with the same opening. It must reach its clause's end."""
    data.write_text(ENTRY.replace(f"says: {TRUE}", "says: 讲义本节没有印出"), encoding="utf-8")
    short = [m for _, m in absences.page_errors(page_with(f"{TRUE}。\n"), data) if "short of its clause's end" in m]
    assert len(short) == 1 and "缩放后的权重矩阵" in short[0]
    changed = absences.page_errors(page_with("讲义本节没有印出未缩放的权重矩阵。\n"), open_entry(data))
    assert any("no longer on the page" in m for _, m in changed)
    new = absences.page_errors(page_with(f"{TRUE}。\n\n讲义没有印出任何一个 BLEU 分数。\n"), open_entry(data))
    assert [m for _, m in new if "says what the course does not give" in m]


def test_a_link_inside_the_clause_does_not_end_it():
    """The message quoted a clause cut inside a link (讲义没有给出 [§2.5](../ch02/2-5.md), the link's ')' read as the
    clause's end): a link's brackets end no clause, a closing parenthesis of the prose still does."""
    view = "讲义没有给出 [§2.5](../ch02/2-5.md) 那张表的内容，本站补上。"
    assert absences.clause_after(view, len("讲义没有给出")) == " [§2.5](../ch02/2-5.md) 那张表的内容"
    assert absences.clause_after("（讲义没有给出表）后面", len("（讲义没有给出")) == "表"
    titled = "讲义没有给出 [§2.5](../ch02/2-5.md \"右移\") 那张表，本站补上。"
    assert absences.clause_after(titled, len("讲义没有给出")).endswith("那张表")   # review 77: a link with a title
    image = "讲义没有给出 ![图](a.png) 那张图，本站补上。"
    assert absences.clause_after(image, len("讲义没有给出")).endswith("那张图")   # review 78: an image link


def open_entry(data):
    data.write_text(ENTRY, encoding="utf-8")
    return data


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_a_wrapped_line_is_read_as_one_and_more_ways_of_saying_it_are_found(data):
    """Review of this stop: 讲义本节\\n没有给出学习率 was no claim, and a kept sentence re-wrapped was 'no longer on the
    page'; 讲义不印, 没有单独给, 没有对 T5 另说, 没有这样说 are claims; 不只给出, 没有讲错, 如果讲义没有给出, 跳不跳过 are not."""
    assert [w for _, _, w in absences.claims("讲义本节\n没有给出学习率。")] == ["讲义本节\n没有给出"]
    assert absences.page_errors(page_with(TRUE[:4] + "\n" + TRUE[4:] + "。\n"), data) == []
    found = [w for _, _, w in absences.claims("讲义不印权重。讲义没有单独给它的小数。讲义没有对 T5 另说一遍。入门文章本身没有这样说。")]
    assert found == ["讲义不印", "讲义没有单独给", "讲义没有对 T5 另说", "入门文章本身没有这样"]
    assert absences.claims("讲义不只给出公式。课程没有讲错。如果讲义没有给出，本站补上。讲义也注明跳不跳过。讲义仅用于课堂。") == []
    assert absences._named("讲义 §4.3 和入门文章 §5.1 都没有给出") == absences._named("讲义没有，入门文章也没有给出") \
        == {"lecture", "primer"}


WHOLE = TRUE.replace("本节", "")   # 讲义没有印出缩放后的权重矩阵: said of the whole lecture


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_a_whole_document_sentence_whose_entry_searched_one_section_fails(data):
    """Review of round 67: 讲义没有列出每一轮的合并 speaks of the whole lecture, and its entry searched §1.12 only (12
    such strings stood elsewhere in the document). A section-only `in` needs a scoped sentence."""
    data.write_text(ENTRY.replace(f"says: {TRUE}", f"says: {WHOLE}"), encoding="utf-8")
    (line, message), = absences.page_errors(page_with(f"{WHOLE}。\n"), data)
    assert line == read_page(PAGE).body_first_line and "\n" not in message
    assert f"'{WHOLE}' speaks of the whole lecture" in message and "only lecture §4.3" in message
    assert "in: lecture" in message and "讲义本节" in message and "absences.yaml:1" in message
    # a scoping word in an earlier clause does not scope this one
    assert absences.page_errors(page_with(f"讲义这一节讲了别的，{WHOLE}。\n"), data) == [(line, message)]


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_the_same_sentence_scoped_with_a_section_word_passes(data):
    """讲义本节没有印出…: 本节 in `says`, or just before it in its clause, scopes it to the section searched."""
    assert absences.page_errors(page_with(f"{TRUE}。\n"), data) == []
    # the scoping word may stand just before `says`, in its clause
    data.write_text(ENTRY.replace(f"says: {TRUE}", f"says: {WHOLE}"), encoding="utf-8")
    assert absences.page_errors(page_with(f"这一节里{WHOLE}。\n"), data) == []


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_widening_in_passes_when_the_string_is_absent_everywhere_and_fails_when_another_section_holds_it(data):
    whole = ENTRY.replace(f"says: {TRUE}", f"says: {WHOLE}").replace("in: lecture §4.3", "in: lecture")
    data.write_text(whole, encoding="utf-8")
    assert absences.page_errors(page_with(f"{WHOLE}。\n"), data) == []   # .670 stands nowhere in the lecture
    # 1.649 (a perplexity of §1.13) is not in §4.3, so the section-only entry missed it; the whole lecture holds it
    data.write_text(whole.replace("'.670'", "'1.649'"), encoding="utf-8")
    (_, message), = absences.page_errors(page_with(f"{WHOLE}。\n"), data)
    assert "lecture holds '1.649'" in message
    data.write_text(ENTRY.replace("'.670'", "'1.649'"), encoding="utf-8")
    assert absences.page_errors(page_with(f"{TRUE}。\n"), data) == []


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_only_what_stands_before_the_negation_scopes_an_absence_sentence(data):
    """Code review of stop 67: a demonstrative or a § after the negation names the thing absent, not the place searched
    (讲义没有印出这个矩阵 passed as scoped); scopes the word list missed (本章, 在这一节里，…, 讲义读本 §4.3) pass."""
    def scoped(sentence: str) -> bool:
        data.write_text(ENTRY.replace(f"says: {TRUE}", f"says: {sentence}"), encoding="utf-8")
        return not [m for _, m in absences.page_errors(page_with(f"{sentence}。\n"), data) if "speaks of the whole" in m]
    for whole in ("讲义没有印出这个缩放后的权重矩阵", "讲义没有印出缩放后的权重矩阵（入门文章 §13.3 算过）",
                  "讲义没有举缩放后的权重矩阵的例子"):
        assert not scoped(whole), whole
    for part in ("讲义本章没有印出缩放后的权重矩阵", "讲义读本 §4.3 没有印出缩放后的权重矩阵",
                 "讲义的这个算例没有印出缩放后的权重矩阵",
                 # new-author trial 22: a modifier between the document and its § (入门文章讲困惑度的 §11.5 没有…)
                 "讲义讲注意力的 §4.3 没有印出缩放后的权重矩阵"):
        assert scoped(part), part
    # a § after the negation still names the thing absent, with a space before the verb or not
    assert not scoped("讲义没有印出 §4.3 的缩放后的权重矩阵")
    # review 84: a § of another work is no section of the lecture
    assert not scoped("讲义与 sutskever2014 §3 没有印出缩放后的权重矩阵")
    data.write_text(ENTRY.replace(f"says: {TRUE}", "says: 讲义没有印出缩放后的权重矩阵"), encoding="utf-8")
    assert not [m for _, m in absences.page_errors(page_with("在这一节里，讲义没有印出缩放后的权重矩阵。\n"), data)
                if "speaks of the whole" in m]


@pytest.mark.skipif(not SEEDS, reason="the course documents are not beside the project")
def test_each_document_a_sentence_names_is_judged_on_its_own(data):
    """Code review of stop 67: 课程没有… with in: lecture §4.3, primer searched the primer whole and the lecture in part,
    and the scope rule skipped it."""
    mixed = ENTRY.replace(f"says: {TRUE}", "says: 课程没有印出缩放后的权重矩阵").replace(
        "in: lecture §4.3", "in: lecture §4.3, primer")
    data.write_text(mixed, encoding="utf-8")
    found = [m for _, m in absences.page_errors(page_with("课程没有印出缩放后的权重矩阵。\n"), data)
             if "speaks of the whole" in m]
    assert len(found) == 1 and "whole lecture (讲义)" in found[0] and "in: lecture)" in found[0], found
    data.write_text(mixed.replace("in: lecture §4.3, primer", "in: lecture, primer"), encoding="utf-8")
    assert not [m for _, m in absences.page_errors(page_with("课程没有印出缩放后的权重矩阵。\n"), data)
                if "speaks of the whole" in m]


def test_an_absence_with_the_thing_before_the_verb_is_kept_with_the_thing(data):
    """Code review of stop 67: 那次运行的结果表没有收进讲义读本 was kept from 没有 on, so another table put there (混淆矩阵)
    passed under the old entry; the claim now starts with its clause."""
    assert [w for _, _, w in absences.claims("本站另有说明：那次运行的混淆矩阵没有收进讲义读本。")] == \
        ["那次运行的混淆矩阵没有收进讲义"]


def test_a_claim_template_in_the_front_matter_is_no_absence_sentence(tmp_path, data):
    """New-author trial 24: a claim template repeating a body sentence ('两份文档都没有讨论极端取值（$k={k_one}$…')
    was told it says what the course does not give, and the entry's words were read there first (its clause goes on
    as a template). The body's sentence is the one held; a body sentence with no entry still fails."""
    copy = tmp_path / "docs" / "lecture" / "ch04" / "4-3.md"
    copy.parent.mkdir(parents=True)
    text = PAGE.read_text(encoding="utf-8")
    text = text.replace("claims:\n", f"claims:\n  - '{TRUE}{{x}}'\n  - '讲义没有给出温度取 {{x}} 的例子'\n", 1)
    page = read_page(PAGE)
    copy.write_text(text[:text.index("\n---", 4) + 5] + f"\n{TRUE}。\n", encoding="utf-8")
    found = absences.page_errors(read_page(copy), data)
    assert found == [], found
    copy.write_text(copy.read_text(encoding="utf-8") + "\n讲义没有给出温度取零的例子。\n", encoding="utf-8")
    assert any("says what the course does not give" in m for _, m in absences.page_errors(read_page(copy), data))
    # review 86: a YAML comment among the claims is a note of the page's, read as the others are
    noted = text.replace("claims:\n", "claims:\n  # 讲义没有给出温度取零的例子\n", 1)
    copy.write_text(noted[:noted.index("\n---", 4) + 5] + f"\n{TRUE}。\n", encoding="utf-8")
    assert any("says what the course does not give" in m for _, m in absences.page_errors(read_page(copy), data))
