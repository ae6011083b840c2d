"""The piecewise template matcher (checker/template_match.py) against the joined regex it replaces (re.finditer):
the same matches, the same hole spans, on hand-made cases where a regex has to backtrack and on every claim of
pages that hold many."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from checker import pipeline
from checker.numbers import Quantity
from checker.page import read_page, squeeze
from checker.values import run_verify

ROOT = Path(__file__).resolve().parents[1]


def spans(matches, holes: int) -> list:
    return [(m.span(), [m.span(f"h{k}") for k in range(holes)]) for m in matches]


def both(template: str, values: dict, text: str) -> tuple[list, list]:
    regex, holes = pipeline.template_regex(template, values)
    squeezed = squeeze(text)[0]
    expected = spans(re.finditer(regex, squeezed), len(holes))
    return expected, spans(pipeline.template_matcher(template, values).finditer(squeezed), len(holes))


CASES = [
    # a number pattern also reads a unit: {t}ms must give the unit back to the literal that follows
    ("耗时 {t}ms", {"t": Quantity(0.003, "ms")}, "耗时 3ms，另一次耗时 4 ms"),
    # a fraction tried before a plain number: 3/4 where the template goes on with /4
    ("比值 {a}/4", {"a": 3}, "比值 3/4"),
    ("概率为 {p}", {"p": 0.75}, "概率为 3/4，不是 1/4；概率为 0.75"),
    # a template that opens with a hole, found at every place it reads, leftmost and without overlap
    ("{n} 个 token", {"n": 3}, "按词切得到 3 个 token；按字切则是 5 个 token，3 个 token 够了"),
    # a number word and a list with exactly as many items
    ("共 {n} 层", {"n": 3}, "共三层；共 3 层；共 4 层"),
    ("向量 {v} 的和", {"v": [0.5, 0.25, 0.25]}, "向量 (0.5, 0.25, 0.25) 的和；向量 [0.5, 0.25] 的和"),
    # two holes in a row, the first of which could swallow the second's digits
    ("第 {i}{j} 格", {"i": 1, "j": 2}, "第 12 格"),
    # a text hole, printed exactly
    ("最高的是 {best}，概率 {p}", {"best": "her", "p": 0.75}, "最高的是 her，概率 0.75；最高的是 him，概率 0.25"),
    ("没有这个 {x} 的地方", {"x": 7}, "完全无关的一句话"),
]


@pytest.mark.parametrize("template,values,text", CASES)
def test_same_matches_as_the_regex(template, values, text):
    expected, found = both(template, values, text)
    assert found == expected


def test_a_hand_case_finds_what_it_should():
    # control: the comparison above is not vacuous, the cases do find places
    expected, found = both("{n} 个 token", {"n": 3}, "3 个 token；5 个 token，3 个 token")
    assert len(found) == 3 and found == expected
    expected, found = both("耗时 {t}ms", {"t": Quantity(0.003, "ms")}, "耗时 3ms")
    assert found == expected and found[0][1] == [(2, 3)]


@pytest.mark.parametrize("page", ["docs/lecture/ch03/3-5.md", "docs/lecture/ch07/7-4.md", "docs/primer/ch13/13-5.md"])
def test_every_claim_of_a_page(page):
    meta = read_page(ROOT / page)
    values = run_verify(meta.meta["verify"])
    squeezed = squeeze(meta.body)[0]
    compared = 0
    for template in meta.meta["claims"]:
        regex, holes = pipeline.template_regex(template, values)
        if not holes:
            continue
        expected = spans(re.finditer(regex, squeezed), len(holes))
        assert spans(pipeline.template_matcher(template, values).finditer(squeezed), len(holes)) == expected, template
        compared += bool(expected)
    assert compared >= 5   # the page's claims were found, so the comparison covered real matches
