"""A quotation given as the course's words is the course's words (checker/quotes.py): 讲义只说“约 2021 年” where
the lecture wrote “约2021” failed no check before this stage."""
import pytest

from checker import quotes
from checker.paths import ROOT
from tests.site import check_edited

pytestmark = pytest.mark.skipif(quotes._seed("003_") is None, reason="the seeds are not beside the project")

PAGE = ROOT / "docs" / "primer" / "ch02" / "2-3.md"
QUOTED = "入门文章在这一节只说要用编号去“查表示”"


def _quotation_errors(tmp_path, new):
    return [e for e in check_edited(tmp_path, PAGE, QUOTED, new).errors if "quotation" in e]


def test_the_courses_words_in_quotation_marks_pass_and_a_word_changed_inside_them_fails(tmp_path):
    assert _quotation_errors(tmp_path, QUOTED) == []
    assert _quotation_errors(tmp_path, "入门文章在这一节只说“用编号去查找表示”")
    assert _quotation_errors(tmp_path, "讲义在这一节只说“用编号去查表示”")   # the primer's words, not the lecture's


def test_a_denied_attribution_and_words_without_quotation_marks_promise_no_quotation(tmp_path):
    assert _quotation_errors(tmp_path, "入门文章在这一节没有说“用编号去查找表示”") == []
    assert _quotation_errors(tmp_path, "入门文章在这一节只说要用编号去查找表示") == []


def test_an_ellipsis_stands_for_words_left_out_in_their_order():
    text = "我们要用编号去查表示而不是让编号本身承担语义"
    assert quotes.said_in("用编号……承担语义", text)
    assert not quotes.said_in("承担语义……用编号", text)
    assert quotes.said_in("用 编号 去“查表示”", text)   # spaces and quotation marks are not words


# a stand-in page for the functions that only ask where an offset stands
_ONE_LINE_PAGE = type("OneLinePage", (), {"line_of": lambda self, at: 1})()


def _edit_fails_and_page_passes(tmp_path, page, old, new, needle):
    """The edit gives a message holding `needle`; the page as it stands gives none."""
    edited = check_edited(tmp_path, page, old, new).errors
    assert any(needle in e for e in edited), edited
    kept = check_edited(tmp_path, page, old, old).errors
    assert not any(needle in e for e in kept), kept


def test_a_site_note_moved_to_the_lecture_fails_by_the_latin_word_the_lecture_never_writes(tmp_path):
    """Blind corpus 17 (W17-048): 本站补充：英语里 miss 的主语…要变成 manquer 的间接宾语 -> 讲义接着指出：…; the lecture
    never writes manquer. The primer does write playing (its §2.4 table), so crediting the primer with it passes."""
    page = ROOT / "docs" / "lecture" / "ch01" / "1-17.md"
    old = "本站补充：英语里 miss 的主语"
    _edit_fails_and_page_passes(tmp_path, page, old, "讲义接着指出：英语里 miss 的主语", "never writes manquer")
    assert not quotes._unwritten_words(_ONE_LINE_PAGE, "入门文章举出 playing 的切分", "primer §2.4")


def test_an_example_said_to_be_borrowed_from_the_course_is_the_courses_words(tmp_path):
    """Blind corpus 19 (W19-052): primer 5-1 credits “好看 不是 难看” to primer §3.3 and calls “猫 追 狗 追 猫” its own;
    '两对都借自入门文章' credits the primer with words it never writes. Punctuation and listing are not words: §3.3
    writes 好看，不是难看; a column named in quotation marks (“典型的失败”一列取自讲义) is a name, not a quotation."""
    page = ROOT / "docs" / "primer" / "ch05" / "5-1.md"
    old = "“好看 不是 难看”一对借自入门文章 §3.3，“猫 追 狗 追 猫”一对是本站编的。"
    _edit_fails_and_page_passes(tmp_path, page, old, "“好看 不是 难看”与“猫 追 狗 追 猫”两对都借自入门文章 §3.3。",
                                "“猫 追 狗 追 猫” is said to come from the primer")
    view = "“典型的失败”一列的内容取自讲义。“电影、好看”取自入门文章。“电影、剧透”取自入门文章。"
    found = quotes._borrowed(_ONE_LINE_PAGE, view, "primer §5.1")
    assert [m for _, m in found] and all("剧透" in m for _, m in found), found


def test_an_example_in_code_font_said_to_be_taken_from_the_course_is_the_courses_words(tmp_path):
    """Blind corpus 25 (W25-047): lecture 1-11 takes the name “慕容芷岚” from the lecture and builds the message
    `慕容芷岚 gave him a book.` itself; '人名和整条消息都取自讲义本节的原表' gave the site's message to the lecture. A name
    the lecture writes, in code font, still passes, and so does a denial."""
    page = ROOT / "docs" / "lecture" / "ch01" / "1-11.md"
    old = "人名“慕容芷岚”沿用讲义本节的例子；整条消息 `慕容芷岚 gave him a book.`、"
    _edit_fails_and_page_passes(tmp_path, page, old,
                                "人名“慕容芷岚”和整条消息 `慕容芷岚 gave him a book.` 都取自讲义本节的原表；",
                                "“慕容芷岚 gave him a book.” is said to come from the lecture")
    named = type("P", (), {"line_of": lambda self, at: 1, "body": "人名 `慕容芷岚` 取自讲义本节。"})()
    assert quotes._borrowed(named, "人名  慕容芷岚  取自讲义本节。", "lecture §1.11") == []
    denied = type("P", (), {"line_of": lambda self, at: 1, "body": "整条消息 `慕容芷岚 gave him a book.` 并非取自讲义。"})()
    assert quotes._borrowed(denied, "整条消息  慕容芷岚 gave him a book.  并非取自讲义。", "lecture §1.11") == []
