"""Whose number is it, in a real browser: every checked number carries a quiet mark of its kind, the note opens
on hover (desktop) and on tap (a phone has no hover), the verification box has the one-line legend, and a chapter
index defines the labels. At 1400 px and 390 px."""
from __future__ import annotations

import json
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser_kit import ARTIFACTS, PAGES, ROOT, assert_clean, drain_logs, requires_chromium, wait_for_math
from browser_kit import base_url, driver  # noqa: F401 (fixtures)
from sitegen.pages import page_url
from checker.kinds import KINDS

pytestmark = requires_chromium
BY_ID = {meta["id"]: rel for rel, meta in PAGES}
WIDTHS = {"desktop": (1400, 900), "phone": (390, 844)}
NOTE = "(() => { const n = document.querySelector('.kb-num-note'); if (!n || n.hidden) return null;" \
       " const r = n.getBoundingClientRect(); return {text: n.textContent, left: r.left, right: r.right," \
       " width: window.innerWidth, spill: n.scrollWidth - n.clientWidth}; })()"


def results(page_id: str) -> dict:
    return json.loads((ROOT / "build" / "verify" / "pages" / f"{page_id}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("width", WIDTHS, ids=list(WIDTHS))
def test_each_number_shows_its_kind_on_hover_and_on_tap(driver, base_url, width):
    driver.set_window_size(*WIDTHS[width])
    drain_logs(driver)
    page_id = "lecture.3.10"   # the site's run beside the course's archived record: two kinds on one page
    driver.get(base_url + page_url(BY_ID[page_id]))
    wait_for_math(driver)
    marks = driver.find_elements(By.CSS_SELECTOR, "article .kb-num")
    expected = {m["kind"] for m in results(page_id)["marks"]}
    assert {m.get_attribute("data-kind") for m in marks} >= expected and len(expected) >= 2
    legend = driver.find_element(By.CSS_SELECTOR, ".verify-box .kb-legend").text
    assert all(k.label in legend for k in KINDS) and "点按" in legend
    for kind in sorted(expected):
        mark = next(m for m in marks if m.get_attribute("data-kind") == kind)
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", mark)
        if width == "desktop":
            ActionChains(driver).move_to_element(mark).perform()
        else:
            mark.click()   # a tap: the mark takes focus and its note opens
        note = None
        for _ in range(20):   # the note opens on hover/focus; under load it can take longer than a frame
            time.sleep(0.1)
            note = driver.execute_script(f"return {NOTE}")
            if note:
                break
            if width == "desktop" and _ == 9:   # the pointer missed (a layout shift under load): focus it instead
                mark.click()
        label = next(k.label for k in KINDS if k.key == kind)
        assert note and note["text"].startswith(label), (kind, note)
        assert 0 <= note["left"] and note["right"] <= note["width"], f"the note leaves the screen: {note}"
        assert note["spill"] <= 0, f"the note's text runs out of its box: {note}"
        if kind == "site_run":
            assert "核算函数 verify/lecture/ch03_checkpoint.py::improvement_and_failure" in note["text"]
            assert "重算值" in note["text"]
        if kind == "record":
            assert "出处" in note["text"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    target = ARTIFACTS / f"number-note-{width}.png"
    assert driver.save_screenshot(str(target)) and target.stat().st_size > 10_000
    assert_clean(driver, f"{page_id} at {WIDTHS[width][0]} px")


def test_a_chapter_index_defines_every_label(driver, base_url):
    driver.set_window_size(*WIDTHS["desktop"])
    driver.get(base_url + page_url(BY_ID["lecture.3"]))
    text = driver.find_element(By.CSS_SELECTOR, "article .kb-vocabulary").text
    assert all(f"{k.label}：{k.meaning}" in text for k in KINDS)
