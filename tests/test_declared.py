"""Whose number it is, declared once on the verify function (checker.evidence.kinds) and tested against data
(checker/declared.py): each declaration is checked in the direction data can decide, nothing is inferred from a
coincidence, and every view of a number (hover, page JSON, Markdown) shows the one declaration."""
import json
import re

import pytest
from conftest import check_text

from checker.evidence import declared_kind, kinds
from checker.paths import ROOT

PAGE = """---
id: test.declared
title: t
source: {source}
evidence: [construction]
verify: verify/lecture/ch03_read.py::three_slot_read
claims:
  - '\\alpha\\approx{{alpha}}'
---
# t

{before}$$\\alpha\\approx(0.422319,0.155362,0.422319)$$
"""


def page(source="lecture §3.5", before=""):
    return PAGE.format(source=source, before=before)


@pytest.fixture
def declare(monkeypatch):
    from verify.lecture import ch03_read

    def set_kinds(**by_kind):
        fn = kinds(**by_kind)(lambda: None)
        monkeypatch.setattr(ch03_read.three_slot_read, "key_kinds", fn.key_kinds, raising=False)
        monkeypatch.setattr(ch03_read.three_slot_read, "kind_rules", fn.kind_rules, raising=False)
    return set_kinds


def test_a_declared_course_number_its_section_does_not_print_fails_with_file_line_and_section(tmp_path, declare):
    declare(course="alpha")
    assert not check_text(tmp_path, page()).errors            # lecture §3.5 prints (.422319, .155362, .422319)
    errors = check_text(tmp_path, page(source="lecture §1.6")).errors
    wrong = [e for e in errors if "declared course" in e]
    assert wrong and re.match(r"^\S*page\.md:\d+: ", wrong[0]) and "lecture §1.6 does not print 0.422319" in wrong[0]
    assert "verify/lecture/ch03_read.py:" in wrong[0]          # where to change the declaration


def test_a_topic_page_restating_a_course_section_through_course_also_has_that_section_behind_it(tmp_path, declare):
    """A topic page has no section of its own; the sections its course_also names are its course (new-author trial:
    the course's own numbers were refused as 'no course section behind it')."""
    declare(course="alpha")
    topic = page(source="topic three-slot-read").replace("evidence:", "course_also: ['lecture §3.5']\nevidence:")
    assert not [e for e in check_text(tmp_path, topic).errors if "declared course" in e]
    alone = check_text(tmp_path, page(source="topic three-slot-read")).errors     # control: nothing behind it
    assert any("declared course" in e and "no course section behind it" in e for e in alone), alone
    elsewhere = check_text(tmp_path, topic.replace("lecture §3.5", "lecture §1.6")).errors
    assert any("lecture §1.6 does not print 0.422319" in e for e in elsewhere), elsewhere


def test_a_stated_rule_lets_a_derived_course_number_pass(tmp_path, declare):
    declare(course="alpha", rules={"alpha": "softmax of the scores the course gives"})
    assert not [e for e in check_text(tmp_path, page(source="lecture §1.6")).errors if "declared course" in e]


def test_a_site_number_equal_to_a_course_number_is_the_sites(tmp_path, declare):
    declare(site_construction="alpha")
    report = check_text(tmp_path, page(before='!!! example "本站构造"\n    ').replace("\n$$", "\n    $$"))
    assert not report.errors, report.errors
    assert {m.kind for m in report.marks} == {"site_construction"}       # never the course's by coincidence
    unboxed = check_text(tmp_path, page()).errors                        # and it must be marked as the site's
    assert any("is the site's own construction" in e for e in unboxed), unboxed


def test_a_missing_declaration_fails_and_says_where_to_declare(tmp_path, declare):
    declare(course="other_key")
    errors = check_text(tmp_path, page()).errors
    assert any("claim {alpha} has no declared kind: add it to @kinds(...)" in e for e in errors), errors


def test_a_site_run_declared_on_a_function_that_reads_no_run_fails(tmp_path, declare):
    declare(site_run="alpha")
    errors = check_text(tmp_path, page()).errors
    assert any("declared site_run" in e and "reads no committed run" in e for e in errors), errors


def test_a_number_that_moves_with_the_runs_cannot_be_declared_a_construction(monkeypatch):
    from checker.pipeline import check_page
    from verify.lecture import ch07
    # the benchmark's table rows (timings) declared as a construction: they move when the benchmark file does
    monkeypatch.setattr(ch07.kv_speed, "key_kinds", (("rows", "site_construction"),) + ch07.kv_speed.key_kinds,
                        raising=False)
    errors = check_page(ROOT / "docs" / "lecture" / "ch07" / "7-9.md").errors
    assert any("{rows[" in e and "declared site_construction" in e and "declare it site_run" in e
               for e in errors), errors


def test_a_record_number_computed_here_needs_its_rule(tmp_path, declare):
    declare(record="alpha")
    errors = check_text(tmp_path, page()).errors
    assert any("declared record" in e and "state its rule" in e for e in errors), errors


def test_declarations_resolve_exact_names_before_prefixes_and_the_rest():
    fn = kinds(course="rows_total", site_construction="rows* *", site_run="t")(lambda: None)
    assert declared_kind(fn, "rows_total") == "course"
    assert declared_kind(fn, "rows[2].t") == "site_construction"
    assert declared_kind(fn, "t") == "site_run" and fn.run_keys == ("t",)   # mixed: its runs are its run keys
    assert declared_kind(fn, "anything") == "site_construction"
    with pytest.raises(ValueError, match="one key, one kind"):
        kinds(course="a", site_construction="a")
    with pytest.raises(ValueError, match="is one of"):
        kinds(teaching="a")


def _page_jsons():
    pages = sorted((ROOT / "build" / "verify" / "pages").glob("*.json"))
    if not pages:
        pytest.skip("no verification results; run `make verify` (make test does) first")
    return [json.loads(p.read_text(encoding="utf-8")) for p in pages]


def test_every_claim_in_every_page_json_has_its_declared_kind_and_every_mark_agrees():
    for data in _page_jsons():
        for claim in data["claims"]:
            if claim["status"] == "passed" and claim["key"] and not isinstance(claim["computed"], str):
                # a text hole ({best} = her) binds a name, not a number: it has no kind (checker/declared.py)
                assert claim["kind"] in ("course", "site_construction", "site_run", "record", "paper"), \
                    (data["page"], claim["key"])
        for mark in data["marks"]:
            if mark["claim"] is not None:
                assert mark["kind"] == data["claims"][mark["claim"]]["kind"], (data["page"], mark)
            if mark["cited"] is not None:
                assert mark["kind"] == (data["cited"][mark["cited"]]["kind"] or "paper"), (data["page"], mark)


def test_the_markdown_number_block_and_the_hover_show_the_json_kind_of_every_number():
    """The served Markdown's number block lists every mark of the page JSON with the same kind and the full value;
    the hover note of each mark names the same label."""
    import yaml

    from sitegen.agent import number_kinds
    from sitegen.marks import mark_numbers, note
    from checker.kinds import LABELS_BY_KEY
    from checker.page import read_page
    checked = 0
    for data in _page_jsons():
        if not data["marks"] or data["status"] != "passed":
            continue
        page = read_page(ROOT / data["path"])
        text = (ROOT / data["path"]).read_text(encoding="utf-8")
        block = number_kinds(data, text, page.body_offset)
        rows = yaml.safe_load("\n".join(block[3:-1]))["numbers"]
        assert len(rows) == len(data["marks"])
        for row, mark in zip(rows, data["marks"]):
            assert row["kind"] == mark["kind"] and row["label"] == LABELS_BY_KEY[mark["kind"]].label
            assert note(mark, data).startswith(LABELS_BY_KEY[mark["kind"]].label)
            if mark["claim"] is not None:
                assert "…" not in str(row["value"])      # the whole value: no second request needed
        marked = mark_numbers(page.body, data)
        spans = re.findall(r'class="kb-num" data-kind="(\w+)"', marked)
        assert set(spans) - {"mixed"} <= {m["kind"] for m in data["marks"]}
        checked += 1
    assert checked > 100


def test_a_declared_part_of_a_key_wins_over_the_whole_key_in_any_order():
    for order in ({"site_construction": "reach", "course": "reach.width"},
                  {"course": "reach.width", "site_construction": "reach"}):
        fn = kinds(**order)(lambda: None)
        assert declared_kind(fn, "reach.width") == "course" and declared_kind(fn, "reach.distance") == "site_construction"


def test_a_small_course_count_the_section_prints_only_as_another_thing_needs_its_rule():
    """Label rounds 54-56: a course count without a rule passed whenever its section printed the same digit for
    another reason (1-7's three candidates beside §1.7's her出现3次). A count of 个 needs the section to state a count
    of 个 of that size (三个输出候选 and 三个 K do, whatever noun follows), or a rule saying where the course gives it."""
    from types import SimpleNamespace
    from checker.declared import _contradiction
    from checker.seed_numbers import SectionNumbers
    claim = SimpleNamespace(computed=3, key="n", template="一共 {n} 个候选，按分数排列")
    other = SectionNumbers("lecture §9.9", frozenset({(3.0, 0.0)}), frozenset({"3次", "三种做法"}))
    same = SectionNumbers("lecture §9.9", frozenset({(3.0, 0.0)}), frozenset({"三个输出"}))
    assert "states no count of '个' of that size" in _contradiction(claim, "course", "", other, None, set())
    assert _contradiction(claim, "course", "", same, None, set()) == ""
    assert _contradiction(claim, "course", "the three listed words, counted", other, None, set()) == ""
    big = SimpleNamespace(computed=12, key="n", template="一共 {n} 个候选，按分数排列")   # above ten: no coincidence rule
    assert _contradiction(big, "course", "", SectionNumbers("x", frozenset({(12.0, 0.0)}), frozenset()), None, set()) == ""


# the same page with one inline sentence in a 本站构造 box (checker/borrowing.py reads the sentence of a number)
INLINE = PAGE[:PAGE.index("# t\n")] + '# t\n\n!!! example "本站构造"\n    {sentence}\n'
WEIGHTS = "$\\alpha\\approx(0.422319,0.155362,0.422319)$"


def borrowing_errors(tmp_path, sentence, source="lecture §1.6"):
    page_text = INLINE.format(source=source, sentence=sentence.format(w=WEIGHTS))
    return [e for e in check_text(tmp_path, page_text).errors if "taken (" in e]


def test_a_value_the_sentence_says_is_taken_from_a_section_that_prints_it_is_the_courses(tmp_path, declare):
    """checker/borrowing.py: who set the value decides its label (label rounds 58-66 flipped 6-8's 16×16 patch and
    3-20's widths between course and site while the pages said 沿用讲义…)."""
    declare(site_construction="alpha")
    errors = borrowing_errors(tmp_path, "本站的读取沿用讲义 §3.5 的权重 {w}，再把它们相加。")
    assert len(errors) == 1 and "{alpha} = " in errors[0] and "declared site_construction (verify/lecture/" in \
        errors[0] and "taken (沿用) from lecture §3.5, which prints it" in errors[0], errors
    assert re.match(r"^\S*page\.md:\d+: ", errors[0])
    # controls: no word of borrowing (a coincidence stays the site's), a denial, a section that does not print it
    assert not borrowing_errors(tmp_path, "本站的读取取权重 {w}，再把它们相加。")
    assert not borrowing_errors(tmp_path, "本站的权重 {w} 并非沿用讲义 §3.5，是另取的。")
    assert not borrowing_errors(tmp_path, "本站的读取沿用讲义 §1.5 的记号，权重取 {w}。")
    declare(course="alpha")
    assert not borrowing_errors(tmp_path, "本站的读取沿用讲义 §3.5 的权重 {w}，再把它们相加。",
                                source="lecture §3.5")


def test_a_course_value_said_to_be_taken_from_a_section_that_does_not_print_it_fails(tmp_path, declare):
    """A wrong § in a borrowing sentence is a wrong credit: the value is the course's, but not that section's."""
    declare(course="alpha")
    errors = borrowing_errors(tmp_path, "这里沿用讲义 §3.4 的权重 {w}。", source="lecture §3.5")
    assert len(errors) == 1 and "taken (沿用) from lecture §3.4, which does not print it" in errors[0], errors
    assert not borrowing_errors(tmp_path, "这里沿用讲义 §3.5 的权重 {w}。", source="lecture §3.5")
    # the other document's § is the other document's
    assert borrowing_errors(tmp_path, "这里沿用入门文章 §3.5 的权重 {w}。", source="lecture §3.5")


def test_a_bare_section_number_in_a_borrowing_clause_is_the_pages_own_document():
    """Code review of stop 67: the page written under tmp_path belongs to no document, so a bare § names nothing there;
    a page under docs/lecture reads §3.4 as the lecture's."""
    from checker.borrowing import _named_sections
    from checker.paths import DOCS
    page = DOCS / "lecture" / "ch03" / "3-5.md"
    assert _named_sections(page, "这里沿用 §3.4 的权重") == ["lecture §3.4"]
    assert _named_sections(page, "这里沿用入门文章 §13.3 的权重") == ["primer §13.3"]
    assert _named_sections(DOCS / "primer" / "ch13" / "13-3.md", "这里沿用 §13.3 的权重") == ["primer §13.3"]


def test_a_denial_another_clause_or_a_computed_value_is_no_borrowing(tmp_path, declare):
    """Code review of stop 67: 没有沿用 / 不是沿用 / 不直接照搬 deny; a borrowing word in another clause of the sentence
    borrows something else (本站沿用讲义 §3.4 的记号，权重取本节的 …); a value the site computes from borrowed ones
    (相加得, 等于) is the site's. Each beside a twin that still fails."""
    declare(site_construction="alpha")
    for denial in ("没有沿用", "不是沿用", "不直接照搬", "并非照搬"):
        assert not borrowing_errors(tmp_path, f"本站的权重 {{w}} {denial}讲义 §3.5，是另取的。"), denial
    assert borrowing_errors(tmp_path, "本站的权重 {w} 沿用讲义 §3.5，没有另取。")        # the twin: said, not denied
    assert borrowing_errors(tmp_path, "这里取的是讲义 §3.5 的权重 {w}。")   # round 69: 7-9's FFN 宽, 取的是讲义 §7.15 的
    assert not borrowing_errors(tmp_path, "本站沿用讲义 §3.5 的记号，权重另取 {w}。")
    assert not borrowing_errors(tmp_path, "本站沿用讲义 §3.5 的分数算出权重 {w}。")
    # second reader of round 74: 出自 borrows too (a reader swapped 沿用 for it to quiet the check); a value written
    # as the result of its own arithmetic is the site's, whatever the parenthesis after it borrows
    assert borrowing_errors(tmp_path, "本站的权重 {w} 出自讲义 §3.5。")
    declare(course="alpha")
    assert not borrowing_errors(tmp_path, "本站沿用讲义 §3.4 的记号，权重取本节的 {w}。", source="lecture §3.5")
    assert borrowing_errors(tmp_path, "本站沿用讲义 §3.4 的记号与权重 {w}。", source="lecture §3.5")


def test_a_ruled_course_value_said_to_be_taken_from_a_section_not_behind_it_fails(tmp_path, declare):
    """Code review of stop 67: a rule let any § pass (7-16's 沿用讲义 §7.15 changed to §7.14 was silent). The section a
    borrowing clause names must be the page's own, in course_also, or named in the rule."""
    declare(course="alpha", rules={"alpha": "§3.5's READ weights"})
    assert not borrowing_errors(tmp_path, "这里沿用讲义 §3.5 的权重 {w}。", source="lecture §3.5")
    assert not borrowing_errors(tmp_path, "这里沿用讲义 §3.5 的权重 {w}。", source="lecture §3.6")   # named in the rule
    wrong = borrowing_errors(tmp_path, "这里沿用讲义 §3.4 的权重 {w}。", source="lecture §3.6")
    assert len(wrong) == 1 and "is not named in its rule" in wrong[0], wrong


def test_a_display_formula_after_a_borrowing_line_that_ends_with_a_colon_is_in_its_clause(tmp_path, declare):
    """Code review of stop 67: 本站沿用讲义 §3.4 的权重： and the weights in a display block below were never read
    together, so a wrong § there passed."""
    declare(course="alpha")
    text = page(before="这里沿用讲义 §3.4 的权重：\n\n")
    assert any("taken (沿用) from lecture §3.4, which does not print it" in e for e in check_text(tmp_path, text).errors)
    assert not [e for e in check_text(tmp_path, page(before="这里沿用讲义 §3.5 的权重：\n\n")).errors if "taken (" in e]
    assert not [e for e in check_text(tmp_path, page(before="这里另取权重。\n\n")).errors if "taken (" in e]


def test_a_value_equal_to_the_section_number_or_a_year_is_no_evidence_of_borrowing():
    """Review of stop 67: the seed numbers hold each section's own § number and its years, so 3.5 beside 沿用讲义 §3.5
    looked printed by §3.5. A value the section really prints is still read."""
    from types import SimpleNamespace

    from checker.borrowing import errors
    from checker.paths import DOCS
    from checker.seed_numbers import section_numbers
    page = DOCS / "lecture" / "ch03" / "3-5.md"

    def told(body: str, printed: str, value) -> list:
        at = body.index(printed)
        claim = SimpleNamespace(status="passed", span=(at, at + len(printed)), computed=value, key="x",
                                kind="site_construction", printed=printed, rule="", line=1, template="{x}")
        return errors(page, body, 0, [claim], section_numbers("lecture §3.5"))
    assert not told("本站沿用讲义 §3.5 的做法，第一列记作 3.5。", "3.5", 3.5)
    assert told("本站沿用讲义 §3.5 的权重 0.422319。", "0.422319", 0.422319)


def test_a_value_written_as_the_result_of_its_arithmetic_is_the_sites_whatever_the_parenthesis_borrows():
    """Second reader of round 74: on 6-15, 336÷14=24 块（…图幅沿用那一节的算例） was told that 24 is taken from lecture
    §6.2 (which prints 24 for its 6×4 grid); the parenthesis borrows the image size. Without the arithmetic the same
    clause still borrows the 24."""
    from types import SimpleNamespace
    from checker import borrowing
    from checker.paths import DOCS
    from checker.seed_numbers import section_numbers

    def found(sentence, value=24, section="6.15"):
        body = f"# t\n\n{sentence}\n"
        at = body.index(str(value))
        claim = SimpleNamespace(status="passed", span=(at, at + len(str(value))), computed=value, key="n",
                                kind="site_construction", printed=str(value), line=3, rule="")
        return borrowing.errors(DOCS / "lecture" / "ch06" / f"{section.replace('.', '-')}.md", body, 0, [claim],
                                section_numbers(f"lecture §{section}"))
    assert not found("每边 336÷14=24 块（讲义 §6.2 写明，起点的图幅沿用那一节的算例）。")
    assert not found("每边 $336\\div 14=24$ 块（讲义 §6.2 写明，起点的图幅沿用那一节的算例）。")
    assert found("每边 24 块（讲义 §6.2 写明，起点的图幅沿用那一节的算例）。")
    assert found("每边 24 块（讲义 §6.2 写明，起点的图幅出自那一节的算例）。")   # 出自 borrows as 沿用 does
    # review 77: the course's own arithmetic copied (§6.2 prints 14×14=196块) is the course's, borrowed; read in the
    # section's text, so only where the course documents stand beside the project (a bare clone skips it)
    if not (ROOT.parent / "shared" / "seeds").is_dir():
        pytest.skip("the course documents are not beside the project")
    assert found("每张图切成 14×14=196 块（切法沿用讲义 §6.2）。", 196)
    assert found("每张图切成 $14\\times 14=196$ 块（切法沿用讲义 §6.2）。", 196)
    assert found("每张图切成 14×14=196 块（切法沿用讲义）。", 196, "6.2")   # review 78: the document alone names it
