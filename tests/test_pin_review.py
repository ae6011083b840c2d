"""Snapshots that are reviewed, not overwritten (issue 31): one readable pin file per page, `make pin` asks about each
change, `python -m verify --changes BASE` lists every change of meaning for a reviewer."""
import difflib
import io
import json
import re
import subprocess
from pathlib import Path

import pytest

from checker import arrangements, changes, pin, snapshots, statements
from checker.page import all_pages, read_page

PAGE = """---
id: test.review
title: 温度与分布
source: lecture §2.8
description: 温度越低，分布越尖。
evidence: [construction]
---

# 温度

温度降低一般让分布更尖，升高让它更平。

这个解释本站没有单独测过，延迟也不一定按同样比例下降。

| 阶段 | 瓶颈 |
| --- | --- |
| prefill | 计算 |

“不”的权重必须为负。
"""


class Terminal(io.StringIO):
    """Answers typed at a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def page(tmp_path, monkeypatch):
    monkeypatch.setattr(snapshots, "PINS", tmp_path / "pins")
    path = tmp_path / "p.md"
    path.write_text(PAGE, encoding="utf-8")
    statements.pin([path])
    return path


def edit(path: Path, *pairs: tuple[str, str]) -> None:
    text = path.read_text(encoding="utf-8")
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


def run(page: Path, *args: str, stdin=None) -> tuple[int, list[str]]:
    lines: list[str] = []

    def out(text="", end="\n", flush=False):
        lines.append(text)
    code = pin.main([*args, str(page)], stdin=stdin if stdin is not None else io.StringIO(), out=out)
    return code, lines


def test_a_pin_file_holds_each_sentence_with_its_words_and_no_hashes(page):
    text = snapshots.path_for(page).read_text(encoding="utf-8")
    items = [json.loads(line[2:]) for line in text.splitlines() if line.startswith("- ")]
    assert {"paragraph": "温度降低一般让分布更尖，升高让它更平。",
            "words": ["order:down", "shape:sharp", "order:up", "shape:flat"]} in items
    assert {"description": "温度越低，分布越尖。", "words": ["order:down", "shape:sharp"]} in items
    assert {"row": "| prefill | 计算 |", "words": ["term:prefill"]} in items
    assert not re.search(r"\b[0-9a-f]{8}\b", text)   # no fingerprints, no relation hashes


def test_a_pin_files_diff_reads_as_old_sentence_and_words_to_new(page):
    before = snapshots.path_for(page).read_text(encoding="utf-8")
    edit(page, ("分布更尖", "分布更平"))
    code, printed = run(page, "--accept-lines", "11")
    after = snapshots.path_for(page).read_text(encoding="utf-8")
    diff = [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert diff == [
        '-- {"paragraph": "温度降低一般让分布更尖，升高让它更平。", "words": ["order:down", "shape:sharp", "order:up", "shape:flat"]}',
        '+- {"paragraph": "温度降低一般让分布更平，升高让它更平。", "words": ["order:down", "shape:flat", "order:up", "shape:flat"]}']
    assert code == 0


def test_accept_all_holds_each_reported_edit_of_a_pinned_sentence(page):
    """A bulk accept does not pin a statement reversed inside a pinned sentence (更尖 -> 更平, 不一定 -> 一定): each is
    printed as held with the line to name, the pin file is unchanged and the page keeps failing there."""
    before = snapshots.path_for(page).read_text(encoding="utf-8")
    edit(page, ("分布更尖", "分布更平"), ("不一定", "一定"))
    assert len(statements.errors(read_page(page))) == 2
    code, printed = run(page, "--accept-all")
    assert code == 1 and snapshots.path_for(page).read_text(encoding="utf-8") == before
    held = [line for line in printed if ": held: " in line]
    assert len(held) == 2 and all("\n" not in line for line in printed)
    assert held[0].startswith(f"{page}:11: held: statement words shape:sharp -> shape:flat: "
                              "'温度降低一般让分布更尖，升高让它更平。' -> '温度降低一般让分布更平，升高让它更平。'")
    assert "LINES=11" in held[0] and "not-necessarily -> necessarily" in held[1] and "LINES=13" in held[1]
    assert printed[-1].startswith("0 changes pinned, 0 refused, 2 held")


def test_a_held_change_named_by_its_line_is_pinned_alone(page):
    edit(page, ("分布更尖", "分布更平"), ("不一定", "一定"))
    code, printed = run(page, "--accept-lines", "13")
    assert code == 0 and any(line.startswith(f"{page}:13: pinned: ") for line in printed)
    assert any(line.startswith(f"{page}:11: not pinned (not named: 11)") for line in printed)
    (line, message), = statements.errors(read_page(page))
    assert line == 11 and "shape:sharp -> shape:flat" in message


def test_accept_all_pins_new_sentences_and_same_statement_rewordings(page):
    """What a bulk accept still pins: a new sentence with statement words and a rewording that keeps the words (the
    control of the held test above: the same page, the same call)."""
    edit(page, ("一般让", "通常让"), ("“不”的权重必须为负。", "“不”的权重必须为负。\n\n温度再低，分布就更尖。"))
    code, printed = run(page, "--accept-all")
    assert code == 0 and not any(": held: " in line for line in printed)
    assert statements.errors(read_page(page)) == [] and "温度再低" in snapshots.path_for(page).read_text(encoding="utf-8")


def test_accept_lines_reads_line_numbers_and_one_page(page, tmp_path):
    code, printed = run(page, "--accept-lines", "eleven")
    assert code == 2 and len(printed) == 1 and printed[0].startswith(
        "--accept-lines 'eleven': give page line numbers separated by commas, e.g. 12,40")
    assert run(page, "--accept-lines", "-3")[0] == 2
    other = tmp_path / "q.md"
    other.write_text(PAGE.replace("test.review", "test.other"), encoding="utf-8")
    lines: list[str] = []
    assert pin.main(["--accept-lines", "11", str(page), str(other)], stdin=io.StringIO(),
                    out=lambda text="", **_: lines.append(text)) == 2
    assert lines == ["--accept-lines names lines of one page: give exactly one PAGE"]


def test_without_a_terminal_nothing_is_pinned_and_the_exit_code_is_1(page):
    before = snapshots.path_for(page).read_text(encoding="utf-8")
    edit(page, ("分布更尖", "分布更平"))
    code, printed = run(page)
    assert code == 1 and snapshots.path_for(page).read_text(encoding="utf-8") == before
    assert any(line.startswith(f"{page}:11: not pinned: statement words shape:sharp -> shape:flat") for line in printed)
    assert "--accept-all" in printed[-1] and "make pin" in printed[-1]
    assert statements.errors(read_page(page))


def test_a_refused_change_stays_failing_and_an_accepted_one_is_pinned(page):
    edit(page, ("分布更尖", "分布更平"), ("不一定", "一定"))
    code, printed = run(page, stdin=Terminal("n\ny\n"))   # refuse the first change, accept the second
    assert code == 0
    asked = [line for line in printed if line.startswith(str(page))]
    assert len(asked) == 2 and "shape:sharp -> shape:flat" in asked[0] and "not-necessarily" in asked[1]
    (line, message), = statements.errors(read_page(page))
    assert line == 11 and "shape:sharp -> shape:flat" in message and "make pin PAGE=" in message
    assert "1 changes pinned, 1 refused" in printed[-1]
    words = snapshots.for_page(page).tokens()
    assert "necessarily" in words and "not-necessarily" not in words and "shape:sharp" in words


def test_a_refused_exchange_stays_failing(page):
    edit(page, ("| 阶段 | 瓶颈 |", "| 瓶颈 | 阶段 |"))
    assert arrangements.errors(read_page(page))
    code, printed = run(page, stdin=Terminal("n\n"))
    assert any("the same characters in another arrangement" in line for line in printed)
    assert arrangements.errors(read_page(page))
    run(page, stdin=Terminal("y\n"))
    assert arrangements.errors(read_page(page)) == []


def test_a_rewording_is_recorded_without_a_question(page):
    edit(page, ("一般让", "通常让"))
    code, printed = run(page, stdin=Terminal(""))
    assert code == 0 and not any("pin this change" in line for line in printed)
    assert "通常让分布更尖" in snapshots.path_for(page).read_text(encoding="utf-8")


def test_a_recorded_rewording_is_reported_at_its_own_line(page):
    """Description audit: the line of recorded rewordings was the page's first body line, where nothing changed."""
    edit(page, ("一般让", "通常让"))
    line = next(n for n, text in enumerate(page.read_text(encoding="utf-8").splitlines(), 1) if "通常让" in text)
    code, printed = run(page, "--accept-all")
    (said,) = [text for text in printed if "changes without a statement word changed" in text]
    assert code == 0 and f":{line}: 1 changes" in said, said
    assert f"lines {line})" in said, said


def test_a_new_page_is_listed_as_new_and_pinned_whole(page, tmp_path):
    fresh = tmp_path / "q.md"
    fresh.write_text(PAGE.replace("test.review", "test.fresh"), encoding="utf-8")
    code, printed = run(fresh)
    assert code == 1 and any(": not pinned: new page: " in line for line in printed)
    # each sentence with statement words is listed with its words and its line (new-author trial 46)
    listed = [line for line in printed if line.startswith("    ") and "温度降低一般让分布更尖" in line]
    line = next(n for n, text in enumerate(fresh.read_text(encoding="utf-8").splitlines(), 1) if "温度降低" in text)
    assert listed and f":{line}: " in listed[0] and "sharp" in listed[0], printed
    assert not snapshots.path_for(fresh).exists()
    code, printed = run(fresh, stdin=Terminal("y\n"))
    assert code == 0 and snapshots.for_page(fresh).page_id == "test.fresh"
    assert sum("new page" in line for line in printed) == 1   # one question for the whole page


def test_nothing_to_pin_exits_0(page):
    code, printed = run(page)
    assert code == 0 and printed[-1].startswith("nothing to pin")


def test_every_page_has_its_own_pin_file():
    """One pin file per page, at the page's path under checker/pins/, naming the page (the statement words and the
    arrangement it holds are checked against the pages by test_statements.py and test_arrangements.py); the two
    whole-site JSON files are gone."""
    for path in all_pages():
        snapshot = snapshots.for_page(path)
        assert snapshot is not None and snapshot.page_id == read_page(path).id, f"{path}: run `make pin PAGE={path}`"
    assert {p.resolve() for p in map(snapshots.page_for, snapshots.all_pin_files())} == {p.resolve() for p in all_pages()}
    assert not list(snapshots.PINS.glob("*.json")), "the old pin files are gone"


# ------------------------------------------------------------------ python -m verify --changes BASE

VERIFY = '''from checker.evidence import kinds


@kinds(course="a", site_construction="b")
def f():
    return {"a": 1, "b": 2}
'''

CLAIMED = PAGE.replace("evidence: [construction]", "evidence: [construction]\nverify: verify/m.py::f\nclaims:\n"
                       "  - 'a 是 {a}'\nrelations:\n  - text: '更平'\n    holds: '{a} < {b}'")


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=root, check=True,
                   capture_output=True)


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A scratch repository with one pinned page and its verify module, committed."""
    root = tmp_path / "repo"
    (root / "docs" / "lecture").mkdir(parents=True)
    (root / "verify").mkdir()
    (root / "verify" / "m.py").write_text(VERIFY, encoding="utf-8")
    page = root / "docs" / "lecture" / "p.md"
    page.write_text(CLAIMED + "\na 是 1。\n", encoding="utf-8")
    monkeypatch.setattr(snapshots, "PINS", root / "checker" / "pins")
    monkeypatch.setattr(snapshots, "DOCS", root / "docs")
    statements.pin([page])
    assert (root / "checker" / "pins" / "lecture" / "p.yaml").is_file()
    git(root, "init", "-q")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "base")
    return root


def changes_in(root: Path, base: str = "HEAD") -> tuple[int, list[str]]:
    lines: list[str] = []
    return changes.main(base, root=root, out=lines.append), lines


def test_changes_lists_an_edited_statement_word_with_old_and_new_sentence(repo):
    page = repo / "docs" / "lecture" / "p.md"
    edit(page, ("分布更尖", "分布更平"))
    code, lines = changes_in(repo)
    assert code == 0
    assert lines[0] == ("docs/lecture/p.md:17: statement words shape:sharp -> shape:flat: "
                        "'温度降低一般让分布更尖，升高让它更平。' -> '温度降低一般让分布更平，升高让它更平。'")
    assert lines[-1].startswith("1 changes of meaning on 1 pages between HEAD and the working tree")


def test_changes_lists_claims_relations_and_declared_kinds(repo):
    page = repo / "docs" / "lecture" / "p.md"
    edit(page, ("  - 'a 是 {a}'", "  - 'a 是 {a}'\n  - 'b 是 {b}'"), ("holds: '{a} < {b}'", "holds: '{b} < {a}'"))
    edit(repo / "verify" / "m.py", ('course="a", site_construction="b"', 'course="a b"'))
    code, lines = changes_in(repo)
    page_lines = [line.split(": ", 1)[1] for line in lines[:-1]]
    assert "claim added: 'b 是 {b}'" in page_lines
    assert "relation removed: '更平' holds '{a} < {b}'" in page_lines
    assert "relation added: '更平' holds '{b} < {a}'" in page_lines
    assert "declared kind of {b}: site_construction -> course (@kinds on verify/m.py::f)" in page_lines
    assert all(line.startswith("docs/lecture/p.md:") for line in lines[:-1]) and code == 0


def test_changes_of_nothing_and_a_bad_base(repo):
    assert changes_in(repo) == (0, ["0 changes of meaning on 0 pages between HEAD and the working tree "
                                    "(statement words, claims, relations, declared kinds)"])
    code, lines = changes_in(repo, "no-such-branch")
    assert code == 2 and len(lines) == 1 and "not a commit" in lines[0]


def test_a_line_holding_two_held_changes_names_each_and_pins_only_the_one_named(tmp_path, monkeypatch):
    """Review of this stop: a paragraph kept on one line holds two reversed statements; naming the line must not pin
    the neighbour unread. Each is named LINE.K; the bare line and a name no change has are refused, nothing pinned."""
    monkeypatch.setattr(snapshots, "PINS", tmp_path / "pins")
    path = tmp_path / "one_line.md"
    path.write_text(PAGE.replace("温度降低一般让分布更尖，升高让它更平。\n\n这个解释本站没有单独测过，延迟也不一定按同样比例下降。",
                                 "温度降低一般让分布更尖。延迟也不一定按同样比例下降。"), encoding="utf-8")
    statements.pin([path])
    before = snapshots.path_for(path).read_text(encoding="utf-8")
    edit(path, ("分布更尖", "分布更平"), ("不一定", "一定"))
    code, printed = run(path, "--accept-all")
    held = [line for line in printed if ": held: " in line]
    assert code == 1 and len(held) == 2 and "LINES=11.1" in held[0] and "LINES=11.2" in held[1]
    code, printed = run(path, "--accept-lines", "11")
    assert code == 1 and "holds several changes" in printed[-1] and "nothing pinned" in printed[-1]
    code, printed = run(path, "--accept-lines", "99")
    assert code == 1 and "no asked change is named 99" in printed[-1]
    assert snapshots.path_for(path).read_text(encoding="utf-8") == before
    code, printed = run(path, "--accept-lines", "11.2")
    assert code == 0
    (line, message), = statements.errors(read_page(path))
    assert "shape:sharp -> shape:flat" in message


def test_a_held_change_is_named_as_the_next_run_will_know_it(tmp_path, monkeypatch):
    """New-author trial 18: --accept-all pinned a new sentence and held an edited one on the same line, telling the
    author LINES=11.2; the next run, the new sentence pinned, knew the held change as 11 and refused 11.2. The name
    printed with a held change is the one it has once the changes beside it are pinned."""
    monkeypatch.setattr(snapshots, "PINS", tmp_path / "pins")
    path = tmp_path / "one_line.md"
    path.write_text(PAGE.replace("温度降低一般让分布更尖，升高让它更平。\n\n这个解释本站没有单独测过，延迟也不一定按同样比例下降。",
                                 "温度降低一般让分布更尖。延迟也不一定按同样比例下降。"), encoding="utf-8")
    statements.pin([path])
    edit(path, ("延迟也不一定按同样比例下降。", "延迟也不一定按同样比例下降。这个解释本站没有单独测过。"),
         ("分布更尖", "分布更平"))
    code, printed = run(path, "--accept-all")
    held = [line for line in printed if ": held: " in line]
    pinned = [line for line in printed if ": pinned: " in line]
    assert code == 1 and len(held) == 1 and len(pinned) == 1, printed
    name = re.search(r"LINES=(\S+)`", held[0]).group(1)
    assert name == "11", held[0]
    code, printed = run(path, "--accept-lines", name)
    assert code == 0, printed


def test_a_line_inside_a_changed_sentence_names_its_change(page):
    """Label round 86: verify reported a change at line 55 (the line of the changed word in a wrapped sentence) and
    pin named it 53; --accept-lines 55 pinned nothing. A line inside the one change's span names it; a line in no
    change's span is still refused."""
    edit(page, ("温度降低一般让分布更尖，升高让它更平。", "温度降低一般让分布\n更平，升高让它更平。"))
    (line, _), = statements.errors(read_page(page))
    code, printed = run(page, "--accept-lines", "12")
    assert code == 0 and any(": pinned: " in p for p in printed), printed
    assert statements.errors(read_page(page)) == []
    code, printed = run(page, "--accept-lines", "30")
    assert code in (0, 1) and not any(": pinned: " in p for p in printed)


def test_a_line_verify_does_not_report_names_no_change(page):
    """Review 86: with a sentence removed after an unchanged wrapped one, --accept-lines named by a line of the
    unchanged sentence (which verify never reports) pinned the removal. Only a line verify reports names a change."""
    edit(page, ("温度降低一般让分布更尖，升高让它更平。", "温度降低一般让分布更尖，\n升高让它更平。"),
         ("这个解释本站没有单独测过，延迟也不一定按同样比例下降。\n", ""))
    reported = {line for line, _ in statements.errors(read_page(page))}
    code, printed = run(page, "--accept-lines", "11")
    assert 11 not in reported and not any(": pinned: " in p for p in printed), printed
