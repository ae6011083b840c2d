"""What the browser tests share: the built site, a loopback server, a headless Chromium, and readers
for the browser's console and network logs.

A plain module, not a conftest.py: a second conftest would replace `conftest` in sys.modules and break
`from conftest import …` in tests/. Built site and server are made once per pytest run.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from hooks.serve import SiteHandler, start
from sitegen.pages import topic_pages

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "build" / "browser"
PAGES = topic_pages(ROOT / "docs")   # (relative path, front matter) of every topic page
CHROMIUM, CHROMEDRIVER = shutil.which("chromium"), shutil.which("chromedriver")

requires_chromium = pytest.mark.skipif(
    not (CHROMIUM and CHROMEDRIVER) and not os.environ.get("CI"),
    reason="chromium/chromedriver not installed; `make test` installs them (make browser-deps)")


@functools.cache
def built_site() -> Path:
    """site/ when it is newer than every source; otherwise a fresh strict build of our own."""
    built = ROOT / "site"
    stamp = built / "llms.txt"
    sources = [p for d in ("docs", "hooks", "sitegen", "verify", "kernels", "overrides") for p in (ROOT / d).rglob("*")
               if p.is_file()] + [ROOT / "mkdocs.yml"]
    if stamp.is_file() and max(p.stat().st_mtime for p in sources) <= stamp.stat().st_mtime:
        return built
    built = Path(tempfile.mkdtemp(prefix="site-"))
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(built)],
                   cwd=ROOT, check=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return built


SERVED: list[str] = []  # every request path the site server answered (a web worker's fetches included)


class RecordingHandler(SiteHandler):
    def log_request(self, code="-", size="-"):
        SERVED.append(self.path)


@functools.cache
def site_url() -> str:
    """The built site served on a free loopback port for the rest of the run (a daemon thread)."""
    server = start(str(built_site()), handler_class=RecordingHandler)
    return f"http://127.0.0.1:{server.server_port}/"


def new_driver(profile: Path, width: int = 1280, height: int = 900):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    assert CHROMIUM and CHROMEDRIVER, "chromium and chromium-driver must be installed (make browser-deps)"
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-default-apps", "--hide-scrollbars", f"--window-size={width},{height}",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_page_load_timeout(30)
    return browser


# Fixtures a test module takes by importing them (`from browser_kit import base_url, driver, site_dir`):
# pytest finds fixtures among a module's names, and scope="module" gives each test module its own browser.

@pytest.fixture(scope="module")
def site_dir() -> Path:
    return built_site()


@pytest.fixture(scope="module")
def base_url() -> str:
    return site_url()


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    browser = new_driver(tmp_path_factory.mktemp("chromium-profile"))
    yield browser
    browser.quit()


def wait_for(driver, script: str, timeout: float = 20.0, *args):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script(script, *args)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for: {script}")


UNTYPESET = """return [...document.querySelectorAll('article .arithmatex')]
  .filter(e => !e.querySelector('mjx-container svg')).map(e => e.textContent.slice(0, 60))"""
# math.js marks <body data-math="typeset"> when it has typeset the page in view; a page without
# formulas needs nothing
MATH_DONE = """return !document.querySelector('article .arithmatex') || document.body.dataset.math === 'typeset'"""


def wait_for_math(driver, timeout: float = 30.0):
    """Until the page's formulas are typeset; on timeout, say which are not and what the console said."""
    try:
        wait_for(driver, MATH_DONE, timeout)
    except AssertionError:
        left = driver.execute_script(UNTYPESET)
        console = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        raise AssertionError(f"{driver.current_url}: formulas not typeset after {timeout:.0f} s "
                             f"({len(left)} left as TeX, e.g. {left[:2]}); console errors: {console}") from None


# glyphs are <use> references into MathJax's font cache; one that points nowhere draws nothing
MISSING_GLYPHS = """return [...document.querySelectorAll('article mjx-container use')]
  .map(u => u.getAttribute('xlink:href') || u.getAttribute('href'))
  .filter(h => h && !document.getElementById(h.slice(1))).length"""


def fetch(url: str) -> tuple[int, str, str]:
    """(status, content type, body) of a GET, for 4xx/5xx too."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read().decode("utf-8", "replace")


@dataclasses.dataclass
class Logs:
    errors: list[str]      # console messages at level SEVERE (script errors, failed resources)
    failed: list[str]      # requests answered >= 400, or that failed for a reason other than cancelling
    requested: list[str]   # every URL the page asked for


def drain_logs(driver) -> Logs:
    """What the browser logged since the last call (reading the logs empties them).

    A load the browser cancelled (leaving a page while requests are in flight) is not a site fault. A failure whose
    request no page ever sent (no requestWillBeSent for its id in this session, kept across drains so a request
    started on the previous page is still known) is the browser's own, e.g. a DNS probe with a random host name,
    not a request of the site."""
    errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    failed, urls = [], {}
    known = _SENT.setdefault(id(driver), {})
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message["method"] == "Network.requestWillBeSent":
            urls[params["requestId"]] = known[params["requestId"]] = params["request"]["url"]
        elif message["method"] == "Network.responseReceived" and params["response"]["status"] >= 400:
            failed.append(f"{params['response']['status']} {params['response']['url']}")
        elif message["method"] == "Network.loadingFailed" and not params.get("canceled") \
                and params.get("errorText") != "net::ERR_ABORTED" and params["requestId"] in known:
            failed.append(f"{params.get('errorText')} {known[params['requestId']]}")
    return Logs(errors, failed, list(urls.values()))


_SENT: dict[int, dict[str, str]] = {}   # per driver: every request id a page sent, and its URL


def assert_clean(driver, where: str, expect_404: str | None = None) -> Logs:
    """No console error and no failed request since the last drain (but the one 404 asked for)."""
    logs = drain_logs(driver)
    errors = [e for e in logs.errors if not (expect_404 and expect_404 in e)]
    failed = [f for f in logs.failed if not (expect_404 and f == f"404 {expect_404}")]
    assert not errors, f"{where}: console errors {errors}"
    assert not failed, f"{where}: failed requests {failed}"
    return logs
