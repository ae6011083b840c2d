"""Every verified figure renders in a real headless Chromium with a nonzero size, at a desktop width
(1400 px) and a phone width (390 px), with its alt text and caption, and stays inside the column."""
from __future__ import annotations

import pytest

from browser_kit import requires_chromium, wait_for
from browser_kit import PAGES, base_url, driver  # noqa: F401 (fixtures)
from sitegen.pages import page_url

pytestmark = requires_chromium

FIGURE_PAGES = [(rel, meta) for rel, meta in PAGES if meta.get("figures")]
WIDTHS = (1400, 390)


def test_there_are_figure_pages_to_look_at():
    assert len(FIGURE_PAGES) >= 10


@pytest.mark.parametrize("width", WIDTHS)
def test_each_figure_renders_with_nonzero_size(driver, base_url, width):  # noqa: F811
    driver.set_window_size(width, 900)
    try:
        for rel, meta in FIGURE_PAGES:
            driver.get(base_url + page_url(rel))
            expected = {f["id"] for f in meta["figures"]}
            found = set()
            for fid in sorted(expected):
                selector = f"figure#figure-{fid} img"
                driver.execute_script(f"document.querySelector('{selector}').scrollIntoView()")
                wait_for(driver, f"const i = document.querySelector('{selector}'); "
                                 "return i && i.complete && i.naturalWidth > 0")
                box = driver.execute_script(
                    f"const i = document.querySelector('{selector}'); const r = i.getBoundingClientRect();"
                    "const c = i.closest('figure').querySelector('figcaption');"
                    "return {w: r.width, h: r.height, right: r.right, alt: i.alt, src: i.currentSrc,"
                    " caption: c ? c.textContent.trim() : '', view: document.documentElement.clientWidth}")
                where = f"{meta['id']} figure {fid} at {width}px"
                assert box["w"] > 0 and box["h"] > 0, f"{where}: rendered {box['w']}x{box['h']}"
                assert box["src"].endswith(f"/figures/{meta['id']}/{fid}.svg"), f"{where}: src {box['src']}"
                assert box["alt"].strip() and box["caption"], f"{where}: alt or caption missing"
                assert box["right"] <= box["view"] + 1, f"{where}: wider than the viewport ({box['right']} px)"
                found.add(fid)
            assert found == expected
    finally:
        driver.set_window_size(1280, 900)
