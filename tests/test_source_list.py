"""A 来源 list names each source once (checker/source_list.py)."""
import textwrap

from checker import source_list
from checker.page import read_page

PAGE = """\
    ---
    id: test.sources
    title: t
    source: lecture §4.13
    evidence: [construction]
    sources:
      - 'vaswani2017 §3.2.3 — 因果遮罩'
      - 'lecture §4.13 — 两条样本'
    ---

    # 遮罩

    正文。

    ## 来源

    {bullets}
    """


def errors(tmp_path, bullets: str):
    path = tmp_path / "p.md"
    path.write_text(textwrap.dedent(PAGE).replace("{bullets}", bullets), encoding="utf-8")
    return source_list.errors(read_page(path))


def test_a_bullet_naming_a_listed_paper_again_fails_with_its_line(tmp_path):
    found = errors(tmp_path, "- Vaswani 等（2017 年），arXiv:1706.03762：§3.2.3 因果遮罩。")
    assert len(found) == 1 and found[0][0] == 17 and "vaswani2017 §3.2.3" in found[0][1] and "delete the bullet" in found[0][1]


def test_a_bullet_naming_the_listed_course_section_again_fails(tmp_path):
    found = errors(tmp_path, "- 讲义读本 §4.13（两条手工分词样本）。")
    assert len(found) == 1 and "lecture §4.13" in found[0][1]


def test_bullets_about_other_sources_or_pages_pass(tmp_path):
    assert errors(tmp_path, "- 单张 mask 的数值例子见 [§4.6](4-6.md)。\n- 讲义读本 §4.6 的另一个例子。\n"
                            "- Devlin 等 2019 年的 BERT 论文。") == []
