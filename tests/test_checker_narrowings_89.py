"""Code review 89's holes in the stop's new readings, each with the honest text beside it: 还是 meaning 'still', 表中
inside 词表中, a method noun inside a value noun, candidates 'from' two sections, a colon far from its count, 也达到,
a paper's § as a link, a list run inside prose, a remark after a credited list."""
from checker.classify import prose_view
from checker.counts import clauses_after_colon, sources_named_after, vague_quantifiers
from checker.credited_values import LISTED, _NOT_A_VALUE_NOUN, _items
from checker.kinds import _NAMES_NOTHING, _NAMES_THE_COURSE
from checker.relations import comparison_words
from tools.originality import _a_list_of_words


def test_still_is_no_question_and_a_run_of_alternatives_is():
    assert [m.group(0) for m in vague_quantifiers("模型还是只看了几个候选。")] == ["几个"]
    assert [m.group(0) for m in vague_quantifiers("无论贪心还是采样，最后都只留下几个候选。")] == ["几个"]
    assert vague_quantifiers("是一层还是所有层，每个数几字节。") == []


def test_what_names_where_a_site_boxs_numbers_stand():
    named = lambda text: bool(_NAMES_THE_COURSE.search(_NAMES_NOTHING.sub("", text)))   # noqa: E731
    assert not named("本站自己挑的例子（候选都在词表中）") and not named("不照搬上表") and not named("和上文无关")
    assert not named("论文 [§3](../x.md) 也这样取") and not named("本站 [§11.3](11-3.md) 用过")
    assert named("以表中第一行为例") and named("沿用上表的 $p$") and named("讲义 [§3.12](3-12.md) 的规则")


def test_a_value_noun_ending_in_another_word_is_still_a_value():
    assert _NOT_A_VALUE_NOUN.search("口径") and not _NOT_A_VALUE_NOUN.search("词表顺序")
    assert not _NOT_A_VALUE_NOUN.search("约定")


def test_a_list_ends_at_its_first_comma_and_keeps_its_items():
    m = LISTED.search(prose_view("入门文章 §11.4 的三候选例子（电影、音乐、香蕉，按概率从高到低）"))
    assert _items(m.group("items"), listed=True) == ["电影", "音乐", "香蕉"]
    m = LISTED.search(prose_view("讲义 §6.6 的词表（a、scene、dog，本站照录）"))
    assert "dog" in _items(m.group("items"), listed=True)
    assert _items("电影、音乐、香蕉等候选词", listed=True) == ["电影", "音乐", "香蕉"]
    assert not LISTED.search(prose_view("讲义 §6.6 的词表（本站用 NumPy 重画）"))


def test_counts_told_by_sources_and_by_clauses_only_where_they_are_the_things():
    v = "这里的两个候选出自讲义 §2.6 与入门文章 §11.4。"
    assert sources_named_after(v, v.index("两个") + 1, 2) is None
    v = "两个候选说明了同一件事：分数越高，越容易被选中。"
    assert clauses_after_colon(v, v.index("两个") + 1, 2) is None


def test_reaching_said_with_also_or_done_is_an_order_and_denied_is_none():
    assert comparison_words("前 2 个加起来 $0.75$，也达到 $0.8$") and comparison_words("累计概率达到了 0.9")
    assert not comparison_words("累计概率没有达到 0.8") and not comparison_words("换成百分制达到 70.90")


def test_a_list_inside_prose_is_still_a_run():
    assert not _a_list_of_words("her、him、you、a、EOS 五个演示候选各一个分数")
    assert _a_list_of_words("顺序（电影、剧情、好看、精彩、难看、无聊、不")
