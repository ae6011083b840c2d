"""Whose number is it (checker/kinds.py): labelled blocks checked against the declared kinds of the numbers they
hold, both ways; one vocabulary of labels; counts stated, not blurred (checker/counts.py). The declarations
themselves are tested in tests/test_declared.py."""
import pytest
from conftest import check_text

from checker.counts import blurred_counts, enumerated_count, rate
from checker.kinds import KINDS, LABELS, Mark, blocks, check_blocks
from checker.seed_numbers import SectionNumbers, section_numbers

SITE_PAGE = """---
id: test.site
title: t
source: lecture §3.5
evidence: [construction]
verify: verify/lecture/ch03_read.py::three_slot_read
claims:
  - '\\alpha\\approx{alpha}'
---
# t

$$\\alpha\\approx(0.422319,0.155362,0.422319)$$
"""
OTHER_SECTION = SITE_PAGE.replace("source: lecture §3.5", "source: lecture §1.6")


@pytest.fixture
def alpha_is_the_sites(monkeypatch):
    """OTHER_SECTION's alpha declared as the site's construction (lecture §1.6 does not print it)."""
    from verify.lecture import ch03_read
    monkeypatch.setattr(ch03_read.three_slot_read, "key_kinds", (("alpha", "site_construction"),), raising=False)


@pytest.fixture
def alpha_is_the_courses(monkeypatch):
    from verify.lecture import ch03_read
    monkeypatch.setattr(ch03_read.three_slot_read, "key_kinds", (("alpha", "course"),), raising=False)


def errors(tmp_path, text, needle):
    return [e for e in check_text(tmp_path, text).errors if needle in e]


def test_a_construction_number_the_seed_does_not_state_needs_a_site_label(tmp_path, alpha_is_the_sites):
    assert errors(tmp_path, OTHER_SECTION, "site's own construction")
    boxed = OTHER_SECTION.replace("$$\\alpha", '!!! example "本站构造"\n    $$\\alpha')
    assert not check_text(tmp_path, boxed).errors
    marked = OTHER_SECTION.replace("$$\\alpha\\approx(0.422319,0.155362,0.422319)$$",
                                   "读取权重 $\\alpha\\approx(0.422319,0.155362,0.422319)$。〔本站构造〕")
    assert not check_text(tmp_path, marked).errors


def test_the_course_label_over_a_site_number_fails_and_over_the_course_number_passes(tmp_path, monkeypatch):
    from verify.lecture import ch03_read
    monkeypatch.setattr(ch03_read.three_slot_read, "key_kinds", (("alpha", "site_construction"),), raising=False)
    assert errors(tmp_path, OTHER_SECTION.replace("$$\\alpha", '!!! example "教学构造"\n    $$\\alpha'),
                  "block labelled 教学构造 holds 本站构造")
    monkeypatch.setattr(ch03_read.three_slot_read, "key_kinds", (("alpha", "course"),), raising=False)
    assert not check_text(tmp_path, SITE_PAGE.replace("$$\\alpha", '!!! example "教学构造"\n    $$\\alpha')).errors


def test_the_site_label_over_the_course_number_fails(tmp_path, alpha_is_the_courses):
    """lecture §3.5 states 0.422319 and 0.155362: they are the course's, not the site's."""
    assert errors(tmp_path, SITE_PAGE.replace("$$\\alpha", '!!! example "本站构造"\n    $$\\alpha'),
                  "block labelled 本站构造 holds no number of the site")


def test_every_other_label_over_computed_numbers_fails(tmp_path, alpha_is_the_sites):
    for label, kind in (("历史记录", "abstract"), ("论文结果", "quote"), ("本站运行", "success")):
        text = OTHER_SECTION.replace("$$\\alpha", f'!!! {kind} "{label}"\n    $$\\alpha')
        assert errors(tmp_path, text, f"block labelled {label}"), label


def test_a_course_count_credited_in_an_aside_does_not_make_a_site_marker_the_courses():
    """Label round 85: 〔本站构造〕…（[§18.1] 也提醒，六条教学评论不足以证明泛化能力） failed 'holds no number of the site'
    and the reader dropped 六条. The aside names its section: its course number is labelled there. Outside an aside,
    or with no § in it, a course number alone in a site block still fails."""
    line_of = lambda offset: 1  # noqa: E731
    body = "- 〔本站构造〕上面的清点只是在教学数据上（[§18.1](../ch18/18-1.md) 也提醒，六条教学评论不足以说明泛化）。\n"
    six = Mark(body.index("六"), body.index("六") + 2, "六条", "course")
    assert not check_blocks(body, [six], line_of)
    bare = body.replace("（[§18.1](../ch18/18-1.md) 也提醒，六条", "，六条").replace("泛化）", "泛化")
    six = Mark(bare.index("六"), bare.index("六") + 2, "六条", "course")
    assert any("holds no number of the site" in m for _, m in check_blocks(bare, [six], line_of))
    # review 85: an aside that names the site, or a marker that holds nothing but the aside, still fails
    for other in ("- 〔本站构造〕本页的训练数据（本站 §A.1 只用了六条教学评论）。\n",
                  "- 〔本站构造〕（入门文章 [§1.1](../ch01/1-1.md) 用六条教学评论训练。）\n"):
        six = Mark(other.index("六"), other.index("六") + 2, "六条", "course")
        assert any("holds no number of the site" in m for _, m in check_blocks(other, [six], line_of)), other
    unnamed = body.replace("[§18.1](../ch18/18-1.md) ", "入门文章")
    six = Mark(unnamed.index("六"), unnamed.index("六") + 2, "六条", "course")
    assert any("holds no number of the site" in m for _, m in check_blocks(unnamed, [six], line_of))


def test_a_title_outside_the_vocabulary_fails(tmp_path):
    text = SITE_PAGE.replace("$$\\alpha", '!!! note "本站补充"\n    $$\\alpha')
    assert errors(tmp_path, text, "is not a provenance label")


def test_a_site_box_may_restate_the_course_inputs_it_uses_but_not_hold_only_the_courses():
    """Issue 31: a site box's opening sentence names the course's three inputs, then the site computes; the
    paragraph of course numbers is the box's input, not a reason to write 这组 instead of the count. A box that
    holds no site material at all (no site number, no site code) still fails."""
    line_of = lambda offset: 1 + body.count("\n", 0, offset)  # noqa: E731
    body = ('!!! example "本站构造"\n    课程给的三个输入 0.5\n\n    本站算出 7.5\n')
    course = Mark(body.index("0.5"), body.index("0.5") + 3, "0.5", "course")
    site = Mark(body.index("7.5"), body.index("7.5") + 3, "7.5", "site_construction")
    assert not check_blocks(body, [course, site], line_of)                   # honest: inputs restated, then the site's
    found = check_blocks(body, [course], line_of)                            # dishonest: only the course's numbers
    assert any("holds no number of the site" in m for _, m in found), found
    coded = body.replace("    本站算出 7.5\n", "    ```python\n    print(7.5)\n    ```\n")
    assert not check_blocks(coded, [Mark(coded.index("0.5"), coded.index("0.5") + 3, "0.5", "course")],
                            lambda offset: 1)                                # the site's code is site material
    drawn = body.replace("    本站算出 7.5\n", "    ![本站绘制：蓝封面的书](../../assets/vision/give_book_blue.png)\n")
    assert not check_blocks(drawn, [Mark(drawn.index("0.5"), drawn.index("0.5") + 3, "0.5", "course")],
                            lambda offset: 1)          # and so is its drawing (ch06 index: four pictures at 224×224)
    linked = body.replace("    本站算出 7.5\n", "    见 [图](../../assets/vision/give_book_blue.png)\n")
    assert check_blocks(linked, [Mark(linked.index("0.5"), linked.index("0.5") + 3, "0.5", "course")],
                        lambda offset: 1)              # a link to a picture is not a picture the box shows


def test_a_marker_inside_a_paragraph_labels_from_its_sentence_on():
    """Issue 31 (7-5): 课程给出 0.5。〔本站构造〕本站再算 7.5。 — the course's sentence before the marker stays the
    course's, so the author need not split the paragraph; a marker that ends its paragraph labels all of it."""
    body = "课程给出 0.5。〔本站构造〕本站再算 7.5。\n"
    marked = [b for b in blocks(body) if b.marker]
    assert len(marked) == 1 and marked[0].start > body.index("0.5") and marked[0].start <= body.index("本站再算")
    trailing = "读取权重 0.5。〔本站构造〕\n"
    assert [b for b in blocks(trailing) if b.marker][0].start == 0


def test_a_marked_list_item_covers_its_continuation_lines_only():
    body = ("- **本站结果**〔本站构造〕：first line 1.5\n  continued 2.5\n- next item 3.5\n\nlater 4.5\n")
    marked = [b for b in blocks(body) if b.marker]
    covered = lambda text: any(b.start <= body.index(text) and body.index(text) + len(text) <= b.end for b in marked)
    assert covered("1.5") and covered("2.5")
    assert not covered("3.5") and not covered("4.5")


def test_the_seed_precision_decides_and_fractions_and_exact_integers_count():
    section = SectionNumbers("x", frozenset({(0.119, 0.0005), (3.0, 0.0), (2 / 3, 0.0)}), frozenset())
    assert section.states_value(0.1192) and not section.states_value(0.1196)
    assert section.states_value(3) and not section.states_value(2.7)   # an integer the seed prints is exact
    assert section.states_value(0.6666666667)


def test_one_vocabulary_each_kind_once():
    assert [k.label for k in KINDS] == ["教学构造", "论文结果", "历史记录", "本站构造", "本站运行"]
    assert set(LABELS) == {k.label for k in KINDS} | {"待做设计"}


# --------------------------------------------------------------------------- counts

def test_a_vague_quantifier_where_the_seed_states_the_count_fails_and_names_it():
    body = "本节用寥寥几个特征说明，结果保留几位小数。"
    found = blurred_counts(body, {"两个特征", "三位小数"})
    assert [(text, phrase) for _, text, phrase in found] == [("寥寥几个特征", "两个特征"), ("几位小数", "三位小数")]
    assert not blurred_counts("几乎所有参数个数都一样。", {"两个参数"})


def test_a_vague_quantifier_said_as_a_possibility_in_general_is_no_blur():
    """honest_20b H20b-053: 一句话里可能有好几个实体 where primer §16 states 10 个实体; the bare form still fails."""
    assert not blurred_counts("一句话里可能有好几个实体，也可能一个都没有。", {"10个实体"})
    assert blurred_counts("这句话里有好几个实体。", {"10个实体"})
    assert blurred_counts("可能是因为这里只用了，好几个实体。", {"10个实体"})


def test_counts_of_what_the_page_enumerates_are_checked_against_the_page():
    listed = "下面三种做法：\n\n- a\n- b\n- c\n\n后文"
    at = listed.index("三")
    assert enumerated_count(listed, at, at + 1) == 3
    named = "编码器、解码器和读取三个部分。"
    at = named.index("三")
    assert enumerated_count(named, at, at + 1) == 3
    assert enumerated_count("这里有三个部分。", 3, 4) is None
    # a part of the collection is not its size (the new-author trial's 相邻两项 before a table of three rows)
    part = "分数依次差 1，相邻两项相差一样，取三种温度：\n\n| τ | p |\n| --- | --- |\n| 1 | a |\n| 2 | b |\n| 3 | c |\n"
    at = part.index("两")
    assert enumerated_count(part, at, at + 2) is None
    at = part.index("三")
    assert enumerated_count(part, at, at + 2) == 3


def test_a_count_after_a_clause_that_sets_one_item_aside_counts_the_others():
    """New-author trial 21: 在讲义的 logits 之外，再看…两种情形： over a table of three rows (the first the lecture's)
    counts the two others. One fewer still fails, and so does the same count with nothing set aside."""
    table = "\n\n| logits | 损失 |\n| --- | --- |\n| a | 1 |\n| b | 2 |\n| c | 3 |\n"
    besides = "下表在讲义的 logits 之外，再看真实类别的 logit 被抬高的两种情形：" + table
    at = besides.index("两种")
    assert enumerated_count(besides, at, at + 2, 2) == 2
    fewer = besides.replace("两种", "一种")
    at = fewer.index("一种")
    assert enumerated_count(fewer, at, at + 2, 1) == 3
    plain = "下表再看真实类别的 logit 被抬高的两种情形：" + table
    at = plain.index("两种")
    assert enumerated_count(plain, at, at + 2, 2) == 3
    items = "除了 greedy 以外，再比较两种规则：\n\n- greedy\n- top-k\n- top-p\n"
    at = items.index("两种")
    assert enumerated_count(items, at, at + 2, 2) == 2
    # review 84: the connective 除此之外 sets nothing aside
    connective = "除此之外，本站比较了两种规则：\n\n- greedy\n- top-k\n- top-p\n"
    at = connective.index("两种")
    assert enumerated_count(connective, at, at + 2, 2) == 3


def test_two_items_joined_by_one_conjunction_and_the_rows_of_the_table_above_are_enumerated():
    """The honest corpus's new sentences: 取行与乘独热向量两种做法 names its two items; 两行证据 under a table of
    two rows speaks of them. A wrong count there disagrees with what the page shows; 求和 is no conjunction."""
    pair = "取行与乘独热向量两种做法的最大差值是零。"
    assert enumerated_count(pair, pair.index("两"), pair.index("两") + 1) == 2
    term = "加权求和两步。"
    assert enumerated_count(term, term.index("两"), term.index("两") + 1) is None
    table = "| 案例 | 证据 |\n| --- | --- |\n| A | a |\n| B | b |\n\n表下的说明。两行证据的来源不同。"
    assert enumerated_count(table, table.index("两"), table.index("两") + 1) == 2
    three = table.replace("| B | b |\n", "| B | b |\n| C | c |\n")
    assert enumerated_count(three, three.index("两"), three.index("两") + 1) == 3   # 两行 for three rows fails
    kinds = table.replace("两行", "两种")
    assert enumerated_count(kinds, kinds.index("两"), kinds.index("两") + 1) is None   # not a count of rows


def test_an_enumerated_count_that_disagrees_with_its_list_fails(tmp_path):
    page = ("---\nid: test.count\ntitle: t\nsource: lecture §1.6\nevidence: []\n---\n# t\n\n"
            "下面四种做法：\n\n- a\n- b\n- c\n")
    assert [e for e in check_text(tmp_path, page).errors if "there are 3" in e]
    assert not check_text(tmp_path, page.replace("四种", "三种")).errors


def test_a_count_in_digits_that_introduces_its_list_passes_like_one_in_words(tmp_path):
    """后面的 4 种做法： with four items passes, as 四种 does; the rule must not push an author to write the word.
    A digit that counts something else still has to be claimed."""
    page = ("---\nid: test.count\ntitle: t\nsource: lecture §1.6\nevidence: []\n---\n# t\n\n"
            "后面的 4 种做法：\n\n- a\n- b\n- c\n- d\n")
    assert not check_text(tmp_path, page).errors
    wrong = check_text(tmp_path, page.replace("- d\n", "")).errors
    assert [e for e in wrong if "number '4' is neither claimed nor cited" in e], wrong


def test_the_rate_counts_per_cjk_character():
    n, cjk = rate("几个例子和若干条规则。")
    assert n == 2 and cjk == 10


def test_an_admonition_whose_type_and_label_name_two_kinds_fails():
    body = '!!! quote "本站运行"\n\n    本站训练的结果见下表。\n\n!!! success "本站运行"\n\n    同上。\n'
    found = check_blocks(body, [], lambda offset: 1 + body.count("\n", 0, offset))
    assert found == [(1, found[0][1])] and "'quote' titled 本站运行 mixes two kinds" in found[0][1]
    assert "!!! success" in found[0][1]   # it says how the label is written
    assert not [e for e in check_blocks(body.replace("quote", "success"), [], lambda offset: 1) if "mixes" in e[1]]


def test_a_box_that_ends_inside_a_sentence_fails_and_one_that_ends_a_sentence_passes():
    cut = '!!! example "本站构造"\n    平均损失约为 $1.04$，于是\n\n困惑度是 $e^{1.04}$。\n'
    whole = cut.replace("，于是\n\n困惑度", "。\n\n于是困惑度")
    formula = '!!! example "本站构造"\n    $$s=[0.4,0.6],$$\n\n$$z=0.8.$$\n'
    line_of = lambda offset: 1
    message = [m for _, m in check_blocks(cut, [], line_of) if "ends inside a sentence" in m]
    assert message and "于是" in message[0]
    assert not [m for _, m in check_blocks(whole, [], line_of) if "ends inside a sentence" in m]
    assert [m for _, m in check_blocks(formula, [], line_of) if "ends inside a sentence" in m]
    assert not [m for _, m in check_blocks(formula.replace("],$$", "].$$"), [], line_of) if "ends inside" in m]


def test_a_box_that_holds_a_note_instead_of_content_fails_and_a_box_with_its_content_passes():
    line_of = lambda offset: 1
    notes = lambda body: [m for _, m in check_blocks(body, [], line_of) if "remark" in m or "announces" in m]
    code = "```python\nprint(1)\n```\n"
    announcing = f'!!! example "本站构造"\n    下面这段代码是本站加的演示。\n\n{code}'
    holding = '!!! example "本站构造"\n    下面这段代码是本站加的演示。\n\n' + "".join(f"    {l}\n" for l in code.splitlines())
    assert notes(announcing) and "indent that content into the box" in notes(announcing)[0]
    assert not notes(holding)
    # the site's prose that is itself the example (a choice the site made) is content, not a note about content
    assert not notes('!!! example "本站构造"\n    本站把实体 token 都写成单 token 的人名。\n\n后文。\n')
    remark = '!!! example "教学构造"\n    例句是为讲解挑选的，不是模型的输出。\n\n## 任务\n'
    assert notes(remark) and "course content needs no box" in notes(remark)[0]
    # a course box with its worked example (a formula, a table) holds content
    assert not notes('!!! example "教学构造"\n    例句的得分是 $s=w^\\top x$。\n')
    assert not notes('!!! example "教学构造"\n    | 词 | 分 |\n    | --- | --- |\n')


def test_a_number_of_the_sites_run_in_unmarked_prose_fails_and_under_a_run_label_passes():
    line_of = lambda offset: 1
    def errors(body):
        start = body.index("0.569050")
        mark = Mark(start, start + len("0.569050"), "0.569050", "site_run", claim=0)
        return [m for _, m in check_blocks(body, [mark], line_of) if "site's own run" in m]
    prose = "模型给 c 的概率是 0.569050。\n"
    assert errors(prose) and "〔本站运行〕" in errors(prose)[0]
    assert not errors("〔本站运行〕" + prose)
    assert not errors('!!! success "本站运行"\n    ' + prose)
    assert errors('!!! example "教学构造"\n    ' + prose)   # a course box does not label a run


VECTOR_PAGE = """---
id: test.vector
title: t
source: primer §3.1
evidence: [construction]
verify: verify/primer/ch03.py::count_table
claims:
  - '\\\\text{电影好看}\\\\rightarrow{A}'
---
# t

数出每一列：

$$\\\\text{电影好看}\\\\rightarrow[1,0,1,0,0,0,0]$$
"""


def test_a_claim_whose_digits_count_as_structure_is_still_marked_with_its_kind(tmp_path):
    """primer §3.1's vector of ones and zeros is claimed and passes, but no digit of it is a counted number: the
    claim's printed text is marked once, with the declared kind, so the hover and the label rules see it."""
    report = check_text(tmp_path, VECTOR_PAGE)
    assert not report.errors and [c.status for c in report.claims] == ["passed"]
    marks = [m for m in report.marks if m.claim == 0]
    assert len(marks) == 1 and marks[0].kind == "course" and marks[0].text == "[1,0,1,0,0,0,0]"
    # and a site label over it now disagrees with its kind, as it would over any course number
    boxed = VECTOR_PAGE.replace("$$\\\\text", '!!! example "本站构造"\n    $$\\\\text')
    assert errors(tmp_path, boxed, "block labelled 本站构造 holds no number of the site")


def test_a_course_box_whose_text_says_the_site_made_it_fails():
    """Blind corpus 11 (W11-052): 本站构造 -> 教学构造 on a box that says 下面的代码是本站的演示, 入门文章没有. The box's
    own words say whose it is; a box that says it is not the site's passes."""
    line_of = lambda offset: 1   # noqa: E731
    said = '!!! example "教学构造"\n    下面的代码是本站的演示，入门文章没有。\n'
    assert any("says its content is the site's" in m for _, m in check_blocks(said, [], line_of))
    assert not check_blocks(said.replace("教学构造", "本站构造"), [], line_of)
    denied = '!!! example "教学构造"\n    这组数是讲义给的，不是本站的演示。\n'
    assert not any("says its content" in m for _, m in check_blocks(denied, [], line_of))


def test_a_site_marker_on_a_sentence_about_the_course_s_own_material_fails():
    """Blind corpus 12 (W12-047): 〔历史记录〕讲义那条错得不一样 -> 〔本站运行〕讲义那条…: the sentence opens on the
    course's own record. A limit the site states about the course (〔本站构造〕课程没有写出…) is the site's words."""
    line_of = lambda offset: 1   # noqa: E731
    wrong = "- 〔本站运行〕讲义那条错得不一样：答案被写反了，只有末尾写对。\n"
    assert any("about the course's own material" in m for _, m in check_blocks(wrong, [], line_of))
    assert not any("course's own material" in m
                   for _, m in check_blocks(wrong.replace("本站运行", "历史记录"), [], line_of))
    for fine in ("〔本站构造〕课程没有写出 A 的标签，本站补上。\n", "〔本站构造〕课程只给了矩阵和数值。\n",
                 "〔本站运行〕本站的样本也一样。\n"):
        assert not any("course's own material" in m for _, m in check_blocks(fine, [], line_of)), fine


def test_a_later_sentences_list_is_the_counts_only_if_it_points_back_or_counts_as_many():
    """The new-author trial of stop 48b: 一低一高两个温度。……如下： and a table of three rows was told to write 3; the
    table is the later sentence's. 下面三种成本。把它们比作……： still counts its list, and a later sentence's list of as
    many items (对两句分别求和。和由……算出： and two rows) still confirms the count."""
    from checker.counts import enumerated_count
    table = "\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n| 3 | 4 |\n| 5 | 6 |\n"
    later = "这里用一低一高两个温度。每一步的分布如下：" + table
    at = later.index("两个")
    assert enumerated_count(later, at, at + 2, 2) is None
    back = "这里用一低一高两个温度。它们各自的分布如下：" + table
    assert enumerated_count(back, at, at + 2, 2) == 3          # pointed back: the table is the count's, and it has 3
    listed = "下面三种成本。把它们比作一张账单：\n\n- a\n- b\n- c\n"
    assert enumerated_count(listed, listed.index("三种"), listed.index("三种") + 2, 3) == 3
    same = "这里用一低一高三个温度。每一步的分布如下：" + table
    assert enumerated_count(same, at, at + 2, 3) == 3


def test_a_marker_on_a_wrapped_line_of_a_list_item_labels_that_item_only():
    """Round 50's reader found lecture 4-13's 〔本站构造〕 on the second line of a list item labelling every item of
    the list (the course's cross-attention point included): a wrapped line is its item's, not a paragraph's."""
    body = ("- 课程的第一项。\n"
            "- 课程的第二项，\n"
            "  续行。〔本站构造〕本站的话。\n"
            "- 课程的第三项。\n")
    marked = [b for b in blocks(body) if b.marker]
    assert len(marked) == 1
    text = body[marked[0].start:marked[0].end]
    assert "本站的话" in text and "第一项" not in text and "第三项" not in text
    # control: a marker in a plain paragraph still labels from its sentence to the paragraph's end
    para = "课程的话。〔本站构造〕本站的话，\n接着一行。\n\n下一段。"
    block = [b for b in blocks(para) if b.marker][0]
    assert para[block.start:block.end].endswith("接着一行。") and "课程的话" not in para[block.start:block.end]


def test_a_marker_named_in_inline_code_labels_nothing():
    """Lecture 1's and 2's index pages explain the markers; the 〔本站构造〕 their sentence named labelled that
    sentence (and the next list item) as the site's construction. Written as code it is a name; bare it still marks."""
    assert not [b for b in blocks("本站的例子在段落开头写标记 `〔本站构造〕`。") if b.marker]
    assert [b for b in blocks("〔本站构造〕本站的例子。") if b.marker]


def test_counts_that_point_back_without_a_demonstrative():
    """Stop 50's honest corpora and new-author trial: a count that opens the paragraph under a table and states as
    many as its rows (两段里只有任务适配… under a two-row table of stages), and a count of things the page labels with
    a letter (两条评论 on a page of 评论 A and 评论 B), count those; a count that states another number is not theirs."""
    table = "| 阶段 | 数据 |\n| --- | --- |\n| 预训练 | 文本 |\n| 任务适配 | 标签 |\n\n"
    view = table + "本站补充：两段里只有任务适配需要人工标注。"
    at = view.index("两段")
    assert enumerated_count(view, at, at + 1, 2) == 2
    assert enumerated_count(view, at, at + 1, 3) is None
    later = table + "前面已经说过。这里的两段都很短。"
    at = later.index("两段")
    assert enumerated_count(later, at, at + 1, 2) is None   # not the paragraph's first sentence
    page = "## 评论 A：电影 好看\n\n……\n\n## 评论 B：电影 精彩\n\n两条评论的平均向量方向相近。"
    at = page.index("两条")
    assert enumerated_count(page, at, at + 1, 2) == 2
    assert enumerated_count(page.replace("两条", "三条"), at, at + 1, 3) is None


def test_a_count_of_two_on_a_page_titled_by_a_pair_is_that_pair():
    """The fourth new-author trial's topic page 'LayerNorm 与 RMSNorm' was asked to claim 两个公式, 两个输出 and the
    heading 两个算子各算什么: on a page whose title sets two things against each other, a count of two is the pair.
    Three is no pair, and a title that names one thing makes no pair."""
    body = "# LayerNorm 与 RMSNorm：少减一个均值\n\n## 两个算子各算什么\n\n两个公式如下。\n"
    for word in ("两个算子", "两个公式"):
        at = body.index(word)
        assert enumerated_count(body, at, at + 1, 2) == 2
        assert enumerated_count(body.replace(word, "三" + word[1:]), at, at + 1, 3) is None
    for other in ("# 一页讲 LayerNorm\n\n两个公式如下。\n", "# 复核与实现\n\n两个公式如下。\n"):   # one thing; two activities
        at = other.index("两个")
        assert enumerated_count(other, at, at + 1, 2) is None


@pytest.mark.parametrize("text, word, right, wrong", [
    # honest_19a: the rest after one is named apart, beside the paragraph's total of the same measure
    ("其中只有交叉注意力跨越源句和目标句，另外两类都在同一个序列内部读取。这三类读取可以并存。", "两类", 2, 3),
    # honest_19b: the words of the quotation right after the count
    ("若把条件换成前两个词“我 喝”，估计也不会变。", "两个", 2, 3),
    # honest_19b: as many clauses after the colon, set apart by semicolons
    ("两种情形可以用同一个比较来区分：正确译文更高却没被返回，问题在搜索；正确译文本来就更低，问题在模型排序。", "两种", 2, 3),
    # honest_19a: quoted names side by side before the verb that sorts them into the count
    ("门控结构把“留下多少旧内容”“写进多少新内容”“这一步对外拿出多少”拆成三件可以分别调节的事。", "三件", 3, 4),
])
def test_counts_of_what_the_sentence_itself_shows(text, word, right, wrong):
    """Stop 50's second honest corpora: counts that a co-author writes of what the sentence shows; each is checked
    against it (a wrong count is not theirs and asks for a claim)."""
    at = text.index(word)
    assert enumerated_count(text, at, at + 1, right) == right
    assert enumerated_count(text, at, at + 1, wrong) in (None, right)


def test_a_record_box_that_says_the_site_ran_it_fails():
    """blind_wrong_20 W20-047: 1-17's 历史记录 box said 这是历史实录，本站没有重新运行, and an edit made it 这是本站重新运行
    Google Translate 得到的结果; a record box holds the archive's run, not the site's."""
    from checker.kinds import check_blocks
    box = '!!! abstract "历史记录"\n\n    {}\n'
    ran = check_blocks(box.format("这是本站重新运行 Google Translate 得到的结果。"), [], lambda at: 1)
    assert any("says the site ran it" in message for _, message in ran), ran
    kept = check_blocks(box.format("这是历史实录，本站没有重新运行。"), [], lambda at: 1)
    assert not any("says the site ran it" in message for _, message in kept), kept


def test_a_count_opening_the_sentence_after_two_quotations_is_of_them():
    """The fifth new-author trial's 6-14: '有的句子把重点放在“有人坐在长凳上”，有的则突出“旁边有一只小狗”。两句话的词序不一样'
    was asked to add 这; the count opens the sentence after one that quoted as many. Three is not theirs."""
    text = "正确的描述不止一条：有的把重点放在“有人坐在长凳上”，有的则突出“旁边有一只小狗”。\n两句话的词序不一样。"
    at = text.index("两句")
    assert enumerated_count(text, at, at + 1, 2) == 2
    assert enumerated_count(text.replace("两句", "三句"), at, at + 1, 3) is None


def test_a_count_opening_a_paragraph_under_a_list_or_after_ordinals_is_of_them():
    """honest_20a H20a-022: '本站补充：两路合起来' opening the paragraph under a two-item list; honest_20b H20b-014:
    '两个头读的是同样的三行输入' after '第一头读到……，第二头读到……'. A count the list or the ordinals do not match
    (三路, 三个头) still asks for a claim."""
    listed = "读取有两处：\n\n- **自注意力**：只读前缀；\n- **cross-attention**：整句都可读。\n\n本站补充：两路合起来，能读的是前缀和源文。"
    at = listed.index("两路")
    assert enumerated_count(listed, at, at + 1, 2) == 2
    at3 = listed.replace("两路", "三路").index("三路")
    assert enumerated_count(listed.replace("两路", "三路"), at3, at3 + 1, 3) is None
    heads = "看第一个位置：第一头读到约 $(0.4,0.8)$，第二头读到约 $(0.6,0.8)$。\n两个头读的是同样的三行输入。"
    at = heads.index("两个")
    assert enumerated_count(heads, at, at + 1, 2) == 2
    other = heads.replace("两个头", "三个头")
    assert enumerated_count(other, at, at + 1, 3) is None


def test_a_count_of_things_a_table_lists_under_their_header_is_of_its_rows():
    """honest_21a/b: '投影 W 是唯一在两个阶段都更新的模块' under a table whose first column, 阶段, has two rows; '表中三种
    读取' under one headed 读取 with three. Another count, or another noun, still asks for a claim."""
    table = "| 阶段 | 投影 |\n| --- | --- |\n| 第 1 阶段 | 更新 |\n| 第 2 阶段 | 更新 |\n\n这张表来自讲义。本站补充：投影是唯一在两个阶段都更新的模块。"
    at = table.index("两个")
    assert enumerated_count(table, at, at + 1, 2) == 2
    assert enumerated_count(table.replace("两个阶段", "三个阶段"), at, at + 1, 3) is None
    assert enumerated_count(table.replace("两个阶段", "两个模型"), at, at + 1, 2) is None


def test_a_count_of_limits_is_of_the_rows_named_so_or_the_parallel_clauses_after_its_colon():
    """New-author trial 22: '到了两个极限' under a table whose rows $\\tau\\to0^+$（极限） and $\\tau\\to\\infty$（极限）
    stand among five temperatures; '两个极限…：$\\tau\\to0^+$ 时…，$\\tau\\to\\infty$ 时…'. Three fails both ways."""
    table = ("| $\\tau$ | p |\n| --- | --- |\n| $\\tau\\to0^+$（极限） | 1 |\n| $0.5$ | 0.8 |\n| $1$ | 0.6 |\n"
             "| $\\tau\\to\\infty$（极限） | 0.3 |\n\n次序没有变；到了两个极限，三者趋于相等。")
    at = table.index("两个")
    assert enumerated_count(table, at, at + 1, 2) == 2
    assert enumerated_count(table.replace("两个极限", "三个极限"), at, at + 1, 3) is None
    clauses = "到了两个极限，比值被推向无穷或相等：$\\tau\\to0^+$ 时只剩第一名，$\\tau\\to\\infty$ 时概率相同。"
    at = clauses.index("两个")
    assert enumerated_count(clauses, at, at + 1, 2) == 2
    assert enumerated_count(clauses.replace("两个极限", "三个极限"), at, at + 1, 3) is None
    prose = "到了两个极限，比值被推向无穷或相等：只剩第一名，概率相同。"
    assert enumerated_count(prose, at, at + 1, 2) is None
    # review 84: a noun merely inside a row's name, a count of another measure, or a count further down is not the rows'
    other = ("| 步 | 输出 |\n| --- | --- |\n| 编码（预测前） | a |\n| 解码（预测） | b |\n| 输出 | c |\n\n"
             "按这张表，模型只做两次预测。")
    at = other.index("两次")
    assert enumerated_count(other, at, at + 1, 2) is None
    later = table.replace("次序没有变；", "次序没有变。\n\n另起一段：")
    at = later.index("两个")
    assert enumerated_count(later, at, at + 1, 2) is None


def _counted(text: str, word: str, stated: int, replace: tuple[str, str] | None = None):
    """enumerated_count for the count `word` in `text` (with `replace` applied first, at the same offset)."""
    at = text.index(word)
    return enumerated_count(text.replace(*replace) if replace else text, at, at + 1, stated)


def test_a_list_owned_by_a_collection_before_the_count_is_not_the_counts():
    """New-author trial 24: 在电影、音乐、香蕉这组概率上把两条规则各演示了一次 (the candidates are 这组概率's, not the
    rules) and …这组概率上并列贪心、随机采样、top-k、top-p 与束搜索五种选词方式 (five, not seven). A wrong count still
    fails, and a list with no such collection counts as before; review 86: an ordinary member with 这种 in it
    (这种按权重抽的随机采样) cuts nothing."""
    assert _counted("入门文章在电影、音乐、香蕉这组概率上把两条规则各演示了一次。", "两条", 2) is None
    ways = "在电影、音乐、香蕉这组概率上并列贪心、随机采样、top-k、top-p 与束搜索五种选词方式。"
    member = "讲义列出的 greedy、这种按权重抽的随机采样、温度采样、top-$k$ 与 top-$p$ 五种规则都改变生成分布。"
    for text in (ways, member, "并列贪心、随机采样、top-k、top-p 与束搜索五种选词方式。"):
        assert _counted(text, "五种", 5) == 5, text
        assert _counted(text, "五种", 4, ("五种", "四种")) == 5, text


def test_a_count_that_opens_the_last_item_of_a_list_does_not_count_the_list():
    """Label round 86: '输入、目标与三个参数都照用讲义本节的' was told 三个 counts the two items listed before it. A count
    right after the items (输入、目标两样) still counts them."""
    assert _counted("这里的输入、目标与三个参数都照用讲义本节的。", "三个", 3) is None
    listed = "这里的输入、目标两样都照用讲义本节的。"
    assert _counted(listed, "两样", 2) == 2 and _counted(listed, "两样", 3, ("两样", "三样")) == 2


def test_a_count_of_rows_added_to_the_courses_one_counts_the_added():
    """New-author trial 24: '再加两组本站编的分布…：' over three rows, the middle one 入门文章的原分布. Without 再加, or
    with no row named the course's, the three rows are the count's."""
    table = ("再加两组本站编的分布，同样取 $k=2$：\n\n| 分布 | p |\n| --- | --- |\n| 更尖（本站） | a |\n"
             "| 入门文章的原分布 | b |\n| 更平（本站） | c |\n")
    at = table.index("两组")
    assert enumerated_count(table, at, at + 1, 2) == 2
    assert enumerated_count(table.replace("再加两组", "用两组"), at, at + 1, 2) == 3
    assert enumerated_count(table.replace("入门文章的原分布", "居中"), at, at + 1, 2) == 3
    assert enumerated_count(table.replace("两组", "一组"), at, at + 1, 1) == 3
    # review 86: 还原 or a negated course row in a site row is no course's row
    for site_row in ("还原前的一组（本站）", "讲义没有的一组（本站）"):
        assert enumerated_count(table.replace("入门文章的原分布", site_row), at, at + 1, 2) == 3, site_row


def test_a_count_of_two_with_both_points_back_at_the_alternatives_its_sentence_offered():
    """New-author trial 22: '困惑度显得好一些或差一些，下面的算例里两种情形都有'. Three fails; so does two without 都,
    or a clause that offers three (好、中或差)."""
    text = "挑一个温度，就能让困惑度显得好一些或差一些，下面的算例里两种情形都有。"
    at = text.index("两种")
    assert enumerated_count(text, at, at + 1, 2) == 2
    assert enumerated_count(text.replace("两种", "三种"), at, at + 1, 3) is None
    assert enumerated_count(text.replace("两种情形都有", "两种情形出现"), at, at + 1, 2) is None
    three = text.replace("好一些或差一些", "好一些、平一些或差一些")
    at = three.index("两种")
    assert enumerated_count(three, at, at + 1, 2) is None
    # review 84: 或许 (perhaps) and 还是 (still) offer no pair
    for sentence in ("按这种切分，这个数或许偏多，两种切分都是这样。", "按这种切分，结果还是一样，两种切分都是这样。"):
        at = sentence.index("两种")
        assert enumerated_count(sentence, at, at + 1, 2) is None, sentence


def test_a_count_after_a_site_marker_and_a_pronoun_place_point_back():
    """honest_20a/b (read after the third fresh measurement): '本站补充：两句用的是同一组词' after a sentence quoting
    “我给他”和“他给我”, at a paragraph's start; '把上面两行数一数' for '把上面这两行数一遍'."""
    from checker import classify
    text = "## 本章\n\n取平均时，“我给他”和“他给我”会得到相同的表示。本站补充：两句用的是同一组词。"
    at = text.index("两句")
    assert enumerated_count(text, at, at + 1, 2) == 2
    [token] = [t for t in classify.numbers_in("把上面两行数一数：共删去 3 个词元。") if t.text.startswith("两")]
    assert token.structural


def test_a_count_over_display_math_that_labels_its_forms_counts_them():
    """New-author trial 25: '常见的两种布局是' over $$\\text{post-LN}:\\ …,\\qquad \\text{pre-LN}:\\ …$$, and '两种布局给出'
    over two displays labelled so. Three fails; so does a display with no labels."""
    one = "常见的两种布局是\n\n$$\\text{post-LN}:\\ y=a,\\qquad \\text{pre-LN}:\\ y=b.$$\n\n后文。"
    at = one.index("两种")
    assert enumerated_count(one, at, at + 1, 2) == 2
    assert enumerated_count(one.replace("两种", "三种"), at, at + 1, 3) is None
    assert enumerated_count(one.replace("\\text{post-LN}:", "").replace("\\text{pre-LN}:", ""), at, at + 1, 2) is None
    two = "宽度相同。两种布局给出\n\n$$\\text{post-LN}:\\ a,$$\n\n$$\\text{pre-LN}:\\ b.$$\n\n再看。"
    at = two.index("两种")
    assert enumerated_count(two, at, at + 1, 2) == 2
    # review 87: distinct labels only; a noun of forms (or one the labels carry); no comma before the line's end
    again = two.replace("两种布局", "四种布局") + "\n\n" 
    again = again.replace("$$\\text{pre-LN}:\\ b.$$", "$$\\text{pre-LN}:\\ b.$$\n\n$$\\text{post-LN}:\\ c.$$")
    assert enumerated_count(again, at, at + 1, 4) is None
    heads = "Xiong 等人的模型用三个头，写法如下\n\n$$\\text{a}:\\ 1,\\ \\text{b}:\\ 2,\\ \\text{c}:\\ 3$$\n"
    at = heads.index("三个")
    assert enumerated_count(heads, at, at + 1, 3) is None


def test_a_site_box_using_the_courses_declared_numbers_must_name_the_course():
    """Label round 87: the commonest wrong label left was a course set-up (a corpus's counts, a vocabulary, a selection
    rule, the primer's p=0.8) used in a 本站构造/本站运行 box whose text never names the course. A claimed course
    number there needs the course named inside the block; a count in words the section states does not; a site box of
    the site's numbers alone needs nothing."""
    line_of = lambda offset: 1 + body.count("\n", 0, offset)  # noqa: E731
    body = '!!! example "本站构造"\n    同样取 $p=0.8$，本站算出保留 3 个候选。\n'
    p = Mark(body.index("0.8"), body.index("0.8") + 3, "0.8", "course", claim=0)
    kept = Mark(body.index("3 个"), body.index("3 个") + 1, "3", "site_construction", claim=1)
    found = check_blocks(body, [p, kept], line_of)
    assert any("never names the course" in m and "0.8" in m for _, m in found), found
    credited = body.replace("同样取", "同样取入门文章 §11.4 的")
    p = Mark(credited.index("0.8"), credited.index("0.8") + 3, "0.8", "course", claim=0)
    kept = Mark(credited.index("3 个"), credited.index("3 个") + 1, "3", "site_construction", claim=1)
    assert not check_blocks(credited, [p, kept], line_of)
    word = Mark(body.index("0.8"), body.index("0.8") + 3, "0.8", "course")          # no claim: a count in words
    assert not any("never names the course" in m for _, m in check_blocks(body, [word, kept], line_of))
    assert not any("never names the course" in m for _, m in check_blocks(body, [kept], line_of))


def test_review_88_what_names_the_course_in_a_site_box():
    """A § of a paper or of the site, and 本站课程笔记, name no course; a pointer to the table above (上表, 表中) shows
    where the numbers stand, unmarked, on the page (new-author trial 27's 以表中第一行为例)."""
    from checker.kinds import _NAMES_THE_COURSE
    for none in ("（论文 §3 也这样取）", "（本站 §11.3 用过同一组数）", "本站课程笔记里"):
        assert not _NAMES_THE_COURSE.search(none), none
    for named in ("讲义 §3.12 的规则", "（§3.12 的规则）", "以表中第一行为例", "沿用上表", "课程给的"):
        assert _NAMES_THE_COURSE.search(named), named


def test_a_course_constant_inside_the_sites_own_formula_is_no_set_up():
    """New-author trial 27: $2\\times2\\times1\\times5=20$ in a site box, its first 2 the course's K-and-V factor,
    was asked to name the course; a course value set alone in math ($p=0.8$) still is."""
    line_of = lambda offset: 1  # noqa: E731
    body = '!!! example "本站构造"\n    整个缓存是 $2\\times5=10$ 字节。\n'
    two = Mark(body.index("2"), body.index("2") + 1, "2", "course", claim=0)
    five = Mark(body.index("5"), body.index("5") + 1, "5", "site_construction", claim=1)
    ten = Mark(body.index("10"), body.index("10") + 2, "10", "site_construction", claim=2)
    assert not any("never names the course" in m for _, m in check_blocks(body, [two, five, ten], line_of))
    body = '!!! example "本站构造"\n    同样取 $p=0.8$，本站算出 $3$ 个。\n'
    p = Mark(body.index("0.8"), body.index("0.8") + 3, "0.8", "course", claim=0)
    three = Mark(body.index("$3$") + 1, body.index("$3$") + 2, "3", "site_construction", claim=1)
    assert any("never names the course" in m for _, m in check_blocks(body, [p, three], line_of))
