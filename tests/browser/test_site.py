"""The built site in a real headless Chromium, served from 127.0.0.1 only.

Checks what a reader and an agent rely on, page by page (direct loads at desktop width; clicking,
phone width and dark mode are in test_reading.py): pages render with their verification box, every
formula is typeset by the self-hosted MathJax, no console error, no failed request (the theme once
fetched `<page>/sitemap.xml` for a Markdown `<link rel=alternate>`), no request leaves the machine,
Chinese search finds pages, the raw-Markdown / results-JSON / source links answer with the right
content type, the server gzips text and announces the Markdown in a Link header, and the
"交给 Agent" action copies a prompt with the page's Markdown URL.
"""
from __future__ import annotations

import json
import re
import time

import jieba
import pytest

from browser_kit import (ARTIFACTS, UNTYPESET, assert_clean, drain_logs, fetch, requires_chromium, wait_for,
                         wait_for_math)
from browser_kit import PAGES, base_url, driver, site_dir  # noqa: F401 (fixtures)
from sitegen.pages import page_url


pytestmark = requires_chromium


def sample_pages():
    """Every chapter page and every fourth section page, plus lecture §3.5 (the screenshot page).
    The cheap file checks below cover every page; the browser covers a spread of them."""
    chosen = []
    for i, (rel, meta) in enumerate(PAGES):
        if meta["id"].count(".") <= 1 or i % 4 == 0 or meta["id"] == "lecture.3.5":
            chosen.append((rel, meta))
    return chosen


SAMPLE = sample_pages()


@pytest.mark.parametrize("rel,meta", SAMPLE, ids=[m["id"] for _, m in SAMPLE])
def test_page_renders_typeset_and_stays_local(driver, base_url, rel, meta):
    from selenium.webdriver.common.by import By

    drain_logs(driver)  # drop earlier entries
    url = base_url + page_url(rel)
    driver.get(url)
    assert driver.find_element(By.CSS_SELECTOR, "article h1").text.strip()
    box = driver.find_element(By.CSS_SELECTOR, ".verify-box")
    assert "已核算" in box.text or "不含需核算的数字" in box.text
    wait_for_math(driver)
    assert not driver.execute_script(UNTYPESET), f"untypeset formulas on {url}"
    text = driver.find_element(By.CSS_SELECTOR, "article").text
    for raw in ("$$", "\\(", "\\[", "\\begin{"):
        assert raw not in text, f"untypeset math {raw!r} visible on {url}"
    logs = assert_clean(driver, url)
    outside = [u for u in logs.requested if not u.startswith((base_url, "data:", "blob:", "about:", "chrome"))]
    assert not outside, f"{url} requested outside hosts: {outside}"

    # the agent links: raw Markdown (an <a rel=alternate> in the box, and a Link header), results JSON,
    # rendered verify source. No <link rel=alternate> in <head>: the theme would fetch <page>/sitemap.xml
    assert not driver.find_elements(By.CSS_SELECTOR, 'link[rel="alternate"]')
    alternate = box.find_element(By.CSS_SELECTOR, 'a[rel~="alternate"][type="text/markdown"]')
    status, ctype, body = fetch(alternate.get_attribute("href"))
    assert status == 200 and ctype.startswith("text/markdown") and body.startswith("---\n")
    assert f"\nid: {meta['id']}\n" in body.split("\n---\n")[0] + "\n"
    status, ctype, body = fetch(box.find_element(By.CSS_SELECTOR, "a.verify-json").get_attribute("href"))
    assert status == 200 and ctype.startswith("application/json") and json.loads(body)["page"] == meta["id"]
    links = box.find_elements(By.CSS_SELECTOR, "a.verify-source")
    if meta.get("verify"):
        href = links[0].get_attribute("href")
        status, ctype, body = fetch(href)
        assert status == 200 and ctype.startswith("text/html") and meta["verify"].split("::")[1] in body
        assert f'id="{href.split("#")[1]}"' in body, f"{href} points at a line anchor that does not exist"


def test_pages_announce_their_markdown_in_a_link_header(base_url):
    import urllib.request

    rel = next(r for r, m in PAGES if m["id"] == "lecture.3.5")
    with urllib.request.urlopen(base_url + page_url(rel), timeout=10) as response:
        link = response.headers.get("Link", "")
    assert link == f'</{page_url(rel)}index.md>; rel="alternate"; type="text/markdown"'


def test_server_compresses_text_for_clients_that_accept_gzip(base_url):
    import gzip
    import urllib.request

    url = base_url + "search/index.json"  # the real index (search_index.json is a small stub for the theme)
    with urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "gzip"}), timeout=30) as r:
        assert r.headers["Content-Encoding"] == "gzip" and "Accept-Encoding" in r.headers["Vary"]
        packed = r.read()
    with urllib.request.urlopen(url, timeout=30) as r:  # no Accept-Encoding: the plain bytes
        assert r.headers.get("Content-Encoding") is None
        plain = r.read()
    assert gzip.decompress(packed) == plain and len(packed) < len(plain) / 2


def test_screenshot_of_a_page_is_saved(driver, base_url):
    rel = next(r for r, m in PAGES if m["id"] == "lecture.3.5")
    driver.get(base_url + page_url(rel))
    wait_for_math(driver)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    target = ARTIFACTS / "lecture-3-5.png"
    assert driver.save_screenshot(str(target)) and target.stat().st_size > 10_000


def test_agent_button_copies_a_prompt_with_the_markdown_url(driver, base_url):
    from selenium.webdriver.common.by import By

    rel = next(r for r, m in PAGES if m["id"] == "lecture.3.5")
    driver.get(base_url + page_url(rel))
    driver.execute_script("window.__copied = null; navigator.clipboard.writeText = "
                          "(t) => { window.__copied = t; return Promise.resolve(); };")
    driver.find_element(By.CSS_SELECTOR, "button.agent-copy").click()
    copied = wait_for(driver, "return window.__copied")
    assert base_url + page_url(rel) + "index.md" in copied
    drain_logs(driver)


def search(driver, base_url, query: str) -> list[str]:
    from selenium.webdriver.common.by import By

    driver.get(base_url)
    field = driver.find_element(By.CSS_SELECTOR, "input.md-search__input")
    wait_for(driver, "return !!document.querySelector('.md-search__input')")
    field.click()
    field.send_keys(query)
    # results refresh on every keystroke: wait until the list is non-empty and stops changing
    script = "return [...document.querySelectorAll('.md-search-result__item a')].map(a => a.href)"
    previous, stable, deadline = None, 0, time.time() + 20
    while time.time() < deadline and stable < 4:
        time.sleep(0.25)
        hits = driver.execute_script(script)
        stable = stable + 1 if hits and hits == previous else 0
        previous = hits
    assert previous, f"search for {query!r} returned nothing"
    return previous



def middle_word(title: str) -> str:
    words = [w for w in jieba.lcut(title) if len(w) >= 2 and not w.isascii()]
    return words[len(words) // 2]


SEARCH_CASES = [("自注意力", "primer.13.3"), ("束搜索", "lecture.3.18"), ("因果遮罩", "primer.13.5")] + [
    (middle_word(m["title"]), m["id"]) for _, m in PAGES if m["id"] in ("lecture.3.5", "lecture.3.17", "primer.12.3")
]


@pytest.mark.parametrize("query,page_id", SEARCH_CASES)
def test_chinese_search_finds_the_page(driver, base_url, query, page_id):
    rel = next(r for r, m in PAGES if m["id"] == page_id)
    hits = search(driver, base_url, query)
    assert any(h.split("#")[0].split("?")[0] == base_url + page_url(rel) for h in hits), (query, hits[:10])


def test_llms_txt_lists_every_chapter_and_each_chapter_file_its_pages(site_dir):
    """llms.txt is a short index an agent reads first; one document's or one chapter's page list is one file."""
    import re
    listed = (site_dir / "llms.txt").read_text(encoding="utf-8")
    assert listed.startswith("# ") and "\n> " in listed and len(listed.encode("utf-8")) < 40_000
    files = re.findall(r"\]\((llms/[\w.-]+\.txt)\)", listed)
    assert "llms/lecture.txt" in files and "llms/primer.txt" in files and "llms/lecture-3.txt" in files
    missing = []
    for rel, m in PAGES:
        doc, chapter = m["id"].split(".")[:2]
        name = f"llms/{doc}-{chapter}.txt" if doc != "topic" else "llms/topic.txt"
        text = (site_dir / name).read_text(encoding="utf-8")
        whole = (site_dir / f"llms/{doc}.txt").read_text(encoding="utf-8")
        link = f"](../{page_url(rel)}index.md)"   # relative to llms/: no SITE_URL
        if link not in text or link not in whole:
            missing.append(m["id"])
    assert not missing, f"chapter lists miss {missing}"
    labs = re.findall(r"\]\((labs/[\w-]+/index\.md)\)", listed)
    assert labs and all((site_dir / lab).is_file() for lab in labs)
    assert all((site_dir / "verify" / f"labs.{lab.split('/')[1]}.json").is_file() for lab in labs)
    full = (site_dir / "llms-full.txt").read_text(encoding="utf-8")
    assert all(m["title"] in full for _, m in PAGES)


def test_every_source_line_link_resolves(site_dir):
    """Links to a line of rendered source (verification boxes, the kernel reference) are raw HTML,
    which MkDocs does not validate: check each target page has the anchor."""
    from urllib.parse import urljoin

    broken, checked = [], 0
    for page in site_dir.rglob("index.html"):
        html = page.read_text(encoding="utf-8")
        for href in set(re.findall(r'href="([^"#]*#__codelineno-[\w-]+)"', html)):
            url = urljoin(page.relative_to(site_dir).as_posix(), href)
            target, anchor = url.split("#")
            target_file = site_dir / target / "index.html" if not target.endswith(".html") else site_dir / target
            checked += 1
            if not target_file.is_file() or f'id="{anchor}"' not in target_file.read_text(encoding="utf-8"):
                broken.append(f"{page.relative_to(site_dir)} -> {href}")
    assert checked > 100 and not broken, broken[:10]


def test_every_page_has_its_raw_markdown_and_results_json(site_dir):
    missing = []
    for rel, meta in PAGES:
        raw = site_dir / page_url(rel) / "index.md"
        results = site_dir / "verify" / f"{meta['id']}.json"
        if not raw.is_file() or f"\nid: {meta['id']}\n" not in raw.read_text(encoding="utf-8").split("\n---\n")[0] + "\n":
            missing.append(f"{meta['id']}: raw Markdown")
        if not results.is_file() or json.loads(results.read_text(encoding="utf-8"))["status"] != "passed":
            missing.append(f"{meta['id']}: results JSON")
        html = (site_dir / page_url(rel) / "index.html").read_text(encoding="utf-8")
        if 'rel="alternate" href="index.md" type="text/markdown"' not in html or 'class="verify-box"' not in html:
            missing.append(f"{meta['id']}: alternate link or verification box")
    assert not missing, missing
