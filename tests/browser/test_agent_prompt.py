"""The "交给 Agent" button copies a prompt with the page title (no ¶ from the heading's permalink),
the page's Markdown URL, its verification JSON URL and its description."""
from __future__ import annotations


from browser_kit import requires_chromium, wait_for
from browser_kit import PAGES, base_url, driver  # noqa: F401 (fixtures)
from sitegen.pages import page_url

pytestmark = requires_chromium


def test_agent_prompt_carries_title_urls_and_description(driver, base_url):
    from selenium.webdriver.common.by import By

    rel, meta = next((r, m) for r, m in PAGES if m["id"] == "lecture.4.10")
    driver.get(base_url + page_url(rel))
    driver.execute_script("window.__copied = null; navigator.clipboard.writeText = "
                          "(t) => { window.__copied = t; return Promise.resolve(); };")
    driver.find_element(By.CSS_SELECTOR, "button.agent-copy").click()
    prompt = wait_for(driver, "return window.__copied")
    assert "¶" not in prompt and f"「{meta['title']}」" in prompt
    assert base_url + page_url(rel) + "index.md" in prompt
    assert base_url + "verify/lecture.4.10.json" in prompt
    assert meta["description"] in prompt
