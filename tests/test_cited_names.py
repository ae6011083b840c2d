"""A cited number is bound to the thing it is a number of (checker/cited_names.py): swapping two names in a
sentence keeps every digit and every recorded value, and fails."""
import pytest

from checker.pipeline import ROOT, check_page


def swapped(text: str, a: str, b: str) -> str:
    return text.replace(a, "\0").replace(b, a).replace("\0", b)


@pytest.mark.parametrize("rel, a, b", [
    ("docs/lecture/ch03/3-9.md", "RNNenc-50", "RNNsearch-50"),
    ("docs/lecture/ch05/5-6.md", "GLiNER-M", "GLiNER2"),
    ("docs/lecture/ch05/5-6.md", "GPT-4o", "GLiNER2"),     # in the F1 sentence and the accuracy one
    ("docs/lecture/ch04/4-15.md", "GNMT", "ConvS2S"),
])
def test_swapping_two_named_things_fails(tmp_path, rel, a, b):
    page = ROOT / rel
    assert not check_page(page).errors
    target = tmp_path / rel
    target.parent.mkdir(parents=True)
    text = page.read_text(encoding="utf-8")
    assert a in text and b in text
    target.write_text(swapped(text, a, b), encoding="utf-8")
    assert any("put the number beside the name it belongs to" in e for e in check_page(target).errors)


def test_pairing_in_a_clause():
    from checker.cited_names import misattributed
    quantities = ["A-1 BLEU", "B-2 BLEU"]
    nums = lambda text: [(text.index(v), v, [q]) for v, q in (("17", "A-1 BLEU"), ("26", "B-2 BLEU")) if v in text]
    assert misattributed("A-1 得 17，B-2 得 26", nums("A-1 得 17，B-2 得 26"), quantities) == []
    assert misattributed("A-1 与 B-2（分别为 17 和 26）", nums("A-1 与 B-2（分别为 17 和 26）"), quantities) == []
    assert len(misattributed("B-2 得 17，A-1 得 26", nums("B-2 得 17，A-1 得 26"), quantities)) == 2
    # a clause with no name, or with names and numbers that cannot be paired, is left alone
    assert misattributed("得 17 与 26", nums("得 17 与 26"), quantities) == []


def test_names_inside_a_quantitys_parenthesis_compete_too(tmp_path):
    """The two accuracies of lecture §5.6 differ only in their annotation (较低/较高 … GLiNER2/GPT-4o in
    paper_numbers.yaml): a sentence that names them, with every digit kept, passes the right way round and fails
    with the names swapped. (The page itself now gives the attribution in a 本站补充 sentence without the digits.)"""
    rel = "docs/lecture/ch05/5-6.md"
    text = (ROOT / rel).read_text(encoding="utf-8")
    sentence = "文本分类的平均准确率一栏为 .72 对 .84"
    assert sentence in text
    named = sentence + "，较低的 .72 是 GLiNER2，较高的 .84 是 GPT-4o"
    text = text.replace(sentence, named)
    target = tmp_path / rel
    target.parent.mkdir(parents=True)
    target.write_text(text, encoding="utf-8")
    assert not [e for e in check_page(target).errors if "beside the name" in e]
    target.write_text(text.replace(named, sentence + "，较低的 .72 是 GPT-4o，较高的 .84 是 GLiNER2"), encoding="utf-8")
    errors = [e for e in check_page(target).errors if "beside the name" in e]
    assert any("'.72'" in e for e in errors) and any("'.84'" in e for e in errors), errors
