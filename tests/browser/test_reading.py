"""Reading the site the way a person does, in a real headless Chromium.

The page-by-page checks in test_site.py load every page directly at desktop width; a reader clicks
(the theme's instant navigation swaps the page without reloading scripts), reads on a phone, switches to
dark mode and mistypes URLs. Each test here asserts no console error and no failed request on the way.
"""
from __future__ import annotations

import json
import re
import time

import pytest

from browser_kit import (ARTIFACTS, MISSING_GLYPHS, ROOT, UNTYPESET, assert_clean, built_site, drain_logs, fetch,
                         requires_chromium, wait_for, wait_for_math)
from browser_kit import PAGES, base_url, driver  # noqa: F401 (fixtures)
from sitegen.pages import page_url

BY_ID = {meta["id"]: rel for rel, meta in PAGES}
PHONE = (390, 844)

pytestmark = requires_chromium


@pytest.fixture
def desktop(driver):
    driver.set_window_size(1280, 900)
    drain_logs(driver)
    return driver


def url_of(base_url: str, page_id: str) -> str:
    return base_url + page_url(BY_ID[page_id])


def has_math(rel: str) -> bool:
    body = (ROOT / "docs" / rel).read_text(encoding="utf-8").split("\n---\n", 1)[1]
    return "$" in body


def assert_typeset(driver, where: str):
    wait_for_math(driver)
    untypeset = driver.execute_script(UNTYPESET)
    assert not untypeset, f"{where}: formulas left as TeX: {untypeset[:3]}"
    assert driver.execute_script(MISSING_GLYPHS) == 0, f"{where}: formulas reference glyphs that are not there"
    text = driver.execute_script("return document.querySelector('article').innerText")
    for raw in ("\\(", "\\[", "$$", "\\begin{"):
        assert raw not in text, f"{where}: raw TeX {raw!r} visible"


def click_within_page(driver, element, expected_path: str):
    """Click like a reader; the theme must swap the page in place (instant navigation), not reload it.
    The theme opens in place only links listed in sitemap.xml, so wait until it has that (a reader's
    click before then is a plain page load, which is not what this checks)."""
    wait_for(driver, "return performance.getEntriesByType('resource').some("
                     "e => e.name.endsWith('/sitemap.xml') && e.responseEnd > 0)")
    time.sleep(0.2)  # parsed right after it arrives
    driver.execute_script("window.__kbNoReload = true; arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
    wait_for(driver, "return location.pathname === arguments[0]", 20, expected_path)
    assert driver.execute_script("return window.__kbNoReload === true"), "the click reloaded the page"
    wait_for(driver, "return document.querySelector('article h1') !== null")


def path_of(url: str) -> str:
    return "/" + url.split("://", 1)[1].split("/", 1)[1].split("#")[0]


# --------------------------------------------------------------------------- math after clicks

def test_math_is_typeset_after_navigation_and_footer_clicks(desktop, base_url):
    """Chapter index (math-free start) -> a section by the navigation -> next -> previous."""
    from selenium.webdriver.common.by import By

    driver = desktop
    driver.get(base_url + "lecture/ch03/")
    target = url_of(base_url, "lecture.3.5")
    link = driver.find_element(By.CSS_SELECTOR, f'nav.md-nav--primary a[href="{target}"]')
    click_within_page(driver, link, path_of(target))
    assert_typeset(driver, "lecture 3.5 reached by the navigation")

    order = [m["id"] for _, m in PAGES]
    expected_next = url_of(base_url, order[order.index("lecture.3.5") + 1])
    next_link = driver.find_element(By.CSS_SELECTOR, "a.md-footer__link--next")
    assert next_link.is_displayed() and next_link.get_attribute("href") == expected_next
    click_within_page(driver, next_link, path_of(expected_next))
    assert_typeset(driver, f"{expected_next} reached by the footer's next link")

    prev_link = driver.find_element(By.CSS_SELECTOR, "a.md-footer__link--prev")
    assert prev_link.is_displayed() and prev_link.get_attribute("href") == target
    click_within_page(driver, prev_link, path_of(target))
    assert_typeset(driver, "lecture 3.5 reached by the footer's previous link")
    assert_clean(driver, "navigation clicks")


def test_math_is_typeset_after_article_link_clicks(desktop, base_url):
    """Home (no math, so no MathJax yet) -> a chapter card -> a section link inside the chapter page."""
    from selenium.webdriver.common.by import By

    driver = desktop
    driver.get(base_url)
    assert driver.execute_script("return !window.MathJax || !window.MathJax.typesetPromise"), \
        "a page without formulas loaded MathJax"
    chapter = url_of(base_url, "lecture.3")
    click_within_page(driver, driver.find_element(By.CSS_SELECTOR, f'.kb-map a[href="{chapter}"]'), path_of(chapter))
    assert_typeset(driver, "lecture chapter 3 reached from the home page's map")

    math_sections = {base_url + page_url(rel) for rel, m in PAGES if m["id"].startswith("lecture.3.") and has_math(rel)}
    links = [a for a in driver.find_elements(By.CSS_SELECTOR, "article a[href]")
             if a.get_attribute("href").split("#")[0] in math_sections]
    assert links, "chapter 3's page links to none of its sections with formulas"
    target = links[0].get_attribute("href").split("#")[0]
    click_within_page(driver, links[0], path_of(target))
    assert_typeset(driver, f"{target} reached by a link in the article")
    assert_clean(driver, "article link clicks")


def test_math_is_typeset_after_clicking_a_search_result(desktop, base_url):
    from selenium.webdriver.common.by import By

    driver = desktop
    page_id = "lecture.3.5"
    meta = next(m for _, m in PAGES if m["id"] == page_id)
    target = url_of(base_url, page_id)
    driver.get(base_url)
    field = driver.find_element(By.CSS_SELECTOR, "input.md-search__input")
    field.click()
    field.send_keys(meta["title"])
    script = ("return [...document.querySelectorAll('.md-search-result__item a')]"
              ".find(a => a.href.split(/[?#]/)[0] === arguments[0]) || null")
    from selenium.common.exceptions import StaleElementReferenceException
    for attempt in range(3):   # the result list may be drawn again while the query settles: find the link anew
        result = wait_for(driver, script, 30, target)
        try:
            click_within_page(driver, result, path_of(target))
            break
        except StaleElementReferenceException:
            if attempt == 2:
                raise
    assert_typeset(driver, f"{page_id} reached from a search result")
    assert_clean(driver, "search result click")


# --------------------------------------------------------------------------- a phone-sized screen

def phone_pages() -> list[str]:
    """Pages that once overflowed at 390 px, the pages with the most display formulas, the pages with the
    widest tables, the home and document index pages, a code page, and every twentieth page for breadth."""
    def count(rel, pattern):
        return len(re.findall(pattern, (ROOT / "docs" / rel).read_text(encoding="utf-8")))

    chosen = ["", "lecture/", "primer/", "code/kernels/attention/"]
    chosen += [page_url(BY_ID[i]) for i in ("lecture.2.15", "lecture.4.8", "lecture.4.10", "lecture.3.5")]
    by_display = sorted(PAGES, key=lambda p: -count(p[0], r"\$\$"))[:4]
    by_columns = sorted(PAGES, key=lambda p: -max([line.count("|") for line in
                                                   (ROOT / "docs" / p[0]).read_text(encoding="utf-8").splitlines()
                                                   if line.startswith("|")] or [0]))[:3]
    chosen += [page_url(rel) for rel, _ in by_display + by_columns + PAGES[::20]]
    return list(dict.fromkeys(chosen))


PHONE_CHECK = """
const doc = document.documentElement;
const formulas = [...document.querySelectorAll('article div.arithmatex')].map(e => {
  const box = (e.querySelector('mjx-container svg') || e).getBoundingClientRect();
  return {w: box.width, h: box.height, tex: e.textContent.slice(0, 40)};
});
const wide = [...document.querySelectorAll('.md-typeset__scrollwrap, article div.arithmatex')]
  .filter(e => e.scrollWidth > e.clientWidth + 1)
  .map(e => ({cue: e.classList.contains('kb-scrolls'),
              hint: !!(e.previousElementSibling && e.previousElementSibling.matches('.kb-scroll-hint.kb-visible')
                       && e.previousElementSibling.offsetHeight > 0)}));
const sticking = [...document.querySelectorAll('article *')]
  .filter(e => e.getBoundingClientRect().right > doc.clientWidth + 1
               && !e.closest('.md-typeset__scrollwrap, div.arithmatex, .kb-inline-wide, pre'))
  .slice(0, 3).map(e => e.tagName + ' ' + (e.textContent || '').slice(0, 40));
return {overflow: doc.scrollWidth - doc.clientWidth, formulas, wide, sticking};
"""


def test_phone_width_shows_every_formula_and_never_scrolls_sideways(driver, base_url):
    driver.set_window_size(*PHONE)
    drain_logs(driver)
    problems = []
    for path in phone_pages():
        driver.get(base_url + path)
        wait_for_math(driver)
        time.sleep(0.2)  # reading.js marks wide boxes after its resize debounce
        state = driver.execute_script(PHONE_CHECK)
        if state["overflow"] > 0:
            problems.append(f"/{path}: page is {state['overflow']} px wider than the screen: {state['sticking']}")
        hidden = [f for f in state["formulas"] if f["w"] <= 10 or f["h"] <= 10]
        if hidden:
            problems.append(f"/{path}: {len(hidden)} display formulas have no visible box, e.g. {hidden[0]}")
        no_cue = [w for w in state["wide"] if not (w["cue"] and w["hint"])]
        if no_cue:
            problems.append(f"/{path}: {len(no_cue)} boxes scroll sideways without a visible cue")
        assert_clean(driver, f"/{path} at 390 px")
    assert not problems, "\n".join(problems)


def test_phone_screenshot_of_a_math_page(driver, base_url):
    driver.set_window_size(*PHONE)
    driver.get(url_of(base_url, "lecture.3.5"))
    wait_for_math(driver)
    driver.execute_script("document.querySelector('article div.arithmatex').scrollIntoView({block: 'center'})")
    time.sleep(0.3)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    target = ARTIFACTS / "lecture-3-5-390px.png"
    assert driver.save_screenshot(str(target)) and target.stat().st_size > 10_000
    assert_clean(driver, "screenshot page")


# --------------------------------------------------------------------------- navigation aids

def test_dark_mode_toggle_switches_and_is_remembered(desktop, base_url):
    from selenium.webdriver.common.by import By

    driver = desktop
    driver.get(url_of(base_url, "lecture.3.5"))
    scheme = "return document.body.getAttribute('data-md-color-scheme')"
    colour = "return getComputedStyle(document.body).backgroundColor"
    assert driver.execute_script(scheme) == "default"
    light = driver.execute_script(colour)
    toggle = next(label for label in driver.find_elements(By.CSS_SELECTOR, "form[data-md-component=palette] label")
                  if label.is_displayed())
    toggle.click()
    wait_for(driver, scheme.replace("return ", "return 'slate' === "))
    assert driver.execute_script(colour) != light
    driver.refresh()
    assert driver.execute_script(scheme) == "slate", "the dark choice is forgotten on reload"
    back = next(label for label in driver.find_elements(By.CSS_SELECTOR, "form[data-md-component=palette] label")
                if label.is_displayed())
    back.click()
    wait_for(driver, scheme.replace("return ", "return 'default' === "))
    assert_clean(driver, "palette toggle")


def test_unknown_urls_get_the_sites_404_page(desktop, base_url):
    missing = base_url + "lecture/no-such-page/"
    status, ctype, body = fetch(missing)
    assert status == 404 and ctype.startswith("text/html") and 'class="md-header' in body
    status, _, body = fetch(base_url + "assets/")  # a folder without index.html: no directory listing
    assert status == 404 and "Directory listing" not in body
    driver = desktop
    driver.get(missing)
    assert "404" in driver.find_element("css selector", "article h1").text
    header = driver.execute_script("return getComputedStyle(document.querySelector('.md-header')).backgroundColor")
    assert header not in ("rgba(0, 0, 0, 0)", "transparent"), "the 404 page lost its stylesheet"
    assert_clean(driver, "404 page", expect_404=missing)


def test_document_index_pages_list_every_chapter(base_url):
    for doc in ("lecture", "primer"):
        status, ctype, body = fetch(base_url + f"{doc}/")
        assert status == 200 and ctype.startswith("text/html") and "Directory listing" not in body
        chapters = [rel for rel, m in PAGES if m["id"].startswith(doc + ".") and m["id"].count(".") == 1]
        missing = [rel for rel in chapters if f'href="{page_url(rel)[len(doc) + 1:]}"' not in body]
        assert chapters and not missing, f"/{doc}/ does not link {missing}"


def test_home_page_is_a_map_with_the_build_s_verification_summary(base_url):
    site = built_site()
    status, _, body = fetch(base_url)
    assert status == 200
    chapters = [rel for rel, m in PAGES if m["id"].split(".")[0] in ("lecture", "primer") and m["id"].count(".") == 1]
    cards = re.findall(r'<div class="kb-card"[^>]*>.*?<a href="([^"]+)"', body, flags=re.S)
    assert sorted(cards) == sorted(page_url(rel) for rel in chapters)
    for route in ("primer/ch01/", "lecture/ch01/"):
        assert f'href="{route}"' in body, f"the home page has no reading route starting at /{route}"
    summary = json.loads((site / "verify" / "results.json").read_text(encoding="utf-8"))["summary"]
    text = re.sub(r"<[^>]+>", "", body)
    for fragment in (f"{summary['pages']} 页", f"{summary['numbers']} 个数字", f"{summary['recomputed']} 个由代码重算",
                     f"{summary['cited']} 个注明来源"):
        assert fragment in text, f"home page summary lacks {fragment!r}"
    assert re.search(r"最近一次核算：\d{4}-\d\d-\d\d \d\d:\d\d UTC", text)


def test_pages_without_numbers_do_not_claim_a_green_check(base_url):
    site = built_site()
    checked = {"none": 0, "some": 0}
    for rel, meta in PAGES:
        total = json.loads((site / "verify" / f"{meta['id']}.json").read_text(encoding="utf-8"))["numbers"]["total"]
        html = (site / page_url(rel) / "index.html").read_text(encoding="utf-8")
        box = re.search(r'<div class="verify-box".*?</div>', html, flags=re.S).group(0)
        if total == 0:
            checked["none"] += 1
            assert "verify-status-passed" not in box and "0 个" not in box, f"{meta['id']}: {box[:200]}"
        else:
            checked["some"] += 1
            assert "verify-status-passed" in box, meta["id"]
    assert checked["none"] and checked["some"]


def test_every_topic_page_has_previous_and_next_links(base_url):
    site = built_site()
    missing = []
    for i, (rel, meta) in enumerate(PAGES):
        html = (site / page_url(rel) / "index.html").read_text(encoding="utf-8")
        if "md-footer__link--prev" not in html or (i < len(PAGES) - 1 and "md-footer__link--next" not in html):
            missing.append(meta["id"])
    assert not missing, f"pages without previous/next links: {missing[:10]}"


# --------------------------------------------------------------------------- weight

WEIGHT_PAGES = {"home": "", "lecture (most display formulas)": None, "primer": "primer/ch13/13-3/",
                "appendix": "primer/appB/", "code": "code/kernels/attention/"}
LIMITS = {"home": 1_500_000}  # a page with formulas may use up to 3 MB
MATH_LIMIT = 3_000_000


def cold_load(driver, url: str) -> dict:
    """Bytes over the wire (CDP encodedDataLength, headers included) and times for a load with an
    empty cache, counting everything the page starts within a second of going quiet."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    drain_logs(driver)
    started = time.time()
    driver.get(url)
    wait_for_math(driver)
    typeset_s = time.time() - started
    total, seen, quiet_since = 0, set(), time.time()
    while time.time() - quiet_since < 1.0:
        time.sleep(0.2)
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.loadingFinished":
                params = message["params"]
                if params["requestId"] not in seen:
                    seen.add(params["requestId"])
                    total += params["encodedDataLength"]
                    quiet_since = time.time()
    timing = driver.execute_script("""
      const nav = performance.getEntriesByType('navigation')[0];
      const resources = performance.getEntriesByType('resource');
      return {api_bytes: nav.transferSize + resources.reduce((s, r) => s + r.transferSize, 0),
              html_bytes: nav.transferSize, requests: resources.length + 1,
              load_ms: Math.round(nav.loadEventEnd - nav.startTime),
              math: !!document.querySelector('.arithmatex')};""")
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": False})
    return {"url": url, "wire_bytes": total, "typeset_s": round(typeset_s, 2), **timing}


def test_cold_page_weight(desktop, base_url):
    heaviest = max(PAGES, key=lambda p: (p[1]["id"].startswith("lecture"),
                                         (ROOT / "docs" / p[0]).read_text(encoding="utf-8").count("$$")))
    pages = {name: base_url + (path if path is not None else page_url(heaviest[0])) for name, path in WEIGHT_PAGES.items()}
    measured = {name: cold_load(desktop, url) for name, url in pages.items()}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "page-weight.json").write_text(json.dumps(measured, indent=1, ensure_ascii=False), encoding="utf-8")
    over = [f"{name}: {m['wire_bytes']} bytes" for name, m in measured.items()
            if m["wire_bytes"] > LIMITS.get(name, MATH_LIMIT if m["math"] else 1_500_000)]
    assert not over, f"pages over their weight budget: {over}"
    assert not measured["home"]["math"] and measured["lecture (most display formulas)"]["math"]
    assert_clean(desktop, "cold loads")
