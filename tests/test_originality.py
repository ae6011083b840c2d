"""tools/originality.py (REVIEW.md item 11): no page holds a run of 20 or more Chinese characters of the course
documents (authoring.md's limit), and the tool finds a pasted sentence where a rewording passes."""
import re

import pytest

from tools import originality


@pytest.fixture(scope="module")
def seed():
    norm, _ = originality._normalise(originality._seed_text())
    return norm, {norm[i:i + 20] for i in range(len(norm) - 19)}


def test_no_page_holds_a_run_of_twenty_chinese_characters_of_the_course(capsys):
    assert originality.main(["--max-runs", "0", str(originality.ROOT / "docs")]) == 0, capsys.readouterr().out


def test_a_pasted_sentence_is_found_and_its_rewording_is_not(seed):
    norm, grams = seed
    text = originality._seed_text()
    # a sentence of the course with 30+ Chinese characters, pasted into a page's prose with a line break inside
    sentence = next(s.strip() for s in re.split(r"(?<=[。！？])|\n", text)
                    if len(re.findall(r"[\u4e00-\u9fff]", s)) >= 30 and not re.search(r"[$`|#]", s))
    pasted = "---\ntitle: t\n---\n\n前面一句。" + sentence[:12] + "\n" + sentence[12:] + "\n"
    found = originality.runs(pasted, grams, norm, 20)
    assert found and len(originality._normalise(found[0][1])[0]) >= 20
    # the same words in math, code or a heading, or broken up by a table's cell wall, are not prose runs
    for hidden in (f"`{sentence}`", f"# {sentence}", "| " + " | ".join(sentence[i:i + 8] for i in range(0, len(sentence), 8)) + " |"):
        assert originality.runs("---\ntitle: t\n---\n\n" + hidden + "\n", grams, norm, 20) == []
    reworded = "---\ntitle: t\n---\n\n" + "".join(reversed(sentence)) + "\n"
    assert originality.runs(reworded, grams, norm, 20) == []


def test_a_run_is_measured_in_chinese_characters_so_a_papers_title_is_not_one(seed):
    norm, grams = seed
    title = "---\ntitle: t\n---\n\nExploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer\n"
    assert originality.runs(title, grams, norm, 20) == []
