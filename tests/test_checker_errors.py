"""Bad input gets one clear line naming the file, the line and what to do; never a traceback,
never a silent pass."""
import pytest
from conftest import check_text

GOOD_FRONT = """---
id: test.1
title: t
source: lecture §3.5
evidence: [construction]
verify: verify/lecture/ch03_read.py::three_slot_read
claims:
  - '\\alpha\\approx{alpha}'
---
"""
BODY = "# t\n\n$$\\alpha\\approx(0.422319,0.155362,0.422319)$$\n"


def check(tmp_path, text):
    return check_text(tmp_path, text)


def only_error(report):
    assert len(report.errors) >= 1
    return report.errors[0]


def test_good_page_passes(tmp_path):
    report = check(tmp_path, GOOD_FRONT + BODY)
    assert not report.errors and [c.status for c in report.claims] == ["passed"]
    assert report.numbers_total == report.numbers_recomputed == 3


@pytest.mark.parametrize("front,expect", [
    ("---\nid: [unclosed\n---\n", ":2: front matter is not valid YAML"),
    ("---\nid: x\ntitle: t\nsource: s\nevidence: [construction]\nclaim: []\n---\n", ":6: unknown front-matter key 'claim'"),
    ("---\nid: x\ntitle: t\nsource: s\n---\n", "lacks 'evidence'"),
    ("---\nid: x\ntitle: t\nsource: s\nevidence: [hearsay]\n---\n", ":5: evidence must be"),
    ("# no front matter\n", ":1: no YAML front matter"),
])
def test_malformed_front_matter(tmp_path, front, expect):
    assert expect in only_error(check(tmp_path, front + BODY))


def test_missing_verify_module(tmp_path):
    text = GOOD_FRONT.replace("verify/lecture/ch03_read.py", "verify/lecture/nope.py")
    error = only_error(check(tmp_path, text + BODY))
    assert ":6: verify function" in error and "does not exist" in error


def test_missing_verify_function(tmp_path):
    text = GOOD_FRONT.replace("::three_slot_read", "::no_such_function")
    assert "has no function 'no_such_function'" in only_error(check(tmp_path, text + BODY))


def test_unknown_key_in_template_is_named(tmp_path):
    text = GOOD_FRONT.replace("{alpha}", "{alhpa}")
    error = only_error(check(tmp_path, text + BODY))
    assert "no {key} hole" in error and "{alhpa}" in error and "known keys" in error


def test_unparsable_printed_number(tmp_path):
    text = GOOD_FRONT.replace("'\\alpha\\approx{alpha}'", "'损失 {loss} 纳特'")
    error = [e for e in check(tmp_path, text + "\n损失 3/0 纳特\n").errors if "claim" in e][0]
    assert "divides by zero" in error


def test_citation_without_location_and_unknown_source(tmp_path):
    text = GOOD_FRONT.replace("evidence: [construction]", "evidence: [construction, paper]")
    front = text.rstrip("-\n") + ("\ncited:\n  - text: '报告 26.17'\n    source: nowhere Table 1\n"
                                  "sources:\n  - 'sutskever2014'\n---\n")
    errors = check(tmp_path, front + BODY + "\n报告 26.17\n").errors
    assert any("has no location" in e for e in errors)
    assert any("names 'nowhere', which checker/data/bibliography.bib does not define" in e for e in errors)


def test_evidence_must_match_what_the_page_holds(tmp_path):
    text = GOOD_FRONT.replace("evidence: [construction]", "evidence: [paper]")
    errors = check(tmp_path, text + BODY).errors
    assert any("must list one of construction, checkpoint, measurement" in e for e in errors)
    assert any("evidence lists 'paper' but no cited entry" in e for e in errors)


def test_code_block_that_raises_or_prints_otherwise(tmp_path):
    page = GOOD_FRONT + BODY + "\n```python\nprint(1 + 1)\n```\n\n```text\n3\n```\n"
    assert "prints something else" in only_error(check(tmp_path, page))
    page = GOOD_FRONT + BODY + "\n```python\nraise ValueError('no')\n```\n"
    assert "raised ValueError: no" in only_error(check(tmp_path, page))
    page = GOOD_FRONT + BODY + "\n```python\nfrom kernels.probability import softmax\nprint(softmax([0, 0]).tolist())\n```\n\n```text\n[0.5, 0.5]\n```\n"
    report = check(tmp_path, page)
    assert not report.errors and report.code_blocks_run == 1


def test_claim_printed_wrong_names_its_line(tmp_path):
    report = check(tmp_path, GOOD_FRONT + BODY.replace("0.155362", "0.155363"))
    error = only_error(report)
    assert "page.md:12: claim 0 {alpha}: printed '0.155363' (item 1)" in error


def test_checkpoint_numbers_cannot_pass_as_a_construction(tmp_path):
    front = GOOD_FRONT.replace("verify/lecture/ch03_read.py::three_slot_read",
                               "verify/lecture/ch03_checkpoint.py::denominators").replace("\\alpha\\approx{alpha}", "x")
    errors = check(tmp_path, front + "# t\n").errors
    assert any("reads results/seq2seq/" in e and "so its numbers are checkpoint numbers, but evidence does not list "
               "checkpoint" in e for e in errors), errors


def test_from_runs_rejects_empty_keys():
    from checker.evidence import from_runs
    with pytest.raises(ValueError):
        from_runs()
    with pytest.raises(ValueError):
        from_runs("")


def test_a_bare_hole_template_is_refused(tmp_path):
    front = GOOD_FRONT.replace("'\\alpha\\approx{alpha}'", "'{alpha}'")
    assert "is only a hole" in only_error(check(tmp_path, front + BODY))


def test_a_project_path_named_on_the_page_must_exist(tmp_path):
    page = GOOD_FRONT + BODY + "\n见 `kernels/attention.py` 与 `kernels/no_such_module.py`、`verify/lecture/ch03_read.py::gone`。\n"
    errors = check(tmp_path, page).errors
    assert len(errors) == 2, errors
    assert "kernels/no_such_module.py, which does not exist" in errors[0]
    assert "ch03_read.py::gone, which is not defined there" in errors[1]


def test_an_index_past_the_end_of_a_computed_list_is_one_line(tmp_path):
    front = GOOD_FRONT.replace("'\\alpha\\approx{alpha}'", "'权重 {alpha[7]}'")
    assert "has no such part (IndexError" in only_error(check(tmp_path, front + BODY + "\n权重 0.4\n"))


def test_a_multi_line_exception_message_stays_on_one_line(tmp_path, monkeypatch):
    import verify.lecture.ch03_read as module

    def broken():
        raise ValueError("first line\nsecond line")
    monkeypatch.setattr(module, "three_slot_read", broken)
    error = only_error(check(tmp_path, GOOD_FRONT + BODY))
    assert "ValueError: first line second line" in error


def test_a_latex_group_is_not_reported_as_an_unknown_key_but_a_typo_is():
    """'H_{kv}' in a template is LaTeX: naming {kv} as 'not a computed key' sent authors after a key that never was."""
    from checker.pipeline import unknown_holes
    template = "$H_q={h_q}$、$H_{kv}={h_kv}$ 时，\\sqrt{d_k} 与 x^{n}，{h_kv_typo}"
    assert unknown_holes(template, {"h_q": 32, "h_kv": 8}) == ["{h_kv_typo}"]


def test_a_run_function_with_course_keys_is_told_to_list_construction_in_plain_words(tmp_path):
    """Label round 67: 6-4's sizes, declared course on a function of runs, were told 'reads results/…pt, so its
    numbers are construction numbers' (the reader took the checkpoints for the construction)."""
    from checker.paths import ROOT
    text = (ROOT / "docs/lecture/ch06/6-4.md").read_text(encoding="utf-8")
    assert "evidence: [checkpoint, construction, record, design]" in text
    bare = text.replace("evidence: [checkpoint, construction, record, design]", "evidence: [checkpoint, record, design]")
    errors = [e for e in check_text(tmp_path, bare).errors if "evidence does not list" in e]
    assert len(errors) == 1 and "returns keys besides those read from its runs (declared course or site_construction: " \
        "templates, test_images, test_pairs, train_images, train_pairs)" in errors[0] and "add it" in errors[0], errors
    assert not [e for e in check_text(tmp_path, text).errors if "evidence does not list" in e]
