"""The search index sitegen/search.py builds: course terms from the pages, synonym groups, page scopes."""
from __future__ import annotations

from pathlib import Path

import pytest

from sitegen import search

ROOT = Path(__file__).resolve().parent.parent


def test_course_terms_come_from_glossary_bold_and_headings_but_not_phrases():
    terms, groups = search.course_terms(ROOT / "docs")
    assert {"词向量", "交叉注意力", "反向传播", "预训练", "因果遮罩"} <= set(terms)
    assert ["backpropagation", "反向传播"] in groups and ["mask", "掩码"] in groups
    assert not [t for t in terms if t[0] in "两三第" or "的" in t], "counts and phrases are not terms"


def test_synonym_file_errors_name_the_line(tmp_path, monkeypatch):
    bad = tmp_path / "synonyms.txt"
    bad.write_text("# comment\n掩码 | 遮罩\n只有一个\n", encoding="utf-8")
    monkeypatch.setattr(search, "SYNONYMS", bad)
    with pytest.raises(ValueError, match=r"synonyms.txt:3: a synonym group needs at least two names"):
        search.synonym_groups([])


def test_index_marks_code_pages_and_hubs_and_strips_segmentation():
    theme = {"config": {}, "docs": [
        {"location": "primer/ch07/7-6/", "title": "词表\u200b太大", "text": "<p>负\u200b采样 &lt;UNK&gt;</p>"},
        {"location": "primer/ch07/7-6/#why", "title": "为什么", "text": "<p>sigmoid</p>"},
        {"location": "primer/ch07/", "title": "第七章", "text": ""},
        {"location": "code/kernels/embeddings/", "title": "kernels/embeddings.py", "text": "<pre>def f(): pass</pre>"},
    ]}
    index = search.build_index(theme, ROOT / "docs", [["负采样", "negative sampling"]])
    pages = {p["u"]: p for p in index["pages"]}
    assert pages["code/kernels/embeddings/"]["k"] == 1 and pages["primer/ch07/7-6/"]["k"] == 0
    assert pages["primer/ch07/"]["h"] == 1 and pages["primer/ch07/7-6/"]["h"] == 0
    assert pages["primer/ch07/7-6/"]["t"].endswith("负采样")  # the page's own title, not the theme's segmented one
    first = index["sections"][0]
    assert first[3] == "负采样 <UNK>" and index["sections"][1][1] == "#why"
    assert {"词表", "太大"} <= set(index["vocab"])  # the theme's jieba tokens feed query segmentation


def test_index_text_drops_tex_on_teaching_pages_only():
    theme = {"config": {}, "docs": [
        {"location": "primer/ch07/7-6/", "title": "t", "text": "<p>损失 \\(L=-\\ln p\\) 与 \\[x^2\\] 之和</p>"},
        {"location": "code/verify/checker/", "title": "t", "text": "<pre>re.compile(r\"\\(a\\)\")</pre>"},
    ]}
    index = search.build_index(theme, ROOT / "docs", [])
    assert index["sections"][0][3] == "损失 与 之和"
    assert "\\(a\\)" in index["sections"][1][3]
