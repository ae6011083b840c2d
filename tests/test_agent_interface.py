"""What an agent gets over HTTP: served Markdown whose links all answer, llms.txt that follows the
one configured base URL (SITE_URL) and is relative without it, llms-full.txt with each page's
provenance, and page JSON with its URLs, a section anchor per claim and consistent counts."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from sitegen import agent
from hooks.serve import start
from sitegen.pages import page_url, topic_pages

ROOT = Path(__file__).resolve().parent.parent
PAGES = topic_pages(ROOT / "docs")
# independent of sitegen/agent.py's patterns: any Markdown link target, any href/src attribute
LINK_TARGET = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|^\s{0,3}\[[^\]]+\]:\s*(\S+)|(?:href|src)=\"([^\"]+)\"", re.M)


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory) -> Path:
    built, stamp = ROOT / "site", ROOT / "site" / "llms.txt"
    sources = [p for d in ("docs", "hooks", "sitegen", "verify", "kernels") for p in (ROOT / d).rglob("*") if p.is_file()]
    if not stamp.is_file() or max(p.stat().st_mtime for p in sources) > stamp.stat().st_mtime:
        if not (ROOT / "build" / "verify" / "results.json").is_file():
            pytest.skip("no verification results; run `make verify` (make test does) before these tests")
        built = tmp_path_factory.mktemp("site")
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(built)],
                       cwd=ROOT, check=True, capture_output=True)
    return built


@pytest.fixture(scope="module")
def base_url(site_dir):
    server = start(str(site_dir))
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=20) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=20) as response:
        return response.read().decode("utf-8")


def outside_code(markdown: str) -> str:
    return re.sub(r"^(```|~~~).*?^(```|~~~)[ \t]*$", "", markdown, flags=re.S | re.M)


def link_targets(markdown: str) -> list[str]:
    return [next(g for g in m.groups() if g) for m in LINK_TARGET.finditer(outside_code(markdown))]


def crawl(base_url: str, documents: list[str]) -> tuple[int, int, list[str]]:
    """Fetch each document over HTTP, resolve every local link in it, and fetch each target once.
    Returns (links, distinct targets, broken links)."""
    sources: dict[str, str] = {}
    links = 0
    for document in documents:
        for target in link_targets(get(document)):
            url = urljoin(document, target).split("#")[0]
            if url.startswith(base_url):
                links += 1
                sources.setdefault(url, f"{document} -> {target}")
    with ThreadPoolExecutor(8) as pool:
        codes = dict(zip(sources, pool.map(status, sources)))
    return links, len(sources), [f"{code}: {sources[url]}" for url, code in codes.items() if code != 200]


def test_every_link_in_every_served_markdown_page_answers(base_url):
    pages = [base_url + page_url(rel) + "index.md" for rel, _ in PAGES]
    links, targets, broken = crawl(base_url, pages)
    print(f"\n{links} local links ({targets} distinct targets) in {len(pages)} served Markdown pages, "
          f"{len(broken)} broken")
    assert links > 500 and targets > len(PAGES) / 2 and not broken, broken[:20]


def test_every_link_in_llms_txt_and_llms_full_answers(base_url):
    lists = [base_url + "llms.txt", base_url + "llms-full.txt"] + [
        urljoin(base_url, t) for t in link_targets(get(base_url + "llms.txt")) if t.endswith(".txt")]
    _, targets, broken = crawl(base_url, lists)
    assert targets > 2 * len(PAGES) and not broken, broken[:20]
    listed = get(base_url + "llms.txt")
    assert "verify/results.json" in listed and "127.0.0.1" not in listed
    assert not re.search(r"\]\((?:https?:)?//", listed), "without SITE_URL, llms.txt links are relative"


def test_served_markdown_keeps_front_matter_and_rewrites_sibling_links(base_url):
    rel = next(r for r, m in PAGES if m["id"] == "lecture.4.10")
    served = get(base_url + page_url(rel) + "index.md")
    assert served.startswith("---\nid: lecture.4.10\n")
    assert "[§4.8](../4-8/index.md)" in served and "](4-8.md)" not in served


def test_llms_full_keeps_each_pages_provenance(site_dir):
    full = (site_dir / "llms-full.txt").read_text(encoding="utf-8")
    blocks = full.split("\n<!-- ")[1:]
    assert len(blocks) == len(PAGES)
    for (rel, meta), block in zip(PAGES, blocks):
        assert block.startswith(f"{meta['id']} · "), block[:80]
        provenance = block.split("```yaml\n", 1)[1].split("\n```\n", 1)[0]
        assert f"id: {meta['id']}" in provenance and "source:" in provenance and "evidence:" in provenance


def test_page_json_carries_urls_sections_and_consistent_counts(site_dir, base_url):
    missing_sections = []
    for rel, meta in PAGES:
        json_url = base_url + f"verify/{meta['id']}.json"
        data = json.loads(get(json_url))
        assert urljoin(json_url, data["url"]) == base_url + page_url(rel)
        assert urljoin(json_url, data["markdown_url"]) == base_url + page_url(rel) + "index.md"
        assert urljoin(json_url, data["json_url"]) == json_url
        assert data["numbers"]["cited"] == sum(c["numbers"] for c in data["cited"]), meta["id"]
        html = (site_dir / page_url(rel) / "index.html").read_text(encoding="utf-8")
        for claim in data["claims"]:
            anchor = claim["section"]
            if anchor and f'id="{anchor[1:]}"' not in html:
                missing_sections.append(f"{meta['id']} claim {claim['index']}: {anchor}")
    assert not missing_sections, missing_sections[:10]
    sample = json.loads((site_dir / "verify" / "lecture.4.10.json").read_text(encoding="utf-8"))
    sections = {c["key"]: c["section"] for c in sample["claims"]}
    assert sections["residual[0]"] == "#第一行走一遍" and sections["Z[0]"] == "#第二次-add--norm"


def test_results_json_is_linked_from_every_page(site_dir):
    for rel, _ in PAGES:
        html = (site_dir / page_url(rel) / "index.html").read_text(encoding="utf-8")
        assert re.search(r'href="(?:\.\./)*verify/results\.json"', html), rel


# --------------------------------------------------------------------------- SITE_URL

def test_llms_txt_follows_site_url(tmp_path, monkeypatch):
    monkeypatch.setenv("SITE_URL", "https://kb.example.org/nlp")
    config = {"site_name": "站名", "site_description": "说明。"}
    topics = {rel: page_url(rel) for rel, _ in PAGES}
    agent.write_llms(config, tmp_path, ROOT / "docs", PAGES, topics)
    listed = (tmp_path / "llms.txt").read_text(encoding="utf-8")
    lists = "".join(p.read_text(encoding="utf-8") for p in sorted((tmp_path / "llms").glob("*-*.txt")))
    lists += (tmp_path / "llms" / "topic.txt").read_text(encoding="utf-8")
    urls = re.findall(r"\]\(([^)]+)\)", listed + lists)
    assert len(urls) >= 2 * len(PAGES) and all(u.startswith("https://kb.example.org/nlp/") for u in urls), \
        [u for u in urls if not u.startswith("https://kb.example.org/nlp/")][:5]
    assert "https://kb.example.org/nlp/verify/results.json" in listed
    full = (tmp_path / "llms-full.txt").read_text(encoding="utf-8")
    assert "](https://kb.example.org/nlp/lecture/ch04/4-8/index.md)" in full and "127.0.0.1" not in full


def test_page_urls_follow_site_url(monkeypatch):
    rel = next(r for r, m in PAGES if m["id"] == "lecture.4.10")
    data = {"page": "lecture.4.10", "claims": []}
    monkeypatch.delenv("SITE_URL", raising=False)
    relative = agent.page_json(data, rel, "")
    assert relative["url"] == "../lecture/ch04/4-10/" and relative["json_url"] == "lecture.4.10.json"
    monkeypatch.setenv("SITE_URL", "https://kb.example.org/")
    absolute = agent.page_json(data, rel, "")
    assert absolute["markdown_url"] == "https://kb.example.org/lecture/ch04/4-10/index.md"
    assert urlsplit(absolute["json_url"]).path == "/verify/lecture.4.10.json"


def test_link_rewriting_cases():
    topics = {"lecture/ch04/4-8.md": "lecture/ch04/4-8/", "primer/ch13/13-3.md": "primer/ch13/13-3/"}
    agent.SERVED_PAGES.update({"about/kernels.md": "about/kernels/", "index.md": ""})
    text = ("[a](4-8.md#sec) [b](../../primer/ch13/13-3.md) [c](../../about/kernels.md) "
            "[d](https://example.org/x.md) [e](#local) <a href=\"../../llms.txt\">f</a>\n"
            "```\n[g](4-8.md)\n```\n[h]: 4-8.md\n")
    out = agent.rewrite_links(text, "lecture/ch04/4-10.md", "lecture/ch04/4-10", topics)
    assert "[a](../4-8/index.md#sec)" in out and "[b](../../../primer/ch13/13-3/index.md)" in out
    assert "[c](../../../about/kernels/)" in out and "[d](https://example.org/x.md)" in out
    assert "[e](#local)" in out and 'href="../../../llms.txt"' in out
    assert "```\n[g](4-8.md)\n```" in out and "[h]: ../4-8/index.md" in out


def test_every_link_in_every_served_lab_markdown_answers(base_url):
    """The notebook pages' Markdown sits one folder below its source (labs/<route>/index.md for labs/<route>.md):
    its header links (the .ipynb, the results file, the labs index) must resolve from there."""
    from sitegen.labs import notebooks
    pages = [base_url + f"labs/{path.stem}/index.md" for path in notebooks()]
    links, _, broken = crawl(base_url, pages)
    assert pages and links >= 2 * len(pages) and not broken, broken[:20]
