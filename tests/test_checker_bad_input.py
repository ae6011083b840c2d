"""Class 7 of issue 9: bad input that used to pass silently or end in a traceback. Each case is
one line naming the file (and the line) and a non-zero exit."""
import math
import re
import shutil

from checker import pipeline as checker
from checker.pipeline import all_pages, check_page
from checker.numbers import compare

from conftest import edit, run_in

PAGE = """---
id: test.1
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
ONE_LINE = re.compile(r"^\S+:\d+: \S[^\n]*$")


def errors_of(path):
    checker._cache.clear()
    report = check_page(path)
    for error in report.errors:
        assert ONE_LINE.match(error), error
    return report.errors


def test_a_byte_order_mark_before_the_front_matter_is_refused(tmp_path):
    page = tmp_path / "docs" / "lecture" / "p.md"
    page.parent.mkdir(parents=True)
    page.write_text("\ufeff" + PAGE, encoding="utf-8")
    assert all_pages(tmp_path / "docs") == [page]  # not skipped
    [error] = errors_of(page)
    assert error.startswith(f"{page}:1: the file starts with a byte-order mark"), error


def test_a_blank_line_before_the_front_matter_is_refused(tmp_path):
    page = tmp_path / "docs" / "about" / "p.md"  # even in the site's own folder
    page.parent.mkdir(parents=True)
    page.write_text("\n" + PAGE, encoding="utf-8")
    assert all_pages(tmp_path / "docs") == [page]
    [error] = errors_of(page)
    assert error.startswith(f"{page}:1: 1 blank line(s) before the front matter"), error


def test_a_page_without_front_matter_in_a_document_folder_is_not_skipped(tmp_path):
    page = tmp_path / "docs" / "lecture" / "p.md"
    page.parent.mkdir(parents=True)
    page.write_text("# t\n\n三个候选的权重是 0.42。\n", encoding="utf-8")
    site_page = tmp_path / "docs" / "about" / "guide.md"  # the site's own pages have no claims contract
    site_page.parent.mkdir(parents=True)
    site_page.write_text("# guide\n", encoding="utf-8")
    assert all_pages(tmp_path / "docs") == [page]
    [error] = errors_of(page)
    assert error.startswith(f"{page}:1: no YAML front matter"), error


def test_windows_line_endings_are_refused(tmp_path):
    page = tmp_path / "p.md"
    page.write_bytes(PAGE.replace("\n", "\r\n").encode())
    [error] = errors_of(page)
    assert error.startswith(f"{page}:1: Windows line endings"), error


def test_a_file_that_is_not_utf8_names_its_file_and_line(tmp_path):
    page = tmp_path / "docs" / "lecture" / "p.md"
    page.parent.mkdir(parents=True)
    page.write_bytes(PAGE.encode() + "\n权重\n".encode("gbk"))
    assert all_pages(tmp_path / "docs") == [page]  # listing the folder does not decode it
    [error] = errors_of(page)
    assert error.startswith(f"{page}:14: byte 0xd6 at offset"), error
    assert "save the file as UTF-8" in error


def test_inf_and_nan_fail_against_any_printed_number():
    for bad in (math.inf, -math.inf, math.nan):
        ok, why = compare("1e308", bad)
        assert not ok and "finite" in why
        ok, why = compare("(0.5, 0.5)", [0.5, bad])
        assert not ok and "finite" in why


def test_a_verify_function_that_raises_is_one_line_not_a_wall(tmp_path, monkeypatch):
    import verify.lecture.ch03_read as module

    def broken():
        raise RuntimeError("broken on purpose")
    monkeypatch.setattr(module, "three_slot_read", broken)
    page = tmp_path / "p.md"
    page.write_text(PAGE + "\n另一个数 0.5。\n", encoding="utf-8")
    [error] = errors_of(page)
    assert f"{page}:6: verify function" in error and "RuntimeError: broken on purpose" in error


# ---------------------------------------------------------------- whole runs (python -m verify)

def test_duplicate_page_ids_fail_on_the_second_page(verified_project):
    project = verified_project
    src = project / "docs" / "lecture" / "ch03"
    shutil.copyfile(src / "3-5.md", src / "3-5-copy.md")
    result = run_in(project, "verify", "docs/lecture/ch03")
    assert result.returncode == 1
    lines = [l for l in result.stdout.splitlines() if "page id" in l]
    assert lines == ["docs/lecture/ch03/3-5.md:2: page id 'lecture.3.5' is already the id of "
                     "docs/lecture/ch03/3-5-copy.md; give each page its own id"], result.stdout


def test_a_page_named_twice_is_checked_once_and_its_cached_result_stays_clean(verified_project):
    """Round 26: a reader passed one page twice; the two results read as two pages with one id, and the failure was
    kept with the page's cached result, so the next check of that page alone failed too."""
    project = verified_project
    twice = run_in(project, "verify", "docs/lecture/ch03/3-5.md", "docs/lecture/ch03/3-5.md", "docs/lecture/ch03")
    assert twice.returncode == 0 and "page id" not in twice.stdout, twice.stdout
    alone = run_in(project, "verify", "docs/lecture/ch03/3-5.md")
    assert alone.returncode == 0 and "page id" not in alone.stdout, alone.stdout


def test_an_empty_docs_folder_fails(project):
    shutil.rmtree(project / "docs")
    (project / "docs").mkdir()
    result = run_in(project, "verify")
    assert result.returncode == 2
    [line] = result.stdout.strip().splitlines()
    assert re.fullmatch(r"\S*docs:1: no topic pages under this folder .*", line), line


def test_a_syntax_error_in_a_verify_module_is_reported_once(verified_project):
    project = verified_project
    edit(project / "verify" / "lecture" / "ch03_read.py", "def three_slot_read(", "def three_slot_read(:")
    result = run_in(project, "verify", "docs/lecture/ch03")
    assert result.returncode == 1 and "Traceback" not in result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    broken = [l for l in lines if "does not import" in l]
    assert len(broken) == 1 and re.match(r"verify/lecture/ch03_read\.py:\d+: verify module does not import: "
                                         r"SyntaxError", broken[0]), lines
    assert not any("neither claimed nor cited" in l for l in lines), lines
    assert lines[-1] == "1 passed, 1 failed" or re.fullmatch(r"\d+ passed, 1 failed", lines[-1]), lines


# ---------------------------------------------------------------- counted words (issue 9 class 1)

def test_a_converted_page_passes_with_counted_words_on(monkeypatch):
    """§3.5 states its counts as claims computed from the inputs (len(K), K.shape[1], G.shape[1])."""
    from checker import classify
    from checker.paths import DOCS

    monkeypatch.setattr(classify, "COUNT_WORDS", True)
    checker._cache.clear()
    report = check_page(DOCS / "lecture" / "ch03" / "3-5.md")
    assert not report.errors, report.errors
    assert {"n_slots", "dim", "n_candidates"} <= {c.key for c in report.claims if c.status == "passed"}


def test_a_changed_count_word_fails_against_its_computed_count(tmp_path):
    from checker.paths import DOCS

    text = (DOCS / "lecture" / "ch03" / "3-5.md").read_text(encoding="utf-8")
    assert "三个源槽：" in text
    page = tmp_path / "docs" / "lecture" / "ch03" / "3-5.md"
    page.parent.mkdir(parents=True)
    page.write_text(text.replace("三个源槽：", "四个源槽："), encoding="utf-8")
    errors = errors_of(page)
    assert any("{n_slots}: printed '四' but computed 3" in e for e in errors), errors


def test_an_uncovered_count_is_a_finding_with_counts_on(tmp_path, monkeypatch):
    from checker import classify

    monkeypatch.setattr(classify, "COUNT_WORDS", True)
    page = tmp_path / "p.md"
    page.write_text(PAGE + "\n有五个候选，一个向量。\n", encoding="utf-8")
    [error] = errors_of(page)
    assert ":14: number '五个' is neither claimed nor cited" in error, error
