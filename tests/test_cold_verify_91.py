"""This stop's cold-run speedups and the two faults they exposed, each against a plain reference: a worker hashes
the shared files once; the number-word span test and the topic check's bigram lookup answer as the scans they
replace; nested recordings of equal file sets leave one another alone; the pixel-QA tasks diagnosed apart are the
tasks diagnosed together; a page's 两个 head is the lecture's 两个head."""
import random
import re

from checker import cli, inputs
from checker.classify import _inside_any
from checker.crossrefs import _PageText
from checker.paths import ROOT
from checker.reads import _recording, recording
from checker.seed_numbers import SectionNumbers


def test_a_worker_lists_the_checker_and_data_files_once_for_all_its_pages(monkeypatch):
    calls = []
    real = inputs.checker_files
    monkeypatch.setattr(inputs, "checker_files", lambda: calls.append(1) or real())
    pages = [str(ROOT / "docs/lecture/ch02/2-7.md"), str(ROOT / "docs/primer/ch05/index.md")]
    results = cli._check_group(pages)
    assert [r["path"] for r in results] == ["docs/lecture/ch02/2-7.md", "docs/primer/ch05/index.md"]
    assert len(calls) == 1
    calls.clear()
    cli.check_fresh(ROOT / "docs/lecture/ch02/2-7.md")   # outside a group: listed afresh, as before
    assert len(calls) == 1


def test_the_span_test_answers_as_a_scan_of_every_span():
    rng = random.Random(91)
    for _ in range(3000):
        spans = [(a := rng.randint(0, 60), a + rng.randint(0, 12), None) for _ in range(rng.randint(0, 7))]
        inside = _inside_any(spans)
        for i in range(-2, 80):
            assert inside(i) == any(s <= i < e for s, e, _ in spans), (spans, i)


def test_the_topic_checks_lookup_answers_as_a_substring_search():
    text = (ROOT / "docs/lecture/ch03/3-4.md").read_text(encoding="utf-8").lower()
    page = _PageText(text)
    words = set(re.findall(r"[a-z][a-z\-]+", text)) | {"attention", "zzqx", "4096", "注意", "意力", "力机", "钥匙"}
    words |= {text[i:i + 2] for i in range(0, len(text) - 1, 7)}   # every kind of pair, across runs too
    for word in words:
        assert (word in page) == (word in text), word


def test_an_inner_recording_of_the_same_files_leaves_the_outer_one_in_place():
    with recording() as outer:
        with recording() as inner:
            assert inner == outer and inner is not outer   # both empty: equal, not the same
        assert any(r is outer for r in _recording) and not any(r is inner for r in _recording)
    assert not any(r is outer for r in _recording)


def test_the_tasks_diagnosed_apart_are_the_tasks_diagnosed_together():
    from training.pixel_qa_diagnose import diagnose
    both = diagnose()
    shape, key = diagnose(parts=("shape",)), diagnose(parts=("key",))
    assert shape["shape"] == both["shape"] and key["key"] == both["key"]
    assert "key" not in shape and "shape" not in key and shape["manifest"] == both["manifest"]


def test_a_latin_noun_after_a_space_is_the_sections_count_of_it():
    lecture = SectionNumbers("lecture §4.1", frozenset(), frozenset({"两个he", "两头输出"}))
    assert lecture.states_phrase("两个", "个 head 各有自己的投影")
    assert not lecture.states_phrase("三个", "个 head 各有自己的投影")   # another count of heads
    assert not lecture.states_phrase("两个", "个 token 各有自己的投影")  # another noun
    assert not lecture.states_phrase("两个", "个")                       # no noun at all


def test_a_text_read_once_gives_every_caller_its_own_list():
    from checker.classify import numbers_in
    from checker.statements import tokens
    body = "三个候选的分数是 0.5、0.25 和 0.25，比第一个小。"
    first = numbers_in(body)
    first.clear()
    assert [t.text for t in numbers_in(body)] == [t.text for t in numbers_in(body + " ")][:len(numbers_in(body))] != []
    words = tokens("它比 0.5 小，也不再变化。")
    words.append((0, "extra"))
    assert (0, "extra") not in tokens("它比 0.5 小，也不再变化。")


def test_a_decimal_is_found_where_a_scan_of_the_document_finds_it():
    import random
    from checker.absences import _DECIMALS_IN, _found, _nfkc_document

    def scanned(value, text):   # the reading _found replaced: every decimal of the document in order
        plain = value.replace(" ", "")
        places, wanted, signed = len(plain.split(".")[1]), float(plain.replace("−", "-")), plain[0] in "-−"
        for m in _DECIMALS_IN.finditer(_nfkc_document(text)):
            number = float(m.group(0).replace("−", "-"))
            if len(m.group(0).split(".")[1]) >= places and \
                    abs((number if signed else abs(number)) - wanted) <= 0.5 * 10 ** -places + 1e-12:
                return m.group(0)
        return None
    rng = random.Random(91)
    text = " ".join(f"{rng.choice(['', '-', '−'])}{rng.randint(0, 3)}.{rng.randint(0, 99999):0{rng.randint(1, 6)}d}"
                    for _ in range(400)) + " 0.4 10.45 1.089392 2016 .108383"
    numbers = [m.group(0) for m in _DECIMALS_IN.finditer(_nfkc_document(text))]
    values = [n[:rng.randint(3, len(n))] for n in numbers] + ["0.1084", "0.4", "-0.5", "2.999", "0.10838"]
    for value in values:
        if "." in value and not value.endswith("."):
            assert _found(value, text) == scanned(value, text), value


def test_the_fact_rules_words_prefilter_loses_no_falsehood(monkeypatch):
    """A rule is searched only in sentences holding one of its required words: on every rule's examples and on
    every sentence of the site, the rules found are those a search of every rule finds."""
    from checker import facts
    from checker.page import all_pages, read_page
    sentences = [text for r in facts.rules() for text in (r.positive, r.negative) if text]
    for path in all_pages():
        sentences += [m.group(0) for m in facts._SENTENCE.finditer(read_page(path).body)]
    with_words = [facts.falsehoods(s) for s in sentences]
    monkeypatch.setattr(facts, "required_words", lambda pattern: None)
    assert [facts.falsehoods(s) for s in sentences] == with_words
    assert sum(map(bool, with_words)) >= len([r for r in facts.rules() if r.positive])   # the examples fired


def test_the_words_a_pattern_requires():
    from checker.facts import required_words
    assert required_words("CBOW[^。；]{0,10}中心词|Skip-?gram") == {"CBOW", "Skip"}   # the longer run
    assert required_words("(?:遮住|被遮)[^，]{0,12}(?:左下|下三角)") == {"遮住", "被遮"}
    assert required_words("(?:因果)?下三角") == {"下三角"}
    assert required_words("[左右]上|x*") is None and required_words("(?i)lstm") is None
