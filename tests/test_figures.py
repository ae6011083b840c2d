"""Verified figures (tools/figures.py): the data lock, captions and annotations tied to the claims,
alt text, diagram labels checked against the page, deterministic cached SVG."""
from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from checker import pipeline as checker
from tools import figure_kinds, figures
from checker.pipeline import all_pages, check_page
from checker.page import read_page

ROOT = Path(__file__).resolve().parent.parent
TREE_PAGE = ROOT / "docs" / "lecture" / "ch03" / "3-17.md"
LN_PAGE = ROOT / "docs" / "primer" / "ch13" / "13-8.md"


def figure_pages() -> list[Path]:
    return [p for p in all_pages() if read_page(p).meta.get("figures")]


def copy_page(tmp_path: Path, page: Path, old: str | None = None, new: str = "") -> Path:
    text = page.read_text(encoding="utf-8")
    if old is not None:
        assert old in text, f"{page} no longer contains {old!r}; update the test"
        text = text.replace(old, new, 1)
    target = tmp_path / page.name
    target.write_text(text, encoding="utf-8")
    return target


def test_at_least_fifteen_figures_on_ten_pages():
    pages = figure_pages()
    count = sum(len(read_page(p).meta["figures"]) for p in pages)
    assert len(pages) >= 10 and count >= 15, (len(pages), count)


@pytest.mark.parametrize("page", figure_pages(), ids=lambda p: p.stem)
def test_every_lock_matches_the_data_the_verify_values_give_now(page):
    for fid, lock, now in figures.current_locks(page):
        assert lock == now, f"{page}: figure {fid} lock {lock} but its data hash is now {now}"


@pytest.mark.parametrize("page", figure_pages(), ids=lambda p: p.stem)
def test_every_figure_is_embedded_once_with_alt_text_and_caption(page):
    parsed = read_page(page)
    for entry in parsed.meta["figures"]:
        embeds = [m for m in figures.EMBED.finditer(parsed.body) if m.group("id") == entry["id"]]
        assert len(embeds) == 1, f"{page}: figure {entry['id']} embedded {len(embeds)} times"
        assert embeds[0].group("alt").strip(), f"{page}: figure {entry['id']} has no alt text"
        assert (embeds[0].group("caption") or "").strip(), f"{page}: figure {entry['id']} has no caption"


def test_page_report_lists_each_figure_with_hashes_and_drawing_function():
    report = check_page(TREE_PAGE)
    assert not report.failed, report.errors
    (record,) = report.figures
    assert record["draw"] == "tools/figure_kinds.py::probability_tree"
    assert re.fullmatch(r"[0-9a-f]{64}", record["data_sha256"]) and re.fullmatch(r"[0-9a-f]{64}", record["svg_sha256"])
    assert record["alt"] and record["caption"].startswith("greedy")
    assert (ROOT / record["svg_cache"]).is_file()


@pytest.fixture
def changed_tree_values():
    """The tree page's verify values with the best sentence's probability changed (as a changed kernel would)."""
    spec = read_page(TREE_PAGE).meta["verify"]
    original = checker.run_verify(spec)
    changed = copy.deepcopy(original)
    changed["best"] = 0.26
    changed["path"]["C_EOS"] = 0.26
    reads = checker.verify_reads(spec)
    checker._cache[spec] = (changed, reads)
    yield changed
    checker._cache[spec] = (original, reads)


def test_a_changed_value_fails_the_caption_claim_and_the_figure_lock(changed_tree_values):
    errors = check_page(TREE_PAGE).errors
    caption_claim = [e for e in errors if "{best}" in e and "0.250" in e]
    lock = [e for e in errors if "figure probability-tree: data changed" in e]
    assert caption_claim, errors
    assert lock, errors
    assert all(e.count("\n") == 0 for e in errors)


def test_a_number_the_drawing_prints_must_be_a_passing_claim():
    # the same figure checked against a report in which no claim passed: every edge label is unbacked
    page = read_page(TREE_PAGE)
    report = check_page(TREE_PAGE)
    report.claims = [c for c in report.claims if "0.45" not in (c.printed or "")]
    errors = []
    figures.check_figures(page, checker.run_verify(page.meta["verify"]), report,
                          lambda line, message: errors.append(message))
    assert any("the drawing prints 0.45 ('A 0.45')" in e for e in errors), errors
    assert not any("0.30" in e for e in errors), "only the unbacked number is reported"


def test_missing_alt_text_fails_with_a_one_line_message(tmp_path):
    body = TREE_PAGE.read_text(encoding="utf-8")
    alt = re.search(r"!\[([^\]]+)\]\(figure:probability-tree", body).group(1)
    page = copy_page(tmp_path, TREE_PAGE, f"![{alt}]", "![ ]")
    errors = check_page(page).errors
    assert any("figure probability-tree needs alt text" in e for e in errors), errors


def test_an_undeclared_embed_fails(tmp_path):
    page = copy_page(tmp_path, TREE_PAGE, "## 这个例子不证明什么", '![某图](figure:no-such-figure "说明")\n\n## 这个例子不证明什么')
    errors = check_page(page).errors
    assert any("figure:no-such-figure" in e and "does not declare" in e for e in errors), errors


def test_a_diagram_label_missing_from_the_page_fails(tmp_path):
    text = LN_PAGE.read_text(encoding="utf-8")
    head, body = text.split("\n---\n", 1)
    page = tmp_path / LN_PAGE.name
    page.write_text(head + "\n---\n" + body.replace("多头自注意力", "多头注意力"), encoding="utf-8")
    errors = check_page(page).errors
    assert any("diagram label '多头自注意力' does not occur" in e for e in errors), errors


def test_unknown_drawing_function_is_a_clear_error(tmp_path):
    page = copy_page(tmp_path, TREE_PAGE, "draw: probability_tree", "draw: probability_bush")
    errors = check_page(page).errors
    assert any("no drawing function 'probability_bush'" in e and "known:" in e for e in errors), errors


def test_canonical_data_ignores_last_bit_noise_but_not_a_printed_digit():
    a = {"x": [0.1 + 0.2, 1e-17, -0.0]}
    b = {"x": [0.3, 0.0, 0.0]}
    assert figures.data_sha256(a) == figures.data_sha256(b)
    assert figures.data_sha256({"x": [0.31]}) != figures.data_sha256({"x": [0.3]})
    assert figures.canonical({"m": [[0.0, float("-inf")]]}) == {"m": [[0.0, "-inf"]]}


def test_svg_is_deterministic_self_contained_and_cached(tmp_path):
    data = {"scores": [1.0, 0.0, 1.0], "weights": [0.4223188, 0.1553624, 0.4223188], "labels": ["分数", "权重"]}
    digest = figures.data_sha256(data)
    first = figures.render("softmax_bars", data, digest, cache=tmp_path / "a")
    second = figures.render("softmax_bars", data, digest, cache=tmp_path / "b")
    again = figures.render("softmax_bars", data, digest, cache=tmp_path / "a")
    assert first["drawn"] and second["drawn"] and not again["drawn"]
    svg_a, svg_b = Path(first["svg"]).read_bytes(), Path(second["svg"]).read_bytes()
    assert svg_a == svg_b and first["svg_sha256"] == again["svg_sha256"]
    text = svg_a.decode("utf-8")
    assert "<text" not in text and "font-family" not in text, "text must be drawn as paths (no font needed)"
    assert "<dc:date>" not in text and "http://" not in text.split("<svg", 1)[1].split(">", 1)[1].replace(
        "http://www.w3.org", "").replace("http://purl.org", "").replace("http://creativecommons.org", "")


def test_the_cjk_font_comes_from_a_package():
    path = figure_kinds.font_path()
    assert path.is_file() and path.suffix == ".otf"
    assert "site-packages" in str(path) or "dist-packages" in str(path)


def test_every_drawing_function_is_used_by_some_page():
    used = {e["draw"] for p in figure_pages() for e in read_page(p).meta["figures"]}
    assert used == set(figure_kinds.KINDS), set(figure_kinds.KINDS) ^ used
