"""The claims checker catches every mutation that would let the text and the computation
diverge, and reports each failure as one line naming file and line."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from checker import pipeline as checker
from checker.pipeline import ROOT, all_pages, check_page

from conftest import edit, run_in

PAGES = all_pages()
LINE = re.compile(r"^\S+\.md:\d+: \S.*$")


@pytest.fixture(autouse=True)
def fresh_cache():
    checker._cache.clear()
    yield
    checker._cache.clear()


def one_line_errors(report):
    assert report.errors, "expected the check to fail"
    for error in report.errors:
        assert "\n" not in error and LINE.match(error), error
    return report.errors


def write_variant(tmp_path: Path, original: Path, text: str) -> Path:
    target = tmp_path / original.relative_to(ROOT)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    return target


def test_every_page_passes_as_committed():
    """`python -m verify` as an author runs it: pages whose inputs (page, checker, verify modules, data; content hashes)
    are unchanged since their last check keep their recorded result, so after CI's own `make verify` this is a warm
    run; on a fresh checkout it checks everything."""
    result = subprocess.run([sys.executable, "-m", "verify"], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert re.search(r"^\d+ passed, 0 failed$", result.stdout, re.M), result.stdout[-2000:]


def claimed_spans():
    for page in PAGES:
        seen = set()
        for claim in check_page(page).claims:
            if claim.status == "passed" and claim.span not in seen:
                seen.add(claim.span)
                yield page, claim


CN_NEXT = dict(zip("零一二两三四五六七八九十", "一二三三四五六七八九一九"))   # 十 -> 九: still one character


def next_digit(printed: str) -> str:
    """Bump the first digit (or Chinese digit: 三 → 四) of a printed number; 翻倍 (2) and 减半 (0.5) trade places."""
    if printed in ("翻倍", "减半"):
        return "减半" if printed == "翻倍" else "翻倍"
    for i, ch in enumerate(printed):
        if ch.isdigit() and ch.isascii():
            return printed[:i] + str((int(ch) + 1) % 10) + printed[i + 1:]
        if ch in CN_NEXT:
            return printed[:i] + CN_NEXT[ch] + printed[i + 1:]
    raise AssertionError(f"no digit in {printed!r}")


def named(errors, index) -> bool:
    return any(f"claim {index} " in e or f"claim {index}:" in e for e in errors)


def one_span_per_claim(claims):
    """Rounds of spans, at most one per claim in each round, so that every failure names the claim it mutated."""
    by_claim: dict[int, list] = {}
    for claim in claims:
        if claim.span not in {c.span for c in by_claim.get(claim.index, [])}:
            by_claim.setdefault(claim.index, []).append(claim)
    rounds = []
    for claims_of_one in by_claim.values():
        for i, claim in enumerate(claims_of_one):
            if i == len(rounds):
                rounds.append([])
            rounds[i].append(claim)
    return rounds


def spans_taken(claims) -> list:
    """Claims with distinct, non-overlapping spans (two claims that print the same number share it)."""
    kept, taken = [], []
    for claim in sorted(claims, key=lambda c: c.span):
        if not any(s < claim.span[1] and claim.span[0] < e for s, e in taken):
            kept.append(claim)
            taken.append(claim.span)
    return kept


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_changing_one_digit_of_any_claimed_number_fails(page, tmp_path):
    """Every claimed number, one digit bumped, fails. The mutations are applied a round at a time (one number of each
    claim per round) and each must be named in the report; a number whose claim the round's report does not name is
    then changed alone, as a reader would, and must fail by itself."""
    text = page.read_text(encoding="utf-8")
    passed = [c for c in check_page(page).claims if c.status == "passed"]
    assert passed or not check_page(page).claims
    # a text hole ({best} = her) prints a name, not a number: renaming it is tests/test_relations.py's and the
    # 7-14 table's business (a swapped row name fails its claim), not a digit's
    numbers = [c for c in passed if not isinstance(c.computed, str)]
    for claims in one_span_per_claim(numbers):
        claims = spans_taken(claims)
        mutated = text
        for claim in sorted(claims, key=lambda c: c.span, reverse=True):
            start, end = claim.span
            mutated = mutated[:start] + next_digit(text[start:end]) + mutated[end:]
        report = check_page(write_variant(tmp_path, page, mutated))  # verify values cached: only the text changed
        errors = one_line_errors(report)
        for claim in claims:
            if named(errors, claim.index):
                continue
            start, end = claim.span
            printed = text[start:end]
            alone = check_page(write_variant(tmp_path, page, text[:start] + next_digit(printed) + text[end:]))
            assert alone.failed, f"{page}: changing {printed!r} to {next_digit(printed)!r} went unnoticed"
            one_line_errors(alone)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_removing_a_claims_text_fails(page, tmp_path):
    """Cutting the lines that hold a claim's text reports that claim as not found. All claims are cut at once, and a
    claim the report does not name is then cut alone."""
    text = page.read_text(encoding="utf-8")
    lines = text.split("\n")
    spans_by_claim = {}
    for claim in check_page(page).claims:
        if claim.status == "passed":
            spans_by_claim.setdefault(claim.index, []).append(claim.span)

    def without(indices):
        doomed = {text.count("\n", 0, start) for i in indices for start, _ in spans_by_claim[i]}
        return one_line_errors(check_page(write_variant(tmp_path, page, "\n".join(
            l for n, l in enumerate(lines) if n not in doomed))))

    if not spans_by_claim:
        return
    errors = without(list(spans_by_claim))
    for index in spans_by_claim:
        if not any(f"claim {index} not found" in e for e in errors):
            alone = without([index])
            assert any(f"claim {index} not found" in e for e in alone), alone


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_bare_number_fails_with_its_line(page, tmp_path):
    text = page.read_text(encoding="utf-8").rstrip("\n") + "\n\n另有一个没有来历的数 3.14159。\n"
    variant = write_variant(tmp_path, page, text)
    errors = one_line_errors(check_page(variant))
    last_line = text.rstrip("\n").count("\n") + 1
    # the message shows the template that claims it (issue 31), never a rewording
    assert any(f":{last_line}: number '3.14159'" in e and "没有来历的数 {KEY}。' and " in e for e in errors), errors


# ---------------------------------------------------------------- whole-run mutations (make verify)

def assert_red(result: subprocess.CompletedProcess, expect: str):
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    assert re.fullmatch(r"\d+ passed, [1-9]\d* failed", lines[-1]), lines[-1]
    failures = [l for l in lines if LINE.match(l)]
    assert failures and any(expect in l for l in failures), result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_unmodified_copy_is_green_and_writes_its_results(verified_project):
    """A run over the whole copy: the pages of chapter 2, whose recorded results are removed, are checked afresh
    and written again; every other page is reused from this checkout's run (its inputs are unchanged)."""
    import json

    project = verified_project
    recorded = project / "build" / "verify" / "pages"
    removed = sorted(recorded.glob("lecture.2.*.json"))
    for path in removed:
        path.unlink()
    result = run_in(project, "verify")
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.fullmatch(r"\d+ passed, 0 failed", result.stdout.strip().splitlines()[-1])
    results = json.loads((project / "build" / "verify" / "results.json").read_text(encoding="utf-8"))
    assert results["summary"]["failed"] == 0 and results["summary"]["claims_passed"] > 0
    assert {"page", "key", "template", "printed", "computed", "status"} <= set(results["claims"][0])
    written = sorted(recorded.glob("lecture.2.*.json"))   # `make unit` before any `make verify`: none was recorded
    assert written and all(path.is_file() for path in removed)
    pages = len(results["pages"])
    reused = re.search(r"(\d+) pages unchanged since their last check", result.stdout)
    assert pages == len(all_pages(project / "docs"))
    assert (int(reused.group(1)) if reused else 0) <= pages - len(written), result.stdout


def test_dropping_the_sqrt_dk_scaling_in_the_kernel_turns_verify_red(verified_project):
    project = verified_project
    edit(project / "kernels" / "attention.py", "return dot_scores(q, K) / np.sqrt(K.shape[-1])",
         "return dot_scores(q, K)")
    assert_red(run_in(project, "verify", "docs/lecture/ch04"), "claim")   # the Transformer's pages: §4.3–§4.5 scale


def test_changing_the_brevity_penalty_turns_verify_red(verified_project):
    project = verified_project
    edit(project / "kernels" / "metrics.py", "math.exp(1.0 - r / c)", "math.exp(1.0 - c / r)")
    assert_red(run_in(project, "verify", "docs/lecture/ch03"), "claim")  # BLEU's pages: §3.19–§3.21


def test_a_verify_function_that_raises_is_one_line_naming_the_page(verified_project):
    project = verified_project   # the pages that do not import ch03_read keep their recorded results
    edit(project / "verify" / "lecture" / "ch03_read.py",
         '    """Baseline read, the vocabulary head G and the loss for label him/her (index 0)."""\n',
         '    """Baseline read, the vocabulary head G and the loss for label him/her (index 0)."""\n'
         '    raise RuntimeError("broken on purpose")\n')
    result = run_in(project, "verify", "docs/lecture/ch03")  # the pages that use ch03_read
    assert_red(result, "RuntimeError: broken on purpose")
    assert any(l.startswith("docs/lecture/ch03/3-5.md:") and "ch03_read.py:" in l for l in result.stdout.splitlines())


# ---------------------------------------------------------------- tables are bound whole (issue 20)

TABLE_PAGE = ROOT / "docs/lecture/ch01/1-13.md"
TABLE_TEMPLATE = "'| 切分 | token 数 | 每 token NLL | PPL | | --- | ---: | ---: | ---: | | A | {n_a} | {mean_a} | {ppl_a} |'"


def test_a_table_template_without_its_header_row_fails_naming_the_table(tmp_path):
    text = TABLE_PAGE.read_text(encoding="utf-8")
    assert TABLE_TEMPLATE in text
    variant = write_variant(tmp_path, TABLE_PAGE, text.replace(TABLE_TEMPLATE, "'| A | {n_a} | {mean_a} | {ppl_a} |'"))
    errors = one_line_errors(check_page(variant))
    header_line = text[:text.index("\n| 切分 |") + 1].count("\n") + 1
    assert [e for e in errors if "bound with its labels" in e and "header row" in e
            and f":{header_line}:" in e], errors


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_swapping_two_column_headers_of_a_recomputed_table_fails(page, tmp_path):
    body_offset = checker.read_page(page).body_offset
    text = page.read_text(encoding="utf-8")
    claimed = [c.span for c in check_page(page).claims if c.status == "passed"]
    for header, rows, header_end in checker.tables(text[body_offset:]):
        start, end = body_offset + header, body_offset + header_end
        if not any(body_offset + s <= a < body_offset + e for s, e in rows for a, _ in claimed):
            continue
        line = text[start:end]
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        distinct = [c for c in cells if c]
        if len(set(distinct)) < 2:
            continue
        first, second = distinct[0], next(c for c in distinct if c != distinct[0])
        swapped = line.replace(first, "\0").replace(second, first).replace("\0", second)
        report = check_page(write_variant(tmp_path, page, text[:start] + swapped + text[end:]))
        assert report.failed, f"{page}: swapping headers {first!r} and {second!r} went unnoticed"


def test_pytest_page_items_reuse_a_current_result_and_check_an_edited_page(verified_project):
    """`pytest docs/…` (the page items of conftest.py) reuses the result `python -m verify` recorded while the page's
    inputs are unchanged, and checks an edited page afresh: a changed digit fails there, with the checker's line."""
    project = verified_project
    page = "docs/lecture/ch03/3-5.md"
    assert run_in(project, "verify", page).returncode == 0   # records the page's current result in the copy
    same = run_in(project, "pytest", "-p", "no:xdist", page)
    assert same.returncode == 0, same.stdout[-2000:]
    # the recorded result is what the item reads while the inputs are unchanged: a failure recorded there fails it
    import json
    recorded = project / "build" / "verify" / "pages" / "lecture.3.5.json"
    data = json.loads(recorded.read_text(encoding="utf-8"))
    recorded.write_text(json.dumps({**data, "status": "failed", "errors": ["recorded failure"]}), encoding="utf-8")
    reused = run_in(project, "pytest", "-p", "no:xdist", page)
    assert reused.returncode != 0 and "recorded failure" in reused.stdout, reused.stdout[-2000:]
    edit(project / page, "(0.702690,0.241553,0.055757)", "(0.702691,0.241553,0.055757)")
    changed = run_in(project, "pytest", "-p", "no:xdist", page)
    assert changed.returncode != 0 and "0.702691" in changed.stdout, changed.stdout[-2000:]
